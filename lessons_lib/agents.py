"""Agents that play hands of a game, one action at a time.

An :class:`Agent` chooses an action from what its player knows: the key of the information set
``I`` it is at, never the full history (which would reveal the opponent's card). A
:class:`PolicyAgent` samples ``a ~ sigma(I, .)`` from a policy with a seeded numpy ``Generator``;
a :class:`HumanAgent` stands for a person and plays the choice the person made.

A :class:`Hand` is one hand in progress: chance deals, then the agents take turns. Autonomous
agents move as soon as it is their turn; the hand stops when it is a person's turn, until their
choice arrives through :meth:`Hand.apply`. :func:`play_hand` plays a whole hand between two
autonomous agents.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import NamedTuple

import numpy as np

from lessons_lib.games.base import Deal, Game, History, check_two_player_zero_sum
from lessons_lib.validation import as_probability_vector, check_choice, check_instance, describe


class Agent(ABC):
    """Somebody who plays one seat: chooses an action at each of its information sets."""

    @property
    def ready(self) -> bool:
        """Whether :meth:`act` can choose right now (a person may still be thinking)."""
        return True

    @abstractmethod
    def act(self, game: Game, key: str, rng: np.random.Generator) -> str:
        """The action to take at information set ``key`` of ``game``, one of
        ``game.actions(key)``."""


class PolicyAgent(Agent):
    """Plays a policy: at information set ``I`` it draws action ``a`` with probability
    ``sigma(I, a)``.

    ``policy`` maps information-set keys to probability vectors ordered as ``game.actions(key)``;
    it needs an entry at every information set the agent reaches (a full profile works for
    either seat). Randomness comes only from the ``rng`` passed to :meth:`act`.
    """

    def __init__(self, policy: Mapping[str, np.ndarray]) -> None:
        if not isinstance(policy, Mapping):
            raise ValueError(
                "a policy is a dict from information-set key to probabilities, "
                f"got {describe(policy)}"
            )
        self.policy = {
            key: as_probability_vector(vector, name=f"policy at information set {key!r}")
            for key, vector in policy.items()
        }

    def act(self, game: Game, key: str, rng: np.random.Generator) -> str:
        _check_generator(rng)
        check_instance(game, Game, "game", "a Game")
        actions = game.actions(key)
        if key not in self.policy:
            raise ValueError(f"the agent's policy has no entry for information set {key!r}")
        probabilities = self.policy[key]
        if probabilities.size != len(actions):
            raise ValueError(
                f"the agent's policy at {key!r} has {probabilities.size} entries, "
                f"but {game!r} has {len(actions)} actions there: {actions!r}"
            )
        return actions[int(rng.choice(len(actions), p=probabilities))]


class HumanAgent(Agent):
    """A seat played by a person: :meth:`act` returns the choice made with :meth:`choose`.

    The agent does not decide anything itself. Until a choice is pending it is not
    :attr:`ready`, and a :class:`Hand` waits for it.
    """

    def __init__(self) -> None:
        self.pending: str | None = None

    @property
    def ready(self) -> bool:
        return self.pending is not None

    def choose(self, action: str) -> None:
        """Record the person's next action; :meth:`act` checks it is legal where it is played."""
        self.pending = action

    def act(self, game: Game, key: str, rng: np.random.Generator) -> str:
        check_instance(game, Game, "game", "a Game")
        if self.pending is None:
            raise ValueError(f"the person at information set {key!r} has not chosen an action yet")
        action, self.pending = self.pending, None
        return check_choice(action, game.actions(key), f"action at information set {key!r}")


class Hand:
    """One hand in progress between two agents, ``agents[0]`` in seat 1 and ``agents[1]`` in seat 2.

    Chance deals ``deal`` (or, when it is ``None``, draws one with ``rng`` from the deal
    probabilities). Then, whenever the player to act is :attr:`~Agent.ready`, that agent's action
    is applied at once, so after construction and after each :meth:`apply` the hand has moved on to
    a person's turn or to its end. All randomness (the deal, the agents' draws) comes from ``rng``.
    """

    def __init__(
        self,
        game: Game,
        agents: Sequence[Agent],
        rng: np.random.Generator,
        deal: Deal | None = None,
    ) -> None:
        self.game = check_two_player_zero_sum(game, "a hand between two seats")
        self.agents = _check_agents(agents)
        self.rng = _check_generator(rng)
        self.history: History = game.initial_history(deal if deal is not None else _deal(game, rng))
        self._advance()

    @property
    def is_over(self) -> bool:
        """Whether the hand has reached a terminal history."""
        return self.game.is_terminal(self.history)

    @property
    def player_to_act(self) -> int:
        """The player (1 or 2) whose turn it is (ValueError once the hand is over)."""
        self._check_in_progress()
        return self.game.player_to_act(self.history)

    @property
    def key(self) -> str:
        """The information set of the player to act: what that player knows."""
        self._check_in_progress()
        return self.game.info_set_key(self.history)

    def legal_actions(self) -> tuple[str, ...]:
        """The actions the player to act may take."""
        self._check_in_progress()
        return self.game.legal_actions(self.history)

    @property
    def payoff(self) -> float:
        """``u_1(z)``: player 1's net chips at the end of the hand (ValueError before the end)."""
        if not self.is_over:
            raise ValueError(f"the hand is not over yet: {self.history!r}")
        return self.game.payoff(self.history)

    def apply(self, action: str) -> None:
        """Play a person's ``action`` for the player to act, then let autonomous agents move."""
        self._check_in_progress()
        agent = self.agents[self.player_to_act - 1]
        if not isinstance(agent, HumanAgent):
            raise ValueError(
                f"player {self.player_to_act} is played by {type(agent).__name__}, not by a person"
            )
        check_choice(action, self.legal_actions(), f"action at history {self.history!r}")
        agent.choose(action)
        self._advance()

    def _advance(self) -> None:
        """Apply the actions of ready agents until the hand ends or waits for a person."""
        while not self.is_over:
            agent = self.agents[self.player_to_act - 1]
            if not agent.ready:
                return
            action = agent.act(self.game, self.key, self.rng)
            self.history = self.game.next_history(self.history, action)

    def _check_in_progress(self) -> None:
        if self.is_over:
            raise ValueError(f"the hand is over: {self.history!r}")


class PlayedHand(NamedTuple):
    """A finished hand: its terminal history ``z`` and player 1's payoff ``u_1(z)``."""

    history: History
    payoff: float


def play_hand(
    game: Game,
    agents: Sequence[Agent],
    deal: Deal | None,
    rng: np.random.Generator,
) -> PlayedHand:
    """Play one hand of ``game`` from ``deal`` (drawn with ``rng`` when ``None``) to its end.

    Both agents must be autonomous (a person's seat needs a :class:`Hand` driven step by step).
    """
    hand = Hand(game, agents, rng, deal)
    if not hand.is_over:
        raise ValueError(
            f"play_hand needs two autonomous agents; player {hand.player_to_act} waits for a person"
        )
    return PlayedHand(hand.history, hand.payoff)


def _deal(game: Game, rng: np.random.Generator) -> Deal:
    """Chance's move: one deal of ``game``, drawn with its probability ``pi_c``."""
    deals = game.deals()
    probabilities = np.array([p for _, p in deals])
    return deals[int(rng.choice(len(deals), p=probabilities))][0]


def _check_agents(agents: Sequence[Agent]) -> tuple[Agent, Agent]:
    """``agents`` as a pair, after checking there are two of them."""
    if isinstance(agents, str | bytes) or not isinstance(agents, Sequence) or len(agents) != 2:
        raise ValueError(f"a hand needs two agents (seat 1, seat 2), got {describe(agents)}")
    for seat, agent in enumerate(agents, start=1):
        if not isinstance(agent, Agent):
            raise ValueError(f"the agent in seat {seat} must be an Agent, got {describe(agent)}")
    return agents[0], agents[1]


def _check_generator(rng: object) -> np.random.Generator:
    """``rng`` after checking it is a numpy Generator (seed it: ``np.random.default_rng(0)``)."""
    if not isinstance(rng, np.random.Generator):
        raise ValueError(
            f"rng must be a numpy Generator such as default_rng(0), got {describe(rng)}"
        )
    return rng
