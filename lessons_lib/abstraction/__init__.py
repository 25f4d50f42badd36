"""Card abstraction of Leduc poker: bucket the cards, solve the smaller game, measure it for real.

- :mod:`~lessons_lib.abstraction.hand_strength`: exact expected hand strength E[HS].
- :mod:`~lessons_lib.abstraction.bucketing`: percentile and k-means bucketings by E[HS].
- :mod:`~lessons_lib.abstraction.abstract_game`: the real game with the buckets' information.
- :mod:`~lessons_lib.abstraction.mapping`: an abstract strategy played in the real game (its
  in-abstraction and real exploitabilities), and the translation mappings of off-menu bets.
- :mod:`~lessons_lib.abstraction.measurement`: both exploitabilities against the number of
  buckets, and the pathologies of Waugh et al. (2009) among them.
- :mod:`~lessons_lib.abstraction.actions`: action abstraction of a river: a few bet sizes solved,
  off-menu bets translated by a mapping, the real exploitability and what each size is worth.
"""

from lessons_lib.abstraction.abstract_game import AbstractLeduc, coarsen_tree
from lessons_lib.abstraction.actions import (
    ActionAbstraction,
    SolvedMenu,
    abstract_river,
    gain_by_size,
    measure_action_abstraction,
    solve_menu,
    translate,
    translated_percent,
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
    TRANSLATIONS,
    abstract_exploitability,
    deterministic_arithmetic,
    deterministic_geometric,
    induced_policy,
    pseudo_harmonic,
    randomised_arithmetic,
    real_exploitability,
    translation_mapping,
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
    "TRANSLATIONS",
    "AbstractLeduc",
    "AbstractionMeasurement",
    "ActionAbstraction",
    "CardBucketing",
    "Pathology",
    "SolvedMenu",
    "abstract_exploitability",
    "abstract_river",
    "card_bucketing",
    "coarsen_tree",
    "deterministic_arithmetic",
    "deterministic_geometric",
    "gain_by_size",
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
    "randomised_arithmetic",
    "real_exploitability",
    "refinement_pairs",
    "solve_abstraction",
    "solve_menu",
    "translate",
    "translated_percent",
    "translated_strategy",
    "translation_mapping",
]
