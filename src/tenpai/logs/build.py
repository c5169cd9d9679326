"""Pieces every log reader shares: the interchange record of a win, its flags, tenpai at a
draw, and the conversion of tile lists."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import msg
from ..riichi.situation import WIN_FLAGS
from ..shanten import waits
from ..tiles import Tile, counts34, format_tiles, tile_name
from .model import WINDS, Origin
from .source import LogError

__all__ = [
    "FLAG_YAKU",
    "deal",
    "flags_of",
    "is_tenpai",
    "make_record",
    "per_seat",
    "seat",
    "shown",
    "whole",
]


def shown(what: str, value: Any) -> str:
    """Writes a field of a log as the log writes it: an XML attribute (*what* ends with
    ``=``: ``oya="7"``) or a JSON member (``"actor": -1``).

    >>> shown("oya=", "7"), shown("actor", -1), shown("scores", [1, "x"])
    ('oya="7"', '"actor": -1', '"scores": [1, "x"]')
    """
    if what.endswith("="):
        return f'{what}"{value}"'
    import json

    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return f'"{what}": {text if len(text) <= 60 else text[:57] + "..."}'


def whole(value: Any, what: str) -> int:
    """Reads a whole number of a log: an int, a float without decimals (``25000.0``) or its
    digits as a string; *what* names the field in the log's own words (``"scores"``,
    ``ten=``). Never rounded: ``1.5`` or ``true`` are errors.

    >>> whole(25000.0, "scores"), whole("-3", "honba")
    (25000, -3)

    :raises LogError: when *value* is not a whole number.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            pass
    raise LogError.said(msg("errors.logs.whole", field=shown(what, value)))


def seat(value: Any, players: int, what: str) -> int:
    """Reads a seat of a log (0 to *players* − 1; *what* names the field: ``who=``,
    ``"actor"``...): never another seat by Python's negative indexes.

    :raises LogError: when *value* is not a seat of the game.
    """
    n = whole(value, what)
    if not 0 <= n < players:
        raise LogError.said(
            msg("errors.logs.seat", field=shown(what, value), players=players, last=players - 1)
        )
    return n


def per_seat(values: Any, players: int, what: str, slots: int | None = None) -> tuple[int, ...]:
    """Reads one whole number per seat from the list *values*; *what* names the field. The
    list has exactly *slots* values (default: one per seat); a three-player log that keeps
    four slots (Tenhou's) has 0 in the fourth. Nothing is left out unread.

    >>> per_seat([35000, 35000, 35000, 0], 3, "scores", slots=4)
    (35000, 35000, 35000)

    :raises LogError: when *values* is not such a list of whole numbers.
    """
    n = slots or players
    if not isinstance(values, (list, tuple)):
        raise LogError.said(msg("errors.logs.per_seat_list", field=shown(what, values), n=n))
    if len(values) != n:
        raise LogError.said(msg("errors.logs.per_seat_count", what=what, given=len(values), n=n))
    out = tuple(whole(x, what) for x in values)
    if any(out[players:]):
        raise LogError.said(msg("errors.logs.empty_slot", field=shown(what, values), n=players))
    return out[:players]


def deal(tiles: Any, what: str) -> list[Any]:
    """Checks that the dealt hand *tiles* (a list, read by the caller) holds 13 tiles.

    :raises LogError: when it does not.
    """
    if not isinstance(tiles, list) or len(tiles) != 13:
        raise LogError.said(msg("errors.logs.deal", field=shown(what, tiles)))
    return tiles


# The win flags a yaku list tells (the yaku is listed exactly when the flag holds): each of
# the situation's win flags is a yaku of the same id.
FLAG_YAKU = WIN_FLAGS


def flags_of(yaku_ids: Iterable[str], *, riichi: bool = False) -> dict[str, bool]:
    """Gets the win flags told by a log's yaku list; *riichi* (the log's riichi declaration)
    stands where the list does not say (a yakuman hand lists only its yakuman)."""
    ids = set(yaku_ids)
    flags = {f: f in ids for f in FLAG_YAKU}
    if riichi and not flags["double_riichi"]:
        flags["riichi"] = True
    if flags["double_riichi"]:
        flags["riichi"] = True
    return flags


def make_record(
    *,
    rec_id: str,
    origin: Origin,
    fmt: str,
    ruleset: dict[str, Any],
    round_wind: int,
    kyoku: int,
    honba: int,
    riichi_sticks: int,
    dealer: int,
    winner: int,
    from_who: int,
    closed: Sequence[Tile],
    win_tile: Tile,
    melds: list[dict[str, Any]],
    dora: Sequence[Tile],
    ura: Sequence[Tile],
    flags: dict[str, bool],
    players: int,
    multi_ron_index: int = 0,
    pao_who: int | None = None,
) -> dict[str, Any]:
    """Builds the interchange record of a win (docs/records.md): the tiles, the situation,
    the rules of the table, and where it comes from."""
    tsumo = winner == from_who
    rec: dict[str, Any] = {
        "id": rec_id,
        "variant": "riichi",
        "source": {"format": fmt, **origin.as_dict()},
        "ruleset": ruleset,
        "round": {
            "round_wind": WINDS[round_wind % 4],
            "kyoku": kyoku,
            "honba": honba,
            "riichi_sticks": riichi_sticks,
            "dealer": dealer,
        },
        "winner": winner,
        "from_who": from_who,
        "tsumo": tsumo,
        "multi_ron_index": multi_ron_index,
        "seat_wind": WINDS[(winner - dealer) % players],
        "round_wind": WINDS[round_wind % 4],
        "closed_tiles": format_tiles(closed),
        "win_tile": tile_name(win_tile),
        "melds": melds,
        "dora_indicators": [tile_name(t) for t in dora],
        "ura_dora_indicators": [tile_name(t) for t in ura],
        "flags": flags,
    }
    if "rules" in ruleset:
        rec["rules"] = ruleset["rules"]
    if pao_who is not None:
        rec["pao_from_rel"] = (pao_who - winner) % players
    return rec


def is_tenpai(tiles: Sequence[Tile], melds: int) -> bool:
    """Tells whether concealed *tiles* (with *melds* called sets) are tenpai as Tenhou
    counts it at an exhaustive draw: some tile completes the hand, and not only a tile of
    which the hand holds all four (a wait on one's own four tiles is no wait)."""
    if len(tiles) + 3 * melds != 13:
        return False
    try:
        return bool(waits(counts34(tiles), melds))
    except ValueError:
        return False
