"""The fast core of riichi scoring: the usual win, scored in one pass written out for speed.

Nearly every real win is a standard or seven-pairs hand whose yaku are all plain han yaku
(no yakuman, limit floor or variant to weigh), under a ruleset without local yaku.
:func:`score_usual` scores such a win as :func:`tenpai.riichi.score.score` does. Of the steps
that run once per hand, it shares the full scorer's where sharing costs little
(docs/benchmarks.md, "One set of steps for both scorers"): the hand's features and the facts
its readings share (:func:`~tenpai.riichi.yaku.hand_features`), the dora
(:func:`~tenpai.riichi.result.count_dora`), the payments
(:func:`~tenpai.riichi.result.plain_payments`) and the
:class:`~tenpai.riichi.result.Score` (:func:`~tenpai.riichi.result.make_score`); the tile
and situation checks and the deltas stay written out here, as the fu (a call there cost 3 to
9 % on the real mix, compiled). Per reading: the readings from each suit's cached splits, the
facts of each (:func:`~tenpai.riichi.yaku.new_facts`), the yaku (the data rows of
:mod:`tenpai.riichi.yaku`, prefiltered by their needs, weighed as plain han yaku), the fu
(its parts from :mod:`tenpai.riichi.fu`'s constructors) and the price. For any other hand,
and for anything to refuse, it gets None: the full scorer takes over and raises the errors.

The full scorer builds each reading's facts with the reference functions
(:func:`~tenpai.analysis.readings`, :func:`~tenpai.riichi.yaku.reading_facts`), the fu with
:func:`~tenpai.riichi.fu.fu_of`, and weighs every kind of row: it is the oracle of this core
(tests/test_riichi_usual.py checks that both give the same outcome, under every option the
core reads).
"""

from __future__ import annotations

from ..analysis import SHANPON, combine_parts, suit_parts
from ..hand import Hand
from ..tiles import DORA_KIND, KIND_OF
from .fu import (
    BASE_PART,
    CHIITOITSU_PARTS,
    CLOSED_RON_PART,
    OPEN_PINFU_PART,
    WAIT_PARTS,
    FuPart,
    closed_triplets_parts,
    meld_part,
    pair_part,
    set_part,
    tsumo_part,
)
from .result import Score, count_dora, make_score, plain_payments
from .rules import Ruleset
from .situation import LOCAL_FLAGS, NO_INPUTS, Situation
from .table import Table
from .yaku import (
    FEATURE_BITS,
    FORM_BITS,
    groups_yaochuu,
    hand_features,
    meld_facts,
    new_facts,
    situation_flags,
    situation_mask,
)

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["score_usual"]

_STANDARD, _CHIITOITSU = FORM_BITS["standard"], FORM_BITS["chiitoitsu"]
_NO_MIDDLE = FEATURE_BITS["no_middle"]
_RIICHI_ONLY = FEATURE_BITS["riichi"]
_SEATS = (None, 1, 2, 3)  # a discarder or liable player: not named, or a seat from the winner
_UP_TO_FOUR = bytes(range(5))  # deleted from the counts, they leave any count above 4

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
    concealed = hand.concealed
    melds = hand.melds
    tsumo = hand.tsumo
    # ---- the tiles, checked as score._counted does (anything unusual: the full scorer)
    tiles = (*concealed, win_tile)
    counts = hand.counts  # (the concealed tiles and the winning tile)
    if melds:
        if len(concealed) + 3 * len(melds) != 13:
            return None
        every_tile = list(counts)
        for m in melds:
            tiles += m.tiles
            for t in m.tiles:
                if t >= 37:  # a bonus tile
                    return None
                every_tile[KIND_OF[t]] += 1
        counts = tuple(every_tile)
        meld_seqs, meld_trips, kans, ankan, calls = meld_facts(melds)
    elif len(concealed) == 13:
        meld_seqs = meld_trips = kans = ()
        ankan = calls = 0
    else:
        return None
    top = max(tiles)
    every = bytes(counts)
    if top >= 37 or every.translate(None, _UP_TO_FOUR):  # a bonus tile, a fifth copy
        return None
    visible = sit.dora_indicators + sit.ura_indicators
    reds_shown = False
    for t in visible:  # indicators that leave room for themselves
        if t >= 34:
            if t >= 37:  # a bonus tile
                return None
            reds_shown = True
        elif counts[t] + visible.count(t) > 4:
            return None
    if reds_shown:  # a red five shown: count the indicators by kind
        kinds_shown = [KIND_OF[t] for t in visible]
        for k in kinds_shown:
            if counts[k] + kinds_shown.count(k) > 4:
                return None
    if rules.aka:  # more plain fives of a suit than the set's plain ones: the full scorer refuses
        max_m, max_p, max_s = rules.max_red
        if (  # (the fives by kind first, red ones included: the plain ones only when too many)
            counts[4] + visible.count(4) > 4 - max_m
            or counts[13] + visible.count(13) > 4 - max_p
            or counts[22] + visible.count(22) > 4 - max_s
        ) and (
            tiles.count(4) + visible.count(4) > 4 - max_m
            or tiles.count(13) + visible.count(13) > 4 - max_p
            or tiles.count(22) + visible.count(22) > 4 - max_s
        ):
            return None
    reds = 0
    if top >= 34 or reds_shown:
        every_red = tiles + visible if reds_shown else tiles
        max_m, max_p, max_s = rules.max_red
        if (
            every_red.count(34) > max_m
            or every_red.count(35) > max_p
            or every_red.count(36) > max_s
        ):
            return None
        reds = tiles.count(34) + tiles.count(35) + tiles.count(36)
    closed = calls == 0
    # ---- the situation, checked as score.score does (Situation.check when not the usual)
    if (
        sit.double_riichi
        or sit.ippatsu
        or sit.rinshan
        or sit.chankan
        or sit.haitei
        or sit.houtei
        or sit.tenhou
        or sit.chiihou
    ):
        sit_mask = situation_mask(situation_flags(sit))
        sit.check(tsumo=tsumo, closed=closed, has_kan=bool(kans), has_melds=bool(melds))
    else:  # (renhou, chankan_ankan and pao were left to the full scorer above)
        sit_mask = _RIICHI_ONLY if sit.riichi else 0
        if (
            (sit_mask and not closed)
            or sit.honba < 0
            or sit.riichi_sticks < 0
            or sit.discarder not in _SEATS
        ):
            sit.check(tsumo=tsumo, closed=closed, has_kan=bool(kans), has_melds=bool(melds))
    inputs = NO_INPUTS
    for name, _ in sit.flags:  # (records carry flags that are not local-yaku inputs)
        if name in LOCAL_FLAGS:
            inputs = sit.local_inputs(tsumo=tsumo, meld_types=tuple([m.type for m in melds]))
            break
    # ---- the features of the hand and the facts its readings share (as yaku.hand_facts)
    k0, k1, k2, k3 = every[0:9], every[9:18], every[18:27], every[27:34]
    mask, shared = hand_features(
        hand, sit, rules, inputs, counts, k0, k1, k2, k3, reds, closed, kans, calls, sit_mask, False
    )
    win = KIND_OF[win_tile]
    seat, round_wind = sit.seat_wind, sit.round_wind
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
        # the fu (as fu.fu_of)
        fu_parts: tuple[FuPart, ...]
        if form == "chiitoitsu":
            fu, fu_parts = 25, CHIITOITSU_PARTS
        else:
            fu_list = [BASE_PART]
            total = 20
            if tsumo:
                if pinfu:
                    tsumo_fu, rule = rules.pinfu_tsumo_fu, "tsumo_pinfu"
                elif sit.rinshan:
                    tsumo_fu, rule = rules.rinshan_tsumo_fu, "tsumo_rinshan"
                else:
                    tsumo_fu, rule = 2, "tsumo"
                if tsumo_fu:
                    fu_list.append(tsumo_part(tsumo_fu, rule))
                    total += tsumo_fu
            elif closed:
                fu_list.append(CLOSED_RON_PART)
                total += 10
            if concealed_trips:
                if ron and wait == SHANPON:  # the triplet completed by ron counts as open
                    won = reading.win_set
                    for k in concealed_trips:
                        part = set_part(34 + k, 34 + k == won)
                        fu_list.append(part)
                        total += part.fu
                else:
                    trip_parts, trip_fu = closed_triplets_parts(concealed_trips)
                    fu_list += trip_parts
                    total += trip_fu
            for m in melds:
                if m.type != "chi":
                    part = meld_part(m.type, m.tiles)
                    fu_list.append(part)
                    total += part.fu
            if pair >= 27:
                pair_fu_part = pair_part(pair, seat, round_wind, rules.double_wind_pair_fu)
                if pair_fu_part is not None:
                    fu_list.append(pair_fu_part)
                    total += pair_fu_part.fu
            wait_part = WAIT_PARTS.get(wait)
            if wait_part is not None:
                fu_list.append(wait_part)
                total += 2
            if total == 20 and not closed and rules.open_pinfu_fu:
                fu_list.append(OPEN_PINFU_PART)
                total = 30
            fu = -(-total // 10) * 10
            fu_parts = tuple(fu_list)
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
