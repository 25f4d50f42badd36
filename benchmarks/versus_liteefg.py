"""CFR+ on Kuhn poker (20,000 iterations) and Leduc poker (1,000), the library beside LiteEFG.

LiteEFG (Liu et al. 2024) is a C++ library for learning in extensive-form games with a Python
front end; its ``baselines.CFRplus`` graph is CFR+ (regret-matching+, alternating updates,
linear averaging), the algorithm ``solve(game, "cfr+", n)`` runs. The same protocol times both:
a fresh run of n iterations, then the exploitability of its average strategy, measured once at the
end; the shortest and the median of ``REPEATS`` runs. The library's is ``solve`` with its default
engine for the game (the public-tree engine) and one checkpoint; LiteEFG's is its training loop
(``update_graph``, ``update_strategy``) on OpenSpiel's game, enumerating the tree, then its
exploitability. Both exploitabilities are printed, in chips per hand, to show that the two solve
the same problem as far.

LiteEFG is not one of the book's dependencies (it pulls in OpenSpiel and JAX). To time it, install
it in a separate environment (``python -m venv /tmp/liteefg && /tmp/liteefg/bin/pip install LiteEFG
tqdm``) and give that environment's Python in ``LITEEFG_PYTHON``; this script then runs itself
there with ``--liteefg`` for LiteEFG's half. Without it, only the library's figures are printed.

Run with ``LITEEFG_PYTHON=/tmp/liteefg/bin/python .venv/bin/python benchmarks/versus_liteefg.py``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

#: (OpenSpiel's name, iterations) of each race.
RACES = (("kuhn_poker", 20_000), ("leduc_poker", 1_000))
#: Timed runs per game and library.
REPEATS = 5
#: The issue's targets: the library's time at most this share of LiteEFG's.
TARGETS = {"kuhn_poker": 1.0, "leduc_poker": 0.35}


def time_library(name: str, iterations: int) -> dict[str, float]:
    """The library's CFR+ on ``name``: the shortest and median seconds, and the exploitability."""
    from lessons_lib.cfr import solve
    from lessons_lib.games import KuhnPoker, LeducPoker

    game = {"kuhn_poker": KuhnPoker(), "leduc_poker": LeducPoker()}[name]
    solve(game, "cfr+", 1)  # builds the game's tree and public tree, as LiteEFG's set-up does
    times = []
    for _ in range(REPEATS):
        began = time.perf_counter()
        run = solve(game, "cfr+", iterations, checkpoints=[iterations])
        times.append(time.perf_counter() - began)
    exploitability = run.history[-1].average_exploitability
    return {"best": min(times), "median": statistics.median(times), "exploit": exploitability}


def time_liteefg(name: str, iterations: int) -> dict[str, float]:
    """LiteEFG's CFR+ on OpenSpiel's ``name``, timed by the same protocol (runs in LiteEFG's
    environment)."""
    import contextlib
    import io

    import LiteEFG
    import pyspiel
    from LiteEFG.baselines import CFRplus

    game = pyspiel.load_game(name)
    times = []
    for _ in range(REPEATS):
        with contextlib.redirect_stdout(io.StringIO()):  # its graph prints a banner
            env = LiteEFG.OpenSpielEnv(game, traverse_type="Enumerate", regenerate=False)
            graph = CFRplus.graph()
            env.set_graph(graph)
        began = time.perf_counter()
        for _ in range(iterations):
            graph.update_graph(env)
            env.update_strategy(graph.current_strategy(), update_best=False)
        nash_conv = sum(env.exploitability(graph.current_strategy(), "linear-avg-iterate"))
        times.append(time.perf_counter() - began)
    return {"best": min(times), "median": statistics.median(times), "exploit": nash_conv / 2}


def main() -> None:
    liteefg = os.environ.get("LITEEFG_PYTHON")
    for name, iterations in RACES:
        ours = time_library(name, iterations)
        line = (
            f"{name}, {iterations:,} CFR+ iterations: lessons_lib {ours['best']:.3f} s "
            f"(median {ours['median']:.3f} s), exploitability {ours['exploit']:.3e}"
        )
        if liteefg:
            done = subprocess.run(
                [liteefg, __file__, "--liteefg", name, str(iterations)],
                capture_output=True,
                text=True,
                check=True,
            )
            theirs = json.loads(done.stdout.strip().splitlines()[-1])
            ratio = ours["median"] / theirs["median"]
            verdict = "within" if ratio <= TARGETS[name] else "OVER"
            line += (
                f"; LiteEFG {theirs['best']:.3f} s (median {theirs['median']:.3f} s), "
                f"exploitability {theirs['exploit']:.3e}; ratio of medians {ratio:.2f} "
                f"({verdict} the target of {TARGETS[name]:g})"
            )
        else:
            line += "; LiteEFG not timed (set LITEEFG_PYTHON, see the docstring)"
        print(line)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--liteefg"]:
        print(json.dumps(time_liteefg(sys.argv[2], int(sys.argv[3]))))
    else:
        main()
