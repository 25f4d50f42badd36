"""Running CFR: :func:`solve` trains, measures progress at checkpoints, and can be resumed.

A run keeps its engine (and so its regret tables), so ``result.train(900)`` after
``solve(game, "cfr+", 100)`` continues where it stopped: the policies equal those of a single run of
1,000 iterations, number for number.

At each checkpoint the run records, exactly (:mod:`lessons_lib.exploitability`), the exploitability
of the average policy ``sigma_bar^T`` (the one CFR's guarantee is about), the exploitability of the
current policy ``sigma^{T+1}`` (which need not converge), and player 1's expected value of the
average policy, which tends to the game value.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from numbers import Integral

import numpy as np
import pandas as pd

from lessons_lib.cfr.public_tree import PublicTreeEngine
from lessons_lib.cfr.readable import ReadableEngine
from lessons_lib.cfr.state import CFRState
from lessons_lib.cfr.variants import Variant, variant_named
from lessons_lib.cfr.vectorised import VectorisedEngine
from lessons_lib.exploitability import expected_value, exploitability
from lessons_lib.games.base import Game
from lessons_lib.games.public import supports_public_tree
from lessons_lib.policy import Policy
from lessons_lib.validation import as_finite_vector, check_choice, check_iterations

#: The engines: the public-tree one (the default where the game has a public tree), the
#: sequence-form one (the default elsewhere) and the recursive one the book reads.
ENGINES = {"public": PublicTreeEngine, "fast": VectorisedEngine, "readable": ReadableEngine}
#: Options that say when to measure progress (accepted by :func:`solve` and ``train``).
SCHEDULE_OPTIONS = ("checkpoints", "checkpoint_every")
#: Options of :func:`solve` that choose the algorithm's form.
ALGORITHM_OPTIONS = ("updates", "engine", "alpha", "beta", "gamma", "initial_regret")
#: Default checkpoints per factor of ten iterations.
CHECKPOINTS_PER_DECADE = 10


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


class CFRResult:
    """A CFR run: its policies, its checkpoints, and :meth:`train` to continue it."""

    def __init__(self, game: Game, variant: Variant, updates: str, engine: str) -> None:
        self.game = game
        self.variant = variant
        self.updates = updates
        self.engine = engine
        self.history: list[Checkpoint] = []
        self._engine = ENGINES[engine](game, variant, updates)
        self._iterations = 0

    @property
    def algorithm(self) -> str:
        """The algorithm's name: ``"cfr"``, ``"cfr+"``, ``"lcfr"`` or ``"dcfr"``."""
        return self.variant.name

    @property
    def iterations(self) -> int:
        """How many iterations the run has done so far."""
        return self._iterations

    def state(self) -> CFRState:
        """A copy of the cumulative regrets and strategy sums (see :class:`CFRState`)."""
        return self._engine.snapshot()

    def average_policy(self) -> Policy:
        """``sigma_bar^T``: the average strategy, weighted as the algorithm prescribes."""
        return self.state().average_policy()

    def current_policy(self) -> Policy:
        """``sigma^{T+1}``: regret matching on the current cumulative regrets."""
        return self.state().current_policy()

    def train(self, iterations: int, **options: object) -> CFRResult:
        """Run ``iterations`` more iterations and record checkpoints on the way; returns ``self``.

        Options: ``checkpoints`` (iteration numbers, counted from the start of the run, within the
        iterations about to be run) or ``checkpoint_every`` (a positive integer); by default about
        ten log-spaced checkpoints per factor of ten. The last iteration is always a checkpoint.
        """
        iterations = check_iterations(iterations)
        _check_option_names(options, SCHEDULE_OPTIONS, "train")
        start, stop = self._iterations, self._iterations + iterations
        for checkpoint in checkpoint_schedule(start, stop, **options):
            self._engine.run(checkpoint - self._iterations)
            self._iterations = checkpoint
            self.history.append(self._measure())
        return self

    def history_table(self) -> pd.DataFrame:
        """The checkpoints as a table, one row each."""
        columns = list(Checkpoint.__dataclass_fields__)
        return pd.DataFrame([asdict(c) for c in self.history], columns=columns)

    def _measure(self) -> Checkpoint:
        return Checkpoint.measure(self.game, self._engine.snapshot(), self._iterations)

    def __repr__(self) -> str:
        parameters = "".join(f", {k}={v!r}" for k, v in self.variant.parameters().items())
        return (
            f"CFRResult({self.game!r}, {self.algorithm!r}{parameters}, updates={self.updates!r}, "
            f"engine={self.engine!r}, iterations={self._iterations})"
        )


def solve(game: Game, algorithm: str, iterations: int, **options: object) -> CFRResult:
    """Run ``iterations`` iterations of ``algorithm`` on ``game`` and return the run.

    ``algorithm`` is ``"cfr"`` (Zinkevich et al. 2007), ``"cfr+"`` (Tammelin 2014), ``"lcfr"`` or
    ``"dcfr"`` (Brown and Sandholm 2019); :mod:`lessons_lib.cfr.variants` gives their rules.
    Options:

    - ``updates``: ``"simultaneous"`` or ``"alternating"`` (default: the algorithm's own, see
      :mod:`lessons_lib.cfr.variants`; CFR+ only alternates);
    - ``engine``: ``"auto"`` (default: ``"public"`` for the games with a public tree, Kuhn and
      Leduc poker, see :func:`~lessons_lib.games.public.supports_public_tree`, else ``"fast"``),
      ``"public"`` (:mod:`lessons_lib.cfr.public_tree`; ``ValueError`` for other games),
      ``"fast"`` (:mod:`lessons_lib.cfr.vectorised`) or ``"readable"``
      (:mod:`lessons_lib.cfr.readable`); all compute the same iterations, up to rounding;
    - ``alpha``, ``beta``, ``gamma``: Discounted CFR's parameters (defaults 1.5, 0 and 2);
    - ``initial_regret``: cumulative regrets to start from instead of zero (a mapping from
      information-set keys to arrays; keys left out start at zero), so the first strategy is
      regret matching on them: a way to start CFR from somewhere other than uniform play;
    - ``checkpoints`` or ``checkpoint_every``: when to measure progress (see
      :meth:`CFRResult.train`).

    Anything else, or a value out of range, raises ``ValueError``.
    """
    if not isinstance(game, Game):
        raise ValueError(f"game must be a Game (such as KuhnPoker()), got {game!r}")
    iterations = check_iterations(iterations)
    _check_option_names(options, ALGORITHM_OPTIONS + SCHEDULE_OPTIONS, "solve")
    if not isinstance(algorithm, str):
        raise ValueError(f"algorithm must be a name such as 'cfr', got {algorithm!r}")
    parameters = {name: options.pop(name) for name in ("alpha", "beta", "gamma") if name in options}
    variant = variant_named(algorithm, **parameters)
    updates = options.pop("updates", variant.default_updates)
    if updates not in variant.allowed_updates:
        check_choice(updates, ("simultaneous", "alternating"), "updates")
        raise ValueError(
            f"{variant.name} is defined with {' or '.join(variant.allowed_updates)} updates only, "
            f"got updates={updates!r}"
        )
    engine = check_choice(options.pop("engine", "auto"), ("auto", *ENGINES), "engine")
    if engine == "auto":
        engine = "public" if supports_public_tree(game) else "fast"
    result = CFRResult(game, variant, updates, engine)
    initial_regret = options.pop("initial_regret", None)
    if initial_regret is not None:
        result._engine.start_from(_checked_regrets(game, initial_regret))
    return result.train(iterations, **options)


def _checked_regrets(game: Game, regrets: object) -> dict[str, np.ndarray]:
    """``regrets`` as a dict of finite arrays, one per known information set, of the right length."""
    if not isinstance(regrets, Mapping):
        raise ValueError(f"initial_regret must map information-set keys to arrays, got {regrets!r}")
    known = set(game.info_sets())
    checked = {}
    for key, values in regrets.items():
        if key not in known:
            raise ValueError(f"initial_regret has an unknown information set {key!r}")
        checked[key] = as_finite_vector(
            values, f"initial regret at {key!r}", len(game.actions(key))
        ).copy()
    return checked


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
    ``stop`` is always included.
    """
    if checkpoints is not None and checkpoint_every is not None:
        raise ValueError("give either checkpoints or checkpoint_every, not both")
    if checkpoint_every is not None:
        every = check_iterations(checkpoint_every, "checkpoint_every")
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
    depend on the processor's SIMD instructions), so every machine gets the same schedule.
    """
    steps = int(math.log10(stop) * per_decade + 1e-9)
    grid = (round(10.0 ** (k / per_decade)) for k in range(steps + 1))
    return sorted({i for i in grid if i <= stop})


def _checked_checkpoints(checkpoints: Iterable[int], start: int, stop: int) -> list[int]:
    try:
        values = list(checkpoints)
    except TypeError:
        raise ValueError(
            f"checkpoints must be a sequence of iteration numbers, got {checkpoints!r}"
        ) from None
    for value in values:
        if isinstance(value, bool) or not isinstance(value, Integral):
            raise ValueError(f"checkpoints must be whole iteration numbers, got {value!r}")
        if not start < value <= stop:
            raise ValueError(
                f"checkpoint {value!r} is outside the iterations being run ({start + 1} to {stop})"
            )
    return [int(value) for value in values]


def _check_option_names(options: Mapping[str, object], known: tuple[str, ...], where: str) -> None:
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(
            f"unknown option {unknown[0]!r} of {where}; the options are {list(known)!r}"
        )
