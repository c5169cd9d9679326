"""Hong Kong data for the generated pages, transcribed from seed 003 ("Table des fan") and
hong-kong.md §4-§6 and §10.

TEMPORARY SOURCE: the Hong Kong scorer (package ``tenpai.hk``: ``HKRules`` with profiles,
fan rows, payment curves) is written in parallel. When it merges, :data:`HK_DEFAULT` is to
be built from it (its fan rows, families, limit hands, cap and minimum, and payment curve)
instead of from the values below; :mod:`tenpai.render.hk_pages` only reads the interface
defined here (:class:`HKPageData`).

>>> HK_DEFAULT.cap, HK_DEFAULT.min_fan, [HK_DEFAULT.curve(f) for f in (3, 4, 5, 10)]
(10, 3, [8, 16, 24, 128])
>>> spicy(10), fan_laak(10)
(1024, 64)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "CURVES",
    "HK_DEFAULT",
    "Example",
    "Family",
    "FanItem",
    "HKPageData",
    "Stake",
    "fan_laak",
    "half_spicy",
    "spicy",
]


@dataclass(frozen=True, slots=True)
class FanItem:
    """One row of the fan table: *id* (as in hong-kong.md), French, English and Chinese
    names, and its *fan* (None for a limit hand, worth the cap)."""

    id: str
    fr: str
    en: str
    zh: str
    fan: int | None


@dataclass(frozen=True, slots=True)
class EasyFan:
    """One line of "Fan faciles": the *ids* it stands for (all of one value), its names,
    the words for "each" when the fan is counted per tile or pung, and what it means."""

    ids: tuple[str, ...]
    fr: str
    en: str
    each_fr: str
    each_en: str
    fr_text: str
    en_text: str


@dataclass(frozen=True, slots=True)
class Family:
    """A family in which only the highest item counts: its *ids* and the rule in words."""

    ids: tuple[str, ...]
    fr: str
    en: str


@dataclass(frozen=True, slots=True)
class Stake:
    """A stakes name (the price of a chicken hand) and its base points ``P(0)``."""

    zh: str
    fr: str
    en: str
    base_points: Fraction


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example (hong-kong.md §8): the winner's *seat* (0 = East … 3 = North),
    the round wind, the tiles (concealed in MPSZ, melds as (tiles, index of the claimed
    tile)), bonus tiles, the winning tile, who discarded it (None: self-drawn), the fan
    item ids counted, a player liable to pay alone (包), and its title and note."""

    key: str
    seat: int
    round_wind: int
    concealed: str
    melds: tuple[tuple[str, int], ...]
    bonus: str
    win: str
    discarder: int | None
    items: tuple[str, ...]
    liable: int | None
    fr: str
    en: str
    note_fr: str = ""
    note_en: str = ""


def half_spicy(f: int) -> int:
    """Gets the half-spicy multiplier M(f) (半辣上): doubling every fan up to 4, then every
    two fan (hong-kong.md §6.1)."""
    if f <= 4:
        return 1 << f
    return 16 << ((f - 4) // 2) if f % 2 == 0 else 24 << ((f - 5) // 2)


def spicy(f: int) -> int:
    """Gets the spicy multiplier M(f) (辣辣上): doubling every fan."""
    return 1 << f


def fan_laak(f: int) -> int:
    """Gets the fan-laak multiplier M(f): 16 from 4 to 6 fan, 32 from 7 to 9, 64 from 10."""
    if f <= 4:
        return 1 << f
    return 16 if f <= 6 else 32 if f <= 9 else 64


CURVES: dict[str, Callable[[int], int]] = {
    "half_spicy": half_spicy,
    "spicy": spicy,
    "fan_laak": fan_laak,
}
"""The payment curves by option value (hong-kong.md §6.1)."""


@dataclass(frozen=True, slots=True)
class HKPageData:
    """Everything the Hong Kong pages show: the fan table (*items* then *limit_hands*),
    the easy fan, the families, the cap and minimum, the payment *curve* M(f) with its
    *curve_name*, the *base_points* P(0), the default *responsibility* (``full`` or
    ``half``), the stakes names and the worked examples."""

    items: tuple[FanItem, ...]
    limit_hands: tuple[FanItem, ...]
    easy: tuple[EasyFan, ...]
    families: tuple[Family, ...]
    limit_list_fr: str
    limit_list_en: str
    cap: int
    min_fan: int
    curve: Callable[[int], int]
    curve_name: str
    other_curve: Callable[[int], int]
    base_points: Fraction
    responsibility: str
    stakes: tuple[Stake, ...]
    examples: tuple[Example, ...]

    def item(self, item_id: str) -> FanItem:
        """Gets the fan table row *item_id*.

        :raises KeyError: for an unknown id.
        """
        for x in (*self.items, *self.limit_hands):
            if x.id == item_id:
                return x
        raise KeyError(item_id)


# Seed 003, "Tous les fan", in its order.
_ITEMS = (
    FanItem("no_flowers", "Sans fleur", "No flowers", "無花", 1),
    FanItem("seat_flower", "Fleur de sa place", "Own flower", "正花", 1),
    FanItem("flower_set", "Série de fleurs", "Flower set", "一台花", 2),
    FanItem("concealed_hand", "Main cachée", "Concealed hand", "門前清", 1),
    FanItem("self_drawn", "Pioche gagnante", "Self-drawn win", "自摸", 1),
    FanItem("all_chows", "Tous chows", "All chows", "平糊", 1),
    FanItem("dragon_pung", "Pung de dragon", "Dragon pung", "三元牌", 1),
    FanItem("round_wind_pung", "Pung du vent du tour", "Round wind pung", "圈風", 1),
    FanItem("seat_wind_pung", "Pung du vent de place", "Seat wind pung", "門風", 1),
    FanItem(
        "mixed_terminals_honours", "Extrêmes et honneurs", "Terminals and honours", "混么九", 1
    ),
    FanItem("last_tile", "Dernière tuile", "Last tile", "海底撈月", 1),
    FanItem("kong_replacement", "Victoire après kong", "Win after a kong", "槓上開花", 1),
    FanItem("robbing_kong", "Vol de kong", "Robbing a kong", "搶槓", 1),
    FanItem("all_pungs", "Tous pungs", "All pungs", "對對糊", 3),
    FanItem("half_flush", "Couleur mêlée", "Half flush", "混一色", 3),
    FanItem("little_three_dragons", "Trois petits dragons", "Little three dragons", "小三元", 5),
    FanItem("full_flush", "Couleur pure", "Full flush", "清一色", 7),
    FanItem("big_three_dragons", "Trois grands dragons", "Big three dragons", "大三元", 8),
)

# Seed 003, "Mains limites". The seed writes 坑坑糊 for four concealed pungs; hong-kong.md §5
# writes 坎坎糊 (kam kam wu, the usual spelling). The page keeps the seed's text.
_LIMITS = (
    FanItem("thirteen_orphans", "Treize orphelins", "Thirteen orphans", "十三么", None),
    FanItem("nine_gates", "Neuf portes", "Nine gates", "九子連環", None),
    FanItem("four_concealed_pungs", "Quatre pungs cachés", "Four concealed pungs", "坑坑糊", None),
    FanItem("four_kongs", "Quatre kongs", "Four kongs", "十八羅漢", None),
    FanItem("big_four_winds", "Quatre grands vents", "Big four winds", "大四喜", None),
    FanItem("little_four_winds", "Quatre petits vents", "Little four winds", "小四喜", None),
    FanItem("all_honours", "Tous honneurs", "All honours", "字一色", None),
    FanItem("all_terminals", "Tous extrêmes", "All terminals", "清么九", None),
    FanItem("heavenly_hand", "Main céleste", "Heavenly hand", "天糊", None),
    FanItem("earthly_hand", "Main terrestre", "Earthly hand", "地糊", None),
    FanItem("human_hand", "Main humaine", "Human hand", "人糊", None),
    FanItem("eight_flowers", "Les huit fleurs", "Eight flowers", "八仙過海", None),
    FanItem("seven_rob_one", "Sept fleurs en volent une", "Seven flowers rob one", "七搶一", None),
)

_EASY = (
    EasyFan(
        ("no_flowers",),
        "Sans fleur",
        "No flowers",
        "",
        "",
        "vous n’avez pioché aucune fleur de la main.",
        "you drew no flower or season during the hand.",
    ),
    EasyFan(
        ("seat_flower",),
        "Fleur de sa place",
        "Own flower",
        "chacune",
        "each",
        "les fleurs de votre place. L’Est a Printemps et Prunier, le Sud Été et Orchidée, etc.",
        "the bonus tiles of your seat. East has Spring and Plum, South Summer and Orchid, "
        "and so on.",
    ),
    EasyFan(
        ("concealed_hand",),
        "Main cachée",
        "Concealed hand",
        "",
        "",
        "ni chow, ni pung, ni kong exposé (un kong caché est permis).",
        "no exposed chow, pung or kong (a concealed kong is allowed).",
    ),
    EasyFan(
        ("self_drawn",),
        "Pioche gagnante",
        "Self-drawn win",
        "",
        "",
        "vous avez pioché vous-même la tuile gagnante.",
        "you drew the winning tile yourself.",
    ),
    EasyFan(
        ("all_chows",),
        "Tous chows",
        "All chows",
        "",
        "",
        "les quatre combinaisons sont des suites.",
        "the four sets are all chows.",
    ),
    EasyFan(
        ("dragon_pung", "round_wind_pung", "seat_wind_pung"),
        "Pungs d’honneurs",
        "Honour pungs",
        "chacun",
        "each",
        "un pung de Rouge, Vert ou Blanc, ou de votre vent de place ou du tour. L’Est au tour "
        "d’Est marque les deux pour l’Est.",
        "a pung of Red, Green or White, or of your seat wind or the round wind. East in the "
        "East round scores both for East.",
    ),
)

_FAMILIES = (
    Family(
        ("half_flush", "full_flush", "all_honours"),
        "Couleur mêlée et couleur pure ne s’additionnent pas ; tous honneurs est une main limite.",
        "Half flush and full flush do not add up; all honours is a limit hand.",
    ),
    Family(
        ("dragon_pung", "little_three_dragons", "big_three_dragons"),
        "Pungs de dragons, trois petits et trois grands dragons : seul le plus élevé compte.",
        "Dragon pungs, little and big three dragons: only the highest counts.",
    ),
    Family(
        ("seat_flower", "flower_set"),
        "Fleurs de sa place et série de fleurs : une série complète compte comme série, pas "
        "comme fleurs de sa place.",
        "Own flowers and a flower set: a complete set counts as a set, not as own flowers.",
    ),
)

_STAKES = (
    Stake("二五雞", "deux-cinq poulet", "two-five chicken", Fraction(1, 2)),
    Stake("五一", "cinq-un", "five-one", Fraction(1)),
    Stake("一二蚊", "un-deux dollars", "one-two dollars", Fraction(2)),
)

# hong-kong.md §8: examples 1, 2, 3 and 7 (seats 0 East, 1 South, 2 West, 3 North).
_EXAMPLES = (
    Example(
        "chows",
        1,
        0,
        "234m567m345p45s99s",
        (),
        "",
        "6s",
        None,
        ("all_chows", "concealed_hand", "self_drawn", "no_flowers"),
        None,
        "Sud pioche sa tuile gagnante",
        "South draws the winning tile",
    ),
    Example(
        "double_east",
        0,
        0,
        "333m55m111z55z",
        (("111m", 0),),
        "s3",
        "5m",
        3,
        ("all_pungs", "half_flush", "seat_wind_pung", "round_wind_pung"),
        None,
        "Double Est, sur la défausse du Nord",
        "Double East, on North’s discard",
        "La saison s3 est celle de l’Ouest : elle ne rapporte rien, mais elle ôte « sans fleur ».",
        "Season s3 belongs to West: it scores nothing, but it takes away “no flowers”.",
    ),
    Example(
        "cap",
        2,
        0,
        "222p88p55z",
        (("777z", 0), ("666z", 2)),
        "f3",
        "8p",
        None,
        ("little_three_dragons", "half_flush", "all_pungs", "self_drawn", "seat_flower"),
        None,
        "Le plafond",
        "The cap",
    ),
    Example(
        "twelve_tiles",
        3,
        0,
        "9s",
        (("222s", 0), ("444s", 1), ("567s", 2), ("888s", 2)),
        "",
        "9s",
        None,
        ("full_flush", "self_drawn", "no_flowers"),
        2,
        "Douze tuiles exposées (十二張落地)",
        "Twelve tiles shown (十二張落地)",
        "L’Ouest a donné le quatrième pung : il paie seul toute la pioche.",
        "West fed the fourth pung: he alone pays the whole self-draw.",
    ),
)

HK_DEFAULT = HKPageData(
    items=_ITEMS,
    limit_hands=_LIMITS,
    easy=_EASY,
    families=_FAMILIES,
    limit_list_fr=(
        "Treize orphelins, Neuf portes, Quatre pungs cachés, Quatre kongs, Quatre grands et "
        "petits vents, Tous honneurs, Tous extrêmes, mains céleste, terrestre et humaine, et "
        "les victoires de fleurs (Les huit fleurs, Sept fleurs en volent une)"
    ),
    limit_list_en=(
        "Thirteen orphans, Nine gates, Four concealed pungs, Four kongs, Big and little four "
        "winds, All honours, All terminals, the heavenly, earthly and human hands, and the "
        "flower wins (Eight flowers, Seven flowers rob one)"
    ),
    cap=10,
    min_fan=3,
    curve=half_spicy,
    curve_name="half_spicy",
    other_curve=spicy,
    base_points=Fraction(1, 2),
    responsibility="full",
    stakes=_STAKES,
    examples=_EXAMPLES,
)
"""The defaults of seed 003 and hong-kong.md: cap 10, minimum 3, half-spicy, base 0.5,
full responsibility."""
