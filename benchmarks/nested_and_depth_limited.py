"""Nested subgame solving against action translation (Chapter 10's river) and depth-limited solving
of Leduc poker's first round, measured exactly (about 15 seconds on one core).

Part A (:mod:`lessons_lib.subgames.nested`). The real river is Chapter 10's: a dry board, ranges of
a few dozen combos, pot 100, stack 200, one decision per player, no raises, bet sizes from 10% to
195% of the pot in steps of 5% plus all-in. Each menu's abstract river is solved by CFR+ to
``TARGET`` percent of the pot (the blueprint, played by both players). An off-tree bet is answered
by translation (pseudo-harmonic), by the unsafe re-solve (best response to the range the blueprint
brings to the translated sizes) or by the safe re-solve gadget (the bettor may decline and take
its best menu action's value). The script prints, for the menu ``MAIN_MENU``, each off-tree size's
loss (the exploitability it adds to the menu, percent of the pot) per method, then every menu's
real exploitability per method.

Part B (:mod:`lessons_lib.subgames.depth_limited`). Blueprints of Leduc poker are short CFR+ runs
from seeded random regrets (:func:`lessons_lib.subgames.short_run_blueprint`). Each player's first
round is re-solved from the root with leaves at the end of the first round, valued by the
blueprint's continuation alone (k = 1), by four continuations (blueprint and biased toward fold,
call, raise), by those and the best response to the blueprint (k = 5), and exactly (the opponent
free in the second round); the second round is the blueprint's. The script prints the exact
exploitability (milli-chips per hand) of the blueprint and of each re-solve, and how much the
leaf values underestimated the opponent's best response.

Everything but the seconds is deterministic. Run with
``.venv/bin/python benchmarks/nested_and_depth_limited.py``.
"""

from __future__ import annotations

import time

import pandas as pd

from lessons_lib.games import LeducPoker
from lessons_lib.holdem import RiverGame
from lessons_lib.subgames import short_run_blueprint
from lessons_lib.subgames.depth_limited import LEAF_VALUATIONS, measure_depth_limited
from lessons_lib.subgames.nested import NESTED_METHODS, measure_nested, river_blueprint

GRID = tuple(round(0.10 + 0.05 * k, 2) for k in range(38))
RANGES = ("AA,KK,QQ,77,AK,AQ,KQs,JT,98s,65s,A5s", "AA,QQ,AK,AQ,KJ,QJ,JJ,TT,99,A7s,87s")
MENUS = ((0.75,), (0.35, 1.5), (0.35, 0.75, 1.5))
MAIN_MENU = (0.35, 1.5)
TARGET = 0.01  # percent of the pot, within each abstraction

#: Leduc blueprints: (CFR+ iterations, seed) of short_run_blueprint.
LEDUC_BLUEPRINTS = ((1, 0), (10, 1), (30, 2), (100, 3), (300, 4))

#: Column names of the leaf valuations.
LABELS = {
    "blueprint": "k=1 blueprint",
    "biased": "k=4 biased",
    "biased+br": "k=5 +BR",
    "exact": "exact",
}


def part_a() -> None:
    real = RiverGame("KsQd7h4c2s", RANGES, pot=100.0, stack=200.0, bet_sizes=GRID, max_raises=0)
    print(f"A. {real!r}: CFR+ to {TARGET:g}% of the pot in each abstraction")
    rows = []
    for menu in MENUS:
        blueprint = river_blueprint(real, menu, TARGET, max_iterations=5000)
        measured = measure_nested(blueprint)
        if menu == MAIN_MENU:
            print(f"\nloss of each off-tree size (% of pot), menu {menu} + all-in:")
            print(measured.table().round(4).to_string())
        rows.append(
            {
                "menu (+ all-in)": ", ".join(f"{100 * s:.0f}%" for s in menu),
                "in-abstraction %": blueprint.abstract_percent,
                **{f"real % {m}": measured.real_percent[m] for m in NESTED_METHODS},
            }
        )
    print("\nreal exploitability (% of pot), best responders free to bet any size:")
    print(pd.DataFrame(rows).round(4).to_string(index=False))


def part_b() -> None:
    game = LeducPoker()
    print(f"\nB. {game!r}: first round re-solved from the root, second round the blueprint's")
    rows, missed = [], []
    for iterations, seed in LEDUC_BLUEPRINTS:
        measured = measure_depth_limited(game, short_run_blueprint(game, iterations, seed))
        rows.append(
            {
                "run": f"{iterations} it, seed {seed}",
                "blueprint": 1000 * measured.blueprint,
                **{LABELS[v]: 1000 * measured.after[v] for v in LEAF_VALUATIONS},
            }
        )
        missed.append(
            {
                "run": f"{iterations} it, seed {seed}",
                **{
                    LABELS[v]: 1000 * sum(s.missed for s in measured.solutions[v]) / 2
                    for v in LEAF_VALUATIONS
                },
            }
        )
    print("exploitability (milli-chips per hand) after re-solving, per leaf valuation:")
    print(pd.DataFrame(rows).set_index("run").round(2).to_string())
    print("what the leaf values missed: (true best response - depth-limited value) / 2, mchips:")
    print((pd.DataFrame(missed).set_index("run").round(2) + 0.0).to_string())


def main() -> None:
    start = time.perf_counter()
    part_a()
    part_b()
    print(f"\ntotal {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
