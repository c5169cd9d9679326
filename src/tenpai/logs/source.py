"""The bytes of a log: reading a file, transparent gzip/bz2, size caps, hardened XML and JSON.

Every reader here is defensive: a log comes from anywhere. Compressed input is inflated
through a decompressor with an output cap (a decompression bomb stops at the cap), XML goes
through expat with document type declarations and entities refused (no entity expansion, no
external resource), and JSON nested deeper than the decoder can follow is an error, not a
crash. Each error is a :class:`LogError` naming the file and the place.
"""

from __future__ import annotations

import bz2
import json
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from xml.parsers import expat

from ..errors import Msg, TenpaiError, _say, msg
from ..i18n import tr

__all__ = [
    "MAX_INPUT_BYTES",
    "MAX_LOG_BYTES",
    "LogError",
    "check_xml",
    "decompress",
    "json_lines",
    "parse_json",
    "read_bytes",
    "xml_elements",
]

MAX_INPUT_BYTES = 256 * 1024 * 1024
"""The largest file read (compressed or not)."""
MAX_LOG_BYTES = 64 * 1024 * 1024
"""The largest log once inflated: a whole Tenhou hanchan is about 30 kB, a verbose mjai game
a few MB."""
_CHUNK = 1 << 20


class LogError(TenpaiError):
    """A log that cannot be read: *where* names the file (and the log inside it), *place* the
    position (``line 3``, ``round E2``...)."""

    kind = "LogError"

    def __init__(self, message: str, where: str = "", place: str = "") -> None:
        self.message = message
        self.where = where
        self.place = place
        super().__init__(self.text())

    @classmethod
    def said(cls, message: Msg, where: str = "", place: str = "") -> LogError:
        """Makes the error of the catalogue *message* (its English words are its text)."""
        error = cls(_say((message,), "en"), where, place)
        error.parts = (message,)
        return error

    def message_in(self, lang: str) -> str:
        """Gets the message with its file and place in *lang* (English without parts)."""
        if not self.parts:
            return str(self)
        body = _say(self.parts, lang)
        head = ", ".join(x for x in (self.where, self.place) if x)
        return tr("errors.logs.located", lang, head=head, message=body) if head else body

    def text(self) -> str:
        """Gets the message with its file and place: ``a.xml, line 3: not XML``."""
        head = ", ".join(x for x in (self.where, self.place) if x)
        return f"{head}: {self.message}" if head else self.message

    def located(self, where: str) -> LogError:
        """Gets this error with *where* filled in when it had none."""
        if self.where:
            return self
        error = LogError(self.message, where, self.place)
        error.parts = self.parts
        return error


def read_bytes(path: str | Path, limit: int = MAX_INPUT_BYTES) -> bytes:
    """Reads the bytes of *path*, at most *limit*.

    :raises LogError: when the file cannot be read or is larger than *limit*.
    """
    name = str(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as e:
        raise LogError.said(msg("errors.logs.unreadable_file", reason=e.strerror), name) from None
    if len(data) > limit:
        raise LogError.said(msg("errors.logs.file_too_large", mb=limit // (1 << 20)), name)
    return data


def _inflate(feed: Callable[[bytes, int], bytes], data: bytes, what: str, where: str) -> bytes:
    """Runs a decompressor *feed(data, room)* until its output is whole or over the cap."""
    out: list[bytes] = []
    size = 0
    chunk = feed(data, _CHUNK)
    while chunk:
        size += len(chunk)
        if size > MAX_LOG_BYTES:
            raise LogError.said(
                msg("errors.logs.inflates", what=what, mb=MAX_LOG_BYTES // (1 << 20)),
                where,
            )
        out.append(chunk)
        chunk = feed(b"", _CHUNK)
    return b"".join(out)


def decompress(data: bytes, where: str = "") -> bytes:
    """Gets *data* inflated when it is gzip or bzip2 (by its magic bytes), else as it is.

    :raises LogError: on corrupt or truncated compressed data, or output over the cap.
    """
    if data[:2] == b"\x1f\x8b":
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)

        def gz(chunk: bytes, room: int) -> bytes:
            return d.decompress(d.unconsumed_tail + chunk, room)

        try:
            out = _inflate(gz, data, "gzip", where)
        except zlib.error as e:
            raise LogError.said(msg("errors.logs.gzip_corrupt", error=e), where) from None
        if not d.eof:
            raise LogError.said(msg("errors.logs.gzip_truncated"), where)
        return out
    if data[:3] == b"BZh":
        b = bz2.BZ2Decompressor()

        def bz(chunk: bytes, room: int) -> bytes:
            if b.eof:
                return b""
            return b.decompress(chunk, room)

        try:
            out = _inflate(bz, data, "bzip2", where)
        except (OSError, ValueError) as e:
            raise LogError.said(msg("errors.logs.bzip2_corrupt", error=e), where) from None
        if not b.eof:
            raise LogError.said(msg("errors.logs.bzip2_truncated"), where)
        return out
    if len(data) > MAX_LOG_BYTES:
        raise LogError.said(msg("errors.logs.log_too_large", mb=MAX_LOG_BYTES // (1 << 20)), where)
    return data


def _refuse(what: str) -> Callable[..., None]:
    def handler(*_args: object) -> None:
        raise _Refused(what)

    return handler


class _Refused(Exception):
    pass


def xml_elements(data: bytes, where: str = "") -> list[tuple[str, dict[str, str]]]:
    """Parses XML *data* into its elements in document order, each ``(tag, attributes)``.

    Document type declarations, entity declarations and external entities are refused
    (the billion-laughs and external-entity attacks need them); mjlog has none.

    :raises LogError: on malformed XML (with its line and column) or a refused construct.
    """
    out: list[tuple[str, dict[str, str]]] = []
    _parse_xml(data, where, lambda tag, attrs: out.append((tag, attrs)))
    return out


def check_xml(data: bytes, where: str = "") -> None:
    """Checks that XML *data* is well formed and holds no DTD nor entity, as
    :func:`xml_elements` does, without building its elements (a fast first pass).

    :raises LogError: as :func:`xml_elements`.
    """
    _parse_xml(data, where, None)


def _parse_xml(
    data: bytes, where: str, start: Callable[[str, dict[str, str]], None] | None
) -> None:
    p = expat.ParserCreate()
    p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    p.StartDoctypeDeclHandler = _refuse("a document type declaration (DTD)")
    p.EntityDeclHandler = _refuse("an entity declaration")
    p.UnparsedEntityDeclHandler = _refuse("an entity declaration")
    p.ExternalEntityRefHandler = _refuse("an external entity")  # type: ignore[assignment]
    if start is not None:
        p.StartElementHandler = start
    try:
        p.Parse(data, True)
    except _Refused as e:
        raise LogError.said(
            msg("errors.logs.xml_refused", what=e),
            where,
            f"line {p.CurrentLineNumber}, column {p.CurrentColumnNumber + 1}",
        ) from None
    except expat.ExpatError as e:
        raise LogError.said(
            msg("errors.logs.malformed_xml", reason=expat.ErrorString(e.code)),
            where,
            f"line {e.lineno}, column {e.offset + 1}",
        ) from None


def parse_json(text: str, where: str = "", place: str = "") -> Any:
    """Decodes one JSON document.

    :raises LogError: on malformed JSON (with its line and column) or nesting too deep.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise LogError.said(
            msg("errors.logs.malformed_json", reason=e.msg),
            where,
            place or f"line {e.lineno}, column {e.colno}",
        ) from None
    except RecursionError:
        raise LogError.said(msg("errors.logs.json_deep"), where, place) from None


def json_lines(data: bytes, where: str = "") -> Iterator[tuple[int, Any]]:
    """Yields ``(line number, value)`` for each non-blank line of JSON-lines *data*.

    (One line, one decode: a shared line-batch reader can take this place unchanged.)

    :raises LogError: on a line that is not UTF-8 or not JSON, naming the line.
    """
    for n, raw in enumerate(data.split(b"\n"), 1):
        line = raw.strip()
        if not line:
            continue
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            raise LogError.said(msg("errors.logs.not_utf8"), where, f"line {n}") from None
        yield n, parse_json(text, where, f"line {n}")
