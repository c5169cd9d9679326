"""What every variant's dealer shares: the levels, the hand ids, the error of a deal.

Every dealt hand has an id ``VERSION:RULES:LEVEL:FOCUS:SEED`` that replays it exactly; each
dealer (``riichi/deal.py``, ``hk/deal.py``) has its own version and its own foci.

>>> split_id(format_id("hk1", 5, "expert", "any", "hk"), "hk1", "errors.deal.hk_id")
(5, 'expert', 'any', 'hk')
"""

from __future__ import annotations

from ..errors import TenpaiError, localized, msg

__all__ = ["LEVELS", "DealError", "format_id", "parse_level", "split_id"]

LEVELS = ("debutant", "intermediaire", "expert")
"""Levels: first steps (closed hands, common fu), the real mix, and hard hands (kans, several
readings, complex waits)."""
_LEVEL_ALIASES = {
    "debutant": "debutant",
    "débutant": "debutant",
    "beginner": "debutant",
    "first-steps": "debutant",
    "intermediaire": "intermediaire",
    "intermédiaire": "intermediaire",
    "intermediate": "intermediaire",
    "expert": "expert",
}


class DealError(TenpaiError):
    """Raised for an unknown level, focus or hand id, or a focus the rules cannot deal."""

    kind = "DealError"


def parse_level(level: str) -> str:
    """Reads a level, in French or English, with or without accents.

    :raises DealError: naming the levels.

    >>> parse_level("Intermédiaire"), parse_level("beginner")
    ('intermediaire', 'debutant')
    """
    got = _LEVEL_ALIASES.get(level.strip().lower())
    if got is None:
        raise DealError.of(msg("errors.trainer.level", level=level, levels=", ".join(LEVELS)))
    return got


def format_id(version: str, seed: int, level: str, focus: str, rules: str) -> str:
    """Writes a hand id ``VERSION:RULES:LEVEL:FOCUS:SEED`` (shared by every dealer)."""
    return f"{version}:{rules}:{level}:{focus}:{seed}"


def split_id(text: str, version: str, what: str) -> tuple[int, str, str, str]:
    """Reads an id of :func:`format_id` into ``(seed, level, focus, rules)``, unchecked.

    :raises DealError: naming *what* it should have been (the catalogue id of its name,
        ``errors.deal.riichi_id``...), if *text* is no *version* id.
    """
    parts = text.strip().split(":")
    if len(parts) != 5 or parts[0] != version or not parts[4].lstrip("-").isdigit():
        name = localized(what)
        raise DealError.of(msg("errors.trainer.hand_id", what=name, text=text, version=version))
    _, rules, level, focus, seed = parts
    return int(seed), level, focus, rules
