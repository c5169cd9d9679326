"""Hong Kong hands in the JSON interchange format (docs/records.md), in and out.

A record holds ``hand`` (the concealed tiles, the winning tile included; ``closed_tiles`` is
accepted too), ``win_tile``, ``melds`` (``{"type": "chow"|"pung"|"kong", "tiles", "open"}``,
optionally ``"from"``: the seat that fed it), ``self_drawn`` (or ``tsumo``), ``seat_wind``,
``round_wind``, ``discarder``, ``flowers``, ``special`` (a list of situation words, see
:data:`SPECIAL_WORDS`) or ``flags`` (the riichi names: ``rinshan``, ``chankan``, ...), and
``rules``: a preset name or ``{"preset"|"profile": NAME, option: value}``. Payment-only records
(``hand`` null) give ``fan_given``. Unknown fields are ignored.

>>> out = score_record({"id": "x", "hand": "234m567m345p456s99s", "win_tile": "6s",
...                        "self_drawn": True, "seat_wind": "S"})
>>> out["fan"], out["items"][0], out["payments"]
(4, {'id': 'no_flowers', 'fan': 1}, {'E': -8, 'S': 24, 'W': -8, 'N': -8})
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..batch import error_result
from ..errors import InvalidHand, InvalidSituation, Localized, RulesError, msg, quoted
from ..fields import (
    BOOL,
    COUNT,
    ID,
    NAME_OR_OBJECT,
    OBJECT,
    OBJECTS,
    SEAT,
    TEXT,
    TEXTS,
    Field,
    Schema,
    check_fields,
    enum,
    read_field,
)
from ..hand import Hand, Meld, check_meld
from ..tiles import Tile, is_bonus, kind, parse_tile, parse_tiles, tile_name
from .payment import SEAT_NAMES, Amount, Settlement, false_win_penalty, settle
from .rules import HKRules, find_rules, rules_from_mapping
from .score import HKScore
from .score import score as score_hk
from .situation import HKSituation, parse_seat

__all__ = [
    "FIELDS",
    "SPECIAL_WORDS",
    "HKRecord",
    "read_record",
    "result_dict",
    "score_record",
]

SPECIAL_WORDS: dict[str, str] = {
    "kong_replacement": "kong_replacement",
    "double_kong_replacement": "double_kong_replacement",
    "robbing_kong": "robbing_kong",
    "last_tile": "last_tile",
    "last_discard": "last_tile",
    "heavenly": "heavenly",
    "earthly": "earthly",
    "human": "human",
    "flower_win": "flower_win",
    "flower_replacement": "flower_replacement",
}
"""``special`` words that set one flag of :class:`HKSituation` (besides ``pao_self_draw``,
``pao_discard``, ``seven_rob_one`` and ``false_win``, which also move seats around)."""

_FLAG_WORDS = {
    "rinshan": "kong_replacement",
    "chankan": "robbing_kong",
    "haitei": "last_tile",
    "houtei": "last_tile",
    "tenhou": "heavenly",
    "chiihou": "earthly",
    "renhou": "human",
}
_MELD_TYPES = {
    "chow": "chi",
    "chi": "chi",
    "pung": "pon",
    "pon": "pon",
    "kong": "kan",
    "daiminkan": "kan",
    "shouminkan": "kakan",
    "kakan": "kakan",
    "ankan": "ankan",
}
FIELDS = Schema(
    Field("id", ID),
    Field("rules", NAME_OR_OBJECT),
    Field("hand", TEXT),
    Field("closed_tiles", TEXT),
    Field("win_tile", TEXT),
    Field("melds", OBJECTS),
    Field("melds[].type", TEXT),
    Field("melds[].tiles", TEXT),
    Field("melds[].open", BOOL),
    Field("melds[].added", BOOL),
    Field("melds[].from", SEAT),
    Field("melds[].from_rel", enum(1, 2, 3)),
    Field("self_drawn", BOOL),
    Field("tsumo", BOOL),
    Field("seat_wind", SEAT),
    Field("winner", SEAT),
    Field("round_wind", SEAT),
    Field("discarder", SEAT),
    Field("flowers", TEXTS),
    Field("special", TEXTS),
    Field("flags", OBJECT),
    *(Field(f"flags.{word}", BOOL) for word in _FLAG_WORDS),
    Field("pao_from_rel", enum(1, 2, 3)),
    Field("fan_given", COUNT, most=1000),
)
"""The fields of a Hong Kong record that are read, with their JSON types (the options
of ``rules`` are checked by the rules themselves)."""

# The English Wikipedia profile of hk-cases.json describes its payment model in its own words.
_ENWP_LADDER = {"3": 1, "4-6": 2, "7-9": 4, "10+": 8}
_COMPOSED = re.compile(r"\(=\s*(\d+)\s*\)\s*$")


@dataclass(frozen=True, slots=True)
class HKRecord:
    """One record read: *hand* (None for payment-only records), *situation*, *rules*;
    *fan_given* for payment-only records, *false_win* when the win is declared false.
    """

    id: str | None
    hand: Hand | None
    situation: HKSituation
    rules: HKRules
    fan_given: int | None = None
    false_win: bool = False


def _rules_of(obj: Mapping[str, Any]) -> HKRules:
    spec = obj.get("rules")
    if spec is None:
        return find_rules("hk")
    if isinstance(spec, str):
        return find_rules(spec)
    if not isinstance(spec, Mapping):
        raise RulesError.of(msg("errors.hk2.records_rules", spec=spec))
    options: dict[str, object] = {}
    for key, value in spec.items():
        if key == "base_point_table":
            if value != _ENWP_LADDER:
                raise RulesError.of(
                    msg("errors.hk2.records_base_point_table", value=value, only=_ENWP_LADDER)
                )
            options["payment_model"] = "base_points_with_doubles"
        elif key == "discarder_pays_double":
            options["responsibility"] = "half" if value else "full"
        elif key == "self_draw_all_pay_double":
            if not value:
                raise RulesError.of(msg("errors.hk2.records_self_draw"))
        elif key == "dealer_pays_and_receives_double":
            options["dealer_multiplier"] = 2 if value else 1
        elif isinstance(value, str) and (m := _COMPOSED.search(value)):
            options[key] = int(m.group(1))  # "3+dragon pungs (=5)": the composed value
        else:
            options[key] = value
    return rules_from_mapping(options)


def _seat(obj: Mapping[str, Any], key: str, default: str | None) -> int | None:
    """Reads the seat *key* of *obj* (null: not given, the *default*)."""
    value = obj.get(key)
    if value is None:
        value = default
    return None if value is None else parse_seat(value)


_MELD_OF_WORD = {"chi": "chi", "pon": "pon", "kan": "daiminkan", "kakan": "shouminkan"}


def _meld(m: Mapping[str, Any], i: int, winner: int) -> tuple[Meld, bool]:
    """Reads the *i*-th meld (its fields checked by FIELDS); tells whether its source
    was given."""
    mtype = str(m.get("type") or "").lower()
    word = _MELD_TYPES.get(mtype)
    if word is None:
        raise InvalidHand.of(msg("errors.hk.records.meld_type", mtype=quoted(mtype)))
    is_open = m.get("open", mtype != "ankan") is not False  # checked: a boolean or null
    if word == "kan" and not is_open:
        word = "ankan"
    if word == "kan" and m.get("added") is True:
        word = "kakan"
    text = m.get("tiles") or ""
    if not is_open and word != "ankan":
        raise InvalidHand.of(msg("errors.hk.records.closed_meld", mtype=mtype, text=quoted(text)))
    tiles = read_field(f"melds[{i}].tiles", parse_tiles, text)
    rel: int | None = None
    if word == "ankan":
        rel = 0
    elif m.get("from") is not None:
        rel = (parse_seat(m["from"]) - winner) % 4
        if rel == 0:
            raise InvalidHand.of(msg("errors.hk.records.self_fed", text=quoted(text)))
    elif m.get("from_rel") is not None:
        rel = m["from_rel"]
    known = rel is not None
    meld = Meld(_MELD_OF_WORD.get(word, "ankan"), tiles, 3 if rel is None else rel)
    try:
        check_meld(meld)
    except InvalidHand as e:  # name the meld as the record writes it
        error = Localized(e.message_in)
        raise InvalidHand.of(
            msg("errors.hk.records.meld", i=i, text=quoted(text), error=error)
        ) from None
    return meld, known


def _hand(obj: Mapping[str, Any], winner: int, self_drawn: bool) -> tuple[Hand | None, bool]:
    text = obj.get("hand", obj.get("closed_tiles"))
    if text is None:
        return None, True
    tiles = list(read_field("hand", parse_tiles, text))
    melds: list[Meld] = []
    known = True
    for i, m in enumerate(obj.get("melds") or ()):
        meld, given = _meld(m, i, winner)
        melds.append(meld)
        known = known and (given or not meld.is_open)
    win_text = obj.get("win_tile")
    win: Tile | None = None
    if win_text is not None:
        win = read_field("win_tile", parse_tile, win_text)
        if is_bonus(win):
            raise InvalidHand.of(msg("errors.hk.records.bonus_win", tile=tile_name(win)))
        match = next((t for t in tiles if t == win), None)
        if match is None:
            match = next((t for t in tiles if kind(t) == kind(win)), None)
        if match is None:
            raise InvalidHand.of(
                msg("errors.hk.records.win_not_in_hand", tile=quoted(win_text), hand=quoted(text))
            )
        tiles.remove(match)
        win = match
    # the errors that quote the hand quote it as the record writes it (not sorted)
    written = " ".join(
        [
            "".join(map(str, text)) if isinstance(text, list) else str(text),
            *(f"{m.get('type', '')} {m.get('tiles', '')}" for m in obj.get("melds") or ()),
        ]
    ).strip()
    return Hand(
        tuple(tiles), tuple(melds), win, self_drawn and win is not None, text=written
    ), known


def read_record(obj: Mapping[str, Any]) -> HKRecord:
    """Reads one Hong Kong record (a JSON object) into hand, situation and rules.

    :raises NotationError, InvalidHand, InvalidSituation, RulesError: on a bad field, naming it.

    >>> chows = [{"type": "chow", "tiles": t, "open": True} for t in ("123m", "456m", "789m")]
    >>> r = read_record({"hand": "23411p", "win_tile": "1p", "self_drawn": False,
    ...     "discarder": "N", "melds": chows, "rules": {"profile": "yawnoc", "cap": 10}})
    >>> r.hand
    Hand.parse('1234p chi 123m:left chi 456m:left chi 789m:left ron 1p')
    >>> r.situation.discarder, r.situation.meld_sources_known, r.rules.name, r.rules.cap
    (3, False, 'yawnoc', 10)
    """
    check_fields(obj, FIELDS)
    rules = _rules_of(obj)
    winner = _seat(obj, "seat_wind", None)
    if winner is None:  # 'winner' is the older name of 'seat_wind'; East when neither is given
        given = obj.get("winner")
        winner = parse_seat("E" if given is None else given)
    special = list(obj.get("special") or ())
    flags: dict[str, bool] = {}
    for word in special:
        if word in SPECIAL_WORDS:
            flags[SPECIAL_WORDS[word]] = True
        elif word not in ("pao_self_draw", "pao_discard", "seven_rob_one", "false_win"):
            words = ", ".join((*SPECIAL_WORDS, "pao_self_draw", "pao_discard", "seven_rob_one"))
            raise InvalidSituation.of(
                msg("errors.hk.records.special", word=quoted(word), known=words)
            )
    for word, value in (obj.get("flags") or {}).items():
        if word in _FLAG_WORDS and value is True:
            flags[_FLAG_WORDS[word]] = True
    drawn = obj.get("self_drawn")
    self_drawn = (drawn if drawn is not None else obj.get("tsumo")) is True
    discarder = _seat(obj, "discarder", None)
    liable: int | None = None
    robbed: int | None = None
    if obj.get("pao_from_rel") is not None:
        liable = (winner + obj["pao_from_rel"]) % 4
    if "pao_self_draw" in special:  # 'discarder' names the liable player of a self-draw
        self_drawn, liable, discarder = True, discarder, None
    if "pao_discard" in special:  # the discarder pays the whole discard total (包打出)
        liable = discarder
    if "seven_rob_one" in special:
        robbed, discarder, self_drawn = discarder, None, False
    if flags.get("flower_win"):
        self_drawn = True
    hand, known = _hand(obj, winner, self_drawn)
    flowers = tuple(
        read_field(f"flowers[{i}]", parse_tile, f) for i, f in enumerate(obj.get("flowers") or ())
    )
    sit = HKSituation(
        seat=winner,
        round_wind=_seat(obj, "round_wind", "E") or 0,
        self_drawn=None if hand is not None else self_drawn,
        discarder=discarder,
        flowers=flowers,
        robbed_flower_from=robbed,
        liable=liable,
        meld_sources_known=known,
        **flags,
    )
    fan_given = obj.get("fan_given")
    return HKRecord(
        id=None if obj.get("id") is None else str(obj["id"]),
        hand=hand,
        situation=sit,
        rules=rules,
        fan_given=fan_given,
        false_win="false_win" in special,
    )


def _json_amount(a: Amount) -> int | float:
    return a if isinstance(a, int) else float(a)


def _payments(values: tuple[Amount, ...]) -> dict[str, int | float]:
    return {SEAT_NAMES[i]: _json_amount(v) for i, v in enumerate(values)}


def result_dict(score: HKScore, *, id: str | None = None) -> dict[str, Any]:
    """Writes a score as the interchange output object (``fan``, ``raw_fan``, ``items``,
    ``payments`` per seat E S W N, ``error``: null).
    """
    return {
        "id": id,
        "variant": "hk",
        "rules": score.rules.name,
        "fan": score.fan,
        "raw_fan": score.raw_fan,
        "items": [{"id": h.id, "fan": h.fan} for h in score.items],
        "limit": score.limit,
        "payments": _payments(score.payments),
        "liable": None if score.liable is None else SEAT_NAMES[score.liable],
        "arrangement": score.arrangement,
        "error": None,
    }


def _settlement_dict(
    rec: HKRecord, fan: int | None, raw: int | None, money: Settlement
) -> dict[str, Any]:
    return {
        "id": rec.id,
        "variant": "hk",
        "rules": rec.rules.name,
        "fan": fan,
        "raw_fan": raw,
        "items": [],
        "limit": None,
        "payments": _payments(money.payments),
        "liable": None if rec.situation.liable is None else SEAT_NAMES[rec.situation.liable],
        "false_win": rec.false_win,
        "error": None,
    }


def score_record(obj: Mapping[str, Any]) -> dict[str, Any]:
    """Scores one record and writes the result object; a bad record gives ``error``
    (``{"type": "NoYaku"|"NotAWinningHand"|..., "message"}``) and never raises.

    A payment-only record (``fan_given``, no ``hand``) is settled at the capped fan; a record
    with ``special: ["false_win"]`` is priced as a false win (詐糊) of the ``seat_wind`` player.
    """
    rid = None if type(obj.get("id")) not in (str, int) else str(obj.get("id"))
    try:
        rec = read_record(obj)
        sit = rec.situation
        if rec.false_win:
            return _settlement_dict(rec, None, None, false_win_penalty(sit.seat, rec.rules))
        if rec.hand is None and not sit.flower_win:
            if rec.fan_given is None:
                raise InvalidHand.of(msg("errors.hk.records.no_hand"))
            fan = rec.rules.capped(rec.fan_given)
            money = settle(
                fan,
                rec.rules,
                winner=sit.seat,
                self_drawn=bool(sit.self_drawn),
                discarder=sit.discarder,
                robbing_kong=sit.robbing_kong,
                robbed_flower_from=sit.robbed_flower_from,
                liable=sit.liable,
            )
            return _settlement_dict(rec, fan, rec.fan_given, money)
        hand = rec.hand if rec.hand is not None else Hand(())
        return result_dict(score_hk(hand, sit, rec.rules), id=rec.id)
    except Exception as exc:  # bad input (TenpaiError) or a bug of ours: this record's error
        return error_result(exc, rid, "hk")
