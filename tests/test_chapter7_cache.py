"""The cached CFR+ run of Chapter 7 is what the library computes.

Chapter 7 reads a 100,000-iteration CFR+ run on Leduc poker from ``notebooks/data`` instead of
running it at every build. CFR is deterministic, so a short re-run must reproduce the stored
checkpoints exactly; the stored 100-iteration policy must be the solver's, number for number; and
the stored final policy must have the exploitability and value of the last stored checkpoint.
The final policy is also checked against the exact game value of the sequence-form LP.
"""

from __future__ import annotations

import json
from dataclasses import asdict

import numpy as np
import pytest

from lessons_lib import stored_runs
from lessons_lib.cfr import solve
from lessons_lib.cfr.solver import ENGINES
from lessons_lib.exploitability import expected_value, exploitability
from lessons_lib.games import LeducPoker
from lessons_lib.lp import solve_sequence_form
from lessons_lib.policy_io import load_metadata, load_policy

RUN_FILE = stored_runs.DATA / stored_runs.CH07_RUN
POLICY_FILE = stored_runs.DATA / stored_runs.CH07_POLICY
EARLY_POLICY_FILE = stored_runs.DATA / stored_runs.CH07_EARLY_POLICY
GAME = LeducPoker()
#: How much of the stored run the test repeats.
PREFIX = 1000


@pytest.fixture(scope="module")
def record():
    return json.loads(RUN_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def rerun(record):
    return solve(GAME, record["algorithm"], PREFIX, engine=record["engine"])


def test_the_record_describes_a_cfr_plus_run_on_standard_leduc(record):
    assert record["algorithm"] == "cfr+" and record["engine"] in ENGINES
    assert record["game"] == {
        "name": GAME.name,
        "parameters": json.loads(json.dumps(GAME.parameters)),
    }
    iterations = [c["iteration"] for c in record["checkpoints"]]
    assert iterations == sorted(set(iterations)) and iterations[-1] == record["iterations"]
    assert {stored_runs.CH07_EARLY, stored_runs.CH07_LIVE} <= set(iterations)
    assert record["iterations"] == stored_runs.CH07_LONG > PREFIX


def test_a_short_rerun_reproduces_the_stored_checkpoints_exactly(record, rerun):
    stored = [c for c in record["checkpoints"] if c["iteration"] <= PREFIX]
    assert len(stored) > 20
    assert [asdict(c) for c in rerun.history] == stored


def test_the_stored_final_policy_has_the_last_checkpoints_exploitability_and_value(record):
    policy = load_policy(POLICY_FILE, GAME)
    last = record["checkpoints"][-1]
    assert exploitability(GAME, policy) == last["average_exploitability"]
    assert expected_value(GAME, policy) == last["average_value"]
    metadata = load_metadata(POLICY_FILE, GAME)
    assert metadata["iterations"] == record["iterations"]
    for field in ("algorithm", "engine"):
        assert metadata[field] == record[field]


def test_the_stored_100_iteration_policy_is_what_the_solver_produces(record):
    metadata = load_metadata(EARLY_POLICY_FILE, GAME)
    assert metadata["iterations"] == 100 and metadata["engine"] == record["engine"]
    stored = load_policy(EARLY_POLICY_FILE, GAME)
    produced = solve(GAME, "cfr+", 100, engine=record["engine"]).average_policy()
    assert list(stored) == list(produced)
    for key in GAME.info_sets():
        assert np.array_equal(stored[key], produced[key]), key
    at_100 = next(c for c in record["checkpoints"] if c["iteration"] == 100)
    assert exploitability(GAME, stored) == at_100["average_exploitability"]


def test_the_stored_policy_is_worth_the_lp_game_value_within_twice_its_exploitability(record):
    policy = load_policy(POLICY_FILE, GAME)
    _, value = solve_sequence_form(GAME)
    epsilon = exploitability(GAME, policy)
    assert epsilon < 1e-5  # far below the 1,000-iteration exploitability
    assert abs(expected_value(GAME, policy) - value) <= 2 * epsilon + 1e-9
