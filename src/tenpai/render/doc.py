"""A small document model shared by the generated documents and their renderers.

The card and the Hong Kong pages are built once as a :class:`Document` (words and numbers
already chosen for a language and a ruleset); each format (``md``, ``html``) is a pure
function of that value. Inline content is a tuple of spans; blocks nest only where a
document needs it (the steps of the fu count).

>>> doc = Document("Titre", "fr", (Heading(2, text("1 han")), Bullets((text("Riichi"),))))
>>> [type(b).__name__ for b in doc.blocks]
['Heading', 'Bullets']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from ..tiles import Tile

__all__ = [
    "Block",
    "Br",
    "Bullets",
    "Cell",
    "Document",
    "Heading",
    "Inline",
    "Link",
    "Para",
    "Section",
    "Span",
    "Step",
    "Steps",
    "Table",
    "Tiles",
    "em",
    "strong",
    "text",
]


@dataclass(frozen=True, slots=True)
class Span:
    """A run of text with one *style*: ``""`` (plain), ``strong``, ``em``, ``badge`` (a small
    label such as the closed value of a yaku), ``sup`` (exponent), ``num`` (a number that must
    not be broken across lines), ``zh`` (Chinese words), ``limit`` (the name of a limit in a
    payment table cell), ``desc`` (a description the printed card leaves out where it repeats
    one given above)."""

    text: str
    style: str = ""


@dataclass(frozen=True, slots=True)
class Tiles:
    """Tiles drawn inline: *groups* of tiles, each group's tiles joined by *joiner*
    (``"→"`` for a dora order, ``""`` for a hand); *sideways* holds the (group, index) of
    called tiles drawn lying down."""

    groups: tuple[tuple[Tile, ...], ...]
    joiner: str = ""
    sideways: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Link:
    """A link to another generated document: *target* is its name without extension
    (``hk-payments.fr``); each renderer adds its own (``.md``, ``.html``)."""

    text: str
    target: str


@dataclass(frozen=True, slots=True)
class Br:
    """A line break inside a table cell (the two payments of a tsumo cell)."""


Inline: TypeAlias = "Span | Tiles | Link | Br"
Cell: TypeAlias = "tuple[Inline, ...]"


def text(s: str) -> tuple[Inline, ...]:
    """Gets plain inline content holding *s*."""
    return (Span(s),)


def strong(s: str) -> Span:
    """Gets a strong span of *s*."""
    return Span(s, "strong")


def em(s: str) -> Span:
    """Gets an emphasised span of *s*."""
    return Span(s, "em")


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading of *level* 1-4."""

    level: int
    content: tuple[Inline, ...]
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Para:
    """A paragraph."""

    content: tuple[Inline, ...]
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Bullets:
    """A bulleted list, one inline content per item."""

    items: tuple[tuple[Inline, ...], ...]
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Table:
    """A table with a *header* row and body *rows*; *row_header* marks the first column as
    the rows' labels."""

    header: tuple[Cell, ...]
    rows: tuple[tuple[Cell, ...], ...]
    cls: str = ""
    row_header: bool = True


@dataclass(frozen=True, slots=True)
class Step:
    """One numbered step: its *number*, an optional *value* shown big beside it, a *title*
    and the blocks of its *body*."""

    number: int
    title: tuple[Inline, ...]
    body: tuple[Block, ...] = ()
    value: str = ""


@dataclass(frozen=True, slots=True)
class Steps:
    """Numbered steps (the fu count)."""

    steps: tuple[Step, ...]
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Section:
    """A group of blocks kept together (an HTML ``section``; nothing in Markdown)."""

    blocks: tuple[Block, ...]
    cls: str = ""


Block: TypeAlias = "Heading | Para | Bullets | Table | Steps | Section"


@dataclass(frozen=True, slots=True)
class Document:
    """A whole document: its *title* (for the HTML ``title``; the blocks hold their own
    first heading), *lang* (``fr`` or ``en``) and *blocks*."""

    title: str
    lang: str
    blocks: tuple[Block, ...]
