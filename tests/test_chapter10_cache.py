"""The stored card-abstraction sweep of Chapter 10 is what the library computes, and reads back."""

from __future__ import annotations

import json

import pytest

from lessons_lib import stored_runs
from lessons_lib.abstraction import METHODS


def test_the_stored_sweep_starts_as_a_re_run() -> None:
    stored = stored_runs.stored_card_sweep()
    assert list(stored) == list(METHODS)
    for method in METHODS:
        assert [m.buckets for m in stored[method]] == list(range(1, stored_runs.CARD_RANKS + 1))
        stored_runs.check_card_prefix(stored, method, 2)


def test_the_stored_sweep_is_consistent() -> None:
    stored = stored_runs.stored_card_sweep()
    for method in METHODS:
        rows = stored[method]
        for m in rows:
            # Every solve reached its target, and the real exploitability is never below it.
            assert m.abstract_exploitability <= stored_runs.CARD_TARGET
            assert m.real_exploitability >= m.abstract_exploitability - 1e-12
        # With one bucket per rank the abstraction is the game: the two numbers agree.
        assert rows[-1].real_exploitability == pytest.approx(rows[-1].abstract_exploitability)


def test_a_changed_record_is_caught(tmp_path) -> None:
    source = stored_runs.DATA / stored_runs.CARD_SWEEP
    document = json.loads(source.read_text(encoding="utf-8"))
    document["runs"]["strength"][0]["real_exploitability"] += 1e-12
    (tmp_path / stored_runs.CARD_SWEEP).write_text(json.dumps(document), encoding="utf-8")
    stored = stored_runs.stored_card_sweep(tmp_path)
    with pytest.raises(ValueError, match="make it again"):
        stored_runs.check_card_prefix(stored, "strength", 1)


def test_a_missing_file_names_the_command(tmp_path) -> None:
    with pytest.raises(OSError, match="make caches"):
        stored_runs.stored_card_sweep(tmp_path)
