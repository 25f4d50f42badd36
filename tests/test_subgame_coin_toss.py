"""The coin toss of Brown and Sandholm (2017), solved by hand: the game, and every re-solve of the
subgame after "play" (player 2's guess), derived on paper below and checked against the library.

Notation. g is the probability that player 2 guesses heads. Player 1 sees the coin (1/2 each) and
sells (+1/2 with heads, -1/2 with tails) or plays; after "play" a right guess costs player 1 one
chip and a wrong one wins it one chip. So playing is worth 1 - 2g with heads and 2g - 1 with tails.

The blueprint B used throughout: player 1 plays always with heads and half the time with tails;
player 2 guesses heads with g = 1/2.

Exploitability of B. Player 1's best response to g = 1/2: heads max(1/2, 0) = 1/2 (sell), tails
max(-1/2, 0) = 0 (play): 1/2 (1/2 + 0) = 1/4. Player 2's best response to player 1's part: "play"
is reached with heads 1/2 and tails 1/4; guessing heads wins 1/2 - 1/4 = 1/4, tails -1/2 + 1/4;
the tails that sell (1/4) give player 2 another 1/4 * 1/2 = 1/8; so 1/4 + 1/8 = 3/8. Epsilon =
(1/4 + 3/8) / 2 = 5/16.

Unsafe re-solve. The beliefs at "play" are 1/2 : 1/4, that is heads 2/3. Player 2 alone acts in
the subgame; guessing heads wins 2/3 - 1/3 = 1/3, tails loses 1/3: the unique equilibrium of the
unsafe game is g' = 1, value -1/3 for player 1. Punished: player 1 sells heads (1/2) and plays
tails (+1), 1/2 (1/2 + 1) = 3/4; epsilon = (3/4 + 3/8) / 2 = 9/16 > 5/16.

Re-solve gadget for player 2 (opponent: player 1). pi_{-1} of each root is chance's 1/2 (player 2
has not acted), so the gadget deals heads and tails 1/2 each. Player 1's values when entering
against g = 1/2 are 0 and 0: alternatives 0 and 0. Player 1's gadget value is
1/2 max(0, 1 - 2g') + 1/2 max(0, 2g' - 1) = |1 - 2g'| / 2, minimal (0) at g' = 1/2 only: the gadget
keeps the blueprint, epsilon stays 5/16.

Maxmargin. Margins M(H) = 0 - (1 - 2g') and M(T) = 0 - (2g' - 1); the smallest is -|1 - 2g'|,
largest (0) at g' = 1/2 only: the gadget's value is 0.

Reach. Player 1's gifts against g = 1/2: at "H:" selling is worth 1/2 * 1/2 = 1/4 in counterfactual
value and playing 0, so playing gave 1/4; at "T:" playing (0) beats selling (-1/4): no gift. The
view H:p is the only child of ("H:", play) and gets the whole gift: its alternative becomes
(0 + 1/4) / (1/2) = 1/2; T:p keeps 0.
- Reach-resolve: 1/2 max(1/2, 1 - 2g') + 1/2 max(0, 2g' - 1) is at least 1/4, with equality
  exactly for 1/4 <= g' <= 1/2. Player 1's best response is then 1/2 (1/2 + (2g' - 1)) = g' - 1/4,
  so epsilon = (g' - 1/4 + 3/8) / 2, between 1/16 and 5/16.
- Reach-maxmargin: M(H) = 1/2 - (1 - 2g') = 2g' - 1/2 and M(T) = 1 - 2g' are equal at g' = 3/8,
  margin 1/4 (gadget value -1/4); player 1's best response 3/8 - 1/4 = 1/8, epsilon =
  (1/8 + 3/8) / 2 = 1/4.

A second blueprint B* keeps player 1's part and puts player 2 at equilibrium, g = 1/4. The
alternatives are then 1 - 2/4 = 1/2 and 2/4 - 1 = -1/2 per reach, and the re-solve gadget's value
1/2 max(1/2, 1 - 2g') + 1/2 max(-1/2, 2g' - 1) is 0 at g' = 1/4 only: the gadget finds the
equilibrium again, while the unsafe re-solve still answers g' = 1 (the beliefs have not changed).
"""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.exploitability import best_response, exploitability
from lessons_lib.games import CoinToss
from lessons_lib.lp import solve_sequence_form
from lessons_lib.subgames import (
    SAFE_METHODS,
    beliefs,
    combine,
    gifts,
    margins,
    public_subgame,
    reach_bonuses,
    resolve,
    root_values,
    unsafe_game,
)
from lessons_lib.subgames.values import best_response_values

GAME = CoinToss()
SUBGAME = public_subgame(GAME, "p")
BLUEPRINT = {
    "H:": np.array([0.0, 1.0]),
    "T:": np.array([0.5, 0.5]),
    "?:p": np.array([0.5, 0.5]),
}
AT_EQUILIBRIUM = {**BLUEPRINT, "?:p": np.array([0.25, 0.75])}


def guess_heads(policy: dict[str, np.ndarray]) -> float:
    return float(policy["?:p"][0])


def test_the_game_has_player_2_guess_heads_one_time_in_four() -> None:
    # The module docstring of lessons_lib.games.coin_toss: g = (1 - s) / 2, value 0.
    for sell in (0.5, 0.2):
        policy, value = solve_sequence_form(CoinToss(sell))
        assert guess_heads(policy) == pytest.approx((1 - sell) / 2, abs=1e-9)
        assert value == pytest.approx(0.0, abs=1e-9)


def test_the_blueprint_is_five_sixteenths_exploitable() -> None:
    assert exploitability(GAME, BLUEPRINT) == pytest.approx(5 / 16, abs=1e-15)


def test_the_subgame_after_play_has_two_roots_and_player_2_alone_inside() -> None:
    assert [root.deal for root in SUBGAME.roots] == [(0,), (1,)]
    assert SUBGAME.info_sets == ("?:p",)
    assert SUBGAME.views(1) == {"H:p": (0,), "T:p": (1,)}
    assert SUBGAME.views(2) == {"?:p": (0, 1)}
    np.testing.assert_allclose(beliefs(SUBGAME, BLUEPRINT), [2 / 3, 1 / 3], rtol=1e-15)


def test_unsafe_resolving_guesses_heads_and_is_punished_by_selling_heads() -> None:
    unsafe = resolve(SUBGAME, BLUEPRINT, "unsafe")
    assert guess_heads(unsafe.policy) == pytest.approx(1.0, abs=1e-9)
    assert unsafe.solutions[0].value == pytest.approx(-1 / 3, abs=1e-9)
    combined = combine(BLUEPRINT, [unsafe])
    value, response = best_response(GAME, combined, 1)
    assert value == pytest.approx(3 / 4, abs=1e-9)
    assert response["H:"].tolist() == [1.0, 0.0] and response["T:"].tolist() == [0.0, 1.0]
    assert exploitability(GAME, combined) == pytest.approx(9 / 16, abs=1e-9)
    # The beliefs do not depend on player 2's blueprint: at equilibrium it is punished too.
    again = resolve(SUBGAME, AT_EQUILIBRIUM, "unsafe")
    assert guess_heads(again.policy) == pytest.approx(1.0, abs=1e-9)
    assert (
        exploitability(GAME, combine(AT_EQUILIBRIUM, [again]))
        > exploitability(GAME, AT_EQUILIBRIUM) + 0.3
    )


def test_the_unsafe_game_deals_the_blueprints_beliefs() -> None:
    game = unsafe_game(SUBGAME, BLUEPRINT)
    assert game.deals() == [((0,), pytest.approx(2 / 3)), ((1,), pytest.approx(1 / 3))]
    assert game.info_sets() == ("?:p",)
    policy, value = solve_sequence_form(game)
    assert value == pytest.approx(-1 / 3, abs=1e-9)


def test_the_alternatives_are_player_1s_values_against_the_blueprint() -> None:
    values = root_values(SUBGAME, BLUEPRINT, 1)
    assert values.views == ("H:p", "T:p")
    np.testing.assert_allclose(values.reach, [0.5, 0.5], rtol=1e-15)
    np.testing.assert_allclose(values.value, [0.0, 0.0], atol=1e-15)
    at_equilibrium = root_values(SUBGAME, AT_EQUILIBRIUM, 1)
    np.testing.assert_allclose(at_equilibrium.per_reach, [0.5, -0.5], rtol=1e-15)


def test_the_resolve_gadget_keeps_the_blueprint_and_its_value_is_zero() -> None:
    resolution = resolve(SUBGAME, BLUEPRINT, "resolve")
    assert guess_heads(resolution.policy) == pytest.approx(0.5, abs=1e-9)
    (solution,) = resolution.solutions
    assert solution.value == pytest.approx(0.0, abs=1e-9)  # player 1 is the opponent
    assert solution.game.value_for_opponent() == pytest.approx(0.0, abs=1e-15)
    assert exploitability(GAME, combine(BLUEPRINT, [resolution])) == pytest.approx(5 / 16)


def test_the_resolve_gadget_finds_the_equilibrium_from_the_second_blueprint() -> None:
    resolution = resolve(SUBGAME, AT_EQUILIBRIUM, "resolve")
    assert guess_heads(resolution.policy) == pytest.approx(0.25, abs=1e-9)
    assert resolution.solutions[0].value == pytest.approx(0.0, abs=1e-9)


def test_maxmargin_keeps_the_blueprint_with_margin_zero() -> None:
    resolution = resolve(SUBGAME, BLUEPRINT, "maxmargin")
    assert guess_heads(resolution.policy) == pytest.approx(0.5, abs=1e-9)
    assert resolution.solutions[0].value == pytest.approx(0.0, abs=1e-9)


def test_player_1s_gift_is_a_quarter_at_heads() -> None:
    given = gifts(best_response_values(GAME, BLUEPRINT, 1))
    np.testing.assert_allclose(given["H:"], [0.0, 0.25], atol=1e-15)
    np.testing.assert_allclose(given["T:"], [0.25, 0.0], atol=1e-15)
    (bonus,) = reach_bonuses(GAME, BLUEPRINT, [SUBGAME], 1)
    np.testing.assert_allclose(bonus, [0.25, 0.0], atol=1e-15)


def test_reach_resolve_lands_between_a_quarter_and_a_half() -> None:
    resolution = resolve(SUBGAME, BLUEPRINT, "reach-resolve")
    g = guess_heads(resolution.policy)
    assert 0.25 - 1e-9 <= g <= 0.5 + 1e-9
    assert resolution.solutions[0].value == pytest.approx(0.25, abs=1e-9)
    after = exploitability(GAME, combine(BLUEPRINT, [resolution]))
    assert after == pytest.approx((g - 1 / 4 + 3 / 8) / 2, abs=1e-9)


def test_reach_maxmargin_guesses_heads_three_times_in_eight() -> None:
    resolution = resolve(SUBGAME, BLUEPRINT, "reach-maxmargin")
    assert guess_heads(resolution.policy) == pytest.approx(3 / 8, abs=1e-9)
    assert resolution.solutions[0].value == pytest.approx(-1 / 4, abs=1e-9)
    combined = combine(BLUEPRINT, [resolution])
    assert exploitability(GAME, combined) == pytest.approx(1 / 4, abs=1e-9)
    before = root_values(SUBGAME, BLUEPRINT, 1)
    after = root_values(SUBGAME, combined, 1)
    bonus = reach_bonuses(GAME, BLUEPRINT, [SUBGAME], 1)[0]
    np.testing.assert_allclose(margins(before, after, bonus), [0.25, 0.25], atol=1e-9)


@pytest.mark.parametrize("solver", ["cfr+", "dcfr"])
def test_cfr_solves_the_gadgets_to_the_hand_values(solver: str) -> None:
    expected = {"resolve": 0.5, "maxmargin": 0.5, "reach-maxmargin": 3 / 8}
    for method, g in expected.items():
        resolution = resolve(SUBGAME, BLUEPRINT, method, solver=solver, iterations=3000)
        assert guess_heads(resolution.policy) == pytest.approx(g, abs=2e-3), method


def test_every_safe_method_is_at_most_as_exploitable_as_the_blueprint() -> None:
    for method in SAFE_METHODS:
        for blueprint in (BLUEPRINT, AT_EQUILIBRIUM):
            combined = combine(blueprint, [resolve(SUBGAME, blueprint, method)])
            assert exploitability(GAME, combined) <= exploitability(GAME, blueprint) + 1e-12
