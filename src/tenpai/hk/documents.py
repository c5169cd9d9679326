"""The Hong Kong pages, in French and English: the fan table (seed 003, "Table des fan")
and "Points et paiements" (hong-kong.md §10).

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

from fractions import Fraction

from ..errors import RulesError, TenpaiError
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

_NUMBER_WORDS = {
    "fr": ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"),
    "en": ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
}
_ZH_NUMBERS = "零一二三四五六七八九十"
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
_CURVE_ZH = {"half": "半辣上", "spicy": "辣辣上", "fan_laak": "番勒"}
_STAKE_WORDS = {
    "二五雞": ("deux-cinq poulet", "two-five chicken"),
    "五一": ("cinq-un", "five-one"),
    "一二蚊": ("un-deux dollars", "one-two dollars"),
}

_W: dict[str, tuple[str, str]] = {
    "kicker": ("Les bases", "The basics"),
    "rules": ("Règles : ", "Rules: "),
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
    "all_fan_uncapped": (
        "Voici la table des fan du jeu — la même qu’à la plupart des tables de Hong Kong. Dans "
        "chaque famille seul le plus élevé compte, et le total n’est pas plafonné (une main "
        "limite vaut {} fan).",
        "Here is the game’s fan table — the same as at most Hong Kong tables. In each family "
        "only the highest counts, and the total has no cap (a limit hand is worth {} fan).",
    ),
    "col_hand": ("Main", "Hand"),
    "col_fan": ("Fan", "Fan"),
    "fan_value": ("{} fan", "{} fan"),
    "limit_group": ("Mains limites (valent le plafond)", "Limit hands (worth the cap)"),
    "limit_group_n": ("Mains limites (valent {} fan)", "Limit hands (worth {} fan)"),
    "cap": ("Plafond", "Cap"),
    "easy": ("Fan faciles", "Easy fan"),
    "easy_intro": (
        "Les plus fréquents ; {} fan viennent souvent d’eux :",
        "The most common ones; {} fan often come from them:",
    ),
    "easy_intro_0": ("Les plus fréquents :", "The most common ones:"),
    "big": ("Gros fan", "Big fan"),
    "limits": ("Mains limites", "Limit hands"),
    "limits_text": (
        "Certaines mains sont des « mains limites » : elles valent directement le plafond, sans "
        "autres fan — {}.",
        "Some hands are “limit hands”: they are worth the cap outright, with no other fan — {}.",
    ),
    "limits_text_n": (
        "Certaines mains sont des « mains limites » : elles valent directement {} fan, sans "
        "autres fan — {}.",
        "Some hands are “limit hands”: they are worth {} fan outright, with no other fan — {}.",
    ),
    "limits_stack": (
        " Deux mains limites dans la même main s’additionnent.",
        " Two limit hands in one hand add up.",
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
    "units": (
        "Les montants sont en unités de table (mise de base {}). ",
        "Amounts are in table units (base stake {}). ",
    ),
    "curve_intro_half": (
        "La mise double à chaque fan jusqu’à {} fan, puis tous les deux fan : c’est le barème ",
        "The stake doubles with each fan up to {} fan, then every two fan: this is the ",
    ),
    "curve_intro_half_2": (
        " « demi-épicé », celui de presque toutes les tables.",
        " “half spicy” curve, the one almost every table plays.",
    ),
    "curve_intro_spicy": (
        "La mise double à chaque fan : c’est le barème ",
        "The stake doubles with each fan: this is the ",
    ),
    "curve_intro_spicy_2": (" « tout épicé ».", " “fully spicy” curve."),
    "curve_intro_fan_laak": (
        "La mise double à chaque fan jusqu’à {} fan, puis par paliers de trois fan : c’est le "
        "barème ",
        "The stake doubles with each fan up to {} fan, then by steps of three fan: this is the ",
    ),
    "curve_intro_fan_laak_2": (" « fan-laak ».", " “fan-laak” ladder."),
    "col_discard": ("Sur défausse (", "On a discard ("),
    "col_discard_2": (") : le jeteur paie", "): the discarder pays"),
    "col_discard_others": (
        "Sur défausse : chacun des deux autres paie",
        "On a discard: each of the two others pays",
    ),
    "col_draw": ("En pioche (", "Self-drawn ("),
    "col_draw_2": (") : chaque adversaire paie", "): each opponent pays"),
    "cap_label": ("plafond", "cap"),
    "limit_label": ("main limite", "limit hand"),
    "minimum": ("Le minimum : {} fan", "The minimum: {} fan"),
    "minimum_text": (
        "Il faut au moins {} fan pour gagner (",
        "You need at least {} fan to win (",
    ),
    "minimum_flowers": (
        "). Les fleurs comptent pour ce minimum, et une main limite suffit toujours.",
        "). Flowers count toward this minimum, and a limit hand always qualifies.",
    ),
    "minimum_no_flowers": (
        "). Les fleurs ne comptent pas pour ce minimum, mais une main limite suffit toujours.",
        "). Flowers do not count toward this minimum, but a limit hand always qualifies.",
    ),
    "minimum_plain": (
        "). Une main limite suffit toujours.",
        "). A limit hand always qualifies.",
    ),
    "no_minimum": ("Pas de minimum", "No minimum"),
    "no_minimum_text": (
        "Il n’y a pas de minimum : une main sans fan (",
        "There is no minimum: a hand with no fan (",
    ),
    "no_minimum_text_2": (") gagne aussi.", ") wins too."),
    "false_win": (
        "Annoncer une victoire trop tôt, sous le minimum ou avec une main incomplète, est une "
        "fausse victoire (",
        "Declaring a win too early, below the minimum or with an incomplete hand, is a false win (",
    ),
    "false_win_incomplete": (
        "Annoncer une victoire avec une main incomplète est une fausse victoire (",
        "Declaring a win with an incomplete hand is a false win (",
    ),
    "false_win_2": (
        ") : le fautif paie à chacun des trois autres une pioche {}, {} chacun, {} en tout.",
        "): the offender pays each of the three others a self-drawn win {}, {} each, {} in all.",
    ),
    "false_win_share": (
        ") : le fautif paie à chacun des trois autres une part {}, {} chacun, {} en tout.",
        "): the offender pays each of the three others one share {}, {} each, {} in all.",
    ),
    "at_cap": ("au plafond", "at the cap"),
    "at_fan": ("à {} fan", "at {} fan"),
    "who_pays": ("Qui paie", "Who pays"),
    "split_title": ("À {} fan :", "At {} fan:"),
    "col_case": ("Victoire", "Win"),
    "col_winner": ("Le gagnant reçoit", "The winner receives"),
    "col_payer": ("Le jeteur (ou le responsable) paie", "The discarder (or liable player) pays"),
    "col_other": ("Chacun des autres paie", "Each of the others pays"),
    "split_self_draw": ("En pioche (", "Self-drawn ("),
    "split_discard_full": ("Sur défausse, le jeteur paie tout (", "On a discard, full ("),
    "split_discard_half": ("Sur défausse, le jeteur paie double (", "On a discard, half ("),
    "split_robbing_kong": ("Vol de kong (", "Robbing a kong ("),
    "split_liable": ("En pioche, un joueur responsable (", "Self-drawn, a liable player ("),
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
    "half_rule": (
        "Sur défausse, le jeteur paie double et les autres paient simple (",
        "On a discard, the discarder pays double and the others single (",
    ),
    "half_rule_2": (
        ", la règle de ces pages) : les deux colonnes « sur défausse ».",
        ", the rule of these pages): the two “on a discard” columns.",
    ),
    "full_variant": ("Variante ", "Variant "),
    "full_variant_2": (
        " (la règle par défaut) : le jeteur paie tout, les deux autres ne paient rien.",
        " (the default): the discarder pays everything, the two others pay nothing.",
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
    "east_times": (
        "Dans ces règles, l’Est paie et reçoit {} fois plus : tout paiement de l’Est ou à l’Est "
        "est multiplié par {} (les tableaux de cette page sont sans l’Est).",
        "Under these rules East pays and receives {} times as much: every payment from or to "
        "East is multiplied by {} (the tables of this page leave East out).",
    ),
    "losers": (
        "Seul le gagnant est payé : les perdants ne se paient jamais entre eux, et une partie "
        "nulle ne paie rien.",
        "Only the winner is paid: losers never pay each other, and a drawn hand pays nothing.",
    ),
    "curves": ("Demi-épicé ou tout épicé", "Half spicy or fully spicy"),
    "default_mark": (" (par défaut)", " (the default)"),
    "these_mark": (" (ces règles)", " (these rules)"),
    "curve_half": (
        " « demi-épicé »{} : la mise double à chaque fan jusqu’à {}, puis tous les deux fan — "
        "de {} à {} fan : {}.",
        " “half spicy”{}: the stake doubles with each fan up to {}, then every two fan — from "
        "{} to {} fan: {}.",
    ),
    "curve_spicy": (
        " « tout épicé »{} : la mise double à chaque fan — de {} à {} fan : {}. Gardez les mots "
        "chinois : ce sont ceux que disent les joueurs.",
        " “fully spicy”{}: the stake doubles with each fan — from {} to {} fan: {}. Keep the "
        "Chinese words: they are what players say.",
    ),
    "curve_fan_laak": (
        " « fan-laak »{} : des paliers de trois fan — de {} à {} fan : {}.",
        " “fan-laak”{}: steps of three fan — from {} to {} fan: {}.",
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
    "pao_12_any": (
        "Douze tuiles exposées (十二張落地) : le gagnant montre quatre combinaisons prises sur "
        "défausse ; celui qui a donné la quatrième paie seul toute la main, en pioche comme sur "
        "défausse.",
        "Twelve tiles shown (十二張落地): the winner shows four sets claimed from discards; the "
        "player who fed the fourth pays the whole hand alone, self-drawn or on a discard.",
    ),
    "pao_big": (
        "Trois grands dragons, quatre grands vents, quatre kongs : celui qui a donné le "
        "troisième pung de dragons, le quatrième pung de vents ou le quatrième kong paie seul "
        "la pioche.",
        "Big three dragons, big four winds, four kongs: the player who fed the third dragon "
        "pung, the fourth wind pung or the fourth kong pays the self-drawn win alone.",
    ),
    "pao_big_any": (
        "Trois grands dragons, quatre grands vents, quatre kongs : celui qui a donné le "
        "troisième pung de dragons, le quatrième pung de vents ou le quatrième kong paie seul "
        "toute la main.",
        "Big three dragons, big four winds, four kongs: the player who fed the third dragon "
        "pung, the fourth wind pung or the fourth kong pays the whole hand alone.",
    ),
    "pao_kong": (
        "Vol de kong (搶槓) : celui qui a fait le kong paie comme une pioche, les trois parts à "
        "lui seul.",
        "Robbing a kong (搶槓): the player who made the kong pays as for a self-drawn win, all "
        "three shares alone.",
    ),
    "pao_kong_discard": (
        "Vol de kong (搶槓) : celui qui a fait le kong paie comme un jeteur.",
        "Robbing a kong (搶槓): the player who made the kong pays as a discarder.",
    ),
    "pao_bloom": (
        "Victoire après kong (槓上開花) sur un kong pris sur défausse : celui qui a jeté la "
        "tuile du kong paie seul la pioche.",
        "Win on the replacement (槓上開花) of a kong claimed from a discard: the player who "
        "discarded the kong’s tile pays the self-drawn win alone.",
    ),
    "pao_nine": (
        "Neuf tuiles exposées (九章落地) : le gagnant montre trois combinaisons prises sur "
        "défausse et gagne sur une défausse ; le jeteur paie seul toute la défausse.",
        "Nine tiles shown (九章落地): the winner shows three sets claimed from discards and "
        "wins on a discard; the discarder pays the whole discard alone.",
    ),
    "examples": ("Exemples", "Examples"),
    "ex_where": ("{} au tour {}", "{}, {} round"),
    "ex_draw": ("pioche", "self-drawn"),
    "ex_from": ("sur la défausse {}", "on {} discard"),
    "ex_total": ("Total : {} fan", "Total: {} fan"),
    "ex_capped": ("Total : {} fan, plafonnés à {}", "Total: {} fan, capped at {}"),
    "ex_pays": ("Paiements : {}", "Payments: {}"),
    "ex_half": ("Avec le jeteur qui paie double : {}", "With the discarder paying double: {}"),
    "ex_full": ("Avec le jeteur qui paie tout : {}", "With the discarder paying everything: {}"),
    "ex_alone": ("Sans ce 包, chacun paierait {}.", "Without this 包, each would pay {}."),
    "ex_alone_list": ("Sans ce 包 : {}.", "Without this 包: {}."),
    "colon": (" : ", ": "),
}


def _w(key: str, lang: str, *args: object) -> str:
    fr, en = _W[key]
    s = fr if lang == "fr" else en
    return s.format(*args) if args else s


def _num(x: Fraction | int, lang: str) -> str:
    """Writes a number of table units: thousands with a plain space (as seed 001 writes them),
    a decimal comma in French."""
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


def _name(item: FanLine, lang: str) -> str:
    return item.fr if lang == "fr" else item.en


def _head(title: str, lead: str, rules: HKRules, lang: str) -> Section:
    """Writes the head of a page; rules other than the seed's are named with their options."""
    blocks: list[Block] = [
        Para(text(_w("kicker", lang)), "kicker"),
        Heading(1, text(title)),
        Para(text(lead), "lead"),
    ]
    diff = rules.differences()
    if diff:
        opts = ", ".join(f"{k} = {_option(v)}" for k, v in diff.items())
        blocks.append(Para(text(f"{_w('rules', lang)}{rules.name} — {opts}")))
    return Section(tuple(blocks), "head")


def _option(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value)


# ---- the fan table -------------------------------------------------------------------------


def _row_label(item: FanLine, lang: str) -> tuple[Inline, ...]:
    return (Span(_name(item, lang) + " ("), _zh(item.zh), Span(")"))


def fan_page(data: HKPageData, *, lang: str = "fr") -> Document:
    """Builds the fan table page (seed 003) from *data* in *lang*: all the fan, the easy
    fan, the limit hands, the families, and the link to the payments page."""
    rules = data.rules
    limit = rules.limit_fan
    rows: list[tuple[tuple[Inline, ...], ...]] = [
        (_row_label(it, lang), text(_w("fan_value", lang, it.fan))) for it in data.items
    ]
    if data.limit_hands:
        group = _w("limit_group", lang) if data.limit_is_cap else _w("limit_group_n", lang, limit)
        cell = _w("cap", lang) if data.limit_is_cap else _w("fan_value", lang, limit)
        rows.append((text(group), ()))
        rows += [(_row_label(it, lang), text(cell)) for it in data.limit_hands]
    easy_items: list[tuple[Inline, ...]] = []
    for e in data.easy:
        each = e.each_fr if lang == "fr" else e.each_en
        amount = f"{e.fan} {each}" if each else f"{e.fan}"
        name = e.name_fr if lang == "fr" else e.name_en
        meaning = e.fr if lang == "fr" else e.en
        easy_items.append((strong(f"{name} ({amount})"), Span(_w("colon", lang) + meaning)))
    words = _NUMBER_WORDS[lang]
    many = words[data.min_fan] if data.min_fan < len(words) else str(data.min_fan)
    easy_intro = _w("easy_intro", lang, many) if data.min_fan >= 2 else _w("easy_intro_0", lang)
    intro = (
        _w("all_fan_intro", lang, rules.cap)
        if rules.cap is not None
        else _w("all_fan_uncapped", lang, limit)
    )
    big: list[Block] = [Heading(2, text(_w("big", lang)))]
    if data.limit_hands:
        listed = data.limit_list_fr if lang == "fr" else data.limit_list_en
        said = (
            _w("limits_text", lang, listed)
            if data.limit_is_cap
            else _w("limits_text_n", lang, limit, listed)
        )
        if rules.limit_hands_stack:
            said += _w("limits_stack", lang)
        big += [Heading(3, text(_w("limits", lang))), Para(text(said))]
    if data.families:
        big += [
            Heading(3, text(_w("families", lang))),
            Bullets(tuple(text(fr if lang == "fr" else en) for fr, en in data.families)),
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
    seats = _SEATS[lang]
    order = sorted(range(4), key=lambda s: (deltas[s] > 0, s))
    return ", ".join(f"{seats[s]} {_signed(deltas[s], lang)}" for s in order if deltas[s])


def _meld_tiles(tiles: tuple[Tile, ...], from_rel: int) -> tuple[tuple[Tile, ...], int | None]:
    """Orders a meld's tiles for drawing: the called tile (first) lies where its giver sits
    (left: first, across: second, right: last); a concealed kong has none."""
    if from_rel == 0:
        return tuple(sorted(tiles, key=sort_key)), None
    called, rest = tiles[0], sorted(tiles[1:], key=sort_key)
    at = {3: 0, 2: 1, 1: len(rest)}[from_rel]
    return (*rest[:at], called, *rest[at:]), at


def _example(ex: WorkedExample, lang: str) -> list[Block]:
    seats = _SEATS[lang]
    sit, s = ex.situation, ex.score
    where = _w("ex_where", lang, seats[sit.seat], _ROUND_OF[lang][sit.round_wind])
    how = (
        _w("ex_draw", lang)
        if sit.discarder is None
        else _w("ex_from", lang, _SEAT_OF[lang][sit.discarder])
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
        lines.append(
            (
                Span((r.fr if lang == "fr" else r.en) + " ("),
                _zh(r.page_zh),
                Span(")" + _w("colon", lang) + _w("fan_value", lang, hit.fan)),
            )
        )
    total = _w("ex_capped", lang, s.raw_fan, s.fan) if s.capped else _w("ex_total", lang, s.raw_fan)
    lines += [(strong(total),), text(_w("ex_pays", lang, _deltas(s.payments, lang)))]
    if ex.other_rule is not None:
        key = "ex_half" if ex.other_rule.rules.responsibility == "half" else "ex_full"
        lines.append(text(_w(key, lang, _deltas(ex.other_rule.payments, lang))))
    if ex.unliable is not None:
        paid = {-v for v in ex.unliable.payments if v < 0}
        lines.append(
            text(_w("ex_alone", lang, _num(paid.pop(), lang)))
            if len(paid) == 1
            else text(_w("ex_alone_list", lang, _deltas(ex.unliable.payments, lang)))
        )
    out: list[Block] = [
        Heading(3, text(ex.title_fr if lang == "fr" else ex.title_en)),
        Para((em(f"{where}, {how}"), Span(" "), Tiles(tuple(groups), "", tuple(sideways)))),
    ]
    note = ex.note_fr if lang == "fr" else ex.note_en
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
                label += [
                    Span(f" — {_w('cap_label', lang)} ("),
                    _zh("爆棚" if f >= 13 else "細爆"),
                    Span(")"),
                ]
            else:
                label.append(Span(f" — {_w('limit_label', lang)}"))
        cells = [text(_num(payer, lang))]
        if half_split:
            cells.append(text(_num(other, lang)))
        rows.append((tuple(label), *cells, text(_num(each, lang))))
    header: list[tuple[Inline, ...]] = [
        text(_w("col_fan", lang)),
        (Span(_w("col_discard", lang)), _zh("出銃"), Span(_w("col_discard_2", lang))),
    ]
    if half_split:
        header.append(text(_w("col_discard_others", lang)))
    header.append((Span(_w("col_draw", lang)), _zh("自摸"), Span(_w("col_draw_2", lang))))
    intro: list[Inline] = [Span(_w("units", lang, _num(rules.base_points, lang)))]
    if curve == "spicy":
        intro.append(Span(_w("curve_intro_spicy", lang)))
    else:
        intro.append(Span(_w(f"curve_intro_{curve}", lang, data.doubling_until())))
    intro += [_zh(_CURVE_ZH[curve]), Span(_w(f"curve_intro_{curve}_2", lang))]
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
        title = _w("minimum", lang, n)
        rule: tuple[Inline, ...] = (
            Span(_w("minimum_text", lang, n)),
            _zh(zh),
            Span(_w(tail, lang)),
        )
    else:
        title = _w("no_minimum", lang)
        rule = (
            Span(_w("no_minimum_text", lang)),
            _zh("雞糊"),
            Span(_w("no_minimum_text_2", lang)),
        )
    each, total = data.false_win
    at = _w("at_cap", lang) if rules.cap is not None else _w("at_fan", lang, data.top_fan)
    how = "false_win_2" if rules.false_win_penalty == "max_self_draw_to_each" else "false_win_share"
    false_win = (
        Span(_w("false_win" if n >= 1 else "false_win_incomplete", lang)),
        _zh("詐糊"),
        Span(_w(how, lang, at, _num(each, lang), _num(total, lang))),
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
    label: list[Inline] = [Span(_w(f"split_{sp.key}", lang))]
    for i, zh in enumerate(_SPLIT_ZH[sp.key]):
        if i:
            label.append(Span(" / "))
        label.append(_zh(zh))
    label.append(Span(")"))
    return (
        tuple(label),
        text("+" + _num(sp.winner, lang)),
        text(_num(sp.payer, lang) if sp.payer else "—"),
        text(_num(sp.each_other, lang)),
    )


def _who_pays(data: HKPageData, lang: str) -> Section:
    rules = data.rules
    bullets: list[tuple[Inline, ...]]
    if rules.responsibility == "full":
        bullets = [
            (Span(_w("full_resp", lang)), _zh("全銃"), Span(_w("full_resp_2", lang))),
            (
                Span(_w("half_resp", lang)),
                _zh("半銃"),
                Span(" / "),
                _zh("陪銃"),
                Span(_w("half_resp_2", lang)),
            ),
        ]
    else:
        bullets = [
            (
                Span(_w("half_rule", lang)),
                _zh("半銃"),
                Span(" / "),
                _zh("陪銃"),
                Span(_w("half_rule_2", lang)),
            ),
            (Span(_w("full_variant", lang)), _zh("全銃"), Span(_w("full_variant_2", lang))),
        ]
    bullets.append((Span(_w("self_draw", lang)), _zh("自摸"), Span(_w("self_draw_2", lang))))
    m = rules.dealer_multiplier
    bullets.append(text(_w("east", lang) if m == 1 else _w("east_times", lang, m, m)))
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
            Para(text(_w("split_title", lang, data.split_fan))),
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
        if curve == "half":
            words = _w("curve_half", lang, mark, data.doubling_until("half"), lo, hi, listed)
        else:
            words = _w(f"curve_{curve}", lang, mark, lo, hi, listed)
        bullets.append((_zh(_CURVE_ZH[curve]), Span(words)))
    return Section((Heading(2, text(_w("curves", lang))), Bullets(tuple(bullets))), "keep")


def _stakes(data: HKPageData, lang: str) -> Section:
    stake_rows = tuple(
        (
            (
                _zh(s.zh),
                Span(
                    f" « {_STAKE_WORDS[s.zh][0]} »"
                    if lang == "fr"
                    else f" “{_STAKE_WORDS[s.zh][1]}”"
                ),
            ),
            text(f"{_money(s.others, lang)} / {_money(s.discarder, lang)}"),
            text(_num(s.base_points, lang)),
        )
        for s in data.stakes
    )
    return Section(
        (
            Heading(2, text(_w("stakes", lang))),
            Para(text(_w("stakes_intro", lang, _num(data.rules.base_points, lang)))),
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
    """Builds the "Points et paiements" page (hong-kong.md §10) from *data* in *lang*: the
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
    amount = str(int(f)) if f.denominator == 1 else f"{float(f):.2f}"
    if lang == "fr":
        amount = amount.replace(".", ",")
    return f"{amount} $" if lang == "fr" else f"${amount}"


def document(page: str | None, rules: HKRules | None, lang: str) -> Document:
    """Builds the Hong Kong wing's document (the registry's ``document``): the *page* ``fan``
    (default) or ``payments`` for *rules* (default: the seed's) in *lang*.

    :raises TenpaiError: for an unknown page;
    :raises RulesError: for rules of another variant.
    """
    if rules is not None and not isinstance(rules, HKRules):
        raise RulesError("the Hong Kong pages need Hong Kong rules, not riichi rules")
    data = hk_page_data(rules)
    if page in (None, "fan"):
        return fan_page(data, lang=lang)
    if page == "payments":
        return payments_page(data, lang=lang)
    raise TenpaiError(f"unknown Hong Kong page {page!r} (fan or payments)")
