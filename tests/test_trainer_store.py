"""The progress store, its export and import, and the scheduler (tenpai.trainer.store,
tenpai.trainer.schedule)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tenpai.trainer.quiz import Graded
from tenpai.trainer.schedule import FsrsScheduler, Scheduler, SimpleScheduler
from tenpai.trainer.store import Store, StoreError, default_store_path

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
        with pytest.raises(StoreError, match="damaged"):
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
    with pytest.raises(StoreError, match="cannot open"):
        Store(bad)
