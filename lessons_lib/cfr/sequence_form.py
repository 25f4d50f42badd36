"""CFR in the sequence form: the same iterations as the readable engine, in a few array operations.

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
``r(I, a) = v_i(sigma_{I->a}, I) - sum_b sigma(I, b) v_i(sigma_{I->b}, I)``, and the strategy sum
gains ``w_t x_i(I, a) = w_t x_i(parent(I)) sigma(I, a)``: the readable engine's
``w_t pi_i(h) sigma(I, a)`` once per information set instead of once per history, a factor ``|I|``
that no average policy sees.

The engine handles two players and any payoffs (general-sum too: each player has its own
``A_i``), with chance anywhere in the tree (chance's probabilities are inside ``pi_c(z)``). The
loop around these steps, the discounts and regret matching are the ones every engine shares
(:func:`lessons_lib.core.engine.iterate`, :class:`~lessons_lib.core.tables.RegretTable`).

Kuhn poker has 13 sequences per player (twelve plus the empty one), so every operation here is on
a vector of a dozen numbers. ``A_i`` is kept as its nonzero entries, one per pair of sequences
that ends some terminal history (:class:`~lessons_lib.sums.SparseMatrix`).

Same bits on every machine. ``A_i x_{-i}`` adds its nonzero terms with ``np.bincount``, and the sums
over an information set and into parent sequences are ``np.add.reduceat`` and ``np.add.at``: never
``@`` or ``dot`` on a dense array, whose BLAS summation order depends on the processor
(:mod:`lessons_lib.sums`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from lessons_lib.core.engine import Requirements, TabularEngine
from lessons_lib.core.tables import KeyRows, RegretTable
from lessons_lib.core.variants import Variant
from lessons_lib.games.base import Game, GameTree, opponent
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
    depth_of = np.empty(n, dtype=int)
    for (depth, k), pairs in zip(order, slices, strict=True):
        parents = {int(sequence[h]) for h in tree.members[k]}
        if len(parents) != 1:
            raise ValueError(f"information set {tree.keys[k]!r} breaks perfect recall")
        parent[pairs] = parents.pop()
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
        info_sets=Segments.of_widths([s.stop - s.start for s in slices]),
        top_down=tuple(top_down),
        bottom_up=tuple(reversed(bottom_up)),
        history_sequence=sequence,
    )


def payoff_matrix(tree: GameTree, player: int, own: Sequences, other: Sequences) -> SparseMatrix:
    """``A_i[s, s'] = sum_z pi_c(z) u_i(z)`` over the terminals z that end ``player``'s play at
    sequence s and the opponent's at s' (rows and columns include the empty sequence)."""
    z = np.flatnonzero(tree.terminal)
    rows, columns = own.history_sequence[z], other.history_sequence[z]
    values = tree.chance[z] * tree.utility(player)[z]
    return SparseMatrix.summed(rows, columns, values, (own.size + 1, other.size + 1))


class SequenceFormEngine(TabularEngine):
    """CFR and its variants in the sequence form (module docstring): two players, any payoffs.

    Each player's table rows are its sequences (information sets ordered by depth), and its
    realisation plan ``x_i`` (the empty sequence last, 1) is kept beside the table, recomputed
    top-down whenever the strategy changes.
    """

    name = "sequence-form"
    requires = Requirements(players=2)

    def __init__(
        self, game: Game, variant: Variant, updates: str, averaging: str = "own reach"
    ) -> None:
        super().__init__(game, variant, updates, averaging)
        tree = game.tree
        self.opponent = {player: opponent(game, player) for player in game.players}
        self.sequences = {player: build_sequences(tree, player) for player in game.players}
        self.payoff = {
            player: payoff_matrix(
                tree, player, self.sequences[player], self.sequences[self.opponent[player]]
            )
            for player in game.players
        }
        self.plan = {player: np.ones(seq.size + 1) for player, seq in self.sequences.items()}
        layout = []
        for player, sequences in self.sequences.items():
            self.tables[player] = RegretTable.zeros(sequences.info_sets)
            layout += [
                KeyRows(key, player, pairs, None)
                for key, pairs in zip(sequences.keys, sequences.slices, strict=True)
            ]
            self.strategy_changed(player)
        order = {key: k for k, key in enumerate(game.info_sets())}
        self.layout = tuple(sorted(layout, key=lambda place: order[place.key]))

    def accumulate(self, group: tuple[int, ...], weight: float) -> None:
        """For each player of ``group``: ``S += w_t x_i(I, .)`` (its realisation plan), then the
        counterfactual regrets against the opponent's current plan."""
        for player in group:
            sequences, table = self.sequences[player], self.tables[player]
            table.add_average(weight, self.plan[player][:-1], self.averaging)
            values = self.action_values(player)
            table.regret += values - sequences.info_sets.totals(table.strategy * values)

    def action_values(self, player: int) -> np.ndarray:
        """``v_i(sigma_{I->a}, I)`` for every pair (I, a) of ``player``, bottom-up from
        ``L_i = A_i x_{-i}``."""
        sigma = self.tables[player].strategy
        values = self.payoff[player].times(self.plan[self.opponent[player]])
        for level, parents in self.sequences[player].bottom_up:  # deepest first
            np.add.at(values, parents, sigma[level] * values[level])
        return values[:-1]

    def strategy_changed(self, player: int) -> None:
        """``x_i(I, a) = x_i(parent(I)) sigma(I, a)``, shallowest information sets first."""
        plan, sigma = self.plan[player], self.tables[player].strategy
        for level, parents in self.sequences[player].top_down:
            if parents is None:  # first moves: x_i(I, a) = sigma(I, a)
                plan[level] = sigma[level]
            else:
                np.multiply(sigma[level], plan[parents], out=plan[level])
