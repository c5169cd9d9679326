"""The yaku a player may write in an answer, as the trainer read them before its table moved into
the yaku catalogue (``yaku.<id>.answers``): every form of that table is still read as its yaku,
kanji, kana (hiragana as katakana) and the Latin aliases alike."""

from __future__ import annotations

import pytest

from tenpai.riichi.catalogue import yaku_of_answer
from tenpai.riichi.quiz import parse_yaku
from tenpai.riichi.words import answer_forms, yaku_gloss

# The trainer's table of Japanese and Chinese writings (kanji variants 発/發, 断幺九/断么九, the
# katakana readings and the short forms of the table: メンツモ, ダブリー, チートイ).
# fmt: off
FORMS: dict[str, tuple[str, ...]] = {
    "riichi": ("立直", "リーチ"),
    "ippatsu": ("一発", "一發", "イッパツ"),
    "menzen_tsumo": ("門前清自摸和", "門前清自摸", "門前自摸", "門前ツモ", "面前清自摸和",
                     "メンゼンツモ", "メンゼンチンツモホー", "メンツモ", "ツモ", "自摸"),
    "haitei": ("海底摸月", "海底撈月", "海底", "ハイテイ", "ハイテイモーユエ"),
    "houtei": ("河底撈魚", "河底", "ホウテイ", "ホーテイ", "ホウテイラオユイ"),
    "rinshan": ("嶺上開花", "嶺上", "リンシャン", "リンシャンカイホウ", "リンシャンカイホー"),
    "chankan": ("槍槓", "搶槓", "チャンカン"),
    "pinfu": ("平和", "ピンフ"),
    "tanyao": ("断幺九", "断么九", "斷么九", "斷幺九", "断ヤオ", "断幺", "タンヤオ"),
    "iipeikou": ("一盃口", "一杯口", "イーペーコー", "イーペイコー"),
    "yakuhai_haku": ("白", "役牌白", "白板", "ハク"),
    "yakuhai_hatsu": ("發", "発", "役牌發", "役牌発", "青發", "ハツ"),
    "yakuhai_chun": ("中", "役牌中", "紅中", "チュン"),
    "yakuhai_seat": ("自風", "自風牌", "門風", "門風牌", "ジカゼ"),
    "yakuhai_round": ("場風", "場風牌", "圈風", "圈風牌", "バカゼ"),
    "double_riichi": ("ダブル立直", "両立直", "雙立直", "ダブルリーチ", "ダブリー"),
    "chiitoitsu": ("七対子", "七對子", "チートイツ", "チートイ"),
    "toitoi": ("対々和", "対々", "対対和", "對對和", "碰碰和", "トイトイ", "トイトイホー"),
    "sanankou": ("三暗刻", "サンアンコー", "サンアンコウ"),
    "sankantsu": ("三槓子", "サンカンツ"),
    "sanshoku_doujun": ("三色同順", "三色", "サンショク", "サンショクドウジュン"),
    "sanshoku_doukou": ("三色同刻", "サンショクドウコー", "サンショクドーコー"),
    "ittsu": ("一気通貫", "一氣通貫", "一通", "イッツー", "イッキツウカン"),
    "chanta": ("混全帯幺九", "混全帯么九", "混全帶么九", "全帯", "チャンタ"),
    "honroutou": ("混老頭", "ホンロウトウ", "ホンロートー"),
    "shousangen": ("小三元", "ショウサンゲン", "ショーサンゲン"),
    "ryanpeikou": ("二盃口", "二杯口", "リャンペーコー", "リャンペイコー"),
    "junchan": ("純全帯幺九", "純全帯么九", "純全帶么九", "純全帯", "ジュンチャン"),
    "honitsu": ("混一色", "ホンイツ", "ホンイーソー"),
    "chinitsu": ("清一色", "チンイツ", "チンイーソー"),
    "kokushi": ("国士無双", "國士無雙", "コクシムソウ", "コクシ"),
    "kokushi_13": ("国士無双十三面待ち", "国士無双十三面", "國士無雙十三面"),
    "suuankou": ("四暗刻", "スーアンコー", "スーアンコウ"),
    "suuankou_tanki": ("四暗刻単騎", "四暗刻單騎"),
    "daisangen": ("大三元", "ダイサンゲン"),
    "shousuushii": ("小四喜", "ショウスーシー"),
    "daisuushii": ("大四喜", "ダイスーシー"),
    "tsuuiisou": ("字一色", "ツーイーソー"),
    "chinroutou": ("清老頭", "チンロウトウ", "チンロートー"),
    "ryuuiisou": ("緑一色", "綠一色", "リューイーソー"),
    "chuuren": ("九蓮宝燈", "九蓮寶燈", "チューレンポウトウ", "チューレン"),
    "junsei_chuuren": ("純正九蓮宝燈", "純正九蓮寶燈"),
    "suukantsu": ("四槓子", "スーカンツ"),
    "tenhou": ("天和", "テンホー", "テンホウ"),
    "chiihou": ("地和", "チーホー", "チーホウ"),
    "renhou": ("人和", "レンホー", "レンホウ"),
}
# fmt: on
# Writings that name both the seat and the round wind (a double wind: ダブ東)
BOTH_WINDS = ("連風牌", "ダブル東", "ダブ東")

# The Latin aliases: short romaji, English and French words players write.
ALIASES: dict[str, tuple[str, ...]] = {
    "tsumo": ("menzen_tsumo",),
    "menzen": ("menzen_tsumo",),
    "mentsumo": ("menzen_tsumo",),
    "self draw": ("menzen_tsumo",),
    "chiitoi": ("chiitoitsu",),
    "7 pairs": ("chiitoitsu",),
    "7 paires": ("chiitoitsu",),
    "ittsuu": ("ittsu",),
    "ikkitsuukan": ("ittsu",),
    "sanshoku": ("sanshoku_doujun",),
    "white": ("yakuhai_haku",),
    "green": ("yakuhai_hatsu",),
    "red": ("yakuhai_chun",),
    "white dragon": ("yakuhai_haku",),
    "green dragon": ("yakuhai_hatsu",),
    "red dragon": ("yakuhai_chun",),
    "seat wind": ("yakuhai_seat",),
    "round wind": ("yakuhai_round",),
    "prevalent wind": ("yakuhai_round",),
    "vent du joueur": ("yakuhai_seat",),
    "vent dominant": ("yakuhai_round",),
    "double east": ("yakuhai_seat", "yakuhai_round"),
    "double wind": ("yakuhai_seat", "yakuhai_round"),
    "double vent": ("yakuhai_seat", "yakuhai_round"),
    "daburu riichi": ("double_riichi",),
    "haitei raoyue": ("haitei",),
    "houtei raoyui": ("houtei",),
    "rinshan kaihou": ("rinshan",),
    "chantaiyao": ("chanta",),
    "junchan taiyao": ("junchan",),
    "toitoihou": ("toitoi",),
}


def _hiragana(text: str) -> str:
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in text)


@pytest.mark.parametrize(("yaku_id", "form"), [(y, f) for y, fs in FORMS.items() for f in fs])
def test_every_japanese_and_chinese_form_is_read(yaku_id: str, form: str) -> None:
    assert parse_yaku(form) == {yaku_id}
    assert parse_yaku(_hiragana(form)) == {yaku_id}  # kana typed in hiragana
    assert parse_yaku(f"{form}、ドラ2") == {yaku_id}


@pytest.mark.parametrize("form", BOTH_WINDS)
def test_a_double_wind_is_both_yakuhai(form: str) -> None:
    assert parse_yaku(form) == {"yakuhai_seat", "yakuhai_round"}


@pytest.mark.parametrize(("alias", "ids"), ALIASES.items())
def test_every_latin_alias_is_read(alias: str, ids: tuple[str, ...]) -> None:
    assert parse_yaku(alias) == set(ids)
    assert parse_yaku(alias.upper()) == set(ids)


def test_forms_run_together_are_read_one_after_the_other() -> None:
    assert parse_yaku("立直一発ツモ") == {"riichi", "ippatsu", "menzen_tsumo"}
    assert parse_yaku("りーち　いっぱつ　めんつも") == {"riichi", "ippatsu", "menzen_tsumo"}
    assert parse_yaku("斷么九 平和 一盃口") == {"tanyao", "pinfu", "iipeikou"}


@pytest.mark.parametrize(("yaku_id", "form"), [(y, f) for y, fs in FORMS.items() for f in fs])
def test_the_catalogue_reads_the_same_forms(yaku_id: str, form: str) -> None:
    # one table (yaku.<id>.answers) for the trainer and yaku_of_answer
    assert yaku_of_answer(form) == yaku_id


def test_a_form_two_yaku_share_names_neither_yaku_alone() -> None:
    assert yaku_of_answer("ダブ東") is None
    assert yaku_of_answer("double east") is None


def test_the_kana_reading_the_card_prints_is_an_answer() -> None:
    # the Japanese gloss of a yakuman (its reading on the card) is read as it, in kana too
    for yaku_id in ("kokushi_13", "suuankou_tanki", "junsei_chuuren"):
        reading = yaku_gloss(yaku_id, "ja")
        assert parse_yaku(reading) == {yaku_id}
        assert parse_yaku(_hiragana(reading)) == {yaku_id}


def test_each_language_has_its_own_forms() -> None:
    assert "メンツモ" in answer_forms("menzen_tsumo", "ja")
    assert "斷么九" in answer_forms("tanyao", "zh-Hant")
    assert "斷么九" not in answer_forms("tanyao", "ja")
    assert "Self draw" in answer_forms("menzen_tsumo", "en")
    assert "7 paires" in answer_forms("chiitoitsu", "fr")
    assert answer_forms("tsubame_gaeshi", "ja") == ()  # a local yaku: its names only
