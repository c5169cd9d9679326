"""The index of the local yaku (local-yaku.md §2) with the options each takes, and the
checking of a ruleset's local yaku ids and option values (local-yaku.md §12).

Below both :mod:`tenpai.riichi.rules` (a :class:`~tenpai.riichi.rules.Ruleset` checks its
``local_yaku`` and ``local_options`` here) and :mod:`tenpai.riichi.local` (the rows, their
predicates and the builders that turn chosen values into rows): neither imports the other
to check an option. The rows of :data:`tenpai.riichi.local.LOCAL_YAKU` are in the order of
:data:`LOCAL_OPTIONS` (a test holds both to it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import RulesError

__all__ = [
    "LOCAL_OPTIONS",
    "NEEDS",
    "OPTIONS_BY_ID",
    "OPTION_DEFAULTS",
    "Variant",
    "check_local_ids",
    "check_local_options",
]


@dataclass(frozen=True, slots=True)
class Variant:
    """One option of a local yaku: its *name*, the *values* it takes, its *default* (the
    spec's, local-yaku.md §12), and what it does in English and French."""

    name: str
    values: tuple[Any, ...]
    default: Any
    en: str
    fr: str


def _v(name: str, values: tuple[Any, ...], default: Any, en: str, fr: str) -> Variant:
    return Variant(name, values, default, en, fr)


_BOOL = (False, True)


_SCORING = _v(
    "scoring",
    ("mangan", "plus_one", "max"),
    "mangan",
    "mangan floor | 1 han added to its base yaku | the higher of both",
    "mangan minimum | 1 han ajouté à son yaku de base | le plus fort des deux",
)
_PAO = _v("pao", _BOOL, False, "liability for the feeder of the fourth set", "responsabilité (pao)")
_SAME_SUITS = _v(
    "same_suit_pair_required",
    _BOOL,
    True,
    "both numbers use the same two suits",
    "les deux nombres dans les deux mêmes familles",
)
_WHEEL_SUITS = _v(
    "suits",
    ("pinzu_only", "all"),
    "pinzu_only",
    "circles only, or the bamboo and character versions too",
    "cercles seulement, ou aussi bambous et caractères",
)
_SANSHOKU_HAN = _v("han", (1, 2), 1, "han value", "valeur en han")

LOCAL_OPTIONS: dict[str, tuple[Variant, ...]] = {
    "tsubame_gaeshi": (
        _v(
            "riichi_stick",
            ("not_paid", "paid_to_winner"),
            "not_paid",
            "the declarer keeps his stick, or the winner takes it",
            "le déclarant garde son bâton, ou le gagnant le prend",
        ),
    ),
    "shiiaru_raotai": (
        _v(
            "win_type",
            ("ron_only", "ron_or_tsumo"),
            "ron_only",
            "ron only, or tsumo too",
            "sur ron seulement, ou aussi en tsumo",
        ),
        _v(
            "ankan_counts",
            _BOOL,
            True,
            "an ankan counts as one of the four melds",
            "un kan fermé compte parmi les quatre groupes",
        ),
    ),
    "kanburi": (),
    "sangen_chiitoitsu": (),
    "suushi_chiitoitsu": (),
    "uushin_tsuukan": (),
    "sanrenkou": (),
    "sanshoku_renkou": (),
    "sanshoku_tsuukan": (),
    "tanron": (
        _v(
            "tanron_han",
            (2, 3, 4),
            3,
            "han value (no fixed value: 2, 3 or 4 by agreement)",
            "valeur en han (sans valeur fixe : 2, 3 ou 4 selon la table)",
        ),
    ),
    "kyandonhou": (
        _SAME_SUITS,
        _v(
            "open_han",
            ("none", 1),
            "none",
            "value when open (none: closed only)",
            "valeur main ouverte (none : main fermée seulement)",
        ),
    ),
    "ryandoukou": (_SAME_SUITS,),
    "shoutate": (
        _v(
            "raise_sanshoku_doukou",
            _BOOL,
            True,
            "sanshoku doukou becomes 3 han",
            "sanshoku doukou passe à 3 han",
        ),
    ),
    "choupaikou": (),
    "sujipaikou": (),
    "chousankou": (),
    "sanshoku_choupaikou": (_SANSHOKU_HAN,),
    "sanshoku_sujipaikou": (_SANSHOKU_HAN,),
    "sanshoku_chousankou": (_SANSHOKU_HAN,),
    "suuzuukou": (),
    "open_riichi": (
        _v(
            "deal_in_penalty",
            ("none", "yakuman"),
            "none",
            "a ron from a player not in riichi is a yakuman",
            "un ron sur un joueur sans riichi vaut un yakuman",
        ),
        _v(
            "exempt_earlier_riichi",
            _BOOL,
            False,
            "with the penalty, only players in riichi before the open riichi are spared "
            "(false, the default: every player in riichi; only a player not in riichi pays)",
            "avec la pénalité, seuls les joueurs en riichi avant le riichi ouvert sont "
            "épargnés (false, par défaut : tout joueur en riichi ; seul un joueur sans riichi "
            "paie)",
        ),
    ),
    "open_double_riichi": (),
    "isshoku_sanjun": (
        _v("closed_han", (3, 2), 3, "han when closed", "han main fermée"),
        _v(
            "open",
            ("minus_one", "not_allowed"),
            "minus_one",
            "open: one han less, or not allowed",
            "main ouverte : un han de moins, ou interdite",
        ),
    ),
    "sanpuukou": (),
    "otakaze_sankou": (_v("han", (3, 2), 3, "han value", "valeur en han"),),
    "uumensai": (
        _v("value", (2, 5, "yakuman"), 2, "2 han, 5 han or yakuman", "2 han, 5 han ou yakuman"),
        _v("closed_only", _BOOL, False, "closed hands only", "main fermée seulement"),
        _v("allow_chiitoitsu", _BOOL, True, "seven pairs allowed", "sept paires permises"),
        _v(
            "restriction",
            ("none", "honour_pair", "toitoi"),
            "none",
            "also needs an honour pair, or all triplets",
            "exige aussi une paire d’honneurs, ou que des brelans",
        ),
    ),
    "renkaihou": (
        _v(
            "extra_han_per_kan",
            (0, 1, 2),
            0,
            "han added per consecutive kan beyond two",
            "han ajoutés par kan consécutif au-delà de deux",
        ),
    ),
    "mondeikou": (
        _v(
            "mode",
            ("plus2", "minus4"),
            "plus2",
            "a 2-han yaku (1 open), or -4 han cancelling the aka dora (not a yaku)",
            "un yaku de 2 han (1 ouvert), ou -4 han qui annulent les aka dora (pas un yaku)",
        ),
    ),
    "ittsuu_chanta": (),
    "jun_ittsuu_chanta": (),
    "tanfonhou": (
        _v(
            "mode",
            ("unified", "split"),
            "unified",
            "one yaku, or hontanfon (with honours) and chintanfon (without)",
            "un seul yaku, ou hontanfon (avec honneurs) et chintanfon (sans)",
        ),
    ),
    "hontanfon": (),
    "chintanfon": (),
    "chinpeikou": (),
    "kinkei_dokuritsu": (_SCORING,),
    "touchao_hanchanshue": (_SCORING,),
    "uupin_kaihou": (_SCORING,),
    "ryanzou_chankan": (_SCORING,),
    "iipin_mouyue": (_SCORING,),
    "chuupin_raoyui": (_SCORING,),
    "shanron_chonchu": (
        _v(
            "value",
            ("mangan", "yakuman_strict"),
            "mangan",
            "mangan floor, or yakuman only for consecutive sequences and a 5p pair",
            "mangan minimum, ou yakuman seulement avec des suites consécutives et une paire de 5p",
        ),
        _v(
            "yakuman_closed_only",
            _BOOL,
            True,
            "the yakuman needs a closed hand",
            "le yakuman exige une main fermée",
        ),
    ),
    "chiishin_uushii": (
        _v(
            "value",
            ("mangan", "yakuman"),
            "mangan",
            "fixed mangan, or yakuman",
            "mangan fixe, ou yakuman",
        ),
    ),
    "maneman": (
        _v("turns", (5, 6), 5, "turns to copy", "tours à copier"),
        _v(
            "dealer_only",
            _BOOL,
            False,
            "only the dealer can be imitated",
            "seul le donneur peut être imité",
        ),
        _v(
            "escalation",
            ("none", "by_turns"),
            "none",
            "7 turns haneman, 9 baiman, 11 sanbaiman, 13 yakuman",
            "7 tours haneman, 9 baiman, 11 sanbaiman, 13 yakuman",
        ),
        _v(
            "settlement",
            ("immediate", "on_win"),
            "immediate",
            "paid when the copy is done, or on the imitator's win (the imitated pays it all)",
            "payé dès la copie faite, ou à la victoire de l’imitateur (l’imité paie tout)",
        ),
    ),
    "paarenchan": (
        _v(
            "definition",
            ("consecutive_wins", "dealer_wins", "dealer_renchan"),
            "dealer_wins",
            "eight wins in a row by anyone, by the dealer, or eight renchan ending in a win",
            "huit victoires de suite d’un joueur, du donneur, ou huit renchan finis par une "
            "victoire",
        ),
        _v(
            "needs_yaku",
            _BOOL,
            True,
            "the win still needs a yaku",
            "la victoire exige toujours un yaku",
        ),
        _v(
            "ryanhan_after",
            (5, "none"),
            5,
            "after five wins, 2 han of yaku are needed",
            "après cinq victoires, il faut 2 han de yaku",
        ),
        _v(
            "after",
            ("rotate", "continue"),
            "rotate",
            "after paarenchan the deal passes, or a new count starts (game engine)",
            "après le paarenchan la donne passe, ou un nouveau compte commence (moteur de jeu)",
        ),
    ),
    "pouhoi_paarenchan": (
        _v(
            "win_type",
            ("any", "tsumo_or_ron_from_dealer"),
            "any",
            "any win, or only tsumo or ron on the dealer",
            "toute victoire, ou seulement tsumo ou ron sur le donneur",
        ),
    ),
    "ishino_uenimo_sannen": (
        _v(
            "allow_houtei",
            _BOOL,
            True,
            "houtei counts as well as haitei",
            "le houtei compte comme le haitei",
        ),
    ),
    "toukanhou": (
        _v(
            "kan_types",
            ("any", "ankan_only"),
            "any",
            "any kan, or closed kans only",
            "tout kan, ou kan fermé seulement",
        ),
        _v("dealer_only", _BOOL, False, "for the dealer only", "pour le donneur seulement"),
    ),
    "shiisanpuutaa": (),
    "shiisanuushi": (),
    "suurenkou": (_PAO,),
    "suuchoupaikou": (_PAO,),
    "daisharin": (_WHEEL_SUITS,),
    "daichikurin": (),
    "daisuurin": (),
    "shousharin": (
        _v(
            "value",
            ("yakuman", "sanbaiman"),
            "yakuman",
            "yakuman, or a sanbaiman floor",
            "yakuman, ou sanbaiman minimum",
        ),
        _WHEEL_SUITS,
    ),
    "shouchikurin": (),
    "shousuurin": (),
    "isshoku_yonjun": (
        _v("closed_only", _BOOL, False, "closed hands only", "main fermée seulement"),
        _PAO,
    ),
    "hyakuman_goku": (
        _v(
            "threshold",
            ("at_least_100", "exactly_100"),
            "at_least_100",
            "100 or more, or exactly 100",
            "100 ou plus, ou exactement 100",
        ),
        _v(
            "exact_100_double",
            _BOOL,
            False,
            "exactly 100 is a double yakuman",
            "exactement 100 vaut un double yakuman",
        ),
        _v(
            "allow_honitsu",
            _BOOL,
            False,
            "honours allowed (they count 0)",
            "honneurs permis (ils comptent 0)",
        ),
    ),
    "kachoufuugetsu": (),
    "fuukasetsugetsu": (),
    "kouitten": (),
    "benikujaku": (),
    "kokuiisou": (
        _v(
            "value",
            ("yakuman", "sanbaiman"),
            "yakuman",
            "yakuman, or a sanbaiman floor",
            "yakuman, ou sanbaiman minimum",
        ),
    ),
    "ryuuiisourin": (),
    "kouittenrin": (),
    "golden_gate_bridge": (
        _v("closed_only", _BOOL, False, "closed hands only", "main fermée seulement"),
        _v(
            "chinitsu_only",
            _BOOL,
            False,
            "the pair of the same suit",
            "la paire de la même famille",
        ),
        _v(
            "pair_must_be_5",
            _BOOL,
            False,
            "the pair is the 5 of that suit",
            "la paire est le 5 de cette famille",
        ),
        _v(
            "double_if_pair_5",
            _BOOL,
            False,
            "a pair of that 5 makes a double yakuman",
            "une paire de ce 5 fait un double yakuman",
        ),
    ),
    "nanboku_sensou": (
        _v(
            "same_suit_allowed",
            _BOOL,
            False,
            "1861 and 1865 may share a suit",
            "1861 et 1865 peuvent être de la même famille",
        ),
    ),
    "touhoku_jidoushadou": (),
    "touhoku_shinkansen": (
        _v("closed_only", _BOOL, True, "closed hands only", "main fermée seulement"),
        _v(
            "suit",
            ("any", "souzu", "pinzu"),
            "any",
            "the straight's suit",
            "la famille de la grande suite",
        ),
        _v(
            "open_value",
            ("none", "mangan", "haneman", "baiman"),
            "none",
            "value of an open hand (none: yakuman when open is allowed)",
            "valeur main ouverte (none : yakuman si elle est permise)",
        ),
    ),
    "aonodoumon": (),
    "chousangen": (),
    "daichisei": (),
    "junsei_ryuuiisou": (),
    "chousuushi": (
        _v("multiple", (4, 3), 4, "quadruple or triple yakuman", "quadruple ou triple yakuman"),
    ),
}
"""Every local yaku id of local-yaku.md §2, in the index order, with its options."""


OPTIONS_BY_ID: dict[str, dict[str, Variant]] = {
    i: {v.name: v for v in vs} for i, vs in LOCAL_OPTIONS.items()
}
"""Each local yaku's options by name."""
OPTION_DEFAULTS: dict[str, Any] = {
    f"{i}.{name}": v.default for i, vs in OPTIONS_BY_ID.items() for name, v in vs.items()
}
"""The default value of every ``"ID.OPTION"`` (local-yaku.md §12)."""
NEEDS = {"pouhoi_paarenchan": "paarenchan"}
"""The local yaku that are played only with another one enabled."""


def check_local_ids(ids: Iterable[str]) -> frozenset[str]:
    """Checks local yaku ids against the spec's index (local-yaku.md §2).

    :raises RulesError: on an unknown id, or a yaku enabled without the one it needs.
    """
    got = frozenset(ids)
    for i in sorted(got):
        if i not in LOCAL_OPTIONS:
            raise RulesError(f"unknown local yaku {i!r} (see `tenpai yaku --local-only`)")
        need = NEEDS.get(i)
        if need is not None and need not in got:
            raise RulesError(f"local yaku {i!r} needs {need!r} enabled too")
    return got


def _coerce(key: str, value: Any) -> Any:
    yaku_id, _, name = key.partition(".")
    variants = OPTIONS_BY_ID.get(yaku_id)
    if variants is None:
        raise RulesError(f"unknown local yaku {yaku_id!r} in local_options")
    v = variants.get(name)
    if v is None:
        known = ", ".join(variants) or "none"
        raise RulesError(f"local yaku {yaku_id!r} has no option {name!r} (options: {known})")
    for c in v.values:
        if value is c or (type(value) is type(c) and value == c):
            return c
    for c in v.values:
        if str(value).strip().lower() == str(c).lower():
            return c
    allowed = ", ".join(str(c).lower() for c in v.values)
    raise RulesError(f"option {key!r} takes one of {allowed}, not {value!r}")


def check_local_options(value: Any) -> tuple[tuple[str, Any], ...]:
    """Checks local yaku variant values into sorted ``("ID.OPTION", value)`` pairs.

    *value* is a mapping ``{ID: {OPTION: VALUE}}`` (the TOML ``[local_options]`` table),
    ``{"ID.OPTION": VALUE}``, or such pairs.

    :raises RulesError: on an unknown id, option or value.

    >>> check_local_options({"chousuushi": {"multiple": "3"}, "tanron.tanron_han": 4})
    (('chousuushi.multiple', 3), ('tanron.tanron_han', 4))
    """
    items = value.items() if isinstance(value, Mapping) else value
    out: dict[str, Any] = {}
    for key, val in items:
        if isinstance(val, Mapping):
            for name, v in val.items():
                out[f"{key}.{name}"] = _coerce(f"{key}.{name}", v)
        else:
            out[str(key)] = _coerce(str(key), val)
    return tuple(sorted(out.items()))
