"""Card abstraction of Leduc poker, checked against derivations written here: hand strength over
the real card triples, k-means against every contiguous split, refinement against the partitions
themselves, perfect recall history by history, and best responses by a recursion over the
responder's own information sets that walks the rules rather than the library's tree."""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from lessons_lib.abstraction import (
    AbstractionMeasurement,
    AbstractLeduc,
    EquilibriumBounds,
    abstract_exploitability,
    bound_abstraction,
    card_bucketing,
    induced_policy,
    kmeans_groups,
    measure_abstraction,
    measure_abstractions,
    measurement_table,
    pathologies,
    percentile_groups,
    postflop_strength,
    preflop_strength,
    real_exploitability,
    real_exploitability_curve,
    refinement_pairs,
    solve_abstraction,
)
from lessons_lib.abstraction.hand_strength import earth_movers_distance, preflop_distribution
from lessons_lib.cfr.solver import solve
from lessons_lib.exploitability import exploitability
from lessons_lib.games import Game, History, KuhnPoker, LeducPoker
from lessons_lib.games.base import GameTree, build_tree
from lessons_lib.policy import uniform_policy

SIX = LeducPoker(ranks=6)
TINY = LeducPoker(ranks=3, suits=2, max_raises=1)
METHODS = ("strength", "percentile")


# ---------------------------------------------------------------------------------------------
# Hand strength, against the card triples themselves.


def score(game: LeducPoker, mine: int, theirs: int, board: int) -> Fraction:
    """Win 1, tie 1/2, lose 0, from the rules of Leduc poker: a pair beats no pair, then rank."""
    a, b = (mine == board, mine), (theirs == board, theirs)
    return Fraction(1) if a > b else Fraction(1, 2) if a == b else Fraction(0)


@pytest.mark.parametrize("suits", [1, 2, 3])
def test_hand_strength_is_the_average_over_the_real_card_triples(suits: int) -> None:
    game = LeducPoker(ranks=4, suits=suits)
    triples = [cards for cards, _ in game.card_deals()]  # equally likely (mine, theirs, board)

    def rank(card: int) -> int:
        return card // suits

    for c in range(4):
        mine = [t for t in triples if rank(t[0]) == c]
        expected = Fraction(sum(score(game, c, rank(t[1]), rank(t[2])) for t in mine), len(mine))
        assert preflop_strength(game, c) == expected
        for b in range(4):
            seen = [t for t in mine if rank(t[2]) == b]
            if not seen:
                continue
            average = sum(score(game, c, rank(t[1]), b) for t in seen) / Fraction(len(seen))
            assert postflop_strength(game, c, b) == average


def test_a_pair_is_the_strongest_postflop_hand_and_preflop_strength_grows_with_rank() -> None:
    for b in range(6):
        strengths = [postflop_strength(SIX, c, b) for c in range(6)]
        assert max(strengths) == strengths[b] and strengths.count(strengths[b]) == 1
    preflop = [preflop_strength(SIX, c) for c in range(6)]
    assert preflop == sorted(preflop) and len(set(preflop)) == 6
    # Zero-sum symmetry: over all (mine, theirs) deals, strengths average to one half.
    assert sum(preflop) / 6 == Fraction(1, 2)


# ---------------------------------------------------------------------------------------------
# The two groupings.


def all_contiguous_costs(values: list[Fraction], k: int) -> Fraction:
    """The least within-group sum of squares over every split of sorted ``values`` into k runs."""
    values = sorted(values)
    best = None
    for cuts in combinations(range(1, len(values)), k - 1):
        bounds = [0, *cuts, len(values)]
        total = Fraction(0)
        for i, j in zip(bounds, bounds[1:], strict=False):
            mean = sum(values[i:j]) / Fraction(j - i)
            total += sum((x - mean) ** 2 for x in values[i:j])
        best = total if best is None or total < best else best
    return best


def within_cost(values: list[Fraction], group: list[int]) -> Fraction:
    total = Fraction(0)
    for label in set(group):
        members = [v for v, g in zip(values, group, strict=True) if g == label]
        mean = sum(members) / Fraction(len(members))
        total += sum((x - mean) ** 2 for x in members)
    return total


@pytest.mark.parametrize("board", [None, 0, 3])
@pytest.mark.parametrize("k", range(1, 7))
def test_kmeans_groups_reach_the_least_cost_of_every_contiguous_split(board, k: int) -> None:
    if board is None:
        values = [preflop_strength(SIX, c) for c in range(6)]
    else:
        values = [postflop_strength(SIX, c, board) for c in range(6)]
    group = kmeans_groups(values, k)
    assert sorted(set(group)) == list(range(k))
    assert within_cost(values, group) == all_contiguous_costs(values, k)
    # Buckets are numbered weakest first and are runs of the strength order.
    order = sorted(range(6), key=lambda i: values[i])
    assert [group[i] for i in order] == sorted(group)


@pytest.mark.parametrize("n, k", [(6, 1), (6, 4), (7, 3), (13, 5), (5, 5), (4, 6)])
def test_percentile_groups_are_equal_size_runs_of_the_strength_order(n: int, k: int) -> None:
    values = [Fraction((7 * i) % n, n) for i in range(n)]  # a shuffled, distinct order
    group = percentile_groups(values, k)
    sizes = [group.count(label) for label in sorted(set(group))]
    assert len(sizes) == min(n, k) and max(sizes) - min(sizes) <= 1
    order = sorted(range(n), key=lambda i: values[i])
    assert [group[i] for i in order] == sorted(group)


def same_class_pairs(bucketing) -> set:
    """Every pair of views a player cannot tell apart, worked out from the two maps directly."""
    pairs = set()
    for c, d in combinations(range(bucketing.ranks), 2):
        if bucketing.preflop[c] == bucketing.preflop[d]:
            pairs.add(("pre", c, d))
    for (c, b), q in bucketing.postflop.items():
        for (d, b2), q2 in bucketing.postflop.items():
            if c < d and b == b2 and q == q2 and bucketing.preflop[c] == bucketing.preflop[d]:
                pairs.add(("post", b, c, d))
    return pairs


@pytest.mark.parametrize("method", METHODS)
def test_refines_agrees_with_the_partitions_worked_out_directly(method: str) -> None:
    bucketings = {b: card_bucketing(SIX, method, b) for b in range(1, 7)}
    for fine in bucketings.values():
        for coarse in bucketings.values():
            nested = same_class_pairs(fine) <= same_class_pairs(coarse)
            assert fine.refines(coarse) == nested
            assert fine.strictly_refines(coarse) == (
                nested and same_class_pairs(fine) != same_class_pairs(coarse)
            )
    # Every bucketing refines the single bucket and is refined by one bucket per rank.
    assert all(b.refines(bucketings[1]) and bucketings[6].refines(b) for b in bucketings.values())


def test_percentile_bucketings_are_nested_when_one_count_divides_the_other() -> None:
    game = LeducPoker(ranks=12)
    for coarse, fine in [(1, 2), (2, 4), (3, 6), (4, 12), (2, 6), (6, 12), (3, 12)]:
        finer, coarser = (
            card_bucketing(game, "percentile", fine),
            card_bucketing(game, "percentile", coarse),
        )
        assert finer.strictly_refines(coarser)
        assert same_class_pairs(finer) < same_class_pairs(coarser)
    # 3 does not divide 4: the bucket {2, 3, 4, 5} of three overlaps two of four.
    assert not card_bucketing(game, "percentile", 4).refines(card_bucketing(game, "percentile", 3))


# ---------------------------------------------------------------------------------------------
# The abstract game.


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("buckets", [1, 2])
def test_the_merged_tree_equals_the_tree_built_from_the_abstract_rules(method, buckets) -> None:
    game = LeducPoker(ranks=4)
    abstract = AbstractLeduc(game, card_bucketing(game, method, buckets))
    built, merged = build_tree(abstract), abstract.tree
    for field in fields(GameTree):  # every field of the tree, so a new one cannot be missed
        mine, theirs = getattr(built, field.name), getattr(merged, field.name)
        if isinstance(mine, np.ndarray):
            assert mine.dtype == theirs.dtype, field.name
            assert np.array_equal(mine, theirs), field.name
        else:
            assert mine == theirs, field.name


@pytest.mark.parametrize("method", METHODS)
def test_chance_and_payoffs_are_the_real_ones(method: str) -> None:
    abstract = AbstractLeduc(SIX, card_bucketing(SIX, method, 3))
    exact = sum((p for _, p in SIX.card_deals()), Fraction(0))
    assert exact == 1
    assert abs(sum(p for _, p in abstract.deals()) - 1.0) < 1e-12
    assert abstract.deals() == SIX.deals()
    assert np.array_equal(abstract.tree.returns, SIX.tree.returns)
    assert np.array_equal(abstract.tree.chance, SIX.tree.chance)


def own_past(game: Game, history: History) -> tuple:
    """The acting player's own earlier (information set, action) pairs at ``history``."""
    player, past = game.player_to_act(history), []
    for t in range(len(history.actions)):
        earlier = History(history.deal, history.actions[:t])
        if game.player_to_act(earlier) == player:
            past.append((game.info_set_key(earlier), history.actions[t]))
    return tuple(past)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("buckets", [1, 2, 3])
def test_the_abstraction_has_perfect_recall(method: str, buckets: int) -> None:
    game = LeducPoker(ranks=4)
    abstract = AbstractLeduc(game, card_bucketing(game, method, buckets))
    for key in abstract.info_sets():
        pasts = {own_past(abstract, h) for h in abstract.histories_in(key)}
        assert len(pasts) == 1, key


@pytest.mark.parametrize("method", METHODS)
def test_one_bucket_per_rank_is_the_real_game_to_the_last_bit(method: str) -> None:
    abstract = AbstractLeduc(SIX, card_bucketing(SIX, method, 6))
    assert len(abstract.info_sets()) == len(SIX.info_sets())
    assert [abstract.abstract_key(k) for k in SIX.info_sets()] == list(abstract.info_sets())
    real_run = solve(SIX, "cfr+", 60, engine="sequence-form", checkpoints=[60])
    abstract_run = solve(abstract, "cfr+", 60, checkpoints=[60])
    assert abstract_run.engine.name == "sequence-form"  # the abstract game's default engine
    policy = abstract_run.average_policy()
    real = real_run.history[-1].average_exploitability
    # The same tree in the same order: the same floating-point operations, so equal, not close.
    assert real_exploitability(abstract, policy) == real
    assert abstract_exploitability(abstract, policy) == real
    lifted, reference = induced_policy(abstract, policy), real_run.average_policy()
    assert all(np.array_equal(lifted[k], reference[k]) for k in SIX.info_sets())
    # The public-tree engine (the real game's default) computes the same run up to rounding.
    public = solve(SIX, "cfr+", 60, checkpoints=[60]).history[-1].average_exploitability
    assert abs(public - real) < 1e-9


def test_one_bucket_leaves_only_the_board_and_the_actions() -> None:
    abstract = AbstractLeduc(SIX, card_bucketing(SIX, "percentile", 1))
    parts = [SIX.parse_key(k) for k in SIX.info_sets()]
    public = {(p.board, p.rounds) for p in parts}
    assert len(abstract.info_sets()) == len(public)
    run = solve(abstract, "cfr", 20, checkpoints=[20])
    lifted = induced_policy(abstract, run.average_policy())
    groups: dict[tuple, list[str]] = {}
    for p, key in zip(parts, SIX.info_sets(), strict=True):
        groups.setdefault((p.board, p.rounds), []).append(key)
    for keys in groups.values():  # every private card of one public state plays alike
        assert len(keys) >= 5
        assert all(np.array_equal(lifted[keys[0]], lifted[k]) for k in keys)
    assert len({tuple(lifted[keys[0]]) for keys in groups.values()}) > 1  # yet not all alike


@pytest.mark.parametrize("method", METHODS)
def test_every_real_information_set_plays_its_buckets_strategy(method: str) -> None:
    abstract = AbstractLeduc(SIX, card_bucketing(SIX, method, 3))
    policy = solve(abstract, "cfr+", 30, checkpoints=[30]).average_policy()
    lifted = induced_policy(abstract, policy)
    seen = []
    for key in abstract.info_sets():
        merged = abstract.real_keys(key)
        seen += merged
        for real_key in merged:
            assert np.array_equal(lifted[real_key], policy[key])
        # A bucket merges the real sets of one public state: same actions, same mover.
        assert len({(SIX.actions(k), SIX.player(k)) for k in merged}) == 1
    assert sorted(seen) == sorted(SIX.info_sets())  # the buckets partition the real sets


# ---------------------------------------------------------------------------------------------
# Exploitability, against a best response that recurses over the responder's information sets.


def oracle_best_response(game: Game, policy: dict, player: int) -> float:
    """``max u_i(sigma_i', sigma_-i)`` by recursion over ``player``'s own information sets.

    ``value(I)`` is the best over I's actions of what follows: terminals reached before ``player``
    acts again, weighted by chance and the opponent, plus ``value(J)`` once for every information
    set ``J`` of ``player`` reached next. Perfect recall makes the choice at J independent of how
    it is reached, so the sum is the responder's best.
    """
    sign = 1.0 if player == 1 else -1.0
    members: dict[str, list[tuple[History, float]]] = {}

    def follow(history: History, reach: float) -> tuple[float, set]:
        if game.is_terminal(history):
            return reach * sign * game.returns(history)[0], set()
        key = game.info_set_key(history)
        if game.player_to_act(history) == player:
            members.setdefault(key, []).append((history, reach))
            return 0.0, {key}
        total, found = 0.0, set()
        for a, action in enumerate(game.legal_actions(history)):
            value, keys = follow(
                History(history.deal, history.actions + action), reach * policy[key][a]
            )
            total, found = total + value, found | keys
        return total, found

    def after(key: str, action: str) -> tuple[float, set]:
        total, found = 0.0, set()
        for history, reach in members[key]:
            value, keys = follow(History(history.deal, history.actions + action), reach)
            total, found = total + value, found | keys
        return total, found

    cache: dict[str, float] = {}

    def value(key: str) -> float:
        if key not in cache:
            options = []
            for action in game.actions(key):
                direct, nexts = after(key, action)
                options.append(direct + sum(value(k) for k in nexts))
            cache[key] = max(options)
        return cache[key]

    total, first = 0.0, set()
    for deal, probability in game.deals():
        v, keys = follow(History(deal, ""), probability)
        total, first = total + v, first | keys
    return total + sum(value(k) for k in first)


@pytest.mark.parametrize("method", METHODS)
def test_both_exploitabilities_equal_an_independent_best_response(method: str) -> None:
    abstract = AbstractLeduc(TINY, card_bucketing(TINY, method, 2))
    policy = solve(abstract, "cfr", 25, checkpoints=[25]).average_policy()
    lifted = induced_policy(abstract, policy)
    real = 0.5 * sum(oracle_best_response(TINY, lifted, p) for p in (1, 2))
    inside = 0.5 * sum(oracle_best_response(abstract, policy, p) for p in (1, 2))
    assert real > 0 and inside > 0
    assert abs(real_exploitability(abstract, policy) - real) < 1e-12
    assert abs(abstract_exploitability(abstract, policy) - inside) < 1e-12
    # The abstract responder is one of the real responders, so it gains no more.
    assert inside <= real + 1e-12


def test_the_oracle_knows_the_uniform_policy_of_standard_leduc() -> None:
    # A check of the oracle itself, on the real game, against the library's exact sweep.
    game = LeducPoker()
    uniform = uniform_policy(game)
    oracle = 0.5 * sum(oracle_best_response(game, uniform, p) for p in (1, 2))
    assert abs(oracle - exploitability(game, uniform)) < 1e-12


# ---------------------------------------------------------------------------------------------
# The measurement.


def test_measurements_stop_at_the_target_and_real_is_never_below_abstract() -> None:
    game = LeducPoker(ranks=4)
    measured = measure_abstractions(game, "percentile", [1, 2, 4], 1e-3, check_every=50)
    for m in measured:
        assert m.abstract_exploitability <= 1e-3
        assert m.real_exploitability >= m.abstract_exploitability - 1e-12
    full = measured[-1]
    assert full.info_sets == len(game.info_sets())
    assert abs(full.real_exploitability - full.abstract_exploitability) <= 1e-12
    assert measured[0].real_exploitability > measured[1].real_exploitability > 1e-3
    table = measurement_table(measured)
    assert list(table["buckets"]) == [1, 2, 4] and set(table["ranks"]) == {4}
    assert list(table["real_exploitability"]) == [m.real_exploitability for m in measured]


def test_the_budget_ends_a_solve_that_does_not_reach_the_target() -> None:
    abstract = AbstractLeduc(
        LeducPoker(ranks=4), card_bucketing(LeducPoker(ranks=4), "strength", 2)
    )
    _, iterations, reached = solve_abstraction(abstract, 0.0, check_every=7, max_iterations=20)
    assert iterations == 20 and reached > 0


def fake(bucketing, real: float, inside: float = 0.0) -> AbstractionMeasurement:
    return AbstractionMeasurement(bucketing, 1, 1, inside, real)


def test_pathologies_are_strictly_finer_bucketings_that_lose_more() -> None:
    game = LeducPoker(ranks=4)
    one, two, three, four = (card_bucketing(game, "percentile", b) for b in (1, 2, 3, 4))
    measured = [fake(one, 1.0), fake(two, 0.5), fake(three, 0.7), fake(four, 0.6)]
    found = {(p.coarse.buckets, p.fine.buckets): p.increase for p in pathologies(measured)}
    expected = {
        (c.buckets, f.buckets): f.real_exploitability - c.real_exploitability
        for c in measured
        for f in measured
        if same_class_pairs(f.bucketing) < same_class_pairs(c.bucketing)
        and f.real_exploitability > c.real_exploitability
    }
    assert (2, 4) in expected and found == expected
    # The pairs compared are exactly those whose same-bucket card pairs shrink strictly.
    pairs = [(c.buckets, f.buckets) for c, f in refinement_pairs(measured)]
    assert pairs == [
        (c.buckets, f.buckets)
        for c in measured
        for f in measured
        if same_class_pairs(f.bucketing) < same_class_pairs(c.bucketing)
    ]
    assert (1, 2) in pairs and (2, 4) in pairs
    assert pathologies(measured, tolerance=0.2) == []
    assert pathologies(measured)[0].beyond_solver_error
    # The same increase of 0.1 is within the solver's error when the solves stopped at 0.06 each.
    blurred = [fake(two, 0.5, 0.06), fake(four, 0.6, 0.06)]
    assert not pathologies(blurred)[0].beyond_solver_error


def test_measure_abstraction_reports_the_bucketing_it_solved() -> None:
    m = measure_abstraction(LeducPoker(ranks=4), "strength", 3, 1e-2, check_every=25)
    assert (m.bucketing.method, m.buckets, m.iterations % 25) == ("strength", 3, 0)


# ---------------------------------------------------------------------------------------------
# Bad input.


@pytest.mark.parametrize("buckets", [0, -1, 7, 2.0, True, "3", None])
def test_bad_bucket_counts_are_refused(buckets) -> None:
    with pytest.raises(ValueError, match="buckets"):
        card_bucketing(SIX, "percentile", buckets)


def test_bad_arguments_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="bucketing method"):
        card_bucketing(SIX, "kmeans", 2)
    with pytest.raises(ValueError, match="game"):
        card_bucketing(KuhnPoker(), "strength", 2)
    with pytest.raises(ValueError, match="bucketing"):
        AbstractLeduc(LeducPoker(ranks=5), card_bucketing(SIX, "strength", 2))
    with pytest.raises(ValueError, match="bucketing"):
        AbstractLeduc(SIX, "percentile")
    with pytest.raises(ValueError, match="different decks"):
        card_bucketing(SIX, "strength", 2).refines(
            card_bucketing(LeducPoker(ranks=5), "strength", 2)
        )
    abstract = AbstractLeduc(SIX, card_bucketing(SIX, "strength", 2))
    with pytest.raises(ValueError, match="real information set"):
        abstract.abstract_key("Z:")
    with pytest.raises(ValueError, match="information set"):
        abstract.real_keys("9:")
    with pytest.raises(ValueError, match="target"):
        solve_abstraction(abstract, -1.0)
    with pytest.raises(ValueError, match="check_every"):
        solve_abstraction(abstract, 0.1, check_every=0)
    with pytest.raises(ValueError, match="bucket_counts"):
        measure_abstractions(SIX, "strength", [], 0.1)
    with pytest.raises(ValueError, match="bucket_counts"):
        measure_abstractions(SIX, "strength", "123", 0.1)
    with pytest.raises(ValueError, match="abstract"):
        real_exploitability(SIX, uniform_policy(SIX))
    with pytest.raises(ValueError, match="measurements"):
        measurement_table([1.0])
    with pytest.raises(ValueError, match="tolerance"):
        pathologies([fake(card_bucketing(SIX, "strength", 2), 0.1)], tolerance=-1)
    with pytest.raises(ValueError, match="measurements"):
        refinement_pairs([])
    with pytest.raises(ValueError, match="card"):
        postflop_strength(LeducPoker(ranks=4, suits=1), 2, 2)


@pytest.mark.parametrize("suits", [1, 3])
@pytest.mark.parametrize("method", METHODS)
def test_one_bucket_per_rank_separates_every_real_set_with_other_suit_counts(method, suits) -> None:
    game = LeducPoker(ranks=4, suits=suits)
    abstract = AbstractLeduc(game, card_bucketing(game, method, 4))
    assert all(len(abstract.real_keys(key)) == 1 for key in abstract.info_sets())
    assert len(abstract.info_sets()) == len(game.info_sets())
    coarse = AbstractLeduc(game, card_bucketing(game, method, 2))
    assert len(coarse.info_sets()) < len(game.info_sets())
    policy = solve(coarse, "cfr", 10, checkpoints=[10]).average_policy()
    assert real_exploitability(coarse, policy) >= abstract_exploitability(coarse, policy) > 0


# ---------------------------------------------------------------------------------------------
# Along a solve, over all equilibria, and beyond the mean of the hand strength.


def test_the_curve_measures_the_average_strategy_at_each_checkpoint() -> None:
    game = LeducPoker(ranks=4)
    abstract = AbstractLeduc(game, card_bucketing(game, "strength", 2))
    curve = real_exploitability_curve(abstract, [5, 20, 60])
    assert [i for i, _, _ in curve] == [5, 20, 60]
    again = solve(abstract, "cfr+", 20).average_policy()  # one run straight to 20 iterations
    assert curve[1][1] == abstract_exploitability(abstract, again)
    assert curve[1][2] == real_exploitability(abstract, again)
    assert all(real >= inside - 1e-12 for _, inside, real in curve)
    with pytest.raises(ValueError, match="increasing"):
        real_exploitability_curve(abstract, [20, 5])
    with pytest.raises(ValueError, match="checkpoints"):
        real_exploitability_curve(abstract, "5")


def test_the_bounds_of_an_abstraction_order_as_they_must() -> None:
    game = LeducPoker(ranks=4)
    for buckets in (1, 2, 4):
        bounds = bound_abstraction(game, "strength", buckets, most_starts=2)
        # Any abstract strategy <= the best equilibrium <= a found equilibrium, per player.
        for p in (0, 1):
            assert bounds.best[p] <= bounds.least[p] + 1e-9 <= bounds.most[p] + 2e-9
        measured = measure_abstraction(game, "strength", buckets, 1e-4, check_every=100)
        # Every abstract profile, a solver's too, loses at least the best abstract strategies.
        assert bounds.best_exploitability <= measured.real_exploitability + 1e-9
    assert bounds.least_exploitability == pytest.approx(0.0, abs=1e-8)  # 4 buckets: the game
    assert bound_abstraction(game, "strength", 2).most is None


def test_equilibrium_bounds_refuse_a_malformed_record() -> None:
    bucketing = card_bucketing(LeducPoker(ranks=4), "strength", 2)
    with pytest.raises(ValueError, match="least"):
        EquilibriumBounds(bucketing, (0.1,), (0.1, 0.1), None)
    with pytest.raises(ValueError, match="most"):
        EquilibriumBounds(bucketing, (0.1, 0.1), (0.1, 0.1), (0.1, float("nan")))
    with pytest.raises(ValueError, match="bucketing"):
        EquilibriumBounds("2 buckets", (0.1, 0.1), (0.1, 0.1), None)


def test_the_preflop_distribution_of_standard_leduc_worked_by_hand() -> None:
    # Holding a jack of J J Q Q K K: the board pairs it with chance 1/5 (E[HS] 1: nothing beats
    # the pair); otherwise (4/5) the opponent's card is one of 4 unseen, and only the other jack
    # ties (1/2 of 1/4): E[HS] = 1/8.
    game = LeducPoker()
    assert preflop_distribution(game, 0) == {
        Fraction(1, 8): Fraction(4, 5),
        Fraction(1): Fraction(1, 5),
    }
    for ranks in (3, 6, 10):
        deck = LeducPoker(ranks=ranks)
        for card in range(ranks):
            distribution = preflop_distribution(deck, card)
            assert sum(distribution.values()) == 1
            mean = sum(value * chance for value, chance in distribution.items())
            assert mean == preflop_strength(deck, card)  # the law of total expectation


def test_the_earth_movers_distance_worked_by_hand() -> None:
    half = Fraction(1, 2)
    assert earth_movers_distance({Fraction(0): Fraction(1)}, {Fraction(1): Fraction(1)}) == 1
    assert earth_movers_distance({0: half, 1: half}, {half: Fraction(1)}) == half
    spread, centred = {0: half, 1: half}, {Fraction(1, 4): half, Fraction(3, 4): half}
    assert earth_movers_distance(spread, centred) == earth_movers_distance(centred, spread)
    assert earth_movers_distance(spread, spread) == 0
    # Same mean, other shape: the distance sees what the mean does not.
    assert earth_movers_distance(spread, {half: Fraction(1)}) > 0
    with pytest.raises(ValueError, match="summing to 1"):
        earth_movers_distance({0: half}, spread)
    with pytest.raises(ValueError, match="exact fractions"):
        earth_movers_distance({0.5: Fraction(1)}, spread)
