"""Whole games: game rules (start and return points, uma, oka, ties, chombo, busting, the
west extension) as presets, the placement points of final scores, a table that follows the
hands of a game into its score sheet, and Hong Kong sessions as money totals.

>>> from tenpai.game import find_game_rules, placement
>>> [str(r.points) for r in placement((21100, 55000, -4900, 28800), find_game_rules("tenhou"))]
['-19', '65', '-55', '9']
"""

from __future__ import annotations

from .placement import Part, SeatResult, placement, points_text
from .rules import GameRules, find_game_rules, load_game_rules, tenhou_rules

__all__ = [
    "GameRules",
    "Part",
    "SeatResult",
    "find_game_rules",
    "load_game_rules",
    "placement",
    "points_text",
    "tenhou_rules",
]
