"""The abstraction figures draw the data they are given, labelled, in the methods' colours."""

from __future__ import annotations

import pytest
from figure_text import smallest_text_px  # the tests' own measure of figure text
from matplotlib.colors import to_hex

from lessons_lib import plots
from lessons_lib.abstraction import (
    AbstractionMeasurement,
    ActionAbstraction,
    Pathology,
    card_bucketing,
)
from lessons_lib.games import LeducPoker
from lessons_lib.plots.abstraction import (
    _bucket_ticks,
    abstraction_convergence_figure,
    bet_size_gain_figure,
)
from lessons_lib.plots.style import ALGORITHM_COLOURS, PLAYER_COLOURS

MENUS = [
    ActionAbstraction((0.75,), 100, 0.05, 12.5),
    ActionAbstraction((0.35, 1.5), 200, 0.04, 9.0),
    ActionAbstraction(tuple(0.1 * k for k in range(1, 8)), 300, 0.03, 0.03),
]
GAME = LeducPoker(ranks=4)
SMALL = LeducPoker(ranks=3)


def sweep(method: str, real: list[float]) -> list[AbstractionMeasurement]:
    return [
        AbstractionMeasurement(card_bucketing(GAME, method, b), 10 * b, 100, 1e-4, e)
        for b, e in enumerate(real, start=1)
    ]


def test_menu_labels() -> None:
    assert plots.menu_label((0.35, 1.5)) == "35%, 150%"
    assert plots.menu_label((0.75,)) == "75%"
    assert plots.menu_label(tuple(range(1, 6))) == "5 sizes"


def test_action_figure_draws_both_series_in_order() -> None:
    figure = plots.action_abstraction_figure(MENUS)
    (ax,) = figure.axes
    real, inside = ax.lines
    assert list(real.get_ydata()) == [12.5, 9.0, 0.03]
    assert list(inside.get_ydata()) == [0.05, 0.04, 0.03]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["75%", "35%, 150%", "7 sizes"]
    assert ax.get_yscale() == "log" and "pot" in ax.get_ylabel() and ax.get_title()
    assert "bet sizes" in ax.get_xlabel()
    assert [t.get_text() for t in ax.texts] == ["12.50%", "9.00%", "0.03%"]


def test_action_figure_refuses_nothing_to_draw() -> None:
    with pytest.raises(ValueError, match="measured"):
        plots.action_abstraction_figure([])
    with pytest.raises(ValueError, match="measured"):
        plots.action_abstraction_figure([1.0])


def test_card_figure_draws_each_method_and_rings_the_pathology() -> None:
    strength = sweep("strength", [2.0, 0.4, 0.15, 0.16])
    percentile = sweep("percentile", [2.0, 0.4, 0.15, 0.05])
    small = [
        AbstractionMeasurement(card_bucketing(SMALL, "strength", b), 10 * b, 100, 1e-4, e)
        for b, e in enumerate([1.5, 0.3, 2e-4], start=1)
    ]
    figure = plots.card_abstraction_figure(
        {3: {"strength": small}, 4: {"strength": strength, "percentile": percentile}},
        [Pathology(strength[2], strength[3])],
    )
    left, ax = figure.axes
    assert [line.get_ydata()[0] for line in left.lines] == [1.5, 1e-4]
    assert "3 ranks" in left.get_title() and "4 ranks" in ax.get_title()
    colours = [to_hex(line.get_color()) for line in ax.lines[:4]]
    assert colours[0] == colours[1] == plots.METHOD_COLOURS["strength"].lower()
    assert colours[2] == colours[3] == plots.METHOD_COLOURS["percentile"].lower()
    assert list(ax.lines[0].get_ydata()) == [2.0, 0.4, 0.15, 0.16]
    assert list(ax.lines[1].get_ydata()) == [1e-4] * 4
    assert list(ax.lines[2].get_xdata()) == [1, 2, 3, 4]
    assert ax.lines[0].get_marker() == "o" and ax.lines[2].get_marker() == "^"
    join, ring = ax.lines[4], ax.lines[5]  # in the panel of the pathology's deck
    assert list(join.get_xdata()) == [3, 4] and list(ring.get_ydata()) == [0.16]
    assert len(left.lines) == 2
    (legend,) = figure.legends
    labels = [text.get_text() for text in legend.get_texts()]
    assert labels.count("strength: real") == 1  # once for both panels
    assert "pathology (black step): finer, more exploitable" in labels
    assert "percentile: within the abstraction" in labels
    assert left.get_yscale() == ax.get_yscale() == "log" and left.get_ylim() == ax.get_ylim()
    assert "buckets" in ax.get_xlabel() and figure.get_suptitle()
    assert "chips" in left.get_ylabel()


def test_card_figure_ticks_every_other_bucket_on_large_decks() -> None:
    assert _bucket_ticks(6) == [1, 2, 3, 4, 5, 6]
    assert _bucket_ticks(13) == [1, 3, 5, 7, 9, 11, 13]
    assert _bucket_ticks(10) == [1, 2, 4, 6, 8, 10]


def test_method_colours_are_nobody_elses() -> None:
    reserved = {c.lower() for c in (*PLAYER_COLOURS.values(), *ALGORITHM_COLOURS.values())}
    colours = {c.lower() for c in plots.METHOD_COLOURS.values()}
    assert len(colours) == 2 and not colours & reserved


def test_card_figure_refuses_empty_sweeps() -> None:
    with pytest.raises(ValueError, match="decks"):
        plots.card_abstraction_figure({})
    with pytest.raises(ValueError, match="decks"):
        plots.card_abstraction_figure([1, 2])
    with pytest.raises(ValueError, match="4-rank deck"):
        plots.card_abstraction_figure({4: {}})
    with pytest.raises(ValueError, match="strength"):
        plots.card_abstraction_figure({4: {"strength": []}})
    strength = sweep("strength", [2.0, 0.4, 0.15, 0.16])
    small = [AbstractionMeasurement(card_bucketing(SMALL, "strength", 1), 10, 100, 1e-4, 1.5)]
    with pytest.raises(ValueError, match="deck that is not drawn"):
        plots.card_abstraction_figure(
            {3: {"strength": small}}, [Pathology(strength[2], strength[3])]
        )
    with pytest.raises(ValueError, match="wrong deck or method"):  # 4-rank data filed under 3
        plots.card_abstraction_figure({3: {"strength": strength[:3]}})


GAINS = {(0.75,): [(0.1, 11.0), (0.5, 3.0), (1.0, 0.2)], (0.35, 1.5): [(0.1, 4.0), (1.0, 0.3)]}
WIDER = {(0.1, 0.75): [(0.5, 0.2), (1.0, 0.25)], (0.1, 0.35, 1.5): [(0.5, 0.1), (1.0, 0.2)]}


def test_gain_figure_draws_each_menu_in_its_panel_and_colour() -> None:
    figure = bet_size_gain_figure([GAINS, WIDER], ["as solved", "with 10% added"])
    left, right = figure.axes
    curve, ticks = left.lines[0], left.lines[1]  # each menu: its gains, then its sizes
    assert list(curve.get_xdata()) == [10.0, 50.0, 100.0]  # percent of the pot
    assert list(curve.get_ydata()) == [11.0, 3.0, 0.2]
    assert list(ticks.get_xdata()) == [75.0] and list(ticks.get_ydata()) == [0.0]
    assert list(left.lines[3].get_xdata()) == [35.0, 150.0]
    # The k-th menu of every panel has the k-th colour.
    assert to_hex(left.lines[0].get_color()) == to_hex(right.lines[0].get_color())
    assert to_hex(left.lines[2].get_color()) == to_hex(right.lines[2].get_color())
    assert to_hex(left.lines[0].get_color()) != to_hex(left.lines[2].get_color())
    labels = [t.get_text() for t in right.get_legend().get_texts()]
    assert labels == ["10%, 75%", "10%, 35%, 150%"]
    assert left.get_title() == "as solved" and "pot" in left.get_ylabel()
    assert "bet size" in right.get_xlabel() and figure.get_suptitle()
    assert smallest_text_px(figure)[0] >= 9


@pytest.mark.parametrize(
    ("call", "word"),
    [
        (lambda: bet_size_gain_figure([], []), "panels"),
        (lambda: bet_size_gain_figure([GAINS], ["a", "b"]), "titles"),
        (lambda: bet_size_gain_figure([GAINS], "a"), "titles"),
        (lambda: bet_size_gain_figure([{}], ["a"]), "at least one menu"),
        (lambda: bet_size_gain_figure([{(0.75,): []}], ["a"]), "gains"),
        (lambda: bet_size_gain_figure([{(0.75,): [(1.0, 1), (0.5, 2)]}], ["a"]), "increasing"),
        (lambda: bet_size_gain_figure([{(0.75,): [(0.5, float("nan"))]}], ["a"]), "gains"),
        (lambda: bet_size_gain_figure([{(-0.5,): [(0.5, 1.0)]}], ["a"]), "sizes"),
    ],
)
def test_gain_figure_refuses_bad_data(call, word) -> None:
    with pytest.raises(ValueError, match=word):
        call()


CURVES = {
    "strength": {1: [(10, 2.0), (100, 2.4)], 3: [(10, 0.5), (100, 0.15), (1000, 0.16)]},
    "percentile": {3: [(10, 0.5), (100, 0.15), (1000, 0.16)], 4: [(10, 0.4), (1000, 0.08)]},
}


def test_convergence_figure_draws_a_curve_per_bucket_count_and_a_zoom() -> None:
    figure = abstraction_convergence_figure(CURVES, ("strength", [3]), zoom_from=50)
    left, middle, zoomed = figure.axes[:3]
    assert [list(line.get_ydata()) for line in left.lines] == [[2.0, 2.4], [0.5, 0.15, 0.16]]
    assert list(middle.lines[1].get_xdata()) == [10, 1000]
    assert left.get_xscale() == left.get_yscale() == "log" and zoomed.get_yscale() == "linear"
    (late,) = zoomed.lines
    assert list(late.get_xdata()) == [100, 1000]  # from 50 iterations on
    # One colour per bucket count, the same in every panel.
    three = {to_hex(ax.lines[k].get_color()) for ax, k in ((left, 1), (middle, 0), (zoomed, 0))}
    assert len(three) == 1 and to_hex(left.lines[0].get_color()) not in three
    assert left.get_title() == "strength" and "50" in zoomed.get_title()
    assert "chips" in left.get_ylabel() and "iterations" in zoomed.get_xlabel()
    (legend,) = figure.legends
    assert [t.get_text() for t in legend.get_texts()] == ["1", "3"]
    assert smallest_text_px(figure)[0] >= 9


@pytest.mark.parametrize(
    ("call", "word"),
    [
        (lambda: abstraction_convergence_figure({}), "curves"),
        (lambda: abstraction_convergence_figure({"strength": {0: [(1, 1.0)]}}), "bucket count"),
        (lambda: abstraction_convergence_figure({"strength": {1: [(10, 1.0), (5, 1.0)]}}), "x"),
        (lambda: abstraction_convergence_figure(CURVES, ("strength", [4])), "zoom"),
        (lambda: abstraction_convergence_figure(CURVES, "strength"), "zoom"),
        (lambda: abstraction_convergence_figure(CURVES, ("strength", [1]), 1000), "zoom_from"),
    ],
)
def test_convergence_figure_refuses_bad_data(call, word) -> None:
    with pytest.raises(ValueError, match=word):
        call()
