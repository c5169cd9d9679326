"""The EMA names of the yaku (the EMA Riichi Competition Rules, in French and English), as aliases.

The card uses its own register (bareme.fr.md: "Tanyao tout simples"); players who learnt with the
EMA book know "Tout Ordinaire" / "All Simples". These names are accepted wherever a yaku is
typed (the trainer) and listed by ``tenpai yaku``.

>>> ema_names("tanyao")
('Tout Ordinaire', 'All Simples')
>>> yaku_of_ema_name("double chows purs")
'iipeikou'
"""

from __future__ import annotations

__all__ = ["EMA_NAMES", "ema_names", "yaku_of_ema_name"]

# id: (French, English), as the EMA rules write them.
EMA_NAMES: dict[str, tuple[str, str]] = {
    "riichi": ("Riichi", "Riichi"),
    "menzen_tsumo": ("Tout Caché Tiré", "Fully Concealed Hand"),
    "tanyao": ("Tout Ordinaire", "All Simples"),
    "pinfu": ("Pinfu", "Pinfu"),
    "iipeikou": ("Double Chows Purs", "Pure Double Chow"),
    "sanshoku_doujun": ("Triple Chows", "Mixed Triple Chow"),
    "ittsu": ("Grande Suite Pure", "Pure Straight"),
    "yakuhai_haku": ("Pung de Dragon", "Dragon Pung"),
    "yakuhai_hatsu": ("Pung de Dragon", "Dragon Pung"),
    "yakuhai_chun": ("Pung de Dragon", "Dragon Pung"),
    "yakuhai_seat": ("Vent du Joueur", "Seat Wind"),
    "yakuhai_round": ("Vent Dominant", "Prevalent Wind"),
    "chanta": ("Terminales et Honneurs Partout", "Outside Hand"),
    "rinshan": ("Finir sur Kong", "After a Kong"),
    "chankan": ("Voler un Kong", "Robbing the Kong"),
    "haitei": ("Fond de la Mer", "Under the Sea"),
    "houtei": ("Fond de la Mer", "Under the Sea"),
    "chiitoitsu": ("Sept Paires", "Seven Pairs"),
    "sanshoku_doukou": ("Triple Pungs", "Triple Pung"),
    "sanankou": ("Trois Pungs Cachés", "Three Concealed Pungs"),
    "sankantsu": ("Trois Kongs", "Three Kongs"),
    "toitoi": ("Tout Pung", "All Pungs"),
    "honitsu": ("Semi Pure", "Half Flush"),
    "shousangen": ("Trois Petits Dragons", "Little Three Dragons"),
    "honroutou": ("Tout Terminales et Honneurs", "All Terminals and Honours"),
    "junchan": ("Terminales Partout", "Terminals in All Sets"),
    "ryanpeikou": ("Deux Fois Double Chows Purs", "Twice Pure Double Chows"),
    "chinitsu": ("Main Pure", "Full Flush"),
    "kokushi": ("Treize Orphelins", "Thirteen Orphans"),
    "chuuren": ("Neuf Portes", "Nine Gates"),
    "tenhou": ("Bénédiction du Ciel", "Blessing of Heaven"),
    "chiihou": ("Bénédiction de la Terre", "Blessing of Earth"),
    "renhou": ("Bénédiction de l’Homme", "Blessing of Man"),
    "suuankou": ("Quatre Pungs Cachés", "Four Concealed Pungs"),
    "suukantsu": ("Quatre Kongs", "Four Kongs"),
    "ryuuiisou": ("Main Verte", "All Green"),
    "chinroutou": ("Tout Terminales", "All Terminals"),
    "tsuuiisou": ("Tout Honneurs", "All Honours"),
    "daisangen": ("Trois Grands Dragons", "Big Three Dragons"),
    "shousuushii": ("Quatre Petits Vents", "Little Four Winds"),
    "daisuushii": ("Quatre Grands Vents", "Big Four Winds"),
}

# A name shared by several yaku (the three dragon pungs, the two "Fond de la Mer") names none
# of them alone when typed.
_BY_NAME: dict[str, str] = {}
_SHARED: set[str] = set()
for _id, _names in EMA_NAMES.items():
    for _n in _names:
        _key = _n.lower()
        if _key in _BY_NAME and _BY_NAME[_key] != _id:
            _SHARED.add(_key)
        _BY_NAME.setdefault(_key, _id)


def ema_names(yaku_id: str) -> tuple[str, str] | None:
    """Gets the (French, English) EMA names of a yaku, or None when the EMA book has none."""
    return EMA_NAMES.get(yaku_id)


def yaku_of_ema_name(name: str) -> str | None:
    """Gets the yaku id of an EMA name (case-insensitive), or None if it names no single yaku."""
    key = name.strip().lower()
    return None if key in _SHARED else _BY_NAME.get(key)
