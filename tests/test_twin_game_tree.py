"""The in-page twin of the game-tree explorer (Chapter 2), driven in Chromium beside the app.

Every move is made twice, once on the twin (a click, a menu choice, a key press) and once on the
app; then what the twin shows (its status line, its buttons, its menus, the tree's title, the
thick path, the ringed information set, the legend) must be what the app shows and what the
app's figure was asked to draw (``game_tree_figure`` is wrapped to record its arguments).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.figure import Figure
from twin_harness import ROOT, open_twin, state

from lessons_lib.games import KuhnPoker
from lessons_lib.games.base import History
from lessons_lib.plots.game_tree import tree_layout
from lessons_lib.widgets import game_tree as module
from lessons_lib.widgets.game_tree import game_tree_data, game_tree_explorer

GAME = KuhnPoker()
J, Q, K = 0, 1, 2
DEALS = [tuple(d) for d, _ in GAME.deals()]
SCREENSHOTS = ROOT / "_build" / "screenshots"


@pytest.fixture
def drawn(monkeypatch):
    """The arguments of the app's latest figure: the highlighted history, the ring, the title."""
    calls: list[dict] = []

    def spy(game, **kwargs):
        calls.append(kwargs)
        return Figure(figsize=(1, 1))  # the app's own figure: tests/test_game_tree_widgets.py

    monkeypatch.setattr(module, "game_tree_figure", spy)
    return calls


@pytest.fixture
def pair(chromium, tmp_path, drawn):
    app = game_tree_explorer(GAME, deal=(Q, K), actions="pb")
    page = open_twin(chromium, app, tmp_path)
    yield page, app
    assert not page.errors, page.errors
    page.close()


def same(page, app, drawn) -> dict:
    """Check that the twin shows what the app shows; the twin's state."""
    shown = state(page)
    history = History(app.controls["deal"].value, app.state["actions"])
    assert shown["actions"] == app.state["actions"]
    assert DEALS[shown["deal"]] == app.controls["deal"].value
    assert shown["ending"] == app.controls["ending"].value
    assert shown["status_html"] == app.status.value
    buttons = [app.buttons[a] for a in ("p", "b", "back", "restart")]
    assert [(b["label"], b["disabled"]) for b in shown["buttons"]] == [
        (b.description, b.disabled) for b in buttons
    ]
    figure = drawn[-1]
    assert figure["highlight"] == history
    assert shown["title"] == figure["title"]
    assert shown["label"] == GAME.label(history)
    assert shown["key"] == figure["info_set"]
    # The thick path: the chance edge, then one edge per action, ending at the history.
    assert shown["path"] == [
        GAME.label(History(history.deal, history.actions[:t]))
        for t in range(len(history.actions) + 1)
    ]
    if figure["info_set"] is None:
        assert shown["ringed"] == [] and shown["payoff"] == GAME.payoff(history)
        assert page.locator(".twin-tree-ring[data-node]").count() == 0
        assert page.locator(".twin-tree-bracket, .twin-tree-key").count() == 0
    else:
        members = [GAME.label(h) for h in GAME.histories_in(figure["info_set"])]
        assert shown["ringed"] == members and GAME.label(history) in members
        assert page.locator(".twin-tree-ring[data-node]").count() == len(members)
        # The dashed bracket: one upright, one tick per history, and the key written along it.
        assert page.locator(".twin-tree-bracket").count() == len(members) + 1
        assert page.locator(".twin-tree-key").all_text_contents() == [figure["info_set"]]
    expected_legend = ["player 1 decides", "player 2 decides", "end of the hand", "what happened"]
    if figure["info_set"] is not None:
        expected_legend.append(f"information set {figure['info_set']}")
    assert shown["legend"] == expected_legend
    return shown


def click(page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()


def test_the_start_is_the_apps(pair, drawn) -> None:
    page, app = pair
    shown = same(page, app, drawn)
    assert shown["label"] == "QK:pb" and shown["ringed"] == ["QJ:pb", "QK:pb"]
    assert page.get_by_label("deal").input_value() == str(DEALS.index((Q, K)))


def test_every_button_moves_as_the_apps_do(pair, drawn) -> None:
    page, app = pair
    moves = [
        ("call (b)", "b"),  # QK:pbb, the end: both action buttons off, with their last names
        ("back", "back"),
        ("fold (p)", "p"),
        ("restart", "restart"),
        ("bet (b)", "b"),
        ("call (b)", "b"),
        ("back", "back"),
        ("back", "back"),
        ("check (p)", "p"),
        ("check (p)", "p"),
    ]
    for label, button in moves:
        click(page, label)
        app.buttons[button].click()
        same(page, app, drawn)
    assert state(page)["terminal"] and state(page)["label"] == "QK:pp"
    assert page.get_by_role("button", name="check (p)").is_disabled()


@pytest.mark.parametrize("deal", DEALS)
def test_each_deal_and_each_ending(pair, drawn, deal) -> None:
    page, app = pair
    page.get_by_label("deal").select_option(str(DEALS.index(deal)))
    app.controls["deal"].value = deal
    same(page, app, drawn)
    for ending in GAME.terminal_action_sequences():
        page.get_by_label("jump to").select_option(ending)
        app.controls["ending"].value = ending
        shown = same(page, app, drawn)
        assert shown["terminal"] and shown["actions"] == ending
    # A move from an ending leaves the menu at "step by step", as the app does.
    click(page, "back")
    app.buttons["back"].click()
    assert same(page, app, drawn)["ending"] == ""
    click(page, "restart")
    app.buttons["restart"].click()
    same(page, app, drawn)


def test_every_history_has_the_apps_status(drawn) -> None:
    """The status the twin shows at each of the 54 histories is the app's there."""
    data = game_tree_data(GAME, (Q, K), "pb")
    assert len(data["nodes"]) == len(GAME.tree.histories) == 54
    for node in data["nodes"]:
        deal = DEALS[node["deal"]]
        app = game_tree_explorer(GAME, deal=deal, actions=node["actions"])
        assert node["status"] == app.status.value


def test_the_drawing_is_the_librarys_layout(pair) -> None:
    page, _app = pair
    layout = tree_layout(GAME, tuple(DEALS), with_chance=True)
    nodes = page.evaluate(
        "() => [...document.querySelectorAll('.twin-tree [data-node]:not(.twin-tree-ring)')]"
        ".map(n => [Number(n.dataset.node), n.tagName, Number(n.getAttribute('cx') ?? "
        "Number(n.getAttribute('x')) + 4), Number(n.getAttribute('cy') ?? "
        "Number(n.getAttribute('y')) + 4)])"
    )
    histories = list(layout.position)
    assert sorted(n[0] for n in nodes) == list(range(len(histories)))
    for number, tag, x, y in nodes:
        h = histories[number]
        assert tag == ("rect" if GAME.is_terminal(h) else "circle")
        column, row = layout.position[h]
        # One column is 150 pixels, one row 18, from the corner (84, 66).
        assert (x, y) == pytest.approx((84 + 150 * column, 66 - 18 * row))
    payoffs = page.locator(".twin-tree-payoff").all_text_contents()
    assert payoffs == [
        f"{GAME.payoff(h):+g}".replace("-", "\N{MINUS SIGN}") for h in layout.terminals
    ]
    headings = page.locator(".twin-tree-heading").all_text_contents()
    assert headings == list(layout.columns.values())


def test_the_controls_work_from_the_keyboard(pair, drawn) -> None:
    page, app = pair
    page.get_by_role("button", name="restart").focus()
    page.keyboard.press("Enter")
    app.buttons["restart"].click()
    page.get_by_role("button", name="bet (b)").focus()
    page.keyboard.press("Space")
    app.buttons["b"].click()
    same(page, app, drawn)
    page.get_by_label("deal").focus()
    page.keyboard.press("ArrowDown")  # the next deal: K vs J
    app.controls["deal"].value = DEALS[DEALS.index((Q, K)) + 1]
    same(page, app, drawn)
    page.get_by_label("jump to").focus()
    page.keyboard.press("ArrowDown")  # the first ending
    app.controls["ending"].value = GAME.terminal_action_sequences()[0]
    same(page, app, drawn)


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    page.locator(".book-twin").screenshot(path=path)
    return path


@pytest.mark.parametrize("dark", [False, True])
def test_screenshots_light_and_dark(chromium, tmp_path, drawn, dark) -> None:
    app = game_tree_explorer(GAME, deal=(Q, K), actions="pb")
    page = open_twin(chromium, app, tmp_path, dark=dark)
    click(page, "back")
    click(page, "back")
    click(page, "bet (b)")  # QK:b: player 2's information set K:b, joining JK:b and QK:b
    assert state(page)["ringed"] == ["JK:b", "QK:b"]
    path = screenshot(page, f"twin-game-tree-{'dark' if dark else 'light'}.png")
    assert path.stat().st_size > 10_000
    assert not page.errors, page.errors
    page.close()


def test_bad_data_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="not a deal"):
        game_tree_data(GAME, (Q, Q), "")
    with pytest.raises(ValueError, match="not an action sequence"):
        game_tree_data(GAME, (Q, K), "bb b")


def test_a_four_card_game(chromium, tmp_path, drawn) -> None:
    """The twin reads the tree from its data, so Kuhn poker with four cards (12 deals) works too."""
    game = KuhnPoker(n_cards=4)
    app = game_tree_explorer(game, deal=(3, 0), actions="")
    page = open_twin(chromium, app, tmp_path)
    assert page.locator(".twin-tree circle[data-node]:not(.twin-tree-ring)").count() == 4 * 12
    for label, button in (("bet (b)", "b"), ("fold (p)", "p"), ("back", "back")):
        click(page, label)
        app.buttons[button].click()
        shown = state(page)
        assert shown["status_html"] == app.status.value
        assert shown["title"] == drawn[-1]["title"]
    assert state(page)["ringed"] == [game.label(h) for h in game.histories_in("T:b")]
    assert not page.errors, page.errors
    page.close()
