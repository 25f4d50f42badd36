"""A figure redrawn many times a second: its still parts are drawn once, its lines every frame.

A full draw of a log-log figure takes matplotlib a fifth of a second, most of it laying out the
tick labels; a live demo that redraws after every chunk of training cannot afford that. When only
the lines of a figure change (its axes, labels and legend stay put), the still parts can be drawn
once and kept as a bitmap, the *background*; each frame pastes the background back and draws just
the lines, the notes and the axes' frames over it. This is matplotlib's "blitting" (see its guide
"Faster rendering by using blitting"); a frame then costs a few milliseconds, most of them encoding
the PNG.

The lines, notes and frames (spines) are drawn in the order of a full draw, so a frame equals a full
draw of the same figure pixel for pixel, except where a line crosses the legend: in the background,
the legend lies under the lines instead of over them.
"""

from __future__ import annotations

import io

from matplotlib.artist import Artist
from matplotlib.figure import Figure
from PIL import Image

from lessons_lib.plots.text_size import MeasuringCanvas, png_text

#: Fast PNG compression: the frames are a little larger and encode several times faster.
PNG_COMPRESSION = 1


class LiveFigure:
    """Frames of ``figure`` as PNG bytes; change its lines (``line.set_data``), then :meth:`png`."""

    def __init__(self, figure: Figure, dpi: int = 100) -> None:
        self.figure = figure
        self._dpi = dpi
        self._canvas = MeasuringCanvas(figure)  # it records the smallest text it draws
        self._background = None

    def moving_artists(self) -> list[Artist]:
        """What each frame redraws: every axes' lines, texts and spines,
        in the order of a full draw.

        (An axes' texts are those placed with ``ax.text``, such as a note; not its labels or title.)
        """
        artists: list[Artist] = []
        for ax in self.figure.axes:
            artists += ax.get_lines() + ax.texts + list(ax.spines.values())
        return sorted(artists, key=lambda artist: artist.get_zorder())  # a stable sort

    def png(self) -> bytes:
        """The figure as it is now, as PNG bytes (at ``dpi`` dots per inch, like ``savefig``)."""
        if self._background is None:
            self._draw_background()
        self._canvas.restore_region(self._background)
        for artist in self.moving_artists():
            self.figure.draw_artist(artist)
        rgba = self._canvas.buffer_rgba()
        image = Image.frombuffer("RGBA", (rgba.shape[1], rgba.shape[0]), rgba, "raw", "RGBA", 0, 1)
        buffer = io.BytesIO()
        image.save(
            buffer,
            format="png",
            dpi=(self._dpi, self._dpi),
            pnginfo=png_text(self._canvas.smallest_text),
            compress_level=PNG_COMPRESSION,
        )
        return buffer.getvalue()

    def _draw_background(self) -> None:
        """Draw everything but the moving artists once (laying the figure out), and keep it."""
        self.figure.set_dpi(self._dpi)
        moving = self.moving_artists()
        for artist in moving:
            artist.set_animated(True)  # a full draw skips animated artists
        self._canvas.draw()
        # The layout is done: keep it, so that the moving artists stay where the background expects.
        self.figure.set_layout_engine("none")
        self._background = self._canvas.copy_from_bbox(self.figure.bbox)
