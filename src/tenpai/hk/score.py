"""Scoring a Hong Kong old style win: the best arrangement, its fan, the cap and the payments.

:func:`score` enumerates every decomposition of the hand and every placement of the winning
tile (:func:`tenpai.analysis.readings`), computes the :class:`~tenpai.hk.fan.Facts` of each,
runs the fan rows, and keeps the arrangement with the highest final (capped) fan, then the
highest raw fan (Four Winds rules 5.1). Then it checks the minimum and settles the payments.

>>> from tenpai.hand import Hand
>>> s = score(Hand.parse("234m567m345p45s99s tsumo 6s"), HKSituation.of(seat="S"))
>>> s.fan, [h.id for h in s.items], s.payments
(4, ['no_flowers', 'concealed_hand', 'self_drawn', 'all_chows'], (-8, 24, -8, -8))
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..analysis import Reading, readings
from ..errors import InvalidSituation, Localized, NotAWinningHand, NoYaku, msg, quoted
from ..hand import Hand, Meld, check_copies
from ..i18n import tr
from ..tiles import (
    DRAGONS,
    TERMINALS,
    WINDS,
    format_tiles,
    kind,
    tile_name,
)
from .fan import (
    FLOWER_WIN,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Excluded,
    Facts,
    FanHit,
    HKSet,
    Tally,
    row,
    tally,
)
from .payment import Payments, Settlement, Transfer, settle
from .rules import HKRules
from .situation import HKSituation

__all__ = ["HKScore", "score"]

_DEFAULT_RULES = HKRules()


@dataclass(frozen=True, slots=True)
class HKScore:
    """The result of a Hong Kong win.

    * *fan*: final fan (capped), used for payment; *raw_fan*: the sum of *items* before the cap
      (a limit hand counts its limit value); *qualifying_fan*: what counts toward the minimum.
    * *items*: the counted fan items (:class:`~tenpai.hk.fan.FanHit`: id, fan, tiles, reason);
      *excluded*: items that held but are replaced by a higher one of their family, or by a
      limit hand; *limit*: the limit hand id, if any.
    * *legal*: the minimum is reached (always true from :func:`score` unless
      ``enforce_minimum=False``); an illegal win pays nothing here (see ``false_win_penalty``).
    * *payments*: signed points per seat E S W N, summing to 0; *transfers*: who pays whom;
      *liable*: the seat that paid for the others (包), if any.
    * *arrangement*: the chosen reading of the hand (melded sets in brackets).
    """

    fan: int
    raw_fan: int
    items: tuple[FanHit, ...]
    excluded: tuple[Excluded, ...]
    limit: str | None
    qualifying_fan: int
    legal: bool
    winner: int
    self_drawn: bool
    payments: Payments
    transfers: tuple[Transfer, ...]
    liable: int | None
    arrangement: str
    rules: HKRules

    @property
    def capped(self) -> bool:
        """Tells whether the cap lowered the fan."""
        return self.fan < self.raw_fan


# ---- situation checks --------------------------------------------------------------------------


def _self_drawn(hand: Hand, sit: HKSituation) -> bool:
    if sit.flower_win or sit.robbed_flower_from is not None:
        return sit.robbed_flower_from is None
    if hand.win_tile is None:
        raise NotAWinningHand.of(msg("errors.hk.no_win_tile", hand=quoted(hand.written())))
    if sit.self_drawn is not None and sit.self_drawn != hand.tsumo:
        said = "errors.hk.said_self_drawn" if sit.self_drawn else "errors.hk.said_discard"
        raise InvalidSituation.of(msg(said))
    return hand.tsumo


def _check_situation(hand: Hand, sit: HKSituation, rules: HKRules, self_drawn: bool) -> None:
    if sit.flowers and not rules.flowers_in_play:
        raise InvalidSituation.of(msg("errors.hk.flowers_off"))
    if not self_drawn and sit.discarder is None and sit.robbed_flower_from is None:
        raise InvalidSituation.of(msg("errors.hk.discarder_needed"))
    if self_drawn and sit.discarder is not None:
        raise InvalidSituation.of(msg("errors.hk.no_discarder"))
    if sit.robbing_kong and self_drawn:
        raise InvalidSituation.of(msg("errors.hk.robbing_kong"))
    kongs = [m for m in hand.melds if m.is_kan]
    kong_flag = "double_kong_replacement" if sit.double_kong_replacement else "kong_replacement"
    if (sit.kong_replacement or sit.double_kong_replacement) and not self_drawn:
        raise InvalidSituation.of(msg("errors.hk.kong_draw", flag=kong_flag))
    if (sit.kong_replacement or sit.double_kong_replacement) and not kongs:
        raise InvalidSituation.of(msg("errors.hk.kong_needed", flag=kong_flag))
    if sit.double_kong_replacement and len(kongs) < 2:
        raise InvalidSituation.of(msg("errors.hk.two_kongs"))
    if sit.flower_replacement and not self_drawn:
        raise InvalidSituation.of(msg("errors.hk.flower_replacement"))
    claimed = any(m.is_open for m in hand.melds)
    if sit.heavenly and (sit.seat != 0 or not self_drawn or claimed):
        raise InvalidSituation.of(msg("errors.hk.heavenly"))
    if sit.earthly:
        if sit.seat == 0 or claimed:
            raise InvalidSituation.of(msg("errors.hk.earthly"))
        if rules.earthly_definition == "dealer_first_discard" and (
            self_drawn or sit.discarder != 0
        ):
            raise InvalidSituation.of(msg("errors.hk.earthly_discard"))
        if rules.earthly_definition == "first_self_draw" and not self_drawn:
            raise InvalidSituation.of(msg("errors.hk.earthly_self_draw"))
    if sit.human and (sit.seat == 0 or self_drawn or claimed):
        raise InvalidSituation.of(msg("errors.hk.human"))


# ---- facts of one arrangement ------------------------------------------------------------------

_PATTERN_9G = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_SERIES = ((37, 38, 39, 40), (41, 42, 43, 44))


def _meld_set(m: Meld) -> HKSet:
    shape = "chow" if m.is_chi else "kong" if m.is_kan else "pung"
    return HKSet(shape, m.kind, claimed=m.is_open, melded=True, concealed=not m.is_open)


def _flower_facts(sit: HKSituation, rules: HKRules) -> dict[str, Any]:
    if not rules.flowers_in_play:
        return {}
    bonus = sit.flowers
    own = {37 + sit.seat, 41 + sit.seat}
    complete = [series for series in _SERIES if all(t in bonus for t in series)]
    in_complete = {t for series in complete for t in series}
    seat_flowers = tuple(
        tile_name(t)
        for t in bonus
        if t in own and (rules.flower_set_keeps_seat_flower or t not in in_complete)
    )
    return {
        "bonus": tuple(tile_name(t) for t in bonus),
        "no_flowers": not bonus,
        "seat_flowers": seat_flowers,
        "flower_sets": tuple("".join(tile_name(t) for t in s) for s in complete),
        "robbed_flower": sit.robbed_flower_from is not None,
    }


def _nine_gates(hand: Hand, rules: HKRules) -> bool:
    if hand.melds or hand.win_tile is None:
        return False
    counts = hand.counts
    suits = {k // 9 for k in range(34) if counts[k]}
    if len(suits) != 1 or 3 in suits:
        return False
    s = suits.pop()
    mine = counts[9 * s : 9 * s + 9]
    if rules.nine_gates_true_wait:
        before = list(mine)
        before[kind(hand.win_tile) - 9 * s] -= 1
        return tuple(before) == _PATTERN_9G
    return all(a >= b for a, b in zip(mine, _PATTERN_9G, strict=True))


def _facts(
    hand: Hand,
    *,
    form: str,
    sets: tuple[HKSet, ...],
    pair: int,
    sit: HKSituation,
    rules: HKRules,
    self_drawn: bool,
) -> Facts:
    kinds = {kind(t) for t in hand.all_tiles()}
    pungs = [s for s in sets if s.shape != "chow"]
    concealed_pungs = sum(1 for s in pungs if s.concealed)
    if rules.four_concealed_pungs_rule == "self_draw_only" and not self_drawn:
        concealed_pungs = 0
    seat_kind, round_kind = WINDS[sit.seat], WINDS[sit.round_wind]
    claimed = any(m.is_open for m in hand.melds)
    concealed = not (
        claimed
        or (rules.concealed_kong_breaks_concealed and any(m.is_kan for m in hand.melds))
        or (rules.concealed_hand_discard_only and self_drawn)
    )
    return Facts(
        form=form,
        sets=sets,
        pair=pair,
        suits=frozenset(k // 9 for k in kinds if k < 27),
        honours=any(k >= 27 for k in kinds),
        terminals=any(k in TERMINALS for k in kinds),
        simples=any(k < 27 and k not in TERMINALS for k in kinds),
        chows=len(sets) - len(pungs),
        pungs=len(pungs),
        kongs=sum(1 for s in pungs if s.shape == "kong"),
        concealed_pungs=concealed_pungs,
        dragon_pungs=tuple(s.format() for s in pungs if s.tile in DRAGONS),
        wind_sets=sum(1 for s in pungs if s.tile in WINDS),
        seat_wind_pung=tuple(s.format() for s in pungs if s.tile == seat_kind),
        round_wind_pung=tuple(s.format() for s in pungs if s.tile == round_kind),
        concealed=concealed,
        self_drawn=self_drawn,
        kong_replacement=sit.kong_replacement or sit.double_kong_replacement,
        double_kong_replacement=sit.double_kong_replacement,
        flower_replacement=sit.flower_replacement,
        robbing_kong=sit.robbing_kong,
        last_tile=sit.last_tile and (self_drawn or rules.last_discard_counts),
        heavenly=sit.heavenly,
        earthly=sit.earthly,
        human=sit.human and not sit.earthly,
        nine_gates=_nine_gates(hand, rules),
        all_chows_pair_ok=not rules.all_chows_suited_pair or 0 <= pair < 27,
        **_flower_facts(sit, rules),
    )


def _arrangements(
    hand: Hand, sit: HKSituation, rules: HKRules, self_drawn: bool
) -> Iterator[tuple[Facts, str]]:
    """Yields the facts and a description of every reading of the hand."""
    melded = tuple(_meld_set(m) for m in hand.melds)
    any_rule = rules.four_concealed_pungs_rule == "any"
    r: Reading
    for r in readings(hand):
        d = r.decomposition
        if d.form == "chiitoitsu":
            continue  # seven pairs are read below, under the rules' option
        if d.form == "kokushi":
            text = format_tiles(hand.closed_tiles)
            yield (
                _facts(
                    hand,
                    form=THIRTEEN_ORPHANS,
                    sets=(),
                    pair=d.pair,
                    sit=sit,
                    rules=rules,
                    self_drawn=self_drawn,
                ),
                text,
            )
            continue
        own = tuple(
            HKSet("chow", c)
            if c < 34
            else HKSet(
                "pung",
                c - 34,
                # the pung the winning discard completed is not concealed (Tenpai's reading)
                concealed=self_drawn or any_rule or r.win_set != c,
            )
            for c in d.sets
        )
        sets = own + melded
        pair_txt = tile_name(d.pair)
        parts = [s.format() for s in own] + [f"[{s.format()}]" for s in melded]
        desc = " ".join([*parts, pair_txt[0] * 2 + pair_txt[1]])
        yield (
            _facts(
                hand,
                form=STANDARD,
                sets=sets,
                pair=d.pair,
                sit=sit,
                rules=rules,
                self_drawn=self_drawn,
            ),
            desc,
        )
    if rules.seven_pairs is not None and not hand.melds:
        counts = hand.counts
        pairs = [k for k in range(34) for _ in range(counts[k] // 2)]
        dup_ok = rules.seven_pairs_allow_duplicates or all(c in (0, 2) for c in counts)
        if all(c % 2 == 0 for c in counts) and len(pairs) == 7 and dup_ok:
            desc = " ".join(tile_name(k)[0] * 2 + tile_name(k)[1] for k in pairs)
            yield (
                _facts(
                    hand,
                    form=SEVEN_PAIRS,
                    sets=(),
                    pair=-1,
                    sit=sit,
                    rules=rules,
                    self_drawn=self_drawn,
                ),
                desc,
            )


# ---- liability (包; hk-payments.fr.md) ----------------------------------------------------------


def _liable(hand: Hand, sit: HKSituation, rules: HKRules, t: Tally, self_drawn: bool) -> int | None:
    if sit.liable is not None:
        return sit.liable
    if not sit.meld_sources_known or sit.robbing_kong:
        return None
    winner = sit.seat
    claimed = [m for m in hand.melds if m.is_open]

    def source(m: Meld) -> int:
        return (winner + m.from_rel) % 4

    in_scope = self_drawn or rules.pao_scope == "any_win"
    held = {h.id for h in t.items} | {e.hit.id for e in t.excluded}
    if rules.pao_big_hands and in_scope:
        dragons = [m for m in claimed if not m.is_chi and m.kind in DRAGONS]
        winds = [m for m in claimed if not m.is_chi and m.kind in WINDS]
        kongs = [m for m in hand.melds if m.is_kan]
        if "big_three_dragons" in held and len(dragons) == 3:
            return source(dragons[-1])
        if "big_four_winds" in held and len(winds) == 4:
            return source(winds[-1])
        if "four_kongs" in held and kongs and kongs[-1].type == "daiminkan":
            return source(kongs[-1])
    if rules.pao_12_tiles and in_scope and len(claimed) == 4:
        return source(claimed[-1])
    last = hand.melds[-1] if hand.melds else None
    if (
        rules.pao_kong_bloom
        and self_drawn
        and sit.kong_replacement
        and last is not None
        and last.type == "daiminkan"
    ):
        return source(last)
    if (
        rules.pao_half_9_tiles
        and rules.responsibility == "half"
        and not self_drawn
        and len(claimed) >= 3
    ):
        return sit.discarder
    return None


# ---- the scorer ----------------------------------------------------------------------------------


def _below_minimum(t: Tally, rules: HKRules) -> NoYaku:
    def listed(lang: str) -> str:
        items = [tr("errors.hk.item", lang, name=row(h.id).name(lang), fan=h.fan) for h in t.items]
        return tr("hk.list.sep", lang).join(items) or tr("errors.hk.no_item", lang)

    items = Localized(listed)
    if t.qualifying != t.raw:
        return NoYaku.of(
            msg(
                "errors.hk.below_flowers", q=t.qualifying, raw=t.raw, min=rules.min_fan, items=items
            )
        )
    return NoYaku.of(msg("errors.hk.below", raw=t.raw, min=rules.min_fan, items=items))


def score(
    hand: Hand,
    situation: HKSituation | None = None,
    rules: HKRules = _DEFAULT_RULES,
    *,
    enforce_minimum: bool = True,
) -> HKScore:
    """Scores a Hong Kong old style win of *hand* in *situation* under *rules*.

    *hand* holds 14 tiles (a meld counts 3) with its winning tile (``ron``/``tsumo``); for a
    flower win (``situation.flower_win`` or ``robbed_flower_from``) the tiles do not matter.
    Meld sources (``:left``...) say who fed each set, in the order written (for 包).

    :raises NotAWinningHand: if the tiles do not form a complete hand;
    :raises NoYaku: below the minimum ("2 fan, the minimum is 3: ..."), unless
        *enforce_minimum* is false (then ``legal`` is false and nothing is paid);
    :raises InvalidSituation: when the situation contradicts itself or the hand;
    :raises InvalidHand: for impossible tiles.

    >>> from tenpai.hand import Hand
    >>> hand = Hand.parse("456m789p234s5s chi 123m ron 5s")
    >>> score(hand, HKSituation.of(seat="S", discarder="E", flowers="f4"))
    Traceback (most recent call last):
        ...
    tenpai.errors.NoYaku: 1 fan, the minimum is 3: All chows (1 fan)
    """
    sit = situation if situation is not None else HKSituation()
    self_drawn = _self_drawn(hand, sit)
    flower_win = sit.flower_win or sit.robbed_flower_from is not None
    if not flower_win:
        hand.validate(text=hand.written())  # errors quote the hand as the player wrote it
        # the Hong Kong set has no red five: 0p is refused, never read as 5p without a word
        check_copies(hand.all_tiles(), text=hand.written(), max_red=(0, 0, 0))
    _check_situation(hand, sit, rules, self_drawn)

    best: tuple[tuple[int, int], Tally, str] | None = None
    if flower_win:
        if not rules.flowers_in_play:
            raise InvalidSituation.of(msg("errors.hk.flower_win_off"))
        facts = Facts(FLOWER_WIN, **_flower_facts(sit, rules))
        t = tally(facts, rules)
        if not t.items:
            raise NotAWinningHand.of(msg("errors.hk.flower_win", n=len(sit.flowers)))
        best = ((rules.capped(t.raw), t.raw), t, format_tiles(sit.flowers))
    else:
        for facts, desc in _arrangements(hand, sit, rules, self_drawn):
            t = tally(facts, rules)
            key = (rules.capped(t.raw), t.raw)
            if best is None or key > best[0]:
                best = (key, t, desc)
        if best is None:
            raise NotAWinningHand.of(msg("errors.hand.not_complete", hand=quoted(hand.written())))

    (final, raw), t, desc = best
    legal = t.is_legal(rules)
    if not legal and enforce_minimum:
        raise _below_minimum(t, rules)
    liable = _liable(hand, sit, rules, t, self_drawn) if legal and not flower_win else sit.liable
    if legal:
        money = settle(
            final,
            rules,
            winner=sit.seat,
            self_drawn=self_drawn,
            discarder=sit.discarder,
            robbing_kong=sit.robbing_kong,
            robbed_flower_from=sit.robbed_flower_from,
            liable=liable,
        )
    else:
        money, liable = Settlement((0, 0, 0, 0), ()), None
    return HKScore(
        fan=final,
        raw_fan=raw,
        items=t.items,
        excluded=t.excluded,
        limit=t.limit,
        qualifying_fan=t.qualifying,
        legal=legal,
        winner=sit.seat,
        self_drawn=self_drawn,
        payments=money.payments,
        transfers=money.transfers,
        liable=liable,
        arrangement=desc,
        rules=rules,
    )
