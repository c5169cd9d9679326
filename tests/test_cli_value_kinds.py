"""argparse's refusal of an option's value names the kind of value in the reader's language:
the options' converters carry their kind's name from the catalogue
(``ui.help.argparse.type.int`` / ``.float``), where Python's type names (``int``) showed to
every reader. Run through the real ``tenpai`` command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lang_scan import foreign_words

TENPAI = Path(sys.executable).with_name("tenpai")


def _refusal(*argv: str) -> str:
    r = subprocess.run(
        [str(TENPAI), *argv], capture_output=True, text=True, timeout=60, check=False
    )
    assert r.returncode == 2 and r.stdout == ""
    return r.stderr.splitlines()[-1]


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "fr",
            "tenpai deal : erreur : argument --count : "
            "valeur invalide (nombre entier attendu) : 'two'",
        ),
        ("ja", "tenpai deal: エラー: 引数 --count: 整数として無効な値: 'two'"),
        ("zh-Hant", "tenpai deal：錯誤：參數 --count：整數的值無效：'two'"),
        ("en", "tenpai deal: error: argument --count: invalid int value: 'two'"),
    ],
)
def test_a_count_that_is_no_whole_number(lang: str, line: str) -> None:
    assert _refusal("deal", "--count", "two", "--lang", lang) == line


@pytest.mark.parametrize(
    ("lang", "kind"), [("fr", "(nombre attendu)"), ("ja", "数値として"), ("zh-Hant", "數字的值")]
)
def test_seconds_that_are_no_number(lang: str, kind: str) -> None:
    line = _refusal("train", "--timer", "soon", "--lang", lang)
    assert kind in line and "'soon'" in line and "float" not in line


@pytest.mark.parametrize(
    "argv",
    [
        ("score", "--honba", "deux"),
        ("score", "--sticks", "1.5"),
        ("train", "--seed", "x"),
        ("train", "--count", "many"),
        ("deal", "--seed", "s"),
        ("logs", "verify", "--workers", "all"),
        ("serve", "--port", "http"),
        ("serve", "--client-timeout", "long"),
    ],
)
@pytest.mark.parametrize("lang", ["fr", "ja", "zh-Hant"])
def test_every_number_option_names_its_kind_in_the_language(
    argv: tuple[str, ...], lang: str
) -> None:
    line = _refusal(*argv, "--lang", lang)
    assert repr(argv[-1]) in line
    assert " int " not in line and "float" not in line and " int として" not in line
    # the command's name and the user's own value are notation
    words = line.replace(repr(argv[-1]), " ").replace(argv[0], " ")
    assert foreign_words(words, lang) == []
