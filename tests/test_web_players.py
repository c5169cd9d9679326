"""The web app as players meet it (FastAPI's TestClient): numbers written as each language
writes them, errors that keep what was typed and name the field, no 500 on odd input, the
words of every language on the pages, and the API's errors."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tenpai.web import create_app

HAND = "234m678p45667s88s ron 5s"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One app for the module: each test's client has its own cookie, hence its own drill,
    rules, profiles and sheets."""
    return create_app(store_path=tmp_path_factory.mktemp("players") / "progress.sqlite3")


@pytest.fixture
def client(app: Any) -> TestClient:
    return TestClient(app, headers={"accept-language": "en"}, raise_server_exceptions=False)


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def _headline(page: str) -> str:
    found = re.search(r'id="headline">(.*?)</p>', page, re.S)
    assert found is not None, page[:2000]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).split())


# ---- numbers ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "number", "word"),
    # 4 han 30 fu, a non-dealer's ron: 7700 on every table (the card, Tenhou); Tenhou and
    # Japanese players write 7700点, the French card « 7 700 »
    [
        ("ja", "7700", "点"),
        ("zh-Hant", "7700", "點"),
        ("fr", "7 700", "points"),
        ("en", "7 700", "points"),
    ],
)
def test_the_headline_writes_points_as_the_language_does(
    client: TestClient, lang: str, number: str, word: str
) -> None:
    params = {"hand": HAND, "seat": "S", "flag": "riichi", "dora": "1m", "lang": lang}
    page = client.get("/", params=params).text
    head = _headline(page)
    assert head.startswith(f"{number}{word}" if word in "点點" else f"{number} {word}"), head
    # the explanation below says the same number the same way
    assert number in _text(page.split('id="pay-lines"')[1].split("</table>")[0])


# ---- words --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "params", "shown"),
    [
        # riichi, pinfu, tanyao and the pair 88s as dora twice: 5 han, a mangan; a kokushi
        # (its pair before the winning tile: the single wait), a limit hand in Hong Kong
        ("ja", {"hand": HAND, "seat": "S", "flag": "riichi", "dora": "7s"}, "満貫"),
        ("zh-Hant", {"hand": HAND, "seat": "S", "flag": "riichi", "dora": "7s"}, "滿貫"),
        ("ja", {"hand": "119m19p19s123456z tsumo 7z"}, "国士無双 · 役満"),
        ("fr", {"hand": "119m19p19s123456z tsumo 7z"}, "Kokushi musou · Yakuman"),
        ("ja", {"variant": "hk", "hand": "19m19p19s1234567z tsumo 1m"}, "十三么"),
        ("fr", {"variant": "hk", "hand": "19m19p19s1234567z tsumo 1m"}, "Treize orphelins"),
    ],
)
def test_the_headline_names_the_limit_in_the_page_language(
    client: TestClient, lang: str, params: dict[str, str], shown: str
) -> None:
    head = _headline(client.get("/", params={**params, "lang": lang}).text)
    assert head.endswith(shown), head
    assert not re.search(r"[a-z]+_[a-z0-9]+", head), head  # never an id (kokushi_13)


# ---- the score sheet ----------------------------------------------------------------------

PLAYERS = {"player0": "Ann", "player1": "Bea", "player2": "Cyd", "player3": "Dan"}


def _errors(page: str) -> list[str]:
    return [_text(e).strip() for e in re.findall(r'class="error"[^>]*>(.*?)</p>', page, re.S)]


def _scores(page: str) -> dict[str, int]:
    return {n: int(v) for n, v in re.findall(r'data-player="([^"]+)" data-points="(-?\d+)"', page)}


@pytest.mark.parametrize(
    ("source", "tiles", "said"),
    [
        # the form's example tiles (a ron) with the discarder left at its default, tsumo
        ("", HAND, "the tiles say ron but “On the discard of” says tsumo"),
        # a tsumo hand on a discard would be paid as a ron of the tsumo's total
        ("Dan", "234m678p45667s88s tsumo 5s", "the tiles say tsumo but “On the discard of”"),
    ],
)
def test_the_sheet_refuses_tiles_that_contradict_the_discarder(
    client: TestClient, source: str, tiles: str, said: str
) -> None:
    client.post("/sheet/new", data={"rules": "tenhou", **PLAYERS})
    form = {"kind": "win", "winner": "Bea", "from": source, "hand": tiles}
    r = client.post("/sheet/event", data=form)
    assert r.status_code == 422, r.status_code
    assert any(e.startswith(said) for e in _errors(r.text)), _errors(r.text)
    assert _scores(client.get("/sheet").text) == dict.fromkeys(PLAYERS.values(), 25000)


def test_the_sheet_names_the_dora_field_when_it_is_wrong(client: TestClient) -> None:
    client.post("/sheet/new", data={"rules": "tenhou", **PLAYERS})
    form = {"kind": "win", "winner": "Bea", "from": "Dan", "hand": HAND, "dora": "zz"}
    r = client.post("/sheet/event", data=form, params={"lang": "fr"})
    assert r.status_code == 422
    assert any(e.startswith("dora : ") and "'zz'" in e for e in _errors(r.text)), r.text


# ---- the calculator's fields --------------------------------------------------------------


def _value(page: str, name: str) -> str | None:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    assert found is not None, name
    value = re.search(r'value="([^"]*)"', found.group(0))
    return None if value is None else html.unescape(value.group(1))


def _invalid(page: str) -> list[str]:
    return re.findall(r'<input[^>]*name="(\w+)"[^>]*aria-invalid="true"', page)


@pytest.mark.parametrize(
    ("field", "typed", "said"),
    [
        ("dora", "9x", "dora : caractère inconnu 'x' à la position 2 dans '9x'"),
        ("honba", "150", "honba : un nombre entier de 0 à 99, pas '150'"),
        ("sticks", "1.5", "bâtons de riichi : un nombre entier de 0 à 99, pas '1.5'"),
    ],
)
def test_a_wrong_field_keeps_the_hand_and_shows_what_was_typed(
    client: TestClient, field: str, typed: str, said: str
) -> None:
    params = {"hand": HAND, "seat": "S", "ura": "1p", field: typed, "lang": "fr"}
    r = client.get("/", params=params)
    assert r.status_code == 400
    assert any(said in e for e in _errors(r.text)), _errors(r.text)
    # the hand and the other fields as they were, the wrong one as typed and marked
    assert _value(r.text, "hand") == HAND
    assert 'value="S" selected' in r.text
    assert _value(r.text, field) == typed
    assert _value(r.text, "ura" if field != "ura" else "dora") in ("1p", "")
    assert _invalid(r.text) == [field]


# ---- the rules page -----------------------------------------------------------------------


def test_a_wrong_rules_value_keeps_every_other_choice(client: TestClient) -> None:
    form = {
        "preset": "bareme",
        "yakuman_max_multiple": "abc",
        "honba_ron": "500",
        "local": ["sanrenkou", "isshoku_sanjun"],
        "hk_rules": "hkma",
    }
    r = client.post("/rules", data=form, params={"lang": "fr"})
    assert r.status_code == 422
    assert any("'abc'" in e for e in _errors(r.text)), _errors(r.text)
    # what was typed and ticked, as it was: nothing kept in the session yet
    assert _value(r.text, "yakuman_max_multiple") == "abc"
    assert _value(r.text, "honba_ron") == "500"
    assert _invalid(r.text) == ["yakuman_max_multiple"]
    for yaku in ("sanrenkou", "isshoku_sanjun"):
        assert f'name="local" value="{yaku}" checked' in r.text
    assert 'value="hkma" selected' in r.text
    assert 'name="local" value="sanrenkou" checked' not in client.get("/rules").text


# ---- the drill ----------------------------------------------------------------------------


def _drill_form(page: str) -> dict[str, str]:
    return dict(re.findall(r'<input type="hidden" name="(hand|step)" value="([^"]*)">', page))


def test_an_answer_that_does_not_read_is_kept_to_be_corrected(client: TestClient) -> None:
    page = client.get("/train", params={"lang": "fr"}).text
    # the first question of the default drill is the yaku; "zzz" names none
    assert 'data-part="yaku"' in page
    r = client.post("/train/answer", data={**_drill_form(page), "answer": "riichi, zzz"})
    assert r.status_code == 422
    assert any("'zzz'" in e for e in _errors(r.text)), _errors(r.text)
    field = re.search(r'<input id="answer"[^>]*>', r.text)
    assert field is not None
    assert 'value="riichi, zzz"' in field.group(0) and 'aria-invalid="true"' in field.group(0)
    assert 'aria-describedby="answer-error answer-help"' in field.group(0)


def test_a_settings_error_is_said_in_the_settings_with_what_was_typed(client: TestClient) -> None:
    client.get("/train", params={"lang": "en"})
    r = client.post("/train/profile", data={"profile": "a/b"})
    assert r.status_code == 422
    settings = r.text.split('<details class="settings"', 1)[1]
    assert settings.startswith(" open>")
    assert 'id="profile-error"' in settings and 'id="answer-error"' not in r.text
    field = re.search(r'<input name="profile"[^>]*>', settings)
    assert field is not None and 'value="a/b"' in field.group(0)
    assert 'aria-invalid="true"' in field.group(0)
    assert 'aria-invalid="true"' not in re.search(r'<input id="answer"[^>]*>', r.text).group(0)


# ---- the API's errors ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "ctype", "said"),
    [
        (b"{bad", "application/json", "the body cannot be read: not JSON ("),
        (b'{"count": 2}', "text/plain", "sent as application/json, not text/plain"),
        # what curl -d sends by default
        (
            b'{"count": 2}',
            "application/x-www-form-urlencoded",
            "sent as application/json, not application/x-www-form-urlencoded",
        ),
        (b"", "application/json", "the body is empty"),
        (b"[1]", "application/json", "the body is a JSON object (its fields by name), not a list"),
        (b"true", "application/json", "not true or false"),
        (b'{"count": "x"}', "application/json", "count: "),
    ],
)
def test_api_body_errors_say_what_is_wrong(
    client: TestClient, body: bytes, ctype: str, said: str
) -> None:
    for path in ("/api/deal", "/api/maneman"):
        if path == "/api/maneman" and said == "count: ":
            continue
        r = client.post(path, content=body, headers={"content-type": ctype})
        assert r.status_code == 422, (path, r.status_code)
        assert said in r.json()["detail"], (path, r.json())
        assert "Input should be a valid dictionary" not in r.json()["detail"]


# ---- refused requests ---------------------------------------------------------------------


def test_a_refused_page_request_is_said_in_the_reader_language(client: TestClient) -> None:
    ja = {"accept-language": "ja"}
    r = client.get("/", params={"hand": "1m" * 3000}, headers=ja)
    assert r.status_code == 414 and '<html lang="ja">' in r.text
    assert "アドレスが長すぎます：「?」の後は最大4096文字です" in _text(r.text)
    r = client.post("/logs", content=b"x" * (2 << 20), headers={**ja, "content-length": "x"})
    assert r.status_code == 413
    r = client.post("/rules?lang=fr", data={"preset": "wrc"}, headers={"origin": "http://evil"})
    assert r.status_code == 403 and '<html lang="fr">' in r.text
    assert "un formulaire envoyé depuis un autre site est refusé" in _text(r.text)
    big = client.post("/rules?lang=fr", content=b"a=" + b"x" * 70_000)
    assert big.status_code == 413 and "au plus 65 536 octets" in _text(big.text)
    # the API keeps its JSON
    r = client.post("/api/deal", content=b"x" * 70_000, headers={"content-type": "text/plain"})
    assert r.status_code == 413 and r.json() == {"detail": "the body is over 65536 bytes"}


@pytest.mark.parametrize("hand", ["zz", "123m pon 123m ron 1m"])
def test_a_hand_that_does_not_read_is_said_once(client: TestClient, hand: str) -> None:
    errors = _errors(client.get("/", params={"hand": hand}).text)
    assert len(errors) == 1 and f"'{hand}'" in errors[0], errors


def test_an_answer_from_a_second_tab_says_it_was_not_recorded(client: TestClient) -> None:
    page = client.get("/train", params={"lang": "fr"}).text
    form = _drill_form(page)
    client.post("/train/answer", data={**form, "answer": ""})  # the first tab passes
    r = client.post("/train/answer", data={**form, "answer": "riichi"})  # the second tab
    assert r.status_code == 200
    notice = re.search(r'id="answer-notice">(.*?)</p>', r.text, re.S)
    assert notice is not None
    assert "« riichi » n’est pas comptée" in html.unescape(notice.group(1))
    assert len(re.findall(r'<li class="(?:right|wrong)"', r.text)) == 1  # one answer graded


# ---- the game logs ------------------------------------------------------------------------


def test_a_pasted_log_that_does_not_read_is_placed_in_the_reader_words(
    client: TestClient,
) -> None:
    # the form as a browser sends it: the text pasted, the file field left empty
    files = {"file": ("", b"", "application/octet-stream")}
    r = client.post("/logs", data={"log": "hello"}, files=files, params={"lang": "ja"})
    assert r.status_code == 422
    assert any(e.startswith("貼り付けた牌譜、先頭：") for e in _errors(r.text)), _errors(r.text)
    assert "hello</textarea>" in r.text  # what was pasted stays


def test_the_calculator_words_are_the_page_language(client: TestClient) -> None:
    page = client.get("/", params={"hand": HAND, "dora": "1m", "ura": "2p", "lang": "ja"}).text
    assert '<nav aria-label="メニュー">' in page
    assert 'title="− ドラ表示牌 1m"' in page and 'title="− 裏ドラ表示牌 2p"' in page
    assert '<span class="sep">裏ドラ表示牌</span>' in page
    assert not re.search(r'(aria-label|title)="[^"]*\b(menu|dora|ura)\b', page)


def test_graded_answers_follow_the_language_switch(client: TestClient) -> None:
    page = client.get("/train", params={"lang": "en"}).text
    r = client.post("/train/answer", data={**_drill_form(page), "answer": ""})  # a pass
    assert "(passed)" in r.text
    again = client.get("/train", params={"lang": "ja"}).text
    graded = re.search(r'<ol class="graded">(.*?)</ol>', again, re.S)
    assert graded is not None
    assert "(パス)" in graded.group(1) and "passed" not in graded.group(1)


LOG = Path(__file__).parent / "data" / "logs" / "pinfu-ron.mjlog"


@pytest.mark.parametrize(
    ("lang", "summary", "claim"),
    [
        # the log: East 1 won by a pinfu tanyao ron of 2,000 (Tenhou's yaku 7 and 8), then
        # an exhaustive draw
        (
            "fr",
            "2 manches, 1 main gagnante : 2 concordent, 0 diffère, 0 non prise en charge",
            "2 han, 30 fu, 2 000 points — Pinfu, Tanyao",
        ),
        ("ja", "2局、和了1回：一致2、不一致0、未対応0", "2翻, 30符, 2000点 — 平和, 断幺九"),
    ],
)
def test_a_verified_log_is_written_in_the_reader_words(
    client: TestClient, lang: str, summary: str, claim: str
) -> None:
    files = {"file": (LOG.name, LOG.read_bytes(), "application/octet-stream")}
    r = client.post("/logs", files=files, params={"lang": lang})
    assert r.status_code == 200
    found = re.search(r'id="log-summary">(.*?)</p>', r.text, re.S)
    assert found is not None and _text(found.group(1)).strip() == summary
    assert claim in _text(r.text)


def _at(page: str) -> str:
    found = re.search(r'name="at" value="([^"]*)"', page)
    assert found is not None
    return found.group(1)


def test_a_sheet_form_from_a_stale_tab_records_nothing(client: TestClient) -> None:
    client.post("/sheet/new", data={"rules": "tenhou", **PLAYERS})
    first = client.get("/sheet").text  # both tabs show East 1
    at = _at(first)
    win = {"kind": "win", "winner": "Bea", "from": "Dan", "hand": HAND, "at": at}
    assert client.post("/sheet/event", data=win, follow_redirects=False).status_code == 303
    after = _scores(client.get("/sheet").text)
    # the second tab, still on East 1: its riichi would land on East 2, its undo take
    # back the first tab's win
    for path, form in (("/sheet/event", {"kind": "riichi", "seat": "Ann"}), ("/sheet/undo", {})):
        r = client.post(path, data={**form, "at": at}, params={"lang": "en"})
        assert r.status_code == 409
        assert _errors(r.text)[0].startswith("the sheet changed since this page was shown")
        assert _scores(client.get("/sheet").text) == after
    fresh = _at(client.get("/sheet").text)
    r = client.post("/sheet/undo", data={"at": fresh}, follow_redirects=False)
    assert r.status_code == 303
    assert _scores(client.get("/sheet").text) == dict.fromkeys(PLAYERS.values(), 25000)


@pytest.mark.parametrize(
    ("path", "page"),
    [("/train/answer", "/train"), ("/sheet/event", "/sheet"), ("/rules/reset", "/rules")],
)
def test_a_form_address_opened_as_a_page_goes_to_its_page(
    client: TestClient, path: str, page: str
) -> None:
    r = client.get(path, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == page
    other = client.put(path, params={"lang": "ja"})
    assert other.status_code == 405
    assert _errors(other.text) == [
        "このアドレスはページのフォームから送信してください：ページを開いてそこから送信してください"
    ]
    assert client.get("/api" + path, follow_redirects=False).status_code == 404  # the API: JSON


def test_a_tile_added_without_script_keeps_the_wrong_field(client: TestClient) -> None:
    params = {"hand": "234m", "dora": "9x", "add": "5m", "lang": "fr"}
    r = client.get("/", params=params, follow_redirects=False)
    assert r.status_code == 303
    page = client.get(r.headers["location"])
    assert page.status_code == 400 and _value(page.text, "hand") == "2345m"
    assert _value(page.text, "dora") == "9x" and _invalid(page.text) == ["dora"]
