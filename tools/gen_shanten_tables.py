"""Generates the shanten distance tables shipped in ``src/tenpai/data/shanten_tables.bin``.

The method is the exact "distance" one of tomohxx and libriichi:

1. For one suit (9 positions, counts 0..4, the base-5 lattice of 5**9 vectors) and for the
   honours (7 positions, triplets and pairs only), mark the *targets* ``T[m][p]``: the vectors
   that are exactly ``m`` sets (sequences or triplets) plus ``p`` pairs, never more than 4 of a
   kind (``m`` in 0..4, ``p`` in 0..1).
2. The distance of a vector ``c`` to ``T[m][p]`` is the minimum number of tiles to *add* to ``c``
   (removing tiles is free) so that it contains a target:
   ``dist(c) = min over t in T of sum(max(0, t_i - c_i))``.  As every target of ``T[m][p]``
   holds ``S = 3m + 2p`` tiles, ``dist(c) = S - max{|x| : x <= c and x <= some target}``:
   a reverse cumulative OR along each axis marks the vectors below a target, then a cumulative
   max of ``|x|`` along each axis gives the inner max.  (This equals the fixed point
   ``g(x) = 0 on targets else 1 + min_i g(x + e_i)``, ``dist(c) = min(g(c), min_i dist(c - e_i))``
   of the brief, computed in 2 x 9 vectorised passes instead of iterations.)
3. The vectors of at most 14 tiles have only a few distinct 10-vectors ``dist[m][p]``
   ("classes": 126 for a suit, 55 for the honours).  Each lattice point stores its class id.
4. Two suits merge by the min-plus product ``d[m][p] = min(a[m1][p1] + b[m - m1][p - p1])``.
   The merged vectors of the suited classes close on a small set ``U``; the tables
   ``T2[a][b]`` (suit x suit -> U), ``T3[u][b]`` (U x suit -> U) and ``F[u][h][M]`` (the final
   distance to ``M`` sets and one pair, U x honours) make a hand's standard distance four
   dictionary look-ups and three list look-ups at run time.

Layout of the file, all unsigned bytes, stored as is (2 MB: read in one call at start-up,
with nothing to unpack; git, the wheel and the sdist compress it)::

    b"TSHT" version nS nH nU (4 x uint16, little endian)
    suit class of each base-5 index c0*5**8 + ... + c8 (255 if more than 14 tiles)  5**9
    honour class of each base-5 index                                              5**7
    S: nS x 10 distances (m-major: m0p0 m0p1 m1p0 ... m4p1)
    H: nH x 10 distances
    T2: nS x nS merged class ids
    T3: nU x nS merged class ids
    F:  nU x nH x 5 distances to M sets + 1 pair (M = 0..4)

Usage::

    python tools/gen_shanten_tables.py            # write the file
    python tools/gen_shanten_tables.py --check    # regenerate and fail if the file differs

Needs numpy (a dev dependency); the runtime reads the file with the standard library only.
"""

from __future__ import annotations

import argparse
import struct
import sys
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

OUTPUT = Path(__file__).resolve().parent.parent / "src" / "tenpai" / "data" / "shanten_tables.bin"
MAGIC = b"TSHT"
VERSION = 1
MAX_TILES = 14

IntArray = npt.NDArray[np.int32]
BoolArray = npt.NDArray[np.bool_]


def _shift(arr: BoolArray, group: list[int]) -> BoolArray:
    """Shifts the boolean lattice *arr* by +*group*, dropping what passes 4 of a kind."""
    npos = arr.ndim
    out = np.zeros_like(arr)
    src: list[slice] = [slice(None)] * npos
    dst: list[slice] = [slice(None)] * npos
    for i, g in enumerate(group):
        if g:
            src[i] = slice(0, 5 - g)
            dst[i] = slice(g, 5)
    out[tuple(dst)] |= arr[tuple(src)]
    return out


def targets(npos: int, sequences: bool) -> dict[tuple[int, int], BoolArray]:
    """Marks the vectors that are exactly m sets + p pairs (m <= 4, p <= 1) of one suit."""
    shape = (5,) * npos
    sets: list[list[int]] = []
    for i in range(npos):
        v = [0] * npos
        v[i] = 3
        sets.append(v)
    if sequences:
        for i in range(npos - 2):
            v = [0] * npos
            v[i] = v[i + 1] = v[i + 2] = 1
            sets.append(v)
    pairs: list[list[int]] = []
    for i in range(npos):
        v = [0] * npos
        v[i] = 2
        pairs.append(v)
    t: dict[tuple[int, int], BoolArray] = {}
    empty = np.zeros(shape, bool)
    empty[(0,) * npos] = True
    t[0, 0] = empty
    for m in range(1, 5):
        a = np.zeros(shape, bool)
        for g in sets:
            a |= _shift(t[m - 1, 0], g)
        t[m, 0] = a
    for m in range(5):
        a = np.zeros(shape, bool)
        for g in pairs:
            a |= _shift(t[m, 0], g)
        t[m, 1] = a
    return t


def distances(npos: int, sequences: bool) -> IntArray:
    """Computes dist[m][p] of every lattice vector: an array (5**npos, 10), m-major."""
    shape = (5,) * npos
    size = np.indices(shape).sum(axis=0)
    out = np.zeros((5**npos, 10), np.int32)
    for (m, p), target in targets(npos, sequences).items():
        below = target.copy()  # x <= some target
        for ax in range(npos):
            below = np.flip(np.maximum.accumulate(np.flip(below, ax), axis=ax), ax)
        best = np.where(below, size, -1)  # max |x| over x <= c, x below a target
        for ax in range(npos):
            best = np.maximum.accumulate(best, axis=ax)
        out[:, 2 * m + p] = (3 * m + 2 * p - best).ravel()
    return out


def merge(a: IntArray, b: IntArray) -> IntArray:
    """Merges each row of *a* with each row of *b* (min-plus product): (len a * len b, 10)."""
    a3 = a.reshape(-1, 5, 2)
    b3 = b.reshape(-1, 5, 2)
    out = np.full((len(a), len(b), 5, 2), 1 << 20, np.int32)
    for m1 in range(5):
        for m2 in range(5 - m1):
            for p1 in range(2):
                for p2 in range(2 - p1):
                    v = a3[:, None, m1, p1] + b3[None, :, m2, p2]
                    np.minimum(out[:, :, m1 + m2, p1 + p2], v, out=out[:, :, m1 + m2, p1 + p2])
    return out.reshape(len(a) * len(b), 10)


def classes(dist: IntArray, npos: int) -> tuple[IntArray, npt.NDArray[np.uint8]]:
    """Groups the vectors of at most 14 tiles by their distance rows: (classes, class map)."""
    valid = np.indices((5,) * npos).sum(axis=0).ravel() <= MAX_TILES
    rows, inverse = np.unique(dist[valid], axis=0, return_inverse=True)
    assert len(rows) < 255
    cmap = np.full(len(dist), 255, np.uint8)
    cmap[valid] = inverse.ravel()
    return rows.astype(np.int32), cmap


def _index_rows(rows: IntArray, table: IntArray) -> npt.NDArray[np.uint8]:
    """Finds the index of each row of *rows* in the sorted unique *table*."""
    lookup = {tuple(r): i for i, r in enumerate(table.tolist())}
    return np.array([lookup[tuple(r)] for r in rows.tolist()], np.uint8)


def build() -> bytes:
    """Builds the uncompressed table file."""
    suit_cls, suit_map = classes(distances(9, True), 9)
    hon_cls, hon_map = classes(distances(7, False), 7)
    # the merged suited vectors: close U under "merge with one more suit"
    u = np.unique(merge(suit_cls, suit_cls), axis=0)
    while True:
        grown = np.unique(np.concatenate([u, merge(u, suit_cls)]), axis=0)
        if len(grown) == len(u):
            break
        u = grown
    assert len(u) < 256
    t2 = _index_rows(merge(suit_cls, suit_cls), u)
    t3 = _index_rows(merge(u, suit_cls), u)
    final = merge(u, hon_cls).reshape(len(u), len(hon_cls), 5, 2)[:, :, :, 1]
    assert final.max() < 256
    parts = [
        MAGIC,
        struct.pack("<4H", VERSION, len(suit_cls), len(hon_cls), len(u)),
        suit_map.tobytes(),
        hon_map.tobytes(),
        suit_cls.astype(np.uint8).tobytes(),
        hon_cls.astype(np.uint8).tobytes(),
        t2.tobytes(),
        t3.tobytes(),
        final.astype(np.uint8).tobytes(),
    ]
    return b"".join(parts)


def main(argv: list[str] | None = None) -> int:
    """Writes the tables, or with ``--check`` compares them with the committed file."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="fail if the committed file differs")
    ap.add_argument("--output", type=Path, default=OUTPUT, help="file to write or check")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    raw = build()
    took = time.perf_counter() - start
    if args.check:
        try:
            old = args.output.read_bytes()
        except FileNotFoundError:
            print(f"{args.output} is missing", file=sys.stderr)
            return 1
        if old != raw:
            print(f"{args.output} differs from the generator's output", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date ({len(raw)} bytes, built in {took:.1f} s)")
        return 0
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_bytes(raw)
    print(f"wrote {args.output}: {len(raw)} bytes in {took:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
