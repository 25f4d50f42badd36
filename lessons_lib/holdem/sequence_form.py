"""A river as a sequence-form linear program: the second method for small rivers.

Chapter 7's linear program (:mod:`lessons_lib.lp`; Koller, Megiddo and von Stengel 1994, von
Stengel 1996) solves any two-player zero-sum game with perfect recall exactly, given its sequence
form. On a river the information sets of player i are the pairs (decision node k of i, combo h),
so the sequences of i are the empty one and one per (action row r of i, combo h), numbered
``1 + r * n_i + h`` with the rows r of the public-tree engine's tables
(:func:`~lessons_lib.cfr.public_tree.own_actions`, :meth:`~lessons_lib.cfr.public_tree.
PublicTreeEngine.action_rows`).
The parent sequence of ``(k, h)`` is ``(r', h)`` for i's last action r' above k (empty at i's
first decision).

The payoff matrix adds, for every terminal z and every pair of compatible combos,

    A[seq_1(z, h_1), seq_2(z, h_2)] += w_1(h_1) w_2(h_2) / Z * u_1(z, h_1, h_2),

the fold's payoff or the showdown's stake times ``sign(s(h_1) - s(h_2))``, with ``Z`` the
normaliser of :class:`~lessons_lib.holdem.river.RiverGame`. It has one entry per compatible
pair and terminal, so this is for rivers of a few dozen combos per range, not full ones: a river
whose matrix would pass :data:`MAX_LP_ENTRIES` is refused.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
from scipy import sparse

from lessons_lib.cfr.public_tree import OwnActions, own_actions
from lessons_lib.core.state import average_strategy
from lessons_lib.games.ranges import check_player
from lessons_lib.holdem.river import RiverGame
from lessons_lib.holdem.showdown import compatible
from lessons_lib.lp import SequenceForm, optimal_plan
from lessons_lib.validation import check_instance, count_text

#: The most (node, combo of player 1, combo of player 2) triples a river's LP may have: HiGHS took
#: 24 seconds for 0.9 million and 4.5 minutes for 3 million on this book's machine, and the time
#: grows faster than the size (a full river, 1,081 combos a side, would be about 10**8: days).
#: Chapter 9's largest LP has 0.11 million.
MAX_LP_ENTRIES = 3 * 10**6

#: The deepest stack, in pots, that :func:`solve_river_lp` accepts. The payoffs run from half the
#: pot (a check-down) to half the pot plus the stack (an all-in), and HiGHS's tolerances are
#: absolute: in units of the pot its answers were within 1e-8 % of the pot of an equilibrium for
#: every stack up to 10**6 pots on the tests' rivers, and within 1e-6 % up to 10**9 pots, before
#: failing beyond (a real stack is a few hundred pots at most).
MAX_LP_DEPTH = 10**6


def action_rows(game: RiverGame, player: int) -> OwnActions:
    """``player``'s action rows on the river's public tree, as the public-tree engine lays them
    out (:class:`~lessons_lib.cfr.public_tree.OwnActions`)."""
    check_instance(game, RiverGame, "game", "a RiverGame")
    return own_actions(game.public_tree, check_player(player))


def river_sequence_form(game: RiverGame) -> SequenceForm:
    """The sequence form of ``game`` (module docstring), ready for :func:`lessons_lib.lp`."""
    check_instance(game, RiverGame, "game", "a RiverGame")
    tree = game.public_tree
    n = {i: len(game.combos[i]) for i in (1, 2)}
    size = len(tree.nodes) * n[1] * n[2]
    if size > MAX_LP_ENTRIES:
        raise ValueError(
            f"game: the river's sequence-form LP would have {count_text(size)} (node, combo, "
            f"combo) entries ({len(tree.nodes):,} nodes, {n[1]:,} x {n[2]:,} combos), more than "
            f"the {MAX_LP_ENTRIES:,} HiGHS solves in minutes; solve it with solve_river instead"
        )
    layouts = {i: action_rows(game, i) for i in (1, 2)}
    # last[i][k]: the row of i's last action above node k, -1 if none
    last = {i: np.where(r.last_row < r.size, r.last_row, -1) for i, r in layouts.items()}
    constraints, parents, info_sets, sequences = {}, {}, {}, {}
    for i in (1, 2):
        layout = layouts[i]
        rows, columns, values = [0], [0], [1.0]
        parent_sequence = []
        ends = [*layout.segments.starts[1:].tolist(), layout.size]
        for j, (k, start, end) in enumerate(
            zip(layout.nodes, layout.segments.starts.tolist(), ends, strict=True)
        ):
            above = last[i][k]
            segment = range(start, end)
            for h in range(n[i]):
                row = 1 + j * n[i] + h
                parent = 0 if above < 0 else 1 + above * n[i] + h
                parent_sequence.append(parent)
                rows += [row] * (len(segment) + 1)
                columns += [1 + r * n[i] + h for r in segment] + [parent]
                values += [1.0] * len(segment) + [-1.0]
        shape = (1 + layout.nodes.size * n[i], 1 + layout.size * n[i])
        constraints[i] = sparse.coo_matrix((values, (rows, columns)), shape=shape).tocsr()
        parents[i] = np.array(parent_sequence, dtype=int)
        info_sets[i] = np.arange(layout.nodes.size * n[i])
        sequences[i] = np.arange(layout.size * n[i])
    weight = np.multiply.outer(game.weights[1], game.weights[2]) / game.normaliser
    weight = weight * compatible(game.combos[1], game.combos[2])
    sign = np.sign(np.subtract.outer(game.strength[1], game.strength[2]))
    entries = []
    for terminal, payoff in zip(tree.folds, tree.fold_payoff, strict=True):
        entries.append((terminal, payoff * weight))
    for terminal, stake in zip(tree.showdowns, tree.showdown_stake, strict=True):
        entries.append((terminal, stake * sign * weight))
    h1, h2 = np.indices((n[1], n[2])).reshape(2, -1)
    rows, columns, values = [], [], []
    for terminal, matrix in entries:
        r1, r2 = last[1][terminal], last[2][terminal]
        rows.append(np.where(r1 < 0, 0, 1 + r1 * n[1] + h1))
        columns.append(np.where(r2 < 0, 0, 1 + r2 * n[2] + h2))
        values.append(matrix.ravel())
    shape = (constraints[1].shape[1], constraints[2].shape[1])
    payoff = sparse.coo_matrix(
        (np.concatenate(values), (np.concatenate(rows), np.concatenate(columns))), shape=shape
    ).tocsr()
    return SequenceForm(game, sequences, info_sets, parents, constraints, payoff)


def solve_river_lp(game: RiverGame) -> tuple[float, dict[int, np.ndarray]]:
    """Player 1's game value and an equilibrium, by the sequence-form LP (HiGHS).

    The strategies are laid out like :meth:`~lessons_lib.cfr.public_tree.PublicTreeEngine.
    average_strategy` (rows: actions, columns: combos); uniform where a plan never reaches.
    The payoffs are divided by a power of two near the pot (exactly, and undone on the value): a
    river is the same game at any scale, and HiGHS's tolerances, which are absolute, are then
    fractions of the pot, the unit exploitability is measured in. Dividing by the largest stake
    instead made a deep river's pot-sized payoffs vanish below them (pot 1, stack 10**6: an
    "equilibrium" 50% of the pot exploitable). A stack of more than :data:`MAX_LP_DEPTH` pots is
    refused, as is a river whose LP would pass :data:`MAX_LP_ENTRIES`.
    """
    check_instance(game, RiverGame, "game", "a RiverGame")
    if game.stack > MAX_LP_DEPTH * game.pot:
        raise ValueError(
            f"stack: the river LP is accurate for stacks of at most {MAX_LP_DEPTH:,} pots, got "
            f"stack={game.stack!r} with pot={game.pot!r}; solve it with solve_river instead"
        )
    form = river_sequence_form(game)
    scale = 2.0 ** math.frexp(game.pot)[1]
    form = replace(form, payoff=form.payoff / scale)
    strategies, value = {}, 0.0
    for i in (1, 2):
        plan, found = optimal_plan(form, i)
        if i == 1:
            value = found * scale
        layout = action_rows(game, i)
        weights = plan[1:].reshape(layout.size, len(game.combos[i]))
        strategies[i] = average_strategy(weights, layout.segments)
    return value, strategies
