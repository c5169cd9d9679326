"""Real wins scored by the Tenhou server (validation data, tests/data): Tenpai must agree.

Every standard-rule 4-player win: han, fu, points and the yaku with dora counts identical;
every 4-player win (chip tables under kiriage included): each seat's score change identical
(honba, riichi sticks, double ron and liability included). The 5 three-player wins agree
too (tenhou3: kita, tsumo loss, honba 200/100); every three-player game of the shared logs is
checked in tests/test_sanma_logs.py.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tenhou_check import compare, deltas_in_record_frame, records
from tenpai.riichi.records import read_record
from tenpai.riichi.score import score

RECORDS = list(records())


def test_the_file_is_whole() -> None:
    assert len(RECORDS) == 6388
    kinds = Counter(
        ("4p" if r["ruleset"]["players"] == 4 else "3p", r["ruleset"]["standard_rules"])
        for r in RECORDS
    )
    assert kinds[("4p", True)] == 6365


def test_every_standard_win_agrees_with_tenhou() -> None:
    bad = []
    n = 0
    for rec in RECORDS:
        if rec["ruleset"]["players"] != 4 or not rec["ruleset"]["standard_rules"]:
            continue
        n += 1
        exp, got = compare(rec)
        if exp != got:
            bad.append((rec["id"], exp, got))
    assert n == 6365
    assert bad == [], f"{len(bad)} of {n} differ, first: {bad[:3]}"


def test_chip_tables_agree_under_kiriage() -> None:
    chip = [
        r for r in RECORDS if r["ruleset"]["players"] == 4 and not r["ruleset"]["standard_rules"]
    ]
    assert len(chip) == 18
    for rec in chip:
        _hand, _sit, rules = read_record(rec)
        assert rules.kiriage
        exp, got = compare(rec)
        assert exp == got, rec["id"]


def test_every_seat_change_agrees_with_tenhou() -> None:
    bad = []
    for rec in RECORDS:
        if rec["ruleset"]["players"] != 4:
            continue
        if rec["checks"]["winner_delta_matches_points_honba_sticks"] is False:
            # one chip table pays its chips in points too: Tenhou's own numbers do not add up
            continue
        hand, sit, rules = read_record(rec)
        got = deltas_in_record_frame(rec, score(hand, sit, rules))
        if got != rec["tenhou"]["score_deltas"][:4]:
            bad.append((rec["id"], got, rec["tenhou"]["score_deltas"]))
    assert bad == [], f"{len(bad)} differ, first: {bad[:3]}"


def test_liability_cases_are_covered() -> None:
    pao = [
        r for r in RECORDS if r["tenhou"]["pao_who"] is not None and r["ruleset"]["players"] == 4
    ]
    assert len(pao) >= 3


SANMA = [r for r in RECORDS if r["ruleset"]["players"] == 3]


def test_the_three_player_wins_are_there() -> None:
    assert len(SANMA) == 5
    assert sum(1 for r in SANMA for m in r["melds"] if m["type"] == "kita") >= 4


@pytest.mark.parametrize("rec", SANMA, ids=[r["id"] for r in SANMA])
def test_three_player_wins_agree_with_tenhou(rec: dict[str, Any]) -> None:
    exp, got = compare(rec)
    assert got == exp
    hand, sit, rules = read_record(rec)
    assert rules.name == "tenhou3"
    assert deltas_in_record_frame(rec, score(hand, sit, rules)) == rec["tenhou"]["score_deltas"]
