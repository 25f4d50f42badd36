"""Input checks shared by the whole library.

Every public function validates what it is given and raises :class:`ValueError` with a message that
names the argument, the problem and the offending value (shortened by :func:`describe` when long).
Nothing is silently wrong: no NaN, no infinity, no bare ``TypeError`` or ``KeyError``.

**What a number is.** Decided once, here, and used everywhere a number is read:

- a *number* is an ``int`` or a ``float`` (Python's or NumPy's), never a ``bool`` and never a
  string such as ``"0.5"``; it is finite, and an integer must fit in a float (``10**400`` does not);
- an *integer* is an ``int`` (Python's or NumPy's), never a ``bool`` and never a float such as
  ``3.0``;
- an array of numbers holds numbers only (no strings, booleans or ``None``) and is not ragged.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from numbers import Integral, Real

import numpy as np

#: The longest repr an error message repeats; a longer value is cut in the middle.
DESCRIBE_LIMIT = 120

#: The most float64 entries an array the library allocates may hold (2**31, that is 16 GiB).
MAX_ENTRIES = 2**31


def describe(value: object, limit: int = DESCRIBE_LIMIT) -> str:
    """``repr(value)``, cut to about ``limit`` characters so that a huge value stays readable."""
    try:
        text = repr(value)
    except Exception:  # a repr that fails (or recurses too deep) must not hide the real error
        # an int of more than 4,300 digits has no repr (Python's int-to-str limit)
        huge = isinstance(value, Integral) and not isinstance(value, bool)
        text = _huge_integer(int(value)) if huge else f"<{type(value).__name__} object>"
    if len(text) <= limit:
        return text
    half = max(limit // 2 - 8, 8)
    return f"{text[:half]} ...[{len(text) - 2 * half} characters]... {text[-half:]}"


def _huge_integer(value: int) -> str:
    """An integer too long to print, by its size: ``'<an integer of about 2**16609>'``."""
    sign = "-" if value < 0 else ""
    return f"<an integer of about {sign}2**{abs(value).bit_length() - 1}>"


def count_text(count: int) -> str:
    """``count`` with thousands separators (``'2,147,483,648'``), or its size if it is too long
    to print."""
    try:
        return f"{count:,}"
    except ValueError:  # more than 4,300 digits: Python's int-to-str limit
        return _huge_integer(count)


def is_real(value: object) -> bool:
    """Whether ``value`` is an int or a float (not a bool) that converts to a float (maybe inf)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, Real):
        return False
    try:
        float(value)
    except OverflowError:  # an int such as 10**400
        return False
    return True


def is_number(value: object) -> bool:
    """Whether ``value`` is a number in the library's sense: real, finite, not a bool."""
    return is_real(value) and math.isfinite(float(value))


def check_number(
    value: object,
    name: str,
    *,
    minimum: float | None = None,
    maximum: float | None = None,
    open_minimum: bool = False,
    open_maximum: bool = False,
) -> float:
    """``value`` as a float, after checking that it is a number within the given bounds.

    The bounds are closed unless ``open_minimum`` or ``open_maximum`` says otherwise.
    """
    if not is_number(value):
        raise ValueError(f"{name} must be a finite number, got {describe(value)}")
    number = float(value)
    if minimum is not None and (number < minimum or (open_minimum and number == minimum)):
        relation = "greater than" if open_minimum else "at least"
        raise ValueError(f"{name} must be {relation} {minimum!r}, got {describe(value)}")
    if maximum is not None and (number > maximum or (open_maximum and number == maximum)):
        relation = "less than" if open_maximum else "at most"
        raise ValueError(f"{name} must be {relation} {maximum!r}, got {describe(value)}")
    return number


def check_probability(value: object, name: str) -> float:
    """``value`` as a float, after checking that it is a number in [0, 1]."""
    return check_number(value, name, minimum=0.0, maximum=1.0)


def check_integer(
    value: object, name: str, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """``value`` as an ``int``, after checking that it is an integer within the given bounds."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, Integral):
        raise ValueError(f"{name} must be an integer, got {describe(value)}")
    integer = int(value)
    if minimum is not None and integer < minimum:
        raise ValueError(f"{name} must be at least {minimum!r}, got {describe(value)}")
    if maximum is not None and integer > maximum:
        raise ValueError(f"{name} must be at most {maximum!r}, got {describe(value)}")
    return integer


def check_entries(entries: int, what: str, limit: int = MAX_ENTRIES) -> int:
    """Refuse, before allocating, an array of ``entries`` float64 numbers larger than ``limit``.

    ``entries`` is a count the library computed from its arguments, so it may be astronomically
    large (``10**5000``); the message then shows its size, never Python's int-to-str error.
    """
    entries = check_integer(entries, f"the number of entries of {what}", minimum=0)
    if entries > limit:
        raise ValueError(
            f"{what} would need {count_text(entries)} numbers ({format_bytes(8 * entries)}), more "
            f"than the {limit:,} ({format_bytes(8 * limit)}) this library allocates"
        )
    return entries


def format_bytes(size: int) -> str:
    """A byte count in binary units: ``'16.0 GiB'``."""
    if size >= 2**1023:  # too large for a float
        return f"about 2**{int(size).bit_length() - 1} B"
    value = float(size)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if value < 1024 or unit == "PiB":
            return f"{value:.1f} {unit}" if unit != "B" else f"{int(value)} B"
        value /= 1024
    raise AssertionError("unreachable")


def as_number_array(values: object, name: str) -> np.ndarray:
    """``values`` as a float array, after checking that it holds numbers only (any shape).

    Strings, booleans, ``None`` and ragged nesting are refused; so is an integer too large for a
    float. Entries are *not* checked for finiteness here (a float array may hold inf): use
    :func:`as_finite_array` for that.
    """
    if isinstance(values, (str, bytes, dict, set)) or values is None:
        raise ValueError(f"{name} must be an array of numbers, got {describe(values)}")
    try:
        raw = np.asarray(values)
    except (ValueError, TypeError, RecursionError, OverflowError) as error:
        raise ValueError(
            f"{name} must be a rectangular array of numbers, got {describe(values)}"
        ) from error
    if raw.dtype.kind in "iuf" and not isinstance(values, np.ndarray):
        # numpy turns [True, 0.5] into [1.0, 0.5] (and [True, 0] into [1, 0]): look at the
        # entries as they were given
        raw_objects = np.asarray(values, dtype=object)
        if not all(is_real(item) for item in raw_objects.ravel()):
            raise ValueError(f"{name} must hold numbers only, got {describe(values)}")
    if raw.dtype.kind == "O":
        flat = raw.ravel()
        if not all(is_real(item) for item in flat):
            raise ValueError(f"{name} must hold numbers only, got {describe(values)}")
    elif raw.dtype.kind not in "iuf":
        raise ValueError(f"{name} must hold numbers only, got {describe(values)}")
    try:
        return raw.astype(float)
    except (ValueError, TypeError, OverflowError) as error:
        raise ValueError(f"{name} must hold numbers only, got {describe(values)}") from error


def as_finite_array(values: object, name: str) -> np.ndarray:
    """``values`` as a float array of numbers, every entry finite (any shape)."""
    array = as_number_array(values, name)
    if not np.all(np.isfinite(array)):
        raise ValueError(f"{name} has a non-finite entry: {describe(values)}")
    return array


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
        raise ValueError(f"{name} has a negative entry: {describe(values)}")
    total = float(vector.sum())
    if abs(total - 1.0) > PROBABILITY_TOLERANCE:
        raise ValueError(f"{name} must sum to 1, but sums to {total!r}: {describe(values)}")
    return vector


def as_finite_vector(
    values: Sequence[float] | np.ndarray, name: str, size: int | None = None
) -> np.ndarray:
    """Return ``values`` as a finite one-dimensional float array (of length ``size`` if given)."""
    vector = _as_float_array(values, name)
    if vector.ndim != 1 or vector.size == 0:
        raise ValueError(
            f"{name} must be a non-empty one-dimensional vector, got {describe(values)}"
        )
    if size is not None and vector.size != size:
        raise ValueError(f"{name} must have {size} entries, got {vector.size}: {describe(values)}")
    if not np.all(np.isfinite(vector)):
        raise ValueError(f"{name} has a non-finite entry: {describe(values)}")
    return vector


def _as_float_array(values: object, name: str) -> np.ndarray:
    return as_number_array(values, name)


def check_iterations(iterations: int, name: str = "iterations") -> int:
    """Return ``iterations`` after checking it is an integer of at least 1."""
    return check_integer(iterations, name, minimum=1)


def check_choice(value: object, allowed: Sequence[object], name: str) -> object:
    """Return ``value`` after checking it is one of ``allowed``."""
    try:
        known = any(
            isinstance(value, bool) == isinstance(option, bool)
            and isinstance(value, str) == isinstance(option, str)
            and bool(value == option)
            for option in allowed
        )
    except Exception:  # a value whose comparison fails is not one of the options
        known = False
    if not known:
        raise ValueError(f"unknown {name} {describe(value)}; expected one of {list(allowed)!r}")
    return value


def non_empty_list_of(values: object, kind: type, name: str) -> list:
    """``values`` as a list, after checking it is a non-empty sequence of ``kind`` objects."""
    if isinstance(values, (kind, str)) or not isinstance(values, Iterable):
        raise ValueError(f"{name} must be a list of {kind.__name__}s, got {describe(values)}")
    chosen = list(values)
    if not chosen:
        raise ValueError(f"{name} must hold at least one {kind.__name__}")
    for value in chosen:
        if not isinstance(value, kind):
            raise ValueError(f"{name} must hold {kind.__name__}s, got {describe(value)}")
    return chosen


def check_instance(
    value: object, kind: type | tuple[type, ...], name: str, what: str = ""
) -> object:
    """``value`` after checking it is an instance of ``kind``; ``what`` names the kind in words.

    For the objects the library works on (a game, a policy dict, a generator): a ``ValueError``
    naming the argument, instead of an ``AttributeError`` from deep inside.
    """
    if not isinstance(value, kind):
        if not what:
            kinds = kind if isinstance(kind, tuple) else (kind,)
            what = " or ".join(k.__name__ for k in kinds)
        raise ValueError(f"{name} must be {what}, got {describe(value)}")
    return value


def list_of(values: object, name: str) -> list:
    """``values`` as a list, after checking it is a sequence (a list, a tuple, an array, any
    iterable other than a string, bytes or a mapping); the entries are not checked here."""
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise ValueError(f"{name} must be a list, got {describe(values)}")
    try:
        return list(values)
    except TypeError as error:  # an iterable whose iteration fails
        raise ValueError(f"{name} must be a list, got {describe(values)}") from error


def mapping_of(values: object, name: str) -> Mapping:
    """``values`` after checking it is a mapping (a dict); its entries are not checked here."""
    if not isinstance(values, Mapping):
        raise ValueError(f"{name} must be a mapping (a dict), got {describe(values)}")
    return values


#: The most digits a JSON integer may have: a larger one cannot fit a float (the largest float is
#: about 1.8e308), and converting a very long digit string is slow.
MAX_JSON_DIGITS = 309


def parse_json(text: str, what: str) -> object:
    """The JSON value in ``text``, read as strictly as the library reads numbers (:func:`is_number`)
    and with ``what`` (``"policy file"``, a path) naming the source in every message.

    ``ValueError`` for malformed JSON, a key repeated in one object, the non-standard constants
    ``NaN`` and ``Infinity``, a number too large for a float (``1e400``, a 400-digit integer) and
    nesting too deep for Python's parser to follow.
    """
    if not isinstance(text, str):
        raise ValueError(f"the text of {what} must be a string, got {type(text).__name__}")

    def unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
        document: dict[str, object] = {}
        for key, value in pairs:
            if key in document:
                raise ValueError(f"{what} repeats the key {key!r}")
            document[key] = value
        return document

    def no_constant(name: str) -> float:
        raise ValueError(f"{what} contains the non-finite number {name}")

    def finite_float(digits: str) -> float:
        value = float(digits)
        if not is_number(value):
            raise ValueError(f"{what} contains a number too large for a float: {describe(digits)}")
        return value

    def float_sized_int(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_JSON_DIGITS or not is_number(value := int(digits)):
            raise ValueError(
                f"{what} contains an integer too large for a float: {describe(digits)}"
            )
        return value

    try:
        return json.loads(
            text,
            object_pairs_hook=unique_keys,
            parse_constant=no_constant,
            parse_float=finite_float,
            parse_int=float_sized_int,
        )
    except json.JSONDecodeError as error:
        raise ValueError(f"{what} is not valid JSON: {error}") from None
    except RecursionError:
        raise ValueError(f"{what} nests arrays or objects too deeply to be read") from None


def check_option_names(options: Mapping[str, object], known: tuple[str, ...], where: str) -> None:
    """``ValueError`` naming the first option of ``options`` that is not in ``known``."""
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(
            f"unknown option {unknown[0]!r} of {where}; the options are {list(known)!r}"
        )
