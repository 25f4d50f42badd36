"""The solver core generalises: games of three players, general-sum games, chance inside the tree.

Each claim is checked against something independent of the code it tests:

- three-player Kuhn poker (:class:`MultiplayerKuhnPoker`) against OpenSpiel's
  ``kuhn_poker(players=3)``: CFR's NashConv after 10 and 30 iterations equals OpenSpiel's
  (numbers recorded from OpenSpiel 2.0.2, ``open_spiel.python.algorithms.cfr``), and the two-player
  case against :class:`KuhnPoker`;
- NashConv, in three-player Kuhn poker and in Kuhn poker with a rake (a general-sum game),
  against an enumeration of every pure strategy of each player;
- games with chance inside the tree against the same games with all chance at the root.
"""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.cfr import solve
from lessons_lib.exploitability import expected_values, exploitability, nash_conv
from lessons_lib.games import KuhnPoker
from lessons_lib.games.base import Game, History, TwoPlayerZeroSumGame
from lessons_lib.games.multiplayer_kuhn import MultiplayerKuhnPoker
from lessons_lib.games.raked_kuhn import RakedKuhnPoker
from lessons_lib.lp import sequence_form
from lessons_lib.policy import Policy, uniform_policy

THREE = MultiplayerKuhnPoker(3)
RAKED = RakedKuhnPoker(0.1)

#: OpenSpiel 2.0.2's NashConv of the average policy of CFR on kuhn_poker(players=3): its
#: CFRSolver (alternating updates), _CFRSolver(alternating_updates=False) and CFRPlusSolver.
OPENSPIEL_NASH_CONV = {
    ("cfr", "alternating"): {10: 0.3124812059300961, 30: 0.10577350265069085},
    ("cfr", "simultaneous"): {10: 0.3919022736105466, 30: 0.18456974876058846},
    ("cfr+", "alternating"): {10: 0.14933017560455653, 30: 0.02416586514990582},
}
#: OpenSpiel's NashConv of the uniform policy of kuhn_poker(players=3).
OPENSPIEL_UNIFORM_NASH_CONV = 2.0624999999999996


def random_policy(game: Game, seed: int) -> Policy:
    """A policy with every probability drawn at random (seeded)."""
    rng = np.random.default_rng(seed)
    policy = {}
    for key in game.info_sets():
        weights = rng.random(len(game.actions(key))) + 0.05
        policy[key] = weights / weights.sum()
    return policy


# --- NashConv by enumerating pure strategies ------------------------------------------------


def terminal_paths(game: Game) -> list[tuple[float, tuple[float, ...], list[tuple[int, str, int]]]]:
    """Every terminal history as (chance's probability, returns, the decisions on its path as
    (player, information set, action index)), found by walking the rules (not the tree arrays)."""
    paths = []

    def walk(history: History, chance: float, decisions: list) -> None:
        if game.is_terminal(history):
            paths.append((chance, tuple(game.returns(history)), decisions))
            return
        if game.is_chance(history):
            for outcome, p in game.chance_outcomes(history):
                walk(game.next_history(history, outcome), chance * p, decisions)
            return
        key = game.info_set_key(history)
        for a, action in enumerate(game.actions(key)):
            step = (game.player(key), key, a)
            walk(game.next_history(history, action), chance, [*decisions, step])

    for deal, p in game.deals():
        walk(game.initial_history(deal), p, [])
    return paths


def enumerated_nash_conv(game: Game, policy: Policy) -> float:
    """``sum_i (max over i's pure strategies of u_i - u_i(policy))``, every pure strategy of every
    player enumerated (vectorised over the strategies), the others playing ``policy``."""
    paths = terminal_paths(game)
    total = 0.0
    for player in game.players:
        keys = game.info_sets_of(player)
        column = {key: j for j, key in enumerate(keys)}
        widths = [len(game.actions(key)) for key in keys]
        # Every pure strategy of the player: one action index per information set.
        grid = np.indices(widths).reshape(len(keys), -1).T
        best = np.zeros(len(grid))
        value = 0.0
        for chance, returns, decisions in paths:
            others, played, mine = chance, chance, np.ones(len(grid), dtype=bool)
            for who, key, a in decisions:
                played *= policy[key][a]
                if who == player:
                    mine &= grid[:, column[key]] == a
                else:
                    others *= policy[key][a]
            best += mine * (others * returns[player - 1])
            value += played * returns[player - 1]
        total += best.max() - value
    return total


@pytest.mark.parametrize("game", [THREE, RAKED, KuhnPoker()], ids=repr)
@pytest.mark.parametrize("seed", [0, 1])
def test_nash_conv_is_what_pure_strategies_enumerated_gain(game: Game, seed: int) -> None:
    policy = random_policy(game, seed)
    assert nash_conv(game, policy) == pytest.approx(enumerated_nash_conv(game, policy), abs=1e-12)


def test_the_uniform_policy_of_three_player_kuhn_poker_as_openspiel_measures_it() -> None:
    assert nash_conv(THREE, uniform_policy(THREE)) == pytest.approx(
        OPENSPIEL_UNIFORM_NASH_CONV, abs=1e-12
    )
    assert exploitability(THREE, uniform_policy(THREE)) == pytest.approx(
        OPENSPIEL_UNIFORM_NASH_CONV / 3, abs=1e-12
    )


# --- Three-player Kuhn poker ------------------------------------------------------------------


def test_three_player_kuhn_poker_has_openspiels_shape() -> None:
    tree = THREE.tree
    assert THREE.num_players == 3 and THREE.players == (1, 2, 3)
    assert len(THREE.deals()) == 24 and int(tree.terminal.sum()) == 312
    assert len(THREE.info_sets()) == 48  # 4 cards x 12 action sequences
    assert {THREE.player(key) for key in THREE.info_sets()} == {1, 2, 3}
    assert np.allclose(tree.returns[:, tree.terminal].sum(axis=0), 0.0)  # zero-sum


@pytest.mark.parametrize(
    ("deal", "actions", "returns"),
    [
        ((0, 1, 2), "ppp", (-1, -1, 2)),  # everybody checks: the highest card takes 3 antes
        ((3, 1, 2), "ppbpp", (-1, -1, 2)),  # player 3 bets, both fold: it wins the antes
        ((0, 1, 2), "pbpb", (-2, 3, -1)),  # player 2 bets, 3 folds, 1 calls and loses to 2
        ((2, 1, 0), "bbb", (4, -2, -2)),  # everybody in: the queen beats the jack and the ten
        ((0, 3, 2), "bpb", (-2, -1, 3)),  # 2 folds its ace; 3 calls and beats player 1
    ],
)
def test_three_player_returns_by_hand(deal, actions, returns) -> None:
    assert THREE.returns(History(deal, actions)) == tuple(float(r) for r in returns)


def test_two_player_kuhn_poker_is_kuhn_poker() -> None:
    two, kuhn = MultiplayerKuhnPoker(2), KuhnPoker()
    assert two.info_sets() == kuhn.info_sets()
    for z in kuhn.terminal_histories():
        assert two.returns(z) == kuhn.returns(z)
    policy = random_policy(kuhn, 3)
    assert nash_conv(two, policy) == nash_conv(kuhn, policy)


@pytest.mark.parametrize(("algorithm", "updates"), list(OPENSPIEL_NASH_CONV))
def test_cfr_on_three_player_kuhn_poker_is_openspiels(algorithm: str, updates: str) -> None:
    run = solve(THREE, algorithm, 30, updates=updates, checkpoints=[10, 30])
    assert run.engine.name == "readable"  # the only exact engine for three players
    found = {c.iteration: 3 * c.average_exploitability for c in run.history}
    expected = OPENSPIEL_NASH_CONV[algorithm, updates]
    assert found == pytest.approx(expected, abs=1e-12)


def test_external_sampling_learns_three_player_kuhn_poker() -> None:
    run = solve(THREE, "mccfr-external", 3000, seed=0, checkpoints=[30, 3000])
    first, last = run.history
    assert last.average_exploitability < first.average_exploitability / 3
    again = solve(THREE, "mccfr-external", 30, seed=0, checkpoints=[30]).history[0]
    same = ("average_exploitability", "current_exploitability", "average_value", "nodes_touched")
    assert all(getattr(again, name) == getattr(first, name) for name in same)  # bit for bit


@pytest.mark.parametrize("engine", ["public-tree", "sequence-form"])
def test_the_two_player_engines_refuse_three_players_and_say_why(engine: str) -> None:
    needs = {
        "public-tree": "a two-player zero-sum game with a public tree",
        "sequence-form": "a two-player game",
    }[engine]
    with pytest.raises(ValueError, match=f"the {engine} engine needs {needs}; .* has 3 players"):
        solve(THREE, "cfr", 1, engine=engine)


def test_the_linear_program_refuses_three_players() -> None:
    with pytest.raises(ValueError, match="two-player zero-sum game"):
        sequence_form(THREE)


# --- A general-sum game: Kuhn poker with a rake -------------------------------------------------


def test_the_rake_comes_out_of_the_pot_its_winner_takes() -> None:
    assert RAKED.returns(History((2, 0), "pp")) == pytest.approx((1 - 0.2, -1))
    assert RAKED.returns(History((0, 2), "bp")) == pytest.approx((1 - 0.3, -1))
    assert RAKED.returns(History((0, 2), "pbb")) == pytest.approx((-2, 2 - 0.4))
    kuhn = KuhnPoker()
    assert RAKED.info_sets() == kuhn.info_sets() and not RAKED.zero_sum


def test_a_general_sum_game_has_no_exploitability_but_a_nash_conv() -> None:
    with pytest.raises(ValueError, match="zero-sum games.*nash_conv"):
        exploitability(RAKED, uniform_policy(RAKED))
    with pytest.raises(ValueError, match="public-tree engine needs .*is not declared zero-sum"):
        solve(RAKED, "cfr", 1, engine="public-tree")
    values = expected_values(RAKED, uniform_policy(RAKED))
    assert sum(values) < 0  # the house's cut


def test_the_engines_agree_on_a_general_sum_game() -> None:
    readable = solve(RAKED, "cfr", 50, engine="readable", checkpoints=[50])
    sequence = solve(RAKED, "cfr", 50, engine="sequence-form", checkpoints=[50])
    for key in RAKED.info_sets():
        assert np.allclose(
            readable.average_policy()[key], sequence.average_policy()[key], atol=1e-12
        )
    assert readable.history[0].average_exploitability == pytest.approx(
        sequence.history[0].average_exploitability, abs=1e-12
    )
    assert readable.history[0].average_exploitability < readable.history[0].current_exploitability


# --- Chance inside the tree ---------------------------------------------------------------------


class KuhnDealtInTheTree(TwoPlayerZeroSumGame):
    """Kuhn poker with no deal at the root: two chance nodes deal player 1's card, then player
    2's, as the first two steps of every history (one letter each, the card's rank)."""

    name = "kuhn_dealt_in_the_tree"

    def __init__(self) -> None:
        self.kuhn = KuhnPoker()

    @property
    def parameters(self) -> dict[str, object]:
        return {}

    def deals(self):
        return [((), 1.0)]

    def _split(self, history: History) -> tuple[tuple[int, ...], str]:
        dealt = tuple(int(c) for c in history.actions[:2])
        return dealt, history.actions[2:]

    def _kuhn(self, history: History) -> History:
        dealt, actions = self._split(history)
        return History(dealt, actions)

    def is_chance(self, history: History) -> bool:
        return len(history.actions) < 2

    def chance_outcomes(self, history: History):
        dealt = {int(c) for c in history.actions}
        left = [c for c in range(3) if c not in dealt]
        return tuple((str(c), 1.0 / len(left)) for c in left)

    def is_terminal(self, history: History) -> bool:
        return len(history.actions) >= 2 and self.kuhn.is_terminal(self._kuhn(history))

    def player_to_act(self, history: History) -> int:
        return self.kuhn.player_to_act(self._kuhn(history))

    def legal_actions(self, history: History) -> tuple[str, ...]:
        if self.is_chance(history):
            return tuple(outcome for outcome, _ in self.chance_outcomes(history))
        return self.kuhn.legal_actions(self._kuhn(history))

    def payoff(self, history: History) -> float:
        return self.kuhn.payoff(self._kuhn(history))

    def info_set_key(self, history: History) -> str:
        return self.kuhn.info_set_key(self._kuhn(history))

    def info_sets(self) -> tuple[str, ...]:
        return self.kuhn.info_sets()

    def actions(self, key: str) -> tuple[str, ...]:
        return self.kuhn.actions(key)

    def player(self, key: str) -> int:
        return self.kuhn.player(key)


INSIDE = KuhnDealtInTheTree()


def test_chance_inside_the_tree_is_laid_out_with_its_probabilities() -> None:
    tree = INSIDE.tree
    assert tree.levels[0] == slice(0, 1) and tree.is_chance[0]
    assert tree.is_chance.sum() == 1 + 3  # the root, then one node per card of player 1
    terminals = np.flatnonzero(tree.terminal)
    assert np.allclose(tree.chance[terminals], 1 / 6) and tree.chance[terminals].size == 30


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_dealing_in_the_tree_changes_no_value(seed: int) -> None:
    kuhn, policy = KuhnPoker(), random_policy(KuhnPoker(), seed)
    assert nash_conv(INSIDE, policy) == pytest.approx(nash_conv(kuhn, policy), abs=1e-14)
    assert expected_values(INSIDE, policy) == pytest.approx(
        expected_values(kuhn, policy), abs=1e-14
    )
    assert nash_conv(INSIDE, policy) == pytest.approx(
        enumerated_nash_conv(INSIDE, policy), abs=1e-12
    )


@pytest.mark.parametrize("engine", ["readable", "sequence-form"])
def test_cfr_with_chance_inside_the_tree_is_cfr_on_kuhn_poker(engine: str) -> None:
    inside = solve(INSIDE, "cfr+", 40, engine=engine, checkpoints=[40])
    root = solve(KuhnPoker(), "cfr+", 40, engine="readable", checkpoints=[40])
    for key in INSIDE.info_sets():
        assert np.allclose(inside.average_policy()[key], root.average_policy()[key], atol=1e-12)


@pytest.mark.parametrize("scheme", ["mccfr-chance", "mccfr-external", "mccfr-outcome"])
def test_monte_carlo_cfr_samples_chance_inside_the_tree(scheme: str) -> None:
    run = solve(INSIDE, scheme, 2000, seed=1, checkpoints=[20, 2000])
    first, last = run.history
    assert last.average_exploitability < first.average_exploitability
    assert last.nodes_touched > 2000 * 3  # every walk enters the root and the two chance nodes
