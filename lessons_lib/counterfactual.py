"""Reach probabilities and counterfactual values of a profile (Zinkevich et al. 2007, section 3).

Reach. Under a profile sigma the probability of reaching history h factors by who acted on the way:
``pi(h) = pi_c(h) * pi_1(h) * pi_2(h)`` (times ``pi_3(h)`` and so on in a game of more players),
where ``pi_i(h)`` is the product of the probabilities of player i's own actions on the path to h
and ``pi_c(h)`` is chance's: the probability of h's deal, times that of chance's outcomes inside
the tree. The reach *due to everyone except i*, the opponents and chance, is
``pi_{-i}(h) = pi_c(h) * prod_{j != i} pi_j(h)``; with two players, ``pi_c(h)`` times the
opponent's reach.

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

import numpy as np

from lessons_lib.games.base import MAX_PLAYERS, Game, GameTree, History
from lessons_lib.policy import validate_policy
from lessons_lib.sums import sum_of_products
from lessons_lib.validation import (
    as_finite_vector,
    check_choice,
    check_instance,
    check_integer,
    check_probability,
)


@dataclass(frozen=True)
class Reach:
    """The reach probability of one history, factored by who acted: ``pi = pi_c pi_1 ... pi_n``.

    ``own[i - 1]`` is ``pi_i``. Each factor is a probability in [0, 1], checked when a Reach is
    made; ``Reach.start(p, n)`` is the reach at a root dealt with probability p.
    """

    chance: float
    own: tuple[float, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "chance", check_probability(self.chance, "chance"))
        if isinstance(self.own, str) or not isinstance(self.own, tuple) or not self.own:
            raise ValueError(f"own must be a tuple of one reach per player, got {self.own!r}")
        factors = tuple(check_probability(p, f"pi_{i}") for i, p in enumerate(self.own, 1))
        object.__setattr__(self, "own", factors)

    @classmethod
    def start(cls, chance: float, players: int) -> Reach:
        """The reach at a root that chance deals with probability ``chance``: nobody has acted."""
        players = check_integer(players, "players", minimum=1, maximum=MAX_PLAYERS)
        return cls(chance, (1.0,) * players)

    @property
    def player_1(self) -> float:
        """``pi_1(h)``."""
        return self.of(1)

    @property
    def player_2(self) -> float:
        """``pi_2(h)``."""
        return self.of(2)

    def of(self, player: int) -> float:
        """``pi_i(h)``: the product of ``player``'s own action probabilities on the way to h."""
        return self.own[self._player(player) - 1]

    def excluding(self, player: int) -> float:
        """``pi_{-i}(h)``: the reach due to chance and every player but ``player``."""
        player = self._player(player)
        others = [p for i, p in enumerate(self.own, 1) if i != player]
        product = others[0] if others else 1.0
        for p in others[1:]:
            product *= p
        return self.chance * product

    def after(self, actor: int, probability: float) -> Reach:
        """The reach after ``actor`` (0 for chance) takes an action of this ``probability``:
        the actor's own factor is multiplied by it."""
        actor = check_integer(actor, "actor", minimum=0, maximum=len(self.own))
        probability = check_probability(probability, "probability")
        if actor == 0:
            return Reach(self.chance * probability, self.own)
        own = list(self.own)
        own[actor - 1] *= probability
        return Reach(self.chance, tuple(own))

    def _player(self, player: object) -> int:
        """``player`` after checking it is one of the players, ``1 .. len(own)``."""
        return check_integer(player, "player", minimum=1, maximum=len(self.own))

    @property
    def total(self) -> float:
        """``pi(h)``: the probability that play reaches h."""
        total = self.chance
        for p in self.own:
            total *= p
        return total


def tree_reach(tree: GameTree, sigma: np.ndarray) -> np.ndarray:
    """Reach probabilities of every history of ``tree`` under the flat policy ``sigma``.

    Row 0 is ``pi_c``, row i is ``pi_i``; column h is history h. Going down one level, the player
    who moved multiplies their own reach by the probability of the action taken (chance's part,
    ``pi_c``, is the tree's own).
    """
    sigma = _flat_policy(tree, sigma)
    n = len(tree.histories)
    reach = np.vstack([tree.chance, *(np.ones(n) for _ in tree.players)])
    for level in tree.levels[1:]:
        parent = tree.parent[level]
        step = sigma[tree.edge[level]]  # where chance moved, the entry is not used
        for player in tree.players:
            moved = tree.mover[level] == player
            reach[player, level] = reach[player, parent] * np.where(moved, step, 1.0)
    return reach


def tree_values(tree: GameTree, sigma: np.ndarray, player: int = 1) -> np.ndarray:
    """``u_i(sigma, h)`` for every history of ``tree``: ``player``'s expected payoff from h on.

    Bottom-up: a terminal history is worth its payoff, a decision history the sum over its
    children of ``sigma(I, a) * value(h.a)``, a chance node the sum weighted by chance's
    probabilities.
    """
    sigma = _flat_policy(tree, sigma)
    value = np.array(tree.utility(player))
    step = tree.step_probabilities(sigma)
    for level in reversed(tree.levels[1:]):
        np.add.at(value, tree.parent[level], step[level] * value[level])
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
    return {
        h: Reach(float(reach[0, i]), tuple(map(float, reach[1:, i])))
        for i, h in enumerate(tree.histories)
    }


def history_values(
    game: Game, policy: Mapping[str, np.ndarray], player: int = 1
) -> dict[History, float]:
    """``u_i(sigma, h)`` for every history h: ``player``'s expected payoff from h on
    under ``policy`` (player 1's by default)."""
    check_instance(game, Game, "game", "a Game")
    check_choice(player, game.players, "player")
    tree = game.tree
    value = tree_values(tree, tree.flatten(validate_policy(game, policy)), player)
    return dict(zip(tree.histories, map(float, value), strict=True))


@dataclass(frozen=True)
class CounterfactualValues:
    """The counterfactual quantities of every information set I under one profile.

    Each dict is keyed by information-set key; I belongs to player ``i = game.player(key)`` and
    values are in player i's own payoffs.

    - ``reach[key]``: ``pi_{-i}(I) = sum_{h in I} pi_{-i}(h)``, the opponents' and chance's reach
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

    One top-down pass gives the reach probabilities, one bottom-up pass per player the history
    values ``u_i(sigma, h)``; then each decision history h in I adds ``pi_{-i}(h) u_i(sigma, h)`` to
    ``v_i(sigma, I)`` and each of its children h.a adds ``pi_{-i}(h) u_i(sigma, h.a)`` to
    ``v_i(sigma_{I->a}, I)``.
    """
    check_instance(game, Game, "game", "a Game")
    if not isinstance(include_chance, bool):
        raise ValueError(f"include_chance must be True or False, got {include_chance!r}")
    tree = game.tree
    sigma = tree.flatten(validate_policy(game, policy))
    reach = tree_reach(tree, sigma)
    # value[i - 1, h] = u_i(sigma, h), each player's values from the bottom-up sweep
    value = np.vstack([tree_values(tree, sigma, player) for player in tree.players])

    decision = np.flatnonzero(tree.acting > 0)
    actor = tree.acting[decision]
    # pi_{-i}(h) for the player i who acts at h, and i's own value u_i(sigma, h).
    others = others_reach(reach, actor, decision)
    if include_chance:
        others = others * tree.chance[decision]
    info = tree.info_set[decision]
    n_info = len(tree.keys)
    info_reach = np.bincount(info, weights=others, minlength=n_info)
    own_value = value[actor - 1, decision]
    info_value = np.bincount(info, weights=others * own_value, minlength=n_info)

    weight = np.zeros(len(tree.histories))
    weight[decision] = others
    children = np.flatnonzero(tree.edge >= 0)  # the children of decision histories
    parents = tree.parent[children]
    contribution = weight[parents] * value[tree.acting[parents] - 1, children]
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


def others_reach(
    reach: np.ndarray, player: int | np.ndarray, columns: np.ndarray | slice = slice(None)
) -> np.ndarray:
    """``prod_{j != i} pi_j(h)`` at the histories ``columns`` of ``reach`` (rows as
    :func:`tree_reach` gives them; chance, row 0, left out), ``i`` being ``player``: one player, or
    one per history (the player to act at each)."""
    product = None
    for j in range(1, reach.shape[0]):
        factor = np.where(player == j, 1.0, reach[j, columns])
        product = factor if product is None else product * factor
    return product


def counterfactual_values_by_walk(
    game: Game, policy: Mapping[str, np.ndarray]
) -> dict[str, np.ndarray]:
    """``v_i(sigma_{I->a}, I)`` at every information set, by a walk.

    The recursive form of :func:`counterfactual_values`, chance
    included, as in Neller and Lanctot (2013). ``walk`` returns
    ``u(sigma, h)``, every player's expected payoff from h on; at
    each decision history h of player i, it adds
    ``pi_{-i}(h) u_i(sigma, h.a)`` to the value of each action a at
    h's information set. Slower than the array form; written to be
    read beside it.
    """
    check_instance(game, Game, "game", "a Game")
    sigma = validate_policy(game, policy)
    values = {k: np.zeros(len(game.actions(k))) for k in sigma}

    def walk(h: History, reach: Reach) -> np.ndarray:
        if game.is_terminal(h):
            return np.array(game.returns(h))  # u(z), one per player
        if game.is_chance(h):  # chance's outcomes, weighted by their probabilities
            outcomes = game.chance_outcomes(h)
            below = [walk(game.next_history(h, o), reach.after(0, p)) for o, p in outcomes]
            return _weighted_sum([p for _, p in outcomes], below)
        key = game.info_set_key(h)
        i, strategy = game.player(key), sigma[key]
        child_values = []
        for a, action in enumerate(game.actions(key)):
            child = game.next_history(h, action)
            child_values.append(walk(child, reach.after(i, strategy[a])))
        # pi_{-i}(h) u_i(sigma, h.a), with chance inside pi_{-i}
        values[key] += reach.excluding(i) * np.array([v[i - 1] for v in child_values])
        # u(sigma, h) = sum_a sigma(I, a) u(sigma, h.a)
        return _weighted_sum(strategy, child_values)

    for deal, probability in game.deals():
        walk(game.initial_history(deal), Reach.start(probability, game.num_players))
    return values


def _weighted_sum(weights: object, vectors: list[np.ndarray]) -> np.ndarray:
    """``sum_k weights[k] vectors[k]``, each entry correctly rounded (:func:`sum_of_products`)."""
    stacked = np.array(vectors)
    return np.array([sum_of_products(weights, column) for column in stacked.T])
