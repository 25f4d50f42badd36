"""What MCCFR remembers, read and written one information set at a time, and fixed profiles.

Monte Carlo CFR keeps exactly the tables of CFR (Zinkevich et al. 2007; Lanctot et al. 2009,
section 2): for every information set I and action a the cumulative regret ``R(I, a)``, the
strategy sum ``S(I, a)``, and the current strategy, regret matching on ``R``. They are the same
:class:`~lessons_lib.core.tables.RegretTable` arrays every engine keeps, updated by the same
mechanisms; only what is *added* to them changes: sampled estimates instead of exact
counterfactual regrets.

A sampled walk visits a few dozen histories, and each visit reads one information set's strategy
and adds a handful of numbers. :class:`SampledTables` serves the walks: it hands out each
information set's current strategy as a Python list (a recursive walk does arithmetic on a few
floats much faster than numpy on arrays of two or three), notes a walk's increments in lists, and
keeps track of the information sets whose regrets changed. When a player's turn in the iteration
ends, the tables take the increments in (``np.add.at``, in the order the walk made them: the same
sums as adding them one by one) and regret matching
(:func:`~lessons_lib.regret_matching.match_regrets`) runs on the changed information sets only,
all at once, so an iteration costs what its walk touches, not what the game holds.

A walk needs a *profile* to play: anything with a method ``strategy(k)`` that returns the
probabilities at information set number k (the number in ``game.tree.keys``). During training
that is :class:`SampledTables` (the current strategies); to study one walk on its own it is a
:class:`FixedProfile` built from a policy dict.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

import numpy as np

from lessons_lib.core.tables import RegretTable, tables_by_key
from lessons_lib.core.variants import average_increment
from lessons_lib.games.base import Game
from lessons_lib.policy import validate_policy
from lessons_lib.regret_matching import match_regrets
from lessons_lib.sums import Segments
from lessons_lib.validation import check_instance, describe


class Profile(Protocol):
    """A profile as a sampled walk reads it: the probabilities at information set number ``k``."""

    def strategy(self, k: int) -> Sequence[float]: ...


class SampledTables:
    """The players' :class:`~lessons_lib.core.tables.RegretTable` as sampled walks use them.

    ``tables`` and ``layout`` are an engine's (:func:`~lessons_lib.core.tables.tables_by_key`);
    ``weight`` is the current iteration's ``w_t`` and ``averaging`` the average's weighting.
    """

    def __init__(
        self, game: Game, tables: Mapping[int, RegretTable], layout: Sequence, averaging: str
    ) -> None:
        self.tables = tables
        self.averaging = averaging
        self.weight = 1.0
        index = {key: k for k, key in enumerate(game.tree.keys)}
        # where[k]: (player, first row, end row) of information set number k
        self.where: list[tuple[int, int, int]] = [(0, 0, 0)] * len(index)
        for place in layout:
            self.where[index[place.key]] = (place.player, place.rows.start, place.rows.stop)
        self._strategies = [
            tables[player].strategy[start:stop].tolist() for player, start, stop in self.where
        ]
        self._changed: dict[int, set[int]] = {player: set() for player in tables}
        # rows[k], uniform[k]: information set k's rows in its player's table, and 1 / |A(I)| each
        self._rows = [np.arange(start, stop) for _, start, stop in self.where]
        self._uniform = [
            np.full(stop - start, 1.0 / max(stop - start, 1)) for _, start, stop in self.where
        ]
        # per player: how many information sets, and the uniform strategy over the whole table
        self._sets_of = {player: 0 for player in tables}
        for player, _, _ in self.where:
            self._sets_of[player] += 1
        self._uniform_of = {player: table.segments.uniform for player, table in tables.items()}
        # What the walks added since the tables last took it in, per player: (rows, values) of
        # the regrets and of the strategy sums, in the order added.
        self._added = {player: ([], [], [], []) for player in tables}

    @classmethod
    def fresh(cls, game: Game) -> SampledTables:
        """Zero tables for ``game`` (to record what one walk adds)."""
        check_instance(game, Game, "game", "a Game (such as KuhnPoker())")
        tables, layout = tables_by_key(game)
        return cls(game, tables, layout, "own reach")

    def strategy(self, k: int) -> list[float]:
        """The current strategy at information set number ``k`` (regret matching, as of the last
        :meth:`refresh` of its player)."""
        return self._strategies[k]

    def add_regret(self, k: int, increments: Sequence[float]) -> None:
        """``R(I, a) += increments[a]`` for every action a of information set number ``k``
        (taken in by the tables at the next :meth:`flush` of its player)."""
        player, start, stop = self.where[k]
        rows, values, _, _ = self._added[player]
        rows.extend(range(start, stop))
        values.extend(increments)
        self._changed[player].add(k)

    def add_strategy(self, k: int, own_reach: float, strategy: Sequence[float]) -> None:
        """``S(I, .) += w_t pi_i(I) sigma(I, .)`` at information set number ``k``, ``own_reach``
        being the walk's estimate of ``pi_i(I)``
        (:func:`~lessons_lib.core.variants.average_increment`, number by number)."""
        player, start, stop = self.where[k]
        _, _, rows, values = self._added[player]
        rows.extend(range(start, stop))
        weight, averaging = self.weight, self.averaging
        values.extend(average_increment(weight, own_reach * p, p, averaging) for p in strategy)

    def flush(self, player: int | None = None) -> None:
        """Add what the walks added since, in order, to the tables of ``player`` (everybody's by
        default): each entry gets its increments one after the other, as if added at once."""
        for who in self._added if player is None else (player,):
            regret_rows, regrets, sum_rows, sums = self._added[who]
            if regret_rows:
                np.add.at(self.tables[who].regret, regret_rows, regrets)
            if sum_rows:
                np.add.at(self.tables[who].strategy_sum, sum_rows, sums)
            self._added[who] = ([], [], [], [])

    def regrets_at(self, k: int) -> np.ndarray:
        """A copy of the cumulative regrets at information set number ``k``."""
        player, start, stop = self.where[k]
        self.flush(player)
        return self.tables[player].regret[start:stop].copy()

    def strategy_sums_at(self, k: int) -> np.ndarray:
        """A copy of the strategy sums at information set number ``k``."""
        player, start, stop = self.where[k]
        self.flush(player)
        return self.tables[player].strategy_sum[start:stop].copy()

    def refresh(self, player: int) -> None:
        """Take in what the walks added to ``player``'s tables, then regret matching at the
        information sets whose regrets changed; the walks read the new strategies from then on.

        Regret matching runs once, over the changed information sets or, when they are an eighth
        of the player's or more, over the player's whole table (cheaper than gathering them, and
        the same numbers: an information set whose regrets did not change keeps its strategy).
        """
        self.flush(player)
        changed = sorted(self._changed.get(player, ()))
        if not changed:
            return
        self._changed[player] = set()
        table = self.tables[player]
        if 8 * len(changed) >= self._sets_of[player]:
            rows, segments, uniform = slice(None), table.segments, self._uniform_of[player]
            firsts = [self.where[k][1] for k in changed]
        else:
            widths = [self._rows[k].size for k in changed]
            rows = np.concatenate([self._rows[k] for k in changed])
            uniform = np.concatenate([self._uniform[k] for k in changed])
            firsts = np.cumsum([0, *widths[:-1]]).tolist()
            segments = Segments(np.asarray(firsts), np.repeat(np.arange(len(widths)), widths))
        strategies = match_regrets(table.regret[rows], segments, uniform=uniform)
        table.strategy[rows] = strategies
        flat = strategies.tolist()
        for k, first in zip(changed, firsts, strict=True):
            self._strategies[k] = flat[first : first + self._rows[k].size]


class FixedProfile:
    """A policy dict, checked, read as a :class:`Profile`: the same strategy on every visit."""

    def __init__(self, game: Game, policy: Mapping[str, object]) -> None:
        if not isinstance(game, Game):
            raise ValueError(f"game must be a Game (such as KuhnPoker()), got {describe(game)}")
        checked = validate_policy(game, policy)
        self.game = game
        self._strategies = [checked[key].tolist() for key in game.tree.keys]

    def strategy(self, k: int) -> list[float]:
        """``sigma(I, .)`` at information set number ``k``."""
        return self._strategies[k]
