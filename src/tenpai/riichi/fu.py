"""Fu of one reading, each part with its rule (riichi.md §7).

>>> [ (p.id, p.fu) for p in fu_parts_table() ][:3]
[('base', 20), ('closed_ron', 10), ('tsumo', 2)]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis import KANCHAN, PENCHAN, SHANPON, TANKI, format_set, is_seq, set_kind
from ..tiles import DRAGONS, is_yaochuu, tile_name
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


def fu_of(f: Facts, *, pinfu: bool) -> tuple[int, tuple[FuPart, ...]]:
    """Counts the fu of the reading *f*; *pinfu* tells whether the hand is awarded pinfu.

    Returns the rounded total and its parts (the rounding itself is not a part).
    """
    if f.form == "chiitoitsu":
        return 25, (FuPart("base", 25, "chiitoitsu"),)
    if f.form != "standard":
        return 0, ()
    rules, sit = f.rules, f.sit
    parts = [FuPart("base", 20)]
    if f.closed and not f.tsumo:
        parts.append(FuPart("closed_ron", 10))
    if f.tsumo and not pinfu:
        tsumo_fu = rules.rinshan_tsumo_fu if sit.rinshan else 2
        if tsumo_fu:
            parts.append(FuPart("tsumo", tsumo_fu))
    elif f.tsumo and pinfu and rules.pinfu_tsumo_fu:
        parts.append(FuPart("tsumo", rules.pinfu_tsumo_fu, "pinfu"))
    r = f.reading
    for code in r.decomposition.sets:
        if is_seq(code):
            continue
        k = set_kind(code)
        ron_shanpon = code == r.win_set and r.wait == SHANPON and not f.tsumo
        v = meld_fu(k, quad=False, concealed=not ron_shanpon)
        state = "open (ron)" if ron_shanpon else "closed"
        parts.append(FuPart("meld", v, f"{format_set(code)} {state}"))
    for m in f.hand.melds:
        if m.is_chi:
            continue
        k = m.kind
        v = meld_fu(k, quad=m.is_kan, concealed=m.type == "ankan")
        name = tile_name(k)
        shape = name[0] * (4 if m.is_kan else 3) + name[1]
        parts.append(FuPart("meld", v, f"{shape} {m.type}"))
    p = f.pair
    pair_fu = 0
    if p in DRAGONS:
        pair_fu = 2
    elif p == sit.seat_wind and p == sit.round_wind:
        pair_fu = rules.double_wind_pair_fu
    elif p in (sit.seat_wind, sit.round_wind):
        pair_fu = 2
    if pair_fu:
        name = tile_name(p)
        parts.append(FuPart("pair", pair_fu, name[0] * 2 + name[1]))
    if r.wait in (KANCHAN, PENCHAN, TANKI):
        parts.append(FuPart("wait", 2, r.wait))
    total = sum(x.fu for x in parts)
    if total == 20 and not f.closed and rules.open_pinfu_fu:
        parts.append(FuPart("open_pinfu", 10))
        total = 30
    return round_fu(total), tuple(parts)
