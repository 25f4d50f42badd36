"""Benchmark: 100,000 self-play iterations of regret matching on rock-paper-scissors.

Target: under 1 second on the book's 2-core reference machine. Prints the best of five runs.
"""

from __future__ import annotations

import timeit

from lessons_lib.normal_form import rock_paper_scissors
from lessons_lib.regret_matching import self_play

ITERATIONS = 100_000
TARGET_SECONDS = 1.0


def main() -> None:
    game = rock_paper_scissors()
    start = ([1.0, 0.0, 0.0], [0.0, 0.0, 0.0])
    runs = timeit.repeat(lambda: self_play(game, ITERATIONS, start), number=1, repeat=5)
    best = min(runs)
    verdict = "within" if best < TARGET_SECONDS else "OVER"
    print(
        f"RPS regret-matching self-play: {ITERATIONS:,} iterations in {best:.3f} s "
        f"(best of {len(runs)}; median {sorted(runs)[len(runs) // 2]:.3f} s; "
        f"{verdict} the {TARGET_SECONDS:g} s target)"
    )


if __name__ == "__main__":
    main()
