"""The riichi dealer's recipes (``tenpai.riichi.deal``) deal the same hands for the same seeds,
whatever shape the recipes take in the code: these hands were dealt by the dealer of hand-id
version ``riichi1`` before its recipes became a table, and an id must always replay into the
same hand (a change of the hands is a change of ``DEALER_VERSION``, and the ids of the earlier
version replay into the hands it dealt)."""

from __future__ import annotations

import hashlib

import pytest

from tenpai.riichi.deal import _RECIPES, _SHAPE_YAKU, DEALER_VERSION, deal, replay
from tenpai.riichi.yaku import YAKU_BY_ID
from tenpai.trainer.dealing import LEVELS, DealError

# (focus, seed) -> the hand dealt at level intermediaire under bareme
PINNED = {
    ("pinfu", 1): "12334406m345p22s ron 5m",
    ("pinfu", 2): "678m23466p12334s ron 5s",
    ("tanyao", 1): "34m055667788p05s tsumo 5m",
    ("tanyao", 2): "3456667p234s chi 324m:left ron 5p",
    ("iipeikou", 1): "56m44789p112233s tsumo 7m",
    ("iipeikou", 2): "66778m12223p234s ron 8m",
    ("yakuhai_haku", 1): "340m6p pon 666z:left pon 555z:right chi 406p:left tsumo 6p",
    ("yakuhai_haku", 2): "78m55p chi 789p:left pon 222z:left pon 555z:right ron 6m",
    ("yakuhai_hatsu", 1): "3399s chi 234p:left pon 666z:right pon 555z:across ron 3s",
    ("yakuhai_hatsu", 2): "78m23405p123s666z ron 9m",
    ("yakuhai_chun", 1): "123p2266778s777z ron 8s",
    ("yakuhai_chun", 2): "3345667m777s777z tsumo 0m",
    ("yakuhai_seat", 1): "444777m78999p22z tsumo 2z",
    ("yakuhai_seat", 2): "11145m67888s ankan 2222z tsumo 3m",
    ("yakuhai_round", 1): "234m33366p34s222z tsumo 2s",
    ("yakuhai_round", 2): "44m40678p222s111z ron 6p",
    ("chiitoitsu", 1): "22m33889p1199s22z ron 9p",
    ("chiitoitsu", 2): "114466899m0599s ron 8m",
    ("toitoi", 1): "444p2055s555z pon 555p:left tsumo 2s",
    ("toitoi", 2): "222p3344s pon 666z:across pon 505s:left tsumo 4s",
    ("sanankou", 1): "055m77p77888s777z ron 7p",
    ("sanankou", 2): "22223888p666s66z ron 1p",
    ("sankantsu", 1): "66s11z kan 7777s:across ankan 2222p kakan 2222m:across ron 1z",
    ("sankantsu", 2): "3366m kakan 8888m:left kakan 2222p:right ankan 0555s ron 3m",
    ("sanshoku_doujun", 1): "123m123p05s11z chi 213s:left tsumo 1z",
    ("sanshoku_doujun", 2): "67788m678p678s66z ron 6m",
    ("sanshoku_doukou", 1): "33777m777p56777s tsumo 4s",
    ("sanshoku_doukou", 2): "11177m78p pon 111p:left pon 111s:left ron 6p",
    ("ittsu", 1): "123m23406789p33z tsumo 1p",
    ("ittsu", 2): "78m44s chi 213m:left chi 546m:left chi 879m:left tsumo 6m",
    ("chanta", 1): "12233m22z chi 312p:left pon 777z:right ron 1m",
    ("chanta", 2): "12379m123p123s33z ron 8m",
    ("honroutou", 1): "4z pon 555z:across pon 111s:right pon 222z:right pon 111m:left tsumo 4z",
    ("honroutou", 2): "111m11p55566z pon 111z:left ron 6z",
    ("shousangen", 1): "56m666s55566677z ron 7m",
    ("shousangen", 2): "45p55566z ankan 7777z pon 444s:left ron 3p",
    ("ryanpeikou", 1): "33440566m45566s tsumo 4s",
    ("ryanpeikou", 2): "23344m66667788p tsumo 2m",
    ("junchan", 1): "77889m112233p11s tsumo 9m",
    ("junchan", 2): "13789m123p12399s tsumo 2m",
    ("honitsu", 1): "1235567m pon 777z:right chi 567m:left tsumo 0m",
    ("honitsu", 2): "4566788899s777z ron 8s",
    ("chinitsu", 1): "1112222367777s ron 8s",
    ("chinitsu", 2): "2334405677888m ron 9m",
}

# Every shape focus, every level under bareme and two under tenhou3 (three players; their
# sanshoku doujun cannot be dealt: no 2m-8m), seeds 0-5: the SHA-256 of the ids and hands, as
# the dealer of riichi1 dealt them (its ids replay into them) and as riichi2 deals them.
DIGEST = "34308741103639538beb6d01d683e49cf2658addd44d0d1976617a469203d0bf"
DIGEST2 = "a9d94ba3ea0a6a75f07a847699e998c68ec430b0ec6e22cf7cfd0720db3bc438"


def test_the_recipes_are_keyed_by_yaku_ids_the_drill_deals() -> None:
    assert set(_RECIPES) <= set(_SHAPE_YAKU) <= set(YAKU_BY_ID)


def test_the_pins_cover_every_shape_focus() -> None:
    assert DEALER_VERSION == "riichi2"
    assert {f for f, _ in PINNED} == set(_SHAPE_YAKU)


@pytest.mark.parametrize(("focus", "seed"), sorted(PINNED))
def test_a_focus_deals_its_pinned_hand(focus: str, seed: int) -> None:
    # riichi2 changed no hand of four players at this level: both versions deal the pins
    for d in (
        deal(seed, "intermediaire", focus),
        replay(f"riichi1:bareme:intermediaire:{focus}:{seed}"),
    ):
        assert d.hand.format() == PINNED[focus, seed]
        assert focus in {y.id for y in d.score.yaku}  # and the hand has the yaku asked for


def _digest(version: str) -> str:
    h = hashlib.sha256()
    for rules, levels in (("bareme", LEVELS), ("tenhou3", ("intermediaire", "expert"))):
        for level in levels:
            for focus in _SHAPE_YAKU:
                if rules == "tenhou3" and focus == "sanshoku_doujun":
                    continue
                for seed in range(6):
                    try:
                        d = replay(f"{version}:{rules}:{level}:{focus}:{seed}")
                        h.update(f"{d.id} {d.hand.format()}\n".encode())
                    except DealError as e:
                        h.update(f"{rules}:{level}:{focus}:{seed} {e}\n".encode())
    return h.hexdigest()


@pytest.mark.parametrize(("version", "digest"), [("riichi1", DIGEST), ("riichi2", DIGEST2)])
@pytest.mark.slow
def test_every_focus_level_and_table_deals_its_pinned_hands(version: str, digest: str) -> None:
    assert _digest(version) == digest
