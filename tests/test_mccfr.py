"""Monte Carlo CFR against derivations that do not use the sampled walks.

- Unbiasedness, exactly: for a fixed profile, the expectation over the sampling of one walk's
  regret increments must equal the exact counterfactual regrets of
  :func:`lessons_lib.counterfactual.counterfactual_values` (chance inside ``pi_{-i}``). The
  expectation is not estimated: :func:`every_walk` steps through every possible sequence of
  sampled choices, with its probability, so the comparison holds to rounding error.
- The strategy sums' expected increments against each scheme's documented weight.
- What a walk visits, against the tree: a whole deal (chance), one path (outcome), the traverser's
  actions enumerated and the opponent's sampled (external).
- Chance sampling's run against a reference built on the exact per-history reach and values.
- Seeds, resuming, learning on Kuhn and Leduc, and the ValueErrors.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence

import numpy as np
import pytest

from lessons_lib.counterfactual import counterfactual_values, history_values, reach_probabilities
from lessons_lib.exploitability import exploitability
from lessons_lib.games import Game, KuhnPoker, LeducPoker
from lessons_lib.mccfr import (
    DEFAULT_EXPLORATION,
    FixedProfile,
    SampledTraversal,
    random_chooser,
    sampled_traversal,
    solve_sampled,
)
from lessons_lib.mccfr.walk import Chooser
from lessons_lib.policy import Policy, pure_policy, uniform_policy

KUHN = KuhnPoker()
KUHN_4 = KuhnPoker(4)
LEDUC = LeducPoker()
SCHEMES = ("chance", "external", "outcome")

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
) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray], float, int]:
    """(E[regret increments], E[strategy-sum increments], total probability, number of walks)."""
    regrets = {key: np.zeros(len(game.actions(key))) for key in game.info_sets()}
    sums = {key: np.zeros(len(game.actions(key))) for key in game.info_sets()}
    profile = FixedProfile(game, policy)
    total, walks = 0.0, 0
    for probability, walk in every_walk(
        lambda chooser: sampled_traversal(
            game, scheme, profile, player, chooser=chooser, exploration=exploration
        )
    ):
        assert walk.probability == pytest.approx(probability, rel=1e-14)
        total += probability
        walks += 1
        for key, increments in walk.regrets.items():
            regrets[key] += probability * increments
        for key, increments in walk.strategy_sums.items():
            sums[key] += probability * increments
    return regrets, sums, total, walks


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
    ("external", KUHN, 1),
    ("external", KUHN, 2),
    ("external", KUHN_4, 1),
    ("external", KUHN_4, 2),
    ("outcome", KUHN, 1),
    ("outcome", KUHN, 2),
    ("outcome", KUHN_4, 1),
    ("outcome", KUHN_4, 2),
    ("outcome", LEDUC, 1),
    ("outcome", LEDUC, 2),
]


@pytest.mark.parametrize(("scheme", "game", "player"), CASES)
def test_sampled_regrets_are_unbiased_exactly(scheme: str, game: Game, player: int | None) -> None:
    for policy in (random_policy(game, 1), uniform_policy(game)):
        expected = counterfactual_values(game, policy, include_chance=True)
        regrets, _, total, _ = expectation(game, scheme, policy, player)
        assert total == pytest.approx(1.0, abs=1e-12)
        for key in game.info_sets():
            updated = player is None or game.player(key) == player
            exact = expected.regrets[key] if updated else np.zeros(len(game.actions(key)))
            np.testing.assert_allclose(regrets[key], exact, rtol=0, atol=1e-12, err_msg=key)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_unbiased_with_zero_probabilities_in_the_profile(scheme: str) -> None:
    policy = policy_with_zeros(KUHN)
    expected = counterfactual_values(KUHN, policy, include_chance=True)
    for player in (None,) if scheme == "chance" else (1, 2):
        regrets, _, total, _ = expectation(KUHN, scheme, policy, player)
        assert total == pytest.approx(1.0, abs=1e-12)
        for key in KUHN.info_sets():
            if player is None or KUHN.player(key) == player:
                np.testing.assert_allclose(regrets[key], expected.regrets[key], atol=1e-12)


@pytest.mark.parametrize("exploration", [0.1, 1.0])
def test_outcome_sampling_is_unbiased_for_any_exploration(exploration: float) -> None:
    policy = random_policy(KUHN, 2)
    expected = counterfactual_values(KUHN, policy, include_chance=True)
    for player in (1, 2):
        regrets, _, _, _ = expectation(KUHN, "outcome", policy, player, exploration)
        for key in KUHN.info_sets_of(player):
            np.testing.assert_allclose(regrets[key], expected.regrets[key], rtol=0, atol=1e-12)


def test_without_chance_the_expectation_is_off_by_the_number_of_deals() -> None:
    # The normalisation convention: the walks estimate the regrets with chance inside pi_{-i}.
    # Kuhn's six deals are equally likely, so leaving chance out multiplies every regret by 6.
    policy = random_policy(KUHN, 3)
    regrets, _, _, _ = expectation(KUHN, "chance", policy, None)
    without = counterfactual_values(KUHN, policy, include_chance=False)
    for key in KUHN.info_sets():
        np.testing.assert_allclose(6 * regrets[key], without.regrets[key], atol=1e-12)


@pytest.mark.parametrize("game", [KUHN, KUHN_4, LEDUC], ids=repr)
def test_chance_sampling_strategy_sums_expect_chance_times_own_reach(game: Game) -> None:
    policy = random_policy(game, 4)
    exact = counterfactual_values(game, policy)
    _, sums, _, walks = expectation(game, "chance", policy, None)
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
    _, sums, _, _ = expectation(game, "external", policy, player)
    for key in game.info_sets():
        if game.player(key) == player:  # the traverser's own strategy is not averaged
            np.testing.assert_array_equal(sums[key], np.zeros(len(game.actions(key))))
        else:
            weight = chance_of(game, key) * exact.own_reach[key]  # pi_c(I) pi_j(I)
            np.testing.assert_allclose(sums[key], weight * policy[key], rtol=0, atol=1e-14)


@pytest.mark.parametrize("game", [KUHN, LEDUC], ids=repr)
@pytest.mark.parametrize("player", [1, 2])
def test_outcome_sampling_averages_with_stochastic_weights(game: Game, player: int) -> None:
    policy = random_policy(game, 6)
    exact = counterfactual_values(game, policy)
    _, sums, _, _ = expectation(game, "outcome", policy, player)
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


def test_chance_sampling_run_touches_one_deal_per_iteration() -> None:
    assert solve_sampled(KUHN, "chance", 50, checkpoints=()).nodes_touched == 50 * 9
    per_deal = len(LEDUC.histories()) // len(LEDUC.deals())
    assert per_deal * len(LEDUC.deals()) == len(LEDUC.histories())  # every deal has the same tree
    assert solve_sampled(LEDUC, "chance", 20, checkpoints=()).nodes_touched == 20 * per_deal


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


def test_chance_sampling_run_matches_a_reference_on_exact_history_values() -> None:
    # Iteration t: draw u from the run's generator, take the deal whose cumulative probability
    # first exceeds u, and for every decision history h of that deal add
    # pi_{opponent}(h) (u_i(sigma^t, h.a) - u_i(sigma^t, h)) to R(I(h), .) and pi_i(h) sigma^t to S.
    iterations, seed = 30, 4
    rng = np.random.default_rng(seed)
    deals = [deal for deal, _ in KUHN.deals()]
    cumulative = np.cumsum([p for _, p in KUHN.deals()])
    regrets = {key: np.zeros(2) for key in KUHN.info_sets()}
    sums = {key: np.zeros(2) for key in KUHN.info_sets()}
    for _ in range(iterations):
        sigma = {key: _regret_matching(regrets[key]) for key in KUHN.info_sets()}
        reach = reach_probabilities(KUHN, sigma)
        value = history_values(KUHN, sigma)
        deal = deals[int(np.argmax(rng.random() < cumulative))]
        for h in KUHN.decision_histories():
            if h.deal != deal:
                continue
            key, player = KUHN.info_set_key(h), KUHN.player_to_act(h)
            sign = 1.0 if player == 1 else -1.0
            action_values = np.array([value[KUHN.next_history(h, a)] for a in "pb"])
            regrets[key] += reach[h].of(3 - player) * sign * (action_values - value[h])
            sums[key] += reach[h].of(player) * sigma[key]
    state = solve_sampled(KUHN, "chance", iterations, seed=seed, checkpoints=()).state()
    for key in KUHN.info_sets():
        np.testing.assert_allclose(state.cumulative_regret[key], regrets[key], atol=1e-12)
        np.testing.assert_allclose(state.strategy_sum[key], sums[key], atol=1e-12)


def _regret_matching(regret: np.ndarray) -> np.ndarray:
    positive = np.maximum(regret, 0.0)
    return positive / positive.sum() if positive.sum() > 0 else np.full(regret.size, 0.5)


# Runs: seeds, resuming, checkpoints, learning.


def _same_policies(first: Policy, second: Policy) -> bool:
    return all(np.array_equal(first[key], second[key]) for key in first)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_same_seed_same_run_and_different_seed_different_run(scheme: str) -> None:
    one = solve_sampled(KUHN, scheme, 300, seed=5, checkpoints=())
    two = solve_sampled(KUHN, scheme, 300, seed=5, checkpoints=())
    other = solve_sampled(KUHN, scheme, 300, seed=6, checkpoints=())
    assert one.seed == 5
    assert _same_policies(one.average_policy(), two.average_policy())
    assert _same_policies(one.current_policy(), two.current_policy())
    assert one.nodes_touched == two.nodes_touched
    assert not _same_policies(one.average_policy(), other.average_policy())
    assert solve_sampled(KUHN, scheme, 10).seed == 0  # the default seed


@pytest.mark.parametrize("scheme", SCHEMES)
def test_resuming_equals_a_straight_run(scheme: str) -> None:
    # The straight run goes in one stretch; the resumed one stops at 100 and at every checkpoint.
    in_one_go = solve_sampled(KUHN, scheme, 1000, seed=2, checkpoints=())
    resumed = solve_sampled(KUHN, scheme, 100, seed=2).train(900)
    assert resumed.iterations == in_one_go.iterations == 1000
    assert resumed.nodes_touched == in_one_go.nodes_touched
    first, second = in_one_go.state(), resumed.state()
    for key in KUHN.info_sets():
        np.testing.assert_array_equal(first.cumulative_regret[key], second.cumulative_regret[key])
        np.testing.assert_array_equal(first.strategy_sum[key], second.strategy_sum[key])
    straight = solve_sampled(KUHN, scheme, 1000, seed=2)
    assert [c.iteration for c in resumed.history] == [c.iteration for c in straight.history]
    assert [c.average_exploitability for c in resumed.history] == [
        c.average_exploitability for c in straight.history
    ]
    assert [c.nodes_touched for c in resumed.history] == [c.nodes_touched for c in straight.history]


@pytest.mark.parametrize("scheme", SCHEMES)
def test_checkpoints_measure_the_run(scheme: str) -> None:
    result = solve_sampled(KUHN, scheme, 200, seed=1, checkpoint_every=50)
    assert [c.iteration for c in result.history] == [50, 100, 150, 200]
    last = result.history[-1]
    assert last.average_exploitability == exploitability(KUHN, result.average_policy())
    assert last.current_exploitability == exploitability(KUHN, result.current_policy())
    assert last.nodes_touched == result.nodes_touched
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
    assert default.options == {} and uniform_sampling.options == {"exploration": 1.0}
    assert not _same_policies(default.average_policy(), uniform_sampling.average_policy())


# Bad input.


@pytest.mark.parametrize(
    ("arguments", "options", "message"),
    [
        ((KUHN, "vanilla", 10), {}, "sampling scheme"),
        ((KUHN, None, 10), {}, "scheme"),
        ((KUHN, "chance", 0), {}, "iterations"),
        ((KUHN, "chance", -5), {}, "iterations"),
        ((KUHN, "chance", 2.5), {}, "iterations"),
        ((KUHN, "chance", True), {}, "iterations"),
        ((KUHN, "outcome", 10), {"exploration": 0.0}, "exploration"),
        ((KUHN, "outcome", 10), {"exploration": 1.5}, "exploration"),
        ((KUHN, "outcome", 10), {"exploration": -0.1}, "exploration"),
        ((KUHN, "outcome", 10), {"exploration": float("nan")}, "exploration"),
        ((KUHN, "outcome", 10), {"exploration": "0.5"}, "exploration"),
        ((KUHN, "outcome", 10), {"exploration": True}, "exploration"),
        ((KUHN, "chance", 10), {"exploration": 0.5}, "exploration"),
        ((KUHN, "external", 10), {"exploration": 0.5}, "exploration"),
        ((KUHN, "chance", 10), {"seed": 1.5}, "seed"),
        ((KUHN, "chance", 10), {"seed": "0"}, "seed"),
        ((KUHN, "chance", 10), {"seed": -1}, "seed"),
        ((KUHN, "chance", 10), {"seed": True}, "seed"),
        ((KUHN, "chance", 10), {"seed": None}, "seed"),
        ((KUHN, "chance", 10), {"updates": "alternating"}, "updates"),
        ((KUHN, "chance", 10), {"checkpoints": [0]}, "checkpoint"),
        (("kuhn", "chance", 10), {}, "Game"),
    ],
)
def test_bad_options_raise_value_error(arguments: tuple, options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        solve_sampled(*arguments, **options)


def test_bad_train_and_traversal_arguments_raise_value_error() -> None:
    result = solve_sampled(KUHN, "external", 5)
    with pytest.raises(ValueError, match="iterations"):
        result.train(0)
    with pytest.raises(ValueError, match="option"):
        result.train(5, exploration=0.5)
    policy = uniform_policy(KUHN)
    with pytest.raises(ValueError, match="player"):
        sampled_traversal(KUHN, "outcome", policy, player=3)
    with pytest.raises(ValueError, match="both players"):
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
