"""Chance-sampled CFR: sample the deal, then walk its whole betting tree as vanilla CFR does.

Monte Carlo CFR (Lanctot, Waugh, Zinkevich and Bowling 2009, section 3) splits the terminal
histories into blocks ``Q_1, ..., Q_r`` and samples one block per iteration, block ``Q_j`` with
probability ``q_j``; ``q(z)`` is the total probability of the blocks that hold z. The *sampled
counterfactual value* of information set I is the counterfactual value restricted to the sampled
terminals, each divided by ``q(z)``:

    v~_i(sigma, I) = sum_{z in Z_I and in the sampled block}
                         pi_{-i}(z[I]) pi^sigma(z[I], z) u_i(z) / q(z),

where ``z[I]`` is the history of I on the way to z. Every z is sampled with probability ``q(z)``,
so its term is ``1 / q(z)`` times its share of the exact value with probability ``q(z)`` and zero
otherwise: ``E[v~_i(sigma, I)] = v_i(sigma, I)``, and the same holds for each action's value and so
for the regrets (Lanctot et al. 2009, Lemma 1). Any sampling with ``q(z) > 0`` is unbiased; the
schemes differ in what they sample, and so in what an iteration costs and how noisy it is.

Chance sampling. A block is every terminal history of one deal, sampled with the deal's own
probability ``q(z) = pi_c(z)``. The chance factor of ``pi_{-i}(z[I]) = pi_c pi_{opponent}`` then
cancels against ``q(z)``: the walk of the sampled deal is vanilla CFR on that deal's tree with the
chance probability left out,

    R(I, a) += pi_{opponent}(h) (u_i(sigma, h.a) - u_i(sigma, h))    for the history h of I,

whose expectation over the deal is the exact counterfactual regret with chance inside
``pi_{-i}`` (``counterfactual_values(..., include_chance=True)``). The strategy sum gains the
player's own reach, ``S(I, a) += pi_i(h) sigma(I, a)``, which in expectation is
``pi_c(I) pi_i(I) sigma(I, a)`` with ``pi_c(I) = sum_{h in I} pi_c(h)``: the vanilla weight times a
constant of I, which the normalised average does not see.

Both players are updated in the same walk, from the same ``sigma^t`` (simultaneous updates). That
is safe although the tables change during the walk: one deal holds at most one history of each
information set, so a strategy is never read again after its regrets were updated.
"""

from __future__ import annotations

from lessons_lib.mccfr.tables import Profile, RegretTables
from lessons_lib.mccfr.walk import PlainTree, Walk


def chance_sampled_walk(
    tree: PlainTree, profile: Profile, tables: RegretTables, walk: Walk
) -> float:
    """One iteration: sample a deal with ``pi_c`` and update both players on its whole tree.

    Returns ``u_1(sigma, root)`` of the sampled deal (player 1's value of that deal).
    """
    deal = walk.sample(tree.deal_probability)
    return update_deal(tree, deal, 1.0, 1.0, profile, tables, walk)


def update_deal(
    tree: PlainTree,
    h: int,
    reach_1: float,
    reach_2: float,
    profile: Profile,
    tables: RegretTables,
    walk: Walk,
) -> float:
    """``u_1(sigma, h)``, adding the regrets and strategy of the player to act at every history.

    ``reach_1`` and ``reach_2`` are ``pi_1(h)`` and ``pi_2(h)``, the players' own reaches; chance
    is left out because the sampled deal's probability cancels (see the module docstring).
    """
    walk.visit(h)
    actor = tree.acting[h]
    if actor == 0:
        return tree.payoff[h]
    k = tree.info_set[h]
    strategy = profile.strategy(k)
    values = []  # u_1(sigma, h.a) for each action a
    for child, probability in zip(tree.children[h], strategy, strict=True):
        child_reach_1 = reach_1 * probability if actor == 1 else reach_1
        child_reach_2 = reach_2 * probability if actor == 2 else reach_2
        values.append(update_deal(tree, child, child_reach_1, child_reach_2, profile, tables, walk))
    value = sum(p * v for p, v in zip(strategy, values, strict=True))  # u_1(sigma, h)
    # Player i's regret of a is pi_{opponent}(h) (u_i(h.a) - u_i(h)), with u_2 = -u_1.
    opponent_reach, own_reach, sign = (
        (reach_2, reach_1, 1.0) if actor == 1 else (reach_1, reach_2, -1.0)
    )
    tables.add_regret(k, [sign * opponent_reach * (v - value) for v in values])
    tables.add_strategy(k, own_reach, strategy)
    return value


class ChanceSampling:
    """The chance-sampling scheme as the solver runs it: one sampled deal per iteration."""

    name = "chance"
    options: tuple[str, ...] = ()

    def __init__(self, tree: PlainTree) -> None:
        self.tree = tree

    def iteration(self, tables: RegretTables, walk: Walk) -> None:
        """One iteration of chance-sampled CFR, playing regret matching on ``tables``."""
        chance_sampled_walk(self.tree, tables, tables, walk)
