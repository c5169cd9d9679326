"""The ``tenpai ...`` command examples of the README and of the pages of ``docs/`` (not
``benchmarks.md``, whose commands are the benchmarks' own), as a reader would copy them: the
lines of the code blocks (a ``$ `` prompt taken off, comments cut, a line ending in ``\\``
joined to the next) and the inline examples that give a command two arguments or more and no
placeholder; and a
folder holding the files they name, as a user would have them (``examples/`` of the project,
a game log, a folder of logs, the README's own score-sheet events)."""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = (
    ROOT / "README.md",
    *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "benchmarks.md"),
)

# Inline examples that name a command only, or hold a placeholder a reader replaces
# (``NAME``, ``FILE``, ``...``, ``[--port 8000]``, ``fr|en``), are not run.
_PLACEHOLDER = re.compile(r"\.\.\.|…|\||\[|\b[A-Z][A-Z_.]{2,}\b")
# Commands that never end by themselves: the web server.
NOT_RUN = ("tenpai serve",)


@dataclass(frozen=True, slots=True)
class Example:
    """One command example: the *page* and *line* it is written on, the *command* as written
    (without its comment), the *comment* after it (what the page says it shows), and where its
    output goes (*output*, after ``>``; None: the screen)."""

    page: str
    line: int
    command: str
    comment: str
    output: str | None

    @property
    def argv(self) -> list[str]:
        """Gets the command's arguments after ``tenpai``."""
        words = shlex.split(self.command)
        assert words[0] == "tenpai", self.command
        return words[1:]

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.command}"


def _split(text: str) -> tuple[str, str, str | None]:
    """Cuts a shell line into its command, its comment and the file its output goes to."""
    command, _, comment = text.partition("  #")
    if " #" in command and not comment:
        command, _, comment = command.partition(" #")
    command = command.strip()
    output = None
    if " > " in command:
        command, _, output = command.partition(" > ")
        output = output.strip()
    return command.strip(), comment.strip(), output


def examples() -> list[Example]:
    """Lists every command example of the pages, in the order they are written."""
    out: list[Example] = []
    for page in PAGES:
        name = page.relative_to(ROOT).as_posix()
        lines = page.read_text(encoding="utf-8").splitlines()
        fence: str | None = None
        pending = ""
        start = 0
        for i, line in enumerate(lines, 1):
            if line.startswith("```"):
                fence = line[3:].strip() if fence is None else None
                continue
            if fence is not None and fence in ("", "sh", "console", "bash"):
                text = pending + line.strip().removeprefix("$ ")
                if text.endswith("\\"):
                    pending, start = text[:-1].rstrip() + " ", start or i
                    continue
                first, pending, start = start or i, "", 0
                if text.startswith("tenpai "):
                    command, comment, output = _split(text)
                    out.append(Example(name, first, command, comment, output))
            elif fence is None:
                for m in re.finditer(r"`(tenpai [^`]+)`", line):
                    text = m.group(1)
                    words = text.split()
                    # a command and at least two arguments: ``tenpai score --jsonl`` names a
                    # command, ``tenpai train --hand riichi2:...`` is an example
                    if len(words) > 3 and words[1].isalpha() and not _PLACEHOLDER.search(text):
                        command, comment, output = _split(text)
                        out.append(Example(name, i, command, comment, output))
    return [e for e in out if not e.command.startswith(NOT_RUN)]


def _readme_events() -> str:
    """Gets the score-sheet events the README shows (its ```json block of ``"event"`` lines)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for block in re.findall(r"```json\n(.*?)```", readme, re.S):
        if '"event"' in block:
            return str(block)
    raise AssertionError("the README shows no score-sheet events")


def user_folder(where: Path) -> Path:
    """Fills *where* with the files the examples name, as a user would have them."""
    shutil.copytree(ROOT / "examples", where / "examples")
    logs = ROOT / "tests" / "data" / "logs"
    shutil.copyfile(logs / "pinfu-ron.mjlog", where / "game.mjlog")
    shutil.copytree(logs, where / "logs")
    (where / "game.jsonl").write_text(_readme_events(), encoding="utf-8")
    return where
