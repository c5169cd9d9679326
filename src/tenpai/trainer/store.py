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
>>> from tenpai.trainer.answers import Graded
>>> st = Store(":memory:")
>>> g = Graded("han", False, "2", "3 han", "", (("han:count", False),))
>>> st.record("me", "riichi1:bareme:intermediaire:any:1", g, seconds=4.0,
...           now=datetime(2026, 1, 1, tzinfo=timezone.utc))
>>> [(c.concept, c.answered, c.right) for c in st.concept_stats("me")]
[('han:count', 1, 0)]
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
import re
import secrets
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from ..errors import Localized, TenpaiError, msg
from ..i18n import tr
from .answers import Graded
from .schedule import Scheduler, default_scheduler, readable

__all__ = [
    "EXPORT_FORMAT",
    "AnswerRow",
    "ConceptStat",
    "Drill",
    "Export",
    "Store",
    "StoreError",
    "backup_path",
    "check_export",
    "default_store_path",
]

EXPORT_FORMAT = "tenpai-trainer-profile"
APPLICATION_ID = 0x54656E70
"""The store's mark in the SQLite header (``PRAGMA application_id``: "Tenp" in ASCII), so that
another application's database is never taken for a store."""
SCHEMA_VERSION = 2
"""The store's schema (``PRAGMA user_version``). 1: profiles, answers, concepts (marked only by
its ``meta`` table); 2: the mark, the web drills, the profile passphrases."""
_V1 = frozenset({"meta", "profiles", "answers", "answer_concepts", "concepts"})
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
CREATE TABLE IF NOT EXISTS drills(
    token TEXT PRIMARY KEY, profile TEXT NOT NULL, variant TEXT NOT NULL,
    hand_id TEXT NOT NULL, ask TEXT NOT NULL, step INTEGER NOT NULL, graded TEXT NOT NULL,
    why TEXT, asked_at REAL NOT NULL, updated REAL NOT NULL);
CREATE INDEX IF NOT EXISTS drills_by_age ON drills(updated);
CREATE TABLE IF NOT EXISTS profile_locks(
    profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
    salt BLOB NOT NULL, digest BLOB NOT NULL, key TEXT NOT NULL);
"""
_TABLES = frozenset(re.findall(r"CREATE TABLE IF NOT EXISTS (\w+)", _SCHEMA))
_DRILL_DAYS = 30
"""Days a web drill's state is kept after its last answer."""
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}
"""The passphrase hash (scrypt, the parameters RFC 7914 gives for interactive use)."""


class StoreError(TenpaiError):
    """Raised when the store cannot be opened (damaged, foreign, newer), or an import is not
    a valid profile export."""

    kind = "StoreError"


def backup_path(path: str | Path, tag: str = "") -> Path:
    """Gets where the backup of the store at *path* goes: ``STORE.bak`` (``stats --export``),
    ``STORE.vN.bak`` before the migration from schema *N* (*tag* ``vN``)."""
    p = Path(path)
    return p.with_name(f"{p.name}.{tag}.bak" if tag else f"{p.name}.bak")


def _recovery(path: str) -> Localized:
    backups = sorted(Path(path).parent.glob(Path(path).name + ".*bak"))
    if backups:
        key, params = msg("errors.trainer.store.recover_backup", backup=str(backups[-1]), path=path)
    else:
        key, params = msg("errors.trainer.store.recover_none", path=path)
    return Localized(partial(tr, key, **params))


def _damaged(e: sqlite3.DatabaseError) -> bool:
    """Tells whether *e* says the file is damaged or no database (then a backup or SQLite's
    ``.recover`` helps), rather than that it cannot be written or opened now."""
    name = getattr(e, "sqlite_errorname", "")
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or not name


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
class Drill:
    """A web drill's state, kept in the store (the browser's cookie holds only *token*): the
    profile it records for, the hand dealt, the parts asked, the next question (*step*), the
    answers graded so far (part, ok, given, answer, note), the review that chose the hand's
    focus, and when the current question was asked."""

    token: str
    profile: str
    variant: str
    hand_id: str
    ask: tuple[str, ...]
    step: int
    graded: tuple[tuple[Any, ...], ...]
    why: str | None
    asked_at: float


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

    def __init__(
        self, path: str | Path, scheduler: Scheduler | None = None, *, check: bool = True
    ) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            if "\0" in self.path:  # main(argv) can pass one; no file name holds it
                error = msg("errors.trainer.store.open", path=self.path, error="embedded null byte")
                raise StoreError.of(error)
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                error = msg("errors.trainer.store.folder", path=self.path, error=e.strerror)
                raise StoreError.of(error) from None
            self._check_header()
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, timeout=10.0)
        except sqlite3.Error as e:
            raise StoreError.of(msg("errors.trainer.store.open", path=self.path, error=e)) from None
        try:
            if check:
                self._check_integrity()
            version = self._check_identity()
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            if version != SCHEMA_VERSION or not self._has_every_table():
                self._migrate(version)
        except StoreError:
            self._db.close()
            raise
        except sqlite3.DatabaseError as e:
            self._db.close()
            if not _damaged(e):  # read-only, a full disk, locked by another: nothing to recover
                raise StoreError.of(
                    msg("errors.trainer.store.io", path=self.path, error=e)
                ) from None
            recover = _recovery(self.path)
            error = msg("errors.trainer.store.unreadable", path=self.path, error=e, recover=recover)
            raise StoreError.of(error) from None
        self.scheduler = scheduler if scheduler is not None else default_scheduler()

    def _check_header(self) -> None:
        try:
            with open(self.path, "rb") as fh:
                head = fh.read(16)
        except FileNotFoundError:
            return
        except OSError as e:
            error = msg("errors.trainer.store.read", path=self.path, error=e.strerror)
            raise StoreError.of(error) from None
        if head and head != b"SQLite format 3\x00":
            raise StoreError.of(msg("errors.trainer.store.not_sqlite", path=self.path))

    def _check_integrity(self) -> None:
        """Runs ``PRAGMA quick_check``; a damaged store is refused before anything is written.

        :raises StoreError: naming the first problems and how to recover.
        """
        rows = [r[0] for r in self._db.execute("PRAGMA quick_check(5)")]
        if rows != ["ok"]:
            problems, recover = "; ".join(rows)[:300], _recovery(self.path)
            raise StoreError.of(
                msg(
                    "errors.trainer.store.damaged",
                    path=self.path,
                    problems=problems,
                    recover=recover,
                )
            )

    def _check_identity(self) -> int:
        """Gets the schema version of the store, after checking that it is one (its mark, or
        the tables of a store of schema 1); 0 for an empty database.

        :raises StoreError: for another application's database or a newer store.
        """
        app = int(self._db.execute("PRAGMA application_id").fetchone()[0])
        version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
        tables = {
            r[0]
            for r in self._db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }
        if app == APPLICATION_ID:
            if version > SCHEMA_VERSION:
                raise StoreError.of(
                    msg(
                        "errors.trainer.store.newer",
                        path=self.path,
                        version=version,
                        reads=SCHEMA_VERSION,
                    )
                )
            return version
        if app == 0 and not tables:
            return 0
        if app == 0 and tables >= _V1:
            row = self._db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if row is not None and row[0] == "1":
                return 1
        listed: object = ", ".join(sorted(tables)[:6]) or Localized(
            partial(tr, "errors.trainer.store.no_tables")
        )
        raise StoreError.of(
            msg("errors.trainer.store.foreign", path=self.path, app=app, tables=listed)
        )

    def _has_every_table(self) -> bool:
        """Tells whether the store has every table of the schema (a table added by a newer
        schema text is made, after a backup, by :meth:`_migrate`)."""
        have = {
            r[0] for r in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        return have >= _TABLES

    def _migrate(self, version: int) -> None:
        """Brings the store from schema *version* to :data:`SCHEMA_VERSION`, after a backup
        (:meth:`backup`) when it holds data; one transaction."""
        if version > 0 and self.path != ":memory:":
            self.backup(backup_path(self.path, f"v{version}"))
        with self._transaction():
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            self._db.execute(
                "INSERT OR REPLACE INTO meta(key, value) VALUES ('schema', ?)",
                (str(SCHEMA_VERSION),),
            )
            self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def backup(self, dest: str | Path | None = None) -> Path:
        """Copies the store to *dest* (default :func:`backup_path`) with SQLite's online
        backup API (a consistent copy, even while others write); returns the copy's path."""
        target = Path(dest) if dest is not None else backup_path(self.path)
        tmp = target.with_name(target.name + ".tmp")
        try:
            out = sqlite3.connect(tmp)
            try:
                self._db.backup(out)
            finally:
                out.close()
            os.replace(tmp, target)
        except (OSError, sqlite3.Error) as e:
            raise StoreError.of(
                msg("errors.trainer.store.backup", path=str(target), error=e)
            ) from None
        return target

    def close(self) -> None:
        """Closes the database."""
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self, failed: str = "errors.trainer.store.io") -> Iterator[sqlite3.Connection]:
        """One write, whole or not at all; a store that cannot be written (read-only, a full
        disk, held by another process past the timeout) raises :class:`StoreError` with the
        message *failed* (its ``path`` and ``error``)."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except sqlite3.OperationalError as e:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise StoreError.of(msg(failed, path=self.path, error=e)) from None

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
        """Records one graded answer, its concepts and their next schedule, atomically.

        :raises StoreError: when the store cannot be written (the answers before are kept).
        """
        with self._transaction("errors.trainer.store.record") as db:
            self._record_in(db, profile, hand_id, graded, seconds=seconds, now=now)

    def _record_in(
        self,
        db: sqlite3.Connection,
        profile: str,
        hand_id: str,
        graded: Graded,
        *,
        seconds: float | None,
        now: datetime,
    ) -> None:
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
                "INSERT OR REPLACE INTO answer_concepts(answer_id, concept, ok) VALUES (?, ?, ?)",
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

    # ---- the web drills ------------------------------------------------------------------
    def start_drill(
        self,
        token: str,
        profile: str,
        variant: str,
        hand_id: str,
        ask: tuple[str, ...],
        *,
        why: str | None,
        now: datetime,
    ) -> Drill:
        """Deals *hand_id* to the drill *token* (a browser session's), replacing its hand:
        question 0 is asked next. Drills idle for 30 days are forgotten."""
        t = _ts(now)
        with self._transaction() as db:
            db.execute("DELETE FROM drills WHERE updated < ?", (t - _DRILL_DAYS * 86400,))
            db.execute(
                "INSERT OR REPLACE INTO drills(token, profile, variant, hand_id, ask, step, "
                "graded, why, asked_at, updated) VALUES (?, ?, ?, ?, ?, 0, '[]', ?, ?, ?)",
                (token, profile, variant, hand_id, json.dumps(list(ask)), why, t, t),
            )
        return Drill(token, profile, variant, hand_id, ask, 0, (), why, t)

    def drill(self, token: str) -> Drill | None:
        """Gets the state of the drill *token* (None when there is none)."""
        row = self._db.execute(
            "SELECT profile, variant, hand_id, ask, step, graded, why, asked_at FROM drills "
            "WHERE token = ?",
            (token,),
        ).fetchone()
        if row is None:
            return None
        profile, variant, hand_id, ask, step, graded, why, asked_at = row
        return Drill(
            token,
            profile,
            variant,
            hand_id,
            tuple(json.loads(ask)),
            int(step),
            tuple(tuple(g) for g in json.loads(graded)),
            why,
            float(asked_at),
        )

    def answer_drill(
        self,
        drill: Drill,
        graded: Graded,
        *,
        seconds: float | None,
        now: datetime,
    ) -> bool:
        """Records *graded*, the answer to question *drill.step* of *drill.hand_id*, and
        moves the drill to the next question, in one transaction — only if the drill is
        still at that question of that hand: an answer sent twice (a replayed form, an old
        cookie, a second tab) is recorded once. Returns whether it was recorded."""
        with self._transaction() as db:
            row = db.execute(
                "SELECT profile, hand_id, step, graded FROM drills WHERE token = ?",
                (drill.token,),
            ).fetchone()
            if row is None or (row[1], int(row[2])) != (drill.hand_id, drill.step):
                return False
            self._record_in(db, row[0], drill.hand_id, graded, seconds=seconds, now=now)
            entry = [graded.part, graded.ok, graded.given, graded.answer, graded.note]
            db.execute(
                "UPDATE drills SET step = step + 1, graded = ?, asked_at = ?, updated = ? "
                "WHERE token = ?",
                (json.dumps([*json.loads(row[3]), entry]), _ts(now), _ts(now), drill.token),
            )
        return True

    # ---- profile passphrases ---------------------------------------------------------------
    def lock_key(self, profile: str) -> str | None:
        """Gets the key of *profile*'s passphrase (None when it has none): a browser that
        gave the passphrase keeps it; setting another passphrase changes it."""
        row = self._db.execute(
            "SELECT l.key FROM profile_locks l JOIN profiles p ON p.id = l.profile_id "
            "WHERE p.name = ?",
            (profile,),
        ).fetchone()
        return None if row is None else str(row[0])

    def set_passphrase(self, profile: str, passphrase: str | None) -> str | None:
        """Protects *profile* with *passphrase* (scrypt with a random salt; None or empty
        removes the protection); returns the new key (:meth:`lock_key`)."""
        with self._transaction():
            pid = self._profile_id(profile)
            self._db.execute("DELETE FROM profile_locks WHERE profile_id = ?", (pid,))
            if not passphrase:
                return None
            salt = secrets.token_bytes(16)
            digest = hashlib.scrypt(passphrase.encode("utf-8"), salt=salt, **_SCRYPT)
            key = secrets.token_hex(16)
            self._db.execute(
                "INSERT INTO profile_locks(profile_id, salt, digest, key) VALUES (?, ?, ?, ?)",
                (pid, salt, digest, key),
            )
        return key

    def unlock(self, profile: str, passphrase: str) -> str | None:
        """Gets *profile*'s key when *passphrase* is its passphrase (None otherwise, or when
        it has none)."""
        row = self._db.execute(
            "SELECT l.salt, l.digest, l.key FROM profile_locks l "
            "JOIN profiles p ON p.id = l.profile_id WHERE p.name = ?",
            (profile,),
        ).fetchone()
        if row is None:
            return None
        digest = hashlib.scrypt(passphrase.encode("utf-8"), salt=row[0], **_SCRYPT)
        return str(row[2]) if hmac.compare_digest(digest, row[1]) else None

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
            known = ", ".join(self.profiles())
            raise StoreError.of(
                msg("errors.trainer.store.no_profile", profile=profile, known=known)
            )
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
        """Reads a profile export into the store, as *name* (default: its own name); returns
        the profile name. The whole export is checked first (:func:`check_export`), then
        written in one transaction: a bad export changes nothing.

        :raises StoreError: if *data* is not a valid export (the message names the field and
            the entry), or the profile exists and not *replace*.
        """
        export = check_export(data)
        target = name or export.profile
        if not target:
            raise StoreError.of(msg("errors.trainer.store.export_no_profile"))
        with self._transaction() as db:
            pid = self._profile_id(target, create=False)
            if pid is not None:
                if not replace:
                    raise StoreError.of(msg("errors.trainer.store.profile_exists", profile=target))
                db.execute("DELETE FROM profiles WHERE id = ?", (pid,))
            cur = db.execute(
                "INSERT INTO profiles(name, created) VALUES (?, ?)", (target, export.created)
            )
            pid = cur.lastrowid
            for a in export.answers:
                cur = db.execute(
                    "INSERT INTO answers(profile_id, hand_id, part, ok, given, answer, note, "
                    "seconds, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (pid, a.hand_id, a.part, int(a.ok), a.given, a.answer, a.note, a.seconds, a.at),
                )
                for c, ok in a.concepts:
                    db.execute(
                        "INSERT OR REPLACE INTO answer_concepts(answer_id, concept, ok) "
                        "VALUES (?, ?, ?)",
                        (cur.lastrowid, c, int(ok)),
                    )
            for concept, scheduler, state, due in export.schedule:
                db.execute(
                    "INSERT OR REPLACE INTO concepts(profile_id, concept, scheduler, state, due) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (pid, concept, scheduler, state, due),
                )
        return target

    def export_json(self, profile: str) -> str:
        """Writes :meth:`export_profile` as JSON text."""
        return json.dumps(self.export_profile(profile), ensure_ascii=False, indent=1)


# ---- checking an export --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Export:
    """A checked profile export: its name, creation time, answers and schedule rows."""

    profile: str
    created: float
    answers: tuple[AnswerRow, ...]
    schedule: tuple[tuple[str, str, str, float], ...]


def _bad(where: str, value: Any, expected: str) -> StoreError:
    """The error of the field *where* (its JSON path, as the file writes it) that holds
    *value* and should hold what the catalogue entry *expected* says: a JSON kind of the
    records' fields (``errors.fields.kind.*``) or one of the export's own
    (``errors.trainer.store.expected.*``)."""
    shown = json.dumps(value, ensure_ascii=False) if _jsonable(value) else repr(value)
    if len(shown) > 60:
        shown = shown[:59] + "…"
    words = Localized(partial(tr, expected))
    return StoreError.of(
        msg("errors.trainer.store.bad_export", where=where, expected=words, shown=shown)
    )


_TEXT = "errors.fields.kind.text"


def _path(where: str, key: str) -> str:
    """The JSON path of the field *key* of the object at *where* (``answers[3].seconds``;
    ``created`` at the top)."""
    return f"{where}.{key}" if where else key


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def _text(obj: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    if key not in obj and default is not None:
        return default
    v = obj.get(key)
    if not isinstance(v, str):
        raise _bad(_path(where, key), v, _TEXT)
    return v


def _number(
    obj: Mapping[str, Any], key: str, where: str, *, null: bool = False, what: str = "number"
) -> float | None:
    v = obj.get(key)
    if v is None and null:
        return None
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or v < 0:
        kind = f"errors.trainer.store.expected.{what}" + ("_or_null" if null else "")
        raise _bad(_path(where, key), v, kind)
    return float(v)


def _object(v: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(v, Mapping):
        raise _bad(where, v, "errors.fields.kind.object")
    return v


def _list(obj: Mapping[str, Any], key: str, where: str) -> list[Any]:
    v = obj.get(key, [])
    if not isinstance(v, list):
        raise _bad(f"{where}{key}", v, "errors.fields.kind.list")
    return v


def check_export(data: Any) -> Export:
    """Checks a whole profile export (:meth:`Store.export_profile`): every field of every
    answer and schedule row has its type (strings, booleans, finite non-negative numbers).

    :raises StoreError: naming the first bad field and its entry, e.g.
        ``answers[3].seconds is a number of seconds ≥ 0 or null, not "fast"``.

    >>> bad = {"format": EXPORT_FORMAT, "profile": "ann", "answers": [{"hand_id": "h",
    ...     "part": "han", "ok": True, "given": "2", "answer": "2", "seconds": "fast", "at": 1}]}
    >>> try:
    ...     check_export(bad)
    ... except StoreError as e:
    ...     print(str(e).removeprefix("the export is invalid: "))
    answers[0].seconds is a number of seconds ≥ 0 or null, not "fast"
    """
    if not isinstance(data, Mapping) or data.get("format") != EXPORT_FORMAT:
        raise StoreError.of(msg("errors.trainer.store.not_export", format=EXPORT_FORMAT))
    profile = data.get("profile")
    if profile is not None and not isinstance(profile, str):
        raise _bad("profile", profile, _TEXT)
    created = _number(data, "created", "", null=True) if "created" in data else None
    answers = []
    for i, raw in enumerate(_list(data, "answers", "")):
        where = f"answers[{i}]"
        a = _object(raw, where)
        ok = a.get("ok")
        if not isinstance(ok, bool):
            raise _bad(f"{where}.ok", ok, "errors.fields.kind.bool")
        concepts = []
        for j, pair in enumerate(_list(a, "concepts", f"{where}.")):
            if (
                not isinstance(pair, list)
                or len(pair) != 2
                or not isinstance(pair[0], str)
                or not isinstance(pair[1], bool)
            ):
                kind = "errors.trainer.store.expected.concept_pair"
                raise _bad(f"{where}.concepts[{j}]", pair, kind)
            concepts.append((pair[0], pair[1]))
        at = _number(a, "at", where)
        assert at is not None
        answers.append(
            AnswerRow(
                _text(a, "hand_id", where),
                _text(a, "part", where),
                ok,
                _text(a, "given", where),
                _text(a, "answer", where),
                _text(a, "note", where, default=""),
                _number(a, "seconds", where, null=True, what="seconds"),
                at,
                tuple(concepts),
            )
        )
    schedule = []
    for i, raw in enumerate(_list(data, "schedule", "")):
        where = f"schedule[{i}]"
        row = _object(raw, where)
        due = _number(row, "due", where)
        assert due is not None
        concept, scheduler = _text(row, "concept", where), _text(row, "scheduler", where)
        state = _text(row, "state", where)
        if not readable(scheduler, state):
            raise _bad(f"{where}.state", state, "errors.trainer.store.expected.state")
        schedule.append((concept, scheduler, state, due))
    return Export(profile or "", created or 0.0, tuple(answers), tuple(schedule))
