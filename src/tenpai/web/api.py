"""The JSON API: score records, deal hands, list the rules (the records of docs/records.md).

Each route reads its input, calls one library function and returns its result:
``POST /api/score`` → :func:`tenpai.interchange.score_record` (one record or a list, never an
exception: a bad record gives an ``error`` result); ``POST /api/deal`` →
:func:`tenpai.riichi.deal.deal` and :func:`~tenpai.riichi.deal.deal_record`;
``POST /api/maneman`` → :func:`tenpai.riichi.local.maneman_awards`.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from ..errors import TenpaiError
from ..variants import variant_names
from .common import MAX_BODY, run_cpu, store_state

__all__ = ["MAX_DEAL", "MAX_RECORDS", "router"]

MAX_RECORDS = 2000
"""The most records one ``POST /api/score`` may carry."""
MAX_DEAL = 100
"""The most hands one ``POST /api/deal`` may deal."""

router = APIRouter(prefix="/api", tags=["api"])

_MELD_SCHEMA = {
    "type": "object",
    "properties": {
        "type": {"enum": ["chi", "pon", "daiminkan", "ankan", "shouminkan"]},
        "tiles": {"type": "string", "example": "999s"},
        "called_tile": {"type": ["string", "null"]},
        "from_rel": {"type": "integer", "minimum": 0, "maximum": 3},
    },
}
RECORD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "Record",
    "description": "A winning hand and its situation (docs/records.md); unknown fields are "
    "ignored, missing ones take their defaults.",
    "properties": {
        "id": {"type": "string"},
        "variant": {"enum": list(variant_names()), "default": "riichi"},
        "rules": {
            "description": "a preset name, or {preset: NAME, OPTION: VALUE, ...}",
            "anyOf": [{"type": "string"}, {"type": "object"}],
            "default": "bareme",
        },
        "closed_tiles": {
            "type": "string",
            "description": "concealed tiles with the winning tile, MPSZ (0 = red five)",
        },
        "win_tile": {"type": "string"},
        "melds": {"type": "array", "items": _MELD_SCHEMA},
        "tsumo": {"type": "boolean", "default": False},
        "seat_wind": {"enum": ["E", "S", "W", "N"], "default": "E"},
        "round_wind": {"enum": ["E", "S", "W", "N"], "default": "E"},
        "dora_indicators": {"type": "array", "items": {"type": "string"}},
        "ura_dora_indicators": {"type": "array", "items": {"type": "string"}},
        "flags": {"type": "object", "additionalProperties": True},
        "round": {
            "type": "object",
            "properties": {"honba": {"type": "integer"}, "riichi_sticks": {"type": "integer"}},
        },
        "pao_from_rel": {"type": ["integer", "null"]},
        "flowers": {"type": "array", "items": {"type": "string"}},
    },
    "example": {
        "id": "ex1",
        "closed_tiles": "234m678p455667s88s",
        "win_tile": "5s",
        "seat_wind": "S",
        "flags": {"riichi": True},
        "dora_indicators": ["1m"],
    },
}
RESULT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "Result",
    "description": "The value of a hand and every reason for it, or an error "
    "({type, message}) and no score.",
    "properties": {
        "id": {},
        "variant": {"type": "string"},
        "rules": {"type": "string"},
        "han": {"type": ["integer", "null"]},
        "fu": {"type": ["integer", "null"]},
        "points": {"type": "integer"},
        "limit": {"type": ["string", "null"]},
        "yaku": {"type": "array", "items": {"type": "object"}},
        "yakuman": {"type": "array", "items": {"type": "object"}},
        "fu_parts": {"type": "array", "items": {"type": "object"}},
        "payments": {"type": "object"},
        "deltas": {"type": ["array", "null"]},
        "fan": {"type": "integer", "description": "Hong Kong"},
        "items": {"type": "array", "description": "Hong Kong fan items"},
        "error": {
            "type": ["object", "null"],
            "properties": {"type": {"type": "string"}, "message": {"type": "string"}},
        },
    },
}


@router.get("/health", summary="Tells that the server runs, and whether its store can be used")
async def health(request: Request) -> JSONResponse:
    """Answers ``{"status": "ok", "store": {"state": "ok"}}``, in the event loop (never behind
    the workers' queue); 503 with ``"status": "degraded"`` and the store's ``state``
    (``full``, ``read_only``, ``busy``, ``unavailable``, ``damaged``) and ``detail`` when the
    store cannot be used (:func:`tenpai.web.common.store_state`)."""
    store = store_state(request.app)
    ok = store["state"] == "ok"
    body = {"status": "ok" if ok else "degraded", "store": store}
    return JSONResponse(body, status_code=200 if ok else 503)


@router.post(
    "/score",
    summary="Score one record or a list of records",
    description="The body is one record (a JSON object) or a list of at most "
    f"{MAX_RECORDS} records; the answer is one result or the list of results, in order. "
    "A record that cannot be scored gives a result whose `error` says why (HTTP 200): "
    "one bad record never stops a batch. A body that is not JSON, or neither an object nor "
    "a list, gets HTTP 400 or 422 with a `detail` message; a body over 1 MiB, or one "
    "record over 64 KiB, gets 413 (a record over 64 KiB in a list gets an error result).",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {
                        "anyOf": [
                            RECORD_SCHEMA,
                            {"type": "array", "items": RECORD_SCHEMA, "maxItems": MAX_RECORDS},
                        ]
                    }
                }
            },
        },
        "responses": {
            "200": {
                "description": "the result, or the list of results",
                "content": {
                    "application/json": {
                        "schema": {
                            "anyOf": [RESULT_SCHEMA, {"type": "array", "items": RESULT_SCHEMA}]
                        }
                    }
                },
            },
            "400": {"description": "the body is not JSON"},
            "413": {"description": "the body is too large"},
            "422": {"description": "the body is neither a record nor a list of records"},
        },
    },
)
async def score(request: Request) -> Any:
    """Scores the record (or each record of the list) of the body: read, scored and written
    in a worker thread (a bounded pool), so that the server keeps answering meanwhile."""
    raw = await request.body()
    return await run_cpu(_score_body, raw)


def _score_body(raw: bytes) -> Response:
    from ..batch import load_json
    from ..interchange import score_record

    try:  # the batch readers' rules: no NaN or Infinity, no nesting beyond MAX_DEPTH
        body = load_json(raw)
    except TenpaiError as e:
        raise HTTPException(400, f"the body cannot be read: {e}") from None
    if isinstance(body, dict):
        if len(raw) > MAX_BODY:
            raise HTTPException(413, f"one record is at most {MAX_BODY} bytes, not {len(raw)}")
        return JSONResponse(score_record(body))
    if isinstance(body, list):
        if len(body) > MAX_RECORDS:
            raise HTTPException(422, f"at most {MAX_RECORDS} records per request, not {len(body)}")
        return JSONResponse([_score_one(r) for r in body])
    raise HTTPException(422, "the body is a record (a JSON object) or a list of records")


def _score_one(rec: Any) -> dict[str, Any]:
    """Scores one record of a list: a record over :data:`MAX_BODY` gets an error result."""
    from ..interchange import score_record

    size = len(json.dumps(rec, ensure_ascii=False)) if isinstance(rec, dict | list) else 0
    if size > MAX_BODY:
        return {
            "id": rec.get("id") if isinstance(rec, dict) else None,
            "error": {"type": "TooLarge", "message": f"a record is at most {MAX_BODY} bytes"},
        }
    return score_record(rec)


@router.post(
    "/logs/verify",
    summary="Verify one game log",
    description="The body is one game log as it is stored: Tenhou mjlog XML, tenhou.net/6 "
    "JSON (or its viewer address), or mjai JSON lines; gzip or bzip2 compressed or not; at "
    "most 1 MiB. The answer lists each game, each round's wins (the log's claim beside "
    "Tenpai's result, the fields that differ) and draw, and a summary. A log that cannot be "
    "read gets HTTP 422 with a `detail` naming the place.",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/octet-stream": {"schema": {"type": "string"}}},
        },
        "responses": {
            "413": {"description": "the body is too large"},
            "422": {"description": "the log cannot be read"},
        },
    },
)
async def verify_log(request: Request) -> Any:
    """Verifies the game log of the body."""
    from ..logs import LogError, read_log
    from ..logs.verify import game_report

    raw = await request.body()

    def run() -> list[dict[str, Any]]:
        return [game_report(g) for g in read_log(raw, "upload")]

    try:
        games = await run_cpu(run)
    except LogError as e:
        raise HTTPException(422, e.text()) from None
    return {"games": games}


class DealRequest(BaseModel):
    """What to deal: how many hands, from which seed, of which variant, at which level and
    focus, under which rules (a riichi preset or ruleset line, a Hong Kong profile);
    *expected* adds each hand's result."""

    model_config = ConfigDict(extra="forbid")

    count: int = Field(1, ge=1, le=MAX_DEAL)
    seed: int = Field(0, ge=0, le=10**12)
    variant: str = Field("riichi", max_length=20, examples=["hk"])
    level: str = Field("intermediaire", max_length=40, examples=["debutant"])
    focus: str = Field("any", max_length=40, examples=["pinfu"])
    rules: str | None = Field(
        None, max_length=400, examples=["tenhou", "bareme+local_yaku=sanrenkou"]
    )
    expected: bool = True


@router.post(
    "/deal",
    summary="Deal realistic winning hands as records",
    description="Deals `count` hands of the `variant` (riichi, hk) with the seeds `seed`, "
    "`seed`+1, ... (the same seeds always give the same hands) and writes each as a record "
    "with its `id` (which `tenpai train --hand` replays) and, when `expected`, its result. "
    "Unknown variants, levels, foci or rules get HTTP 422 with a `detail` message.",
)
def deal(req: DealRequest) -> list[dict[str, Any]]:
    """Deals the hands of *req* (the trainer's dealer) and writes them as records."""
    from ..variants import find_trainer

    try:
        v = find_trainer(req.variant)
        rules = req.rules or v.default_rules
        return [
            v.record(v.deal(req.seed + i, req.level, req.focus, rules), expected=req.expected)
            for i in range(req.count)
        ]
    except TenpaiError as e:
        raise HTTPException(422, str(e)) from None


class ManemanRequest(BaseModel):
    """Every player's discards so far (seat wind -> MPSZ text, or a list of tiles and
    ``{"tile", "called"}`` objects) and the rules (a preset; maneman is played)."""

    model_config = ConfigDict(extra="forbid")

    discards: dict[str, str | list[str | dict[str, Any]]] = Field(
        ..., examples=[{"E": "1z9m7z1p4z", "S": "1z9m7z1p4z"}]
    )
    rules: str = Field("bareme", max_length=40, examples=["tenhou"])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"maneman.turns": 6}])


@router.post(
    "/maneman",
    summary="The maneman paid during play",
    description="Gets the maneman due from the players' discards (local yaku maneman, "
    "settlement `immediate`): who copied whom for how many turns, and the mangan (or more) "
    "the imitated player pays. Bad discards or options get HTTP 422 with a `detail` message.",
)
def maneman(req: ManemanRequest) -> list[dict[str, Any]]:
    """Lists the maneman payments of *req*."""
    from ..riichi.local import maneman_awards
    from ..riichi.rules import find_rules

    if req.options.get("maneman.settlement") == "on_win":
        raise HTTPException(422, "with maneman.settlement=on_win it is paid on the win: score it")
    try:
        rules = find_rules(req.rules).with_options(local_yaku="maneman", local_options=req.options)
        awards = maneman_awards(req.discards, rules)
    except (TenpaiError, ValueError) as e:
        raise HTTPException(422, str(e)) from None
    return [a.as_dict() for a in awards]


@router.get("/schema", summary="The JSON Schemas of the records and results")
def schema() -> dict[str, Any]:
    """Gets the JSON Schemas (draft 2020-12) of the input record and of the result, as
    ``tenpai schema`` writes them (docs/records.md)."""
    from ..schema import schemas

    return schemas()


@router.get("/rules", summary="List the rules presets and their options")
def rules() -> dict[str, Any]:
    """Lists the riichi presets with every option, and the Hong Kong profiles."""
    from ..hk.rules import hk_profile_names
    from ..riichi.rules import OPTIONS, PRESETS

    return {
        "riichi": {n: PRESETS[n].options() for n in PRESETS},
        "options": [{"name": o.name, "kind": o.kind, "en": o.en, "fr": o.fr} for o in OPTIONS],
        "hk": hk_profile_names(),
    }
