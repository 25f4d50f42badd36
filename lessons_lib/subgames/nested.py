"""Nested subgame solving on a no-limit river: an off-tree bet answered by re-solving, not by
translation (Brown and Sandholm 2017, "Safe and nested subgame solving for imperfect-information
games", the section on nested subgame solving; Libratus, Brown and Sandholm 2018).

**The setting** is Chapter 10's (:mod:`lessons_lib.abstraction.actions`). The *real* river
offers a fine grid of bet sizes, one decision per player and no raises: player 1 checks or bets;
player 2 folds or calls a bet or, after a check, checks or bets, and player 1 folds or calls.
The *blueprint* is an equilibrium (to a target) of the abstract river with a coarse menu of sizes
plus all-in, played by both players. A size of the grid outside the menu is *off-tree*.

**Who bets, who answers.** Off-tree bets come from the *bettor* B, at its decision node d: player
1 at the root, or player 2 after player 1's check. The blueprint never bets off-tree, so in the
real river only a best-responding B does; the *responder* R = 3 - B, who plays the blueprint,
then faces a bet x that its blueprint has no answer for, and must fold or call (there are no
raises). The three ways of answering measured here change nothing but R's fold-or-call at the
nodes "bet x" with x off-tree:

- ``"translation"``: Chapter 10's pseudo-harmonic translation, R reads x as its neighbouring
  menu sizes and mixes their answers (:func:`~lessons_lib.abstraction.actions.translated_strategy`).
- ``"unsafe"``: R re-solves the subgame after x. Here that subgame is R's one decision, so its
  solution, once B's range there is fixed, is R's best response to that range: call with h exactly
  when calling is worth at least folding (ties keep the translation's answer). B's range at x is
  the one the blueprint *brings* to x under translation, ``y(h) = sum_A f_A(x) pi_B(d.A, h)``:
  the blueprint's reach of the menu sizes A that x is read as, mixed with the pseudo-harmonic
  probabilities ``f_A(x)``. Exact and closed form (:func:`unsafe_answer`). Unsafe because the
  range is an assumption about B's play, which B is free to break.
- ``"safe"``: the re-solve gadget of nested subgame solving. B, holding h at d, may decline to
  bet x and take its *alternative* ``A(h) = max_{a in menu} CBV_B(d.a, h)``, the counterfactual
  best-response value of its best menu action against R's blueprint; or it bets x and R's answer
  applies. R answers to minimise what B gets from the gadget,

      min_c sum_h w_B(h) max(A(h), V_x(h, c)),
      V_x(h, c) = (1/Z) sum_{g compatible with h} rho(g) [F (1 - c(g)) + c(g) S sign(h, g)],

  where ``c(g)`` is R's probability of calling with g, ``rho(g)`` R's reach of d (its range
  weight times its own earlier probabilities), ``Z`` the river's deal normaliser, ``F`` what B
  wins when R folds and ``S`` the stake of a called showdown (chips, B's sign). ``V_x`` is linear
  in c, so the gadget is the linear program ``min sum_h w_B(h) t(h)`` subject to ``t(h) >= A(h)``,
  ``t(h) >= V_x(h, c)`` and ``0 <= c <= 1``, solved by HiGHS (:func:`safe_answer`). B's range
  enters only through the weights ``w_B``: nothing is assumed about which hands bet x.

**What the safe gadget guarantees.** B's best response at d in the real river is worth
``sum_h w_B(h) max(A(h), max_x V_x(h))``. If the gadget's optimum keeps every hand at its
alternative (``V_x(h) <= A(h)`` for all h, so the optimum is ``sum_h w_B(h) A(h)``), the size x
gains B nothing over the menu; if that holds for every off-tree size, the real exploitability
equals the blueprint's in-abstraction one. Where no answer holds every hand to its alternative,
the gadget's answer is the one that concedes the least to a bettor who may add x to the menu:
its objective *is* that bettor's best-response value.

**Measured** (:func:`measure_nested`): for each method, the real exploitability (both best
responders free to bet any size of the grid, exact, by the public-tree engine's sweeps), and the
*loss of each off-tree size x*: how much the exploitability grows when the best responders may
bet x besides the menu, ``(G_1(x) + G_2(x)) / 2`` in percent of the pot, with ``G_B(x) =
sum_h w_B(h) (max(A(h), V_x(h)) - A(h))`` B's gain from x (player 1's at the root, player 2's
after a check).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import sparse
from scipy.optimize import linprog

from lessons_lib.abstraction.actions import (
    abstract_river,
    bet_fraction,
    translate,
    translated_strategy,
)
from lessons_lib.games.ranges import check_player
from lessons_lib.holdem.river import RiverGame
from lessons_lib.holdem.showdown import compatible
from lessons_lib.holdem.solver import RiverSolver, solve_river
from lessons_lib.lp import SOLVER_OPTIONS as LP_OPTIONS
from lessons_lib.validation import (
    as_finite_vector,
    check_choice,
    check_instance,
    check_number,
    describe,
    list_of,
)

#: The ways of answering an off-tree bet (module docstring).
NESTED_METHODS = ("translation", "unsafe", "safe")

#: Digits to which pot fractions are rounded before they are compared (as Chapter 10 does).
DIGITS = 9


@dataclass(frozen=True)
class OffTreeBet:
    """One off-tree bet of the real river: the responder's decision ``node`` facing it, the
    ``bettor``'s decision node ``parent`` it comes from, its ``fraction`` of the pot and its
    ``amount`` in river chips (what the bettor has put in)."""

    node: int
    parent: int
    bettor: int
    fraction: float
    amount: float

    @property
    def responder(self) -> int:
        """The player who faces the bet."""
        return 3 - self.bettor


@dataclass(frozen=True, eq=False)
class RiverBlueprint:
    """An abstract river's solution, to be played in ``real``: ``abstract`` is
    :func:`~lessons_lib.abstraction.actions.abstract_river` of ``real``, ``strategies`` both
    players' tables in ``abstract``'s layout, ``abstract_percent`` their exploitability within
    ``abstract`` (percent of the pot). Checked when built; ``translated`` then holds both
    tables translated into ``real``'s layout (Chapter 10's translation)."""

    real: RiverGame
    abstract: RiverGame
    strategies: Mapping[int, np.ndarray]
    abstract_percent: float

    def __post_init__(self) -> None:
        check_instance(self.real, RiverGame, "real", "a RiverGame")
        check_instance(self.abstract, RiverGame, "abstract", "a RiverGame")
        if not (isinstance(self.strategies, Mapping) and set(self.strategies) == {1, 2}):
            raise ValueError(
                f"strategies must map players 1 and 2 to tables, got {describe(self.strategies)}"
            )
        # translated_strategy refuses an abstract river that is not the real one's, and a table
        # of the wrong shape or that is not a strategy.
        translated = {
            i: translated_strategy(self.real, self.abstract, i, self.strategies[i]) for i in (1, 2)
        }
        tables = {i: np.array(self.strategies[i], dtype=float) for i in (1, 2)}
        percent = check_number(self.abstract_percent, "abstract_percent", minimum=0.0)
        object.__setattr__(self, "strategies", tables)
        object.__setattr__(self, "translated", translated)
        object.__setattr__(self, "abstract_percent", percent)

    @property
    def menu(self) -> tuple[float, ...]:
        """The pot fractions of every bet of the abstract menu, all-in included, rounded."""
        tree = self.abstract.public_tree
        fractions = {
            round(bet_fraction(self.abstract, node), DIGITS)
            for node in tree.nodes[1:]
            if node.kind == "decision"
        }
        return tuple(sorted(f for f in fractions if f > 0))


def river_blueprint(
    real: RiverGame, sizes: Sequence[float], target_percent: float, **solver: object
) -> RiverBlueprint:
    """Solve the abstract river of ``sizes`` (plus all-in) to ``target_percent`` of the pot
    (options of :func:`~lessons_lib.holdem.solver.solve_river`) and keep its average strategy as
    the blueprint."""
    abstract = abstract_river(real, sizes)
    solved, history = solve_river(abstract, target_percent=target_percent, **solver)
    strategies = {i: solved.average_strategy(i) for i in (1, 2)}
    return RiverBlueprint(real, abstract, strategies, history[-1][1])


def off_tree_bets(blueprint: RiverBlueprint) -> tuple[OffTreeBet, ...]:
    """Every bet of the real river whose size is not on the blueprint's menu, in node order."""
    check_instance(blueprint, RiverBlueprint, "blueprint", "a RiverBlueprint")
    real, menu = blueprint.real, set(blueprint.menu)
    tree, found = real.public_tree, []
    for k in range(1, len(tree.nodes)):
        node = tree.nodes[k]
        if node.kind != "decision":
            continue
        fraction = round(bet_fraction(real, node), DIGITS)
        if fraction > 0 and fraction not in menu:
            bettor = 3 - node.player
            found.append(
                OffTreeBet(k, int(tree.parent[k]), bettor, fraction, node.put_in[bettor - 1])
            )
    return tuple(found)


def step_fraction(game: RiverGame, child: int) -> float:
    """The pot fraction (rounded) bet by the action into node ``child`` from a node that faces
    no bet: the chips the actor adds over the pot there (0 for a check)."""
    tree = game.public_tree
    parent = tree.nodes[int(tree.parent[child])]
    actor = int(tree.player[int(tree.parent[child])])
    added = tree.nodes[child].put_in[actor - 1] - parent.put_in[actor - 1]
    return round(added / (game.pot + sum(parent.put_in)), DIGITS)


# The ingredients of an answer: ranges, alternatives, the payoffs of folding and calling.


@dataclass(frozen=True, eq=False)
class FacingBet:
    """What an answer to one off-tree bet needs, all in the real river's units (values leave out
    the owner's weight and carry ``1 / Z``, as the engine's do): the bettor's weights ``w_B``
    at its node, its alternatives ``A`` (best menu action's counterfactual best-response value),
    the responder's reach ``rho``, the translation's answer (call probabilities) and the
    translation's belief ``y`` (the bettor's reach of the sizes the bet is read as)."""

    bet: OffTreeBet
    bettor_weights: np.ndarray
    alternatives: np.ndarray
    responder_reach: np.ndarray
    translation_calls: np.ndarray
    belief: np.ndarray
    fold_win: float  # F: what the bettor wins when the responder folds
    stake: float  # S: what a called showdown is worth to the winner


class NestedRiver:
    """The real river of ``blueprint`` with its solver, the blueprint's translated tables, and
    every off-tree bet's :class:`FacingBet` (made on first use)."""

    def __init__(self, blueprint: RiverBlueprint) -> None:
        self.blueprint = check_instance(blueprint, RiverBlueprint, "blueprint", "a RiverBlueprint")
        self.real = blueprint.real
        self.solver = RiverSolver(self.real)
        self.bets = off_tree_bets(blueprint)
        self.translated = blueprint.translated
        self.plans = {i: self.solver.plan_of(i, self.translated[i]) for i in (1, 2)}
        # CBV_B(d.a, h) for every row of each bettor, against the responder's blueprint
        # (translated: off-menu bets of the responder never happen, so these are the abstract
        # river's values at the menu's rows).
        self._best = {b: self.solver.action_values(b, self.plans[3 - b], None)[:-1] for b in (1, 2)}
        self._facing: dict[int, FacingBet] = {}

    def rows_at(self, player: int, node: int) -> np.ndarray:
        """The rows of ``player``'s tables at its decision ``node``."""
        rows = self.solver.rows[check_player(player)]
        return np.flatnonzero(self.solver.tree.parent[rows.child] == node)

    def bet_row(self, bet: OffTreeBet) -> int:
        """The bettor's row of the off-tree bet ``bet`` at its node."""
        rows = self.rows_at(bet.bettor, bet.parent)
        return int(rows[self.solver.rows[bet.bettor].child[rows] == bet.node][0])

    def menu_rows(self, bettor: int, node: int) -> np.ndarray:
        """The bettor's rows at ``node`` that the blueprint's menu has (check and menu bets)."""
        menu = set(self.blueprint.menu)
        rows = self.rows_at(bettor, node)
        child = self.solver.rows[bettor].child[rows]
        fractions = [step_fraction(self.real, int(c)) for c in child]
        return rows[[f == 0 or f in menu for f in fractions]]

    def facing(self, bet: OffTreeBet) -> FacingBet:
        """The :class:`FacingBet` of ``bet`` (one of :attr:`bets`)."""
        check_instance(bet, OffTreeBet, "bet", "an OffTreeBet")
        if bet not in self.bets:
            raise ValueError(f"bet {describe(bet)} is not an off-tree bet of this river")
        if bet.node not in self._facing:
            self._facing[bet.node] = self._facing_bet(bet)
        return self._facing[bet.node]

    def _facing_bet(self, bet: OffTreeBet) -> FacingBet:
        solver, b, r = self.solver, bet.bettor, bet.responder
        own = solver.rows[b]
        if own.last_row[bet.parent] != own.size:
            raise ValueError(f"the bettor of {describe(bet)} has acted before: not this river's")
        alternatives = self._best[b][self.menu_rows(b, bet.parent)].max(axis=0)
        reach = self.plans[r][solver.rows[r].last_row[bet.node]]
        answers = self.rows_at(r, bet.node)
        names = [solver.tree.action_name(int(c)) for c in solver.rows[r].child[answers]]
        if names != ["fold", "call"]:
            raise ValueError(f"{describe(bet)} must be answered by fold or call, got {names}")
        answer = self.translated[r][answers]
        belief = np.zeros_like(solver.initial[b])
        rows = {step_fraction(self.real, int(own.child[e])): e for e in self.rows_at(b, bet.parent)}
        for size, weight in translate(bet.fraction, self.blueprint.menu):
            belief += weight * self.plans[b][rows[round(size, DIGITS)]]
        node = solver.tree.nodes[bet.node]
        return FacingBet(
            bet=bet,
            bettor_weights=solver.initial[b].copy(),
            alternatives=alternatives,
            responder_reach=reach.copy(),
            translation_calls=answer[1].copy(),
            belief=belief,
            fold_win=self.real.pot / 2 + node.put_in[r - 1],
            stake=self.real.pot / 2 + node.put_in[b - 1],
        )

    def bet_values(self, facing: FacingBet, calls: object) -> np.ndarray:
        """``V_x(h, c)`` for each of the bettor's hands: what betting x is worth against the
        responder's call probabilities ``calls`` (module docstring), by the sorted card removal
        of :class:`~lessons_lib.holdem.showdown.CardRemoval`."""
        check_instance(facing, FacingBet, "facing", "a FacingBet")
        bet = facing.bet
        calls = _calls(calls, len(facing.responder_reach))
        removal = self.real.removal[bet.bettor]
        called = facing.responder_reach * calls
        mass = removal.mass(np.stack([facing.responder_reach, called]))
        showdown = removal.showdown(called[None, :])[0]
        net = facing.fold_win * (mass[0] - mass[1]) + facing.stake * showdown
        return net / self.real.normaliser

    def strategies(self, method: str) -> dict[int, np.ndarray]:
        """Both players' tables in the real river (its layout) when every off-tree bet is
        answered by ``method`` (:data:`NESTED_METHODS`); everything else is the blueprint's."""
        check_choice(method, NESTED_METHODS, "method")
        tables = {i: self.translated[i].copy() for i in (1, 2)}
        if method == "translation":
            return tables
        for bet in self.bets:
            facing = self.facing(bet)
            calls = unsafe_answer(self, facing) if method == "unsafe" else safe_answer(self, facing)
            fold, call = self.rows_at(bet.responder, bet.node)
            tables[bet.responder][fold] = 1.0 - calls
            tables[bet.responder][call] = calls
        return tables

    def gains(self, strategies: Mapping[int, np.ndarray]) -> np.ndarray:
        """``G_B(x)`` in chips for every off-tree bet (in :attr:`bets`' order): the bettor's
        best-response gain from adding x to the menu against ``strategies`` (the responder's
        tables: its answers to x; module docstring), by the engine's best-response values."""
        values = {}
        for b in (1, 2):
            plan = self.solver.plan_of(3 - b, strategies[3 - b])
            values[b] = self.solver.action_values(b, plan, None)
        gains = []
        for bet in self.bets:
            b = bet.bettor
            menu = values[b][self.menu_rows(b, bet.parent)].max(axis=0)
            excess = np.maximum(values[b][self.bet_row(bet)] - menu, 0.0)
            gains.append(float(np.add.reduce(self.solver.initial[b] * excess)))
        return np.array(gains)


def unsafe_answer(river: NestedRiver, facing: FacingBet) -> np.ndarray:
    """The unsafe re-solve's call probabilities: the responder's best response to the bettor's
    translated range ``facing.belief`` (module docstring). A hand calls when calling is worth
    more than folding against that range, folds when less; a tie (within 1e-12 of the stakes,
    as when the range is empty against it) keeps the translation's answer."""
    check_instance(river, NestedRiver, "river", "a NestedRiver")
    check_instance(facing, FacingBet, "facing", "a FacingBet")
    removal = river.real.removal[facing.bet.responder]
    mass = removal.mass(facing.belief[None, :])[0]
    showdown = removal.showdown(facing.belief[None, :])[0]
    call_minus_fold = facing.stake * showdown + facing.fold_win * mass
    scale = 1e-12 * (facing.stake + facing.fold_win) * max(float(facing.belief.sum()), 1e-300)
    calls = facing.translation_calls.copy()
    calls[call_minus_fold > scale] = 1.0
    calls[call_minus_fold < -scale] = 0.0
    return calls


def safe_answer(river: NestedRiver, facing: FacingBet) -> np.ndarray:
    """The safe re-solve's call probabilities: the optimum of the gadget's linear program
    (module docstring), in units multiplied by ``Z``. The responder's hands that never reach the
    node (``rho = 0``) keep the translation's answer (they change no value)."""
    check_instance(river, NestedRiver, "river", "a NestedRiver")
    check_instance(facing, FacingBet, "facing", "a FacingBet")
    calls, _ = gadget_solution(river, facing)
    return calls


def gadget_solution(river: NestedRiver, facing: FacingBet) -> tuple[np.ndarray, float]:
    """The gadget's optimal call probabilities and its optimum ``sum_h w_B(h) max(A(h),
    V_x(h, c))`` in chips (the bettor's best-response value at its node when it may bet x
    besides the menu)."""
    bet, real = facing.bet, river.real
    b, r = bet.bettor, bet.responder
    live = np.flatnonzero(facing.responder_reach > 0.0)
    calls = facing.translation_calls.copy()
    weights = facing.bettor_weights
    n_b = weights.size
    # Z V_x(h, c) = F mass(h) + sum_g K[h, g] c(g), K = compatible * rho * (S sign - F).
    fits = compatible(real.combos[b], real.combos[r][live])
    sign = np.sign(real.strength[b][:, None] - real.strength[r][live][None, :])
    slope = fits * facing.responder_reach[live] * (facing.stake * sign - facing.fold_win)
    base = facing.fold_win * real.removal[b].mass(facing.responder_reach[None, :])[0]
    alternatives = facing.alternatives * real.normaliser
    # Variables: t (one per bettor hand), then c (one per live responder hand).
    objective = np.concatenate([weights, np.zeros(live.size)])
    rows = sparse.hstack([-sparse.identity(n_b), sparse.csr_matrix(slope)]).tocsr()
    result = linprog(
        objective,
        A_ub=rows,
        b_ub=-base,
        bounds=[(a, None) for a in alternatives] + [(0.0, 1.0)] * live.size,
        method="highs",
        options=LP_OPTIONS,
    )
    if result.status != 0:
        raise RuntimeError(f"the gadget of {describe(bet)} failed: {result.message}")
    calls[live] = np.clip(result.x[n_b:], 0.0, 1.0)
    return calls, float(result.fun) / real.normaliser


# Measuring.


@dataclass(frozen=True)
class NestedMeasurement:
    """The blueprint's ``menu`` (pot fractions, all-in included), its in-abstraction
    exploitability, and for each method of ``methods``: the real exploitability
    (``real_percent``) and the loss of each off-tree size (``loss_percent[method]``: one row per
    bettor, player 1 at the root and player 2 after a check, one column per size of ``sizes``;
    each entry half the bettor's gain, so a column's sum is the size's loss), percent of the
    pot."""

    menu: tuple[float, ...]
    sizes: tuple[float, ...]
    abstract_percent: float
    methods: tuple[str, ...]
    real_percent: Mapping[str, float]
    loss_percent: Mapping[str, np.ndarray]

    def table(self) -> pd.DataFrame:
        """One row per off-tree size (percent of the pot), one column per method: the size's
        loss (both bettors) in percent of the pot."""
        return pd.DataFrame(
            {m: np.add.reduce(self.loss_percent[m], axis=0) for m in self.methods},
            index=pd.Index([round(100 * s, 6) for s in self.sizes], name="bet (% of pot)"),
        )


def measure_nested(
    blueprint: RiverBlueprint, methods: Iterable[str] = NESTED_METHODS
) -> NestedMeasurement:
    """Every method of ``methods`` measured on ``blueprint``'s real river (module docstring):
    the real exploitability and each off-tree size's loss, exact."""
    river = NestedRiver(blueprint)
    chosen = tuple(check_choice(m, NESTED_METHODS, "method") for m in list_of(methods, "methods"))
    if not chosen or len(set(chosen)) != len(chosen):
        raise ValueError(f"methods must name some of {NESTED_METHODS} once each, got {chosen!r}")
    if not river.bets:
        raise ValueError("the blueprint's menu has every size of the real river: nothing is off")
    sizes = tuple(sorted({bet.fraction for bet in river.bets}))
    column = {s: k for k, s in enumerate(sizes)}
    pot = blueprint.real.pot
    real_percent, loss_percent = {}, {}
    for method in chosen:
        tables = river.strategies(method)
        real_percent[method] = river.solver.exploitability_percent(tables)
        loss = np.zeros((2, len(sizes)))
        for bet, gain in zip(river.bets, river.gains(tables), strict=True):
            loss[bet.bettor - 1, column[bet.fraction]] += 100.0 * gain / (2.0 * pot)
        loss_percent[method] = loss
    return NestedMeasurement(
        menu=blueprint.menu,
        sizes=sizes,
        abstract_percent=blueprint.abstract_percent,
        methods=chosen,
        real_percent=real_percent,
        loss_percent=loss_percent,
    )


def _calls(calls: object, size: int) -> np.ndarray:
    """``calls`` as ``size`` probabilities."""
    vector = as_finite_vector(calls, "calls", size)
    if np.any((vector < 0.0) | (vector > 1.0)):
        raise ValueError(f"calls must be probabilities, got {describe(calls)}")
    return vector
