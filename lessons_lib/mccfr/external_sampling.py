"""External-sampling MCCFR: sample chance and the opponent, try every action of the traverser.

In external sampling (Lanctot, Waugh, Zinkevich and Bowling 2009, section 3.2) the players take
turns as the *traverser* i. Each walk samples what is external to i, the deal and one action at
every opponent history it reaches, drawn from the opponent's ``sigma_{-i}``, and enumerates all of
i's own actions. A block of terminals is one such set of external choices, sampled with
probability ``q(z) = pi_c(z) pi_{-i}^sigma(z) = pi_{-i}(z)``: exactly the reach of the opponent and
chance. In the sampled counterfactual value (:mod:`lessons_lib.mccfr.chance_sampling` gives the
estimator) ``pi_{-i}(z[I]) / q(z) = 1 / pi_{-i}(z[I] -> z)``, and the remaining opponent factor
cancels too, so no importance weight is left:

    R(I, a) += u~_i(h.a) - u~_i(h),    u~_i(h) = sum_a sigma(I, a) u~_i(h.a) at i's histories,

where ``u~_i`` is the walk's own return: the payoff at a terminal, the sampled child's return at
an opponent history. Given that the walk reaches h (probability ``pi_{-i}(h)``), ``u~_i(h)`` is an
unbiased estimate of ``u_i(sigma, h)``, so ``E[R increment] = sum_{h in I} pi_{-i}(h) (u_i(sigma,
h.a) - u_i(sigma, h))``, the exact counterfactual regret with chance inside ``pi_{-i}``.

Average strategy: "simple" averaging (Lanctot et al. 2009; OpenSpiel's ``external_sampling_mccfr``
with ``AverageType.SIMPLE``). At each *opponent* history the walk adds the opponent's strategy with
weight 1, ``S(I, a) += sigma(I, a)``. The walk tries all of the traverser's actions, so it
reaches a history h of the opponent j with probability ``pi_c(h) pi_j(h)``, and the expected
increment is ``pi_c(I) pi_j(I) sigma(I, a)`` with ``pi_c(I) = sum_{h in I} pi_c(h)``: the vanilla
weight, j's own reach, times a constant of I that the normalised average does not see. With more
than two players the walk also samples the actions of every third player k, so it reaches h with
probability ``pi_c(h) pi_j(h) prod_k pi_k(h)``, and ``pi_k(h)`` differs between the histories of
I; the walk divides the increment by ``prod_k pi_k(h)`` to keep the vanilla weight.

One iteration is a walk with traverser 1, then one with traverser 2 (and so on, with more
players), each against the current regret-matching strategies; player 2's walk already sees player
1's updated strategy (alternating updates, the default; with simultaneous updates every walk plays
``sigma^t``). Chance's moves inside the tree are sampled like the deal. Within one walk a deal
holds at most one history of each information set, so updating the tables as the walk goes equals
updating them after it.
"""

from __future__ import annotations

from lessons_lib.mccfr.engine import SampledEngine
from lessons_lib.mccfr.tables import Profile, SampledTables
from lessons_lib.mccfr.walk import PlainTree, Walk


def external_sampled_walk(
    tree: PlainTree, player: int, profile: Profile, tables: SampledTables, walk: Walk
) -> float:
    """One walk for traverser ``player``: sample a deal with ``pi_c``, then :func:`traverse`.

    Returns the walk's estimate ``u~_i`` of the traverser's value of the sampled deal.
    """
    deal = walk.sample(tree.deal_probability)
    return traverse(tree, deal, player, profile, tables, walk, [1.0] * len(tree.players))


def traverse(
    tree: PlainTree,
    h: int,
    player: int,
    profile: Profile,
    tables: SampledTables,
    walk: Walk,
    reach: list[float],
) -> float:
    """``u~_i(h)``: enumerate the traverser's actions, sample everyone else's (and chance's).

    ``reach[j - 1]`` is ``pi_j(h)``, the product of player j's probabilities of its sampled
    actions so far (the traverser's stays 1).
    """
    walk.visit(h)
    if tree.terminal[h]:
        return tree.utility(h, player)
    if tree.chance[h]:
        child = tree.children[h][walk.sample(tree.chance[h])]
        return traverse(tree, child, player, profile, tables, walk, reach)
    k, actor = tree.info_set[h], tree.acting[h]
    strategy = profile.strategy(k)
    if actor != player:
        # Simple averaging at the others' histories, divided by the reach of any third player,
        # whose actions were sampled too (1 with two players).
        others = 1.0
        for j, r in enumerate(reach, 1):
            if j not in (player, actor):
                others *= r
        tables.add_strategy(k, 1.0 / others, strategy)
        a = walk.sample(strategy)
        after = list(reach)
        after[actor - 1] *= strategy[a]
        return traverse(tree, tree.children[h][a], player, profile, tables, walk, after)
    values = [
        traverse(tree, child, player, profile, tables, walk, reach) for child in tree.children[h]
    ]
    value = sum(p * v for p, v in zip(strategy, values, strict=True))
    tables.add_regret(k, [v - value for v in values])
    return value


class ExternalSampling(SampledEngine):
    """External-sampling MCCFR behind the engine protocol: a walk for each traverser in turn."""

    name = "mccfr-external"
    default_updates = "alternating"

    def walk(self, group: tuple[int, ...], walk: Walk) -> None:
        """One walk per traverser of ``group``, playing the current strategies."""
        for player in group:
            external_sampled_walk(self.plain, player, self.sampled, self.sampled, walk)
