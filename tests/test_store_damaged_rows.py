"""A store row whose text is not UTF-8 (issue 27, item 5): SQLite's ``quick_check`` does not
see it, and reading its cell as text fails. The store finds such rows when it is opened, the
command line names them on stderr, and every read (stats, the export, the drill's review,
the progress page) leaves them out and keeps the rest (tenpai.trainer.store)."""

from __future__ import annotations

import io
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tenpai.cli import main
from tenpai.trainer.answers import Graded, QuizOptions
from tenpai.trainer.session import SessionConfig, run_session
from tenpai.trainer.store import DamagedRow, Store
from tenpai.trainer.variant import RIICHI

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
HAND = "riichi1:bareme:intermediaire:any:1"


def _filled(path: Path, n: int) -> None:
    with Store(path) as st:
        for i in range(n):
            g = Graded("han", i % 2 == 0, str(i), "3 han", "", (("han:count", i % 2 == 0),))
            st.record("ann", HAND, g, seconds=2.0 + i, now=T0)


def _damage(path: Path, sql: str) -> None:
    """Writes bytes that are not UTF-8 into a text cell, as a disk or another program may."""
    db = sqlite3.connect(path)
    db.execute(sql)
    db.commit()
    db.close()


def test_the_file_check_alone_does_not_see_a_damaged_text(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    _filled(path, 3)
    _damage(path, "UPDATE answers SET given = CAST(x'ff41' AS TEXT) WHERE id = 2")
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    with pytest.raises(sqlite3.OperationalError, match="Could not decode to UTF-8"):
        db.execute("SELECT given FROM answers").fetchall()
    db.close()
    with Store(path) as st:
        assert st.damaged == (DamagedRow("answers", 2, ("given",), "ann", ""),)


def test_stats_and_the_export_name_the_damaged_rows_and_keep_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.sqlite3"
    _filled(path, 5)
    _damage(path, "UPDATE answers SET given = CAST(x'ff41' AS TEXT) WHERE id = 2")
    _damage(path, "UPDATE answer_concepts SET concept = CAST(x'c3' AS TEXT) WHERE answer_id = 4")
    base = ["stats", "--store", str(path), "--profile", "ann", "--lang", "en"]
    assert main(base) == 0  # it exited 70 (an internal error)
    out, err = capsys.readouterr()
    assert "holds 2 damaged rows (text that is not UTF-8)" in err
    assert "answers 2 (given) of the profile 'ann'" in err
    assert "answer_concepts 4 (concept) of the profile 'ann'" in err
    assert "ann: 4 answers" in out  # 5 written, one damaged
    assert main([*base, "--export", "-"]) == 0
    out, err = capsys.readouterr()
    export = json.loads(out)
    assert [a["given"] for a in export["answers"]] == ["0", "2", "3", "4"]
    assert export["answers"][2]["concepts"] == []  # answer 4 kept, its damaged concept not
    assert "answers 2 (given)" in err
    # the export reads back: the intact answers of the profile, in a store of their own
    (tmp_path / "e.json").write_text(out, encoding="utf-8")
    fresh = ["stats", "--store", str(tmp_path / "new.sqlite3"), "--import"]
    assert main([*fresh, str(tmp_path / "e.json")]) == 0
    with Store(tmp_path / "new.sqlite3") as st:
        assert st.damaged == () and len(st.answers("ann")) == 4


@pytest.mark.parametrize("lang", ["fr", "ja", "zh-Hant"])
def test_the_damaged_rows_are_named_in_the_reader_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    path = tmp_path / "p.sqlite3"
    _filled(path, 2)
    _damage(path, "UPDATE answers SET note = CAST(x'80' AS TEXT) WHERE id = 1")
    assert main(["stats", "--store", str(path), "--profile", "ann", "--lang", lang]) == 0
    err = capsys.readouterr().err
    assert "answers 1 (note)" in err and "UTF-8" in err
    assert "damaged row" not in err  # the English words


def test_the_drill_keeps_training_over_a_damaged_schedule(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    _filled(path, 2)
    _damage(path, "UPDATE concepts SET state = CAST(x'fe' AS TEXT)")
    _damage(path, "INSERT INTO concepts VALUES (1, CAST(x'ff' AS TEXT), 'leitner', '1', 0)")
    d = RIICHI.deal(3, "intermediaire", "any", "bareme")
    options = QuizOptions(ask=("yaku", "han"))
    qs = RIICHI.questions(d, options)
    answers = "".join(q.answer_text + "\n" for q in qs)
    cfg = SessionConfig(hand=d.id, profile="ann", options=options)
    with Store(path) as st:
        assert {r.table for r in st.damaged} == {"concepts"}
        later = datetime(2100, 1, 1, tzinfo=UTC)
        assert st.due_concepts("ann", later) == ["han:count"]  # the damaged name left out
        summary = run_session(cfg, st, io.StringIO(answers), io.StringIO())
        assert summary.asked == len(qs)
        assert len(st.answers("ann")) == 2 + len(qs)
        # the schedule of han:count, unreadable, started again and written whole: it reads
        (state,) = st._db.execute(
            "SELECT state FROM concepts WHERE concept = 'han:count'"
        ).fetchone()
        assert isinstance(state, str)


def test_the_progress_page_shows_what_is_intact(tmp_path: Path) -> None:
    from tenpai.web import create_app

    path = tmp_path / "p.sqlite3"
    client = TestClient(create_app(store_path=path, secret="ab" * 32))
    client.get("/train")
    with Store(path) as st:
        (owner,) = st._db.execute("SELECT owner FROM drills").fetchone()
        for i in range(3):
            g = Graded("han", True, str(i), "3 han", "", (("han:count", True),))
            st.record("default", HAND, g, seconds=2.0, now=T0, owner=owner)
    _damage(path, "UPDATE answers SET answer = CAST(x'ff' AS TEXT) WHERE id = 1")
    page = client.get("/progress")
    assert page.status_code == 200
    assert "<strong>2</strong> answers" in page.text
    export = client.get("/progress/export")
    assert export.status_code == 200 and len(export.json()["answers"]) == 2
