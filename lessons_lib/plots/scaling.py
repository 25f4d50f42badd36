"""Figures of Chapter 7: CFR+ on Leduc poker, and what an iteration costs as the game grows.

- :func:`exploitability_mbb_figure`  the exploitability of the average strategy in mbb/g against
  the iterations, log-log, for one or more runs, with grey reference slopes
- :func:`engine_comparison_figure`   seconds per iteration of each engine on a few games, as bars
  on a log axis, with the readable engine's factor written above the others
- :func:`cost_per_iteration_figure`  seconds per iteration against the number of histories and
  against the number of (information set, action) pairs, log-log, one fitted slope per engine
- :func:`memory_figure`              the numbers CFR stores (its two tables) beside the
  sequence-form payoff matrix, against the same two sizes, with fitted slopes

The tables these figures draw come from :mod:`lessons_lib.scaling`. Engines and storage schemes are
not players, so none of their colours is a player's (or chance's).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from lessons_lib.core.checkpoints import Checkpoint
from lessons_lib.plots.axes import label_exploitability_axes
from lessons_lib.plots.style import REFERENCE_COLOUR, SERIES_COLOURS, algorithm_colour, new_figure
from lessons_lib.scaling import BYTES_PER_FLOAT, log_log_slope
from lessons_lib.validation import check_instance, check_number, describe, list_of, mapping_of

#: The colour of each engine of :mod:`lessons_lib.cfr` in these figures.
#: Not the algorithms' colours (those mean CFR, CFR+, ... in every chapter) nor the players'.
ENGINE_COLOURS = {"readable": "#332288", "sequence-form": "#999933", "public-tree": "#88CCEE"}
#: What each engine is, for legends.
ENGINE_LABELS = {
    "readable": "readable (recursive walk)",
    "sequence-form": "sequence form",
    "public-tree": "public tree (ranges)",
}
#: Colours of runs of :func:`exploitability_mbb_figure` that name no algorithm, in order.
RUN_COLOURS = SERIES_COLOURS
#: The marker of each game family: circles for Kuhn poker, squares for Leduc poker.
FAMILY_MARKERS = {"kuhn_poker": "o", "leduc_poker": "s"}
#: The style of each family's fitted line: solid for Kuhn poker, dashed for Leduc poker.
FAMILY_LINESTYLES = {"kuhn_poker": "-", "leduc_poker": "--"}
#: What :func:`memory_figure` draws: (column of the memory table, label, colour).
MEMORY_SERIES = (
    ("table_entries", "CFR: regret and strategy tables", "#000000"),
    ("payoff_matrix_nonzeros", "LP: payoff matrix, nonzeros", "#E69F00"),
    ("payoff_matrix_entries", "LP: payoff matrix, dense", "#CC79A7"),
)
#: The two sizes the cost and memory figures plot against: (column, axis label).
SIZE_AXES = (
    ("histories", "histories |H|"),
    ("info_set_actions", r"information-set actions $\Sigma_I\,|A(I)|$"),
)


def exploitability_mbb_figure(
    runs: Mapping[str, Sequence[Checkpoint]],
    rates: Sequence[float] = (0.5, 1.0),
    title: str = "Exploitability of CFR+'s average strategy",
) -> Figure:
    """``epsilon(sigma_bar^T)`` in mbb/g (1000 times chips per hand) against T, log-log.

    ``runs`` maps a run's name to its checkpoints (``CFRResult.history`` or checkpoints read back
    from a file); runs are drawn in order, the first one thickest. Each exponent p of ``rates``
    adds a grey dashed reference line ``c T^(-p)`` through the first run's first checkpoint: it
    shows a slope, not a bound.
    """
    if not mapping_of(runs, "runs"):
        raise ValueError("runs must hold at least one run of checkpoints")
    for name, history in runs.items():
        for checkpoint in list_of(history, f"runs[{name!r}]"):
            check_instance(checkpoint, Checkpoint, f"every entry of runs[{name!r}]", "a Checkpoint")
    for rate in list_of(rates, "rates"):
        check_number(rate, "every entry of rates")
    figure, (ax,) = new_figure(6.8, 4.3)
    longest = 1.0
    for r, (name, history) in enumerate(runs.items()):
        if not history:
            raise ValueError(f"the run {name!r} has no checkpoints")
        iterations = np.array([c.iteration for c in history], dtype=float)
        mbb = 1000.0 * np.array([c.average_exploitability for c in history])
        keep = mbb > 0  # a log axis cannot show an exact zero
        ax.loglog(
            iterations[keep],
            mbb[keep],
            color=algorithm_colour(name) or RUN_COLOURS[r % len(RUN_COLOURS)],
            linewidth=2.4 if r == 0 else 1.4,
            linestyle="-" if r == 0 else (0, (4, 1.5)),
            label=name,
        )
        longest = max(longest, float(iterations[-1]))
    first = next(iter(runs.values()))[0]
    span = np.geomspace(first.iteration, longest, 100)
    # One line style per reference slope, so that the legend tells them apart.
    styles = ("--", ":", "-.")
    for k, rate in enumerate(rates):
        anchor = 1000.0 * first.average_exploitability
        ax.loglog(
            span,
            anchor * (span / first.iteration) ** (-rate),
            color=REFERENCE_COLOUR,
            linestyle=styles[k % len(styles)],
            linewidth=1.2,
            label=rf"reference slope $T^{{-{rate:g}}}$",
        )
    ax.set_xlim(1, longest)
    label_exploitability_axes(ax, "exploitability (mbb/g)", title)
    return figure


def engine_comparison_figure(
    timings: pd.DataFrame, title: str = "Seconds per CFR+ iteration, engine by engine"
) -> Figure:
    """Bars of ``seconds_per_iteration`` for every (game, engine) row of ``timings``, log scale.

    Games are grouped left to right in the table's order, one bar per engine in the engine's
    colour. Above each other engine's bar, the factor by which the readable engine is slower on
    that game (when the readable engine was measured there).
    """
    _check_columns(timings, ("game", "engine", "seconds_per_iteration"))
    games = list(dict.fromkeys(timings["game"]))
    engines = list(dict.fromkeys(timings["engine"]))
    figure, (ax,) = new_figure(1.6 + 1.6 * len(games), 4.2)
    width = 0.8 / len(engines)
    for e, engine in enumerate(engines):
        rows = timings[timings["engine"] == engine].set_index("game")
        x = [
            g + (e - (len(engines) - 1) / 2) * width
            for g, game in enumerate(games)
            if game in rows.index
        ]
        seconds = [
            float(rows.loc[game, "seconds_per_iteration"]) for game in games if game in rows.index
        ]
        ax.bar(
            x,
            seconds,
            width=width * 0.9,
            color=ENGINE_COLOURS.get(engine, "#000000"),
            label=ENGINE_LABELS.get(engine, engine),
        )
        if engine == "readable":
            continue
        for xi, game, s in zip(x, (g for g in games if g in rows.index), seconds, strict=True):
            readable = timings[(timings["engine"] == "readable") & (timings["game"] == game)]
            if len(readable):
                factor = float(readable["seconds_per_iteration"].iloc[0]) / s
                ax.annotate(
                    f"{factor:,.0f}x\nfaster",  # two lines: neighbouring bars' labels fit
                    (xi, s),
                    xytext=(0, 3),
                    textcoords="offset points",
                    ha="center",
                    fontsize=8,
                )
    ax.set_yscale("log")
    ax.set_xticks(range(len(games)), games)
    ax.set_ylabel("seconds per iteration")
    ax.set_xlabel("game")
    ax.set_title(title)
    ax.legend(fontsize=8, loc="upper left")
    ax.margins(y=0.15)
    return figure


def cost_per_iteration_figure(
    timings: pd.DataFrame, title: str = "What a CFR+ iteration costs as the game grows"
) -> Figure:
    """Seconds per iteration against ``histories`` (left) and ``info_set_actions`` (right).

    One colour per engine and one marker per game family (:data:`FAMILY_MARKERS`). Within each
    family the least-squares line on log-log axes is drawn (solid for Kuhn, dashed for Leduc
    poker), and the legend gives each engine's slopes, family by family.
    """
    _check_columns(
        timings, ("engine", "family", "histories", "info_set_actions", "seconds_per_iteration")
    )
    figure, axes = new_figure(8.9, 6.0, ncols=2)  # the column's width: shown at full size
    for ax, (column, label) in zip(axes, SIZE_AXES, strict=True):
        for engine, rows in timings.groupby("engine", sort=False):
            _series(
                ax,
                rows,
                column,
                "seconds_per_iteration",
                ENGINE_COLOURS.get(engine, "#000000"),
                ENGINE_LABELS.get(engine, engine),
            )
        _log_axes(ax, label, "seconds per iteration")
        _family_key(ax)
        _legend_below(ax)
    figure.suptitle(title)
    return figure


def memory_figure(
    memory: pd.DataFrame, title: str = "What CFR and the LP store as the game grows"
) -> Figure:
    """Stored numbers against ``histories`` (left) and ``info_set_actions`` (right), log-log.

    The series are :data:`MEMORY_SERIES`: CFR's two tables and the sequence-form payoff matrix,
    sparse and dense, with least-squares lines within each game family and their slopes in the
    legend. The right-hand axis reads the same numbers in bytes
    (:data:`~lessons_lib.scaling.BYTES_PER_FLOAT` each; a sparse matrix's indices are not counted).
    """
    columns = [column for column, _, _ in MEMORY_SERIES]
    _check_columns(memory, ("family", "histories", "info_set_actions", *columns), "memory")
    figure, axes = new_figure(8.9, 6.0, ncols=2)  # the column's width: shown at full size
    for ax, (column, label) in zip(axes, SIZE_AXES, strict=True):
        for series, name, colour in MEMORY_SERIES:
            _series(ax, memory, column, series, colour, name)
        _log_axes(ax, label, "numbers stored")
        in_bytes = ax.secondary_yaxis(
            "right",
            functions=(lambda n: n * BYTES_PER_FLOAT, lambda b: b / BYTES_PER_FLOAT),
        )
        in_bytes.set_ylabel(f"bytes ({BYTES_PER_FLOAT} per number)")
        _family_key(ax)
        _legend_below(ax)
    figure.suptitle(title)
    return figure


def _series(ax: Axes, rows: pd.DataFrame, x: str, y: str, colour: str, name: str) -> None:
    """Points of ``y`` against ``x``, a fitted line per game family,
    one legend entry with slopes."""
    fitted = []
    for family, marker in FAMILY_MARKERS.items():
        mine = rows[rows["family"] == family]
        if mine.empty:
            continue
        xs, ys = mine[x].to_numpy(float), mine[y].to_numpy(float)
        ax.scatter(xs, ys, color=colour, marker=marker, s=22, zorder=3)
        if np.unique(xs).size < 2:
            continue
        slope = log_log_slope(xs, ys)
        intercept = float(np.mean(np.log(ys)) - slope * np.mean(np.log(xs)))
        span = np.geomspace(xs.min(), xs.max(), 50)
        ax.plot(
            span,
            np.exp(intercept) * span**slope,
            color=colour,
            linewidth=1.3,
            linestyle=FAMILY_LINESTYLES[family],
        )
        fitted.append(f"{_family_name(family)} {slope:.2f}")
    slopes_text = f"; slope {', '.join(fitted)}" if fitted else ""
    ax.plot([], [], color=colour, linewidth=1.3, label=f"{name}{slopes_text}")


def _legend_below(ax: Axes) -> None:
    ax.legend(fontsize=8.5, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=1)


def _log_axes(ax: Axes, xlabel: str, ylabel: str) -> None:
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)


def _family_name(family: str) -> str:
    return family.replace("_poker", "").capitalize()


def _family_key(ax: Axes) -> None:
    """Grey markers and line styles that name the game families in the legend."""
    for family, marker in FAMILY_MARKERS.items():
        ax.plot(
            [],
            [],
            color=REFERENCE_COLOUR,
            marker=marker,
            linestyle=FAMILY_LINESTYLES[family],
            label=f"{_family_name(family)} poker",
        )


def _check_columns(table: pd.DataFrame, columns: Sequence[str], name: str = "timings") -> None:
    if not isinstance(table, pd.DataFrame):
        raise ValueError(f"{name} must be a table (pandas DataFrame), got {describe(table)}")
    missing = [column for column in columns if column not in table.columns]
    if missing:
        raise ValueError(
            f"the table misses the columns {missing!r}; it has {list(table.columns)!r}"
        )
    if table.empty:
        raise ValueError("the table has no rows to draw")
