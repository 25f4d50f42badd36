"""What CFR costs as a game grows: time per iteration and memory, measured for a list of games.

Time. One iteration of CFR visits every history of the tree once per player (Zinkevich et al.
2007), so the readable engine (:mod:`lessons_lib.cfr.readable`) takes time proportional to the
number of histories ``|H|``. The vectorised engines do the same arithmetic in a few array operations
per depth of the tree (:mod:`lessons_lib.cfr.sequence_form` on the sequence form,
:mod:`lessons_lib.cfr.public_tree` on the public tree), so on small games their time is mostly the
fixed cost of calling those operations. :func:`time_per_iteration` measures one engine on one game;
:func:`timing_table` measures a list of games with several engines.

Memory. CFR keeps two tables, the cumulative regrets ``R(I, a)`` and the strategy sums ``S(I, a)``
(:class:`~lessons_lib.core.state.CFRState`): ``2 sum_I |A(I)|`` numbers, 8 bytes each as float64.
The exact alternative, the sequence-form linear program (Koller, Megiddo and von Stengel 1994,
:mod:`lessons_lib.lp`), starts from the payoff matrix ``A`` with one row per sequence of player 1
and one column per sequence of player 2: ``|S_1| |S_2|`` numbers stored densely, or one per pair of
sequences that ends some terminal history stored sparsely (its nonzeros; the indices a sparse
matrix stores as well are not counted). :func:`memory_table` lists these counts.

Slopes. On log-log axes a cost that grows like ``n^k`` is a straight line of slope ``k``;
:func:`log_log_slope` fits it by least squares.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from lessons_lib.cfr.solver import ENGINES
from lessons_lib.core.training import MAX_ITERATIONS
from lessons_lib.core.variants import variant_named
from lessons_lib.games.base import Game
from lessons_lib.games.sizes import game_size
from lessons_lib.lp import sequence_form
from lessons_lib.sums import least_squares_slope
from lessons_lib.validation import (
    as_finite_array,
    check_choice,
    check_integer,
    check_iterations,
    describe,
    is_number,
    non_empty_list_of,
)

#: Bytes per stored number: the tables hold float64 values.
BYTES_PER_FLOAT = 8

#: The tables CFR keeps, each with one entry per (information set, action) pair.
CFR_TABLES = ("cumulative regret", "strategy sum")

#: The columns of :func:`memory_table`, in order.
MEMORY_COLUMNS = (
    "game",
    "family",
    "histories",
    "terminal_histories",
    "info_sets",
    "info_set_actions",
    "table_entries",
    "table_bytes",
    "sequences_1",
    "sequences_2",
    "payoff_matrix_entries",
    "payoff_matrix_nonzeros",
)

#: The columns of :func:`timing_table`, in order.
TIMING_COLUMNS = (
    "game",
    "family",
    "engine",
    "histories",
    "info_set_actions",
    "iterations",
    "seconds_per_iteration",
)

#: A clock: a function returning the current time in seconds (``time.perf_counter``).
Clock = Callable[[], float]


def game_label(game: Game) -> str:
    """A short name for a game of a generalised family: ``"Kuhn, 3 cards"``, ``"Leduc, 4 ranks"``.

    Only the parameter that sets the deck is named; other parameters, when they differ from the
    standard game, are added in brackets. Games of other families are named by their ``repr``.
    """
    parameters = _checked_game(game).parameters
    if game.name == "kuhn_poker":
        return f"Kuhn, {parameters['n_cards']} cards"
    if game.name == "leduc_poker":
        standard = {"suits": 2, "raise_sizes": (2, 4), "max_raises": 2}
        changed = [f"{k}={parameters[k]!r}" for k, v in standard.items() if parameters[k] != v]
        extra = f" ({', '.join(changed)})" if changed else ""
        return f"Leduc, {parameters['ranks']} ranks{extra}"
    return repr(game)


def table_entries(game: Game) -> int:
    """The numbers CFR stores for ``game``: one per table and (information set, action) pair."""
    return len(CFR_TABLES) * game_size(_checked_game(game))["info_set_actions"]


def memory_table(games: Iterable[Game]) -> pd.DataFrame:
    """Sizes and memory of every game in ``games``: one row each, columns :data:`MEMORY_COLUMNS`.

    ``table_entries`` and ``table_bytes`` are CFR's two tables (:func:`table_entries`, times
    :data:`BYTES_PER_FLOAT`); ``sequences_i`` counts player i's sequences, the empty one included;
    ``payoff_matrix_entries`` is ``sequences_1 * sequences_2``, the sequence-form payoff matrix
    stored densely, and ``payoff_matrix_nonzeros`` its nonzero entries.
    """
    rows = []
    for game in _checked_games(games):
        size = game_size(game)
        form = sequence_form(game)
        entries = table_entries(game)
        rows.append(
            {
                "game": game_label(game),
                "family": game.name,
                "histories": size["histories"],
                "terminal_histories": size["terminal_histories"],
                "info_sets": size["info_sets"],
                "info_set_actions": size["info_set_actions"],
                "table_entries": entries,
                "table_bytes": BYTES_PER_FLOAT * entries,
                "sequences_1": form.n_sequences(1),
                "sequences_2": form.n_sequences(2),
                "payoff_matrix_entries": form.n_sequences(1) * form.n_sequences(2),
                "payoff_matrix_nonzeros": int(form.payoff.count_nonzero()),
            }
        )
    return pd.DataFrame(rows, columns=list(MEMORY_COLUMNS))


def time_per_iteration(
    game: Game,
    engine: str,
    algorithm: str = "cfr+",
    iterations: int = 10,
    repeat: int = 3,
    warmup: int = 1,
    clock: Clock = time.perf_counter,
) -> float:
    """Seconds per iteration of ``algorithm`` with ``engine`` on ``game``: the best of ``repeat``.

    The engine is built first (its set-up is not timed) and runs ``warmup`` untimed iterations.
    Then ``repeat`` times: read ``clock``, run ``iterations`` iterations, read ``clock`` again. The
    result is the smallest of the ``repeat`` differences divided by ``iterations``: the run least
    disturbed by whatever else the machine was doing. ``clock`` is ``time.perf_counter`` unless a
    test passes its own.
    """
    _checked_game(game)
    check_choice(engine, tuple(ENGINES), "engine")
    iterations = check_integer(iterations, "iterations", minimum=1, maximum=MAX_ITERATIONS)
    repeat = check_integer(repeat, "repeat", minimum=1, maximum=MAX_ITERATIONS)
    warmup = check_integer(warmup, "warmup", minimum=0, maximum=MAX_ITERATIONS)
    if not callable(clock):
        raise ValueError(f"clock must be a function returning seconds, got {describe(clock)}")
    variant = variant_named(algorithm)
    runner = ENGINES[engine](game, variant, variant.default_updates)
    if warmup:
        runner.run(int(warmup))
    best = np.inf
    for _ in range(repeat):
        start = clock()
        runner.run(iterations)
        end = clock()
        if not (is_number(start) and is_number(end)) or end < start:
            raise ValueError(f"the clock went from {describe(start)} to {describe(end)} seconds")
        elapsed = float(end) - float(start)
        best = min(best, elapsed)
    return float(best / iterations)


def timing_table(
    games: Iterable[Game],
    engines: Sequence[str] = ("readable", "sequence-form", "public-tree"),
    algorithm: str = "cfr+",
    iterations: int | Mapping[str, int] = 10,
    repeat: int = 3,
    warmup: int = 1,
    max_histories: Mapping[str, int] | None = None,
    clock: Clock = time.perf_counter,
) -> pd.DataFrame:
    """:func:`time_per_iteration` for every game and engine: one row each, :data:`TIMING_COLUMNS`.

    ``iterations`` is one number for all engines or one per engine (the readable engine needs few
    to take measurable time); ``repeat``, ``warmup`` and ``clock`` are passed on to
    :func:`time_per_iteration`. ``max_histories`` leaves out, per engine, the games with more
    histories than the limit, so a slow engine is measured on the small games only; those
    (game, engine) pairs are absent from the table.
    """
    if isinstance(engines, (str, bytes, Mapping)) or not isinstance(engines, Iterable):
        raise ValueError(f"engines must be a list of engine names, got {describe(engines)}")
    engines = tuple(engines)
    if not engines:
        raise ValueError("engines must name at least one engine")
    for engine in engines:
        check_choice(engine, tuple(ENGINES), "engine")
    per_engine = _per_engine(iterations, engines)
    if max_histories is not None and not isinstance(max_histories, Mapping):
        raise ValueError(
            f"max_histories must map engine names to limits, got {describe(max_histories)}"
        )
    limits = dict(max_histories or {})
    for engine, limit in limits.items():
        check_choice(engine, engines, "engine in max_histories")
        check_iterations(limit, f"max_histories[{engine!r}]")
    rows = []
    for game in _checked_games(games):
        size = game_size(game)
        for engine in engines:
            if size["histories"] > limits.get(engine, np.inf):
                continue
            seconds = time_per_iteration(
                game, engine, algorithm, per_engine[engine], repeat, warmup, clock
            )
            rows.append(
                {
                    "game": game_label(game),
                    "family": game.name,
                    "engine": engine,
                    "histories": size["histories"],
                    "info_set_actions": size["info_set_actions"],
                    "iterations": per_engine[engine],
                    "seconds_per_iteration": seconds,
                }
            )
    return pd.DataFrame(rows, columns=list(TIMING_COLUMNS))


def log_log_slope(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> float:
    """The least-squares slope ``k`` of ``log y = k log x + c``: ``y`` grows like ``x^k``."""
    xs, ys = as_finite_array(x, "x"), as_finite_array(y, "y")
    if xs.ndim != 1 or xs.shape != ys.shape:
        raise ValueError(
            f"x and y must be vectors of one length, got shapes {xs.shape}, {ys.shape}"
        )
    if np.any(xs <= 0) or np.any(ys <= 0):
        raise ValueError(
            f"a log-log fit needs positive values, got x={describe(x)}, y={describe(y)}"
        )
    if np.unique(xs).size < 2:
        raise ValueError(f"a slope needs at least two different x values, got {describe(x)}")
    # math.log, value by value: numpy's vector log differs in the last bit between processors.
    return least_squares_slope([math.log(v) for v in xs], [math.log(v) for v in ys])


def slopes(
    table: pd.DataFrame,
    x: str,
    y: str = "seconds_per_iteration",
    by: str | Sequence[str] = ("engine", "family"),
) -> pd.Series:
    """The :func:`log_log_slope` of column ``y`` against column ``x`` in each group of ``by``.

    By default one slope per engine and game family: within a family the games differ only in the
    size of the deck, so the slope says how the cost grows with it.
    """
    if not isinstance(table, pd.DataFrame):
        raise ValueError(f"table must be a pandas DataFrame, got {describe(table)}")
    if not isinstance(by, (str, Sequence)):
        raise ValueError(f"by must be a column name or a list of them, got {describe(by)}")
    groups = [by] if isinstance(by, str) else list(by)
    for name, column in (("x", x), ("y", y), *(("by", g) for g in groups)):
        if not isinstance(column, str) or column not in table.columns:
            raise ValueError(
                f"{name} must name a column of the table, which has no column "
                f"{describe(column)}; it has {list(table.columns)!r}"
            )
    if not groups:
        raise ValueError("by must name at least one column")
    grouped = table.groupby(groups[0] if len(groups) == 1 else groups, sort=False)
    return pd.Series(
        {name: log_log_slope(rows[x].to_numpy(), rows[y].to_numpy()) for name, rows in grouped},
        name=f"slope of {y} against {x}",
    )


def _checked_games(games: Iterable[Game]) -> list[Game]:
    return non_empty_list_of(games, Game, "games")


def _checked_game(game: object) -> Game:
    if not isinstance(game, Game):
        raise ValueError(f"game must be a Game (such as KuhnPoker()), got {describe(game)}")
    return game


def _per_engine(iterations: int | Mapping[str, int], engines: tuple[str, ...]) -> dict[str, int]:
    """The number of timed iterations of each engine, from one number or a mapping."""
    if isinstance(iterations, Mapping):
        missing = [engine for engine in engines if engine not in iterations]
        if missing:
            raise ValueError(f"iterations gives no number for the engines {missing!r}")
        return {
            engine: check_iterations(iterations[engine], f"iterations[{engine!r}]")
            for engine in engines
        }
    count = check_iterations(iterations)
    return dict.fromkeys(engines, count)
