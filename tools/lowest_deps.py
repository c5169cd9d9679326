"""The lowest versions the extras of pyproject.toml allow, as pip constraints (``name==low``),
so that a test can install exactly those and run against them (tests/test_packaging.py,
docs/releasing.md).

    python tools/lowest_deps.py web pdf trainer dask > lowest.txt

Each requirement of an extra must declare its lower bound with ``>=`` (the lowest version
tested); one without is an error (exit 1), as is an exact pin (``==``: an extra a user
installs never pins).
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"


def extras() -> dict[str, list[str]]:
    """Gets the extras of pyproject.toml: name to its requirement strings."""
    with PYPROJECT.open("rb") as f:
        return dict(tomllib.load(f)["project"]["optional-dependencies"])


def lowest(names: list[str]) -> list[str]:
    """Gets the constraints ``name==low`` of the requirements of the extras *names* (the
    project's own extras, as ``tenpai[web]`` in another extra, are followed)."""
    table = extras()
    pins: dict[str, str] = {}
    todo, seen = list(names), set()
    while todo:
        extra = todo.pop()
        if extra in seen:
            continue
        seen.add(extra)
        if extra not in table:
            raise SystemExit(f"lowest_deps: no extra {extra!r} in pyproject.toml")
        for text in table[extra]:
            req = Requirement(text)
            if req.name == "tenpai":
                todo.extend(req.extras)
                continue
            specs = {s.operator: s.version for s in req.specifier}
            if "==" in specs or "===" in specs:
                raise SystemExit(f"lowest_deps: {text!r} in [{extra}] pins a version")
            if ">=" not in specs:
                raise SystemExit(f"lowest_deps: {text!r} in [{extra}] has no lower bound (>=)")
            pins[req.name] = specs[">="]
    return [f"{name}=={version}" for name, version in sorted(pins.items())]


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    print("\n".join(lowest(argv)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
