"""Scores the same seeded mix of real wins with Tenpai (the scorer written for C, the compiled
twin of the fast core, the pure path), the `mahjong` package and riichienv, and prints hands
per second and the ratios.

The mix is benchmarks/score_vs_mahjong.py's (1,000 real Tenhou wins, seed 7). Inputs are
converted for every library before timing; only the scoring calls are timed, except for
``score_many`` (on the decoded records: validation included; on the JSON lines: decoding
too), riichienv called on the same decoded records (its inputs built from each record, as a
program holding records calls it: the "riichienv (records)" row, the fair peer of a batch
API that reads records) and the command line (``tenpai score --jsonl`` on the mix written as
JSON lines, and on
all the real records: start-up, reading, writing; the start-up alone is timed apart, on an
empty file). The command line runs with its bytecode cached, as an installed package does
(``PYTHONDONTWRITEBYTECODE`` is left out of its environment).

Warm figures: one process, the rounds alternating between the scorers (best of ``--rounds``),
the garbage collector off while a round is timed (as timeit does); by wall time and by the
process's CPU time (which leaves out the shared machine's waits).
Cold figures: the first round. Tenpai's caches are process-wide and its two paths share most
of them, so each Tenpai path's cold round runs in a fresh process of its own (this script
with ``--cold compiled|pure``), timed there the same way.

    python benchmarks/score_vs_peers.py [--count 1000] [--seed 7] [--rounds 5]
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from score_vs_mahjong import DATA, load_mix, mahjong_inputs  # noqa: E402
from tenpai.interchange import score_many  # noqa: E402
from tenpai.riichi import usual  # noqa: E402
from tenpai.riichi.records import read_record  # noqa: E402

score_module = importlib.import_module("tenpai.riichi.score")
COMPILED_USUAL = score_module.score_usual  # the scorer written for C, where it is valid
TWIN_USUAL = score_module.usual_core  # the fast core: its compiled twin, or the pure one
WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}


def riichienv_inputs(rec: dict[str, Any]) -> tuple[Any, ...]:
    """Converts a record to riichienv's HandEvaluator arguments."""
    import riichienv as rv

    kinds = {
        "chi": rv.MeldType.Chi,
        "pon": rv.MeldType.Pon,
        "daiminkan": rv.MeldType.Daiminkan,
        "ankan": rv.MeldType.Ankan,
        "shouminkan": rv.MeldType.Kakan,
    }
    melds = [
        rv.Meld(kinds[m["type"]], list(m["tiles_136"]), m["type"] != "ankan") for m in rec["melds"]
    ]
    f = rec["flags"]
    cond = rv.Conditions(
        tsumo=rec["tsumo"],
        riichi=f["riichi"] or f["double_riichi"],
        double_riichi=f["double_riichi"],
        ippatsu=f["ippatsu"],
        haitei=f["haitei"],
        houtei=f["houtei"],
        rinshan=f["rinshan"],
        chankan=f["chankan"],
        tsumo_first_turn=f["tenhou"] or f["chiihou"],
        player_wind=WINDS[rec["seat_wind"]],
        round_wind=WINDS[rec["round"]["round_wind"]],
    )
    return (
        list(rec["closed_tiles_136"]),
        melds,
        rec["win_tile_136"],
        list(rec["dora_indicators_136"]),
        cond,
        list(rec["ura_dora_indicators_136"] or []),
    )


def load_all() -> list[dict[str, Any]]:
    """Gets every real record of the data file (four and three players, every rule)."""
    import gzip

    with gzip.open(DATA, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def riichienv_points(res: Any, tsumo: bool, dealer: bool) -> int:
    if not res.is_win:
        return 0
    if not tsumo:
        return int(res.ron_agari)
    if dealer:
        return 3 * int(res.tsumo_agari_ko)
    return int(res.tsumo_agari_oya) + 2 * int(res.tsumo_agari_ko)


def runners(mix: list[dict[str, Any]]) -> dict[str, Callable[[], list[int]]]:
    import riichienv as rv
    from mahjong.hand_calculating.hand import HandCalculator

    ours = [read_record(r) for r in mix]
    theirs = [mahjong_inputs(r) for r in mix]
    renv = [(riichienv_inputs(r), r["tsumo"], r["is_dealer"]) for r in mix]
    calc = HandCalculator()
    score = score_module.score

    def compiled() -> list[int]:
        score_module.score_usual = COMPILED_USUAL
        return [score(h, s, r).points for h, s, r in ours]

    def with_core(core: Callable[..., Any]) -> list[int]:
        score_module.score_usual = core
        try:
            return [score(h, s, r).points for h, s, r in ours]
        finally:
            score_module.score_usual = COMPILED_USUAL

    def twin() -> list[int]:
        return with_core(TWIN_USUAL)

    def pure() -> list[int]:
        return with_core(usual.score_usual)

    def many() -> list[int]:
        score_module.score_usual = COMPILED_USUAL
        return [r.get("points", 0) for r in score_many(mix)]

    lines = [json.dumps(r) for r in mix]

    def many_lines() -> list[int]:
        score_module.score_usual = COMPILED_USUAL
        return [r.get("points", 0) for r in score_many(lines)]

    def mahjong() -> list[int]:
        out = []
        for tiles, win, melds, dora, cfg, ura in theirs:
            res = calc.estimate_hand_value(
                tiles, win, melds=melds, dora_indicators=dora, config=cfg, ura_dora_indicators=ura
            )
            out.append(res.cost["total"] if res.cost else 0)
        return out

    def riichienv() -> list[int]:
        out = []
        for (tiles, melds, win, dora, cond, ura), tsumo, dealer in renv:
            res = rv.HandEvaluator(tiles, melds).calc(win, dora, cond, ura)
            out.append(riichienv_points(res, tsumo, dealer))
        return out

    def riichienv_records() -> list[int]:
        out = []
        for r in mix:
            tiles, melds, win, dora, cond, ura = riichienv_inputs(r)
            res = rv.HandEvaluator(tiles, melds).calc(win, dora, cond, ura)
            out.append(riichienv_points(res, r["tsumo"], r["is_dealer"]))
        return out

    return {
        "tenpai compiled": compiled,
        "tenpai twin": twin,
        "tenpai pure": pure,
        "tenpai score_many": many,
        "score_many (JSON)": many_lines,
        "mahjong": mahjong,
        "riichienv": riichienv,
        "riichienv (records)": riichienv_records,
    }


def timed(fn: Callable[[], Any]) -> tuple[float, Any, float]:
    """Times one round, the garbage collector off (as timeit does): each library's
    allocations would otherwise start collections that walk the others' objects. Gets the
    wall time, the result and the CPU time."""
    gc.collect()
    gc.disable()
    c0 = time.process_time()
    t0 = time.perf_counter()
    out = fn()
    t = time.perf_counter() - t0
    c = time.process_time() - c0
    gc.enable()
    return t, out, c


def cold_round(path: str, count: int, seed: int) -> tuple[float, float]:
    """Times the first round of one Tenpai path in a fresh process: wall and CPU time."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    cmd = [sys.executable, __file__, "--cold", path, "--count", str(count), "--seed", str(seed)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    wall, cpu = out.stdout.split()
    return float(wall), float(cpu)


def cli_seconds(path: str) -> tuple[float, float, int]:
    """Runs ``tenpai score --jsonl PATH`` (best of five, after one run that writes the
    bytecode), its output read from a pipe as bytes (decoding it is this script's work, done
    after the command ends: it was timed with it until the end of stop 14): wall seconds, CPU
    seconds, lines written."""
    tenpai = Path(sys.executable).with_name("tenpai")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cmd = [str(tenpai), "score", "--jsonl", path]
    subprocess.run(cmd, capture_output=True, env=env, check=False)
    best = cpu = float("inf")
    lines = 0
    for _ in range(5):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        out = subprocess.run(cmd, capture_output=True, env=env, check=False)
        best = min(best, time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = min(cpu, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        lines = out.stdout.count(b"\n")
    return best, cpu, lines


def cli_rates(recs: list[dict[str, Any]]) -> tuple[float, float, int]:
    """Runs ``tenpai score --jsonl`` on *recs*: records a second (wall, CPU), lines."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as fh:
        for rec in recs:
            fh.write(json.dumps(rec) + "\n")
    wall, cpu, lines = cli_seconds(fh.name)
    os.unlink(fh.name)
    return len(recs) / wall, len(recs) / cpu, lines


def many_split(mix: list[dict[str, Any]], rounds: int) -> dict[str, tuple[float, float]]:
    """Times the steps of score_many's record path alone on the mix (best of *rounds*, wall
    and CPU seconds): the JSON lines decoded, the records checked and read into the scorer's
    inputs, the inputs scored by the scorer written for C, the result dicts built."""
    from tenpai._compiled import core

    path = core("_cbatch")
    cscore = score_module._cscore
    if path is None or cscore is None:
        return {}
    lines = [json.dumps(r) for r in mix]
    inputs = [x for x in (path.record_inputs(r) for r in mix) if x is not None]
    scores = [s for s in (cscore.score_usual_c(*x) for x in inputs) if type(s).__name__ == "Score"]
    steps: dict[str, Callable[[], Any]] = {
        "decode (JSON line)": lambda: [path.decode_record(x) for x in lines],
        "check + read": lambda: [path.record_inputs(r) for r in mix],
        "score (C scorer)": lambda: [cscore.score_usual_c(*x) for x in inputs],
        "result dict": lambda: [path.record_result(s, None) for s in scores],
    }
    out: dict[str, tuple[float, float]] = {}
    for _ in range(rounds):
        for name, fn in steps.items():
            t, _, c = timed(fn)
            best = out.get(name, (t, c))
            out[name] = (min(best[0], t), min(best[1], c))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--cold", choices=("compiled", "twin", "pure"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    mix = load_mix(args.count, args.seed)
    if args.cold:
        run = runners(mix)[f"tenpai {args.cold}"]
        t, _, c = timed(run)
        print(t, c)
        return 0
    if score_module._cscore is None:
        print("note: the scorer written for C is not built, stale or TENPAI_PURE is set")
    if score_module._usual_twin is None:
        print("note: the compiled twin is not built (or TENPAI_PURE is set): it is the pure path")
    run = runners(mix)
    first: dict[str, float] = {}
    first_cpu: dict[str, float] = {}
    best: dict[str, float] = {}
    cpu: dict[str, float] = {}
    points: dict[str, list[int]] = {}
    for _ in range(args.rounds):
        for name, fn in run.items():
            t, pts, c = timed(fn)
            first.setdefault(name, t)
            first_cpu.setdefault(name, c)
            best[name] = min(best.get(name, t), t)
            cpu[name] = min(cpu.get(name, c), c)
            points[name] = pts
    for path in ("compiled", "twin", "pure"):
        first[f"tenpai {path}"], first_cpu[f"tenpai {path}"] = cold_round(
            path, args.count, args.seed
        )
    n = len(mix)
    ref = points["tenpai pure"]
    print(f"mix: {n} real wins (seed {args.seed}); best of {args.rounds} rounds, one process")
    for name in run:
        agree = sum(a == b for a, b in zip(points[name], ref, strict=True))
        print(
            f"{name:18}: warm {n / best[name]:9,.0f} hands/s ({1e6 * best[name] / n:6.1f} us;"
            f" CPU {1e6 * cpu[name] / n:6.1f} us)  cold {n / first[name]:9,.0f} hands/s"
            f" (CPU {1e6 * first_cpu[name] / n:6.1f} us)"
            f"   points agree with Tenpai {agree}/{n}"
        )
    c, r, m = best["tenpai compiled"], best["riichienv"], best["mahjong"]
    print(
        f"warm score() vs riichienv : {r / c:.2f}x (by CPU time"
        f" {cpu['riichienv'] / cpu['tenpai compiled']:.2f}x)   (target >= 1.0)"
    )
    print(
        f"cold score() vs mahjong   : {first['mahjong'] / first['tenpai compiled']:.2f}x (by CPU"
        f" time {first_cpu['mahjong'] / first_cpu['tenpai compiled']:.2f}x)"
        "   (target >= 10; both first rounds)"
    )
    print(
        f"warm score() vs mahjong   : {m / c:.2f}x; twin {m / best['tenpai twin']:.2f}x;"
        f" pure path {m / best['tenpai pure']:.2f}x"
    )
    print(f"score_many vs riichienv   : {r / best['tenpai score_many']:.2f}x   (target >= 2)")
    print(f"  on JSON lines            : {r / best['score_many (JSON)']:.2f}x")
    rr = best["riichienv (records)"]
    print(
        f"score_many vs riichienv from the same records: {rr / best['tenpai score_many']:.2f}x"
        f" (by CPU time {cpu['riichienv (records)'] / cpu['tenpai score_many']:.2f}x)"
    )
    split = many_split(mix, args.rounds)
    if split:
        parts = ", ".join(
            f"{name} {1e6 * t / n:.2f} us (CPU {1e6 * c / n:.2f})" for name, (t, c) in split.items()
        )
        print(f"  score_many per record: {parts}")
    start, start_cpu, _ = cli_seconds(os.devnull)
    print(
        f"tenpai score --jsonl start-up (empty file): {1000 * start:.0f} ms,"
        f" CPU {1000 * start_cpu:.0f} ms"
    )
    for what, recs in (("the mix", mix), ("all real records", load_all())):
        rate, cpu_rate, lines = cli_rates(recs)
        print(
            f"tenpai score --jsonl, {what}: {rate:9,.0f} records/s, start-up included ({lines}"
            f" lines; {cpu_rate:,.0f} by CPU time)   (target >= 50,000)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
