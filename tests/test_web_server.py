"""``tenpai serve`` for real (uvicorn on a free loopback port, a temporary store): health stays
answered while heavy requests run, slow clients are disconnected, PDF renders are bounded."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tenpai.riichi.deal import deal_many, deal_record

TIMEOUT = 1.0  # the server's --client-timeout in these tests


# Real servers on 127.0.0.1 and their timeouts (seconds of waiting): in `make test`, not in
# `make check`.
pytestmark = pytest.mark.slow


@contextmanager
def _serving(store: Path, client_timeout: float) -> Iterator[str]:
    """Runs ``tenpai serve`` on a free loopback port until the block ends; yields its URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "tenpai.cli", "serve", "--port", str(port), "--store", str(store)]
    cmd += ["--client-timeout", str(client_timeout), "--log-level", "warning"]
    proc = subprocess.Popen(cmd)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url + "/api/health", timeout=1) as r:
                    if r.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that gives clients :data:`TIMEOUT` seconds."""
    with _serving(tmp_path_factory.mktemp("serve") / "p.sqlite3", TIMEOUT) as url:
        yield url


def _health(url: str) -> float:
    t0 = time.perf_counter()
    with urllib.request.urlopen(url + "/api/health", timeout=30) as r:
        assert json.loads(r.read())["status"] == "ok"
    return time.perf_counter() - t0


def test_health_is_answered_while_8_heavy_requests_run(tmp_path: Path) -> None:
    with _serving(tmp_path / "p.sqlite3", 15.0) as server:
        _health_under_load(server)


def _health_under_load(server: str) -> None:
    """Sends 8 heavy requests (all of their bodies), then asks for health until they are
    answered: health must be answered while 6 or more of them still run. The two workers
    score them two at a time, so a health request queued behind them (or behind an event
    loop kept busy by scoring) would only be answered once at least 7 were done; the test
    counts answers, not seconds, so a loaded machine slows both sides alike."""
    # 8 bodies near the 1 MiB list limit: different real dealt hands in each
    bodies = []
    for k in range(8):
        records = [deal_record(d, expected=False) for d in deal_many(1800, seed=50_000 * k)]
        body = json.dumps(records).encode()
        assert 700_000 < len(body) < 1 << 20
        bodies.append(body)
    port = int(server.rsplit(":", 1)[1])
    lock = threading.Lock()
    finished = [0]
    errors: list[BaseException] = []

    def answer(conn: http.client.HTTPConnection) -> None:
        try:
            r = conn.getresponse()
            out = r.read()
            assert r.status == 200 and len(json.loads(out)) == 1800
        except BaseException as e:  # reported below
            errors.append(e)
        finally:
            with lock:
                finished[0] += 1
            conn.close()

    threads = []
    for body in bodies:  # each request sent whole (head and body) before any health
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        conn.request("POST", "/api/score", body=body, headers={"content-type": "application/json"})
        threads.append(threading.Thread(target=answer, args=(conn,)))
    for t in threads:
        t.start()
    while_running = []  # heavy requests done when each health answer came back
    deadline = time.monotonic() + 300
    while finished[0] < len(threads) and time.monotonic() < deadline:
        _health(server)
        with lock:
            while_running.append(finished[0])
    for t in threads:
        t.join(timeout=300)
    assert not errors, errors
    assert finished[0] == len(threads)
    early = [n for n in while_running if n <= 2]
    assert len(early) >= 3, while_running


def test_a_client_that_sends_its_head_slowly_is_disconnected(server: str) -> None:
    port = int(server.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        t0 = time.monotonic()
        # a head that never ends
        s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        assert s.recv(100) == b""  # closed by the server
        took = time.monotonic() - t0
    assert TIMEOUT - 0.2 < took < TIMEOUT + 3


def test_a_client_that_sends_its_body_slowly_gets_408(server: str) -> None:
    port = int(server.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        t0 = time.monotonic()
        s.sendall(
            b"POST /api/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n[{"
        )
        answer = b""
        while chunk := s.recv(4000):
            answer += chunk
            if b"}" in answer:
                break
        took = time.monotonic() - t0
    assert answer.startswith(b"HTTP/1.1 408") and b"did not arrive" in answer
    assert TIMEOUT - 0.2 < took < TIMEOUT + 3


def test_an_idle_connection_is_closed(server: str) -> None:
    port = int(server.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        t0 = time.monotonic()
        assert s.recv(100) == b""  # nothing sent at all: closed after the head deadline
    assert time.monotonic() - t0 < TIMEOUT + 3


def test_the_server_refuses_a_damaged_store_and_says_why(tmp_path: Path) -> None:
    bad = tmp_path / "p.sqlite3"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x00" * 2000)
    cmd = [sys.executable, "-m", "tenpai.cli", "serve", "--port", "1", "--store", str(bad)]
    r = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=60)
    assert r.returncode not in (0, 70) and "Traceback" not in r.stderr
    assert "progress store" in r.stderr
