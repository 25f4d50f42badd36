"""Sphinx extension: no progress lines in the built book.

A long run of the library shows its progress (:mod:`lessons_lib.progress`) once it has taken a
couple of seconds, and how long a chapter's cell takes depends on the machine. The page must show
the same outputs on every machine, so the kernels that execute the chapters for the site inherit
``LESSONS_PROGRESS=off``, as nbval's (tests/conftest.py) and ``chapters.py execute``'s do.
"""

from __future__ import annotations

import os


def setup(app):
    os.environ.setdefault("LESSONS_PROGRESS", "off")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
