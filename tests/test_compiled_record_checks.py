"""The checks and the reading of a decoded record by the record path written for C
(``tenpai._cbatch``: its field table compiled into C arrays, the values it keeps from the
checks, the result pieces it keeps) against the pure path: on values no JSON decoder gives
(a bool or a float where a whole number is expected, subclasses of int, str, list and dict,
keys that are not strings, a key whose comparison raises), on the flags it reads in one walk
(the extras kept and sorted, the local-yaku inputs left to the pure path) and on the inputs
it hands to the scorer, which must be the pure reader's (``records.read_record``).

Whatever the path declines goes to the pure path, so each case must give the same result
through ``score_many`` with the compiled core and with ``TENPAI_PURE=1``.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from tenpai.interchange import score_many
from tenpai.riichi.records import read_record
from test_compiled_record_path import COMPILED, FAST, _mutate, needs_path, real_records, text


class Int(int):
    pass


class Str(str):
    pass


class Dict(dict):  # type: ignore[type-arg]
    pass


class List(list):  # type: ignore[type-arg]
    pass


class Raises:
    """A key equal in hash to *name*, whose comparison raises."""

    def __init__(self, name: str) -> None:
        self.h = hash(name)

    def __hash__(self) -> int:
        return self.h

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("compared")


def _base() -> dict[str, Any]:
    """A real record the path takes, with a meld (a pon) and extra flags."""
    for rec in real_records():
        melds = rec.get("melds") or []
        if (
            len(melds) == 1
            and melds[0]["type"] == "pon"
            and not rec["tsumo"]
            and FAST is not None
            and FAST.score_record(rec) is not None
        ):
            return rec
    raise AssertionError("no such record")


def _set(rec: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of *rec* with the field at *path* (``round.honba``, ``melds[0].from_rel``)
    set to *value*."""
    rec = copy.deepcopy(rec)
    node: Any = rec
    steps = path.split(".")
    for step in steps[:-1]:
        if step.endswith("]"):
            key, i = step[:-1].split("[")
            node = node[key][int(i)]
        else:
            node = node[step]
    node[steps[-1]] = value
    return rec


def _alike(recs: list[Any]) -> list[dict[str, Any]]:
    """Scores *recs* with the compiled core and with the pure path; asserts the same
    results, and gets them."""
    compiled = list(score_many(recs))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TENPAI_PURE", "1")
        pure = list(score_many(recs))
    assert [text(r) for r in compiled] == [text(r) for r in pure]
    return compiled


def _cases() -> list[tuple[str, dict[str, Any], bool | None]]:
    """Records made from a real one: (what was changed, the record, whether the path must
    leave it to the pure path: None, it may take it or not)."""
    base = _base()
    honba = base["round"]["honba"]
    changes = [
        # a bool or a float where a whole number or a seat is expected (errors)
        ("round.honba", True), ("round.riichi_sticks", False), ("multi_ron_index", False),
        ("winner", True), ("from_who", 1.0), ("round.honba", float(honba)),
        ("ruleset.players", 4.0), ("melds[0].from_rel", True), ("melds[0].from_rel", 2.0),
        # a bool where a text is expected, a number where a bool is (errors)
        ("seat_wind", True), ("tsumo", 1), ("flags.riichi", 1), ("ruleset.aka", 0),
        # subclasses of int, str and list, a tuple for a list (errors)
        ("round.honba", Int(honba)), ("winner", Int(base["winner"])),
        ("ruleset.players", Int(4)), ("melds[0].from_rel", Int(2)), ("id", Int(7)),
        ("closed_tiles", Str(base["closed_tiles"])), ("win_tile", Str(base["win_tile"])),
        ("seat_wind", Str(base["seat_wind"])), ("melds[0].type", Str("pon")),
        ("dora_indicators", List(base["dora_indicators"])),
        ("dora_indicators", tuple(base["dora_indicators"])),
        # a dict subclass at every level the path reads (the pure path reads it as an object)
        ("ruleset", Dict(base["ruleset"])), ("round", Dict(base["round"])),
        ("flags", Dict(base["flags"])), ("tenhou", Dict(base["tenhou"])),
        ("melds", [Dict(base["melds"][0])]),
    ]  # fmt: skip
    out: list[tuple[str, dict[str, Any], bool | None]] = [
        (f"{path}={value!r}", _set(base, path, value), True) for path, value in changes
    ]
    out.append(("the record a dict subclass", Dict(base), True))
    # keys that are not strings, at the top, in the objects walked and in those looked up
    # (the path may take the record: the key is then no field's)
    for where in ("", "flags", "ruleset", "round", "tenhou", "melds[0]"):
        for key in (1, None, (1, 2), Str("riichi"), Str("tsumo")):
            rec = copy.deepcopy(base)
            node: dict[Any, Any] = rec
            for step in where.split(".") if where else ():
                node = node["melds"][0] if step == "melds[0]" else node[step]
            new = key not in node  # (an equal str subclass key sets the str key's value)
            node[key] = True
            out.append(
                (
                    f"{where or 'top'}[{key!r}]",
                    rec,
                    True if new and where in ("", "flags") else None,
                )
            )
    # a str subclass key standing for a field, its value moved to it
    rec = copy.deepcopy(base)
    rec[Str("tsumo")] = rec.pop("tsumo")
    out.append(("Str('tsumo') for tsumo", rec, True))
    rec = copy.deepcopy(base)
    rec["flags"][Str("riichi")] = rec["flags"].pop("riichi")
    out.append(("Str('riichi') for flags.riichi", rec, True))
    # the flags the path walks: a local-yaku input (null too), more extras than it keeps
    for value in (None, False, True, 0):
        out.append((f"open_riichi={value!r}", _set(base, "flags.open_riichi", value), True))
    rec = copy.deepcopy(base)
    rec["flags"].update({f"extra_{i}": i for i in range(9)})
    out.append(("nine extra flags", rec, True))
    rec = copy.deepcopy(base)
    rec["flags"].update({f"extra_{i}": i for i in range(6)})
    out.append(("eight extra flags", rec, False))
    return out


@needs_path
@pytest.mark.slow  # long for make check: make test runs it
def test_values_no_json_gives_score_alike() -> None:
    cases = _cases()
    results = _alike([rec for _, rec, _ in cases])
    assert len(results) == len(cases)
    for name, rec, declined in cases:
        got = FAST.score_record(rec)  # type: ignore[union-attr]
        if declined is not None:
            assert (got is None) == declined, name


@needs_path
@pytest.mark.slow  # long for make check: make test runs it
def test_a_key_whose_comparison_raises_is_left_to_the_pure_path() -> None:
    base = _base()
    for where, name in (("", "tsumo"), ("flags", "riichi"), ("tenhou", "pao_who"),
                        ("ruleset", "aka"), ("round", "honba")):  # fmt: skip
        rec = copy.deepcopy(base)
        node: dict[Any, Any] = rec[where] if where else rec
        node.pop(name, None)
        node[Raises(name)] = True
        assert COMPILED.record_inputs(rec) is None, where  # type: ignore[union-attr]
        assert FAST.score_record(rec) is None, where  # type: ignore[union-attr]


@needs_path
@pytest.mark.slow
def test_the_inputs_are_the_pure_readers() -> None:
    rng = random.Random(36)
    recs = rng.sample(real_records(), 400)
    recs += [_mutate(r, rng) for r in recs]
    taken = 0
    for rec in recs:
        got = COMPILED.record_inputs(rec)  # type: ignore[union-attr]
        if got is None:
            continue
        taken += 1
        hand, sit, rules = read_record(rec)
        assert got[:3] == (hand, sit, rules), rec
        assert got[1].flags == sit.flags and got[0].concealed == hand.concealed
    assert taken > 500


@needs_path
@pytest.mark.slow  # long for make check: make test runs it
def test_extra_flags_are_sorted_as_the_pure_reader_sorts_them() -> None:
    base = _base()
    rec = copy.deepcopy(base)
    rec["flags"] = {"zeta": 1, "riichi": True, "alpha": [1], "menzen_tsumo": False, "Beta": None}
    sit = read_record(rec)[1]
    got = COMPILED.record_inputs(rec)  # type: ignore[union-attr]
    assert got is not None and got[1] == sit
    assert [k for k, _ in got[1].flags] == ["Beta", "alpha", "menzen_tsumo", "zeta"]


@needs_path
@pytest.mark.slow  # long for make check: make test runs it
def test_each_result_is_a_fresh_copy() -> None:
    rec = _base()
    first = FAST.score_record(rec)  # type: ignore[union-attr]
    assert first is not None
    want = text(first)
    first["yaku"][0]["han"] = 99
    first["fu_parts"].clear()
    first["payments"]["x"] = 1
    first["paid_by"][0]["amount"] = -1
    first["deltas"].append(5)
    again = FAST.score_record(rec)  # type: ignore[union-attr]
    assert again is not None and text(again) == want
    assert list(again) == [
        "id", "variant", "rules", "han", "fu", "points", "limit", "yaku", "yakuman",
        "fu_parts", "payments", "paid_by", "deltas", "error",
    ]  # fmt: skip
    assert json.loads(want) == again
