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


_HK_FLAGS = ("last_tile", "kong_replacement", "double_kong_replacement", "flower_replacement",
             "robbing_kong")  # fmt: skip


def hk_situation_line(sit: HKSituation, self_drawn: bool, lang: str = "en") -> str:
    """Writes the situation of a Hong Kong win on one line (winds, how it was won, bonus
    tiles, the special ways of winning), in *lang* (catalogue ``hk.situation.*``).

    >>> hk_situation_line(HKSituation.of(seat="S", discarder="W", flowers="f2 s1"), False)
    'South seat, East round · on West’s discard · bonus tiles f2 s1'
    >>> hk_situation_line(HKSituation.of(seat="E"), True, "zh-Hant")
    '門風東・圈風東（莊家） · 自摸 · 無花'
    """
    seat, rnd = (tr(f"hk.seat.{'ESWN'[i]}", lang) for i in (sit.seat, sit.round_wind))
    bits = [tr("hk.situation.winds", lang, seat=seat, round=rnd)]
    if sit.seat == 0:
        bits[0] += tr("hk.situation.dealer", lang)
    if self_drawn:
        bits.append(tr("hk.situation.self_drawn", lang))
    elif sit.discarder is not None:
        how = "robbed" if sit.robbing_kong else "discard"
        bits.append(tr(f"hk.situation.{how}.{'ESWN'[sit.discarder]}", lang))
    if sit.flowers:
        bits.append(tr("hk.situation.flowers", lang, tiles=format_tiles(sit.flowers, sort=False)))
    else:
        bits.append(tr("hk.situation.no_flowers", lang))
    bits += [tr(f"hk.situation.flag.{flag}", lang) for flag in _HK_FLAGS if getattr(sit, flag)]
    return " · ".join(bits)


# ---- the drill ---------------------------------------------------------------------------------
