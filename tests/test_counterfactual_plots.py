"""The counterfactual-value figures: labelled Figures whose bars are exactly the values given."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from lessons_lib.counterfactual import CounterfactualValues, counterfactual_values
from lessons_lib.games import KuhnPoker
from lessons_lib.plots.counterfactual import (
    action_names,
    counterfactual_values_figure,
    regrets_figure,
)
from lessons_lib.plots.style import PLAYER_COLOURS, REFERENCE_COLOUR
from lessons_lib.policy import uniform_policy

GAME = KuhnPoker()


def made_up_values(include_chance: bool = True) -> CounterfactualValues:
    """Distinct numbers at every information set, so a bar drawn in the wrong place shows up."""
    keys = GAME.info_sets()
    actions = {key: np.array([0.1 * k - 0.5, 0.37 - 0.07 * k]) for k, key in enumerate(keys)}
    info_value = {key: float(0.3 * actions[key][0] + 0.7 * actions[key][1]) for key in keys}
    return CounterfactualValues(
        include_chance=include_chance,
        reach=dict.fromkeys(keys, 1.0),
        own_reach=dict.fromkeys(keys, 1.0),
        info_set_value=info_value,
        action_values=actions,
        regrets={key: actions[key] - info_value[key] for key in keys},
    )


def bars_by_label(figure: Figure) -> dict[str, list]:
    ax = figure.axes[0]
    return {container.get_label(): list(container) for container in ax.containers}


def assert_labelled(figure: Figure) -> None:
    assert isinstance(figure, Figure)
    ax = figure.axes[0]
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()


@pytest.mark.parametrize("player", [1, 2])
def test_value_bars_are_the_action_values_then_the_info_set_value(player: int) -> None:
    values = made_up_values()
    figure = counterfactual_values_figure(GAME, values, player=player)
    assert_labelled(figure)
    keys = GAME.info_sets_of(player)
    bars = bars_by_label(figure)
    assert list(bars) == [
        "p: check / fold",
        "b: bet / call",
        f"information set value $v_{player}(\\sigma, I)$",
    ]
    pass_bars, bet_bars, info_bars = bars.values()
    assert [b.get_height() for b in pass_bars] == pytest.approx(
        [values.action_values[k][0] for k in keys]
    )
    assert [b.get_height() for b in bet_bars] == pytest.approx(
        [values.action_values[k][1] for k in keys]
    )
    assert [b.get_height() for b in info_bars] == pytest.approx(
        [values.info_set_value[k] for k in keys]
    )
    assert to_hex(bet_bars[0].get_facecolor(), keep_alpha=False) == PLAYER_COLOURS[player].lower()
    assert to_hex(info_bars[0].get_facecolor(), keep_alpha=False) == REFERENCE_COLOUR.lower()
    ticks = [t.get_text() for t in figure.axes[0].get_xticklabels()]
    assert ticks == [f'"{k}"' for k in keys]


def test_regret_bars_are_the_regrets() -> None:
    values = made_up_values()
    figure = regrets_figure(GAME, values, player=2)
    assert_labelled(figure)
    pass_bars, bet_bars = bars_by_label(figure).values()
    keys = GAME.info_sets_of(2)
    assert [b.get_height() for b in pass_bars] == pytest.approx(
        [values.regrets[k][0] for k in keys]
    )
    assert [b.get_height() for b in bet_bars] == pytest.approx([values.regrets[k][1] for k in keys])


def test_uniform_profile_bars_match_hand_values() -> None:
    """Under the uniform profile, at "K:" (player 1 holds K; the histories KJ and KQ each have
    pi_{-1} = 1/6): a bet wins 1 when the opponent folds and 2 when it calls, 1.5 on average per
    deal, so v(bet) = 2 * 1.5 / 6 = 1/2. A check is called down for 1 or met by a bet, which
    player 1
    folds (-1) or calls (+2) half the time each, so u = 1/2 * 1 + 1/2 * 1/2 = 3/4 per deal and
    v(check) = 2 * 3/4 / 6 = 1/4; v("K:") = (1/2 + 1/4) / 2 = 3/8."""
    figure = counterfactual_values_figure(GAME, counterfactual_values(GAME, uniform_policy(GAME)))
    pass_bars, bet_bars, info_bars = bars_by_label(figure).values()
    k = GAME.info_sets_of(1).index("K:")
    assert pass_bars[k].get_height() == pytest.approx(1 / 4)
    assert bet_bars[k].get_height() == pytest.approx(1 / 2)
    assert info_bars[k].get_height() == pytest.approx(3 / 8)


def test_titles_name_the_chance_convention() -> None:
    assert "chance included" in regrets_figure(GAME, made_up_values(True)).axes[0].get_title()
    title = counterfactual_values_figure(GAME, made_up_values(False)).axes[0].get_title()
    assert "chance left out" in title
    assert regrets_figure(GAME, made_up_values(), title="mine").axes[0].get_title() == "mine"


def test_action_names_depend_on_facing_a_bet() -> None:
    assert action_names(GAME, "Q:") == ("check", "bet")
    assert action_names(GAME, "Q:p") == ("check", "bet")
    assert action_names(GAME, "Q:b") == ("fold", "call")
    assert action_names(GAME, "Q:pb") == ("fold", "call")
    with pytest.raises(ValueError, match="unknown information set"):
        action_names(GAME, "A:")


def test_unknown_player_is_refused() -> None:
    with pytest.raises(ValueError, match="player"):
        regrets_figure(GAME, made_up_values(), player=3)
