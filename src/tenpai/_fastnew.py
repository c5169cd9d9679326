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
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def builder(cls: type) -> type:
    """Gets a plain class with the slots of the frozen slotted dataclass *cls*, in order."""
    names = tuple(f.name for f in fields(cls))
    assert names == tuple(cls.__slots__), cls  # type: ignore[attr-defined]
    built: Any = type(f"_{cls.__name__}Builder", (), {"__slots__": names})
    return built  # type: ignore[no-any-return]
