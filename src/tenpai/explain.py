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
Base  20 fu
Closed ron  +10 fu
Fu  30 fu
3 han 30 fu: 960 basic points × 4 = 3 900
Ron: the discarder pays 3 900
"""

from __future__ import annotations

from dataclasses import dataclass

from .riichi.score import Score, YakuHit
from .riichi.yaku import RENHOU_YAKU, YAKU_BY_ID, Yaku

__all__ = ["LANGS", "Line", "explain", "fmt_points", "render_text", "t", "yaku_name"]

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
    "base_chiitoitsu": ("Chiitoitsu : toujours", "Seven pairs: always"),
    "closed_ron": ("Ron main fermée", "Closed ron"),
    "tsumo": ("Tsumo", "Tsumo"),
    "open_pinfu": ("Main ouverte à 20 fu : portée à 30", "Open hand at 20 fu: raised to 30"),
    "meld": ("Groupe", "Set"),
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
    "open (ron)": ("ouvert (ron)", "open (ron)"),
    "pon": ("pon", "pon"),
    "daiminkan": ("kan ouvert", "open kan"),
    "shouminkan": ("kan ajouté", "added kan"),
    "ankan": ("kan fermé", "closed kan"),
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


def _fu_text(part_id: str, detail: str, lang: str) -> str:
    if part_id == "base" and detail == "chiitoitsu":
        return t("base_chiitoitsu", lang)
    if part_id == "meld":
        shape, _, state = detail.partition(" ")
        return f"{t('meld', lang)} {shape} ({t(state, lang)})"
    if part_id == "pair":
        return f"{t('pair', lang)} {detail}"
    if part_id == "wait":
        return f"{t('wait', lang)} {t(detail, lang)}"
    return t(part_id, lang)


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
        for d in s.dora:
            out.append(Line("dora", d.id, d.han, f"{t(d.id, lang)}  {d.han} {h}"))
        out.append(Line("han", "total", s.han, f"{t('total', lang)}  {s.han} {h}"))
        for p in s.fu_parts:
            sign = "" if p.id == "base" else "+"
            out.append(Line("fu", p.id, p.fu, f"{_fu_text(p.id, p.detail, lang)}  {sign}{p.fu} fu"))
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


def render_text(s: Score, *, lang: str = "en") -> str:
    """Renders the explanation of *s* as plain text, one line per reason."""
    return "\n".join(line.text for line in explain(s, lang))
