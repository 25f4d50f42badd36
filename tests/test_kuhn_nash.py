"""Kuhn's equilibrium family: exact equilibria, one value, one player-2 strategy, and residuals."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons_lib.exploitability import best_response, expected_value, exploitability
from lessons_lib.games import KuhnPoker
from lessons_lib.kuhn_equilibria import (
    ALPHA_RANGE,
    alpha_of,
    family_residuals,
    game_value,
    nash_equilibrium,
)
from lessons_lib.policy import two_action_policy, uniform_policy

GAME = KuhnPoker()
alphas = st.floats(min_value=0.0, max_value=1.0 / 3.0, allow_nan=False)

# The game value on paper, for any alpha, with player 2 playing the unique strategy (bet J with
# 1/3 and K always after a check; facing a bet fold J, call Q with 1/3, call K). Player 1's
# expected chips, card by card (the opponent's card is one of the two others, each with 1/2):
#   J: checking loses the ante whatever player 2 holds (Q checks and wins, K bets and J folds):
#      -1. Betting: against Q, called with 1/3: (1/3)(-2) + (2/3)(+1) = 0; against K, called: -2;
#      average -1. So J is worth -1 whatever alpha.
#   Q: checks. Against J: player 2 bluffs with 1/3 and Q calls with c = alpha + 1/3, which gives
#      c(+2) + (1 - c)(-1) = 3 alpha; otherwise a showdown for +1: (1/3)(3 alpha) + (2/3) =
#      alpha + 2/3. Against K, who always bets: c(-2) + (1 - c)(-1) = -alpha - 4/3. Average -1/3.
#   K: betting: J folds (+1); Q calls with 1/3: (1/3)(2) + (2/3)(1) = 4/3; average 7/6. Checking
#      and calling a bet: J bluffs with 1/3: (1/3)(2) + (2/3)(1) = 4/3; Q checks: +1; average 7/6.
# Each card is player 1's with 1/3: (1/3)(-1 - 1/3 + 7/6) = (1/3)(-1/6) = -1/18.
VALUE_ON_PAPER = -1.0 / 18.0


def by_hand(alpha: float, overrides: dict[str, float] | None = None) -> dict:
    """Kuhn's table of P(b) for any alpha, built here without the library's range check."""
    bet = {
        "J:": alpha,
        "Q:": 0.0,
        "K:": 3 * alpha,
        "J:p": 1 / 3,
        "Q:p": 0.0,
        "K:p": 1.0,
        "J:b": 0.0,
        "Q:b": 1 / 3,
        "K:b": 1.0,
        "J:pb": 0.0,
        "Q:pb": alpha + 1 / 3,
        "K:pb": 1.0,
    }
    bet.update(overrides or {})
    return two_action_policy(GAME, bet)


@given(alphas)
def test_every_member_has_exploitability_zero(alpha):
    assert abs(exploitability(GAME, nash_equilibrium(alpha))) < 1e-12


def test_exploitability_is_zero_across_a_grid_of_alpha():
    for alpha in np.linspace(0.0, 1.0 / 3.0, 31):
        assert abs(exploitability(GAME, nash_equilibrium(alpha))) < 1e-12


@given(alphas)
def test_every_member_is_worth_minus_one_eighteenth_to_player_1(alpha):
    assert abs(expected_value(GAME, nash_equilibrium(alpha)) - VALUE_ON_PAPER) < 1e-12
    assert abs(game_value(alpha) - VALUE_ON_PAPER) < 1e-12


def test_game_value_defaults_to_a_member():
    assert abs(game_value() - VALUE_ON_PAPER) < 1e-12


@given(alphas)
def test_the_library_matches_the_table_built_here(alpha):
    policy = nash_equilibrium(alpha)
    expected = by_hand(alpha)
    assert list(policy) == list(GAME.info_sets())
    for key in GAME.info_sets():
        np.testing.assert_allclose(policy[key], expected[key], atol=1e-15)


@given(alphas, alphas)
def test_player_2_plays_the_same_strategy_for_every_alpha(a, b):
    first, second = nash_equilibrium(a), nash_equilibrium(b)
    for key in GAME.info_sets_of(2):
        np.testing.assert_array_equal(first[key], second[key])


def test_players_cannot_gain_by_deviating_from_a_member():
    # Both best responses earn exactly the equilibrium value: -1/18 for player 1, +1/18 for 2.
    for alpha in (0.0, 0.1, 1 / 6, 1 / 3):
        policy = nash_equilibrium(alpha)
        assert best_response(GAME, policy, 1)[0] == pytest.approx(VALUE_ON_PAPER, abs=1e-12)
        assert best_response(GAME, policy, 2)[0] == pytest.approx(-VALUE_ON_PAPER, abs=1e-12)


def test_just_outside_the_range_the_table_stops_being_an_equilibrium():
    # alpha = 0.34 needs P(bet K) = 1.02; capped at 1, player 2's Q now gains by calling every
    # bet (3 * 0.34 = 1.02 > 1 * 1), so a best response gains and exploitability is positive.
    outside = by_hand(0.34, {"K:": 1.0})
    assert exploitability(GAME, outside) > 1e-4
    assert alpha_of(outside) == pytest.approx(0.34)
    assert family_residuals(outside)["K:"] == pytest.approx(1.0 - 1.02)


def test_breaking_one_relation_inside_the_range_is_exploitable():
    for key, shift in (("K:", 0.05), ("Q:pb", -0.05), ("Q:", 0.05), ("Q:b", 0.05), ("J:p", -0.05)):
        family = by_hand(1 / 6)
        broken = by_hand(1 / 6, {key: family[key][1] + shift})
        assert exploitability(GAME, broken) > 1e-4, key
        residuals = family_residuals(broken)
        assert residuals[key] == pytest.approx(shift)
        assert all(abs(r) < 1e-15 for k, r in residuals.items() if k != key)


@pytest.mark.parametrize(
    "alpha",
    [-0.01, 1 / 3 + 1e-9, 0.34, 1.0, math.nan, math.inf, -math.inf, "0.1x", None, True],
)
def test_alpha_outside_the_family_is_rejected_naming_it(alpha):
    with pytest.raises(ValueError, match="alpha"):
        nash_equilibrium(alpha)


def test_the_range_is_kuhns():
    assert ALPHA_RANGE == (0.0, 1 / 3)
    nash_equilibrium(0.0)
    nash_equilibrium(1 / 3)


@given(alphas)
def test_alpha_of_recovers_the_member(alpha):
    assert alpha_of(nash_equilibrium(alpha)) == pytest.approx(alpha, abs=1e-15)


@given(alphas)
def test_members_have_zero_residuals(alpha):
    residuals = family_residuals(nash_equilibrium(alpha))
    assert list(residuals) == list(GAME.info_sets())
    assert max(abs(r) for r in residuals.values()) < 1e-15


def test_residuals_of_the_uniform_policy_follow_the_relations():
    # Uniform: every P(b) = 1/2, so alpha = 1/2 and each residual is 1/2 minus Kuhn's entry.
    residuals = family_residuals(uniform_policy(GAME))
    assert alpha_of(uniform_policy(GAME)) == 0.5
    expected = {
        "J:": 0.0,
        "Q:": 0.5,
        "K:": 0.5 - 1.5,
        "J:p": 0.5 - 1 / 3,
        "Q:p": 0.5,
        "K:p": -0.5,
        "J:b": 0.5,
        "Q:b": 0.5 - 1 / 3,
        "K:b": -0.5,
        "J:pb": 0.5,
        "Q:pb": 0.5 - (0.5 + 1 / 3),
        "K:pb": -0.5,
    }
    assert residuals == pytest.approx(expected)


def test_alpha_of_and_residuals_reject_incomplete_or_foreign_policies():
    with pytest.raises(ValueError, match="no entry"):
        alpha_of({"J:": np.array([1.0, 0.0])})
    with pytest.raises(ValueError, match="no entry"):
        family_residuals({key: nash_equilibrium(0.1)[key] for key in GAME.info_sets_of(1)})
    with pytest.raises(ValueError, match="unknown information set"):
        family_residuals(uniform_policy(KuhnPoker(n_cards=4)))
