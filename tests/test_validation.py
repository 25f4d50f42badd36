"""Bad input raises ValueError naming the problem and the value."""

import numpy as np
import pytest

from lessons_lib.validation import (
    as_finite_vector,
    as_probability_vector,
    check_choice,
    check_iterations,
)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ([0.5, -0.1, 0.6], "negative entry"),
        ([0.5, 0.4], "sums to 0.9"),
        ([], "non-empty"),
        ([[0.5, 0.5]], "one-dimensional"),
        ([0.5, float("nan")], "non-finite"),
        # Non-finite vectors that a sum of 1 or a minimum of 0 alone would let through.
        ([float("nan"), 1.0], "non-finite"),
        ([np.inf, 0.0], "non-finite"),
        ([1.0, np.inf, -np.inf], "non-finite"),
        (["a", "b"], "numbers only"),
    ],
)
def test_bad_probability_vectors_are_named(values, message):
    with pytest.raises(ValueError, match=message):
        as_probability_vector(values, name="sigma")


def test_probability_vector_of_wrong_length():
    with pytest.raises(ValueError, match="must have 3 entries, got 2"):
        as_probability_vector([0.5, 0.5], size=3)


def test_probability_vector_within_tolerance_is_accepted():
    vector = as_probability_vector([1 / 3, 1 / 3, 1 / 3])
    assert vector.dtype == float
    assert vector.sum() == pytest.approx(1.0)


def test_finite_vector_rejects_infinity():
    with pytest.raises(ValueError, match="regret has a non-finite entry"):
        as_finite_vector([1.0, np.inf], "regret")


@pytest.mark.parametrize("bad", [0, -5, 2.5, "10", True])
def test_iterations_below_one_or_not_integers(bad):
    with pytest.raises(ValueError, match="iterations"):
        check_iterations(bad)


def test_iterations_accepts_numpy_integers():
    assert check_iterations(np.int64(7)) == 7


def test_unknown_choice_lists_the_allowed_ones():
    with pytest.raises(ValueError, match=r"unknown action 'lizard'; expected one of \['rock'"):
        check_choice("lizard", ("rock", "paper"), "action")
