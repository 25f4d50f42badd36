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

With simultaneous updates (the default) every player is updated in the same walk, from the same
``sigma^t``; with alternating updates each player in turn gets a walk of its own. Chance's moves
inside the tree are sampled too, each outcome with its probability. The walk works for any number
of players and any payoffs: it carries every player's own reach and returns every player's value.
"""

from __future__ import annotations

from operator import mul

from lessons_lib.mccfr.engine import SampledEngine
from lessons_lib.mccfr.tables import Profile, SampledTables
from lessons_lib.mccfr.walk import PlainTree, Walk


def chance_sampled_walk(
    tree: PlainTree,
    profile: Profile,
    tables: SampledTables,
    walk: Walk,
    players: tuple[int, ...] | None = None,
) -> list[float]:
    """One walk: sample a deal with ``pi_c``, then update ``players`` (all by default) on its
    whole tree. Returns ``u(sigma, root)`` of the sampled deal, one value per player."""
    deal = walk.sample(tree.deal_probability)
    updating = tree.players if players is None else players
    reach = [1.0] * len(tree.players)
    return update_deal(tree, deal, reach, profile, tables, walk, updating)


def update_deal(
    tree: PlainTree,
    h: int,
    reach: list[float],
    profile: Profile,
    tables: SampledTables,
    walk: Walk,
    updating: tuple[int, ...],
) -> list[float]:
    """``u(sigma, h)``, one value per player, adding the regrets and strategy of the player to
    act at every history, if it is one of ``updating``.

    ``reach[i - 1]`` is ``pi_i(h)``, player i's own reach; chance is left out because the sampled
    deal's probability cancels (see the module docstring), and a chance node inside the tree is
    sampled.
    """
    walk.visit(h)
    if tree.terminal[h]:
        return tree.payoffs[h]
    if tree.chance[h]:
        child = tree.children[h][walk.sample(tree.chance[h])]
        return update_deal(tree, child, reach, profile, tables, walk, updating)
    actor = tree.acting[h]
    k = tree.info_set[h]
    strategy = profile.strategy(k)
    values = []  # u(sigma, h.a) for each action a
    for child, probability in zip(tree.children[h], strategy, strict=True):
        child_reach = list(reach)
        child_reach[actor - 1] *= probability
        values.append(update_deal(tree, child, child_reach, profile, tables, walk, updating))
    # u(sigma, h) = sum_a sigma(I, a) u(sigma, h.a), player by player
    value = [sum(map(mul, strategy, column)) for column in zip(*values, strict=True)]
    if actor in updating:
        # Player i's regret of a is pi_{-i}(h) (u_i(h.a) - u_i(h)), chance left out.
        others = 1.0
        for j, r in enumerate(reach, 1):
            if j != actor:
                others *= r
        i = actor - 1
        tables.add_regret(k, [others * (v[i] - value[i]) for v in values])
        tables.add_strategy(k, reach[i], strategy)
    return value


class ChanceSampling(SampledEngine):
    """Chance-sampled CFR behind the engine protocol: one sampled deal per group of players."""

    name = "mccfr-chance"
    default_updates = "simultaneous"

    def walk(self, group: tuple[int, ...], walk: Walk) -> None:
        """One walk updating every player of ``group``, playing the current strategies."""
        chance_sampled_walk(self.plain, self.sampled, self.sampled, walk, group)
