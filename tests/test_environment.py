"""What the book tells readers to run is installed by requirements.txt.

The preface, the README and every "Live demo" note say: run ``.venv/bin/jupyter lab`` and open a
chapter, whose widgets then need JupyterLab's widget extension.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

BIN = Path(sys.executable).parent


def test_jupyter_lab_is_installed_beside_the_kernel() -> None:
    assert importlib.util.find_spec("jupyterlab") is not None
    assert (BIN / "jupyter-lab").exists() or shutil.which("jupyter-lab")


def test_jupyterlab_has_the_widget_extension() -> None:
    assert importlib.util.find_spec("jupyterlab_widgets") is not None
    prefix = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyter-widgets"
    assert (prefix / "jupyterlab-manager" / "package.json").exists()
