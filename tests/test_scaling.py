"""The measurement helpers of Chapter 7 return the right tables, and its figures draw them.

Sizes are checked against ``game_size`` and against counts made here by walking the histories;
timings are checked with a fake clock, so their structure is tested without timing anything.
"""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from lessons_lib import plots, scaling
from lessons_lib.cfr import Checkpoint
from lessons_lib.cfr.solver import ENGINES
from lessons_lib.games import KuhnPoker, LeducPoker
from lessons_lib.games.sizes import game_size
from lessons_lib.plots.scaling import ENGINE_COLOURS, MEMORY_SERIES

GAMES = [KuhnPoker(), KuhnPoker(n_cards=4), LeducPoker()]


def stepping_clock(step=0.5):
    """A clock that moves forward by ``step`` seconds every time it is read."""
    ticks = itertools.count()
    return lambda: step * next(ticks)


def sequence_pairs(game):
    """By walking every terminal history: the summed pi_c u_1 of each (seq_1, seq_2) pair.

    A sequence is the (information set, action) of the player's last action, None if none.
    """
    weights = dict(game.deals())
    pairs = {}
    for z in game.terminal_histories():
        last = {1: None, 2: None}
        for t, action in enumerate(z.actions):
            before = type(z)(z.deal, z.actions[:t])
            last[game.player_to_act(before)] = (game.info_set_key(before), action)
        pair = (last[1], last[2])
        pairs[pair] = pairs.get(pair, 0.0) + weights[z.deal] * game.payoff(z)
    return pairs


@pytest.fixture(scope="module")
def memory():
    return scaling.memory_table(GAMES)


def test_memory_table_has_its_columns_and_one_row_per_game(memory):
    assert tuple(memory.columns) == scaling.MEMORY_COLUMNS
    assert list(memory["game"]) == ["Kuhn, 3 cards", "Kuhn, 4 cards", "Leduc, 3 ranks"]
    assert list(memory["family"]) == ["kuhn_poker", "kuhn_poker", "leduc_poker"]


def test_memory_table_sizes_equal_game_size(memory):
    for game, row in zip(GAMES, memory.itertuples(), strict=True):
        size = game_size(game)
        for column in ("histories", "terminal_histories", "info_sets", "info_set_actions"):
            assert getattr(row, column) == size[column]


def test_table_entries_are_two_per_information_set_action_and_eight_bytes_each(memory):
    for game, row in zip(GAMES, memory.itertuples(), strict=True):
        pairs = sum(len(game.actions(key)) for key in game.info_sets())
        assert row.table_entries == scaling.table_entries(game) == 2 * pairs
        assert row.table_bytes == 8 * row.table_entries
    # Kuhn poker on paper: 12 information sets with 2 actions each, two tables.
    assert memory.loc[0, "table_entries"] == 2 * 12 * 2


def test_sequence_counts_and_payoff_matrix_sizes_match_an_enumeration(memory):
    for game, row in zip(GAMES, memory.itertuples(), strict=True):
        for player in (1, 2):
            own = sum(len(game.actions(key)) for key in game.info_sets_of(player))
            assert getattr(row, f"sequences_{player}") == 1 + own  # the empty sequence too
        assert row.payoff_matrix_entries == row.sequences_1 * row.sequences_2
        nonzero = [value for value in sequence_pairs(game).values() if abs(value) > 1e-15]
        assert row.payoff_matrix_nonzeros == len(nonzero)
    # Kuhn poker: every terminal history has its own pair of last sequences and a nonzero payoff.
    assert memory.loc[0, "payoff_matrix_nonzeros"] == 30


def test_game_labels_name_the_deck_and_changed_rules():
    assert scaling.game_label(KuhnPoker(n_cards=7)) == "Kuhn, 7 cards"
    assert scaling.game_label(LeducPoker(ranks=4)) == "Leduc, 4 ranks"
    assert scaling.game_label(LeducPoker(max_raises=1)) == "Leduc, 3 ranks (max_raises=1)"


def test_time_per_iteration_is_the_best_measurement_divided_by_the_iterations():
    assert scaling.time_per_iteration(
        KuhnPoker(), "sequence-form", iterations=4, clock=stepping_clock()
    ) == (pytest.approx(0.5 / 4))
    readings = iter([0.0, 3.0, 10.0, 11.0, 20.0, 22.0])  # runs of 3, 1 and 2 seconds
    best = scaling.time_per_iteration(
        KuhnPoker(), "readable", iterations=2, repeat=3, clock=lambda: next(readings)
    )
    assert best == pytest.approx(1.0 / 2)


def test_time_per_iteration_reads_the_clock_twice_per_repeat():
    reads = []

    def clock():
        reads.append(len(reads))
        return float(len(reads))

    scaling.time_per_iteration(KuhnPoker(), "public-tree", iterations=1, repeat=4, clock=clock)
    assert len(reads) == 8


def test_time_per_iteration_refuses_bad_input():
    with pytest.raises(ValueError, match="engine"):
        scaling.time_per_iteration(KuhnPoker(), "turbo")
    with pytest.raises(ValueError, match="repeat"):
        scaling.time_per_iteration(KuhnPoker(), "sequence-form", repeat=0)
    with pytest.raises(ValueError, match="warmup"):
        scaling.time_per_iteration(KuhnPoker(), "sequence-form", warmup=-1)
    backwards = iter([5.0, 1.0])
    with pytest.raises(ValueError, match="clock"):
        scaling.time_per_iteration(
            KuhnPoker(), "sequence-form", repeat=1, warmup=0, clock=lambda: next(backwards)
        )


def test_timing_table_has_one_row_per_game_and_engine_with_the_sizes():
    engines = tuple(ENGINES)
    iterations = {engine: k + 1 for k, engine in enumerate(engines)}
    table = scaling.timing_table(
        GAMES[:2], engines, iterations=iterations, repeat=2, clock=stepping_clock(1.0)
    )
    assert tuple(table.columns) == scaling.TIMING_COLUMNS
    assert len(table) == 2 * len(engines)
    for row in table.itertuples():
        game = GAMES[0] if row.game == "Kuhn, 3 cards" else GAMES[1]
        assert (row.histories, row.info_set_actions) == (
            game_size(game)["histories"],
            game_size(game)["info_set_actions"],
        )
        assert row.iterations == iterations[row.engine]
        assert row.seconds_per_iteration == pytest.approx(1.0 / iterations[row.engine])


def test_timing_table_leaves_out_games_above_an_engines_limit():
    table = scaling.timing_table(
        GAMES,
        ("readable", "sequence-form"),
        iterations=1,
        repeat=1,
        max_histories={"readable": 100},
        clock=stepping_clock(),
    )
    readable = table[table["engine"] == "readable"]
    assert list(readable["game"]) == ["Kuhn, 3 cards"]
    assert len(table[table["engine"] == "sequence-form"]) == len(GAMES)


def test_timing_table_refuses_bad_input():
    with pytest.raises(ValueError, match="no number"):
        scaling.timing_table(
            GAMES[:1], ("readable", "sequence-form"), iterations={"sequence-form": 2}
        )
    with pytest.raises(ValueError, match="at least one Game"):
        scaling.timing_table([], ("sequence-form",))
    with pytest.raises(ValueError, match="Game"):
        scaling.memory_table(["kuhn"])
    with pytest.raises(ValueError, match="engine"):
        scaling.timing_table(GAMES[:1], ("sequence-form",), max_histories={"readable": 10})


def test_log_log_slope_recovers_a_power_law():
    x = np.array([2.0, 5.0, 40.0, 300.0])
    assert scaling.log_log_slope(x, 3.0 * x**2) == pytest.approx(2.0)
    assert scaling.log_log_slope(x, 7.0 / np.sqrt(x)) == pytest.approx(-0.5)
    with pytest.raises(ValueError, match="positive"):
        scaling.log_log_slope([1.0, 2.0], [0.0, 1.0])
    with pytest.raises(ValueError, match="two different"):
        scaling.log_log_slope([3.0, 3.0], [1.0, 2.0])
    with pytest.raises(ValueError, match="one length"):
        scaling.log_log_slope([1.0, 2.0], [1.0])


def test_slopes_are_fitted_group_by_group():
    table = pd.DataFrame(
        {
            "engine": ["a", "a", "a", "b", "b"],
            "family": ["kuhn_poker"] * 5,
            "histories": [10, 100, 1000, 10, 1000],
            "seconds_per_iteration": [1.0, 10.0, 100.0, 5.0, 5.0],
        }
    )
    fitted = scaling.slopes(table, "histories", by="engine")
    assert fitted["a"] == pytest.approx(1.0) and fitted["b"] == pytest.approx(0.0)
    both = scaling.slopes(table, "histories")
    assert both["a", "kuhn_poker"] == pytest.approx(1.0)
    with pytest.raises(ValueError, match="no column"):
        scaling.slopes(table, "terminals")


# The figures, drawn from hand-made tables (no timing).

TIMINGS = pd.DataFrame(
    {
        "game": ["Kuhn, 3 cards", "Kuhn, 3 cards", "Leduc, 3 ranks", "Leduc, 3 ranks"] * 1
        + ["Kuhn, 4 cards", "Kuhn, 4 cards"],
        "family": ["kuhn_poker", "kuhn_poker", "leduc_poker", "leduc_poker"]
        + ["kuhn_poker", "kuhn_poker"],
        "engine": [
            "readable",
            "sequence-form",
            "readable",
            "sequence-form",
            "readable",
            "sequence-form",
        ],
        "histories": [54, 54, 2040, 2040, 108, 108],
        "info_set_actions": [24, 24, 672, 672, 32, 32],
        "iterations": [1, 10, 1, 10, 1, 10],
        "seconds_per_iteration": [1e-3, 2e-5, 4e-2, 3e-4, 2e-3, 2.1e-5],
    }
)


def assert_log_log_with_labels(ax):
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    assert ax.get_xlabel() and ax.get_ylabel()


def test_cost_figure_has_two_log_log_panels_with_the_measured_points():
    figure = plots.cost_per_iteration_figure(TIMINGS)
    assert isinstance(figure, Figure) and len(figure.axes) == 2
    assert figure.get_suptitle()
    for ax, column in zip(figure.axes, ("histories", "info_set_actions"), strict=True):
        assert_log_log_with_labels(ax)
        points = np.vstack([c.get_offsets() for c in ax.collections if len(c.get_offsets())])
        expected = TIMINGS[[column, "seconds_per_iteration"]].to_numpy(float)
        assert sorted(map(tuple, points)) == sorted(map(tuple, expected))
        labels = [t.get_text() for t in ax.get_legend().get_texts()]
        assert any(label.startswith("readable") and "slope Kuhn" in label for label in labels)
    for engine in ("readable", "sequence-form"):  # each engine in its own colour
        dots = [
            c
            for c in figure.axes[0].collections
            if to_hex(c.get_facecolor()[0]) == ENGINE_COLOURS[engine].lower()
        ]
        assert sum(len(c.get_offsets()) for c in dots) == 3, engine


def test_memory_figure_draws_every_series_on_log_log_axes(memory):
    figure = plots.memory_figure(memory)
    main = [ax for ax in figure.axes if ax.get_xlabel()]
    assert len(main) == 2 and figure.get_suptitle()
    for ax in main:
        assert_log_log_with_labels(ax)
        heights = sorted(float(y) for c in ax.collections for _, y in c.get_offsets())
        expected = sorted(float(v) for column, _, _ in MEMORY_SERIES for v in memory[column])
        assert heights == pytest.approx(expected)
    assert all(any("bytes" in child.get_ylabel() for child in ax.child_axes) for ax in main)


def test_engine_comparison_figure_draws_each_bar_and_the_factor():
    figure = plots.engine_comparison_figure(TIMINGS)
    (ax,) = figure.axes
    assert ax.get_yscale() == "log" and ax.get_ylabel() and ax.get_title()
    heights = sorted(patch.get_height() for patch in ax.patches)
    assert heights == pytest.approx(sorted(TIMINGS["seconds_per_iteration"]))
    factors = [t.get_text() for t in ax.texts]
    assert f"{1e-3 / 2e-5:,.0f}x\nfaster" in factors and len(factors) == 3


def test_exploitability_figure_is_in_mbb_per_game_on_log_log_axes():
    history = [Checkpoint(t, 1.0 / t, 2.0 / t, -0.08) for t in (1, 10, 100)]
    figure = plots.exploitability_mbb_figure({"run": history}, rates=(0.5,))
    (ax,) = figure.axes
    assert_log_log_with_labels(ax)
    assert "mbb/g" in ax.get_ylabel() and ax.get_title()
    run = next(line for line in ax.lines if line.get_label() == "run")
    x, y = run.get_data()
    assert list(x) == [1, 10, 100] and list(y) == pytest.approx([1000.0, 100.0, 10.0])
    reference = next(line for line in ax.lines if line.get_label().startswith("reference"))
    rx, ry = reference.get_data()
    assert ry[0] == pytest.approx(1000.0)
    assert np.log(ry[-1] / ry[0]) / np.log(rx[-1] / rx[0]) == pytest.approx(-0.5)
    with pytest.raises(ValueError, match="at least one run"):
        plots.exploitability_mbb_figure({})


def test_figures_refuse_tables_without_their_columns():
    with pytest.raises(ValueError, match="misses the columns"):
        plots.cost_per_iteration_figure(TIMINGS.drop(columns="histories"))
    with pytest.raises(ValueError, match="no rows"):
        plots.engine_comparison_figure(TIMINGS.iloc[0:0])
