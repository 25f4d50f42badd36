"""Explore a solved river: pick a decision node by its action path and a hand class, and see the
equilibrium strategy there, as solver apps show it.

The spot is one river (board, ranges, pot, stack, a bet menu with raises) solved once
(:class:`~lessons_lib.holdem.river.RiverGame`, :func:`~lessons_lib.holdem.solver.solve_river`).
:func:`summarise` keeps what the demo shows of every decision node (up to a depth), per hand class
of the 13 x 13 grid, all in tenths of a percent (integers from 0 to 1000, rounded once, so that
the app and its twin show the same digits):

- the *mix*: how often the class takes each action at the node, the mean of its combos'
  probabilities weighted by their reach there, ``sum_h pi_i(k, h) sigma(k, h, a) /
  sum_h pi_i(k, h)`` over the class's combos h (``pi_i(k, h)``: the range weight times the
  probabilities of the acting player's own actions on the path to node k, under the average
  strategy; :func:`~lessons_lib.holdem.cards.grid_means`);
- the class's *reach*: ``sum_h pi_i(k, h) / sum_h w_i(h)``, the share of it that gets there;
- the node's *overall* action shares over the acting player's whole range there, and the share
  of that range that gets there.

A class that gets to the node with less than 0.05% of its weight (reach 0 after rounding) has no
mix: its strategy there is never played. :func:`river_explorer` shows a node's grid, each cell the
class's whole mix as a horizontal stacked bar as tall as its reach
(:func:`~lessons_lib.plots.holdem.action_mix_grid_figure`), and one line of text with the chosen
class's mix. Its twin on the static site (``"river"``, ``book/_static/twin-river.js``) receives the
same summary (:func:`river_data`), so it only displays numbers the library computed.

Player 1 acts first on the river: it is *out of position* (OOP); player 2, who acts last, is *in
position* (IP). The single-size menus (:data:`SIZE_MENU`, :func:`menu_game`) are the chapter's
polarisation study.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure

from lessons_lib.holdem.cards import grid_means, grid_names
from lessons_lib.holdem.river import RiverGame
from lessons_lib.holdem.solver import RiverSolver
from lessons_lib.plots.holdem import (
    EMPTY_CELL,
    MIX_BAR_HEIGHT,
    MIX_CELL,
    MIX_GRID_LINE,
    action_mix_grid_figure,
    mix_colours,
)
from lessons_lib.validation import (
    check_choice,
    check_instance,
    check_integer,
    check_number,
    describe,
)
from lessons_lib.widgets.app import App

#: The chapter's single-size menus: a label and the bet sizes of that entry's game (empty: all-in
#: only).
SIZE_MENU: dict[str, tuple[float, ...]] = {
    "33%": (0.33,),
    "75%": (0.75,),
    "150%": (1.5,),
    "all-in only": (),
}
#: The players as the demo names them: player 1 acts first (out of position).
PLAYER_NAMES = {1: "player 1 (OOP)", 2: "player 2 (IP)"}
#: The class the demo starts with.
DEFAULT_HAND = "AQo"
#: Frequencies are kept in tenths of a percent: 1000 is certainty.
WHOLE = 1000


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


@dataclass(frozen=True, eq=False)  # arrays: equal summaries are the same object
class NodeSummary:
    """One decision node of a solved river, by hand class (module docstring), in tenths of a
    percent: ``mix[a, r, c]`` is class (r, c)'s probability of ``actions[a]``, ``reach[r, c]`` the
    share of the class that gets here, ``overall[a]`` the acting player's whole range's
    probability of ``actions[a]`` here and ``range_share`` the share of that range that gets
    here. Checked when built or edited (:func:`dataclasses.replace`); its arrays are read-only."""

    path: tuple[str, ...]  # the actions from the root ((): the root)
    player: int  # the player to act
    actions: tuple[str, ...]
    mix: np.ndarray  # (len(actions), 13, 13) integers
    reach: np.ndarray  # (13, 13) integers
    overall: tuple[int, ...]
    range_share: int

    def __post_init__(self) -> None:
        for name, value in _checked_node(self, "node").items():
            object.__setattr__(self, name, value)

    @property
    def name(self) -> str:
        """The node's name in the river's tree: its actions joined by ``" / "`` (``"root"``)."""
        return " / ".join(self.path) or "root"


@dataclass(frozen=True, eq=False)
class RiverSummary:
    """What the demo shows of one solved river (module docstring): the solve's algorithm,
    iterations and exploitability (in percent of the pot), which classes are in each player's
    range (``in_range[i - 1]``, 13 x 13 booleans) and the summaries of its decision nodes, the
    root first, every node after the node it follows. Checked when built or edited
    (:func:`dataclasses.replace`), and again by the demo that receives it."""

    board: str
    algorithm: str
    iterations: int
    exploitability_percent: float
    in_range: np.ndarray  # (2, 13, 13) booleans
    nodes: tuple[NodeSummary, ...]

    def __post_init__(self) -> None:
        for name, value in _checked_summary(self, "summary").items():
            object.__setattr__(self, name, value)


def summarise(solver: RiverSolver, depth: int | None = None) -> RiverSummary:
    """The per-class summary of ``solver``'s average strategy (module docstring) at every
    decision node at most ``depth`` actions deep (None: every decision node)."""
    if not isinstance(solver, RiverSolver):
        raise ValueError(f"solver must be a RiverSolver, got {describe(solver)}")
    if depth is not None:
        depth = check_integer(depth, "depth", minimum=0)
    game, tree = solver.game, solver.tree
    class_weight = {
        i: grid_means(game.combos[i], game.weights[i], game.weights[i])[1] for i in (1, 2)
    }
    nodes = []
    for k in (int(k) for k in np.flatnonzero(tree.player > 0)):
        node = tree.nodes[k]
        if depth is not None and len(node.actions) > depth:
            continue
        i = node.player
        reach = solver.reach_at(node.name)  # w_i(h) pi_i(k, h)
        actions, table = solver.strategy_at(node.name)
        means = [grid_means(game.combos[i], row, reach) for row in table]
        class_reach = _tenths(_ratio(means[0][1], class_weight[i]))
        mix = np.array([_tenths(mean) for mean, _ in means]) * (class_reach > 0)
        total = float(np.add.reduce(reach))
        overall = [float(np.add.reduce(reach * row)) / total if total > 0 else 0.0 for row in table]
        share = total / float(np.add.reduce(game.weights[i]))
        nodes.append(
            NodeSummary(
                node.actions,
                i,
                tuple(actions),
                mix,
                class_reach,
                tuple(int(x) for x in _tenths(np.array(overall))),
                int(_tenths(np.array(share))),
            )
        )
    return RiverSummary(
        game.board_text,
        solver.variant.title,
        solver.iteration,
        solver.exploitability_percent(),
        np.array([class_weight[i] > 0 for i in (1, 2)]),
        tuple(nodes),
    )


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """``numerator / denominator`` where the denominator is positive, else 0."""
    out = np.zeros_like(numerator, dtype=float)
    np.divide(numerator, denominator, out=out, where=denominator > 0)
    return out


def _tenths(share: np.ndarray) -> np.ndarray:
    """A share in [0, 1] in tenths of a percent, rounded to the nearest integer (0 to 1000)."""
    return np.clip(np.rint(WHOLE * share), 0, WHOLE).astype(np.int64)


# Checks of a summary built or edited by hand: a ValueError naming the field, never a KeyError in
# the demo.


def _checked_node(node: object, name: str) -> dict[str, object]:
    """The fields of ``node`` after checking them (frozen: tuples, read-only integer arrays)."""
    check_instance(node, NodeSummary, name, "a NodeSummary (from summarise)")
    path = _names(node.path, f"{name}.path", allow_empty=True)
    player = check_choice(node.player, (1, 2), f"{name}.player")
    actions = _names(node.actions, f"{name}.actions")
    if len(actions) < 2 or len(set(actions)) < len(actions):
        raise ValueError(f"{name}.actions must be two or more distinct actions, got {actions!r}")
    try:
        mix_colours(actions)  # the grid tells at most so many bets and raises apart
    except ValueError as error:
        raise ValueError(f"{name}.actions: {error}") from None
    mix = _integer_array(node.mix, f"{name}.mix", (len(actions), 13, 13))
    reach = _integer_array(node.reach, f"{name}.reach", (13, 13))
    overall = node.overall
    if not (isinstance(overall, (tuple, list)) and all(_is_integer(x) for x in overall)):
        raise ValueError(f"{name}.overall must be a tuple of integers, got {describe(overall)}")
    overall = _integer_array(np.array(overall, dtype=np.int64), f"{name}.overall", (len(actions),))
    range_share = check_integer(node.range_share, f"{name}.range_share", minimum=0, maximum=WHOLE)
    slack = len(actions) / 2  # each rounded share is within half a tenth of a percent
    sums = mix.sum(axis=0)
    played = reach > 0
    if np.any(np.abs(sums[played] - WHOLE) > slack) or np.any(sums[~played] != 0):
        raise ValueError(
            f"{name}.mix must give each class that gets here ({name}.reach > 0) a mix that sums "
            f"to {WHOLE} (up to rounding) and the others none, got sums {describe(sums.tolist())}"
        )
    if overall.sum() != 0 and abs(overall.sum() - WHOLE) > slack:
        raise ValueError(
            f"{name}.overall must sum to {WHOLE} (up to rounding), got {describe(node.overall)}"
        )
    if overall.sum() == 0 and (played.any() or range_share > 0):
        raise ValueError(
            f"{name}: overall shares of 0 say that the node is never reached, while reach or "
            f"range_share say it is, got range_share {range_share!r}"
        )
    return {
        "path": path,
        "player": player,
        "actions": actions,
        "mix": mix,
        "reach": reach,
        "overall": tuple(int(x) for x in overall),
        "range_share": range_share,
    }


def _checked_summary(summary: object, name: str) -> dict[str, object]:
    """The fields of ``summary`` after checking them and how its nodes fit together."""
    check_instance(summary, RiverSummary, name, "a RiverSummary (from summarise)")
    check_instance(summary.board, str, f"{name}.board", "a string")
    check_instance(summary.algorithm, str, f"{name}.algorithm", "a string")
    iterations = check_integer(summary.iterations, f"{name}.iterations", minimum=0)
    percent = check_number(summary.exploitability_percent, f"{name}.exploitability_percent")
    if percent < 0:
        raise ValueError(f"{name}.exploitability_percent must be at least 0, got {percent!r}")
    raw = summary.in_range
    if not (isinstance(raw, np.ndarray) and raw.shape == (2, 13, 13) and raw.dtype == bool):
        raise ValueError(
            f"{name}.in_range must be a (2, 13, 13) array of booleans, got {describe(raw)}"
        )
    in_range = _frozen(raw)
    nodes = summary.nodes
    if isinstance(nodes, (str, bytes)) or not isinstance(nodes, Sequence) or not nodes:
        raise ValueError(
            f"{name}.nodes must be a non-empty list of NodeSummary, got {describe(nodes)}"
        )
    nodes = tuple(nodes)
    seen: dict[tuple[str, ...], NodeSummary] = {}
    for k, node in enumerate(nodes):
        where = f"{name}.nodes[{k}]"
        _checked_node(node, where)  # again: its arrays may have been made writable and edited
        if node.path in seen:
            raise ValueError(f"{where} repeats the path {node.path!r}")
        parent = seen.get(node.path[:-1]) if node.path else None
        if node.path and (parent is None or node.path[-1] not in parent.actions):
            raise ValueError(
                f"{where} must follow a node listed before it that offers its last action, got "
                f"the path {node.path!r}"
            )
        if (not node.path) != (k == 0) or (not node.path and node.player != 1):
            raise ValueError(f"{where}: the root (player 1 to act) must come first, got {node!r}")
        if np.any(node.reach[~in_range[node.player - 1]] != 0):
            raise ValueError(
                f"{where}.reach must be 0 for the classes outside {PLAYER_NAMES[node.player]}'s "
                f"range ({name}.in_range), got {describe(node.reach.tolist())}"
            )
        seen[node.path] = node
    root = nodes[0]
    if np.any(root.reach != WHOLE * in_range[0]):
        raise ValueError(f"{name}.nodes[0].reach must be {WHOLE} for every class in the range")
    return {
        "iterations": iterations,
        "exploitability_percent": percent,
        "in_range": in_range,
        "nodes": nodes,
    }


def _names(values: object, name: str, allow_empty: bool = False) -> tuple[str, ...]:
    """``values`` as a tuple of non-empty strings."""
    ok = isinstance(values, (tuple, list)) and all(isinstance(v, str) and v for v in values)
    if not ok or (not values and not allow_empty):
        raise ValueError(f"{name} must be a tuple of action names, got {describe(values)}")
    return tuple(values)


def _is_integer(value: object) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _integer_array(values: object, name: str, shape: tuple[int, ...]) -> np.ndarray:
    """``values`` as a read-only copy after checking it holds integers from 0 to 1000."""
    ok = isinstance(values, np.ndarray) and values.dtype.kind in "iu" and values.shape == shape
    if not ok or np.any((values < 0) | (values > WHOLE)):
        raise ValueError(
            f"{name} must be an array of shape {shape} of integers from 0 to {WHOLE} (tenths of "
            f"a percent), got {describe(values)}"
        )
    return _frozen(values.astype(np.int64))


def _frozen(values: np.ndarray) -> np.ndarray:
    """A read-only copy of ``values``."""
    copy = values.copy()
    copy.setflags(write=False)
    return copy


# What the demo shows.


def node_label(node: NodeSummary) -> str:
    """The node menu's entry: the path and the player to act (``"check, bet 75%: player 1
    (OOP)"``)."""
    check_instance(node, NodeSummary, "node", "a NodeSummary")
    return f"{', '.join(node.path) or 'start'}: {PLAYER_NAMES[node.player]}"


def situation(node: NodeSummary) -> str:
    """Who acts at ``node``, facing what, and the line that led there (``"Player 1 (OOP) facing
    bet 75% (line: check, bet 75%)"``): the grid's title and the status line's start."""
    check_instance(node, NodeSummary, "node", "a NodeSummary")
    name = PLAYER_NAMES[node.player]
    who = name[0].upper() + name[1:]
    if not node.path:
        text = f"{who} acts first"
    elif node.path[-1] == "check":
        text = f"{who}, checked to"
    else:
        text = f"{who} facing {node.path[-1]}"
    return text + (f" (line: {', '.join(node.path)})" if len(node.path) > 1 else "")


def _percent(tenths: int) -> str:
    """Tenths of a percent as a percentage with one decimal (``"12.3%"``)."""
    return f"{tenths / 10:.1f}%"


def _mix_text(actions: Sequence[str], tenths: Sequence[int]) -> str:
    return ", ".join(f"{a} {_percent(t)}" for a, t in zip(actions, tenths, strict=True))


def status_html(summary: RiverSummary, node: int, hand: str) -> str:
    """The status line: the solve, node ``node`` (its number in ``summary.nodes``) and its overall
    action shares, and ``hand``'s action mix there."""
    _checked_summary(summary, "summary")
    node = check_integer(node, "node", minimum=0, maximum=len(summary.nodes) - 1)
    row, column = _cell(hand)
    at = summary.nodes[node]
    who = PLAYER_NAMES[at.player]
    lines = [
        f"Solved by {summary.algorithm} to {summary.exploitability_percent:.3f}% of the pot in "
        f"{summary.iterations:,} iterations.",
        f"{situation(at)}: {_percent(at.range_share)} of its range gets here"
        + (f" and plays {_mix_text(at.actions, at.overall)}." if sum(at.overall) else "."),
    ]
    if not summary.in_range[at.player - 1, row, column]:
        lines.append(f"{hand} is not in {who}'s range.")
    elif at.reach[row, column] == 0:
        lines.append(f"{hand} does not get here (less than 0.05% of its combos).")
    else:
        mix = _mix_text(at.actions, at.mix[:, row, column].tolist())
        lines.append(f"{hand} ({_percent(at.reach[row, column])} of its combos get here): {mix}.")
    return "<br>".join(lines)


def mix_figure(summary: RiverSummary, node: int, hand: str | None = None) -> Figure:
    """The grid of node ``node`` (:func:`~lessons_lib.plots.holdem.action_mix_grid_figure`), each
    bar as tall as its class's reach, the class ``hand`` outlined. A class's rounded shares are
    drawn in proportion (they sum to 1000 only up to rounding)."""
    _checked_summary(summary, "summary")
    node = check_integer(node, "node", minimum=0, maximum=len(summary.nodes) - 1)
    at = summary.nodes[node]
    played = summary.in_range[at.player - 1] & (at.reach > 0)
    totals = at.mix.sum(axis=0)
    shares = np.zeros(at.mix.shape)
    np.divide(at.mix, totals, out=shares, where=played & (totals > 0))
    return action_mix_grid_figure(
        shares, at.actions, situation(at), present=played, heights=at.reach / WHOLE, chosen=hand
    )


def _cell(hand: str) -> tuple[int, int]:
    """The (row, column) of class ``hand`` in the grid."""
    for r, names in enumerate(grid_names()):
        if isinstance(hand, str) and hand in names:
            return r, names.index(hand)
    raise ValueError(
        f"hand must be a class of the 13 x 13 grid such as 'AKs', got {describe(hand)}"
    )


def _node_number(summary: RiverSummary, node: object) -> int:
    """The number of the node called ``node`` (a path such as ``"check / bet 75%"``, or
    ``"root"``) in ``summary.nodes``."""
    names = [n.name for n in summary.nodes]
    return names.index(check_choice(node, names, "node"))


def river_explorer(summary: RiverSummary, node: str = "root", hand: str = DEFAULT_HAND) -> App:
    """A menu of the summary's decision nodes (by action path) and of hand classes; the node's
    grid of action mixes and the status line (module docstring). ``summary`` comes from
    :func:`summarise`; ``node`` names the node to start at (``"check / bet 75%"``)."""
    _checked_summary(summary, "summary")
    start = _node_number(summary, node)
    _cell(hand)
    names = [name for row in grid_names() for name in row]
    style = {"description_width": "initial"}
    controls = {
        "node": widgets.Dropdown(
            options=[(node_label(n), k) for k, n in enumerate(summary.nodes)],
            value=start,
            description="node",
            style=style,
        ),
        "hand": widgets.Dropdown(options=names, value=hand, description="hand", style=style),
    }

    def render(values: Mapping[str, object]) -> tuple[list, str]:
        k, chosen = int(values["node"]), str(values["hand"])
        return [mix_figure(summary, k, chosen)], status_html(summary, k, chosen)

    app = App(controls, render)
    app.twin = ("river", river_data(summary, node, hand))
    return app


def river_data(summary: RiverSummary, node: str = "root", hand: str = DEFAULT_HAND) -> dict:
    """What the twin of :func:`river_explorer` needs: the solve, and per node its path, player,
    title, actions with their fills, and per class its mix and reach in tenths of a percent
    (classes in grid order, aces first, row by row)."""
    _checked_summary(summary, "summary")
    start = _node_number(summary, node)
    _cell(hand)
    return {
        "algorithm": summary.algorithm,
        "iterations": summary.iterations,
        "exploitability_percent": summary.exploitability_percent,
        "in_range": summary.in_range.reshape(2, 169).astype(int).tolist(),
        "nodes": [
            {
                "label": node_label(n),
                "path": list(n.path),
                "situation": situation(n),
                "player": n.player,
                "actions": list(n.actions),
                "fills": mix_colours(n.actions),
                "mix": n.mix.reshape(len(n.actions), 169).tolist(),
                "reach": n.reach.reshape(169).tolist(),
                "overall": list(n.overall),
                "range_share": n.range_share,
            }
            for n in summary.nodes
        ],
        "start": start,
        "hand": hand,
        "names": grid_names(),
        "player_names": {str(p): name for p, name in PLAYER_NAMES.items()},
        "empty": EMPTY_CELL,
        "background": MIX_CELL,
        "line": MIX_GRID_LINE,
        "bar_height": MIX_BAR_HEIGHT,
    }
