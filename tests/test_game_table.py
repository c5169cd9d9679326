"""The game table: hands move the scores, round, honba and sticks; the rules end the game.

Expected values are worked by hand from the rules (payments of the card and EMA §3.3.6, Tenhou's
placement: round(score / 1000) - 30 + uma, the top taking minus the others).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from tenpai.errors import InvalidSituation
from tenpai.game.rules import find_game_rules
from tenpai.game.sheet import read_sheet
from tenpai.game.table import Abort, Chombo, Draw, Riichi, Table, Win, Wins, win_from_value

TONPUU = Path(__file__).parent / "data" / "game-tonpuu.jsonl"


def ron(winner: int, discarder: int, points: int) -> Wins:
    return Wins((Win(winner, discarder, ((discarder, points),)),))


def test_a_tonpuu_replayed_hand_by_hand() -> None:
    sheet = read_sheet(TONPUU.read_text(encoding="utf-8").splitlines())
    t = sheet.table
    got = [(r.label, r.honba, r.scores) for r in t.rows]
    assert got == [
        ("E1", 0, (25000, 24000, 25000, 25000)),  # Bea riichi
        ("E1", 0, (38000, 24000, 13000, 25000)),  # dealer mangan 12000 + the stick
        ("E1", 1, (37000, 27000, 12000, 24000)),  # draw: Bea alone tenpai, 3000
        ("E2", 2, (35800, 24800, 10800, 28600)),  # 1000/2000 tsumo, +200 each for 2 honba
        ("E3", 0, (35800, 24800, 9800, 28600)),
        ("E3", 0, (34800, 24800, 9800, 28600)),
        ("E3", 0, (34800, 28800, 11300, 25100)),  # double ron: Bea first from Dan, sticks
        ("E3", 1, (34800, 28800, 11300, 25100)),  # abortive draw: dealer stays, honba +1
        ("E3", 2, (36800, 30800, 15300, 17100)),  # chombo: reverse mangan 4000/2000
        ("E3", 2, (36800, 39400, 6700, 17100)),  # mangan + 600 for 2 honba
        ("E4", 0, (30800, 33400, 700, 35100)),  # dealer haneman 6000 all: top, stops
    ]
    assert t.ended == "agari_yame"
    assert [r.points for r in t.standings()] == [-9, 13, -49, 45]
    with pytest.raises(InvalidSituation, match="the game is over"):
        t.apply(Abort())


def test_nobody_at_the_return_points_plays_the_west_round() -> None:
    t = Table.start(find_game_rules("tenhou"))
    for _ in range(8):  # E1..S4, nobody tenpai: the deal passes each time
        t = t.apply(Draw())
    assert not t.ended and t.label == "W1" and t.honba == 8
    t = t.apply(ron(1, 2, 5200))  # 5200 + 8 honba x 300 = 7600: 32600 >= 30000
    assert t.scores == (25000, 32600, 17400, 25000)
    assert t.ended == "extension_target"


def test_without_extension_the_game_ends_after_the_last_hand() -> None:
    t = Table.start(find_game_rules("ema"))
    for _ in range(8):
        t = t.apply(Draw())
    assert t.ended == "last_hand" and t.scores == (30000,) * 4
    assert [r.points for r in t.standings()] == [0, 0, 0, 0]  # all equal: uma shared


def test_the_top_dealer_stops_but_not_a_dealer_behind() -> None:
    t = Table.start(find_game_rules("tenhou")).apply(ron(0, 1, 12000))  # seat 0: 37000
    for _ in range(7):
        t = t.apply(Draw())
    assert t.label == "S4" and t.dealer == 3 and t.honba == 8
    behind = t.apply(ron(3, 2, 2900))  # 2900 + 2400: the dealer at 30300, seat 0 ahead
    assert behind.scores == (37000, 13000, 19700, 30300)
    assert not behind.ended and behind.label == "S4" and behind.honba == 9
    top = t.apply(ron(3, 2, 12000))  # 39400: the dealer is top and stops
    assert top.ended == "agari_yame"


def test_busting_below_zero_but_not_at_zero() -> None:
    t = Table.start(find_game_rules("tenhou"))
    zero = t.apply(ron(0, 1, 25000 - 0))
    assert zero.scores[1] == 0 and not zero.ended  # Tenhou plays on at 0 points
    t2 = Table.start(find_game_rules("tenhou")).apply(Riichi(2))
    below = t2.apply(Riichi(1)).apply(ron(0, 1, 24100))
    assert below.scores[1] == -100 and below.ended == "busted"
    assert below.scores[0] == 25000 + 24100 + 2000  # the sticks went with the win


def test_leftover_sticks_at_the_end() -> None:
    for how in ("top", "lost"):
        rules = find_game_rules("ema").with_options(
            start_points=25000, return_points=25000, leftover_sticks=how
        )
        t = Table.start(rules)
        for _ in range(7):
            t = t.apply(Draw())
        t = t.apply(Riichi(3)).apply(Draw(frozenset({3})))  # S4: the dealer tenpai...
        assert not t.ended  # ...keeps the deal (no tenpai-yame)
        t = t.apply(Riichi(3)).apply(Draw())
        assert t.ended == "last_hand"
        assert t.scores[3] == 25000 - 2000 + 3000 + (2000 if how == "top" else 0)
        assert sum(t.scores) == 100000 - (0 if how == "top" else 2000)
        assert t.scores[:3] == (24000, 24000, 24000)


def test_chombo_as_a_placement_penalty_gives_back_the_riichi() -> None:
    t = Table.start(find_game_rules("wrc")).apply(Riichi(1)).apply(Chombo(1))
    assert t.scores == (30000,) * 4 and t.sticks == 0 and t.chombo == (0, 1, 0, 0)
    r = t.standings()
    assert r[1].points == Fraction(0) - 30  # shared uma of four equal scores is 0, then -30
    assert [p.id for p in r[1].parts] == ["score", "uma", "chombo"]


def test_three_players_tsumo_is_paid_by_two() -> None:
    t = Table.start(find_game_rules("tenhou-sanma"))
    win = win_from_value(1, None, t.dealer, 3, han=3, fu=30)  # 1000 / 2000
    t = t.apply(Wins((win,)))
    assert t.scores == (33000, 38000, 34000) and t.label == "E2"


def test_nagashi_is_a_mangan_tsumo_without_honba() -> None:
    t = Table.start(find_game_rules("tenhou")).apply(Abort())
    t = t.apply(Draw(frozenset({0}), nagashi=(2,)))
    assert t.scores == (21000, 23000, 33000, 23000)
    assert t.label == "E1" and t.honba == 2  # the dealer was tenpai


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (Wins((Win(1, 1, ((1, 1000),)),)), "cannot both win and deal in"),
        (Wins((Win(1, None, ()), Win(2, None, ()))), "only one player can win by tsumo"),
        (Wins((Win(1, 2, ((2, 1000),)), Win(3, 0, ((0, 1000),)))), "same discard"),
        (Riichi(4), "must be a seat 0-3"),
    ],
)
def test_impossible_events_are_refused(event: object, message: str) -> None:
    with pytest.raises(InvalidSituation, match=message):
        Table.start(find_game_rules("tenhou")).apply(event)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "payments"),
    [
        ({"han": 3, "fu": 30, "discarder": 2}, ((2, 3900),)),
        ({"han": 4, "fu": 30, "discarder": 2}, ((2, 7700),)),
        ({"yakuman": 1, "discarder": None}, ((0, 16000), (2, 8000), (3, 8000))),
        ({"tsumo": (2600, 1300), "discarder": None}, ((0, 2600), (2, 1300), (3, 1300))),
    ],
)
def test_a_win_from_what_the_players_say(kwargs: dict, payments: tuple) -> None:
    discarder = kwargs.pop("discarder")
    assert win_from_value(1, discarder, 0, 4, **kwargs).payments == payments


def test_a_hong_kong_session_adds_the_money_of_each_hand() -> None:
    from tenpai.game.hk import HKSession
    from tenpai.hk.payment import settle
    from tenpai.hk.rules import HKRules

    s = HKSession.start(("Ann", "Bea", "Cyd", "Dan"))
    s = s.add(None, winner=None)  # a draw: East keeps the deal
    assert s.dealer == 0 and s.totals == (0, 0, 0, 0)
    s = s.add(settle(8, HKRules(), winner=0, self_drawn=False, discarder=3), winner=0)
    assert s.totals == (64, 0, 0, -64) and s.dealer == 0  # spec §6: D = 2P, P = 32
    s = s.add(settle(8, HKRules(), winner=2, self_drawn=False, discarder=3), winner=2)
    assert s.totals == (64, 0, 64, -128) and s.dealer == 1  # West won: the deal passes
    assert sum(s.totals) == 0
    with pytest.raises(InvalidSituation, match="four distinct players"):
        HKSession.start(("A", "a", "B", "C"))
