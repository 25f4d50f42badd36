"""From an abstract strategy back to the real game, and the two exploitabilities that judge it.

An abstract strategy ``sigma'`` gives one distribution per bucket. It *induces* the real strategy
``sigma(I) = sigma'(f(I))`` that plays, at every real information set ``I``, the distribution of
the abstract information set ``f(I)`` containing it (Waugh, Schnizlein, Bowling and Szafron 2009,
section 2: an abstract strategy is a real strategy that cannot tell the bucket's cards apart).

- **In-abstraction exploitability**: ``epsilon'(sigma')``, the exploitability within the abstract
  game, where the best responder is bound by the abstraction too. It is what CFR drives to zero.
- **Real exploitability**: ``epsilon(sigma)`` in the real game, against a best responder who sees
  the real cards. This is the abstraction's real cost (Johanson et al. 2013, "Evaluating
  state-space abstractions in extensive-form games", AAMAS, measure abstractions by it).

The first never exceeds the second: the abstract game has the real payoffs, so every abstract
strategy of the responder is also a real one, and the real best response gains at least as much.
With one bucket per rank the two are equal. Both are exact (:mod:`lessons_lib.exploitability`).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from lessons_lib.abstraction.abstract_game import AbstractLeduc
from lessons_lib.exploitability import exploitability
from lessons_lib.policy import Policy, validate_policy
from lessons_lib.validation import describe


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
