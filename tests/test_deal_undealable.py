"""A focus the rules make impossible is refused at once, from the recipe's data: the groups it
forces into the hand against the ruleset's tiles (three players play without 2m to 8m), and
for first steps (closed hands of 20 to 40 fu) against the fewest fu those groups are worth
(the card's fu). The dealer then never draws a hand for it (it used to try for a minute)."""

from __future__ import annotations

import importlib

import pytest

from tenpai.errors import TenpaiError
from tenpai.riichi.deal import (
    _PLAIN,
    _RECIPES,
    _SHAPE_YAKU,
    _check_dealable,
    _least_closed_fu,
    deal,
)
from tenpai.riichi.rules import PRESETS
from tenpai.trainer.dealing import LEVELS, DealError

deal_module = importlib.import_module("tenpai.riichi.deal")
FOUR = [name for name, r in PRESETS.items() if r.players == 4]
THREE = [name for name, r in PRESETS.items() if r.players == 3]


@pytest.fixture
def no_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    def drawn(*args: object) -> None:
        raise AssertionError("the dealer drew a hand for a focus it cannot deal")

    monkeypatch.setattr(deal_module, "_build", drawn)


@pytest.mark.parametrize("rules", THREE)
@pytest.mark.parametrize("level", LEVELS)
def test_three_players_cannot_deal_sanshoku_doujun(rules: str, level: str, no_draw: None) -> None:
    # the same sequence in the three suits: in manzu it holds a tile of 2m to 8m
    with pytest.raises(DealError) as e:
        deal(1, level, "sanshoku_doujun", rules)
    assert str(e.value) == (
        f"the rules {rules!r} cannot deal 'sanshoku_doujun': every hand of it needs tiles "
        "their set lacks (2345678m)"
    )
    fr = e.value.message_in("fr")
    assert "sanshoku_doujun" in fr and "2345678m" in fr and "ne peuvent pas donner" in fr


@pytest.mark.parametrize("rules", THREE)
def test_first_steps_cannot_deal_sanshoku_doukou_at_three_players(
    rules: str, no_draw: None
) -> None:
    # 111m 111p 111s or 999m 999p 999s, concealed: 8 fu each; 20 + 2 (tsumo) + 24 = 46, or a
    # ron's 20 + 10 + 8 + 8 + 4 = 50: 50 fu, above first steps' 40
    with pytest.raises(DealError) as e:
        deal(4, "debutant", "sanshoku_doukou", rules)
    assert str(e.value) == (
        "level 'debutant' deals hands of 40 fu at most, and 'sanshoku_doukou' under the rules "
        f"{rules!r} is worth 50 fu or more"
    )


def test_the_dealable_are_dealt_as_before() -> None:
    # four players: simple triplets (4 fu each) make a 40 fu tsumo; three players deal the
    # terminal ones above first steps
    assert deal(4, "debutant", "sanshoku_doukou", "bareme").score.fu <= 40
    three = deal(4, "intermediaire", "sanshoku_doukou", "tenhou3")
    assert "sanshoku_doukou" in {y.id for y in three.score.yaku}


def test_only_those_two_are_refused() -> None:
    refused = set()
    for name in [*FOUR, *THREE]:
        for level in LEVELS:
            for focus in _SHAPE_YAKU:
                try:
                    _check_dealable(_RECIPES.get(focus, _PLAIN), PRESETS[name], level, focus)
                except TenpaiError:
                    refused.add((name in THREE, level, focus))
    assert refused == {
        *((True, level, "sanshoku_doujun") for level in LEVELS),
        (True, "debutant", "sanshoku_doukou"),
    }


@pytest.mark.parametrize(
    ("groups", "fu"),
    [
        ([], 20),  # pinfu tsumo
        ([(False, 2), (False, 11), (False, 20)], 40),  # 20 + 2 + 3 x 4 = 34; ron 30 + 12 - 2
        ([(False, 0), (False, 9), (False, 18)], 50),  # 20 + 2 + 3 x 8 = 46; ron 30 + 24 - 4
        ([(True, 0), (True, 9), (True, 18)], 20),
        ([(False, 31)], 30),  # a dragon: 20 + 2 + 8 = 30; ron 30 + 8 - 4 = 34
    ],
)
def test_the_fewest_fu_of_a_closed_hand(groups: list[tuple[bool, int]], fu: int) -> None:
    assert _least_closed_fu(groups) == fu
