"""Building frozen slotted values quickly, for the scorer's hot path.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``: a call per
field. :func:`builder` gives a plain class with the very same slots; the hot path fills an
instance of it with ordinary attribute stores, then assigns its ``__class__`` to the frozen
class, which Python allows between classes of the same layout. The value is then exactly
what the frozen class's constructor would have made (fields, equality, hash, immutability).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class P:
...     x: int
...     y: int
>>> B = builder(P)
>>> b = B()
>>> b.x, b.y = 1, 2
>>> b.__class__ = P
>>> b == P(1, 2), hash(b) == hash(P(1, 2))
(True, True)
>>> c = B()
>>> c.x, c.y = 1, 2
>>> made(c, P) == P(1, 2)  # the same, in one call that type checkers read
True
"""

from __future__ import annotations

from dataclasses import fields

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")


def builder(cls: type) -> type:
    """Gets a plain class with the slots of the frozen slotted dataclass *cls*, in order."""
    names = tuple(f.name for f in fields(cls))
    assert names == tuple(cls.__slots__), cls  # type: ignore[attr-defined]
    built: Any = type(f"_{cls.__name__}Builder", (), {"__slots__": names})
    return built  # type: ignore[no-any-return]


def made(value: object, cls: type[T]) -> T:
    """Turns *value*, an instance of ``builder(cls)`` with every slot filled, into the value of
    the frozen class *cls* that it now is, typed as such (``value.__class__ = cls``)."""
    value.__class__ = cls
    return value  # type: ignore[return-value]
