"""The words of the yaku and the rule options (the ``yaku`` catalogue): every row, option and
value named in every language, Tenhou's Japanese spelling, and the two commands that list
them (``tenpai yaku``, ``tenpai rules``) in each language with no English words."""

from __future__ import annotations

import json
import re

import pytest

from lang_scan import foreign_words
from shared import shared_path
from tenpai.cli import main
from tenpai.i18n import LANGS, has
from tenpai.logs.names import DORA_IDS, TENHOU_YAKU, yaku_of_name
from tenpai.riichi.catalogue import _NAGASHI, value_words, yaku_catalogue, yaku_of_answer
from tenpai.riichi.local import LOCAL_YAKU
from tenpai.riichi.local_options import LOCAL_OPTIONS
from tenpai.riichi.rules import OPTIONS, PRESETS, choice_label, find_rules, option_label
from tenpai.riichi.words import yaku_answers, yaku_label, yaku_name
from tenpai.riichi.yaku import RENHOU_YAKU, STANDARD_YAKU

ROWS = (*STANDARD_YAKU, RENHOU_YAKU, _NAGASHI, *(ly.row for ly in LOCAL_YAKU))


def _keys() -> list[str]:
    # every entry the rows, the options and the presets need, enumerated from them: a new
    # row, option or named value without its words fails below
    keys = []
    for y in ROWS:
        keys += [f"yaku.{y.id}.{part}" for part in ("romaji", "name", "gloss", "description")]
    for yaku_id, variants in LOCAL_OPTIONS.items():
        for v in variants:
            keys += [f"yaku.{yaku_id}.option.{v.name}.{p}" for p in ("label", "description")]
            keys += [
                f"yaku.{yaku_id}.option.{v.name}.{x}"
                for x in v.values
                if isinstance(x, str) and not x.isdigit()
            ]
    for o in OPTIONS:
        keys += [f"yaku.option.{o.name}.label", f"yaku.option.{o.name}.description"]
        keys += [f"yaku.option.{o.name}.{c}" for c in o.choices if isinstance(c, str)]
    keys += [f"yaku.preset.{name}" for name in PRESETS]
    return keys


@pytest.mark.parametrize("lang", LANGS)
def test_every_row_option_and_value_has_its_words(lang: str) -> None:
    missing = [k for k in _keys() if not has(k, lang)]
    assert missing == []
    assert len(_keys()) > 700  # 122 yaku, 64 local options, 37 rule options...


# Tenhou's spelling (its viewer's names, as the real wins of the validation set carry them;
# the EMA Riichi Competition Rules list the same yaku).
TENHOU = {
    "riichi": "立直",
    "ippatsu": "一発",
    "menzen_tsumo": "門前清自摸和",
    "pinfu": "平和",
    "tanyao": "断幺九",
    "iipeikou": "一盃口",
    "yakuhai_haku": "役牌 白",
    "rinshan": "嶺上開花",
    "haitei": "海底摸月",
    "houtei": "河底撈魚",
    "chankan": "槍槓",
    "double_riichi": "両立直",
    "chiitoitsu": "七対子",
    "chanta": "混全帯幺九",
    "ittsu": "一気通貫",
    "sanshoku_doujun": "三色同順",
    "sanshoku_doukou": "三色同刻",
    "sankantsu": "三槓子",
    "toitoi": "対々和",
    "sanankou": "三暗刻",
    "shousangen": "小三元",
    "honroutou": "混老頭",
    "ryanpeikou": "二盃口",
    "junchan": "純全帯幺九",
    "honitsu": "混一色",
    "chinitsu": "清一色",
    "tenhou": "天和",
    "chiihou": "地和",
    "kokushi": "国士無双",
    "suuankou": "四暗刻",
    "daisangen": "大三元",
    "tsuuiisou": "字一色",
    "ryuuiisou": "緑一色",
    "chinroutou": "清老頭",
    "shousuushii": "小四喜",
    "daisuushii": "大四喜",
    "suukantsu": "四槓子",
    "chuuren": "九蓮宝燈",
    "nagashi_mangan": "流し満貫",
    "renhou": "人和",
}


@pytest.mark.parametrize(("yaku_id", "name"), sorted(TENHOU.items()))
def test_japanese_names_are_tenhous(yaku_id: str, name: str) -> None:
    assert yaku_name(yaku_id, "ja") == name
    # and the log reader reads them back (tenpai.logs.names)
    if yaku_id != "nagashi_mangan":
        assert yaku_of_name(name) == yaku_id


def test_japanese_names_match_the_real_tenhou_results() -> None:
    # every yaku of the real Tenhou wins carries Tenhou's number and Japanese name: the name
    # is that of the yaku the number names (the winds carry their tile: "場風 東")
    path = shared_path("validation", "tenhou-agari.jsonl")
    seen: set[tuple[int, str]] = set()
    with path.open(encoding="utf-8") as f:
        for line in f:
            seen |= {(y["id"], y["name_ja"]) for y in json.loads(line)["tenhou"]["yaku"]}
    checked = 0
    for number, text in sorted(seen):
        yaku_id = TENHOU_YAKU[number]
        if yaku_id in DORA_IDS:
            continue
        want = text[:2] if text[1:3] == "風 " else text  # 自風 東: the seat wind, East
        assert yaku_name(yaku_id, "ja") == want, text
        checked += 1
    assert checked >= 30


def test_traditional_chinese_names() -> None:
    names = {y: yaku_name(y, "zh-Hant") for y in ("riichi", "ippatsu", "menzen_tsumo", "tanyao")}
    assert names == {
        "riichi": "立直",
        "ippatsu": "一發",
        "menzen_tsumo": "門前清自摸和",
        "tanyao": "斷么九",
    }
    assert yaku_name("pinfu", "zh-Hant") == "平和"
    assert yaku_name("kokushi", "zh-Hant") == "國士無雙"


def test_every_japanese_name_and_reading_is_an_answer() -> None:
    # the trainer's alias table: kanji, kana and Chinese names read back as their yaku
    for y in ROWS:
        for name in yaku_answers(y.id):
            got = yaku_of_answer(name)
            assert got in (y.id, None), (name, got)
        assert yaku_of_answer(yaku_name(y.id, "ja")) == y.id, y.id
    assert yaku_of_answer("メンゼンツモ") == "menzen_tsumo"
    assert yaku_of_answer(" 一發 ") == "ippatsu"
    assert yaku_of_answer("pas un yaku") is None


@pytest.mark.parametrize("lang", ["fr", "ja", "zh-Hant"])
def test_values_read_alike_from_english_or_in_their_language(lang: str) -> None:
    # the rules page translates the English value (value_words); tenpai yaku writes it in
    # its language (yaku_catalogue(lang=...)): both give the same words
    base = find_rules("bareme").with_options(
        local_yaku="tsubame_gaeshi,daichisei,kinkei_dokuritsu,chiishin_uushii,maneman",
        nagashi_mangan="draw",
        nagashi_requires_closed=True,
        double_yakuman="kokushi_13,daisuushii",
        kuitan=False,
        renhou="mangan",
    )
    for rules in (None, base, find_rules("ema"), find_rules("wrc")):
        english = yaku_catalogue(rules=rules)
        native = yaku_catalogue(rules=rules, lang=lang)
        for e, n in zip(english, native, strict=True):
            assert value_words(e["value"], lang) == n["value"], e["id"]
            if lang != "fr":
                assert not re.search(r"floor|fixed|closed|under|tsumo|draw", n["value"]), n


def test_values_in_japanese() -> None:
    ja = {e["id"]: e["value"] for e in yaku_catalogue(lang="ja")}
    assert ja["kokushi"] == "役満（門前のみ）"
    assert ja["chousuushi"] == "役満×4"
    assert ja["nagashi_mangan"] == "満貫固定 / 満貫固定"
    ema = {e["id"]: e["value"] for e in yaku_catalogue(rules=find_rules("ema"), lang="ja")}
    assert ema["renhou"] == "満貫以上 / –"


def test_option_words_in_every_language() -> None:
    assert option_label("kuitan", "ja") == "喰いタン"
    assert option_label("kiriage", "zh-Hant") == "切上滿貫"
    assert choice_label("kuitan", True, "ja") == "あり"
    assert choice_label("kazoe", "yakuman", "ja") == "数え役満"
    assert choice_label("pao_scope", "whole_hand", "fr") == "toute la main"
    assert yaku_label("tsubame_gaeshi", "ja") == "燕返し（ツバメガエシ）"


def _notation() -> frozenset[str]:
    # what a player types (--set OPTION=VALUE, --set ID.OPTION=VALUE), printed as such
    words = {o.name for o in OPTIONS} | {"true", "false"}
    for variants in LOCAL_OPTIONS.values():
        for v in variants:
            words |= {v.name, *(str(x).lower() for x in v.values)}
    return frozenset(w for w in words if "_" not in w)


COMMANDS = [
    ["yaku"],
    ["yaku", "--rules", "ema", "--local", "all"],
    ["rules"],
    ["rules", "show", "wrc"],
    ["rules", "show", "tenhou3"],
]


@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_commands_have_no_english_words(
    argv: list[str], lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert foreign_words(out, lang, allow=_notation()) == []
    if lang == "ja":
        assert not re.search(r"\b(not|played|enabled|floor|fixed|closed|yes|no)\b", out)


def test_commands_in_japanese_and_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["yaku", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "標準役 (47)" in out and "ローカル役 (75)" in out
    assert "  menzen_tsumo           門前清自摸和（メンゼンツモ）: 1 / –\n" in out
    assert main(["rules", "--lang", "zh-Hant"]) == 0
    out = capsys.readouterr().out
    assert "預設規則：" in out and "  食斷 (kuitan): 是 / 否\n" in out
    assert main(["rules", "show", "ema2012", "--lang", "ja"]) == 0
    assert "  喰いタン (kuitan): なし\n" in capsys.readouterr().out
    assert main(["yaku", "--json", "--lang", "ja", "--local-only"]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert entries[0]["names"]["ja"] == "燕返し" and entries[0]["value"] == "1 / 1"
