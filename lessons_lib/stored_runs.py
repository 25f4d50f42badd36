"""The long runs that Chapters 7, 8, 10 and 11 read from ``notebooks/data/``, not repeated.

A 100,000-iteration CFR+ run on Leduc poker (Chapter 7), seventeen runs of 20 million nodes each
on Leduc poker and a sweep over six deck sizes of Kuhn poker (Chapter 8) take too long to repeat
at every build of the book; so do Chapter 10's sweep of card abstractions (58 abstract games of
Leduc poker with 6, 10 and 13 ranks, each solved by CFR+ and measured in the real game) and the
linear programs that bound the real exploitability of each one's equilibria, and Chapter 11's
survey of subgame solving (20 blueprints of Leduc poker, their 15 board subgames re-solved by
five methods at once and alone, 1,600 exact exploitabilities). They are made once by this
module and stored as JSON:

    make caches                              # every file (about half an hour on two cores)
    python -m lessons_lib.stored_runs ch07   # one group: ch07, ch08-leduc, ch08-decks, ch10, ch11

Every run is deterministic (seeded, and bit-identical on every machine: :mod:`lessons_lib.sums`),
so a stored file proves itself: a short re-run must reproduce its first checkpoints exactly (the
linear programs' optima to :data:`BOUNDS_TOLERANCE`: HiGHS is deterministic, but its last digits
need not be the same on every machine)
(``tests/test_chapter7_cache.py``, ``tests/test_chapter8_cache.py``,
``tests/test_chapter10_cache.py`` and ``tests/test_chapter11_cache.py`` do so, and the chapters do
it too before they read a file). A change of the library that changes any number makes those
checks fail until the files are made again with the command above. Reading never makes a file:
a missing file raises ``OSError`` naming it and the command.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from functools import cache
from os import PathLike
from pathlib import Path

from lessons_lib import cfr, mccfr, subgames
from lessons_lib.abstraction import (
    METHODS,
    AbstractionMeasurement,
    EquilibriumBounds,
    bound_abstraction,
    card_bucketing,
    measure_abstraction,
    measure_abstractions,
)
from lessons_lib.cfr import checkpoint_schedule
from lessons_lib.core.training import InterruptedRun, TrainingRun
from lessons_lib.core.variants import UPDATE_SCHEMES
from lessons_lib.games import KuhnPoker, LeducPoker
from lessons_lib.games.base import Game
from lessons_lib.games.sizes import game_size
from lessons_lib.policy_io import save_policy
from lessons_lib.validation import (
    check_choice,
    check_instance,
    check_integer,
    check_iterations,
    describe,
    is_number,
    list_of,
    parse_json,
)

#: Where the chapters keep their stored runs.
DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"
#: The command that makes every stored file again.
COMMAND = "make caches"

Run = TrainingRun

# --- Chapter 7: CFR+ on Leduc poker, 100,000 iterations -----------------------------------------

CH07_RUN = "ch07_leduc_cfr_plus_run.json"
CH07_POLICY = "ch07_leduc_cfr_plus_policy.json"
CH07_EARLY_POLICY = "ch07_leduc_cfr_plus_policy_100.json"
#: Iterations: the early policy kept, the chapter's own run, the stored run.
CH07_EARLY, CH07_LIVE, CH07_LONG = 100, 2000, 100_000


def make_chapter_7(data: Path = DATA, engine: str = "public-tree") -> None:
    """CFR+ on Leduc poker: the policy after 100 iterations, then the same run to 100,000."""
    leduc = LeducPoker()
    run = cfr.solve(leduc, "cfr+", CH07_EARLY, engine=engine)
    about = {"algorithm": "cfr+", "engine": run.engine.name}
    data.mkdir(parents=True, exist_ok=True)
    save_policy(data / CH07_EARLY_POLICY, leduc, run.average_policy(), about | {"iterations": 100})
    run.train(CH07_LIVE - CH07_EARLY).train(CH07_LONG - CH07_LIVE)  # a checkpoint at CH07_LIVE
    save_policy(data / CH07_POLICY, leduc, run.average_policy(), about | {"iterations": CH07_LONG})
    record = {
        **about,
        "iterations": CH07_LONG,
        "game": _identity(leduc),
        "checkpoints": [asdict(c) for c in run.history],
    }
    (data / CH07_RUN).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


# --- Chapter 8: the races, and what a run is ----------------------------------------------------

#: The sampling schemes and the seeds of every race.
SCHEMES = ("chance", "external", "outcome")
SEEDS = tuple(range(5))


def cfr_nodes(game: Game, updates: str = "simultaneous") -> int:
    """The nodes one iteration of exact CFR touches: ``|H|`` or ``2 |H|``, by the update scheme.

    ``|H|`` is every history of the tree, the roots of the deals included. Simultaneous updates
    (vanilla CFR): both players learn against the same ``sigma^t``, so a single walk of every
    deal's tree can update both of them on the way back, as
    :func:`~lessons_lib.mccfr.chance_sampling.update_deal` does for one deal: ``|H|`` nodes,
    with the iterates of ``cfr.solve(game, "cfr")`` (``tests/test_chapter8_cache.py`` counts
    the nodes of such a walk and compares). The readable engine walks once per player, for
    clarity; the count is of the work the algorithm needs. Alternating updates (CFR+, Linear
    and Discounted CFR): player 2 learns against player 1's *new* strategy, which exists only
    after player 1's walk, so an iteration is two walks, ``2 |H|`` nodes.
    """
    updates = check_choice(updates, UPDATE_SCHEMES, "updates")
    walks = 1 if updates == "simultaneous" else 2
    return walks * game_size(game)["histories"]


def nodes_touched(run: Run) -> int:
    """The nodes a run has touched so far (MCCFR counts them; CFR's are :func:`cfr_nodes`)."""
    _check_run(run)
    if isinstance(run.engine, mccfr.SampledEngine):
        return run.engine.nodes_touched
    return run.iterations * cfr_nodes(run.game, run.engine.updates)


#: How many timed runs CFR's wall time per iteration is the fastest of.
TIMINGS = 3


def train_until(run: Run, done: Callable[[Run], bool]) -> Run:
    """Train ``run`` from checkpoint to checkpoint of the default schedule until ``done(run)``.

    Ctrl-C stops the training after its last complete iteration and raises ``KeyboardInterrupt``:
    a stored file is made from complete runs only.
    """
    _check_run(run)
    if not callable(done):
        raise ValueError(f"done must be a function of the run, got {describe(done)}")
    while not done(run):
        following = checkpoint_schedule(run.iterations, 2 * run.iterations + 1)[0]
        run.train(following - run.iterations)
        if run.interrupted:
            raise KeyboardInterrupt(f"{run!r} was interrupted: nothing is stored")
    return run


def make_run(game: Game, name: str, done: Callable[[Run], bool]) -> tuple[Run, dict]:
    """The run ``name`` ("external-seed3", "cfr", "cfr+") trained until ``done``, and its record.

    CFR's wall time per iteration is measured on runs of the same length with no checkpoints in
    between (all its iterations cost the same): the fastest of :data:`TIMINGS` such runs, the one
    least disturbed by whatever else the machine was doing. MCCFR's runs time themselves.
    """
    _check_game(game)
    scheme, seed = run_name(name)
    if scheme is None:
        run = train_until(cfr.solve(game, name, 1), done)
        timings = []
        for _ in range(TIMINGS):
            began = time.perf_counter()
            cfr.solve(game, name, run.iterations, checkpoints=())
            timings.append(time.perf_counter() - began)
        seconds = min(timings) / run.iterations
        about = {
            "algorithm": name,
            "seconds_per_iteration": seconds,
            "nodes_per_iteration": cfr_nodes(game, run.engine.updates),
        }
    else:
        run = train_until(cfr.solve(game, f"mccfr-{scheme}", 1, seed=seed), done)
        about = {"algorithm": run.algorithm, "scheme": scheme, "seed": seed}
        if isinstance(run.engine, mccfr.OutcomeSampling):
            about["exploration"] = run.engine.exploration
    checkpoints = [asdict(c) for c in run.history]
    return run, {**about, "iterations": run.iterations, "checkpoints": checkpoints}


def rerun(game: Game, name: str, iterations: int) -> Run:
    """A fresh run of ``name`` ("cfr", "cfr+" or "scheme-seedN") with the default checkpoints."""
    _check_game(game)
    scheme, seed = run_name(name)
    if scheme is None:
        return cfr.solve(game, name, iterations)
    return cfr.solve(game, f"mccfr-{scheme}", iterations, seed=seed)


def run_name(name: object) -> tuple[str | None, int | None]:
    """``(scheme, seed)`` of a run name such as ``"external-seed3"``; ``(None, None)`` for
    ``"cfr"`` and ``"cfr+"``. Any other name raises ``ValueError``."""
    if name in ("cfr", "cfr+") and isinstance(name, str):
        return None, None
    match = re.fullmatch(r"(\w+)-seed(\d+)", name) if isinstance(name, str) else None
    if match is None or match.group(1) not in SCHEMES:
        raise ValueError(
            f"name must be 'cfr', 'cfr+' or a scheme and seed such as 'external-seed3', "
            f"got {describe(name)}"
        )
    return match.group(1), int(match.group(2))


def check_prefix(game: Game, name: str, record: Mapping, iterations: int) -> None:
    """``ValueError`` unless a fresh run of ``name`` reproduces the stored checkpoints exactly.

    Every stored checkpoint up to ``iterations`` (which must be one) is compared field by field,
    bit for bit; only the wall time, which no machine repeats, is left out.
    """
    iterations = check_iterations(iterations)
    stored = [c for c in _checkpoint_records(record) if c["iteration"] <= iterations]
    if not stored or stored[-1]["iteration"] != iterations:
        raise ValueError(f"iteration {iterations} is not a stored checkpoint of {name!r}")
    fresh = [asdict(c) for c in rerun(game, name, iterations).history]
    for new, old in zip(fresh, stored, strict=True):
        if {k: v for k, v in new.items() if k != "seconds"} != {
            k: v for k, v in old.items() if k != "seconds"
        }:
            raise ValueError(
                f"the stored run {name!r} is not what the library computes (at iteration "
                f"{new['iteration']}: {old} stored, {new} now): make it again with `{COMMAND}`"
            )


def history(record: Mapping) -> list[mccfr.SampledCheckpoint]:
    """A run's checkpoints as ``mccfr.SampledCheckpoint`` objects (CFR's get nodes and seconds)."""
    checkpoints = _checkpoint_records(record)
    try:
        if "nodes_per_iteration" not in record:
            return [mccfr.SampledCheckpoint(**c) for c in checkpoints]
        nodes, seconds = record["nodes_per_iteration"], record["seconds_per_iteration"]
        if not (is_number(nodes) and is_number(seconds)):
            raise TypeError("nodes_per_iteration and seconds_per_iteration must be numbers")
        return [
            mccfr.SampledCheckpoint(
                **c, nodes_touched=nodes * c["iteration"], seconds=seconds * c["iteration"]
            )
            for c in checkpoints
        ]
    except (TypeError, KeyError) as error:
        raise ValueError(f"record is not a stored run ({error}): {describe(record)}") from error


# Leduc poker: every run gets the same budget of nodes touched.
LEDUC_RACE = "ch08_leduc_runs.json"
LEDUC_POLICIES = "ch08_leduc_policies"
LEDUC_BUDGET = 20_000_000
LEDUC_RUNS = (*(f"{s}-seed{seed}" for s in SCHEMES for seed in SEEDS), "cfr", "cfr+")


def leduc_race_parameters() -> dict:
    """What the Leduc race file is made with."""
    return _parameters(
        LeducPoker(),
        node_budget=LEDUC_BUDGET,
        outcome_exploration=mccfr.DEFAULT_EXPLORATION,
        runs=list(LEDUC_RUNS),
    )


def make_leduc_race(data: Path = DATA) -> None:
    """Every run of the Leduc race; seed 0 of each scheme, CFR and CFR+ also keep their policy."""
    leduc = LeducPoker()
    records = {}
    for name in LEDUC_RUNS:
        run, record = make_run(leduc, name, lambda run: nodes_touched(run) >= LEDUC_BUDGET)
        records[name] = record
        if name.endswith("-seed0") or name.startswith("cfr"):
            kept = ("algorithm", "iterations", "seed")
            metadata = {key: record[key] for key in kept if key in record}
            (data / LEDUC_POLICIES).mkdir(parents=True, exist_ok=True)
            save_policy(
                data / LEDUC_POLICIES / f"{name}.json", leduc, run.average_policy(), metadata
            )
    write_records(data / LEDUC_RACE, leduc_race_parameters(), records)


# Kuhn poker with larger decks: every run goes until it reaches the same exploitability.
DECK_SWEEP = "ch08_kuhn_decks.json"
DECKS = (3, 6, 12, 24, 48, 96)
DECK_TARGET = 0.02
DECK_LIMIT = 50_000_000  # nodes; a run that needs more is reported, not waited for
DECK_RUNS = tuple(
    f"{n}/{name}"
    for n in DECKS
    for name in (*(f"{s}-seed{seed}" for s in SCHEMES for seed in SEEDS), "cfr", "cfr+")
)


def deck_sweep_parameters() -> dict:
    """What the deck-sweep file is made with."""
    return _parameters(
        KuhnPoker(),
        {"n_cards": list(DECKS)},
        decks=list(DECKS),
        target=DECK_TARGET,
        node_limit=DECK_LIMIT,
        outcome_exploration=mccfr.DEFAULT_EXPLORATION,
        runs=list(DECK_RUNS),
        kept="the last checkpoint of each run, the first at the target",
    )


def reached_target(run: Run) -> bool:
    """Whether the run's last checkpoint is at the target (ValueError past the node limit)."""
    if nodes_touched(run) > DECK_LIMIT:
        raise ValueError(f"{run!r} did not reach {DECK_TARGET} within {DECK_LIMIT:,} nodes")
    return run.history[-1].average_exploitability <= DECK_TARGET


def make_deck_sweep(data: Path = DATA) -> None:
    """Every run of the deck sweep, named "cards/run" such as "24/chance-seed1".

    Only each run's last checkpoint is kept: the first at the target, the one the sweep reads.
    """
    records = {}
    for name in DECK_RUNS:
        cards, run_name = name.split("/")
        _, record = make_run(KuhnPoker(int(cards)), run_name, reached_target)
        records[name] = record | {"checkpoints": record["checkpoints"][-1:]}
    write_records(data / DECK_SWEEP, deck_sweep_parameters(), records)


# --- Chapter 10: card abstraction of Leduc poker with 6, 10 and 13 ranks, measured -------------

CARD_SWEEP = "ch10_card_abstraction.json"
#: The decks: Leduc poker with two suits and this many ranks (13 is a full deck's ranks).
CARD_DECKS = (6, 10, 13)
CARD_TARGET = 1e-4  # chips per hand, within each abstraction
CARD_CHECK_EVERY = 250
#: The stored sweeps, one per deck and bucketing method, named "ranks/method".
CARD_RUNS = tuple(f"{ranks}/{method}" for ranks in CARD_DECKS for method in METHODS)
#: The fields of one stored measurement (:func:`measurement_record`).
CARD_FIELDS = (
    "buckets",
    "info_sets",
    "iterations",
    "abstract_exploitability",
    "real_exploitability",
)


def card_sweep_parameters() -> dict:
    """What the card-abstraction sweep is made with: the decks, the solver and the targets."""
    return _parameters(
        LeducPoker(),
        {**LeducPoker().parameters, "ranks": list(CARD_DECKS)},
        algorithm="cfr+",
        target=CARD_TARGET,
        check_every=CARD_CHECK_EVERY,
        buckets="1 to the deck's ranks",
        runs=list(CARD_RUNS),
    )


def measurement_record(m: AbstractionMeasurement) -> dict:
    """One measured abstraction as a JSON record (the fields :data:`CARD_FIELDS`)."""
    return {field: getattr(m, field) for field in CARD_FIELDS}


def make_card_sweep(data: Path = DATA) -> None:
    """Every bucketing method with 1 .. R buckets on Leduc poker with R ranks, for each R of
    :data:`CARD_DECKS`, solved by CFR+ to :data:`CARD_TARGET` and measured in the real game
    (:mod:`lessons_lib.abstraction`): 58 solves, about two minutes on two cores."""
    records = {}
    for ranks in CARD_DECKS:
        game = LeducPoker(ranks=ranks)
        for method in METHODS:
            measured = measure_abstractions(
                game, method, range(1, ranks + 1), CARD_TARGET, check_every=CARD_CHECK_EVERY
            )
            records[f"{ranks}/{method}"] = [measurement_record(m) for m in measured]
    write_records(data / CARD_SWEEP, card_sweep_parameters(), records)


def stored_card_sweep(data: Path = DATA) -> dict[int, dict[str, list[AbstractionMeasurement]]]:
    """The stored card-abstraction sweep, per deck (its ranks) and method, as measurements (the
    bucketings rebuilt); a record of another shape raises ``ValueError`` naming the file."""
    records = read_records(data / CARD_SWEEP, card_sweep_parameters(), CARD_RUNS)
    sweeps: dict[int, dict[str, list[AbstractionMeasurement]]] = {}
    for ranks in CARD_DECKS:
        game = _card_game(ranks)
        sweeps[ranks] = {}
        for method in METHODS:
            rows = _card_records(records[f"{ranks}/{method}"], ranks, f"{ranks}/{method}")
            sweeps[ranks][method] = [
                AbstractionMeasurement(
                    bucketing=card_bucketing(game, method, r["buckets"]),
                    **{field: r[field] for field in CARD_FIELDS[1:]},
                )
                for r in rows
            ]
    return sweeps


def check_card_prefix(
    stored: Mapping[str, Sequence[AbstractionMeasurement]], method: str, count: int
) -> None:
    """Measure the first ``count`` bucket counts of ``method`` in one deck's sweep ``stored``
    (``stored_card_sweep()[ranks]``) again and require the stored records to equal them exactly;
    a difference raises ``ValueError`` naming the file."""
    check_instance(stored, Mapping, "stored", "one deck's sweep, such as stored_card_sweep()[13]")
    method = check_choice(method, tuple(stored), "method")
    count = check_integer(count, "count", minimum=1, maximum=len(stored[method]))
    for m in stored[method][:count]:
        game = _card_game(m.bucketing.ranks, m.bucketing.suits)
        again = measure_abstraction(
            game, method, m.buckets, CARD_TARGET, check_every=CARD_CHECK_EVERY
        )
        if measurement_record(again) != measurement_record(m):
            raise ValueError(
                f"{CARD_SWEEP} differs from a re-run of {method} with {m.buckets} buckets on "
                f"{m.bucketing.ranks} ranks: make it again with `{COMMAND}`"
            )


@cache
def _card_game(ranks: int, suits: int = 2) -> LeducPoker:
    """``LeducPoker(ranks=ranks, suits=suits)``, made once: its tree (seconds to lay out at 13
    ranks) is then laid out once for all the prefix checks."""
    return LeducPoker(ranks=ranks, suits=suits)


def _card_records(rows: object, ranks: int, name: str) -> list[Mapping]:
    """``rows`` after checking it holds one record of :data:`CARD_FIELDS` per bucket count."""
    fine = (
        isinstance(rows, list)
        and all(isinstance(r, Mapping) and set(r) == set(CARD_FIELDS) for r in rows)
        and [r["buckets"] for r in rows] == list(range(1, ranks + 1))
        and all(isinstance(r["info_sets"], int) and isinstance(r["iterations"], int) for r in rows)
        and all(is_number(r[field]) for r in rows for field in CARD_FIELDS[3:])
    )
    if not fine:
        raise ValueError(
            f"{CARD_SWEEP} holds a malformed sweep {name!r}: make it again with `{COMMAND}`"
        )
    return rows


BOUNDS_SWEEP = "ch10_equilibrium_bounds.json"
#: How far a re-run linear program's optimum may sit from the stored one (chips per hand).
BOUNDS_TOLERANCE = 1e-9
#: The decks whose most exploitable equilibria are searched for, and from how many starts.
MOST_DECKS, MOST_STARTS = (6,), 4
#: The fields of one stored record of bounds (:func:`bounds_record`).
BOUNDS_FIELDS = ("buckets", "least", "best", "most")


def bounds_sweep_parameters() -> dict:
    """What the sweep of equilibrium bounds is made with."""
    return _parameters(
        LeducPoker(),
        {**LeducPoker().parameters, "ranks": list(CARD_DECKS)},
        solver="HiGHS (scipy.optimize.linprog)",
        most="local search" if MOST_STARTS else "none",
        most_decks=list(MOST_DECKS),
        most_starts=MOST_STARTS,
        buckets="1 to the deck's ranks",
        runs=list(CARD_RUNS),
    )


def bounds_record(bounds: EquilibriumBounds) -> dict:
    """One abstraction's bounds as a JSON record (the fields :data:`BOUNDS_FIELDS`)."""
    return {
        "buckets": bounds.bucketing.buckets,
        "least": list(bounds.least),
        "best": list(bounds.best),
        "most": None if bounds.most is None else list(bounds.most),
    }


def _bound(game: LeducPoker, method: str, buckets: int) -> EquilibriumBounds:
    """The bounds of one abstraction as the sweep makes them."""
    ranks = int(game.parameters["ranks"])
    return bound_abstraction(game, method, buckets, MOST_STARTS if ranks in MOST_DECKS else 0)


def make_bounds_sweep(data: Path = DATA) -> None:
    """The :class:`~lessons_lib.abstraction.EquilibriumBounds` of every abstraction of the card
    sweep (:data:`CARD_DECKS`, :data:`METHODS`, 1 .. R buckets): about twenty minutes, most of
    them on 13 ranks."""
    records = {}
    for ranks in CARD_DECKS:
        game = _card_game(ranks)
        for method in METHODS:
            records[f"{ranks}/{method}"] = [
                bounds_record(_bound(game, method, b)) for b in range(1, ranks + 1)
            ]
    write_records(data / BOUNDS_SWEEP, bounds_sweep_parameters(), records)


def stored_bounds_sweep(data: Path = DATA) -> dict[int, dict[str, list[EquilibriumBounds]]]:
    """The stored sweep of equilibrium bounds, per deck (its ranks) and method; a record of
    another shape raises ``ValueError`` naming the file."""
    records = read_records(data / BOUNDS_SWEEP, bounds_sweep_parameters(), CARD_RUNS)
    sweeps: dict[int, dict[str, list[EquilibriumBounds]]] = {}
    for ranks in CARD_DECKS:
        game = _card_game(ranks)
        sweeps[ranks] = {}
        for method in METHODS:
            name = f"{ranks}/{method}"
            rows = _bounds_records(records[name], ranks, name)
            sweeps[ranks][method] = [
                EquilibriumBounds(
                    bucketing=card_bucketing(game, method, r["buckets"]),
                    least=tuple(r["least"]),
                    best=tuple(r["best"]),
                    most=None if r["most"] is None else tuple(r["most"]),
                )
                for r in rows
            ]
    return sweeps


def check_bounds_prefix(
    stored: Mapping[str, Sequence[EquilibriumBounds]], method: str, count: int
) -> None:
    """Compute the first ``count`` bucket counts of ``method`` in one deck's stored bounds
    (``stored_bounds_sweep()[ranks]``) again and require every number to be within
    :data:`BOUNDS_TOLERANCE` of the stored one; a difference raises ``ValueError`` naming the
    file."""
    check_instance(stored, Mapping, "stored", "one deck's bounds, such as stored_bounds_sweep()[6]")
    method = check_choice(method, tuple(stored), "method")
    count = check_integer(count, "count", minimum=1, maximum=len(stored[method]))
    for bounds in stored[method][:count]:
        b = bounds.bucketing
        again = bounds_record(_bound(_card_game(b.ranks, b.suits), method, b.buckets))
        kept = bounds_record(bounds)
        same = all(
            (again[f] is None) == (kept[f] is None)
            and (
                again[f] is None
                or all(
                    abs(x - y) <= BOUNDS_TOLERANCE for x, y in zip(again[f], kept[f], strict=True)
                )
            )
            for f in BOUNDS_FIELDS[1:]
        )
        if not same:
            raise ValueError(
                f"{BOUNDS_SWEEP} differs from a re-run of {method} with {b.buckets} buckets on "
                f"{b.ranks} ranks: make it again with `{COMMAND}`"
            )


def _bounds_records(rows: object, ranks: int, name: str) -> list[Mapping]:
    """``rows`` after checking it holds one record of :data:`BOUNDS_FIELDS` per bucket count,
    with two numbers per field (``most`` only on the decks of :data:`MOST_DECKS`)."""

    def pair(value: object) -> bool:
        return isinstance(value, list) and len(value) == 2 and all(map(is_number, value))

    searched = ranks in MOST_DECKS
    fine = (
        isinstance(rows, list)
        and all(isinstance(r, Mapping) and set(r) == set(BOUNDS_FIELDS) for r in rows)
        and [r["buckets"] for r in rows] == list(range(1, ranks + 1))
        and all(pair(r["least"]) and pair(r["best"]) for r in rows)
        and all(pair(r["most"]) if searched else r["most"] is None for r in rows)
    )
    if not fine:
        raise ValueError(
            f"{BOUNDS_SWEEP} holds a malformed sweep {name!r}: make it again with `{COMMAND}`"
        )
    return rows


def make_chapter_10(data: Path = DATA) -> None:
    """Both of Chapter 10's files: the card sweep and the equilibrium bounds."""
    make_card_sweep(data)
    make_bounds_sweep(data)


# --- Chapter 11: subgame solving on Leduc poker, many blueprints ------------------------------

SURVEY = "ch11_subgame_solving.json"
#: The survey's blueprints (:mod:`lessons_lib.subgames.survey`): how many, the most CFR+
#: iterations, and the seed of the schedule of iterations (blueprint k is seeded with k).
SURVEY_BLUEPRINTS, SURVEY_MAX_ITERATIONS, SURVEY_SEED = 20, 300, 2017
#: The stored cases, one per blueprint, named by the blueprint's seed.
SURVEY_RUNS = tuple(f"seed{k}" for k in range(SURVEY_BLUEPRINTS))


def survey_parameters() -> dict:
    """What the subgame-solving survey is made with: the game, the blueprints, the methods."""
    game = LeducPoker()
    return json.loads(
        json.dumps(
            {
                "game": _identity(game),
                "blueprints": "short_run_blueprint(game, iterations, seed), CFR+",
                "schedule": [SURVEY_BLUEPRINTS, SURVEY_MAX_ITERATIONS, SURVEY_SEED],
                "methods": list(subgames.METHODS),
                "solver": "lp",
                "subgames": [s.name for s in subgames.board_subgames(game)],
                "runs": list(SURVEY_RUNS),
            }
        )
    )


def survey_record(case: subgames.SurveyCase) -> dict:
    """One blueprint's case as a JSON record (the subgames' names are the file's parameters)."""
    return {
        "seed": case.seed,
        "iterations": case.iterations,
        "blueprint": case.blueprint,
        "at_once": dict(case.at_once),
        "alone": {method: list(values) for method, values in case.alone.items()},
    }


def make_survey(data: Path = DATA) -> None:
    """Every blueprint of the survey, its 15 board subgames re-solved by every method at once and
    alone, measured exactly (:func:`lessons_lib.subgames.survey_blueprint`; about a minute)."""
    schedule = subgames.blueprint_schedule(SURVEY_BLUEPRINTS, SURVEY_MAX_ITERATIONS, SURVEY_SEED)
    game = LeducPoker()
    records = {
        name: survey_record(subgames.survey_blueprint(game, iterations, seed))
        for seed, (name, iterations) in enumerate(zip(SURVEY_RUNS, schedule, strict=True))
    }
    write_records(data / SURVEY, survey_parameters(), records)


def stored_survey(data: Path = DATA) -> list[subgames.SurveyCase]:
    """The stored survey, one :class:`~lessons_lib.subgames.SurveyCase` per blueprint in seed
    order; a record of another shape raises ``ValueError`` naming the file."""
    parameters = survey_parameters()
    records = read_records(data / SURVEY, parameters, SURVEY_RUNS)
    names = tuple(parameters["subgames"])
    return [_survey_case(records[name], seed, names) for seed, name in enumerate(SURVEY_RUNS)]


def check_survey_prefix(stored: Sequence[subgames.SurveyCase], count: int) -> None:
    """Measure the first ``count`` blueprints of the survey ``stored`` again and require the
    stored cases to equal them exactly; a difference raises ``ValueError`` naming the file."""
    stored = list_of(stored, "stored")
    count = check_integer(count, "count", minimum=1, maximum=max(len(stored), 1))
    for case in stored[:count]:
        check_instance(case, subgames.SurveyCase, "a case of stored", "a SurveyCase")
        again = subgames.survey_blueprint(LeducPoker(), case.iterations, case.seed)
        if again != case:
            raise ValueError(
                f"{SURVEY} differs from a re-run of the blueprint of seed {case.seed} "
                f"({case.iterations} iterations): make it again with `{COMMAND}`"
            )


def _survey_case(record: object, seed: int, names: tuple[str, ...]) -> subgames.SurveyCase:
    """``record`` as a case after checking its shape: the seed, whole iterations, a finite
    exploitability per method at once and one per subgame and method alone."""
    methods = list(subgames.METHODS)
    fine = (
        isinstance(record, Mapping)
        and set(record) == {"seed", "iterations", "blueprint", "at_once", "alone"}
        and record["seed"] == seed
        and isinstance(record["iterations"], int)
        and is_number(record["blueprint"])
        and isinstance(record["at_once"], Mapping)
        and list(record["at_once"]) == methods
        and all(is_number(v) for v in record["at_once"].values())
        and isinstance(record["alone"], Mapping)
        and list(record["alone"]) == methods
        and all(
            isinstance(v, list) and len(v) == len(names) and all(map(is_number, v))
            for v in record["alone"].values()
        )
    )
    if not fine:
        raise ValueError(
            f"{SURVEY} holds a malformed case of seed {seed}: make it again with `{COMMAND}`"
        )
    return subgames.SurveyCase(
        seed=seed,
        iterations=record["iterations"],
        blueprint=record["blueprint"],
        subgames=names,
        at_once=dict(record["at_once"]),
        alone={method: tuple(values) for method, values in record["alone"].items()},
    )


# --- Files --------------------------------------------------------------------------------------


def write_records(path: Path, parameters: Mapping, records: Mapping[str, Mapping]) -> None:
    """Save run records as JSON, one line per checkpoint (numbers must be finite)."""
    if not isinstance(path, (str, PathLike)):
        raise ValueError(f"path must be a file name, got {describe(path)}")
    path = Path(path)
    try:
        text = json.dumps({"parameters": parameters, "runs": records}, indent=1, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as error:
        raise ValueError(f"the records for {path} are not plain finite JSON: {error}") from error
    path.parent.mkdir(parents=True, exist_ok=True)
    for innermost in (r"\{[^{}\[\]]*\}", r"\[[^{}\[\]]*\]"):  # checkpoints, then lists
        text = re.sub(innermost, lambda match: " ".join(match.group().split()), text)
    path.write_text(text + "\n", encoding="utf-8")


def read_records(path: Path, parameters: Mapping, names: Sequence[str]) -> dict[str, dict]:
    """The records of the runs ``names`` stored at ``path``, which must have been made with
    ``parameters``; a missing file raises ``FileNotFoundError``, another one ``ValueError``."""
    if not isinstance(path, (str, PathLike)):
        raise ValueError(f"path must be a file name, got {describe(path)}")
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: make it with `{COMMAND}`")
    if not path.is_file():
        raise ValueError(f"{path} is not a file: make it with `{COMMAND}`")
    try:
        document = parse_json(path.read_text(encoding="utf-8"), str(path))
    except ValueError as error:  # UnicodeDecodeError is a ValueError too
        raise ValueError(
            f"{path} is not a stored run file ({error}): make it again with `{COMMAND}`"
        ) from error
    if not isinstance(document, dict):
        raise ValueError(f"{path} is not a stored run file: make it again with `{COMMAND}`")
    if document.get("parameters") != parameters or list(document.get("runs", ())) != list(names):
        raise ValueError(
            f"{path} was made with other parameters or runs: make it again with `{COMMAND}`"
        )
    return document["runs"]


def _checkpoint_records(record: object) -> list[Mapping]:
    """``record["checkpoints"]``, after checking it is a list of mappings with an iteration."""
    checkpoints = record.get("checkpoints") if isinstance(record, Mapping) else None
    if not isinstance(checkpoints, list) or not all(
        isinstance(c, Mapping) and isinstance(c.get("iteration"), int) for c in checkpoints
    ):
        raise ValueError(f"record must hold a list of checkpoints, got {describe(record)}")
    return checkpoints


def _check_run(run: object) -> None:
    if not isinstance(run, TrainingRun):
        raise ValueError(f"run must be a TrainingRun (made by cfr.solve), got {describe(run)}")


def _check_game(game: object) -> None:
    if not isinstance(game, Game):
        raise ValueError(f"game must be a Game (such as KuhnPoker()), got {describe(game)}")


def _identity(game: Game) -> dict:
    return json.loads(json.dumps({"name": game.name, "parameters": game.parameters}))


def _parameters(game: Game, game_parameters: Mapping | None = None, **parameters: object) -> dict:
    """What a stored file was made with: the game, the checkpoint schedule, and the rest."""
    identity = {"name": game.name, "parameters": game_parameters or game.parameters}
    schedule = "the default schedule, 10 per factor of ten iterations"
    return json.loads(json.dumps({"game": identity, "checkpoints": schedule, **parameters}))


GROUPS = {
    "ch07": make_chapter_7,
    "ch08-leduc": make_leduc_race,
    "ch08-decks": make_deck_sweep,
    "ch10": make_chapter_10,
    "ch11": make_survey,
}


def main(argv: Sequence[str] | None = None) -> None:
    """Make the stored files of the named groups (all of them by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("groups", nargs="*", help=f"any of {', '.join(GROUPS)} (default: all)")
    parser.add_argument("--data", type=Path, default=DATA, help="the folder (notebooks/data)")
    arguments = parser.parse_args(argv)
    unknown = [group for group in arguments.groups if group not in GROUPS]
    if unknown:
        parser.error(f"unknown group {unknown[0]!r}; the groups are {', '.join(GROUPS)}")
    for group in arguments.groups or GROUPS:
        began = time.perf_counter()
        with warnings.catch_warnings():
            # Ctrl-C stops a run cleanly (lessons_lib.progress); here that must stop the group
            # before anything is written, not store what the run had done so far.
            warnings.simplefilter("error", InterruptedRun)
            try:
                GROUPS[group](arguments.data)
            except (InterruptedRun, KeyboardInterrupt) as stop:
                print(f"{group}: interrupted, nothing more written ({stop})", file=sys.stderr)
                raise SystemExit(130) from None
        print(f"{group}: made in {time.perf_counter() - began:.0f} s", flush=True)


if __name__ == "__main__":
    main()
