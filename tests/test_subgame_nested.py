"""Nested subgame solving against action translation on Chapter 10's river
(:mod:`lessons_lib.subgames.nested`), checked against independent derivations:

- each off-tree size's loss against the exploitability that the engine measures in a river whose
  menu is the blueprint's plus that size alone (a second river, a second sweep);
- the value of betting x three ways: the sorted card removal, the engine's best-response values,
  and the dense compatibility matrix of the gadget's LP;
- a polarised toy river (a set and a busted draw against a bluff catcher, no shared cards) worked
  by hand: the unsafe answer is calling exactly when the bluffs make up at least x / (1 + 2x) of
  the range (Chapter 9's bluffing frequency), and the safe gadget calls at least
  (pot / 2 - A_bluff) / (pot (1 + x)), 1 / (1 + x) at the blueprint's alternative (the minimum
  defence frequency), and at most what keeps the set at its own alternative.
"""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.abstraction import abstract_river, measure_action_abstraction
from lessons_lib.holdem import RiverGame, RiverSolver
from lessons_lib.subgames.nested import (
    NESTED_METHODS,
    NestedRiver,
    RiverBlueprint,
    gadget_solution,
    measure_nested,
    river_blueprint,
    safe_answer,
    unsafe_answer,
)

GRID = tuple(round(0.10 + 0.05 * k, 2) for k in range(38))
RANGES = ("AA,KK,QQ,77,AK,AQ,KQs,JT,98s,65s,A5s", "AA,QQ,AK,AQ,KJ,QJ,JJ,TT,99,A7s,87s")
MENU = (0.35, 1.5)
TARGET = 0.01  # percent of the pot

#: Exact computations agree to rounding; the gadget's LP (HiGHS) to about 1e-9 of its scale.
TOLERANCE = 1e-9


@pytest.fixture(scope="module")
def real() -> RiverGame:
    return RiverGame("KsQd7h4c2s", RANGES, pot=100.0, stack=200.0, bet_sizes=GRID, max_raises=0)


@pytest.fixture(scope="module")
def blueprint(real: RiverGame) -> RiverBlueprint:
    return river_blueprint(real, MENU, TARGET, max_iterations=5000)


@pytest.fixture(scope="module")
def river(blueprint: RiverBlueprint) -> NestedRiver:
    return NestedRiver(blueprint)


@pytest.fixture(scope="module")
def measured(blueprint: RiverBlueprint):
    return measure_nested(blueprint)


def restricted_exploitability(real_solver: RiverSolver, tables: dict, small: RiverGame) -> float:
    """The exploitability (% of the pot) in ``small`` (a river whose tree is part of the real
    one's) of the real river's tables, read row by row by (node, action) names."""
    solver = RiverSolver(small)
    restricted = {}
    for i in (1, 2):
        row_of = {row: e for e, row in enumerate(real_solver.action_rows(i))}
        restricted[i] = np.array([tables[i][row_of[row]] for row in solver.action_rows(i)])
    return solver.exploitability_percent(restricted)


def test_off_tree_bets_are_the_grid_outside_the_menu_for_both_bettors(river: NestedRiver) -> None:
    off = sorted(set(GRID) - set(MENU))
    for bettor, parent in ((1, "root"), (2, "check")):
        found = [b for b in river.bets if b.bettor == bettor]
        assert [b.fraction for b in found] == off
        assert {river.real.public_tree.node_name(b.parent) for b in found} == {parent}
        assert all(b.amount == pytest.approx(100.0 * b.fraction) for b in found)
    assert river.blueprint.menu == (*MENU, 2.0)  # all-in is on every menu


@pytest.mark.parametrize("method", NESTED_METHODS)
def test_each_sizes_loss_is_the_exploitability_it_adds_to_the_menu(
    real: RiverGame, blueprint: RiverBlueprint, river: NestedRiver, measured, method: str
) -> None:
    # Independent: the engine's exploitability in the river of the menu plus x alone.
    tables = river.strategies(method)
    base = RiverSolver(blueprint.abstract).exploitability_percent(blueprint.strategies)
    assert base == pytest.approx(blueprint.abstract_percent, abs=1e-12)
    table = measured.table()
    for size in (0.1, 0.3, 0.55, 1.2, 1.65, 1.95):
        small = abstract_river(real, (*MENU, size))
        added = restricted_exploitability(river.solver, tables, small) - base
        assert table.loc[round(100 * size, 6), method] == pytest.approx(added, abs=TOLERANCE)


def test_translation_is_chapter_10s_and_the_safe_gadget_never_loses_more(
    real: RiverGame, measured
) -> None:
    chapter_10 = measure_action_abstraction(real, MENU, TARGET, max_iterations=5000)
    assert measured.real_percent["translation"] == pytest.approx(chapter_10.real_percent, 1e-12)
    assert measured.abstract_percent == pytest.approx(chapter_10.abstract_percent, 1e-12)
    # The gadget minimises the bettor's gain from x; translation's answer is one it could pick.
    safe, translation = measured.loss_percent["safe"], measured.loss_percent["translation"]
    assert np.all(safe <= translation + TOLERANCE)
    assert np.all(measured.loss_percent["unsafe"] >= -TOLERANCE)
    # On this river (Chapter 11's finding): safe < translation < unsafe, overall.
    real_percent = measured.real_percent
    assert real_percent["safe"] < real_percent["translation"] < real_percent["unsafe"]


def test_the_value_of_a_bet_agrees_three_ways_and_the_gadget_is_the_bettors_best_response(
    river: NestedRiver,
) -> None:
    rng = np.random.default_rng(11)
    solver = river.solver
    for bet in river.bets[::9]:
        facing = river.facing(bet)
        b, r = bet.bettor, bet.responder
        fold, call = river.rows_at(r, bet.node)
        calls = rng.uniform(0.0, 1.0, facing.responder_reach.size)
        tables = {i: river.translated[i].copy() for i in (1, 2)}
        tables[r][fold], tables[r][call] = 1.0 - calls, calls
        values = solver.action_values(b, solver.plan_of(r, tables[r]), None)
        row = river.rows_at(b, bet.parent)[
            solver.rows[b].child[river.rows_at(b, bet.parent)] == bet.node
        ]
        assert np.allclose(river.bet_values(facing, calls), values[row[0]], rtol=0, atol=1e-15)
        # The gadget's optimum: what the bettor gets, best menu action or x, at its answer.
        answer, optimum = gadget_solution(river, facing)
        assert np.array_equal(answer, safe_answer(river, facing))
        best = np.maximum(facing.alternatives, river.bet_values(facing, answer))
        assert optimum == pytest.approx(float(np.add.reduce(facing.bettor_weights * best)), 1e-9)
        # And no answer does better (the translation's and the random one are answers too).
        for other in (calls, facing.translation_calls):
            worse = np.maximum(facing.alternatives, river.bet_values(facing, other))
            assert np.add.reduce(facing.bettor_weights * worse) >= optimum - 1e-9


@pytest.fixture(scope="module")
def toy() -> NestedRiver:
    # 77 (a set, 3 combos) and 65s (a busted draw, 4) against AQ (second pair, 12 combos): no
    # card is shared, so every hand meets all 12 (or 7) of the other's.
    game = RiverGame(
        "KsQd7h4c2s", ("77,65s", "AQ"), pot=100.0, stack=200.0, bet_sizes=(0.5, 1.0), max_raises=0
    )
    return NestedRiver(river_blueprint(game, (0.5,), TARGET, max_iterations=20_000))


def test_the_polarised_toy_river_by_hand(toy: NestedRiver) -> None:
    pot, x = 100.0, 1.0
    (bet,) = [b for b in toy.bets if b.bettor == 1]
    assert bet.fraction == x
    facing = toy.facing(bet)
    names = toy.real.hand_names(1)
    bluffs = np.array([n[0] == "6" for n in names])
    # The unsafe belief: the blueprint's reach of 50% and all-in, mixed as translation reads 100%.
    share = facing.belief[bluffs].sum() / facing.belief.sum()
    call_minus_fold = (pot / 2 + x * pot) * (share - (1 - share)) + pot / 2
    unsafe = unsafe_answer(toy, facing)
    assert np.all(unsafe == (1.0 if call_minus_fold > 0 else 0.0))
    assert (call_minus_fold > 0) == (share >= x / (1 + 2 * x))
    # The alternatives by hand, per unit of the 12 AQ combos: a bluff that checks loses half the
    # pot; a bet of a gets the blueprint's average call frequency c_a against it.
    solver = RiverSolver(toy.blueprint.abstract)
    strategies = toy.blueprint.strategies
    value = {True: [-pot / 2], False: []}
    for node, a in (("bet 50%", 0.5), ("all-in", 2.0)):
        calls = float(np.mean(solver.strategy_at(node, strategies[2])[1][1]))
        value[True].append((1 - calls) * pot / 2 - calls * (pot / 2 + a * pot))
        value[False].append((1 - calls) * pot / 2 + calls * (pot / 2 + a * pot))
    unit = toy.real.normaliser / 12.0
    assert np.allclose(facing.alternatives[bluffs] * unit, max(value[True]), atol=1e-9)
    set_alternative = facing.alternatives[~bluffs] * unit
    # 77's check can win more than a bet if AQ bets after the check: take the engine's value
    # only for what the bet alone guarantees.
    assert np.all(set_alternative >= max(value[False]) - 1e-9)
    lowest = (pot / 2 - max(value[True])) / (pot * (1 + x))
    highest = (float(set_alternative.min()) - pot / 2) / (x * pot)
    assert lowest == pytest.approx(1 / (1 + x), abs=0.01)  # the minimum defence frequency
    safe = safe_answer(toy, facing)
    average = float(np.mean(safe))
    assert lowest - 1e-9 <= average <= highest + 1e-9
    # Feasible, so betting 100% gains player 1 nothing over the menu.
    measured = measure_nested(toy.blueprint, ["safe"])
    assert measured.loss_percent["safe"][0, 0] == pytest.approx(0.0, abs=TOLERANCE)


def test_bad_input_is_refused(real: RiverGame, blueprint: RiverBlueprint, river) -> None:
    with pytest.raises(ValueError, match="method"):
        measure_nested(blueprint, ["translate"])
    with pytest.raises(ValueError, match="once each"):
        measure_nested(blueprint, ["safe", "safe"])
    with pytest.raises(ValueError, match="strategies"):
        RiverBlueprint(real, blueprint.abstract, {1: blueprint.strategies[1]}, 0.0)
    with pytest.raises(ValueError, match="strategy"):
        RiverBlueprint(
            real, blueprint.abstract, {1: blueprint.strategies[2], 2: blueprint.strategies[2]}, 0.0
        )
    with pytest.raises(ValueError, match="abstract_percent"):
        RiverBlueprint(real, blueprint.abstract, blueprint.strategies, -1.0)
    every = abstract_river(real, GRID)
    uniform = {i: RiverSolver(every).average_strategy(i) for i in (1, 2)}
    whole = RiverBlueprint(real, every, uniform, 0.0)
    with pytest.raises(ValueError, match="nothing is off"):
        measure_nested(whole)
    facing = river.facing(river.bets[0])
    with pytest.raises(ValueError, match="calls must be probabilities"):
        river.bet_values(facing, np.full(facing.responder_reach.size, 1.5))
    with pytest.raises(ValueError, match="calls must have"):
        river.bet_values(facing, [0.5])
    with pytest.raises(ValueError, match="not an off-tree bet"):
        river.facing(river.bets[0].__class__(0, 0, 1, 0.35, 35.0))
    with pytest.raises(ValueError, match="blueprint"):
        NestedRiver("a river")
