"""The progress store, its export and import, and the scheduler (tenpai.trainer.store,
tenpai.trainer.schedule)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tenpai.trainer.answers import Graded
from tenpai.trainer.schedule import FsrsScheduler, Scheduler, SimpleScheduler
from tenpai.trainer.store import SCHEMA_VERSION, Store, StoreError, default_store_path

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _g(part: str, ok: bool, *concepts: tuple[str, bool]) -> Graded:
    return Graded(part, ok, "x", "y", "", tuple(concepts))


@pytest.mark.parametrize("scheduler", [FsrsScheduler(), SimpleScheduler()], ids=["fsrs", "leitner"])
def test_a_missed_concept_comes_back_sooner(tmp_path: Path, scheduler: Scheduler) -> None:
    with Store(tmp_path / "p.sqlite3", scheduler) as st:
        st.record(
            "ann",
            "h1",
            _g("yaku", False, ("yaku:pinfu", False), ("yaku:riichi", True)),
            seconds=8.0,
            now=T0,
        )
        due = st.due_times("ann")
        assert due["yaku:pinfu"] < due["yaku:riichi"]
        # after the miss's short delay, only the missed concept is due
        later = T0 + timedelta(minutes=5)
        assert st.due_concepts("ann", later) == ["yaku:pinfu"]
        # answered right again and again, a concept goes further and further
        gaps = []
        t = T0
        for _ in range(4):
            st.record("ann", "h", _g("yaku", True, ("yaku:riichi", True)), seconds=3.0, now=t)
            gap = st.due_times("ann")["yaku:riichi"] - t.timestamp()
            gaps.append(gap)
            t += timedelta(seconds=gap)
        assert gaps == sorted(gaps) and gaps[-1] > gaps[0]


def test_stats_per_concept(tmp_path: Path) -> None:
    with Store(tmp_path / "p.sqlite3") as st:
        for i in range(12):
            ok = i >= 6
            st.record(
                "bo",
                f"h{i}",
                _g("fu", ok, ("fu:wait_kanchan", ok)),
                seconds=2.0 + i,
                now=T0 + timedelta(minutes=i),
            )
        st.record("bo", "h", _g("han", True, ("han:count", True)), seconds=1.0, now=T0)
        stats = {s.concept: s for s in st.concept_stats("bo")}
        k = stats["fu:wait_kanchan"]
        assert (k.answered, k.right, k.accuracy) == (12, 6, 0.5)
        assert k.recent == 0.6 and k.earlier == 0.0  # last ten: 6 right of 10; before: 0 of 2
        assert k.mean_seconds == pytest.approx(sum(2.0 + i for i in range(12)) / 12)
        assert next(iter(stats)) == "fu:wait_kanchan"  # weakest first
        assert st.concept_stats("nobody") == [] and st.answers("nobody") == []


def test_export_import_round_trip(tmp_path: Path) -> None:
    with Store(tmp_path / "a.sqlite3") as a:
        a.record(
            "cy",
            "riichi1:bareme:intermediaire:any:1",
            Graded("points", False, "3900", "2 600", "", (("cell:2han40fu", False),)),
            seconds=4.5,
            now=T0,
        )
        a.record(
            "cy",
            "riichi1:bareme:intermediaire:any:2",
            _g("yaku", True, ("yaku:tanyao", True)),
            seconds=None,
            now=T0,
        )
        exported = json.loads(a.export_json("cy"))
    with Store(tmp_path / "b.sqlite3") as b:
        assert b.import_profile(exported) == "cy"
        assert b.export_profile("cy") == exported
        assert b.answers("cy")[0].given == "3900"
        with pytest.raises(StoreError, match="exists"):
            b.import_profile(exported)
        assert b.import_profile(exported, name="cy2") == "cy2"
        b.import_profile(exported, replace=True)
        assert len(b.answers("cy")) == 2
        assert sorted(b.profiles()) == ["cy", "cy2"]
        with pytest.raises(StoreError, match="not a Tenpai"):
            b.import_profile({"format": "other"})
        broken = dict(exported, answers=[{"part": "han"}])
        with pytest.raises(StoreError, match=r"invalid: answers\[0\]\.ok is true or false"):
            b.import_profile(broken, name="z")
        assert "z" not in b.profiles()  # the failed import left nothing behind
        with pytest.raises(StoreError, match="no profile"):
            b.export_profile("nobody")


def test_store_path_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TENPAI_STORE", str(tmp_path / "x.sqlite3"))
    assert default_store_path() == tmp_path / "x.sqlite3"
    monkeypatch.delenv("TENPAI_STORE")
    assert default_store_path().name == "trainer.sqlite3"
    assert "tenpai" in default_store_path().parts


def test_store_is_wal_and_a_bad_file_is_a_clear_error(tmp_path: Path) -> None:
    with Store(tmp_path / "w.sqlite3") as st:
        assert st._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="not a Tenpai progress store"):
        Store(bad)
    assert bad.read_bytes() == b"this is not a database" * 100


# ---- integrity, identity, backups, imports -------------------------------------------------


def _filled(path: Path, answers: int = 400) -> None:
    """Writes a store with *answers* answers (several pages of data)."""
    with Store(path) as st:
        for i in range(answers):
            st.record(
                "ann",
                f"riichi1:bareme:intermediaire:any:{i}",
                Graded("han", i % 3 == 0, str(i), "3 han", "note " * 20, (("han:count", True),)),
                seconds=2.0,
                now=T0 + timedelta(seconds=i),
            )
        st._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def test_a_store_damaged_in_the_middle_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    _filled(path)
    with Store(path) as st:
        backup = st.backup()  # what `stats --export` leaves beside the store
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 8 * page
    middle = (len(data) // page // 2) * page
    data[middle + 8 : middle + page] = b"\xa5" * (page - 8)  # one page of the answers, garbled
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError) as e:
        Store(path)
    message = str(e.value)
    assert "is damaged" in message and "was not changed" in message
    assert str(backup) in message and "recover" in message
    assert path.read_bytes() == bytes(data)  # nothing written into the damaged file
    assert not (tmp_path / "p.sqlite3-wal").exists()
    # the backup is whole: it opens with every answer
    with Store(backup) as st:
        assert len(st.answers("ann")) == 400


def test_a_damaged_store_is_a_clear_error_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tenpai.cli import main

    path = tmp_path / "p.sqlite3"
    _filled(path, 200)
    data = bytearray(path.read_bytes())
    data[len(data) // 2 : len(data) // 2 + 3000] = b"\x00\xff" * 1500
    path.write_bytes(bytes(data))
    code = main(["stats", "--store", str(path), "--profile", "ann"])
    err = capsys.readouterr().err
    assert code not in {0, 70}
    assert "damaged" in err and "Traceback" not in err


def test_a_foreign_sqlite_file_is_refused_not_extended(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE invoices(id INTEGER PRIMARY KEY, total REAL)")
    db.execute("INSERT INTO invoices(total) VALUES (12.5)")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match=r"another application's SQLite database.*invoices"):
        Store(path)
    assert path.read_bytes() == before
    db = sqlite3.connect(path)
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    db.close()
    assert tables == ["invoices"]
    # a database with another application id is refused even when empty of tables
    marked = tmp_path / "marked.db"
    db = sqlite3.connect(marked)
    db.execute("PRAGMA application_id = 1234")
    db.close()
    with pytest.raises(StoreError, match="application id 1234"):
        Store(marked)


def test_a_new_store_is_marked_and_a_newer_one_refused(tmp_path: Path) -> None:
    import sqlite3

    from tenpai.trainer.store import APPLICATION_ID

    path = tmp_path / "p.sqlite3"
    Store(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == 0x54656E70 == APPLICATION_ID
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="newer Tenpai"):
        Store(path)


_V1_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE profiles(id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, created REAL NOT NULL);
CREATE TABLE answers(id INTEGER PRIMARY KEY, profile_id INTEGER NOT NULL REFERENCES profiles(id)
    ON DELETE CASCADE, hand_id TEXT NOT NULL, part TEXT NOT NULL, ok INTEGER NOT NULL,
    given TEXT NOT NULL, answer TEXT NOT NULL, note TEXT NOT NULL, seconds REAL, at REAL NOT NULL);
CREATE TABLE answer_concepts(answer_id INTEGER NOT NULL REFERENCES answers(id) ON DELETE CASCADE,
    concept TEXT NOT NULL, ok INTEGER NOT NULL, PRIMARY KEY(answer_id, concept));
CREATE TABLE concepts(profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    concept TEXT NOT NULL, scheduler TEXT NOT NULL, state TEXT NOT NULL, due REAL NOT NULL,
    PRIMARY KEY(profile_id, concept));
INSERT INTO meta VALUES ('schema', '1');
INSERT INTO profiles VALUES (1, 'old', 1700000000.0);
INSERT INTO answers VALUES (1, 1, 'riichi1:bareme:intermediaire:any:1', 'han', 1, '2', '2 han', '',
    3.0, 1700000001.0);
"""


def test_a_schema_1_store_is_backed_up_then_migrated(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "p.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(_V1_SCHEMA)
    db.close()
    with Store(path) as st:
        assert [a.given for a in st.answers("old")] == ["2"]
        assert st._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    backup = tmp_path / "p.sqlite3.v1.bak"
    db = sqlite3.connect(backup)  # the copy before the migration, as it was
    assert db.execute("PRAGMA user_version").fetchone()[0] == 0
    assert "drills" not in {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    assert db.execute("SELECT given FROM answers").fetchall() == [("2",)]
    db.close()


def _export(**answer: object) -> dict[str, object]:
    base = {"hand_id": "h1", "part": "han", "ok": True, "given": "2", "answer": "2 han"}
    base.update({"seconds": 3.0, "at": 1.0, "concepts": [["han:count", True]]})
    base.update(answer)
    return {"format": "tenpai-trainer-profile", "profile": "imp", "answers": [base]}


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "seconds",
            "fast",
            r'answers\[1\]\.seconds is a number of seconds ≥ 0 or null, not "fast"',
        ),
        ("seconds", [1], r"answers\[1\]\.seconds is a number of seconds ≥ 0 or null, not \[1\]"),
        ("seconds", float("nan"), r"answers\[1\]\.seconds"),
        ("ok", "no", r'answers\[1\]\.ok is true or false, not "no"'),
        ("hand_id", ["x"], r'answers\[1\]\.hand_id is a string, not \["x"\]'),
        ("at", -5, r"answers\[1\]\.at is a number ≥ 0, not -5"),
        ("concepts", [["han:count", "yes"]], r"answers\[1\]\.concepts\[0\] is a pair"),
        ("concepts", {"a": 1}, r"answers\[1\]\.concepts is a list"),
    ],
)
def test_a_bad_import_names_the_field_and_writes_nothing(
    tmp_path: Path, field: str, value: object, message: str
) -> None:
    with Store(tmp_path / "p.sqlite3") as st:
        good = _export()
        bad = _export(**{field: value})
        bad["answers"] = [good["answers"][0], *bad["answers"]]  # type: ignore[list-item]
        with pytest.raises(StoreError, match=message):
            st.import_profile(bad)
        assert st.profiles() == [] and st.answers("imp") == []
        assert st.import_profile(good) == "imp"
        assert [a.seconds for a in st.answers("imp")] == [3.0]
        assert st.concept_stats("imp")[0].mean_seconds == 3.0


def test_export_on_the_command_line_keeps_a_backup(tmp_path: Path) -> None:
    from tenpai.cli import main

    path = tmp_path / "p.sqlite3"
    _filled(path, 5)
    assert (
        main(
            [
                "stats",
                "--store",
                str(path),
                "--profile",
                "ann",
                "--export",
                str(tmp_path / "e.json"),
            ]
        )
        == 0
    )
    with Store(tmp_path / "p.sqlite3.bak") as st:
        assert len(st.answers("ann")) == 5


def test_a_table_added_to_the_schema_is_made_after_a_backup(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    _filled(path, 3)
    with Store(path) as st:  # a store made before the table was in the schema
        st._db.execute("DROP TABLE profile_locks")
    with Store(path) as st:
        assert st.set_passphrase("ann", "a long passphrase") is not None
        assert len(st.answers("ann")) == 3
    with Store(tmp_path / f"p.sqlite3.v{SCHEMA_VERSION}.bak") as st:
        assert len(st.answers("ann")) == 3
