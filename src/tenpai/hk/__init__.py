"""Hong Kong old style (香港麻雀 舊章): fan items, limit hands, the cap and payments.

>>> from tenpai.hand import Hand
>>> from tenpai.hk import HKSituation, find_hk_rules, score_hk
>>> hand = Hand.parse("333m55m111z55z pon 111m ron 5m")
>>> s = score_hk(hand, HKSituation.of(seat="E", discarder="N", flowers="s3"))
>>> s.fan, s.payments
(8, (64, 0, 0, -64))
>>> score_hk(hand, HKSituation.of(seat="E", discarder="N"), find_hk_rules("yawnoc")).payments
(192, 0, 0, -192)
"""

from .explain import explain_hk, render_text
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
from .records import hk_result_dict, read_hk_record, score_hk_record
from .rules import (
    HK_PROFILES,
    STAKES,
    HKProfile,
    HKRules,
    find_hk_rules,
    hk_rules_from_mapping,
    load_hk_rules,
)
from .score import HKScore, HKSituation, parse_seat, score_hk

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
    "explain_hk",
    "false_win_penalty",
    "find_hk_rules",
    "hk_result_dict",
    "hk_rules_from_mapping",
    "load_hk_rules",
    "multiplier",
    "parse_seat",
    "payment_table",
    "read_hk_record",
    "render_text",
    "score_hk",
    "score_hk_record",
    "settle",
    "share",
]
