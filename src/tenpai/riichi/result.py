"""The value of a riichi win and its reasons (:class:`Score`), and the values the scorer
shares between hands: yaku and dora hits, payments.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from .._fastnew import builder, made
from ..analysis import Reading
from ..hand import Hand
from ..tiles import NORTH
from .fu import FuPart
from .payment import Payment
from .rules import Ruleset
from .situation import Situation

__all__ = ["DoraHit", "Score", "YakuHit"]


@dataclass(frozen=True, slots=True)
class YakuHit:
    """A yaku that counted: its *id* and *han* (for a yakuman, its multiple).

    *limit* names the limit floor of a local limit yaku (its basic points are at least that
    limit); *fixed* tells that the hand is worth exactly that limit.
    """

    id: str
    han: int
    yakuman: bool = False
    limit: str | None = None
    fixed: bool = False


@dataclass(frozen=True, slots=True)
class DoraHit:
    """Dora that counted: *id* is ``dora``, ``ura_dora`` or ``aka_dora``; *han* how many."""

    id: str
    han: int


@dataclass(frozen=True, slots=True)
class Score:
    """The value of a riichi win and every reason for it.

    *han*/*fu* are None for a yakuman hand. *basic* is the basic points, *limit* the limit
    name (``mangan`` ... ``yakuman``, ``kazoe_yakuman``) or None when the table cell
    (han, fu) was used. *points* is the hand's value before honba and riichi sticks (a
    tsumo: the sum of the payments). *payments* lists who pays what; *deltas* each seat's
    change relative to the winner (winner first, then right, across, left), honba and
    sticks included (None for a ron whose discarder is not known).
    """

    hand: Hand
    situation: Situation
    rules: Ruleset
    reading: Reading
    yaku: tuple[YakuHit, ...]
    dora: tuple[DoraHit, ...]
    yakuman: tuple[YakuHit, ...]
    han: int | None
    fu: int | None
    fu_parts: tuple[FuPart, ...]
    basic: int
    limit: str | None
    points: int
    payments: tuple[Payment, ...]
    base_payments: tuple[tuple[str, int], ...]
    deltas: tuple[int, int, int, int] | None

    @property
    def yaku_han(self) -> int:
        """Gets the han of the yaku alone (dora excluded)."""
        return sum(y.han for y in self.yaku)

    @property
    def fu_raw(self) -> int:
        """Gets the fu before rounding."""
        return sum(p.fu for p in self.fu_parts)


ScoreBuilder = builder(Score)  # see tenpai._fastnew


def make_score(
    hand: Hand,
    sit: Situation,
    rules: Ruleset,
    reading: Reading,
    yaku: tuple[YakuHit, ...],
    dora: tuple[DoraHit, ...],
    yakuman: tuple[YakuHit, ...],
    han: int | None,
    fu: int | None,
    fu_parts: tuple[FuPart, ...],
    basic: int,
    limit: str | None,
    points: int,
    payments: tuple[Payment, ...],
    base_payments: tuple[tuple[str, int], ...],
    deltas: tuple[int, int, int, int] | None,
) -> Score:
    """Makes a Score, as ``Score(...)`` would, without a call per field (both scorers')."""
    score = ScoreBuilder()
    score.hand = hand
    score.situation = sit
    score.rules = rules
    score.reading = reading
    score.yaku = yaku
    score.dora = dora
    score.yakuman = yakuman
    score.han = han
    score.fu = fu
    score.fu_parts = fu_parts
    score.basic = basic
    score.limit = limit
    score.points = points
    score.payments = payments
    score.base_payments = base_payments
    score.deltas = deltas
    return made(score, Score)


# Hits and payments are values: the scorer shares one instance of each, made on first use
# (a first round makes hundreds) without a call per field (see tenpai._fastnew).
_YakuHitBuilder = builder(YakuHit)
_DoraHitBuilder = builder(DoraHit)
_PaymentBuilder = builder(Payment)


def yaku_hit(id_: str, han: int, yakuman: bool, limit: str | None, fixed: bool) -> YakuHit:
    """Makes a YakuHit, as ``YakuHit(id_, han, yakuman, limit, fixed)`` would."""
    hit = _YakuHitBuilder()
    hit.id = id_
    hit.han = han
    hit.yakuman = yakuman
    hit.limit = limit
    hit.fixed = fixed
    return made(hit, YakuHit)


@cache
def dora_hit(id_: str, han: int) -> DoraHit:
    """Gets ``DoraHit(id_, han)``."""
    hit = _DoraHitBuilder()
    hit.id = id_
    hit.han = han
    return made(hit, DoraHit)


@lru_cache(maxsize=1024, typed=True)
def payment(payer: int | None, amount: int, honba: int, reason: str) -> Payment:
    """Gets ``Payment(payer, amount, honba, reason)``."""
    paid = _PaymentBuilder()
    paid.payer = payer
    paid.amount = amount
    paid.honba = honba
    paid.reason = reason
    return made(paid, Payment)


def count_dora(
    sit: Situation,
    rules: Ruleset,
    counts: tuple[int, ...],
    reds: int,
    dora_kind: tuple[int, ...],
    kita: int = 0,
) -> tuple[tuple[DoraHit, ...], int]:
    """Gets the dora hits of a hand (*counts*: every tile by kind) and their han, *dora_kind*
    the dora of each indicator (the four-player set's, or the three-player one's); *kita*
    norths set aside count as dora tiles too (riichi.wiki "Sanma": with a west indicator, a
    kita is two dora) and one han each."""
    hits: tuple[DoraHit, ...] = ()
    if kita:
        counts = (*counts[:NORTH], counts[NORTH] + kita, *counts[NORTH + 1 :])
    n = 0
    for i in sit.dora_indicators if rules.kan_dora else sit.dora_indicators[:1]:
        n += counts[dora_kind[i]]
    han = n
    if n:
        hits = (dora_hit("dora", n),)
    if kita:
        hits += (dora_hit("kita", kita),)
        han += kita
    if reds and rules.aka:
        hits += (dora_hit("aka_dora", reds),)
        han += reds
    if (sit.riichi or sit.double_riichi) and rules.ura_dora:
        n = 0
        for i in sit.ura_indicators if rules.kan_ura_dora else sit.ura_indicators[:1]:
            n += counts[dora_kind[i]]
        if n:
            hits += (dora_hit("ura_dora", n),)
            han += n
    return hits, han


@lru_cache(maxsize=4096)
def tsumo_payments(
    dealer: int, non_dealer: int, honba: int, dealer_rel: int
) -> tuple[Payment, ...]:
    """Gets the payments of a tsumo: *dealer* from the dealer (seat *dealer_rel* from the
    winner; 0: the winner deals), *non_dealer* from each other player, *honba* each."""
    d, n = (dealer, "tsumo_dealer"), (non_dealer, "tsumo_non_dealer")  # (no generator to run)
    a1, r1 = d if dealer_rel == 1 else n
    a2, r2 = d if dealer_rel == 2 else n
    a3, r3 = d if dealer_rel == 3 else n
    return payment(1, a1, honba, r1), payment(2, a2, honba, r2), payment(3, a3, honba, r3)


def plain_payments(
    base: dict[str, int], tsumo: bool, sit: Situation, rules: Ruleset
) -> tuple[Payment, ...]:
    """Gets the payments of a hand whose payments are *base* (:func:`~.payment.hand_payments`),
    without liability, honba included."""
    if not tsumo:
        return (payment(sit.discarder, base["ron"], rules.honba_ron * sit.honba, "ron"),)
    dealer_rel = (27 - sit.seat_wind) % 4  # sit.dealer_rel
    return tsumo_payments(
        base.get("dealer", 0), base["non_dealer"], rules.honba_tsumo * sit.honba, dealer_rel
    )


def deltas_of(
    payments: tuple[Payment, ...], sit: Situation, rules: Ruleset, extra_stick: bool = False
) -> tuple[int, int, int, int] | None:
    """Gets each seat's change from *payments* (winner first, then right, across, left),
    honba and riichi sticks included, or None when a payer is not known (a ron whose
    discarder is not named). *extra_stick*: the discarder also pays a riichi stick to the
    winner (tsubame gaeshi)."""
    d = [0, 0, 0, 0]
    for p in payments:
        if p.payer is None:  # a discarder not named
            return None
        d[p.payer] -= p.amount + p.honba
    if extra_stick and sit.discarder is not None:  # tsubame gaeshi, paid_to_winner
        d[sit.discarder] -= rules.riichi_deposit
    d[0] = rules.riichi_deposit * sit.riichi_sticks - d[1] - d[2] - d[3]
    return d[0], d[1], d[2], d[3]
