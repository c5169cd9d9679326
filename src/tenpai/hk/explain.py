"""Explanations of a Hong Kong score, in French, English, Japanese and Traditional Chinese, as
data and as text (the words: catalogue ``hk``, ``hk.explain.*``).

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

from ..i18n import LANGS, decimal, grouped, tr
from .fan import row
from .payment import Amount
from .score import HKScore

__all__ = ["ExplainLine", "explain", "format_amount", "render_text"]


def _w(key: str, lang: str, **params: object) -> str:
    return tr(f"hk.explain.{key}", lang, **params)


def _seat(seat: int, lang: str, form: str = "") -> str:
    # forms: "subject" (who pays: "L’Est"), "to" (paid to: "à l’Est"); plain: the net line
    return tr(f"hk.seat.{'ESWN'[seat]}" + (f".{form}" if form else ""), lang)


@dataclass(frozen=True, slots=True)
class ExplainLine:
    """One line of an explanation: a reason *id*, its *value* (fan or points), its *text*."""

    id: str
    value: Amount | None
    text: str


def format_amount(x: Amount, lang: str = "en", *, sign: bool = False) -> str:
    """Writes points as *lang*'s catalogue says (``hk.explain.amount_grouping``: French groups
    thousands with a plain space, as the French scoring card writes ``1 000``, the others with a
    comma; ``core.number.decimal_mark``: a decimal comma in French); *sign* adds ``+`` or the
    language's minus (``hk.explain.minus``: ``−``, U+2212, in French).

    >>> format_amount(3840, "fr"), format_amount(3840, "en"), format_amount(-64, "en", sign=True)
    ('3 840', '3,840', '-64')
    >>> format_amount(Fraction(1, 4), "fr", sign=True)
    '+0,25'
    """
    neg = x < 0
    mag = -x if neg else x
    decimals = ""
    if isinstance(mag, Fraction):
        whole, rest = divmod(mag, 1)
        # the fraction's decimals after the language's mark (tenpai.i18n.decimal): ",25"
        decimals = decimal(float(rest), lang, 4).rstrip("0")[1:]
        mag = int(whole)
    body = grouped(int(mag), lang, entry="hk.explain.amount_grouping")
    minus = tr("hk.explain.minus", lang)
    if len(decimals) > 1:
        body += decimals
    if neg:
        return minus + body
    return ("+" + body) if sign and x != 0 else body


def _name(item: str, lang: str) -> tuple[str, str]:
    r = row(item)
    return r.name(lang), r.zh


def explain(score: HKScore, lang: str = "en") -> list[ExplainLine]:
    """Explains *score* in *lang* (``fr``, ``en``, ``ja`` or ``zh-Hant``): the lines, in the
    order of the count.

    :raises ValueError: for another language.
    """
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} ({', '.join(LANGS)})")
    out = [ExplainLine("arrangement", None, _w("hand", lang, x=score.arrangement))]
    for hit in score.items:
        name, zh = _name(hit.id, lang)
        why = row(hit.id).why(lang, hit.tiles)
        text = _w(
            "item",
            lang,
            name=name,
            zh=zh,
            fan=hit.fan,
            why=_w("reason", lang, why=why) if why else "",
        )
        out.append(ExplainLine(hit.id, hit.fan, text))
    for ex in score.excluded:
        name, zh = _name(ex.hit.id, lang)
        if score.limit is not None and ex.by == score.limit:
            text = _w("by_limit", lang, name=name, zh=zh)
        else:
            text = _w("replaced", lang, name=name, zh=zh, by=_name(ex.by, lang)[0])
        out.append(ExplainLine(f"excluded:{ex.hit.id}", 0, text))
    if score.limit is not None:
        limit = score.rules.limit_fan
        out.append(ExplainLine("limit", limit, _w("limit", lang, fan=limit)))
        if len(score.items) > 1:
            stack = _w("stack", lang, n=len(score.items), each=limit)
            out.append(ExplainLine("limit_stack", score.raw_fan, stack))
    out.append(ExplainLine("raw_fan", score.raw_fan, _w("total", lang, fan=score.raw_fan)))
    if score.capped:
        out.append(ExplainLine("cap", score.fan, _w("cap", lang, raw=score.raw_fan, fan=score.fan)))
    top = score.rules.payment_cap
    if top is not None and score.fan > top:
        out.append(ExplainLine("payment_cap", top, _w("payment_cap", lang, top=top, fan=score.fan)))
    if score.qualifying_fan != score.raw_fan and score.limit is None:
        q = score.qualifying_fan
        out.append(ExplainLine("qualifying_fan", q, _w("min_flowers", lang, q=q)))
    if not score.legal:
        q, least = score.qualifying_fan, score.rules.min_fan
        out.append(ExplainLine("below_minimum", q, _w("below", lang, q=q, min=least)))
        return out
    if score.liable is not None:
        who = _seat(score.liable, lang, "subject")
        out.append(ExplainLine("liable", None, _w("liable", lang, seat=who)))
    for t in score.transfers:
        why = _w("liable_why" if t.reason == "liable" else t.reason, lang)
        text = _w(
            "pay",
            lang,
            payer=_seat(t.payer, lang, "subject"),
            amount=format_amount(t.amount, lang),
            payee=_seat(t.payee, lang, "to"),
            why=why,
        )
        out.append(ExplainLine(f"pay:{'ESWN'[t.payer]}", -t.amount, text))
    nets = tr("hk.list.sep", lang).join(
        f"{_seat(i, lang)} {format_amount(v, lang, sign=True)}"
        for i, v in enumerate(score.payments)
    )
    out.append(ExplainLine("payments", None, _w("net", lang, nets=nets)))
    return out


def render_text(score: HKScore, lang: str = "en") -> str:
    """Renders the explanation of *score* in *lang* as plain text, one line per reason."""
    return "\n".join(line.text for line in explain(score, lang))
