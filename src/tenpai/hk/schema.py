"""The JSON Schema of a Hong Kong result (docs/records.md), from the wing's own tables: the fan
ids and the seats; :mod:`tenpai.schema` assembles every variant's.

>>> result_schema()["properties"]["variant"]
{'const': 'hk'}
"""

from __future__ import annotations

from typing import Any

from ..schema_types import NULL as _NULL
from ..schema_types import integer as _int
from ..schema_types import nullable as _nullable
from .fan import FAN_ROWS

__all__ = ["result_schema"]


def result_schema() -> dict[str, Any]:
    """Gets the JSON Schema of one Hong Kong result (what :func:`~tenpai.hk.records.
    result_dict` writes): exactly these fields."""
    amount = {"type": "number"}
    seats = {
        "type": "object",
        "properties": {s: amount for s in "ESWN"},
        "required": list("ESWN"),
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {
            "id": {},
            "variant": {"const": "hk"},
            "rules": {"type": "string"},
            "fan": _nullable(_int(0)),
            "raw_fan": _nullable(_int(0)),
            "items": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"id": {"enum": sorted(r.id for r in FAN_ROWS)}, "fan": _int(0)},
                    "required": ["id", "fan"],
                    "additionalProperties": False,
                },
            },
            "limit": _nullable({"enum": sorted(r.id for r in FAN_ROWS)}),
            "payments": seats,
            "liable": _nullable({"enum": list("ESWN")}),
            "arrangement": {"type": "string"},
            "false_win": {"type": "boolean"},
            "error": _NULL,
        },
        "required": ["variant", "fan", "items", "payments", "error"],
        "additionalProperties": False,
    }
