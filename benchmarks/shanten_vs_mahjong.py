"""Compares Tenpai's shanten and waits with the ``mahjong`` package: agreement, then speed.

Seeded random 13- and 14-tile hands drawn from a 136-tile wall (half of each), plus
tenpai hands (a random complete hand less one tile) for the waits.  Run from the work tree::

    .venv/bin/python benchmarks/shanten_vs_mahjong.py --count 100000 --seed 1

The first Tenpai call reads the tables; the "cold" pass then meets every suit vector for
the first time (each is cached on first sight), the "warm" pass repeats the same hands.
``mahjong`` has no waits function: its waits are the kinds whose draw gives shanten -1,
skipping the kinds the hand holds 4 of (keeping them, it also reports fifth copies; such a
difference is counted as explained, any other as a failure: exit status 1).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence

from mahjong.shanten import Shanten

import tenpai.shanten as tsh


def random_hands(count: int, seed: int) -> list[list[int]]:
    """Draws *count* hands from a shuffled 136-tile wall, 13 and 14 tiles in turn."""
    rng = random.Random(seed)
    wall = range(136)
    out: list[list[int]] = []
    for i in range(count):
        c = [0] * 34
        for t in rng.sample(wall, 13 + i % 2):
            c[t // 4] += 1
        out.append(c)
    return out


def tenpai_hands(count: int, seed: int) -> list[list[int]]:
    """Builds *count* 13-tile tenpai hands: random sets and a pair, less one tile."""
    rng = random.Random(seed)
    out: list[list[int]] = []
    while len(out) < count:
        c = [0] * 34
        for _ in range(4):
            if rng.random() < 0.3:
                c[rng.randrange(34)] += 3
            else:
                s, p = rng.randrange(3), rng.randrange(7)
                for k in range(9 * s + p, 9 * s + p + 3):
                    c[k] += 1
        c[rng.randrange(34)] += 2
        if max(c) > 4:
            continue
        c[rng.choice([k for k in range(34) if c[k]])] -= 1
        out.append(c)
    return out


def mahjong_waits(c: list[int], keep_fifth: bool = False) -> tuple[int, ...]:
    """Finds the waits with ``mahjong``: kinds whose draw gives shanten -1."""
    found = []
    for t in range(34):
        if c[t] == 4 and not keep_fifth:
            continue
        c[t] += 1
        if Shanten.calculate_shanten(c) == -1:
            found.append(t)
        c[t] -= 1
    return tuple(found)


def rate(fn: Callable[[list[int]], object], hands: Sequence[list[int]], repeat: int = 1) -> float:
    """Times *fn* over *hands* (best of *repeat*), in hands per second."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for c in hands:
            fn(c)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def main(argv: list[str] | None = None) -> int:
    """Runs the timing and the agreement check; returns 1 on an unexplained disagreement."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=100_000, help="random hands (default 100000)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--tenpai", type=int, default=5_000, help="tenpai hands for the waits")
    args = ap.parse_args(argv)
    hands = random_hands(args.count, args.seed)
    ready = tenpai_hands(args.tenpai, args.seed + 1)
    print(f"Python {platform.python_version()}, {args.count} random hands (seed {args.seed})")

    # ---- speed: Tenpai first, so that its tables and caches start empty
    start = time.perf_counter()
    tsh.shanten(hands[0])
    first = time.perf_counter() - start
    cold = rate(tsh.shanten, hands[1:])
    warm = rate(tsh.shanten, hands, repeat=3)
    mj = rate(Shanten.calculate_shanten, hands)
    print(f"first call (reads the tables): {first * 1000:.1f} ms")
    print(f"shanten  tenpai cold {cold:>10,.0f} hands/s  ({cold / mj:.1f}x mahjong)")
    print(f"shanten  tenpai warm {warm:>10,.0f} hands/s  ({warm / mj:.1f}x mahjong)")
    print(f"shanten  mahjong     {mj:>10,.0f} hands/s")
    cold_all = args.count / (first + (args.count - 1) / cold)
    print(f"shanten  tenpai cold, first call included: {cold_all:,.0f} hands/s")
    w_ours = rate(tsh.waits, ready, repeat=3)
    w_mj = rate(mahjong_waits, ready)
    print(f"waits    tenpai      {w_ours:>10,.0f} hands/s  ({w_ours / w_mj:.1f}x mahjong)")
    print(f"waits    mahjong     {w_mj:>10,.0f} hands/s  ({len(ready)} tenpai hands)")

    # ---- agreement
    bad_shanten = 0
    for c in hands:
        if tsh.shanten(c) != Shanten.calculate_shanten(c):
            bad_shanten += 1
            print("shanten differs:", c, tsh.shanten(c), Shanten.calculate_shanten(c))
    waiting = [c for c in hands if sum(c) == 13 and tsh.shanten(c) == 0] + ready
    bad_waits = fifth = 0
    for c in waiting:
        ours = tsh.waits(c)
        if ours != mahjong_waits(c):
            bad_waits += 1
            print("waits differ:", c, ours, mahjong_waits(c))
        raw = mahjong_waits(c, keep_fifth=True)
        if raw != ours and all(c[t] == 4 for t in set(raw) - set(ours)):
            fifth += 1
    print(
        f"agreement: shanten {args.count - bad_shanten}/{args.count}, "
        f"waits {len(waiting) - bad_waits}/{len(waiting)} tenpai hands; "
        f"{fifth} hands where mahjong, fed a fifth copy of a kind held 4 times, calls it a wait "
        "(explained: no fifth copy exists)"
    )
    return 1 if bad_shanten or bad_waits else 0


if __name__ == "__main__":
    sys.exit(main())
