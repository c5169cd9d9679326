"""Tiles drawn as SVG by the project's own code: every kind, red fives, honours, Hong Kong
flowers and seasons, and called tiles lying sideways.

Pure functions returning ``str``. Circles and bamboo sticks are drawn as shapes; characters
show an Arabic numeral over 萬, winds a letter in the reader's language (E S W N, or
E S O N in French), the red dragon is drawn with strokes, the white dragon as a blue frame.
Chinese glyphs (萬, 發, flower and season names) use a CJK font when the reader has one.

>>> from tenpai.tiles import parse_tile, parse_tiles
>>> svg = tile_svg(parse_tile("0p"))
>>> svg.startswith("<svg") and 'aria-label="0p"' in svg
True
>>> 'rotate(90' in tiles_svg(parse_tiles("1111m"), sideways=(1,))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..tiles import Tile, is_red, kind, sort_key, tile_name

if TYPE_CHECKING:
    from ..hand import Hand, Meld

__all__ = ["TILE_H", "TILE_W", "hand_svg", "meld_layout", "tile_svg", "tiles_svg"]

TILE_W = 30
"""Width of a tile face in SVG units."""
TILE_H = 40
"""Height of a tile face in SVG units."""
_DEPTH = 3  # the tile's back, seen below its face
_GAP = 2

_INK = "#222"
_RED = "#c0302a"
_GREEN = "#17784a"
_BLUE = "#1d4d8f"
_FACE = "#fbf8ef"
_EDGE = "#8c8472"
_BACK = "#2f7d5b"
_CJK = (
    "'IPAGothic','IPAexGothic','Noto Sans CJK JP','Noto Sans CJK SC','Noto Sans CJK TC',sans-serif"
)
_LATIN = "'DejaVu Sans','Noto Sans',Arial,sans-serif"

_WIND_LETTERS = {"en": "ESWN", "fr": "ESON"}
_BONUS_GLYPHS = "梅蘭菊竹春夏秋冬"

# Circle centres of the dot tiles, in a 30 × 40 face (the standard layouts).
_PIN_DOTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((15, 20),),
    2: ((15, 11), (15, 29)),
    3: ((8, 9), (15, 20), (22, 31)),
    4: ((9, 11), (21, 11), (9, 29), (21, 29)),
    5: ((9, 10), (21, 10), (15, 20), (9, 30), (21, 30)),
    6: ((9, 8), (21, 8), (9, 21), (21, 21), (9, 32), (21, 32)),
    7: ((7, 6), (15, 10), (23, 14), (9, 24), (21, 24), (9, 33), (21, 33)),
    8: ((9, 6), (21, 6), (9, 15), (21, 15), (9, 25), (21, 25), (9, 34), (21, 34)),
    9: ((7, 8), (15, 8), (23, 8), (7, 20), (15, 20), (23, 20), (7, 32), (15, 32), (23, 32)),
}
# Which dots are red on the plain tiles (the rest alternate blue and green).
_PIN_RED: dict[int, frozenset[int]] = {
    1: frozenset({0}),
    3: frozenset({1}),
    5: frozenset({2}),
    6: frozenset({2, 3, 4, 5}),
    7: frozenset({3, 4, 5, 6}),
    9: frozenset({3, 4, 5}),
}
# Bamboo sticks: (centre x, centre y), each 11 units tall.
_SOU_STICKS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((15, 11), (15, 29)),
    3: ((15, 11), (9, 29), (21, 29)),
    4: ((10, 11), (20, 11), (10, 29), (20, 29)),
    5: ((9, 11), (21, 11), (15, 20), (9, 29), (21, 29)),
    6: ((7, 11), (15, 11), (23, 11), (7, 29), (15, 29), (23, 29)),
    7: ((15, 7), (7, 20), (15, 20), (23, 20), (7, 33), (15, 33), (23, 33)),
    8: ((6, 11), (12, 11), (18, 11), (24, 11), (6, 29), (12, 29), (18, 29), (24, 29)),
    9: ((7, 7), (15, 7), (23, 7), (7, 20), (15, 20), (23, 20), (7, 33), (15, 33), (23, 33)),
}
_SOU_RED: dict[int, frozenset[int]] = {
    5: frozenset({2}),
    7: frozenset({0}),
    9: frozenset({1, 4, 7}),
}


def _f(x: float) -> str:
    return f"{x:g}"


def _text(x: float, y: float, s: str, *, size: float, fill: str, font: str = _LATIN) -> str:
    return (
        f'<text x="{_f(x)}" y="{_f(y)}" font-family="{font}" font-size="{_f(size)}" '
        f'font-weight="bold" fill="{fill}" text-anchor="middle">{s}</text>'
    )


def _man(n: int, red: bool) -> str:
    return _text(15, 19, str(n), size=16, fill=_RED if red else _INK) + _text(
        15, 35, "萬", size=12, fill=_RED, font=_CJK
    )


def _pin(n: int, red: bool) -> str:
    dots = _PIN_DOTS[n]
    r = 10.5 if n == 1 else (5.2 if n <= 4 else 4.3 if n <= 7 else 3.8)
    out = []
    for i, (x, y) in enumerate(dots):
        if red or i in _PIN_RED.get(n, frozenset()):
            color = _RED
        else:
            color = _BLUE if (i % 2 == 0 or n == 2) else _GREEN
        out.append(
            f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="none" stroke="{color}" '
            f'stroke-width="{_f(r * 0.35)}"/>'
            f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r * 0.35)}" fill="{color}"/>'
        )
    return "".join(out)


def _stick(x: float, y: float, color: str, *, w: float = 4, h: float = 11) -> str:
    return (
        f'<rect x="{_f(x - w / 2)}" y="{_f(y - h / 2)}" width="{_f(w)}" height="{_f(h)}" '
        f'rx="{_f(w / 2)}" fill="{color}"/>'
        f'<line x1="{_f(x - w / 2)}" y1="{_f(y)}" x2="{_f(x + w / 2)}" y2="{_f(y)}" '
        f'stroke="{_FACE}" stroke-width="0.8"/>'
    )


def _sou(n: int, red: bool) -> str:
    if n == 1:  # one tall stick with red nodes, standing for the bird of the real tile
        color = _RED if red else _GREEN
        return (
            _stick(15, 20, color, w=7, h=30)
            + f'<circle cx="15" cy="7" r="3" fill="{_RED}"/>'
            + f'<circle cx="15" cy="33" r="3" fill="{_RED}"/>'
        )
    out = []
    for i, (x, y) in enumerate(_SOU_STICKS[n]):
        color = _RED if (red or i in _SOU_RED.get(n, frozenset())) else _GREEN
        out.append(_stick(x, y, color))
    return "".join(out)


def _honour(k: int, lang: str) -> str:
    if k < 31:
        letters = _WIND_LETTERS.get(lang, _WIND_LETTERS["en"])
        return _text(15, 28, letters[k - 27], size=22, fill=_INK)
    if k == 31:  # white dragon: an empty blue frame
        return (
            f'<rect x="6" y="7" width="18" height="26" rx="2" fill="none" stroke="{_BLUE}" '
            f'stroke-width="2"/><rect x="9" y="10" width="12" height="20" fill="none" '
            f'stroke="{_BLUE}" stroke-width="1"/>'
        )
    if k == 32:  # green dragon
        return _text(15, 28, "發", size=20, fill=_GREEN, font=_CJK)
    # red dragon: 中 drawn with strokes (a box crossed by a vertical stroke)
    return (
        f'<rect x="7" y="14" width="16" height="11" fill="none" stroke="{_RED}" '
        f'stroke-width="2.6"/><line x1="15" y1="6" x2="15" y2="35" stroke="{_RED}" '
        f'stroke-width="2.8" stroke-linecap="round"/>'
    )


def _bonus(t: Tile) -> str:
    i = t - 37
    color = _RED if i < 4 else _BLUE
    return (
        _text(6, 10, str(i % 4 + 1), size=8, fill=color)
        + _text(15, 29, _BONUS_GLYPHS[i], size=16, fill=color, font=_CJK)
        + f'<circle cx="24" cy="7" r="2.2" fill="none" stroke="{_GREEN}" stroke-width="1"/>'
    )


def _face(t: Tile, lang: str) -> str:
    if t >= 37:
        return _bonus(t)
    k = kind(t)
    red = is_red(t)
    if k >= 27:
        return _honour(k, lang)
    n = k % 9 + 1
    return (_man, _pin, _sou)[k // 9](n, red)


def _tile_group(
    t: Tile, x: float, y: float, *, sideways: bool, lang: str, down: bool = False
) -> str:
    top, face = (_BACK, "") if down else (_FACE, _face(t, lang))
    body = (
        f'<rect x="0" y="{_DEPTH}" width="{TILE_W}" height="{TILE_H}" rx="4" fill="{_BACK}"/>'
        f'<rect x="0" y="0" width="{TILE_W}" height="{TILE_H}" rx="4" fill="{top}" '
        f'stroke="{_EDGE}" stroke-width="1"/>' + face
    )
    if sideways:
        # turned a quarter to the right, lying on the row's baseline
        return (
            f'<g transform="translate({_f(x + TILE_H + _DEPTH)} {_f(y + TILE_H - TILE_W)}) '
            f'rotate(90)">{body}</g>'
        )
    return f'<g transform="translate({_f(x)} {_f(y)})">{body}</g>'


def tiles_svg(
    tiles: Sequence[Tile],
    *,
    sideways: Sequence[int] = (),
    face_down: Sequence[int] = (),
    lang: str = "en",
    height: str | None = "2em",
    joiner: str = "",
) -> str:
    """Draws *tiles* in a row as one SVG; the tiles at the indices in *sideways* (called
    tiles) lie on their side, those in *face_down* show their back (a concealed kan). With a
    *joiner* (``"→"``) an arrow is drawn between tiles.
    *height* is the CSS height of the drawing (None: no ``style`` attribute, for pages whose
    Content-Security-Policy forbids inline styles and whose style sheet sizes ``svg.tiles``);
    *lang* picks the wind letters.

    >>> from tenpai.tiles import parse_tiles
    >>> s = tiles_svg(parse_tiles("1z2z"), lang="fr", joiner="→")
    >>> s.count("<g "), ">S<" in s, "<path" in s
    (2, True, True)
    """
    parts: list[str] = []
    x = 0.0
    arrow_w = 14.0 if joiner else 0.0
    for i, t in enumerate(tiles):
        if i and arrow_w:
            mid = TILE_H / 2
            parts.append(
                f'<path d="M{_f(x + 2)} {_f(mid)} H{_f(x + arrow_w - 4)} M{_f(x + arrow_w - 7)} '
                f"{_f(mid - 3)} L{_f(x + arrow_w - 3)} {_f(mid)} L{_f(x + arrow_w - 7)} "
                f'{_f(mid + 3)}" fill="none" stroke="{_INK}" stroke-width="1.5"/>'
            )
            x += arrow_w
        side = i in sideways
        parts.append(_tile_group(t, x, 0, sideways=side, lang=lang, down=i in face_down))
        x += (TILE_H + _DEPTH if side else TILE_W) + _GAP
    width = max(x - _GAP, 0)
    full_h = TILE_H + _DEPTH
    label = " ".join(tile_name(t) for t in tiles)
    style = "" if height is None else f' style="height:{height};vertical-align:middle"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tiles" role="img" '
        f'aria-label="{label}" viewBox="0 0 {_f(width + 1)} {_f(full_h + 1)}"{style}>'
        + "".join(parts)
        + "</svg>"
    )


def tile_svg(
    tile: Tile, *, sideways: bool = False, lang: str = "en", height: str | None = "2em"
) -> str:
    """Draws one *tile* as an SVG (lying on its side when *sideways*).

    >>> from tenpai.tiles import parse_tile
    >>> "<circle" in tile_svg(parse_tile("9p"))
    True
    >>> "style=" in tile_svg(parse_tile("9p"), height=None)
    False
    """
    return tiles_svg((tile,), sideways=(0,) if sideways else (), lang=lang, height=height)


def meld_layout(meld: Meld) -> tuple[tuple[Tile, ...], tuple[int, ...]]:
    """Gets the tiles of *meld* in the order they lie on the table and the index of the
    called tile, turned sideways where its giver sits: first from the left, in the middle
    from across, last from the right (none for a concealed kan).

    >>> from tenpai.hand import Meld
    >>> from tenpai.tiles import parse_tiles
    >>> meld_layout(Meld("pon", parse_tiles("999s"), 1))
    ((26, 26, 26), (2,))
    """
    rest = tuple(sorted(meld.tiles[1:], key=sort_key))
    if meld.type == "ankan":
        return tuple(sorted(meld.tiles, key=sort_key)), ()
    called = meld.tiles[0]
    at = {3: 0, 2: 1, 1: len(meld.tiles) - 1}.get(meld.from_rel, 0)
    return (*rest[:at], called, *rest[at:]), (at,)


def hand_svg(
    hand: Hand, *, lang: str = "en", height: str | None = "2.6em", split: bool = False
) -> str:
    """Draws *hand* as it lies: the concealed tiles, each meld (its called tile sideways, the
    outer tiles of a concealed kan face down), the kita (norths set aside, sideways), then
    the winning tile apart, as SVG drawings separated by spaces. With *split* each concealed
    tile is a drawing of its own and each part (the concealed tiles, a meld, the kita, the
    winning tile) a ``span.tile-group``, so that a narrow page can wrap the row.

    >>> from tenpai.hand import Hand
    >>> hand_svg(Hand.parse("123m456p789s1z pon 999s:left ron 1z")).count("<svg")
    3
    >>> hand_svg(Hand.parse("123m456p789s1z pon 999s:left ron 1z"), split=True).count("<svg")
    12
    """
    parts: list[str] = []
    if hand.concealed:
        if split:
            parts.append("".join(tiles_svg((t,), lang=lang, height=height) for t in hand.concealed))
        else:
            parts.append(tiles_svg(hand.concealed, lang=lang, height=height))
    for m in hand.melds:
        tiles, side = meld_layout(m)
        down = (0, 3) if m.type == "ankan" else ()
        parts.append(tiles_svg(tiles, sideways=side, face_down=down, lang=lang, height=height))
    if hand.kita:  # the norths set aside (three players), sideways as they lie
        norths = (30,) * hand.kita
        parts.append(tiles_svg(norths, sideways=tuple(range(hand.kita)), lang=lang, height=height))
    if hand.win_tile is not None:
        parts.append(tiles_svg((hand.win_tile,), lang=lang, height=height))
    if split:
        return "".join(f'<span class="tile-group">{p}</span>' for p in parts)
    return " ".join(parts)
