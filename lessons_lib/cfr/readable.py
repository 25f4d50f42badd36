"""CFR as pseudocode: a recursive walk of every deal's tree, once per player and iteration.

This is the engine the book reads (Zinkevich et al. 2007; the recursive form is Algorithm 1 of
Lanctot's 2013 thesis). For the updating player i, the walk carries the reach probabilities
``pi = (pi_c, pi_1, pi_2)`` of the current history h down the tree and returns
``u_i(sigma, h)``, player i's expected payoff from h on, back up. On the way back, at each of i's
own histories h in information set I, it adds

- to the cumulative regret: ``R(I, a) += pi_{-i}(h) (u_i(sigma, h.a) - u_i(sigma, h))``. Summed
  over the histories of I, that is the counterfactual regret
  ``r(I, a) = v_i(sigma_{I->a}, I) - v_i(sigma, I)`` of :mod:`lessons_lib.counterfactual`, with
  chance's probability inside ``pi_{-i}``;
- to the strategy sum: ``S(I, a) += w_t pi_i(h) sigma(I, a)``, the strategy weighted by the
  player's *own* reach. By perfect recall ``pi_i(h)`` is the same for every h in I, so the sum over
  I adds ``|I| pi_i(I) sigma(I, a)``; the constant ``|I|`` cancels when the average is normalised.

Chance moves only at the root in the games of the book, so the walk starts once per deal, with
``pi_c`` the deal's probability. What changes from one algorithm of the family to the next (the
weight ``w_t``, the discounts, the update order) comes from a
:class:`~lessons_lib.cfr.variants.Variant`.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from lessons_lib.cfr.state import CFRState
from lessons_lib.cfr.variants import UPDATE_SCHEMES, Variant
from lessons_lib.counterfactual import Reach
from lessons_lib.games.base import Game, History
from lessons_lib.policy import Policy
from lessons_lib.sums import sum_of_products
from lessons_lib.validation import check_choice, check_instance


def cfr_iteration(game: Game, state: CFRState, variant: Variant, updates: str) -> None:
    """Iteration ``t = state.iteration + 1`` of CFR (or of ``variant``), applied to ``state``.

    Simultaneous updates: both players' regrets come from the same ``sigma^t``. Alternating
    updates: player 1 updates first, then player 2 walks the tree against ``sigma_1^{t+1}``,
    player 1's strategy *after* its update.
    """
    check_choice(updates, UPDATE_SCHEMES, "updates")
    t = state.iteration + 1
    weight = variant.average_weight(t)
    if updates == "simultaneous":
        sigma = state.current_policy()  # sigma^t, for both players
        for player in game.PLAYERS:
            accumulate(game, sigma, player, state, weight)
        for player in game.PLAYERS:
            discount(game, state, variant, player, t)
    else:
        for player in game.PLAYERS:
            sigma = state.current_policy()  # for player 2 this already holds sigma_1^{t+1}
            accumulate(game, sigma, player, state, weight)
            discount(game, state, variant, player, t)
    state.iteration = t


def accumulate(game: Game, sigma: Policy, player: int, state: CFRState, weight: float) -> float:
    """Walk the tree of every deal for ``player``, updating its tables; return ``u_i(sigma)``."""
    value = 0.0
    for deal, probability in game.deals():
        root = game.initial_history(deal)
        reach = Reach(chance=probability, player_1=1.0, player_2=1.0)
        value += probability * traverse(game, root, player, reach, sigma, state, weight)
    return value


def traverse(
    game: Game,
    history: History,
    player: int,
    reach: Reach,
    sigma: Policy,
    state: CFRState,
    weight: float,
) -> float:
    """``u_i(sigma, h)`` for ``player`` i; adds i's regrets and strategy at i's own histories."""
    if game.is_terminal(history):
        return game.utility(history, player)
    key = game.info_set_key(history)
    actor = game.player(key)
    strategy = sigma[key]
    action_values = np.zeros(len(strategy))  # u_i(sigma, h.a) for each action a
    for a, action in enumerate(game.actions(key)):
        child = game.next_history(history, action)
        child_reach = after_action(reach, actor, strategy[a])
        action_values[a] = traverse(game, child, player, child_reach, sigma, state, weight)
    value = sum_of_products(
        strategy, action_values
    )  # u_i(sigma, h) = sum_a sigma(I, a) u_i(sigma, h.a)
    if actor == player:
        state.cumulative_regret[key] += reach.excluding(player) * (action_values - value)
        state.strategy_sum[key] += weight * reach.of(player) * strategy
    return value


def after_action(reach: Reach, actor: int, probability: float) -> Reach:
    """The reach of ``h.a``: the actor's own factor is multiplied by ``sigma(I, a)``."""
    if actor == 1:
        return reach._replace(player_1=reach.player_1 * probability)
    return reach._replace(player_2=reach.player_2 * probability)


def discount(game: Game, state: CFRState, variant: Variant, player: int, t: int) -> None:
    """Apply ``variant``'s discounts of iteration ``t`` to ``player``'s regrets and
    strategy sums."""
    for key in game.info_sets_of(player):
        state.cumulative_regret[key] = variant.discount_regrets(state.cumulative_regret[key], t)
        state.strategy_sum[key] = variant.discount_strategy_sum(state.strategy_sum[key], t)


class ReadableEngine:
    """Runs :func:`cfr_iteration` on one :class:`CFRState`, iteration after iteration."""

    name = "readable"

    def __init__(self, game: Game, variant: Variant, updates: str) -> None:
        self.game = check_instance(game, Game, "game", "a Game (such as KuhnPoker())")
        self.variant = variant
        self.updates = check_choice(updates, UPDATE_SCHEMES, "updates")
        self.state = CFRState.zeros(game)

    def start_from(self, initial_regret: Mapping[str, np.ndarray]) -> None:
        """Replace the (zero) regrets before the first iteration."""
        for key, regret in initial_regret.items():
            self.state.cumulative_regret[key] = np.array(regret, dtype=float)

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations."""
        for _ in range(iterations):
            cfr_iteration(self.game, self.state, self.variant, self.updates)

    def snapshot(self) -> CFRState:
        """A copy of the state, safe to keep while training goes on."""
        return self.state.copy()
