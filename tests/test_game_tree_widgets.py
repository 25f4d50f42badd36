"""The tree explorer of Chapter 2, driven from Python like a reader would drive it."""

import pytest

from lessons_lib.widgets.game_tree import game_tree_explorer

J, Q, K = 0, 1, 2


def action_buttons(app):
    return [app.buttons["p"], app.buttons["b"]]


def test_explorer_starts_where_asked_and_names_the_other_history():
    app = game_tree_explorer(deal=(Q, K), actions="pb")
    status = app.status.value
    # Player 1 holds Q, checked and faces a bet; player 2 may hold J or K, and holds K.
    assert "<b>Q:pb</b>" in status and "<code>QJ:pb</code>" in status
    assert [b.description for b in action_buttons(app)] == ["fold (p)", "call (b)"]
    assert bytes(app.images[0].value).startswith(b"\x89PNG")


def test_calling_ends_the_hand_and_disables_the_actions():
    app = game_tree_explorer(deal=(Q, K), actions="pb")
    before = app.images[0].value
    app.buttons["b"].click()
    assert app.state["actions"] == "pbb"
    # A showdown for 2 chips each, won by the king.
    assert "player 2 wins 2 chips" in app.status.value and "-2" in app.status.value
    assert all(b.disabled for b in action_buttons(app))
    assert app.images[0].value != before
    app.buttons["b"].click()  # a disabled action does nothing, even if clicked from code
    assert app.state["actions"] == "pbb"


def test_changing_the_deal_keeps_the_betting_and_moves_the_information_set():
    app = game_tree_explorer(deal=(Q, K), actions="")
    assert app.buttons["back"].disabled
    app.controls["deal"].value = (K, J)
    app.buttons["p"].click()
    # Player 2 holds J after a check; player 1 may hold Q or K.
    assert app.state["actions"] == "p"
    assert "<b>J:p</b>" in app.status.value and "<code>QJ:p</code>" in app.status.value
    assert [b.description for b in action_buttons(app)] == ["check (p)", "bet (b)"]
    assert not app.buttons["back"].disabled


def test_jumping_to_an_ending_then_stepping_back():
    app = game_tree_explorer(deal=(J, K), actions="")
    app.controls["ending"].value = "bp"
    assert app.state["actions"] == "bp"
    assert "player 1 wins 1 chip " in app.status.value  # the bluff worked: K folded
    app.buttons["back"].click()
    assert app.state["actions"] == "b" and app.controls["ending"].value == ""
    assert "<b>K:b</b>" in app.status.value and "<code>QK:b</code>" in app.status.value
    app.buttons["restart"].click()
    assert app.state["actions"] == "" and "<b>J:</b>" in app.status.value


def test_explorer_refuses_a_bad_start():
    with pytest.raises(ValueError, match="not a deal"):
        game_tree_explorer(deal=(Q, Q))
    with pytest.raises(ValueError, match="not an action sequence"):
        game_tree_explorer(actions="bb b")
