"""Scores random hands in one process and reports its resident memory (RSS) as it goes, to
show that the scorer's and the analysis' caches stay bounded.

Each step builds one random complete hand (four sets and a pair drawn at random: sequences
and triplets of any suit, honours, red fives, zero to two called melds, sometimes a kan),
scores it with a random situation (seat, riichi, tsumo, dora) under one of the presets, and
runs the shanten and waits analysis on its 13 tiles before the win and on 13 tiles drawn at
random from a shuffled wall (the widest spread of suit shapes); a hand without a yaku counts
as scored (its error is the answer). Seeded: the same run gives the same hands.

    python benchmarks/memory_bound.py [--hands 1000000] [--seed 1] [--every 100000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from tenpai.errors import TenpaiError  # noqa: E402
from tenpai.hand import Hand, Meld  # noqa: E402
from tenpai.riichi.rules import find_rules  # noqa: E402
from tenpai.riichi.score import score  # noqa: E402
from tenpai.riichi.situation import Situation  # noqa: E402
from tenpai.shanten import load_tables, shanten, waits  # noqa: E402
from tenpai.tiles import counts34, red_of  # noqa: E402

RULES = [find_rules(n) for n in ("bareme", "tenhou", "wrc", "ema", "majsoul")]
WALL = [k for k in range(34) for _ in range(4)]


def rss_mib() -> float:
    """Gets the resident memory of this process in MiB (Linux /proc)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def random_hand(rng: random.Random) -> Hand | None:
    """Builds a random complete hand, or None when the draw used a fifth copy."""
    counts = [0] * 34
    sets: list[list[int]] = []
    for _ in range(4):
        if rng.random() < 0.55:
            suit, start = rng.randrange(3), rng.randrange(7)
            kinds = [9 * suit + start + i for i in range(3)]
        else:
            kinds = [rng.randrange(34)] * 3
        sets.append(kinds)
        for k in kinds:
            counts[k] += 1
    pair = rng.randrange(34)
    counts[pair] += 2
    if max(counts) > 4:
        return None
    melds: list[Meld] = []
    for kinds in sets[: rng.choice((0, 0, 0, 1, 1, 2))]:
        if kinds[0] == kinds[1]:
            if rng.random() < 0.15 and counts[kinds[0]] == 3:
                melds.append(Meld("daiminkan", (kinds[0],) * 4, rng.choice((1, 2, 3))))
            else:
                melds.append(Meld("pon", tuple(kinds), rng.choice((1, 2, 3))))
        else:
            melds.append(Meld("chi", tuple(kinds), 3))
        for k in kinds:
            counts[k] -= 1
    concealed = [k for k in range(34) for _ in range(counts[k])]
    for i, k in enumerate(concealed):  # one red five in four
        red = red_of(k)
        if red is not None and rng.random() < 0.25:
            concealed[i] = red
            break
    win = concealed.pop(rng.randrange(len(concealed)))
    return Hand(tuple(concealed), tuple(melds), win, rng.random() < 0.4)


def random_situation(rng: random.Random, closed: bool) -> Situation:
    riichi = closed and rng.random() < 0.4
    return Situation(
        seat_wind=27 + rng.randrange(4),
        round_wind=27 + rng.randrange(2),
        riichi=riichi,
        ippatsu=riichi and rng.random() < 0.15,
        dora_indicators=(rng.randrange(34),),
        ura_indicators=(rng.randrange(34),) if riichi else (),
        honba=rng.randrange(3),
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", type=int, default=100_000)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    load_tables()
    start = rss_mib()
    print(f"start: {start:.0f} MiB RSS (tables and modules loaded)")
    done = scored = 0
    t0 = time.perf_counter()
    while done < args.hands:
        hand = random_hand(rng)
        if hand is None:
            continue
        done += 1
        try:
            score(hand, random_situation(rng, hand.is_closed), rng.choice(RULES))
            scored += 1
        except TenpaiError:
            pass  # no yaku: the error is the answer
        before = counts34(hand.concealed)
        shanten(before, len(hand.melds))
        waits(before, len(hand.melds))
        drawn = [0] * 34
        for t in rng.sample(WALL, 13):
            drawn[t] += 1
        shanten(drawn)
        waits(drawn)
        if done % args.every == 0:
            rate = done / (time.perf_counter() - t0)
            print(
                f"{done:>9,} hands ({scored:,} with a yaku): {rss_mib():6.0f} MiB RSS,"
                f" {rate:,.0f} hands/s",
                flush=True,
            )


if __name__ == "__main__":
    main()
