"""From an abstraction back to the real game: the maps that play an abstract strategy there.

**Card abstraction.** An abstract strategy ``sigma'`` gives one distribution per bucket. It
*induces* the real strategy ``sigma(I) = sigma'(f(I))`` that plays, at every real information set
``I``, the distribution of the abstract information set ``f(I)`` containing it (Waugh,
Schnizlein, Bowling and Szafron 2009, section 2: an abstract strategy is a real strategy that
cannot tell the bucket's cards apart).

- **In-abstraction exploitability**: ``epsilon'(sigma')``, the exploitability within the abstract
  game, where the best responder is bound by the abstraction too. It is what CFR drives to zero.
- **Real exploitability**: ``epsilon(sigma)`` in the real game, against a best responder who sees
  the real cards. This is the abstraction's real cost (Johanson et al. 2013, "Evaluating
  state-space abstractions in extensive-form games", AAMAS, measure abstractions by it).

The first never exceeds the second: the abstract game has the real payoffs, so every abstract
strategy of the responder is also a real one, and the real best response gains at least as much.
With one bucket per rank the two are equal. Both are exact (:mod:`lessons_lib.exploitability`).

**Action abstraction: translation mappings.** An abstract player whose menu has the bet sizes
``A < B`` (fractions of the pot) and faces a bet ``x`` between them reads it as ``A`` with
probability ``f(x)`` and as ``B`` otherwise. Ganzfried and Sandholm (2013, "Action translation in
extensive-form games with large action spaces: axioms, paradoxes, and the pseudo-harmonic
mapping", IJCAI) compare these mappings, each a function ``f(A, B, x)`` here:

- :func:`pseudo_harmonic`: ``(B - x)(1 + A) / ((B - A)(1 + x))``, theirs;
- :func:`randomised_arithmetic`: ``(B - x) / (B - A)``, linear in ``x``;
- :func:`deterministic_arithmetic`: ``A`` if ``x`` is nearer to ``A`` than to ``B``
  (``x - A < B - x``), else ``B``;
- :func:`deterministic_geometric`: ``A`` if ``x`` is nearer to ``A`` in ratio
  (``A / x > x / B``, that is ``x < sqrt(A B)``), else ``B``.

Every one reads ``A`` as ``A`` (``f = 1``) and ``B`` as ``B`` (``f = 0``), and never raises the
chance of the reading ``A`` as ``x`` grows. :data:`TRANSLATIONS` names them;
:func:`translation_mapping` looks one up by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np

from lessons_lib.abstraction.abstract_game import AbstractLeduc
from lessons_lib.exploitability import exploitability
from lessons_lib.policy import Policy, validate_policy
from lessons_lib.validation import check_choice, check_number, describe


def induced_policy(abstract: AbstractLeduc, policy: Mapping[str, np.ndarray]) -> Policy:
    """The real-game policy that plays ``policy[f(I)]`` at every real information set ``I``."""
    _checked_abstraction(abstract)
    checked = validate_policy(abstract, policy)
    return {
        key: checked[abstract.abstract_key(key)].copy() for key in abstract.real_game.info_sets()
    }


def real_exploitability(abstract: AbstractLeduc, policy: Mapping[str, np.ndarray]) -> float:
    """``epsilon(sigma)``: the real game's exploitability of the policy ``policy`` induces."""
    _checked_abstraction(abstract)
    return exploitability(abstract.real_game, induced_policy(abstract, policy))


def abstract_exploitability(abstract: AbstractLeduc, policy: Mapping[str, np.ndarray]) -> float:
    """``epsilon'(sigma')``: the exploitability of ``policy`` within the abstract game."""
    _checked_abstraction(abstract)
    return exploitability(abstract, policy)


def _checked_abstraction(abstract: object) -> None:
    if not isinstance(abstract, AbstractLeduc):
        raise ValueError(f"abstract must be an AbstractLeduc, got {describe(abstract)}")


# Translation mappings of an action abstraction.

#: A translation mapping: ``f(A, B, x)``, the chance of reading the bet ``x`` as ``A``.
Translation = Callable[[float, float, float], float]


def pseudo_harmonic(smaller: float, larger: float, bet: float) -> float:
    """``f_{A,B}(x) = (B - x)(1 + A) / ((B - A)(1 + x))``: the probability that the bet ``x``
    (a fraction of the pot, ``A <= x <= B``) is read as ``A`` (Ganzfried and Sandholm 2013).

    It is the one mixture of ``A`` and ``B`` whose calls in the clairvoyance game (call a bet of
    ``x`` pots with probability ``1 / (1 + x)``) equal those of ``x``: ``f`` is linear in
    ``1 / (1 + x)``."""
    a, b, x = _bracket(smaller, larger, bet)
    return (b - x) / (b - a) * ((1.0 + a) / (1.0 + x))  # two factors in [0, 1]: no overflow


def randomised_arithmetic(smaller: float, larger: float, bet: float) -> float:
    """``f_{A,B}(x) = (B - x) / (B - A)``: the reading ``A`` loses probability linearly in ``x``
    (Ganzfried and Sandholm 2013's "arithmetic" mapping, randomised)."""
    a, b, x = _bracket(smaller, larger, bet)
    return (b - x) / (b - a)


def deterministic_arithmetic(smaller: float, larger: float, bet: float) -> float:
    """1 (read as ``A``) if ``x - A < B - x``, else 0 (read as ``B``): the nearest size, ties to
    ``B``."""
    a, b, x = _bracket(smaller, larger, bet)
    return 1.0 if x - a < b - x else 0.0


def deterministic_geometric(smaller: float, larger: float, bet: float) -> float:
    """1 (read as ``A``) if ``A / x > x / B``, else 0 (read as ``B``): the nearest size in ratio,
    the boundary at the geometric mean ``sqrt(A B)``, ties to ``B``. Written ``x * x < A * B`` so
    that ``x = 0`` needs no division; ``x = A`` is read as ``A`` even when ``A = 0``."""
    a, b, x = _bracket(smaller, larger, bet)
    return 1.0 if x == a or x * x < a * b else 0.0


#: The translation mappings by name, Ganzfried and Sandholm's first.
TRANSLATIONS: dict[str, Translation] = {
    "pseudo-harmonic": pseudo_harmonic,
    "randomised arithmetic": randomised_arithmetic,
    "deterministic arithmetic": deterministic_arithmetic,
    "deterministic geometric": deterministic_geometric,
}


def translation_mapping(name: str) -> Translation:
    """The translation mapping called ``name``, one of :data:`TRANSLATIONS`."""
    return TRANSLATIONS[check_choice(name, tuple(TRANSLATIONS), "mapping")]


def _bracket(smaller: object, larger: object, bet: object) -> tuple[float, float, float]:
    """``(A, B, x)`` after checking ``0 <= A < B`` and ``A <= x <= B``."""
    a = check_number(smaller, "smaller", minimum=0.0)
    b = check_number(larger, "larger", minimum=0.0)
    if b <= a:
        raise ValueError(f"larger must exceed smaller, got smaller={a!r}, larger={b!r}")
    return a, b, check_number(bet, "bet", minimum=a, maximum=b)
