"""Every ``tenpai ...`` command example of the README and of the pages of ``docs/`` runs as
written (``tests/docexamples.py`` finds them), in a folder holding the files they name: exit
code 0, no traceback, no internal error; and what a page says an example shows, it shows."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
from pathlib import Path

import pytest

from docexamples import ROOT, Example, examples, user_folder
from tenpai.cli import main

EXAMPLES = examples()
# The PDF card takes a few seconds (WeasyPrint): make test runs it, make check does not.
SLOW = ("--format pdf",)

# What the pages say an example shows, by the example's command (the comments of the README
# quote these words of the output).
SHOWN = {
    'tenpai score "234m678p45667s88s ron 5s" --seat S --riichi --lang ja': [
        "3翻30符：基本点960 × 4 = 3900点"
    ],
    "tenpai shanten 1111m111122233z --rules tenhou3": ["2-shanten"],
    "tenpai maneman E:1z9m7z1p4z S:1z9m7z1p4z": ["E pays 8 000 (mangan) to S"],
    "tenpai card --lang ja": ["満貫", "8000点", "4000オール"],
    'tenpai score "222333444m678p8s ron 8s" --local sanrenkou': ["Sanrenkou"],
    "tenpai yaku --rules ema2012": ["Renhou"],
}


def _param(e: Example) -> object:
    marks = [pytest.mark.slow] if any(s in e.command for s in SLOW) else []
    return pytest.param(e, id=f"{e.page}:{e.line}", marks=marks)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return user_folder(tmp_path_factory.mktemp("user"))


def _run(e: Example, folder: Path, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:  # fmt: skip
    for name in [k for k in os.environ if k.startswith("TENPAI_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("TENPAI_LANG", "en")
    monkeypatch.setenv("TENPAI_STORE", str(folder / "store.sqlite3"))
    monkeypatch.chdir(folder)
    # an empty input, as a pipe has it: a drill ends at its end
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8"))
    code = main(e.argv)
    out = capsys.readouterr()
    if e.output is not None:
        (folder / e.output).write_text(out.out, encoding="utf-8")
    return code, out.out, out.err


def test_the_pages_give_examples_of_every_command_family() -> None:
    commands = {e.argv[0] for e in EXAMPLES}
    assert commands >= {"score", "shanten", "waits", "logs", "rules", "schema", "yaku",
                        "maneman", "card", "game", "train", "stats", "deal"}  # fmt: skip
    assert set(SHOWN) <= {e.command for e in EXAMPLES}
    assert any(e.page.startswith("docs/") for e in EXAMPLES)


@pytest.mark.parametrize("example", [_param(e) for e in EXAMPLES])
def test_each_example_runs_as_written(
    example: Example,
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _run(example, folder, monkeypatch, capsys)
    assert code == 0, (str(example), err)
    assert "Traceback" not in err and "internal error" not in err, err
    for words in SHOWN.get(example.command, []):
        assert words in out, (str(example), words)
    if example.output is not None:
        assert out.strip(), str(example)  # the file it makes is not empty
        if example.output.endswith(".jsonl"):
            rows = [json.loads(line) for line in out.splitlines()]
            assert all(r.get("error") is None for r in rows), str(example)


def test_the_score_sheet_events_of_the_readme_play_a_whole_game(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = next(e for e in EXAMPLES if e.argv[:2] == ["game", "sheet"])
    code, out, err = _run(sheet, folder, monkeypatch, capsys)
    events = (folder / "game.jsonl").read_text(encoding="utf-8").splitlines()
    assert code == 0 and err == ""
    # a row per event after the start, the header, and the standings of the four
    rows = list(csv.reader(io.StringIO(out)))
    assert len(rows) >= len(events) - 1
    assert {"Ann", "Bea", "Cyd", "Dan"} <= {cell for row in rows for cell in row}


def test_the_result_records_md_shows_is_the_one_the_scorer_gives(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    page = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", page, re.S)]
    record = next(b for b in blocks if b.get("id") == "pinfu-riichi" and "closed_tiles" in b)
    shown = next(b for b in blocks if b.get("id") == "pinfu-riichi" and "han" in b)
    (folder / "one.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    e = Example("docs/records.md", 0, "tenpai score --jsonl one.jsonl", "", None)
    code, out, _ = _run(e, folder, monkeypatch, capsys)
    assert code == 0 and json.loads(out) == shown
