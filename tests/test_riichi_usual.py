"""The fast core (tenpai.riichi.usual) against its oracle, the full scorer.

``score`` hands the usual win to ``score_usual`` and takes any other itself; with the fast
core turned off, the full scorer (the data-driven evaluation of every row, the reference
facts and fu) scores every hand. Both must give the very same outcome, ``Score`` or error,
on every case of the needs oracle's corpus (random hands and situations under every preset
and with every local yaku, real wins, the yaku tests' hands, yakuman), on every real Tenhou
win, and on random wins with random indicators (red fives among them), counters and
discarders; and the fast core must take nearly all real wins. Both must also agree under
every value of every option the fast core reads (directly, or through the ruleset's table of
rows and prices), one at a time and in random combinations, on real wins and random ones.
"""

from __future__ import annotations

import dataclasses
import functools
import gzip
import importlib
import json
import random
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from shared import shared_path
from tenhou_check import DATA
from tenpai.errors import TenpaiError
from tenpai.riichi import find_rules
from tenpai.riichi.records import read_record
from tenpai.riichi.rules import OPTIONS, Ruleset
from tenpai.riichi.score import Score
from tenpai.riichi.table import TABLE_OPTIONS, table_of
from tenpai.riichi.usual import score_usual
from test_riichi_needs import Case, corpus, outcome
from test_riichi_vs_mahjong import random_win

score_module = importlib.import_module("tenpai.riichi.score")


def four_player_wins(lines: Iterable[str]) -> list[Case]:
    """The four-player wins of the records *lines* that read, under their rules."""
    out = []
    for line in lines:
        try:
            case = read_record(json.loads(line))
        except TenpaiError:
            continue
        if case[2].players == 4:
            out.append(case)
    return out


def real_wins() -> list[Case]:
    """Every real four-player Tenhou win that reads, under its rules."""
    with gzip.open(DATA, "rt", encoding="utf-8") as fh:
        return four_player_wins(fh)


def random_wins(n: int, seed: int) -> Iterator[Case]:
    """Random complete hands with random indicators, counters, discarder and flags."""
    rng = random.Random(seed)
    flags = ("ippatsu", "rinshan", "haitei", "houtei", "chankan")
    presets = [find_rules(name) for name in ("tenhou", "bareme", "majsoul", "ema", "wrc")]
    while n > 0:
        dealt = random_win(rng)
        if dealt is None:
            continue
        hand, sit = dealt
        shown = tuple(rng.choice([*range(34), 34, 35, 36]) for _ in range(rng.randint(1, 4)))
        sit = dataclasses.replace(
            sit,
            dora_indicators=shown,
            ura_indicators=tuple(rng.randrange(37) for _ in shown) if sit.riichi else (),
            honba=rng.choice((0, 0, 1, 2, 5)),
            riichi_sticks=rng.choice((0, 0, 1, 3)),
            discarder=None if hand.tsumo else rng.choice((None, 1, 2, 3)),
            **{f: rng.random() < 0.05 for f in flags},
        )
        yield hand, sit, rng.choice(presets)
        n -= 1


def cases() -> list[Case]:
    return [*corpus(), *real_wins(), *random_wins(3000, 20261129)]


@pytest.mark.slow
def test_the_fast_core_gives_the_full_scorers_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    every = cases()
    fast = [outcome(c) for c in every]
    monkeypatch.setattr(score_module, "score_usual", lambda *args: None)
    full = [outcome(c) for c in every]
    for case, a, b in zip(every, fast, full, strict=True):
        assert a == b, case
    wins = sum(isinstance(a, Score) for a in fast)
    assert wins > 11000  # most cases are wins: the comparison is about scores


@pytest.mark.slow  # long for make check: make test runs it
def test_the_fast_core_takes_nearly_all_real_wins() -> None:
    wins = real_wins()
    taken = sum(score_usual(h, s, r, table_of(r)) is not None for h, s, r in wins)
    assert len(wins) == 6383
    assert taken / len(wins) > 0.97


def test_the_fast_core_leaves_the_unusual_to_the_full_scorer() -> None:
    from tenpai.hand import Hand
    from tenpai.riichi import Situation

    def usual(text: str, sit: Situation, rules: str = "bareme") -> Score | None:
        rs = find_rules(rules)
        return score_usual(Hand.parse(text), sit, rs, table_of(rs))

    plain = Situation(seat_wind=28, riichi=True)
    assert usual("234m678p45667s88s ron 5s", plain) is not None
    assert usual("234m678p45667s88s ron 5s", dataclasses.replace(plain, renhou=True)) is None
    assert usual("19m19p19s1234567z ron 1m", plain) is None  # thirteen orphans
    assert usual("555666777z123m4p ron 4p", plain) is None  # a yakuman to weigh
    local = find_rules("bareme").with_options(local_yaku="daisharin")
    hand = Hand.parse("234m678p45667s88s ron 5s")
    assert score_usual(hand, plain, local, table_of(local)) is None
    no_yaku = "99p456s33z chi 234m:left chi 123p:left ron 9p"
    assert usual(no_yaku, Situation(seat_wind=28)) is None  # the full scorer raises NoYaku


# ---- every option the fast core reads ------------------------------------------------------

# The options the fast core reads: itself and the shared steps and predicates it runs (rules.X
# in these modules; max_red is aka's), and through its ruleset's table (the gates of the rows,
# renhou, kiriage, kazoe: TABLE_OPTIONS).
FAST_CORE_OPTIONS = (
    "aka",
    "double_wind_pair_fu",
    "honba_ron",
    "honba_tsumo",
    "kan_dora",
    "kan_ura_dora",
    "kuitan",
    "open_pinfu_fu",
    "pinfu_tsumo_fu",
    "riichi_deposit",
    "rinshan_tsumo_fu",
    "ryanhan_shibari",
    "ryuuiisou_requires_hatsu",
    "ura_dora",
    # through the table
    "double_riichi",
    "ippatsu",
    "kazoe",
    "kiriage",
    "renhou",
)
_OPTION = {o.name: o for o in OPTIONS}
_READERS = ("usual", "yaku", "fu", "result", "payment")  # modules of tenpai.riichi


def test_the_list_holds_every_option_the_fast_core_reads() -> None:
    read: set[str] = set()
    for name in _READERS:
        module = importlib.import_module(f"tenpai.riichi.{name}")
        read |= set(re.findall(r"\brules\.([a-z_]+)", Path(module.__file__).read_text("utf-8")))
    assert read - {"max_red", "local_yaku"} <= set(FAST_CORE_OPTIONS)
    by_table = set(TABLE_OPTIONS.__reduce__()[1]) - {"local_yaku", "local_options"}
    assert by_table <= set(FAST_CORE_OPTIONS) <= set(_OPTION)


def option_values(name: str) -> list[Any]:
    """Every value of the option *name* a four-player ruleset takes (a few for a number)."""
    o = _OPTION[name]
    if o.kind == "bool":
        return [True, False]
    if o.kind == "int":
        return [0, 100, 300, 1500]
    return [c for c in o.choices if (name, c) != ("aka", 2)]  # 2: the three-player set


@functools.cache
def shared_real_wins() -> list[Case]:
    """The real four-player Tenhou wins of the team's validation set that read."""
    with shared_path("validation", "tenhou-agari.jsonl").open(encoding="utf-8") as fh:
        return four_player_wins(fh)


def _declines(*args: object) -> None:
    return None


def _taken(case: Case) -> bool:
    """Tells whether the fast core scores *case* itself (it raises on a situation it checks)."""
    hand, sit, rules = case
    try:
        return score_usual(hand, sit, rules, table_of(rules)) is not None
    except TenpaiError:
        return False


def compared(cases: Iterable[Case], rules: Ruleset) -> tuple[int, int, list[Any]]:
    """Scores *cases* under *rules* with and without the fast core: how many cases, how many
    the fast core took, and where the outcomes differ."""
    cases = [(hand, sit, rules) for hand, sit, _ in cases]
    fast = [outcome(c) for c in cases]
    taken = sum(_taken(c) for c in cases)
    saved = score_module.score_usual
    score_module.score_usual = _declines
    try:
        full = [outcome(c) for c in cases]
    finally:
        score_module.score_usual = saved
    bad = [(c, a, b) for c, a, b in zip(cases, fast, full, strict=True) if a != b]
    return len(cases), taken, bad


def each_option_alone(n: int) -> None:
    wins = shared_real_wins()
    total = taken = 0
    for name in FAST_CORE_OPTIONS:
        for value in option_values(name):
            rules = find_rules("tenhou").with_options(**{name: value})
            rng = random.Random(f"{name}={value}")
            cases = [*rng.sample(wins, n), *random_wins(n, rng.randrange(10**6))]
            got, took, bad = compared(cases, rules)
            assert not bad, (name, value, bad[:3])
            total += got
            taken += took
    assert taken > total / 2  # the fast core took most: the comparison is about its scores


def random_combinations(rounds: int, n: int, seed: int) -> None:
    rng = random.Random(seed)
    wins = shared_real_wins()
    taken = 0
    for _ in range(rounds):
        changes = {
            name: rng.choice(option_values(name))
            for name in FAST_CORE_OPTIONS
            if rng.random() < 0.6
        }
        preset = rng.choice(("tenhou", "bareme", "majsoul", "ema", "wrc"))
        rules = find_rules(preset).with_options(**changes)
        cases = [*rng.sample(wins, n), *random_wins(n, rng.randrange(10**6))]
        _, took, bad = compared(cases, rules)
        assert not bad, (preset, changes, bad[:3])
        taken += took
    assert taken > 0.6 * rounds * n  # of 2n cases a round (random ones often refused)


@pytest.mark.slow  # a long oracle: make test runs it, make check does not
def test_every_option_alone() -> None:
    each_option_alone(20)


@pytest.mark.slow  # long for make check: make test runs it
def test_random_combinations_of_options() -> None:
    random_combinations(8, 40, 20261201)


@pytest.mark.slow
def test_every_option_alone_on_many_hands() -> None:
    each_option_alone(400)


@pytest.mark.slow
def test_many_random_combinations_of_options() -> None:
    random_combinations(80, 250, 20261202)
