"""The riichi card ("Barème", seed 001), built from a ruleset in French or English.

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

from ..errors import RulesError
from ..hand import Hand
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
from .explain import fmt_points, t
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
"""The fu rows of the payment tables (the card stops at 110; riichi.md §7.2)."""

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

# Words of the card: key -> (French, English). French follows the seed's wording.
_W: dict[str, tuple[str, str]] = {
    "title": ("Barème", "Scoring card"),
    "intro": (
        "Le pense-bête de la table, dans l’ordre du comptage : les han des yaku, puis les fu, "
        "puis ce que paie la main.",
        "The table’s crib sheet, in the order of the count: the han of the yaku, then the fu, "
        "then what the hand pays.",
    ),
    "computed_with": ("Calculé avec : {}.", "Computed with: {}."),
    "closed_hand": ("Yaku, main fermée", "Yaku, closed hand"),
    "open_hand": ("Yaku, main ouverte", "Yaku, open hand"),
    "han": ("{} han", "{} han"),
    "closed_badge": ("{} fermée", "{} closed"),
    "closed_only": ("Main fermée seulement", "Closed hand only"),
    "double": ("double", "double"),
    "dora_title": ("Dora : la tuile suivante", "Dora: the next tile"),
    "dora_numbers": ("Chiffres", "Numbers"),
    "dora_winds": ("Vents", "Winds"),
    "dora_dragons": ("Dragons", "Dragons"),
    "dora_rule": (
        "Dora : {} han par tuile, mais ce n’est pas un yaku. Il faut au moins un yaku pour gagner.",
        "Dora: {} han per tile, but it is not a yaku. You need at least one yaku to win.",
    ),
    "kan_dora": (
        "Kan : chaque carré révèle un indicateur de plus.",
        "Kan: each quad reveals one more indicator.",
    ),
    "ura_all": (
        "Ura-dora : seulement après un riichi, sous chaque indicateur.",
        "Ura dora: only after a riichi, under each indicator.",
    ),
    "ura_first": (
        "Ura-dora : seulement après un riichi, sous le premier indicateur.",
        "Ura dora: only after a riichi, under the first indicator.",
    ),
    "aka": (
        "Aka-dora : chaque cinq rouge vaut {} dora.",
        "Aka dora: each red five is worth {} dora.",
    ),
    "sanma_set": (
        "À trois : ni 2m à 8m (108 tuiles), donc ni chi ni sanshoku ; l’indicateur 1m fait du 9m "
        "le dora.",
        "Three players: no 2m to 8m (108 tiles), so no chi and no sanshoku; a 1m indicator "
        "makes 9m the dora.",
    ),
    "kita": (
        "Kita : chaque nord mis de côté vaut 1 han de dora, pas un yaku (2 si l’indicateur est "
        "l’ouest) ; un nord gardé en main est une tuile ordinaire.",
        "Kita: each north set aside is worth 1 han of dora, not a yaku (2 with a west "
        "indicator); a north kept in the hand is an ordinary tile.",
    ),
    "yakuman": ("Yakuman", "Yakuman"),
    "nagashi_title": ("Nagashi mangan", "Nagashi mangan"),
    "nagashi": (
        "À l’épuisement du mur, un joueur dont tous les écarts sont des terminales ou des "
        "honneurs, aucun appelé, reçoit un mangan payé comme un tsumo : {} ({} pour le "
        "donneur) ; {}.",
        "At the exhaustive draw, a player whose discards are all terminals and honours, none "
        "called, is paid a mangan as a tsumo: {} ({} for the dealer); {}.",
    ),
    "nagashi_win": (
        "c’est une victoire : compteurs et bâtons de riichi en plus",
        "it is a win: honba and riichi sticks on top",
    ),
    "nagashi_draw": (
        "il remplace les paiements de noten, sans compteurs ni bâtons",
        "it replaces the noten payments, no honba or sticks",
    ),
    "nagashi_closed": (" (main fermée seulement)", " (closed hand only)"),
    "yakuman_intro": (
        "Les mains limites. Tenpai n’en distribue jamais, mais il faut les reconnaître.",
        "The limit hands. Tenpai never deals them, but you have to recognise them.",
    ),
    "fu_title": ("Les fu", "Fu"),
    "step_base": ("Partir de {} fu", "Start from {} fu"),
    "step_base_body": (
        "Toute main normale a une base de {} fu (fuutei).",
        "Every normal hand has a base of {} fu (fuutei).",
    ),
    "step_win": ("Ajouter la façon de gagner", "Add the way of winning"),
    "win_closed_ron": ("{} ron, main fermée", "{} ron, closed hand"),
    "win_tsumo": ("{} tsumo, sauf en pinfu", "{} tsumo, except with pinfu"),
    "win_tsumo_pinfu": ("{} tsumo, pinfu compris", "{} tsumo, pinfu included"),
    "win_rinshan": ("{} tsumo sur rinshan kaihou", "{} tsumo on rinshan kaihou"),
    "win_open_ron": ("{} ron, main ouverte", "{} ron, open hand"),
    "step_sets": ("Ajouter chaque groupe", "Add each set"),
    "sets_head": ("Groupe|ouvert|fermé", "Set|open|closed"),
    "set_trip_simple": ("Brelan de 2 à 8", "Triplet of 2 to 8"),
    "set_trip_yao": ("Brelan de 1, de 9 ou d’honneurs", "Triplet of 1, 9 or honours"),
    "set_quad_simple": ("Carré de 2 à 8", "Quad of 2 to 8"),
    "set_quad_yao": ("Carré de 1, de 9 ou d’honneurs", "Quad of 1, 9 or honours"),
    "set_seq": ("Suite", "Sequence"),
    "sets_note": (
        "Fermé vaut le double d’ouvert, et un carré quatre fois un brelan. Un brelan complété "
        "par ron compte comme ouvert.",
        "Closed is worth twice open, and a quad four times a triplet. A triplet completed by "
        "ron counts as open.",
    ),
    "step_pair": ("Ajouter la paire, si elle a de la valeur", "Add the pair, if it has value"),
    "pair_value": (
        "Dragons, votre vent ou le vent de la manche {}",
        "Dragons, your wind or the round wind {}",
    ),
    "pair_double": (
        "Votre vent, s’il est aussi celui de la manche {}",
        "Your wind, when it is also the round wind {}",
    ),
    "step_wait": ("Ajouter l’attente, si elle est fermée", "Add the wait, if it is closed"),
    "ryanmen": ("deux côtés", "two-sided"),
    "shanpon": ("deux paires", "two pairs"),
    "kanchan": ("au centre", "middle"),
    "penchan": ("au bord", "edge"),
    "tanki": ("sur la paire", "on the pair"),
    "step_round": ("Arrondir à la dizaine supérieure", "Round up to the next ten"),
    "round_body": ("{} devient {}, {} reste {}.", "{} becomes {}, {} stays {}."),
    "special": ("Les cas qui ne se comptent pas", "The cases you do not count"),
    "sp_chiitoitsu": (
        "Chiitoitsu : toujours {} fu, jamais arrondi.",
        "Chiitoitsu: always {} fu, never rounded.",
    ),
    "sp_pinfu_tsumo": ("Pinfu en tsumo : {} fu tout rond.", "Pinfu by tsumo: {} fu flat."),
    "sp_pinfu_tsumo_fu": (
        "Pinfu en tsumo : {} fu, le tsumo compté.",
        "Pinfu by tsumo: {} fu, the tsumo counted.",
    ),
    "sp_pinfu_ron": ("Pinfu en ron : {} fu.", "Pinfu by ron: {} fu."),
    "sp_open": ("Main ouverte à {} fu : portée à {} fu.", "Open hand at {} fu: raised to {} fu."),
    "sp_open_kept": (
        "Main ouverte à {} fu : reste à {} fu.",
        "Open hand at {} fu: stays at {} fu.",
    ),
    "points_title": ("Les points", "Points"),
    "axis_han": ("Han, dora compris", "Han, dora included"),
    "axis_fu": (
        "Fu : ils ne comptent plus au-delà de {} han",
        "Fu: they stop counting above {} han",
    ),
    "cap_ron_nd": (
        "Ron d’un non-donneur|ce que paie celui qui a jeté la tuile.",
        "Non-dealer ron|what the discarder pays.",
    ),
    "cap_tsumo_nd": (
        "Tsumo d’un non-donneur|en haut ce que paie chaque non-donneur, en dessous ce que paie "
        "le donneur.",
        "Non-dealer tsumo|on top what each non-dealer pays, below what the dealer pays.",
    ),
    "cap_ron_d": (
        "Ron du donneur|ce que paie celui qui a jeté la tuile.",
        "Dealer ron|what the discarder pays.",
    ),
    "cap_tsumo_d": (
        "Tsumo du donneur|ce que paie chaque adversaire.",
        "Dealer tsumo|what each opponent pays.",
    ),
    "cap_tsumo_nd_3": (
        "Tsumo d’un non-donneur|en haut ce que paie l’autre non-donneur, en dessous ce que paie "
        "le donneur.",
        "Non-dealer tsumo|on top what the other non-dealer pays, below what the dealer pays.",
    ),
    "cap_tsumo_d_3": (
        "Tsumo du donneur|ce que paie chacun des deux adversaires.",
        "Dealer tsumo|what each of the two opponents pays.",
    ),
    "colon": (" : ", ": "),
    "limits_title": (
        "Au-delà de {} han, les fu ne comptent plus",
        "Above {} han, the fu no longer count",
    ),
    "dealer": ("donneur", "dealer"),
    "han_one": ("{} han", "{} han"),
    "han_two": ("{} ou {} han", "{} or {} han"),
    "han_range": ("{} à {} han", "{} to {} han"),
    "han_more": ("{} han et plus", "{} han and more"),
    "han_multiple": (
        "{} han et plus, un yakuman par tranche de {} han",
        "{} han and more, one yakuman per {} han",
    ),
    "mangan_from_first": (", ou {} han dès {} fu", ", or {} han from {} fu"),
    "mangan_from": (", {} han dès {} fu", ", {} han from {} fu"),
    "formula_1": ("Le calcul", "The formula"),
    "formula_2": (
        "fu × 2",
        "fu × 2",
    ),
    "formula_3": (
        " donne les points de base, plafonnés à {} (mangan){}. Ron : base × {}, ou × {} pour "
        "le donneur. Tsumo : chaque non-donneur paie la base, le donneur le double. Chaque "
        "paiement est arrondi à la centaine supérieure.",
        " gives the basic points, capped at {} (mangan){}. Ron: basic points × {}, or × {} for "
        "the dealer. Tsumo: each non-dealer pays the basic points, the dealer twice as much. "
        "Each payment is rounded up to the next hundred.",
    ),
    "formula_kiriage": (", et {} compte {} (kiriage)", ", and {} counts {} (kiriage)"),
    "formula_loss": (
        " À trois, la part du nord absent n’est pas payée (tsumo-son).",
        " At three players, the missing north's share is not paid (tsumo loss).",
    ),
    "formula_split": (
        " À trois, la part du nord absent est partagée entre les deux payeurs, chaque moitié "
        "arrondie à la centaine supérieure.",
        " At three players, the missing north's share is split between the two payers, each "
        "half rounded up to the next hundred.",
    ),
}

# The words of each option value on the "computed with" line: option -> value -> (fr, en).
# The first four are always shown (as on the seed); the others when they differ from the
# default ruleset. "{}" takes the value.
OPTION_WORDS: dict[str, dict[Any, tuple[str, str]]] = {
    "aka": {
        0: ("sans cinq rouges", "no red fives"),
        3: ("cinq rouges", "red fives"),
        4: ("quatre cinq rouges", "four red fives"),
    },
    "kiriage": {False: ("sans kiriage", "no kiriage"), True: ("kiriage mangan", "kiriage mangan")},
    "double_wind_pair_fu": {
        2: ("double vent à {} fu", "double wind pair {} fu"),
        4: ("double vent à {} fu", "double wind pair {} fu"),
    },
    "kazoe": {
        "yakuman": ("yakuman compté", "counted yakuman"),
        "sanbaiman": ("13 han et plus en sanbaiman", "13 han and more as sanbaiman"),
        "multiple": ("yakuman compté multiple", "multiple counted yakuman"),
    },
    "kuitan": {False: ("sans kuitan", "no open tanyao"), True: ("kuitan", "open tanyao")},
    "ippatsu": {False: ("sans ippatsu", "no ippatsu"), True: ("ippatsu", "ippatsu")},
    "double_riichi": {
        False: ("sans double riichi", "no double riichi"),
        True: ("double riichi", "double riichi"),
    },
    "ura_dora": {False: ("sans ura-dora", "no ura dora"), True: ("ura-dora", "ura dora")},
    "kan_dora": {False: ("sans kan-dora", "no kan dora"), True: ("kan-dora", "kan dora")},
    "pinfu_tsumo_fu": {
        0: ("pinfu en tsumo sans fu de tsumo", "no tsumo fu with pinfu"),
        2: ("pinfu en tsumo à {} fu de tsumo", "pinfu tsumo with {} tsumo fu"),
    },
    "rinshan_tsumo_fu": {
        0: ("rinshan sans fu de tsumo", "no tsumo fu on rinshan"),
        2: ("rinshan avec fu de tsumo", "tsumo fu on rinshan"),
    },
    "open_pinfu_fu": {
        False: ("main ouverte laissée à 20 fu", "open hand left at 20 fu"),
        True: ("main ouverte portée à 30 fu", "open hand raised to 30 fu"),
    },
    "renhou": {
        "off": ("sans renhou", "no renhou"),
        "mangan": ("renhou en mangan", "renhou as mangan"),
        "mangan_yaku": ("renhou à 5 han", "renhou as 5 han"),
        "baiman": ("renhou en baiman", "renhou as baiman"),
        "yakuman": ("renhou en yakuman", "renhou as yakuman"),
    },
    "players": {4: ("à quatre", "four players"), 3: ("à trois (sanma)", "three players (sanma)")},
    "tsumo_loss": {
        True: ("tsumo-son", "tsumo loss"),
        False: ("part du nord partagée", "north's share split"),
    },
}
_ALWAYS_SHOWN = ("aka", "kiriage", "double_wind_pair_fu", "kazoe")
_THREE_PLAYERS_ONLY = ("tsumo_loss",)  # shown at three players only
_LOCAL_WORDS = ("yaku locaux : {}", "local yaku: {}")
_DOUBLE_WORDS = ("double yakuman : {}", "double yakuman: {}")


def _w(key: str, lang: str, *args: object) -> str:
    fr, en = _W[key]
    s = fr if lang == "fr" else en
    return s.format(*args) if args else s


def _pts(n: int) -> str:
    return fmt_points(n)


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
    for name, words in OPTION_WORDS.items():
        value = getattr(rules, name)
        if name in _THREE_PLAYERS_ONLY:
            if rules.players != 3:
                continue
        elif name not in _ALWAYS_SHOWN and value == getattr(default, name):
            continue
        fr, en = words[value]
        out.append((fr if lang == "fr" else en).format(value))
    if rules.double_yakuman:
        rows = [YAKU_BY_ID[i] for i in sorted(rules.double_yakuman) if i in YAKU_BY_ID]
        names = ", ".join(_name_and_gloss(y, lang)[0] for y in rows)
        out.append((_DOUBLE_WORDS[0] if lang == "fr" else _DOUBLE_WORDS[1]).format(names))
    if rules.local_yaku:
        from .local import local_yaku_row

        rows_of = {i: local_yaku_row(i) for i in rules.local_yaku}
        named = (_name_and_gloss(r, lang)[0] if r else i for i, r in rows_of.items())
        names = ", ".join(sorted(named))
        out.append((_LOCAL_WORDS[0] if lang == "fr" else _LOCAL_WORDS[1]).format(names))
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
    gloss = row.en.lower() if row.en.lower() != row.romaji.lower() else ""
    return row.romaji, gloss


def _yaku_line(row: Yaku, lang: str, *, badge: str = "", desc: bool = True) -> tuple[Inline, ...]:
    name, gloss = _name_and_gloss(row, lang)
    out: list[Inline] = [strong(name)]
    if badge:
        out += [Span(" "), Span(badge, "badge")]
    if gloss:
        out += [Span(" "), em(gloss)]
    description = row.fr_desc if lang == "fr" else row.en_desc
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
            Section((Heading(3, text(_w("han", lang, han))), Bullets(items, "yaku")), "keep")
        )
    open_sections: list[Block] = []
    for han, rows in _by_han(_family_sorted(yaku), lambda y: open_han(y, rules)):
        items = tuple(
            _yaku_line(y, lang, badge="" if y.closed == han else _w("closed_badge", lang, y.closed))
            for y in rows
        )
        open_sections.append(
            Section((Heading(3, text(_w("han", lang, han))), Bullets(items, "yaku")), "keep")
        )
    closed_only = [y for y in _family_sorted(yaku) if y.closed and open_han(y, rules) is None]
    yakuman_items = tuple(
        _yaku_line(
            y, lang, desc=False, badge=_w("double", lang) if y.id in rules.double_yakuman else ""
        )
        for y in yakuman
    )

    nagashi: list[Block] = []
    if rules.nagashi_mangan != "off":  # riichi.md §10: priced, so stated
        paid = (score_nagashi(Situation(seat_wind=seat), rules).points for seat in (SOUTH, EAST))
        how = _w("nagashi_" + rules.nagashi_mangan, lang)
        if rules.nagashi_requires_closed:
            how += _w("nagashi_closed", lang)
        nagashi.append(
            Section(
                (
                    Heading(2, text(_w("nagashi_title", lang))),
                    Para(text(_w("nagashi", lang, *(_pts(p) for p in paid), how))),
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
    items.append(text(_w("dora_rule", lang, facts.dora_per_tile)))
    if rules.kan_dora:
        items.append(text(_w("kan_dora", lang)))
    if rules.ura_dora:
        items.append(text(_w("ura_all" if rules.kan_ura_dora else "ura_first", lang)))
    if rules.aka:
        items.append(text(_w("aka", lang, facts.aka_per_tile)))
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
    if rules.players == 3:
        rules = rules.with_options(players=4)

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
        text(_w("win_closed_ron", lang, _signed(p.closed_ron))),
        text(_w(tsumo_key, lang, _signed(p.tsumo))),
    ]
    if p.rinshan_tsumo != p.tsumo:
        win_items.append(text(_w("win_rinshan", lang, _signed(p.rinshan_tsumo))))
    win_items.append(text(_w("win_open_ron", lang, _signed(p.open_ron))))
    head = tuple(text(h) for h in _w("sets_head", lang).split("|"))
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
        (strong(name.capitalize()), Span(" "), em(_w(name, lang)), Span(" " + _signed(v)))
        for name, v in p.waits
    )
    steps = (
        Step(
            1,
            text(_w("step_base", lang, p.base)),
            (Para(text(_w("step_base_body", lang, p.base))),),
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
                        text(_w("pair_value", lang, _signed(p.pair))),
                        text(_w("pair_double", lang, _signed(p.double_wind_pair))),
                    )
                ),
            ),
        ),
        Step(5, text(_w("step_wait", lang)), (Bullets(wait_items),)),
        Step(
            6,
            text(_w("step_round", lang)),
            (Para(text(_w("round_body", lang, 32, round_fu(32), 40, round_fu(40)))),),
        ),
    )
    pinfu_key = "sp_pinfu_tsumo" if p.pinfu_tsumo_fu == p.base else "sp_pinfu_tsumo_fu"
    open_key = "sp_open" if p.open_fu != p.open_raw else "sp_open_kept"
    special = (
        text(_w("sp_chiitoitsu", lang, p.chiitoitsu)),
        text(_w(pinfu_key, lang, p.pinfu_tsumo_fu)),
        text(_w("sp_pinfu_ron", lang, p.pinfu_ron_fu)),
        text(_w(open_key, lang, p.open_raw, p.open_fu)),
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
    and menzen tsumo), or an open ron of 20 fu when it is not raised to 30 (riichi.md §7.2).
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


def _amounts(basic: int, table: _PayTable, rules: Ruleset) -> list[Inline]:
    pay = _pay(basic, table, rules)
    if not table.tsumo:
        return [Span(_pts(pay["ron"]))]
    if table.dealer:
        return [Span(_pts(pay["non_dealer"]))]
    return [Span(_pts(pay["non_dealer"])), Br(), Span(_pts(pay["dealer"]))]


def _pay_table(table: _PayTable, rules: Ruleset, lang: str) -> Table:
    head = (text("Fu"), *(text(_w("han", lang, h)) for h in TABLE_HAN))
    rows = []
    for fu in FU_ROWS:
        low = _min_han(fu, table.tsumo, rules)
        if low is None or low > TABLE_HAN[-1]:
            continue
        cells: list[tuple[Inline, ...]] = [text(f"{fu} fu")]
        limited = False
        for han in TABLE_HAN:
            if han < low:
                cells.append(text("·"))
                continue
            if limited:
                cells.append(())
                continue
            basic, limit = basic_points(han, fu, rules)
            amounts = _amounts(basic, table, rules)
            if limit is not None:
                limited = True
                cells.append((Span(t(limit, lang), "limit"), Span(" "), *amounts))
            else:
                cells.append(tuple(amounts))
        rows.append(tuple(cells))
    return Table(head, tuple(rows), "pay")


def _han_range(lo: int, hi: int | None, lang: str) -> str:
    if hi is None:
        return _w("han_more", lang, lo)
    if hi == lo:
        return _w("han_one", lang, lo)
    if hi == lo + 1:
        return _w("han_two", lang, lo, hi)
    return _w("han_range", lang, lo, hi)


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
        amount = _pts(pay["ron"])
    elif table.dealer:
        amount = _pts(pay["non_dealer"])
    else:
        amount = (
            f"{_pts(pay['non_dealer'])} {_w('dealer', lang)}{_w('colon', lang)}"
            f"{_pts(pay['dealer'])}"
        )
    if hi is None and name == "kazoe_yakuman" and rules.kazoe == "multiple":
        when = _w("han_multiple", lang, lo, lo)
    else:
        when = _han_range(lo, hi, lang)
    if name == "mangan":
        for i, (han, fu) in enumerate(_mangan_from(rules)):
            when += _w("mangan_from_first" if i == 0 else "mangan_from", lang, han, fu)
    return (strong(f"{t(name, lang)} {amount}"), Span(" " + when))


def _payment_blocks(rules: Ruleset, lang: str) -> list[Block]:
    top = TABLE_HAN[-1]
    tables: list[Block] = []
    for table in _TABLES:
        key = table.key + ("_3" if rules.players == 3 and table.tsumo else "")
        title, desc = _w(key, lang).split("|")
        lines = tuple(
            _limit_line(name, basic, lo, hi, table=table, rules=rules, lang=lang)
            for name, basic, lo, hi in _limit_groups(rules)
        )
        tables.append(
            Section(
                (
                    Para((strong(title), Span(_w("colon", lang) + desc)), "caption"),
                    _pay_table(table, rules, lang),
                    Heading(4, text(_w("limits_title", lang, top))),
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
        kiriage = _w("formula_kiriage", lang, _pts(near), _pts(mangan))
    ron = hand_payments(100, dealer=False, tsumo=False)["ron"] // 100
    ron_dealer = hand_payments(100, dealer=True, tsumo=False)["ron"] // 100
    formula = Para(
        (
            strong(_w("formula_1", lang)),
            Span(_w("colon", lang) + _w("formula_2", lang)),
            Span(f"han + {k}", "sup"),
            Span(_w("formula_3", lang, _pts(mangan), kiriage, ron, ron_dealer)),
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
                Para(text(_w("axis_fu", lang, top)), "legend"),
                Section(tuple(tables), "grid2"),
                formula,
            ),
            "page",
        )
    ]


# ---- the card ------------------------------------------------------------------------------


def riichi_card(rules: Ruleset, *, lang: str = "fr") -> Document:
    """Builds the riichi card for *rules* in *lang* (``fr`` or ``en``): the yaku by han
    (closed values), the open values, the closed-only yaku, dora, yakuman, the fu count, the
    four payment tables with their limits, and the formula."""
    options = ", ".join(card_options(rules, lang=lang))
    head = Section(
        (
            Heading(1, text(_w("title", lang))),
            Para(text(_w("intro", lang)), "lead"),
            Para(text(_w("computed_with", lang, options)), "options"),
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
        raise RulesError("the riichi card needs riichi rules, not Hong Kong rules")
    return riichi_card(rules or find_rules("bareme"), lang=lang)
