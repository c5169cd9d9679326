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
    "TERMINAL",
    "AnswerRow",
    "ConceptStat",
    "Damaged",
    "DamagedRow",
    "Drill",
    "Export",
    "Store",
    "StoreError",
    "backup_path",
    "check_export",
    "default_store_path",
    "probe",
    "sqlite_cause",
]

EXPORT_FORMAT = "tenpai-trainer-profile"
APPLICATION_ID = 0x54656E70
"""The store's mark in the SQLite header (``PRAGMA application_id``: "Tenp" in ASCII), so that
another application's database is never taken for a store."""
SCHEMA_VERSION = 3
"""The store's schema (``PRAGMA user_version``). 1: profiles, answers, concepts (marked only by
its ``meta`` table); 2: the mark, the web drills, the profile passphrases; 3: each profile's
owner (the terminal, or the browser that made it: a name is unique per owner) and the owner
of each web drill's profile."""
TERMINAL = ""
"""The owner of the profiles of the command line (``tenpai train --profile NAME``): whoever
can open the store's file. A profile made in a browser is owned by that browser (a random id
its signed session keeps); the two share a profile only when its owner gives it a passphrase
and the other side claims it (docs/web.md, "Profiles")."""
_V1 = frozenset({"meta", "profiles", "answers", "answer_concepts", "concepts"})
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS profiles(
    id INTEGER PRIMARY KEY, owner TEXT NOT NULL DEFAULT '', name TEXT NOT NULL,
    created REAL NOT NULL, UNIQUE(owner, name));
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
    why TEXT, asked_at REAL NOT NULL, updated REAL NOT NULL, owner TEXT NOT NULL DEFAULT '');
CREATE INDEX IF NOT EXISTS drills_by_age ON drills(updated);
CREATE TABLE IF NOT EXISTS profile_locks(
    profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
    salt BLOB NOT NULL, digest BLOB NOT NULL, key TEXT NOT NULL);
"""
_PROFILES_V3 = """
CREATE TABLE profiles_v3(
    id INTEGER PRIMARY KEY, owner TEXT NOT NULL DEFAULT '', name TEXT NOT NULL,
    created REAL NOT NULL, UNIQUE(owner, name));
INSERT INTO profiles_v3(id, owner, name, created) SELECT id, '', name, created FROM profiles;
DROP TABLE profiles;
ALTER TABLE profiles_v3 RENAME TO profiles;
"""
"""Schema 3's profiles, from schema 2's (whose names were unique in the whole store): every
profile kept, with its id (the answers' key), owned by the terminal (SQLite's procedure for
a change ``ALTER TABLE`` cannot make, "ALTER TABLE", section 7)."""
_TABLES = frozenset(re.findall(r"CREATE TABLE IF NOT EXISTS (\w+)", _SCHEMA))
_DRILL_DAYS = 30
"""Days a web drill's state is kept after its last answer."""
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}
"""The passphrase hash (scrypt, the parameters RFC 7914 gives for interactive use)."""


class StoreError(TenpaiError):
    """Raised when the store cannot be opened (damaged, foreign, newer) or written, or an
    import is not a valid profile export. *cause* says what SQLite met when it was the
    cause (:func:`sqlite_cause`): ``"full"`` (no room left on the disk), ``"read_only"``,
    ``"busy"`` (held by another writer past the timeout), ``"damaged"``, ``"unavailable"``
    (any other failure to read or write the file); empty otherwise."""

    kind = "StoreError"
    cause = ""

    def because(self, e: sqlite3.Error) -> StoreError:
        """Sets :attr:`cause` from the SQLite error *e*; returns the error."""
        self.cause = sqlite_cause(e)
        return self


def sqlite_cause(e: sqlite3.Error) -> str:
    """Gets what the SQLite error *e* says of the store (see :class:`StoreError`), from its
    result code (``SQLITE_FULL``, ``SQLITE_READONLY_*``...; SQLite's "Result and Error
    Codes")."""
    name = getattr(e, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_FULL"):
        return "full"
    if name.startswith("SQLITE_READONLY"):
        return "read_only"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return "busy"
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return "damaged"
    return "unavailable"


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


MIN_FREE = 1 << 20
"""The least room left on the store's disk (1 MiB) for :func:`probe` to call it usable: an
answer writes a few pages to the write-ahead log, a checkpoint copies them."""


def probe(path: str | Path) -> tuple[str, str]:
    """Tells whether the store at *path* can be used now, taking no lock and writing
    nothing (``/api/health`` asks it): ``("ok", "")``, or a state of :class:`StoreError`'s
    causes and why, in English: ``"full"`` (less than :data:`MIN_FREE` left on its disk),
    ``"read_only"`` (the file, or its folder, where SQLite writes the ``-wal`` and ``-shm``
    files, cannot be written), ``"unavailable"`` or ``"damaged"`` (it cannot be read)."""
    p = Path(path)
    try:
        fs = os.statvfs(p.parent)
    except OSError as e:
        return "unavailable", f"{str(p.parent)!r}: {e.strerror}"
    # the root user may fill the blocks kept for it (the free ones), another user not
    free = (fs.f_bfree if os.geteuid() == 0 else fs.f_bavail) * fs.f_frsize
    if free < MIN_FREE:
        return "full", f"{free} bytes left on the disk of {str(p)!r} (at least {MIN_FREE})"
    for place in (p.parent, p):
        if place.exists() and not os.access(place, os.W_OK):
            return "read_only", f"{str(place)!r} cannot be written"
    try:
        db = sqlite3.connect(f"{p.resolve().as_uri()}?mode=ro", uri=True, timeout=0.5)
        try:
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            db.close()
    except sqlite3.Error as e:
        return sqlite_cause(e), str(e)
    return "ok", ""


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
    profile it records for (*owner*'s *profile*), the hand dealt, the parts asked, the next
    question (*step*), the answers graded so far (part, ok, given, answer, note), the review
    that chose the hand's focus, and when the current question was asked."""

    token: str
    profile: str
    variant: str
    hand_id: str
    ask: tuple[str, ...]
    step: int
    graded: tuple[tuple[Any, ...], ...]
    why: str | None
    asked_at: float
    owner: str = TERMINAL


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


@dataclass(frozen=True, slots=True)
class DamagedRow:
    """A row of the store holding text that is not UTF-8: its *table*, its ``rowid``
    (*row*), the *columns* so damaged, and the profile it belongs to (*profile*, *owner*;
    None for a row of no profile, as a score sheet's)."""

    table: str
    row: int
    columns: tuple[str, ...]
    profile: str | None
    owner: str | None

    def place(self) -> str:
        """Writes where the row is, as SQLite names it: ``answers 12 (given)``."""
        return f"{self.table} {self.row} ({', '.join(self.columns)})"


class Damaged(str):
    """A text cell that is not UTF-8, as it reads with each bad byte replaced (U+FFFD):
    :meth:`Store._select` gives it, and the reader leaves its row out."""

    __slots__ = ()


def _text_or_damaged(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return Damaged(raw.decode("utf-8", "replace"))


def _utf8(value: object) -> bool:
    if not isinstance(value, bytes):
        return True
    try:
        value.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _intact(row: tuple[Any, ...]) -> bool:
    return not any(isinstance(v, Damaged) for v in row)


_ROW_PROFILE = {
    "profiles": "SELECT id FROM profiles WHERE rowid = ?",
    "answers": "SELECT profile_id FROM answers WHERE rowid = ?",
    "answer_concepts": "SELECT a.profile_id FROM answer_concepts ac "
    "JOIN answers a ON a.id = ac.answer_id WHERE ac.rowid = ?",
    "concepts": "SELECT profile_id FROM concepts WHERE rowid = ?",
    "profile_locks": "SELECT profile_id FROM profile_locks WHERE rowid = ?",
    "drills": "SELECT p.id FROM drills d JOIN profiles p "
    "ON p.owner = d.owner AND p.name = d.profile WHERE d.rowid = ?",
}
"""How to find the profile of a row of each table (its id)."""


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
            self.damaged = self.damaged_rows() if check else ()
        except StoreError:
            self._db.close()
            raise
        except sqlite3.DatabaseError as e:
            self._db.close()
            if not _damaged(e):  # read-only, a full disk, locked by another: nothing to recover
                raise StoreError.of(
                    msg("errors.trainer.store.io", path=self.path, error=e)
                ).because(e) from None
            recover = _recovery(self.path)
            error = msg("errors.trainer.store.unreadable", path=self.path, error=e, recover=recover)
            raise StoreError.of(error).because(e) from None
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
            error = StoreError.of(
                msg(
                    "errors.trainer.store.damaged",
                    path=self.path,
                    problems=problems,
                    recover=recover,
                )
            )
            error.cause = "damaged"
            raise error

    def damaged_rows(self) -> tuple[DamagedRow, ...]:
        """Finds every row holding a text cell that is not UTF-8 (``PRAGMA quick_check``
        checks the file's structure, not what a text holds: such a row passes it, and its
        cell cannot be read as text). The store's reads leave such rows out (a profile's
        answers, schedule and export: what is intact); the command line names them.

        Each table is read once as text (SQLite's own decoding, about the time of
        ``quick_check``); only a table that fails is read again row by row, each row's text
        cells joined (a space between them, so that no two cells make one character) and
        decoded, to name its damaged rows and cells.
        """
        found: list[DamagedRow] = []
        for table in sorted(self._tables()):
            columns = self._columns(table)
            cells = ", ".join(  # the text of each cell; None for the cells of other types
                f'CASE WHEN typeof("{c}") = \'text\' THEN "{c}" END' for c in columns
            )
            try:
                for _ in self._db.execute(f'SELECT {cells} FROM "{table}"'):
                    pass
                continue
            except sqlite3.OperationalError as e:
                if not str(e).startswith("Could not decode to UTF-8"):
                    raise
            joined = " || ' ' || ".join(
                f"CASE WHEN typeof(\"{c}\") = 'text' THEN \"{c}\" ELSE '' END" for c in columns
            )
            rows = self._db.execute(f'SELECT rowid, CAST({joined} AS BLOB) FROM "{table}"')
            found.extend(
                self._damaged_row(table, columns, rowid)
                for rowid, raw in rows.fetchall()
                if not _utf8(raw)
            )
        return tuple(found)

    def _damaged_row(self, table: str, columns: list[str], rowid: int) -> DamagedRow:
        cells = self._db.execute(
            "SELECT "
            + ", ".join(f'CAST("{c}" AS BLOB)' for c in columns)
            + f' FROM "{table}" WHERE rowid = ?',
            (rowid,),
        ).fetchone()
        bad = tuple(c for c, v in zip(columns, cells, strict=True) if not _utf8(v))
        owner, name = None, None
        find = _ROW_PROFILE.get(table)
        if find is not None:
            row = self._db.execute(
                "SELECT CAST(p.owner AS BLOB), CAST(p.name AS BLOB) FROM profiles p "
                f"WHERE p.id = ({find})",
                (rowid,),
            ).fetchone()
            if row is not None:
                owner, name = (bytes(v).decode("utf-8", "replace") for v in row)
        return DamagedRow(table, rowid, bad, name, owner)

    def _select(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Runs the query *sql*: a text cell that is not UTF-8 (:meth:`damaged_rows`) reads
        as a :class:`Damaged` text rather than stopping the read, so that the callers leave
        its row out."""
        try:
            return self._db.execute(sql, params).fetchall()
        except sqlite3.OperationalError as e:
            if not str(e).startswith("Could not decode to UTF-8"):
                raise
        self._db.text_factory = _text_or_damaged
        try:
            return self._db.execute(sql, params).fetchall()
        finally:
            self._db.text_factory = str

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
        (:meth:`backup`) when it holds data; one transaction, every row kept.

        Schema 3 rebuilds the profiles table (a name is unique per owner: no ``ALTER TABLE``
        changes a ``UNIQUE``), with the foreign keys off so that dropping the old table deletes
        no answer (SQLite's procedure, "ALTER TABLE", section 7), and checks them after."""
        if version > 0 and self.path != ":memory:":
            self.backup(backup_path(self.path, f"v{version}"))
        self._db.execute("PRAGMA foreign_keys=OFF")  # (no effect inside a transaction)
        try:
            with self._transaction() as db:
                # checked inside the transaction: another process may have migrated meanwhile
                if "profiles" in self._tables() and "owner" not in self._columns("profiles"):
                    self._run(_PROFILES_V3)
                if "drills" in self._tables() and "owner" not in self._columns("drills"):
                    db.execute("ALTER TABLE drills ADD COLUMN owner TEXT NOT NULL DEFAULT ''")
                self._run(_SCHEMA)
                broken = db.execute("PRAGMA foreign_key_check").fetchall()
                if broken:  # never committed: the store stays as it was
                    error = msg("errors.trainer.store.migrate", path=self.path, rows=len(broken))
                    raise StoreError.of(error)
                db.execute(
                    "INSERT OR REPLACE INTO meta(key, value) VALUES ('schema', ?)",
                    (str(SCHEMA_VERSION),),
                )
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        finally:
            self._db.execute("PRAGMA foreign_keys=ON")

    def _run(self, script: str) -> None:
        for statement in script.split(";"):
            if statement.strip():
                self._db.execute(statement)

    def _tables(self) -> set[str]:
        return {
            r[0]
            for r in self._db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }

    def _columns(self, table: str) -> list[str]:
        return [r[1] for r in self._db.execute(f"PRAGMA table_info({table})")]

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
        except sqlite3.DatabaseError as e:
            if isinstance(e, sqlite3.IntegrityError | sqlite3.ProgrammingError):
                raise  # a fault of the code, not of the store
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise StoreError.of(msg(failed, path=self.path, error=e)).because(e) from None

    # ---- profiles ------------------------------------------------------------------------
    def _profile_id(self, name: str, *, owner: str = TERMINAL, create: bool = True) -> int | None:
        row = self._db.execute(
            "SELECT id FROM profiles WHERE owner = ? AND name = ?", (owner, name)
        ).fetchone()
        if row is not None:
            return int(row[0])
        if not create:
            return None
        cur = self._db.execute(
            "INSERT INTO profiles(owner, name, created) VALUES (?, ?, ?)",
            (owner, name, _ts(datetime.now(UTC))),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def profiles(self, owner: str = TERMINAL) -> list[str]:
        """Lists the names of *owner*'s profiles (the terminal's by default)."""
        rows = self._select("SELECT name FROM profiles WHERE owner = ? ORDER BY name", (owner,))
        return [r[0] for r in rows if _intact(r)]

    # ---- answers ---------------------------------------------------------------------------
    def record(
        self,
        profile: str,
        hand_id: str,
        graded: Graded,
        *,
        seconds: float | None,
        now: datetime,
        owner: str = TERMINAL,
    ) -> None:
        """Records one graded answer of *owner*'s *profile*, its concepts and their next
        schedule, atomically.

        :raises StoreError: when the store cannot be written (the answers before are kept).
        """
        with self._transaction("errors.trainer.store.record") as db:
            self._record_in(db, profile, hand_id, graded, seconds=seconds, now=now, owner=owner)

    def _record_in(
        self,
        db: sqlite3.Connection,
        profile: str,
        hand_id: str,
        graded: Graded,
        *,
        seconds: float | None,
        now: datetime,
        owner: str,
    ) -> None:
        pid = self._profile_id(profile, owner=owner)
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
            rows = self._select(
                "SELECT scheduler, state FROM concepts WHERE profile_id = ? AND concept = ?",
                (pid, concept),
            )
            # a state that is not UTF-8 reads as none: the schedule starts again, rewritten
            row = rows[0] if rows and _intact(rows[0]) else None
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
        owner: str = TERMINAL,
    ) -> Drill:
        """Deals *hand_id* to the drill *token* (a browser session's), for *owner*'s
        *profile*, replacing its hand: question 0 is asked next. Drills idle for 30 days are
        forgotten."""
        t = _ts(now)
        with self._transaction() as db:
            db.execute("DELETE FROM drills WHERE updated < ?", (t - _DRILL_DAYS * 86400,))
            db.execute(
                "INSERT OR REPLACE INTO drills(token, profile, owner, variant, hand_id, ask, "
                "step, graded, why, asked_at, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, 0, '[]', ?, ?, ?)",
                (token, profile, owner, variant, hand_id, json.dumps(list(ask)), why, t, t),
            )
        return Drill(token, profile, variant, hand_id, ask, 0, (), why, t, owner)

    def drill(self, token: str) -> Drill | None:
        """Gets the state of the drill *token* (None when there is none, or when its row
        is damaged: a new hand is dealt over it)."""
        rows = self._select(
            "SELECT profile, variant, hand_id, ask, step, graded, why, asked_at, owner "
            "FROM drills WHERE token = ?",
            (token,),
        )
        if not rows or not _intact(rows[0]):
            return None
        profile, variant, hand_id, ask, step, graded, why, asked_at, owner = rows[0]
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
            owner,
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
            rows = self._select(
                "SELECT profile, hand_id, step, graded, owner FROM drills WHERE token = ?",
                (drill.token,),
            )
            if not rows or not _intact(rows[0]):
                return False
            profile, hand_id, step, done, owner = rows[0]
            if (hand_id, int(step)) != (drill.hand_id, drill.step):
                return False
            self._record_in(
                db, profile, drill.hand_id, graded, seconds=seconds, now=now, owner=owner
            )
            entry = [graded.part, graded.ok, graded.given, graded.answer, graded.note]
            db.execute(
                "UPDATE drills SET step = step + 1, graded = ?, asked_at = ?, updated = ? "
                "WHERE token = ?",
                (json.dumps([*json.loads(done), entry]), _ts(now), _ts(now), drill.token),
            )
        return True

    # ---- sharing a profile: its passphrase -----------------------------------------------
    def lock_key(self, profile: str, owner: str = TERMINAL) -> str | None:
        """Gets the key of the passphrase of *owner*'s *profile* (None when it has none): a
        browser that claimed the profile with its passphrase keeps the key; setting another
        passphrase changes it, which ends every claim made with the old one."""
        rows = self._select(
            "SELECT l.key FROM profile_locks l JOIN profiles p ON p.id = l.profile_id "
            "WHERE p.owner = ? AND p.name = ?",
            (owner, profile),
        )
        if not rows:
            return None
        return str(rows[0][0]) if _intact(rows[0]) else ""  # damaged: a key no one holds

    def shared_owner(self, profile: str) -> str | None:
        """Gets the owner of the profile named *profile* that has a passphrase (None when no
        profile of that name is shared). A shared name is unique in the store
        (:meth:`set_passphrase`), so that a claim checks one passphrase."""
        rows = self._select(
            "SELECT p.owner FROM profile_locks l JOIN profiles p ON p.id = l.profile_id "
            "WHERE p.name = ? ORDER BY p.id LIMIT 1",
            (profile,),
        )
        return str(rows[0][0]) if rows and _intact(rows[0]) else None

    def set_passphrase(
        self, profile: str, passphrase: str | None, owner: str = TERMINAL
    ) -> str | None:
        """Shares *owner*'s *profile* with whoever gives *passphrase* (scrypt with a random
        salt; None or empty: shared no more); returns the new key (:meth:`lock_key`). The
        owner always uses its profile: a passphrase never locks it out.

        :raises StoreError: when another owner already shares a profile of that name.
        """
        with self._transaction() as db:
            pid = self._profile_id(profile, owner=owner)
            db.execute("DELETE FROM profile_locks WHERE profile_id = ?", (pid,))
            if not passphrase:
                return None
            other = db.execute(
                "SELECT 1 FROM profile_locks l JOIN profiles p ON p.id = l.profile_id "
                "WHERE p.name = ? AND p.id != ?",
                (profile, pid),
            ).fetchone()
            if other is not None:
                raise StoreError.of(msg("errors.trainer.store.shared_name", profile=profile))
            salt = secrets.token_bytes(16)
            digest = hashlib.scrypt(
                passphrase.encode("utf-8", "surrogatepass"), salt=salt, **_SCRYPT
            )
            key = secrets.token_hex(16)
            db.execute(
                "INSERT INTO profile_locks(profile_id, salt, digest, key) VALUES (?, ?, ?, ?)",
                (pid, salt, digest, key),
            )
        return key

    def unlock(self, profile: str, passphrase: str, owner: str = TERMINAL) -> str | None:
        """Gets the key of *owner*'s *profile* when *passphrase* is its passphrase (None
        otherwise, or when it has none)."""
        rows = self._select(
            "SELECT l.salt, l.digest, l.key FROM profile_locks l "
            "JOIN profiles p ON p.id = l.profile_id WHERE p.owner = ? AND p.name = ?",
            (owner, profile),
        )
        if not rows or not _intact(rows[0]):
            return None
        salt, expected, key = rows[0]
        digest = hashlib.scrypt(passphrase.encode("utf-8", "surrogatepass"), salt=salt, **_SCRYPT)
        return str(key) if hmac.compare_digest(digest, expected) else None

    # ---- reading a profile ---------------------------------------------------------------
    def answers(self, profile: str, owner: str = TERMINAL) -> list[AnswerRow]:
        """Lists the answers of *owner*'s *profile*, oldest first (a damaged row, one
        holding text that is not UTF-8, left out: :meth:`damaged_rows`)."""
        pid = self._profile_id(profile, owner=owner, create=False)
        if pid is None:
            return []
        concepts: dict[int, list[tuple[str, bool]]] = {}
        for aid, c, ok in self._select(
            "SELECT ac.answer_id, ac.concept, ac.ok FROM answer_concepts ac "
            "JOIN answers a ON a.id = ac.answer_id WHERE a.profile_id = ? ORDER BY ac.concept",
            (pid,),
        ):
            if not isinstance(c, Damaged):
                concepts.setdefault(aid, []).append((c, bool(ok)))
        return [
            AnswerRow(h, part, bool(ok), given, ans, note, sec, at, tuple(concepts.get(aid, ())))
            for aid, h, part, ok, given, ans, note, sec, at in filter(
                _intact,
                self._select(
                    "SELECT id, hand_id, part, ok, given, answer, note, seconds, at "
                    "FROM answers WHERE profile_id = ? ORDER BY at, id",
                    (pid,),
                ),
            )
        ]

    def concept_stats(self, profile: str, owner: str = TERMINAL) -> list[ConceptStat]:
        """Gets every concept's accuracy, speed, trend and due time, weakest first."""
        pid = self._profile_id(profile, owner=owner, create=False)
        if pid is None:
            return []
        history: dict[str, list[tuple[bool, float | None]]] = {}
        for c, ok, sec in filter(
            _intact,
            self._select(
                "SELECT ac.concept, ac.ok, a.seconds FROM answer_concepts ac JOIN answers a "
                "ON a.id = ac.answer_id WHERE a.profile_id = ? ORDER BY a.at, a.id",
                (pid,),
            ),
        ):
            history.setdefault(c, []).append((bool(ok), sec))
        due = dict(self._due(pid))
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

    def _due(self, pid: int) -> list[tuple[str, float]]:
        """Gets each concept of profile *pid* and its due time, soonest first."""
        rows = self._select(
            "SELECT concept, due FROM concepts WHERE profile_id = ? ORDER BY due", (pid,)
        )
        return [(c, d) for c, d in rows if not isinstance(c, Damaged)]

    def due_concepts(self, profile: str, now: datetime, owner: str = TERMINAL) -> list[str]:
        """Lists the concepts of *owner*'s *profile* due at *now*, most overdue first."""
        pid = self._profile_id(profile, owner=owner, create=False)
        if pid is None:
            return []
        return [c for c, d in self._due(pid) if d <= _ts(now)]

    def due_times(self, profile: str, owner: str = TERMINAL) -> dict[str, float]:
        """Gets every concept's next due time (epoch seconds)."""
        pid = self._profile_id(profile, owner=owner, create=False)
        return {} if pid is None else dict(self._due(pid))

    # ---- export and import ---------------------------------------------------------------
    def export_profile(self, profile: str, owner: str = TERMINAL) -> dict[str, Any]:
        """Writes *owner*'s *profile* (answers, concepts, schedules) as a JSON-ready dict:
        every row that reads (a damaged one left out: :meth:`damaged_rows` names them).

        :raises StoreError: if there is no such profile.
        """
        pid = self._profile_id(profile, owner=owner, create=False)
        if pid is None:
            known = ", ".join(self.profiles(owner))
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
                for a in self.answers(profile, owner)
            ],
            "schedule": [
                {"concept": c, "scheduler": s, "state": st, "due": d}
                for c, s, st, d in filter(
                    _intact,
                    self._select(
                        "SELECT concept, scheduler, state, due FROM concepts "
                        "WHERE profile_id = ? ORDER BY concept",
                        (pid,),
                    ),
                )
            ],
        }

    def import_profile(
        self,
        data: Mapping[str, Any],
        *,
        name: str | None = None,
        replace: bool = False,
        owner: str = TERMINAL,
    ) -> str:
        """Reads a profile export into the store, as *owner*'s *name* (default: its own
        name); returns the profile name. The whole export is checked first
        (:func:`check_export`), then written in one transaction: a bad export changes
        nothing.

        :raises StoreError: if *data* is not a valid export (the message names the field and
            the entry), or the profile exists and not *replace*.
        """
        export = check_export(data)
        target = name or export.profile
        if not target:
            raise StoreError.of(msg("errors.trainer.store.export_no_profile"))
        with self._transaction() as db:
            pid = self._profile_id(target, owner=owner, create=False)
            if pid is not None:
                if not replace:
                    raise StoreError.of(msg("errors.trainer.store.profile_exists", profile=target))
                db.execute("DELETE FROM profiles WHERE id = ?", (pid,))
            cur = db.execute(
                "INSERT INTO profiles(owner, name, created) VALUES (?, ?, ?)",
                (owner, target, export.created),
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

    def export_json(self, profile: str, owner: str = TERMINAL) -> str:
        """Writes :meth:`export_profile` as JSON text."""
        return json.dumps(self.export_profile(profile, owner), ensure_ascii=False, indent=1)


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
