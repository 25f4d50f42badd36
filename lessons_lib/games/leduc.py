"""Leduc poker (Southey et al. 2005): two betting rounds and a public board card.

Rules. The deck has six cards, the jack, queen and king in two suits. Each player antes 1 chip and
is dealt one private card. A round of betting follows, then one public *board* card is turned and a
second round of betting follows. In each round player 1 acts first. A player who does not face a
bet may check or raise; a player facing a bet may fold, call or raise. A bet counts as the first
raise, and a round allows at most two raises. A raise is 2 chips in the first round and 4 in the
second. A round ends when both players check or when a raise is called; a fold ends the hand at
once, and the folder loses what they put in the pot. At the showdown a player whose private card
pairs the board wins; otherwise the higher private card wins, and equal ranks split the pot.

Actions are always listed in the order ``("f", "c", "r")`` (fold, check or call, raise), and each
information set lists only the legal ones: ``("c", "r")`` when nobody faces a bet, ``("f", "c",
"r")`` when facing one, ``("f", "c")`` when facing a bet after the last raise of the round.

Chance. The deal draws the board card together with the private cards, at the root (a
:class:`~lessons_lib.games.base.Game` may also let chance move inside the tree, but one deal keeps
the public tree's chance matrices simple, :mod:`lessons_lib.games.public`): an ordered triple of
distinct cards
(player 1's, player 2's, the board), each of the ``6 * 5 * 4 = 120`` triples equally likely. The
board stays out of the information-set keys until the second round, so nobody learns it earlier
than in the real game. Suits never matter in Leduc poker (there are no flushes), so a deal is
written in ranks, ``(private 1, private 2, board)`` with 0 the lowest rank, and the card triples
with the same ranks are merged into one deal with their combined probability: 24 rank deals instead
of 120 card deals, the same game with a tree five times smaller. For example, player 1 holding a
king is ``2/6`` and player 2 then holding the other king ``1/5``; :meth:`LeducPoker.card_deals`
lists the 120 card triples the rank deals are summed from.

Histories and keys. A history is ``History(deal, actions)`` where ``actions`` has one letter per
action across both rounds (``"crccr"``: check, raise, call, then check, raise); where the first
round ends follows from the betting rules. An information-set key is

    ``private:round1``                 in the first round, e.g. ``"K:cr"``
    ``private|board:round1/round2``    in the second round, e.g. ``"K|Q:rc/c"``

that is, the acting player's private rank, the board rank once it is public, a colon, and the
public actions with a ``/`` at the end of the first round (``"K|Q:cc/"``: both players checked in
the first round and the second round has just begun).

Generalised sizes. ``LeducPoker(ranks, suits, raise_sizes, max_raises)`` changes the deck (``ranks``
ranks, named as in :func:`lessons_lib.games.kuhn.card_names`, times ``suits`` suits), the raise in
each of the two rounds and the number of raises allowed per round. The defaults are the standard
game, ``LeducPoker(ranks=3, suits=2, raise_sizes=(2, 4), max_raises=2)``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import permutations
from numbers import Integral
from typing import NamedTuple

from numpy import ndarray

from lessons_lib.games.base import (
    MAX_HISTORIES,
    Deal,
    History,
    TwoPlayerZeroSumGame,
    check_histories,
    count,
)
from lessons_lib.games.kuhn import card_names
from lessons_lib.games.ranges import RangesOfPrivateCards
from lessons_lib.validation import describe

#: Every action, in the order information sets list them: fold, check or call, raise.
ACTIONS = ("f", "c", "r")

#: Each player's ante, in chips.
ANTE = 1

#: The number of betting rounds; the board card is turned between the first and the second.
ROUNDS = 2


@dataclass(frozen=True)
class Betting:
    """Where the betting stands after a public action sequence (the same for every deal).

    ``rounds`` holds the actions of each round begun so far (the last one is the current round),
    ``pot`` what each player has put in, antes included, and ``raises`` how many raises the
    current round has seen. ``to_act`` is 0 once the hand is over; ``folder`` is the player who
    folded (0 if nobody did).
    """

    rounds: tuple[str, ...]
    pot: tuple[int, int]
    raises: int
    to_act: int
    folder: int = 0

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended, by a fold or at the showdown."""
        return self.to_act == 0

    @property
    def facing_bet(self) -> bool:
        """Whether the player to act has put in less than the opponent."""
        return self.pot[0] != self.pot[1]


class KeyParts(NamedTuple):
    """An information-set key taken apart: private rank, board rank (None in round 1), rounds."""

    card: str
    board: str | None
    rounds: tuple[str, ...]


class LeducPoker(RangesOfPrivateCards, TwoPlayerZeroSumGame):
    """Leduc poker, standard by default, with the generalised sizes of the module docstring.

    ``info_sets()`` lists the keys by public action sequence, breadth first (shorter sequences
    first, then in the action order f, c, r), and within one sequence by board rank and then by
    private rank, lowest first: ``J:, Q:, K:, J:c, Q:c, K:c, J:r, ...``. A key of the second round
    appears for every board rank the private rank can be seen with (with one suit a private card
    never pairs the board).
    """

    name = "leduc_poker"
    ACTIONS = ACTIONS

    def __init__(
        self,
        ranks: int = 3,
        suits: int = 2,
        raise_sizes: Sequence[int] = (2, 4),
        max_raises: int = 2,
    ) -> None:
        self._ranks = _positive_integer(ranks, "ranks", minimum=2)
        self._suits = _positive_integer(suits, "suits", minimum=1)
        if self._ranks * self._suits < 3:
            raise ValueError(
                f"the deck needs at least 3 cards (two private cards and the board), got "
                f"ranks * suits = {self._ranks} * {self._suits}"
            )
        if isinstance(raise_sizes, str | bytes) or not isinstance(raise_sizes, Sequence | ndarray):
            raise ValueError(f"raise_sizes must be a pair of integers, got {describe(raise_sizes)}")
        if len(raise_sizes) != ROUNDS:
            raise ValueError(
                f"raise_sizes needs one size per round ({ROUNDS}), got {describe(raise_sizes)}"
            )
        self._raise_sizes = tuple(
            _positive_integer(size, "a raise size", minimum=1) for size in raise_sizes
        )
        self._max_raises = _positive_integer(max_raises, "max_raises", minimum=1)
        self._check_size()
        self.cards = card_names(self._ranks)
        self._deals = _rank_deals(self.card_deals(), self._suits)
        self._betting = self._all_betting()
        self._keys = self._ordered_keys()
        self._key_actions = {key: self._actions_of_key(key) for key in self._keys}

    def _check_size(self) -> None:
        """Refuse, before enumerating anything, a game whose tree would not fit.

        A stake must be an exact float payoff (at most ``2**53`` chips). The card triples are
        enumerated once (``n (n - 1) (n - 2)`` of them for ``n`` cards) and
        every rank deal meets every public sequence; one round has ``6 m + 2`` non-empty action
        sequences (``m = max_raises``) of which ``2 m + 1`` lead to the second round, so there are
        ``1 + (6 m + 2)(2 m + 2)`` public sequences.
        """
        what = f"LeducPoker({', '.join(f'{k}={describe(v)}' for k, v in self.parameters.items())})"
        n, ranks, m = self._ranks * self._suits, self._ranks, self._max_raises
        if n * (n - 1) * (n - 2) > MAX_HISTORIES:
            raise ValueError(
                f"{describe(what)} has {count(n * (n - 1) * (n - 2))} card deals to enumerate, "
                f"more than {MAX_HISTORIES:,}"
            )
        stake = ANTE + m * sum(self._raise_sizes)
        if stake > 2**53:
            raise ValueError(
                f"{describe(what)}: raise_sizes and max_raises allow a stake of {count(stake)} "
                f"chips, more than the 2**53 a float payoff holds exactly"
            )
        pairs_allowed = {1: ranks * (ranks - 1) * (ranks - 2), 2: ranks**3 - ranks}
        rank_deals = pairs_allowed.get(self._suits, ranks**3)
        check_histories(rank_deals * (1 + (6 * m + 2) * (2 * m + 2)), what)

    # Parameters and cards.

    @property
    def parameters(self) -> dict[str, object]:
        return {
            "ranks": self._ranks,
            "suits": self._suits,
            "raise_sizes": self._raise_sizes,
            "max_raises": self._max_raises,
        }

    @property
    def raise_sizes(self) -> tuple[int, ...]:
        """The size of a raise in each round, in chips."""
        return self._raise_sizes

    @property
    def max_raises(self) -> int:
        """The most raises (a bet included) one round allows."""
        return self._max_raises

    @property
    def private_cards(self) -> tuple[str, ...]:
        """The cards a player can hold, lowest first: the hands of the public tree's ranges."""
        return tuple(self.cards)

    def board_is_public(self, actions: str) -> bool:
        """Whether the board card has been turned after ``actions`` (the second round has begun)."""
        return len(self.betting(actions).rounds) > 1

    def card_name(self, rank: int) -> str:
        """The name of rank ``rank`` (0 is the lowest)."""
        if isinstance(rank, bool) or not isinstance(rank, Integral) or not 0 <= rank < self._ranks:
            raise ValueError(
                f"card rank must be between 0 and {self._ranks - 1}, got {describe(rank)}"
            )
        return self.cards[rank]

    def card_deals(self) -> list[tuple[tuple[int, int, int], Fraction]]:
        """Every ordered triple of distinct cards (player 1's, player 2's, board) with its chance.

        A card is numbered ``rank * suits + suit``. All ``n (n - 1) (n - 2)`` triples of the
        ``n = ranks * suits`` cards are equally likely; :meth:`deals` merges those of equal ranks.
        """
        n = self._ranks * self._suits
        probability = Fraction(1, n * (n - 1) * (n - 2))
        return [(triple, probability) for triple in permutations(range(n), 3)]

    # The rules, history by history.

    def deals(self) -> list[tuple[Deal, float]]:
        """Every (private 1, private 2, board) rank triple with the chance of its card triples."""
        return [(deal, float(probability)) for deal, probability in self._deals]

    def is_terminal(self, history: History) -> bool:
        _, betting = self._checked(history)
        return betting.is_over

    def player_to_act(self, history: History) -> int:
        _, betting = self._checked_decision(history)
        return betting.to_act

    def legal_actions(self, history: History) -> tuple[str, ...]:
        _, betting = self._checked_decision(history)
        return self._legal(betting)

    def payoff(self, history: History) -> float:
        """Player 1's net chips: the folder loses their stake;
        a showdown moves the loser's stake."""
        deal, betting = self._checked(history)
        if not betting.is_over:
            raise ValueError(f"payoffs exist at terminal histories only, got {history!r}")
        stake_1, stake_2 = betting.pot
        if betting.folder:
            return float(stake_2 if betting.folder == 2 else -stake_1)
        strength_1, strength_2 = (self.strength(deal[p], deal[2]) for p in (0, 1))
        if strength_1 == strength_2:
            return 0.0
        return float(stake_2 if strength_1 > strength_2 else -stake_1)

    @staticmethod
    def strength(card: int, board: int) -> tuple[bool, int]:
        """A showdown hand's strength, compared as a tuple: a pair with the board first,
        then rank."""
        return (card == board, card)

    def info_set_key(self, history: History) -> str:
        deal, betting = self._checked_decision(history)
        return self._key(deal[betting.to_act - 1], deal[2], betting.rounds)

    # The information sets.

    def info_sets(self) -> tuple[str, ...]:
        return self._keys

    def actions(self, key: str) -> tuple[str, ...]:
        return self._key_actions[self._checked_key(key)][1]

    def player(self, key: str) -> int:
        return self._key_actions[self._checked_key(key)][0]

    def parse_key(self, key: str) -> KeyParts:
        """Take a key apart: ``"K|Q:rc/c"`` is ``KeyParts("K", "Q", ("rc", "c"))``."""
        match = _KEY.fullmatch(self._checked_key(key))
        assert match is not None  # every key of info_sets() has the documented shape
        return KeyParts(match["card"], match["board"], tuple(match["actions"].split("/")))

    def describe(self, key: str) -> str:
        """The information set in words, e.g. ``"player 2 holds K; round 1: player 1 checks"``."""
        parts = self.parse_key(key)
        seen = f"holds {parts.card}" + (f", the board shows {parts.board}" if parts.board else "")
        return f"player {self.player(key)} {seen}; {self.narrate(''.join(parts.rounds))}"

    # Histories in words.

    def label(self, history: History) -> str:
        """A short name for a history: private cards, ``|`` board, colon, actions
        (``"KQ|J:cc/r"``)."""
        deal, betting = self._checked(history)
        cards = f"{self.cards[deal[0]]}{self.cards[deal[1]]}|{self.cards[deal[2]]}"
        return f"{cards}:{'/'.join(betting.rounds)}"

    def narrate(self, actions: str) -> str:
        """A public action sequence in words, round by round ("round 1: player 1 raises, ...")."""
        self._checked_actions(actions)
        if not actions:
            return "nobody has acted yet"
        rounds: list[list[str]] = [[]]
        betting = self._betting[""]
        for t, action in enumerate(actions):
            verb = {"f": "folds", "c": "calls", "r": "raises"}[action]
            if not betting.facing_bet:
                verb = {"c": "checks", "r": "bets"}[action]
            rounds[-1].append(f"player {betting.to_act} {verb}")
            betting = self._betting[actions[: t + 1]]
            if len(betting.rounds) > len(rounds):
                rounds.append([])
        return "; ".join(
            f"round {r + 1}: {', '.join(steps) if steps else 'nobody has acted yet'}"
            for r, steps in enumerate(rounds)
        )

    def describe_history(self, history: History) -> str:
        """A history in words: ``"K and Q, board J: round 1: player 1 checks, ..."``."""
        deal, _ = self._checked(history)
        cards = f"{self.cards[deal[0]]} and {self.cards[deal[1]]}, board {self.cards[deal[2]]}"
        return f"{cards}: {self.narrate(history[1])}"

    # The betting, worked out once for every public action sequence.

    def betting(self, actions: str) -> Betting:
        """Where the betting stands after the public action sequence ``actions``."""
        return self._betting[self._checked_actions(actions)]

    def _legal(self, betting: Betting) -> tuple[str, ...]:
        """Fold only when facing a bet; raise only while the round is below the raise cap."""
        legal = {"f": betting.facing_bet, "c": True, "r": betting.raises < self._max_raises}
        return tuple(action for action in ACTIONS if legal[action])

    def _after(self, betting: Betting, action: str) -> Betting:
        """The betting after the player to act takes the legal ``action``."""
        player = betting.to_act
        round_actions = betting.rounds[-1] + action
        rounds = (*betting.rounds[:-1], round_actions)
        if action == "f":
            return replace(betting, rounds=rounds, to_act=0, folder=player)
        pot = list(betting.pot)
        opponent_stake = pot[2 - player]
        if action == "r":
            pot[player - 1] = opponent_stake + self._raise_sizes[len(rounds) - 1]
            return Betting(rounds, (pot[0], pot[1]), betting.raises + 1, 3 - player)
        # A check or a call: it closes the round after a bet, or after a check (check-check).
        pot[player - 1] = opponent_stake
        if not betting.facing_bet and len(round_actions) == 1:
            return Betting(rounds, (pot[0], pot[1]), betting.raises, 3 - player)
        if len(rounds) == ROUNDS:
            return Betting(rounds, (pot[0], pot[1]), betting.raises, 0)  # showdown
        return Betting((*rounds, ""), (pot[0], pot[1]), 0, 1)

    def _all_betting(self) -> dict[str, Betting]:
        """The betting after every public action sequence, breadth first from the empty one."""
        start = Betting(("",), (ANTE, ANTE), 0, 1)
        betting = {"": start}
        frontier = [""]
        while frontier:
            following = []
            for actions in frontier:
                state = betting[actions]
                if state.is_over:
                    continue
                for action in self._legal(state):
                    betting[actions + action] = self._after(state, action)
                    following.append(actions + action)
            frontier = following
        return betting

    def _ordered_keys(self) -> tuple[str, ...]:
        """Every key, in the order of the class docstring, seen from the deals that reach it."""
        views = {(deal[p], deal[2]) for deal, _ in self._deals for p in (0, 1)}
        keys = []
        for betting in self._betting.values():
            if betting.is_over:
                continue
            if len(betting.rounds) == 1:
                keys += [self._key(card, None, betting.rounds) for card in range(self._ranks)]
            else:
                keys += [
                    self._key(card, board, betting.rounds)
                    for board in range(self._ranks)
                    for card in range(self._ranks)
                    if (card, board) in views
                ]
        return tuple(keys)

    def _key(self, card: int, board: int | None, rounds: tuple[str, ...]) -> str:
        if len(rounds) == 1:
            return f"{self.cards[card]}:{rounds[0]}"
        return f"{self.cards[card]}|{self.cards[board]}:{'/'.join(rounds)}"

    def _actions_of_key(self, key: str) -> tuple[int, tuple[str, ...]]:
        """(the player, the legal actions) at ``key``, from its public sequence."""
        _, _, sequence = key.partition(":")
        betting = self._betting[sequence.replace("/", "")]
        return betting.to_act, self._legal(betting)

    # Input checks.

    def _checked_key(self, key: str) -> str:
        if not isinstance(key, str) or key not in self._key_actions:
            raise ValueError(f"unknown information set {describe(key)} of {self!r}")
        return key

    def _checked_actions(self, actions: str) -> str:
        if not isinstance(actions, str) or actions not in self._betting:
            raise ValueError(f"{describe(actions)} is not a public action sequence of {self!r}")
        return actions

    def _checked(self, history: History) -> tuple[Deal, Betting]:
        """``history`` as (deal, betting) after checking it is a history of this game."""
        deal, actions = self.split_history(history)
        if not isinstance(actions, str) or actions not in self._betting:
            raise ValueError(
                f"{describe(history)} is not a history of {self!r}: "
                f"unknown actions {describe(actions)}"
            )
        return deal, self._betting[actions]

    def _checked_decision(self, history: History) -> tuple[Deal, Betting]:
        deal, betting = self._checked(history)
        if betting.is_over:
            raise ValueError(f"nobody acts at the terminal history {history!r}")
        return deal, betting


#: The shape of a key: card, optionally "|" and board, ":", then actions with at most one "/".
_KEY = re.compile(r"(?P<card>[^|:]+)(?:\|(?P<board>[^|:]+))?:(?P<actions>[fcr]*(?:/[fcr]*)?)")


def _rank_deals(
    card_deals: list[tuple[tuple[int, int, int], Fraction]], suits: int
) -> list[tuple[Deal, Fraction]]:
    """Merge card triples with equal ranks into one rank deal, adding their probabilities."""
    merged: dict[Deal, Fraction] = {}
    for cards, probability in card_deals:
        ranks = tuple(card // suits for card in cards)
        merged[ranks] = merged.get(ranks, Fraction(0)) + probability
    return sorted(merged.items())


def _positive_integer(value: object, name: str, minimum: int) -> int:
    """``value`` as an int after checking it is an integer of at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, Integral) or value < minimum:
        raise ValueError(f"{name} must be an integer of at least {minimum}, got {describe(value)}")
    return int(value)
