"""The twins' runtime (``book/_static/twins.js``): its one regret matching, its one loop and the
variants' discounts, called in Chromium and compared with the library's, bit for bit.

Every twin that learns goes through these: the normal-form twins' regret matchers and the CFR
twin's engine (tests/test_twin_self_play.py, test_twin_fixed_opponent.py, test_twin_play_bot.py
and test_twin_cfr_training.py drive them through the demos).
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from twin_harness import blank_page

from lessons_lib.core.engine import iterate
from lessons_lib.core.variants import UPDATE_SCHEMES, VARIANTS, variant_named
from lessons_lib.regret_matching import regret_matching
from lessons_lib.sums import Segments

#: The iterations the discounts are compared at: every one of the demo's run to 20,000.
ITERATIONS = 20_000


@pytest.fixture(scope="module")
def page(chromium, tmp_path_factory):
    page = blank_page(chromium, tmp_path_factory.mktemp("runtime"))
    yield page
    assert not page.errors, page.errors
    page.close()


def regret_vectors() -> list[list[float]]:
    """Regrets of every kind regret matching meets: one to 40 actions and a few wide ones, mixed
    signs over twelve orders of magnitude, none positive, ties, zeros, and sums that overflow."""
    rng = np.random.default_rng(21)
    sizes = [*range(1, 41), 64, 100, 257, 1_000]
    vectors = [rng.standard_normal(n) * 10.0 ** rng.uniform(-6, 6, n) for n in sizes]
    vectors += [-np.abs(v) for v in vectors[:10]]  # no positive regret: uniform
    vectors += [np.zeros(5), np.array([2.0, 2.0, 0.0, -1.0]), np.full(9, 1e-300)]
    vectors += [np.array([1.7e308, 1.7e308, -3.0]), rng.uniform(0.5, 1.0, 12) * 1e308]
    return [v.tolist() for v in vectors]


def test_regret_matching_is_the_library_s_to_the_bit(page) -> None:
    vectors = regret_vectors()
    shown = page.evaluate("(vectors) => vectors.map(BookTwins.regretMatching)", vectors)
    for regrets, strategy in zip(vectors, shown, strict=True):
        assert strategy == regret_matching(regrets).tolist(), regrets
    # The inputs tell the orders of summation apart: on some, numpy's pairwise sum (which the
    # library used before the sums over actions went through np.bincount) gives other bits.
    positive = [np.maximum(v, 0.0) for v in vectors if len(v) > 8]
    ordered = page.evaluate(
        "(vectors) => vectors.map(BookTwins.inOrder)", [v.tolist() for v in positive]
    )
    assert ordered == [Segments.of_widths([v.size]).sums(v)[0] for v in positive]
    assert any(total != float(np.add.reduce(v)) for total, v in zip(ordered, positive, strict=True))


def test_regret_matching_information_set_by_information_set(page) -> None:
    """One call of the library on a table cut into information sets (as the engines make it)
    gives, set by set, what the twin gives each set alone."""
    vectors = regret_vectors()[:40]
    table = np.concatenate(vectors)
    matched = regret_matching(table, Segments.of_widths([len(v) for v in vectors]))
    shown = page.evaluate("(vectors) => vectors.map(BookTwins.regretMatching)", vectors)
    assert np.concatenate(shown).tolist() == matched.tolist()


class Recorder:
    """A learner of :func:`iterate` that records what the loop asks of it, in order."""

    def __init__(self, players: tuple[int, ...]) -> None:
        self.players = players
        self.calls: list[list] = []

    def accumulate(self, group: tuple[int, ...], weight: float) -> None:
        self.calls.append(["accumulate", list(group), weight])

    def update(self, player: int, variant: object, t: int) -> None:
        self.calls.append(["update", player, t])


RECORD_IN_THE_PAGE = """([algorithm, updates, players, iterations]) => {
  const calls = [];
  const learner = {
    players,
    accumulate: (group, weight) => calls.push(["accumulate", group, weight]),
    update: (player, variant, t) => calls.push(["update", player, t]),
  };
  for (let t = 1; t <= iterations; t++) {
    BookTwins.iterate(learner, BookTwins.VARIANTS[algorithm], updates, t);
  }
  return calls;
}"""


@pytest.mark.parametrize("updates", UPDATE_SCHEMES)
@pytest.mark.parametrize("players", [(1, 2), (1, 2, 3)])
def test_the_loop_is_the_library_s(page, updates, players) -> None:
    """The same groups accumulate with the same weights, and the same players update after them,
    in the same order, as in ``lessons_lib.core.engine.iterate``."""
    for algorithm in VARIANTS:
        variant = variant_named(algorithm)
        if updates not in variant.allowed_updates:
            continue
        recorder = Recorder(players)
        for t in range(1, 4):
            iterate(recorder, variant, updates, t)
        shown = page.evaluate(RECORD_IN_THE_PAGE, [algorithm, updates, list(players), 3])
        assert shown == recorder.calls
    groups = page.evaluate(
        "([updates, players]) => BookTwins.updateGroups(updates, players)",
        [updates, list(players)],
    )
    assert groups == [list(players)] if updates == "simultaneous" else [[p] for p in players]


DISCOUNTS_IN_THE_PAGE = """([regrets, sums, last]) => {
  const rows = {};
  for (const [name, variant] of Object.entries(BookTwins.VARIANTS)) {
    rows[name] = [variant.updates, []];
    for (let t = 1; t <= last; t++) {
      const row = [variant.weight(t), ...variant.regrets(regrets, t), ...variant.sums(sums, t)];
      rows[name][1].push(row);
    }
  }
  return JSON.stringify(rows);
}"""


def test_the_variants_weights_and_discounts_are_the_library_s(page) -> None:
    """For every t of the demo's run: w_t, and the discounts of regrets of both signs and of a
    strategy sum, to the bit. Discounted CFR's discount of the sum, ``(t / (t + 1)) ** 2``, is the
    correctly rounded square in both (a product in the library, V8's power in the twin), also at
    the t where C's pow rounds otherwise (glibc 2.36: four t up to 20,000)."""
    regrets, sums = [3.0, -2.0, 0.0, 1e-3], [1.0, 0.25]  # the sums: the factor itself, a quarter
    # One JSON text, not 560,000 values one by one (JSON keeps every bit of a double).
    shown = json.loads(page.evaluate(DISCOUNTS_IN_THE_PAGE, [regrets, sums, ITERATIONS]))
    assert set(shown) == set(VARIANTS)
    for name, (updates, rows) in shown.items():
        variant = variant_named(name)
        assert updates == variant.default_updates
        for t, row in enumerate(rows, 1):
            weight = variant.average_weight(t)
            discounted = variant.discount_regrets(np.array(regrets), t).tolist()
            summed = variant.discount_strategy_sum(np.array(sums), t).tolist()
            assert row == [weight, *discounted, *summed], (name, t)
    misrounded = [
        t for t in range(1, ITERATIONS + 1) if (t / (t + 1)) ** 2.0 != (t / (t + 1)) * (t / (t + 1))
    ]
    assert misrounded  # the case the product guards against does occur here
