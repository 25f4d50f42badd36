"""Extensive-form games: the interface every game implements, and the games of the book.

- :mod:`lessons_lib.games.base`  the :class:`Game` interface, :class:`History` and the laid-out
  :class:`GameTree`
- :mod:`lessons_lib.games.kuhn`  Kuhn poker (Kuhn 1950)
"""

from lessons_lib.games.base import Deal, Game, GameTree, History
from lessons_lib.games.kuhn import KuhnPoker

__all__ = ["Deal", "Game", "GameTree", "History", "KuhnPoker"]
