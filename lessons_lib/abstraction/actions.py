"""Action abstraction of a river: solve with a few bet sizes, then face every size.

A no-limit river lets a player bet any amount; a solver offers a menu of a few sizes
(:class:`~lessons_lib.holdem.river.RiverGame`). The *abstract* game is the river with a coarse
menu; the *real* game (here, a stand-in for it) is the same river with a fine grid of sizes, which
contains the coarse menu. A strategy of the abstract game is played in the real game like this:

- the abstract player bets only its own sizes (off-menu bets of its own get probability 0);
- facing an opponent's bet of ``x`` times the pot that is not on its menu, it *translates* ``x``
  into its menu, to the neighbouring sizes ``A < x < B`` with probabilities ``f(x)`` and
  ``1 - f(x)``, and answers with the strategy it would play against that size, so the answer to
  ``x`` is ``f(x) sigma(A) + (1 - f(x)) sigma(B)``, per hand. ``f`` is a translation mapping of
  :mod:`lessons_lib.abstraction.mapping`, by default the pseudo-harmonic mapping of Ganzfried and
  Sandholm (2013, "Action translation in extensive-form games with large action spaces: axioms,
  paradoxes, and the pseudo-harmonic mapping", IJCAI),

      f_{A,B}(x) = (B - x)(1 + A) / ((B - A)(1 + x)).

  A bet smaller than the smallest size is treated as the smallest, one larger than the largest
  as the largest, whatever the mapping.

The *real exploitability* is then the exploitability of this translated strategy pair in the real
game: each best responder may bet any size of the fine grid. The responder can also restrict
itself to the abstract menu, where the translated strategy *is* the abstract one, so the real
exploitability is at least the in-abstraction one, and equals it when the menus agree.

:func:`solve_menu` solves a menu once; :func:`translated_percent` measures it under any mapping,
and :func:`gain_by_size` measures what each single off-menu size of the grid is worth to the best
responders.

To keep the real best response exact and the translation simple, the rivers here have no raises
(``max_raises = 0``): every decision faces at most one bet, so one translation per decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from lessons_lib.abstraction.mapping import TRANSLATIONS, translation_mapping
from lessons_lib.abstraction.mapping import pseudo_harmonic as pseudo_harmonic  # its old home
from lessons_lib.cfr.public_tree import own_actions
from lessons_lib.core.state import average_strategy
from lessons_lib.games.ranges import check_player
from lessons_lib.holdem.cards import unblocked_combos
from lessons_lib.holdem.river import MAX_FRACTION, RiverGame, RiverNode
from lessons_lib.holdem.solver import RiverSolver, solve_river
from lessons_lib.validation import (
    as_finite_array,
    check_choice,
    check_instance,
    check_integer,
    check_number,
    describe,
)

#: The options of :func:`~lessons_lib.holdem.solver.solve_river` that
#: :func:`measure_action_abstraction` passes on.
SOLVER_OPTIONS = ("algorithm", "max_iterations", "check_every", "alpha", "beta", "gamma")


#: The mapping used when none is named.
DEFAULT_MAPPING = "pseudo-harmonic"


def translate(
    bet: float, sizes: Sequence[float], mapping: str = DEFAULT_MAPPING
) -> list[tuple[float, float]]:
    """The sizes of the menu ``sizes`` that the bet ``bet`` (fraction of the pot) is read as, with
    their probabilities: itself if on the menu, its two neighbours by the translation mapping
    ``mapping`` (a name of :data:`~lessons_lib.abstraction.mapping.TRANSLATIONS`) between them,
    the nearest size outside the menu's range. A reading of probability 0 is left out."""
    x = check_number(bet, "bet", minimum=0.0, open_minimum=True)
    menu = _menu(sizes)
    reading = translation_mapping(mapping)
    if x <= menu[0]:
        return [(menu[0], 1.0)]
    if x >= menu[-1]:
        return [(menu[-1], 1.0)]
    above = next(k for k, size in enumerate(menu) if size >= x)
    if menu[above] == x:
        return [(x, 1.0)]
    a, b = menu[above - 1], menu[above]
    f = reading(a, b, x)
    return [(size, p) for size, p in ((a, f), (b, 1.0 - f)) if p > 0]


@dataclass(frozen=True)
class ActionAbstraction:
    """A coarse menu solved, played in the fine river by translation, and both exploitabilities
    in percent of the pot."""

    sizes: tuple[float, ...]  # the abstract menu's bet sizes (fractions of the pot, all-in apart)
    iterations: int  # solver iterations run on the abstract river
    abstract_percent: float  # exploitability within the abstract river
    real_percent: float  # exploitability in the fine river, off-menu bets translated
    mapping: str = DEFAULT_MAPPING  # the translation mapping that read the off-menu bets

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
            "mapping": check_choice(self.mapping, tuple(TRANSLATIONS), "mapping"),
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
    return _river_with(real, menu)


def bet_fraction(game: RiverGame, node: RiverNode) -> float:
    """The size of the bet that the decision node ``node`` faces, as a fraction of the pot before
    it (0 if it faces none)."""
    check_instance(game, RiverGame, "game", "a RiverGame")
    node = game.decision_node(node)
    own, other = node.put_in[node.player - 1], node.put_in[2 - node.player]
    return (other - own) / (game.pot + 2.0 * own)


def translated_strategy(
    real: RiverGame,
    abstract: RiverGame,
    player: int,
    strategy: np.ndarray,
    mapping: str = DEFAULT_MAPPING,
) -> np.ndarray:
    """``player``'s abstract ``strategy`` (rows as :meth:`RiverSolver.action_rows` of
    ``abstract``) played in ``real``: its own sizes only, off-menu bets it faces translated by
    :func:`translate` with ``mapping`` (module docstring). Rows as the action rows of ``real``."""
    _check_real(real)
    _check_abstract(real, abstract)
    player = check_player(player)
    check_choice(mapping, tuple(TRANSLATIONS), "mapping")
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
        for path, weight in _readings(_path(real, int(e)), menu, player, mapping):
            if path in coarse_row:
                out[r] += weight * strategy[coarse_row[path]]
    return average_strategy(out, fine.segments)


@dataclass(frozen=True, eq=False)
class SolvedMenu:
    """An abstract river solved once, to be measured in real rivers under any mapping."""

    real: RiverGame  # the river with the fine grid
    abstract: RiverGame  # abstract_river(real, sizes)
    strategies: dict[int, np.ndarray]  # each player's average strategy in the abstract river
    iterations: int  # solver iterations run
    abstract_percent: float  # exploitability within the abstract river, % of the pot


def solve_menu(
    real: RiverGame, sizes: Sequence[float], target_percent: float, **solver: object
) -> SolvedMenu:
    """Solve the abstract river of the menu ``sizes`` to ``target_percent`` (options as in
    :func:`~lessons_lib.holdem.solver.solve_river`)."""
    unknown = sorted(set(solver) - set(SOLVER_OPTIONS))
    if unknown:
        raise ValueError(f"unknown solver options {unknown!r}; expected some of {SOLVER_OPTIONS}")
    abstract = abstract_river(real, sizes)
    coarse, history = solve_river(abstract, target_percent=target_percent, **solver)
    strategies = {i: coarse.average_strategy(i) for i in (1, 2)}
    return SolvedMenu(real, abstract, strategies, coarse.iteration, history[-1][1])


def translated_percent(
    solved: SolvedMenu, mapping: str = DEFAULT_MAPPING, real: RiverGame | None = None
) -> float:
    """The exploitability, in percent of the pot, of ``solved``'s strategies translated by
    ``mapping`` into ``real`` (by default the river it was solved for; any river that contains
    its menu, such as the menu with one more size)."""
    check_instance(solved, SolvedMenu, "solved", "a SolvedMenu (made by solve_menu)")
    real = solved.real if real is None else real
    translated = {
        i: translated_strategy(real, solved.abstract, i, solved.strategies[i], mapping)
        for i in (1, 2)
    }
    return RiverSolver(real).exploitability_percent(translated)


def measure_action_abstraction(
    real: RiverGame,
    sizes: Sequence[float],
    target_percent: float,
    mapping: str = DEFAULT_MAPPING,
    **solver: object,
) -> ActionAbstraction:
    """Solve the abstract river of ``sizes`` to ``target_percent`` (options as in
    :func:`~lessons_lib.holdem.solver.solve_river`), then measure its average strategy in the
    abstract river and, translated by ``mapping`` (a name of
    :data:`~lessons_lib.abstraction.mapping.TRANSLATIONS`), in ``real``."""
    check_choice(mapping, tuple(TRANSLATIONS), "mapping")
    solved = solve_menu(real, sizes, target_percent, **solver)
    return ActionAbstraction(
        sizes=solved.abstract.bet_sizes,
        iterations=solved.iterations,
        abstract_percent=solved.abstract_percent,
        real_percent=translated_percent(solved, mapping),
        mapping=mapping,
    )


def gain_by_size(solved: SolvedMenu, mapping: str = DEFAULT_MAPPING) -> list[tuple[float, float]]:
    """What each size of the real grid that is not on the menu is worth to the best responders:
    for every such size ``x``, the exploitability (percent of the pot) of the translated strategies
    in the river whose sizes are the menu's and ``x`` (and all-in), minus the in-abstraction one.
    Returns ``(x, gain)`` pairs, smallest ``x`` first."""
    check_instance(solved, SolvedMenu, "solved", "a SolvedMenu (made by solve_menu)")
    check_choice(mapping, tuple(TRANSLATIONS), "mapping")
    menu, real = solved.abstract.bet_sizes, solved.real
    inside = RiverSolver(solved.abstract).exploitability_percent(solved.strategies)
    return [
        (x, translated_percent(solved, mapping, _river_with(real, (*menu, x))) - inside)
        for x in real.bet_sizes
        if x not in menu
    ]


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
    path: tuple[tuple[int, str, float], ...], menu: Sequence[float], player: int, mapping: str
) -> list[tuple[tuple[tuple[int, str, float], ...], float]]:
    """Every way ``player`` can read the opponent's bets of ``path`` on ``menu``
    (:func:`translate` with ``mapping``), with its chance; ``player``'s own actions are read as
    they are."""
    readings = [((), 1.0)]
    for actor, kind, x in path:
        if kind == "bet" and actor != player:
            options = [((actor, "bet", round(y, 9)), p) for y, p in translate(x, menu, mapping)]
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


def _river_with(real: RiverGame, sizes: Sequence[float]) -> RiverGame:
    """``real`` with the bet sizes ``sizes`` (sorted) in place of its own and no raises."""
    return RiverGame(
        real.board_text,
        (_full_range(real, 1), _full_range(real, 2)),
        real.pot,
        real.stack,
        bet_sizes=tuple(sorted(sizes)),
        max_raises=0,
        all_in=real.all_in,
    )


def _full_range(game: RiverGame, player: int) -> np.ndarray:
    """``player``'s weights over all the board's unblocked combos (0 off the kept ones)."""
    board = unblocked_combos(game.board)
    index = {tuple(c): k for k, c in enumerate(board)}
    weights = np.zeros(len(board))
    for combo, w in zip(game.combos[player], game.weights[player], strict=True):
        weights[index[tuple(combo)]] = w
    return weights
