"""The runs Chapter 8 loads from notebooks/data/ are what the library computes.

The runs are seeded and resumable, so a short run made here must reproduce the first cached
checkpoints bit for bit (every field but the wall time). The cached policies must have exactly the
exploitability and value their runs recorded last, and every run must have stopped where its
stopping rule says: at the first checkpoint of the default schedule past the node budget (Leduc
poker) or at the target exploitability (the deck sweep).
"""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from lessons_lib import mccfr, stored_runs
from lessons_lib.cfr import checkpoint_schedule
from lessons_lib.exploitability import expected_value, exploitability
from lessons_lib.games import KuhnPoker, LeducPoker
from lessons_lib.policy_io import load_metadata, load_policy

DATA = stored_runs.DATA
LEDUC = LeducPoker()
KUHN_HISTORIES_PER_DEAL = 9  # "", p, b, pb; pp, bp, bb, pbp, pbb


@pytest.fixture(scope="module")
def leduc_cache():
    return json.loads((DATA / stored_runs.LEDUC_RACE).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def deck_cache():
    return json.loads((DATA / stored_runs.DECK_SWEEP).read_text(encoding="utf-8"))


def assert_reproduces(checkpoints, cached):
    fresh = [asdict(c) for c in checkpoints]
    assert len(fresh) == len(cached)
    for new, old in zip(fresh, cached, strict=True):
        new.pop("seconds", None)
        old = {key: value for key, value in old.items() if key != "seconds"}
        assert new == old  # exact equality, float for float


def nodes(record, checkpoint):
    if "nodes_per_iteration" in record:
        return record["nodes_per_iteration"] * checkpoint["iteration"]
    return checkpoint["nodes_touched"]


def test_leduc_cache_records_how_it_was_made(leduc_cache):
    parameters = leduc_cache["parameters"]
    assert parameters == stored_runs.leduc_race_parameters()
    assert parameters["game"] == {
        "name": LEDUC.name,
        "parameters": json.loads(json.dumps(LEDUC.parameters)),
    }
    assert parameters["runs"] == list(leduc_cache["runs"])
    assert parameters["outcome_exploration"] == mccfr.DEFAULT_EXPLORATION  # what rerun() uses
    for name, record in leduc_cache["runs"].items():
        if name.startswith("cfr"):
            assert record["algorithm"] == name
        else:
            scheme, seed = name.split("-seed")
            assert (record["algorithm"], record["scheme"], record["seed"]) == (
                f"mccfr-{scheme}",
                scheme,
                int(seed),
            )
        assert record["iterations"] == record["checkpoints"][-1]["iteration"]


@pytest.mark.parametrize(
    ("name", "iterations"),
    [("chance-seed1", 200), ("external-seed0", 501), ("outcome-seed2", 1995), ("cfr", 50)],
)
def test_a_short_rerun_reproduces_the_first_cached_leduc_checkpoints(leduc_cache, name, iterations):
    cached = [c for c in leduc_cache["runs"][name]["checkpoints"] if c["iteration"] <= iterations]
    assert cached[-1]["iteration"] == iterations  # a checkpoint of the default schedule
    assert_reproduces(stored_runs.rerun(LEDUC, name, iterations).history, cached)


def test_leduc_runs_stop_at_the_first_default_checkpoint_past_the_budget(leduc_cache):
    budget = leduc_cache["parameters"]["node_budget"]
    for name, record in leduc_cache["runs"].items():
        iterations = [c["iteration"] for c in record["checkpoints"]]
        assert iterations == checkpoint_schedule(0, iterations[-1]), name
        touched = [nodes(record, c) for c in record["checkpoints"]]
        assert touched[-1] >= budget > touched[-2], name
        assert touched == sorted(touched), name
        if name.startswith("cfr"):  # every history, once per player and iteration
            assert record["nodes_per_iteration"] == 2 * len(LEDUC.histories())


@pytest.mark.parametrize("name", ["chance-seed0", "external-seed0", "outcome-seed0", "cfr", "cfr+"])
def test_cached_leduc_policies_have_the_exploitability_their_runs_recorded(leduc_cache, name):
    path = DATA / stored_runs.LEDUC_POLICIES / f"{name}.json"
    record = leduc_cache["runs"][name]
    last = record["checkpoints"][-1]
    policy = load_policy(path, LEDUC)
    assert exploitability(LEDUC, policy) == last["average_exploitability"]
    assert expected_value(LEDUC, policy) == last["average_value"]
    metadata = load_metadata(path, LEDUC)
    assert metadata["algorithm"] == record["algorithm"]
    assert metadata["iterations"] == record["iterations"]
    assert metadata.get("seed") == record.get("seed")


def test_deck_cache_covers_every_deck_and_run(deck_cache):
    parameters = deck_cache["parameters"]
    assert parameters == stored_runs.deck_sweep_parameters()
    assert parameters["game"] == {
        "name": "kuhn_poker",
        "parameters": {"n_cards": parameters["decks"]},
    }
    assert parameters["runs"] == list(deck_cache["runs"])
    assert parameters["outcome_exploration"] == mccfr.DEFAULT_EXPLORATION
    names = {name.split("/")[1] for name in parameters["runs"]}
    assert len(parameters["runs"]) == len(parameters["decks"]) * len(names)
    for name, record in deck_cache["runs"].items():
        cards = int(name.split("/")[0])
        (last,) = record["checkpoints"]  # the sweep keeps the checkpoint that reached the target
        assert last["iteration"] == record["iterations"]
        assert last["average_exploitability"] <= parameters["target"], name
        if "nodes_per_iteration" in record:  # 2 |H|, with |H| = deals * 9 for n cards
            assert (
                record["nodes_per_iteration"] == 2 * cards * (cards - 1) * KUHN_HISTORIES_PER_DEAL
            )


@pytest.mark.parametrize(
    "name", ["3/outcome-seed4", "6/chance-seed0", "12/external-seed3", "12/cfr+", "24/cfr"]
)
def test_a_rerun_reaches_the_target_exactly_where_the_cached_run_did(deck_cache, name):
    # Re-run to the cached length: every earlier checkpoint is above the target (so the run
    # stopped at the first one within it), and the last equals the cached one bit for bit.
    target = deck_cache["parameters"]["target"]
    cards, run_name = name.split("/")
    record = deck_cache["runs"][name]
    run = stored_runs.rerun(KuhnPoker(int(cards)), run_name, record["iterations"])
    assert all(c.average_exploitability > target for c in run.history[:-1])
    assert_reproduces(run.history[-1:], record["checkpoints"])
