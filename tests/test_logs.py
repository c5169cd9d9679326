"""Game logs (tenpai.logs): the three formats on small fixtures written for these tests, the
hostile inputs, the SQLite corpus reader and the commands.

The fixtures (tests/data/logs) hold the same two rounds in mjlog, gzipped mjlog,
tenhou.net/6 and mjai: a dealer's 3s dealt into 234m456p45s678s88s (pinfu, tanyao: 2 han
30 fu, 2,000), then an exhaustive draw with two players tenpai (1,500 each from the two
others, Tenhou's noten payments)."""

from __future__ import annotations

import bz2
import gzip
import json
import sqlite3
from pathlib import Path

import pytest

from tenpai.cli import main
from tenpai.interchange import score_record
from tenpai.logs import LogError, detect_format, read_log
from tenpai.logs import source as src
from tenpai.logs.mjlog import decode_meld
from tenpai.logs.run import verify_paths
from tenpai.logs.verify import check_game

DATA = Path(__file__).parent / "data" / "logs"
FIXTURES = ["pinfu-ron.mjlog", "pinfu-ron.mjlog.gz", "pinfu-ron.json", "pinfu-ron.mjai.jsonl"]


@pytest.mark.parametrize("name", FIXTURES)
def test_every_format_gives_the_same_win_and_draw(name: str) -> None:
    (game,) = read_log(DATA / name)
    assert [r.name for r in game.rounds] == ["E1", "E2"]
    (win,) = game.wins()
    rec = win.record
    assert (rec["closed_tiles"], rec["win_tile"], rec["melds"]) == ("234m456p34567888s", "3s", [])
    assert (rec["winner"], rec["from_who"], rec["seat_wind"], rec["tsumo"]) == (1, 0, "S", False)
    assert win.claim.deltas == (-2000, 2000, 0, 0)
    res = score_record(rec)
    assert (res["han"], res["fu"], res["points"]) == (2, 30, 2000)
    draw = game.rounds[1].draw
    assert draw is not None and draw.kind == "exhaustive"
    assert draw.deltas == (-1500, 1500, 1500, -1500)
    checks = list(check_game(game))
    assert [(c.kind, c.status) for c in checks[:2]] == [("win", "agree"), ("draw", "agree")]
    # the final result: 21,500 / 28,500 / 26,500 / 23,500 (the noten payments of E2 after the
    # ron of E1), and Tenhou's placement of a game keeping tenths: 21.5 - 30 - 20 = -28.5,
    # 26.5 - 30 + 10 = 6.5, 23.5 - 30 - 10 = -16.5, the top the rest, 38.5 (mjai gives none)
    assert game.final_scores == (21500, 28500, 26500, 23500)
    placed = "unsupported" if name.endswith("jsonl") else "agree"
    assert [(c.kind, c.status) for c in checks[2:]] == [
        ("final_scores", "agree"),
        ("placement", placed),
    ]


def test_final_results_that_differ_and_special_lobbies(tmp_path: Path) -> None:
    text = (DATA / "pinfu-ron.mjlog").read_text()
    cases = {
        # the log's own placement of the fourth seat one uma rank off (-38.5 for -28.5)
        "points.mjlog": text.replace("215,-28.5,285,38.5", "215,-38.5,285,48.5"),
        # a final score that the results do not reach
        "scores.mjlog": text.replace('owari="215,', 'owari="225,'),
        # a chip table (GO type bit 0x200): its points count chips
        "chips.mjlog": text.replace('<GO type="169"', '<GO type="681"'),
    }
    for name, t in cases.items():
        (tmp_path / name).write_text(t)
    s = verify_paths([str(tmp_path / n) for n in cases]).as_dict()
    assert s["disagree"] == 0  # the wins and draws still agree
    assert s["final_scores"]["agree"] == 2 and s["final_scores"]["disagree"] == 1
    assert s["placement"]["agree"] == 0 and s["placement"]["disagree"] == 2
    assert s["placement"]["unsupported"] == 1
    (why,) = s["placement"]["unsupported_by_reason"]
    assert why.startswith("special lobby")
    out = tmp_path / "d.jsonl"
    args = ["logs", "verify", str(tmp_path / "points.mjlog"), "--disagreements", str(out)]
    assert main(args) == 1
    (rec,) = [json.loads(x) for x in out.read_text().splitlines()]
    assert rec["check"]["kind"] == "placement"
    assert rec["check"]["log"]["placement"][0] == -38.5
    assert rec["check"]["tenpai"]["placement"][0] == -28.5


def test_a_claim_that_differs_is_a_disagreement_with_its_record(tmp_path: Path) -> None:
    text = (DATA / "pinfu-ron.mjlog").read_text().replace('ten="30,2000,0"', 'ten="30,2900,0"')
    bad = tmp_path / "bad.mjlog"
    bad.write_text(text)
    out = tmp_path / "d.jsonl"
    assert main(["logs", "verify", str(bad), "--disagreements", str(out)]) == 1
    (rec,) = [json.loads(x) for x in out.read_text().splitlines()]
    assert rec["check"]["fields"] == ["points"]
    assert rec["check"]["log"] == {"points": 2900}
    assert score_record(rec)["points"] == 2000  # the record reproduces Tenpai's side


def test_meld_codes_decode() -> None:
    # chi 5p-6p-7p called from the left, as Tenhou encodes it (m=35183)
    assert decode_meld(35183) == ("chi", [53, 59, 62], 59, 3, None)


def test_detect_format() -> None:
    assert detect_format(b"hello") is None
    assert detect_format(b"https://tenhou.net/6/#json={}") == "tenhou6"


def test_a_viewer_address_is_read() -> None:
    from urllib.parse import quote

    doc = (DATA / "pinfu-ron.json").read_text()
    line = "https://tenhou.net/6/#json=" + quote(doc)
    games = list(read_log((line + "\n" + line + "\n").encode(), "two.txt"))
    assert len(games) == 2
    assert games[1].wins()[0].claim.points == 2000


def test_entity_expansion_is_refused() -> None:
    bomb = (
        b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
        b"<mjloggm>&b;</mjloggm>"
    )
    with pytest.raises(LogError, match=r"bomb.xml, line 1.*document type"):
        list(read_log(bomb, "bomb.xml"))


def test_decompression_bomb_stops_at_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(src, "MAX_LOG_BYTES", 1 << 20)
    data = gzip.compress(b"\0" * (3 << 20))
    with pytest.raises(LogError, match=r"z.gz.*inflates beyond"):
        list(read_log(data, "z.gz"))
    with pytest.raises(LogError, match=r"inflates beyond"):
        list(read_log(bz2.compress(b"\0" * (3 << 20)), "z.bz2"))


def test_deep_json_is_an_error() -> None:
    with pytest.raises(LogError, match=r"deep.json.*nested too deep"):
        list(read_log(b"[" * 10**6, "deep.json"))


def test_truncated_and_unknown_logs_name_the_place() -> None:
    whole = (DATA / "pinfu-ron.mjlog").read_bytes()
    with pytest.raises(LogError, match=r"cut.mjlog, line 1, column \d+: malformed XML"):
        list(read_log(whole[:300], "cut.mjlog"))  # cut before any round
    with pytest.raises(LogError, match=r"what.bin, start: unknown log format"):
        list(read_log(b"\x00\x01binary", "what.bin"))
    with pytest.raises(LogError, match=r"truncated gzip"):
        list(read_log(gzip.compress(whole)[:-20], "cut.gz"))


def test_a_bad_round_is_reported_and_the_game_goes_on() -> None:
    text = (DATA / "pinfu-ron.mjlog").read_text().replace('machi="80"', 'machi="x"', 1)
    (game,) = read_log(text.encode(), "one-bad-round.mjlog")
    assert game.rounds[0].error and "AGARI" in game.rounds[0].error
    assert game.rounds[1].error is None and game.rounds[1].draw is not None
    assert game.errors and "one-bad-round" not in game.errors[0]  # the game names its file


def test_events_of_a_round() -> None:
    for name in ("pinfu-ron.mjlog", "pinfu-ron.json", "pinfu-ron.mjai.jsonl"):
        (game,) = read_log(DATA / name)
        ev = list(game.rounds[0].events)
        assert [(e.kind, e.seat, e.tiles) for e in ev][-2:] == [
            ("draw", 0, "4z"),
            ("discard", 0, "3s"),
        ]


def test_a_batch_goes_on_past_bad_files(tmp_path: Path) -> None:
    (tmp_path / "junk.json").write_text("{not json")
    s = verify_paths(
        [str(tmp_path / "junk.json"), str(DATA / "pinfu-ron.json"), str(tmp_path / "none*")]
    ).as_dict()
    assert s["files"] == 3 and s["games"] == 1 and s["agree"] == 2
    assert s["unreadable"] == 2
    assert any("junk.json" in k and "malformed JSON" in k for k in s["unreadable_by_reason"])


def test_sqlite_corpus_of_compressed_mjlog(tmp_path: Path) -> None:
    db = tmp_path / "corpus.sqlite3"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE logs (log_id TEXT, date TEXT, log_content BLOB)")
    raw = (DATA / "pinfu-ron.mjlog").read_bytes()
    con.execute(
        "INSERT INTO logs VALUES (?, ?, ?)",
        ("2020010100gm-00a9-0000-00000001", "d", bz2.compress(raw)),
    )
    con.execute(
        "INSERT INTO logs VALUES (?, ?, ?)",
        ("2020010100gm-00a9-0000-00000002", "d", gzip.compress(raw)),
    )
    con.commit()
    con.close()
    s = verify_paths([str(db)]).as_dict()
    assert (s["files"], s["games"], s["wins"], s["draws"], s["agree"]) == (2, 2, 2, 2, 4)


def test_workers_give_the_same_summary() -> None:
    paths = [str(DATA / f) for f in FIXTURES]
    assert verify_paths(paths, workers=2).as_dict() == verify_paths(paths).as_dict()


def test_extract_writes_records_that_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["logs", "extract", str(DATA / "pinfu-ron.mjai.jsonl")]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    rec = json.loads(line)
    assert rec["log"]["deltas"] == [-2000, 2000, 0, 0]
    assert score_record(rec)["deltas"][:2] == [2000, 0]


def test_stats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["logs", "stats", "--json", str(DATA)]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["all"]["wins"] == 4 and d["all"]["yaku"]["pinfu"] == 3  # mjai names no yaku
    assert (d["all"]["files"], d["all"]["unreadable"]) == (4, 0)
    assert d["all"]["average_points"] == 2000


def test_the_web_api_verifies_one_log(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tenpai.web.app import create_app

    client = TestClient(create_app(store_path=tmp_path / "store.sqlite3"))
    r = client.post(
        "/api/logs/verify", content=gzip.compress((DATA / "pinfu-ron.json").read_bytes())
    )
    assert r.status_code == 200
    (game,) = r.json()["games"]
    win = game["rounds"][0]["wins"][0]
    assert (win["status"], win["log"]["points"], win["tenpai"]["points"]) == ("agree", 2000, 2000)
    assert game["rounds"][1]["draw"]["kind"] == "exhaustive"
    assert game["summary"]["agree"] == 2
    bad = client.post("/api/logs/verify", content=b"<mjloggm><INIT")
    assert bad.status_code == 422 and "upload" in bad.json()["detail"]


def test_the_web_page_checks_a_pasted_log(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tenpai.web.app import create_app

    client = TestClient(
        create_app(store_path=tmp_path / "s.sqlite3"), headers={"accept-language": "fr"}
    )
    assert "Vérifier une partie" in client.get("/logs").text
    text = (DATA / "pinfu-ron.mjlog").read_text().replace('ten="30,2000,0"', 'ten="30,2900,0"')
    r = client.post("/logs", data={"log": text})
    assert r.status_code == 200
    assert 'class="differs"' in r.text and "points" in r.text
    assert "Pinfu" in r.text  # Tenpai's explanation beside the claim
    r = client.post(
        "/logs",
        files={"file": ("g.json.gz", gzip.compress((DATA / "pinfu-ron.json").read_bytes()))},
    )
    assert r.status_code == 200 and "2 concordent" in r.text
    # the game's final result: its final scores and Tenhou's placement points agree
    assert 'id="log-final_scores" class="agree">Scores finaux: concorde' in r.text
    assert 'id="log-placement" class="agree">Points de classement' in r.text
    assert client.post("/logs", data={"log": "nothing"}).status_code == 422
    assert client.post("/logs", data={"log": ""}).status_code == 422


def test_a_log_cut_short_keeps_its_complete_rounds() -> None:
    whole = (DATA / "pinfu-ron.mjlog").read_bytes()
    cut = whole[: whole.index(b"<U121")] + b"<U1"  # cut inside the second round
    (game,) = read_log(cut, "cut.mjlog")
    assert game.rounds[0].wins and game.rounds[0].error is None
    assert game.rounds[1].error and "cut short at line 1, column" in game.rounds[1].error
    assert not game.complete
    assert [c.status for c in check_game(game)] == ["agree"]  # its win is still checked
