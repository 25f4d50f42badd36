"""Reading a river solution as a solver user does (:meth:`RiverSolver.action_values_at`,
:meth:`RiverSolver.strategy_of`, :meth:`RiverSolver.reach_at`), against the ordinary game tree's
counterfactual values (:mod:`lessons_lib.counterfactual`), a second method that walks every deal
and betting sequence one history at a time."""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.counterfactual import counterfactual_values
from lessons_lib.holdem.cards import class_name, combo_name
from lessons_lib.holdem.river import RiverGame
from lessons_lib.holdem.solver import RiverSolver

BOARD = "KsQd7h4c2s"


def reduced() -> RiverGame:
    """test_river.py's reduced river with some combos weighted 1/2, so that a class's combos
    differ in weight and the reading must weight them."""
    return RiverGame(
        "Ks9d7h4c2s",
        ("QQ+,AK,A5s-A2s:0.5,KQ,T8s,65s", "JJ-88,AQ,KJ:0.5,QTs,T9s"),
        pot=10.0,
        stack=20.0,
        bet_sizes=(0.5, 1.0),
        raise_size=1.0,
        max_raises=1,
    )


@pytest.fixture(scope="module")
def solver() -> RiverSolver:
    return RiverSolver(reduced(), "dcfr").run(60)  # a mixed strategy, far from any equilibrium


def test_action_values_are_the_game_trees_conditional_action_values(solver) -> None:
    game = solver.game
    by_histories = counterfactual_values(game, solver.policy())
    tree = game.public_tree
    checked = 0
    for player in (1, 2):
        for k in tree.decision_nodes(player):
            actions, values = solver.action_values_at(tree.node_name(int(k)))
            for hand in range(len(game.combos[player])):
                key = game.info_set_at(int(k), hand)
                reach = by_histories.reach[key]
                assert len(game.actions(key)) == len(actions)
                if reach > 0:  # v(I, a) / pi_{-i}(I): the payoff expected at I after a
                    expected = by_histories.action_values[key] / reach
                    np.testing.assert_allclose(values[:, hand], expected, rtol=0, atol=1e-10)
                    checked += 1
    assert checked > 500


def test_the_mix_of_action_values_is_the_hands_value_at_the_root(solver) -> None:
    actions, values = solver.action_values_at([])
    _, frequencies = solver.strategy_at("root")
    mixed = np.add.reduce(frequencies * values, axis=0)
    np.testing.assert_allclose(mixed, solver.hand_values(1), rtol=0, atol=1e-12)
    assert actions[0] == "check" and values.shape == frequencies.shape


def test_a_node_is_found_by_its_name_or_by_its_action_path(solver) -> None:
    tree = solver.game.public_tree
    for k in range(len(tree.nodes)):
        name = tree.node_name(k)
        path = [] if name == "root" else name.split(" / ")
        assert solver.node_named(name) == solver.node_named(path) == k
    with pytest.raises(ValueError, match="no node"):
        solver.node_named(["bet 50%", "fold", "call"])
    with pytest.raises(ValueError, match="action path"):
        solver.node_named(["check", 3])
    with pytest.raises(ValueError, match="not a decision node"):
        solver.strategy_of("AA", ["bet 50%", "fold"])


def test_a_combo_reads_the_same_in_either_card_order(solver) -> None:
    game = solver.game
    _, frequencies = solver.strategy_at("bet 50%")
    for hand, combo in enumerate(game.combos[2][:8]):
        name = combo_name(combo)
        mix = solver.strategy_of(name, "bet 50%")
        assert solver.strategy_of(name[2:] + name[:2], "bet 50%") == mix
        np.testing.assert_allclose(list(mix.values()), frequencies[:, hand], atol=1e-15)


def test_a_class_is_its_combos_weighted_by_their_reach(solver) -> None:
    """Player 1 facing a raise: its combos reach it with different probabilities, and the
    class's mix is theirs averaged by weight times own reach, computed here by hand."""
    game = solver.game
    node = "bet 50% / all-in"
    actions, frequencies = solver.strategy_at(node)
    _, first = solver.strategy_at("root")
    reach = game.weights[1] * first[actions_of(solver, "root").index("bet 50%")]
    np.testing.assert_allclose(solver.reach_at(node), reach, atol=1e-15)
    names = np.array([class_name(c) for c in game.combos[1]])
    for hand_class in ("AKo", "AKs", "KK"):
        chosen = names == hand_class
        expected = (frequencies[:, chosen] * reach[chosen]).sum(axis=1) / reach[chosen].sum()
        got = solver.strategy_of(hand_class, node)
        np.testing.assert_allclose(list(got.values()), expected, atol=1e-14)
        assert list(got) == actions
    both = solver.strategy_of("AK", node)
    chosen = np.isin(names, ("AKs", "AKo"))
    expected = (frequencies[:, chosen] * reach[chosen]).sum(axis=1) / reach[chosen].sum()
    np.testing.assert_allclose(list(both.values()), expected, atol=1e-14)


def actions_of(solver: RiverSolver, node: str) -> list[str]:
    return solver.strategy_at(node)[0]


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("AhAh", "repeat the card"),
        ("72o", "not in player 1's range"),
        ("KsKh", "not in player 1's range"),  # the board holds the Ks
        ("AKx", "a hand class is written"),
        ("KAs", "higher rank first"),
        ("A", "hand must be a combo"),
        (None, "hand must be a combo"),
        ("Zz9d", "unknown card"),
    ],
)
def test_bad_hands_are_refused(solver, hand, message) -> None:
    with pytest.raises(ValueError, match=message):
        solver.strategy_of(hand)
