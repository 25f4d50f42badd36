"""Reach probabilities and counterfactual values, against the definitions of Zinkevich et al. 2007.

The reference below computes them a second way, straight from the definitions: for an information
set I it lists the histories h in I (one per opponent card) and, below each, the terminal histories
z, and multiplies the action probabilities along the explicit paths.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kuhn_reference import (  # noqa: E402  (the tests' own reference implementation)
    CARDS,
    DEALS,
    ENDINGS,
    KEYS,
    Profile,
    brute_force_best_response,
    kuhn_equilibrium,
    path_product,
    reference_payoff,
    reference_value,
    step,
)

from lessons_lib.counterfactual import (
    Reach,
    counterfactual_values,
    counterfactual_values_by_walk,
    history_values,
    reach_probabilities,
)
from lessons_lib.exploitability import best_response, expected_value
from lessons_lib.games import History, KuhnPoker, LeducPoker, MultiplayerKuhnPoker, RakedKuhnPoker
from lessons_lib.policy import two_action_policy, uniform_policy

GAME = KuhnPoker()


def own_product(profile: Profile, deal: str, actions: str, player: int) -> float:
    """pi_player(h): the product of ``player``'s own action probabilities along ``actions``."""
    return float(
        np.prod(
            [step(profile, deal, actions, t) for t in range(len(actions)) if t % 2 == player - 1]
        )
    )


def reference_counterfactual(
    profile: Profile, key: str, chance: float = 1 / 6
) -> tuple[float, np.ndarray, float]:
    """(v_i(sigma, I), [v_i(sigma_{I->a}, I) for a in "pb"], pi_{-i}(I)), by explicit paths."""
    card, public = key.split(":")
    player = 1 + len(public) % 2
    sign = 1.0 if player == 1 else -1.0
    value, action_values, reach = 0.0, np.zeros(2), 0.0
    for deal in (d for d in DEALS if d[player - 1] == card):  # the histories h of I
        others = chance * own_product(profile, deal, public, 3 - player)  # pi_{-i}(h)
        reach += others
        for z in (z for z in ENDINGS if z.startswith(public) and len(z) > len(public)):
            u = sign * reference_payoff(deal, z)
            value += others * path_product(profile, deal, z, len(public)) * u
            action = "pb".index(z[len(public)])
            action_values[action] += others * path_product(profile, deal, z, len(public) + 1) * u
    return value, action_values, reach


def profile_of(qs: Sequence[float]) -> dict[str, np.ndarray]:
    """The profile betting (or calling) with probability qs[k] at the k-th information set."""
    return two_action_policy(GAME, dict(zip(GAME.info_sets(), qs, strict=True)))


def random_profile(seed: int) -> dict[str, np.ndarray]:
    return profile_of(np.random.default_rng(seed).random(12))


probabilities = st.lists(st.floats(0.0, 1.0), min_size=12, max_size=12)


@pytest.mark.parametrize("seed", range(6))
def test_counterfactual_values_match_the_definition(seed: int) -> None:
    profile = random_profile(seed)
    result = counterfactual_values(GAME, profile)
    assert result.include_chance
    for key in GAME.info_sets():
        value, action_values, reach = reference_counterfactual(profile, key)
        assert result.info_set_value[key] == pytest.approx(value, abs=1e-12)
        np.testing.assert_allclose(result.action_values[key], action_values, rtol=0, atol=1e-12)
        np.testing.assert_allclose(result.regrets[key], action_values - value, rtol=0, atol=1e-12)
        assert result.reach[key] == pytest.approx(reach, abs=1e-12)


def test_leaving_chance_out_multiplies_by_the_number_of_deals() -> None:
    profile = random_profile(11)
    with_chance = counterfactual_values(GAME, profile)
    without = counterfactual_values(GAME, profile, include_chance=False)
    assert not without.include_chance
    for key in GAME.info_sets():
        value, action_values, reach = reference_counterfactual(profile, key, chance=1.0)
        assert without.info_set_value[key] == pytest.approx(value, abs=1e-12)
        np.testing.assert_allclose(without.action_values[key], action_values, atol=1e-12)
        assert without.reach[key] == pytest.approx(reach, abs=1e-12)
        assert without.info_set_value[key] == pytest.approx(
            6 * with_chance.info_set_value[key], abs=1e-12
        )
    with pytest.raises(ValueError, match="include_chance"):
        counterfactual_values(GAME, profile, include_chance="yes")  # type: ignore[arg-type]


def test_the_worked_example_of_betting_the_queen() -> None:
    # Player 2 folds J and calls with K. Betting Q wins the ante against J and loses 2 against K:
    # with chance's 1/6 per deal, (1/6)(+1) + (1/6)(-2) = -1/6; without chance, 1(+1) + 1(-2) = -1.
    profile = {**uniform_policy(GAME), **two_action_policy(GAME, {"J:b": 0.0, "K:b": 1.0})}
    assert counterfactual_values(GAME, profile).action_values["Q:"][1] == pytest.approx(
        -1 / 6, abs=1e-15
    )
    unweighted = counterfactual_values(GAME, profile, include_chance=False)
    assert unweighted.action_values["Q:"][1] == pytest.approx(-1.0, abs=1e-15)


@settings(max_examples=60, deadline=None)
@given(probabilities)
def test_the_info_set_value_is_the_policy_weighted_action_value(qs: list[float]) -> None:
    profile = profile_of(qs)
    result = counterfactual_values(GAME, profile)
    for key in GAME.info_sets():
        sigma = profile[key]
        assert sigma @ result.action_values[key] == pytest.approx(
            result.info_set_value[key], abs=1e-12
        )
        assert sigma @ result.regrets[key] == pytest.approx(0.0, abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(probabilities)
def test_first_information_sets_add_up_to_the_expected_value(qs: list[float]) -> None:
    profile = profile_of(qs)
    result = counterfactual_values(GAME, profile)
    value = expected_value(GAME, profile)
    # Player 1's first keys hold every root, each reached by chance alone (1/6 per deal).
    assert sum(result.info_set_value[key] for key in ("J:", "Q:", "K:")) == pytest.approx(
        value, abs=1e-12
    )
    # Player 2's keys hold every history after player 1's first action, in player 2's payoffs.
    assert sum(result.info_set_value[key] for key in KEYS[2]) == pytest.approx(-value, abs=1e-12)
    for key in ("J:", "Q:", "K:"):
        assert result.reach[key] == pytest.approx(1 / 3, abs=1e-15)


def test_own_reach_is_the_players_probability_of_getting_there() -> None:
    profile = random_profile(5)
    result = counterfactual_values(GAME, profile)
    for key in GAME.info_sets():
        card, public = key.split(":")
        expected = 1.0 if public != "pb" else profile[f"{card}:"][0]  # player 1 checked first
        assert result.own_reach[key] == pytest.approx(expected, abs=1e-15)


def test_reach_probabilities_of_every_history() -> None:
    profile = random_profile(2)
    reach = reach_probabilities(GAME, profile)
    assert len(reach) == 54
    for history, r in reach.items():
        deal = "".join(CARDS[c] for c in history.deal)
        assert isinstance(r, Reach)
        assert r.chance == pytest.approx(1 / 6, abs=1e-15)
        assert r.player_1 == pytest.approx(
            own_product(profile, deal, history.actions, 1), abs=1e-15
        )
        assert r.player_2 == pytest.approx(
            own_product(profile, deal, history.actions, 2), abs=1e-15
        )
        assert r.total == pytest.approx(
            path_product(profile, deal, history.actions, 0) / 6, abs=1e-15
        )
        assert r.excluding(1) == pytest.approx(r.chance * r.player_2, abs=1e-15)
        assert r.excluding(2) == pytest.approx(r.chance * r.player_1, abs=1e-15)
    with pytest.raises(ValueError, match="player"):
        reach[History((0, 1), "")].of(0)


def test_reach_probabilities_of_three_players_by_explicit_paths() -> None:
    # pi_i(h) multiplies player i's own probabilities along h's actions; pi_{-i}(h) is chance's
    # times the two others'.
    game = MultiplayerKuhnPoker(3)
    rng = np.random.default_rng(6)
    profile = {key: rng.dirichlet(np.ones(2)) for key in game.info_sets()}
    reach = reach_probabilities(game, profile)
    assert list(reach) == list(game.histories())
    chance = dict(game.deals())
    for history, r in reach.items():
        own = [1.0, 1.0, 1.0]
        for t, action in enumerate(history.actions):
            before = History(history.deal, history.actions[:t])
            key = game.info_set_key(before)
            own[game.player_to_act(before) - 1] *= profile[key]["pb".index(action)]
        assert r.chance == chance[history.deal]
        np.testing.assert_allclose(r.own, own, rtol=0, atol=1e-15)
        for i in (1, 2, 3):
            others = np.prod([own[j - 1] for j in (1, 2, 3) if j != i])
            assert r.excluding(i) == pytest.approx(r.chance * others, abs=1e-15)
        assert r.total == pytest.approx(r.chance * np.prod(own), abs=1e-15)


def test_history_values_are_expected_payoffs_from_each_history() -> None:
    profile = random_profile(4)
    values = history_values(GAME, profile)
    for history, value in values.items():
        deal = "".join(CARDS[c] for c in history.deal)
        below = [z for z in ENDINGS if z.startswith(history.actions)]
        start = len(history.actions)
        expected = sum(
            path_product(profile, deal, z, start) * reference_payoff(deal, z) for z in below
        )
        assert value == pytest.approx(expected, abs=1e-12)
    roots = [History(deal, "") for deal, _ in GAME.deals()]
    assert sum(values[h] for h in roots) / 6 == pytest.approx(
        expected_value(GAME, profile), abs=1e-12
    )


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("player", [1, 2])
def test_a_best_response_built_from_counterfactual_values_is_a_best_response(
    seed: int, player: int
) -> None:
    # Bottom-up: fix the responder's deepest keys to the action with the largest counterfactual
    # value, recompute, then the keys above. Player 2 acts only once, so one round is enough.
    profile = random_profile(100 + seed)
    depths = [("J:pb", "Q:pb", "K:pb"), ("J:", "Q:", "K:")] if player == 1 else [KEYS[2]]
    for keys in depths:
        result = counterfactual_values(GAME, profile)
        for key in keys:
            profile[key] = np.eye(2)[int(np.argmax(result.action_values[key]))]
    sign = 1.0 if player == 1 else -1.0
    brute = brute_force_best_response(profile, player)
    assert sign * reference_value(profile) == pytest.approx(brute, abs=1e-12)
    assert best_response(GAME, profile, player)[0] == pytest.approx(brute, abs=1e-12)


def test_at_an_equilibrium_no_action_has_positive_regret() -> None:
    profile = kuhn_equilibrium(1 / 6)
    result = counterfactual_values(GAME, profile)
    assert max(float(r.max()) for r in result.regrets.values()) <= 1e-12


@pytest.mark.parametrize(
    "game",
    [KuhnPoker(), KuhnPoker(n_cards=4), LeducPoker(), MultiplayerKuhnPoker(3), RakedKuhnPoker()],
    ids=repr,
)
def test_the_recursive_walk_gives_the_array_forms_counterfactual_values(game) -> None:
    # Three players, and a general-sum game: each player's values in its own payoffs.
    rng = np.random.default_rng(3)
    for _ in range(2):
        policy = {key: rng.dirichlet(np.ones(len(game.actions(key)))) for key in game.info_sets()}
        by_arrays = counterfactual_values(game, policy).action_values
        by_walk = counterfactual_values_by_walk(game, policy)
        assert list(by_walk) == list(game.info_sets())
        for key in game.info_sets():
            np.testing.assert_allclose(by_walk[key], by_arrays[key], rtol=0, atol=1e-12)
