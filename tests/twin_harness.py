"""Open a demo's in-page twin in headless Chromium, with nothing but the book's own files.

A twin is the HTML fallback an app displays (``app._repr_mimebundle_()["text/html"]``, see
:mod:`lessons_lib.widgets.twins`) plus the runtime and the twins' scripts in ``book/_static``. The
harness writes a page with exactly those, the way the built site includes them (the stylesheets
and scripts ``_config.yml`` lists, in its order), so a twin can be driven and compared with the
library without building the book. ``tests/test_site.py`` checks that the built chapters mount
their twins.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "book" / "_static"


def static_files() -> tuple[list[str], list[str]]:
    """The stylesheets and scripts the book adds to every page, in ``_config.yml``'s order."""
    config = yaml.safe_load((ROOT / "_config.yml").read_text())["sphinx"]["config"]
    return list(config["html_css_files"]), list(config["html_js_files"])


def twin_page(app: object | None, directory: Path, dark: bool = False) -> Path:
    """Write a page that shows ``app``'s twin (and only that) into ``directory``; its path.
    Without an app the page holds the runtime and the twins' scripts alone."""
    css, js = static_files()
    head = "".join(f'<link rel="stylesheet" href="{(STATIC / name).as_uri()}">' for name in css)
    head += "".join(f'<script src="{(STATIC / name).as_uri()}"></script>' for name in js)
    # The theme's colours, as the book's pages define them, so the twin looks as it will there.
    theme = (
        ":root{--pst-color-border:#d1d5da;--pst-color-surface:#f3f4f5;--pst-color-background:#fff;"
        "--pst-color-text-base:#222832;--pst-color-text-muted:#5b6877;--pst-color-primary:#0a7d91}"
        "html[data-theme=dark]{--pst-color-border:#48566b;--pst-color-surface:#29313d;"
        "--pst-color-background:#14181e;--pst-color-text-base:#ced6dd;--pst-color-text-muted:#9ca4af;"
        "--pst-color-primary:#3fb1c5}body{background:var(--pst-color-background);"
        "color:var(--pst-color-text-base);font-family:sans-serif;width:900px;margin:1rem}"
    )
    body = "" if app is None else app._repr_mimebundle_()["text/html"]
    page = directory / "twin.html"
    page.write_text(
        f'<!doctype html><html data-theme="{"dark" if dark else "light"}"><head>'
        f'<meta charset="utf-8"><style>{theme}</style>{head}</head><body>{body}</body></html>'
    )
    return page


def offline_page(browser, page_path: Path, viewport: dict | None = None):
    """A Chromium page at the file ``page_path``, every other host blocked; JavaScript errors
    collect in ``page.errors``."""
    page = browser.new_page(viewport=viewport or {"width": 1000, "height": 1400})
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith(("file://", "data:", "blob:"))
            else route.abort("blockedbyclient")
        ),
    )
    page.goto(page_path.as_uri())
    return page


def open_twin(browser, app: object, directory: Path, dark: bool = False):
    """A Chromium page showing ``app``'s twin (:func:`offline_page`), once it is mounted."""
    page = offline_page(browser, twin_page(app, directory, dark))
    page.wait_for_function("() => document.querySelector('.book-twin').twin !== undefined")
    return page


def blank_page(browser, directory: Path):
    """A page with the book's scripts and no twin (:func:`offline_page`): for calling the
    runtime's functions (``BookTwins``) directly."""
    return offline_page(browser, twin_page(None, directory))


def state(page) -> dict:
    """What the (first) twin on the page computed: its ``twin.state()``.

    It comes as one JSON text (which keeps every bit of a finite number): Playwright's own
    transfer checks each value on its own, which took seconds for a state of 20,000 hands."""
    text = page.evaluate("() => JSON.stringify(document.querySelector('.book-twin').twin.state())")
    return json.loads(text)


@contextmanager
def opened_twin(browser, app: object, directory: Path, dark: bool = False) -> Iterator:
    """:func:`open_twin` as a context: the page, closed at the end, once it is checked that it
    raised no JavaScript error."""
    page = open_twin(browser, app, directory, dark)
    try:
        yield page
        assert not page.errors, page.errors
    finally:
        page.close()
