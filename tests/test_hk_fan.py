"""The Hong Kong fan rows: complete data and the seed's table (seed 003, "Table des fan")."""

from __future__ import annotations

import pytest

from tenpai.hk import FAN_ROWS, HKRules
from tenpai.hk.fan import Facts, row, row_value, tally
from tenpai.hk.rules import OPTION_DOCS

# seed 003 "Table des fan": French name -> fan ("limit" = Plafond)
SEED_TABLE = {
    "Sans fleur": 1,
    "Fleur de sa place": 1,
    "Série de fleurs": 2,
    "Main cachée": 1,
    "Pioche gagnante": 1,
    "Tous chows": 1,
    "Pung de dragon": 1,
    "Pung du vent du tour": 1,
    "Pung du vent de place": 1,
    "Extrêmes et honneurs": 1,
    "Dernière tuile": 1,
    "Victoire après kong": 1,
    "Vol de kong": 1,
    "Tous pungs": 3,
    "Couleur mêlée": 3,
    "Trois petits dragons": 5,
    "Couleur pure": 7,
    "Trois grands dragons": 8,
    "Treize orphelins": "limit",
    "Neuf portes": "limit",
    "Quatre pungs cachés": "limit",
    "Quatre kongs": "limit",
    "Quatre grands vents": "limit",
    "Quatre petits vents": "limit",
    "Tous honneurs": "limit",
    "Tous extrêmes": "limit",
    "Main céleste": "limit",
    "Main terrestre": "limit",
    "Main humaine": "limit",
    "Les huit fleurs": "limit",
    "Sept fleurs en volent une": "limit",
}


def test_the_defaults_are_the_seed_table() -> None:
    by_fr = {r.fr: row_value(r, HKRules()) for r in FAN_ROWS}
    assert {k: by_fr[k] for k in SEED_TABLE} == SEED_TABLE
    off = {r.id for r in FAN_ROWS if r.fr not in SEED_TABLE}
    assert off == {"double_kong_replacement", "flower_replacement", "seven_pairs", "seven_flowers"}
    assert all(row_value(row(i), HKRules()) is None for i in off)


@pytest.mark.parametrize("r", FAN_ROWS, ids=[r.id for r in FAN_ROWS])
def test_rows_are_complete(r: object) -> None:
    from tenpai.hk.fan import FanRow

    assert isinstance(r, FanRow)
    assert r.fr and r.en and r.zh and r.why_en and r.why_fr and r.family
    assert r.option is None or r.option in OPTION_DOCS
    assert all(row(x) for x in r.replaces)
    assert r.id not in r.replaces


def test_ids_are_unique() -> None:
    ids = [r.id for r in FAN_ROWS]
    assert len(ids) == len(set(ids))


def test_tally_is_one_generic_loop_over_facts() -> None:
    facts = Facts("standard", pungs=4, suits=frozenset({2}), honours=True, dragon_pungs=("555z",))
    t = tally(facts, HKRules())
    assert [(h.id, h.fan, h.tiles) for h in t.items] == [
        ("all_pungs", 3, ""),
        ("half_flush", 3, ""),
        ("dragon_pung", 1, "555z"),
    ]
    assert (t.raw, t.limit, t.is_legal(HKRules())) == (7, None, True)
