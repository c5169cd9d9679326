"""HTML rendering of a :class:`~tenpai.render.doc.Document`, with a print style for A4.

Tiles are inline SVG drawn by :mod:`tenpai.render.svg`. Numbers written with a space as
thousands separator (``8 000``) are kept on one line.

>>> from tenpai.render.doc import Document, Para, text
>>> html = render_html(Document("T", "fr", (Para(text("Mangan 8 000")),)), standalone=False)
>>> html
'<article class="doc" lang="fr">\\n<p>Mangan <span class="nb">8 000</span></p>\\n</article>\\n'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

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
    Tiles,
)
from .svg import tiles_svg

__all__ = ["CSS", "render_html"]

CSS = """\
@page { size: A4; margin: 13mm 12mm 14mm;
  @bottom-center { content: counter(page) " / " counter(pages); font-size: 7.5pt; color: #777; } }
html { color: #1c1c1c; background: #fff; }
body { font-family: "DejaVu Sans", "Noto Sans", "Helvetica Neue", Arial, "Noto Sans CJK JP",
  "IPAGothic", sans-serif; font-size: 9pt; line-height: 1.36; margin: 0; }
/* Each language's characters in a face drawn for them (a Japanese font lacks characters of
   Cantonese, 嘅 冇 咗, and draws Chinese with Japanese forms): Noto Sans CJK (Debian's
   fonts-noto-cjk) in its variant for the language, then the language's usual system fonts;
   Latin letters and digits stay in the Latin face. */
[lang="ja"], [lang="ja"] body { font-family: "DejaVu Sans", "Noto Sans", Arial,
  "Noto Sans CJK JP", "IPAGothic", "IPAexGothic", "Hiragino Sans", "Yu Gothic", sans-serif; }
[lang="zh-Hant"], [lang="zh-Hant"] body { font-family: "DejaVu Sans", "Noto Sans", Arial,
  "Noto Sans CJK HK", "Noto Sans CJK TC", "Source Han Sans HC", "PingFang HK",
  "Microsoft JhengHei", sans-serif; }
[lang="zh-Hans"], [lang="zh-Hans"] body { font-family: "DejaVu Sans", "Noto Sans", Arial,
  "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei",
  "WenQuanYi Zen Hei", sans-serif; }
[lang="ko"], [lang="ko"] body { font-family: "DejaVu Sans", "Noto Sans", Arial,
  "Noto Sans CJK KR", "Source Han Sans K", "Apple SD Gothic Neo", "Malgun Gothic",
  "NanumGothic", sans-serif; }
.doc { max-width: 186mm; margin: 0 auto; padding: 6mm 0; }
h1 { font-size: 20pt; margin: 0 0 3pt; letter-spacing: 0.2pt; }
h2 { font-size: 12.5pt; margin: 11pt 0 5pt; padding-bottom: 1.5pt;
  border-bottom: 1.4pt solid #17784a; break-after: avoid; }
h3 { font-size: 10pt; margin: 7pt 0 3pt; color: #17784a; break-after: avoid; }
h4 { font-size: 9pt; margin: 6pt 0 2pt; break-after: avoid; }
p { margin: 0 0 4pt; }
p.lead { font-size: 10pt; }
p.options { color: #444; font-style: italic; }
p.kicker { text-transform: uppercase; font-size: 8pt; letter-spacing: 0.8pt; color: #17784a;
  margin: 0; }
p.legend { color: #555; font-size: 8.5pt; margin: 0; }
p.caption { margin: 6pt 0 3pt; break-after: avoid; }
p.formula { margin-top: 8pt; padding: 4pt 6pt; background: #f3f6f4; border-radius: 3pt; }
p.next { margin-top: 10pt; font-weight: bold; }
ul { margin: 0 0 5pt; padding-left: 13pt; }
li { margin: 0 0 2pt; break-inside: avoid; }
ul.yaku { list-style: none; padding: 0; }
ul.yaku li { padding-left: 8pt; text-indent: -8pt; }
ul.yaku em, ul.limits em { color: #555; }
ul.limits { list-style: none; padding: 0; }
ul.tiles { list-style: none; padding: 0; }
ul.tiles li { margin-bottom: 3pt; }
.badge { display: inline-block; font-size: 7pt; line-height: 1.2; padding: 0 2.5pt;
  border: 0.6pt solid #b04a2a; color: #b04a2a; border-radius: 3pt; font-weight: bold;
  text-indent: 0; }
.nb { white-space: nowrap; }
.zh { font-family: "Noto Sans CJK HK", "Noto Sans CJK TC", "Source Han Sans HC", "PingFang HK",
  "Microsoft JhengHei", sans-serif; }  /* Hong Kong's terms, in Traditional characters */
svg.tiles { margin: 0 1pt; }
table { border-collapse: collapse; margin: 2pt 0 5pt; break-inside: avoid; }
th, td { border: 0.5pt solid #b9b9b9; padding: 1.6pt 4pt; }
thead th { background: #e8f1ec; font-weight: bold; }
tbody th { text-align: left; font-weight: normal; white-space: nowrap; }
td { text-align: right; white-space: nowrap; }
table.pay { width: 100%; font-size: 8.3pt; }
table.pay td { width: 22%; }
table.pay td.limit { background: #fbeed3; text-align: center; }
.lim { font-weight: bold; font-size: 7.5pt; color: #8a5a00; }
table.pay td.impossible { color: #999; text-align: center; }
table.pay td.empty { background: #fbeed3; }
table.fu td, table.fan td { text-align: center; }
table.fan { width: 100%; }
table.fan td { width: 22%; }
table.fan tr.group th { background: #f3f6f4; font-weight: bold; }
.cols { column-count: 2; column-gap: 7mm; }
.cols > h3:first-child { margin-top: 0; }
.keep { break-inside: avoid; }
.grid2 { display: grid; grid-template-columns: 1fr 1fr; column-gap: 6mm; }
.page { break-before: page; }
ol.steps { list-style: none; padding: 0; margin: 0 0 6pt; }
ol.steps > li { position: relative; padding-left: 30pt; margin-bottom: 6pt; break-inside: avoid; }
ol.steps .step-no { position: absolute; left: 0; top: 0; width: 15pt; height: 15pt;
  border-radius: 50%; background: #17784a; color: #fff; text-align: center; font-weight: bold;
  line-height: 15pt; font-size: 8.5pt; }
ol.steps .step-value { font-size: 15pt; font-weight: bold; color: #17784a; margin-right: 4pt; }
ol.steps .step-title { font-weight: bold; font-size: 9.5pt; }
@media screen { .doc { padding: 8mm 6mm; } }
@media print { a { color: inherit; text-decoration: none; } }
/* The riichi card prints as one sheet, recto verso: the yaku, dora and fu on the front, the
   four tables and their limits on the back (a table card, as the seed's Barème is). */
@page card { margin: 7mm 7mm 9mm; }
@media print {
  .sheet { page: card; font-size: 6.4pt; line-height: 1.22; }
  .sheet h1 { font-size: 13pt; margin: 0; }
  .sheet h2 { font-size: 8.5pt; margin: 4pt 0 2pt; padding-bottom: 0.6pt;
    border-bottom-width: 0.8pt; }
  .sheet h3 { font-size: 7pt; margin: 2pt 0 1pt; }
  .sheet h4 { font-size: 6.6pt; margin: 2pt 0 1pt; }
  .sheet p { margin: 0 0 1.5pt; }
  .sheet p.lead { font-size: 6.8pt; }
  .sheet li { margin: 0 0 0.6pt; }
  .sheet .cols { column-count: 3; column-gap: 4mm; }
  .sheet .cols > .keep { break-inside: auto; }  /* a han group may go on in the next column */
  .sheet .again .desc { display: none; }
  .sheet svg.tiles { height: 1.35em !important; }
  .sheet th, .sheet td { padding: 0.6pt 2pt; }
  .sheet table.pay { font-size: 6.6pt; }
  .sheet ol.steps { column-count: 2; column-gap: 5mm; }
  .sheet ol.steps > li { padding-left: 16pt; margin-bottom: 2pt; }
  .sheet ol.steps .step-no { width: 10pt; height: 10pt; line-height: 10pt; font-size: 6.5pt; }
  .sheet ol.steps .step-value { font-size: 9pt; }
  .sheet ol.steps .step-title { font-size: 6.8pt; }
  .sheet.back { font-size: 7.6pt; }
  .sheet.back table.pay { font-size: 7.8pt; }
  .sheet.back th, .sheet.back td { padding: 1.1pt 3pt; }
  .sheet .grid2 { column-gap: 5mm; }
}
"""
"""The style sheet: A4 pages, two columns for the yaku, tables kept whole."""

_THOUSANDS = re.compile(r"\d{1,3}(?: \d{3})+(?!\d)")


def _esc(s: str) -> str:
    return _THOUSANDS.sub(lambda m: f'<span class="nb">{m.group(0)}</span>', escape(s, False))


def _span(s: Span) -> str:
    t = _esc(s.text)
    if s.style == "strong":
        return f"<strong>{t}</strong>"
    if s.style == "em":
        return f"<em>{t}</em>"
    if s.style == "badge":
        return f'<span class="badge">{t}</span>'
    if s.style == "sup":
        return f"<sup>{t}</sup>"
    if s.style == "num":
        return f'<span class="nb">{escape(s.text, False)}</span>'
    if s.style == "limit":
        return f'<span class="lim">{t}</span>'
    if s.style == "zh":
        return f'<span class="zh" lang="zh-Hant">{t}</span>'
    if s.style == "desc":
        return f'<span class="desc">{t}</span>'
    return t


def _tiles(x: Tiles, lang: str, height: str | None) -> str:
    out = []
    for gi, g in enumerate(x.groups):
        side = tuple(i for (sg, i) in x.sideways if sg == gi)
        out.append(tiles_svg(g, sideways=side, lang=lang, joiner=x.joiner, height=height))
    return " ".join(out)


def _inline(content: Sequence[Inline], lang: str, h: str | None = "2em") -> str:
    out: list[str] = []
    for x in content:
        if isinstance(x, Span):
            out.append(_span(x))
        elif isinstance(x, Br):
            out.append("<br>")
        elif isinstance(x, Link):
            out.append(f'<a href="{escape(x.target)}.html">{_esc(x.text)}</a>')
        else:
            out.append(_tiles(x, lang, h))
    return "".join(out)


def _cls(cls: str) -> str:
    return f' class="{escape(cls)}"' if cls else ""


def _table(t: Table, lang: str, h: str | None) -> str:
    head = "".join(f'<th scope="col">{_inline(c, lang, h)}</th>' for c in t.header)
    rows = []
    for r in t.rows:
        cells = []
        for i, c in enumerate(r):
            inner = _inline(c, lang, h)
            if i == 0 and t.row_header:
                cells.append(f'<th scope="row">{inner}</th>')
                continue
            kind = ""
            if not c:
                kind = "empty"
            elif any(isinstance(s, Span) and s.style == "limit" for s in c):
                kind = "limit"
            elif inner == "·":
                kind = "impossible"
            cells.append(f"<td{_cls(kind)}>{inner}</td>")
        group = len(r) > 1 and all(not c for c in r[1:])
        rows.append(f"<tr{_cls('group' if group else '')}>{''.join(cells)}</tr>")
    return (
        f"<table{_cls(t.cls)}>\n<thead><tr>{head}</tr></thead>\n<tbody>\n"
        + "\n".join(rows)
        + "\n</tbody>\n</table>"
    )


def _block(b: Block, lang: str, h: str | None = "2em") -> str:
    if isinstance(b, Heading):
        return f"<h{b.level}{_cls(b.cls)}>{_inline(b.content, lang, h)}</h{b.level}>"
    if isinstance(b, Para):
        return f"<p{_cls(b.cls)}>{_inline(b.content, lang, h)}</p>"
    if isinstance(b, Bullets):
        items = "\n".join(f"<li>{_inline(i, lang, h)}</li>" for i in b.items)
        return f"<ul{_cls(b.cls)}>\n{items}\n</ul>"
    if isinstance(b, Table):
        return _table(b, lang, h)
    if isinstance(b, Steps):
        steps: list[str] = []
        for st in b.steps:
            value = f'<span class="step-value">{_esc(st.value)}</span> ' if st.value else ""
            body = "\n".join(_block(x, lang, h) for x in st.body)
            steps.append(
                f'<li><span class="step-no">{st.number}</span> {value}'
                f'<span class="step-title">{_inline(st.title, lang, h)}</span>\n{body}</li>'
            )
        return f'<ol class="steps{" " + b.cls if b.cls else ""}">\n' + "\n".join(steps) + "\n</ol>"
    inner = "\n".join(_block(x, lang, h) for x in b.blocks)
    return f"<section{_cls(b.cls)}>\n{inner}\n</section>"


def render_html(
    doc: Document, *, standalone: bool = True, css: str = CSS, tile_height: str | None = "2em"
) -> str:
    """Renders *doc* as HTML: a whole page with its style sheet (*css*), the document its
    ``main`` element, or with ``standalone=False`` only the document as an ``article``, for
    embedding in another page (which has its own ``main``: a page holds one).
    *tile_height* is the CSS height of the tile drawings (None: no inline ``style``, for a
    page whose Content-Security-Policy forbids them; its style sheet then sizes them)."""
    body = "\n".join(_block(b, doc.lang, tile_height) for b in doc.blocks)
    if not standalone:
        return f'<article class="doc" lang="{escape(doc.lang)}">\n{body}\n</article>\n'
    main = f'<main class="doc" lang="{escape(doc.lang)}">\n{body}\n</main>\n'
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(doc.lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(doc.title)}</title>\n<style>\n{css}</style>\n</head>\n<body>\n"
        f"{main}</body>\n</html>\n"
    )
