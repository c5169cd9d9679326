"""Times riichi scoring of this tree against the same package at another commit, side by side in
one process, on the real-data mix of score_vs_mahjong.py.

The package at ``--base`` (a git revision, default ``main``) is copied out of git into a
temporary folder as the package ``tenpai_base`` (its imports are relative, so both copies load
side by side) and, with ``--compiled``, its fast core's twin is compiled there by Cython as
setup.py compiles this tree's. Both score the same records, each read by its own package;
the rounds alternate between the two (and between the pure and the compiled fast core), in
turn in one order and the other, each timed by the process's CPU time with the garbage
collector off. The figure is the median of the rounds' ratios (each round's time against the
other tree's in the same round), which a slow spell of the shared machine moves less than the
best rounds (printed too). Both must
give the same points on every hand.

    python benchmarks/score_vs_base.py [--base main] [--count 1000] [--seed 7] [--rounds 9]
                                       [--compiled]
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import importlib
import io
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from score_vs_mahjong import load_mix  # noqa: E402


def base_copy(rev: str, where: Path) -> Path:
    """Copies ``src/tenpai`` at *rev* to *where*/tenpai_base and gets that folder."""
    tar = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "src/tenpai"],
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as tf:
        tf.extractall(where, filter="data")
    pkg = where / "tenpai_base"
    (where / "src" / "tenpai").rename(pkg)
    compiled = pkg / "_compiled.py"  # its compiled modules are found under its own name
    text = compiled.read_text(encoding="utf-8")
    compiled.write_text(text.replace('f"tenpai.{name}"', 'f"{__package__}.{name}"'))
    return pkg


def build_twin(pkg: Path) -> None:
    """Compiles the fast core of the copy *pkg* as its twin ``riichi._cusual`` (setup.py's way)."""
    from Cython.Build import cythonize
    from setuptools import Extension
    from setuptools import setup as setuptools_setup

    source = (pkg / "riichi" / "usual.py").read_bytes()
    digest = hashlib.sha256(source).hexdigest()
    twin = pkg / "riichi" / "_cusual.py"
    twin.write_text(source.decode() + f'\n\n_SOURCE_SHA256 = "{digest}"\n', encoding="utf-8")
    here = os.getcwd()
    os.chdir(pkg.parent)
    try:
        ext = Extension("tenpai_base.riichi._cusual", ["tenpai_base/riichi/_cusual.py"])
        setuptools_setup(
            name="tenpai_base",
            script_args=["-q", "build_ext", "--inplace"],
            ext_modules=cythonize(
                [ext],
                compiler_directives={"language_level": "3", "annotation_typing": False},
                quiet=True,
            ),
        )
    finally:
        os.chdir(here)
    twin.unlink()


def scorer(package: str, mix: list[dict[str, Any]]) -> dict[str, Callable[[], list[int]]]:
    """Gets the rounds of one package: its ``score`` on the mix, with its pure fast core and,
    when built and valid, its compiled twin."""
    try:  # the riichi records moved into the riichi wing (issue 14)
        records = importlib.import_module(f"{package}.riichi.records")
        read = records.read_record
    except ModuleNotFoundError:
        records = importlib.import_module(f"{package}.records")
        read = records.read_riichi_record
    score_module = importlib.import_module(f"{package}.riichi.score")
    usual: ModuleType = importlib.import_module(f"{package}.riichi.usual")
    cases = [read(r) for r in mix]
    score = score_module.score
    compiled = score_module.score_usual

    def run_with(core: Callable[..., Any]) -> Callable[[], list[int]]:
        def run() -> list[int]:
            score_module.score_usual = core
            try:
                return [score(h, s, r).points for h, s, r in cases]
            finally:
                score_module.score_usual = compiled

        return run

    out = {"pure": run_with(usual.score_usual)}
    if compiled is not usual.score_usual:
        out["compiled"] = run_with(compiled)
    return out


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """Times one round by the process's CPU time (the shared machine's waits left out), the
    garbage collector off (as timeit does)."""
    gc.collect()
    gc.disable()
    t0 = time.process_time()
    out = fn()
    t = time.process_time() - t0
    gc.enable()
    return t, out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="main")
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--compiled", action="store_true", help="also build and time the twins")
    args = ap.parse_args()
    mix = load_mix(args.count, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        pkg = base_copy(args.base, Path(tmp))
        if args.compiled:
            build_twin(pkg)
        sys.path.insert(0, tmp)
        runs: dict[str, Callable[[], list[int]]] = {}
        for label, package in (("this tree", "tenpai"), (args.base, "tenpai_base")):
            for path, run in scorer(package, mix).items():
                if path == "pure" or args.compiled:
                    runs[f"{label}, {path}"] = run
        points = {name: run() for name, run in runs.items()}  # a first round fills the caches
        first = next(iter(points.values()))
        bad = [name for name, got in points.items() if got != first]
        times: dict[str, list[float]] = {name: [] for name in runs}
        names = list(runs)
        for i in range(args.rounds):  # each round in the other order than the last
            for name in names if i % 2 == 0 else names[::-1]:
                times[name].append(timed(runs[name])[0])
    n = len(mix)
    print(f"mix: {n} real wins (seed {args.seed}), {args.rounds} warm rounds")
    for name, ts in times.items():
        t = min(ts)
        print(f"{name:>24}: {n / t:9,.0f} hands/s  {t / n * 1e6:6.2f} us a hand (best round)")
    for path in ("pure", "compiled"):
        new, old = times.get(f"this tree, {path}"), times.get(f"{args.base}, {path}")
        if new is not None and old is not None:
            paired = statistics.median(a / b for a, b in zip(new, old, strict=True))
            print(
                f"{path}: this tree's time against {args.base}'s: {paired - 1:+.1%} "
                f"(median of the rounds' ratios; best rounds {min(new) / min(old) - 1:+.1%})"
            )
    if bad:
        print(f"points differ from the first path's: {', '.join(bad)}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
