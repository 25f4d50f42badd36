"""The engine protocol: what a solver of the CFR family is, and the one loop they all run.

An *engine* trains a profile on a game, iteration after iteration. Every engine of the library,
the exact ones of :mod:`lessons_lib.cfr` and the sampled ones of :mod:`lessons_lib.mccfr`, follows
the same protocol (:class:`Engine`): it says what it needs of a game (:class:`Requirements`,
checked before it is built), runs iterations, reads out its average and current policies, and
says what a checkpoint of its run measures. :class:`~lessons_lib.core.training.TrainingRun`
drives any engine through it (checkpoints, progress, Ctrl-C, resuming).

**One loop.** An iteration ``t`` of a CFR-family algorithm is the same everywhere
(Zinkevich et al. 2007; Tammelin 2014 for the alternating order): :func:`iterate`. The players
learn in the groups :func:`~lessons_lib.core.variants.update_groups` gives (all at once, or one
after the other); a group first *accumulates* (each of its players adds iteration t's regrets,
computed against the current strategies, and its own strategy, weighted by ``w_t``, to the
average), then each of its players *updates* (discounts, then regret matching). What differs from
engine to engine is only how regrets are computed: by walking every history, in the sequence form,
on the public tree, or by sampling. An engine supplies those two steps (:class:`Learner`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Protocol, runtime_checkable

import numpy as np

from lessons_lib.core.checkpoints import Checkpoint
from lessons_lib.core.state import CFRState, average_strategy
from lessons_lib.core.tables import KeyRows, RegretTable, check_averaging
from lessons_lib.core.variants import Variant, update_groups
from lessons_lib.games.base import Game
from lessons_lib.policy import Policy
from lessons_lib.validation import (
    as_finite_vector,
    check_choice,
    check_instance,
    check_integer,
    describe,
)

#: The most iterations a run may reach: 2**53, beyond which ``t`` is no longer exact as a float
#: (CFR+ and the discounted variants weigh iteration t by a float function of t).
MAX_ITERATIONS = 2**53

#: The largest magnitude of an initial regret. Regret matching divides by the sum of the positive
#: regrets of an information set, which must stay finite through the iterations that follow.
MAX_INITIAL_REGRET = 1e300

#: How many players a game has, in words.
_PLAYER_COUNTS = {1: "one-player", 2: "two-player", 3: "three-player"}


@dataclass(frozen=True)
class Requirements:
    """What an engine needs of a game, declared by the engine and checked before it is built.

    ``players``: exactly this many players (None: any number); ``zero_sum``: the game must
    declare :attr:`~lessons_lib.games.base.Game.zero_sum`; ``capability``: a protocol the game
    must implement (such as :class:`~lessons_lib.games.ranges.HasRanges`), called
    ``capability_name`` in messages (``"public tree"``).
    """

    players: int | None = None
    zero_sum: bool = False
    capability: type | None = None
    capability_name: str = ""

    def describe(self) -> str:
        """The requirements in words: ``"a two-player zero-sum game with a public tree"``."""
        count = _PLAYER_COUNTS.get(self.players, f"{self.players}-player") if self.players else ""
        words = " ".join(w for w in (count, "zero-sum" if self.zero_sum else "", "game") if w)
        article = "an" if words[0] in "aeiou" else "a"
        needs = f" with a {self.capability_name}" if self.capability else ""
        return f"{article} {words}{needs}"

    def unmet(self, game: Game) -> str | None:
        """What ``game`` lacks, in words, or None if it meets the requirements."""
        if self.players is not None and game.num_players != self.players:
            return f"has {game.num_players} players"
        if self.zero_sum and not game.zero_sum:
            return "is not declared zero-sum"
        if self.capability is not None and not isinstance(game, self.capability):
            return f"has no {self.capability_name}"
        return None

    def check(self, game: object, engine: str) -> Game:
        """``game`` after checking it is a Game that meets the requirements of ``engine``."""
        check_instance(game, Game, "game", "a Game (such as KuhnPoker())")
        reason = self.unmet(game)
        if reason is not None:
            raise ValueError(f"the {engine} engine needs {self.describe()}; {game!r} {reason}")
        return game


class Learner(Protocol):
    """What one iteration of :func:`iterate` asks of an engine."""

    @property
    def players(self) -> tuple[int, ...]:
        """The players who learn, in the order of the alternating updates."""
        ...

    def accumulate(self, group: tuple[int, ...], weight: float) -> None:
        """For each player of ``group``: add iteration t's regrets, computed against the current
        strategies of all players, and its current strategy with weight ``w_t`` to its average."""
        ...

    def update(self, player: int, variant: Variant, t: int) -> None:
        """``player``'s end of iteration t: ``variant``'s discounts, then regret matching."""
        ...


def iterate(learner: Learner, variant: Variant, updates: str, t: int) -> None:
    """Iteration ``t`` of ``variant`` on ``learner``: the loop every engine of the library runs.

    Simultaneous updates make one group of all players, who all learn against ``sigma^t``;
    alternating updates make one group per player, each learning against the strategies the
    groups before it have just updated.
    """
    weight = variant.average_weight(t)
    for group in update_groups(updates, learner.players):
        learner.accumulate(group, weight)
        for player in group:
            learner.update(player, variant, t)


@runtime_checkable
class Engine(Protocol):
    """What :class:`~lessons_lib.core.training.TrainingRun` drives: any solver of the book.

    A class that follows it declares ``name`` and ``requires`` and is made from a game (and its
    own options); ``iteration`` counts the iterations run so far.
    """

    name: ClassVar[str]
    requires: ClassVar[Requirements]
    game: Game
    iteration: int

    def run(self, iterations: int) -> None:
        """Exactly ``iterations`` more iterations."""
        ...

    def average_policy(self) -> Policy:
        """The average strategy ``sigma_bar^T``: what CFR's guarantee is about."""
        ...

    def current_policy(self) -> Policy:
        """The current strategy ``sigma^{T+1}``."""
        ...

    def checkpoint(self) -> Checkpoint:
        """What the run looks like now, measured exactly."""
        ...


class TabularEngine:
    """What the tabular engines share: the loop, policies, resuming and checkpoints.

    A subclass builds one :class:`~lessons_lib.core.tables.RegretTable` per player in
    ``self.tables`` and lists in ``self.layout`` where each information set's actions sit
    (:class:`KeyRows`, in the order of ``game.info_sets()``); it implements
    :meth:`accumulate`, and :meth:`strategy_changed` if it keeps anything derived from a
    player's strategy (a realisation plan, ranges).
    """

    name: ClassVar[str] = "tabular"
    requires: ClassVar[Requirements] = Requirements()

    def __init__(
        self, game: Game, variant: Variant, updates: str, averaging: str = "own reach"
    ) -> None:
        self.game = self.requires.check(game, self.name)
        self.variant = check_instance(variant, Variant, "variant", "a Variant (variant_named)")
        self.updates = check_choice(updates, variant.allowed_updates, f"updates of {variant.name}")
        self.averaging = check_averaging(averaging)
        self.iteration = 0
        self.tables: dict[int, RegretTable] = {}
        #: The players who learn: all of the game's.
        self.players = self.game.players

    #: Where each information set's actions sit in the tables, in the order of
    #: ``game.info_sets()`` (set by the subclass, or made by it on first use).
    layout: tuple[KeyRows, ...]

    # The loop.

    def run(self, iterations: int) -> TabularEngine:
        """Exactly ``iterations`` more iterations of :func:`iterate`; returns the engine (a bare
        loop: :class:`~lessons_lib.core.training.TrainingRun` adds checkpoints, progress and
        Ctrl-C)."""
        limit = MAX_ITERATIONS - self.iteration
        iterations = check_integer(iterations, "iterations", minimum=1, maximum=limit)
        for _ in range(iterations):
            iterate(self, self.variant, self.updates, self.iteration + 1)
            self.iteration += 1
        return self

    def accumulate(self, group: tuple[int, ...], weight: float) -> None:
        """Iteration t's regrets and strategies of the players of ``group`` (the subclass's)."""
        raise NotImplementedError

    def update(self, player: int, variant: Variant, t: int) -> None:
        """Discounts and regret matching on ``player``'s table, then :meth:`strategy_changed`
        (nothing for a player who never acts)."""
        if player in self.tables:
            self.tables[player].update(variant, t)
            self.strategy_changed(player)

    def strategy_changed(self, player: int) -> None:
        """Recompute what derives from ``player``'s current strategy (nothing, by default)."""

    # The tables read by information set.

    @staticmethod
    def _read(table: np.ndarray, place: KeyRows) -> np.ndarray:
        """The entries of ``table`` at ``place``, copied."""
        rows = table[place.rows] if place.column is None else table[place.rows, place.column]
        return rows.copy()

    def state(self) -> CFRState:
        """A copy of the cumulative regrets and strategy sums, one array per information set."""
        regret, strategy_sum = {}, {}
        for place in self.layout:
            table = self.tables[place.player]
            regret[place.key] = self._read(table.regret, place)
            strategy_sum[place.key] = self._read(table.strategy_sum, place)
        return CFRState(regret, strategy_sum, self.iteration)

    def average_policy(self) -> Policy:
        """``sigma_bar^T``: the normalised strategy sums (uniform where they are all zero)."""
        averages = {
            player: average_strategy(table.strategy_sum, table.segments)
            for player, table in self.tables.items()
        }
        return {p.key: self._read(averages[p.player], p) for p in self.layout}

    def current_policy(self) -> Policy:
        """``sigma^{T+1}``: regret matching on the current regrets, at every information set."""
        return {p.key: self._read(self.tables[p.player].strategy, p) for p in self.layout}

    def start_from(self, initial_regret: Mapping[str, object]) -> None:
        """Replace the (zero) regrets of the information sets given before the first iteration,
        a mapping from key to one regret per action (keys left out stay at zero); sigma^1 is then
        regret matching on them."""
        if self.iteration:
            raise ValueError(
                f"start_from comes before the first iteration, not after {self.iteration:,}"
            )
        regrets = checked_regrets(self.game, initial_regret)
        for place in self.layout:
            if place.key in regrets:
                table = self.tables[place.player].regret
                if place.column is None:
                    table[place.rows] = regrets[place.key]
                else:
                    table[place.rows, place.column] = regrets[place.key]
        for player, table in self.tables.items():
            table.match()
            self.strategy_changed(player)

    def checkpoint(self) -> Checkpoint:
        """The exact checkpoint of the run as it is now (:meth:`Checkpoint.measure`)."""
        return Checkpoint.measure(
            self.game, self.iteration, self.average_policy(), self.current_policy()
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r}, {self.variant!r}, updates={self.updates!r})"


def check_engine(engine: object) -> Engine:
    """``engine`` after checking it follows the :class:`Engine` protocol."""
    if not isinstance(engine, Engine):
        raise ValueError(f"engine must follow the Engine protocol, got {describe(engine)}")
    return engine


def checked_regrets(game: Game, regrets: object) -> dict[str, np.ndarray]:
    """``regrets`` as a dict of finite arrays, one per known information set of ``game``, of the
    right length, no entry larger in magnitude than :data:`MAX_INITIAL_REGRET`."""
    if not isinstance(regrets, Mapping):
        raise ValueError(
            f"initial_regret must map information-set keys to arrays, got {describe(regrets)}"
        )
    known = set(game.info_sets())
    checked = {}
    for key, values in regrets.items():
        if not isinstance(key, str) or key not in known:
            raise ValueError(f"initial_regret has an unknown information set {describe(key)}")
        regret = as_finite_vector(values, f"initial_regret[{key!r}]", len(game.actions(key)))
        if np.any(np.abs(regret) > MAX_INITIAL_REGRET):
            raise ValueError(
                f"initial_regret[{key!r}] has an entry larger in magnitude than "
                f"{MAX_INITIAL_REGRET:g} (regret matching sums them): {describe(values)}"
            )
        checked[key] = regret.copy()
    return checked
