"""How a game describes its public tree to the public-tree engine: :class:`RangeGame`.

The public-tree CFR engine (:mod:`lessons_lib.cfr.public_tree`; Johanson et al. 2011, 2012)
never looks at a card. What it needs of a game is three things, which a game with the
:class:`HasRanges` capability gives through its ``range_game()``:

- its **public tree** (:class:`RangeTree`): the public action sequences, laid out breadth first,
  with the player to act at each decision node (0 at chance and terminal nodes);
- each player's **initial range** ``w_i(h)``: the weight of each private hand h at the root;
- the **terminal values** ``v_i(z, h)``: at every terminal node z, what holding h is worth to
  player i against the opponent's range there, chance's probabilities included.

A game computes its terminal values its own way. Kuhn and Leduc poker use their payoff matrices
(:class:`PublicTreeRanges`, from :mod:`lessons_lib.games.public`), which they also hand over whole
(:meth:`PublicTreeRanges.terminal_payoffs`) so that the engine can fold them into one sparse
product; a hold'em river sorts its hands by strength (:class:`~lessons_lib.holdem.river.RiverGame`).
A chance node inside the tree, such as Leduc's board card, is a node where nobody acts: the engine
passes the ranges down it and adds the values up, and the game's terminal values carry the
probability of each board.

Each (decision node k, private hand h) of the player to act at k is one information set of that
player, named by :meth:`RangeGame.info_set_at`; that is what lets the engine's tables be read as a
policy of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Protocol, runtime_checkable

import numpy as np

from lessons_lib.games.base import Game
from lessons_lib.games.public import PublicTree, public_tree, supports_public_tree
from lessons_lib.validation import (
    PROBABILITY_TOLERANCE,
    as_finite_array,
    check_integer,
    describe,
)


@runtime_checkable
class RangeTree(Protocol):
    """A public tree laid out breadth first, the children of each node consecutive."""

    parent: np.ndarray  # parent[k]; -1 at the root (node 0)
    children: tuple[slice, ...]  # children[k]: consecutive node numbers, empty at terminals
    levels: tuple[slice, ...]  # levels[d]: the nodes at depth d
    player: np.ndarray  # the player to act at each node, 0 at chance and terminal nodes
    terminals: np.ndarray  # the terminal nodes, in the order of the game's terminal values

    def node_name(self, k: int) -> str: ...

    def action_name(self, k: int) -> str: ...

    def node_index(self, name: str) -> int: ...

    def decision_nodes(self, player: int) -> np.ndarray: ...


@runtime_checkable
class RangeGame(Protocol):
    """What the public-tree engine needs of a game: its public tree, ranges, terminal values."""

    @property
    def public_tree(self) -> RangeTree: ...

    def initial_range(self, player: int) -> np.ndarray:
        """``w_i``: the weight of each of ``player``'s private hands at the root."""
        ...

    def terminal_values(self, player: int, ranges: np.ndarray) -> np.ndarray:
        """``v_i(z, h)`` for each terminal z (rows, in ``public_tree.terminals`` order) and each
        hand h of ``player``, given the opponent's ranges at the terminals (rows in the same
        order, one column per opponent hand)."""
        ...

    def info_set_at(self, node: int, hand: int) -> str | None:
        """The key of the information set of the player to act at decision ``node`` holding
        private hand number ``hand`` (None if that hand cannot be held there)."""
        ...


@runtime_checkable
class HasRanges(Protocol):
    """The capability of a two-player game that describes its public tree with ranges: Kuhn and
    Leduc poker (:class:`PublicTreeRanges`) and the hold'em river."""

    def range_game(self) -> RangeGame:
        """The game as the public-tree engine sees it."""
        ...


def checked_table(
    values: object, shape: tuple[int, ...], name: str, maximum: float | None = None
) -> np.ndarray:
    """``values`` as a finite float array of ``shape``, entries in [0, ``maximum``]."""
    if isinstance(values, np.ndarray) and values.dtype.kind == "f" and values.shape == shape:
        array = values  # the common case: no copy
        if not np.all(np.isfinite(array)):
            raise ValueError(f"{name} has a non-finite entry: {describe(values)}")
    else:
        array = as_finite_array(values, name)
        if array.shape != shape:
            raise ValueError(f"{name} must have shape {shape}, got {describe(values)}")
    top = np.inf if maximum is None else maximum + PROBABILITY_TOLERANCE
    if array.size and (array.min() < 0 or array.max() > top):
        raise ValueError(f"{name} must hold entries in [0, {maximum}], got {describe(values)}")
    return array


def check_player(player: object) -> int:
    """``player`` after checking it is 1 or 2."""
    if isinstance(player, bool) or player not in (1, 2):
        raise ValueError(f"player must be 1 or 2, got {describe(player)}")
    return int(player)


@dataclass(frozen=True, eq=False)
class PublicRangeTree:
    """:class:`~lessons_lib.games.public.PublicTree` seen through the :class:`RangeTree`
    protocol (chance nodes are nodes where player 0 "acts")."""

    public: PublicTree
    parent: np.ndarray
    children: tuple[slice, ...]
    levels: tuple[slice, ...]
    player: np.ndarray
    terminals: np.ndarray

    def node_name(self, k: int) -> str:
        node = self.public.nodes[k]
        return node.actions if node.board is None else f"{node.actions} board {node.board}"

    def action_name(self, k: int) -> str:
        node, above = self.public.nodes[k], self.public.nodes[self.parent[k]]
        return f"board {node.board}" if above.kind == "chance" else node.actions[-1]

    def node_index(self, name: str) -> int:
        actions, _, board = name.partition(" board ")
        return self.public.node_index(actions, int(board) if board else None)

    def decision_nodes(self, player: int) -> np.ndarray:
        return self.public.decision_nodes(player)


class RangesOfPrivateCards:
    """``range_game()`` for a game with :class:`~lessons_lib.games.public.PrivateCards`: its
    :class:`PublicTreeRanges`, made on first use and kept (Kuhn and Leduc poker mix it in)."""

    def range_game(self) -> PublicTreeRanges:
        """The game as the public-tree engine sees it: its public tree, with a range over the
        private cards for each player."""
        return self._public_tree_ranges

    @cached_property
    def _public_tree_ranges(self) -> PublicTreeRanges:
        return PublicTreeRanges(self)


class PublicTreeRanges:
    """A game with :class:`~lessons_lib.games.public.PrivateCards` (Kuhn and Leduc poker and their
    generalisations, :func:`~lessons_lib.games.public.public_tree`) as a :class:`RangeGame`.

    The initial ranges are all ones: chance's probabilities ``P_z(c_1, c_2)`` (of the board too,
    once it is turned) are inside the tree's weighted payoffs, so
    ``v_1(z, c_1) = sum_{c_2} P_z u_z pi_2(z, c_2)``, the values of
    :mod:`lessons_lib.cfr.public_tree`. What ``range_game()`` returns for these games.
    """

    def __init__(self, game: Game) -> None:
        if not supports_public_tree(game):
            raise ValueError(
                f"game must be a two-player zero-sum game with private cards (Kuhn or Leduc "
                f"poker), got {describe(game)}"
            )
        public = public_tree(game)
        self.game = game
        self.public = public
        self.public_tree = PublicRangeTree(
            public=public,
            parent=public.parent,
            children=public.children,
            levels=public.levels,
            player=np.array([n.player if n.kind == "decision" else 0 for n in public.nodes]),
            terminals=public.terminals,
        )
        self._payoff = public.weighted_payoff  # (terminal, c_1, c_2)

    def initial_range(self, player: int) -> np.ndarray:
        check_player(player)
        return np.ones(len(self.public.hands))

    def terminal_payoffs(self, player: int) -> np.ndarray:
        """``P_z(h, h') u_i(z; h, h')`` for every terminal z, hand h of ``player`` and hand h' of
        the opponent: chance times the player's payoff, so that
        ``v_i(z, h) = sum_{h'} terminal_payoffs[z, h, h'] r(z, h')`` for the opponent's ranges r."""
        if check_player(player) == 1:
            return self._payoff
        return -self._payoff.transpose(0, 2, 1)

    def terminal_values(self, player: int, ranges: np.ndarray) -> np.ndarray:
        shape = (len(self.public_tree.terminals), len(self.public.hands))
        ranges = checked_table(ranges, shape, "ranges", maximum=1.0)
        payoffs = self.terminal_payoffs(player)
        return np.add.reduce(payoffs * ranges[:, None, :], axis=2)

    def info_set_at(self, node: int, hand: int) -> str | None:
        node = check_integer(node, "node", minimum=0, maximum=len(self.public.nodes) - 1)
        hand = check_integer(hand, "hand", minimum=0, maximum=len(self.public.hands) - 1)
        return self.public.keys[node][hand]

    def __repr__(self) -> str:
        return f"PublicTreeRanges({self.game!r})"
