"""Finds the characters a PDF draws with no glyph: the empty boxes a reader sees.

WeasyPrint embeds each font as a Type0 font with CID-keyed glyphs: a code shown by a text
operator (``Tj``, ``TJ``, ``'``, ``"``) reads as a CID through the font's encoding (``Identity-H``
or a CMap stream of its own), and its character through the font's ``ToUnicode`` CMap. A
character that no font has is drawn with CID 0, the ``.notdef`` glyph, in the last font the
fallback tried (PDF 32000-1:2008, 9.7.6.3: CID 0 is the notdef glyph). The inline SVG of the
tiles draws its text in Form XObjects, which are read too. Used by tests/test_pdf_glyphs.py.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream, IndirectObject, NameObject

_HEX = rb"<([0-9A-Fa-f]+)>"


@dataclass(frozen=True)
class Shown:
    """A character a text operator draws: the font that draws it (its base name), the
    character as the font's ToUnicode map gives it, and the CID of its glyph (0: none)."""

    font: str
    char: str
    cid: int


def _cmap_pairs(data: bytes) -> tuple[dict[int, int], list[tuple[int, int, int]]]:
    """Reads the ``cidchar``/``bfchar`` pairs and ``cidrange``/``bfrange`` ranges of a CMap."""
    single: dict[int, int] = {}
    ranges: list[tuple[int, int, int]] = []
    for block in re.findall(rb"begin(?:cid|bf)char(.*?)end(?:cid|bf)char", data, re.S):
        for src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\d+)", block):
            single[int(src, 16)] = int(dst[1:-1], 16) if dst.startswith(b"<") else int(dst)
    for block in re.findall(rb"begin(?:cid|bf)range(.*?)end(?:cid|bf)range", data, re.S):
        for lo, hi, dst in re.findall(
            rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\d+)", block
        ):
            start = int(dst[1:-1], 16) if dst.startswith(b"<") else int(dst)
            ranges.append((int(lo, 16), int(hi, 16), start))
    return single, ranges


def _unicode_map(data: bytes) -> dict[int, str]:
    """Reads a ToUnicode CMap: code -> text (UTF-16BE destinations, surrogates included)."""
    out: dict[int, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(src, 16)] = bytes.fromhex(dst.decode()).decode("utf-16-be", "replace")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, dst in re.findall(_HEX + rb"\s*" + _HEX + rb"\s*" + _HEX, block):
            first = int(dst, 16)
            for i, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                out[code] = chr(first + i)
    return out


class _Font:
    """What a text operator's bytes mean in one font: codes, their CIDs and characters."""

    def __init__(self, font: Any) -> None:
        self.name = str(font.get("/BaseFont", "?")).lstrip("/").split("+")[-1]
        encoding = font.get("/Encoding")
        if isinstance(encoding, IndirectObject):
            encoding = encoding.get_object()
        self.identity = encoding in ("/Identity-H", "/Identity-V")
        self.two_bytes = str(font.get("/Subtype")) == "/Type0"
        self.cids: tuple[dict[int, int], list[tuple[int, int, int]]] = ({}, [])
        if not self.identity and hasattr(encoding, "get_data"):
            self.cids = _cmap_pairs(encoding.get_data())
        elif not self.identity and self.two_bytes:
            raise ValueError(f"font {self.name}: encoding {encoding!r} is not read")
        to_unicode = font.get("/ToUnicode")
        self.chars = _unicode_map(to_unicode.get_object().get_data()) if to_unicode else {}

    def cid(self, code: int) -> int:
        if self.identity:
            return code
        single, ranges = self.cids
        if code in single:
            return single[code]
        for lo, hi, start in ranges:
            if lo <= code <= hi:
                return start + code - lo
        return 0  # a code the encoding does not map selects the notdef glyph (9.7.6.3)

    def codes(self, raw: bytes) -> Iterator[int]:
        if not self.two_bytes:
            yield from raw
            return
        for i in range(0, len(raw) - 1, 2):
            yield raw[i] << 8 | raw[i + 1]


def _raw(operand: Any) -> bytes | None:
    if isinstance(operand, bytes):
        return bytes(operand)
    original = getattr(operand, "original_bytes", None)
    return bytes(original) if original is not None else None


def _walk(stream: Any, resources: Any, reader: PdfReader, seen: set[int]) -> Iterator[Shown]:
    fonts = resources.get("/Font", {}) if resources else {}
    xobjects = resources.get("/XObject", {}) if resources else {}
    cache: dict[str, _Font] = {}
    current: _Font | None = None
    for operands, operator in ContentStream(stream, reader).operations:
        if operator == b"Tf":
            key = str(operands[0])
            if key not in cache:
                cache[key] = _Font(fonts[NameObject(key)].get_object())
            current = cache[key]
        elif operator in (b"Tj", b"'", b'"', b"TJ"):
            if current is None:
                continue
            items = operands[0] if operator == b"TJ" else operands[-1:]
            for item in items:
                raw = _raw(item)
                if raw is None:
                    continue  # a kerning number of TJ
                for code in current.codes(raw):
                    yield Shown(current.name, current.chars.get(code, "?"), current.cid(code))
        elif operator == b"Do":
            ref = xobjects[NameObject(str(operands[0]))]
            if isinstance(ref, IndirectObject):
                if ref.idnum in seen:
                    continue
                seen.add(ref.idnum)
            form = ref.get_object()
            if form.get("/Subtype") == "/Form":
                yield from _walk(form, form.get("/Resources", resources), reader, seen)


def shown(pdf: bytes) -> list[Shown]:
    """Lists every character *pdf* draws, in page order."""
    reader = PdfReader(io.BytesIO(pdf))
    out: list[Shown] = []
    for page in reader.pages:
        contents = page.get_contents()
        if contents is not None:
            out += _walk(contents, page.get("/Resources"), reader, set())
    return out


def missing_glyphs(pdf: bytes) -> list[Shown]:
    """Lists every character of *pdf* drawn with no glyph (the notdef box), in page order."""
    return [s for s in shown(pdf) if s.cid == 0]
