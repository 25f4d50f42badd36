"""General-sum (bimatrix) games: Shapley's game, NashConv, the coarse-correlated gap, self-play.

The checks are against hand derivations (payoffs from the rules, best-response gains worked on
paper), against a second method (the joint play built explicitly, the zero-sum self-play of
:func:`self_play`), and against an enumeration of the supports of every candidate equilibrium.
"""

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons_lib.normal_form import (
    BimatrixGame,
    bimatrix_action_values,
    cce_gap,
    exploitability,
    nash_conv,
    rock_paper_scissors,
    shapley_game,
)
from lessons_lib.regret_matching import RegretMatcher, general_sum_self_play, self_play

SHAPLEY = shapley_game()
RPS = rock_paper_scissors()
UNIFORM = np.full(3, 1 / 3)
BEATS = {("rock", "scissors"), ("scissors", "paper"), ("paper", "rock")}


def probability_vectors(size):
    weights = st.lists(st.floats(0.0, 1.0), min_size=size, max_size=size)
    return weights.filter(lambda w: sum(w) > 1e-3).map(lambda w: np.array(w) / sum(w))


def test_shapley_payoffs_follow_the_rules():
    # A win pays the winner 1; a loss and a draw pay 0.
    for i, mine in enumerate(SHAPLEY.row_actions):
        for j, theirs in enumerate(SHAPLEY.column_actions):
            assert SHAPLEY.row_payoffs[i, j] == (1 if (mine, theirs) in BEATS else 0)
            assert SHAPLEY.column_payoffs[i, j] == (1 if (theirs, mine) in BEATS else 0)
    total = SHAPLEY.row_payoffs + SHAPLEY.column_payoffs
    assert set(total.ravel().tolist()) == {0.0, 1.0}  # neither zero-sum nor constant-sum


def test_uniform_is_an_equilibrium_of_shapleys_game():
    for player in (1, 2):
        assert np.allclose(bimatrix_action_values(SHAPLEY, player, UNIFORM), 1 / 3)
    assert nash_conv(SHAPLEY, UNIFORM, UNIFORM) == pytest.approx(0.0, abs=1e-15)


def test_uniform_is_the_only_equilibrium_by_support_enumeration():
    # Shapley's game is nondegenerate, so every equilibrium has supports of equal size, and on
    # its supports each player's mix makes the other indifferent. Enumerate every pair.
    found = []
    for size in (1, 2, 3):
        for rows, columns in itertools.product(itertools.combinations(range(3), size), repeat=2):
            tau = _indifferent(SHAPLEY.row_payoffs[np.ix_(rows, columns)])
            sigma = _indifferent(SHAPLEY.column_payoffs[np.ix_(rows, columns)].T)
            if tau is None or sigma is None:
                continue
            full_sigma, full_tau = np.zeros(3), np.zeros(3)
            full_sigma[list(rows)], full_tau[list(columns)] = sigma, tau
            if nash_conv(SHAPLEY, full_sigma, full_tau) < 1e-12:
                found.append((full_sigma, full_tau))
    assert len(found) == 1
    assert np.allclose(found[0][0], UNIFORM) and np.allclose(found[0][1], UNIFORM)


def _indifferent(payoffs):
    """The mix x >= 0 with payoffs x constant and sum 1, if there is exactly one."""
    n = payoffs.shape[1]
    system = np.vstack([np.hstack([payoffs, -np.ones((payoffs.shape[0], 1))]), [1] * n + [0]])
    target = np.zeros(payoffs.shape[0] + 1)
    target[-1] = 1.0
    if np.linalg.matrix_rank(system) < n + 1:
        return None
    solution = np.linalg.lstsq(system, target, rcond=None)[0]
    if not np.allclose(system @ solution, target) or np.any(solution[:n] < -1e-12):
        return None
    return solution[:n]


def test_nash_conv_by_hand():
    rock, paper = [1, 0, 0], [0, 1, 0]
    # Rock against rock: both draw (0); each would win 1 with paper.
    assert nash_conv(SHAPLEY, rock, rock) == pytest.approx(2.0)
    # Rock against paper: player 1 gets 0 and would win 1 with scissors; player 2 already wins.
    assert nash_conv(SHAPLEY, rock, paper) == pytest.approx(1.0)


@given(probability_vectors(3), probability_vectors(3))
def test_nash_conv_of_a_zero_sum_game_is_twice_its_exploitability(sigma, tau):
    zero_sum = BimatrixGame("RPS", RPS.payoffs, -RPS.payoffs, RPS.row_actions)
    assert nash_conv(zero_sum, sigma, tau) == pytest.approx(2 * exploitability(RPS, sigma, tau))


@given(probability_vectors(3), probability_vectors(3))
def test_nash_conv_is_never_negative(sigma, tau):
    assert nash_conv(SHAPLEY, sigma, tau) >= -1e-15


def test_cce_gap_by_hand():
    # Uniform over all nine pairs is the product of the uniform equilibrium: no gain.
    assert cce_gap(SHAPLEY, np.full((3, 3), 1 / 9)) == pytest.approx(0.0, abs=1e-15)
    # Uniform over the six pairs without a draw: each player earns 1/2, a fixed action against
    # the uniform marginal earns 1/3, so nobody gains by deviating: a coarse correlated
    # equilibrium that is better for both than the Nash equilibrium's 1/3.
    no_draws = (1 - np.eye(3)) / 6
    assert cce_gap(SHAPLEY, no_draws) == 0.0
    # Always (rock, rock): both earn 0, and paper against rock would earn 1.
    always_rock = np.zeros((3, 3))
    always_rock[0, 0] = 1.0
    assert cce_gap(SHAPLEY, always_rock) == pytest.approx(1.0)
    # Always (rock, scissors): player 1 wins; player 2 would win with paper instead.
    rock_scissors = np.zeros((3, 3))
    rock_scissors[0, 2] = 1.0
    assert cce_gap(SHAPLEY, rock_scissors) == pytest.approx(1.0)


def _shapley_run(rounds):
    return general_sum_self_play(SHAPLEY, rounds, initial_regret=([1.0, 0, 0], [0, 0, 0]))


def test_cce_gap_of_the_run_matches_its_joint_play():
    run = _shapley_run(400)
    gaps = run.cce_gap()
    for rounds in (1, 7, 50, 400):
        assert gaps[rounds - 1] == pytest.approx(cce_gap(SHAPLEY, run.joint_play(rounds)))
    assert run.joint_play().sum() == pytest.approx(1.0)


def test_average_regret_matches_the_learners_cumulative_regret():
    start = ([1.0, 0, 0], [0, 0, 0])
    run = general_sum_self_play(SHAPLEY, 300, initial_regret=start)
    learners = {p: RegretMatcher(3, start[p - 1]) for p in (1, 2)}
    for t in range(300):
        sigma, tau = learners[1].strategy(), learners[2].strategy()
        assert np.array_equal(sigma, run.current[1][t]) and np.array_equal(tau, run.current[2][t])
        learners[1].observe(SHAPLEY.row_payoffs @ tau)
        learners[2].observe(sigma @ SHAPLEY.column_payoffs)
        for p in (1, 2):
            regret = (learners[p].cumulative_regret - np.array(start[p - 1])).max() / (t + 1)
            assert run.average_regret(p)[t] == pytest.approx(regret, abs=1e-12)


def test_zero_sum_bimatrix_self_play_is_the_zero_sum_self_play():
    start = ([1.0, 0, 0], [0, 0, 0])
    zero_sum = BimatrixGame("RPS", RPS.payoffs, -RPS.payoffs, RPS.row_actions)
    general = general_sum_self_play(zero_sum, 2_000, initial_regret=start)
    reference = self_play(RPS, 2_000, initial_regret=start)
    for p in (1, 2):
        assert np.allclose(general.current[p], reference.current[p], atol=1e-12)
    assert np.allclose(general.nash_conv(), 2 * reference.exploitability(), atol=1e-12)
    assert np.allclose(
        general.distance_to(UNIFORM, UNIFORM), reference.distance_to(UNIFORM, UNIFORM)
    )


def test_nash_conv_of_the_run_matches_the_function():
    run = _shapley_run(200)
    for t in (0, 9, 199):
        expected = nash_conv(SHAPLEY, run.average[1][t], run.average[2][t])
        assert run.nash_conv()[t] == pytest.approx(expected, abs=1e-12)


def test_in_shapleys_game_the_joint_play_converges_but_the_average_does_not():
    run = _shapley_run(20_000)
    assert run.cce_gap()[-1] < 1e-3
    assert run.distance_to(UNIFORM, UNIFORM)[-1] > 0.1
    assert run.nash_conv()[-1] > 0.1


def test_bad_inputs_raise_value_error():
    with pytest.raises(ValueError, match=r"row_payoffs must have shape \(3, 3\)"):
        BimatrixGame("bad", np.zeros((2, 3)), np.zeros((3, 3)), ("a", "b", "c"))
    with pytest.raises(ValueError, match="column_payoffs has a non-finite entry"):
        BimatrixGame("bad", np.zeros((1, 1)), [[np.inf]], ("a",))
    with pytest.raises(ValueError, match="row_payoffs must hold numbers"):
        BimatrixGame("bad", [["x"]], [[0.0]], ("a",))
    with pytest.raises(ValueError, match=r"joint must have shape \(3, 3\)"):
        cce_gap(SHAPLEY, np.full((2, 2), 0.25))
    with pytest.raises(ValueError, match="joint has a negative entry"):
        cce_gap(SHAPLEY, [[1.5, -0.5, 0], [0, 0, 0], [0, 0, 0]])
    with pytest.raises(ValueError, match="joint must sum to 1"):
        cce_gap(SHAPLEY, np.full((3, 3), 0.1))
    with pytest.raises(ValueError, match="game must be a BimatrixGame, got MatrixGame"):
        general_sum_self_play(RPS, 10)
    with pytest.raises(ValueError, match="strategy of player 2 must sum to 1"):
        nash_conv(SHAPLEY, UNIFORM, [0.5, 0.5, 0.5])
    with pytest.raises(ValueError, match="rounds must be at most 5, got 6"):
        _shapley_run(5).joint_play(6)
    with pytest.raises(ValueError, match="unknown player 3"):
        _shapley_run(5).average_regret(3)


def test_distance_to_the_equilibrium_by_hand():
    # Round 1: player 1 opens with pure rock (its only positive regret), player 2 uniform, so the
    # averages are (1, 0, 0) and uniform: the largest gap from 1/3 is 2/3.
    start = ([1.0, 0, 0], [0, 0, 0])
    for run in (_shapley_run(3), self_play(RPS, 3, initial_regret=start)):
        assert run.distance_to(UNIFORM, UNIFORM)[0] == pytest.approx(2 / 3)
    with pytest.raises(ValueError, match="strategy of player 2 must sum to 1"):
        _shapley_run(3).distance_to(UNIFORM, [1.0, 1.0, 0.0])
