"""The public-tree CFR engine against the readable engine, and as the default of ``solve``.

The readable engine (:mod:`lessons_lib.cfr.readable`) walks every deal's tree, history by history;
the public-tree engine walks the public tree once with ranges. After the same iterations they must
hold the same regret tables, strategy sums and policies, for every algorithm and update scheme.
:func:`lessons_lib.counterfactual.counterfactual_values` is a third derivation of the first
iteration and of the ranges.
"""

from __future__ import annotations

import numpy as np
import pytest
from toy_games import GuessingGame

from lessons_lib.cfr import ALGORITHMS, PublicTreeEngine, solve, variant_named
from lessons_lib.cfr.solver import ENGINES
from lessons_lib.counterfactual import counterfactual_values
from lessons_lib.exploitability import expected_value, exploitability
from lessons_lib.games import Game, KuhnPoker, LeducPoker
from lessons_lib.policy import uniform_policy

#: Every algorithm with each update scheme it allows.
CONFIGURATIONS = [
    (name, updates) for name in ALGORITHMS for updates in variant_named(name).allowed_updates
]
TOLERANCE = 1e-9

#: (game, iterations): the readable engine takes about 1 ms per Kuhn iteration, 0.1 s per Leduc one.
COMPARED_GAMES = [(KuhnPoker(), 50), (KuhnPoker(n_cards=4), 50), (LeducPoker(), 10)]


def assert_same_tables(game: Game, first: object, second: object, tolerance: float) -> None:
    """Same regrets, strategy sums, average and current policies at every information set."""
    state_1, state_2 = first.state(), second.state()
    policies = [(r.average_policy(), r.current_policy()) for r in (first, second)]
    assert sorted(state_1.cumulative_regret) == sorted(state_2.cumulative_regret)
    for key in game.info_sets():
        for table in ("cumulative_regret", "strategy_sum"):
            np.testing.assert_allclose(
                getattr(state_1, table)[key],
                getattr(state_2, table)[key],
                rtol=0,
                atol=tolerance,
                err_msg=f"{table} at {key}",
            )
        for which in (0, 1):
            np.testing.assert_allclose(
                policies[0][which][key], policies[1][which][key], rtol=0, atol=tolerance
            )


@pytest.mark.parametrize(("game", "iterations"), COMPARED_GAMES, ids=lambda x: repr(x))
@pytest.mark.parametrize(("algorithm", "updates"), CONFIGURATIONS)
def test_public_engine_equals_the_readable_engine(
    game: Game, iterations: int, algorithm: str, updates: str
) -> None:
    runs = [
        solve(game, algorithm, iterations, updates=updates, engine=engine, checkpoints=())
        for engine in ("readable", "public")
    ]
    assert_same_tables(game, *runs, TOLERANCE)
    assert runs[0].history[-1].average_exploitability == pytest.approx(
        runs[1].history[-1].average_exploitability, abs=TOLERANCE
    )


#: Longer or larger runs, against the sequence-form engine (tests/test_cfr.py checks it against the
#: readable one): (game, algorithm, updates, iterations). Alternating LCFR and DCFR amplify the
#: engines' different rounding on Leduc poker: their policies are 1e-11 apart after 30 iterations,
#: 1e-8 (DCFR) after 50, so those two run 30 iterations here.
AGAINST_SEQUENCE_FORM = [
    *[
        (LeducPoker(), algorithm, updates, 30 if algorithm in ("lcfr", "dcfr") else 50)
        for algorithm, updates in CONFIGURATIONS
    ],
    *[
        (game, algorithm, updates, 20)
        for game in (LeducPoker(ranks=4), LeducPoker(max_raises=3), KuhnPoker(n_cards=10))
        for algorithm, updates in (("cfr", "simultaneous"), ("dcfr", "alternating"))
    ],
]


@pytest.mark.parametrize(
    ("game", "algorithm", "updates", "iterations"), AGAINST_SEQUENCE_FORM, ids=repr
)
def test_public_engine_equals_the_sequence_form_engine(
    game: Game, algorithm: str, updates: str, iterations: int
) -> None:
    runs = [
        solve(game, algorithm, iterations, updates=updates, engine=engine, checkpoints=())
        for engine in ("fast", "public")
    ]
    assert_same_tables(game, *runs, TOLERANCE)


@pytest.mark.parametrize("game", [KuhnPoker(), KuhnPoker(n_cards=6), LeducPoker()], ids=repr)
def test_the_terminal_matrix_gives_the_expected_value_of_the_current_ranges(game: Game) -> None:
    # sum over (row, hand) of pi_1 * (terminal values from pi_2) = u_1(sigma), computed
    # independently by the tree walk of exploitability, for a random starting profile.
    rng = np.random.default_rng(11)
    regrets = {key: rng.uniform(0.0, 1.0, len(game.actions(key))) for key in game.info_sets()}
    engine = PublicTreeEngine(game, variant_named("cfr"), "simultaneous")
    engine.start_from(regrets)
    played = engine.snapshot().current_policy()
    one, two = engine.learners[1], engine.learners[2]
    leaves = one.leaf_values.times(two.plan.ravel()).reshape(one.plan.shape)
    expected = expected_value(game, played)
    assert float(np.sum(one.plan * leaves)) == pytest.approx(expected, abs=1e-12)
    leaves = two.leaf_values.times(one.plan.ravel()).reshape(two.plan.shape)
    assert -float(np.sum(two.plan * leaves)) == pytest.approx(expected, abs=1e-12)


def _learners(result: object) -> list:
    return list(result._engine.learners.values())


def test_first_leduc_iteration_gives_the_counterfactual_regrets_of_uniform_play() -> None:
    game = LeducPoker()
    uniform = uniform_policy(game)
    expected = counterfactual_values(game, uniform)
    state = solve(game, "cfr", 1, engine="public", checkpoints=()).state()
    for key in game.info_sets():
        np.testing.assert_allclose(
            state.cumulative_regret[key], expected.regrets[key], rtol=0, atol=1e-15
        )
        # |I| histories each add pi_i(h) sigma(I, a).
        histories = len(game.histories_in(key))
        np.testing.assert_allclose(
            state.strategy_sum[key], histories * expected.own_reach[key] * uniform[key], atol=1e-15
        )


@pytest.mark.parametrize("game", [KuhnPoker(n_cards=4), LeducPoker()], ids=repr)
def test_ranges_are_the_players_own_reach(game: Game) -> None:
    rng = np.random.default_rng(3)
    # Positive regrets r give the first strategy r / sum(r): a random profile.
    regrets = {key: rng.uniform(0.1, 1.0, len(game.actions(key))) for key in game.info_sets()}
    engine = PublicTreeEngine(game, variant_named("cfr"), "simultaneous")
    engine.start_from(regrets)
    policy = {key: r / r.sum() for key, r in regrets.items()}
    own_reach = counterfactual_values(game, policy).own_reach
    tree = engine.tree
    for player in game.PLAYERS:
        ranges = engine.ranges(player)
        for k in tree.decision_nodes(player):
            for hand, key in enumerate(tree.keys[k]):
                if key is not None:
                    assert ranges[k, hand] == pytest.approx(own_reach[key], abs=1e-15)


# solve(): the default engine.


def test_solve_picks_the_public_engine_for_kuhn_and_leduc_and_sequence_form_elsewhere() -> None:
    assert set(ENGINES) == {"public", "fast", "readable", "ranges"}
    for game in (KuhnPoker(), KuhnPoker(n_cards=5), LeducPoker(), LeducPoker(ranks=4)):
        result = solve(game, "cfr+", 3, checkpoints=())
        assert result.engine == "public"
        assert isinstance(result._engine, PublicTreeEngine)
    other = solve(GuessingGame(), "cfr", 200, checkpoints=())
    assert other.engine == "fast"
    # Player 2 cannot see the coin, so in equilibrium player 1 names sides at random: value 0.
    assert other.history[-1].average_exploitability < 0.05
    with pytest.raises(ValueError, match="GuessingGame.*does not describe a public tree"):
        solve(GuessingGame(), "cfr", 10, engine="public")
    with pytest.raises(ValueError, match="unknown updates 'both'"):
        PublicTreeEngine(KuhnPoker(), variant_named("cfr"), "both")
    with pytest.raises(ValueError, match="unknown engine 'publik'"):
        solve(KuhnPoker(), "cfr", 10, engine="publik")


def test_default_engine_runs_equal_explicit_public_runs() -> None:
    game = LeducPoker()
    default = solve(game, "dcfr", 30, checkpoints=())
    explicit = solve(game, "dcfr", 30, engine="public", checkpoints=())
    assert_same_tables(game, default, explicit, 0.0)


#: Exploitability (chips per hand) after 1,000 iterations with the default engine, and after 100.
#: Measured: Kuhn cfr+ 8.7e-5; 4-card Kuhn cfr+ 5.6e-5; Leduc cfr+ 2.6e-4 and dcfr 1.7e-4.
CONVERGENCE = [
    (KuhnPoker(), "cfr+", 2e-4),
    (KuhnPoker(n_cards=4), "cfr+", 2e-4),
    (LeducPoker(), "cfr+", 1e-3),
    (LeducPoker(), "dcfr", 1e-3),
]


@pytest.mark.parametrize(("game", "algorithm", "threshold"), CONVERGENCE, ids=repr)
def test_default_engine_converges(game: Game, algorithm: str, threshold: float) -> None:
    result = solve(game, algorithm, 1000, checkpoints=[10, 100])
    by_iteration = {c.iteration: c for c in result.history}
    assert by_iteration[1000].average_exploitability < threshold
    assert by_iteration[1000].average_exploitability < by_iteration[100].average_exploitability
    assert by_iteration[100].average_exploitability < by_iteration[10].average_exploitability
    assert exploitability(game, result.average_policy()) == pytest.approx(
        by_iteration[1000].average_exploitability, abs=1e-15
    )


def test_kuhn_value_is_minus_one_eighteenth() -> None:
    # Kuhn (1950): player 1's equilibrium value is -1/18 (tests/test_cfr.py derives it by hand).
    final = solve(KuhnPoker(), "cfr+", 1000, checkpoints=()).history[-1]
    assert abs(final.average_value + 1 / 18) <= 2 * final.average_exploitability + 1e-12
    assert abs(final.average_value + 1 / 18) < 1e-3


# Runs: starting regrets and resuming.


@pytest.mark.parametrize(("game", "iterations"), [(KuhnPoker(), 20), (LeducPoker(), 3)], ids=repr)
def test_initial_regret_gives_the_same_run_in_every_engine(game: Game, iterations: int) -> None:
    rng = np.random.default_rng(11)
    keys = game.info_sets()
    start = {
        keys[i]: rng.normal(size=len(game.actions(keys[i])))
        for i in rng.choice(len(keys), size=len(keys) // 2, replace=False)
    }
    start["J:"] = np.array([-1.0, 2.0])  # player 1's first move with the lowest card
    runs = [
        solve(game, "cfr", iterations, initial_regret=start, engine=engine, checkpoints=())
        for engine in ("readable", "fast", "public")
    ]
    assert_same_tables(game, runs[0], runs[2], TOLERANCE)
    assert_same_tables(game, runs[1], runs[2], TOLERANCE)
    # The first strategy is regret matching on the starting regrets: always the second action at
    # "J:", which player 1 reaches with probability 1, so the first strategy sum is (0, 1).
    first = solve(game, "cfr", 1, initial_regret=start, engine="public", checkpoints=())
    np.testing.assert_array_equal(first.average_policy()["J:"], [0.0, 1.0])


def test_resuming_a_leduc_run_equals_running_straight_through() -> None:
    game = LeducPoker()
    straight = solve(game, "cfr+", 60, checkpoints=())
    resumed = solve(game, "cfr+", 25, checkpoints=()).train(35, checkpoints=())
    assert_same_tables(game, straight, resumed, 0.0)
    assert resumed.history[-1] == straight.history[-1]


def test_snapshots_are_copies() -> None:
    engine = PublicTreeEngine(KuhnPoker(), variant_named("cfr+"), "alternating")
    engine.run(5)
    state = engine.snapshot()
    state.cumulative_regret["J:"][:] = 99.0
    state.strategy_sum["J:"][:] = 99.0
    again = engine.snapshot()
    assert np.all(again.cumulative_regret["J:"] < 99.0)
    assert np.all(again.strategy_sum["J:"] < 99.0)
    assert state.iteration == again.iteration == 5
    assert list(state.cumulative_regret) == list(KuhnPoker().info_sets())  # the game's order
