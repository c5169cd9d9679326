"""Tenpai: a mahjong scoring engine and scoring trainer (Japanese riichi, Hong Kong old style).

>>> import tenpai
>>> tenpai.score(tenpai.Hand.parse("234m678p45667s88s ron 5s"),
...              tenpai.Situation(seat_wind=28, riichi=True)).points
3900
>>> tenpai.analyse(tenpai.Hand.parse("123m456p789s1122z")).shanten
0
"""

from .errors import (
    InvalidHand,
    InvalidSituation,
    NotationError,
    NotAWinningHand,
    NoYaku,
    RulesError,
    TenpaiError,
)
from .hand import Hand, Meld
from .hk import HKRules, HKSituation, find_hk_rules, score_hk
from .riichi import Ruleset, Score, Situation, find_rules, load_rules, score
from .shanten import analyse, waits
from .tiles import Tile, format_tiles, parse_tile, parse_tiles

__version__ = "0.1.0"

__all__ = [
    "HKRules",
    "HKSituation",
    "Hand",
    "InvalidHand",
    "InvalidSituation",
    "Meld",
    "NoYaku",
    "NotAWinningHand",
    "NotationError",
    "RulesError",
    "Ruleset",
    "Score",
    "Situation",
    "TenpaiError",
    "Tile",
    "__version__",
    "analyse",
    "find_hk_rules",
    "find_rules",
    "format_tiles",
    "load_rules",
    "parse_tile",
    "parse_tiles",
    "score",
    "score_hk",
    "waits",
]
