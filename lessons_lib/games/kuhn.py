"""Kuhn poker (Kuhn 1950): the smallest poker game in which bluffing pays.

Rules. The deck has three cards, J < Q < K. Each player antes 1 chip and is dealt one card; the
third card stays hidden. Player 1 checks or bets 1. After a check, player 2 checks (showdown for
the antes) or bets 1. A player facing a bet folds (and loses the ante) or calls (showdown for 2
chips each). At a showdown the higher card wins the pot.

There are two actions, always in the order ``("p", "b")``: ``"p"`` is *pass* (check, or fold when
facing a bet) and ``"b"`` is *bet* (bet, or call when facing a bet). The public action sequences
are the four decision points ``"", "p", "b", "pb"`` and the five endings

====== =============================== ==========================
ending what happened                     player 1's net chips
====== =============================== ==========================
pp     check, check: showdown           +1 or -1
bp     bet, fold                        +1
bb     bet, call: showdown              +2 or -2
pbp    check, bet, fold                 -1
pbb    check, bet, call: showdown       +2 or -2
====== =============================== ==========================

A history is ``History(deal, actions)`` with ``deal = (player 1's card, player 2's card)`` as ranks
0 (lowest) to ``n_cards - 1``. The player to act follows from the length of the public sequence
(even: player 1, odd: player 2). An information-set key is the acting player's card, a colon, then
the public sequence: ``"Q:"`` (player 1 holds Q and acts first), ``"K:p"``, ``"J:b"``, ``"Q:pb"``.
Each key merges the ``n_cards - 1`` histories that differ only in the opponent's card.

The game generalises to ``n_cards`` ranks (the rules are unchanged). Cards are named by the highest
ranks of a deck without aces, ``2 3 4 5 6 7 8 9 T J Q K``: three cards are ``J Q K``, four are
``T J Q K``, twelve are ``2`` to ``K``. With more than twelve cards the names are ``c0, c1, ...``
(``c`` and the rank), since the deck runs out of letters.
"""

from __future__ import annotations

from numbers import Integral

from lessons_lib.games.base import Deal, History, TwoPlayerZeroSumGame, check_histories
from lessons_lib.games.ranges import RangesOfPrivateCards
from lessons_lib.validation import describe

#: Card names of a deck without aces, lowest first; a game with n_cards <= 12 uses the top n_cards.
DECK = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")

#: What an action is called, given whether the player faces a bet.
_VERBS = {("p", False): "checks", ("p", True): "folds", ("b", False): "bets", ("b", True): "calls"}


def card_names(n_cards: int) -> tuple[str, ...]:
    """The names of the cards of an ``n_cards``-card Kuhn poker, lowest first (see the module)."""
    if n_cards <= len(DECK):
        return DECK[len(DECK) - n_cards :]
    return tuple(f"c{rank}" for rank in range(n_cards))


class KuhnPoker(RangesOfPrivateCards, TwoPlayerZeroSumGame):
    """Kuhn poker with ``n_cards`` ranks (3 by default: the standard game with J, Q and K).

    ``info_sets()`` lists the keys by public sequence in the order ``"", "p", "b", "pb"`` and,
    within each, by card from lowest to highest: ``J:, Q:, K:, J:p, Q:p, K:p, J:b, Q:b, K:b, J:pb,
    Q:pb, K:pb``. Player 1 owns the keys of ``""`` and ``"pb"``, player 2 those of ``"p"`` and
    ``"b"``.
    """

    name = "kuhn_poker"
    #: The two actions, in the order every policy vector uses: pass, bet.
    ACTIONS = ("p", "b")
    #: The public sequences at which somebody acts, in tree order.
    DECISION_SEQUENCES = ("", "p", "b", "pb")
    #: The public sequences that end the hand, in tree order.
    TERMINAL_SEQUENCES = ("pp", "bp", "bb", "pbp", "pbb")

    def __init__(self, n_cards: int = 3) -> None:
        if isinstance(n_cards, bool) or not isinstance(n_cards, Integral) or n_cards < 2:
            raise ValueError(f"n_cards must be an integer of at least 2, got {describe(n_cards)}")
        # One root per deal and 9 histories below it (4 decisions and 5 endings, the root counted).
        check_histories(
            9 * int(n_cards) * (int(n_cards) - 1), f"KuhnPoker(n_cards={describe(n_cards)})"
        )
        self._n_cards = int(n_cards)
        self.cards = card_names(self._n_cards)
        self._keys = tuple(
            f"{card}:{sequence}" for sequence in self.DECISION_SEQUENCES for card in self.cards
        )
        self._key_set = frozenset(self._keys)

    @property
    def n_cards(self) -> int:
        """The number of cards (ranks) in the deck."""
        return self._n_cards

    @property
    def parameters(self) -> dict[str, object]:
        return {"n_cards": self._n_cards}

    @property
    def private_cards(self) -> tuple[str, ...]:
        """The cards a player can hold, lowest first: the hands of the public tree's ranges."""
        return tuple(self.cards)

    def board_is_public(self, actions: str) -> bool:
        """Kuhn poker has no board: always False."""
        return False

    def card_name(self, rank: int) -> str:
        """The name of the card of rank ``rank`` (0 is the lowest)."""
        if (
            isinstance(rank, bool)
            or not isinstance(rank, Integral)
            or not 0 <= rank < self._n_cards
        ):
            raise ValueError(
                f"card rank must be between 0 and {self._n_cards - 1}, got {describe(rank)}"
            )
        return self.cards[rank]

    # The rules, history by history.

    def deals(self) -> list[tuple[Deal, float]]:
        """Every ordered pair of different cards, each with probability 1 / (n (n - 1))."""
        n = self._n_cards
        probability = 1.0 / (n * (n - 1))
        return [
            ((first, second), probability)
            for first in range(n)
            for second in range(n)
            if first != second
        ]

    def is_terminal(self, history: History) -> bool:
        _, actions = self._checked(history)
        return actions in self.TERMINAL_SEQUENCES

    def player_to_act(self, history: History) -> int:
        _, actions = self._checked_decision(history)
        return 1 + len(actions) % 2

    def legal_actions(self, history: History) -> tuple[str, ...]:
        self._checked_decision(history)
        return self.ACTIONS

    def payoff(self, history: History) -> float:
        """Player 1's net chips at a terminal history (see the table in the module docstring)."""
        deal, actions = self._checked(history)
        if actions not in self.TERMINAL_SEQUENCES:
            raise ValueError(f"payoffs exist at terminal histories only, got {history!r}")
        if actions.endswith("bp"):
            # The player facing the bet folded: the bettor wins the folder's ante.
            folder = 1 + (len(actions) - 1) % 2
            return 1.0 if folder == 2 else -1.0
        # Showdown for the antes, plus the bet when one was called.
        stake = 2.0 if "b" in actions else 1.0
        return stake if deal[0] > deal[1] else -stake

    def info_set_key(self, history: History) -> str:
        deal, actions = self._checked_decision(history)
        player = 1 + len(actions) % 2
        return f"{self.cards[deal[player - 1]]}:{actions}"

    # The information sets.

    def info_sets(self) -> tuple[str, ...]:
        return self._keys

    def parse_key(self, key: str) -> tuple[str, str]:
        """Split an information-set key into (the acting player's card, the public sequence)."""
        if not isinstance(key, str) or key not in self._key_set:
            raise ValueError(f"unknown information set {describe(key)} of {self!r}")
        card, actions = key.split(":")
        return card, actions

    def actions(self, key: str) -> tuple[str, ...]:
        self.parse_key(key)
        return self.ACTIONS

    def player(self, key: str) -> int:
        _, actions = self.parse_key(key)
        return 1 + len(actions) % 2

    def opponent_cards(self, key: str) -> tuple[str, ...]:
        """The cards the opponent may hold at information set ``key``: every other card."""
        card, _ = self.parse_key(key)
        return tuple(other for other in self.cards if other != card)

    def describe(self, key: str) -> str:
        """The information set in words, e.g.
        ``"player 1 holds Q, checked, and now faces a bet"``."""
        card, actions = self.parse_key(key)
        situation = {
            "": "player 1 holds {card} and acts first",
            "p": "player 2 holds {card}; player 1 checked",
            "b": "player 2 holds {card}; player 1 bet",
            "pb": "player 1 holds {card}, checked, and now faces a bet",
        }[actions]
        return situation.format(card=card)

    # Histories in words.

    def label(self, history: History) -> str:
        """A short name for a history: both cards, a colon, the actions (``"JQ:pb"``)."""
        deal, actions = self._checked(history)
        return f"{self.cards[deal[0]]}{self.cards[deal[1]]}:{actions}"

    def describe_history(self, history: History) -> str:
        """A history in words, e.g.
        ``"J against Q: player 1 checks, player 2 bets, player 1 folds"``."""
        deal, actions = self._checked(history)
        steps = [
            f"player {1 + t % 2} {_VERBS[action, 'b' in actions[:t]]}"
            for t, action in enumerate(actions)
        ]
        cards = f"{self.cards[deal[0]]} against {self.cards[deal[1]]}"
        return f"{cards}: {', '.join(steps) if steps else 'no action yet'}"

    # Input checks.

    def _checked(self, history: History) -> tuple[Deal, str]:
        """``history`` as (deal, actions) after checking it is a history of this game."""
        deal, actions = self.split_history(history)
        if actions not in self.DECISION_SEQUENCES + self.TERMINAL_SEQUENCES:
            raise ValueError(
                f"{describe(history)} is not a history of {self!r}: "
                f"unknown actions {describe(actions)}"
            )
        return deal, actions

    def _checked_decision(self, history: History) -> tuple[Deal, str]:
        deal, actions = self._checked(history)
        if actions in self.TERMINAL_SEQUENCES:
            raise ValueError(f"nobody acts at the terminal history {history!r}")
        return deal, actions
