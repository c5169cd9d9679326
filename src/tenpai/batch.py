"""Batches: one input line, one result, in order, whatever the lines hold.

Every batch reader (``tenpai score --jsonl``, ``tenpai shanten --file``, ``tenpai waits
--file``, and the readers to come) reads its input through :func:`read_lines` and runs its
records through :func:`run_batch`:

* the input is read as **bytes** and split on ``b"\\n"`` only: a carriage return inside a
  line belongs to that line (a trailing CR of a CRLF ending is dropped);
* each line is decoded as UTF-8 **on its own**: a bad byte makes that line an error record
  and leaves the other lines alone; a UTF-8 byte-order mark opening the input is dropped;
* a line longer than :data:`LINE_CAP` bytes is an error record (and is never held whole in
  memory);
* **blank lines** (nothing but spaces, tabs or CRs) are skipped: they give no result, and
  the summary written on stderr counts them;
* whatever one record raises, even a bug of ours, becomes that record's error record
  (``"type": "InternalError"`` for a bug) and the batch goes on.

JSON lines are read by :func:`load_json`, which also refuses what the standard library
takes but no record means: nesting deeper than :data:`MAX_DEPTH`, ``NaN``, ``Infinity``
and numbers too large for a float (``1e400``), each named by its field.

>>> import io
>>> lines = list(read_lines(io.BytesIO(b'{"a": 1}\\r\\n\\n  \\n{"b": "x\\ry"}\\n\\xff\\n')))
>>> [(ln.number, ln.text) for ln in lines]
[(1, '{"a": 1}'), (4, '{"b": "x\\ry"}'), (5, None)]
>>> str(lines[2].error)
'line 5: byte 0xff at column 1 is not UTF-8'
>>> load_json('{"round": {"honba": Infinity}}')
Traceback (most recent call last):
tenpai.errors.InvalidRecord: field 'round.honba' is Infinity: a number must be finite
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ._batchio import LINE_CAP, Summary, open_source
from ._compiled import core
from .errors import InternalError, InvalidRecord, TenpaiError, cut, msg

TYPE_CHECKING = False  # not typing's: importing typing costs a command 2 to 3 ms of start-up
if TYPE_CHECKING:
    from typing import IO, Any, TypeAlias

__all__ = [
    "LINE_CAP",
    "MAX_DEPTH",
    "Line",
    "Summary",
    "error_result",
    "internal_error",
    "load_json",
    "open_source",
    "read_line",
    "read_lines",
    "run_batch",
    "run_line",
    "too_long",
]

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a JSON line may have (a record needs 4)."""


@dataclass(frozen=True, slots=True)
class Line:
    """One non-blank input line: its *number* (from 1) and its *text*, or None and the
    *error* that says why the line could not be read (not UTF-8, too long)."""

    number: int
    text: str | None
    error: TenpaiError | None = None


def read_lines(
    stream: IO[bytes], summary: Summary | None = None, *, cap: int = LINE_CAP
) -> Iterator[Line]:
    """Yields the non-blank lines of *stream* (bytes split on ``b"\\n"``), each decoded on
    its own; counts every line and the blank ones in *summary*.

    A line over *cap* bytes or not UTF-8 is yielded with its error and no text.
    """
    summary = summary if summary is not None else Summary()
    number = 0
    while True:
        raw = stream.readline(cap + 2)  # the line, its CR and LF
        if not raw:
            return
        number += 1
        summary.lines += 1
        if len(raw) > cap and not _fits(raw, cap):
            while raw and not raw.endswith(b"\n"):  # skip the rest, one cap at a time
                raw = stream.readline(cap)
            yield too_long(number, cap)
            continue
        line = read_line(number, raw, summary)
        if line is not None:
            yield line


def too_long(number: int, cap: int = LINE_CAP) -> Line:
    """Gets the error line of line *number*, longer than *cap* bytes."""
    return Line(number, None, InvalidRecord(f"line {number}: longer than {cap} bytes"))


def read_line(number: int, raw: bytes, summary: Summary) -> Line | None:
    """Reads line *number*, the bytes *raw* (its line end included when it has one, at most
    the cap long), as :func:`read_lines` does: None for a blank line (counted in
    *summary*), else the line decoded, or its error when it is not UTF-8."""
    if raw.endswith(b"\n"):
        raw = raw[:-1]
        if raw.endswith(b"\r"):
            raw = raw[:-1]
    if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    if not raw.strip():
        summary.blank += 1
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        err = InvalidRecord(
            f"line {number}: byte 0x{raw[e.start]:02x} at column {e.start + 1} is not UTF-8"
        )
        return Line(number, None, err)
    return Line(number, text)


def _fits(raw: bytes, cap: int) -> bool:
    """Tells whether *raw* (read with a limit of *cap* + 2) is a whole line of at most *cap*
    bytes before its line end."""
    body = raw[:-1] if raw.endswith(b"\n") else raw
    body = body[:-1] if body.endswith(b"\r") else body
    return len(body) <= cap and raw.endswith(b"\n")


def load_json(text: str | bytes) -> Any:
    """Reads one JSON value, refusing nesting deeper than :data:`MAX_DEPTH` and numbers
    that are not finite (``NaN``, ``Infinity``, ``-Infinity``, ``1e400``).

    :raises InvalidRecord: naming the problem (and the field of a bad number).
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            byte = f"0x{text[e.start]:02x}"
            raise InvalidRecord.of(msg("errors.batch.utf8", byte=byte, at=e.start + 1)) from None
    bad: list[str] = []

    def constant(written: str) -> _Bad:
        bad.append(written)
        return _Bad(written)

    def number(written: str) -> float:
        x = float(written)
        return constant(written) if x in (_INF, -_INF) else x

    import json  # on the first line the compiled reader leaves (start-up, docs/benchmarks.md)

    try:
        value = json.loads(text, parse_constant=constant, parse_float=number)
    except json.JSONDecodeError as e:
        why = e.msg.removesuffix(" at")  # "Invalid control character at"
        raise InvalidRecord.of(msg("errors.batch.not_json", error=why, column=e.colno)) from None
    except RecursionError:
        raise InvalidRecord.of(msg("errors.batch.depth", most=MAX_DEPTH)) from None
    except ValueError as e:  # an integer of more than 4300 digits
        raise InvalidRecord.of(msg("errors.batch.number", error=e)) from None
    if bad or text.count("[") + text.count("{") > MAX_DEPTH:
        _check(value)
    return value


_INF = float("inf")


class _Bad(float):
    """A number the JSON text holds but no record means (NaN, Infinity, 1e400), kept as
    written until :func:`load_json` names its field."""

    written: str

    def __new__(cls, written: str) -> _Bad:
        self = super().__new__(cls, "nan")
        self.written = written
        return self


def _check(value: Any) -> None:
    """Walks *value* (without recursion) for a nesting too deep or a bad number."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        v, path, depth = stack.pop()
        if isinstance(v, dict):
            if depth >= MAX_DEPTH:
                raise InvalidRecord.of(msg("errors.batch.depth", most=MAX_DEPTH))
            stack.extend((x, f"{path}.{k}" if path else str(k), depth + 1) for k, x in v.items())
        elif isinstance(v, list):
            if depth >= MAX_DEPTH:
                raise InvalidRecord.of(msg("errors.batch.depth", most=MAX_DEPTH))
            stack.extend((x, f"{path}[{i}]", depth + 1) for i, x in enumerate(v))
        elif isinstance(v, _Bad):
            if path:
                raise InvalidRecord.of(
                    msg("errors.batch.infinite_field", field=path, written=v.written)
                )
            raise InvalidRecord.of(msg("errors.batch.infinite", written=v.written))


def internal_error(e: BaseException, number: int | None = None) -> InternalError:
    """Wraps a bug of ours met on one record as that record's error."""
    where = f"line {number}: " if number is not None else ""
    return InternalError(
        f"{where}internal error ({type(e).__name__}: {cut(str(e))}); "
        "please report it with the record"
    )


def error_result(e: Exception, rec_id: Any = None, variant: str = "riichi") -> dict[str, Any]:
    """Writes an error as the interchange result object (``error`` set, no score); an
    exception that is not a :class:`TenpaiError` is a bug of ours (``InternalError``).

    >>> error_result(InvalidRecord("a record is a JSON object"), 7)["error"]["type"]
    'InvalidRecord'
    """
    if not isinstance(e, TenpaiError):
        e = internal_error(e)
    error = {"type": type(e).__name__, "message": str(e)}
    return {"id": rec_id, "variant": variant, "error": error}


Handler: TypeAlias = "Callable[[Line], dict[str, Any]]"
ErrorWriter: TypeAlias = "Callable[[Line, Exception], dict[str, Any]]"


def run_batch(
    lines: Iterable[Line],
    handle: Handler,
    error: ErrorWriter,
    write: Callable[[str], object],
    summary: Summary,
) -> Summary:
    """Runs *handle* on every readable line and writes each result as one JSON line, in
    order; an unreadable line, or a record whose *handle* raises, gets the result *error*
    writes instead, and the batch goes on. A result whose ``error`` is set counts as failed.
    """
    for line in lines:
        write(run_line(line, handle, error, summary))
    return summary


def run_line(line: Line, handle: Handler, error: ErrorWriter, summary: Summary) -> str:
    """Runs *handle* on one *line* as :func:`run_batch` does and writes its result as one
    JSON line (an error result when the line is unreadable or *handle* raises), counted in
    *summary*."""
    try:
        if line.error is not None:
            raise line.error
        res = handle(line)
    except TenpaiError as e:
        res = error(line, e)
    except Exception as e:  # a bug of ours: this record's error, never the batch's end
        res = error(line, internal_error(e, line.number))
    err = res.get("error")
    if err:
        summary.failed += 1
        if isinstance(err, dict) and err.get("type") == "InternalError":
            summary.internal += 1
    return _dumps(res) + "\n"


def _result_writer() -> Callable[[Any], str]:
    """Gets the writer of a result's JSON line: ``json.dumps(res, ensure_ascii=False)``, or
    its compiled twin (``tenpai._cbatch.dumps``: the same text, written straight into one
    buffer) when the compiled core is built."""
    compiled = core("_cbatch")
    if compiled is not None:
        return compiled.dumps  # type: ignore[no-any-return]
    import json

    return json.JSONEncoder(ensure_ascii=False).encode


_dumps = _result_writer()
