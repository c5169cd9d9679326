"""Hands, melds and the one-line hand notation.

The notation, for people::

    CONCEALED [MELD ...] [ron|tsumo TILE]

* ``CONCEALED``: MPSZ tiles in the hand, the winning tile excluded (``234m678p45667s88s``);
  spaces between groups are allowed.
* ``MELD``: a meld word then its tiles, the called tile written first, and optionally
  ``:left`` / ``:across`` / ``:right`` (or ``:3`` / ``:2`` / ``:1``) for whom it was called from:
  ``chi 406p``, ``pon 999s:across``, ``kan 7777m:right`` (open kan on a discard),
  ``kakan 1111s`` (a pon extended by an added tile), ``ankan 5555z`` (concealed kan).
  Synonyms: ``chii``/``chow``; ``pung``; ``minkan``/``daiminkan``/``kong``; ``shouminkan``.
* ``kita 4z``: a north set aside as kita (three players, one entry per north; ``kita 44z``
  writes two). Kita are no meld: they count as dora, not as tiles of the hand.
* ``ron TILE`` or ``tsumo TILE``: the winning tile. Without it the hand is a waiting or
  partial hand (for shanten and waits).

``|``, ``;`` and ``,`` may separate the parts (as in ``CONCEALED | MELD ; ron TILE``,
or ``88s,ron,5s``). Full-width letters and digits (``１２３ｍ``, typed on a Japanese keyboard)
read as their ASCII forms (NFKC); errors quote the text as written.

>>> h = Hand.parse("55z123m99p chi 406p pon 999s:across tsumo 5z")
>>> h
Hand.parse('123m99p55z chi 406p:left pon 999s:across tsumo 5z')
>>> len(h.concealed), len(h.melds), h.tsumo
(7, 2, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .errors import InvalidHand, Msg, NotationError, msg, quoted
from .tiles import (
    MAX_TEXT,
    NORTH,
    Tile,
    counts34,
    format_tiles,
    is_bonus,
    is_red,
    kind,
    normalize_width,
    parse_tiles,
    sort_key,
    tile_name,
)

__all__ = [
    "FROM_REL_NAMES",
    "MELD_TYPES",
    "Hand",
    "Meld",
    "check_copies",
    "check_meld",
]

MELD_TYPES = ("chi", "pon", "daiminkan", "shouminkan", "ankan")
"""Meld types, with the names of the interchange format."""

_MELD_WORDS = {
    "chi": "chi",
    "chii": "chi",
    "chow": "chi",
    "pon": "pon",
    "pung": "pon",
    "kan": "daiminkan",
    "kong": "daiminkan",
    "minkan": "daiminkan",
    "daiminkan": "daiminkan",
    "kakan": "shouminkan",
    "shouminkan": "shouminkan",
    "ankan": "ankan",
}
_WRITE_WORD = {
    "chi": "chi",
    "pon": "pon",
    "daiminkan": "kan",
    "shouminkan": "kakan",
    "ankan": "ankan",
}
FROM_REL_NAMES = {1: "right", 2: "across", 3: "left"}
"""``from_rel`` (1 next player, 2 across, 3 previous player) and the words of the notation."""
_FROM_WORDS = {
    "1": 1,
    "2": 2,
    "3": 3,
    "right": 1,
    "shimocha": 1,
    "across": 2,
    "toimen": 2,
    "left": 3,
    "kamicha": 3,
}
_KITA_WORDS = ("kita", "pei", "nukidora")
_SIZE = {"chi": 3, "pon": 3, "daiminkan": 4, "shouminkan": 4, "ankan": 4}


@dataclass(frozen=True, slots=True)
class Meld:
    """A called or declared set.

    *tiles* in written order with the called tile first (for an ankan, as written);
    *from_rel*: 1 next player (right), 2 across, 3 previous player (left), 0 for an ankan.
    """

    type: str
    tiles: tuple[Tile, ...]
    from_rel: int = 3

    def __post_init__(self) -> None:
        if self.type not in _SIZE:
            raise InvalidHand.of(msg("errors.hand.meld_type", type=self.type))
        if self.type == "ankan" and self.from_rel != 0:
            object.__setattr__(self, "from_rel", 0)

    @property
    def kind(self) -> int:
        """Gets the lowest kind of the meld (the kind of a pon or kan)."""
        return min(kind(t) for t in self.tiles)

    @property
    def is_open(self) -> bool:
        """Tells whether the meld opens the hand (every meld but an ankan)."""
        return self.type != "ankan"

    @property
    def is_kan(self) -> bool:
        """Tells whether the meld is a quad."""
        return len(self.tiles) == 4

    @property
    def is_chi(self) -> bool:
        """Tells whether the meld is a sequence."""
        return self.type == "chi"

    @property
    def called_tile(self) -> Tile | None:
        """Gets the tile taken from another player (None for an ankan)."""
        return None if self.type == "ankan" else self.tiles[0]

    def format(self) -> str:
        """Writes the meld in the hand notation (``pon 999s:across``), the called tile first."""
        if self.type == "ankan":
            order: tuple[Tile, ...] = tuple(sorted(self.tiles, key=sort_key))
        else:
            order = self.tiles[:1] + tuple(sorted(self.tiles[1:], key=sort_key))
        text = "".join(tile_name(t)[0] for t in order) + tile_name(order[0])[1]
        src = "" if self.type == "ankan" else f":{FROM_REL_NAMES[self.from_rel]}"
        return f"{_WRITE_WORD[self.type]} {text}{src}"

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Reads one meld such as ``'pon 999s:across'``.

        :raises NotationError: on a bad word or tile; :raises InvalidHand: on an impossible set.
        """
        m = re.match(r"\s*(\S+)\s+(\S+)\s*$", normalize_width(text))
        if m is None:
            raise NotationError.at(msg("errors.meld.shape"), text=text)
        return _parse_meld(m.group(1), m.start(1), m.group(2), m.start(2), text)


def check_meld(m: Meld, src: str = "", start: int = 0, end: int = 0) -> None:
    """Checks that *m* is a possible set (a chi of three consecutive tiles of one suit from
    the left, a pon or kan of one kind); *src*[*start*:*end*] is the user's text of it.

    :raises InvalidHand: naming the meld and what is wrong.
    """
    kinds = sorted(kind(t) for t in m.tiles)
    size = _SIZE[m.type]
    where = quoted(src[start:end]) if src else format_tiles(m.tiles)
    if len(m.tiles) != size:
        if src:
            raise InvalidHand.of(
                msg("errors.meld.size_in", type=m.type, size=size, n=len(m.tiles), where=where),
                *_in(src),
            )
        raise InvalidHand.of(msg("errors.meld.size", type=m.type, size=size, n=len(m.tiles)))
    if m.type == "chi":
        if kinds[0] >= 27:
            raise InvalidHand.of(msg("errors.meld.chi_honours", where=where), *_in(src))
        if not (
            kinds[0] // 9 == kinds[2] // 9 and kinds[1] == kinds[0] + 1 and kinds[2] == kinds[0] + 2
        ):
            raise InvalidHand.of(msg("errors.meld.chi_run", where=where), *_in(src))
        if m.from_rel != 3:
            raise InvalidHand.of(msg("errors.meld.chi_left", where=where), *_in(src))
    elif kinds[0] != kinds[-1]:
        raise InvalidHand.of(msg("errors.meld.identical", type=m.type, where=where), *_in(src))
    if m.type != "ankan" and m.from_rel not in (1, 2, 3):
        raise InvalidHand.of(msg("errors.meld.from", where=where), *_in(src))


def _at(key: str, text: str, pos: int, token: str, **params: object) -> NotationError:
    """The error of message *key* about *token*, written at *pos* in the user's *text*."""
    return NotationError.at(msg(key, **params), text=text, start=pos, end=pos + len(token))


def _in(src: str) -> tuple[Msg, ...]:
    """The message part that names the user's whole text (none without one)."""
    return (msg("errors.notation.in", text=quoted(src)),) if src else ()


_TOKEN = re.compile(r"[^\s|;,]+")
_SRC_RE = re.compile(r"^(?P<tiles>[^:]*)(?::(?P<src>\S*))?$")


def _parse_meld(word: str, wpos: int, body: str, bpos: int, src: str) -> Meld:
    mtype = _MELD_WORDS.get(word.lower())
    if mtype is None:
        raise NotationError.at(
            msg("errors.meld.word", word=word), text=src, start=wpos, end=wpos + len(word)
        )
    if not body:
        raise NotationError.at(
            msg("errors.meld.no_tiles", word=word), text=src, start=wpos, end=wpos + len(word)
        )
    mt = _SRC_RE.match(body)
    assert mt is not None
    tiles_txt, src_txt = mt.group("tiles"), mt.group("src")
    tiles = parse_tiles(tiles_txt, source=src, offset=bpos)
    from_rel = 0 if mtype == "ankan" else 3
    if src_txt is not None:
        spos = bpos + len(tiles_txt) + 1
        if mtype == "ankan":
            raise NotationError.at(
                msg("errors.meld.ankan_source"),
                text=src,
                start=spos - 1,
                end=spos + len(src_txt),
            )
        got = _FROM_WORDS.get(src_txt.lower())
        if got is None:
            raise NotationError.at(
                msg("errors.meld.source", source=src_txt),
                text=src,
                start=spos,
                end=spos + len(src_txt),
            )
        from_rel = got
    elif mtype == "ankan":
        from_rel = 0
    meld = Meld(mtype, tiles, from_rel)
    check_meld(meld, src, bpos, bpos + len(body))
    return meld


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand: concealed tiles (the winning tile excluded), melds, and the win if any.

    *concealed* (kept sorted) and *melds* keep red fives; *win_tile* is None for a waiting or
    partial hand; *kita* counts the norths set aside as kita (three players), which are
    neither concealed tiles nor melds.
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    win_tile: Tile | None = None
    tsumo: bool = False
    kita: int = 0
    _counts: tuple[int, ...] = field(default=(), compare=False, repr=False)
    text: str = field(default="", compare=False, repr=False)
    """The text the hand was read from (:meth:`parse`), which errors quote; empty when the
    hand was built from tiles."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "concealed", tuple(sorted(self.concealed, key=sort_key)))
        object.__setattr__(self, "melds", tuple(self.melds))
        tiles = self.concealed + ((self.win_tile,) if self.win_tile is not None else ())
        object.__setattr__(self, "_counts", tuple(counts34(tiles)))

    # ---- reading and writing -------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, *, validate: bool = True) -> Hand:
        """Reads a hand in the one-line notation (see the module docstring).

        :raises NotationError: on a word or tile that cannot be read;
        :raises InvalidHand: on a fifth tile, a second red five, an impossible meld or a
            wrong number of tiles.

        >>> Hand.parse("234m678p45667s88s ron 5s").win_tile
        22
        """
        concealed: list[Tile] = []
        melds: list[Meld] = []
        win: Tile | None = None
        tsumo = False
        if len(text) > MAX_TEXT:
            raise NotationError.at(
                msg("errors.tiles.too_long", n=f"{len(text):,}", most=f"{MAX_TEXT:,}"), text=text
            )
        toks = [(m.group(), m.start()) for m in _TOKEN.finditer(normalize_width(text))]
        i = 0
        seen_win = False
        kita = 0
        while i < len(toks):
            tok, pos = toks[i]
            low = tok.lower()
            if low in _KITA_WORDS:
                if seen_win:
                    raise _at("errors.hand.kita_order", text, pos, tok)
                if i + 1 >= len(toks):
                    raise _at("errors.hand.kita_tiles", text, pos, tok, tok=tok)
                body, bpos = toks[i + 1]
                norths = parse_tiles(body, source=text, offset=bpos)
                if any(t != NORTH for t in norths):
                    raise _at("errors.hand.kita_north", text, bpos, body, body=body)
                kita += len(norths)
                i += 2
                continue
            if low in _MELD_WORDS:
                if seen_win:
                    raise _at("errors.hand.meld_order", text, pos, tok)
                if i + 1 >= len(toks):
                    raise _at("errors.meld.no_tiles", text, pos, tok, word=tok)
                body, bpos = toks[i + 1]
                melds.append(_parse_meld(tok, pos, body, bpos, text))
                i += 2
                continue
            if low in ("ron", "tsumo"):
                if seen_win:
                    raise _at("errors.hand.second_win", text, pos, tok)
                if i + 1 >= len(toks):
                    raise _at("errors.hand.win_tile", text, pos, tok, tok=tok)
                wtxt, wpos = toks[i + 1]
                wt = parse_tiles(wtxt, source=text, offset=wpos)
                if len(wt) != 1:
                    raise NotationError.at(
                        msg("errors.hand.one_win_tile", tok=tok, n=len(wt)),
                        text=text,
                        start=wpos,
                        end=wpos + len(wtxt),
                    )
                win, tsumo, seen_win = wt[0], low == "tsumo", True
                i += 2
                continue
            if melds or seen_win:
                raise _at("errors.hand.unexpected", text, pos, tok, tok=tok)
            if tok[0].isalpha() and not (len(tok) == 2 and tok[0] in "fs" and tok[1] in "1234"):
                raise _at("errors.hand.unknown_word", text, pos, tok, tok=tok)
            concealed.extend(parse_tiles(tok, source=text, offset=pos))
            i += 1
        hand = cls(tuple(concealed), tuple(melds), win, tsumo, kita, text=text)
        if validate:
            hand.validate(text=text)
        return hand

    def written(self) -> str:
        """Gets the hand as the user wrote it (:attr:`text`), else in the notation."""
        return self.text or self.format()

    def format(self) -> str:
        """Writes the hand in the one-line notation; ``Hand.parse(h.format()) == h``."""
        parts = [format_tiles(self.concealed)] if self.concealed else []
        parts += [m.format() for m in self.melds]
        parts += ["kita 4z"] * self.kita
        if self.win_tile is not None:
            parts.append(f"{'tsumo' if self.tsumo else 'ron'} {tile_name(self.win_tile)}")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Hand.parse({self.format()!r})"

    def __str__(self) -> str:
        return self.format()

    # ---- derived facts ----------------------------------------------------------------------
    @property
    def counts(self) -> tuple[int, ...]:
        """Gets the 34-counts of the concealed tiles plus the winning tile (melds excluded)."""
        return self._counts

    @property
    def closed_tiles(self) -> tuple[Tile, ...]:
        """Gets the concealed tiles with the winning tile (as the interchange format lists them)."""
        return self.concealed + ((self.win_tile,) if self.win_tile is not None else ())

    @property
    def is_closed(self) -> bool:
        """Tells whether the hand is closed: no meld but ankan."""
        return all(not m.is_open for m in self.melds)

    def all_tiles(self) -> tuple[Tile, ...]:
        """Gets every tile of the hand, melds and winning tile included (quads count 4)."""
        out = list(self.closed_tiles)
        for m in self.melds:
            out.extend(m.tiles)
        return tuple(out)

    @property
    def size(self) -> int:
        """Gets the number of tiles counting each meld as 3 (a complete hand has 14)."""
        return len(self.closed_tiles) + 3 * len(self.melds)

    def validate(
        self, *, text: str = "", visible: Sequence[Tile] = (), max_red: Sequence[int] = (1, 2, 1)
    ) -> None:
        """Checks the tile counts, red fives and size of the hand.

        *visible* are more tiles that must exist besides the hand (dora indicators, ...);
        *max_red* is how many red 5m, 5p, 5s the set holds.

        :raises InvalidHand: naming what is wrong, in the user's notation.
        """
        bonus = next((t for t in self.all_tiles() if is_bonus(t)), None)
        if bonus is not None:
            raise InvalidHand.of(msg("errors.hand.bonus", tile=tile_name(bonus)), *_in(text))
        check_copies(self.all_tiles() + (NORTH,) * self.kita, visible, text=text, max_red=max_red)
        n = self.size
        if self.win_tile is not None:
            if n != 14:
                raise InvalidHand.of(msg("errors.hand.win_size", n=n), *_in(text))
        elif n % 3 == 0 or n > 14 or n < 1:
            raise InvalidHand.of(msg("errors.hand.size", n=n), *_in(text))


def check_copies(
    tiles: Iterable[Tile],
    visible: Iterable[Tile] = (),
    *,
    text: str = "",
    max_red: Sequence[int] = (1, 2, 1),
) -> None:
    """Checks that no kind appears more than 4 times and no red five more than allowed.

    :raises InvalidHand: ``a fifth 5m ...`` or ``two red 0m ...``.
    """
    all_t = list(tiles) + list(visible)
    c = counts34(all_t)
    for k, n in enumerate(c):
        if n > 4:
            key = "errors.hand.copies_dora" if visible else "errors.hand.copies"
            raise InvalidHand.of(msg(key, n=n, tile=tile_name(k)), *_in(text))
    reds = [0, 0, 0]
    for t in all_t:
        if is_red(t):
            reds[t - 34] += 1
    for s, n in enumerate(reds):
        if n > max_red[s]:
            name = "0" + "mps"[s]
            if max_red[s]:
                raise InvalidHand.of(
                    msg("errors.hand.reds", n=n, name=name, most=max_red[s]), *_in(text)
                )
            raise InvalidHand.of(msg("errors.hand.reds_none", n=n, name=name), *_in(text))
