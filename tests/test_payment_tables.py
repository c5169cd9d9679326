"""The four payment tables of the seed card (tests/data/seed-001-bareme.txt), cell for cell,
recomputed from the formula; and the limit lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tenpai.riichi import find_rules
from tenpai.riichi.payment import basic_points, hand_payments

SEED = (Path(__file__).parent / "data" / "seed-001-bareme.txt").read_text(encoding="utf-8")


def _tables() -> list[dict[tuple[int, int], str]]:
    """Reads the four tables: {(fu, han): cell text}."""
    tables: list[dict[tuple[int, int], str]] = []
    current: dict[tuple[int, int], str] | None = None
    for line in SEED.splitlines():
        if line.startswith("| Fu |"):
            current = {}
            tables.append(current)
            continue
        m = re.match(r"\| (\d+) fu \|(.*)\|$", line)
        if m and current is not None:
            cells = [c.strip() for c in m.group(2).split("|")]
            for han, cell in enumerate(cells, 1):
                current[(int(m.group(1)), han)] = cell
    return tables


TABLES = _tables()
NAMES = ["non-dealer ron", "non-dealer tsumo", "dealer ron", "dealer tsumo"]


def _numbers(cell: str) -> list[int]:
    """Reads the amounts of a cell; a space separates thousands ("1 300 2 600")."""
    toks = re.findall(r"\d+", cell)
    out: list[int] = []
    i = 0
    while i < len(toks):
        if len(toks[i]) <= 2 and i + 1 < len(toks) and len(toks[i + 1]) == 3:
            out.append(int(toks[i] + toks[i + 1]))
            i += 2
        else:
            out.append(int(toks[i]))
            i += 1
    return out


def test_four_tables_found() -> None:
    assert len(TABLES) == 4
    assert [len(t) for t in TABLES] == [40, 44, 40, 44]


@pytest.mark.parametrize("which", range(4))
def test_every_cell_from_the_formula(which: int) -> None:
    rules = find_rules("bareme")
    dealer = which >= 2
    tsumo = which % 2 == 1
    checked = 0
    for (fu, han), cell in TABLES[which].items():
        if cell in ("", "·"):
            continue
        basic, limit = basic_points(han, fu, rules)
        pay = hand_payments(basic, dealer=dealer, tsumo=tsumo)
        if not tsumo:
            expected = [pay["ron"]]
        elif dealer:
            expected = [pay["non_dealer"]]
        else:
            expected = [pay["non_dealer"], pay["dealer"]]
        assert _numbers(cell) == expected, (NAMES[which], fu, han, cell)
        assert ("Mangan" in cell) == (limit == "mangan"), (fu, han, cell)
        checked += 1
    assert checked >= 30


def test_impossible_cells_are_the_seed_dots() -> None:
    # 1 han 20 fu (pinfu tsumo is 2 han), 1 han 25 fu (chiitoitsu), 2 han 25 fu tsumo
    dots = {(which, k) for which, t in enumerate(TABLES) for k, c in t.items() if c == "·"}
    assert (0, (25, 1)) in dots and (1, (20, 1)) in dots and (1, (25, 2)) in dots


@pytest.mark.parametrize(
    ("han", "limit", "nd_ron", "d_ron"),
    [
        (5, "mangan", 8000, 12000),
        (6, "haneman", 12000, 18000),
        (8, "baiman", 16000, 24000),
        (11, "sanbaiman", 24000, 36000),
        (13, "kazoe_yakuman", 32000, 48000),
    ],
)
def test_limit_lines(han: int, limit: str, nd_ron: int, d_ron: int) -> None:
    rules = find_rules("bareme")
    basic, name = basic_points(han, 30, rules)
    assert name == limit
    assert hand_payments(basic, dealer=False, tsumo=False)["ron"] == nd_ron
    assert hand_payments(basic, dealer=True, tsumo=False)["ron"] == d_ron
    assert f"{nd_ron:,}".replace(",", " ") in SEED


def test_kiriage_changes_exactly_two_cells() -> None:
    plain, kiri = find_rules("bareme"), find_rules("bareme").with_options(kiriage=True)
    changed = {
        (fu, han)
        for fu in range(20, 120, 10)
        for han in range(1, 5)
        if basic_points(han, fu, plain) != basic_points(han, fu, kiri)
    }
    assert changed == {(30, 4), (60, 3)}
