"""Card abstraction measured: both exploitabilities against the number of buckets (target: 60 s).

For Leduc poker with six ranks and two suits, and each bucketing method of
:mod:`lessons_lib.abstraction.bucketing`, the script solves the abstract game with ``B`` buckets
per round for ``B = 1 .. 6`` by CFR+ until its in-abstraction exploitability is at most
``TARGET`` chips per hand, maps the solution back to the real game and measures it there exactly.
It prints one row per abstraction (information sets, iterations, in-abstraction and real
exploitability, seconds), then the pathologies of Waugh et al. (2009) found among the rows: a
strictly finer bucketing whose solution is more exploitable in the real game.

Run with ``.venv/bin/python benchmarks/card_abstraction.py``; ``--ranks R`` and ``--target T``
measure another game size or precision (the 60 s target is for the defaults). Chapter 10's stored
sweep (``lessons_lib.stored_runs.make_card_sweep``) also measures 10 and 13 ranks: ``--ranks 13``
takes about a minute on two cores, the whole stored sweep about two.
"""

from __future__ import annotations

import argparse
import time

from lessons_lib.abstraction import METHODS, measure_abstraction, pathologies
from lessons_lib.games import LeducPoker

RANKS = 6
TARGET = 1e-4  # chips per hand, within the abstraction
CHECK_EVERY = 250
TARGET_SECONDS = 60.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ranks", type=int, default=RANKS, help="ranks of the Leduc deck")
    parser.add_argument("--target", type=float, default=TARGET, help="in-abstraction epsilon")
    arguments = parser.parse_args()
    measure(arguments.ranks, arguments.target)


def measure(ranks: int, target: float) -> None:
    """Print the table for Leduc poker with ``ranks`` ranks, solved to ``target``."""
    game = LeducPoker(ranks=ranks)
    start = time.perf_counter()
    histories = len(game.tree.histories)  # the real tree, shared by every abstraction
    print(
        f"{game!r}: {len(game.info_sets())} information sets, {histories} histories; "
        f"CFR+ to {target:g} chips"
    )
    print(
        f"{'method':>10} {'B':>3} {'sets':>5} {'iters':>6} {'abstract eps':>12} "
        f"{'real eps':>10} {'seconds':>8}"
    )
    for method in METHODS:
        measured = []
        for buckets in range(1, ranks + 1):
            begun = time.perf_counter()
            m = measure_abstraction(game, method, buckets, target, check_every=CHECK_EVERY)
            measured.append(m)
            print(
                f"{method:>10} {buckets:>3} {m.info_sets:>5} {m.iterations:>6} "
                f"{m.abstract_exploitability:>12.2e} {m.real_exploitability:>10.6f} "
                f"{time.perf_counter() - begun:>8.2f}"
            )
        found = pathologies(measured)
        for p in found:
            print(
                f"{method:>10} pathology: B = {p.fine.buckets} refines B = {p.coarse.buckets} "
                f"yet is {p.increase:.6f} chips more exploitable "
                f"({'beyond' if p.beyond_solver_error else 'within'} the solves' error)"
            )
        if not found:
            print(f"{method:>10}: no strictly finer bucketing is more exploitable")
    seconds = time.perf_counter() - start
    verdict = "within" if seconds < TARGET_SECONDS else "OVER"
    print(f"total {seconds:.1f} s ({verdict} the {TARGET_SECONDS:.0f} s target)")


if __name__ == "__main__":
    main()
