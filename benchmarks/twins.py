"""Time the static site's in-page demos (the twins) in headless Chromium, and weigh every page.

Targets (the static-site demos issue): every click answers within 100 ms; "Run to 20,000" on Kuhn
poker finishes within 1 s; no chapter page loads more than 2 MB of its own. The script reads the
built site (``make build`` first) with every other host blocked, and prints:

- ``per click``: for every control of every twin on every chapter page ("Run to 20,000" apart,
  which answers in chunks), the time from the click
  (or the change of a menu or slider) to the end of the page's answer, measured in the page with
  ``performance.now()`` (the twins answer synchronously, so the answer is complete when the event
  handler returns), the median and the slowest of several repeats;
- ``run to 20,000``: Chapter 4's training twin, for each algorithm, from the click to the status
  line's "Done" (it trains in chunks and redraws between them), median of three;
- ``page weight``: each chapter page's own bytes: its HTML (which carries the twins' data and the
  animations' frames) and the images it shows from ``_images``; the theme's and MathJax's files,
  which every page shares, are listed apart.

Run with ``make benchmarks``, or ``PYTHONPATH=book/_tools .venv/bin/python benchmarks/twins.py``.
"""

from __future__ import annotations

import re
import statistics
import sys
from pathlib import Path

from chromium import CHROMIUM, CHROMIUM_ARGS  # book/_tools, on PYTHONPATH (make benchmarks)
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "html"
REPEATS = 5
CLICK_TARGET_MS = 100.0
RUN_TARGET_S = 1.0
PAGE_TARGET_MB = 2.0

# Every control of every twin on the page, clicked (or changed) once; the time of each in ms.
TIME_CONTROLS = """() => {
  const times = [];
  for (const root of document.querySelectorAll(".book-twin")) {
    const controls = root.querySelectorAll("button, select, input[type=range]");
    for (const control of controls) {
      const label = (control.textContent || control.closest("label")?.textContent || "").trim();
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


def chapter_pages() -> list[Path]:
    return sorted((HTML / "notebooks").glob("[0-9][0-9]_*.html"))


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


def main() -> int:
    if not HTML.is_dir():
        print(f"the site is not built: {HTML} is missing (run `make build` first)")
        return 1
    failed = False
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1200, "height": 1000})
        context.route(
            "**/*",
            lambda route: (
                route.continue_()
                if route.request.url.startswith(("file://", "data:"))
                else route.abort("blockedbyclient")
            ),
        )
        print("per click (ms): twin, control, median, slowest")
        for path in chapter_pages():
            page = context.new_page()
            page.goto(path.as_uri())
            page.wait_for_timeout(500)
            if not page.locator(".book-twin").count():
                page.close()
                continue
            times: dict[tuple[str, str], list[float]] = {}
            for _ in range(REPEATS):
                for twin, label, ms in page.evaluate(TIME_CONTROLS):
                    times.setdefault((twin, label), []).append(ms)
            for (twin, label), values in times.items():
                slowest = max(values)
                failed |= slowest > CLICK_TARGET_MS
                print(f"  {twin:14} {label:30} {statistics.median(values):7.1f} {slowest:7.1f}")
            if page.locator('.book-twin[data-twin="cfr-training"]').count():
                print("run to 20,000 (s): algorithm, median of 3, slowest")
                for algorithm in ("cfr", "cfr+", "lcfr", "dcfr"):
                    runs = []
                    for _ in range(3):
                        runs.append(page.evaluate(RUN_TO, algorithm))
                    failed |= statistics.median(runs) > RUN_TARGET_S
                    print(f"  {algorithm:6} {statistics.median(runs):6.2f} {max(runs):6.2f}")
            page.close()
        browser.close()
    print("page weight (MB): page, its own (HTML and images), shared (theme, scripts)")
    for path in chapter_pages():
        own, shared = page_weight(path)
        failed |= own > PAGE_TARGET_MB * 1e6
        print(f"  {path.stem:28} {own / 1e6:6.2f} {shared / 1e6:6.2f}")
    print(
        f"targets: a click within {CLICK_TARGET_MS:.0f} ms, Run to 20,000 within "
        f"{RUN_TARGET_S:.0f} s, a page's own bytes within {PAGE_TARGET_MB:.0f} MB: "
        + ("MISSED" if failed else "met")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
