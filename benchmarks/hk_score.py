"""Times the Hong Kong scorer on the validation cases (tests/data/hk-cases.json.gz).

Run from the repository root::

    .venv/bin/python benchmarks/hk_score.py
"""

from __future__ import annotations

import gzip
import json
import time
from pathlib import Path

from tenpai.hk.records import read_record, score_record
from tenpai.hk.score import score

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "hk-cases.json.gz"


def main() -> None:
    """Scores every case with a hand many times and prints the time per hand."""
    cases = json.loads(gzip.decompress(DATA.read_bytes()))["cases"]
    records = [read_record(c) for c in cases if c["hand"] is not None]
    hands = [(r.hand, r.situation, r.rules) for r in records if r.hand is not None]
    rounds = 50
    start = time.perf_counter()
    for _ in range(rounds):
        for hand, sit, rules in hands:
            score(hand, sit, rules, enforce_minimum=False)
    per_hand = (time.perf_counter() - start) / (rounds * len(hands))
    start = time.perf_counter()
    for _ in range(rounds):
        for c in cases:
            score_record(c)
    per_record = (time.perf_counter() - start) / (rounds * len(cases))
    print(f"score:        {per_hand * 1e6:8.1f} µs per hand ({len(hands)} hands)")
    print(f"score_record: {per_record * 1e6:8.1f} µs per record ({len(cases)} records)")


if __name__ == "__main__":
    main()
