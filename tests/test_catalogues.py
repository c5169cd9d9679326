"""The message catalogues: complete in every shipped language, compiled, and read right."""

from __future__ import annotations

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
