"""Each chapter is a MyST Markdown source paired with its executed notebook, and the two agree.

The book is built from ``notebooks/NN_topic.md``; strict nbval checks ``notebooks/NN_topic.ipynb``.
These tests make sure they are the same chapter (``make notebooks`` re-executes a changed source),
and that the executed notebooks hold nothing that changes from run to run.
"""

from __future__ import annotations

import re
from pathlib import Path

import chapters  # book/_tools (pyproject.toml: pythonpath)
import nbformat
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]

SOURCES = chapters.sources()


def toc_files() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return [entry["file"] for part in toc["parts"] for entry in part["chapters"]]


def test_every_chapter_of_the_book_has_a_markdown_source_and_a_notebook() -> None:
    chapter_files = [name for name in toc_files() if name.startswith("notebooks/")]
    assert len(chapter_files) >= 8
    assert [f"notebooks/{source.stem}" for source in SOURCES] == chapter_files
    for source in SOURCES:
        assert chapters.paired(source).exists(), source.name


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: path.stem)
def test_the_executed_notebook_has_exactly_the_cells_of_its_source(source: Path) -> None:
    assert chapters.disagreements(source) == []


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: path.stem)
def test_the_source_is_a_paired_myst_notebook(source: Path) -> None:
    header = source.read_text(encoding="utf-8").split("---\n")[1]
    metadata = yaml.safe_load(header)
    assert metadata["jupytext"]["formats"] == "ipynb,md:myst"
    assert metadata["kernelspec"]["name"] == "python3"
    notebook = nbformat.read(chapters.paired(source), as_version=4)
    assert notebook.metadata["jupytext"]["formats"] == "ipynb,md:myst"


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: path.stem)
def test_the_executed_notebook_holds_nothing_that_changes_from_run_to_run(source: Path) -> None:
    notebook = nbformat.read(chapters.paired(source), as_version=4)
    assert "version" not in notebook.metadata.get("language_info", {})
    for number, cell in enumerate(notebook.cells):
        assert cell["id"] == f"cell-{number:03d}"
        assert "execution" not in cell.metadata  # no timestamps
        if cell.cell_type != "code":
            continue
        tags = cell.metadata.get("tags", [])
        if chapters.VOLATILE in tags:
            assert cell.outputs == [], f"cell {number} of {source.stem} stores volatile outputs"
        assert cell.execution_count is not None or chapters.VOLATILE in tags or not cell.source
        for output in cell.outputs:
            data = output.get("data", {})
            assert "application/vnd.jupyter.widget-view+json" not in data, (source.stem, number)


def test_an_animation_is_the_same_text_every_time() -> None:
    from lessons_lib import normal_form, plots, regret_matching

    play = regret_matching.self_play(normal_form.rock_paper_scissors(), 50, ([1, 0, 0], [0, 0, 0]))
    first, second = (plots.simplex_animation(play, frames=3) for _ in range(2))
    assert first == second
    (element,) = set(re.findall(r"_anim_img([0-9a-f]{32})", first))
    assert first.count(element) > 3  # one id, used by every part of the player


def test_stream_pieces_are_joined() -> None:
    pieces = [
        {"output_type": "stream", "name": "stdout", "text": "a"},
        {"output_type": "stream", "name": "stdout", "text": "b\n"},
        {"output_type": "stream", "name": "stderr", "text": "c"},
        {"output_type": "execute_result", "data": {}},
        {"output_type": "stream", "name": "stdout", "text": "d"},
    ]
    assert [o.get("text") for o in chapters.coalesced(pieces)] == ["ab\n", "c", None, "d"]
