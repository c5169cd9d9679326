"""The terminal tables line up by display width (a kanji takes two columns of a terminal,
Unicode Standard Annex #11, East Asian Width), and numbers read in words take the reader's
decimal mark (« 2,5 s » in French, ``2.5 s`` in English, Japanese and Chinese), while the
machine formats keep the point."""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

import pytest

from tenpai.cli import main
from tenpai.game.placement import points_text
from tenpai.i18n import decimal, ljust, rjust, text_width
from tenpai.trainer.answers import Graded
from tenpai.trainer.session import Summary, render_stats
from tenpai.trainer.store import AnswerRow, ConceptStat, Store

NOW = datetime(2026, 3, 1, tzinfo=UTC)


def _columns(text: str, lang: str = "en") -> int:
    """The columns of *text* by the rule itself: W and F take two, combining marks none, and
    an ambiguous character (A) two in an East Asian context (UAX #11: a Japanese or Chinese
    reader's terminal), one elsewhere."""
    wide = "WFA" if lang in ("ja", "zh-Hant") else "WF"
    return sum(
        0
        if unicodedata.category(c) in ("Mn", "Me")
        else 2
        if unicodedata.east_asian_width(c) in wide
        else 1
        for c in text
    )


# ---- the display width --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "columns"),
    [
        ("和了", 4),  # two kanji
        ("ツモ", 4),  # katakana
        ("ﾂﾓ", 2),  # half-width katakana (East Asian Width H)
        ("ｒｏｎ", 6),  # full-width letters (F)
        ("4翻20符", 7),
        ("點數表：", 8),  # the full-width colon too
        ("e\u0301", 1),  # e and a combining acute accent
        ("défausse", 8),
        ("tanyao", 6),
        ("", 0),
    ],
)
def test_the_display_width_follows_east_asian_width(text: str, columns: int) -> None:
    assert text_width(text) == columns
    assert text_width(ljust(text, 10)) == 10 and ljust(text, 10).startswith(text)
    assert text_width(rjust(text, 10)) == 10 and rjust(text, 10).endswith(text)


@pytest.mark.parametrize("lang", ["fr", "en", "ja", "zh-Hant"])
@pytest.mark.parametrize("text", ["█", "·", "↑↓→", "×", "░", "▁▂▅█", "翻·符", "✓"])
def test_an_ambiguous_character_takes_the_columns_of_its_readers_terminal(
    text: str, lang: str
) -> None:
    assert any(unicodedata.east_asian_width(c) == "A" for c in "█·↑↓→×▁")
    assert text_width(text, lang) == _columns(text, lang)
    assert text_width(ljust(text, 12, lang), lang) == 12 == text_width(rjust(text, 12, lang), lang)
    assert text_width(text) == _columns(text, "en")  # no language: one column


def test_a_text_wider_than_its_column_stays_whole() -> None:
    assert ljust("一気通貫全帯幺九", 4) == "一気通貫全帯幺九"
    assert rjust("12345", 3) == "12345"


# ---- tenpai stats ------------------------------------------------------------------------

# A header and a row of the table: concept, answers, the accuracy bar and its percentage, the
# mean seconds, the trend and the next review.
_HEAD = re.compile(
    r"^(?P<name>\S+) +(?P<n>n)  (?P<acc>\S+) +(?P<s>\S+)  (?P<trend>\S+) +(?P<at>\S+)$"
)
_ROW = re.compile(
    r"^(?P<name>.+?) +(?P<n>\d+)  (?P<acc>[█░▒]+) +\d+% +(?P<s>[\d.,]+|-)"
    r"  (?P<trend>[·↑↓→]) +(?P<at>\S.*)$"
)


def _edges(line: str, lang: str = "en") -> tuple[int, int, int, int, int]:
    """Gets where the columns of a table line fall, in display columns of a *lang* reader's
    terminal: the end of the count, the start of the accuracy, the end of the seconds, the
    start of the trend and of the review."""
    m = _HEAD.match(line) or _ROW.match(line)
    assert m, line

    def at(text: str) -> int:
        return _columns(text, lang)

    return (
        at(line[: m.end("n")]),
        at(line[: m.start("acc")]),
        at(line[: m.end("s")]),
        at(line[: m.start("trend")]),
        at(line[: m.start("at")]),
    )


def _layout(concept_column: int) -> tuple[int, int, int, int, int]:
    # the concept column, a space, the count in 4, two spaces, the bar of 20, a space and the
    # percentage in 4, a space, the seconds in 5, two spaces, the trend in 5 and a space
    n_end = concept_column + 1 + 4
    acc = n_end + 2
    s_end = acc + 20 + 1 + 4 + 1 + 5
    trend = s_end + 2
    return (n_end, acc, s_end, trend, trend + 5 + 1)


def _store(path: Path) -> None:
    concepts = ("yaku:tanyao", "fu:triplet_open_yaochuu", "cell:4han20fu", "yaku:chiitoitsu")
    with Store(path) as s:
        for i in range(12):
            seen = tuple((c, i % 2 == 0) for c in concepts[: 1 + i % 4])
            g = Graded("fu", i % 3 != 0, "30", "40", "", seen)
            s.record(
                "ann", f"h{i}", g, seconds=2.25 + i, now=datetime(2026, 1, 1, 0, i, tzinfo=UTC)
            )


@pytest.mark.parametrize("lang", ["ja", "zh-Hant"])
def test_tenpai_stats_lines_up_its_columns_in_japanese_and_chinese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    store = tmp_path / "s.sqlite3"
    _store(store)
    assert main(["stats", "--store", str(store), "--profile", "ann", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    table = lines[lines.index("") + 1 :]
    assert len(table) == 5  # the header and the four concepts
    names = [_ROW.match(line).group("name") for line in table[1:]]  # type: ignore[union-attr]
    assert any(len(n) != _columns(n) for n in names)  # kanji among them
    # every concept name is narrower than 28 columns: the concept column is 28 wide; the bars
    # (█ and ▒ two columns there) and the trends (· ↑ ↓ →, two) of several accuracies
    bars = {_ROW.match(line).group("acc") for line in table[1:]}  # type: ignore[union-attr]
    assert len(bars) > 1 and any("█" in b and "▒" in b for b in bars)
    assert {_edges(line, lang) for line in table} == {_layout(28)}


@pytest.mark.parametrize("lang", ["fr", "en", "ja", "zh-Hant"])
def test_the_accuracy_bar_takes_twenty_columns_of_its_readers_terminal(lang: str) -> None:
    t = NOW.timestamp()
    answers = [AnswerRow("h1", "fu", True, "30", "30", "", 3.0, t - 60, ())]
    stats = [
        ConceptStat(f"yaku:{y}", 20, right, 3.0, right / 20, 0.5, t + 60)
        for y, right in (("tanyao", 0), ("pinfu", 1), ("riichi", 7), ("toitoi", 13), ("ittsu", 20))
    ]
    table = render_stats("ann", stats, answers, now=NOW, lang=lang).splitlines()[3:]
    bars = [_ROW.match(line).group("acc") for line in table[1:]]  # type: ignore[union-attr]
    assert [_columns(b, lang) for b in bars] == [20] * 5
    east = lang in ("ja", "zh-Hant")
    # there ░ (not ambiguous) would take one column where █ takes two: the empty part is ▒
    assert (bars[0], bars[-1]) == (("▒" * 10, "█" * 10) if east else ("░" * 20, "█" * 20))
    assert {_edges(line, lang) for line in table} == {_layout(28)}
    # and the rows line up with one another in a terminal that draws every ambiguous
    # character in one column too (only the header's padding assumes two)
    assert len({_edges(line, "en") for line in table[1:]}) == 1


def test_the_concept_column_widens_to_the_widest_name_by_its_columns() -> None:
    answers = [AnswerRow("h1", "fu", True, "30", "30", "", 3.0, NOW.timestamp() - 60, ())]
    stats = [
        ConceptStat("cell:kita", 2, 1, 3.0, 0.5, None, None),
        ConceptStat("yaku:tanyao", 4, 4, 2.0, 1.0, 0.5, NOW.timestamp() - 10),
    ]
    lines = render_stats("ann", stats, answers, now=NOW, lang="ja").splitlines()
    table = lines[lines.index("") + 1 :]
    widest = _columns(_ROW.match(table[1]).group("name"))  # type: ignore[union-attr]
    assert widest > 28 and widest > len(_ROW.match(table[1]).group("name"))  # type: ignore[union-attr]
    assert {_edges(line, "ja") for line in table} == {_layout(widest)}


def _english_stats() -> tuple[list[ConceptStat], list[AnswerRow]]:
    t = NOW.timestamp()
    answers = [
        AnswerRow(f"h{i}", "fu", i % 4 != 0, "30", "30", "", 2.0 + i / 2, t - 600 + i, ())
        for i in range(12)
    ]
    stats = [
        ConceptStat("yaku:tanyao", 3, 0, 9.3, 0.0, None, None),
        ConceptStat("fu:triplet_open_yaochuu", 9, 3, 8.2, 0.6, 0.2, t - 10),
        ConceptStat("cell:4han20fu", 6, 3, None, 0.5, 0.5, t + 2 * 86400),
    ]
    return stats, answers


def test_the_english_table_is_unchanged() -> None:
    stats, answers = _english_stats()
    # the rows as they were printed before (the header now ends its accuracy column where
    # the rows do: it was one column too wide, so that "s" stood right of the seconds)
    assert render_stats("ann", stats, answers, now=NOW, lang="en").splitlines() == [
        "ann: 12 answers, 75% right, 4.8 s per answer",
        "trend (per 10 answers) ▆█",
        "",
        "concept                                     n  accuracy                      s"
        "  trend review",
        "Tanyao                                      3  ░░░░░░░░░░░░░░░░░░░░   0%   9.3  ·     -",
        "Fu: open triplet of terminals or honours    9  ███████░░░░░░░░░░░░░  33%   8.2  ↑     now",
        "Table cell: 4 han 20 fu                     6  ██████████░░░░░░░░░░  50%     -  →     2 d",
    ]


def test_the_seconds_take_the_french_decimal_comma_in_the_table() -> None:
    stats, answers = _english_stats()
    lines = render_stats("ann", stats, answers, now=NOW, lang="fr").splitlines()
    assert lines[0] == "ann : 12 réponses, 75 % justes, 4,8 s par réponse"
    table = lines[lines.index("") + 1 :]
    assert [_ROW.match(line).group("s") for line in table[1:]] == ["9,3", "8,2", "-"]  # type: ignore[union-attr]
    assert len({_edges(line) for line in table}) == 1


# ---- the decimal mark of each language ------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "per"),
    [
        ("fr", "2,5 s par réponse"),
        ("en", "2.5 s per answer"),
        ("ja", "1 問 2.5 秒"),
        ("zh-Hant", "每題 2.5 秒"),
    ],
)
def test_the_session_summary_writes_the_seconds_in_the_readers_language(
    lang: str, per: str
) -> None:
    assert Summary(2, (("han", 1, 2),), 5.0).render(lang).endswith(per)


@pytest.mark.parametrize(
    ("lang", "mark"), [("fr", ","), ("en", "."), ("ja", "."), ("zh-Hant", "."), ("de", ".")]
)
def test_each_language_has_its_decimal_mark(lang: str, mark: str) -> None:
    assert decimal(0.25, lang, 2) == f"0{mark}25"
    assert decimal(-51.3, lang) == f"-51{mark}3"
    assert decimal(6.0, lang, 0) == "6"
    assert points_text(Fraction(20, 3), lang) == f"+6{mark}7"


def test_placement_points_in_words_and_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    # M-League: (41,300 - 30,000) / 1,000 = 11.3, uma +30, oka +20 for the top
    scores = ["41300", "30000", "20000", "8700"]
    assert main(["game", "result", "--rules", "mleague", *scores, "--lang", "fr"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "+61,3" in first and "+11,3" in first and "." not in first
    assert main(["game", "result", "--rules", "mleague", *scores, "--lang", "ja"]) == 0
    assert "+61.3" in capsys.readouterr().out
    assert main(["game", "result", "--rules", "mleague", *scores, "--json", "--lang", "fr"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["points"] == [61.3, 10, -20, -51.3]


def test_the_late_answer_note_takes_the_readers_decimal_mark() -> None:
    from tenpai.riichi.deal import deal
    from tenpai.riichi.quiz import grade, questions
    from tenpai.trainer.answers import QuizOptions

    d = deal(3)
    han = questions(d, QuizOptions())[1]
    for lang, note in (("fr", "trop tard (plus de 7,5 s)"), ("ja", "時間切れ（7.5秒超過）")):
        late = grade(han, str(d.score.han), seconds=9.0, timer=7.5, lang=lang)
        assert not late.ok and late.note == note


def test_the_progress_page_writes_french_decimals_and_its_export_the_point(
    tmp_path: Path,
) -> None:
    from fastapi.testclient import TestClient

    from tenpai.web import create_app

    store = tmp_path / "s.sqlite3"
    c = TestClient(create_app(store_path=store))
    c.get("/train")  # the browser's first visit: its own "default" profile
    with Store(store) as s:
        (owner,) = s._db.execute("SELECT owner FROM drills").fetchone()
        for i, sec in enumerate((2.0, 3.0)):
            g = Graded("fu", True, "30", "30", "", (("yaku:tanyao", True),))
            at = datetime(2026, 1, 1, 0, i, tzinfo=UTC)
            s.record("default", f"h{i}", g, seconds=sec, now=at, owner=owner)

    def shown(lang: str) -> tuple[str, str, list[str]]:
        page = c.get(f"/progress?lang={lang}").text
        summary = re.search(r'<p class="summary" id="summary">.*?</p>', page, re.S)
        table = re.search(r'<table class="stats" id="concepts">.*?</table>', page, re.S)
        assert summary and table
        # the labels of the speed chart's axis: five, from 0 to 3 s and a margin, one decimal
        axis = re.findall(r">([\d.,]+ s)</text>", page)
        return summary.group(), table.group(), axis

    summary, table, axis = shown("fr")
    assert "2,5" in summary and "<td>2,5</td>" in table  # the mean of 2 and 3 seconds
    assert len(axis) == 5 and all(re.fullmatch(r"\d,\d s", x) for x in axis), axis
    summary, table, axis = shown("en")
    assert "2.5" in summary and "<td>2.5</td>" in table
    assert len(axis) == 5 and all(re.fullmatch(r"\d\.\d s", x) for x in axis), axis
    export = c.get("/progress/export").json()
    assert sorted(a["seconds"] for a in export["answers"]) == [2.0, 3.0]


# ---- tenpai game sheet -----------------------------------------------------------------------


def test_the_score_sheet_lines_up_names_in_kanji(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = (Path(__file__).parent / "data" / "game-tonpuu.jsonl").read_text(encoding="utf-8")
    names = {"Ann": "麻雀太郎", "Bea": "東風", "Cyd": "Cyd", "Dan": "ダン"}
    for old, new in names.items():
        game = game.replace(f'"{old}"', f'"{new}"')
    path = tmp_path / "game.jsonl"
    path.write_text(game, encoding="utf-8")
    assert main(["game", "sheet", str(path), "--lang", "ja"]) == 0
    lines = capsys.readouterr().out.splitlines()
    head, start = lines[1], lines[2]
    # the players' columns: 8 wide (the widest name, 麻雀太郎, takes 8 columns) after the
    # hand's 6, the honba's 3 and two spaces; each name ends where its scores end
    ends = [6 + 3 + 2 + 8 * (i + 1) for i in range(4)]
    assert [_columns(head[: head.index(n) + len(n)]) for n in names.values()] == ends
    assert [_columns(start[: m.end()]) for m in re.finditer(r"\d+", start)] == ends
    # the standings: "  1. ", the name in 8 columns, a space, the score in 7 (column 21), a
    # space, the points in 7
    standings = lines[lines.index("順位") + 1 :]
    assert len(standings) == 4
    for line in standings:
        m = re.match(r"^  \d\. .+? +-?\d+", line)
        p = re.match(r"^  \d\. .+? +-?\d+ +[+-]\d+", line)
        assert m and p, line
        assert (_columns(m.group()), _columns(p.group())) == (21, 21 + 1 + 7)
