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

from collections.abc import Mapping

import numpy as np

from lessons_lib.cfr.public_tree import PublicTreeEngine
from lessons_lib.cfr.range_solver import RangeEngine
from lessons_lib.cfr.readable import ReadableEngine
from lessons_lib.cfr.state import CFRState
from lessons_lib.cfr.training import TRAIN_OPTIONS, Checkpoint, TrainingRun, check_option_names
from lessons_lib.cfr.variants import Variant, variant_named
from lessons_lib.cfr.vectorised import VectorisedEngine
from lessons_lib.games.base import Game
from lessons_lib.games.public import supports_public_tree
from lessons_lib.validation import as_finite_vector, check_choice, check_iterations, describe

#: The engines: the public-tree one (the default where the game has a public tree), the
#: sequence-form one (the default elsewhere), the recursive one the book reads, and the
#: public-tree engine generalised to any game that describes its public tree (the default for a
#: game that describes it itself, such as a hold'em river).
ENGINES = {
    "public": PublicTreeEngine,
    "fast": VectorisedEngine,
    "readable": ReadableEngine,
    "ranges": RangeEngine,
}
#: Options of :func:`solve` that choose the algorithm's form.
ALGORITHM_OPTIONS = ("updates", "engine", "alpha", "beta", "gamma", "initial_regret")


class CFRResult(TrainingRun):
    """A CFR run: its policies, its checkpoints, and :meth:`train` to continue it."""

    def __init__(self, game: Game, variant: Variant, updates: str, engine: str) -> None:
        if not isinstance(game, Game):
            raise ValueError(f"game must be a Game (such as KuhnPoker()), got {describe(game)}")
        if not isinstance(variant, Variant):
            raise ValueError(f"variant must be a Variant (variant_named), got {describe(variant)}")
        check_choice(engine, tuple(ENGINES), "engine")
        check_choice(updates, variant.allowed_updates, f"updates of {variant.name}")
        super().__init__(game)
        self.variant = variant
        self.updates = updates
        self.engine = engine
        self._engine = ENGINES[engine](game, variant, updates)

    @property
    def algorithm(self) -> str:
        """The algorithm's name: ``"cfr"``, ``"cfr+"``, ``"lcfr"`` or ``"dcfr"``."""
        return self.variant.name

    def state(self) -> CFRState:
        """A copy of the cumulative regrets and strategy sums (see :class:`CFRState`)."""
        return self._engine.snapshot()

    def _advance(self, iterations: int) -> None:
        self._engine.run(iterations)

    def _measure(self) -> Checkpoint:
        # The range engine measures itself: a game too large for a history tree has no other
        # exact exploitability.
        if isinstance(self._engine, RangeEngine):
            average, current, value = self._engine.measures()
            return Checkpoint(self._iterations, average, current, value)
        return super()._measure()

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
    - ``engine``: ``"auto"`` (default, :func:`default_engine`), ``"public"``
      (:mod:`lessons_lib.cfr.public_tree`, for Kuhn and Leduc poker; ``ValueError`` for other
      games), ``"ranges"`` (:mod:`lessons_lib.cfr.range_solver`, for any game through
      ``Game.range_game()``: a hold'em river too large for a history tree), ``"fast"``
      (:mod:`lessons_lib.cfr.vectorised`) or ``"readable"`` (:mod:`lessons_lib.cfr.readable`);
      all compute the same iterations, up to rounding;
    - ``alpha``, ``beta``, ``gamma``: Discounted CFR's parameters (defaults 1.5, 0 and 2);
    - ``initial_regret``: cumulative regrets to start from instead of zero (a mapping from
      information-set keys to arrays; keys left out start at zero), so the first strategy is
      regret matching on them: a way to start CFR from somewhere other than uniform play;
    - ``checkpoints`` or ``checkpoint_every``: when to measure progress, and ``progress``: how a
      long run shows it and stops on Ctrl-C (see :meth:`CFRResult.train`).

    Anything else, or a value out of range, raises ``ValueError``.
    """
    if not isinstance(game, Game):
        raise ValueError(f"game must be a Game (such as KuhnPoker()), got {describe(game)}")
    iterations = check_iterations(iterations)
    check_option_names(options, ALGORITHM_OPTIONS + TRAIN_OPTIONS, "solve")
    if not isinstance(algorithm, str):
        raise ValueError(f"algorithm must be a name such as 'cfr', got {describe(algorithm)}")
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
        engine = default_engine(game)
    result = CFRResult(game, variant, updates, engine)
    initial_regret = options.pop("initial_regret", None)
    if initial_regret is not None:
        result._engine.start_from(_checked_regrets(game, initial_regret))
    return result.train(iterations, **options)


def default_engine(game: Game) -> str:
    """``"public"`` for Kuhn and Leduc poker and their generalisations, ``"ranges"`` for a game
    that describes its own public tree (it overrides :meth:`Game.range_game`), else ``"fast"``."""
    if supports_public_tree(game):
        return "public"
    if type(game).range_game is not Game.range_game:
        return "ranges"
    return "fast"


#: The largest magnitude of an initial regret. Regret matching divides by the sum of the positive
#: regrets of an information set, which must stay finite through the iterations that follow.
MAX_INITIAL_REGRET = 1e300


def _checked_regrets(game: Game, regrets: object) -> dict[str, np.ndarray]:
    """``regrets`` as a dict of finite arrays, one per known information set, of the right length,
    no entry larger in magnitude than :data:`MAX_INITIAL_REGRET`."""
    if not isinstance(regrets, Mapping):
        raise ValueError(
            f"initial_regret must map information-set keys to arrays, got {describe(regrets)}"
        )
    known = set(game.info_sets())
    checked = {}
    for key, values in regrets.items():
        if not isinstance(key, str) or key not in known:
            raise ValueError(f"initial_regret has an unknown information set {describe(key)}")
        regret = as_finite_vector(values, f"initial_regret[{key!r}]", len(game.actions(key)))
        if np.any(np.abs(regret) > MAX_INITIAL_REGRET):
            raise ValueError(
                f"initial_regret[{key!r}] has an entry larger in magnitude than "
                f"{MAX_INITIAL_REGRET:g} (regret matching sums them): {describe(values)}"
            )
        checked[key] = regret.copy()
    return checked
