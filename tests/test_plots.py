"""Figures are pure functions that return labelled matplotlib Figures with the book's colours."""

import numpy as np
import pytest
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from lessons_lib import plots
from lessons_lib.normal_form import rock_paper_scissors
from lessons_lib.regret_matching import learn_against_fixed, self_play

RPS = rock_paper_scissors()


def test_simplex_corners_and_centre():
    corners = plots.simplex_coordinates(np.eye(3))
    centre = plots.simplex_coordinates(np.full(3, 1 / 3))[0]
    assert np.allclose(centre, corners.mean(axis=0))
    with pytest.raises(ValueError, match="three actions"):
        plots.simplex_coordinates(np.ones((2, 2)) / 2)


def test_simplex_figure_draws_average_in_player_colour_and_current_apart():
    trajectory = self_play(RPS, 200, ([1, 0, 0], [0, 0, 0]))
    figure = plots.simplex_figure(trajectory, player=2, equilibrium=[1 / 3] * 3)
    assert isinstance(figure, Figure)
    simplex, series = figure.axes
    assert figure.get_suptitle() and simplex.get_title() and series.get_title()
    by_label = {line.get_label(): line for line in simplex.lines}
    average = by_label["average strategy $\\bar\\sigma^T$"]
    current = by_label["current strategy $\\sigma^t$"]
    assert to_hex(average.get_color()) == plots.PLAYER_COLOURS[2].lower()
    # The current strategy has a colour of its own, darker than the light outline under it.
    outline = simplex.lines[0]
    assert to_hex(current.get_color()) not in {
        to_hex(average.get_color()),
        to_hex(outline.get_color()),
    }
    assert current.get_zorder() > outline.get_zorder()
    end = plots.simplex_coordinates(trajectory.average[2][-1])[0]
    assert np.allclose(average.get_xydata()[-1], end)
    # The time series shows the first action's probability, round by round.
    series_current, series_average = series.lines[:2]
    assert np.allclose(series_current.get_ydata(), trajectory.current[2][:, 0])
    assert np.allclose(series_average.get_ydata(), trajectory.average[2][:, 0])
    alone = plots.simplex_figure(trajectory, player=2, series_rounds=None)
    assert len(alone.axes) == 1
    with pytest.raises(ValueError, match="series_rounds must be at least 1, got 0"):
        plots.simplex_figure(trajectory, series_rounds=0)


def test_convergence_figure_is_log_log_and_labelled():
    x = np.arange(1, 101)
    figure = plots.convergence_figure(x, {"a": 1 / np.sqrt(x)}, reference=("ref", 2 / np.sqrt(x)))
    ax = figure.axes[0]
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    assert ax.get_xlabel() and ax.get_ylabel() and ax.get_title()
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["a", "ref"]


def test_strategy_bars_show_the_values():
    figure = plots.strategy_bars_figure({"s": [0.2, 0.3, 0.5]}, RPS.row_actions, "t")
    heights = [patch.get_height() for patch in figure.axes[0].patches]
    assert heights == pytest.approx([0.2, 0.3, 0.5])


def test_mean_payoff_figure_has_target_line():
    trajectory = learn_against_fixed(RPS, [0.5, 0.25, 0.25], 100)
    figure = plots.mean_payoff_figure(trajectory, target=0.25)
    assert figure.axes[0].lines[1].get_ydata()[0] == pytest.approx(0.25)


def test_figure_to_png_is_a_png():
    figure, _ = plots.new_figure()
    assert plots.figure_to_png(figure).startswith(b"\x89PNG")


def test_animation_is_self_contained_html():
    trajectory = self_play(RPS, 300, ([1, 0, 0], [0, 0, 0]))
    html = plots.simplex_animation(trajectory, frames=5)
    assert "<script" in html and "data:image/png;base64" in html
    assert "http://" not in html.replace("http://www.w3.org", "")
