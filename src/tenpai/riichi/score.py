"""Scoring a riichi win: every reading scored, the best one kept (the WRC rules' choice).

:func:`score` hands the usual win to the fast core (:mod:`tenpai.riichi.usual`) and scores
any other in full here: the reference facts of each reading, every candidate row weighed
(limits, yakuman, variants, local yaku, liability), the fu, dora and payments. The full
scorer is the fast core's oracle (tests/test_riichi_usual.py).

>>> s = score(Hand.parse("234m678p45667s88s ron 5s"), Situation(seat_wind=28, riichi=True))
>>> s.han, s.fu, s.points, [y.id for y in s.yaku]
(3, 30, 3900, ['riichi', 'pinfu', 'tanyao'])
"""

from __future__ import annotations

from collections.abc import Callable

from .._compiled import mirror, twin
from ..analysis import Reading, readings
from ..errors import (
    InvalidHand,
    InvalidSituation,
    NotAWinningHand,
    NoYaku,
    localized,
    msg,
    quoted,
)
from ..hand import Hand
from ..tiles import DORA_KIND, KIND_OF, counts34, is_red, tile_name
from . import usual as usual_module
from .fu import FuPart, fu_of
from .payment import LIMITS, Payment, basic_points, hand_payments, total_of
from .result import (
    DoraHit,
    Score,
    YakuHit,
    count_dora,
    deltas_of,
    make_score,
    payment,
    plain_payments,
)
from .rules import Ruleset, find_rules
from .situation import NO_INPUTS, Situation
from .table import Candidates, Table, active_yaku, table_of
from .yaku import FORM_BITS, Facts, Yaku, hand_facts, reading_facts

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import NamedTuple
else:
    from .._typing import NamedTuple

__all__ = ["DoraHit", "Score", "YakuHit", "active_yaku", "score"]


def _no_first(hand: Hand, sit: Situation | None, rules: Ruleset | str) -> Score | None:
    """Where the scorer written for C is not in use: nothing scored before score's checks."""
    return None


# The fast core: its compiled twin when built from this very source (setup.py), else itself;
# in front of it, the scorer written for C (riichi/_cscore.pyx) while every pure source it
# mirrors is the one it was written against (tenpai._compiled.mirror). What it declines goes
# to the fast core.
_usual_twin = twin("riichi._cusual", usual_module)
usual_core = usual_module.score_usual if _usual_twin is None else _usual_twin.score_usual
_cscore = mirror("riichi._cscore")
score_usual = usual_core if _cscore is None else _cscore.score_usual
if _cscore is not None:
    _cscore.set_fallback(usual_core)
# (score asks it first while score_usual is its own: replacing score_usual turns both off)
_c_usual: Callable[..., Score | None] | None = None
_c_first: Callable[[Hand, Situation | None, Ruleset | str], Score | None] = _no_first
if _cscore is not None:
    _c_usual, _c_first = _cscore.score_usual, _cscore.score_first


def _make_score(
    hand: Hand, sit: Situation, rules: Ruleset, best: _Candidate, payments: tuple[Payment, ...]
) -> Score:
    """Makes the Score of the *best* reading, with the seats' deltas of its *payments*."""
    return make_score(
        hand,
        sit,
        rules,
        best.reading,
        best.yaku,
        best.dora,
        best.yakuman,
        best.han,
        best.fu,
        best.fu_parts,
        best.basic,
        best.limit,
        best.points,
        payments,
        tuple(best.base.items()),
        deltas_of(payments, sit, rules, best.extra_stick),
    )


class _Candidate(NamedTuple):
    key: tuple[int, int, int, int]  # points, yakuman (Tenpai's order: it beats kazoe), han, fu
    reading: Reading
    yaku: tuple[YakuHit, ...]
    dora: tuple[DoraHit, ...]
    yakuman: tuple[YakuHit, ...]
    han: int | None
    fu: int | None
    fu_parts: tuple[FuPart, ...]
    basic: int
    limit: str | None
    base: dict[str, int]
    points: int
    pao_basic: int
    liable: int | None = None
    extra_stick: bool = False
    pao_ids: tuple[str, ...] = ()  # the yakuman that allow liability (EMA §3.3.6)


def _other_han(found: list[tuple[Yaku, int]]) -> int:
    """Gets the han of the yaku that need nothing else (a yakuman counts as plenty)."""
    rest = [(y, h) for y, h in found if not y.needs_han]
    return 99 if any(y.yakuman for y, _ in rest) else sum(h for _, h in rest)


def _evaluate(
    f: Facts,
    cands: Candidates,
    table: Table,
    rules: Ruleset,
    min_han: int,
    dora: tuple[DoraHit, ...],
    dora_han: int,
) -> _Candidate | None:
    """Gets the value of the reading *f* with the rows *cands* (every kind of row: limits,
    yakuman, variants...), or None when it has no yaku."""
    sit = f.sit
    tested = [(y, han) for y, han, _ in cands.rows if y.test(f)]
    found: list[tuple[Yaku, int]] = []
    seen: set[str] = set()
    for y, han in tested:  # a yaku counts once: of rows sharing an id (variants), the first hit
        if y.id not in seen:
            found.append((y, han))
            seen.add(y.id)
    dropped = {s for y, _ in found for s in y.supersedes}
    found = [(y, h) for y, h in found if y.id not in dropped]
    if any(y.needs_han for y, _ in found):
        other = _other_han(found)
        found = [(y, h) for y, h in found if y.needs_han <= other]
    dealer = sit.is_dealer
    yakuman = [(y, h) for y, h in found if y.yakuman]
    counted = yakuman or found
    liable = next((y.liable(f) for y, _ in counted if y.liable is not None), None)
    stick = any(y.collects_stick for y, _ in counted)
    if yakuman:
        mults = [2 if y.id in rules.double_yakuman else h for y, h in yakuman]
        mult = sum(mults) if rules.yakuman_stacking else max(mults)
        if rules.yakuman_max_multiple:
            mult = min(mult, rules.yakuman_max_multiple)
        basic = 8000 * mult
        added = mults  # EMA: yakuman not cumulative; without stacking, only the largest counts
        if not rules.yakuman_stacking:
            top = mults.index(max(mults))
            added = [m if i == top else 0 for i, m in enumerate(mults)]
        yakuman_hits = tuple(
            YakuHit(y.id, m, True) for (y, _), m in zip(yakuman, added, strict=True)
        )
        pao_ids = tuple(y.id for y, _ in yakuman if y.id in rules.pao_yakuman or y.pao)
        pao_rows = [
            m
            for (y, _), m in zip(yakuman, mults, strict=True)
            if y.id in rules.pao_yakuman or y.pao
        ]
        pao_basic = 0
        if pao_rows:
            pao_basic = basic if rules.pao_scope == "whole_hand" else 8000 * sum(pao_rows)
        base = hand_payments(basic, dealer=dealer, tsumo=f.tsumo)
        points = total_of(base, dealer)
        return _Candidate(
            (points, 1, 0, 0),
            f.reading,
            (),
            (),
            yakuman_hits,
            None,
            None,
            (),
            basic,
            "yakuman",
            base,
            points,
            pao_basic,
            liable,
            stick,
            pao_ids,
        )
    fixed = [y for y, _ in found if y.fixed and y.limit]
    if fixed:  # a fixed limit: nothing else counts (the riichi wiki's Local yaku page)
        fixed_basic, fixed_limit = max((LIMITS[y.limit], y.limit) for y in fixed if y.limit)
        base = hand_payments(fixed_basic, dealer=dealer, tsumo=f.tsumo)
        points = total_of(base, dealer)
        fixed_hits = tuple(YakuHit(y.id, 0, limit=y.limit, fixed=True) for y in fixed)
        return _Candidate(
            (points, 0, 0, 0),
            f.reading,
            fixed_hits,
            (),
            (),
            None,
            None,
            (),
            fixed_basic,
            fixed_limit,
            base,
            points,
            0,
            liable,
            stick,
        )
    floors = [(LIMITS[y.limit], y.limit) for y, _ in found if y.limit]
    hits = [YakuHit(y.id, h, limit=y.limit) for y, h in found]
    if sit.renhou and rules.renhou in ("mangan", "baiman"):  # Tenpai's renhou option: a limit floor
        floors.append((LIMITS[rules.renhou], rules.renhou))
        hits.append(YakuHit("renhou", 0, limit=rules.renhou))
    floor, floor_name = max(floors, default=(0, None))
    if not floor and not any(h > 0 for _, h in found):
        return None
    yaku_han = sum(h for _, h in found if h > 0)  # a negative row is not a yaku (mondeikou)
    if yaku_han < min_han and not floor:
        return None
    han = sum(h for _, h in found) + dora_han
    pinfu = any(y.id == "pinfu" for y, _ in found)
    fu, parts = fu_of(f, pinfu=pinfu)
    basic, limit = basic_points(han, fu, rules)
    if floor > basic:
        basic, limit = floor, floor_name
    base = hand_payments(basic, dealer=dealer, tsumo=f.tsumo)
    points = total_of(base, dealer)
    return _Candidate(
        (points, 0, han, fu),
        f.reading,
        tuple(hits),
        dora,
        (),
        han,
        fu,
        parts,
        basic,
        limit,
        base,
        points,
        0,
        liable,
        stick,
    )


def _payments(c: _Candidate, hand: Hand, sit: Situation, rules: Ruleset) -> tuple[Payment, ...]:
    honba = sit.honba
    if c.liable is not None:  # the whole hand and its honba (maneman settled on the win)
        hb_all = rules.honba_tsumo * honba * 3 if hand.tsumo else rules.honba_ron * honba
        return (payment(c.liable, c.points, hb_all, "liable"),)
    pao = sit.pao if c.yakuman and c.pao_basic else None
    if pao is None:
        return plain_payments(c.base, hand.tsumo, sit, rules)
    if not hand.tsumo:
        disc = sit.discarder
        amount = c.base["ron"]
        hb = rules.honba_ron * honba
        if pao == disc:
            return (payment(disc, amount, hb, "ron"),)
        liable_part = -(-(c.pao_basic * (6 if sit.is_dealer else 4)) // 100) * 100
        half = (liable_part // 2) // 100 * 100
        disc_part = amount - half
        if rules.pao_ron_honba_payer == "split":
            hb_l = (hb // 2) // 100 * 100
            return (payment(disc, disc_part, hb - hb_l, "ron"), payment(pao, half, hb_l, "pao"))
        return (payment(disc, disc_part, hb, "ron"), payment(pao, half, 0, "pao"))
    out: list[Payment] = []
    hb = rules.honba_tsumo * honba
    dealer_rel = sit.dealer_rel
    liable_total = total_of(
        hand_payments(c.pao_basic, dealer=sit.is_dealer, tsumo=True), sit.is_dealer
    )
    rest_basic = c.basic - c.pao_basic
    others = hand_payments(rest_basic, dealer=sit.is_dealer, tsumo=True) if rest_basic else {}
    for r in (1, 2, 3):
        amount = 0
        if others:
            share = "dealer" if (r == dealer_rel and "dealer" in others) else "non_dealer"
            amount = others[share]
        if r == pao:
            out.append(payment(r, amount + liable_total, 3 * hb, "pao"))
        elif amount:
            out.append(payment(r, amount, 0, "tsumo"))
    return tuple(out)


def _check_plain_fives(
    tiles: tuple[int, ...], visible: tuple[int, ...], rules: Ruleset, hand: Hand
) -> None:
    """Checks that the hand's *tiles* and the indicators *visible* hold no more plain fives
    of a suit than the set: with one red five in the set, four fives are not all plain.

    :raises InvalidHand: naming the five and its red copy (``0m``).
    """
    for s, most_red in enumerate(rules.max_red):
        k = 4 + 9 * s
        plain = tiles.count(k) + visible.count(k)
        if most_red and plain > 4 - most_red:
            five, red = f"5{'mps'[s]}", f"0{'mps'[s]}"
            extra = plain - (4 - most_red)
            which = (
                localized("errors.riichi_score.red_one", red=red)
                if extra == 1
                else localized("errors.riichi_score.red_many", n=extra, red=red)
            )
            key = "errors.riichi_score.plain_fives" + ("_shown" if k in visible else "")
            raise InvalidHand.of(
                msg(
                    key,
                    n=plain,
                    five=five,
                    hand=repr(hand.format()),
                    rules=rules.name,
                    reds=most_red,
                    red=red,
                    which=which,
                )
            )


def _counted(hand: Hand, sit: Situation, rules: Ruleset) -> tuple[tuple[int, ...], int]:
    """Counts every tile of *hand* by kind (melds included) and its red fives, checking the
    hand as :meth:`Hand.validate` does against the visible indicators.

    :raises InvalidHand: as :meth:`Hand.validate` (which runs, with the hand's text for
        its message, only when the quick check finds a fault or a bonus tile).
    """
    win = hand.win_tile
    assert win is not None
    concealed, melds = hand.concealed, hand.melds
    visible = sit.dora_indicators + sit.ura_indicators
    tiles = (*concealed, win)
    counts = hand.counts
    size = len(concealed)
    if melds:
        more = list(counts)
        for m in melds:
            tiles += m.tiles
            for t in m.tiles:
                more[KIND_OF[t] if t < 37 else 0] += 1  # a bonus tile fails below
        counts = tuple(more)
        size += 3 * len(melds)
    top = max(tiles)  # 34-36: red fives, 37 and more: bonus tiles
    if rules.aka:
        _check_plain_fives(tiles, visible, rules, hand)
    if size == 13 and top < 37 and max(counts) <= 4:
        for t in visible:  # plain indicators that leave room for themselves (the usual case)
            if t >= 34 or counts[t] + visible.count(t) > 4:
                break
        else:
            if top < 34:  # no red five
                return counts, 0
            n_m, n_p, n_s = tiles.count(34), tiles.count(35), tiles.count(36)
            red_m, red_p, red_s = rules.max_red
            if n_m <= red_m and n_p <= red_p and n_s <= red_s:
                return counts, n_m + n_p + n_s
        if visible and max(visible) < 37:  # a red indicator, or a kind held and shown
            seen = [KIND_OF[t] for t in visible]
            every = tiles + visible
            red_m, red_p, red_s = rules.max_red
            if (
                all(counts[k] + seen.count(k) <= 4 for k in seen)
                and every.count(34) <= red_m
                and every.count(35) <= red_p
                and every.count(36) <= red_s
            ):
                return counts, tiles.count(34) + tiles.count(35) + tiles.count(36)
    every = tiles + visible
    bonus = [t for t in every if t >= 37]
    if bonus:
        tile = tile_name(bonus[0])
        if bonus[0] in visible:
            raise InvalidHand.of(msg("errors.riichi_score.bonus_indicator", tile=tile))
        raise InvalidHand.of(
            msg("errors.riichi_score.bonus", tile=tile, hand=quoted(hand.written()))
        )
    hand.validate(text=hand.written(), visible=visible, max_red=rules.max_red)
    return tuple(counts34(tiles)), sum(1 for t in tiles if is_red(t))


def score(hand: Hand, situation: Situation | None = None, rules: Ruleset | str = "bareme") -> Score:
    """Scores the winning *hand* in *situation* under *rules* (a Ruleset or a preset name).

    Every reading (decomposition and wait) is scored in full; the one paying the most
    before honba and sticks wins, then a yakuman over a counted yakuman of the same value
    (Tenpai's order), then the higher han, then the higher fu.

    :raises InvalidHand: bad tile counts or red fives; :raises InvalidSituation: a
        contradictory situation; :raises NotAWinningHand: tiles that do not form a complete
        hand; :raises NoYaku: a complete hand without a yaku.
    """
    if score_usual is _c_usual:  # the scorer written for C, in use: the usual win first
        got = _c_first(hand, situation, rules)
        if got is not None:
            return got
    sit = situation if situation is not None else Situation()
    rs = find_rules(rules) if isinstance(rules, str) else rules
    if hand.win_tile is None:
        raise InvalidHand.of(msg("errors.riichi.no_win_tile", hand=quoted(hand.written())))
    if rs.players == 3:
        from . import sanma  # three players only (start-up: docs/benchmarks.md)

        sanma.check(hand, sit, rs)
    elif hand.kita:
        raise InvalidHand.of(msg("errors.riichi_score.kita", hand=quoted(hand.written())))
    table = table_of(rs)
    usual = score_usual(hand, sit, rs, table) if rs.players == 4 else None
    if usual is not None:
        return usual
    counts, reds = _counted(hand, sit, rs)
    melds = hand.melds
    tsumo = hand.tsumo
    if melds:
        meld_types = tuple([m.type for m in melds])
        sit.check(
            tsumo=tsumo,
            closed=meld_types.count("ankan") == len(melds),  # Hand.is_closed
            # a kita draws a replacement tile too: a win on it is rinshan (riichi.wiki "Sanma")
            has_kan=4 in [len(m.tiles) for m in melds] or hand.kita > 0,  # Meld.is_kan
            has_melds=True,
        )
    else:
        sit.check(tsumo=tsumo, closed=True, has_kan=hand.kita > 0, has_melds=False)
        meld_types = ()
    # (with no flags at all, there is no local-yaku input to check)
    inputs = sit.local_inputs(tsumo=tsumo, meld_types=meld_types) if sit.flags else NO_INPUTS
    min_han = 2 if rs.ryanhan_shibari and sit.honba >= 5 else 1
    hf = hand_facts(hand, sit, rs, inputs, counts=counts, reds=reds)
    mask = hf.mask
    every = [reading_facts(hf, r) for r in readings(hand)]
    if rs.local_yaku:
        from .local import local_min_han, local_readings

        every += [reading_facts(hf, r) for r in local_readings(hand, rs, inputs)]
        min_han = max(min_han, local_min_han(rs, sit, inputs))
    dora_kind = DORA_KIND if rs.players == 4 else sanma.DORA_KIND_3
    dora, dora_han = count_dora(sit, rs, counts, reds, dora_kind, hand.kita)
    best: _Candidate | None = None
    for f in every:
        form = f.form
        cands = table.candidates_for(form, mask | FORM_BITS.get(form, 0))
        c = _evaluate(f, cands, table, rs, min_han, dora, dora_han)
        if c is not None and (best is None or c.key > best.key):
            best = c
    if not every:
        raise NotAWinningHand.of(msg("errors.hand.not_complete", hand=quoted(hand.written())))
    if best is None:
        parts = [msg("errors.riichi.no_yaku", hand=quoted(hand.written()))]
        if min_han > 1:
            parts.append(msg("errors.riichi.shibari", han=min_han))
        if dora_han:
            parts.append(msg("errors.riichi.dora_alone", dora=dora_han))
        raise NoYaku.of(*parts)
    if sit.chankan_ankan:  # EMA §3.3.7: only thirteen orphans robs a concealed kan, by option
        if not rs.kokushi_chankan_ankan:
            raise InvalidSituation.of(msg("errors.riichi_score.chankan_ankan", rules=rs.name))
        if best.reading.decomposition.form != "kokushi":
            raise InvalidSituation.of(msg("errors.riichi_score.chankan_kokushi"))
    if sit.pao is not None:  # EMA §3.3.6: liability from the melds' sources
        from .liability import check_liability

        check_liability(hand, best.pao_ids, sit.pao, rs)
    if rs.players == 3:
        base = sanma.hand_payments(best.basic, dealer=sit.is_dealer, tsumo=tsumo, rules=rs)
        best = best._replace(base=base, points=sanma.total_of(base, sit.is_dealer))
        return _make_score(hand, sit, rs, best, sanma.payments(best, hand, sit, rs))
    return _make_score(hand, sit, rs, best, _payments(best, hand, sit, rs))
