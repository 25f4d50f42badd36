"""The demo of the counterfactual-values chapter: player 2's strategy moves player 1's regrets."""

from __future__ import annotations

from collections.abc import Mapping

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure

from lessons_lib.counterfactual import counterfactual_values
from lessons_lib.exploitability import expected_value
from lessons_lib.games.kuhn import KuhnPoker
from lessons_lib.plots.counterfactual import (
    action_names,
    counterfactual_values_figure,
    regrets_figure,
)
from lessons_lib.policy import two_action_policy, uniform_policy, validate_policy
from lessons_lib.widgets.app import App, slider


def counterfactual_explorer(
    game: KuhnPoker | None = None, player_1_policy: Mapping[str, np.ndarray] | None = None
) -> App:
    """Sliders for player 2's probability of betting (after a check) or calling (facing a bet).

    Player 1 keeps ``player_1_policy`` (uniform by default). The figures show player 1's
    counterfactual action values and information-set values, and the regrets
    ``r(I, a) = v_1(sigma_{I->a}, I) - v_1(sigma, I)``, at player 1's information sets; the status
    line lists every regret. ``app.state["values"]`` holds the latest
    :class:`~lessons_lib.counterfactual.CounterfactualValues`.
    """
    game = game or KuhnPoker()
    if not isinstance(game, KuhnPoker):
        raise ValueError(f"the counterfactual explorer is built for Kuhn poker, got {game!r}")
    fixed = validate_policy(game, player_1_policy or uniform_policy(game), players=(1,))
    fixed = {key: fixed[key] for key in game.info_sets_of(1)}
    controls: dict[str, widgets.Widget] = {
        key: slider(f'P(player 2 {action_names(game, key)[1]}s at "{key}")', 0.5, 0.0, 1.0, 0.05)
        for key in game.info_sets_of(2)
    }
    controls["include_chance"] = widgets.Checkbox(
        value=True, description="include chance's probability in pi_{-1}", indent=False
    )
    state: dict[str, object] = {}

    def render(values: Mapping[str, object]) -> tuple[list[Figure], str]:
        part_2 = two_action_policy(game, {key: values[key] for key in game.info_sets_of(2)})
        profile = {**fixed, **part_2}
        result = counterfactual_values(game, profile, include_chance=bool(values["include_chance"]))
        state["values"] = result
        figures = [
            counterfactual_values_figure(game, result, player=1),
            regrets_figure(game, result, player=1),
        ]
        parts = []
        for key in game.info_sets_of(1):
            names = action_names(game, key)
            regrets = " / ".join(
                f"{name} {r:+.3f}" for name, r in zip(names, result.regrets[key], strict=True)
            )
            parts.append(f"<b>{key}</b> {regrets}")
        key, a = max(
            ((key, a) for key in game.info_sets_of(1) for a in range(2)),
            key=lambda pair: result.regrets[pair[0]][pair[1]],
        )
        status = (
            f"Player 1's regrets: {' · '.join(parts)}.<br>"
            f"Largest: {action_names(game, key)[a]} at {key} "
            f"({result.regrets[key][a]:+.3f}). Player 1's expected value with this profile: "
            f"{expected_value(game, profile):+.3f} chips per hand."
        )
        return figures, status

    app = App(controls, render)
    app.state = state
    return app
