"""A dealer of realistic riichi winning hands, seeded and reproducible.

A hand is built the way games go: the situation first (seat and round winds, closed or open,
riichi, ron or tsumo, in the shares of real Tenhou games), then four sets and a pair drawn with
tuned weights, the winning tile picked by its wait, some sets called as melds or declared as
kans, then dora indicators, red fives, honba and riichi sticks. Every hand is checked: no fifth
tile anywhere (indicators included), a yaku, never a yakuman (the hand is re-dealt otherwise).
The weights were tuned with ``benchmarks/dealer_realism.py`` against the real wins of
``tests/data/tenhou-agari.jsonl.gz``; the figures are in ``docs/benchmarks.md``.

Every hand has an id that replays it exactly: ``riichi2:RULES:LEVEL:FOCUS:SEED``; the ids of
the earlier dealer (``riichi1:...``) replay into the hands it dealt.

>>> d = deal(7)
>>> d.id
'riichi2:bareme:intermediaire:any:7'
>>> replay(d.id) == d
True
>>> d.score.yakuman
()
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..analysis import KANCHAN, PENCHAN, RYANMEN, SHANPON, TANKI, is_complete, readings
from ..errors import TenpaiError, localized, msg
from ..hand import Hand, Meld
from ..tiles import (
    DRAGONS,
    EAST,
    NORTH,
    NUM_KINDS,
    SOUTH,
    WEST,
    WINDS,
    Tile,
    dora_of,
    format_tiles,
    is_honor,
    is_terminal,
    kind,
    red_of,
    tile_name,
)
from ..trainer.dealing import DealError, format_id, split_id
from ..trainer.dealing import parse_level as _level
from .fu import meld_fu, round_fu
from .rules import Ruleset, find_rules, rules_spec
from .score import Score, score
from .situation import FLAG_NAMES, Situation
from .yaku import STANDARD_YAKU

__all__ = [
    "DEALER_VERSION",
    "FOCI",
    "Deal",
    "Weights",
    "deal",
    "deal_many",
    "deal_record",
    "hand_id",
    "parse_hand_id",
    "replay",
    "waits_of",
]

DEALER_VERSION = "riichi2"
"""The first field of every hand id: the dealer's algorithm and weights (bumped when they change,
so that an old id never replays into a different hand)."""


@dataclass(frozen=True, slots=True)
class _Version:
    """What a version of the dealer draws differently from the others."""

    fitted_slots: bool  # a recipe's slots drawn only among the choices that fit (_fitted)


_VERSIONS = {"riichi1": _Version(fitted_slots=False), "riichi2": _Version(fitted_slots=True)}
"""The versions :func:`replay` reads: ``riichi1`` drew every choice of a recipe's slots and
dealt again the hands the rules' tiles or the level's fu could not hold (sanshoku doukou of 1
or 9 at first steps, 50 fu; a set with 2m-8m at three players); ``riichi2`` draws only the
choices that fit. The draws of every version are seeded by the hand's coordinates written as
``riichi1`` wrote them, so a hand a change leaves alone keeps its tiles from one version to
the next."""
_SEEDED_AS = "riichi1"  # the version whose id form seeds the draws of every version

_SITUATION_YAKU = (
    "riichi",
    "ippatsu",
    "menzen_tsumo",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "double_riichi",
)
_SHAPE_YAKU = tuple(
    y.id for y in STANDARD_YAKU if not y.yakuman and y.card and y.id not in _SITUATION_YAKU
)
FOCI = ("any", "fu", "open", "closed", *_SITUATION_YAKU, *_SHAPE_YAKU)
"""What a deal may focus on: anything, fu (hands below 5 han), open or closed hands, one yaku."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The dealer's knobs. Shares come from the real Tenhou wins; the tile weights were tuned
    with ``benchmarks/dealer_realism.py`` so that han, fu and yaku frequencies match."""

    closed: float = 0.543  # share of closed hands
    riichi: float = 0.820  # riichi among closed hands
    tsumo_riichi: float = 0.417
    tsumo_dama: float = 0.300
    tsumo_open: float = 0.284
    ippatsu: float = 0.194  # among riichi hands
    double_riichi: float = 0.005  # among riichi hands
    dealer: float = 0.286
    round_winds: tuple[float, float, float] = (0.546, 0.449, 0.005)  # East, South, West
    chiitoitsu: float = 0.045  # among closed hands
    melds: tuple[float, float, float, float] = (0.474, 0.403, 0.119, 0.004)  # 1-4 calls
    # open hands: the yaku the hand is built for (yakuhai, tanyao, honitsu, toitoi, free)
    open_plans: tuple[float, float, float, float, float] = (0.60, 0.28, 0.05, 0.03, 0.04)
    seq_closed: float = 0.80  # a set is a sequence (else a triplet)
    seq_open: float = 0.80
    seq_edge: float = 0.85  # weight of 123 and 789 against 1 for the other starts
    # triplet kinds: simple, terminal, dragon, valued wind, other wind (weights per kind)
    trip: tuple[float, float, float, float, float] = (1.0, 0.6, 0.9, 0.9, 0.5)
    # pair kinds, same order
    pair: tuple[float, float, float, float, float] = (1.0, 0.85, 0.35, 0.3, 0.9)
    # waits of closed hands: ryanmen, kanchan, penchan, shanpon, tanki
    wait: tuple[float, float, float, float, float] = (5.0, 1.0, 0.6, 0.9, 0.6)
    kan: float = 0.05  # a triplet outside the winning set becomes a kan
    dora_kept: float = 0.10  # an indicator points at a tile of the hand (players keep dora)
    red_kept: float = 0.33  # a five of the hand is the red one, when the red is left
    honba: tuple[float, ...] = (0.643, 0.229, 0.081, 0.031, 0.016)
    sticks: tuple[float, ...] = (0.62, 0.30, 0.065, 0.015)  # sticks of other players
    # three players, from the 1,625 wins of 209 Tenhou sanma games (tests/test_sanma_logs.py):
    # the winner deals in 36.1 %, 66.9 % of the hands are closed, and 0-4 norths are set
    # aside as kita in these shares
    dealer_3p: float = 0.361
    closed_3p: float = 0.669
    kita: tuple[float, ...] = (0.356, 0.411, 0.186, 0.044, 0.003)
    haitei: float = 0.009  # among tsumo
    houtei: float = 0.008  # among ron
    rinshan: float = 0.25  # among tsumo with a kan
    chankan: float = 0.0005  # among ron


WEIGHTS = Weights()

# ---- hand ids ------------------------------------------------------------------------------


def hand_id(
    seed: int, level: str = "intermediaire", focus: str = "any", rules: str = "bareme"
) -> str:
    """Writes the id of a dealt hand: ``riichi2:RULES:LEVEL:FOCUS:SEED``.

    >>> hand_id(42, "expert", "fu", "tenhou")
    'riichi2:tenhou:expert:fu:42'
    """
    return format_id(DEALER_VERSION, seed, level, focus, rules)


def _read_id(text: str) -> tuple[str, int, str, str, str]:
    """Reads a hand id of any version :func:`replay` reads into ``(version, seed, level,
    focus, rules)``.

    :raises DealError: naming the version when it is a riichi dealer's this one does not
        know, else saying the form of an id.
    """
    version = text.strip().split(":", 1)[0]
    if version not in _VERSIONS:
        if version.startswith("riichi") and version[6:].isdigit():
            raise _unknown_version(text, version)
        version = DEALER_VERSION
    seed, level, focus, rules = split_id(text, version, "errors.deal.riichi_id")
    return version, seed, _level(level), _focus(focus), rules


def _unknown_version(text: str, version: str) -> DealError:
    return DealError.of(
        msg(
            "errors.riichi2.deal_version",
            text=text,
            version=version,
            known=", ".join(_VERSIONS),
        )
    )


def parse_hand_id(text: str) -> tuple[int, str, str, str]:
    """Reads a hand id, of this version or an earlier one, into ``(seed, level, focus,
    rules)``.

    :raises DealError: if *text* is not an id a riichi dealer of this Tenpai wrote.

    >>> parse_hand_id("riichi2:tenhou:expert:fu:42"), parse_hand_id("riichi1:bareme:debutant:any:3")
    ((42, 'expert', 'fu', 'tenhou'), (3, 'debutant', 'any', 'bareme'))
    """
    return _read_id(text)[1:]


def _focus(focus: str | None) -> str:
    f = (focus or "any").strip().lower().removeprefix("yaku:")
    if f not in FOCI:
        raise DealError.of(msg("errors.riichi2.deal_unknown_focus", focus=focus))
    return f


# ---- the dealt hand ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """A dealt winning hand: its *id*, *hand*, *situation*, *rules*, and how it was asked for.

    *score* is the expected result (the dealer scored the hand under its rules).
    """

    id: str
    hand: Hand
    situation: Situation
    rules: Ruleset
    seed: int
    level: str
    focus: str
    score: Score = field(compare=False, repr=False)
    variant: str = "riichi"


def waits_of(hand: Hand) -> tuple[int, ...]:
    """Lists the kinds that complete *hand* once its winning tile is taken out (its waits).

    A kind of which the hand already holds four copies is no wait.

    >>> [tile_name(k) for k in waits_of(Hand.parse("234m678p45667s88s ron 5s"))]
    ['5s', '8s']
    """
    counts = [0] * NUM_KINDS
    for t in hand.concealed:
        counts[kind(t)] += 1
    held = list(counts)
    for m in hand.melds:
        for t in m.tiles:
            held[kind(t)] += 1
    out: list[int] = []
    for k in range(NUM_KINDS):
        if held[k] >= 4:
            continue
        counts[k] += 1
        if is_complete(counts):
            out.append(k)
        counts[k] -= 1
    return tuple(out)


# ---- drawing ---------------------------------------------------------------------------------

_Group = tuple[bool, int]  # (is a sequence, first kind)
_SIMPLES = frozenset(k for k in range(27) if not is_terminal(k))


def _pick(rng: random.Random, weights: Sequence[float]) -> int:
    return rng.choices(range(len(weights)), weights=weights)[0]


def _category(k: int, valued: frozenset[int]) -> int:
    if k in DRAGONS:
        return 2
    if k in WINDS:
        return 3 if k in valued else 4
    return 1 if is_terminal(k) else 0


@dataclass(frozen=True, slots=True)
class _Plan:
    """What to build: constraints from the level, the focus and the open-hand plan."""

    kinds: frozenset[int] | None = None  # kinds allowed in the hand
    seq: float | None = None  # share of sequences (None: the weights')
    forced: Callable[[Situation, random.Random], list[_Group]] | None = None
    forced_pair: Callable[[Situation, random.Random], int] | None = None
    chiitoitsu: bool | None = None
    ryanmen_only: bool = False
    kans: int = 0
    edge_only: bool = False  # sequences 123 and 789 only (chanta, junchan)
    accept: Callable[[Score], bool] | None = None


def _has(yaku: str) -> Callable[[Score], bool]:
    return lambda s: any(y.id == yaku for y in s.yaku)


_YAOCHUU = frozenset(k for k in range(NUM_KINDS) if is_terminal(k) or is_honor(k))
_TERMINAL_KINDS = frozenset(k for k in range(27) if is_terminal(k))


def _one_suit(rng: random.Random, honors: bool) -> frozenset[int]:
    s = rng.randrange(3)
    kinds = set(range(9 * s, 9 * s + 9))
    if honors:
        kinds |= set(range(27, 34))
    return frozenset(kinds)


def _seqs(*starts: int) -> list[_Group]:
    return [(True, k) for k in starts]


_STARTS = tuple(9 * s + n for s in range(3) for n in range(7))
_Forced = Callable[[Situation, random.Random], list[_Group]]


# The groups a recipe forces into the hand, as data: slots, each a choice of group lists, one
# drawn per build (by the seeded generator, none when a slot has one choice)
_Slot = tuple[tuple[_Group, ...], ...]


@dataclass(frozen=True, slots=True)
class _Recipe:
    """How to build a hand that likely has one yaku (the dealt hand is then checked): the
    kinds allowed (*kinds*, or with *one_suit* a suit drawn for each plan, honours included
    when True), the share of sequences *seq*, the *kans*, sequences 123 and 789 only
    (*edge_only*), ryanmen waits only, seven pairs, and the groups forced into the hand
    (*slots*, or *forced* for groups of the situation's winds); *dragons*: two dragon
    triplets and the pair of the third dragon (shousangen)."""

    kinds: frozenset[int] | None = None
    one_suit: bool | None = None
    seq: float | None = None
    kans: int = 0
    edge_only: bool = False
    ryanmen_only: bool = False
    chiitoitsu: bool | None = None
    slots: tuple[_Slot, ...] = ()
    forced: _Forced | None = None
    dragons: bool = False


def _drawn(slots: tuple[_Slot, ...]) -> _Forced:
    """Draws a choice of each slot, in order."""

    def draw(s: Situation, r: random.Random) -> list[_Group]:
        out: list[_Group] = []
        for slot in slots:
            out.extend(slot[0] if len(slot) == 1 else slot[r.randrange(len(slot))])
        return out

    return draw


_SEQ_PAIRS: _Slot = tuple(((True, k), (True, k)) for k in _STARTS)  # iipeikou's two sequences

_RECIPES: dict[str, _Recipe] = {
    "tanyao": _Recipe(kinds=_SIMPLES),
    "pinfu": _Recipe(seq=1.0, ryanmen_only=True),
    "honitsu": _Recipe(one_suit=True),
    "chinitsu": _Recipe(one_suit=False),
    "toitoi": _Recipe(seq=0.0),
    "sanankou": _Recipe(seq=0.1),
    "sankantsu": _Recipe(seq=0.0, kans=3),
    "honroutou": _Recipe(seq=0.0, kinds=_YAOCHUU),
    "chanta": _Recipe(kinds=_YAOCHUU | frozenset(range(27)), edge_only=True),
    "junchan": _Recipe(kinds=frozenset(range(27)), edge_only=True, seq=0.85),
    "chiitoitsu": _Recipe(chiitoitsu=True),
    "yakuhai_haku": _Recipe(slots=((((False, 31),),),)),
    "yakuhai_hatsu": _Recipe(slots=((((False, 32),),),)),
    "yakuhai_chun": _Recipe(slots=((((False, 33),),),)),
    "yakuhai_seat": _Recipe(forced=lambda s, r: [(False, s.seat_wind)]),
    "yakuhai_round": _Recipe(forced=lambda s, r: [(False, s.round_wind)]),
    "shousangen": _Recipe(dragons=True),
    "sanshoku_doujun": _Recipe(slots=(tuple(tuple(_seqs(n, n + 9, n + 18)) for n in range(7)),)),
    "sanshoku_doukou": _Recipe(
        slots=(tuple(((False, n), (False, n + 9), (False, n + 18)) for n in range(9)),)
    ),
    "ittsu": _Recipe(slots=(tuple(tuple(_seqs(b, b + 3, b + 6)) for b in (0, 9, 18)),)),
    "iipeikou": _Recipe(slots=(_SEQ_PAIRS,)),
    "ryanpeikou": _Recipe(slots=(_SEQ_PAIRS, _SEQ_PAIRS)),
}
"""The recipe of each yaku the drill deals on purpose, by yaku id (a yaku without one is
dealt by the weights alone, then checked)."""

_PLAIN = _Recipe()


def _dragon_triplets() -> tuple[_Forced, Callable[[Situation, random.Random], int]]:
    """Two dragon triplets and the third dragon as the pair, shuffled anew at each build
    (one list per plan: each build shuffles the order the last one left)."""
    d = list(DRAGONS)

    def two(s: Situation, r: random.Random) -> list[_Group]:
        r.shuffle(d)
        return [(False, d[0]), (False, d[1])]

    return two, lambda s, r: d[2]


def _shape_plan(focus: str, r: _Recipe, rng: random.Random) -> _Plan:
    """Gets the construction that makes the yaku *focus* likely (it is then checked), from
    its recipe *r* (of :data:`_RECIPES`)."""
    kinds = _one_suit(rng, r.one_suit) if r.one_suit is not None else r.kinds
    forced, forced_pair = (r.forced, None) if not r.dragons else _dragon_triplets()
    if r.slots:
        forced = _drawn(r.slots)
    return _Plan(
        kinds=kinds,
        seq=r.seq,
        forced=forced,
        forced_pair=forced_pair,
        chiitoitsu=r.chiitoitsu,
        ryanmen_only=r.ryanmen_only,
        kans=r.kans,
        edge_only=r.edge_only,
        accept=_has(focus),
    )


@dataclass(frozen=True, slots=True)
class _Shape:
    """The situation drawn before the tiles: how the hand is played and won."""

    closed: bool
    riichi: bool
    tsumo: bool
    ippatsu: bool
    double_riichi: bool
    seat_wind: int
    round_wind: int


class _Redo(Exception):
    """Raised inside a draw that ran into a fifth tile or an impossible shape: draw again."""


class _Dealer:
    """Draws one hand from a seeded generator (kept apart so that a draw is one method)."""

    def __init__(self, rng: random.Random, rules: Ruleset, w: Weights) -> None:
        self.rng = rng
        self.rules = rules
        self.w = w

    # -- situation ---------------------------------------------------------------------------
    def situation_shape(self, closed: bool | None, focus: str) -> _Shape:
        rng, w = self.rng, self.w
        if focus in (
            "riichi",
            "ippatsu",
            "double_riichi",
            "menzen_tsumo",
            "pinfu",
            "iipeikou",
            "ryanpeikou",
            "chiitoitsu",
        ):
            closed = True
        if closed is None:
            closed = rng.random() < (w.closed_3p if self.rules.players == 3 else w.closed)
        riichi = closed and rng.random() < w.riichi
        if focus in ("riichi", "ippatsu", "double_riichi"):
            riichi = True
        if riichi:
            tsumo = rng.random() < w.tsumo_riichi
        elif closed:
            tsumo = rng.random() < w.tsumo_dama
        else:
            tsumo = rng.random() < w.tsumo_open
        if focus in ("menzen_tsumo", "haitei", "rinshan"):
            tsumo = True
        if focus in ("houtei", "chankan"):
            tsumo = False
        ippatsu = riichi and self.rules.ippatsu and (focus == "ippatsu" or rng.random() < w.ippatsu)
        double = (
            riichi
            and self.rules.double_riichi
            and (focus == "double_riichi" or rng.random() < w.double_riichi)
        )
        if self.rules.players == 3:  # East, South and West seats only
            seat = EAST if rng.random() < w.dealer_3p else rng.choice(WINDS[1:3])
        else:
            seat = EAST if rng.random() < w.dealer else rng.choice(WINDS[1:])
        rnd = (EAST, SOUTH, WEST)[_pick(rng, w.round_winds)]
        return _Shape(closed, riichi, tsumo, ippatsu, double, seat, rnd)

    # -- sets and pair -------------------------------------------------------------------------
    def kind_weight(self, k: int, table: Sequence[float], valued: frozenset[int]) -> float:
        return table[_category(k, valued)]

    def draw_sets(self, plan: _Plan, shape: _Shape, open_plan: int) -> tuple[list[_Group], int]:
        rng, w = self.rng, self.w
        sit_valued = frozenset({shape.seat_wind, shape.round_wind})
        kinds: frozenset[int] = plan.kinds if plan.kinds is not None else frozenset(range(34))
        if self.rules.players == 3:
            kinds = kinds & _SANMA_KINDS
        seq_p = plan.seq if plan.seq is not None else (w.seq_closed if shape.closed else w.seq_open)
        groups: list[_Group] = []
        pair = -1
        counts = [0] * NUM_KINDS
        sit = Situation(seat_wind=shape.seat_wind, round_wind=shape.round_wind)
        if plan.forced is not None:
            groups.extend(plan.forced(sit, rng))
        if plan.forced_pair is not None:
            pair = plan.forced_pair(sit, rng)
        # open-hand plans: yakuhai, tanyao, honitsu, toitoi, free
        if open_plan == 0:
            value = [*DRAGONS, *sorted(sit_valued)]
            groups.append((False, rng.choice(value)))
        elif open_plan == 1:
            kinds = kinds & _SIMPLES
        elif open_plan == 2:
            kinds = kinds & _one_suit(rng, True)
        elif open_plan == 3:
            seq_p = 0.0
        for is_seq, k in groups:
            for kk in (k, k + 1, k + 2) if is_seq else (k, k, k):
                counts[kk] += 1
        if pair >= 0:
            counts[pair] += 2
        starts = [k for k in _STARTS if k in kinds and k + 2 in kinds and k + 1 in kinds]
        if plan.edge_only:
            starts = [k for k in starts if k % 9 in (0, 6)]
        start_w = [w.seq_edge if k % 9 in (0, 6) else 1.0 for k in starts]
        trips = sorted(kinds)
        trip_w = [self.kind_weight(k, w.trip, sit_valued) for k in trips]
        if plan.edge_only:
            trip_w = [x if k in _YAOCHUU else 0.0 for k, x in zip(trips, trip_w, strict=True)]
        tries = 0
        while len(groups) < 4:
            tries += 1
            if tries > 60:
                raise _Redo
            if starts and rng.random() < seq_p:
                k = rng.choices(starts, weights=start_w)[0]
                if counts[k] >= 4 or counts[k + 1] >= 4 or counts[k + 2] >= 4:
                    continue
                counts[k] += 1
                counts[k + 1] += 1
                counts[k + 2] += 1
                groups.append((True, k))
            else:
                if not any(trip_w):
                    raise _Redo
                k = rng.choices(trips, weights=trip_w)[0]
                if counts[k] > 1:
                    continue
                counts[k] += 3
                groups.append((False, k))
        if pair < 0:
            pair_w = [
                self.kind_weight(k, w.pair, sit_valued) if counts[k] <= 2 else 0.0 for k in trips
            ]
            if plan.edge_only:
                pair_w = [x if k in _YAOCHUU else 0.0 for k, x in zip(trips, pair_w, strict=True)]
            if not any(pair_w):
                raise _Redo
            pair = rng.choices(trips, weights=pair_w)[0]
            counts[pair] += 2
        if counts[pair] > 4:
            raise _Redo
        rng.shuffle(groups)
        return groups, pair

    def draw_pairs(self, shape: _Shape) -> list[int]:
        rng, w = self.rng, self.w
        valued = frozenset({shape.seat_wind, shape.round_wind})
        kinds = sorted(_SANMA_KINDS) if self.rules.players == 3 else list(range(NUM_KINDS))
        weights = [self.kind_weight(k, w.pair, valued) for k in kinds]
        chosen: list[int] = []
        while len(chosen) < 7:
            k = rng.choices(kinds, weights=weights)[0]
            if k not in chosen:
                chosen.append(k)
        return chosen


def _wait_options(groups: Sequence[_Group], pair: int) -> list[tuple[int, int, str]]:
    """Lists (set index or -1 for the pair, winning kind, wait) for every way to win."""
    out: list[tuple[int, int, str]] = [(-1, pair, TANKI)]
    for i, (is_seq, k) in enumerate(groups):
        if not is_seq:
            out.append((i, k, SHANPON))
            continue
        n = k % 9
        out.append((i, k + 1, KANCHAN))
        out.append((i, k, PENCHAN if n == 6 else RYANMEN))
        out.append((i, k + 2, PENCHAN if n == 0 else RYANMEN))
    return out


_WAIT_INDEX = {RYANMEN: 0, KANCHAN: 1, PENCHAN: 2, SHANPON: 3, TANKI: 4}


def _prev_kind(k: int) -> int:
    """Gets the indicator kind whose dora is *k*."""
    for i in range(NUM_KINDS):
        if dora_of(i) == k:
            return i
    raise AssertionError(k)  # pragma: no cover


_PREV = tuple(_prev_kind(k) for k in range(NUM_KINDS))
_SANMA_KINDS = frozenset(k for k in range(NUM_KINDS) if not 1 <= k <= 7)  # no 2m to 8m
_PREV_3P = tuple(0 if k == 8 else p for k, p in enumerate(_PREV))  # 1m indicates 9m


def _build(
    d: _Dealer, plan: _Plan, shape: _Shape, level: str, focus: str
) -> tuple[Hand, Situation]:
    """Draws the tiles for a situation *shape*; raises _Redo when the draw fails."""
    rng, w, rules = d.rng, d.w, d.rules
    closed: bool = shape.closed
    tsumo: bool = shape.tsumo
    chiitoi = plan.chiitoitsu
    if chiitoi is None:
        chiitoi = closed and plan.forced is None and rng.random() < w.chiitoitsu
    melds: list[Meld] = []
    # kinds of each unit (set or pair) in the hand: list of kind tuples; the meld flag per unit
    units: list[tuple[int, ...]] = []
    meld_of: list[str | None] = []
    win_unit = 0
    win_kind = 0
    if chiitoi:
        pairs = d.draw_pairs(shape)
        units = [(k, k) for k in pairs]
        meld_of = [None] * 7
        win_unit = rng.randrange(7)
        win_kind = pairs[win_unit]
    else:
        open_plan = -1 if closed else _pick(rng, w.open_plans)
        groups, pair = d.draw_sets(plan, shape, open_plan)
        options = _wait_options(groups, pair)
        if plan.ryanmen_only:
            options = [o for o in options if o[2] == RYANMEN]
            if not options:
                raise _Redo
        n_melds = 0
        if not closed:
            n_melds = 1 + _pick(rng, w.melds)
            if n_melds == 4:
                options = [o for o in options if o[0] == -1]
        weights = [w.wait[_WAIT_INDEX[o[2]]] for o in options]
        gi, win_kind, _wait = rng.choices(options, weights=weights)[0]
        units = [(k, k + 1, k + 2) if s else (k, k, k) for s, k in groups] + [(pair, pair)]
        meld_of = [None] * 5
        win_unit = 4 if gi == -1 else gi
        others = [i for i in range(4) if i != win_unit]
        rng.shuffle(others)
        if rules.players == 3:  # no chi: only triplets are called
            others = [i for i in others if not groups[i][0]]
            if len(others) < n_melds:
                raise _Redo
        for i in others[:n_melds]:
            meld_of[i] = "chi" if groups[i][0] else "pon"
        # kans: a triplet outside the winning set (an ankan keeps a closed hand closed)
        kan_p = w.kan * (4 if level == "expert" else 1)
        want_kans = plan.kans
        for i in range(4):
            if i == win_unit or groups[i][0]:
                continue
            if want_kans > 0 or (level != "debutant" and rng.random() < kan_p):
                want_kans -= 1
                if meld_of[i] == "pon":
                    meld_of[i] = rng.choice(("daiminkan", "shouminkan", "shouminkan"))
                else:
                    meld_of[i] = "ankan"
                units[i] = units[i] + (units[i][0],)
        if want_kans > 0:
            raise _Redo
    # physical tiles and red fives
    used = [0] * NUM_KINDS
    for u in units:
        for k in u:
            used[k] += 1
    if max(used) > 4:
        raise _Redo
    red_left = list(rules.max_red)
    tiles: list[list[Tile]] = [list(u) for u in units]
    fives = [(i, j) for i, u in enumerate(tiles) for j, k in enumerate(u) if k in (4, 13, 22)]
    rng.shuffle(fives)
    reds = 0
    for i, j in fives:
        s = tiles[i][j] // 9
        if red_left[s] > 0 and rng.random() < w.red_kept:
            red = red_of(tiles[i][j])
            assert red is not None
            tiles[i][j] = red
            red_left[s] -= 1
            reds += 1
    for i, j in fives:  # the set holds 4 - max_red plain fives of a suit: more are red
        k = tiles[i][j]
        if k >= 34:  # red already
            continue
        s = k // 9
        if used[k] - (rules.max_red[s] - red_left[s]) > 4 - rules.max_red[s]:
            red = red_of(k)
            assert red is not None
            tiles[i][j] = red
            red_left[s] -= 1
            reds += 1
    # the winning tile
    wt_index = next(j for j, t in enumerate(units[win_unit]) if t == win_kind)
    win_tile = tiles[win_unit][wt_index]
    concealed: list[Tile] = []
    for i, ts in enumerate(tiles):
        mtype = meld_of[i]
        if mtype is None:
            rest = list(ts)
            if i == win_unit:
                rest.pop(wt_index)
            concealed.extend(rest)
            continue
        if mtype == "ankan":
            melds.append(Meld("ankan", tuple(ts), 0))
            continue
        called = rng.randrange(len(ts))
        order = (ts[called], *(t for j, t in enumerate(ts) if j != called))
        rel = 3 if mtype == "chi" else rng.choice((1, 2, 3))
        melds.append(Meld(mtype, order, rel))
    kita = 0
    if rules.players == 3 and rules.kita:  # norths set aside, as many as are left
        kita = min(_pick(rng, w.kita), 4 - used[NORTH])
        used[NORTH] += kita
    hand = Hand(tuple(concealed), tuple(melds), win_tile, tsumo, kita)
    # dora and ura indicators from what is left of the 136 tiles (108 at three players)
    n_kans = sum(1 for m in melds if m.is_kan)
    n_ind = 1 + (n_kans if rules.kan_dora else 0)
    pool: list[Tile] = []
    for k in range(NUM_KINDS):
        if rules.players == 3 and k not in _SANMA_KINDS:
            continue
        left = 4 - used[k]
        red = red_of(k)
        if red is not None:
            s = k // 9
            n_red = red_left[s]
            pool.extend([red] * n_red)
            left -= n_red
        pool.extend([k] * max(0, left))
    hand_kinds = [k for u in units for k in u]
    indicators: list[Tile] = []
    for _ in range(n_ind):
        t: Tile
        if rng.random() < w.dora_kept:
            target = (_PREV_3P if rules.players == 3 else _PREV)[rng.choice(hand_kinds)]
            cands = [x for x in pool if kind(x) == target]
            t = rng.choice(cands) if cands else rng.choice(pool)
        else:
            t = rng.choice(pool)
        pool.remove(t)
        indicators.append(t)
    riichi: bool = shape.riichi
    ura: list[Tile] = []
    if riichi:
        for _ in range(n_ind):
            t = rng.choice(pool)
            pool.remove(t)
            ura.append(t)
    # late-game and kan flags
    has_kan = n_kans > 0
    # a kan after riichi ends ippatsu, so a rinshan win is never ippatsu (EMA rules, ippatsu)
    rinshan = (
        tsumo and has_kan and (focus == "rinshan" or rng.random() < w.rinshan) and not shape.ippatsu
    )
    haitei = tsumo and not rinshan and (focus == "haitei" or rng.random() < w.haitei)
    chankan = (
        not tsumo
        and used[win_kind] == 1
        and (focus == "chankan" or rng.random() < w.chankan)
        and all(kind(x) != win_kind for x in indicators)
    )
    houtei = not tsumo and not chankan and (focus == "houtei" or rng.random() < w.houtei)
    honba = _pick(rng, w.honba)
    sticks = (1 if riichi else 0) + _pick(rng, w.sticks)
    sit = Situation(
        seat_wind=shape.seat_wind,
        round_wind=shape.round_wind,
        riichi=riichi,
        double_riichi=shape.double_riichi,
        ippatsu=shape.ippatsu,
        rinshan=rinshan,
        chankan=chankan,
        haitei=haitei,
        houtei=houtei,
        dora_indicators=tuple(indicators),
        ura_indicators=tuple(ura) if rules.ura_dora else (),
        honba=honba,
        riichi_sticks=sticks,
        discarder=None if tsumo else rng.choice((1, 2) if rules.players == 3 else (1, 2, 3)),
    )
    return hand, sit


# The fu of the hands a level deals (every fu when not named): first steps deal closed hands
# of the common fu only
_LEVEL_FU = {"debutant": (20, 25, 30, 40)}


def _level_ok(level: str, hand: Hand, s: Score) -> bool:
    if level == "debutant":
        return hand.is_closed and not hand.melds and s.fu in _LEVEL_FU[level]
    if level == "expert":
        if any(m.is_kan for m in hand.melds):
            return True
        distinct = {(r.wait, r.decomposition) for r in readings(hand)}
        return len(distinct) > 1 or len(waits_of(hand)) >= 3
    return True


def _focus_ok(focus: str, plan: _Plan, hand: Hand, s: Score) -> bool:
    if focus == "any":
        return True
    if focus == "fu":
        return s.limit is None and s.fu is not None and s.fu != 25
    if focus == "open":
        return not hand.is_closed
    if focus == "closed":
        return hand.is_closed
    if plan.accept is not None:
        return plan.accept(s)
    return _has(focus)(s)


# why a level cannot focus on a yaku: the catalogue's errors.deal.why.<reason>
_CANNOT = {
    ("debutant", "open"): "closed_only",
    ("debutant", "rinshan"): "no_kan",
    ("debutant", "sankantsu"): "no_kan",
    ("debutant", "toitoi"): "toitoi_fu",
    ("debutant", "honroutou"): "honroutou_fu",
    ("expert", "chiitoitsu"): "one_reading",
}


def _group_tiles(groups: Sequence[_Group]) -> list[int]:
    return [t for is_seq, k in groups for t in ((k, k + 1, k + 2) if is_seq else (k, k, k))]


def _forced_choices(recipe: _Recipe) -> Iterator[list[_Group]]:
    """Lists every set of groups the slots of *recipe* can force into a hand."""
    for choice in itertools.product(*recipe.slots):
        yield [g for groups in choice for g in groups]


def _least_closed_fu(groups: Sequence[_Group]) -> int:
    """Gets the fewest fu of a closed hand holding *groups* (the card's fu rules): 20, and a tsumo's
    2 or a closed ron's 10, and each triplet's as a concealed one (on a ron, the one the
    winning tile completes counts as open: half)."""
    trips = [meld_fu(k, quad=False, concealed=True) for is_seq, k in groups if not is_seq]
    if not trips:
        return 20
    return round_fu(min(22 + sum(trips), 30 + sum(trips) - max(trips) // 2))


def _held(recipe: _Recipe, rules: Ruleset) -> frozenset[int]:
    """Gets the kinds a hand of *recipe* may hold under *rules* (no 2m to 8m at three
    players)."""
    held = _SANMA_KINDS if rules.players == 3 else frozenset(range(NUM_KINDS))
    return held if recipe.kinds is None else held & recipe.kinds


def _fits(groups: Sequence[_Group], held: frozenset[int], level: str) -> bool:
    """Tells whether some hand holding *groups* can be dealt: their tiles among *held*, and
    for a level dealing only some fu (closed hands), worth so few (the fewest fu only grow
    with more groups: a choice that does not fit alone fits in no hand)."""
    fus = _LEVEL_FU.get(level)
    return set(_group_tiles(groups)) <= held and (
        fus is None or _least_closed_fu(groups) <= max(fus)
    )


def _fitted(recipe: _Recipe, rules: Ruleset, level: str) -> _Recipe:
    """Keeps of each slot of *recipe* the choices that fit (:func:`_fits`) a hand of *rules*
    at *level* (the dealer of ``riichi2`` on; ``riichi1`` drew them all). A slot left with no
    choice is kept whole: :func:`_check_dealable` refuses its focus first."""
    held = _held(recipe, rules)
    slots = tuple(tuple(c for c in slot if _fits(c, held, level)) or slot for slot in recipe.slots)
    return dataclasses.replace(recipe, slots=slots) if slots != recipe.slots else recipe


def _check_dealable(recipe: _Recipe, rules: Ruleset, level: str, focus: str) -> None:
    """Checks, from the groups *recipe* forces, that some hand of them can be dealt: the
    tiles of some choice in the set *rules* play with (no 2m to 8m at three players) and,
    for a level dealing only some fu (closed hands), worth so few.

    :raises DealError: naming the tiles the set lacks, or the fu.
    """
    if not recipe.slots:
        return
    held = _held(recipe, rules)
    fits, lacking = [], set()
    for groups in _forced_choices(recipe):
        tiles = _group_tiles(groups)
        lacks = set(tiles) - held
        lacking |= lacks
        if not lacks and all(tiles.count(k) <= 4 for k in tiles):
            fits.append(groups)
    if not fits:
        raise DealError.of(
            msg(
                "errors.riichi2.deal_no_tiles",
                rules=rules.name,
                focus=focus,
                tiles=format_tiles(sorted(lacking)),
            )
        )
    fus = _LEVEL_FU.get(level)
    if fus is not None:
        least = min(_least_closed_fu(groups) for groups in fits)
        if least > max(fus):
            raise DealError.of(
                msg(
                    "errors.riichi2.deal_level_fu",
                    level=level,
                    focus=focus,
                    rules=rules.name,
                    most=max(fus),
                    fu=least,
                )
            )


def _deal_with(
    rng: random.Random, rules: Ruleset, level: str, focus: str, w: Weights, version: str
) -> tuple[Hand, Situation, Score]:
    why = _CANNOT.get((level, focus))
    if why is not None:
        raise DealError.of(
            msg(
                "errors.riichi2.deal_level_focus",
                level=level,
                focus=focus,
                why=localized(f"errors.deal.why.{why}"),
            )
        )
    row = next((y for y in STANDARD_YAKU if y.id == focus), None)
    if row is not None and row.gate is not None and not getattr(rules, row.gate):
        raise DealError.of(msg("errors.riichi2.deal_not_played", rules=rules.name, focus=focus))
    recipe = _RECIPES.get(focus, _PLAIN)
    if focus in _SHAPE_YAKU:
        _check_dealable(recipe, rules, level, focus)
        if _VERSIONS[version].fitted_slots:
            recipe = _fitted(recipe, rules, level)
    d = _Dealer(rng, rules, w)
    closed: bool | None = None
    if level == "debutant" or focus == "closed":
        closed = True
    elif focus == "open":
        closed = False
    for _ in range(2000):
        shape = d.situation_shape(closed, focus)
        plan = _shape_plan(focus, recipe, rng) if focus in _SHAPE_YAKU else _Plan()
        if plan.chiitoitsu or focus in ("pinfu", "iipeikou", "ryanpeikou"):
            shape = dataclasses.replace(shape, closed=True)
        for _ in range(25):  # keep the situation, draw the tiles again
            try:
                hand, sit = _build(d, plan, shape, level, focus)
                s = score(hand, sit, rules)
            except (_Redo, TenpaiError):
                continue
            if s.yakuman or s.limit == "kazoe_yakuman":
                continue
            if not _level_ok(level, hand, s) or not _focus_ok(focus, plan, hand, s):
                break  # draw a new situation too
            return hand, sit, s
    raise DealError.of(msg("errors.riichi2.deal_failed", level=level, focus=focus))


def deal(
    seed: int,
    level: str = "intermediaire",
    focus: str | None = "any",
    rules: str | Ruleset = "bareme",
    *,
    weights: Weights = WEIGHTS,
    version: str = DEALER_VERSION,
) -> Deal:
    """Deals the winning hand of *seed* for *level*, *focus* and *rules*: a preset name, a
    ruleset line of :func:`~tenpai.riichi.rules.rules_spec` or a :class:`Ruleset` (any
    options, local yaku included: the id carries its line); as the dealer of *version* dealt
    it (an earlier one's, for its ids to replay).

    The same arguments always give the same hand; :func:`replay` reads them back from the id.

    >>> d = deal(3, rules="bareme+local_yaku=sanrenkou")
    >>> d.id, replay(d.id).rules.local_yaku
    ('riichi2:bareme+local_yaku=sanrenkou:intermediaire:any:3', frozenset({'sanrenkou'}))

    :raises DealError: on an unknown level, focus or version, or a focus the rules make
        impossible;
    :raises RulesError: on an unknown preset or option.
    """
    lv, fc = _level(level), _focus(focus)
    ruleset = find_rules(rules if isinstance(rules, str) else rules_spec(rules))
    name = ruleset.name
    rid = format_id(version, seed, lv, fc, name)
    if version not in _VERSIONS:
        raise _unknown_version(rid, version)
    rng = random.Random(format_id(_SEEDED_AS, seed, lv, fc, name))
    hand, sit, s = _deal_with(rng, ruleset, lv, fc, weights, version)
    return Deal(rid, hand, sit, ruleset, seed, lv, fc, s)


def replay(hid: str) -> Deal:
    """Deals again the hand of the id *hid*, as the dealer of its version dealt it.

    >>> old = replay("riichi1:bareme:debutant:sanshoku_doukou:2")
    >>> old.id, old.hand.format()
    ('riichi1:bareme:debutant:sanshoku_doukou:2', '666m666p2256667s tsumo 6s')
    >>> replay("riichi2:bareme:debutant:sanshoku_doukou:2").hand.format()
    '3344m333p333789s tsumo 3m'

    :raises DealError: if *hid* is not a hand id, or was written by a version of the dealer
        this Tenpai does not know (named).
    """
    version, seed, level, focus, rules = _read_id(hid)
    return deal(seed, level, focus, rules, version=version)


def deal_many(
    count: int,
    seed: int = 0,
    level: str = "intermediaire",
    focus: str | None = "any",
    rules: str = "bareme",
    *,
    weights: Weights = WEIGHTS,
) -> list[Deal]:
    """Deals *count* hands with the seeds *seed*, *seed* + 1, ..."""
    return [deal(seed + i, level, focus, rules, weights=weights) for i in range(count)]


# ---- records -----------------------------------------------------------------------------

_WIND_LETTER = {27: "E", 28: "S", 29: "W", 30: "N"}


def deal_record(d: Deal, *, expected: bool = True) -> dict[str, Any]:
    """Writes a dealt hand as an interchange record (docs/records.md), with its id and, when
    *expected*, the result that :func:`tenpai.riichi.records.score_record` gives for it."""
    from .records import score_record

    h, sit = d.hand, d.situation
    assert h.win_tile is not None
    flags = {name: True for name in FLAG_NAMES if getattr(sit, name)}
    rec: dict[str, Any] = {
        "id": d.id,
        "variant": d.variant,
        "rules": d.rules.name,
        "closed_tiles": format_tiles(h.closed_tiles),
        "win_tile": tile_name(h.win_tile),
        "melds": [
            {
                "type": m.type,
                "tiles": format_tiles(m.tiles),
                "called_tile": None if m.called_tile is None else tile_name(m.called_tile),
                "from_rel": m.from_rel,
            }
            for m in h.melds
        ]
        + [{"type": "kita", "tiles": "4z", "called_tile": None, "from_rel": 0}] * h.kita,
        "tsumo": h.tsumo,
        "seat_wind": _WIND_LETTER[sit.seat_wind],
        "round_wind": _WIND_LETTER[sit.round_wind],
        "dora_indicators": [tile_name(t) for t in sit.dora_indicators],
        "ura_dora_indicators": [tile_name(t) for t in sit.ura_indicators],
        "flags": flags,
        "round": {"honba": sit.honba, "riichi_sticks": sit.riichi_sticks},
    }
    if sit.discarder is not None:
        rec["discarder_from_rel"] = sit.discarder
    if expected:
        rec["expected"] = score_record(rec)
    return rec
