"""The demo of the counterfactual-values chapter: player 2's strategy moves player 1's regrets.

On the static site the app's twin (``book/_static/twin-counterfactual.js``) computes the same
counterfactual values in the page, with the library's arithmetic, from :func:`counterfactual_data`.
"""

from __future__ import annotations

from collections.abc import Mapping

import ipywidgets as widgets
import numpy as np
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from lessons_lib.counterfactual import counterfactual_values
from lessons_lib.exploitability import expected_value
from lessons_lib.games.kuhn import KuhnPoker
from lessons_lib.plots.counterfactual import (
    action_names,
    counterfactual_values_figure,
    regrets_figure,
)
from lessons_lib.policy import Policy, two_action_policy, uniform_policy, validate_policy
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
        value=True, description="include chance's probability in π₋₁", indent=False
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
    if game.n_cards == 3:  # the twin's Kuhn poker (book/_static/twins.js) has three cards
        app.twin = ("counterfactual", counterfactual_data(game, fixed, controls))
    return app


#: Math in the figures' texts, and how the twin writes it without TeX.
_PLAIN_MATH = {"$": "", "\\sigma": "σ", "_{-1}": "₋₁", "_1": "₁", "_2": "₂"}


def counterfactual_data(
    game: KuhnPoker, player_1_policy: Policy, controls: Mapping[str, widgets.Widget]
) -> dict[str, object]:
    """What the twin of :func:`counterfactual_explorer` needs.

    Player 1's fixed strategy; the controls as the app built them (each slider's information set,
    label, range, step and start, the checkbox's label and start); player 1's information sets with
    their actions' names; and the texts of the app's two figures (titles for both conventions,
    axis labels, legends) and their bars' colours, read from the figures the library draws. The
    twin computes the values themselves, as
    :func:`~lessons_lib.counterfactual.counterfactual_values` does.
    """
    if not isinstance(game, KuhnPoker) or game.n_cards != 3:
        raise ValueError(f"the twin computes three-card Kuhn poker only, got {game!r}")
    missing = [key for key in (*game.info_sets_of(2), "include_chance") if key not in controls]
    if missing:
        raise ValueError(f"controls lacks {missing!r}, got {list(controls)!r}")
    keys = game.info_sets_of(1)
    figures = {}
    for include in (True, False):
        values = counterfactual_values(game, uniform_policy(game), include_chance=include)
        figures[include] = [
            _texts(counterfactual_values_figure(game, values, player=1)),
            _texts(regrets_figure(game, values, player=1)),
        ]
    sliders = [controls[key] for key in game.info_sets_of(2)]
    chance = controls["include_chance"]
    return {
        "player_1_policy": {key: [float(p) for p in player_1_policy[key]] for key in keys},
        "sliders": [
            {
                "key": key,
                "label": slider.description,
                "min": slider.min,
                "max": slider.max,
                "step": slider.step,
                "value": slider.value,
            }
            for key, slider in zip(game.info_sets_of(2), sliders, strict=True)
        ],
        "include_chance": {"label": chance.description, "value": chance.value},
        "keys": list(keys),
        "action_names": {key: list(action_names(game, key)) for key in keys},
        "figures": [
            {**with_chance, "title_without_chance": without["title"]}
            for with_chance, without in zip(figures[True], figures[False], strict=True)
        ],
    }


def _texts(figure: Figure) -> dict[str, object]:
    """The title, axis labels, tick labels and legend of a bar figure, without TeX, and its bars'
    colours and opacities (one per series)."""
    (ax, *_) = figure.axes
    legend = ax.get_legend()
    patches = legend.get_patches()
    return {
        "title": _plain(ax.get_title()),
        "x_label": _plain(ax.get_xlabel()),
        "y_label": _plain(ax.get_ylabel()),
        "ticks": [t.get_text() for t in ax.get_xticklabels()],
        "legend": [_plain(t.get_text()) for t in legend.get_texts()],
        "colours": [to_hex(patch.get_facecolor(), keep_alpha=False) for patch in patches],
        "opacities": [float(patch.get_facecolor()[3]) for patch in patches],
    }


def _plain(text: str) -> str:
    for tex, plain in _PLAIN_MATH.items():
        text = text.replace(tex, plain)
    return text
