"""Fu of one reading, each part with its rule (the card, docs/generated/bareme.fr.md).

>>> [(p.id, p.fu, p.rule) for p in fu_parts_table()][:3]
[('base', 20, 'base'), ('closed_ron', 10, 'closed_ron'), ('tsumo', 2, 'tsumo')]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

from .._fastnew import builder, made
from ..analysis import KANCHAN, PENCHAN, SHANPON, TANKI, format_set, set_kind
from ..tiles import DRAGONS, is_yaochuu, kind, tile_name
from .yaku import Facts

__all__ = [
    "FU_RULES",
    "MELD_RULES",
    "FuPart",
    "fu_detail",
    "fu_of",
    "fu_parts_table",
    "meld_fu",
    "round_fu",
]


@dataclass(frozen=True, slots=True)
class FuPart:
    """One part of the fu count: its kind *id*, its *fu*, the exact *rule* that gave it (one
    of :data:`FU_RULES`, whose words the explanation looks up) and the set's *tiles* in MPSZ
    (``555m``, ``5555m``, ``77z``; ``""`` for a part of no set).

    ids: ``base`` (20, or 25 for chiitoitsu), ``closed_ron``, ``tsumo``, ``open_pinfu``,
    ``meld`` (a triplet or quad), ``pair``, ``wait`` (docs/records.md).
    """

    id: str
    fu: int
    rule: str
    tiles: str = ""

    @property
    def detail(self) -> str:
        """Deprecated since 0.1.0, gone in 0.2.0: the free text a part had before its *rule*
        and *tiles*; :func:`fu_detail` gives the same text (docs/api/deprecations.rst)."""
        from .._deprecation import warn

        warn("tenpai.riichi.fu.FuPart.detail")
        return fu_detail(self)


# How a triplet or quad was made (the card's fu rules: open = pon, minkan, kakan and the
# triplet of a shanpon won by ron; concealed = a concealed triplet, an ankan), whether that
# is concealed, and the words results gave it before parts had a rule (fu_detail).
_MELD_HOWS = (
    ("triplet", "closed", True, "closed"),  # concealed in the hand
    ("triplet", "ron", False, "open (ron)"),  # concealed, completed by a shanpon's ron: open
    ("triplet", "open", False, "pon"),
    ("quad", "closed", True, "ankan"),
    ("quad", "open", False, "daiminkan"),
    ("quad", "added", False, "shouminkan"),  # kakan
)
_MELD_HOW = {"pon": "open", "daiminkan": "open", "shouminkan": "added", "ankan": "closed"}

MELD_RULES: dict[str, tuple[bool, bool, bool]] = {
    f"{shape}_{how}_{family}": (shape == "quad", concealed, family == "yaochuu")
    for shape, how, concealed, _ in _MELD_HOWS
    for family in ("simple", "yaochuu")
}
"""The rule of each triplet and quad part (``triplet_open_simple``, ``quad_closed_yaochuu``...):
whether it is a quad, concealed, of a terminal or honour (``yaochuu``; else 2-8: ``simple``)."""

PAIR_RULES = ("pair_dragon", "pair_seat_wind", "pair_round_wind", "pair_double_wind")
WAIT_RULES = {w: f"wait_{w}" for w in (KANCHAN, PENCHAN, TANKI)}

FU_RULES: tuple[str, ...] = (
    "base",
    "base_chiitoitsu",
    "closed_ron",
    "tsumo",
    "tsumo_pinfu",  # option pinfu_tsumo_fu
    "tsumo_rinshan",  # option rinshan_tsumo_fu
    "open_pinfu",
    *MELD_RULES,
    *PAIR_RULES,
    *WAIT_RULES.values(),
)
"""Every rule a fu part can come from (docs/generated/bareme.fr.md), in the card's order."""


# The detail of each rule in results before parts had a rule and tiles (a meld's: its tiles
# and these words; a pair's: its tiles).
_DETAIL = {
    "base_chiitoitsu": "chiitoitsu",
    "tsumo_pinfu": "pinfu",
    **{rule: w for w, rule in WAIT_RULES.items()},
    **{
        f"{shape}_{how}_{family}": f" {words}"
        for shape, how, _, words in _MELD_HOWS
        for family in ("simple", "yaochuu")
    },
}


def fu_detail(part: FuPart) -> str:
    """Gets the free text that a result's fu part carried as ``detail`` before it had a
    *rule* and *tiles* (``555m closed``, ``77z``, ``kanchan``...), kept in the JSON results
    for the readers of that field (docs/records.md)."""
    words = _DETAIL.get(part.rule, "")
    return part.tiles + words if part.tiles else words


def fu_parts_table() -> list[FuPart]:
    """Lists the fu rules with their values, in the card's order (for documents)."""
    return [
        FuPart("base", 20, "base"),
        FuPart("closed_ron", 10, "closed_ron"),
        FuPart("tsumo", 2, "tsumo"),
        FuPart("meld", 2, "triplet_open_simple"),
        FuPart("pair", 2, "pair_dragon"),
        FuPart("wait", 2, "wait_kanchan"),
    ]


def meld_fu(kind_: int, *, quad: bool, concealed: bool) -> int:
    """Gets the fu of a triplet or quad: 2 for an open simple triplet, doubled when concealed,
    doubled for a terminal or honour, times four for a quad."""
    v = 2
    if is_yaochuu(kind_):
        v *= 2
    if concealed:
        v *= 2
    if quad:
        v *= 4
    return v


def round_fu(fu: int) -> int:
    """Rounds fu up to the next ten (25 for chiitoitsu is never rounded)."""
    return fu if fu == 25 else -(-fu // 10) * 10


# Parts are immutable values: the scorer shares one instance per rule and tiles. The
# constructors below are the only places parts are made (the fast core and any compiled
# scorer call them).
BASE_PART = FuPart("base", 20, "base")
CHIITOITSU_PARTS = (FuPart("base", 25, "base_chiitoitsu"),)
CLOSED_RON_PART = FuPart("closed_ron", 10, "closed_ron")
OPEN_PINFU_PART = FuPart("open_pinfu", 10, "open_pinfu")
WAIT_PARTS = {w: FuPart("wait", 2, rule) for w, rule in WAIT_RULES.items()}
_FU = attrgetter("fu")
_FuPartBuilder = builder(FuPart)


def _part(id_: str, fu: int, rule: str, tiles: str) -> FuPart:
    """Makes a part, as ``FuPart(id_, fu, rule, tiles)`` would, without a call per field (see
    tenpai._fastnew): a first round makes a few hundred."""
    part = _FuPartBuilder()
    part.id = id_
    part.fu = fu
    part.rule = rule
    part.tiles = tiles
    return made(part, FuPart)


@lru_cache(maxsize=64)
def tsumo_part(fu: int, rule: str) -> FuPart:
    """Gets the part of a tsumo worth *fu* by *rule* (``tsumo``, ``tsumo_pinfu``,
    ``tsumo_rinshan``)."""
    return _part("tsumo", fu, rule, "")


def _meld_rule(kind_: int, quad: bool, how: str) -> str:
    family = "yaochuu" if is_yaochuu(kind_) else "simple"
    return f"{'quad' if quad else 'triplet'}_{how}_{family}"


@lru_cache(maxsize=4096)
def set_part(code: int, ron_shanpon: bool) -> FuPart:
    """Gets the part of a concealed triplet (*ron_shanpon*: completed by ron, so open)."""
    k = set_kind(code)
    v = meld_fu(k, quad=False, concealed=not ron_shanpon)
    return _part(
        "meld", v, _meld_rule(k, False, "ron" if ron_shanpon else "closed"), format_set(code)
    )


@lru_cache(maxsize=4096)
def meld_part(meld_type: str, tiles: tuple[int, ...]) -> FuPart:
    """Gets the part of a called triplet or quad, or of an ankan."""
    kind_, quad = min([kind(t) for t in tiles]), len(tiles) == 4  # Meld.kind, Meld.is_kan
    v = meld_fu(kind_, quad=quad, concealed=meld_type == "ankan")
    name = tile_name(kind_)
    rule = _meld_rule(kind_, quad, _MELD_HOW[meld_type])
    return _part("meld", v, rule, name[0] * (4 if quad else 3) + name[1])


@lru_cache(maxsize=4096)
def closed_triplets_parts(kinds: tuple[int, ...]) -> tuple[tuple[FuPart, ...], int]:
    """Gets the parts of the concealed triplets of *kinds* (none completed by ron) and
    their fu."""
    parts = tuple(set_part(34 + k, False) for k in kinds)
    return parts, sum(p.fu for p in parts)


@lru_cache(maxsize=256)
def pair_part(kind_: int, seat_wind: int, round_wind: int, double_fu: int) -> FuPart | None:
    """Gets the part of a pair of *kind_* for the seat and round winds, a pair of both worth
    *double_fu* (option ``double_wind_pair_fu``), or None for a pair worth nothing."""
    if kind_ in DRAGONS:
        rule, fu = "pair_dragon", 2
    elif kind_ == seat_wind and kind_ == round_wind:
        rule, fu = "pair_double_wind", double_fu
    elif kind_ == seat_wind:
        rule, fu = "pair_seat_wind", 2
    elif kind_ == round_wind:
        rule, fu = "pair_round_wind", 2
    else:
        return None
    if not fu:
        return None
    name = tile_name(kind_)
    return _part("pair", fu, rule, name[0] * 2 + name[1])


def fu_of(f: Facts, *, pinfu: bool) -> tuple[int, tuple[FuPart, ...]]:
    """Counts the fu of the reading *f*; *pinfu* tells whether the hand is awarded pinfu.

    Returns the rounded total and its parts (the rounding itself is not a part).
    """
    form = f.form
    if form != "standard":
        return (25, CHIITOITSU_PARTS) if form == "chiitoitsu" else (0, ())
    rules, sit, tsumo = f.rules, f.sit, f.tsumo
    parts = [BASE_PART]
    if f.closed and not tsumo:
        parts.append(CLOSED_RON_PART)
    if tsumo:
        if pinfu:
            tsumo_fu, rule = rules.pinfu_tsumo_fu, "tsumo_pinfu"
        elif sit.rinshan:
            tsumo_fu, rule = rules.rinshan_tsumo_fu, "tsumo_rinshan"
        else:
            tsumo_fu, rule = 2, "tsumo"
        if tsumo_fu:
            parts.append(tsumo_part(tsumo_fu, rule))
    r = f.reading
    sets = r.decomposition.sets
    if sets and sets[-1] >= 34:  # sorted: the triplets come last
        shanpon_ron = r.win_set if r.wait == SHANPON and not tsumo else -1
        parts.extend(set_part(code, code == shanpon_ron) for code in sets if code >= 34)
    for m in f.hand.melds:
        if m.type != "chi":
            parts.append(meld_part(m.type, m.tiles))
    p = f.pair
    if p >= 27:
        pair = pair_part(p, sit.seat_wind, sit.round_wind, rules.double_wind_pair_fu)
        if pair is not None:
            parts.append(pair)
    wait_part = WAIT_PARTS.get(r.wait)
    if wait_part is not None:
        parts.append(wait_part)
    total = sum(map(_FU, parts))
    if total == 20 and not f.closed and rules.open_pinfu_fu:
        parts.append(OPEN_PINFU_PART)
        total = 30
    return -(-total // 10) * 10, tuple(parts)  # round_fu (never 25 here)
