"""What a player reads, in French and in English: no internal words (source files, seed
numbers, concept and option ids), every option and local yaku named and described in both
languages, the values and hints in the page's language, and no awkward wording."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tenpai.cli import main
from tenpai.errors import NoYaku
from tenpai.hand import Hand
from tenpai.hk import HKSituation
from tenpai.hk.score import score as score_hk
from tenpai.i18n import has
from tenpai.riichi.catalogue import yaku_catalogue
from tenpai.riichi.rules import OPTIONS, option_description, option_label
from tenpai.trainer.answers import Graded
from tenpai.trainer.store import Store
from tenpai.web import create_app

LANGS = ("fr", "en")
# Words of the project's own making that no player should read.
INTERNAL = re.compile(
    r"seed card|\(seed \d+\)|seed's|\b(riichi|local-yaku|hong-kong|interchange)\.md\b"
    r"|la source n.en donne pas"
)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _client(store: Path, lang: str) -> TestClient:
    return TestClient(create_app(store_path=store), headers={"accept-language": lang})


@pytest.mark.parametrize("lang", LANGS)
def test_rules_command_says_no_internal_words(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert not INTERNAL.search(out), INTERNAL.search(out)
    for name in ("score", "card", "train"):
        with pytest.raises(SystemExit):
            main([name, "--help"])
        help_text = capsys.readouterr().out
        assert not INTERNAL.search(help_text), name


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_has_a_label_and_a_description(lang: str) -> None:
    # the labels are catalogue entries: an option missing from it, or a label equal to its
    # id, fails here
    assert all(has(f"yaku.option.{o.name}.label", lang) for o in OPTIONS)
    for o in OPTIONS:
        label, description = option_label(o.name, lang), option_description(o.name, lang)
        assert label and label != o.name and "_" not in label, o.name
        assert description and description != label and "_" not in description, o.name
    assert option_label("kiriage", "fr") != option_label("kiriage", "en")


@pytest.mark.parametrize("lang", LANGS)
def test_every_local_yaku_has_a_name_and_a_description(lang: str) -> None:
    for e in yaku_catalogue(local_only=True):
        assert e[lang] and "_" not in e[lang], e["id"]
        assert e["description"][lang] and "_" not in e["description"][lang], e["id"]
        for v in e["variants"]:
            assert v[lang] and not INTERNAL.search(v[lang]), (e["id"], v["name"])


def test_rules_command_names_and_describes_each_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Mangan arrondi (kiriage): oui / non" in out
    assert "Ce que paie le responsable (pao_scope): toute la main / le seul yakuman" in out
    assert "whole_hand" not in out and "discarder" not in out and "bool" not in out
    assert main(["rules", "show", "bareme", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Open tanyao (kuitan): yes" in out and "Several rons (multiple_ron): all win" in out


def test_rules_page_in_french(tmp_path: Path) -> None:
    page = _text(_client(tmp_path / "s.sqlite3", "fr").get("/rules").text)
    # each local yaku once, with its description (Tsubame gaeshi's name is its romaji)
    assert page.count("Tsubame gaeshi") == 1
    assert "Tsubame gaeshi (retour de l’hirondelle)" in page
    assert "Ron sur la tuile défaussée par un adversaire pour déclarer riichi" in page
    # the values in French, never the ids nor the English of the catalogue
    for word in ("toute la main", "celui qui a défaussé", "tous gagnent", "aussitôt"):
        assert word in page, word
    shown = re.sub(r"\b[a-z_]+_[a-z_]+\b", "", page)  # the ids stay visible as code
    for english in (">off<", " whole_hand", "(closed)", " discarder ", " immediate "):
        assert english not in shown, english
    assert "(main fermée)" in page


def test_rules_page_in_english(tmp_path: Path) -> None:
    page = _text(_client(tmp_path / "s.sqlite3", "en").get("/rules").text)
    assert "Swallow reversal (Tsubame gaeshi)" in page
    assert "Ron on the tile an opponent discarded to declare riichi" in page
    assert "the whole hand" in page and "Rounding up to mangan" in page


def _record(store: Store, concepts: tuple[str, ...]) -> None:
    g = Graded("fu", False, "30", "40", "", tuple((c, False) for c in concepts))
    store.record("p", "h1", g, seconds=3.0, now=datetime(2026, 1, 1, tzinfo=UTC))


CONCEPTS = ("cell:4han20fu", "fu:triplet_open_yaochuu", "yaku:pinfu", "fan:all_chows")


def test_stats_name_the_concepts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.sqlite3"
    with Store(path) as store:
        _record(store, CONCEPTS)
    assert main(["stats", "--store", str(path), "--profile", "p", "--lang", "fr"]) == 0
    fr = capsys.readouterr().out
    assert "Case du barème : 4 han 20 fu" in fr
    assert "Fu : brelan ouvert de terminales ou d’honneurs" in fr
    assert "Pinfu" in fr and "Tous chows" in fr
    assert main(["stats", "--store", str(path), "--profile", "p", "--lang", "en"]) == 0
    en = capsys.readouterr().out
    assert "Table cell: 4 han 20 fu" in en and "Fu: open triplet of terminals or honours" in en
    assert "All chows" in en
    for out in (fr, en):
        for concept in CONCEPTS:
            assert concept not in out, concept


def test_progress_page_names_the_concepts(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    client = _client(path, "fr")
    client.get("/train")  # the browser's first visit: its own "default" profile
    with Store(path) as store:
        (owner,) = store._db.execute("SELECT owner FROM drills").fetchone()
        g = Graded("fu", False, "30", "40", "", tuple((c, False) for c in CONCEPTS))
        for _ in range(2):
            store.record(
                "default", "h1", g, seconds=3.0, now=datetime(2026, 1, 1, tzinfo=UTC), owner=owner
            )
    text = _text(client.get("/progress").text)
    assert "Case du barème : 4 han 20 fu" in text and "Tous chows" in text
    for concept in CONCEPTS:
        assert concept not in text, concept


def test_train_focus_list_names_the_yaku(tmp_path: Path) -> None:
    page = _client(tmp_path / "s.sqlite3", "fr").get("/train").text
    assert '<option value="menzen_tsumo"' in page
    options = re.findall(r'<option value="[^"]*"[^>]*>([^<]*)</option>', page)
    assert "Haku" in options and "toutes les mains" in options
    assert "menzen_tsumo" not in options and "yakuhai_haku" not in options


def test_hk_minimum_error_names_the_fan_items() -> None:
    hand = Hand.parse("456m789p234s5s chi 123m ron 5s")
    with pytest.raises(NoYaku) as e:
        score_hk(hand, HKSituation.of(seat="S", discarder="E", flowers="f4"))
    assert "All chows (1 fan)" in str(e.value) and "all_chows" not in str(e.value)


# ---- French screens in French, and plain wording --------------------------------------


def test_api_page_in_french_without_raw_markup(tmp_path: Path) -> None:
    fr = _client(tmp_path / "s.sqlite3", "fr").get("/api").text
    text = _text(fr)
    assert "Dit que le serveur tourne" in text and "Calcule un enregistrement" in text
    assert "Tells that the server runs" not in text and "The body is one record" not in text
    assert "Exemples" in text and "Records and results" not in text
    en = _client(tmp_path / "s.sqlite3", "en").get("/api").text
    assert "Tells that the server runs" in en
    for page in (fr, en):
        assert "``" not in page
        assert "<code>{&#34;status&#34;: &#34;ok&#34;, &#34;store&#34;:" in page or (
            "<code>{&quot;status&quot;: &quot;ok&quot;, &quot;store&quot;:" in page
        )


def test_terminal_trainer_hints_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import sys

    for lang, hint, summary in (
        ("fr", "points illisibles 'beaucoup'", "Bilan : 1 main · points 0/1"),
        ("en", "cannot read points 'beaucoup'", "Summary: 1 hand · points 0/1"),
    ):
        sys.stdin = io.StringIO("beaucoup\n1\n")
        try:
            args = ["train", "--seed", "3", "--count", "1", "--ask", "points", "--lang", lang]
            assert main([*args, "--store", ":memory:"]) == 0
        finally:
            sys.stdin = sys.__stdin__
        out = capsys.readouterr().out
        assert hint in out and summary in out, out
        if lang == "fr":
            assert "cannot read" not in out


def test_hk_summary_line_in_french() -> None:
    from tenpai.trainer.session import Summary

    s = Summary(1, (("items", 1, 1), ("fan", 0, 0), ("payments", 0, 1)), 4.0)
    assert (
        s.render("fr") == "Bilan : 1 main · éléments 1/1 · paiements 0/1 · 50 % · 2,0 s par réponse"
    )
    assert s.render("en") == "Summary: 1 hand · items 1/1 · payments 0/1 · 50% · 2.0 s per answer"


@pytest.mark.parametrize(
    ("lang", "seven_pairs", "ron_triplet"),
    [
        ("en", "Seven pairs, fixed fu  25 fu", "Triplet 999s (completed on a ron: open)  +4 fu"),
        ("fr", "Chiitoitsu, fu fixes  25 fu", "Brelan 999s (complété sur ron : ouvert)  +4 fu"),
    ],
)
def test_fu_lines_read_plainly(
    lang: str, seven_pairs: str, ron_triplet: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", "1133557799m22p4s ron 4s", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert seven_pairs in out.splitlines()
    assert "always  25" not in out and "toujours  25" not in out
    # 999s waited on with 99s and 55m (shanpon) and completed by the ron: an open triplet
    assert main(["score", "234m456p99s55m777s ron 9s", "--riichi", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert ron_triplet in out.splitlines() and "(ron))" not in out
