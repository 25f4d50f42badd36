"""Node locking on the public-tree engine (:mod:`lessons_lib.cfr.public_tree`, *Node locking*),
checked against independent derivations:

- locking a node to an equilibrium's own table leaves the game value unchanged (the LP's value);
- locking one node to any table gives the value of the *restricted* game, which the sequence-form
  LP computes with the locked sequences tied to their parent by extra equality constraints
  (``y(k.a, h) = T[a, h] y(parent, h)``), a formulation that shares no code with the engine's
  locks;
- locking every node of one player leaves the other a best response, whose value the engine's
  unlocked best response and the history-by-history best response of
  :mod:`lessons_lib.exploitability` give.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from scipy import sparse
from test_river import reduced as reduced_river  # the river tests' reduced river

from lessons_lib.cfr.public_tree import PublicTreeEngine
from lessons_lib.core.state import average_strategy
from lessons_lib.core.variants import variant_named
from lessons_lib.exploitability import best_response
from lessons_lib.games import KuhnPoker
from lessons_lib.holdem import RiverGame, RiverSolver, river_sequence_form, solve_river
from lessons_lib.holdem.sequence_form import action_rows, solve_river_lp
from lessons_lib.lp import optimal_plan


@pytest.fixture(scope="module")
def reduced() -> RiverGame:
    """Chapter 9's reduced river: a few dozen combos a side, two sizes and one raise."""
    return reduced_river()


@pytest.fixture(scope="module")
def lp(reduced: RiverGame) -> tuple[float, dict[int, np.ndarray]]:
    return solve_river_lp(reduced)


def restricted_lp(
    game: RiverGame, player: int, node: str, table: np.ndarray
) -> tuple[float, dict[int, np.ndarray]]:
    """Player 1's value and an equilibrium of the restricted game in which ``player`` plays
    ``table`` at ``node``: the river's sequence-form LP with one more equality constraint per
    (action, combo) there, ``x(k.a, h) - table[a, h] x(parent sequence, h) = 0``."""
    form = river_sequence_form(game)
    layout = action_rows(game, player)
    n = len(game.combos[player])
    k = game.public_tree.node_index(node)
    start = int(layout.segments.starts[int(np.flatnonzero(layout.nodes == k)[0])])
    above = int(layout.last_row[k])
    rows, columns, values = [], [], []
    for a in range(table.shape[0]):
        for h in range(n):
            row = a * n + h
            parent = 0 if above == layout.size else 1 + above * n + h
            rows += [row, row]
            columns += [1 + (start + a) * n + h, parent]
            values += [1.0, -float(table[a, h])]
    extra = sparse.coo_matrix(
        (values, (rows, columns)), shape=(table.size, form.constraints[player].shape[1])
    )
    constraints = dict(form.constraints)
    constraints[player] = sparse.vstack([constraints[player], extra]).tocsr()
    scale = 2.0 ** math.frexp(game.pot)[1]  # as solve_river_lp: payoffs in units near the pot
    form = replace(form, constraints=constraints, payoff=form.payoff / scale)
    strategies, value = {}, 0.0
    for i in (1, 2):
        plan, found = optimal_plan(form, i)
        value = found * scale if i == 1 else value
        layout_i = action_rows(game, i)
        weights = plan[1:].reshape(layout_i.size, len(game.combos[i]))
        strategies[i] = average_strategy(weights, layout_i.segments)
    return value, strategies


def over_folding(solver: RiverSolver, node: str, table: np.ndarray) -> np.ndarray:
    """``table`` at ``node`` with half of every call moved to a fold."""
    actions, _ = solver.strategy_at(node)
    locked = table.copy()
    fold, call = actions.index("fold"), actions.index("call")
    locked[fold] += 0.5 * locked[call]
    locked[call] *= 0.5
    return locked


def never_checking(solver: RiverSolver, node: str, table: np.ndarray) -> np.ndarray:
    """``table`` at ``node`` with every check moved to the first bet size."""
    actions, _ = solver.strategy_at(node)
    locked = table.copy()
    check = actions.index("check")
    locked[check + 1] += locked[check]
    locked[check] = 0.0
    return locked


@pytest.mark.parametrize(
    ("player", "node", "change"),
    [(2, "bet 100%", over_folding), (1, "root", never_checking), (2, "check", never_checking)],
)
def test_a_locked_solve_reaches_the_value_of_the_restricted_lp(
    reduced: RiverGame, lp: tuple[float, dict[int, np.ndarray]], player: int, node: str, change
) -> None:
    solver = RiverSolver(reduced, "dcfr")
    _, equilibrium = lp
    table = change(solver, node, solver.strategy_at(node, equilibrium[player])[1])
    value, restricted = restricted_lp(reduced, player, node, table)
    assert abs(value - lp[0]) > 0.02  # the lock matters: the restricted game is another game
    locked, _ = solve_river(reduced, "dcfr", 0.005, max_iterations=20_000, locked={node: table})
    epsilon = locked.exploitability()
    assert locked.reached_target and epsilon <= 0.005 * reduced.pot / 100
    assert abs(locked.expected_value() - value) <= 2 * epsilon + 1e-7
    # The LP's restricted equilibrium plays the table (its constraints say so) and is an
    # equilibrium of the restricted game by the engine's own restricted best responses.
    lock = locked.locks[0]
    reached = restricted[player][lock.rows]
    assert np.abs(reached - table).max() < 1e-7
    restricted[player][lock.rows] = table
    assert abs(locked.exploitability(restricted)) < 1e-7
    assert abs(locked.expected_value(restricted) - value) < 1e-7


def test_locking_a_node_to_the_equilibrium_changes_nothing(
    reduced: RiverGame, lp: tuple[float, dict[int, np.ndarray]]
) -> None:
    value, equilibrium = lp
    free = RiverSolver(reduced, "dcfr")
    locks = {
        node: free.strategy_at(node, equilibrium[player])[1]
        for node, player in (("root", 1), ("bet 100%", 2), ("check", 2))
    }
    locked, _ = solve_river(reduced, "dcfr", 0.005, max_iterations=20_000, locked=locks)
    epsilon = locked.exploitability()
    assert abs(locked.expected_value() - value) <= 2 * epsilon + 1e-7
    # The LP's equilibrium is an equilibrium of the restricted game too, at the same value.
    assert locked.exploitability(equilibrium) < 1e-7


def small_river() -> RiverGame:
    """A river small enough for the history-by-history best response of Chapter 3."""
    return RiverGame(
        "Ks9d7h4c2s",
        ("KK,AK,T8s,65s", "AQ,KJ,QTs"),
        pot=10.0,
        stack=20.0,
        bet_sizes=(0.5,),
        raise_size=1.0,
        max_raises=1,
    )


def test_locking_every_node_of_a_player_leaves_the_other_a_best_response() -> None:
    game = small_river()
    free = RiverSolver(game, "cfr").run(7)  # a profile far from equilibrium
    fixed = free.average_strategy(2)
    tree = game.public_tree
    locks = {
        int(k): free.strategy_at(tree.node_name(int(k)), fixed)[1] for k in tree.decision_nodes(2)
    }
    locked = RiverSolver(game, "dcfr", locked=locks)
    for _ in range(3):  # the locked player plays the tables at every iteration, current and average
        locked.run(1)
        assert np.array_equal(locked.current_strategy(2), fixed)
        assert np.array_equal(locked.average_strategy(2), fixed)
    locked.run(3000)
    # Independent values of the best response to the fixed strategy: the engine without locks,
    # and the ordinary game tree, history by history.
    by_engine = free.best_response_value(1, fixed)
    by_histories, _ = best_response(game, free.policy({1: free.average_strategy(1), 2: fixed}), 1)
    assert abs(by_engine - by_histories) < 1e-12
    assert by_engine - locked.expected_value() < 1e-4 * game.pot
    assert locked.expected_value() <= by_engine + 1e-12
    # The locked player's restricted best response can only play the tables: no gain at all.
    average = locked.average_strategy(1)
    restricted = locked.best_response_value(2, average)
    assert abs(restricted + locked.expected_value()) < 1e-12
    assert free.best_response_value(2, average) > restricted  # unlocked, it could gain


def test_node_locking_works_on_any_game_with_a_public_tree() -> None:
    game = KuhnPoker()
    variant = variant_named("dcfr")
    free = PublicTreeEngine(game, variant, variant.default_updates)
    calls = np.array([[1.0, 1.0, 0.0], [0.0, 0.0, 1.0]])  # facing a bet: only the king calls
    locked = PublicTreeEngine(game, variant, variant.default_updates, locked={"b": calls})
    locked.run(4000)
    assert np.array_equal(locked.strategy_at("b")[1], calls)
    # Player 2 never calls with the queen: player 1 may bluff the jack freely.
    assert locked.strategy_at("")[1][1][0] > 0.99
    epsilon = locked.exploitability()
    assert (
        epsilon < 1e-3
        and free.exploitability({i: locked.average_strategy(i) for i in (1, 2)}) > 0.01
    )


@pytest.mark.parametrize("algorithm", ["cfr", "cfr+", "lcfr", "dcfr"])
def test_the_locked_table_is_played_at_every_iteration(reduced: RiverGame, algorithm: str) -> None:
    probe = RiverSolver(reduced, algorithm)
    actions, _ = probe.strategy_at("bet 50%")
    table = np.zeros((len(actions), len(reduced.combos[2])))
    table[actions.index("call")] = 1.0
    solver = RiverSolver(reduced, algorithm, locked={(2, "bet 50%"): table})
    for _ in range(4):
        solver.run(1)
        for strategy in (solver.current_strategy(2), solver.average_strategy(2)):
            assert np.array_equal(solver.strategy_at("bet 50%", strategy)[1], table)


def test_bad_locks_are_refused_by_name(reduced: RiverGame) -> None:
    probe = RiverSolver(reduced, "dcfr")
    actions, table = probe.strategy_at("bet 100%")
    terminal = int(reduced.public_tree.terminals[0])
    bad = {
        "locked must map": ["bet 100%"],
        "no node 'bet 33%'": {"bet 33%": table},
        "no node number 10000": {10_000: table},
        "is no decision of a player": {terminal: np.ones((0, 0))},
        "is player 2's decision, not player 1's": {(1, "bet 100%"): table},
        "so its table has shape": {"bet 100%": table[:, :-1]},
        "must hold probabilities": {"bet 100%": np.full_like(table, 0.5)},
        "a node is named by": {2.5: table},
        "is locked twice": {
            "bet 100%": table,
            int(reduced.public_tree.node_index("bet 100%")): table,
        },
    }
    for message, locked in bad.items():
        with pytest.raises(ValueError, match=message):
            RiverSolver(reduced, "dcfr", locked=locked)
    negative = table.copy()
    negative[0] -= 0.1
    negative[1] += 0.1
    if negative.min() < 0:
        with pytest.raises(ValueError, match="must hold probabilities"):
            RiverSolver(reduced, "dcfr", locked={"bet 100%": negative})
    # A profile that does not play the locked table is no strategy of the restricted game.
    locked = RiverSolver(
        reduced, "dcfr", locked={"bet 100%": over_folding(probe, "bet 100%", table)}
    )
    with pytest.raises(ValueError, match="does not play the locked table"):
        locked.exploitability({1: probe.average_strategy(1), 2: probe.average_strategy(2)})
    with pytest.raises(ValueError, match="does not play the locked table"):
        locked.best_response_value(1, probe.average_strategy(2))
