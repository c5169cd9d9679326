"""Game logs: Tenhou's mjlog XML, tenhou.net/6 JSON (Mahjong Soul exports too) and mjai
event streams, read into games, rounds, events, wins and draws (:mod:`tenpai.logs.model`),
each win as an interchange record with the log's claim.

:func:`read_log` recognises the format by content (``<mjloggm`` → mjlog; a JSON object with
``log``, several of them, or ``https://tenhou.net/6/#json=`` addresses → tenhou.net/6; JSON
lines starting with ``start_game`` → mjai) and inflates gzip and bzip2 on the way. Standard
library only; every input is treated as hostile (see :mod:`tenpai.logs.source`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

from ..errors import Msg, msg
from .mjai import read_mjai
from .mjlog import read_mjlog
from .model import Claim, Draw, Event, Game, Origin, Round, Win
from .source import (
    AT_START,
    LogError,
    at_byte,
    at_character,
    at_game,
    at_line,
    at_line_column,
    decompress,
    json_lines,
    json_reason,
    load,
    parse_json,
    text_bytes,
)
from .tenhou6 import read_tenhou6

__all__ = [
    "Claim",
    "Draw",
    "Event",
    "Game",
    "LogError",
    "Origin",
    "Round",
    "Win",
    "detect_format",
    "read_log",
]

_URL_PREFIXES = ("https://tenhou.net/6/#json=", "http://tenhou.net/6/#json=")


def detect_format(data: bytes) -> str | None:
    """Tells the format of (inflated) log bytes by content: ``mjlog``, ``tenhou6``,
    ``mjai``, or None when it is none of them.

    >>> detect_format(b'<mjloggm ver="2.3">'), detect_format(b'{"type":"start_game"}')
    ('mjlog', 'mjai')
    """
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<"):
        return "mjlog" if b"<mjloggm" in head else None
    if head.startswith(tuple(p.encode() for p in _URL_PREFIXES)):
        return "tenhou6"
    if head.startswith((b"{", b"[")):
        first = head.split(b"\n", 1)[0].replace(b" ", b"")
        if first.startswith(b'{"type"'):
            return "mjai"
        return "tenhou6"
    return None


def _tenhou6_docs(text: str, where: str) -> Iterator[tuple[Msg, object]]:
    """Yields (place, game object) of a tenhou.net/6 file: one object, a list of them,
    several objects one after the other, or one viewer address a line."""
    stripped = text.strip()
    if stripped.startswith(_URL_PREFIXES):
        for n, raw in enumerate(stripped.splitlines(), 1):
            line = raw.strip()
            if not line:
                continue
            for p in _URL_PREFIXES:
                if line.startswith(p):
                    yield at_line(n), parse_json(unquote(line[len(p) :]), where, at_line(n))
                    break
            else:
                raise LogError.said(msg("errors.logs.not_tenhou6_address"), where, at_line(n))
        return
    dec = json.JSONDecoder()
    pos, n = 0, 0
    while True:
        while pos < len(stripped) and stripped[pos] in " \t\r\n,":
            pos += 1
        if pos >= len(stripped):
            return
        try:
            value, end = dec.raw_decode(stripped, pos)
        except json.JSONDecodeError as e:
            raise LogError.said(
                msg("errors.logs.malformed_json", reason=json_reason(e.msg)),
                where,
                at_line_column(e.lineno, e.colno),
            ) from None
        except RecursionError:
            raise LogError.said(msg("errors.logs.json_deep"), where, at_character(pos)) from None
        items = (
            value
            if isinstance(value, list) and all(isinstance(v, dict) for v in value)
            else [value]
        )
        for item in items:
            yield at_game(n), item
            n += 1
        pos = end


def _mjai_games(data: bytes, where: str) -> Iterator[Game]:
    chunk: list[tuple[int, object]] = []
    for n, ev in json_lines(data, where):
        if isinstance(ev, dict) and ev.get("type") == "start_game" and chunk:
            yield read_mjai(chunk, where)
            chunk = []
        chunk.append((n, ev))
    if chunk:
        yield read_mjai(chunk, where)


def read_log(source: str | Path | bytes, name: str | None = None) -> Iterator[Game]:
    """Reads every game of a log file (a path) or of log bytes, in any supported format.

    *name* labels the origin of bytes (default ``<bytes>``). A round that cannot be read
    is kept with its error and the rest of the game is read.

    :raises LogError: naming the file and the place, when the log cannot be read at all.
    """
    if isinstance(source, bytes):
        where = name or "<bytes>"
        data = decompress(source, where)
    else:
        where = name or str(source)
        data = load(source)
    data = text_bytes(data, where)
    if not data.strip():
        raise LogError.said(msg("errors.logs.empty"), where)
    fmt = detect_format(data)
    if fmt == "mjlog":
        yield read_mjlog(data, where)
    elif fmt == "mjai":
        yield from _mjai_games(data, where)
    elif fmt == "tenhou6":
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise LogError.said(msg("errors.logs.not_utf8"), where, at_byte(e.start)) from None
        for place, doc in _tenhou6_docs(text, where):
            yield read_tenhou6(doc, where, place)
    else:
        raise LogError.said(msg("errors.logs.unknown_format"), where, AT_START)
