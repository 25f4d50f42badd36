"""Figures for normal-form games: the probability simplex, convergence curves, strategy bars."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.animation import FuncAnimation
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from lessons_lib.plots.style import (
    PLAYER_COLOURS,
    REFERENCE_COLOUR,
    SERIES_COLOURS,
    animation_html,
    new_figure,
)
from lessons_lib.regret_matching import Trajectory

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


def _draw_simplex(ax: Axes, actions: Sequence[str]) -> None:
    triangle = np.vstack([_CORNERS, _CORNERS[:1]])
    ax.plot(triangle[:, 0], triangle[:, 1], color="#444444", linewidth=1.0)
    offsets = [(0, 0.05), (-0.04, -0.06), (0.04, -0.06)]
    for (x, y), (dx, dy), name in zip(_CORNERS, offsets, actions, strict=True):
        ax.text(x + dx, y + dy, f"always {name}", ha="center", va="center", fontsize=9)
    ax.set_xlim(-0.15, 1.15)
    ax.set_ylim(-0.12, 0.95)
    ax.set_aspect("equal")
    ax.axis("off")


def simplex_figure(
    trajectory: Trajectory,
    player: int = 1,
    equilibrium: Sequence[float] | None = None,
    title: str | None = None,
) -> Figure:
    """The current and average strategies of ``player`` as paths on the probability simplex."""
    colour = PLAYER_COLOURS[player]
    figure, (ax,) = new_figure(5.2, 4.8)
    _draw_simplex(ax, trajectory.game.actions(player))
    current = simplex_coordinates(trajectory.current[player])
    average = simplex_coordinates(trajectory.average[player])
    ax.plot(
        *current.T, color=colour, alpha=0.35, linewidth=0.8, label="current strategy $\\sigma^t$"
    )
    ax.plot(*average.T, color=colour, linewidth=2.2, label="average strategy $\\bar\\sigma^T$")
    ax.plot(*average[-1], "o", color=colour, markersize=7)
    ax.plot(*current[0], "s", color=colour, markersize=6, markerfacecolor="white", label="start")
    if equilibrium is not None:
        point = simplex_coordinates(np.asarray(equilibrium))[0]
        ax.plot(*point, "*", color="black", markersize=13, label="Nash equilibrium")
    ax.legend(loc="upper right", fontsize=8, framealpha=0.9)
    ax.set_title(
        title or f"Player {player} in {trajectory.game.name}, {trajectory.rounds:,} rounds"
    )
    return figure


def simplex_animation(
    trajectory: Trajectory,
    player: int = 1,
    frames: int = 40,
    equilibrium: Sequence[float] | None = None,
    dpi: int = 72,
) -> str:
    """A self-contained HTML animation (inline images and its own controls) of the simplex paths.

    The frames show the first rounds in geometric steps, so both the early spiral and the slow
    final approach are visible. It plays in a static page with no kernel and no network.
    """
    figure = simplex_figure(trajectory, player, equilibrium)
    figure.set_dpi(dpi)
    ax = figure.axes[0]
    current_line, average_line = ax.lines[1], ax.lines[2]
    average_dot = ax.lines[3]
    current = simplex_coordinates(trajectory.current[player])
    average = simplex_coordinates(trajectory.average[player])
    ends = np.unique(
        np.geomspace(min(10, trajectory.rounds), trajectory.rounds, frames).astype(int)
    )

    def draw(frame: int) -> tuple:
        end = ends[frame]
        current_line.set_data(current[:end, 0], current[:end, 1])
        average_line.set_data(average[:end, 0], average[:end, 1])
        average_dot.set_data([average[end - 1, 0]], [average[end - 1, 1]])
        ax.set_title(f"Player {player}: the first {end:,} rounds")
        return current_line, average_line, average_dot

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
        ax.loglog(x, values, color=REFERENCE_COLOUR, linestyle="--", linewidth=1.2, label=label)
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
    ax.axhline(
        target,
        color=REFERENCE_COLOUR,
        linestyle="--",
        linewidth=1.2,
        label=f"best-response value {target:.3g}",
    )
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
    """Grouped bars: one group per action, one bar per named strategy, probabilities on the y-axis."""
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
    ax.set_ylim(0, 1.12)
    ax.set_ylabel("probability")
    ax.set_title(title)
    ax.legend(fontsize=8, loc="upper left", ncols=max(len(names), 1))
    return figure
