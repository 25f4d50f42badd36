"""The stored card-abstraction sweep of Chapter 10 is what the library computes, and reads back."""

from __future__ import annotations

import json

import pytest

from lessons_lib import stored_runs
from lessons_lib.abstraction import METHODS
from lessons_lib.games import LeducPoker


@pytest.fixture(scope="module")
def stored():
    return stored_runs.stored_card_sweep()


def test_the_stored_sweep_starts_as_a_re_run(stored) -> None:
    assert list(stored) == list(stored_runs.CARD_DECKS) and 13 in stored
    for ranks, deck in stored.items():
        assert list(deck) == list(METHODS)
        for method in METHODS:
            assert [m.buckets for m in deck[method]] == list(range(1, ranks + 1))
            assert {m.bucketing.ranks for m in deck[method]} == {ranks}
            stored_runs.check_card_prefix(deck, method, 2)


def test_the_stored_sweep_is_consistent(stored) -> None:
    for ranks, deck in stored.items():
        real_sets = len(LeducPoker(ranks=ranks).info_sets())
        for rows in deck.values():
            for m in rows:
                # Every solve reached its target, and the real exploitability is never below it.
                assert m.abstract_exploitability <= stored_runs.CARD_TARGET
                assert m.real_exploitability >= m.abstract_exploitability - 1e-12
                assert m.info_sets <= real_sets and m.iterations % stored_runs.CARD_CHECK_EVERY == 0
            # With one bucket per rank the abstraction is the game: the two numbers agree.
            assert rows[-1].info_sets == real_sets
            assert rows[-1].real_exploitability == pytest.approx(rows[-1].abstract_exploitability)


def stored_document() -> dict:
    source = stored_runs.DATA / stored_runs.CARD_SWEEP
    return json.loads(source.read_text(encoding="utf-8"))


def test_a_changed_record_is_caught(tmp_path) -> None:
    document = stored_document()
    document["runs"]["13/strength"][0]["real_exploitability"] += 1e-12
    (tmp_path / stored_runs.CARD_SWEEP).write_text(json.dumps(document), encoding="utf-8")
    stored = stored_runs.stored_card_sweep(tmp_path)
    with pytest.raises(ValueError, match="13 ranks: make it again"):
        stored_runs.check_card_prefix(stored[13], "strength", 1)


CARDS = (stored_runs.CARD_SWEEP, stored_runs.stored_card_sweep)
BOUNDS = (stored_runs.BOUNDS_SWEEP, stored_runs.stored_bounds_sweep)


@pytest.mark.parametrize(
    ("kind", "damage"),
    [
        (CARDS, lambda runs: runs["10/percentile"].pop()),
        (CARDS, lambda runs: runs["6/strength"][2].pop("iterations")),
        (CARDS, lambda runs: runs["6/strength"][2].update(buckets=4)),
        (CARDS, lambda runs: runs["13/percentile"][0].update(real_exploitability="0.1")),
        (CARDS, lambda runs: runs.update({"13/strength": {"buckets": 1}})),
        (BOUNDS, lambda runs: runs["10/percentile"].pop()),
        (BOUNDS, lambda runs: runs["6/strength"][2].pop("best")),
        (BOUNDS, lambda runs: runs["6/strength"][2].update(most=None)),
        (BOUNDS, lambda runs: runs["10/strength"][0].update(most=[0.1, 0.1])),
        (BOUNDS, lambda runs: runs["13/percentile"][0].update(least=[0.1])),
        (BOUNDS, lambda runs: runs["13/percentile"][0].update(least=["0.1", 0.1])),
    ],
)
def test_a_malformed_record_is_refused(tmp_path, kind, damage) -> None:
    name, read = kind
    document = json.loads((stored_runs.DATA / name).read_text(encoding="utf-8"))
    damage(document["runs"])
    (tmp_path / name).write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ValueError, match="malformed sweep .*make it again"):
        read(tmp_path)


def test_bad_prefix_checks_are_refused(stored) -> None:
    with pytest.raises(ValueError, match="method"):
        stored_runs.check_card_prefix(stored[6], "kmeans", 1)
    with pytest.raises(ValueError, match="count"):
        stored_runs.check_card_prefix(stored[6], "strength", 7)
    with pytest.raises(ValueError, match="stored must be one deck's sweep"):
        stored_runs.check_card_prefix(list(stored[6].values()), "strength", 1)


def test_a_missing_file_names_the_command(tmp_path) -> None:
    with pytest.raises(OSError, match="make caches"):
        stored_runs.stored_card_sweep(tmp_path)


# The stored bounds over each abstraction's equilibria (linear programs, compared to a tolerance).


@pytest.fixture(scope="module")
def bounds():
    return stored_runs.stored_bounds_sweep()


def test_the_stored_bounds_start_as_a_re_run(bounds) -> None:
    assert list(bounds) == list(stored_runs.CARD_DECKS)
    for ranks, deck in bounds.items():
        assert list(deck) == list(METHODS)
        for method in METHODS:
            assert [b.bucketing.buckets for b in deck[method]] == list(range(1, ranks + 1))
            assert all(
                (b.most is not None) == (ranks in stored_runs.MOST_DECKS) for b in deck[method]
            )
    for method in METHODS:
        stored_runs.check_bounds_prefix(bounds[6], method, 2)
    stored_runs.check_bounds_prefix(bounds[10], "strength", 1)


def test_the_stored_bounds_are_consistent(bounds, stored) -> None:
    for ranks, deck in bounds.items():
        for method in METHODS:
            for b, m in zip(deck[method], stored[ranks][method], strict=True):
                # Any abstract strategy <= the best equilibrium <= the worst found.
                for p in (0, 1):
                    assert b.best[p] <= b.least[p] + 1e-9
                    assert b.most is None or b.least[p] <= b.most[p] + 1e-8
                # The CFR+ solution is an abstract strategy, so no better than the best one.
                assert b.best_exploitability <= m.real_exploitability + 1e-9
            # One bucket per rank is the real game: every equilibrium loses nothing.
            assert deck[method][-1].least_exploitability == pytest.approx(0.0, abs=1e-8)


def bounds_document() -> dict:
    source = stored_runs.DATA / stored_runs.BOUNDS_SWEEP
    return json.loads(source.read_text(encoding="utf-8"))


def test_a_changed_bound_is_caught(tmp_path) -> None:
    document = bounds_document()
    document["runs"]["6/strength"][1]["least"][0] += 1e-6
    (tmp_path / stored_runs.BOUNDS_SWEEP).write_text(json.dumps(document), encoding="utf-8")
    bounds = stored_runs.stored_bounds_sweep(tmp_path)
    stored_runs.check_bounds_prefix(bounds[6], "strength", 1)  # the first record is untouched
    with pytest.raises(ValueError, match="2 buckets on 6 ranks: make it again"):
        stored_runs.check_bounds_prefix(bounds[6], "strength", 2)


def test_a_missing_bounds_file_names_the_command(tmp_path) -> None:
    with pytest.raises(OSError, match="make caches"):
        stored_runs.stored_bounds_sweep(tmp_path)
