"""CFR and its variants on Kuhn poker, against derivations that do not use the library's engines.

- Iteration 1 of vanilla CFR is worked by hand below, and also recomputed through
  :func:`lessons_lib.counterfactual.counterfactual_values`.
- A second implementation of every algorithm, written here from the formulas of the papers on top
  of ``counterfactual_values`` (one call per player and iteration), must give the regret tables
  and policies of each of the library's exact engines (readable, sequence-form, public-tree).
- The learned strategies must lie in Kuhn's equilibrium family (Kuhn 1950), whose value for
  player 1 is -1/18 (derived in :data:`GAME_VALUE`'s comment).
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from lessons_lib.cfr import (
    VARIANTS,
    DiscountedCFR,
    LinearCFR,
    checkpoint_schedule,
    solve,
)
from lessons_lib.cfr.sequence_form import SequenceFormEngine
from lessons_lib.core.state import average_strategy
from lessons_lib.core.variants import power_discount, variant_named
from lessons_lib.counterfactual import counterfactual_values
from lessons_lib.exploitability import expected_value, exploitability
from lessons_lib.games import KuhnPoker
from lessons_lib.policy import uniform_policy, validate_policy

GAME = KuhnPoker()
KEYS = GAME.info_sets()

# Kuhn's equilibria have player 1 check the queen, bet the jack with some alpha in [0, 1/3] and the
# king with 3 alpha, and call a bet after checking the queen with alpha + 1/3; player 2 bets the
# jack with 1/3 and the king always after a check, and calls a bet with the queen 1/3 of the time.
# Take alpha = 0 (player 1 only checks) and the six deals, each with probability 1/6:
#   JQ: Q checks behind, showdown -1          JK: K bets, J folds -1
#   QJ: J bets 1/3: Q calls 1/3 (+2), folds 2/3 (-1), which averages 0; J checks 2/3: +1  -> 2/3
#   QK: K bets, Q calls 1/3 (-2), folds 2/3 (-1)                                          -> -4/3
#   KJ: J bets 1/3, K calls (+2); J checks 2/3 (+1)                                       -> 4/3
#   KQ: Q checks, showdown +1
# The sum is -1/3, so player 1's value is (1/6)(-1/3) = -1/18 (Kuhn 1950).
GAME_VALUE = -1.0 / 18.0

#: Every variant of CFR with each update scheme it allows.
CONFIGURATIONS = [
    (name, updates) for name in VARIANTS for updates in variant_named(name).allowed_updates
]
#: The exact engines (lessons_lib.cfr.ENGINES), each checked against the derivations below.
ENGINES = ("readable", "sequence-form", "public-tree")


def additions(engine: str, key: str) -> int:
    """How many times ``engine`` adds ``pi_i(I) sigma(I, .)`` to the strategy sum at ``key`` in
    one iteration: the readable engine once per history of I (|I| times), the others once per
    information set (lessons_lib.cfr.sequence_form, lessons_lib.cfr.public_tree)."""
    return len(GAME.histories_in(key)) if engine == "readable" else 1


def bet(policy: dict[str, np.ndarray], key: str) -> float:
    """The probability of ``"b"`` (bet, or call when facing a bet) at ``key``."""
    return float(policy[key][1])


# Iteration 1 of vanilla CFR, by hand.


@pytest.mark.parametrize("engine", ENGINES)
def test_first_iteration_regrets_worked_by_hand(engine: str) -> None:
    # Everybody plays uniformly; pi_{-i}(h) includes chance's 1/6 for the deal.
    # K:b (player 2 has K, faces a bet): each of the two histories (J or Q for player 1) is reached
    #   with pi_{-2} = 1/6 * 1/2 = 1/12. Fold: -1, call: +2, so u = 1/2 and the regrets are
    #   2 * (1/12) * (-1 - 1/2) = -1/4 and 2 * (1/12) * (2 - 1/2) = +1/4.
    # J:b: fold -1, call -2 (J loses to both), u = -3/2: regrets +1/12 and -1/12.
    # J:pb (player 1 checked J, faces a bet): pi_{-1} = 1/6 * 1/2 per history; the same -1 / -2.
    # K: (player 1 has K, acts first): against either card a bet is worth (1 + 2)/2 = 3/2 (the
    #   opponent folds or calls); a check is worth (1/2)(+1) + (1/2)(-1 + 2)/2 = 3/4 (showdown, or
    #   a bet that K folds or calls). u = 9/8, pi_{-1} = 1/6: regrets 2/6 * (3/4 - 9/8) = -1/8 and
    #   2/6 * (3/2 - 9/8) = +1/8.
    by_hand = {
        "K:b": [-1 / 4, 1 / 4],
        "J:b": [1 / 12, -1 / 12],
        "J:pb": [1 / 12, -1 / 12],
        "K:": [-1 / 8, 1 / 8],
    }
    state = solve(GAME, "cfr", 1, engine=engine).state()
    for key, regrets in by_hand.items():
        np.testing.assert_allclose(state.cumulative_regret[key], regrets, rtol=0, atol=1e-15)


@pytest.mark.parametrize("engine", ENGINES)
def test_first_iteration_equals_counterfactual_regrets_of_uniform(engine: str) -> None:
    uniform = uniform_policy(GAME)
    expected = counterfactual_values(GAME, uniform)
    state = solve(GAME, "cfr", 1, engine=engine).state()
    for key in KEYS:
        np.testing.assert_allclose(
            state.cumulative_regret[key], expected.regrets[key], rtol=0, atol=1e-15
        )
        # The strategy sum adds pi_i(I) sigma(I, a): once per history of I (readable engine) or
        # once per information set (the others).
        np.testing.assert_allclose(
            state.strategy_sum[key],
            additions(engine, key) * expected.own_reach[key] * uniform[key],
            rtol=0,
            atol=1e-15,
        )
    # After one iteration regret matching plays the positive-regret actions: K bets, K:b calls.
    current = solve(GAME, "cfr", 1, engine=engine).current_policy()
    np.testing.assert_array_equal(current["K:"], [0.0, 1.0])
    np.testing.assert_array_equal(current["K:b"], [0.0, 1.0])
    np.testing.assert_array_equal(current["J:b"], [1.0, 0.0])


@pytest.mark.parametrize("engine", ENGINES)
def test_alternating_player_two_answers_player_one_updated_strategy(engine: str) -> None:
    uniform = uniform_policy(GAME)
    first = counterfactual_values(GAME, uniform)
    player_1_next = {key: _regret_matching(first.regrets[key]) for key in GAME.info_sets_of(1)}
    second = counterfactual_values(GAME, {**uniform, **player_1_next})
    state = solve(GAME, "cfr", 1, updates="alternating", engine=engine).state()
    for key in KEYS:
        expected = first if GAME.player(key) == 1 else second
        np.testing.assert_allclose(
            state.cumulative_regret[key], expected.regrets[key], rtol=0, atol=1e-15
        )


# A second implementation of the whole family, from the formulas, on counterfactual_values.


def _regret_matching(regret: np.ndarray) -> np.ndarray:
    positive = np.maximum(regret, 0.0)
    if positive.sum() > 0:
        return positive / positive.sum()
    return np.full(regret.size, 1.0 / regret.size)


def reference_run(
    algorithm: str,
    updates: str,
    iterations: int,
    alpha: float = 1.5,
    beta: float = 0.0,
    gamma: float = 2.0,
) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """(cumulative regrets, average policy) of ``algorithm`` after ``iterations`` iterations.

    Regrets: ``R += r^t`` with r from counterfactual_values, then floored (CFR+) or discounted
    (LCFR: t/(t+1); DCFR: t^alpha/(t^alpha+1) for positive entries, t^beta/(t^beta+1) for the
    others). Average: ``S += w_t pi_i(I) sigma^t(I)`` (w_t = t for CFR+), LCFR multiplies S by
    t/(t+1), DCFR by (t/(t+1))^gamma.
    """
    if algorithm == "lcfr":
        alpha = beta = gamma = 1.0
    regrets = {key: np.zeros(2) for key in KEYS}
    sums = {key: np.zeros(2) for key in KEYS}
    groups = [(1, 2)] if updates == "simultaneous" else [(1,), (2,)]
    for t in range(1, iterations + 1):
        for players in groups:
            sigma = {key: _regret_matching(regrets[key]) for key in KEYS}
            values = counterfactual_values(GAME, sigma)
            for key in (k for k in KEYS if GAME.player(k) in players):
                weight = t if algorithm == "cfr+" else 1.0
                regrets[key] = regrets[key] + values.regrets[key]
                sums[key] = sums[key] + weight * values.own_reach[key] * sigma[key]
                if algorithm == "cfr+":
                    regrets[key] = np.maximum(regrets[key], 0.0)
                elif algorithm in ("lcfr", "dcfr"):
                    up, down = t**alpha / (t**alpha + 1), t**beta / (t**beta + 1)
                    regrets[key] = np.where(regrets[key] > 0, up, down) * regrets[key]
                    sums[key] = sums[key] * (t / (t + 1)) ** gamma
    return regrets, {key: sums[key] / sums[key].sum() for key in KEYS}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("algorithm", "updates"), CONFIGURATIONS)
def test_every_algorithm_matches_a_reference_built_on_counterfactual_values(
    algorithm: str, updates: str, engine: str
) -> None:
    iterations = 10
    regrets, average = reference_run(algorithm, updates, iterations)
    result = solve(GAME, algorithm, iterations, updates=updates, engine=engine)
    state, learned = result.state(), result.average_policy()
    current = result.current_policy()
    for key in KEYS:
        np.testing.assert_allclose(state.cumulative_regret[key], regrets[key], rtol=0, atol=1e-12)
        np.testing.assert_allclose(learned[key], average[key], rtol=0, atol=1e-12)
        np.testing.assert_allclose(current[key], _regret_matching(regrets[key]), atol=1e-12)


def test_dcfr_parameters_reach_the_discounts() -> None:
    regrets, average = reference_run("dcfr", "alternating", 6, alpha=0.5, beta=-1.0, gamma=3.0)
    result = solve(GAME, "dcfr", 6, alpha=0.5, beta=-1.0, gamma=3.0)
    for key in KEYS:
        np.testing.assert_allclose(
            result.state().cumulative_regret[key], regrets[key], rtol=0, atol=1e-12
        )
        np.testing.assert_allclose(result.average_policy()[key], average[key], atol=1e-12)


# The engines compute the same iterations, to rounding (the readable engine is the reference).


@pytest.mark.parametrize("engine", ENGINES[1:])
@pytest.mark.parametrize(("algorithm", "updates"), CONFIGURATIONS)
def test_every_engine_agrees_with_the_readable_engine(
    algorithm: str, updates: str, engine: str
) -> None:
    # Ten iterations (at most 5e-14 apart here). The engines add the same numbers in different
    # orders, and alternating LCFR and DCFR amplify such rounding differences: about 1e-12 after 40
    # iterations, 1e-6 (LCFR) after 1,000. Exact rational arithmetic shows the same: after ten LCFR
    # iterations each engine is as far from it (1e-14 to 3e-14) as from the other engine.
    readable = solve(GAME, algorithm, 10, updates=updates, engine="readable")
    other = solve(GAME, algorithm, 10, updates=updates, engine=engine)
    for policy in ("average_policy", "current_policy"):
        first, second = getattr(readable, policy)(), getattr(other, policy)()
        for key in KEYS:
            np.testing.assert_allclose(first[key], second[key], rtol=0, atol=1e-12)
    regrets_1, regrets_2 = readable.state().cumulative_regret, other.state().cumulative_regret
    for key in KEYS:
        np.testing.assert_allclose(regrets_1[key], regrets_2[key], rtol=0, atol=1e-12)
    for checkpoint_1, checkpoint_2 in zip(readable.history, other.history, strict=True):
        assert checkpoint_1.iteration == checkpoint_2.iteration
        assert checkpoint_1.average_exploitability == pytest.approx(
            checkpoint_2.average_exploitability, abs=1e-12
        )


@pytest.mark.parametrize("algorithm", ["cfr", "cfr+"])
def test_every_engine_agrees_with_the_readable_engine_on_a_longer_run(algorithm: str) -> None:
    first = solve(GAME, algorithm, 150, engine="readable", checkpoints=()).average_policy()
    for engine in ENGINES[1:]:
        second = solve(GAME, algorithm, 150, engine=engine, checkpoints=()).average_policy()
        for key in KEYS:
            np.testing.assert_allclose(first[key], second[key], rtol=0, atol=1e-12)


@pytest.mark.parametrize("game", [KuhnPoker(), KuhnPoker(n_cards=5)], ids=repr)
def test_the_sequence_form_payoff_gives_the_expected_value_of_random_profiles(game) -> None:
    # x_1^T A_1 x_2 = u_1(sigma): the sequence form against the tree walk of exploitability.
    # The plans x_i are the engine's, for the strategy regret matching makes of random regrets.
    rng = np.random.default_rng(5)
    for _ in range(3):
        engine = SequenceFormEngine(game, variant_named("cfr"), "simultaneous")
        engine.start_from(
            {key: rng.uniform(0, 1, len(game.actions(key))) for key in game.info_sets()}
        )
        played = engine.current_policy()
        plan, payoff = engine.plan, engine.payoff
        value = float(np.sum(plan[1] * payoff[1].times(plan[2])))
        assert value == pytest.approx(expected_value(game, played), abs=1e-12)
        other = -float(np.sum(plan[2] * payoff[2].times(plan[1])))
        assert other == pytest.approx(value, abs=1e-12)


def test_engines_work_for_other_games_too() -> None:
    game = KuhnPoker(n_cards=4)
    readable = solve(game, "cfr+", 8, engine="readable")
    for engine in ENGINES[1:]:
        other = solve(game, "cfr+", 8, engine=engine)
        for key in game.info_sets():
            np.testing.assert_allclose(
                readable.current_policy()[key], other.current_policy()[key], atol=1e-12
            )
    history = solve(game, "cfr+", 500).history
    assert history[-1].average_exploitability < 1e-3
    assert history[0].average_exploitability > 0.1


# Convergence.

#: Exploitability (chips per hand) the average policy must be below after 1,000 iterations.
#: Measured: cfr 7.3e-3 (simultaneous) and 9.4e-4 (alternating), cfr+ 8.7e-5, lcfr 9.4e-5
#: (8.4e-3 simultaneous), dcfr 1.5e-4 (5.1e-3 simultaneous).
THRESHOLDS = {
    ("cfr", "simultaneous"): 1e-2,
    ("cfr", "alternating"): 2e-3,
    ("cfr+", "alternating"): 2e-4,
    ("lcfr", "alternating"): 2e-4,
    ("lcfr", "simultaneous"): 1.5e-2,
    ("dcfr", "alternating"): 3e-4,
    ("dcfr", "simultaneous"): 1e-2,
}


@pytest.mark.parametrize(("algorithm", "updates"), CONFIGURATIONS)
def test_average_policy_converges(algorithm: str, updates: str) -> None:
    result = solve(GAME, algorithm, 1000, updates=updates)
    by_iteration = {c.iteration: c for c in result.history}
    final = by_iteration[1000]
    assert final.average_exploitability < THRESHOLDS[algorithm, updates]
    assert final.average_exploitability < by_iteration[100].average_exploitability
    assert by_iteration[100].average_exploitability < by_iteration[10].average_exploitability
    # |u_1(sigma) - v*| <= 2 epsilon(sigma) for every profile, so the value approaches -1/18.
    assert abs(final.average_value - GAME_VALUE) <= 2 * final.average_exploitability
    assert abs(final.average_value - GAME_VALUE) < 1e-3


@pytest.mark.parametrize("algorithm", ["cfr+", "lcfr", "dcfr"])
def test_average_policy_lies_in_kuhns_equilibrium_family(algorithm: str) -> None:
    policy = solve(GAME, algorithm, 2000).average_policy()
    tolerance = 2e-3
    alpha = bet(policy, "J:")
    assert -tolerance <= alpha <= 1 / 3 + tolerance
    # Player 1: a family in alpha.
    assert bet(policy, "K:") == pytest.approx(3 * alpha, abs=tolerance)
    assert bet(policy, "Q:pb") == pytest.approx(alpha + 1 / 3, abs=tolerance)
    assert bet(policy, "Q:") == pytest.approx(0.0, abs=tolerance)
    assert bet(policy, "J:pb") == pytest.approx(0.0, abs=tolerance)
    assert bet(policy, "K:pb") == pytest.approx(1.0, abs=tolerance)
    # Player 2: one strategy.
    expected_2 = {"J:p": 1 / 3, "Q:p": 0.0, "K:p": 1.0, "J:b": 0.0, "Q:b": 1 / 3, "K:b": 1.0}
    for key, probability in expected_2.items():
        assert bet(policy, key) == pytest.approx(probability, abs=tolerance), key


def test_current_policy_of_vanilla_cfr_does_not_converge() -> None:
    result = solve(GAME, "cfr", 10_000)
    later = [c for c in result.history if c.iteration >= 100]
    assert min(c.current_exploitability for c in later) > 0.1
    final = result.history[-1]
    assert final.average_exploitability < 3e-3
    assert final.current_exploitability > 30 * final.average_exploitability


# The variants' rules.


def test_cfr_plus_regrets_are_never_negative() -> None:
    for engine in ENGINES:
        plus = solve(GAME, "cfr+", 1, engine=engine, checkpoints=())
        vanilla = solve(GAME, "cfr", 1, engine=engine, checkpoints=())
        negative_seen = False
        for _ in range(40):
            plus.train(1, checkpoints=())
            vanilla.train(1, checkpoints=())
            assert all(np.all(r >= 0) for r in plus.state().cumulative_regret.values())
            negative_seen |= any(np.any(r < 0) for r in vanilla.state().cumulative_regret.values())
        assert negative_seen  # the floor is what keeps CFR+'s regrets non-negative


def test_discounts_match_the_formulas_on_a_hand_built_example() -> None:
    regrets = np.array([2.0, -4.0, 0.0])
    sums = np.array([3.0, 1.0])
    dcfr = DiscountedCFR()  # alpha = 1.5, beta = 0, gamma = 2
    # t = 3: positive regrets times 3^1.5 / (3^1.5 + 1) = 0.8385..., negative ones times
    # 3^0 / (3^0 + 1) = 1/2, the strategy sum times (3/4)^2 = 9/16.
    up = 3**1.5 / (3**1.5 + 1)
    np.testing.assert_allclose(dcfr.discount_regrets(regrets, 3), [2 * up, -2.0, 0.0], rtol=1e-15)
    np.testing.assert_allclose(dcfr.discount_strategy_sum(sums, 3), [27 / 16, 9 / 16], rtol=1e-15)
    linear = LinearCFR()  # t / (t + 1) for everything
    np.testing.assert_allclose(linear.discount_regrets(regrets, 4), [1.6, -3.2, 0.0], rtol=1e-15)
    np.testing.assert_allclose(linear.discount_strategy_sum(sums, 4), [2.4, 0.8], rtol=1e-15)
    # Extreme exponents neither overflow nor produce NaN: t^e / (t^e + 1) tends to 1 or 0.
    assert power_discount(10, 1000.0) == 1.0
    assert power_discount(10, -1000.0) == 0.0
    assert power_discount(1, 7.0) == 0.5
    assert math.isclose(power_discount(5, 2.0), 25 / 26, rel_tol=1e-15)


def test_dcfr_first_iteration_halves_the_regrets() -> None:
    # At t = 1 both discounts are 1^e / (1^e + 1) = 1/2 and the strategy sum is multiplied by 1/4.
    uniform = uniform_policy(GAME)
    regrets = counterfactual_values(GAME, uniform).regrets
    state = solve(GAME, "dcfr", 1, engine="readable").state()
    for key in GAME.info_sets_of(1):
        np.testing.assert_allclose(state.cumulative_regret[key], regrets[key] / 2, atol=1e-15)
        own_reach = counterfactual_values(GAME, uniform).own_reach[key]
        expected = additions("readable", key) * own_reach * 0.5 / 4  # |I| = 2 histories
        np.testing.assert_allclose(state.strategy_sum[key], expected, atol=1e-15)


def test_average_strategy_is_uniform_where_no_weight_was_added() -> None:
    np.testing.assert_array_equal(average_strategy(np.zeros(3)), np.full(3, 1 / 3))
    np.testing.assert_array_equal(average_strategy(np.array([1.0, 3.0])), [0.25, 0.75])


# Runs: checkpoints and resuming.


@pytest.mark.parametrize("algorithm", VARIANTS)
def test_resuming_equals_running_straight_through(algorithm: str) -> None:
    straight = solve(GAME, algorithm, 1000)
    resumed = solve(GAME, algorithm, 100).train(900)
    assert resumed.iterations == straight.iterations == 1000
    for policy in ("average_policy", "current_policy"):
        first, second = getattr(straight, policy)(), getattr(resumed, policy)()
        for key in KEYS:
            np.testing.assert_array_equal(first[key], second[key])
    assert resumed.history == straight.history  # the default checkpoints are absolute iterations


def test_an_engine_class_runs_as_its_name_does() -> None:
    by_class = solve(GAME, "dcfr", 30, engine=SequenceFormEngine)
    by_name = solve(GAME, "dcfr", 30, engine="sequence-form")
    assert isinstance(by_class.engine, SequenceFormEngine)
    assert by_class.engine.name == "sequence-form"
    state_1, state_2 = by_class.state(), by_name.state()
    for key in KEYS:  # the same engine: the same run, bit for bit
        np.testing.assert_array_equal(
            state_1.cumulative_regret[key], state_2.cumulative_regret[key]
        )
        np.testing.assert_array_equal(state_1.strategy_sum[key], state_2.strategy_sum[key])
    assert by_class.history == by_name.history


def test_resuming_the_readable_engine() -> None:
    straight = solve(GAME, "dcfr", 10, engine="readable")
    resumed = solve(GAME, "dcfr", 4, engine="readable").train(6)
    for key in KEYS:
        np.testing.assert_array_equal(
            straight.state().cumulative_regret[key], resumed.state().cumulative_regret[key]
        )
        np.testing.assert_array_equal(straight.average_policy()[key], resumed.average_policy()[key])


@pytest.mark.parametrize("engine", ["sequence-form", "public-tree"])
def test_checkpoints_measure_the_policies_exactly(engine: str) -> None:
    result = solve(GAME, "cfr+", 300, engine=engine)
    iterations = [c.iteration for c in result.history]
    assert iterations[:8] == [1, 2, 3, 4, 5, 6, 8, 10]
    assert {100, 200, 251}.issubset(iterations) and iterations[-1] == 300
    final = result.history[-1]
    average, current = result.average_policy(), result.current_policy()
    validate_policy(GAME, average)
    validate_policy(GAME, current)
    # The sequence-form engine (as the readable one) measures with lessons_lib.exploitability
    # itself; the public-tree engine with its own sweeps of ranges, the same sums in another order.
    exact = {"abs": 1e-15 if engine == "public-tree" else 0.0}
    assert final.average_exploitability == pytest.approx(exploitability(GAME, average), **exact)
    assert final.current_exploitability == pytest.approx(exploitability(GAME, current), **exact)
    assert final.average_value == pytest.approx(expected_value(GAME, average), **exact)
    table = result.history_table()
    assert list(table.columns) == [
        "iteration",
        "average_exploitability",
        "current_exploitability",
        "average_value",
    ]
    assert table["iteration"].tolist() == iterations


def test_checkpoint_options() -> None:
    assert [c.iteration for c in solve(GAME, "cfr", 50, checkpoint_every=20).history] == [
        20,
        40,
        50,
    ]
    assert [c.iteration for c in solve(GAME, "cfr", 50, checkpoints=[7, 3]).history] == [3, 7, 50]
    assert [c.iteration for c in solve(GAME, "cfr", 50, checkpoints=()).history] == [50]
    result = solve(GAME, "cfr", 50, checkpoints=())
    result.train(30, checkpoints=[60])
    assert [c.iteration for c in result.history] == [50, 60, 80]
    assert checkpoint_schedule(95, 130) == [100, 126, 130]
    assert checkpoint_schedule(0, 1000, checkpoint_every=400) == [400, 800, 1000]


# Bad input.


@pytest.mark.parametrize(
    ("arguments", "options", "message"),
    [
        (("cfrr", 10), {}, "unknown algorithm 'cfrr'"),
        ((None, 10), {}, "algorithm must be a name"),
        (("cfr", 0), {}, "at least 1, got 0"),
        (("cfr", -5), {}, "at least 1, got -5"),
        (("cfr", 2.5), {}, "must be an integer, got 2.5"),
        (("cfr", True), {}, "must be an integer, got True"),
        (("cfr", 10), {"updaets": "alternating"}, "unknown option 'updaets'"),
        (("cfr", 10), {"updates": "both"}, "unknown updates 'both'"),
        (("cfr+", 10), {"updates": "simultaneous"}, "updates='simultaneous'"),
        (("cfr", 10), {"engine": "slow"}, "unknown engine 'slow'"),
        (("cfr", 10), {"engine": "fast"}, "unknown engine 'fast'"),  # renamed "sequence-form"
        (("cfr", 10), {"engine": 3}, "engine must be a name of an engine, got 3"),
        (("cfr", 10), {"engine": dict}, "engine must be a name of an engine"),
        (("cfr", 10), {"averaging": "none"}, "unknown averaging 'none'"),
        (("cfr", 10), {"stop_below": -1.0}, "stop_below must be at least 0"),
        (("cfr", 10), {"stop_below": math.nan}, "stop_below must be a finite number, got nan"),
        (("mccfr-chance", 10), {"engine": "readable"}, "unknown option 'engine'"),
        (("cfr", 10), {"alpha": 2.0}, "unknown option 'alpha' of solve with 'cfr'"),
        (("lcfr", 10), {"gamma": 2.0}, "unknown option 'gamma' of solve with 'lcfr'"),
        (("dcfr", 10), {"gamma": -1.0}, "gamma must be at least 0, got -1.0"),
        (("dcfr", 10), {"alpha": -0.5}, "alpha must be at least 0, got -0.5"),
        (("dcfr", 10), {"alpha": math.nan}, "alpha must be a finite number, got nan"),
        (("dcfr", 10), {"beta": math.inf}, "beta must be a finite number, got inf"),
        (("dcfr", 10), {"gamma": "2"}, "gamma must be a finite number, got '2'"),
        (("cfr", 10), {"checkpoints": [0]}, "checkpoint 0 is outside"),
        (("cfr", 10), {"checkpoints": [11]}, "checkpoint 11 is outside"),
        (("cfr", 10), {"checkpoints": [2.5]}, "whole iteration numbers, got 2.5"),
        (("cfr", 10), {"checkpoints": 5}, "sequence of iteration numbers, got 5"),
        (("cfr", 10), {"checkpoint_every": 0}, "checkpoint_every must be at least 1"),
        (("cfr", 10), {"checkpoints": [5], "checkpoint_every": 2}, "not both"),
    ],
)
def test_bad_options_raise_value_error(arguments: tuple, options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        solve(GAME, *arguments, **options)


def test_bad_game_and_bad_train_calls_raise_value_error() -> None:
    with pytest.raises(ValueError, match="game must be a Game"):
        solve("kuhn", "cfr", 10)
    result = solve(GAME, "cfr", 10)
    with pytest.raises(ValueError, match="at least 1, got 0"):
        result.train(0)
    with pytest.raises(ValueError, match="unknown option 'engine' of train"):
        result.train(5, engine="sequence-form")
    with pytest.raises(ValueError, match="stop_below must be at least 0"):
        result.train(5, stop_below=-0.5)
    with pytest.raises(ValueError, match="checkpoint 10 is outside"):
        result.train(5, checkpoints=[10])
    assert result.iterations == 10  # a refused call leaves the run as it was


def test_initial_regret_sets_the_first_strategy_in_every_engine():
    start = {"J:": np.array([0.0, 3.0]), "Q:b": np.array([1.0, 1.0])}
    runs = [
        solve(GAME, "cfr", 1, initial_regret=start, engine=engine, checkpoints=[1])
        for engine in ENGINES
    ]
    for run in runs:
        # After one iteration the strategy sum at "J:" holds sigma^1: regret matching on (0, 3).
        assert np.allclose(run.average_policy()["J:"], [0.0, 1.0])
        assert np.allclose(run.average_policy()["Q:b"], [0.5, 0.5])
    readable = runs[0].state()
    for other in runs[1:]:
        for key in GAME.info_sets():
            assert np.allclose(
                other.state().cumulative_regret[key], readable.cumulative_regret[key], atol=1e-12
            )


def test_initial_regret_is_checked():
    with pytest.raises(ValueError, match="unknown information set 'X:'"):
        solve(GAME, "cfr", 1, initial_regret={"X:": [0.0, 1.0]})
    with pytest.raises(ValueError, match=re.escape("initial_regret['J:'] must have 2 entries")):
        solve(GAME, "cfr", 1, initial_regret={"J:": [1.0]})
