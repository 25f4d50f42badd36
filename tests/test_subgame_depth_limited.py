"""Depth-limited solving of Leduc poker's first round (:mod:`lessons_lib.subgames.depth_limited`),
checked against independent derivations:

- with the blueprint as the only continuation, the depth-limited game played by the blueprint is
  worth what Leduc poker is worth under the blueprint (the leaf values add up the second round);
- with the best response to the blueprint among the continuations, the opponent's best response
  in the depth-limited game to the blueprint's first round is its best response in Leduc poker;
- the locked game (the re-solver's second round as chance) is worth what Leduc poker is worth,
  and its LP value is the exact best response that the sweep of the whole game computes;
- the inequalities that hold whatever the blueprint: each valuation's leaf value is at most the
  true best response, the values grow with the set of continuations, and the exact valuation is
  never more exploitable than the blueprint or than any other valuation.
"""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.exploitability import best_response, expected_value, exploitability
from lessons_lib.games import KuhnPoker, LeducPoker
from lessons_lib.games.base import History
from lessons_lib.subgames import short_run_blueprint
from lessons_lib.subgames.depth_limited import (
    LEAF_VALUATIONS,
    DepthLimitedGame,
    LockedContinuation,
    biased,
    continuations,
    depth_limited_game,
    first_round_keys,
    measure_depth_limited,
    resolve_first_round,
    second_round_keys,
)

LEDUC = LeducPoker()

#: (iterations, seed) of short_run_blueprint: a random strategy and a fair approximation.
BLUEPRINTS = [(1, 0), (60, 3)]

TOLERANCE = 1e-8  # HiGHS solves the LPs to about 1e-9


@pytest.fixture(scope="module", params=BLUEPRINTS, ids=lambda p: f"{p[0]}it-seed{p[1]}")
def blueprint(request):
    iterations, seed = request.param
    return short_run_blueprint(LEDUC, iterations, seed)


@pytest.fixture(scope="module")
def measured(blueprint):
    return measure_depth_limited(LEDUC, blueprint)


def leaf_choice(game: DepthLimitedGame, choice: int) -> dict[str, np.ndarray]:
    """The opponent's leaf keys, all choosing continuation ``choice``."""
    keys = [k for k in game.info_sets() if k.startswith("leaf|")]
    return {key: np.eye(len(game.options))[choice] for key in keys}


def test_the_leaves_are_where_the_first_round_ends() -> None:
    game = depth_limited_game(LEDUC, short_run_blueprint(LEDUC, 1, 0), 1, "blueprint")
    leaves = {k.split(":")[1] for k in game.info_sets() if k.startswith("leaf|")}
    assert leaves == {"cc", "rc", "crc", "rrc", "crrc"}
    # Player 2 chooses, holding its card: 3 ranks x 5 sequences; first-round keys unchanged.
    assert len([k for k in game.info_sets() if k.startswith("leaf|")]) == 15
    assert set(first_round_keys(LEDUC)) < set(game.info_sets())
    assert all(game.player(k) == 2 for k in game.info_sets() if k.startswith("leaf|"))


def test_the_blueprint_alone_adds_up_the_second_round(blueprint) -> None:
    for player in (1, 2):
        game = depth_limited_game(LEDUC, blueprint, player, "blueprint")
        first = {k: blueprint[k] for k in first_round_keys(LEDUC)}
        value = expected_value(game, {**first, **leaf_choice(game, 0)})
        assert value == pytest.approx(expected_value(LEDUC, blueprint), abs=1e-12)


def test_with_the_best_response_among_them_the_continuations_see_the_whole_best_response(
    blueprint,
) -> None:
    for player in (1, 2):
        opponent = 3 - player
        game = depth_limited_game(LEDUC, blueprint, player, "biased+br")
        first = {k: blueprint[k] for k in first_round_keys(LEDUC) if LEDUC.player(k) == player}
        found, _ = best_response(game, first, opponent)
        whole, _ = best_response(LEDUC, blueprint, opponent)
        assert found == pytest.approx(whole, abs=1e-12)
        # With the blueprint alone the opponent sees less (or as much).
        alone = depth_limited_game(LEDUC, blueprint, player, "blueprint")
        assert best_response(alone, first, opponent)[0] <= whole + 1e-12


def test_the_locked_game_is_leduc_with_the_second_round_as_chance(blueprint) -> None:
    for player in (1, 2):
        locked = LockedContinuation(LEDUC, blueprint, player)
        assert not set(second_round_keys(LEDUC, player)) & set(locked.info_sets())
        free = {k: v for k, v in blueprint.items() if k in set(locked.info_sets())}
        assert expected_value(locked, free) == pytest.approx(
            expected_value(LEDUC, blueprint), 1e-12
        )


def test_valuations_order_and_the_exact_one_is_the_best_response(blueprint, measured) -> None:
    before = {o: best_response(LEDUC, blueprint, o)[0] for o in (1, 2)}
    for player in (1, 2):
        solutions = [measured.solutions[v][player - 1] for v in LEAF_VALUATIONS]
        for solution in solutions:
            assert solution.leaf_value <= solution.true_value + TOLERANCE
            assert solution.missed >= -TOLERANCE
        leaf_values = [s.leaf_value for s in solutions]
        assert all(a <= b + TOLERANCE for a, b in zip(leaf_values, leaf_values[1:], strict=False))
        exact = solutions[-1]
        assert exact.true_value == pytest.approx(exact.leaf_value, abs=TOLERANCE)
        assert exact.true_value <= before[3 - player] + TOLERANCE
        assert all(exact.true_value <= s.true_value + TOLERANCE for s in solutions)
    for valuation in LEAF_VALUATIONS:
        pair = measured.solutions[valuation]
        half_sum = (pair[0].true_value + pair[1].true_value) / 2
        assert measured.after[valuation] == pytest.approx(half_sum, abs=1e-12)
    assert measured.blueprint == pytest.approx(exploitability(LEDUC, blueprint), abs=1e-15)
    assert measured.after["exact"] <= measured.blueprint + TOLERANCE


def test_the_re_solve_plays_its_own_first_round_and_the_blueprints_second(blueprint) -> None:
    solution = resolve_first_round(LEDUC, blueprint, 2, "biased")
    assert set(solution.policy) == {k for k in first_round_keys(LEDUC) if LEDUC.player(k) == 2}
    played = {**blueprint, **solution.policy}
    assert solution.true_value == pytest.approx(best_response(LEDUC, played, 1)[0], abs=1e-12)


def test_biased_continuations_by_hand() -> None:
    blueprint = short_run_blueprint(LEDUC, 1, 0)
    key = next(k for k in second_round_keys(LEDUC, 2) if LEDUC.actions(k) == ("f", "c", "r"))
    p = blueprint[key]
    for action, position in (("f", 0), ("c", 1), ("r", 2)):
        weights = p.copy()
        weights[position] *= 5.0
        assert np.allclose(biased(LEDUC, blueprint, 2, action)[key], weights / weights.sum())
    check_only = next(k for k in second_round_keys(LEDUC, 2) if LEDUC.actions(k) == ("c", "r"))
    assert np.allclose(biased(LEDUC, blueprint, 2, "f")[check_only], blueprint[check_only])
    assert len(continuations(LEDUC, blueprint, 2, "biased+br")) == 5


def test_bad_input_is_refused() -> None:
    blueprint = short_run_blueprint(LEDUC, 1, 0)
    with pytest.raises(ValueError, match="valuation"):
        depth_limited_game(LEDUC, blueprint, 1, "network")
    with pytest.raises(ValueError, match="player"):
        depth_limited_game(LEDUC, blueprint, 3, "blueprint")
    with pytest.raises(ValueError, match="LeducPoker"):
        depth_limited_game(KuhnPoker(), blueprint, 1, "blueprint")
    with pytest.raises(ValueError, match="at least one"):
        DepthLimitedGame(LEDUC, blueprint, 1, [])
    with pytest.raises(ValueError, match=r"options\[0\]"):
        DepthLimitedGame(LEDUC, blueprint, 1, [{"J:": np.array([0.5, 0.5])}])
    with pytest.raises(ValueError, match="factor"):
        biased(LEDUC, blueprint, 2, "r", factor=0.5)
    with pytest.raises(ValueError, match="once each"):
        measure_depth_limited(LEDUC, blueprint, ["exact", "exact"])
    game = depth_limited_game(LEDUC, blueprint, 1, "blueprint")
    with pytest.raises(ValueError, match="beyond the depth limit"):
        game.is_terminal(History((0, 1, 2), "ccc"))
    with pytest.raises(ValueError, match="unknown information set"):
        game.actions("J|Q:cc/")
