"""CFR for the live demos: the same iterations as the readable engine, in the sequence form.

The readable engine (:mod:`lessons_lib.cfr.readable`) walks the tree history by history. This
engine computes the same numbers with a few array operations per player, using the *sequence form*
of the game (Koller, Megiddo and von Stengel 1994; von Stengel 1996), built once from the arrays
of :class:`~lessons_lib.games.base.GameTree`.

Sequences. A sequence of player i is an information set and action ``(I, a)`` of i, standing for
the path of i's own choices that ends with a at I; the empty sequence stands for "i has not moved
yet". With perfect recall each information set I has one *parent sequence*, i's last choice before
reaching I, and each history h has one sequence ``seq_i(h)`` per player.

Realization plan. ``x_i(empty) = 1`` and ``x_i(I, a) = x_i(parent(I)) sigma(I, a)``: the product
of i's own probabilities along the sequence, which is ``pi_i(h.a)`` for every h in I. It is
computed top-down over i's information sets, shallowest first.

Leaf values. For every pair of sequences, ``A_i[s, s'] = sum_z pi_c(z) u_i(z)`` over the terminal
histories z with ``seq_i(z) = s`` and ``seq_{-i}(z) = s'``. Then ``L_i = A_i x_{-i}`` holds, for
each sequence s, what the terminals that end i's play at s are worth, weighted by the opponent's
and chance's reach.

Counterfactual values, bottom-up. The terminals below I.a either end i's play at ``(I, a)`` or pass
through a later information set I' of i whose parent sequence is ``(I, a)``, so

    v_i(sigma_{I->a}, I) = L_i(I, a) + sum_{I' : parent(I') = (I, a)}
                                           sum_{a'} sigma(I', a') v_i(sigma_{I'->a'}, I'),

computed deepest information sets first. From these, exactly as in the readable engine,
``r(I, a) = v_i(sigma_{I->a}, I) - sum_b sigma(I, b) v_i(sigma_{I->b}, I)`` and the strategy sum
gains ``w_t |I| x_i(I, a)`` (``|I|`` histories, each adding ``pi_i(h) sigma(I, a)``).

Kuhn poker has 13 sequences per player (twelve plus the empty one), so every operation here is on
a vector of a dozen numbers. ``A_i`` is kept as its nonzero entries, one per pair of sequences
that ends some terminal history (:class:`~lessons_lib.sums.SparseMatrix`).

Same bits on every machine. ``A_i x_{-i}`` adds its nonzero terms with ``np.bincount``, and the sums
over an information set and into parent sequences are ``np.add.reduceat`` and ``np.add.at``: never
``@`` or ``dot`` on a dense array, whose BLAS summation order depends on the processor
(:mod:`lessons_lib.sums`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from lessons_lib.cfr.array_engine import ArrayEngine
from lessons_lib.cfr.state import CFRState
from lessons_lib.cfr.variants import Variant
from lessons_lib.games.base import Game, GameTree
from lessons_lib.sums import Segments, SparseMatrix


@dataclass(frozen=True, eq=False)
class Sequences:
    """One player's sequence form: the fixed structure the engine computes with.

    The player's (information set, action) pairs are numbered ``0 .. n - 1``, information sets
    ordered by depth (then as in ``game.info_sets()``), so each depth is a contiguous slice;
    number ``n`` is the empty sequence.
    """

    player: int
    keys: tuple[str, ...]  # the player's information sets, in the order described above
    slices: tuple[slice, ...]  # slices[j]: where keys[j]'s actions sit among the n pairs
    parent: np.ndarray  # parent[e]: the parent sequence of pair e's information set (n if empty)
    uniform: np.ndarray  # uniform[e]: 1 / |A(I)| for pair e in I
    histories_per_info_set: np.ndarray  # [e]: |I|, the number of histories of e's information set
    info_sets: Segments  # the pairs of each information set
    top_down: tuple[tuple[slice, np.ndarray | None], ...]  # (pairs at one depth, their parents)
    # (pairs at one depth, the parent sequence of each), deepest first.
    bottom_up: tuple[tuple[slice, np.ndarray], ...]
    history_sequence: np.ndarray = field(repr=False)  # [h]: seq_i(h), n if i has not moved

    @property
    def size(self) -> int:
        """``n``: the number of the player's (information set, action) pairs."""
        return int(self.parent.size)


def build_sequences(tree: GameTree, player: int) -> Sequences:
    """Lay out ``player``'s sequence form from the tree (checks perfect recall on the way)."""
    order = sorted(
        (depth, k)
        for depth, info_sets in enumerate(tree.info_sets_at_depth)
        for k in info_sets
        if tree.owner[k] == player
    )
    keys, slices, local = [], [], np.full(tree.size, -1)
    start = 0
    for _, k in order:
        width = int(tree.n_actions[k])
        keys.append(tree.keys[k])
        slices.append(slice(start, start + width))
        local[tree.actions_slice(k)] = np.arange(start, start + width)
        start += width
    n = start

    sequence = np.full(len(tree.histories), n)  # seq_i(h), breadth first: parents come first
    for h in range(tree.levels[0].stop, len(tree.histories)):
        moved = tree.mover[h] == player
        sequence[h] = local[tree.edge[h]] if moved else sequence[tree.parent[h]]

    parent = np.empty(n, dtype=int)
    histories = np.empty(n)
    uniform = np.empty(n)
    depth_of = np.empty(n, dtype=int)
    for (depth, k), pairs in zip(order, slices, strict=True):
        parents = {int(sequence[h]) for h in tree.members[k]}
        if len(parents) != 1:
            raise ValueError(f"information set {tree.keys[k]!r} breaks perfect recall")
        parent[pairs] = parents.pop()
        histories[pairs] = len(tree.members[k])
        uniform[pairs] = 1.0 / tree.n_actions[k]
        depth_of[pairs] = depth

    top_down, bottom_up = [], []
    for depth in sorted(set(depth_of.tolist())):
        pairs = np.flatnonzero(depth_of == depth)
        level = slice(int(pairs[0]), int(pairs[-1]) + 1)
        moved_before = bool(np.any(parent[level] < n))  # some pair here has a parent sequence
        top_down.append((level, parent[level].copy() if moved_before else None))
        if moved_before:
            bottom_up.append((level, parent[level].copy()))
    return Sequences(
        player=player,
        keys=tuple(keys),
        slices=tuple(slices),
        parent=parent,
        uniform=uniform,
        histories_per_info_set=histories,
        info_sets=Segments.of_widths([s.stop - s.start for s in slices]),
        top_down=tuple(top_down),
        bottom_up=tuple(reversed(bottom_up)),
        history_sequence=sequence,
    )


def payoff_matrices(
    tree: GameTree, first: Sequences, second: Sequences
) -> tuple[SparseMatrix, SparseMatrix]:
    """``(A_1, A_2)``: ``A_1[s, s'] = sum_z pi_c(z) u_1(z)`` over z with sequences (s, s').

    ``A_2 = -A_1^T`` because the game is zero-sum. Rows and columns include the empty sequence.
    """
    z = np.flatnonzero(tree.terminal)
    rows, columns = first.history_sequence[z], second.history_sequence[z]
    values = tree.chance[z] * tree.payoff[z]
    shape = (first.size + 1, second.size + 1)
    payoff_1 = SparseMatrix.summed(rows, columns, values, shape)
    payoff_2 = SparseMatrix.summed(columns, rows, -values, shape[::-1])
    return payoff_1, payoff_2


@dataclass(eq=False)
class SequenceFormLearner:
    """One player's regret tables, with the structure and the payoff matrix they come from."""

    sequences: Sequences
    payoff: SparseMatrix  # A_i
    regret: np.ndarray  # R(I, a), pair by pair
    sigma: np.ndarray  # the current strategy: regret matching on R
    plan: np.ndarray  # x_i(sigma), with the empty sequence last (a view into the engine's plans)
    # (plan[level], sigma[level], parents) for each depth, shallow first: views made once.
    plan_steps: tuple[tuple[np.ndarray, np.ndarray, np.ndarray | None], ...] = ()


class VectorisedEngine(ArrayEngine):
    """The fast CFR engine: :func:`~lessons_lib.cfr.readable.cfr_iteration` in array operations.

    Both players' realization plans live in one vector ``[x_1 | 1 | x_2 | 1]``, and so do their
    strategy sums. A strategy sum is never read during an iteration, and ``x_i(sigma_i^t)`` is
    known when the iteration starts, so both players' sums are updated at once with one operation.
    """

    name = "fast"

    def __init__(self, game: Game, variant: Variant, updates: str) -> None:
        super().__init__(variant, updates)
        tree = game.tree
        first, second = build_sequences(tree, 1), build_sequences(tree, 2)
        payoff_1, payoff_2 = payoff_matrices(tree, first, second)
        plan_1, plan_2 = self._allocate(first.histories_per_info_set, second.histories_per_info_set)
        self.learners = {
            1: self._fresh(first, payoff_1, plan_1),
            2: self._fresh(second, payoff_2, plan_2),
        }

    @staticmethod
    def _fresh(sequences: Sequences, payoff: SparseMatrix, plan: np.ndarray) -> SequenceFormLearner:
        sigma = sequences.uniform.copy()
        learner = SequenceFormLearner(
            sequences=sequences,
            payoff=payoff,
            regret=np.zeros(sequences.size),
            sigma=sigma,
            plan=plan,
            plan_steps=tuple(
                (plan[level], sigma[level], parents) for level, parents in sequences.top_down
            ),
        )
        update_plan(learner)
        return learner

    # The engine interface (``run`` is :class:`~lessons_lib.cfr.array_engine.ArrayEngine`'s).

    def update_regrets(self, learner: SequenceFormLearner) -> None:
        """``R(I, a) += v_i(sigma_{I->a}, I) - v_i(sigma, I)`` against the opponent's
        current plan."""
        opponent = self.learners[3 - learner.sequences.player]
        add_regrets(learner, opponent.plan)

    def update_strategy(self, learner: SequenceFormLearner, t: int) -> None:
        """Discount the regrets for iteration ``t``, then regret matching and the new plan."""
        next_strategy(learner, self.variant, t)

    def start_from(self, initial_regret: Mapping[str, np.ndarray]) -> None:
        """Replace the (zero) regrets before the first iteration; sigma^1 is regret
        matching on them."""
        for learner in self.learners.values():
            for key, pairs in zip(learner.sequences.keys, learner.sequences.slices, strict=True):
                if key in initial_regret:
                    learner.regret[pairs] = initial_regret[key]
            match_regrets(learner)

    def snapshot(self) -> CFRState:
        """The tables as a :class:`CFRState`, one array per information-set key."""
        regret, strategy_sum = {}, {}
        for player, learner in self.learners.items():
            sums = self._strategy_sum[self._parts[player]]
            for key, pairs in zip(learner.sequences.keys, learner.sequences.slices, strict=True):
                regret[key] = learner.regret[pairs].copy()
                strategy_sum[key] = sums[pairs].copy()
        return CFRState(regret, strategy_sum, self.iteration)


def add_regrets(learner: SequenceFormLearner, opponent_plan: np.ndarray) -> None:
    """``R(I, a) += v_i(sigma_{I->a}, I) - sum_b sigma(I, b) v_i(sigma_{I->b}, I)``."""
    sequences, sigma = learner.sequences, learner.sigma
    values = learner.payoff.times(opponent_plan)  # L_i = A_i x_{-i}
    for level, parents in sequences.bottom_up:  # deepest first: add what each I' is worth
        np.add.at(values, parents, sigma[level] * values[level])
    values = values[:-1]  # v_i(sigma_{I->a}, I), pair by pair
    learner.regret += values - sequences.info_sets.totals(sigma * values)


def next_strategy(learner: SequenceFormLearner, variant: Variant, t: int) -> None:
    """Discount the regrets as ``variant`` says, then regret matching and the new plan."""
    learner.regret = variant.discount_regrets(learner.regret, t)
    # Regret-matching+ has just floored the regrets at zero: they are their own positive part.
    match_regrets(learner, already_positive=variant.floors_regrets)


def match_regrets(learner: SequenceFormLearner, already_positive: bool = False) -> None:
    """Regret matching at every information set on the learner's regrets, then the new plan."""
    positive = learner.regret if already_positive else np.maximum(learner.regret, 0.0)
    total = learner.sequences.info_sets.totals(positive)
    np.copyto(learner.sigma, learner.sequences.uniform)
    np.divide(positive, total, out=learner.sigma, where=total > 0)
    update_plan(learner)


def update_plan(learner: SequenceFormLearner) -> None:
    """``x_i(I, a) = x_i(parent(I)) sigma(I, a)``, shallowest information sets first."""
    plan = learner.plan
    for plan_here, sigma_here, parents in learner.plan_steps:
        if parents is None:  # first moves: x_i(I, a) = sigma(I, a)
            np.copyto(plan_here, sigma_here)
        else:
            np.multiply(sigma_here, plan[parents], out=plan_here)
