"""The book's Sphinx extensions (book/_ext): exercise numbers per chapter, author-year labels."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "book" / "_ext"))

import author_year_labels  # noqa: E402
import exercise_numbers  # noqa: E402
from pybtex.database import parse_file  # noqa: E402
from pybtex.plugin import find_plugin  # noqa: E402


def test_exercises_are_renumbered_per_chapter_in_page_order() -> None:
    env = SimpleNamespace(
        toc_fignumbers={
            "notebooks/04_cfr": {"exercise": {"b": (14,), "a": (13,), "c": (15,)}, "figure": {}},
            "notebooks/05_cfr_variants": {"exercise": {"z": (16,)}},
            "book/preface": {"exercise": {"p": (1,)}},
        }
    )
    assert exercise_numbers.number_per_chapter(None, env) == []
    assert env.toc_fignumbers["notebooks/04_cfr"]["exercise"] == {
        "a": (4, 1),
        "b": (4, 2),
        "c": (4, 3),
    }
    assert env.toc_fignumbers["notebooks/05_cfr_variants"]["exercise"] == {"z": (5, 1)}
    assert env.toc_fignumbers["book/preface"]["exercise"] == {"p": (1,)}  # not a chapter
    assert exercise_numbers.chapter_number("notebooks/10_abstraction") == 10


def test_the_bibliography_labels_entries_as_the_chapters_cite_them() -> None:
    style = find_plugin("pybtex.style.formatting", "author_year")()
    entries = parse_file(ROOT / "book" / "references.bib").entries
    labels = {entry.key: entry.label for entry in style.format_entries(entries.values())}
    assert labels["kuhn1950"] == "Kuhn 1950"
    assert labels["neller2013"] == "Neller and Lanctot 2013"
    assert labels["zinkevich2007"] == "Zinkevich et al. 2007"
    # two works with the same authors and year are told apart
    assert {labels["brown2019dcfr"], labels["brown2019pluribus"]} == {
        "Brown and Sandholm 2019a",
        "Brown and Sandholm 2019b",
    }
    assert len(set(labels.values())) == len(labels)
    assert (
        author_year_labels.AuthorYearStyle.default_label_style
        is author_year_labels.AuthorYearLabels
    )
