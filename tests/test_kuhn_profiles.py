"""The named Kuhn poker profiles: their probabilities, and values worked out on paper.

Notation: u_1 is player 1's expected chips per hand; each of the six deals has probability 1/6.
Payoffs: a showdown after check-check is worth 1 to the higher card, after a called bet 2; a fold
loses the folder's ante (1).
"""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.exploitability import best_response, expected_value, exploitability
from lessons_lib.games import KuhnPoker
from lessons_lib.kuhn_profiles import always_bet, always_pass, never_bluff
from lessons_lib.policy import validate_policy

GAME = KuhnPoker()
PROFILES = (always_bet, always_pass, never_bluff)


@pytest.mark.parametrize("make", PROFILES)
def test_profiles_are_full_valid_policies(make) -> None:
    profile = make(GAME)
    assert tuple(profile) == GAME.info_sets()
    validate_policy(GAME, profile)  # raises on a bad vector


def test_always_bet_and_always_pass_probabilities() -> None:
    for key in GAME.info_sets():
        np.testing.assert_array_equal(always_bet(GAME)[key], [0.0, 1.0])
        np.testing.assert_array_equal(always_pass(GAME)[key], [1.0, 0.0])


def test_never_bluff_puts_chips_in_with_the_king_only() -> None:
    profile = never_bluff(GAME)
    bets = {key: profile[key][1] for key in GAME.info_sets()}
    assert bets == {
        "J:": 0.0, "Q:": 0.0, "K:": 1.0,
        "J:p": 0.0, "Q:p": 0.0, "K:p": 1.0,
        "J:b": 0.0, "Q:b": 0.0, "K:b": 1.0,
        "J:pb": 0.0, "Q:pb": 0.0, "K:pb": 1.0,
    }  # fmt: skip


def test_never_bluff_uses_the_highest_card_of_a_bigger_deck() -> None:
    game = KuhnPoker(n_cards=4)  # T J Q K
    profile = never_bluff(game)
    assert [key for key in game.info_sets() if profile[key][1] == 1.0] == [
        "K:",
        "K:p",
        "K:b",
        "K:pb",
    ]


def test_always_bet_against_itself() -> None:
    """Every hand is bet and called: a showdown for 2 chips. Of the six deals player 1 holds the
    higher card in three (QJ, KJ, KQ), so u_1 = (3 * 2 - 3 * 2) / 6 = 0.

    Player 1's best response to a player 2 who always calls (and always bets after a check):
    with J betting loses 2 for sure while check-fold loses 1, so -1; with Q betting wins 2 against
    J and loses 2 against K (0 on average), and check-call is the same 0; with K betting wins 2.
    The best response is worth (-1 + 0 + 2) / 3 = 1/3. Player 2's is the mirror image: facing a
    bet it folds J (-1), calls Q (0 on average), calls K (+2), again 1/3. So epsilon = 1/3.
    """
    profile = always_bet(GAME)
    assert expected_value(GAME, profile) == pytest.approx(0.0, abs=1e-12)
    assert best_response(GAME, profile, 1)[0] == pytest.approx(1 / 3)
    assert best_response(GAME, profile, 2)[0] == pytest.approx(1 / 3)
    assert exploitability(GAME, profile) == pytest.approx(1 / 3)


def test_always_pass_against_itself() -> None:
    """Every hand is check-check: a showdown for 1 chip, won by the higher card in three deals of
    six each way, so u_1 = 0. A best responder bets every hand and the passer folds: +1 per hand
    for either player (it cannot do better, since the passer never puts in more than the ante).
    So epsilon = (1 + 1) / 2 = 1.
    """
    profile = always_pass(GAME)
    assert expected_value(GAME, profile) == pytest.approx(0.0, abs=1e-12)
    assert best_response(GAME, profile, 1)[0] == pytest.approx(1.0)
    assert best_response(GAME, profile, 2)[0] == pytest.approx(1.0)
    assert exploitability(GAME, profile) == pytest.approx(1.0)


def test_never_bluff_against_itself() -> None:
    """Deal by deal (player 1's card first): KJ and KQ, player 1 bets and the other folds: +1, +1.
    JQ and QJ, both check: showdown -1 and +1. JK and QK, player 1 checks, K bets, player 1
    folds: -1, -1. Total 0, so u_1 = 0.

    Player 1's best response to player 2 (bets and calls with K only): with J a bet wins 1 when
    player 2 folds Q and loses 2 when K calls, -1/2 on average, better than checking (-1 against
    both); with Q checking wins the showdown against J and folds to K's bet, 0, better than
    betting (+1 - 2)/2; with K anything wins 1. Value (-1/2 + 0 + 1) / 3 = 1/6.
    Player 2's best response: after a check player 1 holds J or Q, never K. With J player 2 faces
    Q and bets (Q folds: +1 instead of losing the showdown); with Q (against J) or K, checking and
    betting both win 1. Facing a bet player 1 holds K, so it folds: -1.
    Per card of player 2, the two deals give J: +1 - 1, Q: +1 - 1, K: +1 + 1; value 2/6 = 1/3.
    So epsilon = (1/6 + 1/3) / 2 = 1/4.
    """
    profile = never_bluff(GAME)
    assert expected_value(GAME, profile) == pytest.approx(0.0, abs=1e-12)
    value_1, response_1 = best_response(GAME, profile, 1)
    value_2, response_2 = best_response(GAME, profile, 2)
    assert value_1 == pytest.approx(1 / 6)
    assert value_2 == pytest.approx(1 / 3)
    assert exploitability(GAME, profile) == pytest.approx(1 / 4)
    assert response_1["J:"][1] == 1.0  # the best response bluffs with J
    assert response_2["J:p"][1] == 1.0  # ... and so does player 2's
    # A bet means K: fold J and Q ("K:b" is never reached, so either action is a best response).
    assert response_2["J:b"][0] == 1.0 and response_2["Q:b"][0] == 1.0


@pytest.mark.parametrize("make", PROFILES)
def test_profiles_need_kuhn_poker(make) -> None:
    with pytest.raises(ValueError, match="Kuhn poker"):
        make("kuhn")
