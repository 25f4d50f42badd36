"""Many hands at once: Monte Carlo play between two policies, and what its average says.

Sampling. Every hand starts at the root of a deal drawn with probability ``pi_c``; then, one depth
of the tree at a time, every unfinished hand draws its next action ``a ~ sigma(I, .)`` at its
information set ``I``. All hands move together, with numpy arrays of history numbers from the
game's :class:`~lessons_lib.games.base.GameTree`, so this works for any game of the library and
a million hands of Kuhn poker take a fraction of a second. An action is drawn by inversion: with
``u`` uniform on ``[0, 1)``, the action is the first one whose cumulative probability exceeds
``u`` (an action of probability 0 is never drawn, so pure policies play deterministically).

Averages. The payoffs of independent hands are independent draws of ``u_1(z)``, whose mean is the
exact ``u_1(sigma)`` of :func:`~lessons_lib.exploitability.expected_value`. By the central limit
theorem the sample mean of ``n`` hands is approximately normal with standard deviation ``s /
sqrt(n)``, so ``mean +- z s / sqrt(n)`` with ``z = Phi^{-1}((1 + confidence) / 2)`` (1.96 for 95%)
covers the exact value with about the stated probability: :func:`mean_and_interval`.
"""

from __future__ import annotations

from collections.abc import Mapping
from numbers import Integral, Real
from typing import NamedTuple

import numpy as np
from scipy.stats import norm

from lessons_lib.games.base import Game, GameTree, check_two_player_zero_sum
from lessons_lib.policy import validate_policy
from lessons_lib.validation import (
    as_finite_vector,
    check_entries,
    check_iterations,
    check_number,
    describe,
)


class SimulatedHands(NamedTuple):
    """The hands of one simulation; entry ``n`` of each array describes hand ``n``."""

    deals: np.ndarray  # deals[n]: the position of hand n's deal in game.deals()
    terminals: np.ndarray  # terminals[n]: the number of its terminal history in game.tree
    payoffs: np.ndarray  # payoffs[n]: u_1(z), player 1's net chips in hand n


def simulate(
    game: Game,
    policy_1: Mapping[str, np.ndarray],
    policy_2: Mapping[str, np.ndarray],
    hands: int,
    seed: int | np.random.Generator,
) -> np.ndarray:
    """Player 1's payoff in each of ``hands`` hands of ``game``, player 1 playing ``policy_1``.

    ``policy_1`` supplies player 1's information sets and ``policy_2`` player 2's (a full profile
    may be passed as either; only its player's part is used). ``seed`` is an integer seed or a
    numpy Generator; the same seed gives the same hands.
    """
    return sample_hands(game, policy_1, policy_2, hands, seed).payoffs


# simulate's signature again, on purpose (`duplicates` pairs the two): simulate is the short public
# form that returns only the payoffs and does nothing but call this function; both are public, so
# each states its parameters and their types for the reader.
def sample_hands(
    game: Game,
    policy_1: Mapping[str, np.ndarray],
    policy_2: Mapping[str, np.ndarray],
    hands: int,
    seed: int | np.random.Generator,
) -> SimulatedHands:
    """Like :func:`simulate`, but also returns each hand's deal and terminal history."""
    check_two_player_zero_sum(game, "a simulation of two seats")
    hands = check_iterations(hands, "hands")
    # The per-hand arrays: deal, history, payoff, u, and two rows of the action table per hand.
    width = int(game.tree.n_actions.max())
    check_entries(hands * (4 + 2 * width), f"simulating hands={hands:,}")
    rng = _generator(seed)
    profile = {
        **_part(game, policy_1, player=1, name="policy_1"),
        **_part(game, policy_2, player=2, name="policy_2"),
    }
    tree = game.tree
    cumulative = _cumulative_table(tree, tree.flatten(profile))
    children = _children(tree)

    roots = tree.levels[0]
    deals = rng.choice(roots.stop - roots.start, size=hands, p=tree.chance[roots])
    node = roots.start + deals
    for _ in tree.levels[1:]:
        playing = np.flatnonzero(~tree.terminal[node])
        if playing.size == 0:
            break
        k = tree.info_set[node[playing]]
        u = rng.random(playing.size)
        # The first action whose cumulative probability exceeds u; the minimum guards against a
        # cumulative sum that rounds to just below 1.
        action = np.minimum((u[:, None] >= cumulative[k]).sum(axis=1), tree.n_actions[k] - 1)
        node[playing] = children[node[playing], action]
    return SimulatedHands(deals=deals, terminals=node, payoffs=tree.utility(1)[node].copy())


def mean_and_interval(
    payoffs: np.ndarray | list[float], confidence: float = 0.95
) -> tuple[float, float]:
    """The mean payoff per hand and the half-width of its normal-approximation interval.

    The half-width is ``z s / sqrt(n)``: ``s`` is the sample standard deviation (with ``n - 1``),
    ``n`` the number of hands and ``z = Phi^{-1}((1 + confidence) / 2)``. The interval
    ``mean +- half-width`` covers the exact expected value with probability close to
    ``confidence`` once ``n`` is large (the central limit theorem); it needs at least two hands.
    """
    values = as_finite_vector(payoffs, "payoffs")
    if values.size < 2:
        raise ValueError(f"an interval needs at least two payoffs, got {values.size}")
    if not isinstance(confidence, Real) or isinstance(confidence, bool):
        raise ValueError(f"confidence must be a number in (0, 1), got {describe(confidence)}")
    confidence = check_number(confidence, "confidence")
    if not 0.0 < confidence < 1.0:
        raise ValueError(
            f"confidence must lie strictly between 0 and 1, got {describe(confidence)}"
        )
    z = float(norm.ppf(0.5 + confidence / 2.0))
    mean, spread = _mean_and_deviation(values)
    half_width = float(z * spread / np.sqrt(values.size))
    if not np.isfinite(half_width):
        raise ValueError(f"payoffs too spread out for a finite interval: {describe(payoffs)}")
    return mean, half_width


def _mean_and_deviation(values: np.ndarray) -> tuple[float, float]:
    """The mean and the sample standard deviation of ``values``, without overflow.

    Payoffs near the largest float overflow in the sums; then both are computed on the payoffs
    divided by their largest magnitude and multiplied back. A result that is itself too large for
    a float raises ``ValueError``.
    """
    with np.errstate(over="ignore", invalid="ignore"):  # an overflow is handled below
        mean, spread = float(values.mean()), float(values.std(ddof=1))
    if np.isfinite(mean) and np.isfinite(spread):
        return mean, spread
    scale = float(np.abs(values).max())
    scaled = values / scale
    mean, spread = float(scaled.mean()) * scale, float(scaled.std(ddof=1)) * scale
    if not (np.isfinite(mean) and np.isfinite(spread)):
        raise ValueError(f"payoffs too large for their spread to be a float: {describe(values)}")
    return mean, spread


def _part(
    game: Game, policy: Mapping[str, np.ndarray], player: int, name: str
) -> dict[str, np.ndarray]:
    """``player``'s information sets of ``policy``, after checking the policy fits ``game``."""
    try:
        checked = validate_policy(game, policy, players=(player,))
    except ValueError as error:
        raise ValueError(f"{name} does not fit {game!r}: {error}") from None
    return {key: checked[key] for key in game.info_sets_of(player)}


def _cumulative_table(tree: GameTree, sigma: np.ndarray) -> np.ndarray:
    """Row k: the cumulative action probabilities at information set k, padded with its total."""
    width = int(tree.n_actions.max())
    rows = np.repeat(np.arange(len(tree.keys)), tree.n_actions)
    columns = np.arange(tree.size) - np.repeat(tree.offset, tree.n_actions)
    table = np.zeros((len(tree.keys), width))
    table[rows, columns] = sigma
    return np.cumsum(table, axis=1)


def _children(tree: GameTree) -> np.ndarray:
    """``children[h, a]``: the number of the history after action ``a`` at ``h`` (-1 if none)."""
    children = np.full((len(tree.histories), int(tree.n_actions.max())), -1)
    child = np.flatnonzero(tree.parent >= 0)
    parent = tree.parent[child]
    children[parent, tree.edge[child] - tree.offset[tree.info_set[parent]]] = child
    return children


def _generator(seed: int | np.random.Generator) -> np.random.Generator:
    """A numpy Generator from an integer seed (at least 0), or the Generator itself."""
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, Integral) or seed < 0:
        raise ValueError(
            f"seed must be an integer of at least 0 or a numpy Generator, got {describe(seed)}"
        )
    return np.random.default_rng(int(seed))
