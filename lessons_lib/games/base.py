"""Extensive-form games for any number of players, with chance at the root and inside the tree.

An extensive-form game (Osborne and Rubinstein 1994, ch. 11; in the notation of Zinkevich et al.
2007) is a tree of histories. Players ``1 .. n`` (:attr:`Game.num_players`) take turns choosing
actions; *chance* moves with known probabilities. In the poker games of this book chance moves
first, once: it picks a *deal*, the cards every player holds. A game may also let chance move
inside the tree (a card turned between two betting rounds): such a history is a *chance node*
(:meth:`Game.is_chance`), whose outcomes and their probabilities :meth:`Game.chance_outcomes`
gives. Both kinds of chance count in ``pi_c(h)``, the probability chance gives history h.

A history ``h`` is a :class:`History`, the hashable pair ``(deal, actions)``: the deal is a tuple
of card ranks (``deal[0]`` is player 1's card, ``deal[1]`` player 2's, and so on; ``()`` for a game
without chance at the root) and ``actions`` is the action sequence since the deal, a string with
one character per action, chance's outcomes inside the tree included (``"pb"``: pass, then bet).
A terminal history ``z`` ends the game with *returns* ``(u_1(z), ..., u_n(z))``, one number per
player (:meth:`Game.returns`).

**Zero-sum is a promise a game declares.** :attr:`Game.zero_sum` says that the returns add up to
zero at every terminal history; :func:`build_tree` checks the promise at every terminal, and the
algorithms that need it (the best-response form of exploitability, the public-tree and
linear-programming solvers) check the declaration instead of assuming it. A two-player zero-sum
game writes its rules with player 1's payoff alone (:class:`TwoPlayerZeroSumGame`).

An information set ``I`` holds the histories the player to act cannot tell apart. It is named by a
string key (``"Q:pb"`` in Kuhn poker). The games of the library have perfect recall, and the
histories of one information set all have the same number of steps; :func:`build_tree` checks
this, and the exact algorithms of the library rely on it when they sweep the tree one depth at a
time.

What more a game may say of itself (its private cards, its public tree and ranges) are optional
capabilities, protocols of :mod:`lessons_lib.games.public` and :mod:`lessons_lib.games.ranges`
that a game implements when it has them; this module knows nothing of them.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

import numpy as np

from lessons_lib.validation import (
    as_finite_vector,
    check_choice,
    check_instance,
    describe,
    format_bytes,
    is_number,
)

#: The most histories a game of the library may have: its tree (:func:`build_tree`) keeps about
#: 400 bytes per history in Python objects (4 GB at this limit) and takes about 100 microseconds
#: per history to build (some 15 minutes at this limit). A larger game is refused when it is made.
MAX_HISTORIES = 10**7

#: About how many bytes the tree keeps per history (measured on Kuhn and Leduc poker).
BYTES_PER_HISTORY = 400

#: The most players a game may have (a limit no game of the book comes near).
MAX_PLAYERS = 64

#: How far from zero the returns of a zero-sum game may add up at a terminal, relative to the
#: largest return there (rounding of the game's own arithmetic, not a real gain).
ZERO_SUM_TOLERANCE = 1e-9

#: The "player" of a chance node, in :attr:`GameTree.mover` and wherever a player number is asked.
CHANCE = 0


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


#: A deal: the card ranks chance hands out at the root, in player order.
Deal = tuple[int, ...]


class History(NamedTuple):
    """A history: the deal chance made, then the actions taken so far (one letter each)."""

    deal: Deal
    actions: str


class Game(ABC):
    """An extensive-form game of ``num_players`` players (see the module docstring).

    A subclass sets the class attributes ``name``, ``num_players`` and ``zero_sum`` and implements
    the rules: :meth:`deals`, the history methods (:meth:`is_terminal`, :meth:`player_to_act`,
    :meth:`legal_actions`, :meth:`returns`, :meth:`info_set_key`, and :meth:`is_chance` with
    :meth:`chance_outcomes` if chance moves inside the tree) and the information-set methods
    (:meth:`info_sets`, :meth:`actions`, :meth:`player`). Everything else (the tree, its
    histories, the histories an information set merges) is derived here from those rules, once
    per game instance, on first use. Two games are equal when they have the same name and
    parameters.
    """

    #: The game's name, for example ``"kuhn_poker"``;
    #: with :attr:`parameters` it identifies the game.
    name: str = "game"
    #: How many players act: they are numbered ``1 .. num_players``, player 1 first.
    num_players: int = 2
    #: The game's promise that the returns add up to zero at every terminal history
    #: (checked by :func:`build_tree`). A game that does not declare it is general-sum.
    zero_sum: bool = False

    @property
    def players(self) -> tuple[int, ...]:
        """The players, ``(1, 2, ..., num_players)``."""
        return tuple(range(1, self.num_players + 1))

    # The rules: what a subclass implements.

    @property
    @abstractmethod
    def parameters(self) -> dict[str, object]:
        """The parameters the game was built with, e.g. ``{"n_cards": 3}`` (a fresh dict)."""

    @abstractmethod
    def deals(self) -> list[tuple[Deal, float]]:
        """Every chance outcome at the root with its probability ``pi_c``; they sum to 1
        (``[((), 1.0)]`` for a game where chance does not move first)."""

    @abstractmethod
    def is_terminal(self, history: History) -> bool:
        """Whether the game is over at ``history``."""

    @abstractmethod
    def player_to_act(self, history: History) -> int:
        """The player (``1 .. num_players``) who acts at the decision history ``history``."""

    @abstractmethod
    def legal_actions(self, history: History) -> tuple[str, ...]:
        """The actions available at the non-terminal ``history``, in a fixed order (at a chance
        node: the outcomes, in the order of :meth:`chance_outcomes`)."""

    @abstractmethod
    def returns(self, history: History) -> tuple[float, ...]:
        """``(u_1(z), ..., u_n(z))``: every player's payoff at the terminal history ``z``."""

    @abstractmethod
    def info_set_key(self, history: History) -> str:
        """The key of the information set of the player to act at the decision ``history``."""

    @abstractmethod
    def info_sets(self) -> tuple[str, ...]:
        """Every information-set key, in the game's fixed, documented order."""

    @abstractmethod
    def actions(self, key: str) -> tuple[str, ...]:
        """``A(I)``: the actions at information set ``key``, in the order policies use."""

    @abstractmethod
    def player(self, key: str) -> int:
        """The player who acts at information set ``key``."""

    # Chance inside the tree: a game with such chance nodes overrides these two.

    def is_chance(self, history: History) -> bool:
        """Whether chance moves at the non-terminal ``history`` (never, unless a game says so)."""
        return False

    def chance_outcomes(self, history: History) -> tuple[tuple[str, float], ...]:
        """Chance's outcomes at the chance node ``history``, each with its probability given
        ``history`` (positive, summing to 1)."""
        raise ValueError(f"chance does not move at {describe(history)} in {self!r}")

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
        """The history after ``action`` (a player's, or chance's outcome) at ``history``."""
        if self.is_terminal(history):
            raise ValueError(f"no action can be taken at the terminal history {history!r}")
        check_choice(action, self.legal_actions(history), f"action at history {history!r}")
        return History(history.deal, history.actions + action)

    def utility(self, history: History, player: int) -> float:
        """``u_i(z)``: the payoff of ``player`` at the terminal history ``z``."""
        check_choice(player, self.players, "player")
        return float(self.returns(history)[player - 1])

    def info_sets_of(self, player: int) -> tuple[str, ...]:
        """The information-set keys of ``player``, in the order of :meth:`info_sets`."""
        check_choice(player, self.players, "player")
        return tuple(key for key in self.info_sets() if self.player(key) == player)

    # The whole tree, derived from the rules.

    @cached_property
    def tree(self) -> GameTree:
        """The game tree laid out in arrays (built on first use, then cached on the instance)."""
        return build_tree(self)

    def histories(self) -> tuple[History, ...]:
        """Every history, breadth first: all roots (one per deal), then one step deep,
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
        return tuple(tree.histories[h] for h in np.flatnonzero(tree.acting > 0))

    def terminal_action_sequences(self) -> tuple[str, ...]:
        """The distinct action sequences that end the game, in the order of the tree."""
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


class TwoPlayerZeroSumGame(Game):
    """A two-player zero-sum game, its rules written with player 1's payoff alone.

    A subclass implements :meth:`payoff` instead of :meth:`Game.returns`: player 2 gets minus it.
    Kuhn poker, Leduc poker and the hold'em river are such games.
    """

    num_players = 2
    zero_sum = True

    @abstractmethod
    def payoff(self, history: History) -> float:
        """``u_1(z)``: player 1's net chips at the terminal history ``z``
        (player 2 gets minus it)."""

    def returns(self, history: History) -> tuple[float, float]:
        """``(u_1(z), -u_1(z))``."""
        value = self.payoff(history)
        return (value, -value)


class SameRules(Game):
    """Another game's rules and information, with returns of its own: a subclass implements
    :meth:`returns` (and declares :attr:`zero_sum`); the deals, the histories and the information
    sets are the game's, so its policies play here unchanged. A raked poker game is one
    (:mod:`lessons_lib.games.raked_kuhn`), and so is a pitfall of Chapter 4."""

    def __init__(self, game: Game) -> None:
        check_instance(game, Game, "game", "a Game")
        self.game = game
        self.num_players = game.num_players

    @property
    def parameters(self) -> dict[str, object]:
        return self.game.parameters

    def deals(self) -> list[tuple[Deal, float]]:
        return self.game.deals()

    def is_terminal(self, history: History) -> bool:
        return self.game.is_terminal(history)

    def is_chance(self, history: History) -> bool:
        return self.game.is_chance(history)

    def chance_outcomes(self, history: History) -> tuple[tuple[str, float], ...]:
        return self.game.chance_outcomes(history)

    def player_to_act(self, history: History) -> int:
        return self.game.player_to_act(history)

    def legal_actions(self, history: History) -> tuple[str, ...]:
        return self.game.legal_actions(history)

    def info_set_key(self, history: History) -> str:
        return self.game.info_set_key(history)

    def info_sets(self) -> tuple[str, ...]:
        return self.game.info_sets()

    def actions(self, key: str) -> tuple[str, ...]:
        return self.game.actions(key)

    def player(self, key: str) -> int:
        return self.game.player(key)

    def describe(self, key: str) -> str:
        return self.game.describe(key)


def check_two_player_zero_sum(game: object, what: str) -> Game:
    """``game`` after checking it is a two-player zero-sum :class:`Game`, as ``what`` (a phrase
    such as "the sequence-form LP") needs; the message says which promise the game lacks."""
    check_instance(game, Game, "game", "a Game (such as KuhnPoker())")
    if game.num_players != 2 or not game.zero_sum:
        kind = (
            "is not declared zero-sum"
            if game.num_players == 2
            else (f"has {game.num_players} players")
        )
        raise ValueError(f"{what} needs a two-player zero-sum game; {game!r} {kind}")
    return game


def opponent(game: Game, player: int) -> int:
    """The other player of a two-player game (``ValueError`` for a game of more players)."""
    if game.num_players != 2:
        raise ValueError(
            f"'the opponent' is the other player of a two-player game; {game!r} has "
            f"{game.num_players} players"
        )
    check_choice(player, game.players, "player")
    return 3 - player


@dataclass(frozen=True, eq=False)
class GameTree:
    """A game's tree laid out once in arrays, for the exact computations of the library.

    Histories are numbered breadth first: first the root of every deal (in the order of
    ``game.deals()``), then every history one step deep, and so on; ``levels[d]`` is the slice
    of the histories ``d`` steps deep (a step is an action of a player or of chance). The
    per-history arrays are indexed by that number.

    A policy becomes one flat vector (:meth:`flatten`): the probabilities at information set
    ``keys[k]`` sit at ``offset[k] : offset[k] + n_actions[k]``, in the order of
    ``game.actions(keys[k])``. The action that led to history ``h`` sits at ``edge[h]`` of that
    vector, so ``sigma[edge[h]]`` is the probability with which ``h``'s parent moved to ``h``;
    where chance moved to ``h``, ``edge[h]`` is -1 and ``chance_step[h]`` is the outcome's
    probability (:meth:`step_probabilities` gives both at once).
    """

    num_players: int
    keys: tuple[str, ...]  # information-set keys, in the order of game.info_sets()
    key_index: Mapping[str, int]  # key -> its position in keys
    owner: np.ndarray  # owner[k]: the player who acts at keys[k]
    offset: np.ndarray  # offset[k]: where keys[k]'s actions start in a flat policy
    n_actions: np.ndarray  # n_actions[k]: |A(I)| for I = keys[k]
    members: tuple[tuple[int, ...], ...]  # members[k]: the histories merged into keys[k]
    info_sets_at_depth: tuple[tuple[int, ...], ...]  # [d]: the information sets d steps deep
    histories: tuple[History, ...]
    index: Mapping[History, int]  # history -> its number
    levels: tuple[slice, ...]  # levels[d]: the histories d steps deep
    parent: np.ndarray  # parent[h]: the history before h's last step (-1 at roots)
    edge: np.ndarray  # edge[h]: position in a flat policy of the action that led to h (-1 if none)
    mover: np.ndarray  # mover[h]: the player who took that action (CHANCE = 0 at roots and chance)
    chance_step: np.ndarray  # chance_step[h]: chance's probability of the step into h (1 if none)
    chance: np.ndarray  # chance[h]: pi_c(h), chance's part of the probability of reaching h
    acting: np.ndarray  # acting[h]: the player to act at h (0 at terminal and chance histories)
    is_chance: np.ndarray  # is_chance[h]: whether chance moves at h
    info_set: np.ndarray  # info_set[h]: index in keys of h's information set (-1 if none)
    terminal: np.ndarray  # terminal[h]: whether h is terminal
    returns: np.ndarray  # returns[i - 1, h]: u_i(h) at terminal histories, 0 elsewhere

    @property
    def players(self) -> tuple[int, ...]:
        """The players, ``(1, ..., num_players)``."""
        return tuple(range(1, self.num_players + 1))

    @property
    def size(self) -> int:
        """The length of a flat policy: the number of (information set, action) pairs."""
        return int(self.offset[-1] + self.n_actions[-1])

    def utility(self, player: int) -> np.ndarray:
        """``u_i(h)`` of ``player`` at every history (0 at histories that are not terminal)."""
        check_choice(player, self.players, "player")
        return self.returns[player - 1]

    def step_probabilities(self, sigma: np.ndarray) -> np.ndarray:
        """The probability of the last step into every history: ``sigma[edge[h]]`` where a player
        moved, ``chance_step[h]`` where chance moved (1 at the roots)."""
        return np.where(self.edge >= 0, sigma[self.edge], self.chance_step)

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


def check_players(game: Game) -> int:
    """``game.num_players`` after checking it is an integer from 1 to :data:`MAX_PLAYERS`."""
    n = game.num_players
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_PLAYERS:
        raise ValueError(
            f"{game!r} must have from 1 to {MAX_PLAYERS} players, got num_players={describe(n)}"
        )
    if not isinstance(game.zero_sum, bool):
        raise ValueError(f"{game!r}: zero_sum must be True or False, got {describe(game.zero_sum)}")
    return n


def build_tree(game: Game) -> GameTree:
    """Walk the whole tree of ``game`` once, breadth first, and lay it out as a :class:`GameTree`.

    Along the way it checks that the rules are consistent: every decision history's information
    set is one of ``game.info_sets()``, owned by the player to act, with the history's legal
    actions; every information set is reached; all histories of an information set are as deep;
    the deal probabilities and chance's outcomes are positive and sum to 1; every terminal has
    one finite return per player, adding up to zero if the game declares :attr:`Game.zero_sum`.
    """
    check_instance(game, Game, "game", "a Game")
    n_players = check_players(game)
    keys = tuple(game.info_sets())
    key_index = {key: k for k, key in enumerate(keys)}
    if len(key_index) != len(keys):
        raise ValueError(f"{game!r} lists an information set twice: {keys!r}")
    n_actions = np.array([len(game.actions(key)) for key in keys], dtype=int)
    offset = np.concatenate([[0], np.cumsum(n_actions)[:-1]]).astype(int)
    owner = np.array([game.player(key) for key in keys], dtype=int)

    deals = game.deals()
    _check_distribution([p for _, p in deals], f"the deal probabilities of {game!r}")
    histories = [game.initial_history(deal) for deal, _ in deals]
    parent = [-1] * len(histories)
    edge = [-1] * len(histories)
    step = [1.0] * len(histories)
    chance = [float(p) for _, p in deals]
    kind = []  # "terminal", "chance" or the player to act, per history in order
    levels = [slice(0, len(histories))]
    while True:
        for h in range(levels[-1].start, levels[-1].stop):
            history = histories[h]
            kind.append(_kind(game, history))
            if kind[h] == "terminal":
                continue
            if kind[h] == "chance":
                outcomes = _checked_outcomes(game, history)
                moves = [(action, -1, p) for action, p in outcomes]
            else:
                k = _checked_info_set(game, history, key_index)
                actions = game.legal_actions(history)
                moves = [(action, int(offset[k]) + a, 1.0) for a, action in enumerate(actions)]
            for action, position, probability in moves:
                histories.append(game.next_history(history, action))
                parent.append(h)
                edge.append(position)
                step.append(probability)
                chance.append(chance[h] * probability)
        if len(histories) == levels[-1].stop:
            break
        levels.append(slice(levels[-1].stop, len(histories)))

    terminal = np.array([k == "terminal" for k in kind], dtype=bool)
    is_chance = np.array([k == "chance" for k in kind], dtype=bool)
    acting = np.array([k if isinstance(k, int) else 0 for k in kind], dtype=int)
    info_set = np.full(len(histories), -1)  # stays -1 at terminal and chance histories
    returns = np.zeros((n_players, len(histories)))  # stays 0 at the other histories
    for h, history in enumerate(histories):
        if terminal[h]:
            returns[:, h] = _checked_returns(game, history, n_players)
        elif acting[h]:
            info_set[h] = key_index[game.info_set_key(history)]
    parent_array = np.array(parent, dtype=int)
    mover = np.where(parent_array >= 0, acting[parent_array], CHANCE)
    members, info_sets_at_depth = group_by_info_set(game, keys, histories, info_set, len(levels))
    return GameTree(
        num_players=n_players,
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
        chance_step=read_only(np.array(step, dtype=float)),
        chance=read_only(np.array(chance, dtype=float)),
        acting=read_only(acting),
        is_chance=read_only(is_chance),
        info_set=read_only(info_set),
        terminal=read_only(terminal),
        returns=read_only(returns),
    )


def read_only(array: np.ndarray) -> np.ndarray:
    """``array`` itself, made read-only (no copy): a laid-out tree is shared by every computation
    on its game, so :func:`build_tree` and the trees derived from it freeze their arrays."""
    check_instance(array, np.ndarray, "array", "a numpy array")
    array.setflags(write=False)
    return array


def _kind(game: Game, history: History) -> str | int:
    """``"terminal"``, ``"chance"`` or the player to act at ``history`` (checked)."""
    if game.is_terminal(history):
        return "terminal"
    if game.is_chance(history):
        return "chance"
    player = game.player_to_act(history)
    if player not in game.players:
        raise ValueError(f"{game!r} says player {describe(player)} acts at {history!r}")
    return int(player)


def _check_distribution(probabilities: list[float], what: str) -> None:
    """Refuse probabilities that are not positive numbers adding up to 1."""
    if not probabilities or not all(is_number(p) and p > 0 for p in probabilities):
        raise ValueError(f"{what} must be positive numbers, got {describe(probabilities)}")
    if abs(math.fsum(probabilities) - 1.0) > 1e-12:
        raise ValueError(f"{what} must sum to 1, got {describe(probabilities)}")


def _checked_outcomes(game: Game, history: History) -> tuple[tuple[str, float], ...]:
    """Chance's outcomes at ``history``, checked against the legal actions and as a
    distribution."""
    outcomes = tuple(game.chance_outcomes(history))
    _check_distribution([p for _, p in outcomes], f"chance's outcomes at {history!r}")
    if tuple(action for action, _ in outcomes) != tuple(game.legal_actions(history)):
        raise ValueError(f"chance's outcomes at {history!r} are not its legal actions")
    return tuple((action, float(p)) for action, p in outcomes)


def _checked_returns(game: Game, history: History, n_players: int) -> tuple[float, ...]:
    """``game.returns(history)``: one finite number per player, adding up to zero if the game
    declares it is zero-sum."""
    values = tuple(game.returns(history))
    if len(values) != n_players or not all(is_number(v) for v in values):
        raise ValueError(
            f"{game!r} must return {n_players} finite numbers at {history!r}, "
            f"got {describe(values)}"
        )
    values = tuple(float(v) for v in values)
    if game.zero_sum:
        scale = max(1.0, max(abs(v) for v in values))
        if abs(math.fsum(values)) > ZERO_SUM_TOLERANCE * scale:
            raise ValueError(
                f"{game!r} declares zero_sum, but its returns at {history!r} add up to "
                f"{math.fsum(values)!r}: {values!r}"
            )
    return values


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
    and chance histories). Returns ``(members, at_depth)``: ``members[k]``, the histories of
    ``keys[k]`` in order, and ``at_depth[d]``, the information sets whose histories are ``d``
    steps deep, for the ``n_levels`` depths. ``ValueError`` if an information set is never reached
    or its histories have different depths (the layout :func:`build_tree` and the sweeps over it
    rely on).
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
