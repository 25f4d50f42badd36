"""Policies: behaviour strategies for every player of an extensive-form game.

A behaviour strategy of player i gives, at each of i's information sets I, a probability
distribution ``sigma_i(I, .)`` over the actions ``A(I)``; a profile ``sigma = (sigma_1, sigma_2)``
(with more players, ``(sigma_1, ..., sigma_n)``) gives one to each player (Zinkevich et al. 2007,
section 2). Because every information set belongs to exactly one player, a profile is stored as
one plain dict from information-set key to a numpy probability vector ordered as
``game.actions(key)``::

    {"J:": array([2/3, 1/3]), "Q:": array([1.0, 0.0]), ..., "K:b": array([0.0, 1.0])}

A player's part of the profile is the same dict restricted to that player's keys, and two parts
combine with ``{**part_1, **part_2}``. The exact algorithms check a policy with
:func:`validate_policy` before using it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from lessons_lib.games.base import Game
from lessons_lib.validation import (
    as_probability_vector,
    check_choice,
    check_instance,
    check_probability,
    describe,
)

#: A policy: information-set key -> probability vector over game.actions(key).
Policy = dict[str, np.ndarray]


def uniform_policy(game: Game) -> Policy:
    """The policy that picks every action of every information set with equal probability."""
    check_instance(game, Game, "game", "a Game")
    return {
        key: np.full(len(game.actions(key)), 1.0 / len(game.actions(key)))
        for key in game.info_sets()
    }


def validate_policy(
    game: Game, policy: Mapping[str, object], players: Iterable[int] | None = None
) -> Policy:
    """Check ``policy`` against ``game`` and return a clean copy, ordered as ``game.info_sets()``.

    Every information set of ``players`` (all of the game's by default) must be present; keys of
    the other players may be present too (they are checked and kept). Each vector must have one
    entry per action, be finite, have no negative entry and sum to 1. Anything else raises
    ``ValueError`` naming the information set.
    """
    check_instance(game, Game, "game", "a Game")
    if not isinstance(policy, Mapping):
        raise ValueError(
            f"a policy is a dict from information-set key to probabilities, got {describe(policy)}"
        )
    if players is None:
        players = game.players
    if isinstance(players, str | bytes) or not isinstance(players, Iterable):
        raise ValueError(f"players must be a sequence of players (1, 2), got {describe(players)}")
    required = {check_choice(p, game.players, "player") for p in players}
    known = set(game.info_sets())
    for key in policy:
        if key not in known:
            raise ValueError(f"policy has an unknown information set {describe(key)} for {game!r}")
    clean: Policy = {}
    for key in game.info_sets():
        if key not in policy:
            if game.player(key) in required:
                raise ValueError(
                    f"policy has no entry for information set {key!r} of player {game.player(key)}"
                )
            continue
        vector = as_probability_vector(
            policy[key], name=f"policy at information set {key!r}", size=len(game.actions(key))
        )
        clean[key] = vector.copy()
    return clean


def pure_policy(game: Game, choices: Mapping[str, str]) -> Policy:
    """The deterministic policy that plays action ``choices[key]`` at every key of ``choices``.

    Only the keys given appear in the result, so one player's pure strategy can be combined with
    the other player's part: ``{**pure_policy(game, {"J:": "b", ...}), **part_2}``.
    """
    check_instance(game, Game, "game", "a Game")
    check_instance(choices, Mapping, "choices", "a dict from information-set key to action")
    policy: Policy = {}
    for key, action in choices.items():
        actions = _actions(game, key)
        check_choice(action, actions, f"action at information set {key!r}")
        policy[key] = np.eye(len(actions))[actions.index(action)]
    return policy


def two_action_policy(game: Game, second_action_probability: Mapping[str, float]) -> Policy:
    """A policy of a game with two actions per information set,
    from the second action's probability.

    ``second_action_probability[key] = q`` gives ``[1 - q, q]``. In Kuhn poker the actions are
    ``("p", "b")``, so ``q`` is the probability of betting (or calling, when facing a bet). Only the
    keys given appear in the result.
    """
    check_instance(game, Game, "game", "a Game")
    check_instance(
        second_action_probability,
        Mapping,
        "second_action_probability",
        "a dict from information-set key to probability",
    )
    policy: Policy = {}
    for key, q in second_action_probability.items():
        if len(_actions(game, key)) != 2:
            raise ValueError(f"information set {key!r} does not have exactly two actions")
        q = check_probability(q, f"policy at information set {key!r}")
        policy[key] = as_probability_vector([1.0 - q, q], name=f"policy at information set {key!r}")
    return policy


def _actions(game: Game, key: str) -> tuple[str, ...]:
    """``game.actions(key)``, with a ValueError naming ``key`` if it is not an information set."""
    if key not in set(game.info_sets()):
        raise ValueError(f"unknown information set {describe(key)} for {game!r}")
    return game.actions(key)
