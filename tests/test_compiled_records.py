"""The compiled record decoder and validator (``tenpai._cbatch.decode_record``, the reader of
``score_many`` and ``tenpai score --jsonl``) against its oracle, the pure reader
(``tenpai.batch.load_json`` then ``RIICHI_FIELDS`` checked by ``tenpai.fields``): the same
result or the same error result (type, message, field name, line number) on every real
Tenhou record, on those records with each field given a value of every JSON type, on lines
broken in every way the batch reader meets (cut, bad tokens, escapes, duplicate keys, deep
nesting, numbers JSON cannot carry), and on fuzzed records and lines (hypothesis).

Whatever it takes, the decoder must be sound: a record it returns passes the field table's
checks (the record path written for C does not check it again; the pure reader does).
"""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenpai._compiled import core
from tenpai.cli import main
from tenpai.fields import check_fields
from tenpai.interchange import record_decoder, score_line, score_many
from tenpai.riichi.records import FIELDS as RIICHI_FIELDS
from test_input_fuzz import LINE, RECORD, _record_of

DECODE = record_decoder()
needs_core = pytest.mark.skipif(
    DECODE is None, reason="the compiled core is not built here (or TENPAI_PURE is set)"
)
REAL = Path(__file__).parent / "data" / "tenhou-agari.jsonl.gz"
VALUES = (
    None, True, False, 0, 1, 2, 3, 4, 5, -1, 100, 101, 2**40, 2**70, 2.5, 2.0, "", "2", "E",
    "5s", "1z", "0p", "234m", "9z", "riichi", "hk", "tenhou", "pon", "chi", "ankan", "kita",
    [], ["5s"], ["5s", 3], [{}], [{"type": "pon"}], {}, {"riichi": True}, {"a": [1]},
)  # fmt: skip


def real_lines() -> list[str]:
    with gzip.open(REAL, "rt", encoding="utf-8") as fh:
        return [line.rstrip("\n") for line in fh]


def agree(line: str | bytes, number: int = 1) -> bool:
    """Tells whether the compiled decoder took *line*; asserts that both readers give the
    same result and that what the decoder took passes the field checks."""
    rec = DECODE(line)  # type: ignore[misc]
    if rec is not None:
        assert type(rec) is dict
        check_fields(rec, RIICHI_FIELDS)  # sound: nothing it takes fails the table
    assert score_line(line, number, DECODE) == score_line(line, number, None), line
    return rec is not None


@pytest.mark.slow
@needs_core
def test_every_real_record_reads_alike() -> None:
    lines = real_lines()
    taken = sum(agree(line, n) for n, line in enumerate(lines, 1))
    assert len(lines) > 6000 and taken == len(lines)  # none left to the pure reader


@needs_core
@pytest.mark.slow
def test_every_field_with_every_type_reads_alike() -> None:
    rng = random.Random(20)
    base = [json.loads(x) for x in rng.sample(real_lines(), 40)]
    checked = taken = 0
    for field in RIICHI_FIELDS:
        for value in VALUES:
            rec = _record_of([(field.path, value)], rng.choice(base))
            taken += agree(json.dumps(rec, ensure_ascii=rng.random() < 0.5), checked + 1)
            checked += 1
    assert checked == len(list(RIICHI_FIELDS)) * len(VALUES)
    assert 0 < taken < checked  # both readers had their share


BREAKS = (
    lambda s, r: s[: r.randrange(len(s))],  # cut
    lambda s, r: s + " x",
    lambda s, r: s + "\t\r ",
    lambda s, r: " \t" + s,
    lambda s, r: s.replace('"honba": 0', '"honba": NaN'),
    lambda s, r: s.replace('"honba": 0', '"honba": Infinity'),
    lambda s, r: s.replace('"honba": 0', '"honba": -Infinity'),
    lambda s, r: s.replace('"honba": 0', '"honba": 1e400'),
    lambda s, r: s.replace('"honba": 0', '"honba": 1E2'),
    lambda s, r: s.replace('"honba": 0', '"honba": -0'),
    lambda s, r: s.replace('"honba": 0', '"honba": 01'),
    lambda s, r: s.replace('"honba": 0', '"honba": 0.0'),
    lambda s, r: s.replace('"honba": 0', '"honba": ' + "9" * 5000),
    lambda s, r: s.replace('"dealer": ', '"dealer": 1e999, "x": '),
    lambda s, r: s.replace('"go_type": ', '"go_type": NaN, "y": '),
    lambda s, r: s.replace('"kyoku": ', '"kyoku": ' + "[" * 40 + "]" * 40 + ', "z": '),
    lambda s, r: s.replace('"kyoku": ', '"kyoku": ' + "[" * 20 + "]" * 20 + ', "z": '),
    lambda s, r: s.replace('"tsumo": ', '"tsumo": true, "tsumo": '),
    lambda s, r: s.replace('"tsumo": ', '"ts\\u0075mo": '),
    lambda s, r: s.replace('"win_tile": "', '"win_tile": "\\u0035'),
    lambda s, r: s.replace('"win_tile": "', '"win_tile": "\\n'),
    lambda s, r: s.replace('"win_tile": "', '"win_tile": "\t'),
    lambda s, r: s.replace('"room": "', '"room": "\\ud800\\"\\\\\t'),
    lambda s, r: s.replace('"room": "', '"room": "\\x'),
    lambda s, r: s.replace('"room": "', '"room": "é\u2028'),
    lambda s, r: s.replace('"id": "', '"id": "é'),
    lambda s, r: s.replace(", ", ","),
    lambda s, r: s.replace(", ", " , "),
    lambda s, r: s.replace(": ", ":\n"),
    lambda s, r: s.replace('"flags": {', '"flags": {"kazoe": 3, "rare": [1, {"a": null}], '),
    lambda s, r: s.replace('"flags": {', '"flags": {"ippatsu": 1, '),
    lambda s, r: s.replace('"round": {', '"round": {"honba": 3, '),
    lambda s, r: s.replace('"tenhou": {', '"tenhou": {"pao_who": 1, '),
    lambda s, r: s.replace('"tenhou": {', '"tenhou": {"pao_who": "1", '),
    lambda s, r: s.replace('"melds": [', '"melds": ["pon", '),
    lambda s, r: s.replace('"melds": [', '"melds": [{"type": "kita", "tiles": "4z"}, '),
    lambda s, r: s.replace('"melds": [', '"melds": [{"type": "ankan", "tiles": "1111m", "x": 1}, '),
    lambda s, r: s.replace('"variant"', '"variant_"').replace("{", '{"variant": "hk", ', 1),
    lambda s, r: s.replace("{", '{"variant": "riichi", ', 1),
    lambda s, r: s.replace("{", '{"variant": null, ', 1),
    lambda s, r: s.replace("{", '{"rules": "tenhou", ', 1),
    lambda s, r: s.replace("{", '{"rules": {"preset": "tenhou", "aka": 0}, ', 1),
    lambda s, r: s.replace("{", '{"rules": 3, ', 1),
    lambda s, r: s.replace("{", '{"flags": {"nagashi_mangan": true}, ', 1),
    lambda s, r: "[" + s + "]",
    lambda s, r: "\ufeff" + s,
    lambda s, r: "",
    lambda s, r: "null",
    lambda s, r: "{}",
    lambda s, r: '{"closed_tiles": "123m456p789s1122z", "win_tile": "2z"}',
)  # fmt: skip


@pytest.mark.slow
@needs_core
def test_broken_lines_read_alike() -> None:
    rng = random.Random(21)
    lines = rng.sample(real_lines(), 60)
    checked = 0
    for i, line in enumerate(lines):
        for k, brk in enumerate(BREAKS):
            text = brk(line, rng)
            agree(text, 100 * i + k)
            agree(text.encode("utf-8", "surrogatepass"), 7)
            checked += 2
    assert checked == 2 * len(lines) * len(BREAKS)
    assert not agree(b"\xff" + lines[0].encode())


FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_LINES = st.one_of(
    RECORD.map(lambda r: json.dumps(r, allow_nan=True)),
    RECORD.map(lambda r: json.dumps(r, allow_nan=True, ensure_ascii=False).encode()),
    LINE,
)


def _fuzzed(line: str | bytes) -> None:
    if line.strip():
        agree(line)


test_fuzzed_lines = needs_core(FUZZ(given(_LINES)(_fuzzed)))
test_fuzzed_lines_long = pytest.mark.slow(needs_core(LONG(given(_LINES)(_fuzzed))))


def both_ways(argv: list[str]) -> list[tuple[str, str, int]]:
    """Runs the command line *argv* on the compiled core, then on the pure path: the output,
    the error output and the exit code of each."""
    runs = []
    for flag in ("0", "1"):
        out, err = io.StringIO(), io.StringIO()
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("TENPAI_PURE", flag)
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(argv)
        runs.append((out.getvalue(), err.getvalue(), code))
    return runs


@needs_core
def test_score_many_and_the_command_line_write_the_pure_output(tmp_path: Path) -> None:
    rng = random.Random(22)
    lines = rng.sample(real_lines(), 300)
    lines += [brk(rng.choice(lines), rng) for brk in BREAKS] + ["", "  "]
    rng.shuffle(lines)
    data = "\n".join(lines) + "\n"
    compiled = list(score_many(data.split("\n")))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TENPAI_PURE", "1")
        pure = list(score_many(data.split("\n")))
    assert compiled == pure and len(compiled) == sum(1 for x in lines if x.strip())
    path = tmp_path / "wins.jsonl"
    path.write_text(data, encoding="utf-8")
    runs = both_ways(["score", "--jsonl", str(path)])
    assert runs[0] == runs[1] and runs[0][2] == 1
    assert runs[0][0].count('"error": null') >= 300


# ---- the result's JSON line -----------------------------------------------------------------

DUMPS = getattr(core("_cbatch"), "dumps", None)
needs_dumps = pytest.mark.skipif(
    DUMPS is None, reason="the compiled core is not built here (or TENPAI_PURE is set)"
)


@pytest.mark.slow  # a long oracle: make test runs it, make check does not
@needs_dumps
def test_every_real_result_is_written_as_the_standard_encoder_writes_it() -> None:
    lines = real_lines()
    results = list(score_many(lines))
    assert len(results) == len(lines)
    for res in results:
        assert DUMPS(res) == json.dumps(res, ensure_ascii=False)  # type: ignore[misc]


TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=12)
VALUE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXT
    | st.sampled_from(['"', "\\", "\x00", "\x1f", "\x7f", "\u2028", "\ud800", "é", "🀄"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(TEXT, inner, max_size=4)
        | st.dictionaries(st.integers(-3, 3) | st.booleans() | st.none(), inner, max_size=2)
    ),
    max_leaves=12,
)  # fmt: skip


@needs_dumps
@FUZZ
@given(VALUE)
@pytest.mark.slow
def test_any_value_is_written_as_the_standard_encoder_writes_it(value: Any) -> None:
    assert DUMPS(value) == json.dumps(value, ensure_ascii=False)  # type: ignore[misc]
