"""The Hong Kong pages, in French and English: the fan table (seed 003, "Table des fan")
and "Points et paiements" (hong-kong.md §10).

Both are built from an :class:`~tenpai.render.hk_data.HKPageData`: the fan rows, families
and limit hands, the cap and minimum, and the payment curve M(f). Every number on the pages
comes from it: the fan of each row, the conversion table ``D(f) = 2·P(f)`` and ``P(f)`` with
``P(f) = base × M(f)``, and the worked examples (items summed, capped, then settled).

>>> from tenpai.render import render
>>> from tenpai.render.hk_data import HK_DEFAULT
>>> md = render(fan_page(HK_DEFAULT, lang="fr"), "md")
>>> "| Couleur pure (清一色) | 7 fan |" in md
True
>>> settle(HK_DEFAULT, fan=8, winner=0, discarder=3, responsibility="half")
(64, -16, -16, -32)
"""

from __future__ import annotations

from fractions import Fraction

from ..tiles import parse_tiles
from .doc import (
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
from .hk_data import Example, FanItem, HKPageData

__all__ = ["fan_page", "payments_page", "settle"]

_NUMBER_WORDS = {
    "fr": ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"),
    "en": ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
}
_SEATS = {"fr": ("Est", "Sud", "Ouest", "Nord"), "en": ("East", "South", "West", "North")}
# French needs the article: "au tour d’Est", "la défausse du Nord"
_ROUND_OF = {
    "fr": ("d’Est", "du Sud", "d’Ouest", "du Nord"),
    "en": ("East", "South", "West", "North"),
}
_SEAT_OF = {
    "fr": ("de l’Est", "du Sud", "de l’Ouest", "du Nord"),
    "en": ("East’s", "South’s", "West’s", "North’s"),
}

_W: dict[str, tuple[str, str]] = {
    "kicker": ("Les bases", "The basics"),
    "fan_title": ("Table des fan", "The fan table"),
    "fan_lead": (
        "Ce que vaut chaque fan, de « sans fleur » et main cachée jusqu’à tous pungs, une "
        "couleur et les mains limites.",
        "What each fan is worth, from “no flowers” and a concealed hand up to all pungs, one "
        "suit and the limit hands.",
    ),
    "all_fan": ("Tous les fan", "All the fan"),
    "all_fan_intro": (
        "Voici la table des fan du jeu — la même qu’à la plupart des tables de Hong Kong. Dans "
        "chaque famille seul le plus élevé compte, et le total est plafonné ({} fan par défaut).",
        "Here is the game’s fan table — the same as at most Hong Kong tables. In each family "
        "only the highest counts, and the total is capped ({} fan by default).",
    ),
    "col_hand": ("Main", "Hand"),
    "col_fan": ("Fan", "Fan"),
    "fan_value": ("{} fan", "{} fan"),
    "limit_group": ("Mains limites (valent le plafond)", "Limit hands (worth the cap)"),
    "cap": ("Plafond", "Cap"),
    "easy": ("Fan faciles", "Easy fan"),
    "easy_intro": (
        "Les plus fréquents ; {} fan viennent souvent d’eux :",
        "The most common ones; {} fan often come from them:",
    ),
    "big": ("Gros fan", "Big fan"),
    "limits": ("Mains limites", "Limit hands"),
    "limits_text": (
        "Certaines mains sont des « mains limites » : elles valent directement le plafond, sans "
        "autres fan — {}.",
        "Some hands are “limit hands”: they are worth the cap outright, with no other fan — {}.",
    ),
    "families": ("Seul le plus élevé d’une famille", "Only the highest of a family"),
    "to_points": ("Comment les fan deviennent des points : ", "How fan become points: "),
    "payments_title": ("Points et paiements", "Points and payments"),
    "read_next": ("À lire ensuite", "Read next"),
    "pay_lead": (
        "Comment les fan deviennent des points, qui paie et combien.",
        "How fan become points, who pays and how much.",
    ),
    "conversion": ("De fan à points", "From fan to points"),
    "conversion_intro": (
        "Les montants sont en unités de table (mise de base {}). La mise double à chaque fan "
        "jusqu’à {} fan, puis tous les deux fan : c’est le barème ",
        "Amounts are in table units (base stake {}). The stake doubles with each fan up to {} "
        "fan, then every two fan: this is the ",
    ),
    "conversion_intro_2": (
        " « demi-épicé », celui de presque toutes les tables.",
        " “half spicy” curve, the one almost every table plays.",
    ),
    "col_discard": ("Sur défausse (", "On a discard ("),
    "col_discard_2": (") : le jeteur paie", "): the discarder pays"),
    "col_draw": ("En pioche (", "Self-drawn ("),
    "col_draw_2": (") : chaque adversaire paie", "): each opponent pays"),
    "cap_label": ("plafond", "cap"),
    "minimum": ("Le minimum : {} fan", "The minimum: {} fan"),
    "minimum_text": (
        "Il faut au moins {} fan pour gagner (",
        "You need at least {} fan to win (",
    ),
    "minimum_text_2": (
        "). Les fleurs comptent pour ce minimum, et une main limite suffit toujours.",
        "). Flowers count toward this minimum, and a limit hand always qualifies.",
    ),
    "false_win": (
        "Annoncer une victoire trop tôt, sous le minimum ou avec une main incomplète, est une "
        "fausse victoire (",
        "Declaring a win too early, below the minimum or with an incomplete hand, is a false win (",
    ),
    "false_win_2": (
        ") : le fautif paie à chacun des trois autres une pioche au plafond, {} chacun, {} en "
        "tout.",
        "): the offender pays each of the three others a self-drawn win at the cap, {} each, "
        "{} in all.",
    ),
    "who_pays": ("Qui paie", "Who pays"),
    "full_resp": (
        "Sur défausse, le jeteur paie tout (",
        "On a discard, the discarder pays everything (",
    ),
    "full_resp_2": (
        ", la règle par défaut) : la colonne « sur défausse », les deux autres ne paient rien.",
        ", the default): the “on a discard” column; the two others pay nothing.",
    ),
    "half_resp": ("Variante ", "Variant "),
    "half_resp_2": (
        " : le jeteur paie double, les autres paient simple — la moitié de la colonne pour le "
        "jeteur, un quart pour chacun des deux autres.",
        ": the discarder pays double, the others single — half the column for the discarder, "
        "a quarter for each of the two others.",
    ),
    "self_draw": ("En pioche (", "On a self-drawn win ("),
    "self_draw_2": (
        "), chacun des trois adversaires paie la colonne « en pioche » : une pioche rapporte "
        "une fois et demie une victoire sur défausse.",
        "), each of the three opponents pays the “self-drawn” column: a self-drawn win earns "
        "one and a half times a win on a discard.",
    ),
    "east": (
        "L’Est ne paie ni ne reçoit double : à Hong Kong, pas de prime du donneur (à la "
        "différence des règles « françaises » ou du MCR, où chacun paie à chacun).",
        "East neither pays nor receives double: in Hong Kong there is no dealer bonus (unlike "
        "“French” rules or MCR, where everyone pays everyone).",
    ),
    "losers": (
        "Seul le gagnant est payé : les perdants ne se paient jamais entre eux, et une partie "
        "nulle ne paie rien.",
        "Only the winner is paid: losers never pay each other, and a drawn hand pays nothing.",
    ),
    "curves": ("Demi-épicé ou tout épicé", "Half spicy or fully spicy"),
    "curve_half": (
        " « demi-épicé » (par défaut) : la mise double à chaque fan jusqu’à {}, puis tous les "
        "deux fan — de {} à {} fan : {}.",
        " “half spicy” (the default): the stake doubles with each fan up to {}, then every two "
        "fan — from {} to {} fan: {}.",
    ),
    "curve_full": (
        " « tout épicé » : la mise double à chaque fan — de {} à {} fan : {}. Gardez les mots "
        "chinois : ce sont ceux que disent les joueurs.",
        " “fully spicy”: the stake doubles with each fan — from {} to {} fan: {}. Keep the "
        "Chinese words: they are what players say.",
    ),
    "stakes": ("La mise de base", "The base stake"),
    "stakes_intro": (
        "Les tables nomment leur mise par le prix d’une main sans fan (un « poulet ») sur "
        "défausse, avec le jeteur qui paie double : ce que paient les autres, puis le jeteur. "
        "La mise de base est un réglage ; cette page compte en unités de table, mise de base {}.",
        "Tables name their stakes by the price of a hand with no fan (a “chicken hand”) on a "
        "discard, the discarder paying double: what the others pay, then the discarder. The "
        "base stake is a setting; this page counts in table units, base stake {}.",
    ),
    "col_stake": ("Nom", "Name"),
    "col_chicken": ("Poulet : autres / jeteur", "Chicken hand: others / discarder"),
    "col_base": ("Mise de base", "Base stake"),
    "pao": ("Payer pour les autres (包)", "Paying for the others (包)"),
    "pao_12": (
        "Douze tuiles exposées (十二張落地) : le gagnant montre quatre combinaisons prises sur "
        "défausse ; celui qui a donné la quatrième paie seul toute la pioche gagnante.",
        "Twelve tiles shown (十二張落地): the winner shows four sets claimed from discards; the "
        "player who fed the fourth pays the whole self-drawn win alone.",
    ),
    "pao_big": (
        "Trois grands dragons, quatre grands vents, quatre kongs : celui qui a donné le "
        "troisième pung de dragons, le quatrième pung de vents ou le quatrième kong paie seul "
        "la pioche.",
        "Big three dragons, big four winds, four kongs: the player who fed the third dragon "
        "pung, the fourth wind pung or the fourth kong pays the self-drawn win alone.",
    ),
    "pao_kong": (
        "Vol de kong (搶槓) : celui qui a fait le kong paie comme une pioche, les trois parts à "
        "lui seul.",
        "Robbing a kong (搶槓): the player who made the kong pays as for a self-drawn win, all "
        "three shares alone.",
    ),
    "examples": ("Exemples", "Examples"),
    "ex_where": ("{} au tour {}", "{}, {} round"),
    "ex_draw": ("pioche", "self-drawn"),
    "ex_from": ("sur la défausse {}", "on {} discard"),
    "ex_total": ("Total : {} fan", "Total: {} fan"),
    "ex_capped": ("Total : {} fan, plafonnés à {}", "Total: {} fan, capped at {}"),
    "ex_pays": ("Paiements : {}", "Payments: {}"),
    "ex_half": ("Avec le jeteur qui paie double : {}", "With the discarder paying double: {}"),
    "ex_alone": ("Sans ce 包, chacun paierait {}.", "Without this 包, each would pay {}."),
    "colon": (" : ", ": "),
}


def _w(key: str, lang: str, *args: object) -> str:
    fr, en = _W[key]
    s = fr if lang == "fr" else en
    return s.format(*args) if args else s


def _num(x: Fraction | int, lang: str) -> str:
    """Writes a number of table units: thousands with a space, a decimal comma in French."""
    f = Fraction(x)
    if f.denominator == 1:
        return f"{int(f):,}".replace(",", " ")
    s = f"{float(f):g}"
    return s.replace(".", ",") if lang == "fr" else s


def _signed(x: Fraction | int, lang: str) -> str:
    if x > 0:
        return "+" + _num(x, lang)
    if x < 0:
        return "−" + _num(-x, lang)
    return "0"


def _zh(s: str) -> Span:
    return Span(s, "zh")


def _name(item: FanItem, lang: str) -> str:
    return item.fr if lang == "fr" else item.en


# ---- the fan table -------------------------------------------------------------------------


def fan_page(data: HKPageData, *, lang: str = "fr") -> Document:
    """Builds the fan table page (seed 003) from *data* in *lang*: all the fan, the easy
    fan, the limit hands, the families, and the link to the payments page."""
    rows: list[tuple[tuple[Inline, ...], ...]] = []
    for it in data.items:
        rows.append(
            (
                (Span(_name(it, lang) + " ("), _zh(it.zh), Span(")")),
                text(_w("fan_value", lang, it.fan)),
            )
        )
    rows.append((text(_w("limit_group", lang)), ()))
    for it in data.limit_hands:
        rows.append(((Span(_name(it, lang) + " ("), _zh(it.zh), Span(")")), text(_w("cap", lang))))
    easy_items: list[tuple[Inline, ...]] = []
    for e in data.easy:
        values = {data.item(i).fan for i in e.ids}
        assert len(values) == 1, e.ids
        (value,) = values
        each = e.each_fr if lang == "fr" else e.each_en
        amount = f"{value} {each}" if each else f"{value}"
        name = e.fr if lang == "fr" else e.en
        meaning = e.fr_text if lang == "fr" else e.en_text
        easy_items.append((strong(f"{name} ({amount})"), Span(_w("colon", lang) + meaning)))
    words = _NUMBER_WORDS[lang]
    many = words[data.min_fan] if data.min_fan < len(words) else str(data.min_fan)
    families = tuple(text(f.fr if lang == "fr" else f.en) for f in data.families)
    blocks: list[Block] = [
        Section(
            (
                Para(text(_w("kicker", lang)), "kicker"),
                Heading(1, text(_w("fan_title", lang))),
                Para(text(_w("fan_lead", lang)), "lead"),
            ),
            "head",
        ),
        Section(
            (
                Heading(2, text(_w("all_fan", lang))),
                Para(text(_w("all_fan_intro", lang, data.cap))),
                Table((text(_w("col_hand", lang)), text(_w("col_fan", lang))), tuple(rows), "fan"),
            )
        ),
        Section(
            (
                Heading(2, text(_w("easy", lang))),
                Para(text(_w("easy_intro", lang, many))),
                Bullets(tuple(easy_items)),
            ),
            "keep",
        ),
        Section(
            (
                Heading(2, text(_w("big", lang))),
                Heading(3, text(_w("limits", lang))),
                Para(
                    text(
                        _w(
                            "limits_text",
                            lang,
                            data.limit_list_fr if lang == "fr" else data.limit_list_en,
                        )
                    )
                ),
                Heading(3, text(_w("families", lang))),
                Bullets(families),
            ),
            "keep",
        ),
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


def share(data: HKPageData, fan: int) -> Fraction:
    """Gets P(f), what each opponent pays on a self-drawn win of *fan* (capped)."""
    return data.base_points * data.curve(min(fan, data.cap))


def settle(
    data: HKPageData,
    *,
    fan: int,
    winner: int,
    discarder: int | None,
    responsibility: str | None = None,
    liable: int | None = None,
) -> tuple[Fraction | int, ...]:
    """Settles a win of *fan* (capped here) for *winner* (seat 0-3): each seat's change, East
    first. A self-drawn win (*discarder* None) costs each opponent P, or 3P to a *liable*
    player alone; on a discard the discarder pays 2P (full responsibility) or P while the two
    others pay P/2 (``responsibility="half"``). Hong Kong has no dealer bonus
    (hong-kong.md §6.2-§6.6)."""
    p = share(data, fan)
    resp = responsibility or data.responsibility
    out: list[Fraction] = [Fraction(0)] * 4
    if discarder is None:
        for seat in range(4):
            if seat == winner:
                continue
            if liable is not None:
                out[seat] = -3 * p if seat == liable else Fraction(0)
            else:
                out[seat] = -p
    elif resp == "full":
        out[discarder] = -2 * p
    else:
        for seat in range(4):
            if seat != winner:
                out[seat] = -p if seat == discarder else -p / 2
    out[winner] = -sum(out, Fraction(0))
    return tuple(int(x) if x.denominator == 1 else x for x in out)


def _fan_of(items: tuple[str, ...], data: HKPageData) -> int:
    total = 0
    for i in items:
        item = data.item(i)
        total += data.cap if item.fan is None else item.fan
    return total


def _deltas(deltas: tuple[Fraction | int, ...], lang: str) -> str:
    seats = _SEATS[lang]
    order = sorted(range(4), key=lambda s: (deltas[s] > 0, s))
    return ", ".join(f"{seats[s]} {_signed(deltas[s], lang)}" for s in order if deltas[s])


def _example(ex: Example, data: HKPageData, lang: str) -> list[Block]:
    seats = _SEATS[lang]
    where = _w("ex_where", lang, seats[ex.seat], _ROUND_OF[lang][ex.round_wind])
    how = (
        _w("ex_draw", lang)
        if ex.discarder is None
        else _w("ex_from", lang, _SEAT_OF[lang][ex.discarder])
    )
    groups: list[tuple[int, ...]] = [parse_tiles(ex.concealed)]
    sideways: list[tuple[int, int]] = []
    for tiles, claimed in ex.melds:
        sideways.append((len(groups), claimed))
        groups.append(parse_tiles(tiles))
    groups.append(parse_tiles(ex.win))
    if ex.bonus:
        groups.append(parse_tiles(ex.bonus))
    items = []
    for i in ex.items:
        it = data.item(i)
        items.append(
            (
                Span(_name(it, lang) + " ("),
                _zh(it.zh),
                Span(")" + _w("colon", lang) + _w("fan_value", lang, it.fan or data.cap)),
            )
        )
    raw = _fan_of(ex.items, data)
    final = min(raw, data.cap)
    total = _w("ex_total", lang, raw) if raw == final else _w("ex_capped", lang, raw, data.cap)
    deltas = settle(data, fan=final, winner=ex.seat, discarder=ex.discarder, liable=ex.liable)
    lines: list[tuple[Inline, ...]] = [
        *items,
        (strong(total),),
        text(_w("ex_pays", lang, _deltas(deltas, lang))),
    ]
    if ex.discarder is not None and data.responsibility == "full":
        half = settle(
            data, fan=final, winner=ex.seat, discarder=ex.discarder, responsibility="half"
        )
        lines.append(text(_w("ex_half", lang, _deltas(half, lang))))
    if ex.liable is not None:
        lines.append(text(_w("ex_alone", lang, _num(share(data, final), lang))))
    out: list[Block] = [
        Heading(3, text(ex.fr if lang == "fr" else ex.en)),
        Para((em(f"{where}, {how}"), Span(" "), Tiles(tuple(groups), "", tuple(sideways)))),
    ]
    note = ex.note_fr if lang == "fr" else ex.note_en
    if note:
        out.append(Para(text(note)))
    out.append(Bullets(tuple(lines)))
    return [Section(tuple(out), "keep")]


def _doubling_until(data: HKPageData) -> int:
    f = 0
    while data.curve(f + 1) == 2 * data.curve(f):
        f += 1
    return f


def payments_page(data: HKPageData, *, lang: str = "fr") -> Document:
    """Builds the "Points et paiements" page (hong-kong.md §10) from *data* in *lang*: the
    conversion table, the minimum and the false win, who pays, the two curves, the stakes,
    responsibility (包) and worked examples."""
    rows = []
    for f in range(data.min_fan, data.cap + 1):
        label: list[Inline] = [Span(str(f))]
        if f == data.cap:
            label += [
                Span(f" — {_w('cap_label', lang)} ("),
                _zh("爆棚" if f >= 13 else "細爆"),
                Span(")"),
            ]
        p = share(data, f)
        rows.append((tuple(label), text(_num(2 * p, lang)), text(_num(p, lang))))
    header = (
        text(_w("col_fan", lang)),
        (Span(_w("col_discard", lang)), _zh("出銃"), Span(_w("col_discard_2", lang))),
        (Span(_w("col_draw", lang)), _zh("自摸"), Span(_w("col_draw_2", lang))),
    )
    top = share(data, data.cap)
    half_to = _doubling_until(data)
    lo, hi = data.min_fan, data.cap
    half_values = ", ".join(_num(data.curve(f), lang) for f in range(lo, hi + 1))
    full_values = ", ".join(_num(data.other_curve(f), lang) for f in range(lo, hi + 1))
    stake_rows = tuple(
        (
            (_zh(s.zh), Span(f" « {s.fr} »" if lang == "fr" else f" “{s.en}”")),
            text(
                f"{_money(s.base_points * data.curve(0) / 2, lang)} / "
                f"{_money(s.base_points * data.curve(0), lang)}"
            ),
            text(_num(s.base_points, lang)),
        )
        for s in data.stakes
    )
    examples: list[Block] = []
    for ex in data.examples:
        examples += _example(ex, data, lang)
    blocks: list[Block] = [
        Section(
            (
                Para(text(_w("kicker", lang)), "kicker"),
                Heading(1, text(_w("payments_title", lang))),
                Para(text(_w("pay_lead", lang)), "lead"),
            ),
            "head",
        ),
        Section(
            (
                Heading(2, text(_w("conversion", lang))),
                Para(
                    (
                        Span(_w("conversion_intro", lang, _num(data.base_points, lang), half_to)),
                        _zh("半辣上"),
                        Span(_w("conversion_intro_2", lang)),
                    )
                ),
                Table(header, tuple(rows), "fan"),
            ),
            "keep",
        ),
        Section(
            (
                Heading(2, text(_w("minimum", lang, data.min_fan))),
                Para(
                    (
                        Span(_w("minimum_text", lang, data.min_fan)),
                        _zh("三番起糊"),
                        Span(_w("minimum_text_2", lang)),
                    )
                ),
                Para(
                    (
                        Span(_w("false_win", lang)),
                        _zh("詐糊"),
                        Span(_w("false_win_2", lang, _num(3 * top, lang), _num(9 * top, lang))),
                    )
                ),
            ),
            "keep",
        ),
        Section(
            (
                Heading(2, text(_w("who_pays", lang))),
                Bullets(
                    (
                        (Span(_w("full_resp", lang)), _zh("全銃"), Span(_w("full_resp_2", lang))),
                        (
                            Span(_w("half_resp", lang)),
                            _zh("半銃"),
                            Span(" / "),
                            _zh("陪銃"),
                            Span(_w("half_resp_2", lang)),
                        ),
                        (Span(_w("self_draw", lang)), _zh("自摸"), Span(_w("self_draw_2", lang))),
                        text(_w("east", lang)),
                        text(_w("losers", lang)),
                    )
                ),
            ),
            "keep",
        ),
        Section(
            (
                Heading(2, text(_w("curves", lang))),
                Bullets(
                    (
                        (
                            _zh("半辣上"),
                            Span(_w("curve_half", lang, half_to, lo, hi, half_values)),
                        ),
                        (_zh("辣辣上"), Span(_w("curve_full", lang, lo, hi, full_values))),
                    )
                ),
            ),
            "keep",
        ),
        Section(
            (
                Heading(2, text(_w("stakes", lang))),
                Para(text(_w("stakes_intro", lang, _num(data.base_points, lang)))),
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
        ),
        Section(
            (
                Heading(2, text(_w("pao", lang))),
                Bullets(
                    (
                        text(_w("pao_12", lang)),
                        text(_w("pao_big", lang)),
                        text(_w("pao_kong", lang)),
                    )
                ),
            ),
            "keep",
        ),
        Section((Heading(2, text(_w("examples", lang))), *examples)),
    ]
    return Document(_w("payments_title", lang), lang, tuple(blocks))


def _money(x: Fraction, lang: str) -> str:
    amount = str(int(x)) if x.denominator == 1 else f"{float(x):.2f}"
    if lang == "fr":
        amount = amount.replace(".", ",")
    return f"{amount} $" if lang == "fr" else f"${amount}"
