"""The command line's help and argument errors, pinned: ``tenpai --help`` lists every command
with its one-line summary, each ``tenpai CMD --help`` prints its own page, and an unknown
command or option is refused with argparse's usage and message, in each shipped language.

The expected texts in ``tests/data/cli_help/<lang>.txt`` were written by the command line as
it was before it built only the parser of the command being run (the parser of every command
was built on each run): building less must print the same pages. Since then, on purpose, the
French, Japanese and Chinese pages show argparse's refusals and the examples' comments in their
language (tests/test_cli_words.py); English is unchanged. A page changed on purpose is
rewritten with ``python tests/test_cli_help_pinned.py --write`` and its diff read before it is
committed.
"""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from tenpai.cli import main
from tenpai.i18n import LANGS, catalogue_dir

PINNED = Path(__file__).parent / "data" / "cli_help"

COMMANDS = (
    "score",
    "train",
    "stats",
    "deal",
    "shanten",
    "waits",
    "rules",
    "game",
    "yaku",
    "maneman",
    "card",
    "logs",
    "serve",
    "schema",
)
NESTED = (
    ("game", "result"),
    ("game", "sheet"),
    ("game", "rules"),
    ("logs", "extract"),
    ("logs", "verify"),
    ("logs", "stats"),
)
# Every help page, and the refusals argparse writes (unknown commands and options, missing
# and bad arguments), before a handler runs.
CASES: tuple[tuple[str, ...], ...] = (
    (),
    ("--help",),
    ("-h",),
    *((c, "--help") for c in COMMANDS),
    *((c, "-h") for c in ("score", "shanten")),
    *((a, b, "--help") for a, b in NESTED),
    ("logs",),
    ("nosuch",),
    ("scor", "123m"),
    ("Score",),
    ("--bad",),
    ("--bad", "score"),
    ("score", "--bad-option"),
    ("score", "1m", "extra", "words"),
    ("shanten", "--visible"),
    ("score", "--variant", "nosuch"),
    ("score", "--kita", "two"),
    ("rules", "nosuch"),
    ("game",),
    ("game", "nosuch"),
    ("game", "result"),
    ("logs", "nosuch"),
    ("logs", "verify"),
    ("maneman",),
    ("card", "--format", "doc"),
    ("serve", "--port", "x"),
    ("schema", "--part", "all"),
    ("--", "score"),
)


def run(argv: tuple[str, ...], lang: str) -> str:
    """Runs ``tenpai ARGV --lang LANG`` (the language first for the refusals that stop at the
    first bad argument) and writes what it printed and its exit code."""
    args = [*argv, "--lang", lang] if argv and argv[0] != "--" else [*argv]
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code: object = main(args)
        except SystemExit as e:
            code = e.code
    return f"$ tenpai {' '.join(args)}\n[exit {code}]\n{out.getvalue()}[stderr]\n{err.getvalue()}"


def pages(lang: str) -> str:
    return "\n".join(run(argv, lang) for argv in CASES)


def _pinned(lang: str) -> str:
    return (PINNED / f"{catalogue_dir(lang)}.txt").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def _same_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")  # argparse wraps the help to the terminal's width
    for var in ("TENPAI_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_and_refusal_is_the_pinned_one(lang: str) -> None:
    want = _pinned(lang).split("\n$ tenpai ")
    got = pages(lang).split("\n$ tenpai ")
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        assert g == w


def test_the_pinned_pages_cover_every_command() -> None:
    en = _pinned("en")
    for c in COMMANDS:
        assert f"$ tenpai {c} --help --lang en\n[exit 0]\nusage: tenpai {c} " in en, c
    top = en.split("$ tenpai --help --lang en\n")[1].split("[stderr]")[0]
    for c in COMMANDS:
        assert f"\n    {c} " in top, c  # the list of commands, each with its summary


if __name__ == "__main__":  # python tests/test_cli_help_pinned.py --write
    import os

    os.environ["COLUMNS"] = "100"
    for var in ("TENPAI_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        os.environ.pop(var, None)
    if sys.argv[1:] == ["--write"]:
        PINNED.mkdir(parents=True, exist_ok=True)
        for lang in LANGS:
            (PINNED / f"{catalogue_dir(lang)}.txt").write_text(pages(lang), encoding="utf-8")
