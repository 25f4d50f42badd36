"""Figures of Chapter 9: a no-limit hold'em river and its solution, as solver users read them.

- :func:`range_grid_figure`          the 13 x 13 grid of hand classes coloured by a number per
  class (a range's weight, how often a class bets or calls), each cell labelled with its class
  and the number in percent
- :func:`equity_curve_figure`        range against range: each player's hands sorted by equity,
  equity against the share of the range (weights counted), one curve per player
- :func:`hand_value_figure`          expected value by hand, in percent of the pot, against the
  hand's equity, one series per player
- :func:`river_exploitability_figure` exploitability in percent of the pot against iterations,
  log-log, one curve per algorithm, with the "solved" target as a grey line
- :func:`strategy_by_size_figure`    how often a hand bets, against its equity in bins, one line per
  bet size: polarisation made visible
- :func:`strategy_mix_figure`        the 13 x 13 grid of one decision node, each cell the class's
  whole action mix as a horizontal stacked bar (as solver apps draw it), as tall as the share of
  the class that reaches the node

Numbers are given, never computed here from a game, so that each figure draws exactly its data.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.collections import PolyCollection
from matplotlib.colors import LinearSegmentedColormap, to_rgba
from matplotlib.figure import Figure
from matplotlib.patches import Patch, Rectangle

from lessons_lib.core.training import MAX_ITERATIONS
from lessons_lib.holdem.cards import grid_names
from lessons_lib.holdem.river import MAX_CHIPS, MIN_CHIPS
from lessons_lib.plots.axes import label_exploitability_axes
from lessons_lib.plots.style import (
    PLAYER_COLOURS,
    REFERENCE_COLOUR,
    REFERENCE_LINE,
    SERIES_COLOURS,
    algorithm_colour,
    new_figure,
)
from lessons_lib.validation import (
    as_finite_array,
    as_finite_vector,
    check_choice,
    check_entries,
    check_instance,
    check_integer,
    check_number,
    describe,
    mapping_of,
)

#: The grid's colour scale: white (0) to the player's colour (1), per player.
GRID_COLOURMAPS = {
    player: LinearSegmentedColormap.from_list(f"player{player}", ["#FFFFFF", colour])
    for player, colour in PLAYER_COLOURS.items()
}
#: The colour of a grid cell whose class is not in the range (weight 0).
EMPTY_CELL = "#D9D9D9"

#: Colours and markers of the actions in :func:`strategy_by_size_figure`, far apart in hue
#: (Okabe-Ito black and orange, Paul Tol's teal, indigo, rose and olive), with a marker each.
SIZE_COLOURS = ("#000000", "#E69F00", "#44AA99", "#332288", "#CC6677", "#999933")
SIZE_MARKERS = ("o", "s", "^", "D", "v", "P")
#: The fixed colour (index into SIZE_COLOURS) of the book's usual actions, so that a size keeps
#: its colour from one figure to the next ("bet 75%" and "75%" are the same size).
ACTION_STYLE = {"check": 0, "33%": 1, "75%": 2, "150%": 3, "all-in": 4}

#: The fills of the actions in :func:`strategy_mix_figure`, as solver apps colour them: folding
#: light blue, the passive actions (check, call) green, and the bets and raises a ramp from yellow
#: to dark brown, darker for larger amounts (:func:`action_fill`). No fill is a player's colour.
FOLD_FILL = "#88CCEE"
PASSIVE_FILL = "#228833"
AGGRESSIVE_FILLS = ("#FEC44F", "#EC7014", "#B2420A", "#662506")
#: The upper bounds, in pots, of the first three steps of the ramp (all-in is always the last).
AGGRESSIVE_STEPS = (0.5, 1.0, 2.0)
#: The background of a cell in :func:`strategy_mix_figure`, above a bar shorter than the cell.
MIX_BACKGROUND = "#F2F2F2"
#: The height of a whole class's bar in :func:`strategy_mix_figure`, as a share of the cell (the
#: class's name sits above it).
MIX_BAR_HEIGHT = 0.68

#: The largest exploitability a river can have, in percent of the pot: a best responder wins at
#: most half the pot plus the stack, and a stack is at most MAX_CHIPS / MIN_CHIPS pots. Larger
#: values are not a river's (and from 1e300 matplotlib's log axis overflows).
MAX_PERCENT = 100.0 * (0.5 + MAX_CHIPS / MIN_CHIPS)


def action_styles(labels: list[str]) -> list[tuple[str, str]]:
    """(colour, marker) for each label: the fixed one of :data:`ACTION_STYLE` for its size (the
    label's first word after a ``"bet "`` prefix: ``"bet 75%"``, ``"75%"`` and ``"all-in only"``
    name the sizes 75% and all-in), else the next style no label has taken."""
    if isinstance(labels, (str, bytes)) or not all(isinstance(label, str) for label in labels):
        raise ValueError(f"labels must be a list of action names, got {describe(labels)}")
    fixed = [ACTION_STYLE.get(label.removeprefix("bet ").split(" ")[0]) for label in labels]
    free = iter(k for k in range(len(SIZE_COLOURS)) if k not in fixed)
    styles = []
    for k in fixed:
        k = next(free, len(styles)) if k is None else k
        styles.append((SIZE_COLOURS[k % len(SIZE_COLOURS)], SIZE_MARKERS[k % len(SIZE_MARKERS)]))
    return styles


def action_fill(action: str) -> str:
    """The fill of an action of the river's tree in :func:`strategy_mix_figure`: ``"fold"``,
    ``"check"`` and ``"call"`` have their own; a bet or raise named by its size in percent of the
    pot (``"bet 75%"``, ``"raise 100%"``) takes the ramp's step for that size
    (:data:`AGGRESSIVE_STEPS`), ``"all-in"`` its darkest step."""
    check_instance(action, str, "action", "an action name such as 'bet 75%'")
    if action == "fold":
        return FOLD_FILL
    if action in ("check", "call"):
        return PASSIVE_FILL
    if action == "all-in":
        return AGGRESSIVE_FILLS[-1]
    kind, _, size = action.partition(" ")
    try:
        pots = float(size.removesuffix("%")) / 100.0 if size.endswith("%") else math.nan
    except ValueError:
        pots = math.nan
    if kind not in ("bet", "raise") or not 0.0 < pots < math.inf:
        raise ValueError(
            f"action must be fold, check, call, all-in or a bet or raise in percent of the pot "
            f"('bet 75%'), got {describe(action)}"
        )
    step = next((k for k, bound in enumerate(AGGRESSIVE_STEPS) if pots <= bound), 3)
    return AGGRESSIVE_FILLS[step]


def strategy_mix_figure(
    mix: np.ndarray,
    actions: Sequence[str],
    reach: np.ndarray,
    present: np.ndarray,
    title: str,
    chosen: str | None = None,
) -> Figure:
    """One decision node's strategy on the 13 x 13 grid (aces top left; pairs on the diagonal,
    suited above, offsuit below), as solver apps draw it: cell (r, c) holds a horizontal stacked
    bar, one segment per action of ``actions`` in order, ``mix[a, r, c]`` of the cell's width
    (class (r, c)'s probability of action a, in [0, 1]; :func:`action_fill` colours), as tall as
    ``reach[r, c]`` of the bar area (the share of the class that gets to the node; the area is
    the cell below the class's name, :data:`MIX_BAR_HEIGHT`). Cells where
    ``present`` is False (a class outside the range) or whose reach is 0 are grey; the class
    ``chosen`` (a name such as ``"AKo"``) is outlined. The legend names the actions."""
    check_instance(title, str, "title", "a string")
    names = list(actions) if isinstance(actions, (list, tuple)) else None
    if not names or not all(isinstance(a, str) for a in names) or len(set(names)) < len(names):
        raise ValueError(
            f"actions must be a list of distinct action names, got {describe(actions)}"
        )
    fills = [action_fill(action) for action in names]
    mix = as_finite_array(mix, "mix")
    if mix.shape != (len(names), 13, 13) or np.any((mix < 0) | (mix > 1)):
        raise ValueError(
            f"mix must be an array of shape ({len(names)}, 13, 13) in [0, 1], got {describe(mix)}"
        )
    reach = as_finite_array(reach, "reach")
    if reach.shape != (13, 13) or np.any((reach < 0) | (reach > 1)):
        raise ValueError(f"reach must be a 13 x 13 array in [0, 1], got {describe(reach)}")
    shown = _present(present) & (reach > 0)
    grid = grid_names()
    if chosen is not None and not any(chosen in row for row in grid if isinstance(chosen, str)):
        raise ValueError(
            f"chosen must be a class of the grid such as 'AKs', got {describe(chosen)}"
        )
    figure, (ax,) = new_figure(7.4, 7.6)
    ax.grid(False)
    boxes, colours = [], []

    def box(left: float, top: float, width: float, height: float, colour: str) -> None:
        boxes.append(
            [(left, top), (left + width, top), (left + width, top + height), (left, top + height)]
        )
        colours.append(colour)

    for r in range(13):
        for c in range(13):
            box(c - 0.5, r - 0.5, 1.0, 1.0, MIX_BACKGROUND if shown[r, c] else EMPTY_CELL)
            if not shown[r, c]:
                continue
            # the segments side by side, left to right, from the bottom of the bar area up
            height = MIX_BAR_HEIGHT * reach[r, c]
            left = c - 0.5
            for k, fill in enumerate(fills):
                box(left, r + 0.5 - height, mix[k, r, c], height, fill)
                left += mix[k, r, c]
            ax.text(
                c,
                r - 0.5 + (1 - MIX_BAR_HEIGHT) / 2,
                grid[r][c],
                ha="center",
                va="center",
                fontsize=7.5,
            )
    ax.add_collection(PolyCollection(boxes, facecolors=colours, edgecolors="none"))
    for k in range(14):
        ax.axhline(k - 0.5, color="white", linewidth=1.0)
        ax.axvline(k - 0.5, color="white", linewidth=1.0)
    if chosen is not None:
        r = next(k for k, row in enumerate(grid) if chosen in row)
        c = grid[r].index(chosen)
        ax.add_patch(Rectangle((c - 0.5, r - 0.5), 1, 1, fill=False, edgecolor="black", lw=2.5))
    ax.set_xlim(-0.5, 12.5)
    ax.set_ylim(12.5, -0.5)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(title)
    handles = [
        Patch(facecolor=fill, label=action) for action, fill in zip(names, fills, strict=True)
    ]
    ax.legend(
        handles=handles,
        fontsize=9,
        loc="upper center",
        bbox_to_anchor=(0.5, -0.01),
        ncols=len(names),
    )
    return figure


def range_grid_figure(
    values: np.ndarray,
    title: str,
    label: str,
    player: int = 1,
    present: np.ndarray | None = None,
) -> Figure:
    """The 13 x 13 grid (aces top left; pairs on the diagonal, suited above, offsuit below),
    cell (r, c) coloured by ``values[r, c]`` in [0, 1] from white to ``player``'s colour and
    labelled with its class and ``100 * value`` rounded; cells where ``present`` is False (a
    class outside the range) are grey and show the class only."""
    grid = as_finite_array(values, "values")
    if grid.shape != (13, 13) or np.any((grid < 0) | (grid > 1)):
        raise ValueError(f"values must be a 13 x 13 array in [0, 1], got {describe(values)}")
    shown = np.ones((13, 13), dtype=bool) if present is None else _present(present)
    check_instance(title, str, "title", "a string")
    check_instance(label, str, "label", "a string")
    check_choice(player, tuple(GRID_COLOURMAPS), "player")
    figure, (ax,) = new_figure(7.4, 6.9)
    ax.grid(False)
    colours = GRID_COLOURMAPS[player](grid)
    colours[~shown] = to_rgba(EMPTY_CELL)
    ax.imshow(colours, interpolation="nearest")
    names = grid_names()
    for r in range(13):
        for c in range(13):
            text = names[r][c] + (f"\n{100 * grid[r, c]:.0f}" if shown[r, c] else "")
            dark = shown[r, c] and grid[r, c] > 0.6
            ax.text(
                c,
                r,
                text,
                ha="center",
                va="center",
                fontsize=7.5,
                linespacing=1.1,
                color="white" if dark else "black",
            )
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(title)
    scale = figure.colorbar(
        ax.imshow(grid, cmap=GRID_COLOURMAPS[player], vmin=0, vmax=1, alpha=0.0),
        ax=ax,
        shrink=0.8,
    )
    scale.solids.set_alpha(1.0)
    scale.set_label(label)
    scale.ax.yaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
    return figure


def _present(present: object) -> np.ndarray:
    """``present`` as a 13 x 13 boolean array (booleans, or the numbers 0 and 1)."""
    raw = np.asarray(present) if isinstance(present, (list, tuple, np.ndarray)) else None
    if raw is None or raw.shape != (13, 13) or raw.dtype.kind not in "biu":
        raise ValueError(f"present must be a 13 x 13 array of booleans, got {describe(present)}")
    if raw.dtype.kind != "b" and np.any((raw != 0) & (raw != 1)):
        raise ValueError(f"present must hold booleans (or 0 and 1), got {describe(present)}")
    return raw.astype(bool)


def _sorted_share(values: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``values`` sorted ascending, and the share of the total weight at or below each (the
    weights scaled by their largest first, so that no sum overflows)."""
    order = np.argsort(values, kind="stable")
    scaled = weights[order] / weights.max()
    share = np.cumsum(scaled) / np.add.reduce(scaled)
    return share, values[order]


def _player_series(
    series: Mapping[int, tuple[np.ndarray, np.ndarray]], name: str
) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """Check ``{player: (a, b)}``: players 1 and/or 2, two equal-length finite vectors each, the
    first (an equity) in [0, 1], the second at most 1e300 in size."""
    series = mapping_of(series, name)
    players = [p for p in series if isinstance(p, int | np.integer) and p in (1, 2)]
    if not series or len(players) != len(series):
        raise ValueError(f"{name} maps player 1 and/or 2 to data, got {describe(series)}")
    checked = {}
    for player, pair in series.items():
        where = f"{name}[{player}]"
        if isinstance(pair, (str, bytes, Mapping)) or not isinstance(pair, Sequence | np.ndarray):
            raise ValueError(f"{where} must be a pair of vectors, got {describe(pair)}")
        if len(pair) != 2:
            raise ValueError(f"{where} must be a pair of vectors, got {describe(pair)}")
        a, b = as_finite_array(pair[0], where), as_finite_array(pair[1], where)
        if a.ndim != 1 or a.shape != b.shape or not len(a):
            raise ValueError(f"{where} needs two vectors of one length, got {describe(pair)}")
        if np.any((a < 0) | (a > 1)) or np.any(np.abs(b) > 1e300):
            raise ValueError(
                f"{where}: equities in [0, 1] and values of at most 1e300 in size, "
                f"got {describe(pair)}"
            )
        checked[player] = (a, b)
    return checked


def equity_curve_figure(
    equities: Mapping[int, tuple[np.ndarray, np.ndarray]],
    title: str = "Range against range: the equity curve",
) -> Figure:
    """``equities[i] = (equity, weight)`` per combo of player i: the combos sorted by equity,
    equity (in %) against the share of i's range (by weight) at most that strong."""
    check_instance(title, str, "title", "a string")
    series = _player_series(equities, "equities")
    for player, (_, weight) in series.items():
        if np.any(weight < 0) or not np.any(weight > 0):
            raise ValueError(f"equities[{player}]: weights must be non-negative, not all 0")
    figure, (ax,) = new_figure(6.8, 4.2)
    for player, (equity, weight) in series.items():
        share, sorted_equity = _sorted_share(equity, weight)
        ax.step(
            100 * share,
            100 * sorted_equity,
            where="post",
            color=PLAYER_COLOURS[player],
            linewidth=2.0,
            label=f"player {player}",
        )
    ax.axhline(50, color=REFERENCE_COLOUR, linestyle="--", linewidth=1.0, label="equity 50%")
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_xlabel("share of the range at most this strong (%)")
    ax.set_ylabel("equity against the other range (%)")
    ax.set_title(title)
    # below the axes, so that no curve is covered
    ax.legend(fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncols=3)
    return figure


def hand_value_figure(
    values: Mapping[int, tuple[np.ndarray, np.ndarray]],
    title: str = "Expected value by hand at equilibrium",
) -> Figure:
    """``values[i] = (equity, value)`` per combo of player i: value in % of the pot (a
    solver's pot share) against equity in %, one dot per combo; a grey diagonal marks the value
    of checking down (the equity itself)."""
    check_instance(title, str, "title", "a string")
    series = _player_series(values, "values")
    figure, (ax,) = new_figure(6.8, 4.4)
    for player, (equity, value) in series.items():
        ax.scatter(
            100 * equity,
            value,
            s=6,
            color=PLAYER_COLOURS[player],
            alpha=0.6,
            label=f"player {player}",
            linewidths=0,
        )
    ax.plot(
        [0, 100],
        [0, 100],
        color=REFERENCE_COLOUR,
        linestyle="--",
        linewidth=1.0,
        label="checked down: value = equity",
    )
    ax.set_xlim(0, 100)
    ax.set_xlabel("equity against the other range (%)")
    ax.set_ylabel("expected value (% of the pot)")
    ax.set_title(title)
    ax.legend(fontsize=9, loc="upper left", markerscale=3)
    return figure


def river_exploitability_figure(
    curves: Mapping[str, Sequence[tuple[int, float]]],
    target: float,
    title: str = "Solving the river: exploitability against iterations",
) -> Figure:
    """``curves[name] = [(iterations, exploitability in % of the pot), ...]`` on log-log axes,
    each in its algorithm's colour, with a grey dashed line at ``target`` percent. Iterations are
    whole and increasing along a curve; percentages are positive, at most :data:`MAX_PERCENT`."""
    check_instance(title, str, "title", "a string")
    if not mapping_of(curves, "curves"):
        raise ValueError("curves must hold at least one curve")
    target = check_number(target, "target", minimum=0.0, open_minimum=True, maximum=MAX_PERCENT)
    figure, (ax,) = new_figure(6.8, 4.3)
    for k, (name, points) in enumerate(curves.items()):
        if not isinstance(name, str):
            raise ValueError(f"curves must be named by strings, got {describe(name)}")
        where = f"curves[{describe(name, 40)}]"
        data = as_finite_array(points, where)
        if data.ndim != 2 or data.shape[1] != 2 or not len(data) or np.any(data <= 0):
            raise ValueError(
                f"{where} must be positive (iterations, percent) pairs, got {describe(points)}"
            )
        iterations, percent = data[:, 0], data[:, 1]
        whole = np.all(iterations == np.floor(iterations)) and iterations[-1] <= MAX_ITERATIONS
        if not whole or np.any(np.diff(iterations) <= 0) or percent.max() > MAX_PERCENT:
            raise ValueError(
                f"{where} must have whole, increasing iterations (at most {MAX_ITERATIONS:,}) "
                f"and percentages of at most {MAX_PERCENT:g}, got {describe(points)}"
            )
        ax.loglog(
            data[:, 0],
            data[:, 1],
            marker="o",
            markersize=3.5,
            linewidth=2.0,
            label=name,
            color=algorithm_colour(name) or SERIES_COLOURS[k % len(SERIES_COLOURS)],
        )
    ax.axhline(target, **REFERENCE_LINE, label=f"target {target:g}% of the pot")
    label_exploitability_axes(ax, "exploitability (% of the pot)", title, legend_size=9)
    return figure


def strategy_by_size_figure(
    equity: np.ndarray,
    weights: np.ndarray,
    frequencies: Mapping[str, np.ndarray],
    bins: int = 20,
    title: str = "How often player 1 bets each size, by hand strength",
) -> Figure:
    """For each bet size (``frequencies[label]``, one probability per combo), the weighted mean
    probability of that bet over the combos whose ``equity`` falls in each of ``bins`` equal
    bins of [0, 1], plotted at the bins' centres (bins without weight are left out)."""
    check_instance(title, str, "title", "a string")
    equity = as_finite_vector(equity, "equity")
    weights = as_finite_array(weights, "weights")
    if weights.shape != equity.shape or not mapping_of(frequencies, "frequencies"):
        raise ValueError("equity and weights need one entry per combo, and frequencies a size")
    if np.any((equity < 0) | (equity > 1)):
        raise ValueError(f"equity must be in [0, 1], got {describe(equity)}")
    if np.any((weights < 0) | (weights > 1e300)) or not np.any(weights > 0):
        raise ValueError(
            f"weights must be non-negative, at most 1e300 and not all 0, got {describe(weights)}"
        )
    if not all(isinstance(label, str) for label in frequencies):
        raise ValueError(f"frequencies must be keyed by action names, got {describe(frequencies)}")
    check_entries(check_integer(bins, "bins", minimum=1), f"bins={bins}")
    which = np.minimum((equity * bins).astype(int), bins - 1)
    mass = np.bincount(which, weights, bins)
    centres = 100 * (np.arange(bins) + 0.5) / bins
    figure, (ax,) = new_figure(6.8, 4.3)
    styles = action_styles(list(frequencies))
    for (label, probability), (colour, marker) in zip(frequencies.items(), styles, strict=True):
        where = f"frequencies[{describe(label, 40)}]"
        p = as_finite_array(probability, where)
        if p.shape != equity.shape or np.any((p < 0) | (p > 1)):
            raise ValueError(f"{where} needs a probability per combo, got {describe(probability)}")
        mean = np.zeros(bins)
        np.divide(np.bincount(which, weights * p, bins), mass, out=mean, where=mass > 0)
        ax.plot(
            centres[mass > 0],
            100 * mean[mass > 0],
            marker=marker,
            markersize=4,
            linewidth=2.0,
            color=colour,
            label=label,
        )
    ax.set_xlim(0, 100)
    ax.set_ylim(-2, 102)
    ax.set_xlabel("equity against the other range (%)")
    ax.set_ylabel("probability of the action (%)")
    ax.set_title(title)
    # below the axes, so that no curve is covered
    ax.legend(fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncols=3)
    return figure
