"""Time the CFR training demo's "Run to 20,000" end to end (target: under 1 second).

What a reader waits for after clicking the button in a live kernel: the app trains in chunks and
redraws its plot, its table and its status after every chunk, yielding to the event loop in
between. The script times that three ways, for every algorithm, from the click to the end of the
last redraw:

- ``button``: the click inside a running asyncio event loop (as ipykernel runs one), awaiting the
  run; it also reports how the time splits between training (including the exact exploitability
  measured at every checkpoint) and redrawing, and how many redraws there were;
- ``run_to``: ``app.run_to(20_000)``, the same training with one redraw at the end (what a script
  or a test calls);
- ``kernel``: the click in a real ipykernel, started for the purpose, so the widget messages are
  really sent (to no front end: only the kernel's side of the work is timed);
- ``browser``: what a reader sees: JupyterLab, started for the purpose, runs a notebook with the
  demo in headless Chromium, which clicks the button and waits until the status line says
  "Done". Browser, server and kernel share the machine's two cores, as they do for a reader who
  runs the book locally.

Each figure is the best and the median of several repeats, since other processes may share the
machine. Run with ``make benchmarks``, or on its own with
``PYTHONPATH=book/_tools .venv/bin/python benchmarks/cfr_demo.py``.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import nbformat
from chromium import CHROMIUM, CHROMIUM_ARGS  # book/_tools, on PYTHONPATH (make benchmarks)
from jupyter_client.manager import start_new_kernel
from lab_server import jupyterlab  # book/_tools
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from lessons_lib.cfr import ALGORITHMS, variant_named
from lessons_lib.widgets import cfr_training

TARGET_SECONDS = 1.0
REPEATS = 5
KERNEL_REPEATS = 3
BROWSER_REPEATS = 3
#: Where the browser run leaves a screenshot if the demo never shows.
FAILURE_SCREENSHOT = Path("_build") / "cfr_demo_failure.png"
#: In the page: from the next click (captured before any handler) to the first frame at which the
#: app's status line says the run is done, in seconds, stored in ``window.demoSeconds``.
TIME_NEXT_RUN = """() => {
    window.demoSeconds = null;
    document.addEventListener('click', () => {
        const start = performance.now();
        const status = () => document.querySelector('.widget-html-content').innerText;
        const check = () => status().includes('Done:')
            ? (window.demoSeconds = (performance.now() - start) / 1000)
            : requestAnimationFrame(check);
        check();
    }, {capture: true, once: true});
}"""


def timed(function: Callable, spent: list[float]) -> Callable:
    """``function``, adding the seconds of each call to ``spent``."""

    def wrapper(*args: object, **kwargs: object) -> object:
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            spent.append(time.perf_counter() - start)

    return wrapper


def button_run(algorithm: str) -> tuple[float, float, float, int]:
    """(total, training, redrawing, redraws) of one click on "Run to 20,000" in an event loop."""
    app = cfr_training()
    app.controls["algorithm"].value = algorithm
    training: list[float] = []
    redrawing: list[float] = []
    app.result.train = timed(app.result.train, training)
    app.refresh = timed(app.refresh, redrawing)

    async def click_and_wait() -> float:
        start = time.perf_counter()
        app.buttons["run"].click()
        await app._task
        return time.perf_counter() - start

    total = asyncio.run(click_and_wait())
    assert app.iterations == app.target, app.status.value
    return total, sum(training), sum(redrawing), len(redrawing)


def run_to(algorithm: str) -> float:
    app = cfr_training()
    app.controls["algorithm"].value = algorithm
    start = time.perf_counter()
    app.run_to(app.target)
    return time.perf_counter() - start


KERNEL_CODE = """
import time
from lessons_lib.widgets import cfr_training
app = cfr_training()
app.controls["algorithm"].value = {algorithm!r}
start = time.perf_counter()
app.buttons["run"].click()
await app._task
assert app.iterations == app.target
print(time.perf_counter() - start)
"""


def kernel_runs(algorithm: str, repeats: int) -> list[float]:
    """Seconds of the click in a real ipykernel, awaited with a top-level ``await``."""
    manager, client = start_new_kernel(kernel_name="python3")
    try:
        return [_kernel_seconds(client, algorithm) for _ in range(repeats)]
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def _kernel_seconds(client: object, algorithm: str) -> float:
    printed: list[str] = []

    def collect(message: dict) -> None:
        content = message["content"]
        if message["msg_type"] == "stream":
            printed.append(content["text"])
        elif message["msg_type"] == "error":
            raise RuntimeError("\n".join(content["traceback"]))

    code = KERNEL_CODE.format(algorithm=algorithm)
    client.execute_interactive(code, timeout=120, output_hook=collect)
    return float("".join(printed).split()[-1])


def browser_runs(algorithms: tuple[str, ...], repeats: int) -> dict[str, list[float]]:
    """Seconds from the click to "Done" in JupyterLab in headless Chromium, per algorithm."""
    with tempfile.TemporaryDirectory() as folder:
        notebook = nbformat.v4.new_notebook()
        notebook.cells = [
            nbformat.v4.new_code_cell("from lessons_lib import widgets\nwidgets.cfr_training()")
        ]
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        nbformat.write(notebook, Path(folder) / "demo.ipynb")
        with jupyterlab(Path(folder)) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(f"{base}/lab/tree/demo.ipynb")
            page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
            # The kernel's status is announced in a hidden element: wait until it is idle.
            page.wait_for_selector("text=Kernel status: Idle", state="attached", timeout=60_000)
            _run_all_cells(page)
            seconds: dict[str, list[float]] = {algorithm: [] for algorithm in algorithms}
            for _ in range(repeats):
                for algorithm in algorithms:
                    page.select_option(".widget-dropdown select", algorithm)
                    title = variant_named(algorithm).title  # the status names it by its title
                    page.wait_for_selector(f"text={title}: no iterations yet")
                    time.sleep(0.5)  # let the front end settle
                    page.evaluate(TIME_NEXT_RUN)
                    page.click("button:has-text('Run to 20,000')")
                    page.wait_for_function("window.demoSeconds !== null", timeout=60_000)
                    seconds[algorithm].append(page.evaluate("window.demoSeconds"))
                    page.click("button:has-text('Reset')")
            browser.close()
            return seconds


def _run_all_cells(page: object, attempts: int = 3) -> None:
    """Run the notebook from JupyterLab's Run menu until the demo's buttons show."""
    for attempt in range(attempts):
        page.click("text=Run")  # the menu
        page.click("text=Run All Cells")
        try:
            page.wait_for_selector("button:has-text('Run to 20,000')", timeout=30_000)
            return
        except PlaywrightTimeout:
            if attempt == attempts - 1:
                FAILURE_SCREENSHOT.parent.mkdir(exist_ok=True)
                page.screenshot(path=str(FAILURE_SCREENSHOT))
                raise RuntimeError(f"the demo did not show (see {FAILURE_SCREENSHOT})") from None


def summary(seconds: list[float]) -> str:
    return f"best {min(seconds):.3f} s, median {statistics.median(seconds):.3f} s"


def main() -> None:
    run_to(ALGORITHMS[0])  # warm up: imports, the game tree, fonts
    print(f'"Run to 20,000" on Kuhn poker, best and median of {REPEATS}:')
    slowest = {}
    for algorithm in ALGORITHMS:
        runs = [button_run(algorithm) for _ in range(REPEATS)]
        totals = [run[0] for run in runs]
        best = min(runs)
        direct = [run_to(algorithm) for _ in range(REPEATS)]
        slowest["in an event loop"] = max(
            slowest.get("in an event loop", 0), statistics.median(totals)
        )
        print(
            f"  {algorithm:>5}  button {summary(totals)} (best: {best[1]:.3f} s training, "
            f"{best[2]:.3f} s in {best[3]} redraws); run_to {summary(direct)}"
        )
    print(f"In a real ipykernel, best and median of {KERNEL_REPEATS}:")
    for algorithm in ALGORITHMS:
        seconds = kernel_runs(algorithm, KERNEL_REPEATS)
        slowest["in ipykernel"] = max(slowest.get("in ipykernel", 0), statistics.median(seconds))
        print(f"  {algorithm:>5}  button {summary(seconds)}")
    print(f"In JupyterLab in headless Chromium, best and median of {BROWSER_REPEATS}:")
    for algorithm, seconds in browser_runs(ALGORITHMS, BROWSER_REPEATS).items():
        slowest["in the browser"] = max(
            slowest.get("in the browser", 0), statistics.median(seconds)
        )
        print(f"  {algorithm:>5}  button {summary(seconds)}")
    print(f"The slowest algorithm's median against the {TARGET_SECONDS:.0f} s target:")
    for setting, seconds in slowest.items():
        verdict = "within" if seconds < TARGET_SECONDS else "OVER"
        print(f"  {setting:<17} {seconds:.3f} s ({verdict})")


if __name__ == "__main__":
    main()
