"""Scoring a riichi win: every reading scored, the best one kept (riichi.md §3.3, §12).

>>> s = score(Hand.parse("234m678p45667s88s ron 5s"), Situation(seat_wind=28, riichi=True))
>>> s.han, s.fu, s.points, [y.id for y in s.yaku]
(3, 30, 3900, ['riichi', 'pinfu', 'tanyao'])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..analysis import Reading, readings
from ..errors import InvalidHand, NotAWinningHand, NoYaku, RulesError
from ..hand import Hand
from ..tiles import dora_of, is_red
from .fu import FuPart, fu_of
from .payment import LIMITS, Payment, basic_points, hand_payments
from .rules import Ruleset, find_rules
from .situation import Situation
from .yaku import RENHOU_YAKU, STANDARD_YAKU, Facts, Yaku, facts_of

__all__ = ["DoraHit", "Score", "YakuHit", "active_yaku", "score"]


@dataclass(frozen=True, slots=True)
class YakuHit:
    """A yaku that counted: its *id* and *han* (for a yakuman, its multiple).

    *limit* names the limit floor of a local limit yaku (its basic points are at least that
    limit); *fixed* tells that the hand is worth exactly that limit.
    """

    id: str
    han: int
    yakuman: bool = False
    limit: str | None = None
    fixed: bool = False


@dataclass(frozen=True, slots=True)
class DoraHit:
    """Dora that counted: *id* is ``dora``, ``ura_dora`` or ``aka_dora``; *han* how many."""

    id: str
    han: int


@dataclass(frozen=True, slots=True)
class Score:
    """The value of a riichi win and every reason for it.

    *han*/*fu* are None for a yakuman hand. *basic* is the basic points, *limit* the limit
    name (``mangan`` ... ``yakuman``, ``kazoe_yakuman``) or None when the table cell
    (han, fu) was used. *points* is the hand's value before honba and riichi sticks (a
    tsumo: the sum of the payments). *payments* lists who pays what; *deltas* each seat's
    change relative to the winner (winner first, then right, across, left), honba and
    sticks included (None for a ron whose discarder is not known).
    """

    hand: Hand
    situation: Situation
    rules: Ruleset
    reading: Reading
    yaku: tuple[YakuHit, ...]
    dora: tuple[DoraHit, ...]
    yakuman: tuple[YakuHit, ...]
    han: int | None
    fu: int | None
    fu_parts: tuple[FuPart, ...]
    basic: int
    limit: str | None
    points: int
    payments: tuple[Payment, ...]
    base_payments: tuple[tuple[str, int], ...]
    deltas: tuple[int, int, int, int] | None

    @property
    def yaku_han(self) -> int:
        """Gets the han of the yaku alone (dora excluded)."""
        return sum(y.han for y in self.yaku)

    @property
    def fu_raw(self) -> int:
        """Gets the fu before rounding."""
        return sum(p.fu for p in self.fu_parts)


@lru_cache(maxsize=64)
def active_yaku(rules: Ruleset) -> tuple[Yaku, ...]:
    """Gets the yaku rows that *rules* plays with (gates applied, renhou by its option).

    Local rows come after the standard ones; a local row with a standard id (a variant
    that changes a standard yaku, e.g. sanshoku doukou raised by shoutate) replaces it.
    """
    rows = [y for y in STANDARD_YAKU if y.gate is None or getattr(rules, y.gate)]
    if rules.renhou == "mangan_yaku":
        rows.append(RENHOU_YAKU)
    if rules.local_yaku:
        from .local import local_rows

        local = local_rows(rules)
        ids = {y.id for y in rows}
        over = {y.id: y for y in local if y.id in ids}
        rows = [over.get(y.id, y) for y in rows] + [y for y in local if y.id not in over]
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class _Candidate:
    key: tuple[int, int, int]
    reading: Reading
    yaku: tuple[YakuHit, ...]
    dora: tuple[DoraHit, ...]
    yakuman: tuple[YakuHit, ...]
    han: int | None
    fu: int | None
    fu_parts: tuple[FuPart, ...]
    basic: int
    limit: str | None
    base: dict[str, int]
    points: int
    pao_basic: int
    liable: int | None = None
    extra_stick: bool = False


def _count_dora(
    hand: Hand, sit: Situation, rules: Ruleset, counts: tuple[int, ...]
) -> list[DoraHit]:
    out: list[DoraHit] = []
    inds = sit.dora_indicators if rules.kan_dora else sit.dora_indicators[:1]
    n = sum(counts[dora_of(i)] for i in inds)
    if n:
        out.append(DoraHit("dora", n))
    if rules.aka:
        aka = sum(1 for t in hand.all_tiles() if is_red(t))
        if aka:
            out.append(DoraHit("aka_dora", aka))
    if (sit.riichi or sit.double_riichi) and rules.ura_dora:
        uras = sit.ura_indicators if rules.kan_ura_dora else sit.ura_indicators[:1]
        n = sum(counts[dora_of(i)] for i in uras)
        if n:
            out.append(DoraHit("ura_dora", n))
    return out


def _other_han(found: list[tuple[Yaku, int]]) -> int:
    """Gets the han of the yaku that need nothing else (a yakuman counts as plenty)."""
    rest = [(y, h) for y, h in found if not y.needs_han]
    return 99 if any(y.yakuman for y, _ in rest) else sum(h for _, h in rest)


def _evaluate(
    f: Facts, rows: tuple[Yaku, ...], rules: Ruleset, min_han: int = 1
) -> _Candidate | None:
    sit = f.sit
    found: list[tuple[Yaku, int]] = []
    seen: set[str] = set()
    for y in rows:  # a yaku counts once: of rows sharing an id (variants), the first hit
        han = y.closed if f.closed else y.open
        if han is not None and y.id not in seen and f.form in y.forms and y.test(f):
            found.append((y, han))
            seen.add(y.id)
    dropped = {s for y, _ in found for s in y.supersedes}
    found = [(y, h) for y, h in found if y.id not in dropped]
    if any(y.needs_han for y, _ in found):
        other = _other_han(found)
        found = [(y, h) for y, h in found if y.needs_han <= other]
    dealer = sit.is_dealer
    yakuman = [(y, h) for y, h in found if y.yakuman]
    counted = yakuman or found
    liable = next((y.liable(f) for y, _ in counted if y.liable is not None), None)
    stick = any(y.collects_stick for y, _ in counted)
    if yakuman:
        mults = [2 if y.id in rules.double_yakuman else h for y, h in yakuman]
        mult = sum(mults) if rules.yakuman_stacking else max(mults)
        if rules.yakuman_max_multiple:
            mult = min(mult, rules.yakuman_max_multiple)
        basic = 8000 * mult
        hits = tuple(YakuHit(y.id, m, True) for (y, _), m in zip(yakuman, mults, strict=True))
        pao_rows = [
            m
            for (y, _), m in zip(yakuman, mults, strict=True)
            if y.id in rules.pao_yakuman or y.pao
        ]
        pao_basic = 0
        if pao_rows:
            pao_basic = basic if rules.pao_scope == "whole_hand" else 8000 * sum(pao_rows)
        base = hand_payments(basic, dealer=dealer, tsumo=f.tsumo)
        points = _total(base, dealer)
        return _Candidate(
            (points, 0, 0),
            f.reading,
            (),
            (),
            hits,
            None,
            None,
            (),
            basic,
            "yakuman",
            base,
            points,
            pao_basic,
            liable,
            stick,
        )
    fixed = [y for y, _ in found if y.fixed and y.limit]
    if fixed:  # a fixed limit: nothing else counts (local-yaku.md §8.2)
        fixed_basic, fixed_limit = max((LIMITS[y.limit], y.limit) for y in fixed if y.limit)
        base = hand_payments(fixed_basic, dealer=dealer, tsumo=f.tsumo)
        points = _total(base, dealer)
        hits = tuple(YakuHit(y.id, 0, limit=y.limit, fixed=True) for y in fixed)
        return _Candidate(
            (points, 0, 0),
            f.reading,
            hits,
            (),
            (),
            None,
            None,
            (),
            fixed_basic,
            fixed_limit,
            base,
            points,
            0,
            liable,
            stick,
        )
    floors = [(LIMITS[y.limit], y.limit) for y, _ in found if y.limit]
    if sit.renhou and rules.renhou in ("mangan", "baiman"):
        floors.append((LIMITS[rules.renhou], rules.renhou))
    floor, floor_name = max(floors, default=(0, None))
    if not floor and not any(h > 0 for _, h in found):
        return None
    yaku_han = sum(h for _, h in found if h > 0)  # a negative row is not a yaku (mondeikou)
    if yaku_han < min_han and not floor:
        return None
    dora = _count_dora(f.hand, sit, rules, f.counts)
    han = sum(h for _, h in found) + sum(d.han for d in dora)
    pinfu = any(y.id == "pinfu" for y, _ in found)
    fu, parts = fu_of(f, pinfu=pinfu)
    basic, limit = basic_points(han, fu, rules)
    if floor > basic:
        basic, limit = floor, floor_name
    base = hand_payments(basic, dealer=dealer, tsumo=f.tsumo)
    points = _total(base, dealer)
    hits = tuple(YakuHit(y.id, h, limit=y.limit) for y, h in found)
    return _Candidate(
        (points, han, fu),
        f.reading,
        hits,
        tuple(dora),
        (),
        han,
        fu,
        parts,
        basic,
        limit,
        base,
        points,
        0,
        liable,
        stick,
    )


def _total(base: dict[str, int], dealer: bool) -> int:
    if "ron" in base:
        return base["ron"]
    if dealer:
        return 3 * base["non_dealer"]
    return base["dealer"] + 2 * base["non_dealer"]


def _payments(c: _Candidate, hand: Hand, sit: Situation, rules: Ruleset) -> tuple[Payment, ...]:
    honba = sit.honba
    if c.liable is not None:  # the whole hand and its honba (maneman settled on the win)
        hb_all = rules.honba_tsumo * honba * 3 if hand.tsumo else rules.honba_ron * honba
        return (Payment(c.liable, c.points, hb_all, "liable"),)
    pao = sit.pao if c.yakuman and c.pao_basic else None
    if not hand.tsumo:
        disc = sit.discarder
        amount = c.base["ron"]
        hb = rules.honba_ron * honba
        if pao is None or pao == disc:
            return (Payment(disc, amount, hb, "ron"),)
        liable_part = -(-(c.pao_basic * (6 if sit.is_dealer else 4)) // 100) * 100
        half = (liable_part // 2) // 100 * 100
        disc_part = amount - half
        if rules.pao_ron_honba_payer == "split":
            hb_l = (hb // 2) // 100 * 100
            return (Payment(disc, disc_part, hb - hb_l, "ron"), Payment(pao, half, hb_l, "pao"))
        return (Payment(disc, disc_part, hb, "ron"), Payment(pao, half, 0, "pao"))
    out: list[Payment] = []
    hb = rules.honba_tsumo * honba
    dealer_rel = sit.dealer_rel
    if pao is not None:
        liable_total = _total(
            hand_payments(c.pao_basic, dealer=sit.is_dealer, tsumo=True), sit.is_dealer
        )
        rest_basic = c.basic - c.pao_basic
        others = hand_payments(rest_basic, dealer=sit.is_dealer, tsumo=True) if rest_basic else {}
        for r in (1, 2, 3):
            amount = 0
            if others:
                share = "dealer" if (r == dealer_rel and "dealer" in others) else "non_dealer"
                amount = others[share]
            if r == pao:
                out.append(Payment(r, amount + liable_total, 3 * hb, "pao"))
            elif amount:
                out.append(Payment(r, amount, 0, "tsumo"))
        return tuple(out)
    for r in (1, 2, 3):
        if r == dealer_rel:
            out.append(Payment(r, c.base["dealer"], hb, "tsumo_dealer"))
        else:
            out.append(Payment(r, c.base["non_dealer"], hb, "tsumo_non_dealer"))
    return tuple(out)


def score(hand: Hand, situation: Situation | None = None, rules: Ruleset | str = "bareme") -> Score:
    """Scores the winning *hand* in *situation* under *rules* (a Ruleset or a preset name).

    Every reading (decomposition and wait) is scored in full; the one paying the most
    before honba and sticks wins, then the higher han, then the higher fu.

    :raises InvalidHand: bad tile counts or red fives; :raises InvalidSituation: a
        contradictory situation; :raises NotAWinningHand: tiles that do not form a complete
        hand; :raises NoYaku: a complete hand without a yaku.
    """
    sit = situation if situation is not None else Situation()
    rs = find_rules(rules) if isinstance(rules, str) else rules
    if rs.players != 4:
        raise RulesError("three-player mahjong (sanma) is not supported yet")
    if hand.win_tile is None:
        raise InvalidHand(f"no winning tile: add 'ron TILE' or 'tsumo TILE' to {hand.format()!r}")
    hand.validate(
        text=hand.format(),
        visible=sit.dora_indicators + sit.ura_indicators,
        max_red=rs.max_red,
    )
    sit.check(
        tsumo=hand.tsumo,
        closed=hand.is_closed,
        has_kan=any(m.is_kan for m in hand.melds),
        has_melds=bool(hand.melds),
    )
    inputs = sit.local_inputs(tsumo=hand.tsumo, meld_types=tuple(m.type for m in hand.melds))
    rs_rows = active_yaku(rs)
    min_han = 2 if rs.ryanhan_shibari and sit.honba >= 5 else 1
    extra: list[Reading] = []
    if rs.local_yaku:
        from .local import local_min_han, local_readings

        extra = local_readings(hand, rs, inputs)
        min_han = max(min_han, local_min_han(rs, sit, inputs))
    best: _Candidate | None = None
    any_reading = False
    for r in (*readings(hand), *extra):
        any_reading = True
        c = _evaluate(facts_of(hand, r, sit, rs, inputs), rs_rows, rs, min_han)
        if c is not None and (best is None or c.key > best.key):
            best = c
    if not any_reading:
        raise NotAWinningHand(f"{hand.format()!r} is not a complete hand")
    if best is None:
        why = f" (ryanhan shibari: {min_han} han of yaku needed)" if min_han > 1 else ""
        raise NoYaku(f"{hand.format()!r} has no yaku{why}; dora alone do not make a win")
    payments = _payments(best, hand, sit, rs)
    deltas: tuple[int, int, int, int] | None = None
    if all(p.payer is not None for p in payments):
        d = [0, 0, 0, 0]
        for p in payments:
            assert p.payer is not None
            d[p.payer] -= p.amount + p.honba
            d[0] += p.amount + p.honba
        d[0] += rs.riichi_deposit * sit.riichi_sticks
        if best.extra_stick and sit.discarder is not None:  # tsubame gaeshi, paid_to_winner
            d[0] += rs.riichi_deposit
            d[sit.discarder] -= rs.riichi_deposit
        deltas = (d[0], d[1], d[2], d[3])
    return Score(
        hand=hand,
        situation=sit,
        rules=rs,
        reading=best.reading,
        yaku=best.yaku,
        dora=best.dora,
        yakuman=best.yakuman,
        han=best.han,
        fu=best.fu,
        fu_parts=best.fu_parts,
        basic=best.basic,
        limit=best.limit,
        points=best.points,
        payments=payments,
        base_payments=tuple(best.base.items()),
        deltas=deltas,
    )
