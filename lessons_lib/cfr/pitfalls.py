"""Four ways to get CFR wrong, each implemented on purpose so that Chapter 4 can measure them.

**This module is deliberately wrong.** Only :func:`cfr_with_switches` with its default switches
(vanilla CFR) and the control :func:`sampled_deals_cfr` (chance sampling) are correct; use
:func:`lessons_lib.cfr.solve` for real work. Each mistake is one small change to a correct CFR
iteration (Zinkevich et al. 2007):

1. **An average that ignores the player's own reach.** CFR's average strategy is
   ``S(I, a) = sum_t pi_i^{sigma^t}(I) sigma^t(I, a)``: iterations in which player i rarely
   reaches I count little there. :func:`unweighted_average_cfr` adds ``sigma^t(I, a)`` with weight
   1 instead. A short Kuhn-poker script among the book's sources does this *and* samples one deal
   per iteration; :func:`sampled_unweighted_cfr` does both, and :func:`sampled_deals_cfr` (the
   control) samples deals but weights the average properly, so the two causes can be told apart.
   :func:`seed_script_cfr` is that script's own logic, recursive and one deal per iteration, with
   its second bug as well: it ranks the cards by their letters, so the queen beats the king.
2. **Reporting the current strategy** ``sigma^{T+1}`` instead of the average ``sigma_bar^T``:
   :func:`current_instead_of_average`. CFR's guarantee is about the average only.
3. **Measuring one player instead of the profile.** :func:`one_player_exploitability` is what a
   best responder wins against one player's part alone. It is not zero at an equilibrium (it is
   minus that player's value there) and it says nothing about the other player's part.
4. **A sign error in player 2's regrets.** :func:`sign_error_cfr` lets player 2 compute its
   regrets from player 1's payoff, so both players maximise player 1's chips.

All runs share one iteration, :func:`add_iteration`, written on the arrays of the game tree
(:class:`~lessons_lib.games.base.GameTree`) with the reach and value passes of Chapter 3
(:func:`~lessons_lib.counterfactual.tree_reach`, :func:`~lessons_lib.counterfactual.tree_values`),
so that it is fast enough for Leduc poker. With the default switches (own-reach weights, every
deal, the correct sign) it computes exactly the iterations of vanilla CFR with simultaneous
updates, which the tests check against :func:`lessons_lib.cfr.solve`; each mistake flips one switch.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from numbers import Integral

import numpy as np
import pandas as pd

from lessons_lib.cfr.solver import CFRResult
from lessons_lib.cfr.state import CFRState
from lessons_lib.cfr.training import checkpoint_schedule
from lessons_lib.counterfactual import tree_reach, tree_values
from lessons_lib.exploitability import best_response, expected_value, exploitability
from lessons_lib.games.base import Game, GameTree
from lessons_lib.policy import Policy
from lessons_lib.validation import (
    check_choice,
    check_entries,
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


def tree_regret_matching(tree: GameTree, regret: np.ndarray) -> np.ndarray:
    """Regret matching at every information set at once, on a flat vector of cumulative regrets."""
    pair_info_set = np.repeat(np.arange(len(tree.keys)), tree.n_actions)
    positive = np.maximum(regret, 0.0)
    total = np.bincount(pair_info_set, weights=positive, minlength=len(tree.keys))[pair_info_set]
    uniform = 1.0 / tree.n_actions[pair_info_set]
    return np.where(total > 0, positive / np.where(total > 0, total, 1.0), uniform)


def add_iteration(
    tree: GameTree,
    sigma: np.ndarray,
    chance: np.ndarray,
    regret: np.ndarray,
    strategy_sum: np.ndarray,
    average_weight: str,
    player_2_sign: int,
) -> None:
    """Add one iteration's regrets and strategy to ``regret`` and ``strategy_sum`` (flat vectors).

    ``sigma`` is ``sigma^t`` and ``chance[h]`` the weight chance gives history h in this iteration
    (``pi_c(h)``, or 1 on a sampled deal and 0 elsewhere). For every decision history h of an
    information set I of player i and every action a (one child ``h.a`` each), with
    ``u_i = s_i u_1`` (``s_1 = 1``, ``s_2 = player_2_sign``, correctly -1):

    - ``R(I, a) += chance(h) pi_{-i}(h) s_i (u_1(sigma, h.a) - u_1(sigma, h))``: summed over the
      histories of I, the counterfactual regret ``r(I, a)`` of Chapter 3;
    - ``S(I, a) += pi_i(h) sigma(I, a)`` with ``average_weight="own reach"`` (correct), or
      ``S(I, a) += sigma(I, a)`` with ``"unweighted"`` (wrong), for every h that chance visits.
    """
    reach = tree_reach(tree, sigma)  # rows 1 and 2: pi_1(h), pi_2(h)
    value = tree_values(tree, sigma)  # u_1(sigma, h)
    child = np.arange(tree.levels[0].stop, len(tree.histories))  # every h.a
    h = tree.parent[child]
    pair = tree.edge[child]  # the (I, a) that leads from h to h.a
    actor = tree.acting[h]
    sign = np.where(actor == 1, 1.0, float(player_2_sign))
    opponent_reach = reach[3 - actor, h]
    gain = chance[h] * opponent_reach * sign * (value[child] - value[h])
    regret += np.bincount(pair, weights=gain, minlength=tree.size)
    own = reach[actor, h] if average_weight == "own reach" else np.ones(h.size)
    visited = chance[h] > 0
    strategy_sum += np.bincount(pair, weights=visited * own * sigma[pair], minlength=tree.size)


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

    ``deals="all"`` weighs every history by its deal's probability ``pi_c``; ``"sampled"`` draws
    one deal per iteration with those probabilities from ``numpy.random.default_rng(seed)``
    (``seed`` is then required) and gives its histories weight 1, the unbiased estimate of
    chance sampling. ``checkpoints`` are the iterations at which progress is measured (by default
    about ten per factor of ten, as in :func:`lessons_lib.cfr.checkpoint_schedule`; the last
    iteration always).
    """
    if not isinstance(game, Game):
        raise ValueError(f"game must be a Game (such as KuhnPoker()), got {describe(game)}")
    iterations = check_iterations(iterations)
    check_choice(average_weight, AVERAGE_WEIGHTS, "average_weight")
    check_choice(deals, DEAL_SCHEMES, "deals")
    check_choice(player_2_sign, PLAYER_2_SIGNS, "player_2_sign")
    if deals == "sampled":
        check_integer(seed, "seed (sampled deals need one)", minimum=0)
    schedule = checkpoint_schedule(0, iterations, checkpoints=checkpoints)
    if deals == "sampled":
        check_entries(iterations, f"drawing the deals of {iterations:,} iterations")
    tree = game.tree
    if deals == "sampled":
        roots = np.arange(tree.levels[0].stop)  # one root per deal, in the order of game.deals()
        draws = np.random.default_rng(seed).choice(roots, size=iterations, p=tree.chance[roots])
        # on_deal[d, h] = 1 if history h belongs to deal d: the chance weights when d is drawn.
        on_deal = (_deal_of_each_history(tree)[None, :] == roots[:, None]).astype(float)
    regret, strategy_sum = np.zeros(tree.size), np.zeros(tree.size)
    measured: list[tuple[int, float, float]] = []
    for t in range(1, iterations + 1):
        sigma = tree_regret_matching(tree, regret)  # sigma^t
        chance = tree.chance if deals == "all" else on_deal[draws[t - 1]]
        add_iteration(tree, sigma, chance, regret, strategy_sum, average_weight, player_2_sign)
        if t == schedule[len(measured)]:
            average = _state(tree, regret, strategy_sum, t).average_policy()
            measured.append((t, exploitability(game, average), expected_value(game, average)))
    steps, exploit, value = (np.array(column) for column in zip(*measured, strict=True))
    return PitfallRun(name, _state(tree, regret, strategy_sum, iterations), steps, exploit, value)


def _deal_of_each_history(tree: GameTree) -> np.ndarray:
    """``[h]``: the number of h's deal, that is of its root (roots come first, parents before)."""
    deal_of = np.arange(len(tree.histories))
    for h in range(tree.levels[0].stop, len(tree.histories)):
        deal_of[h] = deal_of[tree.parent[h]]
    return deal_of


def _state(tree: GameTree, regret: np.ndarray, strategy_sum: np.ndarray, t: int) -> CFRState:
    """The flat tables as a :class:`CFRState` (copies, one array per information set)."""
    return CFRState(tree.unflatten(regret), tree.unflatten(strategy_sum), t)


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


def current_instead_of_average(result: CFRResult) -> pd.DataFrame:
    """WRONG ON PURPOSE to report: ``epsilon(sigma^{T+1})`` beside ``epsilon(sigma_bar^T)``.

    One row per checkpoint of ``result``; the ratio column says how many times more exploitable
    the current strategy is than the average one.
    """
    if not isinstance(result, CFRResult) or not result.history:
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
    check_choice(player, game.PLAYERS, "player")
    value, _ = best_response(game, policy, 3 - player)
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
        positive = [max(r, 0.0) for r in regret.setdefault(key, [0.0, 0.0])]
        total = sum(positive)
        sigma = [r / total for r in positive] if total > 0 else [0.5, 0.5]
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
