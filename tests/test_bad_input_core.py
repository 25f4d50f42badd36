"""Every bad input to the core modules is refused with a clear ValueError (issue 14, part A).

The modules: regret_matching, normal_form, games (base, kuhn, leduc, multiplayer_kuhn, raked_kuhn,
public, sizes), policy,
policy_io, exploitability, counterfactual, kuhn_equilibria, kuhn_profiles, simulation, agents,
exploiting_opponents, sums, display. A refusal is a ``ValueError`` itself (not a ``KeyError`` or
``IndexError``, whose base ``LookupError`` is not a ValueError, nor a subclass such as
``UnicodeDecodeError``), its message names the argument, and a huge value is shortened in it. A
file that cannot be opened may raise an ``OSError``, whose message names the path.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lessons_lib.agents import Hand, HumanAgent, PolicyAgent, play_hand
from lessons_lib.counterfactual import (
    Reach,
    counterfactual_values,
    counterfactual_values_by_walk,
    history_values,
    reach_probabilities,
    tree_reach,
    tree_values,
)
from lessons_lib.display import SourceCode, show_source
from lessons_lib.exploitability import (
    best_response,
    best_response_sweep,
    expected_value,
    expected_values,
    exploitability,
    nash_conv,
    to_mbb_per_game,
)
from lessons_lib.exploiting_opponents import (
    exploit,
    exploiting_strategy,
    value_against,
    worst_case_value,
)
from lessons_lib.games import History, KuhnPoker, LeducPoker, MultiplayerKuhnPoker, RakedKuhnPoker
from lessons_lib.games.base import build_tree, opponent
from lessons_lib.games.public import board_is_public, chance_matrix, public_tree
from lessons_lib.games.sizes import game_size
from lessons_lib.kuhn_equilibria import alpha_of, family_residuals, game_value, nash_equilibrium
from lessons_lib.kuhn_profiles import always_bet, always_pass, never_bluff
from lessons_lib.normal_form import (
    BimatrixGame,
    MatrixGame,
    action_values,
    bimatrix_action_values,
    cce_gap,
    indifference_equilibrium,
    rock_paper_scissors,
    shapley_game,
    solve,
    strategy_exploitability,
    weighted_rock_paper_scissors,
)
from lessons_lib.normal_form import best_response as nf_best_response
from lessons_lib.normal_form import expected_value as nf_expected_value
from lessons_lib.normal_form import exploitability as nf_exploitability
from lessons_lib.normal_form import nash_conv as nf_nash_conv
from lessons_lib.policy import pure_policy, two_action_policy, uniform_policy, validate_policy
from lessons_lib.policy_io import (
    load_metadata,
    load_policy,
    metadata_from_json,
    policy_from_json,
    policy_to_json,
    save_policy,
)
from lessons_lib.regret_matching import (
    RegretMatcher,
    RegretMatchingBot,
    general_sum_self_play,
    instantaneous_regret,
    learn_against_fixed,
    regret_bound,
    regret_matching,
    self_play,
)
from lessons_lib.simulation import mean_and_interval, sample_hands, simulate
from lessons_lib.sums import (
    Segments,
    SparseMatrix,
    least_squares_slope,
    matrix_vector,
    sum_of_products,
)
from lessons_lib.validation import check_entries

KUHN = KuhnPoker()
LEDUC = LeducPoker()
THREE = MultiplayerKuhnPoker(3)
#: A reach of two players, nobody having acted yet.
REACH = Reach(1.0, (1.0, 1.0))
RPS = rock_paper_scissors()
SHAPLEY = shapley_game()
UNIFORM = uniform_policy(KUHN)
NASH = nash_equilibrium(0.0)
SIZE = KUHN.tree.size
THIRD = [1 / 3, 1 / 3, 1 / 3]
PENNIES = MatrixGame("pennies", [[1e300, -1e300], [-1e300, 1e300]], ("h", "t"))
TRAJECTORY = self_play(RPS, 4)
GENERAL = general_sum_self_play(SHAPLEY, 4)
RNG = np.random.default_rng(0)
AGENTS = (PolicyAgent(UNIFORM), PolicyAgent(UNIFORM))
#: Two agents that know three-player Kuhn poker's information sets (the hand has three seats).
THREE_AGENTS = (PolicyAgent(uniform_policy(THREE)), PolicyAgent(uniform_policy(THREE)))

#: A long value, to check that messages shorten it.
LONG = list(range(100_000))

#: Values that are not numbers in the library's sense (validation's module docstring).
NOT_NUMBERS = {
    "None": None,
    "string": "0.5",
    "bool": True,
    "dict": {},
    "list": [1, 2],
    "nan": math.nan,
    "inf": math.inf,
    "-inf": -math.inf,
    "10**400": 10**400,
    "object": object(),
}


def assert_refused(call, fragment: str) -> ValueError:
    """``call()`` raises exactly ValueError, whose message holds ``fragment`` and stays short."""
    with pytest.raises(Exception) as caught:
        call()
    error = caught.value
    assert type(error) is ValueError, f"{type(error).__name__}: {error}"
    message = str(error)
    assert fragment in message, message
    assert len(message) < 3000, f"message of {len(message)} characters"
    return error


def assert_names_path(call, path: Path) -> None:
    """``call()`` raises ValueError or an OSError, and the message names ``path``."""
    with pytest.raises(Exception) as caught:
        call()
    error = caught.value
    assert type(error) is ValueError or isinstance(error, OSError), f"{type(error).__name__}"
    assert str(path) in str(error), str(error)


# Numeric parameters: (name, call with the value, fragment of the message, valid among NOT_NUMBERS)
NUMERIC = [
    ("regret_matching", lambda v: regret_matching([v, 1.0]), "cumulative regret", ()),
    ("RegretMatcher.n_actions", lambda v: RegretMatcher(v), "n_actions", ()),
    ("RegretMatcher.initial", lambda v: RegretMatcher(2, [v, 0.0]), "initial regret", ()),
    ("RegretMatcher.observe", lambda v: RegretMatcher(2).observe([v, 0.0]), "action values", ()),
    ("self_play.iterations", lambda v: self_play(RPS, v), "iterations", ()),
    (
        "self_play.initial_regret",
        lambda v: self_play(RPS, 3, ([v, 0, 0], [0, 0, 0])),
        "initial regret of player 1",
        (),
    ),
    ("general_sum.iterations", lambda v: general_sum_self_play(SHAPLEY, v), "iterations", ()),
    (
        "general_sum.initial_regret",
        lambda v: general_sum_self_play(SHAPLEY, 3, ([0, 0, 0], [0, v, 0])),
        "initial regret of player 2",
        (),
    ),
    (
        "learn_against_fixed.strategy",
        lambda v: learn_against_fixed(RPS, [v, 0, 0], 3),
        "strategy of player 2",
        (),
    ),
    ("learn_against_fixed.iterations", lambda v: learn_against_fixed(RPS, THIRD, v), "iter", ()),
    ("learn_against_fixed.player", lambda v: learn_against_fixed(RPS, THIRD, 3, v), "player", ()),
    ("regret_bound", lambda v: regret_bound(RPS, v), "iterations", ()),
    ("RegretMatchingBot.seed", lambda v: RegretMatchingBot(RPS, seed=v), "seed", ("10**400",)),
    ("instantaneous_regret", lambda v: instantaneous_regret(RPS, v, THIRD, THIRD), "player", ()),
    ("joint_play.rounds", lambda v: GENERAL.joint_play(v), "rounds", ("None",)),
    ("average_regret.player", lambda v: GENERAL.average_regret(v), "player", ()),
    ("Trajectory.distance_to", lambda v: TRAJECTORY.distance_to([v, 0, 0], THIRD), "player 1", ()),
    ("MatrixGame.payoffs", lambda v: MatrixGame("g", [[v, 0], [0, 1]], ("a", "b")), "payoff", ()),
    ("MatrixGame.strategy", lambda v: RPS.strategy(1, [v, 0, 0]), "strategy of player 1", ()),
    ("MatrixGame.actions", lambda v: RPS.actions(v), "player", ()),
    ("BimatrixGame", lambda v: BimatrixGame("g", [[v]], [[0]], ("a",)), "row_payoffs", ()),
    ("weighted_rps", lambda v: weighted_rock_paper_scissors(v), "rock_beats_scissors", ()),
    ("nf.expected_value", lambda v: nf_expected_value(RPS, [v, 0, 0], THIRD), "player 1", ()),
    ("nf.action_values", lambda v: action_values(RPS, v, THIRD), "player", ()),
    ("nf.best_response", lambda v: nf_best_response(RPS, 1, [0, v, 0]), "player 2", ()),
    ("nf.exploitability", lambda v: nf_exploitability(RPS, THIRD, [v, 0, 0]), "player 2", ()),
    ("strategy_exploitability", lambda v: strategy_exploitability(RPS, v, THIRD), "player", ()),
    ("nf.nash_conv", lambda v: nf_nash_conv(SHAPLEY, [v, 0, 0], THIRD), "player 1", ()),
    ("bimatrix_action_values", lambda v: bimatrix_action_values(SHAPLEY, v, THIRD), "player", ()),
    ("cce_gap", lambda v: cce_gap(SHAPLEY, [[v, 0, 0], [0, 0, 0], [0, 0, 0]]), "joint", ()),
    ("KuhnPoker.n_cards", lambda v: KuhnPoker(v), "n_cards", ()),
    ("KuhnPoker.card_name", lambda v: KUHN.card_name(v), "card rank", ()),
    ("LeducPoker.ranks", lambda v: LeducPoker(ranks=v), "ranks", ()),
    ("LeducPoker.suits", lambda v: LeducPoker(suits=v), "suits", ()),
    ("LeducPoker.raise_sizes", lambda v: LeducPoker(raise_sizes=(v, 4)), "raise", ()),
    ("LeducPoker.max_raises", lambda v: LeducPoker(max_raises=v), "max_raises", ()),
    ("LeducPoker.card_name", lambda v: LEDUC.card_name(v), "card rank", ()),
    ("Game.utility", lambda v: KUHN.utility(History((0, 1), "pp"), v), "player", ()),
    ("Game.info_sets_of", lambda v: KUHN.info_sets_of(v), "player", ()),
    ("Game.initial_history", lambda v: KUHN.initial_history((v, 1)), "deal", ()),
    ("Game.is_terminal", lambda v: KUHN.is_terminal(((1, v), "")), "history", ()),
    ("GameTree.flatten", lambda v: KUHN.tree.flatten({"J:": [v, 0.5]}), "J:", ()),
    ("GameTree.unflatten", lambda v: KUHN.tree.unflatten([v] * SIZE), "flat", ()),
    ("validate_policy", lambda v: validate_policy(KUHN, {**UNIFORM, "J:": [v, 0.5]}), "J:", ()),
    ("validate_policy.players", lambda v: validate_policy(KUHN, UNIFORM, [v]), "player", ()),
    ("two_action_policy", lambda v: two_action_policy(KUHN, {"Q:b": v}), "Q:b", ()),
    ("expected_value", lambda v: expected_value(KUHN, {**UNIFORM, "K:": [v, 0.5]}), "K:", ()),
    ("best_response.player", lambda v: best_response(KUHN, UNIFORM, v), "player", ()),
    ("exploitability", lambda v: exploitability(KUHN, {**UNIFORM, "J:p": [0.5, v]}), "J:p", ()),
    ("best_response_sweep.sigma", lambda v: best_response_sweep(KUHN.tree, [v] * SIZE, 1), "", ()),
    (
        "best_response_sweep.player",
        lambda v: best_response_sweep(KUHN.tree, np.full(SIZE, 0.5), v),
        "player",
        (),
    ),
    ("to_mbb_per_game", lambda v: to_mbb_per_game(v), "chips", ("list",)),
    ("tree_reach", lambda v: tree_reach(KUHN.tree, [v] * SIZE), "sigma", ()),
    ("tree_values", lambda v: tree_values(KUHN.tree, [v] * SIZE), "sigma", ()),
    ("Reach.chance", lambda v: Reach(v, (1.0, 1.0)), "chance", ()),
    ("Reach.own", lambda v: Reach(1.0, (1.0, v)), "pi_2", ()),
    ("Reach.of", lambda v: REACH.of(v), "player", ()),
    ("Reach.excluding", lambda v: REACH.excluding(v), "player", ()),
    ("Reach.after.actor", lambda v: REACH.after(v, 0.5), "actor", ()),
    ("Reach.after.probability", lambda v: REACH.after(1, v), "probability", ()),
    ("Reach.start.chance", lambda v: Reach.start(v, 2), "chance", ()),
    ("Reach.start.players", lambda v: Reach.start(1.0, v), "players", ()),
    ("GameTree.utility", lambda v: KUHN.tree.utility(v), "player", ()),
    ("opponent.player", lambda v: opponent(KUHN, v), "player", ()),
    ("MultiplayerKuhnPoker.players", lambda v: MultiplayerKuhnPoker(v), "players", ()),
    ("RakedKuhnPoker.rake", lambda v: RakedKuhnPoker(v), "rake", ()),
    (
        "counterfactual_values.include_chance",
        lambda v: counterfactual_values(KUHN, UNIFORM, v),
        "include_chance",
        ("bool",),
    ),
    ("nash_equilibrium", lambda v: nash_equilibrium(v), "alpha", ()),
    ("game_value", lambda v: game_value(v), "alpha", ()),
    ("alpha_of", lambda v: alpha_of({**NASH, "J:": [v, 0.0]}), "J:", ()),
    ("simulate.hands", lambda v: simulate(KUHN, UNIFORM, UNIFORM, v, 0), "hands", ()),
    ("simulate.seed", lambda v: simulate(KUHN, UNIFORM, UNIFORM, 10, v), "seed", ("10**400",)),
    ("sample_hands.policy", lambda v: sample_hands(KUHN, {"J:": v}, UNIFORM, 10, 0), "policy", ()),
    ("mean_and_interval.payoffs", lambda v: mean_and_interval([v, 1.0]), "payoffs", ()),
    ("mean_and_interval.confidence", lambda v: mean_and_interval([0, 1], v), "confidence", ()),
    ("PolicyAgent", lambda v: PolicyAgent({"J:": [v, 0.5]}), "J:", ()),
    ("Hand.deal", lambda v: Hand(KUHN, AGENTS, RNG, deal=(v, 1)), "deal", ()),
    ("value_against.player", lambda v: value_against(KUHN, NASH, NASH, v), "player", ()),
    ("worst_case_value.player", lambda v: worst_case_value(KUHN, NASH, v), "player", ()),
    ("exploit.player", lambda v: exploit(KUHN, UNIFORM, v, NASH), "player", ()),
    ("sum_of_products", lambda v: sum_of_products([v, 1.0], [1.0, 1.0]), "x", ()),
    ("matrix_vector", lambda v: matrix_vector(np.eye(2), [v, 1.0]), "vector", ()),
    ("least_squares_slope", lambda v: least_squares_slope([v, 1.0, 2.0], [1, 2, 3]), "x", ()),
    ("Segments.of_widths", lambda v: Segments.of_widths([v, 1]), "segment widths", ()),
    ("SparseMatrix.of_dense", lambda v: SparseMatrix.of_dense([[v, 1.0]]), "matrix", ()),
    ("SparseMatrix.times", lambda v: SparseMatrix.of_dense(np.eye(2)).times([v, 1]), "vector", ()),
    (
        "SparseMatrix.summed",
        lambda v: SparseMatrix.summed([0], [0], [v], (1, 1)),
        "values",
        (),
    ),
    ("chance_matrix.board", lambda v: chance_matrix(np.zeros((2, 2, 2)), v), "board", ("None",)),
    ("chance_matrix.joint", lambda v: chance_matrix([[[v]]], None), "joint", ()),
    ("PublicTree.node_index", lambda v: public_tree(KUHN).node_index("", v), "board", ("None",)),
    ("PublicTree.decision_nodes", lambda v: public_tree(KUHN).decision_nodes(v), "player", ()),
]


def numeric_cases(table: list) -> list:
    """One test case per row of ``table`` and value of :data:`NOT_NUMBERS` it does not accept."""
    return [
        pytest.param(call, value, fragment, id=f"{name}-{label}")
        for name, call, fragment, valid in table
        for label, value in NOT_NUMBERS.items()
        if label not in valid
    ]


NUMERIC_CASES = numeric_cases(NUMERIC)


@pytest.mark.parametrize(("call", "value", "fragment"), NUMERIC_CASES)
def test_a_value_that_is_not_a_number_is_refused(call, value, fragment):
    assert_refused(lambda: call(value), fragment)


# Objects where a game, a policy, a sequence was expected.
GAME_CALLS = [
    uniform_policy,
    lambda g: validate_policy(g, UNIFORM),
    lambda g: pure_policy(g, {}),
    lambda g: two_action_policy(g, {}),
    lambda g: expected_value(g, UNIFORM),
    lambda g: best_response(g, UNIFORM, 1),
    lambda g: exploitability(g, UNIFORM),
    lambda g: nash_conv(g, UNIFORM),
    lambda g: expected_values(g, UNIFORM),
    lambda g: reach_probabilities(g, UNIFORM),
    lambda g: history_values(g, UNIFORM),
    lambda g: counterfactual_values(g, UNIFORM),
    lambda g: counterfactual_values_by_walk(g, UNIFORM),
    lambda g: simulate(g, UNIFORM, UNIFORM, 10, 0),
    lambda g: value_against(g, NASH, NASH, 1),
    lambda g: worst_case_value(g, NASH, 1),
    lambda g: exploiting_strategy(g, UNIFORM, 1, NASH),
    lambda g: exploit(g, UNIFORM, 1, NASH),
    lambda g: policy_to_json(g, UNIFORM),
    lambda g: policy_from_json(policy_to_json(KUHN, UNIFORM), g),
    lambda g: metadata_from_json(policy_to_json(KUHN, UNIFORM), g),
    always_bet,
    always_pass,
    never_bluff,
    game_size,
    public_tree,
    lambda g: board_is_public(g, ""),
    build_tree,
    lambda g: Hand(g, AGENTS, RNG),
    lambda g: play_hand(g, AGENTS, None, RNG),
    lambda g: PolicyAgent(UNIFORM).act(g, "J:", RNG),
]
NOT_GAMES = {"None": None, "string": "kuhn_poker", "dict": {}, "list": [KUHN], "number": 3}


@pytest.mark.parametrize("value", NOT_GAMES.values(), ids=NOT_GAMES.keys())
@pytest.mark.parametrize("call", GAME_CALLS)
def test_a_game_that_is_not_a_game_is_refused(call, value):
    assert_refused(lambda: call(value), "game")


MATRIX_CALLS = [
    lambda g: self_play(g, 3),
    lambda g: learn_against_fixed(g, THIRD, 3),
    lambda g: regret_bound(g, 3),
    lambda g: RegretMatchingBot(g),
    lambda g: instantaneous_regret(g, 1, THIRD, THIRD),
    lambda g: nf_expected_value(g, THIRD, THIRD),
    lambda g: action_values(g, 1, THIRD),
    lambda g: nf_best_response(g, 1, THIRD),
    lambda g: nf_exploitability(g, THIRD, THIRD),
    lambda g: strategy_exploitability(g, 1, THIRD),
    solve,
    indifference_equilibrium,
]
BIMATRIX_CALLS = [
    lambda g: general_sum_self_play(g, 3),
    lambda g: bimatrix_action_values(g, 1, THIRD),
    lambda g: nf_nash_conv(g, THIRD, THIRD),
    lambda g: cce_gap(g, np.full((3, 3), 1 / 9)),
]


@pytest.mark.parametrize("value", [None, "rps", {}, [[0, 1], [1, 0]], KUHN])
@pytest.mark.parametrize("call", MATRIX_CALLS + BIMATRIX_CALLS)
def test_a_matrix_game_that_is_not_one_is_refused(call, value):
    assert_refused(lambda: call(value), "game")


@pytest.mark.parametrize("call", MATRIX_CALLS)
def test_a_bimatrix_game_is_not_a_zero_sum_matrix_game(call):
    assert_refused(lambda: call(SHAPLEY), "MatrixGame")


@pytest.mark.parametrize("call", BIMATRIX_CALLS)
def test_a_zero_sum_matrix_game_is_not_a_bimatrix_game(call):
    assert_refused(lambda: call(RPS), "BimatrixGame")


# Single cases: (call, fragment of the message).
CASES = {
    # regret_matching
    "self_play initial_regret dict": (lambda: self_play(RPS, 3, {}), "initial_regret"),
    "self_play initial_regret one": (lambda: self_play(RPS, 3, ([0, 0, 0],)), "initial_regret"),
    "self_play initial_regret str": (lambda: self_play(RPS, 3, "ab"), "initial_regret"),
    "self_play too long": (lambda: self_play(RPS, 10**12), "would need"),
    "general_sum too long": (lambda: general_sum_self_play(SHAPLEY, 10**12), "would need"),
    "learn too long": (lambda: learn_against_fixed(RPS, THIRD, 10**12), "would need"),
    "RegretMatcher too large": (lambda: RegretMatcher(10**12), "would need"),
    "regret matching empty": (lambda: regret_matching([]), "cumulative regret"),
    "regret matching matrix": (lambda: regret_matching([[1, 2]]), "cumulative regret"),
    "regret matching ragged": (lambda: regret_matching([[1], [1, 2]]), "cumulative regret"),
    "observe wrong size": (lambda: RegretMatcher(2).observe([1, 2, 3]), "action values"),
    "joint_play too many": (lambda: GENERAL.joint_play(10**6), "rounds"),
    "bot action": (lambda: RegretMatchingBot(RPS).play("lizard"), "action"),
    "bot action list": (lambda: RegretMatchingBot(RPS).play(["rock"]), "action"),
    "payoffs overflow in self_play": (
        lambda: self_play(PENNIES, 3, ([1.7976931348623157e308] * 2, [1.0, 0.0])),
        "overflowed",
    ),
    # normal_form
    "MatrixGame payoffs dict": (lambda: MatrixGame("g", {}, ("a",)), "payoff matrix"),
    "MatrixGame ragged": (lambda: MatrixGame("g", [[1, 2], [3]], ("a", "b")), "payoff matrix"),
    "MatrixGame strings": (lambda: MatrixGame("g", [["1"]], ("a",)), "payoff matrix"),
    "MatrixGame 1-D": (lambda: MatrixGame("g", [1, 2], ("a", "b")), "payoff matrix"),
    "MatrixGame shape": (lambda: MatrixGame("g", [[1, 2]], ("a", "b")), "payoff matrix"),
    "MatrixGame actions None": (lambda: MatrixGame("g", [[1]], None), "row_actions"),
    "MatrixGame actions str": (lambda: MatrixGame("g", [[1, 2]], "ab"), "row_actions"),
    "MatrixGame actions twice": (lambda: MatrixGame("g", np.eye(2), ("a", "a")), "row_actions"),
    "MatrixGame actions ints": (lambda: MatrixGame("g", np.eye(2), (1, 2)), "row_actions"),
    "MatrixGame columns": (lambda: MatrixGame("g", np.eye(2), ("a", "b"), 3), "column_actions"),
    "MatrixGame payoff too large": (lambda: MatrixGame("g", [[1.7e308]], ("a",)), "payoff"),
    "BimatrixGame payoff too large": (
        lambda: BimatrixGame("g", [[0.0]], [[-1e301]], ("a",)),
        "column_payoffs",
    ),
    "MatrixGame name": (lambda: MatrixGame(None, np.eye(2), ("a", "b")), "name"),
    "BimatrixGame ragged": (
        lambda: BimatrixGame("g", [[1], [1, 2]], np.eye(2), ("a", "b")),
        "row_payoffs",
    ),
    "action_index list": (lambda: RPS.action_index(1, ["rock"]), "action of player 1"),
    "cce_gap ragged": (lambda: cce_gap(SHAPLEY, [[1], [0, 0]]), "joint"),
    "cce_gap shape": (lambda: cce_gap(SHAPLEY, np.eye(2) / 2), "joint"),
    "cce_gap negative": (lambda: cce_gap(SHAPLEY, -np.eye(3)), "joint"),
    "strategy_exploitability player 3": (
        lambda: strategy_exploitability(RPS, 3, THIRD),
        "unknown player 3",
    ),
    "strategy_exploitability player 0": (
        lambda: strategy_exploitability(RPS, 0, THIRD),
        "unknown player 0",
    ),
    # games
    "Kuhn actions list": (lambda: KUHN.actions(["J:"]), "information set"),
    "Kuhn player None": (lambda: KUHN.player(None), "information set"),
    "Kuhn parse_key dict": (lambda: KUHN.parse_key({}), "information set"),
    "Kuhn describe int": (lambda: KUHN.describe(3), "information set"),
    "Kuhn opponent_cards": (lambda: KUHN.opponent_cards(("J:",)), "information set"),
    "Kuhn too many cards": (lambda: KuhnPoker(n_cards=10**9), "would have"),
    "Kuhn just too many cards": (lambda: KuhnPoker(n_cards=1100), "GiB"),
    "Kuhn float deal": (lambda: KUHN.initial_history((1.0, 0.0)), "deal"),
    "Kuhn bool deal": (lambda: KUHN.initial_history((True, False)), "deal"),
    "Kuhn deal of three": (lambda: KUHN.initial_history((0, 1, 2)), "deal"),
    "Kuhn deal None": (lambda: KUHN.initial_history(None), "deal"),
    "Kuhn history None": (lambda: KUHN.is_terminal(None), "history"),
    "Kuhn history float deal": (lambda: KUHN.payoff(((1.0, 0.0), "pp")), "history"),
    "Kuhn history actions list": (lambda: KUHN.is_terminal(((0, 1), ["p"])), "actions"),
    "Kuhn history actions None": (lambda: KUHN.player_to_act(((0, 1), None)), "actions"),
    "Kuhn history unknown": (lambda: KUHN.legal_actions(((0, 1), "bbb")), "history"),
    "Kuhn history triple": (lambda: KUHN.is_terminal(((0, 1), "", 3)), "history"),
    "Kuhn payoff not terminal": (lambda: KUHN.payoff(((0, 1), "p")), "terminal"),
    "Kuhn next_history action": (lambda: KUHN.next_history(History((0, 1), ""), "x"), "action"),
    "Kuhn next_history list": (lambda: KUHN.next_history(History((0, 1), ""), ["p"]), "action"),
    "Kuhn histories_in": (lambda: KUHN.histories_in(["J:"]), "information set"),
    "Kuhn label": (lambda: KUHN.label(((0, 1, 2), "")), "history"),
    "Leduc too many raises": (lambda: LeducPoker(max_raises=10**6), "would have"),
    "Leduc too many ranks": (lambda: LeducPoker(ranks=10**6), "card deals"),
    "Leduc too many suits": (lambda: LeducPoker(suits=10**6), "card deals"),
    "Leduc raises and ranks": (lambda: LeducPoker(ranks=20, max_raises=20), "would have"),
    "Leduc huge raise": (lambda: LeducPoker(raise_sizes=(2, 2**60)), "2**53"),
    "Leduc astronomical raises": (lambda: LeducPoker(max_raises=10**5000), "2**"),
    "Kuhn astronomical cards": (lambda: KuhnPoker(n_cards=10**5000), "2**"),
    "Leduc raise_sizes str": (lambda: LeducPoker(raise_sizes="24"), "raise_sizes"),
    "Leduc raise_sizes dict": (lambda: LeducPoker(raise_sizes={2: 0, 4: 0}), "raise_sizes"),
    "Leduc raise_sizes one": (lambda: LeducPoker(raise_sizes=(2,)), "raise_sizes"),
    "Leduc raise_sizes None": (lambda: LeducPoker(raise_sizes=None), "raise_sizes"),
    "Leduc small deck": (lambda: LeducPoker(ranks=2, suits=1), "deck"),
    "Leduc actions list": (lambda: LEDUC.actions(["J:"]), "information set"),
    "Leduc betting None": (lambda: LEDUC.betting(None), "public action sequence"),
    "Leduc narrate list": (lambda: LEDUC.narrate(["c"]), "public action sequence"),
    "Leduc board_is_public": (lambda: LEDUC.board_is_public("x"), "public action sequence"),
    "Leduc history": (lambda: LEDUC.is_terminal(((0, 1), "")), "history"),
    "Leduc float deal": (lambda: LEDUC.initial_history((0.0, 1.0, 2.0)), "deal"),
    "public node unknown": (lambda: public_tree(KUHN).node_index("zz"), "public node"),
    "public node list": (lambda: public_tree(KUHN).node_index(["p"]), "public node"),
    "chance_matrix board": (lambda: chance_matrix(np.zeros((2, 2, 2)), 2), "board"),
    "chance_matrix 2-D": (lambda: chance_matrix(np.zeros((2, 2)), None), "joint"),
    "tree info_set_index": (lambda: KUHN.tree.info_set_index(["J:"]), "information set"),
    "unflatten keys": (lambda: KUHN.tree.unflatten(np.zeros(SIZE), ["X:"]), "information set"),
    "unflatten keys str": (lambda: KUHN.tree.unflatten(np.zeros(SIZE), "J:"), "keys"),
    "unflatten short": (lambda: KUHN.tree.unflatten(np.zeros(3)), "flat"),
    "flatten not a dict": (lambda: KUHN.tree.flatten([("J:", [1, 0])]), "policy"),
    "flatten wrong length": (lambda: KUHN.tree.flatten({"J:": np.ones(3) / 3}), "J:"),
    # policy
    "policy None": (lambda: validate_policy(KUHN, None), "policy"),
    "policy list": (lambda: validate_policy(KUHN, [("J:", [1, 0])]), "policy"),
    "policy unknown key": (lambda: validate_policy(KUHN, {**UNIFORM, "X:": [1, 0]}), "X:"),
    "policy int key": (lambda: validate_policy(KUHN, {**UNIFORM, 1: [1, 0]}), "1"),
    "policy missing key": (lambda: validate_policy(KUHN, {"J:": [1, 0]}), "information set"),
    "policy entry None": (lambda: validate_policy(KUHN, {**UNIFORM, "J:": None}), "J:"),
    "policy entry str": (lambda: validate_policy(KUHN, {**UNIFORM, "J:": "10"}), "J:"),
    "policy entry short": (lambda: validate_policy(KUHN, {**UNIFORM, "J:": [1.0]}), "J:"),
    "policy entry sum": (lambda: validate_policy(KUHN, {**UNIFORM, "J:": [0.5, 0.6]}), "J:"),
    "policy entry negative": (lambda: validate_policy(KUHN, {**UNIFORM, "J:": [-1, 2]}), "J:"),
    "policy entry ragged": (lambda: validate_policy(KUHN, {**UNIFORM, "J:": [[1], 0]}), "J:"),
    "policy players int": (lambda: validate_policy(KUHN, UNIFORM, players=3), "players"),
    "policy players str": (lambda: validate_policy(KUHN, UNIFORM, players="12"), "players"),
    "pure_policy list": (lambda: pure_policy(KUHN, [("J:", "b")]), "choices"),
    "pure_policy None": (lambda: pure_policy(KUHN, None), "choices"),
    "pure_policy action": (lambda: pure_policy(KUHN, {"J:": "x"}), "action at information set"),
    "pure_policy action list": (lambda: pure_policy(KUHN, {"J:": ["b"]}), "action"),
    "pure_policy key": (lambda: pure_policy(KUHN, {"X:": "b"}), "information set"),
    "two_action list": (lambda: two_action_policy(KUHN, [("J:", 0.5)]), "probability"),
    "two_action three actions": (lambda: two_action_policy(LEDUC, {"J:r": 0.5}), "two actions"),
    "two_action above 1": (lambda: two_action_policy(KUHN, {"J:": 1.5}), "J:"),
    # exploitability, counterfactual
    "best_response_sweep tree": (lambda: best_response_sweep(None, np.zeros(SIZE), 1), "tree"),
    "best_response_sweep short": (lambda: best_response_sweep(KUHN.tree, [0.5], 1), "sigma"),
    "tree_reach tree": (lambda: tree_reach(KUHN, np.zeros(SIZE)), "tree"),
    "tree_values short": (lambda: tree_values(KUHN.tree, np.zeros(3)), "sigma"),
    "tree_values strings": (lambda: tree_values(KUHN.tree, np.full(SIZE, "0.5")), "sigma"),
    "to_mbb overflow": (lambda: to_mbb_per_game(1e306), "chips"),
    "to_mbb ragged": (lambda: to_mbb_per_game([[1], [1, 2]]), "chips"),
    "Reach chance a string": (lambda: Reach("0.5", (1.0, 1.0)), "chance"),
    "Reach pi_1 NaN": (lambda: Reach(1.0, (math.nan, 1.0)), "pi_1"),
    "Reach pi_2 above 1": (lambda: Reach(1.0, (1.0, 1.5)), "pi_2"),
    "Reach pi_2 None": (lambda: Reach(1.0, (1.0, None)), "pi_2"),
    "Reach pi_3 negative": (lambda: Reach(1.0, (1.0, 1.0, -0.5)), "pi_3"),
    "Reach chance negative": (lambda: Reach(-0.5, (1.0, 1.0)), "chance"),
    "Reach chance 10**400": (lambda: Reach(10**400, (1.0, 1.0)), "chance"),
    "Reach own a list": (lambda: Reach(1.0, [1.0, 1.0]), "own"),
    "Reach own empty": (lambda: Reach(1.0, ()), "own"),
    "Reach own a number": (lambda: Reach(1.0, 1.0), "own"),
    "Reach own a string": (lambda: Reach(1.0, "11"), "own"),
    "Reach.after actor 3 of 2": (lambda: REACH.after(3, 0.5), "actor"),
    "Reach.after actor -1": (lambda: REACH.after(-1, 0.5), "actor"),
    "Reach.after above 1": (lambda: REACH.after(2, 1.5), "probability"),
    "Reach.after chance NaN": (lambda: REACH.after(0, math.nan), "probability"),
    "Reach.start no players": (lambda: Reach.start(1.0, 0), "players"),
    "check_entries 5000 digits": (
        lambda: check_entries(10**5000, "the table"),
        "the table would need <an integer of about 2**16609> numbers",
    ),
    "check_entries a string": (lambda: check_entries("5", "the table"), "the table"),
    "check_entries negative": (lambda: check_entries(-1, "the table"), "the table"),
    "Reach.excluding 3": (lambda: REACH.excluding(3), "player must be at most 2"),
    "Reach.excluding 0": (lambda: REACH.excluding(0), "player must be at least 1"),
    "exploitability general-sum": (lambda: exploitability(RakedKuhnPoker(), UNIFORM), "nash_conv"),
    "opponent of three players": (lambda: opponent(THREE, 1), "3 players"),
    "validate_policy player 4 of 3": (
        lambda: validate_policy(THREE, uniform_policy(THREE), players=[4]),
        "player",
    ),
    "validate_policy three missing": (lambda: validate_policy(THREE, {}), "information set"),
    "three-player Kuhn 7 players": (lambda: MultiplayerKuhnPoker(7), "players"),
    "three-player Kuhn 1 player": (lambda: MultiplayerKuhnPoker(1), "players"),
    "raked Kuhn rake 1": (lambda: RakedKuhnPoker(1.0), "rake"),
    "raked Kuhn rake negative": (lambda: RakedKuhnPoker(-0.1), "rake"),
    "raked Kuhn cards": (lambda: RakedKuhnPoker(0.1, n_cards=1), "n_cards"),
    "game with a return missing": (lambda: build_tree(_ShortReturns()), "must return 2"),
    "game with a NaN return": (lambda: build_tree(_NaNReturns()), "must return 2"),
    "game zero-sum in name only": (lambda: build_tree(_FalselyZeroSum()), "declares zero_sum"),
    "game of no players": (lambda: build_tree(_NoPlayers()), "players"),
    "game of True players": (lambda: build_tree(_TruePlayers()), "players"),
    "game zero_sum not a bool": (lambda: build_tree(_ZeroSumMaybe()), "zero_sum"),
    "counterfactual policy": (lambda: counterfactual_values(KUHN, None), "policy"),
    # kuhn_equilibria, kuhn_profiles
    "alpha above 1/3": (lambda: nash_equilibrium(0.5), "alpha"),
    "alpha negative": (lambda: nash_equilibrium(-0.1), "alpha"),
    "alpha_of None": (lambda: alpha_of(None), "policy"),
    "alpha_of Leduc-sized": (lambda: alpha_of(uniform_policy(KuhnPoker(4))), "information set"),
    "family_residuals partial": (lambda: family_residuals({"J:": [1, 0]}), "information set"),
    "profiles Leduc": (lambda: always_bet(LEDUC), "Kuhn poker"),
    # simulation
    "simulate too many hands": (lambda: simulate(KUHN, UNIFORM, UNIFORM, 10**15, 0), "PiB"),
    "simulate policy None": (lambda: simulate(KUHN, None, UNIFORM, 10, 0), "policy_1"),
    "simulate policy_2 partial": (lambda: simulate(KUHN, UNIFORM, {"J:": [1, 0]}, 10, 0), "2"),
    "simulate seed negative": (lambda: simulate(KUHN, UNIFORM, UNIFORM, 10, -1), "seed"),
    "simulate seed legacy": (
        lambda: simulate(KUHN, UNIFORM, UNIFORM, 10, np.random.RandomState(0)),
        "seed",
    ),
    "simulate three players": (
        lambda: simulate(THREE, *[uniform_policy(THREE)] * 2, 10, 0),
        "players",
    ),
    "sample_hands three players": (
        lambda: sample_hands(THREE, *[uniform_policy(THREE)] * 2, 10, 0),
        "players",
    ),
    "mean_and_interval one": (lambda: mean_and_interval([1.0]), "two payoffs"),
    "mean_and_interval None": (lambda: mean_and_interval(None), "payoffs"),
    "mean_and_interval confidence 1": (lambda: mean_and_interval([0, 1], 1.0), "confidence"),
    "mean_and_interval overflow": (lambda: mean_and_interval([1.7e308, -1.7e308]), "payoffs"),
    # agents
    "PolicyAgent None": (lambda: PolicyAgent(None), "policy"),
    "PolicyAgent entry str": (lambda: PolicyAgent({"J:": "ab"}), "J:"),
    "PolicyAgent act key": (lambda: PolicyAgent(UNIFORM).act(KUHN, ["J:"], RNG), "information"),
    "PolicyAgent act rng": (lambda: PolicyAgent(UNIFORM).act(KUHN, "J:", None), "rng"),
    "PolicyAgent missing key": (lambda: PolicyAgent({}).act(KUHN, "J:", RNG), "J:"),
    "PolicyAgent wrong size": (
        lambda: PolicyAgent({"J:r": [0.5, 0.5]}).act(LEDUC, "J:r", RNG),
        "J:r",
    ),
    "HumanAgent not chosen": (lambda: HumanAgent().act(KUHN, "J:", RNG), "J:"),
    "HumanAgent illegal": (lambda: _human_plays("x"), "action"),
    "Hand one agent": (lambda: Hand(KUHN, [AGENTS[0]], RNG), "agents"),
    "Hand three players": (lambda: Hand(THREE, THREE_AGENTS, RNG), "players"),
    "play_hand three players": (lambda: play_hand(THREE, THREE_AGENTS, None, RNG), "players"),
    "Hand agents str": (lambda: Hand(KUHN, "ab", RNG), "agents"),
    "Hand agent None": (lambda: Hand(KUHN, [AGENTS[0], None], RNG), "seat 2"),
    "Hand rng int": (lambda: Hand(KUHN, AGENTS, 0), "rng"),
    "Hand float deal": (lambda: Hand(KUHN, AGENTS, RNG, deal=(1.0, 0.0)), "deal"),
    "Hand apply illegal": (lambda: Hand(KUHN, (HumanAgent(), AGENTS[1]), RNG).apply("x"), "action"),
    "Hand apply for agent": (lambda: _finished_hand().apply("p"), "over"),
    "play_hand with a person": (lambda: play_hand(KUHN, (HumanAgent(), AGENTS[0]), None, RNG), ""),
    # exploiting_opponents
    "exploit not an equilibrium": (lambda: exploit(KUHN, UNIFORM, 1, UNIFORM), "equilibrium"),
    "exploit opponent None": (lambda: exploit(KUHN, None, 1, NASH), "policy"),
    "value_against partial": (lambda: value_against(KUHN, {}, NASH, 1), "information set"),
    # sums
    "sum_of_products overflow": (lambda: sum_of_products([1e308, 1e308], [1, 1]), "finite"),
    "sum_of_products product inf": (lambda: sum_of_products([1e308], [10.0]), "finite"),
    "sum_of_products shapes": (lambda: sum_of_products([1, 2], [1, 2, 3]), "shape"),
    "sum_of_products bools": (lambda: sum_of_products([True], [1.0]), "x"),
    "matrix_vector shapes": (lambda: matrix_vector(np.eye(2), np.ones(3)), "shape"),
    "matrix_vector list": (lambda: matrix_vector([[1, "a"]], np.ones(2)), "matrix"),
    "matrix_vector overflow": (lambda: matrix_vector(np.full((1, 2), 1e308), np.ones(2)), "fin"),
    "slope constant x": (lambda: least_squares_slope([1, 1, 1], [1, 2, 3]), "x values"),
    "slope lengths": (lambda: least_squares_slope([1, 2, 3], [1, 2]), "y"),
    "slope one point": (lambda: least_squares_slope([1], [1]), "x values"),
    "Segments float widths": (lambda: Segments.of_widths([1.5, 2]), "segment widths"),
    "Segments string widths": (lambda: Segments.of_widths(np.array(["3"])), "segment widths"),
    "Segments zero": (lambda: Segments.of_widths([0, 2]), "segment widths"),
    "Segments too large": (lambda: Segments.of_widths([10**12]), "would need"),
    "Sparse summed column": (lambda: SparseMatrix.summed([0], [5], [1.0], (2, 2)), "columns"),
    "Sparse summed float index": (lambda: SparseMatrix.summed([0.5], [0], [1.0], (2, 2)), "rows"),
    "Sparse summed shape": (lambda: SparseMatrix.summed([0], [0], [1.0], (2,)), "shape"),
    "Sparse summed lengths": (lambda: SparseMatrix.summed([0, 1], [0], [1.0], (2, 2)), "rows"),
    "Sparse of_dense 1-D": (lambda: SparseMatrix.of_dense([1.0, 2.0]), "matrix"),
    "Sparse times short": (lambda: SparseMatrix.of_dense(np.eye(2)).times(np.ones(3)), "vector"),
    # display
    "show_source None": (lambda: show_source(None), "source"),
    "show_source builtin": (lambda: show_source(len), "source"),
    "SourceCode None": (lambda: SourceCode(None), "text"),
    "SourceCode language": (lambda: SourceCode("x", 3), "language"),
}


class _ShortReturns(KuhnPoker):
    """Kuhn poker whose returns forget player 2."""

    def returns(self, history):
        return (self.payoff(history),)


class _NaNReturns(KuhnPoker):
    def returns(self, history):
        return (math.nan, math.nan)


class _FalselyZeroSum(KuhnPoker):
    """Declared zero-sum, but both players win player 1's chips."""

    def returns(self, history):
        return (self.payoff(history), self.payoff(history))


class _NoPlayers(KuhnPoker):
    num_players = 0


class _TruePlayers(KuhnPoker):
    num_players = True


class _ZeroSumMaybe(KuhnPoker):
    zero_sum = "maybe"


def _human_plays(action: str) -> None:
    person = HumanAgent()
    person.choose(action)
    person.act(KUHN, "J:", RNG)


def _finished_hand() -> Hand:
    return Hand(KUHN, AGENTS, np.random.default_rng(1))


@pytest.mark.parametrize(("call", "fragment"), CASES.values(), ids=CASES.keys())
def test_a_bad_input_is_refused_with_a_clear_message(call, fragment):
    assert_refused(call, fragment)


LONG_CASES = {
    "policy entry": lambda: validate_policy(KUHN, {**UNIFORM, "J:": LONG}),
    "policy key": lambda: validate_policy(KUHN, {**UNIFORM, "X" * 10**6: [1, 0]}),
    "payoffs": lambda: MatrixGame("g", [LONG, [0]], ("a", "b")),
    "regrets": lambda: regret_matching([*LONG, math.nan]),
    "deal": lambda: KUHN.initial_history(tuple(LONG)),
    "history": lambda: KUHN.is_terminal(((0, 1), "p" * 10**6)),
    "information set": lambda: KUHN.actions("J:" * 10**6),
    "metadata": lambda: policy_to_json(KUHN, UNIFORM, {"x": [math.nan, *LONG]}),
    "policy file": lambda: policy_from_json(json.dumps({"format": "x" * 10**6}), KUHN),
}


@pytest.mark.parametrize("call", LONG_CASES.values(), ids=LONG_CASES.keys())
def test_a_long_value_is_shortened_in_the_message(call):
    error = assert_refused(call, "")
    assert len(str(error)) < 1000


# What must work: the extreme values that are valid.


def test_regret_matching_of_huge_regrets_is_a_probability_vector():
    assert regret_matching([1e308, 1e308]).tolist() == [0.5, 0.5]
    assert regret_matching([1.7e308, 1.7e308, -1.0, 0.0]).tolist() == [0.5, 0.5, 0.0, 0.0]
    assert regret_matching([5e-324, 5e-324]).tolist() == [0.5, 0.5]


def test_extreme_values_give_no_numpy_warning():
    """An overflow that the library handles (or refuses) must not leak numpy's RuntimeWarning."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert regret_matching([1e308, 1e308]).tolist() == [0.5, 0.5]
        assert mean_and_interval([1e308, 1e308, 1e308]) == (1e308, 0.0)
        general_sum_self_play(SHAPLEY, 2, ([1e308, 1e308, 0.0], [0.0, 0.0, 0.0]))
        for call in (
            lambda: sum_of_products([1e308, 1e308], [10.0, 10.0]),
            lambda: matrix_vector(np.full((2, 2), 1e308), [10.0, 10.0]),
            lambda: mean_and_interval([1e308, -1e308]),
        ):
            assert_refused(call, "")


def test_self_play_from_huge_regrets_plays_probability_vectors():
    """Self-play's plain-float twin of regret matching must not overflow either."""
    run = self_play(RPS, 5, ([1e308, 1e308, 0.0], [0.0, 0.0, 0.0]))
    assert run.current[1][0].tolist() == [0.5, 0.5, 0.0]
    for player in (1, 2):
        np.testing.assert_allclose(run.current[player].sum(axis=1), 1.0, rtol=0, atol=1e-12)


def test_general_sum_self_play_from_huge_regrets_plays_probability_vectors():
    run = general_sum_self_play(SHAPLEY, 5, ([1e308, 1e308, 0.0], [0.0, 0.0, 0.0]))
    assert run.current[1][0].tolist() == [0.5, 0.5, 0.0]


def test_mean_and_interval_of_huge_payoffs_is_finite():
    mean, half_width = mean_and_interval([1e308, 1e308, 1e308])
    assert (mean, half_width) == (1e308, 0.0)
    mean, half_width = mean_and_interval([1e300, -1e300])
    assert mean == 0.0 and half_width == pytest.approx(1.959963984540054e300)
    assert_refused(lambda: mean_and_interval([1e308, -1e308]), "payoffs")  # half-width > max


def test_solve_scales_huge_payoffs_exactly():
    """HiGHS refuses coefficients near 1e20; the solution of 1e100 * RPS is RPS's, scaled."""
    for scale in (1e100, 1e300):
        big = MatrixGame("big", RPS.payoffs * scale, RPS.row_actions)
        solution = solve(big)
        np.testing.assert_allclose(solution.sigma, THIRD, atol=1e-9)
        assert abs(solution.value) < scale * 1e-8
    assert solve(PENNIES).sigma.tolist() == [0.5, 0.5]
    assert regret_bound(PENNIES, 1) == 2e300 * math.sqrt(2)


def test_the_largest_kuhn_poker_allowed_is_made_and_a_deal_can_be_any_integer_type():
    assert KuhnPoker(n_cards=1054).n_cards == 1054  # 9 * 1054 * 1053 histories, just below 1e7
    assert LeducPoker(raise_sizes=np.array([2, 4])) == LEDUC
    assert KUHN.initial_history((np.int64(1), np.int64(0))).deal == (1, 0)


# Policy files.


def _valid_text() -> str:
    return policy_to_json(KUHN, UNIFORM, {"iterations": 3})


def _document(**changes: object) -> str:
    document = json.loads(_valid_text())
    document.update(changes)
    return json.dumps(document)


BAD_FILES = {
    "invalid UTF-8": b"\xff\xfe" + _valid_text().encode("utf-8"),
    "not JSON": b"{",
    "empty": b"",
    "a list": b"[]",
    "400-digit integer": _valid_text().replace('"iterations": 3', '"iterations": ' + "9" * 400),
    "5000-digit integer": _valid_text().replace('"iterations": 3', '"iterations": ' + "9" * 5000),
    "1e400": _valid_text().replace('"iterations": 3', '"iterations": 1e400'),
    "NaN": _valid_text().replace('"iterations": 3', '"iterations": NaN'),
    "entry 400 digits": _valid_text().replace("0.5", "1" + "0" * 400, 1),
    "nested 100000 deep": _valid_text().replace(
        '"iterations": 3', '"x": ' + "[" * 10**5 + "]" * 10**5
    ),
    "objects nested deep": _valid_text().replace(
        '"iterations": 3', '"x": ' + '{"a": ' * 10**5 + "1" + "}" * 10**5
    ),
    "nested 100 deep": _valid_text().replace('"iterations": 3', '"x": ' + "[" * 100 + "]" * 100),
    "repeated key": _valid_text().replace('"iterations": 3', '"a": 1, "a": 2'),
    "other game": policy_to_json(KuhnPoker(4), uniform_policy(KuhnPoker(4))),
    "version 2": _document(version=2),
    "version true": _document(version=True),
    "format": _document(format="x" * 10**6),
    "metadata list": _document(metadata=[]),
    "policy list": _document(policy=[]),
    "entry string": _document(policy={**json.loads(_valid_text())["policy"], "J:": "0.5"}),
    "entry bools": _document(policy={**json.loads(_valid_text())["policy"], "J:": [True, False]}),
    "entry short": _document(policy={**json.loads(_valid_text())["policy"], "J:": [1]}),
    "missing key": _document(policy={"J:": [1, 0]}),
    "extra field": _document(extra=1),
}


@pytest.mark.parametrize("content", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_malformed_policy_file_is_refused_naming_the_file(tmp_path, content):
    path = tmp_path / "policy.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    for load in (load_policy, load_metadata):
        error = assert_refused(lambda load=load: load(path, KUHN), "")
        assert str(path) in str(error)


def test_a_fifo_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "policy.fifo"
    os.mkfifo(fifo)
    for call in (
        lambda: load_policy(fifo, KUHN),
        lambda: load_metadata(fifo, KUHN),
        lambda: save_policy(fifo, KUHN, UNIFORM),
    ):
        error = assert_refused(call, "not a regular file")
        assert str(fifo) in str(error)


def test_a_directory_or_a_missing_file_raises_naming_the_path(tmp_path):
    assert_names_path(lambda: load_policy(tmp_path, KUHN), tmp_path)
    assert_names_path(lambda: save_policy(tmp_path, KUHN, UNIFORM), tmp_path)
    missing = tmp_path / "missing.json"
    assert_names_path(lambda: load_policy(missing, KUHN), missing)
    assert_names_path(lambda: save_policy(tmp_path / "no" / "dir.json", KUHN, UNIFORM), tmp_path)


def test_a_file_too_large_is_refused_before_reading(tmp_path, monkeypatch):
    import lessons_lib.policy_io as policy_io

    path = tmp_path / "policy.json"
    path.write_text(_valid_text(), encoding="utf-8")
    monkeypatch.setattr(policy_io, "MAX_FILE_BYTES", 100)
    error = assert_refused(lambda: load_policy(path, KUHN), "bytes")
    assert str(path) in str(error)


def test_a_bad_path_is_refused():
    for path in (None, 3, ["a.json"], "a\0b.json"):
        assert_refused(lambda path=path: load_policy(path, KUHN), "path")
        assert_refused(lambda path=path: save_policy(path, KUHN, UNIFORM), "path")


def _nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


BAD_METADATA = {
    "nested 100000 deep": {"x": _nested(10**5)},
    "nested 100 deep": {"x": _nested(100)},
    "400-digit integer": {"iterations": 10**400},
    "nan": {"x": math.nan},
    "inf": {"x": [math.inf]},
    "int key": {1: 2},
    "tuple key": {(1, 2): 3},
    "object": {"x": object()},
    "set": {"x": {1, 2}},
    "list": [("a", 1)],
    "string": "iterations=3",
}


@pytest.mark.parametrize("metadata", BAD_METADATA.values(), ids=BAD_METADATA.keys())
def test_bad_metadata_is_refused_on_saving_naming_the_file(tmp_path, metadata):
    path = tmp_path / "policy.json"
    error = assert_refused(lambda: save_policy(path, KUHN, UNIFORM, metadata), "metadata")
    assert str(path) in str(error)
    assert not path.exists()
    assert_refused(lambda: policy_to_json(KUHN, UNIFORM, metadata), "metadata")


def test_a_bad_policy_is_refused_on_saving_naming_the_file(tmp_path):
    path = tmp_path / "policy.json"
    error = assert_refused(lambda: save_policy(path, KUHN, {"J:": [1, 0]}), "information set")
    assert str(path) in str(error)


def test_policy_text_that_is_not_a_string_is_refused():
    for text in (None, b"{}", 3, {}):
        assert_refused(lambda text=text: policy_from_json(text, KUHN), "text")


def test_metadata_that_json_stores_exactly_reads_back_equal(tmp_path):
    metadata = {"a": [1, 2.5, None, True, "x", {"b": []}], "deep": _nested(60)}
    path = tmp_path / "policy.json"
    save_policy(path, KUHN, UNIFORM, metadata)
    assert load_metadata(path, KUHN) == metadata


# Properties.

FINITE = st.floats(allow_nan=False, allow_infinity=False)
EXTREME = st.one_of(
    FINITE,
    st.floats(min_value=1e300, max_value=1.7976931348623157e308),
    st.floats(min_value=-1e-300, max_value=1e-300),
    st.sampled_from([5e-324, 1e-320, 1.7976931348623157e308, 0.0, -0.0]),
)


@given(st.lists(EXTREME, min_size=1, max_size=12))
def test_any_finite_regret_vector_gives_a_probability_vector(regrets):
    strategy = regret_matching(regrets)
    assert strategy.shape == (len(regrets),)
    assert np.all(strategy >= 0.0)
    assert abs(float(strategy.sum()) - 1.0) <= 1e-9
    positive = [r > 0 for r in regrets]
    if any(positive):  # no probability on an action without positive regret
        assert all(p > 0 or s == 0.0 for p, s in zip(positive, strategy, strict=True))
        # a larger regret never gets a smaller probability
        order = np.argsort(regrets, kind="stable")
        assert np.all(np.diff(strategy[order]) >= 0.0)
    else:
        assert np.all(strategy == 1.0 / len(regrets))


@given(st.lists(EXTREME, min_size=3, max_size=3))
def test_self_play_plays_what_regret_matching_gives(regrets):
    """The plain-float loop of self_play and regret_matching agree on the first strategy."""
    run = self_play(RPS, 1, (regrets, [0.0, 0.0, 0.0]))
    np.testing.assert_allclose(run.current[1][0], regret_matching(regrets), rtol=0, atol=1e-12)


JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=5),
    st.sampled_from(["J:", "policy", "format", "lessons_lib.policy", "kuhn_poker"]),
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=20,
)
FIELDS = ["format", "version", "game", "metadata", "policy"]


def _mutated_document(draw_field: str, value: object) -> str:
    document = json.loads(_valid_text())
    document[draw_field] = value
    return json.dumps(document)


def _load_bytes(content: bytes) -> None:
    """Write ``content`` to a new file and load it: ValueError or OSError naming it, or success."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "policy.json"
        path.write_bytes(content)
        try:
            load_policy(path, KUHN)
        except ValueError as error:
            assert type(error) is ValueError, type(error).__name__
            assert str(path) in str(error)
        except OSError as error:
            assert str(path) in str(error)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=200))
def test_any_bytes_as_a_policy_file_are_refused_with_value_error(content):
    _load_bytes(content)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FIELDS), JSON_VALUES)
def test_a_policy_file_with_any_field_replaced_is_refused_or_read(field, value):
    _load_bytes(_mutated_document(field, value).encode("utf-8"))


@settings(max_examples=200)
@given(st.sampled_from(list(json.loads(_valid_text())["policy"])), JSON_VALUES)
def test_a_policy_file_with_any_entry_replaced_is_refused_or_read(key, value):
    document = json.loads(_valid_text())
    document["policy"][key] = value
    _load_bytes(json.dumps(document).encode("utf-8"))


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**500), max_value=10**500),
    st.floats(),
    st.text(max_size=6),
    st.binary(max_size=6),
    st.lists(st.floats(), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.complex_numbers(),
    st.fractions(),
    st.decimals(),
    st.just(np.float64("nan")),
    st.just(np.bool_(True)),
)

# Numeric parameters whose every valid value is cheap to run.
CHEAP_NUMERIC = [
    lambda v: nash_equilibrium(v),
    lambda v: regret_matching([v, 1.0]),
    lambda v: RegretMatcher(2, [v, 0.0]).strategy(),
    lambda v: weighted_rock_paper_scissors(v),
    lambda v: to_mbb_per_game(v),
    lambda v: two_action_policy(KUHN, {"J:": v}),
    lambda v: mean_and_interval([0.0, 1.0], v),
    lambda v: mean_and_interval([v, 1.0]),
    lambda v: REACH.excluding(v),
    lambda v: REACH.after(v, 0.5),
    lambda v: REACH.after(1, v),
    lambda v: Reach(1.0, (v, 1.0)),
    lambda v: opponent(KUHN, v),
    lambda v: RakedKuhnPoker(v),
    lambda v: KUHN.card_name(v),
    lambda v: strategy_exploitability(RPS, v, THIRD),
    lambda v: RPS.strategy(1, [v, 0.0, 1.0]),
    lambda v: chance_matrix(np.zeros((2, 2, 2)), v),
    lambda v: KUHN.initial_history((v, 0)),
    lambda v: validate_policy(KUHN, {**UNIFORM, "J:": [v, 0.5]}),
    lambda v: sum_of_products([v, 1.0], [1.0, 1.0]),
    lambda v: least_squares_slope([v, 1.0, 2.0], [1.0, 2.0, 3.0]),
    lambda v: simulate(KUHN, UNIFORM, UNIFORM, 10, v),
]


@settings(max_examples=60)
@given(st.sampled_from(range(len(CHEAP_NUMERIC))), JUNK)
def test_any_junk_for_a_numeric_parameter_raises_value_error_only(index, value):
    try:
        CHEAP_NUMERIC[index](value)
    except ValueError as error:
        assert type(error) is ValueError, type(error).__name__
