"""The quick count of a riichi hand's tiles, checked: both scorers' first step.

:func:`quick_counts` counts the usual hand, every tile by kind and its red fives, and checks it
against the visible indicators and the ruleset's red fives; it gets None for anything else (a
fault, a bonus tile, a size that is not a hand's), which the full scorer
(:func:`tenpai.riichi.score.score`) then checks in full and refuses with its message.

>>> from tenpai.hand import Hand
>>> from tenpai.riichi import Situation, find_rules
>>> got = quick_counts(Hand.parse("234m678p4567s88s0s ron 5s"), Situation(), find_rules("tenhou"))
>>> got is not None and got[2]
1
"""

from __future__ import annotations

from ..hand import Hand
from ..tiles import KIND_OF
from .rules import Ruleset
from .situation import Situation

__all__ = ["quick_counts"]

_UP_TO_FOUR = bytes(range(5))  # deleted from the counts, they leave any count above 4


def quick_counts(
    hand: Hand, sit: Situation, rules: Ruleset
) -> tuple[tuple[int, ...], bytes, int] | None:
    """Gets every tile of *hand* by kind (melds included; also as bytes) and its number of red
    fives, or None when the hand is not the usual one or breaks a rule (a fifth tile,
    indicators included; more red fives, or plain ones, than *rules* plays with; a bonus tile;
    not 13 tiles and the winning one, a quad counting 3)."""
    concealed = hand.concealed
    melds = hand.melds
    win_tile = hand.win_tile
    assert win_tile is not None
    tiles = (*concealed, win_tile)
    counts = hand.counts  # (the concealed tiles and the winning tile)
    if melds:
        if len(concealed) + 3 * len(melds) != 13:
            return None
        every_tile = list(counts)
        for m in melds:
            tiles += m.tiles
            for t in m.tiles:
                if t >= 37:  # a bonus tile
                    return None
                every_tile[KIND_OF[t]] += 1
        counts = tuple(every_tile)
    elif len(concealed) != 13:
        return None
    top = max(tiles)
    every = bytes(counts)
    if top >= 37 or every.translate(None, _UP_TO_FOUR):  # a bonus tile, a fifth copy
        return None
    visible = sit.dora_indicators + sit.ura_indicators
    reds_shown = False
    for t in visible:  # indicators that leave room for themselves
        if t >= 34:
            if t >= 37:  # a bonus tile
                return None
            reds_shown = True
        elif counts[t] + visible.count(t) > 4:
            return None
    if reds_shown:  # a red five shown: count the indicators by kind
        kinds_shown = [KIND_OF[t] for t in visible]
        for k in kinds_shown:
            if counts[k] + kinds_shown.count(k) > 4:
                return None
    if rules.aka:  # more fives of a suit than the set's plain ones
        max_m, max_p, max_s = rules.max_red
        if (
            counts[4] + visible.count(4) > 4 - max_m
            or counts[13] + visible.count(13) > 4 - max_p
            or counts[22] + visible.count(22) > 4 - max_s
        ):
            return None
    reds = 0
    if top >= 34 or reds_shown:
        every_red = tiles + visible if reds_shown else tiles
        max_m, max_p, max_s = rules.max_red
        if (
            every_red.count(34) > max_m
            or every_red.count(35) > max_p
            or every_red.count(36) > max_s
        ):
            return None
        reds = tiles.count(34) + tiles.count(35) + tiles.count(36)
    return counts, every, reds
