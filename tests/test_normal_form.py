"""Matrix games: expected value, best response, exploitability and the exact solution."""

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons_lib.normal_form import (
    MatrixGame,
    action_values,
    best_response,
    expected_value,
    exploitability,
    indifference_equilibrium,
    rock_paper_scissors,
    solve,
    strategy_exploitability,
    weighted_rock_paper_scissors,
)

RPS = rock_paper_scissors()


def probability_vectors(size):
    weights = st.lists(st.floats(0.0, 1.0), min_size=size, max_size=size)
    return weights.filter(lambda w: sum(w) > 1e-3).map(lambda w: np.array(w) / sum(w))


def test_rps_payoffs_follow_the_rules():
    beats = {("rock", "scissors"), ("scissors", "paper"), ("paper", "rock")}
    for i, mine in enumerate(RPS.row_actions):
        for j, theirs in enumerate(RPS.column_actions):
            expected = 1 if (mine, theirs) in beats else -1 if (theirs, mine) in beats else 0
            assert RPS.payoffs[i, j] == expected


def test_expected_value_matches_the_double_sum():
    # 50/50 rock-paper against pure rock: half draws, half wins, so +0.5 (worked on paper).
    assert expected_value(RPS, [0.5, 0.5, 0], [1, 0, 0]) == pytest.approx(0.5)


@given(probability_vectors(3), probability_vectors(3))
def test_expected_value_is_the_sum_over_pure_profiles(sigma, tau):
    total = sum(
        sigma[i] * tau[j] * RPS.payoffs[i, j] for i, j in itertools.product(range(3), range(3))
    )
    assert expected_value(RPS, sigma, tau) == pytest.approx(total, abs=1e-12)


def test_uniform_is_the_equilibrium_of_rps():
    uniform = np.full(3, 1 / 3)
    assert np.allclose(action_values(RPS, 1, uniform), 0.0)
    assert exploitability(RPS, uniform, uniform) == pytest.approx(0.0, abs=1e-15)
    solution = solve(RPS)
    assert solution.value == pytest.approx(0.0, abs=1e-9)
    assert np.allclose(solution.sigma, uniform, atol=1e-9)


def test_best_response_to_rock_heavy_opponent_is_paper():
    value, pure = best_response(RPS, 1, [0.5, 0.25, 0.25])
    assert pure.tolist() == [0.0, 1.0, 0.0]
    assert value == pytest.approx(0.25)  # 0.5 * 1 + 0.25 * 0 + 0.25 * (-1)


@given(probability_vectors(3))
def test_best_response_value_is_at_least_every_pure_action(tau):
    value, _ = best_response(RPS, 1, tau)
    for i in range(3):
        assert value >= expected_value(RPS, np.eye(3)[i], tau) - 1e-12


@given(probability_vectors(3), probability_vectors(3))
def test_exploitability_is_never_negative(sigma, tau):
    assert exploitability(RPS, sigma, tau) >= -1e-12


def test_exploitability_of_pure_rock_profile():
    # Against rock, paper wins 1; against rock, player 2's paper also wins 1: (1 + 1) / 2.
    assert exploitability(RPS, [1, 0, 0], [1, 0, 0]) == pytest.approx(1.0)


def test_weighted_rps_lp_and_indifference_agree():
    game = weighted_rock_paper_scissors(2.0)
    by_lp = solve(game)
    by_indifference = indifference_equilibrium(game)
    assert by_lp.value == pytest.approx(0.0, abs=1e-9)
    assert np.allclose(by_lp.sigma, by_indifference.sigma, atol=1e-8)
    assert np.allclose(by_lp.tau, by_indifference.tau, atol=1e-8)
    # On paper: A tau = 0 with tau = (1, 2, 1) / 4 -> rows 0 - 2/4 + 2/4, 1/4 - 1/4, -2/4 + 2/4.
    assert np.allclose(by_indifference.tau, [0.25, 0.5, 0.25])
    assert exploitability(game, by_lp.sigma, by_lp.tau) == pytest.approx(0.0, abs=1e-9)


def test_solve_an_asymmetric_game_against_enumeration():
    # Matching pennies with an unequal payoff: the value is derived on paper by indifference.
    # A = [[2, -1], [-1, 1]]: tau = (2/5, 3/5), value = 2*2/5 - 3/5 = 1/5.
    game = MatrixGame("skewed pennies", np.array([[2, -1], [-1, 1]]), ("H", "T"))
    solution = solve(game)
    assert solution.value == pytest.approx(0.2, abs=1e-9)
    assert np.allclose(solution.tau, [0.4, 0.6], atol=1e-9)
    assert strategy_exploitability(game, 1, solution.sigma) == pytest.approx(0.0, abs=1e-9)
    assert strategy_exploitability(game, 1, [1.0, 0.0]) == pytest.approx(0.2 - (-1.0), abs=1e-9)


def test_indifference_rejects_games_without_fully_mixed_equilibrium():
    dominated = MatrixGame("dominated", np.array([[1, 1], [0, 0]]), ("up", "down"))
    with pytest.raises(ValueError, match="fully mixed|Singular"):
        indifference_equilibrium(dominated)


@pytest.mark.parametrize(
    ("payoffs", "rows", "message"),
    [
        ([[1, 2, 3]], ("a", "b"), "shape"),
        ([1, 2], ("a", "b"), "2-D"),
        ([[1, np.nan], [0, 1]], ("a", "b"), "non-finite"),
    ],
)
def test_bad_payoff_matrices(payoffs, rows, message):
    with pytest.raises(ValueError, match=message):
        MatrixGame("bad", np.array(payoffs), rows)


def test_unknown_action_and_player():
    with pytest.raises(ValueError, match="lizard"):
        RPS.action_index(1, "lizard")
    with pytest.raises(ValueError, match="player 3"):
        action_values(RPS, 3, [1, 0, 0])


def test_strategy_of_wrong_length_is_rejected():
    with pytest.raises(ValueError, match="strategy of player 2 must have 3 entries"):
        expected_value(RPS, [1, 0, 0], [0.5, 0.5])


def test_weighted_rps_rejects_non_positive_payoff():
    with pytest.raises(ValueError, match="positive payoff, got -1"):
        weighted_rock_paper_scissors(-1)
