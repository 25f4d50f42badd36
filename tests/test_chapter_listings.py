"""What the chapters show of the library is its public, documented API.

A chapter shows library code with ``show_source(x)``. Each ``x`` must be public (no part of its
module path or qualified name starts with an underscore) and have a docstring, so that what the
book teaches cannot change without notice. Every line of a listing, and every line of code a
chapter shows, fits the page's code column: :data:`CODE_COLUMN` characters, what a code block holds
at a 1,200-px page (the site check, ``tests/test_site.py``, measures the rendered pages).
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import jupytext
import pytest

CHAPTERS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("[0-9][0-9]_*.md"))
SHOWN = re.compile(r"show_source\(([^()]+)\)")
#: Characters of code a code block shows without scrolling on a page 1,200 px wide (the book's
#: stylesheet, book/_static/book.css, gives the article about 900 px; 14-px monospace).
CODE_COLUMN = 100
#: The same inside an exercise's solution, whose dropdown frame takes a few characters' width.
SOLUTION_COLUMN = 94


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
    too_long = [line for line in inspect.getsource(shown).splitlines() if len(line) > CODE_COLUMN]
    assert not too_long, f"{chapter}: {qualified} has lines wider than the column: {too_long}"


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda path: path.stem)
def test_the_code_a_chapter_shows_fits_the_column(chapter: Path) -> None:
    notebook = jupytext.read(chapter, fmt="md:myst")
    shown = [
        cell.source
        for cell in notebook.cells
        if cell.cell_type == "code"
        and "remove-cell" not in cell.metadata.get("tags", [])
        and "remove-input" not in cell.metadata.get("tags", [])
    ]
    too_long = [line for source in shown for line in source.splitlines() if len(line) > CODE_COLUMN]
    assert not too_long, f"{chapter.name}: lines wider than the column: {too_long}"


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda path: path.stem)
def test_the_code_of_a_solution_fits_its_dropdown(chapter: Path) -> None:
    notebook = jupytext.read(chapter, fmt="md:myst")
    inside, shown = False, []
    for cell in notebook.cells:
        if cell.cell_type == "markdown":  # one cell may end a solution and start the next
            start, end = cell.source.rfind("{solution-start}"), cell.source.rfind("{solution-end}")
            inside = start > end if max(start, end) >= 0 else inside
        elif inside and not {"remove-cell", "remove-input"} & set(cell.metadata.get("tags", [])):
            shown.append(cell.source)
    too_long = [
        line for source in shown for line in source.splitlines() if len(line) > SOLUTION_COLUMN
    ]
    assert not too_long, f"{chapter.name}: solution lines wider than the dropdown: {too_long}"


def test_the_package_docstring_names_every_module() -> None:
    import lessons_lib

    root = Path(lessons_lib.__file__).parent
    packages = {path.parent.name for path in root.glob("*/__init__.py")}
    modules = packages | {path.stem for path in root.glob("*.py") if path.stem != "__init__"}
    named = set(re.findall(r":mod:`lessons_lib\.(\w+)", lessons_lib.__doc__))
    assert modules == named
