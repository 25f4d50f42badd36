"""Hand strength on the river, from phevaluator.

At showdown each player makes the best five-card poker hand out of seven cards: the five of the
board and their own two. The book does not write its own evaluator; it asks phevaluator
(Henry Lee's "PH Evaluator", a perfect-hash algorithm), for three reasons:

- *speed*: its core is C with a Python binding; ranking the 1,081 seven-card hands of one river
  takes about a millisecond on this machine, once per board and range, so the solver never waits
  for it (eval7 is compiled too; pokerkit is pure Python, written to simulate whole games, so
  each evaluation costs interpreted work);
- *maintenance and licence*: it is released on PyPI (version 0.6.0 here) with wheels for current
  Pythons, depends on no other package, and is Apache 2.0 licensed;
- *numbering*: its cards are ``4 * rank + suit`` with ranks ``2..A`` and suits ``c, d, h, s``,
  exactly :mod:`lessons_lib.holdem.cards`'s, so no translation table stands between the two.

phevaluator's rank runs from 1 (a royal flush) to 7,462 (seven-high), *lower is better*, and equal
ranks tie. :func:`hand_strength` turns it around, ``7463 - rank``, so that a higher number wins;
only the order matters to the solver.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from phevaluator import evaluate_cards

from lessons_lib.holdem.cards import BOARD_SIZE, card_numbers, distinct_combos
from lessons_lib.validation import check_integer, describe

#: The number of distinct hand ranks of five-card poker (phevaluator's worst rank).
DISTINCT_RANKS = 7462

#: The nine hand categories, weakest first, with phevaluator's best rank in each.
CATEGORIES = (
    ("high card", 6186),
    ("one pair", 3326),
    ("two pair", 2468),
    ("three of a kind", 1610),
    ("straight", 1600),
    ("flush", 323),
    ("full house", 167),
    ("four of a kind", 11),
    ("straight flush", 1),
)


def hand_strength(board: Sequence[int], combos: np.ndarray) -> np.ndarray:
    """The strength of each combo (rows of two card numbers, each combo once, so at most the
    1,081 the board leaves) with the five-card ``board``: ``7463 - phevaluator rank``, so higher
    is stronger and equal is a tie."""
    cards = card_numbers(board, "board", (BOARD_SIZE,)).tolist()
    hands = distinct_combos(combos)
    if np.any(np.isin(hands, cards)):
        raise ValueError(f"combos must not use a board card, got {describe(combos)}")
    ranks = [evaluate_cards(*cards, int(a), int(b)) for a, b in hands]
    return DISTINCT_RANKS + 1 - np.array(ranks, dtype=np.int64)


def hand_category(strength: int) -> str:
    """The category (``"flush"``, ``"one pair"``...) of a :func:`hand_strength` number."""
    rank = (
        DISTINCT_RANKS
        + 1
        - check_integer(strength, "a hand strength", minimum=1, maximum=DISTINCT_RANKS)
    )
    return next(name for name, best in CATEGORIES if rank >= best)
