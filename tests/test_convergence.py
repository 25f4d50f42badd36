"""Reading a run's progress and the worst-case bound, checked against hand-made histories, numbers
derived on paper, and the guarantee of Zinkevich et al. (2007) on real CFR runs."""

from __future__ import annotations

import math

import numpy as np
import pytest

from lessons_lib import convergence as cv
from lessons_lib.cfr import Checkpoint, solve
from lessons_lib.games import KuhnPoker, LeducPoker, MultiplayerKuhnPoker, RakedKuhnPoker

KUHN = KuhnPoker()


def history_of(iterations, values):
    """A hand-made history: only the average exploitability matters here."""
    return [Checkpoint(t, v, v, 0.0) for t, v in zip(iterations, values, strict=True)]


#: A non-monotone history: it dips below 0.1 at 2, rises at 4, and stays below 0.1 from 8 on.
WIGGLY = history_of([1, 2, 4, 8, 16, 32], [0.5, 0.05, 0.2, 0.01, 0.02, 0.005])


# The checkpoint grid.


def test_grid_runs_from_one_to_stop_in_increasing_order():
    grid = cv.checkpoint_grid(20_000)
    assert grid[0] == 1 and grid[-1] == 20_000
    assert all(b > a for a, b in zip(grid, grid[1:], strict=False))
    assert {10, 100, 1_000, 10_000} <= set(grid)


def test_grid_holds_every_early_iteration():
    # Steps of 10^(k/100) are below one iteration while x (10^(1/100) - 1) < 1, i.e. x < 43.9, so
    # after rounding every integer up to 40 is a checkpoint.
    grid = cv.checkpoint_grid(1_000, per_decade=100)
    assert set(range(1, 41)) <= set(grid)


def test_grid_steps_are_as_fine_as_the_rounding_allows():
    # Consecutive points round x and 10^(1/100) x; from 100 on (x >= 99.5) their ratio is at most
    # (10^(1/100) x + 1/2) / (x - 1/2), largest at x = 99.5.
    q = 10 ** (1 / 100)
    grid = cv.checkpoint_grid(50_000, per_decade=100)
    assert cv.largest_step(grid, start=100) <= (q * 99.5 + 0.5) / 99.0
    assert cv.largest_step(grid, start=100) >= q  # and rounding never makes it finer than q


def test_a_stop_off_the_grid_is_still_included():
    tenths = [1, 2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 32]  # round(10^(k/10)) up to 37
    assert cv.checkpoint_grid(37, per_decade=10) == [*tenths, 37]


def test_largest_step_on_a_hand_made_list():
    assert cv.largest_step([1, 2, 3, 6]) == 2.0
    assert cv.largest_step([1, 2, 4, 5], start=2) == 2.0
    assert cv.largest_step([1, 2, 4, 5], start=4) == 1.25
    with pytest.raises(ValueError, match="two checkpoints"):
        cv.largest_step([1, 2, 4, 5], start=5)
    with pytest.raises(ValueError, match="increasing"):
        cv.largest_step([1, 3, 2])


# Thresholds.


def test_first_checkpoint_at_or_below_the_threshold():
    assert cv.iterations_to_reach(WIGGLY, 0.1) == 2
    assert cv.iterations_to_reach(WIGGLY, 0.01) == 8  # "at or below": equality counts
    assert cv.iterations_to_reach(WIGGLY, 0.5) == 1
    assert cv.iterations_to_reach(WIGGLY, 0.001) is None


def test_staying_below_waits_for_the_last_rise():
    assert cv.iterations_to_stay_below(WIGGLY, 0.1) == 8
    assert cv.iterations_to_stay_below(WIGGLY, 0.01) == 32
    assert cv.iterations_to_stay_below(WIGGLY, 0.001) is None
    assert cv.iterations_to_stay_below(WIGGLY, 1.0) == 1


def test_staying_below_is_never_earlier_than_first_reaching():
    for threshold in np.geomspace(1e-3, 1, 25):
        first = cv.iterations_to_reach(WIGGLY, threshold)
        stay = cv.iterations_to_stay_below(WIGGLY, threshold)
        assert (first is None) == (stay is None)
        if first is not None:
            assert stay >= first


def test_reach_table_says_when_a_threshold_is_not_reached():
    steady = history_of([1, 10, 100], [0.3, 0.03, 0.0009])
    table = cv.reach_table({"wiggly": WIGGLY, "steady": steady}, [0.1, 0.01, 0.001])
    assert list(table.index) == ["wiggly", "steady"]
    assert list(table.loc["wiggly"]) == [2, 8, "not reached within 32"]
    assert list(table.loc["steady"]) == [10, 100, 100]
    stay = cv.reach_table({"wiggly": WIGGLY}, [0.1], rule="stay")
    assert stay.iloc[0, 0] == 8
    assert cv.reach_table({"steady": steady}, [1e-6]).iloc[0, 0] == "not reached within 100"


@pytest.mark.parametrize("threshold", [0, -0.1, math.nan, math.inf, True, "0.1", None])
def test_a_threshold_must_be_a_positive_number(threshold):
    with pytest.raises(ValueError, match="threshold"):
        cv.iterations_to_reach(WIGGLY, threshold)


def test_bad_histories_are_refused():
    with pytest.raises(ValueError, match="empty"):
        cv.iterations_to_reach([], 0.1)
    with pytest.raises(ValueError, match="increasing"):
        cv.iterations_to_reach(history_of([1, 5, 5], [0.3, 0.2, 0.1]), 0.1)
    with pytest.raises(ValueError, match="Checkpoints"):
        cv.iterations_to_reach([0.3, 0.2], 0.1)
    with pytest.raises(ValueError, match="rule"):
        cv.reach_table({"wiggly": WIGGLY}, [0.1], rule="last")
    with pytest.raises(ValueError, match="at least one"):
        cv.reach_table({"wiggly": WIGGLY}, [])


def test_exploitability_at_a_checkpoint():
    assert cv.exploitability_at(WIGGLY, 16) == 0.02
    with pytest.raises(ValueError, match="not a checkpoint"):
        cv.exploitability_at(WIGGLY, 3)


def test_counts_of_a_real_run_are_checkpoints_and_match_a_scan():
    run = solve(KUHN, "cfr+", 300, checkpoints=cv.checkpoint_grid(300))
    values = {c.iteration: c.average_exploitability for c in run.history}
    for threshold in (1e-1, 1e-2, 1e-3):
        n = cv.iterations_to_reach(run.history, threshold)
        assert values[n] <= threshold
        assert all(v > threshold for t, v in values.items() if t < n)


# Rates.


def test_slope_of_an_exact_power_law():
    iterations = [1, 2, 5, 10, 50, 100, 1000]
    law = history_of(iterations, [3.0 * t**-0.7 for t in iterations])
    assert cv.fitted_slope(law) == pytest.approx(-0.7)


def test_slope_over_a_chosen_stretch():
    # 1/sqrt(T) up to 100, then 1/T (continuous at 100): each stretch has its own slope.
    iterations = [1, 10, 100, 1_000, 10_000]
    values = [t**-0.5 if t <= 100 else 10.0 / t for t in iterations]
    law = history_of(iterations, values)
    assert cv.fitted_slope(law, 1, 100) == pytest.approx(-0.5)
    assert cv.fitted_slope(law, 100) == pytest.approx(-1.0)
    with pytest.raises(ValueError, match="two checkpoints"):
        cv.fitted_slope(law, 10_000)


def test_slope_refuses_a_zero_exploitability():
    with pytest.raises(ValueError, match="zero"):
        cv.fitted_slope(history_of([1, 2], [0.1, 0.0]))


# The worst-case bound.


def test_payoff_range_of_kuhn_by_hand_and_by_enumeration():
    # Kuhn: a called bet wins or loses 2 chips, so payoffs run from -2 to +2.
    assert cv.payoff_range(KUHN) == 4.0
    for player in (1, 2):
        payoffs = [KUHN.utility(z, player) for z in KUHN.terminal_histories()]
        assert cv.payoff_range(KUHN, player) == max(payoffs) - min(payoffs)


def test_payoff_range_of_leduc_on_paper():
    # Leduc: ante 1, at most two raises of 2 in round one and two of 4 in round two: 1 + 4 + 8 = 13
    # chips at stake for each player, so payoffs run from -13 to +13.
    assert cv.payoff_range(LeducPoker()) == 26.0


def test_kuhn_bound_on_paper():
    # Delta = 4, |I_i| = 6 (three cards, each at two decision points), |A_i| = 2.
    for t in (1, 100, 20_000):
        expected = 4 * 6 * math.sqrt(2) / math.sqrt(t)
        assert cv.cfr_regret_bound(KUHN, 1, t) == pytest.approx(expected)
        assert cv.cfr_regret_bound(KUHN, 2, t) == pytest.approx(expected)
        assert cv.cfr_exploitability_bound(KUHN, t) == pytest.approx(expected)


def test_bound_grows_with_the_deck():
    # With n cards each player has 2n information sets: the bound scales with n.
    five = KuhnPoker(n_cards=5)
    assert cv.cfr_exploitability_bound(five, 400) == pytest.approx(4 * 10 * math.sqrt(2) / 20)


def test_leduc_bound_uses_its_three_actions():
    leduc = LeducPoker()
    ratio = cv.cfr_regret_bound(leduc, 1, 1) / (26.0 * len(leduc.info_sets_of(1)))
    assert ratio == pytest.approx(math.sqrt(3))  # fold, call, raise


@pytest.mark.parametrize("game", [MultiplayerKuhnPoker(3), RakedKuhnPoker()], ids=repr)
def test_each_players_regret_bound_holds_in_any_game(game):
    # Theorem 4 bounds each player's regret whatever the others play: any number of players, any
    # payoffs. Delta_i by enumeration of the terminals, two actions everywhere.
    for player in game.players:
        payoffs = [game.utility(z, player) for z in game.terminal_histories()]
        delta = max(payoffs) - min(payoffs)
        expected = delta * len(game.info_sets_of(player)) * math.sqrt(2) / math.sqrt(100)
        assert cv.cfr_regret_bound(game, player, 100) == pytest.approx(expected)


@pytest.mark.parametrize("game", [MultiplayerKuhnPoker(3), RakedKuhnPoker()], ids=repr)
def test_the_exploitability_bound_is_for_two_player_zero_sum_games_only(game):
    # Theorem 2's argument, NashConv of the average profile = the sum of the average regrets,
    # needs two players whose payoffs add up to zero; elsewhere half the sum bounds nothing.
    with pytest.raises(ValueError, match="two-player zero-sum"):
        cv.cfr_exploitability_bound(game, 100)


def test_bound_rejects_bad_iterations():
    with pytest.raises(ValueError, match="iterations"):
        cv.cfr_exploitability_bound(KUHN, 0)
    with pytest.raises(ValueError, match="player"):
        cv.cfr_regret_bound(KUHN, 3, 10)


def test_cfr_stays_within_its_guarantee():
    # Theorem 4 of Zinkevich et al. bounds every information set's average immediate regret by
    # Delta sqrt(|A|) / sqrt(T), and the exploitability of the average by the sum over the players.
    run = solve(KUHN, "cfr", 500, checkpoints=cv.checkpoint_grid(500, per_decade=20))
    for checkpoint in run.history:
        t = checkpoint.iteration
        assert checkpoint.average_exploitability <= cv.cfr_exploitability_bound(KUHN, t)
    state = run.state()
    per_info_set = cv.payoff_range(KUHN) * math.sqrt(2) / math.sqrt(500)
    for regrets in state.cumulative_regret.values():
        assert max(regrets.max(), 0.0) / 500 <= per_info_set
