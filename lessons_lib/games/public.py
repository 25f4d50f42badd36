"""The public tree of a poker game: what an onlooker sees, with the private cards left as ranges.

In Kuhn and Leduc poker every action is public and only the cards are hidden. The *public tree*
merges all histories that look the same from outside: its nodes are the public action sequences,
and in Leduc poker, from the second round on, the action sequence together with the board card.
Algorithms that walk it once per iteration instead of once per deal carry, at every public node,
a *range* for each player: a vector over that player's private cards. Johanson et al. (2011,
"Accelerating best response calculation in large extensive games") introduced this walk for best
responses; Johanson et al. (2012, "Efficient Nash equilibrium approximation through Monte Carlo
counterfactual regret minimization") use it for CFR. :mod:`lessons_lib.cfr.public_tree` is such
an engine.

Nodes. There are three kinds of public node:

- ``"decision"``: a player acts. Together with one of that player's private cards it is an
  information set (``"Q:pb"``, ``"K|J:cc/r"``); its children follow the legal actions in order.
- ``"chance"``: the end of Leduc's first round, where the board card is turned. Its children are
  the same action sequence with each possible board rank, lowest first.
- ``"terminal"``: the hand is over (a fold or a showdown).

The nodes are numbered breadth first, from the root (number 0), and the children of each node are
consecutive, so ``levels[d]`` is the slice of the nodes at depth ``d`` (a chance node counts as a
step, like an action).

Chance. The game's :meth:`~lessons_lib.games.base.Game.deals` give the exact probability
``P(c_1, c_2, b)`` of each (player 1's rank, player 2's rank, board rank) triple; the cards are
dealt without replacement, so the pairs of equal ranks are rarer and impossible with one suit.
Kuhn poker has no board: ``P(c_1, c_2)``. A terminal node's *chance matrix* is ``P(c_1, c_2, b)``
for its board ``b`` once the board is public, and the marginal ``sum_b P(c_1, c_2, b)`` before.

Payoffs. A terminal node's *payoff matrix* holds ``u_1`` for every pair of private ranks, read off
the game's returns (0 where the pair cannot be dealt). At a fold it is the same number everywhere
(the folder's stake, with the sign for player 1); at a showdown it is the stake times win (+1),
lose (-1) or tie (0) of the two hands given the board. Player 1's counterfactual value of holding
``c_1`` at terminal z is then ``sum_{c_2} P_z(c_1, c_2) u_z(c_1, c_2) pi_2(z, c_2)``, one
matrix-vector product with player 2's range: :attr:`PublicTree.weighted_payoff`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

from lessons_lib.games.base import Deal, Game, History, read_only
from lessons_lib.validation import (
    as_finite_array,
    check_choice,
    check_instance,
    check_integer,
    describe,
)

#: The kinds of public node.
NODE_KINDS = ("decision", "chance", "terminal")


@runtime_checkable
class PrivateCards(Protocol):
    """The capability of a poker game whose actions are all public and whose hidden information
    is the private cards: each deal is ``(player 1's card, player 2's card[, board card])``, the
    board turned after the actions :meth:`board_is_public` names. Kuhn and Leduc poker have it;
    :func:`public_tree` builds their public tree from it."""

    @property
    def private_cards(self) -> tuple[str, ...]:
        """The names of the private cards, indexed as in the deals."""
        ...

    def board_is_public(self, actions: str) -> bool:
        """Whether the board card (if the game has one) has been turned after ``actions``."""
        ...


@dataclass(frozen=True)
class PublicNode:
    """One public state: the action sequence so far and, once it is public, the board rank."""

    actions: str  # the public actions, one letter each, across both rounds
    board: int | None  # the board rank once it is turned (Leduc's second round), else None
    kind: str  # "decision", "chance" or "terminal"
    player: int  # the player to act at a decision node, 0 at chance and terminal nodes


@dataclass(frozen=True, eq=False)
class PublicTree:
    """A game's public tree laid out in arrays (see the module docstring).

    Per-node arrays are indexed by node number. ``hands`` names the private ranks; a range is a
    vector indexed like it. The terminal arrays are indexed by position in ``terminals``.
    """

    game: Game
    hands: tuple[str, ...]  # the names of the private ranks, lowest first
    nodes: tuple[PublicNode, ...]  # breadth first from the root
    index: Mapping[tuple[str, int | None], int]  # (actions, board) -> node number
    parent: np.ndarray  # parent[k]: the node before k (-1 at the root)
    levels: tuple[slice, ...]  # levels[d]: the nodes at depth d
    children: tuple[slice, ...]  # children[k]: k's children (empty at terminal nodes)
    terminals: np.ndarray  # the terminal nodes, in node order
    chance: np.ndarray  # chance[j, c1, c2]: P(c1, c2 and terminals[j]'s board, if public)
    payoff: np.ndarray  # payoff[j, c1, c2]: u_1 at terminals[j] for private ranks (c1, c2)
    histories: np.ndarray  # histories[k, c]: |I| for the actor holding c at decision node k
    keys: tuple[tuple[str | None, ...], ...]  # keys[k][c]: the information-set key, None if none

    @property
    def weighted_payoff(self) -> np.ndarray:
        """``P_z(c_1, c_2) u_z(c_1, c_2)`` for every terminal z: chance times player 1's payoff."""
        return self.chance * self.payoff

    def node_index(self, actions: str, board: int | None = None) -> int:
        """The number of the public node ``(actions, board)`` (ValueError for an unknown one)."""
        try:
            return self.index[actions, board]
        except (KeyError, TypeError):
            raise ValueError(
                f"({actions!r}, board={board!r}) is not a public node of {self.game!r}"
            ) from None

    def decision_nodes(self, player: int) -> np.ndarray:
        """The decision nodes of ``player``, in node order."""
        check_choice(player, self.game.players, "player")
        return np.array(
            [k for k, node in enumerate(self.nodes) if node.player == player], dtype=int
        )


def supports_public_tree(game: object) -> bool:
    """Whether :func:`public_tree` can build ``game``'s public tree: a two-player zero-sum
    :class:`~lessons_lib.games.base.Game` with :class:`PrivateCards` (Kuhn and Leduc poker and
    their generalisations)."""
    return (
        isinstance(game, Game)
        and isinstance(game, PrivateCards)
        and game.num_players == 2
        and game.zero_sum
    )


def public_tree(game: Game) -> PublicTree:
    """Build the public tree of ``game`` from its rules and deals (see the module docstring).

    Every node is walked once; the payoff matrices come from player 1's returns at every deal. It
    checks on the way that what the tree treats as public really is: the player to act and the
    legal actions agree across the deals of a node, and a terminal node before the board is turned
    pays the same whatever the (hidden) board.
    """
    if not supports_public_tree(game):
        raise ValueError(
            f"game {describe(game)} does not describe a public tree (a two-player zero-sum game "
            "with PrivateCards)"
        )
    hands = game.private_cards
    deals = game.deals()
    states: list[tuple[str, int | None]] = [("", None)]
    parent = [-1]
    levels = [slice(0, 1)]
    nodes: list[PublicNode] = []
    children: list[slice] = []
    while levels[-1].start < levels[-1].stop:
        for k in range(levels[-1].start, levels[-1].stop):
            actions, board = states[k]
            node = _classify(game, actions, board, _deals_at(deals, board))
            nodes.append(node)
            first = len(states)
            if node.kind == "chance":
                boards = sorted({deal[2] for deal, _ in deals})
                states += [(actions, b) for b in boards]
            elif node.kind == "decision":
                history = History(_deals_at(deals, board)[0][0], actions)
                states += [(actions + a, board) for a in game.legal_actions(history)]
            parent += [k] * (len(states) - first)
            children.append(slice(first, len(states)))
        levels.append(slice(levels[-1].stop, len(states)))
    levels.pop()  # the last level is empty

    joint = _joint_chance(deals, len(hands))
    terminals = [k for k, node in enumerate(nodes) if node.kind == "terminal"]
    chance = np.array([chance_matrix(joint, nodes[k].board) for k in terminals])
    payoff = np.array([_payoff_matrix(game, nodes[k], deals, len(hands)) for k in terminals])
    histories = np.zeros((len(nodes), len(hands)))
    keys: list[tuple[str | None, ...]] = []
    for k, node in enumerate(nodes):
        keys.append(tuple([None] * len(hands)))
        if node.kind == "decision":
            histories[k], keys[k] = _info_sets_at(game, node, deals, len(hands))
    return PublicTree(
        game=game,
        hands=hands,
        nodes=tuple(nodes),
        index={(node.actions, node.board): k for k, node in enumerate(nodes)},
        parent=read_only(np.array(parent, dtype=int)),
        levels=tuple(levels),
        children=tuple(children),
        terminals=read_only(np.array(terminals, dtype=int)),
        chance=read_only(chance),
        payoff=read_only(payoff),
        histories=read_only(histories),
        keys=tuple(keys),
    )


def chance_matrix(joint: np.ndarray, board: int | None) -> np.ndarray:
    """``P(c_1, c_2, board)`` from ``joint[c1, c2, b]``; the marginal when ``board`` is None."""
    joint = as_finite_array(joint, "joint")
    if joint.ndim != 3:
        raise ValueError(f"joint must be a 3-D array joint[c1, c2, b], got shape {joint.shape}")
    if board is not None:
        board = check_integer(board, "board", minimum=0, maximum=joint.shape[2] - 1)
    return joint.sum(axis=2) if board is None else joint[:, :, board].copy()


def board_is_public(game: Game, actions: str) -> bool:
    """Whether the board card has been turned after ``actions`` (Leduc's second round)."""
    check_instance(game, PrivateCards, "game", "a game with PrivateCards (Kuhn or Leduc poker)")
    return game.board_is_public(actions)


def _deals_at(deals: list[tuple[Deal, float]], board: int | None) -> list[tuple[Deal, float]]:
    """The deals consistent with a public board (all of them while it is hidden)."""
    return [(deal, p) for deal, p in deals if board is None or deal[2] == board]


def _classify(
    game: Game, actions: str, board: int | None, deals: list[tuple[Deal, float]]
) -> PublicNode:
    """The kind of node ``(actions, board)`` is, after checking that all its deals agree."""
    if board is None and board_is_public(game, actions):
        return PublicNode(actions, board, "chance", 0)
    histories = [History(deal, actions) for deal, _ in deals]
    if game.is_terminal(histories[0]):
        return PublicNode(actions, board, "terminal", 0)
    views = {(game.player_to_act(h), game.legal_actions(h)) for h in histories}
    if len(views) != 1:
        raise ValueError(f"the player or actions at {actions!r} depend on the hidden cards")
    return PublicNode(actions, board, "decision", game.player_to_act(histories[0]))


def _joint_chance(deals: list[tuple[Deal, float]], n: int) -> np.ndarray:
    """``joint[c1, c2, b] = P(c1, c2, b)``; a game without a board has one board slot."""
    boards = n if len(deals[0][0]) > 2 else 1
    joint = np.zeros((n, n, boards))
    for deal, probability in deals:
        joint[deal[0], deal[1], deal[2] if boards > 1 else 0] += probability
    return joint


def _payoff_matrix(
    game: Game, node: PublicNode, deals: list[tuple[Deal, float]], n: int
) -> np.ndarray:
    """``u_1`` at the terminal ``node`` for every pair of private ranks that can be dealt."""
    payoff = np.zeros((n, n))
    seen = np.zeros((n, n), dtype=bool)
    for deal, _ in _deals_at(deals, node.board):
        value = game.utility(History(deal, node.actions), 1)
        c1, c2 = deal[0], deal[1]
        if seen[c1, c2] and payoff[c1, c2] != value:
            raise ValueError(f"the payoff at {node.actions!r} depends on the hidden board card")
        payoff[c1, c2], seen[c1, c2] = value, True
    return payoff


def _info_sets_at(
    game: Game, node: PublicNode, deals: list[tuple[Deal, float]], n: int
) -> tuple[np.ndarray, tuple[str | None, ...]]:
    """For each private rank c of the actor at ``node``: ``|I|`` and the key of I (None if none).

    ``|I|`` is the number of deals (histories) the information set merges: those that give the
    actor c and agree with the public board.
    """
    counts = np.zeros(n)
    keys: list[str | None] = [None] * n
    for deal, _ in _deals_at(deals, node.board):
        card = deal[node.player - 1]
        counts[card] += 1
        if keys[card] is None:
            keys[card] = game.info_set_key(History(deal, node.actions))
    return counts, tuple(keys)
