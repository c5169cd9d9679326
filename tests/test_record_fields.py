"""Record fields are checked, never coerced (tenpai.fields, RIICHI_FIELDS and HK_FIELDS):
the error names the field, the value as written in JSON and what was expected."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tenpai.errors import RulesError
from tenpai.fields import load_toml
from tenpai.hk.records import FIELDS as HK_FIELDS
from tenpai.interchange import score_record
from tenpai.riichi.records import FIELDS as RIICHI_FIELDS

GOOD = {
    "id": "g",
    "closed_tiles": "234m678p455667s88s",
    "win_tile": "5s",
    "seat_wind": "S",
    "flags": {"riichi": True},
}  # 3 han 30 fu non-dealer ron: 3,900
PON = {"type": "pon", "tiles": "222z", "called_tile": "2z"}
CHI = {"type": "chi", "tiles": "234m", "called_tile": "2m"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"tsumo": "false"}, "field 'tsumo' must be true or false, not 'false'"),
        ({"tsumo": 0}, "field 'tsumo' must be true or false, not 0"),
        ({"flags": {"riichi": "no"}}, "field 'flags.riichi' must be true or false, not 'no'"),
        ({"flags": {"riichi": [0]}}, "field 'flags.riichi' must be true or false, not [0]"),
        ({"flags": "riichi"}, "field 'flags' must be an object, not 'riichi'"),
        (
            {"round": {"honba": 2.9}},
            "field 'round.honba' must be a whole number from 0 to 100, not 2.9",
        ),
        (
            {"round": {"honba": -1}},
            "field 'round.honba' must be a whole number from 0 to 100, not -1",
        ),
        (
            {"round": {"riichi_sticks": 10**30}},
            "field 'round.riichi_sticks' must be a whole number from 0 to 100, not 1000000",
        ),
        ({"round": {"honba": True}}, "field 'round.honba' must be a whole number"),
        (
            {"melds": [{**PON, "from_rel": 9}]},
            "field 'melds[0].from_rel' must be one of 0, 1, 2, 3, not 9",
        ),
        (
            {"melds": [{**PON, "from_rel": "2"}]},
            "field 'melds[0].from_rel' must be one of 0, 1, 2, 3, not '2'",
        ),
        ({"melds": [{**PON, "from_rel": 0}]}, "field 'from_rel' is 0 (no one) on a pon"),
        ({"melds": [{**CHI, "from_rel": 0}]}, "field 'from_rel' is 0 (no one) on a chi"),
        (
            {"melds": [{**CHI, "from_rel": 1}]},
            "a chi can only be called from the player on the left",
        ),
        ({"melds": {"type": "pon"}}, "field 'melds' must be a list of objects"),
        ({"win_tile": 5}, "field 'win_tile' must be a string, not 5"),
        ({"closed_tiles": ["234m", 5]}, "field 'closed_tiles' must be MPSZ tiles"),
        ({"dora_indicators": [None]}, "field 'dora_indicators' must be MPSZ tiles"),
        ({"winner": 4, "from_who": 0}, "field 'winner' must be one of 0, 1, 2, 3, not 4"),
        ({"winner": 1, "from_who": 1}, "'from_who' is the winner"),
        ({"pao_from_rel": 0}, "field 'pao_from_rel' must be one of 1, 2, 3, not 0"),
        ({"multi_ron_index": 1.0}, "field 'multi_ron_index' must be a whole number"),
        ({"ruleset": {"aka": "yes"}}, "field 'ruleset.aka' must be true or false, not 'yes'"),
        ({"variant": "HK"}, "unknown variant 'HK' (riichi or hk)"),
        ({"variant": 1}, "field 'variant' must be one of riichi, hk, not 1"),
        ({"id": {"a": 1}}, "field 'id' must be a string or a whole number, not {\"a\": 1}"),
        ({"rules": 5}, "field 'rules' must be a preset name or an object, not 5"),
        (
            {"rules": {"preset": "wrc", "honba_ron": 2.9}},
            "option 'honba_ron' takes a whole number (at most 1,000,000,000), not 2.9",
        ),
        ({"rules": {"preset": "wrc", "kiriage": 1}}, "option 'kiriage' takes true or false"),
        ({"rules": {"preset": "wrc", "aka": 3.0}}, "option 'aka' takes one of 0, 2, 3, 4, not 3.0"),
        (
            {"rules": {"preset": "wrc", "aka": True}},
            "option 'aka' takes one of 0, 2, 3, 4, not True",
        ),
        ({"rules": {"preset": 5}}, "'preset' takes a name (see `tenpai rules`), not 5"),
        ({"rules": {"local_yaku": True}}, "option 'local_yaku' takes a list of names"),
        ({"closed_tiles": "234m678p455667s8x"}, "field 'closed_tiles': unknown character 'x'"),
        ({"win_tile": "5q"}, "field 'win_tile': unknown character 'q'"),
        ({"dora_indicators": ["1m", "9z"]}, "field 'dora_indicators[1]': unknown tile '9z'"),
    ],
)
def test_riichi_fields_are_checked(change: dict[str, Any], message: str) -> None:
    res = score_record({**GOOD, **change})
    assert res["error"] is not None, res
    assert message in res["error"]["message"]
    assert res["error"]["type"] != "InternalError"


@pytest.mark.parametrize(
    ("change", "points"),
    [
        ({"tsumo": None}, 3900),  # null: not given
        ({"tsumo": False, "round": {"honba": 2, "riichi_sticks": 1}}, 3900),
        ({"flags": {"riichi": True, "riichi_in_log": None}}, 3900),  # not a field: ignored
        ({"flags": {"riichi": True, "ippatsu": True}}, 7700),  # 4 han 30 fu
        ({"tsumo": True}, 5200),  # + menzen tsumo (tsumo fu lost to pinfu): 4 han 20 fu
    ],
)
def test_good_values_still_score(change: dict[str, Any], points: int) -> None:
    assert score_record({**GOOD, **change})["points"] == points


HK = {"variant": "hk", "hand": "123m456p789s11z222z", "win_tile": "1z", "self_drawn": True}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"self_drawn": "no"}, "field 'self_drawn' must be true or false, not 'no'"),
        ({"flowers": "f1"}, "field 'flowers' must be a list of strings, not 'f1'"),
        ({"special": [1]}, "field 'special' must be a list of strings, not [1]"),
        ({"special": ["fast"]}, "unknown special situation 'fast'"),
        ({"seat_wind": 7}, "field 'seat_wind' must be a seat: E, S, W, N or 0-3, not 7"),
        ({"seat_wind": "Q"}, "unknown seat or wind 'Q'"),
        ({"fan_given": 2.5, "hand": None}, "field 'fan_given' must be a whole number"),
        (
            {"melds": [{"type": "pung", "tiles": "555s", "open": "yes"}], "hand": "123m456p11z"},
            "field 'melds[0].open' must be true or false, not 'yes'",
        ),
        (
            {"melds": [{"type": "pung", "tiles": "555s", "from_rel": 0}], "hand": "123m456p11z"},
            "field 'melds[0].from_rel' must be one of 1, 2, 3, not 0",
        ),
        ({"win_tile": "f1", "hand": "123m456p789s11z22zf1"}, "win_tile f1"),
        ({"hand": "123m456p789s1z222zf1"}, "f1 is a bonus tile"),
        ({"self_drawn": False}, "--from left, across or right"),
        ({"flags": {"rinshan": 1}}, "field 'flags.rinshan' must be true or false, not 1"),
    ],
)
def test_hk_fields_are_checked(change: dict[str, Any], message: str) -> None:
    res = score_record({**HK, **change})
    assert res["error"] is not None, res
    assert (
        message.replace("win_tile f1", "winning tile f1 is a bonus tile")
        in (res["error"]["message"])
    )
    assert res["error"]["type"] != "InternalError"


def test_hk_false_win_with_null_seats_is_east_paying() -> None:
    res = score_record({"variant": "hk", "winner": None, "seat_wind": None,
                        "special": ["false_win"]})  # fmt: skip
    # null seats: not given, the default East; a false win pays each other player the
    # limit's self-draw share (hk rules: false_win_penalty)
    assert res["error"] is None and res["false_win"] is True
    assert res["payments"]["E"] == -sum(v for k, v in res["payments"].items() if k != "E")


def test_every_field_of_the_tables_has_a_kind_and_a_container_first() -> None:
    for table in (RIICHI_FIELDS, HK_FIELDS):
        paths = [f.path for f in table]
        assert len(paths) == len(set(paths))
        for i, p in enumerate(paths):
            parent = p.rsplit(".", 1)[0].removesuffix("[]") if "." in p else None
            if parent is not None:
                assert parent in paths[:i], p


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("kiriage = true\n".encode("utf-16"), "it is not UTF-8 (byte 0xff on line 1)"),
        ("name = 'caf\u00e9'\n".encode("latin-1"), "it is not UTF-8 (byte 0xe9 on line 1)"),
        (b"kiriage = = 3\n", "it is not valid TOML"),
        (b"uma = [inf, 1]\n", "'uma[0]' is inf"),
        (b"a = " + b"[" * 5000 + b"]" * 5000 + b"\n", "cannot read the rules file"),
    ],
)
def test_rules_files_that_cannot_be_read_say_why(
    tmp_path: Any, content: bytes, message: str
) -> None:
    from tenpai.hk.rules import load_rules as load_hk_rules
    from tenpai.riichi.rules import load_rules

    path = tmp_path / "house.toml"
    path.write_bytes(content)
    for load in (load_toml, load_rules, load_hk_rules):
        with pytest.raises(RulesError, match=re.escape(message)):
            load(path)
