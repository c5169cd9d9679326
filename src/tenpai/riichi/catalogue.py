"""The yaku catalogue (``tenpai yaku``, the web's local yaku page, the schema's yaku ids):
every standard yaku, nagashi mangan and every local yaku as JSON-ready entries, their values as
text, under a ruleset or as written in their rows (EMA rules; riichi wiki, Local yaku)."""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Mapping
from functools import cache

from ..i18n import LANGS, tr
from .local import LOCAL_IDS, LOCAL_YAKU
from .local_options import Variant
from .names import EMA_NAMES
from .rules import Ruleset
from .table import active_yaku
from .words import (
    limit_word,
    variant_description,
    variant_label,
    variant_value,
    yaku_answers,
    yaku_description,
    yaku_gloss,
    yaku_label,
    yaku_name,
)
from .yaku import STANDARD_YAKU, YAKU_BY_ID, Yaku

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "local_yaku_label",
    "value_text",
    "value_words",
    "yaku_catalogue",
    "yaku_of_answer",
]


def value_text(row: Yaku, lang: str = "en") -> str:
    """Writes the value of a yaku row, closed / open, in *lang*: ``2 / 1`` (han), ``– / mangan``
    (a limit floor), ``fixed mangan / –``, ``1 / 1 han, mangan floor``, ``yakuman ×2``...

    >>> from tenpai.riichi.local import local_yaku_row
    >>> value_text(local_yaku_row("kyandonhou")), value_text(local_yaku_row("kinkei_dokuritsu"))
    ('2 / –', '– / mangan')
    >>> value_text(local_yaku_row("chousuushi")), value_text(local_yaku_row("daichisei"))
    ('yakuman ×4', 'yakuman ×2 (closed)')
    >>> value_text(local_yaku_row("daichisei"), "ja"), value_text(local_yaku_row("tanron"), "fr")
    ('役満×2（門前のみ）', '3 / –')
    """
    values = (row.closed, row.open)
    if row.yakuman:
        mult = max(v for v in values if v is not None)
        word = limit_word("yakuman", lang)
        text = tr("yaku.value.multiple", lang, limit=word, n=mult) if mult > 1 else word
        return tr("yaku.value.closed", lang, value=text) if row.open is None else text
    han = " / ".join("–" if v is None else str(v) for v in values)
    if row.limit is None:
        return han
    limit = limit_word(row.limit, lang)
    if any(v for v in values):
        return tr("yaku.value.han_floor", lang, han=han, limit=limit)
    fixed = tr("yaku.value.fixed", lang, limit=limit) if row.fixed else limit
    return " / ".join("–" if v is None else fixed for v in values)


def _template(key: str) -> re.Pattern[str]:
    # the English text of a value template as a pattern, each placeholder a named group
    parts = re.split(r"\{(\w+)\}", tr(key, "en"))
    out = []
    for i, part in enumerate(parts):
        out.append(re.escape(part) if i % 2 == 0 else f"(?P<{part}>{_GROUPS[part]})")
    return re.compile("".join(out))


_GROUPS = {
    "limit": r"[a-z]+",
    "rules": r"'[^']*'",
    "value": r".+",
    "when": r".+",
    "n": r"[0-9]+",
    "han": r"[–0-9 /]+?",
}
# English value fragments, read back in the order that peels them (outermost first)
_FRAGMENTS = (
    "yaku.value.not_enabled",
    "yaku.value.not_played",
    "yaku.value.closed",
    "yaku.value.nagashi",
    "yaku.value.nagashi_win",
    "yaku.value.nagashi_draw",
    "yaku.value.han_floor",
    "yaku.value.fixed",
    "yaku.value.floor",
    "yaku.value.multiple",
)


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((key, _template(key)) for key in _FRAGMENTS)


def value_words(text: str, lang: str = "en") -> str:
    """Writes a value of :func:`value_text` (English) in *lang*, fragment by fragment.

    >>> value_words("yakuman ×2 (closed)", "fr"), value_words("fixed mangan / –", "fr")
    ('yakuman ×2 (main fermée)', 'mangan fixe / –')
    >>> value_words("not played under 'ema'", "ja"), value_words("– / mangan", "zh-Hant")
    ("'ema' では採用なし", '– / 滿貫')
    """
    if lang == "en":
        return text
    for key, pattern in _patterns():

        def words(m: re.Match[str], key: str = key) -> str:
            found = m.groupdict()
            for part in ("value", "when"):
                if part in found:
                    found[part] = value_words(found[part], lang)
            if "limit" in found:
                found["limit"] = limit_word(found["limit"], lang)
            return tr(key, lang, **found)

        text = pattern.sub(words, text)
    return _LIMIT.sub(lambda m: limit_word(m[1], lang), text)


_LIMIT = re.compile(r"\b(mangan|haneman|baiman|sanbaiman|yakuman)\b")


def local_yaku_label(entry: Mapping[str, Any], lang: str = "en") -> str:
    """Names a catalogue entry once in *lang*: the name, with the romaji when the name is a
    translation, or the French gloss when the name is the romaji (the kana reading in
    Japanese; :func:`tenpai.riichi.words.yaku_label`).

    >>> e = {"romaji": "Tsubame gaeshi", "en": "Swallow reversal", "fr": "Tsubame gaeshi",
    ...      "fr_gloss": "retour de l’hirondelle"}
    >>> local_yaku_label(e, "fr"), local_yaku_label(e, "en")
    ('Tsubame gaeshi (retour de l’hirondelle)', 'Swallow reversal (Tsubame gaeshi)')
    >>> local_yaku_label({"id": "kanburi"}, "ja")
    '槓振り（カンブリ）'
    """
    if "id" in entry:
        return yaku_label(str(entry["id"]), lang)
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


_NAGASHI = Yaku("nagashi_mangan", 0, 0, lambda f: False, limit="mangan", fixed=True)
"""Nagashi mangan as the catalogue lists it (EMA rules, 2012): a fixed mangan paid at the draw,
not a hand, priced by :func:`tenpai.riichi.nagashi.score_nagashi`."""


def _value_under(row: Yaku, rules: Ruleset, active: Mapping[str, Yaku], lang: str) -> str:
    """Writes the value of *row* as *rules* play it (*active*: their rows by id), in *lang*."""
    off = tr("yaku.value.not_played", lang, rules=repr(rules.name))
    if row.id == "renhou":
        if rules.renhou == "off":
            return off
        if rules.renhou in ("mangan", "baiman"):
            return tr("yaku.value.floor", lang, limit=limit_word(rules.renhou, lang)) + " / –"
        return value_text(active.get("renhou", row), lang)
    if row.id == "nagashi_mangan":
        if rules.nagashi_mangan == "off":
            return off
        when = "yaku.value.nagashi_" + ("win" if rules.nagashi_mangan == "win" else "draw")
        fixed = tr("yaku.value.fixed", lang, limit=limit_word("mangan", lang))
        text = tr("yaku.value.nagashi", lang, value=fixed, when=tr(when, lang))
        return tr("yaku.value.closed", lang, value=text) if rules.nagashi_requires_closed else text
    got = active.get(row.id)
    if got is None:
        return off
    if got.yakuman and got.id in rules.double_yakuman:
        got = dataclasses.replace(
            got,
            closed=None if got.closed is None else 2 * got.closed,
            open=None if got.open is None else 2 * got.open,
        )
    if got.id == "tanyao" and not rules.kuitan:
        got = dataclasses.replace(got, open=None)
    return value_text(got, lang)


def yaku_catalogue(
    *, local_only: bool = False, rules: Ruleset | None = None, lang: str = "en"
) -> list[dict[str, Any]]:
    """Lists every standard yaku (EMA rules) and nagashi mangan, then every local yaku
    (index order) as JSON-ready entries: id, names, kind of value, closed/open values,
    limit, the value as text (in *lang*), the names, glosses and descriptions in every
    shipped language, and the variants (with their defaults, labels and value words).

    With *rules*, the values are those *rules* play (gates, renhou, double yakuman, the
    variants of the local yaku they enable); else every row's own value.

    >>> [e["id"] for e in yaku_catalogue(local_only=True)][:3]
    ['tsubame_gaeshi', 'shiiaru_raotai', 'kanburi']
    >>> from tenpai.riichi import find_rules
    >>> [e["value"] for e in yaku_catalogue(rules=find_rules("ema")) if e["id"] == "renhou"]
    ['mangan floor / –']
    >>> [e["value"] for e in yaku_catalogue(rules=find_rules("ema"), lang="ja")
    ...  if e["id"] == "renhou"]
    ['満貫以上 / –']
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
            return value_text(y, lang)
        if local and y.id not in rules.local_yaku:
            own = value_text(y, lang)
            return tr("yaku.value.not_enabled", lang, rules=repr(rules.name), value=own)
        return _value_under(y, rules, active, lang)

    def variant(y: Yaku, v: Variant) -> dict[str, Any]:
        return {
            "name": v.name,
            "values": list(v.values),
            "default": v.default,
            "en": variant_description(y.id, v.name, "en"),
            "fr": variant_description(y.id, v.name, "fr"),
            "label": {la: variant_label(y.id, v.name, la) for la in LANGS},
            "description": {la: variant_description(y.id, v.name, la) for la in LANGS},
            "words": {
                str(x): {la: variant_value(y.id, v.name, x, la) for la in LANGS} for x in v.values
            },
        }

    return [
        {
            "id": y.id,
            "local": local,
            "romaji": y.romaji,
            "kanji": y.kanji,
            "en": y.en,
            "fr": y.fr,
            "fr_gloss": y.fr_gloss,
            "names": {la: yaku_name(y.id, la) for la in LANGS},
            "glosses": {la: yaku_gloss(y.id, la) for la in LANGS},
            "ema": list(EMA_NAMES.get(y.id, ())) if not local else [],
            "kind": _kind_of(y, game),
            "closed": y.closed,
            "open": y.open,
            "limit": y.limit,
            "value": value(y, local),
            "description": {la: yaku_description(y.id, la) for la in LANGS},
            "variants": [variant(y, v) for v in variants],
        }
        for y, variants, local, game in rows
    ]


def _norm(text: str) -> str:
    # NFKC reads full-width digits and letters as ASCII (１３面 = 13面); case and spacing ignored
    return " ".join(unicodedata.normalize("NFKC", text).split()).casefold()


@cache
def _answers() -> dict[str, str | None]:
    found: dict[str, str | None] = {}
    ids = (*(y.id for y in STANDARD_YAKU), "nagashi_mangan", *LOCAL_IDS)
    for yaku_id in dict.fromkeys(ids):
        for n in yaku_answers(yaku_id):
            key = _norm(n)
            # a name two yaku share names neither
            found[key] = yaku_id if found.get(key, yaku_id) == yaku_id else None
    return found


def yaku_of_answer(text: str) -> str | None:
    """Gets the id of the yaku a name names in any shipped language (romaji, French,
    English, kanji, kana, Traditional Chinese), or None when it names none or several (the
    table of :func:`tenpai.riichi.words.yaku_answers` for every standard and local yaku).

    >>> yaku_of_answer("リーチ"), yaku_of_answer("門前清自摸和"), yaku_of_answer("国士無双13面")
    ('riichi', 'menzen_tsumo', 'kokushi_13')
    """
    return _answers().get(_norm(text))
