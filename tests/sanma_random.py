"""Random three-player wins for the differential tests: complete hands of the 108-tile set with
pons and kans (never a chi), kita, red 5p/5s, riichi or not, ron or tsumo, East/South/West
seats, dora and ura indicators. Written apart from the trainer's dealer, so that it tests
the scorer, not the dealer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tenpai.hand import Hand, Meld
from tenpai.riichi.situation import Situation

KINDS = tuple(k for k in range(34) if not 1 <= k <= 7)  # no 2m to 8m
NORTH = 30
RED = {13: 35, 22: 36}  # 5p, 5s -> their red tiles (Tenpai's ids)


@dataclass(frozen=True)
class Win:
    """One random win: Tenpai's hand and situation, and the kinds for another engine."""

    hand: Hand
    sit: Situation
    concealed: tuple[int, ...]  # Tenpai tiles (red fives as 35/36), the winning tile excluded
    melds: tuple[tuple[str, tuple[int, ...]], ...]  # (type, Tenpai tiles)
    win: int
    kita: int


def _groups(rng: random.Random) -> list[tuple[int, ...]] | None:
    if rng.random() < 0.08:  # seven pairs: the "sets" are the first four pairs, no meld
        pairs = rng.sample(KINDS, 7)
        return [(k, k) for k in pairs[:4]] + [(k, k) for k in pairs[4:]]
    counts = [0] * 34
    groups: list[tuple[int, ...]] = []
    for _ in range(4):
        if rng.random() < 0.55:
            s = rng.choice((1, 2))
            i = rng.randrange(7)
            g: tuple[int, ...] = (9 * s + i, 9 * s + i + 1, 9 * s + i + 2)
        else:
            g = (rng.choice(KINDS),) * 3
        groups.append(g)
        for k in g:
            counts[k] += 1
    pair = rng.choice(KINDS)
    counts[pair] += 2
    groups.append((pair, pair))
    return groups if max(counts) <= 4 else None


def random_win(rng: random.Random) -> Win | None:
    """Gets a random complete three-player win, or None when the draw made an impossible one
    (too many copies)."""
    groups = _groups(rng)
    if groups is None:
        return None
    sets, pair = groups[:4], groups[4]
    if len(groups) > 5:  # seven pairs
        sets, pair = groups[:6], groups[6]
    melds: list[tuple[str, tuple[int, ...]]] = []
    concealed_groups: list[tuple[int, ...]] = []
    for g in sets:
        r = rng.random()
        if len(g) == 2:
            concealed_groups.append(g)
        elif g[0] == g[1] and r < 0.25:
            melds.append(("pon", g))
        elif g[0] == g[1] and r < 0.32:
            melds.append((rng.choice(("ankan", "daiminkan", "shouminkan")), g + g[:1]))
        else:
            concealed_groups.append(g)
    counts = [0] * 34
    for g in [*sets, pair]:
        for k in g:
            counts[k] += 1
    for _, g in melds:
        if len(g) == 4:
            counts[g[0]] += 1
    if max(counts) > 4:
        return None
    kita = rng.choice((0, 0, 1, 1, 1, 2, 2, 3, 4))
    kita = min(kita, 4 - counts[NORTH])
    concealed = [k for g in [*concealed_groups, pair] for k in g]
    win = rng.choice(concealed)
    concealed.remove(win)
    # red fives: one of each 5p/5s may be red (always the fourth copy)
    reds_used: set[int] = set()

    def redden(tiles: list[int]) -> list[int]:
        out = []
        for k in tiles:
            if k in RED and k not in reds_used and (counts[k] == 4 or rng.random() < 0.3):
                reds_used.add(k)
                out.append(RED[k])
            else:
                out.append(k)
        return out

    win_t = redden([win])[0]
    concealed_t = redden(concealed)
    melds_t = tuple((t, tuple(redden(list(g)))) for t, g in melds)
    is_open = any(t != "ankan" for t, _ in melds)
    tsumo = rng.random() < 0.45
    riichi = not is_open and rng.random() < 0.6
    seat = rng.choice((27, 28, 29))
    # the wall as the physical set: one of the four 5p and 5s is the red one
    wall = [t for k in KINDS for t in ((k, k, k, RED[k]) if k in RED else (k,) * 4)]
    for t in (*concealed_t, win_t, *(t for _, g in melds_t for t in g)):
        wall.remove(t)
    for _ in range(kita):
        wall.remove(NORTH)
    n_kans = sum(1 for t, _ in melds if t != "pon")
    inds = rng.sample(wall, 2 * (1 + n_kans))
    dora, ura = inds[: 1 + n_kans], inds[1 + n_kans :]
    hand = Hand(
        tuple(concealed_t),
        tuple(Meld(t, g, 0 if t == "ankan" else 1) for t, g in melds_t),
        win_t,
        tsumo,
        kita,
    )
    sit = Situation(
        seat_wind=seat,
        round_wind=rng.choice((27, 28)),
        riichi=riichi,
        dora_indicators=tuple(dora),
        ura_indicators=tuple(ura) if riichi else (),
        discarder=None if tsumo else rng.choice((1, 2)),
    )
    return Win(hand, sit, tuple(concealed_t), melds_t, win_t, kita)
