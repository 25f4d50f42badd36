"""The widgets, driven from Python: changing a control or clicking a button updates the app."""

import ipywidgets
import pytest

from lessons_lib import plots, widgets
from lessons_lib.widgets.live_figure import LiveFigure


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


def test_an_app_shows_figures_as_images_and_strings_as_html():
    slider = ipywidgets.IntSlider(value=1, min=1, max=3)

    def render(values):
        figure, (ax,) = plots.new_figure(3.0, 2.0)
        ax.plot([0, values["n"]], [0, 1])
        live = LiveFigure(plots.new_figure(2.0, 2.0)[0])
        return [figure, f"<b>{values['n']}</b>", live], f"n = {values['n']}"

    app = widgets.App({"n": slider}, render)
    assert [type(panel).__name__ for panel in app.panels] == ["Image", "HTML", "Image"]
    assert app.tables == [app.panels[1]] and app.images == [app.panels[0], app.panels[2]]
    assert app.tables[0].value == "<b>1</b>" and app.status.value == "n = 1"
    assert [image.layout.width for image in app.images] == ["240px", "160px"]  # 80 px per inch
    first = app.images[0].value
    slider.value = 2
    assert app.tables[0].value == "<b>2</b>" and app.images[0].value != first

    def changing(values):
        panels, status = render(values)
        return ([panels[0], panels[0], panels[2]] if values["n"] == 3 else panels), status

    other = widgets.App({"n": ipywidgets.IntSlider(value=1, min=1, max=3)}, changing)
    with pytest.raises(ValueError, match="panel 1 changed kind"):
        other.controls["n"].value = 3
