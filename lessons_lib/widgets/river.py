"""Explore a solved river: pick a bet size and a hand class, and see the equilibrium strategy.

The spot is one river (board, ranges, pot, stack) solved once per entry of a small bet menu
(:data:`SIZE_MENU`): player 1 may check or make *one* bet of that size (or go all-in only), and the
players may raise by the pot (or all-in), as in :class:`~lessons_lib.holdem.river.RiverGame`.
:func:`solve_menu` solves each entry with DCFR to a target exploitability; :func:`summarise`
keeps what the demo shows, per hand class of the 13 x 13 grid: how often player 1 takes each
action at the root, and how often player 2 takes each action facing the bet (range-weighted means
over the class's combos, :func:`~lessons_lib.holdem.cards.grid_means`).

:func:`river_explorer` shows, for the chosen size, the grid coloured by player 1's betting
frequency or by player 2's calling frequency (:func:`~lessons_lib.plots.holdem.range_grid_figure`)
and the chosen class's action frequencies. Its twin on the static site (``"river"``,
``book/_static/twin-river.js``) receives the same summaries (:func:`river_data`), so it only
displays numbers the library computed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import ipywidgets as widgets
import numpy as np
from matplotlib.colors import to_hex

from lessons_lib.holdem.cards import grid_means, grid_names
from lessons_lib.holdem.river import RiverGame
from lessons_lib.holdem.solver import RiverSolver, solve_river
from lessons_lib.plots.holdem import EMPTY_CELL, GRID_COLOURMAPS, range_grid_figure
from lessons_lib.plots.style import PLAYER_COLOURS
from lessons_lib.validation import (
    check_choice,
    check_instance,
    check_number,
    describe,
    mapping_of,
)
from lessons_lib.widgets.app import App

#: The demo's bet menu: a label and the bet sizes of that entry's game (empty: all-in only).
SIZE_MENU: dict[str, tuple[float, ...]] = {
    "33%": (0.33,),
    "75%": (0.75,),
    "150%": (1.5,),
    "all-in only": (),
}
#: What the grid can show: (label, player, which decision).
VIEWS = ("player 1: bet", "player 2: call the bet")
#: The class the demo starts with.
DEFAULT_HAND = "AQo"


@dataclass(frozen=True)
class RiverSummary:
    """What the demo shows of one solved river, by hand class (13 x 13 grids, aces first).

    ``root`` maps each of player 1's first actions to its grid of frequencies; ``facing`` maps each
    of player 2's actions facing the bet to its grid; ``present[i]`` marks the classes in player
    i's range; ``bet`` is the name of the bet action, and the solve's iterations and
    exploitability (in percent of the pot) are kept to be reported.
    """

    label: str
    bet: str
    root: dict[str, np.ndarray]
    facing: dict[str, np.ndarray]
    present: dict[int, np.ndarray]
    iterations: int
    exploitability_percent: float


def menu_game(board: str, ranges: Sequence[str], pot: float, stack: float, label: str) -> RiverGame:
    """The river of one menu entry: one bet size (or all-in only), pot-sized raises, at most
    two raises."""
    label = check_choice(label, SIZE_MENU, "label")
    sizes = SIZE_MENU[label]
    return RiverGame(
        board,
        ranges,
        pot,
        stack,
        bet_sizes=sizes,
        raise_size=1.0,
        max_raises=2,
        all_in=not sizes,
    )


def summarise(label: str, solver: RiverSolver) -> RiverSummary:
    """The per-class frequencies of ``solver``'s average strategy (module docstring)."""
    check_instance(label, str, "label", "a menu label (a string)")
    if not isinstance(solver, RiverSolver):
        raise ValueError(f"solver must be a RiverSolver, got {describe(solver)}")
    game = solver.game
    root_actions, root_table = solver.strategy_at("root")
    bet = root_actions[1]
    facing_actions, facing_table = solver.strategy_at(bet)
    grids = {}
    for player, actions, table in (
        (1, root_actions, root_table),
        (2, facing_actions, facing_table),
    ):
        grids[player] = {
            action: grid_means(game.combos[player], row, game.weights[player])[0]
            for action, row in zip(actions, table, strict=True)
        }
    present = {
        i: grid_means(game.combos[i], game.weights[i], game.weights[i])[1] > 0 for i in (1, 2)
    }
    return RiverSummary(
        label, bet, grids[1], grids[2], present, solver.iteration, solver.exploitability_percent()
    )


def solve_menu(
    board: str,
    ranges: Sequence[str],
    pot: float,
    stack: float,
    target_percent: float = 0.3,
    labels: Sequence[str] = tuple(SIZE_MENU),
) -> dict[str, RiverSummary]:
    """Solve every entry of the menu with DCFR to ``target_percent`` of the pot; the summaries."""
    if isinstance(labels, (str, bytes)) or not isinstance(labels, Sequence) or not labels:
        raise ValueError(f"labels must be a non-empty list of menu labels, got {describe(labels)}")
    for label in labels:
        check_choice(label, SIZE_MENU, "label")
    check_number(target_percent, "target_percent", minimum=0.0, open_minimum=True)
    summaries = {}
    for label in labels:
        game = menu_game(board, ranges, pot, stack, label)
        solver, _ = solve_river(game, "dcfr", target_percent, max_iterations=5000)
        summaries[label] = summarise(label, solver)
    return summaries


def view_grid(summary: RiverSummary, view: str) -> tuple[np.ndarray, np.ndarray, int, str]:
    """The grid a view shows: (frequencies, classes present, player, colour-bar label)."""
    check_instance(summary, RiverSummary, "summary", "a RiverSummary")
    view = check_choice(view, VIEWS, "view")
    if view == VIEWS[0]:
        return summary.root[summary.bet], summary.present[1], 1, f"P({summary.bet})"
    return summary.facing["call"], summary.present[2], 2, f"P(call | {summary.bet})"


def grid_title(summary: RiverSummary, view: str) -> str:
    """The grid's title: which player, which decision, which menu entry."""
    check_instance(summary, RiverSummary, "summary", "a RiverSummary")
    if check_choice(view, VIEWS, "view") == VIEWS[0]:
        return f"Player 1's first action: how often each hand bets ({summary.label} menu)"
    return f"Player 2 facing {summary.bet}: how often each hand calls"


def status_html(summary: RiverSummary, hand: str) -> str:
    """The status line: the solve's quality, then ``hand``'s frequencies at both decisions."""
    check_instance(summary, RiverSummary, "summary", "a RiverSummary")
    row, column = _cell(hand)
    lines = [
        f"Menu {summary.label}: solved by DCFR to {summary.exploitability_percent:.3f}% of the "
        f"pot in {summary.iterations} iterations."
    ]
    for player, frequencies, where in (
        (1, summary.root, "first to act"),
        (2, summary.facing, f"facing {summary.bet}"),
    ):
        if not summary.present[player][row, column]:
            lines.append(f"Player {player} ({where}): {hand} is not in the range.")
            continue
        parts = ", ".join(
            f"{action} {100 * grid[row, column]:.1f}%" for action, grid in frequencies.items()
        )
        lines.append(f"Player {player} ({where}) with {hand}: {parts}.")
    return "<br>".join(lines)


def _cell(hand: str) -> tuple[int, int]:
    """The (row, column) of class ``hand`` in the grid."""
    for r, names in enumerate(grid_names()):
        if isinstance(hand, str) and hand in names:
            return r, names.index(hand)
    raise ValueError(
        f"hand must be a class of the 13 x 13 grid such as 'AKs', got {describe(hand)}"
    )


def river_explorer(
    summaries: Mapping[str, RiverSummary], label: str = "75%", hand: str = DEFAULT_HAND
) -> App:
    """A menu of bet sizes, a view and a hand class; the grid of that view and the hand's
    frequencies (module docstring). ``summaries`` come from :func:`solve_menu`."""
    _check_summaries(summaries)
    label = check_choice(label, list(summaries), "label")
    _cell(hand)
    names = [name for row in grid_names() for name in row]
    style = {"description_width": "initial"}
    controls = {
        "size": widgets.Dropdown(
            options=list(summaries), value=label, description="bet size", style=style
        ),
        "view": widgets.Dropdown(
            options=list(VIEWS), value=VIEWS[0], description="grid", style=style
        ),
        "hand": widgets.Dropdown(options=names, value=hand, description="hand", style=style),
    }

    def render(values: Mapping[str, object]) -> tuple[list, str]:
        summary = summaries[str(values["size"])]
        grid, present, player, bar = view_grid(summary, str(values["view"]))
        figure = range_grid_figure(
            grid, grid_title(summary, str(values["view"])), bar, player, present
        )
        return [figure], status_html(summary, str(values["hand"]))

    app = App(controls, render)
    app.twin = ("river", river_data(summaries, label, hand))
    return app


def river_data(summaries: Mapping[str, RiverSummary], label: str, hand: str) -> dict[str, object]:
    """What the twin of :func:`river_explorer` needs: per menu entry, the frequencies of every
    class at both decisions, the grids' colours (the library's colour map), titles and labels."""
    _check_summaries(summaries)
    label = check_choice(label, list(summaries), "label")
    _cell(hand)
    names = grid_names()
    entries = []
    for summary in summaries.values():
        views = []
        for view in VIEWS:
            grid, present, player, bar = view_grid(summary, view)
            colours = [
                [
                    to_hex(GRID_COLOURMAPS[player](grid[r, c])) if present[r, c] else EMPTY_CELL
                    for c in range(13)
                ]
                for r in range(13)
            ]
            views.append(
                {
                    "title": grid_title(summary, view),
                    "bar": bar,
                    "player": player,
                    "values": grid.tolist(),
                    "present": present.tolist(),
                    "colours": colours,
                    "dark": (present & (grid > 0.6)).tolist(),
                }
            )
        entries.append(
            {
                "label": summary.label,
                "bet": summary.bet,
                "iterations": summary.iterations,
                "exploitability_percent": summary.exploitability_percent,
                "root": [[a, g.tolist()] for a, g in summary.root.items()],
                "facing": [[a, g.tolist()] for a, g in summary.facing.items()],
                "present": {str(i): summary.present[i].tolist() for i in (1, 2)},
                "views": views,
            }
        )
    return {
        "entries": entries,
        "start": list(summaries).index(label),
        "views": list(VIEWS),
        "names": names,
        "hand": hand,
        "player_colours": {str(p): colour for p, colour in PLAYER_COLOURS.items()},
    }


def _check_summaries(summaries: object) -> None:
    """Refuse anything but a non-empty mapping of menu labels to :class:`RiverSummary`."""
    mapping_of(summaries, "summaries")
    if not summaries or not all(isinstance(s, RiverSummary) for s in summaries.values()):
        raise ValueError(
            f"summaries must map menu labels to RiverSummary, got {describe(summaries)}"
        )
