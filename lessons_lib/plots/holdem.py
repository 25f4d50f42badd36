"""Figures of Chapter 9: a no-limit hold'em river and its solution, as solver users read them.

- :func:`range_grid_figure`          the 13 x 13 grid of hand classes coloured by a number per
  class (a range's weight, how often a class bets or calls), each cell labelled with its class
  and the number in percent
- :func:`action_mix_grid_figure`     the same grid with each cell a bar split by action, as
  PioSolver and GTO Wizard draw a strategy: every action's frequency at once
- :func:`equity_curve_figure`        range against range: each player's hands sorted by equity,
  equity against the share of the range (weights counted), one curve per player
- :func:`hand_value_figure`          expected value by hand, in percent of the pot, against the
  hand's equity, one series per player
- :func:`river_exploitability_figure` exploitability in percent of the pot against iterations,
  log-log, one curve per algorithm, with the "solved" target as a grey line
- :func:`strategy_by_size_figure`    how often a hand bets, against its equity in bins, one line per
  bet size: polarisation made visible

Numbers are given, never computed here from a game, so that each figure draws exactly its data.
"""

from __future__ import annotations

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


#: The colours of the actions in :func:`action_mix_grid_figure`: the passive actions (check,
#: call) teal, fold blue (Paul Tol's), and the bets and raises warm, darker as they grow
#: (ColorBrewer's colour-blind safe orange-red sequence).
MIX_COLOURS = {"check": "#44AA99", "call": "#44AA99", "fold": "#4477AA"}
MIX_AGGRESSIVE = ("#FDD49E", "#FC8D59", "#D7301F", "#7F0000")


def mix_colours(actions: Sequence[str]) -> list[str]:
    """The colour of each action of one node in :func:`action_mix_grid_figure`: fixed for check,
    call and fold; the bets and raises, in the node's order (smallest first, all-in last), take
    the warm colours from the lightest, the all-in always the darkest (so four bets besides it
    cannot be told apart from it: at most three)."""
    if isinstance(actions, (str, bytes)) or not all(isinstance(a, str) for a in actions):
        raise ValueError(f"actions must be a list of action names, got {describe(actions)}")
    aggressive = [a for a in actions if a not in MIX_COLOURS]
    if len([a for a in aggressive if a != "all-in"]) >= len(MIX_AGGRESSIVE):
        raise ValueError(
            f"at most {len(MIX_AGGRESSIVE)} bets and raises can be told apart, got {list(actions)}"
        )
    sized = [a for a in aggressive if a != "all-in"]
    shades = dict(zip(sized, MIX_AGGRESSIVE, strict=False)) | {"all-in": MIX_AGGRESSIVE[-1]}
    return [MIX_COLOURS.get(a, shades.get(a)) for a in actions]


#: The height of a class's whole bar in :func:`action_mix_grid_figure`, as a share of its cell (the
#: class's name sits above it).
MIX_BAR_HEIGHT = 0.55
#: The cells of :func:`action_mix_grid_figure` (behind the bars) and the lines between them.
MIX_CELL, MIX_GRID_LINE = "#FFFFFF", "#888888"


def action_mix_grid_figure(
    mixes: np.ndarray,
    actions: Sequence[str],
    title: str,
    present: np.ndarray | None = None,
    heights: np.ndarray | None = None,
    chosen: str | None = None,
) -> Figure:
    """The 13 x 13 grid with each cell's lower part a bar split left to right in the shares
    ``mixes[a, r, c]`` of the actions (each cell's shares summing to 1), coloured by
    :func:`mix_colours`, and the class written above it; classes outside the range (``present``
    False) are grey. ``heights[r, c]`` in [0, 1] scales a class's bar (default 1), as solver apps
    scale it by the share of the class that reaches the node; the class ``chosen`` (``"AKo"``) is
    outlined. A legend names the actions."""
    check_instance(title, str, "title", "a string")
    colours = mix_colours(actions)
    mix = as_finite_array(mixes, "mixes")
    if mix.shape != (len(colours), 13, 13) or np.any(mix < 0):
        raise ValueError(
            f"mixes must be {len(colours)} x 13 x 13 shares (an action's frequency per class), "
            f"got {describe(mixes)}"
        )
    shown = np.ones((13, 13), dtype=bool) if present is None else _present(present)
    if np.any(np.abs(np.add.reduce(mix, axis=0) - 1.0)[shown] > 1e-6):
        raise ValueError("mixes must sum to 1 over the actions in every class of the range")
    tall = np.ones((13, 13)) if heights is None else as_finite_array(heights, "heights")
    if tall.shape != (13, 13) or np.any((tall < 0) | (tall > 1)):
        raise ValueError(f"heights must be a 13 x 13 array in [0, 1], got {describe(heights)}")
    names = grid_names()
    if chosen is not None and not (isinstance(chosen, str) and any(chosen in n for n in names)):
        raise ValueError(
            f"chosen must be a class of the grid such as 'AKs', got {describe(chosen)}"
        )
    figure, (ax,) = new_figure(7.0, 7.9)  # taller than the grid: room for its title
    ax.grid(False)
    boxes, fills = [], []  # one collection of rectangles: a fast redraw in the live demo
    for r in range(13):
        for c in range(13):
            x0, bottom = c - 0.5, r + 0.5
            boxes.append(_box(x0, r - 0.5, 1.0, 1.0))
            fills.append(MIX_CELL if shown[r, c] else EMPTY_CELL)
            height, left = MIX_BAR_HEIGHT * tall[r, c], x0
            for share, colour in zip(mix[:, r, c], colours, strict=True):
                if shown[r, c] and share > 0 and height > 0:
                    boxes.append(_box(left, bottom - height, share, height))
                    fills.append(colour)
                left += share
            ax.text(c, r - 0.27, names[r][c], ha="center", va="center", fontsize=7.5)
    ax.add_collection(PolyCollection(boxes, facecolors=fills, edgecolors="none"))
    for k in range(14):
        ax.axhline(k - 0.5, color=MIX_GRID_LINE, linewidth=0.5)
        ax.axvline(k - 0.5, color=MIX_GRID_LINE, linewidth=0.5)
    if chosen is not None:
        r = next(k for k, row in enumerate(names) if chosen in row)
        ax.add_patch(
            Rectangle(
                (names[r].index(chosen) - 0.5, r - 0.5), 1, 1, fill=False, edgecolor="black", lw=2.5
            )
        )
    ax.set_xlim(-0.5, 12.5)
    ax.set_ylim(12.5, -0.5)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(title)
    handles = [Patch(facecolor=colour, label=a) for a, colour in zip(actions, colours, strict=True)]
    figure.legend(handles=handles, loc="outside lower center", ncols=len(handles), frameon=False)
    return figure


def _box(left: float, top: float, width: float, height: float) -> list[tuple[float, float]]:
    """The corners of a rectangle (y grows downwards on the grid)."""
    right, bottom = left + width, top + height
    return [(left, top), (right, top), (right, bottom), (left, bottom)]


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
