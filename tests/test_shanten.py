"""Tests of tenpai.shanten: cases in notation, a slow oracle, the tables, and ``mahjong``.

The oracle computes the distance straight from its definition (the least number of tiles
to draw so that the hand contains the form, never 5 of a kind) by enumerating, suit by
suit and kind by kind, every multiset of groups; it shares nothing with the tables but the
definition.  Waits are checked against a plain recursive "is it complete?" on every draw.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenpai import shanten as sh
from tenpai.errors import InvalidHand
from tenpai.hand import Hand
from tenpai.shanten import (
    Analysis,
    Discard,
    analyse,
    counts_of,
    discards,
    is_furiten,
    shanten,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_standard,
    ukeire,
    unseen,
    waits,
)
from tenpai.tiles import YAOCHUU, parse_tile, parse_tiles, tile_name

# ---- the slow oracle ------------------------------------------------------------------------

INF = 99


def slow_suit_distances(counts: Sequence[int], sequences: bool) -> list[list[int]]:
    """Computes dist[m][p] of one suit by trying every multiset of groups, kind by kind.

    At each kind choose how many sequences start there (they cover it and the next two),
    whether a triplet and whether the pair sit there; the target count of the kind must stay
    <= 4, and the cost is what the target holds beyond the hand.
    """
    npos = len(counts)
    # state (sets, pairs, sequences started one kind before, two kinds before) -> least cost
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for k in range(npos):
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (sets, pairs, s1, s2), cost in states.items():
            starts = range(5 - sets) if sequences and k <= npos - 3 else range(1)
            for start in starts:
                for trip in (0, 1):
                    for pair in (0, 1) if pairs == 0 else (0,):
                        new_sets = sets + start + trip
                        target = s1 + s2 + start + 3 * trip + 2 * pair
                        if new_sets > 4 or target > 4:
                            continue
                        key = (new_sets, pairs + pair, start, s1)
                        c = cost + max(0, target - counts[k])
                        if c < nxt.get(key, INF):
                            nxt[key] = c
        states = nxt
    dist = [[INF, INF] for _ in range(5)]
    for (sets, pairs, s1, s2), cost in states.items():
        if s1 == s2 == 0:
            dist[sets][pairs] = min(dist[sets][pairs], cost)
    return dist


def slow_standard(counts: Sequence[int]) -> int:
    """Computes the standard shanten from the four suits' distances, every split of the sets."""
    n = sum(counts)
    need = n // 3
    parts = [slow_suit_distances(counts[i : i + 9], True) for i in (0, 9, 18)]
    parts.append(slow_suit_distances(counts[27:34], False))
    best = INF
    for m0 in range(need + 1):
        for m1 in range(need + 1 - m0):
            for m2 in range(need + 1 - m0 - m1):
                ms = (m0, m1, m2, need - m0 - m1 - m2)
                for pair_suit in range(4):
                    total = sum(parts[i][ms[i]][1 if i == pair_suit else 0] for i in range(4))
                    best = min(best, total)
    return best - 1


def slow_chiitoitsu(counts: Sequence[int]) -> int:
    """Computes the chiitoitsu shanten: the 7 kinds closest to a pair, each costing 2 - held."""
    costs = sorted(2 - min(c, 2) for c in counts)
    return sum(costs[:7]) - 1


def slow_kokushi(counts: Sequence[int]) -> int:
    """Computes the kokushi shanten: one of each terminal/honour, one of them twice."""
    best = INF
    for double in YAOCHUU:
        need = sum(max(0, (2 if y == double else 1) - counts[y]) for y in YAOCHUU)
        best = min(best, need)
    return best - 1


def slow_shanten(counts: Sequence[int]) -> int:
    """Computes the overall shanten by the slow paths."""
    best = slow_standard(counts)
    if sum(counts) >= 13:
        best = min(best, slow_chiitoitsu(counts), slow_kokushi(counts))
    return best


def _standard_complete(c: list[int], sets: int, pair: int) -> bool:
    """Tells whether *c* is exactly *sets* sets and *pair* pairs (recursive decomposition)."""
    k = next((i for i, x in enumerate(c) if x), -1)
    if k < 0:
        return sets == 0 and pair == 0
    if pair and c[k] >= 2:
        c[k] -= 2
        ok = _standard_complete(c, sets, 0)
        c[k] += 2
        if ok:
            return True
    if sets and c[k] >= 3:
        c[k] -= 3
        ok = _standard_complete(c, sets - 1, pair)
        c[k] += 3
        if ok:
            return True
    if sets and k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        for i in (k, k + 1, k + 2):
            c[i] -= 1
        ok = _standard_complete(c, sets - 1, pair)
        for i in (k, k + 1, k + 2):
            c[i] += 1
        if ok:
            return True
    return False


def is_complete(counts: Sequence[int]) -> bool:
    """Tells whether the 3n+2 tiles *counts* form a complete hand (any form)."""
    c = list(counts)
    n = sum(c)
    if _standard_complete(c, n // 3, 1):
        return True
    if n == 14 and sorted(c)[-7:] == [2] * 7:
        return True
    return n == 14 and all(c[y] for y in YAOCHUU) and sum(c[y] for y in YAOCHUU) == 14


def slow_waits(counts: Sequence[int]) -> tuple[int, ...]:
    """Finds the kinds (with a copy left to draw) that complete *counts*, trying each."""
    out = []
    for t in range(34):
        if counts[t] < 4:
            c = list(counts)
            c[t] += 1
            if is_complete(c):
                out.append(t)
    return tuple(out)


# ---- cases in notation -------------------------------------------------------------------

SHANTEN_CASES = [
    # (concealed tiles, melds, shanten, standard, chiitoitsu, kokushi)
    ("123m456p789s1122z", 0, 0, 0, 4, 8),  # shanpon 1z-2z
    ("123m456p789s11z22z", 0, 0, 0, 4, 8),
    ("123m456p789s1z2z3z4z", 0, 2, 2, 6, 7),  # a pair (1) and a set (2) from honour singles
    ("1112345678999m", 0, 0, 0, 4, 10),  # chuuren poutou: nine waits
    ("11223344556677m", 0, -1, -1, -1, 11),  # complete both ways (chiitoitsu and ryanpeikou)
    ("19m19p19s1234567z", 0, 0, 8, 6, 0),  # kokushi, thirteen-sided
    ("19m19p19s1234566z", 0, 0, 7, 5, 0),  # kokushi waiting on 7z only
    ("19m19p19s12345667z", 0, -1, 7, 5, -1),
    ("1122m3344p5566s7z", 0, 0, 3, 0, 10),  # chiitoitsu tanki
    ("1111m2233p4455s6z", 0, 2, 2, 2, 10),  # four of a kind is one pair for chiitoitsu
    ("1111m234p567s789s", 0, 1, 1, 4, 10),  # only wait would be a fifth 1m: not tenpai
    ("1111m23m456p789s1z", 0, 0, 0, 5, 9),
    ("11112222333344m", 0, -1, -1, 5, 11),  # chiitoitsu: 4 distinct pairs only
    ("1111222233334m", 0, 0, 0, 6, 11),
    ("147m258p369s1234z", 0, 6, 8, 6, 7),  # every set costs 2 tiles: chiitoitsu is nearer
    ("147m258p369s12345z", 0, 6, 8, 6, 6),
    ("123m1z", 3, 0, 0, None, None),  # tanki after three calls
    ("123m11z", 3, -1, -1, None, None),
    ("5z", 4, 0, 0, None, None),  # tanki after four calls
    ("55z", 4, -1, -1, None, None),
    ("1111z", 3, 1, 1, None, None),  # 4 tiles: the fifth 1z does not exist
    ("1111m", 3, 1, 1, None, None),
    ("11112m", 3, 0, 0, None, None),
    ("2345m", 3, 0, 0, None, None),  # nobetan 2m-5m
]


@pytest.mark.parametrize("case", SHANTEN_CASES, ids=lambda case: f"{case[0]}-{case[1]}")
def test_shanten_cases(case: tuple[str, int, int, int, int | None, int | None]) -> None:
    text, melds, total, std, chiitoi, kokushi = case
    c = counts_of(text)
    assert shanten(c, melds) == total
    assert shanten_standard(c, melds) == std
    assert shanten_chiitoitsu(c, melds) == chiitoi
    assert shanten_kokushi(c, melds) == kokushi
    assert shanten(c, melds) == slow_shanten(c)
    assert shanten(c, melds) == _mahjong_shanten(c)  # fewer tiles: the package implies melds


WAIT_CASES = [
    ("123m456p789s1122z", "12z"),
    ("1112345678999m", "123456789m"),
    ("19m19p19s1234567z", "19m19p19s1234567z"),
    ("19m19p19s1234566z", "7z"),
    ("1122m3344p5566s7z", "7z"),
    ("1111m234p567s789s", ""),  # the fifth 1m is no wait
    ("1111m23m456p789s1z", "1z"),  # 1m would be a fifth one; 4m leaves 1m1m1m1m234m
    ("1111222233334m", "45m"),  # 1m and 2m would be fifth copies
    ("2345m", "25m"),
    ("5z", "5z"),
    ("1111z", ""),
    ("123m456p789s1z2z3z4z", ""),  # iishanten: no wait
    ("2223m456p789s111z", "134m"),
    ("4445678m", "35689m"),  # 444-5678 (5-8), 44-456-78 (6-9), 44-45-678 (3-6), 444-567-8
]


@pytest.mark.parametrize(("text", "expected"), WAIT_CASES)
def test_wait_cases(text: str, expected: str) -> None:
    c = counts_of(text)
    melds = (13 - sum(c)) // 3
    got = waits(c, melds)
    assert tuple(tile_name(t) for t in got) == tuple(
        tile_name(t) for t in sorted(set(parse_tiles(expected)))
    )
    assert got == slow_waits(c)


def test_waits_need_3n_plus_1_tiles() -> None:
    with pytest.raises(InvalidHand, match="3n\\+1"):
        waits(counts_of("123m456p789s11223z"))


@pytest.mark.parametrize(
    ("counts", "melds", "problem"),
    [
        (counts_of("123m456p789s112z"), 0, "no hand"),  # 12 tiles
        (counts_of("123m456p789s1122z"), 1, "no hand"),  # 13 tiles and a meld
        (counts_of("1m"), -1, "no hand"),
        ([5] + [0] * 33, 0, "4 copies"),
        ([0] * 33, 0, "34 counts"),
        ([-1, 2] + [0] * 32, 0, "0 to 4"),
    ],
)
def test_bad_input(counts: list[int], melds: int, problem: str) -> None:
    with pytest.raises(InvalidHand, match=problem):
        shanten(counts, melds)


def test_tuple_input_and_sequence_types() -> None:
    c = counts_of("123m456p789s1122z")
    assert shanten(tuple(c)) == shanten(c) == 0
    assert waits(tuple(c)) == (27, 28)


def test_ukeire_and_discards() -> None:
    c = counts_of("123m456p789s1122z")
    assert ukeire(c) == {27: 2, 28: 2}
    assert ukeire(c, visible=parse_tiles("1z1z")) == {27: 0, 28: 2}  # all seen: kept with 0
    iishanten = counts_of("23m456p789s234s15z")  # two singles: a pair or 1m/4m is needed
    assert shanten(iishanten) == 1
    uke = ukeire(iishanten)
    assert [tile_name(t) for t in uke] == ["1m", "4m", "1z", "5z"]  # 2m, 3m: pair but no set
    for t in range(34):
        after = list(iishanten)
        after[t] += 1
        assert (t in uke) == (shanten(after) == 0)
    per_discard = ukeire(counts_of("123m456p789s1122z3z"))
    best = per_discard[29]
    assert isinstance(best, Discard)
    assert (best.shanten, best.ukeire, best.total) == (0, ((27, 2), (28, 2)), 4)
    assert list(per_discard) == [d.kind for d in discards(counts_of("123m456p789s1122z3z"))]
    assert next(iter(per_discard)) == 29  # best first


def test_ukeire_four_copies_and_isolated_tiles() -> None:
    # 1111m with 3 melds: the pair has to come from elsewhere, so any other kind helps
    c = counts_of("1111m")
    uke = ukeire(c, melds=3)
    assert 0 not in uke and len(uke) == 33


def test_unseen_and_furiten() -> None:
    c = counts_of("55m")
    assert unseen(parse_tile("5m"), c, parse_tiles("0m5m")) == 0
    assert unseen(parse_tile("5m"), c, parse_tiles("0m5m5m")) == 0  # never negative
    assert unseen(parse_tile("6m"), c) == 4
    ws = waits(counts_of("23m456p789s11z234s"))
    assert ws == (0, 3)
    assert is_furiten(ws, parse_tiles("4m"))
    assert not is_furiten(ws, parse_tiles("5m1z"))
    assert not is_furiten((), parse_tiles("1m"))


def test_analyse() -> None:
    a = analyse(Hand.parse("123m456p789s1122z"), visible=parse_tiles("1z2z2z"))
    assert a == Analysis(
        shanten=0,
        standard=0,
        chiitoitsu=4,
        kokushi=8,
        waits=((27, 1), (28, 0)),
        ukeire=((27, 1), (28, 0)),
    )
    assert a.is_tenpai and not a.is_complete
    won = analyse(Hand.parse("123m456p789s1z pon 222z tsumo 1z"))
    assert won.shanten == -1 and won.is_complete and won.chiitoitsu is None
    best = won.discards[0]  # 1m leaves 23m: 3 1m (one discarded) + 4 4m; ties by kind
    assert (best.kind, best.shanten, best.total) == (parse_tile("1m"), 0, 7)
    melded = analyse(Hand.parse("23m456p11z pon 777z chi 789s"))
    assert melded.waits == ((0, 4), (3, 4))
    far = analyse(Hand.parse("147m258p369s1234z"))
    assert far.shanten == 6 and far.waits == () and not far.is_tenpai


# ---- the oracle on random hands -------------------------------------------------------------

SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)


@st.composite
def hands(draw: st.DrawFn) -> list[int]:
    """Draws concealed counts: from the whole wall, or crowded into one or two suits."""
    size = draw(st.sampled_from(SIZES))
    if draw(st.booleans()):
        tiles = draw(st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True))
        kinds = [t // 4 for t in tiles]
    else:
        lo = draw(st.sampled_from((0, 9, 18, 27)))
        pool = st.integers(lo, min(lo + 8, 33)) | st.integers(0, 33)
        kinds = draw(st.lists(pool, min_size=size, max_size=size))
    c = [0] * 34
    for k in kinds:
        c[k] += 1
    c = [min(x, 4) for x in c]  # a fifth copy is dropped: the hand may shrink
    if sum(c) % 3 == 0:
        c[c.index(max(c))] -= 1
    if sum(c) == 0:
        c[33] = 1
    return c


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True)
@given(hands())
def test_shanten_matches_the_slow_oracle(c: list[int]) -> None:
    assert shanten(c) == slow_shanten(c)
    assert shanten_standard(c) == slow_standard(c)
    if sum(c) >= 13:
        assert shanten_chiitoitsu(c) == slow_chiitoitsu(c)
        assert shanten_kokushi(c) == slow_kokushi(c)


@st.composite
def near_tenpai(draw: st.DrawFn) -> list[int]:
    """Draws a complete hand of random groups then takes one tile out (mostly tenpai)."""
    sets = draw(st.integers(0, 4))
    c = [0] * 34
    groups = []
    for _ in range(sets):
        if draw(st.booleans()):
            groups.append([draw(st.integers(0, 33))] * 3)
        else:
            s, p = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            groups.append([9 * s + p, 9 * s + p + 1, 9 * s + p + 2])
    groups.append([draw(st.integers(0, 33))] * 2)
    for g in groups:
        for k in g:
            c[k] += 1
    c = [min(x, 4) for x in c]
    while sum(c) % 3 != 2:
        c[c.index(max(c))] -= 1
    held = [k for k in range(34) if c[k]]
    c[draw(st.sampled_from(held))] -= 1
    return c


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True)
@given(near_tenpai())
def test_waits_match_the_slow_oracle(c: list[int]) -> None:
    assert waits(c) == slow_waits(c)
    assert shanten(c) == slow_shanten(c)
    assert (shanten(c) == 0) == bool(waits(c))


# ---- the tables ---------------------------------------------------------------------------


def _table_row(key: Sequence[int], honours: bool) -> tuple[int, ...]:
    sh.load_tables()
    index = 0
    for x in key:
        index = index * 5 + x
    if honours:
        return sh._HONOR_ROWS[sh._HONOR_MAP[index]]
    return sh._SUIT_ROWS[sh._SUIT_MAP[index]]


@pytest.mark.parametrize("honours", [False, True])
def test_table_sample_matches_brute_force(honours: bool) -> None:
    rng = random.Random(20240601 + honours)
    npos = 7 if honours else 9
    for _ in range(400):
        size = rng.randint(0, 14)
        key = [0] * npos
        while sum(key) < size:
            i = rng.randrange(npos)
            if key[i] < 4:
                key[i] += 1
            elif all(x == 4 for x in key):
                break
        slow = slow_suit_distances(key, sequences=not honours)
        expected = tuple(slow[m][p] for m in range(5) for p in range(2))
        assert _table_row(key, honours) == expected, key


@cache
def _generator() -> ModuleType:
    tools = Path(__file__).resolve().parent.parent / "tools"
    sys.path.insert(0, str(tools))
    try:
        import gen_shanten_tables
    finally:
        sys.path.remove(str(tools))
    return gen_shanten_tables


@pytest.mark.slow
def test_generator_reproduces_the_shipped_tables() -> None:
    pytest.importorskip("numpy")
    gen = _generator()
    shipped = resources.files("tenpai").joinpath("data", "shanten_tables.bin").read_bytes()
    assert gen.build() == shipped


# ---- the mahjong package ------------------------------------------------------------------


def _random_hands(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        c = [0] * 34
        for t in rng.sample(range(136), 13 + i % 2):
            c[t // 4] += 1
        out.append(c)
    return out


def _mahjong_shanten(c: Sequence[int]) -> int:
    from mahjong.shanten import Shanten

    return Shanten.calculate_shanten(list(c))


def _mahjong_waits(c: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Finds the waits the way users of ``mahjong`` do (the package has no waits function):
    the kinds whose draw gives shanten -1, skipping (first) and keeping (second) the kinds the
    hand already holds 4 of."""
    from mahjong.shanten import Shanten

    found = []
    for t in range(34):
        c[t] += 1
        if Shanten.calculate_shanten(c) == -1:
            found.append(t)
        c[t] -= 1
    return tuple(t for t in found if c[t] < 4), tuple(found)


def test_mahjong_counts_a_fifth_copy_as_a_wait() -> None:
    """Regression shape: ``999m1223333466s`` holds all four 3s.

    ``mahjong`` computes shanten -1 for the hand plus a fifth 3s (999m 123s 234s 333s 66s),
    so a naive waits loop over it reports 3s.  No fifth 3s exists: the hand is tenpai
    (999m 123s 234s 33s 66s, a shanpon of which only the 6s half can come) and waits on 6s
    alone.  Tenpai leaves out kinds the hand holds 4 of; the comparisons with ``mahjong``
    skip them too, and every other wait agrees.
    """
    c = counts_of("999m1223333466s")
    skipped, raw = _mahjong_waits(c)
    assert waits(c) == skipped == (parse_tile("6s"),)
    assert raw == (parse_tile("3s"), parse_tile("6s"))
    assert shanten(c) == _mahjong_shanten(c) == 0


@pytest.mark.slow
def test_agrees_with_mahjong_on_random_hands() -> None:
    from mahjong.shanten import Shanten

    hands_ = _random_hands(4000, seed=7)
    for c in hands_:
        assert shanten(c) == Shanten.calculate_shanten(c), c
        assert shanten_chiitoitsu(c) == Shanten.calculate_shanten_for_chiitoitsu_hand(c)
        assert shanten_kokushi(c) == Shanten.calculate_shanten_for_kokushi_hand(c)
        assert shanten_standard(c) == Shanten.calculate_shanten_for_regular_hand(c)
        if sum(c) == 13 and shanten(c) == 0:
            skipped, raw = _mahjong_waits(c)
            assert waits(c) == skipped, c
            assert all(c[t] == 4 for t in set(raw) - set(skipped))


@pytest.mark.slow
def test_agrees_with_mahjong_on_tenpai_hands() -> None:
    from mahjong.shanten import Shanten

    rng = random.Random(11)
    fifth_copy_shapes = 0
    for _ in range(1500):
        # a random complete 14-tile hand (4 sets + pair, never 5 of a kind) less one tile
        c = [0] * 34
        while True:
            c = [0] * 34
            for _ in range(4):
                if rng.random() < 0.3:
                    c[rng.randrange(34)] += 3
                else:
                    s, p = rng.randrange(3), rng.randrange(7)
                    for k in range(9 * s + p, 9 * s + p + 3):
                        c[k] += 1
            c[rng.randrange(34)] += 2
            if max(c) <= 4:
                break
        c[rng.choice([k for k in range(34) if c[k]])] -= 1
        assert shanten(c) == Shanten.calculate_shanten(c) == 0
        skipped, raw = _mahjong_waits(c)
        assert waits(c) == skipped, c
        fifth = set(raw) - set(skipped)  # see test_mahjong_counts_a_fifth_copy_as_a_wait
        assert all(c[t] == 4 for t in fifth)
        fifth_copy_shapes += bool(fifth)
    assert fifth_copy_shapes > 0  # the seed does meet the shape
