"""Tiles and the MPSZ notation.

A tile is a small ``int`` (``Tile``):

* ``0..33`` are the 34 kinds: 1m-9m = 0-8, 1p-9p = 9-17, 1s-9s = 18-26,
  East South West North = 27-30, White Green Red = 31-33 (the common 34-array order);
* ``34, 35, 36`` are the red fives 0m 0p 0s: the kinds 5m 5p 5s for every purpose but aka dora;
* ``37..40`` are the Hong Kong flowers f1-f4 (plum, orchid, chrysanthemum, bamboo) and
  ``41..44`` the seasons s1-s4 (spring, summer, autumn, winter); bonus tiles have no kind.

The hot paths work on 34-count lists; :func:`kind` folds a tile to its kind.

>>> parse_tiles("123m406p")
(0, 1, 2, 12, 35, 14)
>>> format_tiles(parse_tiles("406p123m1122z"))
'123m406p1122z'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from .errors import Msg, NotationError, msg

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import TypeAlias

__all__ = [
    "BONUS_TILES",
    "DORA_KIND",
    "DRAGONS",
    "GREEN_KINDS",
    "HONORS",
    "KINDS",
    "KIND_OF",
    "MAX_TEXT",
    "NUM_KINDS",
    "RED_FIVES",
    "TERMINALS",
    "WINDS",
    "YAOCHUU",
    "Tile",
    "counts34",
    "dora_of",
    "format_tiles",
    "is_bonus",
    "is_honor",
    "is_red",
    "is_terminal",
    "is_yaochuu",
    "kind",
    "normalize_width",
    "number",
    "parse_tile",
    "parse_tiles",
    "red_of",
    "sort_key",
    "suit",
    "tile_name",
    "unicode_tile",
]

Tile: TypeAlias = int
"""A tile id: 0-33 the kinds, 34-36 the red fives, 37-44 the Hong Kong bonus tiles."""

NUM_KINDS = 34
KINDS: tuple[Tile, ...] = tuple(range(NUM_KINDS))
RED_5M, RED_5P, RED_5S = 34, 35, 36
RED_FIVES: tuple[Tile, ...] = (RED_5M, RED_5P, RED_5S)
FLOWERS: tuple[Tile, ...] = (37, 38, 39, 40)
SEASONS: tuple[Tile, ...] = (41, 42, 43, 44)
BONUS_TILES: tuple[Tile, ...] = FLOWERS + SEASONS
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS: tuple[int, ...] = (EAST, SOUTH, WEST, NORTH)
DRAGONS: tuple[int, ...] = (WHITE, GREEN, RED)
HONORS: tuple[int, ...] = WINDS + DRAGONS
TERMINALS: tuple[int, ...] = (0, 8, 9, 17, 18, 26)
YAOCHUU: tuple[int, ...] = TERMINALS + HONORS
GREEN_KINDS: tuple[int, ...] = (19, 20, 21, 23, 25, GREEN)  # 2s 3s 4s 6s 8s and hatsu

SUITS = "mpsz"
_NUM_TILES = 45

KIND_OF: tuple[int, ...] = (*range(34), 4, 13, 22, *range(37, 45))
"""The kind of every tile id, as a table for the hot paths (:func:`kind` is the same look-up);
bonus tiles map to themselves: they are never counted in a 34-array."""
_YAOCHUU_SET = frozenset(YAOCHUU)
_TERMINAL_SET = frozenset(TERMINALS)


def kind(tile: Tile) -> int:
    """Gets the kind (0-33) of *tile*: a red five is a five.

    >>> kind(parse_tile("0p")) == parse_tile("5p")
    True
    """
    return KIND_OF[tile]


def is_red(tile: Tile) -> bool:
    """Tells whether *tile* is a red five."""
    return 34 <= tile <= 36


def red_of(kind_: int) -> Tile | None:
    """Gets the red tile of the five *kind_* (None for any other kind)."""
    return {4: RED_5M, 13: RED_5P, 22: RED_5S}.get(kind_)


def is_bonus(tile: Tile) -> bool:
    """Tells whether *tile* is a Hong Kong flower or season."""
    return tile >= 37


def is_honor(kind_: int) -> bool:
    """Tells whether the kind *kind_* is a wind or a dragon."""
    return 27 <= kind_ <= 33


def is_terminal(kind_: int) -> bool:
    """Tells whether the kind *kind_* is a 1 or a 9 of a suit."""
    return kind_ in _TERMINAL_SET


def is_yaochuu(kind_: int) -> bool:
    """Tells whether the kind *kind_* is a terminal or an honour."""
    return kind_ in _YAOCHUU_SET


def suit(kind_: int) -> int:
    """Gets the suit of a kind: 0 = m, 1 = p, 2 = s, 3 = honours."""
    return kind_ // 9


def number(kind_: int) -> int:
    """Gets the number 1-9 of a suited kind, or 1-7 of an honour."""
    return kind_ % 9 + 1


def dora_of(indicator: Tile) -> int:
    """Gets the dora kind that the *indicator* tile points to.

    Suits wrap 9 to 1, winds E S W N E, dragons white green red white.

    >>> tile_name(dora_of(parse_tile("9m"))), tile_name(dora_of(parse_tile("4z")))
    ('1m', '1z')
    >>> tile_name(dora_of(parse_tile("7z"))), tile_name(dora_of(parse_tile("0s")))
    ('5z', '6s')
    """
    k = KIND_OF[indicator]
    if k < 27:
        return k - 8 if k % 9 == 8 else k + 1
    if k < 31:
        return 27 if k == 30 else k + 1
    return 31 if k == 33 else k + 1


DORA_KIND: tuple[int, ...] = tuple(dora_of(t) for t in range(37))
"""The dora kind each indicator tile points to (:func:`dora_of` as a table, red fives
included)."""


def _name(tile: Tile) -> str:
    if tile < 27:
        return f"{tile % 9 + 1}{SUITS[tile // 9]}"
    if tile < 34:
        return f"{tile - 26}z"
    if tile < 37:
        return f"0{SUITS[tile - 34]}"
    if tile < 41:
        return f"f{tile - 36}"
    return f"s{tile - 40}"


_NAMES: tuple[str, ...] = tuple(_name(t) for t in range(_NUM_TILES))
_BY_NAME: dict[str, Tile] = {n: t for t, n in enumerate(_NAMES)}


def tile_name(tile: Tile) -> str:
    """Gets the MPSZ name of *tile* (``'5m'``, ``'0p'``, ``'7z'``, ``'f1'``)."""
    return _NAMES[tile]


# Unicode mahjong block: winds E S W N, dragons red green white, 1-9m, 1-9s, 1-9p, flowers, seasons.
_UNI_SUIT = {0: 0x1F007, 1: 0x1F019, 2: 0x1F010}
_UNI_HONOR = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
_UNI_BONUS = (0x1F022, 0x1F023, 0x1F025, 0x1F024, 0x1F026, 0x1F027, 0x1F028, 0x1F029)


def unicode_tile(tile: Tile) -> str:
    """Gets the Unicode mahjong character of *tile* (a red five shows as its five).

    >>> unicode_tile(parse_tile("1z")) == chr(0x1F000)
    True
    """
    if tile >= 37:
        return chr(_UNI_BONUS[tile - 37])
    k = KIND_OF[tile]
    if k >= 27:
        return chr(_UNI_HONOR[k - 27])
    return chr(_UNI_SUIT[k // 9] + k % 9)


MAX_TEXT = 1000
"""The longest text read as tiles or as a hand: a hand with four kans and its situation is
written in under a hundred characters, so a longer text is a mistake, refused before any
work (and its echo in the error is cut)."""

# Full-width forms (U+FF01-U+FF5E, the ideographic space U+3000) as NFKC reads them: one
# ASCII character each, so that positions in the text are kept.
_WIDE = {c: unicodedata.normalize("NFKC", chr(c)) for c in (*range(0xFF01, 0xFF5F), 0x3000)}
assert all(len(v) == 1 and v.isascii() for v in _WIDE.values())


def normalize_width(text: str) -> str:
    """Reads full-width letters, digits and spaces (``１２３ｍ``, as a Japanese keyboard types
    them) as their ASCII forms (NFKC), one character for one; other text is kept.

    >>> normalize_width("１２３ｍ　５ｚ")
    '123m 5z'
    """
    return text if text.isascii() else text.translate(_WIDE)


def parse_tile(text: str) -> Tile:
    """Reads one tile: ``'5m'``, ``'0p'`` (red five), ``'7z'``, ``'f1'``, ``'s4'``.

    :raises NotationError: if *text* is not exactly one tile.

    >>> parse_tile("0s")
    36
    """
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise NotationError.at(msg("errors.tiles.one_tile", n=len(tiles)), text=text)
    return tiles[0]


def parse_tiles(text: str, *, source: str | None = None, offset: int = 0) -> tuple[Tile, ...]:
    """Reads MPSZ tiles in the order written: digits followed by their suit letter.

    ``0`` is a red five (``0m 0p 0s``); honours are ``1z``-``7z``; Hong Kong bonus tiles are
    ``f1``-``f4`` and ``s1``-``s4`` (a suit letter with no digits before it). Spaces are allowed
    between groups; full-width forms read as ASCII (:func:`normalize_width`). Errors point into
    *source* (the user's whole text) at *offset*.

    :raises NotationError: on an unknown character, a digit without a suit, ``0z``/``8z``/``9z``.

    >>> [tile_name(t) for t in parse_tiles("12m f1 5z")]
    ['1m', '2m', 'f1', '5z']
    """
    src = text if source is None else source
    if len(text) > MAX_TEXT:
        raise NotationError.at(_too_long(text), text=src)
    text = normalize_width(text)
    out: list[Tile] = []
    pending: list[tuple[int, int]] = []  # (digit, position in src)
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        pos = offset + i
        if "0" <= ch <= "9":
            pending.append((ord(ch) - 48, pos))
        elif ch in "mpsz":
            if not pending:
                if ch in "sf" and i + 1 < n and text[i + 1] in "1234":
                    out.append(_BY_NAME[text[i : i + 2]])
                    i += 2
                    continue
                raise NotationError.at(msg("errors.tiles.suit_alone", ch=ch), text=src, start=pos)
            for digit, dpos in pending:
                if ch == "z" and not 1 <= digit <= 7:
                    raise NotationError.at(
                        msg("errors.tiles.honour", tile=f"{digit}z"),
                        text=src,
                        start=dpos,
                        end=pos + 1,
                    )
                out.append(_BY_NAME[f"{digit}{ch}"])
            pending.clear()
        elif ch == "f":
            if i + 1 < n and text[i + 1] in "1234" and not pending:
                out.append(_BY_NAME[text[i : i + 2]])
                i += 2
                continue
            raise NotationError.at(msg("errors.tiles.bonus"), text=src, start=pos, end=pos + 2)
        elif ch.isspace() or ch == ",":
            if pending:
                raise NotationError.at(
                    msg("errors.tiles.no_suit"), text=src, start=pending[0][1], end=pos
                )
        elif ch.isdigit() or ch.isnumeric():
            raise NotationError.at(msg("errors.tiles.digit", ch=ch), text=src, start=pos)
        else:
            raise NotationError.at(msg("errors.tiles.unknown_char", ch=ch), text=src, start=pos)
        i += 1
    if pending:
        raise NotationError.at(
            msg("errors.tiles.no_suit_end"), text=src, start=pending[0][1], end=offset + n
        )
    return tuple(out)


def _too_long(text: str) -> Msg:
    """The message of a text too long to be a hand (lengths grouped: ``1,000``)."""
    return msg("errors.tiles.too_long", n=f"{len(text):,}", most=f"{MAX_TEXT:,}")


def sort_key(tile: Tile) -> tuple[int, int]:
    """Gets the sort key of *tile*: by kind, a red five just before the plain fives."""
    return (KIND_OF[tile], 0 if 34 <= tile <= 36 else 1)


def format_tiles(tiles: Iterable[Tile], *, sort: bool = True) -> str:
    """Writes *tiles* in MPSZ, suits in the order m p s z then bonus tiles.

    With *sort* the tiles are ordered by kind (a red five just before the plain fives),
    which makes ``format_tiles(parse_tiles(x))`` canonical; without it the order is kept
    and a suit letter closes each run.

    >>> format_tiles(parse_tiles("55z123m"))
    '123m55z'
    >>> format_tiles(parse_tiles("055p"), sort=False)
    '055p'
    """
    seq: Sequence[Tile] = sorted(tiles, key=sort_key) if sort else list(tiles)
    parts: list[str] = []
    run_suit = ""
    run: list[str] = []
    for t in seq:
        name = _NAMES[t]
        if t >= 37:
            if run:
                parts.append("".join(run) + run_suit)
                run = []
                run_suit = ""
            parts.append(name)
            continue
        s = name[1]
        if s != run_suit and run:
            parts.append("".join(run) + run_suit)
            run = []
        run_suit = s
        run.append(name[0])
    if run:
        parts.append("".join(run) + run_suit)
    text = ""
    for p in parts:
        # a bonus tile after a suited run needs a space ("123s s1" is not "123ss1")
        if text and (p[0] in "fs" and p[1:].isdigit() and len(p) == 2):
            text += " "
        text += p
    return text


def counts34(tiles: Iterable[Tile]) -> list[int]:
    """Counts *tiles* by kind (a 34-list); bonus tiles are not counted."""
    c = [0] * NUM_KINDS
    for t in tiles:
        if t < 37:
            c[KIND_OF[t]] += 1
    return c
