"""The demo of Chapter 2: walk through the game tree of Kuhn poker, one action at a time.

Pick a deal, then take actions with the buttons (or jump straight to an ending). The figure is the
whole tree with the path taken so far drawn thick; at a decision node the acting player's
information set is ringed, so the other histories that player cannot tell apart from the real one
are visible in the other deals. The status line says the same in words.

On the static site the app's twin (``book/_static/twin-game-tree.js``) draws the same tree as SVG
from :func:`game_tree_data`: the library's layout and every text the app shows, history by history.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import ipywidgets as widgets
from matplotlib.figure import Figure

from lessons_lib.games.base import Deal, Game, History
from lessons_lib.games.kuhn import KuhnPoker
from lessons_lib.plots.game_tree import action_name, game_tree_figure, tree_layout
from lessons_lib.plots.style import CHANCE_COLOUR, PLAYER_COLOURS, REFERENCE_COLOUR
from lessons_lib.validation import check_instance, describe
from lessons_lib.widgets.app import App
from lessons_lib.widgets.twins import fraction_text


def game_tree_explorer(game: Game | None = None, deal: Deal = (1, 2), actions: str = "pb") -> App:
    """Explore the game tree of ``game`` (Kuhn poker by default) from ``deal`` and ``actions``.

    Controls: the deal, and an ending to jump to. Buttons: one per action (named check, bet, fold
    or call by :func:`~lessons_lib.plots.game_tree.action_name`), "back" and "restart". The app's
    ``state["actions"]`` is the public action sequence taken so far.
    """
    game = KuhnPoker() if game is None else game
    check_instance(game, Game, "game", "a Game (such as KuhnPoker())")
    if not (isinstance(deal, tuple) and game.is_deal(deal)):
        raise ValueError(f"deal {describe(deal)} is not a deal of {game!r}")
    if not isinstance(actions, str):
        raise ValueError(
            f"actions must be a string of actions such as 'pb', got {describe(actions)}"
        )
    start = game.initial_history(deal)  # ValueError for a deal the game does not have
    if History(start.deal, actions) not in game.tree.index:
        raise ValueError(
            f"actions {describe(actions)} is not an action sequence of {game!r} after deal {deal!r}"
        )
    state: dict[str, object] = {"actions": actions}
    deals = [tuple(d) for d, _ in game.deals()]
    endings = game.terminal_action_sequences()
    controls = {
        "deal": widgets.Dropdown(
            options=[(_deal_name(game, d), d) for d in deals],
            value=tuple(start.deal),
            description="deal",
        ),
        "ending": widgets.Dropdown(
            options=[("step by step", "")] + [(_ending_name(game, e), e) for e in endings],
            value="",
            description="jump to",
        ),
    }
    every_action = tuple(
        dict.fromkeys(a for h in game.decision_histories() for a in game.legal_actions(h))
    )
    buttons = {action: widgets.Button(description=action) for action in every_action}
    buttons["back"] = widgets.Button(description="back", icon="undo")
    buttons["restart"] = widgets.Button(description="restart", button_style="warning")

    def current() -> History:
        return History(controls["deal"].value, str(state["actions"]))

    # These observers are registered before the App's own, so the state is up to date when the
    # App redraws.
    def on_deal(_change: object) -> None:
        if current() not in game.tree.index:  # the same public actions may not exist in every game
            state["actions"] = ""

    def on_ending(change: Mapping[str, object]) -> None:
        if change["new"]:
            state["actions"] = change["new"]

    controls["deal"].observe(on_deal, names="value")
    controls["ending"].observe(on_ending, names="value")

    def render(_values: Mapping[str, object]) -> tuple[list[Figure], str]:
        history = current()
        terminal = game.is_terminal(history)
        key = None if terminal else game.info_set_key(history)
        for action in every_action:
            button = buttons[action]
            legal = not terminal and action in game.legal_actions(history)
            button.disabled = not legal
            if legal:
                button.description = f"{action_name(game, history, action)} ({action})"
        buttons["back"].disabled = not history.actions
        figure = game_tree_figure(
            game,
            highlight=history,
            info_set=key,
            title=f"{_label(game, history)}: the path so far in the whole tree",
        )
        return [figure], _status(game, history)

    app = App(controls, render, buttons=buttons)
    app.state = state
    app.twin = ("game-tree", game_tree_data(game, tuple(start.deal), actions))

    def moved_to(actions_now: str) -> None:
        state["actions"] = actions_now
        if controls["ending"].value:
            controls["ending"].value = ""  # the App redraws when a control changes
        else:
            app.refresh()

    def on_action(action: str) -> Callable[[widgets.Button], None]:
        def handler(_button: widgets.Button) -> None:
            history = current()
            if game.is_terminal(history) or action not in game.legal_actions(history):
                return
            moved_to(game.next_history(history, action).actions)

        return handler

    for action in every_action:
        buttons[action].on_click(on_action(action))
    buttons["back"].on_click(lambda _button: moved_to(str(state["actions"])[:-1]))
    buttons["restart"].on_click(lambda _button: moved_to(""))
    return app


def game_tree_data(game: Game, deal: Deal, actions: str) -> dict[str, object]:
    """What the twin of :func:`game_tree_explorer` needs to draw the whole tree and walk it.

    ``nodes`` lists every history in the layout's order (:func:`~lessons_lib.plots.game_tree.
    tree_layout` with the chance node; ``x`` is the column, ``y`` minus the row) with its label,
    the app's status text and, at a decision node, the acting player, the information-set key and
    the children (the action, the button's text and the child's index); at a terminal node, the
    payoff to player 1. ``info_sets`` maps each key to the indices of its histories. The deals,
    the endings (with the app's names for both menus), the column headings, the chance node and
    the book's colours complete it; ``start`` is where the app starts (``deal`` and ``actions``).
    """
    check_instance(game, Game, "game", "a Game (such as KuhnPoker())")
    deals = tuple(tuple(d) for d, _ in game.deals())
    if not isinstance(deal, tuple) or deal not in deals:
        raise ValueError(f"{deal!r} is not a deal of {game!r}")
    layout = tree_layout(game, deals, with_chance=True)
    index = {history: number for number, history in enumerate(layout.position)}
    if History(tuple(deal), actions) not in index:
        raise ValueError(
            f"actions {describe(actions)} is not an action sequence of {game!r} after deal {deal!r}"
        )
    nodes: list[dict[str, object]] = []
    for history, (x, y) in layout.position.items():
        node: dict[str, object] = {
            "deal": deals.index(tuple(history.deal)),
            "actions": history.actions,
            "label": _label(game, history),
            "x": x,
            "y": y,
            "status": _status(game, history),
        }
        if game.is_terminal(history):
            node["payoff"] = game.payoff(history)
        else:
            node["player"] = game.player_to_act(history)
            node["key"] = game.info_set_key(history)
            node["children"] = [
                {
                    "action": a,
                    "button": f"{action_name(game, history, a)} ({a})",
                    "node": index[game.next_history(history, a)],
                }
                for a in game.legal_actions(history)
            ]
        nodes.append(node)
    probability = dict(game.deals())
    card_name = getattr(game, "card_name", str)
    every_action = dict.fromkeys(
        a for h in game.decision_histories() for a in game.legal_actions(h)
    )
    return {
        "nodes": nodes,
        "roots": [index[game.initial_history(d)] for d in deals],
        "info_sets": {key: [index[h] for h in game.histories_in(key)] for key in game.info_sets()},
        "deals": [
            {
                "name": _deal_name(game, d),
                "cards": [card_name(rank) for rank in d],
                "probability": fraction_text(probability[d]),
            }
            for d in deals
        ],
        "endings": [[e, _ending_name(game, e)] for e in game.terminal_action_sequences()],
        "actions": list(every_action),
        "columns": [[x, heading] for x, heading in layout.columns.items()],
        "chance": list(layout.chance),
        "rows": layout.n_rows,
        "players": list(game.players),
        "start": {"deal": deals.index(tuple(deal)), "actions": actions},
        "player_colours": {str(p): colour for p, colour in PLAYER_COLOURS.items()},
        "chance_colour": CHANCE_COLOUR,
        "heading_colour": REFERENCE_COLOUR,
    }


def _status(game: Game, history: History) -> str:
    """The history in words: what happened, who acts and what they know, or the payoff."""
    happened = f"<code>{_label(game, history)}</code>: {_describe_history(game, history)}."
    if game.is_terminal(history):
        payoff = game.payoff(history)
        if payoff == 0:
            result = "nobody wins a chip"
        else:
            winner = 1 if payoff > 0 else 2
            result = f"player {winner} wins {abs(payoff):g} chip{'s' if abs(payoff) != 1 else ''}"
        return f"{happened} The hand is over: {result} (payoff to player 1: {payoff:+g})."
    key = game.info_set_key(history)
    actor = game.player(key)
    others = [f"<code>{_label(game, h)}</code>" for h in game.histories_in(key) if h != history]
    these = "the two histories" if len(others) == 1 else "these histories"
    seen = (
        f"Player {actor} acts at information set <b>{key}</b> ({game.describe(key)}) and cannot "
        f"tell this history apart from {_join(others)}: {these} differ only in player "
        f"{3 - actor}'s card."
    )
    return f"{happened} {seen}"


def _label(game: Game, history: History) -> str:
    label = getattr(game, "label", None)
    return label(history) if callable(label) else f"{history.deal}:{history.actions}"


def _describe_history(game: Game, history: History) -> str:
    describe = getattr(game, "describe_history", None)
    return describe(history) if callable(describe) else f"actions {history.actions!r}"


def _deal_name(game: Game, deal: Deal) -> str:
    card_name = getattr(game, "card_name", None)
    names = [card_name(rank) if callable(card_name) else str(rank) for rank in deal]
    return " vs ".join(names)


def _ending_name(game: Game, ending: str) -> str:
    """An ending in words, e.g. ``"pbb: check, bet, call"``."""
    words = []
    for t, action in enumerate(ending):
        # Any deal will do: the names depend on the public actions only.
        before = History(tuple(game.deals()[0][0]), ending[:t])
        words.append(action_name(game, before, action))
    return f"{ending}: {', '.join(words)}"


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items) or "no other history"
    return ", ".join(items[:-1]) + " or " + items[-1]
