"""A river as a sequence-form linear program: the second method for small rivers.

Chapter 7's linear program (:mod:`lessons_lib.lp`; Koller, Megiddo and von Stengel 1994, von
Stengel 1996) solves any two-player zero-sum game with perfect recall exactly, given its sequence
form. On a river the information sets of player i are the pairs (decision node k of i, combo h),
so the sequences of i are the empty one and one per (action row r of i, combo h), numbered
``1 + r * n_i + h`` with the rows of :meth:`lessons_lib.holdem.solver.RiverSolver.action_rows`.
The parent sequence of ``(k, h)`` is ``(r', h)`` for i's last action r' above k (empty at i's
first decision).

The payoff matrix adds, for every terminal z and every pair of compatible combos,

    A[seq_1(z, h_1), seq_2(z, h_2)] += w_1(h_1) w_2(h_2) / Z * u_1(z, h_1, h_2),

the fold's payoff or the showdown's stake times ``sign(s(h_1) - s(h_2))``, with ``Z`` the
normaliser of :class:`~lessons_lib.holdem.river.RiverGame`. It has one entry per compatible
pair and terminal, so this is for rivers of a few dozen combos per range, not full ones.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
from scipy import sparse

from lessons_lib.cfr.range_solver import action_layout, check_player, normalised
from lessons_lib.holdem.river import RiverGame
from lessons_lib.holdem.showdown import compatible
from lessons_lib.lp import SequenceForm, optimal_plan
from lessons_lib.validation import check_entries, check_instance


def last_rows(game: RiverGame, player: int) -> np.ndarray:
    """For every node, the row of ``player``'s last action above it, or -1 if none."""
    check_instance(game, RiverGame, "game", "a RiverGame")
    player = check_player(player)
    tree, layout = game.public_tree, action_layout(game, player)
    row_of_node = np.full(len(tree.nodes), -1)
    row_of_node[layout.edges] = np.arange(len(layout.edges))
    last = np.full(len(tree.nodes), -1)
    for k in range(1, len(tree.nodes)):  # breadth first: parents come first
        last[k] = row_of_node[k] if row_of_node[k] >= 0 else last[tree.parent[k]]
    return last


def river_sequence_form(game: RiverGame) -> SequenceForm:
    """The sequence form of ``game`` (module docstring), ready for :func:`lessons_lib.lp`."""
    check_instance(game, RiverGame, "game", "a RiverGame")
    tree = game.public_tree
    n = {i: len(game.combos[i]) for i in (1, 2)}
    check_entries(len(tree.nodes) * n[1] * n[2], "the river's sequence-form payoff matrix")
    last = {i: last_rows(game, i) for i in (1, 2)}
    constraints, parents, info_sets, sequences = {}, {}, {}, {}
    for i in (1, 2):
        layout = action_layout(game, i)
        rows, columns, values = [0], [0], [1.0]
        decisions = tree.decision_nodes(i)
        parent_sequence = []
        for j, k in enumerate(decisions):
            above = last[i][k]
            segment = range(
                layout.decisions.starts[j],
                layout.decisions.starts[j + 1] if j + 1 < len(decisions) else len(layout.edges),
            )
            for h in range(n[i]):
                row = 1 + j * n[i] + h
                parent = 0 if above < 0 else 1 + above * n[i] + h
                parent_sequence.append(parent)
                rows += [row] * (len(segment) + 1)
                columns += [1 + r * n[i] + h for r in segment] + [parent]
                values += [1.0] * len(segment) + [-1.0]
        shape = (1 + len(decisions) * n[i], 1 + len(layout.edges) * n[i])
        constraints[i] = sparse.coo_matrix((values, (rows, columns)), shape=shape).tocsr()
        parents[i] = np.array(parent_sequence, dtype=int)
        info_sets[i] = np.arange(len(decisions) * n[i])
        sequences[i] = np.arange(len(layout.edges) * n[i])
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

    The strategies are laid out like :meth:`~lessons_lib.holdem.solver.RiverSolver.
    average_strategy` (rows: actions, columns: combos); uniform where a plan never reaches.
    The payoffs are divided by a power of two near the largest stake (exactly, and undone on the
    value): HiGHS works with payoffs near 1, and a river is the same game at any scale.
    """
    form = river_sequence_form(game)
    scale = 2.0 ** math.frexp(game.pot / 2 + game.stack)[1]
    form = replace(form, payoff=form.payoff / scale)
    strategies, value = {}, 0.0
    for i in (1, 2):
        plan, found = optimal_plan(form, i)
        if i == 1:
            value = found * scale
        layout = action_layout(game, i)
        weights = plan[1:].reshape(len(layout.edges), len(game.combos[i]))
        strategies[i] = normalised(weights, layout.decisions)
    return value, strategies
