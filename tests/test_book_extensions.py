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
    # The in-text citations show author and year only, so the bibliography itself must tell
    # apart works of the same authors and year: its year fields carry the letters, and the
    # labels match what the chapters print.
    assert labels["brown2019dcfr"] == "Brown and Sandholm 2019a"
    assert labels["brown2019pluribus"] == "Brown and Sandholm 2019b"
    plain = [author_year_labels.author_year(entry) for entry in entries.values()]
    assert len(set(plain)) == len(plain)
    assert len(set(labels.values())) == len(labels)
    # Where two labels would still coincide, the style adds the letter itself.
    twin = parse_file(ROOT / "book" / "references.bib").entries["brown2018libratus"]
    doubled = list(style.format_entries([twin, twin]))
    assert [entry.label for entry in doubled] == [
        "Brown and Sandholm 2018a",
        "Brown and Sandholm 2018b",
    ]
    assert (
        author_year_labels.AuthorYearStyle.default_label_style
        is author_year_labels.AuthorYearLabels
    )


def test_without_an_address_no_page_keeps_a_binder_configuration() -> None:
    import repository
    from docutils import nodes
    from docutils.frontend import get_default_settings
    from docutils.parsers.rst import Parser
    from docutils.utils import new_document

    def page() -> nodes.document:
        doctree = new_document("page", get_default_settings(Parser))
        doctree += nodes.paragraph(text="text")
        config = '<script type="text/x-thebe-config">{repo: "binder-examples/x"}</script>'
        doctree += nodes.raw("", config, format="html")
        return doctree

    for url, kept in (("", 0), ("https://example.org/owner/book", 1)):
        app = SimpleNamespace(config=SimpleNamespace(html_theme_options={"repository_url": url}))
        doctree = page()
        repository.drop_thebe_configuration(app, doctree, "page")
        assert len(list(doctree.findall(nodes.raw))) == kept
        assert len(list(doctree.findall(nodes.paragraph))) == 1
