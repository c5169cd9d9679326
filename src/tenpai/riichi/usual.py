"""The fast core of riichi scoring: the usual win, its readings scored in one pass.

Nearly every real win is a standard or seven-pairs hand whose yaku are all plain han yaku
(no yakuman, limit floor or variant to weigh), under a ruleset without local yaku.
:func:`score_usual` scores such a win as :func:`tenpai.riichi.score.score` does. What runs
once per hand is the full scorer's own steps: the tiles counted and checked
(:func:`~tenpai.riichi.counting.quick_counts`), the situation checked and its features
(:func:`~tenpai.riichi.yaku.situation_features`), the hand's features and the facts its
readings share (:func:`~tenpai.riichi.yaku.hand_features`), the dora
(:func:`~tenpai.riichi.result.count_dora`), the payments
(:func:`~tenpai.riichi.result.plain_payments`) and the
:class:`~tenpai.riichi.result.Score` (:func:`~tenpai.riichi.result.make_score`). What runs
per reading is written out here: the readings from each suit's cached splits, the facts of
each (:func:`~tenpai.riichi.yaku.new_facts`), the yaku (the data rows of
:mod:`tenpai.riichi.yaku`, prefiltered by their needs, weighed as plain han yaku), the fu
(:func:`~tenpai.riichi.fu.count_fu`, the full scorer's) and the price. For any other hand,
and for anything to refuse, it gets None: the full scorer takes over and raises the errors.

The full scorer builds each reading's facts with the reference functions
(:func:`~tenpai.analysis.readings`, :func:`~tenpai.riichi.yaku.reading_facts`) and weighs
every kind of row: it is the oracle of this core (tests/test_riichi_usual.py checks that
both give the same outcome, under every option the core reads). The deltas of the payments
stay written out here (:func:`~tenpai.riichi.result.deltas_of`, general, cost 1.5-4.6 %:
docs/benchmarks.md).
"""

from __future__ import annotations

from typing import Any

from ..analysis import SHANPON, combine_parts, suit_parts
from ..hand import Hand
from ..tiles import DORA_KIND, KIND_OF
from .counting import quick_counts
from .fu import count_fu
from .result import Score, count_dora, make_score, plain_payments
from .rules import Ruleset
from .situation import Situation
from .table import Table
from .yaku import (
    FEATURE_BITS,
    FORM_BITS,
    groups_yaochuu,
    hand_features,
    meld_facts,
    new_facts,
    situation_features,
)

__all__ = ["score_usual"]

_STANDARD, _CHIITOITSU = FORM_BITS["standard"], FORM_BITS["chiitoitsu"]
_NO_MIDDLE = FEATURE_BITS["no_middle"]

# The parts (splits into sets and a pair, no winning tile in the suit) of each suit's counts,
# by suit (m, p, s, honours) and counts.
_PARTS: tuple[dict[bytes, tuple[Any, ...]], ...] = ({}, {}, {}, {})


_PER_SUIT = 1 << 11  # the most keys each of those dicts keeps (emptied when full)


def _parts(key: bytes, suit: int) -> tuple[Any, ...]:
    parts = _PARTS[suit]
    if len(parts) >= _PER_SUIT:
        parts.clear()
    got = parts[key] = suit_parts(key, 9 * suit, -1)
    return got


def score_usual(hand: Hand, sit: Situation, rules: Ruleset, table: Table) -> Score | None:
    """Scores the usual win *hand* in *sit* under *rules* (whose table is *table*), or gets
    None for a hand the full scorer must take (see the module's docstring)."""
    if rules.local_yaku or sit.renhou or sit.chankan_ankan or sit.pao is not None:
        return None
    win_tile = hand.win_tile
    assert win_tile is not None
    melds = hand.melds
    tsumo = hand.tsumo
    # ---- the tiles, counted and checked (anything unusual: the full scorer)
    got = quick_counts(hand, sit, rules)
    if got is None:
        return None
    counts, every, reds = got
    if melds:
        meld_seqs, meld_trips, kans, ankan, calls = meld_facts(melds)
    else:
        meld_seqs = meld_trips = kans = ()
        ankan = calls = 0
    closed = calls == 0
    # ---- the situation, checked (as the full scorer does)
    sit_mask, inputs = situation_features(sit, tsumo, closed, bool(kans), melds)
    # ---- the features of the hand and the facts its readings share (as yaku.hand_facts)
    k0, k1, k2, k3 = every[0:9], every[9:18], every[18:27], every[27:34]
    mask, shared = hand_features(
        hand, sit, rules, inputs, counts, k0, k1, k2, k3, reds, closed, kans, calls, sit_mask, False
    )
    win = KIND_OF[win_tile]
    seat = sit.seat_wind
    # ---- the dora (as the full scorer counts them)
    dora, dora_han = count_dora(sit, rules, counts, reds, DORA_KIND)
    # ---- each reading (as analysis.readings and yaku.reading_facts), its yaku, fu and price
    if melds:  # the concealed tiles
        concealed_key = bytes(hand.counts)
        k0, k1, k2 = concealed_key[0:9], concealed_key[9:18], concealed_key[18:27]
        k3 = concealed_key[27:34]
    p0, p1, p2, p3 = _PARTS
    suit = win // 9
    parts = [
        suit_parts(k0, 0, win) if suit == 0 else p0.get(k0) or _parts(k0, 0),
        suit_parts(k1, 9, win) if suit == 1 else p1.get(k1) or _parts(k1, 1),
        suit_parts(k2, 18, win) if suit == 2 else p2.get(k2) or _parts(k2, 2),
        suit_parts(k3, 27, win) if suit == 3 else p3.get(k3) or _parts(k3, 3),
    ]
    min_han = 2 if rules.ryanhan_shibari and sit.honba >= 5 else 1
    dealer = seat == 27
    ron = not tsumo
    candidates = table.candidates
    prices = table.prices
    best: tuple[Any, ...] | None = None
    for reading, concealed_seqs, concealed_trips in combine_parts(
        parts, None if melds else hand.counts
    ):
        seqs, trips = concealed_seqs, concealed_trips
        decomposition = reading.decomposition
        form = decomposition.form
        pair = decomposition.pair
        wait = reading.wait
        ankou = 0
        all_yaochuu = all_terminal = False
        if form == "standard":
            ankou = len(trips) + ankan
            if ron and wait == SHANPON:
                ankou -= 1  # the triplet completed by ron is not concealed
            if meld_seqs:
                seqs = tuple(sorted(seqs + meld_seqs)) if seqs else meld_seqs
            if meld_trips:
                trips = tuple(sorted(trips + meld_trips)) if trips else meld_trips
            if mask & _NO_MIDDLE:
                all_yaochuu, all_terminal = groups_yaochuu(seqs, trips, pair)
            key = ("standard", mask | _STANDARD)
        elif form == "chiitoitsu":
            key = ("chiitoitsu", mask | _CHIITOITSU)
        else:
            return None  # thirteen orphans
        cands = candidates.get(key) or table.candidates_for(*key)
        if not cands.plain:
            return None  # a yakuman, limit or variant to weigh: the full scorer
        f = new_facts(
            shared, reading, form, wait, pair, seqs, trips, ankou, all_yaochuu, all_terminal
        )
        bits = 0
        for test, bit in cands.tests:
            if test(f):
                bits |= bit
        if not bits:
            continue
        hits, yaku_han, pinfu = cands.plain_hits(bits)
        if yaku_han < min_han:
            continue
        han = yaku_han + dora_han
        fu, fu_parts = count_fu(
            reading, form, wait, pair, concealed_trips, pinfu, tsumo, closed, melds, sit, rules
        )
        price = prices.get((han, fu, dealer, tsumo)) or table.price(han, fu, dealer, tsumo)
        points = price[3]
        if best is None or (points, han, fu) > best[0]:
            best = ((points, han, fu), reading, hits, han, fu, fu_parts, price)
    if best is None:
        return None  # not complete, or no yaku: the full scorer says which
    _, reading, hits, han, fu, fu_parts, (basic, limit, base, points, base_items) = best
    # ---- the payments and the Score (as score._payments and score._make_score)
    payments = plain_payments(base, tsumo, sit, rules)
    sticks = rules.riichi_deposit * sit.riichi_sticks
    deltas: tuple[int, int, int, int] | None
    if tsumo:
        right, across, left = payments
        d1 = right.amount + right.honba
        d2 = across.amount + across.honba
        d3 = left.amount + left.honba
        deltas = (sticks + d1 + d2 + d3, -d1, -d2, -d3)
    else:
        (paid_by,) = payments
        deltas = None
        if paid_by.payer is not None:
            paid = paid_by.amount + paid_by.honba
            d = [sticks + paid, 0, 0, 0]
            d[paid_by.payer] = -paid
            deltas = (d[0], d[1], d[2], d[3])
    return make_score(
        hand,
        sit,
        rules,
        reading,
        hits,
        dora,
        (),
        han,
        fu,
        fu_parts,
        basic,
        limit,
        points,
        payments,
        base_items,
        deltas,
    )
