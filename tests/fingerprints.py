"""Fingerprints of the library's results: a hash of the exact float64 bytes of each.

``python tests/fingerprints.py`` prints one JSON object, ``{computation: sha256 hex}``. The
cross-kernel test (``tests/test_determinism.py``) runs it under several BLAS kernels and thread
counts and asserts that every fingerprint is the same, and the same as the golden values stored
in ``tests/fingerprints.json``: the library's numbers must not depend on the BLAS library, its
kernel or its thread count, nor change unnoticed. After a deliberate change of the library's
numbers (a new order of summation, say), ``python tests/fingerprints.py --write`` stores the new
golden values; the commit says why they changed.

The set covers what the chapters print, cache or assert: every CFR variant on every engine, each
MCCFR scheme with a seed, the games of more players and of general sum, exact expected value,
best response, exploitability, NashConv and counterfactual values, simulation, regret matching in
matrix games, the sequence-form LP, and the hold'em river solver (CFR+ and DCFR, exploitability,
hand values, equity).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import numpy as np

from lessons_lib import cfr, mccfr, normal_form, regret_matching
from lessons_lib.convergence import checkpoint_grid, fitted_slope
from lessons_lib.counterfactual import counterfactual_values
from lessons_lib.exploitability import best_response, expected_value, exploitability, nash_conv
from lessons_lib.games import KuhnPoker, LeducPoker
from lessons_lib.games.multiplayer_kuhn import MultiplayerKuhnPoker
from lessons_lib.games.raked_kuhn import RakedKuhnPoker
from lessons_lib.holdem import RiverGame, exploitability_curve
from lessons_lib.kuhn_equilibria import nash_equilibrium
from lessons_lib.lp import solve_sequence_form
from lessons_lib.policy import uniform_policy
from lessons_lib.scaling import log_log_slope
from lessons_lib.simulation import simulate


def digest(values: Iterable[object]) -> str:
    """sha256 of the float64 bytes of ``values`` (numbers, arrays, or nested lists of them)."""
    hasher = hashlib.sha256()
    for value in values:
        hasher.update(np.ascontiguousarray(value, dtype=np.float64).tobytes())
    return hasher.hexdigest()


def policy_numbers(policy: Mapping[str, np.ndarray]) -> list[np.ndarray]:
    """A policy's probabilities, key by key in its own order (the keys are part of the hash)."""
    return [np.frombuffer(key.encode(), dtype=np.uint8) for key in policy] + list(policy.values())


#: The golden fingerprints: what every machine must compute.
GOLDEN = Path(__file__).with_name("fingerprints.json")


def run_numbers(result: cfr.TrainingRun) -> list[object]:
    """Everything a run reports: every checkpoint's numbers, then both final policies."""
    numbers: list[object] = [np.asarray(row, dtype=float) for row in _without_seconds(result)]
    average, current = result.average_policy(), result.current_policy()
    return numbers + policy_numbers(average) + policy_numbers(current)


def _without_seconds(result: cfr.TrainingRun) -> list[list[float]]:
    """Each checkpoint's fields as floats, wall time (which no machine repeats) left out."""
    rows = []
    for checkpoint in result.history:
        fields = {name: value for name, value in vars(checkpoint).items() if name != "seconds"}
        rows.append([float(value) for value in fields.values()])
    return rows


def computations() -> dict[str, Callable[[], list[object]]]:
    """The named computations whose results are fingerprinted."""
    kuhn, leduc = KuhnPoker(), LeducPoker()
    kuhn_13, leduc_6 = KuhnPoker(n_cards=13), LeducPoker(ranks=6)
    rps = normal_form.rock_paper_scissors()
    table: dict[str, Callable[[], list[object]]] = {}

    def add_cfr(name: str, game, algorithm: str, iterations: int, **options) -> None:
        table[name] = lambda: run_numbers(cfr.solve(game, algorithm, iterations, **options))

    for engine in ("public-tree", "sequence-form"):
        for algorithm in cfr.VARIANTS:
            add_cfr(f"kuhn {algorithm} 2000 {engine}", kuhn, algorithm, 2000, engine=engine)
        add_cfr(f"leduc cfr+ 300 {engine}", leduc, "cfr+", 300, engine=engine)
        add_cfr(f"leduc cfr 100 {engine}", leduc, "cfr", 100, engine=engine)
        add_cfr(f"kuhn-13 cfr+ 200 {engine}", kuhn_13, "cfr+", 200, engine=engine)
        add_cfr(f"leduc-6 dcfr 50 {engine}", leduc_6, "dcfr", 50, engine=engine)
    add_cfr("kuhn cfr 200 readable", kuhn, "cfr", 200, engine="readable")
    add_cfr("kuhn cfr+ alternating 200 readable", kuhn, "cfr+", 200, engine="readable")
    add_cfr("leduc cfr+ 3 readable", leduc, "cfr+", 3, engine="readable")
    three, raked = MultiplayerKuhnPoker(3), RakedKuhnPoker(0.1)
    add_cfr("three-player kuhn cfr+ 10 readable", three, "cfr+", 10)
    add_cfr("raked kuhn cfr 300 sequence-form", raked, "cfr", 300)

    for scheme in mccfr.SCHEMES:
        table[f"kuhn mccfr {scheme} 3000 seed 7"] = lambda scheme=scheme: run_numbers(
            cfr.solve(kuhn, f"mccfr-{scheme}", 3000, seed=7)
        )
        table[f"leduc mccfr {scheme} 300 seed 7"] = lambda scheme=scheme: run_numbers(
            cfr.solve(leduc, f"mccfr-{scheme}", 300, seed=7)
        )
    table["three-player kuhn mccfr external 1000 seed 7"] = lambda: run_numbers(
        cfr.solve(three, "mccfr-external", 1000, seed=7)
    )

    def evaluation(game, policy) -> list[object]:
        values = counterfactual_values(game, policy)
        numbers: list[object] = [nash_conv(game, policy), expected_value(game, policy)]
        if game.zero_sum:
            numbers.append(exploitability(game, policy))
        for player in game.players:
            value, response = best_response(game, policy, player)
            numbers += [value, *policy_numbers(response)]
        numbers += list(values.reach.values()) + list(values.info_set_value.values())
        return numbers + list(values.action_values.values())

    table["kuhn uniform evaluation"] = lambda: evaluation(kuhn, uniform_policy(kuhn))
    table["kuhn alpha 1/5 evaluation"] = lambda: evaluation(kuhn, nash_equilibrium(0.2))
    table["leduc uniform evaluation"] = lambda: evaluation(leduc, uniform_policy(leduc))
    table["leduc-6 uniform evaluation"] = lambda: evaluation(leduc_6, uniform_policy(leduc_6))
    table["three-player kuhn uniform evaluation"] = lambda: evaluation(three, uniform_policy(three))
    table["raked kuhn uniform evaluation"] = lambda: evaluation(raked, uniform_policy(raked))
    table["kuhn simulate 20000 seed 3"] = lambda: [
        simulate(kuhn, nash_equilibrium(1 / 3), uniform_policy(kuhn), 20000, seed=3)
    ]
    table["leduc simulate 5000 seed 3"] = lambda: [
        simulate(leduc, uniform_policy(leduc), uniform_policy(leduc), 5000, seed=3)
    ]

    def matrix_games() -> list[object]:
        weighted = normal_form.weighted_rock_paper_scissors(2.0)
        play = regret_matching.self_play(rps, 3000, initial_regret=([1.0, 0.0, 0.0], [0, 0, 0]))
        fixed = regret_matching.learn_against_fixed(weighted, [0.5, 0.3, 0.2], 3000)
        numbers: list[object] = [play.payoff, play.average[1], play.average[2], play.current[1]]
        numbers += [fixed.payoff, fixed.average[1], fixed.current[1]]
        for game in (rps, weighted):
            for solution in (normal_form.solve(game), normal_form.indifference_equilibrium(game)):
                numbers += [solution.sigma, solution.tau, solution.value]
            sigma, tau = [0.5, 0.25, 0.25], [0.2, 0.2, 0.6]
            numbers += [
                normal_form.expected_value(game, sigma, tau),
                normal_form.exploitability(game, sigma, tau),
                normal_form.action_values(game, 1, tau),
                normal_form.action_values(game, 2, sigma),
            ]
        return numbers

    table["matrix games"] = matrix_games

    def linear_program(game) -> list[object]:
        policy, value = solve_sequence_form(game)
        return [value, *policy_numbers(policy)]

    def rates() -> list[object]:
        run = cfr.solve(kuhn, "cfr+", 3000)
        sizes = [54, 180, 648, 2040, 4500]
        times = [1.7e-5, 2.9e-5, 8.1e-5, 2.2e-4, 6.0e-4]
        slopes = [
            fitted_slope(run.history),
            fitted_slope(run.history, 100),
            log_log_slope(sizes, times),
        ]
        return [*slopes, checkpoint_grid(10**7, 100), cfr.checkpoint_schedule(0, 10**7)]

    table["rates and schedules"] = rates
    table["kuhn sequence-form lp"] = lambda: linear_program(kuhn)
    table["leduc sequence-form lp"] = lambda: linear_program(leduc)

    def river() -> list[object]:
        game = RiverGame("KsQd7h4c2s", ("22+,A2s+,K9o+", "any"), pot=10.0, stack=40.0, max_raises=2)
        numbers: list[object] = []
        for algorithm in ("cfr+", "dcfr"):
            solver, curve = exploitability_curve(game, algorithm, [10, 20, 30])
            numbers += [curve, solver.exploitability_percent(), solver.expected_value()]
            numbers += [solver.average_strategy(i) for i in (1, 2)]
            numbers += [solver.hand_values(1), game.removal[1].equity(game.weights[2])]
        return numbers

    table["hold'em river cfr+ and dcfr"] = river
    return table


def fingerprints(names: Iterable[str] | None = None) -> dict[str, str]:
    """``{name: sha256}`` for the named computations (all of them by default)."""
    table = computations()
    return {name: digest(table[name]()) for name in (names or table)}


def golden() -> dict[str, str]:
    """The stored golden fingerprints."""
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        GOLDEN.write_text(json.dumps(fingerprints(), indent=1, sort_keys=True) + "\n")
    else:
        json.dump(fingerprints(sys.argv[1:] or None), sys.stdout, indent=1, sort_keys=True)
        print()
