"""Many blueprints, every subgame, every method: how often re-solving helps, and how often it hurts.

One blueprint proves little: re-solving can help one and hurt the next. The survey behind
Chapter 11 (and ``benchmarks/subgame_solving.py``) therefore takes many:

- *the blueprints*: blueprint k is :func:`~lessons_lib.subgames.blueprints.short_run_blueprint`
  seeded with k and run for ``T_k`` iterations of CFR+, the ``T_k`` drawn log-uniformly from 1 to
  a maximum (:func:`blueprint_schedule`): ``T_k = round(10^{u_k})`` with ``u_k`` uniform on
  ``[0, log10 max)``. They range from a random strategy (one iteration) to a fair approximation of
  an equilibrium;
- *the re-solves*: for each blueprint, every subgame of
  :func:`~lessons_lib.subgames.subgame.board_subgames` is re-solved by each method of
  :data:`~lessons_lib.subgames.resolve.METHODS`, both players, the augmented games solved by the
  LP: all of them at once (one policy per method) and each alone (the rest of the blueprint kept;
  one policy per subgame and method);
- *the measure*: the exact exploitability of every resulting policy in the original game
  (:mod:`lessons_lib.subgames.measure`).

:func:`survey_blueprint` measures one blueprint into a :class:`SurveyCase`; :func:`survey_table`
lays cases out one row per re-solve, and :func:`survey_summary` counts, per method, how often
re-solving made the blueprint more exploitable and how much it changed its exploitability. Every
number is deterministic: the same bits on every machine (no timings are kept).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from lessons_lib.games.base import Game
from lessons_lib.subgames.blueprints import short_run_blueprint
from lessons_lib.subgames.measure import compare, compare_each
from lessons_lib.subgames.resolve import METHODS
from lessons_lib.subgames.subgame import board_subgames
from lessons_lib.validation import (
    check_choice,
    check_instance,
    check_integer,
    check_number,
    list_of,
    non_empty_list_of,
)

#: An increase of exploitability larger than this (chips per hand) counts as hurting: the LP
#: solves the gadgets to about 1e-9, and a safe re-solve can come out above the blueprint by
#: rounding (1e-16 here).
HURT = 1e-9

#: The two scopes of a re-solve: every subgame at once, or one subgame alone.
SCOPES = ("at once", "alone")


@dataclass(frozen=True)
class SurveyCase:
    """One blueprint of the survey and what each method made of it.

    ``seed`` and ``iterations`` make the blueprint (:func:`short_run_blueprint`), ``blueprint``
    is its exploitability (chips per hand); ``subgames`` names the subgames re-solved, in order;
    ``at_once[method]`` is the exploitability after re-solving all of them by ``method``, and
    ``alone[method][j]`` after re-solving subgame j alone.
    """

    seed: int
    iterations: int
    blueprint: float
    subgames: tuple[str, ...]
    at_once: Mapping[str, float]
    alone: Mapping[str, tuple[float, ...]]


def blueprint_schedule(count: int, max_iterations: int, seed: int) -> list[int]:
    """The CFR+ iterations of ``count`` blueprints: ``round(10^u)`` for ``u`` drawn uniformly
    from ``[0, log10(max_iterations))`` by ``numpy.random.default_rng(seed)``, in drawing order."""
    count = check_integer(count, "count", minimum=1)
    max_iterations = check_integer(max_iterations, "max_iterations", minimum=1)
    seed = check_integer(seed, "seed", minimum=0)
    exponents = np.random.default_rng(seed).uniform(0.0, math.log10(max_iterations), count)
    return [int(round(10**e)) for e in exponents]


def survey_blueprint(
    game: Game, iterations: int, seed: int, methods: Sequence[str] = METHODS
) -> SurveyCase:
    """Blueprint ``short_run_blueprint(game, iterations, seed)`` with every subgame of
    ``board_subgames(game)`` re-solved by each of ``methods``, at once and alone, measured."""
    check_instance(game, Game, "game", "a Game")
    chosen = list_of(methods, "methods")
    if not chosen:
        raise ValueError("methods must name at least one method")
    for method in chosen:
        check_choice(method, METHODS, "method")
    subgames = board_subgames(game)
    blueprint = short_run_blueprint(game, iterations, seed)
    together = compare(blueprint, subgames, chosen)
    each = compare_each(blueprint, subgames, chosen)
    return SurveyCase(
        seed=seed,
        iterations=iterations,
        blueprint=together.blueprint,
        subgames=together.subgames,
        at_once=dict(together.after),
        alone={m: tuple(map(float, each.loc[each["method"] == m, "after"])) for m in chosen},
    )


def survey_table(cases: Sequence[SurveyCase]) -> pd.DataFrame:
    """One row per re-solve of ``cases``: ``seed``, ``iterations``, ``blueprint`` (its
    exploitability), ``scope`` (:data:`SCOPES`), ``subgame`` (``"all"`` at once), ``method``,
    ``after`` (the exploitability after), ``change`` (``after - blueprint``, chips per hand) and
    ``relative`` (``change / blueprint``)."""
    rows = []
    for case in non_empty_list_of(cases, SurveyCase, "cases"):
        common = {"seed": case.seed, "iterations": case.iterations, "blueprint": case.blueprint}
        for method, after in case.at_once.items():
            rows.append(
                {**common, "scope": "at once", "subgame": "all", "method": method, "after": after}
            )
        for method, afters in case.alone.items():
            if len(afters) != len(case.subgames):
                raise ValueError(
                    f"the case of seed {case.seed} has {len(afters)} results of {method!r} "
                    f"for {len(case.subgames)} subgames"
                )
            for subgame, after in zip(case.subgames, afters, strict=True):
                where = {"scope": "alone", "subgame": subgame, "method": method}
                rows.append({**common, **where, "after": after})
    table = pd.DataFrame(rows)
    table["change"] = table["after"] - table["blueprint"]
    table["relative"] = table["change"] / table["blueprint"]
    return table


def survey_summary(table: pd.DataFrame, hurt: float = HURT) -> pd.DataFrame:
    """Per scope and method of a :func:`survey_table`: ``cases``, ``hurt`` (how many raised the
    exploitability by more than ``hurt`` chips per hand), the ``median``, ``mean``, ``best``
    (most negative) and ``worst`` relative change, as fractions of the blueprint's
    exploitability."""
    check_instance(table, pd.DataFrame, "table", "a survey_table")
    missing = {"scope", "method", "change", "relative"} - set(table.columns)
    if missing or table.empty:
        raise ValueError(f"table must be a non-empty survey_table; missing {sorted(missing)}")
    hurt = check_number(hurt, "hurt", minimum=0.0)
    rows = []
    for (scope, method), group in table.groupby(["scope", "method"], sort=False):
        relative = group["relative"]
        rows.append(
            {
                "scope": scope,
                "method": method,
                "cases": len(group),
                "hurt": int((group["change"] > hurt).sum()),
                "median": relative.median(),
                "mean": relative.mean(),
                "best": relative.min(),
                "worst": relative.max(),
            }
        )
    return pd.DataFrame(rows).set_index(["scope", "method"])
