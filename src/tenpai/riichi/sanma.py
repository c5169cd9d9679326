"""Three-player riichi (sanma): the tile set, the checks and the payments of a three-seat table.

Sanma is riichi with ``players = 3`` in the ruleset (presets ``tenhou3``, ``majsoul3``); yaku
and fu are the four-player ones. What changes (riichi.wiki "Sanma"; Mahjong Soul's sanma):

* the set has 108 tiles: no 2m to 8m, so no chi (a sequence of characters cannot exist);
* a 1m indicator makes 9m the dora (and 9m makes 1m, as ever);
* a north may be set aside as *kita* (nukidora): one han of dora each, not a yaku, and a dora
  tile as well when the indicators point at the north (:attr:`Hand.kita
  <tenpai.hand.Hand.kita>`; a north kept in the hand is an ordinary tile);
* there are three seats (East, South, West): the players after the winner are 1 (right) and 2
  (left); a tsumo is paid by the two others, with *tsumo loss* (the missing north's share is
  not paid, option ``tsumo_loss``) or with that share split between them (each half rounded up
  to 100); honba are the options ``honba_ron`` and ``honba_tsumo`` (Tenhou: 200 on a ron,
  100 from each payer on a tsumo, as its logs show).

>>> from tenpai.riichi.rules import find_rules
>>> hand_payments(2000, dealer=False, tsumo=True, rules=find_rules("tenhou3"))
{'dealer': 4000, 'non_dealer': 2000}
>>> split = find_rules("tenhou3").with_options(tsumo_loss=False)
>>> hand_payments(2000, dealer=False, tsumo=True, rules=split)
{'dealer': 5000, 'non_dealer': 3000}
"""

from __future__ import annotations

from ..errors import InvalidHand, InvalidSituation, msg, quoted
from ..hand import Hand
from ..tiles import DORA_KIND, NORTH, kind, tile_name
from .payment import Payment, ceil100
from .result import payment
from .rules import Ruleset
from .situation import Situation

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import Protocol

    class _Priced(Protocol):
        """What the payments read of the scorer's best reading."""

        @property
        def points(self) -> int: ...
        @property
        def basic(self) -> int: ...
        @property
        def base(self) -> dict[str, int]: ...
        @property
        def pao_basic(self) -> int: ...
        @property
        def liable(self) -> int | None: ...
        @property
        def yakuman(self) -> tuple[object, ...]: ...


__all__ = [
    "DORA_KIND_3",
    "MISSING_KINDS",
    "check",
    "hand_payments",
    "payments",
    "total_of",
]

MISSING_KINDS = frozenset(range(1, 8))
"""The kinds not in the three-player set: 2m to 8m."""

DORA_KIND_3: tuple[int, ...] = tuple(8 if i == 0 else k for i, k in enumerate(DORA_KIND))
"""The dora kind of each indicator tile in sanma: 1m indicates 9m (no 2m in the set)."""

ROBBED_KITA = "robbed_kita"
"""The situation flag of a ron on a north another player set aside as kita."""


def check(hand: Hand, sit: Situation, rules: Ruleset) -> None:
    """Checks that *hand* and *sit* can occur at a three-player table under *rules*.

    :raises InvalidHand: a tile of 2m-8m (hand or indicators), a fifth north (kita
        included), a chi, a kita without the kita rule; :raises InvalidSituation: a north
        seat, a payer who is no player, a robbed kita the rules or the hand do not allow.

    >>> from tenpai.riichi.rules import find_rules
    >>> check(Hand.parse("234m11p"), Situation(), find_rules("tenhou3"))
    Traceback (most recent call last):
    ...
    tenpai.errors.InvalidHand: 2m, 3m, 4m are not in the three-player set (no 2m to 8m): '234m11p'
    """
    text = quoted(hand.written())  # the hand as the player wrote it, cut (errors.cut)
    tiles = hand.all_tiles() + sit.dora_indicators + sit.ura_indicators
    missing = sorted({kind(t) for t in tiles} & MISSING_KINDS)
    if missing:
        names = ", ".join(tile_name(k) for k in missing)
        key = "errors.sanma.missing_one" if len(missing) == 1 else "errors.sanma.missing"
        raise InvalidHand.of(msg(key, names=names, hand=text))
    norths = sum(1 for t in tiles if kind(t) == NORTH) + hand.kita
    if norths > 4:
        raise InvalidHand.of(msg("errors.sanma.norths", n=norths, hand=text))
    if any(m.is_chi for m in hand.melds):
        raise InvalidHand.of(msg("errors.sanma.chi", hand=text))
    if hand.kita and not rules.kita:
        raise InvalidHand.of(msg("errors.sanma.no_kita", rules=rules.name, hand=text))
    if sit.seat_wind == NORTH:
        raise InvalidSituation.of(msg("errors.sanma.north_seat"))
    for who, rel in (("discarder", sit.discarder), ("liable", sit.pao)):
        if rel == 3:
            raise InvalidSituation.of(msg(f"errors.sanma.{who}_seat"))
    if dict(sit.flags).get(ROBBED_KITA):
        if not rules.kita_ron:
            raise InvalidSituation.of(msg("errors.sanma.kita_ron", rules=rules.name))
        if hand.tsumo or hand.win_tile is None or kind(hand.win_tile) != NORTH:
            raise InvalidSituation.of(msg("errors.sanma.kita_ron_north"))
        if sit.chankan:
            raise InvalidSituation.of(msg("errors.sanma.kita_chankan"))


def dealer_rel(sit: Situation) -> int:
    """Gets the dealer's seat from the winner at three seats (0: the winner deals)."""
    return (27 - sit.seat_wind) % 3


def hand_payments(basic: int, *, dealer: bool, tsumo: bool, rules: Ruleset) -> dict[str, int]:
    """Gets what each of the two payers owes before honba, as
    :func:`tenpai.riichi.payment.hand_payments` does at four seats: a ron is the same; a tsumo
    lacks the north's share (``tsumo_loss``) or adds half of it to each payer, rounded up.
    """
    if not tsumo:
        return {"ron": ceil100(basic * (6 if dealer else 4))}
    if dealer:
        each = ceil100(2 * basic)
        if not rules.tsumo_loss:  # the north would pay as much as each of the others
            each += ceil100(-(-each // 2))
        return {"non_dealer": each}
    from_dealer, from_child = ceil100(2 * basic), ceil100(basic)
    if not rules.tsumo_loss:  # the north would pay as the other non-dealer
        half = ceil100(-(-from_child // 2))
        from_dealer, from_child = from_dealer + half, from_child + half
    return {"dealer": from_dealer, "non_dealer": from_child}


def total_of(base: dict[str, int], dealer: bool) -> int:
    """Gets the value of a three-player hand from its payments *base*: the sum of the two
    payments on a tsumo."""
    if "ron" in base:
        return base["ron"]
    if dealer:
        return 2 * base["non_dealer"]
    return base["dealer"] + base["non_dealer"]


def payments(c: _Priced, hand: Hand, sit: Situation, rules: Ruleset) -> tuple[Payment, ...]:
    """Gets who pays what at three seats (relative seats 1 and 2) for the priced reading *c*:
    liability (pao, or a local yaku's liable player) as at four seats, honba per payer."""
    honba = sit.honba
    if c.liable is not None:
        hb_all = rules.honba_tsumo * honba * 2 if hand.tsumo else rules.honba_ron * honba
        return (payment(c.liable, c.points, hb_all, "liable"),)
    pao = sit.pao if c.yakuman and c.pao_basic else None
    if not hand.tsumo:
        disc = sit.discarder
        amount = c.base["ron"]
        hb = rules.honba_ron * honba
        if pao is None or pao == disc:
            return (payment(disc, amount, hb, "ron"),)
        liable_part = ceil100(c.pao_basic * (6 if sit.is_dealer else 4))
        half = (liable_part // 2) // 100 * 100
        if rules.pao_ron_honba_payer == "split":
            hb_l = (hb // 2) // 100 * 100
            return (
                payment(disc, amount - half, hb - hb_l, "ron"),
                payment(pao, half, hb_l, "pao"),
            )
        return (payment(disc, amount - half, hb, "ron"), payment(pao, half, 0, "pao"))
    hb = rules.honba_tsumo * honba
    if pao is not None:  # the liable player pays the whole tsumo (EMA §3.3.6)
        return (payment(pao, c.points, 2 * hb, "pao"),)
    d_rel = dealer_rel(sit)
    out = []
    for r in (1, 2):
        if r == d_rel:
            out.append(payment(r, c.base["dealer"], hb, "tsumo_dealer"))
        else:
            out.append(payment(r, c.base["non_dealer"], hb, "tsumo_non_dealer"))
    return tuple(out)
