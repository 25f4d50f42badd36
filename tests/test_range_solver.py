"""The range engine (:mod:`lessons_lib.cfr.range_solver`) on Kuhn poker, against the library's
public-tree engine (:mod:`lessons_lib.cfr.public_tree`) and exact exploitability."""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.cfr import solve
from lessons_lib.cfr.range_solver import PublicTreeRanges, RangeGame, RangeSolver
from lessons_lib.exploitability import exploitability
from lessons_lib.games import KuhnPoker, LeducPoker


@pytest.mark.parametrize("game", [KuhnPoker(), KuhnPoker(n_cards=4)], ids=repr)
@pytest.mark.parametrize("algorithm", ["cfr", "cfr+", "dcfr"])
def test_the_range_engine_runs_the_public_tree_engine_s_iterations(game, algorithm) -> None:
    ranges = PublicTreeRanges(game)
    assert isinstance(ranges, RangeGame)
    solver = RangeSolver(ranges, algorithm).run(50)
    mine = ranges.policy(solver)
    theirs = solve(game, algorithm, 50, engine="public").average_policy()
    assert mine.keys() == theirs.keys()
    assert max(np.abs(mine[key] - theirs[key]).max() for key in mine) < 1e-9
    assert abs(solver.exploitability() - exploitability(game, mine)) < 1e-12


def test_a_public_tree_with_a_chance_node_is_refused() -> None:
    with pytest.raises(ValueError, match="chance node"):
        PublicTreeRanges(LeducPoker())


def test_a_game_without_the_protocol_is_refused() -> None:
    with pytest.raises(ValueError, match="public tree and ranges"):
        RangeSolver(KuhnPoker())
