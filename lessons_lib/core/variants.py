"""The CFR family: what each algorithm does differently with the regrets and strategies it adds up.

This module holds the rules every engine of the library shares (:mod:`lessons_lib.core`): the
:class:`Variant` (weights and discounts), the update order (:func:`update_groups`) and the
average's weighting (:data:`AVERAGING`).

All four algorithms run the same iteration. For the updating player i, iteration t

1. adds the instantaneous counterfactual regrets ``r^t(I, a)`` of ``sigma^t`` to ``R(I, a)``, and
   ``w_t pi_i^{sigma^t}(I) sigma^t(I, a)`` to the strategy sum ``S(I, a)``;
2. replaces ``R`` by ``discount_regrets(R, t)`` and ``S`` by ``discount_strategy_sum(S, t)``;
3. plays regret matching on the new ``R`` from then on.

A :class:`Variant` is those three choices: ``w_t``, the two discounts, and whether the players
update simultaneously (both from ``sigma^t``) or alternately (player 1 first; player 2 then
against player 1's new strategy ``sigma_1^{t+1}``).

========= ======= ======================================= =========================== ============
algorithm ``w_t`` regrets after iteration t                strategy sum after it       updates
========= ======= ======================================= =========================== ============
cfr       1       ``R``                                   ``S``                       simultaneous
cfr+      t       ``max(R, 0)``                           ``S``                       alternating
lcfr      1       ``R t / (t + 1)``                       ``S t / (t + 1)``           alternating
dcfr      1       ``R+ t^a/(t^a + 1) + R- t^b/(t^b + 1)`` ``S (t / (t + 1))^g``       alternating
========= ======= ======================================= =========================== ============

(``R+`` and ``R-`` are the positive and negative entries of ``R``; the default of each row's
update scheme is shown, and only CFR+ refuses the other one.)

- **CFR** (Zinkevich et al. 2007): plain sums.
- **CFR+** (Tammelin 2014; Bowling et al. 2015): regret-matching+ floors the cumulative regrets at
  zero after every update, so an action that was bad for a long time recovers as soon as it is
  good; updates alternate; the average weights iteration t by t. Tammelin's paper also *delays* the
  average (weight ``max(t - d, 0)``); the library uses plain linear weights, ``d = 0``.
- **Linear CFR** (Brown and Sandholm 2019): iteration t's regrets and strategy count t times.
  Multiplying the sums by ``t / (t + 1)`` after iteration t is the same thing up to a positive
  factor, which neither regret matching nor the normalised average can see:
  ``sum_t r^t prod_{s=t}^{T} s / (s + 1) = sum_t t r^t / (T + 1)``.
- **Discounted CFR** (Brown and Sandholm 2019) discounts positive and negative regrets at different
  rates: with the paper's defaults ``alpha = 1.5, beta = 0, gamma = 2`` old positive regrets fade
  slowly, negative ones are halved every iteration, and the average weights iteration t like
  ``t^2``. Linear CFR is ``DCFR(1, 1, 1)``.

Update order. CFR defaults to simultaneous updates, as in Zinkevich et al. The others default to
alternating updates: CFR+ is defined with them, and Linear and Discounted CFR are measured against
CFR+, so with the same order the three differ only in how they weight and discount. Either order
may be chosen for every algorithm except CFR+.

Where the discount is applied. The discount of iteration t acts on the sums *after* iteration t's
contributions were added (as in OpenSpiel's ``discounted_cfr``), so the very first regrets are
already multiplied by ``1 / 2``. For DCFR that choice matters slightly, because whether an entry
counts as positive or negative depends on it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

import numpy as np

from lessons_lib.validation import check_choice, check_number

#: The two update schemes: every player from sigma^t, or player 1 first, player 2 after it, and
#: so on, each against the strategies the players before it have just updated.
UPDATE_SCHEMES = ("simultaneous", "alternating")

#: How iteration t's strategy enters the average strategy ``S(I, a)``: weighted by the player's
#: own reach, ``w_t pi_i(I) sigma^t(I, a)`` (CFR's rule, Zinkevich et al. 2007, the only correct
#: one), or ``w_t sigma^t(I, a)`` with no reach at all ("unweighted": wrong, a pitfall of
#: Chapter 4, :mod:`lessons_lib.cfr.pitfalls`).
AVERAGING = ("own reach", "unweighted")


def average_increment(
    weight: float, played: np.ndarray, strategy: np.ndarray, averaging: str
) -> np.ndarray:
    """What iteration t adds to the strategy sum ``S(I, .)``: ``w_t pi_i(I) sigma^t(I, .)``.

    ``played`` is ``pi_i(I) sigma^t(I, .)``, the player's own probability of reaching I and
    playing each action (a realisation plan's entries, or a range after the action); with
    ``averaging="unweighted"`` (the pitfall) the strategy alone is added instead. Every engine
    adds its average through this function.
    """
    if averaging == "own reach":
        return weight * played
    return weight * strategy


@lru_cache(maxsize=256)
def update_groups(updates: str, players: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Who learns together within one iteration, in order.

    Simultaneous updates: one group, every player, all against ``sigma^t``. Alternating updates:
    one group per player, in turn, so that player 2 learns against player 1's new strategy
    ``sigma_1^{t+1}``, player 3 against both new strategies, and so on.
    """
    check_choice(updates, UPDATE_SCHEMES, "updates")
    if updates == "simultaneous":
        return (tuple(players),)
    return tuple((player,) for player in players)


@dataclass(frozen=True)
class Variant:
    """The rules of one algorithm of the family; these defaults are plain CFR's."""

    #: The algorithm's name, as :func:`lessons_lib.cfr.solve` takes it.
    name: ClassVar[str] = "cfr"
    #: The algorithm's name in titles and text.
    title: ClassVar[str] = "CFR"
    #: The update scheme used when none is asked for.
    default_updates: ClassVar[str] = "simultaneous"
    #: The update schemes the algorithm is defined with.
    allowed_updates: ClassVar[tuple[str, ...]] = UPDATE_SCHEMES
    #: Whether :meth:`discount_regrets` leaves no negative regret (regret-matching+).
    floors_regrets: ClassVar[bool] = False

    def average_weight(self, t: int) -> float:
        """``w_t``: how much iteration t's strategy counts in the average, before discounting."""
        return 1.0

    def discount_regrets(self, regrets: np.ndarray, t: int) -> np.ndarray:
        """The cumulative regrets after iteration t, once its regrets have been added."""
        return regrets

    def discount_strategy_sum(self, strategy_sum: np.ndarray, t: int) -> np.ndarray:
        """The strategy sum after iteration t, once its contribution has been added."""
        return strategy_sum

    def parameters(self) -> dict[str, float]:
        """The variant's numeric parameters (none for CFR and CFR+)."""
        return {}


@dataclass(frozen=True)
class VanillaCFR(Variant):
    """CFR (Zinkevich et al. 2007): every iteration counts once, nothing is discounted."""

    name: ClassVar[str] = "cfr"


@dataclass(frozen=True)
class CFRPlus(Variant):
    """CFR+ (Tammelin 2014): regret-matching+, alternating updates, linear averaging ``w_t = t``."""

    name: ClassVar[str] = "cfr+"
    title: ClassVar[str] = "CFR+"
    default_updates: ClassVar[str] = "alternating"
    allowed_updates: ClassVar[tuple[str, ...]] = ("alternating",)
    floors_regrets: ClassVar[bool] = True

    def average_weight(self, t: int) -> float:
        return float(t)

    def discount_regrets(self, regrets: np.ndarray, t: int) -> np.ndarray:
        """Regret-matching+: ``R <- max(R, 0)`` after every update."""
        return np.maximum(regrets, 0.0)


@dataclass(frozen=True)
class DiscountedCFR(Variant):
    """Discounted CFR (Brown and Sandholm 2019) with parameters ``alpha``, ``beta``, ``gamma``.

    After iteration t, positive cumulative regrets are multiplied by ``t^alpha / (t^alpha + 1)``,
    negative ones by ``t^beta / (t^beta + 1)`` and the strategy sum by ``(t / (t + 1))^gamma``.
    Ranges: ``gamma >= 0``, or older iterations would weigh *more* than recent ones in the
    average; ``alpha >= 0``, so that the discount of positive regrets eases off over time (from
    1/2 towards 1) instead of growing harsher; ``beta`` may be any finite number
    (``beta -> -infinity`` approaches CFR+'s floor at zero).
    """

    name: ClassVar[str] = "dcfr"
    title: ClassVar[str] = "Discounted CFR"
    default_updates: ClassVar[str] = "alternating"

    alpha: float = 1.5
    beta: float = 0.0
    gamma: float = 2.0

    def __post_init__(self) -> None:
        for name in ("alpha", "beta", "gamma"):
            object.__setattr__(self, name, _finite_number(getattr(self, name), name))
        if self.alpha < 0:
            raise ValueError(f"alpha must be at least 0, got {self.alpha!r}")
        if self.gamma < 0:
            raise ValueError(f"gamma must be at least 0, got {self.gamma!r}")

    def discount_regrets(self, regrets: np.ndarray, t: int) -> np.ndarray:
        positive = power_discount(t, self.alpha)
        negative = power_discount(t, self.beta)
        if positive == negative:  # alpha = beta (Linear CFR): one factor for all
            return regrets * positive
        return regrets * np.where(regrets > 0, positive, negative)

    def discount_strategy_sum(self, strategy_sum: np.ndarray, t: int) -> np.ndarray:
        return strategy_sum * fraction_power(t / (t + 1), self.gamma)

    def parameters(self) -> dict[str, float]:
        return {"alpha": self.alpha, "beta": self.beta, "gamma": self.gamma}


@dataclass(frozen=True)
class LinearCFR(DiscountedCFR):
    """Linear CFR (Brown and Sandholm 2019): DCFR with ``alpha = beta = gamma = 1``."""

    # The same declarations as DiscountedCFR's, with Linear CFR's names and defaults: a subclass
    # of a dataclass states the fields whose defaults it changes.
    name: ClassVar[str] = "lcfr"
    title: ClassVar[str] = "Linear CFR"

    alpha: float = 1.0
    beta: float = 1.0
    gamma: float = 1.0

    def __post_init__(self) -> None:
        super().__post_init__()
        if (self.alpha, self.beta, self.gamma) != (1.0, 1.0, 1.0):
            raise ValueError("Linear CFR has alpha = beta = gamma = 1; use 'dcfr' for others")

    def parameters(self) -> dict[str, float]:
        return {}


#: Every algorithm by name.
VARIANTS: dict[str, type[Variant]] = {
    variant.name: variant for variant in (VanillaCFR, CFRPlus, LinearCFR, DiscountedCFR)
}


def variant_named(algorithm: str, **parameters: float) -> Variant:
    """The :class:`Variant` called ``algorithm``; only ``"dcfr"`` takes alpha, beta and gamma."""
    check_choice(algorithm, tuple(VARIANTS), "algorithm")
    if algorithm != DiscountedCFR.name and parameters:
        names = sorted(parameters)
        verb = "applies" if len(names) == 1 else "apply"
        raise ValueError(f"{', '.join(names)} {verb} only to 'dcfr', not to {algorithm!r}")
    return VARIANTS[algorithm](**parameters)


def fraction_power(x: float, exponent: float) -> float:
    """``x ** exponent``, correctly rounded for the exponents 1 and 2 (a product, the same bits on
    every machine); other exponents go through the C library's ``pow``, whose last bit may differ
    between C libraries."""
    if exponent == 1.0:
        return x
    if exponent == 2.0:
        return x * x
    return x**exponent


def power_discount(t: int, exponent: float) -> float:
    """``t^e / (t^e + 1)``, computed as ``1 / (1 + t^-e)`` so that no exponent overflows."""
    try:  # no check on the way of every iteration: a failure is translated instead
        x = float(exponent) * math.log(t)
    except (TypeError, ValueError, OverflowError) as error:
        raise ValueError(
            f"power_discount needs an iteration t >= 1 and a finite exponent, got t={t!r}, "
            f"exponent={exponent!r}"
        ) from error
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    small = math.exp(x)
    return small / (1.0 + small)


def _finite_number(value: object, name: str) -> float:
    """``value`` as a float, after checking it is a number (:mod:`lessons_lib.validation`)."""
    return check_number(value, name)
