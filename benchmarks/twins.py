"""Time the static site's in-page demos (the twins) in headless Chromium, and weigh every page.

Targets (the static-site demos issue): every click answers within 100 ms; "Run to 20,000" on Kuhn
poker finishes within 1 s; no chapter page loads more than 2 MB of its own. The twins are timed on
pages that each hold one demo, made from the library's apps as the chapters make them (the page of
``tests/twin_harness.py``: the site's scripts and styles and the app's data, nothing else; every
other host is blocked), so no build is needed for the times. The script prints:

- ``per click``: for every control of every twin ("Run to 20,000" apart, which answers in chunks),
  the time from the click (or the change of a menu or slider) to the end of the page's answer,
  measured in the page with ``performance.now()`` (the twins answer synchronously, so the answer
  is complete when the event handler returns), the median and the slowest of several repeats;
- ``run to 20,000``: Chapter 4's training twin, for each algorithm, from the click to the status
  line's "Done" (it trains in chunks and redraws between them), median of three;
- ``page weight``: each chapter page's own bytes: its HTML (which carries the twins' data and the
  animations' frames) and the images it shows from ``_images``; the theme's and MathJax's files,
  which every page shares, are listed apart. This part reads the built site (``make build``) and
  is left out, with a note, when there is none.

Run with ``make benchmarks``, or ``PYTHONPATH=book/_tools .venv/bin/python benchmarks/twins.py``.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from chromium import CHROMIUM, CHROMIUM_ARGS  # book/_tools, on PYTHONPATH (make benchmarks)
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the tests' page of one twin
from twin_harness import offline_page, twin_page  # noqa: E402

from lessons_lib import widgets  # noqa: E402
from lessons_lib.games import KuhnPoker  # noqa: E402
from lessons_lib.holdem import RiverGame, solve_river  # noqa: E402
from lessons_lib.widgets.river import summarise  # noqa: E402

HTML = ROOT / "_build" / "html"
REPEATS = 5
CLICK_TARGET_MS = 100.0
RUN_TARGET_S = 1.0
PAGE_TARGET_MB = 2.0
#: Chapter 9's river with its bet menu, narrower ranges, solved roughly (1% of the pot): the twin's
#: data has the full size anyway (every class at every decision node).
RIVER = ("KsQd7h4c2s", ("QQ+,AK,A5s-A2s,KQ,T8s,65s", "JJ-88,AQ,KJ,QTs,T9s"))


def demos() -> dict[str, Callable[[], object]]:
    """Every live demo of the book with a twin, by twin name, made as its chapter makes it."""
    game = KuhnPoker()
    queen, king = (game.cards.index(card) for card in "QK")
    board, ranges = RIVER
    return {
        "self-play": widgets.self_play_explorer,
        "fixed-opponent": widgets.fixed_opponent_explorer,
        "play-bot": lambda: widgets.play_against_bot(seed=0),
        "game-tree": lambda: widgets.game_tree_explorer(game, deal=(queen, king), actions="pb"),
        "counterfactual": widgets.counterfactual_explorer,
        "cfr-training": widgets.cfr_training,
        "family": widgets.family_explorer,
        "play-kuhn": lambda: widgets.play_against_equilibrium(alpha=1 / 6, seed=0),
        "river": lambda: widgets.river_explorer(
            summarise(solve_river(RiverGame(board, ranges, pot=10.0, stack=40.0), "dcfr", 1.0)[0])
        ),
    }


# Every control of the twin on the page, clicked (or changed) once; the time of each in ms.
TIME_CONTROLS = """() => {
  const times = [];
  for (const root of document.querySelectorAll(".book-twin")) {
    const controls = root.querySelectorAll("button, select, input[type=range]");
    for (const control of controls) {
      // a button's text, or the words of a menu's or slider's label (not its changing value)
      const named = control.tagName === "BUTTON" ? control : control.closest("label")?.firstChild;
      const label = (named?.textContent || "").trim();
      if (control.disabled || label.startsWith("Run to")) continue;
      const start = performance.now();
      if (control.tagName === "BUTTON") control.click();
      else {
        const [low, high] = [Number(control.min), Number(control.max)];
        if (control.tagName === "SELECT") {
          control.selectedIndex = (control.selectedIndex + 1) % control.options.length;
        } else control.value = String(low + (high - low) * Math.random());
        control.dispatchEvent(new Event(control.tagName === "SELECT" ? "change" : "input"));
      }
      times.push([root.dataset.twin, label.slice(0, 30), performance.now() - start]);
    }
  }
  return times;
}"""

RUN_TO = """async (algorithm) => {
  const root = document.querySelector('.book-twin[data-twin="cfr-training"]');
  const menu = root.querySelector("select");
  menu.value = algorithm;
  menu.dispatchEvent(new Event("change"));
  const run = [...root.querySelectorAll("button")].find((b) => b.textContent.startsWith("Run to"));
  const start = performance.now();
  run.click();
  while (root.twin.state().running || root.twin.state().iterations < 20000) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return (performance.now() - start) / 1000;
}"""


def time_twins(browser, directory: Path) -> bool:
    """Print the times of every twin's controls and of the training twin's runs; whether a time
    missed its target."""
    missed = False
    print("per click (ms): twin, control, median, slowest")
    for name, make in demos().items():
        page = offline_page(browser, twin_page(make(), directory), {"width": 1200, "height": 1000})
        page.wait_for_function("() => document.querySelector('.book-twin').twin !== undefined")
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(REPEATS):
            for twin, label, ms in page.evaluate(TIME_CONTROLS):
                times.setdefault((twin, label), []).append(ms)
        for (twin, label), values in times.items():
            missed |= max(values) > CLICK_TARGET_MS
            print(f"  {twin:14} {label:30} {statistics.median(values):7.1f} {max(values):7.1f}")
        if name == "cfr-training":
            print("run to 20,000 (s): algorithm, median of 3, slowest")
            for algorithm in ("cfr", "cfr+", "lcfr", "dcfr"):
                runs = [page.evaluate(RUN_TO, algorithm) for _ in range(3)]
                missed |= statistics.median(runs) > RUN_TARGET_S
                print(f"  {algorithm:6} {statistics.median(runs):6.2f} {max(runs):6.2f}")
        if page.errors:
            raise RuntimeError(f"the twin {name} raised {page.errors}")
        page.close()
    return missed


def page_weight(page: Path) -> tuple[int, int]:
    """(own bytes, shared bytes) of a built page: its HTML and images; its scripts and styles."""
    text = page.read_text()
    own = page.stat().st_size
    for source in set(re.findall(r'<img[^>]+src="(\.\./_images/[^"]+)"', text)):
        own += (page.parent / source).resolve().stat().st_size
    shared = 0
    for source in set(re.findall(r'(?:src|href)="(\.\./_static/[^"?]+)', text)):
        path = (page.parent / source).resolve()
        if path.is_file():
            shared += path.stat().st_size
    return own, shared


def weigh_pages() -> bool:
    """Print each built chapter page's weight; whether one missed its target."""
    pages = sorted((HTML / "notebooks").glob("[0-9][0-9]_*.html"))
    if not pages:
        print(f"page weight: no built site at {HTML} (run `make build` first); left out")
        return False
    missed = False
    print("page weight (MB): page, its own (HTML and images), shared (theme, scripts)")
    for path in pages:
        own, shared = page_weight(path)
        missed |= own > PAGE_TARGET_MB * 1e6
        print(f"  {path.stem:28} {own / 1e6:6.2f} {shared / 1e6:6.2f}")
    return missed


def main() -> int:
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as directory:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        missed = time_twins(browser, Path(directory))
        browser.close()
    missed |= weigh_pages()
    print(
        f"targets: a click within {CLICK_TARGET_MS:.0f} ms, Run to 20,000 within "
        f"{RUN_TARGET_S:.0f} s, a page's own bytes within {PAGE_TARGET_MB:.0f} MB: "
        + ("MISSED" if missed else "met")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
