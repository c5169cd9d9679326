"""The fast core (tenpai.riichi.usual) against its oracle, the full scorer.

``score`` hands the usual win to ``score_usual`` and takes any other itself; with the fast
core turned off, the full scorer (the data-driven evaluation of every row, the reference
facts and fu) scores every hand. Both must give the very same outcome, ``Score`` or error,
on every case of the needs oracle's corpus (random hands and situations under every preset
and with every local yaku, real wins, the yaku tests' hands, yakuman), on every real Tenhou
win, and on random wins with random indicators (red fives among them), counters and
discarders; and the fast core must take nearly all real wins.
"""

from __future__ import annotations

import dataclasses
import gzip
import importlib
import json
import random
from collections.abc import Iterator

import pytest

from tenhou_check import DATA
from tenpai.errors import TenpaiError
from tenpai.riichi import find_rules
from tenpai.riichi.records import read_record
from tenpai.riichi.score import Score
from tenpai.riichi.table import table_of
from tenpai.riichi.usual import score_usual
from test_riichi_needs import Case, corpus, outcome
from test_riichi_vs_mahjong import random_win

score_module = importlib.import_module("tenpai.riichi.score")


def real_wins() -> list[Case]:
    """Every real four-player Tenhou win that reads, under its rules."""
    out = []
    with gzip.open(DATA, "rt", encoding="utf-8") as fh:
        for line in fh:
            try:
                case = read_record(json.loads(line))
            except TenpaiError:
                continue
            if case[2].players == 4:
                out.append(case)
    return out


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


def test_the_fast_core_gives_the_full_scorers_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    every = cases()
    fast = [outcome(c) for c in every]
    monkeypatch.setattr(score_module, "score_usual", lambda *args: None)
    full = [outcome(c) for c in every]
    for case, a, b in zip(every, fast, full, strict=True):
        assert a == b, case
    wins = sum(isinstance(a, Score) for a in fast)
    assert wins > 11000  # most cases are wins: the comparison is about scores


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
