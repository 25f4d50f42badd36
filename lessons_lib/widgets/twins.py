"""The demos of the static site: what each in-page twin of an app needs, computed by the library.

On the rendered site there is no kernel, so each live demo also has a *twin*: a small in-page app
written in JavaScript (``book/_static/twins.js``, the one runtime of all twins, and one short file
per twin). An app that has a twin displays, besides its ipywidgets view, an HTML fallback::

    <div class="book-twin" data-twin="NAME"><script type="application/json">DATA</script></div>

A live kernel shows the widget and ignores the fallback; the book's static build shows the
fallback (``_config.yml`` drops the widget view for the HTML builder), and the runtime mounts the
twin named NAME on it. DATA holds every constant the twin needs that the library defines (names,
colours, schedules, equilibria), so a twin computes only what the reader changes, with ports of the
library's algorithms that the site tests (``tests/test_twins.py``) check against the library.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from fractions import Fraction

from matplotlib.figure import Figure

from lessons_lib.cfr import VARIANTS, variant_named
from lessons_lib.core.training import checkpoint_schedule
from lessons_lib.exploitability import to_mbb_per_game
from lessons_lib.kuhn_equilibria import ALPHA_RANGE, game_value, nash_equilibrium
from lessons_lib.plots.axes import checked_log_range
from lessons_lib.plots.style import PLAYER_COLOURS, REFERENCE_COLOUR, algorithm_colour
from lessons_lib.validation import check_instance, check_iterations, check_number, mapping_of

#: The MIME type of the fallback that the static site shows.
HTML_MIME = "text/html"


def twin_html(name: str, data: Mapping[str, object]) -> str:
    """The fallback HTML of a twin: the twin's name and its data as JSON, nothing to run."""
    if not isinstance(name, str) or not name or not all(c.isalnum() or c == "-" for c in name):
        raise ValueError(f"name must be letters, digits and hyphens, got {name!r}")
    try:
        text = json.dumps(data, allow_nan=False, separators=(",", ":"), sort_keys=True)
    except (TypeError, ValueError, RecursionError) as error:
        raise ValueError(f"data must be plain finite JSON data: {error}") from error
    text = text.replace("</", "<\\/")  # JSON inside a script element must not close it
    note = "This demo runs in the page; it needs JavaScript."
    return (
        f'<div class="book-twin" data-twin="{html.escape(name)}">'
        f'<script type="application/json">{text}</script>'
        f'<noscript><p class="twin-note">{note}</p></noscript></div>'
    )


def cfr_training_data(
    target: int, chunk: int, steps: Mapping[str, int], exploitability_range: tuple[float, float]
) -> dict[str, object]:
    """What the twin of :func:`~lessons_lib.widgets.cfr_training` needs.

    The algorithms with their titles and colours; the checkpoints of a run to ``target`` (the
    library's schedule, so the twin's curves have the app's points); both ends of Kuhn's family
    (every probability of the member alpha is linear in alpha, so they give every member); the
    game value; the units and colours of the plot and the table.
    """
    target = check_iterations(target, "target")
    chunk = check_iterations(chunk, "chunk")
    for label, n in mapping_of(steps, "steps").items():
        if not isinstance(label, str):
            raise ValueError(f"steps must map labels to iterations, got the label {label!r}")
        check_iterations(n, f"steps[{label!r}]")
    exploitability_range = checked_log_range(exploitability_range, "exploitability_range")
    if exploitability_range is None:
        raise ValueError("exploitability_range must be a pair (low, high), got None")
    low, high = nash_equilibrium(ALPHA_RANGE[0]), nash_equilibrium(ALPHA_RANGE[1])
    value = game_value()
    return {
        "algorithms": [
            {
                "name": name,
                "title": variant_named(name).title,
                "colour": algorithm_colour(variant_named(name).title),
            }
            for name in VARIANTS
        ],
        "checkpoints": checkpoint_schedule(0, target),
        "target": target,
        "chunk": chunk,
        "steps": [[label, n] for label, n in steps.items()],
        "exploitability_range": list(exploitability_range),
        "alpha_high": ALPHA_RANGE[1],
        "family_low": {key: float(p[1]) for key, p in low.items()},
        "family_high": {key: float(p[1]) for key, p in high.items()},
        "game_value": value,
        "game_value_text": fraction_text(value),
        "mbb_per_chip": to_mbb_per_game(1.0),
        "player_colours": {str(p): colour for p, colour in PLAYER_COLOURS.items()},
        "reference_colour": REFERENCE_COLOUR,
    }


def fraction_text(value: float) -> str:
    """``value`` as the nearest fraction with a small denominator, with a true minus sign."""
    check_number(value, "value")
    return str(Fraction(value).limit_denominator(1000)).replace("-", "−")


def figure_texts(figure: Figure) -> dict[str, object]:
    """The words of a library figure, for a twin that draws the same figure: the figure's title and,
    for each axes, its title, axis labels, legend labels and free texts (as matplotlib holds them).
    """
    check_instance(figure, Figure, "figure", "a matplotlib Figure")
    title = figure._suptitle.get_text() if figure._suptitle is not None else ""
    axes = []
    for ax in figure.axes:
        legend = ax.get_legend()
        axes.append(
            {
                "title": ax.get_title(),
                "xlabel": ax.get_xlabel(),
                "ylabel": ax.get_ylabel(),
                "legend": [text.get_text() for text in legend.get_texts()] if legend else [],
                "texts": [text.get_text() for text in ax.texts],
            }
        )
    return {"suptitle": title, "axes": axes}
