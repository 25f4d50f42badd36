"""What a checkpoint of a run measures: exploitability of the average and current strategies.

At a checkpoint a run records, exactly (:mod:`lessons_lib.exploitability`), the exploitability of
the average policy ``sigma_bar^T`` (the one CFR's guarantee is about), the exploitability of the
current policy ``sigma^{T+1}`` (which need not converge), and player 1's expected value of the
average policy, which in a two-player zero-sum game tends to the game value.

Exploitability is ``NashConv / n`` (:func:`~lessons_lib.exploitability.nash_conv`): in a
two-player zero-sum game the usual ``(BR_1 + BR_2) / 2`` in chips per hand, zero exactly at a
Nash equilibrium. For a game of more players, or a general-sum one, the same number is the
average of what each player would gain by deviating alone: still zero exactly at a Nash
equilibrium, but no longer a guarantee of anything (Chapter 13). How it is computed depends on
what the game supports: by exact best responses on the game's history tree here, by sweeps of
ranges over the public tree in the public-tree engine, which overrides
:meth:`~lessons_lib.core.engine.TabularEngine.checkpoint`.
"""

from __future__ import annotations

from dataclasses import dataclass

from lessons_lib.exploitability import expected_value, nash_conv
from lessons_lib.games.base import Game
from lessons_lib.policy import Policy


@dataclass(frozen=True)
class Checkpoint:
    """What a run looked like after ``iteration`` iterations (exploitability in chips per hand)."""

    iteration: int
    average_exploitability: float  # epsilon(sigma_bar^T) = NashConv(sigma_bar^T) / n
    current_exploitability: float  # epsilon(sigma^{T+1})
    average_value: float  # u_1(sigma_bar^T): player 1's expected chips per hand

    @classmethod
    def measure(
        cls, game: Game, iteration: int, average: Policy, current: Policy, **extra: object
    ) -> Checkpoint:
        """The checkpoint of a run with these policies: exact exploitabilities and value, plus
        ``extra`` fields (a subclass's)."""
        n = game.num_players
        return cls(
            iteration=iteration,
            average_exploitability=nash_conv(game, average) / n,
            current_exploitability=nash_conv(game, current) / n,
            average_value=expected_value(game, average),
            **extra,
        )
