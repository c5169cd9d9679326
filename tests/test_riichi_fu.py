"""Fu parts with their rule and tiles (bareme.fr.md, Les fu): each part names the exact rule of the
table that gave it, and the explanation's words come from that rule."""

from __future__ import annotations

import pytest

from tenpai.hand import Hand
from tenpai.i18n import LANGS, has
from tenpai.riichi import Situation
from tenpai.riichi.explain import explain
from tenpai.riichi.fu import FU_RULES, MELD_RULES, FuPart, fu_detail, meld_fu
from tenpai.riichi.score import score


def parts(text: str, sit: Situation, rules: str = "bareme") -> list[tuple[str, int, str, str]]:
    s = score(Hand.parse(text), sit, rules)
    return [(p.id, p.fu, p.rule, p.tiles) for p in s.fu_parts]


def test_a_shanpon_triplet_completed_by_ron_is_open() -> None:
    # 123m 456p 789m 55s 77z, ron 5s: the 555s is open (§7.1, 4; §3.4), the chun pair +2
    got = parts("123m456p789m55s77z ron 5s", Situation(seat_wind=28, riichi=True))
    assert got == [
        ("base", 20, "base", ""),
        ("closed_ron", 10, "closed_ron", ""),
        ("meld", 2, "triplet_ron_simple", "555s"),
        ("pair", 2, "pair_dragon", "77z"),
    ]


@pytest.mark.parametrize("rules, pair_fu", [("bareme", 4), ("wrc", 2)])
def test_a_closed_quad_and_a_double_wind_pair(rules: str, pair_fu: int) -> None:
    sit = Situation(seat_wind=27, round_wind=27, riichi=True)
    got = parts("123m456p789s1z ankan 9999m ron 1z", sit, rules)
    assert got == [
        ("base", 20, "base", ""),
        ("closed_ron", 10, "closed_ron", ""),
        ("meld", 32, "quad_closed_yaochuu", "9999m"),
        ("pair", pair_fu, "pair_double_wind", "11z"),
        ("wait", 2, "wait_tanki", ""),
    ]


def test_open_sets_by_how_they_were_called() -> None:
    got = parts("13p11m pon 777z:left kan 1111s:right kakan 6666m ron 2p", Situation())
    assert got == [
        ("base", 20, "base", ""),
        ("meld", 4, "triplet_open_yaochuu", "777z"),
        ("meld", 16, "quad_open_yaochuu", "1111s"),
        ("meld", 8, "quad_added_simple", "6666m"),
        ("wait", 2, "wait_kanchan", ""),
    ]


def test_every_rule_has_its_words_and_every_meld_rule_its_value() -> None:
    assert all(has(f"riichi.fu.{rule}", lang) for rule in FU_RULES for lang in LANGS)
    assert len(FU_RULES) == len(set(FU_RULES))
    table = {  # the card's fu table: open / concealed, triplet / quad, 2-8 / 1, 9 or honour
        (False, False, False): 2,
        (False, True, False): 4,
        (False, False, True): 4,
        (False, True, True): 8,
        (True, False, False): 8,
        (True, True, False): 16,
        (True, False, True): 16,
        (True, True, True): 32,
    }
    for rule, (quad, concealed, yaochuu) in MELD_RULES.items():
        kind = 0 if yaochuu else 4
        assert meld_fu(kind, quad=quad, concealed=concealed) == table[quad, concealed, yaochuu]
        assert rule.startswith("quad" if quad else "triplet")


def test_the_words_and_the_old_detail_come_from_rule_and_tiles() -> None:
    s = score(Hand.parse("123m456p789m55s77z ron 5s"), Situation(seat_wind=28, riichi=True))
    lines = [line.text for line in explain(s, "en") if line.section == "fu"]
    assert lines[2:] == ["Triplet 555s (completed on a ron: open)  +2 fu", "Pair 77z  +2 fu"]
    fr = [line.text for line in explain(s, "fr") if line.section == "fu"]
    assert fr[2] == "Brelan 555s (complété sur ron : ouvert)  +2 fu"
    assert [fu_detail(p) for p in s.fu_parts] == ["", "", "555s open (ron)", "77z"]
    assert fu_detail(FuPart("meld", 32, "quad_closed_yaochuu", "9999m")) == "9999m ankan"
    assert fu_detail(FuPart("wait", 2, "wait_kanchan")) == "kanchan"
    assert fu_detail(FuPart("tsumo", 2, "tsumo_pinfu")) == "pinfu"
