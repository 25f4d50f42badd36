"""Two-player games in normal (matrix) form: zero-sum, and general-sum for contrast.

A zero-sum normal-form game is a payoff matrix ``A``: player 1 picks a row, player 2 a column, at
the same time, and player 1 receives ``A[i, j]`` while player 2 receives ``-A[i, j]``. With mixed
strategies ``sigma`` (over rows) and ``tau`` (over columns), player 1's expected value is
``sigma^T A tau`` (von Neumann 1928; von Neumann and Morgenstern 1944).

A general-sum (bimatrix) game gives each player its own matrix, ``A`` for player 1 and ``B`` for
player 2 (:class:`BimatrixGame`). There the minimax theorem and the guarantees built on it no
longer hold; the module keeps the measures that still make sense there: :func:`nash_conv` (the
total gain of the two best responses, zero exactly at a Nash equilibrium) and :func:`cce_gap`
(how far a joint distribution of play is from a coarse correlated equilibrium).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
from scipy.optimize import linprog

from lessons_lib.sums import matrix_vector, sum_of_products
from lessons_lib.validation import (
    as_finite_array,
    as_probability_vector,
    check_choice,
    check_instance,
    check_number,
    describe,
)

#: The largest payoff magnitude a game may have: sums and differences of payoffs (the payoff
#: range, a round's regrets) then stay far from float overflow (about 1.8e308).
MAX_PAYOFF = 1e300


def _payoff_matrix(values: object, name: str) -> np.ndarray:
    """``values`` as a fresh finite float matrix with no entry larger than :data:`MAX_PAYOFF`."""
    matrix = as_finite_array(values, name).copy()
    if matrix.size and float(np.abs(matrix).max()) > MAX_PAYOFF:
        raise ValueError(
            f"{name} has an entry larger than {MAX_PAYOFF!r} in magnitude: {describe(values)}"
        )
    return matrix


@dataclass(frozen=True)
class MatrixGame:
    """A two-player zero-sum game given by player 1's payoff matrix.

    ``payoffs[i, j]`` is what player 1 wins (and player 2 loses) when player 1 plays
    ``row_actions[i]`` and player 2 plays ``column_actions[j]``.
    """

    name: str
    payoffs: np.ndarray
    row_actions: tuple[str, ...]
    column_actions: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        matrix = _payoff_matrix(self.payoffs, "payoff matrix")
        if matrix.ndim != 2 or 0 in matrix.shape:
            raise ValueError(
                f"payoff matrix must be a non-empty 2-D array, got shape {matrix.shape}"
            )
        rows, columns = _action_names(self.name, self.row_actions, self.column_actions)
        if matrix.shape != (len(rows), len(columns)):
            raise ValueError(
                f"payoff matrix has shape {matrix.shape}, but there are {len(rows)} row actions "
                f"and {len(columns)} column actions"
            )
        matrix.setflags(write=False)
        object.__setattr__(self, "payoffs", matrix)
        object.__setattr__(self, "row_actions", rows)
        object.__setattr__(self, "column_actions", columns)

    def actions(self, player: int) -> tuple[str, ...]:
        """The action names of ``player`` (1 for rows, 2 for columns)."""
        check_choice(player, (1, 2), "player")
        return self.row_actions if player == 1 else self.column_actions

    def action_index(self, player: int, action: str) -> int:
        """The position of ``action`` among the actions of ``player``."""
        names = self.actions(player)
        check_choice(action, names, f"action of player {player}")
        return names.index(action)

    def payoff_range(self) -> float:
        """Delta, the spread between the largest and the smallest payoff."""
        return float(self.payoffs.max() - self.payoffs.min())

    def strategy(self, player: int, values: Sequence[float] | np.ndarray) -> np.ndarray:
        """Check that ``values`` is a mixed strategy of ``player`` and return it as an array."""
        return as_probability_vector(
            values, name=f"strategy of player {player}", size=len(self.actions(player))
        )


def _action_names(name: object, rows: object, columns: object) -> tuple[tuple[str, ...], ...]:
    """The row and column action names (the columns default to the rows), checked."""
    if not isinstance(name, str):
        raise ValueError(f"name must be a string, got {describe(name)}")
    names = []
    for label, given in (("row_actions", rows), ("column_actions", columns)):
        if isinstance(given, str) or not isinstance(given, Sequence):
            raise ValueError(f"{label} must be a sequence of action names, got {describe(given)}")
        actions = tuple(given)
        if not all(isinstance(action, str) for action in actions):
            raise ValueError(f"{label} must hold strings (action names), got {describe(given)}")
        if len(set(actions)) != len(actions):
            raise ValueError(f"{label} names an action twice: {describe(given)}")
        names.append(actions)
    return names[0], names[1] or names[0]


def rock_paper_scissors() -> MatrixGame:
    """Rock beats scissors, scissors beat paper, paper beats rock; a win pays 1."""
    payoffs = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    return MatrixGame("rock-paper-scissors", np.array(payoffs), ("rock", "paper", "scissors"))


def weighted_rock_paper_scissors(rock_beats_scissors: float = 2.0) -> MatrixGame:
    """Rock-paper-scissors in which a win of rock over scissors pays ``rock_beats_scissors``.

    Every other win still pays 1. The game stays symmetric (value 0), but its equilibrium is no
    longer uniform.
    """
    w = check_number(rock_beats_scissors, "rock_beats_scissors")
    if w <= 0:
        raise ValueError(
            f"rock_beats_scissors must be a positive payoff, got {describe(rock_beats_scissors)}"
        )
    payoffs = [[0, -1, w], [1, 0, -1], [-w, 1, 0]]
    return MatrixGame(
        "weighted rock-paper-scissors", np.array(payoffs), ("rock", "paper", "scissors")
    )


def expected_value(game: MatrixGame, sigma: Sequence[float], tau: Sequence[float]) -> float:
    """Player 1's expected payoff ``sigma^T A tau`` when the players mix with sigma and tau."""
    check_instance(game, MatrixGame, "game", "a MatrixGame")
    return sum_of_products(game.strategy(1, sigma), action_values(game, 1, tau))


def action_values(game: MatrixGame, player: int, opponent_strategy: Sequence[float]) -> np.ndarray:
    """The expected payoff to ``player`` of each of its pure actions against the opponent's mix.

    For player 1 this is ``A tau``; for player 2, whose payoff is ``-A``, it is ``-(sigma^T A)``.
    """
    check_instance(game, MatrixGame, "game", "a MatrixGame")
    check_choice(player, (1, 2), "player")
    if player == 1:
        return matrix_vector(game.payoffs, game.strategy(2, opponent_strategy))
    return -matrix_vector(game.payoffs.T, game.strategy(1, opponent_strategy))


def best_response(
    game: MatrixGame, player: int, opponent_strategy: Sequence[float]
) -> tuple[float, np.ndarray]:
    """A pure best response of ``player`` to the opponent's mixed strategy.

    Returns ``(value, strategy)``: the best response's expected payoff to ``player`` and the pure
    strategy (a one-hot vector; ties go to the first action).
    """
    values = action_values(game, player, opponent_strategy)
    best = int(np.argmax(values))
    pure = np.zeros(values.size)
    pure[best] = 1.0
    return float(values[best]), pure


def exploitability(game: MatrixGame, sigma: Sequence[float], tau: Sequence[float]) -> float:
    """Exploitability of the profile (sigma, tau): half of what two best responders gain.

    ``epsilon = 1/2 * (max_a (A tau)_a - min_b (sigma^T A)_b)``. It is zero exactly at a Nash
    equilibrium and does not need the value of the game, because the value cancels: it is the
    average of player 1's gain from deviating against tau and player 2's against sigma.
    """
    best_against_tau, _ = best_response(game, 1, tau)
    best_against_sigma, _ = best_response(game, 2, sigma)
    return 0.5 * (best_against_tau + best_against_sigma)


def strategy_exploitability(game: MatrixGame, player: int, strategy: Sequence[float]) -> float:
    """How much less than the game value ``strategy`` guarantees to ``player`` against a best
    response.

    For player 1 this is ``v* - min_b (sigma^T A)_b``; zero exactly for an equilibrium strategy.
    """
    check_choice(player, (1, 2), "player")
    value = solve(game).value
    opponent = 2 if player == 1 else 1
    best_reply, _ = best_response(game, opponent, strategy)
    guaranteed = -best_reply
    return (value - guaranteed) if player == 1 else (-value - guaranteed)


@dataclass(frozen=True)
class MatrixGameSolution:
    """A Nash equilibrium (sigma, tau) of a matrix game and the game value v* for player 1."""

    sigma: np.ndarray
    tau: np.ndarray
    value: float


def solve(game: MatrixGame) -> MatrixGameSolution:
    """Solve the game exactly with two linear programs (the minimax theorem, von Neumann 1928).

    Player 1 maximises v subject to ``(sigma^T A)_j >= v`` for every column j; player 2 minimises w
    subject to ``(A tau)_i <= w`` for every row i. Both LPs are solved with SciPy's HiGHS; by the
    minimax theorem their optimal values coincide.
    """
    check_instance(game, MatrixGame, "game", "a MatrixGame")
    scale = _lp_scale(game.payoffs)
    sigma, v = _maximin(game.payoffs / scale)
    tau, minus_w = _maximin(-game.payoffs.T / scale)
    if abs(v + minus_w) > 1e-7:
        raise ValueError(f"LP values disagree ({v} vs {-minus_w}); the solver did not converge")
    return MatrixGameSolution(sigma=sigma, tau=tau, value=0.5 * (v - minus_w) * scale + 0.0)


#: Payoffs larger than this (in absolute value) are scaled down before the linear programs.
LP_SCALE_ABOVE = 2.0**20


def _lp_scale(payoffs: np.ndarray) -> float:
    """1, or the power of two that brings the largest payoff into [1, 2).

    HiGHS refuses coefficients near 1e20; dividing by a power of two is exact (the equilibrium
    strategies do not change and the value is multiplied back exactly).
    """
    largest = float(np.abs(payoffs).max())
    if largest <= LP_SCALE_ABOVE:
        return 1.0
    _, exponent = math.frexp(largest)  # largest = m 2**exponent with 1/2 <= m < 1
    return math.ldexp(1.0, exponent - 1)


def _maximin(payoffs: np.ndarray) -> tuple[np.ndarray, float]:
    """Row player's maximin strategy: max v s.t. sigma^T A >= v, sigma in the simplex."""
    rows, columns = payoffs.shape
    # Variables: sigma_1..sigma_rows, v. linprog minimises, so minimise -v.
    objective = np.zeros(rows + 1)
    objective[-1] = -1.0
    # v - (sigma^T A)_j <= 0 for every column j.
    upper = np.hstack([-payoffs.T, np.ones((columns, 1))])
    equality = np.hstack([np.ones((1, rows)), np.zeros((1, 1))])
    bounds = [(0, None)] * rows + [(None, None)]
    result = linprog(
        objective,
        A_ub=upper,
        b_ub=np.zeros(columns),
        A_eq=equality,
        b_eq=[1.0],
        bounds=bounds,
        method="highs",
    )
    if not result.success:
        raise ValueError(f"the linear program failed: {result.message}")
    sigma = np.clip(result.x[:rows], 0.0, None)
    return sigma / sigma.sum(), float(result.x[-1])


def indifference_equilibrium(game: MatrixGame) -> MatrixGameSolution:
    """The fully mixed equilibrium of a square game, from the indifference conditions.

    If both players mix over every action, each must make the other indifferent:
    ``A tau = v 1`` and ``sigma^T A = v 1^T`` with ``sum(sigma) = sum(tau) = 1``. This solves those
    linear equations directly, a method independent of :func:`solve`. It raises ``ValueError`` when
    the solution is not a pair of probability vectors (then the equilibrium is not fully mixed).
    """
    check_instance(game, MatrixGame, "game", "a MatrixGame")
    n_rows, n_columns = game.payoffs.shape
    if n_rows != n_columns:
        raise ValueError(f"indifference needs a square game, got shape {game.payoffs.shape}")
    n = n_rows
    tau_v = _indifferent_mix(game.payoffs)  # (tau, v): A tau - v 1 = 0 and 1^T tau = 1
    sigma_v = _indifferent_mix(game.payoffs.T)  # (sigma, v): A^T sigma - v 1 = 0, 1^T sigma = 1
    tau, sigma = tau_v[:n], sigma_v[:n]
    if np.any(tau < -1e-12) or np.any(sigma < -1e-12):
        raise ValueError(f"the game has no fully mixed equilibrium: sigma={sigma}, tau={tau}")
    return MatrixGameSolution(sigma=sigma, tau=tau, value=float(tau_v[-1]) + 0.0)


def _indifferent_mix(payoffs: np.ndarray) -> np.ndarray:
    """``(x, v)`` with ``payoffs x = v 1`` and ``sum(x) = 1``, solved exactly in fractions.

    Gaussian elimination over :class:`fractions.Fraction` (every float is a fraction), then one
    rounding to float: the same answer on every machine, unlike LAPACK's, whose last bits depend
    on the BLAS kernel. ``ValueError`` if the equations have no unique solution.
    """
    n = payoffs.shape[0]
    # Rows of the augmented system [A, -1 | 0] and [1, 0 | 1].
    rows = [[Fraction(a) for a in row] + [Fraction(-1), Fraction(0)] for row in payoffs.tolist()]
    rows.append([Fraction(1)] * n + [Fraction(0), Fraction(1)])
    size = n + 1
    for column in range(size):
        pivot = next((r for r in range(column, size) if rows[r][column] != 0), None)
        if pivot is None:
            raise ValueError(
                f"the game has no fully mixed equilibrium: the indifference equations of "
                f"{payoffs.tolist()} are singular"
            )
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        rows[column] = [entry / lead for entry in rows[column]]
        for r in range(size):
            if r != column and rows[r][column] != 0:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return np.array([float(row[-1]) for row in rows])


@dataclass(frozen=True)
class BimatrixGame:
    """A two-player general-sum game: one payoff matrix per player.

    ``row_payoffs[i, j]`` (the matrix ``A``) is what player 1 receives and ``column_payoffs[i, j]``
    (``B``) what player 2 receives when player 1 plays ``row_actions[i]`` and player 2 plays
    ``column_actions[j]``. A zero-sum game is the case ``B = -A``.
    """

    name: str
    row_payoffs: np.ndarray
    column_payoffs: np.ndarray
    row_actions: tuple[str, ...]
    column_actions: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        rows, columns = _action_names(self.name, self.row_actions, self.column_actions)
        for name in ("row_payoffs", "column_payoffs"):
            matrix = _payoff_matrix(getattr(self, name), name)
            if matrix.shape != (len(rows), len(columns)):
                raise ValueError(
                    f"{name} must have shape ({len(rows)}, {len(columns)}), one row per row "
                    f"action and one column per column action, got shape {matrix.shape}"
                )
            matrix.setflags(write=False)
            object.__setattr__(self, name, matrix)
        object.__setattr__(self, "row_actions", rows)
        object.__setattr__(self, "column_actions", columns)

    def actions(self, player: int) -> tuple[str, ...]:
        """The action names of ``player`` (1 for rows, 2 for columns)."""
        check_choice(player, (1, 2), "player")
        return self.row_actions if player == 1 else self.column_actions

    def strategy(self, player: int, values: Sequence[float] | np.ndarray) -> np.ndarray:
        """Check that ``values`` is a mixed strategy of ``player`` and return it as an array."""
        return as_probability_vector(
            values, name=f"strategy of player {player}", size=len(self.actions(player))
        )

    def own_payoffs(self, player: int) -> np.ndarray:
        """``player``'s payoffs with one row per own action: ``A`` for player 1, ``B^T`` for 2."""
        check_choice(player, (1, 2), "player")
        return self.row_payoffs if player == 1 else self.column_payoffs.T


def shapley_game() -> BimatrixGame:
    """Shapley's game (Shapley 1964): rock-paper-scissors in which a win pays 1, a loss or a draw 0.

    Each player's matrix rewards only its own wins, so the two payoffs sum to 1 when someone wins
    and to 0 on a draw: the game is not zero-sum (nor constant-sum). Its unique Nash equilibrium is
    uniform play by both. Shapley built it to show that fictitious play need not converge; the
    matrices are the ones of OpenSpiel's ``matrix_shapleys_game``.
    """
    wins = [[0, 0, 1], [1, 0, 0], [0, 1, 0]]  # row beats column: rock-scissors, paper-rock, ...
    losses = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]  # column beats row
    return BimatrixGame(
        "Shapley's game", np.array(wins), np.array(losses), ("rock", "paper", "scissors")
    )


def bimatrix_action_values(
    game: BimatrixGame, player: int, opponent_strategy: Sequence[float]
) -> np.ndarray:
    """The expected payoff to ``player`` of each of its actions: ``A tau`` or ``sigma^T B``."""
    check_instance(game, BimatrixGame, "game", "a BimatrixGame")
    check_choice(player, (1, 2), "player")
    opponent = game.strategy(2 if player == 1 else 1, opponent_strategy)
    return matrix_vector(game.own_payoffs(player), opponent)


def nash_conv(game: BimatrixGame, sigma: Sequence[float], tau: Sequence[float]) -> float:
    """The total gain of two best responses to the profile (sigma, tau) of a bimatrix game.

    ``max_a (A tau)_a - sigma^T A tau + max_b (sigma^T B)_b - sigma^T B tau``: each player's gain
    from switching to a best response while the other keeps its strategy. It is never negative and
    is zero exactly at a Nash equilibrium (OpenSpiel calls it NashConv). In a zero-sum game
    (``B = -A``) it is twice :func:`exploitability`.
    """
    check_instance(game, BimatrixGame, "game", "a BimatrixGame")
    gain = 0.0
    for player, own in ((1, sigma), (2, tau)):
        other = tau if player == 1 else sigma
        values = bimatrix_action_values(game, player, other)
        gain += float(values.max()) - sum_of_products(game.strategy(player, own), values)
    return gain


def cce_gap(game: BimatrixGame, joint: Sequence[Sequence[float]] | np.ndarray) -> float:
    """How far a joint distribution of play is from a coarse correlated equilibrium.

    ``joint[i, j]`` is the probability that player 1 plays row i and player 2 column j. The
    distribution is a coarse correlated equilibrium (Moulin and Vial 1978) when no player gains by
    committing in advance to one fixed action instead: ``max_a sum_ij joint[i, j] (A[a, j] -
    A[i, j]) <= 0``, and the same for player 2 with ``B``. The gap is the largest such gain, or 0
    when there is none; self-play of no-regret learners drives the gap of their empirical joint
    play to zero (its gain for player p is exactly p's average regret).
    """
    check_instance(game, BimatrixGame, "game", "a BimatrixGame")
    z = as_finite_array(joint, "joint")
    shape = (len(game.row_actions), len(game.column_actions))
    if z.shape != shape:
        raise ValueError(f"joint must have shape {shape}, got shape {z.shape}: {describe(joint)}")
    as_probability_vector(z.ravel(), name="joint", size=z.size)
    gains = [0.0]
    for player in (1, 2):
        own = game.own_payoffs(player)
        mass = z if player == 1 else z.T  # rows: own actions, columns: the opponent's
        opponent_marginal = np.add.reduce(mass, axis=0)
        received = sum_of_products(mass, own)
        gains.append(float(matrix_vector(own, opponent_marginal).max()) - received)
    return max(gains)
