"""Answers typed naturally, questions and grading (tenpai.riichi.quiz).

Expected values come from worked examples and the card's tables
(docs/generated/bareme.fr.md), not from the code under test.
"""

from __future__ import annotations

import pytest

from tenpai.hand import Hand
from tenpai.riichi.deal import Deal, deal
from tenpai.riichi.quiz import (
    Points,
    concept_focus,
    grade,
    parse_points,
    parse_waits,
    parse_yaku,
    questions,
)
from tenpai.riichi.rules import find_rules
from tenpai.riichi.score import score
from tenpai.riichi.situation import Situation
from tenpai.tiles import parse_tiles
from tenpai.trainer.answers import AnswerError, QuizOptions, parse_count

S, E = 28, 27


def _deal(text: str, sit: Situation, rules: str = "bareme") -> Deal:
    hand = Hand.parse(text)
    r = find_rules(rules)
    return Deal("manual", hand, sit, r, 0, "intermediaire", "any", score(hand, sit, r))


@pytest.mark.parametrize(
    ("text", "values", "all_"),
    [
        ("3900", (3900,), False),
        ("3 900", (3900,), False),
        ("3,900", (3900,), False),
        ("3\u202f900", (3900,), False),
        ("12 000", (12000,), False),
        ("1300-2600", (1300, 2600), False),
        ("1300/2600", (1300, 2600), False),
        ("1 300 / 2 600", (1300, 2600), False),
        ("1300 2600", (1300, 2600), False),
        ("2000 all", (2000,), True),
        ("2000 tout", (2000,), True),
        ("2 000 chacun", (2000,), True),
        ("2000 each", (2000,), True),
        ("  8000 points ", (8000,), False),
    ],
)
def test_points_are_read_naturally(text: str, values: tuple[int, ...], all_: bool) -> None:
    assert parse_points(text) == Points(values, all_)


@pytest.mark.parametrize("text", ["", "abc", "3900 yen", "1-2-3", "1300-2600 all", "∞"])
def test_malformed_points_say_what_to_type(text: str) -> None:
    with pytest.raises(AnswerError, match=r"3900|1300-2600|2000 all"):
        parse_points(text)


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("riichi, pinfu, tanyao", {"riichi", "pinfu", "tanyao"}),
        ("Riichi + Pinfu + Tanyao", {"riichi", "pinfu", "tanyao"}),
        ("riichi pinfu tanyao", {"riichi", "pinfu", "tanyao"}),
        ("richi, pinfuu, tanyaou", {"riichi", "pinfu", "tanyao"}),  # misspelt
        ("tout simples; sept paires", {"tanyao", "chiitoitsu"}),  # French
        ("All simples, seven pairs", {"tanyao", "chiitoitsu"}),  # English
        ("menzen tsumo, ippatsu", {"menzen_tsumo", "ippatsu"}),
        ("tsumo", {"menzen_tsumo"}),
        ("haku, chun", {"yakuhai_haku", "yakuhai_chun"}),
        ("dragon blanc", {"yakuhai_haku"}),
        ("vent du siège et vent de la manche", {"yakuhai_seat", "yakuhai_round"}),
        ("double east", {"yakuhai_seat", "yakuhai_round"}),
        ("sanshoku doujun, ittsuu", {"sanshoku_doujun", "ittsu"}),
        ("riichi 1, dora 2, aka 1", {"riichi"}),
        ("yakuhai_hatsu", {"yakuhai_hatsu"}),
        ("-", set()),
    ],
)
def test_yaku_are_read_by_any_name(text: str, ids: set[str]) -> None:
    assert parse_yaku(text) == ids


@pytest.mark.parametrize("text", ["riichi, blorp", "xyzzy", "dora"])
def test_unknown_yaku_are_named(text: str) -> None:
    with pytest.raises(AnswerError, match="yaku"):
        parse_yaku(text)


@pytest.mark.parametrize(
    ("text", "unit", "value"),
    [("3", "han", 3), ("3 han", "han", 3), ("30fu", "fu", 30), (" 110 ", "fu", 110)],
)
def test_counts(text: str, unit: str, value: int) -> None:
    assert parse_count(text, unit) == value


@pytest.mark.parametrize("text", ["three", "3 4", "", "3.5"])
def test_malformed_counts(text: str) -> None:
    with pytest.raises(AnswerError, match="whole number"):
        parse_count(text, "han")


def test_waits_in_any_spelling() -> None:
    want = {k for k in parse_tiles("47s")}
    for text in ("47s", "4s7s", "4s 7s", "4s, 7s", "7s4s"):
        assert parse_waits(text) == want
    with pytest.raises(AnswerError, match="waits"):
        parse_waits("4x")


# ---- grading, on the spec's vectors -------------------------------------------------------


def test_vector_1_riichi_pinfu_tanyao_3900() -> None:
    d = _deal("234m678p45667s88s ron 5s", Situation(seat_wind=S, riichi=True, discarder=1))
    qs = {
        q.part: q for q in questions(d, QuizOptions(ask=("yaku", "han", "fu", "points", "waits")))
    }
    assert grade(qs["yaku"], "riichi, pinfu, tanyao").ok
    g = grade(qs["yaku"], "riichi, tanyao, iipeikou")
    assert not g.ok and "missing Pinfu" in g.note and "Iipeikou" in g.note
    assert dict(g.concepts) == {
        "yaku:riichi": True,
        "yaku:tanyao": True,
        "yaku:pinfu": False,
        "yaku:iipeikou": False,
    }
    assert grade(qs["han"], "3").ok and not grade(qs["han"], "2").ok
    assert grade(qs["fu"], "30 fu").ok and not grade(qs["fu"], "40").ok
    assert grade(qs["points"], "3900").ok and not grade(qs["points"], "2600").ok
    assert grade(qs["waits"], "58s").ok and not grade(qs["waits"], "5s").ok
    assert "cell:3han30fu" in qs["points"].concepts
    assert "fu:closed_ron" in qs["fu"].concepts


def test_vector_3_non_dealer_tsumo_in_every_spelling() -> None:
    d = _deal("111m444p77s88s234s tsumo 7s", Situation(seat_wind=S))
    q = {q.part: q for q in questions(d, QuizOptions())}["points"]
    for ok in ("1300-2600", "1300/2600", "2600-1300", "1 300 - 2 600", "5200"):
        assert grade(q, ok).ok, ok
    for wrong in ("2000 all", "1300", "1300-2700"):
        assert not grade(q, wrong).ok, wrong
    assert q.answer_text.startswith("1 300-2 600")


def test_vector_9_dealer_tsumo_is_paid_by_all() -> None:
    d = _deal("234m678p45667s88s tsumo 5s", Situation(seat_wind=E, riichi=True))
    q = {q.part: q for q in questions(d, QuizOptions())}
    assert grade(q["han"], "4").ok and grade(q["fu"], "20").ok
    assert grade(q["points"], "2600 all").ok and grade(q["points"], "2600 tout").ok
    assert not grade(q["points"], "2600").ok  # a single 2600 is neither a share nor the total
    assert q["fu"].concepts == ("fu:pinfu_tsumo",)


def test_vector_8_honba_and_sticks_included_or_not() -> None:
    sit = Situation(seat_wind=S, riichi=True, honba=2, riichi_sticks=1, discarder=2)
    d = _deal("234m678p45667s88s ron 5s", sit)
    with_extras = {q.part: q for q in questions(d, QuizOptions())}["points"]
    assert grade(with_extras, "4500").ok  # what the discarder pays: 3900 + 600
    assert grade(with_extras, "5500").ok  # what the winner gains: + 1000 stick
    assert not grade(with_extras, "3900").ok
    assert {"extra:honba", "extra:sticks"} <= set(with_extras.concepts)
    bare = {q.part: q for q in questions(d, QuizOptions(extras=False))}["points"]
    assert grade(bare, "3900").ok and not grade(bare, "4500").ok


def test_vector_7_kiriage_option() -> None:
    sit = Situation(seat_wind=S, riichi=True, dora_indicators=parse_tiles("1m"), discarder=1)
    d = _deal("234m678p45667s88s ron 5s", sit)
    plain = {q.part: q for q in questions(d, QuizOptions())}["points"]
    kiriage = {q.part: q for q in questions(d, QuizOptions(kiriage=True))}["points"]
    assert grade(plain, "7700").ok and not grade(plain, "8000").ok
    assert grade(kiriage, "8000").ok and "cell:mangan" in kiriage.concepts


def test_no_fu_above_4_han_unless_asked() -> None:
    sit = Situation(seat_wind=S, riichi=True, ippatsu=True, dora_indicators=parse_tiles("1m"))
    d = _deal("234m678p45667s88s tsumo 5s", sit)  # 6 han: haneman
    assert "fu" not in [q.part for q in questions(d, QuizOptions())]
    assert "fu" in [q.part for q in questions(d, QuizOptions(fu_above_4=True))]


def test_empty_answers_pass_and_late_answers_count_wrong() -> None:
    d = _deal("234m678p45667s88s ron 5s", Situation(seat_wind=S, riichi=True, discarder=1))
    q = {q.part: q for q in questions(d, QuizOptions())}["han"]
    g = grade(q, "")
    assert not g.ok and g.note == "passed" and all(not ok for _, ok in g.concepts)
    late = grade(q, "3", seconds=12.0, timer=10.0)
    assert not late.ok and "too late" in late.note
    assert grade(q, "3", seconds=9.0, timer=10.0).ok


def test_malformed_answers_raise_never_grade() -> None:
    d = deal(11)
    for q in questions(d, QuizOptions(ask=("yaku", "han", "fu", "points", "waits"))):
        with pytest.raises(AnswerError):
            grade(q, "%%%")


def test_questions_on_dealt_hands_are_answered_by_their_own_answers() -> None:
    opts = QuizOptions(ask=("yaku", "han", "fu", "points", "waits"))
    for d in [deal(i) for i in range(150)]:
        for q in questions(d, opts):
            text = q.answer_text.split(" (")[0].replace(" han", "").replace(" fu", "")
            if q.part == "yaku":
                text = text or "-"
            assert grade(q, text).ok, (d.id, q.part, q.answer_text)


@pytest.mark.parametrize(
    ("concept", "focus"),
    [
        ("yaku:pinfu", "pinfu"),
        ("fu:wait_kanchan", "fu"),
        ("cell:3han30fu", "fu"),
        ("pay:dealer_ron", "any"),
        ("yaku:kokushi", "any"),
    ],
)
def test_concepts_map_to_a_focus(concept: str, focus: str) -> None:
    assert concept_focus(concept) == focus


def test_grading_notes_speak_the_player_s_language() -> None:
    from tenpai.riichi.deal import deal
    from tenpai.riichi.quiz import grade, questions
    from tenpai.trainer.answers import QuizOptions

    d = deal(3, "intermediaire", "any", "bareme")
    q = next(x for x in questions(d, QuizOptions(ask=("yaku",))) if x.part == "yaku")
    fr = grade(q, "chinitsu", lang="fr")
    en = grade(q, "chinitsu", lang="en")
    assert not fr.ok and "en trop Chinitsu" in fr.note and "not here: Chinitsu" in en.note
    assert grade(q, "", lang="fr").note == "passé"
