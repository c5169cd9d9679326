"""Hong Kong in four languages (catalogue ``hk``): the Chinese pages with the fan names as the
seed's table prints them, Japanese and French pages and explanations with no English word left,
and the command line in Chinese."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lang_scan import foreign_words, visible_text
from tenpai.cli import main
from tenpai.hand import Hand
from tenpai.hk import HKSituation
from tenpai.hk.documents import fan_page, payments_page
from tenpai.hk.explain import render_text
from tenpai.hk.fan import FAN_ROWS, row
from tenpai.hk.page_data import hk_page_data
from tenpai.hk.quiz import grade, parse_items
from tenpai.hk.rules import find_rules as find_hk_rules
from tenpai.hk.rules import hk_profile_names
from tenpai.hk.score import score as score_hk
from tenpai.i18n import LANGS
from tenpai.render import render
from tenpai.trainer.answers import AnswerError, Question

SEED = (Path(__file__).parent / "data" / "seed-003-hk-fan.txt").read_text(encoding="utf-8")
# the seed's table: "| Couleur pure (清一色) | 7 fan |", "| Treize orphelins (十三么) | Plafond |"
SEED_ROWS = re.findall(r"^\| [^|(]+ \(([^)]+)\) \| (\d+ fan|Plafond) \|$", SEED, re.M)

CAP = score_hk(
    Hand.parse("222p88p55z pon 777z pon 666z tsumo 8p"), HKSituation.of(seat="W", flowers="f3")
)
DISCARD = score_hk(
    Hand.parse("333m55m111z55z pon 111m ron 5m"),
    HKSituation.of(seat="E", discarder="N", flowers="s3"),
)


def _md(page: object, lang: str) -> str:
    return render(page(hk_page_data(), lang=lang), "md")  # type: ignore[operator]


def test_the_seed_table_is_read() -> None:
    assert len(SEED_ROWS) == 31 and ("清一色", "7 fan") in SEED_ROWS


def test_chinese_fan_page_prints_the_seed_names_and_values() -> None:
    md = _md(fan_page, "zh-Hant")
    lines = set(md.splitlines())
    for zh, value in SEED_ROWS:
        cell = "滿糊" if value == "Plafond" else value.replace(" fan", "番")
        assert f"| {zh} | {cell} |" in lines, (zh, value)
    # the seed spells four concealed pungs 坑坑糊 (the usual spelling is 坎坎糊)
    assert "| 坑坑糊 | 滿糊 |" in lines and "坎坎糊" not in md
    assert md.startswith("基本\n\n# 番數表\n")
    assert "| 例牌（當滿糊） | |" in lines


def test_chinese_names_are_the_seed_spelling_for_every_row() -> None:
    for r in FAN_ROWS:
        assert r.name("zh-Hant") == r.page_zh


def test_chinese_payments_page_uses_the_hong_kong_terms() -> None:
    md = _md(payments_page, "zh-Hant")
    assert "# 番數同找數" in md
    for term in ("出銃", "自摸", "詐糊", "全銃", "半銃", "陪銃", "包自摸", "雞糊", "三番起糊"):
        assert term in md, term
    assert "| 3 | 8 | 4 |" in md  # 3 fan: the discarder pays 8, each pays 4 on a self-draw
    assert "| 10——上限（細爆） | 128 | 64 |" in md


@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize("page", [fan_page, payments_page])
def test_french_and_japanese_pages_have_no_english_word(lang: str, page: object) -> None:
    for name in hk_profile_names():  # every profile: its options are named in the head
        html = render(page(hk_page_data(find_hk_rules(name)), lang=lang), "html")  # type: ignore[operator]
        assert foreign_words(visible_text(html), lang) == [], name


def test_the_head_names_the_options_in_the_language() -> None:
    rules = find_hk_rules("fan-laak")
    head = {
        lang: render(fan_page(hk_page_data(rules), lang=lang), "md").splitlines()[6]
        for lang in LANGS
    }
    assert head["en"] == (
        "Rules: fan-laak — cap: none; curve: fan-laak; who pays a discard: the discarder pays"
        " double; base stake: 2"
    )
    assert head["fr"].startswith("Règles : fan-laak — plafond : aucun ; barème : fan-laak ;")
    assert head["zh-Hant"] == "規則：fan-laak——上限：冇；辣度：番勒；出銃點俾：半銃；底：2"


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_french_and_japanese_explanations_have_no_english_word(lang: str) -> None:
    for s in (CAP, DISCARD):
        assert foreign_words(render_text(s, lang), lang) == []


def test_chinese_and_japanese_explanations() -> None:
    zh = render_text(CAP, "zh-Hant").splitlines()
    assert "小三元：5番——兩組三元牌刻子加一對三元牌（已計刻子）" in zh
    assert "上限：13番當10番計" in zh
    assert "東家俾西家64（自摸）" in zh
    assert zh[-1] == "東 -64、南 -64、西 +192、北 -64"
    ja = render_text(DISCARD, "ja").splitlines()
    assert "対対糊：3番——四面子すべて刻子か槓子" in ja
    assert any(line.startswith("北家が東家に") and "放銃" in line for line in ja)


def test_every_language_explains_every_item() -> None:
    for lang in LANGS:
        for r in FAN_ROWS:
            assert r.name(lang) and r.why(lang, "1m") and "hk.fan" not in r.why(lang)
    assert row("dragon_pung").why("zh-Hant", "777z") == "三元牌刻子777z"


def test_cli_card_and_score_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "--variant", "hk", "--lang", "zh-Hant"]) == 0
    out = capsys.readouterr().out
    assert "| 清一色 | 7番 |" in out
    assert main(["card", "--variant", "hk", "--page", "payments", "--lang", "zh-Hant"]) == 0
    assert "# 番數同找數" in capsys.readouterr().out
    args = ["score", "--variant", "hk", "234m567m345p45s99s tsumo 6s", "--seat", "S"]
    assert main([*args, "--lang", "zh-Hant"]) == 0
    out = capsys.readouterr().out
    assert "平糊：1番——四組都係順子" in out and "合共：4番" in out


# ---- the trainer reads Chinese and Japanese answers --------------------------------------------
# South's self-drawn all chows (hk-payments.fr.md): no flowers, concealed hand, self-drawn and all
# chows, 4 fan; East, West and North pay 8 each.
CHOWS_ITEMS = frozenset({"no_flowers", "concealed_hand", "self_drawn", "all_chows"})


def _question(part: str, expected: object) -> Question:
    return Question(part, expected, "", (), (), f"hk.quiz.{part}")


@pytest.mark.parametrize(
    "answer",
    ["無花、門前清、自摸、平糊", "無花 門前清 自摸 平糊 4番", "無花，門前清，自摸，平糊"],
)
def test_trainer_reads_chinese_items(answer: str) -> None:
    assert grade(_question("items", CHOWS_ITEMS), answer, lang="zh-Hant").ok


def test_trainer_reads_japanese_items_and_reports_unknown_words() -> None:
    assert parse_items("対対糊、混一色、ダブ東") == {
        "all_pungs",
        "half_flush",
        "seat_wind_pung",
        "round_wind_pung",
    }
    # a Japanese word that names no item is reported, not dropped
    with pytest.raises(AnswerError, match="なにか"):
        parse_items("対対糊、なにか")


@pytest.mark.parametrize("answer", ["4番", "4 番", "4"])
def test_trainer_reads_fan_in_chinese(answer: str) -> None:
    assert grade(_question("fan", 4), answer, lang="zh-Hant").ok


@pytest.mark.parametrize(
    "answer", ["每家8", "各8", "東 -8、西 -8、北 -8", "東家 8，西家 8，北家 8", "合共24", "8"]
)
def test_trainer_reads_payments_in_chinese(answer: str) -> None:
    q = _question("payments", (1, (-8, 24, -8, -8)))
    assert grade(q, answer, lang="zh-Hant").ok
    assert not grade(q, answer.replace("8", "16").replace("24", "48"), lang="zh-Hant").ok


def test_trainer_prompts_and_notes_in_every_language() -> None:
    q = _question("items", CHOWS_ITEMS)
    assert q.prompt("zh-Hant") == "計到嘅番種？" and q.prompt("ja") == "数える番は？"
    assert q.prompt("fr") == "Fan (les éléments qui comptent) ?"
    graded = grade(q, "無花、自摸、平糊", lang="zh-Hant")
    assert not graded.ok and "門前清" in graded.note
