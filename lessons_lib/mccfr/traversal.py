"""One sampled walk on its own: what it adds to the tables, and how likely its samples were.

:func:`sampled_traversal` runs one walk of a scheme with a fixed profile, on fresh tables, and
reports its increments: the tool with which Chapter 8 looks inside a walk, and with which the tests
check that MCCFR is unbiased (averaging a walk's increments over every possible sampling gives the
exact counterfactual regrets). Training runs are made by :func:`lessons_lib.cfr.solve` with the
schemes' names (``"mccfr-chance"``, ``"mccfr-external"``, ``"mccfr-outcome"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from lessons_lib.games.base import Game, History
from lessons_lib.mccfr.chance_sampling import chance_sampled_walk
from lessons_lib.mccfr.engine import check_seed
from lessons_lib.mccfr.external_sampling import external_sampled_walk
from lessons_lib.mccfr.outcome_sampling import (
    DEFAULT_EXPLORATION,
    check_exploration,
    outcome_sampled_walk,
)
from lessons_lib.mccfr.tables import FixedProfile, SampledTables
from lessons_lib.mccfr.walk import (
    Chooser,
    Walk,
    check_game,
    checked_chooser,
    plain_tree,
    random_chooser,
)
from lessons_lib.validation import check_choice, describe


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


#: The sampling schemes :func:`sampled_traversal` knows.
SCHEMES = ("chance", "external", "outcome")


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
    check_game(game)
    if not isinstance(scheme, str):
        raise ValueError(f"scheme must be one of {list(SCHEMES)!r}, got {describe(scheme)}")
    check_choice(scheme, SCHEMES, "sampling scheme")
    if scheme == "chance":
        if player is not None:
            raise ValueError(f"chance sampling updates every player; got player={describe(player)}")
    else:
        check_choice(player, game.players, "player")
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
    tables = SampledTables.fresh(game)
    walk = Walk(chooser)
    if scheme == "chance":
        value = chance_sampled_walk(tree, profile, tables, walk)[0]
    elif scheme == "external":
        value = external_sampled_walk(tree, player, profile, tables, walk)
    else:
        value = outcome_sampled_walk(tree, player, exploration, profile, tables, walk)
    reached = sorted({tree.info_set[h] for h in walk.visited if tree.info_set[h] >= 0})
    return SampledTraversal(
        regrets={tree.keys[k]: tables.regrets_at(k) for k in reached},
        strategy_sums={tree.keys[k]: tables.strategy_sums_at(k) for k in reached},
        probability=walk.probability,
        histories=tuple(tree.histories[h] for h in walk.visited),
        value=value,
    )


def _same_game(first: Game, second: Game) -> bool:
    try:
        return bool(first == second)
    except Exception:  # a comparison that fails means they differ
        return False
