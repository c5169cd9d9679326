"""What the Hong Kong pages show, read from the Hong Kong rules (:mod:`tenpai.hk`).

:func:`hk_page_data` gathers, for one :class:`~tenpai.hk.rules.HKRules`, everything the fan
table page (hk-fan.fr.md) and the "Points et paiements" page (hk-payments.fr.md) print: the fan rows
that score under the rules with their names and values (a limit hand is worth the limit), the
seed's sentences that hold under the rules (:data:`tenpai.hk.fan.NOTES`), the cap and minimum,
the conversion table (:func:`~tenpai.hk.payment.payment_table`), who pays what
(:func:`~tenpai.hk.payment.settle`), the false win, the stakes and the worked examples of
hk-payments.fr.md scored by :func:`~tenpai.hk.score.score`. Nothing here holds a number of its
own: change the rules and every page changes with them.

>>> d = hk_page_data()
>>> d.rules.cap, d.min_fan, [(f, pay) for f, pay, _, _ in d.table[:3]]
(10, 3, [(3, 8), (4, 16), (5, 24)])
>>> [x.fan for x in d.items][:3], d.limit_hands[0].fr
([1, 1, 2], 'Treize orphelins')
>>> from tenpai.hk import find_rules
>>> hk_page_data(find_rules("yawnoc")).table[-1]
(13, 768, 0, 384)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ..errors import TenpaiError
from ..hand import Hand
from ..i18n import tr
from .fan import FAN_ROWS, Note, notes, row, row_scores, row_value
from .payment import Amount, false_win_penalty, multiplier, payment_table, settle
from .rules import LIMIT, STAKES, HKRules
from .score import HKScore
from .score import score as score_hk
from .situation import HKSituation

__all__ = [
    "CURVES",
    "EasyLine",
    "FanLine",
    "HKPageData",
    "Split",
    "StakeLine",
    "WorkedExample",
    "hk_page_data",
]

CURVES = ("half", "spicy", "fan_laak")
"""The payment curves (option ``spiciness``), in the order the payments page shows them."""


@dataclass(frozen=True, slots=True)
class FanLine:
    """One row of the fan table: *id*, French, English and Chinese names (the seed's spelling),
    and its *fan* under the rules (None for a limit hand, worth the limit)."""

    id: str
    fr: str
    en: str
    zh: str
    fan: int | None


@dataclass(frozen=True, slots=True)
class EasyLine:
    """One line of "Fan faciles": its *note* (its name, its word for "each" and what it means,
    in every language) and its *fan*."""

    note: Note
    fan: int


@dataclass(frozen=True, slots=True)
class Split:
    """Who pays what on one kind of win worth *fan* (no dealer multiplier): the *key*
    (``self_draw``, ``discard_full``, ``discard_half``, ``robbing_kong``, ``liable``), what the
    *winner* receives, what the *payer* pays (the discarder, the kong's owner, the liable
    player; 0 on a plain self-draw) and what *each_other* loser pays."""

    key: str
    fan: int
    winner: Amount
    payer: Amount
    each_other: Amount


@dataclass(frozen=True, slots=True)
class StakeLine:
    """A stakes name (the price of a chicken hand, spec §6.3): Chinese name, its
    ``base_points``, and what a 0-fan discard win costs the *others* and the *discarder*
    when the discarder pays double (half responsibility)."""

    zh: str
    base_points: Fraction
    others: Amount
    discarder: Amount


@dataclass(frozen=True, slots=True)
class WorkedExample:
    """A worked example (hk-payments.fr.md) scored under the rules: *key*, the *hand*, the
    *situation*, its *score*, the score under the other responsibility (*other_rule*, for a
    win on a discard when it pays otherwise), the score without the liability (*unliable*,
    when someone pays for the others), the catalogue ids of its title and of the note that
    holds (empty when none)."""

    key: str
    hand: Hand
    situation: HKSituation
    score: HKScore
    other_rule: HKScore | None
    unliable: HKScore | None
    title: str
    note: str

    def title_text(self, lang: str) -> str:
        """Gets the example's title in *lang*."""
        return tr(self.title, lang)

    def note_text(self, lang: str) -> str:
        """Gets the example's note in *lang* (empty when none holds)."""
        return tr(self.note, lang) if self.note else ""


@dataclass(frozen=True, slots=True)
class HKPageData:
    """Everything the two Hong Kong pages show for *rules*.

    *items* and *limit_hands*: the fan table; *easy*, *families*: the seed's sentences that
    hold (:meth:`limit_list` writes the limit hands as the seed lists them); *table*: ``(fan,
    the discarder pays, each other loser pays on a discard, each loser pays on a self-draw)``
    from the minimum to the top fan; *splits*: who pays what at *split_fan*; *false_win*:
    ``(paid to each other player, paid in all)``; *curves*: each curve's multipliers from the
    minimum to the top fan; *stakes*; *examples*.
    """

    rules: HKRules
    items: tuple[FanLine, ...]
    limit_hands: tuple[FanLine, ...]
    easy: tuple[EasyLine, ...]
    families: tuple[Note, ...]
    table: tuple[tuple[int, Amount, Amount, Amount], ...]
    split_fan: int
    splits: tuple[Split, ...]
    false_win: tuple[Amount, Amount]
    curves: tuple[tuple[str, tuple[int, ...]], ...]
    stakes: tuple[StakeLine, ...]
    examples: tuple[WorkedExample, ...]

    def limit_list(self, lang: str) -> str:
        """Writes the limit hands in *lang* as the seed's sentence lists them."""
        return _limit_list(self.limit_hands, self.rules, lang)

    @property
    def min_fan(self) -> int:
        """Gets the minimum fan of a win."""
        return self.rules.min_fan

    @property
    def top_fan(self) -> int:
        """Gets the highest fan paid: the cap, or the limit value when uncapped."""
        return self.rules.top_fan

    @property
    def limit_is_cap(self) -> bool:
        """Tells whether a limit hand is worth exactly the cap (the seed's "Plafond")."""
        return self.rules.cap is not None and self.rules.limit_fan == self.rules.cap

    def doubling_until(self, curve: str | None = None) -> int:
        """Gets the last fan up to which *curve* (default: the rules') doubles every fan.

        >>> hk_page_data().doubling_until(), hk_page_data().doubling_until("spicy")
        (4, 13)
        """
        c = curve or self.rules.spiciness
        f = 0
        while f < 13 and multiplier(f + 1, c) == 2 * multiplier(f, c):
            f += 1
        return f


# ---- the fan table -----------------------------------------------------------------------------


def _join(parts: list[str], lang: str) -> str:
    """Joins a list the seed's way: "A, B, et C" (French), "A, B, and C" (English)."""
    if len(parts) <= 1:
        return "".join(parts)
    if len(parts) == 2:
        return tr("hk.list.pair", lang, first=parts[0], last=parts[1])
    first = tr("hk.list.sep", lang).join(parts[:-1])
    return tr("hk.list.last", lang, first=first, last=parts[-1])


def _limit_list(lines: tuple[FanLine, ...], rules: HKRules, lang: str) -> str:
    """Writes the limit hands as the seed's sentence lists them, grouping by its notes."""
    by_first = {n.ids[0]: n for n in notes("limits", rules)}
    grouped = {i for n in by_first.values() for i in n.ids[1:]}
    parts: list[str] = []
    for line in lines:
        if line.id in grouped:
            continue
        note = by_first.get(line.id)
        if note is None:
            parts.append(row(line.id).name(lang))
            continue
        names = tr("hk.list.sep", lang).join(row(i).name(lang) for i in note.ids)
        parts.append(note.text(lang, names=names))
    return _join(parts, lang)


def _fan_lines(rules: HKRules) -> tuple[tuple[FanLine, ...], tuple[FanLine, ...]]:
    items: list[FanLine] = []
    limits: list[FanLine] = []
    for r in FAN_ROWS:
        if not row_scores(r, rules):
            continue
        value = row_value(r, rules)
        if value == LIMIT:
            limits.append(FanLine(r.id, r.fr, r.en, r.page_zh, None))
        elif isinstance(value, int):
            items.append(FanLine(r.id, r.fr, r.en, r.page_zh, value))
    return tuple(items), tuple(limits)


def _easy(rules: HKRules) -> tuple[EasyLine, ...]:
    out = []
    for n in notes("easy", rules):
        values = {row_value(row(i), rules) for i in n.ids}
        (value,) = values  # a line speaks of items of one value
        if not isinstance(value, int):
            continue
        out.append(EasyLine(n, value))
    return tuple(out)


# ---- payments ----------------------------------------------------------------------------------

# seats of the "who pays" lines: South wins, West pays, so that no dealer multiplier applies
_WINNER, _PAYER, _OTHER = 1, 2, 3


def _splits(fan: int, rules: HKRules) -> tuple[Split, ...]:
    plain = dataclasses.replace(rules, dealer_multiplier=1)

    def split(
        key: str,
        r: HKRules,
        *,
        self_drawn: bool,
        discarder: int | None = None,
        robbing_kong: bool = False,
        liable: int | None = None,
    ) -> Split:
        pays = settle(
            fan,
            r,
            winner=_WINNER,
            self_drawn=self_drawn,
            discarder=discarder,
            robbing_kong=robbing_kong,
            liable=liable,
        ).payments
        payer = 0 if key == "self_draw" else -pays[_PAYER]  # a self-draw has no discarder
        return Split(key, fan, pays[_WINNER], payer, -pays[_OTHER])

    return (
        split("self_draw", plain, self_drawn=True),
        split(
            "discard_full",
            dataclasses.replace(plain, responsibility="full"),
            self_drawn=False,
            discarder=_PAYER,
        ),
        split(
            "discard_half",
            dataclasses.replace(plain, responsibility="half"),
            self_drawn=False,
            discarder=_PAYER,
        ),
        split("robbing_kong", plain, self_drawn=False, discarder=_PAYER, robbing_kong=True),
        split("liable", plain, self_drawn=True, liable=_PAYER),
    )


def _table(rules: HKRules) -> tuple[tuple[int, Amount, Amount, Amount], ...]:
    plain = dataclasses.replace(rules, dealer_multiplier=1)
    out = []
    for fan, discard_total, each in payment_table(plain):
        pays = settle(fan, plain, winner=_WINNER, self_drawn=False, discarder=_PAYER).payments
        assert pays[_WINNER] == discard_total  # a discard win is worth 2P (spec §6.2)
        out.append((fan, -pays[_PAYER], -pays[_OTHER], each))
    return tuple(out)


_STAKE_NAMES = ("二五雞", "五一", "一二蚊")


def _stakes(rules: HKRules) -> tuple[StakeLine, ...]:
    out = []
    for zh in _STAKE_NAMES:
        base = STAKES[zh]
        r = dataclasses.replace(rules, base_points=base, responsibility="half", dealer_multiplier=1)
        pays = settle(0, r, winner=_WINNER, self_drawn=False, discarder=_PAYER).payments
        out.append(StakeLine(zh, base, -pays[_OTHER], -pays[_PAYER]))
    return tuple(out)


# ---- worked examples (hk-payments.fr.md) -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Example:
    key: str
    hand: str
    situation: tuple[tuple[str, str], ...]  # keywords of HKSituation.of
    notes: bool = False  # it has a note (``hk.example.<key>.note``)


_EXAMPLES = (
    _Example("chows", "234m567m345p45s99s tsumo 6s", (("seat", "S"),)),
    _Example(
        "double_east",
        "333m55m111z55z pon 111m ron 5m",
        (("seat", "E"), ("discarder", "N"), ("flowers", "s3")),
        notes=True,
    ),
    _Example("cap", "222p88p55z pon 777z pon 666z tsumo 8p", (("seat", "W"), ("flowers", "f3"))),
    _Example(
        "twelve_tiles",
        "9s pon 222s:right pon 444s:across chi 567s pon 888s:left tsumo 9s",
        (("seat", "N"),),
        notes=True,
    ),
)
# the words of each example: hk.example.<key>.title (and .note), in the catalogue


def _example(ex: _Example, rules: HKRules) -> WorkedExample | None:
    """Scores the example *ex* under *rules*; None when it is no legal win there."""
    options = dict(ex.situation)
    if not rules.flowers_in_play:
        options.pop("flowers", None)
    hand = Hand.parse(ex.hand)
    sit = HKSituation.of(**options)
    try:
        s = score_hk(hand, sit, rules)
    except TenpaiError:  # below these rules' minimum
        return None
    other = None
    if not s.self_drawn:
        flipped = "half" if rules.responsibility == "full" else "full"
        o = score_hk(hand, sit, dataclasses.replace(rules, responsibility=flipped))
        other = o if o.payments != s.payments else None
    unliable = None
    if s.liable is not None:
        unliable = score_hk(hand, dataclasses.replace(sit, meld_sources_known=False), rules)
    title = f"hk.example.{ex.key if ex.key != 'cap' or s.capped else 'uncapped'}.title"
    note = f"hk.example.{ex.key}.note" if ex.notes else ""
    if ex.key == "double_east" and not (sit.flowers and row_scores(row("no_flowers"), rules)):
        note = ""  # the season is out of play, or "no flowers" does not score anyway
    if ex.key == "twelve_tiles" and s.liable != 2:
        note = ""  # West (seat 2) fed the fourth pung but is not liable under these rules
    return WorkedExample(ex.key, hand, sit, s, other, unliable, title, note)


# ---- the whole ---------------------------------------------------------------------------------


def hk_page_data(rules: HKRules | None = None) -> HKPageData:
    """Reads what the Hong Kong pages show under *rules* (default: the seed's) from
    :mod:`tenpai.hk`: fan rows, notes, payments and the scored worked examples."""
    r = rules if rules is not None else HKRules()
    return _page_data(r.name, r)  # rules compare without their name; the pages show it


@cache
def _page_data(name: str, r: HKRules) -> HKPageData:
    items, limits = _fan_lines(r)
    lo, hi = r.min_fan, r.top_fan
    split_fan = min(max(lo, 3), hi)
    plain = dataclasses.replace(r, dealer_multiplier=1)
    penalty = false_win_penalty(1, plain).payments
    examples = tuple(x for x in (_example(ex, r) for ex in _EXAMPLES) if x is not None)
    return HKPageData(
        rules=r,
        items=items,
        limit_hands=limits,
        easy=_easy(r),
        families=notes("family", r),
        table=_table(r),
        split_fan=split_fan,
        splits=_splits(split_fan, r),
        false_win=(penalty[0], -penalty[1]),
        curves=tuple((c, tuple(multiplier(f, c) for f in range(lo, hi + 1))) for c in CURVES),
        stakes=_stakes(r),
        examples=examples,
    )
