"""How close riichi scoring is to its floor: times, in one process and on the mix of
score_vs_mahjong.py, Tenpai's ``score``, the `mahjong` package, and the least that any
scorer returning Tenpai's result must do for each hand.

That least ("floor") is: the cached per-suit look-ups of the concealed tiles, the readings
made from them (``Decomposition`` and ``Reading`` values), the reading's facts (one tuple)
and the ``Score`` with its seats' deltas, its values taken from the real result. It checks
nothing and tests no yaku; it counts no fu, dora or payment. Whatever a scorer does beyond it
(checking the tiles and the situation, the features, the yaku, the fu, the dora, the
payments) must fit in the time left for a given speed.

    python benchmarks/score_floor.py [--count 1000] [--seed 7] [--rounds 7]
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Callable
from typing import Any

from score_vs_mahjong import load_mix, mahjong_inputs
from tenpai.analysis import combine_parts, suit_parts
from tenpai.riichi.records import read_record
from tenpai.riichi.score import score
from tenpai.tiles import KIND_OF

score_module = importlib.import_module("tenpai.riichi.score")
usual_module = importlib.import_module("tenpai.riichi.usual")
yaku_module = importlib.import_module("tenpai.riichi.yaku")


def main() -> int:
    """Prints the three timings per hand and what the floor leaves for 5x mahjong."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()

    from mahjong.hand_calculating.hand import HandCalculator

    mix = load_mix(args.count, args.seed)
    ours = [read_record(r) for r in mix]
    theirs = [mahjong_inputs(r) for r in mix]
    calc = HandCalculator()
    results = [score(h, s, r) for h, s, r in ours]  # also fills Tenpai's caches
    candidates = [
        score_module._Candidate(
            (s.points, s.han or 0, s.fu or 0),
            s.reading,
            s.yaku,
            s.dora,
            s.yakuman,
            s.han,
            s.fu,
            s.fu_parts,
            s.basic,
            s.limit,
            dict(s.base_payments),
            s.points,
            0,
        )
        for s in results
    ]
    floor_inputs = list(zip(ours, candidates, [s.payments for s in results], strict=True))
    parts_cache = usual_module._PARTS
    facts_type = yaku_module.Facts
    new_tuple = tuple.__new__
    make_score = score_module._make_score

    def floor() -> None:
        for (hand, sit, rules), best, payments in floor_inputs:
            every = bytes(hand.counts)
            win = KIND_OF[hand.win_tile]
            keys = (every[0:9], every[9:18], every[18:27], every[27:34])
            parts = [parts_cache[i].get(k) or suit_parts(k, 9 * i, -1) for i, k in enumerate(keys)]
            parts[win // 9] = suit_parts(keys[win // 9], 9 * (win // 9), win)
            for reading, seqs, trips in combine_parts(parts, None if hand.melds else hand.counts):
                new_tuple(
                    facts_type, (reading, "standard", reading.wait, -1, seqs, trips, *[0] * 21)
                )
            make_score(hand, sit, rules, best, payments)

    def tenpai() -> None:
        for hand, sit, rules in ours:
            score(hand, sit, rules)

    def mahjong() -> None:
        for tiles, win, melds, dora, cfg, ura in theirs:
            calc.estimate_hand_value(
                tiles, win, melds=melds, dora_indicators=dora, config=cfg, ura_dora_indicators=ura
            )

    runs: dict[str, Callable[[], None]] = {"tenpai": tenpai, "mahjong": mahjong, "floor": floor}
    best: dict[str, float] = dict.fromkeys(runs, float("inf"))
    for _ in range(args.rounds):  # the rounds alternate, so that a slow spell slows all three
        for name, run in runs.items():
            t0 = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - t0)
    n = len(mix)
    us: dict[str, Any] = {name: t / n * 1e6 for name, t in best.items()}
    print(f"mix: {n} real wins (seed {args.seed}); best of {args.rounds} rounds, per hand")
    print(f"tenpai  : {us['tenpai']:6.1f} us  ({best['mahjong'] / best['tenpai']:.2f}x mahjong)")
    print(f"mahjong : {us['mahjong']:6.1f} us")
    print(f"floor   : {us['floor']:6.1f} us  (look-ups, readings, facts and Score only)")
    target = us["mahjong"] / 5
    print(
        f"5x mahjong is {target:.1f} us a hand: the floor takes {us['floor'] / target:.0%} "
        f"of it, leaving {target - us['floor']:.1f} us for every check, yaku, fu, dora and "
        f"payment (Tenpai spends {us['tenpai'] - us['floor']:.1f} us on them)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
