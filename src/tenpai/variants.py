"""The variant registry: riichi and Hong Kong as entries of one shape.

Each front end (``cli.py``, ``calculator.py``, the web pages and JSON API, the generated
documents, the trainer) asks :func:`find_variant` for a :class:`VariantEntry` and calls its
operations instead of branching on the variant's name. Each operation is a function of the
variant's wing (``riichi/``, ``hk/``, the riichi records and explanation, ``render/`` for the
documents, ``trainer/variant.py`` for the drill); this module only wires them. Adding a
variant is writing its wing and one line of :data:`VARIANTS` (see ``docs/architecture.md``).

>>> [v.name for v in VARIANTS.values()]
['riichi', 'hk']
>>> find_variant("hk").default_rules, find_variant("riichi").default_rules
('hk', 'bareme')
>>> find_trainer("hk") is find_variant("hk").trainer()
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .errors import RulesError, msg
from .flag_names import HK_WIN_FLAGS, WIN_FLAGS

# The wings are imported on first use (a command that names no variant loads none).
TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import Any, TypeAlias

    from .hand import Hand
    from .hk.rules import HKRules
    from .render.doc import Document
    from .riichi.rules import Ruleset
    from .trainer.variant import Variant

__all__ = [
    "DEFAULT_VARIANT",
    "VARIANTS",
    "CalcParts",
    "StoredRules",
    "VariantEntry",
    "find_trainer",
    "find_variant",
    "variant_names",
]

_WINDS = "ESWN"

CalcParts: TypeAlias = (
    "tuple[tuple[tuple[str, str, str, str], ...], dict[str, Any], dict[str, Any]]"
)
"""What a variant's calculator step gives: the explanation lines as (section, id, value,
text), the interchange result, and the score under its name (``score`` or ``hk_score``)."""

StoredRules = tuple[str, tuple[tuple[str, str], ...], tuple[str, ...]]
"""A rules choice as :attr:`VariantEntry.read_rules` takes it: name, options, local yaku."""


@dataclass(frozen=True, slots=True)
class VariantEntry:
    """One variant's operations, the same for every variant.

    - *flags*: the situation flags the calculator's text fields take;
    - *bonus_tiles*: whether hands carry flowers and seasons (the calculator's palette shows
      them in place of the red fives, which Hong Kong does not use);
    - *dora*: whether a situation has dora indicators, honba and sticks (its fields);
    - *example_hand*: a winning hand in the notation, shown as an example;
    - *default_rules*, *presets()*, *find_rules(name)*, *read_rules(name, options, local)*:
      its rules (a preset or profile name, then options by name, then local yaku);
    - *calculate(hand, query, discarder, lang)*: reads the situation from the calculator's
      fields, scores and explains (:data:`CalcParts`);
    - *score_record(record)*: reads a record, scores it, writes the result record (never
      raises for bad input);
    - *document(page, rules, lang)*: its generated document (the card, the HK pages);
    - *trainer()*: the trainer's variant (deal, ask, grade), from ``trainer/variant.py``;
    - *rules_key*, *stored_rules(value)*: where the web's rules page keeps the variant's rules
      choice in the session, and that stored value read back as (name, options, local) for
      *read_rules* (whatever the session holds: a missing or odd value gives the default);
    - *rules_line(rules)*: the rules as the line a hand id carries (preset, options, local);
    - *result_schema()*: the JSON Schema of its result records (``tenpai schema``).

    The operations import their wing when first called, so that reading the registry (the
    command line's ``--variant`` choices) costs no start-up time.
    """

    name: str
    flags: tuple[str, ...]
    bonus_tiles: bool
    dora: bool
    example_hand: str
    default_rules: str
    presets: Callable[[], list[str]]
    find_rules: Callable[[str], Any]
    read_rules: Callable[[str, Mapping[str, str], Sequence[str]], Any]
    calculate: Callable[[Hand, Any, int | None, str], CalcParts]
    score_record: Callable[[Mapping[str, Any]], dict[str, Any]]
    document: Callable[[str | None, Any, str], Document]
    trainer: Callable[[], Variant[Any]]
    rules_key: str
    stored_rules: Callable[[Any], StoredRules]
    rules_line: Callable[[Any], str]
    result_schema: Callable[[], dict[str, Any]]


# ---- riichi --------------------------------------------------------------------------------


def _riichi_read_rules(name: str, options: Mapping[str, str], local: Sequence[str]) -> Ruleset:
    from .riichi.rules import rules_from_mapping

    data: dict[str, Any] = {"preset": name or "bareme", **dict(options)}
    if local:
        data["local_yaku"] = list(local)
    return rules_from_mapping(data)


def _riichi_stored(value: Any) -> StoredRules:
    c = value if isinstance(value, dict) else {}
    return (
        str(c.get("preset", "bareme")),
        tuple((str(k), str(v)) for k, v in c.get("options", {}).items()),
        tuple(str(x) for x in c.get("local", [])),
    )


def _riichi_presets() -> list[str]:
    from .riichi.rules import PRESETS

    return list(PRESETS)


def _riichi_find_rules(name: str) -> Ruleset:
    from .riichi.rules import find_rules

    return find_rules(name)


def _riichi_rules_line(rules: Any) -> str:
    from .riichi.rules import rules_spec

    return rules_spec(rules)


def _riichi_result_schema() -> dict[str, Any]:
    from .riichi.schema import result_schema

    return result_schema()


def _riichi_calculate(hand: Hand, q: Any, rel: int | None, lang: str) -> CalcParts:
    from .riichi.explain import explain
    from .riichi.records import result_dict
    from .riichi.score import score
    from .riichi.situation import Situation, parse_wind
    from .tiles import parse_tiles

    rules = _riichi_read_rules(q.rules, dict(q.options), q.local)
    flags = set(q.flags)
    win_flags: dict[str, Any] = {f: True for f in WIN_FLAGS if f in flags and f != "riichi"}
    sit = Situation(
        seat_wind=parse_wind(q.seat),
        round_wind=parse_wind(q.round),
        riichi="riichi" in flags or "double_riichi" in flags,
        dora_indicators=parse_tiles(q.dora),
        ura_indicators=parse_tiles(q.ura),
        honba=q.honba,
        riichi_sticks=q.sticks,
        discarder=None if hand.tsumo else rel,
        **win_flags,
    )
    s = score(hand, sit, rules)
    lines = tuple((ln.section, ln.id, str(ln.value), ln.text) for ln in explain(s, lang))
    return lines, result_dict(s), {"score": s}


def _riichi_record(rec: Mapping[str, Any]) -> dict[str, Any]:
    from .riichi.records import score_record

    return score_record(rec)


def _riichi_trainer() -> Variant[Any]:
    from .trainer.variant import RIICHI

    return RIICHI


def _riichi_document(page: str | None, rules: Any, lang: str) -> Document:
    from .riichi.documents import document

    return document(page, rules, lang)


# ---- Hong Kong -----------------------------------------------------------------------------


def _hk_read_rules(name: str, options: Mapping[str, str], local: Sequence[str]) -> HKRules:
    from .hk.rules import find_rules as find_hk_rules
    from .hk.rules import rules_from_mapping as hk_rules_from_mapping

    rules = find_hk_rules(name or "hk")
    return hk_rules_from_mapping(dict(options), base=rules) if options else rules


def _hk_presets() -> list[str]:
    from .hk.rules import hk_profile_names

    return hk_profile_names()


def _hk_find_rules(name: str) -> HKRules:
    from .hk.rules import find_rules

    return find_rules(name)


def _hk_stored(value: Any) -> StoredRules:
    return (str("hk" if value is None else value), (), ())


def _hk_result_schema() -> dict[str, Any]:
    from .hk.schema import result_schema

    return result_schema()


def _hk_section(line_id: str) -> str:
    if line_id == "arrangement":
        return "hand"
    if line_id.startswith("excluded:"):
        return "excluded"
    if line_id.startswith("pay:") or line_id == "liable":
        return "payment"
    if line_id == "payments":
        return "net"
    if line_id in (
        "limit",
        "limit_stack",
        "raw_fan",
        "cap",
        "payment_cap",
        "qualifying_fan",
        "below_minimum",
    ):
        return "total"
    return "fan"


def _hk_calculate(hand: Hand, q: Any, rel: int | None, lang: str) -> CalcParts:
    from .hk.explain import explain as explain_hk
    from .hk.records import result_dict
    from .hk.score import score as score_hk
    from .hk.situation import HKSituation
    from .tiles import parse_tiles

    rules = _hk_read_rules(q.rules, dict(q.options), q.local)
    seat = _WINDS.index(q.seat)
    sit = HKSituation.of(
        seat=seat,
        round_wind=_WINDS.index(q.round),
        flowers=parse_tiles(q.flowers),
        discarder=None if rel is None or hand.tsumo else (seat + rel) % 4,
        **{f: True for f in q.flags},
    )
    hk = score_hk(hand, sit, rules)
    lines = tuple(
        (_hk_section(ln.id), ln.id, "" if ln.value is None else str(ln.value), ln.text)
        for ln in explain_hk(hk, lang)
    )
    return lines, result_dict(hk), {"hk_score": hk}


def _hk_record(rec: Mapping[str, Any]) -> dict[str, Any]:
    from .hk.records import score_record as score_hk_record

    return score_hk_record(rec)


def _hk_trainer() -> Variant[Any]:
    from .trainer.variant import HONG_KONG

    return HONG_KONG


def _hk_document(page: str | None, rules: Any, lang: str) -> Document:
    from .hk.documents import document

    return document(page, rules, lang)


# ---- the registry --------------------------------------------------------------------------

VARIANTS: dict[str, VariantEntry] = {
    "riichi": VariantEntry(
        name="riichi",
        flags=WIN_FLAGS,
        bonus_tiles=False,
        dora=True,
        example_hand="234m678p45667s88s ron 5s",
        default_rules="bareme",
        presets=_riichi_presets,
        find_rules=_riichi_find_rules,
        read_rules=_riichi_read_rules,
        calculate=_riichi_calculate,
        score_record=_riichi_record,
        document=_riichi_document,
        trainer=_riichi_trainer,
        rules_key="rules",
        stored_rules=_riichi_stored,
        rules_line=_riichi_rules_line,
        result_schema=_riichi_result_schema,
    ),
    "hk": VariantEntry(
        name="hk",
        flags=HK_WIN_FLAGS,
        bonus_tiles=True,
        dora=False,
        example_hand="123m456p789s1122z tsumo 2z",
        default_rules="hk",
        presets=_hk_presets,
        find_rules=_hk_find_rules,
        read_rules=_hk_read_rules,
        calculate=_hk_calculate,
        score_record=_hk_record,
        document=_hk_document,
        trainer=_hk_trainer,
        rules_key="hk_rules",
        stored_rules=_hk_stored,
        rules_line=lambda rules: str(rules.name),
        result_schema=_hk_result_schema,
    ),
}
"""Every variant by name, in the order front ends list them."""

DEFAULT_VARIANT = next(iter(VARIANTS))
"""The variant of a record or a request that names none: the first of :data:`VARIANTS`."""


def variant_names() -> tuple[str, ...]:
    """The variants' names, e.g. for a ``--variant`` option's choices."""
    return tuple(VARIANTS)


def find_variant(name: str) -> VariantEntry:
    """Gets the variant called *name* (``riichi`` or ``hk``).

    :raises RulesError: naming the variants known.
    """
    v = VARIANTS.get(name)
    if v is None:
        raise RulesError.of(
            msg("errors.render.unknown_variant", name=name, known=" or ".join(VARIANTS))
        )
    return v


def find_trainer(name: str) -> Variant[Any]:
    """Gets the trainer's variant called *name* (``riichi``, ``hk``; ``hong-kong`` is ``hk``).

    :raises DealError: for a variant the trainer does not drill.
    """
    from .trainer.dealing import DealError

    key = name.strip().lower().replace("_", "-")
    v = VARIANTS.get({"hong-kong": "hk", "hongkong": "hk"}.get(key, key))
    if v is None:
        raise DealError.of(
            msg("errors.render.trainer_variant", known=", ".join(VARIANTS), name=name)
        )
    return v.trainer()
