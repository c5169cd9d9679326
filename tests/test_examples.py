"""The files of examples/, run through the README's own commands: each command of the README
that names a file of examples/ runs, and says what the rules say it should."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _readme_commands() -> list[str]:
    """Gets the README's shell lines that use a file of examples/ (comments cut)."""
    out = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        for line in block.splitlines():
            cmd = line.split("  #")[0].strip()
            if cmd.startswith("tenpai ") and "examples/" in cmd:
                out.append(cmd)
    return out


COMMANDS = _readme_commands()


def _run(cmd: str) -> str:
    """Runs one README line as the user would (the output redirection left out)."""
    words = shlex.split(cmd.split(" > ", maxsplit=1)[0])
    assert words[0] == "tenpai"
    env = {k: v for k, v in os.environ.items() if not k.startswith("TENPAI_")}
    env["TENPAI_LANG"] = "en"
    done = subprocess.run(
        [sys.executable, "-m", "tenpai.cli", *words[1:]],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, (cmd, done.stderr)
    assert "Traceback" not in done.stderr
    return done.stdout


def test_the_readme_names_every_file_of_examples() -> None:
    named = {m for c in COMMANDS for m in re.findall(r"examples/([\w.-]+)", c)}
    shipped = {p.name for p in (ROOT / "examples").iterdir()}
    assert named == shipped == {"records.jsonl", "hands.txt", "house-rules.toml"}


@pytest.mark.parametrize("cmd", COMMANDS)
def test_each_readme_command_on_the_examples_runs(cmd: str) -> None:
    out = _run(cmd)
    if "--jsonl examples/records.jsonl" in cmd:
        results = {r["id"]: r for r in map(json.loads, out.splitlines())}
        assert len(results) == 5 and all(r["error"] is None for r in results.values())
        # the card's table: 3 han 30 fu, a non-dealer's ron, 3 900
        assert results["pinfu-riichi"]["points"] == 3900
        # kiriage: 4 han 30 fu (7 700) is paid as a mangan, 8 000
        assert results["kiriage-table"]["points"] == 8000
        assert results["kiriage-table"]["limit"] == "mangan"
        # Hong Kong, 4 fan self-drawn: each of the three pays 8 (the seed's table)
        assert results["hk-all-chows"]["payments"] == {"E": -8, "S": 24, "W": -8, "N": -8}
    elif "--file examples/hands.txt" in cmd:
        waits = {r["hand"]: r for r in map(json.loads, out.splitlines())}
        assert waits["1112345678999m"]["waits"] == [f"{n}m" for n in range(1, 10)]  # nine gates
        assert waits["234m678p45667s88s"]["waits"] == ["5s", "8s"]
        assert waits["1133557799m22p4s"]["waits"] == ["4s"]  # seven pairs: the single tile
        assert waits["13458m2469p1358s1z"]["shanten"] > 0
    elif cmd.startswith("tenpai rules show"):
        assert "(kiriage): yes" in out and "(double_wind_pair_fu): 2" in out
    else:  # the ruleset file in a score: kiriage makes 4 han 30 fu a mangan
        assert "Mangan: 2 000 basic points × 4 = 8 000" in out


def test_the_readme_library_example_uses_wind_names() -> None:
    assert 'Situation(seat_wind="S", riichi=True)' in README
    assert "seat_wind=28" not in README
