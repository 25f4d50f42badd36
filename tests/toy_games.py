"""A tiny game outside poker, for tests that need a game with no public tree of the poker kind:
two players, zero-sum, its rules written with player 1's payoff (``TwoPlayerZeroSumGame``)."""

from __future__ import annotations

from lessons_lib.games.base import History, TwoPlayerZeroSumGame


class GuessingGame(TwoPlayerZeroSumGame):
    """Player 1 sees a coin and names a side; player 2, who sees neither, guesses it."""

    name = "guessing"

    @property
    def parameters(self) -> dict[str, object]:
        return {}

    def deals(self):
        return [((0,), 0.5), ((1,), 0.5)]

    def is_terminal(self, history: History) -> bool:
        return len(history.actions) == 2

    def player_to_act(self, history: History) -> int:
        return 1 + len(history.actions)

    def legal_actions(self, history: History) -> tuple[str, ...]:
        return ("h", "t")

    def payoff(self, history: History) -> float:
        return -1.0 if history.actions[0] == history.actions[1] else 1.0

    def info_set_key(self, history: History) -> str:
        return f"{history.deal[0]}:" if not history.actions else f":{history.actions}"

    def info_sets(self) -> tuple[str, ...]:
        return ("0:", "1:", ":h", ":t")

    def actions(self, key: str) -> tuple[str, ...]:
        return ("h", "t")

    def player(self, key: str) -> int:
        return 1 if key.endswith(":") else 2
