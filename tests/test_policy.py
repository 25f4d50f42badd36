"""Policies: building them, and rejecting malformed ones with a message that names the key."""

from __future__ import annotations

import re

import numpy as np
import pytest

from lessons_lib.games import KuhnPoker, MultiplayerKuhnPoker
from lessons_lib.policy import pure_policy, two_action_policy, uniform_policy, validate_policy

GAME = KuhnPoker()


def test_uniform_policy_gives_every_action_one_half() -> None:
    policy = uniform_policy(GAME)
    assert tuple(policy) == GAME.info_sets()
    for vector in policy.values():
        np.testing.assert_array_equal(vector, [0.5, 0.5])


def test_validate_returns_a_clean_ordered_copy() -> None:
    given = {key: [0.25, 0.75] for key in reversed(GAME.info_sets())}
    clean = validate_policy(GAME, given)
    assert tuple(clean) == GAME.info_sets()
    assert all(isinstance(v, np.ndarray) and v.dtype == float for v in clean.values())
    arrays = uniform_policy(GAME)
    copy = validate_policy(GAME, arrays)
    arrays["Q:"][0] = 0.9  # changing the original leaves the checked copy alone
    np.testing.assert_array_equal(copy["Q:"], [0.5, 0.5])


def _with(key: str, value: object) -> dict[str, object]:
    policy: dict[str, object] = dict(uniform_policy(GAME))
    policy[key] = value
    return policy


BAD_POLICIES = {
    "wrong length": ("K:b", _with("K:b", [0.2, 0.3, 0.5]), "2 entries"),
    "negative": ("J:p", _with("J:p", [-0.5, 1.5]), "negative"),
    "does not sum to one": ("Q:pb", _with("Q:pb", [0.5, 0.6]), "sum to 1"),
    "nan": ("J:", _with("J:", [np.nan, 1.0]), "non-finite"),
    "infinite": ("K:", _with("K:", [np.inf, 0.0]), "non-finite"),
    "not numbers": ("Q:b", _with("Q:b", ["p", "b"]), "numbers"),
    "a scalar": ("Q:p", _with("Q:p", 1.0), "one-dimensional"),
    "unknown key": ("A:", _with("A:", [0.5, 0.5]), "unknown"),
}


@pytest.mark.parametrize("case", BAD_POLICIES, ids=list(BAD_POLICIES))
def test_each_malformed_entry_raises_naming_the_key(case: str) -> None:
    key, policy, problem = BAD_POLICIES[case]
    with pytest.raises(ValueError, match=re.escape(repr(key))) as error:
        validate_policy(GAME, policy)
    assert problem in str(error.value)


def test_a_missing_key_raises_naming_it_and_its_player() -> None:
    policy = uniform_policy(GAME)
    del policy["K:pb"]
    with pytest.raises(ValueError, match=r"'K:pb' of player 1"):
        validate_policy(GAME, policy)


def test_a_part_for_one_player_is_enough_when_asked_for() -> None:
    part_2 = {key: v for key, v in uniform_policy(GAME).items() if GAME.player(key) == 2}
    assert tuple(validate_policy(GAME, part_2, players=(2,))) == GAME.info_sets_of(2)
    with pytest.raises(ValueError, match="'J:' of player 1"):
        validate_policy(GAME, part_2)
    with pytest.raises(ValueError, match="player"):
        validate_policy(GAME, part_2, players=(3,))


def test_every_player_of_a_three_player_game_is_required_by_default() -> None:
    three = MultiplayerKuhnPoker(3)
    policy = uniform_policy(three)
    assert tuple(validate_policy(three, policy)) == three.info_sets()
    part_3 = {key: v for key, v in policy.items() if three.player(key) == 3}
    assert tuple(validate_policy(three, part_3, players=(3,))) == three.info_sets_of(3)
    missing = next(key for key in three.info_sets() if three.player(key) == 1)
    with pytest.raises(ValueError, match=f"{re.escape(repr(missing))} of player 1"):
        validate_policy(three, part_3)
    with pytest.raises(ValueError, match="player"):
        validate_policy(three, policy, players=(4,))


def test_a_policy_must_be_a_mapping() -> None:
    for bad in ([0.5, 0.5], None, "Q:"):
        with pytest.raises(ValueError, match="dict"):
            validate_policy(GAME, bad)  # type: ignore[arg-type]


def test_a_sum_within_the_tolerance_is_accepted() -> None:
    validate_policy(GAME, _with("Q:", [0.5, 0.5 + 1e-12]))


def test_pure_policy_puts_all_weight_on_the_chosen_action() -> None:
    policy = pure_policy(GAME, {"J:": "b", "K:pb": "p"})
    assert set(policy) == {"J:", "K:pb"}
    np.testing.assert_array_equal(policy["J:"], [0.0, 1.0])
    np.testing.assert_array_equal(policy["K:pb"], [1.0, 0.0])
    with pytest.raises(ValueError, match="'J:'"):
        pure_policy(GAME, {"J:": "raise"})
    with pytest.raises(ValueError, match="'X:'"):
        pure_policy(GAME, {"X:": "p"})


def test_two_action_policy_reads_the_probability_of_the_second_action() -> None:
    policy = two_action_policy(GAME, {"J:": 1 / 3, "K:b": 1.0})
    np.testing.assert_allclose(policy["J:"], [2 / 3, 1 / 3])
    np.testing.assert_array_equal(policy["K:b"], [0.0, 1.0])
    for bad in (1.5, -0.1, np.nan, "often"):
        with pytest.raises(ValueError, match="'Q:b'"):
            two_action_policy(GAME, {"Q:b": bad})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="'Q'"):
        two_action_policy(GAME, {"Q": 0.5})
