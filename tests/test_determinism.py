"""The library's numbers are the same bits whatever BLAS kernel, thread count or SIMD level runs it.

Two checks:

1. Across machines, simulated: ``tests/fingerprints.py`` (every CFR variant on every engine, each
   MCCFR scheme with a seed, exact evaluation, simulation, matrix games, the LP) runs in
   subprocesses under ``OPENBLAS_CORETYPE`` = Prescott, Sandybridge, Haswell and unset, each with
   ``OPENBLAS_NUM_THREADS`` = 1 and 2, and once with numpy's own SIMD loops held to the x86-64-v2
   baseline (``NPY_DISABLE_CPU_FEATURES``); every fingerprint must agree.
2. By construction: no module of ``lessons_lib`` calls a dense product or a LAPACK routine (``@``,
   ``dot``, ``matmul``, ``einsum``, ``np.linalg``, ``polyfit``, ...), whose summation order is the
   BLAS library's (:mod:`lessons_lib.sums`).
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "fingerprints.py"
KERNELS = ("Prescott", "Sandybridge", "Haswell", None)  # None: OpenBLAS picks for the processor
THREADS = (1, 2)
#: numpy's dispatched SIMD targets on x86-64 above its baseline (x86-64-v2).
NUMPY_ABOVE_BASELINE = "X86_V3 X86_V4 AVX512_ICL AVX512_SPR"
#: The variables a setting controls; any the caller's environment has are dropped first.
MANAGED = ("OPENBLAS_CORETYPE", "OPENBLAS_NUM_THREADS", "NPY_DISABLE_CPU_FEATURES")
#: Names whose call goes through BLAS or LAPACK (as a function, a method or a module).
DENSE_PRODUCTS = {
    "dot",
    "vdot",
    "inner",
    "matmul",
    "matvec",
    "vecmat",
    "vecdot",
    "tensordot",
    "einsum",
    "linalg",
    "polyfit",
    "lstsq",
    "kron",
}


def settings() -> list[dict[str, str | None]]:
    """The environments to compare: every kernel with every thread count, and numpy's baseline."""
    chosen = [
        {"OPENBLAS_CORETYPE": kernel, "OPENBLAS_NUM_THREADS": str(threads)}
        for kernel in KERNELS
        for threads in THREADS
    ]
    baseline = {"OPENBLAS_CORETYPE": "Prescott", "OPENBLAS_NUM_THREADS": "1"}
    return [*chosen, baseline | {"NPY_DISABLE_CPU_FEATURES": NUMPY_ABOVE_BASELINE}]


def fingerprints_under(setting: dict[str, str | None]) -> dict[str, str]:
    """Run the fingerprint script in a fresh interpreter with ``setting`` (None: unset)."""
    environment = {key: value for key, value in os.environ.items() if key not in MANAGED}
    environment |= {key: value for key, value in setting.items() if value is not None}
    done = subprocess.run(
        [sys.executable, str(SCRIPT)],
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def runs() -> list[tuple[dict[str, str | None], dict[str, str]]]:
    chosen = settings()
    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(zip(chosen, pool.map(fingerprints_under, chosen), strict=True))


def test_every_fingerprint_is_the_same_under_every_kernel_and_thread_count(runs) -> None:
    (first_setting, reference), *others = runs
    assert len(reference) >= 30
    for setting, fingerprints in others:
        assert fingerprints.keys() == reference.keys()
        differ = sorted(name for name in reference if fingerprints[name] != reference[name])
        assert not differ, f"{setting} differs from {first_setting} in {differ}"


def test_the_fingerprints_cover_every_engine_algorithm_and_scheme(runs) -> None:
    from lessons_lib.cfr import ALGORITHMS
    from lessons_lib.mccfr import SCHEMES

    names = " | ".join(runs[0][1])
    for engine in ("public", "fast", "readable"):
        assert f" {engine}" in names
    for algorithm in ALGORITHMS:
        assert f"kuhn {algorithm} 2000 public" in names and f"kuhn {algorithm} 2000 fast" in names
    for scheme in SCHEMES:
        assert f"mccfr {scheme}" in names
    for word in ("evaluation", "simulate", "matrix games", "lp", "hold'em river"):
        assert word in names


def dense_products(source: str) -> list[str]:
    """Where ``source`` multiplies with ``@`` or names a BLAS or LAPACK routine."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, ast.MatMult):
            found.append(f"line {node.lineno}: @")
        elif isinstance(node, ast.Attribute) and node.attr in DENSE_PRODUCTS:
            found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.alias) and node.name.split(".")[-1] in DENSE_PRODUCTS:
            found.append(f"line {node.lineno}: import {node.name}")
    return found


def test_the_detector_finds_each_kind_of_dense_product() -> None:
    source = "import numpy.linalg\nx = a @ b\nx @= c\ny = a.dot(b)\nz = np.einsum('i,i', a, b)\n"
    assert len(dense_products(source)) == 5
    assert dense_products("y = np.sum(a * b, axis=1)\nz = np.bincount(i, w)\n") == []


@pytest.mark.parametrize(
    "module", sorted((ROOT / "lessons_lib").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_no_module_of_the_library_calls_a_dense_product(module: Path) -> None:
    assert dense_products(module.read_text(encoding="utf-8")) == []
