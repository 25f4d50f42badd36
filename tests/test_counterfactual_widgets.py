"""The counterfactual explorer, driven from Python: player 2's sliders move player 1's regrets.

Paper values used below (player 1 plays uniformly unless a test says otherwise; each deal has
probability 1/6, included in pi_{-1} by default).

- Player 2 uniform: at "J:" (and "Q:", "K:") betting beats checking by 3/4 chip per opponent card.
  If player 1's card wins the showdown, bet = (1 + 2)/2 = 3/2 and check = 1/2 * 1 + 1/2 * (-1 + 2)/2
  = 3/4; if it loses, bet = (1 - 2)/2 = -1/2 and check = 1/2 * (-1) + 1/2 * (-1 - 2)/2 = -5/4.
  Two histories of weight 1/6 give v(bet) - v(check) = 2/6 * 3/4 = 1/4, and with sigma = (1/2, 1/2)
  the regret of betting is half of that: +1/8.
- Player 2 never calls: a bet at "J:" always wins the ante, v(bet) = 2/6 * 1 = 1/3, while checking
  is worth 2/6 * (-5/4) = -5/12 (as above, J loses every showdown). The regret of betting is
  (1/3 + 5/12)/2 = 3/8.
- Player 2 never bets after a check: no history of "X:pb" is reached by player 2, pi_{-1} = 0, so
  every value and regret there is 0.
"""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.games import KuhnPoker
from lessons_lib.policy import two_action_policy, uniform_policy
from lessons_lib.widgets.counterfactual import counterfactual_explorer

GAME = KuhnPoker()


def bet_regret(app, key: str) -> float:
    return float(app.state["values"].regrets[key][1])


def test_controls_are_player_2s_information_sets_and_the_convention() -> None:
    app = counterfactual_explorer()
    assert list(app.controls) == [*GAME.info_sets_of(2), "include_chance"]
    assert len(app.images) == 2 and all(image.value for image in app.images)


def test_default_regret_of_betting_is_one_eighth() -> None:
    app = counterfactual_explorer()
    for key in ("J:", "Q:", "K:"):
        assert bet_regret(app, key) == pytest.approx(1 / 8)
    assert "<b>J:</b> check -0.125 / bet +0.125" in app.status.value


def test_a_player_2_who_never_calls_makes_betting_j_regretted_more() -> None:
    app = counterfactual_explorer()
    before_status, before_image = app.status.value, app.images[1].value
    app.controls["Q:b"].value = 0.0
    app.controls["K:b"].value = 0.0
    assert bet_regret(app, "J:") == pytest.approx(3 / 8)
    assert bet_regret(app, "J:") > 1 / 8
    assert "<b>J:</b> check -0.375 / bet +0.375" in app.status.value
    assert "Largest: bet at J: (+0.375)" in app.status.value
    assert app.status.value != before_status and app.images[1].value != before_image


def test_a_player_2_who_never_bets_after_a_check_leaves_pb_unreached() -> None:
    app = counterfactual_explorer()
    for key in ("J:p", "Q:p", "K:p"):
        app.controls[key].value = 0.0
    values = app.state["values"]
    for key in ("J:pb", "Q:pb", "K:pb"):
        assert values.reach[key] == 0.0
        np.testing.assert_array_equal(values.action_values[key], [0.0, 0.0])
        np.testing.assert_array_equal(values.regrets[key], [0.0, 0.0])


def test_leaving_chance_out_multiplies_by_the_number_of_deals() -> None:
    app = counterfactual_explorer()
    with_chance = app.state["values"]
    app.controls["include_chance"].value = False
    without = app.state["values"]
    assert not without.include_chance
    for key in GAME.info_sets_of(1):
        np.testing.assert_allclose(without.regrets[key], 6 * with_chance.regrets[key])
    assert "bet +0.750" in app.status.value  # 6 * 1/8


def test_regrets_after_a_check_do_not_depend_on_player_1s_first_move() -> None:
    """Counterfactual values at "X:pb" weight by pi_{-1}, which excludes player 1's own choice at
    "X:": a player 1 who never checks (and plays "X:pb" uniformly) has the same regrets there as
    a uniform one, although it never gets there itself."""
    never_checks = {**uniform_policy(GAME), **two_action_policy(GAME, {"J:": 1, "Q:": 1, "K:": 1})}
    uniform = counterfactual_explorer()
    bettor = counterfactual_explorer(player_1_policy=never_checks)
    for app in (uniform, bettor):
        app.controls["K:p"].value = 0.9
    for key in ("J:pb", "Q:pb", "K:pb"):
        np.testing.assert_allclose(
            bettor.state["values"].regrets[key], uniform.state["values"].regrets[key]
        )
        assert bettor.state["values"].own_reach[key] == 0.0
    assert bet_regret(bettor, "J:") != pytest.approx(bet_regret(uniform, "J:"))


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="Kuhn poker"):
        counterfactual_explorer("kuhn")
    with pytest.raises(ValueError, match="no entry for information set"):
        counterfactual_explorer(player_1_policy={"J:": [0.5, 0.5]})


def test_app_displays_as_a_widget() -> None:
    bundle = counterfactual_explorer()._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
