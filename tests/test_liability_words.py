"""The liability (pao) messages name the yaku as the reader's language names them in an
explanation (the ``yaku`` catalogue's names: 大三元 in Japanese and Chinese, the romaji in
French and English, as the score's lines write them), never by their ids."""

from __future__ import annotations

import pytest

from tenpai.errors import InvalidSituation, error_text
from tenpai.hand import Hand
from tenpai.riichi import Situation
from tenpai.riichi.rules import Ruleset, find_rules
from tenpai.riichi.score import score

# three dragon pungs, fed by the players on the right and on the left
DAISANGEN_OPEN = "3388p pon 666z:right pon 777z:left pon 555z:right ron 8p"
FED = "pon 666z:right, pon 777z:left, pon 555z:right"


def _error(hand: str, pao: int, rules: Ruleset | None = None) -> InvalidSituation:
    with pytest.raises(InvalidSituation) as caught:
        sit = Situation(seat_wind="S", discarder=1, pao=pao)
        score(Hand.parse(hand), sit, rules or find_rules("bareme"))
    return caught.value


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            "le joueur d’en face ne peut pas être responsable (pao)\u00a0: il n’a fourni aucune des"
            f" combinaisons prises de Daisangen ({FED})",
        ),
        (
            "en",
            f"the player across cannot be liable (pao): they fed none of the called sets of"
            f" Daisangen ({FED})",
        ),
        (
            "ja",
            f"対面は責任払い（パオ）にならない：大三元の鳴いた面子（{FED}）をどれも鳴かせていない",
        ),
        ("zh-Hant", f"對家唔可以係包牌嘅人：大三元嘅副露（{FED}）冇一組係佢打出嘅"),
    ],
)
def test_the_player_who_fed_none_of_the_sets(lang: str, words: str) -> None:
    assert error_text(_error(DAISANGEN_OPEN, 2), lang) == words


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", "Daisangen demande 3 brelans ou carrés de dragons pris (1 ici)"),
        ("en", "Daisangen needs 3 called dragon sets (1 here)"),
        ("ja", "大三元には三元牌の鳴いた面子が3つ必要（この手は1）"),
        ("zh-Hant", "大三元要有3組碰出嘅三元牌（呢度有1組）"),
    ],
)
def test_a_yakuman_whose_sets_were_not_called(lang: str, words: str) -> None:
    # two dragon triplets concealed: nobody fed the yakuman
    assert error_text(_error("666777z3388p pon 555z:right ron 8p", 1), lang).endswith(words)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", "selon 'bareme', la responsabilité ne vaut que pour Daisangen, Daisuushii,"),
        ("en", "liability applies only to Daisangen, Daisuushii under 'bareme'"),
        ("ja", "ルール'bareme'で責任払いがあるのは大三元、大四喜だけで"),
        ("zh-Hant", "規則'bareme'淨係大三元、大四喜先要包牌"),
    ],
)
def test_a_win_with_no_such_yakuman_lists_them_by_name(lang: str, words: str) -> None:
    text = error_text(_error("123m456p789s1122z ron 2z", 1), lang)
    assert words in text
    assert "daisangen" not in text and "daisuushii" not in text


@pytest.mark.parametrize(
    ("lang", "name"),
    [
        ("fr", "Isshoku yonjun"),
        ("en", "Isshoku yonjun"),
        ("ja", "一色四順"),
        ("zh-Hant", "一色四順"),
    ],
)
def test_a_local_yakuman_is_named_too(lang: str, name: str) -> None:
    # isshoku yonjun with its liability option (the local-yaku page, "Isshoku yonjun"): only
    # the player on the left can feed a chi, so the player across cannot be liable
    rules = find_rules("bareme").with_options(
        local_yaku="isshoku_yonjun", local_options={"isshoku_yonjun.pao": True}
    )
    hand = "5z chi 123m chi 123m chi 123m chi 123m ron 5z"
    text = error_text(_error(hand, 2, rules), lang)
    assert name in text and "isshoku_yonjun" not in text
