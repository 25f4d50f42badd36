"""The in-page twin of the self-play demo, driven in Chromium and checked against the library.

The twin ports ``regret_matching.self_play`` (its plain-float loop) and
``Trajectory.exploitability`` (numpy's summation order) to JavaScript, so every strategy, average,
payoff and exploitability it computes equals the library's exactly, for every slider setting.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from twin_chapter1 import opened, plain, screenshot, set_both, set_slider
from twin_harness import state

from lessons_lib import widgets
from lessons_lib.normal_form import rock_paper_scissors, weighted_rock_paper_scissors
from lessons_lib.regret_matching import Trajectory, self_play


def library_run(game, bias_1: float, bias_2: float, rounds: int) -> Trajectory:
    start_1, start_2 = np.zeros(3), np.zeros(3)
    start_1[0], start_2[0] = bias_1, bias_2
    return self_play(game, rounds, (start_1, start_2))


def assert_equals_library(shown: dict, run: Trajectory) -> None:
    """Every number the twin computed is the library's, bit for bit."""
    for player in (1, 2):
        key = str(player)
        assert np.array_equal(np.array(shown["current"][key]), run.current[player])
        assert np.array_equal(np.array(shown["average"][key]), run.average[player])
    assert np.array_equal(np.array(shown["payoff"]), run.payoff)
    assert np.array_equal(np.array(shown["exploitability"]), run.exploitability())


@pytest.fixture
def page(chromium, tmp_path):
    with opened(chromium, widgets.self_play_explorer(), tmp_path) as page:
        yield page


def test_the_twin_starts_where_the_app_starts(page) -> None:
    app = widgets.self_play_explorer()
    shown = state(page)
    assert (shown["bias_1"], shown["bias_2"], shown["rounds"]) == (1.0, 0.0, 2_000)
    assert_equals_library(shown, library_run(rock_paper_scissors(), 1.0, 0.0, 2_000))
    assert shown["status"] == plain(app.status.value)
    assert page.locator(".book-twin").inner_text().count(shown["status"]) == 1


@pytest.mark.parametrize(
    ("bias_1", "bias_2", "rounds"),
    [(0.0, 0.0, 100), (5.0, 0.0, 20_000), (2.5, 4.5, 7_300), (0.5, 3.0, 1_000)],
)
def test_every_slider_gives_the_library_s_run(page, bias_1, bias_2, rounds) -> None:
    app = widgets.self_play_explorer()
    shown = set_both(page, app, {"bias_1": bias_1, "bias_2": bias_2, "rounds": rounds})
    assert (shown["bias_1"], shown["bias_2"], shown["rounds"]) == (bias_1, bias_2, rounds)
    assert_equals_library(shown, library_run(rock_paper_scissors(), bias_1, bias_2, rounds))
    assert shown["status"] == plain(app.status.value)
    assert f"{rounds:,} rounds" in page.locator(".twin-figure-title").inner_text()
    readouts = page.locator("output").all_inner_texts()  # as the app's sliders read out
    assert readouts == [f"{bias_1:.2f}", f"{bias_2:.2f}", str(rounds)]


def test_another_game_the_app_is_given(chromium, tmp_path) -> None:
    game = weighted_rock_paper_scissors(2.0)
    app = widgets.self_play_explorer(game)
    with opened(chromium, app, tmp_path) as page:
        shown = state(page)
        assert_equals_library(shown, library_run(game, 1.0, 0.0, 2_000))
        assert shown["status"] == plain(app.status.value)
        assert "weighted rock-paper-scissors" in page.locator(".twin-figure-title").inner_text()


def test_the_sliders_work_from_the_keyboard(page) -> None:
    page.get_by_role("slider", name="player 1 initial regret on rock", exact=True).focus()
    page.keyboard.press("ArrowRight")  # one step: 1.0 -> 1.5
    page.get_by_role("slider", name="rounds", exact=True).focus()
    page.keyboard.press("ArrowLeft")  # 2,000 -> 1,900
    page.keyboard.press("End")  # the largest: 20,000
    shown = state(page)
    assert (shown["bias_1"], shown["rounds"]) == (1.5, 20_000)
    assert_equals_library(shown, library_run(rock_paper_scissors(), 1.5, 0.0, 20_000))


def test_the_figures_show_the_paths(page) -> None:
    # The simplex (three corners named by action), the time series and the log-log plot.
    text = page.locator(".book-twin").inner_text()
    for corner in ("always rock", "always paper", "always scissors"):
        assert corner in text
    assert page.locator("svg.twin-simplex polyline").count() == 2
    points = page.locator("polyline.twin-average-path").get_attribute("points").split()
    assert len(points) == 2_000  # every round, thinned only past 6,000
    assert page.locator("svg.twin-plot").count() == 3
    assert "Exploitability in self-play" in text and "the first 2,000 rounds" in text


@pytest.mark.parametrize("dark", [False, True])
def test_screenshots(chromium, tmp_path, dark) -> None:
    with opened(chromium, widgets.self_play_explorer(), tmp_path, dark) as page:
        set_slider(page, "player 2 initial regret on rock", 2.0)
        set_slider(page, "rounds", 5_000)
        assert state(page)["bias_2"] == 2.0
        screenshot(page, "self-play", dark)


def test_the_sums_and_formats_the_twins_share_are_python_s(page) -> None:
    """numpy's pairwise sum (np.add.reduce), math.fsum and f"{x:.Nf}" (ties to even), ported."""
    rng = np.random.default_rng(7)
    sizes = [*range(1, 40), 127, 128, 129, 255, 256, 1_000, 5_003]
    arrays = [(rng.standard_normal(n) * 10.0 ** rng.uniform(-6, 6, n)).tolist() for n in sizes]
    sums, fsums = page.evaluate(
        "(arrays) => [arrays.map(NormalFormTwins.addReduce), arrays.map(NormalFormTwins.fsum)]",
        arrays,
    )
    assert sums == [float(np.add.reduce(np.array(a))) for a in arrays]
    assert fsums == [math.fsum(a) for a in arrays]
    numbers = [0.125, 0.375, 2.5, 0.0625, -0.03125, 1 / 3, -2 / 3, 0.0, 1e-9, 0.5, 1.005]
    for digits in (0, 2, 3, 4):
        shown = page.evaluate(
            "([xs, d]) => xs.map((x) =>"
            " [NormalFormTwins.pyFixed(x, d), NormalFormTwins.pySigned(x, d)])",
            [numbers, digits],
        )
        assert shown == [[f"{x:.{digits}f}", f"{x:+.{digits}f}"] for x in numbers]
