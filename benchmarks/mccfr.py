"""Time Monte Carlo CFR's three sampling schemes on Kuhn and Leduc poker, next to vanilla CFR.

For every game and scheme it trains a fixed budget of iterations with a fixed seed and prints

- the training time per iteration, best of 3 runs (the checkpoint's ``seconds``, which leaves out
  the exact exploitability measurement);
- the nodes touched per iteration (histories the walks entered, over the whole run);
- the exploitability of the average policy after the budget (exact, chips per hand).

Vanilla CFR (:mod:`lessons_lib.cfr`) gives the reference rows, for both of its engines: the
recursive readable one, which walks histories in Python as the sampled walks do, and the fast
sequence-form one, which does the same iteration in a few numpy operations. Their time per
iteration is the difference between the best of 3 batches of 2n and of n iterations on a warmed-up
run, divided by n (so the one measurement each batch ends with cancels). Their nodes per iteration
are the readable engine's: one walk of the whole tree per player.

Run with ``.venv/bin/python benchmarks/mccfr.py``.
"""

from __future__ import annotations

import time

from lessons_lib import cfr, mccfr
from lessons_lib.exploitability import exploitability
from lessons_lib.games import Game, KuhnPoker, LeducPoker
from lessons_lib.policy import uniform_policy

REPEATS = 3
SEED = 0
#: Iterations each scheme trains, per game.
BUDGETS = {"Kuhn": 10_000, "Leduc": 2_000}
#: Iterations per timing batch of vanilla CFR, per engine and game.
CFR_BATCH = {"sequence-form": {"Kuhn": 2_000, "Leduc": 100}, "readable": {"Kuhn": 100, "Leduc": 3}}


def time_scheme(game: Game, scheme: str, iterations: int) -> tuple[float, float, float]:
    """(seconds per iteration, nodes per iteration, final exploitability) of a seeded run."""
    best = float("inf")
    for _ in range(REPEATS):
        result = cfr.solve(game, f"mccfr-{scheme}", iterations, seed=SEED, checkpoints=())
        last = result.history[-1]
        best = min(best, last.seconds)
    return best / iterations, last.nodes_touched / iterations, last.average_exploitability


def time_vanilla(game: Game, engine: str, batch: int) -> float:
    """Seconds per iteration of vanilla CFR with ``engine``, from batches of n and 2n iterations."""
    warm = cfr.solve(game, "cfr", 2, engine=engine, checkpoints=())

    def best_batch(iterations: int) -> float:
        timings = []
        for _ in range(REPEATS):
            began = time.perf_counter()
            warm.train(iterations, checkpoints=())
            timings.append(time.perf_counter() - began)
        return min(timings)

    # Every batch ends with one checkpoint measurement; the difference of two batches cancels it.
    return (best_batch(2 * batch) - best_batch(batch)) / batch


def main() -> None:
    games = {"Kuhn": KuhnPoker(), "Leduc": LeducPoker()}
    header = f"{'game':<6} {'algorithm':<18} {'us/iteration':>12} {'nodes/iteration':>16} "
    header += f"{'iterations':>10} {'exploitability':>15}"
    print(f"Monte Carlo CFR, seed {SEED}; times are the best of {REPEATS} runs")
    print(header)
    print("-" * len(header))
    for name, game in games.items():
        budget = BUDGETS[name]
        uniform = exploitability(game, uniform_policy(game))
        print(f"{name:<6} {'uniform policy':<18} {'':>12} {'':>16} {0:>10} {uniform:>15.4f}")
        # Both engines compute the same iterations, so the fast one gives the exploitability.
        final = cfr.solve(game, "cfr", budget, checkpoints=()).history[-1].average_exploitability
        full_walks = 2 * len(game.histories())  # one walk of the whole tree per player
        for engine in ("sequence-form", "readable"):
            seconds = time_vanilla(game, engine, CFR_BATCH[engine][name])
            print(
                f"{name:<6} {'CFR, ' + engine:<18} {seconds * 1e6:>12.1f} {full_walks:>16.1f} "
                f"{budget:>10,} {final:>15.4f}"
            )
        for scheme in mccfr.SCHEMES:
            seconds, nodes, final = time_scheme(game, scheme, budget)
            print(
                f"{name:<6} {scheme + ' sampling':<18} {seconds * 1e6:>12.1f} {nodes:>16.1f} "
                f"{budget:>10,} {final:>15.4f}"
            )


if __name__ == "__main__":
    main()
