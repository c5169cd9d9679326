"""Japanese riichi scoring: rules as data, yaku as data, fu and payments with their reasons."""

from .rules import Ruleset, find_rules, load_rules
from .score import Score, score
from .situation import Situation

__all__ = ["Ruleset", "Score", "Situation", "find_rules", "load_rules", "score"]
