"""Figures of Chapter 10: what an abstraction costs, in and out of the abstraction.

- :func:`action_abstraction_figure`  the exploitability of a river's abstract strategy, in percent
  of the pot, against the number of bet sizes of its menu: within the abstraction, and in the
  river with a fine grid of sizes (off-menu bets translated), log axis
- :func:`card_abstraction_figure`    the exploitability of a card abstraction's solution, in chips
  per hand, against the number of buckets, per bucketing method: within the abstraction and in
  the real game, log axis, with each pathology of Waugh et al. (2009) ringed

Methods and menus are not players, so their colours come from ``SERIES_COLOURS``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from matplotlib.figure import Figure

from lessons_lib.abstraction.actions import ActionAbstraction
from lessons_lib.abstraction.measurement import AbstractionMeasurement, Pathology
from lessons_lib.plots.style import REFERENCE_COLOUR, SERIES_COLOURS, new_figure
from lessons_lib.validation import (
    as_finite_vector,
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
    """A bet menu as a tick label: ``"35%, 150%"``, or ``"N sizes"`` for more than three."""
    if isinstance(sizes, (str, bytes)):
        raise ValueError(f"sizes must be a list of pot fractions, got {describe(sizes)}")
    sizes = as_finite_vector(sizes, "sizes")
    if sizes.min() <= 0:
        raise ValueError(f"sizes must be positive pot fractions, got {describe(sizes)}")
    if len(sizes) > 3:
        return f"{len(sizes)} sizes"
    return ", ".join(f"{100 * s:.0f}%" for s in sizes)


def action_abstraction_figure(
    measured: Sequence[ActionAbstraction],
    title: str = "Action abstraction of a river: off-menu bets cost",
) -> Figure:
    """Real and in-abstraction exploitability (percent of the pot, log axis) of each menu of
    ``measured``, in order, one tick per menu labelled by its sizes (all-in is on every menu)."""
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
    sweeps: Mapping[str, Sequence[AbstractionMeasurement]],
    marked: Sequence[Pathology] = (),
    title: str = "Card abstraction of Leduc poker: finer is not always better",
) -> Figure:
    """Per method of ``sweeps``, the real (solid) and in-abstraction (dashed) exploitability in
    chips per hand against the buckets, log axis; every pathology of ``marked`` is ringed at its
    finer abstraction and joined to its coarser one."""
    if not mapping_of(sweeps, "sweeps"):
        raise ValueError("sweeps must hold at least one method's measurements")
    for method, rows in sweeps.items():
        if not isinstance(method, str):
            raise ValueError(f"sweeps must be keyed by method names, got {describe(method)}")
        if isinstance(rows, (list, tuple)) and not rows:
            raise ValueError(f"the method {method!r} has no measurements")
        where = f"sweeps[{describe(method, 40)}]"
        for m in non_empty_list_of(rows, AbstractionMeasurement, where):
            if not all(
                is_number(v) and v >= 0 for v in (m.real_exploitability, m.abstract_exploitability)
            ):
                raise ValueError(f"{where} must hold finite exploitabilities, got {describe(m)}")
    if not (isinstance(marked, (list, tuple)) and all(isinstance(p, Pathology) for p in marked)):
        raise ValueError(f"marked must be a list of Pathology, got {describe(marked)}")
    figure, (ax,) = new_figure(6.8, 4.3)
    for method, rows in sweeps.items():
        colour = METHOD_COLOURS.get(method, SERIES_COLOURS[3])
        marker = METHOD_MARKERS.get(method, "o")
        buckets = [m.buckets for m in rows]
        ax.semilogy(
            buckets,
            [m.real_exploitability for m in rows],
            f"{marker}-",
            color=colour,
            lw=2,
            label=f"{method}: real",
        )
        ax.semilogy(
            buckets,
            [m.abstract_exploitability for m in rows],
            f"{marker}--",
            color=colour,
            lw=1,
            label=f"{method}: within the abstraction",
        )
    for k, p in enumerate(marked):
        ax.plot(
            [p.coarse.buckets, p.fine.buckets],
            [p.coarse.real_exploitability, p.fine.real_exploitability],
            color="black",
            lw=1,
            zorder=3,
        )
        ax.plot(
            p.fine.buckets,
            p.fine.real_exploitability,
            "o",
            ms=16,
            mfc="none",
            mec="black",
            mew=1.5,
            label="pathology (black step): finer, more exploitable" if k == 0 else None,
        )
    ax.set_xlabel("buckets per round")
    ax.set_ylabel("exploitability (chips per hand)")
    ax.set_title(title)
    ax.legend(loc="center left")
    return figure
