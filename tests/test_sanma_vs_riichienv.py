"""Differential test: random three-player wins with kita scored by Tenpai (``tenhou3``) and by
RiichiEnv's three-player evaluator (``riichienv.HandEvaluator3P``, a dev dependency).

Han, fu and every payment must agree. One documented rule difference: RiichiEnv's evaluator
counts a four-concealed-triplets single wait (suuankou tanki) as a double yakuman, as Mahjong
Soul does; Tenhou counts it once (Tenpai's option ``double_yakuman``), so those hands are
compared with that one pattern doubled; and where a yakuman reading and a counted-yakuman
(kazoe) reading are worth the same, RiichiEnv keeps the kazoe one (Tenpai the yakuman,
its own order). Wins without a yaku must be refused by both.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from sanma_random import Win, random_win
from tenpai.errors import NoYaku
from tenpai.riichi.rules import find_rules
from tenpai.riichi.score import score

riichienv = pytest.importorskip("riichienv")
from riichienv.hand import Conditions, HandEvaluator3P  # noqa: E402

T3 = find_rules("tenhou3")
T3_TANKI_DOUBLE = T3.with_options(double_yakuman={"suuankou_tanki"})
_RED_KIND = {34: 4, 35: 13, 36: 22}
_MELD = {
    "pon": riichienv.MeldType.Pon,
    "ankan": riichienv.MeldType.Ankan,
    "daiminkan": riichienv.MeldType.Daiminkan,
    "shouminkan": riichienv.MeldType.Kakan,
}


def _ids(tiles: tuple[int, ...], used: Counter[int]) -> list[int]:
    """Gives each tile a 136 index: a red five the copy 0 of its kind, other fives 1-3."""
    out = []
    for t in tiles:
        if t in _RED_KIND:
            out.append(4 * _RED_KIND[t])
            continue
        copies = (1, 2, 3) if t in (4, 13, 22) else (0, 1, 2, 3)
        # an indicator may be the fourth five when the hand has no red one: copy 0 then
        out.append(4 * t + copies[used[t]] if used[t] < len(copies) else 4 * t)
        used[t] += 1
    return out


def _theirs(w: Win) -> tuple[int, int, dict[str, int], bool] | None:
    used: Counter[int] = Counter()
    concealed = _ids(w.concealed, used)
    win = _ids((w.win,), used)[0]
    melds = [riichienv.Meld(_MELD[t], _ids(g, used), t != "ankan", 1) for t, g in w.melds]
    inds = _ids(w.sit.dora_indicators + w.sit.ura_indicators, used)
    n = len(w.sit.dora_indicators)
    cond = Conditions(
        tsumo=w.hand.tsumo,
        riichi=w.sit.riichi,
        player_wind=w.sit.seat_wind - 27,
        round_wind=w.sit.round_wind - 27,
        kita_count=w.kita,
    )
    res = HandEvaluator3P(concealed, melds).calc(win, inds[:n], cond, inds[n:])
    if not res.is_win:
        return None
    if not w.hand.tsumo:
        pays = {"ron": res.ron_agari}
    elif w.sit.is_dealer:
        pays = {"non_dealer": res.tsumo_agari_ko}
    else:
        pays = {"dealer": res.tsumo_agari_oya, "non_dealer": res.tsumo_agari_ko}
    return res.han, res.fu, pays, res.yakuman


def _compare(n: int, seed: int) -> Counter[str]:
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    bad = []
    while seen["scored"] < n:
        w = random_win(rng)
        if w is None:
            continue
        theirs = _theirs(w)
        try:
            s = score(w.hand, w.sit, T3)
        except NoYaku:
            seen["no_yaku"] += 1
            if theirs is not None:
                bad.append((w.hand.format(), "no yaku here", theirs))
            continue
        seen["scored"] += 1
        seen["kita"] += w.kita > 0
        seen["yakuman"] += bool(s.yakuman)
        if s.yakuman and any(y.id == "suuankou_tanki" for y in s.yakuman):
            seen["suuankou_tanki"] += 1
            s = score(w.hand, w.sit, T3_TANKI_DOUBLE)  # RiichiEnv's double yakuman
        mine = (s.han, s.fu, dict(s.base_payments), bool(s.yakuman))
        if theirs is None:
            bad.append((w.hand.format(), mine, "no win there"))
        elif s.yakuman and not theirs[3] and theirs[0] >= 13 and mine[2] == theirs[2]:
            # Equal value: a yakuman reading beats a counted-yakuman (kazoe) reading (Tenpai's
            # order); RiichiEnv keeps the kazoe one. The payments must still agree.
            seen["yakuman_over_kazoe"] += 1
        elif s.yakuman:
            if (mine[2], True) != (theirs[2], theirs[3]):
                bad.append((w.hand.format(), mine, theirs))
        elif mine != theirs:
            bad.append((w.hand.format(), mine, theirs))
    assert bad == [], f"{len(bad)} differ, first: {bad[:3]}"
    return seen


@pytest.mark.slow  # long for make check: make test runs it
def test_a_few_thousand_wins_agree() -> None:
    seen = _compare(2000, 16)
    assert seen["kita"] > 1000 and seen["yakuman"] > 0


@pytest.mark.slow
def test_twenty_thousand_wins_agree() -> None:
    seen = _compare(20000, 1616)
    assert seen["kita"] > 10000 and seen["suuankou_tanki"] > 0
