"""A test-only reader of Tenhou mjlog XML, just enough to turn the wins of three-player games
into the records of the validation file (same fields: tests/tenhou_check.py compares them).

It reads ``<GO type>`` (bit 0x10: three players, 0x02: no red fives, 0x04: no open tanyao),
``<INIT seed oya>`` (round, honba, sticks), ``<N m>`` (to see a kita robbed), ``<REACH>`` and
``<AGARI>``: ``hai`` (the concealed tiles with the winning one), ``m`` (the meld codes),
``machi``, ``ten`` (fu, points, limit), ``yaku``/``yakuman``, ``doraHai``/``doraHaiUra``,
``who``/``fromWho``, ``ba`` (honba, sticks), ``sc`` (scores and changes, in hundreds) and
``paoWho``. A full log reader is the project's own business (``tenpai.records`` reads the
records); this one stays in the tests.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_TAG = re.compile(r"<(\w+)((?:\s+\w+=\"[^\"]*\")*)\s*/?>")
_ATTR = re.compile(r"(\w+)=\"([^\"]*)\"")
_RED = {16: "0m", 52: "0p", 88: "0s"}
# Tenhou yaku ids of the situation flags (validation README)
_FLAG_YAKU = {
    1: "riichi",
    21: "double_riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    37: "tenhou",
    38: "chiihou",
    36: "renhou",
}


def tile_text(t: int, aka: bool) -> str:
    """Writes the 136-index tile *t* in MPSZ (red fives as 0 when the table plays them)."""
    if aka and t in _RED:
        return _RED[t]
    k = t // 4
    return f"{k % 9 + 1}{'mpsz'[k // 9]}"


def decode_meld(m: int, aka: bool) -> dict[str, Any]:
    """Decodes a Tenhou meld code into a record meld (type, tiles, called tile, from_rel)."""
    from_rel = m & 3
    if m & 0x4:  # chi (never at three players)
        t = (m >> 10) // 3
        called = (m >> 10) % 3
        base = (t // 7) * 9 + t % 7
        tiles = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return _meld("chi", tiles, tiles[called], from_rel, aka)
    if m & 0x18:  # pon (0x08) or added kan (0x10)
        t = (m >> 9) // 3
        called = (m >> 9) % 3
        unused = (m >> 5) & 3
        four = [t * 4 + i for i in range(4)]
        if m & 0x8:
            three = [x for i, x in enumerate(four) if i != unused]
            return _meld("pon", three, three[called], from_rel, aka)
        three = [x for i, x in enumerate(four) if i != unused]
        return _meld("shouminkan", four, three[called], from_rel, aka)
    if m & 0x20:  # kita: a north set aside (three players)
        return {"type": "kita", "tiles": "4z", "called_tile": None, "from_rel": 0}
    hai0 = m >> 8
    four = [(hai0 // 4) * 4 + i for i in range(4)]
    if from_rel == 0:
        return _meld("ankan", four, None, 0, aka)
    return _meld("daiminkan", four, hai0, from_rel, aka)


def _meld(kind: str, tiles: list[int], called: int | None, rel: int, aka: bool) -> dict[str, Any]:
    return {
        "type": kind,
        "tiles": "".join(tile_text(t, aka) for t in tiles),
        "called_tile": tile_text(called, aka) if called is not None else None,
        "from_rel": rel,
    }


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x != ""]


def read_text(path: Path) -> str:
    """Reads one mjlog file (gzip or not)."""
    raw = path.read_bytes()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    return raw.decode("utf-8", errors="replace")


def go_type(text: str) -> int | None:
    """Gets the ``<GO type>`` of a log, or None when it has none."""
    m = re.search(r"<GO\s+type=\"(\d+)\"", text)
    return int(m.group(1)) if m else None


def wins(path: Path) -> Iterator[dict[str, Any]]:
    """Yields a record for every ``<AGARI>`` of the three-player game in *path*."""
    text = read_text(path)
    gt = go_type(text)
    if gt is None or not gt & 0x10:
        return
    aka, kuitan = not gt & 0x02, not gt & 0x04
    round_index = dealer = 0
    riichi_seen: set[int] = set()
    last_tag = ""
    last_kita_by: int | None = None
    n = 0
    for tag in _TAG.finditer(text):
        name, attrs = tag.group(1), dict(_ATTR.findall(tag.group(2)))
        if name == "INIT":
            round_index = _ints(attrs["seed"])[0]  # honba and sticks: the AGARI's ba=
            dealer = int(attrs["oya"])
            riichi_seen = set()
        elif name == "REACH" and attrs.get("step") == "2":
            riichi_seen.add(int(attrs["who"]))
        elif name == "N":
            code = int(attrs["m"])
            last_kita_by = int(attrs["who"]) if code & 0x20 and not code & 0x1C else None
        elif name == "AGARI":
            yield _record(
                path,
                n,
                attrs,
                aka=aka,
                kuitan=kuitan,
                round_index=round_index,
                dealer=dealer,
                second=last_tag == "AGARI",
                riichi=riichi_seen,
                kita_by=last_kita_by if last_tag == "N" else None,
                go=gt,
            )
            n += 1
        if name not in ("UN", "BYE", "DORA"):
            last_tag = name


def _record(
    path: Path,
    n: int,
    a: dict[str, str],
    *,
    aka: bool,
    kuitan: bool,
    round_index: int,
    dealer: int,
    second: bool,
    riichi: set[int],
    kita_by: int | None,
    go: int,
) -> dict[str, Any]:
    who, from_who = int(a["who"]), int(a["fromWho"])
    hai = _ints(a["hai"])
    machi = int(a["machi"])
    closed = "".join(tile_text(t, aka) for t in sorted(hai))
    melds = [decode_meld(m, aka) for m in _ints(a.get("m", ""))]
    yaku_pairs = _ints(a.get("yaku", ""))
    yaku = [{"id": yaku_pairs[i], "han": yaku_pairs[i + 1]} for i in range(0, len(yaku_pairs), 2)]
    yakuman = [{"id": y} for y in _ints(a.get("yakuman", ""))]
    fu, points, limit = _ints(a["ten"])
    ba = _ints(a["ba"])
    sc = _ints(a["sc"])
    ids = {y["id"] for y in yaku}
    flags: dict[str, Any] = {name: yid in ids for yid, name in _FLAG_YAKU.items()}
    if who in riichi and not flags["double_riichi"]:
        flags["riichi"] = True  # a yakuman lists no riichi
    if kita_by is not None and kita_by == from_who and who != from_who:
        flags["robbed_kita"] = True
    seat = (who - dealer) % 3
    return {
        "id": f"{path.name}#{n}",
        "ruleset": {"players": 3, "aka": aka, "kuitan": kuitan, "standard_rules": go <= 0xFF},
        "round": {"round_index": round_index, "honba": ba[0], "riichi_sticks": ba[1]},
        "round_wind": "ESWN"[round_index // 4],
        "seat_wind": "ESW"[seat],
        "winner": who,
        "from_who": from_who,
        "tsumo": who == from_who,
        "multi_ron_index": 1 if second else 0,
        "closed_tiles": closed,
        "win_tile": tile_text(machi, aka),
        "melds": melds,
        "dora_indicators": [tile_text(t, aka) for t in _ints(a.get("doraHai", ""))],
        "ura_dora_indicators": [tile_text(t, aka) for t in _ints(a.get("doraHaiUra", ""))],
        "flags": flags,
        "tenhou": {
            "fu": fu,
            "points": points,
            "limit": limit,
            "han": sum(y["han"] for y in yaku),
            "yaku": yaku,
            "yakuman": yakuman,
            "score_deltas": [sc[2 * i + 1] * 100 for i in range(4)],
            "pao_who": int(a["paoWho"]) if "paoWho" in a else None,
        },
    }


def nagashi(path: Path) -> Iterator[dict[str, Any]]:
    """Yields the nagashi mangan draws (``<RYUUKYOKU type="nm">``) of the three-player game in
    *path*: the seat that made it (the one the ``sc`` changes pay), the dealer, ``ba`` and the
    score changes."""
    text = read_text(path)
    gt = go_type(text)
    if gt is None or not gt & 0x10:
        return
    dealer = 0
    for tag in _TAG.finditer(text):
        name, attrs = tag.group(1), dict(_ATTR.findall(tag.group(2)))
        if name == "INIT":
            dealer = int(attrs["oya"])
        elif name == "RYUUKYOKU" and attrs.get("type") == "nm":
            sc = _ints(attrs["sc"])
            deltas = [sc[2 * i + 1] * 100 for i in range(4)]
            honba, sticks = _ints(attrs["ba"])
            for seat in (i for i in range(3) if deltas[i] > 0):
                yield {
                    "seat": seat,
                    "dealer": dealer,
                    "honba": honba,
                    "sticks": sticks,
                    "deltas": deltas,
                    "file": path.name,
                }
