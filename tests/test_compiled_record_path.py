"""The riichi record path written for C (``tenpai._cbatch``: ``score_record``, ``score_line``
and ``record_lines``, the fast path of ``score_many`` and ``tenpai score --jsonl``) against its
oracle, the pure path (:func:`tenpai.interchange.score_record`, the pure batch with
``TENPAI_PURE=1``): the same result dict (the same keys in the same order) and the same JSON
text, on every real Tenhou record, on those records with each field given a value of every
JSON type, on records mutated in every field the reader reads (tiles, melds, flags, seats,
rulesets and rules names), and on fuzzed records (hypothesis).

Whatever the path takes must be a record the pure path scores without an error: a record it
is not sure of goes to the pure path, which gives the error.
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenpai._compiled import core, stale_mirrors
from tenpai.flag_names import FLAG_NAMES
from tenpai.interchange import record_path, score_many, score_record
from tenpai.riichi.records import FIELDS as RIICHI_FIELDS
from test_compiled_records import both_ways
from test_input_fuzz import RECORD, _record_of

FAST = record_path()
COMPILED = core("_cbatch")
needs_path = pytest.mark.skipif(
    FAST is None, reason="the compiled core is not built here, is stale, or TENPAI_PURE is set"
)
REAL = Path(__file__).parent / "data" / "tenhou-agari.jsonl.gz"
VALUES = (
    None, True, False, 0, 1, 2, 3, 4, 5, -1, 100, 101, 2**40, 2**70, 2.5, "", "2", "E", "s",
    "east", "5s", "1z", "0p", "234m", "9z", "8z", "0z", "f1", "s1", "5s ", "5", "riichi",
    "hk", "tenhou", "pon", "chi", "ankan", "kita", "PON", [], ["5s"], ["5s", 3], [""] * 30,
    [{}], [{"type": "pon"}], {}, {"riichi": True}, {"a": [1]},
)  # fmt: skip


def real_records() -> list[dict[str, Any]]:
    with gzip.open(REAL, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def text(res: dict[str, Any]) -> str:
    return json.dumps(res, ensure_ascii=False)


def same(rec: Any) -> bool:
    """Tells whether the record path took *rec* (as a record and as a JSON line); asserts that
    what it gives is the pure result, to the key order."""
    want = score_record(rec)
    got = FAST.score_record(rec)  # type: ignore[union-attr]
    if got is not None:
        assert want["error"] is None, (rec, want)
        assert text(got) == text(want), rec
    try:
        line = json.dumps(rec)
    except (TypeError, ValueError):
        return got is not None
    from_line = FAST.score_line(line)  # type: ignore[union-attr]
    if from_line is not None:
        assert want["error"] is None, (line, want)
        assert text(from_line) == text(want), line
    return got is not None


@needs_path
def test_the_record_path_mirrors_the_current_sources() -> None:
    stale = stale_mirrors(COMPILED)  # type: ignore[arg-type]
    assert not stale, (
        "tenpai/_cbatch.pyx reads records as these pure sources did: check their change"
        f" against it, then write their new hashes in its MIRRORS: {stale}"
    )


@needs_path
@pytest.mark.slow
def test_real_records_score_alike() -> None:
    recs = random.Random(30).sample(real_records(), 1500)
    taken = sum(same(r) for r in recs)
    assert taken >= 0.97 * len(recs)  # the path takes the usual win


@pytest.mark.slow
@needs_path
def test_every_real_record_scores_alike() -> None:
    recs = real_records()
    taken = sum(same(r) for r in recs)
    assert len(recs) > 6000 and taken >= 0.97 * len(recs)


@pytest.mark.slow  # a long oracle: make test runs it, make check does not
@needs_path
def test_every_field_with_every_type_scores_alike() -> None:
    rng = random.Random(31)
    base = rng.sample(real_records(), 40)
    checked = taken = 0
    for field in RIICHI_FIELDS:
        for value in VALUES:
            taken += same(_record_of([(field.path, value)], rng.choice(base)))
            checked += 1
    assert checked == len(list(RIICHI_FIELDS)) * len(VALUES)
    assert 0 < taken < checked


TILE_NAMES = [f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)]
RULES_NAMES = (
    "tenhou", "bareme", "ema", "wrc", "mleague", "tenhou3", "TENHOU", " tenhou", "tenhou+aka=0",
    "tenhou+kuitan=false", "no_such_rules", "",
)  # fmt: skip


def _tiles(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(TILE_NAMES) for _ in range(n))


def _mutate(rec: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One to three changes to *rec*, each a value the reader reads in its own way."""
    rec = json.loads(json.dumps(rec))
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(16)
        closed = rec.get("closed_tiles") or ""
        closed = closed if isinstance(closed, str) else "".join(map(str, closed))
        if k == 0:  # the concealed tiles, reordered, grouped otherwise, or some changed
            rec["closed_tiles"] = rng.choice(
                [
                    _tiles(rng, rng.randint(12, 15)),
                    closed.replace("5", "0", 1),
                    closed.replace("0", "5"),
                    closed[::-1],
                    closed + rng.choice(TILE_NAMES),
                    closed[:-2],
                    [closed[:4], closed[4:]] if len(closed) > 4 else [closed],
                ]
            )
        elif k == 1:  # the winning tile
            rec["win_tile"] = rng.choice([*TILE_NAMES, "", "5", "55m", None])
        elif k == 2:  # a meld's type, tiles, called tile or source
            melds = rec.get("melds") or [{"type": "pon", "tiles": "777z", "from_rel": 2}]
            m = rng.choice(melds)
            m[rng.choice(["type", "tiles", "called_tile", "from_rel"])] = rng.choice(
                [
                    "chi",
                    "pon",
                    "minkan",
                    "daiminkan",
                    "kakan",
                    "shouminkan",
                    "ankan",
                    "Pon",
                    "kita",
                    "123m",
                    "406m",
                    "555m",
                    "055s",
                    "5555p",
                    "0555p",
                    "111z",
                    "789s",
                    "5m",
                    "0m",
                    0,
                    1,
                    2,
                    3,
                    None,
                ]
            )
            rec["melds"] = melds
        elif k == 3:  # a flag
            flags = rec.get("flags") or {}
            flag = rng.choice([*FLAG_NAMES, "riichi_in_log", "open_riichi", "extra"])
            flags[flag] = rng.choice([True, False, None, 1])
            rec["flags"] = flags
        elif k == 4:  # the winner, who dealt in, how
            for key in ("winner", "from_who"):
                rec[key] = rng.choice([None, 0, 1, 2, 3])
            rec["tsumo"] = rng.choice([True, False, None])
        elif k == 5:  # the winds
            rec[rng.choice(["seat_wind", "round_wind"])] = rng.choice(
                ["E", "S", "W", "N", "e", "East", "1z", "", None, "X"]
            )
        elif k == 6:  # the counters
            rnd = rec.get("round") or {}
            rnd[rng.choice(["honba", "riichi_sticks"])] = rng.choice([0, 1, 4, 5, 8, 100])
            rnd["round_wind"] = rng.choice(["E", "S", "W", "N", None])
            rec["round"] = rnd
            rec["multi_ron_index"] = rng.choice([None, 0, 1, 2])
        elif k == 7:  # the Tenhou settings
            rec["ruleset"] = {
                key: rng.choice([True, False, None])
                for key in ("aka", "kuitan", "standard_rules")
                if rng.random() < 0.7
            }
            if rng.random() < 0.3:
                rec["ruleset"]["players"] = rng.choice([3, 4, None])
        elif k == 8:  # a rules name
            rec["rules"] = rng.choice(RULES_NAMES)
        elif k == 9:  # the indicators
            key = rng.choice(["dora_indicators", "ura_dora_indicators"])
            rec[key] = rng.choice(
                [
                    [rng.choice(TILE_NAMES) for _ in range(rng.randint(0, 5))],
                    _tiles(rng, rng.randint(0, 3)),
                    ["5m", "5m", "5m", "5m"],
                    None,
                ]
            )
        elif k == 10:  # the liable player, the discarder given by seat
            rec[rng.choice(["pao_from_rel", "discarder_from_rel"])] = rng.choice([None, 1, 2, 3])
            if rng.random() < 0.5:
                rec.pop("winner", None)
        elif k == 11:  # the Tenhou verdict's liable player
            rec["tenhou"] = {"pao_who": rng.choice([None, 0, 1, 2, 3])}
        elif k == 12:  # the id
            rec["id"] = rng.choice(["a", 'é\u2028"\\', 7, -1, 2**70, None])
        elif k == 13:  # the variant
            rec["variant"] = rng.choice(["riichi", "hk", "", None])
        elif k == 14:  # a nagashi mangan
            rec.setdefault("flags", {})["nagashi_mangan"] = rng.choice([True, False])
        else:  # a meld added
            rec.setdefault("melds", []).append(
                rng.choice(
                    [
                        {"type": "ankan", "tiles": "1111m"},
                        {"type": "chi", "tiles": "345s", "called_tile": "4s"},
                        {"type": "pon", "tiles": "0555p"[:3], "from_rel": 1},
                        {"type": "kita", "tiles": "4z"},
                    ]
                )
            )
    return rec


@pytest.mark.slow  # a long oracle: make test runs it, make check does not
@needs_path
def test_mutated_records_score_alike() -> None:
    rng = random.Random(32)
    base = rng.sample(real_records(), 300)
    taken = checked = 0
    for _ in range(3000):
        taken += same(_mutate(rng.choice(base), rng))
        checked += 1
    assert 0.2 * checked < taken < checked  # both paths had their share


@needs_path
def test_made_up_hands_score_alike() -> None:
    rng = random.Random(33)
    for _ in range(2000):
        rec = {
            "closed_tiles": _tiles(rng, 14),
            "win_tile": rng.choice(TILE_NAMES),
            "tsumo": rng.random() < 0.5,
            "seat_wind": rng.choice("ESWN"),
            "flags": {"riichi": rng.random() < 0.5},
            "dora_indicators": [rng.choice(TILE_NAMES)],
        }
        same(rec)


FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow  # a long oracle: make test runs it, make check does not
@needs_path
@FUZZ
@given(RECORD)
def test_fuzzed_records_score_alike(rec: Any) -> None:
    if isinstance(rec, dict):
        same(rec)
    else:
        assert FAST.score_record(rec) is None  # type: ignore[union-attr]


@pytest.mark.slow  # a long oracle: make test runs it, make check does not
@needs_path
def test_score_many_gives_the_pure_results_on_records() -> None:
    rng = random.Random(34)
    recs = rng.sample(real_records(), 200)
    recs += [_mutate(r, rng) for r in recs]
    recs += [None, [], "x", {"variant": "hk"}, {}]
    rng.shuffle(recs)
    compiled = list(score_many(recs))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TENPAI_PURE", "1")
        pure = list(score_many(recs))
    assert [text(r) for r in compiled] == [text(r) for r in pure]


@pytest.mark.slow
@needs_path
def test_the_command_line_writes_the_pure_text_for_every_real_record(tmp_path: Path) -> None:
    rng = random.Random(35)
    recs = real_records()
    recs += [_mutate(r, rng) for r in rng.sample(recs, 2000)]
    path = tmp_path / "wins.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    runs = both_ways(["score", "--jsonl", str(path)])
    assert runs[0] == runs[1]
    assert runs[0][0].count("\n") == len(recs)


UTF8 = st.one_of(
    st.binary(max_size=12),
    st.text(max_size=6).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.sampled_from([b"\xed\xa0\x80", b"\xc0\xaf", b"\xe0\x80\xaf", b"\xf4\x90\x80\x80",
                     b"\xf0\x9f\x80\x84", b"\xef\xbb\xbf", b"\xe2\x80\xa8", b"\xc3", b"\xe3\x81"]),
)  # fmt: skip


@needs_path
@FUZZ
@given(UTF8)
def test_the_decoder_reads_utf8_as_python_does(raw: bytes) -> None:
    line = b'{"id": "' + raw + b'", "win_tile": "5s"}'
    got = COMPILED.decode_record(line)  # type: ignore[union-attr]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        assert got is None  # not UTF-8: the pure reader names the byte
        return
    if not any(c in text for c in '"\\') and all(ord(c) >= 32 for c in text):
        assert got == {"id": text, "win_tile": "5s"}
