"""The Hong Kong fan items as data, and the one loop that scores them.

Each item is a row of :data:`FAN_ROWS`: its id (the names of ``hk-cases.json``),
its Chinese name (its names in each language are catalogue entries), its family, its value
(a number, ``"limit"``, or the :class:`~tenpai.hk.rules.HKRules` option that holds it), the
options that turn it on or off,
the items it replaces (only the highest of a family counts: hk-fan.fr.md) and a one-line
test over the :class:`Facts` of one arrangement. A test returns a bool, or the tuple of what it
found when the item scores once per thing (``dragon_pung`` per dragon pung, ``seat_flower`` per
own bonus tile). Rows are in the order of the French fan table (hk-fan.fr.md, "Tous les fan"), which
the generated pages and the explanations reuse; :data:`NOTES` holds the seed's sentences about
the rows (the easy fan, the families, the limit hands), each with the rules under which it is
true.

:func:`tally` runs the rows: limit hands (§5) take every other item off; otherwise the items
replaced by a higher one of their family are set aside; the rest add up to the raw fan.

>>> [r.id for r in FAN_ROWS if r.family == "dragons"]
['dragon_pung', 'little_three_dragons', 'big_three_dragons']
>>> row("full_flush").zh, row("full_flush").replaces
('清一色', ('half_flush',))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..i18n import tr
from ..tiles import DRAGONS, WINDS
from .rules import LIMIT, LIMIT_HAND_IDS, FanValue, HKRules

__all__ = [
    "FAN_ROWS",
    "NOTES",
    "Excluded",
    "Facts",
    "FanHit",
    "FanRow",
    "HKSet",
    "Note",
    "Tally",
    "notes",
    "row",
    "row_scores",
    "row_value",
    "tally",
]

STANDARD, THIRTEEN_ORPHANS, SEVEN_PAIRS, FLOWER_WIN = (
    "standard",
    "thirteen_orphans",
    "seven_pairs",
    "flower_win",
)


@dataclass(frozen=True, slots=True)
class HKSet:
    """One set of an arrangement: *shape* ``chow``/``pung``/``kong`` from kind *tile*.

    *claimed*: taken from a discard (an open meld); *melded*: declared (claimed or a concealed
    kong); *concealed*: counts as concealed for four concealed pungs.
    """

    shape: str
    tile: int
    claimed: bool = False
    melded: bool = False
    concealed: bool = True

    def format(self) -> str:
        """Writes the set in MPSZ (``'123m'``, ``'777z'``, ``'5555p'``).

        >>> HKSet("kong", 13).format(), HKSet("chow", 24).format()
        ('5555p', '789s')
        """
        suit = "mpsz"[self.tile // 9]
        n = self.tile % 9 + 1
        if self.shape == "chow":
            return f"{n}{n + 1}{n + 2}{suit}"
        return f"{n}" * (4 if self.shape == "kong" else 3) + suit


@dataclass(frozen=True, slots=True)
class Facts:
    """What the rows test, computed once per arrangement under the rules (see ``score.py``).

    Tuples of strings list the things found (tiles in MPSZ), empty when none; counts are ints.
    """

    form: str
    sets: tuple[HKSet, ...] = ()
    pair: int = -1
    suits: frozenset[int] = frozenset()
    honours: bool = False
    terminals: bool = False
    simples: bool = False
    chows: int = 0
    pungs: int = 0
    kongs: int = 0
    concealed_pungs: int = 0
    dragon_pungs: tuple[str, ...] = ()
    wind_sets: int = 0
    seat_wind_pung: tuple[str, ...] = ()
    round_wind_pung: tuple[str, ...] = ()
    concealed: bool = False
    self_drawn: bool = False
    kong_replacement: bool = False
    double_kong_replacement: bool = False
    flower_replacement: bool = False
    robbing_kong: bool = False
    last_tile: bool = False
    heavenly: bool = False
    earthly: bool = False
    human: bool = False
    bonus: tuple[str, ...] = ()
    no_flowers: bool = False
    seat_flowers: tuple[str, ...] = ()
    flower_sets: tuple[str, ...] = ()
    robbed_flower: bool = False
    nine_gates: bool = False
    all_chows_pair_ok: bool = True

    @property
    def standard(self) -> bool:
        """Tells whether the arrangement is four sets and a pair."""
        return self.form == STANDARD


Test = Callable[[Facts], bool | tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class FanRow:
    """One fan item: Chinese name, family, value or option, what it replaces, and its test;
    its names and reasons in every language are catalogue entries ``hk.fan.<id>.name`` and
    ``hk.fan.<id>.why`` (:meth:`name`, :meth:`why`).

    *value* is the seed's value; when *option* is set the value is read from that option of
    :class:`HKRules` (None there = off). *gate* lists boolean options that must all be on for
    the row to score, *void* options that turn it off when all are on; *keep_if* is an option
    that, when on, lets the items of *replaces* score beside this one. *zh* is the usual
    Chinese name, shown beside the name in French and English; *seed_zh* is the Chinese name the
    seed's fan table prints when it spells it otherwise than *zh* (see :attr:`page_zh`).
    """

    id: str
    zh: str
    family: str
    value: FanValue
    test: Test
    option: str | None = None
    replaces: tuple[str, ...] = ()
    gate: tuple[str, ...] = ()
    void: tuple[str, ...] = ()
    seed_zh: str = ""
    keep_if: str | None = None

    @property
    def is_limit_hand(self) -> bool:
        """Tells whether the seed makes the item a limit hand (worth the cap)."""
        return self.value == LIMIT

    @property
    def page_zh(self) -> str:
        """Gets the Chinese name shown on the generated pages: the seed's spelling, if any.

        >>> row("four_concealed_pungs").zh, row("four_concealed_pungs").page_zh
        ('坎坎糊', '坑坑糊')
        """
        return self.seed_zh or self.zh

    def name(self, lang: str) -> str:
        """Gets the item's name in *lang* (catalogue ``hk.fan.<id>.name``; in Chinese the
        seed's spelling).

        >>> row("full_flush").name("fr"), row("four_concealed_pungs").name("zh-Hant")
        ('Couleur pure', '坑坑糊')
        """
        return tr(f"hk.fan.{self.id}.name", lang)

    def why(self, lang: str, tiles: str = "") -> str:
        """Gets the reason of a hit in *lang*, *tiles* what the test found (MPSZ)."""
        return tr(f"hk.fan.{self.id}.why", lang, tiles=tiles)

    @property
    def fr(self) -> str:
        """Gets the French name."""
        return self.name("fr")

    @property
    def en(self) -> str:
        """Gets the English name."""
        return self.name("en")

    @property
    def why_en(self) -> str:
        """Gets the English reason, ``{tiles}`` unfilled."""
        return tr(f"hk.fan.{self.id}.why", "en")

    @property
    def why_fr(self) -> str:
        """Gets the French reason, ``{tiles}`` unfilled."""
        return tr(f"hk.fan.{self.id}.why", "fr")


def _r(
    id: str,
    zh: str,
    family: str,
    value: FanValue,
    test: Test,
    *,
    option: str | None = None,
    replaces: tuple[str, ...] = (),
    gate: tuple[str, ...] = (),
    void: tuple[str, ...] = (),
    seed_zh: str = "",
    keep_if: str | None = None,
) -> FanRow:
    return FanRow(
        id,
        zh,
        family,
        value,
        test,
        option,
        replaces,
        gate,
        void,
        seed_zh,
        keep_if,
    )


# Values, exclusions, families and limit hands: docs/generated/hk-fan.fr.md.
# Rows in the order of the fan table (hk-fan.fr.md): the 18 fan items, then the 13 limit hands;
# the rows the seed does not print (off by default) stand beside their closest kin.
# A priced limit hand (limit_overrides) stands for its whole shape: it replaces the items that
# shape implies (four kongs -> all pungs, nine gates -> flush and concealed hand, ...).
_FLOWERS = ("flowers_in_play",)
# fmt: off
FAN_ROWS: tuple[FanRow, ...] = (
    # ---- bonus tiles (family flowers) ------------------------------------------------------
    _r("no_flowers", "無花", "flowers", 1,
       lambda f: f.no_flowers, gate=_FLOWERS),
    _r("seat_flower", "正花", "flowers", 1,
       lambda f: f.seat_flowers, gate=_FLOWERS),
    _r("flower_set", "一台花", "flowers", 2,
       lambda f: f.flower_sets, gate=_FLOWERS),
    # ---- concealment and self-draw ---------------------------------------------------------
    # ZHWP: no 門前清 at all when flowers are played (concealed_hand_void_with_flowers)
    _r("concealed_hand", "門前清", "concealed", 1,
       lambda f: f.concealed, void=("concealed_hand_void_with_flowers", "flowers_in_play")),
    _r("self_drawn", "自摸", "concealed", 1,
       lambda f: f.self_drawn),
    # ---- hand composition (1 fan) ----------------------------------------------------------
    _r("all_chows", "平糊", "shape", 1,
       lambda f: f.standard and f.chows == 4 and f.all_chows_pair_ok),
    _r("dragon_pung", "三元牌", "dragons", 1,
       lambda f: f.dragon_pungs),
    _r("round_wind_pung", "圈風", "winds", 1,
       lambda f: f.round_wind_pung, gate=("wind_pungs_score",)),
    _r("seat_wind_pung", "門風", "winds", 1,
       lambda f: f.seat_wind_pung, gate=("wind_pungs_score",)),
    _r("mixed_terminals_honours", "混么九",
       "terminals", 1, lambda f: f.terminals and f.honours and not f.simples,
       option="mixed_terminals_honours"),
    # ---- manner of winning -----------------------------------------------------------------
    _r("last_tile", "海底撈月", "manner", 1,
       lambda f: f.last_tile),
    _r("kong_replacement", "槓上開花",
       "kong_win", 1, lambda f: f.kong_replacement),
    _r("double_kong_replacement", "槓上槓",
       "kong_win", None, lambda f: f.double_kong_replacement,
       option="double_kong_replacement", replaces=("kong_replacement",)),
    _r("flower_replacement", "花上自摸",
       "kong_win", None, lambda f: f.flower_replacement, option="flower_replacement_fan",
       gate=_FLOWERS),
    _r("robbing_kong", "搶槓", "manner", 1,
       lambda f: f.robbing_kong),
    # ---- big fan ---------------------------------------------------------------------------
    _r("all_pungs", "對對糊", "shape", 3,
       lambda f: f.standard and f.pungs == 4, option="all_pungs"),
    _r("seven_pairs", "七對子", "shape", None,
       lambda f: f.form == SEVEN_PAIRS, option="seven_pairs", replaces=("concealed_hand",)),
    _r("half_flush", "混一色", "flush", 3,
       lambda f: len(f.suits) == 1 and f.honours, option="half_flush"),
    _r("little_three_dragons", "小三元",
       "dragons", 5, lambda f: len(f.dragon_pungs) == 2 and f.pair in DRAGONS,
       option="little_three_dragons", replaces=("dragon_pung",)),
    _r("full_flush", "清一色", "flush", 7,
       lambda f: len(f.suits) == 1 and not f.honours, option="full_flush",
       replaces=("half_flush",)),
    _r("big_three_dragons", "大三元",
       "dragons", 8, lambda f: len(f.dragon_pungs) == 3, option="big_three_dragons",
       replaces=("little_three_dragons", "dragon_pung")),
    # ---- limit hands (§5) ------------------------------------------------------------------
    _r("thirteen_orphans", "十三么", "limit", LIMIT,
       lambda f: f.form == THIRTEEN_ORPHANS,
       replaces=("mixed_terminals_honours", "concealed_hand")),
    _r("nine_gates", "九子連環", "limit", LIMIT,
       lambda f: f.nine_gates, replaces=("full_flush", "half_flush", "concealed_hand")),
    # the French page writes 坑坑糊; the usual spelling (kam kam wu) is 坎坎糊
    _r("four_concealed_pungs", "坎坎糊",
       "limit", LIMIT, lambda f: f.standard and f.concealed_pungs == 4,
       replaces=("all_pungs",), seed_zh="坑坑糊"),
    _r("four_kongs", "十八羅漢", "limit", LIMIT,
       lambda f: f.kongs == 4, replaces=("all_pungs",)),
    _r("big_four_winds", "大四喜", "limit", LIMIT,
       lambda f: f.wind_sets == 4,
       replaces=("little_four_winds", "seat_wind_pung", "round_wind_pung", "all_pungs")),
    _r("little_four_winds", "小四喜", "limit",
       LIMIT, lambda f: f.wind_sets == 3 and f.pair in WINDS,
       replaces=("seat_wind_pung", "round_wind_pung"), keep_if="wind_pungs_beside_four_winds"),
    _r("all_honours", "字一色", "limit", LIMIT,
       lambda f: f.honours and not f.suits,
       replaces=("half_flush", "full_flush", "mixed_terminals_honours", "all_pungs")),
    _r("all_terminals", "清么九", "limit", LIMIT,
       lambda f: f.terminals and not f.honours and not f.simples,
       replaces=("mixed_terminals_honours", "all_pungs")),
    _r("heavenly_hand", "天糊", "limit", LIMIT,
       lambda f: f.heavenly, replaces=("concealed_hand", "self_drawn", "flower_replacement")),
    _r("earthly_hand", "地糊", "limit", LIMIT,
       lambda f: f.earthly, replaces=("concealed_hand", "self_drawn")),
    _r("human_hand", "人糊", "limit", LIMIT,
       lambda f: f.human, replaces=("concealed_hand",)),
    # ---- flower wins (§4.4, §5): an instant win, only these items count --------------------
    _r("eight_flowers", "八仙過海", "flower_win",
       LIMIT, lambda f: len(f.bonus) == 8 and not f.robbed_flower, option="eight_flowers",
       replaces=("flower_set", "seat_flower"), gate=_FLOWERS),
    _r("seven_rob_one", "七搶一", "flower_win",
       LIMIT, lambda f: f.robbed_flower, replaces=("flower_set", "seat_flower"), gate=_FLOWERS),
    _r("seven_flowers", "花糊", "flower_win", None,
       lambda f: f.form == FLOWER_WIN and len(f.bonus) == 7 and not f.robbed_flower,
       option="seven_flowers", gate=_FLOWERS),
)
# fmt: on

_BY_ID: dict[str, FanRow] = {r.id: r for r in FAN_ROWS}
assert set(LIMIT_HAND_IDS) <= set(_BY_ID), "every limit hand id has a row"


def row(item: str) -> FanRow:
    """Gets the row of the fan item *item*.

    :raises KeyError: for an unknown id.
    """
    return _BY_ID[item]


def row_value(r: FanRow, rules: HKRules) -> FanValue:
    """Gets the value of row *r* under *rules*: a fan, ``"limit"``, or None when off.

    >>> row_value(row("big_three_dragons"), HKRules(big_three_dragons="limit"))
    'limit'
    >>> row_value(row("all_honours"), HKRules(limit_overrides=(("all_honours", 10),)))
    10
    """
    value: FanValue = getattr(rules, r.option) if r.option is not None else r.value
    if value == 0:
        return None
    if value == LIMIT:
        priced = rules.limit_override(r.id)
        if priced is not None:
            return priced
    return value


def row_scores(r: FanRow, rules: HKRules) -> bool:
    """Tells whether row *r* can score under *rules*: its value is not off, its *gate* options
    are all on, and its *void* options are not all on.

    >>> row_scores(row("seat_flower"), HKRules(flowers_in_play=False))
    False
    >>> row_scores(row("concealed_hand"), HKRules(concealed_hand_void_with_flowers=True))
    False
    """
    if row_value(r, rules) is None:
        return False
    if not all(getattr(rules, option) for option in r.gate):
        return False
    return not (r.void and all(getattr(rules, option) for option in r.void))


@dataclass(frozen=True, slots=True)
class Note:
    """A sentence of the French fan page (hk-fan.fr.md) about some rows, with the rules it needs.

    *section*: ``easy`` (a line of "Fan faciles"), ``family`` (a line of "Seul le plus élevé
    d'une famille") or ``limits`` (the words for several limit hands in the list of "Mains
    limites"; ``{names}`` stands for their names). *ids*: the rows it speaks of. *key*: its
    catalogue entry ``hk.note.<section>.<key>`` (:meth:`text`); an easy line names a group of
    rows with its own name when *named* (``….name``; else the row's name) and says "each"
    (``….each``) when *each*, the item scoring once per thing.
    *when*: conditions ``(key, value)``, *key* an option of :class:`HKRules` or a row id (its
    :func:`row_value`), equal to *value* (``"!key"``: different from it).
    """

    section: str
    ids: tuple[str, ...]
    key: str
    named: bool = False
    each: bool = False
    when: tuple[tuple[str, object], ...] = ()

    @property
    def msgid(self) -> str:
        """Gets the catalogue id of the sentence (``hk.note.easy.no_flowers``)."""
        return f"hk.note.{self.section}.{self.key}"

    def text(self, lang: str, **params: object) -> str:
        """Gets the sentence in *lang* (``names`` fills a ``limits`` sentence)."""
        return tr(self.msgid, lang, **params)

    def name(self, lang: str) -> str:
        """Gets the name of an easy line in *lang*: its own, or its first row's."""
        return tr(self.msgid + ".name", lang) if self.named else row(self.ids[0]).name(lang)

    def each_word(self, lang: str) -> str:
        """Gets the word for "each" of an easy line in *lang*; empty when it scores once."""
        return tr(self.msgid + ".each", lang) if self.each else ""

    @property
    def fr(self) -> str:
        """Gets the French sentence (``{names}`` unfilled)."""
        return self.text("fr")

    @property
    def en(self) -> str:
        """Gets the English sentence (``{names}`` unfilled)."""
        return self.text("en")

    def holds(self, rules: HKRules) -> bool:
        """Tells whether the sentence is true under *rules*: every row it names scores (and is
        a limit hand, for the ``limits`` section) and every condition holds.

        >>> [n.fr[:20] for n in notes("family", HKRules(flower_set_keeps_seat_flower=True))]
        ['Couleur mêlée et cou', 'Pungs de dragons, tr', 'Fleurs de sa place e']
        """
        for item in self.ids:
            r = _BY_ID[item]
            if not row_scores(r, rules):
                return False
            if self.section == "limits" and row_value(r, rules) != LIMIT:
                return False
        for key, value in self.when:
            name = key.removeprefix("!")
            got = row_value(_BY_ID[name], rules) if name in _BY_ID else getattr(rules, name)
            if (got == value) == key.startswith("!"):
                return False
        return True


_NO_CONCEALED_KONG = ("concealed_kong_breaks_concealed", False)
# The page's sentences (hk-fan.fr.md, "Fan faciles", "Mains limites", "Seul le plus élevé d'une
# famille"), and what they become when an option makes them untrue.
# fmt: off
NOTES: tuple[Note, ...] = (
    Note("easy", ("no_flowers",), "no_flowers"),
    Note("easy", ("seat_flower",), "seat_flower", each=True),
    Note("easy", ("concealed_hand",), "concealed_kong_ok", when=(_NO_CONCEALED_KONG,)),
    Note("easy", ("concealed_hand",), "concealed_no_kong",
         when=(("!concealed_kong_breaks_concealed", False),)),
    Note("easy", ("self_drawn",), "self_drawn"),
    Note("easy", ("all_chows",), "all_chows", when=(("all_chows_suited_pair", False),)),
    Note("easy", ("all_chows",), "all_chows_suited", when=(("all_chows_suited_pair", True),)),
    Note("easy", ("dragon_pung", "round_wind_pung", "seat_wind_pung"), "honour_pungs",
         named=True, each=True),
    Note("easy", ("dragon_pung",), "dragon_pungs", each=True,
         when=(("wind_pungs_score", False),)),
    Note("limits", ("big_four_winds", "little_four_winds"), "four_winds"),
    Note("limits", ("heavenly_hand", "earthly_hand", "human_hand"), "special_hands"),
    Note("limits", ("eight_flowers", "seven_rob_one"), "flower_wins"),
    Note("family", ("half_flush", "full_flush"), "flush_limit", when=(("all_honours", LIMIT),)),
    Note("family", ("half_flush", "full_flush"), "flush_replaced",
         when=(("!all_honours", LIMIT),)),
    Note("family", ("dragon_pung", "little_three_dragons", "big_three_dragons"), "dragons"),
    Note("family", ("seat_flower", "flower_set"), "flowers",
         when=(("flower_set_keeps_seat_flower", False),)),
    Note("family", ("seat_flower", "flower_set"), "flowers_keep",
         when=(("flower_set_keeps_seat_flower", True),)),
)
# fmt: on
"""The seed's sentences about the rows, each with the rules under which it is true."""


def notes(section: str, rules: HKRules) -> tuple[Note, ...]:
    """Lists the notes of *section* that hold under *rules*, in the seed's order.

    >>> [n.ids[0] for n in notes("easy", HKRules(flowers_in_play=False))]
    ['concealed_hand', 'self_drawn', 'all_chows', 'dragon_pung']
    """
    return tuple(n for n in NOTES if n.section == section and n.holds(rules))


@dataclass(frozen=True, slots=True)
class FanHit:
    """A scored item: its *id*, its *fan*, and *tiles*, what scored (MPSZ; may be empty)."""

    id: str
    fan: int
    tiles: str = ""

    @property
    def reason(self) -> str:
        """Gets the English reason of the hit ("pung of dragons 777z").

        >>> FanHit("dragon_pung", 1, "777z").reason
        'pung of dragons 777z'
        """
        return _BY_ID[self.id].why("en", self.tiles)


@dataclass(frozen=True, slots=True)
class Excluded:
    """An item that held but does not count: *hit*, set aside by the item *by*.

    *by* is a higher item of the family, or ``"limit"`` when a limit hand takes everything.
    """

    hit: FanHit
    by: str


@dataclass(frozen=True, slots=True)
class Tally:
    """The fan of one arrangement: counted *items*, *excluded* items, *raw* fan, the *limit*
    hand (first of them) if any, and the fan that counts toward the minimum (*qualifying*).
    """

    items: tuple[FanHit, ...]
    excluded: tuple[Excluded, ...]
    raw: int
    limit: str | None
    qualifying: int
    always_qualifies: bool

    def is_legal(self, rules: HKRules) -> bool:
        """Tells whether the win reaches the minimum (limit hands and flower wins always do)."""
        return self.always_qualifies or self.qualifying >= rules.min_fan


def tally(facts: Facts, rules: HKRules) -> Tally:
    """Scores one arrangement: runs every row on *facts* and applies limits and families.

    >>> t = tally(Facts("standard", chows=4, suits=frozenset({0}), self_drawn=True), HKRules())
    >>> [(h.id, h.fan) for h in t.items], t.raw
    ([('self_drawn', 1), ('all_chows', 1), ('full_flush', 7)], 9)
    """
    found: list[tuple[FanRow, FanValue, str]] = []
    for r in FAN_ROWS:
        if facts.form == FLOWER_WIN and r.family != "flower_win":
            continue
        if not row_scores(r, rules):
            continue
        value = row_value(r, rules)
        got = r.test(facts)
        if not got:
            continue
        for detail in got if isinstance(got, tuple) else ("",):
            found.append((r, value, detail))

    limits = [(r, d) for r, v, d in found if v == LIMIT]
    if limits:
        n = len(limits) if rules.limit_hands_stack else 1
        items = tuple(FanHit(r.id, rules.limit_fan, d) for r, d in limits[:n])
        first = limits[0][0].id
        excluded = tuple(
            Excluded(FanHit(r.id, rules.limit_fan if v == LIMIT else int(v or 0), d), first)
            for r, v, d in found
            if v != LIMIT
        ) + tuple(Excluded(FanHit(r.id, rules.limit_fan, d), first) for r, d in limits[n:])
        raw = rules.limit_fan * n
        return Tally(items, excluded, raw, first, raw, True)

    present = {r.id for r, _, _ in found}
    replaced_by: dict[str, str] = {}
    for r, _, _ in found:
        if r.keep_if and getattr(rules, r.keep_if):
            continue
        for lower in r.replaces:
            if lower in present:
                replaced_by.setdefault(lower, r.id)
    kept: list[FanHit] = []
    dropped: list[Excluded] = []
    for r, v, d in found:
        hit = FanHit(r.id, int(v or 0), d)
        if r.id in replaced_by:
            dropped.append(Excluded(hit, replaced_by[r.id]))
        else:
            kept.append(hit)
    raw = sum(h.fan for h in kept)
    flower_fan = sum(h.fan for h in kept if _BY_ID[h.id].family == "flowers")
    qualifying = raw if rules.flowers_count_toward_min else raw - flower_fan
    always = any(_BY_ID[h.id].family == "flower_win" for h in kept)
    return Tally(tuple(kept), tuple(dropped), raw, None, qualifying, always)
