"""Differential test: Tenpai and the `mahjong` package (v2.1.0, validated on Tenhou logs)
score the same random winning hands under Tenhou rules; every disagreement is a bug here or
a documented bug there."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tenpai.errors import NoYaku
from tenpai.hand import Hand, Meld
from tenpai.riichi import Situation, find_rules
from tenpai.riichi.score import score
from tenpai.tiles import RED_FIVES, kind

mahjong = pytest.importorskip("mahjong")
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules  # noqa: E402
from mahjong.meld import Meld as MjMeld  # noqa: E402


def random_win(
    rng: random.Random, sequences: float = 0.55, suit: int | None = None
) -> tuple[Hand, Situation] | None:
    """Deals a random complete hand (sets + pair, some called) with a random situation;
    each set is a sequence with probability *sequences*; *suit* (0-2) keeps
    every tile in one suit."""
    left = [4] * 34
    starts = [s * 9 + n for s in range(3) for n in range(7)]
    kinds = list(range(34))
    if suit is not None:
        starts = [9 * suit + n for n in range(7)]
        kinds = list(range(9 * suit, 9 * suit + 9))
    sets: list[list[int]] = []
    for _ in range(4):
        for _try in range(20):
            if rng.random() < sequences:
                k = rng.choice(starts)
                tiles = [k, k + 1, k + 2]
            else:
                k = rng.choice(kinds)
                tiles = [k] * (4 if rng.random() < 0.08 else 3)
            if all(left[t] >= tiles.count(t) for t in set(tiles)):
                for t in tiles:
                    left[t] -= 1
                sets.append(tiles)
                break
        else:
            return None
    pairs = [k for k in kinds if left[k] >= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    left[pair] -= 2
    # red fives: one of each five kind may be the red one
    reds = {4: RED_FIVES[0], 13: RED_FIVES[1], 22: RED_FIVES[2]}
    used_red: set[int] = set()

    def tile(k: int) -> int:
        if k in reds and k not in used_red and rng.random() < 0.3:
            used_red.add(k)
            return reds[k]
        return k

    concealed: list[int] = [tile(pair), tile(pair)]
    melds: list[Meld] = []
    for s in sets:
        ts = [tile(k) for k in s]
        if len(s) == 4:
            melds.append(
                Meld(
                    "ankan" if rng.random() < 0.4 else "daiminkan", tuple(ts), rng.choice((1, 2, 3))
                )
            )
        elif rng.random() < 0.25 * sequences / 0.55:
            melds.append(
                Meld(
                    "chi" if s[0] != s[1] else "pon",
                    tuple(ts),
                    3 if s[0] != s[1] else rng.choice((1, 2, 3)),
                )
            )
        else:
            concealed.extend(ts)
    win = concealed.pop(rng.randrange(len(concealed)))
    tsumo = rng.random() < 0.4
    closed = all(m.type == "ankan" for m in melds)
    riichi = closed and rng.random() < 0.5
    dora = [k for k in range(34) if left[k] > 0]
    inds = tuple(rng.sample(dora, 3))
    for k in inds:
        left[k] -= 1
    sit = Situation(
        seat_wind=rng.choice((27, 28, 29, 30)),
        round_wind=rng.choice((27, 28)),
        riichi=riichi,
        ippatsu=riichi and rng.random() < 0.2,
        dora_indicators=inds[:1] if rng.random() < 0.7 else inds[:2],
        ura_indicators=(inds[2],) if riichi else (),
    )
    seen = [win, *concealed, *[t for m in melds for t in m.tiles], *inds]
    if any(seen.count(k) == 4 for k in (4, 13, 22)):
        return None  # four plain fives: one of them would be the red one
    return Hand(tuple(concealed), tuple(melds), win, tsumo), sit


def mahjong_score(hand: Hand, sit: Situation) -> Any:
    """Scores the hand with `mahjong` (136-tile ids made up, red fives as copy 0)."""
    used: dict[int, int] = {}

    def t136(t: int) -> int:
        k = kind(t)
        if t in RED_FIVES:
            return k * 4
        used[k] = used.get(k, 0) + 1
        start = 1 if k in (4, 13, 22) else 0
        return k * 4 + start + used[k] - 1

    closed = [t136(t) for t in hand.concealed]
    win = t136(hand.win_tile) if hand.win_tile is not None else 0
    melds = []
    all_tiles = [*closed, win]
    for m in hand.melds:
        ts = [t136(t) for t in m.tiles]
        all_tiles += ts
        mtype = {"chi": MjMeld.CHI, "pon": MjMeld.PON}.get(m.type, MjMeld.KAN)
        melds.append(MjMeld(mtype, ts, opened=m.type != "ankan"))
    cfg = HandConfig(
        is_tsumo=hand.tsumo,
        is_riichi=sit.riichi,
        is_ippatsu=sit.ippatsu,
        player_wind=sit.seat_wind,
        round_wind=sit.round_wind,
        options=OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False),
    )
    dora = [t136(k) for k in sit.dora_indicators]
    ura = [t136(k) for k in sit.ura_indicators]
    return HandCalculator().estimate_hand_value(
        all_tiles,
        win,
        melds=melds,
        dora_indicators=dora,
        config=cfg,
        ura_dora_indicators=ura or None,
    )


def compare(
    count: int, seed: int, sequences: float = 0.55, one_suit: bool = False
) -> tuple[int, list[Any]]:
    """Scores *count* random wins (each set a sequence with probability *sequences*;
    *one_suit*: every hand in one suit) with both programs; gets how many agree and the
    differences. A yakuman must be a yakuman there too, and a counted yakuman (kazoe) a
    counted one (Tenpai's order: a yakuman reading wins over a kazoe reading of the same
    value)."""
    rng = random.Random(seed)
    rules = find_rules("tenhou")
    compared = agree = 0
    diffs: list[Any] = []
    while compared < count:
        dealt = random_win(rng, sequences, rng.randrange(3) if one_suit else None)
        if dealt is None:
            continue
        hand, sit = dealt
        theirs = mahjong_score(hand, sit)
        try:
            ours = score(hand, sit, rules)
        except NoYaku:
            ours = None
        compared += 1
        if ours is None:
            if theirs.error is None:
                diffs.append((hand.format(), "no yaku here", theirs.han, theirs.fu))
            else:
                agree += 1
            continue
        if theirs.error is not None:
            diffs.append((hand.format(), ours.han, ours.fu, "error there: " + theirs.error))
            continue
        their_yakuman = sorted(y.name for y in theirs.yaku if y.is_yakuman)
        if bool(ours.yakuman) != bool(their_yakuman):
            diffs.append(
                (
                    hand.format(),
                    "yakuman vs kazoe",
                    [y.id for y in ours.yakuman] or (ours.han, ours.limit),
                    their_yakuman or (theirs.han, theirs.cost["yaku_level"]),
                )
            )
            continue
        got = (ours.points, ours.han if not ours.yakuman else theirs.han)
        exp = (theirs.cost["total"], theirs.han)
        if got == exp and (ours.yakuman or ours.fu == theirs.fu or ours.limit):
            agree += 1
        else:
            diffs.append(
                (
                    hand.format(),
                    (ours.han, ours.fu, ours.points),
                    (theirs.han, theirs.fu, theirs.cost["total"]),
                )
            )
    return agree, diffs


@pytest.mark.slow  # a long oracle: make test runs it, make check does not
def test_random_hands_agree_with_mahjong() -> None:
    agree, diffs = compare(3000, 20261129)
    assert diffs == [], f"{len(diffs)} of 3000 differ: {diffs[:5]}"
    assert agree == 3000


@pytest.mark.slow  # a long oracle: make test runs it, make check does not
def test_triplet_hands_agree_with_mahjong_on_yakuman_and_kazoe() -> None:
    # concealed one-suit triplets with riichi and dora: suuankou beside a kazoe of 13 han
    agree, diffs = compare(3000, 20261201, sequences=0.3, one_suit=True)
    assert diffs == [], f"{len(diffs)} of 3000 differ: {diffs[:5]}"
    assert agree == 3000


@pytest.mark.slow
@pytest.mark.parametrize(("count", "one_suit"), [(200_000, False), (50_000, True)])
def test_many_random_hands_agree_with_mahjong(count: int, one_suit: bool) -> None:
    agree, diffs = compare(count, 7, 0.3 if one_suit else 0.55, one_suit)
    assert diffs == [], f"{len(diffs)} of {count} differ: {diffs[:5]}"
    assert agree == count
