"""What the chapters show of the library is its public, documented API.

A chapter shows library code with ``show_source(x)``. Each ``x`` must be public (no part of its
module path or qualified name starts with an underscore) and have a docstring, so that what the
book teaches cannot change without notice.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import jupytext
import pytest

CHAPTERS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("[0-9][0-9]_*.md"))
SHOWN = re.compile(r"show_source\(([^()]+)\)")


def listings() -> list[tuple[str, str, str]]:
    """``(chapter, import cell, expression)`` for every ``show_source`` call of every chapter."""
    found = []
    for chapter in CHAPTERS:
        notebook = jupytext.read(chapter, fmt="md:myst")
        cells = [c.source for c in notebook.cells if c.cell_type == "code"]
        for source in cells:
            found += [(chapter.name, cells[0], match) for match in SHOWN.findall(source)]
    return found


LISTINGS = listings()


def test_every_chapter_with_code_listings_is_found() -> None:
    assert len(CHAPTERS) >= 8 and len(LISTINGS) >= 30
    assert {chapter for chapter, _, _ in LISTINGS} == {chapter.name for chapter in CHAPTERS}


@pytest.mark.parametrize(("chapter", "imports", "expression"), LISTINGS, ids=lambda v: v[:40])
def test_a_listing_shows_a_public_documented_object_of_the_library(
    chapter: str, imports: str, expression: str
) -> None:
    namespace: dict[str, object] = {}
    exec(imports, namespace)  # the chapter's first cell: its imports and games
    shown = eval(expression, namespace)
    shown = inspect.unwrap(shown)
    module = inspect.getmodule(shown)
    assert module is not None and module.__name__.startswith("lessons_lib"), expression
    qualified = f"{module.__name__}.{getattr(shown, '__qualname__', module.__name__)}"
    assert not any(part.startswith("_") for part in qualified.split(".")), (chapter, qualified)
    assert inspect.getdoc(shown), (chapter, qualified)


def test_the_package_docstring_names_every_module() -> None:
    import lessons_lib

    root = Path(lessons_lib.__file__).parent
    packages = {path.parent.name for path in root.glob("*/__init__.py")}
    modules = packages | {path.stem for path in root.glob("*.py") if path.stem != "__init__"}
    named = set(re.findall(r":mod:`lessons_lib\.(\w+)", lessons_lib.__doc__))
    assert modules == named
