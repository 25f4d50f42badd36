"""The range engine (:mod:`lessons_lib.cfr.range_solver`) on the games of the book, through the
``Game`` interface (:meth:`~lessons_lib.games.base.Game.range_game`), against the library's other
engines and its exact, history-by-history exploitability (:mod:`lessons_lib.exploitability`)."""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.cfr import solve
from lessons_lib.cfr.range_solver import PublicTreeRanges, RangeGame, RangeSolver
from lessons_lib.exploitability import exploitability
from lessons_lib.games import KuhnPoker, LeducPoker

GAMES = [KuhnPoker(), KuhnPoker(n_cards=4), LeducPoker()]


@pytest.mark.parametrize("game", GAMES, ids=repr)
@pytest.mark.parametrize("algorithm", ["cfr", "cfr+", "dcfr"])
def test_the_range_engine_runs_the_public_tree_engine_s_iterations(game, algorithm) -> None:
    # Leduc poker's board card is a chance node inside the public tree: the engine passes the
    # ranges down it, and the game's terminal values carry each board's probability.
    ranges = game.range_game()
    assert isinstance(ranges, PublicTreeRanges) and isinstance(ranges, RangeGame)
    solver = RangeSolver(game, algorithm).run(30)
    mine = solver.policy()
    theirs = solve(game, algorithm, 30, engine="public", checkpoints=[]).average_policy()
    assert list(mine) == list(theirs) == list(game.info_sets())
    assert max(np.abs(mine[key] - theirs[key]).max() for key in mine) < 1e-9
    assert abs(solver.exploitability() - exploitability(game, mine)) < 1e-12


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_the_range_engine_s_current_strategy_is_the_other_engines(game) -> None:
    solver = RangeSolver(game, "cfr", updates="simultaneous").run(10)
    current = solver.policy({i: solver.current_strategy(i) for i in (1, 2)})
    theirs = solve(game, "cfr", 10, engine="readable", checkpoints=[]).current_policy()
    assert max(np.abs(current[key] - theirs[key]).max() for key in theirs) < 1e-12


def test_something_that_is_not_a_game_is_refused() -> None:
    with pytest.raises(ValueError, match="must be a Game or describe its public tree"):
        RangeSolver({"tree": None})


@pytest.mark.parametrize("game", [KuhnPoker(), LeducPoker()], ids=repr)
def test_solve_runs_the_range_engine_and_measures_it_exactly(game) -> None:
    ranges = solve(game, "dcfr", 20, engine="ranges", checkpoints=[5, 20])
    public = solve(game, "dcfr", 20, engine="public", checkpoints=[5, 20])
    for mine, theirs in zip(ranges.history, public.history, strict=True):
        assert mine.iteration == theirs.iteration
        assert abs(mine.average_exploitability - theirs.average_exploitability) < 1e-12
        assert abs(mine.current_exploitability - theirs.current_exploitability) < 1e-12
        assert abs(mine.average_value - theirs.average_value) < 1e-12
    assert ranges.average_policy().keys() == public.average_policy().keys()
    mine, theirs = ranges.average_policy(), public.average_policy()
    assert max(np.abs(mine[k] - theirs[k]).max() for k in mine) < 1e-9
    # Resuming continues the same run: 20 + 10 equals 30 at once.
    ranges.train(10, checkpoints=[])
    once = solve(game, "dcfr", 30, engine="ranges", checkpoints=[]).average_policy()
    assert all(np.array_equal(ranges.average_policy()[k], once[k]) for k in once)


def test_solve_starts_the_range_engine_from_the_regrets_it_is_given() -> None:
    game = KuhnPoker()
    start = {"J:": [0.0, 3.0], "K:b": [1.0, 0.0]}
    mine = solve(game, "cfr", 7, engine="ranges", initial_regret=start, checkpoints=[])
    theirs = solve(game, "cfr", 7, engine="readable", initial_regret=start, checkpoints=[])
    a, b = mine.current_policy(), theirs.current_policy()
    assert max(np.abs(a[k] - b[k]).max() for k in b) < 1e-12
