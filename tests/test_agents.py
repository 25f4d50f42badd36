"""Agents, hands and the fast simulation, checked against exact values and hand-worked hands."""

import numpy as np
import pytest

from lessons_lib.agents import Agent, Hand, HumanAgent, PlayedHand, PolicyAgent, play_hand
from lessons_lib.counterfactual import history_values, reach_probabilities
from lessons_lib.exploitability import expected_value
from lessons_lib.games import History, KuhnPoker
from lessons_lib.kuhn_equilibria import nash_equilibrium
from lessons_lib.policy import pure_policy, two_action_policy, uniform_policy
from lessons_lib.simulation import mean_and_interval, sample_hands, simulate

GAME = KuhnPoker()
J, Q, K = 0, 1, 2


def bet_everything(game):
    """Both players bet and call with every card (every hand is 'bb')."""
    return pure_policy(game, dict.fromkeys(game.info_sets(), "b"))


def random_policy(game, seed):
    rng = np.random.default_rng(seed)
    keys = game.info_sets()
    return two_action_policy(game, dict(zip(keys, rng.random(len(keys)), strict=True)))


# Agents.


def test_policy_agent_draws_actions_with_the_policy_frequencies():
    policy = nash_equilibrium(1 / 6)  # P(bet J) = 1/6, P(bet K) = 1/2, P(bet Q) = 0
    agent, rng, draws = PolicyAgent(policy), np.random.default_rng(3), 10_000
    for key, p in (("J:", 1 / 6), ("K:", 1 / 2), ("Q:pb", 1 / 2)):
        bets = sum(agent.act(GAME, key, rng) == "b" for _ in range(draws))
        # Binomial: the count is within 4 standard deviations of n p (fails with odds ~ 6e-5).
        assert abs(bets - draws * p) < 4 * np.sqrt(draws * p * (1 - p)), key
    assert {agent.act(GAME, "Q:", rng) for _ in range(2_000)} == {"p"}  # probability 0: never


def test_policy_agent_is_reproducible_with_the_same_seed():
    agent = PolicyAgent(uniform_policy(GAME))
    rng_a, rng_b = np.random.default_rng(9), np.random.default_rng(9)
    assert [agent.act(GAME, "K:b", rng_a) for _ in range(50)] == [
        agent.act(GAME, "K:b", rng_b) for _ in range(50)
    ]


def test_policy_agent_rejects_bad_input():
    with pytest.raises(ValueError, match="policy"):
        PolicyAgent([0.5, 0.5])
    with pytest.raises(ValueError, match="sum to 1"):
        PolicyAgent({"J:": [0.7, 0.7]})
    agent = PolicyAgent({"J:": [0.5, 0.5]})
    with pytest.raises(ValueError, match="no entry"):
        agent.act(GAME, "Q:", np.random.default_rng(0))
    with pytest.raises(ValueError, match="Generator"):
        agent.act(GAME, "J:", 0)
    with pytest.raises(ValueError, match="unknown information set"):
        agent.act(GAME, "A:", np.random.default_rng(0))
    with pytest.raises(ValueError, match="entries"):
        PolicyAgent({"J:": [0.2, 0.3, 0.5]}).act(GAME, "J:", np.random.default_rng(0))


# Whole hands.


def test_play_hand_with_pure_policies_follows_the_rules():
    bots = (PolicyAgent(bet_everything(GAME)), PolicyAgent(bet_everything(GAME)))
    for deal, _ in GAME.deals():
        played = play_hand(GAME, bots, deal, np.random.default_rng(0))
        assert isinstance(played, PlayedHand)
        assert played.history == History(deal, "bb")
        # Bet and call: a showdown for 2 chips, won by the higher card.
        assert played.payoff == (2.0 if deal[0] > deal[1] else -2.0)

    # Player 1 checks and folds to a bet; player 2 bets after a check: "pbp", player 1 loses 1.
    checker = PolicyAgent(pure_policy(GAME, dict.fromkeys(GAME.info_sets_of(1), "p")))
    played = play_hand(GAME, (checker, bots[1]), (K, J), np.random.default_rng(0))
    assert played == PlayedHand(History((K, J), "pbp"), -1.0)


def test_play_hand_always_ends_at_a_terminal_history_with_its_payoff():
    policy = uniform_policy(GAME)  # every ending has probability at least 1/6 * 1/8 = 1/48
    bots = (PolicyAgent(policy), PolicyAgent(policy))
    rng = np.random.default_rng(2)
    seen = set()
    for _ in range(1_000):
        history, payoff = play_hand(GAME, bots, None, rng)
        assert GAME.is_terminal(history)
        assert payoff == GAME.payoff(history)
        seen.add(history)
    assert len(seen) == len(GAME.terminal_histories())  # all 30 endings occur in 1,000 hands


def test_a_hand_waits_for_the_person_and_lets_the_bot_move():
    person, bot = HumanAgent(), PolicyAgent(bet_everything(GAME))
    hand = Hand(GAME, (bot, person), np.random.default_rng(0), deal=(Q, K))
    assert hand.history == History((Q, K), "b")  # the bot, player 1, bet at once
    assert (hand.player_to_act, hand.key, hand.legal_actions()) == (2, "K:b", ("p", "b"))
    with pytest.raises(ValueError, match="not over"):
        _ = hand.payoff
    with pytest.raises(ValueError, match="unknown action"):
        hand.apply("x")
    hand.apply("b")  # call
    assert hand.is_over and hand.history == History((Q, K), "bb") and hand.payoff == -2.0
    with pytest.raises(ValueError, match="over"):
        hand.apply("p")

    hand = Hand(GAME, (person, bot), np.random.default_rng(0), deal=(J, Q))
    hand.apply("p")  # the person checks, the bot bets, the person decides again
    assert hand.history.actions == "pb" and hand.key == "J:pb"
    hand.apply("p")
    assert hand.payoff == -1.0


class Undecided(Agent):
    """An agent that is never ready: a Hand must wait for it, yet it is not a person."""

    @property
    def ready(self):
        return False

    def act(self, game, key, rng):
        raise AssertionError("never asked")


def test_a_hand_takes_moves_only_for_a_person():
    hand = Hand(GAME, (Undecided(), HumanAgent()), np.random.default_rng(0), deal=(K, Q))
    assert hand.history.actions == ""
    with pytest.raises(ValueError, match="not by a person"):
        hand.apply("b")


def test_play_hand_refuses_a_person():
    agents = (PolicyAgent(bet_everything(GAME)), HumanAgent())
    with pytest.raises(ValueError, match="waits for a person"):
        play_hand(GAME, agents, (J, Q), np.random.default_rng(0))


def test_hands_reject_bad_input():
    bot = PolicyAgent(bet_everything(GAME))
    with pytest.raises(ValueError, match="two agents"):
        play_hand(GAME, (bot,), (J, Q), np.random.default_rng(0))
    with pytest.raises(ValueError, match="must be an Agent"):
        play_hand(GAME, (bot, "bot"), (J, Q), np.random.default_rng(0))
    with pytest.raises(ValueError, match="not a deal"):
        play_hand(GAME, (bot, bot), (J, J), np.random.default_rng(0))
    with pytest.raises(ValueError, match="Generator"):
        play_hand(GAME, (bot, bot), (J, Q), 42)
    with pytest.raises(ValueError, match="not chosen"):
        HumanAgent().act(GAME, "J:", np.random.default_rng(0))


# The fast simulation.


@pytest.mark.parametrize("alpha", [0.0, 0.2, 1 / 3])
def test_simulated_mean_converges_to_the_exact_value(alpha):
    policy = nash_equilibrium(alpha)
    payoffs = simulate(GAME, policy, policy, 200_000, seed=11)
    mean, half_width = mean_and_interval(payoffs, confidence=0.95)
    stderr = half_width / 1.959963984540054
    assert abs(mean - expected_value(GAME, policy)) < 4 * stderr


def test_simulation_of_an_unbalanced_match_and_a_bigger_deck():
    # Player 1 uniform against player 2's equilibrium, and random play with 5 cards.
    cases = [
        (GAME, uniform_policy(GAME), nash_equilibrium(0.1)),
        (KuhnPoker(5), random_policy(KuhnPoker(5), 4), random_policy(KuhnPoker(5), 5)),
    ]
    for game, first, second in cases:
        payoffs = simulate(game, first, second, 200_000, seed=12)
        mean, half_width = mean_and_interval(payoffs)
        exact = expected_value(game, {**first, **{k: second[k] for k in game.info_sets_of(2)}})
        assert abs(mean - exact) < 4 * half_width / 1.96


def test_simulated_endings_have_the_reach_probabilities():
    policy = random_policy(GAME, 7)
    hands = sample_hands(GAME, policy, policy, 300_000, seed=3)
    counts = np.bincount(hands.terminals, minlength=len(GAME.tree.histories))
    reach = reach_probabilities(GAME, policy)
    n = len(hands.payoffs)
    for index, history in enumerate(GAME.tree.histories):
        p = reach[history].total
        if GAME.is_terminal(history):
            assert abs(counts[index] - n * p) < 5 * np.sqrt(n * p * (1 - p)) + 1e-9, history
        else:
            assert counts[index] == 0
    deals = np.bincount(hands.deals, minlength=6)
    assert np.all(np.abs(deals - n / 6) < 5 * np.sqrt(n * (1 / 6) * (5 / 6)))
    assert np.array_equal(hands.payoffs, GAME.tree.utility(1)[hands.terminals])


def test_pure_policies_reproduce_the_deterministic_payoffs_exactly():
    choices = {key: "b" if GAME.parse_key(key)[0] == "K" else "p" for key in GAME.info_sets()}
    policy = pure_policy(GAME, choices)
    hands = sample_hands(GAME, policy, policy, 5_000, seed=8)
    per_deal = history_values(GAME, policy)  # exact, and deterministic for a pure profile
    bots = (PolicyAgent(policy), PolicyAgent(policy))
    for d, (deal, _) in enumerate(GAME.deals()):
        mine = hands.payoffs[hands.deals == d]
        played = play_hand(GAME, bots, deal, np.random.default_rng(0))
        assert mine.size > 0
        assert np.all(mine == played.payoff)
        assert np.all(mine == per_deal[GAME.initial_history(deal)])


def test_simulation_is_reproducible_with_a_seed():
    policy = nash_equilibrium(1 / 6)
    first = simulate(GAME, policy, policy, 1_000, seed=4)
    assert np.array_equal(first, simulate(GAME, policy, policy, 1_000, seed=4))
    assert not np.array_equal(first, simulate(GAME, policy, policy, 1_000, seed=5))
    generator = simulate(GAME, policy, policy, 1_000, seed=np.random.default_rng(4))
    assert np.array_equal(first, generator)
    assert first.shape == (1_000,) and first.dtype == float


@pytest.mark.parametrize("hands", [0, -3, 1.5, True, "10"])
def test_simulate_rejects_a_bad_number_of_hands(hands):
    policy = nash_equilibrium(0.0)
    with pytest.raises(ValueError, match="hands"):
        simulate(GAME, policy, policy, hands, seed=0)


def test_simulate_rejects_mismatched_games_and_bad_seeds():
    three, four = nash_equilibrium(0.0), uniform_policy(KuhnPoker(4))
    with pytest.raises(ValueError, match="policy_1 does not fit"):
        simulate(GAME, four, three, 10, seed=0)
    with pytest.raises(ValueError, match="policy_2 does not fit"):
        simulate(KuhnPoker(4), four, three, 10, seed=0)
    with pytest.raises(ValueError, match="policy_2 does not fit"):
        simulate(GAME, three, {"J:": [1.0, 0.0]}, 10, seed=0)
    for seed in (-1, 1.5, "0", None):
        with pytest.raises(ValueError, match="seed"):
            simulate(GAME, three, three, 10, seed=seed)


# The interval.


def test_mean_and_interval_on_a_small_sample_by_hand():
    # Mean 1/2; deviations 1/2, -3/2, 1/2, 1/2, squares sum to 3, s^2 = 3/3 = 1; half-width is
    # z * 1 / sqrt(4) with z = 1.959964 for 95% and 2.575829 for 99%.
    mean, half = mean_and_interval([1, -1, 1, 1])
    assert mean == 0.5 and half == pytest.approx(1.959963984540054 / 2)
    assert mean_and_interval([1, -1, 1, 1], confidence=0.99)[1] == pytest.approx(2.5758293035 / 2)
    assert mean_and_interval([2.0, 2.0]) == (2.0, 0.0)


def test_the_interval_covers_the_exact_value_about_as_often_as_stated():
    # 2,000 independent sessions of 400 equilibrium hands: about 95% of the intervals cover
    # -1/18. The count of covering sessions is binomial; allow 4 standard deviations.
    policy = nash_equilibrium(1 / 6)
    payoffs = simulate(GAME, policy, policy, 2_000 * 400, seed=21).reshape(2_000, 400)
    exact = expected_value(GAME, policy)
    covered = 0
    for session in payoffs:
        mean, half = mean_and_interval(session)
        covered += abs(mean - exact) <= half
    assert abs(covered - 1_900) < 4 * np.sqrt(2_000 * 0.95 * 0.05)


@pytest.mark.parametrize(
    ("payoffs", "confidence", "message"),
    [
        ([1.0], 0.95, "at least two"),
        ([], 0.95, "non-empty"),
        ([1.0, np.nan], 0.95, "non-finite"),
        ([1.0, 2.0], 1.0, "between 0 and 1"),
        ([1.0, 2.0], 0.0, "between 0 and 1"),
        ([1.0, 2.0], "high", "confidence"),
    ],
)
def test_mean_and_interval_rejects_bad_input(payoffs, confidence, message):
    with pytest.raises(ValueError, match=message):
        mean_and_interval(payoffs, confidence)
