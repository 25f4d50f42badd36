"""Figures of Chapter 4: CFR converging on Kuhn poker, and what its average strategy learns.

- :func:`cfr_exploitability_figure`  ``epsilon(sigma_bar^T)`` and ``epsilon(sigma^{T+1})`` on a
  log-log plot, with a ``1/sqrt(T)`` reference line and a second axis in mbb/g (its curves are
  :func:`exploitability_curves`; :mod:`lessons_lib.plots.live` updates them in place)
- :func:`learned_strategy_figure`    the learned probability of betting (or calling) at every
  information set beside a reference profile, such as the member of Kuhn's family with the
  learned alpha (:mod:`lessons_lib.plots.tables` has the same as an HTML table for the live demo)
- :func:`strategy_paths_figure`      the average strategy of every information set over the
  iterations, one small panel each
- :func:`family_animation`           the learned bluff, value bet and call moving onto Kuhn's
  relations while the exploitability falls: a self-contained HTML animation
- :func:`exploitability_runs_figure` several runs' exploitability, panel by panel (the pitfalls)

The profile's exploitability belongs to both players, so its curves are black, not a player's
colour; a player's probabilities are drawn in that player's colour.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from matplotlib.animation import FuncAnimation
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from lessons_lib.core.checkpoints import Checkpoint
from lessons_lib.games.base import Game
from lessons_lib.plots.axes import (
    checked_log_range,
    decades_around,
    label_exploitability_axes,
    light_log_axis,
)
from lessons_lib.plots.counterfactual import action_names
from lessons_lib.plots.style import (
    PLAYER_COLOURS,
    REFERENCE_COLOUR,
    REFERENCE_LINE,
    SERIES_COLOURS,
    algorithm_colour,
    animation_html,
    new_figure,
)
from lessons_lib.policy import Policy, validate_policy
from lessons_lib.validation import (
    as_finite_array,
    check_instance,
    describe,
    list_of,
    mapping_of,
)

#: The colour of the average profile's exploitability (a property of both players' strategies).
PROFILE_COLOUR = "#000000"
#: The colour of the current profile's exploitability.
CURRENT_COLOUR = "#CC79A7"
#: The note of an exploitability figure without checkpoints.
NO_ITERATIONS = "no iterations yet"
#: Runs with at most this many checkpoints mark each one, so that a single checkpoint is visible.
_MARKED_CHECKPOINTS = 12
#: Colours of runs of :func:`exploitability_runs_figure` that name no algorithm, in order.
RUN_COLOURS = SERIES_COLOURS


@dataclass(frozen=True)
class Curve:
    """One curve of :func:`cfr_exploitability_figure`: its label, its points and its line style."""

    label: str
    iterations: np.ndarray
    exploitability: np.ndarray
    style: dict[str, object]  # Line2D properties: colour, width, markers


def exploitability_curves(
    history: Sequence[Checkpoint],
    show_current: bool = True,
    reference: bool = True,
    reference_until: float | None = None,
    markers: bool | None = None,
) -> list[Curve]:
    """The curves :func:`cfr_exploitability_figure` draws for ``history``, bottom one first.

    The current strategy's ``epsilon(sigma^{T+1})`` (if ``show_current``), the average strategy's
    ``epsilon(sigma_bar^T)``, and (if ``reference``) the line ``c / sqrt(T)`` through the first
    checkpoint's average exploitability, drawn up to ``reference_until`` (default: the last
    checkpoint, at least 10). Exact zeros are left out (a log axis cannot show them), so a curve
    may have no points; the list of curves depends only on ``show_current`` and ``reference``.
    ``markers`` marks every checkpoint; by default only up to 12 checkpoints, so that a single
    checkpoint is visible.
    """
    iterations, average, current = _history_arrays(history)
    if markers is None:
        markers = iterations.size <= _MARKED_CHECKPOINTS
    marker = "o" if markers else "None"
    curves = []
    if show_current:
        keep = current > 0
        curves.append(
            Curve(
                r"current strategy $\sigma^{T+1}$",
                iterations[keep],
                current[keep],
                dict(color=CURRENT_COLOUR, linewidth=1.0, alpha=0.8, marker=marker, markersize=3),
            )
        )
    keep = average > 0
    curves.append(
        Curve(
            r"average strategy $\bar\sigma^T$",
            iterations[keep],
            average[keep],
            dict(color=PROFILE_COLOUR, linewidth=2.0, marker=marker, markersize=4),
        )
    )
    if reference:
        span = np.array([])
        if iterations.size and average[0] > 0:
            until = max(iterations[-1], 10.0) if reference_until is None else reference_until
            span = np.geomspace(iterations[0], max(until, iterations[0]), 100)
        first = average[0] if iterations.size else 0.0
        curves.append(
            Curve(
                r"reference slope $1/\sqrt{T}$",
                span,
                first * np.sqrt(iterations[0] / span) if span.size else span,
                dict(REFERENCE_LINE, marker="None"),
            )
        )
    return curves


def cfr_exploitability_figure(
    history: Sequence[Checkpoint],
    title: str = "Exploitability of CFR's strategies",
    show_current: bool = True,
    reference: bool = True,
    iteration_range: tuple[float, float] | None = None,
    exploitability_range: tuple[float, float] | None = None,
    markers: bool | None = None,
) -> Figure:
    """Log-log curves of ``epsilon(sigma_bar^T)`` (and ``epsilon(sigma^{T+1})``) against T.

    ``history`` is a run's checkpoints (``CFRResult.history``), in chips per hand on the left axis
    and in milli-big-blinds per game (times 1000) on the right one; the curves are
    :func:`exploitability_curves` (``markers`` as there). The grey reference line ``c / sqrt(T)``
    passes through the first checkpoint's average exploitability: it shows the slope of CFR's
    worst-case rate, not a bound. The axes fit the data (whole decades of exploitability) unless
    ``iteration_range`` or ``exploitability_range`` fix them, as a live plot does so that only its
    curves change (:func:`~lessons_lib.plots.live.set_exploitability_curves`). An empty history
    gives empty curves and a
    note, "no iterations yet".
    """
    iteration_range = checked_log_range(iteration_range, "iteration_range")
    exploitability_range = checked_log_range(exploitability_range, "exploitability_range")
    until = None if iteration_range is None else iteration_range[1]
    curves = exploitability_curves(history, show_current, reference, until, markers)
    figure, (ax,) = new_figure(6.6, 4.2)
    for curve in curves:
        ax.plot(curve.iterations, curve.exploitability, label=curve.label, **curve.style)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.legend(fontsize=9.5, loc="lower left")  # its superscript T+1 reads at 9 px
    note = ax.text(0.5, 0.5, NO_ITERATIONS, transform=ax.transAxes, ha="center")
    note.set(color=REFERENCE_COLOUR, visible=not history)
    ax.set_xlim(iteration_range or _fitted_iterations(curves))
    ax.set_ylim(exploitability_range or _fitted_exploitability(curves))
    ax.set_xlabel("iterations T")
    ax.set_ylabel("exploitability (chips per hand)")
    mbb = ax.secondary_yaxis("right", functions=(lambda c: c * 1000.0, lambda m: m / 1000.0))
    mbb.set_ylabel("mbb/g")
    for axis in (ax.xaxis, ax.yaxis, mbb.yaxis):
        light_log_axis(axis)
    ax.set_title(title)
    return figure


def _fitted_iterations(curves: Sequence[Curve]) -> tuple[float, float]:
    """From the first iteration to the last checkpoint (at least 10)."""
    last = max((curve.iterations[-1] for curve in curves if curve.iterations.size), default=10.0)
    return 1.0, max(last, 10.0)


def _fitted_exploitability(curves: Sequence[Curve]) -> tuple[float, float]:
    """Whole decades around the data (:func:`decades_around`), or 10^-3 to 1 without data."""
    shown = [c.exploitability for c in curves if not c.label.startswith("reference")]
    points = np.concatenate(shown) if shown else np.array([])
    return decades_around(points) if points.size else (1e-3, 1.0)


def learned_strategy_figure(
    game: Game,
    learned: Policy,
    reference: Policy | None = None,
    reference_label: str = "equilibrium",
    title: str = "The learned average strategy",
) -> Figure:
    """The probability of the second action (bet, or call) at every information set.

    One row per information set of a two-action game, player 1's first: a dot in the player's
    colour for ``learned``, and, when ``reference`` is given, a black diamond for it, joined by a
    line that shows the gap. The learned and reference numbers are written at the right.
    """
    keys = two_action_info_sets(game, learned, reference)
    figure, (ax,) = new_figure(7.2, 0.36 * len(keys) + 1.4)
    rows = np.arange(len(keys))[::-1]  # the first information set on top
    for row, key in zip(rows, keys, strict=True):
        colour = PLAYER_COLOURS[game.player(key)]
        p = float(learned[key][1])
        ax.plot(p, row, "o", color=colour, markersize=7)
        text = f"{p:.3f}"
        if reference is not None:
            q = float(reference[key][1])
            ax.plot([p, q], [row, row], color=colour, linewidth=1.0, alpha=0.6)
            # Hollow and larger than the dot, so that a learned value on target shows inside it.
            ax.plot(q, row, "D", color="black", markersize=10, markerfacecolor="none")
            text += f"   {q:.3f}"
        ax.text(1.04, row, text, va="center", fontsize=8, transform=ax.get_yaxis_transform())
    header = "learned   " + ("reference" if reference is not None else "")
    ax.text(
        1.04,
        len(keys) - 0.45,
        header,
        va="bottom",
        fontsize=8,
        weight="bold",
        transform=ax.get_yaxis_transform(),
    )
    labels = [f"{key}  {action_names(game, key)[1]}" for key in keys]
    ax.set_yticks(rows, labels, fontsize=8)
    for tick, key in zip(ax.get_yticklabels(), keys, strict=True):
        tick.set_color(PLAYER_COLOURS[game.player(key)])
    ax.set_xlim(-0.03, 1.03)
    ax.set_ylim(-0.7, len(keys) - 0.3)
    ax.set_xlabel("probability of bet / call")
    handles = [
        ax.plot([], [], "o", color=PLAYER_COLOURS[i], label=f"learned, player {i}")[0]
        for i in game.players
    ]
    if reference is not None:
        handles += ax.plot(
            [], [], "D", color="black", markerfacecolor="none", label=reference_label
        )
    ax.legend(handles=handles, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=3)
    ax.set_title(title)
    return figure


def two_action_info_sets(game: Game, learned: Policy, reference: Policy | None) -> list[str]:
    """The game's information sets, checked to have two actions and entries in both policies.

    The information sets that :func:`learned_strategy_figure` and
    :func:`~lessons_lib.plots.tables.learned_strategy_table` show, one row each.
    """
    _check_policies(game, {"learned": learned, "reference": reference})
    keys = list(game.info_sets())
    for key in keys:
        if len(game.actions(key)) != 2:
            raise ValueError(f"information set {key!r} does not have exactly two actions")
        if key not in learned:
            raise ValueError(f"learned has no entry for information set {key!r}")
        if reference is not None and key not in reference:
            raise ValueError(f"reference has no entry for information set {key!r}")
    return keys


def strategy_paths_figure(
    game: Game,
    iterations: Sequence[int],
    policies: Sequence[Policy],
    reference: Policy | None = None,
    reference_label: str = "equilibrium",
    title: str = "The average strategy at every information set",
) -> Figure:
    """One small panel per information set: ``sigma_bar^T(I, bet or call)`` against T (log axis).

    ``policies[k]`` is the average policy after ``iterations[k]`` iterations. Information sets are
    laid out as in Kuhn poker: a row per public history (``""``, ``"p"``, ``"b"``, ``"pb"``), a
    column per card, when the game has that shape; otherwise in order, three per row. A grey
    dashed line marks ``reference`` at each information set.
    """
    check_instance(game, Game, "game", "a Game (such as KuhnPoker())")
    x = as_finite_array(iterations, "iterations")
    policies = list_of(policies, "policies")
    _check_policies(game, {"reference": reference})
    for k, policy in enumerate(policies):
        _check_policies(game, {f"policies[{k}]": policy})
    if x.ndim != 1 or x.size == 0 or len(policies) != x.size:
        raise ValueError("iterations and policies must be non-empty and of the same length")
    if np.any(x < 1):
        raise ValueError("iterations must be at least 1 (the x-axis is logarithmic)")
    grid = _panel_layout(game)
    n_rows, n_columns = len(grid), len(grid[0])
    figure, axes = _panel_grid(2.6 * n_columns + 0.6, 1.75 * n_rows + 0.8, n_rows, n_columns)
    for r, row in enumerate(grid):
        for c, key in enumerate(row):
            ax = axes[r][c]
            if key is None:
                ax.set_visible(False)
                continue
            probability = np.array([float(policy[key][1]) for policy in policies])
            colour = PLAYER_COLOURS[game.player(key)]
            ax.semilogx(x, probability, color=colour, linewidth=1.6)
            if reference is not None:
                ax.axhline(
                    float(reference[key][1]), color=REFERENCE_COLOUR, linestyle="--", linewidth=1.0
                )
            ax.set_ylim(-0.05, 1.05)
            ax.set_xlim(x[0], x[-1])
            ax.set_title(f"{key}  P({action_names(game, key)[1]})", fontsize=9, color=colour)
            ax.tick_params(labelsize=9.5)  # the exponents of 10² read at 9 px
            light_log_axis(ax.xaxis)
            if r == n_rows - 1 or grid[r + 1][c] is None:
                ax.set_xlabel("iterations T", fontsize=8)
    note = f"; dashed: {reference_label}" if reference is not None else ""
    figure.suptitle(f"{title}\n(player 1 blue, player 2 vermillion{note})", fontsize=11)
    return figure


def family_animation(
    iterations: Sequence[int],
    policies: Sequence[Policy],
    history: Sequence[Checkpoint],
    frames: int = 30,
    dpi: int = 100,
) -> str:
    """An HTML animation: Kuhn's relations emerging while the exploitability falls.

    Left: player 1's learned ``P(bet K)`` and ``P(call Q after check, bet)`` against the learned
    ``alpha = P(bet J)``, with Kuhn's relations ``3 alpha`` and ``alpha + 1/3`` as grey lines over
    the family's range ``[0, 1/3]``. Right: the exploitability of the average so far. The frames
    take geometrically spaced entries of ``policies`` (the average policies after
    ``iterations``), so the early swings and the slow end are both visible. Self-contained
    (inline images, its own controls): it plays in a static page.
    """
    x = as_finite_array(iterations, "iterations")
    policies = list_of(policies, "policies")
    for k, policy in enumerate(policies):
        if not (isinstance(policy, Mapping) and "J:" in policy and "K:" in policy):
            raise ValueError(f"policies[{k}] must be a policy of Kuhn poker, got {policy!r}")
    if x.ndim != 1 or x.size == 0 or len(policies) != x.size:
        raise ValueError("iterations and policies must be non-empty and of the same length")
    steps, average, _ = _history_arrays(history)
    if steps.size == 0:
        raise ValueError("history must have at least one checkpoint")
    alpha = np.array([float(p["J:"][1]) for p in policies])
    king = np.array([float(p["K:"][1]) for p in policies])
    queen = np.array([float(p["Q:pb"][1]) for p in policies])
    chosen = np.unique(np.geomspace(1, x.size, frames).round().astype(int) - 1)

    figure, (family_ax, curve_ax) = new_figure(8.9, 4.2, ncols=2)  # at most the column's width
    figure.set_dpi(dpi)
    span = np.linspace(0.0, 1.0 / 3.0, 50)
    family_ax.axvspan(0.0, 1.0 / 3.0, color=REFERENCE_COLOUR, alpha=0.12, linewidth=0)
    family_ax.plot(span, 3 * span, color=REFERENCE_COLOUR, linestyle="--", label="K: bet = 3α")
    family_ax.plot(
        span, span + 1 / 3, color=REFERENCE_COLOUR, linestyle=":", label="Q:pb call = α + 1/3"
    )
    colour = PLAYER_COLOURS[1]
    king_trail = family_ax.plot([], [], color=colour, linewidth=0.7, alpha=0.3)[0]
    queen_trail = family_ax.plot([], [], color=colour, linewidth=0.7, alpha=0.3, linestyle=":")[0]
    king_dot = family_ax.plot([], [], "s", color=colour, markersize=8, label="learned K: bet")[0]
    queen_dot = family_ax.plot([], [], "^", color=colour, markersize=8, label="learned Q:pb call")[
        0
    ]
    family_ax.text(0.01, 0.02, "Kuhn's family: α in [0, 1/3]", ha="left", fontsize=8)
    family_ax.set_xlim(0.0, min(1.0, max(0.55, float(alpha.max()) + 0.05)))
    family_ax.set_ylim(0.0, 1.05)
    family_ax.set_xlabel("learned α = P(bet J)")
    family_ax.set_ylabel("learned probability")
    family_ax.legend(fontsize=8, loc="lower right")  # the trajectories stay above the diagonal

    keep = average > 0
    curve_ax.loglog(steps[keep], average[keep], color=REFERENCE_COLOUR, linewidth=0.8, alpha=0.4)
    curve = curve_ax.loglog([], [], color=PROFILE_COLOUR, linewidth=2.0)[0]
    curve_ax.set_xlim(1, steps[-1])
    curve_ax.set_xlabel("iterations T")
    curve_ax.set_ylabel("chips per hand")
    curve_ax.set_title("exploitability of the average so far")
    for axis in (curve_ax.xaxis, curve_ax.yaxis):
        light_log_axis(axis)

    def draw(frame: int) -> tuple:
        k = chosen[frame]
        king_trail.set_data(alpha[: k + 1], king[: k + 1])
        queen_trail.set_data(alpha[: k + 1], queen[: k + 1])
        king_dot.set_data([alpha[k]], [king[k]])
        queen_dot.set_data([alpha[k]], [queen[k]])
        shown = steps <= x[k]
        curve.set_data(steps[shown & keep], average[shown & keep])
        done = f"{int(x[k]):,} iteration{'' if int(x[k]) == 1 else 's'}"
        family_ax.set_title(f"player 1 after {done}: α = {alpha[k]:.3f}")
        return king_trail, queen_trail, king_dot, queen_dot, curve

    draw(len(chosen) - 1)  # lay the figure out once, with the longest titles, then keep it fixed
    figure.canvas.draw()
    figure.set_layout_engine("none")
    box = curve_ax.get_position()  # a little more room between the panels for the y-label
    curve_ax.set_position([box.x0 + 0.03, box.y0, box.width - 0.03, box.height])
    animation = FuncAnimation(figure, draw, frames=len(chosen), interval=200, blit=False)
    return animation_html(animation, fps=5)


def exploitability_runs_figure(
    panels: Mapping[str, Mapping[str, tuple[Sequence[int], Sequence[float]]]],
    title: str | None = None,
) -> Figure:
    """Panels of log-log exploitability curves, one curve per run.

    ``panels`` maps a panel's title to its runs; a run maps its name to ``(iterations,
    exploitability)``. A run keeps its algorithm's colour
    (:func:`~lessons_lib.plots.style.algorithm_colour`)
    in every panel and chapter; other names take :data:`RUN_COLOURS` in order of first appearance.
    """
    if not isinstance(panels, Mapping) or not panels:
        raise ValueError(f"panels must map titles to runs, got {describe(panels)}")
    names: list[str] = []
    for runs in panels.values():
        if not mapping_of(runs, "a panel of panels"):
            raise ValueError("every panel needs at least one run")
        names += [name for name in runs if name not in names]
    colours = {
        name: algorithm_colour(name) or RUN_COLOURS[k % len(RUN_COLOURS)]
        for k, name in enumerate(names)
    }
    # At most the column's width (8.9 inches at 100 dpi), so that no text is shrunk below 9 px.
    figure, axes = new_figure(min(5.4 * len(panels), 8.9), 4.2, ncols=len(panels))
    for ax, (panel_title, runs) in zip(axes, panels.items(), strict=True):
        for name, run in runs.items():
            if not isinstance(run, (tuple, list)) or len(run) != 2:
                raise ValueError(f"run {name!r} must be (iterations, exploitability), got {run!r}")
            steps = as_finite_array(run[0], f"the iterations of run {name!r}")
            values = as_finite_array(run[1], f"the exploitability of run {name!r}")
            if steps.shape != values.shape or not np.all(np.isfinite(values)):
                raise ValueError(f"run {name!r} needs finite values, one per iteration")
            keep = values > 0
            ax.loglog(steps[keep], values[keep], color=colours[name], linewidth=1.7, label=name)
        label_exploitability_axes(ax, "exploitability of the average (chips per hand)", panel_title)
        for axis in (ax.xaxis, ax.yaxis):
            light_log_axis(axis)
    if title is not None:
        figure.suptitle(title)
    return figure


def _history_arrays(history: Sequence[Checkpoint]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(iterations, average exploitability, current exploitability) of a run's checkpoints."""
    history = list_of(history, "history")
    for checkpoint in history:
        check_instance(checkpoint, Checkpoint, "every entry of history", "a Checkpoint")
    iterations = np.array([c.iteration for c in history], dtype=float)
    average = np.array([c.average_exploitability for c in history], dtype=float)
    current = np.array([c.current_exploitability for c in history], dtype=float)
    if not (np.all(np.isfinite(average)) and np.all(np.isfinite(current))):
        raise ValueError("history has a non-finite exploitability")
    return iterations, average, current


def _panel_layout(game: Game) -> list[list[str | None]]:
    """Kuhn poker's information sets in a grid (public history by card), or three per row."""
    keys = list(game.info_sets())
    split = [key.split(":", 1) for key in keys]
    if all(len(parts) == 2 for parts in split):
        cards = list(dict.fromkeys(card for card, _ in split))
        publics = list(dict.fromkeys(public for _, public in split))
        present = set(keys)
        if len(cards) * len(publics) == len(keys):
            return [[f"{c}:{p}" if f"{c}:{p}" in present else None for c in cards] for p in publics]
    rows = [keys[i : i + 3] for i in range(0, len(keys), 3)]
    return [row + [None] * (3 - len(row)) for row in rows]


def _panel_grid(width: float, height: float, n_rows: int, n_columns: int) -> tuple[Figure, list]:
    """A book figure with a grid of axes styled like :func:`new_figure`'s."""
    figure, (placeholder,) = new_figure(width, height)
    placeholder.remove()
    axes = figure.subplots(n_rows, n_columns, squeeze=False)
    for ax in axes.flat:
        _style(ax)
    return figure, [list(row) for row in axes]


def _style(ax: Axes) -> None:
    ax.set_facecolor("white")
    ax.grid(True, color="#DDDDDD", linewidth=0.6)
    ax.set_axisbelow(True)


def _check_policies(game: object, policies: Mapping[str, object]) -> None:
    """``ValueError`` naming the first of ``policies`` (by name; None is skipped) that is not a
    policy of ``game``."""
    check_instance(game, Game, "game", "a Game (such as KuhnPoker())")
    for name, policy in policies.items():
        if policy is None and name != "learned":
            continue
        if not isinstance(policy, Mapping):
            raise ValueError(f"{name} must be a policy (a dict), got {describe(policy)}")
        try:
            validate_policy(game, policy)
        except ValueError as error:
            raise ValueError(f"{name} is not a policy of {game!r}: {error}") from error
