"""What a ruleset plays with, kept per ruleset for the scorer: its yaku rows, the candidate
rows of each reading shape and hand features, and the price of each han and fu.
"""

from __future__ import annotations

from functools import lru_cache
from operator import attrgetter

from .payment import basic_points, hand_payments, total_of
from .result import YakuHit, yaku_hit
from .rules import Ruleset
from .yaku import RENHOU_YAKU, STANDARD_YAKU, Yaku, needs_mask

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Candidates", "Table", "active_yaku", "table_of"]


@lru_cache(maxsize=64)
def active_yaku(rules: Ruleset) -> tuple[Yaku, ...]:
    """Gets the yaku rows that *rules* plays with (gates applied, renhou by its option).

    Local rows come after the standard ones; a local row with a standard id (a variant
    that changes a standard yaku, e.g. sanshoku doukou raised by shoutate) replaces it.
    """
    rows = [y for y in STANDARD_YAKU if y.gate is None or getattr(rules, y.gate)]
    if rules.renhou == "mangan_yaku":
        rows.append(RENHOU_YAKU)
    if rules.local_yaku:
        from .local import local_rows  # local yaku only (start-up: docs/benchmarks.md)

        local = local_rows(rules)
        ids = {y.id for y in rows}
        over = {y.id: y for y in local if y.id in ids}
        rows = [over.get(y.id, y) for y in rows] + [y for y in local if y.id not in over]
    return tuple(rows)


# A row that counts, its han (for a yakuman, its multiple) and its hit as a plain han yaku.
Row = tuple[Yaku, int, YakuHit]


class Candidates:
    """The rows to test on a reading: those of its shape and value (open or closed) whose
    needs the hand meets, with one bit each. *plain*: no two share an id (no variants to
    sort out) and every row is a han yaku (no needed han, limit, yakuman, liability or
    stick), whose hits are then weighed by :meth:`plain_hits`."""

    __slots__ = ("_plain_hits", "plain", "rows", "tests")

    def __init__(self, rows: list[Row], plain: bool) -> None:
        self.rows = tuple(rows)
        self.tests = tuple((y.test, 1 << i) for i, (y, _, _) in enumerate(rows))
        self.plain = plain and len({y.id for y, _, _ in rows}) == len(rows)
        self._plain_hits: dict[int, tuple[tuple[YakuHit, ...], int, bool]] = {}

    def plain_hits(self, bits: int) -> tuple[tuple[YakuHit, ...], int, bool]:
        """Gets the hits of the rows whose bits are set, superseded ones dropped, their han
        and whether pinfu is among them."""
        got = self._plain_hits.get(bits)
        if got is None:
            rows = [row for i, row in enumerate(self.rows) if bits >> i & 1]
            dropped = {s for y, _, _ in rows for s in y.supersedes}
            rows = [row for row in rows if row[0].id not in dropped]
            got = (
                tuple(hit for _, _, hit in rows),
                sum(h for _, h, _ in rows),
                any(y.id == "pinfu" for y, _, _ in rows),
            )
            if len(self._plain_hits) >= PLAIN_HITS:
                self._plain_hits.clear()
            self._plain_hits[bits] = got
        return got


# A row that may count on a reading of some shape and value: its needs, whether it is a
# plain han yaku, and the row as it counts.
Eligible = tuple[int, bool, Row]
# The basic points, limit, payments and value of a hand (see Table.price).
Price = tuple[int, str | None, dict[str, int], int, tuple[tuple[str, int], ...]]


class Table:
    """The rows a ruleset plays with, the candidates of each reading shape and hand feature
    mask, and the prices of han and fu, filled as they are met."""

    __slots__ = ("_eligible", "candidates", "prices", "rows", "rules")

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.rows = active_yaku(rules)
        self._eligible: dict[tuple[str, bool], tuple[Eligible, ...]] = {}
        self.candidates: dict[tuple[str, int], Candidates] = {}
        self.prices: dict[tuple[int, int, bool, bool], Price] = {}

    def price(self, han: int, fu: int, dealer: bool, tsumo: bool) -> Price:
        """Gets the basic points, limit, payments (a dict shared by every hand: read only)
        and value of *han* and *fu* for the dealer or not, on a tsumo or a ron."""
        key = (han, fu, dealer, tsumo)
        got = self.prices.get(key)
        if got is None:
            basic, limit = basic_points(han, fu, self.rules)
            base = hand_payments(basic, dealer=dealer, tsumo=tsumo)
            total = total_of(base, dealer)
            got = self.prices[key] = (basic, limit, base, total, tuple(base.items()))
        return got

    def eligible(self, form: str, closed: bool) -> tuple[Eligible, ...]:
        """Gets the rows that count on a reading of shape *form* in a closed or open hand."""
        got = self._eligible.get((form, closed))
        if got is None:
            got = tuple(
                (
                    needs_mask(y.needs),
                    not (y.needs_han or y.yakuman or y.limit or y.fixed or y.liable)
                    and not y.collects_stick
                    and han > 0,
                    (y, han, yaku_hit(y.id, han, False, y.limit, False)),
                )
                for y in self.rows
                if (han := y.closed if closed else y.open) is not None and form in y.forms
            )
            self._eligible[(form, closed)] = got
        return got

    def candidates_for(self, form: str, mask: int) -> Candidates:
        """Gets the candidate rows of a reading of shape *form* in a hand of features *mask*."""
        key = (form, mask)
        got = self.candidates.get(key)
        if got is None:
            kept = [
                (plain, row)
                for need, plain, row in self.eligible(form, bool(mask & CLOSED_BIT))
                if need & mask == need
            ]
            got = Candidates([row for _, row in kept], all(plain for plain, _ in kept))
            if len(self.candidates) >= MAX_MASKS:
                self.candidates.clear()
            self.candidates[key] = got
        return got


MAX_MASKS = 4096
PLAIN_HITS = 1024  # the most sets of hits one Candidates keeps (emptied when full)
CLOSED_BIT = needs_mask(("closed",))

# What a table depends on: what active_yaku reads of a ruleset (the gates of the standard
# rows, renhou, the local yaku and their variants) and what basic_points reads (kiriage,
# kazoe). Rulesets equal on these share a table (other options are read while scoring), and
# the key is much cheaper to hash than the whole ruleset.
TABLE_OPTIONS = attrgetter(
    *sorted({y.gate for y in STANDARD_YAKU if y.gate}),
    "renhou",
    "local_yaku",
    "local_options",
    "kiriage",
    "kazoe",
)
TABLES: dict[tuple[Any, ...], Table] = {}


TABLE_OF: dict[int, tuple[Ruleset, Table]] = {}  # by the ruleset's id(), the ruleset kept


def table_of(rules: Ruleset) -> Table:
    """Gets the table of *rules* (made on first use, shared by equal rulesets)."""
    got = TABLE_OF.get(id(rules))
    if got is not None and got[0] is rules:
        return got[1]
    key = TABLE_OPTIONS(rules)
    table = TABLES.get(key)
    if table is None:
        if len(TABLES) >= 64:
            TABLES.clear()
        table = TABLES[key] = Table(rules)
    if len(TABLE_OF) >= 64:
        TABLE_OF.clear()
    TABLE_OF[id(rules)] = (rules, table)
    return table
