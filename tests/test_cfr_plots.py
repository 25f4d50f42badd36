"""The figures of Chapter 4 draw the numbers they are given, where they say they do.

Each test reads the data back out of the matplotlib artists and compares it with the input, or
with a value derived on paper (the 1/sqrt(T) reference line has slope -1/2 on log-log axes and
passes through the first checkpoint; 1 chip per hand is 1000 mbb/g).
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from figure_text import smallest_text_px  # the tests' own measure of figure text
from matplotlib.lines import Line2D

from lessons_lib import plots
from lessons_lib.cfr import Checkpoint, solve
from lessons_lib.games import KuhnPoker
from lessons_lib.kuhn_equilibria import nash_equilibrium
from lessons_lib.plots.axes import decades_around, power_of_ten
from lessons_lib.plots.live import set_exploitability_curves
from lessons_lib.plots.tables import learned_strategy_table
from lessons_lib.policy import uniform_policy

GAME = KuhnPoker()


@pytest.fixture(scope="module")
def run():
    return solve(GAME, "cfr", 300, engine="sequence-form")


def line_labelled(ax, label: str) -> Line2D:
    (line,) = [line for line in ax.get_lines() if line.get_label() == label]
    return line


def test_exploitability_figure_draws_both_curves_of_the_history(run) -> None:
    figure = plots.cfr_exploitability_figure(run.history)
    ax = figure.axes[0]
    average = line_labelled(ax, r"average strategy $\bar\sigma^T$")
    current = line_labelled(ax, r"current strategy $\sigma^{T+1}$")
    np.testing.assert_allclose(average.get_xdata(), [c.iteration for c in run.history])
    np.testing.assert_allclose(average.get_ydata(), [c.average_exploitability for c in run.history])
    np.testing.assert_allclose(current.get_ydata(), [c.current_exploitability for c in run.history])
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    assert (
        ax.get_ylabel() == "exploitability (chips per hand)" and ax.get_xlabel() == "iterations T"
    )


def test_reference_line_has_slope_minus_one_half_through_the_first_point(run) -> None:
    ax = plots.cfr_exploitability_figure(run.history).axes[0]
    reference = line_labelled(ax, r"reference slope $1/\sqrt{T}$")
    x, y = np.log(reference.get_xdata()), np.log(reference.get_ydata())
    slope = np.polyfit(x, y, 1)[0]
    assert slope == pytest.approx(-0.5)
    assert reference.get_xdata()[0] == run.history[0].iteration
    assert reference.get_ydata()[0] == pytest.approx(run.history[0].average_exploitability)


def test_second_axis_is_in_mbb_per_game(run) -> None:
    figure = plots.cfr_exploitability_figure(run.history)
    labels = [ax.get_ylabel() for ax in figure.axes] + [
        child.get_ylabel()
        for child in figure.axes[0].child_axes  # the secondary axis
    ]
    assert "mbb/g" in labels
    (secondary,) = figure.axes[0].child_axes
    forward, _ = secondary._functions
    assert forward(0.25) == pytest.approx(250.0)


def test_current_curve_and_reference_can_be_left_out(run) -> None:
    ax = plots.cfr_exploitability_figure(run.history, show_current=False, reference=False).axes[0]
    assert [line.get_label() for line in ax.get_lines()] == [r"average strategy $\bar\sigma^T$"]


def test_an_empty_history_gives_a_note_not_an_error() -> None:
    ax = plots.cfr_exploitability_figure([]).axes[0]
    (note,) = [text for text in ax.texts if text.get_text() == "no iterations yet"]
    assert note.get_visible()
    assert len(ax.get_lines()) == 3 and not any(len(line.get_xdata()) for line in ax.get_lines())
    with_data = plots.cfr_exploitability_figure([Checkpoint(1, 0.5, 0.5, 0.0)]).axes[0]
    assert not [text for text in with_data.texts if text.get_visible()]


def test_fixed_ranges_hold_whatever_the_data(run) -> None:
    ax = plots.cfr_exploitability_figure(
        run.history[:5], iteration_range=(1, 20_000), exploitability_range=(1e-6, 1)
    ).axes[0]
    assert ax.get_xlim() == (1, 20_000) and ax.get_ylim() == (1e-6, 1)
    reference = line_labelled(ax, r"reference slope $1/\sqrt{T}$")
    assert reference.get_xdata()[-1] == pytest.approx(20_000)  # drawn across the whole axis
    fitted = plots.cfr_exploitability_figure(run.history[:5]).axes[0]
    top = max(c.average_exploitability for c in run.history[:5])
    assert fitted.get_xlim() == (1, 10) and fitted.get_ylim()[1] == 10 ** np.ceil(np.log10(top))


@pytest.mark.parametrize("bad", [(0, 10), (10, 1), (1, float("inf")), "wide", (1,)])
def test_ranges_must_suit_a_log_axis(bad) -> None:
    with pytest.raises(ValueError, match="iteration_range"):
        plots.cfr_exploitability_figure([], iteration_range=bad)


def test_markers_show_few_checkpoints_unless_asked(run) -> None:
    def markers(figure) -> set[str]:
        return {line.get_marker() for line in figure.axes[0].get_lines()[:2]}

    assert markers(plots.cfr_exploitability_figure(run.history[:12])) == {"o"}
    assert markers(plots.cfr_exploitability_figure(run.history)) == {"None"}
    assert markers(plots.cfr_exploitability_figure(run.history, markers=True)) == {"o"}


def test_set_curves_moves_the_data_and_leaves_the_axes(run) -> None:
    figure = plots.cfr_exploitability_figure(
        [], iteration_range=(1, 1_000), exploitability_range=(1e-4, 1), markers=True
    )
    ax = figure.axes[0]
    assert set_exploitability_curves(figure, run.history[:20])
    assert ax.get_xlim() == (1, 1_000) and ax.get_ylim() == (1e-4, 1)
    average = line_labelled(ax, r"average strategy $\bar\sigma^T$")
    np.testing.assert_allclose(average.get_xdata(), [c.iteration for c in run.history[:20]])
    np.testing.assert_allclose(
        average.get_ydata(), [c.average_exploitability for c in run.history[:20]]
    )
    assert average.get_marker() == "o"  # as drawn, though 20 checkpoints would not be marked
    assert not [text for text in ax.texts if text.get_visible()]  # the note is gone
    reference = line_labelled(ax, r"reference slope $1/\sqrt{T}$")
    assert reference.get_xdata()[-1] == pytest.approx(1_000)
    # And the same figure drawn from scratch has the same curves.
    fresh = plots.cfr_exploitability_figure(
        run.history[:20], iteration_range=(1, 1_000), exploitability_range=(1e-4, 1)
    ).axes[0]
    for old, new in zip(ax.get_lines(), fresh.get_lines(), strict=True):
        np.testing.assert_array_equal(old.get_xydata(), new.get_xydata())


def test_set_curves_refuses_data_outside_the_axes(run) -> None:
    figure = plots.cfr_exploitability_figure([], iteration_range=(1, 100))
    assert not set_exploitability_curves(figure, run.history)  # 300 > 100
    assert not any(len(line.get_xdata()) for line in figure.axes[0].get_lines())  # unchanged
    low = plots.cfr_exploitability_figure([], exploitability_range=(0.1, 1))
    assert not set_exploitability_curves(low, run.history)  # falls below 0.1
    other, (ax,) = plots.new_figure()
    ax.plot([1, 2], [0.5, 0.1], label="something else")
    with pytest.raises(ValueError, match="cfr_exploitability_figure"):
        set_exploitability_curves(other, run.history)
    bare = plots.cfr_exploitability_figure([], show_current=False, reference=False)
    assert set_exploitability_curves(bare, run.history[:3])  # its one curve, updated


def test_non_finite_exploitability_is_refused() -> None:
    bad = [Checkpoint(1, float("nan"), 0.5, 0.0)]
    with pytest.raises(ValueError, match="non-finite"):
        plots.cfr_exploitability_figure(bad)


def test_learned_strategy_figure_places_each_probability(run) -> None:
    learned = run.average_policy()
    member = nash_equilibrium(0.2)
    ax = plots.learned_strategy_figure(GAME, learned, member, reference_label="Kuhn").axes[0]
    keys = GAME.info_sets()
    dots = [line for line in ax.get_lines() if line.get_marker() == "o" and len(line.get_xdata())]
    diamonds = [
        line for line in ax.get_lines() if line.get_marker() == "D" and len(line.get_xdata())
    ]
    assert len(dots) == len(diamonds) == len(keys)
    rows = {int(line.get_ydata()[0]): float(line.get_xdata()[0]) for line in dots}
    references = {int(line.get_ydata()[0]): float(line.get_xdata()[0]) for line in diamonds}
    for row, key in zip(range(len(keys) - 1, -1, -1), keys, strict=True):  # first key on top
        assert rows[row] == pytest.approx(learned[key][1])
        assert references[row] == pytest.approx(member[key][1])
    labels = [tick.get_text() for tick in ax.get_yticklabels()]
    assert labels[0] == "J:  bet" and labels[-1] == "K:pb  call"
    dot_colours = {line.get_color() for line in dots}
    assert dot_colours == set(plots.PLAYER_COLOURS.values())


def test_learned_strategy_figure_needs_every_information_set() -> None:
    partial = {key: p for key, p in uniform_policy(GAME).items() if key != "Q:pb"}
    with pytest.raises(ValueError, match="Q:pb"):
        plots.learned_strategy_figure(GAME, partial)
    with pytest.raises(ValueError, match="reference"):
        plots.learned_strategy_figure(GAME, uniform_policy(GAME), partial)


def test_learned_strategy_table_has_a_row_per_information_set(run) -> None:
    learned, member = run.average_policy(), nash_equilibrium(0.2)
    table = learned_strategy_table(GAME, learned, member, reference_label="α = 0.2")
    rows = re.findall(r"<tr>(.*?)</tr>", table)
    assert len(rows) == 1 + len(GAME.info_sets()) and "α = 0.2" in rows[0]
    for row, key in zip(rows[1:], GAME.info_sets(), strict=True):
        cells = [cell for cell in re.findall(r"<td[^>]*>([^<]*)</td>", row) if cell]
        p, q = learned[key][1], member[key][1]
        assert cells[:3] == [str(GAME.player(key)), key, plots.action_names(GAME, key)[1]]
        assert cells[3:5] == [f"{p:.3f}", f"{q:.3f}"]
        assert float(cells[5]) == pytest.approx(p - q, abs=5e-4) and cells[5] != "-0.000"
        colour = plots.PLAYER_COLOURS[GAME.player(key)]
        assert f"width:{100 * p:.1f}%;height:100%;background:{colour}" in row  # the bar
        assert f"left:{100 * q:.1f}%" in row  # the reference's mark
    alone = learned_strategy_table(GAME, learned)
    assert "difference" not in alone and alone.count("<tr>") == 13


def test_a_difference_that_rounds_to_zero_has_no_minus_sign() -> None:
    member = nash_equilibrium(0.2)
    learned = {**member, "K:b": np.array([1e-5, 1 - 1e-5])}  # calls a hair less than 1
    table = learned_strategy_table(GAME, learned, member)
    (row,) = [row for row in re.findall(r"<tr>(.*?)</tr>", table) if ">K:b<" in row]
    assert ">+0.000<" in row and "-0.000" not in table


def test_learned_strategy_table_escapes_and_checks_its_input() -> None:
    table = learned_strategy_table(GAME, uniform_policy(GAME), title="<b>&</b>")
    assert "&lt;b&gt;&amp;&lt;/b&gt;" in table
    partial = {key: p for key, p in uniform_policy(GAME).items() if key != "K:b"}
    with pytest.raises(ValueError, match="K:b"):
        learned_strategy_table(GAME, partial)


def test_strategy_paths_figure_has_a_panel_per_information_set(run) -> None:
    iterations = [1, 10, 100, 300]
    policies = []
    partial = solve(GAME, "cfr", 1, engine="sequence-form")
    policies.append(partial.average_policy())
    for stop in iterations[1:]:
        partial.train(stop - partial.iterations)
        policies.append(partial.average_policy())
    member = nash_equilibrium(0.2)
    figure = plots.strategy_paths_figure(GAME, iterations, policies, member)
    panels = [ax for ax in figure.axes if ax.get_visible()]
    assert len(panels) == 12
    by_title = {ax.get_title().split()[0]: ax for ax in panels}
    assert set(by_title) == set(GAME.info_sets())
    for key, ax in by_title.items():
        path, reference = ax.get_lines()
        np.testing.assert_allclose(path.get_xdata(), iterations)
        np.testing.assert_allclose(path.get_ydata(), [p[key][1] for p in policies])
        assert reference.get_ydata()[0] == pytest.approx(member[key][1])
        assert ax.get_xscale() == "log"
    # Kuhn's layout: the first row holds player 1's first decisions, J, Q, K.
    assert [ax.get_title().split()[0] for ax in figure.axes[:3]] == ["J:", "Q:", "K:"]


def test_strategy_paths_figure_fits_other_deck_sizes() -> None:
    four = KuhnPoker(n_cards=4)
    policy = uniform_policy(four)
    figure = plots.strategy_paths_figure(four, [1, 2], [policy, policy])
    assert len([ax for ax in figure.axes if ax.get_visible()]) == 16


def test_strategy_paths_figure_checks_its_input() -> None:
    policy = uniform_policy(GAME)
    with pytest.raises(ValueError, match="same length"):
        plots.strategy_paths_figure(GAME, [1, 2], [policy])
    with pytest.raises(ValueError, match="at least 1"):
        plots.strategy_paths_figure(GAME, [0, 2], [policy, policy])


def test_family_animation_is_self_contained_html(run) -> None:
    iterations = [1, 3, 10, 30, 100, 300]
    policies = []
    partial = solve(GAME, "cfr", 1, engine="sequence-form")
    policies.append(partial.average_policy())
    for stop in iterations[1:]:
        partial.train(stop - partial.iterations)
        policies.append(partial.average_policy())
    # Two frames: the geometric spacing from the first policy to the last has no room for more.
    html = plots.family_animation(iterations, policies, partial.history, frames=2)
    assert html.count("data:image/png;base64") == 2
    assert "<script" in html and "<script src" not in html  # the frames and the player are inline
    more = plots.family_animation(iterations, policies, partial.history, frames=30)
    assert more.count("data:image/png;base64") == len(iterations)  # never more than the policies


def test_family_animation_checks_its_input(run) -> None:
    with pytest.raises(ValueError, match="same length"):
        plots.family_animation([1, 2], [uniform_policy(GAME)], run.history)
    with pytest.raises(ValueError, match="checkpoint"):
        plots.family_animation([1], [uniform_policy(GAME)], [])


def test_runs_figure_keeps_one_colour_per_run_across_panels() -> None:
    panels = {
        "first": {"a": ([1, 10], [0.5, 0.1]), "b": ([1, 10], [0.4, 0.2])},
        "second": {"b": ([1, 10], [0.3, 0.1])},
    }
    figure = plots.exploitability_runs_figure(panels, title="runs")
    first, second = figure.axes
    colour = {line.get_label(): line.get_color() for line in first.get_lines()}
    (only,) = second.get_lines()
    assert only.get_label() == "b" and only.get_color() == colour["b"] != colour["a"]
    np.testing.assert_allclose(only.get_ydata(), [0.3, 0.1])
    assert [ax.get_title() for ax in figure.axes] == ["first", "second"]


def test_runs_figure_checks_its_input() -> None:
    with pytest.raises(ValueError, match="panels"):
        plots.exploitability_runs_figure({})
    with pytest.raises(ValueError, match="at least one run"):
        plots.exploitability_runs_figure({"empty": {}})
    with pytest.raises(ValueError, match="finite"):
        plots.exploitability_runs_figure({"p": {"a": ([1, 2], [0.1, float("inf")])}})


@pytest.mark.parametrize(
    "value, text", [(1.0, "1"), (10.0, "10"), (100.0, "10²"), (1e4, "10⁴"), (0.001, "10⁻³")]
)
def test_power_of_ten_labels(value, text) -> None:
    assert power_of_ten(value) == text


def test_decades_around_brackets_values_by_whole_powers_of_ten() -> None:
    assert decades_around([0.0458, 0.003]) == (1e-3, 0.1)
    assert decades_around([0.1]) == (0.1, 1.0)  # one value on a power of ten: still a decade
    with pytest.raises(ValueError, match="positive"):
        decades_around([0.1, 0.0])


def test_every_figure_text_reads_at_nine_pixels_or_more(run) -> None:
    iterations = [1, 10, 100, 300]
    partial = solve(GAME, "cfr", 1, engine="sequence-form")
    policies = [partial.average_policy()]
    for stop in iterations[1:]:
        partial.train(stop - partial.iterations)
        policies.append(partial.average_policy())
    member = nash_equilibrium(0.2)
    curve = ([c.iteration for c in run.history], [c.average_exploitability for c in run.history])
    figures = {
        "exploitability": plots.cfr_exploitability_figure(run.history),
        "learned strategy": plots.learned_strategy_figure(GAME, run.average_policy(), member),
        "paths": plots.strategy_paths_figure(GAME, iterations, policies, member, "member"),
        "runs, one panel": plots.exploitability_runs_figure({"one": {"CFR": curve}}),
        "runs, two panels": plots.exploitability_runs_figure(
            {"Kuhn": {"CFR": curve, "other": curve}, "again": {"CFR": curve}}, title="two"
        ),
    }
    for name, figure in figures.items():
        size, text = smallest_text_px(figure)
        assert size >= 9, (name, text, size)
