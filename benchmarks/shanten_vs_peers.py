"""Shanten and waits side by side in one process: Tenpai (compiled core and pure path),
riichienv, xiangting and the `mahjong` package; then ``tenpai shanten --file`` and ``tenpai
waits --file`` on the same hands against `mahjong`'s in-process speed.

The hands are benchmarks/shanten_vs_mahjong.py's: seeded random 13- and 14-tile hands for
the shanten, random tenpai hands (a complete hand less one tile) for the waits. Inputs are
converted for every library before timing (34 counts; 136-tile ids for riichienv). Each
figure is the best of ``--rounds`` rounds, the rounds alternating between the libraries. The
command-line figures include the process start-up, the reading of the MPSZ lines and the
JSON written; `mahjong`'s figure there is the shanten of every hand and, for the 13-tile
hands at shanten 0, their waits (the kinds whose draw completes the hand): what the command
prints.

    python benchmarks/shanten_vs_peers.py [--count 20000] [--seed 1] [--rounds 5]
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import riichienv  # noqa: E402
import xiangting  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402

import tenpai.shanten as tsh  # noqa: E402
from shanten_vs_mahjong import mahjong_waits, random_hands, tenpai_hands  # noqa: E402
from tenpai.tiles import tile_name  # noqa: E402

FOUR = xiangting.PlayerCount.FOUR
SCALED: set[str] = set()  # timed on a tenth of the hands (mahjong's waits)


def ids136(c: Sequence[int]) -> list[int]:
    return [4 * k + j for k in range(34) for j in range(c[k])]


def mpsz(c: Sequence[int]) -> str:
    """Writes 34 counts in MPSZ (suit letters after each run of digits)."""
    out = []
    for lo, hi, suit in ((0, 9, "m"), (9, 18, "p"), (18, 27, "s"), (27, 34, "z")):
        digits = "".join(str(k - lo + 1) * c[k] for k in range(lo, hi))
        if digits:
            out.append(digits + suit)
    return "".join(out)


def best_of(rounds: int, fns: dict[str, Callable[[], Any]]) -> dict[str, float]:
    """Times each function *rounds* times, alternating, the garbage collector off while
    timing (as timeit does), and gets the best time of each."""
    best: dict[str, float] = {}
    for _ in range(rounds):
        for name, fn in fns.items():
            gc.collect()
            gc.disable()
            t0 = time.perf_counter()
            fn()
            t = time.perf_counter() - t0
            gc.enable()
            t *= 10 if name in SCALED else 1
            best[name] = min(best.get(name, t), t)
    return best


def cli_seconds(what: str, path: str) -> tuple[float, float]:
    """Best of five wall times of ``tenpai WHAT --file PATH`` (start-up included), and the
    best CPU time of the process (user and system: the shared machine's waits left out)."""
    tenpai = Path(sys.executable).with_name("tenpai")
    return child_times([str(tenpai), what, "--file", path])


def child_times(cmd: list[str]) -> tuple[float, float]:
    """Best of five wall and CPU times of *cmd*, after one run that writes the bytecode (the
    command line runs with its bytecode cached, as an installed package does)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(cmd, capture_output=True, env=env, check=False)
    best = cpu = float("inf")
    for _ in range(5):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, capture_output=True, env=env, check=False)
        best = min(best, time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        cpu = min(cpu, used)
    return best, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    if tsh.shanten is tsh._shanten_py:
        print("note: the compiled core is not built (or TENPAI_PURE is set): both paths are pure")
    hands = random_hands(args.count, args.seed)
    hands136 = [ids136(c) for c in hands]
    ready = tenpai_hands(args.count, args.seed)
    ready136 = [ids136(c) for c in ready]
    n = args.count

    fast_s, pure_s = tsh.shanten, tsh._shanten_py
    fast_w, pure_w = tsh.waits, tsh._waits_py
    calc, repl = riichienv.calculate_shanten, xiangting.calculate_replacement_number
    necessary = xiangting.calculate_necessary_tiles
    evaluator = riichienv.HandEvaluator
    shanten_runs: dict[str, Callable[[], Any]] = {
        "tenpai compiled": lambda: [fast_s(c) for c in hands],
        "tenpai pure": lambda: [pure_s(c) for c in hands],
        "riichienv": lambda: [calc(t) for t in hands136],
        "xiangting": lambda: [repl(c, FOUR) - 1 for c in hands],
        "mahjong": lambda: [Shanten.calculate_shanten(c) for c in hands],
    }
    waits_runs: dict[str, Callable[[], Any]] = {
        "tenpai compiled": lambda: [fast_w(c) for c in ready],
        "tenpai pure": lambda: [pure_w(c) for c in ready],
        "riichienv": lambda: [evaluator(t).get_waits() for t in ready136],
        "xiangting": lambda: [necessary(c, FOUR) for c in ready],
        # mahjong's loop takes about 2 ms a hand: timed on a tenth of the hands (SCALED)
        "mahjong": lambda: [mahjong_waits(c) for c in ready[::10]],
    }
    # agreement, counted before timing (xiangting's necessary tiles of a tenpai hand are its
    # waits, the kinds held four times included; riichienv's waits likewise)
    sh = [fast_s(c) for c in hands]
    agree = {
        "riichienv": sum(a == calc(t) for a, t in zip(sh, hands136, strict=True)),
        "xiangting": sum(a == repl(c, FOUR) - 1 for a, c in zip(sh, hands, strict=True)),
        "mahjong": sum(a == Shanten.calculate_shanten(c) for a, c in zip(sh, hands, strict=True)),
        "tenpai pure": sum(a == pure_s(c) for a, c in zip(sh, hands, strict=True)),
    }
    ws = [fast_w(c) for c in ready]
    wagree = {
        "riichienv": sum(
            set(w) == set(evaluator(t).get_waits()) for w, t in zip(ws, ready136, strict=True)
        ),
        "xiangting": sum(
            set(w) == {k for k in range(34) if necessary(c, FOUR)[1] >> k & 1}
            for w, c in zip(ws, ready, strict=True)
        ),
        "tenpai pure": sum(w == pure_w(c) for w, c in zip(ws, ready, strict=True)),
    }
    for title, runs, agreed in (
        ("shanten", shanten_runs, agree),
        ("waits", waits_runs, wagree),
    ):
        SCALED.clear()
        if title == "waits":
            SCALED.add("mahjong")
        best = best_of(args.rounds, runs)
        print(f"{title}: {n} hands, best of {args.rounds} rounds")
        for name, t in best.items():
            same = f"agrees with Tenpai on {agreed[name]}/{n}" if name in agreed else ""
            print(f"  {name:16}: {n / t:11,.0f} hands/s ({1e9 * t / n:7.0f} ns)  {same}")
        c = best["tenpai compiled"]
        print(
            f"  compiled vs riichienv {best['riichienv'] / c:.2f}x, vs xiangting "
            f"{best['xiangting'] / c:.2f}x, vs mahjong {best['mahjong'] / c:.2f}x (targets >= 1)"
        )

    # the command line on the same random hands, against mahjong in process
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
        for c in hands:
            fh.write(mpsz(c) + "\n")

    def mahjong_job() -> None:
        for c in hands:
            if Shanten.calculate_shanten(c) == 0 and sum(c) % 3 == 1:
                mahjong_waits(c)

    SCALED.clear()
    mj = best_of(args.rounds, {"mahjong": mahjong_job})["mahjong"]
    start, start_cpu = cli_seconds("shanten", os.devnull)
    print(
        f"start-up (tenpai shanten --file, an empty file): {1000 * start:.0f} ms,"
        f" CPU {1000 * start_cpu:.0f} ms"
    )
    for what in ("shanten", "waits"):
        t, cpu = cli_seconds(what, fh.name)
        print(
            f"tenpai {what} --file: {n / t:9,.0f} hands/s start-up included "
            f"({n / cpu:,.0f} by CPU time); mahjong in process {n / mj:9,.0f} hands/s: "
            f"{mj / t:.2f}x, by CPU time {mj / cpu:.2f}x (target >= 10)"
        )
    os.unlink(fh.name)
    assert all(tile_name(k) for k in range(34))
    return 0


if __name__ == "__main__":
    sys.exit(main())
