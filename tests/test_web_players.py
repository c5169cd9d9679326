"""The web app as players meet it (FastAPI's TestClient): numbers written as each language
writes them, errors that keep what was typed and name the field, no 500 on odd input, the
words of every language on the pages, and the API's errors."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tenpai.web import create_app

HAND = "234m678p45667s88s ron 5s"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    app = create_app(store_path=tmp_path / "progress.sqlite3")
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
    return {n: int(v) for n, v in re.findall(r'data-player="([^"]+)">(-?\d+)<', page)}


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
