"""Times the scorer written for C (``riichi/_cscore.pyx``'s ``score_usual_c``) alone on the
inputs of benchmarks/score_vs_peers.py's mix (1,000 real wins, seed 7, read as ``score_many``
reads them), and prints its CPU time per hand two ways:

- *inputs in the cache*: the inputs scored round after round, nothing between two rounds
  (as a record is scored just after it is read, in ``score_many`` and ``tenpai score
  --jsonl``);
- *inputs out of the cache*: as ``score_vs_peers.py``'s split of ``score_many`` times it,
  the garbage collector run and the JSON lines decoded and the records read between two
  rounds (what was read a step before has left the processor's caches).

Best of ``--rounds`` rounds, the garbage collector off while a round is timed.  For the
instructions a hand, run it under ``valgrind --tool=callgrind --collect-atstart=no
--toggle-collect='*score_usual_c'`` with ``--loop N`` (docs/benchmarks.md, "The C scorer's
cost per hand").

    python benchmarks/cscore_per_hand.py [--rounds 10] [--loop 0]
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from score_vs_mahjong import load_mix  # noqa: E402
from tenpai._compiled import core  # noqa: E402


def cpu_round(inputs: list[tuple[Any, ...]], score: Any) -> float:
    gc.disable()
    c0 = time.process_time()
    for x in inputs:
        score(*x)
    c = time.process_time() - c0
    gc.enable()
    return c


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--loop", type=int, default=0, help="only score the inputs N times (no timing)")
    args = ap.parse_args()
    path = core("_cbatch")
    cscore = importlib.import_module("tenpai.riichi.score")._cscore
    if path is None or cscore is None:
        print("the compiled core is not built here (or TENPAI_PURE is set)")
        return 1
    mix = load_mix(1000, 7)
    inputs = [x for x in (path.record_inputs(r) for r in mix) if x is not None]
    score = cscore.score_usual_c
    for x in inputs:  # (the rulesets read, the caches filled: a warm scorer)
        cscore.score_usual(*x)
    if args.loop:
        for _ in range(args.loop):
            cpu_round(inputs, score)
        return 0
    scored = sum(type(score(*x)).__name__ == "Score" for x in inputs)
    lines = [json.dumps(r) for r in mix]
    hot = cold = float("inf")
    for _ in range(args.rounds):
        hot = min(hot, cpu_round(inputs, score))
    for _ in range(args.rounds):
        gc.collect()
        [path.decode_record(line) for line in lines]
        [path.record_inputs(r) for r in mix]
        gc.collect()
        cold = min(cold, cpu_round(inputs, score))
    n = len(inputs)
    print(f"the C scorer on the mix: {n} inputs, {scored} scored in C, best of {args.rounds}")
    print(f"  inputs in the cache    : {hot / n * 1e6:.2f} us a hand (CPU)")
    print(f"  inputs out of the cache: {cold / n * 1e6:.2f} us a hand (CPU)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
