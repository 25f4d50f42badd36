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
error, and an abstract game can have many equilibria whose real exploitabilities differ; the
measurement reports the one CFR's average converges to from uniform play.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

import pandas as pd

from lessons_lib.abstraction.abstract_game import AbstractLeduc
from lessons_lib.abstraction.bucketing import CardBucketing, card_bucketing
from lessons_lib.abstraction.mapping import real_exploitability
from lessons_lib.cfr.solver import solve
from lessons_lib.core.training import MAX_ITERATIONS
from lessons_lib.games.leduc import LeducPoker
from lessons_lib.policy import Policy
from lessons_lib.validation import (
    check_instance,
    check_integer,
    check_number,
    describe,
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
