"""Helpers of the document tests: Markdown, HTML and the seeds' extracted text, reduced to
the same plain words and numbers so that they can be compared."""

from __future__ import annotations

import re
from html.parser import HTMLParser

_TILE_GLYPHS = re.compile("[\U0001f000-\U0001f02f]")
_TILE_ARROW = re.compile("(?<=[\U0001f000-\U0001f02f])→(?=[\U0001f000-\U0001f02f])")
_NUMBER = re.compile(r"[+]?\d+(?: \d{3})*(?!\d)")
_RULE = re.compile(r"^\|?(\s*:?-{3,}:?\s*\|)+\s*$")
_BLOCK_TAGS = {
    "p",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "tr",
    "table",
    "ul",
    "ol",
    "section",
    "main",
    "br",
    "div",
    "thead",
    "tbody",
}


def md_lines(md: str, *, bullets: bool = False) -> list[str]:
    """Reduces Markdown to its text lines: no heading, list or emphasis marks, no table
    rules, table cells separated by spaces, tiles dropped, ``<br>`` as a space, links as
    their text. With *bullets* a list item keeps its ``- ``."""
    out = []
    for raw in md.splitlines():
        line = raw.strip()
        if not line or _RULE.match(line):
            continue
        line = re.sub(r"<br\s*/?>", " ", line)
        line = re.sub(r"<[^>]+>", "", line)
        line = re.sub(r"^#+\s+", "", line)
        line = re.sub(r"^[-*]\s+", "- " if bullets else "", line)
        line = re.sub(r"^(\d+)\.\s+", r"\1 ", line)
        line = line.replace("**", "").replace("`", "")
        line = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", line)
        line = re.sub(r"(?<!\w)\*(\S[^*]*)\*", r"\1", line)
        line = _TILE_ARROW.sub("", line)
        line = _TILE_GLYPHS.sub("", line)
        if line.startswith("|"):
            line = line.strip("|").replace("|", " ")
        line = " ".join(line.split())
        if line:
            out.append(line)
    return out


def seed_lines(seed: str, *, bullets: bool = False) -> list[str]:
    """Reduces a seed's extracted text the same way (its lists and tables are Markdown-like;
    a lone ``-`` opens a step of the fu count)."""
    return [ln for ln in md_lines(seed, bullets=bullets) if ln not in ("-", "- ")]


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("svg", "style", "title", "head"):
            self.skip += 1
        if tag in _BLOCK_TAGS:
            self.parts.append("\n")
        if tag in ("td", "th"):
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("svg", "style", "title", "head"):
            self.skip -= 1
        if tag in _BLOCK_TAGS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def html_lines(html: str) -> list[str]:
    """Reduces HTML to its visible text lines (drawings, styles and the title dropped)."""
    p = _Text()
    p.feed(html)
    text = "".join(p.parts)
    return [" ".join(ln.split()) for ln in text.splitlines() if ln.strip()]


def words(lines: list[str]) -> str:
    """Joins text lines into one string of words."""
    return " ".join(" ".join(lines).split())


def numbers(lines: list[str]) -> list[str]:
    """Lists every number in *lines*, in order (``8 000`` is one number, ``+2`` keeps its
    sign)."""
    return [m.replace(" ", "") for m in _NUMBER.findall(words(lines))]
