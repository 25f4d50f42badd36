"""Shared test set-up: a non-interactive matplotlib backend, a fixed hypothesis profile, and no
progress lines from long runs."""

import os

import matplotlib
from hypothesis import settings

matplotlib.use("Agg")
# The chapters' outputs must not depend on the machine's speed: no progress lines from long runs
# (lessons_lib.progress), in the tests or in the kernels nbval starts (they inherit the setting).
os.environ.setdefault("LESSONS_PROGRESS", "off")

settings.register_profile("book", max_examples=60, deadline=None, derandomize=True)
settings.load_profile("book")


import pytest  # noqa: E402


@pytest.fixture(scope="session")
def chromium():
    """Headless Chromium (Debian's, through Playwright), for the twins' tests and the site's."""
    from chromium import CHROMIUM, CHROMIUM_ARGS  # book/_tools (pyproject.toml: pythonpath)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
