"""Figures for counterfactual values: per information set, the action values and the regrets.

Both figures take the result of :func:`lessons_lib.counterfactual.counterfactual_values` and show
one player's information sets, in the game's order, as groups of bars in that player's colour.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from lessons_lib.counterfactual import CounterfactualValues
from lessons_lib.games.base import Game
from lessons_lib.games.kuhn import KuhnPoker
from lessons_lib.plots.style import PLAYER_COLOURS, REFERENCE_COLOUR, new_figure
from lessons_lib.validation import check_choice, check_instance

#: How strongly each action's bars are filled: the first action (pass) lighter than the second.
_ACTION_ALPHA = (0.45, 1.0)


def action_names(game: Game, key: str) -> tuple[str, ...]:
    """The actions at ``key`` in words: in Kuhn poker check/bet, or fold/call when facing a bet."""
    actions = game.actions(key)
    if not isinstance(game, KuhnPoker):
        return actions
    _, public = game.parse_key(key)
    return ("fold", "call") if "b" in public else ("check", "bet")


def counterfactual_values_figure(
    game: Game, values: CounterfactualValues, player: int = 1, title: str | None = None
) -> Figure:
    """Grouped bars per information set of ``player``: ``v_i(sigma_{I->a}, I)`` for each action a,
    then ``v_i(sigma, I)`` in grey.

    The bar heights are exactly the numbers in ``values`` (chance included or not, as computed).
    """
    keys = _checked_keys(game, values, player)
    series = _action_series(game, keys, player, values.action_values)
    series.append(
        (
            f"information set value $v_{player}(\\sigma, I)$",
            [values.info_set_value[key] for key in keys],
            REFERENCE_COLOUR,
            1.0,
        )
    )
    ylabel = f"counterfactual value for player {player}"
    title = title or f"Player {player}'s counterfactual values ({_convention(values)})"
    return _bars_figure(keys, series, 1.3, 4.4, ylabel, title)


def regrets_figure(
    game: Game, values: CounterfactualValues, player: int = 1, title: str | None = None
) -> Figure:
    """Grouped bars per information set of ``player``: the regrets
    ``r(I, a) = v_i(sigma_{I->a}, I) - v_i(sigma, I)`` of each action."""
    keys = _checked_keys(game, values, player)
    series = _action_series(game, keys, player, values.regrets)
    ylabel = f"regret $r(I, a)$ for player {player}"
    title = title or f"Player {player}'s counterfactual regrets ({_convention(values)})"
    return _bars_figure(keys, series, 1.05, 4.2, ylabel, title)


def _bars_figure(
    keys: Sequence[str],
    series: Sequence[tuple[str, Sequence[float], str, float]],
    inches_per_key: float,
    height: float,
    ylabel: str,
    title: str,
) -> Figure:
    """The figure of both functions above: :func:`_grouped_bars` on axes ``inches_per_key`` wider
    per information set (from 6.4 to 8.8 inches wide) and ``height`` inches tall."""
    figure, (ax,) = new_figure(min(8.8, max(6.4, inches_per_key * len(keys) + 1.2)), height)
    _grouped_bars(ax, keys, series)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    return figure


def _action_series(
    game: Game, keys: list[str], player: int, table: Mapping[str, np.ndarray]
) -> list[tuple[str, list[float], str, float]]:
    """One bar series per action: ``table[key][a]`` for each key, in the player's colour."""
    return [
        (
            _action_legend(game, keys, a),
            [table[key][a] for key in keys],
            PLAYER_COLOURS[player],
            _ACTION_ALPHA[a] if a < len(_ACTION_ALPHA) else 1.0,
        )
        for a in range(_common_action_count(game, keys))
    ]


def _grouped_bars(
    ax: Axes, keys: Sequence[str], series: Sequence[tuple[str, Sequence[float], str, float]]
) -> None:
    """One group per key, one bar per series, each bar labelled with its height."""
    positions = np.arange(len(keys))
    width = 0.8 / len(series)
    heights_all = np.concatenate([np.asarray(h, dtype=float) for _, h, _, _ in series])
    low, high = min(0.0, float(heights_all.min())), max(0.0, float(heights_all.max()))
    margin = 0.15 * max(high - low, 1e-9)  # room for the value labels above and below the bars
    for k, (label, heights, colour, alpha) in enumerate(series):
        offset = (k - (len(series) - 1) / 2) * width
        bars = ax.bar(
            positions + offset,
            heights,
            width,
            color=colour,
            alpha=alpha,
            edgecolor=colour,
            linewidth=0.8,
            label=label,
        )
        ax.bar_label(bars, labels=[f"{h:+.3f}" for h in heights], fontsize=7.5, padding=1.5)
    ax.axhline(0.0, color="black", linewidth=0.8)
    ax.set_xticks(positions, [f'"{key}"' for key in keys])
    ax.set_xlabel("information set")
    ax.set_ylim(low - margin, high + margin)
    ax.legend(fontsize=9.5, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncols=len(series))


def _checked_keys(game: Game, values: CounterfactualValues, player: int) -> tuple[str, ...]:
    """``player``'s information sets in ``game``, once ``values``, ``game`` and ``player`` are
    checked (in that order)."""
    check_instance(values, CounterfactualValues, "values", "counterfactual_values(game, policy)")
    check_instance(game, Game, "game", "a Game (such as KuhnPoker())")
    check_choice(player, game.players, "player")
    return game.info_sets_of(player)


def _common_action_count(game: Game, keys: Sequence[str]) -> int:
    """The number of actions, which must be the same at every information set shown."""
    counts = {len(game.actions(key)) for key in keys}
    if len(counts) != 1:
        raise ValueError(f"the information sets shown have different numbers of actions: {counts}")
    return counts.pop()


def _action_legend(game: Game, keys: Sequence[str], a: int) -> str:
    """The legend of action ``a``: its names across the information sets, e.g. "check / fold"."""
    names = dict.fromkeys(action_names(game, key)[a] for key in keys)
    return f"{game.actions(keys[0])[a]}: {' / '.join(names)}"


def _convention(values: CounterfactualValues) -> str:
    return "chance included" if values.include_chance else "chance left out"
