"""The yaku catalogue (``tenpai yaku``, the web's local yaku page, the schema's yaku ids):
every standard yaku, nagashi mangan and every local yaku as JSON-ready entries, their values as
text, under a ruleset or as written in their rows (riichi.md §5, local-yaku.md §2)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from .local import LOCAL_YAKU
from .local_options import Variant
from .names import EMA_NAMES
from .rules import Ruleset
from .table import active_yaku
from .yaku import YAKU_BY_ID, Yaku

__all__ = ["local_yaku_label", "value_text", "value_words", "yaku_catalogue"]


def value_text(row: Yaku) -> str:
    """Writes the value of a yaku row, closed / open: ``2 / 1`` (han), ``– / mangan`` (a
    limit floor), ``fixed mangan / –``, ``1 / 1 han, mangan floor``, ``yakuman ×2``...

    >>> from tenpai.riichi.local import local_yaku_row
    >>> value_text(local_yaku_row("kyandonhou")), value_text(local_yaku_row("kinkei_dokuritsu"))
    ('2 / –', '– / mangan')
    >>> value_text(local_yaku_row("chousuushi")), value_text(local_yaku_row("daichisei"))
    ('yakuman ×4', 'yakuman ×2 (closed)')
    """
    values = (row.closed, row.open)
    if row.yakuman:
        mult = max(v for v in values if v is not None)
        text = f"yakuman ×{mult}" if mult > 1 else "yakuman"
        return text + (" (closed)" if row.open is None else "")
    han = " / ".join("–" if v is None else str(v) for v in values)
    if row.limit is None:
        return han
    if any(v for v in values):
        return f"{han} han, {row.limit} floor"
    fixed = "fixed " if row.fixed else ""
    return " / ".join("–" if v is None else fixed + row.limit for v in values)


# The words of a value in French (value_text writes English): pattern -> French.
_VALUE_FR: tuple[tuple[str, str], ...] = (
    (r"\bfixed (\w+)", r"\1 fixe"),
    (r"\b(\w+) floor\b", r"\1 au moins"),
    (r" \(closed\)", " (main fermée)"),
    (r"^not played under (.*)$", r"non joué en \1"),
    (r"\bas a tsumo\b", "comme un tsumo"),
    (r"\ba win\b", "à la victoire"),
    (r"\bat the draw\b", "à la partie nulle"),
)


def value_words(text: str, lang: str = "en") -> str:
    """Writes a value of :func:`value_text` in *lang* (``fr`` or English).

    >>> value_words("yakuman ×2 (closed)", "fr"), value_words("fixed mangan / –", "fr")
    ('yakuman ×2 (main fermée)', 'mangan fixe / –')
    """
    if lang != "fr":
        return text
    for pattern, words in _VALUE_FR:
        text = re.sub(pattern, words, text)
    return text


def local_yaku_label(entry: Mapping[str, Any], lang: str = "en") -> str:
    """Names a catalogue entry once in *lang* (``fr`` or English): the name, with the romaji
    when the name is a translation, or the French gloss when the name is the romaji.

    >>> e = {"romaji": "Tsubame gaeshi", "en": "Swallow reversal", "fr": "Tsubame gaeshi",
    ...      "fr_gloss": "retour de l’hirondelle"}
    >>> local_yaku_label(e, "fr"), local_yaku_label(e, "en")
    ('Tsubame gaeshi (retour de l’hirondelle)', 'Swallow reversal (Tsubame gaeshi)')
    """
    name, romaji = str(entry["fr" if lang == "fr" else "en"]), str(entry["romaji"])
    if name != romaji:
        return f"{name} ({romaji})"
    gloss = entry.get("fr_gloss") if lang == "fr" else None
    return f"{name} ({gloss})" if gloss else name


def _kind_of(row: Yaku, game_state: bool) -> str:
    if game_state:
        return "game_state"
    if row.yakuman:
        return "yakuman"
    if row.limit is not None:
        return "fixed_limit" if row.fixed else "limit"
    return "han"


_NAGASHI = Yaku(
    "nagashi_mangan",
    0,
    0,
    lambda f: False,
    romaji="Nagashi mangan",
    kanji="流し満貫",
    en="Mangan at the draw",
    fr="Nagashi mangan",
    fr_gloss="mangan des écarts",
    fr_desc="À l’épuisement du mur, tous ses écarts terminales ou honneurs, aucun appelé : un "
    "mangan payé comme un tsumo.",
    en_desc="At the exhaustive draw, every discard a terminal or honour, none called: a mangan "
    "paid as a tsumo.",
    limit="mangan",
    fixed=True,
)
"""Nagashi mangan as the catalogue lists it (riichi.md §10): a fixed mangan paid at the draw,
not a hand, priced by :func:`tenpai.riichi.nagashi.score_nagashi`."""


def _value_under(row: Yaku, rules: Ruleset, active: Mapping[str, Yaku]) -> str:
    """Writes the value of *row* as *rules* play it (*active*: their rows by id)."""
    off = f"not played under {rules.name!r}"
    if row.id == "renhou":
        if rules.renhou == "off":
            return off
        if rules.renhou in ("mangan", "baiman"):
            return f"{rules.renhou} floor / –"
        return value_text(active.get("renhou", row))
    if row.id == "nagashi_mangan":
        if rules.nagashi_mangan == "off":
            return off
        when = "a win" if rules.nagashi_mangan == "win" else "at the draw"
        closed = " (closed)" if rules.nagashi_requires_closed else ""
        return f"fixed mangan, as a tsumo, {when}{closed}"
    got = active.get(row.id)
    if got is None:
        return off
    if got.yakuman and got.id in rules.double_yakuman:
        return value_text(got).replace("yakuman", "yakuman ×2", 1)
    if got.id == "tanyao" and not rules.kuitan:
        got = dataclasses.replace(got, open=None)
    return value_text(got)


def yaku_catalogue(
    *, local_only: bool = False, rules: Ruleset | None = None
) -> list[dict[str, Any]]:
    """Lists every standard yaku (riichi.md §5) and nagashi mangan, then every local yaku
    (index order) as JSON-ready entries: id, names, kind of value, closed/open values,
    limit, the value as text, the descriptions and the variants (with their defaults).

    With *rules*, the values are those *rules* play (gates, renhou, double yakuman, the
    variants of the local yaku they enable); else every row's own value.

    >>> [e["id"] for e in yaku_catalogue(local_only=True)][:3]
    ['tsubame_gaeshi', 'shiiaru_raotai', 'kanburi']
    >>> from tenpai.riichi import find_rules
    >>> [e["value"] for e in yaku_catalogue(rules=find_rules("ema")) if e["id"] == "renhou"]
    ['mangan floor / –']
    """
    rows: list[tuple[Yaku, tuple[Variant, ...], bool, bool]] = []
    if not local_only:
        rows.extend((y, (), False, False) for y in YAKU_BY_ID.values())
        rows.append((_NAGASHI, (), False, True))
    rows.extend((ly.row, ly.variants, True, ly.game_state) for ly in LOCAL_YAKU)
    active: dict[str, Yaku] = {}
    if rules is not None:
        for y in reversed(active_yaku(rules)):  # of rows sharing an id, the first one
            active[y.id] = y

    def value(y: Yaku, local: bool) -> str:
        if rules is None:
            return value_text(y)
        if local and y.id not in rules.local_yaku:
            return f"not enabled under {rules.name!r}: {value_text(y)}"
        return _value_under(y, rules, active)

    return [
        {
            "id": y.id,
            "local": local,
            "romaji": y.romaji,
            "kanji": y.kanji,
            "en": y.en,
            "fr": y.fr,
            "fr_gloss": y.fr_gloss,
            "ema": list(EMA_NAMES.get(y.id, ())) if not local else [],
            "kind": _kind_of(y, game),
            "closed": y.closed,
            "open": y.open,
            "limit": y.limit,
            "value": value(y, local),
            "description": {"en": y.en_desc, "fr": y.fr_desc},
            "variants": [
                {
                    "name": v.name,
                    "values": list(v.values),
                    "default": v.default,
                    "en": v.en,
                    "fr": v.fr,
                }
                for v in variants
            ],
        }
        for y, variants, local, game in rows
    ]
