"""Tenpai: a mahjong scoring engine and scoring trainer (Japanese riichi, Hong Kong old style)."""

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
from .tiles import Tile, format_tiles, parse_tile, parse_tiles

__version__ = "0.1.0"

__all__ = [
    "Hand",
    "InvalidHand",
    "InvalidSituation",
    "Meld",
    "NoYaku",
    "NotAWinningHand",
    "NotationError",
    "RulesError",
    "TenpaiError",
    "Tile",
    "__version__",
    "format_tiles",
    "parse_tile",
    "parse_tiles",
]
