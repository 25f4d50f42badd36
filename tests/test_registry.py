"""An algorithm is one class and one registry line: a new engine, registered, runs through solve.

The engine here is CFR computed another way: each iteration takes the counterfactual regrets and
own reaches of the current profile from Chapter 3's :func:`~lessons_lib.counterfactual.
counterfactual_values` (one pass over the tree's arrays), instead of walking the tree. Registered
under a name, it gets solve's option checks, checkpoints and resuming from the core, and its runs
are the readable engine's runs, to rounding: a second method for the reference engine, too.
"""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.cfr import ALGORITHMS, solve
from lessons_lib.core.engine import Requirements, TabularEngine
from lessons_lib.core.tables import tables_by_key
from lessons_lib.core.variants import VanillaCFR
from lessons_lib.counterfactual import counterfactual_values
from lessons_lib.games import KuhnPoker, LeducPoker, RakedKuhnPoker
from lessons_lib.games.base import Game
from lessons_lib.games.multiplayer_kuhn import MultiplayerKuhnPoker


class CounterfactualValuesCFR(TabularEngine):
    """CFR whose regrets and own reaches come from :func:`counterfactual_values`."""

    name = "counterfactual-values"
    requires = Requirements()
    options = ("updates",)

    def __init__(self, game: Game, updates: str = "simultaneous") -> None:
        super().__init__(game, VanillaCFR(), updates)
        self.tables, self.layout = tables_by_key(game)

    def accumulate(self, group: tuple[int, ...], weight: float) -> None:
        values = counterfactual_values(self.game, self.current_policy())
        for place in self.layout:
            if place.player in group:
                table, rows = self.tables[place.player], place.rows
                table.regret[rows] += values.regrets[place.key]
                played = values.own_reach[place.key] * table.strategy[rows]
                table.strategy_sum[rows] += weight * played


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(ALGORITHMS, "cfr-by-values", CounterfactualValuesCFR)  # the one line
    return "cfr-by-values"


@pytest.mark.parametrize(
    "game", [KuhnPoker(), MultiplayerKuhnPoker(3), RakedKuhnPoker(0.1)], ids=repr
)
@pytest.mark.parametrize("updates", ["simultaneous", "alternating"])
def test_a_registered_engine_runs_through_solve_and_is_cfr(registered, game, updates) -> None:
    iterations = 20 if game.num_players == 2 else 5
    run = solve(game, registered, iterations, updates=updates, checkpoints=[iterations])
    reference = solve(game, "cfr", iterations, engine="readable", updates=updates, checkpoints=[])
    assert run.algorithm == registered and run.iterations == iterations
    regrets, reference_regrets = run.state().cumulative_regret, reference.state().cumulative_regret
    for key in game.info_sets():
        assert np.allclose(run.average_policy()[key], reference.average_policy()[key], atol=1e-12)
        assert np.allclose(regrets[key], reference_regrets[key], atol=1e-12)
    assert run.history[-1].average_exploitability == pytest.approx(
        reference.history[-1].average_exploitability, abs=1e-12
    )


def test_the_core_gives_a_registered_engine_its_option_checks_and_resuming(registered) -> None:
    with pytest.raises(ValueError, match="unknown option 'seed' of solve with 'cfr-by-values'"):
        solve(KuhnPoker(), registered, 1, seed=3)
    with pytest.raises(ValueError, match="updates"):
        solve(KuhnPoker(), registered, 1, updates="sideways")
    once = solve(LeducPoker(), registered, 4, checkpoints=[4])
    twice = solve(LeducPoker(), registered, 2, checkpoints=[2]).train(2, checkpoints=[4])
    for key in LeducPoker().info_sets():
        assert np.array_equal(once.average_policy()[key], twice.average_policy()[key])


def test_an_unregistered_name_is_refused_with_the_registered_ones() -> None:
    with pytest.raises(ValueError, match="unknown algorithm 'cfr-by-values'.*'mccfr-external'"):
        solve(KuhnPoker(), "cfr-by-values", 1)
