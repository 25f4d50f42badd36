"""Every algorithm of the book by name, and :func:`solve`, the one way to run any of them.

An algorithm is a class that follows the engine protocol (:class:`~lessons_lib.core.engine.Engine`)
and is made from a game and its options: Monte Carlo CFR's schemes are such classes, and so is
:class:`CFRFamily`, which makes the engine of a CFR variant that the ``engine`` option chooses.
:data:`ALGORITHMS` lists them; adding an algorithm to the book is one file (its engine) and one
line here. :func:`solve` makes the engine, checks what it needs of the game
(:class:`~lessons_lib.core.engine.Requirements`), and trains a
:class:`~lessons_lib.core.training.TrainingRun`, which keeps the engine (and so its tables):
``result.train(900)`` after ``solve(game, "cfr+", 100)`` continues where it stopped, and the
policies equal those of a single run of 1,000 iterations, number for number.
"""

from __future__ import annotations

from collections.abc import Mapping

from lessons_lib.cfr.public_tree import PublicTreeEngine
from lessons_lib.cfr.readable import ReadableEngine
from lessons_lib.cfr.sequence_form import SequenceFormEngine
from lessons_lib.core import variants
from lessons_lib.core.engine import TabularEngine
from lessons_lib.core.training import TRAIN_OPTIONS, TrainingRun
from lessons_lib.core.variants import DiscountedCFR, Variant, variant_named
from lessons_lib.games.base import Game
from lessons_lib.mccfr import ChanceSampling, ExternalSampling, OutcomeSampling, SampledEngine
from lessons_lib.validation import (
    check_choice,
    check_iterations,
    check_option_names,
    describe,
)

#: The engines of the CFR family: the recursive one the book reads, which is also the reference
#: the others are tested against (any game); the sequence-form one (two players); and the
#: public-tree one (two-player zero-sum games that describe their public tree).
ENGINES: dict[str, type[TabularEngine]] = {
    "readable": ReadableEngine,
    "sequence-form": SequenceFormEngine,
    "public-tree": PublicTreeEngine,
}


class CFRFamily:
    """The registry entry of one variant of CFR: it builds the engine the options choose.

    Options: ``updates`` (the variant's own order by default), ``engine`` (``"auto"``: the
    fastest that the game allows, :func:`default_engine`; a name of :data:`ENGINES`; or an engine
    class), ``averaging``, ``initial_regret`` and, for Discounted CFR, ``alpha``, ``beta`` and
    ``gamma``.
    """

    def __init__(self, variant: type[Variant]) -> None:
        self.variant = variant
        parameters = ("alpha", "beta", "gamma") if variant is DiscountedCFR else ()
        self.options = ("updates", "engine", "averaging", "initial_regret", *parameters)

    def __call__(
        self,
        game: Game,
        updates: str | None = None,
        engine: str | type[TabularEngine] = "auto",
        averaging: str = "own reach",
        initial_regret: Mapping[str, object] | None = None,
        **parameters: float,
    ) -> TabularEngine:
        variant = variant_named(self.variant.name, **parameters)
        if updates is None:
            updates = variant.default_updates
        elif updates not in variant.allowed_updates:
            check_choice(updates, ("simultaneous", "alternating"), "updates")
            raise ValueError(
                f"{variant.name} is defined with {' or '.join(variant.allowed_updates)} updates "
                f"only, got updates={updates!r}"
            )
        made = engine_class(game, engine)(game, variant, updates, averaging)
        if initial_regret is not None:
            made.start_from(initial_regret)
        return made


#: Every algorithm of the book, by the name :func:`solve` takes. One line adds an algorithm.
ALGORITHMS: dict[str, object] = {
    "cfr": CFRFamily(variants.VanillaCFR),
    "cfr+": CFRFamily(variants.CFRPlus),
    "lcfr": CFRFamily(variants.LinearCFR),
    "dcfr": CFRFamily(variants.DiscountedCFR),
    "mccfr-chance": ChanceSampling,
    "mccfr-external": ExternalSampling,
    "mccfr-outcome": OutcomeSampling,
}


def solve(game: Game, algorithm: str, iterations: int, **options: object) -> TrainingRun:
    """Run ``iterations`` iterations of ``algorithm`` on ``game`` and return the run.

    ``algorithm`` is a name of :data:`ALGORITHMS`: ``"cfr"`` (Zinkevich et al. 2007), ``"cfr+"``
    (Tammelin 2014), ``"lcfr"`` or ``"dcfr"`` (Brown and Sandholm 2019), whose rules
    :mod:`lessons_lib.core.variants` gives, or a Monte Carlo CFR scheme, ``"mccfr-chance"``,
    ``"mccfr-external"`` or ``"mccfr-outcome"`` (Lanctot et al. 2009). Options:

    - the algorithm's own. CFR's: ``updates`` (``"simultaneous"`` or ``"alternating"``, by default
      the algorithm's own; CFR+ only alternates), ``engine`` (``"auto"``, the default:
      :func:`default_engine`; ``"readable"``, ``"sequence-form"`` or ``"public-tree"``, each
      refusing a game it cannot solve; or an engine class), ``alpha``, ``beta``, ``gamma``
      (Discounted CFR's, 1.5, 0 and 2 by default), ``initial_regret`` (regrets to start from
      instead of zero: a mapping from information-set keys to arrays; keys left out start at
      zero), ``averaging`` (``"own reach"``, CFR's; ``"unweighted"`` is Chapter 4's pitfall).
      Monte Carlo CFR's: ``seed`` (0 by default), ``updates``, ``averaging``, and for outcome
      sampling ``exploration`` (0.6 by default);
    - ``checkpoints`` or ``checkpoint_every``: when to measure progress; ``stop_below``: stop at
      the first checkpoint at or below this exploitability; ``progress``: how a long run shows
      it and stops on Ctrl-C (see :meth:`~lessons_lib.core.training.TrainingRun.train`).

    Anything else, or a value out of range, raises ``ValueError``.
    """
    if not isinstance(game, Game):
        raise ValueError(f"game must be a Game (such as KuhnPoker()), got {describe(game)}")
    iterations = check_iterations(iterations)
    if not isinstance(algorithm, str):
        raise ValueError(f"algorithm must be a name such as 'cfr', got {describe(algorithm)}")
    check_choice(algorithm, tuple(ALGORITHMS), "algorithm")
    entry = ALGORITHMS[algorithm]
    check_option_names(options, (*entry.options, *TRAIN_OPTIONS), f"solve with {algorithm!r}")
    chosen = {name: options.pop(name) for name in entry.options if name in options}
    engine = entry(game, **chosen)
    return TrainingRun(engine, algorithm, _shown(engine, chosen)).train(iterations, **options)


def default_engine(game: Game) -> str:
    """The fastest engine that can solve ``game``: ``"public-tree"`` for a two-player zero-sum
    game with a public tree (Kuhn and Leduc poker, the hold'em river), ``"sequence-form"`` for
    another two-player game, ``"readable"`` for a game of more players."""
    for name in ("public-tree", "sequence-form"):
        if ENGINES[name].requires.unmet(game) is None:
            return name
    return "readable"


def engine_class(game: Game, engine: object) -> type[TabularEngine]:
    """The engine class ``engine`` names (``"auto"``: :func:`default_engine`), or ``engine``
    itself if it is an engine class."""
    if isinstance(engine, type) and issubclass(engine, TabularEngine):
        own_step = engine.accumulate is not TabularEngine.accumulate
        if own_step and not issubclass(engine, SampledEngine):
            return engine
        raise ValueError(
            f"engine must be an engine of the CFR family (a TabularEngine that accumulates its "
            f"own regrets, made from a game, a variant and an update order), got {engine!r}"
        )
    if not isinstance(engine, str):
        raise ValueError(f"engine must be a name of an engine, got {describe(engine)}")
    name = check_choice(engine, ("auto", *ENGINES), "engine")
    return ENGINES[default_engine(game) if name == "auto" else name]


def _shown(engine: object, options: Mapping[str, object]) -> dict[str, object]:
    """The options a run's repr shows: the engine and update order chosen, and the others given
    (but not the initial regrets, which are arrays)."""
    shown = {name: value for name, value in options.items() if name != "initial_regret"}
    if isinstance(engine, TabularEngine):
        shown |= {"engine": engine.name, "updates": engine.updates}
    return shown
