"""Bad input to the poker modules is refused clearly (issue 14, part C).

The modules: ``holdem`` (cards, ranges, strength, showdown, river, solver, sequence_form),
``cfr.public_tree`` (the engine that solves the river; on Kuhn poker too) and ``games.ranges``,
``abstraction`` (hand_strength, bucketing, abstract_game, mapping, measurement, actions),
``plots.holdem``, ``plots.abstraction`` and ``widgets.river``. As in
``test_bad_input_core``, a refusal is exactly a ``ValueError`` whose message names the argument and
stays short; extreme values that are admissible give finite answers without a numpy warning.
Properties (hypothesis): any range string made of valid tokens parses to weights in [0, 1]; any
other string is refused with a ValueError; any board or card list of junk is refused.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bad_input_core import assert_refused, numeric_cases  # the same bad values and rule
from test_public_tree import ZeroSumGuessing

from lessons_lib.abstraction import actions as action_abstraction
from lessons_lib.abstraction.abstract_game import AbstractLeduc, coarsen_tree
from lessons_lib.abstraction.bucketing import card_bucketing, kmeans_groups, percentile_groups
from lessons_lib.abstraction.hand_strength import (
    postflop_strength,
    preflop_strength,
    showdown_score,
)
from lessons_lib.abstraction.mapping import (
    abstract_exploitability,
    induced_policy,
    real_exploitability,
)
from lessons_lib.abstraction.measurement import (
    AbstractionMeasurement,
    measure_abstraction,
    measure_abstractions,
    measurement_table,
    pathologies,
    solve_abstraction,
)
from lessons_lib.cfr import PublicTreeEngine, solve, variant_named
from lessons_lib.cfr.public_tree import own_actions
from lessons_lib.core.state import average_strategy
from lessons_lib.games import KuhnPoker, LeducPoker
from lessons_lib.games.ranges import PublicTreeRanges, check_player
from lessons_lib.holdem import cards, ranges, sequence_form, showdown, strength
from lessons_lib.holdem.river import RiverGame
from lessons_lib.holdem.solver import RiverSolver, exploitability_curve, solve_river
from lessons_lib.plots import abstraction as abstraction_plots
from lessons_lib.plots import holdem as holdem_plots
from lessons_lib.policy import uniform_policy
from lessons_lib.regret_matching import regret_matching
from lessons_lib.widgets import river as river_widget

BOARD = "Ks9d7h4c2s"
BOARD_CARDS = cards.parse_board(BOARD)
RANGES = ("QQ+,AK", "JJ-99,AQ")
RIVER = RiverGame(BOARD, RANGES, 10.0, 20.0, bet_sizes=(0.75,), max_raises=1)


def solved(game: RiverGame, iterations: int) -> RiverSolver:
    """A CFR+ solver of ``game`` after ``iterations``."""
    solver = RiverSolver(game)
    solver.run(iterations)
    return solver


SOLVER = solved(RIVER, 3)
STRATEGIES = {i: SOLVER.average_strategy(i) for i in (1, 2)}
REACH = SOLVER.ranges(2)[RIVER.public_tree.terminals]  # player 2's ranges at the terminals
COMBOS = RIVER.combos[1]
OTHER = RIVER.combos[2]
REMOVAL = RIVER.removal[1]
RIVER_FULL = {i: action_abstraction._full_range(RIVER, i) for i in (1, 2)}
ONES = np.ones(len(OTHER))
REAL = RiverGame(BOARD, RANGES, 10.0, 20.0, bet_sizes=(0.5, 0.75, 1.0), max_raises=0)
SMALL = action_abstraction.abstract_river(REAL, (0.75,))
SMALL_STRATEGY = solved(SMALL, 2).average_strategy(1)
NODE = REAL.public_tree.nodes[0]
KUHN = KuhnPoker()
KUHN_RANGES = PublicTreeRanges(KUHN)
CFR = variant_named("cfr")


def kuhn_engine() -> PublicTreeEngine:
    """A fresh public-tree engine on Kuhn poker (CFR+)."""
    return PublicTreeEngine(KUHN, variant_named("cfr+"), "alternating")


KUHN_SOLVER = kuhn_engine()
KUHN_SOLVER.run(2)
KUHN_AT_TERMINALS = KUHN_SOLVER.ranges(2)[KUHN_RANGES.public_tree.terminals]
DECISIONS = own_actions(RIVER.public_tree, 1).segments
LEDUC = LeducPoker(ranks=3, suits=2, max_raises=1)
BUCKETING = card_bucketing(LEDUC, "strength", 2)
ABSTRACT = AbstractLeduc(LEDUC, BUCKETING)
ABSTRACT_POLICY = uniform_policy(ABSTRACT)
MEASURED = AbstractionMeasurement(BUCKETING, 10, 100, 1e-3, 0.1)
MENU = action_abstraction.ActionAbstraction((0.75,), 10, 0.1, 1.0)
SUMMARY = river_widget.summarise(SOLVER)
ONE_GRID = np.ones((13, 13))
MIX = np.stack([ONE_GRID * 0.25, ONE_GRID * 0.75])
GRID = np.zeros((13, 13))
EQUITY = np.array([0.2, 0.8])
WEIGHT = np.array([1.0, 1.0])

# Parameters of the poker modules: (name, call with the value, fragment, valid in NOT_NUMBERS).
NUMERIC = [
    # holdem.cards
    ("card_name", lambda v: cards.card_name(v), "card number", ()),
    ("parse_card", lambda v: cards.parse_card(v), "card", ()),
    ("parse_cards", lambda v: cards.parse_cards(v), "cards", ()),
    ("parse_cards entry", lambda v: cards.parse_cards(["As", v]), "card", ()),
    ("parse_board", lambda v: cards.parse_board(v), "board", ()),
    ("unblocked_combos", lambda v: cards.unblocked_combos([v, 1, 2, 3, 4]), "board", ()),
    ("combo_name", lambda v: cards.combo_name([v, 1]), "combo", ()),
    ("class_name", lambda v: cards.class_name([51, v]), "combo", ()),
    ("grid_cell", lambda v: cards.grid_cell([[v, 1]]), "combos", ()),
    ("class_combos", lambda v: cards.class_combos(v), "hand class", ()),
    ("grid_means.values", lambda v: cards.grid_means(COMBOS[:2], [v, 0.5], WEIGHT), "values", ()),
    ("grid_means.weights", lambda v: cards.grid_means(COMBOS[:2], WEIGHT, [v, 1]), "weights", ()),
    ("grid_means.combos", lambda v: cards.grid_means([[v, 1]], [1.0], [1.0]), "combos", ()),
    # holdem.ranges
    ("combo_weights", lambda v: ranges.combo_weights(v), "range", ()),
    ("parse_range.text", lambda v: ranges.parse_range(v, BOARD), "range", ()),
    ("parse_range.board", lambda v: ranges.parse_range("QQ+", v), "board", ()),
    ("token_combos", lambda v: ranges.token_combos(v), "range token", ()),
    # holdem.strength
    ("hand_strength.board", lambda v: strength.hand_strength([v, 1, 2, 3, 4], COMBOS), "board", ()),
    ("hand_strength.combos", lambda v: strength.hand_strength(BOARD_CARDS, [[v, 1]]), "combos", ()),
    ("hand_category", lambda v: strength.hand_category(v), "strength", ()),
    # holdem.showdown
    ("compatible.own", lambda v: showdown.compatible([[v, 1]], OTHER), "own", ()),
    ("compatible.other", lambda v: showdown.compatible(COMBOS, v), "other", ()),
    ("fold_matrix", lambda v: showdown.fold_matrix(v, OTHER), "own", ()),
    (
        "showdown_matrix.strength",
        lambda v: showdown.showdown_matrix(COMBOS[:1], OTHER[:1], [v], [1]),
        "own_strength",
        (),
    ),
    (
        "matrix_values.reach",
        lambda v: showdown.matrix_values(np.eye(2), [v, 1.0]),
        "reach",
        (),
    ),
    ("matrix_values.matrix", lambda v: showdown.matrix_values(v, [1.0, 1.0]), "matrix", ()),
    (
        "CardRemoval.of",
        lambda v: showdown.CardRemoval.of(COMBOS[:1], OTHER[:1], [v], [1]),
        "own_strength",
        (),
    ),
    ("CardRemoval.mass", lambda v: REMOVAL.mass([v, *ONES[1:]]), "reach", ()),
    ("CardRemoval.showdown", lambda v: REMOVAL.showdown([v, *ONES[1:]]), "reach", ()),
    ("CardRemoval.equity", lambda v: REMOVAL.equity([v, *ONES[1:]]), "reach", ()),
    # holdem.river
    ("RiverGame.board", lambda v: RiverGame(v, RANGES, 10.0, 20.0), "board", ()),
    ("RiverGame.ranges", lambda v: RiverGame(BOARD, v, 10.0, 20.0), "range", ()),
    ("RiverGame.range", lambda v: RiverGame(BOARD, (v, "AA"), 10.0, 20.0), "range", ()),
    (
        "RiverGame.weights",
        lambda v: RiverGame(BOARD, ([v] * 1081, "AA"), 10.0, 20.0),
        "range of player 1",
        (),
    ),
    ("RiverGame.pot", lambda v: RiverGame(BOARD, RANGES, v, 20.0), "pot", ()),
    ("RiverGame.stack", lambda v: RiverGame(BOARD, RANGES, 10.0, v), "stack", ()),
    ("RiverGame.bet_sizes", lambda v: RiverGame(BOARD, RANGES, 10.0, 20.0, (v,)), "bet size", ()),
    (
        "RiverGame.raise_size",
        lambda v: RiverGame(BOARD, RANGES, 10.0, 20.0, raise_size=v),
        "raise_size",
        (),
    ),
    (
        "RiverGame.max_raises",
        lambda v: RiverGame(BOARD, RANGES, 10.0, 20.0, max_raises=v),
        "max_raises",
        (),
    ),
    (
        "RiverGame.all_in",
        lambda v: RiverGame(BOARD, RANGES, 10.0, 20.0, all_in=v),
        "all_in",
        ("bool",),
    ),
    ("RiverGame.initial_range", lambda v: RIVER.initial_range(v), "player", ()),
    ("RiverGame.terminal_values.player", lambda v: RIVER.terminal_values(v, REACH), "player", ()),
    (
        "RiverGame.terminal_values.ranges",
        lambda v: RIVER.terminal_values(1, np.full_like(REACH, v) if is_float(v) else v),
        "ranges",
        (),
    ),
    ("RiverGame.equity", lambda v: RIVER.equity(v), "player", ()),
    ("RiverGame.hand_names", lambda v: RIVER.hand_names(v), "player", ()),
    ("RiverGame.moves", lambda v: RIVER.moves(v), "node", ()),
    ("RiverGame.actions", lambda v: RIVER.actions(v), "information set", ()),
    ("RiverTree.node_name", lambda v: RIVER.public_tree.node_name(v), "node", ()),
    ("RiverTree.action_name", lambda v: RIVER.public_tree.action_name(v), "node", ()),
    ("RiverTree.node_index", lambda v: RIVER.public_tree.node_index(v), "node", ()),
    ("RiverTree.decision_nodes", lambda v: RIVER.public_tree.decision_nodes(v), "player", ()),
    # holdem.solver
    ("RiverSolver.game", lambda v: RiverSolver(v), "game", ()),
    ("RiverSolver.variant", lambda v: RiverSolver(RIVER, v), "variant", ("None",)),
    ("RiverSolver.updates", lambda v: RiverSolver(RIVER, CFR, v), "updates", ("None",)),
    ("RiverSolver.averaging", lambda v: RiverSolver(RIVER, averaging=v), "averaging", ()),
    ("solve_river.alpha", lambda v: solve_river(RIVER, "dcfr", alpha=v), "alpha", ()),
    ("solve_river.algorithm", lambda v: solve_river(RIVER, v), "algorithm", ()),
    # 10**400 left out: run(10**400) would loop for ever, as it takes any integer unchecked.
    ("RiverSolver.run", lambda v: RiverSolver(RIVER).run(v), "iterations", ("10**400",)),
    (
        "RiverSolver.exploitability_percent",
        lambda v: SOLVER.exploitability_percent(v),
        "strategies",
        ("None",),
    ),
    ("RiverSolver.hand_values.player", lambda v: SOLVER.hand_values(v), "player", ()),
    (
        "RiverSolver.hand_values.strategies",
        lambda v: SOLVER.hand_values(1, v),
        "strategies",
        ("None",),
    ),
    ("solve_river.game", lambda v: solve_river(v), "game", ()),
    ("solve_river.target", lambda v: solve_river(RIVER, target_percent=v), "target_percent", ()),
    (
        "solve_river.max_iterations",
        lambda v: solve_river(RIVER, max_iterations=v),
        "max_iterations",
        (),
    ),
    ("solve_river.check_every", lambda v: solve_river(RIVER, check_every=v), "check_every", ()),
    (
        "exploitability_curve.checkpoints",
        lambda v: exploitability_curve(RIVER, "cfr", v),
        "checkpoints",
        ("list",),
    ),
    (
        "exploitability_curve.checkpoint",
        lambda v: exploitability_curve(RIVER, "cfr", [v]),
        "checkpoint",
        (),
    ),
    ("exploitability_curve.algorithm", lambda v: exploitability_curve(RIVER, v, [1]), "algo", ()),
    # cfr.public_tree (the engine on Kuhn poker's public tree, and on the river)
    ("PublicTreeEngine.game", lambda v: PublicTreeEngine(v, CFR, "simultaneous"), "game", ()),
    (
        "PublicTreeEngine.variant",
        lambda v: PublicTreeEngine(KUHN, v, "simultaneous"),
        "variant",
        (),
    ),
    ("PublicTreeEngine.updates", lambda v: PublicTreeEngine(KUHN, CFR, v), "updates", ()),
    (
        "PublicTreeEngine.averaging",
        lambda v: PublicTreeEngine(KUHN, CFR, "simultaneous", v),
        "averaging",
        (),
    ),
    # 10**400 left out: run(10**400) would loop for ever, as it takes any integer unchecked.
    ("PublicTreeEngine.run", lambda v: kuhn_engine().run(v), "iterations", ("10**400",)),
    ("PublicTreeEngine.start_from", lambda v: kuhn_engine().start_from(v), "regret", ("dict",)),
    (
        "PublicTreeEngine.start_from entry",
        lambda v: kuhn_engine().start_from({"J:": [v, 1.0]}),
        "J:",
        (),
    ),
    ("PublicTreeEngine.ranges", lambda v: KUHN_SOLVER.ranges(v), "player", ()),
    ("PublicTreeEngine.average_strategy", lambda v: KUHN_SOLVER.average_strategy(v), "player", ()),
    ("PublicTreeEngine.current_strategy", lambda v: KUHN_SOLVER.current_strategy(v), "player", ()),
    ("PublicTreeEngine.action_rows", lambda v: KUHN_SOLVER.action_rows(v), "player", ()),
    (
        "PublicTreeEngine.action_values.player",
        lambda v: KUHN_SOLVER.action_values(v, KUHN_SOLVER.plan[1]),
        "player",
        (),
    ),
    ("PublicTreeEngine.strategy_at.node", lambda v: SOLVER.strategy_at(v), "node", ()),
    (
        "PublicTreeEngine.strategy_at.strategy",
        lambda v: SOLVER.strategy_at("root", v),
        "strategy",
        ("None",),
    ),
    (
        "PublicTreeEngine.plan_of.player",
        lambda v: SOLVER.plan_of(v, STRATEGIES[1]),
        "player",
        (),
    ),
    ("PublicTreeEngine.plan_of.strategy", lambda v: SOLVER.plan_of(1, v), "strategy", ()),
    (
        "PublicTreeEngine.checked_strategy.player",
        lambda v: SOLVER.checked_strategy(v, STRATEGIES[1], "strategy"),
        "player",
        (),
    ),
    (
        "PublicTreeEngine.checked_strategy.strategy",
        lambda v: SOLVER.checked_strategy(1, v, "the strategy"),
        "the strategy",
        (),
    ),
    (
        "PublicTreeEngine.best_response_value.player",
        lambda v: SOLVER.best_response_value(v),
        "player",
        (),
    ),
    (
        "PublicTreeEngine.best_response_value.strategy",
        lambda v: SOLVER.best_response_value(1, v),
        "strategy",
        ("None",),
    ),
    ("PublicTreeEngine.root_values.player", lambda v: SOLVER.root_values(v), "player", ()),
    (
        "PublicTreeEngine.root_values.strategies",
        lambda v: SOLVER.root_values(1, v),
        "strategies",
        ("None",),
    ),
    (
        "PublicTreeEngine.expected_value",
        lambda v: SOLVER.expected_value(v),
        "strategies",
        ("None",),
    ),
    (
        "PublicTreeEngine.exploitability",
        lambda v: SOLVER.exploitability(v),
        "strategies",
        ("None",),
    ),
    (
        "PublicTreeEngine.exploitability entry",
        lambda v: SOLVER.exploitability({1: v, 2: STRATEGIES[2]}),
        "strategies[1]",
        (),
    ),
    ("PublicTreeEngine.policy", lambda v: KUHN_SOLVER.policy(v), "strategies", ("None",)),
    ("own_actions.tree", lambda v: own_actions(v, 1), "tree", ()),
    ("own_actions.player", lambda v: own_actions(RIVER.public_tree, v), "player", ()),
    (
        "regret_matching.regret",
        lambda v: (
            regret_matching(np.full((len(DECISIONS.segment_of_row), 1), v), DECISIONS)
            if is_float(v)
            else regret_matching(v, DECISIONS)
        ),
        "regret",
        (),
    ),
    # segments=None is one information set: the 2-D regrets are then refused as regrets.
    (
        "regret_matching.segments",
        lambda v: regret_matching(np.ones((2, 1)), v),
        "segments",
        ("None",),
    ),
    ("average_strategy.strategy_sum", lambda v: average_strategy(v, DECISIONS), "strategy_sum", ()),
    ("check_player", lambda v: check_player(v), "player", ()),
    ("PublicTreeRanges.game", lambda v: PublicTreeRanges(v), "game", ()),
    ("PublicTreeRanges.initial_range", lambda v: KUHN_RANGES.initial_range(v), "player", ()),
    (
        "PublicTreeRanges.terminal_payoffs",
        lambda v: KUHN_RANGES.terminal_payoffs(v),
        "player",
        (),
    ),
    (
        "PublicTreeRanges.terminal_values.player",
        lambda v: KUHN_RANGES.terminal_values(v, KUHN_AT_TERMINALS),
        "player",
        (),
    ),
    (
        "PublicTreeRanges.terminal_values.ranges",
        lambda v: KUHN_RANGES.terminal_values(1, v),
        "ranges",
        (),
    ),
    ("PublicTreeRanges.info_set_at.node", lambda v: KUHN_RANGES.info_set_at(v, 0), "node", ()),
    ("PublicTreeRanges.info_set_at.hand", lambda v: KUHN_RANGES.info_set_at(0, v), "hand", ()),
    # holdem.sequence_form
    ("action_rows.game", lambda v: sequence_form.action_rows(v, 1), "game", ()),
    ("action_rows.player", lambda v: sequence_form.action_rows(RIVER, v), "player", ()),
    ("river_sequence_form", lambda v: sequence_form.river_sequence_form(v), "game", ()),
    ("solve_river_lp", lambda v: sequence_form.solve_river_lp(v), "game", ()),
    # abstraction.hand_strength
    ("showdown_score.game", lambda v: showdown_score(v, 0, 1, 2), "game", ()),
    ("showdown_score.card", lambda v: showdown_score(LEDUC, v, 1, 2), "card", ()),
    ("showdown_score.other", lambda v: showdown_score(LEDUC, 0, v, 2), "other", ()),
    ("showdown_score.board", lambda v: showdown_score(LEDUC, 0, 1, v), "board", ()),
    ("postflop_strength.card", lambda v: postflop_strength(LEDUC, v, 0), "card", ()),
    ("postflop_strength.board", lambda v: postflop_strength(LEDUC, 0, v), "board", ()),
    ("preflop_strength.game", lambda v: preflop_strength(v, 0), "game", ()),
    ("preflop_strength.card", lambda v: preflop_strength(LEDUC, v), "card", ()),
    # abstraction.bucketing
    ("card_bucketing.game", lambda v: card_bucketing(v, "strength", 2), "game", ()),
    ("card_bucketing.method", lambda v: card_bucketing(LEDUC, v, 2), "bucketing method", ()),
    ("card_bucketing.buckets", lambda v: card_bucketing(LEDUC, "strength", v), "buckets", ()),
    ("percentile_groups.strengths", lambda v: percentile_groups([v, 0.5], 2), "strengths", ()),
    (
        "percentile_groups.buckets",
        lambda v: percentile_groups([0.1, 0.5], v),
        "buckets",
        ("10**400",),
    ),
    ("kmeans_groups.strengths", lambda v: kmeans_groups([0.1, v], 2), "strengths", ()),
    ("kmeans_groups.buckets", lambda v: kmeans_groups([0.1, 0.5], v), "buckets", ("10**400",)),
    ("CardBucketing.refines", lambda v: BUCKETING.refines(v), "other", ()),
    ("CardBucketing.strictly_refines", lambda v: BUCKETING.strictly_refines(v), "other", ()),
    # abstraction.abstract_game
    ("AbstractLeduc.game", lambda v: AbstractLeduc(v, BUCKETING), "game", ()),
    ("AbstractLeduc.bucketing", lambda v: AbstractLeduc(LEDUC, v), "bucketing", ()),
    ("AbstractLeduc.abstract_key", lambda v: ABSTRACT.abstract_key(v), "information set", ()),
    ("AbstractLeduc.real_keys", lambda v: ABSTRACT.real_keys(v), "information set", ()),
    ("AbstractLeduc.actions", lambda v: ABSTRACT.actions(v), "information set", ()),
    ("AbstractLeduc.player", lambda v: ABSTRACT.player(v), "information set", ()),
    ("AbstractLeduc.describe", lambda v: ABSTRACT.describe(v), "information set", ()),
    ("AbstractLeduc.is_terminal", lambda v: ABSTRACT.is_terminal(v), "history", ()),
    ("AbstractLeduc.info_set_key", lambda v: ABSTRACT.info_set_key(v), "history", ()),
    ("coarsen_tree.game", lambda v: coarsen_tree(v, LEDUC.tree, {}), "game", ()),
    ("coarsen_tree.real", lambda v: coarsen_tree(ABSTRACT, v, {}), "real", ()),
    ("coarsen_tree.abstract_of", lambda v: coarsen_tree(ABSTRACT, LEDUC.tree, v), "abstract", ()),
    # abstraction.mapping
    ("induced_policy.abstract", lambda v: induced_policy(v, ABSTRACT_POLICY), "abstract", ()),
    ("induced_policy.policy", lambda v: induced_policy(ABSTRACT, v), "policy", ()),
    (
        "induced_policy.entry",
        lambda v: induced_policy(ABSTRACT, {**ABSTRACT_POLICY, "0:": [v, 0.5]}),
        "0:",
        (),
    ),
    ("real_exploitability", lambda v: real_exploitability(v, ABSTRACT_POLICY), "abstract", ()),
    ("abstract_exploitability", lambda v: abstract_exploitability(ABSTRACT, v), "policy", ()),
    # abstraction.measurement
    ("solve_abstraction.abstract", lambda v: solve_abstraction(v, 0.1), "abstract", ()),
    ("solve_abstraction.target", lambda v: solve_abstraction(ABSTRACT, v), "target", ()),
    (
        "solve_abstraction.algorithm",
        lambda v: solve_abstraction(ABSTRACT, 0.1, algorithm=v),
        "algorithm",
        (),
    ),
    (
        "solve_abstraction.check_every",
        lambda v: solve_abstraction(ABSTRACT, 0.1, check_every=v),
        "check_every",
        (),
    ),
    (
        "solve_abstraction.max_iterations",
        lambda v: solve_abstraction(ABSTRACT, 0.1, max_iterations=v),
        "max_iterations",
        (),
    ),
    ("measure_abstraction.game", lambda v: measure_abstraction(v, "strength", 2, 0.1), "game", ()),
    (
        "measure_abstraction.buckets",
        lambda v: measure_abstraction(LEDUC, "strength", v, 0.1),
        "buckets",
        (),
    ),
    (
        "measure_abstraction.target",
        lambda v: measure_abstraction(LEDUC, "strength", 2, v),
        "target",
        (),
    ),
    (
        "measure_abstractions.bucket_counts",
        lambda v: measure_abstractions(LEDUC, "strength", v, 0.1),
        "bucket",
        ("list",),
    ),
    ("measurement_table", lambda v: measurement_table(v), "measurements", ()),
    ("pathologies.measurements", lambda v: pathologies(v), "measurements", ()),
    ("pathologies.tolerance", lambda v: pathologies([MEASURED], v), "tolerance", ()),
    # abstraction.actions
    (
        "pseudo_harmonic.smaller",
        lambda v: action_abstraction.pseudo_harmonic(v, 1, 0.5),
        "smaller",
        (),
    ),
    (
        "pseudo_harmonic.larger",
        lambda v: action_abstraction.pseudo_harmonic(0, v, 0.5),
        "larger",
        (),
    ),
    ("pseudo_harmonic.bet", lambda v: action_abstraction.pseudo_harmonic(0, 1, v), "bet", ()),
    ("translate.bet", lambda v: action_abstraction.translate(v, (0.5, 1.0)), "bet", ()),
    ("translate.sizes", lambda v: action_abstraction.translate(0.7, v), "size", ("list",)),
    ("abstract_river.real", lambda v: action_abstraction.abstract_river(v, (0.75,)), "real", ()),
    ("abstract_river.sizes", lambda v: action_abstraction.abstract_river(REAL, (v,)), "size", ()),
    ("bet_fraction.game", lambda v: action_abstraction.bet_fraction(v, NODE), "game", ()),
    ("bet_fraction.node", lambda v: action_abstraction.bet_fraction(REAL, v), "node", ()),
    (
        "translated_strategy.abstract",
        lambda v: action_abstraction.translated_strategy(REAL, v, 1, SMALL_STRATEGY),
        "abstract",
        (),
    ),
    (
        "translated_strategy.player",
        lambda v: action_abstraction.translated_strategy(REAL, SMALL, v, SMALL_STRATEGY),
        "player",
        (),
    ),
    (
        "translated_strategy.strategy",
        lambda v: action_abstraction.translated_strategy(REAL, SMALL, 1, v),
        "strategy",
        (),
    ),
    (
        "measure_action_abstraction.target",
        lambda v: action_abstraction.measure_action_abstraction(REAL, (0.75,), v),
        "target_percent",
        (),
    ),
    # plots.holdem
    (
        "range_grid_figure.values",
        lambda v: holdem_plots.range_grid_figure(v, "t", "l"),
        "values",
        (),
    ),
    (
        "range_grid_figure.grid entry",
        lambda v: holdem_plots.range_grid_figure(
            np.full((13, 13), v) if is_float(v) else [[v] * 13] * 13, "t", "l"
        ),
        "values",
        (),
    ),
    (
        "range_grid_figure.title",
        lambda v: holdem_plots.range_grid_figure(GRID, v, "l"),
        "title",
        ("string",),
    ),
    (
        "range_grid_figure.label",
        lambda v: holdem_plots.range_grid_figure(GRID, "t", v),
        "label",
        ("string",),
    ),
    (
        "range_grid_figure.player",
        lambda v: holdem_plots.range_grid_figure(GRID, "t", "l", v),
        "player",
        (),
    ),
    (
        "range_grid_figure.present",
        lambda v: holdem_plots.range_grid_figure(GRID, "t", "l", 1, v),
        "present",
        ("None",),
    ),
    ("equity_curve_figure", lambda v: holdem_plots.equity_curve_figure(v), "equities", ()),
    (
        "equity_curve_figure.entry",
        lambda v: holdem_plots.equity_curve_figure({1: ([v, 0.5], WEIGHT)}),
        "equities[1]",
        (),
    ),
    (
        "equity_curve_figure.weight",
        lambda v: holdem_plots.equity_curve_figure({1: (EQUITY, [v, 1.0])}),
        "equities[1]",
        (),
    ),
    (
        "equity_curve_figure.pair",
        lambda v: holdem_plots.equity_curve_figure({1: v}),
        "equities",
        (),
    ),
    ("hand_value_figure", lambda v: holdem_plots.hand_value_figure(v), "values", ()),
    (
        "hand_value_figure.entry",
        lambda v: holdem_plots.hand_value_figure({2: (EQUITY, [v, 1.0])}),
        "values[2]",
        (),
    ),
    (
        "river_exploitability_figure.curves",
        lambda v: holdem_plots.river_exploitability_figure(v, 0.3),
        "curves",
        (),
    ),
    (
        "river_exploitability_figure.point",
        lambda v: holdem_plots.river_exploitability_figure({"cfr": [(1, v)]}, 0.3),
        "curves['cfr']",
        (),
    ),
    (
        "river_exploitability_figure.target",
        lambda v: holdem_plots.river_exploitability_figure({"cfr": [(1, 1.0)]}, v),
        "target",
        (),
    ),
    (
        "strategy_by_size_figure.equity",
        lambda v: holdem_plots.strategy_by_size_figure([v, 0.5], WEIGHT, {"b": WEIGHT}),
        "equity",
        (),
    ),
    (
        "strategy_by_size_figure.weights",
        lambda v: holdem_plots.strategy_by_size_figure(EQUITY, [v, 1.0], {"b": WEIGHT}),
        "weights",
        (),
    ),
    (
        "strategy_by_size_figure.frequencies",
        lambda v: holdem_plots.strategy_by_size_figure(EQUITY, WEIGHT, v),
        "frequencies",
        (),
    ),
    (
        "strategy_by_size_figure.frequency",
        lambda v: holdem_plots.strategy_by_size_figure(EQUITY, WEIGHT, {"b": [v, 1.0]}),
        "frequencies['b']",
        (),
    ),
    (
        "strategy_by_size_figure.bins",
        lambda v: holdem_plots.strategy_by_size_figure(EQUITY, WEIGHT, {"b": WEIGHT}, v),
        "bins",
        (),
    ),
    # plots.abstraction
    ("menu_label", lambda v: abstraction_plots.menu_label(v), "sizes", ("list",)),
    (
        "action_abstraction_figure",
        lambda v: abstraction_plots.action_abstraction_figure(v),
        "measured",
        (),
    ),
    (
        "card_abstraction_figure.sweeps",
        lambda v: abstraction_plots.card_abstraction_figure(v),
        "decks",
        (),
    ),
    (
        "card_abstraction_figure.rows",
        lambda v: abstraction_plots.card_abstraction_figure({3: {"strength": v}}),
        "decks[3]['strength']",
        (),
    ),
    (
        "card_abstraction_figure.marked",
        lambda v: abstraction_plots.card_abstraction_figure({3: {"strength": [MEASURED]}}, v),
        "marked",
        (),
    ),
    # widgets.river
    (
        "menu_game.board",
        lambda v: river_widget.menu_game(v, RANGES, 10.0, 20.0, "75%"),
        "board",
        (),
    ),
    (
        "menu_game.ranges",
        lambda v: river_widget.menu_game(BOARD, v, 10.0, 20.0, "75%"),
        "range",
        (),
    ),
    ("menu_game.pot", lambda v: river_widget.menu_game(BOARD, RANGES, v, 20.0, "75%"), "pot", ()),
    (
        "menu_game.label",
        lambda v: river_widget.menu_game(BOARD, RANGES, 10.0, 20.0, v),
        "label",
        (),
    ),
    ("summarise.solver", lambda v: river_widget.summarise(v), "solver", ()),
    ("summarise.depth", lambda v: river_widget.summarise(SOLVER, v), "depth", ("None", "10**400")),
    ("node_label.node", lambda v: river_widget.node_label(v), "node", ()),
    ("situation.node", lambda v: river_widget.situation(v), "node", ()),
    ("status_html.summary", lambda v: river_widget.status_html(v, 0, "AA"), "summary", ()),
    ("status_html.node", lambda v: river_widget.status_html(SUMMARY, v, "AA"), "node", ()),
    ("status_html.hand", lambda v: river_widget.status_html(SUMMARY, 0, v), "hand", ()),
    ("mix_figure.summary", lambda v: river_widget.mix_figure(v, 0), "summary", ()),
    ("mix_figure.node", lambda v: river_widget.mix_figure(SUMMARY, v), "node", ()),
    ("mix_figure.hand", lambda v: river_widget.mix_figure(SUMMARY, 0, v), "chosen", ("None",)),
    ("river_explorer.summary", lambda v: river_widget.river_explorer(v), "summary", ()),
    ("river_explorer.node", lambda v: river_widget.river_explorer(SUMMARY, v), "node", ()),
    ("river_explorer.hand", lambda v: river_widget.river_explorer(SUMMARY, "root", v), "hand", ()),
    ("river_data.summary", lambda v: river_widget.river_data(v), "summary", ()),
    ("river_data.node", lambda v: river_widget.river_data(SUMMARY, v), "node", ()),
    ("river_data.hand", lambda v: river_widget.river_data(SUMMARY, "root", v), "hand", ()),
    # plots.holdem: the grid of action mixes, its bars' heights and the class outlined
    (
        "action_mix_grid_figure.heights",
        lambda v: holdem_plots.action_mix_grid_figure(MIX, ("check", "bet 75%"), "t", heights=v),
        "heights",
        ("None",),
    ),
    (
        "action_mix_grid_figure.chosen",
        lambda v: holdem_plots.action_mix_grid_figure(MIX, ("check", "bet 75%"), "t", chosen=v),
        "chosen",
        ("None",),
    ),
]


def is_float(value: object) -> bool:
    """Whether ``value`` is a float (an array can be filled with it)."""
    return isinstance(value, float)


NUMERIC_CASES = numeric_cases(NUMERIC)


@pytest.mark.parametrize(("call", "value", "fragment"), NUMERIC_CASES)
def test_a_bad_value_for_a_poker_parameter_is_refused(call, value, fragment):
    assert_refused(lambda: call(value), fragment)


def river(**changes: object) -> RiverGame:
    """The test river, with ``changes`` to its arguments."""
    arguments = {"board": BOARD, "ranges": RANGES, "pot": 10.0, "stack": 20.0}
    arguments.update(changes)
    return RiverGame(**arguments)


# Single cases: (call, fragment of the message).
CASES = {
    # boards and cards
    "board of four": (lambda: cards.parse_board("Ks9d7h4c"), "board"),
    "board of six": (lambda: cards.parse_board("Ks9d7h4c2s3s"), "board"),
    "board duplicate": (lambda: cards.parse_board("KsKs7h4c2s"), "repeat"),
    "board odd length": (lambda: cards.parse_board("Ks9d7h4c2"), "board"),
    "board unknown rank": (lambda: cards.parse_board("Xs9d7h4c2s"), "unknown card"),
    "board unknown suit": (lambda: cards.parse_board("Kx9d7h4c2s"), "unknown card"),
    "board list of ints": (lambda: cards.parse_board([51, 1, 2, 3, 4]), "card"),
    "board bytes": (lambda: cards.parse_board(b"Ks9d7h4c2s"), "board"),
    "board long": (lambda: cards.parse_board("Ks" * 10**6), "board"),
    "cards unicode": (lambda: cards.parse_cards("Kß"), "card"),
    "card 52": (lambda: cards.card_name(52), "card number"),
    "card -1": (lambda: cards.card_name(-1), "card number"),
    "card 1.0": (lambda: cards.card_name(1.0), "card number"),
    "combo of one card": (lambda: cards.combo_name([51]), "combo"),
    "combo of a card twice": (lambda: cards.combo_name([51, 51]), "combo"),
    "combo 52": (lambda: cards.class_name([52, 1]), "combo"),
    "unblocked board 52": (lambda: cards.unblocked_combos([52, 1, 2, 3, 4]), "board"),
    "unblocked board floats": (lambda: cards.unblocked_combos([0.5, 1, 2, 3, 4]), "board"),
    "grid_cell 1-D": (lambda: cards.grid_cell([1, 2]), "combos"),
    "grid_cell 60": (lambda: cards.grid_cell([[60, 1]]), "combos"),
    "grid_means shapes": (lambda: cards.grid_means(COMBOS[:2], [1.0], [1.0]), "values"),
    "grid_means negative weight": (
        lambda: cards.grid_means(COMBOS[:2], [0.5, 0.5], [-1.0, 1.0]),
        "weights",
    ),
    "class 'KAs'": (lambda: cards.class_combos("KAs"), "higher rank first"),
    "class 'QQs'": (lambda: cards.class_combos("QQs"), "hand class"),
    "class 'AKx'": (lambda: cards.class_combos("AKx"), "hand class"),
    # ranges
    "range empty": (lambda: ranges.combo_weights(""), "at least one hand"),
    "range commas": (lambda: ranges.combo_weights("AA,,KK"), "empty token"),
    "range weight 2": (lambda: ranges.combo_weights("AA:2"), "weight"),
    "range weight nan": (lambda: ranges.combo_weights("AA:nan"), "weight"),
    "range weight inf": (lambda: ranges.combo_weights("AA:inf"), "weight"),
    "range weight empty": (lambda: ranges.combo_weights("AA:"), "weight"),
    "range weight 1e-400": (lambda: ranges.combo_weights("AA:1e-400"), "weight"),
    "range weight 10**400": (lambda: ranges.combo_weights("AA:" + "9" * 400), "weight"),
    "range weight 5000 digits": (lambda: ranges.combo_weights("AA:" + "1" * 5000), "weight"),
    "range two colons": (lambda: ranges.combo_weights("AA:0.5:0.5"), "weight"),
    "range explicit same card": (lambda: ranges.combo_weights("AhAh"), "two different cards"),
    "range explicit bad suit": (lambda: ranges.combo_weights("AhKx"), "range token"),
    "range span mixed": (lambda: ranges.combo_weights("QQ-A5s"), "span"),
    "range span kinds": (lambda: ranges.combo_weights("A5s-A2o"), "span"),
    "range span high cards": (lambda: ranges.combo_weights("A5s-K2s"), "span"),
    "range span of three": (lambda: ranges.combo_weights("QQ-99-77"), "range token"),
    "range plus twice": (lambda: ranges.combo_weights("QQ++"), "range token"),
    "range unknown": (lambda: ranges.combo_weights("banana"), "range token"),
    "range long": (lambda: ranges.combo_weights("AA," * 10**4 + "x"), "range token"),
    "range blocked combo": (lambda: ranges.parse_range("KsKh", BOARD), "blocks"),
    "range list": (lambda: ranges.combo_weights(["AA"]), "range"),
    "range bytes": (lambda: ranges.combo_weights(b"AA"), "range"),
    # strength
    "hand_strength board of four": (lambda: strength.hand_strength([1, 2, 3, 4], COMBOS), "board"),
    "hand_strength board repeats": (
        lambda: strength.hand_strength([1, 1, 2, 3, 4], [[10, 11]]),
        "board",
    ),
    "hand_strength combo on the board": (
        lambda: strength.hand_strength(BOARD_CARDS, [[BOARD_CARDS[0], 1]]),
        "combos",
    ),
    "hand_strength combos 1-D": (lambda: strength.hand_strength(BOARD_CARDS, [10, 11]), "combos"),
    "hand_category 0": (lambda: strength.hand_category(0), "strength"),
    "hand_category 7463": (lambda: strength.hand_category(7463), "strength"),
    "hand_category 1.5": (lambda: strength.hand_category(1.5), "strength"),
    # showdown
    "compatible 1-D": (lambda: showdown.compatible([1, 2], OTHER), "own"),
    "compatible card 60": (lambda: showdown.compatible([[60, 1]], OTHER), "own"),
    "compatible huge": (
        lambda: showdown.compatible(np.tile([1, 0], (10**5, 1)), np.tile([3, 2], (10**5, 1))),
        "would need",
    ),
    "showdown_matrix lengths": (
        lambda: showdown.showdown_matrix(COMBOS[:2], OTHER[:1], [1], [1]),
        "own_strength",
    ),
    "matrix_values shapes": (lambda: showdown.matrix_values(np.eye(2), [1.0, 1.0, 1.0]), "reach"),
    "CardRemoval lengths": (
        lambda: showdown.CardRemoval.of(COMBOS[:2], OTHER[:1], [1], [1]),
        "own_strength",
    ),
    "CardRemoval strength 1e308": (
        lambda: showdown.CardRemoval.of(COMBOS[:1], OTHER[:1], [1e308], [1]),
        "own_strength",
    ),
    "CardRemoval strength 2**62": (
        lambda: showdown.CardRemoval.of(COMBOS[:1], OTHER[:1], [2**62], [1]),
        "own_strength",
    ),
    "mass wrong length": (lambda: REMOVAL.mass(ONES[1:]), "reach"),
    "mass 3-D": (lambda: REMOVAL.mass(np.ones((1, 1, len(OTHER)))), "reach"),
    "mass negative": (lambda: REMOVAL.mass(-ONES), "reach"),
    "equity 1e308": (lambda: REMOVAL.equity(np.full(len(OTHER), 1e308)), "reach"),
    "showdown 1e308": (lambda: REMOVAL.showdown(np.full(len(OTHER), 1e308)), "reach"),
    # river
    "river pot 1e308": (lambda: river(pot=1e308), "pot"),
    "river stack 1e308": (lambda: river(stack=1e308), "stack"),
    "river pot 5e-324": (lambda: river(pot=5e-324), "pot"),
    "river pot 10**400": (lambda: river(pot=10**400), "pot"),
    "river raise_size 1e308": (lambda: river(raise_size=1e308), "raise_size"),
    "river bet size 1e308": (lambda: river(bet_sizes=(1e308,)), "bet size"),
    "river bet size 5e-324": (lambda: river(bet_sizes=(5e-324,)), "bet size"),
    "river bet sizes many": (lambda: river(bet_sizes=[0.01 * k for k in range(1, 10**6)]), "bet"),
    "river bet sizes a dict": (lambda: river(bet_sizes={0.5: 1}), "bet_sizes"),
    "river bet sizes a set": (lambda: river(bet_sizes={0.5}), "bet_sizes"),
    "river huge tree": (
        lambda: (
            river(
                stack=1e9,
                bet_sizes=[0.01 * k for k in range(1, 57)],
                raise_size=1e-3,
                max_raises=300,
            ).public_tree
        ),
        "nodes",
    ),
    "river ranges three": (lambda: river(ranges=("AA", "KK", "QQ")), "two ranges"),
    "river ranges a dict": (lambda: river(ranges={1: "AA", 2: "KK"}), "two ranges"),
    "river ranges a string": (lambda: river(ranges="AA"), "two ranges"),
    "river ranges ragged": (lambda: river(ranges=([1.0, [1.0]], "AA")), "range of player 1"),
    "river weights tiny": (
        lambda: river(ranges=(np.full(1081, 5e-324), "any")),
        "range of player 1",
    ),
    "river range tiny in text": (lambda: river(ranges=("AA:1e-320", "any")), "weight"),
    "river weights matrix": (lambda: river(ranges=(np.ones((1081, 1)), "AA")), "range of player 1"),
    "river weights strings": (lambda: river(ranges=(["1"] * 1081, "AA")), "range of player 1"),
    "river node unknown": (lambda: RIVER.public_tree.node_index("raise 75%"), "node"),
    "river node_name 10**6": (lambda: RIVER.public_tree.node_name(10**6), "node"),
    "river node_name -1": (lambda: RIVER.public_tree.node_name(-1), "node"),
    "river action_name root": (lambda: RIVER.public_tree.action_name(0), "node"),
    "river actions of a fold": (
        lambda: RIVER.moves(RIVER.public_tree.nodes[RIVER.public_tree.folds[0]]),
        "node",
    ),
    "river terminal_values shape": (lambda: RIVER.terminal_values(1, REACH[:, :1]), "ranges"),
    "river terminal_values nan": (lambda: RIVER.terminal_values(1, REACH * math.nan), "ranges"),
    "river terminal_values of every node": (
        lambda: RIVER.terminal_values(1, SOLVER.ranges(2)),
        "ranges",
    ),
    # solvers
    "river solver iterations 2.5": (lambda: RiverSolver(RIVER).run(2.5), "iterations"),
    "river solver iterations -1": (lambda: RiverSolver(RIVER).run(-1), "iterations"),
    "solve_river unknown option": (lambda: solve_river(RIVER, zeta=1), "zeta"),
    "solve_river averaging unknown": (lambda: solve_river(RIVER, averaging="mine"), "averaging"),
    "solve_river the engine": (lambda: solve_river(RIVER, engine="readable"), "engine"),
    "river solver strategy shape": (
        lambda: SOLVER.exploitability({1: STRATEGIES[1][:1], 2: STRATEGIES[2]}),
        "strategies[1]",
    ),
    "river solver strategy negative": (
        lambda: SOLVER.exploitability({1: -STRATEGIES[1], 2: STRATEGIES[2]}),
        "strategies[1]",
    ),
    "river solver strategy not summing to 1": (
        lambda: SOLVER.exploitability({1: 2 * STRATEGIES[1], 2: STRATEGIES[2]}),
        "strategies[1]",
    ),
    "river solver strategies one player": (
        lambda: SOLVER.exploitability({1: STRATEGIES[1]}),
        "strategies",
    ),
    "river solver strategy_at a fold": (
        lambda: SOLVER.strategy_at(RIVER.public_tree.node_name(int(RIVER.public_tree.folds[0]))),
        "decision node",
    ),
    "river solver strategy_at strategy shape": (
        lambda: SOLVER.strategy_at("root", STRATEGIES[1][:, :1]),
        "strategy",
    ),
    "river solver best response strategy of the wrong player": (
        lambda: SOLVER.best_response_value(1, STRATEGIES[1]),
        "strategy",
    ),
    "river solver plan_of nan": (
        lambda: SOLVER.plan_of(1, STRATEGIES[1] * math.nan),
        "strategy",
    ),
    "river solver plan_of shape": (lambda: SOLVER.plan_of(1, np.ones((2, 2))), "strategy"),
    "river solver plan_of not summing to 1": (
        lambda: SOLVER.plan_of(1, 2 * STRATEGIES[1]),
        "strategy",
    ),
    "solve_river check_every 10**400": (
        lambda: solve_river(RIVER, check_every=10**400),
        "check_every",
    ),
    "solve_river max_iterations 10**400": (
        lambda: solve_river(RIVER, max_iterations=10**400),
        "max_iterations",
    ),
    "exploitability_curve decreasing": (
        lambda: exploitability_curve(RIVER, "cfr", [3, 2]),
        "increasing",
    ),
    "exploitability_curve 10**400": (
        lambda: exploitability_curve(RIVER, "cfr", [1, 10**400]),
        "checkpoint",
    ),
    "exploitability_curve a set": (
        lambda: exploitability_curve(RIVER, "cfr", {1, 2}),
        "checkpoints",
    ),
    "public-tree engine updates unknown": (
        lambda: PublicTreeEngine(KUHN, CFR, "sometimes"),
        "updates",
    ),
    "public-tree engine for a game without a public tree": (
        lambda: PublicTreeEngine(ZeroSumGuessing(), CFR, "simultaneous"),
        "needs a two-player zero-sum game with a public tree",
    ),
    "solve public-tree parameter unknown": (
        lambda: solve(KUHN, "cfr", 1, engine="public-tree", zeta=1),
        "zeta",
    ),
    "public-tree engine start_from unknown key": (
        lambda: kuhn_engine().start_from({"X:": [0.0, 1.0]}),
        "X:",
    ),
    "public-tree engine start_from short": (
        lambda: kuhn_engine().start_from({"J:": [1.0]}),
        "J:",
    ),
    "public-tree engine start_from nan": (
        lambda: kuhn_engine().start_from({"J:": [math.nan, 1.0]}),
        "J:",
    ),
    "average_strategy negative": (
        lambda: average_strategy(-np.ones((len(DECISIONS.segment_of_row), 1)), DECISIONS),
        "strategy_sum",
    ),
    "average_strategy rows": (
        lambda: average_strategy(np.ones((1, 1)), DECISIONS),
        "strategy_sum",
    ),
    "policy of another game's tables": (
        lambda: KUHN_SOLVER.policy(STRATEGIES),
        "shape",
    ),
    # sequence form
    "sequence form too large": (
        lambda: sequence_form.river_sequence_form(
            RiverGame(BOARD, ("any", "any"), 10.0, 1e4, (0.3, 0.6, 1.0), 0.01, max_raises=300)
        ),
        "LP would have",
    ),
    # card abstraction
    "bucketing buckets 0": (lambda: card_bucketing(LEDUC, "strength", 0), "buckets"),
    "bucketing buckets 4 of 3 ranks": (lambda: card_bucketing(LEDUC, "strength", 4), "buckets"),
    "percentile_groups empty": (lambda: percentile_groups([], 2), "strengths"),
    "percentile_groups buckets 0": (lambda: percentile_groups([0.1, 0.2], 0), "buckets"),
    "kmeans_groups empty": (lambda: kmeans_groups([], 2), "strengths"),
    "kmeans_groups a dict": (lambda: kmeans_groups({0: 0.5}, 2), "strengths"),
    "kmeans_groups too many": (lambda: kmeans_groups([0.5] * 10**5, 2), "strengths"),
    "refines other deck": (
        lambda: BUCKETING.refines(card_bucketing(LeducPoker(ranks=4), "strength", 2)),
        "different decks",
    ),
    "abstract other deck": (
        lambda: AbstractLeduc(LeducPoker(ranks=4), BUCKETING),
        "another deck",
    ),
    "abstract key unknown": (lambda: ABSTRACT.abstract_key("Z:"), "real information set"),
    "real keys unknown": (lambda: ABSTRACT.real_keys("9:"), "information set"),
    "hand strength card 3 of 3 ranks": (lambda: postflop_strength(LEDUC, 3, 0), "card"),
    "hand strength one suit pair": (
        lambda: postflop_strength(LeducPoker(ranks=3, suits=1), 1, 1),
        "one suit",
    ),
    "showdown_score card 3": (lambda: showdown_score(LEDUC, 3, 0, 1), "card"),
    "induced policy of the real game": (
        lambda: induced_policy(ABSTRACT, uniform_policy(LEDUC)),
        "information set",
    ),
    "solve_abstraction max below check_every": (
        lambda: solve_abstraction(ABSTRACT, 0.1, check_every=10, max_iterations=5),
        "max_iterations",
    ),
    "solve_abstraction max 10**400": (
        lambda: solve_abstraction(ABSTRACT, 0.1, max_iterations=10**400),
        "max_iterations",
    ),
    "solve_abstraction unknown option": (
        lambda: measure_abstraction(LEDUC, "strength", 2, 0.1, speed=2),
        "speed",
    ),
    "measure_abstractions empty": (
        lambda: measure_abstractions(LEDUC, "strength", [], 0.1),
        "bucket",
    ),
    "measure_abstractions a string": (
        lambda: measure_abstractions(LEDUC, "strength", "12", 0.1),
        "bucket_counts",
    ),
    "measure_abstractions bucket 0": (
        lambda: measure_abstractions(LEDUC, "strength", [0], 0.1),
        "buckets",
    ),
    "measurement_table of dicts": (lambda: measurement_table([{}]), "measurements"),
    # action abstraction
    "pseudo_harmonic larger below smaller": (
        lambda: action_abstraction.pseudo_harmonic(1.0, 0.5, 0.7),
        "larger",
    ),
    "pseudo_harmonic bet outside": (
        lambda: action_abstraction.pseudo_harmonic(0.5, 1.0, 2.0),
        "bet",
    ),
    "translate empty menu": (lambda: action_abstraction.translate(0.5, ()), "sizes"),
    "translate a string menu": (lambda: action_abstraction.translate(0.5, "0.5"), "sizes"),
    "translate menu negative": (lambda: action_abstraction.translate(0.5, (-1.0,)), "bet size"),
    "abstract_river raises": (lambda: action_abstraction.abstract_river(RIVER, (0.75,)), "raises"),
    "abstract_river off the grid": (
        lambda: action_abstraction.abstract_river(REAL, (0.6,)),
        "among",
    ),
    "bet_fraction terminal node": (
        lambda: action_abstraction.bet_fraction(
            REAL, REAL.public_tree.nodes[REAL.public_tree.showdowns[0]]
        ),
        "node",
    ),
    "translated_strategy wrong shape": (
        lambda: action_abstraction.translated_strategy(REAL, SMALL, 1, SMALL_STRATEGY[:1]),
        "strategy",
    ),
    "translated_strategy negative": (
        lambda: action_abstraction.translated_strategy(REAL, SMALL, 1, -SMALL_STRATEGY),
        "strategy",
    ),
    "translated_strategy other river": (
        lambda: action_abstraction.translated_strategy(
            REAL,
            RiverGame("AsKd7h4c2s", RANGES[::-1], 10.0, 20.0, (0.75,), max_raises=0),
            1,
            SMALL_STRATEGY,
        ),
        "abstract",
    ),
    "measure_action_abstraction unknown option": (
        lambda: action_abstraction.measure_action_abstraction(REAL, (0.75,), 1.0, speed=2),
        "speed",
    ),
    # figures
    "grid 12 x 13": (
        lambda: holdem_plots.range_grid_figure(np.zeros((12, 13)), "t", "l"),
        "values",
    ),
    "grid above 1": (lambda: holdem_plots.range_grid_figure(GRID + 1.5, "t", "l"), "values"),
    "grid present strings": (
        lambda: holdem_plots.range_grid_figure(GRID, "t", "l", 1, np.full((13, 13), "no")),
        "present",
    ),
    "equity curve player 3": (
        lambda: holdem_plots.equity_curve_figure({3: (EQUITY, WEIGHT)}),
        "equities",
    ),
    "equity curve zero weights": (
        lambda: holdem_plots.equity_curve_figure({1: (EQUITY, np.zeros(2))}),
        "equities[1]",
    ),
    "equity curve negative weights": (
        lambda: holdem_plots.equity_curve_figure({1: (EQUITY, -WEIGHT)}),
        "equities[1]",
    ),
    "equity curve triple": (
        lambda: holdem_plots.equity_curve_figure({1: (EQUITY, WEIGHT, WEIGHT)}),
        "equities[1]",
    ),
    "equity curve 1e308 weights": (
        lambda: holdem_plots.equity_curve_figure({1: (EQUITY, np.full(2, 1e308))}),
        "equities[1]",
    ),
    "equity curve equity above 1": (
        lambda: holdem_plots.equity_curve_figure({1: (EQUITY + 1, WEIGHT)}),
        "equities[1]",
    ),
    "hand value 1e308": (
        lambda: holdem_plots.hand_value_figure({1: (EQUITY, np.full(2, 1e308))}),
        "values[1]",
    ),
    "river curve zero": (
        lambda: holdem_plots.river_exploitability_figure({"cfr": [(0, 1.0)]}, 0.3),
        "curves['cfr']",
    ),
    "river curve long name": (
        lambda: holdem_plots.river_exploitability_figure({"x" * 10**6: [(0, 1.0)]}, 0.3),
        "curves",
    ),
    "river curve target 0": (
        lambda: holdem_plots.river_exploitability_figure({"cfr": [(1, 1.0)]}, 0.0),
        "target",
    ),
    "river curves a list": (
        lambda: holdem_plots.river_exploitability_figure([(1, 1.0)], 0.3),
        "curves",
    ),
    "strategy bins 10**12": (
        lambda: holdem_plots.strategy_by_size_figure(EQUITY, WEIGHT, {"b": WEIGHT}, 10**12),
        "would need",
    ),
    "strategy bins True": (
        lambda: holdem_plots.strategy_by_size_figure(EQUITY, WEIGHT, {"b": WEIGHT}, True),
        "bins",
    ),
    "strategy equity above 1": (
        lambda: holdem_plots.strategy_by_size_figure(EQUITY + 1, WEIGHT, {"b": WEIGHT}),
        "equity",
    ),
    "strategy negative weights": (
        lambda: holdem_plots.strategy_by_size_figure(EQUITY, -WEIGHT, {"b": WEIGHT}),
        "weights",
    ),
    "strategy frequency above 1": (
        lambda: holdem_plots.strategy_by_size_figure(EQUITY, WEIGHT, {"b": 2 * WEIGHT}),
        "frequencies['b']",
    ),
    "strategy frequencies empty": (
        lambda: holdem_plots.strategy_by_size_figure(EQUITY, WEIGHT, {}),
        "frequencies",
    ),
    "menu_label negative": (lambda: abstraction_plots.menu_label([-1.0]), "sizes"),
    "menu_label a string": (lambda: abstraction_plots.menu_label("0.5"), "sizes"),
    "action figure of dicts": (
        lambda: abstraction_plots.action_abstraction_figure([{}]),
        "measured",
    ),
    "action figure a string": (
        lambda: abstraction_plots.action_abstraction_figure("ab"),
        "measured",
    ),
    "action figure nan": (
        lambda: abstraction_plots.action_abstraction_figure(
            [action_abstraction.ActionAbstraction((0.75,), 10, math.nan, 1.0)]
        ),
        "abstract_percent",
    ),
    "action figure zero": (
        lambda: abstraction_plots.action_abstraction_figure(
            [action_abstraction.ActionAbstraction((0.75,), 10, 0.0, 1.0)]
        ),
        "measured",
    ),
    "card figure empty rows": (
        lambda: abstraction_plots.card_abstraction_figure({3: {"strength": []}}),
        "strength",
    ),
    "card figure nan": (
        lambda: abstraction_plots.card_abstraction_figure(
            {3: {"strength": [AbstractionMeasurement(BUCKETING, 10, 100, math.nan, 0.1)]}}
        ),
        "abstract_exploitability",
    ),
    "card figure marked dicts": (
        lambda: abstraction_plots.card_abstraction_figure({3: {"strength": [MEASURED]}}, [{}]),
        "marked",
    ),
    "card figure method int": (
        lambda: abstraction_plots.card_abstraction_figure({3: {3: [MEASURED]}}),
        "sweeps",
    ),
    # widget
    "widget hand 'AKx'": (lambda: river_widget.status_html(SUMMARY, 0, "AKx"), "hand"),
    "widget node unknown": (lambda: river_widget.river_explorer(SUMMARY, "bet 33%"), "node"),
    "widget node past the last": (lambda: river_widget.status_html(SUMMARY, 99, "AA"), "node"),
    "widget summary of a dict": (lambda: river_widget.river_explorer({"75%": {}}), "summary"),
    "widget data node unknown": (lambda: river_widget.river_data(SUMMARY, "check / raise"), "node"),
    "widget depth negative": (lambda: river_widget.summarise(SOLVER, -1), "depth"),
    "mix figure taller than its cell": (
        lambda: holdem_plots.action_mix_grid_figure(
            MIX, ("fold", "call"), "t", heights=2 * ONE_GRID
        ),
        "heights",
    ),
    "mix figure chosen unknown": (
        lambda: holdem_plots.action_mix_grid_figure(MIX, ("fold", "call"), "t", chosen="AKx"),
        "chosen",
    ),
}


@pytest.mark.parametrize(("call", "fragment"), CASES.values(), ids=CASES.keys())
def test_a_bad_poker_input_is_refused_with_a_clear_message(call, fragment):
    assert_refused(call, fragment)


# What must work: admissible extremes give finite answers, without a numpy warning.


def test_a_river_at_the_largest_and_smallest_admissible_scales_solves_to_finite_numbers():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for scale in (1e-7, 1.0, 1e10):
            game = river(pot=10.0 * scale, stack=20.0 * scale)
            solver = solved(game, 20)
            reference = solved(river(), 20)
            percent = solver.exploitability_percent()
            assert math.isfinite(percent)
            assert percent == pytest.approx(reference.exploitability_percent(), rel=1e-9)


def test_regret_matching_of_the_largest_regrets_is_a_strategy():
    # Regrets of 1e308 overflow their sum; each decision is scaled first (the old range solver
    # refused them): every row of every decision then gets the same share.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rows = len(DECISIONS.segment_of_row)
        strategy = regret_matching(np.full((rows, 2), 1e308), DECISIONS)
    np.testing.assert_allclose(strategy, regret_matching(np.ones((rows, 2)), DECISIONS))
    np.testing.assert_allclose(DECISIONS.sums(strategy), 1.0)


def test_the_river_lp_is_scale_free():
    """The sequence-form LP of a river at 10**12 chips: the value scales, the strategies do not."""
    small = RiverGame(BOARD, ("QQ+", "JJ-99"), 10.0, 20.0, bet_sizes=(0.5,), max_raises=1)
    large = RiverGame(BOARD, ("QQ+", "JJ-99"), 1e11, 2e11, bet_sizes=(0.5,), max_raises=1)
    value, strategies = sequence_form.solve_river_lp(small)
    large_value, large_strategies = sequence_form.solve_river_lp(large)
    assert large_value == pytest.approx(value * 1e10, rel=1e-7)
    solver = RiverSolver(large)
    assert solver.exploitability_percent(large_strategies) < 1e-6
    assert RiverSolver(small).exploitability_percent(strategies) < 1e-6


def test_the_pseudo_harmonic_mapping_of_extreme_sizes_is_a_probability():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for a, b, x in [(1e308, 1.7e308, 1.5e308), (0.0, 1e308, 5e307), (0.0, 5e-324, 5e-324)]:
            f = action_abstraction.pseudo_harmonic(a, b, x)
            assert 0.0 <= f <= 1.0
        assert action_abstraction.pseudo_harmonic(1e308, 1.7e308, 1e308) == 1.0
        assert action_abstraction.pseudo_harmonic(1e308, 1.7e308, 1.7e308) == 0.0


def test_admissible_extreme_weights_and_reaches_give_finite_values():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tiny = river(ranges=(np.where(RIVER_FULL[1] > 0, ranges.MIN_WEIGHT, 0.0), "JJ-99,AQ"))
        assert math.isfinite(solved(tiny, 5).exploitability_percent())
        full = np.ones(len(OTHER))  # the largest reach: every opponent combo at weight 1
        mass = REMOVAL.mass(full)[0]
        assert np.array_equal(mass, showdown.compatible(COMBOS, OTHER).sum(axis=1))
        assert np.all(np.isfinite(REMOVAL.showdown(full))) and np.all(REMOVAL.equity(full) <= 1)


# Properties.

TOKEN_BODIES = st.one_of(
    st.sampled_from(["any", "AA", "22+", "QQ+", "KK-99", "99-KK", "AK", "AKs", "AKo"]),
    st.sampled_from(["ATs+", "K9o+", "AT+", "A5s-A2s", "A2s-A5s", "T9s", "72o", "AhKh"]),
    st.tuples(st.sampled_from(cards.RANKS), st.sampled_from(cards.RANKS)).map(
        lambda pair: pair[0] * 2
    ),
)
WEIGHTS = st.one_of(
    st.just(""),
    st.floats(min_value=ranges.MIN_WEIGHT, max_value=1.0).map(lambda w: f":{w!r}"),
    st.sampled_from([":0", ":1", ":0.5", ":1e-3", ":.25"]),
)
TOKENS = st.tuples(TOKEN_BODIES, WEIGHTS).map("".join)


@given(st.lists(TOKENS, min_size=1, max_size=8), st.sampled_from([",", ", ", " ,"]))
def test_any_range_of_valid_tokens_parses_to_weights_in_the_unit_interval(tokens, separator):
    text = separator.join(tokens)
    weights = ranges.combo_weights(text)
    assert weights.shape == (1326,)
    assert np.all((weights >= 0.0) & (weights <= 1.0))
    last = tokens[-1].partition(":")  # the last token wins for its combos
    combos = ranges.token_combos(last[0])
    expected = float(last[2]) if last[2] else 1.0
    assert np.all(weights[ranges._all_index(combos)] == expected)


def _parsed_or_refused(text: str) -> None:
    """``text`` parses to weights in [0, 1] or is refused with exactly a short ValueError."""
    try:
        weights = ranges.combo_weights(text)
    except ValueError as error:
        assert type(error) is ValueError, type(error).__name__
        assert len(str(error)) < 1000
    else:
        assert weights.shape == (1326,) and np.all((weights >= 0.0) & (weights <= 1.0))


@settings(max_examples=200)
@given(st.text(max_size=20))
def test_any_string_is_parsed_to_weights_in_the_unit_interval_or_refused(text):
    _parsed_or_refused(text)


@settings(max_examples=200)
@given(st.text(alphabet="23456789TJQKAcdhsxX:+-,. 0e", max_size=20))
def test_any_string_of_range_characters_is_parsed_or_refused(text):
    _parsed_or_refused(text)


@settings(max_examples=100)
@given(
    st.one_of(
        st.text(max_size=12),
        st.lists(st.one_of(st.text(max_size=3), st.integers(), st.none()), max_size=6),
    )
)
def test_any_junk_board_is_read_as_five_distinct_cards_or_refused(board):
    try:
        numbers = cards.parse_board(board)
    except ValueError as error:
        assert type(error) is ValueError, type(error).__name__
    else:
        assert len(set(numbers)) == 5 and all(0 <= c < 52 for c in numbers)


@settings(max_examples=50)
@given(st.lists(st.floats(min_value=0.0, max_value=1.0), min_size=2, max_size=2))
def test_any_pseudo_harmonic_reading_is_a_probability(ends):
    a, b = sorted(ends)
    if a == b:
        return
    f = action_abstraction.pseudo_harmonic(a, b, (a + b) / 2)
    assert 0.0 <= f <= 1.0
