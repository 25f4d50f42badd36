"""Time the vectorised simulation of Kuhn poker hands (target: 10,000 hands well under a second).

Both seats play the member alpha = 1/6 of Kuhn's equilibrium family. Each size is timed as the
best of five runs with fixed seeds; the mean payoff per hand and its 95% interval are printed
next to the exact value, as a check that the fast path plays the right game.

Run with ``.venv/bin/python benchmarks/kuhn_simulation.py``.
"""

from __future__ import annotations

import timeit

import numpy as np

from lessons_lib.exploitability import expected_value
from lessons_lib.games import KuhnPoker
from lessons_lib.kuhn_equilibria import nash_equilibrium
from lessons_lib.simulation import mean_and_interval, simulate

TARGET_SECONDS = 0.1  # for 10,000 hands
SIZES = (10_000, 1_000_000)


def main() -> None:
    game = KuhnPoker()
    policy = nash_equilibrium(1.0 / 6.0)
    exact = expected_value(game, policy)
    simulate(game, policy, policy, 10, seed=0)  # builds and caches the game tree
    for hands in SIZES:
        timer = timeit.Timer(lambda hands=hands: simulate(game, policy, policy, hands, seed=0))
        seconds = min(timer.repeat(repeat=5, number=1))
        payoffs = simulate(game, policy, policy, hands, seed=0)
        mean, half_width = mean_and_interval(payoffs)
        standard_error = payoffs.std(ddof=1) / np.sqrt(hands)
        line = (
            f"{hands:>9,} hands: {seconds * 1e3:8.1f} ms "
            f"({seconds / hands * 1e9:5.0f} ns per hand); "
            f"mean {mean:+.4f} ± {half_width:.4f} (95%), exact {exact:+.4f}, "
            f"{abs(mean - exact) / standard_error:.1f} standard errors apart"
        )
        if hands == SIZES[0]:
            verdict = "within" if seconds < TARGET_SECONDS else "OVER"
            line += f"; {verdict} the {TARGET_SECONDS * 1e3:.0f} ms target"
        print(line)


if __name__ == "__main__":
    main()
