"""The errors of the Hong Kong records and payments, the calculator, the game sheet's seats,
the records' field checks and the store's profile export in four languages (catalogue
``errors``, docs/translating.md): ``str(error)`` stays the English message it always was, and
in French, Japanese and Traditional Chinese each one quotes the player's own input, differs
from the English and holds no English word, on the command line (``--lang``) and on the web
pages (``Accept-Language``) too."""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from lang_scan import foreign_words, visible_text
from tenpai import calculator, fields
from tenpai.cli import main
from tenpai.errors import InternalError, RulesError, TenpaiError, error_text
from tenpai.game.sheet import read_sheet
from tenpai.hk.payment import false_win_penalty, multiplier, settle
from tenpai.hk.records import FIELDS, SPECIAL_WORDS, read_record, score_record
from tenpai.hk.rules import HKRules, rules_from_mapping
from tenpai.i18n import tr
from tenpai.trainer.store import EXPORT_FORMAT, check_export
from tenpai.web import create_app

LANGS = ("fr", "ja", "zh-Hant")


def _chow(tiles: str, **more: object) -> dict[str, object]:
    return {"type": "chow", "tiles": tiles, **more}


def _export(**fields_: object) -> dict[str, object]:
    return {"format": EXPORT_FORMAT, "profile": "ann", **fields_}


def _answer(**changes: object) -> dict[str, object]:
    row = {"hand_id": "h", "part": "han", "ok": True, "given": "2", "answer": "2", "at": 1}
    return {**row, **changes}


# (what raises, the user's input as every language quotes it, the English message as the code
# wrote it before the catalogue)
CASES: list[tuple[str, Callable[[], object], str, str]] = [
    # hk/records.py
    (
        "meld type",
        lambda: read_record({"hand": "123m", "melds": [{"type": "chowx", "tiles": "123p"}]}),
        "'chowx'",
        "unknown meld type 'chowx' (chow, pung or kong)",
    ),
    (
        "concealed pung",
        lambda: read_record(
            {"hand": "123m", "melds": [{"type": "pung", "tiles": "777p", "open": False}]}
        ),
        "'777p'",
        "only a kong is declared concealed, not a pung: '777p'",
    ),
    (
        "meld fed by the winner",
        lambda: read_record(
            {
                "hand": "123m",
                "seat_wind": "S",
                "melds": [{"type": "pung", "tiles": "777p", "from": "S"}],
            }
        ),
        "'777p'",
        "a meld cannot be fed by the winner himself: '777p'",
    ),
    (
        "bad chow",
        lambda: read_record({"hand": "123m", "melds": [_chow("135p")]}),
        "'135p'",
        "field 'melds[0]' ('135p'): a chi needs three consecutive tiles of one suit: 135p",
    ),
    (
        "win on a flower",
        lambda: read_record({"hand": "123m", "win_tile": "f1"}),
        "f1",
        "the winning tile f1 is a bonus tile: flowers and seasons are set aside, never won on"
        " (list them in 'flowers'; a win on the eighth bonus tile is the special 'flower_win')",
    ),
    (
        "winning tile not in hand",
        lambda: read_record({"hand": "123m", "win_tile": "9p"}),
        "'9p'",
        "the winning tile '9p' is not in the hand '123m'",
    ),
    (
        "special word",
        lambda: read_record({"hand": "123m", "special": ["chanceux"]}),
        "'chanceux'",
        "unknown special situation 'chanceux' (known: kong_replacement, ",
    ),
    # hk/payment.py (the library's own callers pass checked seats: a program calling it)
    (
        "winner seat",
        lambda: settle(5, HKRules(), winner=7, self_drawn=True),
        "7",
        "the winner must be a seat 0-3 (E S W N), not 7",
    ),
    (
        "discarder is the winner",
        lambda: settle(5, HKRules(), winner=1, self_drawn=False, discarder=1),
        "S",
        "the discarder cannot be the winner (S)",
    ),
    (
        "robbed seat",
        lambda: settle(5, HKRules(), winner=1, self_drawn=False, robbed_flower_from=9),
        "9",
        "robbed seat must be a seat 0-3 (E S W N), not 9",
    ),
    (
        "liable is the winner",
        lambda: settle(5, HKRules(), winner=2, self_drawn=True, liable=2),
        "W",
        "the liable seat cannot be the winner (W)",
    ),
    (
        "offender",
        lambda: false_win_penalty(4, HKRules()),
        "4",
        "the offender must be a seat 0-3 (E S W N), not 4",
    ),
    (
        "robbed kong without its owner",
        lambda: settle(5, HKRules(), winner=1, self_drawn=False, robbing_kong=True),
        "",
        "a win on a discard needs the robbed kong's owner's seat",
    ),
    # calculator.py
    (
        "seat wind",
        lambda: calculator.read_query({"seat": "Q"}),
        "'Q'",
        "seat: E, S, W or N, not 'Q'",
    ),
    (
        "round wind",
        lambda: calculator.read_query({"round": "ZZ"}),
        "'ZZ'",
        "round: E, S, W or N, not 'ZZ'",
    ),
    (
        "discarder",
        lambda: calculator.read_query({"from": "dessous"}),
        "'dessous'",
        "from: left, across or right, not 'dessous'",
    ),
    (
        "sticks",
        lambda: calculator.read_query({"sticks": "beaucoup"}),
        "'beaucoup'",
        "sticks: a whole number from 0 to 99, not 'beaucoup'",
    ),
    (
        "dora",
        lambda: calculator.read_query({"dora": "8z"}),
        "'8z'",
        "dora: unknown tile '8z'",
    ),
    (
        "flowers",
        lambda: calculator.read_query({"flowers": "1m"}),
        "'1m'",
        "flowers: only bonus tiles f1-f4, s1-s4 in '1m'",
    ),
    (
        "chi of honours",
        lambda: calculator.edit(calculator.read_query({"hand": "123m"}), add="5z", to="chi"),
        "",  # the tile is the button clicked: the message says which tiles a chi starts at
        "a chi starts at a tile 1-7 of a suit (the lowest tile)",
    ),
    # fields.py
    (
        "enum",
        lambda: fields.check_fields({"melds": [{"from_rel": "2"}]}, FIELDS),
        "'melds[0].from_rel'",
        "field 'melds[0].from_rel' must be one of 1, 2, 3, not '2'",
    ),
    (
        "count range",
        lambda: fields.check_fields({"fan_given": 2000}, FIELDS),
        "2000",
        "field 'fan_given' must be a whole number from 0 to 1000, not 2000",
    ),
    (
        "seat",
        lambda: fields.check_fields({"seat_wind": True}, FIELDS),
        "'seat_wind'",
        "field 'seat_wind' must be a seat: E, S, W, N or 0-3, not true",
    ),
    (
        "tiles list",
        lambda: fields.check_fields({"flowers": "f1"}, FIELDS),
        "'f1'",
        "field 'flowers' must be a list of strings, not 'f1'",
    ),
    # game/sheet.py
    (
        "set",
        lambda: read_sheet(['{"event": "start", "set": 3}']),
        '{"uma": "30,10,-10,-30"}',
        'line 1: \'set\' is an object of game options: {"uma": "30,10,-10,-30"}',
    ),
    (
        "winner",
        lambda: read_sheet(['{"event": "win", "winner": "Zoe", "from": "E", "han": 1, "fu": 30}']),
        "'Zoe'",
        "line 1: winner 'Zoe' is not one of E, S, W, N",
    ),
    (
        "from",
        lambda: read_sheet(['{"event": "win", "winner": "S", "from": 9, "han": 1, "fu": 30}']),
        "9",
        "line 1: from 9 is not a seat 0-3",
    ),
    (
        "riichi",
        lambda: read_sheet(['{"event": "riichi", "seat": "Q"}']),
        "'Q'",
        "line 1: seat 'Q' is not one of E, S, W, N",
    ),
    (
        "chombo",
        lambda: read_sheet(['{"event": "chombo", "seat": true}']),
        "True",
        "line 1: seat is a player's name or seat, not True",
    ),
    (
        "tenpai",
        lambda: read_sheet(['{"event": "draw", "tenpai": ["Q"]}']),
        "'Q'",
        "line 1: tenpai player 'Q' is not one of E, S, W, N",
    ),
    (
        "nagashi",
        lambda: read_sheet(['{"event": "draw", "nagashi": [7]}']),
        "7",
        "line 1: nagashi player 7 is not a seat 0-3",
    ),
    # trainer/store.py
    (
        "export profile",
        lambda: check_export(_export(profile=3)),
        "3",
        "the export is invalid: profile is a string, not 3",
    ),
    (
        "export created",
        lambda: check_export(_export(created="hier")),
        '"hier"',
        'the export is invalid: created is a number ≥ 0 or null, not "hier"',
    ),
    (
        "export answers",
        lambda: check_export(_export(answers={"a": 1})),
        '{"a": 1}',
        'the export is invalid: answers is a list, not {"a": 1}',
    ),
    (
        "export answer",
        lambda: check_export(_export(answers=[7])),
        "answers[0]",
        "the export is invalid: answers[0] is an object, not 7",
    ),
    (
        "export ok",
        lambda: check_export(_export(answers=[_answer(ok="oui")])),
        '"oui"',
        'the export is invalid: answers[0].ok is true or false, not "oui"',
    ),
    (
        "export concept",
        lambda: check_export(_export(answers=[_answer(concepts=[[1, 2]])])),
        "[1, 2]",
        "the export is invalid: answers[0].concepts[0] is a pair [concept, true or false],"
        " not [1, 2]",
    ),
    (
        "export seconds",
        lambda: check_export(_export(answers=[_answer(seconds="vite")])),
        '"vite"',
        'the export is invalid: answers[0].seconds is a number of seconds ≥ 0 or null, not "vite"',
    ),
    (
        "export due",
        lambda: check_export(
            _export(schedule=[{"concept": "c", "scheduler": "s", "state": "{}", "due": -1}])
        ),
        "-1",
        "the export is invalid: schedule[0].due is a number ≥ 0, not -1",
    ),
]

# The record's and the export's own words, which a message quotes as the file writes them
# (docs/records.md: the fields, the meld types and the special situations are ids).
NOTATION = frozenset(
    {"chow", "pung", "kong", "answers", "schedule", "melds", "flowers", *SPECIAL_WORDS}
)


def _raised(make: Callable[[], object]) -> TenpaiError:
    with pytest.raises(TenpaiError) as caught:
        make()
    return caught.value


@pytest.mark.parametrize(("what", "make", "quote", "english"), CASES, ids=[c[0] for c in CASES])
def test_the_english_message_is_unchanged(
    what: str, make: Callable[[], object], quote: str, english: str
) -> None:
    e = _raised(make)
    assert str(e).startswith(english)
    assert e.parts, "a catalogue message"
    assert e.message_in("en") == str(e)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("what", "make", "quote", "english"), CASES, ids=[c[0] for c in CASES])
def test_each_language_quotes_the_input_in_its_own_words(
    what: str, make: Callable[[], object], quote: str, english: str, lang: str
) -> None:
    e = _raised(make)
    text = error_text(e, lang)
    assert quote in text
    assert text != str(e)
    assert "errors." not in text  # every piece found in the catalogue
    scanned = text.replace(quote, " ") if quote else text  # the input may be any word
    assert foreign_words(scanned, lang, allow=NOTATION) == [], text


@pytest.mark.parametrize(("what", "make", "quote", "english"), CASES, ids=[c[0] for c in CASES])
def test_an_error_pickles_with_its_words(
    what: str, make: Callable[[], object], quote: str, english: str
) -> None:
    # an error crosses to another process whole (a worker of a batch): its words too
    e = _raised(make)
    back = pickle.loads(pickle.dumps(e))
    assert str(back) == str(e)
    assert [back.message_in(lang) for lang in LANGS] == [e.message_in(lang) for lang in LANGS]


def test_a_few_exact_translations() -> None:
    e = _raised(lambda: calculator.read_query({"seat": "Q"}))
    assert error_text(e, "fr") == "vent du joueur\u00a0: E, S, W ou N, pas 'Q'"
    assert error_text(e, "zh-Hant") == "門風：要係E、S、W或者N，唔係'Q'"
    e = _raised(lambda: settle(5, HKRules(), winner=1, self_drawn=False, discarder=1))
    assert error_text(e, "zh-Hant") == "出銃者唔可以係食糊者（S）"
    assert error_text(e, "ja") == "放銃者は和了者（S）にはなれない"
    e = _raised(lambda: fields.check_fields({"fan_given": 2000}, FIELDS))
    assert error_text(e, "ja") == "項目'fan_given'は0〜1000の整数で、2000ではない"
    e = _raised(lambda: read_sheet(['{"event": "draw", "tenpai": ["Q"]}']))
    assert error_text(e, "fr") == "ligne 1\u00a0: le joueur tenpai 'Q' n'est pas parmi E, S, W, N"


def test_every_field_kind_is_said_in_every_language() -> None:
    kinds = [v for v in vars(fields).values() if isinstance(v, fields.Kind)]
    kinds.append(fields.enum(1, 2, 3))
    assert len(kinds) >= 12
    for kind in kinds:
        english = kind.expected()
        for lang in LANGS:
            said = kind.expected(lang)
            assert said not in (f"errors.fields.kind.{kind.word}", english), (kind, lang)
            assert foreign_words(said, lang) == []


def test_a_payment_record_without_its_discarder_or_a_record_without_its_hand() -> None:
    # these two reach the player only through the interchange's result objects, whose
    # messages are English (docs/records.md); the catalogue has them in every language
    out = score_record({"id": 1, "fan_given": 5})
    assert out["error"] == {
        "type": "InvalidSituation",
        "message": "a win on a discard needs the discarder's seat",
    }
    out = score_record({"id": 2, "seat_wind": "S"})
    assert out["error"] == {
        "type": "InvalidHand",
        "message": "a record needs a 'hand' or, for a payment only, 'fan_given'",
    }
    for lang in LANGS:
        text = tr("errors.hk.records.no_hand", lang)
        assert "'hand'" in text and "'fan_given'" in text
        assert foreign_words(text, lang) == []
        assert foreign_words(tr("errors.hk.pay.no_discarder", lang), lang) == []


def test_the_older_winner_field_still_names_the_seat() -> None:
    assert read_record({"hand": "123m", "winner": "S"}).situation.seat == 1
    assert read_record({"hand": "123m", "winner": 0}).situation.seat == 0
    assert read_record({"hand": "123m"}).situation.seat == 0
    assert read_record({"hand": "123m", "winner": "S", "seat_wind": "N"}).situation.seat == 3


def test_the_payment_curve_of_no_rules_is_a_bug_of_ours() -> None:
    # the rules read 'spiciness' as one of its three curves and fan counts as whole numbers
    # >= 0: nothing a player writes reaches these, so they are internal errors
    with pytest.raises(InternalError, match="unknown payment curve 'mild'"):
        multiplier(5, "mild")
    with pytest.raises(InternalError, match=">= 0"):
        multiplier(-1)
    with pytest.raises(RulesError, match="'mild'"):
        rules_from_mapping({"spiciness": "mild"})


# ---- through the front ends ---------------------------------------------------------------


def test_the_game_sheet_command_says_the_seat_error_in_the_users_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "soir.jsonl"
    path.write_text(
        '{"event": "start", "players": ["Ann", "Bea", "Cyd", "Dan"]}\n'
        '{"event": "win", "winner": "Zoe", "from": "Ann", "han": 1, "fu": 30}\n',
        encoding="utf-8",
    )
    said = {}
    for lang in ("en", *LANGS):
        assert main(["game", "sheet", str(path), "--lang", lang]) == 2
        said[lang] = capsys.readouterr().err
    assert "line 2: winner 'Zoe' is not one of Ann, Bea, Cyd, Dan" in said["en"]
    assert "le gagnant 'Zoe' n'est pas parmi Ann, Bea, Cyd, Dan" in said["fr"]
    assert "和了者 'Zoe'" in said["ja"] and "食糊者 'Zoe'" in said["zh-Hant"]
    for lang in LANGS:
        assert foreign_words(said[lang], lang) == [], said[lang]


def test_the_stats_import_says_the_bad_field_in_the_users_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ann.json"
    path.write_text(json.dumps(_export(answers=[_answer(seconds="vite")])), encoding="utf-8")
    store = str(tmp_path / "p.sqlite3")
    said = {}
    for lang in ("en", *LANGS):
        assert main(["stats", "--store", store, "--import", str(path), "--lang", lang]) == 2
        said[lang] = capsys.readouterr().err
    assert 'answers[0].seconds is a number of seconds ≥ 0 or null, not "vite"' in said["en"]
    assert 'un nombre de secondes ≥ 0 ou null, pas "vite"' in said["fr"]
    assert "0以上の秒数かnull" in said["ja"] and "≥ 0嘅秒數或者null" in said["zh-Hant"]
    for lang in LANGS:
        assert "answers[0].seconds" in said[lang]
        assert foreign_words(said[lang], lang, allow=NOTATION) == [], said[lang]


def test_a_rules_file_keeps_the_toml_reason_and_says_the_rest_in_the_users_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "maison.toml"
    path.write_text('preset = "tenhou"\nkiriage = \n', encoding="utf-8")
    reason = "Invalid value (at line 2, column 11)"  # tomllib's own words, quoted as they come
    for lang in LANGS:
        assert main(["rules", "show", str(path), "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert reason in err and repr(str(path)) in err
        assert foreign_words(err.replace(reason, ""), lang) == [], err


@pytest.fixture
def web(tmp_path: Path) -> Callable[[str], TestClient]:
    app = create_app(store_path=tmp_path / "w.sqlite3", secret="cd" * 32)
    return lambda lang: TestClient(app, headers={"accept-language": lang})


@pytest.mark.parametrize(
    ("query", "status", "words"),
    [
        (
            "seat=Q",
            400,
            {
                "en": "seat: E, S, W or N, not 'Q'",
                "fr": "vent du joueur",
                "ja": "自風",
                "zh-Hant": "門風",
            },
        ),
        (
            "from=dessous",
            400,
            {
                "en": "from: left, across or right, not 'dessous'",
                "fr": "joueur qui a défaussé",
                "ja": "放銃者",
                "zh-Hant": "出銃者",
            },
        ),
        (
            "honba=beaucoup",
            400,
            {
                "en": "honba: a whole number from 0 to 99, not 'beaucoup'",
                "fr": "un nombre entier de 0 à 99",
                "ja": "本場",
                "zh-Hant": "本場",
            },
        ),
        (
            "hand=123m&add=5z&to=chi",
            422,
            {
                "en": "a chi starts at a tile 1-7 of a suit",
                "fr": "une suite (chi) commence",
                "ja": "チーは数牌",
                "zh-Hant": "上（chi）",
            },
        ),
    ],
)
def test_the_calculator_page_says_the_error_in_the_readers_language(
    web: Callable[[str], TestClient], query: str, status: int, words: dict[str, str]
) -> None:
    for lang in ("en", *LANGS):
        r = web(lang).get(f"/?{query}")
        assert r.status_code == status
        page = visible_text(r.text)
        assert words[lang] in page, (lang, page)
        if lang != "en":
            assert words["en"] not in page
            assert foreign_words(page, lang) == []  # the whole page, the error in it


def test_the_web_sheet_refuses_an_event_in_the_readers_language(
    web: Callable[[str], TestClient],
) -> None:
    names = {"player0": "Ann", "player1": "Bea", "player2": "Cyd", "player3": "Dan"}
    said = {}
    for lang in ("en", *LANGS):
        c = web(lang)
        c.post("/sheet/new", data={"rules": "tenhou", **names})
        event = {"kind": "win", "winner": "Ann", "from": "Bea", "points": "12x"}
        r = c.post("/sheet/event", data=event)
        assert r.status_code == 422
        said[lang] = visible_text(r.text)
    assert "points '12x' are not a number of points" in said["en"]
    assert "les points '12x' ne sont pas un nombre de points" in said["fr"]
    assert "点数'12x'は点数の数値ではない" in said["ja"]
    assert "點數'12x'唔係一個點數" in said["zh-Hant"]
    for lang in LANGS:
        assert "line 1" not in said[lang] and "ligne 1" not in said[lang]
        assert foreign_words(said[lang], lang) == []
