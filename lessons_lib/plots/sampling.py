"""Figures for Monte Carlo CFR: how noisy one sample is, and what a run costs to get anywhere.

The sampling schemes are series, not players, so they never take a player's colour (nor chance's
green, nor the colour of an exact algorithm): :data:`SCHEME_COLOURS` gives each scheme one colour,
the same in every figure of the chapter. Exact runs drawn for reference (CFR, CFR+) keep the
book's colour for their algorithm (:func:`lessons_lib.plots.style.algorithm_colour`), dashed.

Runs are read through their checkpoints (:class:`lessons_lib.mccfr.SampledCheckpoint`), which
carry both
cost measures: the nodes touched, reproducible, and the training wall time, which depends on the
machine. :func:`nodes_to_reach` and :func:`exploitability_within` read a run the way the chapter's
tables do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.figure import Figure

from lessons_lib.mccfr.engine import SampledCheckpoint
from lessons_lib.plots.style import REFERENCE_COLOUR, algorithm_colour, new_figure
from lessons_lib.sums import sum_of_products
from lessons_lib.validation import (
    as_finite_vector,
    check_number,
    describe,
    list_of,
    mapping_of,
)

#: One colour per sampling scheme (Paul Tol's indigo, olive and rose): none is a player's, chance's
#: or an algorithm's colour of :data:`~lessons_lib.plots.style.ALGORITHM_COLOURS`.
SCHEME_COLOURS: dict[str, str] = {"chance": "#332288", "external": "#999933", "outcome": "#CC6677"}

#: Line styles of the exact reference runs, in order.
REFERENCE_STYLES = ("--", ":", "-.")

#: Two sampled values closer than this are one value of the distribution.
VALUE_RESOLUTION = 1e-12


def scheme_colour(scheme: str) -> str:
    """The colour of ``scheme`` ("chance", "external" or "outcome")."""
    if scheme not in SCHEME_COLOURS:
        raise ValueError(
            f"unknown sampling scheme {scheme!r}; expected one of {list(SCHEME_COLOURS)}"
        )
    return SCHEME_COLOURS[scheme]


def reference_colour(name: str) -> str:
    """The colour of an exact reference run: its algorithm's (``"CFR+"``: CFR+'s), else grey."""
    return algorithm_colour(name) or REFERENCE_COLOUR


def discrete_distribution(
    values: Sequence[float], probabilities: Sequence[float]
) -> tuple[np.ndarray, np.ndarray]:
    """The distribution of a sampled quantity: its distinct values (sorted) and their probabilities.

    ``values[k]`` is what sample k gives and ``probabilities[k]`` how likely sample k is; equal
    values (within :data:`VALUE_RESOLUTION`) are merged and their probabilities added. The
    probabilities must be non-negative and sum to 1.
    """
    x = as_finite_vector(values, "sampled values")
    p = as_finite_vector(probabilities, "sample probabilities", x.size)
    if np.any(p < 0):
        raise ValueError(f"sample probabilities must be non-negative, got {probabilities!r}")
    if abs(p.sum() - 1.0) > 1e-9:
        raise ValueError(f"sample probabilities must sum to 1, they sum to {p.sum()!r}")
    order = np.argsort(x, kind="stable")
    x, p = x[order], p[order]
    starts = np.concatenate([[True], np.diff(x) > VALUE_RESOLUTION])
    groups = np.cumsum(starts) - 1
    return x[starts], np.bincount(groups, weights=p)


def sampled_estimates_figure(
    samples: Mapping[str, tuple[Sequence[float], Sequence[float]]],
    exact: float,
    quantity: str = "sampled regret",
    title: str = "One walk's estimate: right on average, noisy one at a time",
) -> Figure:
    """The distribution of one walk's estimate under each scheme, beside the exact value.

    ``samples`` maps a scheme to ``(values, probabilities)`` over every possible walk (see
    :func:`discrete_distribution`). Each panel draws the distribution as stems on a log axis of
    probability, so that rare values stay visible, with the exact value as a grey dashed line and
    the distribution's mean as a black triangle; all panels share both axes, so the spreads
    compare directly.
    """
    if not isinstance(samples, Mapping) or not samples:
        raise ValueError(f"samples must map schemes to (values, probabilities), got {samples!r}")
    exact = check_number(exact, "exact")
    distributions = {name: discrete_distribution(*pair) for name, pair in samples.items()}
    # At most 8.9 inches wide, so the page shows it at 100 dpi and its smallest text (7-pt
    # superscripts of the log axis) at 9 CSS px or more.
    figure, axes = new_figure(min(2.95 * len(samples), 8.9), 4.0, ncols=len(samples))
    low = min(exact, *(x.min() for x, _ in distributions.values()))
    high = max(exact, *(x.max() for x, _ in distributions.values()))
    margin = 0.08 * (high - low or 1.0)
    smallest = min(p[p > 0].min() for _, p in distributions.values())
    floor = 10.0 ** np.floor(np.log10(smallest) - 0.5)
    for ax, (name, (x, p)) in zip(axes, distributions.items(), strict=True):
        colour = scheme_colour(name)
        mean = sum_of_products(x, p)
        spread = float(np.sqrt(sum_of_products(p, (x - mean) ** 2)))
        shown = p > 0
        ax.set_yscale("log")
        ax.vlines(x[shown], floor, p[shown], color=colour, linewidth=2.2)
        ax.plot(x[shown], p[shown], "o", color=colour, markersize=5, label="one walk's value")
        ax.axvline(
            exact, color=REFERENCE_COLOUR, linestyle="--", linewidth=1.3, zorder=3, label="exact"
        )
        ax.plot([mean], [floor], "^", color="black", markersize=9, clip_on=False, zorder=4)
        ax.plot([], [], "^", color="black", label="mean of the walks")
        ax.set_xlim(low - margin, high + margin)
        ax.set_ylim(floor, 1.6)
        ax.set_xlabel(quantity, fontsize=9)
        ax.set_ylabel("probability (log scale)", fontsize=9)
        ax.set_title(f"{name} sampling: SD {spread:.2f}\n({x.size} values)", fontsize=9)
    handles, labels = axes[0].get_legend_handles_labels()
    figure.legend(handles, labels, loc="outside lower center", ncols=len(labels), fontsize=8)
    figure.suptitle(title, fontsize=11)
    return figure


def cost_curves_figure(
    runs: Mapping[str, Sequence[Sequence[SampledCheckpoint]]],
    references: Mapping[str, Sequence[SampledCheckpoint]] | None = None,
    time_label: str = "training wall time (s, this machine)",
    title: str = "Exploitability against the cost of training",
) -> Figure:
    """Log-log exploitability of the average strategy against nodes touched (left) and wall time.

    ``runs`` maps a scheme to its runs (one list of checkpoints per seed); each seed is one thin
    line in the scheme's colour. ``references`` maps a name ("CFR", "CFR+") to one run's
    checkpoints, drawn in the algorithm's colour (grey for a name that is no algorithm of the
    book), each in its own line style. Checkpoints with zero exploitability are left out, since a
    log axis cannot show them.
    """
    if not isinstance(runs, Mapping) or not runs:
        raise ValueError(f"runs must map schemes to lists of runs, got {runs!r}")
    references = dict(references or {})
    # 8.9 inches: shown at full size, so 7-pt superscripts read at 9.7 CSS px.
    figure, (nodes_ax, time_ax) = new_figure(8.9, 4.6, ncols=2)
    for name, seeds in runs.items():
        colour = scheme_colour(name)
        if not seeds:
            raise ValueError(f"scheme {name!r} has no runs")
        for k, run in enumerate(seeds):
            nodes, seconds, values = _cost_curve(f"{name} run {k}", run)
            label = f"{name} sampling ({len(seeds)} seeds)" if k == 0 else None
            for ax, x in ((nodes_ax, nodes), (time_ax, seconds)):
                ax.loglog(x, values, color=colour, linewidth=1.0, alpha=0.8, label=label)
    for k, (name, run) in enumerate(references.items()):
        nodes, seconds, values = _cost_curve(name, run)
        style = REFERENCE_STYLES[k % len(REFERENCE_STYLES)]
        colour = reference_colour(name)
        for ax, x in ((nodes_ax, nodes), (time_ax, seconds)):
            ax.loglog(x, values, color=colour, linestyle=style, linewidth=1.8, label=name)
    nodes_ax.set_xlabel("nodes touched (histories entered)", fontsize=9)
    time_ax.set_xlabel(time_label, fontsize=9)
    for ax in (nodes_ax, time_ax):
        ax.set_ylabel("exploitability of the average\n(chips per hand)", fontsize=9)
    nodes_ax.set_title("cost in nodes touched (reproducible)", fontsize=9)
    time_ax.set_title("cost in wall time (varies by machine)", fontsize=9)
    nodes_ax.legend(fontsize=8, loc="lower left")
    figure.suptitle(title, fontsize=11)
    return figure


def nodes_to_target_figure(
    sizes: Sequence[int],
    runs: Mapping[str, Sequence[Sequence[int]]],
    references: Mapping[str, Sequence[int]],
    target: float,
    size_label: str = "histories in the tree",
    title: str | None = None,
    cost_label: str = "nodes touched to get there",
) -> Figure:
    """Nodes touched to reach exploitability ``target``, against the size of the game (log-log).

    ``sizes[j]`` is the size of game j. ``runs`` maps a scheme to, for each game, the nodes each
    seed needed: one dot per seed, and a line through the medians. ``references`` maps an exact
    algorithm's name to the nodes it needed on each game, drawn dashed in the algorithm's colour.
    Any other positive cost (wall time, say) can take the place of the nodes: ``cost_label``
    names it on the vertical axis.
    """
    x = as_finite_vector(sizes, "sizes")
    if np.any(x <= 0):
        raise ValueError(f"sizes must be positive for a log axis, got {sizes!r}")
    if not isinstance(runs, Mapping) or not runs:
        raise ValueError(f"runs must map schemes to nodes per game and seed, got {describe(runs)}")
    mapping_of(references, "references")
    target = check_number(target, "target", minimum=0.0, open_minimum=True)
    figure, (ax,) = new_figure(7.6, 4.8)
    for name, per_game in runs.items():
        colour = scheme_colour(name)
        per_game = list_of(per_game, f"runs[{name!r}]")
        if len(per_game) != x.size:
            raise ValueError(f"scheme {name!r} has {len(per_game)} games of nodes, not {x.size}")
        medians = []
        for size, seeds in zip(x, per_game, strict=True):
            nodes = _positive(seeds, f"nodes of scheme {name!r}")
            ax.plot(np.full(nodes.size, size), nodes, "o", color=colour, markersize=4, alpha=0.6)
            medians.append(np.median(nodes))
        ax.loglog(x, medians, color=colour, linewidth=1.8, label=f"{name} sampling (median)")
    for k, (name, nodes) in enumerate(references.items()):
        values = _positive(nodes, f"nodes of {name!r}")
        if values.size != x.size:
            raise ValueError(f"{name!r} has {values.size} games of nodes, not {x.size}")
        style = REFERENCE_STYLES[k % len(REFERENCE_STYLES)]
        ax.loglog(
            x,
            values,
            color=reference_colour(name),
            linestyle=style,
            marker="s",
            markersize=4,
            label=name,
        )
    ax.set_xlabel(size_label)
    ax.set_ylabel(cost_label)
    ax.set_title(title or f"Nodes touched to reach exploitability {target:g}", fontsize=11)
    ax.legend(fontsize=8, loc="upper left")
    return figure


def nodes_to_reach(history: Sequence[SampledCheckpoint], target: float) -> int | None:
    """The nodes touched at the first checkpoint whose exploitability is at most ``target``.

    ``None`` if no checkpoint gets there. The answer is only as fine as the checkpoints.
    """
    _check_history("history", history)
    target = check_number(target, "target")
    for checkpoint in history:
        if checkpoint.average_exploitability <= target:
            return checkpoint.nodes_touched
    return None


def exploitability_within(history: Sequence[SampledCheckpoint], budget: float) -> float:
    """The exploitability at the last checkpoint that fits in ``budget`` nodes touched.

    What a run would report if it had to stop on the budget, at the last measurement before it ran
    out. A budget smaller than the first checkpoint's cost raises ``ValueError``.
    """
    _check_history("history", history)
    budget = check_number(budget, "budget")
    within = [c for c in history if c.nodes_touched <= budget]
    if not within:
        raise ValueError(
            f"the budget {budget!r} is below the first checkpoint's "
            f"{history[0].nodes_touched} nodes"
        )
    return within[-1].average_exploitability


def _check_history(name: str, history: Sequence[SampledCheckpoint]) -> None:
    entries = list_of(history, name)
    if not entries or not all(isinstance(c, SampledCheckpoint) for c in entries):
        raise ValueError(
            f"{name} must be a non-empty list of MCCFR checkpoints, got {describe(history)}"
        )


def _cost_curve(name: str, history: Sequence[SampledCheckpoint]) -> tuple[np.ndarray, ...]:
    _check_history(f"run {name!r}", history)
    nodes = np.array([c.nodes_touched for c in history], dtype=float)
    seconds = np.array([c.seconds for c in history], dtype=float)
    values = np.array([c.average_exploitability for c in history], dtype=float)
    if not np.all(np.isfinite(values)):
        raise ValueError(f"run {name!r} has a non-finite exploitability")
    keep = (values > 0) & (seconds > 0)
    return nodes[keep], seconds[keep], values[keep]


def _positive(values: Sequence[float], name: str) -> np.ndarray:
    array = as_finite_vector(values, name)
    if np.any(array <= 0):
        raise ValueError(f"{name} must be positive for a log axis, got {values!r}")
    return array
