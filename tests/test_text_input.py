"""Hands typed by people: full-width forms, other digits, separators, errors that quote the
hand as written and stay short."""

from __future__ import annotations

import pytest

from tenpai.cli import main
from tenpai.errors import ECHO_CAP, NotationError, NoYaku
from tenpai.hand import Hand
from tenpai.riichi.score import score
from tenpai.riichi.situation import Situation
from tenpai.tiles import MAX_TEXT, parse_tiles


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("１２３ｍ", "123m"),
        ("１２３m456p789s11z22z ｒｏｎ 1z", "123m456p789s1122z ron 1z"),
        ("１２３ｍ４５６ｐ７８９ｓ１１ｚ２２ｚ　ｔｓｕｍｏ　１ｚ", "123m456p789s1122z tsumo 1z"),
        ("55z123m99p ｃｈｉ ４０６ｐ pon ９９９ｓ：ａｃｒｏｓｓ tsumo 5z",
         "123m99p55z chi 406p:left pon 999s:across tsumo 5z"),
    ],
)  # fmt: skip
def test_full_width_input_reads_as_the_player_meant(typed: str, read: str) -> None:
    assert Hand.parse(typed, validate=False).format() == read


@pytest.mark.parametrize(
    ("text", "char", "at"),
    [("²m", "²", 1), ("12٣m", "٣", 3), ("1m２m௩m", "௩", 5), ("1½m", "½", 2), ("1m①m", "①", 3)],
)
def test_other_digits_are_notation_errors_naming_the_character(
    text: str, char: str, at: int
) -> None:
    with pytest.raises(NotationError) as e:
        parse_tiles(text)
    assert f"{char!r} is not a tile digit (tiles are written 0-9) at {at} in {text!r}" == str(
        e.value
    )
    with pytest.raises(NotationError):
        Hand.parse(text)


def test_errors_quote_the_hand_as_written_and_mention_dora_only_when_there_are() -> None:
    written = "123m456p79s11s234m ron 8s"  # a complete hand with no yaku
    with pytest.raises(NoYaku) as e:
        score(Hand.parse(written))
    assert str(e.value) == f"{written!r} has no yaku"
    with pytest.raises(NoYaku) as e:
        score(Hand.parse(written), Situation(dora_indicators=parse_tiles("7s")))  # 8s is dora
    assert str(e.value) == f"{written!r} has no yaku; its 1 dora alone do not make a win"


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("234m678p45667s88s,ron,5s", "234m678p4566788s ron 5s"),
        ("234m678p45667s88s, ron 5s", "234m678p4566788s ron 5s"),
        ("123m456p11z,pon 999s:across, tsumo 1z", "123m456p11z pon 999s:across tsumo 1z"),
        ("123m,456p 11z | pon 999s:across ; tsumo 1z", "123m456p11z pon 999s:across tsumo 1z"),
    ],
)
def test_a_comma_separates_the_parts_everywhere(text: str, read: str) -> None:
    assert Hand.parse(text, validate=False).format() == read


def test_echoed_input_is_cut() -> None:
    long = "123m" * 20 + "8z"  # an error at the end of a long text
    with pytest.raises(NotationError) as e:
        parse_tiles(long)
    assert str(e.value) == f"unknown tile '8z' (honours are 1z-7z) at {len(long) - 1} in " + (
        repr("…" + long[-ECHO_CAP:])
    )
    huge = "123m" * 250_000  # a 1 MB hand: refused at once, quoted cut
    for read in (parse_tiles, Hand.parse):
        with pytest.raises(NotationError) as e:
            read(huge)
        assert str(e.value) == (
            f"1,000,000 characters is no hand (at most {MAX_TEXT:,}) in "
            + repr(huge[:ECHO_CAP] + "…")
        )


def test_cli_errors_on_text_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "１２３m456p789s11z22z ron 1z"]) == 0
    assert "123m456p789s1122z ron 1z" in capsys.readouterr().out
    assert main(["shanten", "²m"]) == 2
    assert "'²' is not a tile digit" in capsys.readouterr().err
    assert main(["score", "123m456p79s11s234m ron 8s"]) == 2
    assert capsys.readouterr().err == "tenpai: error: '123m456p79s11s234m ron 8s' has no yaku\n"
    assert main(["score", "234m678p45667s88s,ron,5s"]) == 0
    capsys.readouterr()
    assert main(["score", "123m456p234s8s pon 999s:across, tsumo 8s"]) == 2  # read well
    assert "has no yaku" in capsys.readouterr().err
    assert (
        main(["score", "234m678p45s88s pon 555z:across, ron 3s"]) == 0
    )  # haku, 1 han 30 fu, East deals
    assert "1 500" in capsys.readouterr().out  # the dealer's ron table
    assert main(["score", "--variant", "hk", "123m456p789s11z22z ron 2z"]) == 2
    assert "--from left, across or right" in capsys.readouterr().err
    assert main(["score", "--variant", "hk", "123m456p789s11z2z f1 ron 2z", "--from", "left"]) == 2
    assert "give them with --flowers" in capsys.readouterr().err


def test_cli_rules_file_not_utf8(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    p = Path(str(tmp_path)) / "r.toml"
    p.write_bytes("kiriage = true # café\n".encode("latin-1"))
    assert main(["score", "234m678p45667s88s ron 5s", "--rules", str(p)]) == 2
    err = capsys.readouterr().err
    assert "is not UTF-8 (byte 0xe9 on line 1); save it as UTF-8" in err
    assert main(["score", "--variant", "hk", "123m456p789s11z22z tsumo 2z", "--rules", str(p)]) == 2
    assert "is not UTF-8" in capsys.readouterr().err
