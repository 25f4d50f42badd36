"""Card bucketings of Leduc poker: which private cards a player is made unable to tell apart.

A *card abstraction* (Gilpin and Sandholm 2007, "Lossless abstraction of imperfect information
games", JACM; Waugh, Schnizlein, Bowling and Szafron 2009,
"Abstraction pathologies in extensive games", AAMAS) partitions what a player can see of the cards
into *buckets* and lets the player know only the bucket. In Leduc poker with ``R`` ranks a player
sees

- in round 1 (preflop) the private rank ``c``: a bucketing maps it to a bucket ``p(c)``;
- in round 2 (postflop) the private rank and the public board rank ``b``: a bucketing maps each
  ``(c, b)`` to a bucket ``q(c, b)`` among the hands of the same board (pairing the board matters,
  so the pair usually gets a bucket of its own).

Both maps number buckets from the weakest, 0, by the exact expected hand strength E[HS] of
:mod:`lessons_lib.abstraction.hand_strength`. Two methods choose the groups, both contiguous in the
E[HS] order:

- ``"percentile"``: ``B`` buckets of (as nearly as possible) equal size: the hand at position ``j``
  (from 0) among the ``n`` hands sorted by E[HS] (ties by rank) goes to bucket ``floor(j B / n)``.
  This is the percentile bucketing of Johanson et al. (2013, "Evaluating state-space abstractions
  in extensive-form games", AAMAS). When ``B`` divides ``B'``, the ``B'`` buckets split the ``B``
  buckets (``floor(floor(j k B / n) / k) = floor(j B / n)``): the bucketings are *nested*.
- ``"strength"``: the ``B`` groups of hands whose E[HS] values are closest, that is the exact
  one-dimensional k-means clustering (least sum of squared deviations of E[HS] from each bucket's
  mean), found by dynamic programming over the sorted values (Wang and Song 2011, "Ckmeans.1d.dp").
  Johanson et al. (2013) cluster with k-means too, on richer features than one number. A strong
  outlier, such as the pair postflop, gets its own bucket even when ``B`` is 2.

With ``B = R`` every hand has its own bucket and the abstraction is the real game. ``B`` above the
number of hands on a board (``R - 1`` with one suit, where no card pairs the board) gives every
hand its own bucket there.

Perfect recall. The abstract game (:mod:`lessons_lib.abstraction.abstract_game`) lets a player
remember the round-1 bucket in round 2: the round-2 information is the pair ``(p(c), q(c, b))``
together with the board. So the round-2 partition is the common refinement of the two maps, and
the abstraction has perfect recall, which CFR's regret bound needs (Zinkevich et al. 2007;
Waugh et al. 2009 study perfect-recall abstractions of this kind). :meth:`CardBucketing.refines`
compares bucketings through exactly these partitions.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from lessons_lib.abstraction.hand_strength import postflop_strength, preflop_strength
from lessons_lib.games.leduc import LeducPoker
from lessons_lib.validation import (
    check_choice,
    check_integer,
    describe,
    is_real,
    list_of,
    mapping_of,
)

#: The most steps of the exact k-means (``buckets * n**2`` for ``n`` hands) allowed: a minute or
#: so of exact fractions.
MAX_KMEANS_STEPS = 10**7

#: The largest denominator a strength may have as an exact fraction: every float's (the smallest,
#: 5e-324, is 1 / 2**1074) and every E[HS] (a few digits) fit. Each step of the exact k-means
#: costs as many operations as the fractions have digits: 60 strengths of 10,000-digit fractions
#: did not finish in 20 seconds.
MAX_DENOMINATOR = 2**1074

#: The bucketing methods, by name.
METHODS = ("strength", "percentile")


@dataclass(frozen=True, eq=False)
class CardBucketing:
    """A bucketing of a Leduc poker game's cards (see the module docstring).

    ``preflop[c]`` is rank ``c``'s round-1 bucket; ``postflop[(c, b)]`` is the round-2 bucket of
    rank ``c`` on board rank ``b``, for every pair a deal can show a player. Buckets are numbered
    from 0 to ``buckets - 1``. One built or edited by hand is checked, and its maps are frozen
    (the abstract game reads every entry).
    """

    method: str
    buckets: int
    ranks: int
    suits: int
    preflop: tuple[int, ...]
    postflop: Mapping[tuple[int, int], int]

    def __post_init__(self) -> None:
        """Check every field (a bare IndexError or KeyError in the abstract game, otherwise)."""
        check_choice(self.method, METHODS, "bucketing method")
        ranks = check_integer(self.ranks, "ranks", minimum=2)
        suits = check_integer(self.suits, "suits", minimum=1)
        if ranks * suits < 3:
            raise ValueError(f"a Leduc deck has at least 3 cards, got ranks={ranks}, suits={suits}")
        buckets = check_integer(self.buckets, "buckets", minimum=1, maximum=ranks)
        preflop = list_of(self.preflop, "preflop")
        if len(preflop) != ranks:
            raise ValueError(
                f"preflop must give each of the {ranks} ranks a bucket, got {describe(preflop)}"
            )
        postflop = mapping_of(self.postflop, "postflop")
        views = ranks * ranks if suits > 1 else ranks * (ranks - 1)  # counted before listed
        pairs = (
            [(c, b) for c in range(ranks) for b in range(ranks) if c != b or suits > 1]
            if len(postflop) == views
            else []
        )
        if not pairs or any(pair not in postflop for pair in pairs):
            raise ValueError(
                f"postflop must give a bucket to each of the {views} (rank, board rank) pairs a "
                f"deal shows, got {describe(postflop)}"
            )
        labels = {"minimum": 0, "maximum": buckets - 1}
        frozen = {
            "ranks": ranks,
            "suits": suits,
            "buckets": buckets,
            "preflop": tuple(check_integer(p, "a preflop bucket", **labels) for p in preflop),
            "postflop": MappingProxyType(
                {v: check_integer(postflop[v], "a postflop bucket", **labels) for v in pairs}
            ),
        }
        for name, value in frozen.items():
            object.__setattr__(self, name, value)

    def preflop_classes(self) -> tuple[frozenset[int], ...]:
        """The round-1 partition of the ranks: one set of ranks per bucket, weakest first."""
        return _classes({c: self.preflop[c] for c in range(self.ranks)})

    def postflop_classes(self) -> tuple[frozenset[tuple[int, int]], ...]:
        """The round-2 partition of the pairs ``(c, b)`` the abstract game uses: same board, same
        round-1 bucket and same round-2 bucket (perfect recall)."""
        return _classes(
            {view: (view[1], self.preflop[view[0]], q) for view, q in self.postflop.items()}
        )

    def refines(self, other: CardBucketing) -> bool:
        """Whether every bucket of ``self`` lies inside a bucket of ``other``, in both rounds: the
        players of ``self``'s abstraction know at least what those of ``other``'s know."""
        if not isinstance(other, CardBucketing):
            raise ValueError(f"other must be a CardBucketing, got {describe(other)}")
        if (other.ranks, other.suits) != (self.ranks, self.suits):
            raise ValueError(
                f"bucketings of different decks cannot be compared: {self.ranks}x{self.suits} "
                f"and {other.ranks}x{other.suits}"
            )
        return _finer(self.preflop_classes(), other.preflop_classes()) and _finer(
            self.postflop_classes(), other.postflop_classes()
        )

    def strictly_refines(self, other: CardBucketing) -> bool:
        """Whether ``self`` refines ``other`` and differs from it in at least one round."""
        return self.refines(other) and not other.refines(self)

    def __repr__(self) -> str:
        return (
            f"CardBucketing(method={self.method!r}, buckets={self.buckets}, "
            f"ranks={self.ranks}, suits={self.suits})"
        )


def card_bucketing(game: LeducPoker, method: str, buckets: int) -> CardBucketing:
    """The bucketing of ``game``'s cards into ``buckets`` buckets per round by ``method``.

    ``method`` is one of :data:`METHODS`; ``buckets`` is an integer from 1 to the number of ranks.
    """
    if not isinstance(game, LeducPoker):
        raise ValueError(f"game must be a LeducPoker, got {describe(game)}")
    method = check_choice(method, METHODS, "bucketing method")
    ranks, suits = int(game.parameters["ranks"]), int(game.parameters["suits"])
    buckets = check_integer(buckets, "buckets", minimum=1, maximum=ranks)
    group = _GROUPINGS[method]
    preflop = group([preflop_strength(game, c) for c in range(ranks)], buckets)
    postflop: dict[tuple[int, int], int] = {}
    for board in range(ranks):
        cards = [c for c in range(ranks) if c != board or suits > 1]
        strengths = [postflop_strength(game, c, board) for c in cards]
        postflop.update(zip(((c, board) for c in cards), group(strengths, buckets), strict=True))
    return CardBucketing(
        method,
        buckets,
        ranks,
        suits,
        tuple(preflop),
        MappingProxyType(dict(sorted(postflop.items()))),
    )


def percentile_groups(strengths: Sequence[Fraction], buckets: int) -> list[int]:
    """Equal-size buckets: the hand at position ``j`` of the E[HS] order goes to bucket
    ``floor(j B / n)``, renumbered 0, 1, ... when ``B > n`` leaves gaps."""
    strengths, buckets = _checked_groups(strengths, buckets)
    order = _strength_order(strengths)
    n = len(order)
    group = [0] * n
    for j, i in enumerate(order):
        group[i] = j * buckets // n
    return _renumbered(group)


def kmeans_groups(strengths: Sequence[Fraction], buckets: int) -> list[int]:
    """The exact 1-D k-means clustering of ``strengths`` into at most ``buckets`` contiguous groups.

    Dynamic programming over the sorted values: ``D[k][j]``, the least within-group sum of
    squared deviations of the first ``j`` values in ``k`` groups, is
    ``min_i D[k-1][i] + cost(i, j)``, where ``cost(i, j) = sum x^2 - (sum x)^2 / (j - i)`` over
    values ``i .. j-1``. Exact fractions; ties go to the smallest ``i``, so the answer is
    deterministic.
    """
    strengths, buckets = _checked_groups(strengths, buckets)
    n = len(strengths)
    if min(buckets, n) * n * n > MAX_KMEANS_STEPS:
        raise ValueError(
            f"exact k-means of {n:,} strengths into {buckets:,} buckets would need about "
            f"{min(buckets, n) * n * n:,} steps, more than the {MAX_KMEANS_STEPS:,} allowed"
        )
    order = _strength_order(strengths)
    values = [Fraction(strengths[i]) for i in order]
    n, k_max = len(values), min(buckets, len(values))
    total, squares = [Fraction(0)], [Fraction(0)]
    for x in values:
        total.append(total[-1] + x)
        squares.append(squares[-1] + x * x)

    def cost(i: int, j: int) -> Fraction:
        return squares[j] - squares[i] - (total[j] - total[i]) ** 2 / (j - i)

    best = [cost(0, j) if j else Fraction(0) for j in range(n + 1)]
    cuts: list[list[int]] = [[0] * (n + 1)]
    for k in range(2, k_max + 1):
        row, cut = [Fraction(0)] * (n + 1), [0] * (n + 1)
        for j in range(k, n + 1):
            cut[j] = min(range(k - 1, j), key=lambda i: (best[i] + cost(i, j), i))
            row[j] = best[cut[j]] + cost(cut[j], j)
        best = row
        cuts.append(cut)
    sorted_group = [0] * n
    j = n
    for k in range(k_max, 0, -1):
        i = cuts[k - 1][j]
        sorted_group[i:j] = [k - 1] * (j - i)
        j = i
    group = [0] * n
    for position, i in enumerate(order):
        group[i] = sorted_group[position]
    return _renumbered(group)


_GROUPINGS = {"strength": kmeans_groups, "percentile": percentile_groups}


def _checked_groups(strengths: object, buckets: object) -> tuple[list, int]:
    """``strengths`` as a non-empty list of numbers (floats or exact fractions) and ``buckets``
    as a positive integer."""
    values = list_of(strengths, "strengths")
    if not values or not all(is_real(x) and math.isfinite(float(x)) for x in values):
        raise ValueError(
            f"strengths must be a non-empty list of numbers, got {describe(strengths)}"
        )
    if any(Fraction(x).denominator > MAX_DENOMINATOR for x in values):
        raise ValueError(
            f"strengths must be floats or fractions of denominators at most 2**1074, got "
            f"{describe(strengths)}"
        )
    return values, check_integer(buckets, "buckets", minimum=1)


def _strength_order(strengths: Sequence[Fraction]) -> list[int]:
    """The positions of ``strengths`` sorted by value, weakest first, ties by position."""
    return sorted(range(len(strengths)), key=lambda i: (strengths[i], i))


def _renumbered(group: list[int]) -> list[int]:
    """``group`` with its distinct labels renumbered 0, 1, ... in increasing order."""
    labels = {label: new for new, label in enumerate(sorted(set(group)))}
    return [labels[label] for label in group]


def _classes(labels: Mapping[object, object]) -> tuple[frozenset, ...]:
    """The partition of ``labels``' keys into sets of equal label, in order of first appearance."""
    classes: dict[object, set] = {}
    for item, label in labels.items():
        classes.setdefault(label, set()).add(item)
    return tuple(frozenset(members) for members in classes.values())


def _finer(fine: tuple[frozenset, ...], coarse: tuple[frozenset, ...]) -> bool:
    """Whether every set of the partition ``fine`` lies inside one set of ``coarse``."""
    return all(any(part <= whole for whole in coarse) for part in fine)
