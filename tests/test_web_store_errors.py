"""The web app when its store cannot be used (issue 27, item 6): the store's own message, in
the page's language, with 503 (read-only, held, unreadable) or 507 (a full disk) rather than a
bare 500; ``/api/health`` says the store's state. The failures are SQLite's own, made on the
request's connection: ``PRAGMA query_only`` (SQLITE_READONLY on a write) and
``PRAGMA max_page_count`` (SQLITE_FULL when a write needs a new page)
(tenpai.web.app, tenpai.web.common)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tenpai.web.common
from tenpai.trainer import store as store_module
from tenpai.trainer.store import Store
from tenpai.web import create_app


class _ReadOnly(Store):
    """The store as SQLite opens a file it cannot write."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._db.execute("PRAGMA query_only = ON")


class _Full(Store):
    """The store on a disk with no page left."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        (pages,) = self._db.execute("PRAGMA page_count").fetchone()
        self._db.execute(f"PRAGMA max_page_count = {pages}")


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(store_path=tmp_path / "p.sqlite3", secret="ab" * 32))


def test_a_read_only_store_is_said_503_in_the_page_language(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tenpai.web.common, "Store", _ReadOnly)
    r = client.get("/train?lang=fr")  # dealing a hand writes the drill
    assert r.status_code == 503
    assert "est inutilisable (attempt to write a readonly database)" in r.text
    assert "Internal error" not in r.text
    r = client.get("/train?lang=ja")
    assert r.status_code == 503 and "を使えません" in r.text
    health = client.get("/api/health")
    assert health.status_code == 503
    assert health.json()["status"] == "degraded"
    assert health.json()["store"]["state"] == "read_only"


def test_a_full_disk_is_said_507(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tenpai.web.common, "Store", _Full)
    r = client.get("/sheet?lang=en")  # its first visit makes the score sheet's tables
    assert r.status_code == 507
    assert "database or disk is full" in r.text and "make room" in r.text
    assert client.get("/api/health").json()["store"]["state"] == "full"


def test_a_read_only_store_still_shows_what_it_holds(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = {f"player{i}": n for i, n in enumerate(("Ann", "Bea", "Cyd", "Dan"))}
    client.post("/sheet/new", data={"rules": "tenhou", **names})
    monkeypatch.setattr(tenpai.web.common, "Store", _ReadOnly)
    page = client.get("/sheet")  # reading made no write (it began a write on every visit)
    assert page.status_code == 200 and 'id="scores"' in page.text
    r = client.post("/sheet/event", data={"kind": "riichi", "seat": "Ann"})
    assert r.status_code == 503


def test_health_says_ok_then_what_it_finds(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    r = client.get("/api/health")
    assert r.status_code == 200 and r.json() == {"status": "ok", "store": {"state": "ok"}}

    real = os.statvfs

    class Fs:
        def __init__(self, free_blocks: int) -> None:
            st = real("/")
            self.f_frsize, self.f_bavail, self.f_bfree = st.f_frsize, free_blocks, free_blocks

    monkeypatch.setattr(store_module.os, "statvfs", lambda _path: Fs(0))
    r = client.get("/api/health")
    assert r.status_code == 503 and r.json()["store"]["state"] == "full"
    assert "0 bytes left" in r.json()["store"]["detail"]
    monkeypatch.setattr(store_module.os, "statvfs", real)
    monkeypatch.setattr(store_module.os, "access", lambda _path, _mode: False)
    r = client.get("/api/health")
    assert r.status_code == 503 and r.json()["store"]["state"] == "read_only"


def test_health_says_the_store_is_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    client = TestClient(create_app(store_path=path, secret="ab" * 32))
    for extra in ("-wal", "-shm"):
        Path(str(path) + extra).unlink(missing_ok=True)
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4080)  # damaged after the start
    r = client.get("/api/health")
    assert r.status_code == 503
    assert r.json()["store"]["state"] in ("damaged", "unavailable")
    page = client.get("/train")
    assert page.status_code == 503 and "Internal error" not in page.text
