"""Sphinx configuration of Tenpai's API reference (``make apidocs``: docs/api to
build/apidocs, any warning an error). The pages document the pure-Python code, the
library's reference and oracle (the compiled core gives the same answers)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

os.environ["TENPAI_PURE"] = "1"  # before tenpai is imported: document the pure functions
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))

import tenpai  # after the path and the environment

project = "Tenpai"
author = "The Tenpai developers"
copyright = "2026, The Tenpai developers"
release = tenpai.__version__
version = release

extensions = ["sphinx.ext.autodoc", "sphinx.ext.viewcode"]
root_doc = "index"
exclude_patterns = ["_build"]
language = "en"

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": True}
# the docstrings' ``code`` and *parameter* markup is reStructuredText already
default_role = "py:obj"

html_theme = "alabaster"
html_title = f"Tenpai {release}: API reference"
html_theme_options = {"description": "Mahjong scoring: riichi and Hong Kong old style"}


def _top_level_names() -> str:
    """The names ``import tenpai`` gives (its ``__all__``), each linked to where it is
    documented: the list of the page ``reference/tenpai``, made from the package itself."""
    lines = []
    for name in tenpai.__all__:
        if name == "__version__":
            continue
        obj = getattr(tenpai, name)
        if isinstance(obj, type) and obj.__module__ == "builtins":  # an alias, as Tile = int
            target, role = f"tenpai.tiles.{name}", "data"
        else:
            target = f"{obj.__module__}.{obj.__qualname__}"
            role = "class" if isinstance(obj, type) else "func"
        lines.append(f"* ``tenpai.{name}``: :{role}:`{target}`")
    return "\n".join(lines) + "\n"


_MARK = ".. (the list of tenpai.__all__, written by conf.py)"


def _fill(app: Any, docname: str, source: list[str]) -> None:
    if docname == "reference/tenpai":
        source[0] = source[0].replace(_MARK, _top_level_names())


def setup(app: Any) -> None:
    app.connect("source-read", _fill)
