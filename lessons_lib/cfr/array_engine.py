"""What the two array engines share: joint arrays for both players, and the update schemes.

The sequence-form engine (:mod:`lessons_lib.cfr.vectorised`) and the public-tree engine
(:mod:`lessons_lib.cfr.public_tree`) keep each player's realisation plan (or ranges) as rows of
one array ``[plan_1 | 1 | plan_2 | 1]``, the strategy sums in an array of the same shape, and
``|I|`` for each row beside them. A strategy sum is never read during an iteration, and both
plans are known when it starts, so both players' sums are updated with one operation,

    S(I, a) += w_t |I| pi_i(I, a)        (the readable engine adds w_t pi_i(h) sigma(I, a) at
                                          each of the |I| histories of I: the same sum),

and then each engine's own steps run in the order the update scheme prescribes
(:data:`~lessons_lib.cfr.variants.UPDATE_SCHEMES`): simultaneously, both players learn against
sigma^t; alternately, player 2 learns against player 1's new strategy.
"""

from __future__ import annotations

import numpy as np

from lessons_lib.cfr.variants import UPDATE_SCHEMES, Variant
from lessons_lib.validation import check_choice


class ArrayEngine:
    """The engine interface's ``run`` for engines that keep both players in joint arrays.

    A subclass calls :meth:`_allocate` in its constructor, fills ``learners`` (player to
    learner, each holding a ``plan`` view of the joint array) and implements
    :meth:`update_regrets` and :meth:`update_strategy`.
    """

    def __init__(self, variant: Variant, updates: str) -> None:
        self.variant = variant
        self.updates = check_choice(updates, UPDATE_SCHEMES, "updates")
        self.iteration = 0
        self.learners: dict[int, object] = {}

    def _allocate(self, histories_1: np.ndarray, histories_2: np.ndarray) -> tuple[np.ndarray, ...]:
        """Make the joint arrays from each player's ``|I|`` per row; return the two plan views.

        Each player's part ends with its *empty* row (plan 1, ``|I|`` 0: not a strategy).
        """
        split = len(histories_1) + 1  # where player 2's part starts
        shape = (split + len(histories_2) + 1, *np.shape(histories_1)[1:])
        self._plans = np.ones(shape)
        self._strategy_sum = np.zeros(shape)
        self._histories = np.zeros(shape)
        self._histories[: split - 1] = histories_1
        self._histories[split:-1] = histories_2
        self._parts = {1: slice(0, split - 1), 2: slice(split, shape[0] - 1)}
        return self._plans[:split], self._plans[split:]

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations."""
        variant, learners = self.variant, tuple(self.learners.values())
        alternating = self.updates == "alternating"
        for _ in range(iterations):
            t = self.iteration + 1
            # S(I, a) += w_t |I| pi_i(I, a) for both players, from sigma^t.
            self._strategy_sum += (variant.average_weight(t) * self._histories) * self._plans
            if alternating:  # player 2 learns against player 1's new strategy
                for learner in learners:
                    self.update_regrets(learner)
                    self.update_strategy(learner, t)
            else:  # both learn against sigma^t
                for learner in learners:
                    self.update_regrets(learner)
                for learner in learners:
                    self.update_strategy(learner, t)
            self._strategy_sum = variant.discount_strategy_sum(self._strategy_sum, t)
            self.iteration = t

    def update_regrets(self, learner: object) -> None:
        """Add iteration t's counterfactual regrets to ``learner``'s cumulative regrets."""
        raise NotImplementedError

    def update_strategy(self, learner: object, t: int) -> None:
        """Discount ``learner``'s regrets for iteration ``t``, then regret matching and its plan."""
        raise NotImplementedError
