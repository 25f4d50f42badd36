"""CFR on the public tree: one walk per iteration, carrying a range for each player.

The readable engine (:mod:`lessons_lib.cfr.readable`) walks the tree once per deal. Every deal
goes through the same public action sequences, so the walks can be merged: walk the *public*
tree once, and carry at each public node k, instead of one reach probability, a vector per player
over that player's private hands h, the *range*

    pi_i(k, h) = w_i(h) times the product of player i's probabilities, along the path to k, of
                 the actions i took, for i holding h

(``w_i`` is the initial range: ones in Kuhn and Leduc poker, whose chance probabilities sit in the
terminal values; the range weights in a hold'em river). This is CFR in *vector form* (Johanson et
al. 2011, 2012; the DeepStack solver of Moravčík et al. 2017 and postflop-solver are built on it).
The engine solves any two-player zero-sum game that describes its public tree, its ranges and its
terminal values (:class:`~lessons_lib.games.ranges.HasRanges`: Kuhn and Leduc poker and their
generalisations, the hold'em river). One iteration, for the updating player i, is three sweeps:

1. **Terminal values.** At a terminal z the game gives ``v_i(z, h)``, what holding h is worth to i
   against the opponent's ranges there, chance included (:mod:`lessons_lib.games.ranges`).
2. **Values, bottom-up.** At i's own decision node, ``v_i(k, h) = sum_a sigma(I_{k,h}, a)
   v_i(k.a, h)``; at the opponent's decision nodes and at chance nodes (Leduc's board card) the
   children's values are simply added, since the opponent's and chance's probabilities are
   already inside them.
3. **Ranges, top-down** (after regret matching): at i's decision node the range of the child
   after action a is ``pi_i(k, h) sigma(I_{k,h}, a)``; at every other node it is passed on.

At the information set ``I = (k, h)`` of player i the counterfactual action values are then
``v_i(k.a, h)`` and ``v_i(k, h) = v_i(sigma, I)``, so the regrets and strategy sums update as in
every engine, through the loop all engines share (:func:`lessons_lib.core.engine.iterate`):

    R(I, a) += v_i(k.a, h) - v_i(k, h),        S(I, a) += w_t pi_i(k, h) sigma(I, a).

(The readable engine adds ``w_t pi_i(h) sigma(I, a)`` once per history of I, ``|I|`` times; here
it is once per information set, with the initial range inside ``pi_i``: positive factors per
information set that no average policy sees.)

Only own actions. Player i's range changes only where i acts, and i's values are only *combined*
(with sigma) there: everywhere else they are passed on or added. So the engine keeps i's ranges,
regrets and values on i's own actions, one row per (decision node of i, action), with one column
per private hand (:class:`OwnActions`); a public node's range is the row of i's last action above
it, and a terminal's value adds into that row. The sweeps then take one step per action of i on
the longest path (two in Kuhn poker for player 1, one for player 2) instead of one per public
depth. When the game's terminal values are a fixed payoff tensor
(:meth:`~lessons_lib.games.ranges.PublicTreeRanges.terminal_payoffs`), the terminal step is one
sparse matrix from the opponent's rows to i's, made once; otherwise (a river sorts its hands) the
game computes them each time from the opponent's ranges at the terminals.

**Best response and exploitability.** Against a fixed strategy of the opponent, the best
response's values are the same bottom-up sweep with the *maximum* over i's actions in place of
the sigma-weighted sum, per hand (each (node, hand) is an information set of i; perfect recall
makes the per-node maximum exact), and its expected value is ``BR_i = sum_h w_i(h) v_i(root, h)``.
With zero-sum payoffs, ``exploitability = (BR_1(sigma_2) + BR_2(sigma_1)) / 2``, the definition
of :mod:`lessons_lib.exploitability`; the checkpoints of a run on this engine are measured so.

**Node locking.** A solver user who believes the opponent plays one spot badly (folds too often
to a pot-sized bet, never raises) fixes that player's strategy at that public node and re-solves
the rest: PioSolver calls it *node locking*. The engine takes ``locked``, a mapping from decision
nodes to fixed strategy tables (actions by private hands). At a locked node the current and the
average strategy are the fixed table at every iteration (the regrets there are still added up, but
never used), so the locked node acts like a chance node with known probabilities. CFR then runs on
the *restricted game*, in which the locked player may choose only strategies that play the fixed
table there, and converges to an equilibrium of that game: the other player's strategy becomes a
best response to the locked play (as good as possible against the locked player's best play
elsewhere), and locking every node of one player leaves the other a plain best response. The best
responses and the exploitability the engine reports are the restricted game's: a best responder
for the locked player keeps the fixed tables at its locked nodes, and maximises elsewhere.

Same bits on every machine. Every sum is element-wise numpy, ``np.bincount``, ``np.add.at`` or
``np.maximum.reduceat`` (:mod:`lessons_lib.sums`), never ``@``.

Rounding. The engine adds the same numbers as the readable engine (the reference) in a different
order, so their tables agree to rounding only (see the tests). CFR feeds each iteration's strategies
into the next, and regret matching divides by sums of positive regrets that can be small, so the
differences grow from iteration to iteration (in CFR+ on Leduc poker, from about 1e-16 to 1e-8 over
100 iterations and to the size of the regrets themselves by about 140, Chapter 7): long runs of two
engines part ways. Each run is a valid run of the algorithm; the runs are not equal.

Cost. Every array is (own action rows) x (private hands): Leduc poker has 96 public decision nodes
and 3 hands instead of 2,040 histories, and the public part does not grow with the deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from lessons_lib.core.checkpoints import Checkpoint
from lessons_lib.core.engine import Requirements, TabularEngine
from lessons_lib.core.state import average_strategy
from lessons_lib.core.tables import KeyRows, RegretTable
from lessons_lib.core.variants import Variant
from lessons_lib.games.base import Game
from lessons_lib.games.ranges import HasRanges, RangeGame, RangeTree, check_player
from lessons_lib.policy import Policy
from lessons_lib.sums import Segments, SparseMatrix, sum_of_products
from lessons_lib.validation import (
    PROBABILITY_TOLERANCE,
    as_finite_array,
    as_finite_vector,
    check_entries,
    check_instance,
    describe,
)


@dataclass(frozen=True, eq=False)
class OwnActions:
    """One player's actions on the public tree: the rows of the player's tables.

    Row e stands for one action at one of the player's decision nodes, that is for the child node
    ``child[e]`` it leads to; in each row, column h is the player's private hand. Rows are ordered
    by how many actions of the player lie above them (``levels[d]``: the rows with d earlier own
    actions), then by node; the rows of one decision node are consecutive (``segments``), in the
    order of its actions. Row number ``size`` is the *empty* row: the player has not acted yet.
    """

    player: int
    child: np.ndarray  # child[e]: the node that row e's action leads to
    nodes: np.ndarray  # the player's decision nodes, in the order of their rows
    segments: Segments  # the rows of each of those nodes
    parent_row: np.ndarray  # parent_row[e]: the row of the player's previous action (size if none)
    levels: tuple[slice, ...]  # levels[d]: the rows below d earlier actions of the player
    last_row: np.ndarray  # last_row[k]: the row of the player's last action above node k, or size

    @property
    def size(self) -> int:
        """The number of rows (the empty row not counted)."""
        return int(self.child.size)


def own_actions(tree: RangeTree, player: int) -> OwnActions:
    """Lay out ``player``'s rows on ``tree`` (see :class:`OwnActions`)."""
    check_instance(tree, RangeTree, "tree", "a public tree (a RangeTree, such as game.public_tree)")
    player = check_player(player)
    # Walking down: the child node of the player's last action above each node, and how many
    # actions of the player lie above it.
    n_nodes = len(tree.parent)
    last = np.full(n_nodes, -1)
    depth = np.zeros(n_nodes, dtype=int)
    for k in range(1, n_nodes):
        parent = tree.parent[k]
        if tree.player[parent] == player:
            last[k], depth[k] = k, depth[parent] + 1
        else:
            last[k], depth[k] = last[parent], depth[parent]
    decision = tree.decision_nodes(player)
    if not decision.size:
        raise ValueError(f"player {player} never acts in this public tree")
    row_of_child: dict[int, int] = {}
    nodes, levels, widths = [], [], []
    for d in range(int(depth[decision].max()) + 1):
        first = len(row_of_child)
        for k in (int(k) for k in decision if depth[k] == d):
            nodes.append(k)
            widths.append(tree.children[k].stop - tree.children[k].start)
            for child in range(tree.children[k].start, tree.children[k].stop):
                row_of_child[child] = len(row_of_child)
        levels.append(slice(first, len(row_of_child)))
    size = len(row_of_child)
    child = np.array(list(row_of_child), dtype=int)
    last_row = np.array([row_of_child.get(int(k), size) for k in last], dtype=int)
    return OwnActions(
        player=player,
        child=child,
        nodes=np.array(nodes, dtype=int),
        segments=Segments.of_widths(widths),
        parent_row=last_row[tree.parent[child]],
        levels=tuple(levels),
        last_row=last_row,
    )


@dataclass(frozen=True, eq=False)
class Step:
    """One level of a bottom-up sweep: what ``rows`` add into the rows above them.

    Each row (or, for a best response, each node's best row) adds into its parent row; the
    parents lie in ``into``, and ``bins`` places each (row or node, hand) at its parent's entry
    there, for ``np.bincount`` (:meth:`add`).
    """

    rows: slice  # the rows of the level
    into: slice  # the rows that receive: from the first parent to the last
    bins: np.ndarray  # per (row or node, hand): its parent's entry within `into`, flattened
    starts: np.ndarray  # where each node starts within `rows` (for the best response)

    def add(self, values: np.ndarray, contributions: np.ndarray) -> None:
        """``values[parent] += contribution`` for every row (or node) of the level."""
        target = values[self.into]
        target += np.bincount(self.bins, contributions.ravel(), target.size).reshape(target.shape)


@dataclass(frozen=True, eq=False)
class Sweeps:
    """The fixed steps of one player's bottom-up sweeps over its rows, deepest level first: a
    sigma-weighted sweep adds ``sigma * v`` of each row into its parent row (``up``), a best
    response adds each node's maximum over its actions (``best``)."""

    up: tuple[Step, ...]
    best: tuple[Step, ...]


def sweeps_of(rows: OwnActions, hands: int) -> Sweeps:
    """The sweeps of ``rows``, for tables of ``hands`` columns (see :class:`Sweeps`)."""
    node_start = rows.segments.starts
    up, best = [], []
    for level in reversed(rows.levels):
        inside = (node_start >= level.start) & (node_start < level.stop)
        starts = node_start[inside]
        steps = []
        for parents in (rows.parent_row[level], rows.parent_row[starts]):
            into = slice(int(parents.min()), int(parents.max()) + 1)
            bins = ((parents - into.start)[:, None] * hands + np.arange(hands)).ravel()
            steps.append(Step(level, into, bins, starts - level.start))
        up.append(steps[0])
        best.append(steps[1])
    return Sweeps(tuple(up), tuple(best))


@dataclass(frozen=True, eq=False)
class Lock:
    """One locked decision node: its number, its player, its action rows (consecutive) and the
    fixed strategy table on them, one row per action and one column per private hand."""

    node: int
    player: int
    rows: slice
    table: np.ndarray


def checked_locks(
    tree: RangeTree, rows: Mapping[int, OwnActions], hands: Mapping[int, int], locked: object
) -> tuple[Lock, ...]:
    """``locked`` (module docstring, *Node locking*) after checking it: a mapping whose keys are
    decision nodes, by name (``"bet 75%"``), by number, or as a pair ``(player, node)`` that also
    says whose decision it is, and whose values are strategy tables of the node's player there
    (one row per action, one column per private hand, a probability vector per hand)."""
    if locked is None:
        return ()
    if not isinstance(locked, Mapping):
        raise ValueError(
            f"locked must map decision nodes to strategy tables, got {describe(locked)}"
        )
    locks, seen = [], set()
    for key, given in locked.items():
        player_said, node = key if isinstance(key, tuple) and len(key) == 2 else (None, key)
        where = f"locked[{describe(key, 60)}]"
        if isinstance(node, str):
            try:
                k = tree.node_index(node)
            except ValueError:
                raise ValueError(f"{where}: no node {node!r} in this public tree") from None
        elif isinstance(node, (int, np.integer)) and not isinstance(node, bool):
            k = int(node)
            if not 0 <= k < len(tree.parent):
                raise ValueError(f"{where}: no node number {k} (the tree has {len(tree.parent)})")
        else:
            raise ValueError(
                f"locked: a node is named by its name, its number or (player, node), got "
                f"{describe(key)}"
            )
        player = int(tree.player[k])
        if player not in (1, 2):
            raise ValueError(f"{where}: node {tree.node_name(k)!r} is no decision of a player")
        if player_said is not None and player_said != player:
            raise ValueError(
                f"{where}: node {tree.node_name(k)!r} is player {player}'s decision, not player "
                f"{describe(player_said)}'s"
            )
        if k in seen:
            raise ValueError(f"{where}: node {tree.node_name(k)!r} is locked twice")
        seen.add(k)
        segment = int(np.flatnonzero(rows[player].nodes == k)[0])
        start = int(rows[player].segments.starts[segment])
        width = tree.children[k].stop - tree.children[k].start
        actions = [
            tree.action_name(c) for c in range(tree.children[k].start, tree.children[k].stop)
        ]
        table = as_finite_array(given, where)
        if table.shape != (width, hands[player]):
            raise ValueError(
                f"{where}: node {tree.node_name(k)!r} is player {player}'s decision with actions "
                f"{actions} and {hands[player]} private hands, so its table has shape "
                f"{(width, hands[player])}, got {describe(given)}"
            )
        sums = np.add.reduce(table, axis=0)
        if table.size and (table.min() < 0 or np.abs(sums - 1).max() > 10 * PROBABILITY_TOLERANCE):
            raise ValueError(
                f"{where} must hold probabilities that sum to 1 over the actions {actions} for "
                f"every hand, got {describe(given)}"
            )
        locks.append(Lock(k, player, slice(start, start + width), table.copy()))
    return tuple(locks)


class PublicTreeEngine(TabularEngine):
    """CFR and its variants on the public tree, vectorised over the private hands.

    Any two-player zero-sum game with :class:`~lessons_lib.games.ranges.HasRanges`; ``range_game``
    is what the game says of its public tree. Besides the engine protocol it reads and evaluates
    strategies in its own layout, a table per player with one row per action (:meth:`action_rows`)
    and one column per private hand: :meth:`average_strategy`, :meth:`strategy_at`,
    :meth:`best_response_value`, :meth:`expected_value`, :meth:`exploitability`.

    ``locked`` (optional) fixes strategies at chosen decision nodes (:func:`checked_locks`; module
    docstring, *Node locking*): the engine then solves the restricted game, and its best responses
    and exploitability are that game's.
    """

    name = "public-tree"
    requires = Requirements(
        players=2, zero_sum=True, capability=HasRanges, capability_name="public tree"
    )

    def __init__(
        self,
        game: Game,
        variant: Variant,
        updates: str,
        averaging: str = "own reach",
        locked: Mapping[object, object] | None = None,
    ) -> None:
        super().__init__(game, variant, updates, averaging)
        ranges = game.range_game()
        if not isinstance(ranges, RangeGame):
            raise ValueError(f"{game!r}.range_game() is no RangeGame: {describe(ranges)}")
        self.range_game = ranges
        self.tree = tree = ranges.public_tree
        self.initial = {i: as_finite_vector(ranges.initial_range(i), f"w_{i}") for i in (1, 2)}
        self.rows = {i: own_actions(tree, i) for i in (1, 2)}
        hands = {i: self.initial[i].size for i in (1, 2)}
        self.sweeps = {i: sweeps_of(self.rows[i], hands[i]) for i in (1, 2)}
        check_entries(
            4 * sum((self.rows[i].size + 1) * hands[i] for i in (1, 2)), "the engine's tables"
        )
        #: The locked nodes (:class:`Lock`), none by default.
        self.locks = checked_locks(tree, self.rows, hands, locked)
        self.plan, self._down = {}, {}
        for i in (1, 2):
            table = self.tables[i] = RegretTable.zeros(self.rows[i].segments, hands[i])
            plan = self.plan[i] = np.empty((self.rows[i].size + 1, hands[i]))
            plan[-1] = self.initial[i]  # the empty row: nobody has acted yet
            # (ranges after one level, the ranges above it, the strategy there): views, made once
            self._down[i] = tuple(
                (plan[level], self.rows[i].parent_row[level], table.strategy[level])
                for level in self.rows[i].levels
            )
            self.strategy_changed(i)
        self.above_terminals = {i: self.rows[i].last_row[tree.terminals] for i in (1, 2)}
        if hasattr(ranges, "terminal_payoffs"):  # fixed payoffs: one sparse step
            self.leaf = {i: self._leaf_matrix(i) for i in (1, 2)}
        else:
            self.leaf = None

    # The iteration (the loop is :func:`lessons_lib.core.engine.iterate`).

    def accumulate(self, group: tuple[int, ...], weight: float) -> None:
        """For each player of ``group``: ``S += w_t pi_i(k, h) sigma``, then the regrets
        ``v_i(k.a, h) - v_i(k, h)`` against the opponent's current ranges."""
        for i in group:
            rows, table = self.rows[i], self.tables[i]
            table.add_average(weight, self.plan[i][:-1], self.averaging)
            values = self.action_values(i, self.plan[3 - i], table.strategy)[:-1]
            table.regret += values - rows.segments.totals(table.strategy * values)

    def strategy_changed(self, player: int) -> None:
        """The player's ranges after its new strategy: ``pi_i(k.a, h) = pi_i(k, h)
        sigma(k, h, a)``, top-down (as :meth:`plan_of`, on views made once), after putting the
        fixed tables back at the player's locked nodes."""
        strategy = self.tables[player].strategy
        for lock in self.locks:
            if lock.player == player:
                strategy[lock.rows] = lock.table
        plan = self.plan[player]
        for ranges, parents, strategy in self._down[player]:
            np.multiply(plan.take(parents, axis=0), strategy, out=ranges)

    # Sweeps.

    def plan_of(self, player: int, strategy: object) -> np.ndarray:
        """``pi_i`` after every action row of ``player`` (the empty row last: ``w_i``), for the
        strategy table ``strategy``: ``pi_i(k.a, h) = pi_i(k, h) sigma(k, h, a)``, top-down."""
        strategy = self.checked_strategy(player, strategy, "strategy")
        rows = self.rows[player]
        plan = np.empty((rows.size + 1, strategy.shape[1]))
        plan[-1] = self.initial[player]
        for level in rows.levels:
            np.multiply(plan.take(rows.parent_row[level], axis=0), strategy[level], out=plan[level])
        return plan

    def action_values(
        self,
        player: int,
        opponent_plan: np.ndarray,
        strategy: np.ndarray | None = None,
        to_root: bool = False,
    ) -> np.ndarray:
        """``v_i(k.a, h)`` for every row of ``player`` (the empty row last), against the
        opponent's ``opponent_plan``: the terminal step, then the own decisions bottom-up, each
        worth its ``strategy``-weighted actions, or its best action if ``strategy`` is None.
        ``to_root`` adds the first decisions into the empty row too: its values are then
        ``v_i(root, h)``."""
        player = check_player(player)
        values = self._terminal_step(player, opponent_plan)
        sweeps = self.sweeps[player]
        if strategy is None:
            steps = sweeps.best if to_root else sweeps.best[:-1]
            for step, locked in zip(steps, self._locked_steps[player], strict=False):
                best = np.maximum.reduceat(values[step.rows], step.starts, axis=0)
                for node, rows, table in locked:  # a locked node plays its table
                    best[node] = np.add.reduce(table * values[rows], axis=0)
                step.add(values, best)
        else:
            for step in sweeps.up if to_root else sweeps.up[:-1]:
                step.add(values, strategy[step.rows] * values[step.rows])
        return values

    def _terminal_step(self, player: int, opponent_plan: np.ndarray) -> np.ndarray:
        """The terminal values added into ``player``'s rows: ``(rows + 1, hands)``."""
        shape = self.plan[player].shape
        if self.leaf is not None:  # the product of the engine's own checked arrays
            leaf = self.leaf[player]
            terminal = leaf.values * opponent_plan.ravel()[leaf.columns]
            return np.bincount(leaf.rows, terminal, shape[0] * shape[1]).reshape(shape)
        ranges = opponent_plan.take(self.above_terminals[3 - player], axis=0)
        terminal = self.range_game.terminal_values(player, ranges)
        bins = self._terminal_bins[player]
        return np.bincount(bins, terminal.ravel(), shape[0] * shape[1]).reshape(shape)

    @cached_property
    def _locked_steps(self) -> dict[int, tuple[tuple[tuple[int, slice, np.ndarray], ...], ...]]:
        """For each step of a player's best-response sweep: the locked nodes among its nodes, as
        (the node's place in the step, its rows, its fixed table)."""
        steps = {}
        for i in (1, 2):
            per_step = []
            for step in self.sweeps[i].best:
                first_rows = step.rows.start + step.starts
                per_step.append(
                    tuple(
                        (
                            int(np.flatnonzero(first_rows == lock.rows.start)[0]),
                            lock.rows,
                            lock.table,
                        )
                        for lock in self.locks
                        if lock.player == i and lock.rows.start in first_rows
                    )
                )
            steps[i] = tuple(per_step)
        return steps

    @cached_property
    def _terminal_bins(self) -> dict[int, np.ndarray]:
        """The bincount bin of every (terminal, hand): its own row above, and the hand."""
        bins = {}
        for i in (1, 2):
            hands = self.initial[i].size
            bins[i] = (self.above_terminals[i][:, None] * hands + np.arange(hands)).ravel()
        return bins

    def _leaf_matrix(self, player: int) -> SparseMatrix:
        """The terminal step as one matrix: entry ``((e, h), (e', h'))`` adds up the payoffs
        ``terminal_payoffs[z, h, h']`` of the terminals z below ``player``'s row e and the
        opponent's row e'."""
        payoffs = self.range_game.terminal_payoffs(player)
        own, other = self.above_terminals[player], self.above_terminals[3 - player]
        hands, other_hands = payoffs.shape[1:]
        z, h, g = np.indices(payoffs.shape).reshape(3, -1)
        shape = (
            (self.rows[player].size + 1) * hands,
            (self.rows[3 - player].size + 1) * other_hands,
        )
        return SparseMatrix.summed(
            own[z] * hands + h, other[z] * other_hands + g, payoffs.ravel(), shape
        )

    # Evaluation of strategy tables.

    def best_response_value(self, player: int, strategy: np.ndarray | None = None) -> float:
        """``BR_i``: the best response's expected payoff against the opponent's ``strategy``
        (default: the opponent's average strategy)."""
        player = check_player(player)
        other = self.average_strategy(3 - player) if strategy is None else strategy
        other = self._follows_locks(3 - player, other, "strategy")
        values = self.action_values(player, self.plan_of(3 - player, other), None, to_root=True)
        return sum_of_products(self.initial[player], values[-1])

    def root_values(
        self, player: int, strategies: Mapping[int, np.ndarray] | None = None
    ) -> np.ndarray:
        """``v_i(root, h)`` for every hand h of ``player`` when both follow ``strategies``
        (default: the averages): the hand's counterfactual value, own weight ``w_i(h)`` left
        out."""
        player = check_player(player)
        strategies = self._strategies_or_averages(strategies)
        plan = self.plan_of(3 - player, strategies[3 - player])
        return self.action_values(player, plan, strategies[player], to_root=True)[-1]

    def expected_value(self, strategies: Mapping[int, np.ndarray] | None = None) -> float:
        """Player 1's expected payoff when both follow ``strategies`` (default: the averages)."""
        return sum_of_products(self.initial[1], self.root_values(1, strategies))

    def exploitability(self, strategies: Mapping[int, np.ndarray] | None = None) -> float:
        """``(BR_1 + BR_2) / 2`` (module docstring); default: the average strategies."""
        strategies = self._strategies_or_averages(strategies)
        best_1 = self.best_response_value(1, strategies[2])
        best_2 = self.best_response_value(2, strategies[1])
        return 0.5 * (best_1 + best_2)

    def checkpoint(self) -> Checkpoint:
        """The exploitabilities of the average and current strategies and player 1's value of
        the average, each exact, by this engine's own sweeps of ranges."""
        average = {i: self.average_strategy(i) for i in (1, 2)}
        current = {i: self.tables[i].strategy for i in (1, 2)}
        return Checkpoint(
            iteration=self.iteration,
            average_exploitability=self.exploitability(average),
            current_exploitability=self.exploitability(current),
            average_value=self.expected_value(average),
        )

    def _strategies_or_averages(
        self, strategies: Mapping[int, np.ndarray] | None
    ) -> dict[int, np.ndarray]:
        if strategies is None:
            return {i: self.average_strategy(i) for i in (1, 2)}
        if not (isinstance(strategies, Mapping) and set(strategies) == {1, 2}):
            raise ValueError(
                f"strategies must map players 1 and 2 to strategy tables, got "
                f"{describe(strategies)}"
            )
        return {i: self._follows_locks(i, strategies[i], f"strategies[{i}]") for i in (1, 2)}

    def _follows_locks(self, player: int, strategy: object, name: str) -> np.ndarray:
        """``strategy`` after checking it is a strategy table of ``player`` that plays the fixed
        table at each of the player's locked nodes: a strategy of the restricted game."""
        table = self.checked_strategy(player, strategy, name)
        for lock in self.locks:
            if lock.player == player and np.abs(table[lock.rows] - lock.table).max() > 1e-9:
                raise ValueError(
                    f"{name} does not play the locked table at node "
                    f"{self.tree.node_name(lock.node)!r}: it is no strategy of the restricted game"
                )
        return table

    # Reading the tables.

    def average_strategy(self, player: int) -> np.ndarray:
        """The average strategy: rows as the player's actions (:meth:`action_rows`), columns the
        player's private hands; uniform where the strategy sum is zero."""
        player = check_player(player)
        table = self.tables[player]
        average = average_strategy(table.strategy_sum, table.segments)
        for lock in self.locks:  # exactly the fixed table, even where a hand never gets there
            if lock.player == player:
                average[lock.rows] = lock.table
        return average

    def average_policy(self) -> Policy:
        """``sigma_bar^T`` as a policy of the game (:meth:`average_strategy`, locks included)."""
        return self.policy()

    def current_strategy(self, player: int) -> np.ndarray:
        """The current strategy sigma^{T+1}, laid out like :meth:`average_strategy`."""
        return self.tables[check_player(player)].strategy.copy()

    def ranges(self, player: int) -> np.ndarray:
        """``pi_i(k, h)`` under the current strategy sigma^{T+1}: one row per public node k."""
        player = check_player(player)
        return self.plan[player][self.rows[player].last_row].copy()

    def action_rows(self, player: int) -> list[tuple[str, str]]:
        """(node name, action) for each row of ``player``'s strategy tables."""
        rows, tree = self.rows[check_player(player)], self.tree
        return [
            (tree.node_name(int(tree.parent[child])), tree.action_name(int(child)))
            for child in rows.child
        ]

    def strategy_at(
        self, node: str, strategy: np.ndarray | None = None
    ) -> tuple[list[str], np.ndarray]:
        """The actions at the decision node called ``node`` and their probabilities per private
        hand of the player to act there (rows: actions; default: the average strategy)."""
        tree = self.tree
        k = tree.node_index(node)
        player = int(tree.player[k])
        if player == 0:
            raise ValueError(f"node {node!r} is not a decision node")
        table = self.average_strategy(player) if strategy is None else strategy
        table = self.checked_strategy(player, table, "strategy")
        rows = np.flatnonzero(tree.parent[self.rows[player].child] == k)
        return [tree.action_name(int(c)) for c in self.rows[player].child[rows]], table[rows]

    def checked_strategy(self, player: int, strategy: object, name: str) -> np.ndarray:
        """``strategy`` after checking it is a strategy table of ``player``: rows as
        :meth:`action_rows`, a probability vector per decision node and hand."""
        player = check_player(player)
        shape = self.tables[player].strategy.shape
        if isinstance(strategy, np.ndarray) and strategy.dtype.kind == "f":
            table = strategy
        else:
            table = as_finite_array(strategy, name)
        if table.shape != shape:
            raise ValueError(
                f"{name} must have shape {shape} (player {player}'s actions by hands), "
                f"got {describe(strategy)}"
            )
        if table.size and not (np.isfinite(table).all() and table.min() >= 0.0):
            raise ValueError(f"{name} must hold probabilities, got {describe(strategy)}")
        totals = self.tables[player].segments.sums(table)
        if np.any(np.abs(totals - 1.0) > PROBABILITY_TOLERANCE * 10):
            raise ValueError(
                f"{name} must sum to 1 at every decision and hand: {describe(strategy)}"
            )
        return table

    # The tables by information set (the engine protocol's policies and states).

    @cached_property
    def layout(self) -> tuple[KeyRows, ...]:
        """Where each information set ``(decision node, hand)`` sits: its node's rows and its
        hand's column, in the order of ``game.info_sets()`` (made on first use: a river has tens
        of thousands)."""
        places = [
            KeyRows(key, player, slice(int(start), int(start + width)), hand)
            for player in (1, 2)
            for k, start, width in zip(
                self.rows[player].nodes,
                self.rows[player].segments.starts,
                np.bincount(self.rows[player].segments.segment_of_row),
                strict=True,
            )
            for hand in range(self.initial[player].size)
            if (key := self.range_game.info_set_at(int(k), hand)) is not None
        ]
        order = {key: n for n, key in enumerate(self.game.info_sets())}
        return tuple(sorted(places, key=lambda place: order[place.key]))

    def policy(self, strategies: Mapping[int, np.ndarray] | None = None) -> Policy:
        """The strategies (default: the averages) as a policy of the game, by information set."""
        strategies = self._strategies_or_averages(strategies)
        return {p.key: self._read(strategies[p.player], p) for p in self.layout}
