"""What every run of an iterative solver shares: checkpoints, their schedule, and ``train``.

A run (:class:`TrainingRun`) trains in stretches between checkpoints. At each checkpoint it
records, exactly (:mod:`lessons_lib.exploitability`), the exploitability of the average policy
``sigma_bar^T`` (the one CFR's guarantee is about), the exploitability of the current policy
``sigma^{T+1}`` (which need not converge), and player 1's expected value of the average policy,
which tends to the game value. CFR's runs (:class:`lessons_lib.cfr.CFRResult`) and Monte Carlo
CFR's (:class:`lessons_lib.mccfr.MCCFRResult`) are both such runs; they differ only in how they
advance and in what else their checkpoints record.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, fields
from numbers import Integral

import pandas as pd

from lessons_lib.cfr.state import CFRState
from lessons_lib.exploitability import expected_value, exploitability
from lessons_lib.games.base import Game
from lessons_lib.policy import Policy
from lessons_lib.progress import Monitor, progress_option
from lessons_lib.validation import check_entries, check_integer, check_iterations, describe

#: Options that say when to measure progress (accepted by ``solve`` and ``train``).
SCHEDULE_OPTIONS = ("checkpoints", "checkpoint_every")
#: Every option of ``train``: the schedule, and ``progress`` (see :mod:`lessons_lib.progress`).
TRAIN_OPTIONS = (*SCHEDULE_OPTIONS, "progress")
#: Default checkpoints per factor of ten iterations.
CHECKPOINTS_PER_DECADE = 10
#: The most iterations a run may reach: 2**53, beyond which ``t`` is no longer exact as a float
#: (CFR+ and the discounted variants weigh iteration t by a float function of t).
MAX_ITERATIONS = 2**53
#: The most checkpoints one stretch of training may schedule (each is an exact exploitability).
MAX_CHECKPOINTS = 10**7


class InterruptedRun(UserWarning):
    """Warned when Ctrl-C stopped a run: it keeps the iterations completed before the stop."""


@dataclass(frozen=True)
class Checkpoint:
    """What a run looked like after ``iteration`` iterations (exploitability in chips per hand)."""

    iteration: int
    average_exploitability: float  # epsilon(sigma_bar^T)
    current_exploitability: float  # epsilon(sigma^{T+1})
    average_value: float  # u_1(sigma_bar^T): player 1's expected chips per hand

    @classmethod
    def measure(cls, game: Game, state: CFRState, iteration: int, **extra: object) -> Checkpoint:
        """The checkpoint of ``state``: exact exploitabilities and value, plus ``extra`` fields."""
        average, current = state.average_policy(), state.current_policy()
        return cls(
            iteration=iteration,
            average_exploitability=exploitability(game, average),
            current_exploitability=exploitability(game, current),
            average_value=expected_value(game, average),
            **extra,
        )


class TrainingRun:
    """A run of an iterative solver on ``game``: ``train`` more, read its policies and history.

    A subclass says how to advance (``_advance``) and where its tables are (``state``); it may
    record more at each checkpoint by setting ``checkpoint_type`` and overriding ``_extra``.
    """

    checkpoint_type: type[Checkpoint] = Checkpoint

    def __init__(self, game: Game) -> None:
        self.game = game
        self.history: list[Checkpoint] = []
        self._iterations = 0
        #: Whether Ctrl-C stopped the last :meth:`train` before all its iterations were done.
        self.interrupted = False

    @property
    def algorithm(self) -> str:
        """The algorithm's name, as the progress line shows it."""
        return type(self).__name__

    @property
    def iterations(self) -> int:
        """How many iterations the run has done so far."""
        return self._iterations

    def state(self) -> CFRState:
        """A copy of the cumulative regrets and strategy sums (see :class:`CFRState`)."""
        raise NotImplementedError

    def average_policy(self) -> Policy:
        """``sigma_bar^T``: the average strategy, weighted as the algorithm prescribes."""
        return self.state().average_policy()

    def current_policy(self) -> Policy:
        """``sigma^{T+1}``: regret matching on the current cumulative regrets."""
        return self.state().current_policy()

    def train(self, iterations: int, **options: object) -> TrainingRun:
        """Run ``iterations`` more iterations and record checkpoints on the way; returns ``self``.

        Options: ``checkpoints`` (iteration numbers, counted from the start of the run, within the
        iterations about to be run) or ``checkpoint_every`` (a positive integer), as in
        :func:`checkpoint_schedule`; by default about ten log-spaced checkpoints per factor of ten.
        The last iteration is always a checkpoint. ``progress`` (see :mod:`lessons_lib.progress`):
        a run longer than a couple of seconds shows how far it has got, and Ctrl-C stops it after
        the last complete iteration, with a checkpoint there, :attr:`interrupted` set and an
        :class:`InterruptedRun` warning; ``train`` goes on from there.
        """
        iterations = check_iterations(iterations)
        check_option_names(options, TRAIN_OPTIONS, "train")
        progress = progress_option(options.pop("progress", None))
        start = self._iterations
        stop = start + check_integer(iterations, "iterations", maximum=MAX_ITERATIONS - start)
        schedule = checkpoint_schedule(start, stop, **options)
        with Monitor(self.algorithm, iterations, progress) as monitor:
            for checkpoint in schedule:
                self._iterations += monitor.advance(self._advance, checkpoint - self._iterations)
                self.history.append(self._measure())
                if monitor.interrupted:
                    break
        self.interrupted = self._iterations < stop
        if self.interrupted:
            warnings.warn(
                f"{self.algorithm} interrupted at iteration {self._iterations:,} of {stop:,}: the "
                f"run keeps its first {self._iterations:,} iterations (train(...) goes on)",
                InterruptedRun,
                stacklevel=2,
            )
        return self

    def history_table(self) -> pd.DataFrame:
        """The checkpoints as a table, one row each."""
        columns = [field.name for field in fields(self.checkpoint_type)]
        return pd.DataFrame([asdict(c) for c in self.history], columns=columns)

    def _advance(self, iterations: int) -> None:
        """Run ``iterations`` more iterations (the subclass's algorithm)."""
        raise NotImplementedError

    def _measure(self) -> Checkpoint:
        """The checkpoint of the run as it is now (exact, from its policies)."""
        return self.checkpoint_type.measure(
            self.game, self.state(), self._iterations, **self._extra()
        )

    def _extra(self) -> dict[str, object]:
        """What the subclass's checkpoints record besides the four fields of :class:`Checkpoint`."""
        return {}


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


def check_option_names(options: Mapping[str, object], known: tuple[str, ...], where: str) -> None:
    """``ValueError`` naming the first option of ``options`` that is not in ``known``."""
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(
            f"unknown option {unknown[0]!r} of {where}; the options are {list(known)!r}"
        )
