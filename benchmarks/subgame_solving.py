"""Subgame solving on Leduc poker measured: how often unsafe re-solving hurts, and what the safe
gadgets gain (about 1.5 minutes on one core).

Blueprints: ``BLUEPRINTS`` short CFR+ runs (:func:`lessons_lib.subgames.short_run_blueprint`),
blueprint k started from random regrets seeded with k and run for a number of iterations drawn
log-uniformly from 1 to ``MAX_ITERATIONS`` by ``numpy.random.default_rng(SEED)``: from a random
strategy to a fair approximation of an equilibrium. For each blueprint, the 15 second-round
subgames are re-solved by every method (unsafe, re-solve gadget, maxmargin, reach-resolve,
reach-maxmargin; gadgets solved by the sequence-form LP), each subgame alone and all of them at
once, and every result is measured by its exact exploitability in Leduc poker. The script prints,
per method: how often the re-solve made the blueprint more exploitable and by how much, and the
relative change in exploitability; then timings (the LP against CFR+ on one gadget).

Everything but the seconds is deterministic. Run with
``.venv/bin/python benchmarks/subgame_solving.py``.
"""

from __future__ import annotations

import time

import pandas as pd

from lessons_lib.exploitability import exploitability
from lessons_lib.games import LeducPoker
from lessons_lib.subgames import (
    METHODS,
    ResolveGadget,
    blueprint_schedule,
    board_subgames,
    compare,
    compare_each,
    public_subgame,
    root_values,
    short_run_blueprint,
    solve_augmented,
)

SEED = 2017
BLUEPRINTS = 20
MAX_ITERATIONS = 300
HURT = 1e-9  # an increase of exploitability larger than this counts as hurting


def blueprint_iterations() -> list[int]:
    """The number of CFR+ iterations of each blueprint, log-uniform from 1 to MAX_ITERATIONS."""
    return blueprint_schedule(BLUEPRINTS, MAX_ITERATIONS, SEED)


def summary(changes: pd.DataFrame) -> pd.DataFrame:
    """Per method: cases, how many hurt and by how much on average, the worst increase, the
    median and mean relative change."""
    rows = []
    for method, group in changes.groupby("method", sort=False):
        relative = group["change"] / group["blueprint"]
        hurt = group["change"] > HURT
        rows.append(
            {
                "method": method,
                "cases": len(group),
                "hurt": int(hurt.sum()),
                "mean increase when hurt (%)": 100 * relative[hurt].mean() if hurt.any() else 0.0,
                "worst increase (chips)": group["change"].max(),
                "worst increase (%)": 100 * relative.max(),
                "median change (%)": 100 * relative.median(),
                "mean change (%)": 100 * relative.mean(),
            }
        )
    return pd.DataFrame(rows).set_index("method")


def main() -> None:
    start = time.perf_counter()
    game = LeducPoker()
    subgames = board_subgames(game)
    iterations = blueprint_iterations()
    print(f"{game!r}: {len(subgames)} second-round subgames, {BLUEPRINTS} blueprints")
    print(f"CFR+ iterations of the blueprints: {sorted(iterations)}")
    together, alone, seconds = [], [], []
    for seed, count in enumerate(iterations):
        blueprint = short_run_blueprint(game, count, seed)
        at_once = compare(blueprint, subgames, METHODS)
        for method in METHODS:
            together.append(
                {
                    "blueprint": at_once.blueprint,
                    "method": method,
                    "change": at_once.change(method),
                }
            )
        table = compare_each(blueprint, subgames, METHODS)
        alone.append(table.assign(iterations=count))
        seconds.append(table.groupby("method", sort=False)["seconds"].mean())
    together_table = pd.DataFrame(together)
    alone_table = pd.concat(alone, ignore_index=True)
    exploitabilities = together_table.groupby(together_table.index // len(METHODS))["blueprint"]
    first = exploitabilities.first()
    print(
        f"blueprint exploitability (chips per hand): median {first.median():.4f}, "
        f"from {first.min():.4f} to {first.max():.4f}"
    )
    pd.set_option("display.width", 120)
    pd.set_option("display.float_format", lambda x: f"{x:.4g}")
    print("\nEvery second-round subgame re-solved at once (one case per blueprint):")
    print(summary(together_table).to_string())
    print("\nEach second-round subgame re-solved alone (blueprints x subgames):")
    print(summary(alone_table).to_string())

    median = first.median()
    unsafe = alone_table[alone_table["method"] == "unsafe"]
    good = unsafe[unsafe["blueprint"] < median]
    poor = unsafe[unsafe["blueprint"] >= median]
    print(
        f"\nunsafe, each subgame alone: hurt in {(good['change'] > HURT).mean():.0%} of the cases "
        f"of the better half of the blueprints (exploitability < {median:.4f}) and in "
        f"{(poor['change'] > HURT).mean():.0%} of the worse half"
    )

    print("\nMean seconds per re-solve of one subgame (both players; LP):")
    print(pd.concat(seconds, axis=1).mean(axis=1).to_string(float_format=lambda x: f"{x:.3f}"))
    blueprint = short_run_blueprint(game, iterations[0], 0)
    gadget = ResolveGadget(root_values(public_subgame(game, "rc", 1), blueprint, 1))
    for solver, count in (("lp", 1), ("cfr+", 1000)):
        begun = time.perf_counter()
        solution = solve_augmented(gadget, solver, count)
        elapsed = time.perf_counter() - begun
        gap = exploitability(gadget, solution.policy)
        print(
            f"one re-solve gadget ({len(gadget.tree.histories)} histories) by {solver}"
            f"{'' if solver == 'lp' else f' ({count} iterations)'}: {elapsed:.3f} s, "
            f"value {solution.value:.6f}, exploitability in the gadget {gap:.2e}"
        )
    print(f"\ntotal {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
