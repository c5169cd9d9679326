"""Property-based fuzzing of everything a user can send: hand strings, meld syntax, records
(every field the readers know, every JSON type, as JSON lines with bad bytes and blank lines
among them) and TOML rules files. Whatever the input: no internal error, one result per
non-blank batch line, and every error message names the input (a field, a line or a quote
of the text).

The default run tries a few hundred inputs in a few seconds; ``-m slow`` runs the same
properties on many more (the figures of the closing note come from that run).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenpai.cli import main
from tenpai.errors import NotationError, TenpaiError
from tenpai.hand import Hand, Meld
from tenpai.hk.records import FIELDS as HK_FIELDS
from tenpai.hk.rules import load_rules as load_hk_rules
from tenpai.hk.score import score as score_hk
from tenpai.hk.situation import HKSituation
from tenpai.interchange import score_record
from tenpai.riichi.records import FIELDS as RIICHI_FIELDS
from tenpai.riichi.rules import OPTIONS, load_rules
from tenpai.riichi.score import score

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=4000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def both(strategy: st.SearchStrategy[Any]) -> Callable[[Callable[[Any], None]], Any]:
    """Makes a fast test and a long (slow-marked) one of one property."""

    def wrap(prop: Callable[[Any], None]) -> Any:
        fast = FAST(given(strategy)(prop))
        long = pytest.mark.slow(LONG(given(strategy)(prop)))
        return fast, long

    return wrap


def _names_the_input(message: str, text: str) -> bool:
    """Tells whether *message* quotes a part of *text* (cut parts marked with …)."""
    for quote in re.findall(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"", message):
        whole = quote[0] or quote[1]
        for written in (whole, whole.strip("…")):
            part = written
            with contextlib.suppress(UnicodeDecodeError):
                part = written.encode("latin-1", "backslashreplace").decode("unicode_escape")
            if part and part in text:
                return True
    return False


# ---- hand strings and melds ---------------------------------------------------------------

PIECES = st.sampled_from(
    [
        "123m", "456p", "789s", "11z", "0m", "55z", "8z", "5", "m", "z", "chi", "pon", "kan",
        "ankan", "kakan", "chow", "ron", "tsumo", "1m", "5s", "406p", "999s:across", ":up", ":",
        "f1", "s4", "f9", "|", ";", ",", "x", "00m", "1111m", "7z7z", "１２３ｍ", "ｒｏｎ", "²m",
        "٣p", "½s", "\u3000", "\t", "\r", "é", "🀄", "'", "\\", "…", "9" * 30,
    ]
)  # fmt: skip
HAND_TEXT = st.one_of(
    st.lists(PIECES, min_size=1, max_size=14).map(" ".join),
    st.lists(PIECES, min_size=1, max_size=14).map("".join),
    st.text(max_size=40),
    st.text(alphabet="0123456789mpsz ,:|;fronchipkatsu", max_size=60),
)


def _hand_text(text: str) -> None:
    try:
        hand = Hand.parse(text, validate=False)
    except NotationError as e:
        assert _names_the_input(str(e), text), (text, str(e))
        return
    except TenpaiError as e:
        assert "\n" not in str(e) and _names_the_input(str(e), text), (text, str(e))
        return
    for run in (
        lambda: Hand.parse(text),
        lambda: score(hand),
        lambda: score_hk(hand, HKSituation(self_drawn=hand.tsumo or None, discarder=None)),
    ):
        try:
            run()
        except TenpaiError as e:
            assert str(e) and "\n" not in str(e)
            assert len(str(e)) < 400, str(e)


test_hand_text, test_hand_text_long = both(HAND_TEXT)(_hand_text)


MELD_TEXT = st.tuples(
    st.sampled_from(["chi", "pon", "kan", "kakan", "ankan", "pung", "kong", "Chi", "pan", ""]),
    st.text(alphabet="0123456789mpszf", max_size=6),
    st.sampled_from(["", ":left", ":across", ":right", ":1", ":3", ":0", ":up", ":", "::"]),
).map(lambda t: f"{t[0]} {t[1]}{t[2]}")


def _meld_text(text: str) -> None:
    try:
        Meld.parse(text)
    except TenpaiError as e:
        assert "\n" not in str(e)
        assert _names_the_input(str(e), text) or "tiles" in str(e), (text, str(e))


test_meld_text, test_meld_text_long = both(MELD_TEXT)(_meld_text)


# ---- records ------------------------------------------------------------------------------

ANY_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=10)
    | st.sampled_from(["E", "S", "1z", "5s", "0p", "f1", "234m", "tenhou", "hk", "pon", "2"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)  # fmt: skip


def _record_of(paths: list[tuple[str, Any]], base: dict[str, Any]) -> dict[str, Any]:
    rec: dict[str, Any] = json.loads(json.dumps(base))
    for path, value in paths:
        node: Any = rec
        steps = path.replace("[].", "[] ").replace(".", " ").split()
        for step in steps[:-1]:
            key = step.removesuffix("[]")
            if step.endswith("[]"):
                if not isinstance(node.get(key), list) or not node[key]:
                    node[key] = [{}]
                node = node[key][0]
                if not isinstance(node, dict):
                    break
            else:
                if not isinstance(node.get(key), dict):
                    node[key] = {}
                node = node[key]
        else:
            node[steps[-1].removesuffix("[]")] = value
    return rec


RIICHI_BASE = {
    "closed_tiles": "234m678p455667s88s", "win_tile": "5s", "seat_wind": "S",
    "flags": {"riichi": True}, "melds": [],
}  # fmt: skip
HK_BASE = {"variant": "hk", "hand": "123m456p789s11z222z", "win_tile": "1z", "self_drawn": True}
RECORD = st.one_of(
    st.lists(st.tuples(st.sampled_from([f.path for f in RIICHI_FIELDS]), ANY_JSON), max_size=4).map(
        lambda p: _record_of(p, RIICHI_BASE)
    ),
    st.lists(st.tuples(st.sampled_from([f.path for f in HK_FIELDS]), ANY_JSON), max_size=4).map(
        lambda p: _record_of(p, HK_BASE)
    ),
    ANY_JSON,
)


def _record(rec: Any) -> None:
    res = score_record(rec)
    err = res.get("error")
    if err is not None:
        assert err["type"] != "InternalError", (rec, err)
        assert err["message"] and "\n" not in err["message"]
        assert "'" in err["message"] or "record" in err["message"], err  # names a field or text
    else:
        assert isinstance(res.get("points", res.get("fan", res.get("payments"))), int | dict)


test_record, test_record_long = both(RECORD)(_record)


LINE = st.one_of(
    RECORD.map(lambda r: json.dumps(r, allow_nan=True).encode()),
    st.binary(max_size=30),
    st.sampled_from([b"", b"  ", b"\r", b"\xff", b"[[[[", b'{"id": "a\rb"}', b"{}", b"null"]),
)


def _batch(lines: list[bytes]) -> None:
    data = b"\n".join(x.replace(b"\n", b" ") for x in lines) + b"\n"
    given = data.split(b"\n")[:-1]
    given[0] = given[0].removeprefix(b"\xef\xbb\xbf")  # a byte-order mark opening the input
    expected = sum(1 for x in given if x.strip())
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "batch.jsonl"
        path.write_bytes(data)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["score", "--jsonl", str(path)])
    results = [json.loads(x) for x in out.getvalue().split("\n")[:-1]]
    assert len(results) == expected
    assert code == (1 if any(r.get("error") for r in results) else 0)
    for r in results:
        if r.get("error"):
            assert r["error"]["type"] != "InternalError", r
    assert "internal" not in err.getvalue()


test_batch, test_batch_long = both(st.lists(LINE, max_size=8))(_batch)


# ---- rules files --------------------------------------------------------------------------

TOML_VALUE = st.one_of(
    st.sampled_from(["true", "false", "0", "1", "-3", "2.5", "inf", "nan", "-inf", "1e400",
                     '"tenhou"', '"hk"', '"x"', "[]", "[1, 2]", '["sanrenkou"]', "{}",
                     '"3+dragon pungs (=5)"', "10000000000000000000000"]),
    st.integers(-5, 100).map(str),
)  # fmt: skip
TOML_KEY = st.sampled_from(
    [o.name for o in OPTIONS] + ["preset", "name", "cap", "min_fan", "profile", "nope", "hk"]
)
TOML_FILE = st.one_of(
    st.lists(st.tuples(TOML_KEY, TOML_VALUE), max_size=5).map(
        lambda kv: "\n".join(f"{k} = {v}" for k, v in dict(kv).items()).encode()
    ),
    st.binary(max_size=40),
    st.text(max_size=40).map(lambda t: t.encode("utf-16")),
)


RULES_USES: tuple[tuple[Callable[[Path], Any], Callable[[Any], Any]], ...] = (
    (load_rules, lambda r: score(Hand.parse("234m678p45667s88s ron 5s"), rules=r)),
    (load_hk_rules, lambda r: score_hk(Hand.parse("123m456p789s11z22z tsumo 2z"), None, r)),
)  # each reader of a rules file, and a hand scored under what it read


def _rules_file(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "house.toml"
        path.write_bytes(content)
        for load, use in RULES_USES:
            try:
                rules = load(path)
            except TenpaiError as e:
                assert "house.toml" in str(e) or "'" in str(e), str(e)
            else:
                with contextlib.suppress(TenpaiError):
                    use(rules)


test_rules_file, test_rules_file_long = both(TOML_FILE)(_rules_file)
