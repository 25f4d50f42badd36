"""Reach subgame solving (Brown and Sandholm 2017, section 4.3): spend the opponent's past mistakes.

The re-solve and maxmargin gadgets hold each view I of the opponent o at S's roots to the
blueprint's value ``CBV(I)``. That ignores how o got there. If on the way o took, at one of its
own information sets J, an action a worth less than J's best (both against r's blueprint, o
best-responding afterwards), o already gave r a *gift*

    g(J, a) = CBV(J) - CBV(J, a) >= 0,   CBV(J) = max_b CBV(J, b),

in counterfactual values ``CBV(J, a) = sum_{h in J} pi_{-o}(h) u_o(BR_o, sigma_r | h.a)``. Below
(J, a), r may let o's views gain up to the gift in total without o's best response in the whole
game gaining anything: o would still rather not have played a. Reach subgame solving raises
each view's alternative by its share of the gifts on o's path to it, and then solves the re-solve
gadget (*reach-resolve*) or the maxmargin gadget (*reach-maxmargin*) with the raised alternatives.

Sharing the gifts. A gift counts once: if several re-solved views (of one subgame or of several
re-solved at once) lie below the same (J, a), their gains below it add up. This module shares
each gift with a *budget* passed down o's trunk (the information sets of o outside every
re-solved subgame), from the top:

- o's first information sets, and views o reaches without having acted, get budget 0;
- at o's trunk information set J with budget B(J), each action a has ``A(J, a) = g(J, a) + B(J)``
  to give, split equally among the *children* of (J, a) that lead to a re-solved view: o's trunk
  information sets whose parent sequence is (J, a) (their budget) and the re-solved views whose
  parent sequence is (J, a) (their bonus).

Why it is safe. Write D(X) for how much o's counterfactual best-response value at X grows after
re-solving. For a view, the gadget guarantees ``D(I) <= bonus(I)``. For a trunk J,
``D(J) <= max_a (D(J, a) - g(J, a))`` since ``CBV(J) = CBV(J, a) + g(J, a)``, and ``D(J, a)`` is the
sum of its children's growths, at most ``A(J, a)`` by the split; so ``D(J) <= B(J)``, and at o's
first information sets ``D <= 0``: o's best response in the whole game gains nothing. With one
re-solved subgame and one path to each view, each view receives the whole of the gifts on its path,
the sum in Brown and Sandholm's alternative payoff; with every subgame of a round re-solved at
once, each gift is divided among the subgames below it, so that none is spent twice (the equal
split is this module's choice; any split that adds up to the gift keeps the proof).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from lessons_lib.games.base import Game
from lessons_lib.subgames.subgame import Subgame
from lessons_lib.subgames.values import ResponderValues, best_response_values
from lessons_lib.validation import check_choice, check_instance, list_of

#: The parent sequence of an information set where the player has not acted yet.
EMPTY = -1


def action_values(responder: ResponderValues) -> np.ndarray:
    """``CBV(J, a) = sum_{h in J} pi_{-o}(h) u_o(h.a)`` for every (information set, action)
    pair of the responder o, as a flat vector (the layout of ``game.tree.flatten``; entries of the
    other player's pairs are 0)."""
    check_instance(responder, ResponderValues, "responder", "ResponderValues")
    tree = responder.game.tree
    children = np.flatnonzero(tree.edge >= 0)
    parents = tree.parent[children]
    mine = tree.acting[parents] == responder.player
    weights = responder.others_reach[parents[mine]] * responder.value[children[mine]]
    return np.bincount(tree.edge[children[mine]], weights=weights, minlength=tree.size)


def gifts(responder: ResponderValues) -> dict[str, np.ndarray]:
    """``g(J, a) = max_b CBV(J, b) - CBV(J, a)`` at every information set J of the responder:
    what each action gives away against the other player's fixed strategy."""
    gift = _gift_vector(responder)
    tree = responder.game.tree
    return {
        key: gift[tree.actions_slice(k)].copy()
        for k, key in enumerate(tree.keys)
        if tree.owner[k] == responder.player
    }


def _gift_vector(responder: ResponderValues) -> np.ndarray:
    """The gifts of :func:`gifts` as a flat vector (0 at the other player's pairs)."""
    gift = action_values(responder)
    tree = responder.game.tree
    for k in np.flatnonzero(tree.owner == responder.player):
        where = tree.actions_slice(int(k))
        gift[where] = gift[where].max() - gift[where]
    return gift


def reach_bonuses(
    game: Game,
    blueprint: Mapping[str, np.ndarray],
    subgames: Sequence[Subgame],
    opponent: int,
) -> list[np.ndarray]:
    """The bonus of every view of ``opponent`` at the roots of each of ``subgames`` (all
    re-solved at once; disjoint), in counterfactual units, ordered as ``subgame.views(opponent)``:
    each view's share of the gifts on the opponent's path to it (see the module docstring)."""
    check_instance(game, Game, "game", "a Game")
    check_choice(opponent, (1, 2), "opponent")
    chosen = check_disjoint(game, subgames)
    return bonuses_of(best_response_values(game, blueprint, opponent), chosen)


def bonuses_of(responder: ResponderValues, subgames: Sequence[Subgame]) -> list[np.ndarray]:
    """:func:`reach_bonuses` from the opponent's best response already computed, for
    ``subgames`` already checked to be disjoint subgames of the responder's game."""
    check_instance(responder, ResponderValues, "responder", "ResponderValues")
    opponent, tree = responder.player, responder.game.tree
    gift = _gift_vector(responder)
    last = _last_sequences(responder.game, opponent)
    resolved = np.zeros(len(tree.histories), dtype=bool)
    for subgame in subgames:
        resolved[subgame.histories] = True
    trunk = [
        int(k)
        for depth in tree.info_sets_at_depth
        for k in depth
        if tree.owner[k] == opponent and not resolved[tree.members[k][0]]
    ]
    children: dict[int, list[tuple[str, int, int]]] = {}  # sequence -> its children
    for k in trunk:
        children.setdefault(int(last[tree.members[k][0]]), []).append(("trunk", k, 0))
    for s, subgame in enumerate(subgames):
        for j, positions in enumerate(subgame.views(opponent).values()):
            roots = subgame.root_index[list(positions)]
            if not np.any(responder.others_reach[roots] > 0.0):
                continue  # a view nobody else reaches: its value is 0 whatever r does
            children.setdefault(int(last[roots[0]]), []).append(("view", s, j))

    leads = _leads_to_views(tree, trunk, children)
    budget = {k: 0.0 for k in trunk}
    bonuses = [np.zeros(len(subgame.views(opponent))) for subgame in subgames]
    _give(children.get(EMPTY, []), 0.0, leads, budget, bonuses)
    for k in trunk:  # shallowest first: a budget is set before it is spent
        start = int(tree.offset[k])
        for e in range(start, start + int(tree.n_actions[k])):
            _give(children.get(e, []), float(gift[e]) + budget[k], leads, budget, bonuses)
    return bonuses


def _give(
    children: list[tuple[str, int, int]],
    amount: float,
    leads: set[int],
    budget: dict[int, float],
    bonuses: list[np.ndarray],
) -> None:
    """Split ``amount`` equally among the children that lead to a re-solved view."""
    useful = [c for c in children if c[0] == "view" or c[1] in leads]
    for kind, first, second in useful:
        share = amount / len(useful)
        if kind == "trunk":
            budget[first] = share
        else:
            bonuses[first][second] = share


def _leads_to_views(
    tree: object, trunk: list[int], children: dict[int, list[tuple[str, int, int]]]
) -> set[int]:
    """The trunk information sets with a re-solved view below them (deepest first)."""
    leads: set[int] = set()
    for k in reversed(trunk):
        start = int(tree.offset[k])
        below = (
            c for e in range(start, start + int(tree.n_actions[k])) for c in children.get(e, [])
        )
        if any(kind == "view" or first in leads for kind, first, _ in below):
            leads.add(k)
    return leads


def _last_sequences(game: Game, player: int) -> np.ndarray:
    """For every history, the position in a flat policy of ``player``'s last action on the way
    to it (:data:`EMPTY` if ``player`` has not acted yet)."""
    tree = game.tree
    last = np.full(len(tree.histories), EMPTY)
    for level in tree.levels[1:]:
        moved = tree.mover[level] == player
        last[level] = np.where(moved, tree.edge[level], last[tree.parent[level]])
    return last


def check_disjoint(game: Game, subgames: Sequence[Subgame]) -> list[Subgame]:
    """``subgames`` as a list after checking each is a subgame of ``game`` and no two share a
    history (re-solving two subgames that overlap at once has no meaning)."""
    chosen = list_of(subgames, "subgames")
    if not chosen:
        raise ValueError("subgames must hold at least one Subgame")
    seen = np.zeros(len(game.tree.histories), dtype=bool)
    for subgame in chosen:
        check_instance(subgame, Subgame, "a subgame of subgames", "a Subgame")
        if subgame.game != game:
            raise ValueError(f"{subgame!r} is not a subgame of {game!r}")
        if np.any(seen[subgame.histories]):
            raise ValueError(f"{subgame!r} overlaps another subgame of subgames")
        seen[subgame.histories] = True
    return chosen
