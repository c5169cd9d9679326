"""Japanese riichi scoring: rules as data, yaku as data, fu and payments with their reasons."""

from typing import TYPE_CHECKING, Any

from .rules import Ruleset, find_rules, load_rules
from .score import Score, score
from .situation import Situation

__all__ = [
    "ManemanAward",
    "Ruleset",
    "Score",
    "Situation",
    "find_rules",
    "load_rules",
    "maneman_awards",
    "score",
]

if TYPE_CHECKING:
    from .local import ManemanAward, maneman_awards


def __getattr__(name: str) -> Any:
    """Gets the maneman API lazily (the local yaku are imported only when used)."""
    if name in ("ManemanAward", "maneman_awards"):
        from . import local

        return getattr(local, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
