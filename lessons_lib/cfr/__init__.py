"""Counterfactual regret minimization (CFR) and its variants, for any game of the book.

CFR (Zinkevich et al. 2007) runs a regret matcher at every information set. Each iteration walks
the game tree, gives every action its counterfactual regret (what playing it would have gained,
weighted by how likely the opponent and chance were to lead there) and adds the strategy played,
weighted by the player's own reach, to a running sum. The *average* strategy converges to a Nash
equilibrium of a two-player zero-sum game (its exploitability tends to zero); the current one
need not.

- :mod:`lessons_lib.cfr.state`       the regret tables: :class:`CFRState`
- :mod:`lessons_lib.cfr.readable`    the iteration as pseudocode, a recursive walk of the tree
- :mod:`lessons_lib.cfr.vectorised`  the same iteration in the sequence form,
  fast enough to demo live
- :mod:`lessons_lib.cfr.public_tree` the same iteration on the public tree with ranges, the default
  for Kuhn and Leduc poker and their generalisations
- :mod:`lessons_lib.cfr.range_solver` the public-tree iteration generalised: any game, through
  what it says of its public tree (``Game.range_game``, :mod:`lessons_lib.games.ranges`); the
  hold'em river's solver, and the same iterations as ``public_tree`` on Kuhn and Leduc poker
- :mod:`lessons_lib.cfr.array_engine` what the two array engines share: joint arrays, update schemes
- :mod:`lessons_lib.cfr.variants`    CFR, CFR+, Linear CFR and Discounted CFR:
  their weights and discounts
- :mod:`lessons_lib.cfr.training`    runs: checkpoints, their schedule, ``train``
  (shared with MCCFR)
- :mod:`lessons_lib.cfr.solver`      :func:`solve`: choosing the algorithm and the engine
- :mod:`lessons_lib.cfr.pitfalls`    deliberately wrong variants, measured in Chapter 4

Typical use::

    from lessons_lib.cfr import solve
    from lessons_lib.games import KuhnPoker

    result = solve(KuhnPoker(), "cfr+", 1000)
    result.average_policy()["J:"]            # the learned bluffing frequency of the jack
    result.history[-1].average_exploitability
    result.train(9000)                       # continue the same run to 10,000 iterations
"""

from lessons_lib.cfr.public_tree import PublicTreeEngine
from lessons_lib.cfr.readable import cfr_iteration
from lessons_lib.cfr.solver import CFRResult, solve
from lessons_lib.cfr.state import CFRState
from lessons_lib.cfr.training import Checkpoint, checkpoint_schedule
from lessons_lib.cfr.variants import (
    VARIANTS,
    CFRPlus,
    DiscountedCFR,
    LinearCFR,
    VanillaCFR,
    Variant,
    variant_named,
)

#: The algorithm names :func:`solve` accepts.
ALGORITHMS = tuple(VARIANTS)

__all__ = [
    "ALGORITHMS",
    "CFRPlus",
    "CFRResult",
    "CFRState",
    "Checkpoint",
    "DiscountedCFR",
    "LinearCFR",
    "PublicTreeEngine",
    "VanillaCFR",
    "Variant",
    "cfr_iteration",
    "checkpoint_schedule",
    "solve",
    "variant_named",
]
