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
- :mod:`~lessons_lib.abstraction.equilibrium_bounds`: the least and most real exploitability over
  an abstraction's equilibria, and the best abstract strategy against a real opponent, by linear
  programming.
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
from lessons_lib.abstraction.equilibrium_bounds import (
    AbstractionLP,
    abstract_loss,
    abstraction_lp,
    best_abstract_loss,
    least_equilibrium_loss,
    most_equilibrium_loss,
    real_loss,
    search_most_equilibrium_loss,
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
    EquilibriumBounds,
    Pathology,
    bound_abstraction,
    measure_abstraction,
    measure_abstractions,
    measurement_table,
    pathologies,
    real_exploitability_curve,
    refinement_pairs,
    solve_abstraction,
)

__all__ = [
    "METHODS",
    "TRANSLATIONS",
    "AbstractLeduc",
    "AbstractionLP",
    "AbstractionMeasurement",
    "ActionAbstraction",
    "CardBucketing",
    "EquilibriumBounds",
    "Pathology",
    "SolvedMenu",
    "abstract_exploitability",
    "abstract_loss",
    "abstract_river",
    "abstraction_lp",
    "best_abstract_loss",
    "bound_abstraction",
    "card_bucketing",
    "coarsen_tree",
    "deterministic_arithmetic",
    "deterministic_geometric",
    "gain_by_size",
    "induced_policy",
    "kmeans_groups",
    "least_equilibrium_loss",
    "measure_abstraction",
    "measure_abstractions",
    "measure_action_abstraction",
    "measurement_table",
    "most_equilibrium_loss",
    "pathologies",
    "percentile_groups",
    "postflop_strength",
    "preflop_strength",
    "pseudo_harmonic",
    "randomised_arithmetic",
    "real_exploitability",
    "real_exploitability_curve",
    "real_loss",
    "refinement_pairs",
    "search_most_equilibrium_loss",
    "solve_abstraction",
    "solve_menu",
    "translate",
    "translated_percent",
    "translated_strategy",
    "translation_mapping",
]
