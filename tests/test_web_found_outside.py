"""The words and numbers of the web app that issue 27 found wrong (item 12, the web's part):
the API quotes a hand as it was written; the score sheet counts with plural forms and writes
its points as the reader's language does; the rules kept through the calculator's form and
named in the page's language; the Hong Kong calculator names its own field; the API page's
examples call the server they were read from; a document page holds one ``main``. What a
browser shows (widths, sizes) is checked in tests/test_web_found_outside_browser.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tenpai.i18n import LANGS, grouped
from tenpai.web import create_app

NAMES = {"player0": "Ann", "player1": "Bea", "player2": "Cyd", "player3": "Dan"}


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(store_path=tmp_path / "t.sqlite3", secret="ab" * 32))


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize(
    "record",
    [
        {"closed_tiles": "9m1m234p567s11z22z", "win_tile": "9m"},
        {"variant": "hk", "hand": "9m1m234p567s11z22z", "win_tile": "9m", "seat_wind": "E"},
        {"closed_tiles": ["9m", "1m", "234p", "567s", "11z22z"], "win_tile": "9m"},
    ],
)
def test_the_api_quotes_a_short_hand_as_it_was_written(
    client: TestClient, record: dict[str, object]
) -> None:
    error = client.post("/api/score", json=record).json()["error"]
    assert error["type"] == "InvalidHand"
    assert "this one has 12 in '9m1m234p567s11z22z'" in error["message"]  # not sorted


def test_a_hand_with_melds_is_quoted_with_them(client: TestClient) -> None:
    record = {
        "closed_tiles": "31m234p11z22z",
        "win_tile": "1z",
        "melds": [{"type": "pon", "tiles": "555s", "from": "left"}],
    }
    error = client.post("/api/score", json=record).json()["error"]
    assert "in '31m234p11z22z pon 555s'" in error["message"]


def _sheet(client: TestClient, *events: dict[str, object]) -> str:
    client.post("/sheet/new", data={"rules": "tenhou", **NAMES})
    for e in events:
        assert client.post("/sheet/event", data=e).status_code == 200
    return client.get("/sheet").text


@pytest.mark.parametrize(
    ("lang", "one", "two", "game"),
    [
        ("en", "1 riichi stick", "2 riichi sticks", "1 game"),
        ("fr", "1 bâton de riichi", "2 bâtons de riichi", "1 partie"),
        ("ja", "供託1本", "供託2本", "1対局"),
        ("zh-Hant", "立直棒1支", "立直棒2支", "1場"),
    ],
)
def test_the_sheet_counts_in_the_plural_of_each_language(
    client: TestClient, lang: str, one: str, two: str, game: str
) -> None:
    client.get(f"/sheet?lang={lang}")
    page = _sheet(client, {"kind": "riichi", "seat": "Ann"})
    round_line = re.search(r'id="round">(.*?)</p>', page, re.S)
    assert round_line is not None and one in _text(round_line.group(1))
    page = _sheet(client, {"kind": "riichi", "seat": "Ann"}, {"kind": "riichi", "seat": "Bea"})
    round_line = re.search(r'id="round">(.*?)</p>', page, re.S)
    assert round_line is not None and two in _text(round_line.group(1))
    assert "(s)" not in page and "sticks" not in page.replace("riichi sticks", "")
    # a game played to its end (Dan pays a yakuman: below zero, the game ends): the evening's
    # totals count it
    win = {"kind": "win", "winner": "Bea", "from": "Dan", "han": "yakuman", "fu": "30"}
    assert "game-over" in _sheet(client, win)
    totals = re.search(r'id="totals">(.*?)</table>', client.get("/sheet").text, re.S)
    assert totals is not None and game in _text(totals.group(1))


@pytest.mark.parametrize("lang", LANGS)
def test_the_sheet_writes_points_as_the_language_does(client: TestClient, lang: str) -> None:
    client.get(f"/sheet?lang={lang}")
    page = _sheet(client, {"kind": "win", "winner": "Bea", "from": "Dan", "han": "3", "fu": "30"})
    scores = re.findall(r'data-points="(-?\d+)">([^<]+)<', page)
    assert dict(scores)["28900"] == grouped(28900, lang)  # Bea's 25,000 + 3,900
    rows = re.search(r'id="rows">(.*?)</ol>', page, re.S)
    assert rows is not None
    assert grouped(3900, lang) in rows.group(1) and grouped(21100, lang) in rows.group(1)
    standings = re.search(r'id="standings">(.*?)</table>', page, re.S)
    assert standings is not None and grouped(28900, lang) in standings.group(1)


def _rules_form(preset: str, **changed: str) -> dict[str, object]:
    """The rules page's form as a browser sends it: *preset* and its own options (a list
    for those of several values), then the *changed* ones."""
    from tenpai.riichi.rules import OPTIONS, find_rules, option_text

    rules = find_rules(preset)
    form: dict[str, object] = {"preset": preset}
    for o in OPTIONS:
        if o.name == "local_yaku":
            continue
        value = getattr(rules, o.name)
        form[o.name] = [str(x) for x in value] if o.kind == "set" else str(option_text(value))
    return {**form, **changed}


def test_the_calculator_keeps_the_rules_page_options_through_its_form(
    client: TestClient,
) -> None:
    # kiriage: 4 han 30 fu (7,700 for a non-dealer ron) is paid as a mangan (8,000)
    client.post("/rules", data=_rules_form("bareme", kiriage="true"))
    page = client.get("/?lang=en").text
    form = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', page))
    assert form.get("opt") == "kiriage:true" and form.get("opts_of") == "bareme"
    # the select says the rules in use: the preset and its changed options
    assert '<option value="bareme" selected>bareme + options changed</option>' in page
    query = {"hand": "234m567p234s55s67s ron 8s", "seat": "S", "from": "left", "rules": "bareme"}
    query |= {"flag": "riichi", "dora": "1s"}  # riichi, pinfu, tanyao, dora 1: 4 han 30 fu
    sent = client.get("/", params={**query, **form}).text
    assert '<option value="bareme" selected>bareme + options changed</option>' in sent
    assert "= 8 000" in _text(sent)  # kiriage: a mangan
    assert "= 7 700" in _text(client.get("/", params=query).text)  # without the options
    # another preset chosen in the form: the options were bareme's
    other = client.get("/", params={**query, **form, "rules": "tenhou"}).text
    assert '<option value="tenhou" selected>tenhou</option>' in other and "= 7 700" in _text(other)


@pytest.mark.parametrize(
    ("lang", "custom"),
    [("fr", "options changées"), ("en", "options changed"), ("ja", "オプション変更あり"),
     ("zh-Hant", "已改選項")],
)  # fmt: skip
def test_the_saved_rules_are_named_in_the_page_language(
    client: TestClient, lang: str, custom: str
) -> None:
    client.post("/rules", data=_rules_form("tenhou"))  # the preset first, then its options
    client.post("/rules", data=_rules_form("tenhou", kiriage="true"))
    saved = re.search(r'id="saved">([^<]*)<', client.get(f"/rules?saved=1&lang={lang}").text)
    assert saved is not None and "tenhou" in saved.group(1) and custom in saved.group(1)
    assert "custom" not in saved.group(1).replace(custom, "")


@pytest.mark.parametrize("lang", LANGS)
def test_the_hong_kong_calculator_names_its_own_field(client: TestClient, lang: str) -> None:
    from tenpai.i18n import tr

    params = {"variant": "hk", "hand": "123m456p789s1122z ron 2z", "seat": "S", "lang": lang}
    error = re.search(r'id="calc-error">(.*?)</p>', client.get("/", params=params).text, re.S)
    assert error is not None
    assert "--from" not in error.group(1) and "&#39;discarder&#39;" not in error.group(1)
    assert tr("errors.calc.name.from", lang) in error.group(1)
    # flowers given, under rules without them: the form's flowers field is named
    flowers = {**params, "hand": "123m456p789s1122z tsumo 2z", "flowers": "f2"}
    flowers["rules"] = "hskpeter"  # a Hong Kong ruleset that plays no flowers
    error = re.search(r'id="calc-error">(.*?)</p>', client.get("/", params=flowers).text, re.S)
    assert error is not None and "--flowers" not in error.group(1)
    assert tr("errors.calc.name.flowers", lang) in error.group(1)


def test_the_api_examples_call_the_server_they_were_read_from(tmp_path: Path) -> None:
    app = create_app(store_path=tmp_path / "t.sqlite3", secret="ab" * 32)
    page = TestClient(app, base_url="http://127.0.0.1:8431").get("/api").text
    assert page.count("curl -s http://127.0.0.1:8431/api/") == 5 and ":8000" not in page


@pytest.mark.parametrize("path", ["/card", "/hk/fan", "/hk/payments"])
def test_a_document_page_holds_one_main(client: TestClient, path: str) -> None:
    page = client.get(path).text
    assert page.count("<main") == 1 and '<article class="doc"' in page


def test_the_api_error_is_json_even_for_a_list(client: TestClient) -> None:
    body = [{"id": "a", "closed_tiles": "9m1m234p567s11z22z", "win_tile": "9m"}]
    (res,) = client.post("/api/score", content=json.dumps(body)).json()
    assert "'9m1m234p567s11z22z'" in res["error"]["message"]
