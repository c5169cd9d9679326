"""Liability (pao, sekinin barai) checked from the melds' sources (riichi.md §9.1).

A player is liable for a yakuman only when he fed the set that completed it in the open:
daisangen needs its three dragon sets called (EMA 2012, "Trois Grands Dragons": "dans le
cas de trois pungs/kongs de dragons exposés, le joueur nourrissant le troisième élément"),
daisuushii its four wind sets, suukantsu a called kan (the fourth kan fed by a discard),
and the local yakuman of four sets (suurenkou, suuchoupaikou, isshoku yonjun: the
local-yaku page, "sekinin barai") their four sets. The liable player is then the source of
one of those called sets: for isshoku yonjun, whose sets are chi, only the player on the
left (docs: local yaku, "Isshoku yonjun": "only kamicha can be the target of
responsibility"). The hand notation does not tell in which order the sets were called, so
which of them was the last one is not checked.

>>> from tenpai.hand import Hand
>>> h = Hand.parse("3388p pon 666z:right pon 777z:left pon 555z:right ron 8p")
>>> from tenpai.riichi.rules import find_rules
>>> check_liability(h, ("daisangen",), 1, find_rules("bareme"))
>>> check_liability(h, ("daisangen",), 2, find_rules("bareme"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tenpai.errors.InvalidSituation: the player across cannot be liable (pao): they fed none ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..errors import InvalidSituation
from ..hand import FROM_REL_NAMES, Hand, Meld
from ..tiles import DRAGONS, WINDS
from .rules import Ruleset
from .table import active_yaku

__all__ = ["LIABLE_SETS", "check_liability"]

_CALLED = ("pon", "daiminkan", "shouminkan")


LIABLE_SETS: dict[str, tuple[int, str, Callable[[Meld], bool]]] = {
    "daisangen": (3, "dragon ", lambda m: m.type in _CALLED and m.kind in DRAGONS),
    "daisuushii": (4, "wind ", lambda m: m.type in _CALLED and m.kind in WINDS),
    "suukantsu": (1, "called kan", lambda m: m.type == "daiminkan"),
    "suurenkou": (4, "", lambda m: m.type != "ankan"),
    "suuchoupaikou": (4, "", lambda m: m.type != "ankan"),
    "isshoku_yonjun": (4, "", lambda m: m.type == "chi"),
}
"""For each yakuman that can make a player liable: how many of its sets must have been
called, what they are, and which melds count."""


def _who(rel: int) -> str:
    return "the player across" if rel == 2 else f"the player on the {FROM_REL_NAMES[rel]}"


def check_liability(hand: Hand, yakuman: Sequence[str], pao: int, rules: Ruleset) -> None:
    """Checks that the player *pao* (1 right, 2 across, 3 left) can be liable for one of
    *yakuman* (the yakuman of the win that allow liability under *rules*) in *hand*.

    :raises InvalidSituation: when the hand won no such yakuman, its sets were not called,
        or that player fed none of them.
    """
    head = f"{_who(pao)} cannot be liable (pao): "
    known = [y for y in yakuman if y in LIABLE_SETS]
    if not known:
        allowed = {*rules.pao_yakuman, *(y.id for y in active_yaku(rules) if y.pao)}
        raise InvalidSituation(
            f"{head}liability applies only to {', '.join(sorted(allowed))} under "
            f"{rules.name!r}, and this hand won none of them"
        )
    problems: list[str] = []
    for y in known:
        need, what, counts = LIABLE_SETS[y]
        called = [m for m in hand.melds if counts(m)]
        if len(called) < need:
            sets = "a called kan" if y == "suukantsu" else f"{need} called {what}sets"
            problems.append(f"{y} needs {sets} ({len(called)} here)")
            continue
        if any(m.from_rel == pao for m in called):
            return
        fed = ", ".join(m.format() for m in called)
        problems.append(f"they fed none of the called sets of {y} ({fed})")
    raise InvalidSituation(head + "; ".join(problems))
