"""The JSON Schemas of the records and results, checked against real records, every result
the scorer writes for them, and the fields the record readers read."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

jsonschema = pytest.importorskip("jsonschema")

from tenpai.interchange import score_record  # noqa: E402
from tenpai.schema import record_schema, result_schema, schemas  # noqa: E402

DATA = Path(__file__).parent / "data"
SRC = Path(__file__).parent.parent / "src" / "tenpai"


def _validator(schema: dict[str, Any]) -> Any:
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


RECORD = _validator(record_schema())
RESULT = _validator(result_schema())


def _errors(v: Any, obj: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in v.iter_errors(obj)]


def _check_tenhou_records(limit: int | None) -> int:
    n = 0
    with gzip.open(DATA / "tenhou-agari.jsonl.gz", "rt", encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            assert _errors(RECORD, rec) == [], rec["id"]
            res = score_record(rec)
            assert _errors(RESULT, res) == [], (rec["id"], res)
            n += 1
            if n == limit:
                break
    return n


@pytest.mark.slow
def test_the_first_real_tenhou_records_and_their_results_fit_the_schemas() -> None:
    assert _check_tenhou_records(300) == 300


@pytest.mark.slow
def test_every_real_tenhou_record_and_its_result_fit_the_schemas() -> None:
    assert _check_tenhou_records(None) > 6000


def test_the_hong_kong_cases_and_their_results_fit_the_schemas() -> None:
    cases = json.loads(gzip.decompress((DATA / "hk-cases.json.gz").read_bytes()))["cases"]
    kinds = set()
    for case in cases:
        rec = {**case, "variant": "hk"}
        assert _errors(RECORD, rec) == [], case["id"]
        res = score_record(rec)
        assert _errors(RESULT, res) == [], (case["id"], res)
        kinds.add("error" if res["error"] else "score")
    assert kinds == {"error", "score"}  # invalid hands give error results, which fit too


@pytest.mark.parametrize(
    "rec",
    [
        {"closed_tiles": "123m8z", "win_tile": "1m"},
        {"closed_tiles": "123456789m11122z", "win_tile": "5z"},
        {"closed_tiles": "234m678p455667s88s", "win_tile": "5s", "rules": "nope"},
        {"variant": "go"},
        {"flags": {"nagashi_mangan": True}, "seat_wind": "S"},
        {"variant": "hk", "fan_given": 5, "seat_wind": "S", "self_drawn": True},
    ],
)
def test_errors_and_special_results_fit_the_result_schema(rec: dict[str, Any]) -> None:
    assert _errors(RESULT, score_record(rec)) == []


def test_a_result_with_a_field_the_schema_lacks_is_refused() -> None:
    res = score_record({"closed_tiles": "234m678p455667s88s", "win_tile": "5s"})
    assert _errors(RESULT, res) == []
    assert _errors(RESULT, {**res, "bonus": 1}) != []
    assert _errors(RESULT, {**res, "yaku": [{"id": "no_such_yaku", "han": 1}]}) != []
    assert _errors(RECORD, {"closed_tiles": "123m8z"}) != []  # 8z is no tile
    assert _errors(RECORD, {"seat_wind": "Q"}) != []


def test_every_field_the_readers_read_is_in_the_record_schema() -> None:
    props = set(record_schema()["properties"])
    read: set[str] = set()
    for path in (SRC / "riichi" / "records.py", SRC / "hk" / "records.py"):
        text = path.read_text(encoding="utf-8")
        read |= set(re.findall(r'(?:rec|obj)(?:\.get\(|\[)"([a-z_]+)"', text))
        read |= set(re.findall(r'_(?:tiles|seat)\((?:rec|obj), "([a-z_]+)"', text))
    assert read and read <= props, sorted(read - props)


def test_tenpai_schema_writes_what_the_api_serves(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tenpai.cli", "schema"], capture_output=True, text=True, check=True
    )
    assert json.loads(out.stdout) == schemas()
    part = subprocess.run(
        [sys.executable, "-m", "tenpai.cli", "schema", "--part", "result"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(part.stdout) == result_schema()
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tenpai.web.app import create_app

    client = TestClient(create_app(store_path=tmp_path / "s.sqlite3"))
    r = client.get("/api/schema")
    assert r.status_code == 200 and r.json() == schemas()
