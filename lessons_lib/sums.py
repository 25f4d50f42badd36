"""Sums whose order is fixed by this code, so that every machine computes the same bits.

Floating-point addition is not associative: ``(a + b) + c`` and ``a + (b + c)`` can differ in the
last bit. A dense product (``A @ x``, ``np.dot``, ``np.matmul``, ``np.linalg``) is computed by the
BLAS library, which picks its summation order by processor (the kernel: ``OPENBLAS_CORETYPE``),
by thread count, and on a Mac by vendor. CFR amplifies a last-bit difference into a different run,
so the book's solvers and evaluators never call one. They sum with the tools below instead, whose
order is fixed by numpy's or Python's own code:

- element-wise operations, which are exact per element;
- ``np.sum`` and ``np.add.reduceat`` along a fixed axis, ``np.add.at`` and ``np.bincount``
  (numpy's loops, not BLAS);
- ``math.fsum``, which is correctly rounded and so independent of any order.

``tests/test_determinism.py`` runs the library under several BLAS kernels and thread counts and
checks that every result is bit-identical, and that no module of the library calls a dense product.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from lessons_lib.validation import (
    as_finite_array,
    as_finite_vector,
    as_number_array,
    check_entries,
    check_integer,
    describe,
)


def sum_of_products(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> float:
    """``sum_k x_k y_k``, correctly rounded (``math.fsum`` of the exact element-wise products).

    ``x`` and ``y`` are arrays of numbers of the same shape (or shapes that broadcast); a sum that
    is not a finite number (a NaN or infinite entry, or an overflow) raises ``ValueError``.
    """
    products = _products(x, y)
    try:
        total = math.fsum(products.ravel().tolist())
    except OverflowError:
        total = math.inf
    if not math.isfinite(total):
        raise ValueError(
            f"sum of products is not a finite number (an entry is NaN or infinite, or the sum "
            f"overflows): x = {describe(x)}, y = {describe(y)}"
        )
    return total


def _products(x: object, y: object) -> np.ndarray:
    """``x * y`` element-wise, after checking both hold numbers (booleans and strings refused)."""
    arrays = [_numbers(x, "x"), _numbers(y, "y")]
    try:
        with np.errstate(over="ignore", invalid="ignore"):  # a non-finite result is refused later
            return np.multiply(arrays[0], arrays[1])
    except ValueError:
        raise ValueError(
            f"x and y must have the same shape, got shapes {arrays[0].shape} and {arrays[1].shape}"
        ) from None


def matrix_vector(matrix: np.ndarray, vector: np.ndarray) -> np.ndarray:
    """``M x`` for a dense matrix: row by row, ``sum_j M[i, j] x_j``, in numpy's fixed order.

    ``vector`` may be a stack of vectors, shape ``(..., n)``: the result is then ``(..., m)``, one
    product per vector.
    """
    matrix, vector = _numbers(matrix, "matrix"), _numbers(vector, "vector")
    if matrix.ndim != 2 or vector.ndim < 1 or vector.shape[-1] != matrix.shape[1]:
        raise ValueError(
            f"matrix_vector needs a matrix of shape (m, n) and vectors of length n, got shapes "
            f"{matrix.shape} and {vector.shape}"
        )
    with np.errstate(over="ignore", invalid="ignore"):  # a non-finite product is refused below
        product = np.add.reduce(matrix * vector[..., None, :], axis=-1)
    if not np.all(np.isfinite(product)):
        raise ValueError(
            f"matrix_vector: the product is not finite (a NaN or infinite entry, or an overflow): "
            f"matrix = {describe(matrix)}, vector = {describe(vector)}"
        )
    return product


def _numbers(values: object, name: str) -> np.ndarray:
    """``values`` itself if it is already a numeric array, else checked by as_number_array."""
    if isinstance(values, np.ndarray) and values.dtype.kind in "iuf":
        return values
    return as_number_array(values, name)


@dataclass(frozen=True, eq=False)
class SparseMatrix:
    """A matrix kept as its nonzero entries, in row-major order, for products in a fixed order.

    ``matrix.times(x)`` is ``M x``: each nonzero ``M[i, j] x_j`` is formed element-wise and added
    into row i by ``np.bincount``, entry after entry. On the small matrices of Kuhn poker this is
    also faster than a dense product, and on large ones it stores only the nonzeros.
    """

    rows: np.ndarray
    columns: np.ndarray
    values: np.ndarray
    shape: tuple[int, int]

    @classmethod
    def summed(
        cls, rows: np.ndarray, columns: np.ndarray, values: np.ndarray, shape: tuple[int, int]
    ) -> SparseMatrix:
        """The matrix with ``values`` added up at ``(rows, columns)``
        (repeated pairs are summed)."""
        shape = _shape(shape)
        rows, columns = (
            _indices(v, n, name)
            for v, n, name in ((rows, shape[0], "rows"), (columns, shape[1], "columns"))
        )
        values = as_finite_array(values, "values")
        if not rows.shape == columns.shape == values.shape or rows.ndim != 1:
            raise ValueError(
                f"rows, columns and values must be vectors of one length, got shapes "
                f"{rows.shape}, {columns.shape} and {values.shape}"
            )
        flat = np.ravel_multi_index((rows, columns), shape)
        cells, where = np.unique(flat, return_inverse=True)
        total = np.zeros(cells.size)
        np.add.at(total, where, values)  # in the order given: fixed
        keep = total != 0.0
        kept_rows, kept_columns = np.unravel_index(cells[keep], shape)
        return cls(kept_rows, kept_columns, total[keep], shape)

    @classmethod
    def of_dense(cls, matrix: np.ndarray) -> SparseMatrix:
        """The nonzero entries of a dense matrix."""
        matrix = as_finite_array(matrix, "matrix")
        if matrix.ndim != 2:
            raise ValueError(f"matrix must be two-dimensional, got shape {matrix.shape}")
        rows, columns = np.nonzero(matrix)
        return cls(rows, columns, matrix[rows, columns], matrix.shape)

    def times(self, vector: np.ndarray) -> np.ndarray:
        """``M x`` for a vector ``x`` of length ``shape[1]``."""
        checked = isinstance(vector, np.ndarray) and vector.dtype.kind in "iuf"
        if not checked or vector.shape != (self.shape[1],):  # the engines pass checked arrays
            vector = as_finite_array(vector, "vector")
            if vector.shape != (self.shape[1],):
                raise ValueError(
                    f"vector must have shape ({self.shape[1]},), got shape {vector.shape}"
                )
        return np.bincount(self.rows, self.values * vector[self.columns], self.shape[0])

    def to_dense(self) -> np.ndarray:
        """The matrix as a dense array (for tests and small examples)."""
        dense = np.zeros(self.shape)
        dense[self.rows, self.columns] = self.values
        return dense


def least_squares_slope(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> float:
    """The slope ``k`` of the least-squares line ``y = k x + c``, in closed form.

    ``k = sum (x - mean x)(y - mean y) / sum (x - mean x)^2``, every sum with ``math.fsum``
    (``np.polyfit`` would go through LAPACK, whose last bits depend on the BLAS kernel).
    """
    xs = as_finite_vector(x, "x")
    ys = as_finite_vector(y, "y", size=xs.size)
    if xs.size < 2 or np.all(xs == xs[0]):
        raise ValueError(f"a slope needs at least two different x values, got {describe(x)}")
    dx = xs - math.fsum(xs.tolist()) / xs.size
    dy = ys - math.fsum(ys.tolist()) / ys.size
    return sum_of_products(dx, dy) / sum_of_products(dx, dx)


@dataclass(frozen=True, eq=False)
class Segments:
    """Rows ``0 .. n - 1`` cut into consecutive segments,
    such as the actions of each information set.

    :meth:`sums` adds the rows of each segment, first row to last (``((r_0 + r_1) + r_2) ...``,
    the order of Python's ``sum`` and of a loop), column by column when the rows have columns;
    :meth:`totals` gives every row its segment's sum: the sums over ``b in A(I)`` of regret
    matching and of ``sum_b sigma(I, b) v(I, b)``. Both go through ``np.bincount``, which adds its
    weights in the order given, and which is also the fastest of numpy's ways to do it.
    """

    starts: np.ndarray  # starts[j]: the first row of segment j
    segment_of_row: np.ndarray  # segment_of_row[e]: the segment row e belongs to
    # bins[c]: the bincount bin of every entry of a table of c columns (made on first use)
    _bins: dict[int, np.ndarray] = field(default_factory=dict, repr=False)

    @classmethod
    def of_widths(cls, widths: Sequence[int] | np.ndarray) -> Segments:
        """Consecutive segments of the given (positive) widths."""
        given = widths
        array = np.asarray(widths) if isinstance(widths, np.ndarray) else None
        if array is None:
            as_number_array(widths, "segment widths")  # numbers only, not ragged
            array = np.asarray(widths)
        if array.ndim != 1 or array.dtype.kind not in "iu" or np.any(array <= 0):
            raise ValueError(f"segment widths must be positive integers, got {describe(given)}")
        check_entries(int(array.sum(dtype=object)), "segments of these widths")
        widths = array.astype(int)
        starts = np.concatenate([[0], np.cumsum(widths)[:-1]]).astype(np.intp)
        return cls(starts, np.repeat(np.arange(widths.size), widths))

    @property
    def count(self) -> int:
        """The number of segments."""
        return int(self.starts.size)

    @cached_property
    def uniform(self) -> np.ndarray:
        """``1 / |segment|`` for every row: the uniform distribution over each segment's rows."""
        widths = np.diff([*self.starts.tolist(), self.segment_of_row.size])
        return 1.0 / widths[self.segment_of_row]

    def sums(self, rows: np.ndarray) -> np.ndarray:
        """The sum of each segment's rows (one row per segment), first row to last."""
        if rows.ndim == 1:
            return np.bincount(self.segment_of_row, rows, self.starts.size)
        columns = rows.shape[1]
        bins = self._bins.get(columns)
        if bins is None:
            bins = self._bins[columns] = self._bins_of(columns)
        return np.bincount(bins, rows.ravel(), self.starts.size * columns).reshape(-1, columns)

    def totals(self, rows: np.ndarray) -> np.ndarray:
        """Each row replaced by the sum of its segment (as :meth:`sums`)."""
        if rows.ndim == 1:
            sums = np.bincount(self.segment_of_row, rows, self.starts.size)
            return sums.take(self.segment_of_row)
        bins = self._bins.get(rows.shape[1])
        if bins is None:
            bins = self._bins[rows.shape[1]] = self._bins_of(rows.shape[1])
        sums = np.bincount(bins, rows.ravel(), self.starts.size * rows.shape[1])
        return sums.reshape(-1, rows.shape[1]).take(self.segment_of_row, axis=0)

    def uniform_like(self, rows: np.ndarray) -> np.ndarray:
        """:attr:`uniform` in the shape of ``rows`` (a table's columns repeat it; kept)."""
        if rows.ndim == 1:
            return self.uniform
        key = -rows.shape[1]  # negative: a table's uniform, beside the bins of the same width
        if key not in self._bins:
            self._bins[key] = np.repeat(self.uniform[:, None], rows.shape[1], axis=1)
        return self._bins[key]

    def maxima(self, rows: np.ndarray) -> np.ndarray:
        """Each row replaced by the largest entry of its segment (column by column)."""
        return np.maximum.reduceat(rows, self.starts, axis=0).take(self.segment_of_row, axis=0)

    def _bins_of(self, columns: int) -> np.ndarray:
        """The bincount bin of every entry of a table of ``columns`` columns: (segment, column)."""
        return (self.segment_of_row[:, None] * columns + np.arange(columns)).ravel()


def _shape(shape: object) -> tuple[int, int]:
    """``shape`` as a pair of positive integers."""
    if not isinstance(shape, tuple | list) or len(shape) != 2:
        raise ValueError(f"shape must be a pair (rows, columns), got {describe(shape)}")
    rows, columns = (check_integer(n, "shape", minimum=1) for n in shape)
    check_entries(rows, "a matrix with these rows")
    return rows, columns


def _indices(values: object, size: int, name: str) -> np.ndarray:
    """``values`` as an integer array, every entry in ``0 .. size - 1``."""
    array = as_number_array(values, name)
    if np.any(array != np.floor(array)) or np.any(array < 0) or np.any(array >= size):
        raise ValueError(f"{name} must hold integers from 0 to {size - 1}, got {describe(values)}")
    return array.astype(np.intp)
