"""The Hong Kong dealer: legal, never a limit hand, scorable as records, reproducible, varied
(tenpai.hk.deal)."""

from __future__ import annotations

from collections import Counter

import pytest

from tenpai.errors import RulesError
from tenpai.hk import HKRules, find_rules
from tenpai.hk.deal import FOCI, HKDeal, deal_record, foci, hand_id, parse_hand_id, replay
from tenpai.hk.deal import deal as deal_hk
from tenpai.hk.fan import row
from tenpai.hk.records import result_dict, score_record
from tenpai.hk.rules import hk_profile_names
from tenpai.hk.score import score as score_hk
from tenpai.tiles import counts34, is_bonus
from tenpai.trainer.dealing import LEVELS, DealError

N = 2000
DEALS = [deal_hk(seed) for seed in range(N)]


def problems(d: HKDeal) -> list[str]:
    """Lists what is wrong with a dealt hand, checked from the tiles up (not by the dealer)."""
    out = []
    h, sit, rules, s = d.hand, d.situation, d.rules, d.score
    if max(counts34(h.all_tiles())) > 4:
        out.append("a fifth tile")
    if any(t >= 34 for t in h.all_tiles()):
        out.append("a red five or a bonus tile among the tiles")
    if h.size != 14:
        out.append("not 14 tiles")
    if not all(is_bonus(t) for t in sit.flowers) or len(sit.flowers) >= 7:
        out.append("bonus tiles")
    if sit.flowers and not rules.flowers_in_play:
        out.append("bonus tiles without flowers in play")
    if any(m.is_chi and m.from_rel != 3 for m in h.melds):
        out.append("a chow not claimed from the left")
    if h.tsumo != (sit.discarder is None) or sit.discarder == sit.seat:
        out.append("discarder")
    kongs = [m for m in h.melds if m.is_kan]
    if sit.kong_replacement and not (h.tsumo and kongs):
        out.append("kong replacement without a self-drawn kong")
    if sit.robbing_kong and (h.tsumo or counts34(h.all_tiles())[h.win_tile or 0] != 1):
        out.append("a robbed kong whose tile the winner holds twice")
    if sit.heavenly or sit.earthly or sit.human or sit.flower_win:
        out.append("a first-turn or flower win (a limit hand)")
    if not s.legal or s.qualifying_fan < rules.min_fan:
        out.append("below the minimum")
    if s.limit is not None or any(row(x.id).is_limit_hand for x in s.items):
        out.append("a limit hand")
    return out


@pytest.mark.slow  # a long oracle: make test runs it, make check does not
def test_2000_dealt_hands_are_legal_never_a_limit_hand_and_score_as_records() -> None:
    bad = {d.id: p for d in DEALS if (p := problems(d))}
    assert not bad
    for d in DEALS:
        rec = deal_record(d)
        expected = rec.pop("expected")
        assert expected["error"] is None
        assert expected == result_dict(d.score, id=d.id)
        assert score_record(rec) == expected, d.id


def test_the_deals_hold_what_hong_kong_hands_hold() -> None:
    n = len(DEALS)
    seats = Counter(d.situation.seat for d in DEALS)
    rounds = Counter(d.situation.round_wind for d in DEALS)
    assert len(seats) == 4 and min(seats.values()) > n / 6 and len(rounds) >= 3
    drawn = sum(d.score.self_drawn for d in DEALS) / n
    assert 0.3 < drawn < 0.6
    assert 0.15 < sum(not d.hand.melds for d in DEALS) / n < 0.5
    assert sum(len(d.hand.melds) == 4 for d in DEALS) > 50
    flowers = Counter(len(d.situation.flowers) for d in DEALS)
    assert flowers[0] > n / 5 and sum(v for k, v in flowers.items() if k >= 2) > n / 5
    assert sum(any(m.is_kan for m in d.hand.melds) for d in DEALS) > 30
    assert sum(d.score.liable is not None for d in DEALS) > 20
    assert sum(d.score.capped for d in DEALS) > 5
    assert sum(bool(d.score.excluded) for d in DEALS) > 40  # mostly little three dragons
    items = Counter(h.id for d in DEALS for h in d.score.items)
    assert len(items) >= 15
    fans = Counter(d.score.fan for d in DEALS)
    assert set(fans) == set(range(3, 11)) and fans[3] > fans[10]


@pytest.mark.parametrize("profile", hk_profile_names())
def test_every_profile_and_level_deals_legal_hands(profile: str) -> None:
    rules = find_rules(profile)
    for level in LEVELS:
        for seed in range(15):
            d = deal_hk(seed, level, "any", profile)
            assert d.rules == rules and not problems(d), d.id
            assert d.score == score_hk(d.hand, d.situation, rules)
    beginner = [deal_hk(seed, "debutant", "any", profile) for seed in range(15)]
    assert all(len(d.hand.melds) <= 2 and not d.score.capped for d in beginner)


@pytest.mark.parametrize("focus", foci(HKRules()))
def test_each_focus_gives_what_it_names(focus: str) -> None:
    for seed in range(3):
        d = deal_hk(seed, "intermediaire", focus)
        assert not problems(d)
        if focus == "open":
            assert any(m.is_open for m in d.hand.melds)
        elif focus == "closed":
            assert not any(m.is_open for m in d.hand.melds)
        elif focus == "discard":
            assert not d.score.self_drawn
        elif focus != "any":
            assert focus in {h.id for h in d.score.items}


def test_hand_ids_replay_exactly() -> None:
    ids = [d.id for d in DEALS[:100]]
    assert len(set(ids)) == 100 and ids[7] == "hk1:hk:intermediaire:any:7"
    for d in DEALS[:100:9]:
        assert replay(d.id) == d
    d = deal_hk(42, "expert", "half_flush", "HKMA")
    assert d.id == hand_id(42, "expert", "half_flush", "hkma") == "hk1:hkma:expert:half_flush:42"
    assert parse_hand_id(d.id) == (42, "expert", "half_flush", "hkma")
    assert replay(d.id) == d and deal_hk(42, "expert", "fan:half_flush", "hkma") == d


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ((1, "nope"), DealError, "unknown level"),
        ((1, "expert", "pinfu"), DealError, "unknown Hong Kong focus"),
        ((1, "expert", "seven_pairs"), DealError, "do not score 'seven_pairs'"),
        ((1, "debutant", "last_tile"), DealError, "first steps"),
        ((1, "expert", "flower_set", "hskpeter"), DealError, "do not score"),
        ((1, "expert", "any", "wrc"), RulesError, "unknown Hong Kong ruleset"),
    ],
)
def test_impossible_deals_say_why(args: tuple[object, ...], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        deal_hk(*args)  # type: ignore[arg-type]


def test_bad_ids_are_refused() -> None:
    for text in ("riichi1:bareme:expert:any:3", "hk1:hk:expert:any", "hk2:hk:expert:any:3"):
        with pytest.raises(DealError, match="not a Hong Kong hand id"):
            replay(text)
    assert "seven_pairs" in FOCI and "seven_pairs" not in foci(HKRules())
