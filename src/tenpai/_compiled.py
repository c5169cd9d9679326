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
from functools import cache
from types import ModuleType

from . import _pycache

__all__ = ["core", "mirror", "pure", "stale_mirrors", "twin"]


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
    compiled = core(name)
    if compiled is None or pure_module.__file__ is None:
        return None
    if getattr(compiled, "_SOURCE_SHA256", None) != _file_sha256(pure_module.__file__):
        return None
    return compiled


def _file_sha256(path: str) -> str:
    """Gets the SHA-256 of the file at *path* (a pure source a compiled part was built from).

    A digest computed by an earlier process is taken again while the file has the
    :func:`~tenpai._pycache.stamp` it had then (as Python's bytecode cache takes a compiled
    module while its source has the size and modification time it had): hashing the 11
    sources the compiled parts check cost every ``tenpai score`` about 1 ms of start-up
    (docs/benchmarks.md). The digests are kept beside the bytecode, by the rules of
    :mod:`tenpai._pycache` (only for a file :func:`~tenpai._pycache.settled`); without them,
    each process hashes the files.
    """
    st = os.stat(path)
    stamp = _pycache.stamp(st)
    known = _digests()
    key = os.path.abspath(path)
    got = known.get(key)
    if got is not None and got[0] == stamp:
        return got[1]
    with open(path, "rb") as fh:
        digest = _sha256(fh.read())
    if _pycache.settled(st):
        known[key] = (stamp, digest)
        _keep(known)
    return digest


_DIGESTS = "tenpai-sources.sha256"  # kept beside the bytecode: "stamp digest path" lines


def _root() -> str:
    """The tenpai package's folder (the one this module is in)."""
    return os.path.dirname(os.path.realpath(__file__))


@cache
def _digests() -> dict[str, tuple[str, str]]:
    """The digests kept by earlier processes, by the file's absolute path (read once)."""
    known: dict[str, tuple[str, str]] = {}
    text = (_pycache.read(_root(), _DIGESTS) or b"").decode("utf-8", "surrogateescape")
    try:
        for line in text.splitlines():
            stamp, digest, key = line.split(" ", 2)
            if len(digest) == 64:
                known[key] = (stamp, digest)
    except ValueError:  # unreadable: each file hashed again
        known.clear()
    return known


def _keep(known: dict[str, tuple[str, str]]) -> None:
    """Writes *known* for the next processes, beside the bytecode (:mod:`tenpai._pycache`)."""
    text = "".join(f"{stamp} {digest} {key}\n" for key, (stamp, digest) in sorted(known.items()))
    _pycache.write(_root(), _DIGESTS, lambda: text.encode("utf-8", "surrogateescape"))


def _sha256(data: bytes) -> str:
    """Gets the SHA-256 of *data* in hexadecimal, by the standard library's own SHA-256
    module where there is one: ``hashlib`` loads OpenSSL, about 2 ms of every command's
    start-up for a few source files (docs/benchmarks.md, "The riichi record path in C")."""
    for name in ("_sha256", "_sha2"):  # CPython 3.11; 3.12 and later
        try:
            return str(importlib.import_module(name).sha256(data).hexdigest())
        except ImportError:
            pass
    import hashlib

    return hashlib.sha256(data).hexdigest()


def stale_mirrors(compiled: ModuleType) -> dict[str, str]:
    """Gets the pure sources that the compiled module *compiled* mirrors (its ``MIRRORS``:
    paths under the tenpai package, each with the SHA-256 of the version it was written
    against, or a tuple of the versions it was checked against) whose source is now
    another, each with its current SHA-256.

    >>> stale_mirrors(ModuleType("nothing_mirrored"))
    {}
    """
    root = _root()
    out = {}
    for path, digests in getattr(compiled, "MIRRORS", {}).items():
        now = _file_sha256(os.path.join(root, *path.split("/")))
        if now not in ((digests,) if isinstance(digests, str) else digests):
            out[path] = now
    return out


def mirror(name: str) -> ModuleType | None:
    """Gets the compiled module *name* written for C after pure sources (its ``MIRRORS``),
    or None when it was not built, when ``TENPAI_PURE`` is set, or when one of those sources
    has changed since (a stale mirror: the pure path runs until it is ported)."""
    compiled = core(name)
    if compiled is None or stale_mirrors(compiled):
        return None
    return compiled
