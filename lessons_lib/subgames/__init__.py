"""Subgame solving: re-solving a part of the game during play, unsafely and safely.

Libratus (Brown and Sandholm 2017, "Safe and nested subgame solving for imperfect-information
games") solved a coarse blueprint ahead of time and re-solved the subgame actually reached;
DeepStack (Moravcik et al. 2017) re-solved at every decision. In an imperfect-information game a
subgame cannot be solved on its own: re-solving it from the blueprint's beliefs can make the whole
strategy more exploitable, and the gadgets below are what make re-solving safe. One mechanism a
module:

- :mod:`~lessons_lib.subgames.subgame`: subgames rooted at a public state, the players' views of
  the roots, the blueprint's beliefs there
- :mod:`~lessons_lib.subgames.values`: the opponent's counterfactual best-response values at the
  roots, and the margins of a re-solve
- :mod:`~lessons_lib.subgames.augmented`: a subgame as a game of its own behind a gadget
- :mod:`~lessons_lib.subgames.unsafe`: the unsafe re-solve (the blueprint's beliefs taken as true)
- :mod:`~lessons_lib.subgames.gadget`: the re-solve gadget of CFR-D (Burch, Johanson and Bowling
  2014)
- :mod:`~lessons_lib.subgames.maxmargin`: the maxmargin gadget (Moravcik et al. 2016)
- :mod:`~lessons_lib.subgames.reach`: reach subgame solving's gifts (Brown and Sandholm 2017)
- :mod:`~lessons_lib.subgames.solve`: solving an augmented game by the LP or by CFR
- :mod:`~lessons_lib.subgames.resolve`: every method by name, and the combined policy
- :mod:`~lessons_lib.subgames.measure`: exploitability before and after, in the original game
- :mod:`~lessons_lib.subgames.blueprints`: short CFR+ runs from seeded random starts, to re-solve
- :mod:`~lessons_lib.subgames.nested`: nested subgame solving on a no-limit river, an off-tree bet
  answered by an unsafe or a safe re-solve instead of action translation
- :mod:`~lessons_lib.subgames.depth_limited`: depth-limited solving of Leduc poker's first round,
  the leaves valued by the opponent's choice among continuation strategies
- :mod:`~lessons_lib.subgames.survey`: many blueprints, every subgame, every method, measured
"""

from lessons_lib.subgames.augmented import AugmentedGame
from lessons_lib.subgames.blueprints import short_run_blueprint
from lessons_lib.subgames.depth_limited import (
    LEAF_VALUATIONS,
    DepthLimitedGame,
    DepthLimitedMeasurement,
    DepthLimitedSolution,
    LockedContinuation,
    measure_depth_limited,
    resolve_first_round,
)
from lessons_lib.subgames.gadget import ResolveGadget
from lessons_lib.subgames.maxmargin import MaxmarginGadget
from lessons_lib.subgames.measure import Comparison, compare, compare_each
from lessons_lib.subgames.nested import (
    NESTED_METHODS,
    NestedMeasurement,
    NestedRiver,
    RiverBlueprint,
    measure_nested,
    river_blueprint,
)
from lessons_lib.subgames.reach import gifts, reach_bonuses
from lessons_lib.subgames.resolve import (
    METHODS,
    SAFE_METHODS,
    Resolution,
    combine,
    resolve,
    resolve_all,
)
from lessons_lib.subgames.solve import Solution, solve_augmented
from lessons_lib.subgames.subgame import (
    Subgame,
    beliefs,
    board_subgames,
    public_subgame,
    root_reach,
)
from lessons_lib.subgames.survey import (
    SurveyCase,
    blueprint_schedule,
    survey_blueprint,
    survey_summary,
    survey_table,
)
from lessons_lib.subgames.unsafe import UnsafeGame, unsafe_game
from lessons_lib.subgames.values import RootValues, margins, root_values

__all__ = [
    "LEAF_VALUATIONS",
    "METHODS",
    "NESTED_METHODS",
    "SAFE_METHODS",
    "AugmentedGame",
    "Comparison",
    "DepthLimitedGame",
    "DepthLimitedMeasurement",
    "DepthLimitedSolution",
    "LockedContinuation",
    "MaxmarginGadget",
    "NestedMeasurement",
    "NestedRiver",
    "Resolution",
    "ResolveGadget",
    "RiverBlueprint",
    "RootValues",
    "Solution",
    "Subgame",
    "SurveyCase",
    "UnsafeGame",
    "beliefs",
    "blueprint_schedule",
    "board_subgames",
    "combine",
    "compare",
    "compare_each",
    "gifts",
    "margins",
    "measure_depth_limited",
    "measure_nested",
    "public_subgame",
    "reach_bonuses",
    "resolve",
    "resolve_all",
    "resolve_first_round",
    "river_blueprint",
    "root_reach",
    "root_values",
    "short_run_blueprint",
    "solve_augmented",
    "survey_blueprint",
    "survey_summary",
    "survey_table",
    "unsafe_game",
]
