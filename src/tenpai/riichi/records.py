"""The JSON interchange format (docs/records.md): riichi records in, results out.

A record is a plain ``dict`` (one JSON object); :func:`read_record` turns it into
``(Hand, Situation, Ruleset)`` and :func:`result_dict` turns a :class:`Score` back into a
JSON-ready ``dict``. :func:`score_record` does both and never raises on bad input: it
returns an error record instead, so that one bad line never stops a batch.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from ..batch import error_result
from ..errors import (
    InvalidHand,
    InvalidRecord,
    InvalidSituation,
    Localized,
    RulesError,
    msg,
    quoted,
)
from ..fields import (
    BOOL,
    COUNT,
    ID,
    NAME_OR_OBJECT,
    OBJECT,
    OBJECTS,
    TEXT,
    TILES,
    Field,
    Schema,
    check_fields,
    enum,
    read_field,
)
from ..hand import Hand, Meld, check_meld
from ..tiles import MAX_TEXT, NORTH, Tile, kind, parse_tile, parse_tiles
from .fu import fu_detail
from .rules import MOST_COUNTERS, Ruleset, find_rules, rules_from_mapping
from .score import Score, score
from .situation import FLAG_NAMES, Situation, parse_wind

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "FIELDS",
    "nagashi_result",
    "read_record",
    "result_dict",
    "rules_of_record",
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


_SEAT_INDEX = enum(0, 1, 2, 3)
_FROM_REL = enum(1, 2, 3)
FIELDS = Schema(
    Field("id", ID),
    Field("rules", NAME_OR_OBJECT),
    Field("ruleset", OBJECT),
    Field("ruleset.aka", BOOL),
    Field("ruleset.kuitan", BOOL),
    Field("ruleset.players", enum(3, 4)),
    Field("ruleset.standard_rules", BOOL),
    Field("closed_tiles", TILES),
    Field("win_tile", TEXT),
    Field("melds", OBJECTS),
    Field("melds[].type", TEXT),
    Field("melds[].tiles", TEXT),
    Field("melds[].called_tile", TEXT),
    Field("melds[].from_rel", enum(0, 1, 2, 3)),
    Field("tsumo", BOOL),
    Field("seat_wind", TEXT),
    Field("round_wind", TEXT),
    Field("dora_indicators", TILES),
    Field("ura_dora_indicators", TILES),
    Field("flags", OBJECT),
    *(Field(f"flags.{name}", BOOL) for name in FLAG_NAMES),
    Field("round", OBJECT),
    Field("round.honba", COUNT, most=MOST_COUNTERS),
    Field("round.riichi_sticks", COUNT, most=MOST_COUNTERS),
    Field("round.round_wind", TEXT),
    Field("multi_ron_index", COUNT, most=2),
    Field("winner", _SEAT_INDEX),
    Field("from_who", _SEAT_INDEX),
    Field("tenhou", OBJECT),
    Field("tenhou.pao_who", _SEAT_INDEX),
    Field("pao_from_rel", _FROM_REL),
    Field("discarder_from_rel", _FROM_REL),
)
"""The fields of a riichi record that are read (docs/records.md), with their JSON types;
the local-yaku inputs among ``flags`` are read by their own readers."""


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
        if tr.get("standard_rules") is False:
            changes["kiriage"] = True
        preset = "tenhou3" if tr.get("players") == 3 else "tenhou"  # Tenhou's sanma rooms
        return _tenhou_rules(preset, tuple(sorted(changes.items())))
    if rules is not None:
        raise RulesError.of(msg("errors.riichi2.records_rules", spec=rules))
    return find_rules("bareme")


@lru_cache(maxsize=16)
def _tenhou_rules(preset: str, changes: tuple[tuple[str, Any], ...]) -> Ruleset:
    """Gets the Tenhou *preset* with *changes*: one (immutable) ruleset for all the records
    that ask for it, so that a batch shares the scorer's tables."""
    base = find_rules(preset)
    return base.with_options(**dict(changes)) if changes else base


# Records repeat the same short tile strings (indicators, melds): they are read once.
_parse = lru_cache(maxsize=4096)(parse_tiles)


def _tiles(rec: Mapping[str, Any], key: str) -> tuple[Tile, ...]:
    v = rec.get(key)  # checked by FIELDS: a string or a list of strings
    if v is None:
        return ()
    if isinstance(v, str):
        return read_field(key, _parse, v)
    if len(v) > MAX_TEXT // 2:
        raise InvalidRecord.of(msg("errors.riichi_record.many_tiles", key=key, n=len(v)))
    out: list[Tile] = []
    for i, x in enumerate(v):
        out.extend(read_field(f"{key}[{i}]", _parse, x))
    return tuple(out)


def _meld(m: Mapping[str, Any], i: int) -> Meld:
    """Reads the meld *m*, the *i*-th (its fields checked by FIELDS)."""
    mtype = _MELD_TYPES.get(str(m.get("type") or "").lower())
    if mtype is None:
        raise InvalidHand.of(msg("errors.riichi_record.meld_type", type=quoted(str(m.get("type")))))
    tiles = list(read_field(f"melds[{i}].tiles", _parse, m.get("tiles") or ""))
    called = m.get("called_tile")
    if called and mtype != "ankan":
        ct = read_field(f"melds[{i}].called_tile", parse_tile, called)
        if ct in tiles:
            tiles.remove(ct)
            tiles.insert(0, ct)
    rel = m.get("from_rel")
    if mtype == "ankan":
        from_rel = 0
    elif rel is None:
        from_rel = 3  # not given: the player on the left (the only one a chi comes from)
    elif rel == 0:
        raise InvalidHand.of(
            msg("errors.riichi_record.from_none", type=mtype, tiles=quoted(m.get("tiles") or ""))
        )
    else:
        from_rel = rel
    meld = Meld(mtype, tuple(tiles), from_rel)
    try:
        check_meld(meld)
    except InvalidHand as e:  # name the meld as the record writes it
        where = msg("errors.riichi_record.meld", i=i, tiles=quoted(m.get("tiles") or ""))
        raise InvalidHand.of(where, msg("errors.plain", text=Localized(e.message_in))) from None
    return meld


def _kita(m: Mapping[str, Any]) -> int:
    """Reads a kita entry of ``melds`` (``{"type": "kita", "tiles": "4z"}``): how many norths
    it sets aside (one per entry, as game logs write them).

    :raises InvalidHand: when its tiles are not norths.
    """
    tiles = parse_tiles(str(m.get("tiles", "")))
    if not tiles or any(t != NORTH for t in tiles):
        raise InvalidHand.of(msg("errors.riichi_record.kita", tiles=quoted(str(m.get("tiles")))))
    return len(tiles)


def _written(rec: Mapping[str, Any]) -> str:
    """Gets the record's tiles as it writes them, for the errors that quote the hand (a hand
    of 13 tiles is quoted as typed, not sorted): its ``closed_tiles`` (the winning tile
    among them), then each meld's type and tiles."""
    closed = rec.get("closed_tiles")
    parts = ["".join(map(str, closed)) if isinstance(closed, list) else str(closed or "")]
    for m in rec.get("melds") or []:
        parts.append(f"{m.get('type', '')} {m.get('tiles', '')}")
    return " ".join(p.strip() for p in parts if p.strip())


def read_record(rec: Mapping[str, Any]) -> tuple[Hand, Situation, Ruleset]:
    """Reads a riichi record into a hand, its situation and its rules.

    :raises TenpaiError: (a subclass) naming the field that is wrong.
    """
    check_fields(rec, FIELDS)
    rules = rules_of_record(rec)
    closed = list(_tiles(rec, "closed_tiles"))
    win_txt = rec.get("win_tile")
    if not win_txt:
        raise InvalidHand.of(msg("errors.riichi_record.no_win_tile"))
    win = read_field("win_tile", parse_tile, win_txt)
    # take the winning tile out of the concealed tiles, the same red-ness first
    if win in closed:
        closed.remove(win)
    else:
        same = [t for t in closed if kind(t) == kind(win)]
        if not same:
            raise InvalidHand.of(msg("errors.riichi_record.win_tile", tile=quoted(win_txt)))
        closed.remove(same[0])
        win = same[0]
    melds = []
    kita = 0
    for i, m in enumerate(rec.get("melds") or []):
        if str(m.get("type")).lower() == "kita":
            kita += _kita(m)
            continue
        melds.append(_meld(m, i))
    tsumo = rec.get("tsumo") is True
    hand = Hand(tuple(closed), tuple(melds), win, tsumo, kita, text=_written(rec))
    flags = dict(rec.get("flags") or {})
    rnd = dict(rec.get("round") or {})
    honba = rnd.get("honba") or 0
    sticks = rnd.get("riichi_sticks") or 0
    if rec.get("multi_ron_index"):
        honba = sticks = 0  # only the first winner of a discard takes honba and sticks
    discarder = None
    pao = rec.get("pao_from_rel")
    if rec.get("winner") is not None and rec.get("from_who") is not None:
        w = rec["winner"]
        seats = rules.players  # seats are numbered around the table: 3 or 4 of them
        if not tsumo:
            discarder = (rec["from_who"] - w) % seats
            if discarder == 0:
                raise InvalidSituation.of(msg("errors.riichi_record.ron_self", winner=w))
        th = rec.get("tenhou") or {}
        if pao is None and th.get("pao_who") is not None:
            pao = (th["pao_who"] - w) % seats
    elif rec.get("discarder_from_rel") is not None:
        discarder = rec["discarder_from_rel"]
    base_flags = {k: flags.get(k) is True for k in FLAG_NAMES}
    if base_flags["double_riichi"]:
        base_flags["riichi"] = True
    extra = tuple(sorted((k, v) for k, v in flags.items() if k not in FLAG_NAMES))
    sit = Situation(
        seat_wind=parse_wind(rec.get("seat_wind") or "E"),
        round_wind=parse_wind(rec.get("round_wind") or rnd.get("round_wind") or "E"),
        dora_indicators=_tiles(rec, "dora_indicators"),
        ura_indicators=_tiles(rec, "ura_dora_indicators"),
        honba=honba,
        riichi_sticks=sticks,
        discarder=discarder,
        pao=pao or None,
        flags=extra,
        **base_flags,
    )
    return hand, sit, rules


def result_dict(s: Score, rec_id: Any = None) -> dict[str, Any]:
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
        "fu_parts": [
            {"id": p.id, "fu": p.fu, "rule": p.rule, "tiles": p.tiles, "detail": fu_detail(p)}
            for p in s.fu_parts
        ],
        "payments": dict(s.base_payments),
        "paid_by": [
            {"from_rel": p.payer, "amount": p.amount, "honba": p.honba, "reason": p.reason}
            for p in s.payments
        ],
        "deltas": list(s.deltas[: s.rules.players]) if s.deltas is not None else None,
        "error": None,
    }


def nagashi_result(rec: Mapping[str, Any]) -> dict[str, Any]:
    """Prices a nagashi mangan record (``flags.nagashi_mangan``); its tiles are not read.

    :raises TenpaiError: when the rules do not play it, or require a closed hand and a meld
        is listed.
    """
    from .nagashi import score_nagashi

    check_fields(rec, FIELDS)
    rules = rules_of_record(rec)
    rnd = dict(rec.get("round") or {})
    sit = Situation(
        seat_wind=parse_wind(rec.get("seat_wind") or "E"),
        round_wind=parse_wind(rec.get("round_wind") or rnd.get("round_wind") or "E"),
        honba=rnd.get("honba") or 0,
        riichi_sticks=rnd.get("riichi_sticks") or 0,
        nagashi_mangan=True,
    )
    closed = all(m.get("type") == "ankan" for m in rec.get("melds") or [])
    s = score_nagashi(sit, rules, closed=closed)
    base = {"dealer": 4000, "non_dealer": 2000} if not sit.is_dealer else {"non_dealer": 4000}
    if rules.players == 3:
        from .sanma import hand_payments

        base = hand_payments(2000, dealer=sit.is_dealer, tsumo=True, rules=rules)
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
        "payments": base,
        "paid_by": [
            {"from_rel": p.payer, "amount": p.amount, "honba": p.honba, "reason": p.reason}
            for p in s.payments
        ],
        "deltas": list(s.deltas[: rules.players]),
        "error": None,
    }


def score_record(rec: Mapping[str, Any]) -> dict[str, Any]:
    """Scores one riichi record into a result; never raises for bad input: the result then
    carries ``error`` (:func:`tenpai.interchange.score_record` reads a record of any variant)."""
    rec_id = rec.get("id")
    try:
        flags = rec.get("flags")
        if isinstance(flags, Mapping) and flags.get("nagashi_mangan") is True:
            return nagashi_result(rec)
        hand, sit, rules = read_record(rec)
        return result_dict(score(hand, sit, rules), rec_id)
    except Exception as e:  # bad input (TenpaiError) or a bug of ours: this record's error
        return error_result(e, rec_id if type(rec_id) in (str, int) else None)
