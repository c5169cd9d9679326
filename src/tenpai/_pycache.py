"""Files the package keeps for its next processes beside its bytecode: the digests of the
sources the compiled parts check (:mod:`tenpai._compiled`) and the catalogues as read from
their ``.mo`` files (:mod:`tenpai.i18n`). Each saves every command part of its start-up
(docs/benchmarks.md, "The start-up of every command").

They follow the rules Python keeps bytecode by (the :mod:`importlib` documentation, "Cached
bytecode invalidation"; PEP 3147): they live in the package's ``__pycache__`` folder, or
under ``sys.pycache_prefix`` when it is set (``PYTHONPYCACHEPREFIX``), and are written only
where and when Python writes bytecode: not when ``sys.dont_write_bytecode`` is set
(``PYTHONDONTWRITEBYTECODE``), nor when the interpreter caches no bytecode
(``sys.implementation.cache_tag`` is None), nor where it cannot (a read-only install: nothing
is kept, and each process does the work again). A file is written whole, then renamed over
the last one, so that a reader never sees half of it.

What a kept file was made from is named by its :func:`stamp` (size, inode, modification and
change times), and a file is kept only for a source :func:`settled` (last changed over
:data:`SETTLED` ago): a write within the file system's clock tick of the reading (a few ms;
2 s on the coarsest) may leave both times as they were, a later write cannot. Python's own
bytecode cache compares a source's size and modification time only.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["SETTLED", "folder", "now_ns", "read", "settled", "stamp", "write"]

SETTLED = 10 * 10**9
"""How long ago (in ns) a source must have changed for what was made from it to be kept."""


def stamp(st: os.stat_result) -> str:
    """Names the version of a file by its status *st*: size, modification and change times
    (ns), inode (a file moved over it is another)."""
    return f"{st.st_size}:{st.st_mtime_ns}:{st.st_ctime_ns}:{st.st_ino}"


def now_ns() -> int:
    """The time now, in nanoseconds since the epoch (the file system's times' scale)."""
    import time

    return time.time_ns()


def settled(st: os.stat_result) -> bool:
    """Tells whether the file of status *st* last changed over :data:`SETTLED` ago."""
    return now_ns() - max(st.st_mtime_ns, st.st_ctime_ns) > SETTLED


def folder(package: str) -> str:
    """Gets the folder where Python keeps the bytecode of the modules in the folder
    *package*: its ``__pycache__``, or its place under ``sys.pycache_prefix`` (as
    :func:`importlib.util.cache_from_source` finds it)."""
    prefix = sys.pycache_prefix
    if prefix is None:
        return os.path.join(package, "__pycache__")
    rooted = os.path.splitdrive(os.path.abspath(package))[1]
    return os.path.join(prefix, rooted.lstrip(os.sep + (os.altsep or "")))


def read(package: str, name: str) -> bytes | None:
    """Gets the bytes of the file *name* kept for *package*, or None when there is none (or it
    cannot be read)."""
    try:
        with open(os.path.join(folder(package), name), "rb") as fh:
            return fh.read()
    except OSError:
        return None


def write(package: str, name: str, make: Callable[[], bytes]) -> None:
    """Keeps the bytes *make* makes as the file *name* for *package*, where and when Python
    would write bytecode (else nothing happens, and *make* is not called): written whole,
    then renamed over the last one."""
    if sys.dont_write_bytecode or sys.implementation.cache_tag is None:
        return
    where = folder(package)
    path = os.path.join(where, name)
    temp = f"{path}.{os.getpid()}"
    try:
        os.makedirs(where, exist_ok=True)
        with open(temp, "wb") as fh:
            fh.write(make())
        os.replace(temp, path)
    except (OSError, ValueError):  # a read-only install: the next process does the work again
        from contextlib import suppress

        with suppress(OSError):
            os.unlink(temp)
