"""The names the server answers to (issue 27, item 8): a page of another site can reach a
server on this machine through a name its DNS points at 127.0.0.1 (DNS rebinding); the
browser then sends that name as ``Host``. ``tenpai serve`` answers only to the loopback
names, its bound address and the names ``--allow-host`` adds (tenpai.web.app)."""

from __future__ import annotations

import http.client
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tenpai.cli import main
from tenpai.web import create_app
from tenpai.web.app import allowed_hosts


def _client(tmp_path: Path, bound: str, *extra: str) -> TestClient:
    app = create_app(
        store_path=tmp_path / "p.sqlite3", secret="ab" * 32, hosts=allowed_hosts(bound, extra)
    )
    return TestClient(app)


@pytest.mark.parametrize(
    "host", ["localhost:8000", "LOCALHOST", "localhost.", "tenpai.localhost:8000", "127.0.0.1",
             "127.0.0.2:9", "[::1]:8000"]
)  # fmt: skip
def test_the_loopback_names_are_answered(tmp_path: Path, host: str) -> None:
    c = _client(tmp_path, "127.0.0.1")
    assert c.get("/api/health", headers={"host": host}).status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "localhost.evil.example",
                                  "127.0.0.1.nip.io", "", "[::1"])  # fmt: skip
def test_another_name_is_refused(tmp_path: Path, host: str) -> None:
    c = _client(tmp_path, "127.0.0.1")
    r = c.get("/api/health", headers={"host": host})
    assert r.status_code == 400
    assert "does not answer to the name" in r.json()["detail"]
    page = c.get("/train", headers={"host": host, "accept-language": "fr"})
    assert page.status_code == 400 and "ne répond pas au nom" in page.text
    r = c.post("/train/profile", headers={"host": host}, data={"profile": "x"})
    assert r.status_code == 400


def test_allow_host_adds_names_and_domains(tmp_path: Path) -> None:
    c = _client(tmp_path, "127.0.0.1", "tenpai.example.org", ".club.example")
    for host in ("tenpai.example.org:443", "club.example", "mahjong.club.example"):
        assert c.get("/api/health", headers={"host": host}).status_code == 200, host
    for host in ("example.org", "evilclub.example", "other.example.org"):
        assert c.get("/api/health", headers={"host": host}).status_code == 400, host
    anything = _client(tmp_path, "127.0.0.1", "*")
    assert anything.get("/api/health", headers={"host": "whatever.example"}).status_code == 200


def test_a_server_bound_to_every_address_answers_to_its_addresses(tmp_path: Path) -> None:
    c = _client(tmp_path, "0.0.0.0")
    for host in ("192.168.1.20:8000", "[fe80::1]:8000", "localhost"):
        assert c.get("/api/health", headers={"host": host}).status_code == 200, host
    assert c.get("/api/health", headers={"host": "rebind.example"}).status_code == 400
    lan = _client(tmp_path, "192.168.1.20")
    assert lan.get("/api/health", headers={"host": "192.168.1.20:8000"}).status_code == 200
    assert lan.get("/api/health", headers={"host": "192.168.1.21:8000"}).status_code == 400


def test_a_bad_allow_host_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "serve", "--allow-host", "a b"]) == 2
    assert "--allow-host takes a host name or an address" in capsys.readouterr().err


@pytest.mark.slow
def test_tenpai_serve_refuses_an_unknown_host(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "tenpai.cli", "serve", "--port", str(port)]
    cmd += ["--store", str(tmp_path / "p.sqlite3"), "--allow-host", "tenpai.example.org"]
    proc = subprocess.Popen(cmd, stderr=subprocess.DEVNULL)
    try:

        def status(host: str) -> int:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            try:
                conn.request("GET", "/api/health", headers={"Host": host})
                return conn.getresponse().status
            finally:
                conn.close()

        deadline = time.monotonic() + 30
        while True:
            try:
                status("localhost")
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        assert status(f"localhost:{port}") == 200
        assert status("tenpai.example.org") == 200
        assert status(f"rebind.example:{port}") == 400
    finally:
        proc.terminate()
        proc.wait(timeout=10)
