"""The hand and the situation of a drill question written as text lines (the terminal drill,
the web drill and the trainer's variants show them alike)."""

from __future__ import annotations

from ..hand import Hand
from ..hk.situation import HKSituation
from ..riichi.situation import Situation
from ..tiles import Tile, format_tiles, tile_name, unicode_tile

__all__ = ["hand_lines", "hk_situation_line", "situation_line"]

_WIND = {
    "en": {27: "East", 28: "South", 29: "West", 30: "North"},
    "fr": {27: "Est", 28: "Sud", 29: "Ouest", 30: "Nord"},
}
_FROM = {
    "fr": {1: "du joueur de droite", 2: "du joueur d’en face", 3: "du joueur de gauche"},
    "en": {1: "the player on the right", 2: "the player across", 3: "the player on the left"},
}


def hand_lines(hand: Hand, bonus: tuple[Tile, ...] = ()) -> tuple[str, str]:
    """Writes *hand* as Unicode tiles (concealed, melds in brackets, then the winning tile,
    then the *bonus* tiles of a Hong Kong hand) and in the one-line MPSZ notation."""
    uni = "".join(unicode_tile(t) for t in hand.concealed)
    for m in hand.melds:
        uni += " [" + "".join(unicode_tile(t) for t in m.tiles) + "]"
    if hand.win_tile is not None:
        uni += "  + " + unicode_tile(hand.win_tile)
    mpsz = hand.format()
    if bonus:
        uni += "  " + "".join(unicode_tile(t) for t in bonus)
        mpsz += "  " + format_tiles(bonus, sort=False)
    return uni, mpsz


def situation_line(sit: Situation, tsumo: bool, lang: str = "en") -> str:
    """Writes the situation of a win on one line (winds, how it was won, riichi, dora,
    counters)."""
    fr = lang == "fr"
    wind = _WIND["fr" if fr else "en"]
    bits = [
        f"siège {wind[sit.seat_wind]}, manche {wind[sit.round_wind]}"
        if fr
        else f"{wind[sit.seat_wind]} seat, {wind[sit.round_wind]} round"
    ]
    if sit.is_dealer:
        bits[0] += " (donneur)" if fr else " (dealer)"
    if tsumo:
        bits.append("tsumo")
    elif sit.discarder is not None:
        who = _FROM["fr" if fr else "en"][sit.discarder]
        bits.append(f"ron sur la défausse {who}" if fr else f"ron from {who}")
    else:
        bits.append("ron")
    if sit.double_riichi:
        bits.append("double riichi")
    elif sit.riichi:
        bits.append("riichi")
    for flag in ("ippatsu", "rinshan", "chankan", "haitei", "houtei"):
        if getattr(sit, flag):
            bits.append(flag)
    dora = " ".join(tile_name(t) for t in sit.dora_indicators)
    bits.append(f"indicateur de dora {dora}" if fr else f"dora indicator {dora}")
    if sit.ura_indicators:
        ura = " ".join(tile_name(t) for t in sit.ura_indicators)
        bits.append(f"ura {ura}")
    if sit.honba:
        bits.append(f"{sit.honba} honba")
    if sit.riichi_sticks:
        n = sit.riichi_sticks
        bits.append(
            f"{n} bâton{'s' if n > 1 else ''}" if fr else f"{n} stick{'s' if n > 1 else ''}"
        )
    return " · ".join(bits)


_HK_FLAGS = {
    "last_tile": ("dernière tuile", "last tile"),
    "kong_replacement": ("victoire après kong", "kong replacement"),
    "double_kong_replacement": ("après deux kongs", "after two kongs"),
    "flower_replacement": ("victoire après fleur", "flower replacement"),
    "robbing_kong": ("vol de kong", "robbing the kong"),
}
_SEAT_OF_FR = ("de l’Est", "du Sud", "de l’Ouest", "du Nord")


def hk_situation_line(sit: HKSituation, self_drawn: bool, lang: str = "en") -> str:
    """Writes the situation of a Hong Kong win on one line (winds, how it was won, bonus
    tiles, the special ways of winning).

    >>> hk_situation_line(HKSituation.of(seat="S", discarder="W", flowers="f2 s1"), False)
    'South seat, East round · on West’s discard · bonus tiles f2 s1'
    """
    fr = lang == "fr"
    wind = _WIND["fr" if fr else "en"]
    seat, rnd = wind[27 + sit.seat], wind[27 + sit.round_wind]
    bits = [f"siège {seat}, manche {rnd}" if fr else f"{seat} seat, {rnd} round"]
    if sit.seat == 0:
        bits[0] += " (donneur)" if fr else " (dealer)"
    if self_drawn:
        bits.append("pioche gagnante" if fr else "self-drawn")
    elif sit.discarder is not None:
        who = sit.discarder
        if sit.robbing_kong:
            bits.append(
                f"sur le kong {_SEAT_OF_FR[who]}" if fr else f"on {wind[27 + who]}’s added kong"
            )
        else:
            bits.append(
                f"sur la défausse {_SEAT_OF_FR[who]}" if fr else f"on {wind[27 + who]}’s discard"
            )
    if sit.flowers:
        listed = format_tiles(sit.flowers, sort=False)
        bits.append(f"fleurs {listed}" if fr else f"bonus tiles {listed}")
    else:
        bits.append("aucune fleur" if fr else "no bonus tile")
    for flag, (fr_word, en_word) in _HK_FLAGS.items():
        if getattr(sit, flag):
            bits.append(fr_word if fr else en_word)
    return " · ".join(bits)


# ---- the drill ---------------------------------------------------------------------------------
