"""CFR, CFR+, Linear and Discounted CFR on a public tree, vectorised over the private hands.

This is the vector form of CFR of :mod:`lessons_lib.cfr.public_tree` (Johanson et al. 2011,
2012; Moravčík et al. 2017), generalised: it solves any :class:`~lessons_lib.games.base.Game`
through what the game says of its public tree, :meth:`~lessons_lib.games.base.Game.range_game`
(:mod:`lessons_lib.games.ranges`): the tree, each player's initial range, and the values of the
terminal nodes against an opponent's ranges. The game computes the terminal values its own way:
a hold'em river by sorting hands (:mod:`lessons_lib.holdem.showdown`), Kuhn and Leduc poker by
their payoff matrices (:class:`~lessons_lib.games.ranges.PublicTreeRanges`), and the engine never
sees a card. A chance node inside the tree (Leduc's board) is a node where nobody acts: ranges
pass down it unchanged and values add up, chance's probabilities being in the terminal values.

At every public node k each player i has a *range* ``pi_i(k, h)``: the initial range ``w_i(h)``
times i's probabilities of the actions i took to reach k holding h. One iteration, for the
updating player i:

1. **Opponent's ranges, top-down**: ``pi_o(k.a, h') = pi_o(k, h') sigma_o(k, h', a)`` below the
   opponent's decisions, passed on elsewhere.
2. **Terminal values** ``v_i(z, h)`` from the game, for all terminals at once.
3. **Values, bottom-up**: ``v_i(k, h) = sum_a sigma_i(k, h, a) v_i(k.a, h)`` at i's decisions,
   the plain sum at the opponent's and at chance nodes.
4. **Regrets and strategy**: ``R(k, h, a) += v_i(k.a, h) - v_i(k, h)``, discounted by the
   :class:`~lessons_lib.cfr.variants.Variant`, then regret matching.

The strategy sum adds ``w_t pi_i(k.a, h)`` for both players at the start of each iteration, and
the updates are simultaneous or alternating, as in
:class:`~lessons_lib.cfr.array_engine.ArrayEngine` (the same variants, order and discounts).

**Best response and exploitability.** Against a fixed strategy of the opponent, the best
response's values are the same bottom-up sweep with the *maximum* over i's actions in place of
the sigma-weighted sum, per hand (each (node, hand) is an information set of i; perfect recall
makes the per-node maximum exact), and its expected value is
``BR_i = sum_h w_i(h) v_i(root, h)``. With zero-sum payoffs (``u_2 = -u_1``),

    exploitability = (BR_1(sigma_2) + BR_2(sigma_1)) / 2,

the definition of :mod:`lessons_lib.exploitability`, the game value cancelling.

Every sum is element-wise, ``np.add.reduceat`` or ``np.maximum.reduceat``: no BLAS.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from functools import cached_property

import numpy as np

from lessons_lib.cfr.state import CFRState
from lessons_lib.cfr.training import MAX_ITERATIONS, InterruptedRun
from lessons_lib.cfr.variants import Variant, variant_named
from lessons_lib.games.base import Game
from lessons_lib.games.ranges import (
    ActionLayout,
    PublicTreeRanges,
    RangeGame,
    RangeTree,
    action_layout,
    check_player,
    checked_table,
)
from lessons_lib.policy import Policy
from lessons_lib.progress import Monitor, progress_option
from lessons_lib.sums import Segments, sum_of_products
from lessons_lib.validation import (
    PROBABILITY_TOLERANCE,
    as_finite_array,
    check_choice,
    check_entries,
    check_instance,
    check_integer,
    describe,
)


class RangeSolver:
    """CFR-family iterations on a game's public tree, and exact evaluation of the result.

    ``game`` is a :class:`~lessons_lib.games.base.Game` (solved through its
    :meth:`~lessons_lib.games.base.Game.range_game`) or a
    :class:`~lessons_lib.games.ranges.RangeGame`. ``algorithm`` is ``"cfr"``, ``"cfr+"``,
    ``"lcfr"`` or ``"dcfr"`` (with ``alpha``, ``beta``, ``gamma`` for DCFR), as in
    :func:`lessons_lib.cfr.solve`; ``updates`` defaults to the algorithm's own scheme.
    """

    def __init__(
        self,
        game: Game | RangeGame,
        algorithm: str = "cfr+",
        updates: str | None = None,
        **parameters,
    ) -> None:
        ranges = game.range_game() if isinstance(game, Game) else game
        if not isinstance(ranges, RangeGame):
            raise ValueError(
                f"game must be a Game or describe its public tree and ranges, got {describe(game)}"
            )
        if not isinstance(algorithm, str):
            raise ValueError(f"algorithm must be a name such as 'cfr+', got {describe(algorithm)}")
        self.game = game
        self.ranges = ranges
        self.variant: Variant = variant_named(algorithm, **parameters)
        updates = self.variant.default_updates if updates is None else updates
        check_choice(updates, self.variant.allowed_updates, f"updates for {algorithm}")
        self.updates = updates
        self.iteration = 0
        #: Whether Ctrl-C stopped the last :meth:`run` before all its iterations were done.
        self.interrupted = False
        tree = ranges.public_tree
        self._tree = tree
        self._layout = {i: action_layout(ranges, i) for i in (1, 2)}
        n_nodes = len(tree.parent)
        hands = len(ranges.initial_range(1)) + len(ranges.initial_range(2))
        check_entries(8 * n_nodes * hands, "the range solver's tables")
        self._hands = {i: len(ranges.initial_range(i)) for i in (1, 2)}
        # prob[i][k, h]: i's probability of the action into node k (1 where i did not act).
        self._prob = {i: np.ones((n_nodes, self._hands[i])) for i in (1, 2)}
        self.regret = {i: np.zeros((len(self._layout[i].edges), self._hands[i])) for i in (1, 2)}
        self.strategy_sum = {i: np.zeros_like(self.regret[i]) for i in (1, 2)}
        self.sigma = {i: np.zeros_like(self.regret[i]) for i in (1, 2)}
        self._reach: dict[int, np.ndarray] = {}
        for i in (1, 2):
            self._match(i)
        # Bottom-up steps: per depth, (the children's rows, the reduceat starts, the parents).
        self._up = []
        for d in range(len(tree.levels) - 2, -1, -1):
            level = tree.levels[d]
            inner = [
                k
                for k in range(level.start, level.stop)
                if tree.children[k].stop > tree.children[k].start
            ]
            if inner:
                starts = (
                    np.array([tree.children[k].start for k in inner])
                    - tree.children[inner[0]].start
                )
                below = slice(tree.children[inner[0]].start, tree.children[inner[-1]].stop)
                self._up.append((below, starts, np.array(inner), tree.player[inner]))

    # Iterations.

    def run(self, iterations: int, progress: object = None) -> RangeSolver:
        """Run ``iterations`` more iterations; returns the solver.

        A run longer than a couple of seconds shows its progress, and Ctrl-C stops it after the
        last complete iteration, keeping them all (:attr:`interrupted` is then set, with an
        :class:`~lessons_lib.cfr.training.InterruptedRun` warning): ``progress`` as in
        :mod:`lessons_lib.progress`.
        """
        iterations = check_integer(iterations, "iterations", minimum=1, maximum=MAX_ITERATIONS)
        with Monitor(f"{self.variant.name} (ranges)", iterations, progress_option(progress)) as m:
            m.advance(self.iterate, iterations)
        note_interruption(self, m, stacklevel=2)
        return self

    def iterate(self, iterations: int) -> None:
        """Exactly ``iterations`` more iterations, without progress or Ctrl-C handling (what
        :meth:`run` and the engine of :func:`lessons_lib.cfr.solve` advance by)."""
        iterations = check_integer(iterations, "iterations", minimum=1, maximum=MAX_ITERATIONS)
        for _ in range(iterations):
            t = self.iteration + 1
            weight = self.variant.average_weight(t)
            for i in (1, 2):  # S += w_t pi_i(k.a, h), from sigma^t
                self.strategy_sum[i] += weight * self._current_reach(i)[self._layout[i].edges]
            if self.updates == "alternating":
                for i in (1, 2):
                    self._add_regrets(i)
                    self._update_strategy(i, t)
            else:
                for i in (1, 2):
                    self._add_regrets(i)
                for i in (1, 2):
                    self._update_strategy(i, t)
            for i in (1, 2):
                self.strategy_sum[i] = self.variant.discount_strategy_sum(self.strategy_sum[i], t)
            self.iteration = t

    def _add_regrets(self, i: int) -> None:
        values = self._sweep(i, self._prob[i], self._current_reach(3 - i), best=False)
        layout = self._layout[i]
        self.regret[i] += values[layout.edges] - values[layout.parents]

    def _update_strategy(self, i: int, t: int) -> None:
        self.regret[i] = self.variant.discount_regrets(self.regret[i], t)
        self._match(i)

    def _match(self, i: int) -> None:
        """Regret matching at every (node, hand) of i (uniform where no regret is positive)."""
        self.sigma[i] = regret_matching(self.regret[i], self._layout[i].decisions)
        self._prob[i][self._layout[i].edges] = self.sigma[i]
        self._reach.pop(i, None)

    def _current_reach(self, i: int) -> np.ndarray:
        """``pi_i(k, h)`` under the current strategy, computed once per strategy."""
        if i not in self._reach:
            self._reach[i] = self.reach(i)
        return self._reach[i]

    # Sweeps.

    def reach(self, player: int, prob: np.ndarray | None = None) -> np.ndarray:
        """``pi_i(k, h)`` at every node k (rows), under sigma or the given action probabilities."""
        player = check_player(player)
        if prob is not None:
            prob = checked_table(prob, self._prob[player].shape, "prob", maximum=1.0)
        prob = self._prob[player] if prob is None else prob
        tree = self._tree
        reach = np.empty_like(prob)
        reach[0] = self.ranges.initial_range(player)
        for level in tree.levels[1:]:
            np.multiply(reach[tree.parent[level]], prob[level], out=reach[level])
        return reach

    def _sweep(self, i: int, own: np.ndarray, reach: np.ndarray, best: bool) -> np.ndarray:
        """``v_i(k, h)`` at every node: i follows ``own`` (per-node action probabilities) or, if
        ``best``, a best response; ``reach`` is the opponent's range at every node."""
        tree = self._tree
        values = np.empty((len(tree.parent), self._hands[i]))  # every row is written
        values[tree.terminals] = self.ranges.terminal_values(i, reach)
        for below, starts, inner, actor in self._up:
            children = values[below]
            mine = actor == i
            if best:
                combined = np.maximum.reduceat(children, starts)
            else:
                combined = np.add.reduceat(children * own[below], starts)
            if not mine.all():
                plain = np.add.reduceat(children, starts)
                combined = np.where(mine[:, None], combined, plain)
            values[inner] = combined
        return values

    # Checks of the strategies a caller gives.

    def checked_strategy(self, player: int, strategy: object, name: str) -> np.ndarray:
        """``strategy`` after checking it is a strategy table of ``player`` (rows as
        :meth:`action_rows`, a probability vector per decision node and hand)."""
        decisions = self._layout[player].decisions
        table = checked_rows(strategy, decisions, name, minimum=0.0)
        if table.shape != self.regret[player].shape:
            raise ValueError(
                f"{name} must have shape {self.regret[player].shape} (player {player}'s actions "
                f"by hands), got {table.shape}"
            )
        if np.any(np.abs(decisions.totals(table) - 1.0) > PROBABILITY_TOLERANCE * 10):
            raise ValueError(
                f"{name} must sum to 1 at every decision and hand: {describe(strategy)}"
            )
        return table

    def checked_strategies(self, strategies: object) -> dict[int, np.ndarray]:
        """``strategies`` after checking it maps players 1 and 2 to their strategy tables."""
        if not (isinstance(strategies, dict) and set(strategies) == {1, 2}):
            raise ValueError(
                "strategies must map players 1 and 2 to strategy tables, got "
                f"{describe(strategies)}"
            )
        return {i: self.checked_strategy(i, strategies[i], f"strategies[{i}]") for i in (1, 2)}

    # Results.

    def average_strategy(self, player: int) -> np.ndarray:
        """The average strategy: rows as the player's actions (see :meth:`action_rows`), columns
        the player's private hands; uniform where the strategy sum is zero."""
        player = check_player(player)
        return normalised(self.strategy_sum[player], self._layout[player].decisions)

    def current_strategy(self, player: int) -> np.ndarray:
        """The current strategy sigma^{T+1}, laid out like :meth:`average_strategy`."""
        return self.sigma[check_player(player)].copy()

    def action_rows(self, player: int) -> list[tuple[str, str]]:
        """(node name, action) for each row of ``player``'s strategy arrays."""
        tree = self._tree
        return [
            (tree.node_name(int(p)), tree.action_name(int(e)))
            for e, p in zip(
                self._layout[check_player(player)].edges, self._layout[player].parents, strict=True
            )
        ]

    def strategy_at(
        self, node: str, strategy: np.ndarray | None = None
    ) -> tuple[list[str], np.ndarray]:
        """The actions at the decision node called ``node`` and their probabilities per private
        hand of the player to act there (rows: actions; default: the average strategy)."""
        tree = self._tree
        if strategy is not None:
            k = tree.node_index(node)
            player = int(tree.player[k])
            if player:
                strategy = self.checked_strategy(player, strategy, "strategy")
        k = tree.node_index(node)
        player = int(tree.player[k])
        if player == 0:
            raise ValueError(f"node {node!r} is not a decision node")
        rows = np.flatnonzero(self._layout[player].parents == k)
        table = self.average_strategy(player) if strategy is None else strategy
        edges = self._layout[player].edges[rows]
        return [tree.action_name(int(e)) for e in edges], table[rows]

    def node_probabilities(self, player: int, strategy: np.ndarray) -> np.ndarray:
        """``strategy`` (rows as :meth:`action_rows`) spread over the nodes: the probability of
        the action into each node, 1 where the player did not act."""
        player = check_player(player)
        strategy = self.checked_strategy(player, strategy, "strategy")
        prob = np.ones_like(self._prob[player])
        prob[self._layout[player].edges] = strategy
        return prob

    def best_response_value(self, player: int, strategy: np.ndarray | None = None) -> float:
        """``BR_i``: the best response's expected chips against the opponent's ``strategy``
        (default: the opponent's average strategy)."""
        player = check_player(player)
        if strategy is not None:
            strategy = self.checked_strategy(3 - player, strategy, "strategy")
        other = self.average_strategy(3 - player) if strategy is None else strategy
        prob = self.node_probabilities(3 - player, other)
        values = self._sweep(player, self._prob[player], self.reach(3 - player, prob), best=True)
        return sum_of_products(self.ranges.initial_range(player), values[0])

    def expected_value(self, strategies: dict[int, np.ndarray] | None = None) -> float:
        """Player 1's expected chips when both follow ``strategies`` (default: the averages)."""
        if strategies is not None:
            strategies = self.checked_strategies(strategies)
        if strategies is None:
            strategies = {i: self.average_strategy(i) for i in (1, 2)}
        prob = {i: self.node_probabilities(i, strategies[i]) for i in (1, 2)}
        values = self._sweep(1, prob[1], self.reach(2, prob[2]), best=False)
        return sum_of_products(self.ranges.initial_range(1), values[0])

    def exploitability(self, strategies: dict[int, np.ndarray] | None = None) -> float:
        """``(BR_1 + BR_2) / 2`` in chips per hand (module docstring); default: the averages."""
        if strategies is not None:
            strategies = self.checked_strategies(strategies)
        if strategies is None:
            strategies = {i: self.average_strategy(i) for i in (1, 2)}
        return 0.5 * (
            self.best_response_value(1, strategies[2]) + self.best_response_value(2, strategies[1])
        )

    def policy(self, strategies: dict[int, np.ndarray] | None = None) -> Policy:
        """The strategies (default: the averages) as a policy of the game: each information set
        ``(decision node, hand)`` of :meth:`~lessons_lib.games.ranges.RangeGame.info_set_at`
        with its action probabilities, ordered as the game's ``info_sets()`` when it is a Game."""
        if strategies is None:
            strategies = {i: self.average_strategy(i) for i in (1, 2)}
        return self.by_info_set(strategies)

    def by_info_set(self, tables: dict[int, np.ndarray]) -> dict[str, np.ndarray]:
        """Per-player tables laid out like :meth:`average_strategy` (regrets, strategy sums or
        strategies), cut into one array per information-set key."""
        tables = self._checked_tables(tables, "tables")
        found = {key: tables[player][rows, hand].copy() for key, player, rows, hand in self._keys}
        if isinstance(self.game, Game):
            return {key: found[key] for key in self.game.info_sets()}
        return found

    def _checked_tables(self, tables: object, name: str) -> dict[int, np.ndarray]:
        """``tables`` after checking it maps 1 and 2 to finite arrays of the players' shapes."""
        if not isinstance(tables, Mapping) or set(tables) != {1, 2}:
            raise ValueError(f"{name} must map players 1 and 2 to tables, got {describe(tables)}")
        checked = {}
        for i in (1, 2):
            table = as_finite_array(tables[i], f"{name}[{i}]")
            if table.shape != self.regret[i].shape:
                raise ValueError(
                    f"{name}[{i}] must have shape {self.regret[i].shape} (action rows x hands), "
                    f"got {table.shape}"
                )
            checked[i] = table
        return checked

    @cached_property
    def _keys(self) -> list[tuple[str, int, slice, int]]:
        """(key, player, the rows of its node, its hand) for every information set."""
        return [
            (key, player, rows, hand)
            for player in (1, 2)
            for k, rows in zip(
                self._tree.decision_nodes(player), _node_rows(self._layout[player]), strict=True
            )
            for hand in range(self._hands[player])
            if (key := self.ranges.info_set_at(int(k), hand)) is not None
        ]

    def start_from(self, initial_regret: dict[str, np.ndarray]) -> None:
        """Replace the (zero) regrets of the keys given before the first iteration; sigma^1 is
        regret matching on them (:func:`lessons_lib.cfr.solve` checks the keys and lengths)."""
        for key, player, rows, hand in self._keys:
            if key in initial_regret:
                self.regret[player][rows, hand] = initial_regret[key]
        for i in (1, 2):
            self._match(i)


def note_interruption(solver: RangeSolver, monitor: Monitor, stacklevel: int = 2) -> None:
    """Set ``solver.interrupted`` from the monitor of its run, and warn
    (:class:`~lessons_lib.cfr.training.InterruptedRun`) if Ctrl-C stopped it."""
    solver.interrupted = monitor.interrupted
    if monitor.interrupted:
        warnings.warn(
            f"{solver.variant.name} interrupted at iteration {solver.iteration:,}: the solver "
            "keeps every iteration it completed, and a run its checkpoints so far",
            InterruptedRun,
            stacklevel=stacklevel + 1,
        )


def regret_matching(regret: np.ndarray, decisions: Segments) -> np.ndarray:
    """``sigma(a) = R+(a) / sum_b R+(b)`` per information set (rows cut by ``decisions``, one
    column per hand), uniform where no regret is positive (Hart and Mas-Colell 2000)."""
    regret = checked_rows(regret, decisions, "regret")
    return normalised(np.maximum(regret, 0.0), decisions)


def normalised(weights: np.ndarray, decisions: Segments) -> np.ndarray:
    """Each segment's rows divided by their sum, per column; uniform where the sum is zero."""
    weights = checked_rows(weights, decisions, "weights", minimum=0.0)
    total = decisions.totals(weights)
    widths = np.bincount(decisions.segment_of_row).take(decisions.segment_of_row)
    out = np.empty_like(weights)
    out[...] = (1.0 / widths)[:, None]
    np.divide(weights, total, out=out, where=total > 0)
    return out


def _node_rows(layout: ActionLayout) -> list[slice]:
    """The rows of each decision node of ``layout``, in node order."""
    ends = [*layout.decisions.starts[1:], len(layout.edges)]
    return [slice(int(a), int(b)) for a, b in zip(layout.decisions.starts, ends, strict=True)]


def checked_rows(
    values: object, decisions: Segments, name: str, minimum: float | None = None
) -> np.ndarray:
    """``values`` as a finite 2-D float array with one row per row of ``decisions``, small enough
    that a segment's sum cannot overflow, and no entry below ``minimum`` if given."""
    check_instance(decisions, Segments, "decisions", "a Segments")
    if isinstance(values, np.ndarray) and values.dtype.kind == "f":
        array = values
    else:
        array = as_finite_array(values, name)
    rows = len(decisions.segment_of_row)
    if array.ndim != 2 or array.shape[0] != rows:
        raise ValueError(f"{name} must have {rows} rows (one per action), got {describe(values)}")
    if array.size:
        low, high = array.min(), array.max()
        if not (np.isfinite(low) and np.isfinite(high)):
            raise ValueError(f"{name} has a non-finite entry: {describe(values)}")
        if max(-low, high) > np.finfo(float).max / max(rows, 1):
            raise ValueError(f"{name} is too large to sum without overflow: {describe(values)}")
        if minimum is not None and low < minimum:
            raise ValueError(f"{name} must have no entry below {minimum}, got {describe(values)}")
    return array


__all__ = [
    "ActionLayout",
    "PublicTreeRanges",
    "RangeEngine",
    "RangeGame",
    "RangeSolver",
    "RangeTree",
    "action_layout",
    "check_player",
    "normalised",
    "regret_matching",
]


class RangeEngine:
    """:class:`RangeSolver` behind the engine interface of :func:`lessons_lib.cfr.solve`
    (``engine="ranges"``): ``run``, ``snapshot``, ``start_from``, and exact checkpoints from the
    range engine's own best responses, so that a game too large for a history tree (a full
    hold'em river) trains and is measured like the others.

    Its strategy sums are the range engine's, ``w_t pi_i(k.a, h)`` with the initial range inside
    ``pi_i``, not the other engines' ``w_t |I| pi_i``: a positive factor per information set, which
    changes no average policy.
    """

    name = "ranges"

    def __init__(self, game: Game, variant: Variant, updates: str) -> None:
        self.solver = RangeSolver(game, variant.name, updates, **variant.parameters())

    @property
    def iteration(self) -> int:
        return self.solver.iteration

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations (the run's own monitor shows progress)."""
        self.solver.iterate(iterations)

    def start_from(self, initial_regret: dict[str, np.ndarray]) -> None:
        """Start from these cumulative regrets instead of zero."""
        self.solver.start_from(initial_regret)

    def snapshot(self) -> CFRState:
        """The tables as a :class:`~lessons_lib.cfr.state.CFRState`, one array per key."""
        return CFRState(
            cumulative_regret=self.solver.by_info_set(self.solver.regret),
            strategy_sum=self.solver.by_info_set(self.solver.strategy_sum),
            iteration=self.solver.iteration,
        )

    def measures(self) -> tuple[float, float, float]:
        """(exploitability of the average, of the current strategy, player 1's value of the
        average), each exact, by the range engine's sweeps."""
        solver = self.solver
        average = {i: solver.average_strategy(i) for i in (1, 2)}
        current = {i: solver.current_strategy(i) for i in (1, 2)}
        return (
            solver.exploitability(average),
            solver.exploitability(current),
            solver.expected_value(average),
        )
