"""Game rules: presets, aliases, options, TOML; placement under each rule; the commands."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from tenpai.cli import main
from tenpai.errors import RulesError
from tenpai.game import find_game_rules, load_game_rules, placement
from tenpai.game.rules import GAME_PRESETS, game_rules_from_mapping

TONPUU = Path(__file__).parent / "data" / "game-tonpuu.jsonl"


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("Tenhou", "tenhou"),
        ("tenhou3", "tenhou-sanma"),
        ("EMA2016", "ema"),
        ("WRC2022", "wrc"),
        ("M-League", "mleague"),
        ("jantama", "majsoul"),
        ("JPML", "jpml"),
    ],
)
def test_aliases(alias: str, name: str) -> None:
    assert find_game_rules(alias).name == name


def test_every_preset_has_one_uma_per_player_summing_to_zero() -> None:
    for rules in GAME_PRESETS.values():
        assert len(rules.uma) == rules.players and sum(rules.uma) == 0


@pytest.mark.parametrize(
    ("rules", "scores", "points"),
    [
        # Tenhou: round(score / 1000) - 30 + uma; the top takes minus the others.
        ("tenhou", (21100, 55000, -4900, 28800), (-19, 65, -55, 9)),
        # Equal scores by seat from the first dealer: seat 0 second, seat 1 third.
        ("tenhou", (22000, 22000, -5000, 61000), (2, -18, -55, 71)),
        # M.League: exact, uma 30/10, oka 20: 41.3 - 30 + 30 + 20.
        ("mleague", (41300, 30000, 20000, 8700), (Fraction(613, 10), 10, -20, Fraction(-513, 10))),
        # EMA: no oka, ties share uma: (15 + 5) / 2.
        ("ema", (35000, 35000, 20000, 30000), (15, 15, -25, -5)),
        # Three players: return 40,000, uma +20/0/-20.
        ("tenhou-sanma", (27400, 83100, -5500), (-13, 79, -66)),
    ],
)
def test_placement_by_rule(rules: str, scores: tuple[int, ...], points: tuple) -> None:
    assert tuple(r.points for r in placement(scores, find_game_rules(rules))) == points


def test_floating_uma_picks_its_row_by_players_above_the_start() -> None:
    rules = find_game_rules("jpml").with_options(
        uma_kind="floating", uma_floating="12,-1,-3,-8; 8,4,-4,-8; 8,3,1,-12"
    )
    one_up = placement((45000, 28000, 26000, 21000), rules)
    assert [p.points for p in one_up] == [27, -3, -7, -17]
    two_up = placement((40000, 32000, 26000, 22000), rules)
    assert [p.points for p in two_up] == [18, 6, -8, -16]


def test_the_first_dealer_breaks_ties() -> None:
    rules = find_game_rules("tenhou")
    a = placement((30000, 30000, 20000, 20000), rules, first_dealer=1)
    assert [r.rank for r in a] == [2, 1, 3, 4]  # from seat 1: 1, 2, 3, 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"uma": "20,10,-10"}, "3 values for 4 players"),
        ({"uma": "20,10,-10,-10"}, "does not sum to 0"),
        ({"ties": "coin"}, "takes one of seat, split"),
        ({"start": 1}, "unknown game option 'start'"),
        ({"uma": "a,b"}, "takes numbers"),
    ],
)
def test_bad_options_say_what_is_wrong(change: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        find_game_rules("tenhou").with_options(**change)


def test_toml_overrides(tmp_path: Path) -> None:
    f = tmp_path / "club.toml"
    f.write_text('preset = "ema"\numa = [20, 10, -10, -20]\nties = "seat"\n', encoding="utf-8")
    rules = load_game_rules(f)
    assert rules.name == "club" and rules.uma == (20, 10, -10, -20) and rules.ties == "seat"
    assert rules.start_points == 30000  # from the preset
    bad = tmp_path / "bad.toml"
    bad.write_text("uma = [", encoding="utf-8")
    with pytest.raises(RulesError, match="not valid TOML"):
        load_game_rules(bad)
    with pytest.raises(RulesError, match="unknown game rules 'nope'"):
        game_rules_from_mapping({"preset": "nope"})


def test_result_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["game", "result", "--rules", "tenhou", "21100", "55000", "-4900", "28800"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[:4] == ["1", "55000", "1", "+65"]
    assert (
        main(
            ["game", "result", "--json", "--rules", "wrc", "--", "30000", "30000", "25000", "15000"]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["points"] == [10, 10, -10, -30] and out["ranks"] == [1, 1, 3, 4]
    assert main(["game", "result", "--rules", "tenhou", "1", "2", "x", "4"]) == 2
    assert "not 'x'" in capsys.readouterr().err
    assert main(["game", "result", "--rules", "tenhou", "1", "2", "3"]) == 2
    assert "3 scores given for 4 players" in capsys.readouterr().err


def test_sheet_command_formats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["game", "sheet", str(TONPUU), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ended"] == "agari_yame" and data["scores"] == [30800, 33400, 700, 35100]
    assert [s["player"] for s in data["standings"]] == ["Dan", "Bea", "Ann", "Cyd"]
    assert main(["game", "sheet", str(TONPUU), "--format", "csv", "--lang", "en"]) == 0
    csv_text = capsys.readouterr().out
    assert csv_text.splitlines()[-4] == "1,Dan,35100,+45,score +5 uma +20 oka +20"
    assert main(["game", "sheet", str(TONPUU), "--lang", "fr"]) == 0
    assert "Classement" in capsys.readouterr().out


def test_sheet_errors_name_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "g.jsonl"
    f.write_text(
        '{"event": "start", "players": ["A", "B", "C", "D"]}\n\n'
        '{"event": "win", "winner": "Zed", "from": "A", "han": 1, "fu": 30}\n',
        encoding="utf-8",
    )
    assert main(["game", "sheet", str(f)]) == 2
    assert "line 3: winner 'Zed' is not one of A, B, C, D" in capsys.readouterr().err
    f.write_text(
        '{"event": "win", "winner": "S", "tsumo": true, "from": "E", "han": 1}\n', encoding="utf-8"
    )
    assert main(["game", "sheet", str(f)]) == 2
    assert "line 1: a win is either" in capsys.readouterr().err
    assert main(["game", "sheet", str(tmp_path / "none.jsonl")]) == 2


def test_game_rules_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["game", "rules", "ema", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["uma"] == [15, 5, -5, -15]
    assert main(["game", "rules"]) == 0
    assert "mleague" in capsys.readouterr().out


def test_a_preset_name_is_the_preset_beside_a_file_of_that_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a stray file named like a preset in the working folder was read as the game rules
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ema").write_text("uma = [90, 30, -30, -90]\n", encoding="utf-8")
    assert load_game_rules("ema") == find_game_rules("ema")


@pytest.mark.parametrize("spec", ["1" * 300, "ema\0"], ids=["too long for a file name", "NUL"])
def test_a_name_no_file_can_have_is_an_unknown_preset(spec: str) -> None:
    # was an internal error (OSError: File name too long; ValueError: embedded null byte)
    with pytest.raises(RulesError, match="unknown"):
        load_game_rules(spec)
