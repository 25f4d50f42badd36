"""Outcome-sampling MCCFR: sample one terminal history per walk and weight it by ``1 / q(z)``.

In outcome sampling (Lanctot, Waugh, Zinkevich and Bowling 2009, section 3.1; Lanctot's 2013
thesis) every block is a single terminal history z. A walk draws the deal with ``pi_c``, each
opponent action with the opponent's ``sigma``, and each action of the traverser i with the
*exploring* policy

    s(I, a) = epsilon / |A(I)| + (1 - epsilon) sigma(I, a),

so that every terminal has ``q(z) > 0`` (with ``epsilon = 0`` an action i never plays would never
be sampled, and its regret never estimated); ``epsilon = 0.6`` is the default, as in OpenSpiel's
``outcome_sampling_mccfr``, whose estimator this is. ``q(z)`` is the product of all the sampling
probabilities on the way to z, the deal's included.

The sampled counterfactual value (see :mod:`lessons_lib.mccfr.chance_sampling`) keeps one term.
For the history h of I on the way to z, the sampled action ``a*`` and ``h.a*`` the next history,

    r~(I, a) = (pi_{-i}(h) / q(h)) (1[a = a*] u~(h.a*) / s(I, a*) - u~(h)),

where ``q(h)`` is the sampling probability of reaching h and ``u~(h) = u_i(z) pi^sigma(h -> z) /
q(h -> z)`` is what the walk returns from h: the payoff, times the profile's probability of the
tail from h to z, divided by the sampling's. Written out in terms of z alone,
``r~(I, a) = (u_i(z) pi_{-i}(h) / q(z)) (1[h.a on the way to z] pi^sigma(h.a -> z) - pi^sigma(h
-> z))``. Its expectation is the exact counterfactual regret with chance inside ``pi_{-i}``.

Average strategy: stochastically-weighted averaging (Lanctot's 2013 thesis; OpenSpiel's
``outcome_sampling_mccfr``). At each of the traverser's histories on the path,

    S(I, a) += (pi_i(h) / q(h)) sigma(I, a),

the player's own reach divided by the probability of having sampled h. Each h of I is on the path
with probability ``q(h)``, so the expected increment is ``sum_{h in I} pi_i(h) sigma(I, a) = |I|
pi_i(I) sigma(I, a)``: the vanilla weight times the number of histories of I, a constant that the
normalised average does not see.

One iteration is a walk with traverser 1, then one with traverser 2, and so on (alternating
updates, the default). Chance's moves inside the tree are sampled with their own probabilities,
which enter both ``pi_{-i}`` and ``q`` and so cancel.
"""

from __future__ import annotations

from lessons_lib.games.base import Game
from lessons_lib.mccfr.engine import SampledEngine
from lessons_lib.mccfr.tables import Profile, SampledTables
from lessons_lib.mccfr.walk import PlainTree, Walk
from lessons_lib.validation import check_option_names, describe, is_number

#: OpenSpiel's default exploration: the traverser samples uniformly 60% of the time.
DEFAULT_EXPLORATION = 0.6


def check_exploration(exploration: object) -> float:
    """``exploration`` as a float after checking it is a number in (0, 1]."""
    if not is_number(exploration):
        raise ValueError(f"exploration must be a number in (0, 1], got {describe(exploration)}")
    value = float(exploration)
    if not 0.0 < value <= 1.0:
        raise ValueError(
            "exploration must be in (0, 1] (0 would never sample some actions), "
            f"got {describe(exploration)}"
        )
    return value


def outcome_sampled_walk(
    tree: PlainTree,
    player: int,
    exploration: float,
    profile: Profile,
    tables: SampledTables,
    walk: Walk,
) -> float:
    """One walk for traverser ``player``: sample a deal, then one path to a terminal.

    Returns ``u_i(z) pi^sigma(z) / q(z)`` (the chance factors cancel), an unbiased estimate of the
    traverser's expected payoff.
    """
    deal = walk.sample(tree.deal_probability)
    probability = tree.deal_probability[deal]
    return sample_path(
        tree, deal, player, exploration, 1.0, probability, probability, profile, tables, walk
    )


def sample_path(
    tree: PlainTree,
    h: int,
    player: int,
    exploration: float,
    own_reach: float,
    others_reach: float,
    sample_reach: float,
    profile: Profile,
    tables: SampledTables,
    walk: Walk,
) -> float:
    """``u~(h)`` from one sampled path below ``h``, updating the traverser's tables on the way back.

    ``own_reach`` is ``pi_i(h)``, ``others_reach`` is ``pi_{-i}(h)`` (chance and opponent) and
    ``sample_reach`` is ``q(h)``, the probability that the sampling reached h.
    """
    walk.visit(h)
    if tree.terminal[h]:
        return tree.utility(h, player)
    if tree.chance[h]:  # chance's probability enters pi_{-i} and q alike
        c = walk.sample(tree.chance[h])
        others, sample = others_reach * tree.chance[h][c], sample_reach * tree.chance[h][c]
        child = tree.children[h][c]
        args = (exploration, own_reach, others, sample, profile, tables, walk)
        return sample_path(tree, child, player, *args)
    actor = tree.acting[h]
    k = tree.info_set[h]
    strategy = profile.strategy(k)
    if actor == player:
        uniform = exploration / len(strategy)
        sampling = [uniform + (1.0 - exploration) * p for p in strategy]
    else:
        sampling = strategy
    a = walk.sample(sampling)
    child = tree.children[h][a]
    if actor == player:
        own, others = own_reach * strategy[a], others_reach
    else:
        own, others = own_reach, others_reach * strategy[a]
    sample = sample_reach * sampling[a]
    tail = sample_path(tree, child, player, exploration, own, others, sample, profile, tables, walk)
    sampled_action_value = tail / sampling[a]  # u~(h.a*) / s(I, a*): estimates u_i(sigma, h.a*)
    value = strategy[a] * sampled_action_value  # u~(h)
    if actor == player:
        weight = others_reach / sample_reach  # pi_{-i}(h) / q(h)
        increments = [-weight * value] * len(strategy)
        increments[a] += weight * sampled_action_value
        tables.add_regret(k, increments)
        tables.add_strategy(k, own_reach / sample_reach, strategy)
    return value


class OutcomeSampling(SampledEngine):
    """Outcome-sampling MCCFR behind the engine protocol: one path per traverser in turn."""

    name = "mccfr-outcome"
    default_updates = "alternating"
    options = (*SampledEngine.options, "exploration")

    def __init__(self, game: Game, exploration: float = DEFAULT_EXPLORATION, **options: object):
        check_option_names(options, SampledEngine.options, self.name)
        self.exploration = check_exploration(exploration)
        super().__init__(game, **options)

    def walk(self, group: tuple[int, ...], walk: Walk) -> None:
        """One path per traverser of ``group``, playing the current strategies."""
        for player in group:
            outcome_sampled_walk(
                self.plain, player, self.exploration, self.sampled, self.sampled, walk
            )
