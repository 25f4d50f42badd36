"""Figures of Chapter 10: what an abstraction costs, in and out of the abstraction.

- :func:`action_abstraction_figure`  the exploitability of a river's abstract strategy, in percent
  of the pot, against the number of bet sizes of its menu: within the abstraction, and in the
  river with a fine grid of sizes (off-menu bets translated), log axis
- :func:`card_abstraction_figure`    the exploitability of a card abstraction's solution, in chips
  per hand, against the number of buckets, per bucketing method and one panel per deck: within
  the abstraction and in the real game, log axis, with each pathology of Waugh et al. (2009) ringed

Methods and menus are not players, so their colours come from ``SERIES_COLOURS``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from lessons_lib.abstraction.actions import ActionAbstraction
from lessons_lib.abstraction.measurement import AbstractionMeasurement, Pathology
from lessons_lib.holdem.river import MAX_FRACTION
from lessons_lib.plots.style import REFERENCE_COLOUR, SERIES_COLOURS, new_figure
from lessons_lib.validation import (
    as_finite_vector,
    check_instance,
    check_integer,
    describe,
    is_number,
    mapping_of,
    non_empty_list_of,
)

#: The colour of each card-bucketing method: Paul Tol's wine and cyan, never a player's,
#: chance's or an algorithm's.
METHOD_COLOURS = {"strength": SERIES_COLOURS[4], "percentile": "#88CCEE"}
#: The marker of each card-bucketing method, so the two differ in shape as well as colour.
METHOD_MARKERS = {"strength": "o", "percentile": "^"}
#: The colour of the real exploitability in :func:`action_abstraction_figure`.
REAL_COLOUR = SERIES_COLOURS[0]


def menu_label(sizes: Sequence[float]) -> str:
    """A bet menu as a tick label: ``"35%, 150%"`` (smallest first), or ``"N sizes"`` for more
    than three; the sizes are distinct pot fractions, as a river's menu holds them."""
    if isinstance(sizes, (str, bytes)):
        raise ValueError(f"sizes must be a list of pot fractions, got {describe(sizes)}")
    sizes = np.sort(as_finite_vector(sizes, "sizes"))
    if sizes.min() <= 0 or sizes.max() > MAX_FRACTION or np.any(sizes[1:] == sizes[:-1]):
        raise ValueError(
            f"sizes must be distinct positive pot fractions of at most {MAX_FRACTION:g}, got "
            f"{describe(sizes)}"
        )
    if len(sizes) > 3:
        return f"{len(sizes)} sizes"
    return ", ".join(f"{100 * s:.0f}%" for s in sizes)


def action_abstraction_figure(
    measured: Sequence[ActionAbstraction],
    title: str = "Action abstraction of a river: off-menu bets cost",
) -> Figure:
    """Real and in-abstraction exploitability (percent of the pot, log axis) of each menu of
    ``measured``, in order, one tick per menu labelled by its sizes (all-in is on every menu)."""
    check_instance(title, str, "title", "a string")
    measured = non_empty_list_of(measured, ActionAbstraction, "measured")
    for m in measured:
        if not all(is_number(v) and v > 0 for v in (m.real_percent, m.abstract_percent)):
            raise ValueError(f"measured must hold positive exploitabilities, got {describe(m)}")
    figure, (ax,) = new_figure(6.8, 4.0)
    x = list(range(len(measured)))
    real = [m.real_percent for m in measured]
    inside = [m.abstract_percent for m in measured]
    ax.semilogy(x, real, "o-", color=REAL_COLOUR, lw=2, label="real: every size of the grid")
    ax.semilogy(x, inside, "s--", color=REFERENCE_COLOUR, lw=1.5, label="within the abstraction")
    for k, value in enumerate(real):
        ax.annotate(  # above and to the right, clear of the line that falls to the right
            f"{value:.2f}%", (k, value), textcoords="offset points", xytext=(7, 7), ha="left"
        )
    ax.set_xticks(x, [menu_label(m.sizes) for m in measured])
    ax.set_xlim(-0.4, len(measured) - 0.6)
    ax.set_ylim(min(inside) / 3, max(real) * 4)
    ax.set_xlabel("bet sizes of the abstraction (plus all-in)")
    ax.set_ylabel("exploitability (% of the pot)")
    ax.set_title(title)
    ax.legend(loc="upper right")  # the real curve falls to the right: the corner stays clear
    return figure


def card_abstraction_figure(
    decks: Mapping[int, Mapping[str, Sequence[AbstractionMeasurement]]],
    marked: Sequence[Pathology] = (),
    title: str = "Card abstraction of Leduc poker: finer is not always better",
) -> Figure:
    """One panel per deck of ``decks`` (its ranks to the sweeps of each method), side by side on
    one log axis of chips per hand: the real (solid) and in-abstraction (dashed) exploitability
    against the buckets. Every pathology of ``marked`` is ringed at its finer abstraction and
    joined to its coarser one, in the panel of its deck; one legend below the panels."""
    check_instance(title, str, "title", "a string")
    decks = _checked_sweeps(decks)
    marked = _checked_marked(marked, decks)
    figure, axes = new_figure(8.9, 4.1, ncols=len(decks))  # at most the column's width
    panels = dict(zip(decks, axes, strict=True))
    for ranks, ax in panels.items():
        for method, rows in decks[ranks].items():
            _card_curves(ax, method, rows)
        ax.set_xticks(_bucket_ticks(ranks))
        ax.set_xlim(0.5, ranks + 0.5)
        ax.set_title(f"{ranks} ranks ({2 * ranks} cards)", fontsize=11)
        ax.set_xlabel("buckets per round")
    for k, p in enumerate(marked):
        ax = panels[p.fine.bucketing.ranks]
        xs, ys = (
            [p.coarse.buckets, p.fine.buckets],
            [p.coarse.real_exploitability, p.fine.real_exploitability],
        )
        ax.plot(xs, ys, color="black", lw=1, zorder=3)
        ax.plot(
            xs[1],
            ys[1],
            "o",
            ms=14,
            mfc="none",
            mec="black",
            mew=1.5,
            zorder=3,
            label="pathology (black step): finer, more exploitable" if k == 0 else None,
        )
    low = min(m.abstract_exploitability for s in decks.values() for r in s.values() for m in r)
    high = max(m.real_exploitability for s in decks.values() for r in s.values() for m in r)
    for ax in axes:
        ax.set_ylim(low / 3, high * 3)
    for ax in axes[1:]:
        ax.sharey(axes[0])
        ax.tick_params(labelleft=False)
    axes[0].set_ylabel("exploitability (chips per hand)")
    figure.suptitle(title)
    handles, labels = [], []
    for ax in axes:
        for handle, label in zip(*ax.get_legend_handles_labels(), strict=True):
            if label not in labels:
                handles.append(handle)
                labels.append(label)
    figure.legend(handles, labels, loc="outside lower center", ncols=3, fontsize=9)
    return figure


def _checked_sweeps(decks: object) -> dict[int, dict[str, list[AbstractionMeasurement]]]:
    """``decks`` as ``{ranks: {method: measurements}}``, each list sorted by buckets, after
    checking that every measurement is filed under its own deck and method, once per bucket
    count (data under the wrong key was drawn in the wrong panel or curve)."""
    if not mapping_of(decks, "decks"):
        raise ValueError("decks must map each deck's ranks to its sweeps, got an empty mapping")
    checked: dict[int, dict[str, list[AbstractionMeasurement]]] = {}
    for ranks, sweeps in decks.items():
        check_integer(ranks, "a deck's ranks", minimum=1)
        if not mapping_of(sweeps, f"decks[{ranks}]"):
            raise ValueError(f"the sweeps of the {ranks}-rank deck must hold a method")
        checked[int(ranks)] = {}
        for method, rows in sweeps.items():
            if not isinstance(method, str):
                raise ValueError(f"sweeps must be keyed by method names, got {describe(method)}")
            if isinstance(rows, (list, tuple)) and not rows:
                raise ValueError(f"the method {method!r} has no measurements on {ranks} ranks")
            where = f"decks[{ranks}][{describe(method, 40)}]"
            measured = non_empty_list_of(rows, AbstractionMeasurement, where)
            for m in measured:
                if (m.bucketing.ranks, m.bucketing.method) != (ranks, method):
                    raise ValueError(
                        f"{where} holds a measurement of {m.bucketing!r}, filed under the wrong "
                        "deck or method"
                    )
            counts = [m.buckets for m in measured]
            if len(set(counts)) < len(counts):
                raise ValueError(f"{where} measures a bucket count twice: {describe(counts)}")
            checked[int(ranks)][method] = sorted(measured, key=lambda m: m.buckets)
    return checked


def _checked_marked(
    marked: object, decks: dict[int, dict[str, list[AbstractionMeasurement]]]
) -> list[Pathology]:
    """``marked`` as a list of pathologies, each between two measurements that are drawn."""
    if not (isinstance(marked, (list, tuple)) and all(isinstance(p, Pathology) for p in marked)):
        raise ValueError(f"marked must be a list of Pathology, got {describe(marked)}")
    for p in marked:
        if p.fine.bucketing.ranks not in decks:
            raise ValueError(f"the pathology {p!r} is on a deck that is not drawn")
        drawn = {_point(m) for rows in decks[p.fine.bucketing.ranks].values() for m in rows}
        if not {_point(p.coarse), _point(p.fine)} <= drawn:
            raise ValueError(f"marked holds a pathology between measurements not drawn: {p!r}")
    return list(marked)


def _point(m: AbstractionMeasurement) -> tuple[str, int, float, float]:
    """Where a measurement is drawn: its method's curves, at its buckets and exploitabilities."""
    return (m.bucketing.method, m.buckets, m.real_exploitability, m.abstract_exploitability)


def _card_curves(ax: Axes, method: str, rows: Sequence[AbstractionMeasurement]) -> None:
    """The real (solid) and in-abstraction (dashed) curves of one method on one deck."""
    colour = METHOD_COLOURS.get(method, SERIES_COLOURS[3])
    marker = METHOD_MARKERS.get(method, "o")
    buckets = [m.buckets for m in rows]
    real = [m.real_exploitability for m in rows]
    ax.semilogy(buckets, real, f"{marker}-", color=colour, lw=2, ms=5, label=f"{method}: real")
    inside = [m.abstract_exploitability for m in rows]
    label = f"{method}: within the abstraction"
    ax.semilogy(buckets, inside, f"{marker}--", color=colour, lw=1, ms=4, label=label)


def _bucket_ticks(ranks: int) -> list[int]:
    """Every bucket count up to 7 ranks; beyond, every other one, always with 1 and ``ranks``."""
    if ranks <= 7:
        return list(range(1, ranks + 1))
    return sorted({1, *range(ranks, 1, -2)})
