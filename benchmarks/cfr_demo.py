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
  really sent (to no front end: only the kernel's side of the work is timed).

Each figure is the best and the median of several repeats, since other processes may share the
machine. Run with ``.venv/bin/python benchmarks/cfr_demo.py``.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable

from jupyter_client.manager import start_new_kernel

from lessons_lib.cfr import ALGORITHMS
from lessons_lib.widgets import cfr_training

TARGET_SECONDS = 1.0
REPEATS = 5
KERNEL_REPEATS = 3


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


def summary(seconds: list[float]) -> str:
    return f"best {min(seconds):.3f} s, median {statistics.median(seconds):.3f} s"


def main() -> None:
    run_to(ALGORITHMS[0])  # warm up: imports, the game tree, fonts
    print(f'"Run to 20,000" on Kuhn poker, best and median of {REPEATS}:')
    worst_median = 0.0
    for algorithm in ALGORITHMS:
        runs = [button_run(algorithm) for _ in range(REPEATS)]
        totals = [run[0] for run in runs]
        best = min(runs)
        worst_median = max(worst_median, statistics.median(totals))
        direct = [run_to(algorithm) for _ in range(REPEATS)]
        print(
            f"  {algorithm:>5}  button {summary(totals)} (best: {best[1]:.3f} s training, "
            f"{best[2]:.3f} s in {best[3]} redraws); run_to {summary(direct)}"
        )
    print(f"In a real ipykernel, best and median of {KERNEL_REPEATS}:")
    for algorithm in ALGORITHMS:
        seconds = kernel_runs(algorithm, KERNEL_REPEATS)
        worst_median = max(worst_median, statistics.median(seconds))
        print(f"  {algorithm:>5}  button {summary(seconds)}")
    verdict = "within" if worst_median < TARGET_SECONDS else "OVER"
    print(f"Largest median: {worst_median:.3f} s ({verdict} the {TARGET_SECONDS:.0f} s target)")


if __name__ == "__main__":
    main()
