"""Subgames, beliefs, counterfactual best-response values and the augmented games, each checked
against a second derivation: the dict-walk reach of Chapter 3, an enumeration of the opponent's
pure strategies, the LP of Chapter 7 against the CFR engines, and the gadgets' values from theory
(the re-solve gadget is worth the alternatives; maxmargin, minus the smallest margin)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from toy_games import GuessingGame

from lessons_lib.counterfactual import history_values, reach_probabilities
from lessons_lib.exploitability import exploitability
from lessons_lib.games import CoinToss, History, KuhnPoker, LeducPoker, RakedKuhnPoker
from lessons_lib.lp import solve_sequence_form
from lessons_lib.policy import uniform_policy
from lessons_lib.subgames import (
    MaxmarginGadget,
    ResolveGadget,
    Subgame,
    UnsafeGame,
    beliefs,
    board_subgames,
    combine,
    compare,
    compare_each,
    margins,
    public_subgame,
    reach_bonuses,
    resolve,
    resolve_all,
    root_reach,
    root_values,
    short_run_blueprint,
    solve_augmented,
    unsafe_game,
)
from lessons_lib.subgames.augmented import choice_symbols
from lessons_lib.subgames.reach import action_values, gifts
from lessons_lib.subgames.values import best_response_values

LEDUC = LeducPoker()
KUHN = KuhnPoker()


@pytest.fixture(scope="module")
def blueprint() -> dict[str, np.ndarray]:
    return short_run_blueprint(LEDUC, 12, seed=3)


# Subgames.


def test_leducs_second_round_has_fifteen_subgames_that_partition_it() -> None:
    subgames = board_subgames(LEDUC)
    assert len(subgames) == 15
    assert {s.roots[0].actions for s in subgames} == {"cc", "rc", "crc", "rrc", "crrc"}
    # 24 rank deals, 8 with each board rank: each subgame has 8 roots.
    assert all(len(s.roots) == 8 for s in subgames)
    inside = [key for s in subgames for key in s.info_sets]
    assert len(inside) == len(set(inside))
    assert set(inside) == {key for key in LEDUC.info_sets() if "/" in key}
    # Every history of the second round is in exactly one subgame.
    second_round = [
        h
        for h, history in enumerate(LEDUC.tree.histories)
        if LEDUC.board_is_public(history.actions)
    ]
    covered = np.concatenate([s.histories for s in subgames])
    assert sorted(covered.tolist()) == second_round


def test_a_subgame_holds_the_histories_below_its_roots() -> None:
    subgame = public_subgame(LEDUC, "rc", 1)
    tree = LEDUC.tree
    for h in subgame.histories:
        history = tree.histories[h]
        assert history.actions.startswith("rc") and history.deal[2] == 1
    assert subgame.name == "rc, board Q"
    assert subgame.views(1)["K|Q:rc"] == tuple(
        j for j, root in enumerate(subgame.roots) if root.deal[0] == 2
    )


def test_a_set_of_roots_that_cuts_an_information_set_is_refused() -> None:
    with pytest.raises(ValueError, match="inside and outside"):
        Subgame(KUHN, [History((0, 1), "p")])  # J:p also holds (0, 2)
    with pytest.raises(ValueError, match="inside and outside"):
        Subgame(LEDUC, [History((0, 1, 2), "rc")])


def test_beliefs_are_the_normalised_reach_of_the_dict_walk(blueprint) -> None:
    subgame = public_subgame(LEDUC, "crc", 2)
    walk = reach_probabilities(LEDUC, blueprint)
    joint = np.array([walk[root].total for root in subgame.roots])
    np.testing.assert_allclose(beliefs(subgame, blueprint), joint / joint.sum(), rtol=1e-12)
    factors = root_reach(subgame, blueprint)
    np.testing.assert_allclose(factors[1], [walk[r].player_1 for r in subgame.roots], rtol=1e-12)
    np.testing.assert_allclose(factors[2], [walk[r].player_2 for r in subgame.roots], rtol=1e-12)


def test_root_values_match_an_enumeration_of_the_opponents_pure_strategies() -> None:
    # Kuhn's subgame after player 1 checks; the opponent is player 1, who acts inside once more,
    # at J:pb, Q:pb and K:pb. CBV of each view = the best, over player 1's 8 pure choices there,
    # of sum_h pi_{-1}(h) u_1(h), from the dict walk of Chapter 3.
    rng = np.random.default_rng(5)
    policy = {key: rng.dirichlet(np.ones(2)) for key in KUHN.info_sets()}
    subgame = public_subgame(KUHN, "p")
    values = root_values(subgame, policy, 1)
    best = dict.fromkeys(values.views, -np.inf)
    for choices in itertools.product((0, 1), repeat=3):
        pure = {f"{card}:pb": np.eye(2)[c] for card, c in zip("JQK", choices, strict=True)}
        played = {**policy, **pure}
        walk, worth = reach_probabilities(KUHN, played), history_values(KUHN, played, 1)
        for view, positions in subgame.views(1).items():
            roots = [subgame.roots[j] for j in positions]
            value = sum(walk[r].excluding(1) * worth[r] for r in roots)
            best[view] = max(best[view], value)
    np.testing.assert_allclose(values.value, [best[v] for v in values.views], atol=1e-15)
    walk = reach_probabilities(KUHN, policy)
    expected_reach = [
        sum(walk[subgame.roots[j]].excluding(1) for j in positions)
        for positions in subgame.views(1).values()
    ]
    np.testing.assert_allclose(values.reach, expected_reach, rtol=1e-15)


def test_action_values_add_up_to_the_best_response_value(blueprint) -> None:
    # Player 2's first information sets: the best action values add up to its best response.
    responder = best_response_values(LEDUC, blueprint, 2)
    flat = action_values(responder)
    tree = LEDUC.tree
    first = [k for k in tree.info_sets_at_depth[1] if tree.owner[k] == 2]
    total = sum(flat[tree.actions_slice(k)].max() for k in first)
    from lessons_lib.exploitability import best_response

    assert total == pytest.approx(best_response(LEDUC, blueprint, 2)[0], abs=1e-12)
    assert all(np.all(g >= 0.0) and g.min() == 0.0 for g in gifts(responder).values())


# The augmented games and their values.


@pytest.mark.parametrize("kind", ["unsafe", "resolve", "maxmargin", "reach-resolve"])
def test_the_lp_and_cfr_plus_agree_on_the_augmented_games_value(blueprint, kind: str) -> None:
    subgame = public_subgame(LEDUC, "rc", 2)
    if kind == "unsafe":
        game = unsafe_game(subgame, blueprint)
    else:
        values = root_values(subgame, blueprint, 1)
        bonus = (
            reach_bonuses(LEDUC, blueprint, [subgame], 1)[0] if kind.startswith("reach") else None
        )
        game = (MaxmarginGadget if kind == "maxmargin" else ResolveGadget)(values, bonus)
    _, exact = solve_sequence_form(game)
    approximate = solve_augmented(game, "cfr+", iterations=3000)
    assert approximate.value == pytest.approx(exact, abs=2e-3)
    assert exploitability(game, approximate.policy) < 5e-3


@pytest.mark.parametrize("opponent", [1, 2])
def test_the_resolve_gadget_is_worth_the_alternatives(blueprint, opponent: int) -> None:
    for subgame in board_subgames(LEDUC)[::4]:
        values = root_values(subgame, blueprint, opponent)
        gadget = ResolveGadget(values)
        _, value = solve_sequence_form(gadget)
        sign = 1.0 if opponent == 1 else -1.0
        theory = float(values.value[values.reach > 0].sum() / values.root_reach.sum())
        assert sign * value == pytest.approx(theory, abs=1e-9)
        assert gadget.value_for_opponent() == pytest.approx(theory, rel=1e-12)


@pytest.mark.parametrize("method", ["resolve", "maxmargin", "reach-maxmargin"])
def test_the_margins_measured_in_the_original_game_are_the_gadgets_value(
    blueprint, method: str
) -> None:
    # Re-solve player 2 only; player 1's margins, recomputed by best responses in Leduc poker,
    # are non-negative (resolve) and their minimum is minus the gadget's value (maxmargin).
    for subgame in board_subgames(LEDUC)[1::5]:
        resolution = resolve(subgame, blueprint, method, players=(2,))
        combined = combine(blueprint, [resolution])
        before, after = root_values(subgame, blueprint, 1), root_values(subgame, combined, 1)
        bonus = reach_bonuses(LEDUC, blueprint, [subgame], 1)[0] if "reach" in method else None
        margin = margins(before, after, bonus)
        (solution,) = resolution.solutions
        if method == "resolve":
            assert np.nanmin(margin) >= -1e-9
        else:
            assert np.nanmin(margin) == pytest.approx(-solution.value, abs=1e-9)
            assert np.nanmin(margin) >= -1e-9


def test_reach_bonuses_never_give_away_more_than_the_gifts(blueprint) -> None:
    # Below player 1's raise at "K:" lie the views K|b:rc (raise, call) and, through "K:rr"
    # (call the re-raise), the views K|b:rrc: their bonuses add up to the gift of the raise plus
    # that of the call at "K:rr", no more (every view is reached here, so no less either).
    subgames = board_subgames(LEDUC)
    bonuses = reach_bonuses(LEDUC, blueprint, subgames, 1)
    given = gifts(best_response_values(LEDUC, blueprint, 1))
    for card in LEDUC.cards:
        raised = sum(
            float(bonus[j])
            for subgame, bonus in zip(subgames, bonuses, strict=True)
            for j, view in enumerate(subgame.views(1))
            if view.startswith(card) and subgame.roots[0].actions in ("rc", "rrc")
        )
        allowed = given[f"{card}:"][1] + given[f"{card}:rr"][1]
        assert raised == pytest.approx(allowed, rel=1e-12, abs=1e-15)
    # One subgame alone: its views get whole gifts, at least as much as when shared.
    alone = reach_bonuses(LEDUC, blueprint, [subgames[4]], 1)[0]
    assert np.all(alone >= bonuses[4] - 1e-15)


def test_one_subgame_alone_gets_the_sum_of_the_gifts_on_the_path(blueprint) -> None:
    # Brown and Sandholm's alternative: the blueprint value plus every gift on the opponent's
    # path. Actions are ordered (c, r) with no bet to face and (f, c, r) facing one (only (f, c)
    # after the second raise). To "crrc", player 1 checks at "X:" and re-raises at "X:cr"; to
    # "rrc", player 2 re-raises at "X:r"; to "rc", player 2 calls at "X:r".
    paths = {
        ("crrc", 1): [("{}:", 0), ("{}:cr", 2)],
        ("rrc", 1): [("{}:", 1), ("{}:rr", 1)],
        ("rrc", 2): [("{}:r", 2)],
        ("rc", 2): [("{}:r", 1)],
    }
    given = {o: gifts(best_response_values(LEDUC, blueprint, o)) for o in (1, 2)}
    for (actions, opponent), path in paths.items():
        subgame = public_subgame(LEDUC, actions, 0)
        (bonus,) = reach_bonuses(LEDUC, blueprint, [subgame], opponent)
        assert bonus.max() > 0.0  # a real gift to check
        for j, view in enumerate(subgame.views(opponent)):
            expected = sum(given[opponent][key.format(view[0])][a] for key, a in path)
            assert bonus[j] == pytest.approx(expected, rel=1e-12, abs=1e-15)


def test_the_unsafe_game_deals_roots_with_positive_belief_only() -> None:
    policy = {**uniform_policy(LEDUC), "K:": np.array([1.0, 0.0])}  # the king never raises
    subgame = public_subgame(LEDUC, "rc", 0)
    game = unsafe_game(subgame, policy)
    dealt = {subgame.roots[deal[0]].deal[0] for deal, _ in game.deals()}
    assert dealt == {0, 1}
    assert not any(key.startswith("K|") and LEDUC.player(key) == 1 for key in game.info_sets())


def test_choice_symbols_are_distinct_single_characters() -> None:
    symbols = choice_symbols(200)
    assert len(set(symbols)) == 200 and all(len(s) == 1 for s in symbols)


def test_comparisons_agree_between_one_subgame_and_the_table(blueprint) -> None:
    subgame = public_subgame(LEDUC, "cc", 0)
    table = compare_each(blueprint, [subgame], ["unsafe", "resolve"])
    single = compare(blueprint, [subgame], ["unsafe", "resolve"])
    assert table["after"].tolist() == [single.after["unsafe"], single.after["resolve"]]
    assert single.change("resolve") <= 1e-12
    assert single.blueprint == exploitability(LEDUC, blueprint)


# Bad input.


def test_bad_input_is_refused() -> None:
    subgame = public_subgame(LEDUC, "cc", 0)
    policy = uniform_policy(LEDUC)
    with pytest.raises(ValueError, match="at least one history"):
        Subgame(LEDUC, [])
    with pytest.raises(ValueError, match="not a history"):
        Subgame(LEDUC, [History((0, 0, 0), "cc")])
    with pytest.raises(ValueError, match="not terminal"):
        Subgame(KUHN, [History((0, 1), "pp")])
    with pytest.raises(ValueError, match="one depth"):
        Subgame(KUHN, [h for h in KUHN.histories() if h.actions in ("", "pb")])
    with pytest.raises(ValueError, match="twice"):
        Subgame(KUHN, [History((0, 1), "p")] * 2)
    with pytest.raises(ValueError, match="two-player zero-sum"):
        Subgame(RakedKuhnPoker(), [History((0, 1), "p")])
    with pytest.raises(ValueError, match="no board"):
        public_subgame(KUHN, "p", 0)
    with pytest.raises(ValueError, match="not public"):
        public_subgame(LEDUC, "c", 0)
    with pytest.raises(ValueError, match="no non-terminal history"):
        public_subgame(LEDUC, "cf")
    with pytest.raises(ValueError, match="never turns a board"):
        board_subgames(KUHN)
    with pytest.raises(ValueError, match="unknown method"):
        resolve(subgame, policy, "safe")
    with pytest.raises(ValueError, match="unknown solver"):
        resolve(subgame, policy, "resolve", solver="simplex")
    with pytest.raises(ValueError, match="players"):
        resolve(subgame, policy, "resolve", players=(1, 1))
    with pytest.raises(ValueError, match="overlaps"):
        resolve_all([subgame, public_subgame(LEDUC, "cc")], policy, "resolve")
    with pytest.raises(ValueError, match="policy has no entry"):
        resolve(subgame, {"J:": np.array([0.5, 0.5])}, "unsafe")
    with pytest.raises(ValueError, match="non-negative"):
        UnsafeGame(subgame, -np.ones(len(subgame.roots)))
    with pytest.raises(ValueError, match="weights"):
        UnsafeGame(subgame, [1.0])
    with pytest.raises(ValueError, match="bonus must be non-negative"):
        ResolveGadget(root_values(subgame, policy, 1), bonus=[-1.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="never reaches"):
        unsafe_game(subgame, {**policy, **{k: np.array([0.0, 1.0]) for k in ("J:", "Q:", "K:")}})
    with pytest.raises(ValueError, match="augmented_info_set"):
        public_subgame(GuessingGame(), "h").views(1)
    with pytest.raises(ValueError, match="sell_value"):
        CoinToss(1.0)
    with pytest.raises(ValueError, match="resolutions"):
        combine(policy, [])
    with pytest.raises(ValueError, match="seed"):
        compare_each(policy, [subgame], ["resolve"], seed=1)
    with pytest.raises(ValueError, match="at least one"):
        compare_each(policy, [], ["resolve"])
    with pytest.raises(ValueError, match="unknown method"):
        compare(policy, [subgame], ["resolve", "nested"])
