"""The in-page twin of the game against the regret-matching bot, checked against the library.

The twin draws the bot's moves with its own seeded generator (mulberry32), not numpy's, so its
sessions are not the app's; everything else is the library's. The tests play a session in the
twin, then play the same session in the app with the bot's draws replaced by the twin's moves:
the bot's regrets and strategy, the reader's frequencies, the score, the mean payoff and its
interval and the status line must then be the same, exactly.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import norm
from twin_chapter1 import opened, plain, screenshot
from twin_harness import state

from lessons_lib import widgets
from lessons_lib.simulation import mean_and_interval
from lessons_lib.widgets.normal_form import bot_data, matrix_game_data

ACTIONS = ("rock", "paper", "scissors")
MASK = 0xFFFFFFFF


def mulberry32(seed: int):
    """The twin's generator, in Python: uniform numbers in [0, 1)."""
    a = seed & MASK
    while True:
        a = (a + 0x6D2B79F5) & MASK
        t = ((a ^ (a >> 15)) * (1 | a)) & MASK
        t = ((t + ((t ^ (t >> 7)) * (61 | t))) & MASK) ^ t
        yield ((t ^ (t >> 14)) & MASK) / 2**32


class Replay:
    """A stand-in for the bot's numpy generator that plays the given moves, keeping the
    probabilities the bot drew them from."""

    def __init__(self, moves: list[int]) -> None:
        self.moves = list(moves)
        self.drawn_from: list[np.ndarray] = []

    def choice(self, n: int, p: np.ndarray) -> int:
        assert n == len(ACTIONS)
        self.drawn_from.append(np.array(p))
        return self.moves.pop(0)


def replayed(history: list) -> widgets.App:
    """The app, played through the twin's session: the reader's moves and the twin's draws."""
    app = widgets.play_against_bot(seed=0)
    app.state["bot"].rng = Replay([ACTIONS.index(bot) for _, bot, _ in history])
    for human, _, _ in history:
        app.buttons[human].click()
    return app


def press(page, labels: list[str]) -> dict:
    for label in labels:
        page.get_by_role("button", name=label, exact=True).click()
    return state(page)


@pytest.fixture
def page(chromium, tmp_path):
    with opened(chromium, widgets.play_against_bot(seed=0), tmp_path) as page:
        yield page


def assert_same_session(shown: dict, app: widgets.App) -> None:
    bot = app.state["bot"]
    assert [tuple(h) for h in shown["history"]] == bot.history
    assert np.array_equal(shown["regret"], bot.learner.cumulative_regret)
    assert np.array_equal(shown["strategy"], bot.strategy())
    assert np.array_equal(shown["human_frequencies"], bot.human_frequencies())
    assert shown["score"] == bot.score
    assert shown["status"] == plain(app.status.value)
    payoffs = [payoff for _, _, payoff in bot.history]
    if len(payoffs) >= 2:
        assert (shown["mean"], shown["half_width"]) == mean_and_interval(payoffs)
    # The draws: the twin's uniforms are mulberry32's, and each move is the one numpy's choice
    # makes from that uniform and the bot's strategy of the round (the library's, replayed).
    uniforms = mulberry32(0)
    assert shown["uniforms"] == [next(uniforms) for _ in shown["uniforms"]]
    for u, p, (_, move, _) in zip(shown["uniforms"], bot.rng.drawn_from, bot.history, strict=True):
        cdf = np.cumsum(p)
        cdf /= cdf[-1]
        assert ACTIONS[int(np.searchsorted(cdf, u, side="right"))] == move


def test_before_any_round(page) -> None:
    shown = state(page)
    assert shown["status"] == plain(widgets.play_against_bot().status.value)
    assert shown["status"] == "You 0 · draws 0 · bot 0"
    assert shown["strategy"] == [1 / 3] * 3 and shown["mean"] is None
    assert "After 0 rounds" in page.locator(".book-twin").inner_text()


def test_one_round_has_no_interval_yet(page) -> None:
    shown = press(page, ["Paper"])
    assert shown["status"].endswith("per round (an interval needs two rounds)")
    assert_same_session(shown, replayed(shown["history"]))


@pytest.mark.parametrize(
    "moves",
    [
        ["Rock"] * 5 + ["Paper", "Scissors"],  # the bot learns paper, then the reader switches
        ["Scissors", "Paper", "Rock"] * 8,
        ["Rock", "Rock", "Paper", "Rock", "Scissors", "Paper", "Paper", "Rock"] * 5,
    ],
)
def test_a_session_is_the_library_s(page, moves) -> None:
    shown = press(page, moves)
    assert len(shown["history"]) == len(moves)
    assert [h[0] for h in shown["history"]] == [m.lower() for m in moves]
    assert_same_session(shown, replayed(shown["history"]))
    bars = page.locator(".twin-bar-label").all_text_contents()
    pairs = zip(shown["human_frequencies"], shown["strategy"], strict=True)
    assert bars == [f"{p:.2f}" for pair in pairs for p in pair]
    assert f"After {len(moves)} rounds" in page.locator(".book-twin").inner_text()


def test_the_bot_counters_a_rock_player(page) -> None:
    shown = press(page, ["Rock"] * 5)
    assert shown["strategy"] == [0.0, 1.0, 0.0]  # as the app's bot after five rocks
    shown = press(page, ["Rock"])
    assert shown["history"][-1] == ["rock", "paper", -1.0]  # a pure strategy: paper for sure
    assert shown["status"].startswith("You played rock, the bot played paper: the bot wins. ")


def test_new_game_starts_the_same_seeded_session_again(page) -> None:
    first = press(page, ["Rock", "Paper", "Scissors", "Paper"])
    shown = press(page, ["New game"])
    assert shown["history"] == [] and shown["score"] == {"human": 0, "draw": 0, "bot": 0}
    app = widgets.play_against_bot(seed=0)
    app.buttons["rock"].click()
    app.buttons["new game"].click()
    assert shown["status"] == plain(app.status.value)
    again = press(page, ["Rock", "Paper", "Scissors", "Paper"])
    assert again["history"] == first["history"] and again["status"] == first["status"]


def test_the_buttons_work_from_the_keyboard(page) -> None:
    page.get_by_role("button", name="Scissors", exact=True).focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    shown = state(page)
    assert [h[0] for h in shown["history"]] == ["scissors", "scissors"]
    page.keyboard.press("Tab")  # to New game
    page.keyboard.press("Enter")
    assert state(page)["history"] == []


def test_the_data_is_checked() -> None:
    assert bot_data(3)["z"] == float(norm.ppf(0.975))
    with pytest.raises(ValueError, match="seed must be a non-negative integer, got -1"):
        bot_data(-1)
    with pytest.raises(ValueError, match="game must be a MatrixGame, got str"):
        matrix_game_data("rock-paper-scissors", {})


@pytest.mark.parametrize("dark", [False, True])
def test_screenshots(chromium, tmp_path, dark) -> None:
    with opened(chromium, widgets.play_against_bot(seed=0), tmp_path, dark) as page:
        shown = press(page, ["Rock", "Rock", "Paper", "Rock", "Scissors", "Rock", "Rock"])
        assert "± " in shown["status"]
        screenshot(page, "play-bot", dark)
