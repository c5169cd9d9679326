"""The standard yaku and yakuman as data (the EMA Riichi rules), and the facts they read.

A yaku is a :class:`Yaku` row: its id, closed/open han (``None`` open = closed only),
what it supersedes, the option that gates it, a one-line predicate over the :class:`Facts`
of one reading, and what it *needs*: hand features (:data:`FEATURES`) without which the
predicate cannot hold. The scorer is a generic loop over the rows whose needs the hand
meets. Rows are in the card's order (bareme.fr.md), which the card and explanations reuse.
The local yaku (:mod:`tenpai.riichi.local`) are rows of the same form; the fields they
need beyond han (a limit floor, a fixed limit, irregular shapes, liability...) default to
the standard behaviour. A row holds no words: its names and description are catalogue
entries keyed by its id (:mod:`tenpai.riichi.words`, docs/translating.md).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import KW_ONLY, dataclass
from functools import lru_cache
from itertools import compress
from operator import attrgetter

from ..analysis import RYANMEN, SHANPON, SUIT_CACHE, TANKI, Reading
from ..hand import Hand, Meld
from ..tiles import DRAGONS, GREEN, GREEN_KINDS, KIND_OF, TERMINALS, WINDS, YAOCHUU
from .rules import Ruleset
from .situation import NO_INPUTS, WIN_FLAGS, LocalInputs, Situation

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import Any, NamedTuple
else:
    from .._typing import NamedTuple

__all__ = [
    "FEATURES",
    "FEATURE_BITS",
    "FORM_BITS",
    "REGULAR_FORMS",
    "STANDARD_YAKU",
    "YAKU_BY_ID",
    "Facts",
    "HandFacts",
    "HandShared",
    "Yaku",
    "facts_of",
    "hand_facts",
    "hand_features",
    "needs_mask",
    "new_facts",
    "reading_facts",
]

REGULAR_FORMS = frozenset({"standard", "chiitoitsu", "kokushi"})
"""The three standard winning shapes; a local yaku may accept an irregular one."""

_YAOCHUU = frozenset(YAOCHUU)
_GREEN = frozenset(GREEN_KINDS)
_TERMINALS = frozenset(TERMINALS)

# ---- hand features: what a row needs --------------------------------------------------------

FEATURES: tuple[str, ...] = (
    # the shape of the reading
    "standard",
    "chiitoitsu",
    "kokushi",
    # the melds and the situation
    "closed",  # no open meld
    "no_melds",
    "tsumo",
    *WIN_FLAGS,  # each flag of how the hand was won
    "three_kans",  # three kans or more
    # the tiles, melds included
    "no_yaochuu",  # no terminal or honour
    "all_yaochuu",  # terminals and honours only
    "honours",  # an honour
    "no_honours",
    "all_honours",
    "all_terminals",
    "all_green",  # 2s 3s 4s 6s 8s and hatsu only
    "no_middle",  # no 4, 5 or 6 of a suit
    "one_suit",  # the numbered tiles are of one suit
    "sequence",  # three consecutive numbers of a suit
    "sanshoku",  # three consecutive numbers in each of the three suits
    "ittsu",  # 1 to 9 of a suit
    "three_dragons",  # the three dragons
    "four_winds",  # the four winds
    "haku",  # three white dragons or more
    "hatsu",
    "chun",
    "seat_wind",  # three of the seat wind or more
    "round_wind",
    "sanshoku_triplets",  # three of one number in each of the three suits
    "three_triplets",  # three kinds of three tiles or more
    "four_triplets",
    "no_single",  # no kind held once
)
"""The hand features a row can need (:attr:`Yaku.needs`): cheap facts of the whole hand
(and the shape of the reading), computed once, that the row's predicate implies. A row is
only tested on a reading whose features include its needs; the property tests check that
every row that hits on a hand needs nothing the hand lacks."""

FEATURE_BITS: dict[str, int] = {name: 1 << i for i, name in enumerate(FEATURES)}


def needs_mask(needs: Iterable[str]) -> int:
    """Gets the bit mask of the feature names *needs*.

    :raises KeyError: on a name that is not in :data:`FEATURES`.
    """
    mask = 0
    for name in needs:
        mask |= FEATURE_BITS[name]
    return mask


# The tile features come from each suit's counts: a suit's 9 (honours: 7) counts give, once
# and cached, the features that hold when every suit has them (no terminal or honour...),
# those that hold when one suit has them (a sequence...), and what the features across suits
# need (the numbers held, held three times, the number of triplets).

_B = FEATURE_BITS
_NO_MELDS, _THREE_KANS, _NO_MIDDLE = _B["no_melds"], _B["three_kans"], _B["no_middle"]
FORM_BITS: dict[str, int] = {f: _B[f] for f in ("standard", "chiitoitsu", "kokushi")}
"""The feature bit of each regular shape (an irregular shape has none)."""
_GREEN_SOU = 0b010101110  # 2s 3s 4s 6s 8s
_DRAGON_SET = 0b1110000
_WIND_SET = 0b0001111


class SuitInfo(NamedTuple):
    every: int  # features that hold if they hold in every suit
    some: int  # features that hold if they hold in some suit
    held: int  # the numbers (bits 0-8) held
    trips: int  # the numbers held three times or more
    n_trips: int
    suits: int  # 1 for a numbered suit with tiles, else 0
    kinds: frozenset[int]  # the kinds held


_HELD_DIGITS = bytes(48 if n == 0 else 49 for n in range(256))  # count -> "0" or "1"
_TRIPS_DIGITS = bytes(49 if n >= 3 else 48 for n in range(256))


@lru_cache(maxsize=SUIT_CACHE)
def suit_info(key: bytes, suit: int) -> SuitInfo:
    """Gets the features of one suit's counts (*suit* 0-2 m p s, 3 the honours)."""
    # the numbers held (held three times) as bits: the counts as binary digits, 1 first
    held = int(key.translate(_HELD_DIGITS)[::-1], 2)
    trips = int(key.translate(_TRIPS_DIGITS)[::-1], 2)
    every = 0 if 1 in key else _B["no_single"]
    some = 0
    if suit == 3:
        every |= _B["all_yaochuu"] | _B["all_honours"] | _B["no_middle"]
        if not held:
            every |= _B["no_yaochuu"] | _B["all_terminals"] | _B["no_honours"]
        else:
            some |= _B["honours"]
        if not held & ~(1 << 5):  # hatsu at most
            every |= _B["all_green"]
        for name, bit in (("haku", 4), ("hatsu", 5), ("chun", 6)):
            if trips >> bit & 1:
                some |= _B[name]
        if held & _DRAGON_SET == _DRAGON_SET:
            some |= _B["three_dragons"]
        if held & _WIND_SET == _WIND_SET:
            some |= _B["four_winds"]
    else:
        every |= _B["no_honours"]
        if not held & 0b100000001:
            every |= _B["no_yaochuu"]
        if not held & 0b011111110:
            every |= _B["all_yaochuu"] | _B["all_terminals"]
        if not held:
            every |= _B["all_honours"]
        if not held & ~(_GREEN_SOU if suit == 2 else 0):
            every |= _B["all_green"]
        if not held & 0b000111000:
            every |= _NO_MIDDLE
        if held & held >> 1 & held >> 2:
            some |= _B["sequence"]
        if held == 0b111111111:
            some |= _B["ittsu"]
    kinds = frozenset(compress(range(9 * suit, 9 * suit + len(key)), key))
    return SuitInfo(every, some, held, trips, trips.bit_count(), int(suit < 3 and held > 0), kinds)


_tuple_new = tuple.__new__
situation_flags = attrgetter(*WIN_FLAGS)  # the situation's flags, as a tuple
_SIT_BITS = tuple(_B[name] for name in WIN_FLAGS)


@lru_cache(maxsize=4096)
def situation_mask(flags: tuple[bool, ...]) -> int:
    """Gets the features of the situation flags (in the order of WIN_FLAGS)."""
    return sum(bit for flag, bit in zip(flags, _SIT_BITS, strict=True) if flag)


_F_CLOSED, _F_TSUMO, _F_ONE_SUIT, _F_SANSHOKU = (
    _B[f] for f in ("closed", "tsumo", "one_suit", "sanshoku")
)
_F_SANSHOKU_TRIPLETS, _F_SEAT_WIND, _F_ROUND_WIND = (
    _B[f] for f in ("sanshoku_triplets", "seat_wind", "round_wind")
)
_F_THREE_TRIPLETS = _B["three_triplets"]
_F_FOUR_TRIPLETS = _B["three_triplets"] | _B["four_triplets"]

# The features of each suit's counts, by suit (m, p, s, honours) and counts: suit_info's
# values again, in plain dicts read first (cheaper than the lru_cache's call).
_INFOS: tuple[dict[bytes, SuitInfo], ...] = ({}, {}, {}, {})
_PER_SUIT = 1 << 11  # the most keys each of those dicts keeps (emptied when full)


def _info(key: bytes, suit: int) -> SuitInfo:
    infos = _INFOS[suit]
    if len(infos) >= _PER_SUIT:
        infos.clear()
    got = infos[key] = suit_info(key, suit)
    return got


def hand_features(
    hand: Hand,
    sit: Situation,
    rules: Ruleset,
    inputs: LocalInputs,
    counts: tuple[int, ...],
    k0: bytes,
    k1: bytes,
    k2: bytes,
    k3: bytes,
    reds: int,
    closed: bool,
    kans: tuple[int, ...],
    calls: int,
    sit_mask: int,
    local: bool,
) -> tuple[int, HandShared]:
    """Gets the features of the hand (:data:`FEATURES`, the reading's shape aside) and the
    facts its readings share (:class:`HandShared`, the one place they are made), from its
    checked *counts* (every tile by kind, melds included; *k0* to *k3*: the same as bytes, by
    suit: m, p, s, honours), red fives, quads, calls and the features *sit_mask* of its
    situation's flags; *local* asks for the facts only local yaku read. The full scorer's
    way and the fast core's."""
    i0, i1, i2, i3 = _INFOS
    m_every, m_some, m_held, m_trips, m_n_trips, m_suits, m_kinds = i0.get(k0) or _info(k0, 0)
    p_every, p_some, p_held, p_trips, p_n_trips, p_suits, p_kinds = i1.get(k1) or _info(k1, 1)
    s_every, s_some, s_held, s_trips, s_n_trips, s_suits, s_kinds = i2.get(k2) or _info(k2, 2)
    h_every, h_some, h_held, h_trips, h_n_trips, _, h_kinds = i3.get(k3) or _info(k3, 3)
    mask = (m_every & p_every & s_every & h_every) | m_some | p_some | s_some | h_some | sit_mask
    if closed:
        mask |= _F_CLOSED
    tsumo = hand.tsumo
    if tsumo:
        mask |= _F_TSUMO
    n_suits = m_suits + p_suits + s_suits
    if n_suits == 1:
        mask |= _F_ONE_SUIT
    in_all = m_held & p_held & s_held  # numbers held in the three suits
    if in_all & in_all >> 1 & in_all >> 2:
        mask |= _F_SANSHOKU
    n_trips = m_n_trips + p_n_trips + s_n_trips + h_n_trips
    if n_trips:
        if m_trips & p_trips & s_trips:
            mask |= _F_SANSHOKU_TRIPLETS
        if h_trips >> (sit.seat_wind - 27) & 1:
            mask |= _F_SEAT_WIND
        if h_trips >> (sit.round_wind - 27) & 1:
            mask |= _F_ROUND_WIND
        if n_trips >= 3:
            mask |= _F_FOUR_TRIPLETS if n_trips >= 4 else _F_THREE_TRIPLETS
    if not hand.melds:
        mask |= _NO_MELDS
    elif len(kans) >= 3:
        mask |= _THREE_KANS
    win_tile = hand.win_tile
    assert win_tile is not None
    shared = _tuple_new(  # HandShared, in the order of its fields
        HandShared,
        (
            hand,
            sit,
            rules,
            closed,
            tsumo,
            KIND_OF[win_tile],
            kans,
            counts,
            m_kinds.union(p_kinds, s_kinds, h_kinds),
            n_suits,
            h_held != 0,
            inputs,
            reds,
            calls,
            sum((k % 9 + 1) * counts[k] for k in range(27)) if local else 0,
        ),
    )
    return mask, shared


# ---- facts -----------------------------------------------------------------------------------


class Facts(NamedTuple):
    """What the yaku predicates read about one reading, computed once.

    *seqs* and *trips* include the called melds (kinds: first of a sequence, kind of a
    triplet or quad); *ankou* counts concealed triplets and quads, a triplet completed by
    ron not included (EMA Riichi rules). *counts* cover every tile, melds included (a quad
    counts 4); *n_suits* is how many of the three suits appear, *has_honor* whether an
    honour does. For the local yaku: *inputs* (the checked local flags), *reds* (red fives),
    *calls* (melds other than ankan), *ittsu_suit* (first kind of the suit holding
    123-456-789, -1 if none), *bare_groups* / *inner_groups* (first kinds of the groups and
    the pair holding no terminal-or-honour / no terminal), *pip_sum* (the sum of the numbers
    of every numbered tile); the last four are -1, (), () and 0 unless the ruleset plays
    local yaku (:attr:`HandFacts.local`).

    The facts of the reading come first, those of the whole hand (:class:`HandShared`, from
    *hand* on) after; :func:`new_facts` makes them.
    """

    reading: Reading
    form: str
    wait: str
    pair: int
    seqs: tuple[int, ...]
    trips: tuple[int, ...]
    ankou: int
    groups_all_yaochuu: bool
    groups_all_terminal: bool
    ittsu_suit: int
    bare_groups: tuple[int, ...]
    inner_groups: tuple[int, ...]
    hand: Hand
    sit: Situation
    rules: Ruleset
    closed: bool
    tsumo: bool
    win: int
    kans: tuple[int, ...]
    counts: tuple[int, ...]
    kinds: frozenset[int]
    n_suits: int
    has_honor: bool
    inputs: LocalInputs
    reds: int
    calls: int
    pip_sum: int


class HandShared(NamedTuple):
    """The facts of the whole hand that close every reading's :class:`Facts` (the same
    fields, in the same order: see :func:`new_facts`), computed once per hand."""

    hand: Hand
    sit: Situation
    rules: Ruleset
    closed: bool
    tsumo: bool
    win: int
    kans: tuple[int, ...]
    counts: tuple[int, ...]
    kinds: frozenset[int]
    n_suits: int
    has_honor: bool
    inputs: LocalInputs
    reds: int
    calls: int
    pip_sum: int


def new_facts(
    shared: HandShared,
    reading: Reading,
    form: str,
    wait: str,
    pair: int,
    seqs: tuple[int, ...],
    trips: tuple[int, ...],
    ankou: int,
    groups_all_yaochuu: bool,
    groups_all_terminal: bool,
    ittsu_suit: int = -1,
    bare_groups: tuple[int, ...] = (),
    inner_groups: tuple[int, ...] = (),
) -> Facts:
    """Makes the :class:`Facts` of one reading from its own facts and those of its hand,
    *shared*: the one place a Facts is made (the full scorer's and the fast core's; the
    import checks that the parameters and :class:`HandShared` name Facts's fields in order).
    """
    return _tuple_new(  # Facts._make without its checks
        Facts,
        (
            reading,
            form,
            wait,
            pair,
            seqs,
            trips,
            ankou,
            groups_all_yaochuu,
            groups_all_terminal,
            ittsu_suit,
            bare_groups,
            inner_groups,
            *shared,
        ),
    )


_READING_FIELDS = new_facts.__code__.co_varnames[1 : new_facts.__code__.co_argcount]
if Facts._fields != _READING_FIELDS + HandShared._fields:  # pragma: no cover  (a wrong edit)
    raise TypeError("new_facts and HandShared must name the fields of Facts, in order")


class HandFacts(NamedTuple):
    """What every reading of one hand shares, computed once per hand (:func:`hand_facts`).

    *shared* is the tail of every reading's :class:`Facts`; *meld_seqs* / *meld_trips* are
    the kinds of the called sequences and triplets (quads included), *meld_ankou* the number
    of ankan; *mask* the hand's :data:`FEATURES` (the reading's shape aside); *local*: each
    reading also gets the facts only local yaku read.
    """

    shared: HandShared
    tsumo: bool
    meld_seqs: tuple[int, ...]
    meld_trips: tuple[int, ...]
    meld_ankou: int
    local: bool
    mask: int


_MeldFacts = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]
_NO_MELD_FACTS: _MeldFacts = ((), (), (), 0, 0)
_MELD_KIND: dict[tuple[int, ...], int] = {}  # a meld's tiles -> its (first) kind
_MELD_KINDS = 4096  # the most it keeps (emptied when full)


def meld_facts(melds: tuple[Meld, ...]) -> _MeldFacts:
    """Gets the kinds of the called sequences and of the called triplets and quads (each
    sorted), the kinds of the quads, the number of ankan and of calls (melds but ankan)."""
    seqs: tuple[int, ...] = ()
    trips: tuple[int, ...] = ()
    kans: tuple[int, ...] = ()
    ankan = calls = 0
    for m in melds:
        mtype = m.type
        tiles = m.tiles
        k = _MELD_KIND.get(tiles)
        if k is None:
            if len(_MELD_KIND) >= _MELD_KINDS:
                _MELD_KIND.clear()
            k = _MELD_KIND[tiles] = min(map(KIND_OF.__getitem__, tiles))
        if mtype == "chi":
            seqs += (k,)
            calls += 1
            continue
        trips += (k,)
        if len(tiles) == 4:
            kans += (k,)
        if mtype == "ankan":
            ankan += 1
        else:
            calls += 1
    if len(seqs) > 1:
        seqs = tuple(sorted(seqs))
    if len(trips) > 1:
        trips = tuple(sorted(trips))
    return seqs, trips, kans, ankan, calls


def hand_facts(
    hand: Hand,
    sit: Situation,
    rules: Ruleset,
    inputs: LocalInputs = NO_INPUTS,
    *,
    counts: tuple[int, ...] | None = None,
    reds: int | None = None,
    local: bool | None = None,
) -> HandFacts:
    """Computes the facts that every reading of *hand* shares.

    *counts* (every tile by kind, melds included) and *reds* (red fives) may be given when
    already counted; *local* (default: whether *rules* play local yaku) asks for the facts
    that only local yaku read.
    """
    assert hand.win_tile is not None
    if local is None:
        local = bool(rules.local_yaku)
    melds = hand.melds
    if counts is None:
        more = list(hand.counts)
        for m in melds:
            for t in m.tiles:
                more[KIND_OF[t]] += 1
        counts = tuple(more)
    if reds is None:
        tiles = hand.all_tiles()
        reds = tiles.count(34) + tiles.count(35) + tiles.count(36)
    meld_seqs, meld_trips, kans, ankan, calls = meld_facts(melds)
    sit_mask = situation_mask(situation_flags(sit))
    every = bytes(counts)
    k0, k1, k2, k3 = every[0:9], every[9:18], every[18:27], every[27:34]
    closed = calls == 0
    mask, shared = hand_features(
        hand, sit, rules, inputs, counts, k0, k1, k2, k3, reds, closed, kans, calls, sit_mask, local
    )
    return HandFacts(shared, hand.tsumo, meld_seqs, meld_trips, ankan, local, mask)


# Per set code (sequence k, triplet 34 + k): whether the set holds a terminal or honour, and
# whether it holds a terminal.
_CODE_YAOCHUU = tuple((k % 9 in (0, 6)) if k < 34 else (k - 34 in _YAOCHUU) for k in range(68))
_CODE_TERMINAL = tuple((k % 9 in (0, 6)) if k < 34 else (k - 34 in _TERMINALS) for k in range(68))
_CODE_KIND = tuple(k if k < 34 else k - 34 for k in range(68))
_KIND_YAOCHUU = tuple(k in _YAOCHUU for k in range(34))
_KIND_TERMINAL = tuple(k in _TERMINALS for k in range(34))


def reading_facts(h: HandFacts, reading: Reading) -> Facts:
    """Computes the facts of one *reading* of the hand whose shared facts are *h* (the full
    scorer's way; :mod:`tenpai.riichi.usual` gets the same facts in its own pass)."""
    d = reading.decomposition
    form = d.form
    pair = d.pair
    seqs: tuple[int, ...] = ()
    trips: tuple[int, ...] = ()
    ankou = 0
    all_yaochuu = all_terminal = False
    if form == "standard":
        sets = d.sets  # sorted: the sequences (codes < 34) come first
        cut = bisect_left(sets, 34)
        seqs = sets[:cut]
        trips = tuple(map(_CODE_KIND.__getitem__, sets[cut:]))
        ankou = len(trips) + h.meld_ankou
        if reading.wait == SHANPON and not h.tsumo:
            ankou -= 1  # the triplet completed by ron is not concealed
        if h.meld_seqs:
            seqs = tuple(sorted(seqs + h.meld_seqs))
        if h.meld_trips:
            trips = tuple(sorted(trips + h.meld_trips))
        # a group without a terminal or honour, or the pair, implies a 4, 5 or 6 somewhere
        if h.mask & _NO_MIDDLE:
            all_yaochuu, all_terminal = groups_yaochuu(seqs, trips, pair)
    wait = reading.wait
    if not h.local:
        return new_facts(
            h.shared, reading, form, wait, pair, seqs, trips, ankou, all_yaochuu, all_terminal
        )
    return new_facts(
        h.shared,
        reading,
        form,
        wait,
        pair,
        seqs,
        trips,
        ankou,
        all_yaochuu,
        all_terminal,
        *_local_facts(form, seqs, trips, pair),
    )


def groups_yaochuu(seqs: tuple[int, ...], trips: tuple[int, ...], pair: int) -> tuple[bool, bool]:
    """Tells whether every group and the pair hold a terminal or honour, and a terminal."""
    all_yaochuu = (
        _KIND_YAOCHUU[pair]
        and all(_CODE_YAOCHUU[k] for k in seqs)
        and all(_KIND_YAOCHUU[k] for k in trips)
    )
    all_terminal = (
        all_yaochuu
        and _KIND_TERMINAL[pair]
        and all(_CODE_TERMINAL[k] for k in seqs)
        and all(_KIND_TERMINAL[k] for k in trips)
    )
    return all_yaochuu, all_terminal


def _local_facts(
    form: str, seqs: tuple[int, ...], trips: tuple[int, ...], pair: int
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """Gets the facts of a reading that only local yaku read: *ittsu_suit*, *bare_groups*
    and *inner_groups* (see :class:`Facts`)."""
    groups = [(k, k + 1, k + 2) for k in seqs] + [(k,) for k in trips]
    if form == "standard":
        groups.append((pair,))
    bare = tuple(sorted(g[0] for g in groups if not any(k in _YAOCHUU for k in g)))
    inner = tuple(sorted(g[0] for g in groups if not any(k in _TERMINALS for k in g)))
    have = set(seqs)
    ittsu = [s for s in (0, 9, 18) if s in have and s + 3 in have and s + 6 in have]
    return ittsu[0] if ittsu else -1, bare, inner


def facts_of(
    hand: Hand,
    reading: Reading,
    sit: Situation,
    rules: Ruleset,
    inputs: LocalInputs = NO_INPUTS,
) -> Facts:
    """Computes every fact of one *reading* of *hand* in *sit* under *rules*, the local ones
    included (the scorer shares :func:`hand_facts` between readings instead).

    *inputs* are the checked local-yaku flags of *sit* (:meth:`Situation.local_inputs`).
    """
    return reading_facts(hand_facts(hand, sit, rules, inputs, local=True), reading)


@dataclass(frozen=True, slots=True)
class Yaku:
    """One yaku row: values (han, or the yakuman multiple), relations, predicate.

    *open* is None for a closed-only yaku (*closed* None: open only); for a yakuman,
    *closed*/*open* are its multiple (a double yakuman variant counts 2 when the
    ruleset's ``double_yakuman`` holds its id). *gate* is a boolean ruleset option that must be on.
    *needs* names the :data:`FEATURES` the predicate implies (a row without needs is tested
    on every reading).

    Local yaku (Tenpai's model of them) also use: *limit*, a limit floor (``mangan``...): the
    hand is a valid win with it alone and its basic points are ``max(limit, value of the
    hand)``, the row's han (often 0) included in that value; *fixed*: the hand is worth
    exactly *limit*, other yaku and dora ignored; *forms*, the shapes the row reads (an
    irregular shape is scored by its own rows only); *needs_han*, han of other yaku the
    row needs to count (a yakuman among them is enough); *pao*, a yakuman with liability
    (EMA §3.3.6); *liable*, the player who pays the whole hand (maneman); *collects_stick*,
    the winner also takes the discarder's riichi stick (tsubame gaeshi).
    """

    id: str
    closed: int | None
    open: int | None
    test: Callable[[Facts], bool]
    _: KW_ONLY  # everything after: keywords, so that no two can be swapped
    yakuman: bool = False
    supersedes: tuple[str, ...] = ()
    gate: str | None = None
    card: bool = True
    limit: str | None = None
    fixed: bool = False
    forms: frozenset[str] = REGULAR_FORMS
    needs_han: int = 0
    pao: bool = False
    liable: Callable[[Facts], int | None] | None = None
    collects_stick: bool = False
    needs: tuple[str, ...] = ()

    # The words of a row are catalogue entries keyed by its id (tenpai.riichi.words): these
    # read them, for the callers that name a row in French or English (the words' module is
    # imported on first use: scoring needs none of them).
    @property
    def romaji(self) -> str:
        """Gets the romanised Japanese name (``Menzen tsumo``)."""
        from .words import yaku_romaji

        return yaku_romaji(self.id)

    @property
    def kanji(self) -> str:
        """Gets the Japanese name, as Tenhou writes it (``門前清自摸和``)."""
        from .words import yaku_name

        return yaku_name(self.id, "ja")

    @property
    def en(self) -> str:
        """Gets the English name (``Fully concealed self-draw``)."""
        from .words import yaku_name

        return yaku_name(self.id, "en")

    @property
    def fr(self) -> str:
        """Gets the French name (``Menzen tsumo``)."""
        from .words import yaku_name

        return yaku_name(self.id, "fr")

    @property
    def fr_gloss(self) -> str:
        """Gets the French gloss of the name (``pioche main fermée``)."""
        from .words import yaku_gloss

        return yaku_gloss(self.id, "fr")

    @property
    def en_desc(self) -> str:
        """Gets the one-line description in English."""
        from .words import yaku_description

        return yaku_description(self.id, "en")

    @property
    def fr_desc(self) -> str:
        """Gets the one-line description in French."""
        from .words import yaku_description

        return yaku_description(self.id, "fr")


def _yakuhai(k: int) -> Callable[[Facts], bool]:
    return lambda f: k in f.trips


def _is_pinfu(f: Facts) -> bool:
    return (
        f.closed
        and f.form == "standard"
        and len(f.seqs) == 4
        and f.wait == RYANMEN
        and f.pair not in DRAGONS
        and f.pair not in (f.sit.seat_wind, f.sit.round_wind)
    )


def _iipeikou(f: Facts) -> bool:
    s = f.seqs
    return f.closed and f.form == "standard" and len(set(s)) < len(s)


def _ryanpeikou(f: Facts) -> bool:
    s = f.seqs
    return f.closed and len(s) == 4 and s[0] == s[1] and s[2] == s[3]


def _sanshoku(xs: tuple[int, ...]) -> bool:
    have = set(xs)
    return any(n in have and n + 9 in have and n + 18 in have for n in range(9))


def _ittsu(f: Facts) -> bool:
    have = set(f.seqs)
    return any(s in have and s + 3 in have and s + 6 in have for s in (0, 9, 18))


def _one_suit(f: Facts) -> bool:
    return f.n_suits == 1


def _chuuren_counts(f: Facts) -> bool:
    if not f.closed or f.hand.melds or f.n_suits != 1 or f.has_honor:
        return False
    base = 9 * (min(f.kinds) // 9)
    c = f.counts[base : base + 9]
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return all(c[i] >= need[i] for i in range(9))


def _junsei_chuuren(f: Facts) -> bool:
    if not _chuuren_counts(f):
        return False
    base = 9 * (f.win // 9)
    c = list(f.counts[base : base + 9])
    c[f.win - base] -= 1
    return c == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def _suuankou(f: Facts) -> bool:
    return f.form == "standard" and f.ankou == 4


def _tsuuiisou(f: Facts) -> bool:
    return all(k >= 27 for k in f.kinds)


def _chinroutou(f: Facts) -> bool:
    return all(k in _TERMINALS for k in f.kinds)


def _ryuuiisou(f: Facts) -> bool:
    return all(k in _GREEN for k in f.kinds) and (
        GREEN in f.kinds or not f.rules.ryuuiisou_requires_hatsu
    )


def _honroutou(f: Facts) -> bool:
    return (
        all(k in _YAOCHUU for k in f.kinds)
        and any(k >= 27 for k in f.kinds)
        and any(k < 27 for k in f.kinds)
    )


def _chanta(f: Facts) -> bool:
    return f.groups_all_yaochuu and bool(f.seqs) and f.has_honor


def _junchan(f: Facts) -> bool:
    return f.groups_all_terminal and bool(f.seqs) and not f.has_honor


def _shousangen(f: Facts) -> bool:
    return f.pair in DRAGONS and sum(1 for k in DRAGONS if k in f.trips) == 2


def _daisangen(f: Facts) -> bool:
    return all(k in f.trips for k in DRAGONS)


def _winds_trips(f: Facts) -> int:
    return sum(1 for k in WINDS if k in f.trips)


def _y(
    id: str,
    closed: int | None,
    open: int | None,
    test: Callable[[Facts], bool],
    **kw: Any,
) -> Yaku:
    """Builds a standard row (its words are the catalogue's, keyed by *id*)."""
    return Yaku(id, closed, open, test, **kw)


# Rows in the order of the card (docs/generated/bareme.fr.md): by closed han, then the yakuman.
# fmt: off
STANDARD_YAKU: tuple[Yaku, ...] = (
    _y(
        "riichi",
        1,
        None,
        lambda f: f.sit.riichi and not f.sit.double_riichi,
        needs=("riichi",),
    ),
    _y(
        "ippatsu",
        1,
        None,
        lambda f: f.sit.ippatsu,
        gate="ippatsu",
        needs=("ippatsu",),
    ),
    _y(
        "menzen_tsumo",
        1,
        None,
        lambda f: f.closed and f.tsumo,
        needs=("closed", "tsumo"),
    ),
    _y(
        "haitei",
        1,
        1,
        lambda f: f.sit.haitei,
        needs=("haitei",),
    ),
    _y(
        "houtei",
        1,
        1,
        lambda f: f.sit.houtei,
        needs=("houtei",),
    ),
    _y(
        "rinshan",
        1,
        1,
        lambda f: f.sit.rinshan,
        needs=("rinshan",),
    ),
    _y(
        "chankan",
        1,
        1,
        lambda f: f.sit.chankan,
        needs=("chankan",),
    ),
    _y(
        "pinfu",
        1,
        None,
        _is_pinfu,
        needs=("standard", "no_melds", "sequence"),
    ),
    _y(
        "tanyao",
        1,
        1,
        lambda f: not (f.kinds & _YAOCHUU) and (f.closed or f.rules.kuitan),
        needs=("no_yaochuu",),
    ),
    _y(
        "iipeikou",
        1,
        None,
        _iipeikou,
        needs=("standard", "closed", "sequence"),
    ),
    _y(
        "yakuhai_haku",
        1,
        1,
        _yakuhai(31),
        needs=("haku",),
    ),
    _y(
        "yakuhai_hatsu",
        1,
        1,
        _yakuhai(32),
        needs=("hatsu",),
    ),
    _y(
        "yakuhai_chun",
        1,
        1,
        _yakuhai(33),
        needs=("chun",),
    ),
    _y(
        "yakuhai_seat",
        1,
        1,
        lambda f: f.sit.seat_wind in f.trips,
        needs=("seat_wind",),
    ),
    _y(
        "yakuhai_round",
        1,
        1,
        lambda f: f.sit.round_wind in f.trips,
        needs=("round_wind",),
    ),
    _y(
        "double_riichi",
        2,
        None,
        lambda f: f.sit.double_riichi,
        supersedes=("riichi",),
        gate="double_riichi",
        needs=("double_riichi",),
    ),
    _y(
        "chiitoitsu",
        2,
        None,
        lambda f: f.form == "chiitoitsu",
        needs=("chiitoitsu",),
    ),
    _y(
        "toitoi",
        2,
        2,
        lambda f: len(f.trips) == 4,
        needs=("four_triplets", "no_single"),
    ),
    _y(
        "sanankou",
        2,
        2,
        lambda f: f.ankou >= 3,
        needs=("standard", "three_triplets"),
    ),
    _y(
        "sankantsu",
        2,
        2,
        lambda f: len(f.kans) == 3,
        needs=("three_kans",),
    ),
    _y(
        "sanshoku_doujun",
        2,
        1,
        lambda f: _sanshoku(f.seqs),
        needs=("sanshoku",),
    ),
    _y(
        "sanshoku_doukou",
        2,
        2,
        lambda f: _sanshoku(tuple(k for k in f.trips if k < 27)),
        needs=("sanshoku_triplets",),
    ),
    _y(
        "ittsu",
        2,
        1,
        _ittsu,
        needs=("ittsu",),
    ),
    _y(
        "chanta",
        2,
        1,
        _chanta,
        needs=("standard", "no_middle", "honours", "sequence"),
    ),
    _y(
        "honroutou",
        2,
        2,
        _honroutou,
        needs=("all_yaochuu", "honours"),
    ),
    _y(
        "shousangen",
        2,
        2,
        _shousangen,
        needs=("three_dragons",),
    ),
    _y(
        "ryanpeikou",
        3,
        None,
        _ryanpeikou,
        supersedes=("iipeikou",),
        needs=("standard", "closed", "sequence"),
    ),
    _y(
        "junchan",
        3,
        2,
        _junchan,
        supersedes=("chanta",),
        needs=("standard", "no_middle", "no_honours", "sequence"),
    ),
    _y(
        "honitsu",
        3,
        2,
        lambda f: _one_suit(f) and f.has_honor,
        needs=("one_suit", "honours"),
    ),
    _y(
        "chinitsu",
        6,
        5,
        lambda f: _one_suit(f) and not f.has_honor,
        supersedes=("honitsu",),
        needs=("one_suit", "no_honours"),
    ),
    # ---- yakuman (value = multiple) ----
    _y(
        "kokushi",
        1,
        None,
        lambda f: f.form == "kokushi",
        yakuman=True,
        needs=("kokushi",),
    ),
    _y(
        "kokushi_13",
        1,
        None,
        lambda f: f.form == "kokushi" and f.pair == f.win,
        yakuman=True,
        supersedes=("kokushi",),
        card=False,
        needs=("kokushi",),
    ),
    _y(
        "suuankou",
        1,
        None,
        _suuankou,
        yakuman=True,
        needs=("standard", "closed", "four_triplets"),
    ),
    _y(
        "suuankou_tanki",
        1,
        None,
        lambda f: _suuankou(f) and f.wait == TANKI,
        yakuman=True,
        supersedes=("suuankou",),
        card=False,
        needs=("standard", "closed", "four_triplets"),
    ),
    _y(
        "daisangen",
        1,
        1,
        _daisangen,
        yakuman=True,
        needs=("haku", "hatsu", "chun"),
    ),
    _y(
        "shousuushii",
        1,
        1,
        lambda f: _winds_trips(f) == 3 and f.pair in WINDS,
        yakuman=True,
        needs=("four_winds",),
    ),
    _y(
        "daisuushii",
        1,
        1,
        lambda f: _winds_trips(f) == 4,
        yakuman=True,
        supersedes=("shousuushii",),
        needs=("four_winds",),
    ),
    _y(
        "tsuuiisou",
        1,
        1,
        _tsuuiisou,
        yakuman=True,
        needs=("all_honours",),
    ),
    _y(
        "chinroutou",
        1,
        1,
        _chinroutou,
        yakuman=True,
        needs=("all_terminals",),
    ),
    _y(
        "ryuuiisou",
        1,
        1,
        _ryuuiisou,
        yakuman=True,
        needs=("all_green",),
    ),
    _y(
        "chuuren",
        1,
        None,
        _chuuren_counts,
        yakuman=True,
        needs=("closed", "no_melds", "one_suit", "no_honours"),
    ),
    _y(
        "junsei_chuuren",
        1,
        None,
        _junsei_chuuren,
        yakuman=True,
        supersedes=("chuuren",),
        card=False,
        needs=("closed", "no_melds", "one_suit", "no_honours"),
    ),
    _y(
        "suukantsu",
        1,
        1,
        lambda f: len(f.kans) == 4,
        yakuman=True,
        needs=("three_kans",),
    ),
    _y(
        "tenhou",
        1,
        None,
        lambda f: f.sit.tenhou,
        yakuman=True,
        needs=("tenhou",),
    ),
    _y(
        "chiihou",
        1,
        None,
        lambda f: f.sit.chiihou,
        yakuman=True,
        needs=("chiihou",),
    ),
    _y(
        "renhou",
        1,
        None,
        lambda f: f.sit.renhou and f.rules.renhou == "yakuman",
        yakuman=True,
        card=False,
        needs=("renhou",),
    ),
)
"""Every standard yaku and yakuman, in the card's order."""
# fmt: on

YAKU_BY_ID: dict[str, Yaku] = {y.id: y for y in STANDARD_YAKU}

# Renhou valued below yakuman (the WRC rules; Tenpai's options): a 5-han yaku or a limit floor.
# fmt: off
RENHOU_YAKU = _y(
    "renhou",
    5,
    None,
    lambda f: f.sit.renhou,
    card=False,
    needs=("renhou",),
)
# fmt: on
