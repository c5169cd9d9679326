"""What the modules of ``tenpai score --jsonl``'s start-up take from :mod:`typing` at run time,
without importing it: importing ``typing`` costs a command about 2 ms (docs/benchmarks.md,
"The start-up of `--jsonl`, and the pure path's records").

Type checkers read :mod:`typing` itself (each module imports this one's names only when
``TYPE_CHECKING`` is false)::

    TYPE_CHECKING = False
    if TYPE_CHECKING:
        from typing import NamedTuple
    else:
        from .._typing import NamedTuple

:class:`NamedTuple` makes, from the same class statement, the class ``typing.NamedTuple`` makes
(``collections.namedtuple`` with the annotated fields, their defaults, the class's docstring
and methods), without checking the annotations' types (which ``typing`` does, and which are
text under ``from __future__ import annotations``). ``tests/test_cli_startup.py`` compares
the two on the package's own named tuples.

>>> class Point(NamedTuple):
...     "A point."
...     x: int
...     y: int = 0
...     def norm(self) -> int:
...         return abs(self.x) + abs(self.y)
>>> p = Point(3, -4)
>>> p, p.norm(), Point(1), Point.__doc__, Point._field_defaults
(Point(x=3, y=-4), 7, Point(x=1, y=0), 'A point.', {'y': 0})
"""

from __future__ import annotations

from collections import namedtuple

__all__ = ["NamedTuple"]

# what a class statement adds and namedtuple sets itself: not copied over
_SPECIAL = frozenset({"__module__", "__qualname__", "__annotations__"})
# what namedtuple makes: a class statement may not define them (typing.NamedTuple refuses too)
_PROHIBITED = frozenset(
    {
        "__new__",
        "__init__",
        "__slots__",
        "__getnewargs__",
        "_fields",
        "_field_defaults",
        "_make",
        "_replace",
        "_asdict",
        "_source",
    }
)


class _NamedTupleMeta(type):
    def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, object]) -> _NamedTupleMeta:
        if not bases:  # NamedTuple itself
            return super().__new__(mcs, name, bases, ns)
        if bases != (NamedTuple,):
            raise TypeError("a NamedTuple class has NamedTuple as its only base")
        annotations = ns.get("__annotations__", {})
        assert isinstance(annotations, dict)
        fields = tuple(annotations)
        with_default = [f for f in fields if f in ns]
        if with_default != list(fields[len(fields) - len(with_default) :]):
            raise TypeError(f"{name}: a field without a default follows one with a default")
        module = ns.get("__module__")
        defaults = [ns[f] for f in with_default]
        where = module if isinstance(module, str) else None
        # the very class typing.NamedTuple makes (type checkers see typing's)
        cls: type = namedtuple(name, fields, defaults=defaults, module=where)  # type: ignore[misc]
        cls.__annotations__ = dict(annotations)
        qualname = ns.get("__qualname__")
        if isinstance(qualname, str):
            cls.__qualname__ = qualname
        for key, value in ns.items():
            if key in _PROHIBITED:
                raise AttributeError(f"cannot overwrite NamedTuple attribute {key}")
            if key not in _SPECIAL and key not in fields:
                setattr(cls, key, value)
        return cls  # type: ignore[return-value]


class NamedTuple(metaclass=_NamedTupleMeta):
    """The base of a class statement that makes a named tuple (see the module's docstring)."""
