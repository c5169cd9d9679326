"""The Hong Kong pages: the fan table against hk-fan.fr.md, payments against hk-payments.fr.md, and
both generated from the Hong Kong rules (tenpai.hk) for any profile."""

from __future__ import annotations

import difflib
from dataclasses import replace
from pathlib import Path

import pytest

from cardtext import html_lines, md_lines, numbers, seed_lines, words
from tenpai.cli import main
from tenpai.hk import HKRules, HKSituation, documents, find_rules, page_data, payment_table, settle
from tenpai.hk.documents import fan_page, payments_page
from tenpai.hk.fan import row
from tenpai.hk.page_data import hk_page_data
from tenpai.hk.rules import hk_profile_names
from tenpai.hk.score import score as score_hk
from tenpai.render import render

SEED = (Path(__file__).parent / "data" / "seed-003-hk-fan.txt").read_text(encoding="utf-8")
# The extracted text glued two blocks of the page's last link: "À lire ensuite" and the link.
GLUED = ("À lire ensuitePoints et paiements →", "À lire ensuite Points et paiements →")


def fan_md(lang: str = "fr", rules: HKRules | None = None) -> str:
    return render(fan_page(hk_page_data(rules), lang=lang), "md")


def pay_md(lang: str = "fr", rules: HKRules | None = None) -> str:
    return render(payments_page(hk_page_data(rules), lang=lang), "md")


def changed(a: str, b: str) -> tuple[list[str], list[str]]:
    """Lists the lines only in *a* and only in *b* (in order)."""
    diff = list(difflib.ndiff(a.splitlines(), b.splitlines()))
    return [d[2:] for d in diff if d.startswith("- ")], [d[2:] for d in diff if d.startswith("+ ")]


# ---- the seed's page ---------------------------------------------------------------------------


def test_every_row_of_the_seed_fan_table_is_on_the_page() -> None:
    seed_rows = [ln for ln in SEED.splitlines() if ln.startswith("| ")]
    assert len(seed_rows) == 1 + 18 + 1 + 13
    page_rows = [ln for ln in fan_md().splitlines() if ln.startswith("| ")]
    assert page_rows == seed_rows


def test_every_line_of_the_seed_fan_page_is_on_the_page_in_order() -> None:
    seed = [GLUED[1] if ln == GLUED[0] else ln for ln in seed_lines(SEED)]
    assert md_lines(fan_md()) == seed


def test_the_html_fan_page_says_what_the_markdown_page_says() -> None:
    doc = fan_page(hk_page_data(), lang="fr")
    assert words(html_lines(render(doc, "html"))) == words(md_lines(render(doc, "md")))
    assert 'href="hk-payments.fr.html"' in render(doc, "html")


def test_english_fan_page_has_the_same_numbers() -> None:
    assert numbers(md_lines(fan_md("en"))) == numbers(md_lines(fan_md("fr")))
    assert "| Full flush (清一色) | 7 fan |" in fan_md("en")


def test_the_table_is_the_engine_rows_and_the_seed_spelling_lives_in_the_rows() -> None:
    d = hk_page_data()
    assert [x.id for x in d.items][:3] == ["no_flowers", "seat_flower", "flower_set"]
    assert len(d.items) == 18 and len(d.limit_hands) == 13
    assert row("four_concealed_pungs").page_zh in fan_md()  # 坑坑糊, the seed's
    # the renderer and the page data hold no payment arithmetic of their own
    for module in (documents, page_data):
        assert not hasattr(module, "share") and not hasattr(module, "HK_DEFAULT")
    assert not hasattr(documents, "settle")


# ---- the payments page -------------------------------------------------------------------------


def _conversion_rows(md: str) -> list[list[str]]:
    lines = md.splitlines()
    start = next(i for i, ln in enumerate(lines) if "出銃" in ln and ln.startswith("|"))
    rows = []
    for ln in lines[start + 2 :]:
        if not ln.startswith("|"):
            break
        rows.append([c.strip() for c in ln.split("|")[1:-1]])
    return rows


def test_conversion_table_is_the_engine_payment_table() -> None:
    rows = _conversion_rows(pay_md())
    discard = [int(r[1].replace(" ", "")) for r in rows]
    drawn = [int(r[2].replace(" ", "")) for r in rows]
    assert discard == [8, 16, 24, 32, 48, 64, 96, 128]  # hk-payments.fr.md, D = M at base 0.5
    assert [(f, d, p) for f, d, p in payment_table(HKRules())] == list(
        zip(range(3, 11), discard, drawn, strict=True)
    )
    assert "| 10 — plafond (細爆) | 128 | 64 |" in pay_md()


def test_who_pays_what_is_settled_by_the_engine() -> None:
    d = hk_page_data()
    by_key = {s.key: s for s in d.splits}
    assert d.split_fan == 3
    assert (by_key["self_draw"].winner, by_key["self_draw"].each_other) == (12, 4)
    assert (by_key["discard_full"].payer, by_key["discard_full"].each_other) == (8, 0)
    assert (by_key["discard_half"].payer, by_key["discard_half"].each_other) == (4, 2)
    assert by_key["robbing_kong"].payer == 12 and by_key["liable"].payer == 12
    s = settle(3, HKRules(), winner=1, self_drawn=False, discarder=2, robbing_kong=True)
    assert s.payments == (0, 12, -12, 0)
    assert "| Sur défausse, le jeteur paie double (半銃 / 陪銃) | +8 | 4 | 2 |" in pay_md()
    assert "| En pioche (自摸) | +12 | — | 4 |" in pay_md()


def test_payments_page_has_the_worked_examples_and_the_rules() -> None:
    md = pay_md()
    for line in (
        "- Paiements : Est −8, Ouest −8, Nord −8, Sud +24",
        "- Paiements : Nord −64, Est +64",
        "- Avec le jeteur qui paie double : Sud −16, Ouest −16, Nord −32, Est +64",
        "- **Total : 13 fan, plafonnés à 10**",
        "- Paiements : Est −64, Sud −64, Nord −64, Ouest +192",
        "- Paiements : Ouest −144, Nord +144",
        "- Sans ce 包, chacun paierait 48.",
    ):
        assert line in md.splitlines()
    assert "三番起糊" in md and "詐糊" in md and "192 chacun, 576 en tout" in md
    assert "L’Est ne paie ni ne reçoit double" in md
    assert "| 二五雞 « deux-cinq poulet » | 0,25 $ / 0,50 $ | 0,5 |" in md


def test_worked_examples_are_scored_by_the_engine() -> None:
    for ex in hk_page_data().examples:
        again = score_hk(ex.hand, ex.situation, HKRules())
        assert (ex.score.fan, ex.score.payments) == (again.fan, again.payments)
    ex2 = next(e for e in hk_page_data().examples if e.key == "double_east")
    assert ex2.situation == HKSituation.of(seat="E", discarder="N", flowers="s3")
    assert [h.id for h in ex2.score.items] == [
        "round_wind_pung",
        "seat_wind_pung",
        "all_pungs",
        "half_flush",
    ]


def test_english_payments_page_has_the_same_numbers() -> None:
    fr, en = md_lines(pay_md("fr")), md_lines(pay_md("en"))
    norm = [n.replace(",", ".") for n in numbers(fr)]
    assert [n.replace(",", ".") for n in numbers(en)] == norm
    assert "Payments: East −8, West −8, North −8, South +24" in en


def test_payments_page_draws_the_example_hands_with_flowers_and_called_tiles() -> None:
    html = render(payments_page(hk_page_data(), lang="fr"), "html")
    assert html.count("<svg") >= 12
    assert 'aria-label="f3"' in html and "rotate(90" in html


# ---- other rules, other pages ------------------------------------------------------------------


def test_cap_13_changes_exactly_the_rows_the_cap_touches() -> None:
    cap13 = replace(HKRules(), cap=13)
    gone, new = changed(fan_md(), fan_md(rules=cap13))
    assert new == ["Règles : hk — plafond : 13", "", gone[0].replace("(10 fan", "(13 fan")]
    assert len(gone) == 1  # the fan table itself says "Plafond" either way
    gone, new = changed(pay_md(), pay_md(rules=cap13))
    rows = _conversion_rows(pay_md(rules=cap13))
    assert rows[-4:] == [
        ["10", "128", "64"],
        ["11", "192", "96"],
        ["12", "256", "128"],
        ["13 — plafond (爆棚)", "384", "192"],
    ]
    assert "| 10 — plafond (細爆) | 128 | 64 |" in gone
    assert (
        "- **Total : 13 fan**" in new
        and "- Paiements : Est −192, Sud −192, Nord −192, Ouest +576" in new
    )
    # the 3-fan table, the stakes, the liability and the hands below the cap do not move
    assert not [ln for ln in gone if "| En pioche (自摸) | +12" in ln or "二五雞" in ln]
    assert "- Paiements : Ouest −144, Nord +144" not in gone
    assert "- Paiements : Nord −64, Est +64" not in gone
    assert any("576 chacun, 1 728 en tout" in ln for ln in new)


def test_the_spicy_curve_changes_the_amounts_from_five_fan_only() -> None:
    spicy = replace(HKRules(), spiciness="spicy")
    assert fan_md(rules=spicy).replace("Règles : hk — barème : tout épicé\n\n", "") == fan_md()
    rows = _conversion_rows(pay_md(rules=spicy))
    assert [r[1] for r in rows] == ["8", "16", "32", "64", "128", "256", "512", "1 024"]
    gone, new = changed(pay_md(), pay_md(rules=spicy))
    assert "| 3 | 8 | 4 |" not in gone and "| 4 | 16 | 8 |" not in gone
    assert "- Paiements : Est −8, Ouest −8, Nord −8, Sud +24" not in gone  # 4 fan
    assert "- Paiements : Nord −256, Est +256" in new  # 8 fan, spec §8 ex 2 "Half + spicy"
    assert any("辣辣上 « tout épicé » (ces règles)" in ln for ln in new)
    assert not [ln for ln in gone if ln.startswith("| ") and "Plafond" in ln]


@pytest.mark.parametrize("profile", hk_profile_names())
def test_every_profile_gives_both_pages(profile: str) -> None:
    rules = find_rules(profile)
    d = hk_page_data(rules)
    fan, pay = fan_md(rules=rules), pay_md(rules=rules)
    assert fan.startswith("Les bases\n\n# Table des fan")
    assert pay.count("| Fan |") == 1 and "## Exemples" in pay
    table = [(f, p) for f, p, *_ in d.table]
    assert [f for f, _ in table] == list(range(rules.min_fan, rules.top_fan + 1))
    assert ("Règles : " in fan) == (profile != "hk")
    for ex in d.examples:
        assert ex.score.legal and ex.score.rules == rules


def test_a_profile_without_flowers_drops_every_flower_row_and_sentence() -> None:
    rules = find_rules("hskpeter")  # no flowers, no wind pungs, 大三元 a limit, no cap
    md = fan_md(rules=rules)
    assert "Sans fleur" not in md and "Les huit fleurs" not in md and "fleurs de votre" not in md
    assert "Pung du vent" not in md
    assert "| Trois grands dragons (大三元) | 13 fan |" in md
    assert "Mains limites (valent 13 fan)" in md and "n’est pas plafonné" in md
    assert "- **Pung de dragon (1 chacun)** : un pung de Rouge, Vert ou Blanc" in md
    pay = pay_md(rules=rules)
    assert "Il n’y a pas de minimum" in pay and "13 — main limite" in pay


def test_priced_limit_hands_are_ordinary_rows() -> None:
    md = fan_md(rules=find_rules("zh-wikipedia"))
    assert "| Neuf portes (九子連環) | 10 fan |" in md
    assert "| Quatre petits vents (小四喜) | 6 fan |" in md
    assert "| Treize orphelins (十三么) | Plafond |" in md  # worth the cap, 13
    assert "tous honneurs remplace les deux" in md
    assert "Main cachée" not in md  # void when flowers are played (ZHWP)


def test_options_change_the_sentences_that_state_them() -> None:
    hkma = fan_md(rules=find_rules("hkma"))
    assert "ni chow, ni pung, ni kong, même caché." in hkma
    enwp = find_rules("wikipedia-old-hk-simplified")
    assert "la fleur de votre place qu’elle contient compte en plus" in fan_md(rules=enwp)
    pay = pay_md(rules=enwp)
    assert "l’Est paie et reçoit 2 fois plus" in pay
    assert "Sur défausse : chacun des deux autres paie" in pay  # half responsibility
    assert "番勒 « fan-laak » (ces règles)" in pay
    ra = pay_md(rules=find_rules("riichi_advanced"))
    assert "paie seul toute la main, en pioche comme sur défausse" in ra


def test_command_line_hk_pages(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["card", "--variant", "hk", "--lang", "fr"]) == 0
    assert capsys.readouterr().out == fan_md()
    assert main(["card", "--variant", "hk", "--page", "payments", "--lang", "en"]) == 0
    assert capsys.readouterr().out == pay_md("en")
    assert (
        main(["card", "--variant", "hk", "--rules", "yawnoc", "--page", "payments", "--lang", "fr"])
        == 0
    )
    assert capsys.readouterr().out == pay_md("fr", find_rules("yawnoc"))
    toml = tmp_path / "table.toml"
    toml.write_text('preset = "hk"\ncap = 13\n', encoding="utf-8")
    assert main(["card", "--variant", "hk", "--rules", str(toml), "--lang", "fr"]) == 0
    assert "(13 fan par défaut)" in capsys.readouterr().out
    assert (
        main(
            [
                "card",
                "--variant",
                "hk",
                "--set",
                "spiciness=spicy",
                "--page",
                "payments",
                "--lang",
                "fr",
            ]
        )
        == 0
    )
    assert "| 10 — plafond (細爆) | 1 024 | 512 |" in capsys.readouterr().out
    assert main(["card", "--variant", "hk", "--rules", "wrc"]) == 2
    assert "unknown Hong Kong ruleset 'wrc'" in capsys.readouterr().err
    assert main(["card", "--variant", "hk", "--local", "all"]) == 2
    assert "riichi card only" in capsys.readouterr().err
