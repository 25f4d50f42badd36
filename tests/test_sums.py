"""The fixed-order sums of lessons_lib.sums, against exact rational arithmetic and plain loops."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons_lib.sums import (
    Segments,
    SparseMatrix,
    least_squares_slope,
    matrix_vector,
    sum_of_products,
)

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)


@given(st.lists(st.tuples(finite, finite), min_size=1, max_size=40))
def test_sum_of_products_is_the_exact_sum_correctly_rounded(pairs) -> None:
    x, y = (np.array(column) for column in zip(*pairs, strict=True))
    # fsum rounds the exact sum of the rounded products; Fraction computes that sum exactly.
    exact = sum((Fraction(float(a * b)) for a, b in zip(x, y, strict=True)), Fraction(0))
    assert sum_of_products(x, y) == float(exact)


def test_sum_of_products_ignores_the_order_of_the_terms() -> None:
    x = np.array([1e16, 1.0, -1e16, 3.0])
    assert sum_of_products(x, np.ones(4)) == 4.0 == sum_of_products(x[::-1], np.ones(4))


@given(st.integers(1, 6), st.integers(1, 6), st.integers(0, 2**32 - 1))
def test_matrix_vector_is_within_rounding_of_the_exact_product(m, n, seed) -> None:
    rng = np.random.default_rng(seed)
    matrix, vector = rng.normal(size=(m, n)), rng.normal(size=n)
    product = matrix_vector(matrix, vector)
    for i in range(m):
        terms = [
            Fraction(float(a)) * Fraction(float(b)) for a, b in zip(matrix[i], vector, strict=True)
        ]
        bound = n * np.finfo(float).eps * sum(abs(float(t)) for t in terms)
        assert abs(product[i] - float(sum(terms, Fraction(0)))) <= bound


def test_matrix_vector_takes_a_stack_of_vectors() -> None:
    matrix = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    stack = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    assert matrix_vector(matrix, stack).tolist() == [[1, 3, 5], [2, 4, 6], [3, 7, 11]]


def test_a_sparse_matrix_sums_repeated_entries_and_drops_zeros() -> None:
    rows, columns = np.array([0, 2, 0, 1, 1]), np.array([1, 0, 1, 2, 2])
    values = np.array([1.5, -2.0, 2.5, 4.0, -4.0])
    matrix = SparseMatrix.summed(rows, columns, values, (3, 3))
    assert matrix.to_dense().tolist() == [[0, 4.0, 0], [0, 0, 0], [-2.0, 0, 0]]
    assert matrix.values.size == 2  # row 1's entries cancel
    assert matrix.times(np.array([1.0, 10.0, 100.0])).tolist() == [40.0, 0.0, -2.0]


@given(st.integers(1, 8), st.integers(1, 8), st.integers(0, 2**32 - 1))
def test_a_sparse_product_adds_a_rows_terms_left_to_right(m, n, seed) -> None:
    rng = np.random.default_rng(seed)
    dense = rng.normal(size=(m, n)) * (rng.uniform(size=(m, n)) < 0.5)
    vector = rng.normal(size=n)
    product = SparseMatrix.of_dense(dense).times(vector)
    for i in range(m):
        expected = 0.0
        for j in range(n):  # the nonzero terms in column order, one rounding after each
            if dense[i, j] != 0.0:
                expected += dense[i, j] * vector[j]
        assert product[i] == expected


def test_segments_sum_their_rows_and_give_each_row_its_total() -> None:
    segments = Segments.of_widths([2, 3, 1])
    rows = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0], [9.0, 10.0], [11.0, 12.0]])
    assert segments.sums(rows).tolist() == [[4, 6], [21, 24], [11, 12]]
    assert segments.totals(rows).tolist() == [
        [4, 6],
        [4, 6],
        [21, 24],
        [21, 24],
        [21, 24],
        [11, 12],
    ]
    assert segments.totals(rows[:, 0]).tolist() == [4, 4, 21, 21, 21, 11]


def test_segments_give_each_row_its_largest_entry_and_its_uniform_share() -> None:
    segments = Segments.of_widths([2, 3, 1])
    rows = np.array([[1.0, -2.0], [3.0, -4.0], [5.0, 9.0], [7.0, 8.0], [-9.0, 10.0], [11.0, 0.0]])
    assert segments.count == 3
    assert segments.maxima(rows).tolist() == [
        [3, -2],
        [3, -2],
        [7, 10],
        [7, 10],
        [7, 10],
        [11, 0],
    ]
    assert segments.maxima(rows[:, 1]).tolist() == [-2, -2, 10, 10, 10, 0]
    assert segments.uniform.tolist() == [1 / 2, 1 / 2, 1 / 3, 1 / 3, 1 / 3, 1.0]
    assert segments.uniform_like(rows[:, 0]).tolist() == segments.uniform.tolist()
    table = segments.uniform_like(rows)
    assert table.shape == rows.shape
    assert table.tolist() == [[p, p] for p in segments.uniform.tolist()]


@pytest.mark.parametrize("widths", [[2, 0, 1], [-1], [[1, 2]]])
def test_segments_need_positive_widths(widths) -> None:
    with pytest.raises(ValueError, match="segment widths must be positive integers"):
        Segments.of_widths(widths)


@given(st.lists(st.tuples(st.integers(1, 1000), st.integers(-1000, 1000)), min_size=2, max_size=30))
def test_the_least_squares_slope_is_the_exact_one_to_rounding(points) -> None:
    xs = [float(x) for x, _ in points]
    ys = [float(y) for _, y in points]
    if len(set(xs)) < 2:
        return
    n = len(xs)
    mean_x, mean_y = Fraction(sum(map(int, xs)), n), Fraction(sum(map(int, ys)), n)
    numerator = sum(
        (Fraction(x) - mean_x) * (Fraction(y) - mean_y) for x, y in zip(xs, ys, strict=True)
    )
    denominator = sum((Fraction(x) - mean_x) ** 2 for x in xs)
    exact = float(numerator / denominator)
    assert math.isclose(least_squares_slope(xs, ys), exact, rel_tol=1e-9, abs_tol=1e-12)
