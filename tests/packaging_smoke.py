"""The smoke set of an installed Tenpai, run by tests/test_packaging.py with the Python of a
fresh virtual environment into which a built wheel was installed (never the source tree):
the library and the command line, as a user meets them. Prints one JSON object of what it
saw; the test holds it to the rules (it imports nothing of the repository). With
``--check compiled`` or ``--check pure`` it also checks what every installed wheel must show,
and exits 1 naming what is wrong (cibuildwheel's test command, pyproject.toml).

    python packaging_smoke.py [--check compiled|pure]
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib import metadata, resources
from pathlib import Path

HAND = "234m678p45667s88s ron 5s"
RECORD = (
    '{"id": "pinfu-riichi", "closed_tiles": "234m678p455667s88s", "win_tile": "5s",'
    ' "seat_wind": "S", "flags": {"riichi": true}}\n'
)
# the modules the compiled core builds (setup.py's extensions)
EXTENSIONS = ("_cshanten", "riichi._cscore", "_cbatch", "riichi._cusual")


def tenpai_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Runs the installed ``tenpai`` command (the script pip wrote beside this Python)."""
    script = shutil.which("tenpai", path=str(Path(sys.executable).parent))
    if script is None:
        raise SystemExit(f"no tenpai command beside {sys.executable}")
    return subprocess.run(
        [script, *args],
        input=stdin,
        capture_output=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONUTF8": "1"},
        check=False,
    )


def problems(seen: dict[str, object], kind: str) -> list[str]:
    """Lists what *seen* shows wrong for an installed wheel of *kind* (``compiled``: every
    extension built; ``pure``: none). The hand is the README's: riichi, pinfu, tanyao, 3 han
    30 fu for a non-dealer's ron, 3,900 (the card's table)."""
    version = seen["version"]
    expected = {
        "compiled": list(EXTENSIONS) if kind == "compiled" else [],
        "metadata_version": version,
        "cli_version": f"tenpai {version}",
        "library": [3, 30, 3900, ["riichi", "pinfu", "tanyao"]],
        "shanten": 0,
        "cli_json": [0, 3900],
        "cli_ja": [0, "和了者の収入  3900点"],
        "cli_jsonl": [0, 3900],
        "licences": [f"tenpai-{version}.dist-info/licenses/LICENSE",
                     f"tenpai-{version}.dist-info/licenses/NOTICE"],
        "htmx": [True, True],
    }  # fmt: skip
    wrong = [
        f"{key}: {seen[key]!r}, not {want!r}" for key, want in expected.items() if seen[key] != want
    ]
    code, said, traceback = seen["cli_bad"]  # type: ignore[misc]
    if code != 2 or traceback or "unknown character 'x'" not in said:
        wrong.append(f"cli_bad: {seen['cli_bad']!r}")
    return wrong


def main() -> None:
    import tenpai
    from tenpai import Hand, Situation, analyse, score
    from tenpai._compiled import core

    seen: dict[str, object] = {}
    seen["file"] = tenpai.__file__
    seen["version"] = tenpai.__version__
    seen["metadata_version"] = metadata.version("tenpai")
    seen["cli_version"] = tenpai_cli("--version").stdout.strip()
    seen["compiled"] = [name for name in EXTENSIONS if core(name) is not None]

    s = score(Hand.parse(HAND), Situation(seat_wind="S", riichi=True))
    seen["library"] = [s.han, s.fu, s.points, [y.id for y in s.yaku]]
    seen["shanten"] = analyse(Hand.parse("123m456p789s1122z")).shanten

    run = tenpai_cli("score", HAND, "--riichi", "--seat", "S", "--json")
    seen["cli_json"] = [run.returncode, json.loads(run.stdout)["points"] if run.stdout else None]
    run = tenpai_cli("score", HAND, "--riichi", "--seat", "S", "--lang", "ja")
    seen["cli_ja"] = [run.returncode, run.stdout.splitlines()[-1] if run.stdout else ""]
    run = tenpai_cli("score", "--jsonl", "-", stdin=RECORD)
    seen["cli_jsonl"] = [run.returncode, json.loads(run.stdout)["points"] if run.stdout else None]
    run = tenpai_cli("score", "123x")
    seen["cli_bad"] = [run.returncode, run.stderr.strip(), "Traceback" in run.stderr]

    files = {str(f) for f in metadata.files("tenpai") or ()}
    seen["licences"] = sorted(f for f in files if "/licenses/" in f)
    web = resources.files("tenpai") / "web" / "static"
    seen["htmx"] = [
        web.joinpath("htmx.min.js").is_file(),
        web.joinpath("htmx.LICENSE.txt").is_file(),
    ]
    print(json.dumps(seen, ensure_ascii=False))
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        wrong = problems(seen, sys.argv[2])
        for line in wrong:
            print(f"packaging_smoke: {line}", file=sys.stderr)
        sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
