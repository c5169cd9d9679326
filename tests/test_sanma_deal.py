"""The dealer at three players (``--rules tenhou3``): sanma hands only, kita included, never a
yakuman, and shares close to those of the 1,625 real wins of 209 Tenhou sanma games
(tests/test_sanma_logs.py): kita in 64.4 % of the wins, 33.1 % open hands, the dealer wins
36.1 %, 4.57 han on average, 43.6 % below mangan.
"""

from __future__ import annotations

import statistics

from tenpai.interchange import score_record
from tenpai.riichi.deal import deal_many, deal_record, replay

N = 300
DEALS = deal_many(N, seed=316, rules="tenhou3")


def test_only_sanma_hands() -> None:
    for d in DEALS:
        tiles = d.hand.all_tiles() + d.situation.dora_indicators + d.situation.ura_indicators
        assert not any(1 <= t <= 7 or t == 34 for t in tiles), d.id  # no 2m-8m, no red 5m
        assert not any(m.type == "chi" for m in d.hand.melds), d.id
        assert d.situation.seat_wind != 30 and d.situation.discarder in (None, 1, 2), d.id
        assert not d.score.yakuman and d.score.limit != "kazoe_yakuman", d.id
        assert d.hand.all_tiles().count(30) + d.hand.kita <= 4, d.id


def test_records_and_replays() -> None:
    for d in DEALS[:40]:
        rec = deal_record(d)
        assert sum(1 for m in rec["melds"] if m["type"] == "kita") == d.hand.kita
        again = score_record({k: v for k, v in rec.items() if k != "expected"})
        assert again["points"] == d.score.points and again["error"] is None
        assert replay(d.id) == d
    assert DEALS[0].id.startswith("riichi2:tenhou3:")


def test_shares_close_to_real_sanma_wins() -> None:
    kita = sum(d.hand.kita > 0 for d in DEALS) / N
    opened = sum(not d.hand.is_closed for d in DEALS) / N
    dealer = sum(d.situation.is_dealer for d in DEALS) / N
    below = sum(d.score.limit is None for d in DEALS) / N
    han = statistics.mean(d.score.han or 0 for d in DEALS)
    assert abs(kita - 0.644) < 0.08
    assert abs(opened - 0.331) < 0.08
    assert abs(dealer - 0.361) < 0.08
    assert abs(below - 0.436) < 0.10
    assert abs(han - 4.57) < 0.5


def test_the_quiz_asks_and_grades_sanma_hands() -> None:
    from tenpai.riichi.quiz import grade, questions
    from tenpai.trainer.answers import QuizOptions

    opts = QuizOptions(ask=("yaku", "han", "fu", "points", "waits"), fu_above_4=True)
    tsumo = 0
    for d in DEALS[:60]:
        for q in questions(d, opts):
            answer = q.answer_text.split(" (")[0]  # the points, without the total
            assert grade(q, answer).ok, (d.id, q.part, answer)
        tsumo += d.hand.tsumo and not d.situation.is_dealer
    assert tsumo > 5  # non-dealer tsumo: two payers, the dealer among them
