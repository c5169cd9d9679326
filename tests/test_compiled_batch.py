"""The compiled batch loop of ``tenpai shanten --file`` and ``tenpai waits --file``
(tenpai._cbatch) against its oracle, the pure batch (tenpai.batch's reader and the command's
line handler): the same output bytes, the same summary on stderr and the same exit code, on
random plain hands, on every fault the batch reader guards against (blank lines, CRLF, a CR
alone, a byte-order mark, bytes that are not UTF-8, lines at and over the 1 MiB cap, a last
line with no line end) and on the hand faults (melds, bonus tiles, unknown tiles, too many
tiles or copies, digits without a suit...), with lines crossing the reader's chunks.
"""

from __future__ import annotations

import contextlib
import io
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenpai._compiled import core
from tenpai.batch import LINE_CAP
from tenpai.cli import main

COMPILED = core("_cbatch")
needs_core = pytest.mark.skipif(
    COMPILED is None, reason="the compiled core is not built here (or TENPAI_PURE is set)"
)
WALL = [k for k in range(34) for _ in range(4)]
SUITS = ((0, 9, "m"), (9, 9, "p"), (18, 9, "s"), (27, 7, "z"))


def mpsz(tiles: list[int], red: bool = False) -> str:
    counts = [tiles.count(k) for k in range(34)]
    text = "".join(
        "".join(str(k - lo + 1) * counts[k] for k in range(lo, lo + size)) + suit
        for lo, size, suit in SUITS
        if any(counts[lo : lo + size])
    )
    return text.replace("5", "0", 1) if red else text


def hand_texts(n: int, seed: int) -> list[str]:
    """Random hands of 1 to 14 tiles (13 and 14 most often), some with a red five, some
    tenpai (a complete-looking run of sets less a tile)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        size = rng.choice((13, 14, 13, 14, 13, 10, 7, 4, 2, 1, 12, 15))
        if rng.random() < 0.3:  # near tenpai: sets of one suit and a pair
            lo = 9 * rng.randrange(3)
            tiles = []
            for _ in range(4):
                k = lo + rng.randrange(7)
                tiles += [k, k + 1, k + 2] if rng.random() < 0.7 else [k, k, k]
            tiles += [27, 27]
            tiles.pop(rng.randrange(len(tiles)))
            tiles = tiles[:size] if size < 13 else tiles
        else:
            tiles = rng.sample(WALL, min(size, 14))
        out.append(mpsz(tiles, red=rng.random() < 0.1))
    return out


FAULTS = (
    "", "   ", "\t", "\x0b\x0c", "\r", "123m pon 555z", "123m456p789s11z s1", "s1s2",
    "12388z", "1230z", "111112m", "123m456p789s", "123m4", "m123", "123M456p", "１２３m",
    "123m456p789s1é", "0m0p0s11122z3355z", "1111m1111p1111s11z", "11z22z33z44z55z66z7",
    "11z22z33z44z55z66z77z", "1" * 20 + "m", "123m,456p", "5" * 1001 + "m", "12345678999999m",
)  # fmt: skip


def run(data: bytes, what: str, tmp: Path, *, pure: bool, extra: tuple[str, ...] = ()) -> Any:
    """Runs the command in this process on *data*, on one path; gets (stdout, stderr, code)."""
    path = tmp / "hands.txt"
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TENPAI_PURE", "1" if pure else "0")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([what, "--file", str(path), *extra])
    return out.getvalue(), err.getvalue(), code


def same(data: bytes, what: str, tmp: Path, extra: tuple[str, ...] = ()) -> str:
    compiled = run(data, what, tmp, pure=False, extra=extra)
    pure = run(data, what, tmp, pure=True, extra=extra)
    assert compiled == pure
    return compiled[0]


@needs_core
@pytest.mark.parametrize("what", ["shanten", "waits"])
@pytest.mark.slow
def test_the_compiled_loop_writes_the_pure_batchs_output(what: str, tmp_path: Path) -> None:
    rng = random.Random(3)
    lines = hand_texts(6000, 11) + list(FAULTS) * 4
    rng.shuffle(lines)
    ends = [rng.choice((b"\n", b"\n", b"\n", b"\r\n")) for _ in lines]
    data = b"\xef\xbb\xbf" + b"".join(t.encode() + e for t, e in zip(lines, ends, strict=True))
    assert len(data) > 65536  # lines cross the compiled reader's chunks
    out = same(data + b"\xff\xfe123m\n" + b"22m33p", what, tmp_path, ("--visible", "1z05m"))
    assert '"unseen"' in out and '"error"' in out
    assert out.count("\n") == sum(1 for t in lines if t.strip()) + 2


@needs_core
@pytest.mark.parametrize("size", [-2, -1, 0, 1, 2, 3])
@pytest.mark.parametrize("end", [b"\n", b"\r\n", b"\r", b""])
def test_lines_at_the_cap_read_alike(size: int, end: bytes, tmp_path: Path) -> None:
    body = ("123m456p789s11z2z" * (LINE_CAP // 17 + 1))[: LINE_CAP + size].encode()
    data = b"123m456p789s11z\n" + body + end + b"123m456p789s1z\n"
    out = same(data, "shanten", tmp_path)
    assert out.count("\n") == (3 if end.endswith(b"\n") else 2)  # a CR alone joins the lines


@needs_core
def test_a_line_far_over_the_cap_is_one_error(tmp_path: Path) -> None:
    data = b"123m456p789s11z\n" + b"1" * (3 * LINE_CAP) + b"\n2z\n" + b"3" * (LINE_CAP + 9)
    out = same(data, "waits", tmp_path)
    assert out.count("longer than") == 2 and out.count("\n") == 4


@needs_core
@pytest.mark.slow
def test_three_players_and_an_empty_file(tmp_path: Path) -> None:
    data = "\n".join(hand_texts(500, 4)).encode() + b"\n"
    assert '"shanten"' in same(data, "shanten", tmp_path, ("--rules", "tenhou3"))
    assert same(b"", "waits", tmp_path) == ""
    assert same(b"\n\n \n", "waits", tmp_path) == ""


HAND_LINE = st.one_of(
    st.integers(0, 10**6).map(lambda seed: hand_texts(1, seed)[0]),
    st.sampled_from(FAULTS),
    st.text(alphabet="0123456789mpsz", max_size=18),
    st.text(alphabet="0123456789mpszf \t\r\x0b,", max_size=18),
)
LINE_BYTES = st.one_of(
    HAND_LINE.map(str.encode),
    st.binary(max_size=12),
    st.sampled_from([b"\xef\xbb\xbf123m456p789s11z", b"\xff", b"\r\r", b"12\xc3m"]),
)


def _fuzzed(lines: list[bytes], crlf: list[bool], last_end: bool) -> None:
    ends = [b"\r\n" if c else b"\n" for c in crlf] + [b"\n"] * len(lines)
    data = b"".join(x.replace(b"\n", b"") + e for x, e in zip(lines, ends, strict=False))
    if not last_end:
        data = data.removesuffix(b"\n")
    with tempfile.TemporaryDirectory() as tmp:
        same(data, "waits", Path(tmp))


_FUZZ = st.lists(LINE_BYTES, max_size=10), st.lists(st.booleans(), max_size=10), st.booleans()
_QUIET = [HealthCheck.too_slow]
test_fuzzed_batches = needs_core(
    settings(max_examples=40, deadline=None, suppress_health_check=_QUIET)(given(*_FUZZ)(_fuzzed))
)
test_fuzzed_batches_long = pytest.mark.slow(
    needs_core(
        settings(max_examples=1000, deadline=None, suppress_health_check=_QUIET)(
            given(*_FUZZ)(_fuzzed)
        )
    )
)
