"""The bookkeeping every sampled walk shares: the tree as plain lists, and the choices it samples.

:class:`PlainTree` is the game's :class:`~lessons_lib.games.base.GameTree` re-read as Python lists
(children, acting player, chance's probabilities, information set, returns), numbered as the tree
numbers its histories.
The roots ``0 .. len(deals) - 1`` are the deals, in the order of ``game.deals()``. A recursive walk
indexes lists much faster than numpy arrays, and going through the tree's numbers skips the rule
checks of ``game.next_history`` that a hot loop does not need (the tree was checked when built).

:class:`Walk` is one sampled traversal's record. Every random choice goes through
:meth:`Walk.sample`, which asks a *chooser* for an index and multiplies :attr:`Walk.probability`
by the probability of the choice made; so after the walk ``probability`` is the chance that the
sampling made exactly these choices. Every history the walk enters is recorded by
:meth:`Walk.visit`, which gives the nodes touched. The chooser is :func:`random_chooser` (a seeded
numpy Generator) in training; a test can pass one that steps through every possible sequence of
choices, to compute expectations over the sampling exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from numbers import Integral

import numpy as np

from lessons_lib.games.base import Game
from lessons_lib.validation import describe

#: A chooser picks an index given the probabilities of the options.
Chooser = Callable[[Sequence[float]], int]


class PlainTree:
    """The histories of ``game.tree`` as Python lists, for fast recursive walks.

    ``children[h]`` lists h's children in the order of the actions (empty at terminals),
    ``acting[h]`` is the player to act (0 at terminal and chance histories), ``chance[h]`` the
    probabilities of chance's outcomes at a chance history (empty elsewhere), ``info_set[h]`` the
    number of h's information set in ``keys`` (-1 if none), ``returns[i - 1][h]`` is
    ``u_i(h)`` at terminals and ``payoffs[h]`` lists them for every player.
    ``deal_probability[d]`` is ``pi_c`` of deal ``d``, whose root is history ``d``.
    """

    def __init__(self, game: Game) -> None:
        check_game(game)
        tree = game.tree
        self.game = game
        self.players = game.players
        self.keys = tree.keys
        self.histories = tree.histories
        self.children: list[list[int]] = [[] for _ in tree.histories]
        for h, parent in enumerate(tree.parent.tolist()):
            if parent >= 0:
                self.children[parent].append(h)  # breadth-first order keeps the action order
        self.acting: list[int] = tree.acting.tolist()
        self.terminal: list[bool] = tree.terminal.tolist()
        step = tree.chance_step.tolist()
        self.chance: list[list[float]] = [
            [step[c] for c in self.children[h]] if is_chance else []
            for h, is_chance in enumerate(tree.is_chance.tolist())
        ]
        self.info_set: list[int] = tree.info_set.tolist()
        self.returns: list[list[float]] = tree.returns.tolist()
        self.payoffs: list[tuple[float, ...]] = list(zip(*self.returns, strict=True))
        self.deal_probability: list[float] = tree.chance[tree.levels[0]].tolist()

    def utility(self, h: int, player: int) -> float:
        """``u_i(z)`` of ``player`` at terminal history number ``h``."""
        return self.returns[player - 1][h]


def plain_tree(game: Game) -> PlainTree:
    """The :class:`PlainTree` of ``game``, built once per game (games are equal by parameters)."""
    return _cached_plain_tree(check_game(game))


@lru_cache(maxsize=16)
def _cached_plain_tree(game: Game) -> PlainTree:
    return PlainTree(game)


class Walk:
    """One sampled traversal's record: the histories it visited and the chance of its choices."""

    def __init__(self, chooser: Chooser) -> None:
        if not callable(chooser):
            raise ValueError(
                f"chooser must be a function of the probabilities, got {describe(chooser)}"
            )
        self.chooser = chooser
        self.probability = 1.0  # the product of the probabilities of the choices made so far
        self.visited: list[int] = []  # the history numbers entered, in order

    @property
    def nodes(self) -> int:
        """How many histories the walk has entered (the nodes touched)."""
        return len(self.visited)

    def visit(self, h: int) -> None:
        """Record that the walk entered history number ``h``."""
        self.visited.append(h)

    def sample(self, probabilities: Sequence[float]) -> int:
        """Choose an index with the given probabilities; the choice's probability is recorded."""
        index = self.chooser(probabilities)
        self.probability *= probabilities[index]
        return index


def random_chooser(rng: np.random.Generator) -> Chooser:
    """A chooser that draws from ``rng``: index i with probability ``probabilities[i]``.

    One uniform draw ``u`` in [0, 1) picks the first index whose cumulative probability exceeds
    ``u``. An option of probability zero is never chosen, even when rounding leaves the
    cumulative sum a little below 1.
    """
    if not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng must be a numpy Generator, got {describe(rng)}")

    def choose(probabilities: Sequence[float]) -> int:
        u = rng.random()
        cumulative = 0.0
        for index, probability in enumerate(probabilities):
            cumulative += probability
            if u < cumulative:
                return index
        return max(i for i, probability in enumerate(probabilities) if probability > 0.0)

    return choose


def checked_chooser(chooser: object) -> Chooser:
    """``chooser`` wrapped so that every index it returns is checked: an integer (not a bool)
    from 0 to ``len(probabilities) - 1``. A chooser written by hand that returns -1 or 3 for two
    options is refused with ``ValueError`` instead of silently picking from the end (training's
    own :func:`random_chooser` needs no such check, and is not wrapped)."""
    if not callable(chooser):
        raise ValueError(
            f"chooser must be a function of the probabilities, got {describe(chooser)}"
        )

    def choose(probabilities: Sequence[float]) -> int:
        index = chooser(probabilities)
        if isinstance(index, (bool, np.bool_)) or not isinstance(index, Integral):
            raise ValueError(f"the chooser must return an index, got {describe(index)}")
        if not 0 <= index < len(probabilities):
            raise ValueError(
                f"the chooser returned index {index!r} for {len(probabilities)} options "
                f"{describe(list(probabilities))}; an index runs from 0 to {len(probabilities) - 1}"
            )
        return int(index)

    return choose


def check_game(game: object) -> Game:
    """``game`` after checking that it is a :class:`~lessons_lib.games.base.Game`."""
    if not isinstance(game, Game):
        raise ValueError(f"game must be a Game (such as KuhnPoker()), got {describe(game)}")
    return game
