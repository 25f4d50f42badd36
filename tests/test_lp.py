"""The sequence-form linear program: its matrices, its solutions and their exploitability."""

from __future__ import annotations

import time

import numpy as np
import pytest

from lessons_lib import lp
from lessons_lib.cfr import ReadableEngine, VanillaCFR
from lessons_lib.counterfactual import reach_probabilities
from lessons_lib.exploitability import expected_value, exploitability
from lessons_lib.games import Game, History, KuhnPoker, LeducPoker
from lessons_lib.games.base import TwoPlayerZeroSumGame
from lessons_lib.lp import behaviour_policy, optimal_plan, sequence_form, solve_sequence_form
from lessons_lib.policy import pure_policy, two_action_policy, uniform_policy

# Kuhn's (1950) equilibrium with alpha = 0, in the book's keys (probability of "b"): player 1
# always checks, calls with K and with Q one time in three; player 2 bets K and bluffs J one
# time in three after a check, calls with K and with Q one time in three.
KUHN_EQUILIBRIUM = {
    "J:": 0.0, "Q:": 0.0, "K:": 0.0, "J:pb": 0.0, "Q:pb": 1 / 3, "K:pb": 1.0,
    "J:p": 1 / 3, "Q:p": 0.0, "K:p": 1.0, "J:b": 0.0, "Q:b": 1 / 3, "K:b": 1.0,
}  # fmt: skip

# Its value, by hand over the six deals (1/6 each), player 1 checking every time:
#   JQ: Q checks behind, showdown -1.          JK: K bets, J folds, -1.
#   QJ: J bluffs 1/3, Q calls 1/3: (1/3)((1/3)(+2) + (2/3)(-1)) + (2/3)(+1) = 2/3.
#   QK: K bets, Q calls 1/3: (1/3)(-2) + (2/3)(-1) = -4/3.
#   KJ: J bluffs 1/3 and is called: (1/3)(+2) + (2/3)(+1) = 4/3.   KQ: Q checks, +1.
# Sum -1/3, times 1/6: v* = -1/18, the value of Kuhn poker for player 1 (Kuhn 1950).
KUHN_VALUE = (-1 - 1 + 2 / 3 - 4 / 3 + 4 / 3 + 1) / 6


def realisation_plan(game: Game, policy: dict[str, np.ndarray], player: int) -> np.ndarray:
    """``x(I, a) = pi_i(h) sigma(I, a)`` for h in I, from the reach probabilities; entry 0 is the
    empty sequence and then the player's (information set, action) pairs in info_sets() order."""
    reach = reach_probabilities(game, policy)
    plan = [1.0]
    for key in game.info_sets_of(player):
        own = reach[game.histories_in(key)[0]].of(player)
        plan += list(own * policy[key])
    return np.array(plan)


def random_policy(game: Game, seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {key: rng.dirichlet(np.ones(len(game.actions(key)))) for key in game.info_sets()}


def test_kuhn_value_is_minus_one_eighteenth() -> None:
    game = KuhnPoker()
    known = two_action_policy(game, KUHN_EQUILIBRIUM)
    # The hand computation above and the library agree, and the profile is an equilibrium.
    assert abs(KUHN_VALUE - (-1 / 18)) < 1e-15
    assert expected_value(game, known) == pytest.approx(KUHN_VALUE, abs=1e-15)
    assert exploitability(game, known) == pytest.approx(0.0, abs=1e-15)
    policy, value = solve_sequence_form(game)
    assert value == pytest.approx(KUHN_VALUE, abs=1e-10)
    assert exploitability(game, policy) < 1e-8
    assert expected_value(game, policy) == pytest.approx(value, abs=1e-10)
    assert list(policy) == list(game.info_sets())


def test_leduc_is_solved_exactly_and_quickly() -> None:
    game = LeducPoker()
    start = time.perf_counter()
    policy, value = solve_sequence_form(game)
    seconds = time.perf_counter() - start
    assert seconds < 10
    assert exploitability(game, policy) < 1e-6
    form = sequence_form(game)
    _, value_1 = optimal_plan(form, 1)
    _, value_2 = optimal_plan(form, 2)
    # Strong duality: both players' programs give the same value.
    assert value_1 == pytest.approx(value_2, abs=1e-8)
    assert expected_value(game, policy) == pytest.approx(value, abs=1e-7)
    # Loosely, the literature's value of Leduc poker for player 1, about -0.0856 chips.
    assert value == pytest.approx(-0.0856, abs=1e-3)


@pytest.mark.parametrize(
    "game",
    [
        KuhnPoker(n_cards=4),
        LeducPoker(ranks=2, suits=2),
        LeducPoker(max_raises=1, raise_sizes=(1, 3)),
        LeducPoker(ranks=4, suits=1),
    ],
    ids=repr,
)
def test_other_games_are_solved_with_zero_exploitability(game) -> None:
    policy, value = solve_sequence_form(game)
    assert exploitability(game, policy) < 1e-7
    assert expected_value(game, policy) == pytest.approx(value, abs=1e-7)
    assert optimal_plan(sequence_form(game), 2)[1] == pytest.approx(value, abs=1e-8)


@pytest.mark.parametrize("game", [KuhnPoker(), LeducPoker()], ids=repr)
def test_the_matrices_give_the_expected_value_of_any_profile(game) -> None:
    form = sequence_form(game)
    policy = random_policy(game, 11)
    x, y = realisation_plan(game, policy, 1), realisation_plan(game, policy, 2)
    e = np.eye(form.constraints[1].shape[0])[0]
    f = np.eye(form.constraints[2].shape[0])[0]
    assert form.constraints[1] @ x == pytest.approx(e, abs=1e-12)
    assert form.constraints[2] @ y == pytest.approx(f, abs=1e-12)
    assert x @ (form.payoff @ y) == pytest.approx(expected_value(game, policy), abs=1e-12)
    # One row per information set plus the empty sequence; one column per sequence.
    assert form.constraints[1].shape == (1 + len(game.info_sets_of(1)), form.n_sequences(1))
    assert form.payoff.shape == (form.n_sequences(1), form.n_sequences(2))
    # From the plan back to the behaviour strategy.
    for player, plan in ((1, x), (2, y)):
        back = behaviour_policy(form, plan, player)
        for key in game.info_sets_of(player):
            assert back[key] == pytest.approx(policy[key], abs=1e-12)


@pytest.mark.parametrize("game", [KuhnPoker(), LeducPoker()], ids=repr)
def test_the_library_plan_is_the_product_of_own_reach_and_strategy(game) -> None:
    # Against the helper above, which reads pi_i(h) off the dict-based reach walk of Chapter 3.
    form = sequence_form(game)
    for seed in (3, 4):
        policy = random_policy(game, seed)
        for player in (1, 2):
            plan = lp.realisation_plan(form, policy, player)
            assert plan == pytest.approx(realisation_plan(game, policy, player), abs=1e-15)
            assert form.constraints[player] @ plan == pytest.approx(
                np.eye(form.constraints[player].shape[0])[0], abs=1e-12
            )
            back = behaviour_policy(form, plan, player)
            assert all(back[k] == pytest.approx(policy[k]) for k in game.info_sets_of(player))


def test_the_average_of_cfrs_plans_is_its_reach_weighted_average() -> None:
    # CFR's strategy sums, normalised, against the average of the plans of sigma^1..sigma^T
    # (built here with the independent helper). The unweighted average is not that strategy.
    game, form = KuhnPoker(), sequence_form(KuhnPoker())
    engine, played = ReadableEngine(game, VanillaCFR(), "simultaneous"), []
    for _ in range(50):
        played.append(engine.current_policy())
        engine.run(1)
    average = engine.average_policy()
    for player in (1, 2):
        mean_plan = np.mean([realisation_plan(game, s, player) for s in played], axis=0)
        back = behaviour_policy(form, mean_plan, player)
        for key in game.info_sets_of(player):
            assert back[key] == pytest.approx(average[key], abs=1e-12)
    unweighted = np.mean([s["Q:pb"] for s in played], axis=0)
    assert np.abs(unweighted - average["Q:pb"]).max() > 1e-3


def test_a_plan_needs_a_valid_policy_and_player() -> None:
    game = KuhnPoker()
    form = sequence_form(game)
    with pytest.raises(ValueError, match="player"):
        lp.realisation_plan(form, uniform_policy(game), 3)
    with pytest.raises(ValueError, match="Q:pb"):
        lp.realisation_plan(form, {**uniform_policy(game), "Q:pb": np.array([0.9, 0.9])}, 1)
    with pytest.raises(ValueError, match="no entry"):
        lp.realisation_plan(form, {"J:": np.array([0.5, 0.5])}, 1)


def test_information_sets_the_plan_never_reaches_become_uniform() -> None:
    game = KuhnPoker()
    form = sequence_form(game)
    always_bet = pure_policy(game, {key: "b" for key in game.info_sets()})
    back = behaviour_policy(form, realisation_plan(game, always_bet, 1), 1)
    # Player 1 never checks, so never faces a bet after checking.
    for card in "JQK":
        assert back[f"{card}:"] == pytest.approx([0.0, 1.0])
        assert back[f"{card}:pb"] == pytest.approx([0.5, 0.5])


def test_bad_input_is_refused() -> None:
    form = sequence_form(KuhnPoker())
    with pytest.raises(ValueError, match="player"):
        optimal_plan(form, 3)
    with pytest.raises(ValueError, match="realisation plan"):
        behaviour_policy(form, np.ones(4), 1)
    with pytest.raises(ValueError, match="plan has a non-finite entry"):
        behaviour_policy(form, np.full(form.n_sequences(1), np.nan), 1)


class ForgetfulGame(TwoPlayerZeroSumGame):
    """Player 1 moves, then moves again without remembering the first move: no perfect recall.
    (Player 2 never acts; its payoff is minus player 1's.)"""

    name = "forgetful"

    @property
    def parameters(self) -> dict[str, object]:
        return {}

    def deals(self):
        return [((0,), 1.0)]

    def is_terminal(self, history: History) -> bool:
        return len(history.actions) == 2

    def player_to_act(self, history: History) -> int:
        return 1

    def legal_actions(self, history: History) -> tuple[str, ...]:
        return ("a", "b")

    def payoff(self, history: History) -> float:
        return 1.0 if history.actions in ("aa", "bb") else -1.0

    def info_set_key(self, history: History) -> str:
        return "first" if not history.actions else "second"

    def info_sets(self) -> tuple[str, ...]:
        return ("first", "second")

    def actions(self, key: str) -> tuple[str, ...]:
        return ("a", "b")

    def player(self, key: str) -> int:
        return 1


def test_a_game_without_perfect_recall_is_refused() -> None:
    with pytest.raises(ValueError, match="perfect recall"):
        sequence_form(ForgetfulGame())
