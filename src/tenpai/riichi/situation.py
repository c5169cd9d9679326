"""The situation of a riichi win: everything the tiles alone cannot tell (riichi.md §2)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import InvalidSituation
from ..tiles import EAST, Tile

__all__ = ["FLAG_NAMES", "WIND_NAMES", "Situation", "parse_wind"]

WIND_NAMES = {"E": 27, "S": 28, "W": 29, "N": 30}
FLAG_NAMES = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
    "nagashi_mangan",
)


def parse_wind(value: str | int) -> int:
    """Reads a wind as ``E``/``S``/``W``/``N``, ``east``..., ``1z``-``4z`` or its kind 27-30.

    :raises InvalidSituation: for anything else.
    """
    if isinstance(value, int) and 27 <= value <= 30:
        return value
    text = str(value).strip().upper()
    if text in WIND_NAMES:
        return WIND_NAMES[text]
    words = {
        "EAST": 27,
        "SOUTH": 28,
        "WEST": 29,
        "NORTH": 30,
        "EST": 27,
        "SUD": 28,
        "OUEST": 29,
        "NORD": 30,
        "1Z": 27,
        "2Z": 28,
        "3Z": 29,
        "4Z": 30,
    }
    if text in words:
        return words[text]
    raise InvalidSituation(f"unknown wind {value!r} (use E, S, W or N)")


@dataclass(frozen=True, slots=True)
class Situation:
    """Where and how a riichi hand was won.

    Winds are kinds 27-30. Seats are relative to the winner: 1 = next player (right),
    2 = across, 3 = previous player (left). *discarder* is who dealt in on a ron (None if
    unknown), *pao* the liable player (riichi.md §9), *flags* extra booleans and values for
    local yaku (local-yaku.md §0.4).
    """

    seat_wind: int = EAST
    round_wind: int = EAST
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    nagashi_mangan: bool = False
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    discarder: int | None = None
    pao: int | None = None
    flags: tuple[tuple[str, Any], ...] = field(default=())

    @property
    def is_dealer(self) -> bool:
        """Tells whether the winner is the dealer (East seat)."""
        return self.seat_wind == EAST

    def seat_of(self, rel: int) -> int:
        """Gets the seat wind (27-30) of the player *rel* seats after the winner."""
        return 27 + (self.seat_wind - 27 + rel) % 4

    @property
    def dealer_rel(self) -> int:
        """Gets the dealer's seat relative to the winner (0 when the winner deals)."""
        return (27 - self.seat_wind) % 4

    def flag(self, name: str, default: Any = False) -> Any:
        """Gets the local-yaku input *name* from *flags*."""
        for k, v in self.flags:
            if k == name:
                return v
        return default

    def check(self, *, tsumo: bool, closed: bool, has_kan: bool, has_melds: bool) -> None:
        """Checks the situation against itself and the hand (riichi.md §2).

        :raises InvalidSituation: naming the contradiction.
        """
        rules = (
            (self.ippatsu and not (self.riichi or self.double_riichi), "ippatsu needs riichi"),
            (self.double_riichi and not closed, "double riichi needs a closed hand"),
            ((self.riichi or self.double_riichi) and not closed, "riichi needs a closed hand"),
            (self.haitei and not tsumo, "haitei is a win by tsumo"),
            (self.haitei and self.rinshan, "a rinshan draw is never haitei"),
            (self.houtei and tsumo, "houtei is a win by ron"),
            (self.houtei and self.chankan, "houtei and chankan cannot both happen"),
            (self.rinshan and not tsumo, "rinshan is a win by tsumo"),
            (self.rinshan and not has_kan, "rinshan needs a kan in the hand"),
            (self.chankan and tsumo, "chankan is a win by ron"),
            (
                self.tenhou and not (self.is_dealer and tsumo and not has_melds),
                "tenhou is the dealer's tsumo with no call",
            ),
            (
                self.chiihou and not (not self.is_dealer and tsumo and not has_melds),
                "chiihou is a non-dealer's tsumo with no call",
            ),
            (
                self.renhou and not (not self.is_dealer and not tsumo and not has_melds),
                "renhou is a non-dealer's ron with no call",
            ),
            (
                self.honba < 0 or self.riichi_sticks < 0,
                "honba and riichi sticks cannot be negative",
            ),
            (
                self.discarder is not None and self.discarder not in (1, 2, 3),
                "the discarder is player 1, 2 or 3 from the winner",
            ),
            (
                self.pao is not None and self.pao not in (1, 2, 3),
                "the liable player is player 1, 2 or 3 from the winner",
            ),
        )
        for broken, why in rules:
            if broken:
                raise InvalidSituation(why)
