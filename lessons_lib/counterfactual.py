"""Reach probabilities and counterfactual values of a profile (Zinkevich et al. 2007, section 3).

Reach. Under a profile sigma the probability of reaching history h factors by who acted on the way:
``pi(h) = pi_c(h) * pi_1(h) * pi_2(h)``, where ``pi_i(h)`` is the product of the probabilities of
player i's own actions on the path to h and ``pi_c(h)`` is the probability of h's deal. The reach
*due to everyone except i*, the opponent and chance, is
``pi_{-i}(h) = pi_c(h) * pi_{-i's opponent}(h)``.

Values. ``u_i(sigma, h) = sum_z pi(h -> z) u_i(z)`` is player i's expected payoff from h on, where
z runs over the terminal histories below h and ``pi(h -> z)`` is the probability of going from h
to z. The counterfactual value of player i's information set I is

    v_i(sigma, I) = sum_{h in I} pi_{-i}(h) * u_i(sigma, h),

the value of I weighted as if i had played to reach it. The value of action a at I is the same sum
with the profile ``sigma_{I->a}`` that always plays a at I, ``v_i(sigma_{I->a}, I) = sum_{h in I}
pi_{-i}(h) * u_i(sigma, h.a)``, and the instantaneous counterfactual regret of a is
``r(I, a) = v_i(sigma_{I->a}, I) - v_i(sigma, I)``. Since ``u_i(sigma, h) = sum_a sigma(I, a)
u_i(sigma, h.a)``, also ``v_i(sigma, I) = sum_a sigma(I, a) v_i(sigma_{I->a}, I)``.

Chance. Following Zinkevich et al., ``pi_{-i}`` includes chance, so in Kuhn poker each history
carries its deal's probability 1/6. Player 1 holding Q and betting against a player 2 who folds J
and calls with K has the counterfactual action value ``(1/6)(+1) + (1/6)(-2) = -1/6`` at ``"Q:"``.
Worked by hand one often leaves chance out, ``1 * (+1) + 1 * (-2) = -1``;
``counterfactual_values(..., include_chance=False)`` gives that version (``pi_{-i}`` is then the
opponent's reach alone). When all deals are equally likely, as in both poker games of the book, the
two versions differ by the factor ``len(game.deals())`` and lead regret matching to the same
strategies.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from lessons_lib.games.base import Game, GameTree, History
from lessons_lib.policy import validate_policy
from lessons_lib.sums import sum_of_products
from lessons_lib.validation import (
    as_finite_vector,
    check_choice,
    check_instance,
    check_probability,
)


class _ReachFields(NamedTuple):
    chance: float
    player_1: float
    player_2: float


class Reach(_ReachFields):
    """The reach probability of one history, factored by who acted: ``pi = pi_c pi_1 pi_2``.

    Each factor is a probability in [0, 1], checked when a Reach is made.
    """

    __slots__ = ()

    def __new__(cls, chance: float, player_1: float, player_2: float) -> Reach:
        return super().__new__(
            cls,
            check_probability(chance, "chance"),
            check_probability(player_1, "player_1"),
            check_probability(player_2, "player_2"),
        )

    def of(self, player: int) -> float:
        """``pi_i(h)``: the product of ``player``'s own action probabilities on the way to h."""
        check_choice(player, (1, 2), "player")
        return self.player_1 if player == 1 else self.player_2

    def excluding(self, player: int) -> float:
        """``pi_{-i}(h)``: the reach due to chance and the opponent of ``player``."""
        check_choice(player, (1, 2), "player")
        return self.chance * self.of(3 - player)

    @property
    def total(self) -> float:
        """``pi(h)``: the probability that play reaches h."""
        return self.chance * self.player_1 * self.player_2


def tree_reach(tree: GameTree, sigma: np.ndarray) -> np.ndarray:
    """Reach probabilities of every history of ``tree`` under the flat policy ``sigma``.

    Row 0 is ``pi_c``, row 1 ``pi_1`` and row 2 ``pi_2``; column h is history h. Going down one
    level, the player who moved multiplies their own reach by the probability of the action taken.
    """
    sigma = _flat_policy(tree, sigma)
    reach = np.vstack([tree.chance, np.ones(len(tree.histories)), np.ones(len(tree.histories))])
    for level in tree.levels[1:]:
        parent = tree.parent[level]
        step = sigma[tree.edge[level]]
        for player in (1, 2):
            moved = tree.mover[level] == player
            reach[player, level] = reach[player, parent] * np.where(moved, step, 1.0)
    return reach


def tree_values(tree: GameTree, sigma: np.ndarray) -> np.ndarray:
    """``u_1(sigma, h)`` for every history of ``tree``: player 1's expected payoff from h on.

    Bottom-up: a terminal history is worth its payoff, a decision history the sum over its
    children of ``sigma(I, a) * value(h.a)``.
    """
    sigma = _flat_policy(tree, sigma)
    value = np.array(tree.payoff)
    for level in reversed(tree.levels[1:]):
        np.add.at(value, tree.parent[level], sigma[tree.edge[level]] * value[level])
    return value


def _flat_policy(tree: GameTree, sigma: object) -> np.ndarray:
    """``sigma`` after checking it is a finite flat policy of ``tree`` (one entry per pair)."""
    check_instance(tree, GameTree, "tree", "a GameTree")
    checked = isinstance(sigma, np.ndarray) and sigma.dtype.kind == "f"
    if checked and sigma.shape == (tree.size,) and np.all(np.isfinite(sigma)):
        return sigma  # the common case, checked at once
    return as_finite_vector(sigma, "sigma", tree.size)


def reach_probabilities(game: Game, policy: Mapping[str, np.ndarray]) -> dict[History, Reach]:
    """The reach probability of every history of ``game`` under ``policy``, factored by actor."""
    check_instance(game, Game, "game", "a Game")
    tree = game.tree
    reach = tree_reach(tree, tree.flatten(validate_policy(game, policy)))
    return {h: Reach(*map(float, reach[:, i])) for i, h in enumerate(tree.histories)}


def history_values(game: Game, policy: Mapping[str, np.ndarray]) -> dict[History, float]:
    """``u_1(sigma, h)`` for every history h: player 1's expected payoff from h on
    under ``policy``."""
    check_instance(game, Game, "game", "a Game")
    tree = game.tree
    value = tree_values(tree, tree.flatten(validate_policy(game, policy)))
    return dict(zip(tree.histories, map(float, value), strict=True))


@dataclass(frozen=True)
class CounterfactualValues:
    """The counterfactual quantities of every information set I under one profile.

    Each dict is keyed by information-set key; I belongs to player ``i = game.player(key)`` and
    values are in player i's own payoffs (player 2's are minus player 1's).

    - ``reach[key]``: ``pi_{-i}(I) = sum_{h in I} pi_{-i}(h)``, the opponent's and chance's reach
    - ``own_reach[key]``: ``pi_i(I)``, player i's own reach (the same for every h in I, by perfect
      recall): the weight of sigma at I in the average strategy
    - ``info_set_value[key]``: ``v_i(sigma, I)``
    - ``action_values[key]``: ``v_i(sigma_{I->a}, I)`` for every a, ordered as ``game.actions(key)``
    - ``regrets[key]``: ``r(I, a) = v_i(sigma_{I->a}, I) - v_i(sigma, I)``

    ``include_chance`` records whether chance's probability is part of ``pi_{-i}`` (see the module).
    """

    include_chance: bool
    reach: dict[str, float]
    own_reach: dict[str, float]
    info_set_value: dict[str, float]
    action_values: dict[str, np.ndarray]
    regrets: dict[str, np.ndarray]


def counterfactual_values(
    game: Game, policy: Mapping[str, np.ndarray], include_chance: bool = True
) -> CounterfactualValues:
    """Counterfactual values and regrets of every information set under ``policy``.

    One top-down pass gives the reach probabilities, one bottom-up pass the history values
    ``u_1(sigma, h)``; then each decision history h in I adds ``pi_{-i}(h) u_i(sigma, h)`` to
    ``v_i(sigma, I)`` and each of its children h.a adds ``pi_{-i}(h) u_i(sigma, h.a)`` to
    ``v_i(sigma_{I->a}, I)``.
    """
    check_instance(game, Game, "game", "a Game")
    if not isinstance(include_chance, bool):
        raise ValueError(f"include_chance must be True or False, got {include_chance!r}")
    tree = game.tree
    sigma = tree.flatten(validate_policy(game, policy))
    reach = tree_reach(tree, sigma)
    value = tree_values(tree, sigma)

    decision = np.flatnonzero(~tree.terminal)
    actor = tree.acting[decision]
    # pi_{-i}(h) for the player i who acts at h, and the sign that turns u_1 into u_i.
    others = reach[3 - actor, decision] * (tree.chance[decision] if include_chance else 1.0)
    sign = np.where(actor == 1, 1.0, -1.0)
    info = tree.info_set[decision]
    n_info = len(tree.keys)
    info_reach = np.bincount(info, weights=others, minlength=n_info)
    info_value = np.bincount(info, weights=others * sign * value[decision], minlength=n_info)

    weight = np.zeros(len(tree.histories))
    weight[decision] = others * sign
    children = np.arange(tree.levels[0].stop, len(tree.histories))
    contribution = weight[tree.parent[children]] * value[children]
    action_value = np.bincount(tree.edge[children], weights=contribution, minlength=tree.size)

    keys = tree.keys
    actions = {key: action_value[tree.actions_slice(k)].copy() for k, key in enumerate(keys)}
    return CounterfactualValues(
        include_chance=include_chance,
        reach={key: float(info_reach[k]) for k, key in enumerate(keys)},
        own_reach={
            key: float(reach[tree.owner[k], tree.members[k][0]]) for k, key in enumerate(keys)
        },
        info_set_value={key: float(info_value[k]) for k, key in enumerate(keys)},
        action_values=actions,
        regrets={key: actions[key] - info_value[k] for k, key in enumerate(keys)},
    )


def counterfactual_values_by_walk(
    game: Game, policy: Mapping[str, np.ndarray]
) -> dict[str, np.ndarray]:
    """``v_i(sigma_{I->a}, I)`` at every information set, by a walk.

    The recursive form of :func:`counterfactual_values`, chance
    included, as in Neller and Lanctot (2013). ``walk`` returns
    ``u_1(sigma, h)``; at each decision history h of player i, it
    adds ``pi_{-i}(h) u_i(sigma, h.a)`` to the value of each action a
    at h's information set. Slower than the array form; written to be
    read beside it.
    """
    check_instance(game, Game, "game", "a Game")
    sigma = validate_policy(game, policy)
    values = {k: np.zeros(len(game.actions(k))) for k in sigma}

    def walk(h: History, chance: float, reach: list[float]) -> float:
        if game.is_terminal(h):
            return game.payoff(h)  # u_1(z)
        key = game.info_set_key(h)
        i, strategy = game.player(key), sigma[key]
        child_values = []
        for a, action in enumerate(game.actions(key)):
            child_reach = list(reach)
            child_reach[i - 1] *= strategy[a]  # pi_i(h.a)
            child = game.next_history(h, action)
            child_values.append(walk(child, chance, child_reach))
        others = chance * reach[2 - i]  # pi_{-i}(h), with chance
        sign = 1.0 if i == 1 else -1.0  # u_2 = -u_1
        values[key] += others * sign * np.array(child_values)
        # u_1(sigma, h) = sum_a sigma(I, a) u_1(sigma, h.a)
        return sum_of_products(strategy, child_values)

    for deal, probability in game.deals():
        walk(game.initial_history(deal), probability, [1.0, 1.0])
    return values
