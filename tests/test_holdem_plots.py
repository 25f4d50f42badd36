"""The river figures of Chapter 9 draw exactly the data they are given, legibly, in the book's
colours, and refuse data they cannot draw."""

from __future__ import annotations

import numpy as np
import pytest
from figure_text import smallest_text_px  # the tests' own measure of figure text
from matplotlib.colors import to_hex

from lessons_lib import plots
from lessons_lib.holdem.cards import grid_names
from lessons_lib.plots.holdem import EMPTY_CELL, GRID_COLOURMAPS


def test_the_grid_labels_every_class_with_its_number_and_colours_by_value():
    values = np.zeros((13, 13))
    values[0, 1] = 0.73  # AKs
    values[1, 0] = 1.0  # AKo
    present = np.ones((13, 13), dtype=bool)
    present[12, 12] = False  # 22 not in the range
    figure = plots.range_grid_figure(values, "Bets", "bet frequency", player=2, present=present)
    ax = figure.axes[0]
    texts = {t.get_text().split("\n")[0]: t.get_text() for t in ax.texts}
    names = [name for row in grid_names() for name in row]
    assert sorted(texts) == sorted(names) and len(ax.texts) == 169
    assert texts["AKs"] == "AKs\n73" and texts["AKo"] == "AKo\n100" and texts["22"] == "22"
    assert ax.get_title() == "Bets"
    image = ax.images[0].get_array()
    assert to_hex(image[1, 0]) == to_hex(GRID_COLOURMAPS[2](1.0)) == plots.PLAYER_COLOURS[2].lower()
    assert to_hex(image[0, 0]) == "#ffffff"
    assert to_hex(image[12, 12]) == EMPTY_CELL.lower()
    assert figure.axes[1].get_ylabel() == "bet frequency"  # the colour bar
    size, text = smallest_text_px(figure)
    assert size >= 9, (size, text)


@pytest.mark.parametrize(
    ("values", "present", "player"),
    [
        (np.zeros((12, 13)), None, 1),
        (np.full((13, 13), 1.5), None, 1),
        (np.zeros((13, 13)), np.ones((3, 3)), 1),
        (np.zeros((13, 13)), None, 3),
    ],
)
def test_the_grid_refuses_what_is_not_a_grid(values, present, player):
    with pytest.raises(ValueError, match="values|present|player"):
        plots.range_grid_figure(values, "t", "l", player=player, present=present)


def test_the_equity_curve_is_the_sorted_equity_against_the_weighted_share():
    equity = np.array([0.9, 0.1, 0.5])
    weights = np.array([1.0, 2.0, 1.0])
    figure = plots.equity_curve_figure({1: (equity, weights), 2: (equity[:2], weights[:2])})
    ax = figure.axes[0]
    one, two = ax.lines[:2]
    np.testing.assert_allclose(one.get_xdata(), [50.0, 75.0, 100.0])  # shares 2/4, 3/4, 4/4
    np.testing.assert_allclose(one.get_ydata(), [10.0, 50.0, 90.0])
    assert to_hex(one.get_color()) == plots.PLAYER_COLOURS[1].lower()
    assert to_hex(two.get_color()) == plots.PLAYER_COLOURS[2].lower()
    assert ax.get_xlabel() and ax.get_ylabel() and ax.get_title()
    assert smallest_text_px(figure)[0] >= 9
    with pytest.raises(ValueError, match="equities"):
        plots.equity_curve_figure({3: (equity, weights)})
    with pytest.raises(ValueError, match="equities"):
        plots.equity_curve_figure({1: (equity, weights[:2])})


def test_the_hand_value_figure_draws_one_dot_per_combo():
    equity, value = np.array([0.2, 0.8]), np.array([-5.0, 120.0])
    figure = plots.hand_value_figure({2: (equity, value)})
    ax = figure.axes[0]
    (dots,) = ax.collections
    np.testing.assert_allclose(dots.get_offsets(), [[20.0, -5.0], [80.0, 120.0]])
    assert to_hex(dots.get_facecolor()[0]) == plots.PLAYER_COLOURS[2].lower()
    assert "% of the pot" in ax.get_ylabel() and smallest_text_px(figure)[0] >= 9
    with pytest.raises(ValueError, match="values"):
        plots.hand_value_figure({1: (equity, np.array([np.nan, 1.0]))})


def test_the_exploitability_figure_is_log_log_in_the_algorithms_colours():
    curves = {"CFR+": [(10, 5.0), (100, 0.5)], "DCFR": [(10, 3.0), (100, 0.1)]}
    figure = plots.river_exploitability_figure(curves, target=0.3)
    ax = figure.axes[0]
    assert ax.get_xscale() == ax.get_yscale() == "log"
    cfr_plus, dcfr, target = ax.lines
    np.testing.assert_allclose(cfr_plus.get_xydata(), [[10, 5.0], [100, 0.5]])
    assert to_hex(cfr_plus.get_color()) == plots.ALGORITHM_COLOURS["cfr+"].lower()
    assert to_hex(dcfr.get_color()) == plots.ALGORITHM_COLOURS["dcfr"].lower()
    assert list(target.get_ydata()) == [0.3, 0.3]
    assert "% of the pot" in ax.get_ylabel() and smallest_text_px(figure)[0] >= 9
    for bad in ({}, {"CFR+": [(10, 0.0)]}, {"CFR+": [(10,)]}):
        with pytest.raises(ValueError, match="curves"):
            plots.river_exploitability_figure(bad, target=0.3)


def test_the_strategy_by_size_figure_averages_each_bin_by_weight():
    equity = np.array([0.05, 0.07, 0.95, 0.55])
    weights = np.array([1.0, 3.0, 1.0, 1.0])
    bets = {"33%": np.array([1.0, 0.0, 0.5, 0.0]), "all-in": np.array([0.0, 1.0, 1.0, 0.2])}
    figure = plots.strategy_by_size_figure(equity, weights, bets, bins=10)
    ax = figure.axes[0]
    small, large = ax.lines
    np.testing.assert_allclose(small.get_xdata(), [5.0, 55.0, 95.0])  # empty bins left out
    np.testing.assert_allclose(small.get_ydata(), [25.0, 0.0, 50.0])  # (1 * 1 + 3 * 0) / 4
    np.testing.assert_allclose(large.get_ydata(), [75.0, 20.0, 100.0])
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["33%", "all-in"]
    assert smallest_text_px(figure)[0] >= 9
    with pytest.raises(ValueError, match="bins"):
        plots.strategy_by_size_figure(equity, weights, bets, bins=0)
    with pytest.raises(ValueError, match="frequencies"):
        plots.strategy_by_size_figure(equity, weights, {"33%": np.ones(3)})


def test_a_bet_size_keeps_its_colour_from_one_figure_to_the_next():
    equity, weights = np.array([0.2, 0.8]), np.ones(2)
    menu = {name: np.array([0.5, 0.5]) for name in ("check", "bet 33%", "bet 75%", "all-in")}
    single = {name: np.array([0.5, 0.5]) for name in ("33%", "75%", "150%", "all-in only")}
    styles = {}
    for frequencies in (menu, single):
        ax = plots.strategy_by_size_figure(equity, weights, frequencies, bins=2).axes[0]
        for line in ax.lines:
            size = line.get_label().removeprefix("bet ").split(" ")[0]
            styles.setdefault(size, set()).add((line.get_color(), line.get_marker()))
    assert all(len(found) == 1 for found in styles.values())  # one style per size
    assert len({next(iter(found)) for found in styles.values()}) == len(styles)  # all distinct
    # A label outside the usual menu takes a style that no other label in the figure has.
    odd = {"bet 50%": np.ones(2), "check": np.ones(2), "75%": np.ones(2)}
    ax = plots.strategy_by_size_figure(equity, weights, odd, bins=2).axes[0]
    assert len({(line.get_color(), line.get_marker()) for line in ax.lines}) == 3


def test_the_mix_grid_draws_each_class_as_its_shares_of_the_actions():
    actions = ["check", "bet 33%", "bet 75%", "all-in"]
    mixes = np.zeros((4, 13, 13))
    mixes[0] = 1.0
    mixes[:, 0, 1] = (0.25, 0.5, 0.0, 0.25)  # AKs
    present = np.ones((13, 13), dtype=bool)
    present[12, 12] = False  # 22 not in the range
    figure = plots.action_mix_grid_figure(mixes, actions, "Mix", present=present)
    ax = figure.axes[0]
    colours = plots.holdem.mix_colours(actions)
    assert colours[0] == "#44AA99" and colours[-1] == "#7F0000"  # check teal, all-in darkest
    assert len(set(colours)) == 4
    # the rectangles (x, y, width, height, colour), one collection; the bars, not the cells
    (collection,) = ax.collections
    boxes = [
        (*v.min(axis=0), *(v.max(axis=0) - v.min(axis=0)), to_hex(colour))
        for v, colour in zip(
            (path.vertices for path in collection.get_paths()),
            collection.get_facecolors(),
            strict=True,
        )
    ]
    bars = [b for b in boxes if b[3] < 0.9]
    in_aks = [b for b in bars if -0.5 < b[0] + b[2] / 2 - 1 < 0.5 and abs(b[1] + 0.05) < 1e-9]
    widths = {colour: width for _, _, width, _, colour in in_aks}
    assert widths == {"#44aa99": 0.25, to_hex(colours[1]): 0.5, "#7f0000": 0.25}
    assert not [b for b in bars if abs(b[1] - 11.95) < 1e-9 and 11.5 < b[0] < 12.5]
    legend = [t.get_text() for t in figure.legends[0].get_texts()]
    assert legend == actions and ax.get_title() == "Mix"
    size, text = smallest_text_px(figure)
    assert size >= 9, (size, text)


@pytest.mark.parametrize(
    ("mixes", "actions", "message"),
    [
        (np.full((2, 13, 13), 0.5), ["check", "bet 50%", "all-in"], "must be 3 x 13 x 13"),
        (np.full((2, 13, 13), 0.6), ["check", "bet 50%"], "sum to 1"),
        (np.full((2, 13, 13), np.nan), ["check", "bet 50%"], "mixes"),
        (np.full((1, 13, 13), 1.0), "check", "list of action names"),
        (np.full((5, 13, 13), 0.2), ["check", "1", "2", "3", "4"], "told apart"),
    ],
)
def test_the_mix_grid_refuses_what_it_cannot_draw(mixes, actions, message):
    with pytest.raises(ValueError, match=message):
        plots.action_mix_grid_figure(mixes, actions, "Mix")
