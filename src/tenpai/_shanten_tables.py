"""The shanten tables, read once for the pure module (:mod:`tenpai.shanten`) and the compiled
one (``tenpai._cshanten``): the per-suit class maps and the min-plus merge tables that
``tools/gen_shanten_tables.py`` builds (its docstring gives the method and the layout).

A module of its own, standard library only, so that a batch of plain hands (``tenpai shanten
--file``, compiled) reads the tables without importing the pure module and what it needs
(docs/benchmarks.md, "Batches and start-up").  The file is stored as it is used: one read,
nothing to unpack.

>>> t = tables()
>>> len(t.suit_map), t.ns, t.nh
(1953125, 126, 55)
"""

from __future__ import annotations

import os
from collections import namedtuple

FILE = "shanten_tables.bin"
MAGIC = b"TSHT"
VERSION = 1


Tables = namedtuple(  # an immutable value, lighter to define than a dataclass
    "Tables", "suit_map honor_map suit_rows honor_rows t2 t3 final ns nh"
)
"""The tables as bytes: ``suit_map`` (5**9) and ``honor_map`` (5**7) give a vector's class,
``suit_rows`` and ``honor_rows`` each class's 10 distances, ``t2`` (suit x suit) and ``t3``
(merged x suit) the merged class, ``final`` (merged x honour x M) the distance to M sets and
one pair; ``ns`` and ``nh`` count the suit and honour classes."""


def read(raw: bytes) -> Tables:
    """Splits the bytes of a table file into its tables, checking its header and size."""
    if raw[:4] != MAGIC or int.from_bytes(raw[4:6], "little") != VERSION:
        raise RuntimeError(f"{FILE}: not a version {VERSION} shanten table file")
    ns, nh, nu = (int.from_bytes(raw[i : i + 2], "little") for i in (6, 8, 10))
    sizes = (5**9, 5**7, ns * 10, nh * 10, ns * ns, nu * ns, nu * nh * 5)
    parts: list[bytes] = []
    pos = 12
    for size in sizes:
        parts.append(raw[pos : pos + size])
        pos += size
    if pos != len(raw):
        raise RuntimeError(f"{FILE}: {len(raw)} bytes, expected {pos}")
    suit_map, honor_map, suit_rows, honor_rows, t2, t3, final = parts
    return Tables(suit_map, honor_map, suit_rows, honor_rows, t2, t3, final, ns, nh)


_LOADED: list[Tables] = []


def tables() -> Tables:
    """Gets the tables, read from the package's data on the first call."""
    if not _LOADED:
        # read beside this module: importlib.resources would cost a batch 5 ms of imports
        with open(os.path.join(os.path.dirname(__file__), "data", FILE), "rb") as fh:
            _LOADED.append(read(fh.read()))
    return _LOADED[0]
