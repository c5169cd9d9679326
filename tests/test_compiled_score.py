"""The scorer written for C (tenpai.riichi._cscore) against its oracle, the pure fast core.

``riichi/_cscore.pyx`` scores the usual win with C arrays and C integers and builds the
``Score`` through the pure modules' constructors and caches; ``score`` uses it only while
every pure source it mirrors has the SHA-256 it was written against
(``tenpai._compiled.mirror``).  It must give the very same outcome as the pure
``score_usual`` (None, a ``Score`` equal field by field, or the same error) on every real
Tenhou win, the needs oracle's corpus and random wins, under every option it reads, one at
a time and in random combinations; what it declines goes to the fast core, and the tests
count it so that a decline cannot hide a difference (tests/test_riichi_usual.py checks, on
whichever core ``score`` uses, that the fast core gives the full scorer's outcome).
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import random
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tenpai import analysis
from tenpai._compiled import core, mirror, stale_mirrors
from tenpai.hand import Hand
from tenpai.riichi import find_rules
from tenpai.riichi import usual as pure
from tenpai.riichi.rules import Ruleset
from tenpai.riichi.score import Score
from tenpai.riichi.situation import Situation
from test_compiled_usual import option_combinations, option_values, outcome, real_wins
from test_riichi_needs import Case, corpus
from test_riichi_usual import random_wins

score_module = importlib.import_module("tenpai.riichi.score")
BUILT = core("riichi._cscore")
CSCORE = mirror("riichi._cscore")
needs_c = pytest.mark.skipif(
    CSCORE is None, reason="the scorer written for C is not built here, stale, or TENPAI_PURE"
)


def disagreements(
    cases: Iterable[Case], rules: Ruleset | None = None
) -> tuple[int, int, list[Case], list[Any]]:
    """Counts the cases and the Scores among them, lists the cases the C scorer declined,
    and lists where it differs from the pure fast core."""
    assert CSCORE is not None
    n = scores = 0
    declined: list[Case] = []
    bad = []
    for case in cases:
        a = outcome(CSCORE.score_usual_c, case, rules)
        b = outcome(pure.score_usual, case, rules)
        n += 1
        scores += isinstance(b, Score)
        if a is CSCORE.decline:  # the fast core scores it (counted: see the tests)
            declined.append(case)
        elif a != b or type(a) is not type(b):
            bad.append((case, a, b))
    return n, scores, declined, bad


@pytest.mark.skipif(BUILT is None, reason="the scorer written for C is not built here")
def test_the_c_scorer_mirrors_the_pure_sources_as_they_are() -> None:
    assert BUILT is not None
    stale = stale_mirrors(BUILT)
    assert not stale, (
        "the scorer written for C is stale, so score() runs the pure fast core: these pure "
        f"sources changed since src/tenpai/riichi/_cscore.pyx was written against them: {stale}."
        " Port the change to _cscore.pyx, write the new SHA-256 above into its MIRRORS, then "
        "rebuild (make) and run this file"
    )


@needs_c
def test_score_uses_the_c_scorer() -> None:
    assert CSCORE is not None
    assert score_module.score_usual is CSCORE.score_usual
    assert CSCORE.score_usual is not pure.score_usual


def test_a_stale_mirror_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = ModuleType("tenpai.fake_mirror")
    fake.MIRRORS = {  # type: ignore[attr-defined]
        "riichi/usual.py": "0" * 64,
        "analysis.py": ("0" * 64, hashlib.sha256(Path(analysis.__file__).read_bytes()).hexdigest()),
        "riichi/fu.py": ("1" * 64, "2" * 64),
    }
    assert list(stale_mirrors(fake)) == ["riichi/usual.py", "riichi/fu.py"]
    if BUILT is not None:
        monkeypatch.setitem(BUILT.MIRRORS, "analysis.py", "0" * 64)
        assert mirror("riichi._cscore") is None


def test_tenpai_pure_turns_it_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TENPAI_PURE", "1")
    assert mirror("riichi._cscore") is None


@needs_c
@pytest.mark.slow
def test_real_wins_agree_and_are_all_scored_in_c() -> None:
    n, scores, declined, bad = disagreements(real_wins())
    assert not bad, bad[:3]
    assert n > 6000 and scores > 6000
    assert not declined  # the real mix is what it is for


@pytest.mark.slow
@needs_c
def test_the_corpus_agrees() -> None:
    n, scores, declined, bad = disagreements(corpus())
    assert not bad, bad[:3]
    assert n > 5000 and scores > 500
    # declined: only the rulesets with local yaku (and three players), which it does not mirror
    assert declined and all(rs.local_yaku or rs.players != 4 for _, _, rs in declined)


@needs_c
@pytest.mark.slow
def test_random_wins_agree() -> None:
    n, scores, declined, bad = disagreements(random_wins(3000, 20261203))
    assert not bad, bad[:3]
    assert n == 3000 and scores > 900 and not declined


@needs_c
@pytest.mark.slow
def test_many_random_wins_agree() -> None:
    n, scores, declined, bad = disagreements(random_wins(100_000, 20261204))
    assert not bad, bad[:3]
    assert n == 100_000 and scores > 30000 and not declined


@needs_c
@pytest.mark.parametrize("name, value", option_values())
def test_every_option_alone(name: str, value: Any) -> None:
    rules = find_rules("tenhou").with_options(**{name: value})
    sample = random.Random(name + str(value)).sample(real_wins(), 150)
    n, _, declined, bad = disagreements([*sample, *random_wins(150, len(name))], rules)
    assert not bad, bad[:3]
    assert n == 300 and not declined


@needs_c
@pytest.mark.slow  # long for make check: make test runs it
def test_random_combinations_of_options() -> None:
    total = 0
    for changes, rules, cases in option_combinations(20261203):
        n, _, declined, bad = disagreements(cases, rules)
        assert not bad, (changes, bad[:3])
        assert not declined, changes
        total += n
    assert total == 6000


@needs_c
def test_situations_out_of_the_usual_agree() -> None:
    rng = random.Random(8)
    cases = []
    for hand, real, rules in rng.sample(real_wins(), 2000):
        sit = dataclasses.replace(
            real,
            honba=rng.choice((0, 3, 7, -1)),
            riichi_sticks=rng.choice((0, 2, -1)),
            ippatsu=rng.random() < 0.2,
            double_riichi=rng.random() < 0.1,
            rinshan=rng.random() < 0.1,
            haitei=rng.random() < 0.1,
            discarder=rng.choice((None, 1, 2, 3)),
            seat_wind=rng.choice((27, 28, 29, 30)),
            round_wind=rng.choice((27, 28, 29, 30)),
        )
        cases.append((hand, sit, rules))
    n, _, _, bad = disagreements(cases)
    assert not bad, bad[:3]
    assert n == 2000


def forced(value: Any, **changes: Any) -> Any:
    """A copy of the frozen *value* with *changes* set past its checks (values no parser
    makes, which the C scorer must decline or treat as Python does)."""
    out = object.__new__(type(value))
    for f in dataclasses.fields(value):
        object.__setattr__(out, f.name, changes.get(f.name, getattr(value, f.name)))
    return out


def _odd(hand: Hand, sit: Situation) -> list[tuple[Hand, Situation]]:
    return [
        (forced(hand, tsumo=int(hand.tsumo)), sit),  # an int for a bool
        (forced(hand, concealed=list(hand.concealed)), sit),
        (hand, forced(sit, discarder=True)),  # a bool for a seat
        (hand, forced(sit, discarder=0)),
        (hand, forced(sit, honba=2**70)),
        (hand, forced(sit, seat_wind=31)),
        (hand, forced(sit, dora_indicators=tuple(range(20)))),
        (hand, forced(sit, dora_indicators=(-1,))),
        (hand, forced(sit, dora_indicators=(37,))),
        (hand, forced(sit, flags=(("open_riichi", True),))),
        (hand, forced(sit, flags=(("menzen_tsumo", True), ("riichi_in_log", None)))),
        (hand, forced(sit, flags=(("menzen_tsumo",),))),
        (hand, forced(sit, riichi=1, ippatsu="yes")),
    ]


@needs_c
def test_odd_values_give_the_pure_outcome() -> None:
    rng = random.Random(9)
    cases = [
        (h, s, rules)
        for hand, sit, rules in rng.sample(real_wins(), 200)
        for h, s in _odd(hand, sit)
    ]
    n, _, declined, bad = disagreements(cases)
    assert not bad, bad[:3]
    assert n == 2600 and declined


@needs_c
def test_a_ruleset_with_local_yaku_is_left_to_the_pure_path() -> None:
    hand, sit, _ = real_wins()[0]
    rules = find_rules("tenhou").with_options(local_yaku=frozenset({"daisharin"}))
    assert CSCORE is not None
    _, _, declined, bad = disagreements([(hand, sit, rules)])
    assert not bad and len(declined) == 1


@needs_c
@pytest.mark.slow
def test_score_win_is_score() -> None:
    assert CSCORE is not None
    rng = random.Random(10)
    cases = [*rng.sample(real_wins(), 500), *random_wins(500, 11), *rng.sample(corpus(), 300)]
    n = 0
    for hand, sit, rules in cases:
        try:
            want: Any = score_module.score(hand, sit, rules)
        except Exception as e:
            want = (type(e).__name__, str(e))
        try:
            got: Any = CSCORE.score_win(hand, sit, rules)
        except Exception as e:
            got = (type(e).__name__, str(e))
        assert got == want, (hand, sit, rules.name)
        n += 1
    assert n == 1300


@needs_c
def test_score_asks_it_first_only_while_score_usual_is_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert CSCORE is not None
    hand, sit, rules = real_wins()[1]
    assert score_module._c_first is CSCORE.score_first
    first = score_module.score(hand, sit, rules)
    assert CSCORE.score_first(hand, sit, rules) == first
    calls = []

    def counted(*args: Any) -> Any:
        calls.append(args)
        return pure.score_usual(*args)

    monkeypatch.setattr(score_module, "score_usual", counted)  # another fast core: used alone
    assert score_module.score(hand, sit, rules) == first
    assert len(calls) == 1
