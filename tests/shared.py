"""Where the team's shared data lives (real game logs, validation files, specs).

A user's clone has no ``../shared`` beside it: tests that read it call :func:`shared_path`,
which skips them with a message saying what is missing. ``TENPAI_SHARED`` points elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("TENPAI_SHARED", ROOT.parent / "shared"))


def shared_path(*parts: str) -> Path:
    """Gets the path of *parts* under the shared folder, or skips the calling test when the
    folder (or that file) is absent, as in a user's clone."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"needs the team's shared data ({path} is absent; set TENPAI_SHARED)")
    return path
