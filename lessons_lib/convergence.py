"""Reading a CFR run's progress: thresholds reached, rates observed, and the worst-case bound.

A run (:func:`lessons_lib.cfr.solve`) records a *history*: one
:class:`~lessons_lib.cfr.Checkpoint` per measured iteration, holding the exact exploitability
``epsilon(sigma_bar^T)`` of the average profile. This module answers three questions about it.

- **When does it get good enough?** :func:`iterations_to_reach` gives the first checkpoint at or
  below a threshold, :func:`iterations_to_stay_below` the first one from which the run never goes
  back above it, and :func:`reach_table` both for several runs and thresholds. The answers are only
  as fine as the checkpoints: :func:`checkpoint_grid` lays out a log-spaced grid dense enough for
  counts to mean something, and :func:`largest_step` says how far apart its points are.
- **At what rate?** :func:`fitted_slope` is the least-squares slope of ``log epsilon`` against
  ``log T``: about ``-1/2`` for a run that follows a ``1/sqrt(T)`` law, ``-1`` for ``1/T``.
- **What does theory promise?** Zinkevich et al. (2007, Theorem 4) bound each player's average
  overall regret after T iterations of CFR by ``Delta_i |I_i| sqrt(|A_i|) / sqrt(T)``, where
  ``Delta_i = max_z u_i(z) - min_z u_i(z)`` is the range of the player's payoffs, ``|I_i|`` the
  number of the player's information sets and ``|A_i|`` the largest number of actions at any of
  them. In a two-player zero-sum game, with simultaneous updates, NashConv of the average profile
  is exactly the sum of the two players' average overall regrets (the argument of their
  Theorem 2), so the exploitability (half of NashConv, :mod:`lessons_lib.exploitability`) is at
  most half the sum of the two bounds:
  :func:`cfr_regret_bound` and :func:`cfr_exploitability_bound`, computed from the game itself.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from lessons_lib.core.checkpoints import Checkpoint
from lessons_lib.core.training import MAX_ITERATIONS, log_spaced_iterations
from lessons_lib.games.base import Game, check_two_player_zero_sum
from lessons_lib.scaling import log_log_slope
from lessons_lib.validation import (
    check_choice,
    check_integer,
    check_iterations,
    check_number,
    describe,
    is_number,
    non_empty_list_of,
)

#: The two readings of "reached a threshold" that :func:`reach_table` offers.
REACH_RULES = ("first", "stay")


# The checkpoint grid.


def checkpoint_grid(stop: int, per_decade: int = 100) -> list[int]:
    """Log-spaced iterations ``round(10^(k / per_decade))`` from 1 up to ``stop``, and ``stop``.

    Rounding merges the first points, so the grid holds every iteration up to about
    ``per_decade / ln(10)`` and then grows by a factor of about ``10^(1 / per_decade)`` per step.
    Pass it to :func:`~lessons_lib.cfr.solve` as ``checkpoints=``.
    """
    stop = check_iterations(stop, "stop")
    per_decade = check_iterations(per_decade, "per_decade")
    return sorted(set(log_spaced_iterations(stop, per_decade)) | {stop})


def largest_step(checkpoints: Sequence[int], start: int = 1) -> float:
    """The largest ratio ``next / previous`` between consecutive checkpoints from ``start`` on.

    A count ``n`` read off the grid says that the checkpoint before ``n`` was still above the
    threshold and ``n`` is not; the ratio says how far apart those two are, relative to ``n``.
    (Between checkpoints a run is not measured at all.)
    """
    points = _increasing_iterations(checkpoints, "checkpoints")
    start = check_iterations(start, "start")
    later = [p for p in points if p >= start]
    if len(later) < 2:
        raise ValueError(f"need two checkpoints at or after iteration {start}, got {later!r}")
    return max(b / a for a, b in zip(later, later[1:], strict=False))


# Thresholds.


def iterations_to_reach(history: Sequence[Checkpoint], threshold: float) -> int | None:
    """The first checkpoint whose average exploitability is at most ``threshold`` (None if none).

    Exploitability of the average is not monotone in T, so a run may go back above the threshold
    later (see :func:`iterations_to_stay_below`).
    """
    checked = _checked_history(history)
    limit = _positive_threshold(threshold)
    for checkpoint in checked:
        if checkpoint.average_exploitability <= limit:
            return checkpoint.iteration
    return None


def iterations_to_stay_below(history: Sequence[Checkpoint], threshold: float) -> int | None:
    """The first checkpoint from which every later checkpoint is at most ``threshold`` (or None).

    "Every later checkpoint" means up to the end of the history: a longer run might still rise.
    """
    checked = _checked_history(history)
    limit = _positive_threshold(threshold)
    first_of_the_tail = None
    for checkpoint in checked:
        if checkpoint.average_exploitability <= limit:
            if first_of_the_tail is None:
                first_of_the_tail = checkpoint.iteration
        else:
            first_of_the_tail = None
    return first_of_the_tail


def reach_table(
    histories: Mapping[str, Sequence[Checkpoint]],
    thresholds: Sequence[float],
    rule: str = "first",
) -> pd.DataFrame:
    """Iterations each run needs to reach each threshold: one row per run, one column per threshold.

    ``rule`` is ``"first"`` (:func:`iterations_to_reach`) or ``"stay"``
    (:func:`iterations_to_stay_below`). A cell holds the iteration count, or
    ``"not reached within N"`` with N the run's last checkpoint.
    """
    check_choice(rule, REACH_RULES, "rule")
    if not isinstance(histories, Mapping) or not histories:
        raise ValueError(
            f"histories must map run names to checkpoint lists, got {describe(histories)}"
        )
    if isinstance(thresholds, (str, bytes, Mapping)) or not isinstance(thresholds, Iterable):
        raise ValueError(f"thresholds must list exploitabilities, got {describe(thresholds)}")
    limits = [check_number(t, "thresholds", minimum=0.0, open_minimum=True) for t in thresholds]
    if not limits:
        raise ValueError("thresholds must list at least one exploitability")
    reach = iterations_to_reach if rule == "first" else iterations_to_stay_below
    rows = {}
    for name, history in histories.items():
        checked = _checked_history(history)
        last = checked[-1].iteration
        counts = [reach(checked, limit) for limit in limits]
        rows[name] = [f"not reached within {last:,}" if n is None else n for n in counts]
    columns = [f"ε ≤ {limit:.0e}" for limit in limits]
    return pd.DataFrame.from_dict(rows, orient="index", columns=columns, dtype=object)


def exploitability_at(history: Sequence[Checkpoint], iteration: int) -> float:
    """The average exploitability recorded at checkpoint ``iteration`` (ValueError if not one)."""
    checked = _checked_history(history)
    iteration = check_iterations(iteration, "iteration")
    for checkpoint in checked:
        if checkpoint.iteration == iteration:
            return checkpoint.average_exploitability
    raise ValueError(f"iteration {iteration} is not a checkpoint of this history")


# Rates.


def fitted_slope(
    history: Sequence[Checkpoint], first_iteration: int = 1, last_iteration: int | None = None
) -> float:
    """Least-squares slope of ``log epsilon(sigma_bar^T)`` against ``log T`` over a stretch.

    A law ``epsilon = c T^(-p)`` is a line of slope ``-p`` on log-log axes, so the slope estimates
    the observed rate. Only checkpoints with ``first_iteration <= T <= last_iteration`` (default:
    to the end) count, and their exploitability must be positive.
    """
    checked = _checked_history(history)
    first = check_iterations(first_iteration, "first_iteration")
    last = (
        checked[-1].iteration
        if last_iteration is None
        else check_iterations(last_iteration, "last_iteration")
    )
    chosen = [c for c in checked if first <= c.iteration <= last]
    if len(chosen) < 2:
        raise ValueError(f"need two checkpoints between iterations {first} and {last}")
    values = np.array([c.average_exploitability for c in chosen])
    if np.any(values <= 0):
        raise ValueError("the exploitability is zero at a checkpoint; its logarithm is undefined")
    iterations = np.array([c.iteration for c in chosen], dtype=float)
    return log_log_slope(iterations, values)


# The worst-case bound.


def payoff_range(game: Game, player: int = 1) -> float:
    """``Delta_i = max_z u_i(z) - min_z u_i(z)`` over the terminal histories ``z`` of ``game``.

    In a two-player zero-sum game ``u_2 = -u_1``, so both players have the same range.
    """
    _check_game(game)
    check_choice(player, game.players, "player")
    tree = game.tree
    payoffs = tree.utility(player)[tree.terminal]
    return float(payoffs.max() - payoffs.min())


def cfr_regret_bound(game: Game, player: int, iterations: int) -> float:
    """Zinkevich et al. (2007), Theorem 4: ``Delta_i |I_i| sqrt(|A_i|) / sqrt(T)``.

    The bound on player i's average overall regret after ``T = iterations`` iterations of CFR, with
    ``|A_i|`` the largest number of actions at any of the player's information sets.
    """
    delta = payoff_range(game, player)  # checks the game and the player
    iterations = check_integer(iterations, "iterations", minimum=1, maximum=MAX_ITERATIONS)
    keys = game.info_sets_of(player)
    most_actions = max(len(game.actions(key)) for key in keys)
    return delta * len(keys) * math.sqrt(most_actions) / math.sqrt(iterations)


def cfr_exploitability_bound(game: Game, iterations: int) -> float:
    """The bound on ``epsilon(sigma_bar^T)``: half the sum of the two players' regret bounds.

    Exploitability is half of NashConv, and with simultaneous updates NashConv of the average
    profile is the sum of the two players' average overall regrets (Zinkevich et al. 2007,
    Theorem 2). The bound is a worst case over all games of this size and payoff range.
    """
    check_two_player_zero_sum(game, "the exploitability bound")
    check_integer(iterations, "iterations", minimum=1, maximum=MAX_ITERATIONS)
    return 0.5 * sum(cfr_regret_bound(game, player, iterations) for player in game.players)


# Checks.


def _checked_history(history: Sequence[Checkpoint]) -> list[Checkpoint]:
    """``history`` as a list, after checking it is non-empty, of Checkpoints, in iteration order."""
    if isinstance(history, Sequence) and not history:
        raise ValueError("history is empty: run at least one iteration")
    checked = non_empty_list_of(history, Checkpoint, "history")
    _increasing_iterations([c.iteration for c in checked], "history")
    for checkpoint in checked:
        if not is_number(checkpoint.average_exploitability):
            raise ValueError(
                f"history has a checkpoint whose exploitability is not a finite number: "
                f"{describe(checkpoint)}"
            )
    return checked


def _increasing_iterations(iterations: Sequence[int], name: str) -> list[int]:
    if isinstance(iterations, (str, bytes, Mapping)) or not isinstance(iterations, Iterable):
        raise ValueError(f"{name} must be a list of iteration numbers, got {describe(iterations)}")
    values = list(iterations)
    for value in values:
        check_iterations(value, f"an iteration of {name}")
    if any(b <= a for a, b in zip(values, values[1:], strict=False)):
        raise ValueError(f"{name} must be in strictly increasing iteration order, got {values!r}")
    return values


def _positive_threshold(threshold: object) -> float:
    return check_number(threshold, "threshold", minimum=0.0, open_minimum=True)


def _check_game(game: object) -> None:
    if not isinstance(game, Game):
        raise ValueError(f"game must be a Game (such as KuhnPoker()), got {describe(game)}")


__all__ = [
    "REACH_RULES",
    "checkpoint_grid",
    "cfr_exploitability_bound",
    "cfr_regret_bound",
    "exploitability_at",
    "fitted_slope",
    "iterations_to_reach",
    "iterations_to_stay_below",
    "largest_step",
    "payoff_range",
    "reach_table",
]
