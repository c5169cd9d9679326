"""Hong Kong records in the JSON interchange format, in and out."""

from __future__ import annotations

from typing import Any

import pytest

from tenpai.errors import InvalidHand, InvalidSituation
from tenpai.hand import Hand
from tenpai.hk.records import read_record, score_record

EX7 = {
    "id": "ex7",
    "hand": "99s",
    "win_tile": "9s",
    "self_drawn": True,
    "seat_wind": "N",
    "melds": [
        {"type": "pung", "tiles": "222s", "open": True, "from": "E"},
        {"type": "pung", "tiles": "444s", "open": True, "from": "S"},
        {"type": "chow", "tiles": "567s", "open": True, "from": "W"},
        {"type": "pung", "tiles": "888s", "open": True, "from": "W"},
    ],
}


def test_result_object() -> None:
    out = score_record(EX7)
    assert out == {
        "id": "ex7",
        "variant": "hk",
        "rules": "hk",
        "fan": 9,
        "raw_fan": 9,
        "items": [
            {"id": "no_flowers", "fan": 1},
            {"id": "self_drawn", "fan": 1},
            {"id": "full_flush", "fan": 7},
        ],
        "limit": None,
        "payments": {"E": 0, "S": 0, "W": -144, "N": 144},
        "liable": "W",
        "arrangement": "[222s] [444s] [567s] [888s] 99s",
        "error": None,
    }


def test_melds_without_a_source_do_not_make_anyone_liable() -> None:
    rec = dict(EX7, melds=[{k: v for k, v in m.items() if k != "from"} for m in EX7["melds"]])
    out = score_record(rec)
    assert out["liable"] is None
    assert out["payments"] == {"E": -48, "S": -48, "W": -48, "N": 144}


def test_reading_a_record() -> None:
    rec = read_record(
        {
            "hand": "555666222z33z",
            "win_tile": "2z",
            "self_drawn": True,
            "seat_wind": "E",
            "melds": [{"type": "kong", "tiles": "7777z", "open": False}],
            "special": ["kong_replacement"],
            "rules": {"profile": "riichi_advanced", "cap": None},
        }
    )
    assert rec.hand == Hand.parse("55566622z33z ankan 7777z tsumo 2z")
    assert rec.situation.kong_replacement and rec.situation.self_drawn is None
    assert rec.rules.name == "riichi_advanced"


def test_interchange_flags_and_closed_tiles() -> None:
    rec = read_record(
        {
            "closed_tiles": "123m456p789s11z22z",
            "win_tile": "2z",
            "tsumo": False,
            "seat_wind": "S",
            "discarder": "N",
            "flags": {"chankan": True, "houtei": True},
        }
    )
    assert rec.situation.robbing_kong and rec.situation.last_tile
    assert rec.hand is not None and not rec.hand.tsumo


@pytest.mark.parametrize(
    ("record", "kind", "message"),
    [
        ({"hand": "123m456p789s11z2z", "win_tile": "2z", "discarder": "N"}, "InvalidHand", "14"),
        (
            {"hand": "123m456p789s134z22z", "win_tile": "2z", "discarder": "N"},
            "NotAWinningHand",
            "not a complete hand",
        ),
        (
            {
                "hand": "456m789p345s22z",
                "win_tile": "2z",
                "discarder": "N",
                "seat_wind": "S",
                "melds": [{"type": "chow", "tiles": "123m", "open": True}],
            },
            "NoYaku",
            "the minimum is 3",
        ),
        ({"hand": "123m456p789s11z2x", "win_tile": "2z"}, "NotationError", "unknown character"),
        ({"hand": "123m456p789s11z22z", "win_tile": "3z"}, "InvalidHand", "not in the hand"),
        ({"hand": "123m456p789s11z22z", "win_tile": "2z", "rules": "nope"}, "RulesError", "nope"),
        ({"hand": None}, "InvalidHand", "fan_given"),
        (
            {"hand": "123m456p789s11z22z", "win_tile": "2z", "special": ["x"]},
            "InvalidSituation",
            "x",
        ),
    ],
)
def test_errors_are_results(record: dict[str, Any], kind: str, message: str) -> None:
    out = score_record(dict(record, id="bad"))
    assert out["id"] == "bad" and out["error"]["type"] == kind
    assert message in out["error"]["message"]


def test_meld_errors() -> None:
    with pytest.raises(InvalidHand, match="only a kong is declared concealed"):
        read_record({"hand": "11z", "melds": [{"type": "pung", "tiles": "111m", "open": False}]})
    with pytest.raises(InvalidHand, match="unknown meld type"):
        read_record({"hand": "11z", "melds": [{"type": "knitted", "tiles": "147m"}]})
    with pytest.raises(InvalidSituation, match="unknown seat"):
        read_record({"hand": "11z", "seat_wind": "X"})


def test_payment_only_records() -> None:
    out = score_record(
        {"hand": None, "fan_given": 13, "self_drawn": False, "seat_wind": "S", "discarder": "E"}
    )
    assert (out["fan"], out["raw_fan"], out["payments"]) == (
        10,
        13,
        {"E": -128, "S": 128, "W": 0, "N": 0},
    )
    quarters = score_record(
        {
            "hand": None,
            "fan_given": 0,
            "seat_wind": "S",
            "discarder": "E",
            "rules": {"preset": "hk", "responsibility": "half", "min_fan": 0},
        }
    )
    assert quarters["payments"] == {"E": -0.5, "S": 1, "W": -0.25, "N": -0.25}


def test_false_win_record() -> None:
    out = score_record({"hand": "123m", "seat_wind": "S", "special": ["false_win"]})
    assert out["false_win"] and out["payments"] == {"E": 192, "S": -576, "W": 192, "N": 192}
