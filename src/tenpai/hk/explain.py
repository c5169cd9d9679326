"""Explanations of a Hong Kong score, in French and English, as data and as text.

:func:`explain` returns the lines of a score (each fan item with its fan and reason, the
items a higher one of their family replaced, the limit, the cap, the minimum, who pays whom and
the net per seat) as ``(id, value, text)`` triples; :func:`render_text` joins them. Both are pure.

>>> from tenpai.hand import Hand
>>> from tenpai.hk.situation import HKSituation
>>> from tenpai.hk.score import score
>>> s = score(Hand.parse("234m567m345p45s99s tsumo 6s"), HKSituation.of(seat="S"))
>>> print(render_text(s, "fr"))
Main : 234m 567m 345p 456s 99s
Sans fleur (無花) : 1 fan — aucune fleur ni saison
Main cachée (門前清) : 1 fan — ni chow, ni pung, ni kong pris sur défausse
Pioche gagnante (自摸) : 1 fan — vous avez pioché la tuile gagnante
Tous chows (平糊) : 1 fan — quatre chows
Total : 4 fan
L’Est paie 8 au Sud (pioche gagnante)
L’Ouest paie 8 au Sud (pioche gagnante)
Le Nord paie 8 au Sud (pioche gagnante)
Est −8, Sud +24, Ouest −8, Nord −8
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .fan import row
from .payment import Amount
from .score import HKScore

__all__ = ["ExplainLine", "explain", "format_amount", "render_text"]

LANGS = ("fr", "en")

_SEATS = {
    "en": ("East", "South", "West", "North"),
    "fr": ("Est", "Sud", "Ouest", "Nord"),
}
_SUBJECT_FR = ("L’Est", "Le Sud", "L’Ouest", "Le Nord")
_TO_FR = ("à l’Est", "au Sud", "à l’Ouest", "au Nord")

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "hand": "Hand: {x}",
        "item": "{name} ({zh}): {fan} fan{why}",
        "replaced": "{name} ({zh}) does not count: {by} counts instead (only the highest of a"
        " family)",
        "by_limit": "{name} ({zh}) does not count: a limit hand is worth the limit, no other fan",
        "limit": "Limit hand: worth the limit, {fan} fan",
        "stack": "Limit hands add up: {n} × {each} fan",
        "total": "Total: {fan} fan",
        "cap": "Cap: {raw} fan paid as {fan}",
        "payment_cap": "The payment table stops at {top} fan: {fan} fan paid as {top}",
        "min_flowers": "Toward the minimum: {q} fan (flower fan do not count)",
        "below": "Below the minimum: {q} fan, {min} needed (declaring it is a false win, 詐糊)",
        "pay": "{payer} pays {amount} to {payee} ({why})",
        "liable": "{seat} is liable (包) and pays for the others",
        "net": "{nets}",
        "self_draw": "self-draw",
        "discard": "discard",
        "discard_share": "share of a discard, half responsibility",
        "robbed_kong": "robbed kong, paid as a self-draw",
        "robbed_flower": "robbed flower, paid as a discard",
        "liable_why": "liability 包",
        "false_win": "false win 詐糊",
    },
    "fr": {
        "hand": "Main : {x}",
        "item": "{name} ({zh}) : {fan} fan{why}",
        "replaced": "{name} ({zh}) ne compte pas : {by} compte à sa place (seul le plus élevé"
        " d’une famille compte)",
        "by_limit": "{name} ({zh}) ne compte pas : une main limite vaut le plafond, sans autres"
        " fan",
        "limit": "Main limite : vaut le plafond, {fan} fan",
        "stack": "Les mains limites s’additionnent : {n} × {each} fan",
        "total": "Total : {fan} fan",
        "cap": "Plafond : {raw} fan ramenés à {fan}",
        "payment_cap": "La table des paiements s’arrête à {top} fan : {fan} fan payés comme {top}",
        "min_flowers": "Pour le minimum : {q} fan (les fan de fleurs ne comptent pas)",
        "below": "Sous le minimum : {q} fan pour {min} requis (la déclarer est une fausse"
        " victoire, 詐糊)",
        "pay": "{payer} paie {amount} {payee} ({why})",
        "liable": "{seat} est responsable (包) et paie pour les autres",
        "net": "{nets}",
        "self_draw": "pioche gagnante",
        "discard": "défausse",
        "discard_share": "part d’une défausse, demi-responsabilité",
        "robbed_kong": "kong volé, payé comme une pioche gagnante",
        "robbed_flower": "fleur volée, payée comme une défausse",
        "liable_why": "responsabilité 包",
        "false_win": "fausse victoire 詐糊",
    },
}


@dataclass(frozen=True, slots=True)
class ExplainLine:
    """One line of an explanation: a reason *id*, its *value* (fan or points), its *text*."""

    id: str
    value: Amount | None
    text: str


def format_amount(x: Amount, lang: str = "en", *, sign: bool = False) -> str:
    """Writes points: French groups thousands with a plain space (as the seed's card does,
    seed 001 "1 000") and writes a decimal comma; *sign* adds ``+`` or ``−`` (U+2212).

    >>> format_amount(3840, "fr"), format_amount(3840, "en"), format_amount(-64, "en", sign=True)
    ('3 840', '3,840', '-64')
    >>> format_amount(Fraction(1, 4), "fr", sign=True)
    '+0,25'
    """
    neg = x < 0
    mag = -x if neg else x
    if isinstance(mag, Fraction):
        whole, rest = divmod(mag, 1)
        decimals = f"{float(rest):.4f}".rstrip("0").split(".")[1]
        body = f"{int(whole):,}" + ("." + decimals if decimals else "")
    else:
        body = f"{mag:,}"
    if lang == "fr":
        body = body.replace(",", " ").replace(".", ",")
        minus = "−"
    else:
        minus = "-"
    if neg:
        return minus + body
    return ("+" + body) if sign and x != 0 else body


def _name(item: str, lang: str) -> tuple[str, str]:
    r = row(item)
    return (r.fr if lang == "fr" else r.en), r.zh


def explain(score: HKScore, lang: str = "en") -> list[ExplainLine]:
    """Explains *score* in *lang* (``fr`` or ``en``): the lines, in the order of the count.

    :raises ValueError: for another language.
    """
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (fr or en)")
    w = _WORDS[lang]
    out = [ExplainLine("arrangement", None, w["hand"].format(x=score.arrangement))]
    for hit in score.items:
        name, zh = _name(hit.id, lang)
        r = row(hit.id)
        why = (r.why_fr if lang == "fr" else r.why_en).format(tiles=hit.tiles)
        text = w["item"].format(name=name, zh=zh, fan=hit.fan, why=f" — {why}" if why else "")
        out.append(ExplainLine(hit.id, hit.fan, text))
    for ex in score.excluded:
        name, zh = _name(ex.hit.id, lang)
        if score.limit is not None and ex.by == score.limit:
            text = w["by_limit"].format(name=name, zh=zh)
        else:
            text = w["replaced"].format(name=name, zh=zh, by=_name(ex.by, lang)[0])
        out.append(ExplainLine(f"excluded:{ex.hit.id}", 0, text))
    if score.limit is not None:
        out.append(
            ExplainLine(
                "limit", score.rules.limit_fan, w["limit"].format(fan=score.rules.limit_fan)
            )
        )
        if len(score.items) > 1:
            out.append(
                ExplainLine(
                    "limit_stack",
                    score.raw_fan,
                    w["stack"].format(n=len(score.items), each=score.rules.limit_fan),
                )
            )
    out.append(ExplainLine("raw_fan", score.raw_fan, w["total"].format(fan=score.raw_fan)))
    if score.capped:
        out.append(ExplainLine("cap", score.fan, w["cap"].format(raw=score.raw_fan, fan=score.fan)))
    top = score.rules.payment_cap
    if top is not None and score.fan > top:
        out.append(ExplainLine("payment_cap", top, w["payment_cap"].format(top=top, fan=score.fan)))
    if score.qualifying_fan != score.raw_fan and score.limit is None:
        out.append(
            ExplainLine(
                "qualifying_fan",
                score.qualifying_fan,
                w["min_flowers"].format(q=score.qualifying_fan),
            )
        )
    if not score.legal:
        out.append(
            ExplainLine(
                "below_minimum",
                score.qualifying_fan,
                w["below"].format(q=score.qualifying_fan, min=score.rules.min_fan),
            )
        )
        return out
    seats = _SEATS[lang]
    if score.liable is not None:
        who = _SUBJECT_FR[score.liable] if lang == "fr" else seats[score.liable]
        out.append(ExplainLine("liable", None, w["liable"].format(seat=who)))
    for t in score.transfers:
        payer = _SUBJECT_FR[t.payer] if lang == "fr" else seats[t.payer]
        payee = _TO_FR[t.payee] if lang == "fr" else seats[t.payee]
        why = w["liable_why" if t.reason == "liable" else t.reason]
        text = w["pay"].format(
            payer=payer, amount=format_amount(t.amount, lang), payee=payee, why=why
        )
        out.append(ExplainLine(f"pay:{'ESWN'[t.payer]}", -t.amount, text))
    nets = ", ".join(
        f"{seats[i]} {format_amount(v, lang, sign=True)}" for i, v in enumerate(score.payments)
    )
    out.append(ExplainLine("payments", None, w["net"].format(nets=nets)))
    return out


def render_text(score: HKScore, lang: str = "en") -> str:
    """Renders the explanation of *score* in *lang* as plain text, one line per reason."""
    return "\n".join(line.text for line in explain(score, lang))
