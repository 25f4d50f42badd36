"""How exploitable an abstraction's equilibria can be in the real game, whichever a solver finds.

A solver stops at *one* approximate equilibrium of the abstract game; the abstract game may have
many, and their real exploitabilities differ. This module computes, by linear programming, the
least and the most real exploitability over the whole set of abstract equilibria, and the least
real exploitability of *any* abstract strategy, so that a comparison of two abstractions need not
depend on where a solver stopped.

Notation (the sequence form of :mod:`lessons_lib.lp`). Player ``i`` has the real constraint
matrix ``C_i`` (``E`` or ``F``) and the abstract one ``C'_i``; ``M`` is player ``i``'s real payoff
matrix (``A`` for player 1, ``-A^T`` for player 2: rows ``i``'s real sequences, columns the
opponent ``o``'s) and ``M'`` the abstract one. An abstract realisation plan ``x`` of player ``i``
(``C'_i x = e``, ``x >= 0``) is played in the real game as the plan ``P x``: the real sequence
``(I, a)`` gets the weight of the abstract sequence ``(f(I), a)``. That is the realisation plan of
the induced strategy, because the abstract game has perfect recall: the abstract information sets
along the way to ``f(I)`` are the images of the real ones along the way to ``I``. ``P`` is a 0/1
matrix (:attr:`AbstractionLP.projection`).

- **Worst case in the real game.** ``W(x) = min_y (P x)^T M y`` over the opponent's real plans
  ``y``; by duality ``W(x) = max q(∅)`` subject to ``C_o^T q <= M^T P x``. Player ``i``'s *real
  loss* is ``L_i(x) = v*_i - W(x)``, ``v*_i`` its value of the real game: what a real best
  responder gains against ``x`` beyond the value. The real exploitability of a profile ``(x, y)``
  is ``(L_1(x) + L_2(y)) / 2`` (:mod:`lessons_lib.exploitability`; the values cancel).
- **The abstract equilibria.** ``x`` is an equilibrium strategy of player ``i`` in the abstract
  game exactly when it guarantees ``i``'s abstract value ``v'_i`` there, so they form the polytope
  ``X'_i = {x : C'_i x = e, x >= 0, C'_o^T q' <= M'^T x and q'(∅) >= v'_i for some q'}``. In a
  two-player zero-sum game the equilibria are exactly the pairs of ``X'_1 x X'_2``, so the least
  (most) real exploitability over the abstract equilibria is half the sum of the players' least
  (most) losses.
- **Least loss over the equilibria** (:func:`least_equilibrium_loss`): ``max W(x)`` over
  ``x in X'_i``; with both dual vectors ``q`` and ``q'`` as variables it is one linear program.
- **Most loss over the equilibria** (:func:`most_equilibrium_loss`): ``min W(x)`` over ``X'_i``,
  the minimum of a concave function over a polytope. That is not a linear program but a disjoint
  bilinear one (a minimum over ``x`` and over the opponent's plans of a bilinear form, NP-hard in
  general). It is solved exactly as a mixed-integer linear program: the opponent's best response
  can be taken pure, one binary ``b_t`` per opponent sequence ``t`` chooses it (one per
  information set), and each opponent information set ``J`` gets a value ``V_J`` with

      V_J >= c_t(x) + sum_{J' reached by t} V_J' - S_J (1 - b_t)   for every action t of J,

  ``c = M^T P x``, where ``S_J`` bounds how far the values below ``J`` can spread. Minimising
  ``c_∅(x) + sum V_J`` over the first sets makes ``V_J`` the value of the chosen action, and the
  choice a best response. HiGHS accepts a binary within ``1e-6`` of an integer, so the optimum may
  sit up to ``1e-6 * S_J`` below the exact one: the result is ``(lower, upper)``, the loss of the
  plan found (an equilibrium, by its constraints) and the program's optimum.
- **Least loss of any abstract strategy** (:func:`best_abstract_loss`): ``max W(x)`` over every
  abstract plan, one linear program. It is the equilibrium of the game in which only player ``i``
  is abstracted and the opponent plays the real game, the strategy that CFR-BR converges to
  (Johanson, Bard, Burch and Bowling 2012, "Finding optimal abstract strategies in extensive-form
  games", AAAI). Refining ``i``'s abstraction only enlarges the set of plans, so this loss can
  only fall: an abstraction pathology needs the opponent to be abstracted too (Waugh, Schnizlein,
  Bowling and Szafron 2009, "Abstraction pathologies in extensive games", AAMAS).

The abstract value comes from a linear program and carries its rounding, so the equilibrium set is
taken with a slack, ``q'(∅) >= v'_i - tolerance`` (:data:`VALUE_TOLERANCE`): a set that contains
every exact equilibrium. The least loss computed is then at most the exact least, the most at
least the exact most. Solved with HiGHS through :mod:`scipy.optimize`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from scipy import sparse
from scipy.optimize import Bounds, LinearConstraint, linprog, milp

from lessons_lib import lp
from lessons_lib.games.base import Game, check_two_player_zero_sum
from lessons_lib.sums import SparseMatrix
from lessons_lib.validation import (
    as_finite_array,
    check_choice,
    check_integer,
    check_number,
    describe,
)

#: How far below the abstract game value a plan may guarantee and still count as an abstract
#: equilibrium (chips per hand): above the LP's rounding, far below any loss reported.
VALUE_TOLERANCE = 1e-8


@dataclass(frozen=True, eq=False)
class AbstractionLP:
    """The sequence forms of a real game and of its abstraction, the map ``P`` between their
    plans, and both games' values for player 1."""

    real: lp.SequenceForm
    abstract: lp.SequenceForm
    projection: dict[int, sparse.csr_matrix]  # P_i: real sequences x abstract sequences, 0/1
    real_value: float  # v*, player 1's value of the real game
    abstract_value: float  # v', player 1's value of the abstract game

    def value(self, player: int, abstract: bool = False) -> float:
        """``player``'s value of the real game (of the abstract one if ``abstract``)."""
        player = check_choice(player, (1, 2), "player")
        v = self.abstract_value if abstract else self.real_value
        return v if player == 1 else -v

    def counter(self, player: int) -> sparse.csr_matrix:
        """``M^T P``: the opponent's real sequences by ``player``'s abstract ones, so that
        ``M^T P x`` is ``c``, player ``i``'s payoff by the opponent's sequence. ``P`` picks one
        abstract sequence per real one, so ``M^T P`` adds up the columns of ``M^T`` that share an
        abstract sequence."""
        payoff = _payoff(self.real, player).T.tocoo()  # opponent's sequences x player's real ones
        image = self.projection[player].tocoo()
        abstract_of = np.zeros(image.shape[0], dtype=int)
        abstract_of[image.row] = image.col
        shape = (payoff.shape[0], image.shape[1])
        return sparse.coo_matrix(
            (payoff.data, (payoff.row, abstract_of[payoff.col])), shape
        ).tocsr()


def abstraction_lp(real: Game, abstract: Game, abstract_key: Callable[[str], str]) -> AbstractionLP:
    """The linear-programming view of ``abstract``, an abstraction of ``real`` whose information
    set of the real information set ``K`` is ``abstract_key(K)``. ``abstract`` must be ``real``
    with information sets merged: the same histories, chance and payoffs
    (:class:`~lessons_lib.abstraction.abstract_game.AbstractLeduc` is one, with
    ``abstract_key=abstract.abstract_key``)."""
    check_two_player_zero_sum(real, "an abstraction's linear program")
    check_two_player_zero_sum(abstract, "an abstraction's linear program")
    if not callable(abstract_key):
        raise ValueError(
            f"abstract_key must map a real key to an abstract one, got {describe(abstract_key)}"
        )
    merged = _merged_keys(real, abstract, abstract_key)
    real_form, real_value = _solved(real)
    abstract_form = lp.sequence_form(abstract)
    projection = {p: _projection(real_form, abstract_form, merged, p) for p in (1, 2)}
    _, abstract_value = lp.optimal_plan(abstract_form, 1)
    return AbstractionLP(real_form, abstract_form, projection, real_value, abstract_value)


def real_loss(problem: AbstractionLP, player: int, plan: np.ndarray) -> float:
    """``L_i(x) = v*_i - W(x)``: what the real best responder gains beyond the real game value
    against ``player``'s abstract realisation plan ``plan``, played in the real game. ``W`` by
    backward induction over the opponent's real information sets, not by a linear program."""
    problem, player, plan = _checked_plan(problem, player, plan)
    worst, _ = _worst_case(problem.real, 3 - player, _times(problem.counter(player), plan))
    return problem.value(player) - worst


def abstract_loss(problem: AbstractionLP, player: int, plan: np.ndarray) -> float:
    """``v'_i - W'(x)``: what a best responder *bound by the abstraction* gains beyond the
    abstract game value against ``plan``; zero (up to rounding) exactly at an abstract
    equilibrium strategy."""
    problem, player, plan = _checked_plan(problem, player, plan)
    payoff = _times(_payoff(problem.abstract, player).T, plan)
    worst, _ = _worst_case(problem.abstract, 3 - player, payoff)
    return problem.value(player, abstract=True) - worst


def least_equilibrium_loss(problem: AbstractionLP, player: int) -> tuple[float, np.ndarray]:
    """The least real loss ``L_i`` over ``player``'s abstract equilibrium strategies (module
    docstring), and an abstract plan that attains it: one linear program."""
    problem, player = _checked(problem, player)
    plan, worst = _Program(problem, player, equilibrium=True).maximise_worst_case()
    return problem.value(player) - worst, plan


def best_abstract_loss(problem: AbstractionLP, player: int) -> tuple[float, np.ndarray]:
    """The least real loss ``L_i`` over *every* abstract strategy of ``player``, and a plan that
    attains it: ``player``'s part of an equilibrium of the game where only ``player`` is
    abstracted (CFR-BR's target), one linear program."""
    problem, player = _checked(problem, player)
    plan, worst = _Program(problem, player, equilibrium=False).maximise_worst_case()
    return problem.value(player) - worst, plan


def most_equilibrium_loss(
    problem: AbstractionLP, player: int, time_limit: float = 600.0
) -> tuple[float, float]:
    """The most real loss ``L_i`` over ``player``'s abstract equilibrium strategies, as
    ``(lower, upper)`` bounds a hair apart (module docstring): a mixed-integer program, given at
    most ``time_limit`` seconds (``RuntimeError`` if it has not proved its optimum by then)."""
    problem, player = _checked(problem, player)
    time_limit = check_number(time_limit, "time_limit", minimum=0.0, open_minimum=True)
    program = _Program(problem, player, equilibrium=True, worst_case=False)
    plan, worst = program.minimise_worst_case(time_limit)
    return real_loss(problem, player, plan), problem.value(player) - worst


def search_most_equilibrium_loss(
    problem: AbstractionLP, player: int, starts: int = 8, seed: int = 0
) -> tuple[float, np.ndarray]:
    """A lower bound on the most real loss over ``player``'s abstract equilibria, and the
    equilibrium plan that attains it: from ``starts`` vertices of ``X'_i`` (each minimising a
    random linear objective, seeded by ``seed``), alternate the opponent's pure best response
    ``y`` to ``x`` and the plan of ``X'_i`` that does worst against ``y`` (a linear program),
    until the worst case stops falling: a local search of the bilinear program (Konno 1976's
    "mountain climbing"), whose every step is an abstract equilibrium."""
    problem, player = _checked(problem, player)
    starts = check_integer(starts, "starts", minimum=1)
    seed = check_integer(seed, "seed", minimum=0)
    program = _Program(problem, player, equilibrium=True, worst_case=False)
    rng = np.random.default_rng(seed)
    best_worst, best_plan = np.inf, None
    for _ in range(starts):
        plan = program.minimise_payoff(rng.standard_normal(program.n_x))
        worst, response = _worst_case(problem.real, 3 - player, _times(program.counter, plan))
        while True:
            candidate = program.minimise_payoff(_times(program.counter.T, response))
            lower, answer = _worst_case(
                problem.real, 3 - player, _times(program.counter, candidate)
            )
            if lower >= worst - VALUE_TOLERANCE:
                break
            plan, worst, response = candidate, lower, answer
        if worst < best_worst:
            best_worst, best_plan = worst, plan
    return problem.value(player) - best_worst, best_plan


# The programs.


class _Program:
    """The variables and constraints of one player's programs.

    Variables, in order: ``x`` (the abstract plan, ``>= 0``); if ``worst_case``, ``q`` (duals of
    the opponent's real constraints, free, with ``C_o^T q <= M^T P x``, so ``q(∅) <= W(x)``); if
    ``equilibrium``, ``q'`` (duals of the opponent's abstract constraints, free, with
    ``C'_o^T q' <= M'^T x`` and ``q'(∅) >= v'_i - tolerance``, so ``x`` is in ``X'_i``).
    """

    def __init__(
        self, problem: AbstractionLP, player: int, equilibrium: bool, worst_case: bool = True
    ) -> None:
        self.problem, self.player = problem, player
        opponent = 3 - player
        real, abstract = problem.real, problem.abstract
        own = abstract.constraints[player]
        self.n_x = own.shape[1]
        self.counter = problem.counter(player)
        n_q = real.constraints[opponent].shape[0] if worst_case else 0
        n_q_abstract = abstract.constraints[opponent].shape[0] if equilibrium else 0
        self.first_q = self.n_x  # q(∅), when there is a q
        self.n_vars = self.n_x + n_q + n_q_abstract
        rows, limits = [], []
        if worst_case:  # C_o^T q - M^T P x <= 0
            duals = real.constraints[opponent].T
            rows.append(sparse.hstack([-self.counter, duals, _zeros(duals.shape[0], n_q_abstract)]))
            limits.append(np.zeros(duals.shape[0]))
        if equilibrium:  # C'_o^T q' - M'^T x <= 0 and -q'(∅) <= -(v'_i - tolerance)
            duals = abstract.constraints[opponent].T
            abstract_payoff = _payoff(abstract, player)
            rows.append(sparse.hstack([-abstract_payoff.T, _zeros(duals.shape[0], n_q), duals]))
            limits.append(np.zeros(duals.shape[0]))
            guarantee = sparse.csr_matrix(([-1.0], ([0], [self.n_x + n_q])), shape=(1, self.n_vars))
            rows.append(guarantee)
            limits.append(np.array([VALUE_TOLERANCE - problem.value(player, abstract=True)]))
        self.a_ub = sparse.vstack(rows).tocsr() if rows else _zeros(0, self.n_vars)
        self.b_ub = np.concatenate(limits) if limits else np.zeros(0)
        self.a_eq = sparse.hstack([own, _zeros(own.shape[0], self.n_vars - self.n_x)]).tocsr()
        self.b_eq = _start(own.shape[0])
        self.lower = np.concatenate([np.zeros(self.n_x), np.full(self.n_vars - self.n_x, -np.inf)])
        self.upper = np.full(self.n_vars, np.inf)

    def minimise(self, objective: np.ndarray) -> np.ndarray:
        """The variables that minimise ``objective`` (over all of them) under the constraints."""
        result = linprog(
            objective,
            A_ub=self.a_ub if self.a_ub.shape[0] else None,
            b_ub=self.b_ub if self.a_ub.shape[0] else None,
            A_eq=self.a_eq,
            b_eq=self.b_eq,
            bounds=np.column_stack([self.lower, self.upper]),
            method="highs",
            options=lp.SOLVER_OPTIONS,
        )
        if result.status != 0:
            raise RuntimeError(f"a program of player {self.player} failed: {result.message}")
        return result.x

    def maximise_worst_case(self) -> tuple[np.ndarray, float]:
        """``max q(∅)``: a plan with the largest real worst case ``W(x)``, and ``W`` there."""
        objective = np.zeros(self.n_vars)
        objective[self.first_q] = -1.0
        solution = self.minimise(objective)
        return np.maximum(solution[: self.n_x], 0.0), float(solution[self.first_q])

    def minimise_payoff(self, payoff: np.ndarray) -> np.ndarray:
        """A plan that minimises ``payoff^T x`` (``payoff`` over the abstract sequences)."""
        objective = np.zeros(self.n_vars)
        objective[: self.n_x] = payoff
        return np.maximum(self.minimise(objective)[: self.n_x], 0.0)

    def minimise_worst_case(self, time_limit: float) -> tuple[np.ndarray, float]:
        """``min W(x)`` over the allowed plans, by a mixed-integer program (module docstring):
        the plan found and the optimum."""
        real, opponent = self.problem.real, 3 - self.player
        tree = real.game.tree
        sets = real.info_sets[opponent]
        parents = real.parent_sequence[opponent]
        widths = tree.n_actions[sets].astype(int)
        n_seq = real.n_sequences(opponent)
        spread = _spreads(self.counter, parents, widths)
        n_base = self.n_vars  # x and q'
        first_v, first_b = n_base, n_base + len(sets)
        n_vars = first_b + n_seq - 1
        set_of = np.repeat(np.arange(len(sets)), widths)  # the set of each sequence 1, 2, ...
        # V_J - c_t(x) - sum V_J' - S_J b_t >= -S_J for every sequence t of J: row t - 1.
        rows = [np.arange(n_seq - 1)]
        columns = [first_v + set_of]
        values = [np.ones(n_seq - 1)]
        after = np.flatnonzero(parents > 0)  # sets reached by a sequence t (not the empty one)
        rows.append(parents[after] - 1)
        columns.append(first_v + after)
        values.append(-np.ones(len(after)))
        rows.append(np.arange(n_seq - 1))
        columns.append(first_b + np.arange(n_seq - 1))
        values.append(-spread[set_of])
        links = sparse.csr_matrix(
            (np.concatenate(values), (np.concatenate(rows), np.concatenate(columns))),
            shape=(n_seq - 1, n_vars),
        )
        pin = links + sparse.hstack([-self.counter[1:], _zeros(n_seq - 1, n_vars - self.n_x)])
        pin_low = -spread[set_of]
        choose = sparse.csr_matrix(
            (np.ones(n_seq - 1), (set_of, first_b + np.arange(n_seq - 1))),
            shape=(len(sets), n_vars),
        )
        widen = sparse.hstack([self.a_ub, _zeros(self.a_ub.shape[0], n_vars - n_base)])
        equal = sparse.hstack([self.a_eq, _zeros(self.a_eq.shape[0], n_vars - n_base)])
        objective = np.zeros(n_vars)
        objective[: self.n_x] = self.counter[0].toarray().ravel()
        objective[first_v + np.flatnonzero(parents == 0)] = 1.0
        lower = np.concatenate([self.lower, np.full(len(sets), -np.inf), np.zeros(n_seq - 1)])
        upper = np.concatenate([self.upper, np.full(len(sets), np.inf), np.ones(n_seq - 1)])
        result = milp(
            objective,
            constraints=[
                LinearConstraint(widen.tocsr(), -np.inf, self.b_ub),
                LinearConstraint(equal.tocsr(), self.b_eq, self.b_eq),
                LinearConstraint(pin.tocsr(), pin_low, np.inf),
                LinearConstraint(choose.tocsr(), 1.0, 1.0),
            ],
            bounds=Bounds(lower, upper),
            integrality=np.concatenate([np.zeros(first_b), np.ones(n_seq - 1)]),
            options={"time_limit": time_limit, "mip_rel_gap": 0.0},
        )
        if result.x is not None:
            self.last = result
        if result.status != 0 or result.x is None:
            raise RuntimeError(
                f"the most-loss program of player {self.player} did not finish: {result.message}"
            )
        return np.maximum(result.x[: self.n_x], 0.0), float(result.fun)


def _worst_case(
    form: lp.SequenceForm, opponent: int, payoff: np.ndarray
) -> tuple[float, np.ndarray]:
    """``min_y payoff^T y`` over ``opponent``'s real plans, and a pure plan ``y`` that attains
    it: backward induction over the opponent's information sets, ``V_J = min_{t in J} (payoff_t
    + sum_{J' reached by t} V_J')`` (ties to the first action), the value ``payoff_∅ + sum V_J``
    over the first sets; then ``y`` is 1 on the chosen sequences below the empty one."""
    tree = form.game.tree
    sets = form.info_sets[opponent]
    parents = form.parent_sequence[opponent]
    widths = tree.n_actions[sets].astype(int)
    firsts = 1 + np.concatenate([[0], np.cumsum(widths)[:-1]]).astype(int)
    value = np.array(payoff, dtype=float)  # becomes W_t as the sets below t are added
    depth = np.array([_depth(tree, int(k)) for k in sets])
    order = sorted(range(len(sets)), key=lambda r: -depth[r])  # deepest first
    chosen = np.zeros(len(sets), dtype=int)
    for r in order:
        actions = value[firsts[r] : firsts[r] + widths[r]]
        chosen[r] = firsts[r] + int(np.argmin(actions))
        value[parents[r]] += actions.min()
    plan = np.zeros(len(value))
    plan[0] = 1.0
    for r in reversed(order):  # shallowest first: a set's parent weight is known
        plan[chosen[r]] = plan[parents[r]]
    return float(value[0]), plan


def _depth(tree, k: int) -> int:
    """How many steps deep the information set ``k``'s histories lie (all alike)."""
    return int(np.searchsorted([level.stop for level in tree.levels], tree.members[k][0], "right"))


def _spreads(counter: sparse.csr_matrix, parents: np.ndarray, widths: np.ndarray) -> np.ndarray:
    """``S_J`` for each opponent information set ``J``: twice the largest ``|W_t|`` that any
    pure continuation can reach after an action ``t`` of ``J``, every plan weight being at most
    1: ``|W_t| <= sum_s |c[t, s]| + sum over the sets J' reached by t of max_{t' in J'} |W_t'|``.
    Then ``V_J - W_t >= -S_J`` holds at every action ``t`` that is not chosen."""
    size = np.asarray(abs(counter).sum(axis=1)).ravel()  # sum_s |c[t, s]| for each sequence
    firsts = 1 + np.concatenate([[0], np.cumsum(widths)[:-1]]).astype(int)
    reached: dict[int, list[int]] = {}
    for r, parent in enumerate(parents):
        reached.setdefault(int(parent), []).append(r)
    sequence_bound: dict[int, float] = {}
    set_bound = np.zeros(len(widths))

    def bound(t: int) -> float:
        if t not in sequence_bound:
            sequence_bound[t] = float(size[t]) + sum(best(r) for r in reached.get(t, ()))
        return sequence_bound[t]

    def best(r: int) -> float:
        set_bound[r] = max(bound(t) for t in range(firsts[r], firsts[r] + int(widths[r])))
        return float(set_bound[r])

    for r in range(len(widths)):
        best(r)
    return 2.0 * set_bound


@lru_cache(maxsize=4)
def _solved(real: Game) -> tuple[lp.SequenceForm, float]:
    """``real``'s sequence form and player 1's value, made once per game (a sweep of abstractions
    of one game needs them every time; at 13 ranks they take seconds)."""
    form = lp.sequence_form(real)
    return form, lp.optimal_plan(form, 1)[1]


def _merged_keys(real: Game, abstract: Game, abstract_key: Callable[[str], str]) -> np.ndarray:
    """For each real information set (in ``real.tree.keys`` order) its abstract one's index in
    ``abstract.tree.keys``, after checking that ``abstract`` is ``real`` with sets merged."""
    real_tree, abstract_tree = real.tree, abstract.tree
    merged = []
    for key in real_tree.keys:
        image = abstract_key(key)
        if not isinstance(image, str) or image not in abstract_tree.key_index:
            raise ValueError(
                f"abstract_key must map {key!r} to an information set of {abstract!r}, got "
                f"{describe(image)}"
            )
        merged.append(abstract_tree.key_index[image])
    merged = np.array(merged, dtype=int)
    same = (
        len(real_tree.histories) == len(abstract_tree.histories)
        and np.array_equal(real_tree.parent, abstract_tree.parent)
        and np.array_equal(real_tree.chance, abstract_tree.chance)
        and np.array_equal(real_tree.returns, abstract_tree.returns)
        and np.array_equal(
            np.where(real_tree.info_set >= 0, merged[np.maximum(real_tree.info_set, 0)], -1),
            abstract_tree.info_set,
        )
    )
    if not same:
        raise ValueError(
            f"abstract {abstract!r} must be real {real!r} with information sets merged by "
            "abstract_key (same histories, chance and payoffs)"
        )
    return merged


def _projection(
    real: lp.SequenceForm, abstract: lp.SequenceForm, merged: np.ndarray, player: int
) -> sparse.csr_matrix:
    """``P``: the 0/1 matrix that gives the real sequence ``(I, a)`` the weight of the abstract
    sequence ``(f(I), a)`` (and the empty sequence the empty one's)."""
    real_tree, abstract_tree = real.game.tree, abstract.game.tree
    abstract_sequence = np.zeros(abstract_tree.size, dtype=int)  # flat entry -> its sequence
    abstract_sequence[abstract.sequences[player]] = 1 + np.arange(len(abstract.sequences[player]))
    rows, columns = [0], [0]
    for k in real.info_sets[player]:
        image = merged[k]
        for a in range(int(real_tree.n_actions[k])):
            rows.append(len(rows))
            columns.append(int(abstract_sequence[abstract_tree.offset[image] + a]))
    shape = (real.n_sequences(player), abstract.n_sequences(player))
    return sparse.csr_matrix((np.ones(len(rows)), (rows, columns)), shape=shape)


def _payoff(form: lp.SequenceForm, player: int) -> sparse.csr_matrix:
    """``player``'s payoff matrix: ``A`` for player 1, ``-A^T`` for player 2."""
    return form.payoff.tocsr() if player == 1 else (-form.payoff.T).tocsr()


def _times(matrix: sparse.spmatrix, vector: np.ndarray) -> np.ndarray:
    """``matrix`` times ``vector``, summed in a fixed order (:class:`lessons_lib.sums.SparseMatrix`)
    so that the same inputs give the same bits on every machine."""
    entries = matrix.tocoo()
    return SparseMatrix.summed(entries.row, entries.col, entries.data, entries.shape).times(vector)


def _zeros(rows: int, columns: int) -> sparse.csr_matrix:
    return sparse.csr_matrix((rows, columns))


def _start(rows: int) -> np.ndarray:
    """``e``: 1 for the empty sequence's row, 0 for the information sets'."""
    start = np.zeros(rows)
    start[0] = 1.0
    return start


def _checked_plan(
    problem: object, player: object, plan: object
) -> tuple[AbstractionLP, int, np.ndarray]:
    """``problem``, ``player`` and ``plan``, a vector over ``player``'s abstract sequences."""
    problem, player = _checked(problem, player)
    plan = as_finite_array(plan, "plan")
    if plan.shape != (problem.abstract.n_sequences(player),):
        raise ValueError(
            f"plan must hold one weight per abstract sequence of player {player} "
            f"({problem.abstract.n_sequences(player)}), got shape {plan.shape}"
        )
    return problem, player, plan


def _checked(problem: object, player: object) -> tuple[AbstractionLP, int]:
    if not isinstance(problem, AbstractionLP):
        raise ValueError(
            f"problem must be an AbstractionLP (made by abstraction_lp), got {describe(problem)}"
        )
    return problem, check_choice(player, (1, 2), "player")
