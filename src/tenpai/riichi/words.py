"""The words of the yaku and of the local yaku options, from the ``yaku`` catalogue.

The rows (:mod:`tenpai.riichi.yaku`, :mod:`tenpai.riichi.local`,
:mod:`tenpai.riichi.local_options`) hold only their data; every word a player reads about
them is a catalogue entry keyed by id (``src/tenpai/locale/<lang>/LC_MESSAGES/yaku.po``,
docs/translating.md):

* ``yaku.<id>.romaji``: the romanised Japanese name, written alike in every language;
* ``yaku.<id>.name``: the name in the language (Japanese: as Tenhou writes it);
* ``yaku.<id>.gloss``: the name in plain words (fr, en), its kana reading (ja), its Japanese
  spelling (zh-Hant, zh-Hans, ko);
* ``yaku.<id>.description``: what the hand needs, in one line;
* ``yaku.<id>.answers``: the forms a player writing the language may type for it in an answer
  (the name, its variants, readings and short forms: ``門前清自摸和 | メンツモ | ツモ``),
  separated by ``|``; the standard yaku have one;
* ``yaku.<id>.option.<option>.label`` / ``.description`` / ``.<value>``: a local yaku
  option, its one-line description and the words of its named values.

>>> yaku_name("tanyao", "ja"), yaku_name("tanyao", "zh-Hant"), yaku_gloss("ippatsu", "ja")
('断幺九', '斷么九', 'イッパツ')
>>> variant_value("tanfonhou", "mode", "split", "fr")
'hontanfon et chintanfon'
"""

from __future__ import annotations

from ..i18n import LANGS, forms, has, tr

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "answer_forms",
    "explained_name",
    "limit_word",
    "variant_description",
    "variant_label",
    "variant_value",
    "yaku_answers",
    "yaku_description",
    "yaku_gloss",
    "yaku_label",
    "yaku_name",
    "yaku_romaji",
]


def yaku_romaji(yaku_id: str) -> str:
    """Gets the romanised Japanese name of a yaku (``Menzen tsumo``)."""
    return tr(f"yaku.{yaku_id}.romaji", "en")


def yaku_name(yaku_id: str, lang: str = "en") -> str:
    """Gets the name of a yaku in *lang* (``Ippatsu``, ``One-shot``, ``一発``, ``一發``)."""
    return tr(f"yaku.{yaku_id}.name", lang)


def explained_name(yaku_id: str, lang: str) -> str:
    """Gets the name a yaku has in an explanation in *lang* (the score's lines, the trainer's
    answers, the error messages): its name in that language, or its romaji where the
    catalogue's ``riichi.explain.yaku_names`` says so (English players read the romaji, as on
    the card); an id without a name stays as it is.

    >>> explained_name("ittsu", "fr"), explained_name("tsubame_gaeshi", "en")
    ('Ittsu', 'Tsubame gaeshi')
    >>> explained_name("ittsu", "ja"), explained_name("daisangen", "en")
    ('一気通貫', 'Daisangen')
    >>> explained_name("daisangen", "ja"), explained_name("daisangen", "zh-Hant")
    ('大三元', '大三元')
    """
    if not has(f"yaku.{yaku_id}.name", "en"):
        return yaku_id
    if tr("riichi.explain.yaku_names", lang) == "romaji":
        return yaku_romaji(yaku_id)
    return yaku_name(yaku_id, lang)


def yaku_gloss(yaku_id: str, lang: str = "en") -> str:
    """Gets the gloss of a yaku's name in *lang*: plain words in French and English
    (``coup immédiat``), the kana reading in Japanese (``イッパツ``), the Japanese spelling
    in Traditional Chinese (``一発``)."""
    return tr(f"yaku.{yaku_id}.gloss", lang)


def yaku_description(yaku_id: str, lang: str = "en") -> str:
    """Gets the one-line description of a yaku in *lang*."""
    return tr(f"yaku.{yaku_id}.description", lang)


def yaku_label(yaku_id: str, lang: str = "en") -> str:
    """Names a yaku once in *lang*, with what helps a reader of that language: the romaji
    after a translated name (en, fr, zh-Hant, zh-Hans), the French gloss after a romaji name,
    the kana reading after a Japanese one, the Japanese spelling after a Korean one.

    >>> yaku_label("tsubame_gaeshi", "fr"), yaku_label("tsubame_gaeshi", "en")
    ('Tsubame gaeshi (retour de l’hirondelle)', 'Swallow reversal (Tsubame gaeshi)')
    >>> yaku_label("tsubame_gaeshi", "ja"), yaku_label("tsubame_gaeshi", "zh-Hant")
    ('燕返し（ツバメガエシ）', '燕返（Tsubame gaeshi）')
    >>> yaku_label("tsubame_gaeshi", "zh-Hans"), yaku_label("tsubame_gaeshi", "ko")
    ('燕返（Tsubame gaeshi）', '츠바메가에시 (燕返し)')
    """
    name, romaji = yaku_name(yaku_id, lang), yaku_romaji(yaku_id)
    if lang == "ja":
        gloss = yaku_gloss(yaku_id, lang)
        return name if gloss == name else f"{name}（{gloss}）"
    if lang in ("zh-Hant", "zh-Hans"):
        return f"{name}（{romaji}）"
    if lang == "ko":  # the name as Korean players say it, then as Tenhou writes it
        gloss = yaku_gloss(yaku_id, lang)
        return name if gloss == name else f"{name} ({gloss})"
    if name != romaji:
        return f"{name} ({romaji})"
    return f"{name} ({yaku_gloss(yaku_id, lang)})" if lang == "fr" else name


def limit_word(limit: str, lang: str = "en") -> str:
    """Gets the word of a limit (``mangan``... ``yakuman``) in *lang* (``満貫``)."""
    key = f"yaku.limit.{limit}"
    return tr(key, lang) if has(key, "en") else limit


def variant_label(local_id: str, option: str, lang: str = "en") -> str:
    """Gets the short label of option *option* of local yaku *local_id* in *lang*."""
    return tr(f"yaku.{local_id}.option.{option}.label", lang)


def variant_description(local_id: str, option: str, lang: str = "en") -> str:
    """Gets the one-line description of option *option* of local yaku *local_id*."""
    return tr(f"yaku.{local_id}.option.{option}.description", lang)


def variant_value(local_id: str, option: str, value: Any, lang: str = "en") -> str:
    """Writes a value of a local yaku option in *lang*: named values in words, booleans as
    yes / no, numbers as they are.

    >>> variant_value("maneman", "settlement", "on_win", "ja"), variant_value("maneman", "turns", 5)
    ('真似た人の和了時', '5')
    """
    if isinstance(value, bool):
        return tr("yaku.value.yes", lang) if value else tr("yaku.value.no", lang)
    key = f"yaku.{local_id}.option.{option}.{value}"
    return tr(key, lang) if has(key, "en") else str(value)


def answer_forms(yaku_id: str, lang: str) -> tuple[str, ...]:
    """Lists the forms a player writing *lang* may type for a yaku in an answer
    (``yaku.<id>.answers``; none when the yaku has no such entry).

    >>> answer_forms("menzen_tsumo", "ja")[-2:], answer_forms("tanyao", "zh-Hant")
    (('メンツモ', 'ツモ'), ('斷么九', '斷幺九'))
    """
    return forms(f"yaku.{yaku_id}.answers", lang)


def yaku_answers(yaku_id: str) -> tuple[str, ...]:
    """Lists every name a player may type for a yaku: its romaji, and its name, gloss and
    answer forms (:func:`answer_forms`) in every shipped language (kanji and kana
    included), without repeats: what the trainer reads (``riichi/quiz.py``)."""
    names = [yaku_romaji(yaku_id)]
    for lang in LANGS:
        names += (yaku_name(yaku_id, lang), yaku_gloss(yaku_id, lang))
        names += answer_forms(yaku_id, lang)
    return tuple(dict.fromkeys(names))
