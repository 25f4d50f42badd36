"""Fold and showdown values of a river against an opponent's range, with exact card removal.

Player i holds combo h; the opponent's *reach* ``r(h')`` is the weight of each opponent combo h'
(the range times the probability of the opponent's actions so far). Two combos that share a card
cannot be dealt together, so only the *compatible* opponent combos count:

    mass(h)      = sum_{h' compatible with h} r(h')                     (a fold: stake * mass)
    win(h) - lose(h) = sum_{h' compatible, weaker} r(h') - sum_{h' compatible, stronger} r(h')
                                                                        (a showdown: stake * it)

**The matrix way** (:func:`fold_matrix`, :func:`showdown_matrix`): a matrix ``M[h, h']`` of 0
(a shared card) or 1 for a fold, and of ``sign(s(h) - s(h'))`` or 0 for a showdown; the values are
``M r``. That is ``n_i * n_o`` numbers (1,081 x 1,081, 1.2 million) and as many products per
evaluation.

**The sorted way** (:class:`CardRemoval`), as the commercial river solvers do it. Sort the
opponent's combos by strength once; then for every evaluation take the cumulative sums of ``r`` in
that order, and read off for each h the mass of all weaker opponent combos and of all combos at
most as strong. Card removal is *inclusion-exclusion* over h's two cards a and b: the combos that
share a card with h are those holding a, plus those holding b, minus the one holding both, which is
h itself. So

    compatible(X) = X - X_a - X_b + X_ab,

where X is a mass over a strength interval, ``X_a`` the same mass over the opponent combos that
hold card a (read from cumulative sums of ``r`` sorted by (card, strength): each opponent combo
appears twice there, once under each of its cards) and ``X_ab`` is ``r(h)`` when h is in the
interval (it ties with itself, so it is in "at most as strong" but never in "weaker"). Preparation
is two sorts, ``O(n log n)`` once per board and range; each evaluation is two cumulative sums and
a few gathers, ``O(n)``, for any number of terminals at once (one row per terminal). No product
of a matrix and a vector is formed, so no BLAS routine is involved
(:mod:`lessons_lib.sums`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lessons_lib.holdem.cards import card_numbers, combo_cards, distinct_combos
from lessons_lib.validation import as_finite_array, check_entries, describe

#: The largest hand strength :class:`CardRemoval` sorts (phevaluator's are at most 7,462).
MAX_STRENGTH = 2**31

#: How far above 1 a reach may be (rounding of products of probabilities).
REACH_TOLERANCE = 1e-9


def compatible(own: np.ndarray, other: np.ndarray) -> np.ndarray:
    """``C[h, h'] = 1`` if combos ``own[h]`` and ``other[h']`` share no card, else 0."""
    own, other = combo_cards(own, "own"), combo_cards(other, "other")
    check_entries(len(own) * len(other), "the compatibility matrix")
    shared = (own[:, None, :, None] == other[None, :, None, :]).any(axis=(2, 3))
    return (~shared).astype(float)


def fold_matrix(own: np.ndarray, other: np.ndarray) -> np.ndarray:
    """The fold matrix: 1 where the two combos can be dealt together (see the module docstring)."""
    return compatible(own, other)


def showdown_matrix(
    own: np.ndarray, other: np.ndarray, own_strength: np.ndarray, other_strength: np.ndarray
) -> np.ndarray:
    """``sign(s(h) - s(h'))`` where the combos are compatible, 0 where they share a card."""
    matrix = compatible(own, other)
    own_strength = _strengths(own_strength, matrix.shape[0], "own_strength")
    other_strength = _strengths(other_strength, matrix.shape[1], "other_strength")
    return np.sign(np.subtract.outer(own_strength, other_strength)) * matrix


def matrix_values(matrix: np.ndarray, reach: np.ndarray) -> np.ndarray:
    """``M r`` for each row r of ``reach`` (shape ``(terminals, n_o)``): ``(terminals, n_i)``.

    One row at a time, summed element-wise by ``np.add.reduce`` (no BLAS), so that no more than
    the matrix itself is held: for tests and for the comparison with :class:`CardRemoval`.
    """
    matrix = as_finite_array(matrix, "matrix")
    if matrix.ndim != 2 or np.any(np.abs(matrix) > 1):
        raise ValueError(f"matrix must be a 2-D array of 0, 1 and -1, got {describe(matrix)}")
    rows = _reach_columns(reach, matrix.shape[1]).T
    return np.array([np.add.reduce(matrix * row, axis=1) for row in rows])


@dataclass(frozen=True, eq=False)
class CardRemoval:
    """The sorted orders and read-off positions for one (own combos, opponent combos) pair.

    Built once by :meth:`of`; :meth:`mass` and :meth:`showdown` then evaluate any number of
    opponent reach vectors (rows) in ``O(n)`` each (module docstring). Inside, the reach vectors
    are columns, so that every read-off gathers whole rows. The arrays are read-only (a cached
    removal is shared by every computation on its river), and one built or edited by hand is
    checked: every position it reads off lies in its array.
    """

    by_strength: np.ndarray  # the opponent combos, weakest first
    weaker: np.ndarray  # per own combo: how many opponent combos are strictly weaker
    at_most: np.ndarray  # per own combo: how many are at most as strong
    by_card: np.ndarray  # opponent combo of each (card, strength)-sorted entry (2 per combo)
    card_bounds: np.ndarray  # card c's entries are card_bounds[c] .. card_bounds[c + 1]
    cards: np.ndarray  # (n_i, 2): the own combos' cards
    card_weaker: np.ndarray  # (n_i, 2): where each own card's strictly weaker entries end
    card_at_most: np.ndarray  # (n_i, 2): where its at-most-as-strong entries end
    same: np.ndarray  # per own combo: its index among the opponent's combos, or n_o if none

    def __post_init__(self) -> None:
        """Check the read-off positions (build one with :meth:`of`) and freeze them (copies)."""
        by_strength = _positions(self.by_strength, "by_strength", (None,), None)
        n_o = len(by_strength)
        if not np.array_equal(np.sort(by_strength), np.arange(n_o)):
            raise ValueError(
                f"by_strength must list each of the opponent's {n_o} combos once, got "
                f"{describe(self.by_strength)}"
            )
        weaker = _positions(self.weaker, "weaker", (None,), n_o)
        n_i = len(weaker)
        checked = {
            "by_strength": by_strength,
            "weaker": weaker,
            "at_most": _positions(self.at_most, "at_most", (n_i,), n_o),
            "by_card": _positions(self.by_card, "by_card", (2 * n_o,), n_o - 1),
            "card_bounds": _positions(self.card_bounds, "card_bounds", (53,), 2 * n_o),
            "cards": _positions(card_numbers(self.cards, "cards", (n_i, 2)), "cards", (n_i, 2), 51),
            "card_weaker": _positions(self.card_weaker, "card_weaker", (n_i, 2), 2 * n_o),
            "card_at_most": _positions(self.card_at_most, "card_at_most", (n_i, 2), 2 * n_o),
            "same": _positions(self.same, "same", (n_i,), n_o),
        }
        bounds = checked["card_bounds"]
        ordered = (
            np.all(weaker <= checked["at_most"])
            and np.all(checked["card_weaker"] <= checked["card_at_most"])
            and bounds[0] == 0
            and bounds[-1] == 2 * n_o
            and np.all(np.diff(bounds) >= 0)
        )
        if not ordered:
            raise ValueError(
                "a CardRemoval's read-off positions are out of order (weaker after at_most, or "
                "card_bounds not rising from 0 to twice the opponent's combos): build it with "
                "CardRemoval.of"
            )
        for name, array in checked.items():
            object.__setattr__(self, name, array)

    @classmethod
    def of(
        cls,
        own: np.ndarray,
        other: np.ndarray,
        own_strength: np.ndarray,
        other_strength: np.ndarray,
    ) -> CardRemoval:
        """Prepare the evaluation of ``own`` combos against ``other`` combos (rows of two cards,
        in either order; no combo twice in one list, :func:`~lessons_lib.holdem.cards.
        distinct_combos`)."""
        own, other = distinct_combos(own, "own"), distinct_combos(other, "other")
        s_own = _strengths(own_strength, len(own), "own_strength")
        s_other = _strengths(other_strength, len(other), "other_strength")
        by_strength = np.argsort(s_other, kind="stable")
        sorted_strength = s_other[by_strength]
        span = int(max(s_own.max(initial=0), s_other.max(initial=0))) + 2
        # Each opponent combo under each of its cards, keyed by card * span + strength.
        entry_combo = np.concatenate([np.arange(len(other)), np.arange(len(other))])
        entry_key = np.concatenate([other[:, 0], other[:, 1]]) * span + s_other[entry_combo]
        by_card = np.argsort(entry_key, kind="stable")
        keys = entry_key[by_card]
        base = own * span  # (n_i, 2): the key where each own card's group starts
        code = {tuple(c): k for k, c in enumerate(other.tolist())}
        same = np.array([code.get(tuple(c), len(other)) for c in own.tolist()], dtype=np.int64)
        return cls(
            by_strength=by_strength,
            weaker=np.searchsorted(sorted_strength, s_own, side="left"),
            at_most=np.searchsorted(sorted_strength, s_own, side="right"),
            by_card=entry_combo[by_card],
            card_bounds=np.searchsorted(keys, np.arange(53) * span, side="left"),
            cards=own,
            card_weaker=np.searchsorted(keys, base + s_own[:, None], side="left"),
            card_at_most=np.searchsorted(keys, base + s_own[:, None], side="right"),
            same=same,
        )

    def _columns(self, reach: np.ndarray) -> np.ndarray:
        """The reach vectors (rows of ``reach``, one entry per opponent combo) as columns."""
        return _reach_columns(reach, len(self.by_strength))

    def mass(self, reach: np.ndarray) -> np.ndarray:
        """``sum_{h' compatible with h} r(h')`` for each own combo h and each row of ``reach``:
        ``total - mass holding a - mass holding b + r(h)``; the mass holding each card is one
        segment sum (``np.add.reduceat``) of the (card, strength)-sorted entries."""
        columns = self._columns(reach)
        entries = np.take(columns, self.by_card, axis=0)
        card_mass = np.zeros((52, columns.shape[1]))
        held = np.flatnonzero(np.diff(self.card_bounds) > 0)  # cards some opponent combo holds
        if held.size:
            card_mass[held] = np.add.reduceat(entries, self.card_bounds[held], axis=0)
        total = np.add.reduce(columns, axis=0)
        padded = np.concatenate([columns, np.zeros((1, columns.shape[1]))])
        a, b = self.cards[:, 0], self.cards[:, 1]
        return (total - _rows(card_mass, a) - _rows(card_mass, b) + _rows(padded, self.same)).T

    def showdown(self, reach: np.ndarray) -> np.ndarray:
        """``win(h) - lose(h)``: the compatible weaker mass minus the compatible stronger mass.

        With X the cumulative sums in strength order and C those in (card, strength) order,
        ``weaker - (total - at_most)`` expands so that the copy of h itself cancels:
        ``X[weaker] + X[at_most] - X[n] + sum_{c in h} (C[start_c] + C[end_c] - C[weaker_c]
        - C[at_most_c])``.
        """
        columns = self._columns(reach)
        ranked = _cumulative(np.take(columns, self.by_strength, axis=0))
        by_card = _cumulative(np.take(columns, self.by_card, axis=0))
        bounds = np.take(by_card, self.card_bounds, axis=0)
        ends = bounds[:-1] + bounds[1:]  # (52, rows): C[start_c] + C[end_c]
        a, b = self.cards[:, 0], self.cards[:, 1]
        net = _rows(ranked, self.weaker) + _rows(ranked, self.at_most) - ranked[-1]
        net += _rows(ends, a) + _rows(ends, b)
        net -= _rows(by_card, self.card_weaker[:, 0]) + _rows(by_card, self.card_weaker[:, 1])
        net -= _rows(by_card, self.card_at_most[:, 0]) + _rows(by_card, self.card_at_most[:, 1])
        return net.T

    def equity(self, reach: np.ndarray) -> np.ndarray:
        """Each own combo's share of the pot at showdown against each row of ``reach``:
        ``(weaker + ties / 2) / mass`` over the compatible opponent combos (0 where none)."""
        columns = self._columns(reach)
        ranked = _cumulative(np.take(columns, self.by_strength, axis=0))
        by_card = _cumulative(np.take(columns, self.by_card, axis=0))
        start = _rows(by_card, self.card_bounds[self.cards])  # (n_i, 2, rows)
        end = _rows(by_card, self.card_bounds[self.cards + 1])
        padded = np.concatenate([columns, np.zeros((1, columns.shape[1]))])
        same = _rows(padded, self.same)
        total = ranked[-1] - (end - start).sum(axis=1) + same
        weaker = _rows(ranked, self.weaker) - (_rows(by_card, self.card_weaker) - start).sum(axis=1)
        at_most = _rows(ranked, self.at_most) - (_rows(by_card, self.card_at_most) - start).sum(
            axis=1
        )
        at_most += same
        share = np.zeros_like(total)
        np.divide(weaker + 0.5 * (at_most - weaker), total, out=share, where=total > 0)
        return share.T


def _reach_columns(reach: object, size: int) -> np.ndarray:
    """The reach vectors (rows of ``reach``) as the columns of a contiguous array, after checking
    that each has ``size`` entries in [0, 1] (a range's weights times probabilities)."""
    rows = np.atleast_2d(as_finite_array(reach, "reach"))
    if rows.ndim != 2 or rows.shape[1] != size:
        raise ValueError(
            f"reach must be one or more rows of {size} entries (one per combo), got shape "
            f"{np.shape(reach)}"
        )
    if rows.size and (rows.min() < 0 or rows.max() > 1 + REACH_TOLERANCE):
        raise ValueError(f"reach must hold weights in [0, 1], got {describe(reach)}")
    return np.ascontiguousarray(rows.T)


def _strengths(values: object, size: int, name: str) -> np.ndarray:
    """``values`` as ``size`` integer hand strengths from 0 to :data:`MAX_STRENGTH`."""
    array = as_finite_array(values, name)
    integers = np.asarray(values).dtype.kind in "iu" or not array.size
    if array.shape != (size,) or not integers or np.any((array < 0) | (array > MAX_STRENGTH)):
        raise ValueError(
            f"{name} must be {size} integer hand strengths from 0 to {MAX_STRENGTH:,}, got "
            f"{describe(values)}"
        )
    return array.astype(np.int64)


def _positions(values: object, name: str, shape: tuple[int | None, ...], top: int) -> np.ndarray:
    """``values`` as a read-only copy, after checking it is an integer array of ``shape``
    (``None``: any length) with entries from 0 to ``top`` (the positions a :class:`CardRemoval`
    reads off)."""
    array = np.asarray(values)
    fits = array.ndim == len(shape) and all(
        n is None or n == m for n, m in zip(shape, array.shape, strict=True)
    )
    if not fits or array.dtype.kind not in "iu":
        raise ValueError(
            f"{name} must be an integer array of shape {shape}, got {describe(values)}"
        )
    if array.size and (array.min() < 0 or (top is not None and array.max() > top)):
        raise ValueError(f"{name} must hold positions from 0 to {top}, got {describe(values)}")
    frozen = array.astype(np.int64)  # a copy
    frozen.setflags(write=False)
    return frozen


def _cumulative(rows: np.ndarray) -> np.ndarray:
    """Cumulative sums down the rows with a leading row of 0: row k sums the first k rows."""
    out = np.zeros((rows.shape[0] + 1, *rows.shape[1:]))
    np.cumsum(rows, axis=0, out=out[1:])
    return out


def _rows(array: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``array[rows]`` (``np.take``, the quickest gather of whole rows)."""
    return np.take(array, rows, axis=0)
