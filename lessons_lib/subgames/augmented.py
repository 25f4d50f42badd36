"""An augmented game: a subgame played as a game of its own, behind a small gadget.

Re-solving a subgame S (:mod:`lessons_lib.subgames.subgame`) means solving a two-player zero-sum
game built from it, which the book's engines and its LP then solve like any other game
(Burch, Johanson and Bowling 2014; Moravcik et al. 2016; Brown and Sandholm 2017). Every such
*augmented game* has the same two parts:

- a *prefix*, the gadget: a few histories of its own, before the subgame is entered. In the
  unsafe re-solve it is only chance dealing a root of S (:mod:`lessons_lib.subgames.unsafe`); in
  the re-solve gadget the opponent may also stop and take an alternative payoff
  (:mod:`lessons_lib.subgames.gadget`); in the maxmargin gadget the opponent first picks a view
  and chance then deals a root of it (:mod:`lessons_lib.subgames.maxmargin`);
- the subgame itself, entered at a root h of S: from there the histories, information sets,
  actions and payoffs are the original game's, the payoffs possibly shifted by a constant that
  depends on the root (the maxmargin gadget subtracts the opponent's alternative value).

Because the information sets inside keep their original keys, a policy of the augmented game
*is* a policy of S's information sets in the original game: it drops into a blueprint with no
translation (:func:`lessons_lib.subgames.resolve.combine`). An augmented history is
``History(deal, actions)`` with the prefix's actions first, then the original actions taken since
the root; its depth is the prefix's plus the subgame's, the same for all histories of an
information set, as :func:`~lessons_lib.games.base.build_tree` requires.

A subclass describes its prefix: the deals (chance at the root), where each history of the prefix
stands (:meth:`AugmentedGame.prefix_node`), which histories enter S at which root
(:meth:`AugmentedGame.entered`), and the payoff shift of each root. The gadgets that hold the
opponent to alternative payoffs share :class:`Gadget`.
"""

from __future__ import annotations

import string
from abc import abstractmethod
from typing import NamedTuple

from lessons_lib.games.base import Deal, History, TwoPlayerZeroSumGame
from lessons_lib.subgames.subgame import Subgame
from lessons_lib.subgames.values import RootValues, checked_bonus
from lessons_lib.validation import check_instance, check_integer, describe

#: The kinds of history a prefix holds.
PREFIX_KINDS = ("decision", "chance", "terminal")

#: One-character names for the choices of a prefix (a view, a root): digits, then letters.
_SYMBOLS = string.digits + string.ascii_letters


def choice_symbols(count: int) -> tuple[str, ...]:
    """``count`` distinct one-character action names: ``0-9``, ``a-z``, ``A-Z``, then further
    Unicode letters (an action is one character of a history's action string)."""
    count = check_integer(count, "count", minimum=0, maximum=100_000)
    return tuple(_SYMBOLS[i] if i < len(_SYMBOLS) else chr(0x100 + i) for i in range(count))


class PrefixNode(NamedTuple):
    """A history of a gadget's prefix: a ``"decision"`` of ``player`` at information set
    ``key`` among ``actions``, a ``"chance"`` node with outcomes ``actions`` of
    ``probabilities``, or a ``"terminal"`` paying player 1 ``payoff``."""

    kind: str
    player: int = 0
    key: str = ""
    actions: tuple[str, ...] = ()
    probabilities: tuple[float, ...] = ()
    payoff: float = 0.0


class AugmentedGame(TwoPlayerZeroSumGame):
    """A subgame of ``subgame.game`` behind a prefix (see the module docstring).

    ``entered_roots`` are the positions (in ``subgame.roots``) of the roots the prefix can
    reach; the information sets inside are those with a history below one of them, with their
    original keys, after the prefix's own (:meth:`prefix_info_sets`).
    """

    name = "augmented_subgame"

    def __init__(self, subgame: Subgame, entered_roots: tuple[int, ...]) -> None:
        self.subgame = check_instance(subgame, Subgame, "subgame", "a Subgame")
        self.original = subgame.game
        self.entered_roots = tuple(int(p) for p in entered_roots)
        if not self.entered_roots:
            raise ValueError(f"the augmented game of {subgame.name!r} enters no root")
        self._inside_keys = subgame.info_sets_below(self.entered_roots)
        self._prefix_keys = dict(self.prefix_info_sets())
        clash = set(self._prefix_keys) & set(self._inside_keys)
        if clash:
            raise ValueError(f"gadget keys {sorted(clash)} are also keys of {self.original!r}")
        self._inside_set = frozenset(self._inside_keys)
        self._nodes: dict[History, PrefixNode] = {}

    # What a subclass describes.

    @abstractmethod
    def deals(self) -> list[tuple[Deal, float]]:
        """Chance's deals at the root of the augmented game."""

    @abstractmethod
    def entered(self, history: History) -> tuple[int, str] | None:
        """``(root position, original actions since the root)`` if ``history`` (checked) has
        entered the subgame, else None (it is a history of the prefix)."""

    @abstractmethod
    def prefix_node(self, history: History) -> PrefixNode:
        """Where the prefix history ``history`` stands (``ValueError`` if it is none)."""

    @abstractmethod
    def prefix_info_sets(self) -> dict[str, tuple[int, tuple[str, ...]]]:
        """The prefix's information sets: key -> (player, actions), in a fixed order."""

    @abstractmethod
    def extra_parameters(self) -> dict[str, object]:
        """What, beyond the subgame, identifies this augmented game (hashable values)."""

    def payoff_shift(self, position: int) -> float:
        """What is added to player 1's payoff at every terminal below root ``position`` (0)."""
        return 0.0

    # The rules, from the two parts.

    @property
    def parameters(self) -> dict[str, object]:
        return {
            "game": repr(self.original),
            "subgame": self.subgame.name,
            "roots": tuple((tuple(r.deal), r.actions) for r in self.subgame.roots),
            **self.extra_parameters(),
        }

    def original_history(self, position: int, actions: str) -> History:
        """The original history ``actions`` below root ``position``."""
        root = self.subgame.roots[position]
        return History(root.deal, root.actions + actions)

    def node(self, history: History) -> PrefixNode:
        """Where ``history`` stands, in the prefix or inside the subgame (the original game's
        player, key and actions, or its payoff plus the root's shift), as a :class:`PrefixNode`.
        Remembered per history: building the tree asks several questions of each."""
        try:
            return self._nodes[history]
        except (KeyError, TypeError):  # not seen yet, or not even hashable
            pass
        history = History(*self.split_history(history))
        entered = self.entered(history)
        if entered is None:
            found = self.prefix_node(history)
            if found.kind not in PREFIX_KINDS:
                raise ValueError(f"a prefix node is one of {PREFIX_KINDS}, got {found.kind!r}")
        else:
            found = self._original_node(*entered)
        self._nodes[history] = found
        return found

    def _original_node(self, position: int, actions: str) -> PrefixNode:
        game, inside = self.original, self.original_history(position, actions)
        if game.is_terminal(inside):
            return PrefixNode(
                "terminal", payoff=game.utility(inside, 1) + self.payoff_shift(position)
            )
        if game.is_chance(inside):
            outcomes = game.chance_outcomes(inside)
            return PrefixNode(
                "chance",
                actions=tuple(a for a, _ in outcomes),
                probabilities=tuple(p for _, p in outcomes),
            )
        return PrefixNode(
            "decision",
            game.player_to_act(inside),
            game.info_set_key(inside),
            tuple(game.legal_actions(inside)),
        )

    def is_terminal(self, history: History) -> bool:
        return self.node(history).kind == "terminal"

    def is_chance(self, history: History) -> bool:
        return self.node(history).kind == "chance"

    def chance_outcomes(self, history: History) -> tuple[tuple[str, float], ...]:
        node = self._node_of_kind(history, "chance")
        return tuple(zip(node.actions, node.probabilities, strict=True))

    def player_to_act(self, history: History) -> int:
        return self._node_of_kind(history, "decision").player

    def legal_actions(self, history: History) -> tuple[str, ...]:
        node = self.node(history)
        if node.kind == "terminal":
            raise ValueError(f"nobody acts at the terminal history {history!r}")
        return node.actions

    def payoff(self, history: History) -> float:
        """Player 1's payoff: the prefix's at a prefix terminal; below root h, the original
        game's plus the root's shift."""
        return self._node_of_kind(history, "terminal").payoff

    def info_set_key(self, history: History) -> str:
        return self._node_of_kind(history, "decision").key

    def info_sets(self) -> tuple[str, ...]:
        return (*self._prefix_keys, *self._inside_keys)

    def actions(self, key: str) -> tuple[str, ...]:
        if key in self._prefix_keys:
            return self._prefix_keys[key][1]
        return self.original.actions(self._checked_key(key))

    def player(self, key: str) -> int:
        if key in self._prefix_keys:
            return self._prefix_keys[key][0]
        return self.original.player(self._checked_key(key))

    def describe(self, key: str) -> str:
        if key in self._prefix_keys:
            return f"player {self._prefix_keys[key][0]} at the gadget's {key!r}"
        return self.original.describe(self._checked_key(key))

    def _checked_key(self, key: str) -> str:
        if not isinstance(key, str) or key not in self._inside_set:
            raise ValueError(f"unknown information set {describe(key)} of {self!r}")
        return key

    def _node_of_kind(self, history: History, kind: str) -> PrefixNode:
        node = self.node(history)
        if node.kind != kind:
            raise ValueError(f"{history!r} is a {node.kind} history of {self!r}, not a {kind}")
        return node

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.subgame.name!r} of {self.original!r})"


class Gadget(AugmentedGame):
    """An augmented game in which the opponent of the re-solved player is held to alternative
    payoffs: the base of the re-solve and maxmargin gadgets. :meth:`hold_to` records the
    opponent's counterfactual best-response values ``values``, the ``bonus`` raising them
    (:func:`~lessons_lib.subgames.values.checked_bonus`) and the alternatives per reached view
    (:meth:`~lessons_lib.subgames.values.RootValues.alternatives`); a subclass calls it first."""

    def hold_to(self, values: RootValues, bonus: object) -> None:
        """Record ``values``, ``bonus``, the opponent and the alternatives (see the class)."""
        self.values = check_instance(values, RootValues, "values", "RootValues (root_values(...))")
        self.opponent = values.player
        self.bonus = checked_bonus(bonus, len(values.views))
        self.alternatives = values.alternatives(self.bonus)
