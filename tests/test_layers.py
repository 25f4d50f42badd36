"""The library's layers (``lessons_lib.LAYERS``): no module imports from a layer above its own, and
no chain of imports goes round in a cycle.

The imports are read from the source with ``ast`` (every ``import`` and ``from ... import``
anywhere in a module, inside functions too), so the check sees what a module *names*, not what
happens to be loaded when it runs.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import lessons_lib

PACKAGE = Path(lessons_lib.__file__).parent


def module_names() -> dict[str, Path]:
    """Every module of the library by dotted name relative to ``lessons_lib`` (a package's
    ``__init__`` by the package's name)."""
    names = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts:
            names[".".join(parts)] = path
    return names


MODULES = module_names()


def layer_of(name: str) -> int:
    """The layer a module is in: the one that lists it, or its closest package listed."""
    for candidate in (name, *(name.rsplit(".", k)[0] for k in range(1, name.count(".") + 1))):
        for number, layer in enumerate(lessons_lib.LAYERS):
            if candidate in layer:
                return number
    raise AssertionError(f"lessons_lib.{name} is in no layer of lessons_lib.LAYERS")


def imports_of(name: str) -> set[str]:
    """The library modules ``name`` imports (relative names; ``from a import b`` imports ``a.b``
    when ``b`` is a module, else ``a``)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))  # inside functions too
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            targets = [
                f"{node.module}.{alias.name}"
                if f"{node.module}.{alias.name}".removeprefix("lessons_lib.") in MODULES
                else node.module
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            if target.startswith("lessons_lib."):
                found.add(target.removeprefix("lessons_lib."))
    return found - {name}


def test_every_module_is_in_a_layer() -> None:
    for name in MODULES:
        layer_of(name)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_imports_from_a_layer_above_it(name: str) -> None:
    own = layer_of(name)
    above = {other: layer_of(other) for other in imports_of(name) if layer_of(other) > own}
    assert not above, f"lessons_lib.{name} (layer {own}) imports from layers above it: {above}"


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (each node to the nodes it imports) as a list of nodes that starts and
    ends with the same node, or None if there is none (depth-first search)."""
    state: dict[str, str] = {}  # "open" while on the current path, "done" after

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = "open"
        for other in sorted(graph.get(node, ())):
            if state.get(other) == "open":
                return [*path[path.index(other) :], other]
            if other not in state:
                found = visit(other, [*path, other])
                if found:
                    return found
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node, [node])
            if found:
                return found
    return None


def test_no_imports_go_round_in_a_cycle() -> None:
    cycle = find_cycle({name: imports_of(name) for name in MODULES})
    assert cycle is None, f"an import cycle: {' -> '.join(cycle)}"


def test_the_cycle_search_finds_cycles_and_only_cycles() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None  # a diamond
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"x": {"a"}, "a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]


def test_the_import_reader_sees_function_level_imports() -> None:
    # cfr.readable imports the engine protocol at the top; a layer number orders the layers.
    assert "core.engine" in imports_of("cfr.readable")
    assert "games.base" in imports_of("core.engine")
    assert layer_of("cfr.solver") > layer_of("core.engine") > layer_of("games.base")
    assert layer_of("mccfr.walk") == layer_of("mccfr") == layer_of("cfr.public_tree")
