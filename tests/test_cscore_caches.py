"""The values the scorer written for C keeps, and the situation's check it mirrors.

``riichi/_cscore.pyx`` keeps the values a Score is made of by their content (the tuples of
yaku hits, of fu parts and of dora hits, the payments and deltas), in bounded caches of
slots chosen by a hash, a new value replacing a slot's old one; and it asks
``Situation.check`` only when its own reading of the check's rules finds a contradiction
(docs/benchmarks.md, "The C scorer's cost per hand").  Neither may change an outcome: each
Score here is compared with the pure fast core's (the oracle), field by field, errors
included.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any

import pytest

from tenpai.riichi import find_rules
from tenpai.riichi import usual as pure
from tenpai.riichi.rules import Ruleset
from tenpai.riichi.score import Score
from tenpai.riichi.table import table_of
from test_compiled_score import CSCORE, disagreements, needs_c
from test_compiled_usual import outcome, real_wins
from test_riichi_needs import Case
from test_riichi_usual import random_wins

# The rules of Situation.check's contradictions (the EMA yaku's conditions), and those the usual
# scorer leaves to the full one before it checks (renhou, chankan on an ankan)
SIT_FLAGS = (
    "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
    "tenhou", "chiihou", "renhou", "chankan_ankan",
)  # fmt: skip


def _kinds(cases: list[Case]) -> list[Case]:
    """One real win of each kind the check tells apart: tsumo or ron, closed or open, a kan
    or none, the dealer or not."""
    seen: dict[tuple[bool, bool, bool, bool], Case] = {}
    for hand, sit, rules in cases:
        key = (
            hand.tsumo,
            all(m.type == "ankan" for m in hand.melds),
            any(len(m.tiles) == 4 for m in hand.melds),
            sit.seat_wind == 27,
        )
        seen.setdefault(key, (hand, sit, rules))
    return list(seen.values())


@needs_c
@pytest.mark.slow  # long for make check: make test runs it
def test_every_combination_of_the_situations_flags_checks_as_situation_check() -> None:
    kinds = _kinds(real_wins())
    assert len(kinds) >= 12  # (the real wins hold nearly every kind)
    cases = []
    for (hand, real, rules), on in itertools.product(kinds, range(1 << len(SIT_FLAGS))):
        flags: dict[str, Any] = {name: bool(on >> i & 1) for i, name in enumerate(SIT_FLAGS)}
        cases.append((hand, dataclasses.replace(real, **flags), rules))
    n, _, declined, bad = disagreements(cases)
    assert not bad, bad[:3]
    assert n == len(kinds) * 2048 and not declined
    # most combinations break a rule (and raise the check's own error on both paths); those
    # with renhou or chankan_ankan are the full scorer's (None), the others score
    got = [outcome(pure.score_usual, case) for case in cases]
    raised = sum(type(e) is tuple and e[0] == "InvalidSituation" for e in got)
    assert n // 8 < raised < n // 4
    assert sum(e is None for e in got) >= 3 * n // 4 and any(type(e) is Score for e in got)


@needs_c
def test_the_counters_and_discarders_check_as_situation_check() -> None:
    rng = random.Random(21)
    cases = []
    for hand, real, rules in rng.sample(real_wins(), 300):
        for flag in ("ippatsu", "haitei", "houtei", "rinshan", "chankan"):
            changes: dict[str, Any] = {flag: True}
            sit = dataclasses.replace(
                real,
                **changes,
                riichi=True,
                honba=rng.choice((0, 2, -1)),
                riichi_sticks=rng.choice((0, 1, -3)),
                discarder=None if hand.tsumo else rng.choice((None, 1, 2, 3)),
            )
            cases.append((hand, sit, rules))
    n, _, declined, bad = disagreements(cases)
    assert not bad, bad[:3]
    assert n == 1500 and not declined


def _rulesets() -> list[Ruleset]:
    """Rulesets under which equal reasons give other values: other honba and deposits (the
    payments and deltas), another double-wind pair (a fu part), kuitan off (the hits)."""
    tenhou = find_rules("tenhou")
    return [
        tenhou,
        tenhou.with_options(honba_ron=1500, honba_tsumo=500, riichi_deposit=3000),
        tenhou.with_options(double_wind_pair_fu=2, kuitan=False),
        find_rules("ema"),
        find_rules("wrc"),
    ]


@needs_c
def test_rules_met_hand_by_hand_keep_their_own_values() -> None:
    rulesets = _rulesets()
    rng = random.Random(22)
    sample = rng.sample(real_wins(), 400)
    # each hand under every ruleset in turn: each keeps its own payments, deltas and hits
    cases = [(hand, sit, rules) for hand, sit, _ in sample for rules in rulesets]
    n, scores, declined, bad = disagreements(cases)
    assert not bad, bad[:3]
    assert n == 2000 and scores > 1500 and not declined  # (kuitan off: some open wins have no yaku)
    # the same hand, rules whose honba and deposit differ: other payments, each its own
    hand, sit, _ = next(c for c in sample if c[1].honba > 0 and c[1].riichi_sticks > 0)
    assert CSCORE is not None
    a, b = (CSCORE.score_usual_c(hand, sit, r, table_of(r)) for r in rulesets[:2])
    assert a.payments != b.payments and a.deltas != b.deltas
    assert a == pure.score_usual(hand, sit, rulesets[0], table_of(rulesets[0]))
    assert b == pure.score_usual(hand, sit, rulesets[1], table_of(rulesets[1]))


@needs_c
@pytest.mark.slow  # long for make check: make test runs it
def test_caches_full_give_the_same_values() -> None:
    # more wins than any cache has slots (2,048 tuples of fu parts, 4,096 payments, 1,024
    # tuples of hits a ruleset's shape): every slot taken, many replaced, then each win
    # again in the other order, scored with the caches full of the others' values
    cases = [*real_wins(), *random_wins(3000, 20261205)]
    first = disagreements(cases)
    again = disagreements(cases[::-1])
    for n, scores, declined, bad in (first, again):
        assert not bad, bad[:3]
        assert n == len(cases) and scores > 7000 and not declined


@needs_c
def test_equal_values_are_the_same_object() -> None:
    assert CSCORE is not None
    by_value: dict[Any, list[Case]] = {}
    for hand, sit, rules in real_wins()[:2000]:
        got = CSCORE.score_usual_c(hand, sit, rules, table_of(rules))
        if not isinstance(got, Score):
            continue  # (a yakuman, a kazoe...: the full scorer's)
        again = CSCORE.score_usual_c(hand, sit, rules, table_of(rules))
        assert again == got and again is not got
        assert again.yaku is got.yaku and again.fu_parts is got.fu_parts
        assert again.dora is got.dora and again.payments is got.payments
        assert again.reading == got.reading  # (a new one: nearly every win has its own)
        by_value.setdefault((got.fu_parts, got.yaku, got.dora, rules), []).append(
            (hand, sit, rules)
        )
    # two other wins with equal parts, hits and dora, scored one after the other: the same
    # tuples (whatever the caches held before)
    pairs = [cases[:2] for cases in by_value.values() if len(cases) > 1]
    assert len(pairs) > 100
    for (h1, s1, r1), (h2, s2, r2) in pairs:
        a = CSCORE.score_usual_c(h1, s1, r1, table_of(r1))
        b = CSCORE.score_usual_c(h2, s2, r2, table_of(r2))
        assert a.hand != b.hand or a.situation != b.situation
        assert b.fu_parts is a.fu_parts and b.yaku is a.yaku and b.dora is a.dora
