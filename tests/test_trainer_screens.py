"""``tenpai train`` and ``tenpai stats`` as a player meets them, on a terminal (a
pseudo-terminal), in the four languages: the words of the grading notes and of the right
answers in the reader's language and typography (no English seat letters on a Chinese
screen, ``；`` and full-width brackets in Japanese and Chinese, « ; » in French), the
explanation in the card's order (han, then fu, then payment), and the progress kept from one
run to the next."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from lang_scan import foreign_words
from ptyhelp import Pty
from tenpai.hk.deal import replay as hk_replay
from tenpai.i18n import tr
from tenpai.riichi.deal import replay
from tenpai.riichi.explain import explain, yaku_name
from tenpai.riichi.quiz import quiz_score
from tenpai.trainer.answers import QuizOptions

LANGS = ("fr", "en", "ja", "zh-Hant")
RIICHI_TYPED = ["tanyao pinfu", "13", "110", "100"]
HK_TYPED = ["all chows", "13", "1"]
RIICHI = "riichi2:bareme:intermediaire:any:0"  # riichi, menzen tsumo: 2 han 30 fu
HK = "hk1:hk:intermediaire:any:1"  # no flowers, self-drawn, dragon pung, half flush
# the card's order of an explanation's sections
# about 7 s of child processes on a pseudo-terminal: make test runs them, make check does not
pytestmark = pytest.mark.slow

CARD = ("yaku", "dora", "han", "reading", "fu", "fu_total", "value", "payment", "total")


def _env(store: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TENPAI_")}
    env["TENPAI_STORE"] = str(store)
    return env


def _train(store: Path, lang: str, *args: str, answers: list[str]) -> str:
    """Runs one drill on a pseudo-terminal with *answers* typed, and gets its screen."""
    argv = [sys.executable, "-m", "tenpai.cli", "train", "--lang", lang, *args]
    t = Pty(argv, _env(store))
    try:
        for a in answers:
            t.send(a)
        head = tr("ui.train.summary", lang, hands="@", parts="@", pct=0, per="@").split("@")[0]
        screen = t.expect(rf"(?s).*{re.escape(head)}[^\n]*\n").group(0)
    finally:
        t.proc.wait(timeout=20)
        os.close(t.master)
    assert t.proc.returncode == 0 and "Traceback" not in screen
    return screen.replace("\r\n", "\n")


@pytest.fixture(scope="module")
def screens(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], str]:
    out = {}
    for lang in LANGS:
        store = tmp_path_factory.mktemp(lang) / "s.sqlite3"
        out["riichi", lang] = _train(store, lang, "--hand", RIICHI, answers=RIICHI_TYPED)
        out["hk", lang] = _train(store, lang, "--variant", "hk", "--hand", HK, answers=HK_TYPED)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_yaku_note_is_written_in_the_readers_typography(
    screens: dict[tuple[str, str], str], lang: str
) -> None:
    sep = tr("riichi.quiz.answer.list_sep", lang)
    missing = sep.join(yaku_name(i, lang) for i in ("riichi", "menzen_tsumo"))
    extra = sep.join(yaku_name(i, lang) for i in ("pinfu", "tanyao"))  # the card's order
    note = {
        "fr": f"(il manque {missing} ; en trop {extra})",
        "en": f"(missing {missing}; not here: {extra})",
        "ja": f"（不足：{missing}；余分：{extra}）",
        "zh-Hant": f"（缺少：{missing}；多出：{extra}）",
    }[lang]
    assert note in screens["riichi", lang]


@pytest.mark.parametrize("lang", ["fr", "ja", "zh-Hant"])
@pytest.mark.parametrize("variant", ["riichi", "hk"])
def test_a_screen_holds_no_english_word(
    screens: dict[tuple[str, str], str], variant: str, lang: str
) -> None:
    screen = screens[variant, lang]
    for typed in RIICHI_TYPED if variant == "riichi" else HK_TYPED:
        screen = screen.replace(typed, " ")  # what the player typed, echoed
    assert foreign_words(screen, lang) == []


@pytest.mark.parametrize("lang", ["fr", "ja", "zh-Hant"])
def test_the_hong_kong_payments_name_the_seats_in_the_readers_language(
    screens: dict[tuple[str, str], str], lang: str
) -> None:
    screen = screens["hk", lang]
    verdicts = [line[line.index("✗") :] for line in screen.splitlines() if "✗" in line]
    assert len(verdicts) == 3
    payments = verdicts[-1]
    # (-16, -16, 48, -16): West won, self-drawn; seat letters are the English answer's
    assert not re.search(r"\b[ESWN] [+\-−]\d", payments), payments
    west = tr("hk.seat.W", lang)
    assert re.search(rf"{west} \+48", payments), payments
    if lang in ("ja", "zh-Hant"):
        assert "(" not in "".join(verdicts) and "; " not in "".join(verdicts)


def test_the_english_payments_stay_the_short_form_players_type(
    screens: dict[tuple[str, str], str],
) -> None:
    assert "E -16, S -16, W +48, N -16" in screens["hk", "en"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_explanation_follows_the_card_han_then_fu_then_payment(
    screens: dict[tuple[str, str], str], lang: str
) -> None:
    d = replay(RIICHI)
    lines = explain(quiz_score(d, QuizOptions()), lang)
    screen = screens["riichi", lang]
    at = [screen.index("  " + line.text) for line in lines]
    assert at == sorted(at)  # shown in the explanation's order
    sections = [CARD.index(line.section) for line in lines]
    assert sections == sorted(sections)
    assert {"han", "fu_total", "payment"} <= {line.section for line in lines}


def test_the_progress_is_kept_from_one_run_to_the_next(tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite3"
    for _ in range(2):
        _train(store, "fr", "--hand", RIICHI, answers=["riichi tsumo", "2", "30", "500-1000"])
    t = Pty([sys.executable, "-m", "tenpai.cli", "stats", "--lang", "fr"], _env(store))
    got = t.expect(r"default : (\d+) réponses, (\d+) % justes")
    t.proc.wait(timeout=20)
    os.close(t.master)
    # two runs of four parts (yaku, han, fu, points), every answer right
    assert t.proc.returncode == 0 and got.groups() == ("8", "100")


def test_the_hong_kong_hand_of_the_screens_is_the_one_described() -> None:
    s = hk_replay(HK).score
    assert s.payments == (-16, -16, 48, -16)
    assert {i.id for i in s.items} == {"no_flowers", "self_drawn", "dragon_pung", "half_flush"}
    assert [y.id for y in replay(RIICHI).score.yaku] == ["riichi", "menzen_tsumo"]
