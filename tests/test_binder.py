"""The live route: Binder's environment (binder/), the launch path of every chapter, and the
repository setting that turns the launch buttons on (book/_ext/repository.py)."""

from __future__ import annotations

import ast
import importlib.metadata
import sys
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

import jupytext
import pytest
import yaml
from lab_server import jupyterlab  # book/_tools (pyproject.toml: pythonpath)

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.md"))
#: What reading and running a chapter does not need.
BUILD_AND_TEST_TOOLS = {"jupyter-book", "pytest", "nbval", "playwright", "ruff", "hypothesis"}


def pins(path: Path) -> dict[str, str]:
    """``{normalised name: version}`` of the ``name==version`` lines of a requirements file."""
    found = {}
    for line in path.read_text().splitlines():
        line = line.split("#")[0].strip()
        if "==" in line:
            name, version = line.split("==")
            found[name.strip().lower().replace("_", "-")] = version.strip()
    return found


BINDER_PINS = pins(BINDER / "requirements.txt")


def test_binder_pins_the_versions_the_book_is_tested_with() -> None:
    book = pins(ROOT / "requirements.txt")
    assert len(BINDER_PINS) > 50  # the whole closure, not just the top level
    different = {
        name: (v, book.get(name)) for name, v in BINDER_PINS.items() if book.get(name) != v
    }
    assert not different, f"binder/requirements.txt differs from requirements.txt: {different}"


def test_binder_installs_what_the_chapters_need_and_no_build_tools() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    needed = {name.lower() for name in project["dependencies"]}
    needed |= {"jupyterlab", "ipykernel", "ipywidgets", "jupytext"}
    assert needed <= set(BINDER_PINS), needed - set(BINDER_PINS)
    assert not BUILD_AND_TEST_TOOLS & set(BINDER_PINS)
    assert "-e ." in (BINDER / "postBuild").read_text()  # the library itself


def test_binder_runs_the_python_the_book_is_tested_with() -> None:
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert runtime == f"python-{sys.version_info.major}.{sys.version_info.minor}" == "python-3.11"


def distribution_of(module: str) -> set[str]:
    """The distributions that provide a top-level module (empty for the standard library)."""
    if module in sys.stdlib_module_names:
        return set()
    return {d.lower() for d in importlib.metadata.packages_distributions().get(module, [module])}


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda path: path.stem)
def test_a_chapter_imports_only_what_binder_installs(chapter: Path) -> None:
    notebook = jupytext.read(chapter, fmt="md:myst")
    modules = set()
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Import):
                modules |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                modules.add(node.module.split(".")[0])
    modules.discard("lessons_lib")  # installed by binder/postBuild
    missing = {m for m in modules if not distribution_of(m) <= set(BINDER_PINS)}
    assert not missing, f"{chapter.name} imports {missing}, which Binder does not install"


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_every_chapter_opens_at_its_launch_path_in_jupyterlab(tmp_path: Path) -> None:
    """The launch buttons open lab/tree/<chapter>.ipynb (``notebook_interface: jupyterlab``)."""
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    assert config["launch_buttons"]["notebook_interface"] == "jupyterlab"
    isolated = {
        "JUPYTER_CONFIG_DIR": str(tmp_path),
        "JUPYTER_RUNTIME_DIR": str(tmp_path),
        "PATH": str(Path(sys.executable).parent),
        "HOME": str(tmp_path),
    }
    with jupyterlab(ROOT, env=isolated) as base:
        for chapter in CHAPTERS:
            path = chapter.relative_to(ROOT).with_suffix(".ipynb").as_posix()
            assert status_of(f"{base}/lab/tree/{path}") == 200, path
            assert status_of(f"{base}/api/contents/{path}") == 200, path
        # The classic interface's path is what a launch button without the setting would open.
        assert status_of(f"{base}/tree/{path}") == 404


def test_without_a_repository_address_no_button_links_anywhere() -> None:
    sys.path.insert(0, str(ROOT / "book" / "_ext"))
    from repository import repository_buttons

    options = {
        "repository_url": "",
        "launch_buttons": {
            "binderhub_url": "https://mybinder.org",
            "notebook_interface": "jupyterlab",
        },
    }
    assert repository_buttons(options) == {
        "repository_url": "",
        "use_repository_button": False,
        "launch_buttons": {"notebook_interface": "jupyterlab"},
    }
    options["repository_url"] = "https://github.com/owner/cfr-book"
    turned_on = repository_buttons(options)
    assert turned_on["use_repository_button"] is True
    assert turned_on["launch_buttons"]["binderhub_url"] == "https://mybinder.org"
