"""Time the CFR engines on Kuhn and Leduc poker (target: 1,000 CFR+ iterations of Leduc in 0.35 s).

Prints, best of 3 since other processes may share the machine:

1. the time per iteration of each engine (``"readable"``, ``"sequence-form"``, ``"public-tree"``)
   on Kuhn and Leduc poker, for CFR (simultaneous) and CFR+ (alternating): the time of
   ``engine.run(n)`` on a warmed-up engine, divided by n (no checkpoint is measured);
2. the same for the public-tree and sequence-form engines on larger generalised games;
3. ``solve(LeducPoker(), "cfr+", 1000)`` end to end, with the default engine, once with only the
   final checkpoint and once with the default log-spaced checkpoints;
4. one exact exploitability of a Leduc policy (:func:`lessons_lib.exploitability.exploitability`).

Run with ``.venv/bin/python benchmarks/cfr_leduc.py``.
"""

from __future__ import annotations

import time
import timeit

from lessons_lib.cfr import solve, variant_named
from lessons_lib.cfr.solver import ENGINES
from lessons_lib.exploitability import exploitability
from lessons_lib.games import Game, KuhnPoker, LeducPoker

TARGET_SECONDS = 0.35  # with the last checkpoint only
TARGET_ITERATIONS = 1_000
REPEATS = 3
#: (algorithm, updates) pairs to time.
CONFIGURATIONS = (("cfr", "simultaneous"), ("cfr+", "alternating"))
#: Iterations per timing, by engine and game: enough for a few tenths of a second.
BATCH = {
    ("readable", "kuhn_poker"): 100,
    ("readable", "leduc_poker"): 3,
    ("sequence-form", "kuhn_poker"): 5_000,
    ("sequence-form", "leduc_poker"): 300,
    ("public-tree", "kuhn_poker"): 5_000,
    ("public-tree", "leduc_poker"): 1_000,
}
#: Larger generalised games, timed with the two fast engines.
LARGER_GAMES = (
    LeducPoker(ranks=4),
    LeducPoker(ranks=5),
    LeducPoker(ranks=6),
    KuhnPoker(n_cards=10),
    KuhnPoker(n_cards=20),
    KuhnPoker(n_cards=50),
)
LARGER_BATCH = {"sequence-form": 50, "public-tree": 200}


def best_of(function: object, repeats: int = REPEATS) -> float:
    """The shortest of ``repeats`` timings of one call of ``function``, in seconds."""
    return min(timeit.repeat(function, number=1, repeat=repeats))


def time_per_iteration(game: Game, engine: str, algorithm: str, updates: str, n: int) -> float:
    """Seconds per iteration of ``engine``: the best time of n more iterations, over n."""
    runner = ENGINES[engine](game, variant_named(algorithm), updates)
    runner.run(2)  # warm up
    return best_of(lambda: runner.run(n)) / n


def main() -> None:
    kuhn, leduc = KuhnPoker(), LeducPoker()
    for game in (kuhn, leduc):
        game.tree  # built once, outside the timings  # noqa: B018
    print(f"Seconds per iteration (best of {REPEATS}):")
    for game in (kuhn, leduc):
        for algorithm, updates in CONFIGURATIONS:
            cells = []
            for engine in ("readable", "sequence-form", "public-tree"):
                n = BATCH[engine, game.name]
                seconds = time_per_iteration(game, engine, algorithm, updates, n)
                cells.append(f"{engine} {seconds * 1e6:10.1f} us")
            print(f"  {game.name:<11} {algorithm:>4} {updates:<12} " + "  ".join(cells))

    print("Larger games, CFR+ (alternating), seconds per iteration:")
    for game in LARGER_GAMES:
        start = time.perf_counter()
        game.tree  # noqa: B018
        build = time.perf_counter() - start
        cells = []
        for engine in ("sequence-form", "public-tree"):
            n = LARGER_BATCH[engine]
            seconds = time_per_iteration(game, engine, "cfr+", "alternating", n)
            cells.append(f"{engine} {seconds * 1e6:10.1f} us")
        infosets = len(game.info_sets())
        print(f"  {game!r:<66} {infosets:5d} infosets  " + "  ".join(cells), end="")
        print(f"  (tree build {build:.2f} s)")

    bare = best_of(lambda: solve(leduc, "cfr+", TARGET_ITERATIONS, checkpoints=()))
    run = solve(leduc, "cfr+", TARGET_ITERATIONS)
    logged = best_of(lambda: solve(leduc, "cfr+", TARGET_ITERATIONS))
    verdict = "within" if bare < TARGET_SECONDS else "OVER"
    print(
        f"{TARGET_ITERATIONS:,} CFR+ iterations of Leduc poker, solve() with engine "
        f"{run.engine!r}: {bare:.3f} s with only the last checkpoint ({verdict} the "
        f"{TARGET_SECONDS} s target), {logged:.3f} s with the default {len(run.history)} "
        f"checkpoints; exploitability {run.history[-1].average_exploitability:.2e} chips per hand"
    )

    policy = run.average_policy()
    timer = timeit.Timer(lambda: exploitability(leduc, policy))
    number, _ = timer.autorange()
    per_call = min(timer.repeat(repeat=REPEATS, number=number)) / number
    print(f"Exact exploitability of a Leduc policy: {per_call * 1e3:.2f} ms per call")


if __name__ == "__main__":
    main()
