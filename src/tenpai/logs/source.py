"""The bytes of a log: reading a file, transparent gzip/bz2, size caps, hardened XML and JSON.

Every reader here is defensive: a log comes from anywhere. Compressed input is inflated
through a decompressor with an output cap (a decompression bomb stops at the cap), XML goes
through expat with document type declarations and entities refused (no entity expansion, no
external resource), and JSON nested deeper than the decoder can follow is an error, not a
crash. Each error is a :class:`LogError` naming the file and the place.
"""

from __future__ import annotations

import bz2
import codecs
import json
import os
import re
import stat
import zlib
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from pathlib import Path
from typing import Any
from xml.parsers import expat

from ..errors import Localized, Msg, TenpaiError, _say, msg

__all__ = [
    "AT_START",
    "MAX_INPUT_BYTES",
    "MAX_LOG_BYTES",
    "LogError",
    "Said",
    "at_byte",
    "at_character",
    "at_game",
    "at_line",
    "at_line_column",
    "check_xml",
    "decompress",
    "json_lines",
    "json_reason",
    "load",
    "parse_json",
    "problem",
    "read_bytes",
    "said_in",
    "text_bytes",
    "words",
    "words_of",
    "xml_elements",
]

MAX_INPUT_BYTES = 256 * 1024 * 1024
"""The largest file read (compressed or not)."""
MAX_LOG_BYTES = 64 * 1024 * 1024
"""The largest log once inflated: a whole Tenhou hanchan is about 30 kB, a verbose mjai game
a few MB."""
_CHUNK = 1 << 20
_GZIP, _BZIP2 = b"\x1f\x8b", b"BZh"  # the magic bytes of gzip and bzip2


def at_line(line: int) -> Msg:
    """The place of a line of a log (``line 3``), as a message part."""
    return msg("errors.logs.place.line", line=line)


def at_line_column(line: int, column: int) -> Msg:
    """The place of a character of a log (``line 3, column 12``), as a message part."""
    return msg("errors.logs.place.line_column", line=line, column=column)


def at_game(n: int) -> Msg:
    """The place of the *n*-th game of a file (``game 0``, from 0), as a message part."""
    return msg("errors.logs.place.game", n=n)


def at_byte(n: int) -> Msg:
    """The place of a byte of a log (``byte 12``, from 0), as a message part."""
    return msg("errors.logs.place.byte", n=n)


def at_character(n: int) -> Msg:
    """The place of a character of a log (``character 12``, from 0), as a message part."""
    return msg("errors.logs.place.character", n=n)


AT_START = msg("errors.logs.place.start")
"""The place of the start of a log (``start``), as a message part."""


def words(*parts: Msg) -> Localized:
    """Gets message *parts* as a parameter of another message: its words in the reader's
    language (picklable, so that it crosses processes inside a :class:`Said`)."""
    return Localized(partial(_say, parts))


class Said(str):
    """A text of the logs (a round that could not be read, a reason in a summary) that knows
    its catalogue parts: as a string it is the English text; :meth:`in_lang` (or
    :func:`said_in` for any string) gives it in another language. It pickles with its parts,
    so that a summary made in another process still speaks every language.

    >>> s = Said.of(msg("errors.logs.located", head="a.xml", message="?"))
    >>> s, s.in_lang("fr")
    ('a.xml: ?', 'a.xml : ?')
    """

    parts: tuple[Msg, ...] = ()

    @classmethod
    def of(cls, *parts: Msg) -> Said:
        """Makes the text of message *parts* (joined); its string is their English words."""
        text = cls(_say(parts, "en"))
        text.parts = parts
        return text

    def in_lang(self, lang: str) -> str:
        """Gets the text in *lang* (its English string when it has no parts)."""
        return _say(self.parts, lang) if self.parts else str(self)


def said_in(text: str, lang: str) -> str:
    """Gets *text* in *lang* when it is a :class:`Said`, else as it is (a text from
    elsewhere: a file name, an English message of another library)."""
    return text.in_lang(lang) if isinstance(text, Said) else text


def words_of(text: str) -> Localized | str:
    """Gets *text* as a message parameter: its parts' words when it is a :class:`Said`."""
    return words(*text.parts) if isinstance(text, Said) and text.parts else text


def problem(e: BaseException) -> Localized | str:
    """Gets what went wrong in a round as a message parameter: a catalogue error's words, or
    another exception's class and text: ``KeyError 'who'`` (the field the log lacks, in
    every language), ``IndexError list index out of range`` (Python's English words, said
    in another language as a field missing or of the wrong shape)."""
    if isinstance(e, TenpaiError) and e.parts:
        return words(*e.parts)
    key = "errors.logs.exception" if isinstance(e, KeyError) else "errors.logs.exception_shape"
    return words(msg(key, kind=type(e).__name__, error=str(e)))


class LogError(TenpaiError):
    """A log that cannot be read: *where* names the file (and the log inside it), *place* the
    position (``line 3``, ``game 0``...) in English; :attr:`place_parts` holds the place as a
    message part (:func:`at_line`...), which :meth:`message_in` says in the reader's language.

    >>> e = LogError.said(msg("errors.logs.not_utf8"), "a.json", at_line(3))
    >>> str(e)
    'a.json, line 3: not UTF-8 text'
    >>> e.message_in("fr")
    "a.json, ligne 3 : ce n'est pas du texte UTF-8"
    """

    kind = "LogError"
    place_parts: tuple[Msg, ...] = ()

    def __init__(self, message: str, where: str = "", place: str = "") -> None:
        self.message = message
        self.where = where
        self.place = place
        super().__init__(self.text())

    @classmethod
    def said(cls, message: Msg, where: str = "", place: Msg | None = None) -> LogError:
        """Makes the error of the catalogue *message* at *place* (a message part, or None);
        its English words are its text."""
        error = cls(_say((message,), "en"), where, _say((place,), "en") if place else "")
        error.parts = (message,)
        error.place_parts = (place,) if place else ()
        return error

    def _located(self) -> tuple[Msg, ...]:
        """Gets the message with its file and place as message parts."""
        if self.place_parts:
            place: Localized | str = words(*self.place_parts)
        else:
            place = self.place
        head: Localized | str = self.where or place
        if self.where and place:
            head = words(msg("errors.logs.where_place", where=self.where, place=place))
        body = words(*self.parts)
        return (msg("errors.logs.located", head=head, message=body),) if head else self.parts

    def message_in(self, lang: str) -> str:
        """Gets the message with its file and place in *lang* (English without parts)."""
        if not self.parts:
            return str(self)
        return _say(self._located(), lang)

    def text(self) -> str:
        """Gets the message with its file and place: ``a.xml, line 3: not XML`` (a
        :class:`Said`, which speaks every language, when the message is a catalogue one)."""
        head = ", ".join(x for x in (self.where, self.place) if x)
        english = f"{head}: {self.message}" if head else self.message
        if not self.parts:
            return english
        text = Said(english)
        text.parts = self._located()
        return text

    def located(self, where: str) -> LogError:
        """Gets this error with *where* filled in when it had none."""
        if self.where:
            return self
        error = LogError(self.message, where, self.place)
        error.parts = self.parts
        error.place_parts = self.place_parts
        return error


def _open(path: str | Path) -> tuple[Any, int]:
    """Opens the regular file *path* for reading bytes; gets it and its size.

    :raises LogError: when it cannot be opened, or is not a regular file (a folder, a pipe
        or a device: reading a pipe would wait for a writer).
    """
    name = str(path)
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            key = "folder" if stat.S_ISDIR(st.st_mode) else "special"
            raise LogError.said(msg(f"errors.logs.not_a_file.{key}"), name)
        return open(path, "rb"), st.st_size
    except OSError as e:
        raise LogError.said(msg("errors.logs.unreadable_file", reason=e.strerror), name) from None


def read_bytes(path: str | Path, limit: int = MAX_INPUT_BYTES) -> bytes:
    """Reads the bytes of the regular file *path*, at most *limit* (a larger file is refused
    before it is read).

    :raises LogError: when the file cannot be read, is not a regular file, or is larger
        than *limit*.
    """
    name = str(path)
    fh, size = _open(path)
    with fh:
        if size > limit:
            raise LogError.said(msg("errors.logs.file_too_large", mb=limit // (1 << 20)), name)
        try:
            data: bytes = fh.read(limit + 1)
        except OSError as e:
            raise LogError.said(
                msg("errors.logs.unreadable_file", reason=e.strerror), name
            ) from None
    if len(data) > limit:
        raise LogError.said(msg("errors.logs.file_too_large", mb=limit // (1 << 20)), name)
    return data


def load(path: str | Path) -> bytes:
    """Gets the log bytes of the file *path*: inflated as they are read when the file is gzip
    or bzip2 (its compressed bytes are never held whole), else read whole; either way at most
    :data:`MAX_LOG_BYTES` of log, so that memory stays bounded whatever the file's size.

    :raises LogError: as :func:`read_bytes` and :func:`decompress`.
    """
    name = str(path)
    fh, size = _open(path)
    with fh:
        try:
            head = fh.read(3)
            if head[:2] == _GZIP or head == _BZIP2:
                if size > MAX_INPUT_BYTES:
                    raise LogError.said(
                        msg("errors.logs.file_too_large", mb=MAX_INPUT_BYTES // (1 << 20)), name
                    )
                fh.seek(0)
                return _decompress_stream(iter(lambda: fh.read(_CHUNK), b""), head, name)
            if size > MAX_LOG_BYTES:
                raise LogError.said(
                    msg("errors.logs.log_too_large", mb=MAX_LOG_BYTES // (1 << 20)), name
                )
            data = head + fh.read(MAX_LOG_BYTES + 1 - len(head))
        except OSError as e:
            raise LogError.said(
                msg("errors.logs.unreadable_file", reason=e.strerror), name
            ) from None
    return decompress(data, name)


def _decompress_stream(chunks: Iterable[bytes], magic: bytes, where: str) -> bytes:
    """Inflates the gzip or bzip2 data of *chunks* (its first bytes *magic*) until it is
    whole or its output is over the cap. Members one after the other (``cat a.gz b.gz``,
    parallel bzip2) are all inflated; zero bytes after the last are padding; other bytes
    after it are an error, not data left out silently."""
    gz = magic[:2] == _GZIP
    what, start = ("gzip", _GZIP) if gz else ("bzip2", _BZIP2)
    out: list[bytes] = []
    size = 0

    def take(piece: bytes) -> None:
        nonlocal size
        size += len(piece)
        if size > MAX_LOG_BYTES:
            raise LogError.said(
                msg("errors.logs.inflates", what=what, mb=MAX_LOG_BYTES // (1 << 20)), where
            )
        out.append(piece)

    d: Any = zlib.decompressobj(16 + zlib.MAX_WBITS) if gz else bz2.BZ2Decompressor()
    carry = b""
    try:
        for data in chunks:
            buf, carry = carry + data, b""
            while buf:
                if d.eof:  # a member ended: another one, zero padding, or something else
                    if not buf.strip(b"\0"):
                        break
                    if len(buf) < len(start) and start.startswith(buf):
                        carry = buf  # the next member's magic, cut between two reads
                        break
                    if not buf.startswith(start):
                        raise LogError.said(msg("errors.logs.trailing", what=what), where)
                    d = zlib.decompressobj(16 + zlib.MAX_WBITS) if gz else bz2.BZ2Decompressor()
                while True:
                    piece = d.decompress(buf, _CHUNK)
                    take(piece)
                    if d.eof:
                        buf = d.unused_data
                        break
                    if gz:
                        buf = d.unconsumed_tail
                        if not buf and len(piece) < _CHUNK:
                            break  # it needs the next read
                    else:
                        buf = b""
                        if d.needs_input:
                            break
    except zlib.error as e:
        raise LogError.said(msg("errors.logs.gzip_corrupt", error=e), where) from None
    except (OSError, EOFError) as e:
        raise LogError.said(msg("errors.logs.bzip2_corrupt", error=e), where) from None
    if not d.eof or carry:
        raise LogError.said(msg(f"errors.logs.{what}_truncated"), where)
    return b"".join(out)


def decompress(data: bytes, where: str = "") -> bytes:
    """Gets *data* inflated when it is gzip or bzip2 (by its magic bytes), else as it is.

    :raises LogError: on corrupt or truncated compressed data, or output over the cap.
    """
    if data[:2] == _GZIP or data[:3] == _BZIP2:
        return _decompress_stream((data,), data[:3], where)
    if len(data) > MAX_LOG_BYTES:
        raise LogError.said(msg("errors.logs.log_too_large", mb=MAX_LOG_BYTES // (1 << 20)), where)
    return data


_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_XML_ENCODING = re.compile(rb"""\A<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']""")


def text_bytes(data: bytes, where: str = "") -> bytes:
    """Gets the (inflated) log bytes *data* as UTF-8 without a byte order mark: a UTF-8 BOM
    is dropped; UTF-16 and UTF-32 text (with its BOM, or UTF-16 without one: a log saved by
    a Windows editor or shell) and XML that declares another encoding (``Shift_JIS``...) are
    decoded and written again in UTF-8. Every character is kept; bytes of no known text
    encoding are left for the format's reader to refuse, with its place.

    >>> text_bytes(b"\\xef\\xbb\\xbf{}"), text_bytes("<mjloggm/>".encode("utf-16"))
    (b'{}', b'<mjloggm/>')

    :raises LogError: when text that says it is UTF-16, UTF-32 or another encoding is not.
    """
    encoding = None
    for bom, name in _BOMS:
        if data.startswith(bom):
            data, encoding = data[len(bom) :], name
            break
    if encoding is None and len(data) >= 4 and data[0] and not data[1] and not data[3]:
        encoding = "utf-16-le"  # ASCII text in UTF-16 without a BOM: every other byte is 0
    elif encoding is None and len(data) >= 4 and not data[0] and not data[2] and data[1]:
        encoding = "utf-16-be"
    if encoding not in (None, "utf-8"):
        assert encoding is not None
        try:
            data = data.decode(encoding).encode("utf-8")
        except UnicodeDecodeError as e:
            raise LogError.said(
                msg("errors.logs.not_encoding", encoding=encoding.upper()), where, at_byte(e.start)
            ) from None
    declared = _XML_ENCODING.match(data)
    if declared:
        name = declared.group(1).decode("ascii")
        try:
            codec = codecs.lookup(name).name
        except LookupError:
            raise LogError.said(msg("errors.logs.unknown_encoding", encoding=name), where) from None
        if codec not in ("utf-8", "ascii"):
            try:
                text = data.decode(codec)
            except UnicodeDecodeError as e:
                raise LogError.said(
                    msg("errors.logs.not_encoding", encoding=name), where, at_byte(e.start)
                ) from None
            a, b = declared.span(1)  # the declaration is ASCII: its bytes are its characters
            data = (text[:a] + "UTF-8" + text[b:]).encode("utf-8")
    return data


# The reasons of the XML parser a broken log meets, by expat's error code: their English
# entries are expat's own words (``xml.parsers.expat.ErrorString``); another reason stays as
# expat writes it.
_EXPAT_REASONS = {
    2: "syntax",
    3: "no_element",
    4: "invalid_token",
    5: "unclosed_token",
    6: "partial_character",
    7: "mismatched_tag",
    8: "duplicate_attribute",
    9: "junk_after",
    11: "undefined_entity",
    14: "bad_character_reference",
    18: "unknown_encoding",
    20: "unclosed_cdata",
}
# The reasons of the JSON decoder (the English entries are its own words), by their text;
# the two that quote a character take it as a parameter.
_JSON_REASONS = {
    "Expecting value": "value",
    "Expecting property name enclosed in double quotes": "property_name",
    "Expecting ':' delimiter": "colon",
    "Expecting ',' delimiter": "comma",
    "Unterminated string starting at": "unterminated",
    "Extra data": "extra_data",
    "Invalid \\uXXXX escape": "unicode_escape",
}
_JSON_QUOTING = (
    (re.compile(r"Invalid control character (.+) at\Z", re.S), "control_character"),
    (re.compile(r"Invalid \\escape: (.+)\Z", re.S), "escape"),
)


def _expat_reason(code: int) -> Localized | str:
    """Gets the reason of expat's error *code* as a message parameter."""
    name = _EXPAT_REASONS.get(code)
    return words(msg(f"errors.logs.expat.{name}")) if name else str(expat.ErrorString(code))


def json_reason(text: str) -> Localized | str:
    """Gets the JSON decoder's reason *text* as a message parameter."""
    name = _JSON_REASONS.get(text)
    if name:
        return words(msg(f"errors.logs.json.{name}"))
    for pattern, key in _JSON_QUOTING:
        m = pattern.match(text)
        if m:
            return words(msg(f"errors.logs.json.{key}", what=m.group(1)))
    return text


def _refuse(what: Msg) -> Callable[..., None]:
    def handler(*_args: object) -> None:
        raise _Refused(what)

    return handler


class _Refused(Exception):
    def __init__(self, what: Msg) -> None:
        super().__init__(what[0])
        self.what = what


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
    p.StartDoctypeDeclHandler = _refuse(msg("errors.logs.refused.dtd"))
    p.EntityDeclHandler = _refuse(msg("errors.logs.refused.entity"))
    p.UnparsedEntityDeclHandler = _refuse(msg("errors.logs.refused.entity"))
    p.ExternalEntityRefHandler = _refuse(  # type: ignore[assignment]
        msg("errors.logs.refused.external")
    )
    if start is not None:
        p.StartElementHandler = start
    try:
        p.Parse(data, True)
    except _Refused as e:
        raise LogError.said(
            msg("errors.logs.xml_refused", what=words(e.what)),
            where,
            at_line_column(p.CurrentLineNumber, p.CurrentColumnNumber + 1),
        ) from None
    except expat.ExpatError as e:
        raise LogError.said(
            msg("errors.logs.malformed_xml", reason=_expat_reason(e.code)),
            where,
            at_line_column(e.lineno, e.offset + 1),
        ) from None


def parse_json(text: str, where: str = "", place: Msg | None = None) -> Any:
    """Decodes one JSON document.

    :raises LogError: on malformed JSON (with its line and column) or nesting too deep.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise LogError.said(
            msg("errors.logs.malformed_json", reason=json_reason(e.msg)),
            where,
            place or at_line_column(e.lineno, e.colno),
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
            raise LogError.said(msg("errors.logs.not_utf8"), where, at_line(n)) from None
        yield n, parse_json(text, where, at_line(n))
