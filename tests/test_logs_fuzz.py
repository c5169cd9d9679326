"""A mutation fuzz harness of the log readers and of ``tenpai logs verify|stats|extract``:
small valid logs of each format (tests/data/logs and tests/data/logs-sanma, four and three
players) cut short at every byte, with a tag or a key removed or repeated, values of the
wrong type or out of range, in other encodings and containers (tests/log_mutants.py).

Whatever the input: no traceback (only a :class:`tenpai.logs.LogError` leaves the reader),
the counts of a file add up, every reason is said in each language, the command line ends
with an exit code (0, or 1 for a batch with a log it could not read or a disagreement) and
a folder goes on after a bad file and counts it. The sweeps over every mutant are slow
tests (``make test``); a sample of them runs in ``make check``.
"""

from __future__ import annotations

import functools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from log_mutants import FIXTURES, containers, counts_add_up, cuts, outcome, structural
from tenpai.cli import main

NAMES = sorted(FIXTURES)


@functools.cache
def _all(name: str) -> tuple[tuple[str, bytes], ...]:
    data = FIXTURES[name].read_bytes()
    return (*cuts(data), *structural(name, data), *containers(data))


def _check(name: str, label: str, data: bytes) -> None:
    try:
        counts_add_up(outcome(data, name))
    except AssertionError as e:
        raise AssertionError(f"{name}, {label}: {e}") from None
    except Exception as e:  # what a user would have seen as a traceback
        raise AssertionError(f"{name}, {label}: {type(e).__name__}: {e}") from e


@pytest.mark.parametrize("name", NAMES)
def test_every_fixture_agrees_unmutated(name: str) -> None:
    d = outcome(FIXTURES[name].read_bytes(), name)
    assert (d["games"], d["wins"], d["draws"], d["agree"]) == (1, 1, 1, 2), d
    assert d["final_scores"]["agree"] == 1 and d["round_errors"] == d["unreadable"] == 0


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.sampled_from(NAMES), st.integers(min_value=0))
@pytest.mark.slow
def test_a_sample_of_mutants_is_read_or_refused_clearly(name: str, k: int) -> None:
    mutants = _all(name)
    label, data = mutants[k % len(mutants)]
    _check(name, label, data)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_every_mutant_is_read_or_refused_clearly(name: str) -> None:
    mutants = _all(name)
    assert len(mutants) > 1000
    for label, data in mutants:
        _check(name, label, data)


def _cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_folder_of_mutants_goes_on_past_each_bad_file_and_counts_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(7)
    written = 0
    for name in NAMES:
        mutants = _all(name)
        for _label, data in rng.sample(mutants, 12):
            (tmp_path / f"{written:03d}-{name}").write_bytes(data)
            written += 1
    for lang in ("en", "ja"):
        code, out, err = _cli(["logs", "verify", str(tmp_path), "--json", "--lang", lang], capsys)
        assert code in (0, 1) and "Traceback" not in err
        d = json.loads(out)
        assert d["files"] == written
        assert d["unreadable"] == sum(d["unreadable_by_reason"].values())
        assert d["agree"] + d["disagree"] + d["unsupported"] == d["wins"] + d["draws"]
        assert not any("internal error" in r for r in d["unreadable_by_reason"])
        failed = d["unreadable"] + d["disagree"]
        failed += d["final_scores"]["disagree"] + d["placement"]["disagree"]
        assert code == (1 if failed else 0)
    code, out, err = _cli(["logs", "stats", str(tmp_path), "--json"], capsys)
    assert code in (0, 1) and "Traceback" not in err
    code, out, err = _cli(["logs", "extract", str(tmp_path)], capsys)
    assert code in (0, 1) and "Traceback" not in err and "internal" not in err


@pytest.mark.slow
def test_a_folder_of_thousands_of_logs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = FIXTURES["pinfu-ron.mjlog"].read_bytes()
    for i in range(3000):
        sub = tmp_path / f"{i // 500:02d}"
        sub.mkdir(exist_ok=True)
        (sub / f"{i:04d}.mjlog").write_bytes(data if i % 100 else data[:200])  # cut before a round
    code, out, _err = _cli(["logs", "verify", str(tmp_path), "--json", "--workers", "2"], capsys)
    d = json.loads(out)
    assert d["files"] == 3000
    assert d["unreadable"] == 30 and d["games"] == 2970 and d["agree"] == 2 * 2970
    assert code == 1  # a batch with files it could not read


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """A 2 GB file (sparse: it takes no room) is refused at once, the memory of the process
    staying that of a small run; a gzip that inflates past the cap stops at it."""
    big = tmp_path / "huge.mjlog"
    with open(big, "wb") as fh:
        fh.truncate(2 << 30)
    code = (
        "import sys\n"
        "from tenpai.cli import main\n"
        f"rc = main(['logs', 'verify', {str(big)!r}, '--lang', 'en'])\n"
        # the peak of this process's own memory (VmHWM: ru_maxrss would count the forking
        # parent's pages too)
        "status = open('/proc/self/status').read().split('VmHWM:')[1].split()[0]\n"
        "peak = int(status) // 1024\n"
        "print(rc, peak, file=sys.stderr)\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    r = subprocess.run(
        [sys.executable, "-c", code],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    rc, peak = (int(x) for x in r.stderr.split()[-2:])
    assert rc == 1 and "huge.mjlog: the log is larger than 64 MB" in r.stdout, (r.stdout, r.stderr)
    assert peak < 200, f"{peak} MB"  # the file is never read: its 2 GB never in memory
