"""Pieces every log reader shares: the interchange record of a win, its flags, tenpai at a
draw, and the conversion of tile lists."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..riichi.situation import WIN_FLAGS
from ..shanten import waits
from ..tiles import Tile, counts34, format_tiles, tile_name
from .model import WINDS, Origin

__all__ = ["FLAG_YAKU", "flags_of", "is_tenpai", "make_record"]

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
    """Builds the interchange record of a win (interchange.md): the tiles, the situation,
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
