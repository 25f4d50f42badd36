"""Running Monte Carlo CFR: :func:`solve_sampled` trains a sampling scheme,
measures it, and can resume.

The result mirrors :class:`lessons_lib.cfr.CFRResult`, so a chapter can treat CFR and MCCFR alike:
``average_policy()``, ``current_policy()``, ``state()``, ``history`` (a list of checkpoints with
``iteration`` and ``average_exploitability``), ``history_table()`` and ``train(more)``.

Randomness. A run owns one numpy Generator, ``np.random.default_rng(seed)``, and every sample of
every iteration is drawn from it in order. ``train`` continues with the same generator and the same
tables, so 100 iterations followed by ``train(900)`` are the 1,000 iterations of a single run,
number for number; measuring at checkpoints draws nothing.

Checkpoints record, besides the exact exploitabilities of :mod:`lessons_lib.exploitability`, the
*nodes touched*: the histories the sampled walks entered, summed over the run (each walk counts
the root of its deal, every decision history and every terminal it enters). They also record the
wall time spent training so far (``time.perf_counter``, exploitability measurements left out):
it varies from run to run and machine to machine, so nothing reproducible should print it.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from numbers import Integral

import numpy as np

from lessons_lib.cfr.state import CFRState
from lessons_lib.cfr.training import TRAIN_OPTIONS, Checkpoint, TrainingRun, check_option_names
from lessons_lib.games.base import Game, History
from lessons_lib.mccfr.chance_sampling import ChanceSampling, chance_sampled_walk
from lessons_lib.mccfr.external_sampling import ExternalSampling, external_sampled_walk
from lessons_lib.mccfr.outcome_sampling import (
    DEFAULT_EXPLORATION,
    OutcomeSampling,
    check_exploration,
    outcome_sampled_walk,
)
from lessons_lib.mccfr.tables import FixedProfile, RegretTables
from lessons_lib.mccfr.walk import (
    Chooser,
    Walk,
    check_game,
    checked_chooser,
    plain_tree,
    random_chooser,
)
from lessons_lib.validation import check_choice, check_iterations, describe

#: The sampling schemes, by the name :func:`solve_sampled` takes.
SCHEMES = {"chance": ChanceSampling, "external": ExternalSampling, "outcome": OutcomeSampling}


@dataclass(frozen=True)
class SampledCheckpoint(Checkpoint):
    """CFR's checkpoint (:class:`lessons_lib.cfr.Checkpoint`) plus what sampling costs."""

    nodes_touched: int  # histories entered by the walks so far
    seconds: float  # wall time spent training so far (volatile: never print it reproducibly)


class MCCFRResult(TrainingRun):
    """An MCCFR run: its policies, its checkpoints, and :meth:`train` to continue it."""

    checkpoint_type = SampledCheckpoint

    def __init__(self, game: Game, scheme: str, seed: int, **options: object) -> None:
        _check_game(game)
        scheme, seed = _check_scheme(scheme), check_seed(seed)
        check_option_names(options, SCHEMES[scheme].options, f"scheme {scheme!r}")
        super().__init__(game)
        self.scheme = scheme
        self.seed = seed
        self.options = dict(options)
        self._scheme = SCHEMES[scheme](plain_tree(game), **options)
        self._tables = RegretTables(game)
        self._choose = random_chooser(np.random.default_rng(seed))
        self._nodes = 0
        self._seconds = 0.0

    @property
    def algorithm(self) -> str:
        """The algorithm's name: ``"mccfr-chance"``, ``"mccfr-external"`` or ``"mccfr-outcome"``."""
        return f"mccfr-{self.scheme}"

    @property
    def nodes_touched(self) -> int:
        """How many histories the walks have entered so far, over the whole run."""
        return self._nodes

    def state(self) -> CFRState:
        """A copy of the cumulative regrets and strategy sums (see :class:`CFRState`)."""
        return self._tables.to_state(self._iterations)

    def _advance(self, iterations: int) -> None:
        began = time.perf_counter()  # training time only: measuring is left out
        for _ in range(iterations):
            walk = Walk(self._choose)
            self._scheme.iteration(self._tables, walk)
            self._nodes += walk.nodes
        self._seconds += time.perf_counter() - began

    def _extra(self) -> dict[str, object]:
        return {"nodes_touched": self._nodes, "seconds": self._seconds}

    def __repr__(self) -> str:
        options = "".join(f", {name}={value!r}" for name, value in self.options.items())
        return (
            f"MCCFRResult({self.game!r}, {self.scheme!r}, seed={self.seed!r}{options}, "
            f"iterations={self._iterations})"
        )


def solve_sampled(
    game: Game, scheme: str, iterations: int, seed: int = 0, **options: object
) -> MCCFRResult:
    """Run ``iterations`` iterations of Monte Carlo CFR with sampling ``scheme`` on ``game``.

    ``scheme`` is ``"chance"`` (:mod:`lessons_lib.mccfr.chance_sampling`), ``"external"``
    (:mod:`lessons_lib.mccfr.external_sampling`) or ``"outcome"``
    (:mod:`lessons_lib.mccfr.outcome_sampling`); ``seed`` (a non-negative integer, 0 by default)
    seeds the run's generator. Options:

    - ``exploration``: outcome sampling's epsilon, in (0, 1] (default 0.6);
    - ``checkpoints`` or ``checkpoint_every``: when to measure progress, and ``progress``: how a
      long run shows it and stops on Ctrl-C (see :meth:`MCCFRResult.train`).

    Anything else, or a value out of range, raises ``ValueError``.
    """
    _check_game(game)
    scheme = _check_scheme(scheme)
    iterations = check_iterations(iterations)
    seed = check_seed(seed)
    scheme_options = SCHEMES[scheme].options
    check_option_names(options, scheme_options + TRAIN_OPTIONS, f"solve with scheme {scheme!r}")
    chosen = {name: options.pop(name) for name in scheme_options if name in options}
    return MCCFRResult(game, scheme, seed, **chosen).train(iterations, **options)


@dataclass(frozen=True)
class SampledTraversal:
    """What one sampled walk with a fixed profile added, and how likely its samples were.

    ``regrets[key]`` and ``strategy_sums[key]`` are the increments the walk made to ``R(I, .)`` and
    ``S(I, .)`` at every information set it passed through (zero where it passed without updating);
    the information sets it never reached are left out, their increments are zero.
    ``probability`` is the probability that the sampling made exactly the walk's choices;
    ``histories`` are the histories it entered, in order; ``value`` is what the walk returned (see
    each scheme's walk function).
    """

    regrets: dict[str, np.ndarray]
    strategy_sums: dict[str, np.ndarray]
    probability: float
    histories: tuple[History, ...]
    value: float

    @property
    def nodes(self) -> int:
        """The nodes touched: how many histories the walk entered."""
        return len(self.histories)


def sampled_traversal(
    game: Game,
    scheme: str,
    policy: Mapping[str, object] | FixedProfile,
    player: int | None = None,
    chooser: Chooser | None = None,
    seed: int = 0,
    exploration: float | None = None,
) -> SampledTraversal:
    """One walk of ``scheme`` playing the fixed ``policy`` (a policy dict, or a
    :class:`~lessons_lib.mccfr.tables.FixedProfile` already built from one), on fresh tables.

    Chance sampling updates both players in one walk (leave ``player`` out); external and outcome
    sampling walk for the traverser ``player`` (1 or 2). The choices come from ``chooser`` (by
    default a generator seeded with ``seed``); ``exploration`` is outcome sampling's epsilon (0.6
    by default; the other schemes take none).
    Averaging the increments over the sampling gives the exact counterfactual regrets: that is the
    unbiasedness of MCCFR, which the tests check by enumerating every possible walk.
    """
    _check_game(game)
    scheme = _check_scheme(scheme)
    if scheme == "chance":
        if player is not None:
            raise ValueError(f"chance sampling updates both players; got player={describe(player)}")
    else:
        check_choice(player, game.PLAYERS, "player")
    if exploration is None:
        exploration = DEFAULT_EXPLORATION
    elif scheme != "outcome":
        raise ValueError(f"only outcome sampling explores; {scheme} sampling got {exploration=!r}")
    exploration = check_exploration(exploration)
    if chooser is None:
        chooser = random_chooser(np.random.default_rng(check_seed(seed)))
    else:
        chooser = checked_chooser(chooser)
    tree = plain_tree(game)
    if isinstance(policy, FixedProfile):
        if not _same_game(policy.game, game):
            raise ValueError(f"the profile was built for {policy.game!r}, not for {game!r}")
        profile = policy
    else:
        profile = FixedProfile(game, policy)
    tables = RegretTables(game)
    walk = Walk(chooser)
    if scheme == "chance":
        value = chance_sampled_walk(tree, profile, tables, walk)
    elif scheme == "external":
        value = external_sampled_walk(tree, player, profile, tables, walk)
    else:
        value = outcome_sampled_walk(tree, player, exploration, profile, tables, walk)
    reached = sorted({tree.info_set[h] for h in walk.visited if tree.info_set[h] >= 0})
    return SampledTraversal(
        regrets={tree.keys[k]: np.array(tables.regret[k]) for k in reached},
        strategy_sums={tree.keys[k]: np.array(tables.strategy_sum[k]) for k in reached},
        probability=walk.probability,
        histories=tuple(tree.histories[h] for h in walk.visited),
        value=value,
    )


def check_seed(seed: object) -> int:
    """``seed`` as an int after checking it is a non-negative integer."""
    if isinstance(seed, bool) or not isinstance(seed, Integral) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {describe(seed)}")
    return int(seed)


def _check_game(game: object) -> None:
    check_game(game)


def _check_scheme(scheme: object) -> str:
    if not isinstance(scheme, str):
        raise ValueError(f"scheme must be one of {list(SCHEMES)!r}, got {describe(scheme)}")
    return str(check_choice(scheme, tuple(SCHEMES), "sampling scheme"))


def _same_game(first: Game, second: Game) -> bool:
    try:
        return bool(first == second)
    except Exception:  # a comparison that fails means they differ
        return False
