"""Every word the trainer's answer readers know, in a real answer: the riichi yaku and points
readers (``riichi/quiz.py``) and the Hong Kong fan-item and payments readers (``hk/quiz.py``).

Written before those words moved from tables in code into the catalogues
(``riichi.quiz.answer.*``, ``hk.quiz.answer.*``), to pin what each reader accepts: every word
of every old table, each inside an answer a player would type, with the reading the word
should give (a dora word names no yaku, ``each`` makes a share, ``total`` the winner's sum...).
"""

from __future__ import annotations

import pytest

from tenpai.hk.quiz import SeatPayments, parse_items, parse_payments
from tenpai.riichi.quiz import Points, parse_points, parse_yaku
from tenpai.trainer.answers import AnswerError

# ---- riichi: yaku ------------------------------------------------------------------------

# words of an answer that name no yaku (the dora and the han counted with them)
RIICHI_IGNORED = ["dora", "aka", "aka dora", "ura", "ura dora", "red five", "red fives", "han"]
RIICHI_CJK_IGNORED = [
    "ドラ",
    "赤ドラ",
    "裏ドラ",
    "抜きドラ",
    "寶牌",
    "赤寶牌",
    "裏寶牌",
    "翻",
    "飜",
    "ハン",
]


@pytest.mark.parametrize("word", RIICHI_IGNORED)
def test_a_dora_word_names_no_yaku(word: str) -> None:
    assert parse_yaku(f"riichi, tanyao, {word} 2") == {"riichi", "tanyao"}
    assert parse_yaku(f"Riichi Tanyao {word.upper()} 1") == {"riichi", "tanyao"}


@pytest.mark.parametrize("word", RIICHI_CJK_IGNORED)
def test_a_japanese_or_chinese_dora_word_names_no_yaku(word: str) -> None:
    assert parse_yaku(f"立直、断幺九 {word}2") == {"riichi", "tanyao"}
    assert parse_yaku(f"立直{word}1") == {"riichi"}


@pytest.mark.parametrize("word", ["et", "and"])
def test_et_and_separate_two_yaku(word: str) -> None:
    assert parse_yaku(f"riichi {word} tanyao") == {"riichi", "tanyao"}
    assert parse_yaku(f"menzen tsumo {word} pinfu") == {"menzen_tsumo", "pinfu"}


@pytest.mark.parametrize("text", ["-", "0", " - "])
def test_a_dash_or_zero_says_no_yaku(text: str) -> None:
    assert parse_yaku(text) == frozenset()


@pytest.mark.parametrize("text", ["rien", "nothing", "", "   "])
def test_other_words_are_no_answer(text: str) -> None:
    with pytest.raises(AnswerError):
        parse_yaku(text)


# ---- riichi: points ----------------------------------------------------------------------

ALL_WORDS = [
    "all",
    "tout",
    "tous",
    "each",
    "chacun",
    "chaque",
    "apiece",
    "∀",
    "オール",
    "每家",
    "各家",
    "各",
]


@pytest.mark.parametrize("word", ALL_WORDS)
def test_an_all_word_makes_a_share_each(word: str) -> None:
    assert parse_points(f"2000 {word}") == Points((2000,), all=True)
    assert parse_points(f"2 000{word}") == Points((2000,), all=True)


def test_all_in_hiragana_reads_as_katakana() -> None:
    assert parse_points("4000おーる") == Points((4000,), all=True)


@pytest.mark.parametrize("word", ["points", "pts", "点", "點", "POINTS"])
def test_a_points_word_is_the_unit(word: str) -> None:
    assert parse_points(f"3900 {word}") == Points((3900,))
    assert parse_points(f"1300-2600{word}") == Points((1300, 2600))


LIMITS = [
    ("kazoe yakuman", "yakuman"),
    ("数え役満", "yakuman"),
    ("累計役滿", "yakuman"),
    ("sanbaiman", "sanbaiman"),
    ("三倍満", "sanbaiman"),
    ("三倍滿", "sanbaiman"),
    ("サンバイマン", "sanbaiman"),
    ("haneman", "haneman"),
    ("跳満", "haneman"),
    ("跳滿", "haneman"),
    ("ハネマン", "haneman"),
    ("baiman", "baiman"),
    ("倍満", "baiman"),
    ("倍滿", "baiman"),
    ("バイマン", "baiman"),
    ("mangan", "mangan"),
    ("満貫", "mangan"),
    ("滿貫", "mangan"),
    ("マンガン", "mangan"),
    ("yakuman", "yakuman"),
    ("役満", "yakuman"),
    ("役滿", "yakuman"),
    ("ヤクマン", "yakuman"),
]


@pytest.mark.parametrize(("word", "limit"), LIMITS)
def test_a_limit_word_names_its_limit(word: str, limit: str) -> None:
    assert parse_points(f"{word} 8000") == Points((8000,), limit=limit)
    assert parse_points(f"{word} 4000 all") == Points((4000,), all=True, limit=limit)


def test_the_first_limit_named_in_the_tables_order_wins() -> None:
    # the readers look the limits up longest name first, then haneman before mangan
    assert parse_points("mangan haneman 12000").limit == "haneman"
    assert parse_points("baiman sanbaiman 24000").limit == "sanbaiman"
    assert parse_points("kazoe yakuman 32000").limit == "yakuman"


# ---- Hong Kong: fan items ----------------------------------------------------------------


@pytest.mark.parametrize("word", ["fan", "plus"])
def test_an_hk_filler_word_names_no_item(word: str) -> None:
    assert parse_items(f"all pungs {word} half flush") == {"all_pungs", "half_flush"}
    assert parse_items(f"self drawn 1 {word.upper()}") == {"self_drawn"}


@pytest.mark.parametrize("word", ["et", "and"])
def test_et_and_join_two_items_but_stay_inside_names(word: str) -> None:
    assert parse_items(f"all pungs {word} half flush") == {"all_pungs", "half_flush"}


def test_extremes_et_honneurs_is_one_item() -> None:
    assert len(parse_items("Extrêmes et honneurs")) == 1


@pytest.mark.parametrize("text", ["-", "0"])
def test_a_dash_or_zero_says_no_item(text: str) -> None:
    assert parse_items(text) == frozenset()


# ---- Hong Kong: payments -----------------------------------------------------------------

SEATS = [
    ("e", 0),
    ("east", 0),
    ("est", 0),
    ("s", 1),
    ("south", 1),
    ("sud", 1),
    ("w", 2),
    ("west", 2),
    ("o", 2),
    ("ouest", 2),
    ("n", 3),
    ("north", 3),
    ("nord", 3),
]
CJK_SEATS = [
    ("東家", 0),
    ("南家", 1),
    ("西家", 2),
    ("北家", 3),
    ("東", 0),
    ("南", 1),
    ("西", 2),
    ("北", 3),
]


@pytest.mark.parametrize(("word", "seat"), SEATS + CJK_SEATS)
def test_a_seat_word_names_its_seat(word: str, seat: int) -> None:
    assert parse_payments(f"{word} -8") == SeatPayments(seats=((seat, 8),))
    assert parse_payments(f"{word.upper()} 16") == SeatPayments(seats=((seat, 16),))


def test_the_four_seats_in_one_answer() -> None:
    assert parse_payments("East -8, South +24, Ouest -8, nord -8") == SeatPayments(
        seats=((0, 8), (1, 24), (2, 8), (3, 8))
    )
    assert parse_payments("東家-8、南家+24，西-8 北-8") == SeatPayments(
        seats=((0, 8), (1, 24), (2, 8), (3, 8))
    )


EACH = ["each", "all", "chacun", "chacune", "tout", "tous", "apiece", "每家", "各家", "每人", "各"]


@pytest.mark.parametrize("word", EACH)
def test_an_each_word_makes_a_share(word: str) -> None:
    assert parse_payments(f"8 {word}") == SeatPayments(each=8)
    assert parse_payments(f"{word} 8") == SeatPayments(each=8)


TOTAL = [
    "total",
    "gagne",
    "wins",
    "gets",
    "receives",
    "recoit",
    "reçoit",
    "合共",
    "總共",
    "合計",
    "共",
]


@pytest.mark.parametrize("word", TOTAL)
def test_a_total_word_makes_the_winners_total(word: str) -> None:
    assert parse_payments(f"24 {word}") == SeatPayments(total=24)
    assert parse_payments(f"{word} 24") == SeatPayments(total=24)


FILLER = [
    "pays",
    "pay",
    "paie",
    "payes",
    "to",
    "a",
    "au",
    "pts",
    "points",
    "point",
    "and",
    "et",
    "the",
    "le",
    "l",
    "俾",
    "付",
    "支払う",
    "点",
]


@pytest.mark.parametrize("word", FILLER)
def test_a_filler_word_changes_nothing(word: str) -> None:
    assert parse_payments(f"E {word} 8") == SeatPayments(seats=((0, 8),))
    assert parse_payments(f"24 {word}") == SeatPayments(bare=24)


def test_a_sentence_of_filler_words() -> None:
    assert parse_payments("the total: 24 points") == SeatPayments(total=24)
    assert parse_payments("E pays 8, W pays 8") == SeatPayments(seats=((0, 8), (2, 8)))
    assert parse_payments("東家俾8点") == SeatPayments(seats=((0, 8),))


def test_each_and_total_together_are_refused() -> None:
    with pytest.raises(AnswerError):
        parse_payments("8 each 24 total")


@pytest.mark.parametrize("text", ["8 chaque", "24 somme", "E doit 8", "beaucoup"])
def test_a_word_no_table_holds_is_refused(text: str) -> None:
    with pytest.raises(AnswerError):
        parse_payments(text)


# ---- from the catalogue: what each language's players type, now read -------------------
# (the "no yaku" words were in the old tables but never reached: the unknown-word error came
# first; ずつ and それぞれ were folded to すつ / それそれ before being looked for)


@pytest.mark.parametrize(
    "text", ["none", "None", "aucun", "aucune", "なし", "無し", "無", "冇", "ＮＯＮＥ"]
)
def test_a_no_yaku_word_says_no_yaku(text: str) -> None:
    assert parse_yaku(text) == frozenset()
    assert parse_yaku(f" {text} ") == frozenset()


@pytest.mark.parametrize("text", ["-", "0", "none", "Aucun", "aucune", "なし", "無し", "無", "冇"])
def test_a_no_item_word_says_no_item_in_every_language(text: str) -> None:
    assert parse_items(text) == frozenset()


def test_a_no_word_beside_a_yaku_is_still_refused() -> None:
    with pytest.raises(AnswerError):
        parse_yaku("riichi none")
    with pytest.raises(AnswerError):
        parse_items("無花 冇")


@pytest.mark.parametrize("word", ["ずつ", "それぞれ"])
def test_the_japanese_each_words_make_a_share(word: str) -> None:
    assert parse_payments(f"8{word}") == SeatPayments(each=8)


def test_the_chinese_points_word_is_a_filler() -> None:
    assert parse_payments("東家俾8點") == SeatPayments(seats=((0, 8),))
    assert parse_payments("合共24點") == SeatPayments(total=24)


def test_a_seat_named_twice_in_a_row_is_quoted_as_written() -> None:
    with pytest.raises(AnswerError, match="'南家'"):
        parse_payments("東家 南家 8")


def test_the_words_come_from_every_languages_catalogue() -> None:
    from tenpai.i18n import forms

    assert forms("hk.quiz.reads.none", "zh-Hant") == ("無", "冇")
    assert "ouest" in forms("hk.quiz.reads.seat.west") and "west" in forms(
        "hk.quiz.reads.seat.west"
    )
    assert forms("riichi.quiz.reads.limit.mangan", "ja") == ("満貫", "マンガン")
    assert forms("riichi.quiz.reads.no_such_entry") == ()


# ---- Hong Kong: the short forms of the fan items (once a table in hk/quiz.py) ------------

HK_ALIASES: dict[str, tuple[str, ...]] = {
    "no flowers": ("no_flowers",),
    "no flower": ("no_flowers",),
    "sans fleurs": ("no_flowers",),
    "own flower": ("seat_flower",),
    "own flowers": ("seat_flower",),
    "flower": ("seat_flower",),
    "flowers": ("seat_flower",),
    "fleur": ("seat_flower",),
    "fleurs": ("seat_flower",),
    "flower set": ("flower_set",),
    "serie": ("flower_set",),
    "concealed": ("concealed_hand",),
    "menzen": ("concealed_hand",),
    "mun chin ching": ("concealed_hand",),
    "self draw": ("self_drawn",),
    "self drawn win": ("self_drawn",),
    "tsumo": ("self_drawn",),
    "zimo": ("self_drawn",),
    "zi mo": ("self_drawn",),
    "pioche": ("self_drawn",),
    "ping wu": ("all_chows",),
    "pinghu": ("all_chows",),
    "ping hu": ("all_chows",),
    "pinfu": ("all_chows",),
    "chows": ("all_chows",),
    "dragon": ("dragon_pung",),
    "dragons": ("dragon_pung",),
    "dragon pungs": ("dragon_pung",),
    "pungs de dragons": ("dragon_pung",),
    "round wind": ("round_wind_pung",),
    "prevailing wind": ("round_wind_pung",),
    "vent du tour": ("round_wind_pung",),
    "seat wind": ("seat_wind_pung",),
    "vent de place": ("seat_wind_pung",),
    "double east": ("seat_wind_pung", "round_wind_pung"),
    "double est": ("seat_wind_pung", "round_wind_pung"),
    "double wind": ("seat_wind_pung", "round_wind_pung"),
    "double vent": ("seat_wind_pung", "round_wind_pung"),
    "dui dui wu": ("all_pungs",),
    "dui dui hu": ("all_pungs",),
    "toitoi": ("all_pungs",),
    "pungs": ("all_pungs",),
    "hon yat sik": ("half_flush",),
    "honitsu": ("half_flush",),
    "mixed one suit": ("half_flush",),
    "ching yat sik": ("full_flush",),
    "chinitsu": ("full_flush",),
    "pure one suit": ("full_flush",),
    "flush": ("full_flush",),
    "last tile": ("last_tile",),
    "haitei": ("last_tile",),
    "rinshan": ("kong_replacement",),
    "chankan": ("robbing_kong",),
    "shousangen": ("little_three_dragons",),
    "daisangen": ("big_three_dragons",),
}


@pytest.mark.parametrize(("form", "items"), sorted(HK_ALIASES.items()))
def test_a_short_form_names_its_fan_items(form: str, items: tuple[str, ...]) -> None:
    assert parse_items(f"{form}, no flowers") == {*items, "no_flowers"}
    assert parse_items(form.upper()) == set(items)


@pytest.mark.parametrize("form", ["雙番東", "ダブ東"])
def test_a_double_east_names_both_wind_pungs(form: str) -> None:
    assert parse_items(f"{form} 無花") == {"seat_wind_pung", "round_wind_pung", "no_flowers"}
