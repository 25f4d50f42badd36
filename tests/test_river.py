"""The river game and its solver (:mod:`lessons_lib.holdem.river`, :mod:`lessons_lib.holdem.solver`)
against theory (the polarised river), a second method (the sequence-form LP) and brute force."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from lessons_lib.cfr.public_tree import own_actions
from lessons_lib.core.state import average_strategy
from lessons_lib.core.training import TargetNotReached
from lessons_lib.core.variants import variant_named
from lessons_lib.holdem.river import RiverGame, build_tree
from lessons_lib.holdem.sequence_form import solve_river_lp
from lessons_lib.holdem.solver import RiverSolver, exploitability_curve, solve_river

BOARD = "KsQd7h4c2s"  # no straight, no flush and no pair possible on the board alone


def solved(game: RiverGame, algorithm: str, iterations: int) -> RiverSolver:
    """A river solver of ``algorithm`` (in its own update order) after ``iterations``."""
    solver = RiverSolver(game, variant_named(algorithm))
    solver.run(iterations)
    return solver


def polarised(s: float) -> RiverGame:
    """Player 1: top set (KK, 3 combos) or air (65, 16 combos); player 2: QJ, a pair of queens
    that beats the air only. No card is shared between the ranges. One bet, s pots, all-in."""
    return RiverGame(
        BOARD, ("KK,65", "QJ"), pot=1.0, stack=s, bet_sizes=(s,), max_raises=0, all_in=False
    )


def frequencies(solver: RiverSolver, strategies: dict[int, np.ndarray]) -> tuple[float, float]:
    """(bluffs among player 1's bets at the root, player 2's call probability facing the bet)."""
    game = solver.game
    rows_1, rows_2 = solver.action_rows(1), solver.action_rows(2)
    bet = next(k for k, (node, action) in enumerate(rows_1) if node == "root" and action != "check")
    bet_name = rows_1[bet][1]
    call = rows_2.index((bet_name, "call"))
    betting = game.weights[1] * strategies[1][bet]
    air = game.strength[1] < game.strength[2].min()
    calling = game.weights[2] * strategies[2][call]
    return betting[air].sum() / betting.sum(), calling.sum() / game.weights[2].sum()


def test_the_polarised_game_is_what_it_says() -> None:
    game = polarised(1.0)
    assert len(game.combos[1]) == 19 and len(game.combos[2]) == 12
    nuts = game.strength[1] > game.strength[2].max()
    assert nuts.sum() == 3 and np.all(game.strength[1][~nuts] < game.strength[2].min())
    assert game.normaliser == 19 * 12  # no pair of combos shares a card


@pytest.mark.parametrize("s", [0.5, 1.0, 2.0])
def test_the_polarised_river_bluffs_s_over_1_plus_2s_and_calls_1_over_1_plus_s(s: float) -> None:
    game = polarised(s)
    solver = solved(game, "cfr+", 2000)
    bluffs, calls = frequencies(solver, {i: solver.average_strategy(i) for i in (1, 2)})
    # 2,000 iterations take well under a second here; measured errors are at most 2.2e-4.
    assert abs(bluffs - s / (1 + 2 * s)) < 3e-4
    assert abs(calls - 1 / (1 + s)) < 3e-4
    # The LP finds the same law exactly, and the closed-form value: the nuts (3/19) win
    # (1/2 + 3s/2) / (1 + s) on average, the air (16/19) loses its half pot either way.
    value, exact = solve_river_lp(game)
    bluffs, calls = frequencies(solver, exact)
    assert abs(bluffs - s / (1 + 2 * s)) < 1e-8 and abs(calls - 1 / (1 + s)) < 1e-8
    assert abs(value - (3 / 19 * (0.5 + 1.5 * s) / (1 + s) - 16 / 19 * 0.5)) < 1e-9
    assert abs(solver.expected_value() - value) <= 2 * solver.exploitability() + 1e-12


@pytest.mark.parametrize("s", [0.5, 1.0, 2.0])
@pytest.mark.parametrize("algorithm", ["cfr", "cfr+", "dcfr"])
def test_the_polarised_law_is_off_by_at_most_what_the_exploitability_allows(s, algorithm) -> None:
    # On paper (Chapter 9): with p_n, p_a the chances of the nuts and of air, a call frequency c
    # lets player 1 gain (c* - c)(p_a (1 + s) - p_n s) by always bluffing or (c - c*) p_n s by
    # never bluffing, and a bluff share b among bets made with probability B lets player 2 gain
    # min(c*, 1 - c*) B (1 + 2s) |b - b*| by always calling or folding. Exploitability is at
    # least half of either gain, so the errors are bounded by multiples of it, at any T.
    game = polarised(s)
    p_n, p_a = 3 / 19, 16 / 19
    c_star, b_star = 1 / (1 + s), s / (1 + 2 * s)
    solver = RiverSolver(game, variant_named(algorithm))
    for t in (3, 30, 300):
        solver.run(t - solver.iteration)
        strategies = {i: solver.average_strategy(i) for i in (1, 2)}
        bluffs, calls = frequencies(solver, strategies)
        epsilon = solver.exploitability()
        p_bet = float(np.add.reduce(game.weights[1] * strategies[1][1])) / 19
        assert abs(calls - c_star) <= 2 * epsilon / min(p_n * s, p_a * (1 + s) - p_n * s)
        assert abs(bluffs - b_star) <= 2 * epsilon / (min(c_star, 1 - c_star) * p_bet * (1 + 2 * s))
    assert solver.action_rows(1)[1][0] == "root" and solver.action_rows(1)[1][1] != "check"
    # Not vacuous: by T = 300 the call bound is well below 1, the largest possible error.
    assert 2 * epsilon / min(p_n * s, p_a * (1 + s) - p_n * s) < 0.5


def test_the_polarised_river_to_the_tolerance_a_few_seconds_reach() -> None:
    # The tightest the solver gets in a few seconds: DCFR, 10,000 iterations at s = 1 (about
    # 3 s on this machine when it is not shared). The frequencies converge like the average
    # strategy does, roughly as 1/T: 1e-6 would take far longer (Chapter 9 shows the table).
    game = polarised(1.0)
    solver = solved(game, "dcfr", 10_000)
    bluffs, calls = frequencies(solver, {i: solver.average_strategy(i) for i in (1, 2)})
    assert abs(bluffs - 1 / 3) < 1e-5 and abs(calls - 1 / 2) < 3e-5
    assert solver.exploitability_percent() < 3e-4


def reduced() -> RiverGame:
    return RiverGame(
        "Ks9d7h4c2s",
        ("QQ+,AK,A5s-A2s,KQ,T8s,65s", "JJ-88,AQ,KJ,QTs,T9s"),
        pot=10.0,
        stack=20.0,
        bet_sizes=(0.5, 1.0),
        raise_size=1.0,
        max_raises=1,
    )


def test_a_reduced_river_has_the_lp_value() -> None:
    game = reduced()
    assert 40 <= len(game.combos[1]) <= 80 and 40 <= len(game.combos[2]) <= 80
    value, exact = solve_river_lp(game)
    solver = solved(game, "dcfr", 1000)
    # The LP's equilibrium is unexploitable by the vectorised best response, and worth the value.
    assert solver.exploitability(exact) < 1e-9
    assert abs(solver.expected_value(exact) - value) < 1e-9
    # CFR's average is within twice its exploitability of the value (both lie between
    # -BR_2 and BR_1), and that bracket is small after 1,000 iterations.
    epsilon = solver.exploitability()
    assert epsilon < 2e-3 * game.pot
    assert abs(solver.expected_value() - value) <= 2 * epsilon


def tiny() -> RiverGame:
    """Three combos each, with shared cards (QhQc meets QhJh, KhKc meets KhJh)."""
    return RiverGame(
        BOARD,
        ("KhKc,6h5h,QhQc", "QhJh,Jd9d:0.5,KhJh"),
        pot=2.0,
        stack=2.0,
        bet_sizes=(1.0,),
        max_raises=1,
        all_in=False,
    )


def random_strategy(game: RiverGame, player: int, seed: int) -> np.ndarray:
    """A random strategy table of ``player``: random weights per action row and combo,
    normalised at each decision node (the rows of :func:`own_actions`, as the solver's)."""
    rows = own_actions(game.public_tree, player)
    rng = np.random.default_rng(seed)
    return average_strategy(rng.random((rows.size, len(game.combos[player]))), rows.segments)


def deal_value(game: RiverGame, node: int, h1: int, h2: int, choose) -> float:
    """Player 1's payoff from ``node`` for the deal (h1, h2), walking the tree; ``choose(k, h)``
    gives the acting player's action probabilities at node k (children order)."""
    tree = game.public_tree
    here = tree.nodes[node]
    if here.kind == "fold":
        return here.put_in[1] + 1.0 if here.player == 2 else -(here.put_in[0] + 1.0)
    if here.kind == "showdown":
        stake = here.put_in[0] + game.pot / 2
        return stake * float(np.sign(game.strength[1][h1] - game.strength[2][h2]))
    hand = h1 if here.player == 1 else h2
    children = range(tree.children[node].start, tree.children[node].stop)
    probabilities = choose(node, here.player, hand)
    return sum(
        p * deal_value(game, child, h1, h2, choose)
        for p, child in zip(probabilities, children, strict=True)
        if p
    )


def brute_force(game: RiverGame, strategies: dict[int, np.ndarray], responder: int | None):
    """Player 1's expected payoff by enumerating deals; with a responder, the best over all its
    pure strategies (responder's value returned)."""
    tree = game.public_tree
    rows = {i: own_actions(tree, i) for i in (1, 2)}

    def behaviour(i: int, table: np.ndarray):
        def choose(node: int, player: int, hand: int):
            here = np.flatnonzero(tree.parent[rows[player].child] == node)
            return table[here, hand] if player == i else strategies[player][here, hand]

        return choose

    deals = [
        (a, b, game.weights[1][a] * game.weights[2][b])
        for a, b in itertools.product(range(len(game.combos[1])), range(len(game.combos[2])))
        if not set(game.combos[1][a].tolist()) & set(game.combos[2][b].tolist())
    ]
    total = sum(p for _, _, p in deals)

    def value(i: int, table: np.ndarray) -> float:
        choose = behaviour(i, table)
        return sum(p * deal_value(game, 0, a, b, choose) for a, b, p in deals) / total

    if responder is None:
        return value(1, strategies[1])
    layout = rows[responder]  # the responder's decision nodes, each its rows from its start
    widths = np.diff([*layout.segments.starts.tolist(), layout.size])
    n = len(game.combos[responder])
    best = -np.inf
    for pure in itertools.product(*[range(w) for w in widths for _ in range(n)]):
        table = np.zeros((layout.size, n))
        for j, start in enumerate(layout.segments.starts):
            for h in range(n):
                table[start + pure[j * n + h], h] = 1.0
        sign = 1.0 if responder == 1 else -1.0
        best = max(best, sign * value(responder, table))
    return best


def test_the_tiny_river_by_brute_force() -> None:
    game = tiny()
    assert len(game.public_tree.decision_nodes(2)) == 2  # after a check and after a bet
    strategies = {i: random_strategy(game, i, seed=i) for i in (1, 2)}
    solver = RiverSolver(game)
    assert abs(solver.expected_value(strategies) - brute_force(game, strategies, None)) < 1e-12
    for i in (1, 2):
        by_sweep = solver.best_response_value(i, strategies[3 - i])
        assert abs(by_sweep - brute_force(game, strategies, i)) < 1e-12
    expected = 0.5 * sum(brute_force(game, strategies, i) for i in (1, 2))
    assert abs(solver.exploitability(strategies) - expected) < 1e-12
    assert abs(solver.exploitability_percent(strategies) - 100 * expected / game.pot) < 1e-10


def test_hand_values_average_to_the_expected_value() -> None:
    game = reduced()
    solver = solved(game, "cfr+", 20)
    for i, sign in ((1, 1.0), (2, -1.0)):
        mass = game.removal[i].mass(game.weights[3 - i])[0]
        total = np.add.reduce(game.weights[i] * mass * solver.hand_values(i)) / game.normaliser
        assert abs(total - sign * solver.expected_value()) < 1e-12


def test_the_bet_menu_builds_the_tree_a_player_expects() -> None:
    game = RiverGame(
        BOARD,
        ("any", "any"),
        pot=100.0,
        stack=400.0,
        bet_sizes=(0.33, 0.75, 1.5),
        raise_size=1.0,
        max_raises=2,
    )
    tree = game.public_tree
    root = [tree.nodes[k].actions[-1] for k in range(tree.children[0].start, tree.children[0].stop)]
    assert root == ["check", "bet 33%", "bet 75%", "bet 150%", "all-in"]
    facing = tree.node_index("bet 33%")
    moves = [
        tree.nodes[k].actions[-1]
        for k in range(tree.children[facing].start, tree.children[facing].stop)
    ]
    assert moves == ["fold", "call", "raise 100%", "all-in"]
    raised = tree.nodes[tree.node_index("bet 33% / raise 100%")]
    assert raised.put_in == (33.0, 33.0 + 166.0)  # the call (33) plus the pot after it (166)
    # Two raises at most: after bet, raise, raise only fold and call remain.
    for node in tree.nodes:
        assert node.raises <= 2 and max(node.put_in) <= 400.0
        if node.kind == "decision" and node.raises == 2:
            children = tree.children[tree.node_index(node.name)]
            assert [tree.nodes[k].actions[-1] for k in range(children.start, children.stop)] == [
                "fold",
                "call",
            ]
    # A bet bigger than the stack is the all-in, listed once.
    short = RiverGame(BOARD, ("any", "any"), pot=100.0, stack=100.0, bet_sizes=(0.75, 1.5))
    first = short.public_tree.children[0]
    assert [short.public_tree.nodes[k].actions[-1] for k in range(first.start, first.stop)] == [
        "check",
        "bet 75%",
        "all-in",
    ]


@pytest.mark.parametrize("scale", [1e-6, 1.0, 1e11])
def test_a_bet_that_equals_the_stack_up_to_rounding_is_the_all_in(scale: float) -> None:
    """Pot 4.5, stack 2.7: a 60% bet is 0.6 * 4.5 = 2.6999999999999997 chips, the stack up to
    rounding (and at pot 4.5e11 the stack is 3e-5 chips off 0.6 * pot): one all-in, not a second
    action a rounding step away.

    Counted by hand, menu {60% = all-in}, one raise allowed (but nobody can raise an all-in):
    root (player 1): check, all-in ........................................... 2 children
    check (player 2): check (showdown), all-in ................................ 2
    all-in (player 2 faces the stack): fold, call ............................. 2
    check / all-in (player 1 faces the stack): fold, call ..................... 2
    so 1 + 2 + 2 + 2 + 2 = 9 nodes.
    """
    game = RiverGame(
        BOARD, ("QQ+", "JJ-99"), pot=4.5 * scale, stack=2.7 * scale, bet_sizes=(0.6,), max_raises=1
    )
    tree = game.public_tree
    names = [node.actions[-1] for node in tree.nodes[1:]]
    assert names.count("bet 60%") == 0 and len(tree.nodes) == 9
    assert [tree.nodes[k].actions[-1] for k in range(tree.children[0].start, 3)] == [
        "check",
        "all-in",
    ]
    assert all(max(node.put_in) in (0.0, game.stack) for node in tree.nodes)


def test_a_raise_that_equals_the_stack_up_to_rounding_is_the_all_in() -> None:
    """Pot 1, stack 1.6, bets of 20%, a raise of the pot: the raise over a bet of 0.2 is to
    0.2 + 1.0 * (1 + 0.4) = 1.5999999999999999 chips, the stack up to rounding.

    Counted by hand (menu: 20% or all-in; facing the 20% bet: fold, call, all-in; facing an
    all-in: fold, call):
    depth 1: check, bet 20%, all-in ................................................ 3 nodes
    depth 2: under check 3 (check, bet 20%, all-in), under bet 20% 3 (fold, call,
             all-in), under all-in 2 (fold, call) ........................................ 8
    depth 3: under check / bet 20% 3, under check / all-in 2, under bet 20% / all-in 2 .... 7
    depth 4: under check / bet 20% / all-in 2 ............................................. 2
    so 1 + 3 + 8 + 7 + 2 = 21 nodes (27 when the raise and the all-in were two actions).
    """
    game = RiverGame(BOARD, ("QQ+", "JJ-99"), pot=1.0, stack=1.6, bet_sizes=(0.2,), max_raises=1)
    tree = game.public_tree
    assert len(tree.nodes) == 21
    assert not any(node.actions[-1].startswith("raise") for node in tree.nodes[1:])
    facing = tree.children[tree.node_index("bet 20%")]
    assert [tree.nodes[k].actions[-1] for k in range(facing.start, facing.stop)] == [
        "fold",
        "call",
        "all-in",
    ]


def test_fold_and_showdown_payoffs_are_zero_sum_stakes() -> None:
    game = tiny()
    tree = game.public_tree
    for k, payoff in zip(tree.folds, tree.fold_payoff, strict=True):
        node = tree.nodes[k]
        folder_stake = game.pot / 2 + node.put_in[node.player - 1]
        assert payoff == (folder_stake if node.player == 2 else -folder_stake)
    for k, stake in zip(tree.showdowns, tree.showdown_stake, strict=True):
        node = tree.nodes[k]
        assert node.put_in[0] == node.put_in[1] and stake == game.pot / 2 + node.put_in[0]


@pytest.mark.parametrize("algorithm", ["cfr", "cfr+", "lcfr", "dcfr"])
def test_every_algorithm_brings_the_exploitability_down(algorithm: str) -> None:
    game = reduced()
    with pytest.warns(TargetNotReached, match="ran out of iterations at 200"):
        solver, history = solve_river(
            game, algorithm, target_percent=1e-9, max_iterations=200, check_every=50
        )
    assert solver.reached_target is False and not solver.interrupted
    # 4 times the iterations: at least the 1/sqrt(T) of the regret bound (a factor 2).
    assert len(history) == 4 and history[-1][1] < history[0][1] / 2
    assert history[-1][1] > 0


def test_a_solve_stops_at_the_first_check_below_its_target() -> None:
    game = reduced()
    solver, history = solve_river(game, "cfr+", target_percent=1.0, check_every=10)
    assert solver.reached_target is True and not solver.interrupted
    assert [t for t, _ in history] == list(range(10, solver.iteration + 1, 10))
    assert history[-1][1] <= 1.0 < min(percent for _, percent in history[:-1])
    assert history[-1][1] == solver.exploitability_percent()
    assert 10 < solver.iteration < 1000  # stopped early, not at the first check


def test_a_run_resumed_equals_one_run() -> None:
    game = reduced()
    one = solved(game, "dcfr", 30)
    two = solved(game, "dcfr", 10)
    two.run(20)
    for i in (1, 2):
        assert np.array_equal(one.average_strategy(i), two.average_strategy(i))
        assert np.array_equal(one.tables[i].regret, two.tables[i].regret)
        assert np.array_equal(one.current_strategy(i), two.current_strategy(i))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"pot": 0.0}, "pot"),
        ({"pot": -5.0}, "pot"),
        ({"pot": float("nan")}, "pot"),
        ({"stack": 0.0}, "stack"),
        ({"stack": "100"}, "stack"),
        ({"bet_sizes": (0.5, -1.0)}, "bet size"),
        ({"bet_sizes": (0.0,)}, "bet size"),
        ({"bet_sizes": ("big",)}, "bet size"),
        ({"bet_sizes": 0.5}, "bet_sizes"),
        ({"bet_sizes": (0.3333, 0.3334)}, "closer than"),
        ({"bet_sizes": (), "all_in": False}, "bet"),
        ({"raise_size": 0.0}, "raise_size"),
        ({"max_raises": -1}, "max_raises"),
        ({"max_raises": 1.5}, "max_raises"),
        ({"all_in": "yes"}, "all_in"),
        ({"board": "KsQd7h4c"}, "board"),
        ({"board": "KsKs7h4c2s"}, "board"),
        ({"ranges": ("QQ+",)}, "two ranges"),
        ({"ranges": ("QQ+", "AKx")}, "AKx"),
        ({"ranges": ("KsKh", "AA")}, "blocks"),
        ({"ranges": ("QQ+", np.full(1081, 2.0))}, "weights"),
        ({"ranges": ("QQ+", np.zeros(1081))}, "no combo"),
        ({"ranges": ("QQ+", np.ones(5))}, "1081"),
        ({"ranges": ("AhAd", "AhAs")}, "share cards"),
    ],
)
def test_bad_rivers_are_refused(change: dict, message: str) -> None:
    arguments = {"board": BOARD, "ranges": ("QQ+,AK", "JJ-88,AQ"), "pot": 10.0, "stack": 20.0}
    arguments.update(change)
    with pytest.raises(ValueError, match=message):
        RiverGame(**arguments)


def test_bad_solver_arguments_are_refused() -> None:
    game = tiny()
    with pytest.raises(ValueError, match="algorithm"):
        solve_river(game, "cfr++")
    with pytest.raises(ValueError, match="updates"):
        RiverSolver(game, variant_named("cfr+"), updates="simultaneous")
    with pytest.raises(ValueError, match="game"):
        RiverSolver("river")
    with pytest.raises(ValueError, match="player"):
        RiverSolver(game).average_strategy(3)
    with pytest.raises(ValueError, match="target_percent"):
        solve_river(game, target_percent=-1.0)


def test_strategy_at_a_node_reads_the_rows_of_its_actions() -> None:
    game = reduced()
    solver = solved(game, "cfr+", 5)
    actions, table = solver.strategy_at("root")
    assert actions == ["check", "bet 50%", "bet 100%", "all-in"]
    assert table.shape == (4, len(game.combos[1]))
    assert np.allclose(table.sum(axis=0), 1.0)
    rows = [k for k, (node, _) in enumerate(solver.action_rows(1)) if node == "root"]
    assert np.array_equal(table, solver.average_strategy(1)[rows])
    actions, _ = solver.strategy_at("bet 50%")
    assert actions == ["fold", "call", "all-in"]  # a pot raise, to 5 + 20, is more than the stack
    with pytest.raises(ValueError, match="not a decision"):
        solver.strategy_at("check / check")
    with pytest.raises(ValueError, match="no node"):
        solver.strategy_at("bet 60%")


def test_the_equity_curve_counts_wins_and_ties_against_the_range() -> None:
    game = tiny()
    equity = game.equity(2)
    for h, combo in enumerate(game.combos[2]):
        share = total = 0.0
        for g, other in enumerate(game.combos[1]):
            if set(combo.tolist()) & set(other.tolist()):
                continue
            difference = game.strength[2][h] - game.strength[1][g]
            share += game.weights[1][g] * (1.0 if difference > 0 else 0.5 if difference == 0 else 0)
            total += game.weights[1][g]
        assert abs(equity[h] - share / total) < 1e-12


def test_a_menu_that_would_build_a_huge_tree_is_refused() -> None:
    game = RiverGame(
        BOARD,
        ("AA", "KK"),
        pot=1.0,
        stack=1e9,
        bet_sizes=[0.1 * k for k in range(1, 40)],
        raise_size=1e-3,
        max_raises=300,
    )
    with pytest.raises(ValueError, match="nodes"):
        build_tree(game)


def test_a_combo_no_opponent_can_meet_has_value_zero_not_nan() -> None:
    game = RiverGame(BOARD, ("AhAd,JcTc", "AhAs"), pot=2.0, stack=2.0, bet_sizes=(1.0,))
    values = solved(game, "cfr+", 3).hand_values(1)
    assert np.all(np.isfinite(values)) and values[game.hand_names(1).index("AhAd")] == 0.0


def test_the_exploitability_curve_measures_at_each_checkpoint() -> None:
    game = reduced()
    solver, curve = exploitability_curve(game, "dcfr", [1, 4, 16, 64])
    assert [t for t, _ in curve] == [1, 4, 16, 64] and solver.iteration == 64
    assert curve[-1][1] == solver.exploitability_percent()
    again = solved(game, "dcfr", 16)
    assert curve[2][1] == again.exploitability_percent()
    assert curve[-1][1] < curve[0][1] / 10
    for bad in ([], [4, 4], [0, 3], "10", [1.5]):
        with pytest.raises(ValueError, match="checkpoint"):
            exploitability_curve(game, "dcfr", bad)
