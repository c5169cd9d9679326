"""Explanations of a riichi score in the card's order: han of the yaku, then fu, then payment.

Pure functions: a :class:`~tenpai.riichi.score.Score` in, :class:`Line` values out, built
from the score's own reasons (yaku hits, dora, fu parts, the table cell or limit, the
payments). In every shipped language, from the ``riichi`` catalogues.

>>> from tenpai.hand import Hand
>>> from tenpai.riichi import Situation
>>> from tenpai.riichi.score import score
>>> s = score(Hand.parse("234m678p45667s88s ron 5s"), Situation(seat_wind=28, riichi=True))
>>> print(render_text(s, lang="en"))
Riichi  1 han
Pinfu  1 han
Tanyao  1 han
Total  3 han
Reading  234m 678p 456s 67s+5s 88s · ryanmen wait (two-sided)
Base  20 fu
Closed ron  +10 fu
Fu  30 fu
3 han 30 fu: 960 basic points × 4 = 3 900
Winner: a non-dealer (South)
Ron: the discarder pays 3 900
The winner receives  3 900
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis import is_seq, set_kind
from ..hand import Meld
from ..i18n import LANGS as I18N_LANGS
from ..i18n import grouped, has, tr
from ..tiles import (
    DORA_KIND,
    NORTH,
    Tile,
    format_tiles,
    is_red,
    kind,
    sort_key,
    tile_name,
)
from . import words
from .score import Score, YakuHit

__all__ = [
    "LANGS",
    "DoraShown",
    "Group",
    "Line",
    "dora_shown",
    "explain",
    "fmt_points",
    "reading_groups",
    "render_text",
    "t",
    "wait_words",
    "yaku_name",
]

LANGS = I18N_LANGS
"""The languages of the explanation (the shipped ones, :data:`tenpai.i18n.LANGS`)."""


def t(key: str, lang: str) -> str:
    """Gets the words for *key* in *lang* (catalogue id ``riichi.explain.<key>``; the key itself
    when no catalogue has it)."""
    mid = "riichi.explain." + key
    return tr(mid, lang) if has(mid, "en") else key


def fmt_points(n: int, lang: str = "fr") -> str:
    """Writes points as the card does in *lang*: a space as thousands separator (``3 900``),
    none in Japanese and Chinese (``3900``, as Tenhou prints them): :func:`tenpai.i18n.grouped`."""
    return grouped(n, lang)


yaku_name = words.explained_name
"""Gets the name a yaku has in an explanation (:func:`tenpai.riichi.words.explained_name`)."""


def _hit_value(y: YakuHit, lang: str) -> str:
    """Writes the value of a yaku hit: ``2 han``, ``mangan floor``, ``fixed mangan``..."""
    han = tr("riichi.han", lang, n=y.han)
    if y.limit is None:
        return han
    limit = t(y.limit, lang).lower()
    if y.fixed:
        return tr("riichi.explain.limit_fixed", lang, limit=limit)
    floor = tr("riichi.explain.limit_floor", lang, limit=limit)
    return tr("riichi.explain.han_and_floor", lang, han=han, floor=floor) if y.han else floor


@dataclass(frozen=True, slots=True)
class Line:
    """One line of an explanation: its *section* (``yaku``, ``dora``, ``han``, ``fu``,
    ``fu_total``, ``value``, ``payment``), the reason *id*, its *value*, and *text*."""

    section: str
    id: str
    value: int
    text: str


def _fu_text(rule: str, tiles: str, lang: str) -> str:
    """Gets the words of the fu *rule* (:data:`tenpai.riichi.fu.FU_RULES`, catalogue
    ``riichi.fu.<rule>``) for the set *tiles*."""
    return tr(f"riichi.fu.{rule}", lang, tiles=tiles) if tiles else tr(f"riichi.fu.{rule}", lang)


def explain(s: Score, lang: str = "en") -> list[Line]:
    """Explains *s* in the card's order: each yaku with its han, each dora, the total han;
    each fu part and the rounded fu; the table cell or limit; who pays what."""
    out: list[Line] = []
    if s.yakuman:
        for y in s.yakuman:
            label = yaku_name(y.id, lang)
            value = (
                tr("riichi.explain.yakuman_times", lang, n=y.han)
                if y.han
                else t("not_cumulative", lang)
            )
            out.append(Line("yaku", y.id, y.han, f"{label}  {value}"))
    else:
        for y in s.yaku:
            out.append(Line("yaku", y.id, y.han, f"{yaku_name(y.id, lang)}  {_hit_value(y, lang)}"))
    if not s.yakuman and s.han is not None:
        shown = dora_shown(s)
        for d in s.dora:
            why = ", ".join(x.text(lang) for x in shown if x.id == d.id and x.count)
            note = tr("riichi.explain.dora_note", lang, shown=why) if why else ""
            han = tr("riichi.han", lang, n=d.han)
            out.append(Line("dora", d.id, d.han, f"{t(d.id, lang)}  {han}{note}"))
        total = tr("riichi.han", lang, n=s.han)
        out.append(Line("han", "total", s.han, f"{t('total', lang)}  {total}"))
    out.append(Line("reading", s.reading.wait, 0, _reading_text(s, lang)))
    if not s.yakuman and s.han is not None:
        for p in s.fu_parts:
            sign = "" if p.id == "base" else "+"
            fu = tr("riichi.fu_n", lang, n=f"{sign}{p.fu}")
            out.append(Line("fu", p.id, p.fu, f"{_fu_text(p.rule, p.tiles, lang)}  {fu}"))
        assert s.fu is not None
        raw = s.fu_raw
        note = tr("riichi.explain.fu_rounded", lang, raw=raw) if raw != s.fu else ""
        fu = tr("riichi.fu_n", lang, n=s.fu)
        out.append(Line("fu_total", "fu", s.fu, f"{t('fu', lang)}  {fu}{note}"))
    dealer = s.situation.is_dealer
    mult = 6 if dealer else 4
    base = dict(s.base_payments)
    basic = fmt_points(s.basic, lang)
    if s.limit is None:
        cell = tr("riichi.explain.cell", lang, han=s.han, fu=s.fu, basic=basic)
    else:
        cell = tr("riichi.explain.limit_cell", lang, limit=t(s.limit, lang), basic=basic)
    if "ron" in base:
        cell += tr("riichi.explain.times", lang, mult=mult, points=fmt_points(base["ron"], lang))
    out.append(Line("value", s.limit or "table", s.basic, cell))
    seat = t("seat_" + "ESWN"[s.situation.seat_wind - 27], lang)
    if dealer:
        out.append(
            Line("payment", "dealer", 0, tr("riichi.explain.winner_dealer", lang, seat=seat))
        )
    else:
        text = tr("riichi.explain.winner_non_dealer", lang, seat=seat)
        out.append(Line("payment", "non_dealer", 0, text))
    tsumo_plain = bool(s.payments) and s.payments[0].reason.startswith("tsumo_")
    if tsumo_plain:
        hb = s.payments[0].honba
        extra = _honba(hb, lang)
        if dealer:
            text = _pays("pay_all", base["non_dealer"], extra, lang)
            out.append(Line("payment", "tsumo_non_dealer", base["non_dealer"] + hb, text))
        else:
            text = _pays("pay_dealer", base["dealer"], extra, lang)
            out.append(Line("payment", "tsumo_dealer", base["dealer"] + hb, text))
            who = "pay_other_non_dealer" if s.rules.players == 3 else "pay_non_dealer"
            text = _pays(who, base["non_dealer"], extra, lang)
            out.append(Line("payment", "tsumo_non_dealer", base["non_dealer"] + hb, text))
        if s.rules.players == 3:
            out.append(_north_share(s, lang))
    else:
        for pay in s.payments:
            extra = _honba(pay.honba, lang)
            if pay.reason == "tsumo":
                text = _pays("pay_tsumo", pay.amount, extra, lang)
            elif pay.reason == "liable":  # the whole hand (maneman settled on the win)
                text = _pays(f"pay_liable_{pay.payer}", pay.amount, extra, lang)
            else:
                who = "pay_pao" if pay.reason == "pao" else "pay_ron"
                if pay.payer is None:
                    text = _pays(who, pay.amount, extra, lang)
                else:
                    payer = t(f"from_{pay.payer}", lang)
                    text = _pays(who + "_from", pay.amount, extra, lang, payer=payer)
            out.append(Line("payment", pay.reason, pay.amount + pay.honba, text))
    if s.situation.riichi_sticks:
        n = s.situation.riichi_sticks * s.rules.riichi_deposit
        text = tr("riichi.explain.plus_sticks", lang, amount=fmt_points(n, lang))
        out.append(Line("payment", "sticks", n, text))
    out.append(_total_line(s, lang))
    return out


def _honba(amount: int, lang: str) -> str:
    """Writes the honba part of a payment (`` + 300 honba``), or nothing."""
    if not amount:
        return ""
    return tr("riichi.explain.plus_honba", lang, amount=fmt_points(amount, lang))


def _pays(key: str, amount: int, extra: str, lang: str, **more: str) -> str:
    """Writes a payment line ``riichi.explain.<key>``: who pays *amount*, then *extra*."""
    return tr(f"riichi.explain.{key}", lang, amount=fmt_points(amount, lang), extra=extra, **more)


def _north_share(s: Score, lang: str) -> Line:
    """Explains what became of the missing north's share of a three-player tsumo: not paid
    (tsumo loss) or split between the two payers."""
    from .payment import ceil100

    north = ceil100(2 * s.basic if s.situation.is_dealer else s.basic)
    if s.rules.tsumo_loss:
        text = tr("riichi.explain.tsumo_loss", lang, n=fmt_points(north, lang))
        return Line("payment", "tsumo_loss", north, text)
    half = ceil100(-(-north // 2))
    text = tr("riichi.explain.north_split", lang, n=fmt_points(half, lang))
    return Line("payment", "north_split", half, text)


def _total_line(s: Score, lang: str) -> Line:
    """Writes what the winner receives: the hand, the honba, the riichi sticks and the sum
    (``8 000 + 300 honba + 1 000 sticks = 9 300``)."""
    hand = sum(p.amount for p in s.payments)
    honba = sum(p.honba for p in s.payments)
    sticks = s.situation.riichi_sticks * s.rules.riichi_deposit
    parts = [tr("riichi.explain.total_hand", lang, amount=fmt_points(hand, lang))]
    if honba:
        parts.append(tr("riichi.explain.total_honba", lang, amount=fmt_points(honba, lang)))
    if sticks:
        parts.append(tr("riichi.explain.total_sticks", lang, amount=fmt_points(sticks, lang)))
    total = hand + honba + sticks
    text = " + ".join(parts)
    if len(parts) > 1:
        text += tr("riichi.explain.total_sum", lang, amount=fmt_points(total, lang))
    return Line("total", "total", total, f"{t('receives', lang)}  {text}")


@dataclass(frozen=True, slots=True)
class Group:
    """One part of a hand as the score's reading reads it: its *tiles*, its *role* (``set``,
    ``pair``, ``meld`` or ``wait``: the part the winning tile completed), the *meld* for a
    called or concealed kan meld, and *win* the index in *tiles* of the winning tile (-1
    when it is elsewhere)."""

    tiles: tuple[Tile, ...]
    role: str
    meld: Meld | None = None
    win: int = -1

    def format(self) -> str:
        """Writes the group in MPSZ (a meld as the hand notation writes it)."""
        if self.meld is not None:
            return self.meld.format()
        return format_tiles(self.tiles)


def reading_groups(s: Score) -> tuple[Group, ...]:
    """Splits the hand of *s* as its chosen reading does: the concealed sets and the pair (the
    part the winning tile completed marked ``wait``, the winning tile last in it), then the
    melds. Red fives stay the tiles the player holds.

    >>> from tenpai.hand import Hand
    >>> from tenpai.riichi import Situation
    >>> from tenpai.riichi.score import score
    >>> s = score(Hand.parse("234m678p45667s88s ron 5s"), Situation(seat_wind=28, riichi=True))
    >>> [(g.format(), g.role) for g in reading_groups(s)]
    [('234m', 'set'), ('678p', 'set'), ('456s', 'set'), ('567s', 'wait'), ('88s', 'pair')]
    """
    hand, r = s.hand, s.reading
    d = r.decomposition
    win = hand.win_tile
    pool = list(hand.concealed)

    def take(kinds: list[int], with_win: bool) -> tuple[tuple[Tile, ...], int]:
        got: list[Tile] = []
        if with_win and win is not None:
            kinds.remove(kind(win))
        for k in kinds:
            t = next(x for x in pool if kind(x) == k)
            pool.remove(t)
            got.append(t)
        got.sort(key=sort_key)
        if with_win and win is not None:
            got.append(win)
            return tuple(got), len(got) - 1
        return tuple(got), -1

    if d.form not in ("standard", "chiitoitsu"):  # thirteen orphans, a local irregular shape
        kinds = [kind(x) for x in hand.closed_tiles]
        tiles, at = take(kinds, True)
        return (Group(tiles, "wait", win=at),)
    wanted: list[tuple[list[int], str, bool]] = []
    waited = False
    if d.form == "chiitoitsu":
        for k in d.sets:
            hit = not waited and win is not None and kind(win) == k
            waited |= hit
            wanted.append(([k, k], "wait" if hit else "pair", hit))
    else:
        for code in d.sets:
            k = set_kind(code)
            kinds = [k, k + 1, k + 2] if is_seq(code) else [k, k, k]
            hit = not waited and code == r.win_set
            waited |= hit
            wanted.append((kinds, "wait" if hit else "set", hit))
        hit = not waited
        wanted.append(([d.pair, d.pair], "wait" if hit else "pair", hit))
    # the winning part last among the concealed ones, so that the others take their tiles first
    order = sorted(range(len(wanted)), key=lambda i: wanted[i][2])
    made: dict[int, Group] = {}
    for i in order:
        kinds, role, hit = wanted[i]
        tiles, at = take(list(kinds), hit)
        made[i] = Group(tiles, role, win=at)
    out = sorted(
        (made[i] for i in range(len(wanted))),
        key=lambda g: (
            g.role == "pair" or (g.role == "wait" and len(g.tiles) == 2),
            *sort_key(g.tiles[0]),
        ),
    )
    out.extend(Group(m.tiles, "meld", meld=m) for m in hand.melds)
    return tuple(out)


def _reading_text(s: Score, lang: str) -> str:
    parts = []
    for g in reading_groups(s):
        if g.win >= 0:
            rest = format_tiles(g.tiles[: g.win] + g.tiles[g.win + 1 :])
            parts.append(f"{rest}+{tile_name(g.tiles[g.win])}" if rest else tile_name(g.tiles[0]))
        else:
            parts.append(g.format())
    return f"{t('reading', lang)}  {' '.join(parts)} · {wait_words(s, lang)}"


def wait_words(s: Score, lang: str) -> str:
    """Names the wait of the reading of *s* in *lang* (``ryanmen wait (two-sided)``)."""
    key = f"riichi.explain.wait_{s.reading.wait}"
    return tr(key, lang) if has(key, "en") else yaku_name(s.reading.wait, lang)


@dataclass(frozen=True, slots=True)
class DoraShown:
    """One source of dora, to show as tiles: *id* (``dora``, ``ura_dora``, ``aka_dora``), the
    *indicator* tile (None for a red five), the *tile* it makes dora (the red five itself),
    and *count*: how many of the hand's tiles it counts."""

    id: str
    indicator: Tile | None
    tile: Tile
    count: int

    def text(self, lang: str) -> str:
        """Writes it in *lang*: ``indicator 1m → 2m ×2`` or ``0s``."""
        if self.indicator is None:
            return tile_name(self.tile) + (f" ×{self.count}" if self.count > 1 else "")
        return tr(
            "riichi.explain.indicator_shows",
            lang,
            indicator=tile_name(self.indicator),
            tile=tile_name(self.tile),
            n=self.count,
        )


def dora_shown(s: Score) -> tuple[DoraShown, ...]:
    """Lists the indicators that count under the rules of *s* (kan dora, ura dora only after
    riichi), each with the tile it makes dora and how many the hand holds, then the red
    fives (docs/generated/bareme.fr.md); with three players the kita too (the norths set aside).

    >>> from tenpai.hand import Hand
    >>> from tenpai.riichi import Situation
    >>> from tenpai.riichi.score import score
    >>> from tenpai.tiles import parse_tiles
    >>> sit = Situation(seat_wind=28, riichi=True, dora_indicators=parse_tiles("7s"))
    >>> s = score(Hand.parse("234m678p40667s88s ron 5s"), sit)
    >>> [x.text("en") for x in dora_shown(s)]
    ['indicator 7s → 8s ×2', '0s']
    """
    from .sanma import DORA_KIND_3

    sit, rules = s.situation, s.rules
    tiles = s.hand.all_tiles()
    kita = s.hand.kita
    # the norths set aside count under an indicator too (three players: 1m indicates 9m)
    kinds = [kind(x) for x in tiles] + [NORTH] * kita
    dora_kind = DORA_KIND if rules.players == 4 else DORA_KIND_3
    out: list[DoraShown] = []
    inds = sit.dora_indicators if rules.kan_dora else sit.dora_indicators[:1]
    for i in inds:
        out.append(DoraShown("dora", i, dora_kind[i], kinds.count(dora_kind[i])))
    if kita:
        out.append(DoraShown("kita", None, NORTH, kita))
    if (sit.riichi or sit.double_riichi) and rules.ura_dora:
        uras = sit.ura_indicators if rules.kan_ura_dora else sit.ura_indicators[:1]
        for i in uras:
            out.append(DoraShown("ura_dora", i, dora_kind[i], kinds.count(dora_kind[i])))
    if rules.aka:
        for x in sorted({x for x in tiles if is_red(x)}):
            out.append(DoraShown("aka_dora", None, x, tiles.count(x)))
    return tuple(out)


def render_text(s: Score, *, lang: str = "en") -> str:
    """Renders the explanation of *s* as plain text, one line per reason."""
    return "\n".join(line.text for line in explain(s, lang))
