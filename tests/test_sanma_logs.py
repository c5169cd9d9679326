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
from typing import Any

import pytest

from sanma_mjlog import nagashi, wins
from shared import shared_path
from tenhou_check import compare, deltas_in_record_frame
from tenpai.records import read_riichi_record
from tenpai.riichi.score import score


def _records(limit: int | None = None) -> Iterator[dict[str, Any]]:
    root = shared_path("logs", "mjlog")
    games = 0
    for path in sorted(Path(root).rglob("*.xml*")):
        found = list(wins(path))
        if found:
            games += 1
            yield from found
            if limit is not None and games >= limit:
                return


def _disagreements(recs: list[dict[str, Any]]) -> list[tuple[str, Any, Any]]:
    bad = []
    for rec in recs:
        exp, got = compare(rec)
        if exp != got:
            bad.append((rec["id"], exp, got))
            continue
        hand, sit, rules = read_riichi_record(rec)
        deltas = deltas_in_record_frame(rec, score(hand, sit, rules))
        if deltas != rec["tenhou"]["score_deltas"]:
            bad.append((rec["id"], rec["tenhou"]["score_deltas"], deltas))
    return bad


def test_a_sample_of_games_agrees() -> None:
    recs = list(_records(limit=12))
    assert len(recs) > 80
    assert any(m["type"] == "kita" for r in recs for m in r["melds"])
    assert _disagreements(recs) == []


@pytest.mark.slow
def test_every_three_player_win_agrees_with_tenhou() -> None:
    recs = list(_records())
    assert len({r["id"].split("#")[0] for r in recs}) == 209
    assert len(recs) == 1625
    bad = _disagreements(recs)
    assert bad == [], f"{len(bad)} of {len(recs)} differ, first: {bad[:3]}"


@pytest.mark.slow
def test_the_logs_show_tenhous_sanma_payments() -> None:
    ron_honba = tsumo_honba = tsumo = 0
    for rec in _records():
        th, rnd = rec["tenhou"], rec["round"]
        if rec["multi_ron_index"]:
            continue  # the second winner of a double ron takes no honba nor sticks
        w = rec["winner"]
        extra = th["score_deltas"][w] - th["points"] - 1000 * rnd["riichi_sticks"]
        if rec["tsumo"]:
            tsumo += 1
            payers = [-d for i, d in enumerate(th["score_deltas"][:3]) if i != w]
            # tsumo loss: the two payments are the whole value, honba apart
            assert sum(payers) == th["points"] + 200 * rnd["honba"], rec["id"]
            assert extra == 200 * rnd["honba"], rec["id"]  # 100 from each of two payers
            tsumo_honba += rnd["honba"] > 0
        else:
            assert extra == 200 * rnd["honba"], rec["id"]
            ron_honba += rnd["honba"] > 0
    assert (ron_honba, tsumo_honba, tsumo) == (353, 325, 787)


@pytest.mark.slow
def test_kita_rinshan_and_robbed_kita_occur() -> None:
    recs = list(_records())
    kans = ("ankan", "daiminkan", "shouminkan")
    # a win on the replacement tile of a kita is rinshan kaihou at Tenhou
    on_kita = [
        r for r in recs if r["flags"]["rinshan"] and not any(m["type"] in kans for m in r["melds"])
    ]
    assert len(on_kita) == 29
    robbed = [r for r in recs if r["flags"].get("robbed_kita")]
    assert len(robbed) == 4
    assert all(not r["flags"]["chankan"] for r in robbed)  # no chankan for a robbed kita


@pytest.mark.slow
def test_nagashi_mangan_at_three_players() -> None:
    # Tenhou plays nagashi mangan as a draw: a mangan paid as a three-seat tsumo (tsumo loss),
    # no honba, the riichi sticks stay on the table
    from tenpai.riichi.nagashi import score_nagashi
    from tenpai.riichi.rules import find_rules
    from tenpai.riichi.situation import Situation

    found = [
        n for p in sorted(Path(shared_path("logs", "mjlog")).rglob("*.xml*")) for n in nagashi(p)
    ]
    assert len(found) == 4
    for n in found:
        sit = Situation(
            seat_wind=27 + (n["seat"] - n["dealer"]) % 3,
            honba=n["honba"],
            riichi_sticks=n["sticks"],
        )
        s = score_nagashi(sit, find_rules("tenhou3"))
        got = [0, 0, 0, 0]
        for rel, d in enumerate(s.deltas[:3]):
            got[(n["seat"] + rel) % 3] = d
        assert got == n["deltas"], n


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
