"""A bounded load test of ``gametrace serve`` on loopback.

Starts the service (``--workers`` processes on one SQLite store in a temporary folder),
then runs ``--clients`` concurrent clients for ``--seconds`` (and at most ``--max-requests``
requests in all).  Each client loops: search a small random tree and store the trace,
fetch it back by id, post the same trace again (it must be the same record), list the
store.  At the end every stored trace is fetched again: it must read back byte-identical
to its first read, and hash to its id.  Reports requests/s, p50/p99 latency per kind,
errors, and the read-back check; exits 1 on any error or mismatch.  The server is stopped
before the script ends.

    python benchmarks/load.py                      # 8 clients, 20 s, 2 workers
    python benchmarks/load.py --clients 16 --seconds 30 --workers 4 --json
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"


@dataclass
class Tally:
    """What the clients saw; appended to under a lock."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    first_read: dict[str, bytes] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    requests: int = 0

    def note(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.latencies.setdefault(kind, []).append(seconds)
            self.requests += 1


def _tree(rng: random.Random) -> str:
    """A random uniform tree in the text notation (branching 2-3, depth 2-4)."""
    b, d = rng.randint(2, 3), rng.randint(2, 4)

    def node(level: int) -> str:
        if level == d:
            return str(rng.randint(-20, 20))
        return "(" + " ".join(node(level + 1) for _ in range(b)) + ")"

    return "A" + node(0)


def _request(conn: http.client.HTTPConnection, method: str, path: str,
             body: Any = None) -> tuple[int, bytes]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"content-type": "application/json"} if data is not None else {}
    conn.request(method, path, body=data, headers=headers)
    response = conn.getresponse()
    return response.status, response.read()


def client(port: int, seed: int, deadline: float, budget: threading.Semaphore,
           tally: Tally) -> None:
    rng = random.Random(seed)
    conn = http.client.HTTPConnection(HOST, port, timeout=60)

    exhausted = False

    def call(kind: str, method: str, path: str, body: Any = None) -> bytes | None:
        nonlocal exhausted
        if exhausted or not budget.acquire(blocking=False):
            exhausted = True  # --max-requests reached: this client stops
            return None
        start = time.perf_counter()
        try:
            status, data = _request(conn, method, path, body)
        except (OSError, http.client.HTTPException) as exc:
            conn.close()
            with tally.lock:
                tally.errors.append(f"{kind}: {type(exc).__name__}: {exc}")
            return None
        tally.note(kind, time.perf_counter() - start)
        if status != 200:
            with tally.lock:
                tally.errors.append(f"{kind}: HTTP {status}: {data[:200]!r}")
            return None
        return data

    while time.monotonic() < deadline and not exhausted:
        order = rng.choice(["natural", "reverse", "best"])
        found = call("search+store", "POST", "/v1/search",
                     {"tree": _tree(rng), "order": order, "store": True,
                      "tags": [f"load-{seed}"]})
        if found is None:
            continue
        result = json.loads(found)
        ident = result["id"]
        stored = call("fetch", "GET", f"/v1/traces/{ident}")
        if stored is None:
            continue
        with tally.lock:
            if hashlib.sha256(stored).hexdigest() != ident:
                tally.errors.append(f"trace {ident} does not hash to its id")
            previous = tally.first_read.setdefault(ident, stored)
            if previous != stored:
                tally.errors.append(f"trace {ident} read back different bytes")
        again = call("store again", "POST", "/v1/traces", {"trace": result["trace"]})
        if again is not None and json.loads(again)["id"] != ident:
            with tally.lock:
                tally.errors.append(f"the same trace stored twice got two ids ({ident})")
        call("list", "GET", f"/v1/traces?tag=load-{seed}&limit=5")
    conn.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _wait_ready(port: int, server: subprocess.Popen[bytes], timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if server.poll() is not None:
            raise SystemExit(f"load: the server exited with code {server.returncode}")
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=2)
            status, _ = _request(conn, "GET", "/v1/algorithms")
            conn.close()
            if status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"load: the server did not answer within {timeout} s")


def _percentile(xs: list[float], q: float) -> float:
    if len(xs) == 1:
        return xs[0]
    return statistics.quantiles(xs, n=100, method="inclusive")[int(q) - 1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--max-requests", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="gametrace-load-") as folder:
        db = Path(folder) / "traces.db"
        command = [sys.executable, "-m", "tracer", "serve", "--host", HOST, "--port",
                   str(port), "--db", str(db), "--workers", str(args.workers)]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                  start_new_session=True)
        try:
            _wait_ready(port, server)
            tally = Tally()
            budget = threading.Semaphore(args.max_requests)
            start = time.monotonic()
            deadline = start + args.seconds
            threads = [threading.Thread(target=client,
                                        args=(port, seed, deadline, budget, tally))
                       for seed in range(args.clients)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(args.seconds + 120)
            elapsed = time.monotonic() - start
            # every stored trace, read once more: byte-identical to its first read
            conn = http.client.HTTPConnection(HOST, port, timeout=60)
            mismatches = 0
            for ident, first in sorted(tally.first_read.items()):
                status, data = _request(conn, "GET", f"/v1/traces/{ident}")
                if status != 200 or data != first:
                    mismatches += 1
            conn.close()
        finally:
            os.killpg(server.pid, signal.SIGTERM)  # the server and its workers, started above
            server.wait(30)

    figures = {
        "clients": args.clients, "workers": args.workers, "seconds": round(elapsed, 2),
        "requests": tally.requests, "requests_per_s": round(tally.requests / elapsed, 1),
        "errors": len(tally.errors), "stored": len(tally.first_read),
        "read_back_mismatches": mismatches,
        "latency_ms": {kind: {"n": len(xs),
                              "p50": round(1000 * _percentile(xs, 50), 1),
                              "p99": round(1000 * _percentile(xs, 99), 1)}
                       for kind, xs in sorted(tally.latencies.items())},
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"{figures['requests']} requests in {figures['seconds']} s from "
              f"{args.clients} clients on {args.workers} workers: "
              f"{figures['requests_per_s']} requests/s, {figures['errors']} errors")
        for kind, lat in figures["latency_ms"].items():
            print(f"  {kind:<13} n={lat['n']:<6} p50 {lat['p50']:>7} ms   p99 {lat['p99']:>7} ms")
        print(f"{figures['stored']} traces stored, {mismatches} read back differently")
    for error in tally.errors[:10]:
        print(f"load: error: {error}", file=sys.stderr)
    return 1 if tally.errors or mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
