"""What the sampling schemes share: a sampled engine behind the engine protocol.

A Monte Carlo CFR scheme (:mod:`lessons_lib.mccfr.chance_sampling`,
:mod:`~lessons_lib.mccfr.external_sampling`, :mod:`~lessons_lib.mccfr.outcome_sampling`) runs the
loop every engine runs (:func:`lessons_lib.core.engine.iterate`) with plain CFR's rules: in each
group of players, its *walks* add sampled regrets and strategies to the players'
:class:`~lessons_lib.core.tables.RegretTable`, and each player of the group then updates its
strategy by regret matching (at the information sets its regrets changed, which is all that can
have changed). A scheme is one class: its name, its walks, its options.

Randomness. An engine owns one numpy Generator, ``np.random.default_rng(seed)``, and every sample
of every iteration is drawn from it in order, so 100 iterations followed by 900 more are the 1,000
iterations of a single run, number for number; measuring at checkpoints draws nothing.

Checkpoints record, besides the exact exploitabilities of :mod:`lessons_lib.exploitability`, the
*nodes touched*: the histories the sampled walks entered, summed over the run (each walk counts the
root of its deal, every decision and chance history and every terminal it enters). They also
record the wall time spent training so far (``time.perf_counter``, measurements left out): it
varies from run to run and machine to machine, so nothing reproducible should print it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from numbers import Integral
from typing import ClassVar

import numpy as np

from lessons_lib.core.checkpoints import Checkpoint
from lessons_lib.core.engine import Requirements, TabularEngine
from lessons_lib.core.tables import tables_by_key
from lessons_lib.core.variants import UPDATE_SCHEMES, VanillaCFR, Variant
from lessons_lib.games.base import Game
from lessons_lib.mccfr.tables import SampledTables
from lessons_lib.mccfr.walk import Walk, plain_tree, random_chooser
from lessons_lib.validation import check_choice, describe


@dataclass(frozen=True)
class SampledCheckpoint(Checkpoint):
    """A checkpoint (:class:`~lessons_lib.core.checkpoints.Checkpoint`) plus what sampling
    costs."""

    nodes_touched: int  # histories entered by the walks so far
    seconds: float  # wall time spent training so far (volatile: never print it reproducibly)


def check_seed(seed: object) -> int:
    """``seed`` as an int after checking it is a non-negative integer."""
    if isinstance(seed, bool) or not isinstance(seed, Integral) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {describe(seed)}")
    return int(seed)


class SampledEngine(TabularEngine):
    """A Monte Carlo CFR scheme: ``walk(group, walk)`` is the subclass's.

    Any game (any number of players, any payoffs, chance anywhere). ``seed`` seeds the run's
    generator; ``updates`` defaults to the scheme's own order; ``averaging`` is the average's
    weighting (:data:`~lessons_lib.core.variants.AVERAGING`).
    """

    name: ClassVar[str] = "mccfr"
    requires: ClassVar[Requirements] = Requirements()
    #: The update order a scheme uses when none is asked for.
    default_updates: ClassVar[str] = "alternating"
    #: The options the engine takes (besides the game).
    options: ClassVar[tuple[str, ...]] = ("seed", "updates", "averaging")
    checkpoint_type = SampledCheckpoint

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        updates: str | None = None,
        averaging: str = "own reach",
    ) -> None:
        updates = self.default_updates if updates is None else updates
        check_choice(updates, UPDATE_SCHEMES, f"updates of {self.name}")
        variant: Variant = VanillaCFR()
        super().__init__(game, variant, updates, averaging)
        self.seed = check_seed(seed)
        self.plain = plain_tree(game)
        self.tables, self.layout = tables_by_key(game)
        self.sampled = SampledTables(game, self.tables, self.layout, self.averaging)
        self._choose = random_chooser(np.random.default_rng(self.seed))
        #: How many histories the walks have entered so far, over the whole run.
        self.nodes_touched = 0
        self._seconds = 0.0

    def run(self, iterations: int) -> SampledEngine:
        """Exactly ``iterations`` more iterations (their wall time is recorded)."""
        began = time.perf_counter()
        super().run(iterations)
        self.sampled.flush()  # the last turns' increments to the others' strategy sums
        self._seconds += time.perf_counter() - began
        return self

    def accumulate(self, group: tuple[int, ...], weight: float) -> None:
        """The scheme's walks for the players of ``group``, adding to their tables."""
        self.sampled.weight = weight
        walk = Walk(self._choose)
        self.walk(group, walk)
        self.nodes_touched += walk.nodes

    def walk(self, group: tuple[int, ...], walk: Walk) -> None:
        """The walks of one group of players (the scheme's)."""
        raise NotImplementedError

    def update(self, player: int, variant: Variant, t: int) -> None:
        """Regret matching where ``player``'s regrets changed (plain CFR discounts nothing)."""
        self.sampled.refresh(player)

    def checkpoint(self) -> SampledCheckpoint:
        """The exact checkpoint, with the nodes touched and the training time so far."""
        return SampledCheckpoint.measure(
            self.game,
            self.iteration,
            self.average_policy(),
            self.current_policy(),
            nodes_touched=self.nodes_touched,
            seconds=self._seconds,
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r}, seed={self.seed!r})"
