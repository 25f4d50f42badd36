"""The least and most real exploitability over an abstraction's equilibria, checked against brute
force: on small Kuhn poker abstractions every pure strategy of the opponent is enumerated."""

from __future__ import annotations

import itertools
from functools import cached_property

import numpy as np
import pytest
from scipy.optimize import linprog

from lessons_lib import lp
from lessons_lib.abstraction import (
    AbstractLeduc,
    abstract_loss,
    abstraction_lp,
    best_abstract_loss,
    card_bucketing,
    least_equilibrium_loss,
    most_equilibrium_loss,
    real_exploitability,
    real_loss,
    search_most_equilibrium_loss,
)
from lessons_lib.abstraction.abstract_game import coarsen_tree
from lessons_lib.abstraction.equilibrium_bounds import VALUE_TOLERANCE, _Program
from lessons_lib.cfr import solve
from lessons_lib.games import KuhnPoker, LeducPoker
from lessons_lib.games.base import SameRules


class BucketedKuhn(SameRules):
    """Kuhn poker in which the cards with the same letter of ``buckets`` look alike to both
    players (``"aabb"``: the two lowest cards, and the two highest, merged)."""

    name = "bucketed_kuhn"
    zero_sum = True

    def __init__(self, game: KuhnPoker, buckets: str) -> None:
        super().__init__(game)
        self.of = {
            key: f"{buckets[game.cards.index(key.split(':')[0])]}:{key.split(':')[1]}"
            for key in game.info_sets()
        }
        self.members = {}
        for key, image in self.of.items():
            self.members.setdefault(image, key)

    def abstract_key(self, key: str) -> str:
        return self.of[key]

    def returns(self, history):
        return self.game.returns(history)

    def info_set_key(self, history) -> str:
        return self.of[self.game.info_set_key(history)]

    def info_sets(self) -> tuple[str, ...]:
        return tuple(self.members)

    def actions(self, key: str) -> tuple[str, ...]:
        return self.game.actions(self.members[key])

    def player(self, key: str) -> int:
        return self.game.player(self.members[key])

    @cached_property
    def tree(self):
        return coarsen_tree(self, self.game.tree, self.of)


def kuhn_problem(cards: int, buckets: str):
    real = KuhnPoker(cards)
    abstract = BucketedKuhn(real, buckets)
    return real, abstract, abstraction_lp(real, abstract, abstract.abstract_key)


def pure_payoffs(problem, real, player: int) -> np.ndarray:
    """One row per pure strategy of the opponent in the real game: ``player``'s payoff against it
    as a linear function of ``player``'s abstract plan."""
    form, tree, opponent = problem.real, real.tree, 3 - player
    sets = form.info_sets[opponent]
    rows = []
    for choice in itertools.product(*[range(int(tree.n_actions[k])) for k in sets]):
        pure = zip(sets, choice, strict=True)
        policy = {tree.keys[k]: np.eye(int(tree.n_actions[k]))[a] for k, a in pure}
        rows.append(problem.counter(player).T @ lp.realisation_plan(form, policy, opponent))
    return np.array(rows)


def brute_force(problem, real, player: int, equilibrium: bool) -> tuple[float, float]:
    """The least and the most loss, each by another program than the library's: the opponent's
    pure strategies listed, ``max_x min_k`` by an epigraph and ``min_k min_x`` one LP per k."""
    program = _Program(problem, player, equilibrium=equilibrium, worst_case=False)
    rows = pure_payoffs(problem, real, player)
    bounds = np.column_stack([program.lower, program.upper])

    def solved(objective, a_ub, b_ub, bounds):
        result = linprog(
            objective,
            A_ub=a_ub,
            b_ub=b_ub,
            A_eq=equal(a_ub.shape[1]),
            b_eq=program.b_eq,
            bounds=bounds,
            method="highs",
        )
        assert result.status == 0
        return result

    def equal(columns):
        extra = columns - program.n_vars
        return np.hstack([program.a_eq.toarray(), np.zeros((program.a_eq.shape[0], extra))])

    lowest = min(
        solved(
            np.r_[row, np.zeros(program.n_vars - program.n_x)],
            program.a_ub.toarray(),
            program.b_ub,
            bounds,
        ).fun
        for row in rows
    )
    # max t subject to t <= row . x for every pure strategy, and x in the program's set.
    n = program.n_vars + 1
    epigraph = np.hstack(
        [-rows, np.zeros((len(rows), program.n_vars - program.n_x)), np.ones((len(rows), 1))]
    )
    a_ub = np.vstack(
        [np.hstack([program.a_ub.toarray(), np.zeros((program.a_ub.shape[0], 1))]), epigraph]
    )
    b_ub = np.r_[program.b_ub, np.zeros(len(rows))]
    best = solved(np.eye(n)[-1] * -1.0, a_ub, b_ub, np.vstack([bounds, [[None, None]]]))
    value = problem.value(player)
    return value - (-best.fun), value - lowest


CASES = [(4, "aabb"), (4, "abbc"), (5, "aabcc"), (5, "aabbc")]


@pytest.mark.parametrize(("cards", "buckets"), CASES)
def test_the_bounds_agree_with_brute_force(cards, buckets) -> None:
    real, _, problem = kuhn_problem(cards, buckets)
    for player in (1, 2):
        least, plan = least_equilibrium_loss(problem, player)
        lower, upper = most_equilibrium_loss(problem, player, time_limit=60)
        searched, worse = search_most_equilibrium_loss(problem, player, starts=4)
        brute_least, brute_most = brute_force(problem, real, player, equilibrium=True)
        assert least == pytest.approx(brute_least, abs=1e-7)
        assert lower == pytest.approx(brute_most, abs=1e-6)
        assert upper == pytest.approx(brute_most, abs=1e-6)
        assert least - 1e-9 <= searched <= upper + VALUE_TOLERANCE  # the slack of the set
        # The plans found are abstract equilibria, and lose what was said in the real game.
        for found, loss in ((plan, least), (worse, searched)):
            assert abstract_loss(problem, player, found) <= VALUE_TOLERANCE + 1e-9
            assert real_loss(problem, player, found) == pytest.approx(loss, abs=1e-8)
        best, best_plan = best_abstract_loss(problem, player)
        assert best == pytest.approx(brute_force(problem, real, player, False)[0], abs=1e-7)
        assert best <= least + 1e-9
        assert real_loss(problem, player, best_plan) == pytest.approx(best, abs=1e-8)


def test_the_equilibria_can_differ_in_the_real_game() -> None:
    # Four cards in two buckets: player 1's abstract equilibria lose from 1/24 to 1/8 of a chip
    # (brute force above), so a solver's one equilibrium says little about the abstraction.
    _, _, problem = kuhn_problem(4, "aabb")
    least, _ = least_equilibrium_loss(problem, 1)
    _, most = most_equilibrium_loss(problem, 1, time_limit=60)
    assert least == pytest.approx(1 / 24, abs=1e-7) and most == pytest.approx(1 / 8, abs=1e-6)


def test_without_abstraction_every_equilibrium_loses_nothing() -> None:
    real, _, problem = kuhn_problem(3, "abc")
    assert problem.real_value == pytest.approx(-1 / 18, abs=1e-9)  # Kuhn poker's value
    for player in (1, 2):
        assert least_equilibrium_loss(problem, player)[0] == pytest.approx(0.0, abs=1e-8)
        assert most_equilibrium_loss(problem, player, time_limit=60)[1] == pytest.approx(
            0.0, abs=1e-6
        )
        assert best_abstract_loss(problem, player)[0] == pytest.approx(0.0, abs=1e-8)


def test_the_losses_of_a_profile_make_its_real_exploitability() -> None:
    # A second method: the library's exact best responses on the real Leduc tree.
    game = LeducPoker(ranks=3)
    abstract = AbstractLeduc(game, card_bucketing(game, "strength", 2))
    problem = abstraction_lp(game, abstract, abstract.abstract_key)
    policy = solve(abstract, "cfr+", 200).average_policy()
    plans = {p: lp.realisation_plan(problem.abstract, policy, p) for p in (1, 2)}
    losses = [real_loss(problem, p, plans[p]) for p in (1, 2)]
    assert sum(losses) / 2 == pytest.approx(real_exploitability(abstract, policy), abs=1e-12)


def test_a_player_abstracted_alone_never_loses_more_with_a_finer_abstraction() -> None:
    # Waugh et al. (2009): with the opponent unabstracted there is no pathology. Every refining
    # pair of bucketings of both methods on 4 ranks, both players.
    game = LeducPoker(ranks=4)
    bucketings = [
        card_bucketing(game, m, b) for m in ("strength", "percentile") for b in (1, 2, 3, 4)
    ]
    best = {}
    for bucketing in bucketings:
        abstract = AbstractLeduc(game, bucketing)
        problem = abstraction_lp(game, abstract, abstract.abstract_key)
        best[bucketing] = [best_abstract_loss(problem, p)[0] for p in (1, 2)]
    pairs = [(c, f) for c in bucketings for f in bucketings if f.strictly_refines(c)]
    assert len(pairs) >= 6
    for coarse, fine in pairs:
        for p in (0, 1):
            assert best[fine][p] <= best[coarse][p] + 1e-9
    assert best[bucketings[-1]] == pytest.approx([0.0, 0.0], abs=1e-8)  # one bucket per rank


def swap_jack_and_king(key: str) -> str:
    """A map of Kuhn poker's keys onto themselves that is not the identity of the tree."""
    return {"J": "K", "K": "J"}.get(key[0], key[0]) + key[1:]


@pytest.mark.parametrize(
    ("call", "word"),
    [
        (lambda p: least_equilibrium_loss(p, 3), "player"),
        (lambda p: best_abstract_loss("problem", 1), "problem"),
        (lambda p: real_loss(p, 1, np.ones(3)), "plan"),
        (lambda p: abstract_loss(p, 2, [np.nan] * 9), "plan"),
        (lambda p: most_equilibrium_loss(p, 1, time_limit=0), "time_limit"),
        (lambda p: search_most_equilibrium_loss(p, 1, starts=0), "starts"),
        (lambda p: abstraction_lp(KuhnPoker(), LeducPoker(), str), "abstract_key"),
        (lambda p: abstraction_lp(KuhnPoker(), KuhnPoker(), "J:"), "abstract_key"),
        (lambda p: abstraction_lp(KuhnPoker(), KuhnPoker(), swap_jack_and_king), "merged"),
    ],
)
def test_bad_input_is_refused(call, word) -> None:
    _, _, problem = kuhn_problem(4, "aabb")
    with pytest.raises(ValueError, match=word):
        call(problem)
