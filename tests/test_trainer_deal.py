"""The dealer: valid, never yakuman, scorable, reproducible, realistic (tenpai.riichi.deal).

The suite deals 2,000 hands per check; ``benchmarks/dealer_realism.py`` deals 10,000 (the
figures of docs/benchmarks.md).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from tenpai.interchange import score_record
from tenpai.riichi.deal import (
    FOCI,
    Deal,
    deal,
    deal_many,
    deal_record,
    hand_id,
    parse_hand_id,
    replay,
)
from tenpai.tiles import counts34, is_red
from tenpai.trainer.dealing import LEVELS, DealError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

N = 2000


def _problems(d: Deal) -> list[str]:
    """Lists what is wrong with a dealt hand, checked from the tiles up (not by the dealer)."""
    out = []
    sit, hand, rules = d.situation, d.hand, d.rules
    tiles = list(hand.all_tiles()) + list(sit.dora_indicators) + list(sit.ura_indicators)
    if max(counts34(tiles)) > 4:
        out.append("a fifth tile")
    reds = Counter(t for t in tiles if is_red(t))
    if any(n > rules.max_red[t - 34] for t, n in reds.items()):
        out.append("too many red fives")
    if hand.size != 14:
        out.append("not 14 tiles")
    kans = sum(1 for m in hand.melds if m.is_kan)
    if len(sit.dora_indicators) != 1 + kans:
        out.append("one dora indicator per kan plus one")
    if sit.ura_indicators and not sit.riichi:
        out.append("ura without riichi")
    if sit.riichi and len(sit.ura_indicators) != len(sit.dora_indicators):
        out.append("one ura per indicator")
    if sit.riichi and not hand.is_closed:
        out.append("riichi on an open hand")
    return out


@pytest.mark.parametrize("rules", ["bareme", "tenhou"])
@pytest.mark.slow
def test_dealt_hands_are_valid_never_yakuman_and_score_as_records(rules: str) -> None:
    deals = deal_many(N, seed=1000, rules=rules)
    invalid = [d.id for d in deals if _problems(d)]
    yakuman = [d.id for d in deals if d.score.yakuman or d.score.limit == "kazoe_yakuman"]
    assert invalid == []
    assert yakuman == []
    errors, mismatched = 0, 0
    for d in deals:
        rec = deal_record(d, expected=False)
        res = score_record(rec)  # the record alone, read back as any user would
        if res["error"]:
            errors += 1
        elif (res["han"], res["fu"], res["points"]) != (d.score.han, d.score.fu, d.score.points):
            mismatched += 1
    assert (errors, mismatched) == (0, 0)


def test_every_level_deals_what_it_promises() -> None:
    for d in deal_many(200, seed=7, level="debutant"):
        assert d.hand.is_closed and not d.hand.melds and d.score.fu in (20, 25, 30, 40)
    experts = deal_many(200, seed=7, level="expert")
    with_kan = sum(any(m.is_kan for m in d.hand.melds) for d in experts)
    assert with_kan > 40  # kans are common at this level (4 % in real games)


@pytest.mark.parametrize("focus", [f for f in FOCI if f not in ("any", "fu", "open", "closed")])
def test_a_yaku_focus_deals_that_yaku(focus: str) -> None:
    for d in deal_many(5, seed=3, focus=focus):
        assert focus in {y.id for y in d.score.yaku}, d.id


def test_the_other_foci() -> None:
    assert all(not d.hand.is_closed for d in deal_many(30, focus="open"))
    assert all(d.hand.is_closed for d in deal_many(30, focus="closed"))
    assert all(d.score.limit is None and d.score.fu != 25 for d in deal_many(30, focus="fu"))


def test_ids_replay_exactly_and_depend_on_every_part() -> None:
    d = deal(123, "expert", "fu", "tenhou")
    assert d.id == "riichi2:tenhou:expert:fu:123"
    assert parse_hand_id(d.id) == (123, "expert", "fu", "tenhou")
    again = replay(d.id)
    assert again == d and again.score.points == d.score.points
    assert deal(124, "expert", "fu", "tenhou") != d
    assert deal(123, "intermediaire", "fu", "tenhou").hand != d.hand
    assert hand_id(5) == "riichi2:bareme:intermediaire:any:5"
    assert deal(5, "Intermédiaire", "yaku:pinfu").id == "riichi2:bareme:intermediaire:pinfu:5"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("x",), "not a hand id"),
        (("riichi1:bareme:intermediaire:any:x",), "not a hand id"),
        (("riichi9:bareme:intermediaire:any:1",), "by version .riichi9. of the dealer"),
        (("riichi1:bareme:nope:any:1",), "unknown level"),
        (("riichi1:bareme:intermediaire:kokushi:1",), "unknown focus"),
        (("riichi1:bareme:debutant:open:1",), "closed hands only"),
    ],
)
def test_bad_ids_and_impossible_requests_are_clear_errors(args: tuple[str], message: str) -> None:
    with pytest.raises(DealError, match=message):
        replay(*args)


@pytest.mark.parametrize("yakuman", ["suuankou", "kokushi", "daisangen", "tenhou"])
def test_yakuman_are_never_a_focus(yakuman: str) -> None:
    with pytest.raises(DealError, match="unknown focus"):
        deal(1, focus=yakuman)


def test_levels_are_known() -> None:
    assert LEVELS == ("debutant", "intermediaire", "expert")


@pytest.mark.slow  # a long oracle: make test runs it, make check does not
def test_realism_targets_on_a_smaller_deal() -> None:
    """The issue's targets, with the same thresholds as the benchmark, on 3,000 hands."""
    import dealer_realism as dr

    real = dr.stats_of(dr.real_samples())
    dealt = dr.stats_of(dr.dealt_samples(3000, seed=50_000))
    d = dr.distances(real, dealt)
    assert d.failures() == [], dr.report(real, dealt)
    top = [name for name, *_ in d.rows if name.startswith("yaku ")]
    assert len(top) == 10
