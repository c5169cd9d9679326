"""Riichi rulesets: every option Tenpai offers (``tenpai rules``) as data, the named presets, TOML.

A :class:`Ruleset` is a frozen value; a preset is a named Ruleset; "changing" one is
:meth:`Ruleset.with_options`. ``bareme`` (the seed card's options) is the default.

>>> find_rules("Tenhou").kuitan, find_rules("ema2012").kuitan
(True, False)
>>> find_rules("bareme").with_options(kiriage=True).kiriage
True
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..errors import RulesError, cut, msg, quoted
from ..i18n import has, tr

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

__all__ = [
    "DEFAULT_PRESET",
    "MOST_COUNTERS",
    "OPTIONS",
    "PRESETS",
    "Option",
    "Ruleset",
    "choice_label",
    "find_rules",
    "load_rules",
    "option_changes",
    "option_description",
    "option_label",
    "preset_names",
    "preset_note",
    "rules_from_mapping",
    "rules_spec",
]

DOUBLE_PATTERNS = ("suuankou_tanki", "kokushi_13", "junsei_chuuren", "daisuushii")
PAO_YAKUMAN = ("daisangen", "daisuushii", "suukantsu")
MOST_COUNTERS = 100
"""The most honba, or riichi sticks, a win is scored with (a record's ``round``, the command
line's ``--honba`` and ``--sticks``): far beyond any table's, so a larger one is a mistake."""


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option: its *name*, allowed *values* (empty: any int; 'set': subsets of
    *choices*). Its label, description and value words are catalogue entries keyed by its
    name (``yaku.option.<name>.label``..., docs/translating.md)."""

    name: str
    kind: str  # "bool" | "choice" | "int" | "set"
    choices: tuple[Any, ...]

    @property
    def en(self) -> str:
        """Gets what the option means, in English."""
        return option_description(self.name, "en")

    @property
    def fr(self) -> str:
        """Gets what the option means, in French."""
        return option_description(self.name, "fr")


# fmt: off
OPTIONS: tuple[Option, ...] = (
    Option("aka", "choice", (0, 2, 3, 4)),
    Option("kuitan", "bool", ()),
    Option("ura_dora", "bool", ()),
    Option("kan_dora", "bool", ()),
    Option("kan_ura_dora", "bool", ()),
    Option("ippatsu", "bool", ()),
    Option("double_riichi", "bool", ()),
    Option("kiriage", "bool", ()),
    Option("kazoe", "choice", ("yakuman", "sanbaiman", "multiple")),
    Option("double_yakuman", "set", DOUBLE_PATTERNS),
    Option("yakuman_stacking", "bool", ()),
    Option("yakuman_max_multiple", "int", ()),
    Option("double_wind_pair_fu", "choice", (2, 4)),
    Option("rinshan_tsumo_fu", "choice", (2, 0)),
    Option("pinfu_tsumo_fu", "choice", (0, 2)),
    Option("open_pinfu_fu", "bool", ()),
    Option("renhou", "choice", ("off", "mangan", "mangan_yaku", "baiman", "yakuman")),
    Option("nagashi_mangan", "choice", ("off", "win", "draw")),
    Option("nagashi_requires_closed", "bool", ()),
    Option("pao_yakuman", "set", PAO_YAKUMAN),
    Option("pao_scope", "choice", ("whole_hand", "liable_yakuman_only")),
    Option("pao_ron_honba_payer", "choice", ("discarder", "split")),
    Option("rinshan_pao", "bool", ()),
    Option("multiple_ron", "choice", ("all", "double_only", "atamahane")),
    Option("kokushi_chankan_ankan", "bool", ()),
    Option("ryuuiisou_requires_hatsu", "bool", ()),
    Option("ryanhan_shibari", "bool", ()),
    Option("honba_ron", "int", ()),
    Option("honba_tsumo", "int", ()),
    Option("riichi_deposit", "int", ()),
    Option("kan_dora_timing", "choice", ("immediate", "ankan_immediate_open_after_discard")),
    Option("abortive_draws", "bool", ()),
    Option("players", "choice", (4, 3)),
    Option("kita", "bool", ()),
    Option("kita_ron", "bool", ()),
    Option("tsumo_loss", "bool", ()),
    Option("local_yaku", "set", ()),
)
# fmt: on
_OPTIONS_BY_NAME = {o.name: o for o in OPTIONS}


def option_label(name: str, lang: str = "en") -> str:
    """Gets the label of option *name* in *lang*, its id when unknown.

    >>> option_label("kiriage", "fr"), option_label("multiple_ron"), option_label("kuitan", "ja")
    ('Mangan arrondi', 'Several rons', '喰いタン')
    """
    key = f"yaku.option.{name}.label"
    return tr(key, lang) if has(key, "en") else name


def option_description(name: str, lang: str = "en") -> str:
    """Gets the one-line description of option *name* in *lang*.

    :raises KeyError: for a name that is no option.
    """
    if name not in _OPTIONS_BY_NAME:
        raise KeyError(name)
    return tr(f"yaku.option.{name}.description", lang)


def choice_label(name: str, value: Any, lang: str = "en") -> str:
    """Writes *value* of option *name* as a player reads it in *lang*: booleans as yes/no,
    named values in words, numbers as they are.

    >>> choice_label("pao_scope", "whole_hand", "fr"), choice_label("kuitan", True)
    ('toute la main', 'yes')
    >>> choice_label("multiple_ron", "atamahane", "ja")
    '上家取りのみ（頭ハネ）'
    """
    if isinstance(value, bool):
        return tr("yaku.value.yes", lang) if value else tr("yaku.value.no", lang)
    key = f"yaku.option.{name}.{value}"
    return tr(key, lang) if has(key, "en") else str(value)


def preset_note(name: str, lang: str = "en") -> str:
    """Gets the one-line note of preset *name* in *lang* (what it plays).

    >>> preset_note("tenhou", "ja")
    '天鳳 段位戦、赤ドラあり'
    """
    return tr(f"yaku.preset.{name}", lang)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A complete riichi ruleset; defaults are the seed card's options (preset ``bareme``)."""

    name: str = "bareme"
    aka: int = 3
    kuitan: bool = True
    ura_dora: bool = True
    kan_dora: bool = True
    kan_ura_dora: bool = True
    ippatsu: bool = True
    double_riichi: bool = True
    kiriage: bool = False
    kazoe: str = "yakuman"
    double_yakuman: frozenset[str] = frozenset()
    yakuman_stacking: bool = True
    yakuman_max_multiple: int = 0
    double_wind_pair_fu: int = 4
    rinshan_tsumo_fu: int = 2
    pinfu_tsumo_fu: int = 0
    open_pinfu_fu: bool = True
    renhou: str = "off"
    nagashi_mangan: str = "off"
    nagashi_requires_closed: bool = False
    pao_yakuman: frozenset[str] = frozenset({"daisangen", "daisuushii"})
    pao_scope: str = "whole_hand"
    pao_ron_honba_payer: str = "discarder"
    rinshan_pao: bool = False
    multiple_ron: str = "all"
    kokushi_chankan_ankan: bool = True
    ryuuiisou_requires_hatsu: bool = False
    ryanhan_shibari: bool = False
    honba_ron: int = 300
    honba_tsumo: int = 100
    riichi_deposit: int = 1000
    kan_dora_timing: str = "immediate"
    abortive_draws: bool = False
    players: int = 4
    kita: bool = True
    kita_ron: bool = True
    tsumo_loss: bool = True
    local_yaku: frozenset[str] = frozenset()
    local_options: tuple[tuple[str, Any], ...] = field(default=())

    def __post_init__(self) -> None:
        """Checks every option, however the ruleset was made: built, loaded, changed by
        :meth:`with_options` or by ``dataclasses.replace`` (which comes through here too).

        A ruleset holds checked values only: ``"yes"`` or a list, which :meth:`with_options`
        converts, is refused here.

        :raises RulesError: on a value an option does not take.
        """
        if not isinstance(self.name, str):
            raise RulesError.of(msg("errors.riichi2.name_text", shown=_shown(self.name)))
        for o in OPTIONS:
            _check_held(o.name, getattr(self, o.name))
        _check_held("local_options", self.local_options)
        if self.aka == 2 and self.players != 3:
            raise RulesError.of(msg("errors.riichi2.aka_two", players=self.players))

    def with_options(self, **changes: Any) -> Ruleset:
        """Gets a copy with some options changed, each checked against its allowed values.

        :raises RulesError: on an unknown option or a value it does not take.
        """
        checked: dict[str, Any] = {}
        for key, value in changes.items():
            if key == "name":
                checked[key] = value
                continue
            if key == "local_options":
                checked[key] = _local_options(value)
                continue
            checked[key] = check_option(key, value)
        return dataclasses.replace(self, **checked)

    def options(self) -> dict[str, Any]:
        """Gets every option and its value (sets as sorted lists), for display and JSON."""
        out: dict[str, Any] = {}
        for o in OPTIONS:
            v = getattr(self, o.name)
            out[o.name] = sorted(v) if isinstance(v, frozenset) else v
        return out

    @property
    def max_red(self) -> tuple[int, int, int]:
        """Gets how many red 5m, 5p, 5s the set holds (three players: no 5m, so no red 5m)."""
        red = _MAX_RED[self.aka]
        return (0, red[1], red[2]) if self.players == 3 else red


# by the aka option; 2 is the three-player set's (no 5m: Mahjong Soul's 3P rooms, riichi.wiki
# "Majsoul" §3P-Mahjong, and their exports' aka51=0, aka52=1, aka53=1)
_MAX_RED = {0: (0, 0, 0), 2: (0, 1, 1), 3: (1, 1, 1), 4: (1, 2, 1)}


_MOST = 10**9  # the largest whole number an option takes: anything beyond is a typo
_WHOLE = re.compile(r"\s*-?[0-9]{1,9}\s*")


def _shown(value: Any) -> str:
    """Writes an option's value as the user wrote it, cut when long."""
    return quoted(value) if isinstance(value, str) else cut(repr(value))


def _check_held(key: str, value: Any) -> None:
    """Checks that *value*, held by a ruleset for the option *key*, is a checked value.

    :raises RulesError: on a value the option does not take, or one not yet converted.
    """
    checked = _local_options(value) if key == "local_options" else check_option(key, value)
    if checked != value or type(checked) is not type(value):
        raise RulesError.of(msg("errors.riichi2.held_value", key=key, shown=_shown(value)))


def check_option(key: str, value: Any) -> Any:
    """Checks *value* for the option *key*, converting lists to sets and "yes"/"no" to bools.

    :raises RulesError: naming the option and the values it takes.
    """
    opt = _OPTIONS_BY_NAME.get(key)
    if opt is None:
        raise RulesError.of(msg("errors.rules.unknown_option", key=key))
    if opt.kind == "bool":
        if isinstance(value, str) and value.lower() in ("yes", "true", "on", "1", "oui"):
            return True
        if isinstance(value, str) and value.lower() in ("no", "false", "off", "0", "non"):
            return False
        if isinstance(value, bool):
            return value
        raise RulesError.of(msg("errors.rules.bool", key=key, value=_shown(value)))
    if opt.kind == "int":
        if type(value) is int and abs(value) <= _MOST:
            return value
        if isinstance(value, str) and _WHOLE.fullmatch(value):
            return int(value)
        raise RulesError.of(
            msg("errors.rules.int", key=key, most=f"{_MOST:,}", value=_shown(value))
        )
    if opt.kind == "choice":
        for c in opt.choices:
            if (type(value) is type(c) and value == c) or (
                isinstance(value, str) and value == str(c)
            ):
                return c
        allowed = ", ".join(str(c) for c in opt.choices)
        raise RulesError.of(
            msg("errors.rules.choice", key=key, allowed=allowed, value=_shown(value))
        )
    # set
    if isinstance(value, str):
        items = [x.strip() for x in value.split(",") if x.strip()]
    elif isinstance(value, list | tuple | set | frozenset) and all(
        isinstance(x, str) for x in value
    ):
        items = list(value)
    else:
        raise RulesError.of(msg("errors.rules.list", key=key, value=_shown(value)))
    if opt.choices:
        bad = [x for x in items if x not in opt.choices]
        if bad:
            allowed = ", ".join(opt.choices)
            raise RulesError.of(msg("errors.rules.subset", key=key, allowed=allowed, value=bad[0]))
    if key == "local_yaku" and items:
        from .local_options import check_local_ids

        return check_local_ids(items)
    return frozenset(items)


def _local_options(value: Any) -> tuple[tuple[str, Any], ...]:
    """Checks the local yaku options *value*, as
    :func:`tenpai.riichi.local_options.check_local_options` does; the index of the local yaku
    is imported for a ruleset that has some (most have none: docs/benchmarks.md)."""
    if value == ():
        return ()
    from .local_options import check_local_options

    return check_local_options(value)


_DSG_DSS = frozenset({"daisangen", "daisuushii"})

# fmt: off
PRESETS: dict[str, Ruleset] = {
    # The card (bareme.fr.md): "cinq rouges, sans kiriage, double vent à 4 fu, yakuman compté".
    "bareme": Ruleset(),
    # EMA Riichi Competition Rules 2016.
    "ema": Ruleset(
        name="ema",
        aka=0,
        kazoe="sanbaiman",
        yakuman_stacking=False,
        renhou="mangan",
        kan_dora_timing="immediate",
    ),
    # Pre-2016 EMA rules, the 2012 edition of the EMA Riichi Competition Rules.
    "ema2012": Ruleset(
        name="ema2012",
        kuitan=False,
        double_yakuman=frozenset({"daisuushii"}),
        yakuman_stacking=False,
        renhou="yakuman",
        nagashi_mangan="win",
        nagashi_requires_closed=True,
        ryanhan_shibari=True,
        abortive_draws=True,
    ),
    # World Riichi Championship rules, 2022 amendments.
    "wrc": Ruleset(
        name="wrc",
        aka=0,
        kiriage=True,
        kazoe="sanbaiman",
        double_wind_pair_fu=2,
        renhou="mangan_yaku",
        multiple_ron="atamahane",
    ),
    # tenhou.net 4-player ranked, with red fives.
    "tenhou": Ruleset(
        name="tenhou",
        nagashi_mangan="draw",
        multiple_ron="double_only",
        kokushi_chankan_ankan=False,
        kan_dora_timing="ankan_immediate_open_after_discard",
        abortive_draws=True,
    ),
    # Mahjong Soul 4-player ranked.
    "majsoul": Ruleset(
        name="majsoul",
        double_yakuman=frozenset(DOUBLE_PATTERNS),
        nagashi_mangan="draw",
        pao_scope="liable_yakuman_only",
        kan_dora_timing="ankan_immediate_open_after_discard",
        abortive_draws=True,
    ),
    # M-League official rules.
    "mleague": Ruleset(
        name="mleague",
        kiriage=True,
        kazoe="sanbaiman",
        double_wind_pair_fu=2,
        nagashi_mangan="draw",
        pao_yakuman=frozenset(PAO_YAKUMAN),
        multiple_ron="atamahane",
        kokushi_chankan_ankan=False,
    ),
}
# Three players (sanma): each platform's four-player preset with its three-player options.
# Values checked on 209 Tenhou phoenix sanma games (1,625 wins, tests/test_sanma_logs.py):
# honba 200 on a ron (353 rons with honba) and 100 from each payer on a tsumo (325 tsumo),
# every tsumo paid with tsumo loss (787 tsumo). Rules: riichi.wiki "Sanma" (kita one han of
# dora, robbable without chankan; 1m indicates 9m), riichi.wiki "Majsoul" §3P-Mahjong
# (Mahjong Soul follows Tenhou's sanma: tsumo loss by default, north robbable, a north triplet
# is a guest wind).
PRESETS["tenhou3"] = PRESETS["tenhou"].with_options(
    name="tenhou3",
    players=3,  # tenhou.net 三鳳南喰赤: GO type bit 0x10
    honba_ron=200,  # Tenhou sanma logs: +200 per honba on a ron
    honba_tsumo=100,  # Tenhou sanma logs: +100 per honba from each of the two payers
    tsumo_loss=True,  # Tenhou sanma logs: a tsumo totals less than the ron (riichi.wiki "Sanma")
    kita=True,  # riichi.wiki "Sanma": north tile dora (nukidora)
    kita_ron=True,  # riichi.wiki "Sanma": a kita call can be ronned, without chankan
)
PRESETS["majsoul3"] = PRESETS["majsoul"].with_options(
    name="majsoul3",
    players=3,  # Mahjong Soul 3P rooms
    # a Mahjong Soul 三玉 room's export (tenhou.net/6 JSON) shows +200 for one honba on a ron;
    # RiichiEnv's three-player payments (calculate_score, num_players=3) say the same
    honba_ron=200,
    honba_tsumo=100,  # ? RiichiEnv only: no Mahjong Soul tsumo with honba in the logs
    # riichi.wiki "Majsoul": tsumo loss by default (north bisection an option); the exports of
    # 三銀 and 三玉 rooms show it (a baiman tsumo paid 8000 + 4000)
    tsumo_loss=True,
    kita=True,  # riichi.wiki "Majsoul": rules as Tenhou sanma
    kita_ron=True,  # riichi.wiki "Majsoul": north can be robbed even without yakuman
    # riichi.wiki "Majsoul" §3P-Mahjong: one red 5p and one red 5s; the 三銀/三金/三玉 exports
    # say aka51=0, aka52=1, aka53=1
    aka=2,
)
# fmt: on
DEFAULT_PRESET = "bareme"
# fmt: off
_ALIASES = {
    "card": "bareme",
    "barème": "bareme",
    "bareme": "bareme",
    "default": "bareme",
    "ema": "ema",
    "ema2016": "ema",
    "ema16": "ema",
    "ema2012": "ema2012",
    "ema12": "ema2012",
    "wrc": "wrc",
    "wrc2022": "wrc",
    "wrc22": "wrc",
    "tenhou": "tenhou",
    "tenhou.net": "tenhou",
    "majsoul": "majsoul",
    "mahjongsoul": "majsoul",
    "mahjong soul": "majsoul",
    "jantama": "majsoul",
    "mjs": "majsoul",
    "mleague": "mleague",
    "m-league": "mleague",
    "m.league": "mleague",
    "ml": "mleague",
    "tenhou3": "tenhou3",
    "tenhou-sanma": "tenhou3",
    "tenhou sanma": "tenhou3",
    "sanma": "tenhou3",
    "majsoul3": "majsoul3",
    "majsoul-sanma": "majsoul3",
    "majsoul sanma": "majsoul3",
    "mahjong soul sanma": "majsoul3",
    "mjs3": "majsoul3",
}
# fmt: on


def option_text(value: Any) -> str:
    """Writes an option value as text that :func:`check_option` reads back (sets as a
    sorted comma list, booleans as ``true``/``false``)."""
    if isinstance(value, frozenset | set | list | tuple):
        return ",".join(sorted(str(x) for x in value))
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_changes(rules: Ruleset, base: Ruleset) -> dict[str, str]:
    """Gets the options of *rules* that differ from *base* (local yaku excluded), as text
    that :func:`check_option` reads back: what a saved choice keeps besides its preset.

    >>> option_changes(find_rules("bareme").with_options(kiriage=True), find_rules("bareme"))
    {'kiriage': 'true'}
    """
    return {
        o.name: option_text(getattr(rules, o.name))
        for o in OPTIONS
        if o.name != "local_yaku" and getattr(rules, o.name) != getattr(base, o.name)
    }


def preset_names() -> list[tuple[str, str, str]]:
    """Lists the presets as (name, English note, French note) (:func:`preset_note` for
    the other languages)."""
    return [(n, preset_note(n, "en"), preset_note(n, "fr")) for n in PRESETS]


def _differences(rules: Ruleset, base: Ruleset) -> dict[str, str]:
    out = option_changes(rules, base)
    if rules.local_yaku != base.local_yaku:
        out["local_yaku"] = option_text(rules.local_yaku) or "none"
    mine, theirs = dict(rules.local_options), dict(base.local_options)
    for key in sorted(set(mine) | set(theirs)):
        if key in mine and mine[key] != theirs.get(key):
            out[key] = option_text(mine[key])
    return out


def rules_spec(rules: Ruleset) -> str:
    """Writes *rules* as one line that :func:`find_rules` reads back into the same options:
    a preset's name, or the closest preset and each change, ``+``-separated (local yaku
    variants as ``ID.OPTION=VALUE``). The trainer's hand ids carry it, so that a hand dealt
    under any ruleset replays under the same one.

    >>> rules_spec(find_rules("tenhou"))
    'tenhou'
    >>> spec = rules_spec(find_rules("wrc").with_options(kiriage=False, local_yaku="sanrenkou"))
    >>> spec
    'wrc+kiriage=false+local_yaku=sanrenkou'
    >>> find_rules(spec).local_yaku, find_rules(spec).kiriage
    (frozenset({'sanrenkou'}), False)
    """
    names = list(PRESETS)
    best = min(names, key=lambda n: (len(_differences(rules, PRESETS[n])), names.index(n)))
    changes = _differences(rules, PRESETS[best])
    spec = "+".join([best, *(f"{k}={v}" for k, v in changes.items())])
    if any(c in spec for c in ": \t\n"):
        raise RulesError.of(msg("errors.riichi2.one_line", rules=rules.name, spec=spec))
    return spec


def _from_spec(spec: str) -> Ruleset:
    preset, *items = spec.split("+")
    data: dict[str, Any] = {"preset": preset}
    local: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RulesError.of(msg("errors.riichi2.line_form", spec=spec))
        if "." in key:
            local[key.strip()] = value.strip()
        elif key.strip() == "local_yaku" and value.strip() == "none":
            data["local_yaku"] = ""
        else:
            data[key.strip()] = value.strip()
    if local:
        data["local_options"] = local
    rules = rules_from_mapping(data)
    return rules.with_options(name=rules_spec(rules))


def find_rules(name: str) -> Ruleset:
    """Gets the preset called *name* (case-insensitive, aliases allowed), or the ruleset of
    a line of :func:`rules_spec` (``PRESET+OPTION=VALUE+...``, named by that line).

    :raises RulesError: for an unknown name, listing the known ones, or a bad option.
    """
    if "+" in name and "=" in name:
        return _from_spec(name.strip())
    key = _ALIASES.get(name.strip().lower())
    if key is None:
        known = ", ".join(PRESETS)
        raise RulesError.of(msg("errors.rules.unknown", name=name, known=known))
    return PRESETS[key]


def rules_from_mapping(data: Mapping[str, Any], *, base: Ruleset | None = None) -> Ruleset:
    """Builds a ruleset from ``{"preset": NAME, OPTION: VALUE, ...}`` (the JSON/TOML form).

    :raises RulesError: on an unknown preset, option or value.
    """
    d = dict(data)
    preset = d.pop("preset", None)
    local_values = d.pop("local_options", None)
    name = d.pop("name", None)
    for word, given in (("preset", preset), ("name", name)):
        if given is not None and not isinstance(given, str):
            raise RulesError.of(msg("errors.riichi2.takes_name", word=word, shown=_shown(given)))
    rules = find_rules(preset) if preset is not None else (base or PRESETS[DEFAULT_PRESET])
    rules = rules.with_options(**d)
    if local_values is not None:
        if not isinstance(local_values, Mapping):
            raise RulesError.of(msg("errors.riichi2.local_table"))
        rules = rules.with_options(local_options=local_values)
    if name is not None:
        rules = rules.with_options(name=name)
    elif d:
        rules = rules.with_options(name=f"{rules.name}+custom")
    return rules


def _is_preset(spec: str | Path) -> bool:
    """Tells whether *spec* is a preset's name or alias (``bareme``, ``Tenhou``)."""
    return isinstance(spec, str) and spec.strip().lower() in _ALIASES


def load_rules(spec: str | Path) -> Ruleset:
    """Gets a ruleset from a preset name or a TOML file path.

    The TOML file holds ``preset = "tenhou"`` and any options, for example ``kiriage = true``
    or ``local_yaku = ["sanrenkou"]``; a ``[local_options]`` table sets local yaku variants.

    :raises RulesError: on an unknown preset or option, or a file that cannot be read.
    """
    import os.path

    # a preset's name is the preset, even beside a file of that name in the working folder
    # (``--rules bareme`` is the default: a stray file ``bareme`` is no rules file); a name
    # the system refuses (``ENAMETOOLONG``, a NUL) is no file (os.path.isfile): a preset's
    if str(spec).endswith(".toml") or (not _is_preset(spec) and os.path.isfile(spec)):
        from pathlib import Path  # here: a preset's name or a record needs no file

        from ..fields import load_toml

        p = Path(spec)
        data = load_toml(p)
        data.setdefault("name", p.stem)
        return rules_from_mapping(data)
    return find_rules(str(spec))
