"""Figures of Chapter 9's river spots: how a range splits its play between the actions.

- :func:`action_mix_figure`  one horizontal bar per situation (a player at a decision, in one spot
  or another), cut into the shares of the range that take each action, so that two spots, or a
  spot before and after a node lock, can be compared at a glance

Numbers are given, never computed here from a game, so that the figure draws exactly its data.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure

from lessons_lib.plots.holdem import action_styles
from lessons_lib.plots.style import new_figure
from lessons_lib.validation import check_instance, check_number, describe, mapping_of

#: The smallest share (of a bar's length) whose percentage is written inside its segment.
SHOWN_SHARE = 0.06


def action_mix_figure(
    mixes: Mapping[str, Mapping[str, float]],
    title: str = "How each range splits between the actions",
) -> Figure:
    """``mixes[situation][action]``: the share of the range that takes ``action`` there. One
    horizontal bar per situation (the first at the top), its segments in the order the actions
    first appear, each in its action's colour (:func:`~lessons_lib.plots.holdem.action_styles`,
    the same colour for the same size in every figure of the chapter) and labelled with its
    percentage when it is at least :data:`SHOWN_SHARE` of the bar. Each situation's shares are
    probabilities that sum to 1."""
    check_instance(title, str, "title", "a string")
    if not mapping_of(mixes, "mixes"):
        raise ValueError("mixes must hold at least one situation")
    actions: list[str] = []
    for situation, mix in mixes.items():
        where = f"mixes[{describe(situation, 40)}]"
        if not isinstance(situation, str):
            raise ValueError(
                f"mixes must be keyed by situations in words, got {describe(situation)}"
            )
        if not mapping_of(mix, where) or not all(isinstance(a, str) for a in mix):
            raise ValueError(f"{where} must map action names to shares, got {describe(mix)}")
        shares = [
            check_number(p, f"{where}[{a!r}]", minimum=0.0, maximum=1.0) for a, p in mix.items()
        ]
        if abs(sum(shares) - 1.0) > 1e-6:
            raise ValueError(f"{where} must sum to 1 over the actions, got {describe(mix)}")
        actions += [a for a in mix if a not in actions]
    styles = dict(zip(actions, action_styles(actions), strict=True))
    figure, (ax,) = new_figure(6.8, 1.3 + 0.55 * len(mixes))
    ax.grid(False)
    rows = np.arange(len(mixes))[::-1]  # the first situation on top
    left = np.zeros(len(mixes))
    for action in actions:
        widths = np.array([100.0 * float(mix.get(action, 0.0)) for mix in mixes.values()])
        colour = styles[action][0]
        ax.barh(rows, widths, left=left, height=0.7, color=colour, label=action, edgecolor="white")
        dark = sum(to_rgb(colour)) < 1.5  # white text on dark colours
        for row, start, width in zip(rows, left, widths, strict=True):
            if width >= 100 * SHOWN_SHARE:
                ax.text(
                    start + width / 2,
                    row,
                    f"{width:.0f}%",
                    ha="center",
                    va="center",
                    fontsize=9,
                    color="white" if dark else "black",
                )
        left += widths
    ax.set_yticks(rows, list(mixes), fontsize=9)
    ax.set_xlim(0, 100)
    ax.set_xlabel("share of the range (%)")
    ax.set_title(title)
    # below the axes, so that no bar is covered
    figure.legend(loc="outside lower center", fontsize=9, ncols=min(len(actions), 3))
    return figure
