"""Long runs: progress shown once a run takes more than a couple of seconds, and Ctrl-C kept safe.

An iterative solver (a :class:`~lessons_lib.core.training.TrainingRun` of
:func:`lessons_lib.cfr.solve`) advances through a :class:`Monitor`, which runs the iterations in
*steps* and, between two steps,

- shows how far the run has got, once it has been running for more than :data:`SHOW_AFTER`
  seconds: a line rewritten in place on standard error in a terminal, a display updated in place
  in a notebook. A run shorter than that prints nothing, so the short calls of the chapters keep
  their outputs. The environment variable :data:`SWITCH` set to ``off`` (as the book's builds and
  tests do) turns the display off everywhere, and ``Progress(show=False)`` for one run;
- looks whether the user asked to stop. While the monitor runs, Ctrl-C (``SIGINT``, which is also
  what a notebook's *interrupt* button sends) only raises a flag, so no iteration is ever left
  half done: the run stops after the step in progress and keeps the state after the last complete
  iteration. A second Ctrl-C interrupts at once, as usual.

The steps grow from one iteration until each lasts about :attr:`Progress.step_seconds` (a tenth
of a second by default), so looking at the clock costs nothing measurable, and a Ctrl-C is
answered within about that time. Running ``n`` iterations in steps computes exactly what one call
of ``n`` iterations computes: every engine's iterations only depend on the state they start from.
"""

from __future__ import annotations

import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from lessons_lib.validation import check_number, describe

#: Seconds a run may take before it shows its progress.
SHOW_AFTER = 2.0
#: About how long one step between two looks at the clock lasts, in seconds.
STEP_SECONDS = 0.1
#: Seconds between two updates of a progress display.
REFRESH_SECONDS = 0.5
#: The environment variable that turns every progress display off when set to ``off`` (or 0).
SWITCH = "LESSONS_PROGRESS"
#: The values of :data:`SWITCH` that mean off.
OFF = ("off", "0", "false", "no")

#: A callback called after every step with the iterations done and the iterations asked for.
Callback = Callable[[int, int], None]


@dataclass(frozen=True)
class Progress:
    """How a run reports its progress: pass one as ``solve(..., progress=Progress(...))``.

    ``show``: ``None`` (the default) shows the progress of runs longer than ``after`` seconds
    unless :data:`SWITCH` is ``off``; ``True`` shows it even then; ``False`` never shows it.
    ``stream`` is where a terminal line goes (standard error by default; in a notebook the line is
    a display unless a stream is given). ``callback(done, total)`` is called after every step; it
    may raise ``KeyboardInterrupt`` to stop the run as Ctrl-C would. ``step_seconds`` is the length
    a step aims at (0: one iteration per step).
    """

    after: float = SHOW_AFTER
    show: bool | None = None
    stream: TextIO | None = None
    callback: Callback | None = None
    step_seconds: float = STEP_SECONDS

    def __post_init__(self) -> None:
        check_number(self.after, "after", minimum=0.0)
        check_number(self.step_seconds, "step_seconds", minimum=0.0)
        if self.show is not None and not isinstance(self.show, bool):
            raise ValueError(f"show must be True, False or None, got {describe(self.show)}")
        if self.stream is not None and not callable(getattr(self.stream, "write", None)):
            raise ValueError(f"stream must be a text stream, got {describe(self.stream)}")
        if self.callback is not None and not callable(self.callback):
            raise ValueError(f"callback must be a function, got {describe(self.callback)}")

    @property
    def enabled(self) -> bool:
        """Whether this run may show its progress at all."""
        if self.show is not None:
            return self.show
        return os.environ.get(SWITCH, "").strip().lower() not in OFF


def progress_option(value: object) -> Progress:
    """The ``progress`` option of a solver: ``None``/``True`` (the default display), ``False``
    (no display; Ctrl-C is still kept safe) or a :class:`Progress`."""
    if value is None or value is True:
        return Progress()
    if value is False:
        return Progress(show=False)
    if isinstance(value, Progress):
        return value
    raise ValueError(f"progress must be True, False or a Progress, got {describe(value)}")


class Monitor:
    """Runs a solver's iterations in steps, shows progress and turns Ctrl-C into a clean stop.

    Use as a context manager around the whole run of ``total`` iterations named ``label``; inside,
    :meth:`advance` runs iterations, and :attr:`interrupted` says whether the user asked to stop.
    """

    def __init__(self, label: str, total: int, progress: Progress) -> None:
        self.label, self.total, self.progress = label, total, progress
        self.done = 0
        self.interrupted = False
        self._step = 1
        self._began = self._shown_at = 0.0
        self._display: object | None = None
        self._shown = False
        self._previous_handler: object = None
        self._installed = False

    def __enter__(self) -> Monitor:
        self._began = time.perf_counter()
        if threading.current_thread() is threading.main_thread():
            previous = signal.getsignal(signal.SIGINT)
            # None: a handler installed outside Python; the default one is put back after the run.
            self._previous_handler = signal.SIG_DFL if previous is None else previous
            signal.signal(signal.SIGINT, self._on_interrupt)
            self._installed = True
        return self

    def __exit__(self, *exception: object) -> None:
        self._restore_handler()
        if self._shown:
            self._show(final=True)

    def _on_interrupt(self, signum: int, frame: object) -> None:
        """Ctrl-C: raise the flag, and let a second Ctrl-C interrupt at once."""
        self.interrupted = True
        self._restore_handler()

    def _restore_handler(self) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous_handler)
            self._installed = False

    def advance(self, run: Callable[[int], None], iterations: int) -> int:
        """Call ``run(k)`` for steps of ``k`` iterations until ``iterations`` are done or the user
        stops; return how many were done (all of them unless :attr:`interrupted`)."""
        finished = 0
        while finished < iterations and not self.interrupted:
            step = min(self._step, iterations - finished)
            began = time.perf_counter()
            run(step)
            finished += step
            self.done += step
            self._adapt(step, time.perf_counter() - began)
            self.after_step()
        return finished

    def after_step(self) -> None:
        """The callback, and the display if the run has become long; a KeyboardInterrupt from the
        callback stops the run like Ctrl-C."""
        if self.progress.callback is not None:
            try:
                self.progress.callback(self.done, self.total)
            except KeyboardInterrupt:
                self.interrupted = True
        now = time.perf_counter()
        if (
            self.progress.enabled
            and now - self._began > self.progress.after
            and now - self._shown_at > REFRESH_SECONDS
        ):
            self._shown_at = now
            self._show()

    def _adapt(self, step: int, seconds: float) -> None:
        """Double the step while it is short, halve it when it is long (at least 1)."""
        target = self.progress.step_seconds
        if seconds < target / 2 and step == self._step:
            self._step *= 2
        elif seconds > 2 * target and self._step > 1:
            self._step //= 2

    def line(self) -> str:
        """The progress line: ``cfr+: 12,000 of 100,000 iterations (12%), 3 s, about 22 s left``."""
        elapsed = time.perf_counter() - self._began
        share = self.done / self.total if self.total else 1.0
        text = f"{self.label}: {self.done:,} of {self.total:,} iterations ({share:.0%}), "
        text += format_seconds(elapsed)
        if 0 < self.done < self.total:
            text += f", about {format_seconds(elapsed * (self.total - self.done) / self.done)} left"
        if self.interrupted:
            text += ", interrupted"
        return text

    def _show(self, final: bool = False) -> None:
        self._shown = True
        text = self.line()
        stream = self.progress.stream
        if stream is None and _in_notebook():
            self._show_in_notebook(text)
            return
        stream = stream or sys.stderr
        stream.write("\r" + text + ("\n" if final else ""))
        stream.flush()

    def _show_in_notebook(self, text: str) -> None:
        from IPython.display import Pretty, display  # only ever imported inside a notebook

        if self._display is None:
            self._display = display(Pretty(text), display_id=True)
        else:
            self._display.update(Pretty(text))


def _in_notebook() -> bool:
    """Whether the code runs in a Jupyter kernel (an IPython shell with a kernel)."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    instance = shell.get_ipython()
    return instance is not None and hasattr(instance, "kernel")


def format_seconds(seconds: float) -> str:
    """A duration to the second: ``'42 s'``, ``'3 min 20 s'``, ``'2 h 05 min'``, ``'3 days'``."""
    if not math.isfinite(seconds) or seconds < 0:
        return "?"
    whole = int(round(seconds))
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    if whole < 86400 * 2:
        return f"{whole // 3600} h {whole % 3600 // 60:02d} min"
    return f"{whole // 86400:,} days"
