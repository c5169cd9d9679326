"""The riichi card against the seed card (001) and under each option that changes it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtext import html_lines, md_lines, numbers, seed_lines, words
from tenpai.cli import main
from tenpai.hand import Hand
from tenpai.render import render
from tenpai.riichi import Situation, find_rules
from tenpai.riichi.documents import card_options, open_han, riichi_card
from tenpai.riichi.rules import Ruleset
from tenpai.riichi.score import score
from tenpai.riichi.yaku import YAKU_BY_ID

SEED = (Path(__file__).parent / "data" / "seed-001-bareme.txt").read_text(encoding="utf-8")
BAREME = find_rules("bareme")

# Section headings of the card that the seed's extracted text lost (tabs and titles of the
# page); the only lines of the card that the seed does not have.
ADDED_HEADINGS = ("Yaku, main fermée", "Yaku, main ouverte", "Les fu", "Les points")


def card_md(rules: Ruleset = BAREME, lang: str = "fr") -> str:
    return render(riichi_card(rules, lang=lang), "md")


def cli_md(*args: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["card", *args]) == 0
    return capsys.readouterr().out


def without_added(lines: list[str]) -> list[str]:
    return [ln for ln in lines if ln not in ADDED_HEADINGS]


def yaku_sections(lines: list[str]) -> list[tuple[str, list[str]]]:
    """Splits bullet lines into the yaku sections (by han, closed only, yakuman), in order;
    stops at the fu count."""
    out: list[tuple[str, list[str]]] = []
    for ln in lines:
        if re.fullmatch(r"\d+ han", ln) or ln in ("Main fermée seulement", "Yakuman"):
            out.append((ln, []))
        elif ln.startswith("Dora"):
            out.append(("dora", []))
        elif ln.startswith("1 20") or ln == "20":  # the fu count starts
            break
        elif ln.startswith("- ") and out and out[-1][0] != "dora":
            out[-1][1].append(ln)
    return [(h, items) for h, items in out if h != "dora"]


def between(lines: list[str], first: str, last: str) -> list[str]:
    i = next(n for n, ln in enumerate(lines) if first in ln)
    j = next(n for n, ln in enumerate(lines) if last in ln)
    return lines[i : j + 1]


def table_rows(md: str) -> list[str]:
    return [ln.replace("<br>", " ") for ln in md.splitlines() if ln.startswith("| ")]


def cells(md: str) -> dict[tuple[int, int, int], str]:
    """Reads the four payment tables: (table, fu, han) -> cell text."""
    out: dict[tuple[int, int, int], str] = {}
    table = -1
    for ln in md.splitlines():
        if ln.startswith("| Fu | 1 han"):
            table += 1
            continue
        m = re.match(r"\| (\d+) fu \|(.*)\|$", ln)
        if m and table >= 0:
            for han, cell in enumerate(m.group(2).split("|"), 1):
                out[(table, int(m.group(1)), han)] = cell.strip().replace("<br>", " ")
    return out


def changed_lines(a: str, b: str) -> tuple[set[str], set[str]]:
    la, lb = md_lines(a), md_lines(b)
    return set(la) - set(lb), set(lb) - set(la)


# ---- the seed ------------------------------------------------------------------------------


def test_bareme_fr_has_the_seeds_words_and_nothing_else() -> None:
    card = md_lines(card_md())
    for heading in ADDED_HEADINGS:
        assert card.count(heading) == 1
        assert not re.search(r"\d", heading)
    assert words(without_added(card)) == words(seed_lines(SEED))


def test_bareme_fr_has_every_number_of_the_seed_in_order() -> None:
    seed_numbers = numbers(seed_lines(SEED))
    assert len(seed_numbers) == 391
    assert numbers(md_lines(card_md())) == seed_numbers


def test_bareme_fr_has_every_yaku_line_of_the_seed_in_its_section() -> None:
    seed = yaku_sections(seed_lines(SEED, bullets=True))
    card = yaku_sections(md_lines(card_md(), bullets=True))
    assert [h for h, _ in seed] == ["1 han", "2 han", "3 han", "6 han", "1 han", "2 han",
                                    "5 han", "Main fermée seulement", "Yakuman"]  # fmt: skip
    assert sum(len(items) for _, items in seed) == 30 + 22 + 8 + 12
    assert card == seed


def test_bareme_fr_has_every_fu_line_of_the_seed() -> None:
    seed = between(seed_lines(SEED), "Partir de 20 fu", "Main ouverte à 20 fu")
    card = between(md_lines(card_md()), "Partir de 20 fu", "Main ouverte à 20 fu")
    assert words(seed).replace("1 20 Partir", "20 Partir") in words(card)
    assert words(seed[1:]) == words(without_added(card)[1:])


def test_bareme_fr_payment_rows_are_the_seeds() -> None:
    seed_rows = [ln for ln in SEED.splitlines() if ln.startswith("| ")]
    assert len(seed_rows) == 4 + 10 + 11 + 10 + 11  # headers, ron tables from 25 fu
    assert table_rows(card_md()) == seed_rows


def test_bareme_fr_limit_lines_and_formula_are_the_seeds() -> None:
    seed = [
        ln
        for ln in seed_lines(SEED)
        if re.match(r"(Mangan|Haneman|Baiman|Sanbaiman|Yakuman compté) \d", ln)
    ]
    card = [ln for ln in md_lines(card_md()) if ln in seed]
    assert len(seed) == 20
    assert card == seed
    assert seed_lines(SEED)[-1] == md_lines(card_md())[-1]


def test_the_html_card_says_what_the_markdown_card_says() -> None:
    doc = riichi_card(BAREME, lang="fr")
    html = render(doc, "html")
    assert words(html_lines(html)) == words(md_lines(render(doc, "md")))
    assert html.count("<svg") == 4 and "<table" in html and "@page" in html


def test_the_command_line_writes_the_same_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_md("--rules", "bareme", "--lang", "fr", "--format", "md", capsys=capsys) == card_md()


# ---- English -------------------------------------------------------------------------------


def test_english_card_has_the_same_numbers_and_no_french() -> None:
    en = md_lines(card_md(lang="en"))
    assert numbers(en) == numbers(md_lines(card_md()))
    assert en[0] == "Scoring card"
    text = " ".join(en)
    for french in ("Calculé", "main fermée", "donneur", "Brelan", "dès", " ou "):
        assert french not in text
    assert "Computed with: red fives, no kiriage, double wind pair 4 fu, counted yakuman." in en


# ---- options -------------------------------------------------------------------------------


def test_kiriage_makes_4_han_30_fu_and_3_han_60_fu_mangan() -> None:
    plain, kiri = card_md(), card_md(BAREME.with_options(kiriage=True))
    a, b = cells(plain), cells(kiri)
    changed = {k for k in a if a[k] != b[k]}
    assert changed == {(t, fu, han) for t in range(4) for fu, han in ((30, 4), (60, 3), (60, 4))}
    assert [b[(t, 30, 4)] for t in range(4)] == [
        "Mangan 8 000", "Mangan 2 000 4 000", "Mangan 12 000", "Mangan 4 000"
    ]  # fmt: skip
    assert b[(0, 60, 3)] == "Mangan 8 000" and b[(0, 60, 4)] == ""
    assert a[(0, 30, 4)] == "7 700" and a[(0, 60, 3)] == "7 700"
    assert "Mangan 8 000 5 han, ou 4 han dès 30 fu, 3 han dès 60 fu" in md_lines(kiri)
    assert "sans kiriage" not in kiri and "kiriage mangan" in kiri


def test_double_wind_pair_at_2_fu_changes_the_double_wind_line() -> None:
    gone, new = changed_lines(card_md(), card_md(BAREME.with_options(double_wind_pair_fu=2)))
    assert gone == {
        "Calculé avec : cinq rouges, sans kiriage, double vent à 4 fu, yakuman compté.",
        "Votre vent, s’il est aussi celui de la manche +4",
    }
    assert new == {
        "Calculé avec : cinq rouges, sans kiriage, double vent à 2 fu, yakuman compté.",
        "Votre vent, s’il est aussi celui de la manche +2",
    }


def test_kazoe_sanbaiman_changes_the_last_limit_lines() -> None:
    gone, new = changed_lines(card_md(), card_md(BAREME.with_options(kazoe="sanbaiman")))
    assert {ln for ln in gone if not ln.startswith("Calculé")} == {
        "Sanbaiman 24 000 11 ou 12 han",
        "Yakuman compté 32 000 13 han et plus",
        "Sanbaiman 6 000 donneur : 12 000 11 ou 12 han",
        "Yakuman compté 8 000 donneur : 16 000 13 han et plus",
        "Sanbaiman 36 000 11 ou 12 han",
        "Yakuman compté 48 000 13 han et plus",
        "Sanbaiman 12 000 11 ou 12 han",
        "Yakuman compté 16 000 13 han et plus",
    }
    assert {ln for ln in new if not ln.startswith("Calculé")} == {
        "Sanbaiman 24 000 11 han et plus",
        "Sanbaiman 6 000 donneur : 12 000 11 han et plus",
        "Sanbaiman 36 000 11 han et plus",
        "Sanbaiman 12 000 11 han et plus",
    }


def test_no_red_fives_removes_the_aka_line() -> None:
    gone, new = changed_lines(card_md(), card_md(BAREME.with_options(aka=0)))
    assert gone == {
        "Calculé avec : cinq rouges, sans kiriage, double vent à 4 fu, yakuman compté.",
        "Aka-dora : chaque cinq rouge vaut 1 dora.",
    }
    assert new == {
        "Calculé avec : sans cinq rouges, sans kiriage, double vent à 4 fu, yakuman compté."
    }


def test_without_kuitan_tanyao_is_closed_only() -> None:
    rules = BAREME.with_options(kuitan=False)
    sections = dict(yaku_sections(md_lines(card_md(rules), bullets=True))[4:])
    assert not any(ln.startswith("- Tanyao") for ln in sections["1 han"])
    assert any(ln.startswith("- Tanyao") for ln in sections["Main fermée seulement"])
    assert "sans kuitan" in card_options(rules, lang="fr")


@pytest.mark.parametrize("kuitan", [True, False])
def test_open_values_agree_with_the_scorer(kuitan: bool) -> None:
    rules = BAREME.with_options(kuitan=kuitan)
    s = score(Hand.parse("234m678p45s88s chi 567s ron 3s"), Situation(houtei=True), rules)
    assert ("tanyao" in [y.id for y in s.yaku]) == (open_han(YAKU_BY_ID["tanyao"], rules) == 1)


def test_gated_yaku_leave_the_card() -> None:
    md = card_md(BAREME.with_options(ippatsu=False))
    assert "Ippatsu" not in md and "sans ippatsu" in md


def test_enabled_local_yaku_appear_in_their_han_sections() -> None:
    rules = BAREME.with_options(local_yaku=frozenset({"sanrenkou"}))
    sections = yaku_sections(md_lines(card_md(rules), bullets=True))
    line = (
        "- Sanrenkou trois brelans consécutifs Trois brelans ou carrés d’une famille aux nombres "
        "consécutifs."
    )
    closed_2, open_2 = sections[1], sections[5]
    assert closed_2[0] == "2 han" and closed_2[1][-1] == line
    assert open_2[0] == "2 han" and open_2[1][-1] == line
    assert "yaku locaux : Sanrenkou" in card_options(rules, lang="fr")


@pytest.mark.parametrize("preset", ["ema", "ema2012", "wrc", "tenhou", "majsoul", "mleague"])
def test_every_preset_gives_a_card_with_the_four_tables(preset: str) -> None:
    md = card_md(find_rules(preset), lang="en")
    assert md.count("| Fu | 1 han | 2 han | 3 han | 4 han |") == 4
    assert md.startswith("# Scoring card\n")


def test_the_command_line_refuses_a_page_for_the_riichi_card(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["card", "--page", "fan"]) == 2
    assert "--variant hk" in capsys.readouterr().err


def test_the_command_line_writes_html_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "card.html"
    assert (
        main(["card", "--lang", "en", "--format", "html", "--set", "kiriage=true", "-o", str(out)])
        == 0
    )
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "kiriage mangan" in html
