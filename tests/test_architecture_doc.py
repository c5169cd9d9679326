"""docs/architecture.md names real files: every ``src/...``, ``tests/...``, ``tools/...`` and
``docs/...`` path it writes exists, and every package it lists by layer is described."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "architecture.md"
PATH = re.compile(r"\b(?:src|tests|tools|docs)/[\w./-]*\w/?")


def _paths() -> set[str]:
    return set(PATH.findall(PAGE.read_text(encoding="utf-8")))


def test_the_page_names_paths() -> None:
    # the page is about files: it names the modules of every layer
    assert len({p for p in _paths() if p.startswith("src/")}) > 60


def test_every_named_path_exists() -> None:
    missing = sorted(p for p in _paths() if not (ROOT / p).exists())
    assert not missing, f"docs/architecture.md names missing files: {missing}"


def test_every_package_and_top_module_is_named() -> None:
    named = _paths()
    src = ROOT / "src" / "tenpai"
    expected = {f"src/tenpai/{p.name}" for p in src.glob("*.py") if not p.name.startswith("_")}
    expected |= {f"src/tenpai/{p.name}/" for p in src.iterdir() if (p / "__init__.py").exists()}
    assert not sorted(expected - named), sorted(expected - named)


def test_the_readme_links_it() -> None:
    assert "(docs/architecture.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_path_pattern_catches_a_missing_file() -> None:
    # the check would fail on a page naming a file that is not there
    found = PATH.findall("see `src/tenpai/riichi/no_such.py` and src/tenpai/hk/.")
    assert found == ["src/tenpai/riichi/no_such.py", "src/tenpai/hk/"]
    assert not (ROOT / found[0]).exists()
