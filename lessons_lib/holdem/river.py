"""A heads-up no-limit hold'em river: the spot a commercial solver solves, and its public tree.

**The spot.** Five board cards are out; player 1 (out of position) acts first, player 2 second.
Each player's *range* gives a weight to every two-card combo the board does not block
(:mod:`lessons_lib.holdem.ranges`); a pot of ``pot`` chips is already in the middle, half from
each player, and each has ``stack`` more chips (the effective stack). Chance deals the pair
``(h_1, h_2)`` with probability

    P(h_1, h_2) = w_1(h_1) w_2(h_2) [h_1, h_2 share no card] / Z,

``Z`` the sum of the numerator over all pairs: card removal is exact, since a pair that shares a
card is never dealt.

**The bet menu.** Facing no bet, a player checks or bets ``f * pot`` for each fraction f of
``bet_sizes`` (the pot counts the chips bet so far on the river), or goes all-in (``all_in``);
a bet of (up to rounding) the stack or more *is* the all-in, equal amounts appear once. Facing a
bet, a player folds, calls, or, while fewer than ``max_raises`` raises have been made and the
bettor is not all-in, raises: to the call plus ``raise_size`` times the pot after the call, or
all-in. Two checks or a call end in a showdown, a fold ends the hand.

**Payoffs** are zero-sum, in chips, counted from the start of the river: a player who has put
``c`` chips in on the river has ``pot / 2 + c`` at stake, so at a showdown player 1 wins
``pot / 2 + c`` (``c`` the common amount), loses as much, or ties for 0, and a fold pays the
other player the folder's stake. A solver's "expected value as a share of the pot" is this value
plus ``pot / 2``.

**The public tree** (:class:`RiverTree`) has one node per public betting sequence: decision
nodes of player 1 or 2, fold nodes and showdown nodes, numbered breadth first with the children of
each node consecutive, like :class:`~lessons_lib.games.public.PublicTree`'s. A range vector sits
at every node (one entry per combo of the player), which is what the vectorised solver of
:mod:`lessons_lib.holdem.solver` carries.

**A game like the others.** :class:`RiverGame` is a :class:`~lessons_lib.games.base.Game`: a deal
is a pair of combo numbers ``(h_1, h_2)`` with the probability above, and each action has a
one-letter code in histories and information-set keys (:data:`ACTION_CODES`: ``"x"`` check,
``"c"`` call, ``"f"`` fold, ``"r"`` the raise, ``"a"`` all-in, and ``"1"``, ``"2"``, ... the
menu's bet sizes, smallest first), so ``"AhKd:x2"`` is player 1 holding AhKd after a check and a
bet of the second size. Every algorithm of the library then applies to a small river (the
history tree of a river with a few dozen combos per range is small), and the range engine
solves a large one through :meth:`RiverGame.range_game`, which is the game itself: it computes
its terminal values by sorting hands, not from a payoff per deal.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

import numpy as np

from lessons_lib.games.base import (
    Deal,
    Game,
    History,
    TwoPlayerZeroSumGame,
    check_histories,
    read_only,
)
from lessons_lib.holdem.cards import card_name, combo_name, parse_board, unblocked_combos
from lessons_lib.holdem.ranges import MIN_WEIGHT, parse_range
from lessons_lib.holdem.showdown import CardRemoval
from lessons_lib.holdem.strength import hand_strength
from lessons_lib.sums import sum_of_products
from lessons_lib.validation import (
    as_finite_vector,
    check_choice,
    check_integer,
    check_number,
    describe,
)

#: The most nodes a river's tree may have (a menu of many sizes and raises grows it quickly).
MAX_NODES = 100_000

#: The most raises a menu may allow: pot-sized raises reach the deepest stack this library takes
#: (10**18 pots) in 38, and real menus stop at 3 or 4. A node's name lists every action above it,
#: so a tree costs nodes times depth: 8,000 raises of 0.1% took a minute and a half to refuse.
MAX_RAISES = 300

#: The smallest and largest pot and stack, in chips: within them no value of the solver or the
#: linear program overflows or loses its precision (a river is the same game at any scale).
MIN_CHIPS, MAX_CHIPS = 1e-6, 1e12

#: The smallest and largest bet or raise size, as a fraction of the pot (sizes are named to 0.1%).
MIN_FRACTION, MAX_FRACTION = 1e-3, 1e3

#: How close two river amounts must be to count as the same amount, relative to the larger: a bet
#: or raise is computed from the pot (``0.6 * 4.5`` is ``2.6999999999999997``, not the stack of
#: 2.7), so amounts that differ only by rounding must name one action. Relative rather than in
#: chips, since a river is the same game at any scale: at a pot of 10**11 chips one rounding step is
#: 3e-5 chips, and at a pot of 1e-6 chips a 0.1% bet is 1e-9 chips. Sizes are at least 0.1% of the
#: pot apart (:data:`MIN_FRACTION`), far above this.
AMOUNT_TOLERANCE = 1e-9

#: The kinds of node of the river's public tree.
NODE_KINDS = ("decision", "fold", "showdown")

#: The one-letter codes of the actions in histories and keys: the fixed actions, then one code per
#: bet size of the menu, smallest first (so a menu has at most ``len(SIZE_CODES)`` sizes).
ACTION_CODES = {"check": "x", "call": "c", "fold": "f", "all-in": "a"}
RAISE_CODE = "r"
SIZE_CODES = "123456789" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + "bdeghijklmnopqstuvwyz"


@dataclass(frozen=True)
class RiverNode:
    """One public state: the actions so far, whose turn it is, and the chips put in on the river."""

    actions: tuple[str, ...]  # the actions so far: "check", "bet 75%", "all-in", "call"...
    kind: str  # "decision", "fold" or "showdown"
    player: int  # the player to act at a decision node, the folder at a fold, 0 at a showdown
    put_in: tuple[float, float]  # river chips of players 1 and 2
    raises: int  # raises made so far (the first bet is not a raise)

    def __post_init__(self) -> None:
        """Check a node built or edited by hand (:meth:`RiverGame.moves` reads it)."""
        actions = self.actions
        if not (isinstance(actions, tuple) and all(isinstance(a, str) for a in actions)):
            raise ValueError(f"actions must be a tuple of action names, got {describe(actions)}")
        kind = check_choice(self.kind, NODE_KINDS, "node kind")
        players = (0,) if kind == "showdown" else (1, 2)
        player = check_integer(self.player, "player")
        if player not in players:
            raise ValueError(f"player of a {kind} node must be in {players}, got {describe(self)}")
        if not (isinstance(self.put_in, tuple) and len(self.put_in) == 2):
            raise ValueError(f"put_in must be the chips of players 1 and 2, got {describe(self)}")
        chips = tuple(
            check_number(c, "put_in", minimum=0.0, maximum=MAX_CHIPS) for c in self.put_in
        )
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "put_in", chips)
        object.__setattr__(self, "raises", check_integer(self.raises, "raises", minimum=0))

    @property
    def name(self) -> str:
        """The actions joined by ``" / "`` (``"root"`` at the root)."""
        return " / ".join(self.actions) or "root"


@dataclass(frozen=True, eq=False)
class RiverTree:
    """The public tree in arrays (see the module docstring); terminal arrays follow
    ``folds`` and ``showdowns``."""

    nodes: tuple[RiverNode, ...]
    parent: np.ndarray  # parent[k]; -1 at the root
    children: tuple[slice, ...]  # children[k]: consecutive node numbers (empty at terminals)
    levels: tuple[slice, ...]  # levels[d]: the nodes at depth d
    player: np.ndarray  # the player to act (0 at terminal nodes)
    folds: np.ndarray  # the fold nodes
    fold_payoff: np.ndarray  # player 1's payoff at each fold node
    showdowns: np.ndarray  # the showdown nodes
    showdown_stake: np.ndarray  # what player 1 wins at each showdown node with the better hand

    @property
    def terminals(self) -> np.ndarray:
        """The terminal nodes: the folds, then the showdowns (the order of
        :meth:`RiverGame.terminal_values`)."""
        return np.concatenate([self.folds, self.showdowns])

    def node_name(self, k: int) -> str:
        """The name of node ``k`` (:attr:`RiverNode.name`)."""
        k = check_integer(k, "node number k", minimum=0, maximum=len(self.nodes) - 1)
        return self.nodes[k].name

    def action_name(self, k: int) -> str:
        """The action that leads to node ``k`` (``"bet 75%"``)."""
        k = check_integer(k, "node number k", minimum=1, maximum=len(self.nodes) - 1)
        return self.nodes[k].actions[-1]

    def node_index(self, name: str) -> int:
        """The number of the node called ``name`` (:attr:`RiverNode.name`)."""
        if not isinstance(name, str):
            raise ValueError(f"a node name is a string such as 'check', got {describe(name)}")
        for k, node in enumerate(self.nodes):
            if node.name == name:
                return k
        raise ValueError(f"no node {describe(name)} in this river's tree")

    def decision_nodes(self, player: int) -> np.ndarray:
        """The decision nodes of ``player`` (1 or 2), in node order."""
        player = _player(player)
        return np.flatnonzero(self.player == player)


class RiverGame(TwoPlayerZeroSumGame):
    """A river spot (module docstring): board, ranges, pot, stack and bet menu, checked.

    ``ranges`` are two range strings (``"QQ+,AKs"``) or two weight vectors over the board's
    unblocked combos. Only the combos with positive weight are kept, per player, in
    ``combos[i]`` (with ``weights[i]`` and ``strength[i]``), so a narrow range makes a small game.

    A built river is immutable: its tables are read-only and setting or deleting a public
    attribute raises ``AttributeError`` (its cached tables were computed from them); to change
    the spot, build a new river.
    """

    name = "holdem_river"

    def __init__(
        self,
        board: str | Sequence[str],
        ranges: Sequence[str | Sequence[float] | np.ndarray],
        pot: float,
        stack: float,
        bet_sizes: Sequence[float] = (0.33, 0.75, 1.5),
        raise_size: float = 1.0,
        max_raises: int = 2,
        all_in: bool = True,
    ) -> None:
        self.board = parse_board(board)
        self.board_text = "".join(card_name(c) for c in self.board)  # "ks 9d..." is "Ks9d..."
        if isinstance(ranges, (str, bytes, Mapping)) or not isinstance(ranges, Sequence):
            raise ValueError(f"ranges must be two ranges, one per player, got {describe(ranges)}")
        self.pot = check_number(pot, "pot", minimum=MIN_CHIPS, maximum=MAX_CHIPS)
        self.stack = check_number(stack, "stack", minimum=MIN_CHIPS, maximum=MAX_CHIPS)
        self.bet_sizes = _bet_sizes(bet_sizes)
        if len(self.bet_sizes) > len(SIZE_CODES):
            raise ValueError(
                f"bet_sizes may hold at most {len(SIZE_CODES)} sizes (one letter each in "
                f"histories), got {len(self.bet_sizes)}"
            )
        self.raise_size = check_number(
            raise_size, "raise_size", minimum=MIN_FRACTION, maximum=MAX_FRACTION
        )
        self.max_raises = check_integer(max_raises, "max_raises", minimum=0, maximum=MAX_RAISES)
        if not isinstance(all_in, bool):
            raise ValueError(f"all_in must be True or False, got {describe(all_in)}")
        if not self.bet_sizes and not all_in:
            raise ValueError("a river needs a bet: give bet_sizes or all_in=True")
        self.all_in = all_in
        board_combos = unblocked_combos(self.board)
        if isinstance(ranges, str) or len(ranges) != 2:
            raise ValueError(f"ranges must be two ranges, one per player, got {describe(ranges)}")
        self.combos, self.weights, self.strength = {}, {}, {}
        for player, given in zip((1, 2), ranges, strict=True):
            weights = self._range(given, player, len(board_combos))
            keep = weights > 0
            self.combos[player] = board_combos[keep]
            self.weights[player] = weights[keep]
            self.strength[player] = hand_strength(self.board, board_combos[keep])
        # A built game is not edited: its tables are cached from these (a copy is writable).
        self.combos, self.weights, self.strength = (
            MappingProxyType({i: read_only(table[i]) for i in (1, 2)})
            for table in (self.combos, self.weights, self.strength)
        )
        self.normaliser = sum_of_products(self.weights[1], self.removal[1].mass(self.weights[2])[0])
        if self.normaliser <= 0:
            raise ValueError("the two ranges share cards in every pair: no deal is possible")
        self._built = True  # from here on, public attributes are fixed (__setattr__)

    def __setattr__(self, name: str, value: object) -> None:
        """Set an attribute while the river is being built; refuse a public one afterwards."""
        self._refuse_change(name, "set")
        super().__setattr__(name, value)

    def __delattr__(self, name: str) -> None:
        self._refuse_change(name, "delete")
        super().__delattr__(name)

    def _refuse_change(self, name: str, verb: str) -> None:
        """A built river is immutable: its cached tables (the normaliser, the card removal, the
        public tree, the history codes) were computed from its attributes, so a changed ``pot`` or
        ``weights`` would leave them describing another game. Private names stay free for the
        class's own caches."""
        if not name.startswith("_") and self.__dict__.get("_built", False):
            raise AttributeError(
                f"cannot {verb} {name!r}: a built RiverGame is immutable (its cached tables "
                f"were computed from its attributes); build a new RiverGame with the values you "
                f"want instead"
            )

    def _range(self, given: object, player: int, size: int) -> np.ndarray:
        """One player's weights over the board's unblocked combos, from a string or a vector."""
        name = f"range of player {player}"
        if isinstance(given, str):
            weights = parse_range(given, self.board_text)
        else:
            weights = as_finite_vector(given, name, size)
            if np.any((weights < 0) | (weights > 1)):
                raise ValueError(f"{name} must hold weights in [0, 1], got {describe(given)}")
            if np.any((weights > 0) & (weights < MIN_WEIGHT)):
                raise ValueError(
                    f"{name}: a weight is 0 or at least {MIN_WEIGHT:g}: {describe(given)}"
                )
        if not np.any(weights > 0):
            raise ValueError(f"{name} holds no combo the board {self.board_text!r} allows")
        return weights

    @cached_property
    def removal(self) -> Mapping[int, CardRemoval]:
        """For each player i, :class:`CardRemoval` of i's combos against the opponent's."""
        return MappingProxyType(
            {
                i: CardRemoval.of(
                    self.combos[i], self.combos[3 - i], self.strength[i], self.strength[3 - i]
                )
                for i in (1, 2)
            }
        )

    @cached_property
    def public_tree(self) -> RiverTree:
        """The public tree of the bet menu (see the module docstring)."""
        return build_tree(self)

    def range_game(self) -> RiverGame:
        """The river describes its public tree, ranges and terminal values itself."""
        return self

    def initial_range(self, player: int) -> np.ndarray:
        """``w_i``: the range weights of ``player``'s combos (the root's range)."""
        return self.weights[_player(player)]

    def terminal_values(self, player: int, ranges: np.ndarray) -> np.ndarray:
        """``v_i(z, h)`` at every terminal (folds, then showdowns) from the opponent's ranges
        there (rows in the same order): ``u_i(z) mass(h) / Z`` at a fold, ``stake (win - lose) /
        Z`` at a showdown (:class:`~lessons_lib.holdem.showdown.CardRemoval`)."""
        tree = self.public_tree
        folds = len(tree.folds)
        shape = (folds + len(tree.showdowns), len(self.combos[3 - _player(player)]))
        if not (isinstance(ranges, np.ndarray) and ranges.shape == shape):
            raise ValueError(f"ranges must be an array of shape {shape}, got {describe(ranges)}")
        if not np.isfinite(ranges).all():
            raise ValueError(f"ranges must be finite, got {describe(ranges)}")
        removal = self.removal[_player(player)]
        sign = 1.0 if player == 1 else -1.0
        fold = (sign / self.normaliser * tree.fold_payoff)[:, None] * removal.mass(ranges[:folds])
        stake = (tree.showdown_stake / self.normaliser)[:, None]
        return np.concatenate([fold, stake * removal.showdown(ranges[folds:])])

    def equity(self, player: int) -> np.ndarray:
        """Each of ``player``'s combos' share of the pot at a showdown against the opponent's
        whole range, card removal exact: ``(weaker + ties / 2) / compatible`` (the equity curve)."""
        player = _player(player)
        return self.removal[player].equity(self.weights[3 - player])[0]

    def hand_names(self, player: int) -> list[str]:
        """The names (``"AhKd"``) of ``player``'s combos, in their order."""
        return [combo_name(c) for c in self.combos[_player(player)]]

    def decision_node(self, node: object, name: str = "node") -> RiverNode:
        """``node`` after checking it is a decision :class:`RiverNode` this river can reach: the
        player to act has put in at most the other's chips, neither more than the stack, and no
        more raises were made than the menu allows."""
        if not (isinstance(node, RiverNode) and node.kind == "decision"):
            raise ValueError(f"{name} must be a decision RiverNode, got {describe(node)}")
        own, other = node.put_in[node.player - 1], node.put_in[2 - node.player]
        if own > other or other > self.stack or node.raises > self.max_raises:
            raise ValueError(
                f"{name} is not a decision node of this river (stack {self.stack!r}, at most "
                f"{self.max_raises} raises; the player to act has not put in more): "
                f"{describe(node)}"
            )
        return node

    def moves(self, node: RiverNode) -> list[tuple[str, RiverNode]]:
        """The legal actions (by name) at a decision node and the node each leads to."""
        node = self.decision_node(node)
        i = node.player
        own, other = node.put_in[i - 1], node.put_in[2 - i]
        total = self.pot + own + other
        if own == other:  # no bet to face
            after_check = (
                RiverNode((*node.actions, "check"), "showdown", 0, node.put_in, 0)
                if i == 2
                else RiverNode((*node.actions, "check"), "decision", 2, node.put_in, 0)
            )
            moves = [("check", after_check)]
            amounts = [(f"bet {_percent(f)}", f * total) for f in self.bet_sizes]
            return moves + self._bets(node, amounts, raises=0)
        fold = RiverNode((*node.actions, "fold"), "fold", i, node.put_in, node.raises)
        called = (other, other)
        call = RiverNode((*node.actions, "call"), "showdown", 0, called, node.raises)
        moves = [("fold", fold), ("call", call)]
        if node.raises < self.max_raises and other < self.stack:
            to = other + self.raise_size * (self.pot + 2 * other)
            moves += self._bets(node, [(f"raise {_percent(self.raise_size)}", to)], node.raises + 1)
        return moves

    def _bets(
        self, node: RiverNode, amounts: list[tuple[str, float]], raises: int
    ) -> list[tuple[str, RiverNode]]:
        """The bets (or raises) to the given river totals, all-in at the stack, no amount twice;
        amounts within :data:`AMOUNT_TOLERANCE` of each other (or of the stack) are the same."""
        i = node.player
        moves, seen = [], []
        wanted = [
            (label, self.stack if to > self.stack or _same_amount(to, self.stack) else to)
            for label, to in amounts
        ]
        if self.all_in:
            wanted.append(("all-in", self.stack))
        facing = node.put_in[2 - i]
        for label, to in wanted:
            if any(_same_amount(to, s) for s in seen) or to <= facing or _same_amount(to, facing):
                continue
            seen.append(to)
            put_in = (to, node.put_in[1]) if i == 1 else (node.put_in[0], to)
            name = "all-in" if to == self.stack else label
            moves.append(
                (name, RiverNode((*node.actions, name), "decision", 3 - i, put_in, raises))
            )
        return moves

    # The Game interface: deals of combo pairs, histories of action codes.

    @property
    def parameters(self) -> dict[str, object]:
        return {
            "board": self.board_text,
            "combos": tuple(tuple(self.hand_names(i)) for i in (1, 2)),
            "weights": tuple(tuple(float(w) for w in self.weights[i]) for i in (1, 2)),
            "pot": self.pot,
            "stack": self.stack,
            "bet_sizes": self.bet_sizes,
            "raise_size": self.raise_size,
            "max_raises": self.max_raises,
            "all_in": self.all_in,
        }

    @cached_property
    def _compatible(self) -> np.ndarray:
        """``[h_1, h_2 share no card]`` for every pair of combo numbers."""
        one, two = self.combos[1], self.combos[2]
        shared = (one[:, :, None, None] == two[None, None, :, :]).any(axis=(1, 3))
        return read_only(~shared)

    def history_count(self) -> int:
        """How many histories the game tree has: one per deal (a pair of combos that share no
        card) and public node."""
        return int(np.count_nonzero(self._compatible)) * len(self.public_tree.nodes)

    def deals(self) -> list[tuple[Deal, float]]:
        """Every pair ``(h_1, h_2)`` of combo numbers that share no card, with probability
        ``w_1(h_1) w_2(h_2) / Z``. Refused when the game's history tree would be too large."""
        check_histories(self.history_count(), f"{self!r}")
        pairs = np.argwhere(self._compatible)
        weights = self.weights[1][pairs[:, 0]] * self.weights[2][pairs[:, 1]] / self.normaliser
        return [((int(a), int(b)), float(p)) for (a, b), p in zip(pairs, weights, strict=True)]

    @cached_property
    def _codes(self) -> tuple[str, ...]:
        """The action-code string of every node of the public tree."""
        tree, codes = self.public_tree, [""]
        for k in range(1, len(tree.nodes)):
            codes.append(codes[tree.parent[k]] + self._code(tree.nodes[k].actions[-1]))
        return tuple(codes)

    @cached_property
    def _node_of(self) -> dict[str, int]:
        return {code: k for k, code in enumerate(self._codes)}

    def _code(self, action: str) -> str:
        """The letter of an action name of the tree (``"bet 75%"``, ``"raise 100%"``...)."""
        if action in ACTION_CODES:
            return ACTION_CODES[action]
        if action.startswith("raise"):
            return RAISE_CODE
        labels = [f"bet {_percent(f)}" for f in self.bet_sizes]
        return SIZE_CODES[labels.index(action)]

    def _node(self, history: object) -> tuple[Deal, int]:
        deal, actions = self.split_history(history)
        if actions not in self._node_of:
            raise ValueError(f"{describe(actions)} is not an action sequence of {self!r}")
        return deal, self._node_of[actions]

    def is_deal(self, deal: object) -> bool:
        """Whether ``deal`` is a pair of combo numbers that share no card (no list is built)."""
        try:
            a, b = deal
        except (TypeError, ValueError):
            return False
        ok = all(isinstance(c, int | np.integer) and not isinstance(c, bool) for c in (a, b))
        n_1, n_2 = self._compatible.shape
        return ok and 0 <= a < n_1 and 0 <= b < n_2 and bool(self._compatible[a, b])

    def is_terminal(self, history: History) -> bool:
        return self.public_tree.player[self._node(history)[1]] == 0

    def player_to_act(self, history: History) -> int:
        k = self._node(history)[1]
        if self.public_tree.player[k] == 0:
            raise ValueError(f"nobody acts at the terminal history {describe(history)}")
        return int(self.public_tree.player[k])

    def legal_actions(self, history: History) -> tuple[str, ...]:
        k = self._node(history)[1]
        return tuple(self._codes[c][-1] for c in range(*self._child_range(k)))

    def _child_range(self, k: int) -> tuple[int, int]:
        children = self.public_tree.children[k]
        return children.start, children.stop

    @cached_property
    def _terminal_stakes(self) -> dict[int, tuple[str, float]]:
        """Each terminal node's kind and amount: player 1's payoff at a fold, the winner's
        stake at a showdown."""
        tree = self.public_tree
        folds = {
            int(k): ("fold", float(u)) for k, u in zip(tree.folds, tree.fold_payoff, strict=True)
        }
        showdowns = zip(tree.showdowns, tree.showdown_stake, strict=True)
        return folds | {int(k): ("showdown", float(stake)) for k, stake in showdowns}

    def payoff(self, history: History) -> float:
        deal, k = self._node(history)
        if k not in self._terminal_stakes:
            raise ValueError(f"{describe(history)} is not a terminal history")
        kind, amount = self._terminal_stakes[k]
        if kind == "fold":
            return amount
        one, two = self.strength[1][deal[0]], self.strength[2][deal[1]]
        return amount * float(np.sign(one - two))

    def info_set_key(self, history: History) -> str:
        deal, k = self._node(history)
        player = self.player_to_act(history)
        return self.info_set_at(k, deal[player - 1])

    def info_set_at(self, node: int, hand: int) -> str | None:
        """``"<combo>:<codes>"``: the player to act at ``node`` holding combo number ``hand``."""
        node = check_integer(node, "node", minimum=0, maximum=len(self._codes) - 1)
        player = int(self.public_tree.player[node])
        hand = check_integer(hand, "hand", minimum=0, maximum=len(self.combos[player or 1]) - 1)
        if player == 0:
            return None
        return f"{combo_name(self.combos[player][hand])}:{self._codes[node]}"

    def info_sets(self) -> tuple[str, ...]:
        """Every key: decision nodes in tree order, each with its player's combos in order."""
        return tuple(self._keys)

    @cached_property
    def _keys(self) -> dict[str, int]:
        """Every information-set key and its decision node, in the order of :meth:`info_sets`."""
        return {key: k for k in range(len(self._codes)) for key in self._keys_at(k)}

    def _keys_at(self, k: int) -> list[str]:
        player = int(self.public_tree.player[k])
        return [self.info_set_at(k, h) for h in range(len(self.combos[player]))] if player else []

    def _key_node(self, key: object) -> int:
        if not isinstance(key, str) or key not in self._keys:
            raise ValueError(f"{describe(key)} is not an information set of {self!r}")
        return self._keys[key]

    def actions(self, key: str) -> tuple[str, ...]:
        k = self._key_node(key)
        return tuple(self._codes[c][-1] for c in range(*self._child_range(k)))

    def player(self, key: str) -> int:
        return int(self.public_tree.player[self._key_node(key)])

    def describe(self, key: str) -> str:
        k = self._key_node(key)
        combo = key.partition(":")[0]
        return f"player {self.player(key)} holding {combo} at {self.public_tree.node_name(k)}"

    def __eq__(self, other: object) -> bool:
        return Game.__eq__(self, other)

    def __hash__(self) -> int:
        return hash((self.name, self.board_text, self.pot, self.stack, self.bet_sizes))

    def __repr__(self) -> str:
        return (
            f"RiverGame(board={self.board_text!r}, combos=({len(self.combos[1])}, "
            f"{len(self.combos[2])}), pot={self.pot!r}, stack={self.stack!r}, "
            f"bet_sizes={self.bet_sizes!r}, raise_size={self.raise_size!r}, "
            f"max_raises={self.max_raises!r}, all_in={self.all_in!r})"
        )


def build_tree(game: RiverGame) -> RiverTree:
    """Lay out the public tree of ``game`` breadth first (see :class:`RiverTree`)."""
    nodes = [RiverNode((), "decision", 1, (0.0, 0.0), 0)]
    parent, children, levels = [-1], [], [slice(0, 1)]
    while levels[-1].start < levels[-1].stop:
        for k in range(levels[-1].start, levels[-1].stop):
            first = len(nodes)
            if nodes[k].kind == "decision":
                for _, child in game.moves(nodes[k]):
                    nodes.append(child)
                    parent.append(k)
                if len(nodes) > MAX_NODES:
                    raise ValueError(
                        f"the bet menu makes a tree of more than {MAX_NODES:,} nodes: use fewer "
                        "bet sizes or raises"
                    )
            children.append(slice(first, len(nodes)))
        levels.append(slice(levels[-1].stop, len(nodes)))
    levels.pop()
    half = game.pot / 2
    folds = [k for k, n in enumerate(nodes) if n.kind == "fold"]
    showdowns = [k for k, n in enumerate(nodes) if n.kind == "showdown"]
    fold_payoff = [
        (half + nodes[k].put_in[1]) if nodes[k].player == 2 else -(half + nodes[k].put_in[0])
        for k in folds
    ]
    player = [n.player if n.kind == "decision" else 0 for n in nodes]
    return RiverTree(  # read-only arrays: a cached tree is shared by every computation on it
        nodes=tuple(nodes),
        parent=read_only(np.array(parent, dtype=np.int64)),
        children=tuple(children),
        levels=tuple(levels),
        player=read_only(np.array(player, dtype=np.int64)),
        folds=read_only(np.array(folds, dtype=np.int64)),
        fold_payoff=read_only(np.array(fold_payoff, dtype=float)),
        showdowns=read_only(np.array(showdowns, dtype=np.int64)),
        showdown_stake=read_only(np.array([half + nodes[k].put_in[0] for k in showdowns])),
    )


def _bet_sizes(sizes: object) -> tuple[float, ...]:
    """The bet fractions, each a positive number, sorted, no repeats."""
    if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Sequence):
        raise ValueError(f"bet_sizes must be a list of pot fractions, got {describe(sizes)}")
    checked = sorted(
        {check_number(f, "a bet size", minimum=MIN_FRACTION, maximum=MAX_FRACTION) for f in sizes}
    )
    labels = [_percent(f) for f in checked]
    if len(set(labels)) < len(labels):
        raise ValueError(
            f"bet sizes closer than 0.1% of the pot would share a name: {describe(sizes)}"
        )
    return tuple(checked)


def _same_amount(a: float, b: float) -> bool:
    """Whether the river amounts ``a`` and ``b`` are equal up to :data:`AMOUNT_TOLERANCE`."""
    return math.isclose(a, b, rel_tol=AMOUNT_TOLERANCE)


def _percent(fraction: float) -> str:
    """``"75%"`` for 0.75 (up to one decimal: ``"33.3%"``)."""
    text = f"{100 * fraction:.1f}".rstrip("0").rstrip(".")
    return f"{text}%"


def _player(player: object) -> int:
    """``player`` after checking it is 1 or 2."""
    if player not in (1, 2) or isinstance(player, bool):
        raise ValueError(f"player must be 1 or 2, got {describe(player)}")
    return int(player)
