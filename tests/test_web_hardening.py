"""The web app against what users and attackers send: a planted session key and a forged
cookie, replayed cookies and forms, HEAD, redirects and the Host header, body limits; a
profile's owner (a browser or the terminal) and the profiles it shares; the drill of every
variant and of any ruleset (tenpai.web, tenpai.trainer.store). More on the owners:
tests/test_web_profiles.py."""

from __future__ import annotations

import base64
import io
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tenpai.trainer.answers import QuizOptions
from tenpai.trainer.store import Store
from tenpai.trainer.variant import HONG_KONG, RIICHI
from tenpai.variants import find_trainer
from tenpai.web import create_app
from tenpai.web.app import SECRET_FILE


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "progress.sqlite3"


def _client(store: Path) -> TestClient:
    return TestClient(create_app(store_path=store), headers={"accept-language": "en"})


def _form(page: str) -> tuple[str, str]:
    """Gets the hand id and the question number of the drill page's answer form."""
    hand = re.search(r'name="hand" value="([^"]+)"', page)
    step = re.search(r'name="step" value="(\d+)"', page)
    assert hand is not None and step is not None
    return hand.group(1), step.group(1)


def _right_answer(page: str) -> dict[str, str]:
    """Gets the form that answers the page's question right (from the trainer's questions)."""
    hand, step = _form(page)
    v = find_trainer("hk" if hand.startswith("hk") else "riichi")
    part = re.search(r'data-part="(\w+)"', page)
    assert part is not None
    asked = re.findall(r'name="ask" value="(\w+)" checked', page)
    qs = v.questions(v.replay(hand), QuizOptions(ask=tuple(asked)))
    q = qs[int(step)]
    assert q.part == part.group(1)
    return {"answer": q.answer_text, "hand": hand, "step": step}


def _answered(store: Path, profile: str) -> int:
    """Counts the answers of every profile named *profile*, whoever owns it."""
    with Store(store) as st:
        owners = st._db.execute("SELECT owner FROM profiles WHERE name = ?", (profile,))
        return sum(len(st.answers(profile, owner)) for (owner,) in owners.fetchall())


def _signed(payload: dict[str, object], key: str) -> str:
    """Signs a session the way Starlette's SessionMiddleware does, with *key*."""
    import itsdangerous

    data = base64.b64encode(json.dumps(payload).encode())
    return itsdangerous.TimestampSigner(key).sign(data).decode()


def _session_of(client: TestClient) -> dict[str, object]:
    cookie = client.cookies["tenpai_session"]
    data = cookie.rsplit(".", 2)[0]
    return dict(json.loads(base64.b64decode(data)))


# ---- the session key and a forged cookie -----------------------------------------------------


def test_a_cookie_forged_with_a_planted_weak_key_opens_nothing(store: Path) -> None:
    (store.parent / SECRET_FILE).write_text("abc\n")  # planted (or left short)
    alice = _client(store)
    alice.post("/train/profile", data={"profile": "alice"})
    page = alice.get("/train").text
    alice.post("/train/answer", data=_right_answer(page))
    alice.post("/train/protect", data={"passphrase": "correct horse battery"})
    assert _answered(store, "alice") == 1
    session = _session_of(alice)  # what Alice's browser holds: readable, signed
    assert session["profile"] == [session["owner"], "alice"]
    # the key file was replaced: a cookie signed with the planted key is not read
    forged = TestClient(
        create_app(store_path=store), cookies={"tenpai_session": _signed(session, "abc")}
    )
    progress = forged.get("/progress").text
    assert re.search(r"— (\w+)</h1>", progress).group(1) == "default"  # type: ignore[union-attr]
    assert 'id="no-answers"' in progress
    page = forged.get("/train").text
    forged.post("/train/answer", data=_right_answer(page))
    assert _answered(store, "alice") == 1  # nothing written into Alice's profile
    assert _answered(store, "default") == 1  # the forger answered as himself
    # the same session signed with the real key does open Alice's profile (the test can fail)
    real = (store.parent / SECRET_FILE).read_text().strip()
    genuine = TestClient(
        create_app(store_path=store), cookies={"tenpai_session": _signed(session, real)}
    )
    assert 'id="no-answers"' not in genuine.get("/progress").text


# ---- the drill's state is the server's ------------------------------------------------------


def test_the_cookie_holds_no_hand_and_a_replayed_cookie_answers_once(store: Path) -> None:
    c = _client(store)
    page = c.get("/train").text
    hand, _ = _form(page)
    session = _session_of(c)
    assert hand not in json.dumps(session) and "quiz" not in session
    assert re.fullmatch(r"[0-9a-f]{32}", str(session["drill"]))
    old_cookie = c.cookies["tenpai_session"]
    form = _right_answer(page)
    first = c.post("/train/answer", data=form)
    assert "✓ right" in first.text
    assert _answered(store, "default") == 1
    # the same cookie and the same form again: the question was answered, nothing recorded
    again = TestClient(create_app(store_path=store), cookies={"tenpai_session": old_cookie})
    r = again.post("/train/answer", data=form)
    assert r.status_code == 200 and _answered(store, "default") == 1
    _, step = _form(r.text)
    assert step == "1"  # the page shows the next question
    # an answer to another hand (an old tab) is not recorded either
    r = again.post(
        "/train/answer", data={**form, "hand": "riichi1:bareme:expert:any:1", "step": "1"}
    )
    assert _answered(store, "default") == 1


# ---- a profile's owner: the terminal or a browser ----------------------------------------------


def test_answers_given_in_the_terminal_show_once_the_terminal_shares_the_profile(
    store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tenpai.cli import main
    from tenpai.trainer.session import SessionConfig, run_session

    d = RIICHI.deal(11, "intermediaire", "any", "bareme")
    options = QuizOptions(ask=("yaku", "han"))
    qs = RIICHI.questions(d, options)
    answers = "".join(q.answer_text + "\n" for q in qs)
    cfg = SessionConfig(hand=d.id, profile="default", options=options)
    with Store(store) as st:
        summary = run_session(cfg, st, io.StringIO(answers), io.StringIO())
    assert summary.asked == len(qs) and summary.right == len(qs)
    browser = _client(store)
    # not shared: the browser's own "default" is another profile, empty
    assert 'id="no-answers"' in browser.get("/progress").text
    assert browser.get("/progress/export").status_code == 404
    # the terminal shares it (the passphrase on stdin), the browser claims it
    monkeypatch.setattr("sys.stdin", io.StringIO("a long passphrase\n"))
    args = ["stats", "--store", str(store), "--profile", "default", "--share", "--lang", "en"]
    assert main(args) == 0
    assert "is shared" in capsys.readouterr().out
    r = browser.post(
        "/train/profile", data={"profile": "default", "passphrase": "a long passphrase"}
    )
    assert 'id="profile-state">(shared with you)<' in r.text
    page = browser.get("/progress").text
    assert 'id="no-answers"' not in page
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert f"{len(qs)} answers" in text or f"{len(qs)} answer" in text
    export = browser.get("/progress/export").json()
    assert export["profile"] == "default"
    assert [a["hand_id"] for a in export["answers"]] == [d.id] * len(qs)
    # the terminal stops sharing: the browser is back on its own profile
    assert main(["stats", "--store", str(store), "--profile", "default", "--unshare"]) == 0
    assert 'id="no-answers"' in browser.get("/progress").text


@pytest.mark.slow
def test_a_profile_is_its_owner_s_and_shared_by_a_passphrase(store: Path) -> None:
    alice, bob = _client(store), _client(store)
    alice.post("/train/profile", data={"profile": "alice"})
    alice.post("/train/answer", data=_right_answer(alice.get("/train").text))
    bob.post("/train/profile", data={"profile": "alice"})  # Bob's own "alice": empty
    assert 'id="no-answers"' in bob.get("/progress").text
    bob.post("/train/profile", data={"profile": "default"})
    assert alice.post("/train/protect", data={"passphrase": "short"}).status_code == 422
    alice.post("/train/protect", data={"passphrase": "a long passphrase"})
    r = bob.post("/train/profile", data={"profile": "alice", "passphrase": "wrong one!"})
    assert r.status_code == 403 and "no profile named &#39;alice&#39; is shared with" in r.text
    assert 'id="profile-name">default<' in bob.get("/train").text
    r = bob.post("/train/profile", data={"profile": "alice", "passphrase": "a long passphrase"})
    assert 'id="profile-name">alice<' in r.text and "(shared with you)" in r.text
    assert 'id="no-answers"' not in bob.get("/progress").text
    # Bob may not change its passphrase: it is Alice's
    r = bob.post("/train/protect", data={"passphrase": "bob's passphrase"})
    assert r.status_code == 403 and "its owner alone" in r.text
    # a new passphrase ends Bob's claim; Alice keeps her profile
    alice.post("/train/protect", data={"passphrase": "another passphrase"})
    assert 'id="profile-name">default<' in bob.get("/train").text
    page = alice.get("/train").text
    assert 'id="profile-name">alice<' in page and "(shared)" in page
    with Store(store) as st:  # the passphrase is not in the store, only its scrypt hash
        rows = st._db.execute("SELECT salt, digest FROM profile_locks").fetchall()
        assert len(rows) == 1 and b"another" not in rows[0][1]


# ---- every variant, any ruleset ---------------------------------------------------------------


def test_the_drill_deals_and_grades_hong_kong(store: Path) -> None:
    c = _client(store)
    page = c.get("/train", params={"variant": "hk"}).text
    hand, step = _form(page)
    assert hand.startswith("hk1:hk:") and step == "0"
    d = HONG_KONG.replay(hand)
    assert "Hong Kong" in page and HONG_KONG.describe(d, "en")[-1].split(" · ")[0] in page
    r = c.post("/train/answer", data=_right_answer(page))
    assert "✓ right" in r.text
    with Store(store) as st:
        ((owner,),) = st._db.execute("SELECT owner FROM profiles").fetchall()
        (a,) = st.answers("default", owner)
    assert a.hand_id == hand and a.part == "items" and a.ok
    assert c.get("/train").text.count('name="hand" value="hk1:') == 1  # the variant is kept
    back = c.get("/train", params={"variant": "riichi"}).text
    assert _form(back)[0].startswith("riichi2:")
    assert c.get("/train", params={"variant": "chess"}).status_code == 400


def test_the_drill_deals_under_the_chosen_ruleset_and_local_yaku(store: Path) -> None:
    c = _client(store)
    r = c.post(
        "/rules",
        data={"preset": "bareme", "kiriage": "true", "local": ["sanrenkou", "isshoku_sanjun"]},
    )
    assert r.status_code == 200
    page = c.get("/train").text  # the rules changed: a hand under the new ones
    hand, _ = _form(page)
    rules = RIICHI.replay(hand).rules
    assert rules.kiriage and {"sanrenkou", "isshoku_sanjun"} <= rules.local_yaku
    assert hand.startswith("riichi2:bareme+kiriage=true+")  # the rules page's whole choice
    assert "+local_yaku=isshoku_sanjun,sanrenkou:" in hand
    r = c.post("/train/answer", data=_right_answer(page))
    assert "✓ right" in r.text


def test_the_api_deals_hong_kong_and_custom_rules(store: Path) -> None:
    c = _client(store)
    hk = c.post("/api/deal", json={"variant": "hk", "count": 2, "seed": 5}).json()
    assert [r["id"] for r in hk] == ["hk1:hk:intermediaire:any:5", "hk1:hk:intermediaire:any:6"]
    assert all(r["expected"]["fan"] >= 3 for r in hk)
    custom = c.post("/api/deal", json={"rules": "tenhou+local_yaku=sanrenkou", "seed": 2}).json()
    assert custom[0]["id"] == "riichi2:tenhou+local_yaku=sanrenkou:intermediaire:any:2"
    assert c.post("/api/score", json=custom[0]).json()["points"] == custom[0]["expected"]["points"]
    assert c.post("/api/deal", json={"variant": "go"}).status_code == 422


# ---- HEAD, redirects, limits -----------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/", "/train", "/progress", "/card", "/hk/fan", "/rules", "/api", "/api/health"]
)
def test_head_answers_like_get(store: Path, path: str) -> None:
    c = _client(store)
    get, head = c.get(path), c.head(path)
    assert head.status_code == get.status_code == 200
    assert head.content == b""
    assert head.headers["content-type"] == get.headers["content-type"]
    assert "content-security-policy" in head.headers


def test_redirects_are_relative_whatever_the_host_says(store: Path) -> None:
    c = _client(store)
    evil = {"host": "evil.example"}
    for path, target in (
        ("/train/", "/train"),
        ("/train/?lang=fr", "/train?lang=fr"),
        ("http://testserver//evil.example/", "/evil.example"),  # never //host
    ):
        r = c.get(path, headers=evil, follow_redirects=False)
        assert r.status_code == 308 and r.headers["location"] == target
    r = c.post("/train/next", headers=evil, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/train"
    r = c.get("/hk", headers=evil, follow_redirects=False)
    assert r.headers["location"].startswith("/")


def test_bodies_are_capped_per_record(store: Path) -> None:
    c = _client(store)
    record = {"id": "x", "closed_tiles": "234m678p455667s88s", "win_tile": "5s", "pad": "x" * 70000}
    r = c.post("/api/score", json=record)
    assert r.status_code == 413 and "at most 65536 bytes" in r.json()["detail"]
    listed = c.post("/api/score", json=[record, {**record, "pad": ""}]).json()
    assert listed[0]["error"]["type"] == "TooLarge" and listed[1]["points"] > 0
    form = c.post("/train/answer", data={"answer": "x" * 70000})
    assert form.status_code == 413
    big = c.post("/api/score", content=b"[" + b" " * (1 << 20) + b"]")
    assert big.status_code == 413


def test_store_drills_are_answered_once(tmp_path: Path) -> None:
    from tenpai.trainer.answers import Graded

    now = datetime(2026, 5, 1, tzinfo=UTC)
    g = Graded("han", True, "2", "2 han", "", (("han:count", True),))
    with Store(tmp_path / "s.sqlite3") as st:
        drill = st.start_drill("t" * 32, "ann", "riichi", "h1", ("han",), why=None, now=now)
        assert st.answer_drill(drill, g, seconds=1.0, now=now)
        assert not st.answer_drill(drill, g, seconds=1.0, now=now)  # the same question again
        later = st.drill("t" * 32)
        assert later is not None and later.step == 1 and len(later.graded) == 1
        assert len(st.answers("ann")) == 1


# ---- PDF renders: cached by ruleset, bounded --------------------------------------------------


@pytest.mark.slow
def test_pdf_renders_are_cached_and_bounded() -> None:
    import threading
    import time

    from tenpai.web.pages import RenderBusy, Renders

    renders = Renders(size=2, at_once=1, queue=2, wait=5.0)
    running, most = 0, 0
    lock = threading.Lock()

    def make(key: str) -> bytes:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.3)
        with lock:
            running -= 1
        return key.encode()

    out: list[bytes | str] = []

    def ask(key: str) -> None:
        try:
            out.append(renders.get(key, lambda: make(key)))
        except RenderBusy:
            out.append("busy")

    threads = [threading.Thread(target=ask, args=(k,)) for k in ("a", "b", "c", "d", "e", "f")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert most == 1  # never two renders at once
    assert out.count("busy") >= 3  # one running, two waiting, the others refused at once
    assert renders.renders == 6 - out.count("busy")
    # the two last rulesets are kept, an older one is made again
    before = renders.renders
    kept = [str(k) for k in renders._done]
    assert len(kept) == 2 and all(k.encode() in out for k in kept)
    for k in kept:
        assert renders.get(k, lambda: b"never") == k.encode()
    assert renders.renders == before
    renders.get("z", lambda: b"z")
    renders.get("y", lambda: b"y")
    assert renders.get(kept[0], lambda: b"again") == b"again"


@pytest.mark.slow
def test_the_card_pdf_comes_from_the_cache_the_second_time(store: Path) -> None:
    from tenpai.web.pages import PDF_RENDERS

    pytest.importorskip("weasyprint")
    c = _client(store)
    first = c.get("/hk/fan.pdf?lang=en")
    if first.status_code == 503:
        pytest.skip(first.text)
    n = PDF_RENDERS.renders
    again = c.get("/hk/fan.pdf?lang=en")
    assert again.content == first.content and PDF_RENDERS.renders == n
