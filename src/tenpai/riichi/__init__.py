"""Japanese riichi scoring: rules as data, yaku as data, fu and payments with their reasons.

The wing's modules mirror Hong Kong's (``tenpai.hk``): ``rules``, ``situation``, ``score``,
``explain``, ``records``, ``deal``, ``quiz`` and ``documents``, each with the same public names
for the same jobs (``score.score``, ``explain.explain``, ``records.result_dict``...). The
package gives its types and rules; a job's function is imported from its module (no name of
the package hides a module: ``tenpai.riichi.score`` is the module).
"""

from __future__ import annotations

from .result import Score
from .rules import Ruleset, find_rules, load_rules
from .situation import Situation

__all__ = [
    "ManemanAward",
    "Ruleset",
    "Score",
    "Situation",
    "find_rules",
    "load_rules",
    "maneman_awards",
]

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import Any

    from .local import ManemanAward, maneman_awards


def __getattr__(name: str) -> Any:
    """Gets the maneman API lazily (the local yaku are imported only when used)."""
    if name in ("ManemanAward", "maneman_awards"):
        from . import local

        return getattr(local, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
