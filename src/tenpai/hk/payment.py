"""Hong Kong payments: fan -> multiplier curves, who pays whom, liability, false wins (spec §6).

The share of a hand is ``P(f) = base_points × M(f)``; a discard win is worth ``D = 2P`` and a
self-draw ``3P`` (each loser pays P). With full responsibility (全銃, the default) the discarder
pays the whole 2P; with half responsibility (半銃) he pays P and the two others P/2 each.
Payments to or from East are multiplied by ``dealer_multiplier`` (1 by default). Only the winner
is paid: every settlement sums to zero.

Amounts are exact: an ``int`` whenever whole (always with the default stakes at 3 fan or more),
else a :class:`~fractions.Fraction` (quarters appear with half responsibility and tiny hands).

>>> [multiplier(f) for f in range(3, 11)]
[8, 16, 24, 32, 48, 64, 96, 128]
>>> settle(4, HKRules(), winner=1, self_drawn=True).payments
(-8, 24, -8, -8)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import TypeAlias

from ..errors import InternalError, InvalidSituation, Localized, msg
from ..i18n import tr
from .rules import HKRules

__all__ = [
    "SEAT_NAMES",
    "Amount",
    "Payments",
    "Settlement",
    "Transfer",
    "false_win_penalty",
    "multiplier",
    "payment_table",
    "settle",
    "share",
]

Amount: TypeAlias = int | Fraction
"""A number of points: an int when whole, else an exact fraction."""
Payments: TypeAlias = tuple[Amount, Amount, Amount, Amount]
"""Signed points per seat, East South West North (+ receives, - pays)."""

SEAT_NAMES = ("E", "S", "W", "N")
EAST = 0


def multiplier(fan: int, curve: str = "half") -> int:
    """Gets M(*fan*) on the *curve* ``half`` (半辣上), ``spicy`` (辣辣上) or ``fan_laak``.

    Half-spicy doubles each fan up to 4, then every two fan (ZHWP, HKMA, YAW, RA, TK, MZ):
    ``16·2^((f−4)/2)`` for even f > 4, ``24·2^((f−5)/2)`` for odd. Fan-laak: 4-6 -> 16,
    7-9 -> 32, 10+ -> 64 (WIKIDOT 2013, REDMJ).

    :raises InternalError: for a negative fan or an unknown curve, which no input reaches (the
        rules read the curve as one of its choices, fan counts as whole numbers ≥ 0): a bug.

    >>> multiplier(11), multiplier(13), multiplier(8, "spicy"), multiplier(12, "fan_laak")
    (192, 384, 256, 64)
    """
    if fan < 0:
        raise InternalError(f"a fan count is >= 0, not {fan}")  # the callers' counts are ≥ 0
    if curve == "spicy":
        return int(2**fan)
    if curve == "fan_laak":
        if fan <= 4:
            return int(2**fan)
        return 16 if fan <= 6 else 32 if fan <= 9 else 64
    if curve != "half":
        # HKRules checks 'spiciness' against these three when it is read
        raise InternalError(f"unknown payment curve {curve!r} (half, spicy, fan_laak)")
    if fan <= 4:
        return int(2**fan)
    if fan % 2 == 0:
        return int(16 * 2 ** ((fan - 4) // 2))
    return int(24 * 2 ** ((fan - 5) // 2))


def share(fan: int, rules: HKRules) -> Fraction:
    """Gets P(*fan*) = ``base_points × M(fan)``: what each loser pays on a self-draw.

    A fan above the table's last row (*payment_cap*) pays as that row.

    >>> share(3, HKRules()), share(10, HKRules(base_points=2))
    (Fraction(4, 1), Fraction(256, 1))
    >>> share(26, HKRules(cap=None, payment_cap=13, base_points=1))
    Fraction(384, 1)
    """
    if rules.payment_cap is not None:
        fan = min(fan, rules.payment_cap)
    return rules.base_points * multiplier(fan, rules.spiciness)


def _amount(x: Fraction) -> Amount:
    return x.numerator if x.denominator == 1 else x


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment: *payer* gives *amount* to *payee* (seats 0-3 = E S W N) for *reason*.

    Reasons: ``self_draw``, ``discard``, ``discard_share`` (a non-discarder under half
    responsibility), ``robbed_kong``, ``robbed_flower``, ``liable`` (包), ``false_win``.
    """

    payer: int
    payee: int
    amount: Amount
    reason: str


@dataclass(frozen=True, slots=True)
class Settlement:
    """The money of one hand: *payments* per seat (summing to 0) and the *transfers*."""

    payments: Payments
    transfers: tuple[Transfer, ...]

    @classmethod
    def of(cls, transfers: Iterable[Transfer]) -> Settlement:
        """Builds a settlement from *transfers* (zero amounts dropped)."""
        kept = tuple(t for t in transfers if t.amount)
        net = [Fraction(0)] * 4
        for t in kept:
            net[t.payer] -= t.amount
            net[t.payee] += t.amount
        return cls((_amount(net[0]), _amount(net[1]), _amount(net[2]), _amount(net[3])), kept)


NO_PAYMENT = Settlement((0, 0, 0, 0), ())


def _role(name: str) -> Localized:
    """The words of a seat's role in a settlement (``errors.hk.pay.role.*``)."""
    return Localized(partial(tr, f"errors.hk.pay.role.{name}"))


def _check_seat(name: str, seat: int | None, winner: int | None = None) -> None:
    """Checks the seat of the role *name*: a seat 0-3 (None when not given, except for the
    winner and the offender), never the *winner*'s."""
    if seat is None and name not in ("winner", "offender"):
        return
    if seat not in (0, 1, 2, 3):
        raise InvalidSituation.of(msg("errors.hk.pay.seat", name=_role(name), value=seat))
    if winner is not None and seat == winner:
        raise InvalidSituation.of(
            msg("errors.hk.pay.is_winner", name=_role(name), seat=SEAT_NAMES[winner])
        )


def settle(
    fan: int,
    rules: HKRules,
    *,
    winner: int,
    self_drawn: bool,
    discarder: int | None = None,
    robbing_kong: bool = False,
    robbed_flower_from: int | None = None,
    liable: int | None = None,
) -> Settlement:
    """Settles a win worth *fan* (final, capped) for the *winner* seat under *rules*.

    *discarder* is the seat that discarded the winning tile (or whose added kong was robbed,
    with *robbing_kong*); *robbed_flower_from* the seat whose 8th bonus tile was taken (七搶一,
    paid by him as a discarder, 2P — provisional, spec §5); *liable* a seat that pays the whole
    hand (包: the self-draw total on a self-draw, the discard total on a discard).

    :raises InvalidSituation: when a discard win has no discarder, or a seat is out of range.

    >>> settle(8, HKRules(), winner=0, self_drawn=False, discarder=3).payments
    (64, 0, 0, -64)
    >>> settle(8, HKRules(responsibility="half"), winner=0, self_drawn=False, discarder=3).payments
    (64, -16, -16, -32)
    """
    _check_seat("winner", winner)
    for name, seat in (
        ("discarder", discarder),
        ("robbed", robbed_flower_from),
        ("liable", liable),
    ):
        _check_seat(name, seat, winner)
    p = share(fan, rules)
    losers = [s for s in range(4) if s != winner]

    def edge(payer: int, amount: Fraction) -> Fraction:
        if EAST in (payer, winner):
            return amount * rules.dealer_multiplier
        return amount

    owed: list[tuple[int, Fraction, str]]  # (payer, amount, reason) before liability
    if robbed_flower_from is not None:
        owed = [(robbed_flower_from, edge(robbed_flower_from, 2 * p), "robbed_flower")]
    elif self_drawn:
        owed = [(s, edge(s, p), "self_draw") for s in losers]
    else:
        if discarder is None:
            key = "errors.hk.pay.no_konger" if robbing_kong else "errors.hk.pay.no_discarder"
            raise InvalidSituation.of(msg(key))
        if robbing_kong and rules.robbing_kong_settlement == "konger_pays_self_draw":
            # HKMA/YHK 搶槓當自摸: the robbed player pays the whole self-draw total
            total = sum((edge(s, p) for s in losers), Fraction(0))
            owed = [(discarder, total, "robbed_kong")]
        elif rules.responsibility == "full":
            owed = [(discarder, edge(discarder, 2 * p), "discard")]
        else:
            owed = [
                (s, edge(s, p), "discard")
                if s == discarder
                else (s, edge(s, p / 2), "discard_share")
                for s in losers
            ]
    if liable is not None:
        total = sum((a for _, a, _ in owed), Fraction(0))
        owed = [(liable, total, "liable")]
    return Settlement.of(Transfer(s, winner, _amount(a), why) for s, a, why in owed)


def false_win_penalty(offender: int, rules: HKRules) -> Settlement:
    """Prices a false win (詐糊) declared by the *offender* seat (spec §6.7).

    ``max_self_draw_to_each`` (default, YAW/ZHWP): he pays each other player the self-draw
    total at the cap, 3·P(cap); ``share``: P(cap) to each. Uncapped rules use the limit value.

    >>> false_win_penalty(1, HKRules()).payments
    (192, -576, 192, 192)
    >>> false_win_penalty(1, HKRules(false_win_penalty="share")).payments
    (64, -192, 64, 64)
    """
    _check_seat("offender", offender)
    p = share(rules.top_fan, rules)
    each = 3 * p if rules.false_win_penalty == "max_self_draw_to_each" else p
    transfers = []
    for s in range(4):
        if s != offender:
            amount = each * rules.dealer_multiplier if EAST in (s, offender) else each
            transfers.append(Transfer(offender, s, _amount(amount), "false_win"))
    return Settlement.of(transfers)


def payment_table(rules: HKRules) -> list[tuple[int, Amount, Amount]]:
    """Lists ``(fan, discard total 2P, self-draw share P)`` from the minimum to the top fan,
    the conversion table of the French "Points et paiements" page (no dealer multiplier).

    >>> payment_table(HKRules())[0], payment_table(HKRules())[-1]
    ((3, 8, 4), (10, 128, 64))
    """
    out = []
    for f in range(rules.min_fan, rules.top_fan + 1):
        p = share(f, rules)
        out.append((f, _amount(2 * p), _amount(p)))
    return out
