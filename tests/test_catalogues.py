"""The message catalogues: complete in every shipped language, compiled, and read right."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tenpai.i18n import LANGS, domains, find_lang, has, negotiate, ntr, tr

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import catalogues
from lang_scan import foreign_words, known_english


def test_catalogues_complete_compiled_and_consistent() -> None:
    # every id of every English catalogue translated in every language that has the domain,
    # the same placeholders, no fuzzy entry, every .mo compiled from its .po, and every id the
    # code names literally present
    assert catalogues.problems() == []


def test_every_domain_ships_every_language() -> None:
    for domain in domains():
        for lang in LANGS:
            po = catalogues.LOCALE / catalogues.LANGS[lang] / "LC_MESSAGES" / f"{domain}.po"
            assert po.exists(), f"{domain} has no {lang} catalogue"


@pytest.mark.parametrize(
    ("tag", "lang"),
    [
        ("fr", "fr"),
        ("fr-CA", "fr"),
        ("en-GB", "en"),
        ("ja", "ja"),
        ("ja-JP", "ja"),
        ("zh", "zh-Hans"),
        ("zh-CN", "zh-Hans"),
        ("zh-SG", "zh-Hans"),
        ("zh-Hans", "zh-Hans"),
        ("zh_Hans_CN", "zh-Hans"),
        ("zh-MY", "zh-Hans"),
        ("zh-HK", "zh-Hant"),
        ("zh-TW", "zh-Hant"),
        ("zh_Hant", "zh-Hant"),
        ("zh-Hant-HK", "zh-Hant"),
        ("zh-Hant-SG", "zh-Hant"),
        ("ko", "ko"),
        ("ko-KR", "ko"),
        ("ko_KR", "ko"),
        ("de", "en"),
        ("", "en"),
        ("klingon!", "en"),
    ],
)
def test_find_lang(tag: str, lang: str) -> None:
    assert find_lang(tag) == lang


def test_negotiate_follows_weights_and_falls_back_to_english() -> None:
    assert negotiate("de-DE,de;q=0.9,zh-TW;q=0.8,fr;q=0.7") == "zh-Hant"
    assert negotiate("fr;q=0.5,ja;q=0.6") == "ja"
    assert negotiate("de, it") == "en"
    assert negotiate("ja;q=0, fr;q=0.1") == "fr"
    assert negotiate("garbage;;;q=x") == "en"
    assert negotiate("zh-CN,zh;q=0.9,en;q=0.8") == "zh-Hans"
    assert negotiate("ko-KR,ko;q=0.9,en-US;q=0.8") == "ko"


def test_lookup_plural_and_fallback() -> None:
    assert tr("core.lang.ja", "ja") == "日本語"
    assert tr("core.lang.zh-Hant", "zh-HK") == "繁體中文"
    assert tr("core.lang.self.zh-Hans", "fr") == "简体中文"
    assert tr("core.lang.ko", "ko") == "한국어"
    # French plural is singular for 0 and 1 (CLDR), English for 1 only, Japanese has one form
    assert ntr("core.languages", 1, "fr", n=1) == "1 langue"
    assert ntr("core.languages", 0, "fr", n=0) == "0 langue"
    assert ntr("core.languages", 0, "en", n=0) == "0 languages"
    assert ntr("core.languages", 2, "ja", n=2) == "2 言語"
    # Korean and Chinese have a single form too
    assert ntr("core.languages", 1, "ko", n=1) == "1개 언어"
    assert ntr("core.languages", 6, "zh-Hans", n=6) == "6 种语言"
    assert has("core.lang.fr", "ja") and not has("core.no_such_id", "ja")
    # an id no catalogue has shows as itself, never an error
    assert tr("core.no_such_id", "fr") == "core.no_such_id"


def test_scan_finds_untranslated_english() -> None:
    # "French" is an English catalogue word that no French catalogue uses
    assert "french" in known_english("fr")
    assert foreign_words("<p>Langue : French</p>", "fr") == ["french"]
    assert foreign_words("<p>Langue : Français (riichi)</p>", "fr") == []


# ---- the languages added last: no entry left empty or in English ---------------------------

# Entries written alike in every language (docs/translating.md): the romanised yaku names, the
# commands of the help's examples (only their comments are words), each language's own name.
_ALIKE_IDS = re.compile(r"yaku\.[a-z0-9_]+\.romaji|ui\.help\.examples\..+|core\.lang\.self\..+")
# Names every language writes alike: the program, the API, the formats.
_PROPER = frozenset({"tenpai", "api", "json"})
# Entries a language rightly writes as English does, each with its reason.
_ALIKE = {
    # the Latin words joining two yaku in an answer (riichi.quiz.reads.and): Chinese joins
    # them with 、 or ，, which an answer reads already, and 和 would name a win
    ("zh-Hans", "riichi.quiz.reads.and"),
}
_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[a-z]|%[sr]")
_WORD = re.compile(r"[A-Za-z]{2,}")


def _entries(lang: str, domain: str) -> dict[str, list[str]]:
    from babel.messages.pofile import read_po

    path = catalogues.LOCALE / catalogues.LANGS[lang] / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as f:
        return {
            m.id if isinstance(m.id, str) else m.id[0]: list(
                m.string if isinstance(m.string, tuple) else (m.string,)
            )
            for m in read_po(f)
            if m.id
        }


def untranslated(lang: str) -> list[str]:
    """The entries of *lang* left empty, or written as the English entry is where that is
    words (not a placeholder, a number, punctuation, a proper name or an id)."""
    out = []
    for domain in domains():
        english, own = _entries("en", domain), _entries(lang, domain)
        for key, texts in english.items():
            got = own.get(key, [""])
            if not all(got):
                out.append(f"{lang} {key}: empty")
                continue
            if _ALIKE_IDS.fullmatch(key) or (lang, key) in _ALIKE:
                continue
            for en, text in zip(texts, got, strict=False):
                words = {w.lower() for w in _WORD.findall(_PLACEHOLDER.sub("", en))} - _PROPER
                if text == en and words:
                    out.append(f"{lang} {key}: English ({en!r})")
    return sorted(out)


@pytest.mark.parametrize("lang", ["zh-Hans", "ko"])
def test_the_new_languages_have_no_empty_or_english_entry(lang: str) -> None:
    assert untranslated(lang) == []


def test_the_untranslated_check_finds_english_and_empty_entries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = _entries

    def with_english(lang: str, domain: str) -> dict[str, list[str]]:
        got = real(lang, domain)
        if lang == "ko" and domain == "ui":
            got["ui.web.save"] = ["Save"]  # English left in
            got["ui.web.colon"] = [":"]  # punctuation: alike by right
            got["ui.web.nav_train"] = [""]
        return got

    monkeypatch.setattr(sys.modules[__name__], "_entries", with_english)
    assert untranslated("ko") == [
        "ko ui.web.nav_train: empty",
        "ko ui.web.save: English ('Save')",
    ]
