"""The trainer and its SQLite store as a careless or hostile user meets them: two processes
answering at once, a store that is a folder, read-only, held by another writer or on a full
disk, a forged hand id, a replayed or forged answer, a forged profile export.

The rule: a clear one-line error and exit 2, the answers already recorded kept, nothing
recorded for a hand the trainer did not deal, nothing graded twice.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tenpai.trainer.answers import Graded
from tenpai.trainer.schedule import readable
from tenpai.trainer.store import Store, StoreError
from test_hostile_cli import run

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
HAND_ID = "riichi1:bareme:intermediaire:any:3"
# Answers to `train --ask han,fu,points`, hand after hand: any text that reads as an answer is
# graded (right or wrong) and recorded, then Enter deals the next hand (a hand whose fu is not
# asked takes "1000" as its points and "" as one more Enter: the script stays in step enough).
SCRIPT = "2\n30\n1000\n\n"


def _g(ok: bool = True) -> Graded:
    return Graded("han", ok, "2", "2", "", (("han:count", ok),))


def _answers(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT count(*) FROM answers").fetchone()[0])


def _train(store: Path, hands: int, *extra: str) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "tenpai.cli", "train", "--store", str(store)]
    argv += ["--seed", "3", "--count", str(hands), "--ask", "han,fu,points", *extra]
    return subprocess.run(
        argv, input=SCRIPT * hands, capture_output=True, text=True, timeout=300, check=False
    )


def _graded(out: str) -> int:
    return out.count("✓") + out.count("✗")


# ---- two at once -------------------------------------------------------------------------


def test_two_stores_on_one_file_interleave_their_answers(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with Store(path) as a, Store(path) as b:
        for i in range(20):
            a.record("ann", HAND_ID, _g(i % 2 == 0), seconds=1.0, now=T0)
            b.record("bob", HAND_ID, _g(), seconds=2.0, now=T0)
        assert len(a.answers("bob")) == 20 and len(b.answers("ann")) == 20
        assert [s.right for s in b.concept_stats("ann")] == [10]
    assert _answers(path) == 40


@pytest.mark.slow
def test_two_processes_answering_at_once_lose_nothing(tmp_path: Path) -> None:
    """Two ``tenpai train`` on one store, answering at the same time: every graded answer of
    each is in the store."""
    store = tmp_path / "s.sqlite3"
    Store(store).close()
    argv = [sys.executable, "-m", "tenpai.cli", "train", "--store", str(store), "--count", "6"]
    procs = [
        subprocess.Popen(
            [*argv, "--seed", str(seed), "--ask", "han,fu,points"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seed in (100, 200)
    ]
    outs = [p.communicate(SCRIPT * 6, timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    graded = sum(_graded(out) for out, _ in outs)
    assert graded >= 2 * 6  # at least one part a hand (fu is not asked of every hand)
    assert _answers(store) == graded


@pytest.mark.slow
def test_a_store_held_by_another_writer_is_a_clear_error(tmp_path: Path) -> None:
    """Another process holding the store past the 10 s wait: the answer is refused with the
    store's name, the ones before it are kept."""
    path = tmp_path / "s.sqlite3"
    with Store(path) as st:
        st.record("ann", HAND_ID, _g(), seconds=1.0, now=T0)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(StoreError) as e:
                st.record("ann", HAND_ID, _g(), seconds=1.0, now=T0)
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert str(e.value) == (
            f"the answer could not be written to the progress store {str(path)!r} (database is "
            "locked); the answers before it are kept"
        )
        st.record("ann", HAND_ID, _g(), seconds=1.0, now=T0)
    assert _answers(path) == 2


# ---- a store that cannot be written ---------------------------------------------------------


def test_a_store_that_is_a_folder(tmp_path: Path) -> None:
    code, _, err = run(["stats", "--store", str(tmp_path)])
    assert code == 2
    assert (
        err == f"tenpai: error: cannot read the progress store {str(tmp_path)!r}: Is a directory\n"
    )


@contextmanager
def _tmpfs(where: Path, size: str) -> Iterator[Path]:
    """A small tmpfs at *where* (root only; skips otherwise), unmounted after."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    where.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)]
    p = subprocess.run(mount, capture_output=True, check=False)
    if p.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {p.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


@pytest.mark.slow
def test_a_full_disk_mid_session_keeps_the_answers_before(tmp_path: Path) -> None:
    """The disk filling up during ``train`` was an internal error
    (``OperationalError: database or disk is full``) that lost the session's summary."""
    with _tmpfs(tmp_path / "disk", "256k") as disk:
        store = disk / "s.sqlite3"
        first = _train(store, 1)
        assert first.returncode == 0 and _answers(store) == 3
        free = os.statvfs(disk)
        fill = free.f_bavail * free.f_frsize - 96 * 1024  # a few pages left for the WAL
        (disk / "fill").write_bytes(b"\0" * fill)
        p = _train(store, 100)
        assert p.returncode == 2, p.stderr
        assert p.stderr == (
            f"tenpai: error: the answer could not be written to the progress store "
            f"{str(store)!r} (database or disk is full); the answers before it are kept\n"
        )
        (disk / "fill").unlink()
        assert _answers(store) == 3 + _graded(p.stdout)


@pytest.mark.slow
def test_a_read_only_store_says_so_and_is_not_called_damaged(tmp_path: Path) -> None:
    """A read-only store was called unreadable ("cannot be read ... To recover: .recover"),
    as if damaged: now ``stats`` reads it or says it cannot be used, and ``train`` says the
    answer cannot be written."""
    if os.geteuid() == 0:
        ctx = _tmpfs(tmp_path / "ro", "1m")
        where = ctx.__enter__()
        store = where / "s.sqlite3"
        assert _train(store, 1).returncode == 0
        subprocess.run(["mount", "-o", "remount,ro", str(where)], check=True)
    else:
        ctx = None
        where = tmp_path / "ro"
        where.mkdir()
        store = where / "s.sqlite3"
        assert _train(store, 1).returncode == 0
        store.chmod(0o444)
        where.chmod(0o555)
    try:
        code, out, err = run(["stats", "--store", str(store)])
        if code == 0:  # SQLite reads it (its WAL index is there)
            assert out.startswith("default: 3 answers"), err
        else:  # it cannot even open it read-only: said so, not "damaged"
            assert code == 2 and "cannot be used" in err and "recover" not in err, err
        p = _train(store, 1)
        assert p.returncode == 2
        said = p.stderr
        assert "could not be written to the progress store" in said or "cannot be used" in said
        assert "recover" not in said
        assert len(p.stderr.splitlines()) == 1
    finally:
        if ctx is not None:
            ctx.__exit__(None, None, None)
        else:
            where.chmod(0o755)


# ---- forged and replayed answers ------------------------------------------------------------


@pytest.mark.parametrize(
    "hand_id",
    [
        "riichi1:bareme:intermediaire:any:1e3",
        "riichi1:bareme:intermediaire:any:42:again",
        "riichi1:bareme:intermediaire:any:",
        "riichi9:bareme:intermediaire:any:42",
        "riichi1:nope:intermediaire:any:42",
        "riichi1:bareme:nope:any:42",
        "riichi1:bareme:intermediaire:nope:42",
        "riichi1:/etc/passwd:intermediaire:any:4",
        "",
    ],
)
def test_a_forged_hand_id_is_refused_and_records_nothing(hand_id: str, tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite3"
    code, out, err = run(["train", "--store", str(store), "--hand", hand_id], b"2\n30\n")
    assert code == 2 and out == ""
    assert err.startswith("tenpai: error: ") and len(err.splitlines()) == 1
    assert not store.exists() or _answers(store) == 0


def test_a_replayed_or_forged_drill_answer_is_not_recorded(tmp_path: Path) -> None:
    """The web drill keeps its state in the store: an answer for a question already
    answered, for a hand the drill was not dealt, or for a token never dealt, is refused."""
    from dataclasses import replace

    path = tmp_path / "s.sqlite3"
    with Store(path) as st:
        drill = st.start_drill("tok", "ann", "riichi", HAND_ID, ("han", "fu"), why=None, now=T0)
        assert st.answer_drill(drill, _g(), seconds=1.0, now=T0)
        assert not st.answer_drill(drill, _g(), seconds=1.0, now=T0)  # replayed
        forged = replace(st.drill("tok"), hand_id="riichi1:bareme:intermediaire:any:4")  # type: ignore[arg-type]
        assert not st.answer_drill(forged, _g(), seconds=1.0, now=T0)
        assert not st.answer_drill(replace(drill, token="never-dealt"), _g(), seconds=1.0, now=T0)
        assert [a.hand_id for a in st.answers("ann")] == [HAND_ID]


def _export(state: str, scheduler: str = "leitner") -> dict[str, object]:
    return {
        "format": "tenpai-trainer-profile",
        "profile": "ann",
        "answers": [],
        "schedule": [{"concept": "han:count", "scheduler": scheduler, "state": state, "due": 0}],
    }


@pytest.mark.parametrize("state", ["garbage{", '{"x": 1}', '{"box": "two"}', "[]", "null"])
def test_a_forged_schedule_state_is_refused_at_import(state: str, tmp_path: Path) -> None:
    """An export whose schedule state its scheduler cannot read was imported; the next
    answer to that concept was an internal error (JSONDecodeError, KeyError) and was lost."""
    path = tmp_path / "s.sqlite3"
    with Store(path) as st:
        with pytest.raises(StoreError) as e:
            st.import_profile(_export(state))
        assert str(e.value).startswith(
            "the export is invalid: schedule[0].state is a scheduling state that its scheduler "
            "reads, not "
        )
        assert st.profiles() == []


def test_a_good_schedule_state_imports_and_the_next_answer_reviews_it(tmp_path: Path) -> None:
    from tenpai.trainer.schedule import SimpleScheduler

    path = tmp_path / "s.sqlite3"
    with Store(path, SimpleScheduler()) as st:
        assert st.import_profile(_export('{"box": 2}')) == "ann"
        st.record("ann", HAND_ID, _g(), seconds=1.0, now=T0)
        # right again: box 2 → 3, one day (the Leitner intervals of tenpai.trainer.schedule)
        assert st.due_times("ann")["han:count"] == T0.timestamp() + 86400


def test_readable_asks_only_a_scheduler_it_has() -> None:
    assert readable("leitner", json.dumps({"box": 0}))
    assert not readable("leitner", "nope")
    assert readable("some-future-scheduler", "anything")  # never asked: kept, started afresh


@pytest.mark.parametrize(
    ("option", "said"),
    [
        (["--timer", "-5"], "--timer takes a number of seconds above 0, not -5"),
        (["--timer", "0"], "--timer takes a number of seconds above 0, not 0"),
        (["--timer", "nan"], "--timer takes a number of seconds above 0, not nan"),
        (["--timer", "inf"], "--timer takes a number of seconds above 0, not inf"),
        (["--ask", "han,fu,han"], "--ask names han twice: each part is asked once"),
        (["--profile", ""], "--profile takes a name, not an empty one"),
    ],
)
def test_train_options_that_would_grade_wrongly(
    option: list[str], said: str, tmp_path: Path
) -> None:
    """``--timer 0`` or ``-5`` counted every answer late (wrong), ``nan`` or ``inf`` none,
    ``--ask han,han`` graded and recorded the same part twice a hand, ``--profile ''`` kept
    answers under an empty name: each is refused before the first hand."""
    store = tmp_path / "s.sqlite3"
    code, out, err = run(["train", "--store", str(store), "--count", "1", *option], b"2\n")
    assert (code, out, err) == (2, "", f"tenpai: error: {said}\n")
    assert not store.exists() or _answers(store) == 0
