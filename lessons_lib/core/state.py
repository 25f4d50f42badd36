"""What CFR remembers between iterations: cumulative regrets and strategy sums per information set.

For every information set I and action a, CFR keeps two numbers (Zinkevich et al. 2007, section 4):

- the cumulative counterfactual regret ``R^T(I, a) = sum_{t <= T} r^t(I, a)``, from which regret
  matching computes the next strategy: ``sigma^{T+1}(I, a) = R^{T,+}(I, a) / sum_b R^{T,+}(I, b)``,
  uniform when no regret is positive;
- the strategy sum ``S^T(I, a) = sum_{t <= T} w_t pi_i^{sigma^t}(I) sigma^t(I, a)``, the player's
  own reach times the strategy played, from which the average strategy
  ``sigma_bar^T(I, a) = S^T(I, a) / sum_b S^T(I, b)`` follows.

The variants of CFR change how these sums are weighted and discounted
(:mod:`lessons_lib.core.variants`), never what is stored. Every tabular engine of the library keeps
this state (as arrays, :mod:`lessons_lib.core.tables`); :class:`CFRState` is its plain,
inspectable form, one small array per information set.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lessons_lib.games.base import Game
from lessons_lib.policy import Policy
from lessons_lib.regret_matching import checked_rows, regret_matching
from lessons_lib.sums import Segments
from lessons_lib.validation import check_instance, describe


def average_strategy(strategy_sum: np.ndarray, segments: Segments | None = None) -> np.ndarray:
    """``S(I, .) / sum_b S(I, b)``: the average strategy at one information set, or at every one
    of a table cut into ``segments`` (as :func:`~lessons_lib.regret_matching.regret_matching`
    takes them); uniform where the sum is zero.

    Normalising a strategy sum is regret matching on it (its entries are their own positive
    parts), so this is :func:`~lessons_lib.regret_matching.regret_matching`, after checking that
    the sum has no negative entry; a NaN or an infinite entry is no strategy sum (``ValueError``).
    """
    sums, segments = checked_rows(strategy_sum, segments, "strategy_sum")
    if sums.size and sums.min() < 0:
        raise ValueError(f"strategy_sum has a negative entry: {describe(strategy_sum)}")
    return regret_matching(sums, segments)


@dataclass
class CFRState:
    """The cumulative regrets and strategy sums of every information set, after ``iteration`` steps.

    ``cumulative_regret[key]`` and ``strategy_sum[key]`` are arrays ordered as
    ``game.actions(key)``. A fresh state (:meth:`zeros`) has every entry zero, so the first
    strategy regret matching plays is uniform.
    """

    cumulative_regret: dict[str, np.ndarray]
    strategy_sum: dict[str, np.ndarray]
    iteration: int = 0

    @classmethod
    def zeros(cls, game: Game) -> CFRState:
        """The state before the first iteration: all regrets and strategy sums zero."""
        check_instance(game, Game, "game", "a Game (such as KuhnPoker())")
        return cls(
            cumulative_regret={key: np.zeros(len(game.actions(key))) for key in game.info_sets()},
            strategy_sum={key: np.zeros(len(game.actions(key))) for key in game.info_sets()},
        )

    def current_policy(self) -> Policy:
        """``sigma^{T+1}``: regret matching on the cumulative regrets, at every information set."""
        return {key: regret_matching(regret) for key, regret in self.cumulative_regret.items()}

    def average_policy(self) -> Policy:
        """``sigma_bar^T``: the normalised strategy sums (uniform where they are all zero)."""
        return {key: average_strategy(total) for key, total in self.strategy_sum.items()}

    def copy(self) -> CFRState:
        """An independent copy (the arrays are copied too)."""
        return CFRState(
            cumulative_regret={key: r.copy() for key, r in self.cumulative_regret.items()},
            strategy_sum={key: s.copy() for key, s in self.strategy_sum.items()},
            iteration=self.iteration,
        )
