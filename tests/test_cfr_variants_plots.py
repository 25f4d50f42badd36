"""The figures comparing CFR variants draw exactly the data they are given, in series colours."""

from __future__ import annotations

import numpy as np
import pytest
from figure_text import smallest_text_px  # the tests' own measure of figure text
from matplotlib.colors import to_hex

from lessons_lib import plots
from lessons_lib.cfr import Checkpoint, solve
from lessons_lib.games import KuhnPoker
from lessons_lib.kuhn_equilibria import family_residuals, nash_equilibrium
from lessons_lib.plots.cfr_variants import VARIANT_COLOURS, rate_line

KUHN = KuhnPoker()


@pytest.fixture(scope="module")
def runs():
    return {
        "CFR": solve(KUHN, "cfr", 60).history,
        "CFR+": solve(KUHN, "cfr+", 60).history,
        "DCFR": solve(KUHN, "dcfr", 40).history,
    }


def lines_labelled(ax):
    return {line.get_label(): line for line in ax.lines}


def test_variant_colours_are_distinct_and_never_a_players_or_chances():
    assert len(set(VARIANT_COLOURS)) == len(VARIANT_COLOURS) == 5
    reserved = {c.lower() for c in (*plots.PLAYER_COLOURS.values(), plots.CHANCE_COLOUR)}
    assert not reserved & {c.lower() for c in VARIANT_COLOURS}
    assert plots.variant_colours(["a", "b"]) == {"a": VARIANT_COLOURS[0], "b": VARIANT_COLOURS[1]}


def test_rate_line_passes_through_its_anchor_with_the_right_slope():
    t = np.array([2.0, 20.0, 200.0])
    line = rate_line(t, 0.5, (2.0, 0.3))
    assert line[0] == pytest.approx(0.3)
    slopes = np.diff(np.log(line)) / np.diff(np.log(t))
    assert slopes == pytest.approx([-0.5, -0.5])
    with pytest.raises(ValueError, match="anchor"):
        rate_line(t, 1.0, (0.0, 1.0))


def test_convergence_figure_draws_each_run_exactly(runs):
    figure = plots.variants_convergence_figure(runs)
    ax = figure.axes[0]
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    assert ax.get_xlabel() and ax.get_ylabel() and ax.get_title()
    drawn = lines_labelled(ax)
    colours = plots.variant_colours(list(runs))
    for name, history in runs.items():
        x, y = drawn[name].get_data()
        assert list(x) == [c.iteration for c in history]
        assert list(y) == [c.average_exploitability for c in history]
        assert to_hex(drawn[name].get_color()) == colours[name].lower()
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend[:3] == list(runs) and len(legend) == 5  # three runs, two reference lines


def test_reference_lines_start_at_the_shared_first_checkpoint(runs):
    figure = plots.variants_convergence_figure(runs, rates=(0.5, 1.0))
    ax = figure.axes[0]
    references = [line for line in ax.lines if line.get_label().startswith("reference")]
    assert len(references) == 2
    start = max(h[0].average_exploitability for h in runs.values())
    for line, exponent in zip(references, (0.5, 1.0), strict=True):
        x, y = line.get_data()
        assert x[0] == 1 and y[0] == pytest.approx(start)
        assert x[-1] == 60  # the longest run
        assert np.log(y[-1] / y[0]) / np.log(x[-1] / x[0]) == pytest.approx(-exponent)
        assert to_hex(line.get_color()) == plots.REFERENCE_COLOUR.lower()


def test_bound_is_drawn_when_given(runs):
    t = np.array([1.0, 10.0, 60.0])
    figure = plots.variants_convergence_figure(runs, bound=("worst case", t, 34 / np.sqrt(t)))
    line = lines_labelled(figure.axes[0])["worst case"]
    assert list(line.get_ydata()) == pytest.approx(list(34 / np.sqrt(t)))


def test_a_zero_exploitability_is_left_out():
    history = [Checkpoint(1, 0.4, 0.4, 0.0), Checkpoint(2, 0.0, 0.1, 0.0), Checkpoint(3, 0.1, 0, 0)]
    line = lines_labelled(plots.variants_convergence_figure({"run": history}).axes[0])["run"]
    assert list(line.get_xdata()) == [1, 3]


def test_convergence_figure_refuses_bad_input():
    with pytest.raises(ValueError, match="histories"):
        plots.variants_convergence_figure({})
    with pytest.raises(ValueError, match="no checkpoints"):
        plots.variants_convergence_figure({"run": []})


def test_family_figure_places_each_run_at_its_alpha_and_distance():
    member = nash_equilibrium(0.2)
    perturbed = {key: probabilities.copy() for key, probabilities in nash_equilibrium(0.1).items()}
    perturbed["K:"] = np.array([0.75, 0.25])  # the family wants P(bet K) = 3 * 0.1 = 0.3
    alphas = {"member": 0.2, "perturbed": 0.1}
    residuals = {"member": family_residuals(member), "perturbed": family_residuals(perturbed)}
    figure = plots.family_landing_figure(alphas, residuals)
    alpha_ax, residual_ax = figure.axes[:2]
    markers = [line for line in alpha_ax.lines if line.get_marker() == "o"]
    assert [line.get_xdata()[0] for line in markers] == [0.2, 0.1]
    distances = [line.get_xdata()[0] for line in residual_ax.lines if line.get_marker() == "o"]
    assert distances[1] == pytest.approx(0.05)  # |0.25 - 0.3|, the only residual
    assert distances[0] <= 1e-15  # a member: drawn at the floor of the log axis
    assert residual_ax.get_xscale() == "log"
    band = alpha_ax.patches[0]  # the shaded family interval
    assert band.get_x() == 0 and band.get_x() + band.get_width() == pytest.approx(1 / 3)
    labels = [t.get_text() for t in alpha_ax.get_yticklabels()]
    rows = dict(zip(alpha_ax.get_yticks(), labels, strict=True))
    assert [rows[y] for y in sorted(rows, reverse=True)] == ["member", "perturbed"]  # first on top


def test_family_figure_colours_match_the_convergence_figure():
    alphas = {"a": 0.1, "b": 0.2}
    residuals = {name: family_residuals(nash_equilibrium(a)) for name, a in alphas.items()}
    figure = plots.family_landing_figure(alphas, residuals)
    markers = [line for line in figure.axes[0].lines if line.get_marker() == "o"]
    assert [to_hex(m.get_color()) for m in markers] == [c.lower() for c in VARIANT_COLOURS[:2]]


def test_family_figure_needs_the_same_runs_in_both_mappings():
    with pytest.raises(ValueError, match="same runs"):
        plots.family_landing_figure({"a": 0.1}, {"b": family_residuals(nash_equilibrium(0.1))})
    with pytest.raises(ValueError, match="at least one"):
        plots.family_landing_figure({}, {})


def test_every_figure_text_reads_at_nine_pixels_or_more(runs):
    alphas = {"CFR": 0.2, "CFR+": 0.25}
    residuals = {"CFR": family_residuals(nash_equilibrium(0.2)), "CFR+": {"K:": 0.01}}
    bound = ("bound $34/\\sqrt{T}$", np.array([1.0, 60.0]), np.array([34.0, 34 / 60**0.5]))
    figures = {
        "convergence": plots.variants_convergence_figure(runs, rates=(0.5, 1.0), title="race"),
        "with a bound": plots.variants_convergence_figure(runs, rates=(), bound=bound),
        "landing": plots.family_landing_figure(alphas, residuals),
    }
    for name, figure in figures.items():
        size, text = smallest_text_px(figure)
        assert size >= 9, (name, text, size)
