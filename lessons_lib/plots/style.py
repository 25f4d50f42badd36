"""The book's figure style: one colour per player, white figures, and the PNG display hook.

One colour per player across the whole book, from the Okabe-Ito palette (safe for the common forms
of colour blindness): player 1 is blue, player 2 vermillion, chance green; reference lines are grey
and dashed. Figures have an opaque white background, so they stay legible on the dark theme.

Figures are built directly as :class:`BookFigure` objects, not through ``pyplot``, so a notebook
shows each one exactly once (as the cell's value, a PNG image) and nothing leaks between cells.
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
from collections.abc import Mapping
from types import MappingProxyType

import matplotlib
from matplotlib.animation import Animation
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from PIL import Image

from lessons_lib.plots.text_size import animation_figure, measured_png, smallest_text_points
from lessons_lib.validation import check_integer, check_number

matplotlib.rcParams["animation.embed_limit"] = 40.0  # MB; the book's animations are a few MB

#: The colour of each player, used in every figure of the book.
PLAYER_COLOURS: dict[int, str] = {1: "#0072B2", 2: "#D55E00"}
CHANCE_COLOUR = "#009E73"
REFERENCE_COLOUR = "#6E6E6E"
#: How a reference line is drawn (a target value, a rate to compare with): grey, dashed and thin;
#: ``ax.axhline(value, **REFERENCE_LINE, label=...)``.
REFERENCE_LINE: Mapping[str, object] = MappingProxyType(
    {"color": REFERENCE_COLOUR, "linestyle": "--", "linewidth": 1.2}
)
#: The colour of each algorithm, the same in every figure of the book; none is a player's or
#: chance's colour (Okabe-Ito black and orange, Paul Tol's teal, purple and green).
ALGORITHM_COLOURS: dict[str, str] = {
    "cfr": "#000000",
    "cfr+": "#E69F00",
    "lcfr": "#44AA99",
    "dcfr": "#AA4499",
    "cfr-alternating": "#117733",
}
#: Colours for series that are neither players nor algorithms (seeds, engines), in a fixed order.
SERIES_COLOURS = ("#000000", "#E69F00", "#44AA99", "#AA4499", "#882255", "#332288", "#999933")


class BookFigure(Figure):
    """A matplotlib Figure that a notebook displays as a PNG image when it is a cell's value."""

    def _repr_png_(self) -> bytes:
        return figure_to_png(self)


#: The largest side of a figure, in inches (the book's figures are at most 9 inches wide).
LARGEST_INCHES = 100.0
#: The most axes side by side in one figure.
MOST_COLUMNS = 50


def new_figure(
    width: float = 6.4, height: float = 4.0, ncols: int = 1
) -> tuple[Figure, list[Axes]]:
    """A white figure with ``ncols`` axes side by side, laid out without clipping.

    ``width`` and ``height`` are in inches, positive and at most :data:`LARGEST_INCHES`;
    ``ncols`` is a whole number from 1 to :data:`MOST_COLUMNS`.
    """
    for value, name in ((width, "width"), (height, "height")):
        check_number(value, name, minimum=0.0, open_minimum=True, maximum=LARGEST_INCHES)
    check_integer(ncols, "ncols", minimum=1, maximum=MOST_COLUMNS)
    figure = BookFigure(figsize=(width, height), layout="constrained", facecolor="white")
    axes = figure.subplots(1, ncols, squeeze=False)[0]
    for ax in axes:
        ax.set_facecolor("white")
        ax.grid(True, color="#DDDDDD", linewidth=0.6)
        ax.set_axisbelow(True)
    return figure, list(axes)


def figure_to_png(figure: Figure, dpi: int = 100) -> bytes:
    """The figure rendered as PNG bytes, recording the size of its smallest text (``text_size``)."""
    return measured_png(figure, dpi)


def animation_html(animation: Animation, fps: int) -> str:
    """The animation as self-contained HTML with its own controls (matplotlib's ``to_jshtml``).

    matplotlib names the page elements with a random id; this replaces it by a hash of the
    rest of the HTML, so that the same animation always gives the same text (and a re-executed
    chapter stores the same output). The HTML is wrapped in a ``div`` that records the frames' dpi
    and the size of their smallest text.
    """
    html = _palette_frames(animation.to_jshtml(fps=fps, default_mode="once"))
    # matplotlib links Font Awesome 4 from a CDN for its buttons' icons; the book loads nothing
    # from another host, and the theme's own Font Awesome draws the same icons.
    html = _CDN_STYLESHEET.sub("", html)
    ids = set(re.findall(r"_anim_img([0-9a-f]{32})", html))
    for random_id in ids:
        stable = hashlib.sha256(html.replace(random_id, "").encode()).hexdigest()[:32]
        html = html.replace(random_id, stable)
    # The frames are PNGs at the figure's dpi; the wrapper records their smallest text for the
    # site check (plots.text_size), as a figure's own PNG does.
    figure = animation_figure(animation)
    smallest = smallest_text_points(figure)
    size = "" if smallest is None else f' data-smallest-text-points="{smallest:.2f}"'
    return f'<div class="book-animation" data-dpi="{figure.dpi:g}"{size}>{html}</div>'


_CDN_STYLESHEET = re.compile(
    r'<link rel="stylesheet"\s+href="https://[^"]*font-awesome[^"]*"\s*/?>'
)
_FRAME = re.compile(r'"data:image/png;base64,([A-Za-z0-9+/=\\\s]+)"')


def _palette_frames(html: str) -> str:
    """The animation's PNG frames redrawn with a palette of 256 colours (a third of the bytes).

    The book's figures are lines and text on white: a palette of 256 colours, chosen per frame
    and without dithering, loses nothing a reader can see, and keeps each page light.
    """

    def palette(match: re.Match) -> str:
        data = base64.b64decode(re.sub(r"[\\\s]", "", match.group(1)))
        frame = Image.open(io.BytesIO(data)).convert("RGB")
        reduced = frame.quantize(
            colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
        buffer = io.BytesIO()
        reduced.save(buffer, format="png", optimize=True)
        return f'"data:image/png;base64,{base64.b64encode(buffer.getvalue()).decode()}"'

    return _FRAME.sub(palette, html)


def algorithm_colour(name: str) -> str | None:
    """The colour of the algorithm a run label names ("CFR+", "Linear CFR", "cfr, alternating"...).

    Labels are matched by the algorithm they mention, so a run keeps its colour across chapters;
    ``None`` for a label that names no algorithm of :data:`ALGORITHM_COLOURS`.
    """
    text = str(name).lower()
    if "cfr+" in text or "cfr plus" in text:
        return ALGORITHM_COLOURS["cfr+"]
    if "lcfr" in text or "linear" in text:
        return ALGORITHM_COLOURS["lcfr"]
    if "dcfr" in text or "discounted" in text:
        return ALGORITHM_COLOURS["dcfr"]
    if "cfr" in text and "altern" in text:
        return ALGORITHM_COLOURS["cfr-alternating"]
    if "cfr" in text and "mccfr" not in text:
        return ALGORITHM_COLOURS["cfr"]
    return None
