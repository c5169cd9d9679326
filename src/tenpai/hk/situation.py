"""The situation of a Hong Kong old style win: seats and winds, how it was won, the bonus
tiles (docs/generated/hk-fan.fr.md).

>>> HKSituation.of(seat="S", discarder="E").discarder
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import InvalidSituation, msg
from ..flag_names import HK_WIN_FLAGS
from ..tiles import Tile, format_tiles, is_bonus, parse_tiles, tile_name
from .payment import SEAT_NAMES

__all__ = ["WIN_FLAGS", "HKSituation", "parse_seat"]

WIN_FLAGS = HK_WIN_FLAGS
"""The flags of how a Hong Kong hand was won (their names live in :mod:`tenpai.flag_names`)."""

_SEAT_WORDS = (
    ("e", "east", "1z", "est"),
    ("s", "south", "2z", "sud"),
    ("w", "west", "3z", "ouest"),
    ("n", "north", "4z", "nord"),
)


def parse_seat(text: str | int) -> int:
    """Reads a seat or wind: ``'E'``/``'east'``/``'1z'``/0 -> 0 ... ``'N'`` -> 3.

    :raises InvalidSituation: for anything else.

    >>> parse_seat("W"), parse_seat("north"), parse_seat(2)
    (2, 3, 2)
    """
    if isinstance(text, int) and not isinstance(text, bool) and 0 <= text <= 3:
        return text
    if isinstance(text, str):
        low = text.strip().lower()
        for i, names in enumerate(_SEAT_WORDS):
            if low in names:
                return i
    raise InvalidSituation.of(msg("errors.hk.seat", text=text))


@dataclass(frozen=True, slots=True)
class HKSituation:
    """The circumstances of a Hong Kong win. Seats and winds are 0-3 = E S W N (or their
    names: ``HKSituation(seat="S")``); East deals.

    * *seat*: the winner's seat wind; *round_wind*: the prevailing wind.
    * *self_drawn*: None = as the hand says (``tsumo``/``ron``); a flower win is self-drawn.
    * *discarder*: who discarded the winning tile, or whose added kong was robbed.
    * *flowers*: the winner's bonus tiles (f1-f4, s1-s4).
    * *last_tile*: won on the last wall tile (or on the last discard).
    * *kong_replacement* / *double_kong_replacement* / *flower_replacement*: won on the tile
      drawn after a kong / after two kongs in a row / after a bonus tile.
    * *robbing_kong*: won on a tile added to an exposed pung.
    * *heavenly*, *earthly*, *human*: the first-turn wins of §5.
    * *flower_win*: an instant win by bonus tiles (八仙過海, 花糊); *robbed_flower_from*: the
      seat whose 8th bonus tile was taken (七搶一).
    * *liable*: a seat already held liable (包) for the whole hand; *meld_sources_known*: the
      melds say who fed them (False turns off the automatic liability of §6.6).
    """

    seat: int = 0
    round_wind: int = 0
    self_drawn: bool | None = None
    discarder: int | None = None
    flowers: tuple[Tile, ...] = ()
    last_tile: bool = False
    kong_replacement: bool = False
    double_kong_replacement: bool = False
    flower_replacement: bool = False
    robbing_kong: bool = False
    heavenly: bool = False
    earthly: bool = False
    human: bool = False
    flower_win: bool = False
    robbed_flower_from: int | None = None
    liable: int | None = None
    meld_sources_known: bool = True

    def __post_init__(self) -> None:
        for name in ("seat", "round_wind", "discarder", "robbed_flower_from", "liable"):
            value = getattr(self, name)
            if isinstance(value, str):  # a name: HKSituation(seat="S", discarder="E")
                object.__setattr__(self, name, parse_seat(value))
        for name in ("seat", "round_wind"):
            value = getattr(self, name)
            if value not in (0, 1, 2, 3) or isinstance(value, bool):
                raise InvalidSituation.of(msg("errors.hk.seat_range", name=name, value=value))
        for name in ("discarder", "robbed_flower_from", "liable"):
            value = getattr(self, name)
            if value is None:
                continue
            if value not in (0, 1, 2, 3) or isinstance(value, bool):
                raise InvalidSituation.of(msg("errors.hk.seat_of", name=name, value=value))
            if value == self.seat:
                seat = SEAT_NAMES[self.seat]
                raise InvalidSituation.of(msg(f"errors.hk.winner.{name}", seat=seat))
        bonus = tuple(sorted(self.flowers))
        for t in bonus:
            if not is_bonus(t):
                raise InvalidSituation.of(msg("errors.hk.not_bonus", tile=tile_name(t)))
        if len(set(bonus)) != len(bonus):
            tiles = format_tiles(bonus, sort=False)
            raise InvalidSituation.of(msg("errors.hk.flower_twice", tiles=tiles))
        object.__setattr__(self, "flowers", bonus)

    @classmethod
    def of(
        cls,
        *,
        seat: str | int = 0,
        round_wind: str | int = 0,
        discarder: str | int | None = None,
        flowers: str | tuple[Tile, ...] = (),
        robbed_flower_from: str | int | None = None,
        liable: str | int | None = None,
        **flags: Any,
    ) -> HKSituation:
        """Builds a situation from friendly values: seats as ``'E'`` to ``'N'``, bonus tiles as
        text (``'f3 s1'``), the flags as keywords.

        >>> HKSituation.of(seat="W", discarder="E", flowers="f3 s1").flowers
        (39, 41)
        """

        def seat_or_none(v: str | int | None) -> int | None:
            return None if v is None else parse_seat(v)

        bonus = parse_tiles(flowers) if isinstance(flowers, str) else tuple(flowers)
        return cls(
            seat=parse_seat(seat),
            round_wind=parse_seat(round_wind),
            discarder=seat_or_none(discarder),
            flowers=bonus,
            robbed_flower_from=seat_or_none(robbed_flower_from),
            liable=seat_or_none(liable),
            **flags,
        )
