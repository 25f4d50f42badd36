"""Figures for the book: pure functions that take data and return a matplotlib ``Figure``.

Submodules by topic; everything a chapter needs is re-exported here, so chapters write
``plots.simplex_figure(...)``. The shared style (colours per player, :class:`BookFigure`) lives in
:mod:`lessons_lib.plots.style`.
"""

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
from lessons_lib.plots.kuhn_play import running_mean_figure
from lessons_lib.plots.normal_form import (
    convergence_figure,
    mean_payoff_figure,
    simplex_animation,
    simplex_coordinates,
    simplex_figure,
    strategy_bars_figure,
)
from lessons_lib.plots.style import (
    CHANCE_COLOUR,
    PLAYER_COLOURS,
    REFERENCE_COLOUR,
    SERIES_COLOURS,
    BookFigure,
    figure_to_png,
    new_figure,
)

__all__ = [
    "CHANCE_COLOUR",
    "PLAYER_COLOURS",
    "REFERENCE_COLOUR",
    "SERIES_COLOURS",
    "BookFigure",
    "action_name",
    "action_names",
    "convergence_figure",
    "counterfactual_values_figure",
    "figure_to_png",
    "game_tree_figure",
    "information_set_figure",
    "mean_payoff_figure",
    "new_figure",
    "regrets_figure",
    "running_mean_figure",
    "simplex_animation",
    "simplex_coordinates",
    "simplex_figure",
    "strategy_bars_figure",
]
