"""What ``tenpai score --jsonl`` loads before its first result (issue 20: 50,000 records a
second, start-up included; docs/benchmarks.md, "The riichi record path in C").

The staleness checks of the compiled parts hash the pure sources with the standard library's
own SHA-256 module (``hashlib`` would load OpenSSL, about 2 ms), scoring a record does not
load the shanten module, and the help formatter reads the terminal's width as ``shutil`` does
without importing it. The checks themselves are tested in
``tests/test_compiled_score.py``, ``tests/test_compiled_usual.py`` and
``tests/test_compiled_record_path.py``.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import tenpai
from tenpai import _compiled

REAL = Path(__file__).parent / "data" / "tenhou-agari.jsonl.gz"
SOURCES = sorted(Path(tenpai.__file__).parent.rglob("*.py"))

PROBE = """
import sys
from tenpai.cli import main
main(["score", "--jsonl", sys.argv[1]])
sys.stdout.flush()
print(" ".join(sorted(sys.modules)), file=sys.stderr)
"""


@pytest.mark.parametrize("size", [0, 1, 55, 56, 63, 64, 65, 1000, 100_003])
def test_the_staleness_checks_sha256_is_sha256(size: int) -> None:
    data = random.Random(size).randbytes(size)
    assert _compiled._sha256(data) == hashlib.sha256(data).hexdigest()


def test_the_staleness_checks_sha256_of_the_package_sources() -> None:
    for path in SOURCES:
        data = path.read_bytes()
        assert _compiled._sha256(data) == hashlib.sha256(data).hexdigest(), path


def test_without_the_builtin_module_hashlib_gives_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a Python built without its own SHA-256 module (neither _sha256 nor _sha2)
    real = importlib.import_module

    def no_builtin(name: str, package: str | None = None) -> object:
        if name in ("_sha256", "_sha2"):
            raise ImportError(name)
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", no_builtin)
    data = (Path(tenpai.__file__).parent / "hand.py").read_bytes()
    assert _compiled._sha256(data) == hashlib.sha256(data).hexdigest()


def test_a_changed_source_is_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # stale_mirrors reads the sources under the folder of _compiled.py: a copy of it beside
    # a copy of hand.py, whose SHA-256 is the one written, then hand.py changed by one byte
    (tmp_path / "_compiled.py").write_bytes(Path(_compiled.__file__).read_bytes())
    source = (Path(tenpai.__file__).parent / "hand.py").read_bytes()
    (tmp_path / "riichi").mkdir()
    (tmp_path / "riichi" / "hand.py").write_bytes(source)
    monkeypatch.setattr(_compiled, "__file__", str(tmp_path / "_compiled.py"))
    written = hashlib.sha256(source).hexdigest()
    fake = type(sys)("fake_mirror")
    fake.MIRRORS = {"riichi/hand.py": written}  # type: ignore[attr-defined]
    assert _compiled.stale_mirrors(fake) == {}
    (tmp_path / "riichi" / "hand.py").write_bytes(source + b"\n")
    assert _compiled.stale_mirrors(fake) == {
        "riichi/hand.py": hashlib.sha256(source + b"\n").hexdigest()
    }


@pytest.mark.parametrize("pure", ["", "1"])
def test_scoring_records_loads_no_openssl_and_no_shanten(tmp_path: Path, pure: str) -> None:
    with gzip.open(REAL, "rt", encoding="utf-8") as fh:
        lines = [next(fh) for _ in range(20)]
    path = tmp_path / "records.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    env = {**os.environ, "TENPAI_PURE": pure}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    results = [json.loads(line) for line in out.stdout.splitlines()]
    # Tenhou's own points for these wins (the records' "tenhou" block)
    assert [r["points"] for r in results] == [json.loads(x)["tenhou"]["points"] for x in lines]
    loaded = set(out.stderr.split())
    assert "tenpai.riichi.records" in loaded  # the probe did score the records
    assert not loaded & {"hashlib", "_hashlib", "tenpai.shanten"}


@pytest.mark.parametrize("value", [None, "100", "37", " 77 ", "0", "-3", "abc", "", "1e3"])
def test_the_help_width_is_shutils(monkeypatch: pytest.MonkeyPatch, value: str | None) -> None:
    import shutil

    from tenpai._helpformat import columns

    if value is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", value)
    assert columns() == shutil.get_terminal_size().columns


def test_the_help_is_argparses_at_every_width(monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from tenpai.cli import build_parser

    for width in ("40", "100", "250"):
        monkeypatch.setenv("COLUMNS", width)
        ours = build_parser("en").format_help()
        monkeypatch.setattr(
            "tenpai._helpformat.HelpFormatter.__init__",
            argparse.RawDescriptionHelpFormatter.__init__,
        )
        theirs = build_parser("en").format_help()
        monkeypatch.undo()
        assert ours == theirs
