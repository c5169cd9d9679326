"""Local yaku (the riichi wiki's Local yaku page) as data rows of the standard :class:`Yaku` form.

Every id of the index is a :class:`LocalYaku`: its row with the default variant
values (what ``tenpai yaku`` lists), its options (the :class:`Variant` entries of
:data:`~tenpai.riichi.local_options.LOCAL_OPTIONS`, the index the rulesets check), and,
when a variant changes the scoring, a small builder that turns the chosen values into rows.
A ruleset enables ids with ``local_yaku`` and picks variants with ``local_options`` (pairs
``("ID.OPTION", value)``); :func:`local_rows` gives the scorer the rows to add.

How values are modelled (Tenpai's model):

* han yaku: ``closed``/``open`` han, like the standard rows;
* limit yaku: ``limit="mangan"`` (``baiman``, ``sanbaiman``) with 0 han: the hand is valid
  with it alone and its basic points are ``max(limit, value of the hand without it)``;
  the ``max`` scoring of §7 is the same floor on a 1-han row; ``fixed`` makes the hand
  worth exactly the limit (chiishin uushii);
* yakuman: ``yakuman=True``, ``closed``/``open`` = the multiple (2 for chousangen...);
* game-state awards: paarenchan rows read the counters of the situation; maneman is paid
  during play (:func:`maneman_awards`) or, settled on the win, is a floor row whose
  imitated player pays the whole hand;
* a variant that must win over the plain row comes first with the same id (a yaku counts
  once: the scorer keeps the first row of an id that hits), e.g. the double hyakuman goku.

>>> from tenpai.hand import Hand
>>> from tenpai.riichi import Situation, find_rules
>>> from tenpai.riichi.score import score
>>> rules = find_rules("bareme").with_options(local_yaku="sanrenkou")
>>> s = score(Hand.parse("222333444m678p8s ron 8s"), Situation(seat_wind=28), rules)
>>> [(y.id, y.han) for y in s.yaku], s.points
([('tanyao', 1), ('sanankou', 2), ('sanrenkou', 2)], 8000)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise, permutations

from ..analysis import KANCHAN, Decomposition, Reading
from ..hand import Hand
from ..tiles import DRAGONS, WINDS, kind, parse_tiles
from .local_options import (
    LOCAL_OPTIONS,
    OPTION_DEFAULTS,
    OPTIONS_BY_ID,
    Variant,
    check_local_ids,
)
from .payment import LIMITS, ceil100
from .rules import Ruleset, find_rules
from .situation import LocalInputs, Situation, imitated_turns, parse_discards, parse_wind
from .yaku import YAKU_BY_ID, Facts, Yaku

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import Any

    from ..shanten import Analysis

__all__ = [
    "IRREGULAR_FORMS",
    "LOCAL_IDS",
    "LOCAL_YAKU",
    "LocalYaku",
    "ManemanAward",
    "local_analysis",
    "local_min_han",
    "local_readings",
    "local_rows",
    "local_shanten",
    "local_variants",
    "local_waits",
    "local_yaku_row",
    "maneman_awards",
]

Test = Callable[[Facts], bool]


@dataclass(frozen=True, slots=True)
class _Opts:
    """The variant values a ruleset chose, read by the builders (defaults filled in)."""

    rules: Ruleset
    id: str

    def __call__(self, name: str, of: str | None = None) -> Any:
        key = f"{of or self.id}.{name}"
        for k, v in self.rules.local_options:
            if k == key:
                return v
        return OPTION_DEFAULTS[key]


Builder = Callable[[Yaku, _Opts], tuple[Yaku, ...]]


@dataclass(frozen=True, slots=True)
class LocalYaku:
    """A local yaku: its *row* with the default variant values, its *variants*, the
    *build* function that makes the scoring rows for chosen values (None: the row as is),
    and whether it is a *game_state* award rather than a hand pattern."""

    row: Yaku
    build: Builder | None = None
    game_state: bool = False

    @property
    def variants(self) -> tuple[Variant, ...]:
        """Gets the options of this local yaku (:data:`LOCAL_OPTIONS`)."""
        return LOCAL_OPTIONS[self.row.id]


# ---- tiles and small facts ------------------------------------------------------------------


def _kinds(text: str) -> frozenset[int]:
    return frozenset(kind(t) for t in parse_tiles(text))


_PERMS = tuple(permutations(range(3)))
_TANFON = _kinds("248p23468s123456z")
_KOKU = _kinds("248p1234z")
_KOUITTEN = _kinds("23468s7z")
_BENI = _kinds("1579s7z")
_RIN_GREEN = _kinds("234568s6z")
_RIN_RED = _kinds("234568s7z")
_JUNSEI_GREEN = _kinds("23468s")
_TOUHOKU = _kinds("246p14z")
_AONO = _kinds("248p6z1234z")
_MANZU = frozenset(range(9))
_MANZU_HONOURS = _MANZU | frozenset(range(27, 34))
_E, _S, _N, _WHITE, _RED = 27, 28, 30, 31, 33
_1P, _5P, _9P, _1S, _2S, _5S = 9, 13, 17, 18, 19, 22


def _pattern(base: int, digits: str) -> tuple[int, ...]:
    c = [0] * 34
    for d in digits:
        c[base + int(d) - 1] += 1
    return tuple(c)


def _run(ks: Iterable[int], step: int, n: int) -> bool:
    """Tells whether numbered kinds *ks* hold *n* of one suit stepping by *step*."""
    have = set(ks)
    return any(
        k < 27 and k % 9 + (n - 1) * step <= 8 and all(k + i * step in have for i in range(n))
        for k in have
    )


def _tri_run(ks: Iterable[int], step: int) -> bool:
    """Tells whether *ks* hold numbers n, n+step, n+2·step, one in each suit."""
    have = set(ks)
    return any(
        all(9 * s + n + i * step in have for i, s in enumerate(p))
        for n in range(9 - 2 * step)
        for p in _PERMS
    )


def _mirror(ks: tuple[int, ...], same_suits: bool) -> bool:
    """Tells whether four groups are two numbers, each in two different suits (the same two
    suits for both numbers when *same_suits*): kyandonhou, ryandoukou."""
    if len(ks) != 4 or any(k >= 27 for k in ks):
        return False
    by_num: dict[int, set[int]] = {}
    for k in ks:
        by_num.setdefault(k % 9, set()).add(k // 9)
    suits = list(by_num.values())
    return (
        len(suits) == 2
        and all(len(s) == 2 for s in suits)
        and (not same_suits or suits[0] == suits[1])
    )


def _shanron(f: Facts, strict: bool) -> bool:
    """Tells whether the sequences are X and Y in characters and bamboos, not overlapping,
    with a circles pair (strict: Y = X + 3 and pair 5p)."""
    nums = sorted({k % 9 for k in f.seqs})
    return (
        _mirror(f.seqs, True)
        and {k // 9 for k in f.seqs} == {0, 2}
        and 9 <= f.pair < 18
        and nums[1] - nums[0] >= 3
        and (not strict or (nums[1] - nums[0] == 3 and f.pair == _5P))
    )


def _tsuukan(f: Facts) -> bool:
    have = set(f.seqs)
    return any(all(9 * s + 3 * i in have for i, s in enumerate(p)) for p in _PERMS)


def _winds(f: Facts) -> int:
    return sum(1 for w in WINDS if w in f.trips)


def _five_families(f: Facts) -> bool:
    return (
        f.n_suits == 3
        and any(w in f.kinds for w in WINDS)
        and any(d in f.kinds for d in DRAGONS)
        and f.form != "kokushi"
    )


def _shoutate(f: Facts) -> bool:
    p = f.pair
    return p < 27 and sum(1 for s in range(3) if s != p // 9 and 9 * s + p % 9 in f.trips) == 2


def _ggb_suit(f: Facts) -> int:
    return next((s for s in (0, 9, 18) if f.seqs == (s, s + 2, s + 4, s + 6)), -1)


def _imitation(f: Facts, dealer_only: bool) -> tuple[int, int]:
    """Gets (turns, seat) of the opponent the winner copied longest (seat -1 if none)."""
    rel = f.sit.dealer_rel
    return max(
        ((t, r) for r, t in f.inputs.imitations if not dealer_only or r == rel), default=(0, -1)
    )


def _open_riichi_penalty(f: Facts, exempt_earlier: bool) -> bool:
    """Tells whether the discarder of *f* pays open riichi's yakuman: a player not in riichi
    (the local-yaku page, "Open riichi": "a non-riichi player deals into an open-riichi
    hand"); with *exempt_earlier*, also one who declared riichi after the open riichi."""
    i = f.inputs
    return not f.tsumo and not (
        i.discarder_in_riichi and (i.discarder_riichi_before_open_riichi or not exempt_earlier)
    )


# ---- irregular shapes (accepted only for their enabled yaku) -----------------------------------


def _knitted(c: tuple[int, ...]) -> bool:
    """Tells whether 14 counts are the seven honours and seven knitted tiles (chiishin)."""
    nums = [k for k in range(27) if c[k]]
    classes = [{k % 9 % 3 for k in nums if k // 9 == s} for s in range(3)]
    return (
        all(c[k] == 1 for k in range(27, 34))
        and len(nums) == 7
        and all(c[k] == 1 for k in nums)
        and all(len(x) == 1 for x in classes)
        and len(set.union(*classes)) == 3
    )


def _unconnected(c: tuple[int, ...]) -> int:
    """Gets the number of kinds of 14 counts with at most one pair and no two tiles one or
    two apart in a suit (shiisanpuutaa: 13, shiisanuushi: 14), else 0."""
    if any(n > 2 for n in c) or sum(1 for n in c if n == 2) > 1:
        return 0
    for s in (0, 9, 18):
        nums = [i for i in range(9) if c[s + i]]
        if any(b - a <= 2 for a, b in pairwise(nums)):
            return 0
    return sum(1 for n in c if n)


_NAN_1861 = (2, 0, 0, 0, 0, 1, 0, 1, 0)
_NAN_1865 = (1, 0, 0, 0, 1, 1, 0, 1, 0)
_NAN_BOTH = (3, 0, 0, 0, 1, 2, 0, 2, 0)
_NO_SUIT = (0,) * 9


def _nanboku(c: tuple[int, ...], same_suit: bool) -> bool:
    """Tells whether 14 counts are 222z 444z + 1861 in one suit and 1865 in another."""
    suits = sorted(tuple(c[9 * s : 9 * s + 9]) for s in range(3))
    honours = c[27:]
    return honours == (0, 3, 0, 3, 0, 0, 0) and (
        suits == sorted((_NAN_1861, _NAN_1865, _NO_SUIT))
        or (same_suit and suits == sorted((_NAN_BOTH, _NO_SUIT, _NO_SUIT)))
    )


IRREGULAR_FORMS = ("chiishin_uushii", "shiisanpuutaa", "shiisanuushi", "nanboku_sensou")
"""The shapes outside the three standard ones that a local yaku accepts (as a reading's *form*)."""
_WAITING_FORMS = ("chiishin_uushii", "nanboku_sensou")  # the others are first-draw hands


def _shape_ok(form: str, c: tuple[int, ...], rules: Ruleset) -> bool:
    if form == "chiishin_uushii":
        return _knitted(c)
    if form == "nanboku_sensou":
        return _nanboku(c, bool(_Opts(rules, form)("same_suit_allowed")))
    return _unconnected(c) == (13 if form == "shiisanpuutaa" else 14)


def local_readings(hand: Hand, rules: Ruleset, inputs: LocalInputs) -> list[Reading]:
    """Lists the irregular readings of *hand* that *rules* accept (the riichi wiki's Local yaku
    page): only for enabled yaku, a closed hand without melds, and for shiisanpuutaa and
    shiisanuushi only on an uninterrupted first draw (a tsumo).

    >>> r = local_readings(Hand.parse("14m25p369s123456z ron 7z"),
    ...                    find_rules("bareme").with_options(local_yaku="chiishin_uushii"),
    ...                    LocalInputs())
    >>> [x.decomposition.form for x in r]
    ['chiishin_uushii']
    """
    if hand.melds or len(hand.closed_tiles) != 14:
        return []
    first_draw = hand.tsumo and inputs.first_turn_uninterrupted
    return [
        Reading(Decomposition((), -1, form), form)
        for form in IRREGULAR_FORMS
        if form in rules.local_yaku
        and (first_draw or form in _WAITING_FORMS)
        and _shape_ok(form, hand.counts, rules)
    ]


def local_waits(hand: Hand, rules: Ruleset) -> frozenset[int]:
    """Gets the kinds that complete the 13 concealed tiles of *hand* into an irregular shape
    that *rules* accept (chiishin uushii, nanboku sensou: tenpai on those shapes).

    >>> rules = find_rules("bareme").with_options(local_yaku="chiishin_uushii")
    >>> sorted(local_waits(Hand.parse("14m25p36s1234567z"), rules))
    [6, 16, 26]
    """
    if hand.melds or len(hand.concealed) != 13:
        return frozenset()
    out: set[int] = set()
    base = list(hand.counts)
    for k in range(34):
        if base[k] == 4:
            continue
        base[k] += 1
        c = tuple(base)
        if any(f in rules.local_yaku and _shape_ok(f, c, rules) for f in _WAITING_FORMS):
            out.add(k)
        base[k] -= 1
    return frozenset(out)


def _knitted_tiles(c: Sequence[int]) -> int:
    """Gets how many tiles of the counts *c* a chiishin uushii can keep: distinct honours,
    and distinct numbers of one 147/258/369 pattern per suit (seven at most)."""
    honours = sum(1 for k in range(27, 34) if c[k])
    numbers = max(
        sum(1 for s in range(3) for n in range(order[s], 9, 3) if c[9 * s + n])
        for order in permutations(range(3))
    )
    return honours + min(7, numbers)


def _nanboku_tiles(c: Sequence[int], same_suit: bool) -> int:
    """Gets how many tiles of the counts *c* a nanboku sensou can keep (222z 444z, 1861 in
    one suit and 1865 in another)."""
    honours = min(c[28], 3) + min(c[30], 3)
    suits = [tuple(c[9 * s : 9 * s + 9]) for s in range(3)]

    def kept(have: tuple[int, ...], want: tuple[int, ...]) -> int:
        return sum(min(h, w) for h, w in zip(have, want, strict=True))

    best = max(
        kept(suits[a], _NAN_1861) + kept(suits[b], _NAN_1865)
        for a in range(3)
        for b in range(3)
        if a != b
    )
    if same_suit:
        best = max(best, *(kept(x, _NAN_BOTH) for x in suits))
    return honours + best


def local_shanten(hand: Hand, rules: Ruleset) -> dict[str, int]:
    """Gets the shanten of *hand*'s concealed tiles (13 or 14, no meld) toward each
    irregular shape that *rules* enable and that can wait (chiishin uushii, nanboku sensou):
    13 minus the tiles the shape can keep, as for thirteen orphans (-1: complete).

    >>> rules = find_rules("bareme").with_options(local_yaku="chiishin_uushii")
    >>> local_shanten(Hand.parse("14m25p36s1234567z"), rules)
    {'chiishin_uushii': 0}
    """
    if hand.melds or len(hand.concealed) + (hand.win_tile is not None) not in (13, 14):
        return {}
    return _forms_shanten(hand.counts, rules)


def _forms_shanten(c: Sequence[int], rules: Ruleset) -> dict[str, int]:
    """Gets the shanten of the counts *c* (13 or 14 tiles) toward each enabled waiting shape
    (for 14 tiles: after the best discard)."""
    out: dict[str, int] = {}
    if "chiishin_uushii" in rules.local_yaku:
        out["chiishin_uushii"] = 13 - _knitted_tiles(c)
    if "nanboku_sensou" in rules.local_yaku:
        same = bool(_Opts(rules, "nanboku_sensou")("same_suit_allowed"))
        out["nanboku_sensou"] = 13 - _nanboku_tiles(c, same)
    return out


def local_analysis(
    hand: Hand, rules: Ruleset, visible: Iterable[int] = ()
) -> tuple[Analysis, dict[str, int]]:
    """Analyses *hand* as :func:`tenpai.shanten.analyse` does, the irregular shapes that
    *rules* enable counted too: the shanten is the lowest of every form, and a tenpai hand
    of 13 tiles waits on the tiles of those shapes as well (with their unseen counts). Gets
    the analysis and each local form's shanten (:func:`local_shanten`).

    >>> rules = find_rules("bareme").with_options(local_yaku="chiishin_uushii")
    >>> a, forms = local_analysis(Hand.parse("14m25p369s123456z"), rules)
    >>> a.shanten, a.waits, forms
    (0, ((33, 4),), {'chiishin_uushii': 0})
    """
    from ..shanten import Discard, analyse, shanten

    shown = tuple(visible)
    a = analyse(hand, shown)
    forms = local_shanten(hand, rules)
    if not forms:
        return a, forms
    best = min(a.shanten, *forms.values())
    if best == a.shanten:  # the usual forms are as near: their waits and ukeire hold
        return a, forms
    counts = list(hand.counts)
    unseen = [max(0, 4 - counts[k] - sum(1 for t in shown if kind(t) == k)) for k in range(34)]

    def least(c: list[int]) -> int:  # the shanten of every form, local shapes included
        return min(shanten(c), *_forms_shanten(c, rules).values())

    def improving(c: list[int], now: int) -> tuple[tuple[int, int], ...]:
        out = []
        for k in range(34):
            if c[k] < 4:
                c[k] += 1
                if least(c) < now:
                    out.append((k, unseen[k]))
                c[k] -= 1
        return tuple(out)

    if sum(counts) == 13:
        better = improving(counts, best)
        uke = tuple((k, n) for k, n in better if n)
        waits = better if best == 0 else ()
        return dataclasses.replace(a, shanten=best, waits=waits, ukeire=uke), forms
    rated = []
    for d in range(34):
        if counts[d]:
            counts[d] -= 1
            after = least(counts)
            uke = tuple((k, n) for k, n in improving(counts, after) if n)
            rated.append(Discard(d, after, uke))
            counts[d] += 1
    rated.sort(key=lambda x: (x.shanten, -x.total, x.kind))  # as shanten.analyse
    return dataclasses.replace(a, shanten=best, discards=tuple(rated)), forms


# ---- rows --------------------------------------------------------------------------------------


def _row(id: str, closed: int | None, open: int | None, test: Test, **kw: Any) -> Yaku:
    """Builds a local row (its words are the catalogue's, keyed by *id*; the card lists
    only the standard rows)."""
    return Yaku(id, closed, open, test, card=False, **kw)


def _same(row: Yaku, _o: _Opts) -> tuple[Yaku, ...]:
    return (row,)


def _replace(row: Yaku, **changes: Any) -> Yaku:
    return dataclasses.replace(row, **changes)


def _as_yakuman(row: Yaku, multiple: int = 1, *, open_ok: bool = True) -> Yaku:
    return _replace(
        row, closed=multiple, open=multiple if open_ok else None, yakuman=True, limit=None
    )


def _as_limit(row: Yaku, limit: str, *, open_ok: bool = True) -> Yaku:
    return _replace(row, closed=0, open=0 if open_ok else None, yakuman=False, limit=limit)


# builders: each turns the chosen variant values into the scoring rows of one id


def _b_tsubame(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    return (_replace(row, collects_stick=o("riichi_stick") == "paid_to_winner"),)


def _shiiaru_test(win_type: str, ankan_counts: bool) -> Test:
    tsumo_ok = win_type == "ron_or_tsumo"
    return lambda f: (
        (len(f.hand.melds) if ankan_counts else f.calls) == 4 and (tsumo_ok or not f.tsumo)
    )


def _b_shiiaru(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    return (_replace(row, test=_shiiaru_test(o("win_type"), o("ankan_counts"))),)


def _b_tanron(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    return (_replace(row, closed=o("tanron_han")),)


def _b_kyandonhou(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    same = o("same_suit_pair_required")
    open_han = None if o("open_han") == "none" else o("open_han")
    return (_replace(row, open=open_han, test=lambda f: _mirror(f.seqs, same)),)


def _b_ryandoukou(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    same = o("same_suit_pair_required")
    return (_replace(row, test=lambda f: _mirror(f.trips, same)),)


def _b_shoutate(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    if not o("raise_sanshoku_doukou"):
        return (row,)
    return (row, _replace(YAKU_BY_ID["sanshoku_doukou"], closed=3, open=3))


def _b_han(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    return (_replace(row, closed=o("han"), open=o("han")),)


def _b_open_riichi(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    if o("deal_in_penalty", "open_riichi") != "yakuman":
        return (row,)
    exempt = o("exempt_earlier_riichi", "open_riichi")
    base = row.test
    penalty = _replace(
        _as_yakuman(row, open_ok=False),
        supersedes=(),
        test=lambda f: base(f) and _open_riichi_penalty(f, exempt),
    )
    return (penalty, row)


def _b_isshoku_sanjun(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    closed = o("closed_han")
    return (_replace(row, closed=closed, open=closed - 1 if o("open") == "minus_one" else None),)


def _b_uumensai(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    value, restriction = o("value"), o("restriction")
    forms = frozenset({"standard", "chiitoitsu"} if o("allow_chiitoitsu") else {"standard"})
    extra: Test = {
        "none": lambda f: True,
        "honour_pair": lambda f: f.pair >= 27,
        "toitoi": lambda f: len(f.trips) == 4,
    }[restriction]
    r = _replace(row, forms=forms, test=lambda f: _five_families(f) and extra(f))
    r = _as_yakuman(r) if value == "yakuman" else _replace(r, closed=value, open=value)
    return (_replace(r, open=None) if o("closed_only") else r,)


def _b_renkaihou(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    extra = o("extra_han_per_kan")
    more = tuple(
        _replace(
            row,
            closed=2 + extra * (n - 2),
            open=2 + extra * (n - 2),
            test=lambda f, n=n: f.inputs.consecutive_kans_before_win >= n,
        )
        for n in (4, 3)
    )
    return (*more, row) if extra else (row,)


def _b_mondeikou(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    return (row,) if o("mode") == "plus2" else (_replace(row, closed=-4, open=-4),)


def _b_tanfonhou(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    """Builds the no-red family: tanfonhou's ``mode`` picks its rows whichever of tanfonhou,
    hontanfon and chintanfon is enabled (so they never count together). Unless the mode is
    set, naming hontanfon or chintanfon without tanfonhou plays the split variant (their own
    values)."""
    mode = o("mode", "tanfonhou")
    enabled = o.rules.local_yaku
    if not any(k == "tanfonhou.mode" for k, _ in o.rules.local_options):
        named = "tanfonhou" not in enabled and enabled & {"hontanfon", "chintanfon"}
        mode = "split" if named else mode
    if mode == "unified":
        return (LOCAL_BY_ID["tanfonhou"].row,)
    return (LOCAL_BY_ID["hontanfon"].row, LOCAL_BY_ID["chintanfon"].row)


def _b_tile_mangan(on_shiiaru: bool) -> Builder:
    """Makes the builder of a §7 yaku; *on_shiiaru*: its base yaku is shiiaru raotai, whose
    ``win_type`` and ``ankan_counts`` apply in the ``plus_one``/``max`` modes (the other
    bases, rinshan, chankan, haitei, houtei, are in the row's own condition)."""

    def build(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
        mode = o("scoring")
        if mode == "mangan":
            return (row,)
        own = row.test
        base = _shiiaru_test(o("win_type", "shiiaru_raotai"), o("ankan_counts", "shiiaru_raotai"))

        def test(f: Facts) -> bool:
            return own(f) and (not on_shiiaru or base(f))

        one = None if row.open is None else 1
        closed = None if row.closed is None else 1
        return (
            _replace(
                row,
                closed=closed,
                open=one,
                test=test,
                limit="mangan" if mode == "max" else None,
            ),
        )

    return build


def _b_shanron(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    if o("value") == "mangan":
        return (row,)
    strict = _as_yakuman(row, open_ok=not o("yakuman_closed_only"))
    return (_replace(strict, test=lambda f: _shanron(f, True)),)


def _b_chiishin(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    if o("value") == "mangan":
        return (row,)
    return (_replace(_as_yakuman(row, open_ok=False), fixed=False),)


_ESCALATION = ((13, "yakuman"), (11, "sanbaiman"), (9, "baiman"), (7, "haneman"))


def _maneman_limit(turns: int, needed: int, escalation: str) -> str | None:
    if turns < needed:
        return None
    if escalation == "by_turns":
        return next((lim for n, lim in _ESCALATION if turns >= n), "mangan")
    return "mangan"


def _b_maneman(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    if o("settlement") == "immediate":
        return ()  # paid during play: see maneman_awards()
    needed, dealer_only = o("turns"), o("dealer_only")
    levels = [(needed, "mangan")]
    if o("escalation") == "by_turns":
        levels = [(n, lim) for n, lim in _ESCALATION if n > needed] + levels

    def liable(f: Facts) -> int | None:
        return _imitation(f, dealer_only)[1]

    def copied(n: int) -> Test:
        return lambda f: _imitation(f, dealer_only)[0] >= n

    out = []
    for n, lim in levels:
        r = _replace(row, test=copied(n), liable=liable)
        out.append(_as_yakuman(r) if lim == "yakuman" else _as_limit(r, lim))
    return tuple(out)


def _paarenchan_need(o: _Opts, ryanhan: bool) -> int:
    if ryanhan and o("ryanhan_after", "paarenchan") != "none":
        return 2
    return 1 if o("needs_yaku", "paarenchan") else 0


def _b_paarenchan(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    any_seat = o("definition") == "consecutive_wins"

    def test(f: Facts) -> bool:
        return f.inputs.paarenchan_counter >= 7 and (any_seat or f.sit.is_dealer)

    return (_replace(row, test=test, needs_han=_paarenchan_need(o, True)),)


def _b_pouhoi(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    anyhow = o("win_type") == "any"

    def test(f: Facts) -> bool:
        return (
            not f.sit.is_dealer
            and f.inputs.dealer_paarenchan_counter >= 7
            and (anyhow or f.tsumo or f.sit.discarder == f.sit.dealer_rel)
        )

    return (_replace(row, test=test, needs_han=_paarenchan_need(o, False)),)


def _b_ishino(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    houtei = o("allow_houtei")

    def test(f: Facts) -> bool:
        return f.sit.double_riichi and (f.sit.haitei or (houtei and f.sit.houtei))

    return (_replace(row, test=test),)


def _b_toukanhou(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    kans = ("ankan",) if o("kan_types") == "ankan_only" else ("ankan", "minkan", "kakan")
    dealer_only = o("dealer_only")

    def test(f: Facts) -> bool:
        return (
            f.sit.rinshan
            and f.inputs.first_turn_uninterrupted
            and f.inputs.kan_in_first_turn in kans
            and (f.sit.is_dealer or not dealer_only)
        )

    return (_replace(row, test=test),)


def _b_pao(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    r = _replace(row, pao=o("pao"))
    return (
        _replace(r, open=None)
        if "closed_only" in OPTIONS_BY_ID[row.id] and o("closed_only")
        else r,
    )


def _b_wheels(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    """Builds daisharin or shousharin: the family's ``suits`` (and ``value``) options."""
    family = "daisharin" if row.id.startswith("dai") else "shousharin"
    ids = _FAMILIES[family] if row.id == family and o("suits", family) == "all" else (row.id,)
    value = o("value", "shousharin") if family == "shousharin" else "yakuman"
    rows = tuple(LOCAL_BY_ID[i].row for i in ids)
    return (
        tuple(_as_limit(r, "sanbaiman", open_ok=False) for r in rows)
        if (value == "sanbaiman")
        else rows
    )


def _b_hyakuman(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    allowed = _MANZU_HONOURS if o("allow_honitsu") else _MANZU
    exact = o("threshold") == "exactly_100"
    plain = _replace(
        row, test=lambda f: f.kinds <= allowed and (f.pip_sum == 100 if exact else f.pip_sum >= 100)
    )
    if not o("exact_100_double"):
        return (plain,)
    double = _replace(_as_yakuman(row, 2), test=lambda f: f.kinds <= allowed and f.pip_sum == 100)
    return (double, plain)


def _b_kokuiisou(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    return (row,) if o("value") == "yakuman" else (_as_limit(row, "sanbaiman"),)


def _b_ggb(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    same, five = o("chinitsu_only"), o("pair_must_be_5")

    def test(f: Facts) -> bool:
        s = _ggb_suit(f)
        return s >= 0 and (not same or s <= f.pair < s + 9) and (not five or f.pair == s + 4)

    plain = _replace(row, test=test, open=None if o("closed_only") else row.open)
    if not o("double_if_pair_5"):
        return (plain,)
    double = _replace(
        plain,
        closed=2,
        open=None if plain.open is None else 2,
        test=lambda f: test(f) and f.pair == _ggb_suit(f) + 4,
    )
    return (double, plain)


def _b_shinkansen(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    suits = {"any": (0, 9, 18), "souzu": (18,), "pinzu": (9,)}[o("suit")]

    def test(f: Facts) -> bool:
        return f.ittsu_suit in suits and (
            (f.pair == _E and _N in f.trips) or (f.pair == _N and _E in f.trips)
        )

    closed_row = _replace(row, test=test, open=None)
    open_value = o("open_value")
    if o("closed_only") and open_value == "none":
        return (closed_row,)
    if open_value == "none":
        return (_replace(closed_row, open=1),)
    opened = _replace(_as_limit(closed_row, open_value), closed=None)
    return (closed_row, opened)


def _b_chousuushi(row: Yaku, o: _Opts) -> tuple[Yaku, ...]:
    return (_as_yakuman(row, o("multiple")),)


def _b_nanboku(row: Yaku, _o: _Opts) -> tuple[Yaku, ...]:
    return (row,)  # same_suit_allowed changes the accepted shape (local_readings)


_FAMILIES = {
    "daisharin": ("daisharin", "daichikurin", "daisuurin"),
    "shousharin": ("shousharin", "shouchikurin", "shousuurin"),
}


def _is_daichisei(f: Facts) -> bool:
    return f.form == "chiitoitsu" and min(f.kinds) >= 27


# fmt: off
LOCAL_YAKU: tuple[LocalYaku, ...] = (
    LocalYaku(_row("tsubame_gaeshi", 1, 1,
        lambda f: f.inputs.discard_was_riichi_declaration and not f.tsumo and not f.sit.chankan),
        _b_tsubame),
    LocalYaku(_row("shiiaru_raotai", None, 1, _shiiaru_test("ron_only", True)), _b_shiiaru),
    LocalYaku(_row("kanburi", 1, 1,
        lambda f: f.inputs.discarder_just_declared_kan and not f.tsumo and not f.sit.chankan)),
    LocalYaku(_row("sangen_chiitoitsu", 1, None,
        lambda f: f.form == "chiitoitsu" and all(d in f.kinds for d in DRAGONS),
        needs=("chiitoitsu", "three_dragons"))),
    LocalYaku(_row("suushi_chiitoitsu", 1, None,
        lambda f: f.form == "chiitoitsu" and all(w in f.kinds for w in WINDS),
        needs=("chiitoitsu", "four_winds"))),
    LocalYaku(_row("uushin_tsuukan", 1, 1,
        lambda f: f.ittsu_suit >= 0 and f.wait == KANCHAN and f.win == f.ittsu_suit + 4)),
    LocalYaku(_row("sanrenkou", 2, 2, lambda f: _run(f.trips, 1, 3),
        needs=("three_triplets",))),
    LocalYaku(_row("sanshoku_renkou", 2, 2, lambda f: _tri_run(f.trips, 1))),
    LocalYaku(_row("sanshoku_tsuukan", 2, 1, _tsuukan)),
    LocalYaku(_row("tanron", 3, None, lambda f: f.wait == "tanki" and _tsuukan(f),
        supersedes=("sanshoku_tsuukan",)), _b_tanron),
    LocalYaku(_row("kyandonhou", 2, None, lambda f: _mirror(f.seqs, True)), _b_kyandonhou),
    LocalYaku(_row("ryandoukou", 2, 2, lambda f: _mirror(f.trips, True)), _b_ryandoukou),
    LocalYaku(_row("shoutate", 2, 2, _shoutate), _b_shoutate),
    LocalYaku(_row("choupaikou", 2, 2, lambda f: _run(f.trips, 2, 3))),
    LocalYaku(_row("sujipaikou", 2, 2, lambda f: _run(f.trips, 3, 3))),
    LocalYaku(_row("chousankou", 2, 2, lambda f: _run(f.trips, 4, 3))),
    LocalYaku(_row("sanshoku_choupaikou", 1, 1, lambda f: _tri_run(f.trips, 2)), _b_han),
    LocalYaku(_row("sanshoku_sujipaikou", 1, 1, lambda f: _tri_run(f.trips, 3)), _b_han),
    LocalYaku(_row("sanshoku_chousankou", 1, 1, lambda f: _tri_run(f.trips, 4)), _b_han),
    LocalYaku(_row("suuzuukou", 2, 2,
        lambda f: sum(1 for k in f.trips if k >= 27) == 4 and f.pair < 27)),
    LocalYaku(_row("open_riichi", 2, None,
        lambda f: f.inputs.open_riichi and not f.sit.double_riichi,
        supersedes=("riichi",)), _b_open_riichi),
    LocalYaku(_row("open_double_riichi", 3, None,
        lambda f: (f.inputs.open_double_riichi or f.inputs.open_riichi) and f.sit.double_riichi,
        supersedes=("double_riichi", "open_riichi", "riichi")), _b_open_riichi),
    LocalYaku(_row("isshoku_sanjun", 3, 2,
        lambda f: any(f.seqs.count(s) >= 3 for s in f.seqs),
        supersedes=("iipeikou",)), _b_isshoku_sanjun),
    LocalYaku(_row("sanpuukou", 2, 2, lambda f: _winds(f) == 3)),
    LocalYaku(_row("otakaze_sankou", 3, 3,
        lambda f: f.sit.seat_wind == f.sit.round_wind
        and sum(1 for w in WINDS if w != f.sit.seat_wind and w in f.trips) == 3,
        supersedes=("sanpuukou",)), _b_han),
    LocalYaku(_row("uumensai", 2, 2, _five_families), _b_uumensai),
    LocalYaku(_row("renkaihou", 2, 2, lambda f: f.inputs.consecutive_kans_before_win >= 2,
        supersedes=("rinshan",)), _b_renkaihou),
    LocalYaku(_row("mondeikou", 2, 1, lambda f: f.rules.aka == 4 and f.reds == 4), _b_mondeikou),
    LocalYaku(_row("ittsuu_chanta", 3, 2,
        lambda f: f.ittsu_suit >= 0 and f.bare_groups == (f.ittsu_suit + 3,),
        supersedes=("ittsu",))),
    LocalYaku(_row("jun_ittsuu_chanta", 4, 3,
        lambda f: f.ittsu_suit >= 0 and not f.has_honor
        and f.inner_groups == (f.ittsu_suit + 3,),
        supersedes=("ittsu", "ittsuu_chanta"))),
    LocalYaku(_row("tanfonhou", 3, 2, lambda f: f.kinds <= _TANFON), _b_tanfonhou),
    LocalYaku(_row("hontanfon", 3, 2, lambda f: f.kinds <= _TANFON and f.has_honor), _b_tanfonhou),
    LocalYaku(_row("chintanfon", 6, 5, lambda f: f.kinds <= _TANFON and not f.has_honor),
        _b_tanfonhou),
    LocalYaku(_row("chinpeikou", 3, None,
        lambda f: len(f.seqs) == 4 and f.seqs[0] == f.seqs[1] and f.seqs[2] == f.seqs[3]
        and f.seqs[0] != f.seqs[2] and f.seqs[0] % 9 == f.seqs[2] % 9)),
    LocalYaku(_row("kinkei_dokuritsu", None, 0,
        lambda f: len(f.hand.melds) == 4 and f.win == _1S,
        limit="mangan"), _b_tile_mangan(True)),
    LocalYaku(_row("touchao_hanchanshue", None, 0,
        lambda f: len(f.hand.melds) == 4 and f.win == _WHITE,
        limit="mangan"), _b_tile_mangan(True)),
    LocalYaku(_row("uupin_kaihou", 0, 0, lambda f: f.sit.rinshan and f.win == _5P,
        limit="mangan",
        needs=("rinshan",)), _b_tile_mangan(False)),
    LocalYaku(_row("ryanzou_chankan", 0, 0, lambda f: f.sit.chankan and f.win == _2S,
        limit="mangan",
        needs=("chankan",)),
        _b_tile_mangan(False)),
    LocalYaku(_row("iipin_mouyue", 0, 0, lambda f: f.sit.haitei and f.win == _1P,
        limit="mangan", needs=("haitei",)), _b_tile_mangan(False)),
    LocalYaku(_row("chuupin_raoyui", 0, 0, lambda f: f.sit.houtei and f.win == _9P,
        limit="mangan", needs=("houtei",)), _b_tile_mangan(False)),
    LocalYaku(_row("shanron_chonchu", 0, 0, lambda f: _shanron(f, False),
        limit="mangan"), _b_shanron),
    LocalYaku(_row("chiishin_uushii", 0, None, lambda f: True,
        limit="mangan", fixed=True, forms=frozenset({"chiishin_uushii"})), _b_chiishin),
    LocalYaku(_row("maneman", 0, 0, lambda f: False,
        limit="mangan"),
        _b_maneman, True),
    LocalYaku(_row("paarenchan", 1, 1, lambda f: f.inputs.paarenchan_counter >= 7,
        yakuman=True), _b_paarenchan, True),
    LocalYaku(_row("pouhoi_paarenchan", 1, 1,
        lambda f: not f.sit.is_dealer and f.inputs.dealer_paarenchan_counter >= 7,
        yakuman=True), _b_pouhoi, True),
    LocalYaku(_row("ishino_uenimo_sannen", 1, None,
        lambda f: f.sit.double_riichi and (f.sit.haitei or f.sit.houtei),
        yakuman=True,
        needs=("double_riichi",)), _b_ishino),
    LocalYaku(_row("toukanhou", 1, 1,
        lambda f: f.sit.rinshan and f.inputs.first_turn_uninterrupted
        and f.inputs.kan_in_first_turn != "none",
        yakuman=True, needs=("rinshan",)), _b_toukanhou),
    LocalYaku(_row("shiisanpuutaa", 1, None, lambda f: True,
        yakuman=True,
        forms=frozenset({"shiisanpuutaa"}))),
    LocalYaku(_row("shiisanuushi", 1, None, lambda f: True,
        yakuman=True, forms=frozenset({"shiisanuushi"}))),
    LocalYaku(_row("suurenkou", 1, 1, lambda f: _run(f.trips, 1, 4),
        yakuman=True,
        needs=("four_triplets",)), _b_pao),
    LocalYaku(_row("suuchoupaikou", 1, 1, lambda f: _run(f.trips, 2, 4),
        yakuman=True,
        needs=("four_triplets",)), _b_pao),
    LocalYaku(_row("daisharin", 1, None, lambda f: f.counts == _pattern(9, "22334455667788"),
        yakuman=True), _b_wheels),
    LocalYaku(_row("daichikurin", 1, None, lambda f: f.counts == _pattern(18, "22334455667788"),
        yakuman=True), _b_wheels),
    LocalYaku(_row("daisuurin", 1, None, lambda f: f.counts == _pattern(0, "22334455667788"),
        yakuman=True), _b_wheels),
    LocalYaku(_row("shousharin", 1, None,
        lambda f: f.counts in (_pattern(9, "11223344556677"), _pattern(9, "33445566778899")),
        yakuman=True), _b_wheels),
    LocalYaku(_row("shouchikurin", 1, None,
        lambda f: f.counts in (_pattern(18, "11223344556677"), _pattern(18, "33445566778899")),
        yakuman=True), _b_wheels),
    LocalYaku(_row("shousuurin", 1, None,
        lambda f: f.counts in (_pattern(0, "11223344556677"), _pattern(0, "33445566778899")),
        yakuman=True), _b_wheels),
    LocalYaku(_row("isshoku_yonjun", 1, 1, lambda f: len(f.seqs) == 4 and f.seqs[0] == f.seqs[3],
        yakuman=True,
        supersedes=("isshoku_sanjun", "ryanpeikou", "iipeikou")), _b_pao),
    LocalYaku(_row("hyakuman_goku", 1, 1, lambda f: f.kinds <= _MANZU and f.pip_sum >= 100,
        yakuman=True), _b_hyakuman),
    LocalYaku(_row("kachoufuugetsu", 1, 1,
        lambda f: _5P in f.trips and _1S in f.trips and _1P in f.trips
        and (f.sit.seat_wind in f.trips or f.sit.round_wind in f.trips),
        yakuman=True)),
    LocalYaku(_row("fuukasetsugetsu", 1, 1,
        lambda f: _5P in f.trips and _WHITE in f.trips and _1P in f.trips
        and (f.sit.seat_wind in f.trips or f.sit.round_wind in f.trips),
        yakuman=True)),
    LocalYaku(_row("kouitten", 1, 1, lambda f: f.kinds <= _KOUITTEN and _RED in f.kinds,
        yakuman=True)),
    LocalYaku(_row("benikujaku", 1, 1, lambda f: f.kinds <= _BENI,
        yakuman=True)),
    LocalYaku(_row("kokuiisou", 1, 1, lambda f: f.kinds <= _KOKU,
        yakuman=True), _b_kokuiisou),
    LocalYaku(_row("ryuuiisourin", 1, 1,
        lambda f: f.kinds <= _RIN_GREEN and f.counts[_5S] == 2
        and (f.pair == _5S or f.form == "chiitoitsu")
        and (32 in f.kinds or not f.rules.ryuuiisou_requires_hatsu),
        yakuman=True)),
    LocalYaku(_row("kouittenrin", 1, 1,
        lambda f: f.kinds <= _RIN_RED and f.counts[_5S] == 2
        and (f.pair == _5S or f.form == "chiitoitsu") and _RED in f.kinds,
        yakuman=True)),
    LocalYaku(_row("golden_gate_bridge", 1, 1, lambda f: _ggb_suit(f) >= 0,
        yakuman=True), _b_ggb),
    LocalYaku(_row("nanboku_sensou", 1, None, lambda f: True,
        yakuman=True, forms=frozenset({"nanboku_sensou"})), _b_nanboku),
    LocalYaku(_row("touhoku_jidoushadou", 1, 1, lambda f: f.kinds <= _TOUHOKU,
        yakuman=True)),
    LocalYaku(_row("touhoku_shinkansen", 1, None,
        lambda f: f.ittsu_suit >= 0
        and ((f.pair == _E and _N in f.trips) or (f.pair == _N and _E in f.trips)),
        yakuman=True), _b_shinkansen),
    LocalYaku(_row("aonodoumon", 1, 1,
        lambda f: len(f.trips) == 4 and f.kinds <= _AONO
        and sum(1 for w in WINDS if w in f.kinds) == 1,
        yakuman=True)),
    LocalYaku(_row("chousangen", 2, 2, lambda f: all(d in f.kans for d in DRAGONS),
        yakuman=True,
        supersedes=("daisangen",), needs=("three_kans", "haku", "hatsu", "chun"))),
    LocalYaku(_row("daichisei", 2, None, _is_daichisei,
        yakuman=True,
        supersedes=("tsuuiisou", "sangen_chiitoitsu", "suushi_chiitoitsu"),
        needs=("chiitoitsu", "all_honours"))),
    LocalYaku(_row("junsei_ryuuiisou", 2, 2, lambda f: f.kinds <= _JUNSEI_GREEN,
        yakuman=True,
        supersedes=("ryuuiisou",))),
    LocalYaku(_row("chousuushi", 4, 4, lambda f: all(w in f.kans for w in WINDS),
        yakuman=True,
        supersedes=("daisuushii", "suukantsu"), needs=("three_kans", "four_winds")), _b_chousuushi))
"""Every local yaku Tenpai knows, in its index order, with its default values."""
# fmt: on

LOCAL_IDS: tuple[str, ...] = tuple(ly.row.id for ly in LOCAL_YAKU)
"""The ids of the local yaku, in the index order."""

LOCAL_BY_ID: dict[str, LocalYaku] = {ly.row.id: ly for ly in LOCAL_YAKU}


def local_yaku_row(yaku_id: str) -> Yaku | None:
    """Gets the row of the local yaku *yaku_id* with its default values (None if unknown).

    >>> local_yaku_row("chousangen").closed, local_yaku_row("kinkei_dokuritsu").limit
    (2, 'mangan')
    """
    ly = LOCAL_BY_ID.get(yaku_id)
    return ly.row if ly is not None else None


def local_variants(yaku_id: str) -> tuple[Variant, ...]:
    """Gets the variants (options) of the local yaku *yaku_id* (empty if none or unknown)."""
    ly = LOCAL_BY_ID.get(yaku_id)
    return ly.variants if ly is not None else ()


def local_rows(rules: Ruleset) -> tuple[Yaku, ...]:
    """Gets the rows of the local yaku that *rules* enable, with its variant values.

    :raises RulesError: on an unknown id (see :func:`check_local_ids`).

    >>> rules = find_rules("bareme").with_options(local_yaku="chousuushi",
    ...                                           local_options={"chousuushi.multiple": 3})
    >>> [(y.id, y.closed) for y in local_rows(rules)]
    [('chousuushi', 3)]
    """
    check_local_ids(rules.local_yaku)
    rows: list[Yaku] = []
    for ly in LOCAL_YAKU:
        if ly.row.id in rules.local_yaku:
            build = ly.build or _same
            rows.extend(build(ly.row, _Opts(rules, ly.row.id)))
    return tuple(dict.fromkeys(rows))


def local_min_han(rules: Ruleset, sit: Situation, inputs: LocalInputs) -> int:
    """Gets the han of yaku a win needs under the local rules (2 for a paarenchan streak past
    ``ryanhan_after`` wins, riichi wiki: Paarenchan; else 1)."""
    if "paarenchan" not in rules.local_yaku:
        return 1
    o = _Opts(rules, "paarenchan")
    after = o("ryanhan_after")
    streak = o("definition") == "consecutive_wins" or sit.is_dealer
    return 2 if after != "none" and streak and inputs.paarenchan_counter >= after else 1


# ---- maneman paid during play (riichi wiki: Maneman) ----------------------------------------


@dataclass(frozen=True, slots=True)
class ManemanAward:
    """A maneman paid during play: *imitated* (a seat wind, 27-30) pays *points* to
    *imitator* for copying his first *turns* discards (*limit* as a ron, no honba)."""

    imitator: int
    imitated: int
    turns: int
    limit: str
    points: int

    def as_dict(self) -> dict[str, Any]:
        """Writes the award as JSON-ready fields, the seats as winds (``E``...).

        >>> ManemanAward(28, 27, 5, "mangan", 8000).as_dict()["imitated"]
        'E'
        """
        return {
            "imitator": "ESWN"[self.imitator - 27],
            "imitated": "ESWN"[self.imitated - 27],
            "turns": self.turns,
            "limit": self.limit,
            "points": self.points,
        }


def maneman_awards(
    discards: Mapping[Any, Any], rules: Ruleset | str = "bareme"
) -> tuple[ManemanAward, ...]:
    """Gets the maneman payments due, from every player's discards so far.

    *discards* maps each seat wind (``E``...) to its discards, as in the ``discards`` flag
    (MPSZ text, or a list of tiles and ``{"tile", "called"}`` objects). Empty unless *rules*
    enable ``maneman`` with ``settlement = immediate`` (the default).

    :raises InvalidSituation: on a bad seat wind or tile.

    >>> rules = find_rules("bareme").with_options(local_yaku="maneman")
    >>> maneman_awards({"E": "1z9m7z1p4z", "S": "1z9m7z1p4z"}, rules)
    (ManemanAward(imitator=28, imitated=27, turns=5, limit='mangan', points=8000),)
    """
    rs = find_rules(rules) if isinstance(rules, str) else rules
    if "maneman" not in rs.local_yaku:
        return ()
    o = _Opts(rs, "maneman")
    if o("settlement") != "immediate":
        return ()
    by_wind = {parse_wind(w): parse_discards(d) for w, d in discards.items()}
    out: list[ManemanAward] = []
    for p in sorted(by_wind):
        tries = [
            (imitated_turns(by_wind[p], by_wind[q]), q)
            for q in sorted(by_wind)
            if q < p and (q == _E or not o("dealer_only"))
        ]
        turns, q = max(tries, default=(0, 0))
        limit = _maneman_limit(turns, o("turns"), o("escalation"))
        if limit is not None:
            points = ceil100(LIMITS[limit] * (6 if p == _E else 4))
            out.append(ManemanAward(p, q, turns, limit, points))
    return tuple(out)
