"""Input checks shared by the whole library.

Every public function validates what it is given and raises :class:`ValueError` with a message that
names the problem and the offending value. Nothing is silently wrong: no NaN, no bare ``KeyError``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from numbers import Integral

import numpy as np

#: Tolerance used when checking that probabilities sum to one.
PROBABILITY_TOLERANCE = 1e-9


def as_probability_vector(
    values: Sequence[float] | np.ndarray, name: str = "strategy", size: int | None = None
) -> np.ndarray:
    """Return ``values`` as a float array after checking it is a probability vector.

    A probability vector is one-dimensional, finite, has no negative entry and sums to 1 (within
    :data:`PROBABILITY_TOLERANCE`). ``size``, when given, is the required length.
    """
    vector = _as_float_array(values, name)
    # The common case, checked at once: a vector with no negative entry that sums to 1 (an
    # infinite entry would make the sum infinite, a NaN the minimum NaN) is finite.
    if (
        vector.ndim == 1
        and vector.size
        and (size is None or vector.size == size)
        and vector.min() >= 0
        and abs(float(vector.sum()) - 1.0) <= PROBABILITY_TOLERANCE
    ):
        return vector
    vector = as_finite_vector(values, name, size)  # one check at a time, for a precise message
    if np.any(vector < 0):
        raise ValueError(f"{name} has a negative entry: {values!r}")
    total = float(vector.sum())
    if abs(total - 1.0) > PROBABILITY_TOLERANCE:
        raise ValueError(f"{name} must sum to 1, but sums to {total!r}: {values!r}")
    return vector


def as_finite_vector(
    values: Sequence[float] | np.ndarray, name: str, size: int | None = None
) -> np.ndarray:
    """Return ``values`` as a finite one-dimensional float array (of length ``size`` if given)."""
    vector = _as_float_array(values, name)
    if vector.ndim != 1 or vector.size == 0:
        raise ValueError(f"{name} must be a non-empty one-dimensional vector, got {values!r}")
    if size is not None and vector.size != size:
        raise ValueError(f"{name} must have {size} entries, got {vector.size}: {values!r}")
    if not np.all(np.isfinite(vector)):
        raise ValueError(f"{name} has a non-finite entry: {values!r}")
    return vector


def _as_float_array(values: object, name: str) -> np.ndarray:
    try:
        return np.asarray(values, dtype=float)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{name} must be a vector of numbers, got {values!r}") from error


def check_iterations(iterations: int, name: str = "iterations") -> int:
    """Return ``iterations`` after checking it is an integer of at least 1."""
    if isinstance(iterations, bool) or not isinstance(iterations, Integral):
        raise ValueError(f"{name} must be an integer, got {iterations!r}")
    if iterations < 1:
        raise ValueError(f"{name} must be at least 1, got {iterations!r}")
    return int(iterations)


def check_choice(value: object, allowed: Sequence[object], name: str) -> object:
    """Return ``value`` after checking it is one of ``allowed``."""
    if value not in allowed:
        raise ValueError(f"unknown {name} {value!r}; expected one of {list(allowed)!r}")
    return value


def non_empty_list_of(values: object, kind: type, name: str) -> list:
    """``values`` as a list, after checking it is a non-empty sequence of ``kind`` objects."""
    if isinstance(values, (kind, str)) or not isinstance(values, Iterable):
        raise ValueError(f"{name} must be a list of {kind.__name__}s, got {values!r}")
    chosen = list(values)
    if not chosen:
        raise ValueError(f"{name} must hold at least one {kind.__name__}")
    for value in chosen:
        if not isinstance(value, kind):
            raise ValueError(f"{name} must hold {kind.__name__}s, got {value!r}")
    return chosen
