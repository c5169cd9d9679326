"""The riichi dealer's versions (``tenpai.riichi.deal``): ``riichi2`` draws only the forced
groups a hand of the rules and the level can hold, where ``riichi1`` drew them all and dealt
again (first steps deal closed hands of 40 fu at most, the card's fu: a concealed triplet of
1 or 9 is 8 fu, so sanshoku doukou of 111 or 999 is 50 fu at least; three players have no 2m
to 8m). The ids of ``riichi1`` still replay into the hands it dealt; an unknown version is a
clear error naming it."""

from __future__ import annotations

import importlib
import io
import sys
from collections.abc import Iterator

import pytest

from tenpai.cli import main
from tenpai.hand import Hand
from tenpai.riichi.deal import FOCI, deal, replay
from tenpai.trainer.dealing import LEVELS, DealError

deal_module = importlib.import_module("tenpai.riichi.deal")


def _doukou_triplets(hand: Hand) -> set[int]:
    """The numbers (1-9) of which the hand holds a triplet in each of the three suits."""
    counts = [0] * 34
    for t in (*hand.concealed, hand.win_tile, *(x for m in hand.melds for x in m.tiles)):
        assert t is not None
        counts[t if t < 34 else (4, 13, 22)[t - 34]] += 1
    return {n + 1 for n in range(9) if all(counts[n + 9 * s] >= 3 for s in range(3))}


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Hand]]:
    """Every hand the dealer builds, kept or dealt again."""
    built: list[Hand] = []
    real = deal_module._build

    def build(*args: object) -> tuple[Hand, object]:
        hand, sit = real(*args)
        built.append(hand)
        return hand, sit

    monkeypatch.setattr(deal_module, "_build", build)
    yield built


def test_first_steps_draw_no_doukou_of_terminals(builds: list[Hand]) -> None:
    for seed in range(40):
        d = deal(seed, "debutant", "sanshoku_doukou")
        assert d.id.startswith("riichi2:") and (d.score.fu or 0) <= 40
    drawn = [_doukou_triplets(h) for h in builds]
    assert all(drawn) and not any(ns & {1, 9} for ns in drawn)


def test_the_first_version_drew_them_and_dealt_again(builds: list[Hand]) -> None:
    for seed in range(40):
        replay(f"riichi1:bareme:debutant:sanshoku_doukou:{seed}")
    assert any(ns & {1, 9} for ns in map(_doukou_triplets, builds))


def test_three_players_draw_no_tile_of_2m_to_8m(builds: list[Hand]) -> None:
    for focus in ("sanshoku_doukou", "ittsu", "iipeikou"):
        for seed in range(10):
            deal(seed, "intermediaire", focus, "tenhou3")
    held = {t for h in builds for t in (*h.concealed, *(x for m in h.melds for x in m.tiles))}
    assert not held & set(range(1, 8))


@pytest.mark.slow
def test_the_change_leaves_every_other_hand_as_it_was() -> None:
    changed = set()
    for rules in ("bareme", "tenhou3"):
        for level in LEVELS:
            for focus in FOCI:
                for seed in (2, 5):  # seed 2: the first-steps doukou it changes
                    try:
                        new = deal(seed, level, focus, rules)
                    except DealError:
                        continue
                    old = replay(f"riichi1:{rules}:{level}:{focus}:{seed}")
                    assert old.id.startswith("riichi1:") and new.id.startswith("riichi2:")
                    if (old.hand, old.situation) != (new.hand, new.situation):
                        changed.add((rules, level, focus))
    recipes_of_slots = {"sanshoku_doukou", "ittsu", "iipeikou", "ryanpeikou"}
    assert changed <= {("bareme", "debutant", "sanshoku_doukou")} | {
        ("tenhou3", level, focus) for level in LEVELS for focus in recipes_of_slots
    }
    assert ("bareme", "debutant", "sanshoku_doukou") in changed


def test_an_old_id_replays_from_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    old = "riichi1:bareme:debutant:sanshoku_doukou:2"
    assert main(["train", "--hand", old, "--store", ":memory:", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert f"Hand 1 · {old}" in out and "666m666p2256667s tsumo 6s" in out


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "was dealt by version 'riichi7' of the dealer"),
        ("fr", "a été donnée par la version 'riichi7' du donneur"),
        ("ja", "バージョン'riichi7'"),
        ("zh-Hant", "版本'riichi7'"),
    ],
)
def test_an_unknown_version_is_named(lang: str, words: str) -> None:
    with pytest.raises(DealError) as e:
        replay("riichi7:bareme:debutant:any:1")
    said = e.value.message_in(lang)
    assert words in said and "riichi1, riichi2" in said
