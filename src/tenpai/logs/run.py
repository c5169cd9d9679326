"""Runs over many logs: files, folders, globs and SQLite corpora, one log at a time, in one
process or a process pool; a progress line on a terminal.

A SQLite corpus is a table of log ids and compressed mjlog blobs (gzip or bzip2), as the
houou-logs downloaders keep them: :func:`units` finds the table with a text column named
like an id and a blob column, and each row is a log of its own.
"""

from __future__ import annotations

import glob
import os
import sqlite3
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO

from ..errors import msg
from . import read_log
from .model import Game
from .source import LogError, Said, words
from .verify import Check, Summary, check_game

__all__ = ["Reading", "Unit", "sqlite_units", "units", "verify_paths", "verify_unit"]

Unit = tuple[str, str | None]
"""One log to read: a file, or (a SQLite file, a row's log id)."""

_LOG_SUFFIXES = (".xml", ".mjlog", ".json", ".jsonl", ".mjson", ".gz", ".bz2", ".txt", ".log")
_SQLITE_MAGIC = b"SQLite format 3\x00"


def _is_sqlite(path: str) -> bool:
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False  # a pipe is never opened: opening it waits for a writer
        with open(path, "rb") as fh:
            return fh.read(16) == _SQLITE_MAGIC
    except OSError:
        return False


def _is_log_name(name: str) -> bool:
    return name.lower().endswith(_LOG_SUFFIXES)


def _folder(folder: str) -> Iterator[str | LogError]:
    """Yields the logs of *folder* and its subfolders in order (files with a log's suffix,
    and SQLite corpora), or an error for what cannot be listed or read there: a subfolder
    that cannot be opened, a link to nothing, a pipe named like a log. Links to folders are
    not followed (a link loop cannot run forever)."""
    found: list[str | LogError] = []

    def refused(e: OSError) -> None:
        reason = e.strerror or str(e)
        found.append(LogError.said(msg("errors.logs.unreadable_folder", reason=reason), e.filename))

    for top, dirs, files in os.walk(folder, onerror=refused):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(top, name)
            try:
                mode = os.stat(path).st_mode
            except OSError as e:
                if _is_log_name(name):  # a link to nothing, or a link loop
                    why = msg("errors.logs.unreadable_file", reason=e.strerror)
                    found.append(LogError.said(why, path))
                continue
            if stat.S_ISDIR(mode):
                continue  # a link to a folder (os.walk lists it among the files)
            if not stat.S_ISREG(mode):
                if _is_log_name(name):
                    found.append(LogError.said(msg("errors.logs.not_a_file.special"), path))
                continue
            if _is_log_name(name) or _is_sqlite(path):
                found.append(path)
    if not any(isinstance(f, str) for f in found):
        found.append(LogError.said(msg("errors.logs.no_logs_in_folder"), folder))
    yield from found


def _table(con: sqlite3.Connection) -> tuple[str, str, str]:
    """Finds (table, id column, blob column) of a corpus."""
    for (table,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        cols = [r[1] for r in con.execute(f'PRAGMA table_info("{table}")')]
        ids = [c for c in cols if "id" in c.lower()]
        row = con.execute(f'SELECT * FROM "{table}" LIMIT 1').fetchone()
        if not ids or row is None:
            continue
        blobs = [c for c, v in zip(cols, row, strict=True) if isinstance(v, bytes)]
        if blobs:
            return table, ids[0], blobs[0]
    raise LogError.said(msg("errors.logs.sqlite_no_table"))


def sqlite_units(path: str) -> list[Unit]:
    """Lists the logs of a SQLite corpus."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        table, idc, _blob = _table(con)
        return [
            (path, str(r[0])) for r in con.execute(f'SELECT "{idc}" FROM "{table}" ORDER BY rowid')
        ]
    except sqlite3.Error as e:
        raise LogError.said(msg("errors.logs.sqlite_unreadable", error=e), path) from None
    finally:
        con.close()


def units(args: Iterable[str]) -> Iterator[Unit | LogError]:
    """Yields the logs named by *args* (files, folders searched recursively, globs, SQLite
    corpora), or an error for an argument that names none."""
    for arg in args:
        if os.path.lexists(arg):
            named = [arg]
        else:
            named = sorted(glob.glob(arg, recursive=True))
            if not named:
                yield LogError.said(msg("errors.logs.no_such_path"), arg)
                continue
        paths: list[str | LogError] = []
        for p in named:
            if os.path.isdir(p):
                paths.extend(_folder(p))
            else:
                paths.append(p)  # anything else named is read, and says why it cannot be
        for item in paths:
            if isinstance(item, LogError):
                yield item
            elif _is_sqlite(item):
                try:
                    yield from sqlite_units(item)
                except LogError as e:
                    yield e.located(item)
            else:
                yield (item, None)


def games_of(unit: Unit) -> Iterator[Game]:
    """Reads the games of one log.

    :raises LogError: when it cannot be read (the system's or SQLite's reason, after its
        name, when they refuse it).
    """
    path, row = unit
    try:
        if row is None:
            yield from read_log(path)
            return
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            table, idc, blob = _table(con)
            query = f'SELECT "{blob}" FROM "{table}" WHERE "{idc}" = ?'
            found = con.execute(query, (row,)).fetchone()
        finally:
            con.close()
    except (OSError, sqlite3.Error) as e:  # the system's own words, after the file's name
        raise LogError.said(msg("errors.logs.system", error=str(e)), path) from None
    if found is None or not isinstance(found[0], bytes):
        raise LogError.said(msg("errors.logs.no_such_log"), f"{path}:{row}")
    for g in read_log(bytes(found[0]), f"{path}:{row}"):
        yield g if g.log_id else _with_id(g, row)


def _with_id(g: Game, log_id: str) -> Game:
    from dataclasses import replace

    return replace(g, log_id=log_id)


def verify_unit(unit: Unit) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Verifies one log: its summary (as a dict) and its disagreements (as records)."""
    s = Summary()
    bad: list[dict[str, Any]] = []
    s.counts["files"] += 1
    try:
        for g in games_of(unit):
            checks: list[Check] = list(check_game(g))
            s.add_game(g, checks)
            bad.extend(c.as_dict() for c in checks if c.status == "disagree")
    except LogError as e:
        s.add_unreadable(e.text())
    except Exception as e:  # a bug of ours: counted with its words, and the batch goes on
        s.add_unreadable(internal_error(unit, e))
    return s.as_dict(), bad


def internal_error(unit: Unit, e: Exception) -> Said:
    """Gets the reason a log could not be read because of a bug of ours (*e*), naming the
    log: the batch counts it and goes on, and the summary asks for a report."""
    where = unit[0] if unit[1] is None else f"{unit[0]}:{unit[1]}"
    return Said.of(
        msg(
            "errors.logs.located",
            head=where,
            message=words(msg("errors.logs.internal", kind=type(e).__name__, error=str(e))),
        )
    )


class Reading:
    """The games of the logs named by *args*, one log at a time (:meth:`games`); a log that
    cannot be read is counted, handed to *on_error* (its reason, a :class:`Said`), and the
    next one is read. After the run, *files* counts the logs named and *unreadable* lists
    the reasons of those that could not be read."""

    def __init__(self, args: Iterable[str], on_error: Callable[[str], None] | None = None) -> None:
        self.args = args
        self.on_error = on_error
        self.files = 0
        self.unreadable: list[str] = []

    def _failed(self, reason: str) -> None:
        self.unreadable.append(reason)
        if self.on_error:
            self.on_error(reason)

    def games(self) -> Iterator[Game]:
        """Yields the games of every log in turn."""
        for u in units(self.args):
            self.files += 1
            if isinstance(u, LogError):
                self._failed(u.text())
                continue
            try:
                yield from games_of(u)
            except LogError as e:
                self._failed(e.text())
            except Exception as e:  # a bug of ours: counted, and the batch goes on
                self._failed(internal_error(u, e))


class Progress:
    """A progress line on stderr when it is a terminal (silent otherwise)."""

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.on = self.stream.isatty()
        self.total = total
        self.done = 0

    def step(self, wins: int) -> None:
        """Counts one more log done."""
        self.done += 1
        if self.on and (self.done % 10 == 0 or self.done == self.total):
            width = 30
            full = width * self.done // max(self.total, 1)
            self.stream.write(
                f"\r[{'#' * full}{'.' * (width - full)}] {self.done}/{self.total} logs, {wins} wins"
            )
            self.stream.flush()

    def end(self) -> None:
        """Ends the line."""
        if self.on:
            self.stream.write("\n")


def verify_paths(
    args: Iterable[str],
    workers: int = 1,
    on_disagreement: Callable[[dict[str, Any]], None] | None = None,
    progress: bool = True,
) -> Summary:
    """Verifies every log named by *args* and returns the summary; each disagreement
    record is handed to *on_disagreement*. *workers* > 1 runs a process pool."""
    total = Summary()
    todo: list[Unit] = []
    for u in units(args):
        if isinstance(u, LogError):
            total.counts["files"] += 1
            total.add_unreadable(u.text())
        else:
            todo.append(u)
    bar = Progress(len(todo)) if progress else None
    if workers > 1 and len(todo) > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            results: Iterable[tuple[dict[str, Any], list[dict[str, Any]]]] = pool.map(
                verify_unit, todo, chunksize=max(1, len(todo) // (workers * 16))
            )
            _collect(results, total, on_disagreement, bar)
    else:
        _collect(map(verify_unit, todo), total, on_disagreement, bar)
    if bar:
        bar.end()
    return total


def _collect(
    results: Iterable[tuple[dict[str, Any], list[dict[str, Any]]]],
    total: Summary,
    on_disagreement: Callable[[dict[str, Any]], None] | None,
    bar: Progress | None,
) -> None:
    for summary, bad in results:
        total.merge(Summary.from_dict(summary))
        if on_disagreement:
            for rec in bad:
                on_disagreement(rec)
        if bar:
            bar.step(total.counts["wins"])
