"""The riichi wing's errors (three players, records, scoring, local-yaku flags, liability,
shanten) and the deal errors speak French, Japanese and Traditional Chinese (catalogue
``errors``, docs/translating.md): each quotes the user's own input and holds no English word,
while ``str(error)`` stays the English message, word for word."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from lang_scan import foreign_words
from tenpai.errors import TenpaiError, error_text
from tenpai.hand import Hand
from tenpai.hk import deal as hk_deal
from tenpai.riichi import deal as riichi_deal
from tenpai.riichi import sanma
from tenpai.riichi.nagashi import score_nagashi
from tenpai.riichi.records import read_record
from tenpai.riichi.rules import find_rules
from tenpai.riichi.score import score
from tenpai.riichi.situation import Situation
from tenpai.shanten import shanten
from tenpai.tiles import NORTH, parse_tile

T3 = find_rules("tenhou3")
WIN = "234m678p45667s88s ron 5s"
TSUMO_WIN = "234m678p45667s88s tsumo 5s"
LOCAL = find_rules("bareme").with_options(local_yaku="sanrenkou")
ROBBED = (("robbed_kita", True),)
KITA_RON = "111p456p789p11s44z ron 4z"
# JSON keys and values of the notation the messages quote as they are written
JSON_WORDS = frozenset({"tile", "called", "true"})


def _sanma(text: str, sit: Situation | None = None, rules: Any = T3) -> Callable[[], object]:
    return lambda: sanma.check(Hand.parse(text), sit or Situation(), rules)


def _record(**rec: Any) -> Callable[[], object]:
    def run() -> object:
        hand, sit, rules = read_record(rec)
        return score(hand, sit, rules)

    return run


def _local(text: str, **flags: Any) -> Callable[[], object]:
    return lambda: score(Hand.parse(text), Situation(flags=tuple(flags.items())), LOCAL)


# (file, what raises, the user's input as the message quotes it or None, the English message)
CASES: list[tuple[str, Callable[[], object], str | None, str]] = [
    (
        "sanma",
        _sanma("234m11p"),
        "'234m11p'",
        "2m, 3m, 4m are not in the three-player set (no 2m to 8m): '234m11p'",
    ),
    (
        "sanma",
        _sanma("567m11p"),
        "'567m11p'",
        "5m, 6m, 7m are not in the three-player set (no 2m to 8m): '567m11p'",
    ),
    (
        "sanma",
        _sanma("33m"),
        "'33m'",
        "3m is not in the three-player set (no 2m to 8m): '33m'",
    ),
    (
        "sanma",
        _sanma("444z11p", Situation(dora_indicators=(NORTH, NORTH))),
        "'444z11p'",
        "5 copies of 4z, the kita and dora indicators included (there are only 4): '444z11p'",
    ),
    (
        "sanma",
        _sanma("11p chi 789p"),
        "'11p chi 789p'",
        "there is no chi at three players: '11p chi 789p'",
    ),
    (
        "sanma",
        _sanma("11p kita 4z", rules=T3.with_options(kita=False)),
        "'11p kita 4z'",
        "'tenhou3' sets no north aside (option kita): '11p kita 4z'",
    ),
    (
        "sanma",
        _sanma("11p", Situation(seat_wind=NORTH)),
        None,
        "three players sit East, South and West: no north seat",
    ),
    (
        "sanma",
        _sanma("11p", Situation(discarder=3)),
        None,
        "the discarder is 1 (right) or 2 (left) at three players, not 3",
    ),
    (
        "sanma",
        _sanma("11p", Situation(pao=3)),
        None,
        "the liable player is 1 (right) or 2 (left) at three players, not 3",
    ),
    (
        "sanma",
        _sanma(KITA_RON, Situation(flags=ROBBED), T3.with_options(kita_ron=False)),
        "'tenhou3'",
        "a kita cannot be robbed under 'tenhou3'",
    ),
    (
        "sanma",
        _sanma("111p456p789p11s44z ron 1s", Situation(flags=ROBBED)),
        None,
        "a robbed kita is a ron on a north (4z)",
    ),
    (
        "sanma",
        _sanma(KITA_RON, Situation(flags=ROBBED, chankan=True)),
        None,
        "robbing a kita is no chankan (riichi.wiki 'Sanma')",
    ),
    (
        "records",
        _record(closed_tiles=["1m"] * 5000, win_tile="1m"),
        "'closed_tiles'",
        "field 'closed_tiles' lists 5,000 tiles: no hand holds that many",
    ),
    (
        "records",
        _record(closed_tiles="11m", win_tile="1m", melds=[{"type": "bam", "tiles": "123m"}]),
        "'bam'",
        "unknown meld type 'bam' (chi, pon, daiminkan, shouminkan or ankan)",
    ),
    (
        "records",
        _record(
            closed_tiles="11m",
            win_tile="1m",
            melds=[{"type": "pon", "tiles": "999s", "from_rel": 0}],
        ),
        "'999s'",
        "field 'from_rel' is 0 (no one) on a pon of '999s': only an ankan comes from no one"
        " (1 right, 2 across, 3 left)",
    ),
    (
        "records",
        _record(closed_tiles="11m", win_tile="1m", melds=[{"type": "pon", "tiles": "789s"}]),
        "'789s'",
        "field 'melds[0]' ('789s'): a pon needs identical tiles: 789s",
    ),
    (
        "records",
        _record(closed_tiles="11m", win_tile="1m", melds=[{"type": "kita", "tiles": "1z"}]),
        "'1z'",
        "a kita sets a north (4z) aside, not '1z'",
    ),
    ("records", _record(closed_tiles="11m"), "'win_tile'", "the record has no 'win_tile'"),
    (
        "records",
        _record(closed_tiles="123m", win_tile="5p"),
        "'5p'",
        "the winning tile '5p' is not among 'closed_tiles'",
    ),
    (
        "records",
        _record(closed_tiles="234m678p45667s88s5s", win_tile="5s", winner=1, from_who=1),
        "'from_who'",
        "a ron needs another player's discard: 'from_who' is the winner (1)",
    ),
    (
        "score",
        lambda: score(Hand.parse("44556888m77s kan 5555s:right ron 6m"), Situation(), "bareme"),
        "'44556888m77s kan 5555s:right ron 6m'",
        "4 plain fives 5s in '44556888m77s kan 5555s:right ron 6m', but 'bareme' plays with 1 red"
        " 0s: one of them is the red five 0s",
    ),
    (
        "score",
        lambda: score(
            Hand.parse("234m678p45566s88s ron 5s"),
            Situation(dora_indicators=(parse_tile("5s"),)),
            find_rules("bareme"),
        ),
        "'234m678p4556688s ron 5s'",
        "4 plain fives 5s in '234m678p4556688s ron 5s' (dora indicators included), but 'bareme'"
        " plays with 1 red 0s: one of them is the red five 0s",
    ),
    (
        "score",
        lambda: score(Hand.parse(WIN), Situation(dora_indicators=(parse_tile("f1"),)), "bareme"),
        "'f1'",
        "'f1' among the dora indicators is a Hong Kong bonus tile: riichi has none",
    ),
    (
        "score",
        lambda: score(Hand.parse("111m456p789p234s5s kita 4z ron 5s"), Situation(), "bareme"),
        "'111m456p789p234s5s kita 4z ron 5s'",
        "kita (a north set aside) is a three-player call: '111m456p789p234s5s kita 4z ron 5s'",
    ),
    (
        "score",
        lambda: score(
            Hand.parse(WIN),
            Situation(chankan=True, chankan_ankan=True),
            find_rules("bareme").with_options(kokushi_chankan_ankan=False),
        ),
        "'bareme'",
        "robbing a concealed kan is not allowed under 'bareme'",
    ),
    (
        "score",
        lambda: score(
            Hand.parse(WIN),
            Situation(chankan=True, chankan_ankan=True),
            "bareme",
        ),
        None,
        "only thirteen orphans may rob a concealed kan",
    ),
    (
        "situation",
        _local(TSUMO_WIN, discard_was_riichi_declaration=True),
        "'discard_was_riichi_declaration'",
        "flag 'discard_was_riichi_declaration' is about a ron",
    ),
    (
        "situation",
        _local(WIN, open_riichi=True),
        "'open_riichi'",
        "flag 'open_riichi' needs riichi",
    ),
    (
        "situation",
        _local(WIN, consecutive_kans_before_win=2),
        "'consecutive_kans_before_win'",
        "flag 'consecutive_kans_before_win' = 2 needs a rinshan win with at least 2 kans",
    ),
    (
        "situation",
        _local(WIN, kan_in_first_turn="ankan"),
        "'kan_in_first_turn'",
        "flag 'kan_in_first_turn' = ankan needs that kan among the melds",
    ),
    (
        "situation",
        _local(WIN, discards=["1z"]),
        "'discards'",
        "flag 'discards' maps each seat wind to its discards, e.g. "
        '{"E": "19m7z", "S": ["1z", {"tile": "9m", "called": true}]}',
    ),
    (
        "situation",
        _local(WIN, discards={"E": [5]}),
        "'discards'",
        "flag 'discards': a discard is a tile or {tile, called}, not 5",
    ),
    (
        "situation",
        _local(WIN, discards={"E": 5}),
        "'discards'",
        "flag 'discards': discards are MPSZ tiles or a list, not 5",
    ),
    (
        "situation",
        _local(WIN, discards={"E": "1x"}),
        "'1x'",
        "flag 'discards': unknown character 'x' at 2 in '1x'",
    ),
    (
        "liability",
        lambda: score(Hand.parse(WIN), Situation(pao=2), "bareme"),
        "'bareme'",
        "the player across cannot be liable (pao): liability applies only to Daisangen,"
        " Daisuushii under 'bareme', and this hand won none of them",
    ),
    (
        "liability",
        lambda: score(
            Hand.parse("3388p pon 666z:right pon 777z:left pon 555z:right ron 8p"),
            Situation(pao=2),
            "bareme",
        ),
        "pon 666z:right",
        "the player across cannot be liable (pao): they fed none of the called sets of"
        " Daisangen (pon 666z:right, pon 777z:left, pon 555z:right)",
    ),
    (
        "nagashi",
        lambda: score_nagashi(Situation(seat_wind=NORTH), T3),
        None,
        "three players sit East, South and West: no north seat",
    ),
    (
        "shanten",
        lambda: shanten([4, 4, 4, 4] + [0] * 30),
        "[4, 4, 4, 4, 0, 0, 0, 0, 0]",
        "not the counts of one suit: [4, 4, 4, 4, 0, 0, 0, 0, 0]",
    ),
    (
        "deal",
        lambda: riichi_deal.parse_hand_id("riichi1:bareme:expert:fu:x"),
        "'riichi1:bareme:expert:fu:x'",
        "not a hand id: 'riichi1:bareme:expert:fu:x' (expected riichi1:RULES:LEVEL:FOCUS:SEED)",
    ),
    (
        "deal",
        lambda: hk_deal.parse_hand_id("riichi1:hkma:expert:any:1"),
        "'riichi1:hkma:expert:any:1'",
        "not a Hong Kong hand id: 'riichi1:hkma:expert:any:1' (expected"
        " hk1:RULES:LEVEL:FOCUS:SEED)",
    ),
    (
        "deal",
        lambda: riichi_deal.deal(1, "debutant", "open"),
        "'open'",
        "level 'debutant' cannot focus on 'open': first steps deal closed hands only",
    ),
    (
        "deal",
        lambda: riichi_deal.deal(1, "debutant", "sankantsu"),
        "'sankantsu'",
        "level 'debutant' cannot focus on 'sankantsu': first steps deal no kan",
    ),
    (
        "deal",
        lambda: riichi_deal.deal(1, "debutant", "toitoi"),
        "'toitoi'",
        "level 'debutant' cannot focus on 'toitoi': a closed toitoi has uncommon fu",
    ),
    (
        "deal",
        lambda: riichi_deal.deal(1, "expert", "chiitoitsu"),
        "'chiitoitsu'",
        "level 'expert' cannot focus on 'chiitoitsu': seven pairs have a single reading and a"
        " single wait",
    ),
]
IDS = [f"{where}-{i}" for i, (where, *_) in enumerate(CASES)]


def _raised(make: Callable[[], object]) -> TenpaiError:
    with pytest.raises(TenpaiError) as caught:
        make()
    return caught.value


@pytest.mark.parametrize(("where", "make", "quote", "english"), CASES, ids=IDS)
def test_english_is_unchanged(
    where: str, make: Callable[[], object], quote: str | None, english: str
) -> None:
    e = _raised(make)
    assert str(e) == english
    assert error_text(e, "en") == english


@pytest.mark.parametrize("lang", ["fr", "ja", "zh-Hant"])
@pytest.mark.parametrize(("where", "make", "quote", "english"), CASES, ids=IDS)
def test_said_in_the_players_language(
    where: str, make: Callable[[], object], quote: str | None, english: str, lang: str
) -> None:
    text = error_text(_raised(make), lang)
    assert text != english
    if quote is not None:
        assert quote in text, text
    assert foreign_words(text, lang, JSON_WORDS) == [], text


def test_a_few_exact_translations() -> None:
    e = _raised(_sanma("234m11p"))
    assert error_text(e, "fr") == (
        "2m, 3m, 4m ne sont pas dans le jeu à trois (pas de 2m à 8m)\u00a0: '234m11p'"
    )
    assert error_text(e, "ja") == "2m, 3m, 4mは三人麻雀の牌にない（2m〜8mは抜く）：'234m11p'"
    pao = _raised(lambda: score(Hand.parse(WIN), Situation(pao=1), "bareme"))
    assert error_text(pao, "ja").startswith("下家は責任払い（パオ）にならない：")
    assert error_text(pao, "zh-Hant").startswith("下家唔可以係包牌嘅人：")
    assert error_text(pao, "fr").startswith("le joueur de droite ne peut pas être responsable")
