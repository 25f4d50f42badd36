"""Action abstraction of the river: the translation mappings and the real exploitability."""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.abstraction import (
    TRANSLATIONS,
    ActionAbstraction,
    abstract_river,
    deterministic_arithmetic,
    deterministic_geometric,
    gain_by_size,
    measure_action_abstraction,
    pseudo_harmonic,
    randomised_arithmetic,
    solve_menu,
    translate,
    translated_percent,
    translated_strategy,
    translation_mapping,
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


# The translation mappings of Ganzfried and Sandholm (2013), each by its defining property.


@pytest.mark.parametrize("name", list(TRANSLATIONS))
def test_every_mapping_reads_the_ends_as_themselves_and_never_rises(name) -> None:
    f = translation_mapping(name)
    for a, b in [(0.0, 1.0), (0.1, 0.75), (0.35, 1.5), (1.0, 4.0)]:
        assert f(a, b, a) == 1.0 and f(a, b, b) == 0.0
        readings = [f(a, b, x) for x in np.linspace(a, b, 41)]
        assert all(0.0 <= p <= 1.0 for p in readings)
        assert all(later <= earlier for earlier, later in zip(readings, readings[1:], strict=False))


def test_randomised_arithmetic_is_linear_in_the_bet() -> None:
    # By hand: (0.75 - 0.45) / (0.75 - 0.35) = 0.3 / 0.4 = 3/4; the midpoint is read either way
    # with probability one half, unlike the pseudo-harmonic mapping's (1 + A)/(2 + A + B).
    assert randomised_arithmetic(0.35, 0.75, 0.45) == pytest.approx(0.75, abs=1e-15)
    assert randomised_arithmetic(0.35, 0.75, 0.55) == pytest.approx(0.5, abs=1e-15)
    assert randomised_arithmetic(0.0, 1.0, 0.2) == pytest.approx(0.8, abs=1e-15)


def test_deterministic_arithmetic_reads_the_nearest_size() -> None:
    # Menu 35% and 75%: the midpoint is 55%; 54% is nearer 35%, 56% nearer 75%; a tie goes up.
    assert deterministic_arithmetic(0.35, 0.75, 0.54) == 1.0
    assert deterministic_arithmetic(0.35, 0.75, 0.56) == 0.0
    assert deterministic_arithmetic(0.25, 1.0, 0.625) == 0.0  # the midpoint itself: read as B
    assert translate(0.54, [0.35, 0.75], "deterministic arithmetic") == [(0.35, 1.0)]


def test_deterministic_geometric_reads_the_nearest_size_in_ratio() -> None:
    # Menu 25% and 100%: the geometric mean is 50%. A bet of 55% is nearer 25% in amount (the
    # midpoint is 62.5%) but nearer 100% in ratio (0.25/0.55 = 0.45 < 0.55/1 = 0.55).
    assert deterministic_geometric(0.25, 1.0, 0.49) == 1.0
    assert deterministic_geometric(0.25, 1.0, 0.5) == 0.0  # the geometric mean: read as B
    assert deterministic_geometric(0.25, 1.0, 0.55) == 0.0
    assert deterministic_arithmetic(0.25, 1.0, 0.55) == 1.0
    # With A = 0 (a check) every positive bet is nearer B in ratio.
    assert deterministic_geometric(0.0, 1.0, 0.01) == 0.0 and deterministic_geometric(0, 1, 0) == 1


def test_the_default_mapping_is_the_pseudo_harmonic_one() -> None:
    assert TRANSLATIONS["pseudo-harmonic"] is pseudo_harmonic
    assert translate(1.0, [0.75, 1.5]) == translate(1.0, [0.75, 1.5], "pseudo-harmonic")


@pytest.mark.parametrize(
    "call",
    [
        lambda: translation_mapping("harmonic"),
        lambda: translate(0.5, [0.35, 0.75], "nearest"),
        lambda: measure_action_abstraction(river(), (0.75,), 0.5, mapping="arithmetic"),
        lambda: ActionAbstraction((0.75,), 10, 0.1, 0.2, mapping=None),
    ],
)
def test_an_unknown_mapping_is_refused(call) -> None:
    with pytest.raises(ValueError, match="mapping"):
        call()


def test_a_deterministic_reading_answers_with_the_size_read() -> None:
    real, sizes = river(), (0.25, 1.0)
    abstract = abstract_river(real, sizes)
    solver = RiverSolver(abstract)
    solver.run(50)
    strategy = solver.average_strategy(2)
    fine = RiverSolver(real)
    _, at_quarter = solver.strategy_at("bet 25%")
    _, at_pot = solver.strategy_at("bet 100%")
    # 50%: nearer 25% in amount (midpoint 62.5%), exactly the geometric mean (read as 100%).
    out = translated_strategy(real, abstract, 2, strategy, "deterministic arithmetic")
    assert np.allclose(fine.strategy_at("bet 50%", out)[1], at_quarter, atol=1e-15)
    out = translated_strategy(real, abstract, 2, strategy, "deterministic geometric")
    assert np.allclose(fine.strategy_at("bet 50%", out)[1], at_pot, atol=1e-15)
    assert not np.allclose(at_quarter, at_pot, atol=1e-3)  # so the two readings differ


def test_the_mappings_are_measured_on_one_solve() -> None:
    solved = solve_menu(river(), (0.5,), 0.5)
    measured = measure_action_abstraction(river(), (0.5,), 0.5, mapping="randomised arithmetic")
    assert measured.iterations == solved.iterations
    assert measured.abstract_percent == solved.abstract_percent
    assert measured.real_percent == translated_percent(solved, "randomised arithmetic")
    assert measured.mapping == "randomised arithmetic"


def test_the_gain_of_one_size_is_the_real_loss_when_it_is_the_only_one_missing() -> None:
    # With every size of the grid but 50% on the menu, the menu plus 50% is the real river: the
    # gain of 50% is the whole real exploitability above the in-abstraction one.
    menu = tuple(s for s in GRID if s != 0.5)
    solved = solve_menu(river(), menu, 0.5)
    ((size, gain),) = gain_by_size(solved)
    assert size == 0.5
    assert gain == pytest.approx(translated_percent(solved) - solved.abstract_percent, abs=1e-9)


def test_no_single_size_gains_more_than_the_whole_grid() -> None:
    solved = solve_menu(river(), (0.75,), 0.5)
    gains = gain_by_size(solved, "deterministic arithmetic")
    assert [x for x, _ in gains] == [0.25, 0.5, 1.0, 1.5]
    real = translated_percent(solved, "deterministic arithmetic")
    assert all(-1e-9 <= g <= real - solved.abstract_percent + 1e-9 for _, g in gains)
    assert max(g for _, g in gains) > 1.0  # the 25% bet, read as 75%, is worth much
