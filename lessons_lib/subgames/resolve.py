"""Re-solving subgames by any method, and the blueprint with the re-solved strategies put in.

A *method* names how the subgame S is re-solved (``sigma`` is the blueprint, r a re-solved
player, o = 3 - r its opponent):

- ``"unsafe"``: the unsafe augmented game (:mod:`lessons_lib.subgames.unsafe`), chance dealing the
  roots with the blueprint's beliefs, both players free inside; one game re-solves both players;
- ``"resolve"``: the re-solve gadget of Burch, Johanson and Bowling (2014)
  (:mod:`lessons_lib.subgames.gadget`), one per re-solved player r, o taking its blueprint
  counterfactual best-response value or entering;
- ``"maxmargin"``: the maxmargin gadget of Moravcik et al. (2016)
  (:mod:`lessons_lib.subgames.maxmargin`), one per re-solved player;
- ``"reach-resolve"`` and ``"reach-maxmargin"``: the same gadgets with the alternatives raised by
  the opponent's gifts (Brown and Sandholm 2017; :mod:`lessons_lib.subgames.reach`).

Each gadget's solution gives the strategy of its re-solved player r only; the opponent's part
of it is a gadget artefact and is dropped. Re-solving both players with a gadget method takes two
gadgets, and the result is safe for both: exploitability is half the sum of two best-response
values, player 1's against player 2 and player 2's against player 1, and each gadget keeps one of
them from growing.

Several subgames at once. :func:`resolve_all` re-solves a list of disjoint subgames against the
same blueprint, as re-solving every second-round subgame of Leduc poker does; it is the natural
unit for reach subgame solving, whose gifts must be shared among all the subgames re-solved
(:func:`~lessons_lib.subgames.reach.reach_bonuses`). :func:`combine` puts the re-solved strategies
into the blueprint: blueprint outside, re-solved inside, a policy of the original game.

What is left as it was. A subgame the blueprint never reaches has no beliefs: ``"unsafe"`` keeps
the blueprint there. A gadget needs views that chance and r reach; a subgame with none (or where
r never acts) keeps r's blueprint strategy, and so do r's information sets below roots that only
unreached views hold (they matter to nobody's counterfactual value).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from lessons_lib.policy import Policy, validate_policy
from lessons_lib.subgames.gadget import ResolveGadget
from lessons_lib.subgames.maxmargin import MaxmarginGadget
from lessons_lib.subgames.reach import bonuses_of, check_disjoint
from lessons_lib.subgames.solve import Solution, solve_augmented
from lessons_lib.subgames.subgame import Subgame, root_reach
from lessons_lib.subgames.unsafe import UnsafeGame
from lessons_lib.subgames.values import responding, values_at_roots
from lessons_lib.validation import check_choice, check_instance, list_of

#: The re-solving methods, by name (see the module docstring).
METHODS = ("unsafe", "resolve", "maxmargin", "reach-resolve", "reach-maxmargin")

#: The safe methods: those that never make the blueprint more exploitable.
SAFE_METHODS = METHODS[1:]


@dataclass(frozen=True, eq=False)
class Resolution:
    """The re-solve of ``subgame`` by ``method``: ``policy`` holds the re-solved strategies (at
    the subgame's information sets of the re-solved players; empty if nothing was re-solved) and
    ``solutions`` the augmented games solved on the way, with their values."""

    subgame: Subgame
    method: str
    policy: Policy
    solutions: tuple[Solution, ...]


def resolve(
    subgame: Subgame,
    blueprint: Mapping[str, np.ndarray],
    method: str,
    solver: str = "lp",
    iterations: int = 1000,
    players: Iterable[int] = (1, 2),
) -> Resolution:
    """Re-solve the strategies of ``players`` inside ``subgame`` by ``method`` (a name of
    :data:`METHODS`), the augmented games solved by ``solver`` (``"lp"`` or a CFR algorithm run
    for ``iterations``: :func:`~lessons_lib.subgames.solve.solve_augmented`)."""
    check_instance(subgame, Subgame, "subgame", "a Subgame")
    return resolve_all([subgame], blueprint, method, solver, iterations, players)[0]


def resolve_all(
    subgames: Sequence[Subgame],
    blueprint: Mapping[str, np.ndarray],
    method: str,
    solver: str = "lp",
    iterations: int = 1000,
    players: Iterable[int] = (1, 2),
) -> list[Resolution]:
    """Re-solve every subgame of ``subgames`` (disjoint subgames of one game) against
    ``blueprint`` at once, by ``method``; one :class:`Resolution` per subgame, in order. See
    :func:`resolve` for the options."""
    chosen = list_of(subgames, "subgames")
    if not chosen:
        raise ValueError("subgames must hold at least one Subgame")
    check_instance(chosen[0], Subgame, "a subgame of subgames", "a Subgame")
    game = chosen[0].game
    check_disjoint(game, chosen)
    check_choice(method, METHODS, "method")
    blueprint = validate_policy(game, blueprint)
    resolved = list_of(players, "players")
    for player in resolved:
        check_choice(player, (1, 2), "player in players")
    if not resolved or len(set(resolved)) != len(resolved):
        raise ValueError(f"players must name player 1, player 2 or both once, got {resolved!r}")
    if method == "unsafe":
        return [_unsafe(subgame, blueprint, solver, iterations, resolved) for subgame in chosen]
    policies: list[Policy] = [{} for _ in chosen]
    solutions: list[list[Solution]] = [[] for _ in chosen]
    for player in resolved:
        opponent = 3 - player
        responder = responding(game, blueprint, opponent)
        reach = method.startswith("reach-")
        bonuses = bonuses_of(responder, chosen) if reach else None
        for s, subgame in enumerate(chosen):
            own = subgame.info_sets_of(player)
            values = values_at_roots(subgame, responder)
            if not own or not np.any(values.reach > 0.0):
                continue
            kind = MaxmarginGadget if method.endswith("maxmargin") else ResolveGadget
            gadget = kind(values, None if bonuses is None else bonuses[s])
            solution = solve_augmented(gadget, solver, iterations, players=(player,))
            policies[s].update({key: solution.policy[key] for key in own if key in solution.policy})
            solutions[s].append(solution)
    return [
        Resolution(subgame, method, policies[s], tuple(solutions[s]))
        for s, subgame in enumerate(chosen)
    ]


def _unsafe(
    subgame: Subgame,
    blueprint: Policy,
    solver: str,
    iterations: int,
    players: list[int],
) -> Resolution:
    """The unsafe re-solve of one subgame (the blueprint kept where it never reaches)."""
    reach = root_reach(subgame, blueprint)
    joint = reach[0] * reach[1] * reach[2]
    if not np.any(joint > 0.0):
        return Resolution(subgame, "unsafe", {}, ())
    solution = solve_augmented(UnsafeGame(subgame, joint), solver, iterations)
    keys = [key for p in players for key in subgame.info_sets_of(p) if key in solution.policy]
    return Resolution(subgame, "unsafe", {key: solution.policy[key] for key in keys}, (solution,))


def combine(blueprint: Mapping[str, np.ndarray], resolutions: Iterable[Resolution]) -> Policy:
    """The blueprint with every resolution's re-solved strategies in place of its own: a policy
    of the original game, blueprint outside the subgames and re-solved inside."""
    chosen = list_of(resolutions, "resolutions")
    if not chosen:
        raise ValueError("resolutions must hold at least one Resolution")
    for resolution in chosen:
        check_instance(resolution, Resolution, "a resolution of resolutions", "a Resolution")
    game = chosen[0].subgame.game
    combined = validate_policy(game, blueprint)
    for resolution in chosen:
        if resolution.subgame.game != game:
            raise ValueError(f"{resolution.subgame!r} is not a subgame of {game!r}")
        combined.update(validate_policy(game, resolution.policy, players=()))
    return combined
