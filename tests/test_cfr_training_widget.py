"""The CFR training demo, driven from Python: buttons, run to a target, pause, reset, algorithms.

Independent checks: every number the app shows is compared with a separate run of
``lessons_lib.cfr.solve`` with the same algorithm and number of iterations, and the first
iteration with Chapter 3's value on paper: one iteration of CFR averages only sigma^1, the
uniform profile, whose exploitability is 11/24 chips per hand.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import numpy as np
import pytest
from PIL import Image

from lessons_lib import plots
from lessons_lib.cfr import VARIANTS, solve, variant_named
from lessons_lib.games import KuhnPoker
from lessons_lib.kuhn_equilibria import alpha_of, nash_equilibrium
from lessons_lib.widgets import cfr_training
from lessons_lib.widgets.cfr_training import CFRTrainingApp
from lessons_lib.widgets.live_figure import LiveFigure

GAME = KuhnPoker()
Result = TypeVar("Result")


def in_a_thread_of_its_own(function: Callable[[], Result]) -> Result:
    """``function()`` in a fresh thread, where no event loop runs unless it starts one.

    A worker that has run a twin's test holds the session's Chromium, and Playwright's sync API
    keeps an event loop running in the worker's main thread: there the app would take it for a
    kernel's and start its run as a task that nothing awaits.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(function).result()


def reference_exploitability(algorithm: str, iterations: int) -> float:
    run = solve(GAME, algorithm, iterations, engine="sequence-form", checkpoints=[iterations])
    return run.history[-1].average_exploitability


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))


def table_rows(table: str) -> list[list[str]]:
    """The text of each row's cells, header left out (the bar cell holds no text)."""
    rows = re.findall(r"<tr>(.*?)</tr>", table)[1:]
    return [[cell for cell in re.findall(r"<td[^>]*>([^<]*)</td>", row) if cell] for row in rows]


def test_a_new_app_has_no_iterations_and_all_four_algorithms() -> None:
    app = cfr_training()
    assert isinstance(app, CFRTrainingApp)
    assert app.iterations == 0 and app.result.algorithm == "cfr"
    assert tuple(app.controls["algorithm"].options) == tuple(VARIANTS)
    assert "no iterations yet" in app.status.value and "−1/18" in app.status.value
    assert len(app.images) == 1 and app.plot_image.value
    assert (
        app.tables == [app.strategy_table]
        and "Learned average strategy" in app.strategy_table.value
    )
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
    before = [app.plot_image.value, app.strategy_table.value, app.status.value]
    app.buttons["+100"].click()
    assert app.iterations == 100
    expected = reference_exploitability("cfr", 100)
    assert app.result.history[-1].average_exploitability == pytest.approx(expected)
    assert f"exploitability {expected:.3e} chips per hand" in app.status.value
    assert "iteration 100 " in app.status.value
    after = [app.plot_image.value, app.strategy_table.value, app.status.value]
    assert all(new != old for new, old in zip(after, before, strict=True))
    # The plotted curve is the run's history.
    ax = app.exploitability_figure.axes[0]
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
    def clicks() -> tuple[int, bool, int, str]:
        app = cfr_training(target=500)
        app.buttons["run"].click()
        first = (app.iterations, app.running)
        app.buttons["run"].click()
        return (*first, app.iterations, app.status.value)

    iterations, running, again, status = in_a_thread_of_its_own(clicks)
    assert iterations == 500 and not running
    assert again == 500 and "Already at 500 iterations" in status


def test_chunks_grow_geometrically_and_stop_at_the_target() -> None:
    app = cfr_training(target=1_000, chunk=100)
    stops = []
    while app.iterations < app.target:
        app.result.train(app._next_chunk(app.target))
        stops.append(app.iterations)
    assert stops == [100, 200, 400, 800, 1_000]


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

    paused_at, status, label, running, final = in_a_thread_of_its_own(
        lambda: asyncio.run(scenario())
    )
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

    app = in_a_thread_of_its_own(lambda: asyncio.run(scenario()))
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
    assert f"<b>{variant_named(algorithm).title}</b>" in app.status.value  # its title, not its key
    app.buttons["+100"].click()
    expected = reference_exploitability(algorithm, 100)
    assert app.result.history[-1].average_exploitability == pytest.approx(expected)
    assert not np.isclose(expected, vanilla)
    assert f"exploitability {expected:.3e}" in app.status.value


def test_the_strategy_table_compares_with_the_nearest_family_member() -> None:
    app = cfr_training()
    app.buttons["+1 iteration"].click()  # alpha = 1/2, outside Kuhn's range [0, 1/3]
    table = app.strategy_table.value
    assert "Kuhn&#x27;s member α = 0.333 (nearest)" in table
    assert "α = 0.500" in table


def test_the_strategy_table_shows_the_learned_and_the_family_probabilities() -> None:
    app = cfr_training()
    app.run_to(1_000)
    average = app.result.average_policy()
    member = nash_equilibrium(min(alpha_of(average), 1 / 3))
    rows = table_rows(app.strategy_table.value)
    assert [row[1] for row in rows] == list(GAME.info_sets())
    for player, key, _action, learned, reference, difference in rows:
        assert int(player) == GAME.player(key)
        assert float(learned) == pytest.approx(average[key][1], abs=5e-4)
        assert float(reference) == pytest.approx(member[key][1], abs=5e-4)
        assert float(difference) == pytest.approx(average[key][1] - member[key][1], abs=1e-3)


def test_the_plot_is_the_books_figure_of_the_run_pixel_for_pixel() -> None:
    """Frames are drawn by blitting; a fresh full draw of the same figure must look the same."""
    app = cfr_training()
    app.controls["algorithm"].value = "cfr+"
    app.run_to(3_000)
    (left, right), (bottom, top) = (
        app.exploitability_figure.axes[0].get_xlim(),
        (app.exploitability_figure.axes[0].get_ylim()),
    )
    fresh = plots.cfr_exploitability_figure(
        app.result.history,
        title="CFR+ on Kuhn poker",
        iteration_range=(left, right),
        exploitability_range=(bottom, top),
        markers=True,
    )
    assert (left, right) == (1, app.target)
    np.testing.assert_array_equal(pixels(app.plot_image.value), pixels(plots.figure_to_png(fresh)))


def test_a_run_redraws_only_the_curves_of_one_figure() -> None:
    async def scenario() -> tuple[CFRTrainingApp, LiveFigure, list[bytes]]:
        app = cfr_training(target=3_000)
        plot = app._plot
        frames = []
        app.plot_image.observe(lambda change: frames.append(change["new"]), names="value")
        app.buttons["run"].click()
        await app._task
        return app, plot, frames

    app, plot, frames = in_a_thread_of_its_own(lambda: asyncio.run(scenario()))
    assert app._plot is plot  # the figure drawn for the new run, never drawn anew
    assert len(frames) == 6  # after the chunks to 100, 200, 400, 800, 1,600 and 3,000
    assert len(set(frames)) == len(frames)  # each frame shows more of the run
    average = app.exploitability_figure.axes[0].get_lines()[1]
    assert average.get_xdata()[-1] == 3_000


def test_going_past_the_target_widens_the_iteration_axis() -> None:
    app = cfr_training(target=1_000)
    app.run_to(1_000)
    plot = app._plot
    assert app.exploitability_figure.axes[0].get_xlim() == (1, 1_000)
    app.buttons["+100"].click()
    assert app._plot is not plot
    assert app.exploitability_figure.axes[0].get_xlim() == (1, 10_000)
    average = app.exploitability_figure.axes[0].get_lines()[1]
    assert average.get_xdata()[-1] == 1_100


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
