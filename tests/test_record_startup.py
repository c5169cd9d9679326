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
import time
from pathlib import Path

import pytest

import tenpai
from tenpai import _compiled, _pycache

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


@pytest.fixture
def digests_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A package folder of its own for the staleness checks' digests (written as bytecode is)."""
    (tmp_path / "_compiled.py").write_bytes(Path(_compiled.__file__).read_bytes())
    monkeypatch.setattr(_compiled, "__file__", str(tmp_path / "_compiled.py"))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    _compiled._digests.cache_clear()
    yield tmp_path
    _compiled._digests.cache_clear()


def _later(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    now = _pycache.now_ns()
    monkeypatch.setattr(_pycache, "now_ns", lambda: now + int(seconds * 1e9))


def _no_hashing(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    hashed: list[bytes] = []
    real = _compiled._sha256

    def counted(data: bytes) -> str:
        hashed.append(data)
        return real(data)

    monkeypatch.setattr(_compiled, "_sha256", counted)
    return hashed


def test_a_settled_files_digest_is_kept_for_the_next_processes(
    digests_in: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = digests_in / "hand.py"
    source.write_bytes((Path(tenpai.__file__).parent / "hand.py").read_bytes())
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    _later(monkeypatch, 60)  # the file last changed a minute ago
    assert _compiled._file_sha256(str(source)) == digest
    kept = (digests_in / "__pycache__" / _compiled._DIGESTS).read_text(encoding="utf-8")
    assert kept.split()[1:] == [digest, str(source)]
    # the next process: the digest read back, the file not hashed again
    _compiled._digests.cache_clear()
    hashed = _no_hashing(monkeypatch)
    assert _compiled._file_sha256(str(source)) == digest
    assert hashed == []


@pytest.mark.parametrize("change", ["same size", "longer", "replaced"])
def test_a_changed_file_is_hashed_again(
    digests_in: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    source = digests_in / "hand.py"
    source.write_bytes(b"x = 1\n")
    before = source.stat()
    _later(monkeypatch, 60)
    _compiled._file_sha256(str(source))
    time.sleep(0.05)  # a later clock tick of the file system, as for any later edit
    new = {"same size": b"x = 2\n", "longer": b"x = 10\n", "replaced": b"x = 3\n"}[change]
    if change == "replaced":  # another file moved over it (a checkout, an editor's save)
        (digests_in / "new.py").write_bytes(new)
        os.replace(digests_in / "new.py", source)
    else:
        source.write_bytes(new)
    # even with its modification time set back as it was, its change time tells
    os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns))
    _compiled._digests.cache_clear()
    _later(monkeypatch, 120)
    assert _compiled._file_sha256(str(source)) == hashlib.sha256(new).hexdigest()


def test_a_file_changed_just_now_keeps_no_digest(
    digests_in: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # within the file system's clock tick, a second write may leave its times unchanged
    source = digests_in / "hand.py"
    source.write_bytes(b"x = 1\n")
    assert _compiled._file_sha256(str(source)) == hashlib.sha256(b"x = 1\n").hexdigest()
    assert not (digests_in / "__pycache__" / _compiled._DIGESTS).exists()


@pytest.mark.parametrize(
    "kept", ["", "garbage\n", "1:2:3:4 abc hand.py\n", "\xff\xfe", "a b\n"], ids=repr
)
def test_unreadable_digests_are_ignored(
    digests_in: Path, monkeypatch: pytest.MonkeyPatch, kept: str
) -> None:
    (digests_in / "__pycache__").mkdir()
    (digests_in / "__pycache__" / _compiled._DIGESTS).write_text(kept, encoding="latin-1")
    source = digests_in / "hand.py"
    source.write_bytes(b"x = 1\n")
    _later(monkeypatch, 60)
    assert _compiled._file_sha256(str(source)) == hashlib.sha256(b"x = 1\n").hexdigest()


def test_no_digests_are_written_without_bytecode_or_where_it_cannot(
    digests_in: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = digests_in / "hand.py"
    source.write_bytes(b"x = 1\n")
    _later(monkeypatch, 60)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert _compiled._file_sha256(str(source)) == hashlib.sha256(b"x = 1\n").hexdigest()
    assert not (digests_in / "__pycache__").exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    (digests_in / "__pycache__").write_text("a file where the folder would be")
    _compiled._digests.cache_clear()
    assert _compiled._file_sha256(str(source)) == hashlib.sha256(b"x = 1\n").hexdigest()
    assert sorted(p.name for p in digests_in.iterdir()) == [
        "__pycache__",
        "_compiled.py",
        "hand.py",
    ]
