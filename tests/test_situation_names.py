"""Situations read wind and seat names as well as their numbers (README's library example)."""

from __future__ import annotations

import pytest

from tenpai.errors import InvalidSituation
from tenpai.hk.situation import HKSituation
from tenpai.riichi import Situation


def test_riichi_winds_and_seats_by_name_are_the_numbers() -> None:
    named = Situation(seat_wind="S", round_wind="west", discarder="left", pao="across")
    assert named == Situation(seat_wind=28, round_wind=29, discarder=3, pao=2)
    assert Situation(seat_wind="Sud", discarder="droite").discarder == 1


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"seat_wind": "Q"}, "unknown wind 'Q'"),
        ({"seat_wind": 0}, "unknown wind 0"),
        ({"discarder": "behind"}, "discarder: a seat from the winner"),
        ({"pao": 4}, "pao: a seat from the winner"),
    ],
)
def test_a_wrong_name_or_number_says_which_field(kw: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidSituation, match=message):
        Situation(**kw)  # type: ignore[arg-type]


def test_hong_kong_seats_by_name() -> None:
    assert HKSituation(seat="S", round_wind="E", discarder="N") == HKSituation(
        seat=1, round_wind=0, discarder=3
    )
    with pytest.raises(InvalidSituation, match="unknown seat or wind 'Q'"):
        HKSituation(seat="Q")  # type: ignore[arg-type]
