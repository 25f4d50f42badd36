"""Play against the equilibrium: hands of Kuhn poker against a bot that follows Kuhn's family.

The reader picks a seat, is dealt a card and acts with two buttons, labelled Check / Bet or Fold /
Call as the situation requires. The bot plays the family member ``alpha`` of
:func:`~lessons_lib.kuhn_equilibria.nash_equilibrium` in the other seat.
Choices made for the reader:

- The bot's card is shown at a showdown only. When a hand ends with a fold it stays hidden, as at a
  real table: the reader never learns whether a bet that made them fold was a bluff, which is what
  makes bluffing work.
- A hand in progress cannot be abandoned: "Next hand" is enabled only once the hand is over, so
  the session's results are not biased by walking away from bad hands.
- "Simulate" lets the equilibrium itself (the same member ``alpha``) play the reader's seat for
  many hands with the fast simulation, appended to the session, so the running mean can be seen
  settling at the exact value. The status keeps the reader's own hands apart.
- The default ``alpha = 1/6`` is the middle of the family, so the bot mixes at all three of its
  mixed decisions as player 1 (bluff J, bet K, call with Q).
- Everything is seeded: session ``k`` of an app built with ``seed`` draws its cards and the bot's
  choices from ``default_rng([seed, k, 0])`` and its simulations from ``default_rng([seed, k, 1])``.
  Changing seat, or "New session", starts the next session.

The exact value per hand for the reader's seat is computed with
:func:`~lessons_lib.exploitability.expected_value` from the equilibrium profile (player 2's value
is minus player 1's).

On the static site the app's twin (``"play-kuhn"``, ``book/_static/twin-play-kuhn.js``) plays the
same game in the page from :func:`play_data`: the same buttons, status and figure, with its own
seeded generator (so other cards than the kernel's), and the library's bookkeeping ported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure
from scipy.stats import norm

from lessons_lib import plots
from lessons_lib.agents import Hand, HumanAgent, PolicyAgent
from lessons_lib.exploitability import expected_value
from lessons_lib.games.kuhn import KuhnPoker
from lessons_lib.kuhn_equilibria import nash_equilibrium
from lessons_lib.plots.kuhn_play import _MARKED_HANDS
from lessons_lib.plots.style import PLAYER_COLOURS, REFERENCE_COLOUR
from lessons_lib.simulation import mean_and_interval, simulate
from lessons_lib.validation import check_integer, check_iterations
from lessons_lib.widgets.app import App
from lessons_lib.widgets.twins import figure_texts

#: The bot's default member of Kuhn's family: the middle of [0, 1/3].
DEFAULT_ALPHA = 1.0 / 6.0

#: The confidence of the interval the status and the figure show.
CONFIDENCE = 0.95
#: The seat menu: what each seat is called.
SEATS = (("Player 1 (acts first)", 1), ("Player 2", 2))

#: What each action is called, given whether the player faces a bet.
_LABELS = {False: {"p": "Check", "b": "Bet"}, True: {"p": "Fold", "b": "Call"}}


def play_against_equilibrium(
    alpha: float = DEFAULT_ALPHA, seed: int = 0, simulated_hands: int = 10_000
) -> App:
    """Play Kuhn poker against the equilibrium member ``alpha``, with a running score.

    ``app.state`` holds the session: ``"seat"``, ``"hand"`` (the :class:`~lessons_lib.agents.Hand`
    in progress or just finished), ``"payoffs"`` (the reader's seat's chips in every hand of the
    session, simulated ones included), ``"played"`` and ``"simulated"`` (how many hands of each
    kind) and ``"your_total"`` (the chips won in the hands the reader played).
    """
    game = KuhnPoker()
    policy = nash_equilibrium(alpha)
    simulated_hands = check_iterations(simulated_hands, "simulated_hands")
    check_integer(seed, "seed", minimum=0)
    value_1 = expected_value(game, policy)
    state: dict[str, object] = {"alpha": float(alpha), "session": 0, "message": ""}

    def exact_value(seat: int) -> float:
        return value_1 if seat == 1 else -value_1

    def start_session(seat: int) -> None:
        session = int(state["session"]) + 1
        state.update(
            seat=seat,
            session=session,
            rng=np.random.default_rng([seed, session, 0]),
            simulation_rng=np.random.default_rng([seed, session, 1]),
            payoffs=np.zeros(0),
            played=0,
            simulated=0,
            your_total=0.0,
            message="",
        )
        deal_hand()

    def deal_hand() -> None:
        bot, person = PolicyAgent(policy), HumanAgent()
        agents = (person, bot) if state["seat"] == 1 else (bot, person)
        state["hand"] = Hand(game, agents, state["rng"])
        state["message"] = ""
        if state["hand"].is_over:  # cannot happen in Kuhn poker, where both players act
            finish_hand()

    def finish_hand() -> None:
        hand: Hand = state["hand"]
        seat = int(state["seat"])
        won = hand.payoff if seat == 1 else -hand.payoff
        state["payoffs"] = np.append(state["payoffs"], won)
        state["played"] = int(state["played"]) + 1
        state["your_total"] = float(state["your_total"]) + won
        state["message"] = _outcome(game, hand, seat)

    controls = {
        "seat": widgets.ToggleButtons(
            options=list(SEATS),
            value=1,
            description="Your seat",
            style={"description_width": "initial"},
        )
    }
    # Registered before the App's own observer, so a new seat starts a new session before the
    # App redraws (traitlets calls observers in the order they were registered).
    controls["seat"].observe(lambda change: start_session(int(change["new"])), names="value")
    buttons = {
        "p": widgets.Button(description="Check"),
        "b": widgets.Button(description="Bet"),
        "next hand": widgets.Button(description="Next hand", button_style="info"),
        "simulate": widgets.Button(description=f"Simulate {simulated_hands:,} hands"),
        "new session": widgets.Button(description="New session", button_style="warning"),
    }
    buttons["simulate"].layout.width = "auto"
    start_session(1)

    def show_hand() -> str:
        """Label and enable the buttons for the hand's situation; return the status text."""
        seat, hand = int(state["seat"]), state["hand"]
        facing_bet = "b" in hand.history.actions
        for action in game.ACTIONS:
            buttons[action].description = _LABELS[facing_bet][action]
            buttons[action].disabled = hand.is_over or action not in hand.legal_actions()
        buttons["next hand"].disabled = not hand.is_over
        lines = [
            _hand_status(game, hand, seat, str(state["message"])),
            _score(state),
            _exact_line(seat, exact_value(seat)),
        ]
        return "<br>".join(lines)

    def render(_values: Mapping[str, object]) -> tuple[list[Figure], str]:
        seat = int(state["seat"])
        figure = plots.running_mean_figure(
            state["payoffs"], exact_value(seat), seat, title=_title(float(state["alpha"]))
        )
        return [figure], show_hand()

    app = App(controls, render, buttons=buttons)
    app.state = state
    app.twin = ("play-kuhn", play_data(alpha, seed, simulated_hands))

    # Moves within a hand change the status only; the figure is redrawn when a hand ends.
    def on_action(action: str) -> Callable[[widgets.Button], None]:
        def handler(_button: widgets.Button) -> None:
            hand: Hand = state["hand"]
            hand.apply(action)
            if hand.is_over:
                finish_hand()
                app.refresh()
            else:
                app.status.value = show_hand()

        return handler

    def on_next_hand(_button: widgets.Button) -> None:
        deal_hand()
        app.status.value = show_hand()

    def on_simulate(_button: widgets.Button) -> None:
        chips_1 = simulate(game, policy, policy, simulated_hands, state["simulation_rng"])
        won = chips_1 if state["seat"] == 1 else -chips_1
        state["payoffs"] = np.concatenate([state["payoffs"], won])
        state["simulated"] = int(state["simulated"]) + simulated_hands
        app.refresh()

    def on_new_session(_button: widgets.Button) -> None:
        start_session(int(state["seat"]))
        app.refresh()

    for action in game.ACTIONS:
        buttons[action].on_click(on_action(action))
    buttons["next hand"].on_click(on_next_hand)
    buttons["simulate"].on_click(on_simulate)
    buttons["new session"].on_click(on_new_session)
    return app


def play_data(
    alpha: float = DEFAULT_ALPHA, seed: int = 0, simulated_hands: int = 10_000
) -> dict[str, object]:
    """What the twin of :func:`play_against_equilibrium` needs.

    The bot's policy (the member ``alpha``, as ``[P(p), P(b)]`` at every information set); the
    seed of the twin's own generator; the number of hands "Simulate" plays; for each seat its
    exact value and the status line that states it, and the words of the figure for that seat
    (those of the library's :func:`~lessons_lib.plots.running_mean_figure`); the ``z`` of the
    95% interval as :func:`~lessons_lib.simulation.mean_and_interval` computes it; the names of
    the cards, seats and actions; the colours.
    """
    game = KuhnPoker()
    policy = nash_equilibrium(alpha)
    simulated_hands = check_iterations(simulated_hands, "simulated_hands")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be an integer of at least 0, got {seed!r}")
    value_1 = expected_value(game, policy)
    values = {1: value_1, 2: -value_1}
    title = _title(float(alpha))
    return {
        "policy": {key: [float(p) for p in probabilities] for key, probabilities in policy.items()},
        "seed": seed,
        "simulated_hands": simulated_hands,
        "exact_value": {str(seat): value for seat, value in values.items()},
        "exact_line": {str(seat): _exact_line(seat, value) for seat, value in values.items()},
        "figure": {
            str(seat): figure_texts(
                plots.running_mean_figure([1.0, -1.0], value, seat, CONFIDENCE, title)
            )
            for seat, value in values.items()
        },
        "no_hands": figure_texts(plots.running_mean_figure([], value_1, 1, CONFIDENCE))["axes"][0][
            "texts"
        ][0],
        "z": float(norm.ppf(0.5 + CONFIDENCE / 2.0)),
        "marked_hands": _MARKED_HANDS,
        "cards": [game.card_name(rank) for rank in range(3)],
        "seats": [list(seat) for seat in SEATS],
        "labels": {"bet": _LABELS[True], "no bet": _LABELS[False]},
        "player_colours": {str(p): colour for p, colour in PLAYER_COLOURS.items()},
        "reference_colour": REFERENCE_COLOUR,
    }


def _title(alpha: float) -> str:
    """The figure's title: whom the reader plays."""
    return f"Playing against Kuhn's equilibrium (bot's α = {alpha:.3g})"


def _hand_status(game: KuhnPoker, hand: Hand, seat: int, message: str) -> str:
    """The hand in words: the reader's card, what happened so far, and whose move it is."""
    card = game.card_name(hand.history.deal[seat - 1])
    opening = f"You are player {seat} and hold <b>{card}</b>."
    story = _story(hand.history.actions, seat)
    if hand.is_over:
        ending = message
    else:
        labels = _LABELS["b" in hand.history.actions]
        ending = f"Your move: {' or '.join(labels[a].lower() for a in hand.legal_actions())}?"
    return " ".join(part for part in (opening, story, ending) if part)


def _story(actions: str, seat: int) -> str:
    """The public actions, told from the reader's seat: ``"You check, the bot bets."``."""
    steps = []
    for t, action in enumerate(actions):
        actor = 1 + t % 2
        who = "you" if actor == seat else "the bot"
        verb = _LABELS["b" in actions[:t]][action].lower()
        verb = verb if who == "you" else verb + "s"
        steps.append(f"{who} {verb}")
    if not steps:
        return ""
    sentence = ", ".join(steps)
    return sentence[0].upper() + sentence[1:] + "."


def _outcome(game: KuhnPoker, hand: Hand, seat: int) -> str:
    """How a finished hand ended for the reader: the result, and the bot's card if it was shown."""
    won = hand.payoff if seat == 1 else -hand.payoff
    chips = f"{abs(won):g} chip{'s' if abs(won) != 1 else ''}"
    result = f"<b>You win {chips}.</b>" if won > 0 else f"<b>You lose {chips}.</b>"
    actions = hand.history.actions
    bot_card = game.card_name(hand.history.deal[2 - seat])
    if actions.endswith("bp"):  # the player facing the bet folded: no showdown
        return f"{result} The bot's card stays hidden: nobody shows a card after a fold."
    mine = game.card_name(hand.history.deal[seat - 1])
    return f"Showdown: your {mine} against the bot's <b>{bot_card}</b>. {result}"


def _score(state: Mapping[str, object]) -> str:
    """The session so far: hands, total, and the mean per hand with its 95% interval."""
    payoffs = np.asarray(state["payoffs"])
    played, simulated = int(state["played"]), int(state["simulated"])
    n = payoffs.size
    line = (
        f"Session: {_count(n, 'hand')} ({played:,} played by you, {simulated:,} simulated), "
        f"chips won {payoffs.sum():+g}"
    )
    if n >= 2:
        mean, half_width = mean_and_interval(payoffs)
        line += f", mean {mean:+.4f} ± {half_width:.4f} per hand (95% interval)"
    elif n == 1:
        line += f", mean {payoffs[0]:+.4f} per hand (an interval needs two hands)"
    if simulated:
        line += f". Your own {_count(played, 'hand')}: chips won {float(state['your_total']):+g}"
    return line + "."


def _exact_line(seat: int, value: float) -> str:
    """The exact expected value per hand for the reader's seat, with the nearest simple fraction."""
    fraction = Fraction(value).limit_denominator(1000)
    sign = "+" if fraction > 0 else ""
    return (
        f"Exact expected value for player {seat}: {value:+.4f} chips per hand (≈ {sign}{fraction})."
    )


def _count(n: int, noun: str) -> str:
    """``"1 hand"``, ``"10,000 hands"``."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"
