"""The abstract game of a card bucketing: the real Leduc game, played with coarser information.

Given a Leduc poker game and a :class:`~lessons_lib.abstraction.bucketing.CardBucketing`, the
abstract game keeps the real game's chance (the same deals with the same probabilities), the same
public actions and the same payoffs; only the information partition changes. A player who holds
rank ``c`` sees

- in round 1 the bucket ``p(c)``: key ``"{p}:{round-1 actions}"``, e.g. ``"2:cr"``;
- in round 2 the round-1 bucket, the round-2 bucket ``q(c, b)`` and the board:
  key ``"{p}.{q}|{board}:{round-1 actions}/{round-2 actions}"``, e.g. ``"2.4|K:cc/r"``.

So an abstract information set is the union of the real information sets whose keys map to it,
and an abstract strategy is a real strategy that plays alike wherever the player cannot tell the
cards apart (Waugh, Schnizlein, Bowling and Szafron 2009, section 2). Because the round-2 key
carries the round-1 bucket and the public actions, a player's own past information sets and
actions are the same at every history of an abstract information set: the abstraction has perfect
recall, the tree machinery of :mod:`lessons_lib.games.base` applies unchanged, and CFR's
convergence to an equilibrium of the abstract game holds (Zinkevich et al. 2007).

The abstract game's tree is the real game's tree with the information sets merged
(:meth:`AbstractLeduc.tree`): the same histories, numbered alike, with the same chance and
payoffs.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

import numpy as np

from lessons_lib.abstraction.bucketing import CardBucketing
from lessons_lib.games.base import (
    Game,
    GameTree,
    History,
    SameRules,
    group_by_info_set,
    read_only,
)
from lessons_lib.games.leduc import LeducPoker
from lessons_lib.validation import check_instance, describe, mapping_of


class AbstractLeduc(SameRules):
    """The abstraction of Leduc poker ``game`` by ``bucketing`` (see the module docstring).

    ``info_sets()`` lists the abstract keys in the order in which their first real information set
    appears in ``game.info_sets()``, so with one bucket per rank the order is the real one.
    """

    name = "abstract_leduc_poker"
    zero_sum = True

    def __init__(self, game: LeducPoker, bucketing: CardBucketing) -> None:
        if not isinstance(game, LeducPoker):
            raise ValueError(f"game must be a LeducPoker, got {describe(game)}")
        if not isinstance(bucketing, CardBucketing):
            raise ValueError(f"bucketing must be a CardBucketing, got {describe(bucketing)}")
        ranks, suits = game.parameters["ranks"], game.parameters["suits"]
        if (bucketing.ranks, bucketing.suits) != (ranks, suits):
            raise ValueError(
                f"bucketing {bucketing!r} is for another deck than {game!r}'s {ranks}x{suits}"
            )
        super().__init__(game)
        self._bucketing = bucketing
        self._abstract_of = {key: self._abstract_key(key) for key in game.info_sets()}
        merged: dict[str, list[str]] = {}
        for key, abstract in self._abstract_of.items():
            merged.setdefault(abstract, []).append(key)
        self.game_keys = {abstract: tuple(keys) for abstract, keys in merged.items()}

    # What the abstraction is made of.

    @property
    def real_game(self) -> LeducPoker:
        """The real game this is an abstraction of."""
        return self.game

    @property
    def bucketing(self) -> CardBucketing:
        """The card bucketing that merges the real information sets."""
        return self._bucketing

    @property
    def parameters(self) -> dict[str, object]:
        return {
            **self.game.parameters,
            "method": self._bucketing.method,
            "buckets": self._bucketing.buckets,
        }

    def abstract_key(self, real_key: str) -> str:
        """The abstract information set that the real information set ``real_key`` belongs to."""
        if not isinstance(real_key, str) or real_key not in self._abstract_of:
            raise ValueError(f"unknown real information set {describe(real_key)} of {self.game!r}")
        return self._abstract_of[real_key]

    def real_keys(self, key: str) -> tuple[str, ...]:
        """The real information sets merged into the abstract information set ``key``."""
        return self.game_keys[self._checked_key(key)]

    # The rules are the real game's (SameRules), except who knows what.

    def returns(self, history: History) -> tuple[float, float]:
        return self.game.returns(history)

    def info_set_key(self, history: History) -> str:
        return self._abstract_of[self.game.info_set_key(history)]

    def info_sets(self) -> tuple[str, ...]:
        return tuple(self.game_keys)

    def actions(self, key: str) -> tuple[str, ...]:
        return self.game.actions(self.real_keys(key)[0])

    def player(self, key: str) -> int:
        return self.game.player(self.real_keys(key)[0])

    def describe(self, key: str) -> str:
        """The information set in words: its player and the real information sets it merges."""
        merged = self.real_keys(key)
        return f"player {self.player(key)} in bucket {key}, merging {', '.join(merged)}"

    @cached_property
    def tree(self) -> GameTree:
        """The real game's tree with the information sets merged: histories, chance, payoffs and
        depths are the real ones; keys, offsets and policy positions are the abstract ones."""
        return coarsen_tree(self, self.game.tree, self._abstract_of)

    def _abstract_key(self, real_key: str) -> str:
        parts = self.game.parse_key(real_key)
        card = self.game.cards.index(parts.card)
        p = self._bucketing.preflop[card]
        if parts.board is None:
            return f"{p}:{parts.rounds[0]}"
        q = self._bucketing.postflop[(card, self.game.cards.index(parts.board))]
        return f"{p}.{q}|{parts.board}:{'/'.join(parts.rounds)}"

    def _checked_key(self, key: str) -> str:
        if not isinstance(key, str) or key not in self.game_keys:
            raise ValueError(f"unknown information set {describe(key)} of {self!r}")
        return key


def coarsen_tree(game: Game, real: GameTree, abstract_of: dict[str, str]) -> GameTree:
    """``real`` with each information set ``K`` renamed ``abstract_of[K]`` and equal names merged.

    ``game.info_sets()`` gives the merged keys' order. Policy positions move with the merge: the
    action ``a`` of real information set ``k`` sits at ``offset'[k'] + a`` of the merged key ``k'``,
    so ``edge`` is rewritten; ``members`` and ``info_sets_at_depth`` are regrouped as
    :func:`~lessons_lib.games.base.group_by_info_set` groups them for
    :func:`~lessons_lib.games.base.build_tree` (which also checks depths agree).
    """
    check_instance(game, Game, "game", "a Game")
    check_instance(real, GameTree, "real", "a GameTree")
    abstract_of = mapping_of(abstract_of, "abstract_of")
    merged_keys = set(game.info_sets())
    unknown = [key for key in real.keys if not _among(abstract_of.get(key), merged_keys)]
    if unknown:
        raise ValueError(
            f"abstract_of must map every information set of real to one of game's, not "
            f"{describe(unknown)}"
        )
    keys = tuple(game.info_sets())
    key_index = {key: k for k, key in enumerate(keys)}
    merged = np.array([key_index[abstract_of[key]] for key in real.keys], dtype=int)
    n_actions = np.array([len(game.actions(key)) for key in keys], dtype=int)
    offset = np.concatenate([[0], np.cumsum(n_actions)[:-1]]).astype(int)
    info_set = np.where(real.info_set >= 0, merged[np.maximum(real.info_set, 0)], -1)
    edge = np.array(real.edge)
    moved = real.edge >= 0  # a player's action (chance's steps have no policy entry)
    parent_set = real.info_set[real.parent[moved]]
    edge[moved] = offset[merged[parent_set]] + (real.edge[moved] - real.offset[parent_set])
    members, at_depth = group_by_info_set(
        game, keys, list(real.histories), info_set, len(real.levels)
    )
    # Everything but the information sets and the policy positions is the real tree's own.
    return replace(
        real,
        keys=keys,
        key_index=key_index,
        owner=read_only(np.array([game.player(key) for key in keys], dtype=int)),
        offset=read_only(offset),
        n_actions=read_only(n_actions),
        members=members,
        info_sets_at_depth=at_depth,
        edge=read_only(edge),
        info_set=read_only(info_set),
    )


def _among(key: object, keys: set[str]) -> bool:
    """Whether ``key`` is a string among ``keys``."""
    return isinstance(key, str) and key in keys
