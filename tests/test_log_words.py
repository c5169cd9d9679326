"""The game logs speak French, Japanese and Traditional Chinese (catalogues ``errors`` and
``ui``, docs/translating.md): a log error's place (``line 3, column 12``, ``game 0``), the
errors of each reader (mjlog, tenhou.net/6, mjai) inside a round, the reasons of a
verification and the outputs of ``tenpai logs``. Each message quotes the user's own input,
differs from the English and holds no English word, while ``str(error)`` and the English
texts stay as they were.

The bad logs are the fixtures of tests/data/logs (the same two rounds in each format: a ron
for 2,000, then an exhaustive draw) with one thing broken."""

from __future__ import annotations

import gzip
import html
import json
import pickle
from collections.abc import Callable
from pathlib import Path

import pytest

from lang_scan import foreign_words
from tenpai.cli import main
from tenpai.errors import msg
from tenpai.logs import LogError, read_log
from tenpai.logs.run import verify_paths
from tenpai.logs.source import AT_START, Said, said_in
from tenpai.logs.text import verify_lines
from tenpai.logs.verify import check_game

DATA = Path(__file__).parent / "data" / "logs"
LANGS = ("fr", "ja", "zh-Hant")
MJLOG = (DATA / "pinfu-ron.mjlog").read_text()
TENHOU6 = (DATA / "pinfu-ron.json").read_text()
MJAI = (DATA / "pinfu-ron.mjai.jsonl").read_text()

# (the log's bytes, its name, the English message exactly, the user's input it quotes, the
# place in French and in Japanese)
LOG_ERRORS: list[tuple[bytes, str, str, str, str, str]] = [
    (
        b'{"log": [1,',
        "partie.json",
        "partie.json, line 1, column 12: malformed JSON (Expecting value)",
        "partie.json",
        "ligne 1, colonne 12",
        "1行目12列",
    ),
    (
        b'{"log": [] }\n{"log": [] ]',
        "deux.json",
        "deux.json, line 2, column 12: malformed JSON (Expecting ',' delimiter)",
        "deux.json",
        "ligne 2, colonne 12",
        "2行目12列",
    ),
    (
        b"hello",
        "partie.txt",
        "partie.txt, start: unknown log format (neither mjlog XML, tenhou.net/6 JSON nor mjai)",
        "partie.txt",
        "début",
        "先頭",
    ),
    (
        b'[{"log": []}, {"rule": {}}]',
        "liste.json",
        "liste.json, game 1: not a tenhou.net/6 game (no 'log' list)",
        "'log'",
        "partie 1",
        "対局 1",
    ),
    (
        b'https://tenhou.net/6/#json={"log":[]}\nhttps://example.org/\n',
        "adresses.txt",
        "adresses.txt, line 2: not a tenhou.net/6 address",
        "adresses.txt",
        "ligne 2",
        "2行目",
    ),
    (
        b'{"log": ["\xe9t\xe9"]}',
        "latin.json",
        "latin.json, byte 10: not UTF-8 text",
        "latin.json",
        "octet 10",
        "10バイト目",
    ),
    (
        b'<mjloggm ver="2.3"><INIT seed="0"></mjloggm>',
        "croise.xml",
        "croise.xml, line 1, column 37: malformed XML (mismatched tag)",
        "croise.xml",
        "ligne 1, colonne 37",
        "1行目37列",
    ),
    (
        b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa">]><mjloggm>&a;</mjloggm>',
        "bombe.xml",
        "bombe.xml, line 1, column 34: refused: the XML holds a document type declaration (DTD)"
        " (logs have none)",
        "DTD",
        "ligne 1, colonne 34",
        "1行目34列",
    ),
    (
        MJAI.replace('"names": ["A"', '"names": ["\udcff"', 1).encode("utf-8", "surrogateescape"),
        "octet.jsonl",
        "octet.jsonl, line 1: not UTF-8 text",
        "UTF-8",
        "ligne 1",
        "1行目",
    ),
]


def _log_error(data: bytes, name: str) -> LogError:
    with pytest.raises(LogError) as caught:
        list(read_log(data, name))
    return caught.value


@pytest.mark.parametrize(("data", "name", "english", "quote", "fr", "ja"), LOG_ERRORS)
def test_log_errors_say_their_place_in_every_language(
    data: bytes, name: str, english: str, quote: str, fr: str, ja: str
) -> None:
    e = _log_error(data, name)
    assert str(e) == english
    assert e.message_in("en") == english and e.text() == english
    assert fr in e.message_in("fr") and ja in e.message_in("ja")
    for lang in LANGS:
        text = e.message_in(lang)
        assert text.startswith(name) and quote in text
        assert text != english
        assert foreign_words(text, lang) == []
        assert said_in(e.text(), lang) == text  # the same words for a summary's reason


def test_an_error_located_later_keeps_its_place() -> None:
    e = LogError.said(msg("errors.logs.unknown_format"), "", AT_START).located("base:42")
    assert str(e) == (
        "base:42, start: unknown log format (neither mjlog XML, tenhou.net/6 JSON nor mjai)"
    )
    assert e.message_in("fr").startswith("base:42, début : format de journal inconnu")


def _tenhou6(change: Callable[[dict[str, object]], None]) -> bytes:
    doc = json.loads(TENHOU6)
    change(doc)
    return json.dumps(doc, ensure_ascii=False).encode()


def _result(doc: dict[str, object]) -> list[object]:
    log = doc["log"]
    assert isinstance(log, list)
    result = log[0][16]
    assert isinstance(result, list)
    return result


def _set_yaku(name: str) -> Callable[[dict[str, object]], None]:
    def change(doc: dict[str, object]) -> None:
        _result(doc)[2][4] = name  # type: ignore[index]

    return change


def _set(where: tuple[int, ...], value: object) -> Callable[[dict[str, object]], None]:
    def change(doc: dict[str, object]) -> None:
        node: object = doc["log"]
        for i in where[:-1]:
            node = node[i]  # type: ignore[index]
        node[where[-1]] = value  # type: ignore[index]

    return change


NO_SC = MJLOG.replace(
    '<RYUUKYOKU ba="0,0" sc="230,-15,270,15,250,15,250,-15"', '<RYUUKYOKU ba="0,0"'
)
NEVER_HELD = MJLOG.replace("<E121/>", "<E7/>")
BAD_HAI = MJLOG.replace('hai="4,8,12,48', 'hai="4,8,x,48', 1)
CUT = MJLOG[: MJLOG.index("<U121")] + "<U1"


def _column(text: str, tag: str = "<RYUUKYOKU") -> int:
    """Gets the column of the element *tag* in a one-line log (from 1)."""
    return text.index(tag) + 1


# (the bad log, its name, the English of the game's first error exactly, the input quoted)
ROUND_ERRORS: list[tuple[bytes, str, str, str]] = [
    (
        _tenhou6(_set_yaku("天国(1飜)")),
        "yaku.json",
        "cannot read round 0 (E1): unknown yaku '天国'",
        "'天国'",
    ),
    (
        _tenhou6(_set_yaku("天国(役満)")),
        "yakuman.json",
        "cannot read round 0 (E1): unknown yakuman '天国'",
        "'天国'",
    ),
    (
        _tenhou6(_set_yaku("平和")),
        "sans-han.json",
        "cannot read round 0 (E1): unreadable yaku '平和'",
        "'平和'",
    ),
    (
        _tenhou6(_set((0, 16, 2, 3), "たくさん")),
        "valeur.json",
        "cannot read round 0 (E1): unreadable value 'たくさん'",
        "'たくさん'",
    ),
    (
        _tenhou6(_set((0, 16, 0), "引き分け")),
        "resultat.json",
        "cannot read round 0 (E1): unknown result '引き分け'",
        "'引き分け'",
    ),
    (
        _tenhou6(_set((0, 16, 1), [500, -500, 0, 0])),
        "paie.json",
        "cannot read round 0 (E1): the result names seat 1 the winner but pays it -500",
        "-500",
    ),
    (
        _tenhou6(_set((0, 4, 0), 99)),
        "tuile.json",
        "cannot read round 0 (E1): unknown tile code 99",
        "99",
    ),
    (
        _tenhou6(_set((0, 6), [33, 11])),
        "defausses.json",
        "cannot read round 0 (E1): seat 0: the takes and discards do not follow one another",
        "0",
    ),
    (
        _tenhou6(_set((0, 16, 2, 1), 1)),
        "tsumo.json",
        "cannot read round 0 (E1): the winner's last act is no draw",
        "E1",
    ),
    (
        _tenhou6(_set((0, 16, 2, 1), 2)),
        "ron.json",
        "cannot read round 0 (E1): the last discard is not the one won on",
        "E1",
    ),
    (
        _tenhou6(_set((0, 16, 1), None)),
        "forme.json",
        'cannot read round 0 (E1): "和了 deltas": null is not a list of one number per seat '
        "(4 seats)",
        '"和了 deltas": null',
    ),
    (
        # a round whose start cannot be read is kept with its error; the next one is read
        MJAI.replace('"bakaze": "E", ', "", 1).encode(),
        "sans-vent.jsonl",
        "round ?-0: line 2: the start of the round cannot be read: KeyError 'bakaze'",
        "'bakaze'",
    ),
    (
        MJAI.replace('"pai": "3s", "tsumogiri"', '"pai": "Z9", "tsumogiri"').encode(),
        "tuile.jsonl",
        "round E1-0: line 4: cannot read the dahai event (unknown mjai tile 'Z9')",
        "'Z9'",
    ),
    (
        MJAI.replace(
            '{"type": "dahai", "actor": 0, "pai": "3s"',
            '{"type": "kakan", "actor": 0, "pai": "1m"}\n{"type": "dahai", "actor": 0, "pai": "3s"',
        ).encode(),
        "kakan.jsonl",
        "round E1-0: line 4: cannot read the kakan event (an added kan without its pon)",
        "kakan",
    ),
    (
        MJAI.replace(
            '{"type": "dahai", "actor": 0, "pai": "3s"',
            '[1]\n{"type": "dahai", "actor": 0, "pai": "3s"',
        ).encode(),
        "tableau.jsonl",
        "round E1-0: line 4: an event is a JSON object",
        "4",
    ),
    (
        MJAI.replace(
            '{"type": "dahai", "actor": 0, "pai": "3s"',
            '{"type": "error", "message": "réponse hors délai"}\n'
            '{"type": "dahai", "actor": 0, "pai": "3s"',
        ).encode(),
        "erreur.jsonl",
        "round E1-0: line 4: the game stops on an error event (réponse hors délai)",
        "réponse hors délai",
    ),
    (
        MJAI.replace('"pai": "3s", "tsumogiri"', '"tsumogiri"').encode(),
        "sans-tuile.jsonl",
        "round E1-0: line 4: cannot read the dahai event (KeyError 'pai')",
        "'pai'",
    ),
    (
        NO_SC.encode(),
        "sans-sc.mjlog",
        f"round E2-0: cannot read <RYUUKYOKU> (line 1, column {_column(NO_SC)}): "
        "a draw without its result (no sc= scores)",
        "<RYUUKYOKU>",
    ),
    (
        NEVER_HELD.encode(),
        "jamais.mjlog",
        f"round E2-0: cannot read <RYUUKYOKU> (line 1, column {_column(NEVER_HELD)}): "
        "seat 1 lays down tiles it never held: [7]",
        "[7]",
    ),
    (
        BAD_HAI.encode(),
        "hai.mjlog",
        f"round E1-0: cannot read <AGARI> (line 1, column {_column(BAD_HAI, '<AGARI')}): "
        "'4,8,x,48,53,56,80,84,89,92,96,100,101,102' is not a list of numbers",
        "'4,8,x,48,53,56,80,84,89,92,96,100,101,102'",
    ),
    (
        MJLOG.replace('<INIT seed="0,0,0,1,2,108"', '<INIT seed="0,0,0,1,2,108,?"', 1).encode(),
        "graine.mjlog",
        "round 0: cannot read <INIT> ('0,0,0,1,2,108,?' is not a list of numbers)",
        "'0,0,0,1,2,108,?'",
    ),
    (
        CUT.encode(),
        "coupe.mjlog",
        f"round E2-0: the log is cut short at line 1, column {len(CUT) - 2} (malformed XML "
        "(unclosed token)): the round has no result",
        "E2",
    ),
]


@pytest.mark.parametrize(("data", "name", "english", "quote"), ROUND_ERRORS)
def test_round_errors_speak_every_language(
    data: bytes, name: str, english: str, quote: str
) -> None:
    (game,) = read_log(data, name)
    error = game.errors[0]
    assert error == english and str(error) == english
    assert isinstance(error, Said)
    assert any(r.error for r in game.rounds)
    for lang in LANGS:
        text = said_in(error, lang)
        assert quote in text
        assert text != english
        assert foreign_words(text, lang) == []


def test_a_first_round_not_read_keeps_the_final_scores_in_points() -> None:
    # the fixture's sc (215, -28.5, 285, 38.5...) writes the final scores in hundreds, as
    # the mjlog's owari: the table's 100,000 points (the scores at the start of its second
    # round, 23,000 + 27,000 + 25,000 + 25,000) tell it, when its first round is not read
    (game,) = read_log(ROUND_ERRORS[0][0], "yaku.json")
    assert game.rounds[0].error and not game.rounds[0].scores
    assert game.final_scores == (21500, 28500, 26500, 23500)
    placement = [c for c in check_game(game) if c.kind == "placement"]
    assert [c.status for c in placement] == ["agree"]


def test_the_places_of_the_three_readers_differ_by_language() -> None:
    (game,) = read_log(ROUND_ERRORS[-1][0], "coupe.mjlog")
    error = game.errors[0]
    column = len(CUT) - 2  # the unclosed <U1 (expat counts from 0, the message from 1)
    assert f"ligne 1, colonne {column}" in said_in(error, "fr")
    assert f"1行目{column}列" in said_in(error, "ja")
    assert f"第 1 行第 {column} 字元" in said_in(error, "zh-Hant")


def test_a_said_text_pickles_with_its_words() -> None:
    (game,) = read_log(ROUND_ERRORS[0][0], "yaku.json")
    again = pickle.loads(pickle.dumps(game.errors[0]))
    assert isinstance(again, Said) and again == game.errors[0]
    assert said_in(again, "fr") == said_in(game.errors[0], "fr") != str(again)
    assert json.dumps(again) == json.dumps(str(again))  # data stays English


def _two_red_fives(doc: dict[str, object]) -> None:
    # a Mahjong Soul room (の間) with two red fives (5p, 5s): a three-player set at four
    doc["rule"] = {"disp": "玉の間南喰赤", "aka": 2}


SCORER_REFUSES = _tenhou6(_two_red_fives)


def test_the_scorers_refusal_is_a_reason_in_every_language() -> None:
    (game,) = read_log(SCORER_REFUSES, "玉の間.json")
    (win,) = [c for c in check_game(game) if c.kind == "win"]
    assert win.status == "unsupported" and isinstance(win.reason, Said)
    assert win.reason == (
        "RulesError: option 'aka' = 2 is the red 5p and 5s of a three-player set: it needs "
        "players = 3, not 4"
    )
    for lang in LANGS:
        text = said_in(win.reason, lang)
        assert "'aka' = 2" in text and text != win.reason
        assert foreign_words(text, lang) == []


def _bad_logs(folder: Path) -> list[str]:
    """Writes the bad logs beside the good fixtures; a win whose claim differs too."""
    for data, name in [(c[0], c[1]) for c in LOG_ERRORS] + [(c[0], c[1]) for c in ROUND_ERRORS]:
        (folder / name).write_bytes(data)
    (folder / "points.json").write_text(TENHOU6.replace("2000点", "2900点"))
    (folder / "chips.mjlog").write_text(MJLOG.replace('<GO type="169"', '<GO type="681"'))
    (folder / "pinfu.json.gz").write_bytes(gzip.compress(TENHOU6.encode()))
    (folder / "rouges.json").write_bytes(SCORER_REFUSES)
    return [str(folder), str(DATA), str(folder / "absent-*.xml")]


def test_a_summary_from_two_processes_speaks_every_language(tmp_path: Path) -> None:
    paths = _bad_logs(tmp_path)
    one = verify_paths(paths, workers=1, progress=False).as_dict()
    two = verify_paths(paths, workers=2, progress=False).as_dict()
    assert one == two
    for lang in ("en", *LANGS):
        assert verify_lines(one, [], lang) == verify_lines(two, [], lang)
    reasons = [*two["round_errors_by_reason"], *two["unreadable_by_reason"]]
    assert reasons and all(isinstance(r, Said) for r in reasons)


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    main(argv)
    out = capsys.readouterr()
    return out.out + out.err


@pytest.mark.parametrize("lang", LANGS)
def test_logs_commands_hold_no_english_word(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = _bad_logs(tmp_path)
    english = {}
    for command in (["verify"], ["stats"], ["extract"]):
        english[command[0]] = _run(["logs", "--lang", "en", *command, *paths], capsys)
        text = _run(["logs", "--lang", lang, *command, *paths], capsys)
        assert text != english[command[0]]
        if command[0] == "extract":  # the records are data: the warnings speak
            text = "\n".join(x for x in text.splitlines() if not x.startswith("{"))
        assert foreign_words(text, lang) == [], command
        assert "partie.txt" in text  # a log that cannot be read at all
        if command[0] != "stats":  # the rounds that cannot be read
            assert "yaku.json" in text and "'天国'" in text
    verify = english["verify"]
    assert "tenpai: error" not in verify
    assert "  differs: " in verify and "points.json round E1-0 win #0: points" in verify
    assert "  rounds not read: 1 x " in verify
    assert "yaku.json: cannot read round 0 (E1): unknown yaku '天国'" in (english["extract"])


def test_logs_outputs_in_english_read_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    text = _run(["logs", "--lang", "en", "verify", str(DATA)], capsys)
    assert text.splitlines()[:2] == [
        "4 files, 4 games, 8 rounds: 4 wins, 4 draws",
        "  agree 8, disagree 0, unsupported 0",
    ]
    assert "    unsupported: 1 x the log gives no placement points" in text
    fr = _run(["logs", "--lang", "fr", "verify", str(DATA)], capsys)
    assert fr.splitlines()[0] == (
        "4 fichiers, 4 parties, 8 manches : 4 mains gagnantes, 4 parties nulles"
    )
    stats = _run(["logs", "--lang", "ja", "stats", str(DATA / "pinfu-ron.mjlog")], capsys)
    assert stats.splitlines()[:2] == [
        "全体：1 対局、2 局、和了 1 回、平均 2000 点",
        "  役：平和 1、断幺九 1",
    ]


def test_lang_may_follow_the_logs_action(capsys: pytest.CaptureFixture[str]) -> None:
    # the usual place of an option is after the action: ``tenpai logs verify PATH --lang fr``
    before = _run(["logs", "--lang", "fr", "verify", str(DATA)], capsys)
    after = _run(["logs", "verify", str(DATA), "--lang", "fr"], capsys)
    assert after == before and after.startswith("4 fichiers, 4 parties")
    # the action's own --lang is the nearer one
    stats = _run(["logs", "--lang", "ja", "stats", str(DATA), "--lang", "fr"], capsys)
    assert stats.startswith("toutes : 4 parties, 8 manches")


@pytest.mark.parametrize("lang", LANGS)
def test_the_logs_page_says_its_errors_in_the_readers_language(lang: str, tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from lang_scan import visible_text
    from tenpai.web.app import create_app

    client = TestClient(
        create_app(store_path=tmp_path / "s.sqlite3"), headers={"accept-language": lang}
    )
    (data, _name, english, quote) = ROUND_ERRORS[0]
    page = client.post("/logs", data={"log": data.decode()})
    assert page.status_code == 200
    (game,) = read_log(data, "log")
    said = said_in(game.rounds[0].error or "", lang)
    assert quote in said and said in html.unescape(page.text)
    assert english not in html.unescape(page.text)
    bad = client.post("/logs", data={"log": '{"log": [1,'})
    assert bad.status_code == 422
    from tenpai.i18n import tr

    pasted = tr("ui.web.logs_pasted", lang)  # the place of an error in a pasted log
    want = _log_error(LOG_ERRORS[0][0], pasted).message_in(lang)
    assert want in html.unescape(bad.text) and "malformed" not in bad.text
    for text in (page.text, bad.text):
        body = visible_text(text.split("<textarea")[0] + text.split("</textarea>")[-1])
        assert foreign_words(body, lang) == []


def test_the_log_readers_raise_no_english_words() -> None:
    # every raise in tenpai/logs names its words by catalogue id: no exception made from a
    # text written in the code (an f-string or a string constant)
    import ast

    import tenpai.logs

    found = []
    for path in sorted(Path(tenpai.logs.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
                first = node.exc.args[0]
                if isinstance(first, ast.JoinedStr) or (
                    isinstance(first, ast.Constant) and isinstance(first.value, str)
                ):
                    found.append(f"{path.name}:{node.lineno}")
    assert found == []
