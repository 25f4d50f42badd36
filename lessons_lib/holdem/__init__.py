"""No-limit hold'em on the river, solved the way commercial solvers solve it (Chapter 9).

- :mod:`lessons_lib.holdem.cards`         cards, boards, the 1,326 combos, the 13 x 13 grid
- :mod:`lessons_lib.holdem.ranges`        range strings as players write them: ``"QQ+,AKs"``
- :mod:`lessons_lib.holdem.strength`      hand strength from phevaluator
- :mod:`lessons_lib.holdem.showdown`      fold and showdown values with exact card removal:
  the matrix way and the sorted ``O(n log n)`` way
- :mod:`lessons_lib.holdem.river`         the river spot (:class:`RiverGame`) and its public tree
- :mod:`lessons_lib.holdem.solver`        CFR, CFR+, Linear and Discounted CFR on that tree,
  vectorised over hands; exact best response and exploitability in percent of the pot
- :mod:`lessons_lib.holdem.sequence_form` the river as a sequence-form LP, the second method

Typical use::

    from lessons_lib.holdem import RiverGame, solve_river

    game = RiverGame("KsQd7h4c2s", ("any", "any"), pot=100, stack=400,
                     bet_sizes=(0.33, 0.75, 1.5), raise_size=1.0, max_raises=2)
    solver, history = solve_river(game, "dcfr", target_percent=0.3)
    actions, frequencies = solver.strategy_at("root")   # player 1's first decision, per combo
"""

from lessons_lib.holdem.cards import (
    all_combos,
    class_combos,
    combo_name,
    grid_means,
    grid_names,
    parse_board,
    unblocked_combos,
)
from lessons_lib.holdem.ranges import combo_weights, parse_range
from lessons_lib.holdem.river import RiverGame, RiverNode, RiverTree
from lessons_lib.holdem.sequence_form import river_sequence_form, solve_river_lp
from lessons_lib.holdem.showdown import CardRemoval, fold_matrix, showdown_matrix
from lessons_lib.holdem.solver import RiverSolver, exploitability_curve, solve_river
from lessons_lib.holdem.strength import hand_category, hand_strength

__all__ = [
    "CardRemoval",
    "RiverGame",
    "RiverNode",
    "RiverSolver",
    "RiverTree",
    "all_combos",
    "class_combos",
    "combo_name",
    "combo_weights",
    "exploitability_curve",
    "fold_matrix",
    "grid_means",
    "grid_names",
    "hand_category",
    "hand_strength",
    "parse_board",
    "parse_range",
    "river_sequence_form",
    "showdown_matrix",
    "solve_river",
    "solve_river_lp",
    "unblocked_combos",
]
