"""Liability (pao, sekinin barai) checked from the melds' sources (EMA Riichi rules §3.3.6).

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
tenpai.errors.InvalidSituation: the player across ... sets of Daisangen (pon 666z:right, ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..errors import InvalidSituation, Localized, Msg, localized, msg
from ..hand import Hand, Meld
from ..i18n import tr
from ..tiles import DRAGONS, WINDS
from .rules import Ruleset
from .table import active_yaku
from .words import explained_name

__all__ = ["LIABLE_SETS", "check_liability"]

_CALLED = ("pon", "daiminkan", "shouminkan")


LIABLE_SETS: dict[str, tuple[int, str, Callable[[Meld], bool]]] = {
    "daisangen": (3, "dragons", lambda m: m.type in _CALLED and m.kind in DRAGONS),
    "daisuushii": (4, "winds", lambda m: m.type in _CALLED and m.kind in WINDS),
    "suukantsu": (1, "kan", lambda m: m.type == "daiminkan"),
    "suurenkou": (4, "sets", lambda m: m.type != "ankan"),
    "suuchoupaikou": (4, "sets", lambda m: m.type != "ankan"),
    "isshoku_yonjun": (4, "sets", lambda m: m.type == "chi"),
}
"""For each yakuman that can make a player liable: how many of its sets must have been
called, what they are (the catalogue's ``errors.pao.needs_<what>``), and which melds count."""


def _names(yakuman: Sequence[str]) -> Localized:
    """Names *yakuman* (ids) as an explanation of the reader's language names them (the
    catalogue's names: 大三元, Daisangen...; :func:`tenpai.riichi.words.explained_name`),
    joined by that language's ``errors.pao.list_sep``."""
    return Localized(
        lambda lang: tr("errors.pao.list_sep", lang).join(explained_name(y, lang) for y in yakuman)
    )


def check_liability(hand: Hand, yakuman: Sequence[str], pao: int, rules: Ruleset) -> None:
    """Checks that the player *pao* (1 right, 2 across, 3 left) can be liable for one of
    *yakuman* (the yakuman of the win that allow liability under *rules*) in *hand*.

    :raises InvalidSituation: when the hand won no such yakuman, its sets were not called,
        or that player fed none of them.
    """
    head = msg("errors.pao.head", who=localized(f"errors.pao.who.{pao}"))
    known = [y for y in yakuman if y in LIABLE_SETS]
    if not known:
        allowed = sorted({*rules.pao_yakuman, *(y.id for y in active_yaku(rules) if y.pao)})
        raise InvalidSituation.of(
            head, msg("errors.pao.none_won", allowed=_names(allowed), rules=rules.name)
        )
    problems: list[Msg] = []
    for y in known:
        need, what, counts = LIABLE_SETS[y]
        called = [m for m in hand.melds if counts(m)]
        if len(called) < need:
            problems.append(
                msg(f"errors.pao.needs_{what}", yaku=_names([y]), n=need, got=len(called))
            )
            continue
        if any(m.from_rel == pao for m in called):
            return
        fed = ", ".join(m.format() for m in called)
        problems.append(msg("errors.pao.fed_none", yaku=_names([y]), fed=fed))
    parts = [head]
    for i, problem in enumerate(problems):
        parts += [msg("errors.pao.and"), problem] if i else [problem]
    raise InvalidSituation.of(*parts)
