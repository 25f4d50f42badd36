"""Monte Carlo CFR (Lanctot, Waugh, Zinkevich and Bowling 2009): CFR on sampled parts of the tree.

Vanilla CFR walks the whole tree every iteration. MCCFR samples a part of it, computes *sampled*
counterfactual regrets there, and divides each sampled terminal's contribution by the probability
``q(z)`` that it was sampled; in expectation those are the exact regrets, so the iterations stay
those of CFR on average while each one costs a small fraction of a full walk. The tables kept are
CFR's own: cumulative regrets, regret matching, and a strategy sum for the average; the loop is
every engine's (:func:`lessons_lib.core.engine.iterate`).

- :mod:`lessons_lib.mccfr.walk`               the tree as plain lists;
  sampled choices, nodes touched
- :mod:`lessons_lib.mccfr.tables`             the regret tables as walks read them, and fixed
  profiles
- :mod:`lessons_lib.mccfr.engine`             what the schemes share behind the engine protocol
- :mod:`lessons_lib.mccfr.chance_sampling`    sample the deal, walk its whole tree (the estimator)
- :mod:`lessons_lib.mccfr.external_sampling`  sample chance and the others, try every own action
- :mod:`lessons_lib.mccfr.outcome_sampling`   sample one terminal history, importance-weighted
- :mod:`lessons_lib.mccfr.traversal`          :func:`sampled_traversal`, one walk with a fixed
  profile on its own

Typical use (:func:`lessons_lib.cfr.solve` runs every algorithm of the book by name)::

    from lessons_lib.cfr import solve
    from lessons_lib.games import LeducPoker

    result = solve(LeducPoker(), "mccfr-external", 1000, seed=0)
    result.history[-1].average_exploitability
    result.history[-1].nodes_touched
    result.train(9000)                     # the same run, continued to 10,000 iterations
"""

from lessons_lib.mccfr.chance_sampling import ChanceSampling
from lessons_lib.mccfr.engine import SampledCheckpoint, SampledEngine, check_seed
from lessons_lib.mccfr.external_sampling import ExternalSampling
from lessons_lib.mccfr.outcome_sampling import DEFAULT_EXPLORATION, OutcomeSampling
from lessons_lib.mccfr.tables import FixedProfile, SampledTables
from lessons_lib.mccfr.traversal import SCHEMES, SampledTraversal, sampled_traversal
from lessons_lib.mccfr.walk import PlainTree, Walk, plain_tree, random_chooser

__all__ = [
    "DEFAULT_EXPLORATION",
    "SCHEMES",
    "ChanceSampling",
    "ExternalSampling",
    "FixedProfile",
    "OutcomeSampling",
    "PlainTree",
    "SampledCheckpoint",
    "SampledEngine",
    "SampledTables",
    "SampledTraversal",
    "Walk",
    "check_seed",
    "plain_tree",
    "random_chooser",
    "sampled_traversal",
]
