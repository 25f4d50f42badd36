"""Action abstraction of a river measured: each menu's solve and its real best response (target:
10 s in all).

The river of Chapter 10 (a dry board, ranges of a few dozen combos, pot 100, stack 200, no raises)
with a fine grid of bet sizes from 10% to 195% of the pot in steps of 5% plus all-in is the real
game. For menus of one, two and three sizes (plus all-in) the script solves the abstract river by
CFR+ to ``TARGET`` percent of the pot, translates the solution into the fine river with the
pseudo-harmonic mapping (:mod:`lessons_lib.abstraction.actions`) and measures it there exactly.
It prints one row per menu: iterations, in-abstraction and real exploitability, seconds.

Run with ``.venv/bin/python benchmarks/action_abstraction.py``.
"""

from __future__ import annotations

import time

from lessons_lib.abstraction import measure_action_abstraction
from lessons_lib.holdem import RiverGame

GRID = tuple(round(0.10 + 0.05 * k, 2) for k in range(38))
RANGES = ("AA,KK,QQ,77,AK,AQ,KQs,JT,98s,65s,A5s", "AA,QQ,AK,AQ,KJ,QJ,JJ,TT,99,A7s,87s")
MENUS = ((0.75,), (0.35, 1.5), (0.35, 0.75, 1.5))
TARGET = 0.01  # percent of the pot, within each abstraction
TARGET_SECONDS = 10.0


def main() -> None:
    real = RiverGame("KsQd7h4c2s", RANGES, pot=100.0, stack=200.0, bet_sizes=GRID, max_raises=0)
    print(f"{real!r}: {len(real.public_tree.nodes)} public nodes; CFR+ to {TARGET:g}% of the pot")
    print(f"{'menu':>16} {'iters':>6} {'abstract %':>11} {'real %':>8} {'seconds':>8}")
    start = time.perf_counter()
    for menu in MENUS:
        begun = time.perf_counter()
        m = measure_action_abstraction(real, menu, TARGET, max_iterations=5000)
        label = ", ".join(f"{100 * s:.0f}%" for s in m.sizes)
        print(
            f"{label:>16} {m.iterations:>6} {m.abstract_percent:>11.4f} {m.real_percent:>8.3f} "
            f"{time.perf_counter() - begun:>8.2f}"
        )
    seconds = time.perf_counter() - start
    verdict = "within" if seconds < TARGET_SECONDS else "OVER"
    print(f"total {seconds:.1f} s ({verdict} the {TARGET_SECONDS:.0f} s target)")


if __name__ == "__main__":
    main()
