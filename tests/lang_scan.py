"""Finds words of another language in a page or an output meant for one language.

A "known English word" is a word of four letters or more that the English catalogues use and
the catalogues of the language under test do not: on a French or a Japanese page, such a word
means a text that was not translated. Proper terms that every language writes the same way
(riichi, Tenhou, the notation...) are in the allow-list. Used by the catalogue tests of each
domain (tests/test_catalogues.py and the page tests).
"""

from __future__ import annotations

import html
import re
from functools import cache

from babel.messages.pofile import read_po

from tenpai.i18n import LOCALE_DIR, catalogue_dir

# Written alike in every shipped language (names, the notation and its meld words, romanised
# terms used as is).
_ALLOWED = """
    tenpai riichi mahjong tenhou majsoul mahjong soul mleague jpml mpsz json jsonl html toml
    yaku yakuman dora uradora kandora akadora mangan haneman baiman sanbaiman kazoe kiriage
    honba tsumo chombo pinfu tanyao chiitoitsu kokushi kita sanma oka uma ippatsu renhou
    nagashi pao fastapi sqlite http https localhost
    ankan minkan daiminkan shouminkan kakan chii
"""
ALLOW = frozenset(_ALLOWED.split())

_TAG = re.compile(r"<(script|style|code|pre)\b.*?</\1>|<[^>]+>", re.S | re.I)
_WORD = re.compile(r"(?<![A-Za-z0-9_./-])[A-Za-z]{4,}(?![A-Za-z0-9_/-])")


@cache
def _catalogue_words(lang: str) -> frozenset[str]:
    words: set[str] = set()
    for po in (LOCALE_DIR / catalogue_dir(lang) / "LC_MESSAGES").glob("*.po"):
        with po.open("rb") as f:
            for msg in read_po(f):
                if not msg.id:
                    continue
                texts = msg.string if isinstance(msg.string, tuple) else (msg.string,)
                for t in texts:
                    words.update(w.lower() for w in _WORD.findall(t or ""))
    return frozenset(words)


def known_english(lang: str) -> frozenset[str]:
    """English words that *lang*'s catalogues never use (the words a scan looks for)."""
    return _catalogue_words("en") - _catalogue_words(lang) - ALLOW


def visible_text(page: str) -> str:
    """The text a reader sees in an HTML page: no tags, scripts, styles nor code blocks."""
    return html.unescape(_TAG.sub(" ", page))


def foreign_words(text: str, lang: str, allow: frozenset[str] = frozenset()) -> list[str]:
    """The known English words in *text*, a page or an output in *lang* (sorted, unique)."""
    known = known_english(lang) - allow
    return sorted({w.lower() for w in _WORD.findall(text)} & known)
