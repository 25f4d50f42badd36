"""The public-tree CFR engine against the readable engine, and as the default of ``solve``.

The readable engine (:mod:`lessons_lib.cfr.readable`) walks every deal's tree, history by history;
the public-tree engine (:mod:`lessons_lib.cfr.public_tree`) walks the public tree once with
ranges. It serves Kuhn poker, Leduc poker (a chance node inside the public tree) and the hold'em
river (terminal values by sorting hands, range weights): each is tested here. After the same
iterations the two engines must hold the same regrets and policies, to rounding, for every
algorithm and update scheme (their strategy sums differ by a positive factor per information set,
which no policy sees, so they are compared through the average policy).
:func:`lessons_lib.counterfactual.counterfactual_values` is a third derivation of the first
iteration and of the ranges, and :mod:`lessons_lib.exploitability` (history by history) of the
engine's own best responses and values.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_public_tree import ZeroSumGuessing
from toy_games import GuessingGame

from lessons_lib.cfr import (
    ENGINES,
    VARIANTS,
    PublicTreeEngine,
    ReadableEngine,
    SequenceFormEngine,
    default_engine,
    solve,
    variant_named,
)
from lessons_lib.cfr.pitfalls import SignError
from lessons_lib.core.checkpoints import Checkpoint
from lessons_lib.counterfactual import counterfactual_values
from lessons_lib.exploitability import expected_value, exploitability
from lessons_lib.games import Game, History, KuhnPoker, LeducPoker
from lessons_lib.games.ranges import PublicTreeRanges, RangeGame
from lessons_lib.holdem.river import RiverGame
from lessons_lib.policy import uniform_policy

#: Every variant of CFR with each update scheme it allows.
CONFIGURATIONS = [
    (name, updates) for name in VARIANTS for updates in variant_named(name).allowed_updates
]
TOLERANCE = 1e-9
BOARD = "KsQd7h4c2s"  # no straight, no flush and no pair possible on the board alone

#: A river small enough for the history-tree engines: four weighted combos a player, card removal
#: (KhKc meets KhJh: 15 deals of 16), two bet sizes, all-in and one raise. Not a river with exactly
#: tied regrets (tests/test_river_game.py says why): its runs agree to 1e-12 with the readable
#: engine's in every configuration, measured over 30 iterations.
RIVER = RiverGame(
    BOARD,
    ("KhKc,6h5h:0.9,AcJc:0.4,7c7d:0.7", "KhJh:0.6,Jd9d:0.5,AdQc,8c8d:0.3"),
    pot=2.0,
    stack=2.0,
    bet_sizes=(0.5, 1.0),
    max_raises=1,
)

#: (game, iterations): the readable engine takes about 1 ms per Kuhn iteration, 0.1 s per Leduc one.
COMPARED_GAMES = [(KuhnPoker(), 50), (KuhnPoker(n_cards=4), 50), (LeducPoker(), 10)]
#: The games of the engine: Kuhn and Leduc poker and a river.
GAMES = [KuhnPoker(), KuhnPoker(n_cards=4), LeducPoker(), RIVER]


def own_weights(run: object) -> dict[str, float]:
    """``w_i(h)`` of every information set (k, h) of a public-tree run: the factor its regrets
    leave out. The history-tree engines' regrets carry chance's ``P(h, h')``, which holds
    ``w_i(h)``; the public-tree engine's values leave it out (lessons_lib.holdem.solver). It is 1
    in Kuhn and Leduc poker, whose chance probabilities sit in the terminal values."""
    engine = run.engine
    return {place.key: engine.initial[place.player][place.column] for place in engine.layout}


def assert_same_play(game: Game, first: object, second: object, tolerance: float) -> None:
    """Same regrets (the public-tree ``second``'s times ``w_i(h)``), average and current policies
    at every information set, up to ``tolerance``."""
    scale = own_weights(second) if isinstance(second.engine, PublicTreeEngine) else {}
    regrets_1, regrets_2 = first.state().cumulative_regret, second.state().cumulative_regret
    assert list(regrets_1) == list(regrets_2) == list(game.info_sets())
    policies = [(r.average_policy(), r.current_policy()) for r in (first, second)]
    for key in game.info_sets():
        np.testing.assert_allclose(
            regrets_1[key],
            scale.get(key, 1.0) * regrets_2[key],
            rtol=0,
            atol=tolerance,
            err_msg=f"regret at {key}",
        )
        for which in (0, 1):
            np.testing.assert_allclose(
                policies[0][which][key], policies[1][which][key], rtol=0, atol=tolerance
            )


def assert_identical_runs(game: Game, first: object, second: object) -> None:
    """Two runs of the same engine with the same tables, bit for bit, strategy sums included."""
    state_1, state_2 = first.state(), second.state()
    assert state_1.iteration == state_2.iteration
    for key in game.info_sets():
        np.testing.assert_array_equal(
            state_1.cumulative_regret[key], state_2.cumulative_regret[key]
        )
        np.testing.assert_array_equal(state_1.strategy_sum[key], state_2.strategy_sum[key])
    assert first.history[-1] == second.history[-1]


@pytest.mark.parametrize(("game", "iterations"), COMPARED_GAMES, ids=lambda x: repr(x))
@pytest.mark.parametrize(("algorithm", "updates"), CONFIGURATIONS)
def test_public_engine_equals_the_readable_engine(
    game: Game, iterations: int, algorithm: str, updates: str
) -> None:
    runs = [
        solve(game, algorithm, iterations, updates=updates, engine=engine, checkpoints=())
        for engine in ("readable", "public-tree")
    ]
    assert_same_play(game, *runs, TOLERANCE)
    assert runs[0].history[-1].average_exploitability == pytest.approx(
        runs[1].history[-1].average_exploitability, abs=TOLERANCE
    )


@pytest.mark.parametrize("algorithm", ["cfr", "cfr+"])
def test_public_engine_equals_the_readable_engine_on_a_river(algorithm: str) -> None:
    # The readable engine walks the river's 315 histories at about 50 ms an iteration: two
    # algorithms, ten iterations (tests/test_river_game.py and the sequence-form comparison below
    # cover the others). The regrets differ by w_i(h) per information set, then agree.
    runs = [
        solve(RIVER, algorithm, 10, engine=engine, checkpoints=())
        for engine in ("readable", "public-tree")
    ]
    assert len(RIVER.deals()) == 15 and min(own_weights(runs[1]).values()) == 0.3
    assert_same_play(RIVER, *runs, TOLERANCE)
    # Not vacuous: without the factor w_i(h) the regrets are far apart.
    regrets = [run.state().cumulative_regret for run in runs]
    assert max(np.abs(regrets[0][k] - regrets[1][k]).max() for k in RIVER.info_sets()) > 0.01


#: Longer or larger runs, against the sequence-form engine (tests/test_cfr.py checks it against the
#: readable one): (game, algorithm, updates, iterations). Alternating LCFR and DCFR amplify the
#: engines' different rounding on Leduc poker: their policies are 1e-11 apart after 30 iterations,
#: 1e-8 (DCFR) after 50, so those two run 30 iterations here.
AGAINST_SEQUENCE_FORM = [
    *[
        (LeducPoker(), algorithm, updates, 30 if algorithm in ("lcfr", "dcfr") else 50)
        for algorithm, updates in CONFIGURATIONS
    ],
    *[(RIVER, algorithm, updates, 30) for algorithm, updates in CONFIGURATIONS],
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
        for engine in ("sequence-form", "public-tree")
    ]
    assert_same_play(game, *runs, TOLERANCE)


def random_start(game: Game, seed: int) -> PublicTreeEngine:
    """A public-tree engine whose current strategy is random: regret matching on random positive
    regrets ``r`` plays ``r / sum(r)``."""
    rng = np.random.default_rng(seed)
    regrets = {key: rng.uniform(0.1, 1.0, len(game.actions(key))) for key in game.info_sets()}
    engine = PublicTreeEngine(game, variant_named("cfr"), "simultaneous")
    engine.start_from(regrets)
    return engine


@pytest.mark.parametrize("game", [KuhnPoker(), KuhnPoker(n_cards=6), LeducPoker(), RIVER], ids=repr)
def test_the_engine_s_values_are_the_expected_value_of_its_current_strategies(game: Game) -> None:
    # The engine's sweeps of ranges against the tree walk of lessons_lib.exploitability, for a
    # random current profile: expected_value, and the root values weighted by each player's
    # initial range (player 2's, the other sign).
    engine = random_start(game, 11)
    played = engine.current_policy()
    current = {i: engine.current_strategy(i) for i in (1, 2)}
    expected = expected_value(game, played)
    assert engine.expected_value(current) == pytest.approx(expected, abs=1e-12)
    for i, sign in ((1, 1.0), (2, -1.0)):
        root = float(np.sum(engine.initial[i] * engine.root_values(i, current)))
        assert sign * root == pytest.approx(expected, abs=1e-12)
    if engine.leaf is None:  # the river computes its terminal values by sorting hands
        assert isinstance(game, RiverGame)
        return
    # Kuhn and Leduc poker: the terminal step is one fixed matrix. Summed over (row, hand), the
    # plan of player 1 times the terminal values from player 2's plan is u_1(sigma).
    plan = engine.plan
    leaves = engine.leaf[1].times(plan[2].ravel()).reshape(plan[1].shape)
    assert float(np.sum(plan[1] * leaves)) == pytest.approx(expected, abs=1e-12)
    leaves = engine.leaf[2].times(plan[1].ravel()).reshape(plan[2].shape)
    assert -float(np.sum(plan[2] * leaves)) == pytest.approx(expected, abs=1e-12)


def test_first_leduc_iteration_gives_the_counterfactual_regrets_of_uniform_play() -> None:
    game = LeducPoker()
    uniform = uniform_policy(game)
    expected = counterfactual_values(game, uniform)
    state = solve(game, "cfr", 1, engine="public-tree", checkpoints=()).state()
    for key in game.info_sets():
        np.testing.assert_allclose(
            state.cumulative_regret[key], expected.regrets[key], rtol=0, atol=1e-15
        )
        # Once per information set (not per history): pi_i(I) sigma(I, a).
        np.testing.assert_allclose(
            state.strategy_sum[key], expected.own_reach[key] * uniform[key], atol=1e-15
        )


@pytest.mark.parametrize("game", [KuhnPoker(n_cards=4), LeducPoker(), RIVER], ids=repr)
def test_ranges_are_the_players_own_reach(game: Game) -> None:
    engine = random_start(game, 3)
    policy = engine.current_policy()
    own_reach = counterfactual_values(game, policy).own_reach
    tree, ranges_game = engine.tree, engine.range_game
    seen = set()
    for player in game.players:
        ranges = engine.ranges(player)
        weights = engine.initial[player]  # w_i(h): ones in Kuhn and Leduc poker
        for k in tree.decision_nodes(player):
            for hand in range(weights.size):
                key = ranges_game.info_set_at(int(k), hand)
                if key is not None:
                    seen.add(key)
                    expected = weights[hand] * own_reach[key]
                    assert ranges[k, hand] == pytest.approx(expected, abs=1e-15)
    assert seen == set(game.info_sets())


# The engine's own readings: policies, best responses, checkpoints.


@pytest.mark.parametrize("game", GAMES, ids=repr)
@pytest.mark.parametrize("algorithm", ["cfr", "cfr+", "dcfr"])
def test_the_engine_reads_and_measures_its_tables_as_the_game_does(game, algorithm) -> None:
    # Leduc poker's board card is a chance node inside the public tree: the engine passes the
    # ranges down it, and the game's terminal values carry each board's probability.
    ranges = game.range_game()
    assert isinstance(ranges, RangeGame)
    assert isinstance(ranges, RiverGame if game is RIVER else PublicTreeRanges)
    engine = PublicTreeEngine(
        game, variant_named(algorithm), variant_named(algorithm).default_updates
    )
    engine.run(30)
    average = engine.policy()
    assert list(average) == list(game.info_sets())
    assert all(np.array_equal(average[k], p) for k, p in engine.average_policy().items())
    current = engine.policy({i: engine.current_strategy(i) for i in (1, 2)})
    assert all(np.array_equal(current[k], p) for k, p in engine.current_policy().items())
    # Best responses by sweeps of ranges against best responses history by history.
    by_histories = exploitability(game, average)
    assert by_histories > 1e-4  # not yet solved: a real test of the best responses
    assert abs(engine.exploitability() - by_histories) < 1e-12
    assert abs(engine.expected_value() - expected_value(game, average)) < 1e-12


@pytest.mark.parametrize("game", [KuhnPoker(), LeducPoker(), RIVER], ids=repr)
def test_checkpoints_are_measured_exactly_and_a_resumed_run_is_one_run(game: Game) -> None:
    run = solve(game, "dcfr", 20, engine="public-tree", checkpoints=[5, 20])
    assert [c.iteration for c in run.history] == [5, 20]
    final = run.history[-1]
    by_histories = Checkpoint.measure(game, 20, run.average_policy(), run.current_policy())
    assert final.iteration == by_histories.iteration
    for field in ("average_exploitability", "current_exploitability", "average_value"):
        assert getattr(final, field) == pytest.approx(getattr(by_histories, field), abs=1e-12)
    # Resuming continues the same run: 20 + 10 equals 30 at once, bit for bit.
    run.train(10, checkpoints=[])
    assert_identical_runs(game, run, solve(game, "dcfr", 30, engine="public-tree", checkpoints=[]))


def test_something_that_is_not_a_game_is_refused() -> None:
    with pytest.raises(ValueError, match="game must be a Game"):
        PublicTreeEngine({"tree": None}, variant_named("cfr"), "simultaneous")


# solve(): the default engine, and what each engine requires of a game.


class ThreeGuessers(GuessingGame):
    """:class:`toy_games.GuessingGame` with a third player: player 1 sees a coin and names a side;
    player 2, then player 3, each seeing the calls made before, guess the coin. A right guess wins
    1 from player 1, a wrong one pays 1 to player 1."""

    name = "three_guessers"
    num_players = 3
    zero_sum = True

    def is_terminal(self, history: History) -> bool:
        return len(history.actions) == 3

    def returns(self, history: History) -> tuple[float, float, float]:
        coin = "ht"[history.deal[0]]
        guesses = [1.0 if guess == coin else -1.0 for guess in history.actions[1:]]
        return (-sum(guesses), *guesses)

    def info_sets(self) -> tuple[str, ...]:
        return ("0:", "1:", ":h", ":t", ":hh", ":ht", ":th", ":tt")

    def player(self, key: str) -> int:
        return 1 if key.endswith(":") else len(key)


def test_solve_picks_the_public_engine_where_there_is_a_public_tree() -> None:
    assert list(ENGINES.items()) == [
        ("readable", ReadableEngine),
        ("sequence-form", SequenceFormEngine),
        ("public-tree", PublicTreeEngine),
    ]
    for game in (KuhnPoker(), KuhnPoker(n_cards=5), LeducPoker(), LeducPoker(ranks=4), RIVER):
        assert default_engine(game) == "public-tree"
        result = solve(game, "cfr+", 3, checkpoints=())
        assert isinstance(result.engine, PublicTreeEngine)
        assert result.engine.name == result.options["engine"] == "public-tree"
    # A two-player game without private cards, or not zero-sum: the sequence form.
    guessing, signs = ZeroSumGuessing(), SignError(KuhnPoker())
    assert default_engine(guessing) == default_engine(signs) == "sequence-form"
    other = solve(guessing, "cfr", 200, checkpoints=())
    assert isinstance(other.engine, SequenceFormEngine)
    # Player 2 cannot see the coin, so in equilibrium player 1 names sides at random: value 0.
    assert other.history[-1].average_exploitability < 0.05
    # Three players: the readable engine, the only one for them.
    assert default_engine(ThreeGuessers()) == "readable"
    assert isinstance(solve(ThreeGuessers(), "cfr", 5).engine, ReadableEngine)


REQUIREMENTS = "the public-tree engine needs a two-player zero-sum game with a public tree"


@pytest.mark.parametrize(
    ("game", "engine", "message"),
    [
        (ZeroSumGuessing(), "public-tree", f"{REQUIREMENTS}; ZeroSumGuessing() has no"),
        (SignError(KuhnPoker()), "public-tree", "is not declared zero-sum"),
        (ThreeGuessers(), "public-tree", f"{REQUIREMENTS}; ThreeGuessers() has 3 players"),
        (ThreeGuessers(), "sequence-form", "the sequence-form engine needs a two-player game"),
    ],
    ids=["no public tree", "general-sum", "three players", "three players, sequence form"],
)
def test_an_engine_refuses_a_game_it_cannot_solve(game: Game, engine: str, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        solve(game, "cfr", 10, engine=engine)
    assert raised.type is ValueError and message in str(raised.value)
    with pytest.raises(ValueError, match="needs"):
        ENGINES[engine](game, variant_named("cfr"), "simultaneous")


def test_an_engine_refuses_bad_options() -> None:
    with pytest.raises(ValueError, match="unknown updates of cfr 'both'"):
        PublicTreeEngine(KuhnPoker(), variant_named("cfr"), "both")
    with pytest.raises(ValueError, match="variant must be a Variant"):
        PublicTreeEngine(KuhnPoker(), "cfr", "simultaneous")
    with pytest.raises(ValueError, match="unknown engine 'publik'"):
        solve(KuhnPoker(), "cfr", 10, engine="publik")


def test_default_engine_runs_equal_explicit_public_runs() -> None:
    game = LeducPoker()
    default = solve(game, "dcfr", 30, checkpoints=())
    explicit = solve(game, "dcfr", 30, engine="public-tree", checkpoints=())
    assert_identical_runs(game, default, explicit)


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
    # The checkpoint is the engine's sweeps of ranges; lessons_lib.exploitability walks histories.
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
        for engine in ("readable", "sequence-form", "public-tree")
    ]
    assert_same_play(game, runs[0], runs[2], TOLERANCE)
    assert_same_play(game, runs[1], runs[2], TOLERANCE)
    # The first strategy is regret matching on the starting regrets: always the second action at
    # "J:", which player 1 reaches with probability 1, so the first strategy sum is (0, 1).
    first = solve(game, "cfr", 1, initial_regret=start, engine="public-tree", checkpoints=())
    np.testing.assert_array_equal(first.average_policy()["J:"], [0.0, 1.0])


def test_initial_regret_given_as_lists_starts_the_public_engine() -> None:
    game, start = KuhnPoker(), {"J:": [0.0, 3.0], "K:b": [1.0, 0.0]}
    mine = solve(game, "cfr", 7, engine="public-tree", initial_regret=start, checkpoints=[])
    theirs = solve(game, "cfr", 7, engine="readable", initial_regret=start, checkpoints=[])
    a, b = mine.current_policy(), theirs.current_policy()
    assert max(np.abs(a[k] - b[k]).max() for k in b) < 1e-12


def test_resuming_a_leduc_run_equals_running_straight_through() -> None:
    game = LeducPoker()
    straight = solve(game, "cfr+", 60, checkpoints=())
    resumed = solve(game, "cfr+", 25, checkpoints=()).train(35, checkpoints=())
    assert_identical_runs(game, straight, resumed)


def test_states_are_copies() -> None:
    engine = PublicTreeEngine(KuhnPoker(), variant_named("cfr+"), "alternating")
    engine.run(5)
    state = engine.state()
    state.cumulative_regret["J:"][:] = 99.0
    state.strategy_sum["J:"][:] = 99.0
    again = engine.state()
    assert np.all(again.cumulative_regret["J:"] < 99.0)
    assert np.all(again.strategy_sum["J:"] < 99.0)
    assert state.iteration == again.iteration == 5
    assert list(state.cumulative_regret) == list(KuhnPoker().info_sets())  # the game's order
