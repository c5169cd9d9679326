"""Explanations of Hong Kong scores in French and English."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tenpai.hand import Hand
from tenpai.hk import HKRules, HKSituation
from tenpai.hk.explain import explain as explain_hk
from tenpai.hk.explain import render_text
from tenpai.hk.score import score

EX3 = score(
    Hand.parse("222p88p55z pon 777z pon 666z tsumo 8p"), HKSituation.of(seat="W", flowers="f3")
)


def test_english_lines_of_the_cap_example() -> None:
    lines = explain_hk(EX3, "en")
    assert [(x.id, x.value) for x in lines] == [
        ("arrangement", None),
        ("seat_flower", 1),
        ("self_drawn", 1),
        ("all_pungs", 3),
        ("half_flush", 3),
        ("little_three_dragons", 5),
        ("excluded:dragon_pung", 0),
        ("excluded:dragon_pung", 0),
        ("raw_fan", 13),
        ("cap", 10),
        ("pay:E", -64),
        ("pay:S", -64),
        ("pay:N", -64),
        ("payments", None),
    ]
    text = render_text(EX3, "en")
    assert "Seat flower (正花): 1 fan — f3 belongs to the winner's seat" in text
    assert "Dragon pung (三元牌) does not count: Little three dragons counts instead" in text
    assert "Cap: 13 fan paid as 10" in text
    assert "East pays 64 to West (self-draw)" in text
    assert text.endswith("East -64, South -64, West +192, North -64")


def test_french_text_of_the_cap_example() -> None:
    text = render_text(EX3, "fr")
    assert "Trois petits dragons (小三元) : 5 fan — deux pungs de dragons" in text
    assert "Pung de dragon (三元牌) ne compte pas : Trois petits dragons compte à sa place" in text
    assert "Plafond : 13 fan ramenés à 10" in text
    assert "L’Est paie 64 à l’Ouest (pioche gagnante)" in text
    assert text.endswith("Est −64, Sud −64, Ouest +192, Nord −64")


def test_limit_and_liability_lines() -> None:
    s = score(
        Hand.parse("9s pon 222s:right pon 444s:across chi 567s pon 888s:left tsumo 9s"),
        HKSituation.of(seat="N"),
    )
    assert "Le Sud" not in render_text(s, "fr")
    assert "L’Ouest est responsable (包) et paie pour les autres" in render_text(s, "fr")
    limit = score(Hand.parse("19m19p19s1234567z ron 5z"), HKSituation.of(seat="N", discarder="S"))
    text = render_text(limit, "en")
    assert "Limit hand: worth the limit, 10 fan" in text
    assert "No bonus tile (無花) does not count: a limit hand is worth the limit" in text


def test_below_minimum_and_flowers_toward_minimum() -> None:
    hand = Hand.parse("23m456m55s pon 777z pon 111z ron 1m")
    sit = HKSituation.of(seat="W", discarder="S", flowers="f3 s3")
    s = score(hand, sit, replace(HKRules(), flowers_count_toward_min=False), enforce_minimum=False)
    ids = [x.id for x in explain_hk(s, "en")]
    assert ids[-2:] == ["qualifying_fan", "below_minimum"]
    assert "Sous le minimum : 2 fan pour 3 requis" in render_text(s, "fr")


def test_unknown_language() -> None:
    with pytest.raises(ValueError, match="unknown language 'de'"):
        explain_hk(EX3, "de")


def test_french_thousands_take_a_plain_space_like_the_card() -> None:
    from fractions import Fraction

    from tenpai.hk.explain import format_amount

    rules = replace(HKRules(), cap=13, base_points=Fraction(10))
    s = score(
        Hand.parse("222p88p55z pon 777z pon 666z tsumo 8p"),
        HKSituation.of(seat="W", flowers="f3"),
        rules,
    )
    text = render_text(s, "fr")
    assert "L’Est paie 3 840 à l’Ouest (pioche gagnante)" in text
    assert text.endswith("Est −3 840, Sud −3 840, Ouest +11 520, Nord −3 840")
    assert "\u202f" not in text and "\u00a0" not in text
    assert "East pays 3,840 to West" in render_text(s, "en")
    assert format_amount(Fraction(-5, 4), "fr", sign=True) == "−1,25"
