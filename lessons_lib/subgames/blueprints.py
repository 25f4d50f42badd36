"""Blueprints to re-solve: short CFR+ runs, each from its own seeded random start.

A blueprint is the strategy computed ahead of time, coarse or unfinished, that subgame solving
refines during play (Brown and Sandholm 2017). To ask how *often* re-solving helps or hurts, one
needs many blueprints of varied quality. :func:`short_run_blueprint` makes one: CFR+ (Tammelin
2014) run for a few iterations on the whole game, starting not from zero regrets but from regrets
drawn uniformly from ``[0, scale)`` at every (information set, action) pair with a seeded
generator, so that the first strategy is a random one and two seeds give two different
blueprints. Its average policy is the blueprint: after one iteration it is that random strategy;
after many, close to an equilibrium.
"""

from __future__ import annotations

import numpy as np

from lessons_lib.cfr.solver import solve
from lessons_lib.games.base import Game
from lessons_lib.policy import Policy
from lessons_lib.validation import check_instance, check_integer, check_iterations, check_number


def short_run_blueprint(game: Game, iterations: int, seed: int, scale: float = 0.1) -> Policy:
    """The average policy of CFR+ on ``game`` after ``iterations`` iterations, started from
    regrets drawn uniformly from ``[0, scale)`` by ``numpy.random.default_rng(seed)``, one per
    (information set, action) pair in the order of ``game.info_sets()``."""
    check_instance(game, Game, "game", "a Game")
    iterations = check_iterations(iterations)
    seed = check_integer(seed, "seed", minimum=0)
    scale = check_number(scale, "scale", minimum=0.0, open_minimum=True)
    rng = np.random.default_rng(seed)
    start = {key: rng.uniform(0.0, scale, len(game.actions(key))) for key in game.info_sets()}
    run = solve(
        game, "cfr+", iterations, initial_regret=start, checkpoints=[iterations], progress=False
    )
    return run.average_policy()
