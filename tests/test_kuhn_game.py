"""Kuhn poker's rules and tree, checked against counts and payoffs worked out by hand."""

from __future__ import annotations

import re

import numpy as np
import pytest

from lessons_lib.games import Game, History, KuhnPoker
from lessons_lib.games.base import build_tree, group_by_info_set, read_only
from lessons_lib.games.kuhn import card_names

GAME = KuhnPoker()
CARDS = "JQK"
ENDINGS = ("pp", "bp", "bb", "pbp", "pbb")

# Player 1's net chips for every deal (player 1's card, then player 2's) and every ending, written
# out from the rules: "pp" is a showdown for the antes (1), "bp" player 2 folds (+1), "pbp" player 1
# folds (-1), "bb" and "pbb" are showdowns for antes and bets (2).
PAYOFFS = {
    #      pp  bp  bb  pbp pbb
    "JQ": (-1, +1, -2, -1, -2),
    "JK": (-1, +1, -2, -1, -2),
    "QJ": (+1, +1, +2, -1, +2),
    "QK": (-1, +1, -2, -1, -2),
    "KJ": (+1, +1, +2, -1, +2),
    "KQ": (+1, +1, +2, -1, +2),
}


def history(cards: str, actions: str) -> History:
    """The history with player 1 holding cards[0] and player 2 cards[1] (e.g. "JQ")."""
    return History((CARDS.index(cards[0]), CARDS.index(cards[1])), actions)


def test_the_standard_game_has_the_counts_worked_out_by_hand() -> None:
    # 3 cards for player 1 times 2 left for player 2: 6 deals, each with probability 1/6.
    deals = GAME.deals()
    assert len(deals) == 6
    assert all(p == pytest.approx(1 / 6, abs=1e-15) for _, p in deals)
    assert sorted(deal for deal, _ in deals) == sorted(history(c, "").deal for c in PAYOFFS)
    # Five ways a hand ends, the same for every deal: 6 * 5 = 30 terminal states.
    assert set(GAME.terminal_action_sequences()) == set(ENDINGS)
    assert len(GAME.terminal_histories()) == 30
    # Four decision points ("", "p", "b", "pb") per deal: 24 decision nodes, 54 histories.
    assert len(GAME.decision_histories()) == 24
    assert len(GAME.histories()) == 54
    # A key is a card and a decision point: 3 * 4 = 12, two decision points per player.
    assert len(GAME.info_sets()) == 12
    assert len(GAME.info_sets_of(1)) == 6
    assert len(GAME.info_sets_of(2)) == 6
    # Each key hides the opponent's card, one of the two others.
    assert all(len(GAME.histories_in(key)) == 2 for key in GAME.info_sets())


def test_the_four_card_game_has_the_counts_worked_out_by_hand() -> None:
    game = KuhnPoker(n_cards=4)
    # 4 * 3 = 12 deals; the betting does not depend on the deck, so still 5 endings per deal.
    assert len(game.deals()) == 12
    assert len(game.terminal_action_sequences()) == 5
    assert len(game.terminal_histories()) == 12 * 5
    assert len(game.decision_histories()) == 12 * 4
    # 4 cards * 4 decision points = 16 keys, 8 per player, each hiding one of 3 opponent cards.
    assert len(game.info_sets()) == 16
    assert len(game.info_sets_of(1)) == len(game.info_sets_of(2)) == 8
    assert all(len(game.histories_in(key)) == 3 for key in game.info_sets())


@pytest.mark.parametrize("n_cards", [2, 5, 13])
def test_counts_follow_the_deck_size(n_cards: int) -> None:
    game = KuhnPoker(n_cards)
    n = n_cards
    assert len(game.deals()) == n * (n - 1)
    assert sum(p for _, p in game.deals()) == pytest.approx(1.0, abs=1e-12)
    assert len(game.terminal_histories()) == 5 * n * (n - 1)
    assert len(game.info_sets()) == 4 * n
    assert {len(game.histories_in(key)) for key in game.info_sets()} == {n - 1}


def test_payoffs_of_every_terminal_history_match_the_table() -> None:
    for cards, row in PAYOFFS.items():
        for ending, expected in zip(ENDINGS, row, strict=True):
            z = history(cards, ending)
            assert GAME.is_terminal(z)
            assert GAME.payoff(z) == expected, (cards, ending)
            assert GAME.utility(z, 1) == expected
            assert GAME.utility(z, 2) == -expected
            assert GAME.returns(z) == (expected, -expected)
            h = GAME.tree.index[z]
            assert GAME.tree.returns[:, h].tolist() == [expected, -expected]
            assert GAME.tree.utility(2)[h] == -expected
    checked = {(h.deal, h.actions) for h in GAME.terminal_histories()}
    assert checked == {(history(c, e).deal, e) for c in PAYOFFS for e in ENDINGS}


def test_decision_points_have_the_right_player_and_actions() -> None:
    for cards in PAYOFFS:
        for actions, player in (("", 1), ("p", 2), ("b", 2), ("pb", 1)):
            h = history(cards, actions)
            assert not GAME.is_terminal(h)
            assert GAME.player_to_act(h) == player
            assert GAME.legal_actions(h) == ("p", "b")


def test_information_set_keys_are_card_colon_public_actions() -> None:
    assert GAME.info_set_key(history("QK", "")) == "Q:"
    assert GAME.info_set_key(history("JK", "p")) == "K:p"
    assert GAME.info_set_key(history("KJ", "b")) == "J:b"
    assert GAME.info_set_key(history("QJ", "pb")) == "Q:pb"
    pattern = re.compile(r"^[JQK]:(|p|b|pb)$")
    assert all(pattern.match(key) for key in GAME.info_sets())
    assert GAME.info_sets() == (
        "J:", "Q:", "K:", "J:p", "Q:p", "K:p", "J:b", "Q:b", "K:b", "J:pb", "Q:pb", "K:pb",
    )  # fmt: skip
    assert GAME.info_sets_of(1) == ("J:", "Q:", "K:", "J:pb", "Q:pb", "K:pb")
    assert GAME.info_sets_of(2) == ("J:p", "Q:p", "K:p", "J:b", "Q:b", "K:b")


def test_every_key_has_two_actions_and_an_owner_given_by_its_length() -> None:
    for key in GAME.info_sets():
        assert GAME.actions(key) == ("p", "b")
        public = key.split(":")[1]
        assert GAME.player(key) == (1 if len(public) % 2 == 0 else 2)


@pytest.mark.parametrize("key", ["A:", "Q:bb", "Q", "", "q:", "K:pp", 3, None])
def test_unknown_keys_raise_a_value_error_naming_them(key: object) -> None:
    for method in (
        GAME.actions,
        GAME.player,
        GAME.histories_in,
        GAME.describe,
        GAME.opponent_cards,
    ):
        with pytest.raises(ValueError, match=re.escape(repr(key))):
            method(key)


def test_an_information_set_merges_the_histories_of_the_hidden_card() -> None:
    assert set(GAME.histories_in("Q:pb")) == {history("QJ", "pb"), history("QK", "pb")}
    assert set(GAME.histories_in("J:b")) == {history("QJ", "b"), history("KJ", "b")}
    assert GAME.opponent_cards("Q:pb") == ("J", "K")
    assert GAME.opponent_cards("K:") == ("J", "Q")
    for key in GAME.info_sets():
        assert all(GAME.info_set_key(h) == key for h in GAME.histories_in(key))


def test_descriptions_read_as_in_the_notation_page() -> None:
    assert GAME.describe("Q:") == "player 1 holds Q and acts first"
    assert GAME.describe("K:p") == "player 2 holds K; player 1 checked"
    assert GAME.describe("J:b") == "player 2 holds J; player 1 bet"
    assert GAME.describe("Q:pb") == "player 1 holds Q, checked, and now faces a bet"
    assert GAME.label(history("JQ", "pb")) == "JQ:pb"
    assert (
        GAME.describe_history(history("JQ", "pbp"))
        == "J against Q: player 1 checks, player 2 bets, player 1 folds"
    )
    assert (
        GAME.describe_history(history("KJ", "bb")) == "K against J: player 1 bets, player 2 calls"
    )
    assert GAME.describe_history(history("KJ", "")) == "K against J: no action yet"


def test_moving_through_the_tree() -> None:
    root = GAME.initial_history((1, 2))
    assert root == History((1, 2), "")
    after = GAME.next_history(GAME.next_history(root, "p"), "b")
    assert after == history("QK", "pb")
    with pytest.raises(ValueError, match="'x'"):
        GAME.next_history(root, "x")
    with pytest.raises(ValueError, match="terminal"):
        GAME.next_history(history("QK", "pp"), "b")
    for bad_deal in [(0, 0), (0, 3), (1,), 7, ([0], [1])]:
        with pytest.raises(ValueError, match=re.escape(repr(bad_deal))):
            GAME.initial_history(bad_deal)


def test_histories_outside_the_game_are_rejected() -> None:
    with pytest.raises(ValueError, match="terminal"):
        GAME.player_to_act(history("QK", "bb"))
    with pytest.raises(ValueError, match="terminal histories only"):
        GAME.payoff(history("QK", "pb"))
    for bad in [History((0, 1), "bpb"), History((2, 2), "p"), ((0, 1),), "Q:pb"]:
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            GAME.is_terminal(bad)
    with pytest.raises(ValueError, match="terminal"):
        GAME.info_set_key(history("KQ", "bp"))


def test_card_names() -> None:
    assert card_names(3) == ("J", "Q", "K")
    assert KuhnPoker(4).cards == ("T", "J", "Q", "K")
    assert KuhnPoker(2).cards == ("Q", "K")
    assert KuhnPoker(12).cards == tuple("23456789TJQK")
    assert KuhnPoker(13).cards == tuple(f"c{rank}" for rank in range(13))
    assert KuhnPoker(13).info_sets()[0] == "c0:"
    assert GAME.card_name(2) == "K"
    with pytest.raises(ValueError, match="3"):
        GAME.card_name(3)


@pytest.mark.parametrize("n_cards", [1, 0, -3, 2.5, True, "3", None])
def test_n_cards_must_be_an_integer_of_at_least_two(n_cards: object) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(n_cards))):
        KuhnPoker(n_cards)  # type: ignore[arg-type]


def test_name_parameters_and_identity() -> None:
    assert GAME.name == "kuhn_poker"
    assert GAME.parameters == {"n_cards": 3}
    GAME.parameters["n_cards"] = 99  # a fresh dict each time: the game is unchanged
    assert GAME.parameters == {"n_cards": 3}
    assert KuhnPoker() == KuhnPoker(3)
    assert KuhnPoker() != KuhnPoker(4)
    assert len({KuhnPoker(), KuhnPoker(3), KuhnPoker(4)}) == 2
    assert repr(GAME) == "KuhnPoker(n_cards=3)"
    assert isinstance(GAME, Game)
    with pytest.raises(TypeError):
        Game()  # type: ignore[abstract]


def test_kuhn_poker_is_a_two_player_zero_sum_game() -> None:
    assert GAME.num_players == 2 and GAME.players == (1, 2) and GAME.zero_sum
    assert GAME.tree.num_players == 2 and GAME.tree.players == (1, 2)
    assert not any(GAME.is_chance(h) for h in GAME.histories())  # chance moves at the root only
    terminal = GAME.tree.terminal
    assert np.all(GAME.tree.returns[:, ~terminal] == 0.0)
    np.testing.assert_array_equal(GAME.tree.returns.sum(axis=0), 0.0)


def test_the_tree_is_built_once_per_game() -> None:
    game = KuhnPoker()
    assert game.tree is game.tree
    tree = game.tree
    assert tree.keys == game.info_sets()
    assert [len(tree.histories[s]) for s in tree.levels] == [6, 12, 24, 12]
    for h in range(6, 54):
        child = tree.histories[h]
        assert tree.histories[tree.parent[h]] == (child.deal, child.actions[:-1])
        # A player moved into h: the one to act at its parent, by the action at that position.
        parent = tree.histories[tree.parent[h]]
        assert tree.mover[h] == game.player_to_act(parent)
        key = game.info_set_key(parent)
        position = tree.offset[tree.key_index[key]] + game.actions(key).index(child.actions[-1])
        assert tree.edge[h] == position
    # Chance deals at the roots, each deal 1/6, and never moves inside the tree.
    assert tree.parent[:6].tolist() == [-1] * 6 and tree.edge[:6].tolist() == [-1] * 6
    assert tree.mover[:6].tolist() == [0] * 6
    np.testing.assert_array_equal(tree.chance, 1 / 6)
    np.testing.assert_array_equal(tree.chance_step, 1.0)
    assert not tree.is_chance.any()
    decision = [h for h, history in enumerate(tree.histories) if not game.is_terminal(history)]
    assert np.flatnonzero(tree.acting).tolist() == decision


def test_building_the_tree_catches_rules_that_disagree() -> None:
    class MissingKey(KuhnPoker):
        def info_sets(self) -> tuple[str, ...]:
            return super().info_sets()[1:]  # forgets "J:"

    class WrongOwner(KuhnPoker):
        def player(self, key: str) -> int:
            return 1

    with pytest.raises(ValueError, match="'J:'"):
        build_tree(MissingKey())
    with pytest.raises(ValueError, match="not owned"):
        build_tree(WrongOwner())


def test_the_tree_helpers_group_by_hand_and_freeze() -> None:
    tree = GAME.tree
    # Regrouped from the tree's own info_set column, the members are the histories whose key is
    # theirs (read off each history by the rules), and each depth holds the sets of that depth.
    members, at_depth = group_by_info_set(
        GAME, tree.keys, list(tree.histories), np.array(tree.info_set), len(tree.levels)
    )
    for k, key in enumerate(tree.keys):
        expected = [
            h
            for h, history in enumerate(tree.histories)
            if not GAME.is_terminal(history) and GAME.info_set_key(history) == key
        ]
        assert list(members[k]) == expected
        assert k in at_depth[len(key.split(":")[1])]
    unreached = np.where(np.array(tree.info_set) == 0, -1, np.array(tree.info_set))
    with pytest.raises(ValueError, match="'J:' of .* is never reached"):
        group_by_info_set(GAME, tree.keys, list(tree.histories), unreached, len(tree.levels))
    frozen = read_only(np.zeros(3))
    with pytest.raises(ValueError, match="read-only"):
        frozen[0] = 1.0
    with pytest.raises(ValueError, match="array must be a numpy array, got"):
        read_only([0.0, 1.0])
