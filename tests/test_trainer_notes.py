"""The note of a graded list answer (riichi yaku, Hong Kong fan items) in each language's
typography, naming what it lacks and what it named wrongly in the order a score lists them
(the card's); the Hong Kong payments answer in the reader's words. In-process: the same
screens on a pseudo-terminal are ``tests/test_trainer_screens.py``."""

from __future__ import annotations

import pytest

from tenpai.hk.deal import replay as hk_replay
from tenpai.hk.fan import row
from tenpai.hk.quiz import grade as hk_grade
from tenpai.hk.quiz import questions as hk_questions
from tenpai.i18n import tr
from tenpai.riichi.deal import replay
from tenpai.riichi.explain import yaku_name
from tenpai.riichi.quiz import grade, questions
from tenpai.trainer.answers import QuizOptions

# (the note's opening and closing words, the separator of its two parts)
FORM = {
    "fr": ("il manque ", " ; en trop "),
    "en": ("missing ", "; not here: "),
    "ja": ("不足：", "；余分："),
    "zh-Hant": ("缺少：", "；多出："),
}


@pytest.mark.parametrize("lang", list(FORM))
def test_a_riichi_yaku_note(lang: str) -> None:
    d = replay("riichi2:bareme:intermediaire:any:8")  # riichi, menzen tsumo, iipeikou
    q = questions(d, QuizOptions())[0]
    g = grade(q, "tanyao pinfu chiitoitsu", lang=lang)
    sep = tr("riichi.quiz.answer.list_sep", lang)
    missing = sep.join(yaku_name(i, lang) for i in ("riichi", "menzen_tsumo", "iipeikou"))
    extra = sep.join(yaku_name(i, lang) for i in ("pinfu", "tanyao", "chiitoitsu"))
    head, middle = FORM[lang]
    assert g.note == f"{head}{missing}{middle}{extra}"


@pytest.mark.parametrize("lang", list(FORM))
def test_a_hong_kong_items_note(lang: str) -> None:
    d = hk_replay("hk1:hk:intermediaire:any:1")
    q = hk_questions(d)[0]
    g = hk_grade(q, "all chows", lang=lang)
    sep = tr("hk.quiz.said.sep", lang)
    missing = sep.join(
        row(i).name(lang) for i in ("no_flowers", "self_drawn", "dragon_pung", "half_flush")
    )
    head, middle = FORM[lang]
    assert g.note == f"{head}{missing}{middle}{row('all_chows').name(lang)}"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "E -16, S -16, W +48, N -16"),
        ("ja", "東 -16、南 -16、西 +48、北 -16"),
        ("zh-Hant", "東 -16、南 -16、西 +48、北 -16"),
        ("fr", "Est −16, Sud −16, Ouest +48, Nord −16"),
    ],
)
def test_the_hong_kong_payments_answer(lang: str, said: str) -> None:
    q = hk_questions(hk_replay("hk1:hk:intermediaire:any:1"))[-1]
    assert hk_grade(q, "1", lang=lang).answer == said
