"""Figures that compare the algorithms of the CFR family: how fast, and where in Kuhn's family.

The algorithms are series, not players, so they never take a player's colour:
:data:`VARIANT_COLOURS` holds five colours that differ from both players' and from chance's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import MultipleLocator

from lessons_lib.core.checkpoints import Checkpoint
from lessons_lib.kuhn_equilibria import ALPHA_RANGE
from lessons_lib.plots.axes import label_exploitability_axes
from lessons_lib.plots.style import (
    ALGORITHM_COLOURS,
    REFERENCE_COLOUR,
    algorithm_colour,
    new_figure,
)
from lessons_lib.validation import (
    as_finite_array,
    check_number,
    describe,
    is_number,
    list_of,
    mapping_of,
)

#: Colours for runs whose label names no algorithm: the algorithms' colours, in a fixed order.
VARIANT_COLOURS: tuple[str, ...] = tuple(ALGORITHM_COLOURS.values())

#: Where a residual of zero is drawn on the log axis of :func:`family_landing_figure`.
_SMALLEST_RESIDUAL = 1e-16

#: Line styles of the reference lines, in order (all in the grey reference colour).
_REFERENCE_STYLES = ("--", ":", "-.")


def variant_colours(names: Sequence[str]) -> dict[str, str]:
    """One colour per run name: its algorithm's colour (the same in every chapter), or else the
    next of :data:`VARIANT_COLOURS` in order (cycling after five)."""
    names = list_of(names, "names")
    return {
        name: algorithm_colour(name) or VARIANT_COLOURS[k % len(VARIANT_COLOURS)]
        for k, name in enumerate(names)
    }


def rate_line(iterations: np.ndarray, exponent: float, anchor: tuple[float, float]) -> np.ndarray:
    """``c T^(-exponent)`` at ``iterations``, with ``c`` chosen so the line passes through
    ``anchor``.

    ``anchor`` is a point ``(T0, value)``: the line equals ``value * (T / T0)^(-exponent)``.
    """
    point = list_of(anchor, "anchor")
    if len(point) != 2 or not all(is_number(v) and v > 0 for v in point):
        raise ValueError(
            f"anchor must be a point (T0, value) with both positive, got {describe(anchor)}"
        )
    start, value = float(point[0]), float(point[1])
    exponent = check_number(exponent, "exponent")
    steps = as_finite_array(iterations, "iterations")
    if np.any(steps <= 0):
        raise ValueError(f"iterations must be positive, got {describe(iterations)}")
    with np.errstate(over="ignore"):
        line = value * (steps / start) ** (-exponent)
    if not np.all(np.isfinite(line)):
        raise ValueError(f"the line T^(-{exponent!r}) overflows at the given iterations")
    return line


def variants_convergence_figure(
    histories: Mapping[str, Sequence[Checkpoint]],
    rates: Sequence[float] = (0.5, 1.0),
    bound: tuple[str, np.ndarray, np.ndarray] | None = None,
    colours: Mapping[str, str] | None = None,
    title: str = "Exploitability of the average strategy",
) -> Figure:
    """Log-log curves of ``epsilon(sigma_bar^T)`` against T, one per run, with reference lines.

    ``histories`` maps a run's name to its checkpoints (``CFRResult.history``). Each exponent p of
    ``rates`` adds a grey reference line ``c T^(-p)`` through the first checkpoint's largest
    exploitability (all runs start from the same uniform strategy, so they agree there). ``bound``,
    when given as ``(label, iterations, values)``, adds a worst-case bound as a grey line.
    Checkpoints with zero exploitability are left out, since a log axis cannot show them.
    """
    if not isinstance(histories, Mapping) or not histories:
        raise ValueError(f"histories must map run names to checkpoint lists, got {histories!r}")
    chosen = {**variant_colours(list(histories)), **(colours or {})}
    figure, (ax,) = new_figure(7.6, 4.8)
    start, highest = None, 0.0
    for name, history in histories.items():
        iterations, values = _curve(name, history)
        keep = values > 0
        ax.loglog(iterations[keep], values[keep], color=chosen[name], linewidth=1.7, label=name)
        if start is None or iterations[0] < start:
            start, highest = iterations[0], values[0]
        elif iterations[0] == start:
            highest = max(highest, values[0])
    last = max(h[-1].iteration for h in histories.values())
    span = np.geomspace(start, last, 200)
    for k, exponent in enumerate(rates):
        ax.loglog(
            span,
            rate_line(span, exponent, (start, highest)),
            color=REFERENCE_COLOUR,
            linestyle=_REFERENCE_STYLES[k % len(_REFERENCE_STYLES)],
            linewidth=1.2,
            label=_rate_label(exponent),
        )
    if bound is not None:
        label, iterations, values = bound
        ax.loglog(iterations, values, color=REFERENCE_COLOUR, linewidth=2.4, alpha=0.6, label=label)
    label_exploitability_axes(ax, "exploitability of the average (chips per hand)", title)
    return figure


def family_landing_figure(
    alphas: Mapping[str, float],
    residuals: Mapping[str, Mapping[str, float]],
    colours: Mapping[str, str] | None = None,
    title: str = "Where each run lands in Kuhn's family of equilibria",
) -> Figure:
    """Each run's learned alpha on the family's interval (left) and its distance from it (right).

    ``alphas`` maps a run's name to ``alpha_of(average policy)``; ``residuals`` maps it to
    ``family_residuals(average policy)``, whose largest absolute entry is drawn on a log axis. The
    family's interval ``[0, 1/3]`` is shaded: a run whose residuals are all zero is a member (it
    is drawn at :data:`_SMALLEST_RESIDUAL`, since a log axis has no zero).
    """
    names = list(mapping_of(alphas, "alphas"))
    mapping_of(residuals, "residuals")
    if not names:
        raise ValueError("alphas must name at least one run")
    if set(residuals) != set(names):
        raise ValueError(
            f"alphas and residuals must name the same runs, got {names!r} and {list(residuals)!r}"
        )
    chosen = {**variant_colours(names), **(colours or {})}
    for name in names:
        check_number(alphas[name], f"alphas[{name!r}]")
        for key, residual in mapping_of(residuals[name], f"residuals[{name!r}]").items():
            check_number(residual, f"residuals[{name!r}][{key!r}]")
    largest = {
        name: max(_SMALLEST_RESIDUAL, *(abs(v) for v in residuals[name].values())) for name in names
    }
    # At most the column's width (8.9 inches at 100 dpi), so that no text is shrunk below 9 px.
    figure, (alpha_ax, residual_ax) = new_figure(8.9, 0.55 * len(names) + 2.2, ncols=2)
    rows = np.arange(len(names))[::-1]  # the first run on top
    low, high = ALPHA_RANGE
    alpha_ax.axvspan(low, high, color=REFERENCE_COLOUR, alpha=0.15, linewidth=0)
    for edge in (low, high):
        alpha_ax.axvline(edge, color=REFERENCE_COLOUR, linestyle="--", linewidth=1.0)
    alpha_ax.text(
        (low + high) / 2,
        len(names) - 0.45,
        "Kuhn's family: α in [0, 1/3]",
        ha="center",
        va="bottom",
        fontsize=8,
        color=REFERENCE_COLOUR,
    )
    for row, name in zip(rows, names, strict=True):
        alpha_ax.plot(alphas[name], row, "o", color=chosen[name], markersize=8)
        alpha_ax.annotate(
            f"α = {alphas[name]:.3f}",
            (alphas[name], row),
            xytext=(0, 8),
            textcoords="offset points",
            ha="center",
            fontsize=8,
        )
        residual_ax.plot(largest[name], row, "o", color=chosen[name], markersize=8)
        residual_ax.hlines(row, 0, largest[name], color=chosen[name], linewidth=2)
    for ax in (alpha_ax, residual_ax):
        ax.set_yticks(rows, names)
        ax.set_ylim(-0.6, len(names) + 0.1)
    alpha_ax.set_xlim(low - 0.03, high + 0.03)
    alpha_ax.xaxis.set_major_locator(MultipleLocator(0.1))  # room for each label
    alpha_ax.set_xlabel("learned α = P(player 1 bets the jack)")
    alpha_ax.set_title("learned α")
    residual_ax.set_xscale("log")
    residual_ax.set_xlim(min(largest.values()) / 3, max(largest.values()) * 3)
    residual_ax.set_xlabel("largest |residual| from the family (log scale)")
    residual_ax.set_title("distance from the family member α")
    residual_ax.tick_params(labelleft=False)
    figure.suptitle(title)
    return figure


def _curve(name: str, history: Sequence[Checkpoint]) -> tuple[np.ndarray, np.ndarray]:
    if not history:
        raise ValueError(f"run {name!r} has no checkpoints")
    iterations = np.array([c.iteration for c in history], dtype=float)
    values = np.array([c.average_exploitability for c in history], dtype=float)
    if not np.all(np.isfinite(values)):
        raise ValueError(f"run {name!r} has a non-finite exploitability")
    return iterations, values


def _rate_label(exponent: float) -> str:
    if exponent == 0.5:
        return r"reference $\propto 1/\sqrt{T}$"
    if exponent == 1.0:
        return r"reference $\propto 1/T$"
    return rf"reference $\propto T^{{-{exponent:g}}}$"
