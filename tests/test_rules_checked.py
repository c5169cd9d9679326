"""Rules the rulebooks state, checked and shown: robbing a concealed kan, renhou as a limit,
a yakuman over a counted yakuman, liability from the melds' sources, red fives, local
variants named on the command line, and what the listings show. Each case is written in
hand notation; the expected value comes from the rule cited beside it."""

from __future__ import annotations

import json

import pytest

from tenpai.cli import main
from tenpai.hand import Hand
from tenpai.riichi import Situation, score
from tenpai.tiles import parse_tiles


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


# ---- robbing a concealed kan (riichi.md §5.1: thirteen orphans only, by option) ----------


@pytest.mark.parametrize(
    ("hand", "rules", "words"),
    [
        # Tenhou rules do not let thirteen orphans rob a concealed kan
        ("19m19p19s1234567z ron 1m", "tenhou", "not allowed under 'tenhou'"),
        # no ruleset lets any other hand rob one
        ("123m456p789s2348s ron 8s", "bareme", "only thirteen orphans"),
    ],
)
def test_chankan_ankan_on_the_command_line_is_checked(
    capsys: pytest.CaptureFixture[str], hand: str, rules: str, words: str
) -> None:
    code, out, err = _cli(
        capsys, "score", hand, "--seat", "S", "--chankan", "--chankan-ankan", "--rules", rules
    )
    assert code == 2 and out == ""
    assert words in err


def test_chankan_ankan_by_thirteen_orphans_where_allowed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the default card lets kokushi rob a concealed kan: a non-dealer's yakuman, 32000
    code, out, _ = _cli(
        capsys, "score", "19m19p19s1234567z ron 1m", "--seat", "S", "--chankan", "--chankan-ankan"
    )
    assert code == 0 and "32 000" in out


# ---- renhou as a limit (riichi.md §5.4: max(fixed limit, normal value)) ------------------


def test_renhou_as_a_limit_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    # EMA: renhou is a mangan; a hand with no other yaku is still a non-dealer's 8000
    code, out, _ = _cli(
        capsys, "score", "123m456p789s2348s ron 8s", "--seat", "S", "--renhou", "--rules", "ema"
    )
    assert code == 0
    assert "Renhou  mangan floor" in out and "8 000" in out
    code, out, _ = _cli(
        capsys,
        *("score", "123m456p789s2348s ron 8s", "--seat", "S", "--renhou", "--rules", "ema"),
        "--json",
    )
    got = json.loads(out)
    assert [(y["id"], y["limit"]) for y in got["yaku"]] == [("renhou", "mangan")]
    assert got["points"] == 8000 and got["explanation"][0]["id"] == "renhou"


# ---- a yakuman wins over a counted yakuman of the same value (riichi.md §5.5) -------------


def test_suuankou_tanki_is_not_a_counted_yakuman() -> None:
    # riichi, ippatsu, tanyao, iipeikou, chinitsu and 3 dora are 13 han, but the four
    # concealed triplets waiting on the pair are suuankou tanki: the yakuman counts
    hand = Hand.parse("2225556667778s ron 8s")
    sit = Situation(seat_wind=28, riichi=True, ippatsu=True, dora_indicators=parse_tiles("6s"))
    s = score(hand, sit, "tenhou")
    assert [y.id for y in s.yakuman] == ["suuankou_tanki"]
    assert (s.han, s.fu, s.limit, s.points) == (None, None, "yakuman", 32000)
