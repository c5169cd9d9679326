"""Load test of the web app's scoring API, on the loopback only.

Starts its own server (``tenpai serve`` on a free port of 127.0.0.1, a throw-away store),
then sends a bounded number of ``POST /api/score`` requests (one dealt hand each) from N
threads with keep-alive connections, and reports throughput, latency percentiles and errors
(a status other than 200, a result with an ``error``, or a failed connection). It stops by
itself: after the requests, or after ``--max-seconds``, whichever comes first.

    python benchmarks/web_load.py                      # 5,000 requests, concurrency 16
    python benchmarks/web_load.py --requests 1000 --concurrency 4
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from tenpai.riichi.deal import deal, deal_record

HOST = "127.0.0.1"  # the loopback only, never another address


def free_port() -> int:
    """Gets a free TCP port on the loopback."""
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def start_server(store: Path, port: int) -> subprocess.Popen[bytes]:
    """Starts ``tenpai serve`` and waits until it answers."""
    cmd = [sys.executable, "-m", "tenpai.cli", "serve", "--host", HOST, "--port", str(port)]
    proc = subprocess.Popen([*cmd, "--store", str(store), "--log-level", "warning"])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/api/health", timeout=1):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.terminate()
    raise SystemExit("the server did not start")


def run(requests: int, concurrency: int, max_seconds: float, port: int) -> dict[str, float]:
    """Sends the requests and measures them; returns the figures."""
    bodies = [json.dumps(deal_record(deal(seed), expected=False)).encode() for seed in range(200)]
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    next_i = 0
    stop_at = time.monotonic() + max_seconds

    def worker() -> None:
        nonlocal next_i
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        while True:
            with lock:
                if next_i >= requests or time.monotonic() > stop_at:
                    break
                i = next_i
                next_i += 1
            body = bodies[i % len(bodies)]
            t0 = time.perf_counter()
            try:
                conn.request("POST", "/api/score", body, {"content-type": "application/json"})
                resp = conn.getresponse()
                data = resp.read()
                took = time.perf_counter() - t0
                ok = resp.status == 200 and json.loads(data).get("error") is None
                why = "" if ok else f"status {resp.status}: {data[:120]!r}"
            except (OSError, http.client.HTTPException, ValueError) as e:
                took, why = time.perf_counter() - t0, f"{type(e).__name__}: {e}"
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=30)
            with lock:
                latencies.append(took)
                if why:
                    errors.append(why)
        conn.close()

    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    latencies.sort()

    def pct(p: float) -> float:
        return 1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))]

    if errors:
        print("first errors:", *errors[:5], sep="\n  ", file=sys.stderr)
    return {
        "requests": len(latencies),
        "errors": len(errors),
        "seconds": elapsed,
        "throughput": len(latencies) / elapsed,
        "p50_ms": pct(0.50),
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "max_ms": 1000 * latencies[-1],
    }


def main() -> int:
    """Runs the load test and prints its figures; exit code 1 if any request failed."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--requests", type=int, default=5000, help="requests to send (default 5000)")
    ap.add_argument("--concurrency", type=int, default=16, help="client threads (default 16)")
    ap.add_argument("--max-seconds", type=float, default=300, help="stop after this (default 300)")
    args = ap.parse_args()
    if not (0 < args.requests <= 100_000 and 0 < args.concurrency <= 64):
        raise SystemExit("--requests 1-100000, --concurrency 1-64")
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        proc = start_server(Path(tmp) / "load.sqlite3", port)
        try:
            r = run(args.requests, args.concurrency, args.max_seconds, port)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    print(
        f"POST /api/score, {r['requests']:.0f} requests at concurrency {args.concurrency}: "
        f"{r['throughput']:.0f} requests/s over {r['seconds']:.1f} s; latency p50 "
        f"{r['p50_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms, "
        f"max {r['max_ms']:.1f} ms; errors {r['errors']:.0f}"
    )
    return 1 if r["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
