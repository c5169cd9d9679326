"""Counts the bytecode instructions and Python calls per hand that Tenpai and the `mahjong`
package execute on the mix of score_vs_mahjong.py: a measure of the work done that, unlike
timings, does not wander with the load of a shared machine (work done in C, such as hashing
or building objects, is not counted, so it is only a guide).

Tenpai is counted on its first (cold) round, caches empty, then on a second (warm) round.

    python benchmarks/score_opcodes.py [--count 1000] [--seed 7]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

from score_vs_mahjong import load_mix, mahjong_inputs
from tenpai.riichi.records import read_record
from tenpai.riichi.score import score


def counted(run: Callable[[], object]) -> tuple[int, int]:
    """Gets the instructions and calls executed by *run*."""
    ops = calls = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal ops, calls
        if event == "call":
            calls += 1
            frame.f_trace_opcodes = True
        elif event == "opcode":
            ops += 1
        return trace

    sys.settrace(trace)
    try:
        run()
    finally:
        sys.settrace(None)
    return ops, calls


def main() -> int:
    """Prints the counts per hand."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()

    from mahjong.hand_calculating.hand import HandCalculator

    mix = load_mix(args.count, args.seed)
    ours = [read_record(r) for r in mix]
    theirs = [mahjong_inputs(r) for r in mix]
    calc = HandCalculator()

    def run_ours() -> None:
        for hand, sit, rules in ours:
            score(hand, sit, rules)

    def run_theirs() -> None:
        for tiles, win, melds, dora, cfg, ura in theirs:
            calc.estimate_hand_value(
                tiles, win, melds=melds, dora_indicators=dora, config=cfg, ura_dora_indicators=ura
            )

    n = len(mix)
    for name, run in (("tenpai cold", run_ours), ("tenpai warm", run_ours)):
        ops, calls = counted(run)
        print(f"{name:12}: {ops / n:7,.0f} instructions, {calls / n:5.1f} calls per hand")
    run_theirs()
    ops, calls = counted(run_theirs)
    print(f"{'mahjong':12}: {ops / n:7,.0f} instructions, {calls / n:5.1f} calls per hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
