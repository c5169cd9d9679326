"""Rewrites the golden copies of the generated documents under docs/generated/ (`make docs`).

tests/test_generated.py fails when a committed copy differs from what this writes.
"""

from __future__ import annotations

from pathlib import Path

from tenpai.render.documents import generated_files

OUT = Path(__file__).resolve().parent.parent / "docs" / "generated"


def main() -> None:
    """Writes every generated document, and says which ones changed."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name, content in generated_files().items():
        path = OUT / name
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != content:
            path.write_text(content, encoding="utf-8")
            print(f"wrote {path.relative_to(OUT.parent.parent)}")


if __name__ == "__main__":
    main()
