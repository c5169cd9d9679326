"""Shanten, waits, ukeire and furiten, exact and table-driven (standard library only).

Definitions (the riichi ones; Hong Kong uses the same shapes):

* The *distance* of the concealed tiles to a form is the least number of tiles to draw
  (discards being free) so that they contain the form, never more than 4 copies of a kind.
  *Shanten* is that distance minus one: ``-1`` is a complete hand, ``0`` tenpai.
* The standard form of a hand of ``3n+1`` or ``3n+2`` concealed tiles is ``n`` sets (sequences
  or triplets) and one pair, the called melds making up the rest; chiitoitsu (seven distinct
  pairs) and kokushi musou (the 13 terminals and honours and one of them twice) exist only
  for 13 or 14 concealed tiles with no meld.

The standard distance comes from per-suit tables built offline by
``tools/gen_shanten_tables.py`` (the exact tomohxx/libriichi method, see its docstring):
each suit's count vector maps to one of 126 classes (55 for the honours) and three small
min-plus merge tables combine the four suits, so that a hand costs four dictionary and
three list look-ups.  The tables (2 MB, stored as they are used: nothing to unpack) are read
on first use; a suit vector is keyed by ``bytes(counts[0:9])`` and cached the first time it is
seen.

The fast tier takes 34-count sequences (:func:`tenpai.tiles.counts34`); :func:`analyse`
is the friendly tier on a :class:`~tenpai.hand.Hand`.

>>> shanten(counts_of("123m456p789s1122z"))
0
>>> waits(counts_of("123m456p789s1122z"))
(27, 28)
>>> analyse(Hand.parse("1112345678999m")).waits  # chuuren: nine waits, unseen 1 or 3
((0, 1), (1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3), (7, 3), (8, 1))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import mul

from ._compiled import core
from ._shanten_tables import tables
from .errors import InvalidHand, msg
from .hand import Hand
from .tiles import NUM_KINDS, Tile, counts34, kind, parse_tiles

__all__ = [
    "Analysis",
    "Discard",
    "analyse",
    "counts_of",
    "discards",
    "is_furiten",
    "load_tables",
    "shanten",
    "shanten_3p",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "shanten_standard",
    "ukeire",
    "unseen",
    "waits",
]

_MAX_TILES = 14

# A suit vector's value packs its class id (bits 0-9, so that the sum of four stays there)
# and counts that add up across the suits without overflowing into each other:
_N_SHIFT = 10  # tiles, 6 bits (4 x 14 < 64)
_PAIRS_SHIFT = 16  # kinds held 2+ times, 5 bits (4 x 7 < 32)
_KINDS_SHIFT = 21  # kinds held, 6 bits (34 < 64)
_YAO_SHIFT = 27  # terminal and honour kinds held, 4 bits (13 < 16)
_YAO_PAIR_SHIFT = 31  # suits with a terminal or honour held 2+ times, 3 bits (4 < 8)

# Chiitoitsu shanten by (pairs | kinds << 5): 6 - pairs + max(0, 7 - kinds), for 13/14 tiles.
_CHIITOI: tuple[int, ...] = tuple(
    6 - (i & 31) + max(0, 7 - (i >> 5)) for i in range(1 << (_YAO_SHIFT - _PAIRS_SHIFT))
)
# Kokushi shanten by (terminal and honour kinds | pair flag << 4): 13 - kinds - (1 if a pair).
_KOKUSHI: tuple[int, ...] = tuple(13 - (i & 15) - (1 if i >> 4 else 0) for i in range(128))
# Sets needed by n concealed tiles (n // 3), or -1 for a count that is no hand.
_SETS_OF: tuple[int, ...] = tuple(
    n // 3 if n % 3 and n <= _MAX_TILES else -1 for n in range(1 << (_PAIRS_SHIFT - _N_SHIFT))
)
_POW5 = tuple(5**i for i in range(8, -1, -1))  # base-5 digit weights, first count highest

# Filled by load_tables(): per-suit caches (bytes key -> packed value) and the tables.
_SUIT: dict[bytes, int] = {}
_HONOR: dict[bytes, int] = {}
_CACHE_SIZE = 1 << 14  # the most keys each keeps (emptied when full: memory stays bounded)
_SUIT_MAP = b""
_HONOR_MAP = b""
_NS = _NH = 0
_T2 = b""  # suit class x suit class -> merged class
_T3 = b""  # merged class x suit class -> merged class
_F = b""  # merged class x honour class x M -> distance to M sets + 1 pair
_SUIT_ROWS: tuple[tuple[int, ...], ...] = ()
_HONOR_ROWS: tuple[tuple[int, ...], ...] = ()


def load_tables() -> None:
    """Reads the shanten tables if not done yet (the first shanten call does it anyway).

    >>> load_tables()
    """
    # module globals rather than an object's attributes: the hot path reads them directly
    global _SUIT_MAP, _HONOR_MAP, _NS, _NH, _T2, _T3, _F, _SUIT_ROWS, _HONOR_ROWS  # noqa: PLW0603
    if _F:
        return
    t = tables()
    srows, hrows = t.suit_rows, t.honor_rows
    _SUIT_ROWS = tuple(tuple(srows[i : i + 10]) for i in range(0, len(srows), 10))
    _HONOR_ROWS = tuple(tuple(hrows[i : i + 10]) for i in range(0, len(hrows), 10))
    _SUIT_MAP, _HONOR_MAP, _NS, _NH, _T2, _T3 = t.suit_map, t.honor_map, t.ns, t.nh, t.t2, t.t3
    _F = t.final  # last: it marks the tables as loaded


def _value(key: bytes, honours: bool) -> int:
    """Computes, checks and caches the packed value of one suit's count vector *key*."""
    if not _F:
        load_tables()
    size = len(key)
    if size != (7 if honours else 9) or max(key) > 4 or sum(key) > _MAX_TILES:
        raise InvalidHand.of(msg("errors.shanten.suit", counts=list(key)))
    cls: int = (_HONOR_MAP if honours else _SUIT_MAP)[sum(map(mul, key, _POW5[-size:]))]
    kinds = size - key.count(0)
    pairs = kinds - key.count(1)
    if honours:
        yao, yao_pair = kinds, pairs > 0
    else:
        yao, yao_pair = (key[0] > 0) + (key[8] > 0), key[0] >= 2 or key[8] >= 2
    value = (
        cls
        | sum(key) << _N_SHIFT
        | pairs << _PAIRS_SHIFT
        | kinds << _KINDS_SHIFT
        | yao << _YAO_SHIFT
        | yao_pair << _YAO_PAIR_SHIFT
    )
    cache = _HONOR if honours else _SUIT
    if len(cache) >= _CACHE_SIZE:
        cache.clear()
    cache[key] = value
    return value


def _values(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """Gets the packed values of the four suits of *counts* (checking them)."""
    if len(counts) != NUM_KINDS:
        raise InvalidHand.of(msg("errors.shanten.count", n=len(counts)))
    try:
        key = bytes(counts)
    except (ValueError, TypeError):
        raise InvalidHand.of(msg("errors.shanten.range", counts=list(counts))) from None
    if max(key) > 4:
        raise InvalidHand.of(msg("errors.shanten.copies", counts=list(counts)))
    m = _SUIT.get(key[:9])
    if m is None:
        m = _value(key[:9], False)
    p = _SUIT.get(key[9:18])
    if p is None:
        p = _value(key[9:18], False)
    s = _SUIT.get(key[18:27])
    if s is None:
        s = _value(key[18:27], False)
    h = _HONOR.get(key[27:])
    if h is None:
        h = _value(key[27:], True)
    return m, p, s, h


def _sets_needed(total: int, melds: int) -> int:
    """Gets n // 3 for n concealed tiles, checking that n and *melds* make a hand."""
    n = (total >> _N_SHIFT) & 63
    sets = _SETS_OF[n] if n < len(_SETS_OF) else -1
    if sets < 0 or melds < 0 or n + 3 * melds > _MAX_TILES:
        raise InvalidHand.of(msg("errors.shanten.size", n=n, melds=melds))
    return sets


def _standard(m: int, p: int, s: int, h: int, sets: int) -> int:
    """Gets the standard shanten from the four packed values."""
    u = _T3[_T2[(m & 255) * _NS + (p & 255)] * _NS + (s & 255)]
    return _F[(u * _NH + (h & 255)) * 5 + sets] - 1


def _overall(m: int, p: int, s: int, h: int) -> int:
    """Gets the overall shanten from the four packed values of a checked hand."""
    total = m + p + s + h
    sets = _SETS_OF[(total >> _N_SHIFT) & 63]
    best = _F[
        (_T3[_T2[(m & 255) * _NS + (p & 255)] * _NS + (s & 255)] * _NH + (h & 255)) * 5 + sets
    ]
    if sets == 4:
        best = min(
            best,
            _CHIITOI[(total >> _PAIRS_SHIFT) & 2047] + 1,
            _KOKUSHI[total >> _YAO_SHIFT] + 1,
        )
    return best - 1


def shanten(counts: Sequence[int], melds: int = 0, *, players: int = 4) -> int:
    """Computes the shanten of the concealed tiles *counts* (34 counts): the least of the
    standard form, chiitoitsu and kokushi; ``-1`` for a complete hand, ``0`` for tenpai.
    ``players=3`` counts over the three-player set (:func:`shanten_3p`).

    *melds* is the number of called sets; the concealed tiles number ``3n+1`` or ``3n+2``
    (13 or 14 minus 3 per meld; fewer tiles stand for a hand whose other sets are called).

    :raises InvalidHand: on a count outside 0..4, a length other than 34 or a tile count
        that is no hand.

    >>> shanten(counts_of("123m456p789s1122z"))
    0
    >>> shanten(counts_of("19m19p19s1234567z"))  # kokushi, thirteen-sided
    0
    >>> shanten(counts_of("1122m3344p5566s7z"))  # chiitoitsu
    0
    >>> shanten(counts_of("123m456p789s11z"), melds=1), shanten(counts_of("1111m234p567s789s"))
    (-1, 1)
    """
    if players == 3:
        return shanten_3p(counts, melds)
    try:
        key = bytes(counts)  # a length other than 34 leaves a honour key that is not found
        m = _SUIT[key[:9]]
        p = _SUIT[key[9:18]]
        s = _SUIT[key[18:27]]
        h = _HONOR[key[27:]]
    except (KeyError, ValueError, TypeError):
        m, p, s, h = _values(counts)
    total = m + p + s + h
    n = (total >> _N_SHIFT) & 63
    sets = _SETS_OF[n]
    if sets < 0 or (melds and (melds < 0 or n + 3 * melds > _MAX_TILES)):
        _sets_needed(total, melds)  # raises
    best = _F[
        (_T3[_T2[(m & 255) * _NS + (p & 255)] * _NS + (s & 255)] * _NH + (h & 255)) * 5 + sets
    ]
    if sets == 4:
        chiitoi = _CHIITOI[(total >> _PAIRS_SHIFT) & 2047] + 1
        kokushi = _KOKUSHI[total >> _YAO_SHIFT] + 1
        if chiitoi < best:  # noqa: PLR1730 (min() costs a call on the hot path)
            best = chiitoi
        if kokushi < best:  # noqa: PLR1730
            best = kokushi
    return best - 1


# ---- three players (sanma): no 2m to 8m ---------------------------------------------------------
# The 1m and 9m of the three-player set make no sequence: the characters behave as two more
# honours. Their distances are the honour table's row of (1m, 9m, 0, 0, 0, 0, 0) (a honour row
# may draw fresh kinds there, which cost what a fresh pair or triplet costs in the other
# suits), merged with the other suits' rows by the same min-plus product as the tables use.
SANMA_MISSING = frozenset(range(1, 8))
"""The kinds the three-player set lacks: 2m to 8m."""
SANMA_KINDS = tuple(k for k in range(NUM_KINDS) if k not in SANMA_MISSING)
"""The 27 kinds of the three-player set."""


def _check_3p(counts: Sequence[int]) -> None:
    bad = [k for k in SANMA_MISSING if counts[k]] if len(counts) == NUM_KINDS else []
    if bad:
        from .tiles import tile_name

        names = ", ".join(tile_name(k) for k in bad)
        raise InvalidHand.of(msg("errors.shanten.sanma", names=names))


def _merge(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Merges two rows of distances (m sets, p pairs: index 2m + p) by min-plus."""
    out = [99] * 10
    for m1 in range(5):
        for p1 in range(2):
            x = a[2 * m1 + p1]
            for m2 in range(5 - m1):
                for p2 in range(2 - p1):
                    i = 2 * (m1 + m2) + p1 + p2
                    v = x + b[2 * m2 + p2]
                    out[i] = min(out[i], v)
    return out


def _standard_3p(counts: Sequence[int], vals: tuple[int, int, int, int], sets: int) -> int:
    """Gets the standard shanten of a checked three-player hand."""
    key = bytes((counts[0], counts[8], 0, 0, 0, 0, 0))
    man = _HONOR.get(key)
    if man is None:
        man = _value(key, True)
    row: Sequence[int] = _HONOR_ROWS[man & 255]
    for v, rows in ((vals[1], _SUIT_ROWS), (vals[2], _SUIT_ROWS), (vals[3], _HONOR_ROWS)):
        row = _merge(row, rows[v & 255])
    return row[2 * sets + 1] - 1


def _overall_3p(counts: Sequence[int], vals: tuple[int, int, int, int]) -> int:
    total = vals[0] + vals[1] + vals[2] + vals[3]
    sets = _SETS_OF[(total >> _N_SHIFT) & 63]
    best = _standard_3p(counts, vals, sets)
    if sets == 4:
        best = min(best, _CHIITOI[(total >> _PAIRS_SHIFT) & 2047], _KOKUSHI[total >> _YAO_SHIFT])
    return best


def shanten_3p(counts: Sequence[int], melds: int = 0) -> int:
    """Computes the shanten of *counts* over the three-player set (no 2m to 8m, so 1m and 9m
    make no sequence): the least of the standard form, chiitoitsu and kokushi.

    :raises InvalidHand: as :func:`shanten`, and for a tile of 2m to 8m.

    >>> shanten_3p(counts_of("19m123p456s11z")), shanten(counts_of("19m123p456s11z"))
    (1, 1)
    >>> shanten_3p(counts_of("11m999m123p456s11z")), shanten_3p(counts_of("19m19p19s1234567z"))
    (0, 0)
    >>> shanten_3p(counts_of("1111m111122233z")), shanten(counts_of("1111m111122233z"))
    (2, 1)
    """
    _check_3p(counts)
    vals = _values(counts)
    _sets_needed(sum(vals), melds)
    return _overall_3p(counts, vals)


def shanten_standard(counts: Sequence[int], melds: int = 0) -> int:
    """Computes the shanten of *counts* towards the standard form (sets and one pair).

    >>> shanten_standard(counts_of("1122m3344p5566s7z"))
    3
    """
    m, p, s, h = _values(counts)
    return _standard(m, p, s, h, _sets_needed(m + p + s + h, melds))


def shanten_chiitoitsu(counts: Sequence[int], melds: int = 0) -> int | None:
    """Computes the shanten of *counts* towards seven distinct pairs (four of a kind is one
    pair), or None when the hand cannot be one (a meld, or not 13 or 14 concealed tiles).

    >>> shanten_chiitoitsu(counts_of("1122m3344p5566s7z")), shanten_chiitoitsu(counts_of("11m"))
    (0, None)
    >>> shanten_chiitoitsu(counts_of("1111m2233p4455s6z"))  # the four 1m are one pair
    2
    """
    m, p, s, h = _values(counts)
    total = m + p + s + h
    if _sets_needed(total, melds) != 4:
        return None
    return _CHIITOI[(total >> _PAIRS_SHIFT) & 2047]


def shanten_kokushi(counts: Sequence[int], melds: int = 0) -> int | None:
    """Computes the shanten of *counts* towards kokushi musou (thirteen orphans), or None
    when the hand cannot be one (a meld, or not 13 or 14 concealed tiles).

    >>> shanten_kokushi(counts_of("19m19p19s1234567z")), shanten_kokushi(counts_of("19m19p"))
    (0, None)
    """
    m, p, s, h = _values(counts)
    total = m + p + s + h
    if _sets_needed(total, melds) != 4:
        return None
    return _KOKUSHI[total >> _YAO_SHIFT]


_SUIT_OF = (0,) * 9 + (1,) * 9 + (2,) * 9 + (3,) * 7
_BOUNDS = ((0, 9), (9, 18), (18, 27), (27, 34))


def _changed(
    counts: Sequence[int], vals: tuple[int, int, int, int], kinds: Iterable[int], delta: int
) -> list[tuple[int, int]]:
    """Gets the overall shanten of *counts* with *delta* (+1 or -1) copies of each kind of
    *kinds*, one at a time: ``(kind, shanten)`` pairs; *vals* are the values of *counts*."""
    key = bytearray(counts)
    total = vals[0] + vals[1] + vals[2] + vals[3]
    sets = _SETS_OF[((total >> _N_SHIFT) & 63) + delta]
    special = sets == 4
    ns, nh, t2, t3, f = _NS, _NH, _T2, _T3, _F
    cm, cp, cs, ch = (v & 255 for v in vals)
    u2 = t2[cm * ns + cp]
    u3 = t3[u2 * ns + cs]
    out = []
    for t in kinds:
        suit = _SUIT_OF[t]
        lo, hi = _BOUNDS[suit]
        key[t] += delta
        k = bytes(key[lo:hi])
        key[t] -= delta
        table = _HONOR if suit == 3 else _SUIT
        v = table.get(k)
        if v is None:
            v = _value(k, suit == 3)
        c = v & 255
        if suit == 0:
            best = f[(t3[t2[c * ns + cp] * ns + cs] * nh + ch) * 5 + sets]
        elif suit == 1:
            best = f[(t3[t2[cm * ns + c] * ns + cs] * nh + ch) * 5 + sets]
        elif suit == 2:
            best = f[(t3[u2 * ns + c] * nh + ch) * 5 + sets]
        else:
            best = f[(u3 * nh + c) * 5 + sets]
        if special:
            new_total = total - vals[suit] + v
            chiitoi = _CHIITOI[(new_total >> _PAIRS_SHIFT) & 2047] + 1
            kokushi = _KOKUSHI[new_total >> _YAO_SHIFT] + 1
            if chiitoi < best:  # noqa: PLR1730 (min() costs a call in this loop)
                best = chiitoi
            if kokushi < best:  # noqa: PLR1730
                best = kokushi
        out.append((t, best - 1))
    return out


def _hand_size(vals: tuple[int, int, int, int]) -> int:
    return ((vals[0] + vals[1] + vals[2] + vals[3]) >> _N_SHIFT) & 63


def _changed_3p(counts: Sequence[int], kinds: Iterable[int], delta: int) -> list[tuple[int, int]]:
    """As :func:`_changed`, over the three-player set."""
    out = []
    key = list(counts)
    for t in kinds:
        key[t] += delta
        out.append((t, _overall_3p(key, _values(key))))
        key[t] -= delta
    return out


def waits(counts: Sequence[int], melds: int = 0, *, players: int = 4) -> tuple[int, ...]:
    """Finds the kinds that complete the ``3n+1`` concealed tiles *counts* (any form), in
    kind order; empty when the hand is not tenpai.

    A kind of which the hand holds all four copies is no wait: there is no fifth tile to
    draw.  A hand waiting only on such a kind is not tenpai (``1111m234p567s789s`` has
    shanten 1, as ``mahjong`` also says, and no wait).  ``mahjong`` has no waits function;
    the usual loop over its shanten ("which drawn kind gives -1?") must skip kinds held 4
    times, as ``calculate_shanten`` of a hand with a fifth copy may say -1: for
    ``999m1223333466s`` plus a fifth 3s it does, and an unskipped loop reports 3s; Tenpai
    reports 6s alone.

    :raises InvalidHand: if *counts* is not a hand of ``3n+1`` tiles.

    >>> waits(counts_of("1112345678999m"))  # chuuren poutou
    (0, 1, 2, 3, 4, 5, 6, 7, 8)
    >>> waits(counts_of("1111m234p567s789s"))
    ()
    >>> waits(counts_of("1111m23m456p789s1z"))  # 111m 123m 1z; a 4m would leave 1m and 1z
    (27,)
    """
    if players == 3:
        _check_3p(counts)
    vals = _values(counts)
    _sets_needed(sum(vals), melds)
    if _hand_size(vals) % 3 != 1:
        raise InvalidHand.of(msg("errors.shanten.waits", n=_hand_size(vals)))
    if players == 3:
        if _overall_3p(counts, vals) != 0:
            return ()
        more = [t for t in SANMA_KINDS if counts[t] < 4]
        return tuple(t for t, after in _changed_3p(counts, more, 1) if after == -1)
    if _overall(*vals) != 0:
        return ()
    # Trying every kind costs little more than narrowing them down (a standard wait lies
    # within two of a held tile of its suit) and needs no argument.
    candidates = [t for t in range(NUM_KINDS) if counts[t] < 4]
    return tuple(t for t, after in _changed(counts, vals, candidates, 1) if after == -1)


def unseen(kind_: int, hand_counts: Sequence[int], visible: Iterable[Tile] = ()) -> int:
    """Counts the copies of the kind *kind_* that remain to be drawn: 4 less the copies in
    *hand_counts* (34 counts) and among the *visible* tiles (discards, melds, dora
    indicators; red fives count as fives).

    >>> unseen(4, counts_of("55m"), parse_tiles("0m"))
    1
    """
    seen = hand_counts[kind_] + sum(1 for t in visible if kind(t) == kind_)
    return max(0, 4 - seen)


def _ukeire(
    counts: Sequence[int], vals: tuple[int, int, int, int], seen: list[int], players: int = 4
) -> dict[int, int]:
    """Finds the kinds that lower the shanten of a ``3n+1`` hand, with their unseen counts."""
    if players == 3:
        now = _overall_3p(counts, vals)
        more = [t for t in SANMA_KINDS if counts[t] < 4]
        return {
            t: max(0, 4 - counts[t] - seen[t])
            for t, after in _changed_3p(counts, more, 1)
            if after < now
        }
    now = _overall(*vals)
    candidates = [t for t in range(NUM_KINDS) if counts[t] < 4]
    return {
        t: max(0, 4 - counts[t] - seen[t])
        for t, after in _changed(counts, vals, candidates, 1)
        if after < now
    }


@dataclass(frozen=True, slots=True)
class Discard:
    """A discard from a ``3n+2`` hand: the shanten it leaves and the kinds that then lower
    it, with their unseen counts (*ukeire*, in kind order)."""

    kind: int
    shanten: int
    ukeire: tuple[tuple[int, int], ...]

    @property
    def total(self) -> int:
        """Counts the unseen tiles that lower the shanten after this discard."""
        return sum(n for _, n in self.ukeire)


def discards(
    counts: Sequence[int], melds: int = 0, visible: Iterable[Tile] = (), *, players: int = 4
) -> tuple[Discard, ...]:
    """Rates every discard of the ``3n+2`` concealed tiles *counts*: best first (lowest
    shanten, then most unseen ukeire, then kind order).  Unseen counts are taken against
    the whole hand before the discard (the discarded tile is no longer in the wall).

    :raises InvalidHand: if *counts* is not a hand of ``3n+2`` tiles.

    >>> best = discards(counts_of("123m456p789s1122z3z"))[0]
    >>> best.kind, best.shanten, best.ukeire
    (29, 0, ((27, 2), (28, 2)))
    """
    if players == 3:
        _check_3p(counts)
    vals = _values(counts)
    _sets_needed(sum(vals), melds)
    if _hand_size(vals) % 3 != 2:
        raise InvalidHand.of(msg("errors.shanten.discards", n=_hand_size(vals)))
    return _rated_discards(counts, counts34(visible), players)


def ukeire(
    counts: Sequence[int], melds: int = 0, visible: Iterable[Tile] = (), *, players: int = 4
) -> dict[int, int] | dict[int, Discard]:
    """Finds the tiles that bring the concealed tiles *counts* closer to a win.

    For ``3n+1`` tiles: the kinds whose draw lowers the shanten, each with its unseen count
    (:func:`unseen`; kinds the hand holds 4 of are left out, kinds all visible stay with 0).
    For ``3n+2`` tiles: for each discard (best first), a :class:`Discard` holding the
    shanten it leaves and that hand's ukeire (:func:`discards` gives the same as a tuple).

    >>> ukeire(counts_of("123m456p789s1122z"), visible=parse_tiles("1z"))
    {27: 1, 28: 2}
    >>> ukeire(counts_of("123m456p789s1122z3z"))[29].ukeire
    ((27, 2), (28, 2))
    """
    if players == 3:
        _check_3p(counts)
    vals = _values(counts)
    _sets_needed(sum(vals), melds)
    if _hand_size(vals) % 3 == 2:
        return {d.kind: d for d in discards(counts, melds, visible, players=players)}
    return _ukeire(counts, vals, counts34(visible), players)


def is_furiten(waits: Iterable[int], own_discards: Iterable[Tile]) -> bool:
    """Tells whether a hand waiting on the kinds *waits* is furiten by its own discards:
    one of its waits is among *own_discards* (tiles; red fives are fives).

    Temporary furiten (a winning tile passed since one's last discard) and riichi furiten
    depend on the game's flow: pass those tiles in *own_discards* too.

    >>> is_furiten(waits(counts_of("123m456p789s1122z")), parse_tiles("9p2z"))
    True
    """
    wanted = set(waits)
    return any(kind(t) in wanted for t in own_discards)


@dataclass(frozen=True, slots=True)
class Analysis:
    """What a hand needs: its shanten overall and per form (None where a form cannot
    apply), its waits when tenpai with ``3n+1`` tiles, the tiles that lower its shanten
    (``3n+1`` tiles) or its discards best first (``3n+2`` tiles); kinds with unseen counts.
    """

    shanten: int
    standard: int
    chiitoitsu: int | None
    kokushi: int | None
    waits: tuple[tuple[int, int], ...] = ()
    ukeire: tuple[tuple[int, int], ...] = ()
    discards: tuple[Discard, ...] = ()

    @property
    def is_tenpai(self) -> bool:
        """Tells whether the hand is one tile from a win (``3n+1`` tiles, shanten 0)."""
        return bool(self.waits)

    @property
    def is_complete(self) -> bool:
        """Tells whether the hand is complete (shanten -1)."""
        return self.shanten < 0


def analyse(hand: Hand, visible: Iterable[Tile] = (), *, players: int = 4) -> Analysis:
    """Analyses the concealed tiles of *hand* (its winning tile included, if any): shanten,
    per-form shanten, waits, ukeire or discards.  Unseen counts leave out the hand's own
    tiles, its melds, its kita and the *visible* tiles (discards, dora indicators, other
    melds). ``players=3`` counts over the three-player set (no 2m to 8m).

    :raises InvalidHand: if the hand has no ``3n+1`` or ``3n+2`` concealed tiles.

    >>> a = analyse(Hand.parse("123m456p789s1122z"), visible=parse_tiles("1z"))
    >>> a.shanten, a.standard, a.chiitoitsu, a.kokushi, a.waits
    (0, 0, 4, 8, ((27, 1), (28, 2)))
    >>> analyse(Hand.parse("123m456p789s11z pon 222z")).waits
    ()
    >>> analyse(Hand.parse("123m456p78s113z pon 222z")).discards[0]  # 3z: wait on 6s-9s
    Discard(kind=29, shanten=0, ukeire=((23, 4), (26, 4)))
    """
    counts = hand.counts
    melds = len(hand.melds)
    seen = counts34(visible)
    for meld in hand.melds:
        for t in meld.tiles:
            seen[kind(t)] += 1
    seen[30] += hand.kita  # the norths set aside
    if players == 3:
        _check_3p([*counts[:30], counts[30] + hand.kita, *counts[31:]])
        for meld in hand.melds:
            _check_3p(counts34(meld.tiles))
    vals = _values(counts)
    total = sum(vals)
    sets = _sets_needed(total, melds)
    size = _hand_size(vals)
    std = _standard_3p(counts, vals, sets) if players == 3 else _standard(*vals, sets)
    chiitoi = _CHIITOI[(total >> _PAIRS_SHIFT) & 2047] if sets == 4 else None
    kokushi = _KOKUSHI[total >> _YAO_SHIFT] if sets == 4 else None
    best = min(x for x in (std, chiitoi, kokushi) if x is not None)
    if size % 3 == 1:
        uke = _ukeire(counts, vals, seen, players)
        wait_kinds = waits(counts, melds, players=players) if best == 0 else ()
        return Analysis(
            best,
            std,
            chiitoi,
            kokushi,
            waits=tuple((t, uke[t]) for t in wait_kinds),
            ukeire=tuple(uke.items()),
        )
    return Analysis(best, std, chiitoi, kokushi, discards=_rated_discards(counts, seen, players))


def _rated_discards(
    counts: Sequence[int], seen: list[int], players: int = 4
) -> tuple[Discard, ...]:
    """Rates every discard of a checked ``3n+2`` hand, *seen* being the visible counts."""
    out: list[Discard] = []
    for d in range(NUM_KINDS):
        if counts[d]:
            after = list(counts)
            after[d] -= 1
            avals = _values(after)
            seen_after = seen.copy()
            seen_after[d] += 1  # the discarded tile is out of the wall
            uke = _ukeire(after, avals, seen_after, players)
            now = _overall_3p(after, avals) if players == 3 else _overall(*avals)
            out.append(Discard(d, now, tuple(uke.items())))
    out.sort(key=lambda x: (x.shanten, -x.total, x.kind))
    return tuple(out)


def counts_of(text: str) -> list[int]:
    """Counts the tiles of an MPSZ *text* by kind (a shortcut for the REPL and examples).

    >>> counts_of("112z")[27:29]
    [2, 1]
    """
    return counts34(parse_tiles(text))


# ---- the compiled core (tenpai._cshanten, optional: docs/benchmarks.md) ------------------------
# The pure functions stay, under these names, as the compiled ones' fallback and oracle.
_shanten_py, _waits_py = shanten, waits
_core = core("_cshanten")
if _core is not None:
    shanten = _core.shanten
    waits = _core.waits
