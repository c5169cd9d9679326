"""A dealer of legal Hong Kong old style winning hands, seeded and reproducible.

A hand is built as it is played: the seat and round winds, open or concealed, self-drawn or on
a discard first; then what the hand is built for (a half flush, all pungs, a dragon or wind
pung, all chows...), four sets and a pair drawn for it, the winning tile, the sets claimed
from discards (a chow always from the player on the left) or declared as kongs, the bonus tiles
the winner drew, and now and then a last tile, a kong replacement or a robbed kong. Every hand
is scored by :func:`tenpai.hk.score.score` and kept only when it is a legal win under the
rules (at least the minimum fan) and no limit hand (not even one the rules price as an ordinary
item); no kind appears five times.

Every hand has an id that replays it exactly: ``hk1:PROFILE:LEVEL:FOCUS:SEED``.

>>> d = deal(7)
>>> d.id
'hk1:hk:intermediaire:any:7'
>>> replay(d.id) == d, d.score.legal, d.score.limit
(True, True, None)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import TenpaiError, msg
from ..hand import Hand, Meld
from ..tiles import BONUS_TILES, DRAGONS, NUM_KINDS, WINDS, Tile, format_tiles, tile_name
from ..trainer.dealing import DealError, format_id, split_id
from ..trainer.dealing import parse_level as _level
from .fan import FAN_ROWS, row, row_scores, row_value
from .payment import SEAT_NAMES
from .records import score_record
from .rules import LIMIT, HKRules, find_rules
from .score import HKScore
from .score import score as score_hk
from .situation import HKSituation

__all__ = [
    "DEALER_VERSION",
    "FOCI",
    "HKDeal",
    "deal",
    "deal_record",
    "foci",
    "hand_id",
    "parse_hand_id",
    "replay",
]

DEALER_VERSION = "hk1"
"""The first field of every Hong Kong hand id (bumped when the dealer changes, so that an old
id never replays into a different hand)."""

# Fan items a deal can focus on (limit hands never: the dealer deals none).
_ITEM_FOCI = tuple(r.id for r in FAN_ROWS if r.family not in ("limit", "flower_win"))
FOCI = ("any", "open", "closed", "discard", *_ITEM_FOCI)
"""What a deal may focus on: anything, an open or concealed hand, a win on a discard, or one
fan item (``all_chows``, ``half_flush``...; one the rules score)."""


@dataclass(frozen=True, slots=True)
class HKDeal:
    """A dealt Hong Kong winning hand: its *id*, *hand*, *situation*, *rules*, how it was
    asked for, and its *score* (the expected result, always legal and no limit hand)."""

    id: str
    hand: Hand
    situation: HKSituation
    rules: HKRules
    seed: int
    level: str
    focus: str
    score: HKScore = field(compare=False, repr=False)
    variant: str = "hk"


def hand_id(seed: int, level: str = "intermediaire", focus: str = "any", rules: str = "hk") -> str:
    """Writes the id of a dealt Hong Kong hand: ``hk1:PROFILE:LEVEL:FOCUS:SEED``.

    >>> hand_id(42, "expert", "half_flush", "hkma")
    'hk1:hkma:expert:half_flush:42'
    """
    return format_id(DEALER_VERSION, seed, level, focus, rules)


def parse_hand_id(text: str) -> tuple[int, str, str, str]:
    """Reads a Hong Kong hand id into ``(seed, level, focus, profile)``.

    :raises DealError: if *text* is not an id this dealer wrote.

    >>> parse_hand_id("hk1:hkma:expert:half_flush:42")
    (42, 'expert', 'half_flush', 'hkma')
    """
    seed, level, focus, rules = split_id(text, DEALER_VERSION, "errors.deal.hk_id")
    return seed, _level(level), _focus(focus), rules


def _focus(focus: str | None) -> str:
    f = (focus or "any").strip().lower().removeprefix("fan:")
    if f not in FOCI:
        raise DealError.of(msg("errors.hk2.deal_unknown_focus", focus=focus))
    return f


def foci(rules: HKRules) -> tuple[str, ...]:
    """Lists the foci the dealer can deal under *rules* (the fan items they score, no limit).

    >>> "flower_set" in foci(HKRules()), "flower_set" in foci(HKRules(flowers_in_play=False))
    (True, False)
    """
    return tuple(f for f in FOCI if f not in _ITEM_FOCI or _can_score(f, rules))


def _can_score(item: str, rules: HKRules) -> bool:
    r = row(item)
    return row_scores(r, rules) and row_value(r, rules) != LIMIT


# ---- the shape of the win ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Weights:
    """The dealer's knobs (shares of a home game; no real-data tuning here)."""

    closed: float = 0.30  # a concealed hand
    self_drawn: float = 0.38
    melds: tuple[float, ...] = (0.25, 0.35, 0.28, 0.12)  # 1-4 claimed sets in an open hand
    # plans: free, half flush, all pungs, dragon pung, wind pung, all chows, full flush,
    # little three dragons, terminals and honours
    plans: tuple[float, ...] = (0.22, 0.22, 0.12, 0.16, 0.10, 0.10, 0.05, 0.02, 0.01)
    seq: float = 0.55  # a free set is a chow
    flowers: tuple[float, ...] = (0.30, 0.32, 0.22, 0.11, 0.05)  # 0-4 bonus tiles
    kong: float = 0.05  # a pung outside the winning set is a kong (x3 at the expert level)
    last_tile: float = 0.02
    kong_replacement: float = 0.3  # among self-drawn wins with a kong
    robbing_kong: float = 0.02  # among discard wins where it can happen
    round_winds: tuple[float, ...] = (0.55, 0.35, 0.07, 0.03)


_W = _Weights()
_PLANS = (
    "free",
    "half_flush",
    "all_pungs",
    "dragon_pung",
    "wind_pung",
    "all_chows",
    "full_flush",
    "little_three_dragons",
    "mixed_terminals_honours",
)
# the plan that makes each item focus likely (then the score is checked)
_FOCUS_PLAN = {
    "all_chows": "all_chows",
    "all_pungs": "all_pungs",
    "half_flush": "half_flush",
    "full_flush": "full_flush",
    "dragon_pung": "dragon_pung",
    "round_wind_pung": "round_wind_pung",
    "seat_wind_pung": "seat_wind_pung",
    "little_three_dragons": "little_three_dragons",
    "big_three_dragons": "big_three_dragons",
    "mixed_terminals_honours": "mixed_terminals_honours",
    "concealed_hand": "free",
}
_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, *WINDS, *DRAGONS))
_STARTS = tuple(9 * s + n for s in range(3) for n in range(7))


class _Redo(Exception):
    """Raised inside a draw that ran into a fifth tile or an impossible shape: draw again."""


def _pick(rng: random.Random, weights: Sequence[float]) -> int:
    return rng.choices(range(len(weights)), weights=weights)[0]


@dataclass(frozen=True, slots=True)
class _Shape:
    seat: int
    round_wind: int
    closed: bool
    self_drawn: bool
    plan: str


def _shape(rng: random.Random, level: str, focus: str) -> _Shape:
    seat = rng.randrange(4)
    round_wind = _pick(rng, _W.round_winds)
    closed = rng.random() < (_W.closed if level != "debutant" else 0.6)
    if focus in ("closed", "concealed_hand", "seven_pairs"):
        closed = True
    elif focus == "open":
        closed = False
    self_drawn = rng.random() < _W.self_drawn
    if focus in ("self_drawn", "kong_replacement", "double_kong_replacement", "flower_replacement"):
        self_drawn = True
    elif focus in ("discard", "robbing_kong"):
        self_drawn = False
    plan = _FOCUS_PLAN.get(focus) or _PLANS[_pick(rng, _W.plans)]
    if focus == "seven_pairs":
        plan = "seven_pairs"
    return _Shape(seat, round_wind, closed, self_drawn, plan)


def _one_suit(rng: random.Random, honours: bool) -> frozenset[int]:
    s = rng.randrange(3)
    kinds = set(range(9 * s, 9 * s + 9))
    if honours:
        kinds |= set(range(27, 34))
    return frozenset(kinds)


_Group = tuple[bool, int]  # (a chow, its first kind)


def _sets(rng: random.Random, shape: _Shape) -> tuple[list[_Group], int]:
    """Draws four sets and a pair for the plan of *shape*."""
    plan = shape.plan
    kinds: frozenset[int] = frozenset(range(NUM_KINDS))
    seq = _W.seq
    groups: list[_Group] = []
    pair = -1
    seat_wind, round_wind = WINDS[shape.seat], WINDS[shape.round_wind]
    if plan == "half_flush":
        kinds = _one_suit(rng, True)
    elif plan == "full_flush":
        kinds = _one_suit(rng, False)
    elif plan == "all_pungs":
        seq = 0.0
    elif plan == "all_chows":
        seq = 1.0
    elif plan == "mixed_terminals_honours":
        kinds, seq = _YAOCHUU, 0.0
    elif plan == "dragon_pung":
        groups.append((False, rng.choice(DRAGONS)))
    elif plan == "wind_pung":
        groups.append((False, rng.choice((seat_wind, round_wind))))
    elif plan == "seat_wind_pung":
        groups.append((False, seat_wind))
    elif plan == "round_wind_pung":
        groups.append((False, round_wind))
    elif plan in ("little_three_dragons", "big_three_dragons"):
        d = list(DRAGONS)
        rng.shuffle(d)
        groups += [(False, d[0]), (False, d[1])]
        if plan == "big_three_dragons":
            groups.append((False, d[2]))
        else:
            pair = d[2]
    counts = [0] * NUM_KINDS
    for is_seq, k in groups:
        for kk in (k, k + 1, k + 2) if is_seq else (k, k, k):
            counts[kk] += 1
    if pair >= 0:
        counts[pair] += 2
    starts = [k for k in _STARTS if {k, k + 1, k + 2} <= kinds]
    trips = sorted(kinds)
    tries = 0
    while len(groups) < 4:
        tries += 1
        if tries > 60:
            raise _Redo
        if starts and rng.random() < seq:
            k = rng.choice(starts)
            if max(counts[k], counts[k + 1], counts[k + 2]) >= 4:
                continue
            counts[k] += 1
            counts[k + 1] += 1
            counts[k + 2] += 1
            groups.append((True, k))
        else:
            k = rng.choice(trips)
            if counts[k] > 1 or (plan in ("dragon_pung", "wind_pung") and k in DRAGONS):
                continue  # a second dragon pung would make another hand than planned
            counts[k] += 3
            groups.append((False, k))
    if pair < 0:
        free = [k for k in trips if counts[k] <= 2]
        if not free:
            raise _Redo
        pair = rng.choice(free)
    rng.shuffle(groups)
    return groups, pair


def _flowers(
    rng: random.Random, rules: HKRules, level: str, focus: str, seat: int
) -> tuple[Tile, ...]:
    if not rules.flowers_in_play or focus == "no_flowers":
        return ()
    if focus == "flower_set":
        series = list(BONUS_TILES[:4] if rng.random() < 0.5 else BONUS_TILES[4:])
        rest = [t for t in BONUS_TILES if t not in series]
        return tuple(series + rng.sample(rest, rng.randrange(2)))
    n = _pick(rng, _W.flowers[:3] if level == "debutant" else _W.flowers)
    got = rng.sample(BONUS_TILES, n)
    if focus == "seat_flower" and 37 + seat not in got and 41 + seat not in got:
        got = [rng.choice((37 + seat, 41 + seat)), *got[1:]] if got else [37 + seat]
    return tuple(sorted(got))


def _build(rng: random.Random, rules: HKRules, level: str, focus: str) -> tuple[Hand, HKSituation]:
    """Draws one win; raises _Redo when the draw fails."""
    shape = _shape(rng, level, focus)
    if shape.plan == "seven_pairs":
        pairs = rng.sample(range(NUM_KINDS), 7)
        win_kind = rng.choice(pairs)
        tiles = [k for k in pairs for _ in range(2)]
        tiles.remove(win_kind)
        hand = Hand(tuple(tiles), (), win_kind, shape.self_drawn)
        return hand, _situation(rng, rules, level, focus, shape, hand, win_kind, [])
    groups, pair = _sets(rng, shape)
    units: list[list[int]] = [[k, k + 1, k + 2] if s else [k, k, k] for s, k in groups]
    units.append([pair, pair])
    # the winning tile: in one set or in the pair
    win_unit = rng.randrange(5)
    win_kind = rng.choice(units[win_unit])
    n_melds = 0 if shape.closed else 1 + _pick(rng, _W.melds)
    if level == "debutant":
        n_melds = min(n_melds, 2)
    if n_melds == 4:
        win_unit = 4
        win_kind = pair
    others = [i for i in range(4) if i != win_unit]
    rng.shuffle(others)
    claimed = set(others[:n_melds])
    kong_p = 0.0 if level == "debutant" else _W.kong * (3 if level == "expert" else 1)
    melds: list[Meld] = []
    concealed: list[int] = []
    for i, (is_seq, k) in enumerate(groups):
        tiles = units[i]
        kong = not is_seq and i != win_unit and rng.random() < kong_p
        if i in claimed:
            if is_seq:  # a chow is claimed from the player on the left only
                melds.append(Meld("chi", _called_first(rng, tiles), 3))
            elif kong:
                kind_ = rng.choice(("daiminkan", "shouminkan"))
                melds.append(Meld(kind_, (k, k, k, k), rng.choice((1, 2, 3))))
            else:
                melds.append(Meld("pon", (k, k, k), rng.choice((1, 2, 3))))
        elif kong:
            melds.append(Meld("ankan", (k, k, k, k), 0))
        else:
            concealed += tiles
    concealed += units[4]
    concealed.remove(win_kind)
    held = concealed + [win_kind] + [t for m in melds for t in m.tiles]
    if any(held.count(k) > 4 for k in set(held)):
        raise _Redo
    rng.shuffle(melds)
    hand = Hand(tuple(concealed), tuple(melds), win_kind, shape.self_drawn)
    return hand, _situation(rng, rules, level, focus, shape, hand, win_kind, held)


def _called_first(rng: random.Random, tiles: list[int]) -> tuple[int, ...]:
    called = rng.randrange(3)
    return (tiles[called], *(t for j, t in enumerate(tiles) if j != called))


def _situation(
    rng: random.Random,
    rules: HKRules,
    level: str,
    focus: str,
    shape: _Shape,
    hand: Hand,
    win_kind: int,
    held: list[int],
) -> HKSituation:
    flowers = _flowers(rng, rules, level, focus, shape.seat)
    kongs = sum(1 for m in hand.melds if m.is_kan)
    flags: dict[str, bool] = {}
    if level != "debutant":
        p = 3 if level == "expert" else 1
        if focus == "last_tile" or rng.random() < _W.last_tile * p:
            flags["last_tile"] = True
        elif (
            shape.self_drawn
            and kongs
            and (
                focus in ("kong_replacement", "double_kong_replacement")
                or rng.random() < _W.kong_replacement
            )
        ):
            flags["kong_replacement"] = True
            if kongs >= 2 and (focus == "double_kong_replacement" or rng.random() < 0.2):
                flags["double_kong_replacement"] = True
        elif (
            not shape.self_drawn
            and held.count(win_kind) == 1  # the three others are in the robbed pung
            and (focus == "robbing_kong" or rng.random() < _W.robbing_kong * p)
        ):
            flags["robbing_kong"] = True
        elif (
            shape.self_drawn
            and flowers
            and rules.flower_replacement_fan
            and (focus == "flower_replacement" or rng.random() < 0.1)
        ):
            flags["flower_replacement"] = True
    discarder = None if shape.self_drawn else (shape.seat + rng.randrange(1, 4)) % 4
    return HKSituation(
        seat=shape.seat,
        round_wind=shape.round_wind,
        discarder=discarder,
        flowers=flowers,
        **flags,
    )


# ---- checks and the deal ---------------------------------------------------------------------


def _level_ok(level: str, d_hand: Hand, s: HKScore) -> bool:
    if level == "debutant":
        return not s.capped and len(d_hand.melds) <= 2
    if level == "expert":
        return bool(
            s.excluded
            or s.capped
            or s.liable is not None
            or any(m.is_kan for m in d_hand.melds)
            or len(s.items) >= 6
        )
    return True


def _focus_ok(focus: str, hand: Hand, sit: HKSituation, s: HKScore) -> bool:
    if focus == "any":
        return True
    if focus == "open":
        return any(m.is_open for m in hand.melds)
    if focus == "closed":
        return not any(m.is_open for m in hand.melds)
    if focus == "discard":
        return not s.self_drawn
    return any(h.id == focus for h in s.items)


_SPECIAL = ("last_tile", "kong_replacement", "double_kong_replacement", "robbing_kong",
            "flower_replacement")  # fmt: skip


def _deal_with(
    rng: random.Random, rules: HKRules, level: str, focus: str
) -> tuple[Hand, HKSituation, HKScore]:
    if focus in _ITEM_FOCI and not _can_score(focus, rules):
        raise DealError.of(msg("errors.hk2.deal_not_scored", rules=rules.name, focus=focus))
    if level == "debutant" and focus in (*_SPECIAL, "seven_pairs"):
        raise DealError.of(msg("errors.hk2.deal_debutant_focus", focus=focus))
    for _ in range(4000):
        try:
            hand, sit = _build(rng, rules, level, focus)
            s = score_hk(hand, sit, rules, enforce_minimum=False)
        except (_Redo, TenpaiError):
            continue
        if not s.legal or s.limit is not None or any(row(h.id).is_limit_hand for h in s.items):
            continue  # a limit hand priced by the rules (limit_overrides) is still one
        if _level_ok(level, hand, s) and _focus_ok(focus, hand, sit, s):
            return hand, sit, s
    raise DealError.of(msg("errors.hk2.deal_failed", level=level, focus=focus))


def deal(
    seed: int, level: str = "intermediaire", focus: str | None = "any", rules: str = "hk"
) -> HKDeal:
    """Deals the Hong Kong winning hand of *seed* for *level*, *focus* and the rule profile
    *rules* (a name of :data:`~tenpai.hk.rules.HK_PROFILES` or an alias).

    The same arguments always give the same hand; :func:`replay` reads them from the id.

    :raises DealError: on an unknown level or focus, or a focus the rules do not score;
    :raises RulesError: on an unknown profile.
    """
    lv, fc = _level(level), _focus(focus)
    ruleset = find_rules(rules)
    hid = hand_id(seed, lv, fc, ruleset.name)
    hand, sit, s = _deal_with(random.Random(hid), ruleset, lv, fc)
    return HKDeal(hid, hand, sit, ruleset, seed, lv, fc, s)


def replay(hid: str) -> HKDeal:
    """Deals again the Hong Kong hand of the id *hid*.

    :raises DealError: if *hid* is not a Hong Kong hand id.
    """
    seed, level, focus, rules = parse_hand_id(hid)
    return deal(seed, level, focus, rules)


# ---- records ---------------------------------------------------------------------------------

_MELD_WORDS = {"chi": "chow", "pon": "pung", "daiminkan": "kong", "shouminkan": "kong"}


def deal_record(d: HKDeal, *, expected: bool = True) -> dict[str, Any]:
    """Writes a dealt hand as a Hong Kong interchange record (the format of ``hk-cases.json``),
    with its id and, when *expected*, the result :func:`tenpai.hk.records.score_record`
    gives for it."""
    h, sit = d.hand, d.situation
    assert h.win_tile is not None
    melds: list[dict[str, Any]] = []
    for m in h.melds:
        if m.type == "ankan":
            melds.append({"type": "kong", "tiles": format_tiles(m.tiles), "open": False})
            continue
        meld: dict[str, Any] = {
            "type": _MELD_WORDS[m.type],
            "tiles": format_tiles(m.tiles),
            "open": True,
            "from": SEAT_NAMES[(sit.seat + m.from_rel) % 4],
        }
        if m.type == "shouminkan":
            meld["added"] = True
        melds.append(meld)
    special = [word for word in _SPECIAL if getattr(sit, word)]
    rec: dict[str, Any] = {
        "id": d.id,
        "variant": "hk",
        "rules": d.rules.name,
        "hand": format_tiles(h.closed_tiles),
        "win_tile": tile_name(h.win_tile),
        "melds": melds,
        "flowers": [tile_name(t) for t in sit.flowers],
        "self_drawn": h.tsumo,
        "seat_wind": SEAT_NAMES[sit.seat],
        "round_wind": SEAT_NAMES[sit.round_wind],
        "discarder": None if sit.discarder is None else SEAT_NAMES[sit.discarder],
        "special": special,
    }
    if expected:
        rec["expected"] = score_record(rec)
    return rec
