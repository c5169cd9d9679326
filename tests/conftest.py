"""Shared helpers of the test suite."""

from __future__ import annotations

import sys
from pathlib import Path

# tests/ helpers (tenhou_check) are importable as plain modules
sys.path.insert(0, str(Path(__file__).parent))
