"""Renderers: pure functions from a :class:`~tenpai.render.doc.Document` to ``str``,
registered by format name, and the generated documents (the riichi card, the Hong Kong
pages) built from the rules.

>>> sorted(RENDERERS)
['html', 'md']
>>> from tenpai.render.doc import Document, Para, text
>>> render(Document("T", "en", (Para(text("Hello")),)), "md")
'Hello\\n'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import TenpaiError, msg
from .doc import Document
from .html import render_html
from .md import render_md

__all__ = ["RENDERERS", "Renderer", "register", "render"]

Renderer = Callable[..., str]
"""A renderer: ``renderer(doc, **options) -> str``, its options keyword-only."""

RENDERERS: dict[str, Renderer] = {}
"""Every text renderer by format name (PDF, being bytes, is :mod:`tenpai.render.pdf`)."""


def register(name: str, renderer: Renderer) -> None:
    """Registers *renderer* under the format *name* (replacing any earlier one)."""
    RENDERERS[name] = renderer


def render(doc: Document, fmt: str, **options: Any) -> str:
    """Renders *doc* in the format *fmt*, passing the renderer its keyword *options*.

    :raises TenpaiError: for an unknown format, naming the known ones.
    """
    try:
        renderer = RENDERERS[fmt]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise TenpaiError.of(msg("errors.render.unknown_format", fmt=fmt, known=known)) from None
    return renderer(doc, **options)


register("md", render_md)
register("html", render_html)
