"""The library's numbers are the same bits whatever BLAS kernel, thread count or SIMD level runs it.

Three checks:

1. Across machines, simulated: ``tests/fingerprints.py`` (every CFR variant on every engine, each
   MCCFR scheme with a seed, the games of three players and of general sum, exact evaluation,
   simulation, matrix games, the LP, the river) runs in subprocesses under ``OPENBLAS_CORETYPE`` =
   Prescott, Sandybridge, Haswell and unset, with ``OPENBLAS_NUM_THREADS`` = 1 (and 2 once), and
   once with numpy's own SIMD loops held to the x86-64-v2 baseline (``NPY_DISABLE_CPU_FEATURES``);
   every fingerprint must agree.
2. Against golden values: every one of those runs must also equal the fingerprints stored in
   ``tests/fingerprints.json`` (``python tests/fingerprints.py --write`` after a deliberate change).
3. By construction: no module that promises the same bits (``lessons_lib.SAME_BITS``) calls a dense
   product or a LAPACK routine (``@``, ``dot``, ``matmul``, ``einsum``, ``np.linalg``,
   ``polyfit``, ...), whose summation order is the BLAS library's (:mod:`lessons_lib.sums`); any
   other module says in its docstring what it promises instead.
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

import lessons_lib

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
    """The environments to compare: every kernel with one thread, one with two threads (the
    library calls no BLAS routine, so threads cannot matter; one run checks it), and numpy's
    baseline."""
    chosen = [{"OPENBLAS_CORETYPE": kernel, "OPENBLAS_NUM_THREADS": "1"} for kernel in KERNELS]
    chosen.append({"OPENBLAS_CORETYPE": "Haswell", "OPENBLAS_NUM_THREADS": str(THREADS[-1])})
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


def test_every_fingerprint_is_the_golden_one(runs) -> None:
    golden = json.loads((ROOT / "tests" / "fingerprints.json").read_text(encoding="utf-8"))
    for setting, fingerprints in runs:
        assert fingerprints.keys() == golden.keys()
        differ = sorted(name for name in golden if fingerprints[name] != golden[name])
        assert not differ, (
            f"{setting} computes other numbers than the golden fingerprints in {differ}: if the "
            "library's numbers changed on purpose, `python tests/fingerprints.py --write` and say "
            "why in the commit"
        )


def test_the_fingerprints_cover_every_engine_algorithm_and_scheme(runs) -> None:
    from lessons_lib.cfr import ENGINES, VARIANTS
    from lessons_lib.mccfr import SCHEMES

    names = " | ".join(runs[0][1])
    for engine in ENGINES:
        assert f" {engine}" in names
    for algorithm in VARIANTS:
        assert f"kuhn {algorithm} 2000 public-tree" in names
        assert f"kuhn {algorithm} 2000 sequence-form" in names
    for scheme in SCHEMES:
        assert f"mccfr {scheme}" in names
    for word in ("evaluation", "simulate", "matrix games", "lp", "hold'em river", "three-player"):
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


def module_name(path: Path) -> str:
    """The dotted name of a library module relative to ``lessons_lib`` (a package's by its name)."""
    parts = path.relative_to(ROOT / "lessons_lib").with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def promises_same_bits(name: str, same_bits: tuple[str, ...]) -> bool:
    """Whether the module ``name`` is covered by ``same_bits`` (itself or a package above it)."""
    return any(name == entry or name.startswith(f"{entry}.") for entry in same_bits)


def test_the_list_covers_modules_and_their_packages() -> None:
    assert promises_same_bits("cfr.public_tree", ("cfr",))
    assert promises_same_bits("cfr", ("cfr",))
    assert not promises_same_bits("cfr_neural", ("cfr",))  # a prefix of the name is not a package
    assert not promises_same_bits("learning.network", ("cfr", "core"))


MODULES = sorted((ROOT / "lessons_lib").rglob("*.py"))


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_module_promising_the_same_bits_calls_no_dense_product(module: Path) -> None:
    name = module_name(module)
    source = module.read_text(encoding="utf-8")
    if not name or promises_same_bits(name, lessons_lib.SAME_BITS):  # the root holds no code
        assert dense_products(source) == []
    else:
        docstring = ast.get_docstring(ast.parse(source)) or ""
        assert "\nDeterminism:" in f"\n{docstring}", (
            f"lessons_lib.{name} is not in lessons_lib.SAME_BITS, so its docstring must say, in a "
            "paragraph starting 'Determinism:', what it promises instead"
        )
