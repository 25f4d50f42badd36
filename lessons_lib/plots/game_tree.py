"""Figures of extensive-form game trees: the chance deal, the betting, the payoffs.

Layout. The trees grow from left to right, the way poker trees are usually drawn. Each column is a
stage of the hand: the chance node, then one column per number of actions taken, then one column
for every ending, so that the payoffs line up like the last column of a table. Every terminal
history gets a row of its own, top to bottom in the order of the legal actions, and a decision node
sits halfway between its first and last child: the simplest tidy layout for trees (Reingold and
Tilford 1981). Edges are drawn as elbows: down (or up) from the parent, then across to the child,
with the action written on the horizontal part.

Colours follow the book: decision nodes in the colour of the player who acts there
(:data:`~lessons_lib.plots.style.PLAYER_COLOURS`), the chance node in
:data:`~lessons_lib.plots.style.CHANCE_COLOUR`, and each payoff ``u_1(z)`` in the colour of the
player who wins it. A *highlighted* history is drawn with a thick black path from its deal to it.
An *information set* is drawn as in game-theory textbooks (Osborne and Rubinstein 1994, ch. 11):
its histories are ringed in the acting player's colour and joined by a dashed bracket, because
they are one decision for that player.

The figures read only the :class:`~lessons_lib.games.base.Game` interface; a game that defines
``card_name`` and ``label`` (as Kuhn poker does) gets card names instead of ranks.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt
from typing import NamedTuple

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from lessons_lib.games.base import Deal, Game, History
from lessons_lib.plots.style import CHANCE_COLOUR, PLAYER_COLOURS, REFERENCE_COLOUR, new_figure
from lessons_lib.validation import check_instance

#: The overview figure draws every deal; beyond this many it would no longer be legible.
MAX_OVERVIEW_DEALS = 12

_EDGE_COLOUR = "#A0A0A0"
_PATH_COLOUR = "#000000"
_TERMINAL_COLOUR = "#7A7A7A"
_DEAL_GAP = 0.7  # extra empty rows between the subtrees of two deals
_CHANCE_WIDTH = 1.2  # width of the chance column, in columns (room for the deal labels)

#: What the two actions of the poker games are called, given whether a bet has been made.
_POKER_NAMES = {
    ("p", False): "check",
    ("b", False): "bet",
    ("p", True): "fold",
    ("b", True): "call",
}


def action_name(game: Game, history: History, action: str) -> str:
    """The name of ``action`` at the non-terminal ``history``, as a poker player would say it.

    In the poker games of the book the actions are ``p`` and ``b``: ``p`` is *check* and ``b`` is
    *bet* while nobody has bet yet, and ``p`` is *fold* and ``b`` is *call* when facing a bet
    (Kuhn poker has one bet at most, so "facing a bet" means a ``b`` earlier in the actions).
    A game with other actions gets the action's own letter back.
    """
    if game.is_terminal(history):
        raise ValueError(f"nobody acts at the terminal history {history!r}")
    if action not in game.legal_actions(history):
        raise ValueError(
            f"unknown action {action!r} at history {history!r}; "
            f"expected one of {list(game.legal_actions(history))!r}"
        )
    if tuple(game.legal_actions(history)) != ("p", "b"):
        return action
    return _POKER_NAMES[action, "b" in history.actions]


@dataclass(frozen=True)
class TreeLayout:
    """Where every node of a drawing sits: ``x`` is the column, ``y`` minus the row.

    ``position`` holds every history drawn (roots, decision histories and terminal histories of
    ``deals``); ``chance`` is the chance node's position, or None when a single deal is drawn.
    ``columns`` maps each column's ``x`` to its heading.
    """

    deals: tuple[Deal, ...]
    position: dict[History, tuple[float, float]]
    terminals: tuple[History, ...]  # the terminal histories drawn, top to bottom
    chance: tuple[float, float] | None
    columns: dict[float, str]
    n_rows: float

    @property
    def terminal_column(self) -> float:
        """The ``x`` of the last column, where every ending sits."""
        return max(self.columns)


def tree_layout(game: Game, deals: tuple[Deal, ...], with_chance: bool) -> TreeLayout:
    """The left-to-right layout of the subtrees of ``deals`` (see the module docstring).

    Leaves take consecutive rows; a decision node sits halfway between its first and its last
    child. With ``with_chance`` the deals hang from one chance node in column 0.
    """
    if not deals:
        raise ValueError("a tree layout needs at least one deal")
    for deal in deals:
        _check_deal(game, deal)
    root_x = _CHANCE_WIDTH if with_chance else 0.0
    terminal_depth = max(len(h.actions) for h in game.terminal_histories())
    terminal_x = root_x + terminal_depth
    position: dict[History, tuple[float, float]] = {}
    terminals: list[History] = []
    next_row = 0.0

    def place(history: History) -> float:
        nonlocal next_row
        if game.is_terminal(history):
            row = next_row
            next_row += 1.0
            position[history] = (terminal_x, -row)
            terminals.append(history)
            return row
        # Reserve the node's key first, so the drawing order is the tree's order (pre-order).
        position[history] = (0.0, 0.0)
        rows = [place(game.next_history(history, a)) for a in game.legal_actions(history)]
        row = 0.5 * (rows[0] + rows[-1])
        position[history] = (root_x + len(history.actions), -row)
        return row

    root_rows = []
    for number, deal in enumerate(deals):
        if number:
            next_row += _DEAL_GAP
        root_rows.append(place(game.initial_history(deal)))
    chance = (0.0, -0.5 * (root_rows[0] + root_rows[-1])) if with_chance else None

    columns: dict[float, str] = {}
    if with_chance:
        columns[0.0] = "chance deals"
    for depth in range(terminal_depth):
        actors = sorted(
            {
                game.player_to_act(h)
                for h in position
                if len(h.actions) == depth and not game.is_terminal(h)
            }
        )
        if actors:
            names = " or ".join(str(p) for p in actors)
            columns[root_x + depth] = f"player {names} acts"
    columns[terminal_x] = "payoff to player 1"
    return TreeLayout(tuple(deals), position, tuple(terminals), chance, columns, next_row)


def game_tree_figure(
    game: Game,
    deal: Deal | None = None,
    highlight: History | None = None,
    info_set: str | None = None,
    title: str | None = None,
) -> Figure:
    """The game tree of ``game``: one deal's betting tree, or every deal below the chance node.

    - ``deal`` given: the betting tree of that deal, with the actions named (check, bet, fold,
      call), each decision node's information-set key and every payoff ``u_1(z)``.
    - ``deal=None``: the whole tree, the chance node first and every deal's subtree below it.
    - ``highlight``: a history whose path from its deal is drawn thick and black.
    - ``info_set``: an information-set key whose histories are ringed and bracketed together.
    """
    check_instance(game, Game, "game", "a Game (such as KuhnPoker())")
    if deal is not None:
        _check_deal(game, deal)
        deals: tuple[Deal, ...] = (tuple(deal),)
    else:
        deals = tuple(tuple(d) for d, _ in game.deals())
        if len(deals) > MAX_OVERVIEW_DEALS:
            raise ValueError(
                f"{game!r} has {len(deals)} deals, too many to draw legibly in one figure "
                f"(at most {MAX_OVERVIEW_DEALS}); draw one deal with deal=..."
            )
    if highlight is not None:
        _check_history(game, highlight)
        if tuple(highlight.deal) not in deals:
            raise ValueError(
                f"the highlighted history {highlight!r} is not in the drawing of deal {deal!r}"
            )
    if info_set is not None:
        game.tree.info_set_index(info_set)  # ValueError for an unknown key
    layout = tree_layout(game, deals, with_chance=deal is None)
    detailed = deal is not None
    row_height = 0.62 if detailed else 0.3
    width = 8.2 if detailed else 8.6
    figure, (ax,) = new_figure(width, 1.6 + row_height * layout.n_rows)
    scale = _DETAILED if detailed else _OVERVIEW
    _draw_tree(ax, game, layout, scale, compact=False)
    if highlight is not None:
        _draw_path(ax, layout, highlight, scale)
    if info_set is not None:
        _draw_info_set(ax, game, layout, info_set, scale, bracket=True)
    if title is None:
        if detailed:
            title = f"{_game_name(game)}, deal {_deal_text(game, deals[0])}: the betting tree"
        else:
            title = f"{_game_name(game)}: chance deals the cards, then the players bet"
    ax.set_title(title, fontsize=12)
    _legend(figure, game, highlight is not None, info_set)
    return figure


def information_set_figure(game: Game, key: str, title: str | None = None) -> Figure:
    """The histories merged by information set ``key``, side by side, one deal per panel.

    Each panel is the betting tree of one deal the acting player cannot rule out, with the path to
    the information set's history in that deal drawn thick. The panels differ only in the card the
    acting player cannot see.
    """
    check_instance(game, Game, "game", "a Game (such as KuhnPoker())")
    members = game.histories_in(key)
    actor = game.player(key)
    figure, axes = new_figure(4.3 * len(members), 4.4, ncols=len(members))
    for ax, history in zip(axes, members, strict=True):
        layout = tree_layout(game, (tuple(history.deal),), with_chance=False)
        _draw_tree(ax, game, layout, _DETAILED, compact=True)
        _draw_path(ax, layout, history, _DETAILED, ring=False)
        _draw_info_set(ax, game, layout, key, _DETAILED, bracket=False)
        hidden = _card(game, history.deal[2 - actor])
        ax.set_title(
            f"deal {_deal_text(game, history.deal)}: player {3 - actor} holds {hidden}",
            fontsize=11,
        )
    if title is None:
        title = (
            f"Information set {key}: player {actor} cannot tell these "
            f"{len(members)} histories apart"
        )
    figure.suptitle(title, fontsize=12)
    _legend(figure, game, True, key)
    return figure


# --- drawing -----------------------------------------------------------------------------------


class _Scale(NamedTuple):
    """Font and marker sizes (points) of a drawing: large for one deal, small for the overview."""

    font: float
    node: float  # marker area of a decision node, in points squared

    @property
    def radius(self) -> float:
        """The radius of the ring around a highlighted node, in points."""
        return 0.5 * sqrt(2.0 * self.node)


_DETAILED = _Scale(font=10.0, node=330.0)
_OVERVIEW = _Scale(font=9.5, node=180.0)


def _draw_tree(ax: Axes, game: Game, layout: TreeLayout, scale: _Scale, compact: bool) -> None:
    """Edges, nodes, action names, information-set keys and payoffs of ``layout``.

    The name of an action sits on the horizontal part of its edge, above it for the first action
    and below it for the last, so that it never sits between a node and its children's edges.
    """
    detailed = scale is _DETAILED
    gap = scale.radius + 3.0  # points between a node's centre and the labels around it
    for history, (x, y) in layout.position.items():
        if game.is_terminal(history):
            continue
        actions = game.legal_actions(history)
        for number, action in enumerate(actions):
            child = game.next_history(history, action)
            cx, cy = layout.position[child]
            _elbow(ax, (x, y), (cx, cy), colour=_EDGE_COLOUR, width=1.3, z=1)
            name = action_name(game, history, action) if detailed else action
            if detailed and not compact:
                name = f"{name} ({action})"
            above = number < len(actions) - 1 or len(actions) == 1
            ax.annotate(
                name,
                (x, cy),
                xytext=(gap, 2.0 if above else -2.0),
                textcoords="offset points",
                fontsize=scale.font - 0.5,
                ha="left",
                va="bottom" if above else "top",
            )
        ax.annotate(
            game.info_set_key(history),
            (x, y),
            xytext=(-0.75 * gap, -0.75 * gap),
            textcoords="offset points",
            fontsize=scale.font - (1.0 if detailed else 1.5),
            ha="right",
            va="top",
            color=PLAYER_COLOURS[game.player_to_act(history)],
        )
    if layout.chance is not None:
        _draw_chance(ax, game, layout, scale)
    for player in game.players:
        nodes = [
            (x, y)
            for h, (x, y) in layout.position.items()
            if not game.is_terminal(h) and game.player_to_act(h) == player
        ]
        if not nodes:
            continue
        ax.scatter(
            [x for x, _ in nodes],
            [y for _, y in nodes],
            s=scale.node,
            color=PLAYER_COLOURS[player],
            zorder=3,
            gid=f"decisions of player {player}",
        )
        for x, y in nodes:
            ax.text(
                x,
                y,
                str(player),
                color="white",
                fontsize=scale.font - 1.5,
                ha="center",
                va="center",
                fontweight="bold",
                zorder=4,
            )
    terminals = layout.terminals
    ax.scatter(
        [layout.position[z][0] for z in terminals],
        [layout.position[z][1] for z in terminals],
        s=scale.node * 0.35,
        marker="s",
        color=_TERMINAL_COLOUR,
        zorder=3,
        gid="terminals",
    )
    for z in terminals:
        x, y = layout.position[z]
        payoff = game.payoff(z)
        ax.annotate(
            _signed(payoff),
            (x, y),
            xytext=(gap, 0.0),
            textcoords="offset points",
            fontsize=scale.font + 0.5,
            ha="left",
            va="center",
            color=_winner_colour(payoff),
            fontweight="bold",
            gid="payoff",
        )
        ax.annotate(
            z.actions,
            (x, y),
            xytext=(-gap, 2.0),
            textcoords="offset points",
            fontsize=scale.font - 1.5,
            ha="right",
            va="bottom",
            color=_TERMINAL_COLOUR,
        )
    top = 0.9 if detailed else 1.3
    for x, heading in layout.columns.items():
        ax.text(
            x,
            top,
            heading.replace(" ", "\n", 1) if compact else heading,
            fontsize=scale.font - 0.5,
            ha="center",
            va="bottom",
            color=REFERENCE_COLOUR,
        )
    left = -0.75 if layout.chance is not None else -0.45
    ax.set_xlim(left, layout.terminal_column + (0.7 if compact else 0.5))
    ax.set_ylim(-(layout.n_rows - 1) - 0.6, top + (0.75 if compact else 0.55 if detailed else 1.0))
    ax.axis("off")


def _draw_chance(ax: Axes, game: Game, layout: TreeLayout, scale: _Scale) -> None:
    """The chance node, its edges to the deals, and each deal's cards and probability."""
    cx, cy = layout.chance
    probability = {tuple(deal): p for deal, p in game.deals()}
    equally_likely = len({probability[deal] for deal in layout.deals}) == 1
    for deal in layout.deals:
        rx, ry = layout.position[game.initial_history(deal)]
        _elbow(ax, (cx, cy), (rx, ry), colour=CHANCE_COLOUR, width=1.3, z=1)
        note = "" if equally_likely else f"  ({_fraction(probability[deal])})"
        _deal_label(ax, game, deal, (cx, ry), scale.font, note)
    ax.scatter([cx], [cy], s=scale.node * 1.3, marker="D", color=CHANCE_COLOUR, zorder=3)
    ax.annotate(
        f"each deal\n{_fraction(probability[layout.deals[0]])}" if equally_likely else "deal",
        (cx, cy),
        xytext=(-10.0, 0.0),
        textcoords="offset points",
        fontsize=scale.font,
        ha="right",
        va="center",
        color=CHANCE_COLOUR,
    )


def _draw_path(
    ax: Axes, layout: TreeLayout, history: History, scale: _Scale, ring: bool = True
) -> None:
    """A thick black path from the root of ``history``'s deal (and the chance node) to it."""
    node = history
    while node.actions:
        parent = History(node.deal, node.actions[:-1])
        _elbow(ax, layout.position[parent], layout.position[node], _PATH_COLOUR, 3.0, z=2)
        node = parent
    if layout.chance is not None:
        _elbow(ax, layout.chance, layout.position[node], _PATH_COLOUR, 3.0, z=2)
    if not ring:
        return
    x, y = layout.position[history]
    ax.scatter(
        [x],
        [y],
        s=(2.0 * scale.radius) ** 2,
        facecolors="none",
        edgecolors=_PATH_COLOUR,
        linewidths=2.2,
        zorder=5,
        gid="highlight",
    )


def _draw_info_set(
    ax: Axes, game: Game, layout: TreeLayout, key: str, scale: _Scale, bracket: bool
) -> None:
    """Ring the histories of ``key`` that are drawn; join them with a dashed bracket."""
    colour = PLAYER_COLOURS[game.player(key)]
    drawn = [layout.position[h] for h in game.histories_in(key) if h in layout.position]
    ax.scatter(
        [x for x, _ in drawn],
        [y for _, y in drawn],
        s=(1.75 * scale.radius) ** 2,
        facecolors="none",
        edgecolors=colour,
        linewidths=2.0,
        linestyles="--",
        zorder=4,
        gid="information set",
    )
    if bracket and len(drawn) > 1:
        x = drawn[0][0] - 0.3
        ys = [y for _, y in drawn]
        ax.plot([x, x], [min(ys), max(ys)], color=colour, linestyle="--", linewidth=2.0, zorder=4)
        for _, y in drawn:
            ax.plot([x, drawn[0][0] - 0.1], [y, y], color=colour, linewidth=2.0, zorder=4)
        ax.text(
            x - 0.06,
            0.5 * (min(ys) + max(ys)),
            key,
            color=colour,
            fontsize=scale.font + 1.5,
            fontweight="bold",
            rotation=90,
            ha="right",
            va="center",
            zorder=4,
            bbox={"facecolor": "white", "edgecolor": "none", "pad": 1.0},
        )


def _elbow(
    ax: Axes,
    start: tuple[float, float],
    end: tuple[float, float],
    colour: str,
    width: float,
    z: float,
) -> None:
    """An edge from ``start`` to ``end``: vertical at the parent's column, then horizontal."""
    (x0, y0), (x1, y1) = start, end
    ax.plot(
        [x0, x0, x1],
        [y0, y1, y1],
        color=colour,
        linewidth=width,
        zorder=z,
        solid_capstyle="round",
        solid_joinstyle="round",
    )


def _legend(figure: Figure, game: Game, path: bool, info_set: str | None) -> None:
    handles = [
        Line2D(
            [],
            [],
            marker="o",
            linestyle="",
            markersize=10,
            color=PLAYER_COLOURS[p],
            label=f"player {p} decides",
        )
        for p in game.players
    ]
    handles.append(
        Line2D(
            [],
            [],
            marker="s",
            linestyle="",
            markersize=6,
            color=_TERMINAL_COLOUR,
            label="end of the hand",
        )
    )
    if path:
        handles.append(Line2D([], [], color=_PATH_COLOUR, linewidth=3, label="what happened"))
    if info_set is not None:
        handles.append(
            Line2D(
                [],
                [],
                marker="o",
                linestyle="--",
                markersize=10,
                markerfacecolor="none",
                color=PLAYER_COLOURS[game.player(info_set)],
                label=f"information set {info_set}",
            )
        )
    figure.legend(
        handles=handles,
        loc="outside lower center",
        ncols=min(len(handles), 3),
        fontsize=9.5,
        frameon=False,
    )


def _deal_label(
    ax: Axes, game: Game, deal: Deal, at: tuple[float, float], font: float, note: str = ""
) -> None:
    """The deal on its chance edge: player 1's card in blue, player 2's in vermillion."""
    first = ax.annotate(
        _card(game, deal[0]),
        at,
        xytext=(8.0, 2.0),
        textcoords="offset points",
        fontsize=font,
        color=PLAYER_COLOURS[1],
        ha="left",
        va="bottom",
        fontweight="bold",
    )
    rest = ax.annotate(" vs ", (1, 0), xycoords=first, fontsize=font, ha="left", va="bottom")
    second = ax.annotate(
        _card(game, deal[1]),
        (1, 0),
        xycoords=rest,
        fontsize=font,
        color=PLAYER_COLOURS[2],
        ha="left",
        va="bottom",
        fontweight="bold",
    )
    if note:
        ax.annotate(note, (1, 0), xycoords=second, fontsize=font, ha="left", va="bottom")


# --- names and checks --------------------------------------------------------------------------


def _card(game: Game, rank: int) -> str:
    card_name = getattr(game, "card_name", None)
    return card_name(rank) if callable(card_name) else str(rank)


def _deal_text(game: Game, deal: Deal) -> str:
    return " vs ".join(_card(game, rank) for rank in deal)


def _game_name(game: Game) -> str:
    name = game.name.replace("_", " ").capitalize()
    n_cards = getattr(game, "n_cards", None)
    return name if n_cards in (None, 3) else f"{name} with {n_cards} cards"


def _signed(payoff: float) -> str:
    text = f"{payoff:+g}"
    return text.replace("-", "\N{MINUS SIGN}")


def _winner_colour(payoff: float) -> str:
    if payoff > 0:
        return PLAYER_COLOURS[1]
    if payoff < 0:
        return PLAYER_COLOURS[2]
    return "#000000"


def _fraction(probability: float) -> str:
    """``probability`` as ``1/n`` when it is one (deals are equally likely), else a decimal."""
    n = round(1.0 / probability)
    return f"1/{n}" if abs(n * probability - 1.0) < 1e-12 else f"{probability:.3g}"


def _check_deal(game: Game, deal: object) -> None:
    if not game.is_deal(deal):
        deals = [d for d, _ in game.deals()]
        raise ValueError(f"{deal!r} is not a deal of {game!r}; its deals are {deals!r}")


def _check_history(game: Game, history: object) -> None:
    if not isinstance(history, History) or history not in game.tree.index:
        raise ValueError(f"{history!r} is not a history of {game!r}")
