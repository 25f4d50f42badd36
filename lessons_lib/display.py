"""Showing the library's own code in a chapter, so text and library can never drift apart."""

from __future__ import annotations

import inspect
import textwrap
from dataclasses import dataclass

from lessons_lib.validation import describe


@dataclass(frozen=True)
class SourceCode:
    """Source code that a notebook shows highlighted (as a Markdown code block), plain elsewhere."""

    text: str
    language: str = "python"

    def __post_init__(self) -> None:
        for name in ("text", "language"):
            if not isinstance(getattr(self, name), str):
                raise ValueError(f"{name} must be a string, got {describe(getattr(self, name))}")

    def _repr_markdown_(self) -> str:
        return f"```{self.language}\n{self.text.rstrip()}\n```"

    def __repr__(self) -> str:
        return self.text.rstrip()


def show_source(obj: object) -> SourceCode:
    """The source code of a function, class or module of the library, ready to display."""
    try:
        source = inspect.getsource(obj)
    except (TypeError, OSError) as error:
        raise ValueError(f"cannot show the source of {describe(obj)}: {error}") from error
    return SourceCode(textwrap.dedent(source))
