"""What ``tenpai shanten --file`` and ``tenpai waits --file`` import before their first line,
on the compiled core: no more than the parser of the command and the compiled loop needs
(docs/benchmarks.md, "Batches and start-up"). A batch of 20,000 plain hands takes about as
long as the start-up did, so each module left out counts; the modules a line of another kind
needs are imported when the first such line comes."""

from __future__ import annotations

import json
import subprocess
import sys

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
import json, sys
from tenpai.cli import main
code = main(sys.argv[1:])
sys.stdout.flush()
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
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
