"""Policies in JSON files: exact round trips, and a clear ValueError for every kind of bad file."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons_lib.games import KuhnPoker, LeducPoker, MultiplayerKuhnPoker, RakedKuhnPoker
from lessons_lib.policy import uniform_policy
from lessons_lib.policy_io import (
    VERSION,
    load_metadata,
    load_policy,
    metadata_from_json,
    policy_from_json,
    policy_to_json,
    save_policy,
)

KUHN = KuhnPoker()
LEDUC = LeducPoker()

#: A probability from anywhere in [0, 1], the end points and awkward doubles included.
probabilities = st.floats(min_value=0.0, max_value=1.0, allow_nan=False, allow_subnormal=True)


def assert_bitwise_equal(loaded: dict, saved: dict) -> None:
    assert list(loaded) == list(saved)
    for key in saved:
        assert loaded[key].dtype == np.float64
        assert loaded[key].tobytes() == np.asarray(saved[key], dtype=float).tobytes(), key


@given(st.lists(probabilities, min_size=12, max_size=12))
def test_kuhn_policies_come_back_bitwise_equal(bets) -> None:
    policy = {key: np.array([1.0 - q, q]) for key, q in zip(KUHN.info_sets(), bets, strict=True)}
    assert_bitwise_equal(policy_from_json(policy_to_json(KUHN, policy), KUHN), policy)


@given(st.integers(min_value=0, max_value=2**32 - 1), st.floats(min_value=0.05, max_value=20))
def test_leduc_policies_come_back_bitwise_equal(seed, concentration) -> None:
    rng = np.random.default_rng(seed)
    policy = {
        key: rng.dirichlet(np.full(len(LEDUC.actions(key)), concentration))
        for key in LEDUC.info_sets()
    }
    assert_bitwise_equal(policy_from_json(policy_to_json(LEDUC, policy), LEDUC), policy)


def test_files_round_trip_with_metadata(tmp_path) -> None:
    rng = np.random.default_rng(0)
    policy = {key: rng.dirichlet(np.ones(len(LEDUC.actions(key)))) for key in LEDUC.info_sets()}
    path = tmp_path / "leduc.json"
    metadata = {"algorithm": "cfr+", "iterations": 1000, "exploitability": 1.5e-3}
    save_policy(path, LEDUC, policy, metadata)
    assert_bitwise_equal(load_policy(path, LEDUC), policy)
    assert load_metadata(path, LEDUC) == metadata
    # Readable: indented, the game named, the keys in info_sets() order, lists of probabilities.
    text = path.read_text(encoding="utf-8")
    assert text.startswith("{\n  ")
    document = json.loads(text)
    assert document["version"] == VERSION
    assert document["game"] == {
        "name": "leduc_poker",
        "parameters": {"ranks": 3, "suits": 2, "raise_sizes": [2, 4], "max_raises": 2},
    }
    assert list(document["policy"]) == list(LEDUC.info_sets())
    assert document["policy"]["K:r"] == [float(p) for p in policy["K:r"]]


@pytest.mark.parametrize("game", [MultiplayerKuhnPoker(3), RakedKuhnPoker(0.05)], ids=repr)
def test_policies_of_more_players_and_of_general_sum_games_round_trip(game, tmp_path) -> None:
    rng = np.random.default_rng(1)
    policy = {key: rng.dirichlet(np.ones(len(game.actions(key)))) for key in game.info_sets()}
    save_policy(tmp_path / "policy.json", game, policy)
    assert_bitwise_equal(load_policy(tmp_path / "policy.json", game), policy)
    other = MultiplayerKuhnPoker(4) if game.num_players == 3 else RakedKuhnPoker(0.1)
    with pytest.raises(ValueError, match="game"):  # the file names its game and parameters
        load_policy(tmp_path / "policy.json", other)


def test_metadata_defaults_to_empty_and_must_be_json() -> None:
    text = policy_to_json(KUHN, uniform_policy(KUHN))
    assert metadata_from_json(text, KUHN) == {}
    with pytest.raises(ValueError, match="metadata"):
        policy_to_json(KUHN, uniform_policy(KUHN), {"when": object()})
    with pytest.raises(ValueError, match="metadata must be a dict"):
        policy_to_json(KUHN, uniform_policy(KUHN), ["not", "a", "dict"])


def test_only_complete_valid_policies_are_saved() -> None:
    partial = dict(uniform_policy(KUHN))
    del partial["Q:b"]
    with pytest.raises(ValueError, match="'Q:b'"):
        policy_to_json(KUHN, partial)
    with pytest.raises(ValueError, match="sum to 1"):
        policy_to_json(KUHN, {**uniform_policy(KUHN), "J:": np.array([0.7, 0.7])})


def edited(change) -> str:
    """The JSON of Kuhn's uniform policy after ``change`` edits its document in place."""
    document = json.loads(policy_to_json(KUHN, uniform_policy(KUHN)))
    change(document)
    return json.dumps(document)


def remove_key(document) -> None:
    del document["policy"]["K:pb"]


def add_key(document) -> None:
    document["policy"]["A:"] = [0.5, 0.5]


def lengthen(document) -> None:
    document["policy"]["Q:"] = [0.5, 0.25, 0.25]


def set_version(value):
    return lambda document: document.update(version=value)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (edited(remove_key), r"misses information sets \['K:pb'\]"),
        (edited(add_key), r"unknown information sets \['A:'\]"),
        (edited(lengthen), r"'Q:'.* must have 2 entries"),
        (edited(lambda d: d["policy"].update({"J:": [0.9, 0.9]})), r"'J:'.*sum to 1"),
        (edited(lambda d: d["policy"].update({"J:": [1.5, -0.5]})), r"'J:'.*negative"),
        (edited(lambda d: d["policy"].update({"J:": "half"})), r"'J:'.*list of numbers"),
        (edited(lambda d: d["policy"].update({"J:": [True, False]})), r"'J:'.*list of numbers"),
        (edited(set_version(2)), "version 2"),
        (edited(set_version("1")), "version '1'"),
        (edited(set_version(True)), "version True"),
        (edited(lambda d: d.pop("version")), r"misses \['version'\]"),
        (edited(lambda d: d.update(extra=1)), r"unknown fields \['extra'\]"),
        (edited(lambda d: d.update(format="other")), "not a policy file"),
        (edited(lambda d: d.update(metadata=[1])), "metadata must be an object"),
        (edited(lambda d: d.update(policy=[1])), "policy must be an object"),
        ('{"format": "lessons_lib.policy", "version": 1,', "not valid JSON"),
        ("[1, 2]", "JSON object"),
        (policy_to_json(KUHN, uniform_policy(KUHN)).replace("0.5", "NaN", 1), "NaN"),
        ('{"format": 1, "format": 2}', "repeats the key 'format'"),
    ],
)
def test_bad_files_raise_value_error_naming_the_problem(text, problem) -> None:
    with pytest.raises(ValueError, match=problem):
        policy_from_json(text, KUHN)


def test_a_file_of_another_game_is_refused(tmp_path) -> None:
    path = tmp_path / "kuhn4.json"
    save_policy(path, KuhnPoker(n_cards=4), uniform_policy(KuhnPoker(n_cards=4)))
    with pytest.raises(ValueError, match="n_cards"):
        load_policy(path, KUHN)
    with pytest.raises(ValueError, match="kuhn_poker"):
        load_policy(path, LEDUC)
    text = policy_to_json(LEDUC, uniform_policy(LEDUC))
    with pytest.raises(ValueError, match="raise_sizes"):
        policy_from_json(text, LeducPoker(raise_sizes=(2, 6)))
    # The same game built again reads it fine.
    assert list(policy_from_json(text, LeducPoker())) == list(LEDUC.info_sets())


def test_the_text_must_be_a_string() -> None:
    with pytest.raises(ValueError, match="string"):
        policy_from_json(b"{}", KUHN)
