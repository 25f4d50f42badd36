"""Unsafe re-solving: the subgame solved as if the blueprint's beliefs at its roots were the truth.

The augmented game. Chance deals root h of the subgame S with the blueprint's belief,
``pi^sigma(h) / sum_{h'} pi^sigma(h')`` where ``pi^sigma = pi_c pi_1 pi_2``
(:func:`~lessons_lib.subgames.subgame.beliefs`); then both players play S by its rules, each free
to choose any strategy inside. Its equilibrium is the subgame's "equilibrium" in the sense a
perfect-information intuition suggests: the best each player can do inside S given how the
blueprint reaches it (Ganzfried and Sandholm 2015 call this *endgame solving*; Brown and
Sandholm 2017, section 3, *unsafe subgame solving*).

Why unsafe. The beliefs are a consequence of the blueprint's strategies *above* S, which the
opponent does not have to follow: an opponent who knows that S is played differently now can
change how often it brings each of its hands into S. The re-solved strategy is a best answer to
one distribution of the opponent's hands, not to every distribution the opponent can produce,
and the whole game's exploitability can rise (:class:`~lessons_lib.games.coin_toss.CoinToss` is
the smallest example; Leduc poker has many, measured by :mod:`lessons_lib.subgames.measure`). The
gadgets of :mod:`lessons_lib.subgames.gadget` and :mod:`lessons_lib.subgames.maxmargin` repair
this.

The roots the blueprint never reaches get belief 0 and are left out of the game (chance deals
only with positive probability); the information sets below only them keep the blueprint's
strategy.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from lessons_lib.games.base import Deal, History
from lessons_lib.subgames.augmented import AugmentedGame, PrefixNode
from lessons_lib.subgames.subgame import Subgame, beliefs
from lessons_lib.validation import as_finite_vector, check_instance, describe


class UnsafeGame(AugmentedGame):
    """The subgame behind chance alone: root ``subgame.roots[j]`` is dealt with probability
    ``weights[j] / sum(weights)`` (``weights`` non-negative, with a positive sum); a deal is
    ``(j,)`` and the actions are the original ones since the root."""

    name = "unsafe_resolve"

    def __init__(self, subgame: Subgame, weights: object) -> None:
        check_instance(subgame, Subgame, "subgame", "a Subgame")
        weights = as_finite_vector(weights, "weights", len(subgame.roots))
        if np.any(weights < 0.0) or not weights.sum() > 0.0:
            raise ValueError(
                f"weights must be non-negative with a positive sum, got {describe(weights)}"
            )
        total = math.fsum(weights.tolist())
        self.weights = weights / total
        super().__init__(subgame, tuple(int(j) for j in np.flatnonzero(self.weights > 0.0)))

    def deals(self) -> list[tuple[Deal, float]]:
        return [((j,), float(self.weights[j])) for j in self.entered_roots]

    def entered(self, history: History) -> tuple[int, str] | None:
        return history.deal[0], history.actions

    def prefix_node(self, history: History) -> PrefixNode:
        raise ValueError(f"{history!r} is inside the subgame: the unsafe game has no gadget")

    def prefix_info_sets(self) -> dict[str, tuple[int, tuple[str, ...]]]:
        return {}

    def extra_parameters(self) -> dict[str, object]:
        return {"weights": tuple(map(float, self.weights))}


def unsafe_game(subgame: Subgame, blueprint: Mapping[str, np.ndarray]) -> UnsafeGame:
    """The unsafe augmented game of ``subgame``: chance deals the roots with ``blueprint``'s
    beliefs, ``pi_c(h) pi_1(h) pi_2(h)`` normalised. ``ValueError`` if the blueprint never
    reaches the subgame."""
    return UnsafeGame(subgame, beliefs(subgame, blueprint))
