"""The hand and the situation of a drill question written as text lines (the terminal drill,
the web drill and the trainer's variants show them alike)."""

from __future__ import annotations

from ..hand import Hand
from ..hk.situation import HKSituation
from ..i18n import ntr, tr
from ..riichi.explain import t
from ..riichi.situation import Situation
from ..tiles import Tile, format_tiles, tile_name, unicode_tile

__all__ = ["hand_lines", "hk_situation_line", "situation_line"]

_WIND = {
    "en": {27: "East", 28: "South", 29: "West", 30: "North"},
    "fr": {27: "Est", 28: "Sud", 29: "Ouest", 30: "Nord"},
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
    counters), in *lang* (catalogue ``riichi.display.*``).

    >>> from tenpai.tiles import parse_tiles
    >>> sit = Situation(seat_wind=27, riichi=True, honba=1, dora_indicators=parse_tiles("3m"))
    >>> situation_line(sit, True, "ja")
    '東場・東家（親） · ツモ · 立直 · ドラ表示牌 3m · 1本場'
    """

    def w(key: str, **values: object) -> str:
        return tr(f"riichi.display.{key}", lang, **values)

    seat = t("seat_" + "ESWN"[sit.seat_wind - 27], lang)
    rnd = t("seat_" + "ESWN"[sit.round_wind - 27], lang)
    bits = [w("winds", seat=seat, round=rnd)]
    if sit.is_dealer:
        bits[0] += w("dealer")
    if tsumo:
        bits.append(w("tsumo"))
    elif sit.discarder is not None:
        bits.append(w("ron_from", who=w(f"from_{sit.discarder}")))
    else:
        bits.append(w("ron"))
    if sit.double_riichi:
        bits.append(w("double_riichi"))
    elif sit.riichi:
        bits.append(w("riichi"))
    for flag in ("ippatsu", "rinshan", "chankan", "haitei", "houtei"):
        if getattr(sit, flag):
            bits.append(w(flag))
    bits.append(w("dora", tiles=" ".join(tile_name(t) for t in sit.dora_indicators)))
    if sit.ura_indicators:
        bits.append(w("ura", tiles=" ".join(tile_name(t) for t in sit.ura_indicators)))
    if sit.honba:
        bits.append(w("honba", n=sit.honba))
    if sit.riichi_sticks:
        n = sit.riichi_sticks
        bits.append(ntr("riichi.display.sticks", n, lang, n=n))
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
