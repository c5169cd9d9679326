"""The errors of the Hong Kong wing, the riichi rules and deals, the variants and the
renderers speak French, Japanese and Traditional Chinese (catalogue ``errors``,
docs/translating.md): each quotes the user's own input and holds no English word, while
``str(error)`` stays the English message."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from lang_scan import foreign_words
from tenpai.errors import TenpaiError
from tenpai.hk import deal as hk_deal
from tenpai.hk import documents as hk_documents
from tenpai.hk import rules as hk_rules
from tenpai.hk.rules import STAKES
from tenpai.render import render
from tenpai.riichi import deal as riichi_deal
from tenpai.riichi import rules as riichi_rules
from tenpai.riichi.local_options import check_local_ids
from tenpai.variants import find_trainer, find_variant

# (what raises, the user's input as the message quotes it, the English message)
CASES: list[tuple[Callable[[], object], str, str]] = [
    (lambda: find_variant("chinois"), "'chinois'", "unknown variant 'chinois' (riichi or hk)"),
    (lambda: find_trainer("sichuan"), "'sichuan'", "the trainer drills riichi, hk (not 'sichuan')"),
    (
        lambda: render(hk_documents.document(None, None, "fr"), "docx"),
        "'docx'",
        "unknown format 'docx' (known: ",
    ),
    (
        lambda: hk_documents.document("tarifs", None, "fr"),
        "'tarifs'",
        "unknown Hong Kong page 'tarifs' (fan or payments)",
    ),
    (
        lambda: hk_rules.rules_from_mapping({"stakes": "ruineux"}),
        "'ruineux'",
        "unknown stakes preset 'ruineux' (one of ",
    ),
    (
        lambda: hk_deal.deal(1, "intermediaire", "treize_orphelins"),
        "'treize_orphelins'",
        "unknown Hong Kong focus 'treize_orphelins': any, open, closed, discard",
    ),
    (
        lambda: riichi_deal.deal(1, "intermediaire", "tsubame"),
        "'tsubame'",
        "unknown focus 'tsubame': any, fu, open, closed or a yaku id",
    ),
    (
        lambda: check_local_ids(["hirondelle"]),
        "'hirondelle'",
        "unknown local yaku 'hirondelle' (see `tenpai yaku --local-only`)",
    ),
    (
        lambda: riichi_rules.rules_from_mapping({"local_options": 3}),
        "[local_options.ID]",
        "local_options is a table: [local_options.ID] OPTION = VALUE",
    ),
    (
        lambda: riichi_rules.rules_from_mapping({"preset": 5}),
        "'preset'",
        "'preset' takes a name (see `tenpai rules`), not 5",
    ),
]


def _raised(make: Callable[[], object]) -> TenpaiError:
    with pytest.raises(TenpaiError) as caught:
        make()
    return caught.value


@pytest.mark.parametrize(("make", "quote", "english"), CASES)
def test_english_text_unchanged(make: Callable[[], object], quote: str, english: str) -> None:
    e = _raised(make)
    assert str(e).startswith(english)
    assert e.message_in("en") == str(e)


@pytest.mark.parametrize("lang", ["fr", "ja", "zh-Hant"])
@pytest.mark.parametrize(("make", "quote", "english"), CASES)
def test_translated_quotes_input(
    make: Callable[[], object], quote: str, english: str, lang: str
) -> None:
    e = _raised(make)
    text = e.message_in(lang)
    assert quote in text
    assert text != str(e)
    # the stakes presets' ids, quoted in the list of choices, are the user's own notation
    assert foreign_words(text, lang, allow=frozenset(STAKES)) == []


@pytest.mark.parametrize(
    ("content", "english"),
    [
        (b"aka = inf\n", "'aka' is inf in the rules file "),
        (b"name = '\xe9t\xe9'\n", "it is not UTF-8 (byte 0xe9 on line 1); save it as UTF-8"),
        (b"aka = [\n", "it is not valid TOML ("),
    ],
)
def test_rules_file_errors(tmp_path: object, content: bytes, english: str) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "maison.toml"
    path.write_bytes(content)
    e = _raised(lambda: riichi_rules.load_rules(path))
    assert english in str(e)
    assert "'" + str(path) + "'" in str(e)
    for lang in ("fr", "ja", "zh-Hant"):
        text = e.message_in(lang)
        assert "'" + str(path) + "'" in text
        # the TOML reader's own reason stays in its words (a parameter, not a catalogue text)
        reason = str(e.parts[0][1].get("error", ""))
        assert foreign_words(text.replace(reason, ""), lang) == []


@pytest.mark.parametrize(
    ("data", "english"),
    [
        (b"hello", "partie.txt, start: unknown log format (neither mjlog XML"),
        (b'{"log": [1,', "partie.txt, line 1, column 12: malformed JSON ("),
        (b'{"a": 1}', "not a tenhou.net/6 game (no 'log' list)"),
        (b"\x1f\x8b\x08\x00", "partie.txt: truncated gzip data"),
    ],
)
def test_log_errors(data: bytes, english: str) -> None:
    from tenpai.logs import LogError, read_log

    with pytest.raises(LogError) as caught:
        list(read_log(data, "partie.txt"))
    e = caught.value
    assert english in str(e)
    assert e.message_in("en") == str(e)
    for lang in ("fr", "ja", "zh-Hant"):
        text = e.message_in(lang)
        assert text.startswith("partie.txt")
        assert text != str(e)
        # the place (``line 1, column 12``) is still written in English: only the message is
        # checked here
        body = text.replace(e.place, "")
        assert foreign_words(body, lang) == []
