"""The errors of the game sheet, the game rules, the trainer's store and dealer, batches,
shanten and the command line in four languages (catalogue ``errors``): ``str(error)`` stays
the English message, ``error_text(error, lang)`` says it in French, Japanese or Chinese
(Hong Kong), quoting the player's own input, with no English word left."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from lang_scan import foreign_words
from tenpai.batch import load_json
from tenpai.cli import main
from tenpai.errors import TenpaiError, error_text
from tenpai.game.hk import HKSession
from tenpai.game.placement import placement
from tenpai.game.rules import check_game_option, find_game_rules
from tenpai.game.sheet import read_sheet
from tenpai.game.table import Riichi, Table, win_from_value
from tenpai.interchange import score_record
from tenpai.shanten import shanten
from tenpai.trainer.dealing import parse_level
from tenpai.trainer.store import Store

LANGS = ("fr", "ja", "zh-Hant")


def _raised(make: Callable[[], object]) -> TenpaiError:
    with pytest.raises(TenpaiError) as info:
        make()
    return info.value


def _says(e: TenpaiError, english: str, quoted: str) -> None:
    """*e* is *english* in English; in each other language it quotes *quoted* and has no
    English word."""
    assert str(e) == english
    assert error_text(e, "en") == english
    for lang in LANGS:
        text = error_text(e, lang)
        assert text != english, lang
        assert quoted in text, (lang, text)
        assert foreign_words(text, lang) == [], (lang, text)


def test_a_sheet_line_that_is_no_json_object() -> None:
    e = _raised(lambda: read_sheet(["[1, 2]"]))
    _says(e, "line 1: each line is a JSON object", "1")
    assert error_text(e, "fr") == "ligne 1\u00a0: chaque ligne est un objet JSON"
    assert error_text(e, "ja") == "1行目：各行はJSONオブジェクト"


def test_a_sheet_names_the_line_and_the_players_twice() -> None:
    e = _raised(lambda: read_sheet(["", '{"event": "start", "players": ["Ann", "ann", "B", "C"]}']))
    _says(e, "line 2: two players have the same name in ['Ann', 'ann', 'B', 'C']", "'ann'")
    assert error_text(e, "zh-Hant") == "第2行：['Ann', 'ann', 'B', 'C']入面有兩個玩家同名"


def test_a_sheet_win_with_han_that_is_no_number() -> None:
    line = '{"event": "win", "winner": "E", "from": "S", "han": "lots", "fu": 30}'
    e = _raised(lambda: read_sheet([line]))
    _says(e, "line 1: han and fu are numbers, not 'lots'/30", "'lots'/30")


def test_unknown_game_rules_and_options() -> None:
    e = _raised(lambda: find_game_rules("tenhoo"))
    assert str(e).startswith("unknown game rules 'tenhoo' (known: ")
    for lang in LANGS:
        assert "'tenhoo'" in error_text(e, lang)
        assert foreign_words(error_text(e, lang), lang) == []
    e = _raised(lambda: check_game_option("ties", "coin"))
    assert "'coin'" in str(e) and str(e).startswith("option 'ties' takes one of ")
    for lang in LANGS:
        text = error_text(e, lang)
        assert "'coin'" in text and "'ties'" in text
        assert foreign_words(text, lang, allow=frozenset({"ties"})) == []  # the option's name


def test_placement_with_too_few_scores() -> None:
    e = _raised(lambda: placement((30000, 30000, 40000), find_game_rules("wrc")))
    _says(e, "3 scores given for 4 players (wrc)", "wrc")
    assert error_text(e, "fr") == "3 scores donnés pour 4 joueurs (wrc)"


def test_the_trainer_level_and_a_file_that_is_no_store(tmp_path: Path) -> None:
    e = _raised(lambda: parse_level("grandmaster"))
    assert str(e).startswith("unknown level 'grandmaster' (levels: ")
    for lang in LANGS:
        assert "'grandmaster'" in error_text(e, lang)
    path = tmp_path / "notes.txt"
    path.write_text("my notes, not a database\n")
    e = _raised(lambda: Store(path))
    english = (
        f"{str(path)!r} is not a Tenpai progress store (not an SQLite database): it was not "
        "changed; choose another file with --store (or TENPAI_STORE)"
    )
    _says(e, english, repr(str(path)))


def test_batch_json_errors() -> None:
    e = _raised(lambda: load_json('{"han": NaN}'))
    _says(e, "field 'han' is NaN: a number must be finite", "'han'")
    assert error_text(e, "fr") == "le champ 'han' vaut NaN\u00a0: un nombre doit être fini"
    e = _raised(lambda: load_json(b'{"hand": "\xff"}'))
    _says(e, "byte 0xff at 11 is not UTF-8", "0xff")


def test_an_unknown_variant_in_a_record() -> None:
    result = score_record({"variant": "mcr", "hand": "123m456p789s11z22z ron 2z"})
    assert result["error"]["message"] == "unknown variant 'mcr' (riichi or hk)"


def test_shanten_counts() -> None:
    e = _raised(lambda: shanten([1] * 33))
    _says(e, "expected 34 counts, got 33", "33")
    e = _raised(lambda: shanten([5] + [0] * 33))
    assert str(e) == f"more than 4 copies of a kind in {[5] + [0] * 33}"
    for lang in LANGS:
        assert "[5, 0, 0" in error_text(e, lang)


def test_the_cli_error_line_is_in_the_commands_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["game", "result", "--lang", "fr", "25000", "25k", "25000", "25000"]) == 2
    err = capsys.readouterr().err
    assert "un score final est un nombre entier de points, pas '25k'" in err
    assert foreign_words(err, "fr") == []
    assert main(["game", "result", "--lang", "ja", "25000", "25k", "25000", "25000"]) == 2
    assert "最終持ち点は整数の点数で、'25k'ではない" in capsys.readouterr().err
    assert main(["game", "result", "--lang", "en", "25000", "25k", "25000", "25000"]) == 2
    assert "a final score is a whole number of points, not '25k'" in capsys.readouterr().err


def test_a_table_win_and_seat_in_every_language() -> None:
    e = _raised(lambda: win_from_value(0, 1, 0, 4, han=3, fu=10))
    _says(e, "3 han needs fu (20 or more), not 10", "10")
    assert error_text(e, "ja") == "3翻には符（20以上）が必要で、10ではない"
    table = Table.start(find_game_rules("tenhou"))
    e = _raised(lambda: table.apply(Riichi(7)))
    _says(e, "the riichi player must be a seat 0-3, not 7", "7")
    assert error_text(e, "fr") == "le joueur en riichi doit être une place de 0 à 3, pas 7"
    assert error_text(e, "zh-Hant") == "立直嘅玩家要係座位0至3，唔係7"


def test_a_hong_kong_session_of_three_players() -> None:
    e = _raised(lambda: HKSession.start(("Ann", "Bo", "Cy")))
    _says(e, "a Hong Kong session has four distinct players: ('Ann', 'Bo', 'Cy')", "'Cy'")
