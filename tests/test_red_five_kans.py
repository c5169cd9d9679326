"""Hands holding all four fives of a suit, red ones among them or not: a kan of fives (ankan,
daiminkan, shouminkan), or a triplet or a pon of fives and a fourth five in a sequence.

A red five replaces one plain copy of its kind (Tenhou's sets): a set with one red 5s holds three
plain 5s, so the four fives of a hand are not all plain, and the red ones are counted apart.
The fast core (``riichi/usual.py``) once counted the red fives with the plain ones and left
every such hand to the full scorer, which counts only the plain ones and scores them as usual;
it now takes them. On every kind of such hand, under rulesets with no red five, one, and two red
5p, and three-player ones, the fast core must give the full scorer's outcome (a ``Score``, or
the same error for the hands that break the set: four plain fives, more red ones than it holds),
and the scorer written for C the pure fast core's; each red five is one han of aka dora
(docs/generated/bareme.fr.md).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tenpai.hand import Hand, Meld
from tenpai.riichi import find_rules
from tenpai.riichi import usual as pure
from tenpai.riichi.rules import Ruleset
from tenpai.riichi.score import Score
from tenpai.riichi.situation import Situation
from tenpai.riichi.table import table_of
from test_compiled_score import CSCORE, disagreements, needs_c
from test_riichi_needs import Case, outcome
from test_riichi_usual import real_wins

score_module = importlib.import_module("tenpai.riichi.score")

FIVES = (4, 13, 22)  # 5m, 5p, 5s
REDS = (34, 35, 36)  # 0m, 0p, 0s
KANS = ("ankan", "daiminkan", "shouminkan")
SHAPES = (*KANS, "triplet", "pon")  # how the four fives are held
FOUR_PLAYERS = {
    "tenhou": find_rules("tenhou"),  # one red five a suit
    "bareme": find_rules("bareme"),
    "ema": find_rules("ema"),  # none
    "five reds": find_rules("tenhou").with_options(aka=4),  # two red 5p
}
THREE_PLAYERS = {"tenhou3": find_rules("tenhou3"), "majsoul3": find_rules("majsoul3")}
MIDDLE_MAN = range(1, 8)  # 2m to 8m: not in the three-player set


def five_win(
    rng: random.Random, shape: str, suit: int, reds: int, three: bool
) -> tuple[Hand, Situation] | None:
    """Deals a random complete hand holding the four fives of *suit* as *shape*, *reds* of
    them red, with a random situation (three players when *three*), or None when the draw
    made an impossible one."""
    five = FIVES[suit]
    kinds = [k for k in range(34) if k != five and not (three and k in MIDDLE_MAN)]
    starts = [k for k in range(27) if k % 9 < 7 and not (three and k < 9)]
    left = [4] * 34
    left[five] = 0
    # the four fives: the kan, or the triplet (pon) and the sequence holding the fourth
    fives: list[list[int]] = [[five] * 4] if shape in KANS else [[five] * 3]
    if shape not in KANS:
        start = five - rng.randrange(3)
        seq = [start, start + 1, start + 2]
        for k in seq:
            if k != five:
                left[k] -= 1
        fives.append(seq)
    sets: list[list[int]] = []
    for _ in range(4 - len(fives)):
        for _try in range(20):
            if rng.random() < 0.5 and not three:
                k = rng.choice([s for s in starts if not s <= five <= s + 2])
                tiles = [k, k + 1, k + 2]
            else:  # (a dragon often: a yaku for an open hand)
                tiles = [rng.choice((31, 32, 33) if rng.random() < 0.3 else kinds)] * 3
            if all(left[t] >= tiles.count(t) for t in tiles):
                for t in tiles:
                    left[t] -= 1
                sets.append(tiles)
                break
        else:
            return None
    pairs = [k for k in kinds if left[k] >= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    left[pair] -= 2
    # the red fives: *reds* of the four fives of the suit, in the kan or the triplet, or in
    # the sequence; the other suits' fives red or not
    slots = [(i, j) for i, g in enumerate(fives) for j, k in enumerate(g) if k == five]
    red_slots = set(rng.sample(slots, reds))
    held = [
        [REDS[suit] if (i, j) in red_slots else k for j, k in enumerate(g)]
        for i, g in enumerate(fives)
    ]
    other_red = {k: r for k, r in zip(FIVES, REDS, strict=True) if k != five}
    for g in [*sets, [pair, pair]]:
        held.append([other_red.pop(k) if k in other_red and rng.random() < 0.3 else k for k in g])
    pair_tiles = held.pop()
    concealed: list[int] = [*pair_tiles]
    melds: list[Meld] = []
    seats = (1, 2) if three else (1, 2, 3)
    for i, tiles in enumerate(held):
        g = fives[i] if i < len(fives) else sets[i - len(fives)]
        if i == 0 and shape in KANS:
            rng.shuffle(tiles)
            melds.append(Meld(shape, tuple(tiles), rng.choice(seats)))
        elif i == 0 and shape == "pon":
            melds.append(Meld("pon", tuple(tiles), rng.choice(seats)))
        elif i >= len(fives) and rng.random() < 0.25:
            chi = g[0] != g[1]
            melds.append(
                Meld("chi" if chi else "pon", tuple(tiles), 3 if chi else rng.choice(seats))
            )
        else:
            concealed.extend(tiles)
    win = concealed.pop(rng.randrange(len(concealed)))
    tsumo = rng.random() < 0.4
    closed = all(m.type == "ankan" for m in melds)
    riichi = closed and rng.random() < 0.8
    shown = [*[k for k in range(34) if left[k] > 0 and not (three and k in MIDDLE_MAN)], *REDS]
    inds = tuple(rng.choice(shown) for _ in range(rng.randint(1, 3)))
    sit = Situation(
        seat_wind=rng.choice((27, 28, 29) if three else (27, 28, 29, 30)),
        round_wind=rng.choice((27, 28)),
        riichi=riichi,
        rinshan=tsumo and shape in KANS and rng.random() < 0.3,
        dora_indicators=inds[:-1] or inds,
        ura_indicators=inds[-1:] if riichi else (),
        honba=rng.choice((0, 0, 1, 3)),
        riichi_sticks=rng.choice((0, 0, 1)),
        discarder=None if tsumo else rng.choice((None, *seats)),
    )
    return Hand(tuple(concealed), tuple(melds), win, tsumo), sit


def five_wins(rules: Ruleset, n: int, seed: str) -> Iterator[tuple[Case, str, int]]:
    """*n* random hands of each shape, suit and number of red fives among the four (none, one,
    two) under *rules*, each with its shape and that number."""
    three = rules.players == 3
    rng = random.Random(seed)
    for shape in SHAPES:
        for suit in (1, 2) if three else (0, 1, 2):
            for reds in (0, 1, 2):
                made = 0
                while made < n:
                    dealt = five_win(rng, shape, suit, reds, three)
                    if dealt is not None:
                        yield (*dealt, rules), shape, reds
                        made += 1


def _declines(*args: object) -> None:
    return None


def outcomes(cases: list[Case], usual: Any) -> list[Score | str]:
    """The outcome of ``score`` on each case with *usual* as its fast core."""
    saved = score_module.score_usual
    score_module.score_usual = usual
    try:
        return [outcome(c) for c in cases]
    finally:
        score_module.score_usual = saved


RULESETS = {**FOUR_PLAYERS, **THREE_PLAYERS}


@pytest.mark.parametrize("name", RULESETS)
def test_the_fast_core_gives_the_full_scorers_outcome_on_the_four_fives(name: str) -> None:
    rules = RULESETS[name]
    dealt = list(five_wins(rules, 12, name))
    cases = [case for case, _, _ in dealt]
    fast = [outcome(c) for c in cases]  # the fast core in use (the C scorer where built)
    full = outcomes(cases, _declines)
    assert fast == full
    assert outcomes(cases, pure.score_usual) == full  # the pure fast core
    four = rules.players == 4
    scores: dict[tuple[str, int], int] = {}
    taken: dict[tuple[str, int], int] = {}
    for ((hand, sit, _), shape, reds), got in zip(dealt, full, strict=True):
        if not isinstance(got, Score):
            continue
        every_red = sum(t in REDS for t in hand.all_tiles())
        # the card's dora: each red five one han of aka dora, none on a yakuman
        assert aka_han(got) == (0 if got.yakuman or not rules.aka else every_red)
        scores[shape, reds] = scores.get((shape, reds), 0) + 1
        if four and pure.score_usual(hand, sit, rules, table_of(rules)) is not None:
            taken[shape, reds] = taken.get((shape, reds), 0) + 1
    # what the set holds is scored (four plain fives without red fives, else one red five, or
    # two red 5p with five reds), the rest refused; with four players the fast core takes
    # nearly all (the others: hands that could be yakuman or limits, which the full scorer
    # weighs; closed kans with concealed triplets, mostly)
    for shape in SHAPES:
        for reds in (0, 1, 2):
            n = scores.get((shape, reds), 0)
            if reds == 0:
                assert (n > 0) == (rules.aka == 0), (shape, reds, n)
            elif reds == 1:
                assert (n > 0) == (rules.aka > 0), (shape, reds, n)
            else:
                assert (n > 0) == (rules.max_red[1] == 2), (shape, reds, n)
            if four:
                assert taken.get((shape, reds), 0) >= 0.6 * n, (shape, reds, taken, n)
    assert sum(scores.values()) > len(cases) / 8
    if four:
        assert sum(taken.values()) > 0.9 * sum(scores.values())


def aka_han(score: Score) -> int:
    return sum(d.han for d in score.dora if d.id == "aka_dora")


@needs_c
@pytest.mark.parametrize("name", FOUR_PLAYERS)
@pytest.mark.slow
def test_the_c_scorer_gives_the_pure_fast_cores_outcome_on_the_four_fives(name: str) -> None:
    rules = FOUR_PLAYERS[name]
    cases = [case for case, _, _ in five_wins(rules, 40, f"c {name}")]
    n, scores, declined, bad = disagreements(cases)
    assert not bad, bad[:3]
    assert not declined
    assert n == 5 * 3 * 3 * 40 and scores > n / 8


def test_three_player_rulesets_are_left_to_the_full_scorer(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = []
    monkeypatch.setattr(score_module, "score_usual", lambda *args: asked.append(args))
    for rules in THREE_PLAYERS.values():
        for case, _, _ in five_wins(rules, 2, "asked"):
            outcome(case)
    assert not asked


# the card's fu and points: each example's han, fu and points worked out by hand (the dora
# indicator 3z shows 4z, which no example holds)
EXAMPLES = [
    # riichi 1 + aka 1; 20 + closed ron 10 + ankan of simples 16 + penchan 2 = 48: 50 fu;
    # 2 han 50 fu, a non-dealer's ron: 50 x 2^4 = 800 basic points, x 4 = 3200
    ("12m456789p88s ankan 0555s ron 3m", dict(riichi=True), 2, 50, 3200),
    # haku 1 + aka 1; 20 + daiminkan of simples 8 + concealed haku triplet 8 + tanki 2 = 38:
    # 40 fu; 640 basic points, x 4 = 2560: 2600
    ("234m2p678s555z kan 5055p:left ron 2p", {}, 2, 40, 2600),
    # chun 1 + aka 1; 20 + shouminkan of simples 8 + chun triplet completed on the ron 4 = 32:
    # 40 fu, 2600; the dealer's tsumo of the same hand: 20 + 8 + concealed chun 8 + tsumo 2 =
    # 38, 40 fu, 640 x 2 = 1280: 1300 from each
    ("123m456p88s77z kakan 5550s:right ron 7z", {}, 2, 40, 2600),
    ("123m456p88s77z kakan 5550s:right tsumo 7z", dict(seat_wind=27), 2, 40, 3900),
    # a triplet of 5m and the red five in 406m: riichi, menzen tsumo, tanyao, aka 1; 20 +
    # tsumo 2 + concealed triplet of simples 4 + ryanmen 0 = 26: 30 fu; 30 x 2^6 = 1920 basic
    # points: 3900 from the dealer, 2000 from each other
    ("40555m678p22345s tsumo 6m", dict(riichi=True), 4, 30, 7900),
]


@pytest.mark.parametrize("text, sit, han, fu, points", EXAMPLES)
def test_the_fast_core_scores_the_four_fives_by_the_rules(
    text: str, sit: dict[str, Any], han: int, fu: int, points: int
) -> None:
    hand = Hand.parse(text)
    situation = Situation(**{"seat_wind": 28, "dora_indicators": (29,), **sit})
    rules = find_rules("tenhou")
    got = pure.score_usual(hand, situation, rules, table_of(rules))
    assert got is not None  # the fast core takes it
    assert (got.han, got.fu, got.points, aka_han(got)) == (han, fu, points, 1)
    assert score_module.score(hand, situation, rules) == got
    if CSCORE is not None:
        assert CSCORE.score_usual_c(hand, situation, rules, table_of(rules)) == got


@pytest.mark.slow  # a long oracle: make test runs it, make check does not
def test_the_fast_core_takes_the_real_wins_holding_four_fives() -> None:
    held = []
    for hand, sit, rules in real_wins():
        tiles = hand.all_tiles()
        fives = [
            [t for t in tiles if t in (five, red)] for five, red in zip(FIVES, REDS, strict=True)
        ]
        if any(len(f) == 4 and max(f) in REDS for f in fives):
            held.append((hand, sit, rules))
    plain = [c for c in held if not (s := score_module.score(*c)).yakuman and s.han < 6]
    assert len(held) > 30 and len(plain) > 20  # the real wins hold a few dozen
    for hand, sit, rules in plain:
        assert pure.score_usual(hand, sit, rules, table_of(rules)) is not None, hand.format()
