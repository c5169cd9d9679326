"""Decompositions of complete hands and the wait readings of a winning tile.

Sets are small ints: a sequence starting at kind *k* is ``k``, a triplet of kind *k* is
``34 + k`` (:func:`seq`, :func:`trip`). A :class:`Decomposition` splits the concealed tiles
(the winning tile included) into sets and one pair; called melds stay outside, fixed.

The per-suit splits are computed once per suit shape (a 9-count key) and cached, so a hand
costs a few dictionary look-ups and a small product.

>>> from tenpai.hand import Hand
>>> h = Hand.parse("234m678p45667s88s ron 5s")
>>> sorted({(r.wait, format_set(r.win_set)) for r in readings(h)})
[('kanchan', '456s'), ('ryanmen', '567s')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from ._fastnew import builder
from .hand import Hand
from .tiles import YAOCHUU, kind, tile_name

__all__ = [
    "KANCHAN",
    "KOKUSHI",
    "PENCHAN",
    "RYANMEN",
    "SHANPON",
    "TANKI",
    "Decomposition",
    "Reading",
    "decompositions",
    "format_set",
    "is_complete",
    "is_seq",
    "readings",
    "seq",
    "set_kind",
    "trip",
]

TANKI, SHANPON, KANCHAN, PENCHAN, RYANMEN = "tanki", "shanpon", "kanchan", "penchan", "ryanmen"
KOKUSHI = "kokushi"
WAIT_TYPES = (RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI)


def seq(k: int) -> int:
    """Gets the set code of the sequence starting at kind *k*."""
    return k


def trip(k: int) -> int:
    """Gets the set code of the triplet of kind *k*."""
    return 34 + k


def is_seq(code: int) -> bool:
    """Tells whether the set code *code* is a sequence."""
    return code < 34


def set_kind(code: int) -> int:
    """Gets the kind of a triplet code, or the first kind of a sequence code."""
    return code if code < 34 else code - 34


def format_set(code: int) -> str:
    """Writes a set code in MPSZ (``'567s'``, ``'777z'``)."""
    k = set_kind(code)
    if code < 34:
        return f"{k % 9 + 1}{k % 9 + 2}{k % 9 + 3}{'mps'[k // 9]}"
    name = tile_name(k)
    return name[0] * 3 + name[1]


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One way to read the concealed tiles: *sets* (codes, sorted) and the *pair* kind.

    *form* is ``'standard'``, ``'chiitoitsu'`` (pairs listed in *sets* as kinds, pair = -1) or
    ``'kokushi'`` (pair = the doubled kind).
    """

    sets: tuple[int, ...]
    pair: int
    form: str = "standard"


@dataclass(frozen=True, slots=True)
class Reading:
    """A decomposition and the part the winning tile completed: one interpretation of a win.

    *win_set* is the set code containing the winning tile (-1 when it completed the pair or
    for the special forms) and *wait* its wait type.
    """

    decomposition: Decomposition
    wait: str
    win_set: int = -1


# Readings are built on the scorer's hot path: see tenpai._fastnew.
_DecompositionBuilder = builder(Decomposition)
_ReadingBuilder = builder(Reading)


# ---- per-suit splits ---------------------------------------------------------------------------


# The caches below are bounded (least recently used entries go): the real-data mix needs a
# few thousand suit shapes (docs/benchmarks.md, "Memory"), random hands many more.
SUIT_CACHE = 1 << 12
"""The most suit shapes each per-suit cache of the analysis keeps."""


@lru_cache(maxsize=SUIT_CACHE)
def _suit_splits(key: bytes, honors: bool) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Splits one suit's counts (*key*) into sets and at most one pair.

    Returns tuples ``(sets, pair)`` with offsets inside the suit (pair -1 if none).
    """
    n = sum(key)
    if n % 3 == 1:
        return ()
    if n % 3 == 0:
        return tuple((sets, -1) for sets in _sets_only(key, honors))
    out: list[tuple[tuple[int, ...], int]] = []
    for p, count in enumerate(key):
        if count >= 2:
            rest = bytearray(key)
            rest[p] -= 2
            out.extend((sets, p) for sets in _sets_only(bytes(rest), honors))
    return tuple(out)


@lru_cache(maxsize=SUIT_CACHE)
def _sets_only(key: bytes, honors: bool) -> tuple[tuple[int, ...], ...]:
    """Lists every split of a suit's counts *key* into sets only (codes relative to the
    suit), the first tile's triplet before its sequence. Cached: the counts left once the
    first set is taken are the key of a smaller suit, shared by many hands."""
    i = len(key) - len(key.lstrip(b"\0"))  # the first kind held
    if i == len(key):
        return ((),)
    out: list[tuple[int, ...]] = []
    if key[i] >= 3:
        rest = bytearray(key)
        rest[i] -= 3
        out.extend((34 + i, *sets) for sets in _sets_only(bytes(rest), honors))
    if not honors and i + 2 < len(key) and key[i + 1] and key[i + 2]:
        rest = bytearray(key)
        rest[i] -= 1
        rest[i + 1] -= 1
        rest[i + 2] -= 1
        out.extend((i, *sets) for sets in _sets_only(bytes(rest), honors))
    return tuple(out)


# A suit's part of a decomposition: its sequences and its triplets (absolute set codes,
# sorted), its pair kind (-1 if none), in the suit of the winning tile the (wait, win_set)
# readings the winning tile can have completed in it, and the kinds of its triplets.
_Part = tuple[tuple[int, ...], tuple[int, ...], int, tuple[tuple[str, int], ...], tuple[int, ...]]


@lru_cache(maxsize=2 * SUIT_CACHE)
def suit_parts(key: bytes, lo: int, win: int) -> tuple[_Part, ...]:
    """Gets the parts of the suit starting at kind *lo* whose counts are *key*; *win* is the
    winning kind if it is of this suit, else -1."""
    out = []
    for rel_sets, rel_pair in _suit_splits(key, lo == 27):
        sets = tuple(sorted(s + lo for s in rel_sets))
        pair = rel_pair + lo if rel_pair >= 0 else -1
        waits: list[tuple[str, int]] = []
        if win >= 0:
            if pair == win:
                waits.append((TANKI, -1))
            for i, code in enumerate(sets):
                if i and code == sets[i - 1]:  # the same set twice reads the same
                    continue
                if code >= 34:
                    if code - 34 == win:
                        waits.append((SHANPON, code))
                elif code <= win <= code + 2:
                    waits.append((_wait_of(code, win), code))
        seqs = tuple(c for c in sets if c < 34)
        trips = sets[len(seqs) :]
        out.append((seqs, trips, pair, tuple(waits), tuple(c - 34 for c in trips)))
    return tuple(out)


# The *win* argument of _suit_parts for each suit, by winning kind (index win + 1; -1: none).
_WIN_BY_SUIT = tuple(
    tuple(win if lo <= win < lo + 9 else -1 for lo in (0, 9, 18, 27)) for win in range(-1, 34)
)


def _standard(counts: Sequence[int]) -> list[Decomposition]:
    """Lists the standard decompositions of *counts*."""
    every = bytes(counts)
    m = suit_parts(every[0:9], 0, -1)
    p = m and suit_parts(every[9:18], 9, -1)
    s = p and suit_parts(every[18:27], 18, -1)
    z = s and suit_parts(every[27:34], 27, -1)
    # a suit of 3n+2 tiles holds the pair in every part (-1 elsewhere): one suit must
    if not z or (m[0][2] >= 0) + (p[0][2] >= 0) + (s[0][2] >= 0) + (z[0][2] >= 0) != 1:
        return []
    out = []
    for part_m, part_p, part_s, part_z in product(m, p, s, z):
        qm, tm, pm, _, _ = part_m
        qp, tp, pp, _, _ = part_p
        qs, ts, ps, _, _ = part_s
        _, tz, pz, _, _ = part_z
        # the sequences first, each part's sorted and the suits in order: the sets sorted
        out.append(Decomposition(qm + qp + qs + tm + tp + ts + tz, max(pm, pp, ps, pz)))
    return out


def _special(counts: Sequence[int], standard: bool) -> list[Decomposition]:
    """Lists the seven pairs and thirteen orphans readings of 14 *counts* (*standard*: they
    have a standard reading, so no thirteen orphans)."""
    out = []
    if counts.count(2) == 7:  # seven pairs make the 14 tiles
        pairs = tuple(k for k, x in enumerate(counts) if x == 2)
        out.append(Decomposition(pairs, -1, "chiitoitsu"))
    if (
        not standard
        and all(counts[k] >= 1 for k in YAOCHUU)
        and sum(counts[k] for k in YAOCHUU) == 14
    ):
        doubled = next(k for k in YAOCHUU if counts[k] == 2)
        out.append(Decomposition((), doubled, "kokushi"))
    return out


def decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Lists every way to read 34-*counts* as a complete hand.

    *counts* are the concealed tiles with the winning tile (melds excluded), 3n+2 tiles.
    Standard splits into sets and a pair come first, then seven pairs (only for 14 tiles,
    seven different kinds) and thirteen orphans.

    >>> from tenpai.tiles import counts34, parse_tiles
    >>> [d.form for d in decompositions(counts34(parse_tiles("22334455667788p")))]
    ['standard', 'standard', 'standard', 'chiitoitsu']
    """
    out = _standard(counts)
    if sum(counts) == 14:
        out += _special(counts, bool(out))
    return out


def is_complete(counts: Sequence[int]) -> bool:
    """Tells whether 34-*counts* (3n+2 tiles) form a complete hand in any form."""
    return bool(decompositions(counts))


def _wait_of(code: int, win: int) -> str:
    if code >= 34:
        return SHANPON
    if win == code + 1:
        return KANCHAN
    if (code % 9 == 0 and win == code + 2) or (code % 9 == 6 and win == code):
        return PENCHAN
    return RYANMEN


def readings(hand: Hand) -> list[Reading]:
    """Lists every interpretation of a winning hand: each decomposition of its concealed tiles
    and each concealed set or pair the winning tile can have completed, with its wait type.

    *hand* has a winning tile and 14 tiles (a meld counts 3). Empty if it is not complete.

    >>> h = Hand.parse("1112345678999m ron 3m")
    >>> sorted({r.wait for r in readings(h)})
    ['penchan', 'ryanmen']
    """
    if hand.win_tile is None:
        return []
    win = kind(hand.win_tile)
    counts = hand.counts
    every = bytes(counts)
    m, p, s, z = _WIN_BY_SUIT[win + 1]
    parts = [
        suit_parts(every[0:9], 0, m),
        suit_parts(every[9:18], 9, p),
        suit_parts(every[18:27], 18, s),
        suit_parts(every[27:34], 27, z),
    ]
    return [r for r, _, _ in combine_parts(parts, counts if sum(counts) == 14 else None)]


# A reading, with the codes of its sequences and the kinds of its triplets (both sorted).
_Combined = tuple[Reading, tuple[int, ...], tuple[int, ...]]


def combine_parts(
    parts: Sequence[tuple[_Part, ...]], counts: Sequence[int] | None
) -> list[_Combined]:
    """Lists the readings of a hand from the parts of its four suits (:func:`suit_parts`, the
    winning tile's suit with its waits), then its special readings when *counts* gives its 14
    concealed tiles (None: the hand has melds); each with its sequences and triplet kinds."""
    m, p, s, z = parts
    out: list[_Combined] = []
    # a suit of 3n+2 tiles holds the pair in every part (-1 elsewhere): one suit must
    pairs = (
        m and p and s and z and (m[0][2] >= 0) + (p[0][2] >= 0) + (s[0][2] >= 0) + (z[0][2] >= 0)
    )
    if pairs == 1:
        for part_m, part_p, part_s, part_z in product(m, p, s, z):
            qm, tm, pm, wm, km = part_m
            qp, tp, pp, wp, kp = part_p
            qs, ts, ps, ws, ks = part_s
            _, tz, pz, wz, kz = part_z
            # the sequences first, each part's sorted and the suits in order: the sets sorted
            seqs = qm + qp + qs
            d = _DecompositionBuilder()
            d.sets = seqs + tm + tp + ts + tz
            d.pair = pm + pp + ps + pz + 3  # one suit holds the pair, the others say -1
            d.form = "standard"
            d.__class__ = Decomposition
            trips = km + kp + ks + kz
            for wait, code in wm or wp or ws or wz:  # the waits are in the winning tile's suit
                r = _ReadingBuilder()
                r.decomposition = d
                r.wait = wait
                r.win_set = code
                r.__class__ = Reading
                out.append((r, seqs, trips))
    if counts is not None and (not out or counts.count(2) == 7):
        for d in _special(counts, bool(out)):
            out.append((Reading(d, TANKI if d.form == "chiitoitsu" else KOKUSHI), (), ()))
    return out
