"""Comments, docstrings and messages cite what a reader of the project can open (a rulebook by
name and section, a page of ``docs/``), never the team's private files, which a user's clone
does not have: the rule specifications (``riichi.md``, ``hong-kong.md``, ``local-yaku.md``,
``interchange.md``), the source documents called "seed 000" to "seed 003", or the paths of the
team's folder. Data paths (``../shared/logs``, ``../shared/validation``, read by tools and
benchmarks when present) are not citations and stay allowed."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("src", "docs", "tools", "benchmarks", "README.md")
TEXT = frozenset(
    {".py", ".pyx", ".pxd", ".html", ".po", ".md", ".toml", ".js", ".css", ".txt", ".sh", ".svg"}
)
SKIPPED_DIRS = frozenset({"__pycache__", "node_modules", ".venv"})

_SPEC = "the rulebook the rule rests on, by name and section (the EMA Riichi Competition Rules"
_CARD = "the card, docs/generated/bareme.fr.md"
_LOCAL = "the riichi wiki's Local yaku page and the yaku's name"
_HK = "docs/generated/hk-fan.fr.md or docs/generated/hk-payments.fr.md"
INSTEAD: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"\briichi\.md\b"),
        f"{_SPEC} §..., the WRC rules, Tenhou's rules...), {_CARD}, or say it is Tenpai's choice",
    ),
    (
        re.compile(r"\bhong-kong\.md\b"),
        f"{_HK}, or the Hong Kong rulebook by name (HKMA, Chinese Wikipedia...)",
    ),
    (re.compile(r"\blocal-yaku\.md\b"), f"{_LOCAL}, or say it is Tenpai's choice"),
    (re.compile(r"\binterchange\.md\b"), "docs/records.md (add the fact there if it is missing)"),
    (re.compile(r"\bseed 000\b", re.I), "the EMA Riichi Competition Rules, with the section"),
    (re.compile(r"\bseed 001\b", re.I), _CARD),
    (re.compile(r"\bseed 002\b", re.I), _LOCAL),
    (re.compile(r"\bseed 003\b", re.I), _HK),
    (
        re.compile(r"(?:\.\./)?\bshared/(?:spec|seeds)\b|/work/shared\b"),
        "a page of docs/ or a public source, by name",
    ),
)


def findings(text: str, where: str) -> list[str]:
    """Lists each citation of a private file in *text*, with what to cite instead."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for pattern, instead in INSTEAD:
            for m in pattern.finditer(line):
                found.append(
                    f"{where}:{number}: cites {m.group(0)!r}, a team file a user's clone does not "
                    f"have; cite instead {instead}"
                )
    return found


def scanned_files() -> list[Path]:
    files = []
    for name in SCANNED:
        top = ROOT / name
        if top.is_file():
            files.append(top)
            continue
        for path in sorted(top.rglob("*")):
            skipped = SKIPPED_DIRS.intersection(path.relative_to(ROOT).parts)
            if path.is_file() and path.suffix in TEXT and not skipped:
                files.append(path)
    return files


def test_the_check_finds_each_kind_of_citation() -> None:
    text = (
        "fu (riichi.md §7.1)\nthe card (seed 001)\n# see ../shared/spec/hong-kong.md\n"
        "records (interchange.md), local-yaku.md §2, Seed 003, Seed 002 and seed 000\n"
        "the logs in ../shared/logs/mjlog are data\n"
    )
    got = findings(text, "x.py")
    assert [g.split(": cites ")[1].split(",")[0] for g in got] == [
        "'riichi.md'",
        "'seed 001'",
        "'hong-kong.md'",
        "'../shared/spec'",
        "'local-yaku.md'",
        "'interchange.md'",
        "'seed 000'",
        "'Seed 002'",
        "'Seed 003'",
    ]
    assert got[1].endswith("cite instead the card, docs/generated/bareme.fr.md")
    assert got[0].startswith("x.py:1: cites 'riichi.md'")


def test_no_file_cites_the_team_s_private_files() -> None:
    files = scanned_files()
    names = {p.relative_to(ROOT).as_posix() for p in files}
    # the scan reads the real tree: the code, its catalogues, the docs and the README
    assert {"README.md", "src/tenpai/riichi/score.py", "docs/records.md"} <= names
    assert any(n.endswith(".po") for n in names) and any(n.endswith(".pyx") for n in names)
    problems = []
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        problems += findings(text, path.relative_to(ROOT).as_posix())
    assert not problems, "\n".join(problems)
