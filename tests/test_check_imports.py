"""The import-cycle check (``tools/check_imports.py``) on tiny packages written here, and on
the project's own package (which must have no cycle: docs/architecture.md)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parent.parent / "tools" / "check_imports.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_imports", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _package(root: Path, files: dict[str, str]) -> Path:
    """Writes a package *pkg* under *root*: a file per dotted name (``""`` is ``__init__``)."""
    pkg = root / "pkg"
    for name, text in {"": "", **files}.items():
        parts = name.split(".") if name else []
        folder = pkg.joinpath(*parts[:-1]) if parts else pkg
        folder.mkdir(parents=True, exist_ok=True)
        stem = parts[-1] if parts else "__init__"
        (folder / f"{stem}.py").write_text(text, encoding="utf-8")
        init = folder / "__init__.py"
        if not init.exists():
            init.write_text("", encoding="utf-8")
    return pkg


def _run(pkg: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TOOL), str(pkg)], capture_output=True, text=True, check=False
    )


# A cycle hidden by a lazy import (in a function) through a relative import of a sibling.
CYCLE = {
    "low": "X = 1\n",
    "a": "from .low import X\nfrom . import b\n",
    "b": "def f():\n    from .a import X\n    return X\n",
}
# The same modules with the shared name moved below both: no cycle.
NO_CYCLE = {
    "low": "X = 1\n",
    "a": "from .low import X\nfrom . import b\n",
    "b": "def f():\n    from .low import X\n    return X\n",
}


def test_a_lazy_cycle_is_found_and_fails(tmp_path: Path) -> None:
    done = _run(_package(tmp_path, CYCLE))
    assert done.returncode == 1
    assert "pkg.a -> pkg.b -> pkg.a" in done.stdout
    assert "1 import cycle(s)" in done.stderr


def test_no_cycle_passes(tmp_path: Path) -> None:
    done = _run(_package(tmp_path, NO_CYCLE))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no import cycle" in done.stdout


def test_parent_relative_imports_resolve(tmp_path: Path) -> None:
    # pkg.sub.deep imports pkg.top by `from ...top`, pkg.top imports pkg.sub.deep by name
    # (`from .sub import deep` is the module, not the package pkg.sub).
    pkg = _package(
        tmp_path,
        {
            "top": "from .sub import deep\n",
            "sub.deep": "from ..top import deep as _\n",
            "sub.other": "import pkg.top\n",
        },
    )
    graph = _tool().import_graph(pkg)
    assert graph["pkg.top"] == {"pkg.sub.deep"}
    assert graph["pkg.sub.deep"] == {"pkg.top"}
    assert graph["pkg.sub.other"] == {"pkg.top"}
    assert graph["pkg.sub"] == set()  # an __init__ that imports nothing
    count, lines = _tool().report(pkg)
    assert count == 1 and lines[1] == "  pkg.sub.deep -> pkg.top -> pkg.sub.deep"


def test_every_cycle_of_a_tangle_is_listed(tmp_path: Path) -> None:
    # a -> b -> a and a -> c -> a share a: one tangle of three modules, two cycles.
    pkg = _package(
        tmp_path,
        {"a": "from . import b, c\n", "b": "from .a import x\n", "c": "import pkg.a\n"},
    )
    count, lines = _tool().report(pkg)
    assert count == 2
    assert lines == [
        "cycle among 3 modules: pkg.a, pkg.b, pkg.c",
        "  pkg.a -> pkg.b -> pkg.a",
        "  pkg.a -> pkg.c -> pkg.a",
    ]


def test_not_a_package(tmp_path: Path) -> None:
    done = _run(tmp_path)
    assert done.returncode == 2 and "not a package directory" in done.stderr


def test_tenpai_has_no_import_cycle() -> None:
    count, lines = _tool().report(Path(__file__).resolve().parent.parent / "src" / "tenpai")
    if count:
        pytest.fail("\n".join(lines))
