"""The riichi card ("Barème"), built from a ruleset, in every shipped language (the words are
the catalogue entries ``riichi.card.*``).

Every value on the card comes from :mod:`tenpai.riichi`: the yaku and their closed/open han
from the yaku rows the ruleset plays with (:func:`tenpai.riichi.score.active_yaku`, plus the
enabled local yaku when :mod:`tenpai.riichi.local` is present), the fu from the fu rules and
from scoring small example hands with :func:`tenpai.riichi.score.score`, the four payment tables
and the limits from :func:`~tenpai.riichi.payment.basic_points`,
:func:`~tenpai.riichi.payment.limit_for_han` and :func:`~tenpai.riichi.payment.hand_payments`,
the options line from the ruleset's options. Only words live here.

>>> from tenpai.riichi.rules import find_rules
>>> from tenpai.render import render
>>> md = render(riichi_card(find_rules("bareme"), lang="fr"), "md")
>>> md.splitlines()[4]
'Calculé avec : cinq rouges, sans kiriage, double vent à 4 fu, yakuman compté.'
>>> "| 30 fu | 1 000 | 2 000 | 3 900 | 7 700 |" in md
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import RulesError, msg
from ..hand import Hand
from ..i18n import find_lang, has, tr
from ..render.doc import (
    Block,
    Br,
    Bullets,
    Document,
    Heading,
    Inline,
    Para,
    Section,
    Span,
    Step,
    Steps,
    Table,
    Tiles,
    em,
    strong,
    text,
)
from ..tiles import DRAGONS, EAST, SOUTH, dora_of, parse_tile
from . import sanma
from .explain import fmt_points as _pts
from .explain import t, yaku_name
from .fu import meld_fu, round_fu
from .nagashi import score_nagashi
from .payment import LIMITS, basic_points, hand_payments, limit_for_han
from .rules import Ruleset, find_rules
from .sanma import DORA_KIND_3
from .score import Score, active_yaku, score
from .situation import Situation
from .yaku import RENHOU_YAKU, YAKU_BY_ID, Yaku

__all__ = ["FU_ROWS", "card_options", "document", "open_han", "riichi_card"]

FU_ROWS: tuple[int, ...] = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
"""The fu rows of the payment tables (the card, docs/generated/bareme.fr.md, stops at 110)."""

TABLE_HAN: tuple[int, ...] = (1, 2, 3, 4)
"""The han columns of the payment tables (from 5 han the fu no longer count)."""

# The card's order for the lists by family (closed-only yaku, open values): luck and
# closed-hand yaku, simples, triplets, sequences, outside hands, dragons, winds, flushes.
# The closed lists keep the yaku rows' own order. Rows not named here come last.
_FAMILY_ORDER: tuple[str, ...] = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "menzen_tsumo",
    "pinfu",
    "iipeikou",
    "ryanpeikou",
    "chiitoitsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tanyao",
    "toitoi",
    "sanankou",
    "sankantsu",
    "sanshoku_doujun",
    "sanshoku_doukou",
    "ittsu",
    "chanta",
    "junchan",
    "honroutou",
    "shousangen",
    "yakuhai_haku",
    "yakuhai_hatsu",
    "yakuhai_chun",
    "yakuhai_seat",
    "yakuhai_round",
    "honitsu",
    "chinitsu",
)

# The words of the card are the catalogue entries riichi.card.<key> (src/tenpai/locale); the
# words of each option value on the "computed with" line are riichi.card.option.<name>.<value>.
# These options the card states, in this order; the first four always (as on the printed card),
# the others when they differ from the default ruleset.
CARD_OPTIONS: tuple[str, ...] = (
    "aka",
    "kiriage",
    "double_wind_pair_fu",
    "kazoe",
    "kuitan",
    "ippatsu",
    "double_riichi",
    "ura_dora",
    "kan_dora",
    "pinfu_tsumo_fu",
    "rinshan_tsumo_fu",
    "open_pinfu_fu",
    "renhou",
    "players",
    "tsumo_loss",
)
_ALWAYS_SHOWN = ("aka", "kiriage", "double_wind_pair_fu", "kazoe")
_THREE_PLAYERS_ONLY = ("tsumo_loss",)  # shown at three players only


def _w(key: str, lang: str, **values: object) -> str:
    """Gets the card's words ``riichi.card.<key>`` in *lang*, placeholders filled."""
    return tr(f"riichi.card.{key}", lang, **values)


def _option_words(name: str, value: object, lang: str) -> str:
    """Gets the words of an option's value on the "computed with" line (``red fives``)."""
    return tr(f"riichi.card.option.{name}.{str(value).lower()}", lang, value=value)


def card_options(rules: Ruleset, *, lang: str = "fr") -> list[str]:
    """Lists the words of the options the card states (the "computed with" line): red fives,
    kiriage, the double-wind pair, counted yakuman, then every other option of the card that
    differs from the default ruleset, then the double yakuman and the enabled local yaku.

    >>> from tenpai.riichi.rules import find_rules
    >>> for words in card_options(find_rules("wrc"), lang="en"):
    ...     print(words)
    no red fives
    kiriage mangan
    double wind pair 2 fu
    13 han and more as sanbaiman
    renhou as 5 han
    """
    default = Ruleset()
    out: list[str] = []
    for name in CARD_OPTIONS:
        value = getattr(rules, name)
        if name in _THREE_PLAYERS_ONLY:
            if rules.players != 3:
                continue
        elif name not in _ALWAYS_SHOWN and value == getattr(default, name):
            continue
        out.append(_option_words(name, value, lang))
    if rules.double_yakuman:
        rows = [YAKU_BY_ID[i] for i in sorted(rules.double_yakuman) if i in YAKU_BY_ID]
        names = _w("list_sep", lang).join(_name_and_gloss(y, lang)[0] for y in rows)
        out.append(_w("double_yakuman", lang, names=names))
    if rules.local_yaku:
        from .local import local_yaku_row

        rows_of = {i: local_yaku_row(i) for i in rules.local_yaku}
        named = (_name_and_gloss(r, lang)[0] if r else i for i, r in rows_of.items())
        names = _w("list_sep", lang).join(sorted(named))
        out.append(_w("local_yaku", lang, names=names))
    return out


# ---- yaku ----------------------------------------------------------------------------------


def open_han(row: Yaku, rules: Ruleset) -> int | None:
    """Gets the open value of *row* under *rules* (None: closed only).

    Open tanyao is gated by the ``kuitan`` option inside tanyao's predicate rather than by
    the row's open value, so it is read here.
    """
    if row.id == "tanyao" and not rules.kuitan:
        return None
    return row.open or None


def _local_rows(rules: Ruleset) -> tuple[Yaku, ...]:
    """Gets the rows of the enabled local yaku, or none when the local yaku module is absent."""
    if not rules.local_yaku:
        return ()
    try:
        from .local import local_rows
    except ImportError:  # the local yaku are written in another branch
        return ()
    return tuple(local_rows(rules))


def _card_rows(rules: Ruleset) -> tuple[list[Yaku], list[Yaku]]:
    """Gets the (yaku, yakuman) rows the card lists for *rules*, in the rows' order."""
    standard = active_yaku(dataclasses.replace(rules, local_yaku=frozenset()))
    local = _local_rows(rules)
    shown_local = {id(y) for y in local if y.yakuman or (y.limit is None and (y.closed or y.open))}
    rows: list[Yaku] = []
    for y in (*standard, *local):
        if (
            y.card
            or id(y) in shown_local
            or y is RENHOU_YAKU
            or (
                y.yakuman
                and (
                    y.id in rules.double_yakuman or (y.id == "renhou" and rules.renhou == "yakuman")
                )
            )
        ):
            rows.append(y)
    if rules.players == 3:  # no sequence of characters at three players: no sanshoku doujun
        rows = [y for y in rows if y.id != "sanshoku_doujun"]
    return [y for y in rows if not y.yakuman], [y for y in rows if y.yakuman]


def _family_sorted(rows: Iterable[Yaku]) -> list[Yaku]:
    pos = {k: i for i, k in enumerate(_FAMILY_ORDER)}
    indexed = list(enumerate(rows))
    indexed.sort(key=lambda iy: (pos.get(iy[1].id, len(pos)), iy[0]))
    return [y for _, y in indexed]


def _name_and_gloss(row: Yaku, lang: str) -> tuple[str, str]:
    if lang == "fr":
        return row.fr, row.fr_gloss
    if lang != "en":  # the yaku's own name in that language (the yaku domain), no gloss
        return yaku_name(row.id, lang), ""
    gloss = row.en.lower() if row.en.lower() != row.romaji.lower() else ""
    return row.romaji, gloss


def _description(row: Yaku, lang: str) -> str:
    """Gets the one-line description of a yaku in *lang* (none in a language whose yaku
    catalogue lacks it: English words never stand in on another language's card)."""
    if lang == "fr":
        return row.fr_desc
    if lang == "en":
        return row.en_desc
    key = f"yaku.{row.id}.description"
    return tr(key, lang) if has(key, lang) else ""


def _yaku_line(row: Yaku, lang: str, *, badge: str = "", desc: bool = True) -> tuple[Inline, ...]:
    name, gloss = _name_and_gloss(row, lang)
    out: list[Inline] = [strong(name)]
    if badge:
        out += [Span(" "), Span(badge, "badge")]
    if gloss:
        out += [Span(" "), em(gloss)]
    description = _description(row, lang)
    if desc and description:
        out.append(Span(" " + description, "desc"))
    return tuple(out)


def _by_han(
    rows: Sequence[Yaku], value: Callable[[Yaku], int | None]
) -> list[tuple[int, list[Yaku]]]:
    groups: dict[int, list[Yaku]] = {}
    for y in rows:
        v = value(y)
        if v:
            groups.setdefault(v, []).append(y)
    return sorted(groups.items())


def _yaku_blocks(rules: Ruleset, lang: str) -> list[Block]:
    yaku, yakuman = _card_rows(rules)
    closed_sections: list[Block] = []
    for han, rows in _by_han(yaku, lambda y: y.closed):
        items = tuple(_yaku_line(y, lang) for y in rows)
        closed_sections.append(
            Section((Heading(3, text(_w("han", lang, n=han))), Bullets(items, "yaku")), "keep")
        )
    open_sections: list[Block] = []
    for han, rows in _by_han(_family_sorted(yaku), lambda y: open_han(y, rules)):
        items = tuple(
            _yaku_line(
                y, lang, badge="" if y.closed == han else _w("closed_badge", lang, n=y.closed)
            )
            for y in rows
        )
        open_sections.append(
            Section((Heading(3, text(_w("han", lang, n=han))), Bullets(items, "yaku")), "keep")
        )
    closed_only = [y for y in _family_sorted(yaku) if y.closed and open_han(y, rules) is None]
    yakuman_items = tuple(
        _yaku_line(
            y, lang, desc=False, badge=_w("double", lang) if y.id in rules.double_yakuman else ""
        )
        for y in yakuman
    )

    nagashi: list[Block] = []
    if rules.nagashi_mangan != "off":  # EMA rules, nagashi mangan: priced, so stated
        nd, d = (
            _pts(score_nagashi(Situation(seat_wind=seat), rules).points, lang)
            for seat in (SOUTH, EAST)
        )
        how = _w("nagashi_" + rules.nagashi_mangan, lang)
        if rules.nagashi_requires_closed:
            how += _w("nagashi_closed", lang)
        nagashi.append(
            Section(
                (
                    Heading(2, text(_w("nagashi_title", lang))),
                    Para(text(_w("nagashi", lang, non_dealer=nd, dealer=d, how=how))),
                ),
                "keep",
            )
        )
    return [
        Section(
            (Heading(2, text(_w("closed_hand", lang))), Section(tuple(closed_sections), "cols"))
        ),
        # the open values and the closed-only list repeat the yaku described above: the
        # printed card leaves their descriptions out ("again")
        Section(
            (Heading(2, text(_w("open_hand", lang))), Section(tuple(open_sections), "cols")),
            "again",
        ),
        Section(
            (
                Heading(2, text(_w("closed_only", lang))),
                Bullets(tuple(_yaku_line(y, lang) for y in closed_only), "yaku cols"),
            ),
            "keep again",
        ),
        *_dora_blocks(rules, lang),
        Section(
            (
                Heading(2, text(_w("yakuman", lang))),
                Para(text(_w("yakuman_intro", lang))),
                Bullets(yakuman_items, "yaku cols"),
            ),
            "keep",
        ),
        *nagashi,
    ]


# ---- dora ----------------------------------------------------------------------------------


def _chain(start: int) -> tuple[int, ...]:
    out = [start]
    while True:
        nxt = dora_of(out[-1])
        out.append(nxt)
        if nxt == start:
            return tuple(out)


def _dora_blocks(rules: Ruleset, lang: str) -> list[Block]:
    sanma = rules.players == 3
    first = parse_tile("1m" if sanma else "3m")
    nine = parse_tile("9p")
    numbers = ((first, DORA_KIND_3[first] if sanma else dora_of(first)), (nine, dora_of(nine)))
    items: list[tuple[Inline, ...]] = [
        (Span(_w("dora_numbers", lang)), Span(" "), Tiles(numbers, "→")),
        (Span(_w("dora_winds", lang)), Span(" "), Tiles((_chain(EAST),), "→")),
        (Span(_w("dora_dragons", lang)), Span(" "), Tiles((_chain(DRAGONS[0]),), "→")),
    ]
    facts = _probes(rules)
    items.append(text(_w("dora_rule", lang, n=facts.dora_per_tile)))
    if rules.kan_dora:
        items.append(text(_w("kan_dora", lang)))
    if rules.ura_dora:
        items.append(text(_w("ura_all" if rules.kan_ura_dora else "ura_first", lang)))
    if rules.aka:
        items.append(text(_w("aka", lang, n=facts.aka_per_tile)))
    if sanma:
        items.append(text(_w("sanma_set", lang)))
        if rules.kita:
            items.append(text(_w("kita", lang)))
    return [
        Section((Heading(2, text(_w("dora_title", lang))), Bullets(tuple(items), "tiles")), "keep")
    ]


# ---- fu ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Probes:
    """What scoring small example hands under the ruleset says about fu and dora."""

    base: int
    closed_ron: int
    tsumo: int
    open_ron: int
    pinfu_tsumo: int
    rinshan_tsumo: int
    pair: int
    double_wind_pair: int
    waits: tuple[tuple[str, int], ...]
    chiitoitsu: int
    pinfu_tsumo_fu: int
    pinfu_ron_fu: int
    open_raw: int
    open_fu: int
    dora_per_tile: int
    aka_per_tile: int


def _part(s: Score, part_id: str) -> int:
    return sum(p.fu for p in s.fu_parts if p.id == part_id)


def _probes(rules: Ruleset) -> _Probes:
    """Scores the example hands that show each fu rule and dora under *rules* (at three
    players, the same hands under the four-player rules: fu and dora count the same)."""
    if rules.players == 3:  # two red fives (5p, 5s) are a three-player set: three at four
        rules = rules.with_options(players=4, aka=3 if rules.aka == 2 else rules.aka)

    def sc(hand: str, **kw: Any) -> Score:
        kw.setdefault("seat_wind", SOUTH)
        return score(Hand.parse(hand), Situation(**kw), rules)

    closed_ron = sc("123m456p789s23s55s ron 4s", riichi=True)  # ryanmen, pinfu
    pinfu_tsumo = sc("123m456p789s23s55s tsumo 4s")
    kanchan_tsumo = sc("123m456p789s24s55s tsumo 3s")
    rinshan = sc("123m456p24s55s ankan 7777s tsumo 3s", rinshan=True)
    # an open hand of sequences, won on the last discard (houtei is open whatever kuitan says)
    open_ron = sc("234m678p45s88s chi 567s ron 3s", houtei=True)
    dragon_pair = sc("123m456p789s23s55z ron 4s", riichi=True)
    double_wind = sc("123m456p789s23s11z ron 4s", riichi=True, seat_wind=EAST)
    waits = (
        ("ryanmen", closed_ron),
        ("shanpon", sc("123m456p789s55s77s ron 5s", riichi=True)),
        ("kanchan", sc("123m456p789s24s55s ron 3s", riichi=True)),
        ("penchan", sc("123m456p789s12s55s ron 3s", riichi=True)),
        ("tanki", sc("123m456p789s2345s ron 5s", riichi=True)),
    )
    chiitoitsu = sc("22m44m33p77p55z66z7z ron 7z")
    one_dora = sc("234m678p45s88s chi 567s ron 3s", houtei=True, dora_indicators=(0,))
    dora = {d.id: d.han for d in one_dora.dora}
    aka: dict[str, int] = {}
    if rules.aka:  # a red five is only a legal tile when the set has some
        one_aka = sc("234m678p40s88s chi 567s ron 3s", houtei=True)
        aka = {d.id: d.han for d in one_aka.dora}
    return _Probes(
        base=_part(closed_ron, "base"),
        closed_ron=_part(closed_ron, "closed_ron"),
        tsumo=_part(kanchan_tsumo, "tsumo"),
        open_ron=_part(open_ron, "closed_ron") + _part(open_ron, "tsumo"),
        pinfu_tsumo=_part(pinfu_tsumo, "tsumo"),
        rinshan_tsumo=_part(rinshan, "tsumo"),
        pair=_part(dragon_pair, "pair"),
        double_wind_pair=_part(double_wind, "pair"),
        waits=tuple((name, _part(s, "wait")) for name, s in waits),
        chiitoitsu=chiitoitsu.fu or 0,
        pinfu_tsumo_fu=pinfu_tsumo.fu or 0,
        pinfu_ron_fu=closed_ron.fu or 0,
        open_raw=sum(p.fu for p in open_ron.fu_parts if p.id != "open_pinfu"),
        open_fu=open_ron.fu or 0,
        dora_per_tile=dora.get("dora", 0),
        aka_per_tile=aka.get("aka_dora", 0),
    )


def _signed(n: int) -> str:
    return f"+{n}" if n else "0"


def _fu_blocks(rules: Ruleset, lang: str) -> list[Block]:
    p = _probes(rules)
    tsumo_key = "win_tsumo_pinfu" if p.pinfu_tsumo else "win_tsumo"
    win_items = [
        text(_w("win_closed_ron", lang, fu=_signed(p.closed_ron))),
        text(_w(tsumo_key, lang, fu=_signed(p.tsumo))),
    ]
    if p.rinshan_tsumo != p.tsumo:
        win_items.append(text(_w("win_rinshan", lang, fu=_signed(p.rinshan_tsumo))))
    win_items.append(text(_w("win_open_ron", lang, fu=_signed(p.open_ron))))
    head = tuple(text(_w(f"sets_head.{h}", lang)) for h in ("set", "open", "closed"))
    set_rows = (
        ("set_trip_simple", 1, False),
        ("set_trip_yao", 0, False),
        ("set_quad_simple", 1, True),
        ("set_quad_yao", 0, True),
    )
    rows: list[tuple[tuple[Inline, ...], ...]] = [
        (
            text(_w(key, lang)),
            text(str(meld_fu(k, quad=quad, concealed=False))),
            text(str(meld_fu(k, quad=quad, concealed=True))),
        )
        for key, k, quad in set_rows
    ]
    rows.append((text(_w("set_seq", lang)), text("0"), text("0")))
    wait_items = tuple(
        (strong(_w(f"wait.{name}", lang)), Span(" "), em(_w(name, lang)), Span(" " + _signed(v)))
        for name, v in p.waits
    )
    steps = (
        Step(
            1,
            text(_w("step_base", lang, fu=p.base)),
            (Para(text(_w("step_base_body", lang, fu=p.base))),),
            value=str(p.base),
        ),
        Step(2, text(_w("step_win", lang)), (Bullets(tuple(win_items)),)),
        Step(
            3,
            text(_w("step_sets", lang)),
            (Table(head, tuple(rows), "fu"), Para(text(_w("sets_note", lang)))),
        ),
        Step(
            4,
            text(_w("step_pair", lang)),
            (
                Bullets(
                    (
                        text(_w("pair_value", lang, fu=_signed(p.pair))),
                        text(_w("pair_double", lang, fu=_signed(p.double_wind_pair))),
                    )
                ),
            ),
        ),
        Step(5, text(_w("step_wait", lang)), (Bullets(wait_items),)),
        Step(
            6,
            text(_w("step_round", lang)),
            (
                Para(
                    text(
                        _w(
                            "round_body",
                            lang,
                            raw=32,
                            rounded=round_fu(32),
                            raw2=40,
                            rounded2=round_fu(40),
                        )
                    )
                ),
            ),
        ),
    )
    pinfu_key = "sp_pinfu_tsumo" if p.pinfu_tsumo_fu == p.base else "sp_pinfu_tsumo_fu"
    open_key = "sp_open" if p.open_fu != p.open_raw else "sp_open_kept"
    special = (
        text(_w("sp_chiitoitsu", lang, fu=p.chiitoitsu)),
        text(_w(pinfu_key, lang, fu=p.pinfu_tsumo_fu)),
        text(_w("sp_pinfu_ron", lang, fu=p.pinfu_ron_fu)),
        text(_w(open_key, lang, raw=p.open_raw, fu=p.open_fu)),
    )
    return [
        Section(
            (
                Heading(2, text(_w("fu_title", lang))),
                Steps(steps),
                Section((Heading(3, text(_w("special", lang))), Bullets(special)), "keep"),
            ),
            "fu",
        )
    ]


# ---- payments ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _PayTable:
    key: str
    dealer: bool
    tsumo: bool


_TABLES = (
    _PayTable("cap_ron_nd", False, False),
    _PayTable("cap_tsumo_nd", False, True),
    _PayTable("cap_ron_d", True, False),
    _PayTable("cap_tsumo_d", True, True),
)


def _closed_han(yaku_id: str) -> int:
    """Gets the closed value of a standard yaku (every standard yaku has one)."""
    han = YAKU_BY_ID[yaku_id].closed
    assert han is not None
    return han


def _min_han(fu: int, tsumo: bool, rules: Ruleset) -> int | None:
    """Gets the fewest han a hand of *fu* can have (None: no hand has these fu).

    25 fu is only chiitoitsu (and menzen tsumo on a tsumo); 20 fu only pinfu tsumo (pinfu
    and menzen tsumo), or an open ron of 20 fu when it is not raised to 30 (the card's fu rules).
    """
    if fu == 25:
        extra = _closed_han("menzen_tsumo") if tsumo else 0
        return _closed_han("chiitoitsu") + extra
    if fu == 20:
        if tsumo:
            if rules.pinfu_tsumo_fu:
                return None
            return _closed_han("pinfu") + _closed_han("menzen_tsumo")
        return None if rules.open_pinfu_fu else 1
    return 1


def _pay(basic: int, table: _PayTable, rules: Ruleset) -> dict[str, int]:
    """Gets the payments of *basic* points for a *table*, at the ruleset's number of seats."""
    if rules.players == 3:
        return sanma.hand_payments(basic, dealer=table.dealer, tsumo=table.tsumo, rules=rules)
    return hand_payments(basic, dealer=table.dealer, tsumo=table.tsumo)


def _amounts(basic: int, table: _PayTable, rules: Ruleset, lang: str) -> list[Inline]:
    pay = _pay(basic, table, rules)
    if not table.tsumo:
        return [Span(_pts(pay["ron"], lang))]
    if table.dealer:
        return [Span(_pts(pay["non_dealer"], lang))]
    return [Span(_pts(pay["non_dealer"], lang)), Br(), Span(_pts(pay["dealer"], lang))]


def _pay_table(table: _PayTable, rules: Ruleset, lang: str) -> Table:
    head = (text(_w("fu_head", lang)), *(text(_w("han", lang, n=h)) for h in TABLE_HAN))
    rows = []
    for fu in FU_ROWS:
        low = _min_han(fu, table.tsumo, rules)
        if low is None or low > TABLE_HAN[-1]:
            continue
        cells: list[tuple[Inline, ...]] = [text(tr("riichi.fu_n", lang, n=fu))]
        limited = False
        for han in TABLE_HAN:
            if han < low:
                cells.append(text("·"))
                continue
            if limited:
                cells.append(())
                continue
            basic, limit = basic_points(han, fu, rules)
            amounts = _amounts(basic, table, rules, lang)
            if limit is not None:
                limited = True
                cells.append((Span(t(limit, lang), "limit"), Span(" "), *amounts))
            else:
                cells.append(tuple(amounts))
        rows.append(tuple(cells))
    return Table(head, tuple(rows), "pay")


def _han_range(lo: int, hi: int | None, lang: str) -> str:
    if hi is None:
        return _w("han_more", lang, han=lo)
    if hi == lo:
        return _w("han_one", lang, han=lo)
    if hi == lo + 1:
        return _w("han_two", lang, lo=lo, hi=hi)
    return _w("han_range", lang, lo=lo, hi=hi)


def _limit_groups(rules: Ruleset) -> list[tuple[str, int, int, int | None]]:
    """Gets (limit name, basic points, first han, last han or None) from 5 han up."""
    first = TABLE_HAN[-1] + 1
    groups: list[tuple[str, int, int, int | None]] = []
    for han in range(first, 14):
        lim = limit_for_han(han, rules)
        assert lim is not None
        basic, name = lim
        if groups and groups[-1][0] == name:
            groups[-1] = (name, basic, groups[-1][2], han)
        else:
            groups.append((name, basic, han, han))
    name, basic, lo, _ = groups[-1]
    groups[-1] = (name, basic, lo, None)
    return groups


def _mangan_from(rules: Ruleset) -> list[tuple[int, int]]:
    """Gets (han, fewest fu) for each table han that reaches mangan within the table."""
    out = []
    for han in reversed(TABLE_HAN):
        for fu in FU_ROWS:
            if basic_points(han, fu, rules)[1] == "mangan":
                out.append((han, fu))
                break
    return out


def _limit_line(
    name: str, basic: int, lo: int, hi: int | None, *, table: _PayTable, rules: Ruleset, lang: str
) -> tuple[Inline, ...]:
    pay = _pay(basic, table, rules)
    if not table.tsumo:
        amount = _w("limit_ron", lang, amount=_pts(pay["ron"], lang))
    elif table.dealer:
        amount = _w("limit_tsumo_dealer", lang, amount=_pts(pay["non_dealer"], lang))
    else:
        nd, d = _pts(pay["non_dealer"], lang), _pts(pay["dealer"], lang)
        amount = _w("limit_tsumo", lang, non_dealer=nd, dealer=d)
    if hi is None and name == "kazoe_yakuman" and rules.kazoe == "multiple":
        when = _w("han_multiple", lang, han=lo, step=lo)
    else:
        when = _han_range(lo, hi, lang)
    if name == "mangan":
        for i, (han, fu) in enumerate(_mangan_from(rules)):
            when += _w("mangan_from_first" if i == 0 else "mangan_from", lang, han=han, fu=fu)
    return (strong(f"{t(name, lang)} {amount}"), Span(" " + when))


def _payment_blocks(rules: Ruleset, lang: str) -> list[Block]:
    top = TABLE_HAN[-1]
    tables: list[Block] = []
    for table in _TABLES:
        key = table.key + ("_3" if rules.players == 3 and table.tsumo else "")
        title, desc = _w(f"{key}.title", lang), _w(f"{key}.desc", lang)
        lines = tuple(
            _limit_line(name, basic, lo, hi, table=table, rules=rules, lang=lang)
            for name, basic, lo, hi in _limit_groups(rules)
        )
        tables.append(
            Section(
                (
                    Para((strong(title), Span(_w("colon", lang) + desc)), "caption"),
                    _pay_table(table, rules, lang),
                    Heading(4, text(_w("limits_title", lang, han=top))),
                    Bullets(lines, "limits"),
                ),
                "keep",
            )
        )
    # fu × 2^(han + k): k read from the payment rules themselves
    k = next(k for k in range(8) if basic_points(1, 30, rules)[0] == 30 * 2 ** (1 + k))
    mangan = LIMITS["mangan"]
    kiriage = ""
    if rules.kiriage:
        near = max(
            b
            for h in TABLE_HAN
            for f in FU_ROWS
            if (b := f * 2 ** (h + k)) < mangan and basic_points(h, f, rules)[1] == "mangan"
        )
        kiriage = _w("formula_kiriage", lang, near=_pts(near, lang), mangan=_pts(mangan, lang))
    ron = hand_payments(100, dealer=False, tsumo=False)["ron"] // 100
    ron_dealer = hand_payments(100, dealer=True, tsumo=False)["ron"] // 100
    formula = Para(
        (
            strong(_w("formula_1", lang)),
            Span(_w("colon", lang) + _w("formula_2", lang)),
            Span(_w("formula_exponent", lang, k=k), "sup"),
            Span(
                _w(
                    "formula_3",
                    lang,
                    mangan=_pts(mangan, lang),
                    kiriage=kiriage,
                    ron=ron,
                    ron_dealer=ron_dealer,
                )
            ),
            *(
                (Span(_w("formula_loss" if rules.tsumo_loss else "formula_split", lang)),)
                if rules.players == 3
                else ()
            ),
        ),
        "formula",
    )
    return [
        Section(
            (
                Heading(2, text(_w("points_title", lang))),
                Para(text(_w("axis_han", lang)), "legend"),
                Para(text(_w("axis_fu", lang, han=top)), "legend"),
                Section(tuple(tables), "grid2"),
                formula,
            ),
            "page",
        )
    ]


# ---- the card ------------------------------------------------------------------------------


def riichi_card(rules: Ruleset, *, lang: str = "fr") -> Document:
    """Builds the riichi card for *rules* in *lang* (``fr``, ``en``, ``ja``, ``zh-Hant``): the
    yaku by han (closed values), the open values, the closed-only yaku, dora, yakuman, the fu
    count, the four payment tables with their limits, and the formula."""
    lang = find_lang(lang)
    options = _w("list_sep", lang).join(card_options(rules, lang=lang))
    head = Section(
        (
            Heading(1, text(_w("title", lang))),
            Para(text(_w("intro", lang)), "lead"),
            Para(text(_w("computed_with", lang, options=options)), "options"),
        ),
        "head",
    )
    front: list[Block] = [head, *_yaku_blocks(rules, lang), *_fu_blocks(rules, lang)]
    blocks = (
        Section(tuple(front), "sheet front"),
        Section(tuple(_payment_blocks(rules, lang)), "sheet back"),
    )
    return Document(_w("title", lang), lang, blocks)


def document(page: str | None, rules: Ruleset | None, lang: str) -> Document:
    """Builds the riichi wing's document (the registry's ``document``): the card for *rules*
    (default ``bareme``) in *lang*; riichi has one page, so *page* is not read.

    :raises RulesError: for rules of another variant.
    """
    if rules is not None and not isinstance(rules, Ruleset):
        raise RulesError.of(msg("errors.riichi2.card_needs_riichi"))
    return riichi_card(rules or find_rules("bareme"), lang=lang)
