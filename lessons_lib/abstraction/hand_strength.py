"""Expected hand strength in Leduc poker, computed exactly by enumerating the unseen cards.

The *hand strength* of a hand is the chance that it beats an opponent's hand, counting a tie as
half a win. Its *expected* value E[HS] averages over the cards still to come and over the
opponent's card, both dealt uniformly from the cards the player cannot see. Bucketing hands by
E[HS] is the classic card abstraction of poker programs (Billings et al. 2003; Johanson et al.
2013, "Evaluating state-space abstractions in extensive-form games", AAMAS, section 3, where it is
the baseline the finer abstractions are measured against). In Leduc poker the enumeration is tiny:

- **Postflop** (the board rank ``b`` is known), holding rank ``c``. The opponent's card is one of
  the ``n - 2`` cards left, ``n = ranks * suits``; ``S - [o = c] - [o = b]`` of them have rank
  ``o``. A hand that pairs the board beats every hand that does not; otherwise the higher rank
  wins (:meth:`~lessons_lib.games.leduc.LeducPoker.strength`). So

      E[HS](c, b) = sum_o (S - [o = c] - [o = b]) / (n - 2) * w(c, o; b),

  where ``w`` is 1 for a win, 1/2 for a tie and 0 for a loss.
- **Preflop** (only the private rank ``c`` is known): the board is one of the ``n - 1`` cards
  left, ``S - [b = c]`` of them of rank ``b``, and then the opponent's card as above; by the law
  of total expectation E[HS](c) = sum_b (S - [b = c]) / (n - 1) * E[HS](c, b).

The values are exact fractions, so sorting hands by strength never depends on rounding.

- **Preflop distribution** (:func:`preflop_distribution`): instead of the mean over the board,
  the whole distribution of ``E[HS](c, b)`` over the board ``b``, ``P(b) = (S - [b = c]) / (n -
  1)``. Two ranks can have close means and different distributions (a weak rank that pairs the
  board often). Johanson, Burch, Valenzano and Bowling (2013) bucket hands by such "hand strength
  distributions", compared by the earth mover's distance :func:`earth_movers_distance`. Postflop
  no card is to come, so the distribution is the single value ``E[HS](c, b)``.
"""

from __future__ import annotations

from fractions import Fraction

from lessons_lib.games.leduc import LeducPoker
from lessons_lib.validation import check_integer, describe


def showdown_score(game: LeducPoker, card: int, other: int, board: int) -> Fraction:
    """``w(c, o; b)``: 1 if rank ``card`` beats rank ``other`` on board ``board``, 1/2 for a tie,
    else 0."""
    ranks, _ = _deck(game)
    card = check_integer(card, "card", minimum=0, maximum=ranks - 1)
    other = check_integer(other, "other", minimum=0, maximum=ranks - 1)
    board = check_integer(board, "board", minimum=0, maximum=ranks - 1)
    mine, theirs = game.strength(card, board), game.strength(other, board)
    return Fraction(1) if mine > theirs else Fraction(1, 2) if mine == theirs else Fraction(0)


def postflop_strength(game: LeducPoker, card: int, board: int) -> Fraction:
    """E[HS](c, b): the expected showdown score of rank ``card`` on board rank ``board`` against
    an opponent's card dealt uniformly from the ``ranks * suits - 2`` unseen cards."""
    ranks, suits = _deck(game)
    card = check_integer(card, "card", minimum=0, maximum=ranks - 1)
    board = check_integer(board, "board", minimum=0, maximum=ranks - 1)
    if card == board and suits < 2:
        raise ValueError(f"card and board cannot both have rank {card} with one suit")
    unseen = ranks * suits - 2
    return sum(
        (
            Fraction(suits - (other == card) - (other == board), unseen)
            * showdown_score(game, card, other, board)
            for other in range(ranks)
        ),
        Fraction(0),
    )


def preflop_strength(game: LeducPoker, card: int) -> Fraction:
    """E[HS](c): ``postflop_strength`` averaged over the board, dealt from the
    ``ranks * suits - 1`` cards the holder of rank ``card`` cannot see."""
    ranks, suits = _deck(game)
    card = check_integer(card, "card", minimum=0, maximum=ranks - 1)
    unseen = ranks * suits - 1
    return sum(
        (
            Fraction(suits - (board == card), unseen) * postflop_strength(game, card, board)
            for board in range(ranks)
            if suits - (board == card) > 0
        ),
        Fraction(0),
    )


def preflop_distribution(game: LeducPoker, card: int) -> dict[Fraction, Fraction]:
    """The distribution of ``E[HS](c, b)`` over the board ``b`` for rank ``card``: each value
    with its probability, smallest value first."""
    ranks, suits = _deck(game)
    card = check_integer(card, "card", minimum=0, maximum=ranks - 1)
    unseen = ranks * suits - 1
    distribution: dict[Fraction, Fraction] = {}
    for board in range(ranks):
        if suits - (board == card) > 0:
            value = postflop_strength(game, card, board)
            chance = Fraction(suits - (board == card), unseen)
            distribution[value] = distribution.get(value, Fraction(0)) + chance
    return dict(sorted(distribution.items()))


def earth_movers_distance(
    first: dict[Fraction, Fraction], second: dict[Fraction, Fraction]
) -> Fraction:
    """The earth mover's distance between two distributions on the real line (each a mapping
    of values to probabilities summing to 1): ``integral |F_1(t) - F_2(t)| dt`` over the two
    cumulative distribution functions, the least probability-times-distance moved to turn one
    into the other."""
    points = sorted(
        set(_checked_distribution(first, "first")) | set(_checked_distribution(second, "second"))
    )
    total, below_first, below_second = Fraction(0), Fraction(0), Fraction(0)
    for here, after in zip(points, points[1:], strict=False):
        below_first += first.get(here, 0)
        below_second += second.get(here, 0)
        total += abs(below_first - below_second) * (after - here)
    return total


def _checked_distribution(distribution: object, name: str) -> dict:
    """``distribution`` after checking it maps numbers to non-negative weights that sum to 1."""
    if not isinstance(distribution, dict) or not distribution:
        raise ValueError(f"{name} must map values to probabilities, got {describe(distribution)}")
    values = list(distribution) + list(distribution.values())
    if not all(isinstance(v, (int, Fraction)) and not isinstance(v, bool) for v in values):
        raise ValueError(f"{name} must hold exact fractions, got {describe(distribution)}")
    if any(w < 0 for w in distribution.values()) or sum(distribution.values()) != 1:
        raise ValueError(
            f"{name} must hold probabilities summing to 1, got {describe(distribution)}"
        )
    return distribution


def _deck(game: LeducPoker) -> tuple[int, int]:
    """(ranks, suits) of ``game``, after checking it is a Leduc poker game."""
    if not isinstance(game, LeducPoker):
        raise ValueError(f"game must be a LeducPoker, got {describe(game)}")
    parameters = game.parameters
    return int(parameters["ranks"]), int(parameters["suits"])
