"""Figures for normal-form games: the probability simplex, convergence curves, strategy bars."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.animation import FuncAnimation
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from lessons_lib.plots.style import (
    PLAYER_COLOURS,
    REFERENCE_LINE,
    SERIES_COLOURS,
    animation_html,
    new_figure,
)
from lessons_lib.regret_matching import Trajectory
from lessons_lib.validation import check_choice, check_iterations

# --- the probability simplex -------------------------------------------------------------------

_CORNERS = np.array([[0.5, np.sqrt(3) / 2], [0.0, 0.0], [1.0, 0.0]])


def simplex_coordinates(strategies: np.ndarray) -> np.ndarray:
    """Map three-action strategies (rows) to points of an equilateral triangle.

    Corner k of the triangle is the pure strategy that plays action k; the centroid is uniform.
    """
    points = np.atleast_2d(np.asarray(strategies, dtype=float))
    if points.shape[1] != 3:
        raise ValueError(f"the simplex figure needs three actions, got {points.shape[1]}")
    # Each point is sum_k p_k corner_k, summed in numpy's fixed order.
    return np.sum(points[:, :, None] * _CORNERS, axis=1)


#: The colour of a current strategy sigma^t
#: (the same as :data:`lessons_lib.plots.cfr.CURRENT_COLOUR`);
#: the average strategy is drawn in the player's colour.
CURRENT_COLOUR = "#CC79A7"
#: The light outline of the simplex, under the current strategy that runs along its edges.
OUTLINE_COLOUR = "#BBBBBB"


def _draw_simplex(ax: Axes, actions: Sequence[str]) -> None:
    triangle = np.vstack([_CORNERS, _CORNERS[:1]])
    ax.plot(triangle[:, 0], triangle[:, 1], color=OUTLINE_COLOUR, linewidth=0.6, zorder=1)
    offsets = [(0, 0.05), (-0.04, -0.06), (0.04, -0.06)]
    for (x, y), (dx, dy), name in zip(_CORNERS, offsets, actions, strict=True):
        ax.text(x + dx, y + dy, f"always {name}", ha="center", va="center", fontsize=10)
    ax.set_xlim(-0.15, 1.15)
    ax.set_ylim(-0.1, 0.95)
    ax.set_aspect("equal")
    ax.axis("off")


def _simplex_paths(
    ax: Axes, trajectory: Trajectory, player: int, equilibrium: Sequence[float] | None
) -> dict[str, Line2D]:
    """Draw the simplex with the current and average paths; return the lines by name."""
    colour = PLAYER_COLOURS[player]
    _draw_simplex(ax, trajectory.game.actions(player))
    current = simplex_coordinates(trajectory.current[player])
    average = simplex_coordinates(trajectory.average[player])
    lines = {}
    (lines["current"],) = ax.plot(
        *current.T,
        color=CURRENT_COLOUR,
        linewidth=1.6,
        alpha=0.85,
        zorder=2,
        label="current strategy $\\sigma^t$",
    )
    (lines["average"],) = ax.plot(
        *average.T, color=colour, linewidth=2.2, zorder=3, label="average strategy $\\bar\\sigma^T$"
    )
    (lines["end"],) = ax.plot(*average[-1], "o", color=colour, markersize=7, zorder=4)
    ax.plot(
        *current[0],
        "s",
        color=CURRENT_COLOUR,
        markersize=7,
        markerfacecolor="white",
        zorder=4,
        label="start",
    )
    if equilibrium is not None:
        point = simplex_coordinates(np.asarray(equilibrium))[0]
        ax.plot(*point, "*", color="black", markersize=13, zorder=5, label="Nash equilibrium")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0.02), ncols=2, fontsize=9.5, framealpha=0.9)
    return lines


def simplex_figure(
    trajectory: Trajectory,
    player: int = 1,
    equilibrium: Sequence[float] | None = None,
    title: str | None = None,
    series_rounds: int | None = 2_000,
) -> Figure:
    """The current and average strategies of ``player`` as paths on the probability simplex.

    The current strategy sigma^t spends most rounds on the simplex's edges (one action unplayed),
    so it is drawn in its own colour over a light outline. With ``series_rounds`` (the default),
    a second panel beside the simplex shows the probability of the first action under the current
    and the average strategy over the first ``series_rounds`` rounds: the current one swinging
    between 0 and 1 lap after lap, the average settling. ``None`` draws the simplex alone.
    """
    check_choice(player, (1, 2), "player")
    if series_rounds is None:
        figure, (ax,) = new_figure(5.2, 4.8)
    else:
        check_iterations(series_rounds, "series_rounds")
        figure, (ax, series) = new_figure(8.8, 4.4, ncols=2)
    _simplex_paths(ax, trajectory, player, equilibrium)
    heading = title or f"Player {player} in {trajectory.game.name}, {trajectory.rounds:,} rounds"
    if series_rounds is None:
        ax.set_title(heading)
        return figure
    figure.suptitle(heading, fontsize=12)
    ax.set_title("on the simplex", fontsize=10)
    end = min(series_rounds, trajectory.rounds)
    rounds = np.arange(1, end + 1)
    action = trajectory.game.actions(player)[0]
    series.plot(
        rounds,
        trajectory.current[player][:end, 0],
        color=CURRENT_COLOUR,
        linewidth=1.0,
        label=f"current $\\sigma^t$({action})",
    )
    series.plot(
        rounds,
        trajectory.average[player][:end, 0],
        color=PLAYER_COLOURS[player],
        linewidth=2.2,
        label=f"average $\\bar\\sigma^t$({action})",
    )
    if equilibrium is not None:
        series.axhline(
            float(equilibrium[0]),
            color="black",
            linestyle=":",
            linewidth=1.2,
            label="equilibrium",
        )
    series.set_xlim(0, end)
    series.set_ylim(-0.03, 1.25)
    series.set_yticks(np.linspace(0.0, 1.0, 6))
    series.set_xlabel("round t")
    series.set_ylabel(f"probability of {action}")
    series.set_title(f"the first {end:,} rounds", fontsize=10)
    series.legend(loc="upper center", fontsize=9, ncols=2, framealpha=0.9)
    return figure


def simplex_animation(
    trajectory: Trajectory,
    player: int = 1,
    frames: int = 40,
    equilibrium: Sequence[float] | None = None,
    dpi: int = 100,
) -> str:
    """A self-contained HTML animation (inline images and its own controls) of the simplex paths.

    The frames show the first rounds in geometric steps, so both the early spiral and the slow
    final approach are visible. It plays in a static page with no kernel and no network.
    """
    figure, (ax,) = new_figure(4.6, 4.4)
    lines = _simplex_paths(ax, trajectory, player, equilibrium)
    figure.set_dpi(dpi)
    current = simplex_coordinates(trajectory.current[player])
    average = simplex_coordinates(trajectory.average[player])
    ends = np.unique(
        np.geomspace(min(10, trajectory.rounds), trajectory.rounds, frames).astype(int)
    )

    def draw(frame: int) -> tuple:
        end = ends[frame]
        lines["current"].set_data(current[:end, 0], current[:end, 1])
        lines["average"].set_data(average[:end, 0], average[:end, 1])
        lines["end"].set_data([average[end - 1, 0]], [average[end - 1, 1]])
        ax.set_title(f"Player {player}: the first {end:,} rounds")
        return lines["current"], lines["average"], lines["end"]

    animation = FuncAnimation(figure, draw, frames=len(ends), interval=150, blit=False)
    return animation_html(animation, fps=6)


# --- convergence and payoffs -------------------------------------------------------------------


def convergence_figure(
    iterations: np.ndarray,
    series: Mapping[str, np.ndarray],
    ylabel: str = "exploitability",
    title: str = "Exploitability of the average strategy",
    reference: tuple[str, np.ndarray] | None = None,
    colours: Mapping[str, str] | None = None,
) -> Figure:
    """Log-log curves of a quantity (usually exploitability) against the iteration count."""
    figure, (ax,) = new_figure(6.4, 4.2)
    x = np.asarray(iterations, dtype=float)
    for k, (label, values) in enumerate(series.items()):
        colour = (colours or {}).get(label, SERIES_COLOURS[k % len(SERIES_COLOURS)])
        y = np.asarray(values, dtype=float)
        keep = y > 0  # log axes cannot show an exact zero
        ax.loglog(x[keep], y[keep], color=colour, linewidth=1.8, label=label)
    if reference is not None:
        label, values = reference
        ax.loglog(x, values, **REFERENCE_LINE, label=label)
    ax.set_xlabel("iterations T")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=8)
    return figure


def mean_payoff_figure(trajectory: Trajectory, target: float, player: int = 1) -> Figure:
    """The learner's average payoff per round, approaching the value ``target``."""
    figure, (ax,) = new_figure(6.4, 3.6)
    rounds = np.arange(1, trajectory.rounds + 1)
    ax.semilogx(
        rounds,
        trajectory.mean_payoff(),
        color=PLAYER_COLOURS[player],
        linewidth=1.8,
        label=f"player {player}'s mean payoff",
    )
    ax.axhline(target, **REFERENCE_LINE, label=f"best-response value {target:.3g}")
    ax.set_xlabel("rounds")
    ax.set_ylabel("mean payoff per round")
    ax.set_title("Regret matching against a fixed opponent")
    ax.legend(fontsize=8)
    return figure


def strategy_bars_figure(
    strategies: Mapping[str, Sequence[float]],
    actions: Sequence[str],
    title: str,
    colours: Mapping[str, str] | None = None,
) -> Figure:
    """Grouped bars: one group per action, one bar per named strategy, probabilities on the
    y-axis."""
    figure, (ax,) = new_figure(6.4, 3.4)
    names = list(strategies)
    width = 0.8 / max(len(names), 1)
    positions = np.arange(len(actions))
    for k, name in enumerate(names):
        values = np.asarray(strategies[name], dtype=float)
        colour = (colours or {}).get(name, SERIES_COLOURS[k % len(SERIES_COLOURS)])
        bars = ax.bar(
            positions + (k - (len(names) - 1) / 2) * width, values, width, color=colour, label=name
        )
        ax.bar_label(bars, labels=[f"{v:.2f}" for v in values], fontsize=8, padding=2)
    ax.set_xticks(positions, list(actions))
    # Head-room above 1 for the legend, so that no bar or bar label is ever covered.
    ax.set_ylim(0, 1.34)
    ax.set_yticks(np.linspace(0.0, 1.0, 6))
    ax.set_ylabel("probability")
    ax.set_title(title)
    ax.legend(fontsize=9, loc="upper center", ncols=max(len(names), 1), framealpha=0.9)
    return figure
