"""Hong Kong rulesets: defaults of spec §7, profiles and aliases, mappings, TOML, errors."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from tenpai.errors import RulesError
from tenpai.hk import HK_PROFILES, HKRules, find_rules, load_rules, rules_from_mapping
from tenpai.hk.rules import LIMIT_HAND_IDS, OPTION_DOCS, hk_profile_names

# spec §7, the defaults column (SEED)
SPEC_DEFAULTS = {
    "cap": 10,
    "limit_value": None,
    "limit_hands_stack": False,
    "min_fan": 3,
    "flowers_in_play": True,
    "flower_set_keeps_seat_flower": False,
    "flowers_count_toward_min": True,
    "concealed_kong_breaks_concealed": False,
    "concealed_hand_void_with_flowers": False,
    "concealed_hand_discard_only": False,
    "all_chows_suited_pair": False,
    "last_discard_counts": True,
    "flower_replacement_fan": 0,
    "double_kong_replacement": None,
    "all_pungs": 3,
    "half_flush": 3,
    "full_flush": 7,
    "mixed_terminals_honours": 1,
    "little_three_dragons": 5,
    "big_three_dragons": 8,
    "seven_pairs": None,
    "seven_flowers": None,
    "eight_flowers": "limit",
    "four_concealed_pungs_rule": "standard",
    "earthly_definition": "dealer_first_discard",
    "nine_gates_true_wait": False,
    "spiciness": "half",
    "responsibility": "full",
    "base_points": Fraction(1, 2),
    "dealer_multiplier": 1,
    "robbing_kong_settlement": "konger_pays_self_draw",
    "pao_12_tiles": True,
    "pao_big_hands": True,
    "pao_half_9_tiles": False,
    "pao_kong_bloom": False,
    "pao_scope": "self_draw_only",
    "false_win_penalty": "max_self_draw_to_each",
    "head_bump": True,
    "dealer_keeps_on_draw": True,
}


def test_defaults_are_the_spec_table() -> None:
    options = HKRules().options()
    assert {k: options[k] for k in SPEC_DEFAULTS} == SPEC_DEFAULTS
    assert set(OPTION_DOCS) == set(options)
    assert (HKRules().limit_fan, HKRules(cap=None).limit_fan) == (10, 13)


def test_rules_are_frozen_values() -> None:
    r = HKRules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.cap = 13  # type: ignore[misc]
    assert hash(r) == hash(HKRules()) and r == HKRules()
    assert dataclasses.replace(r, cap=13) != r


@pytest.mark.parametrize("name", hk_profile_names())
def test_every_profile_builds_and_is_found_by_its_aliases(name: str) -> None:
    profile = HK_PROFILES[name]
    rules = find_rules(name)
    assert rules.name == name
    for alias in profile.aliases:
        assert find_rules(alias.upper()) is rules
    assert rules == profile.rules()


def test_profiles_translate_their_source() -> None:
    assert find_rules("hk") == HKRules()
    hsk = find_rules("hskpeter")
    assert (hsk.cap, hsk.min_fan, hsk.flowers_in_play, hsk.big_three_dragons) == (
        None,
        0,
        False,
        "limit",
    )
    mz = find_rules("mz")
    assert mz.limit_override("four_concealed_pungs") == 8
    assert not mz.flowers_count_toward_min
    enwp = find_rules("wikipedia-old-hk-simplified")
    assert (enwp.spiciness, enwp.responsibility, enwp.base_points, enwp.dealer_multiplier) == (
        "fan_laak",
        "half",
        Fraction(1, 4),
        2,
    )


def test_mapping_overrides() -> None:
    r = rules_from_mapping(
        {
            "preset": "hkma",
            "cap": "none",
            "all_honours": 10,
            "stake_preset": "一二蚊",
            "spiciness": "辣辣上",
            "winds_and_round_scored": False,
        }
    )
    assert (r.name, r.cap, r.limit_overrides, r.base_points, r.spiciness) == (
        "hkma",
        None,
        (("all_honours", 10),),
        Fraction(2),
        "spicy",
    )
    assert not r.wind_pungs_score
    assert rules_from_mapping({"base_points": 0.25}).base_points == Fraction(1, 4)
    assert rules_from_mapping({"base_points": "1/4"}).base_points == Fraction(1, 4)
    assert rules_from_mapping({"double_kong_replacement": "off"}).double_kong_replacement is None


@pytest.mark.parametrize(
    ("mapping", "message"),
    [
        ({"preset": "hongkong-modern"}, r"unknown Hong Kong ruleset 'hongkong-modern'"),
        ({"capp": 10}, r"unknown Hong Kong option 'capp' \(did you mean 'cap'\?\)"),
        ({"cap": 0}, r"option 'cap' must be a whole number >= 1 or none, not 0"),
        ({"cap": "ten"}, r"option 'cap' must be"),
        ({"responsibility": "most"}, r"option 'responsibility' must be one of 'full', 'half'"),
        ({"flowers_in_play": "yes"}, r"option 'flowers_in_play' must be true or false"),
        ({"big_three_dragons": None}, r"option 'big_three_dragons' must be a fan >= 1 or 'limit'"),
        ({"base_points": -1}, r"option 'base_points' must be a positive number"),
        ({"base_points": "lots"}, r"option 'base_points' must be a positive number"),
        ({"limit_overrides": {"all_flowers": 8}}, r"unknown limit hand 'all_flowers'"),
        ({"all_honours": 0}, r"limit hand 'all_honours' must be priced with a fan >= 1"),
        ({"stake_preset": "penny"}, r"unknown stakes preset 'penny'"),
        ({"payment_model": "chips"}, r"option 'payment_model' must be one of"),
        ({"preset": "hk", "profile": "hkma"}, r"two presets"),
    ],
)
def test_errors_name_the_option_and_value(mapping: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        rules_from_mapping(mapping)


def test_unknown_profile_lists_the_known_ones() -> None:
    with pytest.raises(RulesError, match=r"did you mean 'hkma'\?\); known: hk, hkma, "):
        find_rules("hkmaa")


def test_load_toml(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text(
        'preset = "zhwp"\n'
        'responsibility = "half"\n'
        'cap = "none"\n'
        "base_points = 0.5\n"
        "[limit_overrides]\n"
        "all_honours = 10\n"
        "four_kongs = 13\n",
        encoding="utf-8",
    )
    r = load_rules(path)
    assert (r.name, r.responsibility, r.cap) == ("zh-wikipedia", "half", None)
    assert r.limit_override("four_kongs") == 13 and r.limit_override("all_honours") == 10
    assert r.limit_override("nine_gates") == 10  # merged into the preset's prices
    nested = tmp_path / "nested.toml"
    nested.write_text('[hk]\npreset = "yawnoc"\n', encoding="utf-8")
    assert load_rules(nested) == find_rules("yawnoc")


def test_load_toml_errors(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="cannot read the rules file"):
        load_rules(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("cap = = 3\n", encoding="utf-8")
    with pytest.raises(RulesError, match="cannot read"):
        load_rules(bad)
    wrong = tmp_path / "wrong.toml"
    wrong.write_text("minimum_fan = 3\n", encoding="utf-8")
    with pytest.raises(RulesError, match="'minimum_fan'"):
        load_rules(wrong)


def test_limit_override_limit_takes_the_price_off() -> None:
    zhwp = find_rules("zhwp")
    assert zhwp.limit_override("all_honours") == 10
    r = rules_from_mapping({"preset": "zhwp", "all_honours": "limit"})
    assert r.limit_override("all_honours") is None and r.limit_override("nine_gates") == 10
    r = rules_from_mapping({"preset": "zhwp", "limit_overrides": {"nine_gates": "limit"}})
    assert r.limit_override("nine_gates") is None and r.limit_override("all_honours") == 10


def test_profiles_are_hashable_frozen_data() -> None:
    assert len({hash(p) for p in HK_PROFILES.values()}) == len(HK_PROFILES)


def test_limit_hand_ids_are_fan_rows() -> None:
    from tenpai.hk.fan import row

    for item in LIMIT_HAND_IDS:
        assert row(item).is_limit_hand
