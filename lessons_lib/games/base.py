"""Two-player zero-sum extensive-form games in which chance moves once, at the root.

An extensive-form game (Osborne and Rubinstein 1994, ch. 11; in the notation of Zinkevich et al.
2007) is a tree of histories. In the games of this book chance moves first and only once: it picks
a *deal* with a known probability, and from then on players 1 and 2 take turns choosing *public*
actions. Poker fits this shape. The cards of Kuhn poker are dealt before anyone acts; Leduc poker's
board card can be drawn together with the private cards and kept hidden until the second round,
which changes nothing about what anybody knows when.

A history ``h`` is a :class:`History`, the hashable pair ``(deal, actions)``: the deal is a tuple
of card ranks (``deal[0]`` is player 1's card, ``deal[1]`` player 2's, and so on) and ``actions``
is the public action sequence, a string with one character per action (``"pb"``: pass, then bet).
A terminal history ``z`` ends the hand, with payoff ``u_1(z)`` to player 1 in net chips and
``u_2(z) = -u_1(z)`` to player 2.

An information set ``I`` holds the histories the player to act cannot tell apart. It is named by a
string key (``"Q:pb"`` in Kuhn poker). Both poker games have perfect recall and public actions, so
the histories of one information set all have the same number of actions; :func:`build_tree`
checks this, and the exact algorithms of the library rely on it when they sweep the tree one depth
at a time.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from lessons_lib.validation import (
    as_finite_vector,
    check_choice,
    check_instance,
    describe,
    format_bytes,
)

if TYPE_CHECKING:
    from lessons_lib.games.ranges import RangeGame

#: The most histories a game of the library may have: its tree (:func:`build_tree`) keeps about
#: 400 bytes per history in Python objects (4 GB at this limit) and takes about 100 microseconds
#: per history to build (some 15 minutes at this limit). A larger game is refused when it is made.
MAX_HISTORIES = 10**7

#: About how many bytes the tree keeps per history (measured on Kuhn and Leduc poker).
BYTES_PER_HISTORY = 400


def count(number: int) -> str:
    """``number`` with thousands separators, or as a power of two when it is astronomical."""
    return f"{number:,}" if number < 10**30 else f"about 2**{number.bit_length() - 1}"


def check_histories(histories: int, what: str) -> int:
    """Refuse, before building anything, a game whose tree would have more than
    :data:`MAX_HISTORIES` histories; the message says how much memory it would need."""
    if histories > MAX_HISTORIES:
        raise ValueError(
            f"{describe(what)} would have {count(histories)} histories, about "
            f"{format_bytes(BYTES_PER_HISTORY * histories)} of game tree, more than the "
            f"{MAX_HISTORIES:,} histories this library builds"
        )
    return histories


#: A deal: the card ranks chance hands out, in player order.
Deal = tuple[int, ...]


class History(NamedTuple):
    """A history: the deal chance made, then the public actions taken so far (one letter each)."""

    deal: Deal
    actions: str


class Game(ABC):
    """A two-player zero-sum game with chance at the root (see the module docstring).

    A subclass sets the class attribute ``name`` and implements the rules: :meth:`deals`, the
    history methods (:meth:`is_terminal`, :meth:`player_to_act`, :meth:`legal_actions`,
    :meth:`payoff`, :meth:`info_set_key`) and the information-set methods (:meth:`info_sets`,
    :meth:`actions`, :meth:`player`). Everything else (the tree, its histories, the histories an
    information set merges) is derived here from those rules, once per game instance, on first use.
    Two games are equal when they have the same name and parameters.
    """

    #: The game's name, for example ``"kuhn_poker"``;
    #: with :attr:`parameters` it identifies the game.
    name: str = "game"
    #: The players, always 1 (who acts first) and 2.
    PLAYERS: tuple[int, int] = (1, 2)

    # The rules: what a subclass implements.

    @property
    @abstractmethod
    def parameters(self) -> dict[str, object]:
        """The parameters the game was built with, e.g. ``{"n_cards": 3}`` (a fresh dict)."""

    @abstractmethod
    def deals(self) -> list[tuple[Deal, float]]:
        """Every chance outcome with its probability ``pi_c``; the probabilities sum to 1."""

    @abstractmethod
    def is_terminal(self, history: History) -> bool:
        """Whether the hand is over at ``history``."""

    @abstractmethod
    def player_to_act(self, history: History) -> int:
        """The player (1 or 2) who acts at the non-terminal ``history``."""

    @abstractmethod
    def legal_actions(self, history: History) -> tuple[str, ...]:
        """The actions available at the non-terminal ``history``, in a fixed order."""

    @abstractmethod
    def payoff(self, history: History) -> float:
        """``u_1(z)``: player 1's net chips at the terminal history ``z``
        (player 2 gets minus it)."""

    @abstractmethod
    def info_set_key(self, history: History) -> str:
        """The key of the information set of the player to act at the non-terminal ``history``."""

    @abstractmethod
    def info_sets(self) -> tuple[str, ...]:
        """Every information-set key, in the game's fixed, documented order."""

    @abstractmethod
    def actions(self, key: str) -> tuple[str, ...]:
        """``A(I)``: the actions at information set ``key``, in the order policies use."""

    @abstractmethod
    def player(self, key: str) -> int:
        """The player (1 or 2) who acts at information set ``key``."""

    # The public tree (:mod:`lessons_lib.games.public`): what a game with one says about it.

    #: Whether every action is public and only cards are hidden: each deal is
    #: ``(player 1's private card, player 2's private card[, board card])``, the board turned
    #: after the actions :meth:`board_is_public` names. Such a game also provides
    #: :attr:`private_cards`, and the public-tree CFR engine can solve it.
    has_public_tree: bool = False

    @property
    def private_cards(self) -> tuple[str, ...]:
        """The names of the private cards, indexed as in the deals (games with a public tree)."""
        raise ValueError(f"{self!r} does not describe a public tree")

    def board_is_public(self, actions: str) -> bool:
        """Whether the board card (if the game has one) has been turned after ``actions``."""
        return False

    def range_game(self) -> RangeGame:
        """The game as the public-tree range engine sees it (:mod:`lessons_lib.games.ranges`):
        its public tree, each player's initial range, and its terminal values against ranges.

        A game with :attr:`has_public_tree` gets :class:`~lessons_lib.games.ranges.PublicTreeRanges`
        built from its rules; a game that knows a faster way (a hold'em river sorts its showdowns)
        overrides this. ``ValueError`` for a game whose actions are not all public.
        """
        from lessons_lib.games.ranges import PublicTreeRanges

        return PublicTreeRanges(self)

    def describe(self, key: str) -> str:
        """A sentence describing information set ``key`` (games override this with a better one)."""
        return f"player {self.player(key)} at information set {key}"

    # Moving through the tree.

    def initial_history(self, deal: Deal) -> History:
        """The history right after chance dealt ``deal``: no action taken yet."""
        if not self.is_deal(deal):
            raise ValueError(
                f"deal {describe(deal)} is not a deal of {self!r}; "
                f"its deals are {describe(list(self._deal_probability))}"
            )
        return History(tuple(deal), "")

    def split_history(self, history: object) -> tuple[Deal, str]:
        """``history`` as ``(deal, actions)``, after checking it is a pair with one of the deals.

        The games check the actions themselves (which sequences exist depends on the rules).
        """
        try:
            deal, actions = history
            deal = tuple(deal)
        except (TypeError, ValueError):
            raise ValueError(
                f"a history is a pair (deal, actions), got {describe(history)}"
            ) from None
        if not self.is_deal(deal):
            raise ValueError(
                f"{describe(history)} is not a history of {self!r}: unknown deal {describe(deal)}"
            )
        if not isinstance(actions, str):
            raise ValueError(f"the actions of a history are a string, got {describe(actions)}")
        return deal, actions

    def is_deal(self, deal: object) -> bool:
        """Whether ``deal`` is one of the chance outcomes of :meth:`deals`.

        A deal is a tuple of integer ranks: ``(1.0, 0.0)`` equals ``(1, 0)`` but is not a deal.
        """
        try:
            cards = tuple(deal)
            ranks = all(isinstance(c, int | np.integer) and not isinstance(c, bool) for c in cards)
            return ranks and cards in self._deal_probability
        except TypeError:
            return False

    def next_history(self, history: History, action: str) -> History:
        """The history after ``action`` is taken at the non-terminal ``history``."""
        if self.is_terminal(history):
            raise ValueError(f"no action can be taken at the terminal history {history!r}")
        check_choice(action, self.legal_actions(history), f"action at history {history!r}")
        return History(history.deal, history.actions + action)

    def utility(self, history: History, player: int) -> float:
        """``u_i(z)``: the payoff of ``player`` at terminal ``z``; ``u_2 = -u_1`` (zero-sum)."""
        check_choice(player, self.PLAYERS, "player")
        value = self.payoff(history)
        return value if player == 1 else -value

    def info_sets_of(self, player: int) -> tuple[str, ...]:
        """The information-set keys of ``player``, in the order of :meth:`info_sets`."""
        check_choice(player, self.PLAYERS, "player")
        return tuple(key for key in self.info_sets() if self.player(key) == player)

    # The whole tree, derived from the rules.

    @cached_property
    def tree(self) -> GameTree:
        """The game tree laid out in arrays (built on first use, then cached on the instance)."""
        return build_tree(self)

    def histories(self) -> tuple[History, ...]:
        """Every history, breadth first: all roots (one per deal), then one action deep,
        and so on."""
        return self.tree.histories

    def terminal_histories(self) -> tuple[History, ...]:
        """Every terminal history ``z``, of every deal."""
        tree = self.tree
        return tuple(
            h for h, terminal in zip(tree.histories, tree.terminal, strict=True) if terminal
        )

    def decision_histories(self) -> tuple[History, ...]:
        """Every history at which a player acts (decision nodes), of every deal."""
        tree = self.tree
        return tuple(
            h for h, terminal in zip(tree.histories, tree.terminal, strict=True) if not terminal
        )

    def terminal_action_sequences(self) -> tuple[str, ...]:
        """The distinct public action sequences that end a hand, in the order of the tree."""
        return tuple(dict.fromkeys(h.actions for h in self.terminal_histories()))

    def histories_in(self, key: str) -> tuple[History, ...]:
        """The histories that information set ``key`` merges (one per possible hidden deal)."""
        tree = self.tree
        return tuple(tree.histories[i] for i in tree.members[tree.info_set_index(key)])

    # Identity: a game is its name and parameters.

    @cached_property
    def _deal_probability(self) -> dict[Deal, float]:
        return {tuple(deal): float(p) for deal, p in self.deals()}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self.name, self.parameters) == (other.name, other.parameters)

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.parameters.items()))))

    def __repr__(self) -> str:
        arguments = ", ".join(f"{name}={value!r}" for name, value in self.parameters.items())
        return f"{type(self).__name__}({arguments})"


@dataclass(frozen=True, eq=False)
class GameTree:
    """A game's tree laid out once in arrays, for the exact computations of the library.

    Histories are numbered breadth first: first the root of every deal (in the order of
    ``game.deals()``), then every history with one action, and so on; ``levels[d]`` is the slice
    of the histories with ``d`` actions. The per-history arrays are indexed by that number.

    A policy becomes one flat vector (:meth:`flatten`): the probabilities at information set
    ``keys[k]`` sit at ``offset[k] : offset[k] + n_actions[k]``, in the order of
    ``game.actions(keys[k])``. The action that led to history ``h`` sits at ``edge[h]`` of that
    vector, so ``sigma[edge[h]]`` is the probability with which ``h``'s parent moved to ``h``.
    """

    keys: tuple[str, ...]  # information-set keys, in the order of game.info_sets()
    key_index: Mapping[str, int]  # key -> its position in keys
    owner: np.ndarray  # owner[k]: the player who acts at keys[k]
    offset: np.ndarray  # offset[k]: where keys[k]'s actions start in a flat policy
    n_actions: np.ndarray  # n_actions[k]: |A(I)| for I = keys[k]
    members: tuple[tuple[int, ...], ...]  # members[k]: the histories merged into keys[k]
    info_sets_at_depth: tuple[tuple[int, ...], ...]  # [d]: the information sets d actions deep
    histories: tuple[History, ...]
    index: Mapping[History, int]  # history -> its number
    levels: tuple[slice, ...]  # levels[d]: the histories with d actions
    parent: np.ndarray  # parent[h]: the history before h's last action (-1 at roots)
    edge: np.ndarray  # edge[h]: position in a flat policy of the action that led to h (-1 at roots)
    mover: np.ndarray  # mover[h]: the player who took that action (0 at roots)
    chance: np.ndarray  # chance[h]: pi_c(h), the probability of h's deal
    acting: np.ndarray  # acting[h]: the player to act at h (0 at terminal histories)
    info_set: np.ndarray  # info_set[h]: index in keys of h's information set (-1 at terminals)
    terminal: np.ndarray  # terminal[h]: whether h is terminal
    payoff: np.ndarray  # payoff[h]: u_1(h) at terminal histories, 0 elsewhere

    @property
    def size(self) -> int:
        """The length of a flat policy: the number of (information set, action) pairs."""
        return int(self.offset[-1] + self.n_actions[-1])

    def info_set_index(self, key: str) -> int:
        """The position of ``key`` among the information sets (ValueError for an unknown key)."""
        try:
            return self.key_index[key]
        except (KeyError, TypeError):
            raise ValueError(f"unknown information set {key!r}") from None

    def actions_slice(self, k: int) -> slice:
        """Where information set ``keys[k]``'s probabilities sit in a flat policy."""
        start = int(self.offset[k])
        return slice(start, start + int(self.n_actions[k]))

    def flatten(self, policy: Mapping[str, np.ndarray]) -> np.ndarray:
        """A checked policy as one flat vector; information sets it leaves out are uniform.

        ``policy`` should come from :func:`~lessons_lib.policy.validate_policy`; here only its
        type is checked, and each vector must have one entry per action.
        """
        check_instance(
            policy, Mapping, "policy", "a dict from information-set key to probabilities"
        )
        flat = np.empty(self.size)
        for k, key in enumerate(self.keys):
            probabilities = policy.get(key)
            if probabilities is None:
                probabilities = 1.0 / self.n_actions[k]
            elif not _is_float_vector(probabilities, int(self.n_actions[k])):
                name = f"policy at information set {key!r}"
                probabilities = as_finite_vector(probabilities, name, int(self.n_actions[k]))
            flat[self.actions_slice(k)] = probabilities
        if not np.all(np.isfinite(flat)):
            raise ValueError(f"policy has a non-finite entry: {describe(policy)}")
        return flat

    def unflatten(
        self, flat: np.ndarray, keys: tuple[str, ...] | None = None
    ) -> dict[str, np.ndarray]:
        """The policy dict of the flat vector ``flat``, for ``keys``
        (all information sets by default)."""
        flat = as_finite_vector(flat, "flat", self.size)
        chosen = self.keys if keys is None else keys
        if isinstance(chosen, str) or not isinstance(chosen, Iterable):
            raise ValueError(
                f"keys must be a sequence of information-set keys, got {describe(keys)}"
            )
        return {key: flat[self.actions_slice(self.info_set_index(key))].copy() for key in chosen}


def _is_float_vector(values: object, size: int) -> bool:
    """Whether ``values`` is already a float array of shape ``(size,)`` (the checked case)."""
    return isinstance(values, np.ndarray) and values.dtype.kind == "f" and values.shape == (size,)


def build_tree(game: Game) -> GameTree:
    """Walk the whole tree of ``game`` once, breadth first, and lay it out as a :class:`GameTree`.

    Along the way it checks that the rules are consistent: every decision history's information
    set is one of ``game.info_sets()``, owned by the player to act, with the history's legal
    actions; every information set is reached; all histories of an information set have the same
    number of actions; the deal probabilities are positive and sum to 1.
    """
    check_instance(game, Game, "game", "a Game")
    keys = tuple(game.info_sets())
    key_index = {key: k for k, key in enumerate(keys)}
    if len(key_index) != len(keys):
        raise ValueError(f"{game!r} lists an information set twice: {keys!r}")
    n_actions = np.array([len(game.actions(key)) for key in keys], dtype=int)
    offset = np.concatenate([[0], np.cumsum(n_actions)[:-1]]).astype(int)
    owner = np.array([game.player(key) for key in keys], dtype=int)

    deals = game.deals()
    probabilities = np.array([p for _, p in deals], dtype=float)
    if np.any(probabilities <= 0) or abs(probabilities.sum() - 1.0) > 1e-12:
        raise ValueError(f"deal probabilities of {game!r} must be positive and sum to 1")

    histories = [game.initial_history(deal) for deal, _ in deals]
    parent = [-1] * len(histories)
    edge = [-1] * len(histories)
    chance = list(probabilities)
    levels = [slice(0, len(histories))]
    while True:
        for h in range(levels[-1].start, levels[-1].stop):
            history = histories[h]
            if game.is_terminal(history):
                continue
            k = _checked_info_set(game, history, key_index)
            for a, action in enumerate(game.legal_actions(history)):
                histories.append(game.next_history(history, action))
                parent.append(h)
                edge.append(int(offset[k]) + a)
                chance.append(chance[h])
        if len(histories) == levels[-1].stop:
            break
        levels.append(slice(levels[-1].stop, len(histories)))

    terminal = np.array([game.is_terminal(history) for history in histories], dtype=bool)
    acting = np.zeros(len(histories), dtype=int)  # stays 0 at terminal histories
    info_set = np.full(len(histories), -1)  # stays -1 at terminal histories
    payoff = np.zeros(len(histories))  # stays 0 at decision histories
    for h, history in enumerate(histories):
        if terminal[h]:
            payoff[h] = game.payoff(history)
        else:
            acting[h] = game.player_to_act(history)
            info_set[h] = key_index[game.info_set_key(history)]
    parent_array = np.array(parent, dtype=int)
    mover = np.where(parent_array >= 0, acting[parent_array], 0)
    members, info_sets_at_depth = group_by_info_set(game, keys, histories, info_set, len(levels))
    return GameTree(
        keys=keys,
        key_index=key_index,
        owner=read_only(owner),
        offset=read_only(offset),
        n_actions=read_only(n_actions),
        members=members,
        info_sets_at_depth=info_sets_at_depth,
        histories=tuple(histories),
        index={history: h for h, history in enumerate(histories)},
        levels=tuple(levels),
        parent=read_only(parent_array),
        edge=read_only(np.array(edge, dtype=int)),
        mover=read_only(mover),
        chance=read_only(np.array(chance, dtype=float)),
        acting=read_only(acting),
        info_set=read_only(info_set),
        terminal=read_only(terminal),
        payoff=read_only(payoff),
    )


def read_only(array: np.ndarray) -> np.ndarray:
    """``array`` itself, made read-only (no copy): a laid-out tree is shared by every computation
    on its game, so :func:`build_tree` and the trees derived from it freeze their arrays."""
    check_instance(array, np.ndarray, "array", "a numpy array")
    array.setflags(write=False)
    return array


def _checked_info_set(game: Game, history: History, key_index: Mapping[str, int]) -> int:
    """The index of ``history``'s information set, after checking it agrees with the rules."""
    key = game.info_set_key(history)
    if key not in key_index:
        raise ValueError(f"history {history!r} has information set {key!r}, not in info_sets()")
    if game.player(key) != game.player_to_act(history):
        raise ValueError(
            f"information set {key!r} is not owned by the player to act at {history!r}"
        )
    if tuple(game.actions(key)) != tuple(game.legal_actions(history)):
        raise ValueError(f"information set {key!r} and history {history!r} disagree on the actions")
    return key_index[key]


def group_by_info_set(
    game: Game, keys: tuple[str, ...], histories: list[History], info_set: np.ndarray, n_levels: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The histories of every information set, and the information sets at every depth.

    ``info_set[h]`` is the index into ``keys`` of history ``h``'s information set (-1 at terminal
    histories). Returns ``(members, at_depth)``: ``members[k]``, the histories of ``keys[k]`` in
    order, and ``at_depth[d]``, the information sets whose histories have ``d`` actions, for the
    ``n_levels`` depths. ``ValueError`` if an information set is never reached or its histories
    have different depths (the layout :func:`build_tree` and the sweeps over it rely on).
    """
    members: list[list[int]] = [[] for _ in keys]
    for h, k in enumerate(info_set):
        if k >= 0:
            members[k].append(h)
    at_depth: list[list[int]] = [[] for _ in range(n_levels)]
    for k, merged in enumerate(members):
        if not merged:
            raise ValueError(f"information set {keys[k]!r} of {game!r} is never reached")
        depths = {len(histories[h].actions) for h in merged}
        if len(depths) != 1:
            raise ValueError(f"the histories of information set {keys[k]!r} have different depths")
        at_depth[depths.pop()].append(k)
    return tuple(tuple(m) for m in members), tuple(tuple(d) for d in at_depth)
