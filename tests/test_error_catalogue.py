"""Every error a player can meet speaks the reader's language: a Tenpai error is made from the
``errors`` catalogue (``SomeError.of(msg(...))``) or another catalogue's words, not raised
with an English text written in the code. The raises not moved yet are counted by file and may
only go down; internal errors, which no input can cause, stay English (docs/translating.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import tenpai
from tenpai import errors

SRC = Path(tenpai.__file__).resolve().parent
PLAYER_ERRORS = {
    name
    for name, obj in vars(errors).items()
    if isinstance(obj, type)
    and issubclass(obj, errors.TenpaiError)
    and obj is not errors.InternalError
}
# the errors of the trainer's answers and the game layer, defined beside their readers
PLAYER_ERRORS |= {"AnswerError", "DealError", "SheetError", "LogError", "StoreError"}


def _english_raises(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
            continue
        func = node.exc.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name not in PLAYER_ERRORS or not node.exc.args:
            continue
        first = node.exc.args[0]
        if isinstance(first, ast.JoinedStr) or (
            isinstance(first, ast.Constant) and isinstance(first.value, str)
        ):
            out.append(f"{path.relative_to(SRC)}:{node.lineno}")
    return out


# Raises still written in English, by file: none is left (issue 18), and none may come back.
LEFT: dict[str, int] = {}


def test_no_player_error_is_raised_with_words_written_in_code() -> None:
    found = [where for p in sorted(SRC.rglob("*.py")) for where in _english_raises(p)]
    by_file: dict[str, list[str]] = {}
    for where in found:
        by_file.setdefault(where.rpartition(":")[0], []).append(where)
    over = {f: w for f, w in by_file.items() if len(w) > LEFT.get(f, 0)}
    assert over == {}, f"errors raised with English written in code (use the catalogue): {over}"
