"""The JSON interchange format (docs/records.md): records of any variant in, results out.

A record names its variant (``"variant": "hk"``; riichi, the first variant of the registry,
when it names none); :func:`score_record` hands it to that variant's record scorer (its wing's
``records.py``, through :mod:`tenpai.variants`) and never raises on bad input: it returns an
error record instead, so that one bad line never stops a batch. :func:`score_many` scores a
batch of records or JSON lines, in order.

>>> score_record({"variant": "mcr"})["error"]["message"]
"unknown variant 'mcr' (riichi or hk)"
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import lru_cache

from .batch import error_result, load_json
from .errors import InvalidRecord, RulesError, msg, quoted
from .fields import ID, Field, Schema, check_fields, enum
from .variants import DEFAULT_VARIANT, VARIANTS

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import Any, Protocol, TypeAlias

    class RecordPath(Protocol):
        """The record path written for C (``tenpai._cbatch``): a decoded record or a JSON line
        to its result, or None for the pure path."""

        def score_record(self, rec: Any, /) -> dict[str, Any] | None: ...

        def score_line(self, line: str | bytes, /) -> dict[str, Any] | None: ...

        def record_lines(
            self,
            stream: Any,
            handle: Callable[[Any], dict[str, Any]],
            error: Callable[[Any, Exception], dict[str, Any]],
            write: Callable[[str], object],
            summary: Any,
            cap: int,
            /,
        ) -> Any: ...


__all__ = [
    "RECORD_FIELDS",
    "record_decoder",
    "record_path",
    "score_line",
    "score_many",
    "score_record",
]

RECORD_FIELDS = Schema(Field("id", ID), Field("variant", enum(*VARIANTS)))
"""The fields every record has, whatever its variant (each wing checks its own)."""


def score_record(rec: Any) -> dict[str, Any]:
    """Scores one record (riichi; Hong Kong when ``variant`` is ``"hk"``) into a result.

    Never raises for bad input: the result then carries ``error``.
    """
    if not isinstance(rec, Mapping):
        return error_result(InvalidRecord("a record is a JSON object"), None)
    rec_id = rec.get("id")
    raw = rec.get("variant")
    named = isinstance(raw, str) and raw != ""
    variant: str = raw if isinstance(raw, str) and named else DEFAULT_VARIANT
    try:
        if raw is not None and not named:
            check_fields(rec, RECORD_FIELDS)  # a 'variant' of the wrong type, or ''
        entry = VARIANTS.get(variant)
        if entry is None:
            known = " or ".join(VARIANTS)
            raise RulesError.of(msg("errors.batch.variant", variant=quoted(variant), known=known))
        return entry.score_record(rec)
    except Exception as e:  # bad input (TenpaiError) or a bug of ours: this record's error
        return error_result(e, rec_id if type(rec_id) in (str, int) else None, variant)


def score_many(records: Iterable[Any]) -> Iterator[dict[str, Any]]:
    """Scores many records (each a decoded JSON value, or a line of JSON text) into one
    result each, in order, as :func:`score_record` does; never raises for bad input (a line
    that is not JSON gives an error result naming its line number: its place from 1, as in
    a file). Blank lines are no record: they give no result but keep their number.

    The batch entry point of researchers: results come one by one, so a batch of any size
    runs in bounded memory. A line is read by the batch readers' rules (:func:`tenpai.batch.
    load_json`: no ``NaN`` or ``Infinity``, bounded nesting), as ``tenpai score --jsonl``
    reads it.

    Where the compiled core is built (``tenpai._cbatch``, :func:`record_path`), a riichi
    record of the usual shape is read, checked, scored and written in C: a line's fields, and
    only those, become Python values, checked against the riichi record's fields
    (:data:`tenpai.riichi.records.FIELDS`) as they are read, then go straight to the scorer
    written for C. Whatever it does not take (bad JSON, a field of the wrong type or an
    unusual shape, Hong Kong, a hand the scorer leaves to the pure one...) goes to the pure
    reader and scorer, which give the same result.

    >>> [r["error"]["message"] for r in score_many(['{"hand": 1}', "nope"])][1]
    'line 2: not JSON (Expecting value at column 1)'
    """
    decode = record_decoder()
    fast = record_path()
    fast_record = fast.score_record if fast is not None else None
    for n, rec in enumerate(records, 1):
        if fast_record is not None and type(rec) is dict:
            got = fast_record(rec)
            yield got if got is not None else score_record(rec)
        elif isinstance(rec, str | bytes):
            if not rec.strip():
                continue
            yield score_line(rec, n, decode, fast)
        else:
            yield score_record(rec)


Decoder: TypeAlias = "Callable[[str | bytes], Any]"
"""A compiled reader of one JSON line: the record it read, or None for the pure reader."""


def record_path() -> RecordPath | None:
    """Gets the record path written for C, or None (not built, ``TENPAI_PURE`` set, or one of
    the pure sources it mirrors has changed since: its ``MIRRORS``)."""
    from ._compiled import pure

    return None if pure() else _record_path()


@lru_cache(maxsize=1)
def _record_path() -> RecordPath | None:
    """The record path, its sources' hashes checked once a process (about 0.1 ms)."""
    from ._compiled import mirror

    return mirror("_cbatch")


def record_decoder() -> Decoder | None:
    """Gets the compiled record decoder, or None (not built, or ``TENPAI_PURE`` set)."""
    from ._compiled import core

    compiled = core("_cbatch")
    return None if compiled is None else compiled.decode_record


def score_line(
    line: str | bytes,
    number: int,
    decode: Decoder | None = None,
    fast: RecordPath | None = None,
) -> dict[str, Any]:
    """Scores the JSON line *line*, the *number*-th of its batch, into one result (an error
    result naming the line when it is not JSON): by the record path *fast* when it takes
    it, else read by *decode* when it takes it."""
    if fast is not None:
        got = fast.score_line(line)
        if got is not None:
            return got
    rec = decode(line) if decode is not None else None
    if rec is not None:
        return score_record(rec)
    try:
        value = load_json(line)
    except InvalidRecord as e:
        return error_result(InvalidRecord(f"line {number}: {e}"))
    return score_record(value)
