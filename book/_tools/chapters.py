"""The chapters' two forms: the MyST Markdown source a person edits, and the executed notebook.

Each chapter is written as ``notebooks/NN_topic.md``, a MyST Markdown notebook (jupytext's
``md:myst`` format): prose as Markdown, code in ``{code-cell}`` blocks. The book is built from
these files. Beside each lies ``notebooks/NN_topic.ipynb``, the same cells executed, with their
outputs: strict nbval compares it with a fresh run, the launch buttons open it, and JupyterLab
opens either file as a notebook (the two are paired: ``formats: ipynb,md:myst``).

    python book/_tools/chapters.py execute [notebooks/NN_topic.md ...]   # make notebooks
    python book/_tools/chapters.py check                                 # pairs agree?

``execute`` writes each notebook so that running it again on an unchanged tree writes the same
bytes: cell ids are numbered, no execution timestamps are kept, and the outputs of cells tagged
``nbval-ignore-output`` (outputs that differ from run to run, such as wall times, or live
widgets) are not stored. ``check`` fails when a notebook's cells are not its source's.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: Cells whose outputs change from run to run: nbval skips them, the stored notebook has none.
VOLATILE = "nbval-ignore-output"
#: How long one cell may run, in seconds.
TIMEOUT = 1200


def sources() -> list[Path]:
    """Every chapter's source, in order."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.md"))


def paired(source: Path) -> Path:
    """The executed notebook beside a chapter's source."""
    return source.with_suffix(".ipynb")


def read_source(source: Path) -> nbformat.NotebookNode:
    """A chapter's source as a notebook with numbered cell ids and no outputs."""
    notebook = jupytext.read(source, fmt="md:myst")
    for number, cell in enumerate(notebook.cells):
        cell["id"] = f"cell-{number:03d}"
    return notebook


def execute(source: Path) -> Path:
    """Run a chapter's source in a fresh kernel and write its executed notebook; return its path."""
    notebook = read_source(source)
    # A long run's progress line (lessons_lib.progress) depends on the machine's speed: none here.
    os.environ.setdefault("LESSONS_PROGRESS", "off")
    client = NotebookClient(
        notebook,
        timeout=TIMEOUT,
        kernel_name="python3",
        record_timing=False,
        store_widget_state=False,
        resources={"metadata": {"path": str(source.parent)}},
    )
    client.execute()
    for cell in notebook.cells:
        if VOLATILE in cell.get("metadata", {}).get("tags", []):
            cell["outputs"] = []
        elif cell.cell_type == "code":
            cell["outputs"] = coalesced(cell["outputs"])
    # The exact Python version of the machine that ran it says nothing about the chapter.
    notebook.metadata.get("language_info", {}).pop("version", None)
    target = paired(source)
    nbformat.write(notebook, target)
    return target


def coalesced(outputs: list) -> list:
    """The outputs with consecutive pieces of one stream joined
    (the kernel may split them anyhow)."""
    joined: list = []
    for output in outputs:
        previous = joined[-1] if joined else None
        if (
            output.get("output_type") == "stream"
            and previous is not None
            and previous.get("output_type") == "stream"
            and previous.get("name") == output.get("name")
        ):
            previous["text"] += output["text"]
        else:
            joined.append(output)
    return joined


def cells(notebook: nbformat.NotebookNode) -> list[tuple[str, str, tuple[str, ...]]]:
    """What a reader reviews in a notebook: each cell's type, source and tags."""
    return [
        (cell.cell_type, cell.source, tuple(cell.get("metadata", {}).get("tags", [])))
        for cell in notebook.cells
    ]


def disagreements(source: Path) -> list[str]:
    """How a chapter's executed notebook differs from its source (empty if it does not)."""
    target = paired(source)
    if not target.exists():
        return [f"{target.name} is missing"]
    expected, stored = cells(read_source(source)), cells(nbformat.read(target, as_version=4))
    if len(expected) != len(stored):
        return [f"{target.name} has {len(stored)} cells, {source.name} {len(expected)}"]
    return [
        f"{target.name}: cell {number} differs from {source.name}"
        for number, (want, have) in enumerate(zip(expected, stored, strict=True))
        if want != have
    ]


def main(arguments: list[str]) -> int:
    if not arguments or arguments[0] not in ("execute", "check"):
        print(__doc__)
        return 2
    chosen = [Path(name).resolve() for name in arguments[1:]] or sources()
    if arguments[0] == "execute":
        for source in chosen:
            print("executed", execute(source).relative_to(NOTEBOOKS.parent), flush=True)
        return 0
    problems = [problem for source in chosen for problem in disagreements(source)]
    for problem in problems:
        print(problem)
    if problems:
        print("run `make notebooks` to execute the sources again")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
