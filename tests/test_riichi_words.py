"""The riichi words (the ``riichi`` catalogues) in the four languages: the explanation, the card,
the trainer; no English on the French and Japanese ones; Japanese as Tenhou and Mahjong Soul
write it; the trainer reading Japanese and Chinese answers.

The expected amounts come from the payment rules (bareme.fr.md, "Les points"): a mangan is
2,000 basic points, so 8,000 on a non-dealer's ron, 12,000 on a dealer's, 2,000 from each
non-dealer and 4,000 from the dealer on a non-dealer's tsumo, 4,000 from each on a dealer's.
"""

from __future__ import annotations

import re

import pytest

from lang_scan import foreign_words
from tenpai.cli import main
from tenpai.hand import Hand
from tenpai.i18n import LANGS, has, tr
from tenpai.render import render
from tenpai.riichi import Situation
from tenpai.riichi.deal import deal
from tenpai.riichi.documents import riichi_card
from tenpai.riichi.explain import explain, render_text, yaku_name
from tenpai.riichi.quiz import (
    Points,
    answer_words,
    grade,
    parse_points,
    parse_yaku,
    questions,
)
from tenpai.riichi.rules import find_rules
from tenpai.riichi.score import score
from tenpai.riichi.yaku import RENHOU_YAKU, STANDARD_YAKU
from tenpai.tiles import EAST, SOUTH, parse_tiles
from tenpai.trainer.answers import AnswerError, QuizOptions, parse_count
from tenpai.trainer.display import situation_line

# The fu rules by id (FuPart.rule): each has its words, taking the set's tiles where one is shown.
FU_RULES = (
    "base",
    "base_chiitoitsu",
    "closed_ron",
    "tsumo",
    "open_pinfu",
    *(
        f"{size}_{state}_{family}"
        for size in ("triplet", "quad")
        for state in ("open", "closed")
        for family in ("simple", "yaochuu")
    ),
    "pair_dragon",
    "pair_seat_wind",
    "pair_round_wind",
    "pair_double_wind",
    "wait_kanchan",
    "wait_penchan",
    "wait_tanki",
)
_WITH_TILES = ("triplet_", "quad_", "pair_")


def _romaji_yaku(lang: str) -> frozenset[str]:
    """The romanised yaku names, allowed on a page of *lang* while the yaku catalogue does not
    name them in that language yet (the names belong to the yaku domain)."""
    if has("yaku.riichi.name", lang):
        return frozenset()
    words: set[str] = set()
    for y in (*STANDARD_YAKU, RENHOU_YAKU):
        words.update(w.lower() for w in re.findall(r"[A-Za-z]+", y.romaji))
    return frozenset(words)


def _sc(hand: str, **kw: object) -> object:
    kw.setdefault("seat_wind", SOUTH)
    return score(Hand.parse(hand), Situation(**kw))  # type: ignore[arg-type]


# ---- the fu rules ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_fu_rule_has_words_with_its_tiles(lang: str) -> None:
    for rule in FU_RULES:
        key = f"riichi.fu.{rule}"
        assert has(key, lang), f"{key} has no {lang} words"
        if rule.startswith(_WITH_TILES):
            assert "999s" in tr(key, lang, tiles="999s"), key


def test_fu_parts_read_by_rule() -> None:
    # a concealed triplet of terminals, a dragon pair, a kanchan wait; a double-wind pair
    s = _sc("123m456p111s55z24s ron 3s", riichi=True)
    rules = [(p.rule, p.tiles) for p in s.fu_parts]  # type: ignore[attr-defined]
    assert ("triplet_closed_yaochuu", "111s") in rules
    assert ("pair_dragon", "55z") in rules
    assert ("wait_kanchan", "") in rules
    east = _sc("123m456p789s23s11z ron 4s", riichi=True, seat_wind=EAST)
    assert [(p.rule, p.tiles) for p in east.fu_parts][-1] == ("pair_double_wind", "11z")  # type: ignore[attr-defined]


# ---- the explanation ------------------------------------------------------------------------


def test_japanese_explanation_lines() -> None:
    # riichi pinfu tanyao 30 fu: 30 × 2^(3+2) = 960 basic points, × 4 = 3,840 -> 3,900
    s = _sc("234m678p45667s88s ron 5s", riichi=True)
    lines = render_text(s, lang="ja").splitlines()  # type: ignore[arg-type]
    assert "合計  3翻" in lines
    assert "副底  20符" in lines and "門前ロン  +10符" in lines and "符  30符" in lines
    assert "3翻30符：基本点960 × 4 = 3900点" in lines
    assert "和了：子（南家）" in lines
    assert "ロン：放銃者の支払い 3900点" in lines
    assert lines[-1] == "和了者の収入  3900点"


def test_japanese_dealer_tsumo_is_all() -> None:
    # the dealer's mangan tsumo: 4,000 from each (4000オール); riichi, menzen tsumo and three
    # concealed triplets: 4 han 40 fu, 40 × 2^6 = 2,560 basic points, over the mangan's 2,000
    s = _sc("111m444p777s23s55s tsumo 1s", seat_wind=EAST, riichi=True)
    text = render_text(s, lang="ja")  # type: ignore[arg-type]
    assert "満貫：基本点2000" in text
    assert "ツモ：4000オール" in text
    assert "和了：親（東家）" in text


def test_japanese_non_dealer_tsumo_with_honba_and_sticks() -> None:
    # haneman tsumo (6 han): 3,000 / 6,000, two honba (+200 from each), one riichi stick
    sit = {"honba": 2, "riichi_sticks": 1, "dora_indicators": parse_tiles("6s")}
    s = _sc("111m444p77s88s234s tsumo 7s", **sit)
    lines = render_text(s, lang="ja").splitlines()  # type: ignore[arg-type]
    assert "跳満：基本点3000" in lines
    assert "ツモ：親の支払い 6000点 + 本場200点" in lines
    assert "子の支払い それぞれ3000点 + 本場200点" in lines
    assert "+ 供託1000点" in lines
    assert lines[-1] == "和了者の収入  12000点 + 本場600点 + 供託1000点 = 13600点"
    assert "暗刻 111m（么九牌）  +8符" in lines
    assert "符  40符（38符を切り上げ）" in lines


def test_chinese_explanation_lines() -> None:
    s = _sc("234m678p45667s88s ron 5s", riichi=True)
    lines = render_text(s, lang="zh-Hant").splitlines()  # type: ignore[arg-type]
    assert "3翻30符：基本點960 × 4 = 3900點" in lines
    assert "榮和：放銃者付3900點" in lines
    assert "和牌：閒家（南家）" in lines


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_explanations_have_no_english_words(lang: str) -> None:
    # the hand notation names a called tile's source (pon 222z:right) in every language
    allow = _romaji_yaku(lang) | {"right", "left", "across"}
    for seed in range(120):
        d = deal(seed)
        text = render_text(d.score, lang=lang)
        text += "\n" + situation_line(d.situation, d.hand.tsumo, lang)
        assert foreign_words(text, lang, allow) == [], (seed, text)


def test_explanation_line_ids_do_not_depend_on_the_language() -> None:
    s = _sc("111m444p77s88s234s tsumo 7s", honba=1, riichi_sticks=2)
    shapes = {lang: [(ln.section, ln.id, ln.value) for ln in explain(s, lang)] for lang in LANGS}  # type: ignore[arg-type]
    assert all(v == shapes["en"] for v in shapes.values())


# ---- the card -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ja_card() -> str:
    return render(riichi_card(find_rules("bareme"), lang="ja"), "md")


def test_japanese_card_payment_tables(ja_card: str) -> None:
    assert ja_card.startswith("# 点数早見表")
    # the limits under each table, from the mangan basic points
    assert "- **満貫 8000点** 5翻" in ja_card
    assert "- **満貫 2000-4000点** 5翻" in ja_card
    assert "- **満貫 12000点** 5翻" in ja_card
    assert "- **満貫 4000オール** 5翻" in ja_card
    assert "- **跳満 12000点** 6・7翻" in ja_card
    assert "- **倍満 16000点** 8〜10翻" in ja_card
    assert "- **三倍満 24000点** 11・12翻" in ja_card
    assert "- **数え役満 32000点** 13翻以上" in ja_card
    # a row of the non-dealer ron table: 30 fu, 1 to 4 han (30 × 2^(h+2) × 4, rounded up)
    assert "| 30符 | 1000 | 2000 | 3900 | 7700 |" in ja_card
    assert "| 40符 | 1300 | 2600 | 5200 | 満貫 8000 |" in ja_card
    assert "| 符 | 1翻 | 2翻 | 3翻 | 4翻 |" in ja_card


def test_chinese_card_payment_tables() -> None:
    md = render(riichi_card(find_rules("bareme"), lang="zh-Hant"), "md")
    assert "- **滿貫 8000點** 5翻" in md
    assert "- **滿貫 2000-4000點** 5翻" in md
    assert "| 40符 | 1300 | 2600 | 5200 | 滿貫 8000 |" in md


@pytest.mark.parametrize("preset", ["bareme", "wrc", "tenhou", "majsoul3"])
@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_cards_have_no_english_words(preset: str, lang: str) -> None:
    html = render(riichi_card(find_rules(preset), lang=lang), "html")
    from lang_scan import visible_text

    assert foreign_words(visible_text(html), lang, _romaji_yaku(lang)) == []


def test_three_player_card_renders() -> None:
    # two red fives (5p and 5s) are a three-player set: the card's fu probes used to ask a
    # four-player ruleset for them and fail
    md = render(riichi_card(find_rules("majsoul3"), lang="en"), "md")
    assert "two red fives" in md and "three players (sanma)" in md


# ---- the command line -------------------------------------------------------------------------


def test_cli_card_and_score_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "満貫" in out and "跳満" in out and "4000オール" in out
    assert (
        main(["score", "234m678p45667s88s ron 5s", "--riichi", "--seat", "S", "--lang", "ja"]) == 0
    )
    out = capsys.readouterr().out
    assert "ロン：放銃者の支払い 3900点" in out
    # a nagashi mangan paid as a tsumo: the dealer (East, on South's left: 上家) pays 4,000
    assert main(["score", "--nagashi", "--seat", "S", "--rules", "tenhou", "--lang", "ja"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "流し満貫：満貫をツモと同じく支払う",
        "下家の支払い 2000点",
        "対面の支払い 2000点",
        "上家の支払い 4000点",
    ]


def test_cli_score_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["score", "234m678p45667s88s ron 5s", "--riichi", "--seat", "S", "--lang", "zh-Hant"])
        == 0
    )
    assert "榮和：放銃者付3900點" in capsys.readouterr().out


# ---- the trainer ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("8000点", Points((8000,))),
        ("８０００点", Points((8000,))),
        ("2000-4000", Points((2000, 4000))),
        ("2000-4000点", Points((2000, 4000))),
        ("2000/4000", Points((2000, 4000))),
        ("4000オール", Points((4000,), all=True)),
        ("4000点オール", Points((4000,), all=True)),
        ("4000おーる", Points((4000,), all=True)),
        ("每家4000點", Points((4000,), all=True)),
        ("満貫 8000点", Points((8000,), limit="mangan")),
        ("跳満 6000オール", Points((6000,), all=True, limit="haneman")),
        ("数え役満 32000", Points((32000,), limit="yakuman")),
    ],
)
def test_trainer_reads_japanese_points(text: str, points: Points) -> None:
    assert parse_points(text) == points


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("立直, 平和, 断幺九", {"riichi", "pinfu", "tanyao"}),
        ("立直、一発、門前清自摸和", {"riichi", "ippatsu", "menzen_tsumo"}),
        ("リーチ ピンフ タンヤオ", {"riichi", "pinfu", "tanyao"}),
        ("りーち つも", {"riichi", "menzen_tsumo"}),
        ("立直一発ツモドラ2", {"riichi", "ippatsu", "menzen_tsumo"}),
        ("ダブル立直 七対子", {"double_riichi", "chiitoitsu"}),
        ("發 混一色 対々和", {"yakuhai_hatsu", "honitsu", "toitoi"}),
        ("連風牌", {"yakuhai_seat", "yakuhai_round"}),
        ("riichi, 平和", {"riichi", "pinfu"}),
        ("斷么九 一氣通貫", {"tanyao", "ittsu"}),
    ],
)
def test_trainer_reads_japanese_yaku(text: str, ids: set[str]) -> None:
    assert parse_yaku(text) == ids


def test_trainer_names_an_unknown_japanese_word() -> None:
    with pytest.raises(AnswerError) as e:
        parse_yaku("立直 大車輪の夢")
    assert "大車輪の夢" in e.value.text("ja")
    assert e.value.text("ja").startswith("「")


def test_trainer_reads_counts_in_kanji() -> None:
    assert parse_count("三翻", "han") == 3
    assert parse_count("十三翻", "han") == 13
    assert parse_count("三十符", "fu") == 30
    assert parse_count("百十符", "fu") == 110
    assert parse_count("２５符", "fu") == 25


def test_trainer_grades_japanese_answers_on_dealt_hands() -> None:
    graded = 0
    for seed in range(40):
        d = deal(seed)
        s = d.score
        for q in questions(d, QuizOptions(extras=False)):
            if q.part == "points":
                # the hand's payments as a Japanese player writes them
                given = answer_words(q, "ja")
                assert re.fullmatch(r"\d+(-\d+)?点|\d+オール", given), given
                g = grade(q, given, lang="ja")
                assert g.ok, (seed, given)
                if s.limit is not None:
                    wrong = "倍満" if s.limit == "mangan" else "満貫"
                    assert not grade(q, f"{wrong} {given}", lang="ja").ok
                    right = tr(f"riichi.explain.{s.limit}", "ja")
                    assert grade(q, f"{right} {given}", lang="ja").ok
                graded += 1
            elif q.part == "han":
                assert grade(q, f"{s.han}翻", lang="ja").ok
                assert grade(q, answer_words(q, "ja"), lang="ja").ok
            elif q.part == "fu":
                assert grade(q, f"{s.fu}符", lang="ja").ok
    assert graded == 40


def test_trainer_words_in_japanese() -> None:
    d = deal(3)
    qs = questions(d, QuizOptions())
    assert [q.prompt("ja") for q in qs] == [
        "役は？",
        "翻数は（ドラ込み）？",
        "符は？",
        "点数は（誰がいくら払う）？",
    ]
    g = grade(qs[1], "", lang="ja")
    assert g.note == "パス"
    late = grade(qs[1], str(d.score.han), seconds=40, timer=30, lang="ja")
    assert not late.ok and late.note == "時間切れ（30秒超過）"
    with pytest.raises(AnswerError) as e:
        parse_points("たくさん")
    assert e.value.text("ja").startswith("点数「たくさん」が読めません")
    assert e.value.text("fr").startswith("points illisibles 'たくさん'")


def test_trainer_answers_in_each_language() -> None:
    # English reads as the answer text always did; French names the yaku as the card does
    for seed in range(60):
        d = deal(seed)
        for q in questions(d, QuizOptions(ask=("yaku", "han", "fu", "points"))):
            assert answer_words(q, "en") == q.answer_text, (seed, q.part)
    q = questions(deal(3), QuizOptions(ask=("yaku",)))[0]
    fr = answer_words(q, "fr").split(", ")
    assert fr == [yaku_name(i, "fr") for i in sorted(q.expected, key=fr_order(q))]  # type: ignore[arg-type]


def fr_order(q: object) -> object:
    en = q.answer_text.split(", ")  # type: ignore[attr-defined]
    return lambda i: en.index(yaku_name(i, "en"))
