"""Monte Carlo CFR against derivations that do not use the sampled walks.

- Unbiasedness, exactly: for a fixed profile, the expectation over the sampling of one walk's
  regret increments must equal the exact counterfactual regrets of
  :func:`lessons_lib.counterfactual.counterfactual_values` (chance inside ``pi_{-i}``). The
  expectation is not estimated: :func:`every_walk` steps through every possible sequence of
  sampled choices, with its probability, so the comparison holds to rounding error.
- The strategy sums' expected increments against each scheme's documented weight.
- What a walk visits, against the tree: a whole deal (chance), one path (outcome), the traverser's
  actions enumerated and the opponent's sampled (external).
- What a walk returns: its expectation is the expected payoff of the profile.
- Chance sampling's run against a reference built on the exact per-history reach and values, for
  both update orders and both weightings of the average.
- Seeds (the same seed is the same run, bit for bit), resuming, learning on Kuhn and Leduc, and
  the ValueErrors. Runs are made by ``cfr.solve`` with the schemes' names (``"mccfr-chance"``...).

Every unbiasedness property is checked on three-player Kuhn poker too: the walks carry every
player's reach, and ``pi_{-i}`` is then chance's and both other players'.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict

import numpy as np
import pytest

from lessons_lib.cfr import TrainingRun, solve
from lessons_lib.counterfactual import counterfactual_values, tree_reach, tree_values
from lessons_lib.exploitability import expected_values, exploitability
from lessons_lib.games import Game, KuhnPoker, LeducPoker, MultiplayerKuhnPoker
from lessons_lib.mccfr import (
    DEFAULT_EXPLORATION,
    FixedProfile,
    SampledTraversal,
    random_chooser,
    sampled_traversal,
)
from lessons_lib.mccfr.walk import Chooser
from lessons_lib.policy import Policy, pure_policy, uniform_policy

KUHN = KuhnPoker()
KUHN_4 = KuhnPoker(4)
LEDUC = LeducPoker()
THREE = MultiplayerKuhnPoker(3)
SCHEMES = ("chance", "external", "outcome")


def solve_sampled(game: Game, scheme: str, iterations: int, **options: object) -> TrainingRun:
    """A run of Monte Carlo CFR's ``scheme`` (``"chance"``, ...) made by ``cfr.solve``."""
    return solve(game, f"mccfr-{scheme}", iterations, **options)


# Enumerating every walk: the exact expectation over the sampling.


class ScriptedChooser:
    """A chooser that replays the choices ``prefix``, then takes the first option of positive
    probability; it records every choice with the probabilities it was offered."""

    def __init__(self, prefix: list[int]) -> None:
        self.prefix = prefix
        self.taken: list[tuple[int, list[float]]] = []

    def __call__(self, probabilities: Sequence[float]) -> int:
        depth = len(self.taken)
        if depth < len(self.prefix):
            index = self.prefix[depth]
        else:
            index = next(i for i, p in enumerate(probabilities) if p > 0)
        self.taken.append((index, list(probabilities)))
        return index


def every_walk(
    run: Callable[[Chooser], SampledTraversal],
) -> Iterator[tuple[float, SampledTraversal]]:
    """Every possible walk of ``run`` with the probability that the sampling makes it.

    ``run(chooser)`` does one walk taking its random choices from ``chooser``. The first walk takes
    the first option of positive probability everywhere; each following walk keeps the choices of
    the previous one up to its last choice that has a later option of positive probability, takes
    that option, and goes on with first options. This visits the tree of choice sequences depth
    first, each sequence once. The probability of a walk is the product of the probabilities of
    its choices, as the chooser saw them.
    """
    prefix: list[int] = []
    while True:
        chooser = ScriptedChooser(prefix)
        traversal = run(chooser)
        taken = chooser.taken
        yield math.prod(p[i] for i, p in taken), traversal
        while taken:
            index, probabilities = taken.pop()
            later = [j for j in range(index + 1, len(probabilities)) if probabilities[j] > 0]
            if later:
                prefix = [i for i, _ in taken] + [later[0]]
                break
        else:
            return


def expectation(
    game: Game, scheme: str, policy: Policy, player: int | None, exploration: float | None = None
) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray], float, int, float]:
    """(E[regret increments], E[strategy-sum increments], total probability, number of walks,
    E[the walk's returned value])."""
    regrets = {key: np.zeros(len(game.actions(key))) for key in game.info_sets()}
    sums = {key: np.zeros(len(game.actions(key))) for key in game.info_sets()}
    profile = FixedProfile(game, policy)
    total, walks, value = 0.0, 0, 0.0
    for probability, walk in every_walk(
        lambda chooser: sampled_traversal(
            game, scheme, profile, player, chooser=chooser, exploration=exploration
        )
    ):
        assert walk.probability == pytest.approx(probability, rel=1e-14)
        total += probability
        walks += 1
        value += probability * walk.value
        for key, increments in walk.regrets.items():
            regrets[key] += probability * increments
        for key, increments in walk.strategy_sums.items():
            sums[key] += probability * increments
    return regrets, sums, total, walks, value


def random_policy(game: Game, seed: int) -> Policy:
    """A profile with every probability positive and different (Dirichlet draws)."""
    rng = np.random.default_rng(seed)
    return {key: rng.dirichlet(np.ones(len(game.actions(key)))) for key in game.info_sets()}


def chance_of(game: Game, key: str) -> float:
    """``pi_c(I) = sum_{h in I} pi_c(h)``, from the deal probabilities."""
    probability = dict(game.deals())
    return sum(probability[h.deal] for h in game.histories_in(key))


def policy_with_zeros(game: Game) -> Policy:
    """A random profile in which player 1 never bets the jack and player 2 always calls a bet."""
    policy = random_policy(game, 7)
    policy.update(pure_policy(game, {"J:": "p", "K:b": "b", "Q:b": "b", "J:b": "b"}))
    return policy


CASES = [
    ("chance", KUHN, None),
    ("chance", KUHN_4, None),
    ("chance", LEDUC, None),
    ("chance", THREE, None),
    ("external", KUHN, 1),
    ("external", KUHN, 2),
    ("external", KUHN_4, 1),
    ("external", KUHN_4, 2),
    ("external", THREE, 1),
    ("external", THREE, 2),
    ("external", THREE, 3),
    ("outcome", KUHN, 1),
    ("outcome", KUHN, 2),
    ("outcome", KUHN_4, 1),
    ("outcome", KUHN_4, 2),
    ("outcome", LEDUC, 1),
    ("outcome", LEDUC, 2),
    ("outcome", THREE, 1),
    ("outcome", THREE, 2),
    ("outcome", THREE, 3),
]


@pytest.mark.parametrize(("scheme", "game", "player"), CASES)
def test_sampled_regrets_are_unbiased_exactly(scheme: str, game: Game, player: int | None) -> None:
    for policy in (random_policy(game, 1), uniform_policy(game)):
        expected = counterfactual_values(game, policy, include_chance=True)
        regrets, _, total, _, value = expectation(game, scheme, policy, player)
        assert total == pytest.approx(1.0, abs=1e-12)
        for key in game.info_sets():
            updated = player is None or game.player(key) == player
            exact = expected.regrets[key] if updated else np.zeros(len(game.actions(key)))
            np.testing.assert_allclose(regrets[key], exact, rtol=0, atol=1e-12, err_msg=key)
        # What the walk returns estimates the traverser's payoff (player 1's for chance sampling).
        payoffs = expected_values(game, policy)
        assert value == pytest.approx(payoffs[(player or 1) - 1], rel=0, abs=1e-12)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_unbiased_with_zero_probabilities_in_the_profile(scheme: str) -> None:
    policy = policy_with_zeros(KUHN)
    expected = counterfactual_values(KUHN, policy, include_chance=True)
    for player in (None,) if scheme == "chance" else (1, 2):
        regrets, _, total, _, _ = expectation(KUHN, scheme, policy, player)
        assert total == pytest.approx(1.0, abs=1e-12)
        for key in KUHN.info_sets():
            if player is None or KUHN.player(key) == player:
                np.testing.assert_allclose(regrets[key], expected.regrets[key], atol=1e-12)


@pytest.mark.parametrize("exploration", [0.1, 1.0])
def test_outcome_sampling_is_unbiased_for_any_exploration(exploration: float) -> None:
    policy = random_policy(KUHN, 2)
    expected = counterfactual_values(KUHN, policy, include_chance=True)
    for player in (1, 2):
        regrets, _, _, _, _ = expectation(KUHN, "outcome", policy, player, exploration)
        for key in KUHN.info_sets_of(player):
            np.testing.assert_allclose(regrets[key], expected.regrets[key], rtol=0, atol=1e-12)


def test_without_chance_the_expectation_is_off_by_the_number_of_deals() -> None:
    # The normalisation convention: the walks estimate the regrets with chance inside pi_{-i}.
    # Kuhn's six deals are equally likely, so leaving chance out multiplies every regret by 6.
    policy = random_policy(KUHN, 3)
    regrets, _, _, _, _ = expectation(KUHN, "chance", policy, None)
    without = counterfactual_values(KUHN, policy, include_chance=False)
    for key in KUHN.info_sets():
        np.testing.assert_allclose(6 * regrets[key], without.regrets[key], atol=1e-12)


@pytest.mark.parametrize("game", [KUHN, KUHN_4, LEDUC, THREE], ids=repr)
def test_chance_sampling_strategy_sums_expect_chance_times_own_reach(game: Game) -> None:
    policy = random_policy(game, 4)
    exact = counterfactual_values(game, policy)
    _, sums, _, walks, _ = expectation(game, "chance", policy, None)
    assert walks == len(game.deals())
    for key in game.info_sets():
        weight = chance_of(game, key) * exact.own_reach[key]  # pi_c(I) pi_i(I)
        np.testing.assert_allclose(sums[key], weight * policy[key], rtol=0, atol=1e-14)


@pytest.mark.parametrize("game", [KUHN, KUHN_4], ids=repr)
@pytest.mark.parametrize("player", [1, 2])
def test_external_sampling_averages_the_opponent_with_simple_weights(
    game: Game, player: int
) -> None:
    policy = random_policy(game, 5)
    exact = counterfactual_values(game, policy)
    _, sums, _, _, _ = expectation(game, "external", policy, player)
    for key in game.info_sets():
        if game.player(key) == player:  # the traverser's own strategy is not averaged
            np.testing.assert_array_equal(sums[key], np.zeros(len(game.actions(key))))
        else:
            weight = chance_of(game, key) * exact.own_reach[key]  # pi_c(I) pi_j(I)
            np.testing.assert_allclose(sums[key], weight * policy[key], rtol=0, atol=1e-14)


@pytest.mark.parametrize("player", [1, 2, 3])
def test_external_sampling_keeps_the_vanilla_weight_with_three_players(player: int) -> None:
    # With three players the walk samples chance and both other players, so it reaches a history
    # h of player j != i with probability pi_c(h) pi_j(h) pi_k(h), k the third player, and pi_k(h)
    # differs between the histories of I. The walk divides its increment by pi_k(h), so that
    # E[S(I, .)] = sum_{h in I} pi_c(h) pi_j(h) sigma(I, .) = pi_c(I) pi_j(I) sigma(I, .): the
    # vanilla weight, j's own reach, times a constant of I, as with two players (test above).
    policy = random_policy(THREE, 5)
    tree = THREE.tree
    reach = tree_reach(tree, tree.flatten(policy))  # rows: pi_c, pi_1, pi_2, pi_3
    _, sums, _, _, _ = expectation(THREE, "external", policy, player)
    for k, key in enumerate(tree.keys):
        owner = THREE.player(key)
        if owner == player:
            np.testing.assert_array_equal(sums[key], np.zeros(len(THREE.actions(key))))
            continue
        weight = sum(reach[0, h] * reach[owner, h] for h in tree.members[k])
        np.testing.assert_allclose(sums[key], weight * policy[key], rtol=0, atol=1e-13)


@pytest.mark.parametrize("game", [KUHN, LEDUC, THREE], ids=repr)
def test_outcome_sampling_averages_with_stochastic_weights(game: Game) -> None:
    policy = random_policy(game, 6)
    exact = counterfactual_values(game, policy)
    for player in game.players:
        _, sums, _, _, _ = expectation(game, "outcome", policy, player)
        for key in game.info_sets():
            if game.player(key) == player:
                weight = len(game.histories_in(key)) * exact.own_reach[key]  # |I| pi_i(I)
                np.testing.assert_allclose(sums[key], weight * policy[key], rtol=0, atol=1e-12)
            else:
                np.testing.assert_array_equal(sums[key], np.zeros(len(game.actions(key))))


# What one walk visits, and with what probability.


def test_outcome_sampling_probability_is_the_product_along_the_path() -> None:
    # q(z) = pi_c(deal) * prod over the traverser's actions of (eps/2 + (1 - eps) sigma)
    #                   * prod over the opponent's actions of sigma, computed here from z alone,
    # with OpenSpiel's default eps = 0.6.
    epsilon = 0.6
    assert epsilon == DEFAULT_EXPLORATION
    policy = random_policy(KUHN, 8)
    chance = dict(KUHN.deals())
    for player in (1, 2):
        seen = set()
        for probability, walk in every_walk(
            lambda chooser, p=player: sampled_traversal(KUHN, "outcome", policy, p, chooser=chooser)
        ):
            z = walk.histories[-1]
            assert KUHN.is_terminal(z)
            q = chance[z.deal]
            for t, action in enumerate(z.actions):
                key = KUHN.info_set_key((z.deal, z.actions[:t]))
                sigma = policy[key][KUHN.actions(key).index(action)]
                mover = 1 + t % 2
                q *= epsilon / 2 + (1 - epsilon) * sigma if mover == player else sigma
            assert probability == pytest.approx(q, rel=1e-12)
            seen.add(z)
        assert seen == set(KUHN.terminal_histories())  # every terminal can be sampled


@pytest.mark.parametrize("game", [KUHN, LEDUC], ids=repr)
def test_outcome_sampling_touches_one_path(game: Game) -> None:
    policy = random_policy(game, 9)
    for seed in range(20):
        walk = sampled_traversal(game, "outcome", policy, 1 + seed % 2, seed=seed)
        z = walk.histories[-1]
        assert game.is_terminal(z)
        assert walk.nodes == len(z.actions) + 1  # the root, then one history per action
        assert [h.actions for h in walk.histories] == [z.actions[:t] for t in range(walk.nodes)]


def test_kuhn_deal_has_nine_histories() -> None:
    # Per deal: the decision points "", "p", "b", "pb" and the endings pp, bp, bb, pbp, pbb.
    assert len(KuhnPoker.DECISION_SEQUENCES) + len(KuhnPoker.TERMINAL_SEQUENCES) == 9
    for deal, _ in KUHN.deals():
        assert sum(h.deal == deal for h in KUHN.histories()) == 9


@pytest.mark.parametrize("game", [KUHN, LEDUC], ids=repr)
def test_chance_sampling_touches_the_whole_tree_of_one_deal(game: Game) -> None:
    policy = random_policy(game, 10)
    for seed in range(5):
        walk = sampled_traversal(game, "chance", policy, seed=seed)
        deal = walk.histories[0].deal
        of_deal = [h for h in game.histories() if h.deal == deal]
        assert walk.nodes == len(of_deal)
        assert set(walk.histories) == set(of_deal)
        assert walk.probability == dict(game.deals())[deal]


@pytest.mark.parametrize("updates", ["simultaneous", "alternating"])
def test_chance_sampling_run_touches_one_deal_per_group_of_players(updates: str) -> None:
    # Simultaneous updates (the default): one walk of one deal per iteration updates every
    # player; alternating updates: one walk per player.
    walks = 1 if updates == "simultaneous" else 2
    run = solve_sampled(KUHN, "chance", 50, checkpoints=(), updates=updates)
    assert run.engine.nodes_touched == walks * 50 * 9
    per_deal = len(LEDUC.histories()) // len(LEDUC.deals())
    assert per_deal * len(LEDUC.deals()) == len(LEDUC.histories())  # every deal has the same tree
    run = solve_sampled(LEDUC, "chance", 20, checkpoints=(), updates=updates)
    assert run.engine.nodes_touched == walks * 20 * per_deal


@pytest.mark.parametrize("player", [1, 2])
def test_external_sampling_enumerates_own_actions_and_samples_the_opponent(player: int) -> None:
    # Traverser 1 tries both openings: root, "p", "b". At "p" player 2 takes one action: "pp"
    # (1 more history) or "pb", where player 1 tries both answers "pbp", "pbb" (3 more). At "b"
    # player 2 takes one action, "bp" or "bb" (1 more). So 3 + 1 + 1 = 5 or 3 + 3 + 1 = 7.
    # Traverser 2: player 1 opens once. After "p": root, "p", then both "pp" and "pb", and at
    # "pb" player 1 answers once: 5. After "b": root, "b", then both "bp" and "bb": 4.
    sizes = {1: {5, 7}, 2: {4, 5}}[player]
    policy = random_policy(KUHN, 11)
    for _, walk in every_walk(
        lambda chooser: sampled_traversal(KUHN, "external", policy, player, chooser=chooser)
    ):
        assert walk.nodes in sizes
        visited = set(walk.histories)
        for h in walk.histories:
            if KUHN.is_terminal(h):
                continue
            children = {KUHN.next_history(h, a) for a in KUHN.legal_actions(h)}
            expected = len(children) if KUHN.player_to_act(h) == player else 1
            assert len(children & visited) == expected


def test_random_chooser_follows_the_probabilities_and_never_picks_zero() -> None:
    choose = random_chooser(np.random.default_rng(0))
    draws = np.array([choose([0.2, 0.0, 0.8]) for _ in range(20_000)])
    assert not np.any(draws == 1)
    assert abs(np.mean(draws == 0) - 0.2) < 0.01  # about 7 standard deviations of 0.0028
    assert all(choose([0.0, 1.0 - 1e-17, 0.0]) == 1 for _ in range(100))


# Chance sampling's run against a reference on exact per-history quantities.


def chance_sampling_reference(
    game: Game, iterations: int, seed: int, updates: str, averaging: str
) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """Chance-sampled CFR written from its definition on the exact per-history reach and values.

    Each group of players (all of them, or one after the other) plays regret matching on the
    regrets so far, then draws u from the run's generator and takes the deal whose cumulative
    probability first exceeds u. For every decision history h of that deal where a player i of
    the group acts, it adds ``pi_{-i}(h) (u_i(sigma, h.a) - u_i(sigma, h))`` (chance left out) to
    ``R(I(h), .)`` and ``pi_i(h) sigma(I(h), .)`` (or ``sigma`` alone, unweighted) to ``S``.
    """
    tree = game.tree
    rng = np.random.default_rng(seed)
    deals = [deal for deal, _ in game.deals()]
    cumulative = np.cumsum([p for _, p in game.deals()])
    regrets = {key: np.zeros(len(game.actions(key))) for key in game.info_sets()}
    sums = {key: np.zeros(len(game.actions(key))) for key in game.info_sets()}
    groups = [game.players] if updates == "simultaneous" else [(p,) for p in game.players]
    for _ in range(iterations):
        for group in groups:
            sigma = {key: _regret_matching(regrets[key]) for key in game.info_sets()}
            flat = tree.flatten(sigma)
            reach = tree_reach(tree, flat)  # rows: pi_c, pi_1, ..., pi_n
            value = {i: tree_values(tree, flat, i) for i in game.players}
            deal = deals[int(np.argmax(rng.random() < cumulative))]
            for h in game.decision_histories():
                key, i = game.info_set_key(h), game.player_to_act(h)
                if h.deal != deal or i not in group:
                    continue
                n = tree.index[h]
                others = math.prod(reach[j, n] for j in game.players if j != i)
                children = [tree.index[game.next_history(h, a)] for a in game.actions(key)]
                regrets[key] += others * (value[i][children] - value[i][n])
                own = reach[i, n] if averaging == "own reach" else 1.0
                sums[key] += own * sigma[key]
    return regrets, sums


@pytest.mark.parametrize("game", [KUHN, THREE], ids=repr)
@pytest.mark.parametrize("updates", ["simultaneous", "alternating"])
@pytest.mark.parametrize("averaging", ["own reach", "unweighted"])
def test_chance_sampling_run_matches_a_reference_on_exact_history_values(
    game: Game, updates: str, averaging: str
) -> None:
    iterations, seed = 30, 4
    regrets, sums = chance_sampling_reference(game, iterations, seed, updates, averaging)
    options = {"seed": seed, "updates": updates, "averaging": averaging, "checkpoints": ()}
    state = solve_sampled(game, "chance", iterations, **options).state()
    assert state.iteration == iterations
    for key in game.info_sets():
        np.testing.assert_allclose(state.cumulative_regret[key], regrets[key], atol=1e-12)
        np.testing.assert_allclose(state.strategy_sum[key], sums[key], atol=1e-12)


def _regret_matching(regret: np.ndarray) -> np.ndarray:
    positive = np.maximum(regret, 0.0)
    return (
        positive / positive.sum() if positive.sum() > 0 else np.full(regret.size, 1 / regret.size)
    )


# Runs: seeds, resuming, checkpoints, learning.


def _same_policies(first: Policy, second: Policy) -> bool:
    return all(np.array_equal(first[key], second[key]) for key in first)


def _same_tables(first: TrainingRun, second: TrainingRun) -> bool:
    """Whether two runs hold the same regrets and strategy sums, bit for bit."""
    one, two = first.state(), second.state()
    return one.iteration == two.iteration and all(
        np.array_equal(one.cumulative_regret[key], two.cumulative_regret[key])
        and np.array_equal(one.strategy_sum[key], two.strategy_sum[key])
        for key in first.game.info_sets()
    )


def _without_time(run: TrainingRun) -> list[dict]:
    """The run's checkpoints, every field but the wall time (which no two runs repeat)."""
    return [{k: v for k, v in asdict(c).items() if k != "seconds"} for c in run.history]


RUNS = [(KUHN, scheme) for scheme in SCHEMES] + [(THREE, scheme) for scheme in SCHEMES]


@pytest.mark.parametrize(("game", "scheme"), RUNS, ids=lambda x: getattr(x, "name", x))
def test_same_seed_same_run_and_different_seed_different_run(game: Game, scheme: str) -> None:
    one = solve_sampled(game, scheme, 300, seed=5, checkpoint_every=100)
    two = solve_sampled(game, scheme, 300, seed=5, checkpoint_every=100)
    other = solve_sampled(game, scheme, 300, seed=6, checkpoint_every=100)
    assert one.engine.seed == 5
    assert _same_tables(one, two)  # bit for bit
    assert _same_policies(one.average_policy(), two.average_policy())
    assert _same_policies(one.current_policy(), two.current_policy())
    assert one.engine.nodes_touched == two.engine.nodes_touched
    assert _without_time(one) == _without_time(two)
    assert not _same_policies(one.average_policy(), other.average_policy())
    assert solve_sampled(game, scheme, 10).engine.seed == 0  # the default seed


@pytest.mark.parametrize(("game", "scheme"), RUNS, ids=lambda x: getattr(x, "name", x))
def test_resuming_equals_a_straight_run(game: Game, scheme: str) -> None:
    # The straight run goes in one stretch; the resumed one stops at 100 and at every checkpoint.
    iterations = 1000 if game is KUHN else 200
    in_one_go = solve_sampled(game, scheme, iterations, seed=2, checkpoints=())
    resumed = solve_sampled(game, scheme, 100, seed=2).train(iterations - 100)
    assert resumed.iterations == in_one_go.iterations == iterations
    assert resumed.engine.nodes_touched == in_one_go.engine.nodes_touched
    assert _same_tables(in_one_go, resumed)
    straight = solve_sampled(game, scheme, iterations, seed=2)
    assert _without_time(resumed) == _without_time(straight)
    assert len(straight.history) > 10


@pytest.mark.parametrize("scheme", SCHEMES)
def test_checkpoints_measure_the_run(scheme: str) -> None:
    result = solve_sampled(KUHN, scheme, 200, seed=1, checkpoint_every=50)
    assert [c.iteration for c in result.history] == [50, 100, 150, 200]
    last = result.history[-1]
    assert last.average_exploitability == exploitability(KUHN, result.average_policy())
    assert last.current_exploitability == exploitability(KUHN, result.current_policy())
    assert last.nodes_touched == result.engine.nodes_touched
    nodes = [c.nodes_touched for c in result.history]
    assert all(later > earlier for earlier, later in zip(nodes, nodes[1:], strict=False))
    seconds = [c.seconds for c in result.history]
    assert all(s >= 0 for s in seconds) and seconds == sorted(seconds)
    assert list(result.history_table().columns)[:2] == ["iteration", "average_exploitability"]
    assert len(result.history_table()) == 4


@pytest.mark.parametrize("scheme", SCHEMES)
def test_exploitability_falls_on_kuhn(scheme: str) -> None:
    uniform = exploitability(KUHN, uniform_policy(KUHN))
    assert uniform == pytest.approx(11 / 24)
    result = solve_sampled(KUHN, scheme, 10_000, seed=0, checkpoints=(100,))
    early, late = (c.average_exploitability for c in result.history)
    assert late < early
    assert late < uniform / 10


def test_external_sampling_learns_on_leduc() -> None:
    uniform = exploitability(LEDUC, uniform_policy(LEDUC))
    result = solve_sampled(LEDUC, "external", 1000, seed=0, checkpoints=())
    assert result.history[-1].average_exploitability < uniform / 2


def test_exploration_changes_outcome_sampling() -> None:
    default = solve_sampled(KUHN, "outcome", 200, seed=0, checkpoints=())
    uniform_sampling = solve_sampled(KUHN, "outcome", 200, seed=0, exploration=1.0, checkpoints=())
    assert default.engine.exploration == DEFAULT_EXPLORATION
    assert uniform_sampling.engine.exploration == 1.0
    assert "exploration" not in default.options
    assert uniform_sampling.options == default.options | {"exploration": 1.0}
    assert not _same_policies(default.average_policy(), uniform_sampling.average_policy())


# Bad input.


@pytest.mark.parametrize(
    ("arguments", "options", "message"),
    [
        ((KUHN, "mccfr-vanilla", 10), {}, "algorithm"),
        ((KUHN, None, 10), {}, "algorithm"),
        ((KUHN, "mccfr-chance", 0), {}, "iterations"),
        ((KUHN, "mccfr-chance", -5), {}, "iterations"),
        ((KUHN, "mccfr-chance", 2.5), {}, "iterations"),
        ((KUHN, "mccfr-chance", True), {}, "iterations"),
        ((KUHN, "mccfr-outcome", 10), {"exploration": 0.0}, "exploration"),
        ((KUHN, "mccfr-outcome", 10), {"exploration": 1.5}, "exploration"),
        ((KUHN, "mccfr-outcome", 10), {"exploration": -0.1}, "exploration"),
        ((KUHN, "mccfr-outcome", 10), {"exploration": float("nan")}, "exploration"),
        ((KUHN, "mccfr-outcome", 10), {"exploration": "0.5"}, "exploration"),
        ((KUHN, "mccfr-outcome", 10), {"exploration": True}, "exploration"),
        ((KUHN, "mccfr-chance", 10), {"exploration": 0.5}, "exploration"),
        ((KUHN, "mccfr-external", 10), {"exploration": 0.5}, "exploration"),
        ((KUHN, "mccfr-chance", 10), {"seed": 1.5}, "seed"),
        ((KUHN, "mccfr-chance", 10), {"seed": "0"}, "seed"),
        ((KUHN, "mccfr-chance", 10), {"seed": -1}, "seed"),
        ((KUHN, "mccfr-chance", 10), {"seed": True}, "seed"),
        ((KUHN, "mccfr-chance", 10), {"seed": None}, "seed"),
        ((KUHN, "mccfr-chance", 10), {"updates": "sometimes"}, "updates"),
        ((KUHN, "mccfr-external", 10), {"updates": "both"}, "updates"),
        ((KUHN, "mccfr-chance", 10), {"averaging": "by luck"}, "averaging"),
        ((KUHN, "mccfr-chance", 10), {"engine": "readable"}, "engine"),
        ((KUHN, "mccfr-chance", 10), {"checkpoints": [0]}, "checkpoint"),
        (("kuhn", "mccfr-chance", 10), {}, "Game"),
    ],
)
def test_bad_options_raise_value_error(arguments: tuple, options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        solve(*arguments, **options)


def test_bad_train_and_traversal_arguments_raise_value_error() -> None:
    result = solve_sampled(KUHN, "external", 5)
    with pytest.raises(ValueError, match="iterations"):
        result.train(0)
    with pytest.raises(ValueError, match="option"):
        result.train(5, exploration=0.5)
    policy = uniform_policy(KUHN)
    with pytest.raises(ValueError, match="player"):
        sampled_traversal(KUHN, "outcome", policy, player=3)
    with pytest.raises(ValueError, match="every player"):
        sampled_traversal(KUHN, "chance", policy, player=1)
    with pytest.raises(ValueError, match="chooser"):
        sampled_traversal(KUHN, "external", policy, player=1, chooser=7)
    with pytest.raises(ValueError, match="policy"):
        sampled_traversal(KUHN, "external", {"J:": [1.0, 0.0]}, player=1)
    with pytest.raises(ValueError, match="explores"):
        sampled_traversal(KUHN, "external", policy, player=1, exploration=0.5)
    with pytest.raises(ValueError, match="exploration"):
        sampled_traversal(KUHN, "outcome", policy, player=1, exploration=0.0)
    with pytest.raises(ValueError, match="built for"):
        sampled_traversal(KUHN_4, "outcome", FixedProfile(KUHN, policy), player=1)
