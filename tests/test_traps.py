"""The traps of issue 14 stay closed: rows hold no words (the catalogue does), an error's
type is its class, a ruleset cannot hold an unchecked value however it is changed."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import re

import pytest

from tenpai import errors
from tenpai.batch import error_result
from tenpai.riichi import Ruleset, find_rules
from tenpai.riichi.local import _row
from tenpai.riichi.yaku import STANDARD_YAKU, Yaku, _y


def _never(_f: object) -> bool:
    return False


WORDS = ("Romaji", "漢字", "English", "français", "glose", "description", "description fr")


@pytest.mark.parametrize("build", [_y, _row])
def test_row_words_are_keywords(build: object) -> None:
    with pytest.raises(TypeError):
        build("x", 1, None, _never, *WORDS)  # type: ignore[operator]


def test_yaku_words_are_keywords() -> None:
    with pytest.raises(TypeError):
        Yaku("x", 1, None, _never, *WORDS[:3], "fr", *WORDS[4:])  # type: ignore[misc]


@pytest.mark.parametrize("build", [_y, _row])
def test_rows_take_no_words(build: object) -> None:
    # a row's words are catalogue entries keyed by its id (docs/translating.md), so that no
    # row can hold a description in the wrong language
    with pytest.raises(TypeError):
        build("x", 1, None, _never, en_desc="in English", fr_desc="en français")  # type: ignore[operator]


def test_rows_read_each_description_in_its_language() -> None:
    # a real row: riichi (EMA rules) is described in English as a declared closed hand
    riichi = next(y for y in STANDARD_YAKU if y.id == "riichi")
    assert "riichi declared" in riichi.en_desc and "riichi déclaré" in riichi.fr_desc
    assert riichi.kanji == "立直"


@pytest.mark.parametrize(
    ("error", "name"),
    [
        (errors.NotationError("unknown tile '8z'", "123m8z", 3, 5), "NotationError"),
        (errors.RulesError("unknown ruleset 'x'"), "RulesError"),
        (errors.NoYaku("no yaku"), "NoYaku"),
    ],
)
def test_an_errors_type_is_its_class(error: errors.TenpaiError, name: str) -> None:
    assert error_result(error, "a")["error"]["type"] == name


def test_no_error_class_repeats_its_name() -> None:
    # an error's type is its class's name: no class carries a `kind` that repeats it
    classes = [
        v for v in vars(errors).values() if isinstance(v, type) and issubclass(v, ValueError)
    ]
    assert len(classes) == 9  # TenpaiError and its eight kinds
    # the one `kind` left is TenpaiError's deprecated shim (docs/api/deprecations.rst): it
    # derives the name from the class and warns; no class sets a kind of its own
    assert [c for c in classes if "kind" in vars(c)] == [errors.TenpaiError]
    assert type(vars(errors.TenpaiError)["kind"]).__name__ == "_DeprecatedKind"
    assert not re.search(r"kind = ['\"]", inspect.getsource(errors))


@pytest.mark.parametrize(
    "change",
    [
        {"kiriage": "yes"},  # a text with_options would convert: not a checked value
        {"aka": 7},  # red fives: 0, 3 or 4
        {"double_yakuman": {"kokushi_13"}},  # a set, not a frozenset
        {"double_yakuman": frozenset({"kokushi"})},  # not a double yakuman id
        {"local_yaku": frozenset({"no_such_yaku"})},
        {"local_yaku": frozenset({"pouhoi_paarenchan"})},  # needs paarenchan
        {"local_options": (("tanron.tanron_han", 9),)},  # 2, 3 or 4
        {"name": 3},
    ],
)
def test_an_invalid_replace_raises(change: dict[str, object]) -> None:
    rules = find_rules("tenhou")
    with pytest.raises(errors.RulesError):
        dataclasses.replace(rules, **change)  # type: ignore[arg-type]
    with pytest.raises(errors.RulesError):
        Ruleset(**change)  # type: ignore[arg-type]


def test_a_valid_replace_is_kept() -> None:
    rules = dataclasses.replace(find_rules("tenhou"), kiriage=True, aka=0)
    assert (rules.kiriage, rules.aka, rules.name) == (True, 0, "tenhou")
    assert copy.copy(rules) == rules
