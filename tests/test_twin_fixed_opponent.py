"""The in-page twin of the fixed-opponent demo, driven in Chromium and checked against the library.

The twin ports ``regret_matching.learn_against_fixed`` (``RegretMatcher`` with numpy's sums and
``math.fsum``) and ``normal_form.best_response``, so the learner's strategies, averages, payoffs
and the best-response value equal the library's exactly for every slider setting.
"""

from __future__ import annotations

import numpy as np
import pytest
from twin_chapter1 import opened, plain, screenshot, set_both, set_slider
from twin_harness import state

from lessons_lib import widgets
from lessons_lib.normal_form import (
    MatrixGame,
    best_response,
    rock_paper_scissors,
    weighted_rock_paper_scissors,
)
from lessons_lib.regret_matching import learn_against_fixed

RPS = rock_paper_scissors()


def assert_equals_library(
    shown: dict, rock: float, paper: float, rounds: int, game: MatrixGame = RPS
) -> None:
    """The twin's opponent, run and best response are the app's (its render's arithmetic)."""
    opponent = np.array([rock, paper, max(1.0 - rock - paper, 0.0)])
    opponent /= opponent.sum()
    run = learn_against_fixed(game, opponent, rounds)
    value, pure = best_response(game, 1, opponent)
    assert shown["valid"]
    assert np.array_equal(np.array(shown["opponent"]), opponent)
    assert np.array_equal(np.array(shown["current"]), run.current[1])
    assert np.array_equal(np.array(shown["average"]), run.average[1])
    assert np.array_equal(np.array(shown["payoff"]), run.payoff)
    assert np.array_equal(np.array(shown["meanPayoff"]), run.mean_payoff())
    assert shown["best_response_value"] == value
    assert shown["best_response"] == int(np.argmax(pure))


@pytest.fixture
def page(chromium, tmp_path):
    with opened(chromium, widgets.fixed_opponent_explorer(), tmp_path) as page:
        yield page


def drive(page, app, rock: float, paper: float, rounds: int) -> dict:
    """Set the three sliders of the twin and of the app, rock first; the twin's state."""
    return set_both(page, app, {"rock": rock, "paper": paper, "rounds": rounds})


def test_the_twin_starts_where_the_app_starts(page) -> None:
    shown = state(page)
    assert (shown["rock"], shown["paper"], shown["rounds"]) == (0.5, 0.25, 2_000)
    assert_equals_library(shown, 0.5, 0.25, 2_000)
    assert shown["status"] == plain(widgets.fixed_opponent_explorer().status.value)


@pytest.mark.parametrize(
    ("rock", "paper", "rounds"),
    [
        (0.2, 0.6, 100),  # paper-heavy: scissors is the best response
        (0.35, 0.35, 20_000),
        (1.0, 0.0, 300),  # pure rock
        (0.0, 0.0, 4_100),  # pure scissors
        (0.7, 0.3, 1_000),  # scissors is 1 - 0.7 - 0.3, a rounding error from zero
        (0.05, 0.95, 2_000),
    ],
)
def test_every_slider_gives_the_library_s_run(page, rock, paper, rounds) -> None:
    app = widgets.fixed_opponent_explorer()
    shown = drive(page, app, rock, paper, rounds)
    assert (shown["rock"], shown["paper"], shown["rounds"]) == (rock, paper, rounds)
    assert_equals_library(shown, rock, paper, rounds)
    assert shown["status"] == plain(app.status.value)
    value = f"{shown['best_response_value']:.3g}"
    assert f"best-response value {value}" in page.locator(".book-twin").inner_text()
    bars = page.locator(".twin-bar-label").all_text_contents()
    expected = [
        f"{p:.2f}" for a in range(3) for p in (shown["opponent"][a], shown["average"][-1][a])
    ]
    assert bars == expected


def test_a_mix_over_one_is_refused_as_the_app_refuses_it(page) -> None:
    app = widgets.fixed_opponent_explorer()
    shown = drive(page, app, 0.8, 0.6, 2_000)
    assert not shown["valid"]
    assert (
        shown["status"]
        == plain(app.status.value)
        == "rock + paper = 1.40 exceeds 1: lower one of them."
    )
    assert page.locator(".twin-empty").count() == 2
    shown = drive(page, app, 0.4, 0.6, 2_000)  # back to a mix: the figures come back
    assert_equals_library(shown, 0.4, 0.6, 2_000)
    assert shown["status"] == plain(app.status.value)
    assert page.locator(".twin-empty").count() == 0


def test_another_game_the_app_is_given(chromium, tmp_path) -> None:
    game = weighted_rock_paper_scissors(2.0)
    app = widgets.fixed_opponent_explorer(game)
    with opened(chromium, app, tmp_path) as page:
        assert_equals_library(state(page), 0.5, 0.25, 2_000, game)
        shown = set_both(page, app, {"rock": 0.3, "paper": 0.3, "rounds": 3_000})
        assert_equals_library(shown, 0.3, 0.3, 3_000, game)
        assert shown["best_response"] == 0  # rock: its win over scissors pays 2
        assert shown["status"] == plain(app.status.value)


def test_the_sliders_work_from_the_keyboard(page) -> None:
    page.get_by_role("slider", name="opponent rock", exact=True).focus()
    page.keyboard.press("ArrowLeft")  # 0.5 -> 0.45
    page.get_by_role("slider", name="rounds", exact=True).focus()
    page.keyboard.press("Home")  # the fewest: 100
    shown = state(page)
    assert (shown["rock"], shown["rounds"]) == (0.45, 100)
    assert page.locator("output").all_inner_texts() == ["0.45", "0.25", "100"]
    assert_equals_library(shown, 0.45, 0.25, 100)


@pytest.mark.parametrize("dark", [False, True])
def test_screenshots(chromium, tmp_path, dark) -> None:
    with opened(chromium, widgets.fixed_opponent_explorer(), tmp_path, dark) as page:
        set_slider(page, "opponent rock", 0.2)
        set_slider(page, "opponent paper", 0.3)
        assert state(page)["best_response"] == 0  # rock against a scissors-heavy mix
        screenshot(page, "fixed-opponent", dark)
