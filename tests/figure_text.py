"""The smallest text of a figure as it reads on the page, in CSS pixels (used by the plot tests).

A figure is a PNG at 100 dpi in a column about 890 CSS px wide, so a figure W inches wide shows at
``min(100 W, 890)`` px and text of s points reads at ``s * 100/72 * min(1, 8.9/W)`` px.
Superscripts (mathtext ``^``, or Unicode exponents such as the ``⁻²`` of ``10⁻²``) render at
about 0.7 of their text's size, so such text counts at 0.7 of its size.
"""

from __future__ import annotations

import re

from matplotlib.figure import Figure
from matplotlib.text import Text

COLUMN_INCHES = 8.9  # the column's width at 100 dpi
SUPERSCRIPT = re.compile(r"\$[^$]*\^[^$]*\$|[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]")


def smallest_text_px(figure: Figure) -> tuple[float, str]:
    """The smallest visible text of ``figure`` in CSS px on the page, and that text."""
    figure.draw_without_rendering()
    scale = 100 / 72 * min(1.0, COLUMN_INCHES / figure.get_figwidth())
    texts = list(figure.findobj(Text))
    for ax in figure.axes:
        for axis, limits in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
            low, high = min(limits), max(limits)
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                if low <= tick.get_loc() <= high:
                    texts += [tick.label1, tick.label2]
    smallest = (float("inf"), "")
    for text in texts:
        words = text.get_text()
        if not text.get_visible() or not words.strip():
            continue
        size = text.get_fontsize() * (0.7 if SUPERSCRIPT.search(words) else 1.0) * scale
        smallest = min(smallest, (size, words))
    return smallest
