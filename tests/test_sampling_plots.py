"""The Monte Carlo CFR figures draw exactly the data they are given, in the schemes' colours,
and the two readers of a run's checkpoints answer as worked out here by hand."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.collections import LineCollection
from matplotlib.colors import to_hex

from lessons_lib import plots
from lessons_lib.cfr import solve as cfr_solve
from lessons_lib.games import KuhnPoker
from lessons_lib.mccfr import SampledCheckpoint
from lessons_lib.plots.sampling import REFERENCE_STYLES, reference_colour
from lessons_lib.plots.style import ALGORITHM_COLOURS

KUHN = KuhnPoker()
SCHEMES = ("chance", "external", "outcome")


def checkpoints(nodes, exploitabilities, seconds=None):
    """Hand-made checkpoints: iteration k + 1 touched nodes[k] and measured exploitabilities[k]."""
    seconds = seconds or [0.001 * (k + 1) for k in range(len(nodes))]
    return [
        SampledCheckpoint(k + 1, e, 2 * e, 0.0, n, s)
        for k, (n, e, s) in enumerate(zip(nodes, exploitabilities, seconds, strict=True))
    ]


@pytest.fixture(scope="module")
def runs():
    return {
        s: [cfr_solve(KUHN, f"mccfr-{s}", 300, seed=seed).history for seed in range(3)]
        for s in SCHEMES
    }


@pytest.fixture(scope="module")
def cfr_reference():
    # vanilla CFR as a reference curve: 2 * 54 = 108 nodes and (say) 1 ms per iteration
    return [
        SampledCheckpoint(**vars(c), nodes_touched=108 * c.iteration, seconds=0.001 * c.iteration)
        for c in cfr_solve(KUHN, "cfr", 30).history
    ]


def coloured(ax, colour):
    return [line for line in ax.lines if to_hex(line.get_color()) == colour.lower()]


# Colours


def test_scheme_colours_are_distinct_and_never_a_players_chances_or_algorithms():
    colours = {c.lower() for c in plots.SCHEME_COLOURS.values()}
    assert len(colours) == 3 and set(plots.SCHEME_COLOURS) == set(SCHEMES)
    reserved = {
        c.lower()
        for c in (*plots.PLAYER_COLOURS.values(), plots.CHANCE_COLOUR, *ALGORITHM_COLOURS.values())
    }
    assert not colours & reserved
    assert plots.REFERENCE_COLOUR.lower() not in colours
    assert plots.scheme_colour("outcome") == plots.SCHEME_COLOURS["outcome"]
    with pytest.raises(ValueError, match="scheme"):
        plots.scheme_colour("vanilla")


# The distribution of one walk's estimate


def test_discrete_distribution_merges_equal_values_and_adds_their_probabilities():
    values, masses = plots.discrete_distribution([2.0, -1.0, 2.0, 0.0], [0.1, 0.2, 0.3, 0.4])
    np.testing.assert_array_equal(values, [-1.0, 0.0, 2.0])
    np.testing.assert_allclose(masses, [0.2, 0.4, 0.4])
    values, masses = plots.discrete_distribution([1.0, 1.0 + 1e-14, 3.0], [0.5, 0.25, 0.25])
    assert values.size == 2 and masses == pytest.approx([0.75, 0.25])


@pytest.mark.parametrize(
    ("values", "probabilities", "message"),
    [
        ([1.0, 2.0], [0.5, 0.6], "sum to 1"),
        ([1.0, 2.0], [1.5, -0.5], "non-negative"),
        ([1.0, 2.0], [1.0], "entries"),
        ([1.0, np.nan], [0.5, 0.5], "non-finite"),
        ([], [], "non-empty"),
    ],
)
def test_discrete_distribution_rejects_what_is_not_a_distribution(values, probabilities, message):
    with pytest.raises(ValueError, match=message):
        plots.discrete_distribution(values, probabilities)


def test_sampled_estimates_figure_draws_every_value_at_its_probability():
    # chance: 0 w.p. 1/2 and 1.2 w.p. 1/2 (split in two walks); outcome: 0 w.p. 0.9, 4 w.p. 0.1.
    samples = {"chance": ([0.0, 1.2, 1.2], [0.5, 0.25, 0.25]), "outcome": ([0.0, 4.0], [0.9, 0.1])}
    drawn = {"chance": [(0.0, 0.5), (1.2, 0.5)], "outcome": [(0.0, 0.9), (4.0, 0.1)]}
    means = {"chance": 0.6, "outcome": 0.4}
    spreads = {"chance": 0.6, "outcome": 1.2}  # sqrt(0.5 * 0.36 * 2) and sqrt(0.9*0.16 + 0.1*12.96)
    figure = plots.sampled_estimates_figure(samples, exact=0.5, quantity="regret", title="T")
    axes = figure.axes
    assert len(axes) == 2 and figure.get_suptitle() == "T"
    for ax, name in zip(axes, samples, strict=True):
        assert ax.get_yscale() == "log" and ax.get_xlabel() == "regret" and ax.get_ylabel()
        assert ax.get_title().startswith(f"{name} sampling: ")
        assert f"SD {spreads[name]:.2f}" in ax.get_title()
        (stems,) = [c for c in ax.collections if isinstance(c, LineCollection)]
        tops = sorted((float(seg[0][0]), float(seg[1][1])) for seg in stems.get_segments())
        np.testing.assert_allclose(tops, drawn[name])
        assert to_hex(stems.get_colors()[0]) == plots.SCHEME_COLOURS[name].lower()
        (exact_line,) = [line for line in ax.lines if line.get_label() == "exact"]
        assert list(exact_line.get_xdata()) == [0.5, 0.5]
        assert exact_line.get_linestyle() == "--"
        assert to_hex(exact_line.get_color()) == plots.REFERENCE_COLOUR.lower()
        mean_marker = [
            line for line in ax.lines if line.get_marker() == "^" and len(line.get_xdata())
        ]
        assert mean_marker[0].get_xdata()[0] == pytest.approx(means[name])
    assert axes[0].get_xlim() == axes[1].get_xlim()  # the spreads compare on one scale
    assert axes[0].get_xlim()[0] < 0.0 and axes[0].get_xlim()[1] > 4.0


def test_sampled_estimates_figure_rejects_bad_input():
    with pytest.raises(ValueError, match="samples"):
        plots.sampled_estimates_figure({}, exact=0.0)
    with pytest.raises(ValueError, match="exact"):
        plots.sampled_estimates_figure({"chance": ([0.0], [1.0])}, exact=float("nan"))
    with pytest.raises(ValueError, match="scheme"):
        plots.sampled_estimates_figure({"vanilla": ([0.0], [1.0])}, exact=0.0)


# Cost curves


def test_cost_curves_figure_draws_one_line_per_seed_against_nodes_and_seconds(runs, cfr_reference):
    figure = plots.cost_curves_figure(runs, {"CFR": cfr_reference}, title="Kuhn")
    nodes_ax, time_ax = figure.axes
    assert figure.get_suptitle() == "Kuhn"
    for ax in (nodes_ax, time_ax):
        assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
        assert ax.get_xlabel() and ax.get_ylabel() and ax.get_title()
        for scheme, seeds in runs.items():
            lines = coloured(ax, plots.SCHEME_COLOURS[scheme])
            assert len(lines) == len(seeds)  # one line per seed
            for line, history in zip(lines, seeds, strict=True):
                x, y = line.get_data()
                attribute = "nodes_touched" if ax is nodes_ax else "seconds"
                assert list(x) == [getattr(c, attribute) for c in history]
                assert list(y) == [c.average_exploitability for c in history]
        (reference,) = coloured(ax, ALGORITHM_COLOURS["cfr"])  # CFR's colour in the whole book
        assert reference.get_linestyle() == REFERENCE_STYLES[0]
        assert list(reference.get_data()[0])[:2] == (
            [108, 216] if ax is nodes_ax else pytest.approx([0.001, 0.002])
        )
    legend = [t.get_text() for t in nodes_ax.get_legend().get_texts()]
    assert legend == [f"{s} sampling (3 seeds)" for s in SCHEMES] + ["CFR"]


def test_cost_curves_figure_gives_references_their_colours_and_own_styles(runs, cfr_reference):
    figure = plots.cost_curves_figure(
        {"chance": runs["chance"]}, {"CFR": cfr_reference, "CFR+": cfr_reference}
    )
    (cfr_line,) = coloured(figure.axes[0], ALGORITHM_COLOURS["cfr"])
    (cfr_plus_line,) = coloured(figure.axes[0], ALGORITHM_COLOURS["cfr+"])
    assert [cfr_line.get_linestyle(), cfr_plus_line.get_linestyle()] == list(REFERENCE_STYLES[:2])
    assert reference_colour("an exact run") == plots.REFERENCE_COLOUR  # no algorithm: grey


def test_cost_curves_figure_leaves_out_what_a_log_axis_cannot_show():
    history = checkpoints([10, 20, 40], [0.5, 0.0, 0.1])
    figure = plots.cost_curves_figure({"outcome": [history]})
    (line,) = coloured(figure.axes[0], plots.SCHEME_COLOURS["outcome"])
    assert list(line.get_xdata()) == [10, 40] and list(line.get_ydata()) == [0.5, 0.1]


def test_cost_curves_figure_rejects_bad_input():
    with pytest.raises(ValueError, match="runs"):
        plots.cost_curves_figure({})
    with pytest.raises(ValueError, match="no runs"):
        plots.cost_curves_figure({"chance": []})
    with pytest.raises(ValueError, match="checkpoints"):
        plots.cost_curves_figure({"chance": [[]]})
    with pytest.raises(ValueError, match="non-finite"):
        plots.cost_curves_figure({"chance": [checkpoints([10], [float("inf")])]})
    with pytest.raises(ValueError, match="scheme"):
        plots.cost_curves_figure({"vanilla": [checkpoints([10], [0.5])]})


# Nodes to reach a target, against the size of the game


def test_nodes_to_target_figure_draws_seeds_medians_and_references():
    sizes = [54, 270, 1188]
    nodes = {"chance": [[5, 7, 6], [50, 80, 60], [500, 700, 650]], "outcome": [[9], [90], [900]]}
    figure = plots.nodes_to_target_figure(sizes, nodes, {"CFR": [20, 400, 8000]}, target=0.02)
    (ax,) = figure.axes
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    assert ax.get_xlabel() and ax.get_ylabel() and "0.02" in ax.get_title()
    chance = coloured(ax, plots.SCHEME_COLOURS["chance"])
    dots = [line for line in chance if line.get_linestyle() == "None"]
    (median,) = [line for line in chance if line.get_linestyle() == "-"]
    assert [list(d.get_ydata()) for d in dots] == nodes["chance"]
    assert [d.get_xdata()[0] for d in dots] == sizes
    assert list(median.get_xdata()) == sizes and list(median.get_ydata()) == [6, 60, 650]
    (reference,) = coloured(ax, ALGORITHM_COLOURS["cfr"])
    assert list(reference.get_ydata()) == [20, 400, 8000]
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["chance sampling (median)", "outcome sampling (median)", "CFR"]


def test_nodes_to_target_figure_can_draw_another_cost():
    seconds = {"chance": [[0.5, 0.7], [2.0, 3.0]]}
    figure = plots.nodes_to_target_figure(
        [54, 270], seconds, {"CFR": [0.1, 0.2]}, target=0.02, cost_label="seconds"
    )
    (ax,) = figure.axes
    assert ax.get_ylabel() == "seconds"
    (reference,) = coloured(ax, ALGORITHM_COLOURS["cfr"])
    assert list(reference.get_ydata()) == [0.1, 0.2]


def test_nodes_to_target_figure_rejects_missing_or_mismatched_data():
    with pytest.raises(ValueError, match="nodes"):
        plots.nodes_to_target_figure([10, 20], {"chance": [[5], [None]]}, {}, target=0.1)
    with pytest.raises(ValueError, match="games"):
        plots.nodes_to_target_figure([10, 20], {"chance": [[5]]}, {}, target=0.1)
    with pytest.raises(ValueError, match="games"):
        plots.nodes_to_target_figure([10, 20], {"chance": [[5], [6]]}, {"CFR": [3]}, target=0.1)
    with pytest.raises(ValueError, match="positive"):
        plots.nodes_to_target_figure([0, 20], {"chance": [[5], [6]]}, {}, target=0.1)


# Reading a run


def test_nodes_to_reach_is_the_first_checkpoint_at_or_below_the_target():
    history = checkpoints([10, 20, 40, 80], [1.0, 0.5, 0.6, 0.2])
    assert plots.nodes_to_reach(history, 0.55) == 20
    assert plots.nodes_to_reach(history, 0.5) == 20  # "at most": equal counts
    assert plots.nodes_to_reach(history, 0.3) == 80  # the rise at 40 nodes does not count
    assert plots.nodes_to_reach(history, 0.1) is None


def test_exploitability_within_is_the_last_checkpoint_that_fits_the_budget():
    history = checkpoints([10, 20, 40, 80], [1.0, 0.5, 0.6, 0.2])
    assert plots.exploitability_within(history, 39) == 0.5
    assert plots.exploitability_within(history, 40) == 0.6
    assert plots.exploitability_within(history, 10**9) == 0.2
    with pytest.raises(ValueError, match="below the first checkpoint"):
        plots.exploitability_within(history, 9)
    with pytest.raises(ValueError, match="checkpoints"):
        plots.nodes_to_reach([], 0.1)


def test_readers_agree_with_a_real_run(runs):
    # On a real run: the budget of nodes_to_reach(target) gives an exploitability within target,
    # and any smaller budget (down to the first checkpoint) gives one above it.
    history = runs["external"][0]
    target = history[len(history) // 2].average_exploitability
    reached = plots.nodes_to_reach(history, target)
    assert plots.exploitability_within(history, reached) <= target
    for c in history:
        if c.nodes_touched < reached:
            assert plots.exploitability_within(history, c.nodes_touched) > target
