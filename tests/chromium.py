"""How the book's checks start headless Chromium (the flags the developers' guide prescribes).

Shared by the site checks (``tests/test_site.py``) and the demo benchmark
(``benchmarks/cfr_demo.py``), which both drive Debian's ``chromium`` through Playwright.
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
