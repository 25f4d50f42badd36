"""The in-page twin of the river explorer, driven in Chromium and checked against the library.

For every node of one multi-size solution the twin's grid (each class's segments: action, tenths
of a percent, width, fill; the bar's height; the cell's colour), its title, its legend and its
status line are compared with the library's summary and the app. The twin's numbers for a node
are also checked against the solver itself: the class means recomputed from its per-combo
strategy and reach with :func:`~lessons_lib.holdem.grid_means`, without :func:`summarise`.
"""

from __future__ import annotations

import numpy as np
import pytest
from twin_harness import ROOT, opened_twin, state

from lessons_lib.holdem import RiverGame, grid_means, solve_river
from lessons_lib.holdem.cards import grid_names
from lessons_lib.plots.holdem import EMPTY_CELL, MIX_CELL, mix_colours
from lessons_lib.widgets.river import node_label, river_explorer, situation, status_html, summarise

BOARD = "KsQd7h4c2s"
#: Player 2's range leaves out most offsuit hands, so that some classes are not in it.
RANGES = ("any", "22+,A2+,K9+,QT+,J9s+,T8s+,97s+,86s+,76s,65s")
GAME = RiverGame(BOARD, RANGES, pot=100.0, stack=400.0, bet_sizes=(0.33, 0.75, 1.5))
SCREENSHOTS = ROOT / "_build" / "screenshots"
CLASSES = [name for row in grid_names() for name in row]


@pytest.fixture(scope="module")
def solved():
    solver, _ = solve_river(GAME, "dcfr", 1.0, max_iterations=3000)
    return solver, summarise(solver)


@pytest.fixture
def page(chromium, tmp_path, solved):
    with opened_twin(chromium, river_explorer(solved[1]), tmp_path) as page:
        yield page


def choose(page, label: str, value: str) -> None:
    """Pick ``value`` (an option's value) in the twin's menu called ``label``."""
    page.get_by_label(label).select_option(value)


def expected_cells(summary, node) -> list[dict]:
    """What the twin must show in each cell, from the summary: colour, bar height, segments."""
    cells = []
    for cell, name in enumerate(CLASSES):
        r, c = divmod(cell, 13)
        shown = summary.in_range[node.player - 1, r, c] and node.reach[r, c] > 0
        segments = [
            [action, int(t), f"{t / 10:g}%", fill]
            for action, t, fill in zip(
                node.actions, node.mix[:, r, c], mix_colours(node.actions), strict=True
            )
            if shown and t > 0
        ]
        cells.append(
            {
                "name": name,
                "colour": MIX_CELL if shown else EMPTY_CELL,
                "height": f"{node.reach[r, c] / 10:g}%" if shown else None,
                "segments": segments,
            }
        )
    return cells


def test_every_node_is_the_library_s(page, solved) -> None:
    _, summary = solved
    app = river_explorer(summary)
    for k, node in enumerate(summary.nodes):
        choose(page, "node", str(k))
        app.controls["node"].value = k
        shown = state(page)
        assert (shown["node"], shown["title"]) == (node_label(node), situation(node))
        assert shown["cells"] == expected_cells(summary, node), node.name
        assert shown["legend"] == [
            list(pair) for pair in zip(node.actions, mix_colours(node.actions), strict=True)
        ]
        assert shown["status_html"] == app.status.value


@pytest.mark.parametrize("hand", ["AA", "AKs", "72o", "T9s", "KQo", "44"])
def test_the_status_line_is_the_app_s_for_each_hand(page, solved, hand) -> None:
    _, summary = solved
    choose(page, "hand", hand)
    for k in range(len(summary.nodes)):
        choose(page, "node", str(k))
        shown = state(page)
        assert shown["status_html"] == status_html(summary, k, hand)
        assert shown["chosen"] == hand
    if hand == "72o":  # in player 1's range, not in player 2's
        choose(page, "node", "1")
        assert "72o is not in player 2 (IP)'s range." in state(page)["status_html"]


@pytest.mark.parametrize("path", ["check / bet 75%", "bet 150%", "bet 33% / raise 100%"])
def test_the_twin_s_numbers_are_the_solver_s_class_means(page, solved, path) -> None:
    """The twin's segments for a node, against the solver's own strategy: the acting player's
    reach is the range weight times its probabilities along the path (``strategy_at``), and the
    class means are :func:`grid_means` of the combos' probabilities, weighted by that reach; the
    twin shows them rounded to tenths of a percent."""
    solver, summary = solved
    k = [n.name for n in summary.nodes].index(path)
    choose(page, "node", str(k))
    cells = state(page)["cells"]
    tree = solver.tree
    player = int(tree.player[tree.node_index(path)])
    steps = path.split(" / ")
    reach = np.array(GAME.weights[player])
    for depth, action in enumerate(steps):
        at = " / ".join(steps[:depth]) or "root"
        if tree.player[tree.node_index(at)] == player:
            actions, table = solver.strategy_at(at)
            reach = reach * table[actions.index(action)]
    _, class_weight = grid_means(GAME.combos[player], GAME.weights[player], GAME.weights[player])
    actions, table = solver.strategy_at(path)
    checked = 0
    for action, row in zip(actions, table, strict=True):
        means, class_reach = grid_means(GAME.combos[player], row, reach)
        for cell, shown in enumerate(cells):
            r, c = divmod(cell, 13)
            if shown["height"] is None:  # outside the range, or under 0.05% of the class here
                assert class_weight[r, c] == 0 or class_reach[r, c] / class_weight[r, c] < 0.0005
                continue
            height = float(shown["height"].removesuffix("%")) / 100
            assert abs(height - class_reach[r, c] / class_weight[r, c]) <= 0.0005 + 1e-12
            tenths = {a: t for a, t, _, _ in shown["segments"]}.get(action, 0)
            assert abs(tenths / 1000 - means[r, c]) <= 0.0005 + 1e-12, (shown["name"], action)
            checked += 1
    assert checked > 169  # most classes reach the node with some action shown


def test_the_twin_starts_where_the_app_does(chromium, tmp_path, solved) -> None:
    _, summary = solved
    app = river_explorer(summary, node="check / bet 75%", hand="AKo")
    with opened_twin(chromium, app, tmp_path) as page:
        shown = state(page)
        assert (shown["node"], shown["hand"]) == ("check, bet 75%: player 1 (OOP)", "AKo")
        assert shown["status_html"] == app.status.value
        chosen = page.locator(".twin-river-chosen")
        assert chosen.count() == 1 and chosen.get_attribute("data-class") == "AKo"


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_screenshots(chromium, tmp_path, solved, dark) -> None:
    app = river_explorer(solved[1], node="check / bet 75%", hand="AKo")
    with opened_twin(chromium, app, tmp_path, dark=dark) as page:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"twin-river-{'dark' if dark else 'light'}.png"
        page.locator(".book-twin").screenshot(path=path)
        assert path.stat().st_size > 10_000
