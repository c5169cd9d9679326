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

__all__ = ["core", "pure", "twin"]


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


def twin(name: str, pure_module: ModuleType) -> ModuleType | None:
    """Gets the compiled twin *name* of *pure_module* (the same source compiled, see setup.py),
    or None when it was not built, when ``TENPAI_PURE`` is set, or when it was built from
    another version of the pure module's source (a stale build: the pure module runs).

    >>> import tenpai.shanten
    >>> twin("_no_such_module", tenpai.shanten) is None
    True
    """
    import hashlib  # here: a command that needs no twin does not pay for the import

    compiled = core(name)
    if compiled is None or pure_module.__file__ is None:
        return None
    with open(pure_module.__file__, "rb") as fh:
        source = fh.read()
    if getattr(compiled, "_SOURCE_SHA256", None) != hashlib.sha256(source).hexdigest():
        return None
    return compiled
