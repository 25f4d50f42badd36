"""Counterfactual regret minimization (CFR) and its variants, for any game of the book.

CFR (Zinkevich et al. 2007) runs a regret matcher at every information set. Each iteration walks
the game tree, gives every action its counterfactual regret (what playing it would have gained,
weighted by how likely the others and chance were to lead there) and adds the strategy played,
weighted by the player's own reach, to a running sum. The *average* strategy converges to a Nash
equilibrium of a two-player zero-sum game (its exploitability tends to zero); the current one
need not.

- :mod:`lessons_lib.cfr.readable`       the iteration as pseudocode, a recursive walk of the tree;
  any game, and the reference the other engines are tested against
- :mod:`lessons_lib.cfr.sequence_form`  the same iteration in the sequence form (two players)
- :mod:`lessons_lib.cfr.public_tree`    the same iteration on the public tree with ranges
  (two-player zero-sum games that describe their public tree: Kuhn and Leduc poker, a river)
- :mod:`lessons_lib.cfr.solver`         every algorithm by name (:data:`ALGORITHMS`, Monte Carlo
  CFR's schemes included) and :func:`solve`
- :mod:`lessons_lib.cfr.pitfalls`       deliberately wrong variants, measured in Chapter 4

What every engine shares (the rules of the variants, the loop, the tables, the runs and their
checkpoints) is the solver core, :mod:`lessons_lib.core`.

Typical use::

    from lessons_lib.cfr import solve
    from lessons_lib.games import KuhnPoker

    result = solve(KuhnPoker(), "cfr+", 1000)
    result.average_policy()["J:"]            # the learned bluffing frequency of the jack
    result.history[-1].average_exploitability
    result.train(9000)                       # continue the same run to 10,000 iterations
"""

from lessons_lib.cfr.public_tree import PublicTreeEngine
from lessons_lib.cfr.readable import ReadableEngine
from lessons_lib.cfr.sequence_form import SequenceFormEngine
from lessons_lib.cfr.solver import ALGORITHMS, ENGINES, CFRFamily, default_engine, solve
from lessons_lib.core.checkpoints import Checkpoint
from lessons_lib.core.state import CFRState
from lessons_lib.core.training import TrainingRun, checkpoint_schedule
from lessons_lib.core.variants import (
    VARIANTS,
    CFRPlus,
    DiscountedCFR,
    LinearCFR,
    VanillaCFR,
    Variant,
    variant_named,
)

__all__ = [
    "ALGORITHMS",
    "ENGINES",
    "VARIANTS",
    "CFRFamily",
    "CFRPlus",
    "CFRState",
    "Checkpoint",
    "DiscountedCFR",
    "LinearCFR",
    "PublicTreeEngine",
    "ReadableEngine",
    "SequenceFormEngine",
    "TrainingRun",
    "VanillaCFR",
    "Variant",
    "checkpoint_schedule",
    "default_engine",
    "solve",
    "variant_named",
]
