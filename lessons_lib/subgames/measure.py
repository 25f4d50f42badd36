"""How much re-solving helps or hurts, measured exactly in the original game.

A re-solve is judged by the policy it produces in the *original* game, blueprint outside and
re-solved inside (:func:`~lessons_lib.subgames.resolve.combine`), and by nothing else: its
exploitability ``epsilon = 1/2 (max u_1(., sigma_2) + max u_2(sigma_1, .))`` computed by the exact
best responses of :func:`lessons_lib.exploitability.exploitability`, which see the whole game,
including every way to reach the subgame differently from the blueprint. The value of an
augmented game says nothing by itself: the unsafe game's equilibrium can be excellent inside the
subgame and still be punished from outside.

:func:`compare` re-solves a set of subgames at once by each method; :func:`compare_each` does it
one subgame at a time, the rest of the blueprint untouched, and returns a table.

Determinism: the exploitabilities are the library's exact computations (same bits everywhere);
the seconds each re-solve took are wall-clock times, which vary from run to run and machine to
machine.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from lessons_lib.exploitability import exploitability
from lessons_lib.subgames.resolve import METHODS, combine, resolve_all
from lessons_lib.subgames.subgame import Subgame
from lessons_lib.validation import check_choice, check_instance, check_option_names, list_of


@dataclass(frozen=True)
class Comparison:
    """The exploitability of ``blueprint`` (chips per hand) and, for each method, that of the
    blueprint with ``subgames`` re-solved by it (``after``), and the seconds it took
    (``seconds``)."""

    subgames: tuple[str, ...]
    blueprint: float
    after: dict[str, float]
    seconds: dict[str, float]

    def change(self, method: str) -> float:
        """``after[method] - blueprint``: positive when re-solving made things worse."""
        return self.after[check_choice(method, tuple(self.after), "method")] - self.blueprint


def compare(
    blueprint: Mapping[str, np.ndarray],
    subgames: Sequence[Subgame],
    methods: Iterable[str] = METHODS,
    solver: str = "lp",
    iterations: int = 1000,
) -> Comparison:
    """Re-solve all of ``subgames`` at once (both players) by each of ``methods`` and measure the
    exploitability of the combined policy in the original game."""
    chosen = list_of(subgames, "subgames")
    if not chosen:
        raise ValueError("subgames must hold at least one Subgame")
    check_instance(chosen[0], Subgame, "a subgame of subgames", "a Subgame")
    game = chosen[0].game
    names = list_of(methods, "methods")
    for method in names:
        check_choice(method, METHODS, "method")
    before = exploitability(game, blueprint)
    after, seconds = {}, {}
    for method in names:
        start = time.perf_counter()
        resolutions = resolve_all(chosen, blueprint, method, solver, iterations)
        seconds[method] = time.perf_counter() - start
        after[method] = exploitability(game, combine(blueprint, resolutions))
    return Comparison(tuple(s.name for s in chosen), before, after, seconds)


def compare_each(
    blueprint: Mapping[str, np.ndarray],
    subgames: Sequence[Subgame],
    methods: Iterable[str] = METHODS,
    **solving: str | int,
) -> pd.DataFrame:
    """:func:`compare` for each subgame alone (``solving``: its ``solver`` and ``iterations``):
    one row per subgame and method, with the columns ``subgame``, ``method``, ``blueprint`` and
    ``after`` (exploitabilities, chips per hand), ``change`` (``after - blueprint``) and
    ``seconds``."""
    names = list_of(methods, "methods")
    check_option_names(solving, ("solver", "iterations"), "compare_each")
    chosen = list_of(subgames, "subgames")
    if not chosen:
        raise ValueError("subgames must hold at least one Subgame")
    rows = []
    for subgame in chosen:
        result = compare(blueprint, [subgame], names, **solving)
        for method, value in result.after.items():
            rows.append(
                {
                    "subgame": subgame.name,
                    "method": method,
                    "blueprint": result.blueprint,
                    "after": value,
                    "change": value - result.blueprint,
                    "seconds": result.seconds[method],
                }
            )
    return pd.DataFrame(rows)
