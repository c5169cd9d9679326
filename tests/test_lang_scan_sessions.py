"""French and Japanese over the inputs the other language tests leave out (issue 18): the
terminal trainer's session with wrong answers of every kind, ``tenpai stats`` after them,
``tenpai game`` and ``tenpai maneman`` with bad input, ``tenpai rules show`` of every preset
and of a TOML file, ``tenpai game rules`` of every game preset, the web drill with wrong
answers and bad form input. Each is scanned for English words of the catalogues
(``lang_scan.foreign_words``); what the user typed, and the notation (tile strings, the option
names and values a TOML file writes), are left out of the scan."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from lang_scan import foreign_words, visible_text
from tenpai.cli import main
from tenpai.game.rules import GAME_OPTIONS, GAME_PRESETS
from tenpai.hk.deal import deal as hk_deal
from tenpai.hk.fan import row
from tenpai.hk.quiz import questions as hk_questions
from tenpai.i18n import tr
from tenpai.riichi.deal import deal as riichi_deal
from tenpai.riichi.quiz import questions as riichi_questions
from tenpai.riichi.rules import PRESETS
from tenpai.trainer.answers import QuizOptions
from tenpai.trainer.progress import concept_label
from tenpai.web import create_app

ROOT = Path(__file__).resolve().parent.parent

# Wrong answers of every kind, then a few readable ones, for every part each variant asks:
# words that name nothing, a pass, counts that are no number, points and payments that
# cannot be read, a seat given twice, a share and a total together.
RIICHI_ANSWERS = ["riichi zzz", "beaucoup", "3 han", "-", "", "x", "trois", "30", "beaucoup",
                  "1 2 3", "8000", "riichi", "2", "40", "1000 all"]  # fmt: skip
HK_ANSWERS = ["zzz", "-", "", "beaucoup", "x", "3", "E 8 E 8", "8 each 24 total", "24", "zzz",
              "no flowers", "1", "8"]  # fmt: skip


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    main(list(argv))
    out = capsys.readouterr()
    return out.out + out.err


def _session(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    store: Path,
    variant: str,
    lang: str,
) -> str:
    answers = RIICHI_ANSWERS if variant == "riichi" else HK_ANSWERS
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(answers * 3) + "\n"))
    argv = ["train", "--variant", variant, "--count", "2", "--seed", "1", "--store", str(store)]
    return _run(capsys, *argv, "--lang", lang)


def _typed_out(text: str, answers: list[str]) -> str:
    """The text without the answers the player typed (quoted back in the hints)."""
    for a in sorted(filter(None, answers), key=len, reverse=True):
        text = text.replace(a, " ")
    return text


@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize("variant", ["riichi", "hk"])
def test_a_trainer_session_with_wrong_answers_then_stats(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    variant: str,
    lang: str,
) -> None:
    store = tmp_path / "s.sqlite3"
    out = _session(capsys, monkeypatch, store, variant, lang)
    answers = RIICHI_ANSWERS if variant == "riichi" else HK_ANSWERS
    assert tr("riichi.quiz.note.passed", lang) in out  # the pass was graded
    assert foreign_words(_typed_out(out, answers), lang) == []
    stats = _run(capsys, "stats", "--store", str(store), "--lang", lang)
    assert foreign_words(stats, lang, frozenset({"default"})) == []


@pytest.mark.parametrize("lang", ["fr", "ja", "zh-Hant"])
def test_the_hk_trainer_says_the_right_answer_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    # "-" (no item) is wrong on every hand: the right items are then named, in the language
    out = _session(capsys, monkeypatch, tmp_path / "s.sqlite3", "hk", lang)
    d = hk_deal(1)
    items = dict.fromkeys(h.id for h in d.score.items)
    said = tr("hk.quiz.said.sep", lang).join(row(i).name(lang) for i in items)
    assert said in out
    assert all(row(i).en not in out for i in items if row(i).en != row(i).name(lang))
    assert tr("hk.quiz.said.fan", lang, fan=d.score.fan) in out


def test_the_fan_count_of_a_capped_hand_is_said_in_each_language() -> None:
    from tenpai.hk.quiz import _said_fan

    assert _said_fan(13, 16, "en") == "13 fan (16 capped at 13)"
    assert _said_fan(13, 16, "fr") == "13 fan (16 plafonnés à 13)"
    assert _said_fan(13, None, "ja") == "13番"


def test_every_concept_the_quizzes_name_has_its_words() -> None:
    seen: set[str] = set()
    opts = QuizOptions(ask=("yaku", "han", "fu", "points", "waits"))
    for seed in range(150):
        for q in riichi_questions(riichi_deal(seed), opts):
            seen.update(q.concepts)
        for q in hk_questions(hk_deal(seed), None):
            seen.update(q.concepts)
    for c in sorted(seen):
        for lang in ("fr", "ja"):
            label = concept_label(c, lang)
            assert "_" not in label and foreign_words(label, lang) == [], (c, lang, label)
    assert concept_label("wait:ryanmen", "ja") == "待ち：両面"
    assert concept_label("fu:pair_double_wind", "en") == "Fu: double wind pair"
    assert concept_label("dora:dora", "fr") == "Dora : indicateurs de dora"


@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize("name", [*PRESETS, str(ROOT / "examples" / "house-rules.toml")])
def test_rules_show_of_every_preset_and_a_toml_file(
    capsys: pytest.CaptureFixture[str], lang: str, name: str
) -> None:
    out = _run(capsys, "rules", "show", name, "--lang", lang)
    assert out and foreign_words(out.replace(name, " "), lang) == []


# the option names and the values a game-rules TOML file writes: notation
_GAME_NOTATION = frozenset(
    {o.name for o in GAME_OPTIONS}
    | {str(c) for o in GAME_OPTIONS for c in o.choices}
    | {w for o in GAME_OPTIONS for w in o.name.split("_")}
)


@pytest.mark.parametrize("lang", ["fr", "ja", "zh-Hant"])
@pytest.mark.parametrize("name", sorted(GAME_PRESETS))
def test_game_rules_of_every_preset_says_each_option_in_the_language(
    capsys: pytest.CaptureFixture[str], lang: str, name: str
) -> None:
    out = _run(capsys, "game", "rules", name, "--lang", lang)
    for o in GAME_OPTIONS:
        assert re.search(rf"^  {o.name} .* {re.escape(o.description(lang))}$", out, re.M)
        assert o.description(lang) != o.description("en")
    assert "False" not in out and "True" not in out
    if lang != "zh-Hant":
        assert foreign_words(out, lang, _GAME_NOTATION) == []


@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize(
    "argv",
    [
        ["maneman", "E:1z9m7z1p4z", "S:1z9m7z1p4x"],
        ["maneman", "Q:1z9m", "S:1z9m"],
        ["maneman", "E:1z9m7z1p4z"],
        ["maneman", "E:1z9m7z1p4z", "E:1z9m7z1p4z"],
        ["maneman", "E:1z9m7z1p4z", "S:1z9m7z1p4z", "--set", "maneman.turns=x"],
        ["maneman", "E:1z9m7z1p4z", "S:1z9m7z1p4z", "--set", "nosuch=1"],
        ["maneman", "E1z9m", "S:1z9m"],
        ["maneman", "E:[1z", "S:1z9m"],
        ["game", "result", "21100", "55000"],
        ["game", "result", "abc", "1", "2", "3"],
        ["game", "result", "--rules", "nosuch", "1", "2", "3", "4"],
        ["game", "result", "25000", "25000", "25000", "24000"],
        ["game", "rules", "nosuch"],
        ["rules", "show", "nosuch"],
    ],
)
def test_commands_with_bad_input(
    capsys: pytest.CaptureFixture[str], lang: str, argv: list[str]
) -> None:
    out = _run(capsys, *argv, "--lang", lang)
    typed = [a for a in argv if a[:1] not in "-"]
    # json's own reason is quoted as it comes (Expecting ',' delimiter), inside our words
    json_reason = frozenset({"expecting", "delimiter"})
    assert out and foreign_words(_typed_out(out, typed), lang, json_reason) == []

    def __exit__(self, *exc: object) -> None:
        return None


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_a_game_sheet_of_bad_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    sheet = tmp_path / "bad.jsonl"
    sheet.write_text('{"event":"nosuch"}\nnot json\n{"event":"start"}\n', encoding="utf-8")
    out = _run(capsys, "game", "sheet", str(sheet), "--lang", lang)
    assert foreign_words(out.replace(str(sheet), " "), lang) == []


def _hidden(html: str, name: str) -> str | None:
    m = re.search(rf'name="{name}" value="([^"]*)"', html)
    return m.group(1) if m else None


@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.slow
def test_the_web_drill_with_wrong_answers_and_bad_forms(tmp_path: Path, lang: str) -> None:
    c = TestClient(create_app(store_path=tmp_path / "p.sqlite3"))
    c.cookies.set("lang", lang)
    pages: list[tuple[str, str]] = []
    for variant, answers in (("riichi", RIICHI_ANSWERS), ("hk", HK_ANSWERS)):
        c.post("/train/settings", data={"variant": variant, "level": "intermediaire"})
        html = c.get(f"/train?lang={lang}").text
        for a in answers:
            step, hand = _hidden(html, "step"), _hidden(html, "hand")
            if step is None:
                break
            html = c.post("/train/answer", data={"answer": a, "hand": hand, "step": step}).text
            pages.append((a, html))
        r = c.post("/train/settings", data={"variant": variant, "level": "nosuch", "focus": "x"})
        pages.append(("", r.text))
    pages.append(("", c.get(f"/progress?lang={lang}").text))
    pages.append(("!!", c.post("/train/profile", data={"profile": "!!"}).text))
    pages.append(("", c.post("/logs", data={"log": "{}"}).text))
    c.post("/sheet/new", data={"rules": "tenhou-tonpuu", "player0": "Ann", "player1": "Bea"})
    for data in ({"kind": "win", "winner": "Zed", "han": 3, "fu": 30}, {"kind": "nosuch"}):
        pages.append(("Zed", c.post("/sheet/event", data=data).text))
    assert any(tr("riichi.quiz.note.passed", lang) in html for _, html in pages)
    for typed, html in pages:
        text = visible_text(html).replace(typed, " ") if typed else visible_text(html)
        assert foreign_words(text, lang, frozenset({"default"})) == [], typed
