"""Four ways to get CFR wrong, each implemented on purpose so that Chapter 4 can measure them.

**This module is deliberately wrong.** Only :func:`cfr_with_switches` with its default switches
(vanilla CFR) and the control :func:`sampled_deals_cfr` (chance sampling) are correct; use
:func:`lessons_lib.cfr.solve` for real work. Each mistake is one wrong choice passed to the
library's own loop (:func:`lessons_lib.core.engine.iterate`), which every engine runs, so a run
differs from CFR in that choice and in nothing else (Zinkevich et al. 2007):

1. **An average that ignores the player's own reach.** CFR's average strategy is
   ``S(I, a) = sum_t pi_i^{sigma^t}(I) sigma^t(I, a)``: iterations in which player i rarely
   reaches I count little there. :func:`unweighted_average_cfr` adds ``sigma^t(I, a)`` with weight
   1 instead (``averaging="unweighted"``, :func:`~lessons_lib.core.variants.average_increment`).
   A short Kuhn-poker script among the book's sources does this *and* samples one deal per
   iteration; :func:`sampled_unweighted_cfr` does both, and :func:`sampled_deals_cfr` (the
   control) samples deals but weights the average properly, so the two causes can be told apart.
   :func:`seed_script_cfr` is that script's own logic, recursive and one deal per iteration, with
   its second bug as well: it ranks the cards by their letters, so the queen beats the king.
2. **Reporting the current strategy** ``sigma^{T+1}`` instead of the average ``sigma_bar^T``:
   :func:`current_instead_of_average`. CFR's guarantee is about the average only.
3. **Measuring one player instead of the profile.** :func:`one_player_exploitability` is what a
   best responder wins against one player's part alone. It is not zero at an equilibrium (it is
   minus that player's value there) and it says nothing about the other player's part.
4. **A sign error in player 2's regrets.** :func:`sign_error_cfr` lets player 2 compute its
   regrets from player 1's payoff, so both players maximise player 1's chips: it is CFR on another
   game, :class:`SignError`, a general-sum game of two partners.

Every run goes through :func:`cfr_with_switches`: all deals, on the sequence-form engine with
simultaneous updates (vanilla CFR), or one sampled deal per iteration, which is chance-sampled
Monte Carlo CFR; its progress is measured exactly, in the real game, at checkpoints.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from numbers import Integral

import numpy as np
import pandas as pd

from lessons_lib.cfr.solver import ALGORITHMS
from lessons_lib.core.state import CFRState
from lessons_lib.core.training import TrainingRun, checkpoint_schedule
from lessons_lib.exploitability import best_response, expected_value, exploitability
from lessons_lib.games.base import Game, History, SameRules, opponent
from lessons_lib.policy import Policy
from lessons_lib.regret_matching import match_regrets, one_segment
from lessons_lib.validation import (
    check_choice,
    check_integer,
    check_iterations,
    describe,
)

#: How the strategy sum weights sigma^t(I, .): by player i's own reach (correct) or not at all.
AVERAGE_WEIGHTS = ("own reach", "unweighted")
#: Which deals an iteration uses: all of them, each with its probability (correct), or one
#: sampled deal (chance sampling: the regrets are correct in expectation).
DEAL_SCHEMES = ("all", "sampled")
#: The sign that turns player 1's payoff into the payoff player 2 learns from: -1 is correct.
PLAYER_2_SIGNS = (-1, 1)


@dataclass(frozen=True)
class PitfallRun:
    """A run of a (possibly wrong) CFR: its final tables and its progress at checkpoints.

    ``exploitability[k]`` and ``value[k]`` (player 1's expected chips per hand) are those of the
    average policy after ``iterations[k]`` iterations, measured exactly in the real game.
    """

    name: str
    state: CFRState
    iterations: np.ndarray
    exploitability: np.ndarray
    value: np.ndarray

    def average_policy(self) -> Policy:
        """The run's average strategy: the normalised strategy sums."""
        return self.state.average_policy()


class SignError(SameRules):
    """WRONG ON PURPOSE: ``game``'s rules, but player 2 is paid player 1's payoff.

    CFR on this game is CFR with a sign error in player 2's regrets: both players maximise player
    1's chips, a general-sum game of two partners, not the zero-sum game.
    """

    zero_sum = False

    def __init__(self, game: Game) -> None:
        if not (isinstance(game, Game) and game.num_players == 2 and game.zero_sum):
            raise ValueError(f"game must be a two-player zero-sum Game, got {describe(game)}")
        super().__init__(game)
        self.name = f"{game.name} with a sign error"

    def returns(self, history: History) -> tuple[float, float]:
        """``(u_1(z), u_1(z))``: player 2 gets player 1's payoff."""
        value = self.game.returns(history)[0]
        return (value, value)


def cfr_with_switches(
    game: Game,
    iterations: int,
    *,
    average_weight: str = "own reach",
    deals: str = "all",
    player_2_sign: int = -1,
    seed: int | None = None,
    checkpoints: Iterable[int] | None = None,
    name: str = "CFR",
) -> PitfallRun:
    """Run ``iterations`` iterations with the given switches (the defaults are vanilla CFR).

    Each switch is a choice of the library's loop: ``average_weight`` its ``averaging``;
    ``deals="all"`` is CFR on the sequence-form engine with simultaneous updates, ``"sampled"``
    chance-sampled Monte Carlo CFR, one deal per iteration drawn from a generator seeded with
    ``seed`` (required then), its regrets correct in expectation; ``player_2_sign=1`` trains on
    :class:`SignError` instead of ``game``. ``checkpoints`` are the iterations at which progress
    is measured in the real game (by default about ten per factor of ten, as in
    :func:`lessons_lib.cfr.checkpoint_schedule`; the last iteration always).
    """
    if not isinstance(game, Game):
        raise ValueError(f"game must be a Game (such as KuhnPoker()), got {describe(game)}")
    iterations = check_iterations(iterations)
    averaging = check_choice(average_weight, AVERAGE_WEIGHTS, "average_weight")
    check_choice(deals, DEAL_SCHEMES, "deals")
    check_choice(player_2_sign, PLAYER_2_SIGNS, "player_2_sign")
    schedule = checkpoint_schedule(0, iterations, checkpoints=checkpoints)
    trained = game if player_2_sign == -1 else SignError(game)
    if deals == "sampled":
        seed = check_integer(seed, "seed (sampled deals need one)", minimum=0)
        engine = ALGORITHMS["mccfr-chance"](trained, seed=seed, averaging=averaging)
    else:
        options = {"engine": "sequence-form", "updates": "simultaneous", "averaging": averaging}
        engine = ALGORITHMS["cfr"](trained, **options)
    measured = []
    for stop in schedule:
        engine.run(stop - engine.iteration)
        average = engine.average_policy()
        measured.append((stop, exploitability(game, average), expected_value(game, average)))
    steps, exploit, value = (np.array(column) for column in zip(*measured, strict=True))
    return PitfallRun(name, engine.state(), steps, exploit, value)


# --- pitfall 1: the average strategy without the player's own reach ------------------------------


def unweighted_average_cfr(
    game: Game, iterations: int, checkpoints: Iterable[int] | None = None
) -> PitfallRun:
    """WRONG ON PURPOSE: CFR over every deal, but ``S(I, a) += sigma^t(I, a)`` without ``pi_i``."""
    return cfr_with_switches(
        game,
        iterations,
        average_weight="unweighted",
        checkpoints=checkpoints,
        name="unweighted average, all deals",
    )


def sampled_unweighted_cfr(
    game: Game, iterations: int, seed: int, checkpoints: Iterable[int] | None = None
) -> PitfallRun:
    """WRONG ON PURPOSE: one sampled deal per iteration *and* an average without ``pi_i``."""
    return cfr_with_switches(
        game,
        iterations,
        average_weight="unweighted",
        deals="sampled",
        seed=seed,
        checkpoints=checkpoints,
        name="unweighted average, sampled deals",
    )


def sampled_deals_cfr(
    game: Game, iterations: int, seed: int, checkpoints: Iterable[int] | None = None
) -> PitfallRun:
    """The control, correct: one sampled deal per iteration, the average weighted by ``pi_i``.

    This is chance-sampled CFR (Lanctot et al. 2009): the sampled regrets are the exact ones in
    expectation, up to the constant factor of the number of deals.
    """
    return cfr_with_switches(
        game,
        iterations,
        deals="sampled",
        seed=seed,
        checkpoints=checkpoints,
        name="weighted average, sampled deals",
    )


# --- pitfall 2: reporting the current strategy ---------------------------------------------------


def current_instead_of_average(result: TrainingRun) -> pd.DataFrame:
    """WRONG ON PURPOSE to report: ``epsilon(sigma^{T+1})`` beside ``epsilon(sigma_bar^T)``.

    One row per checkpoint of ``result``; the ratio column says how many times more exploitable
    the current strategy is than the average one.
    """
    if not isinstance(result, TrainingRun) or not result.history:
        raise ValueError(
            f"result must be a CFR run with at least one checkpoint, got {describe(result)}"
        )
    table = result.history_table()[
        ["iteration", "current_exploitability", "average_exploitability"]
    ]
    ratio = table["current_exploitability"] / table["average_exploitability"]
    return table.assign(ratio=ratio.where(table["average_exploitability"] > 0))


# --- pitfall 3: one player's exploitability instead of the profile's -----------------------------


def one_player_exploitability(game: Game, policy: Policy, player: int) -> float:
    """INCOMPLETE ON PURPOSE: what a best responder wins against ``player``'s part alone.

    ``max_{sigma'} u_{-i}(sigma_i, sigma')`` in the responder's own payoff. At an equilibrium it
    equals minus ``player``'s share of the game value (``+1/18`` for player 1's part in Kuhn poker,
    ``-1/18`` for player 2's), not zero, and it ignores the other player's part entirely.
    """
    if not isinstance(game, Game):
        raise ValueError(f"game must be a Game (such as KuhnPoker()), got {describe(game)}")
    value, _ = best_response(game, policy, opponent(game, player))
    return value


# --- pitfall 4: a sign error in player 2's regrets -----------------------------------------------


def sign_error_cfr(
    game: Game, iterations: int, checkpoints: Iterable[int] | None = None
) -> PitfallRun:
    """WRONG ON PURPOSE: player 2's regrets use ``+u_1`` instead of ``u_2 = -u_1``.

    Both players then maximise player 1's payoff: the run solves a game of two partners, not the
    zero-sum game, and its average is no equilibrium of Kuhn poker.
    """
    return cfr_with_switches(
        game, iterations, player_2_sign=1, checkpoints=checkpoints, name="sign error in player 2"
    )


# --- the source script's quiet bugs: both pitfall 1 and a card order by the alphabet ------------

#: How the script of the book's sources ranks the cards at a showdown: by their letters (its bug,
#: ``"K" < "Q"``) or by their rank.
CARD_ORDERS = ("alphabet", "rank")
_RANK = {"J": 0, "Q": 1, "K": 2}
#: The two actions of every information set of the script's Kuhn poker, as regret matching reads
#: them.
PAIR = one_segment(2)


@dataclass(frozen=True)
class ScriptRun:
    """What the short Kuhn poker script of the book's sources prints, and its average strategy.

    ``value`` is the mean, over the iterations, of player 1's payoff in the sampled deal under the
    current strategies (the script's "average game value"); ``policy`` its average strategy in the
    book's keys (``"K:pb"``), two probabilities (check or fold, bet or call) per information set.
    """

    card_order: str
    iterations: int
    value: float
    policy: Policy


def seed_script_cfr(iterations: int, seed: int, card_order: str = "alphabet") -> ScriptRun:
    """WRONG ON PURPOSE: the logic of the source script, one sampled deal per iteration.

    Each iteration shuffles the deck with ``random.Random(seed)`` and walks the two cards dealt
    once, recursively, with the players' reach ``p1, p2``. At every decision it plays regret
    matching, adds ``sigma(I, a)`` to the strategy sum *unweighted* (pitfall 1) and adds
    ``pi_{-i} r(I, a)`` to the regrets. With ``card_order="alphabet"`` the showdown compares the
    card letters, so ``"K" < "Q"`` and the queen beats the king; ``"rank"`` fixes that.
    """
    iterations = check_iterations(iterations)
    check_choice(card_order, CARD_ORDERS, "card_order")
    if isinstance(seed, bool) or not isinstance(seed, Integral):
        raise ValueError(f"seed must be an integer, got {seed!r}")

    def beats(mine: str, theirs: str) -> bool:
        if card_order == "alphabet":
            return mine > theirs  # the script's bug: as strings, "J" < "K" < "Q"
        return _RANK[mine] > _RANK[theirs]

    regret: dict[str, list[float]] = {}
    strategy_sum: dict[str, list[float]] = {}

    def walk(cards: list[str], history: str, reach: tuple[float, float]) -> float:
        """The acting player's expected payoff after ``history``, updating the tables on the way."""
        me = len(history) % 2  # 0: player 1, 1: player 2
        if history in ("bp", "pbp"):  # the other player folded
            return 1.0
        if history in ("pp", "bb", "pbb"):  # showdown for 1 chip, or 2 after a called bet
            stake = 1.0 if history == "pp" else 2.0
            return stake if beats(cards[me], cards[1 - me]) else -stake
        key = f"{cards[me]}:{history}"
        sigma = match_regrets(np.array(regret.setdefault(key, [0.0, 0.0])), PAIR).tolist()
        sums = strategy_sum.setdefault(key, [0.0, 0.0])
        for a in range(2):
            sums[a] += sigma[a]  # the bug of pitfall 1: no own-reach weight
        values = []
        for a, action in enumerate("pb"):
            after = (reach[0] * sigma[a], reach[1]) if me == 0 else (reach[0], reach[1] * sigma[a])
            values.append(-walk(cards, history + action, after))
        value = sigma[0] * values[0] + sigma[1] * values[1]
        for a in range(2):
            regret[key][a] += reach[1 - me] * (values[a] - value)
        return value

    rng = random.Random(seed)
    deck = ["J", "Q", "K"]
    total_value = 0.0
    for _ in range(iterations):
        rng.shuffle(deck)
        total_value += walk(deck[:2], "", (1.0, 1.0))
    policy = {key: np.array(s) / sum(s) for key, s in sorted(strategy_sum.items())}
    return ScriptRun(card_order, iterations, total_value / iterations, policy)
