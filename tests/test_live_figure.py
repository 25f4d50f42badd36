"""LiveFigure's frames are drawn by blitting; each must equal a full draw of the same figure.

The independent derivation is matplotlib's own full draw (``savefig``, or a figure built afresh
with the new data): blitting may only change how fast a frame is made, never what it shows.
"""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from lessons_lib import plots
from lessons_lib.widgets.live_figure import LiveFigure


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))


def figure_with(x: list[float], y: list[float], note: bool = False):
    figure, (ax,) = plots.new_figure(4.0, 3.0)
    ax.plot(x, y, color=plots.PLAYER_COLOURS[1], marker="o", label="a curve")
    ax.plot([0, 10], [10, 0], color=plots.PLAYER_COLOURS[2], label="another")
    ax.text(5, 5, "a note", ha="center", visible=note)
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    ax.legend(loc="upper right")
    ax.set_title("a live figure")
    return figure


def test_the_first_frame_is_a_full_draw() -> None:
    figure = figure_with([1, 2, 3], [1, 4, 2])
    frame = LiveFigure(figure).png()
    np.testing.assert_array_equal(pixels(frame), pixels(plots.figure_to_png(figure)))
    assert pixels(frame).shape == (300, 400, 4)  # 4 by 3 inches at 100 dots per inch


def test_a_frame_after_new_data_equals_a_figure_drawn_with_it() -> None:
    figure = figure_with([1, 2, 3], [1, 4, 2])
    live = LiveFigure(figure)
    first = live.png()
    line = figure.axes[0].get_lines()[0]
    line.set_data([1, 2, 3, 4, 5], [1, 4, 2, 6, 3])
    figure.axes[0].texts[0].set_visible(True)
    frame = live.png()
    assert frame != first
    fresh = figure_with([1, 2, 3, 4, 5], [1, 4, 2, 6, 3], note=True)
    np.testing.assert_array_equal(pixels(frame), pixels(plots.figure_to_png(fresh)))


def test_the_layout_is_kept_after_the_first_frame() -> None:
    figure = figure_with([1, 2], [1, 2])
    live = LiveFigure(figure)
    live.png()
    position = figure.axes[0].get_position().bounds
    figure.axes[0].set_title("a much longer title, which a new layout would make room for")
    live.png()
    assert figure.axes[0].get_position().bounds == position


def test_the_moving_artists_are_lines_notes_and_spines_in_drawing_order() -> None:
    figure = figure_with([1, 2], [1, 2])
    moving = LiveFigure(figure).moving_artists()
    ax = figure.axes[0]
    assert set(moving) == set(ax.get_lines()) | set(ax.texts) | set(ax.spines.values())
    orders = [artist.get_zorder() for artist in moving]
    assert orders == sorted(orders)
