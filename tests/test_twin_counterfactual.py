"""The in-page twin of the counterfactual explorer (Chapter 3), driven in Chromium beside the app.

The twin computes the reach probabilities and counterfactual values in the page with the
library's arithmetic (``BookTwins.counterfactualValues`` in ``book/_static/twins.js``), so after
every slider move and checkbox toggle each number of its state must equal the library's exactly,
and its status line must be the app's, character for character.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from matplotlib.figure import Figure
from twin_harness import ROOT, open_twin, state

from lessons_lib import counterfactual as cf
from lessons_lib.exploitability import expected_value
from lessons_lib.games import KuhnPoker
from lessons_lib.policy import two_action_policy, uniform_policy
from lessons_lib.widgets import counterfactual as module
from lessons_lib.widgets.counterfactual import counterfactual_data, counterfactual_explorer

GAME = KuhnPoker()
PLAYER_2 = GAME.info_sets_of(2)
SCREENSHOTS = ROOT / "_build" / "screenshots"
#: Player 1 never checks the jack and calls with the king: a strategy other than uniform.
PLAYER_1 = {
    **uniform_policy(GAME),
    **two_action_policy(GAME, {"J:": 1.0, "Q:": 0.3, "K:": 0.6, "J:pb": 0.0, "K:pb": 1.0}),
}


@pytest.fixture
def open_pair(chromium, tmp_path, monkeypatch):
    """Open an app's twin; from then on the app draws blank figures, to answer fast (its own
    figures are tested in tests/test_counterfactual_widgets.py, their texts here)."""

    def opened(player_1_policy=None, dark: bool = False):
        app = counterfactual_explorer(player_1_policy=player_1_policy)
        for name in ("counterfactual_values_figure", "regrets_figure"):
            monkeypatch.setattr(module, name, lambda *_args, **_kwargs: Figure(figsize=(1, 1)))
        return open_twin(chromium, app, tmp_path, dark=dark), app

    return opened


@pytest.fixture
def pair(open_pair):
    page, app = open_pair()
    yield page, app
    assert not page.errors, page.errors
    page.close()


def set_slider(page, key: str, value: float) -> None:
    """Drag a slider: set its value and send the input event, as a pointer does."""
    page.evaluate(
        """([key, value]) => { const s = document.querySelector(`input[data-key="${key}"]`);
                               s.value = value; s.dispatchEvent(new Event('input')); }""",
        [key, str(value)],
    )


def same(page, app) -> dict:
    """Check that every number the twin computed is the library's, and the text the app's."""
    shown = state(page)
    values = app.state["values"]
    include = app.controls["include_chance"].value
    assert shown["include_chance"] == include == values.include_chance
    assert shown["probabilities"] == {key: app.controls[key].value for key in PLAYER_2}
    profile = {key: np.asarray(p) for key, p in shown["policy"].items()}
    for key in GAME.info_sets():
        assert shown["reach"][key] == values.reach[key], key
        assert shown["own_reach"][key] == values.own_reach[key], key
        assert shown["info_set_value"][key] == values.info_set_value[key], key
        assert shown["action_values"][key] == values.action_values[key].tolist(), key
        assert shown["regrets"][key] == values.regrets[key].tolist(), key
    reach = cf.reach_probabilities(GAME, profile)
    worth = cf.history_values(GAME, profile)
    assert len(shown["history_reach"]) == len(reach) == 54
    for history, r in reach.items():
        label = GAME.label(history)
        assert shown["history_reach"][label] == {
            "chance": r.chance,
            "player_1": r.player_1,
            "player_2": r.player_2,
        }
        assert shown["history_values"][label] == worth[history]
    assert shown["expected_value"] == expected_value(GAME, profile)
    assert shown["status_html"] == app.status.value
    keys = GAME.info_sets_of(1)
    heights = [[values.action_values[k][a] for k in keys] for a in range(2)] + [
        [values.info_set_value[k] for k in keys]
    ]
    assert shown["bar_labels"][0] == [f"{h:+.3f}" for series in heights for h in series]
    regrets = [[values.regrets[k][a] for k in keys] for a in range(2)]
    assert shown["bar_labels"][1] == [f"{h:+.3f}" for series in regrets for h in series]
    convention = "chance included" if include else "chance left out"
    assert shown["titles"] == [
        f"Player 1's counterfactual values ({convention})",
        f"Player 1's counterfactual regrets ({convention})",
    ]
    return shown


def test_the_start_is_the_apps(pair) -> None:
    page, app = pair
    shown = same(page, app)
    assert shown["regrets"]["J:"][1] == pytest.approx(1 / 8)
    labels = [
        page.locator(f'input[data-key="{key}"]').evaluate("s => s.labels[0].textContent")
        for key in PLAYER_2
    ]
    assert labels == [f"{app.controls[key].description} 0.50" for key in PLAYER_2]


def test_every_slider_and_the_checkbox(pair) -> None:
    page, app = pair
    for number, key in enumerate(PLAYER_2):
        for value in (0.0, 1.0, round(0.05 * (3 + 4 * number), 2)):
            set_slider(page, key, value)
            app.controls[key].value = value
            same(page, app)
    page.get_by_label(app.controls["include_chance"].description).click()
    app.controls["include_chance"].value = False
    shown = same(page, app)
    assert not shown["include_chance"]
    page.get_by_label(app.controls["include_chance"].description).click()
    app.controls["include_chance"].value = True
    same(page, app)


def test_the_chapters_settings(pair) -> None:
    """Player 2 never calls (bluffing the jack pays), then never bets after a check (so "X:pb" is
    unreached)."""
    page, app = pair
    for key in ("J:b", "Q:b", "K:b"):
        set_slider(page, key, 0.0)
        app.controls[key].value = 0.0
    shown = same(page, app)
    assert shown["regrets"]["J:"][1] == pytest.approx(3 / 8)
    assert "Largest: bet at J: (+0.375)" in shown["status"]
    for key in ("J:p", "Q:p", "K:p"):
        set_slider(page, key, 0.0)
        app.controls[key].value = 0.0
    shown = same(page, app)
    assert all(shown["reach"][key] == 0 for key in ("J:pb", "Q:pb", "K:pb"))


@pytest.mark.parametrize("seed", range(4))
def test_random_profiles_and_another_player_1(open_pair, seed) -> None:
    page, app = open_pair(player_1_policy=PLAYER_1 if seed % 2 else None)
    draw = random.Random(seed)
    for _ in range(6):
        for key in PLAYER_2:
            value = round(0.05 * draw.randrange(21), 2)
            set_slider(page, key, value)
            app.controls[key].value = value
        if draw.random() < 0.5:
            page.get_by_label(app.controls["include_chance"].description).click()
            app.controls["include_chance"].value = not app.controls["include_chance"].value
        same(page, app)
    assert not page.errors, page.errors
    page.close()


def test_the_controls_work_from_the_keyboard(pair) -> None:
    page, app = pair
    slider = page.locator('input[data-key="Q:b"]')
    slider.focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    app.controls["Q:b"].value = 0.65
    assert state(page)["probabilities"]["Q:b"] == 0.65
    same(page, app)
    page.keyboard.press("Home")
    app.controls["Q:b"].value = 0.0
    same(page, app)
    page.get_by_label(app.controls["include_chance"].description).focus()
    page.keyboard.press("Space")
    app.controls["include_chance"].value = False
    same(page, app)


def test_the_twin_shows_the_figures_texts(pair) -> None:
    page, _app = pair
    texts = page.locator(".twin-plot").first.locator("text").all_text_contents()
    for text in ("information set", "counterfactual value for player 1", '"K:pb"'):
        assert text in texts
    assert "information set value v₁(σ, I)" in texts
    assert (
        "regret r(I, a) for player 1"
        in page.locator(".twin-plot").nth(1).locator("text").all_text_contents()
    )
    assert page.locator(".twin-plot").first.locator("rect.twin-bar-rect").count() == 18
    assert page.locator(".twin-plot").nth(1).locator("rect.twin-bar-rect").count() == 12


@pytest.mark.parametrize("dark", [False, True])
def test_screenshots_light_and_dark(open_pair, dark) -> None:
    page, _app = open_pair(dark=dark)
    for key, value in (("J:b", 0.0), ("Q:b", 0.2), ("K:p", 0.9)):
        set_slider(page, key, value)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"twin-counterfactual-{'dark' if dark else 'light'}.png"
    page.locator(".book-twin").screenshot(path=path)
    assert path.stat().st_size > 10_000
    assert not page.errors, page.errors
    page.close()


def test_the_twin_data_refuses_other_games() -> None:
    app = counterfactual_explorer()
    with pytest.raises(ValueError, match="three-card Kuhn poker"):
        counterfactual_data(KuhnPoker(n_cards=4), uniform_policy(GAME), app.controls)
    with pytest.raises(ValueError, match="controls lacks"):
        counterfactual_data(GAME, uniform_policy(GAME), {})
    assert counterfactual_explorer(KuhnPoker(n_cards=4)).twin is None


def test_the_runtimes_numbers_are_pythons(pair) -> None:
    """``pythonFixed`` is ``format(x, "+.3f")`` (and ``".0f"``, ``".5f"``) to the last character,
    halves of the last digit included (they round to even: 1/16 is "+0.062", not "+0.063"), and
    ``fsum`` is ``math.fsum`` to the last bit."""
    page, _app = pair
    draw = random.Random(7)
    xs = [1 / 16, -1 / 16, 3 / 16, 2.5, -2.5, 0.0, -0.0, -1e-17, 1 / 8, 1.0005]
    xs += [draw.uniform(-3, 3) for _ in range(500)]
    xs += [draw.randint(-4000, 4000) / 2000 for _ in range(500)]
    shown = page.evaluate(
        "xs => xs.map(x => [BookTwins.pythonFixed(x, 3, true), BookTwins.pythonFixed(x, 0),"
        " BookTwins.pythonFixed(x, 5)])",
        xs,
    )
    assert shown == [[f"{x:+.3f}", f"{x:.0f}", f"{x:.5f}"] for x in xs]
    sums = [
        [draw.uniform(-1, 1) * 10 ** draw.randint(-20, 20) for _ in range(draw.randint(0, 12))]
        for _ in range(500)
    ] + [[1e100, 1.0, -1e100, 1e-100], [0.1] * 10, [1e16, 1.0, 1e-16]]
    totals = page.evaluate("sums => sums.map(v => BookTwins.fsum(v))", sums)
    assert [float(t) for t in totals] == [math.fsum(v) for v in sums]
