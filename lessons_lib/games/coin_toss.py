"""Coin toss (Brown and Sandholm 2017, figure 1): the smallest game where a subgame cannot be
solved on its own.

Rules. Chance tosses a fair coin; only player 1 sees it. Player 1 then *sells* (``"s"``) or
*plays* (``"p"``). Selling ends the game: player 1 receives ``+s`` if the coin landed heads and
``-s`` if tails (``s`` is :attr:`CoinToss.sell_value`, 0.5 in the paper). Playing hands the move
to player 2, who has not seen the coin and guesses heads (``"h"``) or tails (``"t"``): a right
guess costs player 1 one chip, a wrong one wins player 1 one chip.

The equilibrium. Let ``g`` be the probability that player 2 guesses heads. Playing is worth
``1 - 2 g`` to player 1 with heads and ``2 g - 1`` with tails; selling is worth ``s`` and ``-s``.
Player 1's best response is worth ``1/2 (max(s, 1 - 2g) + max(-s, 2g - 1))``, which is at least
0 and is 0 only at ``g = (1 - s) / 2`` (1/4 in the paper): player 2's unique equilibrium strategy.
It is pinned down by the values of *selling*, which lie outside the subgame that follows
``"p"``: no reasoning inside that subgame alone can find it. Player 1's equilibrium strategies
are those that play as often with heads as with tails (so that player 2 is indifferent); the
game value is 0.

Histories, keys, views. A deal is ``(0,)`` for heads, ``(1,)`` for tails. Player 1's information
sets are ``"H:"`` and ``"T:"`` (the coin, nothing played yet); player 2's is ``"?:p"``.
:meth:`CoinToss.augmented_info_set` says what a player knows at any history (the coin for player 1,
nothing for player 2), which :mod:`lessons_lib.subgames` needs at the root of a subgame where that
player does not act.
"""

from __future__ import annotations

from lessons_lib.games.base import Deal, History, TwoPlayerZeroSumGame
from lessons_lib.validation import check_number, describe

#: The coin's faces, as named in the keys: deal ``(0,)`` is heads, ``(1,)`` tails.
FACES = ("H", "T")

#: Player 1's actions (sell, play) and player 2's (guess heads, guess tails).
PLAYER_1_ACTIONS = ("s", "p")
PLAYER_2_ACTIONS = ("h", "t")


class CoinToss(TwoPlayerZeroSumGame):
    """Brown and Sandholm's coin toss, selling worth ``+sell_value`` with heads and
    ``-sell_value`` with tails (0.5 by default, as in the paper; between 0 and 1)."""

    name = "coin_toss"

    def __init__(self, sell_value: float = 0.5) -> None:
        self.sell_value = check_number(
            sell_value, "sell_value", minimum=0.0, maximum=1.0, open_minimum=True, open_maximum=True
        )

    @property
    def parameters(self) -> dict[str, object]:
        return {"sell_value": self.sell_value}

    def deals(self) -> list[tuple[Deal, float]]:
        return [((0,), 0.5), ((1,), 0.5)]

    def is_terminal(self, history: History) -> bool:
        return self._checked(history)[1] in ("s", "ph", "pt")

    def player_to_act(self, history: History) -> int:
        return 1 + len(self._decision(history)[1])

    def legal_actions(self, history: History) -> tuple[str, ...]:
        return PLAYER_2_ACTIONS if self._decision(history)[1] else PLAYER_1_ACTIONS

    def payoff(self, history: History) -> float:
        """Player 1's chips: ``+-sell_value`` after selling, ``-1`` for a right guess, ``+1`` for a
        wrong one."""
        (coin,), actions = self._checked(history)
        if actions == "s":
            return self.sell_value if coin == 0 else -self.sell_value
        if actions in ("ph", "pt"):
            return -1.0 if PLAYER_2_ACTIONS.index(actions[1]) == coin else 1.0
        raise ValueError(f"payoffs exist at terminal histories only, got {history!r}")

    def info_set_key(self, history: History) -> str:
        return self.augmented_info_set(self._decision(history), self.player_to_act(history))

    def augmented_info_set(self, history: History, player: int) -> str:
        """What ``player`` knows at ``history``: the coin and the actions for player 1, the
        actions alone for player 2 (``"?"`` stands for the coin it has not seen)."""
        (coin,), actions = self._checked(history)
        if player not in (1, 2):
            raise ValueError(f"player must be 1 or 2, got {describe(player)}")
        return f"{FACES[coin] if player == 1 else '?'}:{actions}"

    def info_sets(self) -> tuple[str, ...]:
        return ("H:", "T:", "?:p")

    def actions(self, key: str) -> tuple[str, ...]:
        return PLAYER_2_ACTIONS if self.player(key) == 2 else PLAYER_1_ACTIONS

    def player(self, key: str) -> int:
        if key not in self.info_sets():
            raise ValueError(f"unknown information set {describe(key)} of {self!r}")
        return 2 if key == "?:p" else 1

    def describe(self, key: str) -> str:
        if self.player(key) == 2:
            return "player 2, who has not seen the coin, guesses it"
        return f"player 1 sees {'heads' if key == 'H:' else 'tails'}: sell or play"

    def _checked(self, history: History) -> tuple[Deal, str]:
        deal, actions = self.split_history(history)
        if actions not in ("", "s", "p", "ph", "pt"):
            raise ValueError(
                f"{describe(history)} is not a history of {self!r}: "
                f"unknown actions {describe(actions)}"
            )
        return deal, actions

    def _decision(self, history: History) -> History:
        deal, actions = self._checked(history)
        if actions in ("s", "ph", "pt"):
            raise ValueError(f"nobody acts at the terminal history {history!r}")
        return History(deal, actions)
