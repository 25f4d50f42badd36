"""Regret matching (Hart and Mas-Colell 2000) and self-play in matrix games.

Regret of action a after playing sigma against an opponent's tau:
``r(a) = u(a, tau) - u(sigma, tau)``. Cumulative regret ``R^T(a) = sum_t r^t(a)``.
Regret matching plays each action in proportion to its positive cumulative regret,
``sigma^{T+1}(a) = R^{T,+}(a) / sum_b R^{T,+}(b)``, and uniformly when no regret is positive.

Computing a strategy from regrets (:func:`regret_matching`) is a pure function; the accumulation of
regrets and of the average strategy is kept separate, in :class:`RegretMatcher`.

:func:`self_play` is two-player zero-sum self-play, where the average profile converges to a Nash
equilibrium; :func:`general_sum_self_play` runs the same learners in a bimatrix game, where only
the empirical joint play is guaranteed to converge (to the set of coarse correlated equilibria).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import mul

import numpy as np

from lessons_lib.normal_form import (
    BimatrixGame,
    MatrixGame,
    action_values,
)
from lessons_lib.sums import Segments, matrix_vector, sum_of_products

# (The same run of validation helpers as plots.holdem imports: a list of names, no logic.)
from lessons_lib.validation import (
    as_finite_array,
    as_finite_vector,
    check_choice,
    check_entries,
    check_instance,
    check_integer,
    check_iterations,
    check_number,
    describe,
)


def regret_matching(
    cumulative_regret: Sequence[float] | np.ndarray, segments: Segments | None = None
) -> np.ndarray:
    """The regret-matching strategy: positive regrets normalised, or uniform if none is positive.

    ``sigma(a) = R+(a) / sum_b R+(b)`` (Hart and Mas-Colell 2000). ``cumulative_regret`` holds one
    player's regrets at one decision, or, with ``segments``, at many: its rows are actions, cut
    into the ``segments`` of its information sets (a row may have a column per private hand), and
    each information set is normalised on its own. Every engine of the library, Monte Carlo CFR
    and the matrix games compute their strategies with this function (through
    :func:`match_regrets`, the same arithmetic without the checks).
    """
    regret, segments = checked_rows(cumulative_regret, segments, "cumulative regret")
    positive = np.maximum(regret, 0.0)
    with np.errstate(over="ignore"):  # an overflowing sum is handled here
        total = segments.totals(positive)
    if np.isinf(total).any():  # scale each information set to [0, 1] first
        largest = segments.maxima(positive)
        positive = np.divide(positive, largest, out=np.zeros_like(positive), where=largest > 0)
    return match_regrets(positive, segments, floored=True)


def checked_rows(
    values: object, segments: Segments | None, name: str
) -> tuple[np.ndarray, Segments]:
    """``values`` as a finite array with one row per row of ``segments`` (one segment of them all
    when None), and the segments; ``ValueError`` naming ``name`` otherwise."""
    if segments is None:
        array = as_finite_vector(values, name)
        return array, one_segment(array.size)
    check_instance(segments, Segments, "segments", "a Segments")
    array = as_finite_array(values, name)
    if array.ndim not in (1, 2) or array.shape[0] != segments.segment_of_row.size:
        raise ValueError(
            f"{name} must have one row per action of the segments "
            f"({segments.segment_of_row.size}), got shape {array.shape}"
        )
    return array, segments


@lru_cache(maxsize=64)
def one_segment(width: int) -> Segments:
    """The :class:`~lessons_lib.sums.Segments` of one information set of ``width`` actions."""
    return Segments.of_widths([width])


def match_regrets(
    regret: np.ndarray,
    segments: Segments,
    out: np.ndarray | None = None,
    floored: bool = False,
    uniform: np.ndarray | None = None,
) -> np.ndarray:
    """:func:`regret_matching` without checks, into ``out`` if given: the engines' inner loop.

    ``floored`` says the regrets have no negative entry already (regret-matching+ has just floored
    them), which saves taking their positive part; ``uniform`` is the uniform strategy in the
    regrets' shape, if the caller keeps one. The caller keeps every information set's sum of
    positive regrets finite.
    """
    positive = regret if floored else np.maximum(regret, 0.0)
    total = segments.totals(positive)
    if out is None:
        out = np.empty_like(positive)
    np.copyto(out, segments.uniform_like(positive) if uniform is None else uniform)
    np.divide(positive, total, out=out, where=total > 0)
    return out


def instantaneous_regret(
    game: MatrixGame, player: int, strategy: Sequence[float], opponent_strategy: Sequence[float]
) -> np.ndarray:
    """``r(a) = u(a, tau) - u(sigma, tau)`` for every action a of ``player``."""
    check_instance(game, MatrixGame, "game", "a MatrixGame")
    values = action_values(game, player, opponent_strategy)
    own = game.strategy(player, strategy)
    return values - sum_of_products(own, values)


class RegretMatcher:
    """One learner: cumulative regrets, the strategy they imply, and the running average.

    ``strategy()`` is the current strategy sigma^t (regret matching on the cumulative regrets);
    ``observe(values)`` adds the regrets of sigma^t given the value of every action this round and
    adds sigma^t to the strategy sum; ``average_strategy()`` is (1/T) sum_t sigma^t, the strategy
    that converges to equilibrium in self-play.
    """

    def __init__(self, n_actions: int, initial_regret: Sequence[float] | None = None) -> None:
        check_iterations(n_actions, "n_actions")
        check_entries(n_actions, f"a regret matcher with n_actions={n_actions}")
        if initial_regret is None:
            initial_regret = np.zeros(n_actions)
        self.cumulative_regret = as_finite_vector(
            initial_regret, "initial regret", n_actions
        ).copy()
        self.strategy_sum = np.zeros(n_actions)
        self.rounds = 0

    def strategy(self) -> np.ndarray:
        """The current strategy sigma^{T+1}, from the regrets accumulated so far."""
        return regret_matching(self.cumulative_regret)

    def observe(self, values: Sequence[float] | np.ndarray) -> np.ndarray:
        """Play the current strategy against action values ``values``; return its regrets."""
        action_value = as_finite_vector(values, "action values", self.cumulative_regret.size)
        sigma = self.strategy()
        regret = action_value - sum_of_products(sigma, action_value)
        self.cumulative_regret += regret
        self.strategy_sum += sigma
        self.rounds += 1
        return regret

    def average_strategy(self) -> np.ndarray:
        """The average of the strategies played so far (the current strategy before any round)."""
        if self.rounds == 0:
            return self.strategy()
        return self.strategy_sum / self.strategy_sum.sum()


@dataclass(frozen=True)
class Trajectory:
    """What a run of regret matching played, round by round.

    ``current[p][t]`` is player p's strategy in round t + 1 and ``average[p][t]`` the average of its
    first t + 1 strategies (rows of arrays with one column per action); ``payoff[t]`` is player 1's
    expected payoff in round t + 1. For a learner against a fixed opponent only player 1 learns.
    """

    game: MatrixGame
    current: dict[int, np.ndarray]
    average: dict[int, np.ndarray]
    payoff: np.ndarray

    @property
    def rounds(self) -> int:
        return int(self.payoff.size)

    def mean_payoff(self) -> np.ndarray:
        """Player 1's average payoff per round after each round."""
        return np.cumsum(self.payoff) / np.arange(1, self.rounds + 1)

    def exploitability(self) -> np.ndarray:
        """Exploitability of the average profile after each round (self-play only).

        Row t is :func:`~lessons_lib.normal_form.exploitability` of
        ``(average[1][t], average[2][t])``,
        computed for all rounds at once: ``1/2 (max_a (A tau_t)_a + max_b -(sigma_t A)_b)``.
        """
        matrix = self.game.payoffs
        best_against_tau = matrix_vector(matrix, self.average[2]).max(axis=1)
        best_against_sigma = (-matrix_vector(matrix.T, self.average[1])).max(axis=1)
        return 0.5 * (best_against_tau + best_against_sigma)

    def distance_to(self, sigma: Sequence[float], tau: Sequence[float]) -> np.ndarray:
        """After each round, the largest difference between an average strategy and (sigma, tau).

        Row t is ``max(max_a |average[1][t, a] - sigma_a|, max_b |average[2][t, b] - tau_b|)``.
        """
        return _distance(self.game, self.average, sigma, tau)


def _distance(
    game: MatrixGame | BimatrixGame,
    average: dict[int, np.ndarray],
    sigma: Sequence[float],
    tau: Sequence[float],
) -> np.ndarray:
    targets = {1: game.strategy(1, sigma), 2: game.strategy(2, tau)}
    gaps = [np.abs(average[p] - targets[p]).max(axis=1) for p in (1, 2)]
    return np.maximum(gaps[0], gaps[1])


def self_play(
    game: MatrixGame,
    iterations: int,
    initial_regret: tuple[Sequence[float], Sequence[float]] | None = None,
) -> Trajectory:
    """Two regret matchers play ``game`` against each other with exact expected payoffs.

    Each round both compute sigma^t and tau^t from their cumulative regrets, then add the regrets
    ``(A tau)_a - sigma A tau`` and ``-(sigma A)_b + sigma A tau``. ``initial_regret`` gives each
    player's starting regrets (zero by default, which starts both players uniform).

    The values and regrets are summed on plain Python floats, left to right (numpy's per-call
    overhead dominates for three-action vectors); the strategies are :func:`regret_matching`'s.
    """
    check_instance(game, MatrixGame, "game", "a MatrixGame")
    iterations = check_iterations(iterations)
    rows, columns = game.payoffs.shape
    check_entries(iterations * (rows + columns + 1), f"self_play with iterations={iterations}")
    start_1, start_2 = _initial_regrets(initial_regret, rows, columns)
    regret_1, regret_2 = start_1.tolist(), start_2.tolist()
    matrix = game.payoffs.tolist()
    columns_of_matrix = game.payoffs.T.tolist()
    played_1: list[list[float]] = []
    played_2: list[list[float]] = []
    payoffs: list[float] = []
    for _ in range(iterations):
        try:
            sigma = regret_matching(regret_1).tolist()
            tau = regret_matching(regret_2).tolist()
        except ValueError:  # a regret overflowed to infinity: said once, below
            regret_1 = [math.inf]
            break
        values_1 = [sum(map(mul, row, tau)) for row in matrix]  # (A tau)_a
        values_2 = [-sum(map(mul, column, sigma)) for column in columns_of_matrix]  # -(sigma A)_b
        value = sum(map(mul, sigma, values_1))  # sigma A tau
        regret_1 = [r + v - value for r, v in zip(regret_1, values_1, strict=True)]
        regret_2 = [r + v + value for r, v in zip(regret_2, values_2, strict=True)]
        played_1.append(sigma)
        played_2.append(tau)
        payoffs.append(value)
    if not all(map(math.isfinite, regret_1 + regret_2)):
        raise ValueError(
            f"the regrets of self_play overflowed (payoffs or initial_regret too large): "
            f"{describe(game.payoffs)}, initial_regret={describe(initial_regret)}"
        )
    current_1, current_2 = np.array(played_1), np.array(played_2)
    return Trajectory(
        game=game,
        current={1: current_1, 2: current_2},
        average={1: _running_mean(current_1), 2: _running_mean(current_2)},
        payoff=np.array(payoffs),
    )


@dataclass(frozen=True)
class GeneralSumTrajectory:
    """What two regret matchers played in a bimatrix game, round by round.

    ``current[p][t]`` is player p's strategy in round t + 1, ``average[p][t]`` the average of its
    first t + 1 strategies, and ``payoff[p][t]`` player p's expected payoff in round t + 1.
    """

    game: BimatrixGame
    current: dict[int, np.ndarray]
    average: dict[int, np.ndarray]
    payoff: dict[int, np.ndarray]

    @property
    def rounds(self) -> int:
        return int(self.payoff[1].size)

    def distance_to(self, sigma: Sequence[float], tau: Sequence[float]) -> np.ndarray:
        """After each round, the largest difference between an average strategy and (sigma, tau).

        Row t is ``max(max_a |average[1][t, a] - sigma_a|, max_b |average[2][t, b] - tau_b|)``.
        """
        return _distance(self.game, self.average, sigma, tau)

    def nash_conv(self) -> np.ndarray:
        """:func:`~lessons_lib.normal_form.nash_conv` of the average profile after each round."""
        total = np.zeros(self.rounds)
        for player in (1, 2):
            own, other = self.average[player], self.average[3 - player]
            values = matrix_vector(self.game.own_payoffs(player), other)
            total += values.max(axis=1) - np.add.reduce(own * values, axis=1)
        return total

    def average_regret(self, player: int) -> np.ndarray:
        """``max_a R^T(a) / T`` of ``player`` after each round T.

        Action values are linear in the opponent's strategy, so the sum over rounds of a fixed
        action's value is T times its value against the opponent's average strategy, and
        ``R^T(a) / T = u(a, average of the opponent) - (mean payoff of the player so far)``.
        """
        check_choice(player, (1, 2), "player")
        values = matrix_vector(self.game.own_payoffs(player), self.average[3 - player])
        mean_payoff = np.cumsum(self.payoff[player]) / np.arange(1, self.rounds + 1)
        return values.max(axis=1) - mean_payoff

    def joint_play(self, rounds: int | None = None) -> np.ndarray:
        """The empirical joint distribution of the first ``rounds`` rounds (all by default).

        Entry ``[i, j]`` is ``(1/T) sum_t sigma^t_i tau^t_j``: how often, on average, the pair of
        actions (i, j) was played.
        """
        end = self.rounds if rounds is None else check_iterations(rounds, "rounds")
        if end > self.rounds:
            raise ValueError(f"rounds must be at most {self.rounds}, got {rounds!r}")
        products = self.current[1][:end, :, None] * self.current[2][:end, None, :]
        return np.add.reduce(products, axis=0) / end

    def cce_gap(self) -> np.ndarray:
        """:func:`~lessons_lib.normal_form.cce_gap` of the joint play after each round.

        The gain of player p's best fixed deviation from the joint play is p's average regret, so
        the gap is ``max(0, average_regret(1), average_regret(2))`` (the tests check it against
        :meth:`joint_play`).
        """
        return np.maximum(0.0, np.maximum(self.average_regret(1), self.average_regret(2)))


def general_sum_self_play(
    game: BimatrixGame,
    iterations: int,
    initial_regret: tuple[Sequence[float], Sequence[float]] | None = None,
) -> GeneralSumTrajectory:
    """Two regret matchers play the bimatrix ``game`` against each other, with exact payoffs.

    The same learners as :func:`self_play`: each round both play regret matching on their
    cumulative regrets and add the regrets ``u_p(a, opponent) - u_p(sigma_p, opponent)`` of every
    action a, now with each player's own matrix (``A`` for player 1, ``B`` for player 2).
    ``initial_regret`` gives each player's starting regrets (zero by default: both start uniform).
    """
    check_instance(game, BimatrixGame, "game", "a BimatrixGame")
    iterations = check_iterations(iterations)
    sizes = {p: len(game.actions(p)) for p in (1, 2)}
    check_entries(iterations * (sizes[1] + sizes[2] + 2), f"iterations={iterations}")
    regret = dict(zip((1, 2), _initial_regrets(initial_regret, sizes[1], sizes[2]), strict=True))
    learners = {p: RegretMatcher(sizes[p], regret[p]) for p in (1, 2)}
    played = {p: np.empty((iterations, sizes[p])) for p in (1, 2)}
    payoff = {p: np.empty(iterations) for p in (1, 2)}
    own = {p: game.own_payoffs(p) for p in (1, 2)}
    for t in range(iterations):
        for p in (1, 2):
            played[p][t] = learners[p].strategy()
        for p in (1, 2):
            # bimatrix_action_values without re-checking the strategy regret matching just made
            values = matrix_vector(own[p], played[3 - p][t])
            payoff[p][t] = sum_of_products(played[p][t], values)
            learners[p].observe(values)
    return GeneralSumTrajectory(
        game=game,
        current=played,
        average={p: _running_mean(played[p]) for p in (1, 2)},
        payoff=payoff,
    )


def learn_against_fixed(
    game: MatrixGame,
    opponent_strategy: Sequence[float],
    iterations: int,
    player: int = 1,
    initial_regret: Sequence[float] | None = None,
) -> Trajectory:
    """One regret matcher (``player``) against an opponent who always plays ``opponent_strategy``.

    The learner's average strategy converges to a best response, and its mean payoff to the best
    response's value. ``payoff`` in the result is the learner's own expected payoff.
    """
    check_instance(game, MatrixGame, "game", "a MatrixGame")
    iterations = check_iterations(iterations)
    check_choice(player, (1, 2), "player")
    check_entries(iterations * (len(game.actions(player)) + 1), f"iterations={iterations}")
    opponent = 2 if player == 1 else 1
    fixed = game.strategy(opponent, opponent_strategy)
    values = action_values(game, player, fixed)
    learner = RegretMatcher(len(game.actions(player)), initial_regret)
    current = np.empty((iterations, values.size))
    payoff = np.empty(iterations)
    for t in range(iterations):
        current[t] = learner.strategy()
        payoff[t] = sum_of_products(current[t], values)
        learner.observe(values)
    fixed_rows = np.broadcast_to(fixed, (iterations, fixed.size))
    return Trajectory(
        game=game,
        current={player: current, opponent: fixed_rows},
        average={player: _running_mean(current), opponent: fixed_rows},
        payoff=payoff,
    )


def _initial_regrets(
    initial_regret: object, rows: int, columns: int
) -> tuple[np.ndarray, np.ndarray]:
    """Both players' starting regrets (zeros when ``initial_regret`` is None), checked."""
    if initial_regret is None:
        return np.zeros(rows), np.zeros(columns)
    if (
        isinstance(initial_regret, str | bytes)
        or not isinstance(initial_regret, Sequence | np.ndarray)
        or len(initial_regret) != 2
    ):
        raise ValueError(
            f"initial_regret must be a pair (player 1's regrets, player 2's), "
            f"got {describe(initial_regret)}"
        )
    return (
        as_finite_vector(initial_regret[0], "initial regret of player 1", rows),
        as_finite_vector(initial_regret[1], "initial regret of player 2", columns),
    )


def _running_mean(rows: np.ndarray) -> np.ndarray:
    return np.cumsum(rows, axis=0) / np.arange(1, rows.shape[0] + 1)[:, None]


def regret_bound(game: MatrixGame, iterations: int) -> float:
    """The worst-case bound on exploitability of the average profile after T rounds of self-play.

    Each regret matcher's average regret is at most ``Delta * sqrt(|A| / T)`` (Hart and Mas-Colell
    2000; Cesa-Bianchi and Lugosi 2006), where Delta is the payoff range and |A| the number of
    actions. Exploitability is half the sum of the two players' average regrets, so it obeys the
    same bound, with |A| the larger action count.
    """
    check_instance(game, MatrixGame, "game", "a MatrixGame")
    iterations = check_iterations(iterations)
    check_number(iterations, "iterations")  # sqrt(|A| / T) needs T as a float
    n_actions = max(game.payoffs.shape)
    return game.payoff_range() * float(np.sqrt(n_actions / iterations))


class RegretMatchingBot:
    """A rock-paper-scissors opponent that learns from your moves by regret matching.

    The bot plays as player 2 of ``game``. After each round it adds the regrets of its current
    strategy against the action you actually played, so if you lean on one action its strategy
    moves toward the counter. Its moves are drawn from its current strategy with a seeded
    generator, so a session is reproducible.
    """

    def __init__(self, game: MatrixGame, seed: int = 0) -> None:
        self.game = check_instance(game, MatrixGame, "game", "a MatrixGame")
        self.learner = RegretMatcher(len(game.column_actions))
        self.rng = np.random.default_rng(check_integer(seed, "seed", minimum=0))
        self.human_counts = np.zeros(len(game.row_actions), dtype=int)
        self.score = {"human": 0, "draw": 0, "bot": 0}
        self.history: list[tuple[str, str, float]] = []

    def strategy(self) -> np.ndarray:
        return self.learner.strategy()

    def play(self, human_action: str) -> tuple[str, float]:
        """Play one round against ``human_action``; return the bot's action and your payoff."""
        human = self.game.action_index(1, human_action)
        bot = int(self.rng.choice(len(self.game.column_actions), p=self.strategy()))
        payoff = float(self.game.payoffs[human, bot])
        one_hot = np.zeros(len(self.game.row_actions))
        one_hot[human] = 1.0
        self.learner.observe(action_values(self.game, 2, one_hot))
        self.human_counts[human] += 1
        outcome = "human" if payoff > 0 else "bot" if payoff < 0 else "draw"
        self.score[outcome] += 1
        bot_action = self.game.column_actions[bot]
        self.history.append((str(human_action), bot_action, payoff))
        return bot_action, payoff

    def human_frequencies(self) -> np.ndarray:
        """How often you have played each action so far (uniform before the first round)."""
        total = self.human_counts.sum()
        if total == 0:
            return np.full(self.human_counts.size, 1.0 / self.human_counts.size)
        return self.human_counts / total


__all__ = [
    "GeneralSumTrajectory",
    "RegretMatcher",
    "RegretMatchingBot",
    "Trajectory",
    "general_sum_self_play",
    "instantaneous_regret",
    "learn_against_fixed",
    "match_regrets",
    "regret_bound",
    "regret_matching",
    "self_play",
]
