"""The game layer from a user's seat: each rough edge found in ``tenpai logs`` and ``tenpai
game`` (odd encodings, files that are not logs, values of the wrong type or out of range,
a folder with bad files in it, the words of the outputs), one test each, written in the
logs' own notation. The fixtures are tests/data/logs (four players) and
tests/data/logs-sanma (three players: a kita, a ron, a draw nobody tenpai)."""

from __future__ import annotations

import bz2
import gzip
import json
import os
from pathlib import Path

import pytest

from tenpai.cli import main
from tenpai.logs import LogError, read_log
from tenpai.logs.run import verify_paths
from tenpai.logs.source import said_in
from tenpai.logs.verify import Summary, check_game

DATA = Path(__file__).parent / "data"
MJLOG = (DATA / "logs" / "pinfu-ron.mjlog").read_text()
TENHOU6 = (DATA / "logs" / "pinfu-ron.json").read_text()
MJAI = (DATA / "logs" / "pinfu-ron.mjai.jsonl").read_text()
SANMA = (DATA / "logs-sanma" / "sanma-ron.mjlog").read_text()
SANMA6 = (DATA / "logs-sanma" / "sanma-ron.json").read_text()
SANMA_MJAI = (DATA / "logs-sanma" / "sanma-ron.mjai.jsonl").read_text()


def _summary(data: bytes, name: str) -> dict[str, object]:
    s = Summary()
    try:
        for g in read_log(data, name):
            s.add_game(g, list(check_game(g)))
    except LogError as e:
        s.add_unreadable(e.text())
    return s.as_dict()


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


# ---- encodings and containers -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [(MJLOG, "a.mjlog"), (TENHOU6, "a.json"), (MJAI, "a.jsonl"), (SANMA, "s.mjlog")],
)
@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_a_log_saved_with_a_bom_or_in_utf16_reads_as_in_utf8(
    text: str, name: str, encoding: str
) -> None:
    # a Windows editor writes a BOM; PowerShell's `>` writes UTF-16: the same log, every value
    (game,) = read_log(text.encode(encoding), name)
    (plain,) = read_log(text.encode(), name)
    assert [w.record for w in game.wins()] == [w.record for w in plain.wins()]
    assert game.final_scores == plain.final_scores and not game.errors


def test_xml_that_declares_shift_jis_is_read_in_its_encoding() -> None:
    text = MJLOG.replace("<mjloggm", '<?xml version="1.0" encoding="Shift_JIS"?>\n<mjloggm', 1)
    text = text.replace('n0="%41"', 'n0="雀士"')
    (game,) = read_log(text.encode("shift_jis"), "sjis.mjlog")
    assert game.names[0] == "雀士" and game.wins()[0].claim.points == 2000
    with pytest.raises(LogError, match=r"declares the encoding 'klingon'"):
        list(read_log(text.replace("Shift_JIS", "klingon").encode("shift_jis"), "k.mjlog"))


def test_player_names_escaped_in_shift_jis_are_kept_not_replaced() -> None:
    # %90%9D%8Em is 雀士 in Shift-JIS (cp932): it was read as two U+FFFD replacement marks
    (game,) = read_log(MJLOG.replace('n0="%41"', 'n0="%90%9D%8Em"').encode(), "n.mjlog")
    assert game.names[0] == "雀士"
    (game,) = read_log(MJLOG.replace('n0="%41"', 'n0="%FF%FE"').encode(), "n.mjlog")
    assert game.names[0] == "%FF%FE"  # neither UTF-8 nor Shift-JIS: as the log writes it


def test_an_mjlog_with_a_byte_that_is_not_utf8_names_the_byte() -> None:
    data = MJLOG.encode().replace(b'n0="%41"', b'n0="\xff"')
    at = data.index(b"\xff")
    with pytest.raises(LogError, match=rf"b.mjlog, byte {at}: not UTF-8 text"):
        list(read_log(data, "b.mjlog"))


def test_gzip_members_one_after_the_other_are_all_read_and_junk_after_is_an_error() -> None:
    data = MJAI.encode()
    games = list(read_log(gzip.compress(data) + gzip.compress(data), "two.jsonl.gz"))
    assert len(games) == 2  # `cat a.gz b.gz`: the second game was left out unsaid
    assert len(list(read_log(bz2.compress(data) + bz2.compress(data), "two.bz2"))) == 2
    with pytest.raises(LogError, match=r"bytes after the end of the gzip data"):
        list(read_log(gzip.compress(data) + b"junk", "j.gz"))
    assert len(list(read_log(gzip.compress(data) + b"\0" * 64, "pad.gz"))) == 1


@pytest.mark.parametrize("data", [b"", b"  \r\n", b"\xef\xbb\xbf", b"\xff\xfe"])
def test_an_empty_file_says_so(data: bytes) -> None:
    with pytest.raises(LogError, match=r"e.json: the file is empty"):
        list(read_log(data, "e.json"))


# ---- files and folders ------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_is_refused_not_waited_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe = tmp_path / "p.xml"
    os.mkfifo(pipe)
    (tmp_path / "good.mjlog").write_text(MJLOG)
    # named, or in a folder: opening it would wait for a writer forever
    code, out, _ = _run(["logs", "verify", str(pipe), str(tmp_path), "--lang", "en"], capsys)
    assert code == 1
    assert out.count("p.xml: not a regular file (a pipe or a device): not read") == 1
    assert "unreadable: 2 x" in out and out.startswith("3 files, 1 game")


def test_links_to_nothing_and_link_loops_are_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "good.mjlog").write_text(MJLOG)
    (tmp_path / "gone.xml").symlink_to(tmp_path / "absent.xml")
    (tmp_path / "a.xml").symlink_to(tmp_path / "b.xml")
    (tmp_path / "b.xml").symlink_to(tmp_path / "a.xml")
    (tmp_path / "self").symlink_to(tmp_path)  # a folder link: not followed, no loop
    s = verify_paths([str(tmp_path)]).as_dict()
    assert (s["files"], s["games"], s["unreadable"]) == (4, 1, 3)
    reasons = " ".join(s["unreadable_by_reason"])
    assert "gone.xml: cannot read the file (No such file or directory)" in reasons
    assert "a.xml: cannot read the file (Too many levels of symbolic links)" in reasons


def test_a_folder_without_logs_is_an_error_not_zero_files(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("nothing here")
    s = verify_paths([str(tmp_path)]).as_dict()
    assert (s["files"], s["unreadable"]) == (1, 1)
    (reason,) = s["unreadable_by_reason"]
    assert reason.endswith(
        "no log file in this folder (none ends in .xml, .mjlog, .json, "
        ".jsonl, .mjson, .gz, .bz2, .txt or .log, nor is a SQLite corpus)"
    )
    assert "aucun fichier de journal" in said_in(reason, "fr")


def test_a_folder_named_directly_or_by_a_pattern_is_searched(tmp_path: Path) -> None:
    (tmp_path / "day1").mkdir()
    (tmp_path / "day1" / "g.mjlog").write_text(MJLOG)
    s = verify_paths([str(tmp_path / "day*")]).as_dict()
    assert (s["files"], s["games"], s["unreadable"]) == (1, 1, 0)


def test_unreadable_files_make_every_logs_command_fail_and_are_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "good.mjlog").write_text(MJLOG)
    (tmp_path / "bad.json").write_text("{not json")
    code, out, _ = _run(["logs", "verify", str(tmp_path), "--lang", "en"], capsys)
    assert code == 1 and out.startswith("2 files, 1 game")  # was 0: a script saw no failure
    code, out, err = _run(["logs", "stats", str(tmp_path), "--lang", "en"], capsys)
    assert code == 1 and "bad.json" in err
    assert "2 files, 1 not read" in out and "unreadable: 1 x" in out
    code, out, _ = _run(["logs", "stats", str(tmp_path), "--json"], capsys)
    d = json.loads(out)["all"]
    assert (d["files"], d["unreadable"], d["games"]) == (2, 1, 1)
    code, out, err = _run(["logs", "extract", str(tmp_path)], capsys)
    assert code == 1 and len(out.splitlines()) == 1 and "bad.json" in err


def test_a_sqlite_corpus_that_is_broken_is_counted_and_the_batch_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "corpus.sqlite3"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x07" * 2000)
    (tmp_path / "good.mjlog").write_text(MJLOG)
    s = verify_paths([str(tmp_path)]).as_dict()
    assert (s["files"], s["games"], s["unreadable"]) == (2, 1, 1)
    code, _out, err = _run(["logs", "stats", str(tmp_path)], capsys)
    assert code == 1 and "corpus.sqlite3" in err and "internal" not in err


# ---- values of the wrong type, out of range, repeated -----------------------------------

# (the log, its name, what the summary says) — each was a traceback (an internal error that
# stopped the batch), or a value taken silently for another (a seat -1 read as seat 3 by
# Python's negative indexes, a tile id past 135 read as another tile)
WRONG = [
    # a draw of a kind the format does not have was read as an exhaustive draw
    (
        MJLOG.replace('<RYUUKYOKU ba="0,0"', '<RYUUKYOKU type="yao8" ba="0,0"'),
        "k.mjlog",
        'type="yao8" is not a draw the format knows',
    ),
    (
        MJAI.replace('"type": "ryukyoku"', '"type": "ryukyoku", "reason": "kyushu"'),
        "k.jsonl",
        '"reason": "kyushu" is not a draw the format knows',
    ),
    (
        MJLOG.replace('who="1" fromWho="0"', 'who="-1" fromWho="0"'),
        "w.mjlog",
        'who="-1" is not a seat',
    ),
    (
        MJLOG.replace(
            '<INIT seed="0,0,0,1,2,108" ten="250,250,250,250" oya="0"',
            '<INIT seed="0,0,0,1,2,108" ten="250,250,250,250" oya="-1"',
        ),
        "o.mjlog",
        'oya="-1" is not a seat of a 4-player game (0 to 3)',
    ),
    (MJLOG.replace('machi="80"', 'machi="200"'), "t.mjlog", "tile 200 is not one of the 136 tiles"),
    (
        MJLOG.replace('ten="250,250,250,250"', 'ten="250,250"', 1),
        "ten.mjlog",
        "ten= has 2 values where 4 are needed",
    ),
    (
        MJLOG.replace('ba="0,0" hai="4', 'ba="7" hai="4'),
        "ba.mjlog",
        'ba="7" is not honba and riichi sticks',
    ),
    (
        MJLOG.replace("<U121/><E121/>", "<U121/><E121/><E121/>"),
        "twice.mjlog",
        "a tile is dealt, drawn or discarded twice",
    ),
    (
        MJLOG.replace("</mjloggm>", "").replace(
            "<RYUUKYOKU", '<RYUUKYOKU ba="0,0" sc="230,-15,270,15,250,15,250,-15" /><RYUUKYOKU', 1
        )
        + "</mjloggm>",
        "two.mjlog",
        "a second result in the round",
    ),
    (
        MJLOG.replace(  # the hand shown at the draw, one tile off the one followed
            '250,-15" hai1="4,8,12,48,53,56,84,89,92,96,100,101,102"',
            '250,-15" hai1="4,8,12,48,53,56,84,89,92,96,100,101,103"',
        ),
        "shown.mjlog",
        "the hand shown by seat 1 at the draw is not the hand",
    ),
    (
        MJLOG.replace('hai0="0,17,20,', 'hai0="17,20,', 1),
        "deal.mjlog",
        "is not a dealt hand of 13 tiles",
    ),
    (
        TENHOU6.replace('[1, 0, 1, "30', '[-1, 0, 1, "30'),
        "who.json",
        '"who": -1 is not a seat of a 4-player game (0 to 3)',
    ),
    (
        TENHOU6.replace("[25000, 25000, 25000, 25000]", "[25000.5, 25000, 25000, 25000]"),
        "f.json",
        '"scores": 25000.5 is not a whole number',
    ),
    (
        TENHOU6.replace('"rule": {"disp": "四鳳南喰赤", "aka": 1}', '"rule": "四鳳南喰赤"'),
        "rule.json",
        'the table\'s rules "rule": "四鳳南喰赤" are not a JSON object',
    ),
    (
        TENHOU6.replace('"sc": [215, -28.5,', '"sc": ["x", -28.5,'),
        "sc.json",
        '"sc": "x" is not a whole number',
    ),
    (
        TENHOU6.replace('"name": ["A", "B", "C", "D"]', '"name": 7'),
        "name.json",
        'the players\' names "name": 7 are not a list',
    ),
    (
        TENHOU6.replace("[[0, 0, 0], [25000", '[["E1", 0, 0], [25000', 1),
        "head.json",
        '"kyoku, honba, kyotaku": "E1" is not a whole number',
    ),
    (
        TENHOU6.replace("[44], [33]", "[[44]], [33]"),
        "take.json",
        "[44] is neither a tile code nor a call",
    ),
    (
        TENHOU6.replace("[-2000, 2000, 0, 0]", "[-2000, 2000, 0, 0, 0]"),
        "d.json",
        "has 5 values where 4 are needed",
    ),
    (
        MJAI.replace('"actor": 0, "pai": "3s"', '"pai": "3s"'),
        "a.jsonl",
        '"actor": null is not a whole number',
    ),
    (MJAI.replace('"target": 0', '"target": -1'), "t.jsonl", '"target": -1 is not a seat'),
    (
        MJAI.replace('"end_game", "scores": [21500', '"end_game", "scores": ["x"'),
        "e.jsonl",
        '"scores": "x" is not a whole number',
    ),
    (
        MJAI.replace('"names": ["A", "B", "C", "D"]', '"names": null'),
        "n.jsonl",
        'the players\' names "names": null are not a list',
    ),
    (
        MJAI.replace(
            '{"type": "end_kyoku"}\n{"type": "start_kyoku", "bakaze": "E", "kyoku": 2',
            '{"type": "ryukyoku"}\n{"type": "end_kyoku"}\n'
            '{"type": "start_kyoku", "bakaze": "E", "kyoku": 2',
        ),
        "r.jsonl",
        "a second result in the round",
    ),
    (
        SANMA.replace('who="1" fromWho="0"', 'who="3" fromWho="0"'),
        "s.mjlog",
        'who="3" is not a seat of a 3-player game (0 to 2)',
    ),
    (
        SANMA6.replace("[-2000, 2000, 0, 0]", "[-2000, 2000, 0, 5]"),
        "s.json",
        "a seat beyond the 3 players has a value",
    ),
    (
        SANMA_MJAI.replace('"deltas": [-2000, 2000, 0]', '"deltas": [-2000, 2000, 0, 0]'),
        "s.jsonl",
        "deltas has 4 values where 3 are needed",
    ),
]


@pytest.mark.parametrize(("text", "name", "says"), WRONG)
def test_a_wrong_value_is_named_in_the_logs_notation_never_taken_for_another(
    text: str, name: str, says: str
) -> None:
    d = _summary(text.encode(), name)
    reasons = [*d["round_errors_by_reason"], *d["unreadable_by_reason"]]  # type: ignore[misc]
    assert any(says in r for r in reasons), reasons
    for reason in reasons:
        for lang in ("fr", "ja", "zh-Hant"):
            assert said_in(reason, lang) != reason


def test_a_round_whose_start_cannot_be_read_keeps_the_rest_of_the_game() -> None:
    # an mjai start_kyoku without its wind made the whole file unreadable: its other round
    # (and its draw) were lost
    (game,) = read_log(MJAI.replace('"bakaze": "E", ', "", 1).encode(), "v.jsonl")
    assert game.rounds[0].error and game.rounds[1].draw is not None
    assert [c.status for c in check_game(game)][:1] == ["agree"]


# ---- the words of the outputs -----------------------------------------------------------


def test_verify_shows_disagreeing_values_in_the_readers_notation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.mjlog"
    bad.write_text(
        MJLOG.replace("215,-28.5,285,38.5", "215,-38.5,285,48.5")
        .replace('ten="30,2000,0"', 'ten="30,2900,0"')
        .replace('sc="250,-20,250,20,250,0,250,0"', 'sc="250,-29,250,29,250,0,250,0"')
    )
    _code, en, _ = _run(["logs", "verify", str(bad), "--lang", "en"], capsys)
    assert "score changes -2900 / +2900 / 0 / 0, tenpai points 2000" in en
    assert "scores 23000 / 27000 / 25000 / 25000" in en
    assert "log placement -38.5 / +48.5 / +6.5 / -16.5" in en
    _code, fr, _ = _run(["logs", "verify", str(bad), "--lang", "fr"], capsys)
    assert "journal points de classement -38,5 / +48,5 / +6,5 / -16,5" in fr  # a decimal comma
    for text in (en, fr):
        assert "[" not in text and "(-2900" not in text  # no Python list nor tuple


SHEET_ABORTS = [
    ("en", "abortive draw (nine terminals and honours)"),
    ("fr", "partie avortée (neuf terminales et honneurs)"),
    ("ja", "途中流局（九種九牌）"),
    ("zh-Hant", "中途流局（九種九牌）"),
]


@pytest.mark.parametrize(("lang", "shown"), SHEET_ABORTS)
def test_an_abortive_draw_is_named_in_each_language(
    lang: str, shown: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    events = tmp_path / "g.jsonl"
    events.write_text('{"event": "abort", "kind": "kyuushu"}\n{"event": "abort", "kind": "yao9"}\n')
    code, out, _ = _run(["game", "sheet", str(events), "--lang", lang], capsys)
    assert code == 0 and out.count(shown) == 2  # yao9: the mjlog's name of the same draw
    assert "kyuushu" not in out and "yao9" not in out


@pytest.mark.parametrize("kind", ["kyuushu", "suufon", "suucha_riichi", "suukan", "sanchahou"])
def test_every_abortive_draw_has_its_words(kind: str) -> None:
    from tenpai.game.sheet import describe
    from tenpai.game.table import Abort, Row

    row = Row("E1", 0, 0, Abort(kind), (0, 0, 0, 0), (25000,) * 4)
    texts = {
        lang: describe(row, ("A", "B", "C", "D"), lang) for lang in ("en", "fr", "ja", "zh-Hant")
    }
    assert len(set(texts.values())) >= 3
    assert not any(kind in t for t in texts.values())


SHEET_REFUSED = [
    ('{"event": "abort", "kind": "kyushu"}', "abortive draw 'kyushu' is not one of kyuushu"),
    (
        '{"event": "win", "winner": "E", "from": "S", "han": 1.5, "fu": 30}',
        "'han' is a whole number, not 1.5",
    ),
    (
        '{"event": "win", "winner": "E", "from": "S", "han": 3, "fu": 31}',
        "31 fu is not a count a hand can have",
    ),
    (
        '{"event": "win", "winner": "E", "from": "S", "yakuman": "x"}',
        "'yakuman' is a whole number, not 'x'",
    ),
    (
        '{"event": "win", "winner": "E", "from": "S", "yakuman": 1.9}',
        "'yakuman' is a whole number, not 1.9",
    ),
    ('{"event": "win", "winner": "E", "from": "S", "yakuman": -1}', "yakuman -1 is not a multiple"),
    ('{"event": "win", "from": "S", "wins": [5]}', "'wins' lists the winners of one discard"),
    (
        '{"event": "win", "winner": "E", "tsumo": "false", "points": "1000/2000"}',
        "'tsumo' is true or false, not 'false'",
    ),
]


@pytest.mark.parametrize(("line", "says"), SHEET_REFUSED)
def test_a_sheet_refuses_a_value_it_would_have_changed(
    line: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    events = tmp_path / "g.jsonl"
    events.write_text(line + "\n")
    code, out, err = _run(["game", "sheet", str(events), "--lang", "en"], capsys)
    assert code == 2 and out == "" and says in err and "internal" not in err


def test_a_sheet_in_utf16_reads_and_one_not_in_utf8_names_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tonpuu = (DATA / "game-tonpuu.jsonl").read_text()
    (tmp_path / "u16.jsonl").write_bytes(tonpuu.encode("utf-16"))
    code, out, _ = _run(["game", "sheet", str(tmp_path / "u16.jsonl")], capsys)
    assert code == 0 and "Dan" in out
    (tmp_path / "bad.jsonl").write_bytes(tonpuu.encode().replace(b"Cyd", b"C\xffd", 1))
    code, _, err = _run(["game", "sheet", str(tmp_path / "bad.jsonl"), "--lang", "en"], capsys)
    assert code == 2 and "line 1: not UTF-8 text" in err and "internal" not in err


def test_the_csv_keeps_the_point_and_takes_a_decimal_comma_on_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    events = tmp_path / "ema.jsonl"
    events.write_text(
        '{"event": "start", "rules": "ema", "players": ["Ann", "Bea", "Cyd", "Dan"]}\n'
        '{"event": "win", "winner": "Bea", "from": "Dan", "points": 1300}\n'
    )
    args = ["game", "sheet", str(events), "--format", "csv"]
    for lang in ("en", "fr", "ja"):
        _code, out, _ = _run([*args, "--lang", lang], capsys)
        assert ",Bea,31300,+16.3," in out and ";" not in out  # the default: data's point
    _code, out, _ = _run([*args, "--decimal-comma", "--lang", "fr"], capsys)
    assert ";Bea;31300;+16,3;" in out
    with pytest.raises(SystemExit):
        main(["game", "sheet", "--help", "--lang", "fr"])
    out = capsys.readouterr().out
    assert "--decimal-comma" in out and "virgule" in out


def test_the_csv_decimal_comma_writes_tenths_with_a_comma(tmp_path: Path) -> None:
    from tenpai.game.sheet import read_sheet, render_csv

    lines = [
        '{"event": "start", "rules": "ema", "players": ["Ann", "Bea", "Cyd", "Dan"]}',
        '{"event": "win", "winner": "Bea", "from": "Dan", "points": 1300}',
    ]
    sheet = read_sheet(lines)
    point = render_csv(sheet, lang="fr")
    comma = render_csv(sheet, lang="fr", decimal_comma=True)
    # EMA keeps exact scores: Bea 31,300 is +1.3 +15 uma = +16.3; Dan 28,700: -1.3 -15 = -16.3
    assert "1,Bea,31300,+16.3,score +1.3 uma +15" in point
    assert "1;Bea;31300;+16,3;score +1,3 uma +15" in comma
    assert "4;Dan;28700;-16,3;score -1,3 uma -15" in comma


def test_game_result_says_when_scores_cannot_be_final(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(
        ["game", "result", "25000", "25000", "25000", "25050", "--lang", "en"], capsys
    )
    assert code == 0 and out  # computed all the same: said, not refused
    assert "the final score 25050 is not a multiple of 100" in err
    assert "the final scores add up to 100050, not 100000 (4 players × 25000 start points)" in err
    code, _out, err = _run(["game", "result", "21100", "55000", "-4900", "28800"], capsys)
    assert code == 0 and err == ""
    code, _out, err = _run(
        ["game", "result", "--rules", "tenhou-sanma", "27400", "83100", "-5500"], capsys
    )
    assert code == 0 and err == ""


def test_game_rules_files_refuse_what_they_would_change_or_wait_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "half.toml").write_text('preset = "ema"\nstart_points = 1.5\n')
    (tmp_path / "bytes.toml").write_bytes(b'preset = "\xff"\n')
    cases = [
        (tmp_path / "half.toml", "option 'start_points' takes a whole number, not 1.5"),
        (tmp_path / "bytes.toml", "is not UTF-8 text (byte 10)"),  # was an internal error
        (tmp_path, "is not a regular file (a folder, a pipe or a device)"),
    ]
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "p.toml")
        cases.append((tmp_path / "p.toml", "is not a regular file"))  # was waited on
    for path, says in cases:
        code, out, err = _run(["game", "rules", str(path), "--lang", "en"], capsys)
        assert code == 2 and out == "" and says in err, err
    (tmp_path / "yes.toml").write_text('preset = "tenhou"\nriichi_deposit = true\n')
    code, _out, err = _run(["game", "rules", str(tmp_path / "yes.toml")], capsys)
    assert code == 2 and "takes a whole number, not True" in err  # it was a deposit of 1


@pytest.mark.slow
def test_a_dask_address_where_no_scheduler_answers_is_one_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed", reason="needs the dask extra")
    import socket

    import dask

    with socket.socket() as s:  # a port of this machine that nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    (tmp_path / "game.json").write_text("{}", encoding="utf-8")
    address = f"tcp://127.0.0.1:{port}"
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        code = main(["logs", "verify", "--dask", address, str(tmp_path / "game.json")])
    err = capsys.readouterr().err
    assert code == 2
    assert f"no Dask scheduler answers at '{address}'" in err and "internal error" not in err
