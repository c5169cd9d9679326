"""Rules the rulebooks state, checked and shown: robbing a concealed kan, renhou as a limit,
a yakuman over a counted yakuman, liability from the melds' sources, red fives, local
variants named on the command line, and what the listings show. Each case is written in
hand notation; the expected value comes from the rule cited beside it."""

from __future__ import annotations

import json

import pytest

from tenpai.cli import main
from tenpai.hand import Hand
from tenpai.riichi import Situation
from tenpai.riichi.score import score
from tenpai.tiles import parse_tiles


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


# ---- robbing a concealed kan (EMA §3.3.7: thirteen orphans only, by option) ---------------


@pytest.mark.parametrize(
    ("hand", "rules", "words"),
    [
        # Tenhou rules do not let thirteen orphans rob a concealed kan
        ("19m19p19s1234567z ron 1m", "tenhou", "not allowed under 'tenhou'"),
        # no ruleset lets any other hand rob one
        ("123m456p789s2348s ron 8s", "bareme", "only thirteen orphans"),
    ],
)
def test_chankan_ankan_on_the_command_line_is_checked(
    capsys: pytest.CaptureFixture[str], hand: str, rules: str, words: str
) -> None:
    code, out, err = _cli(
        capsys, "score", hand, "--seat", "S", "--chankan", "--chankan-ankan", "--rules", rules
    )
    assert code == 2 and out == ""
    assert words in err


def test_chankan_ankan_by_thirteen_orphans_where_allowed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the default card lets kokushi rob a concealed kan: a non-dealer's yakuman, 32000
    code, out, _ = _cli(
        capsys, "score", "19m19p19s1234567z ron 1m", "--seat", "S", "--chankan", "--chankan-ankan"
    )
    assert code == 0 and "32 000" in out


# ---- renhou as a limit (Tenpai's renhou option: max(fixed limit, normal value)) ---------


def test_renhou_as_a_limit_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    # EMA: renhou is a mangan; a hand with no other yaku is still a non-dealer's 8000
    code, out, _ = _cli(
        capsys, "score", "123m456p789s2348s ron 8s", "--seat", "S", "--renhou", "--rules", "ema"
    )
    assert code == 0
    assert "Renhou  mangan floor" in out and "8 000" in out
    code, out, _ = _cli(
        capsys,
        *("score", "123m456p789s2348s ron 8s", "--seat", "S", "--renhou", "--rules", "ema"),
        "--json",
    )
    got = json.loads(out)
    assert [(y["id"], y["limit"]) for y in got["yaku"]] == [("renhou", "mangan")]
    assert got["points"] == 8000 and got["explanation"][0]["id"] == "renhou"


# ---- a yakuman wins over a counted yakuman of the same value (Tenpai's order) -------------


def test_suuankou_tanki_is_not_a_counted_yakuman() -> None:
    # riichi, ippatsu, tanyao, iipeikou, chinitsu and 3 dora are 13 han, but the four
    # concealed triplets waiting on the pair are suuankou tanki: the yakuman counts
    hand = Hand.parse("2225556667778s ron 8s")
    sit = Situation(seat_wind=28, riichi=True, ippatsu=True, dora_indicators=parse_tiles("6s"))
    s = score(hand, sit, "tenhou")
    assert [y.id for y in s.yakuman] == ["suuankou_tanki"]
    assert (s.han, s.fu, s.limit, s.points) == (None, None, "yakuman", 32000)


# ---- red fives: with one red five per suit, only three plain fives exist ------------------


def test_the_dealer_never_deals_more_plain_fives_than_the_set_holds() -> None:
    from tenpai.riichi.deal import deal

    # the hand the issue quotes: its 5555s kan holds the red five, worth 8000, not 5200
    d = deal(552)
    assert "0" in d.hand.format() and d.score.points == 8000
    for rules in ("bareme", "tenhou", "ema2012"):
        for seed in range(300):
            d = deal(seed, rules=rules)
            tiles = (*d.hand.all_tiles(), *d.situation.dora_indicators)
            tiles += d.situation.ura_indicators
            for s, most_red in enumerate(d.rules.max_red):
                assert tiles.count(4 + 9 * s) <= 4 - most_red, d.id


@pytest.mark.parametrize(
    ("hand", "dora", "rules", "words"),
    [
        (
            "44556888m77s kan 5555s:right ron 6m",
            "",
            "bareme",
            "4 plain fives 5s in '44556888m77s kan 5555s:right ron 6m', but 'bareme' plays "
            "with 1 red 0s: one of them is the red five 0s",
        ),
        # an indicator is a tile of the set too
        ("2345p5p345m678s11z ron 1z", "5p5p", "tenhou", "one of them is the red five 0p"),
    ],
)
def test_four_plain_fives_are_refused_under_red_fives(
    hand: str, dora: str, rules: str, words: str
) -> None:
    from tenpai.errors import InvalidHand

    sit = Situation(seat_wind=30, discarder=2, dora_indicators=parse_tiles(dora))
    with pytest.raises(InvalidHand, match="plain fives") as e:
        score(Hand.parse(hand), sit, rules)
    assert words in str(e.value)


def test_four_plain_fives_without_red_fives_are_fine() -> None:
    # WRC plays without red fives: 5555s is four plain fives, tanyao only (1300)
    s = score(Hand.parse("44556888m77s kan 5555s:right ron 6m"), Situation(seat_wind=30), "wrc")
    assert s.points == 1300


# ---- liability (pao) from the melds' sources (EMA Riichi Competition
# Rules §3.3.6, Big Three Dragons: the player who fed the third melded dragon set is liable)

DAISANGEN_OPEN = "3388p pon 666z:right pon 777z:left pon 555z:right"


@pytest.mark.parametrize(
    ("hand", "pao", "words"),
    [
        # two dragon triplets concealed: nobody fed the yakuman
        ("666777z3388p pon 555z:right ron 8p", "right", "Daisangen needs 3 called dragon sets"),
        # the player across fed no dragon
        (DAISANGEN_OPEN + " ron 8p", "across", "fed none of the called sets of Daisangen"),
        # four winds, three of them concealed
        ("111222333z5p pon 444z:left ron 5p", "left", "Daisuushii needs 4 called wind sets"),
        # no yakuman that makes anyone liable: --pao is an error, not ignored
        ("123m456p789s1122z ron 2z", "right", "liability applies only to Daisangen, Daisuushii"),
    ],
)
def test_pao_where_liability_does_not_apply_is_an_error(
    capsys: pytest.CaptureFixture[str], hand: str, pao: str, words: str
) -> None:
    code, out, err = _cli(capsys, "score", hand, "--seat", "S", "--from", "across", "--pao", pao)
    assert code == 2 and out == ""
    assert words in err


def test_pao_of_the_player_who_fed_a_dragon_splits_the_ron(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the discarder (across) and the liable player (right) share the 32000 of a non-dealer
    code, out, _ = _cli(
        capsys,
        "score",
        DAISANGEN_OPEN + " ron 8p",
        "--seat",
        "S",
        "--from",
        "across",
        "--pao",
        "right",
        "--json",
    )
    assert code == 0
    paid = [(p["from_rel"], p["amount"], p["reason"]) for p in json.loads(out)["paid_by"]]
    assert paid == [(2, 16000, "ron"), (1, 16000, "pao")]


def test_daisuushii_pao_from_the_feeder_of_a_wind() -> None:
    hand = Hand.parse("5p pon 111z:left pon 333z:left pon 444z:right pon 222z:across tsumo 5p")
    s = score(hand, Situation(seat_wind=28, pao=2))
    # the liable player pays the whole tsumo (EMA §3.3.6): a non-dealer's yakuman
    # (single on the default card), 8000 basic points x 4
    assert [(p.payer, p.amount, p.reason) for p in s.payments] == [(2, 32000, "pao")]


def test_pao_in_a_record_is_checked() -> None:
    import subprocess
    import sys

    rec = {
        "id": "concealed-dragons",
        "closed_tiles": "666777z3388p8p",
        "win_tile": "8p",
        "melds": [{"type": "pon", "tiles": "555z", "from_rel": 1}],
        "seat_wind": "S",
        "discarder_from_rel": 2,
        "pao_from_rel": 1,
    }
    r = subprocess.run(
        [sys.executable, "-m", "tenpai.cli", "score", "--jsonl", "-"],
        input=json.dumps(rec) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    out = json.loads(r.stdout)
    assert out["error"]["type"] == "InvalidSituation"
    assert "Daisangen needs 3 called dragon sets" in out["error"]["message"]


# ---- naming a local variant turns it on (local yaku, "Tanfonhou": hontanfon 3 han,
# chintanfon 6 han, 5 open) ----------------------------------------------------------------

NO_RED = "234234s888p4466s ron 6s"  # tanyao, iipeikou and only tiles without red


@pytest.mark.parametrize(
    ("local", "sets", "yaku", "points"),
    [
        ("chintanfon", (), ("chintanfon", 6), 16000),  # 8 han: baiman
        ("tanfonhou", (), ("tanfonhou", 3), 8000),  # 5 han: mangan
        ("chintanfon", ("--set", "tanfonhou.mode=unified"), ("tanfonhou", 3), 8000),
    ],
)
def test_naming_a_tanfonhou_variant_plays_it(
    capsys: pytest.CaptureFixture[str],
    local: str,
    sets: tuple[str, ...],
    yaku: tuple[str, int],
    points: int,
) -> None:
    code, out, _ = _cli(capsys, "score", NO_RED, "--seat", "S", "--local", local, *sets, "--json")
    got = json.loads(out)
    assert code == 0
    assert yaku in [(y["id"], y["han"]) for y in got["yaku"]] and got["points"] == points


def test_hontanfon_named_keeps_its_honours() -> None:
    from tenpai.riichi import find_rules

    rules = find_rules("bareme").with_options(local_yaku="hontanfon")
    s = score(Hand.parse("234234s888p4455z ron 5z"), Situation(seat_wind=28), rules)
    assert ("hontanfon", 3) in [(y.id, y.han) for y in s.yaku]


# ---- Hong Kong profiles as their sources score --------------------------------------------


def test_mummyz_scores_seven_flowers_as_a_three_fan_self_draw() -> None:
    from tenpai.hk import HKSituation
    from tenpai.hk import find_rules as find_hk_rules
    from tenpai.hk.score import score as score_hk

    # Mummyz corpus hk-bonus-09: seven bonus tiles win on the spot, "當三番自摸", 4 from each
    sit = HKSituation.of(seat="E", flower_win=True, flowers="f1 f2 f3 f4 s1 s2 s3")
    s = score_hk(Hand(()), sit, find_hk_rules("mummyz"))
    assert [(h.id, h.fan) for h in s.items] == [("seven_flowers", 3)]
    assert s.payments == (12, -4, -4, -4)


def test_riichi_advanced_heavenly_hand_includes_the_flower_replacement() -> None:
    from tenpai.hk import HKSituation
    from tenpai.hk import find_rules as find_hk_rules
    from tenpai.hk.score import score as score_hk

    # heavenly hand (天糊; Chinese Wikipedia, 香港麻雀食糊牌型): the dealt hand, its flowers
    # replaced, is complete; the RA test gives heavenly hand + thirteen orphans (13 + 13)
    # beside the flower fan
    sit = HKSituation.of(seat="E", heavenly=True, flower_replacement=True, flowers="f1")
    s = score_hk(Hand.parse("19m19p19s1234567z tsumo 1m"), sit, find_hk_rules("riichi_advanced"))
    ids = [h.id for h in s.items]
    assert "flower_replacement" not in ids
    assert {"heavenly_hand", "thirteen_orphans"} <= set(ids)


def test_riichi_advanced_pays_no_more_than_its_table_s_last_row() -> None:
    from tenpai.hk import HKSituation
    from tenpai.hk import find_rules as find_hk_rules
    from tenpai.hk.explain import explain
    from tenpai.hk.score import score as score_hk

    # 27 fan, but the table stops at "13+": M(13) = 384 each, base points 1
    sit = HKSituation.of(seat="E", heavenly=True)
    s = score_hk(Hand.parse("19m19p19s1234567z tsumo 1m"), sit, find_hk_rules("riichi_advanced"))
    assert s.fan == 27 and s.payments == (1152, -384, -384, -384)
    assert "payment_cap" in [ln.id for ln in explain(s, "en")]


# ---- what the listings show ---------------------------------------------------------------


def test_a_yakuman_that_does_not_add_is_not_listed_as_adding(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # EMA: "Les yakuman ne sont pas cumulatifs": daisuushii and tsuuiisou pay one yakuman
    hand = "5z pon 111z:left pon 222z:left pon 333z:left pon 444z:left ron 5z"
    s = score(Hand.parse(hand), Situation(seat_wind=28), "ema")
    assert s.points == 32000
    assert sum(y.han for y in s.yakuman) == 1
    code, out, _ = _cli(capsys, "score", hand, "--seat", "S", "--rules", "ema")
    assert code == 0 and "Tsuuiisou  yakuman, does not add" in out and "×1" in out
    # Tenhou adds them: both count, 64000
    s = score(Hand.parse(hand), Situation(seat_wind=28), "tenhou")
    assert s.points == 64000 and [y.han for y in s.yakuman] == [1, 1]


def _yaku_values(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, str]:
    code, out, _ = _cli(capsys, "yaku", "--json", *args)
    assert code == 0
    return {e["id"]: e["value"] for e in json.loads(out)}


def test_tenpai_yaku_shows_the_values_of_the_rules_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ema2012 = _yaku_values(capsys, "--rules", "ema2012")
    # EMA 2012: daisuushii is a double yakuman, renhou a yakuman, no open tanyao
    assert ema2012["daisuushii"] == "yakuman ×2"
    assert ema2012["tanyao"] == "1 / –"
    # EMA 2012 ("Nagashi Mangan"): a drawn mangan, with a concealed hand
    assert ema2012["nagashi_mangan"] == "fixed mangan, as a tsumo, a win (closed)"
    tenhou = _yaku_values(capsys, "--rules", "tenhou", "--local", "chintanfon")
    assert tenhou["renhou"] == "not played under 'tenhou+custom'"
    assert tenhou["chintanfon"] == "6 / 5"
    assert _yaku_values(capsys, "--rules", "ema")["renhou"] == "mangan floor / –"


def test_nagashi_mangan_is_on_the_card_of_the_rules_that_price_it() -> None:
    from tenpai.render import render
    from tenpai.riichi import find_rules
    from tenpai.riichi.documents import riichi_card

    card = render(riichi_card(find_rules("ema2012"), lang="en"), "md")
    assert "## Nagashi mangan" in card
    # a mangan tsumo: 8000 for a non-dealer, 12000 for the dealer
    assert "8 000 (12 000 for the dealer)" in card
    assert "Nagashi" not in render(riichi_card(find_rules("bareme"), lang="en"), "md")


# ---- maneman (local yaku, "Maneman": "the opponent will lose a mangan to that player") ------


def test_maneman_during_play_has_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    # riichi wiki, Maneman: East discards 1z 9m 7z 1p 4z, South the same: East pays South 8000
    code, out, _ = _cli(capsys, "maneman", "E:1z9m7z1p4z", "S:1z9m7z1p4z", "--json")
    assert code == 0
    assert json.loads(out) == [
        {"imitator": "S", "imitated": "E", "turns": 5, "limit": "mangan", "points": 8000}
    ]
    code, out, _ = _cli(capsys, "maneman", "E:1z9m7z1p4z", "S:1z9m7z1p4z", "--lang", "en")
    assert out.strip() == "S copied the first 5 discards of E: E pays 8 000 (mangan) to S"
    # a called tile breaks the copy
    code, out, _ = _cli(
        capsys, "maneman", "E:1z9m7z1p4z", 'S:["1z",{"tile":"9m","called":true},"7z","1p","4z"]'
    )
    assert code == 0 and out.strip() in ("No maneman due.", "Aucun maneman dû.")


def test_maneman_during_play_has_an_api() -> None:
    from tenpai.riichi import find_rules, maneman_awards

    rules = find_rules("bareme").with_options(local_yaku="maneman")
    (award,) = maneman_awards({"E": "1z9m7z1p4z", "S": "1z9m7z1p4z"}, rules)
    assert (award.imitator, award.imitated, award.points) == (28, 27, 8000)


def test_maneman_on_the_win_text_and_json_name_the_same_payer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # South wins by ron from the player on the right (West); East, on South's left, was
    # imitated: he pays the whole hand, the text says so as the JSON does
    args = (
        "score", "234m678p45667s88s ron 5s", "--seat", "S", "--riichi", "--from", "right",
        "--local", "maneman", "--set", "maneman.settlement=on_win",
        "--flag", 'discards={"E": "1z9m7z1p4z", "S": "1z9m7z1p4z"}', "--lang", "en",
    )  # fmt: skip
    code, out, _ = _cli(capsys, *args, "--json")
    assert code == 0
    assert [(p["from_rel"], p["reason"]) for p in json.loads(out)["paid_by"]] == [(3, "liable")]
    code, out, _ = _cli(capsys, *args)
    assert "The player on the left pays it all 8 000" in out and "discarder pays" not in out


# ---- the irregular local shapes in waits and shanten (riichi wiki's Local yaku page:
# chiishin uushii waits on 13 unconnected tiles; nanboku sensou) ----------------------------------


@pytest.mark.parametrize(
    ("hand", "local", "waits"),
    [
        ("14m25p369s123456z", "chiishin_uushii", ["7z"]),  # waiting on the missing honour
        ("14m25p36s1234567z", "chiishin_uushii", ["7m", "8p", "9s"]),  # a knitted tile
        ("1681m1568p222z44z", "nanboku_sensou", ["4z"]),
        ("14m25p36s1234567z", "all", ["7m", "8p", "9s"]),
    ],
)
def test_waits_know_the_local_shapes_when_enabled(
    capsys: pytest.CaptureFixture[str], hand: str, local: str, waits: list[str]
) -> None:
    code, out, _ = _cli(capsys, "waits", hand, "--json")
    assert code == 0 and json.loads(out)["waits"] == []  # not without the local yaku
    code, out, _ = _cli(capsys, "waits", hand, "--local", local, "--json")
    got = json.loads(out)
    assert code == 0 and got["shanten"] == 0 and got["waits"] == waits


def test_shanten_counts_the_local_shapes() -> None:
    from tenpai.riichi import find_rules
    from tenpai.riichi.local import local_analysis

    rules = find_rules("bareme").with_options(local_yaku="chiishin_uushii")
    # 4 honours and the 9 knitted tiles: three honours to draw, two numbers to let go
    a, forms = local_analysis(Hand.parse("147m258p369s1234z"), rules)
    assert forms == {"chiishin_uushii": 2} and a.shanten == 2
    assert [k for k, _ in a.ukeire] == [31, 32, 33]  # 5z 6z 7z
    # complete: the winning tile given
    a, forms = local_analysis(Hand.parse("14m25p369s123456z ron 7z"), rules)
    assert a.shanten == -1
