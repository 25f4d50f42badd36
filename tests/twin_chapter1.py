"""What the tests of Chapter 1's twins share: a checked page, the sliders, the screenshots."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from twin_harness import ROOT, open_twin, state

SCREENSHOTS = ROOT / "_build" / "screenshots"


@contextmanager
def opened(browser, app: object, directory: Path, dark: bool = False) -> Iterator[object]:
    """``app``'s twin in a page; on leaving, the page must have raised no JavaScript error."""
    page = open_twin(browser, app, directory, dark)
    yield page
    assert not page.errors, page.errors
    page.close()


def plain(html: str) -> str:
    """An app's status as text: without the bold tags."""
    return re.sub(r"</?b>", "", html)


def set_slider(page, label: str, value: float) -> None:
    """Set a range input the way a drag ends: the value, then an ``input`` event."""
    page.get_by_role("slider", name=label, exact=True).evaluate(
        "(input, value) => { input.value = String(value);"
        " input.dispatchEvent(new Event('input', { bubbles: true })); }",
        value,
    )


def screenshot(page, name: str, dark: bool) -> Path:
    """Save the twin as ``_build/screenshots/twin-NAME-light.png`` (or ``-dark``); its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"twin-{name}-{'dark' if dark else 'light'}.png"
    page.locator(".book-twin").screenshot(path=path)
    return path


def set_both(page, app, values: dict[str, float]) -> dict:
    """Move the sliders named in ``values`` (in that order) in the twin and in the app, each
    found in the twin by the app's label; the twin's state afterwards."""
    for name, value in values.items():
        set_slider(page, app.controls[name].description, value)
        app.controls[name].value = value
    return state(page)
