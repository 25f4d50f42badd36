"""The in-page twin of the CFR training demo, driven in Chromium and checked against the library.

The twin ports the readable engine (lessons_lib.cfr.readable) to JavaScript with the same
arithmetic, so its runs equal the readable engine's to the last bits; the app itself runs the fast
engine, which agrees with the readable one to 1e-9 for a few hundred iterations and, for Linear
and Discounted CFR, drifts further by 20,000 iterations (their current strategies amplify
rounding differences), which the last test measures.
"""

from __future__ import annotations

import importlib
import re

import numpy as np
import pytest
from twin_harness import open_twin, state

from lessons_lib import exploitability as ex
from lessons_lib import widgets
from lessons_lib.cfr import ALGORITHMS, CFRResult, variant_named
from lessons_lib.games import KuhnPoker
from lessons_lib.kuhn_equilibria import alpha_of, nash_equilibrium

GAME = KuhnPoker()
#: The app's module (``lessons_lib.widgets.cfr_training`` is also the name of the function).
APP_MODULE = importlib.import_module("lessons_lib.widgets.cfr_training")


def readable_run(algorithm: str, iterations: int) -> CFRResult:
    variant = variant_named(algorithm)
    run = CFRResult(GAME, variant, variant.default_updates, "readable")
    run.train(iterations)
    return run


def largest_difference(twin_policy: dict, policy: dict) -> float:
    return max(abs(np.asarray(twin_policy[key]) - policy[key]).max() for key in policy)


def plain(html: str) -> str:
    return re.sub(r"<br>", "", re.sub(r"</?b>", "", html))


@pytest.fixture
def page(chromium, tmp_path):
    page = open_twin(chromium, widgets.cfr_training(), tmp_path)
    yield page
    assert not page.errors, page.errors
    page.close()


def click(page, label: str) -> None:
    page.get_by_role("button", name=label, exact=True).click()


def test_before_any_iteration_both_players_play_uniformly(page) -> None:
    shown = state(page)
    assert shown["iterations"] == 0
    assert all(p == [0.5, 0.5] for p in shown["average_policy"].values())
    assert shown["status"] == plain(widgets.cfr_training().status.value)


@pytest.fixture
def readable_app(monkeypatch):
    """The app itself, running the engine the twin ports (the readable one), not the fast one."""
    monkeypatch.setattr(APP_MODULE, "ENGINE", "readable")
    return widgets.cfr_training()


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_after_the_step_buttons_the_twin_is_the_library(page, readable_app, algorithm) -> None:
    page.select_option("select.twin-select", algorithm)
    app = readable_app
    app.controls["algorithm"].value = algorithm
    for label, n in (("+1 iteration", 1), ("+100", 100), ("+1,000", 1_000)):
        click(page, label)
        app.step(n)
    shown = state(page)
    reference = readable_run(algorithm, 1_101)
    assert shown["iterations"] == app.iterations == 1_101
    assert largest_difference(shown["average_policy"], reference.average_policy()) <= 1e-12
    assert largest_difference(shown["current_policy"], reference.current_policy()) <= 1e-12
    assert largest_difference(shown["average_policy"], app.result.average_policy()) <= 1e-12
    if algorithm in ("cfr", "cfr+"):  # the app's own (fast) engine too
        fast = CFRResult(GAME, variant_named(algorithm), app.result.updates, "fast")
        fast.train(1_101)
        assert largest_difference(shown["average_policy"], fast.average_policy()) <= 1e-9
    average = app.result.average_policy()
    assert shown["average_exploitability"] == pytest.approx(
        ex.exploitability(GAME, average), abs=1e-9
    )
    assert shown["value"] == pytest.approx(ex.expected_value(GAME, average), abs=1e-9)
    assert shown["alpha"] == pytest.approx(alpha_of(average), abs=1e-9)
    member = nash_equilibrium(min(max(alpha_of(average), 0), 1 / 3))
    assert largest_difference(shown["reference"], member) <= 1e-12
    assert [c["iteration"] for c in shown["history"]] == [c.iteration for c in app.result.history]
    assert shown["status"] == plain(app.status.value)
    assert page.locator(".twin-table tbody tr").count() == 12


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_run_to_20000_is_the_library(page, algorithm) -> None:
    page.select_option("select.twin-select", algorithm)
    click(page, "Run to 20,000")
    page.wait_for_function(
        "() => { const s = document.querySelector('.book-twin').twin.state();"
        " return s.iterations === 20000 && !s.running; }",
        timeout=60_000,
    )
    shown = state(page)
    reference = readable_run(algorithm, 20_000)
    average, current = reference.average_policy(), reference.current_policy()
    assert largest_difference(shown["average_policy"], average) <= 1e-12
    assert largest_difference(shown["current_policy"], current) <= 1e-12
    assert shown["average_exploitability"] == pytest.approx(
        ex.exploitability(GAME, average), abs=1e-12
    )
    assert shown["current_exploitability"] == pytest.approx(
        ex.exploitability(GAME, current), abs=1e-12
    )
    assert shown["value"] == pytest.approx(ex.expected_value(GAME, average), abs=1e-12)
    assert shown["status"].endswith("Done: 20,000 iterations.")
    click(page, "Run to 20,000")
    assert state(page)["status"].endswith(
        "Already at 20,000 iterations: press Reset to start over."
    )


def test_pause_stops_a_run_and_reset_starts_over(page) -> None:
    # Run, and press Pause as soon as the first chunk is done (the page answers between chunks).
    page.evaluate(
        """() => { const run = [...document.querySelectorAll('.book-twin button')]
                       .find(b => b.textContent.startsWith('Run to'));
                   run.click(); setTimeout(() => run.click(), 0); }"""
    )
    page.wait_for_function("() => !document.querySelector('.book-twin').twin.state().running")
    paused = state(page)
    assert 0 < paused["iterations"] < 20_000
    assert paused["status"].endswith(f"Paused at iteration {paused['iterations']:,}.")
    click(page, "Reset")
    assert state(page)["iterations"] == 0


def test_the_controls_work_from_the_keyboard(page) -> None:
    page.get_by_role("button", name="+100", exact=True).focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    assert state(page)["iterations"] == 200
    page.get_by_label("algorithm").focus()
    page.keyboard.press("ArrowDown")  # the next algorithm: CFR+, from a fresh run
    shown = state(page)
    assert (shown["algorithm"], shown["iterations"]) == ("cfr+", 0)


def test_the_app_and_its_twin_drift_apart_only_where_the_engines_do() -> None:
    """After 20,000 iterations the fast engine (the app's) and the readable one (the twin's)
    agree to 1e-9 for CFR and CFR+; Linear and Discounted CFR amplify last-bit differences."""
    for algorithm in ("cfr", "cfr+"):
        variant = variant_named(algorithm)
        fast = CFRResult(GAME, variant, variant.default_updates, "fast")
        fast.train(20_000)
        readable = readable_run(algorithm, 20_000)
        assert (
            largest_difference(
                {k: list(v) for k, v in fast.average_policy().items()}, readable.average_policy()
            )
            <= 1e-9
        )
