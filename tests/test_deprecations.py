"""A removed public name warns for one release first (docs/api/deprecations.rst): each name
of tenpai._deprecation.DEPRECATED still works as it did, warns pointing at the caller's line,
is listed on the policy page, and goes once the version reaches its removal."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import tenpai
from tenpai import Hand, Situation, score
from tenpai._deprecation import DEPRECATED
from tenpai.errors import InvalidHand, NotationError, TenpaiError
from tenpai.interchange import score_record
from tenpai.riichi.fu import fu_detail

ROOT = Path(__file__).resolve().parent.parent
POLICY = ROOT / "docs" / "api" / "deprecations.rst"
RECORD = {"closed_tiles": "234m678p455667s88s", "win_tile": "5s", "seat_wind": "S",
          "flags": {"riichi": True}}  # fmt: skip


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def test_a_deprecated_name_goes_in_the_release_its_warning_names() -> None:
    # the policy: one release with the warning; the shim must go when the version reaches
    # its removal (then remove the shim, its entry and its line of the policy page)
    for d in DEPRECATED.values():
        assert _version(d.since) <= _version(tenpai.__version__), d
        assert _version(d.removed_in) > _version(tenpai.__version__), (
            f"{d.name} was to go in {d.removed_in}: remove its shim"
        )
        assert _version(d.removed_in) > _version(d.since), d


def test_the_policy_page_lists_every_deprecated_name() -> None:
    page = POLICY.read_text(encoding="utf-8")
    for d in DEPRECATED.values():
        short = d.name.removeprefix("tenpai.records.")
        assert f"``{d.name}``" in page or f"``{short}``" in page, d.name
        assert d.removed_in in page


def _caught(action: object) -> tuple[object, list[warnings.WarningMessage]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = action()  # type: ignore[operator]
    return value, caught


def test_fu_part_detail_warns_and_gives_the_words_of_before() -> None:
    parts = score(Hand.parse("23m678p456s88s555z ron 1m"), Situation(riichi=True)).fu_parts
    for part in parts:
        value, caught = _caught(lambda part=part: part.detail)
        assert value == fu_detail(part)
        assert [w.category for w in caught] == [DeprecationWarning]
        assert caught[0].filename == __file__  # the warning points at the caller
        assert "tenpai.riichi.fu.fu_detail" in str(caught[0].message)
    # the words of before (FuPart's detail field until the parts had a rule): a concealed
    # triplet was its set and "closed", the base and the closed ron had none
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        words = [(p.id, p.detail) for p in parts]
    assert words == [("base", ""), ("closed_ron", ""), ("meld", "555z closed")]


def test_error_kind_warns_and_gives_the_class_name() -> None:
    for error in (NotationError("x", "123x", 3), InvalidHand("y"), TenpaiError("z")):
        value, caught = _caught(lambda error=error: error.kind)
        assert value == type(error).__name__
        assert [w.category for w in caught] == [DeprecationWarning]
        assert caught[0].filename == __file__
    value, caught = _caught(lambda: NotationError.kind)  # read on the class too, as before
    assert value == "NotationError"
    assert len(caught) == 1


def test_the_records_module_warns_where_it_is_imported() -> None:
    sys.modules.pop("tenpai.records", None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        import tenpai.records as module
    assert [str(w.message) for w in caught] == [
        "tenpai.records is deprecated since Tenpai 0.1.0 and goes in 0.2.0: use "
        "tenpai.interchange and tenpai.riichi.records"
    ]
    assert caught[0].filename == __file__  # the import system's frames are skipped
    names = sorted(n.removeprefix("tenpai.records.") for n in DEPRECATED if "records." in n)
    assert sorted(module.__all__) == names
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        module.nope  # noqa: B018 (the attribute is what is tested)


def test_every_old_name_of_the_records_module_still_does_its_job() -> None:
    import tenpai.interchange
    import tenpai.riichi.records

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        import tenpai.records as old

        expected = {
            "RIICHI_FIELDS": tenpai.riichi.records.FIELDS,
            "score_record": tenpai.interchange.score_record,
            "score_many": tenpai.interchange.score_many,
            "read_riichi_record": tenpai.riichi.records.read_record,
            "riichi_result": tenpai.riichi.records.result_dict,
            "score_riichi_record": tenpai.riichi.records.score_record,
        }
        for name, new in expected.items():
            assert getattr(old, name) is new, name
        # a script of before scores a record as it did: riichi, pinfu, tanyao, 3,900
        assert old.score_record(RECORD)["points"] == 3900
        assert old.score_riichi_record(RECORD)["points"] == 3900
        assert [r["points"] for r in old.score_many([RECORD])] == [3900]
        hand, sit, rules = old.read_riichi_record(RECORD)
        assert old.riichi_result(score(hand, sit, rules))["points"] == 3900
        assert old.rules_of_record({"rules": "tenhou"}).name == "tenhou"
        assert old.error_result(InvalidHand("y"))["error"]["type"] == "InvalidHand"
        assert score_record(RECORD) == old.score_record(RECORD)


def test_each_old_name_warns_with_its_new_place() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        import tenpai.records as old
    for name, d in DEPRECATED.items():
        if not name.startswith("tenpai.records."):
            continue
        _, caught = _caught(lambda d=d: getattr(old, d.name.rpartition(".")[2]))
        assert [str(w.message) for w in caught] == [
            f"{d.name} is deprecated since Tenpai 0.1.0 and goes in 0.2.0: use {d.instead}"
        ]


def test_the_warnings_are_off_for_users_of_the_current_names() -> None:
    # what Tenpai itself runs never touches a deprecated name: a command with every warning
    # turned into an error still scores (the shims are for old scripts only)
    run = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-m", "tenpai.cli", "score",
         "--jsonl", "-"],
        input='{"closed_tiles": "234m678p455667s88s", "win_tile": "5s", "seat_wind": "S",'
        ' "flags": {"riichi": true}}\n',
        capture_output=True,
        text=True,
        check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert '"points": 3900' in run.stdout
