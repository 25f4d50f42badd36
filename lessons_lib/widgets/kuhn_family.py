"""Explore Kuhn's equilibrium family: one slider for alpha, the member it selects, and its numbers.

Moving the slider selects the member ``alpha`` of
:func:`~lessons_lib.kuhn_equilibria.nash_equilibrium`; the figure is
:func:`~lessons_lib.plots.kuhn_family.family_figure` and the status line reports, computed for that
member: player 1's three mixed probabilities, the share of bluffs among the bets a queen faces, the
exploitability and player 1's expected value. On the static site the app's twin (``"family"``,
``book/_static/twin-family.js``) shows the same, from :func:`family_data`.
"""

from __future__ import annotations

from collections.abc import Mapping

from matplotlib.figure import Figure

from lessons_lib.exploitability import expected_value, exploitability
from lessons_lib.games.kuhn import KuhnPoker
from lessons_lib.kuhn_equilibria import ALPHA_RANGE, check_alpha, nash_equilibrium
from lessons_lib.plots.kuhn_family import MIXED_DECISIONS, family_figure
from lessons_lib.plots.style import PLAYER_COLOURS, REFERENCE_COLOUR
from lessons_lib.widgets.app import App, slider
from lessons_lib.widgets.twins import figure_texts

#: The slider's default: the middle of the family, where every mixed decision really mixes.
DEFAULT_ALPHA = 1.0 / 6.0
#: The slider moves in steps of 1/60, so 0, 1/6 and 1/3 are all on it.
ALPHA_STEP = 1.0 / 60.0
#: The slider's description, also the label of the twin's slider.
SLIDER_LABEL = "α = P(player 1 bets the jack)"


def family_explorer(alpha: float = DEFAULT_ALPHA) -> App:
    """A slider over ``alpha`` in ``[0, 1/3]`` showing the family member it selects.

    ``app.state["policy"]`` holds the member on display and ``app.state["alpha"]`` its alpha.
    """
    game = KuhnPoker()
    low, high = ALPHA_RANGE
    control = slider(SLIDER_LABEL, check_alpha(alpha), low, high, ALPHA_STEP)
    control.readout_format = ".3f"
    state: dict[str, object] = {}

    def render(values: Mapping[str, object]) -> tuple[list[Figure], str]:
        # A slider may land a rounding error beyond 1/3; the family ends there.
        chosen = check_alpha(min(float(values["alpha"]), high))
        policy = nash_equilibrium(chosen)
        state.update(alpha=chosen, policy=policy)
        return [family_figure(chosen)], _status(game, policy, chosen)

    app = App({"alpha": control}, render)
    app.state = state
    app.twin = ("family", family_data(alpha))
    return app


def family_data(alpha: float = DEFAULT_ALPHA) -> dict[str, object]:
    """What the twin of :func:`family_explorer` needs, the slider starting near ``alpha``.

    The twin's slider takes the positions ``k / 60``, ``k = 0, ..., 20`` (``"alphas"``, the floats
    the library uses), starting at the one nearest ``alpha`` (``"start"``). It computes each
    member's probabilities as the library does and its expected value with the runtime's port of
    :func:`~lessons_lib.exploitability.expected_value`; the exploitability, zero up to the last
    bits of the sums, comes from the library at every position, since those bits depend on the
    order of the sums. The rest are the figure's words (those of the library's figure) and colours.
    """
    alpha = check_alpha(alpha)
    game = KuhnPoker()
    per_unit, positions = round(1 / ALPHA_STEP), round(ALPHA_RANGE[1] / ALPHA_STEP)
    alphas = [k / per_unit for k in range(positions + 1)]
    return {
        "alphas": alphas,
        "start": round(alpha / ALPHA_STEP),
        "exploitability": [exploitability(game, nash_equilibrium(a)) for a in alphas],
        "slider_label": SLIDER_LABEL,
        "info_sets": [[key, game.player(key)] for key in game.info_sets()],
        "mixed_decisions": [key for key, _, _ in MIXED_DECISIONS],
        "figure": figure_texts(family_figure(alphas[round(alpha / ALPHA_STEP)])),
        "player_colours": {str(p): colour for p, colour in PLAYER_COLOURS.items()},
        "reference_colour": REFERENCE_COLOUR,
    }


def _status(game: KuhnPoker, policy: Mapping[str, object], alpha: float) -> str:
    """The member's mixed probabilities, its bluff share, exploitability and value, in words."""
    bet = game.ACTIONS.index("b")
    bluff, value_bet = policy["J:"][bet], policy["K:"][bet]
    lines = [
        f"α = {alpha:.3f}: player 1 bluffs the jack with {bluff:.3f}, bets the king with "
        f"3α = {value_bet:.3f} and calls a bet with the queen with α + 1/3 = "
        f"{policy['Q:pb'][bet]:.3f}.",
    ]
    if bluff + value_bet > 0:
        share = bluff / (bluff + value_bet)
        lines.append(
            f"Of the bets a queen faces, {share:.3f} are bluffs (the jack and the king are equally "
            "likely to be opposite her)."
        )
    else:
        lines.append("At α = 0 player 1 never bets first: no bluffs and no value bets.")
    distance = exploitability(game, policy)
    rounding = " (zero up to rounding)" if abs(distance) < 1e-12 else ""
    lines.append(
        f"Exploitability {distance:.1e} chips per hand{rounding}; player 1's expected "
        f"value {expected_value(game, policy):+.4f} chips per hand."
    )
    return "<br>".join(lines)
