"""The live demo's figure updates: change a figure's curves in place instead of drawing it again.

Unlike the rest of :mod:`lessons_lib.plots`, these functions change a Figure they are given; the
widgets (:mod:`lessons_lib.widgets.cfr_training`) call them between frames.
"""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.figure import Figure

from lessons_lib.core.checkpoints import Checkpoint
from lessons_lib.plots.cfr import NO_ITERATIONS, exploitability_curves


def set_exploitability_curves(figure: Figure, history: Sequence[Checkpoint]) -> bool:
    """Give a figure of :func:`cfr_exploitability_figure` the curves of ``history``, axes unchanged.

    The update of an animation frame: only the curves' points change (and the note "no iterations
    yet" shows or hides); their styles, markers included, stay as drawn. It is possible when
    ``history`` fits inside the figure's axes; otherwise nothing changes and the answer is
    ``False`` (draw a new figure instead).
    """
    ax = figure.axes[0]
    lines = {line.get_label(): line for line in ax.get_lines()}
    show_current = any(label.startswith("current") for label in lines)
    reference = any(label.startswith("reference") for label in lines)
    (low, high), (bottom, top) = ax.get_xlim(), ax.get_ylim()
    curves = exploitability_curves(history, show_current, reference, reference_until=high)
    if [curve.label for curve in curves] != list(lines):
        raise ValueError("figure was not drawn by cfr_exploitability_figure")
    for curve in curves:
        if curve.label.startswith("reference") or not curve.iterations.size:
            continue  # the reference line may leave the axes, the data may not
        x, y = curve.iterations, curve.exploitability
        if not (low <= x[0] and x[-1] <= high and bottom <= y.min() and y.max() <= top):
            return False
    for curve in curves:
        lines[curve.label].set_data(curve.iterations, curve.exploitability)
    for text in ax.texts:
        if text.get_text() == NO_ITERATIONS:
            text.set_visible(not history)
    return True
