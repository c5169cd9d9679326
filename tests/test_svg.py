"""Tiles drawn as SVG: every tile, red fives, honours, bonus tiles, called tiles."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tenpai.render.svg import tile_svg, tiles_svg
from tenpai.tiles import parse_tile, parse_tiles, tile_name

RED = "#c0302a"


@pytest.mark.parametrize("tile", range(45))
def test_every_tile_is_well_formed_svg(tile: int) -> None:
    svg = tile_svg(tile)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert root.get("aria-label") == tile_name(tile)
    assert len(list(root)) == 1


def test_red_fives_are_red_where_plain_fives_are_not() -> None:
    for plain, red in (("5m", "0m"), ("5p", "0p"), ("5s", "0s")):
        assert tile_svg(parse_tile(red)).count(RED) > tile_svg(parse_tile(plain)).count(RED)


def test_winds_follow_the_language() -> None:
    west = parse_tile("3z")
    assert ">W<" in tile_svg(west, lang="en") and ">O<" in tile_svg(west, lang="fr")


def test_flowers_and_seasons_differ() -> None:
    faces = {tile_svg(t) for t in parse_tiles("f1f2f3f4s1s2s3s4")}
    assert len(faces) == 8


def test_a_called_tile_lies_sideways_and_widens_the_row() -> None:
    upright = tiles_svg(parse_tiles("111m"))
    called = tiles_svg(parse_tiles("111m"), sideways=(1,))
    width = lambda s: float(ET.fromstring(s).get("viewBox", "").split()[2])  # noqa: E731
    assert "rotate(90" in called and "rotate(90" not in upright
    assert width(called) > width(upright)


def test_drawing_is_pure() -> None:
    tiles = parse_tiles("123m0p7z")
    assert tiles_svg(tiles, joiner="→") == tiles_svg(tiles, joiner="→")


def test_a_concealed_kan_shows_two_backs() -> None:
    from tenpai.hand import Hand
    from tenpai.render.svg import hand_svg

    svg = hand_svg(Hand.parse("123m456p789s1z ankan 5555z tsumo 1z"))
    kan = svg.split("<svg")[2]
    assert kan.count("<g ") == 4
    # two tiles have no face drawn: only their two rects
    groups = kan.split("<g ")[1:]
    assert sum(1 for g in groups if g.count("<rect") == 2 and "<text" not in g) == 2
