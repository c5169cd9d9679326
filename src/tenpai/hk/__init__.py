"""Hong Kong old style (香港麻雀 舊章): fan items, limit hands, the cap and payments.

The wing's modules mirror riichi's (``tenpai.riichi``): ``rules``, ``situation``, ``score``,
``explain``, ``records``, ``deal``, ``quiz`` and ``documents``, each with the same public names
for the same jobs (``score.score``, ``explain.explain``, ``records.result_dict``...). The
package gives its types and rules; a job's function is imported from its module (no name of
the package hides a module).

>>> from tenpai.hand import Hand
>>> from tenpai.hk import HKSituation, find_rules
>>> from tenpai.hk.score import score
>>> hand = Hand.parse("333m55m111z55z pon 111m ron 5m")
>>> s = score(hand, HKSituation.of(seat="E", discarder="N", flowers="s3"))
>>> s.fan, s.payments
(8, (64, 0, 0, -64))
>>> score(hand, HKSituation.of(seat="E", discarder="N"), find_rules("yawnoc")).payments
(192, 0, 0, -192)
"""

from .fan import FAN_ROWS, Excluded, FanHit, FanRow
from .payment import (
    Amount,
    Payments,
    Settlement,
    Transfer,
    false_win_penalty,
    multiplier,
    payment_table,
    settle,
    share,
)
from .rules import (
    HK_PROFILES,
    STAKES,
    HKProfile,
    HKRules,
    find_rules,
    load_rules,
    rules_from_mapping,
)
from .score import HKScore
from .situation import HKSituation, parse_seat

__all__ = [
    "FAN_ROWS",
    "HK_PROFILES",
    "STAKES",
    "Amount",
    "Excluded",
    "FanHit",
    "FanRow",
    "HKProfile",
    "HKRules",
    "HKScore",
    "HKSituation",
    "Payments",
    "Settlement",
    "Transfer",
    "false_win_penalty",
    "find_rules",
    "load_rules",
    "multiplier",
    "parse_seat",
    "payment_table",
    "rules_from_mapping",
    "settle",
    "share",
]
