"""The command line: help with examples everywhere, one-line errors with exit code 2,
JSON-lines batches that never stop on a bad line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tenpai.cli import build_parser, main

COMMANDS = sorted(
    name
    for action in build_parser()._subparsers._group_actions  # type: ignore[union-attr]
    for name in getattr(action, "choices", {})
)


def test_the_commands() -> None:
    assert {"score", "shanten", "waits", "rules", "yaku", "card", "train", "stats", "deal"} <= set(
        COMMANDS
    )


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_examples(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as e:
        main([command, "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out
    if command != "serve":  # the web app: each page in its reader's language
        assert "--lang" in out


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tenpai.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("score", "123m8z ron 1m"), "unknown tile '8z'"),
        (("score", "11111m23p456s789s ron 1z"), "5 copies of 1m"),
        (("score", "234m678p45667s88s ron 5s", "--dora", "5s5s5s"), "dora indicators included"),
        (("score", "00m678p45667s88s ron 5s"), "2 red fives 0m"),
        (("score", "234m678p45667s ron 5s"), "14 tiles"),
        (("score", "234m678p45s88s chi 123z ron 3s"), "chi cannot be made of honours"),
        (("score", "234m678p45667s88s ron 5s", "--rules", "nope"), "unknown rules 'nope'"),
        (("score", "234m678p45667s88s ron 5s", "--seat", "X"), "unknown wind 'X'"),
        (("shanten", "123m45"), "digits without a suit letter"),
        (("waits", "123m456p789s1122z3z3z"), "a hand has 13 or 14 tiles"),
        (("schema", "-o", "/nonexistent/schema.json"), "/nonexistent/schema.json"),
        (("deal", "--focus", "nope", "--lang", "fr"), "thème inconnu 'nope'"),
    ],
)
def test_errors_are_one_line_and_exit_2(args: tuple[str, ...], words: str) -> None:
    r = _run(*args)
    assert r.returncode == 2
    assert words in r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert r.stdout == ""


def test_score_batch_keeps_going_after_a_bad_line(tmp_path: Path) -> None:
    lines = [
        json.dumps(
            {
                "id": "a",
                "closed_tiles": "234m678p455667s88s",
                "win_tile": "5s",
                "seat_wind": "S",
                "flags": {"riichi": True},
            }
        ),
        "{not json",
        json.dumps({"id": "c", "closed_tiles": "123m", "win_tile": "1m"}),
        json.dumps(
            {
                "id": "d",
                "closed_tiles": "234m678p455667s88s",
                "win_tile": "5s",
                "tsumo": True,
                "seat_wind": "E",
                "flags": {"riichi": True},
            }
        ),
    ]
    r = _run("score", "--jsonl", "-", stdin="\n".join(lines) + "\n")
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert r.returncode == 1
    assert [o.get("points") for o in out] == [3900, None, None, 7800]
    assert out[1]["error"]["message"].startswith("line 2: not JSON")
    assert out[2]["error"]["type"] == "InvalidHand"


def test_shanten_batch_and_json() -> None:
    r = _run("waits", "--file", "-", stdin="1112345678999m\n123m8z\n123m456p789s1122z\n")
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert out[0]["waits"] == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    assert "unknown tile '8z'" in out[1]["error"]["message"]
    assert out[2]["unseen"] == {"1z": 2, "2z": 2}
    r = _run("shanten", "13458m2469p1358s1z", "--json")
    assert json.loads(r.stdout)["shanten"] == 4


def test_french_output(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert main(["score", "234m678p45667s88s ron 5s", "--riichi", "--seat", "S"]) == 0
    out = capsys.readouterr().out
    assert "Ron : celui qui a jeté la tuile paie 3 900" in out


def test_game_takes_lang_before_or_after_its_action() -> None:
    scores = ("30000", "25000", "25000", "20000")
    before = _run("game", "--lang", "fr", "result", *scores)
    after = _run("game", "result", *scores, "--lang", "fr")
    assert before.returncode == after.returncode == 0
    assert before.stdout == after.stdout and "égalité" in after.stdout  # a tie, said in French
    nearer = _run("game", "--lang", "ja", "result", *scores, "--lang", "fr")
    assert nearer.stdout == after.stdout
