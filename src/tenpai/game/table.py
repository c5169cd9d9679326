"""A riichi game at the table: the hands' events (wins, draws, aborts, chombo, riichi) move
the scores, the round, the honba and the sticks, and the rules say when the game ends.

A :class:`Table` is a frozen value; :meth:`Table.apply` gives the table after one event,
and its *rows* are the score sheet so far. Seats are numbered from the first dealer (0) in
playing order; the dealer of hand *k* (from 0) is seat ``k % players``.

>>> from tenpai.game.rules import find_game_rules
>>> t = Table.start(find_game_rules("tenhou"))
>>> t = t.apply(Riichi(1)).apply(Wins((Win(1, 3, ((3, 3900),)),)))
>>> t.scores, t.label, t.honba, t.sticks
((25000, 28900, 25000, 21100), 'E2', 0, 0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from ..errors import InvalidSituation, Localized, msg
from ..i18n import tr
from ..riichi.payment import LIMITS, basic_points, ceil100, hand_payments
from ..riichi.rules import Ruleset
from .placement import SeatResult, placement
from .rules import GameRules

__all__ = [
    "ABORT_KINDS",
    "ABORT_NAMES",
    "Abort",
    "Chombo",
    "Draw",
    "Event",
    "Riichi",
    "Row",
    "Table",
    "Win",
    "Wins",
    "win_from_value",
]

WINDS = "ESWN"


@dataclass(frozen=True, slots=True)
class Win:
    """One winner's hand: *winner*, *discarder* (None for a tsumo) and *payments*, what
    each payer owes for the hand before honba and sticks, as (seat, points) pairs."""

    winner: int
    discarder: int | None
    payments: tuple[tuple[int, int], ...]

    @property
    def value(self) -> int:
        """Gets the hand's value: the sum of its payments."""
        return sum(p for _, p in self.payments)


@dataclass(frozen=True, slots=True)
class Wins:
    """A hand won: one tsumo, or one or several rons on the same discard."""

    wins: tuple[Win, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """An exhaustive draw: the seats *tenpai*, and those who made *nagashi* mangan."""

    tenpai: frozenset[int] = frozenset()
    nagashi: tuple[int, ...] = ()


ABORT_KINDS = ("kyuushu", "suufon", "suucha_riichi", "suukan", "sanchahou")
"""The abortive draws: nine terminals and honours, four same winds discarded, four riichi,
four quads, triple ron."""
ABORT_NAMES = {
    "mjlog": {"yao9": "kyuushu", "kaze4": "suufon", "reach4": "suucha_riichi", "kan4": "suukan"}
    | {"ron3": "sanchahou"},
    "tenhou6": {"九種九牌": "kyuushu", "四風連打": "suufon", "四家立直": "suucha_riichi"}
    | {"四槓散了": "suukan", "三家和了": "sanchahou"},
    "mjai": {"kyushukyuhai": "kyuushu", "suufonrenta": "suufon", "sufonrenda": "suufon"}
    | {"suuchariichi": "suucha_riichi", "suukaikan": "suukan", "sanchaho": "sanchahou"},
}
"""The names of the abortive draws as each log format writes them (Tenhou's mjlog
``RYUUKYOKU type``, tenhou.net/6 results, mjai ``ryukyoku`` reasons)."""


@dataclass(frozen=True, slots=True)
class Abort:
    """An abortive draw (nine terminals, four winds, four riichi, four kans, triple ron)."""

    kind: str = "abort"


@dataclass(frozen=True, slots=True)
class Chombo:
    """A chombo by *seat*: the hand is replayed, its riichi deposits given back."""

    seat: int


@dataclass(frozen=True, slots=True)
class Riichi:
    """A riichi declaration by *seat*: it puts a deposit on the table."""

    seat: int


Event: TypeAlias = Wins | Draw | Abort | Chombo | Riichi


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the score sheet: the hand *label* (``E1``, ``S4``, ``W1``...), *honba*
    and *sticks* on the table when the event came, the *event*, each seat's *deltas* and
    the *scores* after it; *end* tells that this line ended the game (and why)."""

    label: str
    honba: int
    sticks: int
    event: Event | None
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    end: str = ""


def win_from_value(
    winner: int,
    discarder: int | None,
    dealer: int,
    players: int,
    *,
    han: int | None = None,
    fu: int | None = None,
    yakuman: int = 0,
    ron: int | None = None,
    tsumo: tuple[int, int] | None = None,
    rules: Ruleset | None = None,
) -> Win:
    """Builds a :class:`Win` from what a player says: *han* and *fu* (priced by the hand
    *rules*: kiriage...), a *yakuman* multiple, a *ron* value, or a *tsumo* pair (what the
    dealer pays, what each other pays; the dealer's own tsumo: the same number twice).

    :raises InvalidSituation: when no value or two are given, or a value is not possible.
    """
    given = sum(x is not None for x in (han, ron, tsumo)) + (1 if yakuman else 0)
    if given != 1:
        raise InvalidSituation.of(msg("errors.game.table.one_value"))
    is_tsumo = discarder is None
    if ron is not None and is_tsumo:
        raise InvalidSituation.of(msg("errors.game.table.ron_needs_discarder"))
    if tsumo is not None and not is_tsumo:
        raise InvalidSituation.of(msg("errors.game.table.tsumo_discarder"))
    others = [s for s in range(players) if s != winner]
    if han is not None or yakuman:
        if yakuman:
            basic = LIMITS["yakuman"] * yakuman
        else:
            if han is None or han < 1:
                raise InvalidSituation.of(msg("errors.game.table.han", han=han))
            if han < 5 and (fu is None or fu < 20):
                raise InvalidSituation.of(msg("errors.game.table.fu", han=han, fu=fu))
            basic, _ = basic_points(han, fu or 30, rules or Ruleset())
        base = hand_payments(basic, dealer=winner == dealer, tsumo=is_tsumo)
        if not is_tsumo:
            ron = base["ron"]
        else:
            dealer_part = base.get("dealer", base["non_dealer"])
            tsumo = (dealer_part, base["non_dealer"])
    if ron is not None:
        if ron <= 0 or ron % 100:
            raise InvalidSituation.of(msg("errors.game.table.ron", ron=ron))
        assert discarder is not None
        return Win(winner, discarder, ((discarder, ron),))
    assert tsumo is not None
    if min(tsumo) <= 0 or any(x % 100 for x in tsumo):
        raise InvalidSituation.of(msg("errors.game.table.tsumo", tsumo=tsumo))
    return Win(
        winner,
        None,
        tuple((s, tsumo[0] if s == dealer else tsumo[1]) for s in others),
    )


@dataclass(frozen=True, slots=True)
class Table:
    """The state of a game: *scores* (seats from the first dealer), *hand* (0 = E1, then
    E2...), *honba*, *sticks* (riichi deposits on the table), the seats that declared
    riichi in this hand, the chombo count per seat, the sheet *rows*, and *ended*."""

    rules: GameRules
    scores: tuple[int, ...]
    hand: int = 0
    honba: int = 0
    sticks: int = 0
    riichi: frozenset[int] = frozenset()
    chombo: tuple[int, ...] = ()
    rows: tuple[Row, ...] = ()
    ended: str = ""

    @classmethod
    def start(cls, rules: GameRules) -> Table:
        """Gets the table before the first hand: every seat at the start points."""
        n = rules.players
        return cls(rules, (rules.start_points,) * n, chombo=(0,) * n)

    @property
    def dealer(self) -> int:
        """Gets the seat that deals this hand."""
        return self.hand % self.rules.players

    @property
    def label(self) -> str:
        """Gets the hand's name: the round wind and the dealer's number (``S3``)."""
        n = self.rules.players
        return f"{WINDS[(self.hand // n) % 4]}{self.hand % n + 1}"

    def standings(self) -> tuple[SeatResult, ...]:
        """Gets the placement points of the scores as they stand (final once *ended*)."""
        return placement(
            self.scores, self.rules, 0, chombo={s: c for s, c in enumerate(self.chombo) if c}
        )

    def apply(self, event: Event) -> Table:
        """Gets the table after *event*.

        :raises InvalidSituation: when the game is over, a seat does not exist, or the
            event contradicts itself (a winner who dealt in, two tsumo winners...).
        """
        if self.ended:
            raise InvalidSituation.of(msg("errors.game.table.over", why=self.ended))
        if isinstance(event, Riichi):
            return self._riichi(event)
        if isinstance(event, Wins):
            return self._wins(event)
        if isinstance(event, Draw):
            return self._draw(event)
        if isinstance(event, Abort):
            return self._next(event, [0] * self.rules.players, dealer_stays=True, honba=True)
        return self._chombo(event)

    def replay(self, events: Iterable[Event]) -> Table:
        """Gets the table after every event of *events*, in order."""
        table = self
        for e in events:
            table = table.apply(e)
        return table

    # ---- events ---------------------------------------------------------------------------

    def _seat(self, seat: int, who: str) -> int:
        """Checks *seat*, the seat of *who* (``riichi``, ``winner``, ``payer``, ``tenpai``,
        ``nagashi``, ``chombo``: the ids ``errors.game.table.who.*``)."""
        if not 0 <= seat < self.rules.players:
            what = Localized(lambda lang: tr(f"errors.game.table.who.{who}", lang))
            last = self.rules.players - 1
            raise InvalidSituation.of(
                msg("errors.game.table.seat", what=what, last=last, seat=seat)
            )
        return seat

    def _riichi(self, event: Riichi) -> Table:
        seat = self._seat(event.seat, "riichi")
        if seat in self.riichi:
            raise InvalidSituation.of(msg("errors.game.table.riichi_twice", seat=seat))
        deltas = [0] * self.rules.players
        deltas[seat] = -self.rules.riichi_deposit
        row = Row(self.label, self.honba, self.sticks, event, tuple(deltas), self._plus(deltas))
        return dataclasses.replace(
            self,
            scores=row.scores,
            sticks=self.sticks + 1,
            riichi=self.riichi | {seat},
            rows=(*self.rows, row),
        )

    def _wins(self, event: Wins) -> Table:
        n, r = self.rules.players, self.rules
        wins = event.wins
        if not wins:
            raise InvalidSituation.of(msg("errors.game.table.no_winner"))
        discarders = {w.discarder for w in wins}
        if len(discarders) != 1:
            raise InvalidSituation.of(msg("errors.game.table.same_discard"))
        discarder = discarders.pop()
        if discarder is None and len(wins) > 1:
            raise InvalidSituation.of(msg("errors.game.table.one_tsumo"))
        winners = [self._seat(w.winner, "winner") for w in wins]
        if len(set(winners)) != len(winners):
            raise InvalidSituation.of(msg("errors.game.table.twice"))
        if discarder is not None and discarder in winners:
            raise InvalidSituation.of(msg("errors.game.table.win_and_deal", seat=discarder))
        start = discarder if discarder is not None else winners[0]
        ordered = sorted(wins, key=lambda w: (w.winner - start) % n)
        deltas = [0] * n
        for i, w in enumerate(ordered):
            honba = self.honba if (i == 0 or r.multi_ron_honba == "each") else 0
            for payer, amount in w.payments:
                self._seat(payer, "payer")
                if payer == w.winner:
                    raise InvalidSituation.of(msg("errors.game.table.own_win", seat=payer))
                extra = honba * (r.honba_ron if discarder is not None else r.honba_tsumo)
                deltas[payer] -= amount + extra
                deltas[w.winner] += amount + extra
            if i == 0:
                deltas[w.winner] += self.sticks * r.riichi_deposit
        dealer_won = self.dealer in winners
        return self._next(event, deltas, dealer_stays=dealer_won, honba=dealer_won, sticks=0)

    def _draw(self, event: Draw) -> Table:
        n, r = self.rules.players, self.rules
        tenpai = {self._seat(s, "tenpai") for s in event.tenpai}
        deltas = [0] * n
        if event.nagashi:
            for s in event.nagashi:  # a mangan tsumo, without honba (Tenhou's nagashi)
                self._seat(s, "nagashi")
                base = hand_payments(LIMITS["mangan"], dealer=s == self.dealer, tsumo=True)
                for payer in range(n):
                    if payer != s:
                        part = base.get("dealer", base["non_dealer"])
                        amount = part if payer == self.dealer else base["non_dealer"]
                        deltas[payer] -= amount
                        deltas[s] += amount
        elif 0 < len(tenpai) < n:
            gain, loss = r.noten_payment // len(tenpai), r.noten_payment // (n - len(tenpai))
            for s in range(n):
                deltas[s] = gain if s in tenpai else -loss
        stays = r.renchan == "tenpai" and self.dealer in tenpai
        return self._next(event, deltas, dealer_stays=stays, honba=True, tenpai=stays)

    def _chombo(self, event: Chombo) -> Table:
        n, r = self.rules.players, self.rules
        seat = self._seat(event.seat, "chombo")
        if r.chombo == "none":
            raise InvalidSituation.of(msg("errors.game.table.no_chombo", rules=r.name))
        deltas = [0] * n
        for s in self.riichi:  # the deposits of the replayed hand go back
            deltas[s] += r.riichi_deposit
        chombo = list(self.chombo)
        if r.chombo == "mangan":  # reverse mangan: 4000 all, or 4000 / 2000
            for s in range(n):
                if s != seat:
                    pay = ceil100(2 * LIMITS["mangan"]) if self.dealer in (s, seat) else 2000
                    deltas[s] += pay
                    deltas[seat] -= pay
        else:
            chombo[seat] += 1
        row = Row(self.label, self.honba, self.sticks, event, tuple(deltas), self._plus(deltas))
        table = dataclasses.replace(
            self,
            scores=row.scores,
            sticks=self.sticks - len(self.riichi),
            riichi=frozenset(),
            chombo=tuple(chombo),
            rows=(*self.rows, row),
        )
        busted = table._busted()
        return table._finish(busted) if busted else table

    # ---- the end of a hand ---------------------------------------------------------------

    def _plus(self, deltas: Sequence[int]) -> tuple[int, ...]:
        return tuple(s + d for s, d in zip(self.scores, deltas, strict=True))

    def _busted(self) -> str:
        how = self.rules.busting
        if how == "below_zero" and min(self.scores) < 0:
            return "busted"
        if how == "zero" and min(self.scores) <= 0:
            return "busted"
        return ""

    def _next(
        self,
        event: Event,
        deltas: list[int],
        *,
        dealer_stays: bool,
        honba: bool,
        sticks: int | None = None,
        tenpai: bool = False,
    ) -> Table:
        row = Row(self.label, self.honba, self.sticks, event, tuple(deltas), self._plus(deltas))
        played = self.hand
        table = dataclasses.replace(
            self,
            scores=row.scores,
            hand=played if dealer_stays else played + 1,
            honba=self.honba + 1 if honba else 0,
            sticks=self.sticks if sticks is None else sticks,
            riichi=frozenset(),
            rows=(*self.rows, row),
        )
        won = isinstance(event, Wins)
        end = table._busted() or table._over(played, dealer_stays, won=won, tenpai=tenpai)
        return table._finish(end) if end else table

    def _over(self, played: int, dealer_stays: bool, *, won: bool, tenpai: bool) -> str:
        """Tells why the game ends after hand *played* (or ``""``)."""
        r, n = self.rules, self.rules.players
        last = r.winds * n - 1
        reached = max(self.scores) >= r.return_points
        if played >= last and dealer_stays:  # the all-last, or an extension hand, again
            top = self.standings_order()[0] == self.dealer
            stop = (won and r.agari_yame) or (tenpai and r.tenpai_yame)
            if stop and top and (reached or not r.extension):
                return "agari_yame" if won else "tenpai_yame"
            return ""
        if played > last:  # an extension hand passed on: sudden death at the return points
            if reached:
                return "extension_target"
            return "extension_over" if self.hand > last + n else ""
        if self.hand > last:
            if r.extension and not reached:
                return ""
            return "last_hand"
        return ""

    def standings_order(self) -> list[int]:
        """Gets the seats from the top down (equal scores by seat from the first dealer)."""
        n = self.rules.players
        return sorted(range(n), key=lambda s: (-self.scores[s], s))

    def _finish(self, why: str) -> Table:
        scores = list(self.scores)
        deltas = [0] * self.rules.players
        if self.sticks and self.rules.leftover_sticks == "top":
            deltas[self.standings_order()[0]] = self.sticks * self.rules.riichi_deposit
            scores = [s + d for s, d in zip(scores, deltas, strict=True)]
        rows = self.rows
        if any(deltas):
            rows = (
                *rows,
                Row(self.label, self.honba, self.sticks, None, tuple(deltas), tuple(scores)),
            )
        last = dataclasses.replace(rows[-1], end=why)
        return dataclasses.replace(
            self, scores=tuple(scores), sticks=0, rows=(*rows[:-1], last), ended=why
        )
