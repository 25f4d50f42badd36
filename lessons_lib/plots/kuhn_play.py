"""Figures for playing many hands: a session's running total and running mean per hand."""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure
from scipy.stats import norm

from lessons_lib.plots.style import PLAYER_COLOURS, REFERENCE_COLOUR, new_figure
from lessons_lib.validation import (
    as_finite_array,
    check_choice,
    check_number,
    describe,
    is_number,
)

#: Sessions of at most this many hands mark every hand with a dot.
_MARKED_HANDS = 50


def running_mean_figure(
    payoffs: np.ndarray | list[float],
    exact_value: float,
    seat: int,
    confidence: float = 0.95,
    title: str | None = None,
) -> Figure:
    """A session hand by hand: the running total (left) and the running mean per hand (right).

    ``payoffs`` are the chips won by the player in ``seat`` (1 or 2) in each hand, in order, and
    ``exact_value`` is that player's exact expected value per hand. Left: the total after ``n``
    hands against the expected total ``n * exact_value``. Right, on a log axis of hands: the mean
    of the first ``n`` hands with its normal-approximation interval ``mean +- z s_n / sqrt(n)``
    (shown from the second hand on, and clipped to the range of the payoffs seen), and the exact
    value. The axes show at least ten hands; with no hands yet, only the expectation.
    """
    check_choice(seat, (1, 2), "seat")
    values = as_finite_array(payoffs, "payoffs").reshape(-1)
    exact_value = check_number(exact_value, "exact_value")
    if not (is_number(confidence) and 0.0 < confidence < 1.0):
        raise ValueError(
            f"confidence must lie strictly between 0 and 1, got {describe(confidence)}"
        )
    colour = PLAYER_COLOURS[seat]
    figure, (total_ax, mean_ax) = new_figure(8.9, 3.9, ncols=2)  # at most the column, 8.9 inches
    n = values.size
    hands = np.arange(1, n + 1)
    last = max(n, 10)  # an empty session still shows the first ten hands' expectation

    total_ax.plot(
        [0, last],
        [0.0, last * exact_value],
        color=REFERENCE_COLOUR,
        linestyle="--",
        linewidth=1.2,
        label=f"expected total: {exact_value:+.4f} per hand",
    )
    mean_ax.axhline(
        exact_value,
        color=REFERENCE_COLOUR,
        linestyle="--",
        linewidth=1.2,
        label=f"exact value {exact_value:+.4f}",
    )
    if n:
        marker = "o" if n <= _MARKED_HANDS else None  # a few hands: show each one
        total_ax.plot(
            np.concatenate([[0], hands]),
            np.concatenate([[0.0], np.cumsum(values)]),
            color=colour,
            linewidth=1.6,
            marker=marker,
            markersize=3,
            label="running total",
        )
        mean = np.cumsum(values) / hands
        mean_ax.plot(
            hands,
            mean,
            color=colour,
            linewidth=1.6,
            marker=marker,
            markersize=3,
            label="running mean",
        )
        if n >= 2:
            half_width = _running_half_width(values, confidence)[1:]
            low, high = values.min(), values.max()
            mean_ax.fill_between(
                hands[1:],
                np.clip(mean[1:] - half_width, low, high),
                np.clip(mean[1:] + half_width, low, high),
                color=colour,
                alpha=0.2,
                linewidth=0,
                label=f"{confidence:.0%} interval",
            )
    else:
        for ax in (total_ax, mean_ax):
            ax.set_ylim(exact_value - 1.0, exact_value + 1.0)
            ax.text(
                0.5,
                0.75,
                "no hands yet",
                transform=ax.transAxes,
                ha="center",
                va="center",
                color=REFERENCE_COLOUR,
            )
    mean_ax.set_xscale("log")
    mean_ax.set_xlim(1, last)
    total_ax.set_xlim(0, last)
    total_ax.set_xlabel("hands played")
    total_ax.set_ylabel("chips won (total)")
    total_ax.set_title(f"Player {seat}'s running total")
    mean_ax.set_xlabel("hands played (log scale)")
    mean_ax.set_ylabel("chips won per hand")
    mean_ax.set_title(f"Player {seat}'s mean per hand")
    if n <= _MARKED_HANDS:
        for ax in (total_ax, mean_ax):
            ax.legend(fontsize=8, loc="best")
    else:
        # Fixed places, since "best" is slow with many points: the total drifts away from the
        # corner opposite its trend, and the mean settles on the right, where the band is thin.
        total_ax.legend(fontsize=8, loc="upper right" if exact_value < 0 else "lower right")
        mean_ax.legend(fontsize=8, loc="upper right")
    if title is not None:
        figure.suptitle(title)
    return figure


def _running_half_width(values: np.ndarray, confidence: float) -> np.ndarray:
    """``z s_n / sqrt(n)`` after every hand n (0 after the first): s_n uses the first n payoffs.

    Payoffs so large that their squares overflow are divided by the largest of them first (and
    the widths multiplied back), so finite payoffs always give finite widths.
    """
    with np.errstate(over="ignore", invalid="ignore"):
        widths = _half_widths(values, confidence)
    if np.all(np.isfinite(widths)):
        return widths
    scale = float(np.max(np.abs(values)))
    return scale * _half_widths(values / scale, confidence)


def _half_widths(values: np.ndarray, confidence: float) -> np.ndarray:
    n = np.arange(1, values.size + 1)
    total = np.cumsum(values)
    squares = np.cumsum(values**2)
    variance = np.zeros(values.size)
    more = n >= 2
    # Sum of squared deviations from the running mean, divided by n - 1; never below 0 by rounding.
    variance[more] = np.maximum(squares[more] - total[more] ** 2 / n[more], 0.0) / (n[more] - 1)
    z = float(norm.ppf(0.5 + confidence / 2.0))
    return z * np.sqrt(variance / n)
