"""Kuhn poker for any number of players (Kuhn 1950; the three-player game of Szafron, Gibson and
Sturtevant 2013, as OpenSpiel's ``kuhn_poker(players=3)`` plays it).

Rules. With n players the deck has ``n + 1`` cards of different ranks. Each player antes 1 chip
and is dealt one card; one card stays hidden. The players act in turn, player 1 first, with two
actions, always in the order ``("p", "b")``:

- while nobody has bet, ``"p"`` checks and ``"b"`` bets 1;
- once somebody has bet, every other player acts once more, in turn from the bettor's left
  (those who checked before the bet included): ``"p"`` folds, ``"b"`` calls 1.

The hand ends when all n players have checked (a showdown of everybody's card for the antes), or
when every other player has answered the bet (a showdown between the bettor and the callers, or
the bettor wins the antes if all fold). At a showdown the highest card wins the whole pot. A
player's return is what it wins minus what it put in, so the returns add up to zero.

With two players this is exactly :class:`~lessons_lib.games.kuhn.KuhnPoker`; with three it is the
three-player game whose equilibria Szafron, Gibson and Sturtevant (2013) describe as a family,
and on which CFR's guarantees no longer hold (Chapter 13). The game has no public tree in the
sense of the two-player engines (it has three players), so the readable engine and Monte Carlo
CFR solve it.

Histories are ``History(deal, actions)`` with ``deal[i - 1]`` the rank of player i's card (0 the
lowest). An information-set key is the acting player's card, a colon, then the actions so far:
``"K:pb"`` is a player holding the king after a check and a bet. Cards are named like Kuhn
poker's: the top ``n + 1`` ranks of ``2 ... 9 T J Q K`` (four cards: ``T J Q K``).
"""

from __future__ import annotations

from functools import cached_property
from itertools import permutations
from numbers import Integral

from lessons_lib.games.base import Deal, Game, History, check_histories
from lessons_lib.games.kuhn import card_names
from lessons_lib.validation import describe

#: The most players the game is built for: its tree grows like ``(n + 1)! 2^n``.
MAX_PLAYERS = 6


class MultiplayerKuhnPoker(Game):
    """Kuhn poker with ``players`` players and ``players + 1`` cards (module docstring).

    ``info_sets()`` lists the keys by action sequence (shortest first, then in the order of
    ``("p", "b")``) and, within each, by card from lowest to highest.
    """

    name = "multiplayer_kuhn_poker"
    zero_sum = True
    #: The two actions, in the order every policy vector uses: pass, bet.
    ACTIONS = ("p", "b")

    def __init__(self, players: int = 3) -> None:
        integer = isinstance(players, Integral) and not isinstance(players, bool)
        if not (integer and 2 <= players <= MAX_PLAYERS):
            raise ValueError(
                f"players must be an integer from 2 to {MAX_PLAYERS}, got {describe(players)}"
            )
        self.num_players = int(players)
        self.cards = card_names(self.num_players + 1)
        check_histories(len(self.deals()) * (len(self.sequences) + 1), repr(self))

    @property
    def parameters(self) -> dict[str, object]:
        return {"players": self.num_players}

    # The betting, as action sequences.

    @cached_property
    def sequences(self) -> dict[str, bool]:
        """Every action sequence of the betting, with whether it ends the hand."""
        found: dict[str, bool] = {}
        frontier = [""]
        while frontier:
            actions = frontier.pop(0)
            found[actions] = self._over(actions)
            if not found[actions]:
                frontier += [actions + a for a in self.ACTIONS]
        return found

    def _over(self, actions: str) -> bool:
        """Whether the hand is over after ``actions``: everybody checked, or everybody else has
        answered the first bet."""
        first_bet = actions.find("b")
        if first_bet < 0:
            return len(actions) == self.num_players
        return len(actions) == first_bet + self.num_players

    def _to_act(self, actions: str) -> int:
        return 1 + len(actions) % self.num_players

    # The rules, history by history.

    def deals(self) -> list[tuple[Deal, float]]:
        """Every way to give the players different cards, each as likely."""
        deals = list(permutations(range(self.num_players + 1), self.num_players))
        return [(deal, 1.0 / len(deals)) for deal in deals]

    def is_terminal(self, history: History) -> bool:
        return self.sequences[self._actions(history)]

    def player_to_act(self, history: History) -> int:
        return self._to_act(self._decision(history))

    def legal_actions(self, history: History) -> tuple[str, ...]:
        self._decision(history)
        return self.ACTIONS

    def returns(self, history: History) -> tuple[float, ...]:
        """What each player wins minus what it put in: the highest card among the players still
        in takes the pot."""
        actions = self._actions(history)
        if not self.sequences[actions]:
            raise ValueError(f"returns exist at terminal histories only, got {history!r}")
        put_in = [1.0] * self.num_players  # the antes
        betting = [t % self.num_players for t, a in enumerate(actions) if a == "b"]
        for player in betting:  # the bet and the calls
            put_in[player] += 1.0
        in_hand = betting or range(self.num_players)  # nobody bet: everybody shows down
        winner = max(in_hand, key=lambda p: history.deal[p])
        pot = sum(put_in)
        return tuple((pot if p == winner else 0.0) - put_in[p] for p in range(self.num_players))

    def info_set_key(self, history: History) -> str:
        actions = self._decision(history)
        return f"{self.cards[history.deal[self._to_act(actions) - 1]]}:{actions}"

    # The information sets.

    def info_sets(self) -> tuple[str, ...]:
        return tuple(self._keys)

    @cached_property
    def _keys(self) -> dict[str, str]:
        """Every key and its action sequence, in the order of :meth:`info_sets`."""
        return {
            f"{card}:{actions}": actions
            for actions, over in self.sequences.items()
            if not over
            for card in self.cards
        }

    def actions(self, key: str) -> tuple[str, ...]:
        self._sequence_of(key)
        return self.ACTIONS

    def player(self, key: str) -> int:
        return self._to_act(self._sequence_of(key))

    def _sequence_of(self, key: object) -> str:
        if not isinstance(key, str) or key not in self._keys:
            raise ValueError(f"unknown information set {describe(key)} of {self!r}")
        return self._keys[key]

    # Input checks.

    def _actions(self, history: object) -> str:
        """The actions of ``history`` after checking it is a history of this game."""
        _, actions = self.split_history(history)
        if actions not in self.sequences:
            raise ValueError(
                f"{describe(history)} is not a history of {self!r}: unknown actions "
                f"{describe(actions)}"
            )
        return actions

    def _decision(self, history: object) -> str:
        actions = self._actions(history)
        if self.sequences[actions]:
            raise ValueError(f"nobody acts at the terminal history {history!r}")
        return actions
