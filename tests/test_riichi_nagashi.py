"""Nagashi mangan (EMA Riichi rules, 2012): a mangan tsumo payment, by option."""

from __future__ import annotations

import pytest

from tenpai.cli import main
from tenpai.errors import InvalidSituation, RulesError
from tenpai.interchange import score_record
from tenpai.riichi import Situation, find_rules
from tenpai.riichi.nagashi import score_nagashi


def test_off_on_the_card() -> None:
    with pytest.raises(RulesError, match="not played"):
        score_nagashi(Situation(), find_rules("bareme"))


def test_ema2012_treats_it_as_a_win_with_honba_and_sticks() -> None:
    s = score_nagashi(Situation(seat_wind=28, honba=2, riichi_sticks=1), find_rules("ema2012"))
    # the dealer (on the left of South) pays 4000, the others 2000, plus 100 per honba each
    assert s.deltas == (8000 + 600 + 1000, -2200, -2200, -4200)
    with pytest.raises(InvalidSituation, match="closed hand"):
        score_nagashi(Situation(seat_wind=28), find_rules("ema2012"), closed=False)


def test_tenhou_pays_it_at_the_draw_without_counters() -> None:
    s = score_nagashi(Situation(seat_wind=27, honba=3, riichi_sticks=2), find_rules("tenhou"))
    assert (s.points, s.deltas, s.as_win) == (12000, (12000, -4000, -4000, -4000), False)


def test_a_record_and_the_command_line() -> None:
    res = score_record({"rules": "majsoul", "seat_wind": "W", "flags": {"nagashi_mangan": True}})
    assert (res["points"], res["limit"], res["error"]) == (8000, "mangan", None)
    assert main(["score", "--nagashi", "--seat", "S", "--rules", "tenhou"]) == 0
    assert main(["score", "--nagashi", "--seat", "S"]) == 2
