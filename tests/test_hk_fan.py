"""The Hong Kong fan rows: complete data and the page's table (hk-fan.fr.md, "Table des fan")."""

from __future__ import annotations

import pytest

from tenpai.hk import FAN_ROWS, HKRules
from tenpai.hk.fan import NOTES, Facts, notes, row, row_scores, row_value, tally
from tenpai.hk.rules import OPTION_DOCS

# hk-fan.fr.md "Table des fan": French name -> fan ("limit" = Plafond)
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


def test_rows_are_in_the_order_of_the_seed_table() -> None:
    assert [r.fr for r in FAN_ROWS if r.fr in SEED_TABLE] == list(SEED_TABLE)


@pytest.mark.parametrize("r", FAN_ROWS, ids=[r.id for r in FAN_ROWS])
def test_rows_are_complete(r: object) -> None:
    from tenpai.hk.fan import FanRow

    assert isinstance(r, FanRow)
    assert r.fr and r.en and r.zh and r.why_en and r.why_fr and r.family
    assert r.option is None or r.option in OPTION_DOCS
    assert all(o in OPTION_DOCS for o in (*r.gate, *r.void))
    assert all(row(x) for x in r.replaces)
    assert r.id not in r.replaces


def test_ids_are_unique() -> None:
    ids = [r.id for r in FAN_ROWS]
    assert len(ids) == len(set(ids))


def test_tally_is_one_generic_loop_over_facts() -> None:
    facts = Facts("standard", pungs=4, suits=frozenset({2}), honours=True, dragon_pungs=("555z",))
    t = tally(facts, HKRules())
    assert [(h.id, h.fan, h.tiles) for h in t.items] == [  # in the seed's order
        ("dragon_pung", 1, "555z"),
        ("all_pungs", 3, ""),
        ("half_flush", 3, ""),
    ]
    assert (t.raw, t.limit, t.is_legal(HKRules())) == (7, None, True)


def test_gates_turn_rows_off_as_the_options_say() -> None:
    no_flowers = HKRules(flowers_in_play=False)
    off = {r.id for r in FAN_ROWS if not row_scores(r, no_flowers)}
    assert {"no_flowers", "seat_flower", "flower_set", "eight_flowers", "seven_rob_one"} <= off
    assert row_scores(row("concealed_hand"), no_flowers)
    assert not row_scores(row("seat_wind_pung"), HKRules(wind_pungs_score=False))
    void = HKRules(concealed_hand_void_with_flowers=True)
    assert not row_scores(row("concealed_hand"), void)
    assert row_scores(row("concealed_hand"), HKRules(concealed_hand_void_with_flowers=True,
                                                      flowers_in_play=False))  # fmt: skip


def test_notes_name_known_rows_and_hold_for_the_seed() -> None:
    seed = HKRules()
    for n in NOTES:
        assert n.section in ("easy", "family", "limits") and n.fr and n.en
        assert all(row(i) for i in n.ids)
    assert [n.ids for n in notes("family", seed)] == [
        ("half_flush", "full_flush"),
        ("dragon_pung", "little_three_dragons", "big_three_dragons"),
        ("seat_flower", "flower_set"),
    ]
    assert len(notes("easy", seed)) == 6 and len(notes("limits", seed)) == 3
    # each situation has exactly one sentence: alternatives exclude each other
    for rules in (seed, HKRules(concealed_kong_breaks_concealed=True, all_chows_suited_pair=True)):
        easy = [n.ids[0] for n in notes("easy", rules)]
        assert len(easy) == len(set(easy))
    priced = HKRules(limit_overrides=(("all_honours", 10), ("earthly_hand", 13)))
    assert "tous honneurs remplace" in notes("family", priced)[0].fr
    assert [n.ids[0] for n in notes("limits", priced)] == ["big_four_winds", "eight_flowers"]
