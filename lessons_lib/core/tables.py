"""One player's regret tables as arrays: what every tabular engine keeps, and how it updates them.

For every action a at every information set I of the player, a tabular CFR-family engine keeps
(Zinkevich et al. 2007, section 4; :mod:`lessons_lib.core.state` says it key by key):

- the cumulative regret ``R(I, a)``;
- the strategy sum ``S(I, a)``, whose normalisation is the average strategy;
- the current strategy ``sigma(I, a)``, regret matching on ``R``.

:class:`RegretTable` keeps them as rows of arrays, one row per (information set, action), the rows
of one information set consecutive (its :class:`~lessons_lib.sums.Segments`). On a public tree a
row stands for one action at one public node, with one column per private hand: each (row, hand)
is then one action of one information set. The engines differ in how they compute an iteration's
regrets; what they do with them is written here once:

- :meth:`RegretTable.add_average`: the average's weighting, ``S += w_t pi_i(I) sigma(I, .)``
  (or, as a pitfall, without ``pi_i``: :func:`~lessons_lib.core.variants.average_increment`);
- :meth:`RegretTable.update`: the variant's discounts of ``R`` and ``S`` after iteration t, then
  regret matching (:func:`~lessons_lib.regret_matching.match_regrets`) for the next strategy.

The current strategy's array is updated in place, so a view of it stays live; the discounts may
replace the regret and strategy-sum arrays, so a view of those (the dicts of
:class:`~lessons_lib.core.state.CFRState` the readable engine walks with) is made afresh for each
iteration.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from lessons_lib.core.variants import AVERAGING, Variant, average_increment
from lessons_lib.games.base import Game
from lessons_lib.regret_matching import match_regrets
from lessons_lib.sums import Segments
from lessons_lib.validation import check_choice, check_instance


@dataclass(eq=False)
class RegretTable:
    """Cumulative regrets, strategy sums and the current strategy of one player, row by row.

    ``regret``, ``strategy_sum`` and ``strategy`` have one row per action, cut into information
    sets (or public nodes) by ``segments``, and optionally one column per private hand.
    """

    segments: Segments
    regret: np.ndarray
    strategy_sum: np.ndarray
    strategy: np.ndarray

    @classmethod
    def zeros(cls, segments: Segments, columns: int | None = None) -> RegretTable:
        """Fresh tables: zero regrets and sums, so the first strategy is uniform."""
        check_instance(segments, Segments, "segments", "a Segments")
        rows = segments.segment_of_row.size
        shape = (rows,) if columns is None else (rows, columns)
        table = cls(segments, np.zeros(shape), np.zeros(shape), np.empty(shape))
        table.match()
        return table

    def match(self, floored: bool = False) -> None:
        """The current strategy from the cumulative regrets, by regret matching (``floored``: the
        regrets have just been floored at zero, as regret-matching+ does). The strategy array is
        updated in place: a view of it stays live."""
        uniform = self.segments.uniform_like(self.strategy)
        match_regrets(self.regret, self.segments, self.strategy, floored, uniform)

    def add_average(self, weight: float, played: np.ndarray, averaging: str) -> None:
        """Add iteration t's strategy to the strategy sum: ``S += w_t pi_i(I) sigma(I, .)``
        (:func:`~lessons_lib.core.variants.average_increment`), ``played`` being
        ``pi_i(I) sigma(I, a)`` row by row."""
        self.strategy_sum += average_increment(weight, played, self.strategy, averaging)

    def update(self, variant: Variant, t: int) -> None:
        """End of iteration ``t`` for this player: ``variant``'s discounts of the regrets and the
        strategy sum, then regret matching for the strategy of iteration ``t + 1``.

        The discounts may replace the regret and sum arrays (the current strategy's array stays):
        hold a view of them only within an iteration."""
        self.regret = variant.discount_regrets(self.regret, t)
        self.strategy_sum = variant.discount_strategy_sum(self.strategy_sum, t)
        self.match(floored=variant.floors_regrets)


def check_averaging(averaging: object) -> str:
    """``averaging`` after checking it is one of :data:`~lessons_lib.core.variants.AVERAGING`."""
    return str(check_choice(averaging, AVERAGING, "averaging"))


class KeyRows(NamedTuple):
    """Where one information set's actions sit in a player's :class:`RegretTable`: ``rows``,
    and ``column`` (its private hand) when the table has one column per hand."""

    key: str
    player: int
    rows: slice
    column: int | None


def tables_by_key(game: Game) -> tuple[dict[int, RegretTable], tuple[KeyRows, ...]]:
    """One fresh table per player of ``game`` over its information sets, in the game's order, and
    where each information set's actions sit (in the order of ``game.info_sets()``). A player who
    never acts gets no table."""
    tables, layout = {}, []
    for player in game.players:
        keys = game.info_sets_of(player)
        if not keys:
            continue
        widths = [len(game.actions(key)) for key in keys]
        tables[player] = RegretTable.zeros(Segments.of_widths(widths))
        starts = np.concatenate([[0], np.cumsum(widths)]).tolist()
        layout += [
            KeyRows(key, player, slice(starts[j], starts[j + 1]), None)
            for j, key in enumerate(keys)
        ]
    order = {key: k for k, key in enumerate(game.info_sets())}
    return tables, tuple(sorted(layout, key=lambda place: order[place.key]))
