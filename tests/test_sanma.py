"""Three-player riichi (sanma): the tile set, kita, dora, payments, presets, records, CLI.

Expected values come from the rules: riichi.wiki "Sanma" (108 tiles, no chi, 1m indicates 9m,
kita one han of dora and two with a west indicator, a kita may be robbed without chankan,
tsumo loss: "a non-dealer mangan is paid 4000 from the dealer and 2000 from the non-dealer,
6000 instead of 8000"), the card's payment formula (bareme.fr.md), and the honba Tenhou's
sanma logs show (200 a ron, 100 from each payer on a tsumo: tests/test_sanma_logs.py).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tenpai.errors import InvalidHand, InvalidSituation
from tenpai.hand import Hand
from tenpai.interchange import score_record
from tenpai.riichi.records import read_record
from tenpai.riichi.rules import find_rules, load_rules, preset_names
from tenpai.riichi.score import score
from tenpai.riichi.situation import Situation
from tenpai.tiles import parse_tiles

T3 = find_rules("tenhou3")
SOUTH, WEST = 28, 29


def sit(**kw: Any) -> Situation:
    kw.setdefault("seat_wind", SOUTH)
    if "dora" in kw:
        kw["dora_indicators"] = parse_tiles(kw.pop("dora"))
    return Situation(**kw)


# ---- rules, presets, aliases, TOML ------------------------------------------------------------


def test_presets_and_aliases() -> None:
    for alias in ("tenhou3", "Tenhou-Sanma", "sanma"):
        assert find_rules(alias).name == "tenhou3"
    for alias in ("majsoul3", "MJS3", "Mahjong Soul sanma"):
        assert find_rules(alias).name == "majsoul3"
    for name in ("tenhou3", "majsoul3"):
        r = find_rules(name)
        assert (r.players, r.kita, r.tsumo_loss, r.kita_ron) == (3, True, True, True)
        assert (r.honba_ron, r.honba_tsumo) == (200, 100)
        assert r.max_red == (0, 1, 1)  # red 5p and 5s: there is no 5m
    assert find_rules("majsoul3").double_yakuman == find_rules("majsoul").double_yakuman
    assert {n for n, _, _ in preset_names()} >= {"tenhou3", "majsoul3"}


def test_two_red_fives_are_the_three_player_set() -> None:
    # Mahjong Soul's three-player rooms hold one red 5p and one red 5s (riichi.wiki "Majsoul",
    # 3P-Mahjong; their exports say aka51=0, aka52=1, aka53=1)
    from tenpai.errors import RulesError

    m3 = find_rules("majsoul3")
    assert (m3.aka, m3.max_red) == (2, (0, 1, 1))
    assert T3.with_options(aka=2).max_red == (0, 1, 1)
    with pytest.raises(RulesError, match=r"'aka' = 2 .* needs players = 3, not 4"):
        find_rules("majsoul").with_options(aka=2)
    with pytest.raises(RulesError, match="players = 3, not 4"):
        m3.with_options(players=4)
    # both reds count; a second red 5p is not in the set
    hand = Hand.parse("11p406p789p234s0s5s ron 5s")
    s = score(hand, sit(riichi=True, dora="1z"), m3)
    assert {d.id: d.han for d in s.dora}.get("aka_dora") == 2
    with pytest.raises(InvalidHand, match="red"):
        score(Hand.parse("11p400p789p234s5s5s ron 5s"), sit(riichi=True, dora="1z"), m3)


def test_toml_three_players(tmp_path: Path) -> None:
    f = tmp_path / "club3.toml"
    f.write_text('preset = "tenhou3"\ntsumo_loss = false\nhonba_ron = 1000\n', encoding="utf-8")
    r = load_rules(f)
    assert (r.name, r.players, r.tsumo_loss, r.honba_ron) == ("club3", 3, False, 1000)


# ---- the tile set -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("234m456p789p234s5s ron 5s", "2m, 3m, 4m are"),
        ("111m456p789p234s5s ron 5m", "5m is"),
        ("111m456p789p234s5s ron 0m", "5m is"),  # a red 5m neither
        ("111m456p789p5s chi 234s ron 5s", "no chi"),
    ],
)
def test_tiles_outside_the_set_are_named(text: str, named: str) -> None:
    with pytest.raises(InvalidHand, match=named):
        score(Hand.parse(text), sit(), T3)


def test_an_indicator_outside_the_set_is_named() -> None:
    with pytest.raises(InvalidHand, match="7m is not in the three-player set"):
        score(Hand.parse("111m456p789p234s5s ron 5s"), sit(dora="7m"), T3)


def test_the_same_hand_scores_at_four() -> None:
    with pytest.raises(InvalidHand, match="kita"):
        score(Hand.parse("111m456p789p234s5s kita 4z ron 5s"), sit(riichi=True), "tenhou")


def test_no_north_seat_and_no_third_payer() -> None:
    h = Hand.parse("111m456p789p234s5s ron 5s")
    with pytest.raises(InvalidSituation, match="no north seat"):
        score(h, sit(seat_wind=30, riichi=True), T3)
    with pytest.raises(InvalidSituation, match="1 \\(right\\) or 2 \\(left\\)"):
        score(h, sit(riichi=True, discarder=3), T3)


# ---- dora and kita ----------------------------------------------------------------------------


def dora_of(s: Any) -> dict[str, int]:
    return {d.id: d.han for d in s.dora}


def test_1m_indicates_9m() -> None:
    s = score(Hand.parse("999m456p789p234s5s ron 5s"), sit(riichi=True, dora="1m"), T3)
    assert dora_of(s) == {"dora": 3}
    # at four players the same indicator points at 2m
    s4 = score(Hand.parse("999m456p789p234s5s ron 5s"), sit(riichi=True, dora="1m"), "tenhou")
    assert dora_of(s4) == {}


def test_each_kita_is_one_han_of_dora_not_a_yaku() -> None:
    h = Hand.parse("111m456p789p234s5s kita 4z kita 4z ron 5s")
    assert h.kita == 2
    s = score(h, sit(riichi=True), T3)
    assert dora_of(s) == {"kita": 2}
    assert [y.id for y in s.yaku] == ["riichi"]
    # 1 han of riichi + 2 of kita; 20 + 10 closed ron + 8 (111m) + 2 tanki = 40 fu: 5200
    assert (s.han, s.fu, s.points) == (3, 40, 5200)
    # kita alone make no win, as dora do not
    from tenpai.errors import NoYaku

    with pytest.raises(NoYaku):
        score(Hand.parse("111m456p789p5s pon 222s kita 4z ron 5s"), sit(), T3)


def test_a_west_indicator_makes_each_kita_two_dora() -> None:
    s = score(Hand.parse("111m456p789p234s5s kita 4z ron 5s"), sit(riichi=True, dora="3z"), T3)
    assert dora_of(s) == {"dora": 1, "kita": 1}


def test_a_kept_north_is_an_ordinary_tile() -> None:
    s = score(Hand.parse("111m456p789p234s4z ron 4z"), sit(riichi=True), T3)
    assert "kita" not in dora_of(s)
    assert [y.id for y in s.yaku] == ["riichi"]


def test_kita_need_the_kita_rule() -> None:
    no_kita = T3.with_options(kita=False)
    with pytest.raises(InvalidHand, match="option kita"):
        score(Hand.parse("111m456p789p234s5s kita 4z ron 5s"), sit(riichi=True), no_kita)


def test_robbing_a_kita() -> None:
    h = Hand.parse("111m456p789p234s4z ron 4z")
    robbed = sit(riichi=True, discarder=1, flags=(("robbed_kita", True),))
    s = score(h, robbed, T3)
    assert [y.id for y in s.yaku] == ["riichi"]  # no chankan
    with pytest.raises(InvalidSituation, match="cannot be robbed"):
        score(h, robbed, T3.with_options(kita_ron=False))
    with pytest.raises(InvalidSituation, match="ron on a north"):
        score(Hand.parse("111m456p789p234s5s ron 5s"), robbed, T3)


# ---- payments ---------------------------------------------------------------------------------

MANGAN = "111m456p789p234s5s"  # + riichi, tsumo, 3 dora of 1m: mangan


@pytest.mark.parametrize(
    ("seat", "rules", "payments", "points"),
    [
        # riichi.wiki "Sanma": 4000 from the dealer, 2000 from the non-dealer, 6000 in all
        (SOUTH, T3, {2: (4000, "tsumo_dealer"), 1: (2000, "tsumo_non_dealer")}, 6000),
        (WEST, T3, {1: (4000, "tsumo_dealer"), 2: (2000, "tsumo_non_dealer")}, 6000),
        (27, T3, {1: (4000, "tsumo_non_dealer"), 2: (4000, "tsumo_non_dealer")}, 8000),
        # the north's share split: its 2000 (dealer winner: 4000) shared, 1000 (2000) each
        (
            SOUTH,
            T3.with_options(tsumo_loss=False),
            {2: (5000, "tsumo_dealer"), 1: (3000, "tsumo_non_dealer")},
            8000,
        ),
        (
            27,
            T3.with_options(tsumo_loss=False),
            {1: (6000, "tsumo_non_dealer"), 2: (6000, "tsumo_non_dealer")},
            12000,
        ),
    ],
)
def test_tsumo_payments(seat: int, rules: Any, payments: dict[int, Any], points: int) -> None:
    s = score(Hand.parse(MANGAN + " tsumo 5s"), sit(seat_wind=seat, riichi=True, dora="9m"), rules)
    assert s.limit == "mangan"
    assert {p.payer: (p.amount, p.reason) for p in s.payments} == payments
    assert s.points == points
    assert s.deltas is not None and s.deltas[3] == 0 and sum(s.deltas) == 0


def test_north_split_rounds_each_half_up() -> None:
    # menzen tsumo alone, 1 han 30 fu (20 + 2 tsumo + 2 tanki): 240 basic, 500 / 300;
    # the north's 300 split: 150 each, rounded up to 200
    s = score(
        Hand.parse("123p456p789s234s5s tsumo 5s"),
        sit(riichi=False),
        T3.with_options(tsumo_loss=False),
    ).payments
    assert sorted(p.amount for p in s) == [300 + 200, 500 + 200]


def test_honba_as_tenhou_counts_it() -> None:
    # riichi alone, 1 han 40 fu: 1300 on a ron; riichi and tsumo, 2 han 40 fu: 1300 / 700
    ron = score(Hand.parse(MANGAN + " ron 5s"), sit(riichi=True, honba=2, discarder=1), T3)
    assert [(p.amount, p.honba) for p in ron.payments] == [(1300, 400)]
    tsumo = score(Hand.parse(MANGAN + " tsumo 5s"), sit(riichi=True, honba=2), T3)
    assert sorted((p.amount, p.honba) for p in tsumo.payments) == [(700, 200), (1300, 200)]
    assert tsumo.deltas == (2000 + 400, -900, -1500, 0)


# ---- notation, records, CLI -------------------------------------------------------------------


def test_kita_round_trip_in_the_notation() -> None:
    h = Hand.parse("111m456p789p234s5s kita 44z ron 5s")
    assert h.kita == 2
    assert h.format() == "111m456789p2345s kita 4z kita 4z ron 5s"
    assert Hand.parse(h.format()) == h
    with pytest.raises(InvalidHand, match="5 copies of 4z"):
        Hand.parse("444z456p789p234s5s kita 44z ron 5s")
    # the same hand read without the notation's check (as the command line reads it)
    unchecked = Hand.parse("444z456p789p23s55s kita 44z ron 1s", validate=False)
    with pytest.raises(InvalidHand, match="5 copies of 4z, the kita"):
        score(unchecked, sit(riichi=True), T3)


def test_records_with_kita_melds() -> None:
    rec = {
        "ruleset": {"players": 3, "aka": True, "kuitan": True},
        "closed_tiles": "111m456p789p234s55s",
        "win_tile": "5s",
        "tsumo": True,
        "seat_wind": "S",
        "winner": 1,
        "from_who": 1,
        "flags": {"riichi": True},
        "dora_indicators": ["9m"],
        "melds": [
            {"type": "kita", "tiles": "4z", "called_tile": None, "from_rel": 0},
            {"type": "kita", "tiles": "4z", "called_tile": None, "from_rel": 0},
        ],
    }
    hand, _sit, rules = read_record(rec)
    assert (hand.kita, rules.name) == (2, "tenhou3")
    res = score_record(rec)
    assert res["error"] is None
    assert {"id": "kita", "han": 2} in res["yaku"]
    assert len(res["deltas"]) == 3 and sum(res["deltas"]) == 0
    bad = score_record({**rec, "melds": [{"type": "kita", "tiles": "3z"}]})
    assert bad["error"]["type"] == "InvalidHand" and "4z" in bad["error"]["message"]


def test_cli_explains_the_kita() -> None:
    out = subprocess.run(
        [
            *(sys.executable, "-m", "tenpai.cli", "score", MANGAN + " tsumo 5s"),
            *("--rules", "tenhou3", "--kita", "2", "--seat", "S", "--riichi"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert "Kita (north set aside: one han of dora each, not a yaku)  2 han" in out.stdout
    assert "Tsumo loss: the missing north's share (2 000) is not paid" in out.stdout


def test_a_win_on_the_kita_replacement_tile_is_rinshan() -> None:
    # Tenhou awards rinshan kaihou for it (29 such wins in its logs, tests/test_sanma_logs.py)
    s = score(Hand.parse(MANGAN + " kita 4z tsumo 5s"), sit(rinshan=True), T3)
    assert "rinshan" in [y.id for y in s.yaku]
    with pytest.raises(InvalidSituation, match="rinshan"):
        score(Hand.parse(MANGAN + " tsumo 5s"), sit(rinshan=True), T3)


# ---- card, calculator, web ----------------------------------------------------------------


def test_the_sanma_card() -> None:
    from tenpai.render.documents import card_document
    from tenpai.render.md import render_md

    md = render_md(card_document(rules=T3, lang="en"))
    assert "three players (sanma), tsumo loss" in md
    assert "Non-dealer tsumo**: on top what the other non-dealer pays" in md
    assert "Kita: each north set aside is worth 1 han of dora" in md
    assert "a 1m indicator makes 9m the dora" in md
    assert "Sanshoku doujun" not in md  # no sequence of characters at three players
    # tsumo loss: each payer pays as at four players (mangan 2 000 / 4 000)
    assert "**Mangan 2 000 dealer: 4 000**" in md
    split = render_md(card_document(rules=T3.with_options(tsumo_loss=False), lang="en"))
    # the north's 2 000 of a mangan split: 1 000 more from each payer
    assert "**Mangan 3 000 dealer: 5 000**" in split
    assert "missing north's share is split" in split
    four = render_md(card_document(rules=find_rules("tenhou"), lang="en"))
    assert "Kita" not in four and "Sanshoku doujun" in four


def test_the_calculator_keeps_and_adds_kita() -> None:
    from tenpai.calculator import calculate, edit, read_query

    q = read_query({"hand": MANGAN + " kita 4z tsumo 5s", "rules": "tenhou3", "seat": "S"})
    q = edit(q, add="4z", to="kita")
    assert q.hand.count("kita 4z") == 2
    q = edit(q, drop="w")  # dropping the winning tile keeps the kita
    assert q.hand.count("kita 4z") == 2
    q = edit(edit(q, drop="k"), add="5s", to="tsumo")
    assert q.hand.count("kita 4z") == 1
    calc = calculate(q, "en")
    assert any(line.id == "kita" and line.value == "1" for line in calc.lines)
    with pytest.raises(InvalidHand, match="north"):
        edit(q, add="3z", to="kita")


def test_the_web_calculator_offers_three_players(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tenpai.web import create_app

    client = TestClient(
        create_app(store_path=tmp_path / "p.sqlite3"), headers={"accept-language": "en"}
    )
    page = client.get("/", params={"hand": MANGAN + " kita 4z tsumo 5s", "seat": "S"}).text
    assert '<option value="tenhou3">' in page and '<option value="majsoul3">' in page
    assert 'value="kita"' in page
    r = client.get(
        "/", params={"hand": MANGAN + " kita 4z tsumo 5s", "seat": "S", "rules": "tenhou3"}
    )
    assert "Kita (north set aside: one han of dora each, not a yaku)" in r.text
    bad = client.get("/", params={"hand": "234m456p789p234s5s ron 5s", "rules": "tenhou3"})
    assert "not in the three-player set" in bad.text


def test_the_web_drill_and_card_follow_a_three_player_choice(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tenpai.web import create_app

    client = TestClient(
        create_app(store_path=tmp_path / "p.sqlite3"), headers={"accept-language": "en"}
    )
    r = client.post("/rules", data={"preset": "tenhou3"})
    assert r.status_code == 200 and 'id="saved"' in r.text
    assert "riichi2:tenhou3:" in client.get("/train").text
    assert "Kita: each north set aside" in client.get("/card").text


def test_kita_are_drawn_beside_the_melds() -> None:
    from tenpai.render.svg import hand_svg

    drawn = hand_svg(Hand.parse("111m456p789p234s5s kita 44z ron 5s"))
    assert drawn.count("<svg") == 3  # the concealed tiles, the two kita, the winning tile
    assert (
        drawn.count("<svg") == hand_svg(Hand.parse("111m456p789p234s5s ron 5s")).count("<svg") + 1
    )


def test_nagashi_mangan_at_three_seats() -> None:
    # a mangan paid as a tsumo, with tsumo loss: 4000 from the dealer, 2000 from the other
    rec = {"rules": "tenhou3", "seat_wind": "S", "flags": {"nagashi_mangan": True}}
    res = score_record(rec)
    assert res["error"] is None
    assert res["deltas"] == [6000, -2000, -4000]
    assert res["payments"] == {"dealer": 4000, "non_dealer": 2000}
    split = score_record({**rec, "rules": {"preset": "tenhou3", "tsumo_loss": False}})
    assert split["deltas"] == [8000, -3000, -5000]
