"""The yaku as the logs name them, in Tenpai's ids: Tenhou's numbers (mjlog), Tenhou's
Japanese names and Mahjong Soul's English ones (tenhou.net/6), mjai's romaji (mjai logs).

Tenhou's numbering is the one of its mjlog format (the ``yaku=`` attribute of ``AGARI``;
tenhou.net's own viewer lists the same order). The Japanese names are those of the yaku
rows (``riichi.yaku``) plus the spellings Tenhou writes (``役牌 中``, ``場風 東``, the
``幺`` of ``断幺九``); the English ones those of Mahjong Soul's exports.

>>> yaku_of_name("断幺九"), yaku_of_name("役牌 發"), yaku_of_name("Ura Dora")
('tanyao', 'yakuhai_hatsu', 'ura_dora')
>>> yaku_of_name("tanyaochu"), TENHOU_YAKU[21]
('tanyao', 'double_riichi')
"""

from __future__ import annotations

from functools import cache

from ..riichi.yaku import STANDARD_YAKU

__all__ = ["DORA_IDS", "MJAI_NAMES", "TENHOU_YAKU", "yaku_of_name"]

DORA_IDS = frozenset({"dora", "aka_dora", "ura_dora", "kita"})
"""The ids of dora counts (listed with their han, never a yaku on their own)."""

# Tenhou's yaku numbers (the mjlog AGARI yaku= and yakuman= attributes).
# fmt: off
TENHOU_YAKU: dict[int, str] = {
    0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei",
    6: "houtei", 7: "pinfu", 8: "tanyao", 9: "iipeikou",
    10: "yakuhai_seat", 11: "yakuhai_seat", 12: "yakuhai_seat", 13: "yakuhai_seat",
    14: "yakuhai_round", 15: "yakuhai_round", 16: "yakuhai_round", 17: "yakuhai_round",
    18: "yakuhai_haku", 19: "yakuhai_hatsu", 20: "yakuhai_chun", 21: "double_riichi",
    22: "chiitoitsu", 23: "chanta", 24: "ittsu", 25: "sanshoku_doujun", 26: "sanshoku_doukou",
    27: "sankantsu", 28: "toitoi", 29: "sanankou", 30: "shousangen", 31: "honroutou",
    32: "ryanpeikou", 33: "junchan", 34: "honitsu", 35: "chinitsu", 36: "renhou",
    37: "tenhou", 38: "chiihou", 39: "daisangen", 40: "suuankou", 41: "suuankou_tanki",
    42: "tsuuiisou", 43: "ryuuiisou", 44: "chinroutou", 45: "chuuren", 46: "junsei_chuuren",
    47: "kokushi", 48: "kokushi_13", 49: "daisuushii", 50: "shousuushii", 51: "suukantsu",
    52: "dora", 53: "ura_dora", 54: "aka_dora",
}

# Spellings of the logs that are not the rows' own names.
_ALIASES: dict[str, str] = {
    # Tenhou (tenhou.net/6 result strings)
    "役牌 白": "yakuhai_haku", "役牌 發": "yakuhai_hatsu", "役牌 中": "yakuhai_chun",
    "役牌:白": "yakuhai_haku", "役牌:發": "yakuhai_hatsu", "役牌:中": "yakuhai_chun",
    "場風 東": "yakuhai_round", "場風 南": "yakuhai_round", "場風 西": "yakuhai_round",
    "場風 北": "yakuhai_round", "自風 東": "yakuhai_seat", "自風 南": "yakuhai_seat",
    "自風 西": "yakuhai_seat", "自風 北": "yakuhai_seat", "役牌:場風牌": "yakuhai_round",
    "役牌:自風牌": "yakuhai_seat", "ダブル立直": "double_riichi", "ドラ": "dora",
    "白": "yakuhai_haku", "發": "yakuhai_hatsu", "中": "yakuhai_chun",
    "赤ドラ": "aka_dora", "裏ドラ": "ura_dora", "抜きドラ": "kita",
    "国士無双１３面": "kokushi_13", "国士無双13面": "kokushi_13",
    "四暗刻単騎待ち": "suuankou_tanki",
    # Mahjong Soul's English exports
    "riichi": "riichi", "double riichi": "double_riichi", "ippatsu": "ippatsu",
    "fully concealed hand": "menzen_tsumo", "self-draw": "menzen_tsumo", "tsumo": "menzen_tsumo",
    "pinfu": "pinfu", "tanyao": "tanyao", "all simples": "tanyao",
    "pure double sequence": "iipeikou", "iipeikou": "iipeikou",
    "twice pure double sequence": "ryanpeikou", "white dragon": "yakuhai_haku",
    "green dragon": "yakuhai_hatsu", "red dragon": "yakuhai_chun", "seat wind": "yakuhai_seat",
    "prevalent wind": "yakuhai_round", "round wind": "yakuhai_round",
    "seat wind east": "yakuhai_seat", "seat wind south": "yakuhai_seat",
    "seat wind west": "yakuhai_seat", "seat wind north": "yakuhai_seat",
    "prevalent wind east": "yakuhai_round", "prevalent wind south": "yakuhai_round",
    "prevalent wind west": "yakuhai_round", "prevalent wind north": "yakuhai_round",
    "under the sea": "haitei", "under the river": "houtei", "after a kong": "rinshan",
    "robbing a kong": "chankan", "seven pairs": "chiitoitsu", "all triplets": "toitoi",
    "three concealed triplets": "sanankou", "three kongs": "sankantsu",
    "mixed triple sequence": "sanshoku_doujun", "triple triplets": "sanshoku_doukou",
    "pure straight": "ittsu", "half outside hand": "chanta", "fully outside hand": "junchan",
    "all terminals and honors": "honroutou", "little three dragons": "shousangen",
    "half flush": "honitsu", "full flush": "chinitsu", "thirteen orphans": "kokushi",
    "four concealed triplets": "suuankou", "big three dragons": "daisangen",
    "little four winds": "shousuushii", "big four winds": "daisuushii",
    "all honors": "tsuuiisou", "all terminals": "chinroutou", "all green": "ryuuiisou",
    "nine gates": "chuuren", "four kongs": "suukantsu", "blessing of heaven": "tenhou",
    "blessing of earth": "chiihou", "dora": "dora", "red five": "aka_dora",
    "red dora": "aka_dora", "ura dora": "ura_dora", "kita": "kita",
}
# fmt: on

# mjai's romaji (the `yakus` of extended `hora` events); sangenpai is any dragon.
# fmt: off
MJAI_NAMES: dict[str, str] = {
    "reach": "riichi", "double_reach": "double_riichi", "ippatsu": "ippatsu",
    "menzenchin_tsumoho": "menzen_tsumo", "tanyaochu": "tanyao", "pinfu": "pinfu",
    "ipeko": "iipeikou", "ryanpeko": "ryanpeikou", "sangenpai": "yakuhai_dragon",
    "bakaze": "yakuhai_round", "jikaze": "yakuhai_seat", "rinshankaiho": "rinshan",
    "chankan": "chankan", "haiteiraoyue": "haitei", "hoteiraoyui": "houtei",
    "sanshokudojun": "sanshoku_doujun", "ikkitsukan": "ittsu", "honchantaiyao": "chanta",
    "chitoitsu": "chiitoitsu", "toitoiho": "toitoi", "sananko": "sanankou",
    "honroto": "honroutou", "sanshokudoko": "sanshoku_doukou", "sankantsu": "sankantsu",
    "shosangen": "shousangen", "honiso": "honitsu", "junchantaiyao": "junchan",
    "chiniso": "chinitsu", "dora": "dora", "uradora": "ura_dora", "akadora": "aka_dora",
    "kokushimuso": "kokushi", "suanko": "suuankou", "daisangen": "daisangen",
    "ryuiso": "ryuuiisou", "tsuiso": "tsuuiisou", "chinroto": "chinroutou",
    "churenpoton": "chuuren", "sukantsu": "suukantsu", "daisushi": "daisuushii",
    "shosushi": "shousuushii", "tenho": "tenhou", "chiho": "chiihou",
}
# fmt: on


def _norm(name: str) -> str:
    return " ".join(name.replace("么", "幺").replace("　", " ").split()).casefold()


@cache
def _table() -> dict[str, str]:
    out: dict[str, str] = {}
    for y in STANDARD_YAKU:
        for n in (y.kanji, y.en, y.romaji):
            out.setdefault(_norm(n), y.id)
    for n, i in _ALIASES.items():
        out[_norm(n)] = i
    return out


def yaku_of_name(name: str) -> str | None:
    """Gets the Tenpai id of a yaku named as a log names it (Japanese, English, romaji
    or mjai), or None for a name it does not know."""
    key = _norm(name)
    return _table().get(key) or MJAI_NAMES.get(key.replace(" ", "_"))
