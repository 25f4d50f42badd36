"""Named strategy profiles of Kuhn poker: simple ways to play, to measure and to exploit.

Each function returns a full profile (both players' information sets) as a policy dict, with the
actions in the game's order ``("p", "b")``: pass (check or fold) and bet (bet or call). They work
for the ``n_cards`` generalisation of Kuhn poker too; "the best card" is then the highest rank.

- :func:`always_bet`: bet whenever nobody has bet, call whenever facing a bet, with every card.
- :func:`always_pass`: check whenever nobody has bet, fold whenever facing a bet, with every card.
- :func:`never_bluff`: put chips in only with the best card. Bet with it when first to act or
  after a check, call a bet with it; with every other card check, and fold when facing a bet.

None of them is an equilibrium: the chapter on counterfactual values measures how much a best
response takes from each. Kuhn's equilibrium family is not here (it has a chapter of its own).
"""

from __future__ import annotations

from lessons_lib.games.base import Game
from lessons_lib.games.kuhn import KuhnPoker
from lessons_lib.policy import Policy, two_action_policy
from lessons_lib.validation import describe


def always_bet(game: Game) -> Policy:
    """Both players bet and call with every card: every hand ends in a showdown for 2 chips."""
    return two_action_policy(_kuhn(game), dict.fromkeys(_kuhn(game).info_sets(), 1.0))


def always_pass(game: Game) -> Policy:
    """Both players check and fold with every card: every hand ends in a showdown for the antes."""
    return two_action_policy(_kuhn(game), dict.fromkeys(_kuhn(game).info_sets(), 0.0))


def never_bluff(game: Game) -> Policy:
    """Both players bet or call with the best card only; every other card checks or folds.

    A bet from this profile always means the best card, so folding everything else to a bet is its
    consistent reply; it never bets a weak card hoping for a fold (a bluff), and never bets a
    middle card either.
    """
    kuhn = _kuhn(game)
    best = kuhn.cards[-1]
    return two_action_policy(
        kuhn, {key: 1.0 if kuhn.parse_key(key)[0] == best else 0.0 for key in kuhn.info_sets()}
    )


def _kuhn(game: Game) -> KuhnPoker:
    """``game`` after checking that it is Kuhn poker (the profiles are defined by its cards)."""
    if not isinstance(game, KuhnPoker):
        raise ValueError(
            f"game must be Kuhn poker (the named profiles are defined by its cards), "
            f"got {describe(game)}"
        )
    return game
