"""The runs Chapter 8 loads from notebooks/data/ are what the library computes.

The runs are seeded and resumable, so a short run made here must reproduce the first cached
checkpoints bit for bit (every field but the wall time). The cached policies must have exactly the
exploitability and value their runs recorded last, and every run must have stopped where its
stopping rule says: at the first checkpoint of the default schedule past the node budget (Leduc
poker) or at the target exploitability (the deck sweep).

A file the library no longer reproduces fails with the library's own advice: make it again with
``make caches`` (:func:`lessons_lib.stored_runs.check_prefix` for the Leduc race).
"""

from __future__ import annotations

import json
from dataclasses import asdict

import numpy as np
import pytest

from lessons_lib import cfr, mccfr, stored_runs
from lessons_lib.cfr import checkpoint_schedule, readable
from lessons_lib.cfr.readable import ReadableEngine
from lessons_lib.core.variants import variant_named
from lessons_lib.exploitability import expected_value, exploitability
from lessons_lib.games import KuhnPoker, LeducPoker
from lessons_lib.policy_io import load_metadata, load_policy

DATA = stored_runs.DATA
LEDUC = LeducPoker()
KUHN_HISTORIES_PER_DEAL = 9  # "", p, b, pb; pp, bp, bb, pbp, pbb
#: How closely a stored checkpoint of CFR or CFR+ and lessons_lib.exploitability agree on the same
#: policy (chips per hand): the public-tree engine measures its checkpoints by its own sweeps of
#: ranges, the same numbers added in another order. Monte Carlo CFR's checkpoints are measured by
#: lessons_lib.exploitability itself, so they agree exactly.
MEASURES_AGREE = 1e-15


@pytest.fixture(scope="module")
def leduc_cache():
    return json.loads((DATA / stored_runs.LEDUC_RACE).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def deck_cache():
    return json.loads((DATA / stored_runs.DECK_SWEEP).read_text(encoding="utf-8"))


def stale(what: str) -> str:
    """What a test says of a stored file that the library no longer reproduces."""
    return f"{what}: make it again with `{stored_runs.COMMAND}`"


def assert_reproduces(checkpoints, cached, name):
    fresh = [asdict(c) for c in checkpoints]
    assert len(fresh) == len(cached)
    for new, old in zip(fresh, cached, strict=True):
        new.pop("seconds", None)
        old = {key: value for key, value in old.items() if key != "seconds"}
        assert new == old, stale(f"{name} differs from a re-run")  # exact, float for float


def nodes(record, checkpoint):
    if "nodes_per_iteration" in record:
        return record["nodes_per_iteration"] * checkpoint["iteration"]
    return checkpoint["nodes_touched"]


def one_walk_cfr(game, iterations):
    """Vanilla CFR written out again, with one walk per deal that updates both players from the
    frozen ``sigma^t``; returns the average policy and the nodes the walks entered."""
    regret = {key: np.zeros(len(game.actions(key))) for key in game.info_sets()}
    total = {key: np.zeros(len(game.actions(key))) for key in game.info_sets()}
    entered = 0

    def matched(r):
        positive = np.maximum(r, 0.0)
        return positive / positive.sum() if positive.sum() > 0 else np.full(r.size, 1 / r.size)

    def walk(h, sigma, reach):  # reach = (pi_c, pi_1, pi_2); returns u_1(sigma, h)
        nonlocal entered
        entered += 1
        if game.is_terminal(h):
            return game.utility(h, 1)
        key = game.info_set_key(h)
        actor, strategy = game.player(key), sigma[key]
        values = []
        for a, action in enumerate(game.actions(key)):
            child = list(reach)
            child[actor] *= strategy[a]
            values.append(walk(game.next_history(h, action), sigma, child))
        values = np.array(values)
        value = float(sum(p * v for p, v in zip(strategy, values, strict=True)))
        sign = 1.0 if actor == 1 else -1.0  # u_2 = -u_1
        regret[key] += sign * reach[0] * reach[3 - actor] * (values - value)
        total[key] += reach[actor] * strategy
        return value

    for _ in range(iterations):
        sigma = {key: matched(r) for key, r in regret.items()}  # sigma^t, frozen for both players
        for deal, probability in game.deals():
            walk(game.initial_history(deal), sigma, [probability, 1.0, 1.0])
    return {key: s / s.sum() for key, s in total.items()}, entered


@pytest.mark.parametrize(("game", "iterations"), [(KuhnPoker(), 200), (LEDUC, 20)])
def test_one_walk_per_deal_is_vanilla_cfr_at_cfr_nodes_per_iteration(game, iterations):
    # The count cfr_nodes charges simultaneous CFR (|H| per iteration) buys its exact iterates.
    average, entered = one_walk_cfr(game, iterations)
    assert entered == iterations * stored_runs.cfr_nodes(game, "simultaneous")
    assert entered == iterations * len(game.histories())
    solved = cfr.solve(game, "cfr", iterations, checkpoints=()).average_policy()
    assert max(np.abs(average[key] - solved[key]).max() for key in solved) < 1e-12


@pytest.mark.parametrize("algorithm", ["cfr+", "lcfr", "cfr"])
def test_an_alternating_iteration_walks_the_tree_twice(monkeypatch, algorithm):
    # Count the histories the readable engine's recursive walk enters (one call each): under
    # alternating updates it cannot do with fewer, since player 2's walk needs sigma_1^{t+1}.
    entered = []
    walk = readable.traverse

    def counting(game, history, *rest):
        entered.append(history)
        return walk(game, history, *rest)

    monkeypatch.setattr(readable, "traverse", counting)
    kuhn = KuhnPoker()
    ReadableEngine(kuhn, variant_named(algorithm), "alternating").run(3)
    assert len(entered) == 3 * 2 * len(kuhn.histories())
    assert len(entered) == 3 * stored_runs.cfr_nodes(kuhn, "alternating")
    assert set(entered) == set(kuhn.histories())


def test_nodes_touched_charges_each_cfr_variant_its_own_update_scheme():
    kuhn = KuhnPoker()
    assert stored_runs.nodes_touched(cfr.solve(kuhn, "cfr", 7)) == 7 * 54
    assert stored_runs.nodes_touched(cfr.solve(kuhn, "cfr+", 7)) == 7 * 108
    assert stored_runs.nodes_touched(cfr.solve(kuhn, "cfr", 7, updates="alternating")) == 7 * 108
    with pytest.raises(ValueError, match="updates"):
        stored_runs.cfr_nodes(kuhn, "both")


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
    record = leduc_cache["runs"][name]
    cached = [c for c in record["checkpoints"] if c["iteration"] <= iterations]
    assert cached[-1]["iteration"] == iterations  # a checkpoint of the default schedule
    # Every cached checkpoint up to there, every field but the wall time, bit for bit.
    stored_runs.check_prefix(LEDUC, name, record, iterations)


def test_leduc_runs_stop_at_the_first_default_checkpoint_past_the_budget(leduc_cache):
    budget = leduc_cache["parameters"]["node_budget"]
    for name, record in leduc_cache["runs"].items():
        iterations = [c["iteration"] for c in record["checkpoints"]]
        assert iterations == checkpoint_schedule(0, iterations[-1]), name
        touched = [nodes(record, c) for c in record["checkpoints"]]
        assert touched[-1] >= budget > touched[-2], name
        assert touched == sorted(touched), name
        if name.startswith("cfr"):  # every history, once (CFR) or once per player (CFR+)
            walks = 1 if name == "cfr" else 2
            assert record["nodes_per_iteration"] == walks * len(LEDUC.histories())


@pytest.mark.parametrize("name", ["chance-seed0", "external-seed0", "outcome-seed0", "cfr", "cfr+"])
def test_cached_leduc_policies_have_the_exploitability_their_runs_recorded(leduc_cache, name):
    path = DATA / stored_runs.LEDUC_POLICIES / f"{name}.json"
    record = leduc_cache["runs"][name]
    last = record["checkpoints"][-1]
    policy = load_policy(path, LEDUC)
    measured = (exploitability(LEDUC, policy), expected_value(LEDUC, policy))
    recorded = (last["average_exploitability"], last["average_value"])
    agree = 0.0 if "scheme" in record else MEASURES_AGREE
    differs = stale(f"{path.name} is not the policy of the run {name!r}")
    assert measured == pytest.approx(recorded, rel=0, abs=agree), differs
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
        if "nodes_per_iteration" in record:  # |H| (CFR) or 2 |H| (CFR+), |H| = deals * 9
            walks = 1 if name.endswith("/cfr") else 2
            histories = cards * (cards - 1) * KUHN_HISTORIES_PER_DEAL
            assert record["nodes_per_iteration"] == walks * histories


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
    assert_reproduces(run.history[-1:], record["checkpoints"], f"{stored_runs.DECK_SWEEP} {name}")


def test_written_records_read_back_equal_with_one_line_per_checkpoint(tmp_path):
    _, record = stored_runs.make_run(KuhnPoker(), "chance-seed0", lambda r: r.iterations >= 20)
    parameters = {"game": "kuhn", "runs": ["a", "b"], "nested": {"list": [1, 2.5]}}
    records = {"a": record, "b": {"iterations": 0, "checkpoints": []}}
    path = tmp_path / "runs.json"
    stored_runs.write_records(path, parameters, records)
    assert stored_runs.read_records(path, parameters, ["a", "b"]) == json.loads(json.dumps(records))
    lines = path.read_text(encoding="utf-8").splitlines()
    for checkpoint in record["checkpoints"]:  # each checkpoint is one line of the file
        assert sum(f'"iteration": {checkpoint["iteration"]},' in line for line in lines) == 1
    assert '"list": [ 1, 2.5 ]' in lines[5]  # a list of numbers, too
    with pytest.raises(ValueError, match="other parameters"):
        stored_runs.read_records(path, parameters | {"game": "leduc"}, ["a", "b"])
    with pytest.raises(ValueError, match="other parameters"):
        stored_runs.read_records(path, parameters, ["a"])
    with pytest.raises(FileNotFoundError, match="make caches"):
        stored_runs.read_records(tmp_path / "missing.json", parameters, ["a"])
