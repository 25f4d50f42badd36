"""CFR on the public tree: one walk per iteration, carrying a range for each player.

The readable engine (:mod:`lessons_lib.cfr.readable`) walks the tree once per deal. Every deal
goes through the same public action sequences, so the walks can be merged: walk the *public*
tree (:mod:`lessons_lib.games.public`) once, and carry at each public node k, instead of one reach
probability, a vector per player over that player's private hands c, the *range*

    pi_i(k, c) = the product of player i's probabilities, along the path to k, of the actions
                 i took, for i holding c.

This is CFR in *vector form* (Johanson et al. 2011, 2012; the DeepStack solver of Moravčík et al.
2017 is built on it). One iteration, for the updating player i, is three sweeps:

1. **Terminal values.** At a terminal z, the counterfactual value to player 1 of holding c_1 is
   ``v_1(z, c_1) = sum_{c_2} P_z(c_1, c_2) u_z(c_1, c_2) pi_2(z, c_2)``: the weighted payoff matrix
   of :class:`~lessons_lib.games.public.PublicTree` (chance's exact pair probabilities times the
   fold or showdown payoffs) times player 2's range, for all terminals at once as one sparse
   matrix product. Player 2's is ``v_2(z, c_2) = -sum_{c_1} P_z(c_1, c_2) u_z(c_1, c_2)
   pi_1(z, c_1)``.
2. **Values, bottom-up.** At i's own decision node, ``v_i(k, c) = sum_a sigma(I_{k,c}, a)
   v_i(k.a, c)``; at the opponent's decision nodes and at chance nodes (Leduc's board card) the
   children's values are simply added, since the opponent's and chance's probabilities are already
   inside them.
3. **Ranges, top-down** (after regret matching): at i's decision node the range of the child
   after action a is ``pi_i(k, c) sigma(I_{k,c}, a)``; at every other node it is passed on.

At the information set ``I = (k, c)`` of player i the counterfactual action values are then
``v_i(k.a, c)`` and ``v_i(k, c) = v_i(sigma, I)`` (:mod:`lessons_lib.counterfactual`: chance's
probability included), so the regrets and strategy sums update exactly as in the other engines,
with the same :class:`~lessons_lib.cfr.variants.Variant` rules and update schemes:

    R(I, a) += v_i(k.a, c) - v_i(k, c),        S(I, a) += w_t |I| pi_i(k.a, c).

The strategy sum keeps the other engines' convention: the readable engine adds
``w_t pi_i(h) sigma(I, a)`` at each of the ``|I|`` histories of I, hence the factor ``|I|``; it
changes no normalised average, and it keeps the :class:`~lessons_lib.cfr.state.CFRState` of all
three engines identical.

Only own actions. Player i's range changes only where i acts, and i's values are only *combined*
(with sigma) there: everywhere else they are passed on or added. So the engine keeps i's ranges,
regrets and values on i's own actions, one row per (decision node of i, action), with one column
per private hand (:class:`OwnActions`); a public node's range is the row of i's last action above
it, and a terminal's value adds into that row. The sweeps then take one step per action of i on
the longest path (two in Kuhn poker for player 1, one for player 2) instead of one per public
depth: each level's values add into their parent rows. The terminal step, too, is one fixed
(sparse) matrix, from the opponent's rows to i's: the terminal matrices placed at (i's row, the
opponent's row) of each terminal and added up.

Same bits on every machine. Every sum is element-wise numpy, ``np.bincount``, ``np.add.reduceat``
or ``np.add.at`` (:mod:`lessons_lib.sums`), never ``@``: a BLAS product sums in an order that
depends on the processor, and CFR turns a last-bit difference into another run.

Rounding. The engine adds the same numbers as the others in a different order, so their tables
agree to rounding only: after 50 iterations of Kuhn poker the policies of the readable engine
and this one are within about 1e-11, after 10 of Leduc poker within 1e-13 (see the tests).
The differences grow with the run, fastest under alternating Linear and Discounted CFR, and an
action whose regret is exactly zero in exact arithmetic gets a rounding-sized regret of either
sign, which regret matching turns into a different strategy. So long runs of any two engines part
ways (Leduc CFR+ policies differ by up to about 6e-3 after 200 iterations, between every pair of
the three engines), and uniform play creates such exact ties at once in some generalised games
(13-card Kuhn poker is one). Each run is a valid run of the algorithm; the runs are not equal.

Cost. Every array is (public rows) x (private hands): Leduc poker has 96 public decision nodes and
3 hands instead of 2,040 histories, and the public part does not grow with the deck, so the
engine's time grows slowly with ``LeducPoker(ranks=...)`` and ``KuhnPoker(n_cards=...)``. It
handles the games :func:`~lessons_lib.games.public.supports_public_tree` accepts;
:mod:`lessons_lib.cfr.range_solver` generalises it to any game that describes its public tree
(:meth:`~lessons_lib.games.base.Game.range_game`), a hold'em river included, and runs the same
iterations as this engine on Kuhn and Leduc poker (see the tests).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from lessons_lib.cfr.array_engine import ArrayEngine
from lessons_lib.cfr.state import CFRState
from lessons_lib.cfr.variants import Variant
from lessons_lib.games.base import Game
from lessons_lib.games.public import PublicTree, public_tree
from lessons_lib.sums import Segments, SparseMatrix
from lessons_lib.validation import check_choice, check_instance


@dataclass(frozen=True, eq=False)
class OwnActions:
    """One player's actions on the public tree: the rows of the player's tables.

    Row e stands for one action at one of the player's decision nodes, that is for the child node
    ``child[e]`` it leads to; in each row, column c is the player's private hand. Rows are ordered
    by how many actions of the player lie above them (``levels[d]``: the rows with d earlier own
    actions), then by node; the rows of one decision node are consecutive, in the order of its
    actions. Row number ``size`` is the *empty* row: the
    player has not acted yet.
    """

    player: int
    child: np.ndarray  # child[e]: the node that row e's action leads to
    node_of_row: np.ndarray  # node_of_row[e]: j, the decision node row e belongs to
    parent_row: np.ndarray  # parent_row[e]: the row of the player's previous action (size if none)
    levels: tuple[slice, ...]  # levels[d]: the rows below d earlier actions of the player
    last_row: np.ndarray  # last_row[k]: the row of the player's last action above node k, or size
    uniform: np.ndarray  # (rows, hands): 1 / |A(I)|
    histories: np.ndarray  # (rows, hands): |I|, the histories of row e's information set
    keys: tuple[tuple[str, slice, int], ...]  # (key, its rows, its hand) per information set

    @property
    def size(self) -> int:
        """The number of rows (the empty row not counted)."""
        return int(self.child.size)


def own_actions(tree: PublicTree, player: int) -> OwnActions:
    """Lay out ``player``'s rows on ``tree`` (see :class:`OwnActions`)."""
    # Walking down: the child node of the player's last action above each node, and how many
    # actions of the player lie above it.
    last = np.full(len(tree.nodes), -1)
    depth = np.zeros(len(tree.nodes), dtype=int)
    for k in range(1, len(tree.nodes)):
        parent = tree.parent[k]
        if tree.nodes[parent].player == player:
            last[k], depth[k] = k, depth[parent] + 1
        else:
            last[k], depth[k] = last[parent], depth[parent]
    decision = tree.decision_nodes(player)
    row_of_child = {}
    nodes, levels, starts = [], [], []
    for d in range(int(depth[decision].max()) + 1 if decision.size else 0):
        here = [int(k) for k in decision if depth[k] == d]
        first = len(row_of_child)
        for k in here:
            starts.append(len(row_of_child))
            for child in range(tree.children[k].start, tree.children[k].stop):
                row_of_child[child] = len(row_of_child)
        nodes += here
        levels.append(slice(first, len(row_of_child)))
    size = len(row_of_child)
    child = np.array(list(row_of_child), dtype=int)
    widths = np.diff([*starts, size])
    node_of_row = np.repeat(np.arange(len(nodes)), widths)
    hands = len(tree.hands)
    keys = tuple(
        (key, slice(start, start + int(width)), hand)
        for k, start, width in zip(nodes, starts, widths, strict=True)
        for hand, key in enumerate(tree.keys[k])
        if key is not None
    )
    if {key for key, _, _ in keys} != set(tree.game.info_sets_of(player)):
        raise ValueError(
            f"the public tree of {tree.game!r} misses information sets of player {player}"
        )
    last_row = np.array([row_of_child.get(int(k), size) for k in last], dtype=int)
    return OwnActions(
        player=player,
        child=child,
        node_of_row=node_of_row,
        parent_row=last_row[tree.parent[child]],
        levels=tuple(levels),
        last_row=last_row,
        uniform=np.repeat(1.0 / widths, widths)[:, None] * np.ones(hands),
        histories=tree.histories[tree.parent[child]],
        keys=keys,
    )


@dataclass(eq=False)
class PublicTreeLearner:
    """One player's tables (rows as in :class:`OwnActions`) and the fixed steps of its sweeps."""

    rows: OwnActions
    plan: np.ndarray  # (rows + 1, hands): pi_i at each row's child node; the empty row is 1
    sigma: np.ndarray  # (rows, hands): the current strategy
    regret: np.ndarray  # (rows, hands): R(I, a)
    # Terminal values from the opponent's plan, both flattened: entry ((row, hand), (opponent's
    # row, opponent's hand)) adds up the weighted payoffs of the terminals below those two rows.
    leaf_values: SparseMatrix
    nodes: Segments  # the rows of each decision node
    # (plan, parent rows or None for first actions, sigma) for each level, views made once.
    down: tuple[tuple[np.ndarray, np.ndarray | None, np.ndarray], ...]
    # (rows of one level, the parent row of each of them), deepest level first.
    up: tuple[tuple[slice, np.ndarray], ...]

    @property
    def player(self) -> int:
        """The player whose tables these are."""
        return self.rows.player


class PublicTreeEngine(ArrayEngine):
    """CFR and its variants on the public tree, vectorised over the private hands.

    The engine interface of :mod:`lessons_lib.cfr.solver` (``start_from``, ``run``, ``snapshot``).
    ``ValueError`` for a game without a public tree (see
    :func:`~lessons_lib.games.public.supports_public_tree`). Both players' ranges live in one
    array ``[plan_1 | 1 | plan_2 | 1]``, and so do their strategy sums, so that both sums are
    updated with one operation, as in :class:`~lessons_lib.cfr.vectorised.VectorisedEngine`.
    """

    name = "public"

    def __init__(self, game: Game, variant: Variant, updates: str) -> None:
        check_instance(game, Game, "game", "a Game (such as LeducPoker())")
        super().__init__(variant, updates)
        self.tree = tree = public_tree(game)
        self.game = game
        layouts = [own_actions(tree, player) for player in game.PLAYERS]
        plans = self._allocate(layouts[0].histories, layouts[1].histories)
        matrix = tree.weighted_payoff  # P_z(c_1, c_2) u_z(c_1, c_2)
        payoffs = (matrix, -matrix.transpose(0, 2, 1))  # indexed (z, own hand, opponent's hand)
        self.learners = {
            player: _fresh(tree, layouts[player - 1], layouts[2 - player], plan, payoff)
            for player, plan, payoff in zip(game.PLAYERS, plans, payoffs, strict=True)
        }
        for learner in self.learners.values():
            match_regrets(learner)

    # The engine interface (``run`` is :class:`~lessons_lib.cfr.array_engine.ArrayEngine`'s).

    def update_regrets(self, learner: PublicTreeLearner) -> None:
        """``R(I, a) += v_i(k.a, c) - v_i(k, c)`` from the opponent's current ranges."""
        add_regrets(learner, self.action_values(learner))

    def update_strategy(self, learner: PublicTreeLearner, t: int) -> None:
        """Discount the regrets for iteration ``t``, then regret matching and the new ranges."""
        next_strategy(learner, self.variant, t)

    def start_from(self, initial_regret: Mapping[str, np.ndarray]) -> None:
        """Replace the (zero) regrets before the first iteration; sigma^1 is regret matching."""
        for learner in self.learners.values():
            for key, rows, hand in learner.rows.keys:
                if key in initial_regret:
                    learner.regret[rows, hand] = initial_regret[key]
            match_regrets(learner)

    def snapshot(self) -> CFRState:
        """The tables as a :class:`CFRState`, keys in the order of ``game.info_sets()``."""
        regret, strategy_sum = {}, {}
        for player, learner in self.learners.items():
            sums = self._strategy_sum[self._parts[player]]
            for key, rows, hand in learner.rows.keys:
                regret[key] = learner.regret[rows, hand].copy()
                strategy_sum[key] = sums[rows, hand].copy()
        order = self.game.info_sets()
        return CFRState(
            {key: regret[key] for key in order},
            {key: strategy_sum[key] for key in order},
            self.iteration,
        )

    def ranges(self, player: int) -> np.ndarray:
        """``pi_i(k, c)`` under the current strategy sigma^{T+1}: one row per public node k."""
        check_choice(player, self.game.PLAYERS, "player")
        learner = self.learners[player]
        return learner.plan[learner.rows.last_row].copy()

    def action_values(self, learner: PublicTreeLearner) -> np.ndarray:
        """``v_i(k.a, c)`` for every row of player i, from the opponent's current ranges."""
        opponent = self.learners[3 - learner.player].plan
        values = learner.leaf_values.times(opponent.ravel()).reshape(learner.plan.shape)
        sigma = learner.sigma
        for rows, parents in learner.up:  # deepest first: what each own decision is worth
            np.add.at(values, parents, sigma[rows] * values[rows])
        return values[:-1]


def _fresh(
    tree: PublicTree, rows: OwnActions, opponent: OwnActions, plan: np.ndarray, payoff: np.ndarray
) -> PublicTreeLearner:
    """A learner with zero regrets on ``rows``; ``plan`` is its view of the joint range array."""
    sigma = rows.uniform.copy()
    down = tuple(
        (plan[level], rows.parent_row[level] if d > 0 else None, sigma[level])
        for d, level in enumerate(rows.levels)
    )
    # The first actions would add to the empty row, which is never read: left out.
    up = [(level, rows.parent_row[level]) for level in rows.levels[1:]]
    return PublicTreeLearner(
        rows=rows,
        plan=plan,
        sigma=sigma,
        regret=np.zeros_like(sigma),
        leaf_values=_leaf_values(tree, rows, opponent, payoff),
        nodes=Segments.of_widths(np.bincount(rows.node_of_row)),
        down=down,
        up=tuple(reversed(up)),
    )


def _leaf_values(
    tree: PublicTree, rows: OwnActions, opponent: OwnActions, payoff: np.ndarray
) -> SparseMatrix:
    """The terminal step as one matrix: entry ``((e, c), (e', c'))`` sums ``payoff[z, c, c']`` over
    the terminals z below i's row e and the opponent's row e'."""
    hands = payoff.shape[1]
    z, own_hand, other_hand = np.indices(payoff.shape).reshape(3, -1)
    own_row = rows.last_row[tree.terminals][z]
    other_row = opponent.last_row[tree.terminals][z]
    shape = ((rows.size + 1) * hands, (opponent.size + 1) * hands)
    flat_rows, flat_columns = own_row * hands + own_hand, other_row * hands + other_hand
    return SparseMatrix.summed(flat_rows, flat_columns, payoff.ravel(), shape)


def add_regrets(learner: PublicTreeLearner, values: np.ndarray) -> None:
    """``R(I, a) += v_i(k.a, c) - v_i(k, c)`` with ``v_i(k, c) = sum_a sigma(I, a) v_i(k.a, c)``."""
    learner.regret += values - learner.nodes.totals(learner.sigma * values)


def next_strategy(learner: PublicTreeLearner, variant: Variant, t: int) -> None:
    """Discount the regrets as ``variant`` says, then regret matching and the new ranges."""
    learner.regret = variant.discount_regrets(learner.regret, t)
    # Regret-matching+ has just floored the regrets at zero: they are their own positive part.
    match_regrets(learner, already_positive=variant.floors_regrets)


def match_regrets(learner: PublicTreeLearner, already_positive: bool = False) -> None:
    """Regret matching at every information set of the learner, then its ranges top-down."""
    positive = learner.regret if already_positive else np.maximum(learner.regret, 0.0)
    total = learner.nodes.totals(positive)
    np.copyto(learner.sigma, learner.rows.uniform)
    np.divide(positive, total, out=learner.sigma, where=total > 0)
    plan = learner.plan
    for plan_here, parents, sigma_here in learner.down:  # pi_i(k.a, c) = pi_i(k, c) sigma(I, a)
        if parents is None:  # first actions: pi_i(k.a, c) = sigma(I, a)
            np.copyto(plan_here, sigma_here)
        else:
            np.multiply(plan[parents], sigma_here, out=plan_here)
