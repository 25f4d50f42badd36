"""Solving a two-player zero-sum game exactly with the sequence-form linear program.

A mixed strategy over a poker game's pure strategies is hopelessly large; the sequence form of
Koller, Megiddo and von Stengel (1994) and von Stengel (1996) makes the equilibrium a linear
program of the size of the game tree.

Sequences. A *sequence* of player i is the empty sequence ``∅`` or an (information set, action)
pair ``(I, a)`` of i: by perfect recall, the last action i took on the way to a history names all
of i's earlier ones. ``seq_i(h)`` is the sequence of i's last action before h (``∅`` if none), and
``seq_i(I)`` is the same for every history of the information set I, the *parent sequence* of I.

Realisation plans. A behaviour strategy gives every sequence its *realisation weight*
``x(I, a) = pi_i(h) sigma_i(I, a)`` for ``h`` in I, the product of i's own probabilities along the
sequence. A vector ``x >= 0`` is the realisation plan of some behaviour strategy exactly when

    x(∅) = 1    and    sum_{a in A(I)} x(I, a) = x(seq_i(I))  for every information set I of i,

linear constraints written ``E x = e`` for player 1 and ``F y = f`` for player 2 (one row for the
empty sequence, one per information set; ``e = f = (1, 0, ..., 0)``). The behaviour strategy comes
back as ``sigma_i(I, a) = x(I, a) / x(seq_i(I))`` wherever ``x(seq_i(I)) > 0``; at information sets
the plan never reaches any distribution will do, and this module picks the uniform one.

Payoffs. The sequence-form payoff matrix has one row per sequence of player 1 and one column per
sequence of player 2, and adds up chance-weighted terminal payoffs,

    A[s, t] = sum of pi_c(z) u_1(z) over terminal z with seq_1(z) = s and seq_2(z) = t,

so that player 1's expected payoff is the bilinear form ``x^T A y``.

The linear program. Against a fixed ``x`` player 2's best response solves the linear program
``min_y (A^T x)^T y`` subject to ``F y = f, y >= 0``. Its dual has one free variable per row of F,
``q(∅)`` and one ``q(J)`` per information set J of player 2, and reads ``max f^T q = q(∅)``
subject to ``F^T q <= A^T x``. Maximising over ``x`` as well gives player 1's program

    maximise q(∅)   over x, q   subject to   F^T q - A^T x <= 0,   E x = e,   x >= 0,  q free,

whose optimal ``x`` is an equilibrium plan of player 1 and whose optimum is the game value
``v^*``. Player 2's program is the same with the roles swapped (payoffs ``-A^T``); its optimum is
``-v^*``. Both are solved with HiGHS through :func:`scipy.optimize.linprog`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from scipy import sparse
from scipy.optimize import linprog

from lessons_lib.games.base import Game, GameTree, check_two_player_zero_sum
from lessons_lib.policy import Policy, validate_policy
from lessons_lib.validation import as_finite_array, check_choice, describe

#: Realisation weight below which an information set counts as never reached by the plan.
REACH_TOLERANCE = 1e-12

#: HiGHS feasibility tolerances: tighter than the defaults, so the equilibria are exact to ~1e-9.
SOLVER_OPTIONS = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}


@dataclass(frozen=True, eq=False)
class SequenceForm:
    """The sequence form of a game: constraint matrices per player and the payoff matrix.

    Sequence 0 of each player is the empty sequence; sequence ``1 + j`` is the j-th (information
    set, action) pair of that player, in the order of the flat policy of ``game.tree``.
    ``sequences[i]`` holds those pairs' positions in the flat policy, ``info_sets[i]`` the indices
    (in ``game.tree.keys``) of player i's information sets, ``parent_sequence[i][r]`` the parent
    sequence of the r-th of them, ``constraints[i]`` is E (for player 1) or F (for player 2), and
    ``payoff`` is A, player 1's chance-weighted payoffs (rows: player 1's sequences, columns:
    player 2's).
    """

    game: Game
    sequences: dict[int, np.ndarray]
    info_sets: dict[int, np.ndarray]
    parent_sequence: dict[int, np.ndarray]
    constraints: dict[int, sparse.csr_matrix]
    payoff: sparse.csr_matrix

    def n_sequences(self, player: int) -> int:
        """The number of sequences of ``player``, the empty one included."""
        return 1 + len(self.sequences[check_choice(player, (1, 2), "player")])


def sequence_form(game: Game) -> SequenceForm:
    """Build the sequence form of ``game`` from its tree (see the module docstring).

    Raises ``ValueError`` if some information set's histories disagree on their parent sequence,
    which happens only in a game without perfect recall.
    """
    tree = _checked_game(game).tree
    info_sets = {player: np.flatnonzero(tree.owner == player) for player in (1, 2)}
    sequences = {
        player: np.array(
            [e for k in info_sets[player] for e in range(tree.size)[tree.actions_slice(int(k))]],
            dtype=int,
        )
        for player in (1, 2)
    }
    sequence_of_entry = np.zeros(tree.size, dtype=int)  # flat policy entry -> its owner's sequence
    for player in (1, 2):
        sequence_of_entry[sequences[player]] = 1 + np.arange(len(sequences[player]))
    last = _last_sequences(tree, sequence_of_entry)
    parent_sequence = {
        player: _parent_sequences(game, info_sets[player], last[player], player)
        for player in (1, 2)
    }
    constraints = {
        player: _constraint_matrix(tree.n_actions[info_sets[player]], parent_sequence[player])
        for player in (1, 2)
    }
    terminal = np.flatnonzero(tree.terminal)
    payoff = sparse.coo_matrix(
        (tree.chance[terminal] * tree.utility(1)[terminal], (last[1][terminal], last[2][terminal])),
        shape=(1 + len(sequences[1]), 1 + len(sequences[2])),
    ).tocsr()  # entries for the same (row, column) are summed
    return SequenceForm(game, sequences, info_sets, parent_sequence, constraints, payoff)


def _last_sequences(tree: GameTree, sequence_of_entry: np.ndarray) -> dict[int, np.ndarray]:
    """``seq_i(h)`` for every history: the parent's, unless player i made the last move."""
    last = {player: np.zeros(len(tree.histories), dtype=int) for player in (1, 2)}
    for level in tree.levels[1:]:
        parent = tree.parent[level]
        for player in (1, 2):
            moved = tree.mover[level] == player
            last[player][level] = np.where(
                moved, sequence_of_entry[tree.edge[level]], last[player][parent]
            )
    return last


def _parent_sequences(
    game: Game, info_sets: np.ndarray, last: np.ndarray, player: int
) -> np.ndarray:
    """``seq_i(I)`` for each of ``player``'s information sets, checking perfect recall."""
    tree = game.tree
    parents = []
    for k in info_sets:
        seen = {int(last[h]) for h in tree.members[k]}
        if len(seen) != 1:
            raise ValueError(
                f"information set {tree.keys[k]!r} of {game!r} is reached by different "
                f"sequences of player {player} (the game lacks perfect recall)"
            )
        parents.append(seen.pop())
    return np.array(parents, dtype=int)


def _constraint_matrix(n_actions: np.ndarray, parents: np.ndarray) -> sparse.csr_matrix:
    """E (or F): row 0 is ``x(∅) = 1``; row ``1 + r`` is ``sum_a x(I_r, a) - x(seq(I_r)) = 0``.

    The sequences of the r-th information set follow those of the earlier ones, from 1 on.
    """
    rows, columns, values = [0], [0], [1.0]
    first = 1
    for r, (n, parent) in enumerate(zip(n_actions, parents, strict=True)):
        rows += [1 + r] * (int(n) + 1)
        columns += [*range(first, first + int(n)), int(parent)]
        values += [1.0] * int(n) + [-1.0]
        first += int(n)
    shape = (1 + len(parents), first)
    return sparse.coo_matrix((values, (rows, columns)), shape=shape).tocsr()


def optimal_plan(form: SequenceForm, player: int) -> tuple[np.ndarray, float]:
    """An equilibrium realisation plan of ``player`` and player 1's game value ``v^*``.

    Solves ``player``'s linear program of the module docstring: maximise ``q(∅)`` subject to
    ``C_o^T q - M^T x <= 0``, ``C_i x = e``, ``x >= 0``, where ``C_i`` and ``C_o`` are the
    constraint matrices of the player and the opponent and ``M`` is the player's payoff matrix
    (``A`` for player 1, ``-A^T`` for player 2). The optimum is the player's value, returned as
    player 1's (so negated for player 2).
    """
    _checked_form(form)
    check_choice(player, (1, 2), "player")
    own, other = form.constraints[player], form.constraints[3 - player]
    payoff = form.payoff if player == 1 else -form.payoff.T
    n_own, n_duals = own.shape[1], other.shape[0]
    objective = np.zeros(n_own + n_duals)
    objective[n_own] = -1.0  # linprog minimises: minimise -q(∅)
    inequalities = sparse.hstack([-payoff.T, other.T]).tocsr()
    equalities = sparse.hstack([own, sparse.csr_matrix((own.shape[0], n_duals))]).tocsr()
    start = np.zeros(own.shape[0])
    start[0] = 1.0
    result = linprog(
        objective,
        A_ub=inequalities,
        b_ub=np.zeros(inequalities.shape[0]),
        A_eq=equalities,
        b_eq=start,
        bounds=[(0, None)] * n_own + [(None, None)] * n_duals,
        method="highs",
        options=SOLVER_OPTIONS,
    )
    if result.status != 0:
        raise RuntimeError(
            f"the sequence-form LP of player {player} in {form.game!r} failed: {result.message}"
        )
    value = float(result.x[n_own])
    return np.maximum(result.x[:n_own], 0.0), value if player == 1 else -value


def behaviour_policy(form: SequenceForm, plan: np.ndarray, player: int) -> Policy:
    """The behaviour strategy of ``player`` that realises ``plan``; uniform where never reached.

    ``sigma(I, a) = x(I, a) / sum_b x(I, b)``; the constraints make the denominator ``x(seq(I))``,
    and it is used only when it exceeds :data:`REACH_TOLERANCE`. A realisation weight is never
    negative: a plan with a weight below ``-REACH_TOLERANCE`` is refused (``ValueError``), and the
    rounding errors of a solver above it count as zero.
    """
    _checked_form(form)
    check_choice(player, (1, 2), "player")
    tree = form.game.tree
    plan = as_finite_array(plan, "plan")
    if plan.shape != (form.n_sequences(player),):
        raise ValueError(
            f"plan, a realisation plan of player {player}, needs {form.n_sequences(player)} "
            f"weights, got shape {plan.shape}"
        )
    if np.any(plan < -REACH_TOLERANCE):
        raise ValueError(
            f"plan, a realisation plan, has no negative weight, got {float(plan.min())!r} in "
            f"{describe(plan.tolist())}"
        )
    policy: Policy = {}
    position = 1
    for k in form.info_sets[player]:
        n = int(tree.n_actions[k])
        weights = np.maximum(plan[position : position + n], 0.0)
        position += n
        with np.errstate(over="ignore"):  # an overflowing sum is handled below
            total = float(weights.sum())
        if not math.isfinite(total):  # weights near the largest float: their sum overflows
            weights = weights / weights.max()
            total = float(weights.sum())
        policy[tree.keys[k]] = weights / total if total > REACH_TOLERANCE else np.full(n, 1.0 / n)
    return policy


def realisation_plan(
    form: SequenceForm, policy: Mapping[str, np.ndarray], player: int
) -> np.ndarray:
    """``player``'s realisation plan in ``policy``: the inverse of :func:`behaviour_policy`.

    ``x(∅) = 1`` and ``x(I, a) = x(seq_i(I)) sigma_i(I, a)``, information sets taken shallowest
    first, so that every parent sequence is known before it is used; ``x(I, a)`` is then
    ``pi_i(h) sigma_i(I, a)`` for every h in I. The entries follow the sequences of ``form``.
    The plan satisfies ``E x = e`` (``F y = f`` for player 2). A policy that is not a behaviour
    strategy of ``form.game`` raises ``ValueError``
    (see :func:`lessons_lib.policy.validate_policy`).
    """
    _checked_form(form)
    check_choice(player, (1, 2), "player")
    tree = form.game.tree
    flat = tree.flatten(validate_policy(form.game, policy, players=(player,)))
    depth = {k: d for d, info_sets in enumerate(tree.info_sets_at_depth) for k in info_sets}
    own = form.info_sets[player]
    first = 1 + np.concatenate(([0], np.cumsum(tree.n_actions[own])[:-1]))
    plan = np.zeros(form.n_sequences(player))
    plan[0] = 1.0
    for r in sorted(range(len(own)), key=lambda r: depth[int(own[r])]):
        k = int(own[r])
        plan[first[r] : first[r] + tree.n_actions[k]] = (
            plan[form.parent_sequence[player][r]] * flat[tree.actions_slice(k)]
        )
    return plan


def solve_sequence_form(game: Game) -> tuple[Policy, float]:
    """An exact Nash equilibrium of ``game`` and player 1's game value, by linear programming.

    Both players' linear programs are solved (see the module docstring); the policy combines the
    two equilibrium plans as behaviour strategies, and the value is the optimum of player 1's
    program.
    """
    form = sequence_form(_checked_game(game))
    plan_1, value = optimal_plan(form, 1)
    plan_2, _ = optimal_plan(form, 2)
    policy = {**behaviour_policy(form, plan_1, 1), **behaviour_policy(form, plan_2, 2)}
    return {key: policy[key] for key in game.info_sets()}, value


def _checked_game(game: object) -> Game:
    """``game`` after checking it is a two-player zero-sum game: the LP solves no other kind."""
    return check_two_player_zero_sum(game, "the sequence-form LP")


def _checked_form(form: object) -> SequenceForm:
    if not isinstance(form, SequenceForm):
        raise ValueError(f"form must be a SequenceForm (sequence_form(game)), got {describe(form)}")
    return form
