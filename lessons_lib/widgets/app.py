"""The frame of every interactive demo: an ipywidgets app built from pure functions.

Each app is an :class:`App`: named controls, images that show Figures from :mod:`lessons_lib.plots`,
and a status line. ``refresh()`` recomputes everything from the controls' values; the controls call
it when they change. Because figures are shown as ``ipywidgets.Image`` (PNG bytes), an app can be
driven from Python (set a value, click a button) and its images and status inspected, which is how
the tests check it. In a live kernel, display the app as the last expression of a cell.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import ipywidgets as widgets
from matplotlib.figure import Figure

from lessons_lib import plots

#: A render function maps the controls' values to figures and a status text (HTML).
Render = Callable[[Mapping[str, object]], tuple[list[Figure], str]]


class App:
    """Controls, figure images and a status line, kept consistent by :meth:`refresh`."""

    def __init__(
        self,
        controls: Mapping[str, widgets.Widget],
        render: Render,
        n_figures: int,
        buttons: Mapping[str, widgets.Button] | None = None,
    ) -> None:
        self.controls = dict(controls)
        self.buttons = dict(buttons or {})
        self.render = render
        self.images = [widgets.Image(format="png") for _ in range(n_figures)]
        self.status = widgets.HTML()
        #: Anything the app keeps between events (a game in progress, a bot).
        self.state: dict[str, object] = {}
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
        rows.append(widgets.HBox(self.images, layout={"flex_flow": "row wrap"}))
        self.ui = widgets.VBox(rows)
        self.refresh()

    def values(self) -> dict[str, object]:
        return {name: control.value for name, control in self.controls.items()}

    def refresh(self) -> None:
        """Recompute the figures and the status from the current control values."""
        figures, status = self.render(self.values())
        for image, figure in zip(self.images, figures, strict=True):
            image.value = plots.figure_to_png(figure)
            image.layout.width = f"{int(figure.get_figwidth() * 80)}px"
        self.status.value = status

    def _repr_mimebundle_(self, **kwargs: object) -> dict:
        return self.ui._repr_mimebundle_(**kwargs)


def slider(description: str, value: float, low: float, high: float, step: float) -> widgets.Widget:
    """An integer slider when value and step are integers, else a float slider; updates on release."""
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
