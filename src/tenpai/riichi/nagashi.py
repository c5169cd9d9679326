"""Nagashi mangan: every discard a terminal or honour, none called (EMA Riichi rules, 2012).

It is not a hand: the player is paid a mangan tsumo at the exhaustive draw, whatever his
tiles. Option ``nagashi_mangan``: ``off``, ``win`` (EMA 2012: a win, honba and riichi sticks
included) or ``draw`` (Tenhou, Mahjong Soul: it replaces the noten payments; no honba or
sticks are added — unverified in the spec, so kept apart and stated).

>>> from tenpai.riichi.rules import find_rules
>>> s = score_nagashi(Situation(seat_wind=28, honba=1, riichi_sticks=1), find_rules("ema2012"))
>>> s.points, s.deltas
(8000, (9300, -2100, -2100, -4100))
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidSituation, RulesError, msg
from .payment import LIMITS, Payment, hand_payments
from .rules import Ruleset
from .situation import Situation

__all__ = ["NagashiScore", "score_nagashi"]


@dataclass(frozen=True, slots=True)
class NagashiScore:
    """What a nagashi mangan pays: a mangan tsumo (*points* in all), each *payment*, and each
    seat's change relative to the player (player first, then right, across, left)."""

    situation: Situation
    rules: Ruleset
    points: int
    basic: int
    payments: tuple[Payment, ...]
    deltas: tuple[int, int, int, int]
    as_win: bool

    @property
    def limit(self) -> str:
        """Gets the limit paid: always mangan."""
        return "mangan"


def score_nagashi(situation: Situation, rules: Ruleset, *, closed: bool = True) -> NagashiScore:
    """Prices a nagashi mangan for the player of *situation* (*closed*: his hand has no call).

    :raises RulesError: when *rules* do not play nagashi mangan;
    :raises InvalidSituation: when they require a closed hand and *closed* is false.
    """
    if rules.nagashi_mangan == "off":
        raise RulesError.of(msg("errors.riichi2.nagashi_not_played", rules=rules.name))
    if rules.nagashi_requires_closed and not closed:
        raise InvalidSituation.of(msg("errors.riichi2.nagashi_closed", rules=rules.name))
    as_win = rules.nagashi_mangan == "win"
    basic = LIMITS["mangan"]
    if rules.players == 3:  # paid as a three-seat tsumo (Tenhou's sanma logs: tsumo loss)
        from . import sanma

        if situation.seat_wind == 30:
            raise InvalidSituation.of(msg("errors.sanma.north_seat"))
        base = sanma.hand_payments(basic, dealer=situation.is_dealer, tsumo=True, rules=rules)
        seats: tuple[int, ...] = (1, 2)
        dealer_rel = sanma.dealer_rel(situation)
    else:
        base = hand_payments(basic, dealer=situation.is_dealer, tsumo=True)
        seats, dealer_rel = (1, 2, 3), situation.dealer_rel
    hb = rules.honba_tsumo * situation.honba if as_win else 0
    payments = tuple(
        Payment(
            r,
            base["dealer"] if r == dealer_rel else base["non_dealer"],
            hb,
            "nagashi",
        )
        for r in seats
    )
    d = [0, 0, 0, 0]
    for p in payments:
        assert p.payer is not None
        d[p.payer] -= p.amount + p.honba
        d[0] += p.amount + p.honba
    if as_win:
        d[0] += rules.riichi_deposit * situation.riichi_sticks
    return NagashiScore(
        situation=situation,
        rules=rules,
        points=sum(p.amount for p in payments),
        basic=basic,
        payments=payments,
        deltas=(d[0], d[1], d[2], d[3]),
        as_win=as_win,
    )
