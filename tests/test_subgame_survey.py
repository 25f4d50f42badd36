"""The survey of subgame solving: its blueprints' schedule, one blueprint measured against a second
derivation (each re-solve recombined and measured by hand), and the table and summary against
cases made up so that every count can be done in one's head."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from lessons_lib.exploitability import exploitability
from lessons_lib.games import KuhnPoker, LeducPoker
from lessons_lib.subgames import (
    SurveyCase,
    blueprint_schedule,
    board_subgames,
    combine,
    resolve,
    resolve_all,
    short_run_blueprint,
    survey_blueprint,
    survey_summary,
    survey_table,
)

LEDUC = LeducPoker()


def test_the_schedule_is_log_uniform_reproducible_and_seeded() -> None:
    schedule = blueprint_schedule(4000, 10_000, seed=7)
    assert schedule == blueprint_schedule(4000, 10_000, seed=7)
    assert schedule != blueprint_schedule(4000, 10_000, seed=8)
    assert min(schedule) == 1 and max(schedule) <= 10_000
    # Log-uniform on [1, 10^4): a quarter below 10, half below 100, three quarters below 1000
    # (round(10^u) <= 10 exactly when u < log10(10.5)).
    for bound, share in ((10, np.log10(10.5) / 4), (100, np.log10(100.5) / 4)):
        assert np.mean(np.array(schedule) <= bound) == pytest.approx(share, abs=0.03)
    assert blueprint_schedule(1, 1, seed=0) == [1]


def test_one_blueprint_is_measured_as_each_re_solve_recombined_by_hand() -> None:
    methods = ("unsafe", "maxmargin")
    case = survey_blueprint(LEDUC, 3, seed=4, methods=methods)
    blueprint = short_run_blueprint(LEDUC, 3, 4)
    subgames = board_subgames(LEDUC)
    assert (case.seed, case.iterations) == (4, 3)
    assert case.blueprint == exploitability(LEDUC, blueprint)
    assert case.subgames == tuple(s.name for s in subgames) and len(case.subgames) == 15
    assert list(case.at_once) == list(case.alone) == list(methods)
    for method in methods:
        together = combine(blueprint, resolve_all(subgames, blueprint, method))
        assert case.at_once[method] == exploitability(LEDUC, together)
        for j in (0, 7, 14):
            alone = combine(blueprint, [resolve(subgames[j], blueprint, method)])
            assert case.alone[method][j] == exploitability(LEDUC, alone)
    # Safe, here as everywhere: maxmargin never raises the exploitability.
    assert case.at_once["maxmargin"] <= case.blueprint + 1e-9
    assert max(case.alone["maxmargin"]) <= case.blueprint + 1e-9


NAMES = ("first", "second")
CASES = [
    SurveyCase(
        0,
        1,
        1.0,
        NAMES,
        {"unsafe": 2.0, "resolve": 0.5},
        {"unsafe": (1.5, 0.75), "resolve": (1.0, 0.9)},
    ),
    SurveyCase(
        1,
        9,
        0.5,
        NAMES,
        {"unsafe": 0.25, "resolve": 0.5},
        {"unsafe": (0.5, 1.0), "resolve": (0.5, 0.25)},
    ),
]


def test_the_table_has_one_row_per_re_solve() -> None:
    table = survey_table(CASES)
    assert len(table) == 2 * (2 + 2 * 2)
    first = table[(table["seed"] == 0) & (table["scope"] == "alone")]
    assert first["subgame"].tolist() == ["first", "second", "first", "second"]
    assert first["after"].tolist() == [1.5, 0.75, 1.0, 0.9]
    assert first["change"].tolist() == pytest.approx([0.5, -0.25, 0.0, -0.1])
    together = table[(table["seed"] == 1) & (table["scope"] == "at once")]
    assert together["subgame"].tolist() == ["all", "all"]
    assert together["relative"].tolist() == [-0.5, 0.0]
    assert set(table["iterations"]) == {1, 9}


def test_the_summary_counts_what_hurt_and_by_how_much() -> None:
    summary = survey_summary(survey_table(CASES))
    unsafe = summary.loc[("at once", "unsafe")]
    # Relative changes: +1 (2.0 from 1.0) and -0.5 (0.25 from 0.5).
    assert (unsafe["cases"], unsafe["hurt"]) == (2, 1)
    assert (unsafe["median"], unsafe["mean"]) == (0.25, 0.25)
    assert (unsafe["best"], unsafe["worst"]) == (-0.5, 1.0)
    alone = summary.loc[("alone", "unsafe")]
    # +0.5, -0.25, 0 and +1: two hurt (no change does not), median 0.25.
    assert (alone["cases"], alone["hurt"], alone["median"]) == (4, 2, 0.25)
    resolved = summary.loc[("alone", "resolve")]
    assert resolved["hurt"] == 0 and resolved["worst"] == 0.0 and resolved["best"] == -0.5
    # The tolerance is in chips: the increases are 1 chip (at once) and 0.5 (alone, twice).
    assert survey_summary(survey_table(CASES), hurt=0.6)["hurt"].sum() == 1
    assert survey_summary(survey_table(CASES), hurt=1.0)["hurt"].sum() == 0
    assert list(summary.index.get_level_values("scope").unique()) == ["at once", "alone"]


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="count"):
        blueprint_schedule(0, 10, 1)
    with pytest.raises(ValueError, match="max_iterations"):
        blueprint_schedule(3, 0, 1)
    with pytest.raises(ValueError, match="unknown method"):
        survey_blueprint(LEDUC, 1, 0, methods=("nested",))
    with pytest.raises(ValueError, match="methods must name"):
        survey_blueprint(LEDUC, 1, 0, methods=())
    with pytest.raises(ValueError, match="never turns a board"):
        survey_blueprint(KuhnPoker(), 1, 0)
    with pytest.raises(ValueError, match="cases must hold at least one"):
        survey_table([])
    short = SurveyCase(0, 1, 1.0, NAMES, {"unsafe": 1.0}, {"unsafe": (1.0,)})
    with pytest.raises(ValueError, match="1 results of 'unsafe' for 2 subgames"):
        survey_table([short])
    with pytest.raises(ValueError, match="table must be a non-empty"):
        survey_summary(pd.DataFrame())
    with pytest.raises(ValueError, match="table must be a survey_table"):
        survey_summary([1, 2])
    with pytest.raises(ValueError, match="hurt"):
        survey_summary(survey_table(CASES), hurt=-1.0)
