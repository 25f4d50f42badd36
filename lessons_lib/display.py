"""Showing the library's own code in a chapter, so the text and the library can never drift apart."""

from __future__ import annotations

import inspect
import textwrap

from IPython.display import Code


def show_source(obj: object) -> Code:
    """The source code of a function, class or module of the library, highlighted as Python."""
    try:
        source = inspect.getsource(obj)
    except (TypeError, OSError) as error:
        raise ValueError(f"cannot show the source of {obj!r}: {error}") from error
    return Code(textwrap.dedent(source), language="python")
