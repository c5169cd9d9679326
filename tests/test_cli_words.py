"""argparse's own words in the reader's language: the usage line, the group titles, the help of
``-h`` and every refusal argparse writes before a command runs (an unknown command or option, a
missing or bad argument), and the examples under each command's help, from the ``ui``
catalogue (docs/translating.md)."""

from __future__ import annotations

import argparse
import ast
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lang_scan import foreign_words
from tenpai import cli
from tenpai.i18n import LANGS, ntr, tr
from test_cli_help_pinned import CASES, run

# The messages argparse raises only for a mistake in the program that builds the parser (no
# argument a user types can cause them): they stay argparse's English.
PROGRAM_ERRORS = frozenset(
    {
        ".__call__() not defined",
        "conflicting subparser: %s",
        "conflicting subparser alias: %s",
        'argument "-" with mode %r',
        "cannot merge actions - two groups are named %r",
        "'required' is an invalid argument for positionals",
        "invalid option string %(option)r: must start with a character %(prefix_chars)r",
        "dest= is required for options like %r",
        "invalid conflict_resolution value: %r",
        "mutually exclusive arguments must be optional",
        "cannot have multiple subparser arguments",
        "%r is not callable",
        "subcommands",  # the title of a subcommand group given no title (each of ours has one)
    }
)
_FORMAT = re.compile(r"%(?:\([a-z_]+\))?[sr]")


def _argparse_messages() -> set[str]:
    """The message ids argparse asks gettext for (its ``_('...')`` calls)."""
    tree = ast.parse(inspect.getsource(argparse))
    out = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "_"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            out.add(node.args[0].value)
    return out


def test_every_message_argparse_writes_to_a_user_is_in_the_catalogue() -> None:
    asked = _argparse_messages()
    assert "invalid choice: %(value)r (choose from %(choices)s)" in asked  # the parse worked
    assert asked - PROGRAM_ERRORS - set(cli._ARGPARSE_WORDS) == set()


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_fills_the_placeholders_argparse_fills(lang: str) -> None:
    # argparse fills its words with %: a translation takes the same %-placeholders, no other
    for message, key in cli._ARGPARSE_WORDS.items():
        text = tr(f"ui.help.argparse.{key}", lang)
        assert text != f"ui.help.argparse.{key}", key
        want = _FORMAT.findall(message.replace("%%", ""))
        assert sorted(_FORMAT.findall(text)) == sorted(want), (lang, key, text)
        named = {k: "<x>" for k in re.findall(r"%\(([a-z_]+)\)", message)}
        if want:
            assert "<x>" in text % (named or "<x>")
    for n in (1, 2, 5):
        assert ntr("ui.help.argparse.expected_n", n, lang) % n != ""


def _said(argv: tuple[str, ...], lang: str) -> str:
    """What ``tenpai ARGV --lang LANG`` printed, the user's own words and the command
    line's notation left out: option names, metavars (upper case), the choices shown in
    braces, quoted values and the example command lines (what a user types is the same in
    every language; their comments are not left out)."""
    text = run(argv, lang).split("\n", 2)[2].replace("[stderr]\n", "")
    for word in argv:
        text = text.replace(word, " ")
    return _strip_code(text)


def _names(parser: argparse.ArgumentParser) -> set[str]:
    """The names argparse shows as they are typed: the commands and the positional arguments
    that have no metavar (``argument action: ...``)."""
    out = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                out |= {name} | _names(sub)
        elif not action.option_strings and action.metavar is None:
            out.add(action.dest)
    return out


# Typed alike in every language
COMMAND_NAMES = frozenset(_names(cli.build_parser()))


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_help_and_refusals_say_no_english_word(lang: str) -> None:
    found: dict[str, str] = {}
    for argv in CASES:
        if not argv or argv[0] == "--":  # no --lang: the environment's language
            continue
        for w in foreign_words(_said(argv, lang), lang, COMMAND_NAMES):
            found.setdefault(w, " ".join(argv))
    assert found == {}


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("score", "--kita", "two", "--lang", "fr"), ("usage :", "erreur :", "valeur invalide")),
        (("nosuch", "--lang", "fr"), ("erreur :", "choix invalide : 'nosuch' (au choix : ")),
        (("game", "result", "--lang", "ja"), ("使い方:", "エラー:", "次の引数が必要です: SCORE")),
        (("waits", "1m", "2m", "--lang", "ja"), ("認識できない引数: 2m",)),
        (("shanten", "--visible", "--lang", "zh-Hant"), ("用法:", "錯誤：", "需要一個值")),
    ],
)
def test_the_tenpai_command_refuses_in_the_language(
    argv: tuple[str, ...], words: tuple[str, ...]
) -> None:
    tenpai = Path(sys.executable).with_name("tenpai")
    r = subprocess.run(
        [str(tenpai), *argv], capture_output=True, text=True, timeout=60, check=False
    )
    assert r.returncode == 2
    assert r.stdout == ""
    for w in words:
        assert w in r.stderr, (w, r.stderr)
    lang = argv[-1]
    if lang in ("fr", "ja"):
        said = _strip_code(r.stderr.replace(argv[0], " "))
        assert foreign_words(said, lang, COMMAND_NAMES) == []


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_the_tenpai_command_helps_in_the_language(lang: str) -> None:
    tenpai = Path(sys.executable).with_name("tenpai")
    r = subprocess.run(
        [str(tenpai), "train", "--help", "--lang", lang],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={"COLUMNS": "100", "PATH": "/usr/bin:/bin"},
    )
    assert r.returncode == 0
    heads = {"fr": ("usage :", "exemples :", "réponses :"), "ja": ("使い方:", "例:", "答え方:")}
    for w in heads[lang]:
        assert w in r.stdout, w
    assert foreign_words(_strip_code(r.stdout), lang, COMMAND_NAMES) == []


def _strip_code(text: str) -> str:
    text = re.sub(r"^\s+tenpai [^#\n]*", " ", text, flags=re.M)
    text = re.sub(r"--?[A-Za-z][\w-]*|\{[^}]*\}|'[^']*'|\"[^\"]*\"", " ", text)
    return re.sub(r"\b[A-Z][A-Z0-9_.:=\[\]]{2,}\b", " ", text)


def test_english_is_argparse_own() -> None:
    # English is argparse's text, word for word: the table changes no English message
    cli._HELP_LANG[0] = "en"
    for message in cli._ARGPARSE_WORDS:
        assert cli._argparse_text(message) == message
    assert cli._argparse_ntext("expected %s argument", "expected %s arguments", 2) == (
        "expected %s arguments"
    )


def test_the_environment_chooses_argparse_words_too() -> None:
    # no --lang: TENPAI_LANG (else the locale) chooses, as for the rest of the command line
    tenpai = Path(sys.executable).with_name("tenpai")
    env = {"PATH": "/usr/bin:/bin", "TENPAI_LANG": "ja"}
    r = subprocess.run(
        [str(tenpai), "nosuch"], capture_output=True, text=True, timeout=60, check=False, env=env
    )
    assert r.returncode == 2
    assert "使い方:" in r.stderr and "無効な選択: 'nosuch'" in r.stderr
    env = {"PATH": "/usr/bin:/bin", "LANG": "fr_FR.UTF-8"}
    r = subprocess.run(
        [str(tenpai), "score", "--kita", "x"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )
    assert "erreur : argument --kita : valeur invalide (nombre entier attendu) : 'x'" in r.stderr


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("fr", "tenpai : 4 lignes : 1 réussie, 2 en échec, 1 ligne vide ignorée\n"),
        ("ja", "tenpai: 4 行：成功 1、失敗 2、空行 1 をスキップ\n"),
        ("zh-Hant", "tenpai：4 行：成功 1，失敗 2，略過空行 1\n"),
        ("en", "tenpai: 4 lines: 1 ok, 2 failed, 1 blank line skipped\n"),
    ],
)
def test_a_batch_summary_is_in_the_language(lang: str, said: str) -> None:
    tenpai = Path(sys.executable).with_name("tenpai")
    r = subprocess.run(
        [str(tenpai), "waits", "--file", "-", "--lang", lang],
        input="123m456p789s1122z\n\n12\n123x\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert r.returncode == 1
    assert len(r.stdout.splitlines()) == 3
    assert r.stderr == said
    if lang in ("fr", "ja"):
        assert foreign_words(r.stderr, lang) == []


@pytest.mark.parametrize("argv", [["--lang", "fr"], ["--lang=fr"]], ids=" ".join)
def test_lang_may_come_before_the_command(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # as other command lines take their global options (git -C, docker --log-level): the
    # French card's words, « Le gagnant reçoit » (the card writes the points « 3 900 »)
    assert cli.main([*argv, "score", "234m678p45667s88s ron 5s", "--riichi", "--seat", "S"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("Le gagnant reçoit  3 900")
    # an error before the command is said in that language too
    assert cli.main([*argv, "score", "123"]) == 2
    assert "erreur" in capsys.readouterr().err
