"""Action abstraction of the river: the pseudo-harmonic translation and the real exploitability."""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.abstraction import (
    abstract_river,
    measure_action_abstraction,
    pseudo_harmonic,
    translate,
    translated_strategy,
)
from lessons_lib.cfr.public_tree import own_actions
from lessons_lib.holdem import RiverGame, RiverSolver

GRID = (0.25, 0.5, 0.75, 1.0, 1.5)


def river(sizes: tuple[float, ...] = GRID) -> RiverGame:
    return RiverGame(
        "Ks9d7h4c2s",
        ("QQ+,AK,A5s-A2s,T8s", "JJ-99,AQ,KJ,T9s"),
        pot=10.0,
        stack=20.0,
        bet_sizes=sizes,
        max_raises=0,
    )


def test_the_mapping_reads_the_ends_as_themselves() -> None:
    for a, b in [(0.0, 1.0), (0.5, 1.0), (0.35, 1.5), (1.0, 4.0)]:
        assert pseudo_harmonic(a, b, a) == 1.0
        assert pseudo_harmonic(a, b, b) == 0.0


def test_the_mapping_decreases_and_matches_the_formula() -> None:
    a, b = 0.5, 2.0
    xs = np.linspace(a, b, 31)
    f = [pseudo_harmonic(a, b, x) for x in xs]
    assert all(later < earlier for earlier, later in zip(f, f[1:], strict=False))
    # At the midpoint (B - x) = (B - A) / 2, so f = (1 + A) / (2 + A + B), worked out on paper.
    assert pseudo_harmonic(a, b, 1.25) == pytest.approx((1 + a) / (2 + a + b), abs=1e-15)
    # Ganzfried and Sandholm's example: A = 0, B = 1 (check or pot) gives f(x) = (1 - x)/(1 + x).
    assert pseudo_harmonic(0.0, 1.0, 1 / 3) == pytest.approx(0.5, abs=1e-15)


def test_the_mapping_interpolates_linearly_in_one_over_one_plus_x() -> None:
    # Worked out on paper: 1/(1+x) - 1/(1+B) = (B-x)/((1+x)(1+B)), and likewise for A, so
    # f = (1/(1+x) - 1/(1+B)) / (1/(1+A) - 1/(1+B)): linear in 1/(1+x), the "harmonic" part.
    for a, b in [(0.0, 1.0), (0.35, 0.75), (0.5, 2.0)]:
        for x in np.linspace(a, b, 9):
            inverse = (1 / (1 + x) - 1 / (1 + b)) / (1 / (1 + a) - 1 / (1 + b))
            assert pseudo_harmonic(a, b, x) == pytest.approx(inverse, abs=1e-12)


def test_translate_between_at_and_beyond_the_menu() -> None:
    menu = [0.35, 0.75, 1.5]
    assert translate(0.75, menu) == [(0.75, 1.0)]
    assert translate(0.1, menu) == [(0.35, 1.0)]
    assert translate(3.0, menu) == [(1.5, 1.0)]
    (low, p), (high, q) = translate(1.0, menu)
    assert (low, high) == (0.75, 1.5)
    assert p == pytest.approx(0.5 * 1.75 / (0.75 * 2.0)) and p + q == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("call", "word"),
    [
        (lambda: pseudo_harmonic(1.0, 0.5, 0.7), "larger"),
        (lambda: pseudo_harmonic(0.5, 1.0, 1.2), "bet"),
        (lambda: pseudo_harmonic(float("nan"), 1.0, 0.7), "smaller"),
        (lambda: translate(0.5, []), "sizes"),
        (lambda: translate(-0.5, [1.0]), "bet"),
        (lambda: abstract_river(river(), (0.6,)), "among"),
        (
            lambda: abstract_river(RiverGame("Ks9d7h4c2s", ("QQ+", "JJ-99"), 10.0, 20.0), (0.75,)),
            "raises",
        ),
    ],
)
def test_bad_input_is_refused(call, word) -> None:
    with pytest.raises(ValueError, match=word):
        call()


def test_the_full_menu_is_exploitable_as_in_the_abstraction() -> None:
    measured = measure_action_abstraction(river(), GRID, 0.5)
    assert measured.real_percent == pytest.approx(measured.abstract_percent, abs=1e-12)


def test_a_coarser_menu_is_at_least_as_exploitable_for_real() -> None:
    for sizes in [(0.75,), (0.25, 1.5), (0.5, 1.0)]:
        measured = measure_action_abstraction(river(), sizes, 0.5)
        assert measured.real_percent >= measured.abstract_percent - 1e-12
    one = measure_action_abstraction(river(), (0.75,), 0.5)
    assert one.real_percent > one.abstract_percent + 1.0  # off-menu bets cost a lot here


def test_translated_strategy_mixes_the_neighbours_answers() -> None:
    real, sizes = river(), (0.25, 1.0)
    abstract = abstract_river(real, sizes)
    solver = RiverSolver(abstract)  # CFR+ by default
    solver.run(50)
    strategy = solver.average_strategy(2)
    out = translated_strategy(real, abstract, 2, strategy)
    fine = RiverSolver(real)
    _, at_half = fine.strategy_at("bet 50%", out)
    _, at_quarter = solver.strategy_at("bet 25%")
    _, at_pot = solver.strategy_at("bet 100%")
    f = (1.0 - 0.5) * 1.25 / (0.75 * 1.5)
    assert np.allclose(at_half, f * at_quarter + (1 - f) * at_pot, atol=1e-15)
    # Player 1 never bets a size off its menu, and its on-menu answers are its own.
    p1 = translated_strategy(real, abstract, 1, solver.average_strategy(1))
    actions, root = fine.strategy_at("root", p1)
    for action, row in zip(actions, root, strict=True):
        if action in ("bet 50%", "bet 75%", "bet 150%"):
            assert np.all(row == 0.0)
    assert np.allclose(root.sum(axis=0), 1.0)
    assert p1.shape == (own_actions(real.public_tree, 1).size, len(real.combos[1]))


def test_a_strategy_of_the_wrong_shape_is_refused() -> None:
    real = river()
    abstract = abstract_river(real, (0.75,))
    with pytest.raises(ValueError, match="strategy"):
        translated_strategy(real, abstract, 1, np.ones((2, 2)))
