"""Ranges written the way poker players write them: ``"QQ+,AKs,A5s-A2s,KQo"``.

A *range* gives each two-card combo a weight in [0, 1]: the probability that the player holds it
(up to normalisation) when they reach the spot. A range string is a comma-separated list of tokens;
each token names some combos, and may end with ``:w`` to give them weight w (default 1):

============== ==============================================================================
token          combos
============== ==============================================================================
``QQ``         the pair: 6 combos
``QQ+``        that pair and every higher one (``QQ, KK, AA``); ``22+`` is every pair
``QQ-99``      the pairs from 99 to QQ (either order)
``AKs``        suited: 4 combos; ``AKo`` offsuit: 12; ``AK`` both: 16
``ATs+``       the same high card with every kicker from T up to one below it (ATs..AKs);
               ``K9o+`` is K9o..KQo, ``AT+`` suited and offsuit
``A5s-A2s``    one high card, the kickers between (A5s, A4s, A3s, A2s)
``AhKh``       one explicit combo (rank, suit, rank, suit)
``any``        all 1,326 combos
============== ==============================================================================

Later tokens override earlier ones for the combos they share (``"22+,77:0.5"`` is every pair, 77
at half weight). On a board, the combos that use a board card are left out: a range over the
board's unblocked combos (:func:`~lessons_lib.holdem.cards.unblocked_combos`) is what
:func:`parse_range` returns. An explicit combo that the board blocks is refused: it cannot be
anyone's hand. So is every malformed token, with a ``ValueError`` that names it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lessons_lib.holdem.cards import (
    RANKS,
    all_combos,
    class_combos,
    combo_name,
    parse_board,
    parse_card,
    unblocked_combos,
)
from lessons_lib.validation import describe

#: The token for the full range.
ANY = "any"

#: The longest range string read, in characters: all 1,326 combos written out, each with a weight
#: of twenty digits (``"AhKd:0.12345678901234567890"``, comma-separated), take 37,127, and a
#: player's range is a few dozen tokens. A longer string would cost seconds for nothing (120 KB of
#: ``"AA,KK,QQ,..."`` took 3.4 s).
MAX_RANGE_LENGTH = 40_000

#: The smallest positive weight a range may give a combo: a smaller one (``1e-400`` reads as 0)
#: would make a river's values overflow (:class:`~lessons_lib.holdem.river.RiverGame` divides by
#: the product of the two ranges' weights).
MIN_WEIGHT = 1e-9


def parse_range(text: str, board: str | Sequence[str]) -> np.ndarray:
    """The weights of range ``text`` over the combos ``board`` does not block (module docstring).

    Entry k is the weight of ``unblocked_combos(board)[k]``.
    """
    weights = combo_weights(text)
    cards = parse_board(board)
    combos = unblocked_combos(cards)
    for token, combo in _explicit_combos(text):
        if set(combo) & set(cards):
            raise ValueError(
                f"range token {describe(token)}: the board {describe(board)} blocks "
                f"{combo_name(combo)}"
            )
    return weights[_all_index(combos)]


def combo_weights(text: str) -> np.ndarray:
    """The weights of range ``text`` over all 1,326 combos, in :func:`all_combos` order."""
    if not isinstance(text, str):
        raise ValueError(f"a range is a string such as 'QQ+,AKs', got {describe(text)}")
    if len(text) > MAX_RANGE_LENGTH:
        raise ValueError(
            f"a range string has at most {MAX_RANGE_LENGTH:,} characters (every combo with a "
            f"weight fits), got {len(text):,}: {describe(text)}"
        )
    weights = np.zeros(len(all_combos()))
    tokens = [token.strip() for token in text.split(",")]
    if not any(tokens):
        raise ValueError(f"a range names at least one hand, got {describe(text)}")
    for token in tokens:
        if not token:
            raise ValueError(f"range {describe(text)} has an empty token (two commas in a row?)")
        body, weight = _split_weight(token)
        weights[_all_index(token_combos(body, token))] = weight
    return weights


def token_combos(body: str, token: str | None = None) -> np.ndarray:
    """The combos one range token names (without its ``:w``), rows ``(high, low)``."""
    if not isinstance(body, str) or not (token is None or isinstance(token, str)):
        raise ValueError(f"a range token is a string such as 'QQ+', got {describe(body)}")
    token = body if token is None else token
    if body.lower() == ANY:
        return all_combos()
    if len(body) == 4 and body[1].lower() in "cdhs" and body[3].lower() in "cdhs":
        return np.array([_explicit(body, token)])
    if "-" in body:
        return _span(body, token)
    plus = body.endswith("+")
    core = body[:-1] if plus else body
    _check_class(core, token)
    if not plus:
        return _classes([core])
    high, low, kind = core[0].upper(), core[1].upper(), core[2:].lower()
    if high == low:  # QQ+: this pair and the higher ones
        return _classes([2 * r for r in RANKS[RANKS.index(high) :]])
    kickers = RANKS[RANKS.index(low) : RANKS.index(high)]
    return _classes([high + k + kind for k in kickers])


def _split_weight(token: str) -> tuple[str, float]:
    """``("AKs", 0.5)`` from ``"AKs:0.5"``; weight 1 without a colon."""
    if ":" not in token:
        return token, 1.0
    body, _, text = token.partition(":")
    try:
        weight = float(text)
    except ValueError:
        weight = float("nan")
    if not 0.0 <= weight <= 1.0:  # also refuses nan
        raise ValueError(
            f"range token {describe(token)}: a weight is a number in [0, 1], got {describe(text)}"
        )
    if 0.0 < weight < MIN_WEIGHT or (weight == 0.0 and any(c in "123456789" for c in text)):
        raise ValueError(
            f"range token {describe(token)}: a weight is 0 or at least {MIN_WEIGHT:g}, got "
            f"{describe(text)}"
        )
    return body.strip(), weight


def _check_class(core: str, token: str) -> None:
    """Refuse a class written wrongly (``"AKx"``, ``"KA"``, ``"QQs"``), naming the token."""
    try:
        if len(core) == 2 and core[0].upper() != core[1].upper():
            class_combos(core + "s")  # 'AK' names both kinds
        else:
            class_combos(core)
    except ValueError as error:
        raise ValueError(f"bad range token {describe(token)}: {error}") from None


def _classes(names: list[str]) -> np.ndarray:
    """The combos of the classes ``names``; a two-letter non-pair name means suited and offsuit."""
    parts = []
    for name in names:
        if len(name) == 2 and name[0] != name[1]:
            parts += [class_combos(name + "s"), class_combos(name + "o")]
        else:
            parts.append(class_combos(name))
    return np.concatenate(parts)


def _span(body: str, token: str) -> np.ndarray:
    """``QQ-99`` (pairs) or ``A5s-A2s`` (one high card, kickers between), either order."""
    first, _, last = body.partition("-")
    for end in (first, last):
        _check_class(end, token)
    a, b = first.upper(), last.upper()
    pairs = a[0] == a[1] and b[0] == b[1]
    if pairs:
        low, high = sorted((RANKS.index(a[0]), RANKS.index(b[0])))
        return _classes([2 * r for r in RANKS[low : high + 1]])
    if a[0] != b[0] or a[0] == a[1] or b[0] == b[1] or first[2:].lower() != last[2:].lower():
        raise ValueError(
            f"bad range token {describe(token)}: a span joins two pairs (QQ-99) or two hands "
            "with one high card and one kind (A5s-A2s)"
        )
    low, high = sorted((RANKS.index(a[1]), RANKS.index(b[1])))
    return _classes([a[0] + k + first[2:].lower() for k in RANKS[low : high + 1]])


def _explicit(body: str, token: str) -> tuple[int, int]:
    """One combo written ``"AhKh"``: two different cards."""
    try:
        first, second = parse_card(body[:2]), parse_card(body[2:])
    except ValueError as error:
        raise ValueError(f"bad range token {describe(token)}: {error}") from None
    if first == second:
        raise ValueError(f"bad range token {describe(token)}: a hand is two different cards")
    return max(first, second), min(first, second)


def _explicit_combos(text: str) -> list[tuple[str, tuple[int, int]]]:
    """The explicit combos (``"AhKh"``) a range string names, with their tokens."""
    found = []
    for token in text.split(","):
        body = _split_weight(token.strip())[0]
        if len(body) == 4 and body[1].lower() in "cdhs" and body[3].lower() in "cdhs":
            found.append((token.strip(), _explicit(body, token.strip())))
    return found


def _all_index(combos: np.ndarray) -> np.ndarray:
    """The positions of ``combos`` (rows ``(high, low)``) in :func:`all_combos`."""
    combos = np.asarray(combos, dtype=int)
    high, low = combos[:, 0], combos[:, 1]
    return high * (high - 1) // 2 + low
