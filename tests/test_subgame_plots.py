"""The subgame-solving figures of Chapter 11 draw exactly the data they are given, legibly, in the
methods' colours, and refuse data they cannot draw."""

from __future__ import annotations

import numpy as np
import pytest
from figure_text import smallest_text_px  # the tests' own measure of figure text
from matplotlib.colors import to_hex

from lessons_lib import plots
from lessons_lib.plots.style import ALGORITHM_COLOURS, CHANCE_COLOUR, PLAYER_COLOURS
from lessons_lib.plots.subgames import MARK_COLOURS, RESOLVE_MARKERS

GUESSES = np.linspace(0.0, 1.0, 5)
INSIDE = np.array([-1.0, -0.5, 0.0, 0.5, 1.0]) / 3
WHOLE = np.array([5, 3, 5, 7, 9]) / 16
MARKS = {"blueprint": 0.5, "unsafe": 1.0, "equilibrium": 0.25}


def test_the_coin_toss_figure_draws_both_curves_and_every_mark_in_both_panels() -> None:
    figure = plots.coin_toss_resolving_figure(GUESSES, INSIDE, WHOLE, MARKS)
    inside, whole = figure.axes
    curve, *marks = inside.lines
    np.testing.assert_array_equal(curve.get_xdata(), GUESSES)
    np.testing.assert_array_equal(curve.get_ydata(), INSIDE)
    assert to_hex(curve.get_color()) == PLAYER_COLOURS[2].lower()
    np.testing.assert_array_equal(whole.lines[0].get_ydata(), WHOLE)
    for ax in (inside, whole):
        drawn = ax.lines[1:]
        assert [line.get_xdata()[0] for line in drawn] == list(MARKS.values())
        assert [line.get_label() for line in drawn] == list(MARKS)
        assert [to_hex(line.get_color()) for line in drawn] == [c.lower() for c in MARK_COLOURS[:3]]
        assert [line.get_linestyle() for line in drawn] == ["--", "-.", "--"]  # (0, (4, 1.5))
        low, high = ax.get_xlim()
        assert low < 0.0 and high > 1.0  # a mark at either end is not hidden by the frame
        assert "g'" in ax.get_xlabel() and ax.get_title()
    assert "player 2" in inside.get_ylabel() and "exploitability" in whole.get_ylabel()
    (legend,) = figure.legends
    assert [t.get_text() for t in legend.get_texts()] == list(MARKS)  # once, not per panel
    assert figure.get_suptitle()
    size, text = smallest_text_px(figure)
    assert size >= 9, (size, text)


def test_the_coin_toss_figure_takes_the_marks_colours_in_order() -> None:
    colours = ["#000000", "#CC6677", "#88CCEE"]
    figure = plots.coin_toss_resolving_figure(GUESSES, INSIDE, WHOLE, MARKS, colours)
    for ax in figure.axes:
        assert [to_hex(line.get_color()) for line in ax.lines[1:]] == [c.lower() for c in colours]
    with pytest.raises(ValueError, match="colours must give a colour to each of the 3 marks"):
        plots.coin_toss_resolving_figure(GUESSES, INSIDE, WHOLE, MARKS, colours[:2])
    with pytest.raises(ValueError, match="colours must give"):
        plots.coin_toss_resolving_figure(GUESSES, INSIDE, WHOLE, MARKS, ["red", "blue", "nope"])
    with pytest.raises(ValueError, match="colours must be a list"):
        plots.coin_toss_resolving_figure(GUESSES, INSIDE, WHOLE, MARKS, "red")


@pytest.mark.parametrize(
    ("guesses", "inside", "whole", "marks", "match"),
    [
        (GUESSES, INSIDE[:4], WHOLE, MARKS, "one length"),
        (GUESSES[::-1], INSIDE, WHOLE, MARKS, "guesses must increase"),
        (GUESSES + 0.5, INSIDE, WHOLE, MARKS, "guesses must increase"),
        (GUESSES, INSIDE, WHOLE * np.nan, MARKS, "exploitability"),
        (GUESSES, INSIDE, WHOLE, {}, "marks"),
        (GUESSES, INSIDE, WHOLE, {"far": 1.5}, "marks"),
        (GUESSES, INSIDE, WHOLE, {f"m{k}": 0.1 for k in range(7)}, "marks"),
    ],
)
def test_the_coin_toss_figure_refuses_bad_data(guesses, inside, whole, marks, match) -> None:
    with pytest.raises(ValueError, match=match):
        plots.coin_toss_resolving_figure(guesses, inside, whole, marks)


def test_the_unsafe_figure_draws_every_point_above_or_below_the_diagonal() -> None:
    blueprint, at_once = [0.01, 0.5], [0.2, 0.25]
    alone_blueprint, alone_after = [0.01, 0.01, 0.5], [0.011, 0.009, 0.4]
    figure = plots.unsafe_resolving_figure(blueprint, at_once, alone_blueprint, alone_after)
    (ax,) = figure.axes
    alone, together, diagonal = ax.lines
    assert list(alone.get_xdata()) == alone_blueprint and list(alone.get_ydata()) == alone_after
    assert list(together.get_xdata()) == blueprint and list(together.get_ydata()) == at_once
    assert list(diagonal.get_xdata()) == list(diagonal.get_ydata())  # y = x
    low, high = ax.get_xlim()
    assert low < 0.009 and high > 0.5 and ax.get_ylim() == (low, high)
    assert to_hex(together.get_color()) == plots.RESOLVE_COLOURS["unsafe"].lower()
    assert ax.get_xscale() == ax.get_yscale() == "log"
    assert "blueprint" in ax.get_xlabel() and "after" in ax.get_ylabel() and ax.get_title()
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == [
        "one subgame re-solved alone",
        "all 15 subgames re-solved at once",
        "no change",
    ]
    size, text = smallest_text_px(figure)
    assert size >= 9, (size, text)


def test_the_unsafe_figure_refuses_bad_data() -> None:
    with pytest.raises(ValueError, match="one length"):
        plots.unsafe_resolving_figure([0.1, 0.2], [0.1], [0.1], [0.1])
    with pytest.raises(ValueError, match="blueprint must be a non-empty"):
        plots.unsafe_resolving_figure([], [], [0.1], [0.1])
    with pytest.raises(ValueError, match="positive"):
        plots.unsafe_resolving_figure([0.1], [0.0], [0.1], [0.1])
    with pytest.raises(ValueError, match="alone_after"):
        plots.unsafe_resolving_figure([0.1], [0.1], [0.1], ["x"])


def test_the_safe_figure_draws_each_method_in_order_of_the_blueprints() -> None:
    blueprint = [0.3, 0.01, 1.0]
    changes = {"resolve": [-0.1, -0.02, -0.3], "reach-maxmargin": [-0.3, -0.25, -0.5]}
    figure = plots.safe_resolving_figure(blueprint, changes)
    (ax,) = figure.axes
    zero, *drawn = ax.lines
    assert list(zero.get_ydata()) == [0.0, 0.0]
    markers = drawn[1::2]  # each method: a thin line, then its markers
    assert [line.get_label() for line in markers] == list(changes)
    for line, (method, relative) in zip(markers, changes.items(), strict=True):
        assert list(line.get_xdata()) == [0.01, 0.3, 1.0]
        np.testing.assert_allclose(line.get_ydata(), 100 * np.array(relative)[[1, 0, 2]])
        assert line.get_marker() == RESOLVE_MARKERS[method]
        assert to_hex(line.get_color()) == plots.RESOLVE_COLOURS[method].lower()
    assert ax.get_xscale() == "log" and "%" in ax.get_ylabel() and ax.get_title()
    (legend,) = figure.legends
    assert [t.get_text() for t in legend.get_texts()] == ["no change", *changes]
    size, text = smallest_text_px(figure)
    assert size >= 9, (size, text)


def test_the_safe_figure_refuses_bad_data() -> None:
    with pytest.raises(ValueError, match="changes"):
        plots.safe_resolving_figure([0.1], {})
    with pytest.raises(ValueError, match="unknown method 'safe'"):
        plots.safe_resolving_figure([0.1], {"safe": [0.0]})
    with pytest.raises(ValueError, match="positive"):
        plots.safe_resolving_figure([0.0], {"resolve": [0.0]})
    with pytest.raises(ValueError, match="one length"):
        plots.safe_resolving_figure([0.1, 0.2], {"resolve": [0.0]})


def test_the_methods_colours_are_distinct_and_nobody_elses() -> None:
    reserved = {c.lower() for c in (*PLAYER_COLOURS.values(), *ALGORITHM_COLOURS.values())}
    colours = {c.lower() for c in plots.RESOLVE_COLOURS.values()}
    assert len(colours) == len(plots.RESOLVE_COLOURS) == 5
    assert not colours & (reserved | {CHANCE_COLOUR.lower()})
    assert len(set(RESOLVE_MARKERS.values())) == len(RESOLVE_MARKERS)
