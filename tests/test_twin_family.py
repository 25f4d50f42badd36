"""The in-page twin of the family explorer, driven in Chromium and checked against the library.

At every position of the slider the twin's member, status line and figure are compared with the
app's (``widgets.family_explorer``) at the same alpha: the probabilities exactly, the status line
word for word, the bars and their labels with the library's figure, the expected value (which the
twin computes with the runtime's port) to 1e-12.
"""

from __future__ import annotations

import importlib

import pytest
from twin_harness import ROOT, opened_twin, state

from lessons_lib import widgets
from lessons_lib.exploitability import expected_value, exploitability
from lessons_lib.games import KuhnPoker
from lessons_lib.kuhn_equilibria import nash_equilibrium
from lessons_lib.plots import family_figure
from lessons_lib.widgets.kuhn_family import family_data
from lessons_lib.widgets.twins import figure_texts

GAME = KuhnPoker()
#: The app's module (``lessons_lib.widgets.family_explorer`` is the function).
KUHN_FAMILY = importlib.import_module("lessons_lib.widgets.kuhn_family")
ALPHAS = family_data()["alphas"]
SCREENSHOTS = ROOT / "_build" / "screenshots"


@pytest.fixture
def page(chromium, tmp_path):
    with opened_twin(chromium, widgets.family_explorer(), tmp_path) as page:
        yield page


def move_slider(page, position: int) -> None:
    """Set the slider's value and dispatch ``input``, as a drag does."""
    page.locator(".book-twin input[type=range]").evaluate(
        "(input, value) => { input.value = value;"
        " input.dispatchEvent(new Event('input', { bubbles: true })); }",
        str(position),
    )


@pytest.fixture(scope="module")
def app():
    return widgets.family_explorer()


def check_against_the_library(page, position: int, app=None) -> None:
    """Everything the twin shows at ``position`` against the library at its alpha: against the app
    itself when ``app`` is given (it renders its figure, which takes a second), else against what
    the app's render computes (the member, and the status line of ``kuhn_family._status``)."""
    alpha = ALPHAS[position]
    shown = state(page)
    assert shown["position"] == position
    assert shown["alpha"] == alpha
    policy = nash_equilibrium(alpha)
    assert shown["policy"] == {key: list(p) for key, p in policy.items()}
    assert shown["status_html"] == KUHN_FAMILY._status(GAME, policy, alpha)
    if app is not None:
        app.controls["alpha"].value = alpha
        assert app.state["alpha"] == alpha
        assert shown["policy"] == {key: list(p) for key, p in app.state["policy"].items()}
        assert shown["status_html"] == app.status.value
    assert shown["exploitability"] == exploitability(GAME, policy)
    assert abs(shown["exploitability_port"]) < 1e-12
    assert shown["value"] == pytest.approx(expected_value(GAME, policy), abs=1e-12)
    assert shown["readout"] == f"{alpha:.3f}"
    words = figure_texts(family_figure(alpha))
    assert shown["member_title"] == words["axes"][1]["title"]
    assert shown["bar_labels"] == words["axes"][1]["texts"]
    # What the page draws: the twelve bars at the member's heights, with the library's labels.
    bars = page.locator(".book-twin rect[data-height]")
    assert bars.count() == 12
    heights = [float(bars.nth(k).get_attribute("data-height")) for k in range(12)]
    assert heights == [policy[key][1] for key in GAME.info_sets()]
    labels = page.locator(".book-twin .twin-bar-label").all_text_contents()
    assert labels == words["axes"][1]["texts"]
    titles = page.locator(".book-twin .twin-plot-title").all_text_contents()
    assert titles == [words["suptitle"], words["axes"][0]["title"], words["axes"][1]["title"]]
    legend = page.locator(".book-twin .twin-legend-text").all_text_contents()
    assert legend == words["axes"][0]["legend"] + words["axes"][1]["legend"]


def test_the_twin_starts_where_the_app_does(page, app) -> None:
    assert state(page)["position"] == 10
    check_against_the_library(page, 10, app)


def test_every_position_of_the_slider_is_the_library(page) -> None:
    for position in range(len(ALPHAS)):
        move_slider(page, position)
        check_against_the_library(page, position)


def test_at_alpha_zero_player_1_never_bets_first(page, app) -> None:
    move_slider(page, 0)
    check_against_the_library(page, 0, app)
    shown = state(page)
    assert shown["bluff_share"] is None
    assert "At α = 0 player 1 never bets first" in shown["status"]


def test_the_slider_works_from_the_keyboard(page, app) -> None:
    slider = page.get_by_label("α = P(player 1 bets the jack)")
    slider.focus()
    page.keyboard.press("ArrowRight")
    check_against_the_library(page, 11, app)
    page.keyboard.press("End")
    check_against_the_library(page, 20, app)
    page.keyboard.press("Home")
    page.keyboard.press("ArrowUp")
    check_against_the_library(page, 1, app)
    assert slider.get_attribute("aria-valuetext") == "α = 0.017"


@pytest.mark.parametrize(("alpha", "position"), [(0.25, 15), (0.21, 13)])
def test_the_twin_starts_at_the_position_nearest_the_app_s_alpha(
    chromium, tmp_path, alpha, position
) -> None:
    with opened_twin(chromium, widgets.family_explorer(alpha=alpha), tmp_path) as page:
        assert state(page)["position"] == position
        assert state(page)["alpha"] == ALPHAS[position] == position / 60


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_screenshots(chromium, tmp_path, dark) -> None:
    with opened_twin(chromium, widgets.family_explorer(), tmp_path, dark=dark) as page:
        move_slider(page, 14)
        check_against_the_library(page, 14)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"twin-family-{'dark' if dark else 'light'}.png"
        page.locator(".book-twin").screenshot(path=path)
        assert path.stat().st_size > 10_000


def test_the_runtime_prints_fixed_point_numbers_as_python_does(page) -> None:
    # Exact ties (0.03125, 0.125, 2.5) go to the even digit, and negative numbers that round to
    # zero keep their sign, as in Python; toFixed alone rounds ties up and drops the sign.
    cases = [(0.03125, 4), (0.125, 2), (0.375, 2), (2.5, 0), (0.5, 0), (1.5, 0), (-0.00001, 4)]
    cases += [(-0.0, 3), (0.0, 4), (1 / 6, 3), (-1 / 18, 4), (2 / 3, 2), (-2.675, 2), (1e-17, 1)]
    cases += [(k / 60, 3) for k in range(21)] + [(k / 7 - 1, 4) for k in range(15)]
    shown = page.evaluate(
        "cases => cases.map(([x, d]) => [BookTwins.pythonFixed(x, d),"
        " BookTwins.pythonFixed(x, d, true)])",
        cases,
    )
    assert shown == [[f"{x:.{d}f}", f"{x:+.{d}f}"] for x, d in cases]
