"""The widgets, driven from Python: changing a control or clicking a button updates the app."""

from lessons_lib import widgets


def test_self_play_explorer_redraws_when_rounds_change():
    app = widgets.self_play_explorer()
    before = [image.value for image in app.images]
    status = app.status.value
    app.controls["rounds"].value = 500
    assert "500 rounds" in app.status.value and app.status.value != status
    assert all(a != b for a, b in zip(before, (i.value for i in app.images), strict=True))


def test_fixed_opponent_explorer_reports_the_best_response_value():
    app = widgets.fixed_opponent_explorer()
    assert "Best-response value 0.250" in app.status.value
    app.controls["rock"].value = 0.2
    app.controls["paper"].value = 0.6  # scissors heavy? no: paper heavy, so scissors wins
    assert "Best-response value 0.400" in app.status.value  # 0.6 - 0.2 = 0.4 for scissors


def test_fixed_opponent_explorer_refuses_impossible_mix():
    app = widgets.fixed_opponent_explorer()
    app.controls["rock"].value = 0.8
    app.controls["paper"].value = 0.6
    assert "exceeds 1" in app.status.value


def test_playing_the_bot_updates_score_and_strategy():
    app = widgets.play_against_bot(seed=0)
    first_image = app.images[0].value
    for _ in range(5):
        app.buttons["rock"].click()
    bot = app.state["bot"]
    assert len(bot.history) == 5
    assert "You played rock" in app.status.value
    assert bot.strategy()[1] == 1.0  # the bot has learned that paper beats your rock
    assert app.images[0].value != first_image
    app.buttons["new game"].click()
    assert len(app.state["bot"].history) == 0
    assert "You 0 · draws 0 · bot 0" in app.status.value


def test_app_displays_as_a_widget():
    bundle = widgets.play_against_bot()._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
