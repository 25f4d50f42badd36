"""Extensive-form games: the interface every game implements, and the games of the book.

- :mod:`lessons_lib.games.base`  the :class:`Game` interface (any number of players, chance at the
  root and inside the tree, the zero-sum promise), :class:`History` and the laid-out
  :class:`GameTree`
- :mod:`lessons_lib.games.coin_toss`  Brown and Sandholm's coin toss, the smallest game whose
  subgame cannot be solved alone
- :mod:`lessons_lib.games.kuhn`  Kuhn poker (Kuhn 1950)
- :mod:`lessons_lib.games.leduc`  Leduc poker (Southey et al. 2005)
- :mod:`lessons_lib.games.multiplayer_kuhn`  Kuhn poker for three players and more
- :mod:`lessons_lib.games.raked_kuhn`  Kuhn poker with a rake: a general-sum game
- :mod:`lessons_lib.games.public`  the capability of private cards, and the public tree of Kuhn and
  Leduc poker built from their rules
- :mod:`lessons_lib.games.ranges`  the capability of describing a public tree with ranges, as the
  public-tree engine needs it
- :mod:`lessons_lib.games.sizes`  how large a game is
"""

from lessons_lib.games.base import Deal, Game, GameTree, History, TwoPlayerZeroSumGame
from lessons_lib.games.coin_toss import CoinToss
from lessons_lib.games.kuhn import KuhnPoker
from lessons_lib.games.leduc import LeducPoker
from lessons_lib.games.multiplayer_kuhn import MultiplayerKuhnPoker
from lessons_lib.games.raked_kuhn import RakedKuhnPoker

__all__ = [
    "CoinToss",
    "Deal",
    "Game",
    "GameTree",
    "History",
    "KuhnPoker",
    "LeducPoker",
    "MultiplayerKuhnPoker",
    "RakedKuhnPoker",
    "TwoPlayerZeroSumGame",
]
