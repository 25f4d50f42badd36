"""What MCCFR remembers, and the profile a sampled walk plays.

Monte Carlo CFR keeps exactly the tables of CFR (Zinkevich et al. 2007; Lanctot et al. 2009,
section 2): for every information set I and action a the cumulative regret ``R(I, a)``, from which
regret matching gives the strategy ``sigma(I, a) = R+(I, a) / sum_b R+(I, b)`` (uniform when no
regret is positive), and a strategy sum ``S(I, a)`` whose normalisation is the average strategy.
Only what is *added* to them changes: sampled estimates instead of exact counterfactual regrets.

A sampled walk visits a few dozen histories, and each visit reads one information set's strategy
and adds a handful of numbers. On vectors of two or three entries the per-call cost of numpy
dominates, so :class:`RegretTables` stores plain Python lists, indexed by the information set's
number in ``game.tree.keys``, and :meth:`RegretTables.to_state` turns them into the library's
:class:`~lessons_lib.cfr.state.CFRState` (dicts of numpy arrays by key) when a policy is read.

A walk needs a *profile* to play: anything with a method ``strategy(k)`` that returns the
probabilities at information set number k. During training that is the tables themselves (regret
matching on the current regrets); to study one walk on its own it is a :class:`FixedProfile` built
from a policy dict.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

import numpy as np

from lessons_lib.cfr.state import CFRState
from lessons_lib.games.base import Game
from lessons_lib.policy import validate_policy
from lessons_lib.validation import check_integer, describe


class Profile(Protocol):
    """A profile as a sampled walk reads it: the probabilities at information set number ``k``."""

    def strategy(self, k: int) -> Sequence[float]: ...


class RegretTables:
    """Cumulative regrets ``R(I, .)`` and strategy sums ``S(I, .)``, one list per information set.

    ``regret[k]`` and ``strategy_sum[k]`` belong to information set ``keys[k]`` and are ordered as
    ``game.actions(keys[k])``. Fresh tables are all zero, so the first strategy is uniform.
    """

    def __init__(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise ValueError(f"game must be a Game (such as KuhnPoker()), got {describe(game)}")
        tree = game.tree
        self.keys = tree.keys
        self.regret = [[0.0] * int(n) for n in tree.n_actions]
        self.strategy_sum = [[0.0] * int(n) for n in tree.n_actions]
        self._uniform = [[1.0 / int(n)] * int(n) for n in tree.n_actions]

    def strategy(self, k: int) -> list[float]:
        """Regret matching at information set ``k``: ``R+(I, a) / sum_b R+(I, b)``, or uniform."""
        positive = [r if r > 0.0 else 0.0 for r in self.regret[k]]
        total = sum(positive)
        if total > 0.0:
            return [r / total for r in positive]
        return self._uniform[k]

    def add_regret(self, k: int, increments: Sequence[float]) -> None:
        """``R(I, a) += increments[a]`` for every action a of information set ``k``."""
        row = self.regret[k]
        for a, increment in enumerate(increments):
            row[a] += increment

    def add_strategy(self, k: int, weight: float, strategy: Sequence[float]) -> None:
        """``S(I, a) += weight * strategy[a]`` for every action a of information set ``k``."""
        row = self.strategy_sum[k]
        for a, probability in enumerate(strategy):
            row[a] += weight * probability

    def regrets_by_key(self) -> dict[str, np.ndarray]:
        """The cumulative regrets as a dict from information-set key to a numpy array."""
        return {key: np.array(row) for key, row in zip(self.keys, self.regret, strict=True)}

    def strategy_sums_by_key(self) -> dict[str, np.ndarray]:
        """The strategy sums as a dict from information-set key to a numpy array."""
        return {key: np.array(row) for key, row in zip(self.keys, self.strategy_sum, strict=True)}

    def to_state(self, iteration: int) -> CFRState:
        """The tables as a :class:`~lessons_lib.cfr.state.CFRState` (independent numpy copies)."""
        iteration = check_integer(iteration, "iteration", minimum=0)
        return CFRState(
            cumulative_regret=self.regrets_by_key(),
            strategy_sum=self.strategy_sums_by_key(),
            iteration=iteration,
        )


class FixedProfile:
    """A policy dict, checked, read as a :class:`Profile`: the same strategy on every visit."""

    def __init__(self, game: Game, policy: Mapping[str, object]) -> None:
        if not isinstance(game, Game):
            raise ValueError(f"game must be a Game (such as KuhnPoker()), got {describe(game)}")
        checked = validate_policy(game, policy)
        self.game = game
        self._strategies = [checked[key].tolist() for key in game.tree.keys]

    def strategy(self, k: int) -> list[float]:
        """``sigma(I, .)`` at information set number ``k``."""
        return self._strategies[k]
