"""What ``tenpai shanten --file`` and ``tenpai waits --file`` import before their first line,
on the compiled core: no more than the parser of the command and the compiled loop needs
(docs/benchmarks.md, "Batches and start-up"). A batch of 20,000 plain hands takes about as
long as the start-up did, so each module left out counts; the modules a line of another kind
needs are imported when the first such line comes.

Likewise what ``tenpai score --jsonl`` imports for real records (docs/benchmarks.md, "The
start-up of `--jsonl`, and the pure path's records"): not ``typing`` (its run-time uses are
``tenpai._typing``'s, checked against typing's own), nor the local yaku, the yaku's words,
three-player scoring or liability unless a record needs them."""

from __future__ import annotations
import __future__

import gzip
import inspect
import json
import os
import subprocess
import sys
import textwrap
import typing
from pathlib import Path
from typing import Any

import pytest

from tenpai._compiled import core

# Each costs the start-up 1 to 10 ms: the pure batch reader and the errors (dataclasses, and
# with them inspect and ast), typing, pathlib, and the pure shanten, hand and tile modules.
HEAVY = (
    "dataclasses",
    "inspect",
    "typing",
    "pathlib",
    "tenpai.batch",
    "tenpai.errors",
    "tenpai.shanten",
    "tenpai.hand",
    "tenpai.tiles",
    "tenpai.variants",
)

_RUN = """
import sys
from tenpai.cli import main
code = main(sys.argv[1:])
sys.stdout.flush()
modules = sorted(sys.modules)  # (before json, which this report needs)
import json
print(json.dumps({"code": code, "modules": modules}), file=sys.stderr)
"""


def _modules(tmp_path: object, lines: str, *argv: str) -> tuple[int, set[str], str]:
    path = f"{tmp_path}/hands.txt"
    with open(path, "w", encoding="utf-8") as f:
        f.write(lines)
    r = subprocess.run(
        [sys.executable, "-c", _RUN, *argv, "--file", path],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    report = json.loads(r.stderr.strip().splitlines()[-1])
    return report["code"], set(report["modules"]), r.stdout


needs_core = pytest.mark.skipif(
    core("_cbatch") is None or core("_cshanten") is None,
    reason="the compiled core is not built (or TENPAI_PURE is set): the pure loop needs them",
)


@needs_core
@pytest.mark.parametrize("what", ["shanten", "waits"])
def test_a_batch_of_plain_hands_imports_none_of_the_heavy_modules(
    tmp_path: object, what: str
) -> None:
    code, modules, out = _modules(tmp_path, "123m456p789s1122z\n19m19p19s1234567z\n", what)
    assert code == 0
    assert [json.loads(x)["shanten"] for x in out.splitlines()] == [0, 0]
    assert sorted(m for m in HEAVY if m in modules) == []


@needs_core
def test_a_line_of_another_kind_brings_the_pure_code_in(tmp_path: object) -> None:
    # a hand with a meld and a bad one: the pure reader and the errors load for them
    code, modules, out = _modules(tmp_path, "123m456p789s11z pon 222z\n123x\n", "shanten")
    assert code == 1
    results = [json.loads(x) for x in out.splitlines()]
    assert results[0]["shanten"] == -1
    assert results[1]["error"]["type"] == "NotationError"
    assert {"tenpai.batch", "tenpai.errors", "tenpai.hand", "tenpai.shanten"} <= modules


# ---- tenpai score --jsonl (issue 20: 50,000 records a second, start-up included) -----------

REAL = Path(__file__).parent / "data" / "tenhou-agari.jsonl.gz"

# What no real four-player record without liability needs, each 0.5 to 2.5 ms of start-up:
# typing (its uses at run time are tenpai._typing's), the local yaku (their index and rows:
# a ruleset without local yaku checks nothing there), the yaku's words, three-player scoring,
# liability, and the rest of the wing (explanation, Hong Kong, shanten).
NOT_FOR_RECORDS = (
    "typing",
    "tenpai.riichi.local",
    "tenpai.riichi.local_options",
    "tenpai.riichi.words",
    "tenpai.riichi.sanma",
    "tenpai.riichi.liability",
    "tenpai.riichi.explain",
    "tenpai.hk",
    "tenpai.shanten",
)


def _records() -> list[dict[str, Any]]:
    with gzip.open(REAL, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def _score_jsonl(tmp_path: Path, records: list[dict[str, Any]], pure: str = "") -> tuple:
    path = tmp_path / "records.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    r = subprocess.run(
        [sys.executable, "-c", _RUN, "score", "--jsonl", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "TENPAI_PURE": pure},
        check=False,
    )
    report = json.loads(r.stderr.strip().splitlines()[-1])
    return report["code"], set(report["modules"]), [json.loads(x) for x in r.stdout.splitlines()]


@pytest.mark.parametrize("pure", ["", "1"])
@pytest.mark.slow
def test_scoring_real_records_imports_none_of_what_they_do_not_need(
    tmp_path: Path, pure: str
) -> None:
    plain = [
        r for r in _records() if r["ruleset"]["players"] == 4 and r["tenhou"].get("pao_who") is None
    ][:40]
    code, modules, results = _score_jsonl(tmp_path, plain, pure)
    assert code == 0
    # Tenhou's own points for these wins
    assert [r["points"] for r in results] == [r["tenhou"]["points"] for r in plain]
    assert "tenpai.riichi.records" in modules  # the records were scored by the riichi wing
    assert sorted(m for m in NOT_FOR_RECORDS if m in modules) == []
    if not pure and core("_cbatch") is not None:  # the compiled reader and writer need no json
        assert "json" not in modules


@pytest.mark.slow  # long for make check: make test runs it
def test_the_records_that_need_them_bring_them_in(tmp_path: Path) -> None:
    real = _records()
    three = [r for r in real if r["ruleset"]["players"] == 3]
    liable = [r for r in real if r["tenhou"].get("pao_who") is not None]
    # daisharin, a local yakuman (the riichi wiki's Local yaku page): a non-dealer's ron, 32,000
    wheel = {
        "id": "wheel",
        "closed_tiles": "22334455667788p",
        "win_tile": "8p",
        "winner": 1,
        "from_who": 0,
        "seat_wind": "S",
        "round": {"round_wind": "E"},
        "rules": {"preset": "bareme", "local_yaku": ["daisharin"]},
    }
    code, modules, results = _score_jsonl(tmp_path, [*three, *liable, wheel])
    assert code == 0
    assert len(three) == 5 and len(liable) == 4
    expected = [r["tenhou"]["points"] for r in three + liable]
    assert [r["points"] for r in results[:-1]] == expected
    assert results[-1]["yakuman"] == [{"id": "daisharin", "multiplier": 1}]
    assert results[-1]["points"] == 32000
    needed = {
        "tenpai.riichi.sanma",
        "tenpai.riichi.liability",
        "tenpai.riichi.local",
        "tenpai.riichi.local_options",
    }
    assert needed <= modules


# ---- the help pages and the commands a player types (docs/benchmarks.md, "The start-up of
# every command") -------------------------------------------------------------------------

_RUN_ANY = """
import sys
from tenpai.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as e:  # argparse's end of a help page or of a refusal
    code = e.code
sys.stdout.flush()
modules = sorted(sys.modules)  # (before json, which this report needs)
import json
print(json.dumps({"code": code, "modules": modules}), file=sys.stderr)
"""


def _run(*argv: str) -> tuple[int, set[str], str]:
    """Runs the command line with *argv* in a process of its own; gets its exit code, the
    modules it imported and what it printed."""
    r = subprocess.run(
        [sys.executable, "-c", _RUN_ANY, *argv],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "COLUMNS": "100"},
        check=False,
    )
    report = json.loads(r.stderr.strip().splitlines()[-1])
    return report["code"], set(report["modules"]), r.stdout


# Each costs a command 1 to 10 ms and none is needed to write a help page: the variant
# registry (``--variant``'s choices are the command line's own names), the value classes
# (dataclasses, and with it inspect and ast), typing, pathlib, json, shutil (argparse's
# default formatter reads the terminal's width with it), the scorers and their errors.
NOT_FOR_HELP = (
    "dataclasses",
    "inspect",
    "typing",
    "pathlib",
    "json",
    "shutil",
    "tenpai.variants",
    "tenpai.errors",
    "tenpai.riichi",
    "tenpai.hk",
    "tenpai.shanten",
    "tenpai.batch",
)

HELP_PAGES = [
    ["--help"],
    ["score", "--help"],
    ["train", "--help"],
    ["deal", "--help"],
    ["card", "--help"],
    ["shanten", "--help"],
    ["rules", "--help"],
    ["yaku", "--help"],
    ["logs", "--help"],
    ["logs", "verify", "--help"],
    ["game", "rules", "--help"],
    ["nosuch"],  # an unknown command: its refusal lists the commands
]


@pytest.mark.parametrize("argv", HELP_PAGES, ids=" ".join)
def test_a_help_page_imports_nothing_it_does_not_show(argv: list[str]) -> None:
    code, modules, out = _run(*argv, "--lang", "fr")
    assert code == (2 if argv == ["nosuch"] else 0)
    if argv != ["nosuch"]:
        assert out.startswith("usage : tenpai")  # the page itself, in French
    assert sorted(m for m in NOT_FOR_HELP if m in modules) == []


@pytest.mark.parametrize("lang", ["fr", "en", "ja", "zh-Hant"])
def test_the_commands_listed_only_show_as_when_built_whole(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # tenpai --help, and the refusal of an unknown command, build the commands they list by
    # their name and help alone: the same page and the same refusal as every parser built
    from tenpai.cli import build_parser

    parsers = [
        build_parser(lang),
        build_parser(lang, list_others=True),
        build_parser(lang, "score", list_others=True),  # tenpai --bogus score ...
    ]
    pages, refusals = [], []
    for parser in parsers:
        pages.append(parser.format_help())
        with pytest.raises(SystemExit):
            parser.parse_args(["nosuch"])
        refusals.append(capsys.readouterr().err)
    assert pages[0] == pages[1] == pages[2]
    assert refusals[0] == refusals[1] == refusals[2]
    assert "nosuch" in refusals[0] and "maneman" in refusals[0]


def test_the_variant_choices_are_the_registrys() -> None:
    code, _, out = _run("score", "--help")
    assert code == 0
    from tenpai.variants import variant_names

    assert f"[--variant {{{','.join(variant_names())}}}]" in " ".join(out.split())


# What a player's own commands need no more than a help page (but the scorer, its value
# classes and errors): json (their --json only), typing, pathlib (a rules file only), shutil;
# and for one riichi hand, neither the record reader and its field checks nor the registry,
# Hong Kong, the local yaku or the shanten.
NOT_FOR_ONE_HAND = (
    "json",
    "typing",
    "pathlib",
    "shutil",
    "tenpai.variants",
    "tenpai.batch",
    "tenpai.fields",
    "tenpai.riichi.records",
    "tenpai.riichi.local",
    "tenpai.hk",
    "tenpai.shanten",
)


def test_one_hand_imports_none_of_what_it_does_not_need() -> None:
    code, modules, out = _run("score", "234m678p45667s88s ron 5s", "--riichi", "--seat", "S")
    assert code == 0
    # riichi, pinfu, tanyao: 3 han 30 fu, a non-dealer's ron (the scoring table's 3,900)
    assert "3 han 30 fu" in out and out.rstrip().endswith("3 900")
    assert sorted(m for m in NOT_FOR_ONE_HAND if m in modules) == []


@pytest.mark.parametrize("argv", [["rules"], ["yaku"], ["rules", "show", "tenhou"]], ids=" ".join)
def test_the_rules_and_yaku_pages_import_no_json_typing_pathlib_or_shutil(
    argv: list[str],
) -> None:
    code, modules, out = _run(*argv)
    assert code == 0
    assert "tenhou" in out
    assert sorted(m for m in ("json", "typing", "pathlib", "shutil") if m in modules) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "234m678p45667s88s ron 5s", "--riichi", "--seat", "S", "--json"],
        ["score", "123m456p789s1122z tsumo 2z", "--variant", "hk", "--json"],
        ["rules", "--json"],
        ["rules", "show", "tenhou", "--json"],
        ["yaku", "--json"],
    ],
    ids=" ".join,
)
def test_what_json_needs_comes_with_json(argv: list[str]) -> None:
    code, modules, out = _run(*argv)
    assert code == 0
    value = json.loads(out)
    assert "json" in modules
    if argv[:2] == ["score", "234m678p45667s88s ron 5s"]:
        assert value["points"] == 3900
    if argv[-2:] == ["tenhou", "--json"]:
        assert value["name"] == "tenhou"


def _typing_twin(cls: type) -> type:
    """Gets the class typing.NamedTuple makes of *cls*'s own class statement."""
    module = sys.modules[cls.__module__]
    source = textwrap.dedent(inspect.getsource(cls))
    ns = {**vars(module), "NamedTuple": typing.NamedTuple}
    flags = __future__.annotations.compiler_flag  # as the module reads its annotations
    exec(compile(source, module.__file__ or "", "exec", flags=flags, dont_inherit=True), ns)
    made: type = ns[cls.__name__]
    return made


def _named_tuples() -> list[type]:
    from tenpai.riichi import score, yaku

    return [yaku.SuitInfo, yaku.Facts, yaku.HandShared, yaku.HandFacts, score._Candidate]


@pytest.mark.parametrize("cls", _named_tuples(), ids=lambda c: c.__name__)
def test_the_named_tuples_are_typings(cls: type) -> None:
    twin = _typing_twin(cls)
    assert cls.__bases__ == twin.__bases__ == (tuple,)
    for attr in ("_fields", "_field_defaults", "__doc__", "__module__", "__qualname__"):
        assert getattr(cls, attr) == getattr(twin, attr), attr
    # the same annotations, as text (typing wraps each in a ForwardRef)
    texts = {k: v.__forward_arg__ for k, v in twin.__annotations__.items()}
    assert cls.__annotations__ == texts
    own = {k for k in vars(twin) if k not in ("__new__", "__annotations__", "__orig_bases__")}
    assert own == set(vars(cls)) - {"__new__", "__annotations__"}
    for key in own - {"__doc__", "__module__", "__qualname__", "__slots__", "__match_args__"}:
        if not key.startswith("_") or key in ("_make", "_replace", "_asdict"):
            theirs, ours = vars(twin)[key], vars(cls)[key]
            assert type(theirs) is type(ours), key
    values = tuple(range(len(cls._fields)))  # type: ignore[attr-defined]
    ours, theirs = cls(*values), twin(*values)
    assert ours == theirs and repr(ours) == repr(theirs)
    assert ours._asdict() == theirs._asdict()  # type: ignore[attr-defined]


def test_a_named_tuple_refuses_what_typings_refuses() -> None:
    from tenpai._typing import NamedTuple

    with pytest.raises(TypeError):

        class Late(NamedTuple):  # a field without a default after one with a default
            a: int = 0
            b: int

    with pytest.raises(TypeError):

        class Two(NamedTuple, int):  # type: ignore[misc]  (another base)
            a: int

    with pytest.raises(AttributeError):

        class Own(NamedTuple):  # what namedtuple makes
            a: int

            def _asdict(self) -> dict[str, int]:  # type: ignore[override]
                return {}
