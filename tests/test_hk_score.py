"""Hong Kong scoring: the worked examples of spec §8, arrangement choice, minimum, situations."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from tenpai.errors import InvalidSituation, NotAWinningHand, NoYaku
from tenpai.hand import Hand
from tenpai.hk import HKRules, HKSituation, false_win_penalty, find_rules
from tenpai.hk.score import score as score_hk

SEED = HKRules()

# (name, (hand, situation), rule changes, fan, raw fan, items, payments E S W N)
# Spec §8: cap 10, minimum 3, half-spicy, full responsibility, base 0.5 (so D = M, P = M/2).
EX1 = ("234m567m345p45s99s tsumo 6s", {"seat": "S"})
EX2 = ("333m55m111z55z pon 111m ron 5m", {"seat": "E", "discarder": "N", "flowers": "s3"})
EX3 = ("222p88p55z pon 777z pon 666z tsumo 8p", {"seat": "W", "flowers": "f3"})
EX4 = ("19m19p19s1234567z ron 5z", {"seat": "N", "discarder": "S"})
EX6 = (
    "456p789p45p22z chi 123p ron 3p",
    {"seat": "W", "round_wind": "S", "discarder": "E", "flowers": "s1 s2 s3 s4 f3"},
)
EX7 = ("9s pon 222s:right pon 444s:across chi 567s pon 888s:left tsumo 9s", {"seat": "N"})
EX8 = (
    "123m789m45p99s pon 777z ron 6p",
    {"seat": "W", "discarder": "S", "robbing_kong": True},
)

ITEMS1 = {"all_chows": 1, "concealed_hand": 1, "self_drawn": 1, "no_flowers": 1}
ITEMS2 = {"all_pungs": 3, "half_flush": 3, "seat_wind_pung": 1, "round_wind_pung": 1}
ITEMS3 = {
    "little_three_dragons": 5,
    "half_flush": 3,
    "all_pungs": 3,
    "self_drawn": 1,
    "seat_flower": 1,
}
ITEMS6 = {"all_chows": 1, "half_flush": 3, "flower_set": 2, "seat_flower": 1}
ITEMS7 = {"full_flush": 7, "self_drawn": 1, "no_flowers": 1}
ITEMS8 = {"robbing_kong": 1, "dragon_pung": 1, "no_flowers": 1}

WORKED: list[tuple[str, tuple[str, dict[str, Any]], dict[str, Any], int, int, Any, Any]] = [
    ("ex1 self-drawn chows", EX1, {}, 4, 4, ITEMS1, (-8, 24, -8, -8)),
    ("ex2 double East", EX2, {}, 8, 8, ITEMS2, (64, 0, 0, -64)),
    ("ex2 half", EX2, {"responsibility": "half"}, 8, 8, ITEMS2, (64, -16, -16, -32)),
    (
        "ex2 half spicy",
        EX2,
        {"responsibility": "half", "spiciness": "spicy"},
        8,
        8,
        ITEMS2,
        (256, -64, -64, -128),
    ),
    ("ex3 the cap", EX3, {}, 10, 13, ITEMS3, (-64, -64, 192, -64)),
    ("ex3 cap 13", EX3, {"cap": 13}, 13, 13, ITEMS3, (-192, -192, 576, -192)),
    ("ex3 cap 8", EX3, {"cap": 8}, 8, 13, ITEMS3, (-32, -32, 96, -32)),
    ("ex4 limit hand", EX4, {}, 10, 10, {"thirteen_orphans": 10}, (0, -128, 0, 128)),
    (
        "ex4 half",
        EX4,
        {"responsibility": "half"},
        10,
        10,
        {"thirteen_orphans": 10},
        (-32, -64, -32, 128),
    ),
    ("ex4 cap 13", EX4, {"cap": 13}, 13, 13, {"thirteen_orphans": 13}, (0, -384, 0, 384)),
    ("ex6 flowers", EX6, {}, 7, 7, ITEMS6, (-48, 0, 48, 0)),
    ("ex6 half", EX6, {"responsibility": "half"}, 7, 7, ITEMS6, (-24, -12, 48, -12)),
    ("ex6 one-two dollars", EX6, {"base_points": 2}, 7, 7, ITEMS6, (-192, 0, 192, 0)),
    ("ex7 twelve tiles", EX7, {}, 9, 9, ITEMS7, (0, 0, -144, 144)),
    ("ex7 without pao", EX7, {"pao_12_tiles": False}, 9, 9, ITEMS7, (-48, -48, -48, 144)),
    ("ex8 robbing the kong", EX8, {}, 3, 3, ITEMS8, (0, -12, 12, 0)),
    (
        "ex8 as discard",
        EX8,
        {"robbing_kong_settlement": "as_discard"},
        3,
        3,
        ITEMS8,
        (0, -8, 8, 0),
    ),
]


def _items(score: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for h in score.items:
        out[h.id] = out.get(h.id, 0) + h.fan
    return out


@pytest.mark.parametrize("example", WORKED, ids=[w[0] for w in WORKED])
def test_worked_example(example: tuple[Any, ...]) -> None:
    _, (text, situation), changes, fan, raw, items, payments = example
    rules = replace(SEED, **changes)
    s = score_hk(Hand.parse(text), HKSituation.of(**situation), rules)
    got = (s.fan, s.raw_fan, _items(s), s.payments)
    assert got == (fan, raw, items, payments), f"{text}: {s.arrangement}"
    assert sum(s.payments) == 0


def test_ex5_below_minimum_is_a_clear_no_yaku() -> None:
    hand = Hand.parse("456m789p234s5s chi 123m ron 5s")
    sit = HKSituation.of(seat="S", discarder="E", flowers="f4")
    with pytest.raises(NoYaku, match=r"^1 fan, the minimum is 3: All chows \(1 fan\)$"):
        score_hk(hand, sit)
    s = score_hk(hand, sit, enforce_minimum=False)
    assert (s.legal, s.raw_fan, s.payments) == (False, 1, (0, 0, 0, 0))


def test_ex5_false_win_penalty() -> None:
    assert false_win_penalty(1, SEED).payments == (192, -576, 192, 192)
    share = replace(SEED, false_win_penalty="share")
    assert false_win_penalty(1, share).payments == (64, -192, 64, 64)
    t = false_win_penalty(1, SEED).transfers
    assert {(x.payer, x.payee, x.amount, x.reason) for x in t} == {
        (1, 0, 192, "false_win"),
        (1, 2, 192, "false_win"),
        (1, 3, 192, "false_win"),
    }


def test_ex9_eight_flowers() -> None:
    sit = HKSituation.of(seat="E", flower_win=True, flowers="f1 f2 f3 f4 s1 s2 s3 s4")
    s = score_hk(Hand(()), sit)
    assert (s.fan, s.limit, s.payments) == (10, "eight_flowers", (192, -64, -64, -64))
    eight = score_hk(Hand(()), sit, replace(SEED, eight_flowers=8))
    assert (eight.fan, eight.limit, eight.payments) == (8, None, (96, -32, -32, -32))


def test_seven_rob_one_is_paid_by_the_robbed_player() -> None:
    sit = HKSituation.of(
        seat="S", flowers="f1 f2 f3 f4 s1 s2 s3 s4", robbed_flower_from="W", flower_win=True
    )
    s = score_hk(Hand(()), sit)
    assert (s.limit, s.payments) == ("seven_rob_one", (0, 128, -128, 0))


def test_seven_bonus_tiles_win_only_with_the_option() -> None:
    sit = HKSituation.of(seat="S", flower_win=True, flowers="f1 f2 f4 s1 s2 s3 s4")
    with pytest.raises(NotAWinningHand, match="holds 7"):
        score_hk(Hand(()), sit)
    s = score_hk(Hand(()), sit, replace(SEED, seven_flowers=3))
    assert [(h.id, h.fan) for h in s.items] == [("seven_flowers", 3)]


def test_below_minimum_when_flower_fan_do_not_count() -> None:
    hand = Hand.parse("23m456m55s pon 777z pon 111z ron 1m")
    sit = HKSituation.of(seat="W", discarder="S", flowers="f3 s3")
    mz = find_rules("mummyz")
    with pytest.raises(NoYaku, match=r"^2 fan toward the minimum \(4 with the flower fan"):
        score_hk(hand, sit, mz)
    assert score_hk(hand, sit).fan == 4  # the seed counts flowers toward the minimum


# ---- arrangement choice (spec §2) -------------------------------------------------------------


def test_best_arrangement_reads_pungs_over_chows() -> None:
    s = score_hk(
        Hand.parse("33444555m99m pon 222m ron 3m"),
        HKSituation.of(seat="S", discarder="E"),
        replace(SEED, cap=13),
    )
    assert (s.fan, _items(s)) == (11, {"all_pungs": 3, "full_flush": 7, "no_flowers": 1})
    assert s.arrangement == "333m 444m 555m [222m] 99m"


def test_best_arrangement_reads_chows_when_they_pay_more() -> None:
    s = score_hk(Hand.parse("111222333m456p7s ron 7s"), HKSituation.of(seat="S", discarder="E"))
    assert _items(s) == {"no_flowers": 1, "concealed_hand": 1, "all_chows": 1}


def test_four_concealed_pungs_needs_the_pair_wait_on_a_discard() -> None:
    sit = HKSituation.of(seat="S", discarder="E")
    pair_wait = score_hk(Hand.parse("111m333m555p777s9s ron 9s"), sit)
    assert pair_wait.limit == "four_concealed_pungs"
    pung_wait = score_hk(Hand.parse("111m333m555p77s99s ron 7s"), sit)
    assert pung_wait.limit is None
    assert _items(pung_wait) == {"all_pungs": 3, "concealed_hand": 1, "no_flowers": 1}
    anyway = score_hk(
        Hand.parse("111m333m555p77s99s ron 7s"),
        sit,
        replace(SEED, four_concealed_pungs_rule="any"),
    )
    assert anyway.limit == "four_concealed_pungs"


def test_nine_gates_any_wait_and_true_wait() -> None:
    sit = HKSituation.of(seat="S", discarder="E")
    assert score_hk(Hand.parse("1112345678999m ron 5m"), sit).limit == "nine_gates"
    assert score_hk(Hand.parse("1112345678999m ron 5m"), sit).fan == 10
    hand = Hand.parse("1113345678999m ron 2m")  # 11123345678999: nine gates, not the true wait
    assert score_hk(hand, sit).limit == "nine_gates"
    true_wait = replace(SEED, nine_gates_true_wait=True)
    assert score_hk(hand, sit, true_wait).limit is None


def test_a_limit_hand_takes_no_other_item_but_they_can_be_seen() -> None:
    s = score_hk(Hand.parse("111z222z333z444z5s ron 5s"), HKSituation.of(seat="S", discarder="E"))
    assert (s.limit, s.fan, [(h.id, h.fan) for h in s.items]) == (
        "four_concealed_pungs",
        10,
        [("four_concealed_pungs", 10)],
    )
    assert {(e.hit.id, e.by) for e in s.excluded} == {
        ("big_four_winds", "four_concealed_pungs"),
        ("no_flowers", "four_concealed_pungs"),
        ("concealed_hand", "four_concealed_pungs"),
        ("all_pungs", "four_concealed_pungs"),
        ("half_flush", "four_concealed_pungs"),
        ("round_wind_pung", "four_concealed_pungs"),
        ("seat_wind_pung", "four_concealed_pungs"),
    }


def test_limit_hands_stack_when_asked() -> None:
    hand = Hand.parse("111z222z333z444z5z ron 5z")
    sit = HKSituation.of(seat="S", discarder="E")
    one = score_hk(hand, sit, replace(SEED, cap=None))
    assert (one.fan, len(one.items)) == (13, 1)
    many = score_hk(hand, sit, replace(SEED, cap=None, limit_hands_stack=True))
    assert {h.id for h in many.items} == {"big_four_winds", "all_honours", "four_concealed_pungs"}
    assert many.fan == 39


def test_priced_limit_hands_stack_with_items() -> None:
    rules = replace(SEED, cap=None, limit_overrides=(("all_honours", 10),))
    hand = Hand.parse("555z666z77z11z pon 222z ron 1z")
    s = score_hk(hand, HKSituation.of(seat="S", discarder="E"), rules)
    assert _items(s) == {
        "all_honours": 10,
        "no_flowers": 1,
        "little_three_dragons": 5,
        "round_wind_pung": 1,
        "seat_wind_pung": 1,
    }
    assert {(e.hit.id, e.by) for e in s.excluded} == {
        ("all_pungs", "all_honours"),
        ("dragon_pung", "little_three_dragons"),
    }


def test_family_exclusions_are_recorded() -> None:
    s = score_hk(Hand.parse(EX3[0]), HKSituation.of(**EX3[1]))
    assert sorted((e.hit.id, e.by) for e in s.excluded) == [
        ("dragon_pung", "little_three_dragons"),
        ("dragon_pung", "little_three_dragons"),
    ]


# ---- options that change items ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "sit", "changes", "has", "lacks"),
    [
        (
            "678m333z44z11z ankan 1111m tsumo 4z",
            {"seat": "E", "kong_replacement": True},
            {},
            {"concealed_hand", "kong_replacement", "self_drawn"},
            set(),
        ),
        (
            "678m333z44z11z ankan 1111m tsumo 4z",
            {"seat": "E", "kong_replacement": True},
            {"concealed_kong_breaks_concealed": True},
            {"kong_replacement"},
            {"concealed_hand"},
        ),
        (
            "234m567m345p45s99s tsumo 6s",
            {"seat": "S"},
            {"concealed_hand_discard_only": True},
            {"self_drawn"},
            {"concealed_hand"},
        ),
        (
            "234m567m345p45s99s tsumo 6s",
            {"seat": "S"},
            {"concealed_hand_void_with_flowers": True},
            {"self_drawn"},
            {"concealed_hand"},
        ),
        (
            "234m567m345p456s1z ron 1z",
            {"seat": "S", "discarder": "E"},
            {"all_chows_suited_pair": True, "min_fan": 0},
            {"concealed_hand"},
            {"all_chows"},
        ),
        (
            "234m567m345p45s99s ron 6s",
            {"seat": "S", "discarder": "E", "last_tile": True},
            {},
            {"last_tile"},
            set(),
        ),
        (
            "234m567m345p45s99s ron 6s",
            {"seat": "S", "discarder": "E", "last_tile": True},
            {"last_discard_counts": False},
            set(),
            {"last_tile"},
        ),
        (
            "234m567m345p45s99s tsumo 6s",
            {"seat": "S", "flower_replacement": True, "flowers": "f1"},
            {"flower_replacement_fan": 1},
            {"flower_replacement"},
            set(),
        ),
        (
            "12389m99s ankan 5555m ankan 8888s tsumo 7m",
            {"seat": "E", "double_kong_replacement": True},
            {},
            {"kong_replacement"},
            {"double_kong_replacement"},
        ),
        (
            "12389m99s ankan 5555m ankan 8888s tsumo 7m",
            {"seat": "E", "double_kong_replacement": True},
            {"double_kong_replacement": 8},
            {"double_kong_replacement"},
            {"kong_replacement"},
        ),
        (
            "1122334455667p ron 7p",
            {"seat": "S", "discarder": "E"},
            {"seven_pairs": 4},
            {"seven_pairs", "full_flush", "no_flowers"},
            {"concealed_hand", "all_chows", "all_pungs"},
        ),
        (
            "12345678s123p11z ron 9s",
            {"seat": "E", "discarder": "N", "flowers": "f1 s1"},
            {"flower_set_keeps_seat_flower": True},
            {"seat_flower"},
            {"no_flowers"},
        ),
    ],
)
def test_options_change_items(
    hand: str, sit: dict[str, Any], changes: dict[str, Any], has: set[str], lacks: set[str]
) -> None:
    s = score_hk(Hand.parse(hand), HKSituation.of(**sit), replace(SEED, **changes))
    ids = {h.id for h in s.items}
    assert has <= ids and not (lacks & ids), (ids, s.arrangement)


def test_seven_pairs_are_off_by_default_and_duplicates_need_the_option() -> None:
    sit = HKSituation.of(seat="S", discarder="E")
    with pytest.raises(NotAWinningHand):
        score_hk(Hand.parse("1122m3355p66s77z1z ron 1z"), sit)
    dup = Hand.parse("1111m3355p66s77z1z ron 1z")
    with pytest.raises(NotAWinningHand):
        score_hk(dup, sit, replace(SEED, seven_pairs=4))
    s = score_hk(dup, sit, replace(SEED, seven_pairs=4, seven_pairs_allow_duplicates=True))
    assert "seven_pairs" in {h.id for h in s.items}


def test_wind_pungs_can_be_switched_off() -> None:
    s = score_hk(
        Hand.parse(EX2[0]), HKSituation.of(**EX2[1]), replace(SEED, wind_pungs_score=False)
    )
    assert _items(s) == {"all_pungs": 3, "half_flush": 3}


def test_big_three_dragons_as_a_limit() -> None:
    hand = Hand.parse("123m5m pon 555z pon 666z pon 777z ron 5m")
    sit = HKSituation.of(seat="S", discarder="E")
    assert _items(score_hk(hand, sit)) == {"big_three_dragons": 8, "half_flush": 3, "no_flowers": 1}
    limit = score_hk(hand, sit, replace(SEED, big_three_dragons="limit"))
    assert (limit.limit, limit.fan) == ("big_three_dragons", 10)


# ---- liability (包) ----------------------------------------------------------------------------


def test_big_three_dragons_fed_makes_the_feeder_pay_a_self_draw() -> None:
    hand = Hand.parse("123m5m pon 555z:left pon 666z:across kan 7777z:right tsumo 5m")
    s = score_hk(hand, HKSituation.of(seat="S", kong_replacement=True))
    assert s.liable == 2  # the kong of red came from the right of South: West
    assert s.payments == (0, 192, -192, 0)
    off = score_hk(
        hand,
        HKSituation.of(seat="S", kong_replacement=True),
        replace(SEED, pao_big_hands=False, pao_12_tiles=False),
    )
    assert off.liable is None and off.payments == (-64, 192, -64, -64)


def test_liability_scope_any_win() -> None:
    sit = HKSituation.of(seat="N", discarder="E")
    hand = Hand.parse("9s pon 222s:right pon 444s:across chi 567s pon 888s:left ron 9s")
    assert score_hk(hand, sit).payments == (-64, 0, 0, 64)
    s = score_hk(hand, sit, replace(SEED, pao_scope="any_win"))
    assert (s.liable, s.payments) == (2, (0, 0, -64, 64))


def test_half_responsibility_nine_tiles_liability() -> None:
    hand = Hand.parse("123p9s pon 222s:right pon 444s:across chi 567s ron 9s")
    sit = HKSituation.of(seat="N", discarder="E")
    half = replace(SEED, responsibility="half", min_fan=0)
    assert score_hk(hand, sit, half).payments == (-1, Fraction(-1, 2), Fraction(-1, 2), 2)
    s = score_hk(hand, sit, replace(half, pao_half_9_tiles=True))
    assert (s.liable, s.payments) == (0, (-2, 0, 0, 2))


def test_unknown_meld_sources_turn_automatic_liability_off() -> None:
    sit = replace(HKSituation.of(seat="N"), meld_sources_known=False)
    s = score_hk(Hand.parse(EX7[0]), sit)
    assert s.liable is None and s.payments == (-48, -48, -48, 144)


def test_dealer_multiplier_doubles_payments_to_and_from_east() -> None:
    r = replace(SEED, dealer_multiplier=2)
    s = score_hk(Hand.parse(EX1[0]), HKSituation.of(**EX1[1]), r)
    assert s.payments == (-16, 32, -8, -8)


# ---- situations that contradict themselves ----------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "sit", "message"),
    [
        ("234m567m345p45s99s ron 6s", {"seat": "S"}, "needs the discarder"),
        ("234m567m345p45s99s tsumo 6s", {"seat": "S", "discarder": "E"}, "has no discarder"),
        ("234m567m345p45s99s tsumo 6s", {"seat": "S", "robbing_kong": True}, "not a self-draw"),
        ("234m567m345p45s99s tsumo 6s", {"seat": "S", "kong_replacement": True}, "needs a kong"),
        ("234m567m345p45s99s tsumo 6s", {"seat": "S", "heavenly": True}, "dealer"),
        ("234m567m345p45s99s ron 6s", {"seat": "S", "discarder": "W", "earthly": True}, "first"),
        ("234m567m345p45s99s ron 6s", {"seat": "S", "discarder": "S"}, "winner"),
    ],
)
def test_inconsistent_situations(hand: str, sit: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidSituation, match=message):
        score_hk(Hand.parse(hand), HKSituation.of(**sit))


def test_flowers_need_flowers_in_play() -> None:
    with pytest.raises(InvalidSituation, match="flowers_in_play"):
        score_hk(
            Hand.parse(EX1[0]),
            HKSituation.of(seat="S", flowers="f2"),
            replace(SEED, flowers_in_play=False),
        )


def test_not_a_complete_hand() -> None:
    with pytest.raises(NotAWinningHand, match="not a complete hand"):
        score_hk(Hand.parse("234m567m345p45s19s ron 6s"), HKSituation.of(seat="S", discarder="E"))


def test_heavenly_earthly_human() -> None:
    hand = "111p444p234m111s6p tsumo 6p"
    s = score_hk(Hand.parse(hand), HKSituation.of(seat="E", heavenly=True))
    assert s.limit == "heavenly_hand"
    ron = "111p444p234m111s6p ron 6p"
    s = score_hk(Hand.parse(ron), HKSituation.of(seat="S", discarder="E", earthly=True))
    assert s.limit == "earthly_hand"
    s = score_hk(Hand.parse(ron), HKSituation.of(seat="S", discarder="W", human=True))
    assert s.limit == "human_hand"
    first = replace(SEED, earthly_definition="first_self_draw")
    s = score_hk(Hand.parse(hand), HKSituation.of(seat="S", earthly=True), first)
    assert s.limit == "earthly_hand"
