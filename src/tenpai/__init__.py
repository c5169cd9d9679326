"""Tenpai: a mahjong scoring engine and scoring trainer (Japanese riichi, Hong Kong old style).

>>> import tenpai
>>> tenpai.score(tenpai.Hand.parse("234m678p45667s88s ron 5s"),
...              tenpai.Situation(seat_wind=28, riichi=True)).points
3900
>>> tenpai.analyse(tenpai.Hand.parse("123m456p789s1122z")).shanten
0
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not typing's: importing typing costs a command 2 to 3 ms of start-up
if TYPE_CHECKING:  # the names as type checkers and readers see them
    from typing import Any

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
    from .hk import HKRules, HKSituation
    from .hk import find_rules as find_hk_rules
    from .hk.score import score as score_hk
    from .riichi import Ruleset, Score, Situation, find_rules, load_rules
    from .riichi.score import score
    from .shanten import analyse, waits
    from .tiles import Tile, format_tiles, parse_tile, parse_tiles

# Each public name and where it comes from (``module`` or ``module:name``), imported on first
# use (PEP 562): a command pays only for what it runs (`tenpai shanten --file` never imports the
# scorers).
_HOME = {
    **dict.fromkeys(
        (
            "InvalidHand",
            "InvalidSituation",
            "NotationError",
            "NotAWinningHand",
            "NoYaku",
            "RulesError",
            "TenpaiError",
        ),
        "errors",
    ),
    **dict.fromkeys(("Hand", "Meld"), "hand"),
    **dict.fromkeys(("HKRules", "HKSituation"), "hk"),
    "find_hk_rules": "hk:find_rules",
    "score_hk": "hk.score:score",
    **dict.fromkeys(("Ruleset", "Score", "Situation", "find_rules", "load_rules"), "riichi"),
    "score": "riichi.score:score",
    **dict.fromkeys(("analyse", "waits"), "shanten"),
    **dict.fromkeys(("Tile", "format_tiles", "parse_tile", "parse_tiles"), "tiles"),
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'tenpai' has no attribute {name!r}")
    module, _, attr = home.partition(":")
    value = getattr(importlib.import_module(f".{module}", __name__), attr or name)
    globals()[name] = value  # once found, an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})


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
