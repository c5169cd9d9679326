"""The Hong Kong pages: the fan table against seed 003, payments against hong-kong.md."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from cardtext import html_lines, md_lines, numbers, seed_lines, words
from tenpai.cli import main
from tenpai.render import render
from tenpai.render.hk_data import HK_DEFAULT, half_spicy, spicy
from tenpai.render.hk_pages import fan_page, payments_page, settle, share

SEED = (Path(__file__).parent / "data" / "seed-003-hk-fan.txt").read_text(encoding="utf-8")
# The extracted text glued two blocks of the page's last link: "À lire ensuite" and the link.
GLUED = ("À lire ensuitePoints et paiements →", "À lire ensuite Points et paiements →")


def fan_md(lang: str = "fr") -> str:
    return render(fan_page(HK_DEFAULT, lang=lang), "md")


def pay_md(lang: str = "fr") -> str:
    return render(payments_page(HK_DEFAULT, lang=lang), "md")


def test_every_row_of_the_seed_fan_table_is_on_the_page() -> None:
    seed_rows = [ln for ln in SEED.splitlines() if ln.startswith("| ")]
    assert len(seed_rows) == 1 + 18 + 1 + 13
    page_rows = [ln for ln in fan_md().splitlines() if ln.startswith("| ")]
    assert page_rows == seed_rows


def test_every_line_of_the_seed_fan_page_is_on_the_page_in_order() -> None:
    seed = [GLUED[1] if ln == GLUED[0] else ln for ln in seed_lines(SEED)]
    assert md_lines(fan_md()) == seed


def test_the_html_fan_page_says_what_the_markdown_page_says() -> None:
    doc = fan_page(HK_DEFAULT, lang="fr")
    assert words(html_lines(render(doc, "html"))) == words(md_lines(render(doc, "md")))
    assert 'href="hk-payments.fr.html"' in render(doc, "html")


def test_english_fan_page_has_the_same_numbers() -> None:
    assert numbers(md_lines(fan_md("en"))) == numbers(md_lines(fan_md("fr")))
    assert "| Full flush (清一色) | 7 fan |" in fan_md("en")


def test_the_cap_and_minimum_come_from_the_data() -> None:
    data = dataclasses.replace(HK_DEFAULT, cap=13, min_fan=4)
    md = render(fan_page(data, lang="fr"), "md")
    assert "(13 fan par défaut)" in md and "quatre fan viennent souvent" in md
    pay = render(payments_page(data, lang="fr"), "md")
    assert "| 13 — plafond (爆棚) | 384 | 192 |" in pay and "| 3 |" not in pay


def test_conversion_table_is_the_half_spicy_curve() -> None:
    lines = pay_md().splitlines()
    start = next(i for i, ln in enumerate(lines) if "出銃" in ln and ln.startswith("|"))
    rows = []
    for ln in lines[start + 2 :]:
        if not ln.startswith("|"):
            break
        rows.append(ln.split("|"))
    discard = [int(r[2].replace(" ", "")) for r in rows]
    drawn = [int(r[3].replace(" ", "")) for r in rows]
    assert discard == [8, 16, 24, 32, 48, 64, 96, 128]  # hong-kong.md §6.1, D = M at base 0.5
    assert drawn == [d // 2 for d in discard]
    assert "| 10 — plafond (細爆) | 128 | 64 |" in pay_md()
    assert [half_spicy(f) for f in range(14)] == [
        1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384
    ]  # fmt: skip
    assert spicy(13) == 8192


@pytest.mark.parametrize(
    ("fan", "winner", "discarder", "resp", "liable", "expected"),
    [
        (4, 1, None, None, None, (-8, 24, -8, -8)),  # §8 ex 1
        (8, 0, 3, None, None, (64, 0, 0, -64)),  # ex 2, full
        (8, 0, 3, "half", None, (64, -16, -16, -32)),  # ex 2, half
        (13, 2, None, None, None, (-64, -64, 192, -64)),  # ex 3, capped at 10
        (9, 3, None, None, 2, (0, 0, -144, 144)),  # ex 7, twelve tiles
        (10, 3, 1, "half", None, (-32, -64, -32, 128)),  # ex 4, half
        (0, 1, 0, "half", None, (Fraction(-1, 2), 1, Fraction(-1, 4), Fraction(-1, 4))),
    ],
)
def test_settlements_follow_hong_kong_md(
    fan: int,
    winner: int,
    discarder: int | None,
    resp: str | None,
    liable: int | None,
    expected: tuple[int, ...],
) -> None:
    got = settle(
        HK_DEFAULT, fan=fan, winner=winner, discarder=discarder, responsibility=resp, liable=liable
    )
    assert got == expected
    assert sum(got) == 0


def test_payments_page_has_the_worked_examples_and_the_rules() -> None:
    md = pay_md()
    for line in (
        "- Paiements : Est −8, Ouest −8, Nord −8, Sud +24",
        "- Paiements : Nord −64, Est +64",
        "- Avec le jeteur qui paie double : Sud −16, Ouest −16, Nord −32, Est +64",
        "- **Total : 13 fan, plafonnés à 10**",
        "- Paiements : Est −64, Sud −64, Nord −64, Ouest +192",
        "- Paiements : Ouest −144, Nord +144",
    ):
        assert line in md.splitlines()
    assert "三番起糊" in md and "詐糊" in md and "192 chacun, 576 en tout" in md
    assert "L’Est ne paie ni ne reçoit double" in md
    assert "| 二五雞 « deux-cinq poulet » | 0,25 $ / 0,50 $ | 0,5 |" in md
    assert share(HK_DEFAULT, 10) == 64


def test_english_payments_page_has_the_same_numbers() -> None:
    fr, en = md_lines(pay_md("fr")), md_lines(pay_md("en"))
    norm = [n.replace(",", ".") for n in numbers(fr)]
    assert [n.replace(",", ".") for n in numbers(en)] == norm
    assert "Payments: East −8, West −8, North −8, South +24" in en


def test_payments_page_draws_the_example_hands_with_flowers_and_called_tiles() -> None:
    html = render(payments_page(HK_DEFAULT, lang="fr"), "html")
    assert html.count("<svg") >= 12
    assert 'aria-label="f3"' in html and "rotate(90" in html


def test_command_line_hk_pages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "--variant", "hk", "--lang", "fr"]) == 0
    assert capsys.readouterr().out == fan_md()
    assert main(["card", "--variant", "hk", "--page", "payments", "--lang", "en"]) == 0
    assert capsys.readouterr().out == pay_md("en")
    assert main(["card", "--variant", "hk", "--rules", "wrc"]) == 2
    assert "riichi card only" in capsys.readouterr().err
