"""The one-line hand notation and its errors."""

from __future__ import annotations

import random

import pytest

from tenpai.errors import InvalidHand, NotationError, TenpaiError
from tenpai.hand import Hand, Meld

VALID = [
    "234m678p45667s88s ron 5s",
    "55z123m99p chi 406p pon 999s:across tsumo 5z",
    "123m456p789s1z kan 7777m:right ron 1z",
    "123m456p789s1z kakan 7777m ron 1z",
    "123m456p789s1z ankan 5555z tsumo 1z",
    "1m chi 123p chi 456p pon 111z:across pon 222z:right ron 1m",
    "123m456p789s1122z",
    "123m456p789s11222z",
    "123m789s1122z | chi 456p ; ron 1z",
]


@pytest.mark.parametrize("text", VALID)
def test_round_trip(text: str) -> None:
    h = Hand.parse(text)
    assert Hand.parse(h.format()) == h
    assert eval(repr(h), {"Hand": Hand}) == h


def test_meld_details() -> None:
    h = Hand.parse("55z123m99p chi 406p pon 999s:across tsumo 5z")
    chi, pon = h.melds
    assert (chi.type, chi.from_rel, chi.is_open) == ("chi", 3, True)
    assert (pon.type, pon.from_rel) == ("pon", 2)
    assert h.tsumo and h.size == 14 and not h.is_closed
    assert Hand.parse("123m456p789s1z ankan 5555z tsumo 1z").is_closed
    assert Meld.parse("kakan 1111s").format() == "kakan 1111s:left"


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("123m8z", NotationError, "unknown tile '8z'"),
        ("123m456p ron", NotationError, "needs the winning tile"),
        ("1111m1m", InvalidHand, "5 copies of 1m"),
        ("00m123p", InvalidHand, "2 red fives 0m"),
        ("123m456p789s11z ron 1z", InvalidHand, "14 tiles"),
        ("123m chi 123z", InvalidHand, "chi cannot be made of honours"),
        ("123m chi 135m", InvalidHand, "three consecutive"),
        ("123m pon 123m", InvalidHand, "identical tiles"),
        ("123m456p789s1z pon 1111z", InvalidHand, "has 3 tiles"),
        ("123m chi 123p:right", InvalidHand, "from the player on the left"),
        ("123m pon 111z:up", NotationError, "unknown source 'up'"),
        ("hello 123m", NotationError, "unknown word 'hello'"),
        ("123m ron 1m ron 2m", NotationError, "a second ron"),
        ("123m ron 1m pon 111z", NotationError, "melds come before"),
    ],
)
def test_errors_name_the_problem(text: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error) as e:
        Hand.parse(text)
    msg = str(e.value)
    assert words in msg
    assert "\n" not in msg


def _malformed(rng: random.Random) -> str:
    """Makes one malformed hand text of a random kind (the issue's list)."""
    base = rng.choice(VALID[:6])
    kind = rng.randrange(6)
    if kind == 0:  # unknown token
        junk = rng.choice(["8z", "x", "9q", "0z", "chee", "f9", "@", "ronn"])
        pos = rng.randrange(len(base) + 1)
        return base[:pos] + " " + junk + " " + base[pos:]
    if kind == 1:  # a fifth copy
        t = rng.choice(["1m", "5z", "9s", "2p"])
        return f"{t[0] * 5}{t[1]} " + base
    if kind == 2:  # two red fives of a suit
        return "00m " + base if rng.random() < 0.5 else "0s0s " + base
    if kind == 3:  # wrong tile count
        return base.replace("234m", "23m", 1) if "234m" in base else "1m " + base
    if kind == 4:  # impossible meld
        return "123m " + rng.choice(["chi 123z", "chi 135m", "pon 123m", "kan 111m", "ankan 1234p"])
    # truncated text
    cut = rng.randrange(1, len(base))
    return base[:cut] + "ron"


def test_five_hundred_malformed_inputs_fail_cleanly() -> None:
    rng = random.Random(2026)
    seen = 0
    for _ in range(500):
        text = _malformed(rng)
        try:
            Hand.parse(text)
        except TenpaiError as e:
            msg = str(e)
            assert msg and "\n" not in msg
            assert "Traceback" not in msg
            seen += 1
    assert seen == 500
