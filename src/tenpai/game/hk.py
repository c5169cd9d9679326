"""Hong Kong sessions: the money of each hand (a :class:`~tenpai.hk.payment.Settlement`)
added up across the hands of an evening, with the deal passing when another player wins.

Old style play keeps no table points: each hand settles in money at once, so a session's
result is each player's total (the hands' payments sum to zero; so do the totals).

>>> from tenpai.hk.payment import settle
>>> from tenpai.hk.rules import HKRules
>>> s = HKSession.start(("Ann", "Bea", "Cyd", "Dan"))
>>> s = s.add(settle(4, HKRules(), winner=1, self_drawn=True), winner=1)  # Bea (South)
>>> s.totals, s.dealer  # Bea deals next: she is East now, Dan across her
((-8, 24, -8, -8), 1)
>>> s = s.add(settle(3, HKRules(), winner=0, self_drawn=False, discarder=2), winner=0)
>>> s.totals, s.dealer  # East (Bea) won on the discard of West (Dan): she keeps the deal
((-8, 32, -8, -16), 1)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..errors import InvalidSituation, msg
from ..hk.payment import Amount, Settlement

__all__ = ["HKHand", "HKSession"]


@dataclass(frozen=True, slots=True)
class HKHand:
    """One hand of a session: its *dealer* (seat), *winner* (None: a draw) and the money
    each seat won or paid (*payments*, seats from the first East)."""

    dealer: int
    winner: int | None
    payments: tuple[Amount, ...]


@dataclass(frozen=True, slots=True)
class HKSession:
    """An evening's Hong Kong hands: the player *names* (seats from the first East), each
    hand, and *dealer* (the seat dealing next). A win by East or a draw keeps the deal."""

    names: tuple[str, ...]
    hands: tuple[HKHand, ...] = ()
    dealer: int = 0

    @classmethod
    def start(cls, names: tuple[str, ...]) -> HKSession:
        """Gets an empty session of four players.

        :raises InvalidSituation: unless four distinct names are given.
        """
        if len(names) != 4 or len({n.strip().lower() for n in names}) != 4:
            raise InvalidSituation.of(msg("errors.game.hk.players", names=names))
        return cls(tuple(n.strip() for n in names))

    @property
    def totals(self) -> tuple[Amount, ...]:
        """Gets each player's money across the hands."""
        sums: list[Amount] = [0, 0, 0, 0]
        for h in self.hands:
            sums = [a + b for a, b in zip(sums, h.payments, strict=True)]
        return tuple(sums)

    def add(self, settlement: Settlement | None, *, winner: int | None) -> HKSession:
        """Gets the session after one more hand: *settlement* of a win by *winner* (its
        payments are relative to the seats as they sit this hand, East first), or None and
        no winner for a draw.

        :raises InvalidSituation: when the winner is not a seat or a win has no settlement.
        """
        if winner is not None and winner not in (0, 1, 2, 3):
            raise InvalidSituation.of(msg("errors.game.hk.winner", winner=winner))
        if (settlement is None) != (winner is None):
            raise InvalidSituation.of(msg("errors.game.hk.settlement"))
        # The settlement counts seats from this hand's East: turn it back to the first East.
        rel = settlement.payments if settlement else (0, 0, 0, 0)
        payments = tuple(rel[(s - self.dealer) % 4] for s in range(4))
        absolute = None if winner is None else (winner + self.dealer) % 4
        hand = HKHand(self.dealer, absolute, payments)
        keeps = absolute is None or absolute == self.dealer
        return dataclasses.replace(
            self, hands=(*self.hands, hand), dealer=self.dealer if keeps else (self.dealer + 1) % 4
        )
