"""What a card abstraction costs: solve it, map the solution back, and measure it in the real game.

For each bucket count ``B`` the abstract game (:mod:`lessons_lib.abstraction.abstract_game`) is
solved by CFR until the exploitability of its average strategy *within the abstraction* is at most
a target (or an iteration budget runs out; the measurement says which it reached). The induced
real strategy's exploitability is then measured exactly in the real game
(:mod:`lessons_lib.abstraction.mapping`). With ``B`` equal to the number of ranks the abstraction
is the real game and both numbers coincide.

The *abstraction pathology* of Waugh, Schnizlein, Bowling and Szafron (2009, "Abstraction
pathologies in extensive games", AAMAS) is a pair of abstractions, one strictly finer than the
other (every bucket of the finer lies inside a bucket of the coarser), whose equilibria are ordered
the wrong way in the real game: the finer one's is more exploitable. They found such pairs in
Leduc poker, so refining an abstraction is no guarantee of a better strategy. :func:`pathologies`
lists them among measured bucketings. Two cautions, both about what "the abstraction's
equilibrium" means: an approximate solution's real exploitability moves with its in-abstraction
error (:func:`real_exploitability_curve` follows it along a run: Johanson, Waugh, Bowling and
Zinkevich 2011, "Accelerating best response calculation in large extensive games", IJCAI, saw it
rise again as the solver went on, "overfitting" the abstraction), and an abstract game can have
many equilibria whose real exploitabilities differ; the measurement reports the one CFR's average
converges to from uniform play. :mod:`lessons_lib.abstraction.equilibrium_bounds` bounds the real
exploitability over all of them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

import pandas as pd

from lessons_lib.abstraction.abstract_game import AbstractLeduc
from lessons_lib.abstraction.bucketing import CardBucketing, card_bucketing
from lessons_lib.abstraction.equilibrium_bounds import (
    abstraction_lp,
    best_abstract_loss,
    least_equilibrium_loss,
    search_most_equilibrium_loss,
)
from lessons_lib.abstraction.mapping import abstract_exploitability, real_exploitability
from lessons_lib.cfr.solver import solve
from lessons_lib.core.training import MAX_ITERATIONS
from lessons_lib.games.leduc import LeducPoker
from lessons_lib.policy import Policy
from lessons_lib.validation import (
    check_instance,
    check_integer,
    check_number,
    describe,
    list_of,
    non_empty_list_of,
)

#: The options of :func:`solve_abstraction` that :func:`measure_abstraction` passes on.
SOLVER_OPTIONS = ("algorithm", "check_every", "max_iterations")


@dataclass(frozen=True)
class AbstractionMeasurement:
    """One solved abstraction: its size, how far CFR went, and the two exploitabilities (chips)."""

    bucketing: CardBucketing
    info_sets: int  # the abstract game's information sets
    iterations: int  # CFR iterations run
    abstract_exploitability: float  # epsilon' of the average strategy, within the abstraction
    real_exploitability: float  # epsilon of the induced strategy, in the real game

    def __post_init__(self) -> None:
        """Check a measurement built or edited by hand: the tables, the pathologies and the
        figure read it (NaN slipped through them, and a bucketing that is not one raised an
        AttributeError)."""
        check_instance(self.bucketing, CardBucketing, "bucketing", "a CardBucketing")
        frozen = {
            "info_sets": check_integer(self.info_sets, "info_sets", minimum=1),
            "iterations": check_integer(self.iterations, "iterations", minimum=0),
            **{
                name: check_number(getattr(self, name), name, minimum=0.0)
                for name in ("abstract_exploitability", "real_exploitability")
            },
        }
        for name, value in frozen.items():
            object.__setattr__(self, name, value)

    @property
    def buckets(self) -> int:
        """The number of buckets per round asked for."""
        return self.bucketing.buckets


@dataclass(frozen=True)
class EquilibriumBounds:
    """What every equilibrium of one card abstraction loses in the real game, per player (chips
    per hand; :mod:`lessons_lib.abstraction.equilibrium_bounds`): the least loss over the
    abstract equilibria (exact), the most that a local search found (a lower bound on the most,
    or ``None`` if not searched), and the least loss of any abstract strategy (the player
    abstracted alone against a real opponent)."""

    bucketing: CardBucketing
    least: tuple[float, float]  # per player: min L_i over the abstract equilibria, exact
    best: tuple[float, float]  # per player: min L_i over every abstract strategy, exact
    most: tuple[float, float] | None  # per player: a found equilibrium's L_i (max L_i >= it)

    def __post_init__(self) -> None:
        """Check every field: the tables and the pathology checks read them."""
        check_instance(self.bucketing, CardBucketing, "bucketing", "a CardBucketing")
        pairs = {"least": self.least, "best": self.best}
        if self.most is not None:
            pairs["most"] = self.most
        for name, pair in pairs.items():
            values = list_of(pair, name)
            if len(values) != 2:
                raise ValueError(f"{name} must hold one loss per player, got {describe(pair)}")
            checked = tuple(check_number(v, f"a {name} loss") for v in values)
            object.__setattr__(self, name, checked)

    @property
    def least_exploitability(self) -> float:
        """The least real exploitability of an abstract equilibrium: ``(L_1 + L_2) / 2`` at each
        player's least (the equilibria are the pairs of equilibrium strategies)."""
        return 0.5 * (self.least[0] + self.least[1])

    @property
    def best_exploitability(self) -> float:
        """The real exploitability of the pair of best abstract strategies (each player abstracted
        alone against a real opponent: CFR-BR's target)."""
        return 0.5 * (self.best[0] + self.best[1])

    @property
    def most_exploitability(self) -> float | None:
        """A lower bound on the most real exploitability of an abstract equilibrium: that of the
        worst pair the search found (``None`` if not searched)."""
        return None if self.most is None else 0.5 * (self.most[0] + self.most[1])


def bound_abstraction(
    game: LeducPoker, method: str, buckets: int, most_starts: int = 0
) -> EquilibriumBounds:
    """The :class:`EquilibriumBounds` of ``game``'s abstraction by ``method`` with ``buckets``
    buckets: linear programs for the least losses, and for the most a local search from
    ``most_starts`` starts (none if 0)."""
    check_instance(game, LeducPoker, "game", "a LeducPoker")
    most_starts = check_integer(most_starts, "most_starts", minimum=0)
    abstract = AbstractLeduc(game, card_bucketing(game, method, buckets))
    problem = abstraction_lp(game, abstract, abstract.abstract_key)
    players = (1, 2)
    most = None
    if most_starts:
        most = tuple(search_most_equilibrium_loss(problem, p, most_starts)[0] for p in players)
    return EquilibriumBounds(
        bucketing=abstract.bucketing,
        least=tuple(least_equilibrium_loss(problem, p)[0] for p in players),
        best=tuple(best_abstract_loss(problem, p)[0] for p in players),
        most=most,
    )


@dataclass(frozen=True)
class Pathology:
    """A finer bucketing whose solution is more exploitable in the real game than a coarser
    one's."""

    coarse: AbstractionMeasurement
    fine: AbstractionMeasurement

    def __post_init__(self) -> None:
        """Check that ``fine`` strictly refines ``coarse`` (on one deck) and is more exploitable."""
        for name in ("coarse", "fine"):
            check_instance(getattr(self, name), AbstractionMeasurement, name, "a measurement")
        coarse, fine = self.coarse.bucketing, self.fine.bucketing
        if (coarse.ranks, coarse.suits) != (fine.ranks, fine.suits):
            raise ValueError(f"fine {fine!r} and coarse {coarse!r} bucket different decks")
        if not fine.strictly_refines(coarse) or not self.increase > 0:
            raise ValueError(
                f"a pathology's fine bucketing strictly refines the coarse one and is more "
                f"exploitable, got coarse {describe(self.coarse)} and fine {describe(self.fine)}"
            )

    @property
    def increase(self) -> float:
        """How much more exploitable the finer abstraction's strategy is, in chips per hand."""
        return self.fine.real_exploitability - self.coarse.real_exploitability

    @property
    def beyond_solver_error(self) -> bool:
        """Whether the increase exceeds the sum of the two in-abstraction exploitabilities the
        solves reached: a rule of thumb for "not an artefact of stopping early", not a bound
        (an abstract equilibrium's real exploitability has no Lipschitz bound in epsilon')."""
        solver_error = self.coarse.abstract_exploitability + self.fine.abstract_exploitability
        return self.increase > solver_error


# A signature of the same shape as scaling.time_per_iteration's (`duplicates` pairs the two): a
# game, an algorithm's name and counts with defaults; the two functions share no logic.
def solve_abstraction(
    abstract: AbstractLeduc,
    target: float,
    *,
    algorithm: str = "cfr+",
    check_every: int = 100,
    max_iterations: int = 20_000,
) -> tuple[Policy, int, float]:
    """CFR on ``abstract`` until its average strategy's in-abstraction exploitability is at most
    ``target`` (checked every ``check_every`` iterations) or ``max_iterations`` are run.

    Returns ``(average policy, iterations run, in-abstraction exploitability reached)``.
    """
    if not isinstance(abstract, AbstractLeduc):
        raise ValueError(f"abstract must be an AbstractLeduc, got {describe(abstract)}")
    target = check_number(target, "target", minimum=0.0)
    check_every = check_integer(check_every, "check_every", minimum=1, maximum=MAX_ITERATIONS)
    max_iterations = check_integer(
        max_iterations, "max_iterations", minimum=check_every, maximum=MAX_ITERATIONS
    )
    if not isinstance(algorithm, str):
        raise ValueError(f"algorithm must be a name such as 'cfr+', got {describe(algorithm)}")
    run = solve(abstract, algorithm, check_every, checkpoints=[check_every])
    while run.history[-1].average_exploitability > target and run.iterations < max_iterations:
        step = min(check_every, max_iterations - run.iterations)
        run.train(step, checkpoints=[run.iterations + step])
    return run.average_policy(), run.iterations, run.history[-1].average_exploitability


def measure_abstraction(
    game: LeducPoker, method: str, buckets: int, target: float, **solver: object
) -> AbstractionMeasurement:
    """Solve ``game``'s abstraction by ``method`` with ``buckets`` buckets to ``target``
    (options ``solver`` as in :func:`solve_abstraction`) and measure it."""
    unknown = sorted(set(solver) - set(SOLVER_OPTIONS))
    if unknown:
        raise ValueError(f"unknown solver options {unknown!r}; expected some of {SOLVER_OPTIONS}")
    abstract = AbstractLeduc(game, card_bucketing(game, method, buckets))
    policy, iterations, reached = solve_abstraction(abstract, target, **solver)
    return AbstractionMeasurement(
        bucketing=abstract.bucketing,
        info_sets=len(abstract.info_sets()),
        iterations=iterations,
        abstract_exploitability=reached,
        real_exploitability=real_exploitability(abstract, policy),
    )


def measure_abstractions(
    game: LeducPoker, method: str, bucket_counts: Iterable[int], target: float, **solver: object
) -> list[AbstractionMeasurement]:
    """:func:`measure_abstraction` for every bucket count of ``bucket_counts``, in that order:
    distinct counts from 1 to the game's ranks, so at most one per rank (an endless iterable is
    read no further than that)."""
    check_instance(game, LeducPoker, "game", "a LeducPoker")
    if isinstance(bucket_counts, (str, bytes)) or not isinstance(bucket_counts, Iterable):
        raise ValueError(f"bucket_counts must be a list of integers, got {describe(bucket_counts)}")
    ranks = int(game.parameters["ranks"])
    counts = [
        check_integer(b, "buckets", minimum=1, maximum=ranks)
        for b in itertools.islice(bucket_counts, ranks + 1)
    ]
    if not counts:
        raise ValueError("bucket_counts must hold at least one bucket count")
    if len(set(counts)) < len(counts):
        raise ValueError(
            f"bucket_counts must be distinct bucket counts from 1 to {ranks}, got "
            f"{describe(counts)}"
        )
    return [measure_abstraction(game, method, b, target, **solver) for b in counts]


def real_exploitability_curve(
    abstract: AbstractLeduc, checkpoints: Iterable[int], algorithm: str = "cfr+"
) -> list[tuple[int, float, float]]:
    """Run ``algorithm`` on ``abstract`` and, at each of the iteration counts ``checkpoints``
    (increasing), measure its average strategy: ``(iterations, in-abstraction exploitability,
    real exploitability)``, chips per hand."""
    if not isinstance(abstract, AbstractLeduc):
        raise ValueError(f"abstract must be an AbstractLeduc, got {describe(abstract)}")
    if isinstance(checkpoints, (str, bytes)) or not isinstance(checkpoints, Iterable):
        raise ValueError(f"checkpoints must be a list of iterations, got {describe(checkpoints)}")
    counts = [
        check_integer(c, "a checkpoint", minimum=1, maximum=MAX_ITERATIONS) for c in checkpoints
    ]
    if not counts or any(b <= a for a, b in zip(counts, counts[1:], strict=False)):
        raise ValueError(f"checkpoints must be increasing iteration counts, got {describe(counts)}")
    if not isinstance(algorithm, str):
        raise ValueError(f"algorithm must be a name such as 'cfr+', got {describe(algorithm)}")
    run = solve(abstract, algorithm, counts[0], checkpoints=[counts[0]])
    curve = []
    for count in counts:
        if count > run.iterations:
            run.train(count - run.iterations, checkpoints=[count])
        policy = run.average_policy()
        curve.append(
            (
                count,
                abstract_exploitability(abstract, policy),
                real_exploitability(abstract, policy),
            )
        )
    return curve


#: The columns of :func:`measurement_table`.
TABLE_COLUMNS = (
    "ranks",
    "method",
    "buckets",
    "info_sets",
    "iterations",
    "abstract_exploitability",
    "real_exploitability",
)


def measurement_table(measurements: Iterable[AbstractionMeasurement]) -> pd.DataFrame:
    """The measurements as a table, one row each, in chips per hand (:data:`TABLE_COLUMNS`)."""
    measured = non_empty_list_of(measurements, AbstractionMeasurement, "measurements")
    rows = [
        (
            m.bucketing.ranks,
            m.bucketing.method,
            m.buckets,
            m.info_sets,
            m.iterations,
            m.abstract_exploitability,
            m.real_exploitability,
        )
        for m in measured
    ]
    return pd.DataFrame(rows, columns=list(TABLE_COLUMNS))


def refinement_pairs(
    measurements: Iterable[AbstractionMeasurement],
) -> list[tuple[AbstractionMeasurement, AbstractionMeasurement]]:
    """Every pair ``(coarse, fine)`` of ``measurements`` (of one deck) where ``fine``'s bucketing
    strictly refines ``coarse``'s: the pairs Waugh et al. (2009) compare, in the order of
    ``measurements`` (coarse first, then fine)."""
    measured = non_empty_list_of(measurements, AbstractionMeasurement, "measurements")
    return [
        (coarse, fine)
        for coarse in measured
        for fine in measured
        if fine.bucketing.strictly_refines(coarse.bucketing)
    ]


def pathologies(
    measurements: Iterable[AbstractionMeasurement], tolerance: float = 0.0
) -> list[Pathology]:
    """Every pair (coarse, fine) of :func:`refinement_pairs` whose finer bucketing's real
    exploitability is larger by more than ``tolerance``."""
    pairs = refinement_pairs(measurements)
    tolerance = check_number(tolerance, "tolerance", minimum=0.0)
    return [
        Pathology(coarse, fine)
        for coarse, fine in pairs
        if fine.real_exploitability > coarse.real_exploitability + tolerance
    ]
