"""Axis arithmetic shared by the figures and the live demo: log-axis ranges and their labels, and
the labels of an exploitability curve against the iterations."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.ticker import FuncFormatter, LogLocator, NullLocator

from lessons_lib.validation import as_finite_array, check_number, describe, is_real, list_of


def decades_around(values: Sequence[float]) -> tuple[float, float]:
    """The powers of ten just below the smallest and above the largest of positive ``values``.

    At least one decade apart, so that a log axis with these limits labels two powers of ten.
    """
    points = as_finite_array(values, "values")
    if not points.size or not np.all(points > 0):
        raise ValueError(f"values must be positive numbers, got {values!r}")
    low, high = np.floor(np.log10(points.min())), np.ceil(np.log10(points.max()))
    return float(10**low), float(10 ** max(high, low + 1))


def checked_log_range(limits: tuple[float, float] | None, name: str) -> tuple[float, float] | None:
    """``None``, or a pair ``0 < low < high`` of finite numbers (a range on a log axis)."""
    if limits is None:
        return None
    pair = list_of(limits, name) if not isinstance(limits, str) else None
    if pair is None or len(pair) != 2 or not all(is_real(value) for value in pair):
        raise ValueError(f"{name} must be a pair (low, high), got {describe(limits)}")
    low, high = (float(value) for value in pair)
    if not (np.isfinite(low) and np.isfinite(high) and 0 < low < high):
        raise ValueError(f"{name} must satisfy 0 < low < high on a log axis, got {limits!r}")
    return low, high


def light_log_axis(axis: object) -> None:
    """Powers of ten only, labelled in plain text (``10⁻²``): several times faster to draw than the
    default minor ticks and mathtext labels, which matters for the live demo's redraws, for
    figures of many panels and for animation frames."""
    axis.set_major_locator(LogLocator(base=10.0, numticks=12))
    axis.set_minor_locator(NullLocator())
    axis.set_major_formatter(FuncFormatter(lambda value, _: power_of_ten(value)))


def power_of_ten(value: float) -> str:
    """``1``, ``10``, ``10²``, ``10⁻³``: a power of ten with a Unicode superscript exponent."""
    check_number(value, "value", minimum=0.0, open_minimum=True)
    exponent = int(round(np.log10(value)))
    if exponent in (0, 1):
        return f"{10**exponent:g}"
    digits = str(exponent).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
    return f"10{digits}"


def label_exploitability_axes(ax: Axes, ylabel: str, title: str, legend_size: float = 8) -> None:
    """The words around log-log curves of exploitability against T: ``iterations T`` below,
    ``ylabel`` (the unit) at the left, ``title`` above, and the legend (``legend_size`` points) in
    the lower left corner, which curves that fall with T leave free."""
    ax.set_xlabel("iterations T")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=legend_size, loc="lower left")
