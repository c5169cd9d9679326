"""The library's errors in four languages (catalogue ``errors``): ``str(error)`` stays the
English message, ``error_text(error, lang)`` says it in French, Japanese or Chinese, and both
quote the player's own notation."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from lang_scan import foreign_words
from tenpai.calculator import read_query
from tenpai.errors import (
    InvalidHand,
    InvalidSituation,
    NotationError,
    NoYaku,
    TenpaiError,
    error_text,
)
from tenpai.hand import Hand
from tenpai.hk import HKSituation
from tenpai.hk.rules import find_rules as find_hk_rules
from tenpai.hk.rules import rules_from_mapping as hk_rules_from_mapping
from tenpai.hk.score import score as score_hk
from tenpai.riichi.rules import check_option
from tenpai.riichi.score import score
from tenpai.riichi.situation import Situation
from tenpai.tiles import parse_tiles


def _raised(make: Callable[[], object]) -> TenpaiError:
    with pytest.raises(TenpaiError) as info:
        make()
    return info.value


def test_an_unknown_tile_in_every_language() -> None:
    e = _raised(lambda: Hand.parse("123m456p789s11z8z ron 1z"))
    assert isinstance(e, NotationError)
    assert str(e) == "unknown tile '8z' (honours are 1z-7z) at 16 in '123m456p789s11z8z ron 1z'"
    assert error_text(e, "fr") == (
        "tuile inconnue '8z' (les honneurs vont de 1z à 7z) à la position 16 dans"
        " '123m456p789s11z8z ron 1z'"
    )
    assert error_text(e, "ja") == (
        "不明な牌'8z'（字牌は1z〜7z）（'123m456p789s11z8z ron 1z'の16文字目）"
    )
    assert error_text(e, "zh-Hant") == (
        "唔識呢隻牌'8z'（字牌係1z至7z）（'123m456p789s11z8z ron 1z'第16個字）"
    )
    assert error_text(e, "de") == str(e)  # an unknown language falls back to English


def test_a_word_the_notation_does_not_know() -> None:
    e = _raised(lambda: Hand.parse("123m456p789s11z22z rn 1z"))
    assert str(e) == "unknown word 'rn' at 20 in '123m456p789s11z22z rn 1z'"
    assert (
        error_text(e, "fr") == "mot inconnu 'rn' à la position 20 dans '123m456p789s11z22z rn 1z'"
    )
    assert "'rn'" in error_text(e, "ja") and "'rn'" in error_text(e, "zh-Hant")


def test_a_fifth_tile() -> None:
    e = _raised(lambda: Hand.parse("11111m456p789s11z ron 1z"))
    assert isinstance(e, InvalidHand)
    assert str(e) == "5 copies of 1m (there are only 4) in '11111m456p789s11z ron 1z'"
    assert error_text(e, "fr") == (
        "5 exemplaires de 1m (il n’y en a que 4) dans '11111m456p789s11z ron 1z'"
    )
    assert error_text(e, "ja") == "1mが5枚（4枚しかない）（'11111m456p789s11z ron 1z'）"
    assert error_text(e, "zh-Hant") == "1m有5隻（得4隻咋）（'11111m456p789s11z ron 1z'）"


def test_a_situation_that_contradicts_itself() -> None:
    e = _raised(lambda: score(Hand.parse("234m678p45667s88s ron 5s"), Situation(ippatsu=True)))
    assert isinstance(e, InvalidSituation)
    assert str(e) == "flag 'ippatsu' needs riichi"
    assert error_text(e, "fr") == "l’indicateur 'ippatsu' demande un riichi"
    assert error_text(e, "ja") == "フラグ'ippatsu'には立直が必要"


def test_a_calculator_field_names_itself() -> None:
    e = _raised(lambda: read_query({"honba": "x"}))
    assert str(e) == "honba: a whole number from 0 to 99, not 'x'"
    assert error_text(e, "fr") == "honba : un nombre entier de 0 à 99, pas 'x'"
    e = _raised(lambda: read_query({"dora": "5q"}))
    assert str(e).startswith("dora: unknown character 'q' at 2 in '5q'")
    assert error_text(e, "fr") == "dora : caractère inconnu 'q' à la position 2 dans '5q'"


def test_the_hong_kong_minimum_names_the_items_in_the_language() -> None:
    hand = Hand.parse("456m789p234s5s chi 123m ron 5s")
    sit = HKSituation.of(seat="S", discarder="E", flowers="f4")
    e = _raised(lambda: score_hk(hand, sit))
    assert isinstance(e, NoYaku)
    assert str(e) == "1 fan, the minimum is 3: All chows (1 fan)"
    assert error_text(e, "fr") == "1 fan, le minimum est 3 : Tous chows (1 fan)"
    assert error_text(e, "zh-Hant") == "1番，起糊要3番：平糊（1番）"
    assert error_text(e, "ja") == "1番、最低は3番：平糊（1番）"


def test_a_wrapped_notation_error_keeps_both_parts() -> None:
    e = _raised(lambda: parse_tiles("12x"))
    assert isinstance(e, NotationError)
    assert e.problem_text("fr") == "caractère inconnu 'x'"


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_french_and_japanese_errors_have_no_english_word(lang: str) -> None:
    cases: list[Callable[[], object]] = [
        lambda: Hand.parse("123m456p789s11z8z ron 1z"),
        lambda: Hand.parse("11111m456p789s11z ron 1z"),
        lambda: Hand.parse("123m456p789s11z22z33z"),
        lambda: Hand.parse("123m456p 789s11z22z pon"),
        lambda: score(Hand.parse("234m678p45667s88s ron 5s"), Situation(ippatsu=True)),
        lambda: score_hk(Hand.parse("456m789p234s5s chi 123m ron 5s"), HKSituation.of(seat="S")),
    ]
    for make in cases:
        e = _raised(make)
        assert foreign_words(error_text(e, lang), lang) == [], (str(e), error_text(e, lang))


def test_rule_errors_in_every_language() -> None:
    e = _raised(lambda: find_hk_rules("hkmaa"))
    assert str(e).startswith("unknown Hong Kong ruleset 'hkmaa' (did you mean 'hkma'?); known: hk,")
    assert error_text(e, "fr").startswith("règles de Hong Kong inconnues 'hkmaa' ('hkma' ?)")
    e = _raised(lambda: hk_rules_from_mapping({"cap": "x"}))
    assert str(e) == "option 'cap' must be a whole number >= 1 or none, not 'x'"
    assert error_text(e, "fr") == "l’option 'cap' doit être un nombre entier >= 1 ou none, pas 'x'"
    assert error_text(e, "zh-Hant") == "選項'cap'要係>= 1嘅整數或none，唔係'x'"
    e = _raised(lambda: check_option("aka", "maybe"))
    assert str(e) == "option 'aka' takes one of 0, 2, 3, 4, not 'maybe'"
    assert error_text(e, "ja") == "オプション'aka'は0, 2, 3, 4のいずれかで、'maybe'ではない"


def test_no_yaku_in_every_language() -> None:
    e = _raised(lambda: score(Hand.parse("123m456p789s1199m ron 9m")))
    assert isinstance(e, NoYaku)
    assert str(e) == "'123m456p789s1199m ron 9m' has no yaku"
    assert error_text(e, "fr") == "'123m456p789s1199m ron 9m' n’a pas de yaku"
    assert error_text(e, "ja") == "'123m456p789s1199m ron 9m'には役がない"


@pytest.mark.parametrize(
    ("lang", "english"),
    [("fr", "unknown character"), ("ja", "unknown character"), ("zh-Hant", "unknown character")],
)
def test_the_calculator_page_shows_a_bad_hand_in_its_language(
    tmp_path: Path, lang: str, english: str
) -> None:
    from fastapi.testclient import TestClient

    from tenpai.web.app import create_app

    client = TestClient(create_app(store_path=tmp_path / "p.sqlite3"))
    page = client.get("/", params={"lang": lang, "hand": "123x"}).text
    # the player's own notation is quoted, in the page's language, never in English
    assert "123x" in page and english not in page
