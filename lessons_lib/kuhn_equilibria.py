"""Kuhn's equilibrium family of Kuhn poker (Kuhn 1950), and how far a policy is from it.

Kuhn solved his three-card game by hand. Player 2 has a single equilibrium strategy; player 1 has
a one-parameter family of them, indexed by ``alpha`` in ``[0, 1/3]``, the probability of betting
the jack (a bluff). In the game's action order ``("p", "b")`` the probability of ``"b"`` (bet, or
call when facing a bet) is

======= ============================================ ================
key     situation                                    P(b)
======= ============================================ ================
J:      player 1 holds J, acts first                 alpha (bluff)
Q:      player 1 holds Q, acts first                 0
K:      player 1 holds K, acts first                 3 alpha
J:pb    player 1 holds J, checked, faces a bet       0 (fold)
Q:pb    player 1 holds Q, checked, faces a bet       alpha + 1/3
K:pb    player 1 holds K, checked, faces a bet       1 (call)
J:p     player 2 holds J after a check               1/3 (bluff)
Q:p     player 2 holds Q after a check               0
K:p     player 2 holds K after a check               1
J:b     player 2 holds J facing a bet                0 (fold)
Q:b     player 2 holds Q facing a bet                1/3
K:b     player 2 holds K facing a bet                1 (call)
======= ============================================ ================

Why these numbers: indifference. Every probability strictly between 0 and 1 is there to make the
*opponent* indifferent between the two actions of one of their information sets, so that the
opponent has nothing to gain by deviating. Each relation compares "call" (or "bet") with its
alternative against the two cards the opponent may hold, which are equally likely a priori:

- ``K: = 3 alpha``. Player 2 holding Q facing a bet: calling instead of folding wins 3 chips more
  against a bluffing J (+2 instead of -1) and loses 1 more against K (-2 instead of -1). The two
  balance when ``alpha * 3 = P(bet K) * 1``: three value bets per bluff.
- ``Q:b = 1/3``. Player 1 holding J: checking loses the ante (-1) whatever player 2 holds, since
  player 2 then bets K and checks Q. Betting loses 2 against K (who calls) and earns ``1 - 3 c``
  against Q, if Q calls with ``c``; the average ``(-2 + 1 - 3 c) / 2`` equals -1 at ``c = 1/3``.
- ``J:p = 1/3``. Player 1 holding Q, checked, facing a bet: calling instead of folding wins 3 more
  against player 2's bluffing J and loses 1 more against K (who always bets): ``b * 3 = 1``.
- ``Q:pb = alpha + 1/3``. Player 2 holding J after a check: player 1 checked Q always and K with
  ``1 - 3 alpha``. Checking loses 1 either way; betting earns ``1 - 3 c`` against Q (who calls
  with ``c``) and -2 against K. Indifference, ``(1 - 3 c) - 2 (1 - 3 alpha) = -(2 - 3 alpha)``,
  gives ``c = alpha + 1/3``.

The range of ``alpha`` follows: ``3 alpha`` is a probability, so ``alpha <= 1/3``. Every member
gives player 1 the same expected value, the value of the game; :func:`game_value` computes it
(the chapter derives it on paper). The library does not store it.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from lessons_lib.exploitability import expected_value
from lessons_lib.games.kuhn import KuhnPoker
from lessons_lib.policy import Policy, two_action_policy, validate_policy
from lessons_lib.validation import describe, is_number

#: The family's parameter range, from Kuhn (1950): alpha = P(player 1 bets the jack).
ALPHA_RANGE: tuple[float, float] = (0.0, 1.0 / 3.0)

#: The game the family belongs to: Kuhn poker with J, Q and K.
_GAME = KuhnPoker()


def nash_equilibrium(alpha: float) -> Policy:
    """The member ``alpha`` of Kuhn's equilibrium family, as a full profile of ``KuhnPoker()``.

    ``alpha`` is the probability that player 1 bets the jack, in ``[0, 1/3]`` (see the module for
    the whole table and why it is an equilibrium). Player 2's part is the same for every alpha.
    """
    alpha = check_alpha(alpha)
    return validate_policy(_GAME, two_action_policy(_GAME, _family_bet_probabilities(alpha)))


def check_alpha(alpha: object) -> float:
    """Return ``alpha`` as a float after checking it is a finite number in ``[0, 1/3]``."""
    if not is_number(alpha):
        raise ValueError(f"alpha must be a number in [0, 1/3], got {describe(alpha)}")
    low, high = ALPHA_RANGE
    if not low <= float(alpha) <= high:
        raise ValueError(f"alpha must lie in [0, 1/3] (Kuhn's family), got {describe(alpha)}")
    return float(alpha)


def game_value(alpha: float = 0.0) -> float:
    """Player 1's expected chips per hand when both players follow the family member ``alpha``.

    Computed exactly by :func:`~lessons_lib.exploitability.expected_value`. It does not depend on
    alpha (every member is an equilibrium of a zero-sum game), so any member will do.
    """
    return expected_value(_GAME, nash_equilibrium(alpha))


def alpha_of(policy: Mapping[str, np.ndarray]) -> float:
    """The alpha a policy implies: player 1's probability of betting the jack, ``P(b | "J:")``.

    ``policy`` must give every information set of player 1 (player 2's may be present too).
    """
    checked = validate_policy(_GAME, policy, players=(1,))
    return float(checked["J:"][_GAME.ACTIONS.index("b")])


def family_residuals(policy: Mapping[str, np.ndarray]) -> dict[str, float]:
    """How far a full profile is from Kuhn's family, information set by information set.

    With ``alpha = alpha_of(policy)``, the residual at ``key`` is ``P(b | key)`` under ``policy``
    minus the probability the family member alpha gives it: ``"K:"`` holds ``P(bet K) - 3 alpha``,
    ``"Q:pb"`` holds ``P(call Q) - (alpha + 1/3)``, ``"Q:"`` holds ``P(bet Q)``, the keys of player
    2 hold the deviations from player 2's unique strategy, and ``"J:"`` is 0 by construction.
    All residuals are zero exactly when the profile is a member of the family: an alpha above 1/3
    would need ``P(bet K) = 3 alpha > 1``, which leaves a nonzero residual at ``"K:"``.
    """
    checked = validate_policy(_GAME, policy)
    alpha = alpha_of(checked)
    family = _family_bet_probabilities(alpha)
    bet = _GAME.ACTIONS.index("b")
    return {key: float(checked[key][bet] - family[key]) for key in _GAME.info_sets()}


def _family_bet_probabilities(alpha: float) -> dict[str, float]:
    """``P(b | key)`` of the family member ``alpha`` (the table of the module),
    without range check."""
    third = 1.0 / 3.0
    return {
        "J:": alpha,
        "Q:": 0.0,
        "K:": 3.0 * alpha,
        "J:p": third,
        "Q:p": 0.0,
        "K:p": 1.0,
        "J:b": 0.0,
        "Q:b": third,
        "K:b": 1.0,
        "J:pb": 0.0,
        "Q:pb": alpha + third,
        "K:pb": 1.0,
    }
