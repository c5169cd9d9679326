"""Bad records never escape as exceptions: each becomes an error record (a batch never stops)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenpai.interchange import score_record

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "variant": st.sampled_from(["riichi", "hk", "other", 3]),
        "rules": st.sampled_from(["tenhou", "nope", {"preset": "wrc", "aka": 7}, 5]),
        "closed_tiles": st.sampled_from(["234m678p455667s88s", "123m8z", "", "f1f2", None, 7]),
        "hand": st.sampled_from(["123m456p789s11222z", "x", None]),
        "win_tile": st.sampled_from(["5s", "8z", "f1", "", None, ["5s"]]),
        "melds": JSONISH,
        "tsumo": JSONISH,
        "seat_wind": st.sampled_from(["E", "S", "Q", 27, None]),
        "dora_indicators": st.sampled_from([["1m"], ["f1"], "5z", [None], 3]),
        "flags": JSONISH,
        "round": JSONISH,
        "flowers": JSONISH,
    },
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(FIELDS)
def test_any_record_gives_a_result_or_an_error_record(rec: dict[str, Any]) -> None:
    res = score_record(rec)
    assert isinstance(res, dict)
    if res.get("error") is not None:
        assert res["error"]["type"] and res["error"]["message"]
    else:
        assert isinstance(res.get("points", res.get("fan")), int | float)


@given(JSONISH)
def test_anything_at_all(rec: Any) -> None:
    assert isinstance(score_record(rec), dict)


TOKENS = st.sampled_from(
    [
        "123m",
        "456p",
        "789s",
        "11z",
        "0m",
        "55z",
        "8z",
        "5",
        "m",
        "chi",
        "pon",
        "kan",
        "ankan",
        "kakan",
        "ron",
        "tsumo",
        "1m",
        "5s",
        "406p",
        "999s:across",
        ":up",
        "f1",
        "s4",
        "|",
        ";",
        "x",
        "00m",
        "1111m",
        "7z7z",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(TOKENS, min_size=1, max_size=12))
@pytest.mark.slow
def test_any_hand_text_scores_or_fails_cleanly(tokens: list[str]) -> None:
    from tenpai.errors import TenpaiError
    from tenpai.hand import Hand
    from tenpai.riichi.score import score

    text = " ".join(tokens)
    try:
        score(Hand.parse(text))
    except TenpaiError as e:
        assert str(e) and "\n" not in str(e)
