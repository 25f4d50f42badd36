"""validation.parse_json: the one strict JSON reader of policy files and stored runs."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons_lib.validation import parse_json

BAD = {
    "repeated key": ('{"a": 1, "a": 2}', "repeats the key 'a'"),
    "NaN": ('{"a": NaN}', "non-finite number NaN"),
    "Infinity": ("[-Infinity]", "non-finite number -Infinity"),
    "float too large": ("[1e400]", "too large for a float"),
    "integer too large": ("[" + "9" * 400 + "]", "integer too large for a float"),
    "integer just too large": (str(2**1024), "integer too large for a float"),
    "malformed": ('{"a": }', "not valid JSON"),
    "deep": ("[" * 100_000 + "]" * 100_000, "too deeply"),
    "not text": (b"{}", "must be a string"),
}


@pytest.mark.parametrize("text, message", BAD.values(), ids=BAD.keys())
def test_bad_json_is_refused_naming_its_source(text, message) -> None:
    with pytest.raises(ValueError, match=message) as raised:
        parse_json(text, "the file x.json")
    assert "x.json" in str(raised.value)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**60), max_value=2**60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=3), children, max_size=4)
    ),
    max_leaves=20,
)


@given(JSON_VALUES)
def test_any_finite_json_value_reads_back_as_written(value) -> None:
    assert parse_json(json.dumps(value, allow_nan=False), "a value") == value
