"""The line reader of the record path written for C (``tenpai._cbatch``: a JSON line of the usual
shape read in place, its other fields checked as JSON and skipped; ``score_line`` and ``tenpai
score --jsonl``) against the pure path, on real Tenhou lines written in every way JSON allows and
in ways it does not: whitespace everywhere, keys in another order, unknown fields at every level,
escapes and non-ASCII text, numbers written as fractions, exponents, ``-0``, big ints, keys given
twice (``json.loads`` keeps the last value), nesting near the batch readers' limit, escaped keys,
null for every field, broken JSON and bytes that are not UTF-8.

Each case must give the pure path's result (``TENPAI_PURE=1``), as ``score_many`` gives it and as
the command line writes it, byte for byte; the cases the reader is written to take are checked to
be taken (scored in C).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tenpai.batch import MAX_DEPTH
from tenpai.interchange import record_path, score_many
from test_compiled_record_path import real_records
from test_compiled_records import both_ways

FAST = record_path()
needs_path = pytest.mark.skipif(
    FAST is None, reason="the compiled core is not built here, is stale, or TENPAI_PURE is set"
)


def _bases() -> list[dict[str, Any]]:
    """Real records the record path takes, a few with melds and a tsumo among them."""
    recs = real_records()
    rng = random.Random(40)
    rng.shuffle(recs)
    out = []
    for rec in recs:
        if FAST is not None and FAST.score_line(json.dumps(rec)) is not None:
            out.append(rec)
        if len(out) == 12:
            break
    return out


def _compact(v: Any) -> str:
    return json.dumps(v, separators=(",", ":"), ensure_ascii=False)


def _reordered(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _reordered(v[k]) for k in reversed(list(v))}
    if isinstance(v, list):
        return [_reordered(x) for x in v]
    return v


def _nested(depth: int) -> Any:
    v: Any = 1
    for i in range(depth):
        v = [v] if i % 2 else {"n": v}
    return v


def _with(rec: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of *rec* with *value* at *path* (``a.b``: the object ``a``'s member ``b``)."""
    rec = json.loads(json.dumps(rec))
    *outer, last = path.split(".")
    at = rec
    for key in outer:
        if not isinstance(at.get(key), dict):
            at[key] = {}
        at = at[key]
    at[last] = value
    return rec


def _written(rec: dict[str, Any], path: str, written: str) -> str:
    """The line of *rec* with the JSON text *written* as the value at *path*."""
    return _compact(_with(rec, path, 98765431)).replace("98765431", written, 1)


def _taken_cases(rec: dict[str, Any]) -> list[str]:
    """Lines the reader is written to take: the same record written otherwise."""
    unknown: dict[str, Any] = {
        "a": [1, 2.5, -0, 1e2, True, None, 'x\u00e9\\"\n', {}],
        "b": {"c": []},
    }
    lines = [
        json.dumps(rec),  # ", " and ": "
        json.dumps(rec, separators=(" ,\t ", " :\r ")).replace("{", "{ \t").replace("[", "[ "),
        " \t" + _compact(rec) + " \t",
        _compact(_reordered(rec)),
        json.dumps(rec, ensure_ascii=False),  # the Japanese yaku names as they are
        _compact({"zzz": unknown, **rec, "yyy": unknown}),
        _compact(_with(rec, "ruleset.zzz", unknown)),
        _compact(_with(rec, "round.zzz", unknown)),
        _compact(_with(rec, "tenhou.zzz", unknown)),
        _compact(_with(rec, "source.path", 'a\\/b "c" \u00e9 \u2028 \U0001f004 \\u00e9')),
        _compact(_with(rec, "source.path", "\u5c40")).replace("\u5c40", "\\u5c40\\ud83c\\udc04"),
        _compact(_with(rec, "source.n", [1.5e3, -0.0, 1e2, 1e-5, 0.5e-9, 10**30])),
        _written(rec, "source.n", "[1E+2,1e-5,-2.5E3,0e0,-0,0.25e+99,1e0099,1" + "0" * 250 + "]"),
        _compact(_with(rec, "id", "\u5c40 \u00e9 \U0001f004")),
        _compact(_with(rec, "id", -7)),
        _compact(_with(rec, "id", 2**59)),
        _compact(_with(rec, "zzz", _nested(MAX_DEPTH - 4))),
        _compact(_with(rec, "flags.riichi_in_log", None)),
        _compact(_with(rec, "variant", "riichi")),
    ]
    text = _compact(rec)
    # a key given twice: json.loads keeps the last value
    lines.append(text.replace('"win_tile":', '"win_tile":"9z","win_tile":', 1))
    lines.append(text.replace('"flags":', '"flags":{"riichi":true,"ippatsu":true},"flags":', 1))
    lines.append(text.replace('"round":', '"round":{"honba":7},"round":', 1))
    lines.append(text[:-1] + ',"tenhou":{"pao_who":null}}')
    return lines


def _other_cases(rec: dict[str, Any]) -> list[str]:
    """Lines it may leave to the dict reader or to the pure path: every one must still give
    the pure path's result, or its error."""
    text = _compact(rec)
    lines = []
    for path in (
        "round.honba",
        "multi_ron_index",
        "winner",
        "from_who",
        "round.riichi_sticks",
        "tenhou.pao_who",
        "ruleset.players",
        "id",
    ):
        for written in (
            "1.0",
            "-0",
            "1e2",
            "0.0",
            "1E0",
            "0e0",
            "-1",
            "01",
            "1e400",
            "true",
            "2",
            "3",
            "101",
            "-0.0",
            "9" * 19,
        ):
            lines.append(_written(rec, path, written))
    for path in (
        "id",
        "closed_tiles",
        "win_tile",
        "melds",
        "tsumo",
        "seat_wind",
        "round_wind",
        "dora_indicators",
        "ura_dora_indicators",
        "flags",
        "round",
        "ruleset",
        "tenhou",
        "rules",
        "ruleset.aka",
        "ruleset.players",
        "round.round_wind",
        "flags.riichi",
        "winner",
        "pao_from_rel",
        "discarder_from_rel",
        "variant",
    ):
        lines.append(_compact(_with(rec, path, None)))
    lines += [
        _written(rec, "source.n", "1e400"),
        _written(rec, "source.n", "-1E+999"),
        _written(rec, "source.n", "0.0001e308"),
        _written(rec, "source.n", "9" * 400),  # an int of 400 digits: json.loads reads it
        _written(rec, "source.n", "9" * 400 + ".5"),  # not finite as a float
        _written(rec, "source.n", "1" + "0" * 5000),  # more digits than int() takes
        text.replace('"id":"', '"id":"\\ud800', 1),  # a lone surrogate
        text.replace('"id":"', '"id":"\\u00e9\\n', 1),
        text.replace('"win_tile":', '"win\\u005ftile":', 1),  # an escaped key
        text.replace('"win_tile":', '"win_tile":"5s","win_tile":', 1),
        text.replace('"closed_tiles":', '"closed_tiles":3,"closed_tiles":', 1),
        text.replace('"flags":{', '"flags":{"riichi":true,"riichi":false,', 1),
        text.replace('"flags":{', '"flags":{"x":1,"x":2,', 1),
        text.replace('"flags":{', '"flags":{"open_riichi":true,', 1),
        _compact(_with(rec, "zzz", _nested(MAX_DEPTH - 2))),
        _compact(_with(rec, "zzz", _nested(MAX_DEPTH + 1))),
        text[:-1] + ",}",
        text.replace(":", "", 1),
        text[: len(text) // 2],
        text + " x",
        text.replace('"source":{', '"source":{"t":"a\tb",', 1),  # a control character
        text.replace('"source":{', '"source":{"t":"\\x",', 1),  # no such escape
        text.replace('"source":{', '"source":{"t":NaN,', 1),
        text.replace('"source":{', '"source":{"t":-Infinity,', 1),
        text.replace('"source":{', '"source":{"t":[1,],', 1),
        text.replace('"source":{', '"source":{"t":{"a"},', 1),
        text.replace('"source":{', '"source":{"t":tru,', 1),
        # a meld's members: unknown ones, one given twice, null, escaped, of another type
        text.replace('"melds":[{', '"melds":[{"zzz":[1,{"a":null}],"tiles":"999z",', 1),
        text.replace('"melds":[{', '"melds":[{"called_tile":null,"from_rel":null,', 1),
        text.replace('"melds":[{', '"melds":[{"type":"p\\u006fn",', 1),
        text.replace('"melds":[{', '"melds":[{"from_rel":1.0,', 1),
        text.replace('"melds":[{', '"melds":[null,{', 1),
        text.replace('"melds":[', '"melds":[{"type":"ankan","tiles":"1111m"},', 1),
        _compact(_with(rec, "variant", "hk")),
        _compact(_with(rec, "ruleset.players", 3)),
        _compact(_with(rec, "rules", "tenhou")),
    ]
    return lines


def _pure(lines: list[str]) -> list[dict[str, Any]]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TENPAI_PURE", "1")
        return list(score_many(lines))


def _text(results: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(r, ensure_ascii=False) for r in results]


@needs_path
@pytest.mark.slow  # long for make check: make test runs it
def test_lines_written_otherwise_are_taken_and_score_as_the_pure_path() -> None:
    bases = _bases()
    assert len(bases) == 12 and any(b.get("melds") for b in bases)
    for rec in bases:
        lines = _taken_cases(rec)
        want = _text(_pure(lines))
        assert _text(list(score_many(lines))) == want
        for line, text in zip(lines, want, strict=True):
            got = FAST.score_line(line)  # type: ignore[union-attr]
            assert got is not None, line  # scored in C
            assert json.dumps(got, ensure_ascii=False) == text, line
            assert json.loads(text)["error"] is None


@needs_path
@pytest.mark.slow
def test_lines_of_other_shapes_give_the_pure_result_or_error() -> None:
    for rec in _bases()[:4]:
        lines = _other_cases(rec)
        want = _pure(lines)
        got = list(score_many(lines))
        assert _text(got) == _text(want)
        assert any(r["error"] is not None for r in want)
        assert any(r["error"] is None for r in want)
        for line, res in zip(lines, want, strict=True):
            taken = FAST.score_line(line)  # type: ignore[union-attr]
            if taken is not None:  # only what the pure path scores without an error
                assert res["error"] is None and _text([taken]) == _text([res]), line


@needs_path
@pytest.mark.slow  # long for make check: make test runs it
def test_the_command_line_writes_the_pure_text_for_every_case(tmp_path: Path) -> None:
    lines = []
    for rec in _bases()[:6]:
        lines += _taken_cases(rec) + _other_cases(rec)
    raw = "\n".join(lines).encode("utf-8", "surrogatepass") + b"\n"
    # bytes that are not UTF-8: in a skipped string, in the id, outside any string
    real = json.dumps(_bases()[0], separators=(",", ":")).encode()
    raw += real.replace(b'"source":{', b'"source":{"t":"\xff",', 1) + b"\n"
    raw += real.replace(b'"source":{', b'"source":{"t":"\xed\xa0\x80",', 1) + b"\n"
    raw += real.replace(b'"source":{', b'"source":{"t":"\xc3",', 1) + b"\n"
    raw += real.replace(b'"id":"', b'"id":"\xe3\x81', 1) + b"\n"
    raw += real.replace(b'"source":{', b'"source":{\xc3\xa9', 1) + b"\r\n"
    path = tmp_path / "cases.jsonl"
    path.write_bytes(raw)
    runs = both_ways(["score", "--jsonl", str(path)])
    assert runs[0] == runs[1]
    assert runs[0][0].count("\n") == raw.count(b"\n")
    assert '"error": null' in runs[0][0] and "not UTF-8" in runs[0][0]


_BITS = ['"', "\\", ",", ":", "{", "}", "[", "]", "0", "7", "e", "E", "-", "+", ".", " ",
         "\t", "\u00e9", "\x01", "u", "n", "null", "true", '""', "{}", "[]", '"\\u00',
         "\U0001f004"]  # fmt: skip


def _garbled(text: str, rng: random.Random) -> str:
    """*text* with one to three edits where they are likely to matter: a byte dropped, one of
    _BITS put in, a piece said twice, two neighbours swapped."""
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(text))
        k = rng.randrange(4)
        if k == 0:
            text = text[:at] + text[at + 1 :]
        elif k == 1:
            text = text[:at] + rng.choice(_BITS) + text[at:]
        elif k == 2:
            end = min(len(text), at + rng.randint(1, 40))
            text = text[:end] + text[at:end] + text[end:]
        elif at + 1 < len(text):
            text = text[:at] + text[at + 1] + text[at] + text[at + 2 :]
    return text


@needs_path
@pytest.mark.slow  # long for make check: make test runs it
def test_garbled_lines_give_the_pure_result_or_error() -> None:
    rng = random.Random(41)
    texts = [_compact(rec) for rec in _bases()]
    lines = [_garbled(rng.choice(texts), rng) for _ in range(1500)]
    want = _pure(lines)
    assert _text(list(score_many(lines))) == _text(want)
    taken = 0
    for line, res in zip(lines, want, strict=True):
        got = FAST.score_line(line)  # type: ignore[union-attr]
        if got is not None:
            taken += 1
            assert res["error"] is None and _text([got]) == _text([res]), line
    assert 0.05 * len(lines) < taken < len(lines)  # both paths had their share
