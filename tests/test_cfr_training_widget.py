"""The CFR training demo, driven from Python: buttons, run to a target, pause, reset, algorithms.

Independent checks: every number the app shows is compared with a separate run of
``lessons_lib.cfr.solve`` with the same algorithm and number of iterations, and the first
iteration with Chapter 3's value on paper: one iteration of CFR averages only sigma^1, the
uniform profile, whose exploitability is 11/24 chips per hand.
"""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

from lessons_lib.cfr import ALGORITHMS, solve
from lessons_lib.games import KuhnPoker
from lessons_lib.widgets import cfr_training
from lessons_lib.widgets.cfr_training import CFRTrainingApp

GAME = KuhnPoker()


def reference_exploitability(algorithm: str, iterations: int) -> float:
    run = solve(GAME, algorithm, iterations, engine="fast", checkpoints=[iterations])
    return run.history[-1].average_exploitability


def test_a_new_app_has_no_iterations_and_all_four_algorithms() -> None:
    app = cfr_training()
    assert isinstance(app, CFRTrainingApp)
    assert app.iterations == 0 and app.result.algorithm == "cfr"
    assert tuple(app.controls["algorithm"].options) == ALGORITHMS
    assert "no iterations yet" in app.status.value and "−1/18" in app.status.value
    assert len(app.images) == 2 and all(image.value for image in app.images)
    assert set(app.buttons) == {"+1 iteration", "+100", "+1,000", "run", "reset"}
    assert app.buttons["run"].description == "Run to 20,000"


def test_one_iteration_averages_the_uniform_profile() -> None:
    app = cfr_training()
    app.buttons["+1 iteration"].click()
    assert app.iterations == 1
    assert app.result.history[-1].average_exploitability == pytest.approx(11 / 24)
    assert "exploitability 4.583e-01 chips per hand" in app.status.value


def test_plus_100_adds_iterations_and_redraws() -> None:
    app = cfr_training()
    before_images = [image.value for image in app.images]
    before_status = app.status.value
    app.buttons["+100"].click()
    assert app.iterations == 100
    expected = reference_exploitability("cfr", 100)
    assert app.result.history[-1].average_exploitability == pytest.approx(expected)
    assert f"exploitability {expected:.3e} chips per hand" in app.status.value
    assert "iteration 100 " in app.status.value
    assert all(image.value != old for image, old in zip(app.images, before_images, strict=True))
    assert app.status.value != before_status
    # The plotted curve is the run's history.
    ax = app.figures()[0].axes[0]
    average = [line for line in ax.get_lines() if "average" in line.get_label()][0]
    assert average.get_xdata()[-1] == 100
    assert average.get_ydata()[-1] == pytest.approx(expected)


def test_the_buttons_add_to_the_same_run() -> None:
    app = cfr_training()
    app.buttons["+100"].click()
    run = app.result
    app.buttons["+1,000"].click()
    app.buttons["+1 iteration"].click()
    assert app.result is run and app.iterations == 1_101
    assert app.result.history[-1].average_exploitability == pytest.approx(
        reference_exploitability("cfr", 1_101)
    )


def test_run_to_reaches_the_target_and_learns_kuhns_family() -> None:
    app = cfr_training()
    app.run_to(20_000)
    assert app.iterations == 20_000
    last = app.result.history[-1]
    assert last.average_exploitability == pytest.approx(reference_exploitability("cfr", 20_000))
    assert last.average_exploitability < 2e-3
    assert abs(last.average_value + 1 / 18) < 1e-4
    assert "Done: 20,000 iterations." in app.status.value
    alpha = float(app.result.average_policy()["J:"][1])
    assert 0 < alpha <= 1 / 3 and f"learned α = {alpha:.3f}" in app.status.value


def test_the_run_button_without_an_event_loop_runs_at_once() -> None:
    app = cfr_training(target=500)
    app.buttons["run"].click()
    assert app.iterations == 500 and not app.running
    app.buttons["run"].click()
    assert app.iterations == 500 and "Already at 500 iterations" in app.status.value


def test_chunks_grow_geometrically_and_stop_at_the_target() -> None:
    app = cfr_training(target=1_000, chunk=100)
    stops = []
    while app.iterations < app.target:
        app.result.train(app._next_chunk(app.target))
        stops.append(app.iterations)
    assert stops == [100, 200, 300, 450, 675, 1_000]


def test_a_run_in_the_event_loop_can_be_paused_and_resumed() -> None:
    async def scenario() -> tuple[int, str, str, bool, int]:
        app = cfr_training(target=2_000, chunk=100)
        app.buttons["run"].click()  # inside a running loop: starts a task
        assert app.running and app.buttons["run"].description == "Pause"
        assert app.buttons["+100"].disabled and app.controls["algorithm"].disabled
        for _ in range(3):  # let three chunks run
            await asyncio.sleep(0)
        app.buttons["run"].click()  # now it means "Pause"
        await app._task
        paused_at = app.iterations
        paused = (paused_at, app.status.value, app.buttons["run"].description)
        assert not app.buttons["+100"].disabled and not app.controls["algorithm"].disabled
        app.buttons["run"].click()  # resume, to the end
        await app._task
        return (*paused, app.running, app.iterations)

    paused_at, status, label, running, final = asyncio.run(scenario())
    assert 0 < paused_at < 2_000
    assert f"Paused at iteration {paused_at:,}." in status
    assert label == "Run to 2,000" and not running and final == 2_000


def test_reset_during_a_run_stops_it_and_starts_over() -> None:
    async def scenario() -> CFRTrainingApp:
        app = cfr_training(chunk=100)
        app.buttons["run"].click()
        await asyncio.sleep(0)
        app.buttons["reset"].click()
        await app._task
        return app

    app = asyncio.run(scenario())
    assert app.iterations == 0 and not app.running
    assert "no iterations yet" in app.status.value and "Paused" not in app.status.value


def test_reset_starts_a_new_run_from_uniform_play() -> None:
    app = cfr_training()
    app.buttons["+100"].click()
    first = app.result
    app.buttons["reset"].click()
    assert app.iterations == 0 and app.result is not first
    assert "no iterations yet" in app.status.value
    app.buttons["+100"].click()
    assert app.result.history[-1].average_exploitability == pytest.approx(
        first.history[-1].average_exploitability
    )


@pytest.mark.parametrize("algorithm", ["cfr+", "lcfr", "dcfr"])
def test_changing_the_algorithm_starts_a_run_of_that_algorithm(algorithm) -> None:
    app = cfr_training()
    app.buttons["+100"].click()
    vanilla = app.result.history[-1].average_exploitability
    app.controls["algorithm"].value = algorithm
    assert app.result.algorithm == algorithm and app.iterations == 0
    assert f"<b>{algorithm}</b>" in app.status.value
    app.buttons["+100"].click()
    expected = reference_exploitability(algorithm, 100)
    assert app.result.history[-1].average_exploitability == pytest.approx(expected)
    assert not np.isclose(expected, vanilla)
    assert f"exploitability {expected:.3e}" in app.status.value


def test_the_strategy_figure_compares_with_the_nearest_family_member() -> None:
    app = cfr_training()
    app.buttons["+1 iteration"].click()  # alpha = 1/2, outside Kuhn's range [0, 1/3]
    ax = app.figures()[1].axes[0]
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert "Kuhn's member α = 0.333 (nearest)" in labels


def test_bad_arguments_are_refused() -> None:
    app = cfr_training()
    with pytest.raises(ValueError, match="iterations"):
        app.step(0)
    with pytest.raises(ValueError, match="target"):
        app.run_to(-5)
    with pytest.raises(ValueError, match="target"):
        cfr_training(target=0)
    with pytest.raises(ValueError, match="chunk"):
        cfr_training(chunk=1.5)
