"""Verifies the same game logs with Tenpai and with jansou (``jansou-validate``, the PyPI
peer that checks logs against their recorded scores), in one run, and prints games/s,
wins/s and the ratios: Tenpai on one core against jansou on one core, and Tenpai with
``--workers 2`` against one worker.

The logs are Tenhou mjlog files (the format both read; jansou stops on some tenhou.net/6
files): by default the team's corpus ``../shared/logs/mjlog``. Tenpai reads each log,
rebuilds every win and draw and scores them with the full scorer; jansou rechecks each
win's score changes. Both are timed by CPU time (Tenpai in this process, jansou as a child
process) and by wall time; the best of ``--rounds`` runs is kept, alternating.

    python benchmarks/logs_vs_peers.py [--logs DIR] [--rounds 3]
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from tenpai.logs.run import verify_paths  # noqa: E402


def _tenpai(logs: Path, workers: int) -> tuple[float, float, dict[str, int]]:
    cpu, wall = time.process_time(), time.perf_counter()
    d = verify_paths([str(logs)], workers=workers, progress=False).as_dict()
    return time.process_time() - cpu, time.perf_counter() - wall, d


def _jansou(logs: Path, exe: str) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    out = subprocess.run(
        [exe, "-q", "-j", "1", str(logs / "**" / "*")], capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    text = out.stdout + out.stderr
    line = next((x for x in text.splitlines() if x.lower().startswith("files:")), "no summary line")
    return cpu, wall, line.strip()


def main() -> None:
    """Runs the comparison and prints the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--logs", type=Path, default=ROOT.parent / "shared" / "logs" / "mjlog")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    exe = shutil.which("jansou-validate") or str(Path(sys.executable).with_name("jansou-validate"))
    if not Path(exe).exists():
        sys.exit("jansou-validate is not installed (pip install jansou)")
    t1 = (1e9, 1e9)
    t2 = (1e9, 1e9)
    tj = (1e9, 1e9)
    summary: dict[str, int] = {}
    jline = ""
    for _ in range(args.rounds):
        c, w, summary = _tenpai(args.logs, 1)
        t1 = min(t1, (c, w))
        c, w, jline = _jansou(args.logs, exe)
        tj = min(tj, (c, w))
        c, w, _d = _tenpai(args.logs, 2)
        t2 = (min(t2[0], c), min(t2[1], w))
    games, wins = summary["games"], summary["wins"]
    print(f"{games} games, {wins} wins ({summary['agree']} agree, {summary['disagree']} disagree)")
    print(f"jansou: {jline}")
    print(f"{'':22} {'CPU s':>7} {'wall s':>7} {'games/s':>8} {'wins/s':>8}")
    for name, (c, w) in (("jansou, 1 process", tj), ("Tenpai, 1 process", t1)):
        print(f"{name:22} {c:7.2f} {w:7.2f} {games / c:8.0f} {wins / c:8.0f}")
    w2 = t2[1]
    print(f"{'Tenpai, --workers 2':22} {'':7} {w2:7.2f} {games / w2:8.0f} {wins / w2:8.0f}  (wall)")
    print(f"Tenpai / jansou, one core (CPU): {tj[0] / t1[0]:.2f}x")
    print(f"Tenpai --workers 2 / 1 worker (wall): {t1[1] / t2[1]:.2f}x")


if __name__ == "__main__":
    main()
