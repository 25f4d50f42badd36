"""Watch CFR learn Kuhn poker: add iterations with buttons, or run to 20,000 and pause on the way.

The app keeps one run (:class:`~lessons_lib.cfr.TrainingRun`) and adds iterations to it with
``TrainingRun.train``, so nothing starts over until "Reset" or a new algorithm. It shows the log-log
exploitability of the average (and current) strategy, a table of the learned probability of
betting or calling at all twelve information sets beside the member of Kuhn's family with the
learned alpha (:func:`~lessons_lib.kuhn_equilibria.nash_equilibrium`), and a status line with the
iteration, the exploitability and player 1's value against the game value (computed by
:func:`~lessons_lib.kuhn_equilibria.game_value`, shown as the nearest simple fraction).

"Run to 20,000" trains in chunks, each taking the run to twice its iterations (at least 100
more), so the redraws are evenly spaced on the log axis. In a live kernel (ipykernel runs an asyncio
event loop) the run is an asyncio task that redraws and yields to the loop after every chunk
(``await asyncio.sleep(0)``), so the kernel can process a click on "Pause", which the same button
becomes while the run lasts; the step buttons and the menu are disabled meanwhile. Without
a running event loop (a test, a script) the click runs to the target at once. Python code can
drive the app directly with :meth:`CFRTrainingApp.step`, :meth:`CFRTrainingApp.run_to`,
:meth:`CFRTrainingApp.reset` and the ``"algorithm"`` control.

Redraws are cheap, so that nearly all of a run's time goes to training (``benchmarks/cfr_demo.py``
times the button end to end, against a target of one second): the plot's axes are fixed
(iterations 1 to the target, exploitability :data:`EXPLOITABILITY_RANGE`), so after its first draw
only its curves are redrawn (:class:`~lessons_lib.widgets.live_figure.LiveFigure`); and the table
is HTML. The plot is drawn anew only when its axes must change: a new run, a run beyond the target
or outside the range.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Mapping

import ipywidgets as widgets
from matplotlib.figure import Figure

from lessons_lib import plots
from lessons_lib.cfr import ALGORITHMS, VARIANTS, TrainingRun
from lessons_lib.exploitability import expected_value, to_mbb_per_game
from lessons_lib.games.kuhn import KuhnPoker
from lessons_lib.kuhn_equilibria import ALPHA_RANGE, alpha_of, game_value, nash_equilibrium
from lessons_lib.plots.axes import decades_around
from lessons_lib.plots.live import set_exploitability_curves
from lessons_lib.plots.tables import learned_strategy_table
from lessons_lib.validation import check_iterations
from lessons_lib.widgets import twins
from lessons_lib.widgets.app import App, Panel
from lessons_lib.widgets.live_figure import LiveFigure

#: Where "Run to ..." stops, as in the source material's demo.
DEFAULT_TARGET = 20_000
#: The smallest chunk of a run. A chunk takes the run to twice its iterations (at least this many
#: more), so the redraws, after each chunk, are evenly spaced on the log axis of the figure.
DEFAULT_CHUNK = 100
#: How much each chunk multiplies the iteration count by.
CHUNK_GROWTH = 2
#: The step buttons: label and number of iterations.
STEPS = {"+1 iteration": 1, "+100": 100, "+1,000": 1_000}
#: The engine of the app's runs (the sequence-form one: tens of microseconds per iteration).
ENGINE = "sequence-form"
#: The exploitability axis of the plot, in chips per hand: six decades, which hold the first
#: 20,000 iterations of every algorithm; a run that leaves them gets a wider axis.
EXPLOITABILITY_RANGE = (1e-6, 1.0)


class CFRTrainingApp(App):
    """The CFR training demo (see the module). ``app.result`` is the run being shown."""

    def __init__(self, target: int = DEFAULT_TARGET, chunk: int = DEFAULT_CHUNK) -> None:
        self.game = KuhnPoker()
        self.target = check_iterations(target, "target")
        self.chunk = check_iterations(chunk, "chunk")
        self.game_value = game_value()
        self.result = self._fresh_run("cfr")
        self.message = ""
        self._plot: LiveFigure | None = (
            None  # the exploitability plot, drawn anew when its axes change
        )
        self._task: asyncio.Task | None = None
        self._pause_requested = False
        self._generation = 0  # changes on reset, so that a stopping run leaves the new one alone
        controls = {
            "algorithm": widgets.Dropdown(
                options=list(VARIANTS),
                value="cfr",
                description="algorithm",
                style={"description_width": "initial"},
            )
        }
        # Registered before the App's own observer: the new run exists before the App redraws.
        controls["algorithm"].observe(lambda _change: self._start_over(), names="value")
        buttons = {label: widgets.Button(description=label) for label in STEPS}
        buttons["run"] = widgets.Button(description=self._run_label(), button_style="info")
        buttons["reset"] = widgets.Button(description="Reset", button_style="warning")
        buttons["run"].layout.width = "auto"
        super().__init__(controls, self._render, buttons=buttons)
        self.plot_image, self.strategy_table = self.panels
        for label, iterations in STEPS.items():
            buttons[label].on_click(lambda _button, n=iterations: self.step(n))
        buttons["run"].on_click(self._on_run)
        buttons["reset"].on_click(lambda _button: self.reset())
        self.twin = (
            "cfr-training",
            twins.cfr_training_data(self.target, self.chunk, STEPS, EXPLOITABILITY_RANGE),
        )

    # What Python code (and the buttons) can do.

    @property
    def iterations(self) -> int:
        """How many iterations the current run has done."""
        return self.result.iterations

    @property
    def running(self) -> bool:
        """Whether a run in chunks is under way in the event loop."""
        return self._task is not None and not self._task.done()

    def step(self, iterations: int) -> None:
        """Add ``iterations`` iterations to the run and redraw."""
        self.result.train(check_iterations(iterations))
        self.message = ""
        self.refresh()

    def run_to(self, target: int) -> None:
        """Train, chunk by chunk, until the run has ``target`` iterations; then redraw once."""
        target = check_iterations(target, "target")
        while self.iterations < target:
            self.result.train(self._next_chunk(target))
        self.message = f"Done: {_count(self.iterations)}."
        self.refresh()

    def pause(self) -> None:
        """Ask a run in chunks to stop after its current chunk."""
        self._pause_requested = True

    def reset(self) -> None:
        """Stop any run and start a new one with the selected algorithm, from uniform play."""
        self._start_over()
        self.refresh()

    @property
    def exploitability_figure(self) -> Figure:
        """The figure the plot shows, as of the last redraw (its curves hold the plotted data)."""
        return self._plot.figure

    # The run in chunks.

    async def run_in_chunks(self, target: int) -> None:
        """Train to ``target`` one chunk at a time, yielding to the event loop after each chunk."""
        generation = self._generation
        self._pause_requested = False
        self._show_running(True)
        try:
            while self.iterations < target and not self._pause_requested:
                self.result.train(self._next_chunk(target))
                self.message = f"Running to {target:,}…"
                self.refresh()
                await asyncio.sleep(0)
        finally:
            self._show_running(False)
            if generation == self._generation:
                done = self.iterations >= target
                self.message = (
                    f"Done: {_count(self.iterations)}."
                    if done
                    else f"Paused at iteration {self.iterations:,}."
                )
                self.status.value = self._status()

    def _next_chunk(self, target: int) -> int:
        """How many iterations the next chunk of a run to ``target`` adds."""
        grown = max(self.iterations + self.chunk, int(self.iterations * CHUNK_GROWTH))
        return min(grown, target) - self.iterations

    def _on_run(self, _button: widgets.Button) -> None:
        if self.running:
            self.pause()
            return
        if self.iterations >= self.target:
            self.message = f"Already at {_count(self.iterations)}: press Reset to start over."
            self.status.value = self._status()
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a test or a script): run at once
            self.run_to(self.target)
            return
        self._show_running(True)
        self._task = loop.create_task(self.run_in_chunks(self.target))

    def _show_running(self, running: bool) -> None:
        self.buttons["run"].description = "Pause" if running else self._run_label()
        for label in STEPS:
            self.buttons[label].disabled = running
        self.controls["algorithm"].disabled = running

    def _start_over(self) -> None:
        self.pause()
        self._generation += 1
        self.result = self._fresh_run(str(self.controls["algorithm"].value))
        self.message = ""
        self._plot = None

    def _fresh_run(self, algorithm: str) -> TrainingRun:
        return TrainingRun(ALGORITHMS[algorithm](self.game, engine=ENGINE), algorithm)

    def _run_label(self) -> str:
        return f"Run to {self.target:,}"

    # Drawing.

    def _render(self, _values: Mapping[str, object]) -> tuple[list[Panel], str]:
        average = self.result.average_policy()
        alpha = alpha_of(average)
        member = min(max(alpha, ALPHA_RANGE[0]), ALPHA_RANGE[1])  # the nearest member's alpha
        label = f"Kuhn's member α = {member:.3f}"
        if member != alpha:
            label += " (nearest)"
        table = learned_strategy_table(
            self.game,
            average,
            nash_equilibrium(member),
            reference_label=label,
            title=f"Learned average strategy (α = {alpha:.3f}) against Kuhn's equilibrium",
        )
        return [self._exploitability_plot(), table], self._status()

    def _exploitability_plot(self) -> LiveFigure:
        """The plot with the run's curves: updated in place if its axes can show them, else new."""
        history = self.result.history
        if self._plot is None or not set_exploitability_curves(self._plot.figure, history):
            last = max(self.target, self.iterations)
            figure = plots.cfr_exploitability_figure(
                history,
                title=f"{self.result.engine.variant.title} on Kuhn poker",
                iteration_range=(
                    1,
                    10 ** math.ceil(math.log10(last)) if last > self.target else last,
                ),
                exploitability_range=self._exploitability_range(),
                markers=True,
            )
            self._plot = LiveFigure(figure)
        return self._plot

    def _exploitability_range(self) -> tuple[float, float]:
        """:data:`EXPLOITABILITY_RANGE`, widened to whole decades around the run's values."""
        low, high = EXPLOITABILITY_RANGE
        values = [
            value
            for c in self.result.history
            for value in (c.average_exploitability, c.current_exploitability)
            if value > 0
        ]
        if values:
            below, above = decades_around(values)
            low, high = min(low, below), max(high, above)
        return low, high

    def _status(self) -> str:
        value = twins.fraction_text(self.game_value)
        if not self.result.history:
            line = (
                f"<b>{self.result.engine.variant.title}</b>: no iterations yet, so both players "
                f"play uniformly. Press a button to iterate (game value {value})."
            )
        else:
            last = self.result.history[-1]
            average = self.result.average_policy()
            line = (
                f"<b>{self.result.engine.variant.title}</b> · iteration {last.iteration:,} · "
                f"exploitability {last.average_exploitability:.3e} chips per hand "
                f"({to_mbb_per_game(last.average_exploitability):.3g} mbb/g) · "
                f"player 1's value {expected_value(self.game, average):+.5f} "
                f"(game value {self.game_value:+.5f} = {value}) · "
                f"learned α = {alpha_of(average):.3f}"
            )
        return f"{line}<br>{self.message}" if self.message else line


def cfr_training(target: int = DEFAULT_TARGET, chunk: int = DEFAULT_CHUNK) -> CFRTrainingApp:
    """The CFR training demo on Kuhn poker, starting from no iterations with vanilla CFR."""
    return CFRTrainingApp(target=target, chunk=chunk)


def _count(iterations: int) -> str:
    """``"1 iteration"``, ``"20,000 iterations"``."""
    return f"{iterations:,} iteration{'' if iterations == 1 else 's'}"
