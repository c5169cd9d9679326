"""The compiled fast core (tenpai.riichi._cusual) against its oracle, the pure fast core.

The twin is ``tenpai/riichi/usual.py`` compiled by Cython (setup.py); ``score`` uses it only
while it was built from the current source of ``usual.py``.  It must give the very same
outcome as the pure ``score_usual`` (None, a ``Score`` equal field by field, or the same
error) on every real Tenhou win, the needs oracle's corpus and random wins, under every
option the fast core reads, one at a time and in random combinations, not only the presets.
(tests/test_riichi_usual.py checks, on whichever core ``score`` uses, that the fast core
gives the full scorer's outcome.)
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import random
import types
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tenpai._compiled import core, twin
from tenpai.riichi import find_rules
from tenpai.riichi import usual as pure
from tenpai.riichi.rules import OPTIONS, Ruleset
from tenpai.riichi.score import Score
from tenpai.riichi.table import table_of
from test_riichi_needs import Case, corpus
from test_riichi_usual import random_wins
from test_riichi_usual import real_wins as read_real_wins

real_wins = functools.cache(read_real_wins)
score_module = importlib.import_module("tenpai.riichi.score")
TWIN = twin("riichi._cusual", pure)
needs_twin = pytest.mark.skipif(
    TWIN is None, reason="the compiled core is not built here (or TENPAI_PURE is set)"
)


def outcome(f: Callable[..., Any], case: Case, rules: Ruleset | None = None) -> Any:
    hand, sit, rs = case
    rs = rules if rules is not None else rs
    try:
        return f(hand, sit, rs, table_of(rs))
    except Exception as e:
        return (type(e).__name__, str(e))


def disagreements(cases: Iterable[Case], rules: Ruleset | None = None) -> tuple[int, int, list]:
    """Counts the cases, the Scores among them, and lists where the two cores differ."""
    assert TWIN is not None
    n = scores = 0
    bad = []
    for case in cases:
        a, b = outcome(TWIN.score_usual, case, rules), outcome(pure.score_usual, case, rules)
        n += 1
        scores += isinstance(b, Score)
        if a != b or type(a) is not type(b):
            bad.append((case, a, b))
    return n, scores, bad


# Values to try for each option of the rules (every choice, both booleans, a few numbers).
def option_values() -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for o in OPTIONS:
        if o.name in ("players", "local_yaku", "double_yakuman", "pao_yakuman"):
            continue  # sanma is refused before the fast core; local yaku and sets: below
        if o.kind == "bool":
            out += [(o.name, True), (o.name, False)]
        elif o.kind == "choice":
            # aka = 2 is the three-player set's two red fives, refused at four players
            out += [(o.name, c) for c in o.choices if (o.name, c) != ("aka", 2)]
        elif o.kind == "int":
            out += [(o.name, v) for v in (0, 100, 300, 1500)]
    return out


@pytest.mark.skipif(core("riichi._cusual") is None, reason="the compiled core is not built here")
def test_score_uses_the_twin_built_from_this_source() -> None:
    assert TWIN is not None, "the compiled twin is stale: rebuild it (make, or pip install -e .)"
    assert score_module.usual_core is TWIN.score_usual  # (behind the scorer written for C)
    assert TWIN.score_usual is not pure.score_usual


def test_a_twin_of_another_source_is_not_used(tmp_path: Path) -> None:
    changed = tmp_path / "usual.py"
    changed.write_text(Path(pure.__file__).read_text(encoding="utf-8") + "\n# changed\n")
    other = types.ModuleType("tenpai.riichi.usual_changed")
    other.__file__ = str(changed)
    assert twin("riichi._cusual", other) is None


@pytest.mark.slow
@needs_twin
def test_real_wins_and_the_corpus_agree() -> None:
    n, scores, bad = disagreements([*real_wins(), *corpus()])
    assert not bad, bad[:3]
    assert n > 12000 and scores > 6000


@needs_twin
@pytest.mark.slow
def test_random_wins_agree() -> None:
    n, scores, bad = disagreements(random_wins(3000, 20261201))
    assert not bad, bad[:3]
    # about a third score; the others are refused (a fifth tile, more plain fives than a
    # red-five set holds, contradictory flags) and the refusals are compared too
    assert n == 3000 and scores > 900


@needs_twin
@pytest.mark.slow
def test_many_random_wins_agree() -> None:
    n, scores, bad = disagreements(random_wins(100_000, 20261202))
    assert not bad, bad[:3]
    assert n == 100_000 and scores > 30000


@needs_twin
@pytest.mark.parametrize("name, value", option_values())
def test_every_option_alone(name: str, value: Any) -> None:
    rules = find_rules("tenhou").with_options(**{name: value})
    sample = random.Random(name + str(value)).sample(real_wins(), 150)
    n, _, bad = disagreements([*sample, *random_wins(150, len(name))], rules)
    assert not bad, bad[:3]
    assert n == 300


def option_combinations(seed: int) -> Iterator[tuple[dict[str, Any], Ruleset, list[Case]]]:
    """Thirty random combinations of option values over four presets, each with 100 real
    and 100 random wins: the changes, the ruleset and the cases."""
    rng = random.Random(seed)
    by_name: dict[str, list[Any]] = {}
    for name, value in option_values():
        by_name.setdefault(name, []).append(value)
    wins = real_wins()
    for _ in range(30):
        changes = {name: rng.choice(vs) for name, vs in by_name.items() if rng.random() < 0.6}
        rules = find_rules(rng.choice(("tenhou", "bareme", "ema", "wrc"))).with_options(**changes)
        yield changes, rules, [*rng.sample(wins, 100), *random_wins(100, rng.randrange(10**6))]


@needs_twin
@pytest.mark.slow  # long for make check: make test runs it
def test_random_combinations_of_options() -> None:
    total = 0
    for changes, rules, cases in option_combinations(20261201):
        n, _, bad = disagreements(cases, rules)
        assert not bad, (changes, bad[:3])
        total += n
    assert total == 6000


@needs_twin
def test_situations_out_of_the_usual_agree() -> None:
    # flags, counters and discarders beyond the real games' (random_wins draws some already)
    rng = random.Random(7)
    cases = []
    for hand, real, rules in rng.sample(real_wins(), 2000):
        sit = dataclasses.replace(
            real,
            honba=rng.choice((0, 3, 7, -1)),
            riichi_sticks=rng.choice((0, 2, -1)),
            ippatsu=rng.random() < 0.2,
            double_riichi=rng.random() < 0.1,
        )
        cases.append((hand, sit, rules))
    n, _, bad = disagreements(cases)
    assert not bad, bad[:3]
    assert n == 2000


def test_core_is_none_for_a_module_not_built() -> None:
    assert core("riichi._no_such_twin") is None


def test_score_many_gives_score_records_results_in_order() -> None:
    import gzip
    import json

    from tenhou_check import DATA
    from tenpai.interchange import score_many, score_record

    with gzip.open(DATA, "rt", encoding="utf-8") as fh:
        lines = [next(fh) for _ in range(300)]
    expected = [score_record(json.loads(line)) for line in lines]
    assert list(score_many(lines)) == expected
    assert list(score_many(json.loads(line) for line in lines)) == expected
    # blank lines are no record but keep their number; a line that is not JSON is an error
    got = list(score_many([lines[0], "\n", "{oops", lines[1]]))
    assert got[0] == expected[0] and got[2] == expected[1]
    assert got[1]["error"]["message"].startswith("line 3: not JSON")
