"""Hong Kong old style rulesets: every option of the spec (§7), named profiles, TOML files.

:class:`HKRules` is a frozen value whose defaults are the project's own fan table (hk-fan.fr.md,
"Table des fan"): cap 10, minimum 3, half-spicy payments, full responsibility (全銃), flowers
in play, seven pairs off. Every value the sources dispute is an option. A profile is named
frozen data with aliases; :func:`find_rules` looks one up, :func:`rules_from_mapping`
applies ``{"preset": NAME, option: value}`` overrides and :func:`load_rules` reads a TOML file.

>>> find_rules("HKMA").base_points
Fraction(2, 1)
>>> rules_from_mapping({"preset": "hk", "cap": 13}).limit_fan
13
>>> rules_from_mapping({"capp": 13})
Traceback (most recent call last):
    ...
tenpai.errors.RulesError: unknown Hong Kong option 'capp' (did you mean 'cap'?)
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeAlias

from ..errors import RulesError, msg

__all__ = [
    "HK_PROFILES",
    "LIMIT_HAND_IDS",
    "OPTION_DOCS",
    "STAKES",
    "FanValue",
    "HKProfile",
    "HKRules",
    "find_rules",
    "hk_profile_names",
    "load_rules",
    "rules_from_mapping",
]

FanValue: TypeAlias = int | str | None
"""The value of a fan item: a number of fan, ``"limit"`` (worth the limit), or None (off)."""

LIMIT = "limit"

LIMIT_HAND_IDS: tuple[str, ...] = (
    "thirteen_orphans",
    "nine_gates",
    "four_concealed_pungs",
    "four_kongs",
    "big_four_winds",
    "little_four_winds",
    "all_honours",
    "all_terminals",
    "heavenly_hand",
    "earthly_hand",
    "human_hand",
    "seven_rob_one",
)
"""Limit hands (§5) that ``limit_overrides`` may price (eight_flowers has its own option)."""


@dataclass(frozen=True, slots=True)
class HKRules:
    """A Hong Kong old style ruleset; the defaults are the French fan table's (hk-fan.fr.md).

    Change one option with :func:`dataclasses.replace` (values are checked again):

    >>> from dataclasses import replace
    >>> replace(HKRules(), responsibility="half").responsibility
    'half'
    >>> replace(HKRules(), responsibility="some")
    Traceback (most recent call last):
        ...
    tenpai.errors.RulesError: option 'responsibility' must be one of 'full', 'half', not 'some'
    """

    name: str = field(default="hk", compare=False)
    # -- the cap, the limit, the minimum (§3, §5)
    cap: int | None = 10
    limit_value: int | None = None
    limit_hands_stack: bool = False
    limit_overrides: tuple[tuple[str, int], ...] = ()
    wind_pungs_beside_four_winds: bool = False
    min_fan: int = 3
    # -- bonus tiles (§1, §4.1)
    flowers_in_play: bool = True
    flower_set_keeps_seat_flower: bool = False
    flowers_count_toward_min: bool = True
    # -- concealment and manner of winning (§4.2)
    concealed_kong_breaks_concealed: bool = False
    concealed_hand_void_with_flowers: bool = False
    concealed_hand_discard_only: bool = False
    last_discard_counts: bool = True
    flower_replacement_fan: int = 0
    double_kong_replacement: FanValue = None
    # -- hand composition (§4.3, §4.4)
    all_chows_suited_pair: bool = False
    wind_pungs_score: bool = True
    all_pungs: int = 3
    half_flush: int = 3
    full_flush: int = 7
    mixed_terminals_honours: int = 1
    little_three_dragons: int = 5
    big_three_dragons: FanValue = 8
    seven_pairs: FanValue = None
    seven_pairs_allow_duplicates: bool = False
    seven_flowers: FanValue = None
    eight_flowers: FanValue = LIMIT
    four_concealed_pungs_rule: str = "standard"
    earthly_definition: str = "dealer_first_discard"
    nine_gates_true_wait: bool = False
    # -- payments (§6)
    payment_cap: int | None = None
    spiciness: str = "half"
    responsibility: str = "full"
    base_points: Fraction = Fraction(1, 2)
    dealer_multiplier: int = 1
    robbing_kong_settlement: str = "konger_pays_self_draw"
    pao_12_tiles: bool = True
    pao_big_hands: bool = True
    pao_half_9_tiles: bool = False
    pao_kong_bloom: bool = False
    pao_scope: str = "self_draw_only"
    false_win_penalty: str = "max_self_draw_to_each"
    head_bump: bool = True
    dealer_keeps_on_draw: bool = True

    def __post_init__(self) -> None:
        bp: object = self.base_points
        if isinstance(bp, int) and not isinstance(bp, bool):
            object.__setattr__(self, "base_points", Fraction(bp))
        for f in fields(self):
            if f.name != "name":
                _check(f.name, getattr(self, f.name))
        ordered = tuple(sorted(dict(self.limit_overrides).items()))
        object.__setattr__(self, "limit_overrides", ordered)

    def __repr__(self) -> str:
        """Shows the constructor call with the options that differ from the seed's.

        >>> find_rules("yawnoc")
        HKRules(name='yawnoc', cap=13, base_points=Fraction(1, 1))
        """
        diff = self.differences()
        if "limit_overrides" in diff:
            diff["limit_overrides"] = self.limit_overrides
        parts = [f"name={self.name!r}", *(f"{k}={v!r}" for k, v in diff.items())]
        return f"HKRules({', '.join(parts)})"

    @property
    def limit_fan(self) -> int:
        """Gets the value of a limit hand: ``limit_value``, else the cap, else 13 (uncapped).

        >>> HKRules().limit_fan, HKRules(cap=None).limit_fan, HKRules(limit_value=8).limit_fan
        (10, 13, 8)
        """
        if self.limit_value is not None:
            return self.limit_value
        return 13 if self.cap is None else self.cap

    @property
    def top_fan(self) -> int:
        """Gets the highest fan that is paid: the cap, or the limit value when uncapped."""
        return self.limit_fan if self.cap is None else self.cap

    def capped(self, fan: int) -> int:
        """Gets the final fan of a raw total *fan*: ``min(fan, cap)``.

        >>> HKRules().capped(13), HKRules(cap=None).capped(13)
        (10, 13)
        """
        return fan if self.cap is None else min(fan, self.cap)

    def limit_override(self, item: str) -> int | None:
        """Gets the fan that ``limit_overrides`` gives the limit hand *item*, if priced."""
        return dict(self.limit_overrides).get(item)

    def options(self) -> dict[str, object]:
        """Gets the options as a plain mapping (``limit_overrides`` as a dict, fractions kept)."""
        out: dict[str, object] = {}
        for f in fields(self):
            if f.name == "name":
                continue
            value = getattr(self, f.name)
            out[f.name] = dict(value) if f.name == "limit_overrides" else value
        return out

    def differences(self, other: HKRules | None = None) -> dict[str, object]:
        """Gets the options that differ from *other* (default: the seed's defaults).

        >>> find_rules("yawnoc").differences()
        {'cap': 13, 'base_points': Fraction(1, 1)}
        """
        base = (other or HKRules()).options()
        return {k: v for k, v in self.options().items() if base[k] != v}


# ---- option kinds and their checks -------------------------------------------------------------

_BOOL = "bool"
_COUNT = "count"  # int >= 0
_POSITIVE = "positive"  # int >= 1
_CAP = "cap"  # int >= 1 or None
_FAN = "fan"  # int >= 1, "limit" or None (off)
_FAN_ON = "fan_on"  # int >= 1 or "limit"
_FRACTION = "fraction"
_OVERRIDES = "overrides"


@dataclass(frozen=True, slots=True)
class _Option:
    kind: str
    doc: str
    choices: tuple[str, ...] = ()


_OPTIONS: dict[str, _Option] = {
    "cap": _Option(_CAP, "highest fan paid (default 10; 8, 13, or none = unlimited)"),
    "limit_value": _Option(_CAP, "value of a limit hand (none = the cap, 13 when uncapped)"),
    "limit_hands_stack": _Option(_BOOL, "several limit hands add up (MCGILL, RA)"),
    "limit_overrides": _Option(_OVERRIDES, "price single limit hands: {id: fan}; they stack"),
    "wind_pungs_beside_four_winds": _Option(
        _BOOL, "a priced little four winds leaves the wind pungs scoring (RA; by default: no)"
    ),
    "min_fan": _Option(_COUNT, "minimum fan to win (default 3)"),
    "flowers_in_play": _Option(_BOOL, "the 8 bonus tiles are played"),
    "flower_set_keeps_seat_flower": _Option(_BOOL, "a complete series also scores its seat tile"),
    "flowers_count_toward_min": _Option(_BOOL, "flower fan count toward the minimum"),
    "concealed_kong_breaks_concealed": _Option(_BOOL, "a concealed kong voids 門前清"),
    "concealed_hand_void_with_flowers": _Option(_BOOL, "no 門前清 when flowers are played"),
    "concealed_hand_discard_only": _Option(_BOOL, "門前清 only on a discard win"),
    "last_discard_counts": _Option(_BOOL, "a win on the last discard scores last_tile"),
    "flower_replacement_fan": _Option(_COUNT, "fan of a win on a flower replacement (0 = none)"),
    "double_kong_replacement": _Option(_FAN, "槓上槓: off (= kong_replacement), 8 or limit"),
    "all_chows_suited_pair": _Option(_BOOL, "all_chows needs a suited pair"),
    "wind_pungs_score": _Option(_BOOL, "seat and round wind pungs score"),
    "all_pungs": _Option(_POSITIVE, "fan of all pungs 對對糊"),
    "half_flush": _Option(_POSITIVE, "fan of half flush 混一色"),
    "full_flush": _Option(_POSITIVE, "fan of full flush 清一色"),
    "mixed_terminals_honours": _Option(_POSITIVE, "fan of 混么九 (all pungs scores besides)"),
    "little_three_dragons": _Option(_POSITIVE, "fan of 小三元, its dragon pungs included"),
    "big_three_dragons": _Option(_FAN_ON, "fan of 大三元 (8) or limit"),
    "seven_pairs": _Option(_FAN, "七對子: off, or its fan"),
    "seven_pairs_allow_duplicates": _Option(_BOOL, "seven pairs may hold two identical pairs"),
    "seven_flowers": _Option(_FAN, "花糊 instant win with seven bonus tiles: off, or its fan"),
    "eight_flowers": _Option(_FAN_ON, "八仙過海: limit or its fan"),
    "four_concealed_pungs_rule": _Option(
        "choice", "when 坎坎糊 holds", ("standard", "self_draw_only", "any")
    ),
    "earthly_definition": _Option(
        "choice", "what 地糊 is", ("dealer_first_discard", "first_self_draw")
    ),
    "nine_gates_true_wait": _Option(_BOOL, "九子連環 only on the nine-sided wait"),
    "payment_cap": _Option(
        _CAP, "highest fan of the payment table: more fan pay as many (RA '13+'; none = no end)"
    ),
    "spiciness": _Option("choice", "fan-to-multiplier curve", ("half", "spicy", "fan_laak")),
    "responsibility": _Option("choice", "who pays a discard win: 全銃 or 半銃", ("full", "half")),
    "base_points": _Option(_FRACTION, "P(0), the share of a 0-fan hand (stakes)"),
    "dealer_multiplier": _Option(_POSITIVE, "payments to or from East are multiplied"),
    "robbing_kong_settlement": _Option(
        "choice", "who pays a robbed kong", ("konger_pays_self_draw", "as_discard")
    ),
    "pao_12_tiles": _Option(_BOOL, "十二張落地: who fed the 4th claimed set is liable"),
    "pao_big_hands": _Option(_BOOL, "who fed the last set of 大三元/大四喜/十八羅漢 is liable"),
    "pao_half_9_tiles": _Option(_BOOL, "half responsibility: 3 sets shown, the discarder pays all"),
    "pao_kong_bloom": _Option(_BOOL, "who fed an exposed kong pays its replacement win"),
    "pao_scope": _Option("choice", "when liability applies", ("self_draw_only", "any_win")),
    "false_win_penalty": _Option("choice", "price of 詐糊", ("max_self_draw_to_each", "share")),
    "head_bump": _Option(_BOOL, "截糊: only the first claimant wins a discard"),
    "dealer_keeps_on_draw": _Option(_BOOL, "the dealer keeps the deal on a washout"),
}

OPTION_DOCS: dict[str, str] = {k: v.doc for k, v in _OPTIONS.items()}
"""Every option of :class:`HKRules` with a one-line description."""

_OPTION_ALIASES = {
    "winds_and_round_scored": "wind_pungs_score",
    "min": "min_fan",
    "minimum": "min_fan",
    "curve": "spiciness",
}
_VALUE_ALIASES = {
    "spiciness": {
        "half_spicy": "half",
        "half-spicy": "half",
        "半辣上": "half",
        "辣辣上": "spicy",
        "全辣": "spicy",
        "fan-laak": "fan_laak",
        "番勒": "fan_laak",
    },
    "responsibility": {"全銃": "full", "半銃": "half", "陪銃": "half"},
}

STAKES: dict[str, Fraction] = {
    "table": Fraction(1, 2),
    "二五雞": Fraction(1, 2),
    "two-five-chicken": Fraction(1, 2),
    "五一": Fraction(1),
    "five-one": Fraction(1),
    "一二蚊": Fraction(2),
    "one-two-dollars": Fraction(2),
    "hkma-100": Fraction(2),
    "yhk-home": Fraction(10),
}
"""Stakes presets (HKMA, home tables): name -> ``base_points`` (the share of a 0-fan hand)."""

# `payment_model` expands to plain options (English Wikipedia, Mahjong, "Old HK simplified": points
# 3 -> 1, 4-6 -> 2, 7-9 -> 4, 10+ -> 8 are the fan-laak ladder / 8; the discarder pays double the
# others, every self-draw share is double, payments to or from East are doubled).
_PAYMENT_MODELS: dict[str, dict[str, object]] = {
    "table": {},
    "base_points_with_doubles": {
        "spiciness": "fan_laak",
        "responsibility": "half",
        "base_points": Fraction(1, 4),
        "dealer_multiplier": 2,
    },
}


# what an option of each kind takes (the catalogue id of the words), for _fail_value
_EXPECTED = {
    "true or false": "errors.hk_rules.bool",
    "a whole number >= 0": "errors.hk_rules.count",
    "a whole number >= 1": "errors.hk_rules.positive",
    "a whole number >= 1 or none": "errors.hk_rules.cap",
    "a fan >= 1, 'limit' or 'off'": "errors.hk_rules.fan",
    "a fan >= 1 or 'limit'": "errors.hk_rules.fan_on",
    "a positive number": "errors.hk_rules.fraction",
    "a mapping of limit hand ids to fan": "errors.hk_rules.overrides",
}


def _fail_value(name: str, value: object, expected: str) -> RulesError:
    what = msg(_EXPECTED[expected])
    return RulesError.of(
        msg("errors.hk_rules.value", name=name), what, msg("errors.hk_rules.not", value=value)
    )


def _check(name: str, value: object) -> None:
    """Checks *value* for option *name*; raises RulesError naming both."""
    opt = _OPTIONS[name]
    kind = opt.kind
    num = value if isinstance(value, int) and not isinstance(value, bool) else None
    if kind == _BOOL:
        if not isinstance(value, bool):
            raise _fail_value(name, value, "true or false")
    elif kind == _COUNT:
        if num is None or num < 0:
            raise _fail_value(name, value, "a whole number >= 0")
    elif kind == _POSITIVE:
        if num is None or num < 1:
            raise _fail_value(name, value, "a whole number >= 1")
    elif kind == _CAP:
        if value is not None and (num is None or num < 1):
            raise _fail_value(name, value, "a whole number >= 1 or none")
    elif kind in (_FAN, _FAN_ON):
        ok = value == LIMIT or (num is not None and num >= 1)
        if kind == _FAN:
            ok = ok or value is None
        if not ok:
            what = "a fan >= 1, 'limit' or 'off'" if kind == _FAN else "a fan >= 1 or 'limit'"
            raise _fail_value(name, value, what)
    elif kind == _FRACTION:
        if not (isinstance(value, Fraction) and value > 0):
            raise _fail_value(name, value, "a positive number")
    elif kind == _OVERRIDES:
        if not isinstance(value, tuple):
            raise _fail_value(name, value, "a mapping of limit hand ids to fan")
        for pair in value:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                raise _fail_value(name, value, "a mapping of limit hand ids to fan")
            item, fan = pair
            if item not in LIMIT_HAND_IDS:
                known = ", ".join(LIMIT_HAND_IDS)
                raise RulesError.of(msg("errors.hk2.limit_unknown", item=item, known=known))
            if not (isinstance(fan, int) and not isinstance(fan, bool) and fan >= 1):
                raise RulesError.of(msg("errors.hk2.limit_fan", item=item, fan=fan))
    elif value not in opt.choices:  # a choice
        allowed = ", ".join(repr(c) for c in opt.choices)
        raise RulesError.of(msg("errors.hk_rules.choice", name=name, allowed=allowed, value=value))


def _coerce(name: str, value: object) -> object:
    """Turns a value written in TOML/JSON into the option's type (then checked by HKRules)."""
    kind = _OPTIONS[name].kind
    if isinstance(value, str):
        low = value.strip().lower()
        value = _VALUE_ALIASES.get(name, {}).get(value.strip(), value)
        if kind in (_CAP, _FAN) and low in ("none", "null", "off", "unlimited", "no"):
            return None
        if kind in (_FAN, _FAN_ON) and low == LIMIT:
            return LIMIT
    if kind == _FRACTION and isinstance(value, int | float | str) and not isinstance(value, bool):
        try:
            return Fraction(str(value).strip())
        except ValueError:
            raise _fail_value(name, value, "a positive number") from None
    if kind in (_FAN, _FAN_ON) and isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _overrides_of(value: object) -> tuple[tuple[str, object], ...]:
    """Reads ``limit_overrides``: a mapping (or pairs) of limit hand ids to a fan or "limit"."""
    if isinstance(value, Mapping):
        return tuple((str(k), v) for k, v in value.items())
    if isinstance(value, tuple) and all(isinstance(p, tuple) and len(p) == 2 for p in value):
        return tuple((str(k), v) for k, v in value)
    raise _fail_value("limit_overrides", value, "a mapping of limit hand ids to fan")


def _override_value(item: str, value: object) -> int | None:
    """Checks the price of limit hand *item*; ``"limit"`` (None) takes a price off."""
    if item not in LIMIT_HAND_IDS:
        known = ", ".join(LIMIT_HAND_IDS)
        raise RulesError.of(msg("errors.hk2.limit_unknown", item=item, known=known))
    if isinstance(value, str) and value.strip().lower() == LIMIT:
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
        raise RulesError.of(msg("errors.hk2.limit_price", item=item, value=value))
    return value


# ---- profiles ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HKProfile:
    """A named ruleset: its *options* (over the seed defaults), *aliases* and *source*."""

    name: str
    aliases: tuple[str, ...]
    source: str
    options: tuple[tuple[str, Any], ...]

    def rules(self) -> HKRules:
        """Builds the :class:`HKRules` of the profile."""
        return _apply(HKRules(name=self.name), dict(self.options))


def _profile(name: str, aliases: tuple[str, ...], source: str, **options: Any) -> HKProfile:
    frozen = {k: tuple(v.items()) if isinstance(v, dict) else v for k, v in options.items()}
    return HKProfile(name, aliases, source, tuple(frozen.items()))


_PROFILE_DATA: tuple[HKProfile, ...] = (
    _profile(
        "hk",
        ("seed", "default", "bareme", "barème", "hong-kong", "hkos", "old-style"),
        "the project's French fan table (docs/generated/hk-fan.fr.md): every default",
    ),
    _profile(
        "hkma",
        ("gghk", "hong-kong-mahjong-association"),
        "HKMA Classical Hong Kong Mahjong rulebook (rev. 2023-05): 100底 half-spicy, 全銃",
        cap=10,
        min_fan=3,
        base_points=2,
        concealed_kong_breaks_concealed=True,
        double_kong_replacement=LIMIT,
        dealer_keeps_on_draw=False,
    ),
    _profile(
        "zh-wikipedia",
        ("zhwp", "cantonese-wikipedia", "香港蔴雀"),
        "Cantonese/Chinese Wikipedia 香港麻雀常用番種, table 全銃制 (cap 13 = 爆棚)",
        cap=13,
        base_points=Fraction(1, 2),
        concealed_kong_breaks_concealed=True,
        concealed_hand_void_with_flowers=True,
        double_kong_replacement=8,
        seven_flowers=3,
        eight_flowers=8,
        limit_overrides={
            "nine_gates": 10,
            "four_concealed_pungs": 8,
            "little_four_winds": 6,
            "all_honours": 10,
            "all_terminals": 10,
        },
    ),
    _profile(
        "hskpeter",
        ("hsk", "hk-mahjong", "npm-hk-mahjong"),
        "npm hk-mahjong 3.2.0 (HSKPeter/hk-mahjong-hand-calculation) as its tests run it",
        cap=None,
        min_fan=0,
        flowers_in_play=False,
        big_three_dragons=LIMIT,
        wind_pungs_score=False,
        seven_flowers=3,
        four_concealed_pungs_rule="self_draw_only",
    ),
    _profile(
        "mummyz",
        ("mz", "mahjong-sg-calculator"),
        "Mummyz/Mahjong-SG-Calculator-Web, Hong Kong old style corpus",
        cap=10,
        min_fan=3,
        flowers_count_toward_min=False,
        concealed_kong_breaks_concealed=True,
        four_concealed_pungs_rule="any",
        seven_flowers=3,
        eight_flowers=8,
        limit_overrides={"four_concealed_pungs": 8},
    ),
    _profile(
        "riichi_advanced",
        ("ra", "riichi-advanced"),
        "EpicOrange/riichi_advanced HKOS ruleset (no mods): every yaku summed, no cap",
        cap=None,
        payment_cap=13,
        min_fan=0,
        base_points=1,
        limit_hands_stack=True,
        mixed_terminals_honours=4,
        double_kong_replacement=8,
        flower_replacement_fan=1,
        eight_flowers=8,
        pao_scope="any_win",
        wind_pungs_beside_four_winds=True,
        limit_overrides={
            "thirteen_orphans": 13,
            "nine_gates": 13,
            "four_concealed_pungs": 8,
            "four_kongs": 13,
            "big_four_winds": 13,
            "little_four_winds": 6,
            "all_honours": 10,
            "all_terminals": 13,
            "heavenly_hand": 13,
            "earthly_hand": 13,
            "human_hand": 13,
        },
    ),
    _profile(
        "fan-laak",
        ("fan_laak", "redmahjong", "番勒"),
        "redmahjong.com fan-laak table (4-6 -> 16, 7-9 -> 32, 10+ -> 64), half responsibility",
        cap=None,
        spiciness="fan_laak",
        responsibility="half",
        base_points=2,
    ),
    _profile(
        "tylerkagit",
        ("tk", "mahjong-fan"),
        "tylerkagit-tktktk/Mahjong_fan: 二五雞 stakes, half-gun, cap 10",
        cap=10,
        responsibility="half",
        base_points=Fraction(1, 2),
    ),
    _profile(
        "wikipedia-old-hk-simplified",
        ("enwp", "wpen", "en-wikipedia"),
        "English Wikipedia 'Mahjong', Old Hong Kong simplified base points with doubles",
        cap=None,
        payment_model="base_points_with_doubles",
        flowers_count_toward_min=False,
        all_chows_suited_pair=True,
        flower_set_keeps_seat_flower=True,
    ),
    _profile(
        "yawnoc",
        ("yaw", "mahjong-scorer"),
        "yawnoc/mahjong-scorer defaults: 全銃, half-spicy, cap 13",
        cap=13,
        base_points=1,
    ),
    _profile(
        "yahoo-hk-2007",
        ("yhk",),
        "Yahoo! Answers Hong Kong 2007 home-game table (出沖 160 at 3 fan)",
        cap=13,
        min_fan=3,
        flowers_in_play=False,
        base_points=10,
        concealed_hand_discard_only=True,
    ),
)


def _fold(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


HK_PROFILES: dict[str, HKProfile] = {p.name: p for p in _PROFILE_DATA}
"""The named rule profiles, by canonical name."""

_LOOKUP: dict[str, str] = {}
for _p in _PROFILE_DATA:
    for _n in (_p.name, *_p.aliases):
        _LOOKUP[_fold(_n)] = _p.name
_BUILT: dict[str, HKRules] = {}


def hk_profile_names() -> list[str]:
    """Lists the canonical profile names.

    >>> hk_profile_names()[:3]
    ['hk', 'hkma', 'zh-wikipedia']
    """
    return [p.name for p in _PROFILE_DATA]


def find_rules(name: str) -> HKRules:
    """Gets the ruleset of the profile *name* (or an alias; case, ``_``/``-`` are ignored).

    :raises RulesError: for an unknown name, listing the known ones.

    >>> find_rules("RA").name
    'riichi_advanced'
    """
    key = _LOOKUP.get(_fold(name))
    if key is None:
        close = difflib.get_close_matches(_fold(name), list(_LOOKUP), n=1)
        known = ", ".join(hk_profile_names())
        if close:
            raise RulesError.of(
                msg("errors.hk_rules.unknown_hint", name=name, hint=_LOOKUP[close[0]], known=known)
            )
        raise RulesError.of(msg("errors.hk_rules.unknown", name=name, known=known))
    if key not in _BUILT:
        _BUILT[key] = HK_PROFILES[key].rules()
    return _BUILT[key]


def _apply(base: HKRules, overrides: Mapping[str, object]) -> HKRules:
    """Applies option *overrides* (TOML/JSON spelling) to *base*."""
    changes: dict[str, object] = {}
    prices: dict[str, int | None] = {}  # limit hand -> fan (None: back to a limit hand)
    for raw_key, value in overrides.items():
        key = _OPTION_ALIASES.get(str(raw_key), str(raw_key))
        if key == "payment_model":
            model = _PAYMENT_MODELS.get(str(value))
            if model is None:
                allowed = ", ".join(repr(m) for m in _PAYMENT_MODELS)
                raise RulesError.of(msg("errors.hk2.payment_model", allowed=allowed, value=value))
            changes.update(model)
        elif key in ("stake_preset", "stakes"):
            stake = STAKES.get(str(value).strip().lower()) or STAKES.get(str(value).strip())
            if stake is None:
                allowed = ", ".join(STAKES)
                raise RulesError.of(msg("errors.hk2.stakes", value=value, allowed=allowed))
            changes["base_points"] = stake
        elif key in LIMIT_HAND_IDS:
            prices[key] = _override_value(key, value)
        elif key == "limit_overrides":
            for item, fan in _overrides_of(value):
                prices[item] = _override_value(item, fan)
        elif key in _OPTIONS:
            changes[key] = _coerce(key, value)
        else:
            close = difflib.get_close_matches(key, [*_OPTIONS, *LIMIT_HAND_IDS], n=1)
            if close:
                raise RulesError.of(
                    msg("errors.hk_rules.unknown_option_hint", key=raw_key, hint=close[0])
                )
            raise RulesError.of(msg("errors.hk_rules.unknown_option", key=raw_key))
    if prices:
        merged: dict[str, int | None] = {**dict(base.limit_overrides), **prices}
        changes["limit_overrides"] = tuple((k, v) for k, v in merged.items() if v is not None)
    return replace(base, **changes)  # type: ignore[arg-type]


def rules_from_mapping(data: Mapping[str, object], *, base: HKRules | None = None) -> HKRules:
    """Builds rules from ``{"preset": NAME, option: value, ...}`` (``profile`` = ``preset``).

    Options are named as the HKRules fields; ``none``/``off``/``limit`` are words in TOML;
    a limit hand id as a key prices it (``{"all_honours": 10}``; ``"limit"`` takes the price
    off), and so does ``limit_overrides``, merged into the preset's; ``stake_preset`` sets
    ``base_points`` from :data:`STAKES`; ``payment_model = "base_points_with_doubles"`` is the
    English Wikipedia model. Without a preset the base is *base* (default: the seed's rules).

    :raises RulesError: on an unknown preset, option or value, naming it.

    >>> r = rules_from_mapping({"preset": "hkma", "responsibility": "half"})
    >>> r.name, r.responsibility, r.base_points
    ('hkma', 'half', Fraction(2, 1))
    """
    rest = dict(data)
    preset = rest.pop("preset", None)
    profile = rest.pop("profile", None)
    for word, given in (("preset", preset), ("profile", profile)):
        if given is not None and not isinstance(given, str):
            raise RulesError.of(msg("errors.hk2.profile_name", word=word, given=given))
    if preset is not None and profile is not None and _fold(str(preset)) != _fold(str(profile)):
        raise RulesError.of(msg("errors.hk2.two_presets", preset=preset, profile=profile))
    name = preset if preset is not None else profile
    start = find_rules(str(name)) if name is not None else (base or HKRules())
    return _apply(start, rest)


def load_rules(path: str | Path) -> HKRules:
    """Reads rules from a TOML file: ``preset = "hkma"`` and options at the top level
    (or in a ``[hk]`` table); ``[limit_overrides]`` prices limit hands.

    :raises RulesError: on a file that cannot be read or an unknown option or value.
    """
    from ..fields import load_toml

    data = load_toml(path)
    if set(data) == {"hk"} and isinstance(data["hk"], dict):
        data = data["hk"]
    return rules_from_mapping(data)
