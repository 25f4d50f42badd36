"""Card abstraction of Leduc poker: bucket the cards, solve the smaller game, measure it for real.

- :mod:`~lessons_lib.abstraction.hand_strength`: exact expected hand strength E[HS].
- :mod:`~lessons_lib.abstraction.bucketing`: percentile and k-means bucketings by E[HS].
- :mod:`~lessons_lib.abstraction.abstract_game`: the real game with the buckets' information.
- :mod:`~lessons_lib.abstraction.mapping`: an abstract strategy played in the real game, and its
  in-abstraction and real exploitabilities.
- :mod:`~lessons_lib.abstraction.measurement`: both exploitabilities against the number of
  buckets, and the pathologies of Waugh et al. (2009) among them.
- :mod:`~lessons_lib.abstraction.actions`: action abstraction of a river: a few bet sizes solved,
  off-menu bets translated by the pseudo-harmonic mapping, the real exploitability.
"""

from lessons_lib.abstraction.abstract_game import AbstractLeduc, coarsen_tree
from lessons_lib.abstraction.actions import (
    ActionAbstraction,
    abstract_river,
    measure_action_abstraction,
    pseudo_harmonic,
    translate,
    translated_strategy,
)
from lessons_lib.abstraction.bucketing import (
    METHODS,
    CardBucketing,
    card_bucketing,
    kmeans_groups,
    percentile_groups,
)
from lessons_lib.abstraction.hand_strength import postflop_strength, preflop_strength
from lessons_lib.abstraction.mapping import (
    abstract_exploitability,
    induced_policy,
    real_exploitability,
)
from lessons_lib.abstraction.measurement import (
    AbstractionMeasurement,
    Pathology,
    measure_abstraction,
    measure_abstractions,
    measurement_table,
    pathologies,
    refinement_pairs,
    solve_abstraction,
)

__all__ = [
    "METHODS",
    "AbstractLeduc",
    "ActionAbstraction",
    "AbstractionMeasurement",
    "CardBucketing",
    "Pathology",
    "abstract_exploitability",
    "abstract_river",
    "card_bucketing",
    "coarsen_tree",
    "induced_policy",
    "kmeans_groups",
    "measure_abstraction",
    "measure_abstractions",
    "measure_action_abstraction",
    "measurement_table",
    "pathologies",
    "percentile_groups",
    "postflop_strength",
    "preflop_strength",
    "pseudo_harmonic",
    "real_exploitability",
    "refinement_pairs",
    "solve_abstraction",
    "translate",
    "translated_strategy",
]
