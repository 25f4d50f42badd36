"""Solving a river: the public-tree engine with the river's units, and :func:`solve_river`.

The river describes itself through the :class:`~lessons_lib.games.ranges.RangeGame`
protocol: its public tree (:class:`~lessons_lib.holdem.river.RiverTree`), the range weights
``w_i`` at the root, and the terminal values

    v_i(z, h) = u_i(z) sum_{h' compatible with h} pi_o(z, h') / Z               (a fold)
    v_i(z, h) = stake_z (win(h) - lose(h)) / Z                                   (a showdown)

from :class:`~lessons_lib.holdem.showdown.CardRemoval`, for all terminals at once. The engine is
the book's public-tree engine (:class:`~lessons_lib.cfr.public_tree.PublicTreeEngine`);
:class:`RiverSolver` adds the river's units. The values leave out i's own weight ``w_i(h)`` (it
scales all of one hand's regrets alike and so changes no strategy); :meth:`RiverSolver.hand_values`
turns them into each hand's expected chips.

**Exploitability in percent of the pot.** In the zero-sum payoffs of
:mod:`lessons_lib.holdem.river`,

    exploitability = (BR_1(sigma_2) + BR_2(sigma_1)) / 2          chips per hand,
    in percent of the pot: 100 * exploitability / pot.

In a solver's pot-share convention (each value plus ``pot / 2``, the two summing to the pot) the
same number is ``(BR_1 + BR_2 - pot) / 2``: the average of what the two best responders gain over
an even split, which is how solver users read "0.3% of the pot".

**Node locking.** ``solve_river(game, ..., locked={node: table})`` fixes the strategy of the
player to act at each given node (``table``: one row per action, one column per combo of that
player, as :meth:`~lessons_lib.cfr.public_tree.PublicTreeEngine.strategy_at` returns it) and
solves the rest, as PioSolver's node locking does. The answer is an equilibrium of the *restricted
game* in which the locked player must play those tables: the other player exploits the locked
play, and the locked player makes the best of it elsewhere. Its exploitability, and the target,
are measured in that game (:mod:`lessons_lib.cfr.public_tree`, *Node locking*).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from lessons_lib.cfr.public_tree import PublicTreeEngine
from lessons_lib.cfr.solver import solve
from lessons_lib.core.training import MAX_ITERATIONS, TrainingRun
from lessons_lib.core.variants import VARIANTS, Variant, variant_named
from lessons_lib.games.ranges import check_player
from lessons_lib.holdem.cards import class_combos, class_name, parse_cards
from lessons_lib.holdem.river import RiverGame
from lessons_lib.validation import (
    check_choice,
    check_integer,
    check_number,
    check_option_names,
    describe,
)

#: The options :func:`solve_river` and :func:`exploitability_curve` pass to the algorithm.
SOLVER_OPTIONS = ("updates", "averaging", "alpha", "beta", "gamma")

#: Strategy tables for both players, or None for the average strategies.
Strategies = Mapping[int, np.ndarray] | None


class RiverSolver(PublicTreeEngine):
    """The public-tree engine on a :class:`RiverGame`, with the river's units: exploitability in
    percent of the pot, values per hand. :func:`solve_river` makes one and trains it; made
    directly, ``variant`` is a :class:`~lessons_lib.core.variants.Variant` or an algorithm's name
    (``"cfr+"`` by default, ``"dcfr"`` with ``alpha``, ``beta``, ``gamma``), and it evaluates
    strategy tables of the river or runs bare iterations (``run``).

    ``interrupted`` and ``reached_target`` say how the last :func:`solve_river` of it ended;
    ``locked`` fixes strategies at chosen nodes (module docstring, *Node locking*).
    """

    name = "river"

    def __init__(
        self,
        game: RiverGame,
        variant: Variant | str = "cfr+",
        updates: str | None = None,
        averaging: str = "own reach",
        locked: Mapping[object, object] | None = None,
        **parameters: float,
    ) -> None:
        if not isinstance(game, RiverGame):
            raise ValueError(f"game must be a RiverGame, got {describe(game)}")
        if isinstance(variant, str):
            check_choice(variant, tuple(VARIANTS), "variant (an algorithm's name)")
            variant = variant_named(variant, **parameters)
        elif not isinstance(variant, Variant):
            raise ValueError(
                f"variant must be a Variant or an algorithm's name such as 'dcfr', got "
                f"{describe(variant)}"
            )
        elif parameters:
            raise ValueError(f"parameters {sorted(parameters)} go with an algorithm's name only")
        updates = variant.default_updates if updates is None else updates
        super().__init__(game, variant, updates, averaging, locked)
        self.interrupted = False
        self.reached_target: bool | None = None

    def exploitability_percent(self, strategies: Mapping[int, np.ndarray] | None = None) -> float:
        """The exploitability in percent of the pot: ``100 * exploitability / pot``."""
        return 100.0 * self.exploitability(strategies) / self.game.pot

    def hand_values(
        self, player: int, strategies: Mapping[int, np.ndarray] | None = None
    ) -> np.ndarray:
        """Each combo's expected payoff for ``player`` at the root, *given* that it is dealt:
        ``v_i(root, h) Z / sum_{h' compatible} w_o(h')`` (default strategies: the averages); 0 for a
        combo that no opponent combo can meet. In zero-sum chips (what the hand wins beyond an
        even split of the pot): its expected share of the pot is this plus ``pot / 2``."""
        player = check_player(player)
        values = self.root_values(player, strategies)
        mass = self.game.removal[player].mass(self.game.weights[3 - player])[0]
        per_hand = np.zeros_like(values)  # 0 for a combo that every opponent combo blocks
        np.divide(values * self.game.normaliser, mass, out=per_hand, where=mass > 0)
        return per_hand

    # Reading a solution as a solver user does: by node, by combo, by class, by action.

    def node_named(self, node: str | Sequence[str]) -> int:
        """The number of a public node given by its name (``"check / bet 75%"``) or by its action
        path (``["check", "bet 75%"]``; ``"root"`` or ``[]`` for the first decision)."""
        if isinstance(node, Sequence) and not isinstance(node, str):
            if not all(isinstance(a, str) for a in node):
                raise ValueError(f"node: an action path is a list of names, got {describe(node)}")
            node = " / ".join(node) if node else "root"
        return self.tree.node_index(node)

    def reach_at(self, node: str | Sequence[str], strategies: Strategies = None) -> np.ndarray:
        """``w_i(h) pi_i(k, h)`` for each hand h of the player i acting at ``node`` (k): the
        range it brings there, its weights times its own probability of the path (default
        strategies: the averages)."""
        k, player = self._decision(node)
        plan = self.plan_of(player, self._strategies_or_averages(strategies)[player])
        return plan[self.rows[player].last_row[k]]

    def action_values_at(
        self, node: str | Sequence[str], strategies: Strategies = None
    ) -> tuple[list[str], np.ndarray]:
        """The actions at ``node`` and, per action a and hand h of the player i to act there,
        the hand's expected payoff if it reaches the node and takes a, both then following
        ``strategies`` (default: the averages):

            EV_i(k.a, h) = v_i(k.a, h) Z / sum_{h' compatible with h} w_o(h') pi_o(k, h')

        in zero-sum chips, as :meth:`hand_values` (a pot share is this plus ``pot / 2``), for
        the whole river, chips put in before ``node`` included. 0 where the opponent cannot be
        at the node. At an equilibrium every action a hand mixes is worth the same to it, and
        no action is worth more (the indifference principle)."""
        k, player = self._decision(node)
        strategies = self._strategies_or_averages(strategies)
        opponent = self.plan_of(3 - player, strategies[3 - player])
        values = self.action_values(player, opponent, strategies[player])
        rows = np.flatnonzero(self.tree.parent[self.rows[player].child] == k)
        reach = opponent[self.rows[3 - player].last_row[k]]
        mass = self.game.removal[player].mass(reach[None, :])[0]
        per_hand = np.zeros((rows.size, mass.size))
        np.divide(values[rows] * self.game.normaliser, mass, out=per_hand, where=mass > 0)
        actions = [self.tree.action_name(int(c)) for c in self.rows[player].child[rows]]
        return actions, per_hand

    def strategy_of(
        self, hand: str, node: str | Sequence[str] = "root", strategies: Strategies = None
    ) -> dict[str, float]:
        """How often ``hand`` takes each action at ``node`` (default strategies: the averages).
        ``hand`` is a combo (``"AhKh"``, either card first) or a grid class (``"AKo"``, ``"QQ"``,
        ``"AK"`` for both), whose frequencies are its combos' averaged by their reach at the
        node (:meth:`reach_at`)."""
        k, player = self._decision(node)
        table = self._strategies_or_averages(strategies)[player]
        actions, frequencies = self.strategy_at(self.tree.node_name(k), table)
        chosen = self._hands_named(hand, player)
        reach = self.reach_at(self.tree.node_name(k), strategies)[chosen]
        total = float(np.add.reduce(reach))
        if total <= 0.0:
            raise ValueError(f"hand {hand!r} never reaches node {self.tree.node_name(k)!r}")
        mix = np.add.reduce(frequencies[:, chosen] * reach, axis=1) / total
        return dict(zip(actions, mix.tolist(), strict=True))

    def _decision(self, node: str | Sequence[str]) -> tuple[int, int]:
        """A decision node's number and the player to act there."""
        k = self.node_named(node)
        player = int(self.tree.player[k])
        if player == 0:
            raise ValueError(f"node {self.tree.node_name(k)!r} is not a decision node")
        return k, player

    def _hands_named(self, hand: object, player: int) -> np.ndarray:
        """The positions, in ``player``'s combos, of the combo or class called ``hand``."""
        combos = self.game.combos[player]
        if not isinstance(hand, str) or len(hand) not in (2, 3, 4):
            raise ValueError(
                f"hand must be a combo such as 'AhKh' or a class such as 'AKo', got "
                f"{describe(hand)}"
            )
        if len(hand) == 4:
            cards = sorted(parse_cards([hand[:2], hand[2:]], "hand"), reverse=True)
            found = np.flatnonzero((combos[:, 0] == cards[0]) & (combos[:, 1] == cards[1]))
        else:
            class_combos(hand if hand[0] == hand[1] or len(hand) == 3 else hand + "s")  # checks
            names = [class_name(c) for c in combos]
            wanted = hand[:2].upper() + hand[2:].lower()
            found = np.flatnonzero([n == wanted or n[:2] == wanted for n in names])
        if not found.size:
            raise ValueError(f"hand {hand!r} is not in player {player}'s range on this river")
        return found


def solve_river(
    game: RiverGame,
    algorithm: str = "cfr+",
    target_percent: float = 0.3,
    max_iterations: int = 1000,
    check_every: int = 10,
    progress: object = None,
    locked: Mapping[object, object] | None = None,
    **parameters,
) -> tuple[RiverSolver, list[tuple[int, float]]]:
    """Iterate until the average strategy's exploitability is at most ``target_percent`` of the
    pot (checked every ``check_every`` iterations) or ``max_iterations`` are run: a convenience
    over :func:`lessons_lib.cfr.solve` in the river's units.

    A long solve shows its progress and stops cleanly on Ctrl-C, with a checkpoint where it
    stopped (``progress`` as in :mod:`lessons_lib.progress`); a solve that runs out of iterations
    above its target warns (:class:`~lessons_lib.core.training.TargetNotReached`) and says so in
    the solver's ``reached_target``. ``locked`` fixes strategies at chosen nodes and solves the
    restricted game (module docstring, *Node locking*).

    Returns the solver and the checkpoints ``(iterations, exploitability in % of the pot)``.
    """
    if not isinstance(game, RiverGame):
        raise ValueError(f"game must be a RiverGame, got {describe(game)}")
    check_option_names(parameters, SOLVER_OPTIONS, "solve_river")
    target = check_number(target_percent, "target_percent", minimum=0.0, open_minimum=True)
    limit = check_integer(max_iterations, "max_iterations", minimum=1, maximum=MAX_ITERATIONS)
    every = check_integer(check_every, "check_every", minimum=1, maximum=MAX_ITERATIONS)
    check_choice(algorithm, tuple(VARIANTS), "algorithm")
    solver = RiverSolver(game, algorithm, locked=locked, **parameters)
    run = TrainingRun(solver, algorithm).train(
        limit, checkpoint_every=every, stop_below=target * game.pot / 100.0, progress=progress
    )
    return _solved(run)


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
    if not isinstance(game, RiverGame):
        raise ValueError(f"game must be a RiverGame, got {describe(game)}")
    check_option_names(parameters, SOLVER_OPTIONS, "exploitability_curve")
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
    run = solve(
        game,
        algorithm,
        marks[-1],
        engine=RiverSolver,
        checkpoints=marks,
        progress=progress,
        **parameters,
    )
    return _solved(run)


def _solved(run: object) -> tuple[RiverSolver, list[tuple[int, float]]]:
    """The run's solver, told how the run ended, and its checkpoints in percent of the pot."""
    solver = run.engine
    solver.interrupted, solver.reached_target = run.interrupted, run.reached_target
    pot = solver.game.pot
    return solver, [(c.iteration, 100.0 * c.average_exploitability / pot) for c in run.history]
