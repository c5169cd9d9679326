"""The generated documents by name: the riichi card and the Hong Kong pages, and the list of
golden copies kept under ``docs/generated/`` (rewritten by ``make docs``, checked by a test).

>>> doc = card_document(lang="en")
>>> doc.title
'Scoring card'
"""

from __future__ import annotations

from ..errors import RulesError, TenpaiError
from ..hk.rules import HKRules
from ..riichi.rules import Ruleset, find_rules
from . import render
from .card import riichi_card
from .doc import Document
from .hk_data import hk_page_data
from .hk_pages import fan_page, payments_page

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

    >>> from tenpai.hk import find_hk_rules
    >>> card_document(variant="hk", page="payments", rules=find_hk_rules("yawnoc")).title
    'Points et paiements'
    """
    if variant == "riichi":
        if isinstance(rules, HKRules):
            raise RulesError("the riichi card needs riichi rules, not Hong Kong rules")
        return riichi_card(rules or find_rules("bareme"), lang=lang)
    if variant != "hk":
        raise TenpaiError(f"unknown variant {variant!r} (riichi or hk)")
    if rules is not None and not isinstance(rules, HKRules):
        raise RulesError("the Hong Kong pages need Hong Kong rules, not riichi rules")
    data = hk_page_data(rules)
    if page in (None, "fan"):
        return fan_page(data, lang=lang)
    if page == "payments":
        return payments_page(data, lang=lang)
    raise TenpaiError(f"unknown Hong Kong page {page!r} (fan or payments)")


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
