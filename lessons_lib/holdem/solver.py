"""Solving a river: :class:`RiverSolver`, the range engine of :mod:`lessons_lib.cfr.range_solver`
on a :class:`~lessons_lib.holdem.river.RiverGame`, and :func:`solve_river`.

The river describes itself through the :class:`~lessons_lib.games.ranges.RangeGame`
protocol: its public tree (:class:`~lessons_lib.holdem.river.RiverTree`), the range weights
``w_i`` at the root, and the terminal values

    v_i(z, h) = u_i(z) sum_{h' compatible with h} pi_o(z, h') / Z               (a fold)
    v_i(z, h) = stake_z (win(h) - lose(h)) / Z                                   (a showdown)

from :class:`~lessons_lib.holdem.showdown.CardRemoval`, for all terminals at once. The values
leave out i's own weight ``w_i(h)`` (it scales all of one hand's regrets alike and so changes no
strategy); :meth:`RiverSolver.hand_values` turns them into each hand's expected chips.

**Exploitability in percent of the pot.** In the zero-sum payoffs of
:mod:`lessons_lib.holdem.river`,

    exploitability = (BR_1(sigma_2) + BR_2(sigma_1)) / 2          chips per hand,
    in percent of the pot: 100 * exploitability / pot.

In a solver's pot-share convention (each value plus ``pot / 2``, the two summing to the pot) the
same number is ``(BR_1 + BR_2 - pot) / 2``: the average of what the two best responders gain over
an even split, which is how solver users read "0.3% of the pot".
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lessons_lib.cfr.range_solver import RangeSolver, check_player, note_interruption
from lessons_lib.cfr.training import MAX_ITERATIONS
from lessons_lib.holdem.river import RiverGame
from lessons_lib.progress import Monitor, progress_option
from lessons_lib.validation import check_integer, check_number, describe


class RiverSolver(RangeSolver):
    """:class:`~lessons_lib.cfr.range_solver.RangeSolver` on a :class:`RiverGame`, with the
    river's units: exploitability in percent of the pot, values per hand.

    ``algorithm`` is ``"cfr"``, ``"cfr+"``, ``"lcfr"`` or ``"dcfr"`` (with ``alpha``, ``beta``,
    ``gamma`` for DCFR), as in :func:`lessons_lib.cfr.solve`; ``updates`` defaults to the
    algorithm's own scheme.
    """

    def __init__(
        self, game: RiverGame, algorithm: str = "cfr+", updates: str | None = None, **parameters
    ) -> None:
        if not isinstance(game, RiverGame):
            raise ValueError(f"game must be a RiverGame, got {describe(game)}")
        super().__init__(game, algorithm, updates, **parameters)

    def exploitability_percent(self, strategies: dict[int, np.ndarray] | None = None) -> float:
        """The exploitability in percent of the pot: ``100 * exploitability / pot``."""
        return 100.0 * self.exploitability(strategies) / self.game.pot

    def hand_values(
        self, player: int, strategies: dict[int, np.ndarray] | None = None
    ) -> np.ndarray:
        """Each combo's expected chips for ``player`` at the root, *given* that it is dealt:
        ``v_i(root, h) Z / sum_{h' compatible} w_o(h')`` (default strategies: the averages); 0 for a
        combo that no opponent combo can meet."""
        player = check_player(player)
        if strategies is not None:
            strategies = self.checked_strategies(strategies)
        if strategies is None:
            strategies = {i: self.average_strategy(i) for i in (1, 2)}
        prob = {i: self.node_probabilities(i, strategies[i]) for i in (1, 2)}
        reach = self.reach(3 - player, prob[3 - player])
        values = self._sweep(player, prob[player], reach, best=False)[0]
        mass = self.game.removal[player].mass(self.game.weights[3 - player])[0]
        per_hand = np.zeros_like(values)  # 0 for a combo that every opponent combo blocks
        np.divide(values * self.game.normaliser, mass, out=per_hand, where=mass > 0)
        return per_hand


def solve_river(
    game: RiverGame,
    algorithm: str = "cfr+",
    target_percent: float = 0.3,
    max_iterations: int = 1000,
    check_every: int = 10,
    progress: object = None,
    **parameters,
) -> tuple[RiverSolver, list[tuple[int, float]]]:
    """Iterate until the average strategy's exploitability is at most ``target_percent`` of the
    pot (checked every ``check_every`` iterations) or ``max_iterations`` are run.

    A long solve shows its progress and stops cleanly on Ctrl-C, with a checkpoint where it
    stopped (``progress`` as in :mod:`lessons_lib.progress`).

    Returns the solver and the checkpoints ``(iterations, exploitability in % of the pot)``.
    """
    target = check_number(target_percent, "target_percent", minimum=0.0, open_minimum=True)
    limit = check_integer(max_iterations, "max_iterations", minimum=1, maximum=MAX_ITERATIONS)
    every = check_integer(check_every, "check_every", minimum=1, maximum=MAX_ITERATIONS)
    solver = RiverSolver(game, algorithm, **parameters)
    history = []
    with Monitor(f"{solver.variant.name} on a river", limit, progress_option(progress)) as monitor:
        while solver.iteration < limit and not monitor.interrupted:
            monitor.advance(solver.iterate, min(every, limit - solver.iteration))
            history.append((solver.iteration, solver.exploitability_percent()))
            if history[-1][1] <= target:
                break
    note_interruption(solver, monitor, stacklevel=2)
    return solver, history


def exploitability_curve(
    game: RiverGame,
    algorithm: str,
    checkpoints: Sequence[int],
    progress: object = None,
    **parameters,
) -> tuple[RiverSolver, list[tuple[int, float]]]:
    """The exploitability of the average strategy, in percent of the pot, after each number of
    iterations in ``checkpoints`` (positive and increasing: for a log axis, space them
    geometrically). Returns the solver (at the last checkpoint) and ``(iterations, percent)``;
    Ctrl-C stops it with the checkpoints reached so far."""
    if isinstance(checkpoints, (str, bytes)) or not isinstance(checkpoints, Sequence):
        raise ValueError(
            f"checkpoints must be a list of iteration counts, got {describe(checkpoints)}"
        )
    marks = [
        check_integer(t, "a checkpoint", minimum=1, maximum=MAX_ITERATIONS) for t in checkpoints
    ]
    if not marks or any(b <= a for a, b in zip(marks, marks[1:], strict=False)):
        raise ValueError(
            f"checkpoints must be a non-empty increasing list, got {describe(checkpoints)}"
        )
    solver = RiverSolver(game, algorithm, **parameters)
    curve = []
    with Monitor(f"{solver.variant.name} on a river", marks[-1], progress_option(progress)) as m:
        for t in marks:
            m.advance(solver.iterate, t - solver.iteration)
            if m.interrupted:
                break
            curve.append((t, solver.exploitability_percent()))
    note_interruption(solver, m, stacklevel=2)
    return solver, curve
