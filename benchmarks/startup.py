"""The start-up of every ``tenpai`` command as a user at a terminal meets it: each command run
as a process, ``--runs`` times, the median of its CPU time (user and system, the kernel's
accounting of the finished child) and of its wall time; ``python -c pass`` on the same
interpreter beside them. With ``--before SRC`` (the ``src`` folder of another checkout of
Tenpai, its compiled parts built in place) each command also runs on that tree, in turn with
this one (A B A B ...), so that both meet the same load.

Each process runs as the console script does (``import re, sys``, then ``tenpai.cli.main``),
its output thrown away. The bytecode is written as Python writes it (unless
``PYTHONDONTWRITEBYTECODE`` is set) and a warm-up run of each command comes first: the
figures are those of a cached bytecode, a user's second run.

    python benchmarks/startup.py [--runs 31] [--before /path/to/other/src] [--lang en]
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "tenhou-agari.jsonl.gz"

# what the console script runs (pip's, with the tree to run first on the path)
SCRIPT = (
    "import re, sys; sys.path.insert(0, sys.argv.pop(1)); from tenpai.cli import main;"
    " sys.exit(main())"
)


def commands(folder: str) -> dict[str, list[str]]:
    """The commands timed, by the name the report gives them, with their input files made
    in *folder*: an empty file and the first 1,000 real Tenhou wins of ``tests/data``."""
    empty = os.path.join(folder, "empty")
    open(empty, "w").close()
    thousand = os.path.join(folder, "1000.jsonl")
    with gzip.open(DATA, "rt", encoding="utf-8") as src, open(thousand, "w") as out:
        for i, line in enumerate(src):
            if i == 1000:
                break
            out.write(line)
    return {
        "tenpai --help": ["--help"],
        "tenpai score --help": ["score", "--help"],
        "tenpai score HAND --riichi --seat S": [
            "score",
            "234m678p45667s88s ron 5s",
            "--riichi",
            "--seat",
            "S",
        ],
        "tenpai score --jsonl (empty file)": ["score", "--jsonl", empty],
        "tenpai score --jsonl (1,000 records)": ["score", "--jsonl", thousand],
        "tenpai shanten --file (empty file)": ["shanten", "--file", empty],
        "tenpai rules": ["rules"],
        "tenpai yaku": ["yaku"],
    }


def run(argv: list[str]) -> tuple[float, float]:
    """Runs *argv* once, its output thrown away; gets its CPU and wall seconds."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{argv[3:]} exited with {proc.returncode}")
    return usage.ru_utime + usage.ru_stime, wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=31, help="runs of each command (default 31)")
    ap.add_argument("--before", metavar="SRC", help="the src folder of the tree to compare")
    ap.add_argument("--lang", default="en", help="the commands' --lang (default en)")
    args = ap.parse_args()
    trees = {"this tree": str(ROOT / "src")}
    if args.before:
        trees = {"before": str(Path(args.before).resolve()), **trees}
    py = sys.executable
    with tempfile.TemporaryDirectory() as folder:
        table = {"python -c pass": [py, "-c", "pass"]}
        table.update({k: [*v, "--lang", args.lang] for k, v in commands(folder).items()})
        print(f"median of {args.runs} runs, CPU ms (wall ms); {py}")
        print("| command | " + " | ".join(trees) + " |")
        print("| --- |" + " --- |" * len(trees))
        for name, argv in table.items():
            lines = {
                tree: argv if name == "python -c pass" else [py, "-c", SCRIPT, src, *argv]
                for tree, src in trees.items()
            }
            for line in lines.values():  # the warm-up: the bytecode written
                run(line)
            times: dict[str, list[tuple[float, float]]] = {tree: [] for tree in trees}
            for _ in range(args.runs):
                for tree, line in lines.items():
                    times[tree].append(run(line))
            cells = []
            for tree in trees:
                cpu = statistics.median(t[0] for t in times[tree])
                wall = statistics.median(t[1] for t in times[tree])
                cells.append(f"{1000 * cpu:.1f} ({1000 * wall:.1f})")
            print(f"| `{name}` | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
