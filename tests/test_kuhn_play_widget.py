"""'Play against the equilibrium', driven from Python like a reader would drive it."""

import numpy as np
import pytest
from figure_text import smallest_text_px  # the tests' own measure of figure text

from lessons_lib import plots, widgets
from lessons_lib.exploitability import expected_value
from lessons_lib.games import KuhnPoker
from lessons_lib.kuhn_equilibria import nash_equilibrium

GAME = KuhnPoker()


def legal_buttons(app):
    return [name for name in ("p", "b") if not app.buttons[name].disabled]


def finish_hand(app, prefer="b"):
    """Click until the hand is over: ``prefer`` when it is legal, the other button otherwise."""
    hand = app.state["hand"]
    clicks = 0
    while not hand.is_over:
        legal = legal_buttons(app)
        assert legal, "the reader's turn must enable a button"
        app.buttons[prefer if prefer in legal else legal[0]].click()
        clicks += 1
        assert clicks <= 2  # a Kuhn player acts at most twice
    return hand


def seat_payoff(hand, seat):
    return hand.payoff if seat == 1 else -hand.payoff


@pytest.mark.parametrize("seat", [1, 2])
def test_playing_a_hand_updates_the_score(seat):
    app = widgets.play_against_equilibrium(seed=1)
    app.controls["seat"].value = seat
    assert app.state["seat"] == seat and f"You are player {seat}" in app.status.value
    assert app.buttons["next hand"].disabled  # a hand is in progress: no walking away
    first_image = app.images[0].value
    for played in (1, 2, 3):
        hand = finish_hand(app, prefer="b" if played % 2 else "p")
        won = seat_payoff(hand, seat)
        assert app.state["played"] == played and app.state["payoffs"].size == played
        assert app.state["payoffs"][-1] == won
        assert app.state["your_total"] == pytest.approx(app.state["payoffs"].sum())
        assert ("You win" if won > 0 else "You lose") in app.status.value
        assert f"{abs(won):g} chip" in app.status.value
        assert all(app.buttons[name].disabled for name in ("p", "b"))
        assert not app.buttons["next hand"].disabled
        app.buttons["next hand"].click()
        assert not app.state["hand"].is_over
    assert app.images[0].value != first_image
    assert "3 hands (3 played by you, 0 simulated)" in app.status.value


def test_the_bot_card_is_shown_at_a_showdown_and_never_before():
    app = widgets.play_against_equilibrium(seed=2)
    outcomes = set()
    for _ in range(20):
        hand = app.state["hand"]
        bot_card = GAME.card_name(hand.history.deal[1])
        assert "the bot's <b>" not in app.status.value  # nothing shown mid-hand
        finish_hand(app, prefer="b" if len(outcomes) % 2 else "p")
        showdown = not hand.history.actions.endswith("bp")
        outcomes.add(showdown)
        assert (f"the bot's <b>{bot_card}</b>" in app.status.value) == showdown
        if not showdown:
            assert "stays hidden" in app.status.value
        if outcomes == {True, False}:
            break
        app.buttons["next hand"].click()
    assert outcomes == {True, False}  # both kinds of ending were seen


def test_button_labels_follow_the_situation():
    app = widgets.play_against_equilibrium(seed=3)
    app.controls["seat"].value = 2
    labels = set()
    for _ in range(20):
        facing_bet = "b" in app.state["hand"].history.actions
        label = (app.buttons["p"].description, app.buttons["b"].description)
        assert label == (("Fold", "Call") if facing_bet else ("Check", "Bet"))
        labels.add(label)
        if len(labels) == 2:
            break
        finish_hand(app, prefer="p")
        app.buttons["next hand"].click()
    assert labels == {("Fold", "Call"), ("Check", "Bet")}


@pytest.mark.parametrize("seat", [1, 2])
def test_the_exact_value_shown_is_the_equilibrium_value_for_the_seat(seat):
    app = widgets.play_against_equilibrium(alpha=0.25, seed=0)
    app.controls["seat"].value = seat
    value_1 = expected_value(GAME, nash_equilibrium(0.25))
    shown = value_1 if seat == 1 else -value_1
    assert f"player {seat}: {shown:+.4f} chips per hand" in app.status.value
    assert ("-1/18" if seat == 1 else "+1/18") in app.status.value


def test_simulate_adds_ten_thousand_hands_and_reset_clears():
    app = widgets.play_against_equilibrium(seed=4)
    finish_hand(app)
    before = app.state["payoffs"].copy()
    image = app.images[0].value
    app.buttons["simulate"].click()
    payoffs = app.state["payoffs"]
    assert payoffs.size == before.size + 10_000 and app.state["simulated"] == 10_000
    assert np.array_equal(payoffs[: before.size], before)
    assert "10,001 hands (1 played by you, 10,000 simulated)" in app.status.value
    assert f"Your own 1 hand: chips won {before[0]:+g}" in app.status.value
    assert app.images[0].value != image
    # The status's mean and interval are those of the session's payoffs.
    mean = payoffs.mean()
    half = 1.959963984540054 * payoffs.std(ddof=1) / np.sqrt(payoffs.size)
    assert f"mean {mean:+.4f} ± {half:.4f}" in app.status.value
    app.buttons["simulate"].click()
    assert app.state["payoffs"].size == before.size + 20_000

    app.buttons["new session"].click()
    assert app.state["payoffs"].size == 0 and app.state["played"] == 0
    assert app.state["simulated"] == 0 and app.state["your_total"] == 0
    assert "Session: 0 hands" in app.status.value
    assert not app.state["hand"].is_over


def test_sessions_are_reproducible_and_a_new_session_deals_new_cards():
    def deals(app, hands):
        seen = []
        for _ in range(hands):
            seen.append(app.state["hand"].history.deal)
            finish_hand(app)
            app.buttons["next hand"].click()
        return seen

    first, second = (widgets.play_against_equilibrium(seed=5) for _ in range(2))
    assert deals(first, 3) == deals(second, 3)
    first.buttons["new session"].click()
    fresh = widgets.play_against_equilibrium(seed=5)
    assert deals(first, 3) != deals(fresh, 3)


def test_changing_seat_starts_a_new_session():
    app = widgets.play_against_equilibrium(seed=6)
    finish_hand(app)
    app.controls["seat"].value = 2
    assert app.state["payoffs"].size == 0 and app.state["seat"] == 2
    assert "Session: 0 hands" in app.status.value
    assert len(app.state["hand"].history.actions) == 1  # the bot, now player 1, acted first


def test_bad_parameters_are_rejected():
    with pytest.raises(ValueError, match="alpha"):
        widgets.play_against_equilibrium(alpha=0.5)
    with pytest.raises(ValueError, match="simulated_hands"):
        widgets.play_against_equilibrium(simulated_hands=0)


# The figure the widget shows.


def test_running_mean_figure_shows_totals_means_band_and_exact_value():
    from matplotlib.collections import PolyCollection

    payoffs = np.array([1.0, -2.0, 2.0, -1.0])
    figure = plots.running_mean_figure(payoffs, exact_value=0.25, seat=2)
    total_ax, mean_ax = figure.axes
    (expected, total), (exact, mean) = total_ax.lines, mean_ax.lines
    np.testing.assert_allclose(total.get_ydata(), [0, 1, -1, 1, 0])  # cumulative sums
    np.testing.assert_allclose(expected.get_ydata(), [0, 10 * 0.25])  # at least 10 hands shown
    np.testing.assert_allclose(mean.get_ydata(), [1, -0.5, 1 / 3, 0])
    np.testing.assert_allclose(exact.get_ydata(), [0.25, 0.25])
    assert total.get_color() == mean.get_color() == plots.PLAYER_COLOURS[2]
    assert mean_ax.get_xscale() == "log"
    (band,) = [c for c in mean_ax.collections if isinstance(c, PolyCollection)]
    # After hand 2 the interval -0.5 +- 1.96 * sqrt(4.5) / sqrt(2) = -0.5 +- 2.94 is clipped to the
    # payoffs' range [-2, 2]; after hand 4, s^2 = (1 + 4 + 4 + 1) / 3 and the interval is
    # 0 +- 1.96 * sqrt(10 / 3) / 2 = +-1.789.
    vertices = band.get_paths()[0].vertices
    assert vertices[:, 1].min() == pytest.approx(-2.0) and vertices[:, 1].max() == 2.0
    at_4 = np.sort(vertices[vertices[:, 0] == 4][:, 1])
    half = 1.959963984540054 * np.sqrt(10 / 3) / 2
    np.testing.assert_allclose([at_4[0], at_4[-1]], [-half, half])
    assert "Player 2" in mean_ax.get_title() and mean_ax.get_ylabel()


def test_running_mean_figure_with_no_hands_and_bad_input():
    figure = plots.running_mean_figure([], exact_value=-1 / 18, seat=1)
    assert any("no hands yet" in text.get_text() for text in figure.axes[0].texts)
    with pytest.raises(ValueError, match="seat"):
        plots.running_mean_figure([1.0], exact_value=0.0, seat=3)
    with pytest.raises(ValueError, match="finite"):
        plots.running_mean_figure([1.0, np.nan], exact_value=0.0, seat=1)


def test_running_mean_figure_text_reads_at_nine_pixels_or_more():
    payoffs = np.random.default_rng(3).choice([-2.0, -1.0, 1.0, 2.0], size=500)
    for seat in (1, 2):
        size, text = smallest_text_px(plots.running_mean_figure(payoffs, -1 / 18, seat=seat))
        assert size >= 9, (text, size)
