"""The in-page twin of the river explorer, driven in Chromium and checked against the library.

For every entry of the bet menu and both grids, the twin's cells (class and frequency), their
colours, the grid's title and the status line are compared with the app (``river_explorer``) and
with the library's figure (``range_grid_figure``): texts exactly, colours as the figure draws them.
The status line is compared word for word for several hands, one of them outside player 2's range.
"""

from __future__ import annotations

import pytest
from matplotlib.colors import to_hex
from twin_harness import ROOT, opened_twin, state

from lessons_lib.plots.holdem import range_grid_figure
from lessons_lib.widgets.river import (
    VIEWS,
    grid_title,
    river_explorer,
    solve_menu,
    status_html,
    view_grid,
)

BOARD = "KsQd7h4c2s"
#: Player 2's range leaves out most offsuit hands, so that some classes are not in it.
RANGES = ("any", "22+,A2+,K9+,QT+,J9s+,T8s+,97s+,86s+,76s,65s")
SCREENSHOTS = ROOT / "_build" / "screenshots"


@pytest.fixture(scope="module")
def summaries():
    return solve_menu(BOARD, RANGES, pot=100.0, stack=400.0)


@pytest.fixture
def page(chromium, tmp_path, summaries):
    with opened_twin(chromium, river_explorer(summaries), tmp_path) as page:
        yield page


def choose(page, label: str, value: str) -> None:
    """Pick ``value`` (an option's value) in the twin's menu called ``label``."""
    page.get_by_label(label).select_option(value)


def library_grid(summary, view: str) -> tuple[list[list[str]], list[list[str]]]:
    """The texts and colours of the library's grid figure, cell by cell."""
    grid, present, player, bar = view_grid(summary, view)
    figure = range_grid_figure(grid, grid_title(summary, view), bar, player, present)
    ax = figure.axes[0]
    texts = [[""] * 13 for _ in range(13)]
    for text in ax.texts:
        column, row = text.get_position()
        texts[int(row)][int(column)] = text.get_text()
    image = ax.images[0].get_array()
    colours = [[to_hex(image[r, c]) for c in range(13)] for r in range(13)]
    return texts, colours


def test_every_menu_entry_and_grid_is_the_library(page, summaries) -> None:
    app = river_explorer(summaries)
    for k, (label, summary) in enumerate(summaries.items()):
        choose(page, "bet size", str(k))
        app.controls["size"].value = label
        for v, view in enumerate(VIEWS):
            choose(page, "grid", str(v))
            app.controls["view"].value = view
            shown = state(page)
            assert (shown["label"], shown["view"]) == (label, view)
            assert shown["title"] == grid_title(summary, view)
            texts, colours = library_grid(summary, view)
            assert shown["cells"] == texts
            assert [[c.lower() for c in row] for row in shown["colours"]] == colours
            assert shown["status_html"] == app.status.value


@pytest.mark.parametrize("hand", ["AA", "AKs", "72o", "T9s", "KQo"])
def test_the_status_line_is_the_app_s_for_each_hand(page, summaries, hand) -> None:
    choose(page, "hand", hand)
    for k, summary in enumerate(summaries.values()):
        choose(page, "bet size", str(k))
        assert state(page)["status_html"] == status_html(summary, hand)
    if hand == "72o":
        assert "72o is not in the range" in state(page)["status_html"]


def test_the_twin_starts_where_the_app_does(page, summaries) -> None:
    app = river_explorer(summaries)
    shown = state(page)
    assert (shown["label"], shown["view"], shown["hand"]) == ("75%", VIEWS[0], "AQo")
    assert shown["status_html"] == app.status.value
    chosen = page.locator(".twin-river-chosen")
    assert chosen.count() == 1 and chosen.get_attribute("data-class") == "AQo"


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_screenshots(chromium, tmp_path, summaries, dark) -> None:
    with opened_twin(chromium, river_explorer(summaries), tmp_path, dark=dark) as page:
        choose(page, "bet size", "2")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"twin-river-{'dark' if dark else 'light'}.png"
        page.locator(".book-twin").screenshot(path=path)
        assert path.stat().st_size > 10_000
