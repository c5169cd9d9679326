"""The explanation of a riichi score as a player reads it at the table: the reading with its
wait named, the dora shown with their indicators, dealer or not, who pays and the total."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from tenpai.hand import Hand
from tenpai.riichi import Situation
from tenpai.riichi.explain import dora_shown, explain, reading_groups, render_text
from tenpai.riichi.records import read_record
from tenpai.riichi.score import score
from tenpai.tiles import parse_tiles, tile_name

DATA = Path(__file__).parent / "data" / "tenhou-agari.jsonl.gz"


@pytest.mark.parametrize(
    ("hand", "wait", "words"),
    [
        # the shape the winning tile completed names the wait (the card's wait fu)
        ("234m678p45667s88s ron 5s", "ryanmen", "ryanmen wait (two-sided)"),
        ("123m456p789s46m11z ron 5m", "kanchan", "kanchan wait (middle tile)"),
        ("12m456p789s123s11z ron 3m", "penchan", "penchan wait (edge)"),
        ("123m456p789s123s5m ron 5m", "tanki", "tanki wait (on the pair)"),
        ("123m456p789s11z22z ron 1z", "shanpon", "shanpon wait (on two pairs)"),
        ("1133557799m22p4s ron 4s", "tanki", "tanki wait (on the pair)"),
    ],
)
def test_the_reading_names_its_wait(hand: str, wait: str, words: str) -> None:
    s = score(Hand.parse(hand), Situation(seat_wind="S", riichi=True))
    assert s.reading.wait == wait
    (line,) = [ln for ln in explain(s, "en") if ln.section == "reading"]
    assert line.id == wait and line.text.endswith(words)
    win = [g for g in reading_groups(s) if g.role == "wait"]
    assert len(win) == 1 and tile_name(win[0].tiles[win[0].win]) == hand.rsplit(maxsplit=1)[-1]


def test_the_result_says_dealer_or_not_who_pays_and_the_total() -> None:
    # 5 han: a mangan, 8 000 from a non-dealer's ron; one honba is 300 on a ron, a riichi
    # stick 1 000 (the card's points)
    sit = Situation(
        seat_wind="S",
        riichi=True,
        dora_indicators=parse_tiles("3s"),
        ura_indicators=parse_tiles("7p"),
        honba=1,
        riichi_sticks=1,
        discarder=3,
    )
    text = render_text(score(Hand.parse("234m678p45667s88s ron 5s"), sit), lang="en")
    assert "Dora  1 han (indicator 3s → 4s ×1)" in text
    assert "Ura dora  1 han (indicator 7p → 8p ×1)" in text
    assert "Winner: a non-dealer (South)" in text
    assert "Ron: the discarder pays (on the left) 8 000 + 300 honba" in text
    assert text.splitlines()[-1] == "The winner receives  8 000 + 300 honba + 1 000 sticks = 9 300"
    # the dealer's tsumo: each pays 2 600 + 200 honba (2 honba × 100), and the stick
    sit = Situation(honba=2, riichi_sticks=1)
    fr = render_text(score(Hand.parse("111m444p77s88s234s tsumo 7s"), sit), lang="fr")
    assert "Gagnant : le donneur (Est)" in fr
    assert fr.splitlines()[-1] == "Le gagnant reçoit  7 800 + 600 honba + 1 000 bâtons = 9 400"


def test_red_fives_and_indicators_are_shown_with_the_tiles_they_make_dora() -> None:
    sit = Situation(
        riichi=True, dora_indicators=parse_tiles("7s3s"), ura_indicators=parse_tiles("9m")
    )
    s = score(Hand.parse("234m678p40667s88s ron 5s"), sit)
    shown = [
        (d.id, d.indicator and tile_name(d.indicator), tile_name(d.tile), d.count)
        for d in dora_shown(s)
    ]
    assert shown == [
        ("dora", "7s", "8s", 2),
        ("dora", "3s", "4s", 1),
        ("ura_dora", "9m", "1m", 0),
        ("aka_dora", None, "0s", 1),
    ]


@pytest.mark.slow
def test_every_real_win_reads_back_into_its_own_tiles_and_dora() -> None:
    """On the real Tenhou wins: the groups hold exactly the hand's tiles, one of them the
    winning one, and the dora shown add up to the dora han counted."""
    n = 0
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        for line in f:
            try:
                hand, sit, rules = read_record(json.loads(line))
                s = score(hand, sit, rules)
            except ValueError:
                continue
            groups = reading_groups(s)
            tiles = sorted(x for g in groups for x in g.tiles)
            assert tiles == sorted(hand.all_tiles()), hand.format()
            assert sum(g.win >= 0 for g in groups) == 1, hand.format()
            shown = dora_shown(s)
            for d in s.dora:
                assert sum(x.count for x in shown if x.id == d.id) == d.han, hand.format()
            n += 1
    assert n > 6000
