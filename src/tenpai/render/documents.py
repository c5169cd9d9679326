"""The generated documents by name: the riichi card and the Hong Kong pages, and the list of
golden copies kept under ``docs/generated/`` (rewritten by ``make docs``, checked by a test).

>>> doc = card_document(lang="en")
>>> doc.title
'Scoring card'
"""

from __future__ import annotations

from ..errors import TenpaiError, msg
from ..hk.rules import HKRules
from ..riichi.rules import Ruleset
from ..variants import VARIANTS
from . import render
from .doc import Document

__all__ = ["GENERATED", "card_document", "generated_files"]


def card_document(
    *,
    variant: str = "riichi",
    page: str | None = None,
    rules: Ruleset | HKRules | None = None,
    lang: str = "fr",
) -> Document:
    """Builds a generated document: the riichi card for *rules* (default ``bareme``), or with
    ``variant="hk"`` the Hong Kong *page* ``fan`` (default) or ``payments`` for the Hong Kong
    *rules* (default: the seed's), in *lang*.

    :raises TenpaiError: for an unknown variant or page;
    :raises RulesError: for rules of the other variant.

    >>> from tenpai.hk import find_rules
    >>> card_document(variant="hk", page="payments", rules=find_rules("yawnoc")).title
    'Points et paiements'
    """
    entry = VARIANTS.get(variant)
    if entry is None:
        raise TenpaiError.of(msg("errors.render.document_variant", variant=variant))
    return entry.document(page, rules, lang)


GENERATED: tuple[tuple[str, str, str | None, str, str], ...] = (
    # (file under docs/generated, variant, page, lang, format)
    ("bareme.fr.md", "riichi", None, "fr", "md"),
    ("bareme.en.md", "riichi", None, "en", "md"),
    ("bareme.fr.html", "riichi", None, "fr", "html"),
    ("bareme.en.html", "riichi", None, "en", "html"),
    ("hk-fan.fr.md", "hk", "fan", "fr", "md"),
    ("hk-fan.en.md", "hk", "fan", "en", "md"),
    ("hk-fan.fr.html", "hk", "fan", "fr", "html"),
    ("hk-fan.en.html", "hk", "fan", "en", "html"),
    ("hk-payments.fr.md", "hk", "payments", "fr", "md"),
    ("hk-payments.en.md", "hk", "payments", "en", "md"),
    ("hk-payments.fr.html", "hk", "payments", "fr", "html"),
    ("hk-payments.en.html", "hk", "payments", "en", "html"),
)
"""Every golden copy: file name, variant, page, language, format."""


def generated_files() -> dict[str, str]:
    """Renders every golden copy: file name under ``docs/generated/`` -> its text."""
    return {
        name: render(card_document(variant=variant, page=page, lang=lang), fmt)
        for name, variant, page, lang, fmt in GENERATED
    }
