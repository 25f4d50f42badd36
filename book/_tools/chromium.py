"""How the book's checks start headless Chromium (the flags the developers' guide prescribes).

Shared by the site checks (``tests/test_site.py``) and the demo benchmark
(``benchmarks/cfr_demo.py``), which both drive Debian's ``chromium`` through Playwright. pytest
finds this folder through ``pythonpath`` in ``pyproject.toml``; ``make benchmarks`` puts it on
``PYTHONPATH``.
"""

from __future__ import annotations

import shutil

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
