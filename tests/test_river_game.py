"""The river as a :class:`~lessons_lib.games.base.Game` (:mod:`lessons_lib.holdem.river`): its
deals and payoffs against enumeration, and the public-tree engine on it against the library's
generic machinery, which walks the river's history tree deal by deal (a second method)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from test_cfr_public_engine import own_weights
from test_river import reduced, solved

from lessons_lib.cfr import PublicTreeEngine, solve
from lessons_lib.core.training import InterruptedRun
from lessons_lib.exploitability import expected_value, exploitability
from lessons_lib.games import KuhnPoker
from lessons_lib.games.base import History
from lessons_lib.holdem.river import RiverGame
from lessons_lib.holdem.solver import RiverSolver, exploitability_curve, solve_river
from lessons_lib.progress import Progress

BOARD = "Ks9d7h4c2s"


def small() -> RiverGame:
    """A river of a few dozen combos per player, with card removal between the ranges (both
    hold aces and queens), two bet sizes, all-in and one raise."""
    return RiverGame(
        BOARD,
        ("QQ+,AQs,65s", "QQ-99,AQ,KJs"),
        pot=10.0,
        stack=20.0,
        bet_sizes=(0.5, 1.0),
        max_raises=1,
    )


def test_the_deals_are_every_pair_that_shares_no_card_weighted_by_the_ranges() -> None:
    game = small()
    expected = {}
    for a, b in itertools.product(range(len(game.combos[1])), range(len(game.combos[2]))):
        if not set(game.combos[1][a]) & set(game.combos[2][b]):
            expected[(a, b)] = game.weights[1][a] * game.weights[2][b]
    total = sum(expected.values())
    deals = dict(game.deals())
    assert deals.keys() == expected.keys()
    assert len(deals) < len(game.combos[1]) * len(game.combos[2])  # card removal
    assert max(abs(deals[d] - expected[d] / total) for d in deals) < 1e-15
    assert abs(sum(deals.values()) - 1.0) < 1e-12


def test_the_payoffs_are_the_pot_half_plus_what_was_put_in() -> None:
    game = small()
    strong = int(np.argmax(game.strength[1]))  # a set of queens or better
    weak = int(np.argmin(game.strength[2]))
    assert game.strength[1][strong] > game.strength[2][weak]
    deal = (strong, weak)
    assert game.is_deal(deal)
    # Check, check: a showdown for the half pot each put in, 5 chips.
    assert game.payoff(History(deal, "xx")) == 5.0
    # Bet half the pot (5 chips), call: 5 + 5 at stake.
    assert game.payoff(History(deal, "1c")) == 10.0
    # Check, bet the pot (10 chips), fold: player 1 loses the 5 it had in.
    assert game.payoff(History(deal, "x2f")) == -5.0
    # Bet, raise to call plus the pot after the call (5 + 20 > 20: the stack), fold.
    assert game.legal_actions(History(deal, "1")) == ("f", "c", "a")
    assert game.payoff(History(deal, "1af")) == -10.0
    assert game.payoff(History(deal, "1ac")) == 25.0


def test_the_information_sets_are_a_combo_at_a_decision_node() -> None:
    game = small()
    tree = game.public_tree
    keys = game.info_sets()
    per_node = [len(game.combos[int(tree.player[k])]) for k in np.flatnonzero(tree.player > 0)]
    assert len(keys) == len(set(keys)) == sum(per_node)
    for key in keys[:: max(1, len(keys) // 50)]:
        combo, _, codes = key.partition(":")
        assert game.actions(key) == game.legal_actions(History(game.deals()[0][0], codes))
        assert combo in game.hand_names(game.player(key))
        assert len(codes) % 2 == (0 if game.player(key) == 1 else 1)  # players alternate


def test_the_public_tree_engine_is_cfr_on_the_river_s_history_tree() -> None:
    # The sequence-form engine walks the river's ordinary game tree, built from the rules
    # above (one history per deal and action sequence, a payoff per deal); the public-tree engine
    # walks the public tree and computes showdowns by sorting. The same iterations, to
    # rounding. (Not on small(): its ties make some regrets exactly zero, and a rounding-sized
    # regret of either sign then splits the two runs, as lessons_lib.cfr.public_tree explains.)
    game = reduced()
    assert len(game.deals()) * len(game.public_tree.nodes) > 50_000  # a real history tree
    for algorithm in ("cfr", "cfr+", "dcfr"):
        ranges = solve(game, algorithm, 25, engine="public-tree", checkpoints=[])
        sequences = solve(game, algorithm, 25, engine="sequence-form", checkpoints=[])
        mine, theirs = ranges.average_policy(), sequences.average_policy()
        assert list(mine) == list(theirs) == list(game.info_sets())
        assert max(np.abs(mine[k] - theirs[k]).max() for k in mine) < 1e-9
        # The history tree's regrets carry chance's P(h, h'), hence w_i(h); the public tree's
        # leave it out (lessons_lib.holdem.solver).
        weight = own_weights(ranges)
        regrets = [run.state().cumulative_regret for run in (ranges, sequences)]
        gap = max(np.abs(weight[k] * regrets[0][k] - regrets[1][k]).max() for k in mine)
        assert gap < 1e-9


def test_the_river_s_exploitability_and_value_are_the_generic_ones() -> None:
    game = small()
    solver = solved(game, "dcfr", 40)
    policy = solver.policy()
    by_histories = exploitability(game, policy)
    assert by_histories > 1e-3  # not yet solved: a real test of the best responses
    assert abs(solver.exploitability() - by_histories) < 1e-12
    assert abs(solver.expected_value() - expected_value(game, policy)) < 1e-12


def test_a_full_river_refuses_its_history_tree_before_building_it() -> None:
    game = RiverGame(BOARD, ("any", "any"), pot=10.0, stack=20.0)
    assert len(game.combos[1]) == 1081
    with pytest.raises(ValueError, match="histories"):
        game.deals()


@pytest.mark.parametrize(
    "history", [History((0, 0), "z"), History((10**6, 0), ""), ((0, 1.5), ""), "xx", None]
)
def test_a_history_that_is_not_the_river_s_is_refused(history) -> None:
    with pytest.raises(ValueError):
        small().is_terminal(history)


@pytest.mark.parametrize("key", ["AhAd", "AsAh:q", ":x", None, 3])
def test_a_key_that_is_not_an_information_set_is_refused(key) -> None:
    with pytest.raises(ValueError, match="not an information set"):
        small().actions(key)


def test_solve_picks_the_public_tree_engine_for_a_river_and_measures_a_full_one() -> None:
    full = RiverGame(BOARD, ("any", "any"), pot=10.0, stack=20.0, bet_sizes=(0.75,), max_raises=1)
    run = solve(full, "dcfr", 20, checkpoints=[10, 20])
    assert isinstance(run.engine, PublicTreeEngine) and run.engine.name == "public-tree"
    by_hand = solved(full, "dcfr", 20)
    assert abs(run.history[-1].average_exploitability - by_hand.exploitability()) < 1e-12
    assert run.history[-1].average_exploitability < run.history[0].average_exploitability
    assert abs(run.history[-1].average_value - by_hand.expected_value()) < 1e-12


@pytest.mark.parametrize(
    "node, hand, message",
    [(10**6, 0, "node"), (-1, 0, "node"), (0, 10**6, "hand"), (0, 1.0, "hand"), (None, 0, "node")],
)
def test_an_information_set_outside_the_tree_is_refused(node, hand, message) -> None:
    for game in (small(), KuhnPoker().range_game()):
        with pytest.raises(ValueError, match=message):
            game.info_set_at(node, hand)


@pytest.mark.parametrize("tables", [{}, {1: np.zeros(3), 2: np.zeros(3)}, {1: "x", 2: "y"}, [1, 2]])
def test_tables_of_the_wrong_shape_are_refused(tables) -> None:
    solver = RiverSolver(small())
    with pytest.raises(ValueError, match="tables|strateg"):
        solver.policy(tables)


def _stop_after(k: int):
    """A progress callback that asks the run to stop, as Ctrl-C would, once ``k`` are done."""

    def callback(done: int, total: int) -> None:
        if done >= k:
            raise KeyboardInterrupt

    return callback


def test_an_interrupted_river_run_keeps_exactly_its_first_iterations() -> None:
    # Progress and Ctrl-C are the run's (TrainingRun), around the solver's bare loop.
    game = small()
    every_step = Progress(callback=_stop_after(23), step_seconds=0.0, show=False)
    with pytest.warns(InterruptedRun, match="interrupted at iteration 23"):
        run = solve(game, "dcfr", 10**6, engine=RiverSolver, progress=every_step)
    solver = run.engine
    assert run.interrupted and solver.iteration == 23 and run.history[-1].iteration == 23
    reference = solved(game, "dcfr", 23)
    for i in (1, 2):
        assert np.array_equal(solver.tables[i].regret, reference.tables[i].regret)
        assert np.array_equal(solver.tables[i].strategy_sum, reference.tables[i].strategy_sum)
    run.train(7)  # goes on as if never interrupted
    assert not run.interrupted
    longer = solved(game, "dcfr", 30)
    assert np.array_equal(solver.tables[1].regret, longer.tables[1].regret)


def test_an_interrupted_river_solve_keeps_its_checkpoints() -> None:
    every_step = Progress(callback=_stop_after(35), step_seconds=0.0, show=False)
    with pytest.warns(InterruptedRun):
        solver, history = solve_river(
            small(), "cfr+", target_percent=1e-9, max_iterations=10**6, progress=every_step
        )
    assert solver.interrupted and solver.iteration == 35
    assert [t for t, _ in history] == [10, 20, 30, 35]
    assert history[-1][1] == solver.exploitability_percent()
    # The curve, like every run, also measures where Ctrl-C stopped it (TrainingRun.train).
    with pytest.warns(InterruptedRun):
        solver, curve = exploitability_curve(small(), "cfr+", [10, 20, 40, 80], progress=every_step)
    assert solver.interrupted and solver.iteration == 35
    assert [t for t, _ in curve] == [10, 20, 35]
    assert curve[-1][1] == solver.exploitability_percent()
