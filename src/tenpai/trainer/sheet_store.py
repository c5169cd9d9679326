"""Score sheets kept in the progress store: evenings, their games, each game's events.

The tables are the store's (same SQLite file, same connection, same ``BEGIN IMMEDIATE``
transactions), created on first use with ``CREATE TABLE IF NOT EXISTS`` like the store's own
schema; they belong to this module alone. A game is its ``start`` record and its events in
the JSON-lines format of ``tenpai game sheet`` (README, "Score sheets"), so that any stored
game replays the same way on the command line.

>>> from tenpai.trainer.store import Store
>>> sheets = SheetStore(Store(":memory:"))
>>> ev = sheets.new_evening("me", "Friday")
>>> g = sheets.new_game(ev, {"event": "start", "rules": "tenhou", "players": ["A", "B", "C", "D"]})
>>> sheets.add_event(g, {"event": "riichi", "seat": "B"})
>>> [len(x.events) for x in sheets.games(ev)]
[1]
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from ..errors import msg
from .store import Store, StoreError

__all__ = ["SHEET_SCHEMA", "Evening", "SheetStore", "StoredGame"]

SHEET_SCHEMA = """
CREATE TABLE IF NOT EXISTS sheet_evenings(
    id INTEGER PRIMARY KEY, owner TEXT NOT NULL, name TEXT NOT NULL, created REAL NOT NULL);
CREATE INDEX IF NOT EXISTS sheet_evenings_by_owner ON sheet_evenings(owner, id);
CREATE TABLE IF NOT EXISTS sheet_games(
    id INTEGER PRIMARY KEY,
    evening_id INTEGER NOT NULL REFERENCES sheet_evenings(id) ON DELETE CASCADE,
    start TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS sheet_events(
    game_id INTEGER NOT NULL REFERENCES sheet_games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL, event TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY(game_id, seq));
"""
_SHEET_TABLES = SHEET_SCHEMA.count("CREATE TABLE")


@dataclass(frozen=True, slots=True)
class Evening:
    """An evening of games: its *id*, *name* and creation time."""

    id: int
    name: str
    created: float


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A stored game: its *id*, its *start* record and its *events*, in order."""

    id: int
    start: dict[str, Any]
    events: tuple[dict[str, Any], ...]

    def lines(self) -> list[str]:
        """Gets the game as JSON lines (``tenpai game sheet`` reads them)."""
        return [json.dumps(x, ensure_ascii=False) for x in (self.start, *self.events)]


class SheetStore:
    """The score sheets of *store*, every evening owned by an *owner* id."""

    def __init__(self, store: Store) -> None:
        self.store = store
        have = store._db.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name LIKE 'sheet_%'"
        ).fetchone()[0]
        if have == _SHEET_TABLES:  # made before: nothing to write (a read-only store reads)
            return
        with store._transaction() as db:
            for statement in SHEET_SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)

    def evenings(self, owner: str) -> list[Evening]:
        """Lists *owner*'s evenings, the latest first."""
        rows = self.store._db.execute(
            "SELECT id, name, created FROM sheet_evenings WHERE owner = ? ORDER BY id DESC",
            (owner,),
        )
        return [Evening(int(i), str(n), float(c)) for i, n, c in rows]

    def evening(self, owner: str, evening_id: int) -> Evening:
        """Gets one of *owner*'s evenings.

        :raises StoreError: when *owner* has no such evening.
        """
        for e in self.evenings(owner):
            if e.id == evening_id:
                return e
        raise StoreError.of(msg("errors.trainer.evening", id=evening_id))

    def new_evening(self, owner: str, name: str) -> int:
        """Starts an evening for *owner*; returns its id."""
        with self.store._transaction() as db:
            cur = db.execute(
                "INSERT INTO sheet_evenings(owner, name, created) VALUES (?, ?, ?)",
                (owner, name, time.time()),
            )
            return int(cur.lastrowid or 0)

    def new_game(self, evening_id: int, start: dict[str, Any]) -> int:
        """Adds a game (its ``start`` record) to an evening; returns its id."""
        with self.store._transaction() as db:
            cur = db.execute(
                "INSERT INTO sheet_games(evening_id, start, created) VALUES (?, ?, ?)",
                (evening_id, json.dumps(start, ensure_ascii=False), time.time()),
            )
            return int(cur.lastrowid or 0)

    def games(self, evening_id: int) -> list[StoredGame]:
        """Lists an evening's games with their events, in the order played."""
        db = self.store._db
        out = []
        for gid, start in db.execute(
            "SELECT id, start FROM sheet_games WHERE evening_id = ? ORDER BY id", (evening_id,)
        ).fetchall():
            events = tuple(
                json.loads(e)
                for (e,) in db.execute(
                    "SELECT event FROM sheet_events WHERE game_id = ? ORDER BY seq", (gid,)
                )
            )
            out.append(StoredGame(int(gid), json.loads(start), events))
        return out

    def add_event(self, game_id: int, event: dict[str, Any]) -> None:
        """Appends *event* to a game (in one transaction)."""
        with self.store._transaction() as db:
            (seq,) = db.execute(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM sheet_events WHERE game_id = ?",
                (game_id,),
            ).fetchone()
            db.execute(
                "INSERT INTO sheet_events(game_id, seq, event, at) VALUES (?, ?, ?, ?)",
                (game_id, int(seq), json.dumps(event, ensure_ascii=False), time.time()),
            )

    def undo(self, game_id: int) -> bool:
        """Removes a game's last event, or the game itself when it has none; tells whether
        something was removed."""
        with self.store._transaction() as db:
            row = db.execute(
                "SELECT MAX(seq) FROM sheet_events WHERE game_id = ?", (game_id,)
            ).fetchone()
            if row and row[0] is not None:
                db.execute(
                    "DELETE FROM sheet_events WHERE game_id = ? AND seq = ?", (game_id, row[0])
                )
                return True
            return db.execute("DELETE FROM sheet_games WHERE id = ?", (game_id,)).rowcount > 0
