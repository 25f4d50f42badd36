"""The demos of Chapter 1: self-play, a fixed opponent, and a game against a regret-matching bot.

Each app also carries the data of its in-page twin for the static site (``book/_static/
twin-normal-form.js``, :mod:`lessons_lib.widgets.twins`): the game, the controls' ranges, the
colours and the constants of the figures, so that the twin computes only what the reader changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure
from scipy.stats import norm

from lessons_lib import plots
from lessons_lib.normal_form import MatrixGame, best_response, rock_paper_scissors
from lessons_lib.plots.normal_form import CURRENT_COLOUR, OUTLINE_COLOUR
from lessons_lib.regret_matching import RegretMatchingBot, learn_against_fixed, self_play
from lessons_lib.simulation import mean_and_interval
from lessons_lib.validation import check_integer
from lessons_lib.widgets.app import App, slider

#: Rounds of the simplex figure's second panel (``plots.simplex_figure``'s ``series_rounds``).
SERIES_ROUNDS = 2_000
#: The confidence of the interval around the reader's mean payoff against the bot.
CONFIDENCE = 0.95


def self_play_explorer(game: MatrixGame | None = None) -> App:
    """Self-play of two regret matchers: pick the starting bias and the number of rounds.

    Each player starts with a regret of ``bias`` on its first action (rock), so it opens by playing
    rock; the figures show player 1's path on the simplex and the exploitability of the average.
    """
    game = game or rock_paper_scissors()
    sliders = {
        "bias_1": slider("player 1 initial regret on rock", 1.0, 0.0, 5.0, 0.5),
        "bias_2": slider("player 2 initial regret on rock", 0.0, 0.0, 5.0, 0.5),
    }

    def render(values: Mapping[str, object]) -> tuple[list[Figure], str]:
        n = len(game.row_actions)
        start_1, start_2 = np.zeros(n), np.zeros(n)
        start_1[0], start_2[0] = values["bias_1"], values["bias_2"]
        trajectory = self_play(game, int(values["rounds"]), (start_1, start_2))
        rounds = np.arange(1, trajectory.rounds + 1)
        exploit = trajectory.exploitability()
        figures = [
            plots.simplex_figure(trajectory, player=1, series_rounds=SERIES_ROUNDS),
            plots.convergence_figure(
                rounds,
                {"average profile": exploit},
                title="Exploitability in self-play",
                colours={"average profile": plots.PLAYER_COLOURS[1]},
            ),
        ]
        average = ", ".join(f"{p:.3f}" for p in trajectory.average[1][-1])
        status = (
            f"After {trajectory.rounds:,} rounds player 1's average strategy is ({average}); "
            f"exploitability {exploit[-1]:.4f}."
        )
        return figures, status

    return _rounds_explorer("self-play", game, sliders, render, series_rounds=SERIES_ROUNDS)


def fixed_opponent_explorer(game: MatrixGame | None = None) -> App:
    """A regret matcher against a fixed mix: set the opponent's rock and paper frequencies."""
    game = game or rock_paper_scissors()
    sliders = {
        "rock": slider("opponent rock", 0.5, 0.0, 1.0, 0.05),
        "paper": slider("opponent paper", 0.25, 0.0, 1.0, 0.05),
    }

    def render(values: Mapping[str, object]) -> tuple[list[Figure], str]:
        rock, paper = float(values["rock"]), float(values["paper"])
        scissors = 1.0 - rock - paper
        if scissors < -1e-9:
            return [plots.new_figure(6.4, 3.4)[0]] * 2, (
                f"<b>rock + paper = {rock + paper:.2f} exceeds 1</b>: lower one of them."
            )
        opponent = np.array([rock, paper, max(scissors, 0.0)])
        opponent /= opponent.sum()
        trajectory = learn_against_fixed(game, opponent, int(values["rounds"]))
        value, _ = best_response(game, 1, opponent)
        figures = [
            plots.strategy_bars_figure(
                {"opponent (fixed)": opponent, "learner's average": trajectory.average[1][-1]},
                game.row_actions,
                "Regret matching finds the best response",
                colours={
                    "opponent (fixed)": plots.PLAYER_COLOURS[2],
                    "learner's average": plots.PLAYER_COLOURS[1],
                },
            ),
            plots.mean_payoff_figure(trajectory, target=value),
        ]
        status = (
            f"Opponent plays ({rock:.2f}, {paper:.2f}, {scissors:.2f}). Best-response value "
            f"{value:.3f}; the learner's mean payoff after {trajectory.rounds:,} rounds is "
            f"{trajectory.mean_payoff()[-1]:.3f}."
        )
        return figures, status

    return _rounds_explorer("fixed-opponent", game, sliders, render)


def _rounds_explorer(
    twin: str,
    game: MatrixGame,
    sliders: Mapping[str, widgets.Widget],
    render: Callable[[Mapping[str, object]], tuple[list[Figure], str]],
    series_rounds: int | None = None,
) -> App:
    """The app of both explorers above: ``sliders``, then the slider of rounds they share, drawn by
    ``render``; with the data of its twin named ``twin`` (:func:`matrix_game_data`)."""
    controls = {**sliders, "rounds": slider("rounds", 2_000, 100, 20_000, 100)}
    app = App(controls, render)
    app.twin = (twin, matrix_game_data(game, controls, series_rounds=series_rounds))
    return app


def play_against_bot(seed: int = 0) -> App:
    """Play rock-paper-scissors against a regret-matching bot, one button press per round."""
    check_integer(seed, "seed", minimum=0)
    game = rock_paper_scissors()
    state: dict[str, object] = {"bot": RegretMatchingBot(game, seed=seed), "last": ""}
    buttons = {name: widgets.Button(description=name.capitalize()) for name in game.row_actions}
    buttons["new game"] = widgets.Button(description="New game", button_style="warning")

    def render(_values: Mapping[str, object]) -> tuple[list[Figure], str]:
        bot: RegretMatchingBot = state["bot"]
        figure = plots.strategy_bars_figure(
            {"your frequencies": bot.human_frequencies(), "bot's current strategy": bot.strategy()},
            game.row_actions,
            f"After {len(bot.history)} rounds",
            colours={
                "your frequencies": plots.PLAYER_COLOURS[1],
                "bot's current strategy": plots.PLAYER_COLOURS[2],
            },
        )
        score = bot.score
        status = f"{state['last']}You {score['human']} · draws {score['draw']} · bot {score['bot']}"
        return [figure], status + _mean_line([payoff for _, _, payoff in bot.history])

    app = App({}, render, buttons=buttons)

    def on_move(action: str) -> Callable[[widgets.Button], None]:
        def handler(_button: widgets.Button) -> None:
            bot_action, payoff = state["bot"].play(action)
            verdict = "you win" if payoff > 0 else "the bot wins" if payoff < 0 else "a draw"
            state["last"] = f"You played {action}, the bot played {bot_action}: {verdict}. "
            app.refresh()

        return handler

    def on_new_game(_button: widgets.Button) -> None:
        state["bot"] = RegretMatchingBot(game, seed=seed)
        state["last"] = ""
        app.refresh()

    for action in game.row_actions:
        buttons[action].on_click(on_move(action))
    buttons["new game"].on_click(on_new_game)
    app.state = state
    app.twin = ("play-bot", {**matrix_game_data(game, {}), **bot_data(seed)})
    return app


def _mean_line(payoffs: list[float]) -> str:
    """Your mean payoff per round so far, with its interval once there are two rounds."""
    if len(payoffs) >= 2:
        mean, half_width = mean_and_interval(payoffs, CONFIDENCE)
        percent = f"{100 * CONFIDENCE:g}%"
        return f" · your mean {mean:+.4f} ± {half_width:.4f} per round ({percent} interval)"
    if len(payoffs) == 1:
        return f" · your mean {payoffs[0]:+.4f} per round (an interval needs two rounds)"
    return ""


def matrix_game_data(
    game: MatrixGame, controls: Mapping[str, widgets.Widget], series_rounds: int | None = None
) -> dict[str, object]:
    """What a twin of a Chapter 1 app needs: the game, the app's sliders, the figures' colours.

    ``payoffs`` is player 1's matrix (rows are player 1's actions); each slider is given by its
    name, label, range, step, starting value and readout format (``".2f"``, ``"d"``), in the app's
    order; ``series_rounds`` is the
    length of the simplex figure's time series (None: the app draws no such panel).
    """
    if not isinstance(game, MatrixGame):
        raise ValueError(f"game must be a MatrixGame, got {type(game).__name__}: {game!r}")
    data: dict[str, object] = {
        "game": game.name,
        "payoffs": np.asarray(game.payoffs, dtype=float).tolist(),
        "row_actions": list(game.row_actions),
        "column_actions": list(game.column_actions),
        "sliders": [
            {
                "name": name,
                "label": control.description,
                "min": control.min,
                "max": control.max,
                "step": control.step,
                "value": control.value,
                "readout": control.readout_format,
            }
            for name, control in controls.items()
        ],
        "player_colours": {str(p): colour for p, colour in plots.PLAYER_COLOURS.items()},
        "current_colour": CURRENT_COLOUR,
        "outline_colour": OUTLINE_COLOUR,
        "reference_colour": plots.REFERENCE_COLOUR,
    }
    if series_rounds is not None:
        data["series_rounds"] = series_rounds
    return data


def bot_data(seed: int) -> dict[str, object]:
    """What the twin of :func:`play_against_bot` adds: the seed of its draws and the interval's z.

    The twin draws the bot's moves with its own seeded generator (not numpy's), so its sessions
    differ from the app's; the bot's learning, the score and the interval follow the library.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    return {
        "seed": seed,
        "confidence": CONFIDENCE,
        "z": float(norm.ppf(0.5 + CONFIDENCE / 2.0)),
    }
