"""Subgames of a two-player zero-sum game, and what a blueprint believes at their roots.

Definition. Let G be a two-player zero-sum game with perfect recall and ``R`` a set of
non-terminal histories of G, all with the same number of actions (the same depth). The *subgame*
S rooted at R is the set of histories that extend some root of R (the roots included), provided
no information set straddles its boundary: an information set with one history in S has all of
them in S (Burch, Johanson and Bowling 2014; Brown and Sandholm 2017, section 2). Then a
strategy inside S is a policy on S's information sets, and changing it changes nothing else.

In a perfect-information game a subgame has one root. In a poker game it has one root per deal
of the hidden cards: the second-round public node of Leduc poker "first round ``rc``, board Q"
is the subgame whose roots are the histories ``((c1, c2, Q), "rc")`` for every pair of private
ranks that can be dealt with a Q on the board (:func:`public_subgame`). Those roots all look the
same to an onlooker; they are a *public state*. Every public state of Kuhn or Leduc poker is the
root set of a subgame, because every action is public and an information set is a private card
and a public state. :func:`board_subgames` lists the subgames of Leduc's second round, one per
first-round betting sequence that reaches the board and per board card (15 in the standard
game).

Views (augmented information sets). At a root of S the player who does not act still knows
something: in poker, its private card. What player i knows at root h is i's *view* of h, the
*augmented information set* of Burch et al. (2014): the roots i cannot tell apart. For a game with
private cards (:class:`~lessons_lib.games.public.PrivateCards`) the view is i's card, the board
once it is public, and the public actions; any other game says it with a method
``augmented_info_set(history, player) -> str`` (:class:`~lessons_lib.games.coin_toss.CoinToss`
does). Perfect recall extends to views: each of i's information sets inside S lies below the
roots of one view of i (checked by :meth:`Subgame.views`).

Beliefs. Under a blueprint profile sigma, root h is reached with probability
``pi^sigma(h) = pi_c(h) pi_1(h) pi_2(h)`` (:mod:`lessons_lib.counterfactual`);
:func:`root_reach` gives the three factors. The *beliefs* at S are the conditional distribution
``pi^sigma(h) / sum_{h' in R} pi^sigma(h')``, what an observer who knows sigma and sees that play
reached S believes about the hidden cards (:func:`beliefs`). The re-solving gadgets weight the roots
differently, by the reach of everyone but the opponent, ``pi_{-o}(h) = pi_c(h) pi_r(h)``
(:mod:`lessons_lib.subgames.values`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from lessons_lib.counterfactual import tree_reach
from lessons_lib.games.base import Game, History, check_two_player_zero_sum
from lessons_lib.games.public import PrivateCards, public_tree
from lessons_lib.policy import validate_policy
from lessons_lib.validation import check_choice, check_instance, check_integer, describe, list_of


class Subgame:
    """The subgame of the two-player zero-sum ``game`` rooted at the histories ``roots`` (see the
    module docstring), checked: the roots are distinct non-terminal histories of ``game`` of one
    depth, and no information set straddles the subgame's boundary. ``name`` says which subgame it
    is in words (by default, the roots' action sequences).

    Attributes: ``game``, ``roots`` (a tuple of :class:`~lessons_lib.games.base.History`),
    ``name``; ``root_index`` (the roots' numbers in ``game.tree``), ``histories`` (the numbers of
    every history of the subgame, in tree order), ``root_of`` (for each history of ``game.tree``,
    the position in ``roots`` of the root it extends, -1 outside the subgame) and ``info_sets``
    (the keys of the information sets inside, in the order of ``game.info_sets()``).
    """

    def __init__(self, game: Game, roots: Iterable[History], name: str | None = None) -> None:
        self.game = check_two_player_zero_sum(game, "a subgame")
        tree = game.tree
        chosen = list_of(roots, "roots")
        if not chosen:
            raise ValueError("roots must hold at least one history")
        index = []
        for root in chosen:
            try:
                index.append(tree.index[History(*root)])
            except (KeyError, TypeError, ValueError):
                raise ValueError(f"root {describe(root)} is not a history of {game!r}") from None
        if len(set(index)) != len(index):
            raise ValueError(f"roots lists a history twice: {describe(chosen)}")
        if np.any(tree.terminal[index]):
            terminal = [tree.histories[h] for h in index if tree.terminal[h]]
            raise ValueError(f"a subgame's roots are not terminal, got {describe(terminal)}")
        depths = {len(tree.histories[h].actions) for h in index}
        if len(depths) != 1:
            raise ValueError(
                f"a subgame's roots have one depth (number of actions), got depths {sorted(depths)}"
            )
        self.roots = tuple(tree.histories[h] for h in index)
        self.root_index = np.array(index, dtype=int)
        self.name = (
            str(name) if name is not None else " | ".join(sorted({r.actions for r in self.roots}))
        )
        self.root_of = self._roots_below()
        self.histories = np.flatnonzero(self.root_of >= 0)
        self.info_sets = self._inside_info_sets()
        self._views: dict[int, dict[str, tuple[int, ...]]] = {}

    def _roots_below(self) -> np.ndarray:
        """For every history of the tree, the position of the root it extends (-1 if none)."""
        tree = self.game.tree
        root_of = np.full(len(tree.histories), -1)
        root_of[self.root_index] = np.arange(len(self.roots))
        depth = len(self.roots[0].actions)
        for level in tree.levels[depth + 1 :]:
            root_of[level] = root_of[tree.parent[level]]
        return root_of

    def _inside_info_sets(self) -> tuple[str, ...]:
        """The keys of the information sets inside, after checking none straddles the boundary."""
        tree = self.game.tree
        inside = []
        for k, key in enumerate(tree.keys):
            members = self.root_of[list(tree.members[k])] >= 0
            if members.any() and not members.all():
                raise ValueError(
                    f"information set {key!r} of {self.game!r} has histories inside and outside "
                    f"the subgame {self.name!r}: its roots are not the root set of a subgame"
                )
            if members.any():
                inside.append(key)
        return tuple(inside)

    def info_sets_of(self, player: int) -> tuple[str, ...]:
        """The keys of ``player``'s information sets inside the subgame."""
        check_choice(player, (1, 2), "player")
        return tuple(key for key in self.info_sets if self.game.player(key) == player)

    def info_sets_below(self, positions: Iterable[int]) -> tuple[str, ...]:
        """The keys of the information sets with a history below one of the roots at
        ``positions`` (positions in :attr:`roots`), in the order of :attr:`info_sets`."""
        last = len(self.roots) - 1
        chosen = {
            check_integer(p, "a position of positions", minimum=0, maximum=last)
            for p in list_of(positions, "positions")
        }
        tree = self.game.tree
        return tuple(
            key
            for key in self.info_sets
            if any(int(self.root_of[h]) in chosen for h in tree.members[tree.info_set_index(key)])
        )

    def view(self, root: History, player: int) -> str:
        """What ``player`` knows at the root history ``root``: its augmented information set."""
        check_choice(player, (1, 2), "player")
        game = self.game
        own = getattr(game, "augmented_info_set", None)
        if callable(own):
            return str(own(root, player))
        if isinstance(game, PrivateCards):
            card = game.private_cards[root.deal[player - 1]]
            board = len(root.deal) > 2 and game.board_is_public(root.actions)
            seen = f"{card}|{game.private_cards[root.deal[2]]}" if board else card
            return f"{seen}:{root.actions}"
        raise ValueError(
            f"{game!r} does not say what a player knows at a history: it needs private cards "
            "(PrivateCards) or a method augmented_info_set(history, player)"
        )

    def views(self, player: int) -> dict[str, tuple[int, ...]]:
        """``player``'s views of the roots: each view (augmented information set) with the
        positions in :attr:`roots` of the roots it merges, views in order of first appearance.

        Checks that perfect recall extends to the views: each of ``player``'s information sets
        inside the subgame lies below the roots of one view (``ValueError`` otherwise).
        """
        check_choice(player, (1, 2), "player")
        if player not in self._views:
            grouped: dict[str, list[int]] = {}
            of_root = [self.view(root, player) for root in self.roots]
            for position, seen in enumerate(of_root):
                grouped.setdefault(seen, []).append(position)
            tree = self.game.tree
            for key in self.info_sets_of(player):
                below = {of_root[self.root_of[h]] for h in tree.members[tree.info_set_index(key)]}
                if len(below) != 1:
                    raise ValueError(
                        f"information set {key!r} of player {player} lies below the roots of "
                        f"several of its views {sorted(below)}: the views lack perfect recall"
                    )
            self._views[player] = {seen: tuple(p) for seen, p in grouped.items()}
        return dict(self._views[player])

    def __repr__(self) -> str:
        return f"Subgame({self.game!r}, {self.name!r}, {len(self.roots)} roots)"


def public_subgame(game: Game, actions: str, board: int | None = None) -> Subgame:
    """The subgame of ``game`` rooted at the public state ``actions`` (and ``board``, the board
    card's rank, once it is public): every non-terminal history with these actions (and board).

    ``public_subgame(LeducPoker(), "rc", 1)`` is the second round after raise-call on a queen;
    ``public_subgame(KuhnPoker(), "p")`` is what follows player 1's check in Kuhn poker;
    ``public_subgame(CoinToss(), "p")`` is the coin toss after player 1 plays.
    """
    check_instance(game, Game, "game", "a Game")
    if not isinstance(actions, str):
        raise ValueError(f"actions must be a string of actions, got {describe(actions)}")
    tree = game.tree
    roots = [
        h
        for h, terminal in zip(tree.histories, tree.terminal, strict=True)
        if h.actions == actions and not terminal
    ]
    name = actions
    if board is not None:
        if not (isinstance(game, PrivateCards) and roots and len(roots[0].deal) > 2):
            raise ValueError(f"board={describe(board)} given, but {game!r} has no board card here")
        if not game.board_is_public(actions):
            raise ValueError(f"the board is not public after {actions!r} in {game!r}")
        check_choice(board, tuple(range(len(game.private_cards))), "board")
        roots = [h for h in roots if h.deal[2] == board]
        name = f"{actions}, board {game.private_cards[board]}"
    if not roots:
        raise ValueError(
            f"no non-terminal history of {game!r} has actions {actions!r}"
            + ("" if board is None else f" and board {board!r}")
        )
    return Subgame(game, roots, name)


def board_subgames(game: Game) -> tuple[Subgame, ...]:
    """Every subgame that starts when the board card is turned: one per public node right below
    a chance node of the public tree (:func:`~lessons_lib.games.public.public_tree`) where somebody
    acts, in the public tree's order. For standard Leduc poker, the 5 first-round sequences that
    reach the board (``cc``, ``rc``, ``crc``, ``rrc``, ``crrc``) times 3 board ranks: 15
    subgames."""
    check_instance(game, Game, "game", "a Game")
    tree = public_tree(game)
    found = []
    for k, node in enumerate(tree.nodes):
        parent = int(tree.parent[k])
        if node.kind == "decision" and parent >= 0 and tree.nodes[parent].kind == "chance":
            found.append(public_subgame(game, node.actions, node.board))
    if not found:
        raise ValueError(f"{game!r} never turns a board card: it has no board subgames")
    return tuple(found)


def root_reach(subgame: Subgame, policy: Mapping[str, np.ndarray]) -> np.ndarray:
    """The reach of every root under ``policy``, factored: row 0 is chance's ``pi_c(h)``, rows 1
    and 2 the players' own ``pi_1(h)`` and ``pi_2(h)``; column j is ``subgame.roots[j]``."""
    check_instance(subgame, Subgame, "subgame", "a Subgame")
    game = subgame.game
    tree = game.tree
    reach = tree_reach(tree, tree.flatten(validate_policy(game, policy)))
    return reach[:, subgame.root_index]


def beliefs(subgame: Subgame, policy: Mapping[str, np.ndarray]) -> np.ndarray:
    """The probability of each root given that play under ``policy`` reached the subgame:
    ``pi(h) / sum_{h'} pi(h')``, ``pi = pi_c pi_1 pi_2``. ``ValueError`` if ``policy`` never
    reaches the subgame (the beliefs are then undefined)."""
    reach = root_reach(subgame, policy)
    joint = reach[0] * reach[1] * reach[2]
    total = float(np.add.reduce(joint))
    if not total > 0.0:
        raise ValueError(f"the policy never reaches the subgame {subgame.name!r}: no beliefs")
    return joint / total
