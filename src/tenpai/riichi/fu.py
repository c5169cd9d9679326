"""Fu of one reading, each part with its rule (riichi.md §7).

>>> [ (p.id, p.fu) for p in fu_parts_table() ][:3]
[('base', 20), ('closed_ron', 10), ('tsumo', 2)]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

from ..analysis import KANCHAN, PENCHAN, SHANPON, TANKI, format_set, set_kind
from ..tiles import DRAGONS, is_yaochuu, kind, tile_name
from .yaku import Facts

__all__ = ["FuPart", "fu_of", "fu_parts_table", "meld_fu", "round_fu"]


@dataclass(frozen=True, slots=True)
class FuPart:
    """One part of the fu count: its rule *id*, its *fu*, and what it was for (*detail*).

    ids: ``base`` (20, or 25 for chiitoitsu), ``closed_ron``, ``tsumo``, ``open_pinfu``,
    ``meld`` (detail = the set and open/closed), ``pair``, ``wait``.
    """

    id: str
    fu: int
    detail: str = ""


def fu_parts_table() -> list[FuPart]:
    """Lists the fu rules with their values, in the card's order (for documents)."""
    return [
        FuPart("base", 20),
        FuPart("closed_ron", 10),
        FuPart("tsumo", 2),
        FuPart("meld", 2, "open triplet 2-8"),
        FuPart("pair", 2),
        FuPart("wait", 2),
    ]


def meld_fu(kind_: int, *, quad: bool, concealed: bool) -> int:
    """Gets the fu of a triplet or quad: 2 for an open simple triplet, doubled when concealed,
    doubled for a terminal or honour, times four for a quad."""
    v = 2
    if is_yaochuu(kind_):
        v *= 2
    if concealed:
        v *= 2
    if quad:
        v *= 4
    return v


def round_fu(fu: int) -> int:
    """Rounds fu up to the next ten (25 for chiitoitsu is never rounded)."""
    return fu if fu == 25 else -(-fu // 10) * 10


# Parts are immutable values: the scorer shares one instance per rule and detail.
BASE_PART = FuPart("base", 20)
CHIITOITSU_PARTS = (FuPart("base", 25, "chiitoitsu"),)
CLOSED_RON_PART = FuPart("closed_ron", 10)
OPEN_PINFU_PART = FuPart("open_pinfu", 10)
WAIT_PARTS = {w: FuPart("wait", 2, w) for w in (KANCHAN, PENCHAN, TANKI)}
_FU = attrgetter("fu")


@lru_cache(maxsize=4096)
def tsumo_part(fu: int, detail: str) -> FuPart:
    return FuPart("tsumo", fu, detail)


@lru_cache(maxsize=4096)
def set_part(code: int, ron_shanpon: bool) -> FuPart:
    """Gets the part of a concealed triplet (*ron_shanpon*: completed by ron, so open)."""
    v = meld_fu(set_kind(code), quad=False, concealed=not ron_shanpon)
    return FuPart("meld", v, f"{format_set(code)} {'open (ron)' if ron_shanpon else 'closed'}")


@lru_cache(maxsize=4096)
def meld_part(meld_type: str, tiles: tuple[int, ...]) -> FuPart:
    """Gets the part of a called triplet or quad, or of an ankan."""
    kind_, quad = min(kind(t) for t in tiles), len(tiles) == 4  # Meld.kind, Meld.is_kan
    v = meld_fu(kind_, quad=quad, concealed=meld_type == "ankan")
    name = tile_name(kind_)
    return FuPart("meld", v, f"{name[0] * (4 if quad else 3) + name[1]} {meld_type}")


@lru_cache(maxsize=4096)
def closed_triplets_parts(kinds: tuple[int, ...]) -> tuple[tuple[FuPart, ...], int]:
    """Gets the parts of the concealed triplets of *kinds* (none completed by ron) and
    their fu."""
    parts = tuple(set_part(34 + k, False) for k in kinds)
    return parts, sum(p.fu for p in parts)


@lru_cache(maxsize=4096)
def pair_part(kind_: int, fu: int) -> FuPart:
    name = tile_name(kind_)
    return FuPart("pair", fu, name[0] * 2 + name[1])


def fu_of(f: Facts, *, pinfu: bool) -> tuple[int, tuple[FuPart, ...]]:
    """Counts the fu of the reading *f*; *pinfu* tells whether the hand is awarded pinfu.

    Returns the rounded total and its parts (the rounding itself is not a part).
    """
    form = f.form
    if form != "standard":
        return (25, CHIITOITSU_PARTS) if form == "chiitoitsu" else (0, ())
    rules, sit, tsumo = f.rules, f.sit, f.tsumo
    parts = [BASE_PART]
    if f.closed and not tsumo:
        parts.append(CLOSED_RON_PART)
    if tsumo:
        if not pinfu:
            tsumo_fu = rules.rinshan_tsumo_fu if sit.rinshan else 2
            if tsumo_fu:
                parts.append(tsumo_part(tsumo_fu, ""))
        elif rules.pinfu_tsumo_fu:
            parts.append(tsumo_part(rules.pinfu_tsumo_fu, "pinfu"))
    r = f.reading
    sets = r.decomposition.sets
    if sets and sets[-1] >= 34:  # sorted: the triplets come last
        shanpon_ron = r.win_set if r.wait == SHANPON and not tsumo else -1
        parts.extend(set_part(code, code == shanpon_ron) for code in sets if code >= 34)
    for m in f.hand.melds:
        if m.type != "chi":
            parts.append(meld_part(m.type, m.tiles))
    p = f.pair
    if p >= 27:
        pair_fu = 0
        if p in DRAGONS:
            pair_fu = 2
        elif p == sit.seat_wind and p == sit.round_wind:
            pair_fu = rules.double_wind_pair_fu
        elif p in (sit.seat_wind, sit.round_wind):
            pair_fu = 2
        if pair_fu:
            parts.append(pair_part(p, pair_fu))
    wait_part = WAIT_PARTS.get(r.wait)
    if wait_part is not None:
        parts.append(wait_part)
    total = sum(map(_FU, parts))
    if total == 20 and not f.closed and rules.open_pinfu_fu:
        parts.append(OPEN_PINFU_PART)
        total = 30
    return -(-total // 10) * 10, tuple(parts)  # round_fu (never 25 here)
