"""Compares the trainer's dealt hands with real Tenhou wins and prints the distances.

    .venv/bin/python benchmarks/dealer_realism.py [N] [SEED]

Real side: the standard-rule 4-player wins of ``tests/data/tenhou-agari.jsonl.gz`` that are not
yakuman (Tenhou's own han, fu and yaku). Dealt side: N hands (default 10,000) of level
``intermediaire``, focus ``any``, rules ``tenhou`` (the real games' rules). Targets (the trainer
issue): total variation distance <= 0.10 for han (1, 2, 3, 4, 5+) and for fu (20 ... 110);
open/closed and ron/tsumo shares within 5 points; each of the ten most frequent real yaku within
5 points of its real frequency. Dora per hand (dora + aka + ura) is printed with its TVD.
The figures go to docs/benchmarks.md ("Dealer realism").
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from tenhou_check import TENHOU_YAKU, records  # noqa: E402
from tenpai.interchange import score_record  # noqa: E402
from tenpai.riichi.deal import Deal, deal_many, deal_record  # noqa: E402
from tenpai.tiles import counts34, is_red  # noqa: E402

HAN_BINS = ("1", "2", "3", "4", "5+")
FU_BINS = tuple(str(f) for f in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110))
DORA_BINS = ("0", "1", "2", "3", "4", "5+")
_DORA_IDS = ("dora", "aka_dora", "ura_dora")
TARGET_TVD = 0.10
TARGET_POINTS = 5.0


@dataclass(frozen=True, slots=True)
class Sample:
    """What is compared of one win: han, fu, open?, tsumo?, its yaku ids, its dora count."""

    han: int
    fu: int
    open: bool
    tsumo: bool
    yaku: frozenset[str]
    dora: int


@dataclass(frozen=True, slots=True)
class Stats:
    """Shares over a set of wins."""

    n: int
    han: dict[str, float]
    fu: dict[str, float]
    open: float
    tsumo: float
    yaku: dict[str, float]
    dora: dict[str, float]
    dora_mean: float


def _shares(values: Iterable[str], bins: tuple[str, ...], n: int) -> dict[str, float]:
    c = Counter(values)
    return {b: c[b] / n for b in bins}


def stats_of(samples: list[Sample]) -> Stats:
    """Computes the shares of *samples*."""
    n = len(samples)
    yaku: Counter[str] = Counter()
    for s in samples:
        yaku.update(s.yaku)
    return Stats(
        n=n,
        han=_shares((str(s.han) if s.han < 5 else "5+" for s in samples), HAN_BINS, n),
        fu=_shares((str(min(s.fu, 110)) for s in samples), FU_BINS, n),
        open=sum(s.open for s in samples) / n,
        tsumo=sum(s.tsumo for s in samples) / n,
        yaku={k: v / n for k, v in yaku.items()},
        dora=_shares((str(s.dora) if s.dora < 5 else "5+" for s in samples), DORA_BINS, n),
        dora_mean=sum(s.dora for s in samples) / n,
    )


def real_samples() -> list[Sample]:
    """Reads the real non-yakuman wins of the standard 4-player tables."""
    out = []
    for r in records():
        if not r["ruleset"]["standard_rules"] or r["ruleset"]["players"] != 4:
            continue
        th = r["tenhou"]
        if th["yakuman"]:
            continue
        ids = {TENHOU_YAKU[y["id"]] for y in th["yaku"] if y["han"] > 0}
        dora = sum(y["han"] for y in th["yaku"] if TENHOU_YAKU[y["id"]] in _DORA_IDS)
        out.append(
            Sample(
                han=th["han"],
                fu=th["fu"],
                open=not r["is_closed_hand"],
                tsumo=bool(r["tsumo"]),
                yaku=frozenset(ids - set(_DORA_IDS)),
                dora=dora,
            )
        )
    return out


def dealt_samples(n: int, seed: int = 0, rules: str = "tenhou") -> list[Sample]:
    """Deals *n* hands (seeds *seed* ...) and reads the same figures off their scores."""
    return samples_of(deal_many(n, seed, "intermediaire", "any", rules))


def samples_of(deals: list[Deal]) -> list[Sample]:
    """Reads the compared figures off the scores of dealt hands."""
    out = []
    for d in deals:
        s = d.score
        assert s.han is not None and s.fu is not None
        out.append(
            Sample(
                han=s.han,
                fu=s.fu,
                open=not s.hand.is_closed,
                tsumo=s.hand.tsumo,
                yaku=frozenset(y.id for y in s.yaku),
                dora=sum(d.han for d in s.dora),
            )
        )
    return out


def validity(deals: list[Deal]) -> dict[str, int]:
    """Counts the dealt hands that break a rule: a fifth tile (dora and ura indicators
    included) or too many red fives, a yakuman, a record that does not score back to the same
    han, fu and points."""
    out = {"hands": len(deals), "invalid": 0, "yakuman": 0, "record errors": 0}
    for d in deals:
        sit = d.situation
        tiles = [*d.hand.all_tiles(), *sit.dora_indicators, *sit.ura_indicators]
        reds = [sum(1 for t in tiles if is_red(t) and t - 34 == s) for s in range(3)]
        if max(counts34(tiles)) > 4 or any(
            n > m for n, m in zip(reds, d.rules.max_red, strict=True)
        ):
            out["invalid"] += 1
        if d.score.yakuman or d.score.limit == "kazoe_yakuman":
            out["yakuman"] += 1
        res = score_record(deal_record(d, expected=False))
        if res["error"] or (res["han"], res["fu"], res["points"]) != (
            d.score.han,
            d.score.fu,
            d.score.points,
        ):
            out["record errors"] += 1
    return out


def tvd(a: dict[str, float], b: dict[str, float]) -> float:
    """Computes the total variation distance of two distributions over the same bins."""
    return sum(abs(a.get(k, 0.0) - b.get(k, 0.0)) for k in set(a) | set(b)) / 2


@dataclass(frozen=True, slots=True)
class Distances:
    """Every compared figure: (name, distance, target, unit)."""

    rows: tuple[tuple[str, float, float | None, str], ...]

    def failures(self) -> list[str]:
        """Lists the figures that miss their target."""
        return [name for name, d, target, _ in self.rows if target is not None and d > target]


def distances(real: Stats, dealt: Stats) -> Distances:
    """Compares *dealt* with *real* figure by figure."""
    rows: list[tuple[str, float, float | None, str]] = [
        ("han TVD", tvd(real.han, dealt.han), TARGET_TVD, ""),
        ("fu TVD", tvd(real.fu, dealt.fu), TARGET_TVD, ""),
        ("open share", 100 * abs(real.open - dealt.open), TARGET_POINTS, "pts"),
        ("tsumo share", 100 * abs(real.tsumo - dealt.tsumo), TARGET_POINTS, "pts"),
    ]
    top = sorted(real.yaku, key=lambda k: -real.yaku[k])[:10]
    for y in top:
        d = 100 * abs(real.yaku[y] - dealt.yaku.get(y, 0.0))
        rows.append((f"yaku {y}", d, TARGET_POINTS, "pts"))
    rows.append(("dora per hand TVD", tvd(real.dora, dealt.dora), None, ""))
    rows.append(("dora per hand mean", abs(real.dora_mean - dealt.dora_mean), None, ""))
    return Distances(tuple(rows))


def report(real: Stats, dealt: Stats) -> str:
    """Writes the comparison as a Markdown table."""
    d = distances(real, dealt)
    lines = [
        f"real wins: {real.n}, dealt hands: {dealt.n}",
        "",
        "| figure | real | dealt | distance | target |",
        "| --- | --- | --- | --- | --- |",
    ]
    top = sorted(real.yaku, key=lambda k: -real.yaku[k])[:10]
    shown = {
        "han TVD": (_fmt(real.han), _fmt(dealt.han)),
        "fu TVD": (_fmt(real.fu), _fmt(dealt.fu)),
        "open share": (f"{real.open:.3f}", f"{dealt.open:.3f}"),
        "tsumo share": (f"{real.tsumo:.3f}", f"{dealt.tsumo:.3f}"),
        "dora per hand TVD": (_fmt(real.dora), _fmt(dealt.dora)),
        "dora per hand mean": (f"{real.dora_mean:.2f}", f"{dealt.dora_mean:.2f}"),
    }
    for y in top:
        shown[f"yaku {y}"] = (f"{real.yaku[y]:.3f}", f"{dealt.yaku.get(y, 0.0):.3f}")
    for name, dist, target, unit in d.rows:
        r, g = shown[name]
        tgt = "-" if target is None else f"<= {target:g} {unit}".rstrip()
        ok = "" if target is None else (" ok" if dist <= target else " MISSED")
        lines.append(f"| {name} | {r} | {g} | {dist:.3f} {unit}{ok} | {tgt} |")
    return "\n".join(lines)


def _fmt(shares: dict[str, float]) -> str:
    return " ".join(f"{k}:{v:.3f}" for k, v in shares.items() if v >= 0.0005)


def main(argv: list[str]) -> int:
    """Runs the comparison; returns 1 when a target is missed."""
    n = int(argv[0]) if argv else 10_000
    seed = int(argv[1]) if len(argv) > 1 else 0
    real = stats_of(real_samples())
    t0 = time.perf_counter()
    deals = deal_many(n, seed, "intermediaire", "any", "tenhou")
    took = time.perf_counter() - t0
    dealt = stats_of(samples_of(deals))
    print(report(real, dealt))
    print(f"\ndealt {n} hands in {took:.1f} s ({1000 * took / n:.2f} ms per hand)")
    print("validity:", ", ".join(f"{k} {v}" for k, v in validity(deals).items()))
    missed = distances(real, dealt).failures()
    if missed:
        print("missed:", ", ".join(missed))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
