"""Time a full-range no-limit hold'em river to 0.3% of the pot, and its memory.

The spot: board Ks Qd 7h 4c 2s, both players with every combo the board allows (1,081 each),
a pot of 100 and stacks of 400 behind (a stack-to-pot ratio of 4), bets of 33%, 75% and 150% of
the pot plus all-in, raises of one pot (after the call) or all-in, at most two raises. Each solve
builds the game (ranking 2 x 1,081 hands with phevaluator and sorting them), then iterates until
the exploitability of the average strategy is at most 0.3% of the pot (the solver users' "solved",
seed note 003), measured exactly every ``CHECK_EVERY`` iterations. The time includes the game's
construction and every exploitability check. Memory is the peak of ``tracemalloc`` (numpy's
arrays included) during one more solve, run apart because tracing slows numpy down.

First, one showdown evaluation both ways: against a 1,081 x 1,081 matrix and by sorting
(:mod:`lessons_lib.holdem.showdown`). Then the same solve for 1, 2, 3 and 4 bet sizes, to show
how time and memory grow with the menu.
Target: the three-size river under 2 s on this 2-core machine (shared with other jobs: the
figures vary with the load, so each configuration runs ``REPEATS`` times and the best is shown,
with the CPU time the process itself used beside the wall-clock time).

Run with ``.venv/bin/python benchmarks/river.py``.
"""

from __future__ import annotations

import os
import time
import timeit
import tracemalloc

import numpy as np

from lessons_lib.holdem.river import RiverGame
from lessons_lib.holdem.showdown import matrix_values, showdown_matrix
from lessons_lib.holdem.solver import solve_river

BOARD = "KsQd7h4c2s"
POT, STACK = 100.0, 400.0
TARGET_PERCENT = 0.3
TARGET_SECONDS = 2.0
CHECK_EVERY = 10
REPEATS = 3
MENUS = {
    1: (0.75,),
    2: (0.33, 0.75),
    3: (0.33, 0.75, 1.5),
    4: (0.33, 0.75, 1.5, 2.5),
}


def solve_once(sizes: tuple[float, ...], algorithm: str) -> tuple[float, float, int, float, int]:
    """(seconds, CPU seconds, iterations, exploitability % pot, tree nodes) of one solve."""
    start, cpu = time.perf_counter(), time.process_time()
    game = RiverGame(
        BOARD, ("any", "any"), POT, STACK, bet_sizes=sizes, raise_size=1.0, max_raises=2
    )
    _, history = solve_river(game, algorithm, TARGET_PERCENT, 2000, CHECK_EVERY)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    iterations, percent = history[-1]
    return seconds, cpu, iterations, percent, len(game.public_tree.nodes)


def peak_memory(sizes: tuple[float, ...], algorithm: str) -> int:
    """The peak bytes ``tracemalloc`` sees during one solve (a separate run: tracing slows it)."""
    tracemalloc.start()
    solve_once(sizes, algorithm)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def showdown_comparison() -> None:
    """One showdown against a full range: the 1,081 x 1,081 matrix way and the sorted way."""
    game = RiverGame(BOARD, ("any", "any"), POT, STACK)
    combos, strength = game.combos[1], game.strength[1]
    reach = np.random.default_rng(0).random((1, len(combos)))
    start = time.perf_counter()
    matrix = showdown_matrix(combos, game.combos[2], strength, game.strength[2])
    built = time.perf_counter() - start
    timer = timeit.Timer(lambda: matrix_values(matrix, reach))
    number, _ = timer.autorange()
    by_matrix = min(timer.repeat(repeat=3, number=number)) / number
    removal = game.removal[1]
    timer = timeit.Timer(lambda: removal.showdown(reach))
    number, _ = timer.autorange()
    by_sorting = min(timer.repeat(repeat=3, number=number)) / number
    gap = float(np.abs(removal.showdown(reach) - matrix_values(matrix, reach)).max())
    print(
        f"One showdown, 1,081 x 1,081 hands: matrix {by_matrix * 1e3:.2f} ms per evaluation "
        f"(building it {built:.2f} s, {matrix.nbytes / 2**20:.1f} MiB), sorted "
        f"{by_sorting * 1e3:.3f} ms ({by_matrix / by_sorting:.0f} times quicker); largest "
        f"difference {gap:.1e}"
    )


def main() -> None:
    print(f"Load average over the last minute: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    showdown_comparison()
    print(
        f"River {BOARD}, full ranges, pot {POT:.0f}, stacks {STACK:.0f}, one raise size, at "
        f"most two raises; target {TARGET_PERCENT}% of the pot (best of {REPEATS} runs)"
    )
    for algorithm in ("dcfr", "cfr+"):
        for count, sizes in MENUS.items():
            runs = [solve_once(sizes, algorithm) for _ in range(REPEATS)]
            seconds, cpu, iterations, percent, nodes = min(runs)
            peak = peak_memory(sizes, algorithm)
            verdict = ""
            if count == 3:
                verdict = " within" if seconds < TARGET_SECONDS else " OVER"
                verdict += f" the {TARGET_SECONDS:.0f} s target"
            sizes_text = ", ".join(f"{100 * f:g}%" for f in sizes)
            print(
                f"{algorithm:>5} {count} size(s) [{sizes_text} + all-in]: {nodes} nodes, "
                f"{iterations} iterations to {percent:.3f}% of the pot in {seconds:.2f} s "
                f"({cpu:.2f} s of CPU){verdict}; peak memory {peak / 2**20:.1f} MiB"
            )


if __name__ == "__main__":
    main()
