"""Finding the optional compiled core (docs/benchmarks.md, "The compiled core").

``pip install`` builds the extension modules of the compiled core with the machine's C
compiler (``setup.py``); where there is none, they are skipped and the pure-Python code runs.
Every compiled function has a pure-Python twin, which stays the fallback and the oracle: a
compiled function declines (hands over to its twin) whatever it does not handle.

``TENPAI_PURE=1`` in the environment forces the pure path (set before tenpai is imported).

>>> core("_no_such_module") is None
True
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["core", "pure"]


def pure() -> bool:
    """Tells whether the environment asks for the pure-Python path (``TENPAI_PURE`` set to
    anything but empty or ``0``)."""
    return os.environ.get("TENPAI_PURE", "") not in ("", "0")


def core(name: str) -> ModuleType | None:
    """Gets the compiled module *name* of the tenpai package, or None when it was not built
    (no compiler at install time) or when ``TENPAI_PURE`` asks for the pure path."""
    if pure():
        return None
    try:
        return importlib.import_module(f"tenpai.{name}")
    except ImportError:
        return None
