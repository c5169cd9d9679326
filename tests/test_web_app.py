"""The web app through FastAPI's TestClient: pages, the calculator and its permalink, the
drill and its progress, the rules in the session, the API, and the guards (CSP, escaping,
clear 4xx messages, size limits, no stack trace)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from fastapi.testclient import TestClient

from tenpai.interchange import score_record
from tenpai.web import create_app
from tenpai.web.app import SECRET_FILE

XSS = "<script>alert('x')</script><img src=x onerror=alert(1)>"
HAND = "234m678p45667s88s ron 5s"


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "progress.sqlite3"


@pytest.fixture
def client(store: Path) -> TestClient:
    return TestClient(create_app(store_path=store), headers={"accept-language": "en"})


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# ---- pages, headers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    ["/", "/train", "/progress", "/card", "/hk/fan", "/hk/payments", "/rules", "/logs", "/api"],
)
def test_every_page_is_served_with_its_guards(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200
    csp = r.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp and "unsafe" not in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    html = r.text
    # no inline script, no inline style, nothing from another host
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert " style=" not in html and "<style" not in html
    assert not re.search(r"""(src|href)=["']https?://""", html)
    assert '<script src="/static/htmx.min.js"' in html


def test_htmx_is_vendored_with_its_licence(client: TestClient) -> None:
    r = client.get("/static/htmx.min.js")
    assert r.status_code == 200 and r.text.startswith("/*! htmx.org 2.0.11")
    assert "Zero-Clause BSD" in client.get("/static/htmx.LICENSE.txt").text


def test_language_follows_accept_language_then_the_switch(store: Path) -> None:
    c = TestClient(create_app(store_path=store), headers={"accept-language": "fr-FR,fr;q=0.9"})
    assert ">Calculer<" in c.get("/").text and '<html lang="fr">' in c.get("/").text
    assert '<html lang="en">' in c.get("/?lang=en").text
    assert '<html lang="en">' in c.get("/train").text  # kept in the session


def test_not_found_is_a_page_without_trace(client: TestClient) -> None:
    r = client.get("/nowhere")
    assert r.status_code == 404 and "Page not found" in r.text and "Traceback" not in r.text
    assert client.get("/api/nowhere").json() == {"detail": "Not Found"}


def test_an_unexpected_error_shows_no_trace(store: Path) -> None:
    app = create_app(store_path=store)

    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("secret detail")

    r = TestClient(app, raise_server_exceptions=False).get("/boom")
    assert r.status_code == 500
    assert "secret detail" not in r.text and "Traceback" not in r.text


def test_the_session_secret_is_made_once_beside_the_store(store: Path) -> None:
    c1 = TestClient(create_app(store_path=store))
    c1.get("/?lang=fr")
    secret = (store.parent / SECRET_FILE).read_text()
    assert (store.parent / SECRET_FILE).stat().st_mode & 0o777 == 0o600
    c2 = TestClient(create_app(store_path=store), cookies=c1.cookies)
    assert (store.parent / SECRET_FILE).read_text() == secret
    assert '<html lang="fr">' in c2.get("/").text  # the old cookie still reads


@pytest.mark.parametrize(
    ("content", "mode"),
    [
        (b"", 0o600),  # a first start killed between creating and writing the file
        (b"abc\n", 0o600),  # 3 characters
        (b"0123456789abcdef" * 4 + b"\n", 0o644),  # long enough, but readable by others
        (b"zz" * 40 + b"\n", 0o600),  # not the hex of random bytes
    ],
    ids=["empty", "short", "world-readable", "not-hex"],
)
def test_an_untrustworthy_session_secret_is_replaced(
    store: Path, content: bytes, mode: int
) -> None:
    key = store.parent / SECRET_FILE
    key.write_bytes(content)
    key.chmod(mode)
    TestClient(create_app(store_path=store)).get("/api/health")
    secret = key.read_text().strip()
    assert key.stat().st_mode & 0o777 == 0o600
    assert re.fullmatch(r"[0-9a-f]{64}", secret) and secret.encode() not in content
    assert not list(store.parent.glob(".web-session.*"))  # no temporary file left behind


def test_a_symlinked_secret_is_replaced_not_followed(store: Path, tmp_path: Path) -> None:
    planted = tmp_path / "planted.key"
    planted.write_text("ab" * 40 + "\n")
    planted.chmod(0o600)
    (store.parent / SECRET_FILE).symlink_to(planted)
    TestClient(create_app(store_path=store)).get("/api/health")
    key = store.parent / SECRET_FILE
    assert not key.is_symlink() and key.read_text().strip() != "ab" * 40
    assert planted.read_text() == "ab" * 40 + "\n"  # the link's target is left alone


def test_a_secret_that_cannot_be_kept_stops_the_server(tmp_path: Path) -> None:
    from tenpai.web.app import SecretError

    with pytest.raises(SecretError, match="at least 64"):
        create_app(store_path=tmp_path / "p.sqlite3", secret="abc")
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / SECRET_FILE).write_text("abc")
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):  # running as root: permissions do not bind
            pytest.skip("the folder stays writable (root)")
        with pytest.raises(Exception, match=r"session secret|progress store"):
            create_app(store_path=folder / "p.sqlite3")
    finally:
        folder.chmod(0o700)


# ---- the calculator -----------------------------------------------------------------------


def test_the_calculator_shows_yaku_fu_and_payments(client: TestClient) -> None:
    r = client.get("/", params={"hand": HAND, "seat": "S", "flag": "riichi", "dora": "1m"})
    text = _text(r.text)
    expected = score_record(
        {
            "closed_tiles": "234m678p455667s88s",
            "win_tile": "5s",
            "seat_wind": "S",
            "flags": {"riichi": True},
            "dora_indicators": ["1m"],
        }
    )
    assert expected["points"] == 7700
    assert "7 700 points · 4 han 30 fu" in text
    for line in ("Riichi 1 han", "Pinfu 1 han", "Tanyao 1 han", "Dora 1 han", "Closed ron +10 fu"):
        assert line in text
    assert "4 han 30 fu: 1 920 basic points × 4 = 7 700" in text
    # the hand drawn as its reading reads it: the pinfu reading, 5s completing 67s (ryanmen)
    shown = r.text.split('id="result"')[1].split('class="headline"')[0]
    groups = re.findall(
        r'<span class="tile-group role-(\w+)">(.*?)</span>(?=<span class="tile|</div>)', shown
    )
    drawn = [(role, " ".join(re.findall(r'aria-label="(\w\w)"', body))) for role, body in groups]
    assert drawn == [
        ("set", "2m 3m 4m"),
        ("set", "6p 7p 8p"),
        ("set", "4s 5s 6s"),
        ("wait", "6s 7s 5s"),
        ("pair", "8s 8s"),
    ]
    assert "ryanmen wait (two-sided)" in text
    assert "Winner: a non-dealer (South)" in text and "The winner receives 7 700" in text


def test_the_permalink_reproduces_the_result(client: TestClient) -> None:
    r = client.get("/", params={"hand": HAND, "seat": "W", "flag": ["riichi", "ippatsu"]})
    link = re.search(r'id="permalink" href="([^"]+)"', r.text)
    assert link is not None
    url = link.group(1).replace("&amp;", "&")
    fields = dict(parse_qsl(urlsplit(url).query))
    assert fields["hand"] == HAND and fields["rules"] == "bareme"
    again = client.get(url)
    head = re.search(r'id="headline">(.*?)</p>', r.text, re.S)
    assert head is not None and head.group(1) in again.text


def test_clicking_tiles_edits_the_hand(client: TestClient) -> None:
    r = client.get(
        "/",
        params={"hand": "123m", "add": "4p", "to": "pon", "src": "across"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert "hand=123m+pon+444p%3Aacross" in r.headers["location"]
    h = client.get(
        "/", params={"hand": "123m", "add": "9s", "to": "hand"}, headers={"hx-request": "true"}
    )
    assert h.status_code == 200 and h.headers["hx-push-url"].startswith("/?hand=123m9s")
    drop = client.get("/", params={"hand": "123m ron 9s", "drop": "w"}, follow_redirects=False)
    assert "hand=123m&" in drop.headers["location"] + "&"


def test_a_bad_click_says_why(client: TestClient) -> None:
    r = client.get("/", params={"hand": "1111m", "add": "1m"})
    assert r.status_code == 422 and "5 copies of 1m" in r.text


def test_hong_kong_in_the_calculator(client: TestClient) -> None:
    r = client.get(
        "/",
        params={
            "variant": "hk",
            "hand": "333m55m111z55z pon 111m:left ron 5m",
            "from": "left",
            "flowers": "s3",
        },
    )
    assert r.status_code == 200
    assert 'id="headline"><strong class="points">8</strong> Fan' in r.text
    assert "North pays 64 to East (discard)" in r.text and "East +64" in r.text


def test_the_hong_kong_calculator_helps_with_hong_kong_examples(client: TestClient) -> None:
    from tenpai.calculator import calculate, read_query

    hk = client.get("/", params={"variant": "hk"}).text
    riichi = client.get("/").text
    help_hk = re.search(r'id="hand-help" class="help">([^<]+)<', hk)
    assert help_hk is not None and "234m678p45667s88s" not in help_hk.group(1)
    assert 'placeholder="123m456p789s1122z tsumo 2z"' in hk
    assert "234m678p45667s88s ron 5s" in riichi
    # each example of the help scores as a Hong Kong hand (self-drawn by the South seat)
    examples = re.findall(r"(\w+(?: (?:pon|chow) [\w:]+)* tsumo \d[mpsz])", help_hk.group(1))
    assert len(examples) == 2
    for hand in examples:
        c = calculate(read_query({"variant": "hk", "hand": hand, "seat": "S"}), "en")
        assert c.hk_score is not None and c.hk_score.legal


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"honba": "x"}, "honba: a whole number from 0 to 99, not &#39;x&#39;"),
        ({"seat": "Q"}, "seat: E, S, W or N"),
        ({"dora": "8z"}, "dora: unknown tile"),
        ({"flag": "yolo"}, "unknown riichi flag"),
        ({"variant": "mahjong"}, "variant: riichi or hk"),
    ],
)
def test_a_malformed_query_gets_400_and_a_clear_message(
    client: TestClient, params: dict[str, str], message: str
) -> None:
    r = client.get("/", params=params)
    assert r.status_code == 400 and message in r.text


def test_an_incomplete_hand_says_what_is_missing(client: TestClient) -> None:
    r = client.get("/", params={"hand": "234m678p45667s88s"})
    assert r.status_code == 200
    assert "needs its winning tile" in r.text and "13 tiles" in r.text
    bad = client.get("/", params={"hand": "123m456p789s11z22z ron 3z"})
    assert "Cannot score" in bad.text


# ---- escaping: markup typed in any text input is shown as text ---------------------------


@pytest.mark.parametrize(
    "params",
    [
        {"hand": XSS},
        {"hand": HAND, "dora": XSS},
        {"hand": HAND, "ura": XSS},
        {"variant": "hk", "flowers": XSS},
        {"honba": XSS},
        {"sticks": XSS},
        {"from": XSS},
        {"seat": XSS},
        {"hand": HAND, "rules": XSS},
        {"hand": HAND, "opt": f"kiriage:{XSS}"},
        {"hand": HAND, "opt": f"{XSS}:1"},
        {"hand": HAND, "local": XSS},
        {"hand": XSS, "add": "1m"},
        {"hand": HAND, "add": XSS},
        {"hand": HAND, "drop": XSS},
    ],
)
def test_markup_in_calculator_inputs_is_text(client: TestClient, params: dict[str, str]) -> None:
    r = client.get("/", params=params, headers={"hx-request": "true"})
    assert "<script>alert" not in r.text and "<img src=x" not in r.text
    assert "&lt;script&gt;" in r.text or "&lt;img" in r.text


def test_markup_in_drill_and_rules_inputs_is_text(client: TestClient) -> None:
    client.get("/train")
    for path, data in (
        ("/train/answer", {"answer": XSS}),
        ("/train/profile", {"profile": XSS}),
        ("/train/settings", {"level": XSS, "focus": XSS}),
        ("/rules", {"preset": XSS}),
        ("/rules", {"preset": "bareme", "kiriage": XSS}),  # the session's preset: options read
    ):
        r = client.post(path, data=data)
        assert r.status_code == 422, path
        assert "<script>alert" not in r.text and "<img src=x" not in r.text, path
        if path != "/train/answer":  # an answer is read as words: its markup is not echoed
            assert "&lt;script&gt;" in r.text, path


# ---- the drill and its progress ------------------------------------------------------------


def _answer_all(client: TestClient) -> list[str]:
    """Answers every question of the current hand; returns the parts asked."""
    asked = []
    page = client.get("/train").text
    while 'id="answer"' in page:
        part = re.search(r'data-part="(\w+)"', page)
        assert part is not None
        asked.append(part.group(1))
        page = client.post("/train/answer", data={"answer": ""}).text
    assert 'id="explanation"' in page
    return asked


def test_the_drill_grades_records_and_explains(client: TestClient) -> None:
    page = client.get("/train").text
    assert "Yaku?" in page and 'class="tiles"' in page
    bad = client.post("/train/answer", data={"answer": "no such yaku zzz"})
    assert bad.status_code == 422 and "no yaku called" in bad.text
    asked = _answer_all(client)  # the fu are not asked of a hand of 5 han or more
    assert asked in (["yaku", "han", "fu", "points"], ["yaku", "han", "points"])
    progress = client.get("/progress").text
    assert 'class="chart"' in progress and "answers" in progress
    # answers given within a second: the time axis' two ends still read differently
    chart = progress[progress.index("<svg") :].split("</svg>")[0]
    first = re.findall(r'font-size="12" fill="[^"]+" text-anchor="start">([^<]+)<', chart)
    last = re.findall(r'font-size="12" fill="[^"]+" text-anchor="end">([^<]+)<', chart)
    assert first and last and first[-1] != last[-1], (first, last)
    nxt = client.post("/train/next", headers={"hx-request": "true"})
    assert nxt.status_code == 200 and 'id="answer"' in nxt.text


def test_a_right_answer_is_graded_right(client: TestClient) -> None:
    from tenpai.riichi.deal import replay
    from tenpai.riichi.quiz import questions
    from tenpai.trainer.answers import QuizOptions

    page = client.get("/train").text
    hid = re.search(r'name="hand" value="([^"]+)"', page)
    assert hid is not None
    q = questions(replay(hid.group(1)), QuizOptions())[0]
    assert q.part == "yaku"
    r = client.post("/train/answer", data={"answer": q.answer_text, "hand": hid.group(1)})
    assert "✓ right" in r.text


def test_drill_settings_are_checked(client: TestClient) -> None:
    r = client.post("/train/settings", data={"level": "debutant", "focus": "pinfu", "ask": "han"})
    assert r.status_code == 200  # redirected to the drill
    assert "Han (dora included)?" in r.text
    bad = client.post("/train/settings", data={"level": "grandmaster"})
    assert bad.status_code == 422 and "unknown level" in bad.text


# ---- rules, card -------------------------------------------------------------------------------


def test_the_rules_choice_follows_the_user(client: TestClient) -> None:
    r = client.post("/rules", data={"preset": "bareme", "kiriage": "true", "local": "sanrenkou"})
    assert r.status_code == 200 and 'id="saved"' in r.text
    calc = client.get("/", params={"hand": HAND})
    assert 'name="opt" value="kiriage:true"' in calc.text
    assert 'name="local" value="sanrenkou"' in calc.text
    assert "bareme+custom" in client.get("/card").text
    client.post("/rules", data={"preset": "wrc"})
    assert "<strong>wrc</strong>" in client.get("/card").text
    bad = client.post("/rules", data={"preset": "wrc", "aka": "7"})
    assert bad.status_code == 422 and "option &#39;aka&#39; takes one of 0, 2, 3, 4" in bad.text


def test_the_hong_kong_pages_follow_the_chosen_profile(client: TestClient) -> None:
    seed = client.get("/hk/fan?lang=en").text
    client.post("/rules", data={"preset": "bareme", "hk_rules": "riichi_advanced"})
    other = client.get("/hk/fan?lang=en").text
    assert "riichi_advanced" not in seed
    assert "Rules: riichi_advanced" in other and "cap: none" in other


@pytest.mark.slow
def test_the_card_is_embedded_and_downloads_as_pdf(client: TestClient) -> None:
    page = client.get("/card?lang=fr").text
    assert "Barème" in page and 'class="tiles"' in page and '/card.css"' in page
    assert client.get("/card.css").headers["content-type"].startswith("text/css")
    pdf = client.get("/hk/payments.pdf?lang=en")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert pdf.headers["content-disposition"].startswith("attachment")
    assert client.get("/hk/other").status_code == 404
    fan = client.get("/hk/fan?lang=en").text
    link = re.search(r'href="(hk-payments\.en\.html)"', fan)
    assert link is not None  # the pages link to each other by file name: the app follows
    r = client.get("/hk/" + link.group(1), follow_redirects=False)
    assert r.status_code == 307 and r.headers["location"] == "/hk/payments?lang=en"


# ---- the API -------------------------------------------------------------------------------


RECORD = {
    "id": "r1",
    "closed_tiles": "234m678p455667s88s",
    "win_tile": "5s",
    "seat_wind": "S",
    "flags": {"riichi": True},
}


def test_api_scores_a_record_and_a_list(client: TestClient) -> None:
    one = client.post("/api/score", json=RECORD)
    assert one.status_code == 200 and one.json() == score_record(RECORD)
    bad = {"id": "r2", "closed_tiles": "123m", "win_tile": "1m"}
    hk = {"id": "r3", "variant": "hk", "hand": "333m55m111z55z", "win_tile": "5m"}
    many = client.post("/api/score", json=[RECORD, bad, hk]).json()
    assert [r["id"] for r in many] == ["r1", "r2", "r3"]
    assert many[0]["points"] == 3900 and many[1]["error"]["type"]


def test_api_deals_records_with_their_results(client: TestClient) -> None:
    r = client.post("/api/deal", json={"count": 3, "seed": 42, "level": "debutant"})
    records = r.json()
    assert r.status_code == 200 and len(records) == 3
    assert records[0]["id"] == "riichi2:bareme:debutant:any:42"
    for rec in records:
        assert score_record(rec) == rec["expected"]


@pytest.mark.parametrize(
    ("body", "status", "detail"),
    [
        (b"{not json", 400, "the body cannot be read: not JSON"),
        (b"42", 422, "a record (a JSON object) or a list of records"),
        (json.dumps([{}] * 2001).encode(), 422, "at most 2000 records"),
    ],
)
def test_api_malformed_score_requests_get_4xx(
    client: TestClient, body: bytes, status: int, detail: str
) -> None:
    r = client.post("/api/score", content=body, headers={"content-type": "application/json"})
    assert r.status_code == status and detail in r.json()["detail"]


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        ({"count": 0}, "count: Input should be greater than or equal to 1"),
        ({"count": "many"}, "count: Input should be a valid integer"),
        ({"level": "grandmaster"}, "unknown level 'grandmaster'"),
        ({"rules": "nope"}, "unknown rules 'nope'"),
        ({"colour": "red"}, "colour: Extra inputs are not permitted"),
    ],
)
def test_api_malformed_deal_requests_get_422(
    client: TestClient, body: dict[str, object], detail: str
) -> None:
    r = client.post("/api/deal", json=body)
    assert r.status_code == 422 and detail in r.json()["detail"]


def test_size_limits_and_origin(client: TestClient) -> None:
    big = client.post(
        "/api/score", content=b"[" + b" " * (1 << 20) + b"]", headers={"content-type": "x"}
    )
    assert big.status_code == 413 and "over" in big.json()["detail"]
    assert client.get("/?hand=" + "1m" * 3000).status_code == 414
    r = client.post("/rules", data={"preset": "wrc"}, headers={"origin": "http://evil.example"})
    assert r.status_code == 403


def test_openapi_documents_the_api(client: TestClient) -> None:
    spec = client.get("/api/openapi.json").json()
    assert {"/api/score", "/api/deal", "/api/rules"} <= set(spec["paths"])
    body = spec["paths"]["/api/score"]["post"]["requestBody"]["content"]["application/json"]
    assert body["schema"]["anyOf"][0]["title"] == "Record"
    page = client.get("/api").text
    assert "POST /api/score" in page and "POST /api/deal" in page
    assert client.get("/docs").status_code == 404  # the stock page loads outside scripts


# ---- the command ---------------------------------------------------------------------------


def test_serve_is_a_documented_command(capsys: pytest.CaptureFixture[str]) -> None:
    from tenpai.cli import build_parser, main

    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.store) == ("127.0.0.1", 8000, None)
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    assert "tenpai serve --port 8080" in capsys.readouterr().out
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port takes 1-65535" in capsys.readouterr().err
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert "tenpai serve" in readme and "make run" in readme
