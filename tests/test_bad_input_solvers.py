"""Bad input to the solvers, their analyses and their figures is refused clearly (issue 14, part B).

Every public entry point of ``cfr``, ``mccfr``, ``convergence``, ``scaling``, ``stored_runs``,
``lp``, ``plots`` and ``widgets`` answers a bad argument with exactly ``ValueError`` (not a
subclass, not a ``TypeError`` from deep inside), and the message names the argument. Where a
property exists it is checked with hypothesis: finite data always give a finite answer or a
``ValueError``, never a NaN, an infinity or a silently changed value. The second half checks
:mod:`lessons_lib.progress`: long runs show their progress, and an interrupted run keeps exactly
the iterations it completed.
"""

from __future__ import annotations

import io
import json
import math
import signal
import warnings
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from matplotlib.figure import Figure
from test_cfr_public_engine import ThreeGuessers
from test_public_tree import ZeroSumGuessing

from lessons_lib import convergence, lp, progress, scaling, stored_runs
from lessons_lib.cfr import (
    ENGINES,
    PublicTreeEngine,
    ReadableEngine,
    SequenceFormEngine,
    TrainingRun,
    checkpoint_schedule,
    solve,
)
from lessons_lib.cfr.pitfalls import SignError
from lessons_lib.core.engine import TabularEngine
from lessons_lib.core.state import CFRState, average_strategy
from lessons_lib.core.training import InterruptedRun
from lessons_lib.core.variants import VanillaCFR
from lessons_lib.games import KuhnPoker
from lessons_lib.mccfr import (
    ChanceSampling,
    OutcomeSampling,
    SampledTables,
    random_chooser,
    sampled_traversal,
)
from lessons_lib.mccfr.walk import Walk, plain_tree
from lessons_lib.plots import axes as plot_axes
from lessons_lib.plots import cfr as cfr_plots
from lessons_lib.plots import cfr_variants, game_tree, kuhn_play, sampling, style
from lessons_lib.plots import scaling as scaling_plots
from lessons_lib.policy import uniform_policy
from lessons_lib.progress import Monitor, Progress, format_seconds, progress_option
from lessons_lib.widgets import twins
from lessons_lib.widgets.game_tree import game_tree_explorer

KUHN = KuhnPoker()
RUN = solve(KUHN, "cfr", 20)
HISTORY = RUN.history
UNIFORM = uniform_policy(KUHN)
FORM = lp.sequence_form(KUHN)
PLAN = lp.optimal_plan(FORM, 1)[0]
THREE, GUESSING = ThreeGuessers(), ZeroSumGuessing()
NAN_HISTORY = [replace(HISTORY[0], average_exploitability=math.nan), *HISTORY[1:]]
SAMPLED = solve(KUHN, "mccfr-external", 10).history
#: What the public-tree engine requires, in the words of its refusal.
PUBLIC_TREE_NEEDS = "the public-tree engine needs a two-player zero-sum game with a public tree"

# (call, expected fragment of the message): each call passes one bad argument.
BAD_CALLS = {
    # cfr.solve and training
    "solve initial_regret overflows": (
        lambda: solve(KUHN, "cfr", 1, initial_regret={"J:": [1e308, 1e308]}),
        "initial_regret['J:']",
    ),
    "solve initial_regret a string": (
        lambda: solve(KUHN, "cfr", 1, initial_regret={"J:": "ab"}),
        "initial_regret['J:']",
    ),
    "solve initial_regret a list": (lambda: solve(KUHN, "cfr", 1, initial_regret=[1]), "initial_"),
    "solve game None": (lambda: solve(None, "cfr", 1), "game must be a Game"),
    "solve iterations 10**400": (lambda: solve(KUHN, "cfr", 10**400), "iterations"),
    "solve iterations '5'": (lambda: solve(KUHN, "cfr", "5"), "must be an integer"),
    "solve alpha '0.5'": (lambda: solve(KUHN, "dcfr", 1, alpha="0.5"), "alpha"),
    "solve alpha True": (lambda: solve(KUHN, "dcfr", 1, alpha=True), "alpha"),
    "solve beta 10**400": (lambda: solve(KUHN, "dcfr", 1, beta=10**400), "beta"),
    "solve progress 'yes'": (lambda: solve(KUHN, "cfr", 1, progress="yes"), "progress"),
    "solve checkpoints a string": (lambda: solve(KUHN, "cfr", 5, checkpoints="12"), "checkpoints"),
    "solve checkpoints a dict": (lambda: solve(KUHN, "cfr", 5, checkpoints={1: 2}), "checkpoints"),
    "solve checkpoint_every 1 of 10**15": (
        lambda: solve(KUHN, "cfr", 10**15, checkpoint_every=1),
        "checkpoint_every",
    ),
    "solve averaging 'none'": (lambda: solve(KUHN, "cfr", 1, averaging="none"), "averaging"),
    "solve averaging None": (lambda: solve(KUHN, "cfr+", 1, averaging=None), "averaging"),
    "solve mccfr averaging 7": (lambda: solve(KUHN, "mccfr-chance", 1, averaging=7), "averaging"),
    "solve stop_below -1": (lambda: solve(KUHN, "cfr", 1, stop_below=-1.0), "stop_below"),
    "solve stop_below NaN": (lambda: solve(KUHN, "cfr", 1, stop_below=math.nan), "stop_below"),
    "solve stop_below '0.1'": (lambda: solve(KUHN, "cfr", 1, stop_below="0.1"), "stop_below"),
    "solve stop_below 10**400": (lambda: solve(KUHN, "cfr", 1, stop_below=10**400), "stop_below"),
    "solve engine 'fast'": (lambda: solve(KUHN, "cfr", 1, engine="fast"), "engine"),
    "solve engine 3": (lambda: solve(KUHN, "cfr", 1, engine=3), "engine"),
    "solve engine an instance": (
        lambda: solve(KUHN, "cfr", 1, engine=ReadableEngine(KUHN, VanillaCFR(), "simultaneous")),
        "engine",
    ),
    "solve engine a class of no engine": (lambda: solve(KUHN, "cfr", 1, engine=dict), "engine"),
    "solve engine the abstract TabularEngine": (
        lambda: solve(KUHN, "cfr", 1, engine=TabularEngine),
        "engine",
    ),
    "solve engine a sampling scheme's class": (
        lambda: solve(KUHN, "cfr", 1, engine=ChanceSampling),
        "engine",
    ),
    "solve engine for mccfr": (lambda: solve(KUHN, "mccfr-chance", 1, engine="readable"), "engine"),
    "solve public-tree engine, three players": (
        lambda: solve(THREE, "cfr", 1, engine="public-tree"),
        f"{PUBLIC_TREE_NEEDS}; ThreeGuessers() has 3 players",
    ),
    "solve public-tree engine, no public tree": (
        lambda: solve(GUESSING, "cfr+", 1, engine="public-tree"),
        PUBLIC_TREE_NEEDS,
    ),
    "solve public-tree engine, general-sum": (
        lambda: solve(SignError(KUHN), "cfr", 1, engine=PublicTreeEngine),
        PUBLIC_TREE_NEEDS,
    ),
    "solve sequence-form engine, three players": (
        lambda: solve(THREE, "cfr", 1, engine=SequenceFormEngine),
        "the sequence-form engine needs a two-player game",
    ),
    "train iterations 0": (lambda: RUN.train(0), "iterations"),
    "train stop_below -1": (lambda: RUN.train(1, stop_below=-1), "stop_below"),
    "train an unknown option": (lambda: RUN.train(1, engine="readable"), "engine"),
    "TrainingRun engine 'slow'": (lambda: TrainingRun("slow", "cfr"), "engine"),
    "TrainingRun engine a class": (lambda: TrainingRun(ReadableEngine, "cfr"), "engine"),
    "ReadableEngine variant 'cfr'": (
        lambda: ReadableEngine(KUHN, "cfr", "simultaneous"),
        "variant",
    ),
    "ReadableEngine game a string": (
        lambda: ReadableEngine("kuhn", VanillaCFR(), "simultaneous"),
        "game",
    ),
    "ReadableEngine averaging unknown": (
        lambda: ReadableEngine(KUHN, VanillaCFR(), "simultaneous", averaging="mine"),
        "averaging",
    ),
    "SequenceFormEngine updates unknown": (
        lambda: SequenceFormEngine(KUHN, VanillaCFR(), "sometimes"),
        "updates",
    ),
    "checkpoint_schedule start > stop": (lambda: checkpoint_schedule(5, 2), "stop"),
    "checkpoint_schedule (0, 0)": (lambda: checkpoint_schedule(0, 0), "stop"),
    "checkpoint_schedule (0, -5)": (lambda: checkpoint_schedule(0, -5), "stop"),
    "checkpoint_schedule start -1": (lambda: checkpoint_schedule(-1, 5), "start"),
    "checkpoint_schedule stop 2.0": (lambda: checkpoint_schedule(0, 2.0), "stop"),
    "average_strategy NaN": (lambda: average_strategy(np.array([math.nan, 1.0])), "strategy_sum"),
    "average_strategy negative": (
        lambda: average_strategy(np.array([-math.inf, 1.0])),
        "strategy_sum",
    ),
    "CFRState.zeros game None": (lambda: CFRState.zeros(None), "game"),
    "CFRState.zeros game a string": (lambda: CFRState.zeros("kuhn"), "game"),
    "ReadableEngine updates unknown": (
        lambda: ReadableEngine(KUHN, VanillaCFR(), "sometimes"),
        "updates",
    ),
    "ReadableEngine updates None": (
        lambda: ReadableEngine(KUHN, VanillaCFR(), None),
        "updates",
    ),
    # mccfr
    "solve mccfr-outcome exploration '0.5'": (
        lambda: solve(KUHN, "mccfr-outcome", 1, exploration="0.5"),
        "exploration",
    ),
    "solve mccfr-outcome exploration 10**400": (
        lambda: solve(KUHN, "mccfr-outcome", 1, exploration=10**400),
        "exploration",
    ),
    "solve mccfr-chance seed None": (lambda: solve(KUHN, "mccfr-chance", 1, seed=None), "seed"),
    "solve mccfr-external updates unknown": (
        lambda: solve(KUHN, "mccfr-external", 1, updates="sometimes"),
        "updates",
    ),
    "solve algorithm 7": (lambda: solve(KUHN, 7, 1), "algorithm"),
    "chooser returns -1": (
        lambda: sampled_traversal(KUHN, "external", UNIFORM, 1, chooser=lambda p: -1),
        "index -1",
    ),
    "chooser returns len(p)": (
        lambda: sampled_traversal(KUHN, "external", UNIFORM, 1, chooser=lambda p: len(p)),
        "index 6 for 6 options",
    ),
    "chooser returns 0.0": (
        lambda: sampled_traversal(KUHN, "external", UNIFORM, 1, chooser=lambda p: 0.0),
        "chooser",
    ),
    "chooser returns True": (
        lambda: sampled_traversal(KUHN, "external", UNIFORM, 1, chooser=lambda p: True),
        "chooser",
    ),
    "solve algorithm 'mccfr-inside'": (lambda: solve(KUHN, "mccfr-inside", 1), "algorithm"),
    "ChanceSampling seed -1": (lambda: ChanceSampling(KUHN, seed=-1), "seed"),
    "ChanceSampling game a string": (lambda: ChanceSampling("kuhn"), "game"),
    "OutcomeSampling exploration 0": (
        lambda: OutcomeSampling(KUHN, exploration=0.0),
        "exploration",
    ),
    "SampledTables.fresh game a string": (lambda: SampledTables.fresh("kuhn"), "game"),
    "plain_tree game a list": (lambda: plain_tree([]), "game"),
    "random_chooser rng a seed": (lambda: random_chooser(0), "rng"),
    "Walk chooser 7": (lambda: Walk(7), "chooser"),
    # convergence
    "iterations_to_reach NaN": (
        lambda: convergence.iterations_to_reach(NAN_HISTORY, 0.1),
        "history",
    ),
    "fitted_slope NaN": (lambda: convergence.fitted_slope(NAN_HISTORY), "history"),
    "fitted_slope last_iteration 0": (
        lambda: convergence.fitted_slope(HISTORY, last_iteration=0),
        "last_iteration",
    ),
    "iterations_to_stay_below threshold '0.1'": (
        lambda: convergence.iterations_to_stay_below(HISTORY, "0.1"),
        "threshold",
    ),
    "iterations_to_reach threshold 10**400": (
        lambda: convergence.iterations_to_reach(HISTORY, 10**400),
        "threshold",
    ),
    "reach_table thresholds 0.1": (
        lambda: convergence.reach_table({"a": HISTORY}, 0.1),
        "thresholds",
    ),
    "checkpoint_grid per_decade 10**12": (
        lambda: convergence.checkpoint_grid(10**6, per_decade=10**12),
        "would need",
    ),
    "checkpoint_grid per_decade 10**400": (
        lambda: convergence.checkpoint_grid(10**6, per_decade=10**400),
        "per_decade",
    ),
    "largest_step checkpoints None": (lambda: convergence.largest_step(None), "checkpoints"),
    "payoff_range game None": (lambda: convergence.payoff_range(None), "game"),
    "cfr_regret_bound iterations 10**400": (
        lambda: convergence.cfr_regret_bound(KUHN, 1, 10**400),
        "iterations",
    ),
    "cfr_regret_bound game None": (lambda: convergence.cfr_regret_bound(None, 1, 10), "game"),
    "cfr_regret_bound game a string": (lambda: convergence.cfr_regret_bound("k", 1, 10), "game"),
    "cfr_regret_bound player 3": (lambda: convergence.cfr_regret_bound(KUHN, 3, 10), "player"),
    "cfr_exploitability_bound 10**400": (
        lambda: convergence.cfr_exploitability_bound(KUHN, 10**400),
        "iterations",
    ),
    # scaling
    "timing_table engines 'fast'": (
        lambda: scaling.timing_table([KUHN], engines="sequence-form"),
        "engines",
    ),
    "timing_table max_histories 5": (
        lambda: scaling.timing_table([KUHN], engines=("sequence-form",), max_histories=5),
        "max_histories",
    ),
    "time_per_iteration clock a string": (
        lambda: scaling.time_per_iteration(
            KUHN, "sequence-form", iterations=1, clock=lambda: "now"
        ),
        "clock",
    ),
    "time_per_iteration warmup -1": (
        lambda: scaling.time_per_iteration(KUHN, "sequence-form", warmup=-1),
        "warmup",
    ),
    "timing_table engines ('fast',), the old name": (
        lambda: scaling.timing_table([KUHN], engines=("fast",)),
        "engine",
    ),
    "log_log_slope strings": (lambda: scaling.log_log_slope(["1", "2"], [1.0, 2.0]), "x"),
    "log_log_slope ragged": (lambda: scaling.log_log_slope([[1.0], [1.0, 2.0]], [1.0]), "x"),
    "log_log_slope NaN": (lambda: scaling.log_log_slope([1.0, 2.0], [1.0, math.nan]), "y"),
    "slopes table a dict": (lambda: scaling.slopes({}, "histories"), "table"),
    "memory_table one game": (lambda: scaling.memory_table(KUHN), "games"),
    "game_label game None": (lambda: scaling.game_label(None), "game"),
    # lp
    "behaviour_policy negative plan": (
        lambda: lp.behaviour_policy(FORM, -np.ones(FORM.n_sequences(1)), 1),
        "plan",
    ),
    "behaviour_policy string plan": (
        lambda: lp.behaviour_policy(FORM, ["a"] * FORM.n_sequences(1), 1),
        "plan",
    ),
    "behaviour_policy form None": (lambda: lp.behaviour_policy(None, PLAN, 1), "form"),
    "sequence_form game 'kuhn'": (lambda: lp.sequence_form("kuhn"), "game"),
    "solve_sequence_form game None": (lambda: lp.solve_sequence_form(None), "game"),
    # stored_runs
    "rerun name 'foo'": (lambda: stored_runs.rerun(KUHN, "foo", 3), "name"),
    "rerun name 'outside-seed1'": (lambda: stored_runs.rerun(KUHN, "outside-seed1", 3), "name"),
    "make_run game None": (lambda: stored_runs.make_run(None, "cfr", bool), "game"),
    "nodes_touched run None": (lambda: stored_runs.nodes_touched(None), "run"),
    "cfr_nodes game None": (lambda: stored_runs.cfr_nodes(None), "game"),
    "cfr_nodes game a dict": (lambda: stored_runs.cfr_nodes({}), "game"),
    "cfr_nodes updates unknown": (lambda: stored_runs.cfr_nodes(KUHN, "sometimes"), "updates"),
    "cfr_nodes updates True": (lambda: stored_runs.cfr_nodes(KUHN, True), "updates"),
    "train_until done 5": (lambda: stored_runs.train_until(solve(KUHN, "cfr", 1), 5), "done"),
    "history record a list": (lambda: stored_runs.history([]), "record"),
    "history record missing fields": (
        lambda: stored_runs.history({"checkpoints": [{"iteration": 1}]}),
        "record",
    ),
    "check_prefix record None": (lambda: stored_runs.check_prefix(KUHN, "cfr", None, 1), "record"),
    "write_records NaN": (
        lambda: stored_runs.write_records("/nonexistent/x.json", {}, {"a": math.nan}),
        "records",
    ),
    # plots
    "exploitability_curves history None": (
        lambda: cfr_plots.exploitability_curves(None),
        "history",
    ),
    "exploitability_curves history of dicts": (
        lambda: cfr_plots.exploitability_curves([{}]),
        "history",
    ),
    "learned_strategy_figure game None": (
        lambda: cfr_plots.learned_strategy_figure(None, UNIFORM),
        "game",
    ),
    "learned_strategy_figure learned NaN": (
        lambda: cfr_plots.learned_strategy_figure(KUHN, {**UNIFORM, "J:": [math.nan, 1.0]}),
        "learned",
    ),
    "strategy_paths_figure policies None": (
        lambda: cfr_plots.strategy_paths_figure(KUHN, [1], None),
        "policies",
    ),
    "exploitability_runs_figure strings": (
        lambda: cfr_plots.exploitability_runs_figure({"p": {"a": (["1", "2"], [0.1, 0.2])}}),
        "iterations of run 'a'",
    ),
    "rate_line exponent '0.5'": (
        lambda: cfr_variants.rate_line(np.array([1.0]), "0.5", (1.0, 1.0)),
        "exponent",
    ),
    "rate_line anchor None": (
        lambda: cfr_variants.rate_line(np.array([1.0]), 0.5, None),
        "anchor",
    ),
    "variant_colours names None": (lambda: cfr_variants.variant_colours(None), "names"),
    "family_landing_figure alphas None": (
        lambda: cfr_variants.family_landing_figure(None, {}),
        "alphas",
    ),
    "family_landing_figure alpha '0.1'": (
        lambda: cfr_variants.family_landing_figure({"a": "0.1"}, {"a": {}}),
        "alphas['a']",
    ),
    "exploitability_mbb_figure runs 'ab'": (
        lambda: scaling_plots.exploitability_mbb_figure("ab"),
        "runs",
    ),
    "running_mean_figure exact_value None": (
        lambda: kuhn_play.running_mean_figure([1.0], None, 1),
        "exact_value",
    ),
    "running_mean_figure confidence '0.9'": (
        lambda: kuhn_play.running_mean_figure([1.0], 0.0, 1, confidence="0.9"),
        "confidence",
    ),
    "running_mean_figure payoffs a dict": (
        lambda: kuhn_play.running_mean_figure({}, 0.0, 1),
        "payoffs",
    ),
    "nodes_to_reach target None": (lambda: sampling.nodes_to_reach(SAMPLED, None), "target"),
    "exploitability_within budget '9'": (
        lambda: sampling.exploitability_within(SAMPLED, "9"),
        "budget",
    ),
    "nodes_to_reach history True": (lambda: sampling.nodes_to_reach(True, 0.1), "history"),
    "sampled_estimates_figure exact '1'": (
        lambda: sampling.sampled_estimates_figure({"a": ([1.0], [1.0])}, "1"),
        "exact",
    ),
    "nodes_to_target_figure target None": (
        lambda: sampling.nodes_to_target_figure([10], {"a": [[5]]}, {}, None),
        "target",
    ),
    "game_tree_figure game None": (lambda: game_tree.game_tree_figure(None), "game"),
    "information_set_figure game 'kuhn'": (
        lambda: game_tree.information_set_figure("kuhn", "J:"),
        "game",
    ),
    "new_figure width 1e308": (lambda: style.new_figure(1e308), "width"),
    "new_figure height NaN": (lambda: style.new_figure(6.0, math.nan), "height"),
    "new_figure ncols None": (lambda: style.new_figure(ncols=None), "ncols"),
    "decades_around a dict": (lambda: plot_axes.decades_around({}), "values"),
    "power_of_ten None": (lambda: plot_axes.power_of_ten(None), "value"),
    "checked_log_range a string": (lambda: plot_axes.checked_log_range("ab", "limits"), "limits"),
    # widgets
    "twin_html name True": (lambda: twins.twin_html(True, {}), "name"),
    "cfr_training_data target None": (
        lambda: twins.cfr_training_data(None, 100, {}, (1e-3, 1.0)),
        "target",
    ),
    "cfr_training_data steps None": (
        lambda: twins.cfr_training_data(200, 100, None, (1e-3, 1.0)),
        "steps",
    ),
    "cfr_training_data exploitability_range None": (
        lambda: twins.cfr_training_data(200, 100, {}, None),
        "exploitability_range",
    ),
    "fraction_text None": (lambda: twins.fraction_text(None), "value"),
    "figure_texts None": (lambda: twins.figure_texts(None), "figure"),
    "game_tree_explorer game 'kuhn'": (lambda: game_tree_explorer("kuhn"), "game"),
    "game_tree_explorer deal None": (lambda: game_tree_explorer(KUHN, None), "deal"),
}


@pytest.mark.parametrize("case", list(BAD_CALLS))
def test_a_bad_argument_raises_exactly_value_error_naming_it(case: str) -> None:
    call, fragment = BAD_CALLS[case]
    with pytest.raises(ValueError) as raised:
        call()
    assert raised.type is ValueError, f"{case}: {raised.type.__name__} instead of ValueError"
    assert fragment in str(raised.value), f"{case}: {raised.value}"


def test_a_huge_grid_is_refused_before_it_is_made_with_the_memory_it_would_need() -> None:
    with pytest.raises(ValueError, match=r"would need [\d,]+ numbers \([\d.]+ TiB\)"):
        convergence.checkpoint_grid(10**6, per_decade=10**12)


def test_a_stored_file_that_is_not_json_is_refused_naming_its_path(tmp_path) -> None:
    cases = {
        "binary.json": b"\xff\xfe\x00",
        "overflow.json": b'{"parameters": {}, "runs": {"a": 1e400}}',
        "nan.json": b'{"parameters": {}, "runs": {"a": NaN}}',
        "deep.json": b"[" * 100_000 + b"]" * 100_000,
        "huge-int.json": b'{"a": 1' + b"0" * 500 + b"}",
        "list.json": b"[1, 2]",
    }
    for name, content in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(ValueError) as raised:
            stored_runs.read_records(path, {}, ["a"])
        assert raised.type is ValueError and str(path) in str(raised.value), name
    with pytest.raises(ValueError, match="not a file"):
        stored_runs.read_records(tmp_path, {}, ["a"])
    with pytest.raises(FileNotFoundError, match="missing.json"):
        stored_runs.read_records(tmp_path / "missing.json", {}, ["a"])


# Properties.

finite_floats = st.floats(allow_nan=False, allow_infinity=False)
positive_floats = st.floats(min_value=5e-324, max_value=1.7e308, allow_nan=False)


@given(st.lists(positive_floats, min_size=2, max_size=30))
def test_any_finite_exploitability_sequence_gives_a_finite_slope_or_a_value_error(values) -> None:
    history = [
        replace(HISTORY[0], iteration=k + 1, average_exploitability=v) for k, v in enumerate(values)
    ]
    slope = convergence.fitted_slope(history)
    assert math.isfinite(slope)


@given(st.lists(finite_floats, min_size=1, max_size=30), st.integers(0, 29))
def test_a_nan_anywhere_in_a_history_is_refused(values, position) -> None:
    history = [
        replace(HISTORY[0], iteration=k + 1, average_exploitability=abs(v))
        for k, v in enumerate(values)
    ]
    history[position % len(history)] = replace(
        history[position % len(history)], average_exploitability=math.nan
    )
    for reading in (convergence.iterations_to_reach, convergence.iterations_to_stay_below):
        with pytest.raises(ValueError, match="history"):
            reading(history, 0.1)


@given(st.lists(finite_floats, min_size=2, max_size=40), st.floats(0.01, 0.99))
def test_any_finite_sample_gives_finite_interval_widths(payoffs, confidence) -> None:
    widths = kuhn_play._running_half_width(np.array(payoffs), confidence)
    assert np.all(np.isfinite(widths)) and np.all(widths >= 0)
    # The width after the last hand is z s / sqrt(n), computed here at another scale.
    values = np.array(payoffs)
    scale = float(np.max(np.abs(values))) or 1.0
    spread = float(np.std(values / scale, ddof=1)) * scale
    z = float(kuhn_play.norm.ppf(0.5 + confidence / 2.0))
    expected = z * spread / math.sqrt(values.size)
    assert widths[-1] == pytest.approx(expected, rel=1e-6, abs=1e-300)


@given(
    st.lists(st.floats(1e-300, 1e300), min_size=2, max_size=20),
    st.lists(st.floats(1e-300, 1e300), min_size=2, max_size=20),
)
def test_any_positive_finite_data_give_a_finite_log_log_slope_or_a_value_error(x, y) -> None:
    size = min(len(x), len(y))
    try:
        slope = scaling.log_log_slope(x[:size], y[:size])
    except ValueError as error:
        assert "different x values" in str(error)
    else:
        assert math.isfinite(slope)


@given(st.integers(0, 10**6), st.integers(-10, 10**6), st.none() | st.integers(1, 10**5))
def test_a_schedule_lies_in_its_stretch_or_is_refused(start, stop, every) -> None:
    if stop <= start:
        with pytest.raises(ValueError, match="stop"):
            checkpoint_schedule(start, stop, checkpoint_every=every)
        return
    schedule = checkpoint_schedule(start, stop, checkpoint_every=every)
    assert schedule == sorted(set(schedule)) and schedule[-1] == stop
    assert all(start < i <= stop for i in schedule)
    if every is not None:
        assert all(i % every == 0 for i in schedule[:-1])


@given(st.lists(st.floats(0.0, 1e308), min_size=2, max_size=5))
def test_any_finite_non_negative_strategy_sum_averages_to_a_probability_vector(sums) -> None:
    average = average_strategy(np.array(sums))
    assert np.all(np.isfinite(average)) and np.all(average >= 0)
    assert float(average.sum()) == pytest.approx(1.0)
    if sum(sums) > 0 and math.isfinite(sum(sums)):  # the usual case is left exactly as it was
        assert np.array_equal(average, np.array(sums) / np.array(sums).sum())


@given(st.lists(st.floats(0.0, 1e308), min_size=13, max_size=13))
def test_any_non_negative_plan_gives_a_behaviour_strategy(weights) -> None:
    plan = np.array(weights)
    policy = lp.behaviour_policy(FORM, plan, 1)
    for strategy in policy.values():
        assert np.all(np.isfinite(strategy)) and float(strategy.sum()) == pytest.approx(1.0)


@given(st.lists(st.floats(-1e6, -1e-9), min_size=1, max_size=13), st.integers(0, 12))
def test_a_plan_with_a_negative_weight_is_refused(negatives, position) -> None:
    plan = PLAN.copy()
    plan[position] = negatives[0]
    with pytest.raises(ValueError, match="negative"):
        lp.behaviour_policy(FORM, plan, 1)


@given(st.lists(st.floats(-1e300, 1e300), min_size=2, max_size=2))
def test_any_accepted_initial_regret_gives_probability_vectors(regret) -> None:
    result = solve(KUHN, "cfr", 1, initial_regret={"J:": regret}, checkpoints=())
    for strategy in (*result.current_policy().values(), *result.average_policy().values()):
        assert np.all(np.isfinite(strategy)) and float(strategy.sum()) == pytest.approx(1.0)


@given(st.integers(-(10**6), 10**6).filter(lambda i: not 0 <= i < 2))
def test_a_chooser_index_out_of_range_is_refused(index) -> None:
    with pytest.raises(ValueError, match="index"):
        sampled_traversal(KUHN, "external", UNIFORM, 1, chooser=lambda p: index)


# Progress and interruption.


def stop_after(k: int):
    """A progress callback that interrupts the run once ``k`` iterations are done."""

    def callback(done: int, total: int) -> None:
        if done >= k:
            raise KeyboardInterrupt

    return callback


def same_tables(first: CFRState, second: CFRState) -> float:
    """The largest difference between two states' regrets and strategy sums."""
    gaps = [
        float(np.max(np.abs(first.cumulative_regret[key] - second.cumulative_regret[key])))
        for key in first.cumulative_regret
    ] + [
        float(np.max(np.abs(first.strategy_sum[key] - second.strategy_sum[key])))
        for key in first.strategy_sum
    ]
    return max(gaps)


@pytest.mark.parametrize("engine", ENGINES)
def test_an_interrupted_cfr_run_keeps_exactly_its_first_iterations(engine) -> None:
    every_step = Progress(callback=stop_after(37), step_seconds=0.0, show=False)
    with pytest.warns(InterruptedRun, match="interrupted at iteration 37 of 1,000"):
        run = solve(KUHN, "cfr+", 1000, engine=engine, progress=every_step)
    reference = solve(KUHN, "cfr+", 37, engine=engine)
    assert run.interrupted and run.iterations == 37 and run.history[-1].iteration == 37
    assert same_tables(run.state(), reference.state()) <= 1e-12
    assert run.history[-1] == reference.history[-1]
    run.train(63)  # goes on from iteration 37, as if never interrupted
    assert not run.interrupted
    assert same_tables(run.state(), solve(KUHN, "cfr+", 100, engine=engine).state()) <= 1e-12


@pytest.mark.parametrize("scheme", ["chance", "external", "outcome"])
def test_an_interrupted_mccfr_run_keeps_exactly_its_first_iterations(scheme) -> None:
    every_step = Progress(callback=stop_after(23), step_seconds=0.0, show=False)
    with pytest.warns(InterruptedRun, match="iteration 23"):
        run = solve(KUHN, f"mccfr-{scheme}", 500, seed=4, progress=every_step)
    reference = solve(KUHN, f"mccfr-{scheme}", 23, seed=4)
    assert run.interrupted and run.iterations == 23
    assert same_tables(run.state(), reference.state()) == 0.0
    assert run.engine.nodes_touched == reference.engine.nodes_touched
    run.train(27)
    again = solve(KUHN, f"mccfr-{scheme}", 50, seed=4)
    assert same_tables(run.state(), again.state()) == 0.0


def test_ctrl_c_stops_after_the_iteration_in_progress_and_the_handler_is_restored() -> None:
    before = signal.getsignal(signal.SIGINT)

    def press_ctrl_c(done: int, total: int) -> None:
        if done == 12:
            signal.raise_signal(signal.SIGINT)

    with pytest.warns(InterruptedRun, match="iteration 12"):
        run = solve(KUHN, "cfr", 400, progress=Progress(callback=press_ctrl_c, step_seconds=0.0))
    assert run.iterations == 12
    assert same_tables(run.state(), solve(KUHN, "cfr", 12).state()) <= 1e-12
    assert signal.getsignal(signal.SIGINT) is before


def test_steps_of_any_length_compute_the_same_run() -> None:
    one_by_one = solve(
        KUHN, "dcfr", 300, engine="sequence-form", progress=Progress(step_seconds=0.0)
    )
    in_long_steps = solve(
        KUHN, "dcfr", 300, engine="sequence-form", progress=Progress(step_seconds=10.0)
    )
    assert same_tables(one_by_one.state(), in_long_steps.state()) == 0.0
    assert one_by_one.history == in_long_steps.history


def test_a_run_past_the_threshold_shows_its_progress_and_a_short_one_shows_nothing() -> None:
    shown, quiet = io.StringIO(), io.StringIO()
    solve(KUHN, "cfr", 50, progress=Progress(after=0.0, show=True, stream=shown))
    solve(KUHN, "cfr", 50, progress=Progress(after=3600.0, show=True, stream=quiet))
    lines = shown.getvalue().split("\r")
    assert lines[-1] == "cfr: 50 of 50 iterations (100%), 0 s\n"
    assert all(line.startswith("cfr: ") for line in lines[1:])
    assert quiet.getvalue() == ""


def test_the_switch_turns_progress_off_unless_a_run_asks_for_it(monkeypatch) -> None:
    monkeypatch.setenv(progress.SWITCH, "off")
    quiet, shown = io.StringIO(), io.StringIO()
    solve(KUHN, "cfr", 20, progress=Progress(after=0.0, stream=quiet))
    solve(KUHN, "cfr", 20, progress=Progress(after=0.0, show=True, stream=shown))
    assert quiet.getvalue() == "" and "20 of 20" in shown.getvalue()
    monkeypatch.setenv(progress.SWITCH, "on")
    assert Progress().enabled and not Progress(show=False).enabled


def test_the_progress_line_and_its_durations() -> None:
    monitor = Monitor("cfr+", 1000, Progress(show=False))
    monitor.done = 250
    assert monitor.line().startswith("cfr+: 250 of 1,000 iterations (25%), ")
    assert "left" in monitor.line()
    assert [format_seconds(s) for s in (0.4, 59.6, 200, 7300, 3 * 86400)] == [
        "0 s",
        "1 min 00 s",
        "3 min 20 s",
        "2 h 01 min",
        "3 days",
    ]
    assert format_seconds(math.nan) == "?"


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"after": -1.0}, "after"),
        ({"after": "2"}, "after"),
        ({"step_seconds": math.inf}, "step_seconds"),
        ({"show": 1}, "show"),
        ({"stream": "stderr"}, "stream"),
        ({"callback": 3}, "callback"),
    ],
)
def test_bad_progress_settings_are_refused(options, fragment) -> None:
    with pytest.raises(ValueError, match=fragment):
        Progress(**options)
    with pytest.raises(ValueError, match="progress"):
        progress_option(options)


def test_making_the_stored_files_writes_nothing_when_a_run_is_interrupted(
    tmp_path, monkeypatch
) -> None:
    def interrupted_group(data) -> None:
        stop = Progress(callback=stop_after(5), step_seconds=0.0, show=False)
        run = solve(KUHN, "cfr", 100, progress=stop)
        (data / "made.json").write_text(json.dumps(run.iterations))

    monkeypatch.setitem(stored_runs.GROUPS, "test-group", interrupted_group)
    with pytest.raises(SystemExit) as stopped:
        stored_runs.main(["test-group", "--data", str(tmp_path)])
    assert stopped.value.code == 130
    assert not (tmp_path / "made.json").exists()


def test_train_until_refuses_to_go_on_with_an_interrupted_run() -> None:
    stop = Progress(callback=stop_after(3), step_seconds=0.0, show=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", InterruptedRun)
        run = solve(KUHN, "cfr", 10, progress=stop)
    assert run.interrupted

    def train_interrupted(more: int, **options: object) -> TrainingRun:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", InterruptedRun)
            return TrainingRun.train(run, more, progress=stop)

    run.train = train_interrupted
    with pytest.raises(KeyboardInterrupt, match="nothing is stored"):
        stored_runs.train_until(run, lambda r: r.iterations >= 100)


def test_figures_still_draw_after_the_checks() -> None:
    figure = cfr_plots.strategy_paths_figure(KUHN, [1, 20], [UNIFORM, RUN.average_policy()])
    assert isinstance(figure, Figure)
    table = scaling.timing_table([KUHN], engines=("sequence-form",), iterations=1, repeat=1)
    assert isinstance(table, pd.DataFrame) and table.shape[0] == 1
