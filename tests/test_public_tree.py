"""The public tree of Kuhn and Leduc poker, against counts, probabilities and payoffs derived here.

- The number of public nodes: Kuhn's by its nine action sequences; Leduc's from one round of
  betting enumerated in this file from the rules (not from the game's code), and again from the
  distinct public views of the game's histories.
- Chance matrices: sums of ``game.deals()`` probabilities, and a few cards-without-replacement
  probabilities worked by hand.
- Payoff matrices: ``game.payoff`` at every deal of every terminal, and a few hand-worked pots.
- Together: the expected value of a random profile, computed on the public tree from ranges built
  in this file, equals :func:`lessons_lib.exploitability.expected_value`; and so does the one
  computed from the terminal values the game gives the public-tree engine (``range_game()``).
"""

from __future__ import annotations

import numpy as np
import pytest
from toy_games import GuessingGame

from lessons_lib.exploitability import expected_value
from lessons_lib.games import Game, History, KuhnPoker, LeducPoker
from lessons_lib.games.base import TwoPlayerZeroSumGame
from lessons_lib.games.public import (
    PublicTree,
    board_is_public,
    public_tree,
    supports_public_tree,
)
from lessons_lib.games.ranges import HasRanges, RangeGame


class ZeroSumGuessing(GuessingGame, TwoPlayerZeroSumGame):
    """:class:`toy_games.GuessingGame` on the n-player ``Game``: it writes its rules with player
    1's payoff, which is what :class:`TwoPlayerZeroSumGame` asks for (player 2 gets minus it). A
    two-player zero-sum game that has no private cards, so no public tree of the poker kind."""


KUHN_GAMES = [KuhnPoker(), KuhnPoker(n_cards=4), KuhnPoker(n_cards=10)]
LEDUC_GAMES = [
    LeducPoker(),
    LeducPoker(ranks=4),
    LeducPoker(suits=1),
    LeducPoker(max_raises=3, raise_sizes=(1, 3)),
]
GAMES = KUHN_GAMES + LEDUC_GAMES


@pytest.fixture(scope="module", params=GAMES, ids=repr)
def game_and_tree(request: pytest.FixtureRequest) -> tuple[Game, PublicTree]:
    return request.param, public_tree(request.param)


# Structure.


def one_round(max_raises: int) -> tuple[list[str], list[str], list[str]]:
    """One betting round, from the rules: (decision sequences, folds, sequences closing the round).

    Not facing a bet: check or raise; after a check, a second check closes the round. Facing a
    raise: fold, call (closes the round) or raise while fewer than ``max_raises`` raises were made.
    """
    decisions, folds, closing = [], [], []

    def walk(sequence: str, raises: int, facing_bet: bool) -> None:
        decisions.append(sequence)
        if facing_bet:
            folds.append(sequence + "f")
            closing.append(sequence + "c")
        elif sequence:  # a check after a check
            closing.append(sequence + "c")
        else:
            walk("c", 0, False)
        if raises < max_raises:
            walk(sequence + "r", raises + 1, True)

    walk("", 0, False)
    return decisions, folds, closing


def test_one_round_of_standard_leduc_worked_by_hand() -> None:
    decisions, folds, closing = one_round(2)
    assert sorted(decisions) == sorted(["", "c", "r", "cr", "rr", "crr"])
    assert sorted(folds) == sorted(["rf", "crf", "rrf", "crrf"])
    assert sorted(closing) == sorted(["cc", "rc", "crc", "rrc", "crrc"])


@pytest.mark.parametrize("game", KUHN_GAMES, ids=repr)
def test_kuhn_public_nodes_are_its_action_sequences(game: KuhnPoker) -> None:
    tree = public_tree(game)
    sequences = {history.actions for history in game.histories()}
    assert len(sequences) == 9  # "", p, b, pb and the five endings
    assert [node.actions for node in tree.nodes] == ["", "p", "b", "pp", "pb", "bp", "bb"] + [
        "pbp",
        "pbb",
    ]
    assert {node.board for node in tree.nodes} == {None}
    for node in tree.nodes:
        history = History((0, 1), node.actions)
        assert (node.kind == "terminal") == game.is_terminal(history)
        if node.kind == "decision":
            assert node.player == game.player_to_act(history)


@pytest.mark.parametrize("game", LEDUC_GAMES, ids=repr)
def test_leduc_public_nodes_counted_from_one_round_of_betting(game: LeducPoker) -> None:
    tree = public_tree(game)
    decisions, folds, closing = one_round(game.max_raises)
    boards = len(game.cards)
    per_round = len(decisions) + len(folds) + len(closing)
    # Round 1, whose closing sequences are the chance nodes; then every closing sequence with every
    # board, each followed by a second round that ends in folds and showdowns.
    expected = per_round + len(closing) * boards * per_round
    assert len(tree.nodes) == expected
    kinds = [node.kind for node in tree.nodes]
    assert kinds.count("chance") == len(closing)
    assert kinds.count("decision") == len(decisions) * (1 + len(closing) * boards)
    assert kinds.count("terminal") == len(folds) + len(closing) * boards * (
        len(folds) + len(closing)
    )
    # The same count from the game's own histories: every distinct public view, plus the chance
    # nodes (a history right after round 1 already shows the board).
    views = {
        (h.actions, h.deal[2] if board_is_public(game, h.actions) else None)
        for h in game.histories()
    }
    assert len(tree.nodes) == len(views) + len(closing)
    assert {(node.actions, node.board) for node in tree.nodes if node.kind != "chance"} == views


def test_standard_leduc_has_240_public_nodes_and_96_decision_nodes() -> None:
    tree = public_tree(LeducPoker())
    # 15 nodes per round (6 decisions, 4 folds, 5 closing), 5 * 3 boards second rounds: 15 + 225.
    assert len(tree.nodes) == 240
    decision = [node for node in tree.nodes if node.kind == "decision"]
    assert len(decision) == 96
    assert len(LeducPoker().info_sets()) == 96 * 3  # each decision node times each private rank


def test_nodes_are_breadth_first_with_consecutive_children(
    game_and_tree: tuple[Game, PublicTree],
) -> None:
    game, tree = game_and_tree
    assert tree.levels[0] == slice(0, 1) and tree.parent[0] == -1
    for depth, level in enumerate(tree.levels):
        for k in range(level.start, level.stop):
            node = tree.nodes[k]
            assert tree.node_index(node.actions, node.board) == k
            children = range(tree.children[k].start, tree.children[k].stop)
            assert (len(children) == 0) == (node.kind == "terminal")
            assert all(tree.parent[child] == k for child in children)
            if children:
                below = tree.levels[depth + 1]
                assert below.start <= children.start and children.stop <= below.stop
            if node.kind == "decision":
                key = next(key for key in tree.keys[k] if key is not None)
                actions = [tree.nodes[child].actions[-1] for child in children]
                assert tuple(actions) == game.actions(key)
            if node.kind == "chance":
                assert [tree.nodes[child].board for child in children] == list(
                    range(len(game.cards))
                )
                assert all(tree.nodes[child].actions == node.actions for child in children)


def test_every_information_set_is_one_node_and_hand(game_and_tree: tuple[Game, PublicTree]) -> None:
    game, tree = game_and_tree
    seen = {}
    for k, node in enumerate(tree.nodes):
        for hand, key in enumerate(tree.keys[k]):
            if key is None:
                assert tree.histories[k, hand] == 0
                continue
            assert node.kind == "decision" and game.player(key) == node.player
            seen[key] = (k, hand)
            # The histories the game merges into the key: this node's actions and board, this hand.
            members = game.histories_in(key)
            assert len(members) == tree.histories[k, hand]
            for history in members:
                assert history.actions == node.actions
                assert history.deal[node.player - 1] == hand
                assert node.board is None or history.deal[2] == node.board
    assert sorted(seen) == sorted(game.info_sets())


# Chance and payoffs.


def test_chance_matrices_sum_the_deal_probabilities(game_and_tree: tuple[Game, PublicTree]) -> None:
    game, tree = game_and_tree
    for j, k in enumerate(tree.terminals):
        board = tree.nodes[k].board
        expected = np.zeros((len(game.cards), len(game.cards)))
        for deal, probability in game.deals():
            if board is None or deal[2] == board:
                expected[deal[0], deal[1]] += probability
        np.testing.assert_allclose(tree.chance[j], expected, rtol=0, atol=1e-15)
    # Before the board: the pairs' probabilities add up to one.
    first_terminal = tree.nodes[tree.terminals[0]]
    if first_terminal.board is None:
        assert tree.chance[0].sum() == pytest.approx(1.0, abs=1e-12)


def test_leduc_chance_worked_by_hand() -> None:
    tree = public_tree(LeducPoker())
    J, Q, K = 0, 1, 2
    fold = tree.terminals.tolist().index(tree.node_index("rf"))
    # Two of each rank among six cards, dealt without replacement.
    assert tree.chance[fold][K, K] == pytest.approx((2 / 6) * (1 / 5), rel=1e-12)
    assert tree.chance[fold][J, Q] == pytest.approx((2 / 6) * (2 / 5), rel=1e-12)
    showdown_k = tree.terminals.tolist().index(tree.node_index("cccc", K))
    assert tree.chance[showdown_k][K, K] == 0.0  # no third king for the board
    assert tree.chance[showdown_k][J, Q] == pytest.approx((2 / 6) * (2 / 5) * (2 / 4), rel=1e-12)
    assert tree.chance[showdown_k][Q, K] == pytest.approx((2 / 6) * (2 / 5) * (1 / 4), rel=1e-12)


def test_kuhn_chance_is_uniform_over_different_cards() -> None:
    tree = public_tree(KuhnPoker())
    for j in range(len(tree.terminals)):
        np.testing.assert_allclose(tree.chance[j], (np.ones((3, 3)) - np.eye(3)) / 6, atol=1e-15)


def test_payoff_matrices_are_the_game_payoffs_at_every_deal(
    game_and_tree: tuple[Game, PublicTree],
) -> None:
    game, tree = game_and_tree
    for j, k in enumerate(tree.terminals):
        node = tree.nodes[k]
        for deal, _ in game.deals():
            if node.board is None or deal[2] == node.board:
                payoff = game.payoff(History(deal, node.actions))
                assert tree.payoff[j][deal[0], deal[1]] == payoff
    np.testing.assert_array_equal(tree.weighted_payoff, tree.chance * tree.payoff)


def test_payoffs_worked_by_hand() -> None:
    kuhn = public_tree(KuhnPoker())
    J, Q, K = 0, 1, 2
    showdown = kuhn.terminals.tolist().index(kuhn.node_index("pbb"))
    # Check, bet, call: 2 chips each in the pot; the higher card wins the other's 2.
    np.testing.assert_array_equal(kuhn.payoff[showdown], [[0, -2, -2], [2, 0, -2], [2, 2, 0]])
    fold = kuhn.terminals.tolist().index(kuhn.node_index("bp"))
    # Player 2 folds and loses the ante; no pair of equal cards can be dealt (payoff 0 there).
    np.testing.assert_array_equal(kuhn.payoff[fold], np.ones((3, 3)) - np.eye(3))
    leduc = public_tree(LeducPoker())
    # Raise, call, then raise, call: 1 + 2 + 4 = 7 chips each. Board J: the J pairs it.
    z = leduc.terminals.tolist().index(leduc.node_index("rcrc", J))
    assert leduc.payoff[z][J, K] == 7 and leduc.payoff[z][Q, K] == -7
    assert leduc.payoff[z][Q, Q] == 0 and leduc.payoff[z][K, J] == -7
    # Check, raise, fold in round 1: player 1 loses the ante, whatever the cards.
    z = leduc.terminals.tolist().index(leduc.node_index("crf"))
    np.testing.assert_array_equal(leduc.payoff[z], -np.ones((3, 3)))


# Ranges: the tree's terminal matrices give the expected value of any profile.


def ranges_of(tree: PublicTree, policy: dict[str, np.ndarray], player: int) -> np.ndarray:
    """``pi_i(k, c)``: the product of the policy's probabilities of i's actions on the path to k."""
    game = tree.game
    ranges = np.ones((len(tree.nodes), len(tree.hands)))
    for k in range(1, len(tree.nodes)):
        parent = tree.parent[k]
        node = tree.nodes[parent]
        ranges[k] = ranges[parent]
        if node.kind == "decision" and node.player == player:
            action = tree.nodes[k].actions[-1]
            for hand, key in enumerate(tree.keys[parent]):
                probability = 0.0 if key is None else policy[key][game.actions(key).index(action)]
                ranges[k, hand] *= probability
    return ranges


def test_expected_value_from_ranges_and_terminal_matrices(
    game_and_tree: tuple[Game, PublicTree],
) -> None:
    game, tree = game_and_tree
    rng = np.random.default_rng(7)
    policy = {key: rng.dirichlet(np.ones(len(game.actions(key)))) for key in game.info_sets()}
    first, second = (ranges_of(tree, policy, player)[tree.terminals] for player in (1, 2))
    value = np.einsum("zi,zij,zj->", first, tree.weighted_payoff, second)
    assert value == pytest.approx(expected_value(game, policy), abs=1e-12)


def test_the_range_game_s_terminal_values_give_the_expected_value(
    game_and_tree: tuple[Game, PublicTree],
) -> None:
    # What the public-tree engine reads of the game (lessons_lib.games.ranges): the terminal values
    # v_i(z, h) from the opponent's ranges at the terminals, which weighted by the player's own
    # ranges there add up to the expected value of the profile (player 2's to minus it).
    game, tree = game_and_tree
    ranges = game.range_game()
    assert isinstance(ranges, RangeGame) and isinstance(game, HasRanges)
    np.testing.assert_array_equal(ranges.terminal_payoffs(1), tree.weighted_payoff)
    np.testing.assert_array_equal(
        ranges.terminal_payoffs(2), -tree.weighted_payoff.transpose(0, 2, 1)
    )
    for player in (1, 2):
        np.testing.assert_array_equal(ranges.initial_range(player), np.ones(len(tree.hands)))
    rng = np.random.default_rng(8)
    policy = {key: rng.dirichlet(np.ones(len(game.actions(key)))) for key in game.info_sets()}
    at_terminals = {i: ranges_of(tree, policy, i)[tree.terminals] for i in (1, 2)}
    value = expected_value(game, policy)
    for player, sign in ((1, 1.0), (2, -1.0)):
        values = ranges.terminal_values(player, at_terminals[3 - player])
        assert values.shape == (len(tree.terminals), len(tree.hands))
        total = float(np.sum(at_terminals[player] * values))
        assert total == pytest.approx(sign * value, abs=1e-12)
    # Each (decision node, hand) names the information set the public tree lists there.
    for k in tree.decision_nodes(1)[:5]:
        for hand in range(len(tree.hands)):
            assert ranges.info_set_at(int(k), hand) == tree.keys[k][hand]


# Bad input.


def test_games_without_a_public_tree_are_refused() -> None:
    assert supports_public_tree(KuhnPoker()) and supports_public_tree(LeducPoker(ranks=5))
    guessing = ZeroSumGuessing()
    assert guessing.num_players == 2 and guessing.zero_sum  # what is missing is private cards
    assert not supports_public_tree(guessing) and not supports_public_tree("kuhn")
    with pytest.raises(ValueError, match="ZeroSumGuessing.*does not describe a public tree"):
        public_tree(guessing)
    tree = public_tree(KuhnPoker())
    with pytest.raises(ValueError, match="'pq'"):
        tree.node_index("pq")
    with pytest.raises(ValueError, match="unknown player 3"):
        tree.decision_nodes(3)
