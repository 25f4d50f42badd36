"""The river explorer summarises one multi-size solution node by node, as the solver's strategy
by class, and its app follows its controls.

The summary is checked against a derivation that shares nothing with :func:`summarise` but the
solver's per-combo strategy (``strategy_at``): each combo's reach at a node is the product of its
own player's probabilities along the path, and a class's numbers are plain Python sums over its
combos, found by name.
"""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.collections import PolyCollection
from matplotlib.colors import to_hex

from lessons_lib.holdem import RiverGame, solve_river
from lessons_lib.holdem.cards import class_name, grid_names
from lessons_lib.plots.holdem import EMPTY_CELL, MIX_BAR_HEIGHT, mix_colours
from lessons_lib.widgets.river import (
    SIZE_MENU,
    menu_game,
    mix_figure,
    river_explorer,
    summarise,
)

BOARD = "KsQd7h4c2s"
RANGES = ("QQ+,AK,A5s-A2s,KQ,T8s,65s", "JJ-88,AQ,KJ,QTs,T9s")
GAME = RiverGame(BOARD, RANGES, pot=10.0, stack=40.0, bet_sizes=(0.33, 0.75, 1.5), max_raises=2)
#: The nodes the demo must offer at least: player 1's first decision, player 2 checked to and
#: facing each bet, player 1 facing player 2's bets after a check; and one deeper (a raise).
NODES = ["root", "check", "bet 33%", "bet 75%", "bet 150%", "all-in"]
NODES += ["check / bet 33%", "check / bet 75%", "check / bet 150%", "check / all-in"]
NODES += ["bet 75% / raise 100%"]


@pytest.fixture(scope="module")
def solved():
    solver, _ = solve_river(GAME, "dcfr", 1.0, max_iterations=3000)
    return solver, summarise(solver)


def path_reach(solver, path: tuple[str, ...], player: int) -> np.ndarray:
    """``w_i(h)`` times ``player``'s probability of each of its own actions on ``path``."""
    reach = np.array(solver.game.weights[player], dtype=float)
    for depth, action in enumerate(path):
        at = " / ".join(path[:depth]) or "root"
        actions, table = solver.strategy_at(at)
        if solver.tree.player[solver.tree.node_index(at)] == player:
            reach = reach * table[actions.index(action)]
    return reach


def by_class(solver, player: int, values: np.ndarray, reach: np.ndarray) -> dict:
    """Per class name: (sum of reach * values, sum of reach, sum of the range weights)."""
    sums: dict[str, list[float]] = {}
    for combo, value, r, w in zip(
        solver.game.combos[player], values, reach, solver.game.weights[player], strict=True
    ):
        entry = sums.setdefault(class_name(combo), [0.0, 0.0, 0.0])
        entry[0] += r * value
        entry[1] += r
        entry[2] += w
    return sums


def test_the_summary_lists_every_decision_node_of_the_tree(solved) -> None:
    solver, summary = solved
    tree = solver.tree
    decisions = [k for k in range(len(tree.nodes)) if tree.player[k] > 0]
    assert [n.path for n in summary.nodes] == [tree.nodes[k].actions for k in decisions]
    for node, k in zip(summary.nodes, decisions, strict=True):
        children = range(tree.children[k].start, tree.children[k].stop)
        assert node.player == tree.player[k]
        assert node.actions == tuple(tree.action_name(c) for c in children)
    names = [n.name for n in summary.nodes]
    assert all(name in names for name in NODES)
    shallow = summarise(solver, depth=1)
    assert [n.name for n in shallow.nodes] == [name for name in names if name.count("/") == 0]
    assert shallow.nodes[1].mix.tolist() == summary.nodes[1].mix.tolist()


@pytest.mark.parametrize("name", NODES)
def test_each_class_s_mix_and_reach_are_its_combos_sums(solved, name: str) -> None:
    """A class's mix is the reach-weighted mean of its combos' probabilities, and its reach the
    share of its range weight that gets to the node; both rounded to tenths of a percent."""
    solver, summary = solved
    node = next(n for n in summary.nodes if n.name == name)
    actions, table = solver.strategy_at(name)
    assert node.actions == tuple(actions)
    reach = path_reach(solver, node.path, node.player)
    grid = grid_names()
    shown = 0
    for a, row in enumerate(table):
        for cls, (weighted, reached, weight) in by_class(solver, node.player, row, reach).items():
            r = next(k for k, names in enumerate(grid) if cls in names)
            c = grid[r].index(cls)
            share = reached / weight
            assert abs(node.reach[r, c] / 1000 - share) <= 0.0005 + 1e-12
            if node.reach[r, c] == 0:
                assert node.mix[a, r, c] == 0 and share < 0.0005 + 1e-12
                continue
            shown += 1
            assert abs(node.mix[a, r, c] / 1000 - weighted / reached) <= 0.0005 + 1e-12
        overall = sum(reach * row) / sum(reach) if sum(reach) > 0 else 0.0
        assert abs(node.overall[a] / 1000 - overall) <= 0.0005 + 1e-12
    assert shown > 0
    share = sum(reach) / sum(solver.game.weights[node.player])
    assert abs(node.range_share / 1000 - share) <= 0.0005 + 1e-12
    # no class outside the player's range is shown
    assert np.all(node.reach[~summary.in_range[node.player - 1]] == 0)


def test_player_2_s_range_reaches_every_bet_and_player_1_s_only_its_checks(solved) -> None:
    _, summary = solved
    nodes = {n.name: n for n in summary.nodes}
    assert nodes["bet 75%"].range_share == 1000  # player 2 has not acted yet
    check = nodes["root"].overall[0]
    assert abs(nodes["check / bet 75%"].range_share - check) <= 1  # what checked, rounded twice


def test_the_app_follows_its_controls(solved) -> None:
    _, summary = solved
    app = river_explorer(summary, hand="JJ")
    labels = [label for label, _ in app.controls["node"].options]
    assert labels[0] == "start: player 1 (OOP)" and "check: player 2 (IP)" in labels
    assert "check, bet 75%: player 1 (OOP)" in labels and "bet 33%: player 2 (IP)" in labels
    first = app.images[0].value
    assert "Player 1 (OOP) acts first: 100.0% of its range gets here" in app.status.value
    assert "JJ is not in player 1 (OOP)'s range." in app.status.value
    app.controls["node"].value = labels.index("check, bet 75%: player 1 (OOP)")
    assert "Player 1 (OOP) facing bet 75% (line: check, bet 75%)" in app.status.value
    assert app.images[0].value != first
    app.controls["node"].value = labels.index("bet 75%: player 2 (IP)")
    assert "JJ (100.0% of its combos get here): fold " in app.status.value
    start = river_explorer(summary, node="check / bet 75%")
    assert start.controls["node"].value == labels.index("check, bet 75%: player 1 (OOP)")


def test_the_grid_draws_each_class_s_mix_as_a_stacked_bar(solved) -> None:
    """The figure's boxes: for a class, one per action it takes, left to right from the cell's
    left edge, as wide as the action's share (the rounded shares in proportion) and as tall as
    the class's reach."""
    _, summary = solved
    k = next(k for k, n in enumerate(summary.nodes) if n.name == "check / bet 75%")
    node = summary.nodes[k]
    figure = mix_figure(summary, k, "AKo")
    (boxes,) = [c for c in figure.axes[0].collections if isinstance(c, PolyCollection)]
    paths = [p.vertices for p in boxes.get_paths()]
    colours = [to_hex(c).upper() for c in boxes.get_facecolors()]
    r, c = 1, 0  # AKo
    assert node.reach[r, c] > 0
    inside = [
        (v[:, 0].min(), v[:, 0].max() - v[:, 0].min(), v[:, 1].max() - v[:, 1].min(), colour)
        for v, colour in zip(paths, colours, strict=True)
        if c - 0.5 <= v[:, 0].min() < c + 0.5 and r - 0.5 <= v[:, 1].min() < r + 0.5
    ]
    background, *segments = inside
    assert background == (c - 0.5, 1.0, 1.0, "#FFFFFF")
    taken = [
        (a, t, fill)
        for a, t, fill in zip(
            node.actions, node.mix[:, r, c], mix_colours(node.actions), strict=True
        )
        if t > 0
    ]
    total = sum(int(t) for _, t, _ in taken)
    assert abs(total - 1000) <= len(node.actions) / 2
    left = c - 0.5
    for (x, width, height, colour), (_, tenths, fill) in zip(segments, taken, strict=True):
        assert x == pytest.approx(left) and width == pytest.approx(tenths / total)
        assert height == pytest.approx(MIX_BAR_HEIGHT * node.reach[r, c] / 1000)
        assert colour == fill.upper()
        left += width
    legend = [t.get_text() for t in figure.legends[0].get_texts()]
    assert legend == list(node.actions)
    out = [b for b, colour in zip(paths, colours, strict=True) if colour == EMPTY_CELL.upper()]
    assert len(out) == int(np.count_nonzero(~summary.in_range[0] | (node.reach == 0)))


def test_each_menu_entry_is_a_one_size_river() -> None:
    """The chapter's polarisation study: one bet size per game (SIZE_MENU, menu_game)."""
    for label, sizes in SIZE_MENU.items():
        game = menu_game(BOARD, RANGES, 10.0, 40.0, label)
        children = game.public_tree.children[0]
        actions = [game.public_tree.action_name(k) for k in range(children.start, children.stop)]
        assert actions == ["check", f"bet {label}" if sizes else "all-in"]
