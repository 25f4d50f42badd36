"""Sphinx extension: the bibliography labels its entries by author and year, as chapters cite them.

The chapters cite in author-year form ("Zinkevich et al., 2007"; ``bibtex_reference_style:
author_year``), but pybtex's styles label the bibliography's entries [ZJBP07] or [1], which a
reader cannot match to a citation by eye. This registers the pybtex style ``author_year``: the
``unsrt`` formatting with labels "Zinkevich et al. 2007", "Brown and Sandholm 2019a", ... (one
author's surname, two joined by "and", three or more as the first one's "et al."; a letter after
the year tells apart works whose labels would otherwise be the same).
"""

from __future__ import annotations

from collections import Counter

from pybtex.plugin import register_plugin
from pybtex.style.formatting.unsrt import Style as UnsrtStyle
from pybtex.style.labels import BaseLabelStyle


def author_year(entry) -> str:
    """``"Kuhn 1950"``, ``"Brown and Sandholm 2019"``, ``"Zinkevich et al. 2007"``."""
    people = entry.persons.get("author") or entry.persons.get("editor") or []
    names = [" ".join(str(part) for part in p.prelast_names + p.last_names) for p in people]
    if not names:
        who = entry.fields.get("key", entry.key)
    elif len(names) == 1:
        who = names[0]
    elif len(names) == 2:
        who = f"{names[0]} and {names[1]}"
    else:
        who = f"{names[0]} et al."
    return f"{who} {entry.fields.get('year', 'n.d.')}"


class AuthorYearLabels(BaseLabelStyle):
    def format_labels(self, sorted_entries):
        entries = list(sorted_entries)
        labels = [author_year(entry) for entry in entries]
        repeated = Counter(labels)
        seen: Counter = Counter()
        for label in labels:
            if repeated[label] > 1:
                seen[label] += 1
                yield f"{label}{'abcdefghijklmnopqrstuvwxyz'[seen[label] - 1]}"
            else:
                yield label


class AuthorYearStyle(UnsrtStyle):
    default_label_style = AuthorYearLabels
    default_sorting_style = "author_year_title"


register_plugin("pybtex.style.formatting", "author_year", AuthorYearStyle)


def setup(app):
    return {"parallel_read_safe": True, "parallel_write_safe": True}
