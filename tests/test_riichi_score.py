"""Riichi scoring: worked examples (the card's tables), presets, limits, errors."""

from __future__ import annotations

import pytest

from tenpai.errors import InvalidSituation, NotAWinningHand, NoYaku
from tenpai.hand import Hand
from tenpai.riichi import Situation, find_rules
from tenpai.riichi.rules import PRESETS, load_rules
from tenpai.riichi.score import score
from tenpai.tiles import parse_tiles

E, S, W, N = 27, 28, 29, 30


def sc(text: str, rules: str = "bareme", **kw: object) -> object:
    kw.setdefault("seat_wind", S)
    if "dora" in kw:
        kw["dora_indicators"] = parse_tiles(str(kw.pop("dora")))
    return score(Hand.parse(text), Situation(**kw), rules)  # type: ignore[arg-type]


# (hand, situation, han, fu, points, yaku ids) — from the card's tables, checked with `mahjong`
VECTORS = [
    ("234m678p45667s88s ron 5s", {"riichi": True}, 3, 30, 3900, {"riichi", "pinfu", "tanyao"}),
    ("999m234p45667s77z ron 5s", {"riichi": True}, 1, 50, 1600, {"riichi"}),
    ("111m444p77s88s234s tsumo 7s", {}, 3, 40, 5200, {"menzen_tsumo", "sanankou"}),
    ("111m444p77s88s234s ron 7s", {"riichi": True}, 1, 50, 1600, {"riichi"}),
    ("22m44m33p77p55z66z7z ron 7z", {}, 2, 25, 1600, {"chiitoitsu"}),
    ("111s456p78m234s11z ron 9m", {"seat_wind": E, "riichi": True}, 1, 50, 2400, {"riichi"}),
    (
        "234m678p45667s88s ron 5s",
        {"riichi": True, "dora": "1m"},
        4,
        30,
        7700,
        {"riichi", "pinfu", "tanyao"},
    ),
    (
        "234m678p45667s88s tsumo 5s",
        {"seat_wind": E, "riichi": True},
        4,
        20,
        7800,
        {"riichi", "menzen_tsumo", "pinfu", "tanyao"},
    ),
    ("234m678p45s88s chi 567s ron 3s", {}, 1, 30, 1000, {"tanyao"}),
    ("234m678p45s88s chi 567s tsumo 3s", {}, 1, 30, 1100, {"tanyao"}),
    ("123m456p789s234s1z ron 1z", {"seat_wind": E, "riichi": True}, 1, 40, 2000, {"riichi"}),
]


@pytest.mark.parametrize(("text", "sit", "han", "fu", "points", "yaku"), VECTORS)
def test_spec_vectors(
    text: str, sit: dict[str, object], han: int, fu: int, points: int, yaku: set[str]
) -> None:
    s = sc(text, **sit)
    assert (s.han, s.fu, s.points) == (han, fu, points)  # type: ignore[attr-defined]
    assert {y.id for y in s.yaku} == yaku  # type: ignore[attr-defined]


def test_tsumo_payments_split_by_payer() -> None:
    s = sc("111m444p77s88s234s tsumo 7s")
    assert dict(s.base_payments) == {"dealer": 2600, "non_dealer": 1300}  # type: ignore[attr-defined]
    s = sc("234m678p45667s88s tsumo 5s", seat_wind=E, riichi=True)
    assert dict(s.base_payments) == {"non_dealer": 2600}  # type: ignore[attr-defined]


def test_honba_and_sticks() -> None:
    s = sc("234m678p45667s88s ron 5s", riichi=True, honba=2, riichi_sticks=1, discarder=2)
    assert s.deltas == (5500, 0, -4500, 0)  # type: ignore[attr-defined]


def test_highest_reading_is_chosen() -> None:
    # the kanchan reading (2 han 40 fu, 2600) loses to the ryanmen one (3 han 30 fu, 3900)
    s = sc("234m678p45667s88s ron 5s", riichi=True)
    assert s.reading.wait == "ryanmen"  # type: ignore[attr-defined]
    # a kanchan reading wins when it adds fu: 42 -> 50 fu
    s = sc("999m234p45667s77z ron 5s", riichi=True)
    assert s.reading.wait == "kanchan"  # type: ignore[attr-defined]


DAISANGEN = "123m5p pon 555z:left pon 666z:across pon 777z:right"


def test_pao_daisangen_ron_split() -> None:
    # EMA §3.3.6 (ron: shared): B (left) deals in, C (right) fed the third dragon, 1 honba
    s = sc(DAISANGEN + " ron 5p", honba=1, discarder=3, pao=1)
    pays = {p.payer: (p.amount, p.honba) for p in s.payments}  # type: ignore[attr-defined]
    assert pays == {3: (16000, 300), 1: (16000, 0)}


def test_pao_daisangen_tsumo() -> None:
    # EMA §3.3.6 (tsumo): the liable player pays everything, honba included
    s = sc(DAISANGEN + " tsumo 5p", honba=1, pao=1)
    pays = {p.payer: (p.amount, p.honba) for p in s.payments}  # type: ignore[attr-defined]
    assert pays == {1: (32000, 300)}


def test_presets_differ_where_the_spec_says() -> None:
    hand = "234m678p45667s88s ron 5s"
    # kiriage: 4 han 30 fu is mangan under WRC and M-League
    assert sc(hand, riichi=True, dora="1m").points == 7700  # type: ignore[attr-defined]
    for rules in ("wrc", "mleague"):
        assert sc(hand, rules, riichi=True, dora="1m").points == 8000  # type: ignore[attr-defined]
    # double wind pair: 4 fu on the card, 2 fu under WRC
    dw = "111s456p78m234s11z ron 9m"
    assert sc(dw, seat_wind=E, riichi=True).points == 2400  # type: ignore[attr-defined]
    assert sc(dw, "wrc", seat_wind=E, riichi=True).points == 2000  # type: ignore[attr-defined]
    # kuitan: no open tanyao under EMA 2012
    with pytest.raises(NoYaku):
        sc("234m678p45s88s chi 567s ron 3s", "ema2012")
    # kazoe: 13 han is a counted yakuman on the card, sanbaiman under EMA and WRC
    big = "2233445566778p ron 8p"
    kw = {"riichi": True, "dora": "1p"}
    s = sc(big, **kw)
    assert (s.limit, s.points) == ("kazoe_yakuman", 32000)  # type: ignore[attr-defined]
    assert sc(big, "ema", **kw).limit == "sanbaiman"  # type: ignore[attr-defined]
    # renhou: off on the card and Tenhou, a yakuman in EMA 2012, a mangan in EMA 2016
    rh = "123m456p789s55m79m ron 8m"
    assert [y.id for y in sc(rh, "ema2012", renhou=True).yakuman] == ["renhou"]  # type: ignore[attr-defined]
    assert sc(rh, "ema", renhou=True).limit == "mangan"  # type: ignore[attr-defined]
    assert sc(rh, "wrc", renhou=True).han == 5  # type: ignore[attr-defined]


def test_renhou_off_gives_no_yaku_on_a_plain_hand() -> None:
    with pytest.raises(NoYaku):
        sc("123m456p789s55m79m ron 8m", renhou=True)


def test_yakuman_stacking_and_doubles() -> None:
    # daisuushii + tsuuiisou: stacked (card) = 2, not stacked (EMA 2016) = 1
    hand = "111z222z333z44z55z ron 4z"
    s = sc(hand, seat_wind=S)
    assert sorted(y.id for y in s.yakuman) == ["daisuushii", "tsuuiisou"]  # type: ignore[attr-defined]
    assert s.points == 64000  # type: ignore[attr-defined]
    s = sc(hand, "ema", seat_wind=S)
    assert s.points == 32000  # type: ignore[attr-defined]
    # daisuushii is a double yakuman in EMA 2012 (not stacking with tsuuiisou)
    s = sc(hand, "ema2012", seat_wind=S)
    assert s.points == 64000  # type: ignore[attr-defined]


def test_situation_contradictions_are_refused() -> None:
    with pytest.raises(InvalidSituation, match="flag 'ippatsu' needs riichi"):
        sc("234m678p45667s88s ron 5s", ippatsu=True)
    with pytest.raises(InvalidSituation, match="flag 'haitei' is a win by tsumo"):
        sc("234m678p45667s88s ron 5s", haitei=True, riichi=True)
    with pytest.raises(InvalidSituation, match="flag 'riichi' needs a closed hand"):
        sc("234m678p45s88s chi 567s ron 3s", riichi=True)


def test_not_a_winning_hand() -> None:
    with pytest.raises(NotAWinningHand):
        sc("123m456p789s1234z ron 5z")


def test_every_preset_loads_and_names_itself() -> None:
    for name in PRESETS:
        r = find_rules(name)
        assert r.name == name
        assert load_rules(name) == r
    assert find_rules("Tenhou.net") == find_rules("tenhou")


def test_toml_rules(tmp_path: object) -> None:
    from pathlib import Path

    p = Path(str(tmp_path)) / "club.toml"
    p.write_text('preset = "tenhou"\nkiriage = true\ndouble_wind_pair_fu = 2\n')
    r = load_rules(p)
    assert (r.kiriage, r.double_wind_pair_fu, r.kuitan) == (True, 2, True)
    p.write_text('preset = "tenhou"\nkiriage = "maybe"\n')
    with pytest.raises(Exception, match="kiriage"):
        load_rules(p)


def test_kokushi_may_rob_a_concealed_kan_by_option() -> None:
    kokushi = "19m19p19s1234567z ron 1m"
    s = sc(kokushi, chankan=True, chankan_ankan=True)  # the card: allowed
    assert [y.id for y in s.yakuman] == ["kokushi_13"]
    with pytest.raises(InvalidSituation, match="not allowed under 'tenhou'"):
        sc(kokushi, "tenhou", chankan=True, chankan_ankan=True)
    with pytest.raises(InvalidSituation, match="only thirteen orphans"):
        sc("234m678p45667s88s ron 5s", chankan=True, chankan_ankan=True)
    with pytest.raises(InvalidSituation, match="set chankan too"):
        sc(kokushi, chankan_ankan=True)


def test_bonus_tiles_are_refused_in_riichi() -> None:
    from tenpai.errors import InvalidHand

    with pytest.raises(InvalidHand, match="'f1' among the dora indicators"):
        sc("234m678p45667s88s ron 5s", dora="f1")
