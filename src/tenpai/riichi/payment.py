"""Basic points, limits and who pays what (the card, docs/generated/bareme.fr.md; EMA §3.3.6).

>>> from tenpai.riichi.rules import find_rules
>>> basic_points(3, 30, find_rules("bareme"))
(960, None)
>>> hand_payments(960, dealer=False, tsumo=False)
{'ron': 3900}
>>> hand_payments(2000, dealer=False, tsumo=True)
{'dealer': 4000, 'non_dealer': 2000}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import Ruleset

__all__ = [
    "LIMITS",
    "NOTEN_PAYMENT_TOTAL",
    "Payment",
    "basic_points",
    "ceil100",
    "hand_payments",
    "limit_for_han",
    "noten_payments",
    "total_of",
]

LIMITS: dict[str, int] = {
    "mangan": 2000,
    "haneman": 3000,
    "baiman": 4000,
    "sanbaiman": 6000,
    "yakuman": 8000,
}
"""Basic points of each limit (a yakuman multiple multiplies 8000)."""


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment to the winner.

    *payer* is the seat relative to the winner (1 right, 2 across, 3 left; None for a
    discarder not named), *amount* the hand's part, *honba* the counters' part, and *reason*
    why this player pays (``ron``, ``tsumo_dealer``, ``tsumo_non_dealer``, ``tsumo``, ``pao``).
    """

    payer: int | None
    amount: int
    honba: int
    reason: str


def ceil100(x: int) -> int:
    """Rounds up to a multiple of 100."""
    return -(-x // 100) * 100


def limit_for_han(han: int, rules: Ruleset) -> tuple[int, str] | None:
    """Gets the limit reached by *han* alone (5 han and more), or None below 5 han."""
    if han >= 13:
        if rules.kazoe == "sanbaiman":
            return LIMITS["sanbaiman"], "sanbaiman"
        if rules.kazoe == "multiple":
            return 8000 * (han // 13), "kazoe_yakuman"
        return 8000, "kazoe_yakuman"
    if han >= 11:
        return LIMITS["sanbaiman"], "sanbaiman"
    if han >= 8:
        return LIMITS["baiman"], "baiman"
    if han >= 6:
        return LIMITS["haneman"], "haneman"
    if han >= 5:
        return LIMITS["mangan"], "mangan"
    return None


def basic_points(han: int, fu: int, rules: Ruleset) -> tuple[int, str | None]:
    """Gets the basic points of *han* and *fu* and the limit name if one applies.

    Below 5 han: ``fu × 2^(han+2)`` capped at 2000 (mangan); with kiriage 1920 rounds up to
    mangan (4 han 30 fu, 3 han 60 fu).
    """
    lim = limit_for_han(han, rules)
    if lim is not None:
        return lim
    b = fu * 2 ** (han + 2)
    if b >= 2000 or (rules.kiriage and b == 1920):
        return 2000, "mangan"
    return b, None


def hand_payments(basic: int, *, dealer: bool, tsumo: bool) -> dict[str, int]:
    """Gets what each payer owes before honba: ``{"ron": x}``, or for a tsumo
    ``{"dealer": x, "non_dealer": y}`` (non-dealer winner) or ``{"non_dealer": x}`` (dealer)."""
    if not tsumo:
        return {"ron": ceil100(basic * (6 if dealer else 4))}
    if dealer:
        return {"non_dealer": ceil100(2 * basic)}
    return {"dealer": ceil100(2 * basic), "non_dealer": ceil100(basic)}


def total_of(base: dict[str, int], dealer: bool) -> int:
    """Gets the value of a hand from its payments *base* (:func:`hand_payments`)."""
    if "ron" in base:
        return base["ron"]
    if dealer:
        return 3 * base["non_dealer"]
    return base["dealer"] + 2 * base["non_dealer"]


# What the noten players pay the tenpai players at an exhaustive draw (noten bappu), in all:
# 3,000 at four players, 2,000 at three (Tenhou's rules, tenhou.net/man "流局").
NOTEN_PAYMENT_TOTAL = {4: 3000, 3: 2000}


def noten_payments(tenpai: Sequence[bool]) -> tuple[int, ...]:
    """Gets each seat's change at an exhaustive draw from who is *tenpai* (one per seat):
    the noten players share the total, the tenpai players share it out; nothing when all
    or none are tenpai.

    >>> noten_payments([True, False, False, False]), noten_payments([True, True, False])
    ((3000, -1000, -1000, -1000), (1000, 1000, -2000))
    """
    total = NOTEN_PAYMENT_TOTAL[len(tenpai)]
    k = sum(tenpai)
    if k in (0, len(tenpai)):
        return (0,) * len(tenpai)
    return tuple(total // k if t else -total // (len(tenpai) - k) for t in tenpai)
