"""Riichi rulesets: every option of the spec (riichi.md §14) as data, the named presets, TOML.

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
from pathlib import Path
from typing import Any

from ..errors import RulesError, cut, msg, quoted
from .local_options import check_local_ids, check_local_options

__all__ = [
    "DEFAULT_PRESET",
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
    "rules_spec",
]

DOUBLE_PATTERNS = ("suuankou_tanki", "kokushi_13", "junsei_chuuren", "daisuushii")
PAO_YAKUMAN = ("daisangen", "daisuushii", "suukantsu")


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option: its *name*, allowed *values* (empty: any int; 'set': subsets of
    *choices*), and what it means in English and French."""

    name: str
    kind: str  # "bool" | "choice" | "int" | "set"
    choices: tuple[Any, ...]
    en: str
    fr: str


# fmt: off
OPTIONS: tuple[Option, ...] = (
    Option(
        "aka",
        "choice",
        (0, 2, 3, 4),
        "red fives in the set (0; 2, the red 5p and 5s of a three-player set; 3; or 4 with "
        "two red 5p)",
        "cinq rouges dans le jeu (0 ; 2, le 5p et le 5s rouges d'un jeu à trois ; 3 ; ou 4 "
        "avec deux 5p rouges)",
    ),
    Option("kuitan", "bool", (), "open tanyao counts", "tanyao ouvert permis (kuitan)"),
    Option("ura_dora", "bool", (), "ura dora after riichi", "ura-dora après riichi"),
    Option(
        "kan_dora",
        "bool",
        (),
        "each kan reveals a dora indicator",
        "chaque kan révèle un indicateur de dora",
    ),
    Option(
        "kan_ura_dora", "bool", (), "kan ura dora after riichi", "ura-dora des kan après riichi"
    ),
    Option("ippatsu", "bool", (), "ippatsu is a yaku", "ippatsu compte"),
    Option("double_riichi", "bool", (), "double riichi is a yaku", "double riichi compte"),
    Option(
        "kiriage",
        "bool",
        (),
        "4 han 30 fu and 3 han 60 fu are mangan (kiriage)",
        "kiriage : 4 han 30 fu et 3 han 60 fu valent un mangan",
    ),
    Option(
        "kazoe",
        "choice",
        ("yakuman", "sanbaiman", "multiple"),
        "13 han and more: counted yakuman, sanbaiman, or one yakuman per 13 han",
        "13 han et plus : yakuman compté, sanbaiman, ou un yakuman par 13 han",
    ),
    Option(
        "double_yakuman",
        "set",
        DOUBLE_PATTERNS,
        "patterns counted as double yakuman",
        "motifs comptés double yakuman",
    ),
    Option(
        "yakuman_stacking",
        "bool",
        (),
        "different yakuman add up",
        "des yakuman différents s’additionnent",
    ),
    Option(
        "yakuman_max_multiple",
        "int",
        (),
        "cap on the yakuman multiple (0 = none)",
        "plafond du multiple de yakuman (0 = aucun)",
    ),
    Option(
        "double_wind_pair_fu",
        "choice",
        (2, 4),
        "fu of a pair of the double wind",
        "fu d’une paire du double vent",
    ),
    Option(
        "rinshan_tsumo_fu", "choice", (2, 0), "tsumo fu on a rinshan win", "fu de tsumo sur rinshan"
    ),
    Option("pinfu_tsumo_fu", "choice", (0, 2), "tsumo fu with pinfu", "fu de tsumo en pinfu"),
    Option(
        "open_pinfu_fu",
        "bool",
        (),
        "an open hand at 20 fu counts 30",
        "une main ouverte à 20 fu est portée à 30",
    ),
    Option(
        "renhou",
        "choice",
        ("off", "mangan", "mangan_yaku", "baiman", "yakuman"),
        "what a ron before one's first draw (renhou) is worth",
        "ce que vaut un ron avant sa première pioche (renhou)",
    ),
    Option(
        "nagashi_mangan",
        "choice",
        ("off", "win", "draw"),
        "every discard a terminal or honour, none called: how it is paid at the draw",
        "tous ses écarts terminales ou honneurs, aucun appelé : comment il est payé",
    ),
    Option(
        "nagashi_requires_closed",
        "bool",
        (),
        "nagashi mangan needs a closed hand",
        "le nagashi mangan exige une main fermée",
    ),
    Option(
        "pao_yakuman",
        "set",
        PAO_YAKUMAN,
        "yakuman with liability (pao)",
        "yakuman avec responsabilité (pao)",
    ),
    Option(
        "pao_scope",
        "choice",
        ("whole_hand", "liable_yakuman_only"),
        "what the liable player covers",
        "ce que couvre le responsable",
    ),
    Option(
        "pao_ron_honba_payer",
        "choice",
        ("discarder", "split"),
        "who pays the honba of a pao ron",
        "qui paie les honba d’un ron avec pao",
    ),
    Option(
        "rinshan_pao",
        "bool",
        (),
        "the feeder of a daiminkan pays a rinshan win",
        "le donneur d’un kan ouvert paie le rinshan",
    ),
    Option(
        "multiple_ron",
        "choice",
        ("all", "double_only", "atamahane"),
        "several players ron the same tile",
        "plusieurs ron sur la même tuile",
    ),
    Option(
        "kokushi_chankan_ankan",
        "bool",
        (),
        "kokushi may rob a concealed kan",
        "kokushi peut voler un kan fermé",
    ),
    Option(
        "ryuuiisou_requires_hatsu",
        "bool",
        (),
        "all green needs the green dragon",
        "le tout vert exige le dragon vert",
    ),
    Option(
        "ryanhan_shibari",
        "bool",
        (),
        "with 5 honba or more, 2 han of yaku are needed",
        "avec 5 honba ou plus, il faut 2 han de yaku",
    ),
    Option("honba_ron", "int", (), "points per honba on a ron", "points par honba sur ron"),
    Option(
        "honba_tsumo",
        "int",
        (),
        "points per honba per payer on a tsumo",
        "points par honba et par payeur sur tsumo",
    ),
    Option("riichi_deposit", "int", (), "points of the riichi stick", "points du bâton de riichi"),
    Option(
        "kan_dora_timing",
        "choice",
        ("immediate", "ankan_immediate_open_after_discard"),
        "when a kan dora is revealed (game engine)",
        "quand le kan-dora est révélé",
    ),
    Option(
        "abortive_draws",
        "bool",
        (),
        "abortive draws (game engine)",
        "parties nulles avortées (moteur de jeu)",
    ),
    Option("players", "choice", (4, 3), "number of players", "nombre de joueurs"),
    Option(
        "kita",
        "bool",
        (),
        "three players: a north set aside (kita) is one han of dora",
        "à trois : un nord mis de côté (kita) vaut un han de dora",
    ),
    Option(
        "kita_ron",
        "bool",
        (),
        "three players: a declared kita may be robbed (ron, no chankan)",
        "à trois : on peut faire ron sur un kita déclaré (sans chankan)",
    ),
    Option(
        "tsumo_loss",
        "bool",
        (),
        "three players: a tsumo is not paid the missing north's share (tsumo loss)",
        "à trois : la part du nord absent n’est pas payée sur tsumo (tsumo-son)",
    ),
    Option("local_yaku", "set", (), "enabled local yaku", "yaku locaux activés"),
)
# fmt: on
_OPTIONS_BY_NAME = {o.name: o for o in OPTIONS}

# The label of each option, the short name a player reads before its description, and the
# words of its values: (English, French), keyed by option id and by (option id, value).
# fmt: off
OPTION_LABELS: dict[str, tuple[str, str]] = {
    "aka": ("Red fives", "Cinq rouges"),
    "kuitan": ("Open tanyao", "Tanyao ouvert"),
    "ura_dora": ("Ura dora", "Ura-dora"),
    "kan_dora": ("Kan dora", "Kan-dora"),
    "kan_ura_dora": ("Kan ura dora", "Ura-dora des kan"),
    "ippatsu": ("Ippatsu", "Ippatsu"),
    "double_riichi": ("Double riichi", "Double riichi"),
    "kiriage": ("Rounding up to mangan", "Mangan arrondi"),
    "kazoe": ("13 han and more", "13 han et plus"),
    "double_yakuman": ("Double yakuman", "Double yakuman"),
    "yakuman_stacking": ("Yakuman add up", "Cumul des yakuman"),
    "yakuman_max_multiple": ("Yakuman cap", "Plafond des yakuman"),
    "double_wind_pair_fu": ("Double wind pair", "Paire du double vent"),
    "rinshan_tsumo_fu": ("Tsumo fu on rinshan", "Fu de tsumo au rinshan"),
    "pinfu_tsumo_fu": ("Tsumo fu with pinfu", "Fu de tsumo en pinfu"),
    "open_pinfu_fu": ("Open hand at 20 fu", "Main ouverte à 20 fu"),
    "renhou": ("Renhou", "Renhou"),
    "nagashi_mangan": ("Nagashi mangan", "Nagashi mangan"),
    "nagashi_requires_closed": ("Nagashi mangan closed only", "Nagashi mangan main fermée"),
    "pao_yakuman": ("Liability (pao)", "Responsabilité (pao)"),
    "pao_scope": ("What the liable player pays", "Ce que paie le responsable"),
    "pao_ron_honba_payer": ("Honba of a pao ron", "Honba d’un ron avec pao"),
    "rinshan_pao": ("Liability for rinshan", "Responsabilité du rinshan"),
    "multiple_ron": ("Several rons", "Ron multiples"),
    "kokushi_chankan_ankan": ("Kokushi robs a closed kan", "Kokushi vole un kan fermé"),
    "ryuuiisou_requires_hatsu": ("All green needs hatsu", "Tout vert avec hatsu"),
    "ryanhan_shibari": ("Two-han minimum", "Minimum de deux han"),
    "honba_ron": ("Honba on a ron", "Honba sur ron"),
    "honba_tsumo": ("Honba on a tsumo", "Honba sur tsumo"),
    "riichi_deposit": ("Riichi stick", "Bâton de riichi"),
    "kan_dora_timing": ("Kan dora timing", "Moment du kan-dora"),
    "abortive_draws": ("Abortive draws", "Parties nulles avortées"),
    "players": ("Players", "Joueurs"),
    "kita": ("Kita (north set aside)", "Kita (nord mis de côté)"),
    "kita_ron": ("Ron on a kita", "Ron sur un kita"),
    "tsumo_loss": ("Tsumo loss (tsumo-son)", "Perte au tsumo (tsumo-son)"),
    "local_yaku": ("Local yaku", "Yaku locaux"),
}
CHOICE_WORDS: dict[tuple[str, str], tuple[str, str]] = {
    ("kazoe", "yakuman"): ("counted yakuman", "yakuman compté"),
    ("kazoe", "sanbaiman"): ("sanbaiman", "sanbaiman"),
    ("kazoe", "multiple"): ("one yakuman per 13 han", "un yakuman par 13 han"),
    ("double_yakuman", "suuankou_tanki"): (
        "suuankou on a single wait", "suuankou en attente simple"
    ),
    ("double_yakuman", "kokushi_13"): ("kokushi on a 13-sided wait", "kokushi en attente de 13"),
    ("double_yakuman", "junsei_chuuren"): ("chuuren on a 9-sided wait", "chuuren en attente de 9"),
    ("double_yakuman", "daisuushii"): ("daisuushii", "daisuushii"),
    ("renhou", "off"): ("not played", "non joué"),
    ("renhou", "mangan"): ("mangan floor", "mangan au moins"),
    ("renhou", "mangan_yaku"): ("a yaku worth mangan", "un yaku valant mangan"),
    ("renhou", "baiman"): ("baiman floor", "baiman au moins"),
    ("renhou", "yakuman"): ("yakuman", "yakuman"),
    ("nagashi_mangan", "off"): ("not played", "non joué"),
    ("nagashi_mangan", "win"): ("scored as a win", "compté comme une victoire"),
    ("nagashi_mangan", "draw"): ("paid at the draw", "payé à la partie nulle"),
    ("pao_yakuman", "daisangen"): ("daisangen", "daisangen"),
    ("pao_yakuman", "daisuushii"): ("daisuushii", "daisuushii"),
    ("pao_yakuman", "suukantsu"): ("suukantsu", "suukantsu"),
    ("pao_scope", "whole_hand"): ("the whole hand", "toute la main"),
    ("pao_scope", "liable_yakuman_only"): ("the liable yakuman only", "le seul yakuman en cause"),
    ("pao_ron_honba_payer", "discarder"): ("the discarder", "celui qui a défaussé"),
    ("pao_ron_honba_payer", "split"): (
        "split with the liable player", "partagés avec le responsable"
    ),
    ("multiple_ron", "all"): ("all win", "tous gagnent"),
    ("multiple_ron", "double_only"): (
        "two at most (three: a draw)", "deux au plus (trois : partie nulle)"
    ),
    ("multiple_ron", "atamahane"): (
        "the first in turn only (atamahane)", "le premier dans l’ordre (atamahane)"
    ),
    ("kan_dora_timing", "immediate"): ("at once", "aussitôt"),
    ("kan_dora_timing", "ankan_immediate_open_after_discard"): (
        "closed kan at once, open kan after the discard",
        "kan fermé aussitôt, kan ouvert après la défausse",
    ),
}
# fmt: on


def option_label(name: str, lang: str = "en") -> str:
    """Gets the label of option *name* in *lang* (``fr`` or English), its id when unknown.

    >>> option_label("kiriage", "fr"), option_label("multiple_ron")
    ('Mangan arrondi', 'Several rons')
    """
    en, fr = OPTION_LABELS.get(name, (name, name))
    return fr if lang == "fr" else en


def option_description(name: str, lang: str = "en") -> str:
    """Gets the one-line description of option *name* in *lang* (``fr`` or English)."""
    o = _OPTIONS_BY_NAME[name]
    return o.fr if lang == "fr" else o.en


def choice_label(name: str, value: Any, lang: str = "en") -> str:
    """Writes *value* of option *name* as a player reads it in *lang* (``fr`` or English):
    booleans as yes/no, named values in words, numbers as they are.

    >>> choice_label("pao_scope", "whole_hand", "fr"), choice_label("kuitan", True)
    ('toute la main', 'yes')
    """
    if isinstance(value, bool):
        return ("oui" if value else "non") if lang == "fr" else ("yes" if value else "no")
    en, fr = CHOICE_WORDS.get((name, str(value)), (str(value), str(value)))
    return fr if lang == "fr" else en


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
            raise RulesError(f"a ruleset's name is a text, not {_shown(self.name)}")
        for o in OPTIONS:
            _check_held(o.name, getattr(self, o.name))
        _check_held("local_options", self.local_options)
        if self.aka == 2 and self.players != 3:
            raise RulesError(
                "option 'aka' = 2 is the red 5p and 5s of a three-player set: it needs "
                f"players = 3, not {self.players}"
            )

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
                checked[key] = check_local_options(value)
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
    checked = check_local_options(value) if key == "local_options" else check_option(key, value)
    if checked != value or type(checked) is not type(value):
        raise RulesError(
            f"option {key!r} holds {_shown(value)}: a ruleset holds checked values "
            "(with_options converts texts and lists)"
        )


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
    if key == "local_yaku":
        return check_local_ids(items)
    return frozenset(items)


_DSG_DSS = frozenset({"daisangen", "daisuushii"})

# fmt: off
PRESETS: dict[str, Ruleset] = {
    # The seed card (001): "cinq rouges, sans kiriage, double vent à 4 fu, yakuman compté".
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
    # Pre-2016 EMA rules, as transcribed in seed 000 (riichi.md §14.3).
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
_PRESET_NOTES = {
    "bareme": (
        "the barème card: red fives, no kiriage, 4 fu double wind, counted yakuman",
        "le barème : cinq rouges, sans kiriage, double vent à 4 fu, yakuman compté",
    ),
    "ema": ("EMA Riichi Competition Rules 2016", "règles de compétition EMA 2016"),
    "ema2012": (
        "EMA Riichi Competition Rules before 2016", "règles de compétition EMA d’avant 2016"
    ),
    "wrc": ("World Riichi Championship, 2022", "Championnat du monde de riichi, 2022"),
    "tenhou": ("tenhou.net ranked, red fives", "tenhou.net classé, cinq rouges"),
    "majsoul": ("Mahjong Soul ranked", "Mahjong Soul classé"),
    "mleague": ("M-League official rules", "règles officielles de la M-League"),
    "tenhou3": (
        "tenhou.net three-player ranked (sanma): kita, tsumo loss, honba 200/100",
        "tenhou.net à trois (sanma) : kita, tsumo-son, honba 200/100",
    ),
    "majsoul3": (
        "Mahjong Soul three-player ranked (sanma): kita, tsumo loss",
        "Mahjong Soul à trois (sanma) : kita, tsumo-son",
    ),
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
    """Lists the presets as (name, English note, French note)."""
    return [(n, *_PRESET_NOTES[n]) for n in PRESETS]


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
        raise RulesError(f"the ruleset {rules.name!r} cannot be written in one line ({spec!r})")
    return spec


def _from_spec(spec: str) -> Ruleset:
    preset, *items = spec.split("+")
    data: dict[str, Any] = {"preset": preset}
    local: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RulesError(f"a ruleset line is PRESET+OPTION=VALUE+..., not {spec!r}")
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
            raise RulesError(f"{word!r} takes a name (see `tenpai rules`), not {_shown(given)}")
    rules = find_rules(preset) if preset is not None else (base or PRESETS[DEFAULT_PRESET])
    rules = rules.with_options(**d)
    if local_values is not None:
        if not isinstance(local_values, Mapping):
            raise RulesError("local_options is a table: [local_options.ID] OPTION = VALUE")
        rules = rules.with_options(local_options=local_values)
    if name is not None:
        rules = rules.with_options(name=name)
    elif d:
        rules = rules.with_options(name=f"{rules.name}+custom")
    return rules


def load_rules(spec: str | Path) -> Ruleset:
    """Gets a ruleset from a preset name or a TOML file path.

    The TOML file holds ``preset = "tenhou"`` and any options, for example ``kiriage = true``
    or ``local_yaku = ["sanrenkou"]``; a ``[local_options]`` table sets local yaku variants.

    :raises RulesError: on an unknown preset or option, or a file that cannot be read.
    """
    p = Path(spec)
    if str(spec).endswith(".toml") or p.is_file():
        from ..fields import load_toml

        data = load_toml(p)
        data.setdefault("name", p.stem)
        return rules_from_mapping(data)
    return find_rules(str(spec))
