"""The trainer's progress: an embedded SQLite store (stdlib ``sqlite3``).

Profiles; every graded answer with the concepts it exercised; each concept's accuracy and
speed over time; each concept's spaced-repetition state and due time. The database runs in
WAL mode with ``synchronous=FULL``; one answer (its row, its concepts and their new schedule)
is written in one ``BEGIN IMMEDIATE ... COMMIT`` transaction, so a process killed at any
moment loses at most the answer being written and never leaves a half-written one.

The file lives in the user's data directory (``platformdirs`` when installed, else
``$XDG_DATA_HOME`` or ``~/.local/share``), ``tenpai/trainer.sqlite3``; ``TENPAI_STORE`` or the
command line's ``--store`` overrides it.

>>> from datetime import datetime, timezone
>>> from tenpai.trainer.quiz import Graded
>>> st = Store(":memory:")
>>> g = Graded("han", False, "2", "3 han", "", (("han:count", False),))
>>> st.record("me", "riichi1:bareme:intermediaire:any:1", g, seconds=4.0,
...           now=datetime(2026, 1, 1, tzinfo=timezone.utc))
>>> [(c.concept, c.answered, c.right) for c in st.concept_stats("me")]
[('han:count', 1, 0)]
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import TenpaiError
from .quiz import Graded
from .schedule import Scheduler, default_scheduler

__all__ = [
    "EXPORT_FORMAT",
    "AnswerRow",
    "ConceptStat",
    "Store",
    "StoreError",
    "default_store_path",
]

EXPORT_FORMAT = "tenpai-trainer-profile"
_SCHEMA_VERSION = "1"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS profiles(
    id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS answers(
    id INTEGER PRIMARY KEY,
    profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    hand_id TEXT NOT NULL, part TEXT NOT NULL, ok INTEGER NOT NULL, given TEXT NOT NULL,
    answer TEXT NOT NULL, note TEXT NOT NULL, seconds REAL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS answers_by_profile ON answers(profile_id, at);
CREATE TABLE IF NOT EXISTS answer_concepts(
    answer_id INTEGER NOT NULL REFERENCES answers(id) ON DELETE CASCADE,
    concept TEXT NOT NULL, ok INTEGER NOT NULL, PRIMARY KEY(answer_id, concept));
CREATE INDEX IF NOT EXISTS concepts_by_name ON answer_concepts(concept);
CREATE TABLE IF NOT EXISTS concepts(
    profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    concept TEXT NOT NULL, scheduler TEXT NOT NULL, state TEXT NOT NULL, due REAL NOT NULL,
    PRIMARY KEY(profile_id, concept));
"""


class StoreError(TenpaiError):
    """Raised when the store cannot be opened, or an import is not a profile export."""

    kind = "StoreError"


def default_store_path() -> Path:
    """Gets where the store lives: ``$TENPAI_STORE``, else the user data directory."""
    env = os.environ.get("TENPAI_STORE")
    if env:
        return Path(env).expanduser()
    try:
        import platformdirs

        base = Path(platformdirs.user_data_dir("tenpai", appauthor=False))
    except ImportError:
        xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        base = Path(xdg) / "tenpai"
    return base / "trainer.sqlite3"


@dataclass(frozen=True, slots=True)
class AnswerRow:
    """One recorded answer."""

    hand_id: str
    part: str
    ok: bool
    given: str
    answer: str
    note: str
    seconds: float | None
    at: float
    concepts: tuple[tuple[str, bool], ...]


@dataclass(frozen=True, slots=True)
class ConceptStat:
    """A concept's record: answers, right ones, mean seconds, the accuracy of its last ten
    answers and of the ten before (the trend), and when it is due again."""

    concept: str
    answered: int
    right: int
    mean_seconds: float | None
    recent: float
    earlier: float | None
    due: float | None

    @property
    def accuracy(self) -> float:
        """Gets the share of right answers."""
        return self.right / self.answered if self.answered else 0.0


def _ts(dt: datetime) -> float:
    return dt.timestamp()


class Store:
    """The progress store at *path* (``":memory:"`` for a throw-away one); *scheduler*
    defaults to FSRS when installed."""

    def __init__(self, path: str | Path, scheduler: Scheduler | None = None) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise StoreError(
                    f"cannot create the folder of {self.path!r}: {e.strerror}"
                ) from None
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, timeout=10.0)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            with self._transaction():
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                self._db.execute(
                    "INSERT OR IGNORE INTO meta(key, value) VALUES ('schema', ?)",
                    (_SCHEMA_VERSION,),
                )
        except sqlite3.DatabaseError as e:
            raise StoreError(f"cannot open the progress store {self.path!r}: {e}") from None
        self.scheduler = scheduler if scheduler is not None else default_scheduler()

    def close(self) -> None:
        """Closes the database."""
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    # ---- profiles ------------------------------------------------------------------------
    def _profile_id(self, name: str, *, create: bool = True) -> int | None:
        row = self._db.execute("SELECT id FROM profiles WHERE name = ?", (name,)).fetchone()
        if row is not None:
            return int(row[0])
        if not create:
            return None
        cur = self._db.execute(
            "INSERT INTO profiles(name, created) VALUES (?, ?)",
            (name, _ts(datetime.now(UTC))),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def profiles(self) -> list[str]:
        """Lists the profile names."""
        return [r[0] for r in self._db.execute("SELECT name FROM profiles ORDER BY name")]

    # ---- answers ---------------------------------------------------------------------------
    def record(
        self,
        profile: str,
        hand_id: str,
        graded: Graded,
        *,
        seconds: float | None,
        now: datetime,
    ) -> None:
        """Records one graded answer, its concepts and their next schedule, atomically."""
        with self._transaction() as db:
            pid = self._profile_id(profile)
            cur = db.execute(
                "INSERT INTO answers(profile_id, hand_id, part, ok, given, answer, note, "
                "seconds, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    pid,
                    hand_id,
                    graded.part,
                    int(graded.ok),
                    graded.given,
                    graded.answer,
                    graded.note,
                    seconds,
                    _ts(now),
                ),
            )
            aid = cur.lastrowid
            for concept, ok in graded.concepts:
                db.execute(
                    "INSERT OR REPLACE INTO answer_concepts(answer_id, concept, ok) "
                    "VALUES (?, ?, ?)",
                    (aid, concept, int(ok)),
                )
                row = db.execute(
                    "SELECT scheduler, state FROM concepts WHERE profile_id = ? AND concept = ?",
                    (pid, concept),
                ).fetchone()
                state = row[1] if row is not None and row[0] == self.scheduler.name else None
                new_state, due = self.scheduler.review(state, ok=ok, seconds=seconds, now=now)
                db.execute(
                    "INSERT OR REPLACE INTO concepts(profile_id, concept, scheduler, state, due) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (pid, concept, self.scheduler.name, new_state, _ts(due)),
                )

    def answers(self, profile: str) -> list[AnswerRow]:
        """Lists the answers of *profile*, oldest first."""
        pid = self._profile_id(profile, create=False)
        if pid is None:
            return []
        concepts: dict[int, list[tuple[str, bool]]] = {}
        for aid, c, ok in self._db.execute(
            "SELECT ac.answer_id, ac.concept, ac.ok FROM answer_concepts ac "
            "JOIN answers a ON a.id = ac.answer_id WHERE a.profile_id = ? ORDER BY ac.concept",
            (pid,),
        ):
            concepts.setdefault(aid, []).append((c, bool(ok)))
        return [
            AnswerRow(h, part, bool(ok), given, ans, note, sec, at, tuple(concepts.get(aid, ())))
            for aid, h, part, ok, given, ans, note, sec, at in self._db.execute(
                "SELECT id, hand_id, part, ok, given, answer, note, seconds, at FROM answers "
                "WHERE profile_id = ? ORDER BY at, id",
                (pid,),
            )
        ]

    def concept_stats(self, profile: str) -> list[ConceptStat]:
        """Gets every concept's accuracy, speed, trend and due time, weakest first."""
        pid = self._profile_id(profile, create=False)
        if pid is None:
            return []
        history: dict[str, list[tuple[bool, float | None]]] = {}
        for c, ok, sec in self._db.execute(
            "SELECT ac.concept, ac.ok, a.seconds FROM answer_concepts ac "
            "JOIN answers a ON a.id = ac.answer_id WHERE a.profile_id = ? ORDER BY a.at, a.id",
            (pid,),
        ):
            history.setdefault(c, []).append((bool(ok), sec))
        due = dict(
            self._db.execute("SELECT concept, due FROM concepts WHERE profile_id = ?", (pid,))
        )
        out = []
        for c, h in history.items():
            secs = [s for _, s in h if s is not None]
            last, before = h[-10:], h[-20:-10]
            out.append(
                ConceptStat(
                    concept=c,
                    answered=len(h),
                    right=sum(ok for ok, _ in h),
                    mean_seconds=sum(secs) / len(secs) if secs else None,
                    recent=sum(ok for ok, _ in last) / len(last),
                    earlier=sum(ok for ok, _ in before) / len(before) if before else None,
                    due=due.get(c),
                )
            )
        out.sort(key=lambda s: (s.accuracy, -s.answered, s.concept))
        return out

    def due_concepts(self, profile: str, now: datetime) -> list[str]:
        """Lists the concepts of *profile* due at *now*, most overdue first, misses first."""
        pid = self._profile_id(profile, create=False)
        if pid is None:
            return []
        return [
            r[0]
            for r in self._db.execute(
                "SELECT concept FROM concepts WHERE profile_id = ? AND due <= ? ORDER BY due",
                (pid, _ts(now)),
            )
        ]

    def due_times(self, profile: str) -> dict[str, float]:
        """Gets every concept's next due time (epoch seconds)."""
        pid = self._profile_id(profile, create=False)
        if pid is None:
            return {}
        return {
            c: d
            for c, d in self._db.execute(
                "SELECT concept, due FROM concepts WHERE profile_id = ?", (pid,)
            )
        }

    # ---- export and import ---------------------------------------------------------------
    def export_profile(self, profile: str) -> dict[str, Any]:
        """Writes *profile* (answers, concepts, schedules) as a JSON-ready dict.

        :raises StoreError: if there is no such profile.
        """
        pid = self._profile_id(profile, create=False)
        if pid is None:
            raise StoreError(f"no profile {profile!r} (profiles: {', '.join(self.profiles())})")
        created = self._db.execute("SELECT created FROM profiles WHERE id = ?", (pid,)).fetchone()
        return {
            "format": EXPORT_FORMAT,
            "version": 1,
            "profile": profile,
            "created": created[0],
            "answers": [
                {
                    "hand_id": a.hand_id,
                    "part": a.part,
                    "ok": a.ok,
                    "given": a.given,
                    "answer": a.answer,
                    "note": a.note,
                    "seconds": a.seconds,
                    "at": a.at,
                    "concepts": [[c, ok] for c, ok in a.concepts],
                }
                for a in self.answers(profile)
            ],
            "schedule": [
                {"concept": c, "scheduler": s, "state": st, "due": d}
                for c, s, st, d in self._db.execute(
                    "SELECT concept, scheduler, state, due FROM concepts WHERE profile_id = ? "
                    "ORDER BY concept",
                    (pid,),
                )
            ],
        }

    def import_profile(
        self, data: Mapping[str, Any], *, name: str | None = None, replace: bool = False
    ) -> str:
        """Reads a profile export into the store, as *name* (default: its own name), in one
        transaction; returns the profile name.

        :raises StoreError: if *data* is not an export, or the profile exists and not *replace*.
        """
        if not isinstance(data, Mapping) or data.get("format") != EXPORT_FORMAT:
            raise StoreError(f"not a Tenpai trainer profile export (format {EXPORT_FORMAT!r})")
        target = name or str(data.get("profile") or "")
        if not target:
            raise StoreError("the export names no profile: give one")
        try:
            with self._transaction() as db:
                pid = self._profile_id(target, create=False)
                if pid is not None:
                    if not replace:
                        raise StoreError(
                            f"profile {target!r} exists (import it under another name)"
                        )
                    db.execute("DELETE FROM profiles WHERE id = ?", (pid,))
                cur = db.execute(
                    "INSERT INTO profiles(name, created) VALUES (?, ?)",
                    (target, float(data.get("created") or 0.0)),
                )
                pid = cur.lastrowid
                for a in data.get("answers", []):
                    cur = db.execute(
                        "INSERT INTO answers(profile_id, hand_id, part, ok, given, answer, note, "
                        "seconds, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            pid,
                            str(a["hand_id"]),
                            str(a["part"]),
                            int(bool(a["ok"])),
                            str(a["given"]),
                            str(a["answer"]),
                            str(a.get("note", "")),
                            a.get("seconds"),
                            float(a["at"]),
                        ),
                    )
                    for c, ok in a.get("concepts", []):
                        db.execute(
                            "INSERT INTO answer_concepts(answer_id, concept, ok) VALUES (?, ?, ?)",
                            (cur.lastrowid, str(c), int(bool(ok))),
                        )
                for s in data.get("schedule", []):
                    db.execute(
                        "INSERT INTO concepts(profile_id, concept, scheduler, state, due) "
                        "VALUES (?, ?, ?, ?, ?)",
                        (
                            pid,
                            str(s["concept"]),
                            str(s["scheduler"]),
                            str(s["state"]),
                            float(s["due"]),
                        ),
                    )
        except (KeyError, TypeError, ValueError) as e:
            if isinstance(e, TenpaiError):
                raise
            raise StoreError(f"the export is damaged: {e!r}") from None
        return target

    def export_json(self, profile: str) -> str:
        """Writes :meth:`export_profile` as JSON text."""
        return json.dumps(self.export_profile(profile), ensure_ascii=False, indent=1)
