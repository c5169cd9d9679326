"""Markdown rendering of a :class:`~tenpai.render.doc.Document`.

Tiles become Unicode mahjong characters; a break inside a table cell is ``<br>`` and an
exponent ``<sup>``, which common Markdown viewers show.

>>> from tenpai.render.doc import Bullets, Document, Heading, Span, text
>>> doc = Document("T", "fr", (Heading(2, text("1 han")),
...     Bullets(((Span("Riichi", "strong"), Span(" Main fermée.")),))))
>>> print(render_md(doc))
## 1 han
<BLANKLINE>
- **Riichi** Main fermée.
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Sequence

from ..tiles import unicode_tile
from .doc import (
    Block,
    Br,
    Bullets,
    Document,
    Heading,
    Inline,
    Link,
    Para,
    Span,
    Steps,
    Table,
)

__all__ = ["render_md"]


def _span(s: Span) -> str:
    if s.style == "strong":
        return f"**{s.text}**"
    if s.style == "em":
        return f"*{s.text}*"
    if s.style == "badge":
        return f"`{s.text}`"
    if s.style == "sup":
        return f"<sup>{s.text}</sup>"
    return s.text


def _inline(content: Sequence[Inline]) -> str:
    out: list[str] = []
    for x in content:
        if isinstance(x, Span):
            out.append(_span(x))
        elif isinstance(x, Br):
            out.append("<br>")
        elif isinstance(x, Link):
            out.append(f"[{x.text}]({x.target}.md)")
        else:
            out.append(" ".join(x.joiner.join(unicode_tile(t) for t in g) for g in x.groups))
    return "".join(out)


def _cell(content: Sequence[Inline]) -> str:
    s = _inline(content)
    return f" {s} " if s else " "


def _row(cells: Sequence[Sequence[Inline]]) -> str:
    return "|" + "|".join(_cell(c) for c in cells) + "|"


def _block(b: Block, indent: str = "") -> list[str]:
    if isinstance(b, Heading):
        return [f"{indent}{'#' * b.level} {_inline(b.content)}", ""]
    if isinstance(b, Para):
        return [indent + _inline(b.content), ""]
    if isinstance(b, Bullets):
        return [f"{indent}- {_inline(item)}" for item in b.items] + [""]
    if isinstance(b, Table):
        lines = [_row(b.header), "|" + "|".join("---" for _ in b.header) + "|"]
        lines += [_row(r) for r in b.rows]
        return [indent + ln for ln in lines] + [""]
    if isinstance(b, Steps):
        out: list[str] = []
        for st in b.steps:
            title = (f"{st.value} " if st.value else "") + _inline(st.title)
            out.append(f"{indent}{st.number}. **{title}**")
            inner = indent + " " * 3
            body: list[str] = []
            for sub in st.body:
                body += _block(sub, inner)
            if body:
                out.append("")
                out += body
            if out[-1] != "":
                out.append("")
        return out
    out = []
    for sub in b.blocks:
        out += _block(sub, indent)
    return out


def render_md(doc: Document) -> str:
    """Renders *doc* as Markdown (ends with one newline)."""
    lines: list[str] = []
    for b in doc.blocks:
        lines += _block(b)
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"
