"""show_source displays the library's real source, highlighted in a notebook."""

import inspect

import pytest

from lessons_lib.display import show_source
from lessons_lib.regret_matching import RegretMatcher, regret_matching


def test_show_source_is_the_real_source():
    shown = show_source(regret_matching)
    assert repr(shown) == inspect.getsource(regret_matching).rstrip()
    assert shown._repr_markdown_().startswith("```python\ndef regret_matching(")


def test_methods_are_dedented():
    shown = show_source(RegretMatcher.strategy)
    assert repr(shown).startswith("def strategy(self)")


def test_objects_without_source_are_refused():
    with pytest.raises(ValueError, match="cannot show the source of 3"):
        show_source(3)
