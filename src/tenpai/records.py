"""The JSON interchange format (interchange.md): riichi records in, results out.

A record is a plain ``dict`` (one JSON object); :func:`read_riichi_record` turns it into
``(Hand, Situation, Ruleset)`` and :func:`riichi_result` turns a :class:`Score` back into a
JSON-ready ``dict``. :func:`score_record` does both and never raises on bad input: it
returns an error record instead, so that one bad line never stops a batch.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any

from .errors import InvalidHand, NotationError, RulesError, TenpaiError
from .hand import Hand, Meld, check_meld
from .riichi.rules import Ruleset, find_rules, rules_from_mapping
from .riichi.score import Score, score
from .riichi.situation import FLAG_NAMES, Situation, parse_wind
from .tiles import Tile, kind, parse_tile, parse_tiles

__all__ = [
    "error_result",
    "nagashi_result",
    "read_riichi_record",
    "riichi_result",
    "rules_of_record",
    "score_many",
    "score_record",
]

_MELD_TYPES = {
    "chi": "chi",
    "pon": "pon",
    "daiminkan": "daiminkan",
    "minkan": "daiminkan",
    "shouminkan": "shouminkan",
    "kakan": "shouminkan",
    "ankan": "ankan",
}


def rules_of_record(rec: Mapping[str, Any]) -> Ruleset:
    """Gets the ruleset a record asks for: its ``rules`` (name or object), else the Tenhou
    preset adjusted by its ``ruleset`` object (red fives, open tanyao, kiriage on chip
    tables), else the default ``bareme``.

    :raises RulesError: on an unknown preset or option.
    """
    rules = rec.get("rules")
    if isinstance(rules, str):
        return find_rules(rules)
    if isinstance(rules, Mapping):
        return rules_from_mapping(rules)
    tr = rec.get("ruleset")
    if isinstance(tr, Mapping):
        changes: dict[str, Any] = {}
        if "aka" in tr:
            changes["aka"] = 3 if tr["aka"] else 0
        if "kuitan" in tr:
            changes["kuitan"] = bool(tr["kuitan"])
        if tr.get("players") == 3:
            changes["players"] = 3
        if tr.get("standard_rules") is False:
            changes["kiriage"] = True
        return _tenhou_rules(tuple(sorted(changes.items())))
    if rules is not None:
        raise RulesError(f"'rules' must be a preset name or an object, not {rules!r}")
    return find_rules("bareme")


@lru_cache(maxsize=16)
def _tenhou_rules(changes: tuple[tuple[str, Any], ...]) -> Ruleset:
    """Gets the Tenhou preset with *changes*: one (immutable) ruleset for all the records
    that ask for it, so that a batch shares the scorer's tables."""
    base = find_rules("tenhou")
    return base.with_options(**dict(changes)) if changes else base


def _tiles(rec: Mapping[str, Any], key: str) -> tuple[Tile, ...]:
    v = rec.get(key)
    if v is None:
        return ()
    if isinstance(v, str):
        return parse_tiles(v)
    if isinstance(v, list):
        out: list[Tile] = []
        for x in v:
            out.extend(parse_tiles(str(x)))
        return tuple(out)
    raise NotationError(f"{key!r} must be MPSZ tiles, not {v!r}")


def _meld(m: Mapping[str, Any]) -> Meld:
    mtype = _MELD_TYPES.get(str(m.get("type", "")).lower())
    if mtype is None:
        raise InvalidHand(f"unknown meld type {m.get('type')!r}")
    tiles = list(parse_tiles(str(m.get("tiles", ""))))
    called = m.get("called_tile")
    if called and mtype != "ankan":
        ct = parse_tile(str(called))
        if ct in tiles:
            tiles.remove(ct)
            tiles.insert(0, ct)
    rel = m.get("from_rel")
    from_rel = 0 if mtype == "ankan" else int(rel) if rel in (1, 2, 3) else 3
    meld = Meld(mtype, tuple(tiles), from_rel)
    check_meld(meld)
    return meld


def read_riichi_record(rec: Mapping[str, Any]) -> tuple[Hand, Situation, Ruleset]:
    """Reads a riichi record into a hand, its situation and its rules.

    :raises TenpaiError: (a subclass) naming the field that is wrong.
    """
    rules = rules_of_record(rec)
    closed = list(_tiles(rec, "closed_tiles"))
    win_txt = rec.get("win_tile")
    if not win_txt:
        raise InvalidHand("the record has no 'win_tile'")
    win = parse_tile(str(win_txt))
    # take the winning tile out of the concealed tiles, the same red-ness first
    if win in closed:
        closed.remove(win)
    else:
        same = [t for t in closed if kind(t) == kind(win)]
        if not same:
            raise InvalidHand(f"the winning tile {win_txt!r} is not among 'closed_tiles'")
        closed.remove(same[0])
        win = same[0]
    melds = []
    for m in rec.get("melds") or []:
        if str(m.get("type")) == "kita":
            raise RulesError("three-player north (kita) melds are not supported yet")
        melds.append(_meld(m))
    tsumo = bool(rec.get("tsumo", False))
    hand = Hand(tuple(closed), tuple(melds), win, tsumo)
    flags = dict(rec.get("flags") or {})
    rnd = dict(rec.get("round") or {})
    honba = int(rnd.get("honba", 0) or 0)
    sticks = int(rnd.get("riichi_sticks", 0) or 0)
    if rec.get("multi_ron_index"):
        honba = sticks = 0  # only the first winner of a discard takes honba and sticks
    discarder = None
    pao = rec.get("pao_from_rel")
    if "winner" in rec and "from_who" in rec and rec.get("from_who") is not None:
        w = int(rec["winner"])
        if not tsumo:
            discarder = (int(rec["from_who"]) - w) % 4
        th = rec.get("tenhou") or {}
        if pao is None and th.get("pao_who") is not None:
            pao = (int(th["pao_who"]) - w) % 4
    elif rec.get("discarder_from_rel") in (1, 2, 3):
        discarder = int(rec["discarder_from_rel"])
    base_flags = {k: bool(flags.get(k, False)) for k in FLAG_NAMES}
    if base_flags["double_riichi"]:
        base_flags["riichi"] = True
    extra = tuple(sorted((k, v) for k, v in flags.items() if k not in FLAG_NAMES))
    sit = Situation(
        seat_wind=parse_wind(rec.get("seat_wind", "E")),
        round_wind=parse_wind(rec.get("round_wind", rnd.get("round_wind", "E"))),
        dora_indicators=_tiles(rec, "dora_indicators"),
        ura_indicators=_tiles(rec, "ura_dora_indicators"),
        honba=honba,
        riichi_sticks=sticks,
        discarder=discarder,
        pao=int(pao) if pao is not None else None,
        flags=extra,
        **base_flags,
    )
    return hand, sit, rules


def riichi_result(s: Score, rec_id: Any = None) -> dict[str, Any]:
    """Writes a score as the interchange result object.

    Local yaku are listed like the others; a local limit yaku also carries its ``limit``
    (the floor of the hand's basic points) and ``fixed`` when the hand is worth exactly it.
    """
    yaku: list[dict[str, Any]] = [{"id": y.id, "han": y.han} for y in s.yaku]
    for entry, hit in zip(yaku, s.yaku, strict=True):
        if hit.limit is not None:
            entry.update(limit=hit.limit, fixed=hit.fixed)
    yaku += [{"id": d.id, "han": d.han} for d in s.dora]
    return {
        "id": rec_id,
        "variant": "riichi",
        "rules": s.rules.name,
        "han": s.han,
        "fu": s.fu,
        "points": s.points,
        "limit": s.limit,
        "yaku": yaku,
        "yakuman": [{"id": y.id, "multiplier": y.han} for y in s.yakuman],
        "fu_parts": [{"id": p.id, "fu": p.fu, "detail": p.detail} for p in s.fu_parts],
        "payments": dict(s.base_payments),
        "paid_by": [
            {"from_rel": p.payer, "amount": p.amount, "honba": p.honba, "reason": p.reason}
            for p in s.payments
        ],
        "deltas": list(s.deltas) if s.deltas is not None else None,
        "error": None,
    }


def nagashi_result(rec: Mapping[str, Any]) -> dict[str, Any]:
    """Prices a nagashi mangan record (``flags.nagashi_mangan``); its tiles are not read.

    :raises TenpaiError: when the rules do not play it, or require a closed hand and a meld
        is listed.
    """
    from .riichi.nagashi import score_nagashi

    rules = rules_of_record(rec)
    rnd = dict(rec.get("round") or {})
    sit = Situation(
        seat_wind=parse_wind(rec.get("seat_wind", "E")),
        round_wind=parse_wind(rec.get("round_wind", rnd.get("round_wind", "E"))),
        honba=int(rnd.get("honba", 0) or 0),
        riichi_sticks=int(rnd.get("riichi_sticks", 0) or 0),
        nagashi_mangan=True,
    )
    closed = all(str(m.get("type")) == "ankan" for m in rec.get("melds") or [])
    s = score_nagashi(sit, rules, closed=closed)
    return {
        "id": rec.get("id"),
        "variant": "riichi",
        "rules": rules.name,
        "han": None,
        "fu": None,
        "points": s.points,
        "limit": "mangan",
        "yaku": [{"id": "nagashi_mangan", "han": 0}],
        "yakuman": [],
        "fu_parts": [],
        "payments": {"dealer": 4000, "non_dealer": 2000}
        if not sit.is_dealer
        else {"non_dealer": 4000},
        "paid_by": [
            {"from_rel": p.payer, "amount": p.amount, "honba": p.honba, "reason": p.reason}
            for p in s.payments
        ],
        "deltas": list(s.deltas),
        "error": None,
    }


def error_result(e: Exception, rec_id: Any = None, variant: str = "riichi") -> dict[str, Any]:
    """Writes an error as the interchange result object (``error`` set, no score)."""
    kind_ = e.kind if isinstance(e, TenpaiError) else "InvalidRecord"
    return {"id": rec_id, "variant": variant, "error": {"type": kind_, "message": str(e)}}


def _check_shape(rec: Mapping[str, Any]) -> None:
    """Checks the JSON types of a riichi record's containers.

    :raises InvalidHand: naming the field that has the wrong type.
    """
    for key in ("flags", "round"):
        if rec.get(key) is not None and not isinstance(rec[key], Mapping):
            raise InvalidHand(f"field {key!r} must be an object, not {rec[key]!r}")
    melds = rec.get("melds")
    if melds is not None and not (
        isinstance(melds, list) and all(isinstance(m, Mapping) for m in melds)
    ):
        raise InvalidHand(f"field 'melds' must be a list of objects, not {melds!r}")


def score_many(records: Iterable[Any]) -> Iterator[dict[str, Any]]:
    """Scores many records (each a decoded JSON value, or a line of JSON text) into one
    result each, in order, as :func:`score_record` does; never raises for bad input (a line
    that is not JSON gives an error result naming its line number: its place from 1, as in
    a file). Blank lines are no record: they give no result but keep their number.

    The batch entry point of researchers and of ``tenpai score --jsonl``: results come one
    by one, so a batch of any size runs in bounded memory.

    >>> [r["error"]["message"] for r in score_many(['{"hand": 1}', "nope"])][1]
    'line 2: not JSON (Expecting value)'
    """
    loads = json.loads
    for n, rec in enumerate(records, 1):
        if isinstance(rec, str | bytes):
            if not rec.strip():
                continue
            try:
                rec = loads(rec)  # noqa: PLW2901 (the line, decoded)
            except json.JSONDecodeError as e:
                yield error_result(ValueError(f"line {n}: not JSON ({e.msg})"))
                continue
        yield score_record(rec)


def score_record(rec: Any) -> dict[str, Any]:
    """Scores one record (riichi; Hong Kong when ``variant`` is ``"hk"``) into a result.

    Never raises for bad input: the result then carries ``error``.
    """
    if not isinstance(rec, Mapping):
        return error_result(ValueError("a record is a JSON object"), None)
    rec_id = rec.get("id")
    variant = rec.get("variant", "riichi")
    try:
        if variant == "hk":
            from .hk.records import score_hk_record

            result: dict[str, Any] = score_hk_record(rec)
            return result
        if variant != "riichi":
            raise RulesError(f"unknown variant {variant!r} (riichi or hk)")
        _check_shape(rec)
        if (rec.get("flags") or {}).get("nagashi_mangan"):
            return nagashi_result(rec)
        hand, sit, rules = read_riichi_record(rec)
        return riichi_result(score(hand, sit, rules), rec_id)
    except TenpaiError as e:
        return error_result(e, rec_id, str(variant))
    except (TypeError, ValueError, KeyError, AttributeError) as e:
        return error_result(ValueError(f"malformed record: {e}"), rec_id, str(variant))
