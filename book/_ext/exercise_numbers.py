"""Sphinx extension: number the exercises per chapter (Exercise 4.1, 4.2, ...), not across the book.

sphinx-exercise numbers exercises with Sphinx's figure numbers. The book's table of contents is
not section-numbered (the chapter numbers are part of the titles), so Sphinx counts exercises
through the whole book and Chapter 4 starts at Exercise 13. After Sphinx has assigned its numbers,
this renumbers each chapter's exercises in their order on the page, prefixed with the chapter's
number, which it reads from the file name (``notebooks/04_cfr`` is Chapter 4). Every title and
every reference ("Solution to Exercise 4.2") reads the numbers from the same table.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

CHAPTER_FILE = re.compile(r"^(\d+)_")


def chapter_number(docname: str) -> int | None:
    """The chapter number in a document's file name, or None for a page that is not a chapter."""
    match = CHAPTER_FILE.match(PurePosixPath(docname).name)
    return int(match.group(1)) if match else None


def number_per_chapter(app, env) -> list[str]:
    for docname, numbers in env.toc_fignumbers.items():
        exercises = numbers.get("exercise")
        if not exercises:
            continue
        chapter = chapter_number(docname)
        in_page_order = sorted(exercises, key=exercises.__getitem__)
        numbers["exercise"] = {
            ident: (chapter, k) if chapter is not None else (k,)
            for k, ident in enumerate(in_page_order, start=1)
        }
    return []  # no document needs to be read again


def setup(app):
    # After Sphinx's own numbering (the toctree collector listens at the default priority, 500).
    app.connect("env-get-updated", number_per_chapter, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
