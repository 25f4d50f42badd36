"""An independent reference implementation of Kuhn poker for the tests.

Everything here is written from the rules (Kuhn 1950) with plain strings and loops, sharing no
code with the library, so the library's tree, values and best responses can be checked against it.
A deal is a two-letter string ("QK": player 1 holds Q, player 2 K), an ending one of ENDINGS, a
profile maps information-set keys to (P(p), P(b)).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

import numpy as np

CARDS = "JQK"
DEALS = [a + b for a in CARDS for b in CARDS if a != b]
ENDINGS = ("pp", "bp", "bb", "pbp", "pbb")
KEYS = {
    1: ("J:", "Q:", "K:", "J:pb", "Q:pb", "K:pb"),
    2: ("J:p", "Q:p", "K:p", "J:b", "Q:b", "K:b"),
}
Profile = Mapping[str, Sequence[float]]


def reference_payoff(deal: str, ending: str) -> float:
    """Player 1's chips: a fold loses the ante, a showdown wins the antes
    (and the bets if called)."""
    if ending == "bp":
        return 1.0
    if ending == "pbp":
        return -1.0
    stake = 1.0 if ending == "pp" else 2.0
    return stake if CARDS.index(deal[0]) > CARDS.index(deal[1]) else -stake


def step(profile: Profile, deal: str, actions: str, t: int) -> float:
    """The probability of the t-th action of ``actions``, taken by player 1 + t % 2."""
    return profile[f"{deal[t % 2]}:{actions[:t]}"]["pb".index(actions[t])]


def path_product(profile: Profile, deal: str, actions: str, start: int = 0) -> float:
    """pi(h -> z): the product of every action probability from position ``start`` on."""
    return float(np.prod([step(profile, deal, actions, t) for t in range(start, len(actions))]))


def reference_value(profile: Profile) -> float:
    """Player 1's expected chips: each deal has probability 1/6."""
    return sum(
        path_product(profile, deal, z) * reference_payoff(deal, z) / 6
        for deal in DEALS
        for z in ENDINGS
    )


def brute_force_best_response(profile: Profile, player: int) -> float:
    """The best value ``player`` can get by trying each of its 64 pure strategies."""
    sign = 1.0 if player == 1 else -1.0
    best = -np.inf
    for choice in itertools.product((0, 1), repeat=6):
        pure = {key: np.eye(2)[c] for key, c in zip(KEYS[player], choice, strict=True)}
        best = max(best, sign * reference_value({**profile, **pure}))
    return best


def kuhn_equilibrium(alpha: float) -> dict[str, np.ndarray]:
    """Kuhn's (1950) equilibrium family, written out from the paper: P("b") at each key."""
    bet = {
        "J:": alpha, "Q:": 0.0, "K:": 3 * alpha,
        "J:pb": 0.0, "Q:pb": alpha + 1 / 3, "K:pb": 1.0,
        "J:p": 1 / 3, "Q:p": 0.0, "K:p": 1.0,
        "J:b": 0.0, "Q:b": 1 / 3, "K:b": 1.0,
    }  # fmt: skip
    return {key: np.array([1.0 - b, b]) for key, b in bet.items()}
