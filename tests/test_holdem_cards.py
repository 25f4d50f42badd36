"""Hold'em cards, range strings, hand strength and card-removal showdowns
(:mod:`lessons_lib.holdem`), each against an independent count or a second method."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from lessons_lib.holdem.cards import (
    all_combos,
    card_name,
    class_combos,
    class_name,
    combo_name,
    grid_cell,
    grid_means,
    grid_names,
    parse_board,
    parse_card,
    unblocked_combos,
)
from lessons_lib.holdem.ranges import combo_weights, parse_range
from lessons_lib.holdem.showdown import (
    CardRemoval,
    fold_matrix,
    matrix_values,
    showdown_matrix,
)
from lessons_lib.holdem.strength import hand_category, hand_strength

BOARD = "KsQd7h4c2s"


def test_cards_number_and_name_each_other() -> None:
    names = [card_name(c) for c in range(52)]
    assert len(set(names)) == 52
    assert all(parse_card(name) == c for c, name in enumerate(names))
    assert parse_card("2c") == 0 and parse_card("As") == 51 and parse_card("td") == 33


def test_there_are_1326_combos_and_a_board_leaves_1081() -> None:
    combos = all_combos()
    assert len(combos) == math.comb(52, 2) == 1326
    assert len({tuple(c) for c in combos.tolist()}) == 1326
    assert np.all(combos[:, 0] > combos[:, 1])
    board = parse_board(BOARD)
    free = unblocked_combos(board)
    assert len(free) == math.comb(47, 2) == 1081
    assert not np.isin(free, board).any()


def test_the_grid_holds_169_classes_and_every_combo_once() -> None:
    names = grid_names()
    flat = [name for row in names for name in row]
    assert len(set(flat)) == 169 and names[0][0] == "AA" and names[0][1] == "AKs"
    assert names[1][0] == "AKo" and names[12][12] == "22"
    sizes = {name: len(class_combos(name)) for name in flat}
    assert sum(sizes.values()) == 1326
    assert sizes["QQ"] == 6 and sizes["AKs"] == 4 and sizes["AKo"] == 12
    rows, columns = grid_cell(all_combos())
    for combo, r, c in zip(all_combos()[::37], rows[::37], columns[::37], strict=True):
        assert names[r][c] == class_name(combo)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("QQ+", 18),
        ("22+", 78),
        ("QQ-99", 24),
        ("99-QQ", 24),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("ATs+", 16),  # ATs AJs AQs AKs
        ("K9o+", 48),  # K9o KTo KJo KQo: 4 x 12
        ("A5s-A2s", 16),
        ("AhKh", 1),
        ("any", 1326),
        ("QQ+,AKs,A5s-A2s,KQo", 18 + 4 + 16 + 12),
    ],
)
def test_range_tokens_name_the_combos_players_mean(text: str, count: int) -> None:
    assert combo_weights(text).sum() == count


def test_weights_and_later_tokens_override() -> None:
    weights = combo_weights("22+,77:0.5")
    sevens = class_combos("77")
    index = [np.flatnonzero((all_combos() == c).all(axis=1))[0] for c in sevens]
    assert np.all(weights[index] == 0.5) and weights.sum() == 72 + 3


def test_a_range_on_a_board_drops_the_blocked_combos() -> None:
    weights = parse_range("QQ+,AKs,A5s-A2s,KQo", BOARD)
    # By hand: QQ 3, KK 3, AA 6, AKs 3 (not spades), A5s 4, A4s 3, A3s 4, A2s 3, KQo 7.
    assert len(weights) == 1081 and weights.sum() == 36


@pytest.mark.parametrize(
    "text",
    ["", "QQ,,AK", "QQ++", "AKx", "KA", "QQs", "A5s-K2s", "Q-9", "AhAh", "AK:2", "AK:x", "1AK"],
)
def test_bad_range_strings_are_refused_naming_the_token(text: str) -> None:
    with pytest.raises(ValueError, match="range|hand|card|weight"):
        combo_weights(text)


def test_a_blocked_explicit_combo_is_refused() -> None:
    with pytest.raises(ValueError, match="KsKh"):
        parse_range("QQ+,KsKh", BOARD)


@pytest.mark.parametrize(
    "board", ["KsQd7h4c", "KsQd7h4c2s3s", "KsKs7h4c2s", "KsQd7h4c2x", "Ks Qd 7h 4c 1s", 5]
)
def test_bad_boards_are_refused(board: object) -> None:
    with pytest.raises(ValueError, match="board|card"):
        parse_board(board)


def strength_of(board: str, hand: str) -> int:
    cards = parse_board(board)
    return int(hand_strength(cards, np.array([[parse_card(hand[:2]), parse_card(hand[2:])]]))[0])


def test_the_evaluator_orders_the_categories_and_kickers() -> None:
    board = "9h8h7c2d2s"
    straight = strength_of(board, "Tc6d")  # T-high straight
    wheel = strength_of("5h4d3cKs9s", "Ac2d")  # A-2-3-4-5: the lowest straight
    flush = strength_of("9h8h7c2h2s", "Ah3h")
    assert hand_category(straight) == "straight" and hand_category(wheel) == "straight"
    assert hand_category(flush) == "flush"
    assert strength_of("9h8h7c2h2s", "Ah3h") > strength_of("9h8h7c2h2s", "Tc6d")  # flush > straight
    assert wheel < strength_of("5h4d3cKs9s", "6c2d")  # 6-high straight beats the wheel
    # One pair of aces: the kicker decides; equal kickers tie; the board plays for both.
    assert strength_of("AsKd7h4c2s", "AhQc") > strength_of("AsKd7h4c2s", "AdJc")
    assert strength_of("AsKd7h4c2s", "AhQc") == strength_of("AsKd7h4c2s", "AcQh")
    assert strength_of("AsKsQsJsTs", "2c3d") == strength_of("AsKsQsJsTs", "8h9c")
    assert hand_category(strength_of("AsKsQsJsTs", "2c3d")) == "straight flush"
    assert hand_category(strength_of("7c7d7h2s2c", "Ah3d")) == "full house"
    assert hand_category(strength_of("7c7d7h2s2c", "7s3d")) == "four of a kind"


def test_combo_and_class_names() -> None:
    ace_king = [parse_card("Kd"), parse_card("Ah")]
    assert combo_name(ace_king) == "AhKd" and class_name(ace_king) == "AKo"
    assert class_name([parse_card("Ah"), parse_card("Kh")]) == "AKs"


@pytest.mark.parametrize("board", ["KsQd7h4c2s", "AsKsQsJsTs", "7c7d7h2s2c", "9h8h7c2d2s"])
def test_sorted_card_removal_equals_the_matrix(board: str) -> None:
    rng = np.random.default_rng(sum(map(ord, board)))
    cards = parse_board(board)
    combos = unblocked_combos(cards)
    strength = hand_strength(cards, combos)
    own = combos[rng.random(len(combos)) < 0.6]
    own_strength = hand_strength(cards, own)
    reach = rng.random((4, len(combos))) * (rng.random((4, len(combos))) < 0.7)
    reach /= reach.sum(axis=1, keepdims=True)
    removal = CardRemoval.of(own, combos, own_strength, strength)
    by_matrix = matrix_values(showdown_matrix(own, combos, own_strength, strength), reach)
    assert np.abs(removal.showdown(reach) - by_matrix).max() < 1e-12
    folded = matrix_values(fold_matrix(own, combos), reach)
    assert np.abs(removal.mass(reach) - folded).max() < 1e-12


def test_the_showdown_matrix_by_enumeration_on_a_few_hands() -> None:
    cards = parse_board(BOARD)
    combos = unblocked_combos(cards)[::97]
    strength = hand_strength(cards, combos)
    matrix = showdown_matrix(combos, combos, strength, strength)
    for (a, h), (b, g) in itertools.product(enumerate(combos), repeat=2):
        shared = bool(set(h.tolist()) & set(g.tolist()))
        expected = 0.0 if shared else float(np.sign(strength[a] - strength[b]))
        assert matrix[a, b] == expected


def test_equity_by_sorting_equals_the_count_of_wins_and_ties() -> None:
    rng = np.random.default_rng(7)
    cards = parse_board("9h8h7c2d2s")
    combos = unblocked_combos(cards)
    strength = hand_strength(cards, combos)
    reach = rng.random((2, len(combos)))
    removal = CardRemoval.of(combos, combos, strength, strength)
    fits = fold_matrix(combos, combos)
    wins = (np.sign(np.subtract.outer(strength, strength)) + 1) / 2 * fits  # 1, 1/2 or 0
    expected = matrix_values(wins, reach) / matrix_values(fits, reach)
    assert np.abs(removal.equity(reach) - expected).max() < 1e-12


def test_grid_means_average_each_class_by_weight() -> None:
    combos = np.concatenate([class_combos("AKs"), class_combos("72o")])
    values = np.array([1.0, 0.0, 0.0, 0.0] + [0.5] * 12)
    weights = np.array([3.0, 1.0, 0.0, 0.0] + [1.0] * 12)
    mean, total = grid_means(combos, values, weights)
    names = grid_names()
    ak = next((r, c) for r in range(13) for c in range(13) if names[r][c] == "AKs")
    seven_two = next((r, c) for r in range(13) for c in range(13) if names[r][c] == "72o")
    assert mean[ak] == 0.75 and total[ak] == 4.0
    assert mean[seven_two] == 0.5 and total[seven_two] == 12.0
    assert total.sum() == 16.0 and np.count_nonzero(mean) == 2
