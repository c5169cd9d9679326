"""The Hong Kong pages, in French, English, Japanese and Traditional Chinese: the fan table
(docs/generated/hk-fan.fr.md) and "Points et paiements" (hk-payments.fr.md). Their words are the
catalogue entries ``hk.page.*`` (a Chinese term inside a sentence is its ``{zh}`` placeholder,
set in the Chinese face).

Both are built from an :class:`~tenpai.hk.page_data.HKPageData`, which reads everything
from the Hong Kong rules (:mod:`tenpai.hk`): the fan rows, families and limit hands, the cap
and minimum, the conversion table, who pays what, and the worked examples scored by the
engine. This module only writes the words around those numbers; the sentences that depend on
an option come in every version the options allow.

>>> from tenpai.render import render
>>> from tenpai.hk.page_data import hk_page_data
>>> md = render(fan_page(hk_page_data(), lang="fr"), "md")
>>> "| Couleur pure (清一色) | 7 fan |" in md
True
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..errors import RulesError, TenpaiError, msg
from ..i18n import decimal, tr
from ..render.doc import (
    Block,
    Br,
    Bullets,
    Document,
    Heading,
    Inline,
    Link,
    Para,
    Section,
    Span,
    Table,
    Tiles,
    em,
    strong,
    text,
)
from ..tiles import Tile, sort_key
from .fan import row
from .page_data import FanLine, HKPageData, Split, WorkedExample, hk_page_data
from .payment import Amount
from .rules import HKRules

__all__ = ["document", "fan_page", "payments_page"]

_CURVE_ZH = {"half": "半辣上", "spicy": "辣辣上", "fan_laak": "番勒"}
_ZH_NUMBERS = "零一二三四五六七八九十"
_STAKE_IDS = {"二五雞": "two_five_chicken", "五一": "five_one", "一二蚊": "one_two_dollars"}
_FIELD = re.compile(r"\{(zh2?)\}")


def _w(key: str, lang: str, **params: object) -> str:
    """Gets the words of ``hk.page.<key>`` in *lang*, placeholders filled from *params*."""
    return tr(f"hk.page.{key}", lang, **params)


def _spans(key: str, lang: str, zh: str, zh2: str = "", **params: object) -> tuple[Inline, ...]:
    """Gets ``hk.page.<key>`` as inline spans: its ``{zh}`` (and ``{zh2}``) placeholders become
    Chinese terms set in the Chinese face, the other placeholders are filled from *params*."""
    out: list[Inline] = []
    pieces = _FIELD.split(tr(f"hk.page.{key}", lang))
    for i, piece in enumerate(pieces):
        if i % 2:
            out.append(_zh(zh if piece == "zh" else zh2))
        elif piece:
            out.append(Span(piece.format_map(params) if params else piece))
    return tuple(out)


def _seat(seat: int, lang: str, form: str = "") -> str:
    """Gets a seat's word in *lang*: its name, or a *form* (``subject``, ``to``, ``round``,
    ``of``: the French articles and the English possessive)."""
    return tr(f"hk.seat.{'ESWN'[seat]}" + (f".{form}" if form else ""), lang)


def _num(x: Fraction | int, lang: str) -> str:
    """Writes a number of table units: thousands with a plain space (as the French scoring card
    writes them), a fraction with the language's decimal mark (:func:`tenpai.i18n.decimal`)."""
    f = Fraction(x)
    if f.denominator == 1:
        return f"{int(f):,}".replace(",", " ")
    return decimal(float(f), lang, None)


def _signed(x: Fraction | int, lang: str) -> str:
    if x > 0:
        return "+" + _num(x, lang)
    if x < 0:
        return "−" + _num(-x, lang)
    return "0"


def _zh(s: str) -> Span:
    return Span(s, "zh")


def _name(item: FanLine, lang: str) -> str:
    return row(item.id).name(lang)


def _head(title: str, lead: str, rules: HKRules, lang: str) -> Section:
    """Writes the head of a page; rules other than the seed's are named with their options."""
    blocks: list[Block] = [
        Para(text(_w("kicker", lang)), "kicker"),
        Heading(1, text(title)),
        Para(text(lead), "lead"),
    ]
    diff = rules.differences()
    if diff:
        opts = _w("rule_sep", lang).join(
            _w("rule_option", lang, label=tr(f"hk.option.{k}", lang), value=_option(k, v, lang))
            for k, v in diff.items()
        )
        blocks.append(Para(text(_w("rules", lang, name=rules.name, options=opts))))
    return Section(tuple(blocks), "head")


def _option(name: str, value: object, lang: str) -> str:
    """Writes an option's value in *lang*: yes/no, none, a limit hand, a choice, a number;
    priced limit hands by name."""
    if value is None:
        return tr("hk.value.none", lang)
    if isinstance(value, bool):
        yes_no = "hk.value.yes" if value else "hk.value.no"
        return tr(yes_no, lang)
    if value == "limit":
        return tr("hk.value.limit", lang)
    if isinstance(value, dict):
        sep = tr("hk.list.sep", lang)
        return sep.join(f"{row(k).name(lang)} {_option(k, v, lang)}" for k, v in value.items())
    if isinstance(value, str):
        return tr(f"hk.value.choice.{name}.{value}", lang)
    if isinstance(value, Fraction):
        return _num(value, lang)
    return str(value)


# ---- the fan table -------------------------------------------------------------------------


def _row_label(item: FanLine, lang: str) -> tuple[Inline, ...]:
    return _spans("row_label", lang, item.zh, name=_name(item, lang))


def fan_page(data: HKPageData, *, lang: str = "fr") -> Document:
    """Builds the fan table page (hk-fan.fr.md) from *data* in *lang*: all the fan, the easy
    fan, the limit hands, the families, and the link to the payments page."""
    rules = data.rules
    limit = rules.limit_fan
    rows: list[tuple[tuple[Inline, ...], ...]] = [
        (_row_label(it, lang), text(_w("fan_value", lang, fan=it.fan))) for it in data.items
    ]
    if data.limit_hands:
        group = (
            _w("limit_group", lang) if data.limit_is_cap else _w("limit_group_n", lang, fan=limit)
        )
        cell = _w("cap", lang) if data.limit_is_cap else _w("fan_value", lang, fan=limit)
        rows.append((text(group), ()))
        rows += [(_row_label(it, lang), text(cell)) for it in data.limit_hands]
    easy_items: list[tuple[Inline, ...]] = []
    for e in data.easy:
        each = e.note.each_word(lang)
        amount = _w("easy_each", lang, fan=e.fan, each=each) if each else f"{e.fan}"
        name = _w("easy_name", lang, name=e.note.name(lang), amount=amount)
        easy_items.append((strong(name), Span(_w("colon", lang) + e.note.text(lang))))
    n = data.min_fan
    many = tr(f"hk.number.{n}", lang) if n <= 10 else str(n)
    easy_intro = _w("easy_intro", lang, n=many) if n >= 2 else _w("easy_intro_0", lang)
    intro = (
        _w("all_fan_intro", lang, cap=rules.cap)
        if rules.cap is not None
        else _w("all_fan_uncapped", lang, fan=limit)
    )
    big: list[Block] = [Heading(2, text(_w("big", lang)))]
    if data.limit_hands:
        listed = data.limit_list(lang)
        said = (
            _w("limits_text", lang, hands=listed)
            if data.limit_is_cap
            else _w("limits_text_n", lang, fan=limit, hands=listed)
        )
        if rules.limit_hands_stack:
            said += _w("limits_stack", lang)
        big += [Heading(3, text(_w("limits", lang))), Para(text(said))]
    if data.families:
        big += [
            Heading(3, text(_w("families", lang))),
            Bullets(tuple(text(n.text(lang)) for n in data.families)),
        ]
    blocks: list[Block] = [
        _head(_w("fan_title", lang), _w("fan_lead", lang), rules, lang),
        Section(
            (
                Heading(2, text(_w("all_fan", lang))),
                Para(text(intro)),
                Table((text(_w("col_hand", lang)), text(_w("col_fan", lang))), tuple(rows), "fan"),
            )
        ),
        Section(
            (
                Heading(2, text(_w("easy", lang))),
                Para(text(easy_intro)),
                Bullets(tuple(easy_items)),
            ),
            "keep",
        ),
        Section(tuple(big), "keep"),
        Para(
            (
                Span(_w("to_points", lang)),
                Link(_w("payments_title", lang), f"hk-payments.{lang}"),
                Span("."),
            )
        ),
        Para(
            (
                Span(_w("read_next", lang)),
                Br(),
                Link(_w("payments_title", lang) + " →", f"hk-payments.{lang}"),
            ),
            "next",
        ),
    ]
    return Document(_w("fan_title", lang), lang, tuple(blocks))


# ---- payments ------------------------------------------------------------------------------


def _deltas(deltas: tuple[Amount, ...], lang: str) -> str:
    order = sorted(range(4), key=lambda s: (deltas[s] > 0, s))
    sep = tr("hk.list.sep", lang)
    return sep.join(f"{_seat(s, lang)} {_signed(deltas[s], lang)}" for s in order if deltas[s])


def _meld_tiles(tiles: tuple[Tile, ...], from_rel: int) -> tuple[tuple[Tile, ...], int | None]:
    """Orders a meld's tiles for drawing: the called tile (first) lies where its giver sits
    (left: first, across: second, right: last); a concealed kong has none."""
    if from_rel == 0:
        return tuple(sorted(tiles, key=sort_key)), None
    called, rest = tiles[0], sorted(tiles[1:], key=sort_key)
    at = {3: 0, 2: 1, 1: len(rest)}[from_rel]
    return (*rest[:at], called, *rest[at:]), at


def _example(ex: WorkedExample, lang: str) -> list[Block]:
    sit, s = ex.situation, ex.score
    where = _w(
        "ex_where", lang, seat=_seat(sit.seat, lang), round=_seat(sit.round_wind, lang, "round")
    )
    how = (
        _w("ex_draw", lang)
        if sit.discarder is None
        else _w("ex_from", lang, seat=_seat(sit.discarder, lang, "of"))
    )
    groups: list[tuple[Tile, ...]] = [ex.hand.concealed]
    sideways: list[tuple[int, int]] = []
    for m in ex.hand.melds:
        tiles, at = _meld_tiles(m.tiles, m.from_rel)
        if at is not None:
            sideways.append((len(groups), at))
        groups.append(tiles)
    assert ex.hand.win_tile is not None
    groups.append((ex.hand.win_tile,))
    if sit.flowers:
        groups.append(sit.flowers)
    lines: list[tuple[Inline, ...]] = []
    for hit in s.items:
        r = row(hit.id)
        lines.append(_spans("ex_item", lang, r.page_zh, name=r.name(lang), fan=hit.fan))
    total = (
        _w("ex_capped", lang, raw=s.raw_fan, fan=s.fan)
        if s.capped
        else _w("ex_total", lang, fan=s.raw_fan)
    )
    lines += [(strong(total),), text(_w("ex_pays", lang, payments=_deltas(s.payments, lang)))]
    if ex.other_rule is not None:
        key = "ex_half" if ex.other_rule.rules.responsibility == "half" else "ex_full"
        lines.append(text(_w(key, lang, payments=_deltas(ex.other_rule.payments, lang))))
    if ex.unliable is not None:
        paid = {-v for v in ex.unliable.payments if v < 0}
        lines.append(
            text(_w("ex_alone", lang, amount=_num(paid.pop(), lang)))
            if len(paid) == 1
            else text(_w("ex_alone_list", lang, payments=_deltas(ex.unliable.payments, lang)))
        )
    out: list[Block] = [
        Heading(3, text(ex.title_text(lang))),
        Para((em(f"{where}, {how}"), Span(" "), Tiles(tuple(groups), "", tuple(sideways)))),
    ]
    note = ex.note_text(lang)
    if note:
        out.append(Para(text(note)))
    out.append(Bullets(tuple(lines)))
    return [Section(tuple(out), "keep")]


def _conversion(data: HKPageData, lang: str) -> Section:
    rules = data.rules
    curve = rules.spiciness
    half_split = rules.responsibility == "half"
    rows = []
    for f, payer, other, each in data.table:
        label: list[Inline] = [Span(str(f))]
        if f == data.top_fan:
            if rules.cap is not None:
                label += _spans("cap_row", lang, "爆棚" if f >= 13 else "細爆")
            else:
                label.append(Span(_w("limit_row", lang)))
        cells = [text(_num(payer, lang))]
        if half_split:
            cells.append(text(_num(other, lang)))
        rows.append((tuple(label), *cells, text(_num(each, lang))))
    header: list[tuple[Inline, ...]] = [
        text(_w("col_fan", lang)),
        _spans("col_discard", lang, "出銃"),
    ]
    if half_split:
        header.append(text(_w("col_discard_others", lang)))
    header.append(_spans("col_draw", lang, "自摸"))
    intro: list[Inline] = [Span(_w("units", lang, stake=_num(rules.base_points, lang)))]
    intro += _spans(f"curve_intro_{curve}", lang, _CURVE_ZH[curve], until=data.doubling_until())
    return Section(
        (
            Heading(2, text(_w("conversion", lang))),
            Para(tuple(intro)),
            Table(tuple(header), tuple(rows), "fan"),
        ),
        "keep",
    )


def _minimum(data: HKPageData, lang: str) -> Section:
    rules = data.rules
    n = data.min_fan
    if n >= 1:
        zh = (_ZH_NUMBERS[n] if n <= 10 else str(n)) + "番起糊"
        if not rules.flowers_in_play:
            tail = "minimum_plain"
        else:
            tail = "minimum_flowers" if rules.flowers_count_toward_min else "minimum_no_flowers"
        title = _w("minimum", lang, n=n)
        rule = _spans(tail, lang, zh, n=n)
    else:
        title = _w("no_minimum", lang)
        rule = _spans("no_minimum_text", lang, "雞糊")
    each, total = data.false_win
    at = _w("at_cap", lang) if rules.cap is not None else _w("at_fan", lang, fan=data.top_fan)
    how = "max" if rules.false_win_penalty == "max_self_draw_to_each" else "share"
    false_win = _spans(
        f"{'false_win' if n >= 1 else 'false_win_incomplete'}.{how}",
        lang,
        "詐糊",
        at=at,
        each=_num(each, lang),
        total=_num(total, lang),
    )
    return Section(
        (Heading(2, text(title)), Para(rule), Para(false_win)),
        "keep",
    )


_SPLIT_ZH = {
    "self_draw": ("自摸",),
    "discard_full": ("全銃",),
    "discard_half": ("半銃", "陪銃"),
    "robbing_kong": ("搶槓",),
    "liable": ("包",),
}


def _split_row(sp: Split, lang: str) -> tuple[tuple[Inline, ...], ...]:
    return (
        _spans(f"split_{sp.key}", lang, *_SPLIT_ZH[sp.key]),
        text("+" + _num(sp.winner, lang)),
        text(_num(sp.payer, lang) if sp.payer else "—"),
        text(_num(sp.each_other, lang)),
    )


def _who_pays(data: HKPageData, lang: str) -> Section:
    rules = data.rules
    bullets: list[tuple[Inline, ...]]
    if rules.responsibility == "full":
        bullets = [
            _spans("full_resp", lang, "全銃"),
            _spans("half_resp", lang, "半銃", "陪銃"),
        ]
    else:
        bullets = [
            _spans("half_rule", lang, "半銃", "陪銃"),
            _spans("full_variant", lang, "全銃"),
        ]
    bullets.append(_spans("self_draw", lang, "自摸"))
    m = rules.dealer_multiplier
    bullets.append(text(_w("east", lang) if m == 1 else _w("east_times", lang, times=m, times2=m)))
    bullets.append(text(_w("losers", lang)))
    header = (
        text(_w("col_case", lang)),
        text(_w("col_winner", lang)),
        text(_w("col_payer", lang)),
        text(_w("col_other", lang)),
    )
    return Section(
        (
            Heading(2, text(_w("who_pays", lang))),
            Bullets(tuple(bullets)),
            Para(text(_w("split_title", lang, fan=data.split_fan))),
            Table(header, tuple(_split_row(sp, lang) for sp in data.splits), "fan"),
        ),
        "keep",
    )


def _curves(data: HKPageData, lang: str) -> Section:
    rules = data.rules
    lo, hi = data.min_fan, data.top_fan
    bullets: list[tuple[Inline, ...]] = []
    for curve, values in data.curves:
        if curve == "fan_laak" and rules.spiciness != "fan_laak":
            continue
        mark = ""
        if curve == rules.spiciness:
            mark = _w("default_mark" if curve == "half" else "these_mark", lang)
        listed = ", ".join(_num(v, lang) for v in values)
        until = data.doubling_until("half")
        words = _spans(
            f"curve_{curve}",
            lang,
            _CURVE_ZH[curve],
            mark=mark,
            until=until,
            lo=lo,
            hi=hi,
            values=listed,
        )
        bullets.append(words)
    return Section((Heading(2, text(_w("curves", lang))), Bullets(tuple(bullets))), "keep")


def _stakes(data: HKPageData, lang: str) -> Section:
    stake_rows = tuple(
        (
            _spans("stake_name", lang, s.zh, name=tr(f"hk.stake.{_STAKE_IDS[s.zh]}", lang)),
            text(f"{_money(s.others, lang)} / {_money(s.discarder, lang)}"),
            text(_num(s.base_points, lang)),
        )
        for s in data.stakes
    )
    return Section(
        (
            Heading(2, text(_w("stakes", lang))),
            Para(text(_w("stakes_intro", lang, stake=_num(data.rules.base_points, lang)))),
            Table(
                (
                    text(_w("col_stake", lang)),
                    text(_w("col_chicken", lang)),
                    text(_w("col_base", lang)),
                ),
                stake_rows,
                "fan",
            ),
        ),
        "keep",
    )


def _pao(data: HKPageData, lang: str) -> Section:
    rules = data.rules
    any_win = rules.pao_scope == "any_win"
    keys = []
    if rules.pao_12_tiles:
        keys.append("pao_12_any" if any_win else "pao_12")
    if rules.pao_big_hands:
        keys.append("pao_big_any" if any_win else "pao_big")
    keys.append(
        "pao_kong"
        if rules.robbing_kong_settlement == "konger_pays_self_draw"
        else "pao_kong_discard"
    )
    if rules.pao_kong_bloom:
        keys.append("pao_bloom")
    if rules.pao_half_9_tiles and rules.responsibility == "half":
        keys.append("pao_nine")
    return Section(
        (Heading(2, text(_w("pao", lang))), Bullets(tuple(text(_w(k, lang)) for k in keys))),
        "keep",
    )


def payments_page(data: HKPageData, *, lang: str = "fr") -> Document:
    """Builds the "Points et paiements" page (hk-payments.fr.md) from *data* in *lang*: the
    conversion table, the minimum and the false win, who pays (with who pays what at one fan),
    the curves, the stakes, responsibility (包) and worked examples scored by the engine."""
    examples: list[Block] = []
    for ex in data.examples:
        examples += _example(ex, lang)
    blocks: list[Block] = [
        _head(_w("payments_title", lang), _w("pay_lead", lang), data.rules, lang),
        _conversion(data, lang),
        _minimum(data, lang),
        _who_pays(data, lang),
        _curves(data, lang),
        _stakes(data, lang),
        _pao(data, lang),
    ]
    if examples:
        blocks.append(Section((Heading(2, text(_w("examples", lang))), *examples)))
    return Document(_w("payments_title", lang), lang, tuple(blocks))


def _money(x: Amount, lang: str) -> str:
    f = Fraction(x)
    amount = str(int(f)) if f.denominator == 1 else decimal(float(f), lang, 2)
    return tr("hk.money", lang, amount=amount)


def document(page: str | None, rules: HKRules | None, lang: str) -> Document:
    """Builds the Hong Kong wing's document (the registry's ``document``): the *page* ``fan``
    (default) or ``payments`` for *rules* (default: the seed's) in *lang*.

    :raises TenpaiError: for an unknown page;
    :raises RulesError: for rules of another variant.
    """
    if rules is not None and not isinstance(rules, HKRules):
        raise RulesError.of(msg("errors.hk2.pages_need_hk"))
    data = hk_page_data(rules)
    if page in (None, "fan"):
        return fan_page(data, lang=lang)
    if page == "payments":
        return payments_page(data, lang=lang)
    raise TenpaiError.of(msg("errors.hk2.unknown_page", page=page))
