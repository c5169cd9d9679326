"""Every win of the three-player Tenhou games in the shared logs (209 phoenix games, 1,625
wins): han, fu, points, the yaku with their dora counts and every seat's score change (the
AGARI's ``sc``) agree with Tenhou's own result under ``tenhou3``.

The logs also show the platform's payment rules independently of the scorer: honba are 200
on a ron and 100 from each of the two payers on a tsumo, and a tsumo is paid with tsumo loss
(the two payments add up to Tenhou's ``ten`` points: no north share).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from shared import shared_path
from tenpai.logs import read_log
from tenpai.logs.model import Game, Win
from tenpai.logs.verify import check_win


def _games(limit: int | None = None) -> Iterator[Game]:
    """Yields the three-player games of the shared mjlog logs (the first *limit* of them)."""
    games = 0
    for path in sorted(Path(shared_path("logs", "mjlog")).rglob("*.xml*")):
        for g in read_log(path):
            if g.players != 3:
                continue
            yield g
            games += 1
            if limit is not None and games >= limit:
                return


def _wins(limit: int | None = None) -> list[Win]:
    return [w for g in _games(limit) for w in g.wins()]


def _disagreements(wins: list[Win]) -> list[tuple[str, object, object]]:
    # han, fu, points, limit, the yaku with their dora counts (Tenhou counts the kita in its
    # dora, yaku 52), yakuman and every seat's change (the AGARI's sc)
    bad = []
    for w in wins:
        c = check_win(w, "mjlog", 3)
        if c.status != "agree":
            bad.append((c.label, c.claimed or c.reason, c.computed))
    return bad


def test_a_sample_of_games_agrees() -> None:
    wins = _wins(limit=12)
    assert len(wins) > 80
    assert any(m["type"] == "kita" for w in wins for m in w.record["melds"])
    assert _disagreements(wins) == []


@pytest.mark.slow
def test_every_three_player_win_agrees_with_tenhou() -> None:
    games = list(_games())
    assert len(games) == 209
    wins = [w for g in games for w in g.wins()]
    assert len(wins) == 1625
    bad = _disagreements(wins)
    assert bad == [], f"{len(bad)} of {len(wins)} differ, first: {bad[:3]}"


@pytest.mark.slow
def test_the_logs_show_tenhous_sanma_payments() -> None:
    ron_honba = tsumo_honba = tsumo = 0
    for w in _wins():
        rec, claim = w.record, w.claim
        rnd = rec["round"]
        if rec["multi_ron_index"]:
            continue  # the second winner of a double ron takes no honba nor sticks
        assert claim.deltas is not None and claim.points is not None
        who = rec["winner"]
        extra = claim.deltas[who] - claim.points - 1000 * rnd["riichi_sticks"]
        if rec["tsumo"]:
            tsumo += 1
            payers = [-d for i, d in enumerate(claim.deltas[:3]) if i != who]
            # tsumo loss: the two payments are the whole value, honba apart
            assert sum(payers) == claim.points + 200 * rnd["honba"], w.origin.text()
            assert extra == 200 * rnd["honba"], w.origin.text()  # 100 from each of two payers
            tsumo_honba += rnd["honba"] > 0
        else:
            assert extra == 200 * rnd["honba"], w.origin.text()
            ron_honba += rnd["honba"] > 0
    assert (ron_honba, tsumo_honba, tsumo) == (353, 325, 787)


@pytest.mark.slow
def test_kita_rinshan_and_robbed_kita_occur() -> None:
    recs = [w.record for w in _wins()]
    kans = ("ankan", "daiminkan", "shouminkan")
    # a win on the replacement tile of a kita is rinshan kaihou at Tenhou
    on_kita = [
        r for r in recs if r["flags"]["rinshan"] and not any(m["type"] in kans for m in r["melds"])
    ]
    assert len(on_kita) == 29
    robbed = [r for r in recs if r["flags"].get("robbed_kita")]
    assert len(robbed) == 4
    assert all(not r["flags"]["chankan"] for r in robbed)  # no chankan for a robbed kita
    assert all(r["win_tile"] == "4z" and not r["tsumo"] for r in robbed)


@pytest.mark.slow
def test_nagashi_mangan_at_three_players() -> None:
    # Tenhou plays nagashi mangan as a draw: a mangan paid as a three-seat tsumo (tsumo loss),
    # no honba, the riichi sticks stay on the table
    from tenpai.riichi.nagashi import score_nagashi
    from tenpai.riichi.rules import find_rules
    from tenpai.riichi.situation import Situation

    found = [
        (r, r.draw)
        for g in _games()
        for r in g.rounds
        if r.draw is not None and r.draw.kind == "nagashi_mangan"
    ]
    assert len(found) == 4
    for r, d in found:
        assert len(d.nagashi) == 1 and d.deltas is not None
        (seat,) = d.nagashi
        sit = Situation(
            seat_wind=27 + (seat - r.dealer) % 3, honba=d.honba, riichi_sticks=d.riichi_sticks
        )
        s = score_nagashi(sit, find_rules("tenhou3"))
        got = [0, 0, 0]
        for rel, x in enumerate(s.deltas[:3]):
            got[(seat + rel) % 3] = x
        assert got == list(d.deltas), d.origin.text()


def _tenhou6_payments() -> list[tuple[str, str, int, list[int], list[int]]]:
    """Reads the wins of the three-player tenhou.net/6 logs: (file, room, honba, expected
    payer changes from the result text and the honba, the logged changes), one per win."""
    import json
    import re

    out = []
    for path in sorted(Path(shared_path("logs", "tenhou6", "mjai-reviewer3p")).glob("*.json")):
        game = json.loads(path.read_text(encoding="utf-8"))
        room = (game.get("rule") or {}).get("disp", "")
        for rnd in game["log"]:
            (kyoku, honba, _sticks), result = rnd[0], rnd[-1]
            if result[0] != "和了":
                continue
            deltas, detail = result[1], result[2]
            who, from_who, text = detail[0], detail[1], detail[3]
            amounts = [int(x) for x in re.findall(r"\d+", text.split("飜")[-1].split("符")[-1])]
            dealer = kyoku % 4
            expected = [0, 0, 0]
            if who != from_who:  # a ron: the discarder pays the hand and 200 a honba
                expected[from_who] = -(amounts[0] + 200 * honba)
            else:  # a tsumo: the two others, 100 a honba each, no north share
                for seat in range(3):
                    if seat == who:
                        continue
                    if text.endswith("∀"):
                        share = amounts[0]
                    else:
                        share = amounts[1] if seat == dealer else amounts[0]
                    expected[seat] = -(share + 100 * honba)
            others = [d for i, d in enumerate(deltas[:3]) if i != who]
            out.append((path.name, room, honba, expected, others))
    return out


def test_tenhou6_three_player_payments_tenhou_and_mahjong_soul() -> None:
    # four three-player exports: one Tenhou 三鳳 room, three Mahjong Soul rooms (三銀, 三金, 三玉):
    # both platforms pay tsumo with tsumo loss and honba 200 a ron, 100 from each payer
    rows = _tenhou6_payments()
    assert len(rows) == 16
    assert {room[:2] for _, room, _, _, _ in rows} == {"三鳳", "三銀", "三金", "三玉"}
    for name, _room, _honba, expected, got in rows:
        paid = [d for d in expected if d]
        assert paid and paid == [d for d in got if d], name
    # with honba: four Tenhou wins (a ron, three tsumo) and one Mahjong Soul ron
    honba_rooms = sorted(room[:2] for _, room, honba, _, _ in rows if honba)
    assert honba_rooms == ["三玉", "三鳳", "三鳳", "三鳳", "三鳳"]
