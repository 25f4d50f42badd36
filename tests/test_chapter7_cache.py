"""The cached CFR+ run of Chapter 7 is what the library computes.

Chapter 7 reads a 100,000-iteration CFR+ run on Leduc poker from ``notebooks/data`` instead of
running it at every build. CFR is deterministic, so a short re-run must reproduce the stored
checkpoints exactly; the stored 100-iteration policy must be the solver's, number for number; and
the stored final policy must have the exploitability and value of the last stored checkpoint.
The final policy is also checked against the exact game value of the sequence-form LP.

A file the library no longer reproduces (a change of the library changed its numbers, or an engine
it names is gone) fails with the library's own advice: make it again with ``make caches``.
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
#: How closely a stored checkpoint and lessons_lib.exploitability agree on the same policy (chips
#: per hand). The public-tree engine measures its checkpoints by its own sweeps of ranges,
#: exploitability() by best responses on the history tree: the same numbers added in another
#: order, which agree to rounding (1e-16 on this run), not bit for bit.
MEASURES_AGREE = 1e-15


def stale(what: str) -> str:
    """What a test says of a stored file that the library no longer reproduces."""
    return f"{what}: make it again with `{stored_runs.COMMAND}`"


def engine_of(record: dict) -> str:
    """The engine the stored run names, after checking the library still has it."""
    engine = record["engine"]
    assert engine in ENGINES, stale(f"{RUN_FILE.name} was made by the engine {engine!r}, now gone")
    return engine


@pytest.fixture(scope="module")
def record():
    return json.loads(RUN_FILE.read_text(encoding="utf-8"))


def test_the_record_describes_a_cfr_plus_run_on_standard_leduc(record):
    assert record["algorithm"] == "cfr+"
    engine_of(record)
    assert record["game"] == {
        "name": GAME.name,
        "parameters": json.loads(json.dumps(GAME.parameters)),
    }
    iterations = [c["iteration"] for c in record["checkpoints"]]
    assert iterations == sorted(set(iterations)) and iterations[-1] == record["iterations"]
    assert {stored_runs.CH07_EARLY, stored_runs.CH07_LIVE} <= set(iterations)
    assert record["iterations"] == stored_runs.CH07_LONG > PREFIX


def test_a_short_rerun_reproduces_the_stored_checkpoints_exactly(record):
    stored = [c for c in record["checkpoints"] if c["iteration"] <= PREFIX]
    assert len(stored) > 20
    rerun = solve(GAME, record["algorithm"], PREFIX, engine=engine_of(record))
    fresh = [asdict(c) for c in rerun.history]
    assert fresh == stored, stale(f"the first {PREFIX:,} iterations of {RUN_FILE.name} differ")


def test_the_stored_final_policy_has_the_last_checkpoints_exploitability_and_value(record):
    policy = load_policy(POLICY_FILE, GAME)
    last = record["checkpoints"][-1]
    measured = (exploitability(GAME, policy), expected_value(GAME, policy))
    recorded = (last["average_exploitability"], last["average_value"])
    differs = stale(f"{POLICY_FILE.name} is not the policy of {RUN_FILE.name}")
    assert measured == pytest.approx(recorded, rel=0, abs=MEASURES_AGREE), differs
    metadata = load_metadata(POLICY_FILE, GAME)
    assert metadata["iterations"] == record["iterations"]
    for field in ("algorithm", "engine"):
        assert metadata[field] == record[field]


def test_the_stored_100_iteration_policy_is_what_the_solver_produces(record):
    metadata = load_metadata(EARLY_POLICY_FILE, GAME)
    assert metadata["iterations"] == 100 and metadata["engine"] == record["engine"]
    stored = load_policy(EARLY_POLICY_FILE, GAME)
    produced = solve(GAME, "cfr+", 100, engine=engine_of(record)).average_policy()
    assert list(stored) == list(produced)
    for key in GAME.info_sets():
        differs = stale(f"{EARLY_POLICY_FILE.name} differs at {key!r}")
        assert np.array_equal(stored[key], produced[key]), differs
    at_100 = next(c for c in record["checkpoints"] if c["iteration"] == 100)
    measured = exploitability(GAME, stored)
    assert measured == pytest.approx(at_100["average_exploitability"], rel=0, abs=MEASURES_AGREE)


def test_the_stored_policy_is_worth_the_lp_game_value_within_twice_its_exploitability(record):
    policy = load_policy(POLICY_FILE, GAME)
    _, value = solve_sequence_form(GAME)
    epsilon = exploitability(GAME, policy)
    assert epsilon < 1e-5  # far below the 1,000-iteration exploitability
    assert abs(expected_value(GAME, policy) - value) <= 2 * epsilon + 1e-9
