"""How big a game is: the counts that decide which algorithms can still solve it exactly.

The counts are of the tree :func:`lessons_lib.games.base.build_tree` lays out, so they count what
the library's exact algorithms sweep: one root per deal of ``game.deals()`` (Leduc poker merges
card deals of equal ranks, see :mod:`lessons_lib.games.leduc`), every history below, and every
information set with its actions. The (information set, action) pairs are the length of a flat
policy and, plus one empty sequence per player, the number of sequences in the sequence-form linear
program (Koller, Megiddo and von Stengel 1994).
"""

from __future__ import annotations

import numpy as np

from lessons_lib.games.base import Game
from lessons_lib.validation import check_instance


def game_size(game: Game) -> dict[str, int]:
    """The sizes of ``game``'s tree, by name.

    ``deals``: chance outcomes at the root; ``histories``: every history, roots included;
    ``terminal_histories`` and ``decision_histories``: the two kinds (they add up to the
    histories); ``info_sets`` and ``info_sets_1``, ``info_sets_2``: all information sets and each
    player's; ``info_set_actions``: (information set, action) pairs; ``depth``: the most actions in
    a history.
    """
    check_instance(game, Game, "game", "a Game")
    tree = game.tree
    terminal = int(np.count_nonzero(tree.terminal))
    return {
        "deals": len(tree.histories[tree.levels[0]]),
        "histories": len(tree.histories),
        "terminal_histories": terminal,
        "decision_histories": len(tree.histories) - terminal,
        "info_sets": len(tree.keys),
        "info_sets_1": int(np.count_nonzero(tree.owner == 1)),
        "info_sets_2": int(np.count_nonzero(tree.owner == 2)),
        "info_set_actions": tree.size,
        "depth": len(tree.levels) - 1,
    }
