"""The calculator: one scoring request written as plain text fields (a web form and its
permalink), edited tile by tile, and scored, riichi or Hong Kong, with its explanation.

A :class:`CalcQuery` holds only text, numbers and names, so that it round-trips through a
query string (:func:`read_query` and :func:`query_string`); :func:`edit` adds or removes one
tile or meld; :func:`calculate` reads the hand, the situation and the rules and scores it.

>>> q = read_query({"hand": "234m678p45667s88s ron 5s", "seat": "S", "flag": "riichi"})
>>> query_string(q)
'hand=234m678p45667s88s+ron+5s&seat=S&flag=riichi'
>>> from urllib.parse import parse_qsl
>>> read_query(parse_qsl(query_string(q))) == q
True
>>> c = calculate(q, "en")
>>> c.result["points"], [ln.id for ln in c.lines if ln.section == "yaku"]
(3900, ['riichi', 'pinfu', 'tanyao'])
>>> edit(read_query({"hand": "123m"}), add="4p", to="pon", source="across").hand
'123m pon 444p:across'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any
from urllib.parse import urlencode

from .errors import (
    InvalidHand,
    InvalidSituation,
    Localized,
    NotationError,
    RulesError,
    TenpaiError,
    msg,
)
from .hand import Hand, Meld, check_copies, check_meld
from .hk.situation import WIN_FLAGS as HK_WIN_FLAGS
from .i18n import tr
from .riichi.situation import WIN_FLAGS
from .tiles import NORTH, Tile, format_tiles, is_bonus, kind, parse_tile, parse_tiles
from .variants import VARIANTS, find_variant

__all__ = [
    "EDIT_TARGETS",
    "HK_FLAGS",
    "MAX_FIELD",
    "RIICHI_FLAGS",
    "CalcLine",
    "CalcQuery",
    "Calculation",
    "calculate",
    "edit",
    "query_pairs",
    "query_string",
    "read_query",
]

MAX_FIELD = 200
"""The longest text a field may hold (a hand with four kans is under 60 characters)."""

RIICHI_FLAGS = WIN_FLAGS
"""The riichi situation flags the calculator offers (docs/records.md)."""

HK_FLAGS = HK_WIN_FLAGS
"""The Hong Kong situation flags the calculator offers (docs/generated/hk-fan.fr.md)."""

EDIT_TARGETS = (
    "hand",
    "ron",
    "tsumo",
    "chi",
    "pon",
    "kan",
    "kakan",
    "ankan",
    "dora",
    "ura",
    "kita",
    "flower",
)
"""Where :func:`edit` puts a tile: the concealed tiles, the winning tile (ron or tsumo), a new
meld of that tile, the dora or ura dora indicators, a kita (a north set aside, three players),
the Hong Kong bonus tiles."""

_WINDS = ("E", "S", "W", "N")
_WIND_WORDS = {
    "e": "E",
    "s": "S",
    "w": "W",
    "n": "N",
    "east": "E",
    "south": "S",
    "west": "W",
    "north": "N",
    "est": "E",
    "sud": "S",
    "ouest": "W",
    "o": "W",
    "nord": "N",
}
_SOURCES = {"left": 3, "across": 2, "right": 1}
_MELD_TYPE = {
    "chi": "chi",
    "pon": "pon",
    "kan": "daiminkan",
    "kakan": "shouminkan",
    "ankan": "ankan",
}
_REPEATED = ("flag", "opt", "local")


@dataclass(frozen=True, slots=True)
class CalcQuery:
    """A scoring request as text fields.

    *hand* is the one-line hand notation; *seat* and *round* are ``E``/``S``/``W``/``N``;
    *flags* the situation flags of the variant (:data:`RIICHI_FLAGS`, :data:`HK_FLAGS`);
    *dora*, *ura* and *flowers* are MPSZ tiles; *source* is who dealt in on a ron
    (``left``, ``across``, ``right`` or ``""``); *rules* a preset name (``""``: the variant's
    default), *options* rule options changed from it (name, value as text), *local* the
    enabled local yaku ids (riichi).
    """

    variant: str = "riichi"
    hand: str = ""
    seat: str = "E"
    round: str = "E"
    flags: tuple[str, ...] = ()
    dora: str = ""
    ura: str = ""
    honba: int = 0
    sticks: int = 0
    source: str = ""
    flowers: str = ""
    rules: str = ""
    options: tuple[tuple[str, str], ...] = ()
    local: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CalcLine:
    """One line of the explanation: its *section* (riichi: ``yaku``, ``dora``, ``han``,
    ``fu``, ``fu_total``, ``value``, ``payment``; Hong Kong: ``hand``, ``fan``,
    ``excluded``, ``total``, ``payment``, ``net``), the reason *id*, its *value* as text,
    and the *text* in the reader's language."""

    section: str
    id: str
    value: str
    text: str


@dataclass(frozen=True, slots=True)
class Calculation:
    """A scored query: the *hand* read, the explanation *lines* in the card's order, the
    interchange *result* (docs/records.md), and the score itself (*score* for riichi, a
    :class:`~tenpai.riichi.score.Score`; *hk_score* for Hong Kong)."""

    query: CalcQuery
    hand: Hand
    lines: tuple[CalcLine, ...]
    result: dict[str, Any]
    score: Any = None
    hk_score: Any = None


# ---- reading and writing a query ----------------------------------------------------------


def _pairs(params: Mapping[str, Any] | Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    if isinstance(params, Mapping):
        out: list[tuple[str, str]] = []
        for k, v in params.items():
            if isinstance(v, list | tuple):
                out.extend((str(k), str(x)) for x in v)
            else:
                out.append((str(k), str(v)))
        return out
    return [(str(k), str(v)) for k, v in params]


def _name(field: str) -> Localized:
    """The name of a form field in the reader's language (``errors.calc.name.*``, the words of
    the calculator's labels: ``seat`` → ``vent du joueur``, ``自風``)."""
    return Localized(partial(tr, f"errors.calc.name.{field}"))


def _wind(field: str, value: str) -> str:
    w = _WIND_WORDS.get(value.strip().lower())
    if w is None:
        raise InvalidSituation.of(msg("errors.calc.wind", field=_name(field), value=value))
    return w


def _count(field: str, value: str) -> int:
    text = value.strip()
    if not text:
        return 0
    if not text.isdigit() or int(text) > 99:
        raise InvalidSituation.of(msg("errors.calc.count", field=_name(field), value=value))
    return int(text)


def _tiles_field(field: str, value: str, *, bonus: bool = False) -> str:
    try:
        tiles = parse_tiles(value)
    except NotationError as e:
        raise NotationError.at(
            msg("errors.calc.field", field=_name(field)),
            *e.problem_msgs(),
            text=value,
            start=e.start,
            end=e.end,
        ) from None
    if any(is_bonus(t) != bonus for t in tiles):
        what = "errors.calc.only_bonus" if bonus else "errors.calc.only_tiles"
        raise NotationError.at(msg(what, field=_name(field)), text=value)
    return format_tiles(tiles, sort=False)


def read_query(params: Mapping[str, Any] | Iterable[tuple[str, str]]) -> CalcQuery:
    """Reads a query from its fields (a mapping, or the (name, value) pairs of a query
    string); ``flag``, ``opt`` (``NAME:VALUE``) and ``local`` may repeat, and ``local`` may
    also be a comma list. Unknown names are left alone (a form carries more fields).

    :raises TenpaiError: (a subclass) naming the field that is wrong.

    >>> read_query({"honba": "x"})
    Traceback (most recent call last):
    ...
    tenpai.errors.InvalidSituation: honba: a whole number from 0 to 99, not 'x'
    """
    single: dict[str, str] = {}
    many: dict[str, list[str]] = {k: [] for k in _REPEATED}
    for k, v in _pairs(params):
        if len(v) > MAX_FIELD:
            raise TenpaiError.of(msg("errors.calc.too_long", field=k, most=MAX_FIELD))
        if k in many:
            if len(many[k]) >= 64:
                raise TenpaiError.of(msg("errors.calc.too_many", field=k, most=64))
            many[k].append(v)
        else:
            single[k] = v
    variant = single.get("variant", "riichi").strip().lower() or "riichi"
    if variant not in VARIANTS:
        raise RulesError.of(msg("errors.calc.variant", value=single["variant"]))
    known = VARIANTS[variant].flags
    flags: list[str] = []
    for f in many["flag"]:
        name = f.strip().lower()
        if not name:
            continue
        if name not in known:
            raise InvalidSituation.of(
                msg("errors.calc.flag", variant=variant, flag=f, known=", ".join(known))
            )
        if name not in flags:
            flags.append(name)
    options: list[tuple[str, str]] = []
    for o in many["opt"]:
        name, sep, value = o.partition(":")
        if not sep or not name.strip():
            raise RulesError.of(msg("errors.calc.opt", value=o))
        options.append((name.strip(), value.strip()))
    local: list[str] = []
    for item in many["local"]:
        local.extend(x.strip() for x in item.split(",") if x.strip() and x.strip() not in local)
    source = single.get("from", "").strip().lower()
    if source not in ("", *_SOURCES):
        raise InvalidSituation.of(
            msg("errors.calc.source", field=_name("from"), value=single["from"])
        )
    return CalcQuery(
        variant=variant,
        hand=" ".join(single.get("hand", "").split()),
        seat=_wind("seat", single.get("seat", "E") or "E"),
        round=_wind("round", single.get("round", "E") or "E"),
        flags=tuple(f for f in known if f in flags),
        dora=_tiles_field("dora", single.get("dora", "")),
        ura=_tiles_field("ura", single.get("ura", "")),
        honba=_count("honba", single.get("honba", "")),
        sticks=_count("sticks", single.get("sticks", "")),
        source=source,
        flowers=_tiles_field("flowers", single.get("flowers", ""), bonus=True),
        rules=single.get("rules", "").strip(),
        options=tuple(options),
        local=tuple(dict.fromkeys(local)),
    )


def query_pairs(q: CalcQuery) -> list[tuple[str, str]]:
    """Lists the (name, value) fields of *q* that differ from the defaults, in a fixed
    order (the fields of a permalink)."""
    d = CalcQuery()
    out: list[tuple[str, str]] = []
    for name, value, default in (
        ("variant", q.variant, d.variant),
        ("hand", q.hand, d.hand),
        ("seat", q.seat, d.seat),
        ("round", q.round, d.round),
    ):
        if value != default:
            out.append((name, value))
    out += [("flag", f) for f in q.flags]
    for name, value, default in (
        ("dora", q.dora, ""),
        ("ura", q.ura, ""),
        ("honba", str(q.honba), "0"),
        ("sticks", str(q.sticks), "0"),
        ("from", q.source, ""),
        ("flowers", q.flowers, ""),
        ("rules", q.rules, ""),
    ):
        if value != default:
            out.append((name, value))
    out += [("opt", f"{k}:{v}") for k, v in q.options]
    if q.local:
        out.append(("local", ",".join(q.local)))
    return out


def query_string(q: CalcQuery) -> str:
    """Writes *q* as a query string (without ``?``) that :func:`read_query` reads back."""
    return urlencode(query_pairs(q))


# ---- editing ------------------------------------------------------------------------------


def _hand_of(text: str) -> Hand:
    return Hand.parse(text, validate=False) if text.strip() else Hand(())


def _meld_of(t: Tile, to: str, source: str) -> Meld:
    k = kind(t)
    mtype = _MELD_TYPE[to]
    if mtype == "chi":
        if k >= 27 or k % 9 > 6:
            raise InvalidHand.of(msg("errors.calc.chi_start"))
        rest = [k + 1, k + 2]
        tiles: tuple[Tile, ...] = (t, *rest)
        rel = 3
    else:
        n = 3 if mtype == "pon" else 4
        tiles = (t, *([k] * (n - 1)))
        rel = 0 if mtype == "ankan" else _SOURCES.get(source, 3)
    meld = Meld(mtype, tiles, rel)
    check_meld(meld)
    return meld


def _drop_at(items: Sequence[Any], index: str) -> tuple[Any, ...]:
    if not index.isdigit() or int(index) >= len(items):
        raise TenpaiError.of(msg("errors.calc.remove", index=index))
    i = int(index)
    return tuple(items[:i]) + tuple(items[i + 1 :])


def edit(
    q: CalcQuery,
    *,
    add: str | None = None,
    to: str = "hand",
    source: str = "left",
    drop: str | None = None,
) -> CalcQuery:
    """Gets *q* with one change: *add* puts the tile *add* where *to* says
    (:data:`EDIT_TARGETS`; a meld is made of that tile: the lowest of a chi, called from
    the player on the left, a pon or kan called from *source*); *drop* removes one part:
    ``c3`` (the 4th concealed tile), ``m0`` (the first meld), ``w`` (the winning tile),
    ``k`` (a kita), ``d0``, ``u0``, ``f0`` (an indicator, an ura indicator, a bonus tile).

    :raises TenpaiError: (a subclass) when the tile cannot go there: a fifth copy, a chi of
        honours, a hand that cannot be read.

    >>> q = read_query({"hand": "123m ron 5p"})
    >>> edit(q, add="0p", to="hand").hand, edit(q, drop="w").hand
    ('123m0p ron 5p', '123m')
    >>> edit(q, add="5z", to="chi")
    Traceback (most recent call last):
    ...
    tenpai.errors.InvalidHand: a chi starts at a tile 1-7 of a suit (the lowest tile)
    """
    if drop:
        where, index = drop[:1], drop[1:]
        if where and where in "duf":
            field = {"d": "dora", "u": "ura", "f": "flowers"}[where]
            tiles = _drop_at(parse_tiles(getattr(q, field)), index)
            changes: dict[str, Any] = {field: format_tiles(tiles, sort=False)}
            return dataclasses.replace(q, **changes)
        h = _hand_of(q.hand)
        if where == "c":
            h = dataclasses.replace(h, concealed=_drop_at(h.concealed, index))
        elif where == "m":
            h = dataclasses.replace(h, melds=_drop_at(h.melds, index))
        elif where == "w":
            h = dataclasses.replace(h, win_tile=None, tsumo=False)
        elif where == "k" and h.kita:  # one north set aside less
            h = dataclasses.replace(h, kita=h.kita - 1)
        else:
            raise TenpaiError.of(msg("errors.calc.remove", index=drop))
        return dataclasses.replace(q, hand=h.format())
    if add is None:
        return q
    if to not in EDIT_TARGETS:
        raise TenpaiError.of(msg("errors.calc.target", targets=", ".join(EDIT_TARGETS), to=to))
    t = parse_tile(add)
    if to == "flower":
        if not is_bonus(t):
            raise InvalidSituation.of(msg("errors.calc.not_bonus", tile=add))
        got = parse_tiles(q.flowers)
        if t in got:
            raise InvalidSituation.of(msg("errors.calc.flower_twice", tile=add))
        return dataclasses.replace(q, flowers=format_tiles((*got, t)))
    if is_bonus(t):
        raise InvalidHand.of(msg("errors.calc.bonus_in_hand", tile=add))
    h = _hand_of(q.hand)
    if to in ("dora", "ura"):
        got = parse_tiles(getattr(q, to))
        check_copies(h.all_tiles(), (*parse_tiles(q.dora), *parse_tiles(q.ura), t))
        added: dict[str, Any] = {to: format_tiles((*got, t), sort=False)}
        return dataclasses.replace(q, **added)
    if to == "hand":
        h = dataclasses.replace(h, concealed=(*h.concealed, t))
    elif to in ("ron", "tsumo"):
        h = dataclasses.replace(h, win_tile=t, tsumo=to == "tsumo")
    elif to == "kita":
        if kind(t) != NORTH:
            raise InvalidHand.of(msg("errors.calc.kita", tile=add))
        h = dataclasses.replace(h, kita=h.kita + 1)
    else:
        h = dataclasses.replace(h, melds=(*h.melds, _meld_of(t, to, source)))
    norths = (NORTH,) * h.kita
    seen = (*parse_tiles(q.dora), *parse_tiles(q.ura), *norths)
    check_copies(h.all_tiles(), seen, max_red=(1, 2, 1))
    if h.size > 14:
        raise InvalidHand.of(msg("errors.calc.too_big", n=h.size))
    return dataclasses.replace(q, hand=h.format())


# ---- scoring --------------------------------------------------------------------------------


_FORM_ERRORS = {
    "errors.hk.discarder_needed": ("errors.calc.discarder_needed", "from"),
    "errors.hk.flowers_off": ("errors.calc.flowers_off", "flowers"),
}
"""The scorers' errors about a field of the situation, which name the command line's option
and the records' field (``--from``, ``'discarder'``): said with the form's field instead."""


def calculate(q: CalcQuery, lang: str = "en") -> Calculation:
    """Scores *q* and explains it in *lang* (``fr`` or ``en``).

    :raises TenpaiError: (a subclass) saying why the hand cannot be scored: notation, an
        invalid or incomplete hand, no yaku, an unknown rule option.
    """
    if not q.hand.strip():
        raise InvalidHand.of(msg("errors.calc.no_hand"))
    hand = Hand.parse(q.hand, validate=False)
    if hand.win_tile is None:
        raise InvalidHand.of(msg("errors.calc.no_win_tile"))
    try:
        v = find_variant(q.variant)
        lines, result, scored = v.calculate(hand, q, _SOURCES.get(q.source), lang)
    except InvalidSituation as e:
        said = _FORM_ERRORS.get(e.msgid)
        if said is None:
            raise
        raise InvalidSituation.of(msg(said[0], field=_name(said[1]))) from None
    return Calculation(q, hand, tuple(CalcLine(*ln) for ln in lines), result, **scored)
