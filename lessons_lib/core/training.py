"""A run of any engine: ``train`` in stretches between checkpoints, resume, stop on Ctrl-C.

:class:`TrainingRun` drives an :class:`~lessons_lib.core.engine.Engine` (a CFR engine, a Monte
Carlo CFR scheme, or any other solver that follows the protocol). It trains in stretches between
checkpoints, at each of which it records what the engine measures
(:class:`~lessons_lib.core.checkpoints.Checkpoint`): the run of every algorithm of the book is
this one type, so a chapter treats CFR, CFR+, sampled and other runs alike, and a new algorithm
gets checkpoints, progress, Ctrl-C and resuming for nothing. :func:`lessons_lib.cfr.solve` makes
runs by algorithm name.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import asdict, fields
from numbers import Integral

import pandas as pd

from lessons_lib.core.checkpoints import Checkpoint
from lessons_lib.core.engine import MAX_ITERATIONS, Engine, check_engine
from lessons_lib.core.state import CFRState
from lessons_lib.policy import Policy
from lessons_lib.progress import Monitor, progress_option
from lessons_lib.validation import (
    check_entries,
    check_integer,
    check_iterations,
    check_number,
    check_option_names,
    describe,
)

#: Options that say when to measure progress (accepted by ``solve`` and ``train``).
SCHEDULE_OPTIONS = ("checkpoints", "checkpoint_every")
#: Every option of ``train``: the schedule, ``stop_below`` and ``progress``
#: (see :mod:`lessons_lib.progress`).
TRAIN_OPTIONS = (*SCHEDULE_OPTIONS, "stop_below", "progress")
#: Default checkpoints per factor of ten iterations.
CHECKPOINTS_PER_DECADE = 10
#: The most checkpoints one stretch of training may schedule (each is an exact exploitability).
MAX_CHECKPOINTS = 10**7


class InterruptedRun(UserWarning):
    """Warned when Ctrl-C stopped a run: it keeps the iterations completed before the stop."""


class TargetNotReached(UserWarning):
    """Warned when a run asked to stop below an exploitability ran out of iterations first."""


class TrainingRun:
    """A run of ``engine`` on its game: ``train`` more, read its policies and its checkpoints.

    ``algorithm`` is the name the run was made with (``"cfr+"``, ``"mccfr-external"``) and
    ``options`` the options that chose the engine (for its repr and the stored runs).
    """

    def __init__(
        self, engine: Engine, algorithm: str, options: Mapping[str, object] | None = None
    ) -> None:
        self.engine = check_engine(engine)
        self.game = engine.game
        self.algorithm = str(algorithm)
        self.options = dict(options or {})
        self.history: list[Checkpoint] = []
        #: Whether Ctrl-C stopped the last :meth:`train` before all its iterations were done.
        self.interrupted = False
        #: Whether the last :meth:`train` with ``stop_below`` reached it (None without one).
        self.reached_target: bool | None = None

    @property
    def iterations(self) -> int:
        """How many iterations the run has done so far."""
        return self.engine.iteration

    def state(self) -> CFRState:
        """A copy of the cumulative regrets and strategy sums (tabular engines only)."""
        if not hasattr(self.engine, "state"):
            raise ValueError(f"the {self.engine.name} engine keeps no regret tables to show")
        return self.engine.state()

    def average_policy(self) -> Policy:
        """``sigma_bar^T``: the average strategy, weighted as the algorithm prescribes."""
        return self.engine.average_policy()

    def current_policy(self) -> Policy:
        """``sigma^{T+1}``: the strategy the next iteration would play."""
        return self.engine.current_policy()

    def train(self, iterations: int, **options: object) -> TrainingRun:
        """Run ``iterations`` more iterations and record checkpoints on the way; returns ``self``.

        Options: ``checkpoints`` (iteration numbers, counted from the start of the run, within the
        iterations about to be run) or ``checkpoint_every`` (a positive integer), as in
        :func:`checkpoint_schedule`; by default about ten log-spaced checkpoints per factor of ten.
        The last iteration is always a checkpoint. ``stop_below`` (chips per hand): stop at the
        first checkpoint whose average exploitability is at most this; :attr:`reached_target`
        then says whether it was reached, and a run that used up its iterations first warns
        :class:`TargetNotReached`. ``progress`` (see :mod:`lessons_lib.progress`): a run longer
        than a couple of seconds shows how far it has got, and Ctrl-C stops it after the last
        complete iteration, with a checkpoint there, :attr:`interrupted` set and an
        :class:`InterruptedRun` warning; ``train`` goes on from there.
        """
        iterations = check_iterations(iterations)
        check_option_names(options, TRAIN_OPTIONS, "train")
        progress = progress_option(options.pop("progress", None))
        target = options.pop("stop_below", None)
        if target is not None:
            target = check_number(target, "stop_below", minimum=0.0)
        start = self.iterations
        stop = start + check_integer(iterations, "iterations", maximum=MAX_ITERATIONS - start)
        schedule = checkpoint_schedule(start, stop, **options)
        self.reached_target = None if target is None else False
        with Monitor(self.algorithm, iterations, progress) as monitor:
            for checkpoint in schedule:
                monitor.advance(self.engine.run, checkpoint - self.iterations)
                self.history.append(self.engine.checkpoint())
                if target is not None and self.history[-1].average_exploitability <= target:
                    self.reached_target = True
                    break
                if monitor.interrupted:
                    break
        self.interrupted = monitor.interrupted and self.iterations < stop
        if self.interrupted:
            warnings.warn(
                f"{self.algorithm} interrupted at iteration {self.iterations:,} of {stop:,}: the "
                f"run keeps its first {self.iterations:,} iterations (train(...) goes on)",
                InterruptedRun,
                stacklevel=2,
            )
        elif self.reached_target is False:
            warnings.warn(
                f"{self.algorithm} ran out of iterations at {self.iterations:,} with an "
                f"exploitability of {self.history[-1].average_exploitability:.4g}, above the "
                f"target of {target:.4g} (train(...) goes on)",
                TargetNotReached,
                stacklevel=2,
            )
        return self

    def history_table(self) -> pd.DataFrame:
        """The checkpoints as a table, one row each."""
        if self.history:
            kind = type(self.history[0])
        else:
            kind = getattr(self.engine, "checkpoint_type", Checkpoint)
        columns = [field.name for field in fields(kind)]
        return pd.DataFrame([asdict(c) for c in self.history], columns=columns)

    def __repr__(self) -> str:
        options = "".join(f", {name}={value!r}" for name, value in self.options.items())
        return (
            f"TrainingRun({self.game!r}, {self.algorithm!r}{options}, iterations={self.iterations})"
        )


def checkpoint_schedule(
    start: int,
    stop: int,
    checkpoints: Iterable[int] | None = None,
    checkpoint_every: int | None = None,
) -> list[int]:
    """The checkpoints of a stretch of training from iteration ``start`` (excluded) to ``stop``.

    By default the log-spaced iterations ``round(10^(k/10))`` (1, 2, 3, 4, 5, 6, 8, 10, 13, ...)
    that fall in the stretch: the same absolute iterations whether a run is made in one go or in
    pieces. ``checkpoints`` gives the iterations instead, ``checkpoint_every`` every k-th one.
    ``stop`` is always included. ``0 <= start < stop <= MAX_ITERATIONS``.
    """
    start = check_integer(start, "start", minimum=0, maximum=MAX_ITERATIONS - 1)
    stop = check_integer(stop, "stop", minimum=start + 1, maximum=MAX_ITERATIONS)
    if checkpoints is not None and checkpoint_every is not None:
        raise ValueError("give either checkpoints or checkpoint_every, not both")
    if checkpoint_every is not None:
        every = check_iterations(checkpoint_every, "checkpoint_every")
        count = stop // every - start // every
        if count > MAX_CHECKPOINTS:
            raise ValueError(
                f"checkpoint_every={every!r} gives {count:,} checkpoints between iterations "
                f"{start + 1:,} and {stop:,}, more than the {MAX_CHECKPOINTS:,} a run records "
                "(each one is an exact exploitability)"
            )
        chosen = set(range(every * (start // every + 1), stop + 1, every))
    elif checkpoints is not None:
        chosen = set(_checked_checkpoints(checkpoints, start, stop))
    else:
        grid = log_spaced_iterations(stop, CHECKPOINTS_PER_DECADE)
        chosen = {i for i in grid if start < i <= stop}
    return sorted(chosen | {stop})


def log_spaced_iterations(stop: int, per_decade: int) -> list[int]:
    """The distinct integers ``round(10^(k / per_decade))`` up to ``stop``, smallest first.

    Computed with Python's floats one by one (``math``, not numpy's vector loops, whose last bits
    depend on the processor's SIMD instructions), so every machine gets the same schedule. A grid
    of more than :data:`MAX_CHECKPOINTS` points is refused before it is made.
    """
    stop = check_integer(stop, "stop", minimum=1, maximum=MAX_ITERATIONS)
    per_decade = check_integer(per_decade, "per_decade", minimum=1, maximum=MAX_ITERATIONS)
    steps = int(math.log10(stop) * per_decade + 1e-9)
    check_entries(
        steps + 1, f"a grid of {per_decade:,} points per decade up to {stop:,}", MAX_CHECKPOINTS
    )
    grid = (round(10.0 ** (k / per_decade)) for k in range(steps + 1))
    return sorted({i for i in grid if i <= stop})


def _checked_checkpoints(checkpoints: Iterable[int], start: int, stop: int) -> list[int]:
    if isinstance(checkpoints, (str, bytes, Mapping)):
        raise ValueError(
            f"checkpoints must be a sequence of iteration numbers, got {describe(checkpoints)}"
        )
    try:
        values = list(checkpoints)
    except TypeError:
        raise ValueError(
            f"checkpoints must be a sequence of iteration numbers, got {describe(checkpoints)}"
        ) from None
    for value in values:
        if isinstance(value, bool) or not isinstance(value, Integral):
            raise ValueError(f"checkpoints must be whole iteration numbers, got {describe(value)}")
        if not start < value <= stop:
            raise ValueError(
                f"checkpoint {value!r} is outside the iterations being run ({start + 1} to {stop})"
            )
    return [int(value) for value in values]
