"""The re-solve gadget (Burch, Johanson and Bowling 2014, CFR-D): re-solving that is never worse.

Let r be the player re-solved inside the subgame S, o the opponent, sigma the blueprint, and
``CBV(I) = CBV^{sigma_r}(I)`` o's counterfactual best-response value of each of its views I at
S's roots (:mod:`lessons_lib.subgames.values`). The gadget game:

1. chance deals root h with probability ``pi_{-o}(h) / K``, ``K = sum_h pi_{-o}(h)``: the reach of
   chance and r, which is what o's counterfactual values weigh histories by;
2. o, knowing only its view I of h, chooses ``"t"`` (*take*: the game ends and o receives the
   alternative payoff ``alt(I) = CBV(I) / pi_{-o}(I)``) or ``"e"`` (*enter*);
3. after ``"e"`` both play S from h, by its rules and payoffs.

Its value. Against a strategy sigma_r' of r inside S, o's best response enters at I exactly when
entering is worth more, so o earns ``(1/K) sum_I max(CBV(I), CBV^{sigma_r'}(I))``. This is at
least ``(1/K) sum_I CBV(I)``, and the blueprint's own sigma_r reaches it (entering is then worth
exactly the alternative). So the game's value, for o, is ``(1/K) sum_I CBV(I)``, and a strategy
of r is an equilibrium strategy of the gadget exactly when ``CBV^{sigma_r'}(I) <= CBV(I)`` at
every view I that chance and r reach.

Safety. o's best-response value in the whole game adds the counterfactual values of its views
through o's best choices above S; none of them grows, so neither does o's best response, and r's
exploitability in the original game is at most the blueprint's (Burch et al. 2014, theorem 2;
Brown and Sandholm 2017, section 4.1, "Re-solve refinement"). Nothing forces it to be smaller:
every strategy that meets the constraints is an equilibrium, and which one a solver returns
decides the gain. To re-solve both players, solve one gadget per player and keep each gadget's
re-solved player (:func:`lessons_lib.subgames.resolve.resolve`); exploitability is half the sum of
two best responses, each against one player, so each half is safe on its own.

Why best-response values. Burch et al. took o's counterfactual values from the trunk's solution.
With a blueprint that is not an equilibrium, o's value when it *follows* the blueprint can be
below what o could get there, and alternatives that low force r to concede less than the
blueprint did everywhere, which may be impossible: the guarantee needs ``CBV``, as Brown and
Sandholm (2017) point out.

Alternatives can be raised by a non-negative *bonus* per view, in counterfactual units: reach
subgame solving's share of the gifts (:mod:`lessons_lib.subgames.reach`).
"""

from __future__ import annotations

import numpy as np

from lessons_lib.games.base import Deal, History
from lessons_lib.subgames.augmented import Gadget, PrefixNode
from lessons_lib.subgames.values import RootValues
from lessons_lib.validation import describe

#: The opponent's choice at each view: take the alternative payoff, or enter the subgame.
TAKE, ENTER = "t", "e"


class ResolveGadget(Gadget):
    """The re-solve gadget of the subgame of ``values.subgame`` (see the module docstring): the
    opponent is ``values.player``, its alternatives ``(values.value + bonus) / values.reach`` per
    view. Views and roots that chance and the re-solved player never reach are left out; a deal is
    ``(j,)`` for root ``subgame.roots[j]``; the gadget key of view I is ``"gadget|I"``."""

    name = "resolve_gadget"

    def __init__(self, values: RootValues, bonus: object = None) -> None:
        self.hold_to(values, bonus)
        self._view_of_root = {
            k: view for view, roots in values.reached_roots().items() for k in roots
        }
        self._total = float(np.add.reduce(values.root_reach[list(self._view_of_root)]))
        self._deals = [
            ((k,), float(values.root_reach[k] / self._total)) for k in sorted(self._view_of_root)
        ]
        super().__init__(values.subgame, tuple(sorted(self._view_of_root)))

    def gadget_key(self, view: str) -> str:
        """The key of the opponent's take-or-enter choice at ``view``."""
        return f"gadget|{view}"

    def deals(self) -> list[tuple[Deal, float]]:
        return list(self._deals)

    def entered(self, history: History) -> tuple[int, str] | None:
        if history.actions.startswith(ENTER):
            return history.deal[0], history.actions[1:]
        return None

    def prefix_node(self, history: History) -> PrefixNode:
        """The gadget's own histories: at the root, the opponent (who knows only its view of the
        root dealt) takes ``"t"`` or enters ``"e"``; taking ends the game with the view's
        alternative payoff for the opponent (player 1's payoff is its negative if the opponent
        is player 2)."""
        view = self._view_of_root[history.deal[0]]
        if history.actions == "":
            return PrefixNode("decision", self.opponent, self.gadget_key(view), (TAKE, ENTER))
        if history.actions == TAKE:
            alternative = self.alternatives[view]
            return PrefixNode(
                "terminal", payoff=alternative if self.opponent == 1 else -alternative
            )
        raise ValueError(f"{describe(history)} is not a history of {self!r}")

    def prefix_info_sets(self) -> dict[str, tuple[int, tuple[str, ...]]]:
        return {self.gadget_key(view): (self.opponent, (TAKE, ENTER)) for view in self.alternatives}

    def extra_parameters(self) -> dict[str, object]:
        return {
            "opponent": self.opponent,
            "deals": tuple(self._deals),
            "alternatives": tuple(self.alternatives.items()),
        }

    def value_for_opponent(self) -> float:
        """The gadget's value for the opponent, from the module docstring: ``(1/K) sum_I
        (CBV(I) + bonus(I))`` over the reached views, with ``K`` the total reach."""
        values = self.values
        reached = values.reach > 0.0
        return float(np.add.reduce((values.value + self.bonus)[reached])) / self._total
