"""Placement points: a game's final scores turned into each seat's result under game rules,
every part with its reason (the score against the return points, the uma of the rank, the
oka, the tie rule, the top taking the rest, a chombo penalty).

Seats are numbered from the first dealer's seat (0) in playing order, as Tenhou lists them.

>>> from tenpai.game.rules import find_game_rules
>>> [str(p.points) for p in placement((21100, 55000, -4900, 28800), find_game_rules("tenhou"))]
['-19', '65', '-55', '9']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import Msg, RulesError, msg
from ..i18n import decimal
from .rules import GameRules

__all__ = [
    "Part",
    "SeatResult",
    "placement",
    "points_text",
    "rounded_thousands",
    "score_doubts",
]


@dataclass(frozen=True, slots=True)
class Part:
    """One reason of a seat's placement points: *id* is ``score`` (the final score in thousands,
    rounded by the rules, less the return points), ``uma``, ``oka``, ``rest`` (the top
    takes minus the others: what that adds to its own parts), ``chombo``; *value* in
    thousands; *note* a detail (the rank of the uma, the seats sharing a tie)."""

    id: str
    value: Fraction
    note: str = ""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """A seat's final result: *seat* (from the first dealer), *score* (table points),
    *rank* (1 = top; equal when the rules share ties), *points* (placement points, the sum
    of *parts*), and *tie* — ``""``, ``"seat"`` (ranked by seat among equal scores) or
    ``"split"`` (uma and oka shared with the equal seats)."""

    seat: int
    score: int
    rank: int
    points: Fraction
    parts: tuple[Part, ...]
    tie: str = ""


def rounded_thousands(x: Fraction, how: str) -> Fraction:
    """Rounds *x* thousands by the rule *how*: ``half_away`` (to a whole thousand, halves
    away from zero: 16.5 -> 17, -2.5 -> -3), ``five_six`` (五捨六入: 500 down, 600 up, on
    the absolute value), ``exact`` (unchanged).

    >>> [str(rounded_thousands(Fraction(v, 10), "half_away")) for v in (165, -25, -5, 164)]
    ['17', '-3', '-1', '16']
    >>> [str(rounded_thousands(Fraction(v, 10), "five_six")) for v in (165, 166, -25)]
    ['16', '17', '-2']
    """
    if how == "exact":
        return x
    sign = -1 if x < 0 else 1
    a = abs(x)
    whole = int(a + Fraction(1, 2)) if how == "half_away" else int(a + Fraction(2, 5))
    return Fraction(sign * whole)


def points_text(x: Fraction, lang: str = "en") -> str:
    """Writes placement points with a sign and at most one decimal (``+51.3``, ``-19``,
    ``+6.7`` for a third), with the decimal mark of a reader of *lang* (« +51,3 » in French:
    :func:`tenpai.i18n.decimal`).

    >>> points_text(Fraction(513, 10)), points_text(Fraction(-19)), points_text(Fraction(20, 3))
    ('+51.3', '-19', '+6.7')
    >>> points_text(Fraction(513, 10), "fr"), points_text(Fraction(-19), "fr")
    ('+51,3', '-19')
    """
    if x.denominator == 1:
        return f"{int(x):+d}"
    return decimal(float(x), lang, sign=True)


def score_doubts(scores: Sequence[int], rules: GameRules) -> list[Msg]:
    """Gets what makes final *scores* impossible under *rules*, as messages (none when they
    can be): a score that is not a multiple of 100 (every payment is), or scores that do not
    add up to the players' start points (leftover riichi sticks go to the top, or are lost
    with ``leftover_sticks = "lost"``: then a multiple of the deposit may be missing).

    >>> from tenpai.game.rules import find_game_rules
    >>> score_doubts((21100, 55000, -4900, 28800), find_game_rules("tenhou"))
    []
    >>> [m[0] for m in score_doubts((25000, 25000, 25000, 25050), find_game_rules("tenhou"))]
    ['errors.game.placement.hundreds', 'errors.game.placement.total']
    """
    doubts = [msg("errors.game.placement.hundreds", score=x) for x in scores if x % 100]
    total = rules.players * rules.start_points
    missing = total - sum(scores)
    lost = rules.leftover_sticks == "lost" and missing > 0 and missing % rules.riichi_deposit == 0
    if missing and not lost:
        doubts.append(
            msg(
                "errors.game.placement.total",
                sum=sum(scores),
                total=total,
                n=rules.players,
                start=rules.start_points,
            )
        )
    return doubts


def _uma_row(scores: Sequence[int], rules: GameRules) -> tuple[Fraction, ...]:
    if rules.uma_kind == "floating":
        floating = sum(1 for s in scores if s >= rules.start_points)
        if 1 <= floating < rules.players:
            return tuple(Fraction(x) for x in rules.uma_floating[floating - 1])
    return tuple(Fraction(x) for x in rules.uma)


def placement(
    scores: Sequence[int],
    rules: GameRules,
    first_dealer: int = 0,
    *,
    chombo: Mapping[int, int] | None = None,
) -> tuple[SeatResult, ...]:
    """Gets each seat's placement points from the final *scores* (table points, seats in
    order from seat 0), under *rules*; *first_dealer* is the seat that dealt the first hand
    (equal scores rank by seat from it when the rules say ``ties = "seat"``); *chombo* maps
    a seat to its number of chombo when the rules charge them on the placement points.

    Each non-top seat gets its score in thousands, rounded as the rules say, less the
    return points, plus the uma of its rank; the top gets the same plus the oka, or, with
    ``top_takes_rest``, minus the sum of the others (Tenhou). A chombo penalty comes last.

    :raises RulesError: when the number of scores is not the number of players.

    >>> from tenpai.game.rules import find_game_rules
    >>> r = placement((30000, 30000, 25000, 15000), find_game_rules("wrc"))
    >>> [(p.rank, str(p.points), p.tie) for p in r]
    [(1, '10', 'split'), (1, '10', 'split'), (3, '-10', ''), (4, '-30', '')]
    """
    n = rules.players
    if len(scores) != n:
        raise RulesError.of(
            msg("errors.game.placement.count", given=len(scores), n=n, rules=rules.name)
        )
    if not 0 <= first_dealer < n:
        raise RulesError.of(
            msg("errors.game.placement.first_dealer", last=n - 1, seat=first_dealer)
        )
    order = sorted(range(n), key=lambda s: (-scores[s], (s - first_dealer) % n))
    uma = _uma_row(scores, rules)
    oka = Fraction(rules.oka, 1000)
    # Positions sharing a score: groups of consecutive places in *order*.
    groups: list[list[int]] = []
    for pos, seat in enumerate(order):
        if groups and scores[order[groups[-1][0]]] == scores[seat]:
            groups[-1].append(pos)
        else:
            groups.append([pos])
    rank: dict[int, int] = {}
    parts: dict[int, list[Part]] = {}
    tie: dict[int, str] = {}
    for group in groups:
        seats = [order[p] for p in group]
        shared = rules.ties == "split" and len(group) > 1
        for pos, seat in zip(group, seats, strict=True):
            rank[seat] = group[0] + 1 if shared else pos + 1
            tie[seat] = ("split" if shared else "seat") if len(group) > 1 else ""
            base = rounded_thousands(Fraction(scores[seat], 1000), rules.rounding) - Fraction(
                rules.return_points, 1000
            )
            mine = [Part("score", base)]
            if shared:
                value = sum((uma[p] for p in group), Fraction(0)) / len(group)
                places = "-".join(str(p + 1) for p in group)
                mine.append(Part("uma", value, f"places {places} shared"))
                if group[0] == 0 and oka:
                    mine.append(Part("oka", oka / len(group), f"shared by {len(group)}"))
            else:
                mine.append(Part("uma", uma[pos], f"place {pos + 1}"))
                if pos == 0 and oka:
                    mine.append(Part("oka", oka))
            parts[seat] = mine
    if rules.top_takes_rest:
        top_group = [order[p] for p in groups[0]] if rules.ties == "split" else [order[0]]
        others = sum(
            (sum((p.value for p in parts[s]), Fraction(0)) for s in order if s not in top_group),
            Fraction(0),
        )
        for seat in top_group:
            own = sum((p.value for p in parts[seat]), Fraction(0))
            rest = -others / len(top_group) - own
            if rest:
                parts[seat].append(Part("rest", rest, "the top takes minus the others"))
    for seat, count in (chombo or {}).items():
        if count and rules.chombo == "placement":
            parts[seat].append(
                Part("chombo", Fraction(-rules.chombo_points * count), f"{count} chombo")
            )
    return tuple(
        SeatResult(
            seat=s,
            score=scores[s],
            rank=rank[s],
            points=sum((p.value for p in parts[s]), Fraction(0)),
            parts=tuple(parts[s]),
            tie=tie[s],
        )
        for s in range(n)
    )
