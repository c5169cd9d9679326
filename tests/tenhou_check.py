"""Compares Tenpai with the Tenhou server's own scoring of real wins (tests/data)."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tenpai.riichi.records import read_record
from tenpai.riichi.score import Score, score

DATA = Path(__file__).parent / "data" / "tenhou-agari.jsonl.gz"

# Tenhou's yaku ids (validation README) -> Tenpai ids. Seat and round winds are per wind.
# fmt: off
TENHOU_YAKU = {
    0: "menzen_tsumo",
    1: "riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    7: "pinfu",
    8: "tanyao",
    9: "iipeikou",
    10: "yakuhai_seat",
    11: "yakuhai_seat",
    12: "yakuhai_seat",
    13: "yakuhai_seat",
    14: "yakuhai_round",
    15: "yakuhai_round",
    16: "yakuhai_round",
    17: "yakuhai_round",
    18: "yakuhai_haku",
    19: "yakuhai_hatsu",
    20: "yakuhai_chun",
    21: "double_riichi",
    22: "chiitoitsu",
    23: "chanta",
    24: "ittsu",
    25: "sanshoku_doujun",
    26: "sanshoku_doukou",
    27: "sankantsu",
    28: "toitoi",
    29: "sanankou",
    30: "shousangen",
    31: "honroutou",
    32: "ryanpeikou",
    33: "junchan",
    34: "honitsu",
    35: "chinitsu",
    36: "renhou",
    37: "tenhou",
    38: "chiihou",
    39: "daisangen",
    40: "suuankou",
    41: "suuankou_tanki",
    42: "tsuuiisou",
    43: "ryuuiisou",
    44: "chinroutou",
    45: "chuuren",
    46: "junsei_chuuren",
    47: "kokushi",
    48: "kokushi_13",
    49: "daisuushii",
    50: "shousuushii",
    51: "suukantsu",
    52: "dora",
    53: "ura_dora",
    54: "aka_dora",
}
# fmt: on


def records() -> Iterator[dict[str, Any]]:
    """Yields every record of the real-data file."""
    with gzip.open(DATA, "rt", encoding="utf-8") as fh:
        for line in fh:
            yield json.loads(line)


def expected(rec: dict[str, Any]) -> dict[str, Any]:
    """Gets Tenhou's result in Tenpai's terms: han, fu, points, yaku multiset, yakuman."""
    th = rec["tenhou"]
    yaku = sorted((TENHOU_YAKU[y["id"]], y["han"]) for y in th["yaku"] if y["han"] > 0)
    yakuman = sorted(TENHOU_YAKU[y["id"]] for y in th["yakuman"])
    return {
        "han": th["han"] if not yakuman else None,
        "fu": th["fu"] if not yakuman else None,
        "points": th["points"],
        "yaku": yaku,
        "yakuman": yakuman,
    }


def got(s: Score) -> dict[str, Any]:
    """Gets Tenpai's result in the same shape as :func:`expected`. Tenhou counts the kita of
    a three-player hand in its dora (yaku 52), so the two hits are added up here."""
    dora = {d.id: d.han for d in s.dora}
    if "kita" in dora:
        dora["dora"] = dora.get("dora", 0) + dora.pop("kita")
    yaku = sorted([(y.id, y.han) for y in s.yaku] + list(dora.items()))
    return {
        "han": s.han,
        "fu": s.fu,
        "points": s.points,
        "yaku": yaku,
        "yakuman": sorted(y.id for y in s.yakuman),
    }


def compare(rec: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any] | str]:
    """Scores one record and returns (expected, got or the error message)."""
    exp = expected(rec)
    try:
        hand, sit, rules = read_record(rec)
        return exp, got(score(hand, sit, rules))
    except Exception as e:  # a failure is reported, not raised, so every record is seen
        return exp, f"{type(e).__name__}: {e}"


def deltas_in_record_frame(rec: dict[str, Any], s: Score) -> list[int] | None:
    """Gets Tenpai's score changes per absolute seat of the record (four of them; at three
    players the fourth stays 0, as in Tenhou's logs)."""
    if s.deltas is None:
        return None
    w = rec["winner"]
    seats = s.rules.players
    out = [0, 0, 0, 0]
    for rel, d in enumerate(s.deltas[:seats]):
        out[(w + rel) % seats] = d
    return out
