"""Figures for the book: pure functions that take data and return a matplotlib ``Figure``.

Submodules by topic; every figure a chapter needs is re-exported here, so chapters write
``plots.simplex_figure(...)``. The shared style (colours per player, :class:`BookFigure`) lives in
:mod:`lessons_lib.plots.style`. Four submodules hold what is not a figure: HTML tables
(:mod:`lessons_lib.plots.tables`), the live demo's in-place figure updates
(:mod:`lessons_lib.plots.live`), log-axis arithmetic (:mod:`lessons_lib.plots.axes`) and the
measured size of a figure's smallest text, which every PNG records
(:mod:`lessons_lib.plots.text_size`).
"""

from lessons_lib.plots.abstraction import (
    METHOD_COLOURS,
    action_abstraction_figure,
    card_abstraction_figure,
    menu_label,
)
from lessons_lib.plots.cfr import (
    Curve,
    cfr_exploitability_figure,
    exploitability_curves,
    exploitability_runs_figure,
    family_animation,
    learned_strategy_figure,
    strategy_paths_figure,
)
from lessons_lib.plots.cfr_variants import (
    family_landing_figure,
    variant_colours,
    variants_convergence_figure,
)
from lessons_lib.plots.counterfactual import (
    action_names,
    counterfactual_values_figure,
    regrets_figure,
)
from lessons_lib.plots.game_tree import (
    action_name,
    game_tree_figure,
    information_set_figure,
)
from lessons_lib.plots.holdem import (
    action_mix_grid_figure,
    equity_curve_figure,
    hand_value_figure,
    range_grid_figure,
    river_exploitability_figure,
    strategy_by_size_figure,
)
from lessons_lib.plots.kuhn_family import (
    family_exploitability_figure,
    family_figure,
    learned_alpha_figure,
)
from lessons_lib.plots.kuhn_play import running_mean_figure
from lessons_lib.plots.normal_form import (
    convergence_figure,
    mean_payoff_figure,
    simplex_animation,
    simplex_coordinates,
    simplex_figure,
    strategy_bars_figure,
)
from lessons_lib.plots.river_spots import action_mix_figure
from lessons_lib.plots.sampling import (
    SCHEME_COLOURS,
    cost_curves_figure,
    discrete_distribution,
    exploitability_within,
    nodes_to_reach,
    nodes_to_target_figure,
    sampled_estimates_figure,
    scheme_colour,
)
from lessons_lib.plots.scaling import (
    cost_per_iteration_figure,
    engine_comparison_figure,
    exploitability_mbb_figure,
    memory_figure,
)
from lessons_lib.plots.style import (
    ALGORITHM_COLOURS,
    CHANCE_COLOUR,
    PLAYER_COLOURS,
    REFERENCE_COLOUR,
    SERIES_COLOURS,
    BookFigure,
    algorithm_colour,
    figure_to_png,
    new_figure,
)
from lessons_lib.plots.subgames import (
    RESOLVE_COLOURS,
    coin_toss_resolving_figure,
    safe_resolving_figure,
    unsafe_resolving_figure,
)

__all__ = [
    "action_mix_grid_figure",
    "equity_curve_figure",
    "hand_value_figure",
    "range_grid_figure",
    "river_exploitability_figure",
    "strategy_by_size_figure",
    "action_mix_figure",
    "ALGORITHM_COLOURS",
    "METHOD_COLOURS",
    "CHANCE_COLOUR",
    "PLAYER_COLOURS",
    "RESOLVE_COLOURS",
    "REFERENCE_COLOUR",
    "SCHEME_COLOURS",
    "SERIES_COLOURS",
    "BookFigure",
    "action_name",
    "action_abstraction_figure",
    "action_names",
    "algorithm_colour",
    "Curve",
    "card_abstraction_figure",
    "cfr_exploitability_figure",
    "coin_toss_resolving_figure",
    "exploitability_curves",
    "convergence_figure",
    "cost_curves_figure",
    "cost_per_iteration_figure",
    "counterfactual_values_figure",
    "discrete_distribution",
    "engine_comparison_figure",
    "exploitability_mbb_figure",
    "exploitability_runs_figure",
    "exploitability_within",
    "family_animation",
    "family_exploitability_figure",
    "family_figure",
    "family_landing_figure",
    "figure_to_png",
    "game_tree_figure",
    "information_set_figure",
    "learned_alpha_figure",
    "learned_strategy_figure",
    "mean_payoff_figure",
    "memory_figure",
    "menu_label",
    "new_figure",
    "nodes_to_reach",
    "nodes_to_target_figure",
    "regrets_figure",
    "running_mean_figure",
    "safe_resolving_figure",
    "sampled_estimates_figure",
    "scheme_colour",
    "simplex_animation",
    "simplex_coordinates",
    "simplex_figure",
    "strategy_bars_figure",
    "strategy_paths_figure",
    "unsafe_resolving_figure",
    "variant_colours",
    "variants_convergence_figure",
]
