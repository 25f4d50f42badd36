"""Shared test set-up: a non-interactive matplotlib backend and a fixed hypothesis profile."""

import matplotlib
from hypothesis import settings

matplotlib.use("Agg")

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
