"""The fields of a JSON record and their types, as data: one table per record kind
(riichi in :mod:`tenpai.riichi.records`, Hong Kong in :mod:`tenpai.hk.records`) and one checker.

A value is checked, never coerced: a boolean is ``true`` or ``false`` (not ``"false"``,
``0`` or ``[0]``), a count is a whole number in its range (``2.9`` is not ``2``), an enum one
of its values (``"2"`` is not ``2``). ``null`` stands for "not given" (the default applies).
Fields that no table names are ignored (docs/records.md: unknown fields are ignored).

>>> table = Schema(Field("tsumo", BOOL), Field("round.honba", COUNT, most=100),
...                Field("melds[].from_rel", enum(0, 1, 2, 3)))
>>> check_fields({"tsumo": True, "round": {"honba": 2}}, table)
>>> check_fields({"round": {"honba": 2.9}}, table)
Traceback (most recent call last):
tenpai.errors.InvalidRecord: field 'round.honba' must be a whole number from 0 to 100, not 2.9
>>> check_fields({"melds": [{"from_rel": "2"}]}, table)
Traceback (most recent call last):
tenpai.errors.InvalidRecord: field 'melds[0].from_rel' must be one of 0, 1, 2, 3, not '2'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial

from .errors import InvalidRecord, Localized, NotationError, RulesError, cut, msg, quoted
from .i18n import tr

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, TypeVar

    T = TypeVar("T")

__all__ = [
    "BOOL",
    "COUNT",
    "ID",
    "LIST",
    "NAME_OR_OBJECT",
    "OBJECT",
    "OBJECTS",
    "SEAT",
    "TEXT",
    "TEXTS",
    "TILES",
    "Field",
    "Kind",
    "Schema",
    "check_fields",
    "enum",
    "load_toml",
    "read_field",
]


@dataclass(frozen=True, slots=True)
class Kind:
    """A JSON type a field may hold: its *test* and what the message calls it (*word*: the
    catalogue entry ``errors.fields.kind.WORD``); *types*, when the test is only "one of these
    Python types", lets the checker skip the call; *values*, an enum's values (read by the
    compiled record decoder, tenpai/_cbatch.pyx)."""

    word: str
    test: Callable[[Any], bool]
    types: frozenset[type] | None = None
    values: tuple[object, ...] | None = None

    def expected(self, lang: str = "en") -> str:
        """Says in *lang* what the kind holds (``a whole number``, ``one of 1, 2, 3``)."""
        return _expected(self.word, self.values, None, lang)


def _expected(word: str, values: tuple[object, ...] | None, most: int | None, lang: str) -> str:
    """Says in *lang* what a field of the kind *word* holds (an enum's *values*, a count's
    largest value *most*)."""
    listed = "" if values is None else ", ".join(str(v) for v in values)
    said = tr(f"errors.fields.kind.{word}", lang, values=listed)
    return said if most is None else tr("errors.fields.kind.range", lang, kind=said, most=most)


def _is_int(v: Any) -> bool:
    return type(v) is int  # True and False are not numbers here


BOOL = Kind("bool", lambda v: type(v) is bool, frozenset({bool}))
COUNT = Kind("count", _is_int)
TEXT = Kind("text", lambda v: type(v) is str, frozenset({str}))
TEXTS = Kind("texts", lambda v: type(v) is list and all(type(x) is str for x in v))
TILES = Kind(
    "tiles",
    lambda v: type(v) is str or (type(v) is list and all(type(x) is str for x in v)),
)
OBJECT = Kind("object", lambda v: isinstance(v, Mapping), frozenset({dict}))
LIST = Kind("list", lambda v: type(v) is list)
OBJECTS = Kind("objects", lambda v: type(v) is list and all(isinstance(x, Mapping) for x in v))
ID = Kind("id", lambda v: type(v) in (str, int), frozenset({str, int}))
SEAT = Kind("seat", lambda v: type(v) is str or (type(v) is int and 0 <= v <= 3))
NAME_OR_OBJECT = Kind("name_or_object", lambda v: type(v) is str or OBJECT.test(v))


def enum(*values: object) -> Kind:
    """Makes the kind of a field that holds one of *values* (of the same JSON type)."""
    return Kind(
        "one_of",
        lambda v: any(type(v) is type(x) and v == x for x in values),
        values=values,
    )


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a record: its *path* (``round.honba``; ``melds[].type`` for a field of
    each object of a list), its *kind*, and for a count its largest sane value *most*."""

    path: str
    kind: Kind
    most: int | None = None

    def expected(self, lang: str = "en") -> str:
        """Says in *lang* what the field holds (``a whole number from 0 to 100``)."""
        return _expected(self.kind.word, self.kind.values, self.most, lang)

    def check(self, value: Any) -> bool:
        """Tells whether *value* (not null) fits the field."""
        if not self.kind.test(value):
            return False
        most = self.most
        return most is None or 0 <= value <= most


class _Node:
    """The fields under one key of a table: the field itself (None for a bare container),
    its members (an object's fields) and its items' members (a list of objects' fields)."""

    __slots__ = ("field", "items", "members", "types")

    def __init__(self) -> None:
        self.field: Field | None = None
        self.types: frozenset[type] | None = None  # the field's plain type test, if any
        self.members: dict[str, _Node] = {}
        self.items: dict[str, _Node] = {}


class Schema:
    """A table of fields, compiled into a tree for :func:`check_fields` (built once)."""

    __slots__ = ("fields", "root")

    def __init__(self, *fields: Field) -> None:
        self.fields = fields
        self.root: dict[str, _Node] = {}
        for f in fields:
            level = self.root
            steps = f.path.replace("[].", "[] ").replace(".", " ").split()
            for i, step in enumerate(steps):
                key = step.removesuffix("[]")
                node = level.setdefault(key, _Node())
                if i == len(steps) - 1:
                    node.field = f
                    node.types = f.kind.types if f.most is None else None
                else:
                    level = node.items if step.endswith("[]") else node.members

    def __iter__(self) -> Iterator[Field]:
        return iter(self.fields)


def check_fields(rec: Mapping[str, Any], schema: Schema) -> None:
    """Checks every field of *schema* that *rec* gives (null means not given).

    :raises InvalidRecord: naming the first field that is wrong, its value and what it
        should hold.
    """
    _check(rec, schema.root, "")


def _check(obj: Mapping[str, Any], level: dict[str, _Node], where: str) -> None:
    get = obj.get
    for key, node in level.items():
        value = get(key)
        if value is None:
            continue
        f = node.field
        types = node.types
        if (
            f is not None
            and not (types is not None and type(value) in types)
            and not f.check(value)  # the full test (a dict subclass is an object too)
        ):
            path = where + key
            raise InvalidRecord.of(
                msg(
                    "errors.fields.must_be",
                    path=path,
                    expected=Localized(partial(_expected, f.kind.word, f.kind.values, f.most)),
                    value=_show(value),
                )
            )
        if node.members and isinstance(value, dict):
            _check(value, node.members, f"{where}{key}.")
        if node.items and type(value) is list:
            for i, item in enumerate(value):
                if isinstance(item, dict):
                    _check(item, node.items, f"{where}{key}[{i}].")


def _show(value: Any) -> str:
    """Writes *value* as the user wrote it in JSON, cut when long."""
    if isinstance(value, str):
        return quoted(value)
    import json

    return cut(json.dumps(value, ensure_ascii=False, default=repr))


def load_toml(path: str | Path, what: str = "rules file") -> dict[str, Any]:
    """Reads the TOML file *path* (a *what*) into a dict, refusing numbers that are not
    finite (``inf``, ``nan``), which no option means.

    :raises RulesError: when the file cannot be read, is not UTF-8 or not TOML, naming it.
    """
    import math
    import tomllib
    from pathlib import Path  # here: the record commands never read a file by its path

    name = repr(str(path))
    said: object = (
        Localized(partial(tr, "errors.fields.rules_file")) if what == "rules file" else what
    )
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise RulesError.of(
            msg("errors.fields.toml_unreadable", what=said, name=name, reason=e.strerror)
        ) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise RulesError.of(
            msg("errors.fields.toml_utf8", what=said, name=name, byte=raw[e.start], line=line)
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RulesError.of(
            msg("errors.fields.toml_invalid", what=said, name=name, error=e)
        ) from None
    except RecursionError:
        raise RulesError.of(msg("errors.fields.toml_deep", what=said, name=name)) from None
    stack: list[tuple[str, Any]] = [(k, v) for k, v in data.items()]
    while stack:
        key, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((f"{key}.{k}", v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((f"{key}[{i}]", v) for i, v in enumerate(value))
        elif isinstance(value, float) and not math.isfinite(value):
            raise RulesError.of(
                msg("errors.fields.toml_finite", key=key, value=value, what=said, name=name)
            )
    return data


def read_field(path: str, parse: Callable[[str], T], text: str) -> T:
    """Reads *text*, the value of the field *path*, with *parse*; a notation error then
    names the field (``field 'win_tile': unknown tile '8z' ...``).

    :raises NotationError: from *parse*, the field's name in front.
    """
    try:
        return parse(text)
    except NotationError as e:
        raise NotationError.at(
            msg("errors.field.path", path=path),
            *e.problem_msgs(),
            text=e.text,
            start=e.start,
            end=e.end,
        ) from None
