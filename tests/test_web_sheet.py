"""The web score sheet: games recorded hand by hand into the store, replayed on every page;
the values are those of the command line's sheet of the same events (tests/data)."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tenpai.game.sheet import read_sheet
from tenpai.i18n import grouped
from tenpai.trainer.sheet_store import SheetStore
from tenpai.trainer.store import Store
from tenpai.web import create_app

TONPUU = Path(__file__).parent / "data" / "game-tonpuu.jsonl"
NAMES = {"player0": "Ann", "player1": "Bea", "player2": "Cyd", "player3": "Dan"}


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(store_path=tmp_path / "t.sqlite3", secret="ab" * 32))


def _scores(html: str) -> dict[str, int]:
    return {n: int(v) for n, v in re.findall(r'data-player="([^"]+)" data-points="(-?\d+)"', html)}


def _form(event: dict) -> dict:
    """The web form of one event of the CLI's file."""
    kind = event["event"]
    if kind in ("riichi", "chombo"):
        return {"kind": kind, "seat": event["seat"]}
    if kind == "abort":
        return {"kind": "abort"}
    if kind == "draw":
        return {"kind": "draw", "tenpai": event.get("tenpai", [])}
    form = {"kind": "win", "from": event.get("from", "")}
    for suffix, win in zip(("", "2"), event.get("wins", [event]), strict=False):
        form["winner" + suffix] = win["winner"]
        if "points" in win:
            form["points" + suffix] = win["points"]
        else:
            form["han" + suffix], form["fu" + suffix] = str(win["han"]), str(win.get("fu", 30))
    return form


def test_a_game_typed_in_the_page_gives_the_sheet_of_the_command_line(
    client: TestClient,
) -> None:
    lines = TONPUU.read_text(encoding="utf-8").splitlines()  # a double ron among them
    expected = read_sheet(lines).table
    assert client.post("/sheet/new", data={"rules": "tenhou-tonpuu", **NAMES}).status_code == 200
    for line in lines[1:]:
        r = client.post("/sheet/event", data=_form(json.loads(line)))
        assert r.status_code == 200, r.text
    page = client.get("/sheet").text
    assert _scores(page) == dict(zip(NAMES.values(), expected.scores, strict=True))
    assert expected.ended and "Game over" in page
    rows = re.findall(r'<span class="lbl">([^<]+)</span>', page)
    assert rows == [f"{r.label}·{r.honba}" for r in expected.rows]


def test_the_standings_when_the_game_ends_and_the_evening_totals(client: TestClient) -> None:
    client.post("/sheet/new", data={"rules": "tenhou-tonpuu", **NAMES})
    for _ in range(4):  # E1..E4, nobody tenpai: 25,000 each, nobody at 30,000: South
        client.post("/sheet/event", data={"kind": "draw"})
    page = client.get("/sheet").text
    assert ">S1<" in page
    client.post(
        "/sheet/event", data={"kind": "win", "winner": "Bea", "from": "Dan", "points": "8000"}
    )  # + 4 honba: 9,200
    page = client.get("/sheet").text
    assert "Game over" in page
    assert _scores(page) == {"Ann": 25000, "Bea": 34200, "Cyd": 25000, "Dan": 15800}
    standings = re.search(r'id="standings">(.*?)</table>', page, re.S)
    assert standings is not None
    # Bea: 34 - 30 + 20 + 20 = 44; ties of Ann and Cyd by seat: Ann 2nd (+10), Cyd 3rd.
    rows = re.findall(
        r"<th scope=\"row\">(\w+)</th><td class=\"num\">([^<]+)</td><td class=\"placement\">"
        r"<strong>([^<]+)</strong>",
        standings.group(1),
    )
    assert rows == [  # the scores written as the page's language writes points
        ("Bea", grouped(34200, "en"), "+44"),
        ("Ann", grouped(25000, "en"), "+5"),
        ("Cyd", grouped(25000, "en"), "-15"),
        ("Dan", grouped(15800, "en"), "-34"),
    ]
    # A second game of the evening; the totals add the ended games.
    client.post("/sheet/new", data={"rules": "ema", **NAMES})
    page = client.get("/sheet").text
    assert re.search(r"Bea</th><td><strong>\+44</strong></td><td>1 game</td>", page)
    csv_text = client.get("/sheet/export.csv").text
    table = list(csv.reader(io.StringIO(csv_text)))
    assert ["Game 1", "tenhou-tonpuu", "extension_target"] in table
    assert table[-4:][0] == ["Bea", "+44", "1"]


def test_refused_events_change_nothing_and_say_why(client: TestClient) -> None:
    r = client.post("/sheet/event", data={"kind": "abort"})
    assert r.status_code == 422 and "start a game first" in r.text
    client.post("/sheet/new", data={"rules": "tenhou", **NAMES})
    r = client.post(
        "/sheet/event", data={"kind": "win", "winner": "Ann", "from": "Ann", "han": "1", "fu": "30"}
    )
    assert r.status_code == 422 and "Ann cannot both win and deal in" in r.text
    r = client.post(
        "/sheet/event", data={"kind": "win", "winner": "Ann", "from": "Bea", "points": "12x"}
    )
    assert r.status_code == 422 and "points &#39;12x&#39; are not" in r.text
    r = client.post(
        "/sheet/event", data={"kind": "win", "winner": "Ann", "from": "", "hand": "123m tsumo 5s"}
    )
    assert r.status_code == 422
    assert _scores(client.get("/sheet").text) == dict.fromkeys(NAMES.values(), 25000)


def test_a_hand_from_the_calculator_takes_winds_and_riichi_from_the_table(
    client: TestClient,
) -> None:
    client.post("/sheet/new", data={"rules": "tenhou", **NAMES})
    client.post("/sheet/event", data={"kind": "riichi", "seat": "Bea"})
    # Bea (South) riichi, pinfu, tanyao on Dan's discard: 3 han 30 fu = 3,900 (the card).
    r = client.post(
        "/sheet/event",
        data={"kind": "win", "winner": "Bea", "from": "Dan", "hand": "234m678p45667s88s ron 5s"},
    )
    assert r.status_code == 200
    assert _scores(client.get("/sheet").text) == {
        "Ann": 25000,
        "Bea": 28900,
        "Cyd": 25000,
        "Dan": 21100,
    }


def test_undo_and_the_store_keeps_the_cli_format(client: TestClient, tmp_path: Path) -> None:
    client.post("/sheet/new", data={"rules": "tenhou", **NAMES})
    client.post("/sheet/event", data={"kind": "riichi", "seat": "Cyd"})
    client.post("/sheet/event", data={"kind": "draw", "tenpai": ["Cyd"]})
    client.post("/sheet/undo")
    with Store(tmp_path / "t.sqlite3") as store:
        sheets = SheetStore(store)
        owners = store._db.execute("SELECT DISTINCT owner FROM sheet_evenings").fetchall()
        (owner,) = owners[0]
        (game,) = sheets.games(sheets.evenings(owner)[0].id)
        assert read_sheet(game.lines()).table.scores == (25000, 25000, 24000, 25000)


def test_each_browser_keeps_its_own_sheets(client: TestClient, tmp_path: Path) -> None:
    client.post("/sheet/new", data={"rules": "tenhou", "evening_name": 'Fri "late"\r', **NAMES})
    client.post("/sheet/event", data={"kind": "riichi", "seat": "Ann"})
    r = client.get("/sheet/export.csv")
    assert r.headers["content-disposition"] == 'attachment; filename="tenpai-Fri_late_.csv"'
    other = TestClient(client.app)  # another browser: no cookie, no sheet
    page = other.get("/sheet").text
    assert 'id="scores"' not in page and 'id="new-game"' in page


def test_a_hand_sent_by_the_calculator_fills_the_win_form(client: TestClient) -> None:
    calc = client.get(
        "/calc",
        params={"hand": "234m678p45667s88s ron 5s", "seat": "S", "from": "left", "flag": "riichi"},
    ).text
    link = re.search(r'id="to-sheet" href="([^"]+)"', calc)
    assert link is not None
    client.post("/sheet/new", data={"rules": "tenhou", **NAMES})
    client.post("/sheet/event", data={"kind": "draw"})  # E2: Bea deals, Cyd is South
    page = client.get(link.group(1).replace("&amp;", "&")).text
    assert 'value="234m678p45667s88s ron 5s"' in page
    assert '<option value="Cyd" selected>' in page.split('id="winner"')[1].split("</select>")[0]
    # the discarder on Cyd's left is Bea, the dealer
    assert '<option value="Bea" selected>' in page.split('id="from"')[1].split("</select>")[0]
