"""JSON Schemas of the interchange format (docs/records.md): the input record and the result.

Built from the code's own tables, so that they cannot drift from what the scorer reads and
writes: the flags of :data:`tenpai.riichi.situation.FLAG_NAMES` and
:data:`~tenpai.riichi.situation.LOCAL_FLAGS`, the rule options of
:data:`tenpai.riichi.rules.OPTIONS`, the meld words of both record readers, the yaku, dora,
limit and Hong Kong fan ids, the error kinds. Pure data (``dict``), JSON Schema draft 2020-12;
``tenpai schema`` writes it and the web app serves it at ``/api/schema``. The tests validate
the real Tenhou records and every result the scorer writes against it.

>>> s = record_schema()
>>> s["properties"]["seat_wind"]["anyOf"][0]["enum"]
['E', 'S', 'W', 'N']
>>> "riichi" in s["properties"]["flags"]["properties"]
True
>>> sorted(result_schema()["$defs"])
['error', 'hk', 'riichi']
"""

from __future__ import annotations

from typing import Any

__all__ = ["DIALECT", "record_schema", "result_schema", "schemas"]

DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect (the ``$schema`` value; an identifier, nothing is fetched)."""

# MPSZ: digit groups each closed by its suit letter (0 = a red five), honours 1z-7z; spaces and
# the separators of the hand notation allowed between groups (tiles.py, parse_tiles)
_TILES = r"^[\s,;|]*(?:(?:[0-9]+[mps]|[1-7]+z)[\s,;|]*)*$"
_TILE = r"^(?:[0-9][mps]|[1-7]z)$"
_BONUS = r"^[\s,;|]*(?:[fs][1-4][\s,;|]*)*$"

_NULL = {"type": "null"}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, _NULL]}


def _int(minimum: int | None = None, maximum: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "integer"}
    if minimum is not None:
        out["minimum"] = minimum
    if maximum is not None:
        out["maximum"] = maximum
    return out


def _tiles(description: str) -> dict[str, Any]:
    """MPSZ tiles, as one string or a list of strings (both read by records.py)."""
    text = {"type": "string", "pattern": _TILES}
    return {
        "description": description,
        "anyOf": [text, {"type": "array", "items": text}, _NULL],
    }


def _winds() -> dict[str, Any]:
    from .riichi.situation import WIND_NAMES

    return {"anyOf": [{"enum": list(WIND_NAMES)}, _int(27, 30)]}


def _local_flag(kind: str) -> dict[str, Any]:
    """The JSON value of a local-yaku input kind (riichi/situation.py, LOCAL_FLAGS)."""
    if kind == "bool":
        return {"type": ["boolean", "integer", "string"]}
    if kind in ("kans", "counter"):
        return {"anyOf": [_int(0), {"type": "object", "additionalProperties": _int(0)}]}
    if kind == "kan":
        return {"type": ["string", "null"]}
    return {"type": "object"}  # discards: seat -> MPSZ discards


def _option(kind: str, choices: tuple[Any, ...]) -> dict[str, Any]:
    """The JSON value of a riichi rule option (riichi/rules.py, Option.kind)."""
    if kind == "bool":
        return {"type": ["boolean", "string"]}
    if kind == "int":
        return {"type": ["integer", "string"]}
    if kind == "set":
        return {
            "anyOf": [
                {"type": "array", "items": {"enum": list(choices)}},
                {"type": "string"},
            ]
        }
    return {"enum": [*choices, *(str(c) for c in choices if not isinstance(c, str))]}


def _rules() -> dict[str, Any]:
    from .riichi.rules import OPTIONS

    props: dict[str, Any] = {
        "preset": {"type": "string", "description": "the preset the options change"},
        "profile": {"type": "string", "description": "Hong Kong: the rules profile"},
    }
    for o in OPTIONS:
        props[o.name] = {**_option(o.kind, o.choices), "description": o.en}
    return {
        "description": "a preset name, or a preset and the options it changes",
        "anyOf": [
            {"type": "string"},
            # Hong Kong options are checked by its own reader: more names are allowed
            {"type": "object", "properties": props, "additionalProperties": True},
        ],
    }


def _meld() -> dict[str, Any]:
    from .hk.records import _MELD_TYPES as HK_MELDS
    from .records import _MELD_TYPES as RIICHI_MELDS

    # "kita" (a three-player north) is a word of the format the scorer refuses, saying so
    words = sorted({*RIICHI_MELDS, *HK_MELDS, "kita"})
    return {
        "type": "object",
        "required": ["type", "tiles"],
        "properties": {
            "type": {"enum": words},
            "tiles": {"type": "string", "pattern": _TILES},
            "called_tile": _nullable({"type": "string", "pattern": _TILE}),
            "from_rel": {
                "description": "who it was called from: 1 right, 2 across, 3 left, 0 own",
                **_nullable(_int(0, 3)),
            },
            "open": {"type": "boolean", "description": "Hong Kong: an exposed set"},
            "added": {"type": "boolean", "description": "Hong Kong: a kong added to a pung"},
            "from": {"description": "Hong Kong: the seat it was called from (E S W N)"},
        },
        "additionalProperties": True,
    }


def _flags() -> dict[str, Any]:
    from .hk.records import SPECIAL_WORDS
    from .riichi.situation import FLAG_NAMES, LOCAL_FLAGS

    props: dict[str, Any] = {name: {"type": "boolean"} for name in FLAG_NAMES}
    props.update({name: _local_flag(kind) for name, kind in LOCAL_FLAGS.items()})
    for name in SPECIAL_WORDS:
        props.setdefault(name, {"type": "boolean"})
    return {
        "type": "object",
        "description": "how the hand was won; records may carry more (read, not scored)",
        "properties": props,
        "additionalProperties": True,
    }


def record_schema() -> dict[str, Any]:
    """Gets the JSON Schema of one input record, riichi or Hong Kong.

    In a record, ``closed_tiles`` holds the concealed tiles **with** the winning tile (the
    one-line hand notation writes them without it); ``win_tile`` names which one it is.
    """
    seat = {"anyOf": [{"enum": ["E", "S", "W", "N"]}, _int(0, 3)]}
    return {
        "$schema": DIALECT,
        "title": "Tenpai hand record",
        "description": (
            "One winning hand and its situation (riichi, or Hong Kong with variant 'hk'). "
            "Unknown fields are ignored; missing ones take their defaults."
        ),
        "type": "object",
        "properties": {
            "id": {"description": "echoed in the result"},
            "variant": {"enum": ["riichi", "hk"], "default": "riichi"},
            "rules": _rules(),
            "closed_tiles": {
                **_tiles("the concealed tiles INCLUDING the winning tile, melds excluded"),
            },
            "hand": _tiles("Hong Kong: the concealed tiles including the winning tile"),
            "win_tile": {
                "description": "the winning tile (Hong Kong: null for an instant flower win)",
                **_nullable({"type": "string", "pattern": _TILE}),
            },
            "melds": {"type": "array", "items": _meld()},
            "tsumo": {"type": "boolean", "default": False},
            "self_drawn": _nullable({"type": "boolean"}),
            "seat_wind": {**_winds(), "default": "E"},
            "round_wind": {**_winds(), "default": "E"},
            "dora_indicators": _tiles("the dora indicators shown, kan dora included"),
            "ura_dora_indicators": _tiles("the ura dora indicators (after riichi)"),
            "flags": _flags(),
            "round": {
                "type": "object",
                "properties": {
                    "honba": _nullable(_int(0)),
                    "riichi_sticks": _nullable(_int(0)),
                    "round_wind": _winds(),
                },
                "additionalProperties": True,
            },
            "pao_from_rel": {
                "description": "the liable player (1 right, 2 across, 3 left)",
                **_nullable(_int(1, 3)),
            },
            "discarder_from_rel": {
                "description": "who dealt in on a ron (1 right, 2 across, 3 left)",
                **_nullable(_int(1, 3)),
            },
            "winner": {"description": "absolute seat of the winner (with from_who)", **seat},
            "from_who": _nullable(seat),
            "multi_ron_index": _nullable(_int(0)),
            "ruleset": {"type": "object", "description": "Tenhou's lobby rules"},
            "tenhou": {
                "type": "object",
                "description": "Tenhou's own verdict; its pao_who (absolute seat) is read",
            },
            "discarder": {"description": "Hong Kong: who discarded the winning tile", **seat},
            "flowers": {
                "description": "Hong Kong bonus tiles f1-f4, s1-s4",
                "anyOf": [
                    {"type": "string", "pattern": _BONUS},
                    {"type": "array", "items": {"type": "string", "pattern": _BONUS}},
                ],
            },
            "special": {"type": "array", "items": {"type": "string"}},
            "fan_given": _nullable(_int(0)),
        },
        "additionalProperties": True,
    }


def _yaku_ids() -> list[str]:
    from .riichi.catalogue import yaku_catalogue
    from .riichi.yaku import RENHOU_YAKU, YAKU_BY_ID

    ids = {*YAKU_BY_ID, RENHOU_YAKU.id, "nagashi_mangan", "dora", "aka_dora", "ura_dora", "kita"}
    ids |= {str(e["id"]) for e in yaku_catalogue(local_only=True)}
    return sorted(ids)


def _fu_rules() -> list[str]:
    from .riichi.fu import FU_RULES

    return list(FU_RULES)


def _limits() -> list[str | None]:
    from .riichi.payment import LIMITS

    return [*LIMITS, "kazoe_yakuman", None]


def _error_kinds() -> list[str]:
    from . import errors

    kinds = {
        name
        for name in dir(errors)
        if isinstance(getattr(errors, name), type)
        and issubclass(getattr(errors, name), errors.TenpaiError)
    }
    return sorted({*kinds, "InvalidRecord"})


def result_schema() -> dict[str, Any]:
    """Gets the JSON Schema of one result: a riichi score, a Hong Kong score, or an error.
    Results carry exactly these fields (no others)."""
    from .hk.fan import FAN_ROWS

    amount = {"type": "number"}
    seats = {
        "type": "object",
        "properties": {s: amount for s in "ESWN"},
        "required": list("ESWN"),
        "additionalProperties": False,
    }
    riichi = {
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
    hk = {
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
    error = {
        "type": "object",
        "properties": {
            "id": {},
            "variant": {"type": "string"},
            "error": {
                "type": "object",
                "properties": {"type": {"enum": _error_kinds()}, "message": {"type": "string"}},
                "required": ["type", "message"],
                "additionalProperties": False,
            },
        },
        "required": ["error"],
        "additionalProperties": False,
    }
    return {
        "$schema": DIALECT,
        "title": "Tenpai result",
        "description": "The score of one record (riichi or Hong Kong), or why it has none.",
        "$defs": {"riichi": riichi, "hk": hk, "error": error},
        "oneOf": [{"$ref": "#/$defs/riichi"}, {"$ref": "#/$defs/hk"}, {"$ref": "#/$defs/error"}],
    }


def schemas() -> dict[str, Any]:
    """Gets both schemas: ``{"record": ..., "result": ...}`` (what ``/api/schema`` serves)."""
    return {"record": record_schema(), "result": result_schema()}
