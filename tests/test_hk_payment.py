"""Hong Kong payments: the curves of spec §6.1, who pays whom, and sums to zero."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tenpai.errors import InvalidSituation
from tenpai.hand import Hand, Meld
from tenpai.hk import HKRules, HKSituation, multiplier, payment_table, settle, share
from tenpai.hk.score import score

SEED = HKRules()

# spec §6.1, fan 0..13
CURVES = {
    "half": (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384),
    "spicy": (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192),
    "fan_laak": (1, 2, 4, 8, 16, 16, 16, 32, 32, 32, 64, 64, 64, 64),
}


@pytest.mark.parametrize("curve", sorted(CURVES))
def test_multiplier_table(curve: str) -> None:
    assert tuple(multiplier(f, curve) for f in range(14)) == CURVES[curve]


def test_multiplier_errors() -> None:
    with pytest.raises(ValueError, match="unknown payment curve"):
        multiplier(3, "mild")
    with pytest.raises(ValueError, match=">= 0"):
        multiplier(-1)


def test_zhwp_full_responsibility_table() -> None:
    # ZHWP 全銃制: 3 fan 出銃 8 / 自摸 4 × 3; 10 fan 128 / 64 × 3; 13 fan 384 / 192 × 3
    table = {f: (d, p) for f, d, p in payment_table(replace(SEED, cap=13))}
    assert (table[3], table[10], table[13]) == ((8, 4), (128, 64), (384, 192))


@pytest.mark.parametrize(
    ("kwargs", "changes", "payments"),
    [
        ({"self_drawn": True}, {}, (-4, -4, 12, -4)),
        ({"self_drawn": False, "discarder": 0}, {}, (-8, 0, 8, 0)),
        ({"self_drawn": False, "discarder": 0}, {"responsibility": "half"}, (-4, -2, 8, -2)),
        ({"self_drawn": False, "discarder": 1, "robbing_kong": True}, {}, (0, -12, 12, 0)),
        (
            {"self_drawn": False, "discarder": 1, "robbing_kong": True},
            {"robbing_kong_settlement": "as_discard"},
            (0, -8, 8, 0),
        ),
        ({"self_drawn": True, "liable": 3}, {}, (0, 0, 12, -12)),
        (
            {"self_drawn": False, "discarder": 0, "liable": 3},
            {"responsibility": "half"},
            (0, 0, 8, -8),
        ),
        ({"self_drawn": False, "robbed_flower_from": 1}, {}, (0, -8, 8, 0)),
        ({"self_drawn": True}, {"dealer_multiplier": 2}, (-8, -4, 16, -4)),
        ({"self_drawn": False, "discarder": 0}, {"dealer_multiplier": 2}, (-16, 0, 16, 0)),
    ],
)
def test_settle(
    kwargs: dict[str, object], changes: dict[str, object], payments: tuple[int, ...]
) -> None:
    money = settle(3, replace(SEED, **changes), winner=2, **kwargs)  # type: ignore[arg-type]
    assert money.payments == payments
    assert sum(money.payments) == 0
    assert sum(t.amount for t in money.transfers) == payments[2]


def test_quarters_are_exact() -> None:
    money = settle(0, replace(SEED, responsibility="half"), winner=1, self_drawn=False, discarder=0)
    assert money.payments == (Fraction(-1, 2), 1, Fraction(-1, 4), Fraction(-1, 4))
    assert isinstance(money.payments[1], int)


def test_settle_needs_a_discarder_on_a_discard() -> None:
    with pytest.raises(InvalidSituation, match="discarder"):
        settle(3, SEED, winner=0, self_drawn=False)
    with pytest.raises(InvalidSituation, match="cannot be the winner"):
        settle(3, SEED, winner=0, self_drawn=False, discarder=0)


def test_share_uses_the_stakes() -> None:
    assert share(3, replace(SEED, base_points=Fraction(10))) == 80  # YHK 三番 自摸 80 each


# ---- property: every settlement of every legal hand sums to zero ------------------------------


@st.composite
def hands_and_situations(draw: st.DrawFn) -> tuple[Hand, HKSituation, HKRules]:
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[Meld] = []

    def take(kinds: list[int]) -> None:
        for k in kinds:
            counts[k] += 1
        assume(all(c <= 4 for c in counts))

    for _ in range(4):
        if draw(st.booleans()):
            k = draw(st.integers(0, 33))
            how = draw(st.sampled_from(["hidden", "pon", "kan", "kakan", "ankan"]))
            take([k] * (4 if "kan" in how else 3))
            if how == "hidden":
                concealed += [k] * 3
            else:
                rel = draw(st.integers(1, 3))
                kind = {"pon": "pon", "kan": "daiminkan", "kakan": "shouminkan"}.get(how, "ankan")
                melds.append(Meld(kind, (k,) * (4 if "kan" in how else 3), rel))
        else:
            k = 9 * draw(st.integers(0, 2)) + draw(st.integers(0, 6))
            take([k, k + 1, k + 2])
            if draw(st.booleans()):
                concealed += [k, k + 1, k + 2]
            else:
                melds.append(Meld("chi", (k, k + 1, k + 2), 3))
    pair = draw(st.integers(0, 33))
    take([pair, pair])
    concealed += [pair, pair]
    win = draw(st.sampled_from(concealed))
    concealed.remove(win)
    tsumo = draw(st.booleans())
    hand = Hand(tuple(concealed), tuple(melds), win, tsumo)

    rules = HKRules(
        cap=draw(st.sampled_from([8, 10, 13, None])),
        min_fan=0,
        limit_hands_stack=draw(st.booleans()),
        spiciness=draw(st.sampled_from(["half", "spicy", "fan_laak"])),
        responsibility=draw(st.sampled_from(["full", "half"])),
        base_points=draw(
            st.sampled_from([Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(10)])
        ),
        dealer_multiplier=draw(st.sampled_from([1, 2])),
        robbing_kong_settlement=draw(st.sampled_from(["konger_pays_self_draw", "as_discard"])),
        pao_12_tiles=draw(st.booleans()),
        pao_big_hands=draw(st.booleans()),
        pao_half_9_tiles=draw(st.booleans()),
        pao_kong_bloom=draw(st.booleans()),
        pao_scope=draw(st.sampled_from(["self_draw_only", "any_win"])),
        four_concealed_pungs_rule=draw(st.sampled_from(["standard", "self_draw_only", "any"])),
        concealed_kong_breaks_concealed=draw(st.booleans()),
        flowers_count_toward_min=draw(st.booleans()),
        seven_pairs=draw(st.sampled_from([None, 4])),
    )
    seat = draw(st.integers(0, 3))
    flowers = tuple(draw(st.sets(st.integers(37, 44), max_size=6)))
    has_kong = any(m.is_kan for m in melds)
    discarder = None if tsumo else draw(st.sampled_from([s for s in range(4) if s != seat]))
    sit = HKSituation(
        seat=seat,
        round_wind=draw(st.integers(0, 3)),
        discarder=discarder,
        flowers=flowers,
        kong_replacement=tsumo and has_kong and draw(st.booleans()),
        robbing_kong=not tsumo and draw(st.booleans()),
        last_tile=draw(st.booleans()),
    )
    return hand, sit, rules


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hands_and_situations())
@pytest.mark.slow
def test_payments_sum_to_zero(case: tuple[Hand, HKSituation, HKRules]) -> None:
    hand, sit, rules = case
    s = score(hand, sit, rules)
    assert s.legal
    assert sum(s.payments) == 0
    assert s.payments[sit.seat] > 0
    assert all(v <= 0 for i, v in enumerate(s.payments) if i != sit.seat)
    assert s.raw_fan == sum(h.fan for h in s.items)
    assert s.fan == rules.capped(s.raw_fan)
    assert sum(t.amount for t in s.transfers) == s.payments[sit.seat]
