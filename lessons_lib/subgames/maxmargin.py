"""Maxmargin re-solving (Moravcik, Schmid, Ha, Hladik and Gaukrodger 2016): the largest guaranteed
improvement at the opponent's worst view.

Let r be the player re-solved inside the subgame S, o the opponent, and ``alt(I) =
CBV^{sigma_r}(I) / pi_{-o}(I)`` the blueprint's counterfactual best-response value of o's view
I per unit of reach (:mod:`lessons_lib.subgames.values`). A new strategy sigma_r' inside S has at
view I the *margin*

    M(I) = alt(I) - CBV^{sigma_r'}(I) / pi_{-o}(I),

how much less o can get at I than against the blueprint. The re-solve gadget
(:mod:`lessons_lib.subgames.gadget`) asks only that every margin be non-negative; maxmargin asks
for the strategy whose *smallest* margin is as large as possible, ``max_{sigma_r'} min_I M(I)``,
so that the improvement is spread to the view that needs it most.

The gadget. Moravcik et al. solve it as a game: o first chooses a view I (one action per view
that chance and r reach), chance then deals a root h of I with probability
``pi_{-o}(h) / pi_{-o}(I)``, and S is played from h with o's payoffs shifted by ``-alt(I)``
(Brown and Sandholm 2017, section 4.2, draw it the same way). Choosing I is worth
``CBV^{sigma_r'}(I) / pi_{-o}(I) - alt(I) = -M(I)`` to o, so o picks the smallest margin and r
maximises it: the game's value for o is ``-max min_I M(I)``. The blueprint's own strategy has
every margin 0, so the value is at most 0, the smallest margin of a solution is at least 0, and
maxmargin is safe for the same reason as the re-solve gadget: no view of o gains, so o's best
response in the whole game does not either.

The alternatives can be raised by a non-negative bonus per view (counterfactual units), for
reach-maxmargin (:mod:`lessons_lib.subgames.reach`): the margins are then measured from the raised
alternatives, and a margin can be negative down to minus the bonus.

Actions. The view choice and chance's choice of root are one character each
(:func:`~lessons_lib.subgames.augmented.choice_symbols`): the game has no deal at the root
(``deal = ()``), and ``"12rc..."`` is view 1, its root 2, then the subgame's actions.
"""

from __future__ import annotations

from lessons_lib.games.base import Deal, History
from lessons_lib.subgames.augmented import Gadget, PrefixNode, choice_symbols
from lessons_lib.subgames.values import RootValues
from lessons_lib.validation import describe

#: The key of the opponent's one decision of the gadget: which view to play.
CHOICE_KEY = "gadget|choose a view"


class MaxmarginGadget(Gadget):
    """The maxmargin gadget of ``values.subgame`` (see the module docstring): the opponent is
    ``values.player``, the alternatives ``(values.value + bonus) / values.reach`` per view.
    :attr:`views` are the views it may choose (those chance and the re-solved player reach),
    :attr:`roots_of` the positions of each one's roots with positive reach."""

    name = "maxmargin_gadget"

    def __init__(self, values: RootValues, bonus: object = None) -> None:
        self.hold_to(values, bonus)
        self.views = tuple(self.alternatives)
        self.roots_of = values.reached_roots()
        self._reach_of = dict(zip(values.views, map(float, values.reach), strict=True))
        self._view_symbols = choice_symbols(len(self.views))
        self._root_symbols = choice_symbols(max(len(r) for r in self.roots_of.values()))
        self._view_at_root = {k: view for view, roots in self.roots_of.items() for k in roots}
        super().__init__(values.subgame, tuple(sorted(self._view_at_root)))

    def deals(self) -> list[tuple[Deal, float]]:
        return [((), 1.0)]

    def _view(self, symbol: str) -> str:
        if symbol not in self._view_symbols:
            raise ValueError(f"{describe(symbol)} names no view of {self!r}")
        return self.views[self._view_symbols.index(symbol)]

    def _root(self, view: str, symbol: str) -> int:
        roots = self.roots_of[view]
        if symbol not in self._root_symbols[: len(roots)]:
            raise ValueError(f"{describe(symbol)} names no root of view {view!r} in {self!r}")
        return roots[self._root_symbols.index(symbol)]

    def entered(self, history: History) -> tuple[int, str] | None:
        if len(history.actions) < 2:
            return None
        view = self._view(history.actions[0])
        return self._root(view, history.actions[1]), history.actions[2:]

    def prefix_node(self, history: History) -> PrefixNode:
        if history.actions == "":
            return PrefixNode("decision", self.opponent, CHOICE_KEY, self._view_symbols)
        view = self._view(history.actions)
        roots = self.roots_of[view]
        reach = self.values.root_reach
        return PrefixNode(
            "chance",
            actions=self._root_symbols[: len(roots)],
            probabilities=tuple(float(reach[k] / self._reach_of[view]) for k in roots),
        )

    def payoff_shift(self, position: int) -> float:
        """The opponent's payoff loses the alternative of the root's view (player 1's sign)."""
        alternative = self.alternatives[self._view_at_root[position]]
        return -alternative if self.opponent == 1 else alternative

    def prefix_info_sets(self) -> dict[str, tuple[int, tuple[str, ...]]]:
        return {CHOICE_KEY: (self.opponent, choice_symbols(len(self.views)))}

    def extra_parameters(self) -> dict[str, object]:
        return {
            "opponent": self.opponent,
            "alternatives": tuple(self.alternatives.items()),
            "root_reach": tuple(map(float, self.values.root_reach)),
        }
