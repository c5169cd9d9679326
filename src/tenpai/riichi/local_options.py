"""The index of the local yaku (Tenpai's list of them) with the options each takes, and the
checking of a ruleset's local yaku ids and option values (each default Tenpai's choice).

Below both :mod:`tenpai.riichi.rules` (a :class:`~tenpai.riichi.rules.Ruleset` checks its
``local_yaku`` and ``local_options`` here) and :mod:`tenpai.riichi.local` (the rows, their
predicates and the builders that turn chosen values into rows): neither imports the other
to check an option. The rows of :data:`tenpai.riichi.local.LOCAL_YAKU` are in the order of
:data:`LOCAL_OPTIONS` (a test holds both to it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..errors import RulesError, msg

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import Any

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
    """One option of a local yaku: its *name*, the *values* it takes and its *default* (the
    project's choice). Its label, description and value words are catalogue
    entries keyed by the local yaku's id and the option's name
    (:func:`tenpai.riichi.words.variant_label`...)."""

    name: str
    values: tuple[Any, ...]
    default: Any


def _v(name: str, values: tuple[Any, ...], default: Any) -> Variant:
    return Variant(name, values, default)


_BOOL = (False, True)


_SCORING = _v("scoring", ("mangan", "plus_one", "max"), "mangan")
_PAO = _v("pao", _BOOL, False)
_SAME_SUITS = _v("same_suit_pair_required", _BOOL, True)
_WHEEL_SUITS = _v("suits", ("pinzu_only", "all"), "pinzu_only")
_SANSHOKU_HAN = _v("han", (1, 2), 1)

LOCAL_OPTIONS: dict[str, tuple[Variant, ...]] = {
    "tsubame_gaeshi": (_v("riichi_stick", ("not_paid", "paid_to_winner"), "not_paid"),),
    "shiiaru_raotai": (
        _v("win_type", ("ron_only", "ron_or_tsumo"), "ron_only"),
        _v("ankan_counts", _BOOL, True),
    ),
    "kanburi": (),
    "sangen_chiitoitsu": (),
    "suushi_chiitoitsu": (),
    "uushin_tsuukan": (),
    "sanrenkou": (),
    "sanshoku_renkou": (),
    "sanshoku_tsuukan": (),
    "tanron": (_v("tanron_han", (2, 3, 4), 3),),
    "kyandonhou": (
        _SAME_SUITS,
        _v("open_han", ("none", 1), "none"),
    ),
    "ryandoukou": (_SAME_SUITS,),
    "shoutate": (_v("raise_sanshoku_doukou", _BOOL, True),),
    "choupaikou": (),
    "sujipaikou": (),
    "chousankou": (),
    "sanshoku_choupaikou": (_SANSHOKU_HAN,),
    "sanshoku_sujipaikou": (_SANSHOKU_HAN,),
    "sanshoku_chousankou": (_SANSHOKU_HAN,),
    "suuzuukou": (),
    "open_riichi": (
        _v("deal_in_penalty", ("none", "yakuman"), "none"),
        _v("exempt_earlier_riichi", _BOOL, False),
    ),
    "open_double_riichi": (),
    "isshoku_sanjun": (
        _v("closed_han", (3, 2), 3),
        _v("open", ("minus_one", "not_allowed"), "minus_one"),
    ),
    "sanpuukou": (),
    "otakaze_sankou": (_v("han", (3, 2), 3),),
    "uumensai": (
        _v("value", (2, 5, "yakuman"), 2),
        _v("closed_only", _BOOL, False),
        _v("allow_chiitoitsu", _BOOL, True),
        _v("restriction", ("none", "honour_pair", "toitoi"), "none"),
    ),
    "renkaihou": (_v("extra_han_per_kan", (0, 1, 2), 0),),
    "mondeikou": (_v("mode", ("plus2", "minus4"), "plus2"),),
    "ittsuu_chanta": (),
    "jun_ittsuu_chanta": (),
    "tanfonhou": (_v("mode", ("unified", "split"), "unified"),),
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
        _v("value", ("mangan", "yakuman_strict"), "mangan"),
        _v("yakuman_closed_only", _BOOL, True),
    ),
    "chiishin_uushii": (_v("value", ("mangan", "yakuman"), "mangan"),),
    "maneman": (
        _v("turns", (5, 6), 5),
        _v("dealer_only", _BOOL, False),
        _v("escalation", ("none", "by_turns"), "none"),
        _v("settlement", ("immediate", "on_win"), "immediate"),
    ),
    "paarenchan": (
        _v("definition", ("consecutive_wins", "dealer_wins", "dealer_renchan"), "dealer_wins"),
        _v("needs_yaku", _BOOL, True),
        _v("ryanhan_after", (5, "none"), 5),
        _v("after", ("rotate", "continue"), "rotate"),
    ),
    "pouhoi_paarenchan": (_v("win_type", ("any", "tsumo_or_ron_from_dealer"), "any"),),
    "ishino_uenimo_sannen": (_v("allow_houtei", _BOOL, True),),
    "toukanhou": (
        _v("kan_types", ("any", "ankan_only"), "any"),
        _v("dealer_only", _BOOL, False),
    ),
    "shiisanpuutaa": (),
    "shiisanuushi": (),
    "suurenkou": (_PAO,),
    "suuchoupaikou": (_PAO,),
    "daisharin": (_WHEEL_SUITS,),
    "daichikurin": (),
    "daisuurin": (),
    "shousharin": (
        _v("value", ("yakuman", "sanbaiman"), "yakuman"),
        _WHEEL_SUITS,
    ),
    "shouchikurin": (),
    "shousuurin": (),
    "isshoku_yonjun": (
        _v("closed_only", _BOOL, False),
        _PAO,
    ),
    "hyakuman_goku": (
        _v("threshold", ("at_least_100", "exactly_100"), "at_least_100"),
        _v("exact_100_double", _BOOL, False),
        _v("allow_honitsu", _BOOL, False),
    ),
    "kachoufuugetsu": (),
    "fuukasetsugetsu": (),
    "kouitten": (),
    "benikujaku": (),
    "kokuiisou": (_v("value", ("yakuman", "sanbaiman"), "yakuman"),),
    "ryuuiisourin": (),
    "kouittenrin": (),
    "golden_gate_bridge": (
        _v("closed_only", _BOOL, False),
        _v("chinitsu_only", _BOOL, False),
        _v("pair_must_be_5", _BOOL, False),
        _v("double_if_pair_5", _BOOL, False),
    ),
    "nanboku_sensou": (_v("same_suit_allowed", _BOOL, False),),
    "touhoku_jidoushadou": (),
    "touhoku_shinkansen": (
        _v("closed_only", _BOOL, True),
        _v("suit", ("any", "souzu", "pinzu"), "any"),
        _v("open_value", ("none", "mangan", "haneman", "baiman"), "none"),
    ),
    "aonodoumon": (),
    "chousangen": (),
    "daichisei": (),
    "junsei_ryuuiisou": (),
    "chousuushi": (_v("multiple", (4, 3), 4),),
}
"""Every local yaku id Tenpai knows, in its index order, with its options."""


OPTIONS_BY_ID: dict[str, dict[str, Variant]] = {
    i: {v.name: v for v in vs} for i, vs in LOCAL_OPTIONS.items()
}
"""Each local yaku's options by name."""
OPTION_DEFAULTS: dict[str, Any] = {
    f"{i}.{name}": v.default for i, vs in OPTIONS_BY_ID.items() for name, v in vs.items()
}
"""The default value of every ``"ID.OPTION"`` (Tenpai's defaults)."""
NEEDS = {"pouhoi_paarenchan": "paarenchan"}
"""The local yaku that are played only with another one enabled."""


def check_local_ids(ids: Iterable[str]) -> frozenset[str]:
    """Checks local yaku ids against Tenpai's index of them.

    :raises RulesError: on an unknown id, or a yaku enabled without the one it needs.
    """
    got = frozenset(ids)
    for i in sorted(got):
        if i not in LOCAL_OPTIONS:
            raise RulesError.of(msg("errors.riichi2.local_unknown", id=i))
        need = NEEDS.get(i)
        if need is not None and need not in got:
            raise RulesError.of(msg("errors.riichi2.local_needs", id=i, need=need))
    return got


def _coerce(key: str, value: Any) -> Any:
    yaku_id, _, name = key.partition(".")
    variants = OPTIONS_BY_ID.get(yaku_id)
    if variants is None:
        raise RulesError.of(msg("errors.riichi2.local_unknown_in_options", id=yaku_id))
    v = variants.get(name)
    if v is None:
        known = ", ".join(variants) or "none"
        raise RulesError.of(
            msg("errors.riichi2.local_no_option", id=yaku_id, name=name, known=known)
        )
    for c in v.values:
        if value is c or (type(value) is type(c) and value == c):
            return c
    for c in v.values:
        if str(value).strip().lower() == str(c).lower():
            return c
    allowed = ", ".join(str(c).lower() for c in v.values)
    raise RulesError.of(msg("errors.riichi2.local_choice", key=key, allowed=allowed, value=value))


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
