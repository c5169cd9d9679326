"""Tiles and the MPSZ notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tenpai.errors import NotationError
from tenpai.tiles import (
    counts34,
    dora_of,
    format_tiles,
    kind,
    parse_tile,
    parse_tiles,
    tile_name,
    unicode_tile,
)


@pytest.mark.parametrize(
    "text",
    ["123m406p789s1122z", "0m0p0s", "19m19p19s1234567z", "f1f2f3f4s1s2s3s4", "5555m"],
)
def test_round_trip(text: str) -> None:
    assert format_tiles(parse_tiles(text)) == format_tiles(
        parse_tiles(format_tiles(parse_tiles(text)))
    )
    assert sorted(parse_tiles(format_tiles(parse_tiles(text)))) == sorted(parse_tiles(text))


def test_canonical_form_keeps_red_before_plain_five() -> None:
    assert format_tiles(parse_tiles("5505m")) == "0555m"
    assert format_tiles(parse_tiles("123m406p789s1122z")) == "123m406p789s1122z"


@given(st.lists(st.integers(0, 44), max_size=20))
def test_any_tiles_round_trip(tiles: list[int]) -> None:
    text = format_tiles(tiles)
    assert sorted(parse_tiles(text)) == sorted(tiles)


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        ("1m", "2m"),
        ("9m", "1m"),
        ("9p", "1p"),
        ("0s", "6s"),
        ("4z", "1z"),
        ("1z", "2z"),
        ("5z", "6z"),
        ("7z", "5z"),
    ],
)
def test_dora_succession(indicator: str, dora: str) -> None:
    assert tile_name(dora_of(parse_tile(indicator))) == dora


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("123m8z", "'8z'"),
        ("12x", "'x'"),
        ("123", "digits without a suit"),
        ("m12", "suit letter 'm'"),
        ("f5", "f1-f4"),
        ("0z", "'0z'"),
    ],
)
def test_errors_quote_the_input(text: str, where: str) -> None:
    with pytest.raises(NotationError) as e:
        parse_tiles(text)
    assert where in str(e.value)
    assert text in str(e.value)


def test_error_pointer_marks_the_part() -> None:
    with pytest.raises(NotationError) as e:
        parse_tiles("123m8z")
    assert e.value.pointer() == "123m8z\n    ^^"


def test_red_five_is_a_five_and_counts() -> None:
    assert kind(parse_tile("0p")) == kind(parse_tile("5p"))
    assert counts34(parse_tiles("055p f1"))[13] == 3


def test_unicode_order_of_suits() -> None:
    # the Unicode block orders m, s, p
    assert unicode_tile(parse_tile("1s")) == "\U0001f010"
    assert unicode_tile(parse_tile("1p")) == "\U0001f019"
    assert unicode_tile(parse_tile("5z")) == "\U0001f006"
