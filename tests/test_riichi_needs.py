"""Oracle of the scorer's prefilter: a row is only tested on readings whose hand features
include its needs (yaku.FEATURES), so

* every row that hits on a reading must need nothing the hand lacks, and
* the prefiltered scorer must give the very same Score as a slow path that tests every row,

on random hands and situations under every preset and with every local yaku, on the real
Tenhou wins, and on the hands of the standard and local yaku tests (yakuman, irregular
shapes, variants, near misses).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import gzip
import importlib
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import test_local_yaku
import test_riichi_score
from tenhou_check import DATA
from tenpai.analysis import readings
from tenpai.errors import (
    InvalidHand,
    InvalidSituation,
    NotAWinningHand,
    NoYaku,
    RulesError,
    TenpaiError,
)
from tenpai.hand import Hand
from tenpai.riichi import Situation, find_rules
from tenpai.riichi.local import LOCAL_IDS, local_readings
from tenpai.riichi.records import read_record
from tenpai.riichi.rules import PRESETS, Ruleset
from tenpai.riichi.score import Score, active_yaku, score
from tenpai.riichi.yaku import (
    FEATURE_BITS,
    FEATURES,
    FORM_BITS,
    STANDARD_YAKU,
    hand_facts,
    needs_mask,
    reading_facts,
)
from test_riichi_vs_mahjong import random_win

score_module = importlib.import_module("tenpai.riichi.score")  # (tenpai.riichi.score: the function)
table_module = importlib.import_module("tenpai.riichi.table")
Case = tuple[Hand, Situation, Ruleset]
ALL_LOCAL = find_rules("bareme").with_options(local_yaku=",".join(LOCAL_IDS))
RULESETS = [*PRESETS.values(), ALL_LOCAL]


def random_cases(n: int, seed: int) -> Iterator[Case]:
    """Random complete hands with random situation flags, under every ruleset."""
    rng = random.Random(seed)
    flags = ("ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou")
    while n > 0:
        dealt = random_win(rng)
        if dealt is None:
            continue
        hand, sit = dealt
        some = {f: rng.random() < 0.1 for f in flags}
        sit = dataclasses.replace(sit, double_riichi=sit.riichi and rng.random() < 0.2, **some)
        for rules in RULESETS:
            yield hand, sit, rules
        n -= 1


def real_cases(step: int) -> Iterator[Case]:
    """Every *step*-th real Tenhou win, under its rules and with every local yaku."""
    with gzip.open(DATA, "rt", encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if i % step:
                continue
            try:
                hand, sit, rules = read_record(json.loads(line))
            except TenpaiError:
                continue
            yield hand, sit, rules
            yield hand, sit, ALL_LOCAL


def captured(run: Callable[[], None], module: Any) -> list[Case]:
    """Gets the (hand, situation, rules) that *run* scores through *module*'s ``score``."""
    got: list[Case] = []

    def spy(hand: Hand, sit: Situation | None = None, rules: Ruleset | str = "bareme") -> Score:
        rs = find_rules(rules) if isinstance(rules, str) else rules
        got.append((hand, sit or Situation(), rs))
        return score(hand, sit, rules)

    real = module.score
    module.score = spy
    try:
        run()
    finally:
        module.score = real
    return got


def yaku_test_cases() -> list[Case]:
    """Gets the hands of the standard and local yaku tests, with their situations and rules."""
    lt, rt = test_local_yaku, test_riichi_score

    def local() -> None:
        rows = [(i, t, kw) for i, t, kw, _, _ in lt.HITS]
        rows += lt.NEAR_MISSES + [(i, t, kw) for i, t, kw, _ in lt.VARIANTS]
        for yaku_id, text, kw in rows:
            options = dict(kw)
            ids = {*yaku_id.split(","), *options.pop("also", ())}
            if yaku_id in ("hontanfon", "chintanfon"):
                options["options"] = {"tanfonhou.mode": "split"}
            with contextlib.suppress(TenpaiError):
                lt.win(text, ids, **options)

    def standard() -> None:
        for text, sit, *_ in rt.VECTORS:
            with contextlib.suppress(TenpaiError):
                rt.sc(text, **sit)

    return captured(local, lt) + captured(standard, rt)


YAKUMAN_HANDS = [
    "19m19p19s1234567z ron 1m",
    "19m19p19s1234567z ron 5z",
    "22m44m33p77p55z66z7z ron 7z",
    "11m22m33p44p55z66z7z ron 7z",
    "223344s66888s66z ron 6z",
    "111999m111p9s111s ron 9s",
    "111m999p111z222z9s ron 9s",
    "111222333z55z66z ron 6z",
    "111222333z4z123m ron 4z",
    "1112345678999m ron 5m",
    "1112345678999m ron 9m",
    "1112344678999m ron 5m",
    "111m222p333s44z55z ron 5z",
    "111m999p11z222z99s ron 9s",
    "111m111p111s22m99s ron 9s",
    "555666z123m45p77z ron 6p",
    "444z5z pon 111z:left pon 222z:across pon 333z:right ron 5z",
    "5s ankan 1111z kan 2222z:left ankan 3333z kakan 4444z tsumo 5s",
    "5s ankan 1111m ankan 2222p ankan 3333s ankan 5555z tsumo 5s",
    "123m789m123p789p1m tsumo 1m",
    "11123999m789p11z ron 1z",
    "123789m123789p5s ron 5s",
    "123m789m123p789p9s ron 9s",
    "234m234m567p567p8s tsumo 8s",
]


def yakuman_cases() -> Iterator[Case]:
    for text in YAKUMAN_HANDS:
        hand = Hand.parse(text)
        for sit in (Situation(seat_wind=27), Situation(seat_wind=28, riichi=hand.is_closed)):
            for rules in (find_rules("bareme"), find_rules("majsoul"), ALL_LOCAL):
                yield hand, sit, rules


@functools.cache
def corpus() -> list[Case]:
    """Gets every case of the oracle (built once)."""
    return [
        *random_cases(300, 20261130),
        *real_cases(4),
        *yaku_test_cases(),
        *yakuman_cases(),
    ]


def outcome(case: Case) -> Score | str:
    try:
        return score(*case)
    except TenpaiError as e:
        return f"{type(e).__name__}: {e}"


@pytest.mark.slow
def test_the_corpus_is_rich() -> None:
    assert len(corpus()) > 5000
    wins = [s for c in corpus() if isinstance(s := outcome(c), Score)]
    assert len(wins) > 3500
    hit = {y.id for s in wins for y in (*s.yaku, *s.yakuman)}
    assert {y.id for y in STANDARD_YAKU} <= hit  # every standard yaku and yakuman
    assert set(LOCAL_IDS) <= hit  # and every local yaku


def test_every_row_needs_are_known_features() -> None:
    for rules in RULESETS:
        for y in active_yaku(rules):
            assert set(y.needs) <= set(FEATURES), y.id


@pytest.mark.slow  # a long oracle: make test runs it, make check does not
def test_a_row_that_hits_needs_only_what_the_hand_has() -> None:
    checked = 0
    for hand, sit, rules in corpus():
        try:
            score(hand, sit, rules)
        except (InvalidHand, InvalidSituation, RulesError):
            continue
        except (NotAWinningHand, NoYaku):
            pass
        inputs = sit.local_inputs(tsumo=hand.tsumo, meld_types=tuple(m.type for m in hand.melds))
        facts = hand_facts(hand, sit, rules, inputs)
        extra = local_readings(hand, rules, inputs) if rules.local_yaku else []
        for reading in (*readings(hand), *extra):
            f = reading_facts(facts, reading)
            have = facts.mask | FORM_BITS.get(f.form, 0)
            for y in active_yaku(rules):
                if f.form in y.forms and y.test(f):
                    missing = needs_mask(y.needs) & ~have
                    lacking = [n for n in FEATURES if FEATURE_BITS[n] & missing]
                    assert not lacking, (y.id, lacking, hand, sit)
                    checked += 1
    assert checked > 5000


@pytest.mark.slow
def test_the_prefiltered_scorer_equals_the_slow_path(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = [outcome(c) for c in corpus()]
    # the slow path: no row needs anything, so every row is tested (on tables made anew)
    monkeypatch.setattr(table_module, "needs_mask", lambda needs: 0)
    monkeypatch.setattr(table_module, "TABLES", {})
    monkeypatch.setattr(table_module, "TABLE_OF", {})
    slow = [outcome(c) for c in corpus()]
    tested = [len(c.rows) for t in table_module.TABLES.values() for c in t.candidates.values()]
    assert max(tested) >= len(STANDARD_YAKU) - 10  # every row of a shape and value
    for case, a, b in zip(corpus(), fast, slow, strict=True):
        assert a == b, case
