"""Extensive-form games: the interface every game implements, and the games of the book.

- :mod:`lessons_lib.games.base`  the :class:`Game` interface, :class:`History` and the laid-out
  :class:`GameTree`
- :mod:`lessons_lib.games.kuhn`  Kuhn poker (Kuhn 1950)
- :mod:`lessons_lib.games.leduc`  Leduc poker (Southey et al. 2005)
- :mod:`lessons_lib.games.public`  the public tree of Kuhn and Leduc poker, built from their rules
- :mod:`lessons_lib.games.ranges`  how a game describes its public tree to the range engine
  (:meth:`Game.range_game`)
"""

from lessons_lib.games.base import Deal, Game, GameTree, History
from lessons_lib.games.kuhn import KuhnPoker
from lessons_lib.games.leduc import LeducPoker

__all__ = ["Deal", "Game", "GameTree", "History", "KuhnPoker", "LeducPoker"]
