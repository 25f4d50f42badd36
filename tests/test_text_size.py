"""The smallest text a figure draws, as its PNG records it for the site check (plots.text_size)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from matplotlib.animation import FuncAnimation
from PIL import Image

from lessons_lib import plots
from lessons_lib.plots.style import animation_html, new_figure
from lessons_lib.plots.text_size import SMALLEST_TEXT_KEY, smallest_text_points, with_text_chunk
from lessons_lib.widgets.live_figure import LiveFigure


def labelled_figure(note_size: float | None = None):
    figure, (ax,) = new_figure(4, 3)
    ax.plot([0, 1, 2], [0, 1, 0])
    ax.set_title("title", fontsize=14)
    ax.set_xlabel("x", fontsize=11)
    ax.tick_params(labelsize=9)
    if note_size is not None:
        ax.text(0.5, 0.5, "note", fontsize=note_size, transform=ax.transAxes)
    return figure


def recorded(png: bytes) -> str:
    return Image.open(io.BytesIO(png)).info[SMALLEST_TEXT_KEY]


def test_the_smallest_of_the_sizes_set_by_hand_is_recorded() -> None:
    assert smallest_text_points(labelled_figure()) == 9  # the tick labels
    assert smallest_text_points(labelled_figure(note_size=6.5)) == 6.5
    assert recorded(plots.figure_to_png(labelled_figure(note_size=6.5))) == "6.50"


def test_text_that_is_not_drawn_does_not_count() -> None:
    figure = labelled_figure()
    ax = figure.axes[0]
    ax.text(0.1, 0.1, "hidden", fontsize=3, visible=False)
    ax.text(0.1, 0.2, "   ", fontsize=2)  # blank
    ax.set_ylabel("", fontsize=1)  # empty
    assert smallest_text_points(figure) == 9


def test_a_figure_without_text_records_none() -> None:
    figure, (ax,) = new_figure(2, 2)
    ax.set_axis_off()
    assert smallest_text_points(figure) is None
    assert recorded(plots.figure_to_png(figure)) == "none"


def test_the_recorded_chunk_leaves_the_pixels_and_the_dpi_alone() -> None:
    figure = labelled_figure()
    plain = io.BytesIO()
    figure.savefig(plain, format="png", dpi=100, facecolor="white")
    marked = Image.open(io.BytesIO(plots.figure_to_png(figure)))
    reference = Image.open(io.BytesIO(plain.getvalue()))
    np.testing.assert_array_equal(np.asarray(marked), np.asarray(reference))
    assert marked.size == (400, 300) and round(marked.info["dpi"][0]) == 100


def test_with_text_chunk_refuses_what_is_not_a_png() -> None:
    with pytest.raises(ValueError, match="png: not a PNG image"):
        with_text_chunk(b"GIF89a" + bytes(40), "key", "value")


def test_a_live_figure_records_what_a_full_draw_records() -> None:
    figure = labelled_figure(note_size=7)
    assert recorded(LiveFigure(figure).png()) == "7.00"


def test_an_animation_records_its_frames_text_size_and_dpi() -> None:
    figure = labelled_figure(note_size=8)
    (line,) = figure.axes[0].get_lines()
    animation = FuncAnimation(figure, lambda k: (line.set_ydata([0, k, 0]),), frames=2)
    html = animation_html(animation, fps=2)
    assert html.startswith('<div class="book-animation" data-dpi="100"')
    assert 'data-smallest-text-points="8.00"' in html


def test_an_animation_keeps_its_frames_but_in_a_palette_of_256_colours() -> None:
    import base64
    import re

    from lessons_lib.plots.style import _palette_frames

    figure = labelled_figure(note_size=8)
    (line,) = figure.axes[0].get_lines()
    animation = FuncAnimation(figure, lambda k: (line.set_ydata([0, k, 0]),), frames=3)
    raw = animation.to_jshtml(fps=2)
    frame = re.compile(r'"data:image/png;base64,([A-Za-z0-9+/=\\\s]+)"')
    originals = [base64.b64decode(re.sub(r"[\\\s]", "", f)) for f in frame.findall(raw)]
    reduced = [base64.b64decode(f) for f in frame.findall(_palette_frames(raw))]
    assert len(originals) == len(reduced) == 3
    for original, smaller in zip(originals, reduced, strict=True):
        before, after = Image.open(io.BytesIO(original)), Image.open(io.BytesIO(smaller))
        assert after.mode == "P" and after.size == before.size == (400, 300)
        difference = np.abs(
            np.asarray(before.convert("RGB"), float) - np.asarray(after.convert("RGB"), float)
        )
        assert difference.mean() < 0.5  # out of 255: nothing a reader can see
        assert len(smaller) < len(original)


def test_an_animation_loads_nothing_from_another_host() -> None:
    figure = labelled_figure()
    (line,) = figure.axes[0].get_lines()
    animation = FuncAnimation(figure, lambda k: (line.set_ydata([0, k, 0]),), frames=2)
    html = animation_html(animation, fps=2)
    assert "https://" not in html and "http://" not in html
