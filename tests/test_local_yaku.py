"""Local yaku (riichi wiki): every id scores on a hand and misses on a near one, the page's
examples give the stated values, variants change them as stated, standard scoring is unchanged.

Hands are in the one-line notation; the situation defaults to the spec's (non-dealer South
seat, East round, no dora, the ``bareme`` rules).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from tenhou_check import compare, records
from tenpai.cli import main
from tenpai.errors import InvalidSituation, NotAWinningHand, NoYaku, RulesError
from tenpai.hand import Hand
from tenpai.interchange import score_record
from tenpai.riichi import Situation, find_rules, load_rules
from tenpai.riichi.explain import render_text
from tenpai.riichi.local import (
    LOCAL_IDS,
    local_rows,
    local_waits,
    local_yaku_row,
    maneman_awards,
)
from tenpai.riichi.records import read_record
from tenpai.riichi.score import Score, score
from tenpai.riichi.situation import parse_wind

# Tenpai's index of the local yaku, in its order.
SPEC_INDEX = [
    "tsubame_gaeshi",
    "shiiaru_raotai",
    "kanburi",
    "sangen_chiitoitsu",
    "suushi_chiitoitsu",
    "uushin_tsuukan",
    "sanrenkou",
    "sanshoku_renkou",
    "sanshoku_tsuukan",
    "tanron",
    "kyandonhou",
    "ryandoukou",
    "shoutate",
    "choupaikou",
    "sujipaikou",
    "chousankou",
    "sanshoku_choupaikou",
    "sanshoku_sujipaikou",
    "sanshoku_chousankou",
    "suuzuukou",
    "open_riichi",
    "open_double_riichi",
    "isshoku_sanjun",
    "sanpuukou",
    "otakaze_sankou",
    "uumensai",
    "renkaihou",
    "mondeikou",
    "ittsuu_chanta",
    "jun_ittsuu_chanta",
    "tanfonhou",
    "hontanfon",
    "chintanfon",
    "chinpeikou",
    "kinkei_dokuritsu",
    "touchao_hanchanshue",
    "uupin_kaihou",
    "ryanzou_chankan",
    "iipin_mouyue",
    "chuupin_raoyui",
    "shanron_chonchu",
    "chiishin_uushii",
    "maneman",
    "paarenchan",
    "pouhoi_paarenchan",
    "ishino_uenimo_sannen",
    "toukanhou",
    "shiisanpuutaa",
    "shiisanuushi",
    "suurenkou",
    "suuchoupaikou",
    "daisharin",
    "daichikurin",
    "daisuurin",
    "shousharin",
    "shouchikurin",
    "shousuurin",
    "isshoku_yonjun",
    "hyakuman_goku",
    "kachoufuugetsu",
    "fuukasetsugetsu",
    "kouitten",
    "benikujaku",
    "kokuiisou",
    "ryuuiisourin",
    "kouittenrin",
    "golden_gate_bridge",
    "nanboku_sensou",
    "touhoku_jidoushadou",
    "touhoku_shinkansen",
    "aonodoumon",
    "chousangen",
    "daichisei",
    "junsei_ryuuiisou",
    "chousuushi",
]

RIICHI_DECL = {"discard_was_riichi_declaration": True}
FIRST_DRAW = {"first_turn_uninterrupted": True}
DEALER_7 = {"paarenchan_counter": {"E": 7}}


def win(text: str, ids: str | Iterable[str] = (), **kw: Any) -> Score:
    """Scores *text* with the local yaku *ids* enabled; *kw*: ``seat``, ``round``, ``flags``,
    ``options`` (local variants), ``rules`` (other rule options), Situation fields."""
    enabled = ids if isinstance(ids, str) else ",".join(ids)
    rules = find_rules("bareme").with_options(
        local_yaku=enabled, local_options=kw.pop("options", {}), **kw.pop("rules", {})
    )
    sit = Situation(
        seat_wind=parse_wind(kw.pop("seat", "S")),
        round_wind=parse_wind(kw.pop("round", "E")),
        flags=tuple(kw.pop("flags", {}).items()),
        **kw,
    )
    return score(Hand.parse(text), sit, rules)


def hits(s: Score) -> dict[str, int]:
    """Gets every counted yaku (and yakuman) with its han (or multiple)."""
    return {y.id: y.han for y in (*s.yaku, *s.yakuman)}


def has(yaku_id: str, text: str, **kw: Any) -> bool:
    """Tells whether *yaku_id* counts for *text* (an invalid or yaku-less win: no)."""
    ids = {yaku_id, *kw.pop("also", ())}
    try:
        return yaku_id in hits(win(text, ids, **kw))
    except (NoYaku, NotAWinningHand):
        return False


# ---- every local yaku scores, with the spec's values ----------------------------------------
# (id, hand, situation and options, value of the yaku (han or yakuman multiple), points);
# the spec examples first (points as stated there), then hands built for the ids it leaves
# without an example.

# fmt: off
HITS: list[tuple[str, str, dict[str, Any], int, int]] = [
    ("tsubame_gaeshi", "123m567p67s88s | chi 345s ; ron 8s", {"flags": RIICHI_DECL}, 1, 1000),
    ("tsubame_gaeshi", "234m678p45667s88s ; ron 5s", {"flags": RIICHI_DECL}, 1, 3900),
    ("shiiaru_raotai", "6z | pon 999s, pon 222p, chi 406p, chi 123p ; ron 6z", {}, 1, 2000),
    ("shiiaru_raotai", "8m | pon 777z, ankan 1111s, chi 234p, pon 999m ; ron 8m", {}, 1, 4500),
    ("kanburi", "23456m789p234s11s ; ron 7m", {"flags": {"discarder_just_declared_kan": 1}}, 1,
     2000),
    ("sangen_chiitoitsu", "22m44m33p77p55z66z7z ; ron 7z", {}, 1, 3200),
    ("suushi_chiitoitsu", "22m44m33p11z22z33z4z ; tsumo 4z", {}, 1, 6400),
    ("uushin_tsuukan", "12346789m22p333z ; ron 5m", {}, 1, 5200),
    ("uushin_tsuukan", "12346789m55s | pon 777z ; ron 5m", {}, 1, 3900),
    ("sanrenkou", "999p45s11z | pon 777p, pon 888p ; ron 3s", {}, 2, 2600),
    ("sanrenkou", "222333444m678p8s ; ron 8s", {}, 2, 8000),
    ("sanshoku_renkou", "333m444p555s78m99s ; ron 9m", {}, 2, 8000),
    ("sanshoku_tsuukan", "12m456p789s333z11z ; ron 3m", {}, 2, 3200),
    ("sanshoku_tsuukan", "123m789s333z1z | chi 456p ; ron 1z", {}, 1, 1300),
    ("tanron", "123m456p789s333z1z ; ron 1z", {"also": ["sanshoku_tsuukan"]}, 3, 6400),
    ("kyandonhou", "234m678m234p67p55s ; ron 8p", {}, 2, 7700),
    ("ryandoukou", "666m444p666p8s | pon 444m ; ron 8s", {}, 2, 12000),
    ("shoutate", "44m888m44p444s789s ; ron 4m", {}, 2, 2600),
    ("choupaikou", "222m444m666m456s9s ; ron 9s", {}, 2, 8000),
    ("sujipaikou", "222m555m888m456s9s ; ron 9s", {}, 2, 8000),
    ("chousankou", "111m555m999m456s9s ; ron 9s", {}, 2, 8000),
    ("sanshoku_choupaikou", "111m555s999p7z | pon 333p ; ron 7z",
     {"also": ["sanshoku_chousankou"]}, 1, 12000),
    ("sanshoku_chousankou", "111m555s999p7z | pon 333p ; ron 7z",
     {"also": ["sanshoku_choupaikou"]}, 1, 12000),
    ("sanshoku_sujipaikou", "111m444p777s5z | pon 222m ; ron 5z", {}, 1, 8000),
    ("suuzuukou", "222z444z666z8m | pon 777z ; ron 8m", {}, 2, 24000),
    ("open_riichi", "234m678p45667s88s ; ron 5s", {"riichi": True, "flags": {"open_riichi": 1}},
     2, 7700),
    ("open_double_riichi", "234m678p45667s88s ; ron 5s",
     {"riichi": True, "double_riichi": True, "flags": {"open_double_riichi": True}}, 3, 8000),
    ("isshoku_sanjun", "789p6s | chi 345m, chi 345m, chi 345m ; ron 6s", {}, 2, 2000),
    ("isshoku_sanjun", "345345345m789p6s ; ron 6s", {}, 3, 5200),
    ("sanpuukou", "111z222z333z789m5p ; ron 5p", {"seat": "W"}, 2, 12000),
    ("otakaze_sankou", "222z333z444z789m5p ; ron 5p", {"seat": "E"}, 3, 12000),
    ("uumensai", "234m456p789s111z5z ; ron 5z", {}, 2, 6400),
    ("uumensai", "11m55m22p33s44z55z6z ; ron 6z", {}, 2, 6400),
    ("renkaihou", "34s567p99p | minkan 7777m, kakan 1111s ; tsumo 2s",
     {"rinshan": True, "flags": {"consecutive_kans_before_win": 2}}, 2, 3200),
    ("mondeikou", "340m0p333z | pon 777s, chi 406s ; ron 0p", {"seat": "W", "rules": {"aka": 4}},
     1, 12000),
    ("ittsuu_chanta", "123456789m123s2z ; ron 2z", {}, 3, 5200),
    ("jun_ittsuu_chanta", "123456789m789p1s ; ron 1s", {}, 4, 8000),
    ("tanfonhou", "222p444p234s888s3z ; ron 3z", {}, 3, 8000),
    ("tanfonhou", "22p44p88p22s66s11z5z ; ron 5z", {}, 3, 8000),
    ("tanfonhou", "222p444p234s666s8s ; ron 8s", {}, 3, 12000),
    ("chintanfon", "222p444p234s666s8s ; ron 8s", {}, 6, 16000),
    ("hontanfon", "222p444p234s888s3z ; ron 3z", {}, 3, 8000),
    ("chinpeikou", "223344m223344s9p ; ron 9p", {}, 3, 12000),
    ("kinkei_dokuritsu", "1s | pon 111m, pon 888s, chi 789m, ankan 7777p ; ron 1s", {}, 0, 8000),
    ("touchao_hanchanshue", "5z | pon 111m, pon 888s, chi 789m, chi 234p ; ron 5z", {}, 0,
     8000),
    ("uupin_kaihou", "34p567s111s99m | ankan 2222z ; tsumo 5p", {"seat": "W", "rinshan": True},
     0, 8000),
    ("ryanzou_chankan", "13s456m406p789s99s ; ron 2s", {"chankan": True}, 0, 8000),
    ("iipin_mouyue", "123m99m23p777p789s ; tsumo 1p", {"haitei": True}, 0, 8000),
    ("chuupin_raoyui", "222m234m99p11s222s ; ron 9p", {"houtei": True}, 0, 8000),
    ("shanron_chonchu", "123m567m123s56s99p ; ron 7s", {}, 0, 8000),
    ("chiishin_uushii", "14m25p369s123456z ; ron 7z", {}, 0, 8000),
    ("chiishin_uushii", "14m25p36s1234567z ; ron 9s", {}, 0, 8000),
    ("maneman", "234m678p45667s88s ; ron 5s",
     {"riichi": True, "discarder": 3, "flags": {"discards": {"E": "1z9m7z1p4z", "S": "1z9m7z1p4z"}},
      "options": {"maneman.settlement": "on_win"}}, 0, 8000),
    ("paarenchan", "234m678p45667s88s ; ron 5s",
     {"seat": "E", "riichi": True, "honba": 7, "flags": {"paarenchan_counter": 7}}, 1, 48000),
    ("pouhoi_paarenchan", "234m567p67s88s | chi 345s ; ron 8s",
     {"also": ["paarenchan"], "discarder": 2, "flags": DEALER_7}, 1, 32000),
    ("ishino_uenimo_sannen", "234m678p45667s88s ; ron 8s",
     {"riichi": True, "double_riichi": True, "houtei": True}, 1, 32000),
    ("toukanhou", "234p567p789s5z | ankan 1111m ; tsumo 5z",
     {"seat": "E", "rinshan": True, "flags": {**FIRST_DRAW, "kan_in_first_turn": "ankan"}}, 1,
     48000),
    ("shiisanpuutaa", "208m449p47s12345z ; tsumo 6z", {"flags": FIRST_DRAW}, 1, 32000),
    ("shiisanuushi", "208m149p47s12345z ; tsumo 6z", {"flags": FIRST_DRAW}, 1, 32000),
    ("suurenkou", "888s1z | pon 555s, pon 666s, pon 777s ; ron 1z", {}, 1, 32000),
    ("suurenkou", "11222333444m55m ; ron 1m", {}, 1, 32000),
    ("suurenkou", "11222333444m55m ; ron 5m", {}, 1, 32000),
    ("suurenkou", "11222333444m55m ; tsumo 5m", {}, 1, 64000),
    ("suuchoupaikou", "888m5z | pon 222m, pon 444m, pon 666m ; ron 5z", {}, 1, 32000),
    ("daisharin", "2233445566778p ; ron 8p", {}, 1, 32000),
    ("daichikurin", "2233445566778s ; tsumo 8s", {}, 1, 32000),
    ("daisuurin", "2233445566778m ; ron 8m", {}, 1, 32000),
    ("shousharin", "1122334455667p ; tsumo 7p", {}, 1, 32000),
    ("shouchikurin", "3344556677889s ; tsumo 9s", {}, 1, 32000),
    ("shousuurin", "1122334455667m ; ron 7m", {}, 1, 32000),
    ("isshoku_yonjun", "123123123123m5z ; ron 5z", {}, 1, 32000),
    ("isshoku_yonjun", "123m5z | chi 123m, chi 123m, chi 123m ; ron 5z", {}, 1, 32000),
    ("hyakuman_goku", "5666777888999m ; ron 7m", {}, 1, 32000),
    ("hyakuman_goku", "5666777888999m ; ron 6m", {}, 1, 32000),
    ("hyakuman_goku", "5666777888999m ; ron 5m", {}, 1, 64000),  # + suuankou tanki
    ("hyakuman_goku", "5m | ankan 9999m, ankan 8888m, ankan 7777m, ankan 6666m ; tsumo 5m", {},
     1, 96000),
    ("kachoufuugetsu", "555p111p2m | pon 111s, pon 111z ; ron 2m", {}, 1, 32000),
    ("fuukasetsugetsu", "555p111p2m | pon 555z, pon 111z ; ron 2m", {}, 1, 32000),
    ("kouitten", "234s666s888s777z2s ; ron 2s", {}, 1, 32000),
    ("benikujaku", "555s777s999s7z | pon 111s ; ron 7z", {}, 1, 32000),
    ("kokuiisou", "444p888p111z3z | pon 222p ; ron 3z", {}, 1, 32000),
    ("kokuiisou", "22p44p88p11z22z33z4z ; ron 4z", {}, 1, 32000),
    ("ryuuiisourin", "234s666s888s666z5s ; ron 5s", {}, 1, 32000),
    ("ryuuiisourin", "22s33s44s55s66s88s6z ; ron 6z", {}, 1, 32000),
    ("kouittenrin", "234s666s888s777z5s ; ron 5s", {}, 1, 32000),
    ("kouittenrin", "22s33s44s55s66s88s7z ; ron 7z", {}, 1, 32000),
    ("golden_gate_bridge", "123345567789m2s ; ron 2s", {}, 1, 32000),
    # (four fives of a suit: with red fives in the set, one of them is the red 0m)
    ("golden_gate_bridge", "1233405567789m ; ron 5m", {}, 1, 32000),
    ("nanboku_sensou", "1681m1568p222z44z ; ron 4z", {}, 1, 32000),
    ("touhoku_jidoushadou", "444p666p111z4z | pon 222p ; ron 4z", {}, 1, 32000),
    ("touhoku_shinkansen", "123456789s11z44z ; ron 4z", {}, 1, 32000),
    ("aonodoumon", "444p888p666z1z | pon 222p ; ron 1z", {}, 1, 32000),
    ("chousangen", "234m5s | minkan 5555z, ankan 6666z, kakan 7777z ; ron 5s", {}, 2, 64000),
    ("daichisei", "11z22z33z44z55z66z7z ; ron 7z", {}, 2, 64000),
    ("junsei_ryuuiisou", "223344s888s6s | chi 234s ; ron 6s", {}, 2, 64000),
    ("chousuushi", "5s | minkan 1111z, minkan 2222z, ankan 3333z, kakan 4444z ; ron 5s", {}, 4,
     128000),
]
# fmt: on
HITS_IDS = [f"{i}:{row[0]}" for i, row in enumerate(HITS)]


@pytest.mark.parametrize(("yaku_id", "text", "kw", "value", "points"), HITS, ids=HITS_IDS)
def test_local_yaku_scores(
    yaku_id: str, text: str, kw: dict[str, Any], value: int, points: int
) -> None:
    kw = dict(kw)
    if yaku_id in ("hontanfon", "chintanfon"):
        kw["options"] = {"tanfonhou.mode": "split"}
    s = win(text, {yaku_id, *kw.pop("also", ())}, **kw)
    assert hits(s).get(yaku_id) == value
    assert s.points == points


def test_every_index_id_has_a_hit_row() -> None:
    assert {row[0] for row in HITS} == set(SPEC_INDEX)


# ---- near misses: the same kind of hand, one condition off ---------------------------------

# fmt: off
NEAR_MISSES: list[tuple[str, str, dict[str, Any]]] = [
    ("tsubame_gaeshi", "234m678p45667s88s ; ron 5s", {}),
    ("shiiaru_raotai", "6z | pon 999s, pon 222p, chi 406p, chi 123p ; tsumo 6z", {}),
    ("kanburi", "23456m789p234s11s ; ron 7m", {}),
    ("sangen_chiitoitsu", "22m44m33p77p55z66z1z ; ron 1z", {}),
    ("suushi_chiitoitsu", "22m44m33p11z22z33z5z ; tsumo 5z", {}),
    ("uushin_tsuukan", "12356789m22p333z ; ron 4m", {}),
    ("sanrenkou", "999p45s11z | pon 666p, pon 888p ; ron 3s", {}),
    ("sanshoku_renkou", "333m444p666s78m99s ; ron 9m", {}),
    ("sanshoku_tsuukan", "12m456m789s333z11z ; ron 3m", {}),
    ("tanron", "12m456p789s333z11z ; ron 3m", {"also": ["sanshoku_tsuukan"]}),
    ("kyandonhou", "234m678m234p67p55s ; ron 5p", {}),
    ("ryandoukou", "666m444p666s8s | pon 444m ; ron 8s", {}),
    ("shoutate", "44m888m55p444s789s ; ron 4m", {}),
    ("choupaikou", "222m444m777m456s9s ; ron 9s", {}),
    ("sujipaikou", "222m555m999m456s9s ; ron 9s", {}),
    ("chousankou", "111m555m888m456s9s ; ron 9s", {}),
    ("sanshoku_choupaikou", "111m666s999p7z | pon 333p ; ron 7z", {}),
    ("sanshoku_sujipaikou", "111m444p888s5z | pon 222m ; ron 5z", {}),
    ("sanshoku_chousankou", "111m555s888p7z | pon 333p ; ron 7z", {}),
    ("suuzuukou", "222z444z666z8m | pon 777m ; ron 8m", {}),
    ("open_riichi", "234m678p45667s88s ; ron 5s", {"riichi": True}),
    ("open_double_riichi", "234m678p45667s88s ; ron 5s",
     {"riichi": True, "flags": {"open_riichi": True}}),
    ("isshoku_sanjun", "345345m678m789p6s ; ron 6s", {}),
    ("sanpuukou", "111z222z789m5p | pon 555m ; ron 5p", {"seat": "W"}),
    ("otakaze_sankou", "222z333z444z789m5p ; ron 5p", {}),
    ("uumensai", "234m456p789s111z2z ; ron 2z", {}),
    ("renkaihou", "34s567p99p | minkan 7777m, kakan 1111s ; tsumo 2s",
     {"rinshan": True, "flags": {"consecutive_kans_before_win": 1}}),
    ("mondeikou", "340m5p333z | pon 777s, chi 406s ; ron 5p", {"seat": "W", "rules": {"aka": 4}}),
    ("ittsuu_chanta", "123456789m234s2z ; ron 2z", {}),
    ("jun_ittsuu_chanta", "123456789m123s2z ; ron 2z", {}),
    ("tanfonhou", "222p444p234s888s7z ; ron 7z", {}),
    ("hontanfon", "222p444p234s666s8s ; ron 8s",
     {"also": ["tanfonhou"], "options": {"tanfonhou.mode": "split"}}),
    ("chintanfon", "222p444p234s888s3z ; ron 3z",
     {"also": ["tanfonhou"], "options": {"tanfonhou.mode": "split"}}),
    ("chinpeikou", "223344m556677s9p ; ron 9p", {}),
    ("kinkei_dokuritsu", "9s | pon 111m, pon 888s, chi 789m, ankan 7777p ; ron 9s", {}),
    ("touchao_hanchanshue", "6z | pon 111m, pon 888s, chi 789m, chi 234p ; ron 6z", {}),
    ("uupin_kaihou", "34p567s111s99m | ankan 2222z ; tsumo 2p", {"seat": "W", "rinshan": True}),
    ("ryanzou_chankan", "24s456m406p789s99s ; ron 3s", {"chankan": True}),
    ("iipin_mouyue", "123m99m23p777p789s ; tsumo 4p", {"haitei": True}),
    ("chuupin_raoyui", "222m234m99p11s222s ; ron 1s", {"houtei": True}),
    ("shanron_chonchu", "234m456m234s45s99p ; ron 6s", {}),
    ("chiishin_uushii", "14m14p369s123456z ; ron 7z", {}),
    ("maneman", "234m678p45667s88s ; ron 5s",
     {"riichi": True, "flags": {"discards": {"E": "1z9m7z1p4z", "S": "1z9m7z1p3z"}},
      "options": {"maneman.settlement": "on_win"}}),
    ("paarenchan", "234m678p45667s88s ; ron 5s",
     {"seat": "E", "riichi": True, "flags": {"paarenchan_counter": 6}}),
    ("pouhoi_paarenchan", "234m567p67s88s | chi 345s ; ron 8s",
     {"also": ["paarenchan"], "flags": {"paarenchan_counter": {"E": 6}}}),
    ("ishino_uenimo_sannen", "234m678p45667s88s ; ron 8s", {"riichi": True, "double_riichi": True}),
    ("toukanhou", "234p567p789s5z | ankan 1111m ; tsumo 5z",
     {"seat": "E", "rinshan": True, "flags": {"kan_in_first_turn": "ankan"}}),
    ("shiisanpuutaa", "208m449p47s12345z ; tsumo 6z", {}),
    ("shiisanuushi", "208m149p46s12345z ; tsumo 6z", {"flags": FIRST_DRAW}),
    ("suurenkou", "888s1z | pon 555s, pon 666s, pon 999s ; ron 1z", {}),
    ("suuchoupaikou", "888m5z | pon 222m, pon 444m, pon 777m ; ron 5z", {}),
    ("daisharin", "2233445566778s ; ron 8s", {}),
    ("daichikurin", "2233445566778p ; ron 8p", {}),
    ("daisuurin", "2233445566778s ; ron 8s", {}),
    ("shousharin", "1122334455667s ; tsumo 7s", {}),
    ("shouchikurin", "1122334455667p ; tsumo 7p", {}),
    ("shousuurin", "1122334455667p ; tsumo 7p", {}),
    ("isshoku_yonjun", "123123123m456m5z ; ron 5z", {}),
    ("hyakuman_goku", "5666777888999m ; ron 4m", {}),
    ("kachoufuugetsu", "555p111p2m | pon 111s, pon 333z ; ron 2m", {}),
    ("fuukasetsugetsu", "555p111p2m | pon 666z, pon 111z ; ron 2m", {}),
    ("kouitten", "234s666s888s777z5s ; ron 5s", {}),
    ("benikujaku", "555s777s999s6z | pon 111s ; ron 6z", {}),
    ("kokuiisou", "444p666p111z3z | pon 222p ; ron 3z", {}),
    ("ryuuiisourin", "234s456s888s666z5s ; ron 5s", {}),
    ("kouittenrin", "234s456s888s777z5s ; ron 5s", {}),
    ("golden_gate_bridge", "123234567789m2s ; ron 2s", {}),
    ("nanboku_sensou", "11156688m222z44z ; ron 4z", {}),
    ("touhoku_jidoushadou", "444p666p111z3z | pon 222p ; ron 3z", {}),
    ("touhoku_shinkansen", "123456789s11z33z ; ron 3z", {}),
    ("aonodoumon", "444p888p666z1z | pon 222z ; ron 1z", {}),
    ("chousangen", "234m5s | pon 555z, ankan 6666z, kakan 7777z ; ron 5s", {}),
    ("daichisei", "11z22z33z44z55z66z7p ; ron 7p", {}),
    ("junsei_ryuuiisou", "223344s888s6z | chi 234s ; ron 6z", {}),
    ("chousuushi", "5s | pon 111z, minkan 2222z, ankan 3333z, kakan 4444z ; ron 5s", {}),
]
# fmt: on


@pytest.mark.parametrize(
    ("yaku_id", "text", "kw"), NEAR_MISSES, ids=[row[0] for row in NEAR_MISSES]
)
def test_local_yaku_near_miss(yaku_id: str, text: str, kw: dict[str, Any]) -> None:
    assert not has(yaku_id, text, **dict(kw))


def test_every_index_id_has_a_near_miss() -> None:
    assert {row[0] for row in NEAR_MISSES} == set(SPEC_INDEX)


# ---- standard values the spec quotes beside its examples -----------------------------------


@pytest.mark.parametrize(
    ("text", "kw", "points"),
    [
        ("234m678p45667s88s ; ron 5s", {"flags": RIICHI_DECL}, 2000),
        ("23456m789p234s11s ; ron 7m", {}, 1000),
        ("22m44m33p77p55z66z7z ; ron 7z", {}, 1600),
        ("12346789m22p333z ; ron 5m", {}, 2600),
        ("222333444m678p8s ; ron 8s", {}, 6400),
        ("333m444p555s78m99s ; ron 9m", {}, 3200),
        ("234m678m234p67p55s ; ron 8p", {}, 2000),
        ("111m555s999p7z | pon 333p ; ron 7z", {}, 8000),
        ("222z444z666z8m | pon 777z ; ron 8m", {}, 16000),
        ("234m678p45667s88s ; ron 5s", {"riichi": True}, 3900),
        ("345345345m789p6s ; ron 6s", {}, 3200),
        ("111z222z333z789m5p ; ron 5p", {"seat": "W"}, 8000),
        ("222z333z444z789m5p ; ron 5p", {"seat": "E"}, 5800),
        ("234m456p789s111z5z ; ron 5z", {}, 1600),
        ("34s567p99p | minkan 7777m, kakan 1111s ; tsumo 2s", {"rinshan": True}, 1600),
        ("123456789m123s2z ; ron 2z", {}, 2600),
        ("223344m223344s9p ; ron 9p", {}, 5200),
        ("34p567s111s99m | ankan 2222z ; tsumo 5p", {"seat": "W", "rinshan": True}, 4700),
        ("13s456m406p789s99s ; ron 2s", {"chankan": True}, 2600),
        ("123m99m23p777p789s ; tsumo 1p", {"haitei": True}, 2000),
        ("222m234m99p11s222s ; ron 9p", {"houtei": True}, 1600),
        ("123m567m123s56s99p ; ron 7s", {}, 1000),
        ("2233445566778p ; ron 8p", {}, 24000),
        ("5666777888999m ; ron 4m", {}, 16000),
        (
            "234m678p45667s88s ; ron 8s",
            {"riichi": True, "double_riichi": True, "houtei": True},
            8000,
        ),
    ],
)
def test_standard_value_without_the_local_yaku(text: str, kw: dict[str, Any], points: int) -> None:
    assert win(text, **dict(kw)).points == points


@pytest.mark.parametrize(
    "text",
    [
        "123m567p67s88s | chi 345s ; ron 8s",
        "6z | pon 999s, pon 222p, chi 406p, chi 123p ; ron 6z",
        "999p45s11z | pon 777p, pon 888p ; ron 3s",
        "44m888m44p444s789s ; ron 4m",
        "789p6s | chi 345m, chi 345m, chi 345m ; ron 6s",
        "1s | pon 111m, pon 888s, chi 789m, ankan 7777p ; ron 1s",
    ],
)
def test_no_yaku_without_the_local_yaku(text: str) -> None:
    with pytest.raises(NoYaku):
        win(text)


@pytest.mark.parametrize(
    ("text", "kw", "yakuman"),
    [
        ("234m5s | minkan 5555z, ankan 6666z, kakan 7777z ; ron 5s", {}, {"daisangen": 1}),
        ("11z22z33z44z55z66z7z ; ron 7z", {}, {"tsuuiisou": 1}),
        ("223344s888s6s | chi 234s ; ron 6s", {}, {"ryuuiisou": 1}),
        (
            "5s | minkan 1111z, minkan 2222z, ankan 3333z, kakan 4444z ; ron 5s",
            {},
            {"daisuushii": 1, "suukantsu": 1},
        ),
    ],
)
def test_multiple_yakuman_not_enabled_score_as_their_base(
    text: str, kw: dict[str, Any], yakuman: dict[str, int]
) -> None:
    assert hits(win(text, **kw)) == yakuman


def test_junsei_ryuuiisou_off_with_hatsu_required_is_tanyao_chinitsu() -> None:
    s = win("223344s888s6s | chi 234s ; ron 6s", rules={"ryuuiisou_requires_hatsu": True})
    assert hits(s) == {"tanyao": 1, "chinitsu": 5}


# ---- variants --------------------------------------------------------------------------------

# fmt: off
VARIANTS: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
    # (ids, hand, situation, {yaku: value} that must count, None = must not count;
    #  "points": the hand's points)
    ("shiiaru_raotai", "6z | pon 999s, pon 222p, chi 406p, chi 123p ; tsumo 6z",
     {"options": {"shiiaru_raotai.win_type": "ron_or_tsumo"}}, {"shiiaru_raotai": 1}),
    ("shiiaru_raotai", "8m | pon 777z, ankan 1111s, chi 234p, pon 999m ; ron 8m",
     {"options": {"shiiaru_raotai.ankan_counts": False}}, {"shiiaru_raotai": None, "points": 2300}),
    ("sanshoku_tsuukan,tanron", "123m456p789s333z1z ; ron 1z",
     {"options": {"tanron.tanron_han": 4}}, {"tanron": 4, "sanshoku_tsuukan": None}),
    ("kyandonhou", "678m678p345p34s99m ; ron 5s",
     {"options": {"kyandonhou.same_suit_pair_required": False}}, {"kyandonhou": 2}),
    ("kyandonhou", "678m678p345p34s99m ; ron 5s", {}, {"kyandonhou": None}),
    ("kyandonhou", "234p678p9m | chi 234m, chi 678m ; ron 9m",
     {"options": {"kyandonhou.open_han": 1}}, {"kyandonhou": 1, "points": 1000}),
    ("ryandoukou", "666m444p666s8s | pon 444m ; ron 8s",
     {"options": {"ryandoukou.same_suit_pair_required": "false"}}, {"ryandoukou": 2}),
    ("shoutate", "444m444p444s678s5p ; ron 5p", {}, {"sanshoku_doukou": 3}),
    ("shoutate", "444m444p444s678s5p ; ron 5p",
     {"options": {"shoutate.raise_sanshoku_doukou": False}}, {"sanshoku_doukou": 2}),
    ("", "444m444p444s678s5p ; ron 5p", {}, {"sanshoku_doukou": 2}),
    ("sanshoku_choupaikou,sanshoku_chousankou", "111m555s999p7z | pon 333p ; ron 7z",
     {"options": {"sanshoku_choupaikou.han": 2, "sanshoku_chousankou.han": 2}},
     {"sanshoku_choupaikou": 2, "sanshoku_chousankou": 2, "points": 16000}),
    ("open_riichi", "234m678p45667s88s ; ron 5s",
     {"riichi": True, "flags": {"open_riichi": True, "discarder_in_riichi": True,
                                "discarder_riichi_before_open_riichi": True},
      "options": {"open_riichi.deal_in_penalty": "yakuman"}}, {"open_riichi": 2, "points": 7700}),
    # a discarder in riichi never pays the penalty by default ("a non-riichi player deals
    # into an open-riichi hand"); exempt_earlier_riichi spares only the earlier riichi
    ("open_riichi", "234m678p45667s88s ; ron 5s",
     {"riichi": True, "flags": {"open_riichi": True, "discarder_in_riichi": True},
      "options": {"open_riichi.deal_in_penalty": "yakuman"}}, {"open_riichi": 2, "points": 7700}),
    ("open_riichi", "234m678p45667s88s ; ron 5s",
     {"riichi": True, "flags": {"open_riichi": True},
      "options": {"open_riichi.deal_in_penalty": "yakuman"}}, {"open_riichi": 1, "points": 32000}),
    ("open_riichi", "234m678p45667s88s ; ron 5s",
     {"riichi": True, "flags": {"open_riichi": True, "discarder_in_riichi": True},
      "options": {"open_riichi.deal_in_penalty": "yakuman",
                  "open_riichi.exempt_earlier_riichi": True}},
     {"open_riichi": 1, "points": 32000}),
    ("open_riichi", "234m678p45667s88s ; tsumo 5s",
     {"riichi": True, "flags": {"open_riichi": True},
      "options": {"open_riichi.deal_in_penalty": "yakuman"}}, {"open_riichi": 2}),
    ("open_riichi,open_double_riichi", "234m678p45667s88s ; ron 5s",
     {"riichi": True, "double_riichi": True, "flags": {"open_double_riichi": True},
      "options": {"open_riichi.deal_in_penalty": "yakuman"}},
     {"open_double_riichi": 1, "points": 32000}),
    ("isshoku_sanjun", "789p6s | chi 345m, chi 345m, chi 345m ; ron 6s",
     {"options": {"isshoku_sanjun.closed_han": 2}}, {"isshoku_sanjun": 1, "points": 1000}),
    ("isshoku_sanjun", "789p6s | chi 345m, chi 345m, chi 345m ; ron 6s",
     {"options": {"isshoku_sanjun.open": "not_allowed"}}, {"no_yaku": True}),
    ("otakaze_sankou", "222z333z444z789m5p ; ron 5p",
     {"seat": "E", "options": {"otakaze_sankou.han": 2}}, {"otakaze_sankou": 2, "points": 12000}),
    ("uumensai", "234m456p789s111z5z ; ron 5z", {"options": {"uumensai.value": 5}},
     {"uumensai": 5, "points": 12000}),
    ("uumensai", "234m456p789s111z5z ; ron 5z", {"options": {"uumensai.value": "yakuman"}},
     {"uumensai": 1, "points": 32000}),
    ("uumensai", "11m55m22p33s44z55z6z ; ron 6z",
     {"options": {"uumensai.allow_chiitoitsu": False}}, {"uumensai": None}),
    ("uumensai", "234m789s111z5z | chi 456p ; ron 5z",
     {"options": {"uumensai.closed_only": True}}, {"uumensai": None}),
    ("uumensai", "234m456p789s111z5z ; ron 5z",
     {"options": {"uumensai.restriction": "honour_pair"}}, {"uumensai": 2}),
    ("uumensai", "234m456p789s111z5z ; ron 5z",
     {"options": {"uumensai.restriction": "toitoi"}}, {"uumensai": None}),
    ("renkaihou", "34s99p | minkan 7777m, kakan 1111s, ankan 0555p ; tsumo 2s",
     {"rinshan": True, "flags": {"consecutive_kans_before_win": 3},
      "options": {"renkaihou.extra_han_per_kan": 1}}, {"renkaihou": 3, "rinshan": None}),
    ("mondeikou", "340m0p333z | pon 777s, chi 406s ; ron 0p",
     {"seat": "W", "rules": {"aka": 4}, "options": {"mondeikou.mode": "minus4"}},
     {"mondeikou": -4, "yakuhai_seat": 1, "points": 1300}),
    ("uupin_kaihou", "34p567s111s99m | ankan 2222z ; tsumo 5p",
     {"seat": "W", "rinshan": True, "options": {"uupin_kaihou.scoring": "plus_one"}},
     {"uupin_kaihou": 1, "points": 8000}),
    ("uupin_kaihou", "34p567s111s99m | ankan 2222z ; tsumo 5p",
     {"seat": "W", "rinshan": True, "options": {"uupin_kaihou.scoring": "max"}},
     {"uupin_kaihou": 1, "points": 8000}),
    ("iipin_mouyue", "123m99m23p777p789s ; tsumo 1p",
     {"haitei": True, "options": {"iipin_mouyue.scoring": "plus_one"}},
     {"iipin_mouyue": 1, "points": 4000}),
    ("iipin_mouyue", "123m99m23p777p789s ; tsumo 1p",
     {"haitei": True, "options": {"iipin_mouyue.scoring": "max"}},
     {"iipin_mouyue": 1, "points": 8000}),
    ("kinkei_dokuritsu", "1s | pon 111m, pon 888s, chi 789m, ankan 7777p ; tsumo 1s",
     {}, {"kinkei_dokuritsu": 0, "points": 8000}),
    ("kinkei_dokuritsu", "1s | pon 111m, pon 888s, chi 789m, ankan 7777p ; tsumo 1s",
     {"options": {"kinkei_dokuritsu.scoring": "plus_one"}}, {"no_yaku": True}),
    ("kinkei_dokuritsu,shiiaru_raotai", "1s | pon 111m, pon 888s, chi 789m, ankan 7777p ; ron 1s",
     {"options": {"kinkei_dokuritsu.scoring": "plus_one"}},
     {"kinkei_dokuritsu": 1, "shiiaru_raotai": 1, "points": 3200}),
    ("shanron_chonchu", "123m456m123s45s55p ; ron 6s",
     {"options": {"shanron_chonchu.value": "yakuman_strict"}}, {"shanron_chonchu": 1}),
    ("shanron_chonchu", "123m567m123s56s99p ; ron 7s",
     {"options": {"shanron_chonchu.value": "yakuman_strict"}},
     {"shanron_chonchu": None, "points": 1000}),
    ("shanron_chonchu", "123m456s5p | chi 123s, chi 456m ; ron 5p",
     {"options": {"shanron_chonchu.value": "yakuman_strict"}}, {"no_yaku": True}),
    ("shanron_chonchu", "123m456s5p | chi 123s, chi 456m ; ron 5p",
     {"options": {"shanron_chonchu.value": "yakuman_strict",
                  "shanron_chonchu.yakuman_closed_only": False}}, {"shanron_chonchu": 1}),
    ("chiishin_uushii", "14m25p369s123456z ; ron 7z", {"options": {"chiishin_uushii.value":
                                                                    "yakuman"}},
     {"chiishin_uushii": 1, "points": 32000}),
    ("chiishin_uushii", "14m25p369s123456z ; tsumo 7z", {"riichi": True, "dora_indicators": (27,)},
     {"chiishin_uushii": 0, "riichi": None, "points": 8000}),
    ("paarenchan", "234m678p45667s88s ; ron 5s",
     {"riichi": True, "flags": {"paarenchan_counter": 7},
      "options": {"paarenchan.definition": "consecutive_wins"}}, {"paarenchan": 1}),
    ("paarenchan", "234m678p45667s88s ; ron 5s",
     {"riichi": True, "flags": {"paarenchan_counter": 7}}, {"paarenchan": None}),
    ("paarenchan", "123m567p67s88s | chi 345s ; ron 8s",
     {"seat": "E", "flags": {"paarenchan_counter": 7},
      "options": {"paarenchan.needs_yaku": False, "paarenchan.ryanhan_after": "none"}},
     {"paarenchan": 1, "points": 48000}),
    ("paarenchan", "123m567p67s88s | chi 345s ; ron 8s",
     {"seat": "E", "flags": {"paarenchan_counter": 7},
      "options": {"paarenchan.ryanhan_after": "none"}}, {"no_yaku": True}),
    ("paarenchan", "234m567p67s88s | chi 345s ; ron 8s",
     {"seat": "E", "flags": {"paarenchan_counter": 5}}, {"no_yaku": True}),
    ("paarenchan", "234m567p67s88s | chi 345s ; ron 8s",
     {"seat": "E", "flags": {"paarenchan_counter": 5},
      "options": {"paarenchan.ryanhan_after": "none"}}, {"tanyao": 1, "points": 1500}),
    ("paarenchan", "234m567p67s88s | chi 345s ; ron 8s",
     {"seat": "E", "flags": {"paarenchan_counter": 7}}, {"no_yaku": True}),
    ("paarenchan,pouhoi_paarenchan", "234m567p67s88s | chi 345s ; ron 8s",
     {"discarder": 2, "flags": DEALER_7,
      "options": {"pouhoi_paarenchan.win_type": "tsumo_or_ron_from_dealer"}},
     {"pouhoi_paarenchan": None, "points": 1000}),
    ("paarenchan,pouhoi_paarenchan", "234m567p67s88s | chi 345s ; ron 8s",
     {"discarder": 3, "flags": DEALER_7,
      "options": {"pouhoi_paarenchan.win_type": "tsumo_or_ron_from_dealer"}},
     {"pouhoi_paarenchan": 1}),
    ("ishino_uenimo_sannen", "234m678p45667s88s ; ron 8s",
     {"riichi": True, "double_riichi": True, "houtei": True,
      "options": {"ishino_uenimo_sannen.allow_houtei": False}}, {"ishino_uenimo_sannen": None}),
    ("ishino_uenimo_sannen", "234m678p45667s88s ; tsumo 8s",
     {"riichi": True, "double_riichi": True, "haitei": True,
      "options": {"ishino_uenimo_sannen.allow_houtei": False}}, {"ishino_uenimo_sannen": 1}),
    ("toukanhou", "234p567p789s5z | minkan 1111m ; tsumo 5z",
     {"seat": "E", "rinshan": True, "flags": {**FIRST_DRAW, "kan_in_first_turn": "minkan"}},
     {"toukanhou": 1}),
    ("toukanhou", "234p567p789s5z | minkan 1111m ; tsumo 5z",
     {"seat": "E", "rinshan": True, "flags": {**FIRST_DRAW, "kan_in_first_turn": "minkan"},
      "options": {"toukanhou.kan_types": "ankan_only"}}, {"toukanhou": None}),
    ("toukanhou", "234p567p789s5z | ankan 1111m ; tsumo 5z",
     {"rinshan": True, "flags": {**FIRST_DRAW, "kan_in_first_turn": "ankan"},
      "options": {"toukanhou.dealer_only": True}}, {"toukanhou": None}),
    ("daisharin", "2233445566778s ; tsumo 8s", {"options": {"daisharin.suits": "all"}},
     {"daichikurin": 1}),
    ("daisharin", "2233445566778m ; ron 8m", {"options": {"daisharin.suits": "all"}},
     {"daisuurin": 1}),
    ("shousharin", "1122334455667p ; tsumo 7p", {"options": {"shousharin.value": "sanbaiman"}},
     {"shousharin": 0, "chinitsu": 6, "points": 24000}),
    ("shousharin", "3344556677889s ; tsumo 9s", {"options": {"shousharin.suits": "all"}},
     {"shouchikurin": 1}),
    ("isshoku_yonjun", "123m5z | chi 123m, chi 123m, chi 123m ; ron 5z",
     {"options": {"isshoku_yonjun.closed_only": True}}, {"isshoku_yonjun": None, "honitsu": 2}),
    ("hyakuman_goku", "5666777888999m ; ron 7m",
     {"options": {"hyakuman_goku.threshold": "exactly_100"}}, {"hyakuman_goku": None}),
    ("hyakuman_goku", "5666777888999m ; ron 5m",
     {"options": {"hyakuman_goku.exact_100_double": True}}, {"hyakuman_goku": 2}),
    ("hyakuman_goku", "5666777888999m ; ron 6m",
     {"options": {"hyakuman_goku.exact_100_double": True}}, {"hyakuman_goku": 1}),
    ("hyakuman_goku", "6777888999m | pon 111z ; ron 6m",
     {"options": {"hyakuman_goku.allow_honitsu": True}}, {"hyakuman_goku": None}),
    ("hyakuman_goku", "6m | ankan 9999m, ankan 8888m, ankan 7777m, pon 777z ; ron 6m",
     {"options": {"hyakuman_goku.allow_honitsu": True}}, {"hyakuman_goku": 1}),
    ("hyakuman_goku", "6m | ankan 9999m, ankan 8888m, ankan 7777m, pon 777z ; ron 6m", {},
     {"hyakuman_goku": None, "honitsu": 2}),
    ("kokuiisou", "444p888p111z3z | pon 222p ; ron 3z",
     {"options": {"kokuiisou.value": "sanbaiman"}}, {"kokuiisou": 0, "points": 24000}),
    ("golden_gate_bridge", "123345567789m2s ; ron 2s",
     {"options": {"golden_gate_bridge.chinitsu_only": True}}, {"no_yaku": True}),
    ("golden_gate_bridge", "1233405567789m ; ron 5m",
     {"options": {"golden_gate_bridge.pair_must_be_5": True}}, {"golden_gate_bridge": 1}),
    ("golden_gate_bridge", "123345567789m2s ; ron 2s",
     {"options": {"golden_gate_bridge.pair_must_be_5": True}}, {"no_yaku": True}),
    ("golden_gate_bridge", "1233405567789m ; ron 5m",
     {"options": {"golden_gate_bridge.double_if_pair_5": True}}, {"golden_gate_bridge": 2}),
    ("golden_gate_bridge", "345567789m2s | chi 123m ; ron 2s",
     {"options": {"golden_gate_bridge.closed_only": True}}, {"no_yaku": True}),
    ("nanboku_sensou", "11156688m222z44z ; ron 4z",
     {"options": {"nanboku_sensou.same_suit_allowed": True}}, {"nanboku_sensou": 1}),
    ("touhoku_shinkansen", "456789s11z44z | chi 123s ; ron 4z", {},
     {"touhoku_shinkansen": None, "honitsu": 2}),
    ("touhoku_shinkansen", "456789s11z44z | chi 123s ; ron 4z",
     {"options": {"touhoku_shinkansen.closed_only": False}}, {"touhoku_shinkansen": 1}),
    ("touhoku_shinkansen", "456789s11z44z | chi 123s ; ron 4z",
     {"options": {"touhoku_shinkansen.closed_only": False,
                  "touhoku_shinkansen.open_value": "haneman"}},
     {"touhoku_shinkansen": 0, "points": 12000}),
    ("touhoku_shinkansen", "123456789s11z44z ; ron 4z",
     {"options": {"touhoku_shinkansen.suit": "pinzu"}}, {"touhoku_shinkansen": None}),
    ("touhoku_shinkansen", "123456789s11z44z ; ron 4z",
     {"options": {"touhoku_shinkansen.suit": "souzu"}}, {"touhoku_shinkansen": 1}),
    ("chousuushi", "5s | minkan 1111z, minkan 2222z, ankan 3333z, kakan 4444z ; ron 5s",
     {"options": {"chousuushi.multiple": 3}}, {"chousuushi": 3, "points": 96000}),
]
# fmt: on


@pytest.mark.parametrize(("ids", "text", "kw", "expect"), VARIANTS)
def test_variants(ids: str, text: str, kw: dict[str, Any], expect: dict[str, Any]) -> None:
    if expect.get("no_yaku"):
        with pytest.raises(NoYaku):
            win(text, ids, **dict(kw))
        return
    s = win(text, ids, **dict(kw))
    got = hits(s)
    for key, value in expect.items():
        if key == "points":
            assert s.points == value
        else:
            assert got.get(key) == value, (key, got)


def test_tsubame_gaeshi_riichi_stick_variant() -> None:
    kw: dict[str, Any] = {"flags": RIICHI_DECL, "discarder": 3}
    assert win("234m678p45667s88s ; ron 5s", "tsubame_gaeshi", **kw).deltas == (3900, 0, 0, -3900)
    paid = win(
        "234m678p45667s88s ; ron 5s",
        "tsubame_gaeshi",
        options={"tsubame_gaeshi.riichi_stick": "paid_to_winner"},
        **kw,
    )
    assert paid.deltas == (4900, 0, 0, -4900)


def test_paarenchan_example_pays_dealer_yakuman_and_honba() -> None:
    s = win(
        "234m678p45667s88s ; ron 5s",
        "paarenchan",
        seat="E",
        riichi=True,
        honba=7,
        discarder=2,
        flags={"paarenchan_counter": 7},
    )
    assert [(p.payer, p.amount, p.honba) for p in s.payments] == [(2, 48000, 2100)]


def test_suurenkou_pao_variant_splits_the_ron() -> None:
    # sekinin barai: the player across fed the last of the four called triplets
    text = "1z | pon 555s, pon 666s, pon 777s, pon 888s:across ; ron 1z"
    plain = win(text, "suurenkou", discarder=1)
    assert [(p.payer, p.amount) for p in plain.payments] == [(1, 32000)]
    with pytest.raises(InvalidSituation, match="liability applies only to Daisangen"):
        win(text, "suurenkou", discarder=1, pao=2)  # without the option, nobody is liable
    pao = win(text, "suurenkou", discarder=1, pao=2, options={"suurenkou.pao": True})
    assert [(p.payer, p.amount, p.reason) for p in pao.payments] == [
        (1, 16000, "ron"),
        (2, 16000, "pao"),
    ]


def test_isshoku_yonjun_pao_variant_on_tsumo() -> None:
    # only the player on the left can feed a chi, so only he can be liable
    text = "5z | chi 123m, chi 123m, chi 123m, chi 123m ; tsumo 5z"
    s = win(text, "isshoku_yonjun", pao=3, options={"isshoku_yonjun.pao": True})
    assert [(p.payer, p.amount, p.reason) for p in s.payments] == [(3, 32000, "pao")]
    for across in (1, 2):
        with pytest.raises(InvalidSituation, match="fed none of the called sets"):
            win(text, "isshoku_yonjun", pao=across, options={"isshoku_yonjun.pao": True})
    with pytest.raises(InvalidSituation, match="needs 4 called sets"):
        win(
            "123m5z | chi 123m, chi 123m, chi 123m ; tsumo 5z",
            "isshoku_yonjun",
            pao=3,
            options={"isshoku_yonjun.pao": True},
        )


# ---- maneman: paid during play, or on the win ------------------------------------------------


def test_maneman_example_paid_during_play() -> None:
    rules = find_rules("bareme").with_options(local_yaku="maneman")
    discards = {"E": "1z9m7z1p4z", "S": "1z9m7z1p4z", "W": "19p", "N": ""}
    (award,) = maneman_awards(discards, rules)
    assert (award.imitator, award.imitated, award.points) == (28, 27, 8000)


@pytest.mark.parametrize(
    ("discards", "options", "expected"),
    [
        (
            {"E": "1z9m7z1p4z", "S": ["1z", "9m", {"tile": "7z", "called": True}, "1p", "4z"]},
            {},
            [],
        ),
        ({"E": "1z9m7z1p4z6s", "S": "1z9m7z1p4z6s"}, {"maneman.turns": 6}, [(28, 27, 8000)]),
        ({"E": "1z9m7z1p4z", "S": "1z9m7z1p4z"}, {"maneman.turns": 6}, []),
        ({"S": "1z9m7z1p4z", "W": "1z9m7z1p4z"}, {"maneman.dealer_only": True}, []),
        ({"S": "1z9m7z1p4z", "W": "1z9m7z1p4z"}, {}, [(29, 28, 8000)]),
        ({"W": "1z9m7z1p4z", "S": "1z9m7z1p4z"}, {}, [(29, 28, 8000)]),
        (
            {"E": "1z9m7z1p4z3z2z", "N": "1z9m7z1p4z3z2z"},
            {"maneman.escalation": "by_turns"},
            [(30, 27, 12000)],
        ),
        (
            {"S": "1z9m7z1p4z3z2z5m5p", "E": "1z9m7z1p4z3z2z5m5p"},
            {"maneman.escalation": "by_turns"},
            [(28, 27, 16000)],
        ),
        ({"E": "1z9m7z1p4z", "S": "1z9m7z1p4z"}, {"maneman.settlement": "on_win"}, []),
    ],
)
def test_maneman_awards_variants(
    discards: dict[str, Any], options: dict[str, Any], expected: list[tuple[int, int, int]]
) -> None:
    rules = find_rules("bareme").with_options(local_yaku="maneman", local_options=options)
    got = [(a.imitator, a.imitated, a.points) for a in maneman_awards(discards, rules)]
    assert got == expected


def test_maneman_on_win_the_imitated_player_pays_the_whole_hand() -> None:
    s = win(
        "234m678p45667s88s ; ron 5s",
        "maneman",
        riichi=True,
        discarder=1,
        honba=1,
        flags={"discards": {"E": "1z9m7z1p4z", "S": "1z9m7z1p4z"}},
        options={"maneman.settlement": "on_win"},
    )
    # East (the dealer, left of South) was copied: he pays the mangan and the honba
    assert [(p.payer, p.amount, p.honba, p.reason) for p in s.payments] == [
        (3, 8000, 300, "liable")
    ]


# ---- interactions with the standard yaku -------------------------------------------------------


def test_daisharin_beats_chinitsu_ryanpeikou_and_is_off_by_default() -> None:
    assert hits(win("2233445566778p ; ron 8p", "daisharin")) == {"daisharin": 1}
    assert hits(win("2233445566778p ; ron 8p")) == {
        "pinfu": 1,
        "tanyao": 1,
        "ryanpeikou": 3,
        "chinitsu": 6,
    }


def test_chinpeikou_adds_to_ryanpeikou() -> None:
    assert hits(win("223344m223344s9p ; ron 9p", "chinpeikou")) == {
        "ryanpeikou": 3,
        "chinpeikou": 3,
    }


def test_sanshoku_tsuukan_is_not_ittsu_and_ittsu_is_not_sanshoku_tsuukan() -> None:
    assert hits(win("123456789m33p11s ; ron 3p", "sanshoku_tsuukan")) == {"ittsu": 2}
    assert hits(win("12m456p789s333z11z ; ron 3m", "sanshoku_tsuukan")) == {"sanshoku_tsuukan": 2}


@pytest.mark.parametrize(
    ("ids", "text", "kw", "present", "absent"),
    [
        ("isshoku_sanjun", "345345345m789p6s ; ron 6s", {}, "isshoku_sanjun", "iipeikou"),
        (
            "sanpuukou,otakaze_sankou",
            "222z333z444z789m5p ; ron 5p",
            {"seat": "E"},
            "otakaze_sankou",
            "sanpuukou",
        ),
        (
            "renkaihou",
            "34s567p99p | minkan 7777m, kakan 1111s ; tsumo 2s",
            {"rinshan": True, "flags": {"consecutive_kans_before_win": 2}},
            "renkaihou",
            "rinshan",
        ),
        (
            "open_riichi",
            "234m678p45667s88s ; ron 5s",
            {"riichi": True, "flags": {"open_riichi": True}},
            "open_riichi",
            "riichi",
        ),
        (
            "open_riichi,open_double_riichi",
            "234m678p45667s88s ; ron 5s",
            {"riichi": True, "double_riichi": True, "flags": {"open_riichi": True}},
            "open_double_riichi",
            "double_riichi",
        ),
        (
            "ittsuu_chanta,jun_ittsuu_chanta",
            "123456789m789p1s ; ron 1s",
            {},
            "jun_ittsuu_chanta",
            "ittsuu_chanta",
        ),
        ("ittsuu_chanta", "123456789m123s2z ; ron 2z", {}, "ittsuu_chanta", "ittsu"),
        (
            "chousangen",
            "234m5s | minkan 5555z, ankan 6666z, kakan 7777z ; ron 5s",
            {},
            "chousangen",
            "daisangen",
        ),
        (
            "daichisei,sangen_chiitoitsu",
            "11z22z33z44z55z66z7z ; ron 7z",
            {},
            "daichisei",
            "tsuuiisou",
        ),
        (
            "junsei_ryuuiisou",
            "223344s888s6s | chi 234s ; ron 6s",
            {},
            "junsei_ryuuiisou",
            "ryuuiisou",
        ),
        (
            "chousuushi",
            "5s | minkan 1111z, minkan 2222z, ankan 3333z, kakan 4444z ; ron 5s",
            {},
            "chousuushi",
            "suukantsu",
        ),
        (
            "tanron,sanshoku_tsuukan",
            "123m456p789s333z1z ; ron 1z",
            {},
            "tanron",
            "sanshoku_tsuukan",
        ),
        (
            "isshoku_yonjun,isshoku_sanjun",
            "123123123123m5z ; ron 5z",
            {},
            "isshoku_yonjun",
            "isshoku_sanjun",
        ),
    ],
)
def test_supersedes(ids: str, text: str, kw: dict[str, Any], present: str, absent: str) -> None:
    got = hits(win(text, ids, **dict(kw)))
    assert present in got
    assert absent not in got


def test_both_readings_of_triplets_and_sequences_are_scored() -> None:
    text = "345345345m789p6s ; ron 6s"
    both = win(text, "isshoku_sanjun,sanrenkou")
    assert (hits(both), both.points) == ({"sanankou": 2, "sanrenkou": 2}, 8000)
    assert hits(win(text, "isshoku_sanjun")) == {"isshoku_sanjun": 3}


def test_irregular_shapes_are_accepted_only_when_enabled() -> None:
    with pytest.raises(NotAWinningHand):
        win("14m25p369s123456z ; ron 7z")
    with pytest.raises(NotAWinningHand):
        win("1681m1568p222z44z ; ron 4z")
    rules = find_rules("bareme").with_options(local_yaku="chiishin_uushii")
    assert sorted(local_waits(Hand.parse("14m25p36s1234567z"), rules)) == [6, 16, 26]


def test_renhou_baiman_option_of_the_seed() -> None:
    text = "234m678p45667s88s ; ron 5s"
    values = {"mangan": 8000, "baiman": 16000, "yakuman": 32000, "mangan_yaku": 12000}
    for option, points in values.items():
        assert win(text, rules={"renhou": option}, renhou=True).points == points


# ---- rules, flags, records, explanations, command line ---------------------------------------


def test_tanfonhou_family_counts_once_by_its_mode() -> None:
    text = "222p444p234s888s3z ; ron 3z"
    family = "tanfonhou,hontanfon,chintanfon"
    assert hits(win(text, family)) == {"sanankou": 2, "tanfonhou": 3}
    # naming hontanfon alone plays its variant (the split mode)
    assert hits(win(text, "hontanfon")) == {"sanankou": 2, "hontanfon": 3}
    split = {"tanfonhou.mode": "split"}
    assert hits(win(text, family, options=split)) == {"sanankou": 2, "hontanfon": 3}


def test_local_rows_follow_the_index_order() -> None:
    rules = find_rules("bareme").with_options(local_yaku=",".join(SPEC_INDEX))
    order = [i for i in dict.fromkeys(y.id for y in local_rows(rules)) if i in SPEC_INDEX]
    # maneman is paid during play; the no-red family counts as tanfonhou (mode = unified)
    assert order == [i for i in SPEC_INDEX if i not in ("maneman", "hontanfon", "chintanfon")]
    assert tuple(SPEC_INDEX) == LOCAL_IDS


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"local_yaku": "sanrenkou,nope"}, "unknown local yaku 'nope'"),
        ({"local_yaku": "pouhoi_paarenchan"}, "needs 'paarenchan'"),
        ({"local_options": {"tanron.han": 4}}, "has no option 'han'"),
        ({"local_options": {"tanron": {"tanron_han": 9}}}, "takes one of 2, 3, 4, not 9"),
        ({"local_options": {"nope.value": 1}}, "unknown local yaku 'nope'"),
    ],
)
def test_rules_errors(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        find_rules("bareme").with_options(**changes)


def test_toml_ruleset_with_local_yaku_and_variants(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        'preset = "tenhou"\nlocal_yaku = ["chousuushi", "tanron"]\n'
        "[local_options.chousuushi]\nmultiple = 3\n[local_options]\n"
        '"tanron.tanron_han" = 4\n',
        encoding="utf-8",
    )
    rules = load_rules(path)
    assert rules.local_yaku == {"chousuushi", "tanron"}
    assert rules.local_options == (("chousuushi.multiple", 3), ("tanron.tanron_han", 4))
    bad = tmp_path / "bad.toml"
    bad.write_text('local_yaku = ["chousuushi"]\n[local_options.chousuushi]\nmultiple = 5\n')
    with pytest.raises(RulesError, match=r"chousuushi\.multiple"):
        load_rules(bad)


@pytest.mark.parametrize(
    ("flags", "kw", "message"),
    [
        ({"open_riichi": "maybe"}, {"riichi": True}, "flag 'open_riichi' is true or false"),
        ({"open_riichi": True}, {}, "flag 'open_riichi' needs riichi"),
        ({"consecutive_kans_before_win": 2}, {}, "needs a rinshan win"),
        ({"consecutive_kans_before_win": "two"}, {}, "whole number from 0 to 4"),
        ({"kan_in_first_turn": "ankan"}, {}, "needs that kan among the melds"),
        ({"kan_in_first_turn": "chi"}, {}, "none, ankan, minkan or kakan"),
        ({"discards": ["1z"]}, {}, "maps each seat wind"),
        ({"discards": {"X": "1z"}}, {}, "'X' is not a seat wind"),
        ({"discards": {"E": "1x"}}, {}, "flag 'discards'"),
        ({"paarenchan_counter": -1}, {}, "flag 'paarenchan_counter'"),
        ({"discard_was_riichi_declaration": True}, {"tsumo": True}, "is about a ron"),
        ({"discarder_just_declared_kan": True}, {"chankan": True}, "cannot be a chankan"),
    ],
)
def test_flag_errors_name_the_flag(flags: dict[str, Any], kw: dict[str, Any], message: str) -> None:
    text = (
        "234m678p45667s88s ; tsumo 5s" if kw.pop("tsumo", False) else ("234m678p45667s88s ; ron 5s")
    )
    with pytest.raises(InvalidSituation, match=message):
        win(text, "sanrenkou", flags=flags, **kw)


def test_records_pass_local_flags_and_list_local_yaku() -> None:
    rec = {
        "id": "t1",
        "rules": {"preset": "bareme", "local_yaku": ["tsubame_gaeshi", "kinkei_dokuritsu"]},
        "seat_wind": "S",
        "closed_tiles": "234m678p45667s88s5s",
        "win_tile": "5s",
        "flags": {"discard_was_riichi_declaration": True},
    }
    res = score_record(rec)
    assert res["error"] is None
    assert {"id": "tsubame_gaeshi", "han": 1} in res["yaku"]
    kinkei = {
        "id": "k",
        "rules": {"local_yaku": ["kinkei_dokuritsu"]},
        "seat_wind": "S",
        "closed_tiles": "1s1s",
        "win_tile": "1s",
        "melds": [
            {"type": "pon", "tiles": "111m"},
            {"type": "pon", "tiles": "888s"},
            {"type": "chi", "tiles": "789m"},
            {"type": "ankan", "tiles": "7777p"},
        ],
    }
    res = score_record(kinkei)
    assert res["points"] == 8000
    assert res["yaku"] == [{"id": "kinkei_dokuritsu", "han": 0, "limit": "mangan", "fixed": False}]
    bad = score_record({**rec, "flags": {"discard_was_riichi_declaration": "perhaps"}})
    assert bad["error"]["type"] == "InvalidSituation"


def test_explanations_show_limit_floors_fixed_limits_and_multiples() -> None:
    kinkei = win("1s | pon 111m, pon 888s, chi 789m, ankan 7777p ; ron 1s", "kinkei_dokuritsu")
    text = render_text(kinkei, lang="en")
    assert text.splitlines()[0] == "Kinkei dokuritsu  mangan floor"
    assert "Mangan: 2 000 basic points × 4 = 8 000" in text
    chiishin = win("14m25p369s123456z ; ron 7z", "chiishin_uushii")
    assert render_text(chiishin, lang="fr").splitlines()[0] == "Chiishin uushii  mangan fixe"
    chousangen = win("234m5s | minkan 5555z, ankan 6666z, kakan 7777z ; ron 5s", "chousangen")
    assert render_text(chousangen, lang="en").splitlines()[0] == "Chousangen  Yakuman ×2"
    maxed = win(
        "34p567s111s99m | ankan 2222z ; tsumo 5p",
        "uupin_kaihou",
        seat="W",
        rinshan=True,
        options={"uupin_kaihou.scoring": "max"},
    )
    assert "Uupin kaihou  1 han, mangan floor" in render_text(maxed, lang="en")


def test_cli_yaku_lists_the_spec_index(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["yaku", "--local-only", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert [e["id"] for e in entries] == SPEC_INDEX
    assert all(e["romaji"] and e["kanji"] and e["en"] and e["fr"] for e in entries)
    tanron = next(e for e in entries if e["id"] == "tanron")
    variant = tanron["variants"][0]
    assert {k: variant[k] for k in ("name", "values", "default", "en", "fr")} == {
        "name": "tanron_han",
        "values": [2, 3, 4],
        "default": 3,
        "en": "han value (no fixed value: 2, 3 or 4 by agreement)",
        "fr": "valeur en han (sans valeur fixe : 2, 3 ou 4 selon la table)",
    }
    assert variant["label"]["ja"] == "翻数" and variant["words"]["3"]["fr"] == "3"
    assert main(["yaku", "--json"]) == 0
    everything = json.loads(capsys.readouterr().out)
    assert [e["id"] for e in everything if e["local"]] == SPEC_INDEX
    assert "riichi" in [e["id"] for e in everything if not e["local"]]


def test_cli_yaku_text_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["yaku", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Yaku locaux (75)" in out
    assert "chousuushi" in out
    assert (
        "      Multiple — quadruple ou triple yakuman\n          chousuushi.multiple = 4* | 3\n"
        in out
    )
    assert main(["yaku", "--local-only", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Standard yaku" not in out
    line = "kinkei_dokuritsu       Kinkei dokuritsu 金鶏独立 — A golden rooster standing alone"
    assert f"  {line}: – / mangan\n" in out


def test_cli_score_with_local_yaku_flags_and_variants(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["score", "234m678p45667s88s ron 5s", "--seat", "S", "--local", "all", "--lang", "en"]
    assert main([*args, "--flag", "discard_was_riichi_declaration"]) == 0
    assert "Tsubame gaeshi  1 han" in capsys.readouterr().out
    discards = '{"E": "1z9m7z1p4z", "S": "1z9m7z1p4z"}'
    opts = ["--set", "maneman.settlement=on_win", "--riichi", "--from", "left"]
    assert main([*args, *opts, "--flag", f"discards={discards}"]) == 0
    assert "Maneman  mangan floor" in capsys.readouterr().out
    assert main([*args, "--flag", "nope"]) == 2
    assert "unknown flag 'nope'" in capsys.readouterr().err
    assert main([*args, "--set", "tanron.tanron_han=9"]) == 2
    assert "takes one of 2, 3, 4" in capsys.readouterr().err


def test_local_yaku_row_and_defaults() -> None:
    row = local_yaku_row("kinkei_dokuritsu")
    assert row is not None
    assert (row.closed, row.open, row.limit) == (None, 0, "mangan")
    assert local_yaku_row("riichi") is None


# ---- standard scoring unchanged -------------------------------------------------------------


def test_no_local_yaku_leaves_real_tenhou_wins_unchanged() -> None:
    sample = [
        r
        for r in itertools.islice(records(), 600)
        if r["ruleset"]["players"] == 4 and r["ruleset"]["standard_rules"]
    ]
    assert len(sample) > 500
    for rec in sample:
        exp, got = compare(rec)
        assert exp == got, rec["id"]


def test_enabling_every_local_yaku_keeps_ordinary_hands_valid() -> None:
    # standard hands with nothing local in them score the same with every local yaku on
    everything = find_rules("tenhou").with_options(local_yaku=",".join(LOCAL_IDS))
    for rec in itertools.islice(records(), 200):
        if rec["ruleset"]["players"] != 4 or not rec["ruleset"]["standard_rules"]:
            continue
        exp, _ = compare(rec)
        hand, sit, _ = read_record(rec)
        s = score(hand, sit, everything)
        assert s.points >= exp["points"], rec["id"]
