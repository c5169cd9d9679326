"""The golden copies under docs/generated/ are what the generators write now."""

from __future__ import annotations

from pathlib import Path

import pytest

from tenpai.render.documents import GENERATED, generated_files

DOCS = Path(__file__).resolve().parent.parent / "docs" / "generated"
FILES = generated_files()


@pytest.mark.parametrize("name", [g[0] for g in GENERATED])
def test_committed_copy_is_up_to_date(name: str) -> None:
    path = DOCS / name
    assert path.exists(), f"docs/generated/{name} is missing: run `make docs`"
    assert path.read_text(encoding="utf-8") == FILES[name], (
        f"docs/generated/{name} is stale: run `make docs` and commit the result"
    )


def test_no_stray_generated_file() -> None:
    assert sorted(p.name for p in DOCS.iterdir()) == sorted(FILES)
