"""Time CFR and its variants on Kuhn poker (target: 20,000 CFR+ iterations in at most 0.5 s).

For every algorithm and engine it prints the time per iteration: the time of ``train(n)`` on a
warmed-up run divided by n, with n large enough that the one checkpoint ``train`` records at its
end (about 1 ms) adds under 1 percent. Then it times ``solve(KuhnPoker(), "cfr+", 20_000)`` with
the demo's engine (``"sequence-form"``) and with the default one for Kuhn poker
(``"public-tree"``), with
its default log-spaced checkpoints (about 40 exact exploitability measurements) and with only the
last one: the training part of the live demo's "Run to 20,000", which ``benchmarks/cfr_demo.py``
times whole, redraws included. Each figure is the best of several repeats, since other processes
may share the machine.

Run with ``.venv/bin/python benchmarks/cfr_kuhn.py``.
"""

from __future__ import annotations

import timeit

from lessons_lib.cfr import solve
from lessons_lib.games import KuhnPoker

TARGET_SECONDS = 0.5  # with the default checkpoints
#: What the fastest C++ solver we measured takes for the same 20,000 iterations on this machine.
STRETCH_SECONDS = 0.17
DEMO_ITERATIONS = 20_000
REPEATS = 5
#: (algorithm, updates) pairs to time; each engine runs them all.
CONFIGURATIONS = (
    ("cfr", "simultaneous"),
    ("cfr", "alternating"),
    ("cfr+", "alternating"),
    ("lcfr", "alternating"),
    ("dcfr", "alternating"),
)
#: Iterations per timing: the readable engine is about 50 times slower.
BATCH = {"public-tree": 5_000, "sequence-form": 5_000, "readable": 100}


def best_of(function: object, repeats: int = REPEATS) -> float:
    """The shortest of ``repeats`` timings of one call of ``function``, in seconds."""
    return min(timeit.repeat(function, number=1, repeat=repeats))


def time_per_iteration(game: KuhnPoker, algorithm: str, updates: str, engine: str) -> float:
    """Seconds per iteration: the best time of training n more iterations of a run, over n."""
    n = BATCH[engine]
    result = solve(game, algorithm, 10, updates=updates, engine=engine, checkpoints=())
    return best_of(lambda: result.train(n, checkpoints=())) / n


def main() -> None:
    game = KuhnPoker()
    solve(game, "cfr", 1)  # builds the game tree once
    print(f"Kuhn poker, seconds per iteration (best of {REPEATS}):")
    for engine in BATCH:
        for algorithm, updates in CONFIGURATIONS:
            per_iteration = time_per_iteration(game, algorithm, updates, engine)
            print(f"  {engine:>13}  {algorithm:>5} {updates:<12} {per_iteration * 1e6:9.1f} us")

    for engine in ("sequence-form", "public-tree"):  # the demo's engine, then solve's default
        run = best_of(lambda e=engine: solve(game, "cfr+", DEMO_ITERATIONS, engine=e), repeats=3)
        bare = best_of(
            lambda e=engine: solve(game, "cfr+", DEMO_ITERATIONS, engine=e, checkpoints=()),
            repeats=3,
        )
        checkpoints = len(solve(game, "cfr+", DEMO_ITERATIONS, engine=engine).history)
        verdict = "within" if run <= TARGET_SECONDS else "OVER"
        stretch = "within" if run <= STRETCH_SECONDS else "over"
        print(
            f"{DEMO_ITERATIONS:,} CFR+ iterations, {engine} engine: {run:.3f} s with the default "
            f"{checkpoints} checkpoints, {bare:.3f} s with only the last one (best of 3; {verdict} "
            f"the {TARGET_SECONDS} s target, {stretch} the {STRETCH_SECONDS} s stretch target)"
        )


if __name__ == "__main__":
    main()
