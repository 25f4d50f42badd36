"""Action abstraction of a river: solve with a few bet sizes, then face every size.

A no-limit river lets a player bet any amount; a solver offers a menu of a few sizes
(:class:`~lessons_lib.holdem.river.RiverGame`). The *abstract* game is the river with a coarse
menu; the *real* game (here, a stand-in for it) is the same river with a fine grid of sizes, which
contains the coarse menu. A strategy of the abstract game is played in the real game like this:

- the abstract player bets only its own sizes (off-menu bets of its own get probability 0);
- facing an opponent's bet of ``x`` times the pot that is not on its menu, it *translates* ``x``
  into its menu at random, to the neighbouring sizes ``A < x < B`` with probabilities ``f(x)`` and
  ``1 - f(x)``, and answers with the strategy it would play against that size. With the
  pseudo-harmonic mapping of Ganzfried and Sandholm (2013, "Action translation in extensive-form
  games with large action spaces: axioms, paradoxes, and the pseudo-harmonic mapping", IJCAI),

      f_{A,B}(x) = (B - x)(1 + A) / ((B - A)(1 + x)),

  so the answer to ``x`` is ``f(x) sigma(A) + (1 - f(x)) sigma(B)``, per hand. A bet smaller than
  the smallest size is treated as the smallest, one larger than the largest as the largest.

The *real exploitability* is then the exploitability of this translated strategy pair in the real
game: each best responder may bet any size of the fine grid. The responder can also restrict
itself to the abstract menu, where the translated strategy *is* the abstract one, so the real
exploitability is at least the in-abstraction one, and equals it when the menus agree.

To keep the real best response exact and the translation simple, the rivers here have no raises
(``max_raises = 0``): every decision faces at most one bet, so one translation per decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from lessons_lib.cfr.public_tree import own_actions
from lessons_lib.core.state import average_strategy
from lessons_lib.games.ranges import check_player
from lessons_lib.holdem.cards import unblocked_combos
from lessons_lib.holdem.river import MAX_FRACTION, RiverGame, RiverNode
from lessons_lib.holdem.solver import RiverSolver, solve_river
from lessons_lib.validation import (
    as_finite_array,
    check_instance,
    check_integer,
    check_number,
    describe,
)

#: The options of :func:`~lessons_lib.holdem.solver.solve_river` that
#: :func:`measure_action_abstraction` passes on.
SOLVER_OPTIONS = ("algorithm", "max_iterations", "check_every", "alpha", "beta", "gamma")


def pseudo_harmonic(smaller: float, larger: float, bet: float) -> float:
    """``f_{A,B}(x) = (B - x)(1 + A) / ((B - A)(1 + x))``: the probability that the bet ``x``
    (a fraction of the pot, ``A <= x <= B``) is read as ``A`` (Ganzfried and Sandholm 2013)."""
    a = check_number(smaller, "smaller", minimum=0.0)
    b = check_number(larger, "larger", minimum=0.0)
    if b <= a:
        raise ValueError(f"larger must exceed smaller, got smaller={a!r}, larger={b!r}")
    x = check_number(bet, "bet", minimum=a, maximum=b)
    return (b - x) / (b - a) * ((1.0 + a) / (1.0 + x))  # two factors in [0, 1]: no overflow


def translate(bet: float, sizes: Sequence[float]) -> list[tuple[float, float]]:
    """The sizes of the menu ``sizes`` that the bet ``bet`` (fraction of the pot) is read as, with
    their probabilities: itself if on the menu, its two neighbours by :func:`pseudo_harmonic`
    between them, the nearest size outside the menu's range."""
    x = check_number(bet, "bet", minimum=0.0, open_minimum=True)
    menu = _menu(sizes)
    if x <= menu[0]:
        return [(menu[0], 1.0)]
    if x >= menu[-1]:
        return [(menu[-1], 1.0)]
    above = next(k for k, size in enumerate(menu) if size >= x)
    if menu[above] == x:
        return [(x, 1.0)]
    a, b = menu[above - 1], menu[above]
    f = pseudo_harmonic(a, b, x)
    return [(a, f), (b, 1.0 - f)]


@dataclass(frozen=True)
class ActionAbstraction:
    """A coarse menu solved, played in the fine river by translation, and both exploitabilities
    in percent of the pot."""

    sizes: tuple[float, ...]  # the abstract menu's bet sizes (fractions of the pot, all-in apart)
    iterations: int  # solver iterations run on the abstract river
    abstract_percent: float  # exploitability within the abstract river
    real_percent: float  # exploitability in the fine river, off-menu bets translated

    def __post_init__(self) -> None:
        """Check a measurement built or edited by hand (the figure and tables read it): a menu
        as :func:`abstract_river` keeps it (increasing, distinct), finite exploitabilities."""
        sizes = _menu(self.sizes)
        if list(self.sizes) != sizes or sizes[-1] > MAX_FRACTION:
            raise ValueError(
                f"sizes must be increasing distinct pot fractions of at most {MAX_FRACTION:g}, "
                f"got {describe(self.sizes)}"
            )
        frozen = {
            "sizes": tuple(sizes),
            "iterations": check_integer(self.iterations, "iterations", minimum=0),
            **{
                name: check_number(getattr(self, name), name, minimum=0.0)
                for name in ("abstract_percent", "real_percent")
            },
        }
        for name, value in frozen.items():
            object.__setattr__(self, name, value)


def abstract_river(real: RiverGame, sizes: Sequence[float]) -> RiverGame:
    """The river ``real`` with the bet menu ``sizes`` (all among ``real``'s sizes) in place of its
    own: the same board, ranges, pot, stack and all-in, no raises."""
    _check_real(real)
    menu = _menu(sizes)
    missing = [s for s in menu if s not in real.bet_sizes]
    if missing:
        raise ValueError(f"sizes must be among the real river's bet sizes, got {describe(missing)}")
    return RiverGame(
        real.board_text,
        (_full_range(real, 1), _full_range(real, 2)),
        real.pot,
        real.stack,
        bet_sizes=menu,
        max_raises=0,
        all_in=real.all_in,
    )


def bet_fraction(game: RiverGame, node: RiverNode) -> float:
    """The size of the bet that the decision node ``node`` faces, as a fraction of the pot before
    it (0 if it faces none)."""
    check_instance(game, RiverGame, "game", "a RiverGame")
    node = game.decision_node(node)
    own, other = node.put_in[node.player - 1], node.put_in[2 - node.player]
    return (other - own) / (game.pot + 2.0 * own)


def translated_strategy(
    real: RiverGame, abstract: RiverGame, player: int, strategy: np.ndarray
) -> np.ndarray:
    """``player``'s abstract ``strategy`` (rows as :meth:`RiverSolver.action_rows` of
    ``abstract``) played in ``real``: its own sizes only, off-menu bets it faces translated by
    :func:`translate` (module docstring). Rows as the action rows of ``real``."""
    _check_real(real)
    _check_abstract(real, abstract)
    player = check_player(player)
    fine = own_actions(real.public_tree, player)
    coarse = own_actions(abstract.public_tree, player)
    strategy = as_finite_array(strategy, "strategy")
    if strategy.shape != (coarse.size, len(abstract.combos[player])):
        raise ValueError(
            f"strategy must have one row per action of player {player} in the abstract river, "
            f"got shape {strategy.shape}"
        )
    RiverSolver(abstract).checked_strategy(player, strategy, "strategy")
    coarse_row = {_path(abstract, int(e)): r for r, e in enumerate(coarse.child)}
    menu = sorted({round(_fraction(abstract, int(e)), 9) for e in _bets(abstract)})
    out = np.zeros((fine.size, len(real.combos[player])))
    for r, e in enumerate(fine.child):
        for path, weight in _readings(_path(real, int(e)), menu, player):
            if path in coarse_row:
                out[r] += weight * strategy[coarse_row[path]]
    return average_strategy(out, fine.segments)


def measure_action_abstraction(
    real: RiverGame, sizes: Sequence[float], target_percent: float, **solver: object
) -> ActionAbstraction:
    """Solve the abstract river of ``sizes`` to ``target_percent`` (options as in
    :func:`~lessons_lib.holdem.solver.solve_river`), then measure its average strategy in the
    abstract river and, translated, in ``real``."""
    unknown = sorted(set(solver) - set(SOLVER_OPTIONS))
    if unknown:
        raise ValueError(f"unknown solver options {unknown!r}; expected some of {SOLVER_OPTIONS}")
    abstract = abstract_river(real, sizes)
    coarse, history = solve_river(abstract, target_percent=target_percent, **solver)
    strategies = {i: coarse.average_strategy(i) for i in (1, 2)}
    translated = {i: translated_strategy(real, abstract, i, strategies[i]) for i in (1, 2)}
    return ActionAbstraction(
        sizes=abstract.bet_sizes,
        iterations=coarse.iteration,
        abstract_percent=history[-1][1],
        real_percent=RiverSolver(real).exploitability_percent(translated),
    )


# Paths of actions, with bets as pot fractions.


def _fraction(game: RiverGame, k: int) -> float:
    """The pot fraction of the bet into node ``k`` (the bet its child faces)."""
    return bet_fraction(game, game.public_tree.nodes[k])


def _bets(game: RiverGame) -> list[int]:
    """The nodes reached by a bet (they face it)."""
    nodes = game.public_tree.nodes
    return [
        k for k in range(1, len(nodes)) if nodes[k].kind == "decision" and _fraction(game, k) > 0
    ]


def _path(game: RiverGame, k: int) -> tuple[tuple[int, str, float], ...]:
    """The actions into node ``k`` from the root, each ``(actor, kind, fraction)``:
    ``(i, "bet", x)`` for a bet of ``x`` times the pot, ``(i, name, 0.0)`` for a check, call or
    fold."""
    tree, steps = game.public_tree, []
    while k > 0:
        name, parent = tree.nodes[k].actions[-1], int(tree.parent[k])
        actor = int(tree.player[parent])
        if name in ("check", "call", "fold"):
            steps.append((actor, name, 0.0))
        else:
            steps.append((actor, "bet", round(_fraction(game, k), 9)))
        k = parent
    return tuple(reversed(steps))


def _readings(
    path: tuple[tuple[int, str, float], ...], menu: Sequence[float], player: int
) -> list[tuple[tuple[tuple[int, str, float], ...], float]]:
    """Every way ``player`` can read the opponent's bets of ``path`` on ``menu``
    (:func:`translate`), with its chance; ``player``'s own actions are read as they are."""
    readings = [((), 1.0)]
    for actor, kind, x in path:
        if kind == "bet" and actor != player:
            options = [((actor, "bet", round(y, 9)), p) for y, p in translate(x, menu) if p > 0]
        else:
            options = [((actor, kind, x), 1.0)]
        readings = [(done + (step,), w * p) for done, w in readings for step, p in options]
    return readings


def _menu(sizes: object) -> list[float]:
    """``sizes`` as a sorted list of distinct positive pot fractions, at least one."""
    if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Sequence) or not sizes:
        raise ValueError(f"sizes must be a non-empty list of pot fractions, got {describe(sizes)}")
    return sorted({check_number(s, "a bet size", minimum=0.0, open_minimum=True) for s in sizes})


def _check_real(real: object) -> None:
    if not isinstance(real, RiverGame):
        raise ValueError(f"real must be a RiverGame, got {describe(real)}")
    if real.max_raises != 0:
        raise ValueError(f"real must have no raises (max_raises=0), got {real.max_raises!r}")


def _check_abstract(real: RiverGame, abstract: object) -> None:
    """Refuse an ``abstract`` river that is not :func:`abstract_river` of ``real`` (same spot)."""
    check_instance(abstract, RiverGame, "abstract", "a RiverGame")
    same = (
        abstract.board == real.board
        and (abstract.pot, abstract.stack, abstract.all_in) == (real.pot, real.stack, real.all_in)
        and abstract.max_raises == 0
        and set(abstract.bet_sizes) <= set(real.bet_sizes)
        and all(np.array_equal(abstract.combos[i], real.combos[i]) for i in (1, 2))
        and all(np.array_equal(abstract.weights[i], real.weights[i]) for i in (1, 2))
    )
    if not same:
        raise ValueError(f"abstract must be an abstract_river of real, got {abstract!r}")


def _full_range(game: RiverGame, player: int) -> np.ndarray:
    """``player``'s weights over all the board's unblocked combos (0 off the kept ones)."""
    board = unblocked_combos(game.board)
    index = {tuple(c): k for k, c in enumerate(board)}
    weights = np.zeros(len(board))
    for combo, w in zip(game.combos[player], game.weights[player], strict=True):
        weights[index[tuple(combo)]] = w
    return weights
