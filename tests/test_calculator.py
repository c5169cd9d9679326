"""tenpai.calculator: queries as text fields, their permalink, tile edits, scoring; and the
other small library functions the web app calls (drill steps, progress, charts, drawings)."""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import parse_qsl

import pytest

from tenpai.calculator import CalcQuery, calculate, edit, query_string, read_query
from tenpai.errors import InvalidHand, NotationError, TenpaiError
from tenpai.interchange import score_record

QUERIES = [
    {"hand": "234m678p45667s88s ron 5s", "seat": "S", "flag": ["riichi", "ippatsu"]},
    {"hand": "55z123m99p chi 406p pon 999s:across tsumo 5z", "dora": "4z", "honba": "2"},
    {"hand": "123m456p789s1z kan 7777m:right ron 1z", "from": "across", "sticks": "1"},
    {"hand": "111m444p77s88s234s tsumo 7s", "rules": "wrc", "opt": "kiriage:false"},
    {"hand": "234m678p45667s88s ron 5s", "local": "sanrenkou,chousangen", "ura": "1m2m"},
    {"variant": "hk", "hand": "333m55m111z55z pon 111m:left ron 5m", "flowers": "s3f1"},
]


@pytest.mark.parametrize("params", QUERIES)
def test_a_query_round_trips_through_its_permalink(params: dict[str, object]) -> None:
    q = read_query(params)
    assert read_query(parse_qsl(query_string(q))) == q


@pytest.mark.parametrize(
    ("params", "record", "points"),
    [
        (
            {"hand": "234m678p45667s88s ron 5s", "seat": "S", "flag": "riichi", "dora": "1m"},
            {
                "closed_tiles": "234m678p455667s88s",
                "win_tile": "5s",
                "seat_wind": "S",
                "flags": {"riichi": True},
                "dora_indicators": ["1m"],
            },
            7700,
        ),
        (
            {"hand": "111m444p77s88s234s tsumo 7s", "seat": "S", "honba": "2", "sticks": "1"},
            {
                "closed_tiles": "111m444p778s88s234s",
                "win_tile": "7s",
                "tsumo": True,
                "seat_wind": "S",
                "round": {"honba": 2, "riichi_sticks": 1},
            },
            None,
        ),
    ],
)
def test_calculate_agrees_with_the_records(
    params: dict[str, str], record: dict[str, object], points: int | None
) -> None:
    c = calculate(read_query(params), "en")
    expected = score_record(record)
    assert {k: c.result[k] for k in ("han", "fu", "points", "yaku", "payments")} == {
        k: expected[k] for k in ("han", "fu", "points", "yaku", "payments")
    }
    if points is not None:
        assert c.result["points"] == points
    assert c.lines[0].section == "yaku"


def test_calculate_with_rules_options_and_local_yaku() -> None:
    plain = calculate(read_query({"hand": "123p4z ankan 1111m ankan 2222s ankan 3333s ron 4z"}))
    assert plain.score is not None
    assert {y["id"] for y in plain.result["yaku"]} >= {"sanankou", "sankantsu"}
    kiriage = read_query({"hand": "234m678p45667s88s ron 5s", "flag": "riichi", "dora": "1m2z"})
    q = read_query({**dict(query_string_pairs(kiriage)), "opt": "kiriage:true"})
    assert calculate(q).result["limit"] == "mangan"
    with pytest.raises(TenpaiError, match="unknown rule option"):
        calculate(read_query({"hand": "234m678p45667s88s ron 5s", "opt": "nope:1"}))


def query_string_pairs(q: CalcQuery) -> list[tuple[str, str]]:
    return parse_qsl(query_string(q))


def test_hong_kong_calculation() -> None:
    q = read_query({"variant": "hk", "hand": "333m55m111z55z pon 111m ron 5m", "from": "left"})
    c = calculate(q, "fr")
    assert c.hk_score is not None and c.result["fan"] == 9  # no flowers: 1 fan
    assert {ln.section for ln in c.lines} >= {"hand", "fan", "total", "payment", "net"}


@pytest.mark.parametrize(
    ("params", "error", "message"),
    [
        ({}, InvalidHand, "no hand yet"),
        ({"hand": "234m678p45667s88s"}, InvalidHand, "needs its winning tile"),
        ({"hand": "123m8z ron 1m"}, NotationError, "unknown tile '8z'"),
        ({"hand": "123m456p789s11z22z ron 3z"}, TenpaiError, "is not a complete hand"),
    ],
)
def test_calculate_says_why_it_cannot(
    params: dict[str, str], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        calculate(read_query(params))


@pytest.mark.parametrize(
    ("hand", "change", "after"),
    [
        ("", {"add": "1m"}, "1m"),
        ("1m", {"add": "0p"}, "1m0p"),
        ("123m", {"add": "5s", "to": "ron"}, "123m ron 5s"),
        ("123m ron 5s", {"add": "6s", "to": "tsumo"}, "123m tsumo 6s"),
        ("123m", {"add": "4p", "to": "chi"}, "123m chi 456p:left"),
        ("123m", {"add": "9s", "to": "pon", "source": "right"}, "123m pon 999s:right"),
        ("123m", {"add": "1z", "to": "kan", "source": "across"}, "123m kan 1111z:across"),
        ("123m", {"add": "1z", "to": "kakan"}, "123m kakan 1111z:left"),
        ("123m", {"add": "7z", "to": "ankan"}, "123m ankan 7777z"),
        ("123m pon 999s ron 1z", {"drop": "m0"}, "123m ron 1z"),
        ("123m pon 999s ron 1z", {"drop": "c1"}, "13m pon 999s:left ron 1z"),
        ("123m ron 1z", {"drop": "w"}, "123m"),
    ],
)
def test_edits_of_the_hand(hand: str, change: dict[str, str], after: str) -> None:
    assert edit(read_query({"hand": hand}), **change).hand == after


def test_edits_of_indicators_and_flowers() -> None:
    q = edit(read_query({"hand": "123m"}), add="1z", to="dora")
    q = edit(q, add="2z", to="dora")
    assert q.dora == "12z" and edit(q, drop="d0").dora == "2z"
    hk = edit(read_query({"variant": "hk"}), add="s2", to="flower")
    assert hk.flowers == "s2"
    with pytest.raises(TenpaiError, match="exists once"):
        edit(hk, add="s2", to="flower")


@pytest.mark.parametrize(
    ("hand", "change", "message"),
    [
        ("1111m", {"add": "1m"}, "5 copies of 1m"),
        ("123m", {"add": "8p", "to": "chi"}, "a chi starts at a tile 1-7"),
        ("123m", {"add": "f1"}, "bonus tile"),
        ("123m", {"add": "1m", "to": "somewhere"}, "a tile goes to one of"),
        ("123m", {"drop": "c9"}, "nothing to remove"),
        ("123m", {"drop": "x"}, "nothing to remove"),
        ("123m456p789s11z22z3z", {"add": "4z"}, "at most 14 tiles"),
    ],
)
def test_edits_that_cannot_be(hand: str, change: dict[str, str], message: str) -> None:
    with pytest.raises(TenpaiError, match=message):
        edit(read_query({"hand": hand}), **change)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"round": "middle"}, "round: E, S, W or N"),
        ({"sticks": "100"}, "sticks: a whole number from 0 to 99"),
        ({"from": "behind"}, "from: left, across or right"),
        ({"flowers": "1m"}, "flowers: only bonus tiles"),
        ({"dora": "f1"}, "dora: only tiles"),
        ({"opt": "kiriage"}, "opt: NAME:VALUE"),
        ({"hand": "1m" * 101}, "at most 200 characters"),
        ({"variant": "hk", "flag": "riichi"}, "unknown hk flag"),
    ],
)
def test_read_query_names_the_field(params: dict[str, str], message: str) -> None:
    with pytest.raises(TenpaiError, match=message):
        read_query(params)


# ---- the drill's steps, progress, charts, drawings -----------------------------------------


def test_next_deal_reviews_a_due_concept_and_answer_part_records() -> None:
    from tenpai.trainer.session import SessionConfig, answer_part, next_deal
    from tenpai.trainer.store import Store

    now = datetime(2026, 1, 1, tzinfo=UTC)
    cfg = SessionConfig(profile="p")
    with Store(":memory:") as store:
        d, why = next_deal(cfg, store, 1, now)
        assert why is None
        g = answer_part(cfg, store, d, 0, "", seconds=3.0, now=now)
        assert g.part == "yaku" and not g.ok and len(store.answers("p")) == 1
        later = datetime(2026, 1, 2, tzinfo=UTC)
        d2, why2 = next_deal(cfg, store, 2, later)
        assert why2 is not None and why2.startswith("yaku:")
        assert d2.focus == why2.removeprefix("yaku:")


def test_charts_escape_and_scale() -> None:
    from tenpai.render.charts import bar_chart, line_chart

    svg = line_chart([None, 2.0, 4.0], ["a", "b", "<c>"], title="T & U", unit=" s")
    assert "&lt;c&gt;" in svg and "T &amp; U" in svg and svg.count("<circle") == 2
    assert "style=" not in svg
    bars = bar_chart([("x", 1.5, "150%"), ("y", -1, "0%")], title="B")
    assert bars.count("<rect") == 4


def test_hand_drawing_turns_called_tiles_where_they_came_from() -> None:
    from tenpai.hand import Hand
    from tenpai.render.svg import hand_svg, meld_layout

    h = Hand.parse("123m456p789s1z pon 222z:across ron 1z")
    assert meld_layout(h.melds[0])[1] == (1,)
    assert meld_layout(Hand.parse("1z kan 1111m:right ron 1z", validate=False).melds[0])[1] == (3,)
    assert "rotate(90" in hand_svg(h) and "style=" not in hand_svg(h, height=None)


def test_option_changes_read_back() -> None:
    from tenpai.riichi.rules import find_rules, option_changes, rules_from_mapping

    base = find_rules("tenhou")
    rules = base.with_options(kiriage=True, double_yakuman=["kokushi_13", "daisuushii"])
    changes = option_changes(rules, base)
    assert changes == {"kiriage": "true", "double_yakuman": "daisuushii,kokushi_13"}
    again = rules_from_mapping({"preset": "tenhou", **changes})
    assert option_changes(again, base) == changes
