"""Batches never stop: one result per non-blank input line, in order (tenpai.batch and the
three batch commands), whatever a line holds."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tenpai.batch import LINE_CAP, MAX_DEPTH, Summary, load_json, read_lines
from tenpai.errors import InvalidRecord

GOOD = {
    "id": "good",
    "closed_tiles": "234m678p455667s88s",
    "win_tile": "5s",
    "seat_wind": "S",
    "flags": {"riichi": True},
}  # riichi pinfu tanyao, 30 fu 3 han for a non-dealer ron: 3,900 (the card's ron table)
GOOD_LINE = json.dumps(GOOD).encode()


def _run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "tenpai.cli", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        check=False,
    )


def _results(r: subprocess.CompletedProcess[bytes]) -> list[dict[str, Any]]:
    return [json.loads(x) for x in r.stdout.decode("utf-8").splitlines()]


# ---- the reader ---------------------------------------------------------------------------


def _lines(data: bytes, cap: int = LINE_CAP) -> tuple[list[tuple[int, str | None]], Summary]:
    s = Summary()
    return [(ln.number, ln.text) for ln in read_lines(io.BytesIO(data), s, cap=cap)], s


def test_lines_split_on_lf_only_and_drop_the_cr_of_crlf() -> None:
    got, s = _lines(b"a\r\nb\rc\nd")
    assert got == [(1, "a"), (2, "b\rc"), (3, "d")]
    assert s.lines == 3 and s.blank == 0


def test_blank_lines_are_skipped_and_counted() -> None:
    got, s = _lines(b"a\n\n \t\n\r\nb\n")
    assert got == [(1, "a"), (5, "b")]
    assert s.blank == 3
    assert "3 blank lines skipped" in s.text()


def test_a_byte_that_is_not_utf8_spoils_only_its_line() -> None:
    lines = list(read_lines(io.BytesIO(b'"ok"\n"\xff"\n"\xc3\xa9"\n')))
    assert [ln.text for ln in lines] == ['"ok"', None, '"é"']
    assert "byte 0xff at column 2 is not UTF-8" in str(lines[1].error)
    assert str(lines[1].error).startswith("line 2:")


def test_a_line_over_the_cap_is_refused_without_losing_the_next() -> None:
    got, _ = _lines(b"x" * 100 + b"\nshort\n" + b"y" * 11 + b"\r\n" + b"z" * 10 + b"\r\n", cap=10)
    assert got == [(1, None), (2, "short"), (3, None), (4, "z" * 10)]


def test_a_utf8_bom_opening_the_input_is_dropped() -> None:
    assert _lines(b'\xef\xbb\xbf{"a": 1}\n')[0] == [(1, '{"a": 1}')]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"round": {"honba": Infinity}}', "field 'round.honba' is Infinity"),
        ('{"round": {"honba": -Infinity}}', "field 'round.honba' is -Infinity"),
        ('{"round": {"riichi_sticks": NaN}}', "field 'round.riichi_sticks' is NaN"),
        ('{"melds": [{"from_rel": 1e400}]}', "field 'melds[0].from_rel' is 1e400"),
        ("[" * 100_000 + "]" * 100_000, f"nested deeper than {MAX_DEPTH} levels"),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), f"nested deeper than {MAX_DEPTH}"),
        ("{not json", "not JSON (Expecting property name"),
        ("1" * 5000, "a number JSON cannot carry"),
    ],
)
def test_json_lines_refuse_what_no_record_means(text: str, words: str) -> None:
    with pytest.raises(InvalidRecord, match=re.escape(words)):
        load_json(text)


def test_json_lines_keep_sane_numbers_and_depth() -> None:
    nested: Any = 1
    for _ in range(MAX_DEPTH):
        nested = [nested]
    assert load_json(json.dumps(nested)) == nested
    assert load_json('{"x": 1.5e3, "y": -0.25}') == {"x": 1500.0, "y": -0.25}


# ---- the commands -------------------------------------------------------------------------


def test_mixed_garbage_gives_one_result_per_non_blank_line_in_order(tmp_path: Path) -> None:
    hk_flower_win_tile = {"variant": "hk", "hand": "123m456p789s11z22zf1", "win_tile": "f1"}
    hk_false_win = {"variant": "hk", "winner": None, "seat_wind": None, "special": ["false_win"]}
    lines = [
        GOOD_LINE,
        b'{"round":{"honba":Infinity}}',
        b"",
        b'{"id":"\xff"}',
        b"[" * 100_000 + b"]" * 100_000,
        b'{"id": "cr", "note": "a\rb"}',  # a raw CR inside a string: not JSON, one line
        json.dumps({**GOOD, "id": "crlf"}).encode() + b"\r",
        b"   ",
        json.dumps(hk_flower_win_tile).encode(),
        json.dumps(hk_false_win).encode(),
        b"x" * (LINE_CAP + 5),
        b"42",
        json.dumps({**GOOD, "id": "last", "tsumo": "false"}).encode(),
        json.dumps({**GOOD, "id": "end"}).encode(),
    ]
    path = tmp_path / "garbage.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    r = _run("score", "--jsonl", str(path))
    out = _results(r)
    assert len(out) == len(lines) - 2  # two blank lines
    assert [o.get("points") for o in out] == [3900, None, None, None, None, 3900, None,
                                             None, None, None, None, 3900]  # fmt: skip
    assert [o["id"] for o in out if o.get("points")] == ["good", "crlf", "end"]
    errors = [o["error"]["message"] for o in out if o["error"]]
    assert "line 2: field 'round.honba' is Infinity" in errors[0]
    assert errors[1].startswith("line 4: byte 0xff")
    assert errors[2] == "line 5: nested deeper than 32 levels"
    assert errors[3].startswith("line 6: not JSON")
    assert "is a bonus tile" in errors[4]
    assert out[7]["false_win"] is True and out[7]["error"] is None  # East pays the penalty
    assert errors[5] == f"line 11: longer than {LINE_CAP} bytes"
    assert errors[6] == "a record is a JSON object"
    assert "field 'tsumo' must be true or false, not 'false'" in errors[7]
    assert "InternalError" not in {o["error"]["type"] for o in out if o["error"]}
    assert r.returncode == 1
    assert r.stderr.decode() == "tenpai: 14 lines: 4 ok, 8 failed, 2 blank lines skipped\n"


def test_an_internal_error_becomes_that_records_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from tenpai import batch
    from tenpai.cli import main

    def broken(line: Any) -> dict[str, Any]:
        raise IndexError("tuple index out of range")

    written: list[str] = []
    s = Summary()
    lines = batch.read_lines(io.BytesIO(b"a\nb\n"), s)
    batch.run_batch(
        lines, broken, lambda ln, e: {"error": {"type": type(e).__name__}}, written.append, s
    )
    assert [json.loads(w) for w in written] == [{"error": {"type": "InternalError"}}] * 2
    assert s.internal == 2 and s.exit_code == 1
    # and the scorer: a bug in one record is that record's InternalError result
    from tenpai.riichi import records

    real = records.score

    def fails_on_pinfu(hand: Any, sit: Any, rules: Any) -> Any:
        if sit.riichi:
            raise AssertionError("a bug")
        return real(hand, sit, rules)

    monkeypatch.setattr(records, "score", fails_on_pinfu)
    from tenpai import interchange  # (the record path written for C does not call it)

    monkeypatch.setattr(interchange, "record_path", lambda: None)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(
        GOOD_LINE + b"\n" + json.dumps({**GOOD, "flags": {}}).encode() + b"\n")))  # fmt: skip
    assert main(["score", "--jsonl", "-"]) == 1


def test_analysis_batches_read_lines_the_same_way() -> None:
    data = "123m456p789s1122z\n\n１２３ｍ456p789s1122z\n²m\n".encode() + b"\xff\n1112345678999m\n"
    r = _run("waits", "--file", "-", stdin=data)
    out = _results(r)
    assert len(out) == 5
    assert out[0]["waits"] == ["1z", "2z"] and out[1]["waits"] == ["1z", "2z"]
    assert out[2]["error"]["type"] == "NotationError" and "'²'" in out[2]["error"]["message"]
    assert out[3] == {
        "hand": None,
        "error": {"type": "InvalidRecord", "message": "line 5: byte 0xff at column 1 is not UTF-8"},
    }
    assert len(out[4]["waits"]) == 9  # the nine-gates wait: 1m to 9m
    assert r.returncode == 1 and "1 blank line skipped" in r.stderr.decode()
    r = _run("shanten", "--file", "-", stdin=b"123m456p789s1122z\r\n13458m2469p1358s1z\n")
    assert [o["shanten"] for o in _results(r)] == [0, 4] and r.returncode == 0
    assert r.stderr == b""


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b'{"round":{"honba":Infinity}}', "field 'round.honba' is Infinity"),
        (b'[{"round":{"honba":NaN}}]', "field '[0].round.honba' is NaN"),
        (b"[" * 100_000 + b"]" * 100_000, "nested deeper than 32 levels"),
        (b'{"id": "\xff"}', "not UTF-8"),
    ],
)
def test_api_refuses_the_same_bodies_with_400(tmp_path: Path, body: bytes, words: str) -> None:
    testclient = pytest.importorskip("fastapi.testclient")
    from tenpai.web import create_app

    client = testclient.TestClient(create_app(store_path=tmp_path / "p.sqlite"))
    r = client.post("/api/score", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400 and words in r.json()["detail"]


def test_api_scores_the_records_that_crashed_with_an_error_result(tmp_path: Path) -> None:
    testclient = pytest.importorskip("fastapi.testclient")
    from tenpai.web import create_app

    client = testclient.TestClient(create_app(store_path=tmp_path / "p.sqlite"))
    body = [
        {"variant": "hk", "hand": "123m456p789s11z22zf1", "win_tile": "f1"},
        {"variant": "hk", "winner": None, "seat_wind": None, "special": ["false_win"]},
        {**GOOD, "tsumo": "false"},
    ]
    r = client.post("/api/score", json=body)
    assert r.status_code == 200
    out = r.json()
    assert "is a bonus tile" in out[0]["error"]["message"]
    assert out[1]["false_win"] is True
    assert out[2]["error"]["message"] == "field 'tsumo' must be true or false, not 'false'"
