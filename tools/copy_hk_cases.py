"""Copies the Hong Kong validation cases into the test data, gzipped and byte-reproducible.

The tests read ``tests/data/hk-cases.json.gz`` only (a user's clone has no ``../shared``).
Run from the repository root after the shared file changes::

    python tools/copy_hk_cases.py ../shared/validation/hk-cases.json
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

DEST = Path(__file__).resolve().parent.parent / "tests" / "data" / "hk-cases.json.gz"


def copy_cases(source: Path, dest: Path = DEST) -> int:
    """Checks that *source* is the case file (JSON with ``cases``), writes it gzipped to *dest*
    with a zero timestamp (same input, same bytes) and returns the number of cases.
    """
    raw = source.read_bytes()
    cases = json.loads(raw)["cases"]
    dest.parent.mkdir(parents=True, exist_ok=True)
    with (
        dest.open("wb") as out,
        gzip.GzipFile(
            filename="hk-cases.json", mode="wb", fileobj=out, mtime=0, compresslevel=9
        ) as gz,
    ):
        gz.write(raw)
    return len(cases)


def main(argv: list[str]) -> int:
    """Runs the copy: ``copy_hk_cases.py SOURCE``."""
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    n = copy_cases(Path(argv[1]))
    print(f"{n} cases -> {DEST}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
