"""Kuhn poker with a rake: a small two-player general-sum game.

A card room takes its cut, the *rake*, from every pot that is won: here a fraction ``rake`` of the
whole pot, paid by the winner. The rules, the deals and the information sets are Kuhn poker's
(:mod:`lessons_lib.games.kuhn`); only the returns change. The winner of a pot of ``P`` chips
(its own stake ``s`` included) nets ``P - s - rake * P``, the loser ``-s``, so the returns add up
to ``-rake * P``: the two players' gains no longer mirror each other, and the game is
general-sum. A pot of 2 (both checked), 3 (a bet folded to) or 4 (a bet called) loses 0.2, 0.3 or
0.4 chips to the house at a 10% rake.

In a general-sum game an equilibrium is still a profile from which no player gains by deviating
alone (NashConv zero), but a player's equilibrium strategy no longer guarantees its value, and
regret minimisation in self-play is only known to approach the coarse correlated equilibria
(Chapter 13).
"""

from __future__ import annotations

from lessons_lib.games.base import History, SameRules
from lessons_lib.games.kuhn import KuhnPoker
from lessons_lib.validation import check_number


class RakedKuhnPoker(SameRules):
    """Kuhn poker with ``n_cards`` cards (3 by default) whose winner pays ``rake`` (a fraction of
    the pot in [0, 1), 0.1 by default) to the house."""

    name = "raked_kuhn_poker"
    zero_sum = False

    def __init__(self, rake: float = 0.1, n_cards: int = 3) -> None:
        self.rake = check_number(rake, "rake", minimum=0.0, maximum=1.0, open_maximum=True)
        super().__init__(KuhnPoker(n_cards))

    @property
    def parameters(self) -> dict[str, object]:
        return {**self.game.parameters, "rake": self.rake}

    def returns(self, history: History) -> tuple[float, float]:
        """Kuhn poker's returns, the winner's less the rake on the whole pot."""
        u = self.game.payoff(history)  # player 1's net chips: +s or -s, s the loser's stake
        pot = 2.0 * abs(u) + (1.0 if history.actions.endswith("bp") else 0.0)
        rake = self.rake * pot
        return (u - rake, -u) if u > 0 else (u, -u - rake)
