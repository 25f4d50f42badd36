"""Solving an augmented game: by the sequence-form LP, or by the book's CFR engines.

An augmented game (:mod:`lessons_lib.subgames.augmented`) is an ordinary two-player zero-sum
:class:`~lessons_lib.games.base.Game`, so both of the book's ways of solving one apply:

- ``solver="lp"``: the sequence-form linear program of Chapter 7 (:mod:`lessons_lib.lp`; Koller,
  Megiddo and von Stengel 1994), exact to HiGHS's tolerances (about 1e-9). A player's LP gives
  that player's *maximin* plan, the one that guarantees the value against every strategy of the
  opponent, which is what a gadget's safety argument needs; only the players asked for are solved.
- ``solver`` the name of a CFR algorithm (``"cfr"``, ``"cfr+"``, ``"lcfr"``, ``"dcfr"``): the
  average policy after ``iterations`` iterations of :func:`lessons_lib.cfr.solver.solve` (the
  sequence-form engine, since an augmented game has no public tree), an approximate equilibrium
  whose guarantee is only as good as its exploitability in the augmented game.

The value returned is player 1's: the LP's optimum, or the CFR average profile's expected value.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from lessons_lib.cfr.solver import solve
from lessons_lib.exploitability import expected_value
from lessons_lib.lp import behaviour_policy, optimal_plan, sequence_form
from lessons_lib.policy import Policy
from lessons_lib.subgames.augmented import AugmentedGame
from lessons_lib.validation import check_choice, check_instance, check_iterations, list_of

#: The solvers of an augmented game: the LP, or a CFR algorithm of :func:`~lessons_lib.cfr.solve`.
SOLVERS = ("lp", "cfr", "cfr+", "lcfr", "dcfr")


@dataclass(frozen=True, eq=False)
class Solution:
    """An equilibrium of ``game`` (exact by the LP, approximate by CFR): ``policy`` on the
    information sets of ``players`` and ``value``, player 1's value of the game."""

    game: AugmentedGame
    policy: Policy
    value: float
    players: tuple[int, ...]


def solve_augmented(
    game: AugmentedGame,
    solver: str = "lp",
    iterations: int = 1000,
    players: Iterable[int] = (1, 2),
) -> Solution:
    """Solve ``game`` with ``solver`` (see the module docstring) and return the policy of
    ``players`` (both by default) with player 1's value. ``iterations`` is used by a CFR solver
    only."""
    check_instance(game, AugmentedGame, "game", "an AugmentedGame")
    check_choice(solver, SOLVERS, "solver")
    chosen = tuple(
        check_choice(p, (1, 2), "player in players") for p in list_of(players, "players")
    )
    if not chosen or len(set(chosen)) != len(chosen):
        raise ValueError(f"players must name player 1, player 2 or both once, got {chosen!r}")
    if solver == "lp":
        form = sequence_form(game)
        policy: Policy = {}
        value = 0.0
        for player in chosen:
            plan, value = optimal_plan(form, player)
            policy.update(behaviour_policy(form, plan, player))
        return Solution(game, policy, value, chosen)
    iterations = check_iterations(iterations)
    run = solve(
        game, solver, iterations, engine="sequence-form", checkpoints=[iterations], progress=False
    )
    average = run.average_policy()
    policy = {key: p for key, p in average.items() if game.player(key) in chosen}
    return Solution(game, policy, expected_value(game, average), chosen)
