"""Interactive demos: ipywidgets apps built from the library's pure functions.

Each app is an :class:`~lessons_lib.widgets.app.App`: named controls, images that show Figures
from :mod:`lessons_lib.plots`, and a status line. Submodules by chapter topic; the apps are
re-exported here, so chapters write ``widgets.self_play_explorer()``.
"""

from lessons_lib.widgets.app import App, slider
from lessons_lib.widgets.cfr_training import cfr_training
from lessons_lib.widgets.counterfactual import counterfactual_explorer
from lessons_lib.widgets.game_tree import game_tree_explorer
from lessons_lib.widgets.kuhn_family import family_explorer
from lessons_lib.widgets.kuhn_play import play_against_equilibrium
from lessons_lib.widgets.normal_form import (
    fixed_opponent_explorer,
    play_against_bot,
    self_play_explorer,
)
from lessons_lib.widgets.river import river_explorer

__all__ = [
    "App",
    "cfr_training",
    "counterfactual_explorer",
    "family_explorer",
    "fixed_opponent_explorer",
    "game_tree_explorer",
    "play_against_bot",
    "play_against_equilibrium",
    "river_explorer",
    "self_play_explorer",
    "slider",
]
