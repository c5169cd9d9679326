"""Small charts as SVG: a line over time and horizontal bars. Pure functions returning
``str``; labels are escaped; colours are presentation attributes (no inline ``style``), so
the drawings pass a strict Content-Security-Policy and print as they show.

>>> svg = line_chart([0.5, 0.75, 1.0], ["1", "2", "3"], title="Accuracy", percent=True)
>>> svg.startswith("<svg") and "<polyline" in svg and "100%" in svg
True
>>> "&lt;b&gt;" in bar_chart([("<b>", 0.5, "50%")], title="Weakest")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..i18n import decimal, text_width

__all__ = ["bar_chart", "line_chart"]

_INK = "#222"
_GRID = "#d9d9d9"
_LINE = "#17784a"
_BAR = "#c0302a"
_BAR_BACK = "#f0e6e4"
_FONT = "'DejaVu Sans','Noto Sans',Arial,sans-serif"


def _f(x: float) -> str:
    return f"{x:.1f}".removesuffix(".0")


def _text(x: float, y: float, s: str, *, anchor: str = "start", size: int = 11) -> str:
    return (
        f'<text x="{_f(x)}" y="{_f(y)}" font-family="{_FONT}" font-size="{size}" '
        f'fill="{_INK}" text-anchor="{anchor}">{escape(s)}</text>'
    )


def line_chart(
    values: Sequence[float | None],
    labels: Sequence[str],
    *,
    title: str,
    percent: bool = False,
    unit: str = "",
    width: int = 440,
    height: int = 230,
    lang: str = "en",
) -> str:
    """Draws *values* (None: no point) as a line with a dot per value, *labels* under the
    first and last points; the y axis runs from 0 to 100 % when *percent*, else from 0 to
    the largest value (with *unit* after the numbers, written with the decimal mark of
    *lang*: :func:`tenpai.i18n.decimal`). *title* names the chart (its accessible label)."""
    left, right, top, bottom = 50, 12, 28, 30
    w, h = width - left - right, height - top - bottom
    shown = [v for v in values if v is not None]
    ymax = 1.0 if percent else max([*shown, 1e-9]) * 1.15
    parts = [_text(left, 16, title, size=13)]
    for i in range(5):
        y = top + h - h * i / 4
        v = ymax * i / 4
        digits = 0 if ymax >= 8 else 1 if ymax >= 0.8 else 2
        label = f"{round(100 * v)}%" if percent else f"{decimal(v, lang, digits)}{unit}"
        parts.append(
            f'<line x1="{left}" y1="{_f(y)}" x2="{left + w}" y2="{_f(y)}" stroke="{_GRID}"/>'
        )
        parts.append(_text(left - 4, y + 4, label, anchor="end", size=12))
    n = len(values)

    def x_of(i: int) -> float:
        return left + (w / 2 if n == 1 else w * i / (n - 1))

    points = [(x_of(i), top + h - h * v / ymax) for i, v in enumerate(values) if v is not None]
    if len(points) > 1:
        pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in points)
        parts.append(
            f'<polyline points="{pts}" fill="none" stroke="{_LINE}" stroke-width="2.5" '
            'stroke-linejoin="round"/>'
        )
    for x, y in points:
        parts.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="3.5" fill="{_LINE}"/>')
    if labels and n:
        parts.append(_text(x_of(0), top + h + 18, labels[0], anchor="start", size=12))
        if n > 1 and len(labels) >= n:
            parts.append(_text(x_of(n - 1), top + h + 18, labels[n - 1], anchor="end", size=12))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
        f'aria-label="{escape(title)}" viewBox="0 0 {width} {height}">' + "".join(parts) + "</svg>"
    )


def bar_chart(
    rows: Sequence[tuple[str, float, str]],
    *,
    title: str,
    width: int = 360,
    row_height: int = 40,
    lang: str = "en",
) -> str:
    """Draws one horizontal bar per row ``(label, share 0-1, value text)``, in the given
    order (the weakest concepts first, say). *title* names the chart. Each label takes a
    line of its own above its bar, the whole width: the drawing is narrow (*width* units),
    so that a phone shows its words at the size of the page's (13 units on a 360 px screen;
    they were 7 px beside their bars); a label longer than the line is cut (``…``), counted
    in the columns of *lang*'s characters (a kanji takes two)."""
    value_w, top, size = 52, 30, 13
    bar_w = width - value_w
    most = int(width / (0.6 * size))  # the columns a line holds (a letter is about 0.6 em)
    parts = [_text(0, 18, title, size=14)]
    for i, (label, raw, value) in enumerate(rows):
        y = top + i * row_height
        share = min(max(raw, 0.0), 1.0)
        parts.append(_text(0, y + 13, _cut(label, most, lang), size=size))
        parts.append(
            f'<rect x="0" y="{y + 19}" width="{bar_w}" height="14" rx="3" fill="{_BAR_BACK}"/>'
        )
        parts.append(
            f'<rect x="0" y="{y + 19}" width="{_f(bar_w * share)}" height="14" rx="3" '
            f'fill="{_BAR}"/>'
        )
        parts.append(_text(width, y + 31, value, anchor="end", size=size))
    height = top + max(1, len(rows)) * row_height
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart bars" role="img" '
        f'aria-label="{escape(title)}" viewBox="0 0 {width} {height}">' + "".join(parts) + "</svg>"
    )


def _cut(label: str, most: int, lang: str) -> str:
    """Cuts *label* to *most* columns (:func:`tenpai.i18n.text_width`), ``…`` marking the cut."""
    if text_width(label, lang) <= most:
        return label
    while label and text_width(label, lang) > most - 1:
        label = label[:-1]
    return label + "…"
