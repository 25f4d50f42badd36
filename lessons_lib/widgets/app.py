"""The frame of every interactive demo: an ipywidgets app built from pure functions.

Each app is an :class:`App`: named controls, panels and a status line. A render function maps the
controls' values to the panels and the status; ``refresh()`` calls it and shows the result, and the
controls call ``refresh()`` when they change. A panel is a Figure from :mod:`lessons_lib.plots`
(shown as a PNG image), a :class:`~lessons_lib.widgets.live_figure.LiveFigure` (a figure whose
lines change, redrawn fast) or a string of HTML (a table). Because figures are shown as
``ipywidgets.Image`` (PNG bytes) and tables as ``ipywidgets.HTML``, an app can be driven from
Python (set a value, click a button) and what it shows inspected, which is how the tests check
it. In a live kernel, display the app as the last expression of a cell.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import ipywidgets as widgets
from matplotlib.figure import Figure

from lessons_lib import plots
from lessons_lib.widgets import twins
from lessons_lib.widgets.live_figure import LiveFigure

#: What an app shows beside its status: a figure, a live figure, or HTML.
Panel = Figure | LiveFigure | str
#: A render function maps the controls' values to panels and a status text (HTML).
Render = Callable[[Mapping[str, object]], tuple[list[Panel], str]]
#: Pixels per inch of figure width on screen (figures are drawn at 100 dots per inch, so they stay
#: sharp on high-density screens).
SCREEN_PIXELS_PER_INCH = 80


class App:
    """Controls, panels and a status line, kept consistent by :meth:`refresh`.

    The kind of each panel (image or HTML) is set by the first render and must not change.
    ``images`` are the panels drawn from figures, ``tables`` those given as HTML.
    """

    def __init__(
        self,
        controls: Mapping[str, widgets.Widget],
        render: Render,
        buttons: Mapping[str, widgets.Button] | None = None,
    ) -> None:
        self.controls = dict(controls)
        self.buttons = dict(buttons or {})
        self.render = render
        #: Anything the app keeps between events (a game in progress, a bot).
        self.state: dict[str, object] = {}
        #: The in-page twin the static site shows instead of the widget: its name and its data
        #: (:mod:`lessons_lib.widgets.twins`), or None for an app without one.
        self.twin: tuple[str, Mapping[str, object]] | None = None
        panels, status = render(self.values())
        self.panels = [
            widgets.HTML() if isinstance(panel, str) else widgets.Image(format="png")
            for panel in panels
        ]
        self.images = [panel for panel in self.panels if isinstance(panel, widgets.Image)]
        self.tables = [panel for panel in self.panels if isinstance(panel, widgets.HTML)]
        self.status = widgets.HTML()
        for control in self.controls.values():
            control.observe(lambda _change: self.refresh(), names="value")
        rows: list[widgets.Widget] = []
        if self.controls:
            rows.append(
                widgets.HBox(list(self.controls.values()), layout={"flex_flow": "row wrap"})
            )
        if self.buttons:
            rows.append(widgets.HBox(list(self.buttons.values()), layout={"flex_flow": "row wrap"}))
        rows.append(self.status)
        rows.append(
            widgets.HBox(self.panels, layout={"flex_flow": "row wrap", "align_items": "center"})
        )
        self.ui = widgets.VBox(rows)
        self._show(panels, status)

    def values(self) -> dict[str, object]:
        return {name: control.value for name, control in self.controls.items()}

    def refresh(self) -> None:
        """Recompute the panels and the status from the current control values."""
        self._show(*self.render(self.values()))

    def _show(self, panels: list[Panel], status: str) -> None:
        if len(panels) != len(self.panels):
            raise ValueError(f"the app has {len(self.panels)} panels, render gave {len(panels)}")
        for number, (shown, panel) in enumerate(zip(self.panels, panels, strict=True)):
            if isinstance(shown, widgets.HTML) != isinstance(panel, str):
                raise ValueError(f"panel {number} changed kind: it became {type(panel).__name__}")
            if isinstance(panel, str):
                shown.value = panel
                continue
            figure = panel.figure if isinstance(panel, LiveFigure) else panel
            shown.value = (
                panel.png() if isinstance(panel, LiveFigure) else plots.figure_to_png(panel)
            )
            shown.layout.width = f"{int(figure.get_figwidth() * SCREEN_PIXELS_PER_INCH)}px"
        self.status.value = status

    def _repr_mimebundle_(self, **kwargs: object) -> dict:
        """The widget view for a live kernel, and the twin's HTML for the static site."""
        bundle = self.ui._repr_mimebundle_(**kwargs)
        if self.twin is not None:
            bundle = {**bundle, twins.HTML_MIME: twins.twin_html(*self.twin)}
        return bundle


def slider(description: str, value: float, low: float, high: float, step: float) -> widgets.Widget:
    """An integer slider when value and step are integers, else a float slider;
    updates on release."""
    integer = isinstance(step, int) and isinstance(value, int)
    kind = widgets.IntSlider if integer else widgets.FloatSlider
    return kind(
        value=value,
        min=low,
        max=high,
        step=step,
        description=description,
        style={"description_width": "initial"},
        continuous_update=False,
    )
