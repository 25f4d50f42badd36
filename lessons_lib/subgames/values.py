"""Counterfactual best-response values at a subgame's roots: what the opponent can get there.

Let r be the player whose strategy inside a subgame S is re-solved and o the opponent. For a
profile sigma, o's *counterfactual best-response value* of its view I at the roots (its augmented
information set, :mod:`lessons_lib.subgames.subgame`) is

    CBV^{sigma_r}(I) = sum_{h in I} pi_{-o}(h) u_o(BR_o, sigma_r | h),

where ``pi_{-o}(h) = pi_c(h) pi_r(h)`` is the reach of h due to chance and r, and
``u_o(BR_o, sigma_r | h)`` is o's expected payoff from h on when o best-responds to r inside S
(Burch, Johanson and Bowling 2014; Brown and Sandholm 2017, section 2, who write it
``CBV^{sigma_2}(I_1)``). The best response is computed by the exact sweep of
:func:`lessons_lib.exploitability.best_response_sweep` in the *original* game: each of o's
information sets inside S lies below one view of o (perfect recall), so the best response of the
whole game is a best response below every view at once.

Why these values. o's best-response value in the whole game is what o's trunk strategy earns plus
the counterfactual values o can collect at the roots, ``sum_I CBV(I)`` being added up through o's
best choices above S. If a new strategy sigma_r' inside S gives every view at most the blueprint's
value, ``CBV^{sigma_r'}(I) <= CBV^{sigma_r}(I)``, then o's best response in the whole game gains
nothing, and r's exploitability cannot grow: this is the safety condition that the re-solving
gadgets enforce (:mod:`lessons_lib.subgames.gadget`, :mod:`lessons_lib.subgames.maxmargin`).

Units. A gadget deals the roots with probability proportional to ``pi_{-o}(h)``, so it states
a view's value per unit of reach, ``CBV(I) / pi_{-o}(I)`` with ``pi_{-o}(I) = sum_{h in I}
pi_{-o}(h)``: :attr:`RootValues.per_reach`. A view that chance and r never reach
(``pi_{-o}(I) = 0``) has counterfactual value 0 whatever happens below it, and no per-reach value
(NaN).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from lessons_lib.counterfactual import others_reach, tree_reach, tree_values
from lessons_lib.exploitability import best_response_sweep
from lessons_lib.games.base import Game
from lessons_lib.policy import Policy, validate_policy
from lessons_lib.subgames.subgame import Subgame
from lessons_lib.sums import sum_of_products
from lessons_lib.validation import as_finite_vector, check_choice, check_instance, describe


@dataclass(frozen=True, eq=False)
class ResponderValues:
    """A best response of ``player`` to the rest of a profile, history by history.

    ``others_reach[h]`` is ``pi_{-o}(h)`` (chance included), ``value[h]`` is ``u_o(h)`` when
    ``player`` (o) best-responds and everybody else follows the profile, ``response`` is the best
    response (o's information sets only) and ``profile`` the profile with o's part replaced by it.
    Arrays are indexed by the histories of ``game.tree``.
    """

    game: Game
    player: int
    others_reach: np.ndarray
    value: np.ndarray
    response: Policy
    profile: Policy


def best_response_values(
    game: Game, policy: Mapping[str, np.ndarray], player: int
) -> ResponderValues:
    """``player``'s best response to ``policy`` in the whole of ``game``, with the reach of the
    others and ``player``'s value at every history (see :class:`ResponderValues`)."""
    check_instance(game, Game, "game", "a Game")
    check_choice(player, (1, 2), "player")
    return responding(game, validate_policy(game, policy), player)


def responding(game: Game, profile: Policy, player: int) -> ResponderValues:
    """:func:`best_response_values` of a policy already checked by
    :func:`~lessons_lib.policy.validate_policy` (for callers that check it once)."""
    tree = game.tree
    _, response = best_response_sweep(tree, tree.flatten(profile), player)
    responding_profile = {**profile, **response}
    sigma = tree.flatten(responding_profile)
    reach = tree_reach(tree, sigma)
    return ResponderValues(
        game=game,
        player=player,
        others_reach=reach[0] * others_reach(reach, player),
        value=tree_values(tree, sigma, player),
        response=response,
        profile=responding_profile,
    )


@dataclass(frozen=True, eq=False)
class RootValues:
    """The opponent's counterfactual best-response values at a subgame's roots, view by view.

    ``player`` is the opponent o; ``views[j]`` one of o's views of the roots and ``positions[j]``
    the positions (in ``subgame.roots``) of the roots it merges; ``reach[j] = pi_{-o}(I_j)`` and
    ``value[j] = CBV(I_j)`` in counterfactual units (chance included); ``root_reach[k]`` is
    ``pi_{-o}(h)`` of root ``subgame.roots[k]``.
    """

    subgame: Subgame
    player: int
    views: tuple[str, ...]
    positions: tuple[tuple[int, ...], ...]
    reach: np.ndarray
    value: np.ndarray
    root_reach: np.ndarray

    @property
    def per_reach(self) -> np.ndarray:
        """``CBV(I) / pi_{-o}(I)``: the value per unit of reach (NaN where the reach is 0)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.reach > 0.0, self.value / self.reach, np.nan)

    def alternatives(self, bonus: object = None) -> dict[str, float]:
        """``{view: (CBV(view) + bonus(view)) / pi_{-o}(view)}``, the alternative payoffs of a
        gadget, at the views that chance and the re-solved player reach (``bonus``: one
        non-negative number per view, in counterfactual units; ``ValueError`` if no view is
        reached, as there is then nothing to re-solve)."""
        raised = self.value + checked_bonus(bonus, len(self.views))
        found = {
            view: float(raised[j] / self.reach[j])
            for j, view in enumerate(self.views)
            if self.reach[j] > 0.0
        }
        if not found:
            raise ValueError(
                f"chance and player {3 - self.player} never reach the subgame "
                f"{self.subgame.name!r}: there is nothing to re-solve"
            )
        return found

    def reached_roots(self) -> dict[str, tuple[int, ...]]:
        """``{view: positions of its roots with positive reach}`` at the reached views."""
        return {
            view: tuple(k for k in self.positions[j] if self.root_reach[k] > 0.0)
            for j, view in enumerate(self.views)
            if self.reach[j] > 0.0
        }

    def as_dict(self) -> dict[str, float]:
        """``{view: CBV(view)}``, in counterfactual units."""
        return dict(zip(self.views, map(float, self.value), strict=True))


def root_values(subgame: Subgame, policy: Mapping[str, np.ndarray], player: int) -> RootValues:
    """``CBV^{sigma_r}(I)`` for every view I of ``player`` (the opponent o) at the roots of
    ``subgame``, when ``player`` best-responds to the other player's part of ``policy``."""
    check_instance(subgame, Subgame, "subgame", "a Subgame")
    return values_at_roots(subgame, best_response_values(subgame.game, policy, player))


def values_at_roots(subgame: Subgame, responder: ResponderValues) -> RootValues:
    """The view-by-view sums of :func:`root_values`, from a best response already computed
    (``responder`` must be of ``subgame``'s game)."""
    check_instance(subgame, Subgame, "subgame", "a Subgame")
    check_instance(responder, ResponderValues, "responder", "ResponderValues")
    if responder.game != subgame.game:
        raise ValueError(
            f"responder is a best response in {responder.game!r}, not in {subgame.game!r}"
        )
    views = subgame.views(responder.player)
    reach, value = [], []
    for positions in views.values():
        roots = subgame.root_index[list(positions)]
        weights = responder.others_reach[roots]
        reach.append(sum_of_products(weights, np.ones(len(roots))))
        value.append(sum_of_products(weights, responder.value[roots]))
    return RootValues(
        subgame=subgame,
        player=responder.player,
        views=tuple(views),
        positions=tuple(views.values()),
        reach=np.array(reach),
        value=np.array(value),
        root_reach=responder.others_reach[subgame.root_index].copy(),
    )


def checked_bonus(bonus: object, views: int) -> np.ndarray:
    """``bonus`` as one non-negative number per view, in counterfactual units (zeros if None)."""
    if bonus is None:
        return np.zeros(views)
    checked = as_finite_vector(bonus, "bonus", views)
    if np.any(checked < 0.0):
        raise ValueError(f"bonus must be non-negative (a share of gifts), got {describe(checked)}")
    return checked


def margins(before: RootValues, after: RootValues, bonus: object = None) -> np.ndarray:
    """The margin of every view, ``M(I) = (CBV(I) + bonus(I)) / pi_{-o}(I) - CBV'(I) / pi_{-o}(I)``
    (Moravcik et al. 2016): how much less the opponent gets at I per unit of reach after the
    change (``after``) than before (``before``, with its alternatives raised by ``bonus``). NaN at
    views that chance and the re-solved player never reach. Both must be of one subgame and
    opponent, with the same reach (a change inside the subgame leaves the reach of its roots)."""
    check_instance(before, RootValues, "before", "RootValues")
    check_instance(after, RootValues, "after", "RootValues")
    if before.subgame is not after.subgame or before.player != after.player:
        raise ValueError("before and after must be values of one subgame and one opponent")
    if not np.allclose(before.root_reach, after.root_reach, rtol=1e-12, atol=0.0):
        raise ValueError("before and after must have the same reach at the roots")
    raised = before.value + checked_bonus(bonus, len(before.views))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(before.reach > 0.0, (raised - after.value) / before.reach, np.nan)
