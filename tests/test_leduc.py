"""Leduc poker's rules, chance and sizes, checked against hand-worked payoffs and a second
implementation of the rules written here, card by card, independently of the library."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest

from lessons_lib.counterfactual import counterfactual_values
from lessons_lib.exploitability import best_response, expected_value, exploitability
from lessons_lib.games import Game, History, LeducPoker
from lessons_lib.games.base import build_tree
from lessons_lib.games.sizes import game_size
from lessons_lib.policy import pure_policy, uniform_policy

GAME = LeducPoker()
J, Q, K = 0, 1, 2


def history(private_1: int, private_2: int, board: int, actions: str) -> History:
    return History((private_1, private_2, board), actions)


# ---------------------------------------------------------------------------------------------
# A second implementation of the rules: every way one round of betting can go, then whole hands
# over real cards. It shares no code with lessons_lib.games.leduc.


def round_lines(max_raises: int) -> list[tuple[str, int, bool]]:
    """Every complete betting round: (actions, raises made, whether it ended in a fold)."""
    lines = []

    def extend(actions: str, raises: int, facing: bool) -> None:
        for action in "fcr":
            if action == "f" and facing:
                lines.append((actions + "f", raises, True))
            elif action == "c" and (facing or actions):  # a call, or a check behind a check
                lines.append((actions + "c", raises, False))
            elif action == "c":
                extend("c", raises, False)
            elif action == "r" and raises < max_raises:
                extend(actions + "r", raises + 1, True)

    extend("", 0, False)
    return lines


def reference_hands(max_raises: int = 2) -> list[tuple[str, str | None, int, int, bool]]:
    """Every public way a hand goes: (round 1, round 2 or None, raises 1, raises 2, folded)."""
    hands = []
    for first, raises_1, folded in round_lines(max_raises):
        if folded:
            hands.append((first, None, raises_1, 0, True))
            continue
        for second, raises_2, folded_2 in round_lines(max_raises):
            hands.append((first, second, raises_1, raises_2, folded_2))
    return hands


def reference_payoff(
    ranks: tuple[int, int, int], hand: tuple[str, str | None, int, int, bool], sizes=(2, 4)
) -> int:
    """Player 1's net chips, from stakes counted in raises: a fold comes after one more raise by
    the bettor than the folder has matched; a showdown is for equal stakes."""
    first, second, raises_1, raises_2, folded = hand
    last_round = first if second is None else second
    if second is None:
        matched = 1 + (raises_1 - 1) * sizes[0]
    else:
        matched = 1 + raises_1 * sizes[0] + (raises_2 - (1 if folded else 0)) * sizes[1]
    if folded:
        folder_is_player_1 = len(last_round) % 2 == 1  # player 1 acts first in each round
        return -matched if folder_is_player_1 else matched
    mine, theirs, board = ranks
    score_1, score_2 = (mine == board, mine), (theirs == board, theirs)
    return 0 if score_1 == score_2 else (matched if score_1 > score_2 else -matched)


def reference_decisions(max_raises: int = 2) -> list[tuple[str, str | None]]:
    """Every point where somebody acts: (round 1 so far, round 2 so far or None)."""
    points = set()
    for first, second, *_ in reference_hands(max_raises):
        if second is None:
            points |= {(first[:t], None) for t in range(len(first))}
        else:
            points |= {(first[:t], None) for t in range(len(first))}
            points |= {(first, second[:t]) for t in range(len(second))}
    return sorted(points, key=lambda p: (p[1] is not None, p))


def card_triples(ranks: int, suits: int) -> list[tuple[int, int, int]]:
    """Every ordered (private 1, private 2, board) triple of real cards, as ranks."""
    deck = [rank for rank in range(ranks) for _ in range(suits)]
    return [tuple(deck[i] for i in triple) for triple in permutations(range(len(deck)), 3)]


def reference_key(ranks: tuple[int, int, int], first: str, second: str | None, names: str) -> str:
    player = 1 + (len(first) if second is None else len(second)) % 2
    card = names[ranks[player - 1]]
    return f"{card}:{first}" if second is None else f"{card}|{names[ranks[2]]}:{first}/{second}"


def reference_expected_value(policy: dict[str, np.ndarray], names: str = "JQK") -> float:
    """Player 1's expected chips: every card triple (1/120 each), every hand, its policy weight."""
    total = 0.0
    triples = card_triples(3, 2)
    for ranks in triples:
        for hand in reference_hands():
            first, second = hand[0], hand[1]
            weight = 1.0
            steps = [(first[:t], None, first[t]) for t in range(len(first))]
            if second is not None:
                steps += [(first, second[:t], second[t]) for t in range(len(second))]
            for done_1, done_2, action in steps:
                key = reference_key(ranks, done_1, done_2, names)
                legal = GAME.actions(key)
                weight *= policy[key][legal.index(action)]
            total += weight * reference_payoff(ranks, hand)
    return total / len(triples)


# ---------------------------------------------------------------------------------------------
# Payoffs worked out by hand.


@pytest.mark.parametrize(
    ("deal", "actions", "chips"),
    [
        # Showdowns. J pairs the board J and beats K; both checked twice: the antes, +1.
        ((J, K, J), "cccc", 1),
        # No pair: K beats Q. Bet 2 called, bet 4 called: 1 + 2 + 4 = 7.
        ((K, Q, J), "rcrc", 7),
        # Q against Q: a split pot, whatever was bet.
        ((Q, Q, K), "crccc", 0),
        ((Q, Q, K), "rrcrrc", 0),
        # Player 2's Q pairs the board Q and beats player 1's higher K. Two raises in each
        # round, all called: 1 + 2*2 + 2*4 = 13.
        ((K, Q, Q), "rrcrrc", -13),
    ],
)
def test_showdowns_pay_the_stake_to_the_better_hand(deal, actions, chips) -> None:
    h = History(deal, actions)
    assert GAME.is_terminal(h)
    assert GAME.payoff(h) == chips
    assert GAME.utility(h, 2) == -chips


@pytest.mark.parametrize(
    ("actions", "chips"),
    [
        ("rf", 1),  # player 2 folds to the first bet: loses the ante
        ("crf", -1),  # player 1 checks, player 2 bets, player 1 folds
        ("rrf", -3),  # player 1 bets 2 (stake 3), player 2 raises, player 1 folds its 3
        ("crrf", 3),  # player 2 bets (stake 3), player 1 raises, player 2 folds its 3
        ("ccrf", 1),  # round 2, nothing in but the antes: player 2 folds 1
        ("rccrf", -3),  # stake 3 after round 1; player 2 bets 4 in round 2; player 1 folds 3
        ("rrcrrf", -9),  # stake 5 after round 1; player 1 bets 4 (9), is raised, folds 9
        ("crrccrrf", 9),  # stake 5; player 2 bets (9), player 1 raises, player 2 folds 9
    ],
)
def test_a_fold_loses_exactly_what_the_folder_put_in(actions, chips) -> None:
    # The cards do not matter after a fold: try a deal where player 1 would win and one where
    # player 1 would lose the showdown.
    for deal in [(K, J, Q), (J, K, Q)]:
        assert GAME.payoff(History(deal, actions)) == chips


def test_the_payoffs_agree_with_the_second_implementation_everywhere() -> None:
    hands = reference_hands()
    for ranks, _ in GAME.deals():
        for hand in hands:
            actions = hand[0] + (hand[1] or "")
            chips = reference_payoff(ranks, hand)
            z = History(ranks, actions)
            assert GAME.payoff(z) == chips
            assert GAME.returns(z) == (chips, -chips)  # two players, zero-sum
            assert GAME.tree.returns[:, GAME.tree.index[z]].tolist() == [chips, -chips]
    assert {hand[0] + (hand[1] or "") for hand in hands} == set(GAME.terminal_action_sequences())
    assert GAME.num_players == 2 and GAME.zero_sum


def test_generalised_raise_sizes_change_the_stakes() -> None:
    game = LeducPoker(raise_sizes=(3, 5))
    assert game.payoff(History((K, Q, J), "rcrc")) == 1 + 3 + 5
    assert game.payoff(History((K, Q, J), "rrcrrf")) == -(1 + 3 + 3 + 5)


# ---------------------------------------------------------------------------------------------
# Betting rules.


def test_the_rounds_end_at_check_check_or_a_called_raise() -> None:
    # Written out by hand: a round ends in one of five ways without a fold (cc, rc, crc, rrc,
    # crrc) and four with one (rf, crf, rrf, crrf).
    lines = round_lines(2)
    assert sorted(a for a, _, folded in lines if not folded) == sorted(
        ["cc", "rc", "crc", "rrc", "crrc"]
    )
    assert sorted(a for a, _, folded in lines if folded) == sorted(["rf", "crf", "rrf", "crrf"])
    # After each way of closing round 1, player 1 opens round 2 (the key gets a "/").
    for closed in ["cc", "rc", "crc", "rrc", "crrc"]:
        h = History((K, Q, J), closed)
        assert not GAME.is_terminal(h)
        assert GAME.player_to_act(h) == 1
        assert GAME.info_set_key(h) == f"K|J:{closed}/"


def test_fold_only_facing_a_bet_and_never_a_third_raise() -> None:
    for game in (GAME, LeducPoker(max_raises=1), LeducPoker(max_raises=3)):
        for key in game.info_sets():
            current = key.split(":")[1].split("/")[-1]
            facing = current.endswith("r")
            assert ("f" in game.actions(key)) == facing, key
            assert ("r" in game.actions(key)) == (current.count("r") < game.max_raises), key
            assert "c" in game.actions(key)
            # The actions are listed in the order f, c, r.
            assert list(game.actions(key)) == sorted(game.actions(key), key="fcr".index)
    assert GAME.actions("K:rr") == ("f", "c")
    assert GAME.actions("K:crr") == ("f", "c")
    assert GAME.actions("Q|K:rc/rr") == ("f", "c")
    assert GAME.actions("Q:") == ("c", "r")
    assert GAME.actions("Q:r") == ("f", "c", "r")


def test_illegal_actions_and_bad_histories_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown action"):
        GAME.next_history(History((K, Q, J), "rr"), "r")  # a third raise
    with pytest.raises(ValueError, match="unknown action"):
        GAME.next_history(History((K, Q, J), ""), "f")  # a fold facing no bet
    with pytest.raises(ValueError, match="unknown actions"):
        GAME.is_terminal(History((K, Q, J), "rrr"))
    with pytest.raises(ValueError, match="unknown deal"):
        GAME.is_terminal(History((K, K, K), ""))  # only two kings in the deck
    with pytest.raises(ValueError, match="terminal"):
        GAME.legal_actions(History((K, Q, J), "rf"))
    with pytest.raises(ValueError, match="terminal histories only"):
        GAME.payoff(History((K, Q, J), "r"))
    with pytest.raises(ValueError, match="unknown information set"):
        GAME.actions("K|Q:cr/c")  # round 1 "cr" has not ended, so this is no key


@pytest.mark.parametrize(
    "arguments",
    [
        {"ranks": 1},
        {"ranks": 2.0},
        {"suits": 0},
        {"ranks": 2, "suits": 1},  # two cards: not enough for two players and a board
        {"raise_sizes": (2,)},
        {"raise_sizes": (2, 4, 8)},
        {"raise_sizes": (0, 4)},
        {"raise_sizes": (2, 4.5)},
        {"raise_sizes": 2},
        {"max_raises": 0},
        {"max_raises": True},
    ],
)
def test_bad_parameters_raise_value_error(arguments) -> None:
    with pytest.raises(ValueError):
        LeducPoker(**arguments)


def test_a_game_is_its_parameters() -> None:
    assert LeducPoker() == LeducPoker(ranks=3, suits=2, raise_sizes=[2, 4], max_raises=2)
    assert hash(LeducPoker()) == hash(LeducPoker(raise_sizes=[2, 4]))
    assert LeducPoker() != LeducPoker(max_raises=3)
    assert GAME.parameters == {"ranks": 3, "suits": 2, "raise_sizes": (2, 4), "max_raises": 2}
    assert isinstance(GAME, Game)


# ---------------------------------------------------------------------------------------------
# Chance.


def test_the_rank_deals_add_up_the_card_deals() -> None:
    # 3 ranks cubed, minus the 3 triples of one rank (each rank has only two cards).
    deals = dict(GAME.deals())
    assert len(deals) == 3**3 - 3
    assert sum(deals.values()) == pytest.approx(1.0, abs=1e-15)
    # Each rank triple's probability is the share of the 120 card triples that have it.
    triples = card_triples(3, 2)
    assert len(triples) == 6 * 5 * 4
    for ranks, p in deals.items():
        assert p == pytest.approx(triples.count(ranks) / len(triples), abs=1e-15)
    assert len(GAME.card_deals()) == 120


def test_rank_pair_probabilities_match_counting_cards() -> None:
    deals = GAME.deals()

    def probability(event) -> float:
        return sum(p for deal, p in deals if event(deal))

    # Player 1 holds one of 2 kings (2/6), player 2 the other (1/5).
    assert probability(lambda d: d[0] == K and d[1] == K) == pytest.approx(2 / 6 * 1 / 5)
    # Player 1 a king (2/6), player 2 one of the two queens among 5 cards (2/5).
    assert probability(lambda d: d[0] == K and d[1] == Q) == pytest.approx(2 / 6 * 2 / 5)
    # The board pairs player 1's card: one matching card among the 5 left.
    assert probability(lambda d: d[0] == d[2]) == pytest.approx(1 / 5)
    # Every card is equally likely to be the board.
    for rank in (J, Q, K):
        assert probability(lambda d, r=rank: d[2] == r) == pytest.approx(1 / 3)


def test_other_decks_merge_card_deals_exactly() -> None:
    for ranks, suits in [(2, 2), (3, 1), (4, 3)]:
        game = LeducPoker(ranks=ranks, suits=suits)
        triples = card_triples(ranks, suits)
        exact = {r: Fraction(triples.count(r), len(triples)) for r in set(triples)}
        assert {deal: p for deal, p in game.deals()} == pytest.approx(
            {deal: float(p) for deal, p in exact.items()}, abs=1e-15
        )


# ---------------------------------------------------------------------------------------------
# Keys and the tree.


def test_keys_show_the_board_only_in_round_2() -> None:
    # Round 1: the boards differ, the key does not.
    assert GAME.info_set_key(history(K, Q, J, "c")) == "Q:c"
    assert GAME.info_set_key(history(K, Q, K, "c")) == "Q:c"
    # Round 2: player 1 acts after "crc", player 2 after "crc" + "c".
    assert GAME.info_set_key(history(K, Q, J, "crc")) == "K|J:crc/"
    assert GAME.info_set_key(history(K, Q, J, "crcc")) == "Q|J:crc/c"
    assert GAME.info_set_key(history(K, Q, J, "rrcr")) == "Q|J:rrc/r"
    pattern = re.compile(r"[JQK]:[cr]*|[JQK]\|[JQK]:[cr]+/[cr]*")
    assert all(pattern.fullmatch(key) for key in GAME.info_sets())
    assert GAME.parse_key("K|Q:crc/c") == ("K", "Q", ("crc", "c"))
    assert GAME.parse_key("J:cr") == ("J", None, ("cr",))
    assert GAME.describe("Q:") == "player 1 holds Q; nobody has acted yet"
    assert GAME.describe("K|Q:rc/c") == (
        "player 2 holds K, the board shows Q; round 1: player 1 bets, player 2 calls; "
        "round 2: player 1 checks"
    )
    assert GAME.label(history(K, Q, J, "rcc")) == "KQ|J:rc/c"


def test_keys_match_the_second_implementation() -> None:
    keys = set()
    for ranks in card_triples(3, 2):
        for first, second in reference_decisions():
            keys.add(reference_key(ranks, first, second, "JQK"))
    assert keys == set(GAME.info_sets())
    for key in GAME.info_sets():
        _, sequence = key.split(":")
        current = sequence.split("/")[-1]
        assert GAME.player(key) == 1 + len(current) % 2


def test_the_sizes_match_the_literature_and_a_count_by_hand() -> None:
    # One round: 6 points of decision ("", c, r, cr, rr, crr), 5 ways to close it. Round 1 keys:
    # 3 private ranks * 6 = 18. Round 2: 5 round-1 closings * 6 points * 3 private * 3 board
    # ranks = 270. Together 288 information sets, the count of Southey et al. (2005) and the
    # usual figure for Leduc poker with suits ignored.
    size = game_size(GAME)
    assert size["info_sets"] == 3 * 6 + 5 * 6 * 3 * 3 == 288
    assert size["info_sets_1"] == size["info_sets_2"] == 144  # each player 3 points per round
    # Per deal: 6 + 5 * 6 = 36 decision points and 4 + 5 * (4 + 5) = 49 endings; 24 deals.
    assert size["deals"] == 24
    assert size["decision_histories"] == 24 * 36
    assert size["terminal_histories"] == 24 * 49
    assert size["histories"] == 24 * (36 + 49)
    # Actions per decision point: "", c: 2; r, cr: 3; rr, crr: 2. So 14 per round per view.
    assert size["info_set_actions"] == 3 * 14 + 5 * 14 * 9 == 672
    assert size["depth"] == 8  # crrc then crrc is the longest hand


@pytest.mark.parametrize(
    "arguments",
    [
        {},
        {"max_raises": 1},
        {"max_raises": 3},
        {"ranks": 4, "suits": 3},
        {"ranks": 3, "suits": 1},
        {"ranks": 2, "suits": 2, "raise_sizes": (1, 1)},
    ],
)
def test_sizes_match_an_enumeration_over_card_deals(arguments) -> None:
    game = LeducPoker(**arguments)
    ranks, suits = game.parameters["ranks"], game.parameters["suits"]
    names = "".join(game.cards)
    triples = card_triples(ranks, suits)
    decisions = reference_decisions(game.max_raises)
    hands = reference_hands(game.max_raises)
    rank_deals = set(triples)
    keys = {
        reference_key(r, first, second, names) for r in rank_deals for first, second in decisions
    }
    pairs = sum(len(game.actions(key)) for key in keys)
    size = game_size(game)
    assert size["deals"] == len(rank_deals)
    assert size["decision_histories"] == len(rank_deals) * len(decisions)
    assert size["terminal_histories"] == len(rank_deals) * len(hands)
    assert size["info_sets"] == len(keys)
    assert set(game.info_sets()) == keys
    assert size["info_set_actions"] == pairs


def test_the_tree_merges_the_right_histories() -> None:
    tree = build_tree(GAME)  # a fresh build runs every consistency check
    assert len(tree.histories) == 2040
    # "K:": the 8 rank deals where player 1 holds K (opponent and board: J/Q/K, not K and K).
    assert len(GAME.histories_in("K:")) == 8
    # "K|Q:cc/": player 2 holds J, Q or K; "K|K:cc/": J or Q only (both kings are out).
    assert {h.deal[1] for h in GAME.histories_in("K|Q:cc/")} == {J, Q, K}
    assert {h.deal[1] for h in GAME.histories_in("K|K:cc/")} == {J, Q}
    for key in GAME.info_sets():
        members = GAME.histories_in(key)
        assert len({len(h.actions) for h in members}) == 1
        assert len({h.actions for h in members}) == 1  # public actions: one sequence per key


# ---------------------------------------------------------------------------------------------
# The library's exact algorithms, unchanged, on Leduc poker.


def random_policy(game: LeducPoker, seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {key: rng.dirichlet(np.ones(len(game.actions(key)))) for key in game.info_sets()}


@pytest.mark.parametrize("seed", [None, 0, 1])
def test_expected_value_matches_the_second_implementation(seed) -> None:
    policy = uniform_policy(GAME) if seed is None else random_policy(GAME, seed)
    assert expected_value(GAME, policy) == pytest.approx(
        reference_expected_value(policy), abs=1e-12
    )


def test_always_checking_is_an_even_game_by_symmetry() -> None:
    # Nobody bets, so every hand is a showdown for the antes; the deal is symmetric between the
    # players, so player 1 wins as often as player 2.
    check = pure_policy(GAME, {key: "c" for key in GAME.info_sets()})
    assert expected_value(GAME, check) == pytest.approx(0.0, abs=1e-15)


def test_best_response_beats_every_sampled_pure_strategy() -> None:
    rng = np.random.default_rng(7)
    opponent = random_policy(GAME, 3)
    value, response = best_response(GAME, opponent, 1)
    assert expected_value(GAME, {**opponent, **response}) == pytest.approx(value, abs=1e-12)
    for _ in range(25):
        pure = pure_policy(
            GAME, {key: str(rng.choice(GAME.actions(key))) for key in GAME.info_sets_of(1)}
        )
        assert expected_value(GAME, {**opponent, **pure}) <= value + 1e-12
    value_2, _ = best_response(GAME, opponent, 2)
    assert exploitability(GAME, opponent) == pytest.approx((value + value_2) / 2)
    assert exploitability(GAME, opponent) > 0


def test_counterfactual_values_are_consistent_on_leduc() -> None:
    policy = random_policy(GAME, 5)
    values = counterfactual_values(GAME, policy)
    for key in GAME.info_sets():
        assert values.info_set_value[key] == pytest.approx(
            policy[key] @ values.action_values[key], abs=1e-12
        )
    # Chance and the opponent reach each round-1 key of player 1 with the total probability of
    # player 1 holding that card, 1/3.
    assert values.reach["K:"] == pytest.approx(1 / 3)
