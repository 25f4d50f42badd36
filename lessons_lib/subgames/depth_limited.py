"""Depth-limited solving of Leduc poker: re-solve the first round, with the second round's value
at the leaves (Brown, Sandholm and Amos 2018, "Depth-limited solving for imperfect-information
games"; DeepStack, Moravcik et al. 2017; Pluribus, Brown and Sandholm 2019).

**The re-solve.** Player r re-solves the first betting round from the root, the tree cut at the
depth limit: the public states where the first round has ended and the board is about to be
turned (``cc``, ``rc``, ``crc``, ``rrc``, ``crrc`` in standard Leduc poker), the *leaves*. What
lies below a leaf, the board and the second round, is replaced by a value. The re-solved strategy
is measured as r plays it: **first round from the re-solve, second round from the blueprint**
(the blueprint is r's continuation beyond the depth limit, as in Brown, Sandholm and Amos), and
its exploitability is exact, in the whole of Leduc poker. Re-solving both players takes two
re-solves (r = 1, then r = 2) whose first rounds are put together.

**Leaf values: the opponent chooses a continuation.** Brown, Sandholm and Amos let the opponent o
choose, at each leaf, among k *continuation strategies* for the rest of the game, while r
continues with its blueprint. At a leaf ``s`` holding its card ``c_o`` (it has not seen the
board), o picks j, and the game ends with player 1's payoff

    u_j(h) = E[ u_1 | h, then r plays its blueprint and o plays continuation j ],

``h`` the full deal and first-round actions, the board's chance included
(:class:`DepthLimitedGame`). The valuations, each a set of continuations of o:

- ``"blueprint"`` (k = 1): o continues with its blueprint: one value per leaf, what the
  blueprint's own value function gives. Nothing holds r back from a first round that the
  blueprint's second round of o would punish badly but another second round of o punishes well;
- ``"biased"`` (k = 4): the blueprint, and the blueprint biased toward folding, toward calling
  (or checking), toward raising: that action's probability multiplied by ``factor`` (5) wherever
  it is legal, then renormalised (Pluribus's four continuations);
- ``"biased+br"`` (k = 5): those four and o's best response to r's blueprint in the second
  round (the best response of the whole game to the blueprint, its second-round part), the first
  step of Brown, Sandholm and Amos's self-generating set of continuations;
- ``"exact"``: o free in the second round. This is the limit of the multi-valued leaf as the set
  grows to all of o's continuation strategies, the leaf value a perfect value network returns
  when r continues with its blueprint: at every leaf, o's best-response value given the ranges
  reaching it. It is computed as the game in which r's second-round decisions are chance nodes
  with the blueprint's probabilities (:class:`LockedContinuation`), where o is free everywhere.

Each depth-limited game is solved exactly by the sequence-form LP (:mod:`lessons_lib.lp`); the
re-solving player's LP plan is its maximin strategy there.

**What the numbers mean.** Let ``V`` be o's value of the depth-limited game and ``BR_o`` o's
best-response value in Leduc against r's re-solved first round followed by its blueprint second
round. A set of continuations is a subset of o's second-round strategies, so ``V <= BR_o``:
the leaf valuation can only underestimate what o gets, and ``BR_o - V`` is what it missed.
Adding continuations can only raise ``V``; ``"exact"`` makes ``V = BR_o``, and its first round is
the best r can play with a blueprint second round, so its exploitability is at most the
blueprint's. The gap between a valuation's exploitability and the exact one's is what a better
value function (a value network, more continuations) must close. DeepStack's leaf values are
another notion: the equilibrium values of the second round for the ranges reaching it, with the
second round then re-solved rather than played from the blueprint (continual re-solving); they
are not measured here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from lessons_lib.counterfactual import tree_values
from lessons_lib.exploitability import best_response, exploitability
from lessons_lib.games.base import Deal, History, TwoPlayerZeroSumGame
from lessons_lib.games.leduc import LeducPoker
from lessons_lib.lp import behaviour_policy, optimal_plan, sequence_form
from lessons_lib.policy import Policy, validate_policy
from lessons_lib.subgames.augmented import choice_symbols
from lessons_lib.subgames.values import best_response_values
from lessons_lib.validation import (
    check_choice,
    check_instance,
    check_number,
    describe,
    list_of,
)

#: The leaf valuations (module docstring).
LEAF_VALUATIONS = ("blueprint", "biased", "biased+br", "exact")

#: The actions a biased continuation favours, in the order of its continuations.
BIASES = ("f", "c", "r")

#: Pluribus's bias: the favoured action's probability is multiplied by this, then renormalised.
BIAS_FACTOR = 5.0


def first_round_keys(game: LeducPoker) -> tuple[str, ...]:
    """The information sets of the first round (no board in the key), in the game's order."""
    check_instance(game, LeducPoker, "game", "a LeducPoker")
    return tuple(key for key in game.info_sets() if game.parse_key(key).board is None)


def second_round_keys(game: LeducPoker, player: int) -> tuple[str, ...]:
    """``player``'s information sets of the second round, in the game's order."""
    check_instance(game, LeducPoker, "game", "a LeducPoker")
    check_choice(player, (1, 2), "player")
    return tuple(key for key in game.info_sets_of(player) if game.parse_key(key).board is not None)


def biased(
    game: LeducPoker,
    policy: Mapping[str, np.ndarray],
    player: int,
    action: str,
    factor: float = BIAS_FACTOR,
) -> Policy:
    """``player``'s second-round part of ``policy`` biased toward ``action`` (``"f"``, ``"c"``
    or ``"r"``): its probability multiplied by ``factor`` wherever it is legal, renormalised."""
    check_choice(action, BIASES, "action")
    factor = check_number(factor, "factor", minimum=1.0)
    checked = validate_policy(game, policy)
    out = {}
    for key in second_round_keys(game, player):
        weights = checked[key].copy()
        actions = game.actions(key)
        if action in actions:
            weights[actions.index(action)] *= factor
        out[key] = weights / float(np.add.reduce(weights))
    return out


def continuations(
    game: LeducPoker,
    blueprint: Mapping[str, np.ndarray],
    opponent: int,
    valuation: str,
    factor: float = BIAS_FACTOR,
) -> list[Policy]:
    """The continuation strategies of ``opponent`` (its second-round policies) of a valuation of
    :data:`LEAF_VALUATIONS` other than ``"exact"`` (module docstring), blueprint first."""
    check_choice(valuation, LEAF_VALUATIONS[:-1], "valuation")
    checked = validate_policy(game, blueprint)
    keys = second_round_keys(game, opponent)
    found = [{key: checked[key].copy() for key in keys}]
    if valuation in ("biased", "biased+br"):
        found += [biased(game, checked, opponent, a, factor) for a in BIASES]
    if valuation == "biased+br":
        response = best_response_values(game, checked, opponent).response
        found.append({key: np.asarray(response[key], dtype=float) for key in keys})
    return found


class DepthLimitedGame(TwoPlayerZeroSumGame):
    """Leduc poker's first round with a leaf at every public state where it ends (module
    docstring): at a leaf the opponent of ``player`` (the re-solving player r) chooses one of
    ``options`` (its second-round policies, at least one), knowing its card and the first-round
    actions, and the game ends with the value of r's second round from ``blueprint`` against the
    chosen one. A leaf history is ``History(deal, s + j)``, ``j`` the choice's symbol
    (:func:`~lessons_lib.subgames.augmented.choice_symbols`); the choice's key is
    ``"leaf|<card>:<s>"``; first-round keys are the game's."""

    name = "depth_limited_leduc"

    def __init__(
        self,
        game: LeducPoker,
        blueprint: Mapping[str, np.ndarray],
        player: int,
        options: Sequence[Mapping[str, np.ndarray]],
    ) -> None:
        self.original = check_instance(game, LeducPoker, "game", "a LeducPoker")
        self.resolver = check_choice(player, (1, 2), "player")
        self.opponent = 3 - self.resolver
        self.blueprint = validate_policy(game, blueprint)
        chosen = list_of(options, "options")
        if not chosen:
            raise ValueError("options must hold at least one continuation strategy")
        own = second_round_keys(game, self.opponent)
        self.options = []
        for j, option in enumerate(chosen):
            if not isinstance(option, Mapping) or set(option) != set(own):
                raise ValueError(
                    f"options[{j}] must be a policy of player {self.opponent}'s second-round "
                    f"information sets (all {len(own)} of them), got {describe(option)}"
                )
            self.options.append(validate_policy(game, option, players=()))
        self.symbols = choice_symbols(len(self.options))
        self._first = first_round_keys(game)
        tree = game.tree
        self._leaf_values: dict[History, tuple[float, ...]] = {}
        leaves = [h for h, history in enumerate(tree.histories) if self._is_leaf(history)]
        values = [
            tree_values(tree, tree.flatten({**self.blueprint, **option}), 1)[leaves]
            for option in self.options
        ]
        for n, h in enumerate(leaves):
            self._leaf_values[tree.histories[h]] = tuple(float(v[n]) for v in values)
        self._leaf_keys = tuple(
            dict.fromkeys(self._leaf_key(history) for history in self._leaf_values)
        )

    def _is_leaf(self, history: History) -> bool:
        """Whether ``history`` of the original game is where the first round has just ended."""
        game, actions = self.original, history.actions
        return (
            bool(actions)
            and game.board_is_public(actions)
            and not game.board_is_public(actions[:-1])
            and not game.is_terminal(history)
        )

    def _leaf_key(self, leaf: History) -> str:
        card = self.original.card_name(leaf.deal[self.opponent - 1])
        return f"leaf|{card}:{leaf.actions}"

    def _where(self, history: History) -> tuple[History, int | None]:
        """``(original history, choice)``: the choice is the continuation's number after a
        leaf's choice, None before it."""
        deal, actions = self.split_history(history)
        if actions and actions[-1] in self.symbols:
            leaf = History(deal, actions[:-1])
            if leaf in self._leaf_values:
                return leaf, self.symbols.index(actions[-1])
        inside = History(deal, actions)
        if inside not in self._leaf_values and self.original.board_is_public(actions):
            raise ValueError(f"{describe(history)} lies beyond the depth limit of {self!r}")
        return inside, None

    @property
    def parameters(self) -> dict[str, object]:
        return {
            "game": repr(self.original),
            "player": self.resolver,
            "leaves": tuple(
                sorted((tuple(h.deal), h.actions, v) for h, v in self._leaf_values.items())
            ),
        }

    def deals(self) -> list[tuple[Deal, float]]:
        return self.original.deals()

    def is_terminal(self, history: History) -> bool:
        inside, choice = self._where(history)
        return choice is not None or (
            inside not in self._leaf_values and self.original.is_terminal(inside)
        )

    def player_to_act(self, history: History) -> int:
        inside, choice = self._where(history)
        if choice is not None:
            raise ValueError(f"nobody acts at the terminal history {describe(history)}")
        if inside in self._leaf_values:
            return self.opponent
        return self.original.player_to_act(inside)

    def legal_actions(self, history: History) -> tuple[str, ...]:
        inside, choice = self._where(history)
        if choice is not None:
            raise ValueError(f"nobody acts at the terminal history {describe(history)}")
        if inside in self._leaf_values:
            return self.symbols
        return self.original.legal_actions(inside)

    def payoff(self, history: History) -> float:
        inside, choice = self._where(history)
        if choice is not None:
            return self._leaf_values[inside][choice]
        return self.original.payoff(inside)

    def info_set_key(self, history: History) -> str:
        inside, choice = self._where(history)
        if choice is None and inside in self._leaf_values:
            return self._leaf_key(inside)
        return self.original.info_set_key(inside)

    def info_sets(self) -> tuple[str, ...]:
        return (*self._first, *self._leaf_keys)

    def actions(self, key: str) -> tuple[str, ...]:
        if key in self._leaf_keys:
            return self.symbols
        return self.original.actions(self._checked_first(key))

    def player(self, key: str) -> int:
        if key in self._leaf_keys:
            return self.opponent
        return self.original.player(self._checked_first(key))

    def describe(self, key: str) -> str:
        if key in self._leaf_keys:
            return f"player {self.opponent} chooses a continuation at {key!r}"
        return self.original.describe(self._checked_first(key))

    def _checked_first(self, key: object) -> str:
        if key not in self._first:
            raise ValueError(f"unknown information set {describe(key)} of {self!r}")
        return key

    def __repr__(self) -> str:
        return (
            f"DepthLimitedGame({self.original!r}, player {self.resolver}, "
            f"{len(self.options)} continuations)"
        )


class LockedContinuation(TwoPlayerZeroSumGame):
    """Leduc poker with ``player``'s second-round decisions turned into chance nodes that play
    ``blueprint``'s probabilities (its actions of probability 0 are left out): the game a
    re-solving player with a blueprint second round faces when its opponent is free (the
    ``"exact"`` leaf valuation)."""

    name = "locked_continuation_leduc"

    def __init__(self, game: LeducPoker, blueprint: Mapping[str, np.ndarray], player: int) -> None:
        self.original = check_instance(game, LeducPoker, "game", "a LeducPoker")
        self.locked = check_choice(player, (1, 2), "player")
        checked = validate_policy(game, blueprint)
        self._locked = {key: checked[key] for key in second_round_keys(game, self.locked)}
        self._keys = tuple(k for k in game.info_sets() if k not in self._locked)

    @cached_property
    def _chance(self) -> dict[str, tuple[tuple[str, float], ...]]:
        return {
            key: tuple(
                (a, float(p))
                for a, p in zip(self.original.actions(key), probabilities, strict=True)
                if p > 0.0
            )
            for key, probabilities in self._locked.items()
        }

    def _locked_key(self, history: History) -> str | None:
        game = self.original
        if game.is_terminal(history):
            return None
        key = game.info_set_key(history)
        return key if key in self._locked else None

    @property
    def parameters(self) -> dict[str, object]:
        return {
            "game": repr(self.original),
            "locked player": self.locked,
            "locked": tuple((k, tuple(map(float, p))) for k, p in self._locked.items()),
        }

    def deals(self) -> list[tuple[Deal, float]]:
        return self.original.deals()

    def is_terminal(self, history: History) -> bool:
        return self.original.is_terminal(history)

    def is_chance(self, history: History) -> bool:
        return self._locked_key(history) is not None

    def chance_outcomes(self, history: History) -> tuple[tuple[str, float], ...]:
        key = self._locked_key(history)
        if key is None:
            raise ValueError(f"chance does not move at {describe(history)} in {self!r}")
        return self._chance[key]

    def player_to_act(self, history: History) -> int:
        if self._locked_key(history) is not None:
            raise ValueError(f"chance moves at {describe(history)} in {self!r}")
        return self.original.player_to_act(history)

    def legal_actions(self, history: History) -> tuple[str, ...]:
        key = self._locked_key(history)
        if key is not None:
            return tuple(a for a, _ in self._chance[key])
        return self.original.legal_actions(history)

    def payoff(self, history: History) -> float:
        return self.original.payoff(history)

    def info_set_key(self, history: History) -> str:
        if self._locked_key(history) is not None:
            raise ValueError(f"chance moves at {describe(history)} in {self!r}")
        return self.original.info_set_key(history)

    def info_sets(self) -> tuple[str, ...]:
        return self._keys

    def actions(self, key: str) -> tuple[str, ...]:
        return self.original.actions(self._checked(key))

    def player(self, key: str) -> int:
        return self.original.player(self._checked(key))

    def _checked(self, key: object) -> str:
        if key not in self._keys:
            raise ValueError(f"unknown information set {describe(key)} of {self!r}")
        return key


@dataclass(frozen=True, eq=False)
class DepthLimitedSolution:
    """Player ``player``'s depth-limited re-solve under ``valuation``: its first-round ``policy``
    (the LP's maximin plan), the depth-limited game's value for the opponent ``leaf_value``
    (chips per hand) and the opponent's true best-response value ``true_value`` in Leduc
    against the first round followed by the blueprint's second round."""

    player: int
    valuation: str
    policy: Policy
    leaf_value: float
    true_value: float

    @property
    def missed(self) -> float:
        """``true_value - leaf_value`` (>= 0): what the leaf valuation did not see coming."""
        return self.true_value - self.leaf_value


def depth_limited_game(
    game: LeducPoker,
    blueprint: Mapping[str, np.ndarray],
    player: int,
    valuation: str,
    factor: float = BIAS_FACTOR,
) -> DepthLimitedGame | LockedContinuation:
    """The game that ``player``'s re-solve under ``valuation`` solves (module docstring)."""
    check_instance(game, LeducPoker, "game", "a LeducPoker")
    check_choice(player, (1, 2), "player")
    check_choice(valuation, LEAF_VALUATIONS, "valuation")
    if valuation == "exact":
        return LockedContinuation(game, blueprint, player)
    options = continuations(game, blueprint, 3 - player, valuation, factor)
    return DepthLimitedGame(game, blueprint, player, options)


def resolve_first_round(
    game: LeducPoker,
    blueprint: Mapping[str, np.ndarray],
    player: int,
    valuation: str,
    factor: float = BIAS_FACTOR,
) -> DepthLimitedSolution:
    """Re-solve ``player``'s first round under ``valuation`` by the LP, and measure it."""
    limited = depth_limited_game(game, blueprint, player, valuation, factor)
    form = sequence_form(limited)
    plan, value = optimal_plan(form, player)
    solved = behaviour_policy(form, plan, player)
    policy = {key: solved[key] for key in first_round_keys(game) if game.player(key) == player}
    played = {**validate_policy(game, blueprint), **policy}
    opponent_value = value if player == 2 else -value
    true_value = best_response(game, played, 3 - player)[0]
    return DepthLimitedSolution(player, valuation, policy, opponent_value, true_value)


@dataclass(frozen=True)
class DepthLimitedMeasurement:
    """A blueprint's exploitability and, per valuation of ``valuations``, that of the blueprint
    with both first rounds re-solved (``after``), chips per hand, with the two re-solves."""

    blueprint: float
    valuations: tuple[str, ...]
    after: Mapping[str, float]
    solutions: Mapping[str, tuple[DepthLimitedSolution, DepthLimitedSolution]]


def measure_depth_limited(
    game: LeducPoker,
    blueprint: Mapping[str, np.ndarray],
    valuations: Iterable[str] = LEAF_VALUATIONS,
    factor: float = BIAS_FACTOR,
) -> DepthLimitedMeasurement:
    """Re-solve both players' first rounds under each valuation and measure the combined policy
    (first rounds re-solved, second rounds from ``blueprint``) by its exact exploitability."""
    check_instance(game, LeducPoker, "game", "a LeducPoker")
    checked = validate_policy(game, blueprint)
    chosen = tuple(
        check_choice(v, LEAF_VALUATIONS, "valuation") for v in list_of(valuations, "valuations")
    )
    if not chosen or len(set(chosen)) != len(chosen):
        raise ValueError(
            f"valuations must name some of {LEAF_VALUATIONS} once each, got {chosen!r}"
        )
    after, solutions = {}, {}
    for valuation in chosen:
        pair = tuple(resolve_first_round(game, checked, p, valuation, factor) for p in (1, 2))
        combined = {**checked, **pair[0].policy, **pair[1].policy}
        after[valuation] = exploitability(game, combined)
        solutions[valuation] = pair
    return DepthLimitedMeasurement(exploitability(game, checked), chosen, after, solutions)
