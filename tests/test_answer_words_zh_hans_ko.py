"""Every word the trainer reads in Simplified Chinese and Korean, in a real answer: each form
of each yaku and fan item (``yaku.<id>.answers``, ``hk.quiz.reads.item.<id>``) names its own,
and each word of ``riichi.quiz.reads.*`` and ``hk.quiz.reads.*`` reads as its entry says (a
dora word names no yaku, an each word makes a share...). The expected readings come from the
entry a form belongs to, in the catalogue."""

from __future__ import annotations

import pytest

from tenpai.hk.fan import FAN_ROWS
from tenpai.hk.quiz import SeatPayments, parse_items, parse_payments
from tenpai.i18n import forms
from tenpai.riichi.quiz import parse_points, parse_yaku
from tenpai.riichi.words import answer_forms
from tenpai.riichi.yaku import STANDARD_YAKU

LANGS = ("zh-Hans", "ko")
YAKU = tuple(y.id for y in STANDARD_YAKU if y.id != "nagashi_mangan")


def _yaku_forms(lang: str) -> list[tuple[str, frozenset[str]]]:
    """Each form of each yaku in *lang*, with every yaku that form names in that language."""
    named: dict[str, set[str]] = {}
    for yaku_id in YAKU:
        for form in answer_forms(yaku_id, lang):
            named.setdefault(form, set()).add(yaku_id)
    return [(form, frozenset(ids)) for form, ids in named.items()]


@pytest.mark.parametrize(
    ("form", "ids"),
    [pytest.param(f, i, id=f"{lang}-{f}") for lang in LANGS for f, i in _yaku_forms(lang)],
)
def test_each_yaku_form_names_its_yaku(form: str, ids: frozenset[str]) -> None:
    assert parse_yaku(form) == ids
    # beside another yaku, after a comma
    other = "riichi" if "riichi" not in ids else "tanyao"
    assert parse_yaku(f"{form}, {other}") == ids | {other}


@pytest.mark.parametrize(
    "text",
    [
        "立直、平和、断幺九",
        "立直 一发 门前清自摸和",
        "两立直、一发",
        "리치, 핑후, 탕야오",
        "리치 핑후 탕야오",
        "리치핑후탕야오",
        "리치 및 핑후",
    ],
)
def test_lists_of_yaku_as_players_write_them(text: str) -> None:
    assert parse_yaku(text) <= {
        "riichi",
        "pinfu",
        "tanyao",
        "ippatsu",
        "menzen_tsumo",
        "double_riichi",
    }
    assert len(parse_yaku(text)) >= 2


@pytest.mark.parametrize(
    "word", [w for lang in LANGS for w in forms("riichi.quiz.reads.ignored", lang)]
)
def test_a_dora_word_names_no_yaku(word: str) -> None:
    assert parse_yaku(f"立直、断幺九 {word}2") == {"riichi", "tanyao"}
    assert parse_yaku(f"리치, 탕야오, {word} 2") == {"riichi", "tanyao"}


@pytest.mark.parametrize(
    "word", [w for lang in LANGS for w in forms("riichi.quiz.reads.none", lang)]
)
def test_a_none_word_says_no_yaku(word: str) -> None:
    assert parse_yaku(word) == frozenset()


@pytest.mark.parametrize(
    "word", [w for lang in LANGS for w in forms("riichi.quiz.reads.each", lang)]
)
def test_an_each_word_makes_a_share_each(word: str) -> None:
    got = parse_points(f"2000 {word}")
    assert got.values == (2000,) and got.all


@pytest.mark.parametrize(
    "word", [w for lang in LANGS for w in forms("riichi.quiz.reads.points", lang)]
)
def test_a_points_word_is_the_unit(word: str) -> None:
    got = parse_points(f"3,900{word}")
    assert got.values == (3900,) and not got.all


@pytest.mark.parametrize(
    ("word", "limit"),
    [
        (w, limit)
        for lang in LANGS
        for limit in ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")
        for w in forms(f"riichi.quiz.reads.limit.{limit}", lang)
    ],
)
def test_a_limit_word_names_its_limit(word: str, limit: str) -> None:
    assert parse_points(f"{word} 8000").limit == limit


@pytest.mark.parametrize(
    ("form", "ids"),
    [
        pytest.param(form, frozenset(i for i in ids), id=f"{lang}-{form}")
        for lang in LANGS
        for form, ids in {
            f: {r.id for r in FAN_ROWS if f in forms(f"hk.quiz.reads.item.{r.id}", lang)}
            for r in FAN_ROWS
            for f in forms(f"hk.quiz.reads.item.{r.id}", lang)
        }.items()
    ],
)
def test_each_fan_item_form_names_its_item(form: str, ids: frozenset[str]) -> None:
    assert parse_items(form) == ids
    assert parse_items(f"{form}, 3") == ids  # a count beside it


@pytest.mark.parametrize("lang", LANGS)
def test_each_fan_item_name_names_its_item(lang: str) -> None:
    for r in FAN_ROWS:
        assert parse_items(r.name(lang)) == {r.id}, r.name(lang)


@pytest.mark.parametrize(
    ("word", "seat"),
    [
        (w, seat)
        for lang in LANGS
        for seat, name in enumerate(("east", "south", "west", "north"))
        for w in forms(f"hk.quiz.reads.seat.{name}", lang)
    ],
)
def test_a_seat_word_names_its_seat(word: str, seat: int) -> None:
    assert parse_payments(f"{word} -8") == SeatPayments(((seat, 8),))


@pytest.mark.parametrize("word", [w for lang in LANGS for w in forms("hk.quiz.reads.each", lang)])
def test_an_hk_each_word_makes_a_share(word: str) -> None:
    assert parse_payments(f"{word} 8") == SeatPayments(each=8)


@pytest.mark.parametrize("word", [w for lang in LANGS for w in forms("hk.quiz.reads.total", lang)])
def test_a_total_word_makes_the_winners_total(word: str) -> None:
    assert parse_payments(f"{word} 24") == SeatPayments(total=24)


@pytest.mark.parametrize("word", [w for lang in LANGS for w in forms("hk.quiz.reads.filler", lang)])
def test_a_filler_word_changes_nothing(word: str) -> None:
    assert parse_payments(f"{word} 24") == SeatPayments(bare=24)


@pytest.mark.parametrize("word", [w for lang in LANGS for w in forms("hk.quiz.reads.none", lang)])
def test_a_none_word_says_no_fan_item(word: str) -> None:
    assert parse_items(word) == frozenset()
