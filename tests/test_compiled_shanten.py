"""The compiled shanten and waits (tenpai._cshanten) against their oracle, the pure functions.

Where the compiled core was built (a C compiler at install time) and ``TENPAI_PURE`` is not
set, ``tenpai.shanten.shanten`` and ``waits`` are the compiled functions; the pure ones stay
as ``_shanten_py`` and ``_waits_py``. Both must give the same value, or the same error, on
random hands of every size (melds standing for the missing sets), on every form's corner
(complete hands, kokushi, chiitoitsu, four of a kind) and on bad input.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tenpai import shanten as S
from tenpai._compiled import core, pure
from tenpai.shanten import counts_of

COMPILED = core("_cshanten")
needs_core = pytest.mark.skipif(
    COMPILED is None, reason="the compiled core is not built here (or TENPAI_PURE is set)"
)
WALL = [k for k in range(34) for _ in range(4)]


def random_hands(n: int, seed: int) -> Iterator[tuple[list[int], int]]:
    """Random concealed tiles of every hand size, with the melds making up the rest."""
    rng = random.Random(seed)
    for _ in range(n):
        size = rng.choice((14, 13, 14, 13, 11, 10, 8, 7, 5, 4, 2, 1))
        counts = [0] * 34
        if rng.random() < 0.3:  # a suit-heavy hand: long waits, many readings
            lo = 9 * rng.randrange(3)
            inside = [k for k in WALL if lo <= k < lo + 9]
            pool = inside + rng.sample([k for k in WALL if k not in inside], 8)
        else:
            pool = WALL
        for t in rng.sample(pool, size):
            counts[t] += 1
        yield counts, (14 - size) // 3


def outcome(f: Callable[..., Any], *args: Any) -> Any:
    try:
        return f(*args)
    except Exception as e:  # the same error type and message on both paths
        return (type(e).__name__, str(e))


def agree(n: int, seed: int) -> int:
    checked = 0
    for counts, melds in random_hands(n, seed):
        assert S.shanten(counts, melds) == S._shanten_py(counts, melds), (counts, melds)
        assert S.shanten(tuple(counts), melds) == S._shanten_py(counts, melds)
        if sum(counts) % 3 == 1:
            assert S.waits(counts, melds) == S._waits_py(counts, melds), (counts, melds)
        checked += 1
    return checked


@needs_core
def test_the_compiled_functions_are_the_ones_called() -> None:
    assert COMPILED is not None
    assert S.shanten is COMPILED.shanten and S.waits is COMPILED.waits
    assert S.shanten is not S._shanten_py


def test_pure_forces_the_pure_path() -> None:
    code = "import tenpai.shanten as S; print(S.shanten is S._shanten_py, S.waits is S._waits_py)"
    env = {**os.environ, "TENPAI_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["True", "True"]


def test_known_values() -> None:
    # the module's documented values, from the rules of the forms (tenpai.shanten docstring)
    assert S.shanten(counts_of("123m456p789s1122z")) == 0
    assert S.waits(counts_of("123m456p789s1122z")) == (27, 28)
    assert S.shanten(counts_of("19m19p19s1234567z")) == 0  # kokushi, thirteen-sided
    assert len(S.waits(counts_of("19m19p19s1234567z"))) == 13
    assert S.shanten(counts_of("1122m3344p5566s7z")) == 0  # chiitoitsu
    assert S.waits(counts_of("1122m3344p5566s7z")) == (33,)
    assert S.waits(counts_of("1112345678999m")) == tuple(range(9))  # chuuren
    assert S.waits(counts_of("1111m234p567s789s")) == ()  # only the fifth 1m would do
    assert S.shanten(counts_of("123m456p789s11z"), 1) == -1
    assert S.shanten(counts_of("1111m2233p4455s6z")) == 2  # four 1m are one pair only


def test_agree_on_random_hands() -> None:
    assert agree(3000, seed=1) == 3000


@pytest.mark.slow
def test_agree_on_many_random_hands() -> None:
    assert agree(100_000, seed=2) == 100_000


@pytest.mark.parametrize(
    "counts, melds",
    [
        ([5] + [0] * 33, 0),
        ([1] * 33, 0),
        ([0] * 35, 0),
        ([-1] + [1] * 13 + [0] * 20, 0),
        ([4, 4, 4, 3] + [0] * 30, 1),
        ([1] * 12 + [0] * 22, 0),
        ([1] * 13 + [0] * 21, -1),
        ([1] * 13 + [0] * 21, 2**70),
        ([1.0] * 13 + [0] * 21, 0),
        ([True] * 13 + [False] * 21, 0),
        ("x" * 34, 0),
        (bytes([1] * 13 + [0] * 21), 0),
        ([300] + [0] * 33, 0),
        ([1] * 13 + [0] * 21, 1.5),
    ],
)
def test_same_outcome_on_odd_input(counts: Any, melds: Any) -> None:
    assert outcome(S.shanten, counts, melds) == outcome(S._shanten_py, counts, melds)
    assert outcome(S.waits, counts, melds) == outcome(S._waits_py, counts, melds)


def test_pure_helper_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TENPAI_PURE", "1")
    assert pure() and core("_cshanten") is None
    monkeypatch.setenv("TENPAI_PURE", "0")
    assert not pure()


def batch_lines(n: int, seed: int) -> list[str]:
    """Random hands in MPSZ, some with red fives, melds, spaces or mistakes of every kind."""
    rng = random.Random(seed)
    faults = (
        lambda s: s.replace("5m", "0m", 1),
        lambda s: s + "8z",
        lambda s: s + "1111m",
        lambda s: "  " + s + " ",
        lambda s: s + " pon 777z",
        lambda s: "m" + s,
        lambda s: s[:-1],
        lambda s: s + "é",
        lambda s: s + "123m123m123m",
        lambda s: s.replace("1z", "0z"),
        lambda s: s.upper(),
        lambda s: "",
    )
    out = []
    for counts, _ in random_hands(n, seed):
        text = "".join(
            "".join(str(k - lo + 1) * counts[k] for k in range(lo, lo + size)) + suit
            for lo, size, suit in ((0, 9, "m"), (9, 9, "p"), (18, 9, "s"), (27, 7, "z"))
            if any(counts[lo : lo + size])
        )
        if rng.random() < 0.25:
            text = rng.choice(faults)(text)
        out.append(text)
    return out


@needs_core
@pytest.mark.parametrize("what", ["shanten", "waits"])
@pytest.mark.slow
def test_the_compiled_batch_writes_the_pure_batchs_bytes(what: str, tmp_path: Any) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("\n".join(batch_lines(3000, 5)) + "\n\n", encoding="utf-8")
    cmd = [sys.executable, "-m", "tenpai.cli", what, "--file", str(hands), "--visible", "1z05m"]
    runs = [
        subprocess.run(cmd, env=env, capture_output=True, check=False)
        for env in (dict(os.environ), {**os.environ, "TENPAI_PURE": "1"})
    ]
    compiled, pure_run = runs
    assert compiled.stdout == pure_run.stdout
    assert compiled.returncode == pure_run.returncode == 1  # some lines are errors
    lines = compiled.stdout.decode().splitlines()
    assert len(lines) == 3000 - sum(1 for t in batch_lines(3000, 5) if not t.strip())
    assert any('"unseen"' in ln for ln in lines) and any('"error"' in ln for ln in lines)
