"""The building blocks of the JSON Schemas (docs/records.md), shared by :mod:`tenpai.schema`
(the record and the result of any variant) and each wing's ``schema.py`` (its own result).

>>> nullable(integer(0, 3))
{'anyOf': [{'type': 'integer', 'minimum': 0, 'maximum': 3}, {'type': 'null'}]}
"""

from __future__ import annotations

from typing import Any

__all__ = ["NULL", "integer", "nullable"]

NULL = {"type": "null"}
"""The schema of ``null`` (a value not given)."""


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """Gets the schema of *schema* or ``null``."""
    return {"anyOf": [schema, NULL]}


def integer(minimum: int | None = None, maximum: int | None = None) -> dict[str, Any]:
    """Gets the schema of a whole number, from *minimum* to *maximum* when given."""
    out: dict[str, Any] = {"type": "integer"}
    if minimum is not None:
        out["minimum"] = minimum
    if maximum is not None:
        out["maximum"] = maximum
    return out
