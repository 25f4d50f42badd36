"""Figures for Kuhn's equilibrium family: its members, its edge, and where CFR runs land in it.

Player 1's equilibrium strategies form a one-parameter family indexed by ``alpha`` in
``[0, 1/3]``, the probability of bluffing the jack (Kuhn 1950;
:mod:`lessons_lib.kuhn_equilibria`). Every
figure here shades that interval the same way, in the grey reference colour.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from lessons_lib.games.kuhn import KuhnPoker
from lessons_lib.kuhn_equilibria import ALPHA_RANGE, check_alpha, nash_equilibrium
from lessons_lib.plots.cfr_variants import variant_colours
from lessons_lib.plots.style import PLAYER_COLOURS, REFERENCE_COLOUR, new_figure
from lessons_lib.validation import as_finite_vector

#: Player 1's three mixed decisions, as (key, what the probability is, how it depends on alpha).
MIXED_DECISIONS: tuple[tuple[str, str, str], ...] = (
    ("J:", "bet the jack (bluff)", "α"),
    ("K:", "bet the king (value)", "3α"),
    ("Q:pb", "call with the queen", "α + 1/3"),
)

#: Line styles of the three mixed decisions (all in player 1's colour).
_DECISION_STYLES = ("-", "--", ":")
#: One marker per algorithm, in order.
_MARKERS = ("o", "s", "^", "D", "v", "P")
#: The label of the shaded interval.
_FAMILY_LABEL = "Kuhn's family: α in [0, 1/3]"

_GAME = KuhnPoker()
_BET = _GAME.ACTIONS.index("b")


def family_figure(alpha: float, title: str | None = None) -> Figure:
    """The whole family (left) and the member ``alpha`` at all twelve information sets (right).

    Left: player 1's three mixed probabilities as functions of alpha over the family, with the
    member ``alpha`` marked. Right: ``P(bet or call)`` at every information set for that member,
    in the players' colours; hatched bars are the ones that move with alpha (player 2's never do).
    """
    alpha = check_alpha(alpha)
    member = nash_equilibrium(alpha)
    # At most the column's width (8.9 inches at 100 dpi), so that no text is shrunk below 9 px.
    figure, (family_ax, member_ax) = new_figure(8.9, 4.6, ncols=2)

    low, high = ALPHA_RANGE
    grid = np.linspace(low, high, 101)
    members = [nash_equilibrium(a) for a in grid]
    _shade_family(family_ax, vertical=True)
    for (key, meaning, formula), style in zip(MIXED_DECISIONS, _DECISION_STYLES, strict=True):
        family_ax.plot(
            grid,
            [m[key][_BET] for m in members],
            color=PLAYER_COLOURS[1],
            linestyle=style,
            linewidth=2.0,
            label=f"{key} {meaning} = {formula}",
        )
        family_ax.plot(
            alpha,
            member[key][_BET],
            "o",
            color=PLAYER_COLOURS[1],
            markersize=7,
            gid=f"member {key}",
        )
    family_ax.axvline(alpha, color=REFERENCE_COLOUR, linestyle="--", linewidth=1.0)
    family_ax.set_xlim(low - 0.02, high + 0.02)
    family_ax.set_ylim(-0.05, 1.08)
    family_ax.set_xlabel("α = P(player 1 bets the jack)")
    family_ax.set_ylabel("probability")
    family_ax.set_title("Player 1's mixed decisions across the family")
    family_ax.legend(fontsize=8, loc="upper left")

    keys = _GAME.info_sets()
    moving = {key for key, _, _ in MIXED_DECISIONS}
    heights = [member[key][_BET] for key in keys]
    for x, (key, height) in enumerate(zip(keys, heights, strict=True)):
        member_ax.bar(
            x,
            height,
            color=PLAYER_COLOURS[_GAME.player(key)],
            hatch="//" if key in moving else None,
            edgecolor="white",
            width=0.75,
            gid=key,
        )
        member_ax.text(x, height + 0.02, f"{height:.2f}", ha="center", va="bottom", fontsize=8)
    handles = [Patch(color=PLAYER_COLOURS[p], label=f"player {p}") for p in (1, 2)]
    handles.append(
        Patch(facecolor="white", edgecolor=PLAYER_COLOURS[1], hatch="//", label="moves with α")
    )
    member_ax.set_xticks(range(len(keys)), keys, rotation=45, fontsize=9)
    member_ax.set_ylim(0, 1.18)
    member_ax.set_xlabel("information set")
    member_ax.set_ylabel("P(bet or call)")
    member_ax.set_title(f"The member α = {alpha:.3f}")
    member_ax.legend(handles=handles, fontsize=8, loc="upper left", ncols=3)
    figure.suptitle(title or "Kuhn's equilibrium family: player 1 moves, player 2 stays put")
    return figure


def family_exploitability_figure(
    alphas: Sequence[float] | np.ndarray,
    exploitabilities: Sequence[float] | np.ndarray,
    title: str | None = None,
) -> Figure:
    """``epsilon`` (chips per hand) of profiles indexed by alpha, with the family's interval shaded.

    ``alphas[n]`` and ``exploitabilities[n]`` describe one profile; points are drawn in order of
    alpha, joined by a line.
    """
    x = as_finite_vector(alphas, "alphas")
    y = as_finite_vector(exploitabilities, "exploitabilities", x.size)
    if x.size == 0:
        raise ValueError("alphas must hold at least one value")
    order = np.argsort(x, kind="stable")
    figure, (ax,) = new_figure(7.4, 4.2)
    _shade_family(ax, vertical=True)
    ax.axhline(0.0, color=REFERENCE_COLOUR, linestyle="--", linewidth=1.0)
    ax.plot(
        x[order],
        y[order],
        color=PLAYER_COLOURS[1],
        marker="o",
        markersize=4,
        linewidth=1.6,
        label="exploitability ε",
    )
    low, high = ALPHA_RANGE
    ax.set_xlim(min(low, x.min()) - 0.02, max(high, x.max()) + 0.02)
    ax.set_xlabel("α = P(player 1 bets the jack)")
    ax.set_ylabel("exploitability (chips per hand)")
    ax.set_title(title or "Exploitability inside and outside Kuhn's family")
    ax.legend(fontsize=8, loc="upper left")
    return figure


def learned_alpha_figure(
    algorithms: Sequence[str],
    x: Sequence[float] | np.ndarray,
    alphas: Sequence[float] | np.ndarray,
    king_bets: Sequence[float] | np.ndarray,
    x_label: str,
    log_x: bool = False,
    dodge: float = 0.0,
    title: str | None = None,
) -> Figure:
    """Where runs land in the family: learned alpha against ``x`` (left), and each run's
    ``P(bet K)`` against its alpha with the family's relation ``P(bet K) = 3 alpha`` (right).

    Entry n of ``algorithms``, ``x``, ``alphas`` and ``king_bets`` describes one run: its
    algorithm's name, where it goes on the horizontal axis (a start number, an iteration count),
    ``alpha_of(average policy)`` and the average policy's probability of betting the king at
    ``"K:"``. One marker and colour per algorithm, in order of first appearance. ``dodge`` moves
    the m algorithms' points on the left apart: algorithm k is drawn at
    ``x + (k - (m - 1)/2) dodge``,
    or on a log axis at ``x * 10^((k - (m - 1)/2) dodge)``, so runs at the same x stay visible.
    """
    names = [str(name) for name in algorithms]
    position = as_finite_vector(x, "x", len(names))
    alpha = as_finite_vector(alphas, "alphas", len(names))
    king = as_finite_vector(king_bets, "king_bets", len(names))
    if not names:
        raise ValueError("learned_alpha_figure needs at least one run")
    if log_x and np.any(position <= 0):
        raise ValueError(f"a log axis needs positive x, got {position.min()!r}")
    order = list(dict.fromkeys(names))
    colours = variant_colours(order)
    figure, (alpha_ax, king_ax) = new_figure(8.9, 4.6, ncols=2)  # at most the column's width
    low, high = ALPHA_RANGE
    _shade_family(alpha_ax, vertical=False)
    _shade_family(king_ax, vertical=True)
    line = np.array([low, high])
    king_ax.plot(
        line,
        3 * line,
        color=REFERENCE_COLOUR,
        linestyle="--",
        linewidth=1.2,
        label="the family: P(bet K) = 3α",
    )
    for k, name in enumerate(order):
        mine = np.array([n == name for n in names])
        style = {
            "marker": _MARKERS[k % len(_MARKERS)],
            "color": colours[name],
            "s": 36,
            "alpha": 0.85,
            "label": name,
        }
        shift = (k - (len(order) - 1) / 2) * dodge
        shown = position[mine] * 10.0**shift if log_x else position[mine] + shift
        alpha_ax.scatter(shown, alpha[mine], **style)
        king_ax.scatter(alpha[mine], king[mine], **style)
    if log_x:
        alpha_ax.set_xscale("log")
    alpha_ax.set_ylim(min(low, alpha.min()) - 0.03, max(high, alpha.max()) + 0.16)  # the legend
    alpha_ax.set_xlabel(x_label)
    alpha_ax.set_ylabel("learned α = P(player 1 bets the jack)")
    alpha_ax.set_title("Learned α")
    alpha_ax.legend(fontsize=8, loc="upper center", ncols=3, columnspacing=0.8)
    king_ax.set_xlim(min(low, alpha.min()) - 0.02, max(high, alpha.max()) + 0.02)
    king_ax.set_ylim(min(0.0, king.min()) - 0.05, max(1.0, king.max()) + 0.05)
    king_ax.set_xlabel("learned α")
    king_ax.set_ylabel("learned P(player 1 bets the king)")
    king_ax.set_title("The value bets follow the bluffs")
    king_ax.legend(fontsize=8, loc="lower right")
    figure.suptitle(title or "Where CFR and its variants land in Kuhn's family")
    return figure


def _shade_family(ax: Axes, vertical: bool) -> None:
    """Shade the interval ``[0, 1/3]`` of alpha: a vertical band on an alpha x-axis, else a
    horizontal band on an alpha y-axis."""
    low, high = ALPHA_RANGE
    span = ax.axvspan if vertical else ax.axhspan
    span(low, high, color=REFERENCE_COLOUR, alpha=0.13, linewidth=0, label=_FAMILY_LABEL)
