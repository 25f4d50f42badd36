"""CFR as pseudocode: a recursive walk of every deal's tree, once per player and iteration.

This is the engine the book reads (Zinkevich et al. 2007; the recursive form is Algorithm 1 of
Lanctot's 2013 thesis), and the reference the other engines are tested against: it follows the
definitions history by history, for any number of players, general-sum payoffs and chance
anywhere in the tree. For the updating player i, the walk carries the reach probabilities
``pi = (pi_c, pi_1, ..., pi_n)`` of the current history h down the tree and returns
``u_i(sigma, h)``, player i's expected payoff from h on, back up. On the way back, at each of i's
own histories h in information set I, it adds

- to the cumulative regret: ``R(I, a) += pi_{-i}(h) (u_i(sigma, h.a) - u_i(sigma, h))``. Summed
  over the histories of I, that is the counterfactual regret
  ``r(I, a) = v_i(sigma_{I->a}, I) - v_i(sigma, I)`` of :mod:`lessons_lib.counterfactual`, with
  chance's probability inside ``pi_{-i}``;
- to the strategy sum: ``S(I, a) += w_t pi_i(h) sigma(I, a)``, the strategy weighted by the
  player's *own* reach. By perfect recall ``pi_i(h)`` is the same for every h in I, so the sum over
  I adds ``|I| pi_i(I) sigma(I, a)``; the constant ``|I|`` cancels when the average is normalised.

The walk starts once per deal, with ``pi_c`` the deal's probability; at a chance node inside the
tree it weighs each outcome by its probability. The iteration around the walks, the update order,
the discounts and regret matching are the loop every engine shares
(:func:`lessons_lib.core.engine.iterate`); what changes from one algorithm of the family to the
next (the weight ``w_t``, the discounts, the update order) comes from a
:class:`~lessons_lib.core.variants.Variant`.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from lessons_lib.core.engine import Requirements, TabularEngine
from lessons_lib.core.state import CFRState
from lessons_lib.core.tables import tables_by_key
from lessons_lib.core.variants import Variant, average_increment
from lessons_lib.counterfactual import Reach
from lessons_lib.games.base import CHANCE, Game, History
from lessons_lib.sums import sum_of_products


def accumulate(
    game: Game,
    sigma: Mapping[str, np.ndarray],
    player: int,
    state: CFRState,
    weight: float,
    averaging: str = "own reach",
) -> float:
    """Walk the tree of every deal for ``player``, updating its tables; return ``u_i(sigma)``."""
    value = 0.0
    for deal, probability in game.deals():
        root = game.initial_history(deal)
        reach = Reach.start(probability, game.num_players)
        value += probability * traverse(game, root, player, reach, sigma, state, weight, averaging)
    return value


def traverse(
    game: Game,
    history: History,
    player: int,
    reach: Reach,
    sigma: Mapping[str, np.ndarray],
    state: CFRState,
    weight: float,
    averaging: str = "own reach",
) -> float:
    """``u_i(sigma, h)`` for ``player`` i; adds i's regrets and strategy at i's own histories."""

    def below(action: str, child_reach: Reach) -> float:  # u_i(sigma, h.a)
        child = game.next_history(history, action)
        return traverse(game, child, player, child_reach, sigma, state, weight, averaging)

    if game.is_terminal(history):
        return game.utility(history, player)
    if game.is_chance(history):  # each outcome weighted by its probability
        outcomes = game.chance_outcomes(history)
        values = [below(outcome, reach.after(CHANCE, p)) for outcome, p in outcomes]
        return sum_of_products([p for _, p in outcomes], values)
    key = game.info_set_key(history)
    actor = game.player(key)
    strategy = sigma[key]
    action_values = np.zeros(len(strategy))  # u_i(sigma, h.a) for each action a
    for a, action in enumerate(game.actions(key)):
        action_values[a] = below(action, reach.after(actor, strategy[a]))
    # u_i(sigma, h) = sum_a sigma(I, a) u_i(sigma, h.a)
    value = sum_of_products(strategy, action_values)
    if actor == player:
        state.cumulative_regret[key] += reach.excluding(player) * (action_values - value)
        played = reach.of(player) * strategy  # pi_i(h) sigma(I, .)
        state.strategy_sum[key] += average_increment(weight, played, strategy, averaging)
    return value


class ReadableEngine(TabularEngine):
    """:func:`traverse` behind the engine protocol: any game, any number of players.

    Its tables are one :class:`~lessons_lib.core.tables.RegretTable` per player; the walks read
    and write them through views by information-set key (a
    :class:`~lessons_lib.core.state.CFRState` of the regrets and sums, and ``self.sigma``, the
    current strategies).
    """

    name = "readable"
    requires = Requirements()

    def __init__(
        self, game: Game, variant: Variant, updates: str, averaging: str = "own reach"
    ) -> None:
        super().__init__(game, variant, updates, averaging)
        self.tables, self.layout = tables_by_key(game)
        self.sigma = {p.key: self.tables[p.player].strategy[p.rows] for p in self.layout}

    def accumulate(self, group: tuple[int, ...], weight: float) -> None:
        """One walk of every deal per player of ``group``, against the current strategies."""
        tables = self.tables
        live = CFRState(  # views of the tables, by key, for this iteration's walks
            {p.key: tables[p.player].regret[p.rows] for p in self.layout},
            {p.key: tables[p.player].strategy_sum[p.rows] for p in self.layout},
        )
        for player in group:
            accumulate(self.game, self.sigma, player, live, weight, self.averaging)
