"""Monte Carlo CFR (Lanctot, Waugh, Zinkevich and Bowling 2009): CFR on sampled parts of the tree.

Vanilla CFR walks the whole tree every iteration. MCCFR samples a part of it, computes *sampled*
counterfactual regrets there, and divides each sampled terminal's contribution by the probability
``q(z)`` that it was sampled; in expectation those are the exact regrets, so the iterations stay
those of CFR on average while each one costs a small fraction of a full walk. The tables kept are
CFR's own: cumulative regrets, regret matching, and a strategy sum for the average.

- :mod:`lessons_lib.mccfr.tables`             the regret tables, and fixed profiles
- :mod:`lessons_lib.mccfr.walk`               the tree as plain lists;
  sampled choices, nodes touched
- :mod:`lessons_lib.mccfr.chance_sampling`    sample the deal, walk its whole tree (the estimator)
- :mod:`lessons_lib.mccfr.external_sampling`  sample chance and the opponent, try every own action
- :mod:`lessons_lib.mccfr.outcome_sampling`   sample one terminal history, importance-weighted
- :mod:`lessons_lib.mccfr.solver`             :func:`solve_sampled`, checkpoints, resuming a run,
  and :func:`sampled_traversal`, one walk with a fixed profile on its own

Typical use::

    from lessons_lib.games import LeducPoker
    from lessons_lib.mccfr import solve_sampled

    result = solve_sampled(LeducPoker(), "external", 1000, seed=0)
    result.history[-1].average_exploitability
    result.history[-1].nodes_touched
    result.train(9000)                     # the same run, continued to 10,000 iterations
"""

from lessons_lib.mccfr.outcome_sampling import DEFAULT_EXPLORATION
from lessons_lib.mccfr.solver import (
    SCHEMES,
    MCCFRResult,
    SampledCheckpoint,
    SampledTraversal,
    check_seed,
    sampled_traversal,
    solve_sampled,
)
from lessons_lib.mccfr.tables import FixedProfile, RegretTables
from lessons_lib.mccfr.walk import PlainTree, Walk, plain_tree, random_chooser

__all__ = [
    "DEFAULT_EXPLORATION",
    "SCHEMES",
    "SampledCheckpoint",
    "FixedProfile",
    "MCCFRResult",
    "PlainTree",
    "RegretTables",
    "SampledTraversal",
    "Walk",
    "check_seed",
    "plain_tree",
    "random_chooser",
    "sampled_traversal",
    "solve_sampled",
]
