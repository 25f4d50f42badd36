"""Figures of Chapter 11: subgame solving, unsafe and safe, measured in the whole game.

- :func:`coin_toss_resolving_figure`  the coin toss of Brown and Sandholm (2017): for every
  probability g' with which player 2 might guess heads after re-solving, its value inside the
  subgame under the blueprint's beliefs (left) and the exploitability of the whole strategy
  (right), with the choices of the methods marked
- :func:`unsafe_resolving_figure`     exploitability after unsafe re-solving against before, one
  point per blueprint (every subgame at once) and per blueprint and subgame (one alone), log axes
  with the diagonal of no change
- :func:`safe_resolving_figure`       the relative change of exploitability that each safe
  method brings, against the blueprint's exploitability (log axis), one line per method

Numbers are given, never computed here, so that a figure draws exactly its data. Methods are not
players, so their colours (:data:`RESOLVE_COLOURS`, Paul Tol's) are no player's, chance's or
algorithm's; each method also has its own marker.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.colors import is_color_like
from matplotlib.figure import Figure

from lessons_lib.plots.style import PLAYER_COLOURS, REFERENCE_LINE, SERIES_COLOURS, new_figure
from lessons_lib.validation import as_finite_vector, check_instance, describe, list_of, mapping_of

#: The colour of each re-solving method (Paul Tol's rose, indigo, cyan, olive and wine).
RESOLVE_COLOURS = {
    "unsafe": "#CC6677",
    "resolve": "#332288",
    "reach-resolve": "#88CCEE",
    "maxmargin": "#999933",
    "reach-maxmargin": "#882255",
}
#: The marker of each re-solving method, so that methods differ in shape as well as colour.
RESOLVE_MARKERS = {
    "unsafe": "o",
    "resolve": "s",
    "reach-resolve": "D",
    "maxmargin": "^",
    "reach-maxmargin": "v",
}
#: The line styles of the marks of :func:`coin_toss_resolving_figure`, in order.
MARK_STYLES = ("--", "-.", (0, (4, 1.5)), ":", (0, (5, 2, 1, 2)), (0, (1, 1)))
#: The marks' colours when none are given: grey, then the methods' colours.
MARK_COLOURS = ("#6E6E6E", *RESOLVE_COLOURS.values())


def _vectors(values: Mapping[str, object], length: int | None = None) -> dict[str, np.ndarray]:
    """Each entry of ``values`` (name -> numbers) as a finite vector, all of one length."""
    found = {name: as_finite_vector(v, name) for name, v in values.items()}
    lengths = {len(v) for v in found.values()} | ({length} if length is not None else set())
    if len(lengths) != 1 or 0 in lengths:
        sizes = {name: len(v) for name, v in found.items()}
        raise ValueError(f"the data must be non-empty and of one length, got lengths {sizes}")
    return found


def coin_toss_resolving_figure(
    guesses: object,
    subgame_value: object,
    exploitability: object,
    marks: Mapping[str, float],
    colours: Sequence[str] | None = None,
    title: str = "The coin toss: what the subgame sees, and what the whole game sees",
) -> Figure:
    """Two panels against ``guesses`` (player 2's probabilities of guessing heads, increasing,
    in [0, 1]): ``subgame_value`` (player 2's expected chips inside the subgame under the
    blueprint's beliefs, left, in player 2's colour) and ``exploitability`` (of the whole
    strategy, chips per hand, right). Each of ``marks`` (label -> a probability) is a vertical
    line across both panels in the colour of ``colours`` at its position (by default
    :data:`MARK_COLOURS`) and the line style of :data:`MARK_STYLES` at its position; one legend
    below."""
    check_instance(title, str, "title", "a string")
    data = _vectors(
        {"guesses": guesses, "subgame_value": subgame_value, "exploitability": exploitability}
    )
    x = data["guesses"]
    if np.any(np.diff(x) <= 0) or x[0] < 0.0 or x[-1] > 1.0:
        raise ValueError(f"guesses must increase within [0, 1], got {describe(guesses)}")
    if not mapping_of(marks, "marks") or len(marks) > len(MARK_STYLES):
        raise ValueError(f"marks must hold 1 to {len(MARK_STYLES)} probabilities, got {marks!r}")
    for label, g in marks.items():
        if not isinstance(label, str) or not (isinstance(g, (int, float)) and 0.0 <= g <= 1.0):
            raise ValueError(f"marks must map labels to probabilities, got {label!r}: {g!r}")
    chosen = list(MARK_COLOURS if colours is None else list_of(colours, "colours"))
    if len(chosen) < len(marks) or not all(map(is_color_like, chosen)):
        raise ValueError(f"colours must give a colour to each of the {len(marks)} marks")
    figure, (inside, whole) = new_figure(8.6, 4.4, ncols=2)
    inside.plot(x, data["subgame_value"], color=PLAYER_COLOURS[2], lw=2)
    whole.plot(x, data["exploitability"], color=SERIES_COLOURS[0], lw=2)
    for (label, g), colour, style in zip(marks.items(), chosen, MARK_STYLES, strict=False):
        for ax in (inside, whole):
            ax.axvline(g, color=colour, linestyle=style, lw=1.8, label=label)
    inside.set_title("inside the subgame, with the blueprint's beliefs", fontsize=11)
    inside.set_ylabel("player 2's expected chips")
    whole.set_title("in the whole game", fontsize=11)
    whole.set_ylabel("exploitability (chips per hand)")
    margin = 0.03 * float(x[-1] - x[0]) or 0.01  # a mark at either end stays visible
    for ax in (inside, whole):
        ax.set_xlabel("player 2 guesses heads with probability g'")
        ax.set_xlim(float(x[0]) - margin, float(x[-1]) + margin)
    figure.suptitle(title)
    handles, labels = inside.get_legend_handles_labels()
    figure.legend(handles, labels, loc="outside lower center", ncols=min(3, len(marks)))
    return figure


def unsafe_resolving_figure(
    blueprint: object,
    at_once: object,
    alone_blueprint: object,
    alone_after: object,
    title: str = "Unsafe re-solving on Leduc poker: after against before",
) -> Figure:
    """Exploitability after unsafe re-solving against before (chips per hand, both axes log):
    ``at_once[k]`` after re-solving every subgame of blueprint k (exploitability
    ``blueprint[k]``), large markers; ``alone_after[j]`` after re-solving one subgame alone of a
    blueprint of exploitability ``alone_blueprint[j]``, small hollow markers. Above the diagonal
    (no change), re-solving hurt."""
    check_instance(title, str, "title", "a string")
    together = _vectors({"blueprint": blueprint, "at_once": at_once})
    alone = _vectors({"alone_blueprint": alone_blueprint, "alone_after": alone_after})
    every = np.concatenate([*together.values(), *alone.values()])
    if np.any(every <= 0.0):
        raise ValueError("exploitabilities must be positive on the log axes")
    colour = RESOLVE_COLOURS["unsafe"]
    figure, (ax,) = new_figure(5.8, 5.0)
    ax.loglog(
        alone["alone_blueprint"],
        alone["alone_after"],
        "o",
        ms=4,
        mfc="none",
        mec=colour,
        mew=0.8,
        alpha=0.8,
        label="one subgame re-solved alone",
    )
    ax.loglog(
        together["blueprint"],
        together["at_once"],
        "o",
        ms=9,
        color=colour,
        mec="black",
        mew=0.8,
        label="all 15 subgames re-solved at once",
    )
    low, high = every.min() / 1.5, every.max() * 1.5
    ax.plot([low, high], [low, high], **REFERENCE_LINE, label="no change")
    ax.set_xlim(low, high)
    ax.set_ylim(low, high)
    ax.set_aspect("equal")
    ax.set_xlabel("blueprint's exploitability (chips per hand)")
    ax.set_ylabel("after unsafe re-solving (chips per hand)")
    ax.set_title(title)
    ax.text(0.04, 0.96, "above the diagonal: worse", transform=ax.transAxes, va="top")
    ax.legend(loc="lower right")
    return figure


def safe_resolving_figure(
    blueprint: object,
    changes: Mapping[str, object],
    title: str = "Safe re-solving on Leduc poker: every subgame at once",
) -> Figure:
    """The relative change of exploitability (in percent of the blueprint's) that each method of
    ``changes`` brings to each blueprint, ``changes[method][k]`` for the blueprint of
    exploitability ``blueprint[k]`` (log axis), one line per method in its colour and marker,
    the blueprints in order of exploitability; the line of no change dashed."""
    check_instance(title, str, "title", "a string")
    if not mapping_of(changes, "changes"):
        raise ValueError("changes must hold at least one method")
    unknown = [m for m in changes if m not in RESOLVE_COLOURS]
    if unknown:
        raise ValueError(f"unknown method {unknown[0]!r}; expected one of {list(RESOLVE_COLOURS)}")
    x = as_finite_vector(blueprint, "blueprint")
    if x.size == 0 or np.any(x <= 0.0):
        raise ValueError(f"blueprint must hold positive exploitabilities, got {describe(x)}")
    data = _vectors(dict(changes), len(x))
    order = np.argsort(x, kind="stable")
    figure, (ax,) = new_figure(6.8, 4.8)
    ax.axhline(0.0, **REFERENCE_LINE, label="no change")
    for method, relative in data.items():
        colour = RESOLVE_COLOURS[method]
        ax.semilogx(x[order], 100.0 * relative[order], "-", color=colour, lw=1, alpha=0.6)
        ax.semilogx(
            x[order],
            100.0 * relative[order],
            RESOLVE_MARKERS[method],
            color=colour,
            mec="black",
            mew=0.5,
            ms=7,
            label=method,
        )
    ax.set_xlabel("blueprint's exploitability (chips per hand)")
    ax.set_ylabel("change of exploitability (%)")
    ax.set_title(title)
    figure.legend(loc="outside lower center", ncols=3, fontsize=9)
    return figure
