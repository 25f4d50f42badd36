"""The in-page twin of "play against the equilibrium", driven in Chromium beside the app itself.

The twin deals and draws with its own seeded generator, so its cards are not the kernel's. The
tests therefore play the app on the twin's realised hands: every click goes to the twin first,
then to the app, whose ``Hand`` is dealt the twin's deal with a bot that plays the twin's bot's
draws (after checking each draw used the library's policy at that information set, and that the
action is the library's inversion of the twin's uniform number) and whose ``simulate`` returns the
twin's simulated hands, scored by the library. Then the app's own bookkeeping (payoffs, score,
mean and interval, the status line, the buttons) must equal the twin's, word for word and to the
last bit.
"""

from __future__ import annotations

import importlib
from collections import Counter

import numpy as np
import pytest
from twin_harness import ROOT, opened_twin, state

from lessons_lib import widgets
from lessons_lib.agents import Agent, Hand, PolicyAgent
from lessons_lib.exploitability import expected_value
from lessons_lib.games import History, KuhnPoker
from lessons_lib.kuhn_equilibria import nash_equilibrium
from lessons_lib.plots import running_mean_figure
from lessons_lib.plots.kuhn_play import _running_half_width
from lessons_lib.simulation import mean_and_interval
from lessons_lib.widgets.twins import figure_texts

GAME = KuhnPoker()
POLICY = nash_equilibrium(1 / 6)
#: Player 1's exact value against the bot (player 2's is minus it).
VALUE_1 = expected_value(GAME, POLICY)
#: The app's module (``lessons_lib.widgets.play_against_equilibrium`` is the function).
KUHN_PLAY = importlib.import_module("lessons_lib.widgets.kuhn_play")
SCREENSHOTS = ROOT / "_build" / "screenshots"
#: The app's buttons by the twin's labels.
BUTTONS = {
    "Check": "p",
    "Fold": "p",
    "Bet": "b",
    "Call": "b",
    "Next hand": "next hand",
    "Simulate 10,000 hands": "simulate",
    "New session": "new session",
}


def checked_action(decision: dict, key: str) -> str:
    """A draw of the twin's bot (or of its simulation) after checking it against the library."""
    assert decision["key"] == key
    probabilities = POLICY[key]
    assert decision["probabilities"] == list(probabilities)
    assert 0 <= decision["u"] < 1
    # lessons_lib.simulation's inversion: the first action whose cumulative probability exceeds u.
    expected = GAME.ACTIONS[min(int(decision["u"] >= probabilities[0]), 1)]
    assert decision["action"] == expected
    return expected


class TwinBot(Agent):
    """The bot's seat of the app, playing what the twin's bot drew in the same hand (``record()``
    is the twin's hand as the page shows it now)."""

    def __init__(self, record) -> None:
        self.record = record

    def act(self, game, key: str, rng) -> str:
        _, actions = game.parse_key(key)
        return checked_action(self.record()["decisions"][len(actions)], key)


class Lockstep:
    """The twin's page and the app, played together on the twin's realised hands."""

    def __init__(self, page, monkeypatch) -> None:
        self.page = page
        self.shown = state(page)
        monkeypatch.setattr(KUHN_PLAY, "Hand", self.hand)
        monkeypatch.setattr(KUHN_PLAY, "simulate", self.simulate)
        self.app = widgets.play_against_equilibrium(alpha=1 / 6, seed=0)
        self.compare()

    def hand(self, game, agents, rng) -> Hand:
        """The app's next hand: the twin's deal, the twin's bot's draws."""
        bot = TwinBot(lambda: self.shown["hand"])
        agents = [bot if isinstance(a, PolicyAgent) else a for a in agents]
        return Hand(game, agents, rng, deal=tuple(self.shown["hand"]["deal"]))

    def simulate(self, game, policy_1, policy_2, hands, rng) -> np.ndarray:
        """The twin's last ``hands`` hands, checked draw by draw and scored by the library."""
        assert policy_1 is policy_2 and hands == 10_000
        records = self.shown["hands"][-hands:]
        payoffs = []
        for record in records:
            assert record["simulated"]
            for t, decision in enumerate(record["decisions"]):
                key = GAME.info_set_key(History(tuple(record["deal"]), record["actions"][:t]))
                checked_action(decision, key)
            payoffs.append(GAME.payoff(History(tuple(record["deal"]), record["actions"])))
        assert [r["payoff"] for r in records] == payoffs
        return np.array(payoffs)

    def click(self, label: str) -> None:
        self.page.get_by_role("button", name=label, exact=True).click()
        self.shown = state(self.page)
        self.app.buttons[BUTTONS[label]].click()
        self.compare()

    def sit(self, seat: int) -> None:
        label = {number: label for label, number in KUHN_PLAY.SEATS}[seat]
        self.page.get_by_role("button", name=label, exact=True).click()
        self.shown = state(self.page)
        self.app.controls["seat"].value = seat
        self.compare()

    def play_hand(self, choose) -> None:
        """Play the hand in progress to its end, ``choose(labels)`` picking each button."""
        while not self.shown["hand"]["over"]:
            labels = [b["label"] for b in self.shown["buttons"][:2]]
            self.click(choose(labels))

    def compare(self) -> None:
        shown, app = self.shown, self.app
        payoffs = np.asarray(app.state["payoffs"])
        assert shown["status_html"] == app.status.value
        assert shown["seat"] == app.state["seat"]
        assert shown["payoffs"] == payoffs.tolist()
        assert (shown["played"], shown["simulated"], shown["your_total"]) == (
            app.state["played"],
            app.state["simulated"],
            app.state["your_total"],
        )
        hand = app.state["hand"]
        assert (tuple(shown["hand"]["deal"]), shown["hand"]["actions"]) == tuple(hand.history)
        assert shown["hand"]["over"] == hand.is_over
        assert shown["hand"]["pot"] == 2 + hand.history.actions.count("b")
        buttons = [app.buttons[name] for name in ("p", "b", "next hand")]
        assert shown["buttons"] == [
            {"label": b.description, "disabled": b.disabled} for b in buttons
        ]
        n = payoffs.size
        if n >= 2:
            mean, half_width = mean_and_interval(payoffs)
            assert shown["mean"] == mean
            assert shown["half_width"] == pytest.approx(half_width, rel=1e-12)
        else:
            assert shown["mean"] is None and shown["half_width"] is None
        # The figure's curves: the running mean and the half-width of its interval.
        assert shown["running_mean"] == (np.cumsum(payoffs) / np.arange(1, n + 1)).tolist()
        assert shown["running_half_width"] == _running_half_width(payoffs, 0.95).tolist()
        self.compare_figure(payoffs)
        # The cards on the table: the bot's only at a showdown.
        bot_card = GAME.card_name(hand.history.deal[2 - shown["seat"]])
        showdown = hand.is_over and not hand.history.actions.endswith("bp")
        assert shown["hand"]["bot_card_shown"] == showdown
        felt = shown["felt"]
        assert f"Pot: {shown['hand']['pot']} chips" in felt
        assert felt.endswith(bot_card if showdown else "?") or felt.startswith(
            f"Bot (player {3 - shown['seat']}){bot_card if showdown else '?'}"
        )

    def compare_figure(self, payoffs: np.ndarray) -> None:
        """The twin's figure against the library's for the same payoffs: its words (titles,
        legends, "no hands yet"), and one point and marker per hand while they are few."""
        seat, n = self.shown["seat"], payoffs.size
        exact = VALUE_1 if seat == 1 else -VALUE_1
        figure = running_mean_figure(payoffs, exact, seat, title=KUHN_PLAY._title(1 / 6))
        words = figure_texts(figure)
        svg = self.page.locator(".book-twin svg.twin-figure")
        titles = svg.locator(".twin-plot-title").all_text_contents()
        assert titles == [words["suptitle"]] + [ax["title"] for ax in words["axes"]]
        legend = svg.locator(".twin-legend-text").all_text_contents()
        assert legend == [label for ax in words["axes"] for label in ax["legend"]]
        assert svg.locator(".twin-no-hands").all_text_contents() == [
            text for ax in words["axes"] for text in ax["texts"]
        ]
        total = svg.locator('polyline[data-name="running total"]')
        assert total.count() == (1 if n else 0)
        assert svg.locator('polygon[data-name="interval"]').count() == (1 if n >= 2 else 0)
        if 0 < n <= 50:
            assert len(total.get_attribute("points").split()) == n + 1
            assert svg.locator('g[data-name="running total"] circle').count() == n + 1
            assert svg.locator('g[data-name="running mean"] circle').count() == n
        elif n > 50:
            assert svg.locator("circle").count() == 0


def bold(labels: list[str]) -> str:
    return labels[1]


def timid(labels: list[str]) -> str:
    return labels[0]


@pytest.fixture
def page(chromium, tmp_path):
    with opened_twin(chromium, widgets.play_against_equilibrium(), tmp_path) as page:
        yield page


def test_hands_in_seat_1_then_a_simulation_are_the_library(page, monkeypatch) -> None:
    game = Lockstep(page, monkeypatch)
    assert "no hands yet" in page.locator(".book-twin svg").text_content()
    for k in range(4):
        game.play_hand(bold if k % 2 else timid)
        game.click("Next hand")
    game.play_hand(bold)
    game.click("Simulate 10,000 hands")
    assert game.shown["simulated"] == 10_000 and len(game.shown["payoffs"]) == 10_005
    game.click("Next hand")
    game.play_hand(timid)
    game.click("New session")
    assert game.shown["payoffs"] == [] and game.shown["session"] == 2


def test_hands_in_seat_2_and_two_simulations_are_the_library(page, monkeypatch) -> None:
    game = Lockstep(page, monkeypatch)
    game.sit(2)
    assert game.shown["session"] == 2
    game.play_hand(bold)
    game.click("Simulate 10,000 hands")
    game.click("Next hand")
    assert not game.shown["hand"]["over"]
    game.click("Simulate 10,000 hands")  # during a hand in progress, as the app allows
    game.play_hand(timid)
    game.click("Next hand")
    game.play_hand(bold)
    assert game.shown["played"] == 3 and game.shown["simulated"] == 20_000
    game.sit(1)
    assert game.shown["payoffs"] == [] and game.shown["session"] == 3


def test_the_simulation_deals_and_plays_like_the_equilibrium(page) -> None:
    page.get_by_role("button", name="Simulate 10,000 hands").click()
    shown = state(page)
    hands = [h for h in shown["hands"] if h["simulated"]]
    deals = Counter(tuple(h["deal"]) for h in hands)
    assert set(deals) == {deal for deal, _ in GAME.deals()}
    assert all(abs(count - 10_000 / 6) < 200 for count in deals.values())  # 5 standard deviations
    # The mean settles near the exact value -1/18 (4 standard errors; the generator is seeded).
    assert abs(shown["mean"] + 1 / 18) < 4 * shown["half_width"] / 1.96
    # The bot's bluffs with the jack happen at the rate alpha = 1/6.
    jacks = [h for h in hands if h["deal"][0] == 0]
    assert abs(sum(h["actions"].startswith("b") for h in jacks) / len(jacks) - 1 / 6) < 0.03


def test_the_controls_work_from_the_keyboard(page) -> None:
    card = GAME.card_name(state(page)["hand"]["deal"][0])
    page.get_by_role("button", name="Check", exact=True).focus()
    page.keyboard.press("Enter")
    shown = state(page)
    assert shown["hand"]["decisions"][0] == {"player": 1, "key": f"{card}:", "action": "p"}
    while not shown["hand"]["over"]:
        page.get_by_role("button", name=shown["buttons"][1]["label"], exact=True).focus()
        page.keyboard.press("Space")
        shown = state(page)
    assert shown["played"] == 1
    page.get_by_role("button", name="Next hand").focus()
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Player 2").focus()
    page.keyboard.press("Space")
    shown = state(page)
    assert (shown["seat"], shown["played"]) == (2, 0)
    assert page.get_by_role("button", name="Player 2").get_attribute("aria-pressed") == "true"


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_screenshots(chromium, tmp_path, dark) -> None:
    with opened_twin(chromium, widgets.play_against_equilibrium(), tmp_path, dark=dark) as page:
        for label in ("Bet", "Next hand", "Check"):
            page.get_by_role("button", name=label, exact=True).click()
        page.get_by_role("button", name="Simulate 10,000 hands").click()
        shown = state(page)
        assert len(shown["payoffs"]) == 10_001 + shown["hand"]["over"]
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"twin-play-kuhn-{'dark' if dark else 'light'}.png"
        page.locator(".book-twin").screenshot(path=path)
        assert path.stat().st_size > 10_000
