"""The river explorer's summaries are the solver's strategy by class, and bad input is refused."""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.cfr import variant_named
from lessons_lib.holdem.cards import class_combos
from lessons_lib.holdem.solver import RiverSolver
from lessons_lib.widgets.river import (
    SIZE_MENU,
    VIEWS,
    menu_game,
    river_explorer,
    solve_menu,
    summarise,
)

BOARD = "KsQd7h4c2s"
RANGES = ("QQ+,AK,A5s-A2s,KQ,T8s,65s", "JJ-88,AQ,KJ,QTs,T9s")


@pytest.fixture(scope="module")
def summaries():
    return solve_menu(BOARD, RANGES, pot=10.0, stack=40.0, target_percent=1.0)


def test_each_menu_entry_is_a_one_size_river():
    for label, sizes in SIZE_MENU.items():
        game = menu_game(BOARD, RANGES, 10.0, 40.0, label)
        actions = RiverSolver(game).strategy_at("root")[0]
        assert len(actions) == 2 and actions[0] == "check"
        assert actions[1] == (f"bet {label}" if sizes else "all-in")


def test_a_class_s_frequency_is_its_combos_weighted_mean(summaries):
    game = menu_game(BOARD, RANGES, 10.0, 40.0, "75%")
    solver = RiverSolver(game, variant_named("dcfr"))
    solver.run(30)
    summary = summarise("75%", solver)
    actions, table = solver.strategy_at("root")
    names = game.hand_names(1)
    # AKo (row 1, column 0): the 12 offsuit combos minus those the board's Ks blocks, all weight 1.
    members = {tuple(c) for c in class_combos("AKo").tolist()}
    rows = [k for k, combo in enumerate(game.combos[1].tolist()) if tuple(combo) in members]
    assert len(rows) == 9 and all(names[k][0] == "A" and names[k][2] == "K" for k in rows)
    for action, row in zip(actions, table, strict=True):
        assert summary.root[action][1, 0] == pytest.approx(float(np.mean(row[rows])), abs=1e-15)
    for i, grids in ((1, summary.root), (2, summary.facing)):
        total = sum(grids.values())
        assert np.allclose(total[summary.present[i]], 1.0)
        assert np.all(total[~summary.present[i]] == 0.0)


def test_bad_input_is_refused(summaries):
    with pytest.raises(ValueError, match="label"):
        river_explorer(summaries, label="60%")
    with pytest.raises(ValueError, match="hand"):
        river_explorer(summaries, hand="AKx")
    with pytest.raises(ValueError, match="summaries"):
        river_explorer({})
    with pytest.raises(ValueError, match="solver"):
        summarise("75%", "solver")
    with pytest.raises(ValueError, match="label"):
        menu_game(BOARD, RANGES, 10.0, 40.0, "2x")


def test_the_app_follows_its_controls(summaries):
    app = river_explorer(summaries)
    app.controls["hand"].value = "88"
    assert "Player 1 (first to act): 88 is not in the range." in app.status.value
    app.controls["view"].value = VIEWS[1]
    app.controls["size"].value = "all-in only"
    assert "facing all-in" in app.status.value and app.images[0].value
