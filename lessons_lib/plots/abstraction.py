"""Figures of Chapter 10: what an abstraction costs, in and out of the abstraction.

- :func:`action_abstraction_figure`  the exploitability of a river's abstract strategy, in percent
  of the pot, against the number of bet sizes of its menu: within the abstraction, and in the
  river with a fine grid of sizes (off-menu bets translated), log axis
- :func:`card_abstraction_figure`    the exploitability of a card abstraction's solution, in chips
  per hand, against the number of buckets, per bucketing method and one panel per deck: within
  the abstraction and in the real game, log axis, with each pathology of Waugh et al. (2009) ringed
- :func:`bet_size_gain_figure`       what each off-menu bet size is worth to the best responders
  (percent of the pot) against the size, one curve per menu, one panel per group of menus
- :func:`abstraction_convergence_figure`  the real exploitability of a card abstraction's average
  strategy against the solver's iterations, one curve per bucket count, one panel per method

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
    list_of,
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


def bet_size_gain_figure(
    panels: Sequence[Mapping[tuple[float, ...], Sequence[tuple[float, float]]]],
    titles: Sequence[str],
    title: str = "What each bet size off the menu is worth to the best responder",
) -> Figure:
    """One panel per mapping of ``panels`` (titled by ``titles``), each mapping a menu's sizes
    to its ``(size, gain)`` pairs (:func:`~lessons_lib.abstraction.actions.gain_by_size`): the
    gain in percent of the pot against the bet size, one curve per menu, the menus' own sizes
    ticked on the size axis. The k-th menu of every panel has the k-th colour."""
    check_instance(title, str, "title", "a string")
    if isinstance(titles, str) or not isinstance(titles, Sequence):
        raise ValueError(f"titles must be a list of strings, got {describe(titles)}")
    panels = non_empty_list_of(panels, Mapping, "panels")
    if len(titles) != len(panels) or not all(isinstance(t, str) for t in titles):
        raise ValueError(f"titles must hold one string per panel, got {describe(titles)}")
    checked = [_checked_gains(panel) for panel in panels]
    figure, axes = new_figure(8.9, 4.4, ncols=len(panels))
    for ax, panel, name in zip(axes, checked, titles, strict=True):
        for k, (menu, gains) in enumerate(panel.items()):
            colour = SERIES_COLOURS[k % len(SERIES_COLOURS)]
            sizes = [100 * x for x, _ in gains]
            ax.plot(
                sizes,
                [g for _, g in gains],
                "o-",
                color=colour,
                lw=1.5,
                ms=3,
                label=menu_label(menu),
            )
            ax.plot([100 * x for x in menu], [0.0] * len(menu), "|", color=colour, ms=14, mew=2)
        ax.set_title(name, fontsize=11)
        ax.set_xlabel("bet size (% of the pot)")
        ax.set_ylim(bottom=0.0)
        ax.legend(  # below the panel: the curves peak anywhere
            title="menu (+ all-in), its sizes ticked on the axis",
            loc="upper center",
            bbox_to_anchor=(0.5, -0.2),
            fontsize=9,
            title_fontsize=9,
            ncols=len(panel),
        )
    axes[0].set_ylabel("gain of the size (% of the pot)")
    figure.suptitle(title)
    return figure


def abstraction_convergence_figure(
    curves: Mapping[str, Mapping[int, Sequence[tuple[int, float]]]],
    zoom: tuple[str, Sequence[int]] | None = None,
    zoom_from: int = 40,
    title: str = "Real exploitability while CFR+ solves each abstraction",
) -> Figure:
    """One panel per method of ``curves`` (method -> bucket count -> ``(iterations, real
    exploitability)`` pairs, iterations increasing): the real exploitability (chips per hand)
    against the iterations, log axes, one curve per bucket count, coloured by the count. ``zoom``,
    a method and some of its bucket counts, adds a last panel with those curves from ``zoom_from``
    iterations on, on a linear axis of exploitability, where small rises show."""
    check_instance(title, str, "title", "a string")
    zoom_from = check_integer(zoom_from, "zoom_from", minimum=1)
    if not mapping_of(curves, "curves"):
        raise ValueError("curves must map each method to its curves, got an empty mapping")
    checked = {
        str(method): {
            check_integer(b, "a bucket count", minimum=1): _checked_points(
                points, f"curves[{method!r}][{b}]"
            )
            for b, points in sorted(mapping_of(per, f"curves[{method!r}]").items())
        }
        for method, per in curves.items()
    }
    counts = sorted({b for per in checked.values() for b in per})
    panels = [(method, per, True) for method, per in checked.items()]
    if zoom is not None:
        method, chosen = _checked_zoom(zoom, checked)
        late = {b: [p for p in checked[method][b] if p[0] >= zoom_from] for b in chosen}
        if not all(late.values()):
            raise ValueError(f"zoom_from={zoom_from} leaves a zoomed curve without a point")
        panels.append((f"{method}, from {zoom_from} iterations", late, False))
    figure, axes = new_figure(8.9, 4.2, ncols=len(panels))
    for ax, (name, per, logarithmic) in zip(axes, panels, strict=True):
        for buckets, points in per.items():
            colour = SERIES_COLOURS[counts.index(buckets) % len(SERIES_COLOURS)]
            xs, ys = zip(*points, strict=True)
            ax.plot(xs, ys, "-", color=colour, lw=1.8, label=f"{buckets}")
        ax.set_xscale("log")
        ax.set_yscale("log" if logarithmic else "linear")
        ax.set_title(name, fontsize=11)
        ax.set_xlabel("CFR+ iterations")
    log_axes = [ax for ax, (_, _, logarithmic) in zip(axes, panels, strict=True) if logarithmic]
    for ax in log_axes[1:]:
        ax.sharey(log_axes[0])
        ax.tick_params(labelleft=False)
    axes[0].set_ylabel("real exploitability (chips per hand)")
    figure.suptitle(title)
    handles, labels = axes[0].get_legend_handles_labels()
    figure.legend(handles, labels, title="buckets", loc="outside right center", fontsize=9)
    return figure


def _checked_zoom(
    zoom: object, curves: Mapping[str, Mapping[int, object]]
) -> tuple[str, list[int]]:
    """``zoom`` as a method of ``curves`` and a non-empty list of its bucket counts."""
    if not (isinstance(zoom, tuple) and len(zoom) == 2 and zoom[0] in curves):
        raise ValueError(f"zoom must be (a method of curves, bucket counts), got {describe(zoom)}")
    method, chosen = zoom
    chosen = list_of(chosen, "zoom's bucket counts")
    if not chosen or any(b not in curves[method] for b in chosen):
        raise ValueError(
            f"zoom's bucket counts must be drawn for {method!r}, got {describe(chosen)}"
        )
    return method, chosen


def _checked_gains(panel: object) -> dict[tuple[float, ...], list[tuple[float, float]]]:
    """One panel's menus (distinct pot fractions) with their non-empty ``(size, gain)`` pairs."""
    checked = {}
    for menu, gains in mapping_of(panel, "a panel").items():
        menu_label(menu)  # checks the menu
        points = _checked_points(gains, f"the gains of menu {describe(menu)}")
        checked[tuple(menu)] = points
    if not checked:
        raise ValueError("every panel must hold at least one menu")
    return checked


def _checked_points(points: object, name: str) -> list[tuple[float, float]]:
    """``points`` as a non-empty list of finite ``(x, y)`` pairs with ``x`` increasing."""
    if isinstance(points, (str, bytes)) or not isinstance(points, Sequence) or not points:
        raise ValueError(f"{name} must be a non-empty list of (x, y) pairs, got {describe(points)}")
    array = (
        np.array([as_finite_vector(p, name) for p in points])
        if all(isinstance(p, Sequence) and len(p) == 2 for p in points)
        else None
    )
    if array is None or np.any(np.diff(array[:, 0]) <= 0):
        raise ValueError(f"{name} must be (x, y) pairs with x increasing, got {describe(points)}")
    return [(float(x), float(y)) for x, y in array]


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
