"""Every CSV Tenpai writes is read by a spreadsheet as data (issue 27, item 8): a cell that
begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return would be a formula
(OWASP, "CSV Injection"); it is written with a leading ``'``, and the numbers stay numbers."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tenpai.cli import main
from tenpai.csv_cells import FORMULA_LEADS, cell
from tenpai.web import create_app

# player names that a spreadsheet would run (at most 30 characters: the web form's limit)
HOSTILE = ['=HYPERLINK("http://e.invalid")', "+1+cmd|' /C calc'!A0", "@SUM(1)", "-2+3"]


def _cells(text: str, delimiter: str = ",") -> list[str]:
    return [c for row in csv.reader(io.StringIO(text), delimiter=delimiter) for c in row]


@pytest.mark.parametrize("lead", FORMULA_LEADS)
def test_a_formula_lead_is_written_as_text(lead: str) -> None:
    text = lead + "1+1"
    assert cell(text) == "'" + text
    assert cell("a" + text) == "a" + text  # only the first character makes a formula


@pytest.mark.parametrize("number", ["-8000", "+15", "-28.5", "+51,3", "0"])
def test_a_plain_number_stays_a_number(number: str) -> None:
    assert cell(number) == number


def _game(tmp_path: Path, names: list[str]) -> Path:
    import json

    events = tmp_path / "game.jsonl"
    lines = [
        {"event": "start", "rules": "tenhou", "players": names},
        {"event": "win", "winner": names[1], "from": names[3], "han": 3, "fu": 30},
    ]
    events.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return events


@pytest.mark.parametrize("comma", [False, True])
def test_the_command_line_csv_neutralises_formula_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], comma: bool
) -> None:
    events = _game(tmp_path, HOSTILE)
    args = ["game", "sheet", str(events), "--format", "csv", "--lang", "en"]
    assert main([*args, "--decimal-comma"] if comma else args) == 0
    out = capsys.readouterr().out
    cells = _cells(out, ";" if comma else ",")
    for name in HOSTILE:  # each name where it is written: the header and the standings
        assert "'" + name in cells and name not in cells
    assert not [c for c in cells if cell(c) != c]  # no cell left that reads as a formula
    assert "-3900" in cells  # Dan's ron payment (3 han 30 fu, non-dealer: 3,900) stays a number


def test_the_web_export_neutralises_formula_names(tmp_path: Path) -> None:
    client = TestClient(create_app(store_path=tmp_path / "t.sqlite3", secret="ab" * 32))
    form = {f"player{i}": n for i, n in enumerate(HOSTILE)}
    r = client.post("/sheet/new", data={"rules": "tenhou", **form})
    assert r.status_code == 200
    client.post("/sheet/event", data={"kind": "riichi", "seat": HOSTILE[0]})
    cells = _cells(client.get("/sheet/export.csv").text)
    for name in HOSTILE:
        assert "'" + name in cells and name not in cells
    assert not [c for c in cells if cell(c) != c]  # no cell left that reads as a formula
    assert "-1000" in cells  # the riichi stick: a number
