"""Cards, boards and two-card hands (combos) of Texas hold'em, and the 13 x 13 grid of hand classes.

A card is a rank (``"23456789TJQKA"``) and a suit (``"cdhs"``), written ``"As"`` or ``"Td"``, and
numbered ``4 * rank + suit`` from 0 (``"2c"``) to 51 (``"As"``): the numbering of phevaluator
(:mod:`lessons_lib.holdem.strength`), so cards pass to the evaluator unchanged.

A *combo* is one two-card starting hand: there are ``C(52, 2) = 1,326`` of them. A combo is kept as
the pair ``(high, low)`` of its card numbers, high card first. On the river the board shows five
cards, so a player can hold only the ``C(47, 2) = 1,081`` combos that use none of them: the board
*blocks* the others.

Players group combos into 169 *classes* drawn as a 13 x 13 grid, ranks from ace down: a pair
(``"QQ"``, 6 combos) on the diagonal, a suited hand (``"AKs"``, 4 combos) above it, an offsuit
hand (``"AKo"``, 12 combos) below it; 13 * 6 + 78 * 4 + 78 * 12 = 1,326.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from lessons_lib.validation import as_finite_array, describe

#: The ranks, lowest first.
RANKS = "23456789TJQKA"
#: The suits: clubs, diamonds, hearts, spades.
SUITS = "cdhs"
#: How many cards the river board shows.
BOARD_SIZE = 5


def parse_card(text: object, name: str = "card") -> int:
    """The number ``4 * rank + suit`` of a card written like ``"As"`` (ValueError otherwise)."""
    if not (isinstance(text, str) and len(text) == 2):
        raise ValueError(
            f"{name}: a card is a rank and a suit such as 'As' or 'Td', got {describe(text)}"
        )
    rank, suit = RANKS.find(text[0].upper()), SUITS.find(text[1].lower())
    if rank < 0 or suit < 0:
        raise ValueError(
            f"{name}: unknown card {describe(text)}: ranks are {RANKS!r}, suits are {SUITS!r}"
        )
    return 4 * rank + suit


def card_name(card: int) -> str:
    """The name (``"As"``) of card number ``card``."""
    if isinstance(card, (bool, np.bool_)) or not (
        isinstance(card, (int, np.integer)) and 0 <= card < 52
    ):
        raise ValueError(f"a card number is an integer from 0 to 51, got {describe(card)}")
    return RANKS[card // 4] + SUITS[card % 4]


def card_numbers(cards: object, name: str, shape: tuple[int | None, ...]) -> np.ndarray:
    """``cards`` as an int array of card numbers (0 to 51) of ``shape`` (``None``: any length),
    after checking it holds integers only; the cards of a row (or of a 1-D array) are distinct."""
    array = as_finite_array(cards, name)  # numbers only: no strings, booleans or None
    wanted = len(shape) == array.ndim and all(
        n is None or n == m for n, m in zip(shape, array.shape, strict=True)
    )
    if not wanted:
        rows = " x ".join("n" if n is None else str(n) for n in shape)
        raise ValueError(
            f"{name} must be an array of card numbers of shape {rows}, got {describe(cards)}"
        )
    integers = np.asarray(cards).dtype.kind in "iu" or not array.size
    if not integers or np.any((array < 0) | (array > 51)):
        raise ValueError(f"{name} must hold card numbers, integers from 0 to 51: {describe(cards)}")
    numbers = array.astype(np.int64)
    if not numbers.size:  # no card at all (an empty board): nothing can repeat
        return numbers
    rows = numbers.reshape(-1, numbers.shape[-1]) if numbers.ndim else numbers.reshape(1, 1)
    ordered = np.sort(rows, axis=1)
    if np.any(ordered[:, 1:] == ordered[:, :-1]):
        raise ValueError(f"{name} repeat a card within one hand or board: {describe(cards)}")
    return numbers


def combo_cards(combos: object, name: str = "combos") -> np.ndarray:
    """``combos`` as an ``(n, 2)`` int array of two distinct card numbers per row."""
    return card_numbers(combos, name, (None, 2))


def distinct_combos(combos: object, name: str = "combos") -> np.ndarray:
    """``combos`` as rows ``(high, low)`` (each row's cards sorted, high card first), after checking
    that no combo is listed twice, in either order: for a computation that gives each combo one
    weight (at most 1,326 rows, then)."""
    rows = np.sort(combo_cards(combos, name), axis=1)[:, ::-1]
    code = rows[:, 0] * 52 + rows[:, 1]
    unique, counts = np.unique(code, return_counts=True)
    if np.any(counts > 1):
        twice = [combo_name(divmod(int(c), 52)) for c in unique[counts > 1]]
        raise ValueError(
            f"{name} list a combo more than once (in either card order): "
            f"{describe(', '.join(twice))}"
        )
    return np.ascontiguousarray(rows)


def parse_cards(cards: str | Sequence[str], name: str = "cards") -> tuple[int, ...]:
    """Distinct cards written as one string (``"KsQd7h"``, spaces allowed) or a list of names."""
    if isinstance(cards, str):
        text = cards.replace(" ", "").replace(",", "")
        if len(text) % 2:
            raise ValueError(f"{name} must be whole cards such as 'KsQd7h', got {describe(cards)}")
        names = [text[k : k + 2] for k in range(0, len(text), 2)]
    elif isinstance(cards, Sequence) and not isinstance(cards, (bytes, bytearray, Mapping)):
        names = list(cards)
    else:
        raise ValueError(
            f"{name} must be a string such as 'KsQd7h' or a list of cards, got {describe(cards)}"
        )
    if len(names) > 52:
        raise ValueError(f"{name} must be distinct cards, at most 52, got {describe(cards)}")
    numbers = tuple(parse_card(card, name) for card in names)
    if len(set(numbers)) != len(numbers):
        repeated = sorted({card_name(c) for c in numbers if numbers.count(c) > 1})
        raise ValueError(f"{name} repeat the card(s) {', '.join(repeated)}: {describe(cards)}")
    return numbers


def parse_board(board: str | Sequence[str]) -> tuple[int, ...]:
    """A river board: exactly five distinct cards (see :func:`parse_cards`)."""
    cards = parse_cards(board, "board")
    if len(cards) != BOARD_SIZE:
        raise ValueError(
            f"a river board has {BOARD_SIZE} cards, got {len(cards)}: board={describe(board)}"
        )
    return cards


def all_combos() -> np.ndarray:
    """The 1,326 combos as rows ``(high card, low card)``, ordered by high card, then low."""
    high, low = np.tril_indices(52, k=-1)  # row-major: by high card, then low card
    return np.stack([high, low], axis=1)


def unblocked_combos(board: Sequence[int]) -> np.ndarray:
    """The combos that share no card with ``board`` (card numbers), in :func:`all_combos` order."""
    cards = card_numbers(board, "board", (None,))
    combos = all_combos()
    blocked = np.isin(combos, cards).any(axis=1)
    return combos[~blocked]


def combo_name(combo: Sequence[int]) -> str:
    """``"AhKd"``: the two cards of a combo, high card first."""
    high, low = sorted(card_numbers(combo, "combo", (2,)).tolist(), reverse=True)
    return card_name(high) + card_name(low)


def class_name(combo: Sequence[int]) -> str:
    """The grid class of a combo: ``"QQ"``, ``"AKs"`` or ``"AKo"``."""
    high, low = sorted(card_numbers(combo, "combo", (2,)).tolist(), reverse=True)
    if high // 4 == low // 4:
        return 2 * RANKS[high // 4]
    return RANKS[high // 4] + RANKS[low // 4] + ("s" if high % 4 == low % 4 else "o")


def grid_cell(combos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The (row, column) of each combo's class in the 13 x 13 grid, aces in row and column 0.

    A pair sits on the diagonal, a suited class above it (row: the high rank), an offsuit class
    below it (column: the high rank).
    """
    combos = combo_cards(combos)
    high = 12 - np.maximum(combos[:, 0], combos[:, 1]) // 4
    low = 12 - np.minimum(combos[:, 0], combos[:, 1]) // 4
    suited = combos[:, 0] % 4 == combos[:, 1] % 4
    return np.where(suited, high, low), np.where(suited, low, high)


def grid_names() -> list[list[str]]:
    """The 13 x 13 grid of class names, row and column 0 the aces (``grid_names()[0][1]`` is
    ``"AKs"``, ``[1][0]`` is ``"AKo"``)."""
    ranks = RANKS[::-1]
    return [
        [
            2 * ranks[r] if r == c else ranks[min(r, c)] + ranks[max(r, c)] + "so"[int(r > c)]
            for c in range(13)
        ]
        for r in range(13)
    ]


def class_combos(name: str) -> np.ndarray:
    """The combos of a class (``"QQ"``: 6, ``"AKs"``: 4, ``"AKo"``: 12), rows ``(high, low)``."""
    if not isinstance(name, str) or len(name) not in (2, 3):
        raise ValueError(f"a hand class is written like 'QQ', 'AKs' or 'AKo', got {describe(name)}")
    high, low = RANKS.find(name[0].upper()), RANKS.find(name[1].upper())
    kind = name[2:].lower()
    if high < 0 or low < 0 or (high == low) != (kind == "") or kind not in ("", "s", "o"):
        raise ValueError(f"a hand class is written like 'QQ', 'AKs' or 'AKo', got {name!r}")
    if high < low:
        raise ValueError(f"a hand class names its higher rank first ('AKs', not 'KAs'): {name!r}")
    combos = all_combos()
    ranks = combos // 4
    suited = combos[:, 0] % 4 == combos[:, 1] % 4
    keep = (ranks[:, 0] == high) & (ranks[:, 1] == low)
    if kind == "s":
        keep &= suited
    elif kind == "o":
        keep &= ~suited
    return combos[keep]


def grid_means(
    combos: np.ndarray, values: np.ndarray, weights: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per grid class, the ``weights``-weighted mean of ``values`` over its combos, and the
    class's total weight (two 13 x 13 arrays; the mean is 0 where the weight is 0). Each combo
    is listed once (:func:`distinct_combos`).

    For a strategy grid, ``values`` is a combo's probability of an action and ``weights`` its
    range weight (or its reach at the node), so a cell shows how often the class takes the action.
    """
    combos = distinct_combos(combos)
    values, weights = as_finite_array(values, "values"), as_finite_array(weights, "weights")
    if values.shape != (len(combos),) or weights.shape != (len(combos),):
        raise ValueError(
            f"values and weights need one entry per combo ({len(combos)}), got shapes "
            f"{values.shape} and {weights.shape}"
        )
    if np.any(weights < 0) or np.add.reduce(weights) > 1e300:
        raise ValueError(f"weights must be non-negative and not huge, got {describe(weights)}")
    total_weight = max(float(np.add.reduce(weights)), 1.0)
    if values.size and np.abs(values).max() > 1e300 / total_weight:  # weighted sums stay finite
        raise ValueError(
            f"values times weights must stay below 1e300 in all (so that the weighted sums are "
            f"finite), got values {describe(values)}"
        )
    rows, columns = grid_cell(combos)
    cell = rows * 13 + columns
    total = np.bincount(cell, weights, 169)
    weighted = np.bincount(cell, weights * values, 169)
    mean = np.zeros(169)
    np.divide(weighted, total, out=mean, where=total > 0)
    return mean.reshape(13, 13), total.reshape(13, 13)
