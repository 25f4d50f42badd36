"""How large a figure's text is: measured while the figure is drawn, and recorded in its PNG.

A figure's text is legible on the page only if it is large enough *where it is shown*. The book's
PNGs are drawn at ``dpi`` dots per inch, so text of ``s`` points is ``s * dpi / 72`` pixels tall in
the image; the page shows the image ``w`` CSS pixels wide, so the text reads at

    s * dpi / 72 * w / (image width in pixels)     CSS pixels.

The page's width is known only in the browser, so each PNG carries the size of its smallest text
(in points, or "none", in a ``tEXt`` chunk under :data:`SMALLEST_TEXT_KEY`) and its dpi, and the
site check computes the formula for every figure of every page (``tests/test_site.py``).

The sizes are recorded by the renderer itself, as it draws, so only text that is really drawn
counts (not the labels of ticks outside the axes' limits, not an empty title). A size is the font
size of a piece of text, as a CSS ``font-size`` is: an exponent inside it (``10⁻³``) is drawn
smaller by the font, as ``<sup>`` is on a web page.
"""

from __future__ import annotations

import io
import struct
import zlib

from matplotlib.animation import Animation
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg
from matplotlib.figure import Figure
from PIL import PngImagePlugin

#: The PNG text key under which a book figure records the size of its smallest text, in points.
SMALLEST_TEXT_KEY = "lessons_lib smallest text (pt)"


class MeasuringRenderer(RendererAgg):
    """An Agg renderer that keeps the size, in points, of the smallest text it has drawn."""

    def __init__(self, width: float, height: float, dpi: float) -> None:
        super().__init__(width, height, dpi)
        self.smallest_text: float | None = None

    def clear(self) -> None:
        """Start a new drawing (the canvas calls this before every full draw)."""
        super().clear()
        self.smallest_text = None

    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None) -> None:
        if s.strip():
            size = prop.get_size_in_points()
            self.smallest_text = (
                size if self.smallest_text is None else min(self.smallest_text, size)
            )
        super().draw_text(gc, x, y, s, prop, angle, ismath=ismath, mtext=mtext)


class MeasuringCanvas(FigureCanvasAgg):
    """An Agg canvas that draws with a :class:`MeasuringRenderer` (``savefig`` uses it as is)."""

    def get_renderer(self) -> MeasuringRenderer:
        width, height = self.figure.bbox.size
        key = (width, height, self.figure.dpi)
        if getattr(self, "_measuring_key", None) != key:  # a new size: a new renderer, as Agg does
            self.renderer = MeasuringRenderer(width, height, self.figure.dpi)
            self._measuring_key = key
        return self.renderer

    @property
    def smallest_text(self) -> float | None:
        """The smallest text of the last drawing, in points (None before a drawing or if none)."""
        renderer = getattr(self, "renderer", None)
        return renderer.smallest_text if isinstance(renderer, MeasuringRenderer) else None


def png_text(smallest_points: float | None) -> PngImagePlugin.PngInfo:
    """The PNG text chunk that records a figure's smallest text ("none" for a figure without)."""
    info = PngImagePlugin.PngInfo()
    info.add_text(SMALLEST_TEXT_KEY, _recorded(smallest_points))
    return info


def _recorded(smallest_points: float | None) -> str:
    return "none" if smallest_points is None else f"{smallest_points:.2f}"


def with_text_chunk(png: bytes, key: str, value: str) -> bytes:
    """PNG bytes with one more ``tEXt`` chunk (``key``, ``value``), placed right after the header.

    A chunk is its length (4 bytes, big-endian), its type, its data and the CRC-32 of type and
    data (the PNG specification, section 5.3); the header chunk ``IHDR`` is 13 bytes of data.
    """
    signature_and_header = 8 + 4 + 4 + 13 + 4
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise ValueError(f"png: not a PNG image (it starts {png[:16]!r})")
    data = key.encode("latin-1") + b"\0" + value.encode("latin-1")
    chunk = b"tEXt" + data
    packed = struct.pack(">I", len(data)) + chunk + struct.pack(">I", zlib.crc32(chunk))
    return png[:signature_and_header] + packed + png[signature_and_header:]


def measured_png(figure: Figure, dpi: int = 100) -> bytes:
    """``figure`` saved as PNG bytes at ``dpi`` (``savefig``), recording its smallest text."""
    canvas = MeasuringCanvas(figure)  # the figure draws on it from now on
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, facecolor=figure.get_facecolor())
    return with_text_chunk(buffer.getvalue(), SMALLEST_TEXT_KEY, _recorded(canvas.smallest_text))


def smallest_text_points(figure: Figure) -> float | None:
    """The size, in points, of the smallest text ``figure`` draws (None if it draws none)."""
    canvas = MeasuringCanvas(figure)
    canvas.draw()
    return canvas.smallest_text


def animation_figure(animation: Animation) -> Figure:
    """The figure an animation draws on (matplotlib keeps it as ``_fig``, with no public getter)."""
    return animation._fig
