"""Tables for the book's pages and live demos, as HTML strings (a browser draws them at once)."""

from __future__ import annotations

import html

from lessons_lib.games.base import Game
from lessons_lib.plots.cfr import two_action_info_sets
from lessons_lib.plots.counterfactual import action_names
from lessons_lib.plots.style import PLAYER_COLOURS
from lessons_lib.policy import Policy


# The same parameters and defaults as learned_strategy_figure, on purpose (`duplicates` pairs the
# two signatures): this is that figure's comparison as HTML for the live demo, and a reader calls
# either the same way. The rows come from the same two_action_info_sets; only the drawing differs.
def learned_strategy_table(
    game: Game,
    learned: Policy,
    reference: Policy | None = None,
    reference_label: str = "equilibrium",
    title: str = "The learned average strategy",
) -> str:
    """The comparison of :func:`~lessons_lib.plots.cfr.learned_strategy_figure`
    as an HTML table, one row per information set.

    Each row gives the learned probability of the second action (bet, or call), the reference's,
    their difference, and a bar: filled in the player's colour up to the learned probability, with
    a black mark at the reference's. HTML, not a Figure, because the live demo redraws it after
    every chunk of training and a browser draws a table in no time. White like the figures, so it
    stays legible on a dark theme.
    """
    keys = two_action_info_sets(game, learned, reference)
    cell = "padding:1px 6px;text-align:right;font-variant-numeric:tabular-nums"
    head = "padding:1px 6px;text-align:right;vertical-align:bottom;max-width:7em"
    header = ["player", "information set", "action", "learned"]
    if reference is not None:
        header += [html.escape(reference_label), "difference"]
    rows = [
        "<tr>" + "".join(f'<th style="{head}">{name}</th>' for name in header) + "<th></th></tr>"
    ]
    for key in keys:
        colour = PLAYER_COLOURS[game.player(key)]
        p = float(learned[key][1])
        cells = [
            f'<td style="{cell};color:{colour};font-weight:bold">{game.player(key)}</td>',
            f'<td style="{cell};color:{colour}">{html.escape(key)}</td>',
            f'<td style="{cell}">{html.escape(action_names(game, key)[1])}</td>',
            f'<td style="{cell}">{p:.3f}</td>',
        ]
        bar = _probability_bar(p, colour, None)
        if reference is not None:
            q = float(reference[key][1])
            cells += [
                f'<td style="{cell}">{q:.3f}</td>',
                f'<td style="{cell}">{_signed(p - q)}</td>',
            ]
            bar = _probability_bar(p, colour, q)
        rows.append("<tr>" + "".join(cells) + f'<td style="padding:1px 8px">{bar}</td></tr>')
    players = ", ".join(
        f'<span style="color:{PLAYER_COLOURS[i]};font-weight:bold">player {i}</span>'
        for i in game.players
    )
    mark = f"; a black mark: {html.escape(reference_label)}" if reference is not None else ""
    # Colours, size and line height set on the table too: a table need not inherit them (in quirks
    # mode), and a widget's HTML has the tall line height of its controls.
    table = "border-collapse:collapse;color:black;font-size:12px;line-height:1.35;background:white"
    return (
        '<div style="background:white;color:black;padding:6px;font-size:12px;line-height:1.35;'
        'display:inline-block">'
        f'<div style="font-weight:bold;font-size:13px">{html.escape(title)}</div>'
        '<div style="max-width:34em">'
        f"Probability of bet or call at each information set ({players}){mark}.</div>"
        f'<table style="{table}">{"".join(rows)}</table></div>'
    )


def _signed(difference: float) -> str:
    """``+0.014``, ``-0.003``, and ``+0.000`` (not ``-0.000``) for what rounds to zero."""
    return f"{round(difference, 3) + 0.0:+.3f}"


def _probability_bar(p: float, colour: str, reference: float | None) -> str:
    """A 100-pixel bar filled to ``p`` in ``colour``, with a black mark at ``reference``."""
    mark = ""
    if reference is not None:
        mark = (
            f'<div style="position:absolute;left:{100 * reference:.1f}%;top:-3px;width:2px;'
            'height:16px;margin-left:-1px;background:black"></div>'
        )
    return (
        '<div style="position:relative;width:100px;height:10px;background:#E5E5E5">'
        f'<div style="width:{100 * p:.1f}%;height:100%;background:{colour}"></div>{mark}</div>'
    )
