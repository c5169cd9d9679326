"""The JSON Schema of a riichi result (docs/records.md), from the wing's own tables: the yaku
ids (standard, local, dora kinds), the limits; :mod:`tenpai.schema` assembles every variant's.

>>> result_schema()["properties"]["variant"]
{'const': 'riichi'}
"""

from __future__ import annotations

from typing import Any

from ..schema_types import NULL as _NULL
from ..schema_types import integer as _int
from ..schema_types import nullable as _nullable

__all__ = ["result_schema"]


def _yaku_ids() -> list[str]:
    from .catalogue import yaku_catalogue
    from .yaku import RENHOU_YAKU, YAKU_BY_ID

    ids = {*YAKU_BY_ID, RENHOU_YAKU.id, "nagashi_mangan", "dora", "aka_dora", "ura_dora", "kita"}
    ids |= {str(e["id"]) for e in yaku_catalogue(local_only=True)}
    return sorted(ids)


def _fu_rules() -> list[str]:
    from .fu import FU_RULES

    return list(FU_RULES)


def _limits() -> list[str | None]:
    from .payment import LIMITS

    return [*LIMITS, "kazoe_yakuman", None]


def result_schema() -> dict[str, Any]:
    """Gets the JSON Schema of one riichi result (what :func:`~tenpai.riichi.records.
    result_dict` writes): exactly these fields."""
    return {
        "type": "object",
        "properties": {
            "id": {},
            "variant": {"const": "riichi"},
            "rules": {"type": "string"},
            "han": _nullable(_int(0)),
            "fu": _nullable(_int(0)),
            "points": _int(0),
            "limit": {"enum": _limits()},
            "yaku": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "id": {"enum": _yaku_ids()},
                        "han": _int(0),
                        "limit": {"enum": _limits()},
                        "fixed": {"type": "boolean"},
                    },
                    "required": ["id", "han"],
                    "additionalProperties": False,
                },
            },
            "yakuman": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"id": {"enum": _yaku_ids()}, "multiplier": _int(1)},
                    "required": ["id", "multiplier"],
                    "additionalProperties": False,
                },
            },
            "fu_parts": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "string"},
                        "fu": _int(0),
                        "rule": {"enum": _fu_rules()},
                        "tiles": {"type": "string"},
                        "detail": {"type": "string"},
                    },
                    "required": ["id", "fu"],
                    "additionalProperties": False,
                },
            },
            "payments": {
                "type": "object",
                "properties": {k: _int(0) for k in ("ron", "dealer", "non_dealer")},
                "additionalProperties": False,
            },
            "paid_by": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "from_rel": _nullable(_int(1, 3)),
                        "amount": _int(0),
                        "honba": _int(0),
                        "reason": {"type": "string"},
                    },
                    "required": ["from_rel", "amount", "honba", "reason"],
                    "additionalProperties": False,
                },
            },
            "deltas": _nullable(
                {"type": "array", "items": {"type": "integer"}, "minItems": 3, "maxItems": 4}
            ),
            "error": _NULL,
        },
        "required": ["variant", "han", "fu", "points", "yaku", "payments", "error"],
        "additionalProperties": False,
    }
