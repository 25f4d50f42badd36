"""The action-mix figure of Chapter 9's river spots draws exactly its shares, in the chapter's
colours per action, legibly, and refuses what is not a mix of probabilities."""

from __future__ import annotations

import numpy as np
import pytest
from figure_text import smallest_text_px  # the tests' own measure of figure text
from matplotlib.colors import to_hex

from lessons_lib import plots
from lessons_lib.plots.holdem import action_styles


def test_each_bar_is_cut_into_the_shares_it_is_given():
    mixes = {
        "first": {"check": 0.5, "bet 25%": 0.3, "bet 175%": 0.2},
        "second": {"check": 0.9, "all-in": 0.1},
    }
    figure = plots.action_mix_figure(mixes, title="Mixes")
    ax = figure.axes[0]
    actions = ["check", "bet 25%", "bet 175%", "all-in"]  # in the order they first appear
    colours = dict(zip(actions, (c for c, _ in action_styles(actions)), strict=True))
    segments = {}
    for patch in ax.patches:
        row = round(patch.get_y() + patch.get_height() / 2)
        segments[row, to_hex(patch.get_facecolor())] = (patch.get_x(), patch.get_width())
    # the first situation on top (row 1), each segment starting where the one before ends
    assert segments[1, to_hex(colours["check"])] == pytest.approx((0.0, 50.0))
    assert segments[1, to_hex(colours["bet 25%"])] == pytest.approx((50.0, 30.0))
    assert segments[1, to_hex(colours["bet 175%"])] == pytest.approx((80.0, 20.0))
    assert segments[0, to_hex(colours["all-in"])] == pytest.approx((90.0, 10.0))
    assert segments[0, to_hex(colours["bet 25%"])][1] == 0.0  # an action a bar lacks is 0 long
    ticks = {t.get_text(): y for t, y in zip(ax.get_yticklabels(), ax.get_yticks(), strict=True)}
    assert ticks == {"first": 1, "second": 0}
    assert sorted(t.get_text() for t in ax.texts) == sorted(["50%", "30%", "20%", "90%", "10%"])
    assert ax.get_title() == "Mixes" and "%" in ax.get_xlabel()
    assert [t.get_text() for t in figure.legends[0].get_texts()] == actions
    size, text = smallest_text_px(figure)
    assert size >= 9, (size, text)


def test_small_segments_are_drawn_but_not_labelled():
    figure = plots.action_mix_figure({"a": {"check": 0.97, "bet 25%": 0.03}})
    ax = figure.axes[0]
    assert [t.get_text() for t in ax.texts] == ["97%"]
    assert np.isclose(sum(p.get_width() for p in ax.patches), 100.0)


@pytest.mark.parametrize(
    "mixes",
    [
        {},
        {"a": {"check": 0.5}},
        {"a": {"check": 1.5, "bet": -0.5}},
        {"a": {"check": float("nan"), "bet": 1.0}},
        {1: {"check": 1.0}},
        {"a": {2: 1.0}},
        {"a": [0.5, 0.5]},
        [("a", {"check": 1.0})],
    ],
)
def test_what_is_not_a_mix_is_refused(mixes):
    with pytest.raises(ValueError, match="mixes"):
        plots.action_mix_figure(mixes)
