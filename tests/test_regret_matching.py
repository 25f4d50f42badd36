"""Regret matching: the strategy rule, regrets, self-play and learning against a fixed opponent."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons_lib.normal_form import (
    action_values,
    best_response,
    exploitability,
    rock_paper_scissors,
    solve,
    weighted_rock_paper_scissors,
)
from lessons_lib.regret_matching import (
    RegretMatcher,
    RegretMatchingBot,
    instantaneous_regret,
    learn_against_fixed,
    match_regrets,
    regret_bound,
    regret_matching,
    self_play,
)
from lessons_lib.sums import Segments

RPS = rock_paper_scissors()
regret_vectors = st.lists(st.floats(-1e6, 1e6), min_size=1, max_size=8)


@given(regret_vectors)
def test_regret_matching_gives_a_probability_vector(regrets):
    strategy = regret_matching(regrets)
    assert strategy.shape == (len(regrets),)
    assert np.all(strategy >= 0)
    assert strategy.sum() == pytest.approx(1.0)


@given(regret_vectors)
def test_regret_matching_puts_no_weight_on_non_positive_regret(regrets):
    strategy = regret_matching(regrets)
    if any(r > 0 for r in regrets):
        for r, p in zip(regrets, strategy, strict=True):
            if r <= 0:
                assert p == 0.0
    else:
        assert np.allclose(strategy, 1 / len(regrets))


def test_regret_matching_is_proportional_to_positive_regret():
    assert regret_matching([3.0, -2.0, 1.0]).tolist() == [0.75, 0.0, 0.25]


segmented_regrets = st.lists(regret_vectors, min_size=1, max_size=5)


@given(segmented_regrets, st.integers(1, 3))
def test_segments_are_matched_each_on_its_own(pieces, hands):
    # The engines' form: rows of actions cut into information sets, a column per private hand.
    # Each information set and hand is regret matching of its own regrets, as above.
    regrets = np.concatenate([np.array(piece, dtype=float) for piece in pieces])
    table = np.column_stack([regrets * (h + 1) - h for h in range(hands)])
    segments = Segments.of_widths([len(piece) for piece in pieces])
    matched = regret_matching(table, segments)
    unchecked = match_regrets(table, segments)
    floored = match_regrets(np.maximum(table, 0.0), segments, floored=True)
    start = 0
    for piece in pieces:
        rows = slice(start, start + len(piece))
        for h in range(hands):
            expected = regret_matching(table[rows, h])
            np.testing.assert_allclose(matched[rows, h], expected, rtol=1e-15, atol=0)
            assert unchecked[rows, h].tolist() == matched[rows, h].tolist()
            assert floored[rows, h].tolist() == matched[rows, h].tolist()
        start += len(piece)
    with pytest.raises(ValueError, match="one row per action"):
        regret_matching(table[:-1], segments)


def test_segments_by_hand():
    segments = Segments.of_widths([2, 1, 3])
    regrets = [3.0, 1.0, -5.0, -1.0, 0.0, 2.0]
    assert regret_matching(regrets, segments).tolist() == [0.75, 0.25, 1.0, 0.0, 0.0, 1.0]
    assert regret_matching([-1.0, -2.0, 0.0, 0.0, 0.0, 0.0], segments).tolist() == [
        0.5,
        0.5,
        1.0,
        1 / 3,
        1 / 3,
        1 / 3,
    ]


def test_worked_example_of_instantaneous_regret():
    # sigma = (0.5, 0.3, 0.2) against tau = (0.7, 0.2, 0.1): action values (-0.1, 0.6, -0.5),
    # mixed value 0.03, so regrets (-0.13, 0.57, -0.53), worked out on paper.
    regret = instantaneous_regret(RPS, 1, [0.5, 0.3, 0.2], [0.7, 0.2, 0.1])
    assert np.allclose(regret, [-0.13, 0.57, -0.53])


@given(st.lists(st.floats(0.01, 1.0), min_size=3, max_size=3))
def test_regret_of_a_best_response_is_never_positive(weights):
    tau = np.array(weights) / sum(weights)
    _, pure = best_response(RPS, 1, tau)
    assert np.all(instantaneous_regret(RPS, 1, pure, tau) <= 1e-12)


@given(st.lists(st.floats(0.01, 1.0), min_size=6, max_size=6))
def test_regrets_weighted_by_the_strategy_sum_to_zero(weights):
    sigma = np.array(weights[:3]) / sum(weights[:3])
    tau = np.array(weights[3:]) / sum(weights[3:])
    assert sigma @ instantaneous_regret(RPS, 1, sigma, tau) == pytest.approx(0.0, abs=1e-12)


def test_self_play_matches_two_regret_matcher_objects():
    start = ([1.0, 0.0, 0.5], [0.0, 2.0, 0.0])
    trajectory = self_play(RPS, 300, start)
    one, two = RegretMatcher(3, start[0]), RegretMatcher(3, start[1])
    for t in range(300):
        sigma, tau = one.strategy(), two.strategy()
        assert np.allclose(trajectory.current[1][t], sigma, atol=1e-12)
        assert np.allclose(trajectory.current[2][t], tau, atol=1e-12)
        one.observe(action_values(RPS, 1, tau))
        two.observe(action_values(RPS, 2, sigma))
    assert np.allclose(trajectory.average[1][-1], one.average_strategy(), atol=1e-12)
    assert np.allclose(trajectory.average[2][-1], two.average_strategy(), atol=1e-12)


def test_uniform_start_stays_uniform_in_rps():
    trajectory = self_play(RPS, 50)
    assert np.allclose(trajectory.current[1], 1 / 3)
    assert np.allclose(trajectory.exploitability(), 0.0)


def test_trajectory_exploitability_matches_the_function_row_by_row():
    trajectory = self_play(RPS, 200, ([1, 0, 0], [0, 0, 0]))
    expected = [
        exploitability(RPS, s, t) for s, t in zip(*trajectory.average.values(), strict=True)
    ]
    assert np.allclose(trajectory.exploitability(), expected, atol=1e-12)


@pytest.mark.parametrize("rounds", [100, 1_000, 10_000])
def test_self_play_stays_within_the_regret_bound(rounds):
    trajectory = self_play(RPS, rounds, ([1, 0, 0], [0, 0, 0]))
    assert trajectory.exploitability()[-1] <= regret_bound(RPS, rounds)


def test_average_converges_but_current_keeps_moving():
    trajectory = self_play(RPS, 20_000, ([1, 0, 0], [0, 0, 0]))
    assert np.allclose(trajectory.average[1][-1], 1 / 3, atol=0.02)
    late_current = trajectory.current[1][-2_000:]
    assert np.ptp(late_current[:, 0]) > 0.1  # the current strategy still swings widely


def test_regret_matching_solves_weighted_rps():
    game = weighted_rock_paper_scissors(2.0)
    trajectory = self_play(game, 20_000, ([1, 0, 0], [0, 0, 0]))
    assert np.allclose(trajectory.average[1][-1], solve(game).sigma, atol=0.01)


def test_regret_bound_by_hand():
    assert regret_bound(RPS, 100) == pytest.approx(2 * np.sqrt(3 / 100))


def test_learner_finds_paper_against_rock_heavy_opponent():
    trajectory = learn_against_fixed(RPS, [0.5, 0.25, 0.25], 5_000)
    assert trajectory.average[1][-1][1] > 0.99
    assert trajectory.mean_payoff()[-1] == pytest.approx(0.25, abs=0.005)


def test_player_two_can_learn_too():
    trajectory = learn_against_fixed(RPS, [0.5, 0.25, 0.25], 2_000, player=2)
    assert trajectory.average[2][-1][1] > 0.98  # paper beats the rock-heavy row player as well


def test_bad_inputs_raise_value_error():
    with pytest.raises(ValueError, match="iterations must be at least 1, got 0"):
        self_play(RPS, 0)
    with pytest.raises(ValueError, match="initial regret of player 1 must have 3 entries"):
        self_play(RPS, 10, ([1, 0], [0, 0, 0]))
    with pytest.raises(ValueError, match="strategy of player 2 has a negative entry"):
        learn_against_fixed(RPS, [1.2, -0.2, 0], 10)
    with pytest.raises(ValueError, match="cumulative regret has a non-finite entry"):
        regret_matching([np.nan, 1.0])
    with pytest.raises(ValueError, match="action values must have 3 entries"):
        RegretMatcher(3).observe([1.0, 2.0])


def test_bot_counters_a_predictable_human():
    bot = RegretMatchingBot(RPS, seed=3)
    for _ in range(30):
        bot.play("rock")
    assert bot.strategy().tolist() == [0.0, 1.0, 0.0]  # only paper has positive regret
    assert bot.human_frequencies().tolist() == [1.0, 0.0, 0.0]
    assert sum(bot.score.values()) == 30


def test_bot_is_reproducible_with_a_seed():
    moves = ["rock", "paper", "scissors", "paper"] * 5
    runs = []
    for _ in range(2):
        bot = RegretMatchingBot(RPS, seed=11)
        runs.append([bot.play(move) for move in moves])
    assert runs[0] == runs[1]


def test_bot_rejects_unknown_action():
    with pytest.raises(ValueError, match="unknown action of player 1 'lizard'"):
        RegretMatchingBot(RPS).play("lizard")
