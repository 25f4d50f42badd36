"""Start JupyterLab from the book's environment for a check, and stop it afterwards.

Shared by the launch-path test (``tests/test_binder.py``) and the demo benchmark
(``benchmarks/cfr_demo.py``): a server on a free local port, with no token or password (it listens
on 127.0.0.1 only, for the length of one check), serving ``root_dir``.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(url: str, timeout: float = 60.0) -> None:
    """Wait until ``url`` answers (any HTTP answer), or raise after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@contextmanager
def jupyterlab(root_dir: Path, env: Mapping[str, str] | None = None) -> Iterator[str]:
    """JupyterLab serving ``root_dir`` while the block runs; yields its base URL."""
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            f"--port={port}",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            f"--ServerApp.root_dir={root_dir}",
            "--allow-root",  # CI and this machine run as root
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=None if env is None else dict(env),
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(f"{base}/api/status")
        yield base
    finally:
        server.terminate()
        server.wait(timeout=20)
