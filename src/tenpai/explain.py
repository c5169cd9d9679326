"""Explanations of a riichi score in the card's order: han of the yaku, then fu, then payment.

Pure functions: a :class:`~tenpai.riichi.score.Score` in, :class:`Line` values out, built
from the score's own reasons (yaku hits, dora, fu parts, the table cell or limit, the
payments). French and English.

>>> from tenpai.hand import Hand
>>> from tenpai.riichi import Situation, score
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

from .analysis import is_seq, set_kind
from .hand import Meld
from .riichi.score import Score, YakuHit
from .riichi.yaku import RENHOU_YAKU, YAKU_BY_ID, Yaku
from .tiles import DORA_KIND, NORTH, Tile, format_tiles, is_red, kind, sort_key, tile_name

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

LANGS = ("fr", "en")

# fmt: off
_TEXT: dict[str, tuple[str, str]] = {
    # key: (fr, en)
    "dora": ("Dora", "Dora"),
    "ura_dora": ("Ura-dora", "Ura dora"),
    "aka_dora": ("Aka-dora (cinq rouges)", "Aka dora (red fives)"),
    "kita": (
        "Kita (nord mis de côté : un han de dora chacun, pas un yaku)",
        "Kita (north set aside: one han of dora each, not a yaku)",
    ),
    "other_non_dealer_pays": ("l’autre non-donneur paie", "the other non-dealer pays"),
    "tsumo_loss": (
        "Tsumo-son : la part du nord absent ({n}) n’est pas payée",
        "Tsumo loss: the missing north's share ({n}) is not paid",
    ),
    "north_split": (
        "Part du nord absent partagée : {n} de plus pour chacun",
        "The missing north's share split: {n} more from each",
    ),
    "total": ("Total", "Total"),
    "base": ("Base", "Base"),
    "base_chiitoitsu": ("Chiitoitsu, fu fixes", "Seven pairs, fixed fu"),
    "closed_ron": ("Ron main fermée", "Closed ron"),
    "tsumo": ("Tsumo", "Tsumo"),
    "open_pinfu": ("Main ouverte à 20 fu : portée à 30", "Open hand at 20 fu: raised to 30"),
    "meld": ("Groupe", "Set"),
    "meld_triplet": ("Brelan", "Triplet"),
    "meld_quad": ("Carré", "Quad"),
    "pair": ("Paire", "Pair"),
    "wait": ("Attente", "Wait"),
    "fu": ("Fu", "Fu"),
    "rounded": ("arrondi", "rounded up"),
    "kanchan": ("kanchan", "kanchan"),
    "penchan": ("penchan", "penchan"),
    "tanki": ("tanki", "tanki"),
    "han": ("han", "han"),
    "yakuman": ("Yakuman", "Yakuman"),
    "basic": ("points de base", "basic points"),
    "ron_pays": ("Ron : celui qui a jeté la tuile paie", "Ron: the discarder pays"),
    "dealer_pays": ("Tsumo : le donneur paie", "Tsumo: the dealer pays"),
    "non_dealer_pays": ("chaque non-donneur paie", "each non-dealer pays"),
    "all_pay": ("Tsumo : chaque adversaire paie", "Tsumo: each opponent pays"),
    "honba": ("honba", "honba"),
    "sticks": ("bâtons de riichi", "riichi sticks"),
    "pao": ("responsable (pao)", "liable (pao)"),
    "liable_1": ("Le joueur de droite paie tout", "The player on the right pays it all"),
    "liable_2": ("Le joueur d’en face paie tout", "The player across pays it all"),
    "liable_3": ("Le joueur de gauche paie tout", "The player on the left pays it all"),
    "mangan": ("Mangan", "Mangan"),
    "haneman": ("Haneman", "Haneman"),
    "baiman": ("Baiman", "Baiman"),
    "sanbaiman": ("Sanbaiman", "Sanbaiman"),
    "kazoe_yakuman": ("Yakuman compté", "Counted yakuman"),
    "not_cumulative": (
        "yakuman, ne s’ajoute pas (les yakuman ne sont pas cumulatifs)",
        "yakuman, does not add (yakuman are not cumulative here)",
    ),
    "floor": ("au moins", "floor"),
    "fixed": ("fixe", "fixed"),
    "no_fu_above": ("au-delà de 4 han, les fu ne comptent plus", "above 4 han, fu no longer count"),
    "closed": ("fermé", "closed"),
    "open": ("ouvert", "open"),
    "open (ron)": ("complété sur ron : ouvert", "completed on a ron: open"),
    "pon": ("pon", "pon"),
    "daiminkan": ("kan ouvert", "open kan"),
    "shouminkan": ("kan ajouté", "added kan"),
    "ankan": ("kan fermé", "closed kan"),
    "reading": ("Lecture", "Reading"),
    "wait_ryanmen": ("attente ryanmen (des deux côtés)", "ryanmen wait (two-sided)"),
    "wait_kanchan": ("attente kanchan (au milieu)", "kanchan wait (middle tile)"),
    "wait_penchan": ("attente penchan (au bord)", "penchan wait (edge)"),
    "wait_tanki": ("attente tanki (sur la paire)", "tanki wait (on the pair)"),
    "wait_shanpon": ("attente shanpon (sur deux paires)", "shanpon wait (on two pairs)"),
    "wait_kokushi": ("attente des treize orphelins", "thirteen orphans wait"),
    "indicator": ("indicateur", "indicator"),
    "dealer_win": ("Gagnant : le donneur", "Winner: the dealer"),
    "non_dealer_win": ("Gagnant : non-donneur", "Winner: a non-dealer"),
    "seat_E": ("Est", "East"),
    "seat_S": ("Sud", "South"),
    "seat_W": ("Ouest", "West"),
    "seat_N": ("Nord", "North"),
    "from_1": ("à droite", "on the right"),
    "from_2": ("en face", "across"),
    "from_3": ("à gauche", "on the left"),
    "sticks_short": ("bâtons", "sticks"),
    "receives": ("Le gagnant reçoit", "The winner receives"),
}
# fmt: on


def t(key: str, lang: str) -> str:
    """Gets the words for *key* in *lang* (``fr`` or ``en``)."""
    fr, en = _TEXT.get(key, (key, key))
    return fr if lang == "fr" else en


def fmt_points(n: int, lang: str = "fr") -> str:
    """Writes points with a space as thousands separator, as the card does (``3 900``)."""
    return f"{n:,}".replace(",", " ")


def yaku_name(yaku_id: str, lang: str) -> str:
    """Gets the display name of a yaku, standard or local (romaji, or the French card name).

    >>> yaku_name("ittsu", "fr"), yaku_name("tsubame_gaeshi", "en")
    ('Ittsu', 'Tsubame gaeshi')
    """
    row: Yaku | None = YAKU_BY_ID.get(yaku_id)
    if row is None and yaku_id == "renhou":
        row = RENHOU_YAKU
    if row is None:
        from .riichi.local import local_yaku_row

        row = local_yaku_row(yaku_id)
    if row is None:
        return yaku_id
    return row.fr if lang == "fr" else row.romaji


def _hit_value(y: YakuHit, lang: str) -> str:
    """Writes the value of a yaku hit: ``2 han``, ``mangan floor``, ``fixed mangan``..."""
    h = t("han", lang)
    if y.limit is None:
        return f"{y.han} {h}"
    limit = t(y.limit, lang).lower()
    if y.fixed:
        return f"{limit} {t('fixed', lang)}" if lang == "fr" else f"{t('fixed', lang)} {limit}"
    floor = f"{t('floor', lang)} {limit}" if lang == "fr" else f"{limit} {t('floor', lang)}"
    return f"{y.han} {h}, {floor}" if y.han else floor


@dataclass(frozen=True, slots=True)
class Line:
    """One line of an explanation: its *section* (``yaku``, ``dora``, ``han``, ``fu``,
    ``fu_total``, ``value``, ``payment``), the reason *id*, its *value*, and *text*."""

    section: str
    id: str
    value: int
    text: str


# The words of each fu rule (tenpai.riichi.fu.FU_RULES), {tiles} the set's tiles: (fr, en).
# fmt: off
_FU_TEXT: dict[str, tuple[str, str]] = {
    "base": ("Base", "Base"),
    "base_chiitoitsu": ("Chiitoitsu, fu fixes", "Seven pairs, fixed fu"),
    "closed_ron": ("Ron main fermée", "Closed ron"),
    "tsumo": ("Tsumo", "Tsumo"),
    "tsumo_pinfu": ("Tsumo", "Tsumo"),
    "tsumo_rinshan": ("Tsumo", "Tsumo"),
    "open_pinfu": ("Main ouverte à 20 fu : portée à 30", "Open hand at 20 fu: raised to 30"),
    "triplet_closed_simple": ("Brelan {tiles} (fermé)", "Triplet {tiles} (closed)"),
    "triplet_closed_yaochuu": ("Brelan {tiles} (fermé)", "Triplet {tiles} (closed)"),
    "triplet_ron_simple": (
        "Brelan {tiles} (complété sur ron : ouvert)", "Triplet {tiles} (completed on a ron: open)"
    ),
    "triplet_ron_yaochuu": (
        "Brelan {tiles} (complété sur ron : ouvert)", "Triplet {tiles} (completed on a ron: open)"
    ),
    "triplet_open_simple": ("Brelan {tiles} (pon)", "Triplet {tiles} (pon)"),
    "triplet_open_yaochuu": ("Brelan {tiles} (pon)", "Triplet {tiles} (pon)"),
    "quad_closed_simple": ("Carré {tiles} (kan fermé)", "Quad {tiles} (closed kan)"),
    "quad_closed_yaochuu": ("Carré {tiles} (kan fermé)", "Quad {tiles} (closed kan)"),
    "quad_open_simple": ("Carré {tiles} (kan ouvert)", "Quad {tiles} (open kan)"),
    "quad_open_yaochuu": ("Carré {tiles} (kan ouvert)", "Quad {tiles} (open kan)"),
    "quad_added_simple": ("Carré {tiles} (kan ajouté)", "Quad {tiles} (added kan)"),
    "quad_added_yaochuu": ("Carré {tiles} (kan ajouté)", "Quad {tiles} (added kan)"),
    "pair_dragon": ("Paire {tiles}", "Pair {tiles}"),
    "pair_seat_wind": ("Paire {tiles}", "Pair {tiles}"),
    "pair_round_wind": ("Paire {tiles}", "Pair {tiles}"),
    "pair_double_wind": ("Paire {tiles}", "Pair {tiles}"),
    "wait_kanchan": ("Attente kanchan", "Wait kanchan"),
    "wait_penchan": ("Attente penchan", "Wait penchan"),
    "wait_tanki": ("Attente tanki", "Wait tanki"),
}
# fmt: on


def _fu_text(rule: str, tiles: str, lang: str) -> str:
    """Gets the words of the fu *rule* (:data:`tenpai.riichi.fu.FU_RULES`) for the set
    *tiles*."""
    fr, en = _FU_TEXT[rule]
    return (fr if lang == "fr" else en).format(tiles=tiles)


def explain(s: Score, lang: str = "en") -> list[Line]:
    """Explains *s* in the card's order: each yaku with its han, each dora, the total han;
    each fu part and the rounded fu; the table cell or limit; who pays what."""
    out: list[Line] = []
    h = t("han", lang)
    if s.yakuman:
        for y in s.yakuman:
            label = yaku_name(y.id, lang)
            value = f"{t('yakuman', lang)} ×{y.han}" if y.han else t("not_cumulative", lang)
            out.append(Line("yaku", y.id, y.han, f"{label}  {value}"))
    else:
        for y in s.yaku:
            out.append(Line("yaku", y.id, y.han, f"{yaku_name(y.id, lang)}  {_hit_value(y, lang)}"))
    if not s.yakuman and s.han is not None:
        shown = dora_shown(s)
        for d in s.dora:
            why = ", ".join(x.text(lang) for x in shown if x.id == d.id and x.count)
            note = f" ({why})" if why else ""
            out.append(Line("dora", d.id, d.han, f"{t(d.id, lang)}  {d.han} {h}{note}"))
        out.append(Line("han", "total", s.han, f"{t('total', lang)}  {s.han} {h}"))
    out.append(Line("reading", s.reading.wait, 0, _reading_text(s, lang)))
    if not s.yakuman and s.han is not None:
        for p in s.fu_parts:
            sign = "" if p.id == "base" else "+"
            words = _fu_text(p.rule, p.tiles, lang)
            out.append(Line("fu", p.id, p.fu, f"{words}  {sign}{p.fu} fu"))
        assert s.fu is not None
        raw = s.fu_raw
        note = f" ({raw} {t('rounded', lang)})" if raw != s.fu else ""
        out.append(Line("fu_total", "fu", s.fu, f"{t('fu', lang)}  {s.fu} fu{note}"))
    dealer = s.situation.is_dealer
    mult = 6 if dealer else 4
    base = dict(s.base_payments)
    if s.limit is None:
        cell = f"{s.han} {h} {s.fu} fu: {fmt_points(s.basic)} {t('basic', lang)}"
    else:
        name = t(s.limit, lang)
        cell = f"{name}: {fmt_points(s.basic)} {t('basic', lang)}"
    if "ron" in base:
        cell += f" × {mult} = {fmt_points(base['ron'])}"
    out.append(Line("value", s.limit or "table", s.basic, cell))
    seat = t("seat_" + "ESWN"[s.situation.seat_wind - 27], lang)
    if dealer:
        out.append(Line("payment", "dealer", 0, f"{t('dealer_win', lang)} ({seat})"))
    else:
        out.append(Line("payment", "non_dealer", 0, f"{t('non_dealer_win', lang)} ({seat})"))
    tsumo_plain = bool(s.payments) and s.payments[0].reason.startswith("tsumo_")
    if tsumo_plain:
        hb = s.payments[0].honba
        extra = f" + {fmt_points(hb)} {t('honba', lang)}" if hb else ""
        if dealer:
            text = f"{t('all_pay', lang)} {fmt_points(base['non_dealer'])}{extra}"
            out.append(Line("payment", "tsumo_non_dealer", base["non_dealer"] + hb, text))
        else:
            text = f"{t('dealer_pays', lang)} {fmt_points(base['dealer'])}{extra}"
            out.append(Line("payment", "tsumo_dealer", base["dealer"] + hb, text))
            who = "other_non_dealer_pays" if s.rules.players == 3 else "non_dealer_pays"
            text = f"{t(who, lang).capitalize()} {fmt_points(base['non_dealer'])}"
            out.append(Line("payment", "tsumo_non_dealer", base["non_dealer"] + hb, text + extra))
        if s.rules.players == 3:
            out.append(_north_share(s, lang))
    else:
        for pay in s.payments:
            who = t("pao", lang).capitalize() if pay.reason == "pao" else t("ron_pays", lang)
            if pay.payer is not None:
                who += f" ({t(f'from_{pay.payer}', lang)})"
            if pay.reason == "tsumo":
                who = t("tsumo", lang)
            elif pay.reason == "liable":  # the whole hand (maneman settled on the win)
                who = t(f"liable_{pay.payer}", lang)
            extra = f" + {fmt_points(pay.honba)} {t('honba', lang)}" if pay.honba else ""
            out.append(
                Line(
                    "payment",
                    pay.reason,
                    pay.amount + pay.honba,
                    f"{who} {fmt_points(pay.amount)}{extra}",
                )
            )
    if s.situation.riichi_sticks:
        n = s.situation.riichi_sticks * s.rules.riichi_deposit
        out.append(Line("payment", "sticks", n, f"+ {fmt_points(n)} ({t('sticks', lang)})"))
    out.append(_total_line(s, lang))
    return out


def _north_share(s: Score, lang: str) -> Line:
    """Explains what became of the missing north's share of a three-player tsumo: not paid
    (tsumo loss) or split between the two payers."""
    from .riichi.payment import ceil100

    north = ceil100(2 * s.basic if s.situation.is_dealer else s.basic)
    if s.rules.tsumo_loss:
        return Line(
            "payment", "tsumo_loss", north, t("tsumo_loss", lang).format(n=fmt_points(north))
        )
    half = ceil100(-(-north // 2))
    return Line("payment", "north_split", half, t("north_split", lang).format(n=fmt_points(half)))


def _total_line(s: Score, lang: str) -> Line:
    """Writes what the winner receives: the hand, the honba, the riichi sticks and the sum
    (``8 000 + 300 honba + 1 000 sticks = 9 300``)."""
    hand = sum(p.amount for p in s.payments)
    honba = sum(p.honba for p in s.payments)
    sticks = s.situation.riichi_sticks * s.rules.riichi_deposit
    parts = [fmt_points(hand)]
    if honba:
        parts.append(f"{fmt_points(honba)} {t('honba', lang)}")
    if sticks:
        parts.append(f"{fmt_points(sticks)} {t('sticks_short', lang)}")
    total = hand + honba + sticks
    text = " + ".join(parts) + (f" = {fmt_points(total)}" if len(parts) > 1 else "")
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
    >>> from tenpai.riichi import Situation, score
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
    key = f"wait_{s.reading.wait}"
    return t(key, lang) if key in _TEXT else yaku_name(s.reading.wait, lang)


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
        return (
            f"{t('indicator', lang)} {tile_name(self.indicator)} → {tile_name(self.tile)}"
            f" ×{self.count}"
        )


def dora_shown(s: Score) -> tuple[DoraShown, ...]:
    """Lists the indicators that count under the rules of *s* (kan dora, ura dora only after
    riichi), each with the tile it makes dora and how many the hand holds, then the red
    fives (riichi.md §6); with three players the kita too (the norths set aside).

    >>> from tenpai.hand import Hand
    >>> from tenpai.riichi import Situation, score
    >>> from tenpai.tiles import parse_tiles
    >>> sit = Situation(seat_wind=28, riichi=True, dora_indicators=parse_tiles("7s"))
    >>> s = score(Hand.parse("234m678p40667s88s ron 5s"), sit)
    >>> [x.text("en") for x in dora_shown(s)]
    ['indicator 7s → 8s ×2', '0s']
    """
    from .riichi.sanma import DORA_KIND_3

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
