"""Tenhou's own final results reproduced: every standard table of the shipped validation
file whose last win carries Tenhou's ``owari`` (final scores and placement points), through
:func:`tenpai.game.placement` and through ``tenpai game result``.

The rules of each table come from its GO type (players, hanchan or east only, room) and
its date: Tenhou's dated results keep 0.1 point from 2022 on and round before; an undated
log keeps tenths when its own result shows a tenth digit (the two such games are named in
``UNDATED_TENTHS``, so that a change in the data shows here).
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tenpai.cli import main
from tenpai.game import GameRules, placement, tenhou_rules

DATA = Path(__file__).parent / "data" / "tenhou-agari.jsonl.gz"
UNDATED_TENTHS = {"283c5d6d47a0#9", "aaefc6501e85#10"}  # tenhou-paifu-to-json samples


def _games() -> list[dict[str, Any]]:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    return [r for r in rows if "owari" in r["tenhou"]["raw"]]


GAMES = _games()
STANDARD = [g for g in GAMES if g["ruleset"]["standard_rules"]]


def _owari(g: dict[str, Any]) -> tuple[list[int], list[Decimal], int]:
    """Gets the final scores, Tenhou's points (seat order of the record) and the seat of
    the first dealer (the record's dealer, moved back by the hands played)."""
    values = g["tenhou"]["raw"]["owari"].split(",")
    n = g["ruleset"]["players"]
    scores = [int(v) * 100 for v in values[0::2]][:n]
    points = [Decimal(v) for v in values[1::2]][:n]
    first = (g["round"]["dealer"] - g["round"]["round_index"]) % n
    return scores, points, first


def _tenths(g: dict[str, Any]) -> bool:
    log_id = g["source"]["log_id"]
    if log_id:
        return log_id[:4] >= "2022"
    return any(Decimal(v) % 1 for v in g["tenhou"]["raw"]["owari"].split(",")[1::2])


def _rules(g: dict[str, Any]) -> GameRules:
    rs = g["ruleset"]
    rules = tenhou_rules(
        players=rs["players"], hanchan=rs["hanchan"], room=rs["room"], fast=rs["soku"]
    )
    return rules.with_options(rounding="exact") if _tenths(g) else rules


def test_the_validation_file_holds_658_standard_games_with_a_result() -> None:
    assert len(GAMES) == 662  # 4 more on chip tables (extended GO type bits)
    assert len(STANDARD) == 658
    by_kind = Counter(
        (g["ruleset"]["players"], "hanchan" if g["ruleset"]["hanchan"] else "tonpuu")
        for g in STANDARD
    )
    assert by_kind == {(4, "hanchan"): 648, (4, "tonpuu"): 9, (3, "hanchan"): 1}
    assert {g["id"] for g in STANDARD if not g["source"]["log_id"] and _tenths(g)} == (
        UNDATED_TENTHS
    )


def test_placement_reproduces_every_tenhou_result() -> None:
    wrong = []
    for g in STANDARD:
        scores, expected, first = _owari(g)
        got = [r.points for r in placement(scores, _rules(g), first)]
        if got != [Fraction(e) for e in expected]:
            wrong.append((g["id"], scores, expected, got))
    assert wrong == []


@pytest.mark.slow
def test_the_command_reproduces_every_tenhou_result(capsys: pytest.CaptureFixture[str]) -> None:
    for g in STANDARD:
        scores, expected, first = _owari(g)
        n = len(scores)
        from_dealer = [scores[(first + i) % n] for i in range(n)]
        rules = _rules(g)
        argv = ["game", "result", "--rules", rules.name, "--json"]
        if rules.rounding == "exact":
            argv += ["--set", "rounding=exact"]
        assert main([*argv, "--", *map(str, from_dealer)]) == 0
        out = json.loads(capsys.readouterr().out)
        want = [expected[(first + i) % n] for i in range(n)]
        assert [Decimal(str(p)) for p in out["points"]] == want, g["id"]


def test_the_rounding_matters_on_the_data() -> None:
    """Both roundings are needed: each alone misses games that the other reproduces."""
    misses = Counter()
    for g in STANDARD:
        scores, expected, first = _owari(g)
        for how in ("half_away", "exact"):
            rules = _rules(g).with_options(rounding=how)
            if [r.points for r in placement(scores, rules, first)] != expected:
                misses[how] += 1
    assert misses["half_away"] > 0 and misses["exact"] > 0
