"""Questions, answers and grading on Hong Kong hands (tenpai.hk.quiz), on the worked
examples of hk-payments.fr.md and on dealt hands."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tenpai.hand import Hand
from tenpai.hk import HKRules, HKSituation
from tenpai.hk.deal import HKDeal
from tenpai.hk.deal import deal as deal_hk
from tenpai.hk.fan import FAN_ROWS
from tenpai.hk.quiz import (
    SeatPayments,
    concept_focus,
    format_payments,
    grade,
    parse_items,
    parse_payments,
)
from tenpai.hk.quiz import questions as hk_questions
from tenpai.hk.score import score
from tenpai.trainer.answers import AnswerError, Question, QuizOptions


def example(hand: str, rules: HKRules | None = None, **situation: Any) -> HKDeal:
    """Makes a dealt hand of a worked example (scored by the engine)."""
    h, sit = Hand.parse(hand), HKSituation.of(**situation)
    r = rules or HKRules()
    return HKDeal(
        "hk1:hk:intermediaire:any:0", h, sit, r, 0, "intermediaire", "any", score(h, sit, r)
    )


EX1 = example("234m567m345p45s99s tsumo 6s", seat="S")  # 4 fan, each pays 8
EX2 = example("333m55m111z55z pon 111m ron 5m", seat="E", discarder="N", flowers="s3")  # 8 fan
EX3 = example("222p88p55z pon 777z pon 666z tsumo 8p", seat="W", flowers="f3")  # 13 -> 10
EX7 = example("9s pon 222s:right pon 444s:across chi 567s pon 888s:left tsumo 9s", seat="N")


def qs(d: HKDeal) -> dict[str, Question]:
    return {q.part: q for q in hk_questions(d, QuizOptions(ask=("items", "fan", "payments")))}


# ---- reading answers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("all_chows, self_drawn", {"all_chows", "self_drawn"}),  # ids
        ("Tous chows + Main cachée", {"all_chows", "concealed_hand"}),  # French
        ("No bonus tile; Half flush / All pungs", {"no_flowers", "half_flush", "all_pungs"}),
        ("平糊 自摸 無花", {"all_chows", "self_drawn", "no_flowers"}),  # Chinese, unspaced
        ("清一色、門前清", {"full_flush", "concealed_hand"}),
        ("坑坑糊", {"four_concealed_pungs"}),  # the seed's spelling too
        ("tous chowz, pioche ganante", {"all_chows", "self_drawn"}),  # misspelt
        ("Extrêmes et honneurs et tous pungs", {"mixed_terminals_honours", "all_pungs"}),
        ("terminals and honours and all pungs", {"mixed_terminals_honours", "all_pungs"}),
        ("double east, dragon pung x2", {"seat_wind_pung", "round_wind_pung", "dragon_pung"}),
        ("sans fleur, trois petits dragons", {"no_flowers", "little_three_dragons"}),
        ("pinghu, zimo, honitsu", {"all_chows", "self_drawn", "half_flush"}),
        ("-", set()),
    ],
)
def test_items_are_read_in_every_language(text: str, ids: set[str]) -> None:
    assert parse_items(text) == ids


def test_every_name_of_every_item_reads_back_as_that_item() -> None:
    for r in FAN_ROWS:
        for name in {r.id, r.fr, r.en, r.zh, r.page_zh, r.fr.lower(), r.en.upper()}:
            assert parse_items(name) == {r.id}, name


@pytest.mark.parametrize("text", ["", "riichi, pinfu", "tous chows, banana", "12"])
def test_unreadable_items_say_what_to_type(text: str) -> None:
    with pytest.raises(AnswerError, match="fan item"):
        parse_items(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("E -8, W -8, N -8, S +24", SeatPayments(((0, 8), (1, 24), (2, 8), (3, 8)))),
        ("Est −8 Ouest −8 Nord −8", SeatPayments(((0, 8), (2, 8), (3, 8)))),
        ("l’Ouest paie 144", SeatPayments(((2, 144),))),
        ("N pays 64", SeatPayments(((3, 64),))),
        ("東 -8 西 -8 北 -8", SeatPayments(((0, 8), (2, 8), (3, 8)))),
        ("O 1 024, N +1,024", SeatPayments(((2, 1024), (3, 1024)))),
        ("8 each", SeatPayments(each=8)),
        ("8 chacun", SeatPayments(each=8)),
        ("8 x3", SeatPayments(each=8)),
        ("8×3", SeatPayments(each=8)),
        ("0,5 tout", SeatPayments(each=Fraction(1, 2))),
        ("24", SeatPayments(bare=24)),
        ("3 840", SeatPayments(bare=3840)),
        ("total 24 points", SeatPayments(total=24)),
        ("Sud gagne 24", SeatPayments(((1, 24),))),
        ("24 total", SeatPayments(total=24)),
    ],
)
def test_payments_are_read_per_seat_each_or_as_a_total(text: str, expected: SeatPayments) -> None:
    assert parse_payments(text) == expected


@pytest.mark.parametrize("text", ["", "a lot", "E 8 8", "S +24 E", "8 16", "E 8 E 8", "E 8 24"])
def test_unreadable_payments_say_the_accepted_forms(text: str) -> None:
    with pytest.raises(AnswerError, match=r"8 each|E -8|amount|twice"):
        parse_payments(text)


# ---- questions and grading ---------------------------------------------------------------------


def test_questions_follow_the_count() -> None:
    q = qs(EX1)
    assert q["items"].expected == {"no_flowers", "concealed_hand", "self_drawn", "all_chows"}
    assert q["fan"].expected == 4 and q["fan"].concepts == ("hk_fan:count",)
    assert q["payments"].answer_text == "E -8, S +24, W -8, N -8"
    assert q["payments"].concepts == ("hk_fan:4", "hk_pay:self_draw")
    assert q["items"].prompt("fr") == "Fan (les éléments qui comptent) ?"
    # what a bare number means is said on screen: on a self-drawn hand, each opponent's
    # share (the card's self-draw column); on a discard, the winner's total
    assert (
        q["payments"]
        .prompt("en")
        .startswith("Payments? Self-drawn: a bare number is what each opponent pays")
    )
    assert "un nombre seul est ce que paie chaque adversaire" in q["payments"].prompt("fr")
    assert (
        qs(EX2)["payments"].prompt("en").startswith("Payments? A bare number is the winner's total")
    )
    assert qs(EX3)["fan"].answer_text == "10 fan (13 capped at 10)"
    assert qs(EX3)["fan"].concepts == ("hk_fan:count", "hk_fan:cap")
    assert qs(EX7)["payments"].concepts == ("hk_fan:9", "hk_pay:liable")
    assert qs(EX2)["payments"].concepts == ("hk_fan:8", "hk_pay:discard")
    # the riichi names of the parts stand for their counterparts
    only = hk_questions(EX1, QuizOptions(ask=("han", "points")))
    assert [x.part for x in only] == ["fan", "payments"]


@pytest.mark.parametrize(
    ("d", "part", "answer", "ok"),
    [
        (EX1, "items", "no flowers, concealed hand, self-drawn, all chows", True),
        (EX1, "items", "sans fleur, main cachée, pioche gagnante, tous chows", True),
        (EX1, "items", "concealed hand, self-drawn, all chows", False),
        (EX1, "fan", "4", True),
        (EX1, "fan", "4 fan", True),
        (EX1, "fan", "5", False),
        (EX1, "payments", "E -8, W -8, N -8, S +24", True),
        (EX1, "payments", "E 8 W 8 N 8", True),  # the winner's gain follows
        (EX1, "payments", "8 each", True),
        (EX1, "payments", "8", True),  # self-drawn: a bare number is what each opponent pays
        (EX1, "payments", "24", False),  # ... so 24 would be 24 each
        (EX1, "payments", "24 total", True),
        (EX1, "payments", "8 total", False),
        (EX1, "payments", "E -8, W -8, N -16", False),
        (EX2, "payments", "N -64", True),
        (EX2, "payments", "64", True),
        (EX2, "payments", "64 each", False),
        (EX2, "payments", "N -32, S -16, W -16", False),  # half responsibility is not the rule
        (EX3, "fan", "10", True),
        (EX3, "fan", "13", False),  # before the cap
        (EX3, "payments", "64 chacun", True),
        (EX7, "payments", "W 144", True),
        (EX7, "payments", "48 each", False),  # West is liable: he pays alone
        (EX7, "payments", "144", True),
    ],
)
def test_grading(d: HKDeal, part: str, answer: str, ok: bool) -> None:
    g = grade(qs(d)[part], answer)
    assert (g.part, g.ok) == (part, ok), g.note


def test_grading_notes_and_concepts_name_each_item() -> None:
    q = qs(EX3)["items"]
    g = grade(q, "little three dragons, dragon pung, half flush, all pungs, self-drawn")
    assert not g.ok
    assert g.note == "missing Seat flower; not here: Dragon pung"
    verdicts = dict(g.concepts)
    assert verdicts["fan:seat_flower"] is False and verdicts["fan:dragon_pung"] is False
    assert verdicts["fan:little_three_dragons"] is True
    passed = grade(q, "")
    assert not passed.ok and passed.note == "passed" and not any(v for _, v in passed.concepts)
    late = grade(qs(EX1)["fan"], "4", seconds=12.0, timer=10.0)
    assert not late.ok and "too late" in late.note


def test_malformed_answers_raise_so_that_the_player_types_again() -> None:
    with pytest.raises(AnswerError, match="whole number of fan"):
        grade(qs(EX1)["fan"], "four-ish")
    with pytest.raises(AnswerError, match="cannot read payments"):
        grade(qs(EX1)["payments"], "a lot")


@pytest.mark.slow
def test_answer_texts_grade_right_on_dealt_hands() -> None:
    for seed in range(300):
        d = deal_hk(seed, "expert")
        for q in hk_questions(d):
            text = str(q.expected) if q.part == "fan" else q.answer_text
            assert grade(q, text).ok, (d.id, q.part, text)
    assert format_payments((64, 0, 0, -64)) == "E +64, N -64"
    assert format_payments((Fraction(1, 2), -1, Fraction(1, 4), Fraction(1, 4))) == (
        "E +0.5, S -1, W +0.25, N +0.25"
    )


def test_concepts_choose_a_focus() -> None:
    assert concept_focus("fan:half_flush") == "half_flush"
    assert concept_focus("hk_pay:discard") == "discard"
    assert concept_focus("hk_pay:self_draw") == "self_drawn"
    for other in ("hk_fan:3", "yaku:pinfu", "fan:nonsense", "cell:3han30fu"):
        assert concept_focus(other) == "any"
